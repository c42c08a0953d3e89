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
var<workgroup> sg: array<f32, 32>;
var<workgroup> sgam: array<f32, 32>;
var<workgroup> sbeta: array<f32, 32>;
var<workgroup> srk: array<f32, 32>;
var<workgroup> srq: array<f32, 32>;
var<workgroup> sA: array<f32, 1024>;
var<workgroup> sX: array<f32, 2080>;

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
  // sg: a workgroup array declared at module scope
  // sgam: a workgroup array declared at module scope
  // sbeta: a workgroup array declared at module scope
  // srk: a workgroup array declared at module scope
  // srq: a workgroup array declared at module scope
  // sA: a workgroup array declared at module scope
  // sX: a workgroup array declared at module scope
  for (var i: i32 = tid; i < 32i; i += 64i) {
    sg[i] = select(0.0f, g[((((b * kf_scalars.T) + min((t0 + i), (kf_scalars.T - 1i))) * 6i) + h)], (i < cn));
  }
  workgroupBarrier();
  for (var i: i32 = tid; i < 32i; i += 64i) {
    let pok: bool = (i < cn);
    var gam: f32 = 0.0f;
    for (var m: i32 = 0i; m < (i + 1i); m += 1i) {
      gam = (gam + sg[m]);
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
  for (var e: i32 = tid; e < 64i; e += 64i) {
    let ti0: i32 = ((e / 8i) * 4i);
    let tj0: i32 = ((e % 8i) * 4i);
    var dkk0_0: f32 = 0.0f;
    var dqk0_0: f32 = 0.0f;
    var dkk0_1: f32 = 0.0f;
    var dqk0_1: f32 = 0.0f;
    var dkk0_2: f32 = 0.0f;
    var dqk0_2: f32 = 0.0f;
    var dkk0_3: f32 = 0.0f;
    var dqk0_3: f32 = 0.0f;
    var dkk1_0: f32 = 0.0f;
    var dqk1_0: f32 = 0.0f;
    var dkk1_1: f32 = 0.0f;
    var dqk1_1: f32 = 0.0f;
    var dkk1_2: f32 = 0.0f;
    var dqk1_2: f32 = 0.0f;
    var dkk1_3: f32 = 0.0f;
    var dqk1_3: f32 = 0.0f;
    var dkk2_0: f32 = 0.0f;
    var dqk2_0: f32 = 0.0f;
    var dkk2_1: f32 = 0.0f;
    var dqk2_1: f32 = 0.0f;
    var dkk2_2: f32 = 0.0f;
    var dqk2_2: f32 = 0.0f;
    var dkk2_3: f32 = 0.0f;
    var dqk2_3: f32 = 0.0f;
    var dkk3_0: f32 = 0.0f;
    var dqk3_0: f32 = 0.0f;
    var dkk3_1: f32 = 0.0f;
    var dqk3_1: f32 = 0.0f;
    var dkk3_2: f32 = 0.0f;
    var dqk3_2: f32 = 0.0f;
    var dkk3_3: f32 = 0.0f;
    var dqk3_3: f32 = 0.0f;
    if ((tj0 <= ti0)) {
      for (var d: i32 = 0i; d < 40i; d += 1i) {
        let lki0_0: f32 = k[((((((b * kf_scalars.T) + min((t0 + (ti0 + 0i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lki1_0: f32 = k[((((((b * kf_scalars.T) + min((t0 + (ti0 + 1i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lki2_0: f32 = k[((((((b * kf_scalars.T) + min((t0 + (ti0 + 2i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lki3_0: f32 = k[((((((b * kf_scalars.T) + min((t0 + (ti0 + 3i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lqi0_0: f32 = q[((((((b * kf_scalars.T) + min((t0 + (ti0 + 0i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lqi1_0: f32 = q[((((((b * kf_scalars.T) + min((t0 + (ti0 + 1i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lqi2_0: f32 = q[((((((b * kf_scalars.T) + min((t0 + (ti0 + 2i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lqi3_0: f32 = q[((((((b * kf_scalars.T) + min((t0 + (ti0 + 3i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lkj0_0: f32 = k[((((((b * kf_scalars.T) + min((t0 + (tj0 + 0i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lkj1_0: f32 = k[((((((b * kf_scalars.T) + min((t0 + (tj0 + 1i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lkj2_0: f32 = k[((((((b * kf_scalars.T) + min((t0 + (tj0 + 2i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        let lkj3_0: f32 = k[((((((b * kf_scalars.T) + min((t0 + (tj0 + 3i)), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + d)];
        dkk0_0 = fma(lki0_0, lkj0_0, dkk0_0);
        dqk0_0 = fma(lqi0_0, lkj0_0, dqk0_0);
        dkk0_1 = fma(lki0_0, lkj1_0, dkk0_1);
        dqk0_1 = fma(lqi0_0, lkj1_0, dqk0_1);
        dkk0_2 = fma(lki0_0, lkj2_0, dkk0_2);
        dqk0_2 = fma(lqi0_0, lkj2_0, dqk0_2);
        dkk0_3 = fma(lki0_0, lkj3_0, dkk0_3);
        dqk0_3 = fma(lqi0_0, lkj3_0, dqk0_3);
        dkk1_0 = fma(lki1_0, lkj0_0, dkk1_0);
        dqk1_0 = fma(lqi1_0, lkj0_0, dqk1_0);
        dkk1_1 = fma(lki1_0, lkj1_0, dkk1_1);
        dqk1_1 = fma(lqi1_0, lkj1_0, dqk1_1);
        dkk1_2 = fma(lki1_0, lkj2_0, dkk1_2);
        dqk1_2 = fma(lqi1_0, lkj2_0, dqk1_2);
        dkk1_3 = fma(lki1_0, lkj3_0, dkk1_3);
        dqk1_3 = fma(lqi1_0, lkj3_0, dqk1_3);
        dkk2_0 = fma(lki2_0, lkj0_0, dkk2_0);
        dqk2_0 = fma(lqi2_0, lkj0_0, dqk2_0);
        dkk2_1 = fma(lki2_0, lkj1_0, dkk2_1);
        dqk2_1 = fma(lqi2_0, lkj1_0, dqk2_1);
        dkk2_2 = fma(lki2_0, lkj2_0, dkk2_2);
        dqk2_2 = fma(lqi2_0, lkj2_0, dqk2_2);
        dkk2_3 = fma(lki2_0, lkj3_0, dkk2_3);
        dqk2_3 = fma(lqi2_0, lkj3_0, dqk2_3);
        dkk3_0 = fma(lki3_0, lkj0_0, dkk3_0);
        dqk3_0 = fma(lqi3_0, lkj0_0, dqk3_0);
        dkk3_1 = fma(lki3_0, lkj1_0, dkk3_1);
        dqk3_1 = fma(lqi3_0, lkj1_0, dqk3_1);
        dkk3_2 = fma(lki3_0, lkj2_0, dkk3_2);
        dqk3_2 = fma(lqi3_0, lkj2_0, dqk3_2);
        dkk3_3 = fma(lki3_0, lkj3_0, dkk3_3);
        dqk3_3 = fma(lqi3_0, lkj3_0, dqk3_3);
      }
    }
    let pi0: i32 = (ti0 + 0i);
    let gi0: f32 = sgam[pi0];
    let bki0: f32 = (sbeta[pi0] * srk[pi0]);
    let sqi0: f32 = (srq[pi0] * 0.15811388300841897f);
    let pi1: i32 = (ti0 + 1i);
    let gi1: f32 = sgam[pi1];
    let bki1: f32 = (sbeta[pi1] * srk[pi1]);
    let sqi1: f32 = (srq[pi1] * 0.15811388300841897f);
    let pi2: i32 = (ti0 + 2i);
    let gi2: f32 = sgam[pi2];
    let bki2: f32 = (sbeta[pi2] * srk[pi2]);
    let sqi2: f32 = (srq[pi2] * 0.15811388300841897f);
    let pi3: i32 = (ti0 + 3i);
    let gi3: f32 = sgam[pi3];
    let bki3: f32 = (sbeta[pi3] * srk[pi3]);
    let sqi3: f32 = (srq[pi3] * 0.15811388300841897f);
    let pj0: i32 = (tj0 + 0i);
    let gj0: f32 = sgam[pj0];
    let rkj0: f32 = srk[pj0];
    let pj1: i32 = (tj0 + 1i);
    let gj1: f32 = sgam[pj1];
    let rkj1: f32 = srk[pj1];
    let pj2: i32 = (tj0 + 2i);
    let gj2: f32 = sgam[pj2];
    let rkj2: f32 = srk[pj2];
    let pj3: i32 = (tj0 + 3i);
    let gj3: f32 = sgam[pj3];
    let rkj3: f32 = srk[pj3];
    let dij0_0: f32 = exp(min((gi0 - gj0), 0.0f));
    sA[((pi0 * 32i) + pj0)] = select(0.0f, ((bki0 * dij0_0) * (rkj0 * dkk0_0)), (pj0 < pi0));
    gdr_m[((cidx * 1024i) + ((pj0 * 32i) + pi0))] = select(0.0f, ((dij0_0 * (sqi0 * rkj0)) * dqk0_0), (pj0 <= pi0));
    let dij0_1: f32 = exp(min((gi0 - gj1), 0.0f));
    sA[((pi0 * 32i) + pj1)] = select(0.0f, ((bki0 * dij0_1) * (rkj1 * dkk0_1)), (pj1 < pi0));
    gdr_m[((cidx * 1024i) + ((pj1 * 32i) + pi0))] = select(0.0f, ((dij0_1 * (sqi0 * rkj1)) * dqk0_1), (pj1 <= pi0));
    let dij0_2: f32 = exp(min((gi0 - gj2), 0.0f));
    sA[((pi0 * 32i) + pj2)] = select(0.0f, ((bki0 * dij0_2) * (rkj2 * dkk0_2)), (pj2 < pi0));
    gdr_m[((cidx * 1024i) + ((pj2 * 32i) + pi0))] = select(0.0f, ((dij0_2 * (sqi0 * rkj2)) * dqk0_2), (pj2 <= pi0));
    let dij0_3: f32 = exp(min((gi0 - gj3), 0.0f));
    sA[((pi0 * 32i) + pj3)] = select(0.0f, ((bki0 * dij0_3) * (rkj3 * dkk0_3)), (pj3 < pi0));
    gdr_m[((cidx * 1024i) + ((pj3 * 32i) + pi0))] = select(0.0f, ((dij0_3 * (sqi0 * rkj3)) * dqk0_3), (pj3 <= pi0));
    let dij1_0: f32 = exp(min((gi1 - gj0), 0.0f));
    sA[((pi1 * 32i) + pj0)] = select(0.0f, ((bki1 * dij1_0) * (rkj0 * dkk1_0)), (pj0 < pi1));
    gdr_m[((cidx * 1024i) + ((pj0 * 32i) + pi1))] = select(0.0f, ((dij1_0 * (sqi1 * rkj0)) * dqk1_0), (pj0 <= pi1));
    let dij1_1: f32 = exp(min((gi1 - gj1), 0.0f));
    sA[((pi1 * 32i) + pj1)] = select(0.0f, ((bki1 * dij1_1) * (rkj1 * dkk1_1)), (pj1 < pi1));
    gdr_m[((cidx * 1024i) + ((pj1 * 32i) + pi1))] = select(0.0f, ((dij1_1 * (sqi1 * rkj1)) * dqk1_1), (pj1 <= pi1));
    let dij1_2: f32 = exp(min((gi1 - gj2), 0.0f));
    sA[((pi1 * 32i) + pj2)] = select(0.0f, ((bki1 * dij1_2) * (rkj2 * dkk1_2)), (pj2 < pi1));
    gdr_m[((cidx * 1024i) + ((pj2 * 32i) + pi1))] = select(0.0f, ((dij1_2 * (sqi1 * rkj2)) * dqk1_2), (pj2 <= pi1));
    let dij1_3: f32 = exp(min((gi1 - gj3), 0.0f));
    sA[((pi1 * 32i) + pj3)] = select(0.0f, ((bki1 * dij1_3) * (rkj3 * dkk1_3)), (pj3 < pi1));
    gdr_m[((cidx * 1024i) + ((pj3 * 32i) + pi1))] = select(0.0f, ((dij1_3 * (sqi1 * rkj3)) * dqk1_3), (pj3 <= pi1));
    let dij2_0: f32 = exp(min((gi2 - gj0), 0.0f));
    sA[((pi2 * 32i) + pj0)] = select(0.0f, ((bki2 * dij2_0) * (rkj0 * dkk2_0)), (pj0 < pi2));
    gdr_m[((cidx * 1024i) + ((pj0 * 32i) + pi2))] = select(0.0f, ((dij2_0 * (sqi2 * rkj0)) * dqk2_0), (pj0 <= pi2));
    let dij2_1: f32 = exp(min((gi2 - gj1), 0.0f));
    sA[((pi2 * 32i) + pj1)] = select(0.0f, ((bki2 * dij2_1) * (rkj1 * dkk2_1)), (pj1 < pi2));
    gdr_m[((cidx * 1024i) + ((pj1 * 32i) + pi2))] = select(0.0f, ((dij2_1 * (sqi2 * rkj1)) * dqk2_1), (pj1 <= pi2));
    let dij2_2: f32 = exp(min((gi2 - gj2), 0.0f));
    sA[((pi2 * 32i) + pj2)] = select(0.0f, ((bki2 * dij2_2) * (rkj2 * dkk2_2)), (pj2 < pi2));
    gdr_m[((cidx * 1024i) + ((pj2 * 32i) + pi2))] = select(0.0f, ((dij2_2 * (sqi2 * rkj2)) * dqk2_2), (pj2 <= pi2));
    let dij2_3: f32 = exp(min((gi2 - gj3), 0.0f));
    sA[((pi2 * 32i) + pj3)] = select(0.0f, ((bki2 * dij2_3) * (rkj3 * dkk2_3)), (pj3 < pi2));
    gdr_m[((cidx * 1024i) + ((pj3 * 32i) + pi2))] = select(0.0f, ((dij2_3 * (sqi2 * rkj3)) * dqk2_3), (pj3 <= pi2));
    let dij3_0: f32 = exp(min((gi3 - gj0), 0.0f));
    sA[((pi3 * 32i) + pj0)] = select(0.0f, ((bki3 * dij3_0) * (rkj0 * dkk3_0)), (pj0 < pi3));
    gdr_m[((cidx * 1024i) + ((pj0 * 32i) + pi3))] = select(0.0f, ((dij3_0 * (sqi3 * rkj0)) * dqk3_0), (pj0 <= pi3));
    let dij3_1: f32 = exp(min((gi3 - gj1), 0.0f));
    sA[((pi3 * 32i) + pj1)] = select(0.0f, ((bki3 * dij3_1) * (rkj1 * dkk3_1)), (pj1 < pi3));
    gdr_m[((cidx * 1024i) + ((pj1 * 32i) + pi3))] = select(0.0f, ((dij3_1 * (sqi3 * rkj1)) * dqk3_1), (pj1 <= pi3));
    let dij3_2: f32 = exp(min((gi3 - gj2), 0.0f));
    sA[((pi3 * 32i) + pj2)] = select(0.0f, ((bki3 * dij3_2) * (rkj2 * dkk3_2)), (pj2 < pi3));
    gdr_m[((cidx * 1024i) + ((pj2 * 32i) + pi3))] = select(0.0f, ((dij3_2 * (sqi3 * rkj2)) * dqk3_2), (pj2 <= pi3));
    let dij3_3: f32 = exp(min((gi3 - gj3), 0.0f));
    sA[((pi3 * 32i) + pj3)] = select(0.0f, ((bki3 * dij3_3) * (rkj3 * dkk3_3)), (pj3 < pi3));
    gdr_m[((cidx * 1024i) + ((pj3 * 32i) + pi3))] = select(0.0f, ((dij3_3 * (sqi3 * rkj3)) * dqk3_3), (pj3 <= pi3));
  }
  workgroupBarrier();
  let glast: f32 = sgam[31i];
  if ((tid == 0i)) {
    gdr_dec[cidx] = exp(glast);
  }
  for (var e: i32 = tid; e < 1280i; e += 64i) {
    let xi: i32 = (e % 32i);
    let xd: i32 = (e / 32i);
    gdr_qg[((cidx * 1280i) + e)] = ((q[((((((b * kf_scalars.T) + min((t0 + xi), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + xd)] * srq[xi]) * (exp(sgam[xi]) * 0.15811388300841897f));
  }
  for (var e: i32 = tid; e < 1280i; e += 64i) {
    let ki: i32 = (e / 40i);
    let kd: i32 = (e % 40i);
    gdr_kd[((cidx * 1280i) + e)] = ((k[((((((b * kf_scalars.T) + min((t0 + ki), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + kd)] * srk[ki]) * exp((glast - sgam[ki])));
  }
  for (var x0: i32 = 0i; x0 < 40i; x0 += 64i) {
    if ((tid < 64i)) {
      let xcol: i32 = (x0 + tid);
      let xok: bool = (xcol < 40i);
      let xc: i32 = min(xcol, 39i);
      for (var xi: i32 = 0i; xi < 32i; xi += 1i) {
        sX[((xi * 65i) + tid)] = ((sbeta[xi] * exp(sgam[xi])) * (k[((((((b * kf_scalars.T) + min((t0 + xi), (kf_scalars.T - 1i))) * 3i) + hk) * 40i) + xc)] * srk[xi]));
      }
      for (var xi: i32 = 0i; xi < 32i; xi += 1i) {
        var xv: f32 = sX[((xi * 65i) + tid)];
        for (var xm: i32 = 0i; xm < xi; xm += 1i) {
          xv = fma((-sA[((xi * 32i) + xm)]), sX[((xm * 65i) + tid)], xv);
        }
        sX[((xi * 65i) + tid)] = xv;
      }
    }
    workgroupBarrier();
    for (var e: i32 = tid; e < 2048i; e += 64i) {
      let ti: i32 = (e % 32i);
      let tc: i32 = (e / 32i);
      if (((x0 + tc) < 40i)) {
        gdr_w[((cidx * 1280i) + (((x0 + tc) * 32i) + ti))] = sX[((ti * 65i) + tc)];
      }
    }
    workgroupBarrier();
  }
  for (var x0: i32 = 0i; x0 < 24i; x0 += 64i) {
    if ((tid < 64i)) {
      let xcol: i32 = (x0 + tid);
      let xok: bool = (xcol < 24i);
      let xc: i32 = min(xcol, 23i);
      for (var xi: i32 = 0i; xi < 32i; xi += 1i) {
        sX[((xi * 65i) + tid)] = (sbeta[xi] * v[((((((b * kf_scalars.T) + min((t0 + xi), (kf_scalars.T - 1i))) * 6i) + h) * 24i) + xc)]);
      }
      for (var xi: i32 = 0i; xi < 32i; xi += 1i) {
        var xv: f32 = sX[((xi * 65i) + tid)];
        for (var xm: i32 = 0i; xm < xi; xm += 1i) {
          xv = fma((-sA[((xi * 32i) + xm)]), sX[((xm * 65i) + tid)], xv);
        }
        sX[((xi * 65i) + tid)] = xv;
        if (xok) {
          gdr_u[((cidx * 768i) + ((xi * 24i) + xcol))] = xv;
        }
      }
    }
    workgroupBarrier();
  }
}
