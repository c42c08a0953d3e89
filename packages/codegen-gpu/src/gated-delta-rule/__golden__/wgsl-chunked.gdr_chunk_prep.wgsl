@group(0) @binding(0) var<storage, read> q: array<f32>;
@group(0) @binding(1) var<storage, read> k: array<f32>;
@group(0) @binding(2) var<storage, read> v: array<f32>;
@group(0) @binding(3) var<storage, read> g: array<f32>;
@group(0) @binding(4) var<storage, read> beta: array<f32>;
@group(0) @binding(5) var<storage, read_write> gdr_w: array<f32>;
@group(0) @binding(6) var<storage, read_write> gdr_u: array<f32>;
@group(0) @binding(7) var<storage, read_write> gdr_qg: array<f32>;
@group(0) @binding(8) var<storage, read_write> gdr_kd: array<f32>;
@group(0) @binding(9) var<storage, read_write> gdr_m: array<f32>;
@group(0) @binding(10) var<storage, read_write> gdr_dec: array<f32>;
struct KfScalars {
  B: i32,
  T: i32,
};
@group(0) @binding(11) var<uniform> kf_scalars: KfScalars;
var<workgroup> sgam: array<f32, 32>;
var<workgroup> sbeta: array<f32, 32>;
var<workgroup> srk: array<f32, 32>;
var<workgroup> srq: array<f32, 32>;
var<workgroup> sA: array<f32, 1024>;

@compute @workgroup_size(64, 1, 1)
fn gdr_chunk_prep(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(64u, 1u, 1u);
  // gated_delta_rule chunk prep, Hk=3 Hv=6 Dk=40 Dv=24 l2norm: chunk 32, 64 threads
  let tid: i32 = i32(kf_tid.x);
  let gx: i32 = i32(kf_gid.x);
  let gy: i32 = i32(kf_gid.y);
  let gz: i32 = i32(kf_gid.z);
  let b: i32 = gz;
  let h: i32 = gy;
  let hk: i32 = (h / 2i);
  let bh: i32 = ((b * 6i) + h);
  let nc: i32 = ((kf_scalars.T + 31i) / 32i);
  let t0: i32 = (gx * 32i);
  let cn: i32 = min(32i, (kf_scalars.T - t0));
  let cidx: i32 = ((bh * nc) + gx);
  // sgam: a workgroup array declared at module scope
  // sbeta: a workgroup array declared at module scope
  // srk: a workgroup array declared at module scope
  // srq: a workgroup array declared at module scope
  // sA: a workgroup array declared at module scope
  for (var i: i32 = tid; i < 32i; i += 64i) {
    let pok: bool = (i < cn);
    var gam: f32 = 0.0f;
    for (var m: i32 = 0i; m < min((i + 1i), cn); m += 1i) {
      gam = (gam + g[((((b * kf_scalars.T) + min((t0 + m), (kf_scalars.T - 1i))) * 6i) + h)]);
    }
    sgam[i] = gam;
    sbeta[i] = select(0.0f, beta[((((b * kf_scalars.T) + min((t0 + i), (kf_scalars.T - 1i))) * 6i) + h)], pok);
    var nk: f32 = 0.0f;
    var nq: f32 = 0.0f;
    for (var d: i32 = 0i; d < 40i; d += 1i) {
      let xk: f32 = k[((((((b * kf_scalars.T) + min((t0 + i), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
      let xq: f32 = q[((((((b * kf_scalars.T) + min((t0 + i), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
      nk = fma(xk, xk, nk);
      nq = fma(xq, xq, nq);
    }
    srk[i] = select(0.0f, inverseSqrt((nk + 0.000001f)), pok);
    srq[i] = select(0.0f, inverseSqrt((nq + 0.000001f)), pok);
  }
  workgroupBarrier();
  for (var e: i32 = tid; e < 1024i; e += 64i) {
    let pi: i32 = (e / 32i);
    let pj: i32 = (e % 32i);
    var dkk: f32 = 0.0f;
    var dqk: f32 = 0.0f;
    if ((pj <= pi)) {
      for (var d: i32 = 0i; d < 40i; d += 1i) {
        let kj: f32 = k[((((((b * kf_scalars.T) + min((t0 + pj), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        dkk = fma(k[((((((b * kf_scalars.T) + min((t0 + pi), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)], kj, dkk);
        dqk = fma(q[((((((b * kf_scalars.T) + min((t0 + pi), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)], kj, dqk);
      }
    }
    let dij: f32 = exp(min((sgam[pi] - sgam[pj]), 0.0f));
    let rkj: f32 = srk[pj];
    sA[e] = select(0.0f, (((sbeta[pi] * dij) * (srk[pi] * rkj)) * dkk), (pj < pi));
    gdr_m[((cidx * 1024i) + e)] = select(0.0f, ((dij * (srq[pi] * rkj)) * (dqk * 0.15811388300841897f)), (pj <= pi));
  }
  workgroupBarrier();
  let glast: f32 = sgam[31i];
  if ((tid == 0i)) {
    gdr_dec[cidx] = exp(glast);
  }
  for (var e: i32 = tid; e < 1280i; e += 64i) {
    let xi: i32 = (e / 40i);
    let xd: i32 = (e % 40i);
    let xgam: f32 = sgam[xi];
    gdr_qg[((cidx * 1280i) + e)] = ((q[((((((b * kf_scalars.T) + min((t0 + xi), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + xd)] * srq[xi]) * (exp(xgam) * 0.15811388300841897f));
    gdr_kd[((cidx * 1280i) + e)] = ((k[((((((b * kf_scalars.T) + min((t0 + xi), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + xd)] * srk[xi]) * exp((glast - xgam)));
  }
  for (var wc: i32 = tid; wc < 40i; wc += 64i) {
    for (var wci: i32 = 0i; wci < 32i; wci += 1i) {
      var wcx: f32 = ((sbeta[wci] * exp(sgam[wci])) * (k[((((((b * kf_scalars.T) + min((t0 + wci), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + wc)] * srk[wci]));
      for (var wcm: i32 = 0i; wcm < wci; wcm += 1i) {
        wcx = (wcx - (sA[((wci * 32i) + wcm)] * gdr_w[((cidx * 1280i) + ((wcm * 40i) + wc))]));
      }
      gdr_w[((cidx * 1280i) + ((wci * 40i) + wc))] = wcx;
    }
  }
  for (var uc: i32 = tid; uc < 24i; uc += 64i) {
    for (var uci: i32 = 0i; uci < 32i; uci += 1i) {
      var ucx: f32 = (sbeta[uci] * v[((((((b * kf_scalars.T) + min((t0 + uci), (kf_scalars.T - 1i))) * 6i) + h) * 24i) + uc)]);
      for (var ucm: i32 = 0i; ucm < uci; ucm += 1i) {
        ucx = (ucx - (sA[((uci * 32i) + ucm)] * gdr_u[((cidx * 768i) + ((ucm * 24i) + uc))]));
      }
      gdr_u[((cidx * 768i) + ((uci * 24i) + uc))] = ucx;
    }
  }
}
