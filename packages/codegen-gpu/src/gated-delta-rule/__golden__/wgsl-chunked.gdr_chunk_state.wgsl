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
  // gated_delta_rule chunked state walk, Hv=6 Dk=40 Dv=24: chunk 32, 4 state columns per workgroup, 64 threads, tiles of 1 x 4 (U, O) and 1 x 4 (S) per thread
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
    for (var e: i32 = tid; e < 32i; e += 64i) {
      let ui: i32 = (e * 1i);
      let uj: i32 = 0i;
      let urow0: i32 = ((cidx * 768i) + ((ui + 0i) * 24i));
      var ua0_0: f32 = select(0.0f, gdr_u[(urow0 + min(((j0 + uj) + 0i), 23i))], (((j0 + uj) + 0i) < 24i));
      var ua0_1: f32 = select(0.0f, gdr_u[(urow0 + min(((j0 + uj) + 1i), 23i))], (((j0 + uj) + 1i) < 24i));
      var ua0_2: f32 = select(0.0f, gdr_u[(urow0 + min(((j0 + uj) + 2i), 23i))], (((j0 + uj) + 2i) < 24i));
      var ua0_3: f32 = select(0.0f, gdr_u[(urow0 + min(((j0 + uj) + 3i), 23i))], (((j0 + uj) + 3i) < 24i));
      for (var d: i32 = 0i; d < 40i; d += 1i) {
        let w0_0: f32 = gdr_w[((cidx * 1280i) + (((ui + 0i) * 40i) + d))];
        let sv0_0: f32 = sS[((cur + ((d + 0i) * 4i)) + (uj + 0i))];
        let sv0_1: f32 = sS[((cur + ((d + 0i) * 4i)) + (uj + 1i))];
        let sv0_2: f32 = sS[((cur + ((d + 0i) * 4i)) + (uj + 2i))];
        let sv0_3: f32 = sS[((cur + ((d + 0i) * 4i)) + (uj + 3i))];
        ua0_0 = (ua0_0 - (w0_0 * sv0_0));
        ua0_1 = (ua0_1 - (w0_0 * sv0_1));
        ua0_2 = (ua0_2 - (w0_0 * sv0_2));
        ua0_3 = (ua0_3 - (w0_0 * sv0_3));
      }
      sU[(((ui + 0i) * 4i) + (uj + 0i))] = ua0_0;
      sU[(((ui + 0i) * 4i) + (uj + 1i))] = ua0_1;
      sU[(((ui + 0i) * 4i) + (uj + 2i))] = ua0_2;
      sU[(((ui + 0i) * 4i) + (uj + 3i))] = ua0_3;
    }
    workgroupBarrier();
    for (var e: i32 = tid; e < 32i; e += 64i) {
      let oi: i32 = (e * 1i);
      let oj: i32 = 0i;
      var oa0_0: f32 = 0.0f;
      var oa0_1: f32 = 0.0f;
      var oa0_2: f32 = 0.0f;
      var oa0_3: f32 = 0.0f;
      for (var d: i32 = 0i; d < 40i; d += 1i) {
        let q0_0: f32 = gdr_qg[((cidx * 1280i) + (((oi + 0i) * 40i) + d))];
        let sv0_0: f32 = sS[((cur + ((d + 0i) * 4i)) + (oj + 0i))];
        let sv0_1: f32 = sS[((cur + ((d + 0i) * 4i)) + (oj + 1i))];
        let sv0_2: f32 = sS[((cur + ((d + 0i) * 4i)) + (oj + 2i))];
        let sv0_3: f32 = sS[((cur + ((d + 0i) * 4i)) + (oj + 3i))];
        oa0_0 = fma(q0_0, sv0_0, oa0_0);
        oa0_1 = fma(q0_0, sv0_1, oa0_1);
        oa0_2 = fma(q0_0, sv0_2, oa0_2);
        oa0_3 = fma(q0_0, sv0_3, oa0_3);
      }
      for (var m: i32 = 0i; m < (oi + 1i); m += 1i) {
        let mm0: f32 = gdr_m[((cidx * 1024i) + (((oi + 0i) * 32i) + m))];
        let u0: f32 = sU[((m * 4i) + (oj + 0i))];
        let u1: f32 = sU[((m * 4i) + (oj + 1i))];
        let u2: f32 = sU[((m * 4i) + (oj + 2i))];
        let u3: f32 = sU[((m * 4i) + (oj + 3i))];
        oa0_0 = fma(mm0, u0, oa0_0);
        oa0_1 = fma(mm0, u1, oa0_1);
        oa0_2 = fma(mm0, u2, oa0_2);
        oa0_3 = fma(mm0, u3, oa0_3);
      }
      let ot0: i32 = ((t0 + oi) + 0i);
      if ((ot0 < kf_scalars.T)) {
        if ((((j0 + oj) + 0i) < 24i)) {
          o[((((((b * kf_scalars.T) + ot0) * 6i) + h) * 24i) + ((j0 + oj) + 0i))] = oa0_0;
        }
        if ((((j0 + oj) + 1i) < 24i)) {
          o[((((((b * kf_scalars.T) + ot0) * 6i) + h) * 24i) + ((j0 + oj) + 1i))] = oa0_1;
        }
        if ((((j0 + oj) + 2i) < 24i)) {
          o[((((((b * kf_scalars.T) + ot0) * 6i) + h) * 24i) + ((j0 + oj) + 2i))] = oa0_2;
        }
        if ((((j0 + oj) + 3i) < 24i)) {
          o[((((((b * kf_scalars.T) + ot0) * 6i) + h) * 24i) + ((j0 + oj) + 3i))] = oa0_3;
        }
      }
    }
    let dec: f32 = gdr_dec[cidx];
    for (var e: i32 = tid; e < 40i; e += 64i) {
      let sd: i32 = (e * 1i);
      let sj: i32 = 0i;
      var sa0_0: f32 = (dec * sS[((cur + ((sd + 0i) * 4i)) + (sj + 0i))]);
      var sa0_1: f32 = (dec * sS[((cur + ((sd + 0i) * 4i)) + (sj + 1i))]);
      var sa0_2: f32 = (dec * sS[((cur + ((sd + 0i) * 4i)) + (sj + 2i))]);
      var sa0_3: f32 = (dec * sS[((cur + ((sd + 0i) * 4i)) + (sj + 3i))]);
      for (var m: i32 = 0i; m < 32i; m += 1i) {
        let k0: f32 = gdr_kd[((cidx * 1280i) + ((m * 40i) + (sd + 0i)))];
        let u0: f32 = sU[((m * 4i) + (sj + 0i))];
        let u1: f32 = sU[((m * 4i) + (sj + 1i))];
        let u2: f32 = sU[((m * 4i) + (sj + 2i))];
        let u3: f32 = sU[((m * 4i) + (sj + 3i))];
        sa0_0 = fma(k0, u0, sa0_0);
        sa0_1 = fma(k0, u1, sa0_1);
        sa0_2 = fma(k0, u2, sa0_2);
        sa0_3 = fma(k0, u3, sa0_3);
      }
      sS[((160i - cur) + (((sd + 0i) * 4i) + (sj + 0i)))] = sa0_0;
      sS[((160i - cur) + (((sd + 0i) * 4i) + (sj + 1i)))] = sa0_1;
      sS[((160i - cur) + (((sd + 0i) * 4i) + (sj + 2i)))] = sa0_2;
      sS[((160i - cur) + (((sd + 0i) * 4i) + (sj + 3i)))] = sa0_3;
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
