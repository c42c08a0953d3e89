@group(0) @binding(0) var<storage, read> s0: array<f32>;
@group(0) @binding(1) var<storage, read> gdr_w: array<f32>;
@group(0) @binding(2) var<storage, read> gdr_u: array<f32>;
@group(0) @binding(3) var<storage, read> gdr_qg: array<f32>;
@group(0) @binding(4) var<storage, read> gdr_kd: array<f32>;
@group(0) @binding(5) var<storage, read> gdr_m: array<f32>;
@group(0) @binding(6) var<storage, read> gdr_dec: array<f32>;
@group(0) @binding(7) var<storage, read_write> o: array<f32>;
@group(0) @binding(8) var<storage, read_write> s: array<f32>;
struct KfScalars {
  B: i32,
  T: i32,
};
@group(0) @binding(9) var<uniform> kf_scalars: KfScalars;
var<workgroup> sS: array<f32, 320>;
var<workgroup> sU: array<f32, 128>;

@compute @workgroup_size(64, 1, 1)
fn gdr_chunk_state(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(64u, 1u, 1u);
  // gated_delta_rule chunked state walk, Hv=6 Dk=40 Dv=24: chunk 32, 4 state columns per workgroup, 64 threads
  let tid: i32 = i32(kf_tid.x);
  let gx: i32 = i32(kf_gid.x);
  let gy: i32 = i32(kf_gid.y);
  let gz: i32 = i32(kf_gid.z);
  let b: i32 = gz;
  let h: i32 = gy;
  let hk: i32 = (h / 2i);
  let bh: i32 = ((b * 6i) + h);
  let nc: i32 = ((kf_scalars.T + 31i) / 32i);
  let j0: i32 = (gx * 4i);
  // sS: a workgroup array declared at module scope
  // sU: a workgroup array declared at module scope
  for (var e: i32 = tid; e < 160i; e += 64i) {
    let ecol: i32 = (j0 + (e % 4i));
    let eat: i32 = ((((bh * 40i) + (e / 4i)) * 24i) + min(ecol, 23i));
    sS[e] = select(0.0f, s0[eat], (ecol < 24i));
  }
  workgroupBarrier();
  var cur: i32 = 0i;
  for (var n: i32 = 0i; n < nc; n += 1i) {
    let cidx: i32 = ((bh * nc) + n);
    let t0: i32 = (n * 32i);
    for (var e: i32 = tid; e < 128i; e += 64i) {
      let ui: i32 = (e / 4i);
      let uj: i32 = (e % 4i);
      let ucol: i32 = (j0 + uj);
      var acc: f32 = select(0.0f, gdr_u[((cidx * 768i) + ((ui * 24i) + min(ucol, 23i)))], (ucol < 24i));
      for (var d: i32 = 0i; d < 40i; d += 1i) {
        acc = (acc - (gdr_w[((cidx * 1280i) + ((ui * 40i) + d))] * sS[((cur + (d * 4i)) + uj)]));
      }
      sU[e] = acc;
    }
    workgroupBarrier();
    for (var e: i32 = tid; e < 128i; e += 64i) {
      let oi: i32 = (e / 4i);
      let oj: i32 = (e % 4i);
      var oacc: f32 = 0.0f;
      for (var d: i32 = 0i; d < 40i; d += 1i) {
        oacc = fma(gdr_qg[((cidx * 1280i) + ((oi * 40i) + d))], sS[((cur + (d * 4i)) + oj)], oacc);
      }
      for (var m: i32 = 0i; m < (oi + 1i); m += 1i) {
        oacc = fma(gdr_m[((cidx * 1024i) + ((oi * 32i) + m))], sU[((m * 4i) + oj)], oacc);
      }
      let ocol: i32 = (j0 + oj);
      let ot: i32 = (t0 + oi);
      if (((ot < kf_scalars.T) && (ocol < 24i))) {
        o[((((((b * kf_scalars.T) + ot) * 6i) + h) * 24i) + ocol)] = oacc;
      }
    }
    let dec: f32 = gdr_dec[cidx];
    for (var e: i32 = tid; e < 160i; e += 64i) {
      let sd: i32 = (e / 4i);
      let sj: i32 = (e % 4i);
      var sacc: f32 = (dec * sS[(cur + e)]);
      for (var m: i32 = 0i; m < 32i; m += 1i) {
        sacc = fma(gdr_kd[((cidx * 1280i) + ((m * 40i) + sd))], sU[((m * 4i) + sj)], sacc);
      }
      sS[((160i - cur) + e)] = sacc;
    }
    workgroupBarrier();
    cur = (160i - cur);
  }
  for (var e: i32 = tid; e < 160i; e += 64i) {
    let fcol: i32 = (j0 + (e % 4i));
    if ((fcol < 24i)) {
      s[((((bh * 40i) + (e / 4i)) * 24i) + fcol)] = sS[(cur + e)];
    }
  }
}
