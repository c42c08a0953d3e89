@group(0) @binding(0) var<storage, read> s0: array<f32>;
@group(0) @binding(1) var<storage, read> gdr_w: array<f32>;
@group(0) @binding(2) var<storage, read_write> gdr_u: array<f32>;
@group(0) @binding(3) var<storage, read> gdr_kd: array<f32>;
@group(0) @binding(4) var<storage, read> gdr_dec: array<f32>;
@group(0) @binding(5) var<storage, read_write> gdr_h: array<f32>;
@group(0) @binding(6) var<storage, read_write> s: array<f32>;
struct KfScalars {
  B: i32,
  T: i32,
};
@group(0) @binding(7) var<uniform> kf_scalars: KfScalars;
var<workgroup> sS: array<f32, 160>;
var<workgroup> sU: array<f32, 128>;
var<workgroup> sW: array<f32, 1280>;
var<workgroup> sK: array<f32, 1280>;

@compute @workgroup_size(64, 1, 1)
fn gdr_chunk_state(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(64u, 1u, 1u);
  // gated_delta_rule chunked state walk, Hv=6 Dk=40 Dv=24: chunk 32, 4 state columns per workgroup, 64 threads, tiles of 1 x 4 (U) and 1 x 4 (S) per thread, W and Kd staged in workgroup memory
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
  // sW: a workgroup array declared at module scope
  // sK: a workgroup array declared at module scope
  for (var e: i32 = tid; e < 160i; e += 64i) {
    let ecol: i32 = (j0 + (e % 4i));
    let eat: i32 = ((((bh * 40i) + (e / 4i)) * 24i) + min(ecol, 23i));
    sS[e] = select(0.0f, s0[eat], (ecol < 24i));
  }
  workgroupBarrier();
  for (var n: i32 = 0i; n < nc; n += 1i) {
    let cidx: i32 = ((bh * nc) + n);
    for (var e: i32 = tid; e < 1280i; e += 64i) {
      let xat: i32 = (e * 1i);
      let xsW_0: f32 = gdr_w[((cidx * 1280i) + xat)];
      let xsK_0: f32 = gdr_kd[((cidx * 1280i) + xat)];
      sW[xat] = xsW_0;
      sK[xat] = xsK_0;
    }
    workgroupBarrier();
    for (var e: i32 = tid; e < 32i; e += 64i) {
      let ui: i32 = (e * 1i);
      let uj: i32 = 0i;
      let ucol: i32 = (j0 + uj);
      let urow0: i32 = ((cidx * 768i) + ((ui + 0i) * 24i));
      let up0_0: f32 = gdr_u[(urow0 + min(ucol, 23i))];
      let up0_1: f32 = gdr_u[(urow0 + min((ucol + 1i), 23i))];
      let up0_2: f32 = gdr_u[(urow0 + min((ucol + 2i), 23i))];
      let up0_3: f32 = gdr_u[(urow0 + min((ucol + 3i), 23i))];
      var ua0_0: f32 = up0_0;
      var ua0_1: f32 = up0_1;
      var ua0_2: f32 = up0_2;
      var ua0_3: f32 = up0_3;
      for (var d: i32 = 0i; d < 40i; d += 1i) {
        let w_0: f32 = sW[((d * 32i) + ui)];
        let sv_0: f32 = sS[((d * 4i) + uj)];
        let sv_1: f32 = sS[(((d * 4i) + uj) + 1i)];
        let sv_2: f32 = sS[(((d * 4i) + uj) + 2i)];
        let sv_3: f32 = sS[(((d * 4i) + uj) + 3i)];
        ua0_0 = (ua0_0 - (w_0 * sv_0));
        ua0_1 = (ua0_1 - (w_0 * sv_1));
        ua0_2 = (ua0_2 - (w_0 * sv_2));
        ua0_3 = (ua0_3 - (w_0 * sv_3));
      }
      sU[(((ui + 0i) * 4i) + uj)] = ua0_0;
      sU[((((ui + 0i) * 4i) + uj) + 1i)] = ua0_1;
      sU[((((ui + 0i) * 4i) + uj) + 2i)] = ua0_2;
      sU[((((ui + 0i) * 4i) + uj) + 3i)] = ua0_3;
      if (((ucol + 0i) < 24i)) {
        gdr_u[(urow0 + (ucol + 0i))] = ua0_0;
      }
      if (((ucol + 1i) < 24i)) {
        gdr_u[(urow0 + (ucol + 1i))] = ua0_1;
      }
      if (((ucol + 2i) < 24i)) {
        gdr_u[(urow0 + (ucol + 2i))] = ua0_2;
      }
      if (((ucol + 3i) < 24i)) {
        gdr_u[(urow0 + (ucol + 3i))] = ua0_3;
      }
    }
    let dec: f32 = gdr_dec[cidx];
    workgroupBarrier();
    for (var e: i32 = tid; e < 40i; e += 64i) {
      let sd: i32 = (e * 1i);
      let sj: i32 = 0i;
      let scol: i32 = (j0 + sj);
      let so0_0: f32 = sS[(((sd + 0i) * 4i) + sj)];
      let so0_1: f32 = sS[((((sd + 0i) * 4i) + sj) + 1i)];
      let so0_2: f32 = sS[((((sd + 0i) * 4i) + sj) + 2i)];
      let so0_3: f32 = sS[((((sd + 0i) * 4i) + sj) + 3i)];
      let hrow0: i32 = ((cidx * 960i) + ((sd + 0i) * 24i));
      if (((scol + 0i) < 24i)) {
        gdr_h[(hrow0 + (scol + 0i))] = so0_0;
      }
      if (((scol + 1i) < 24i)) {
        gdr_h[(hrow0 + (scol + 1i))] = so0_1;
      }
      if (((scol + 2i) < 24i)) {
        gdr_h[(hrow0 + (scol + 2i))] = so0_2;
      }
      if (((scol + 3i) < 24i)) {
        gdr_h[(hrow0 + (scol + 3i))] = so0_3;
      }
      var sa0_0: f32 = (dec * so0_0);
      var sa0_1: f32 = (dec * so0_1);
      var sa0_2: f32 = (dec * so0_2);
      var sa0_3: f32 = (dec * so0_3);
      for (var m: i32 = 0i; m < 32i; m += 1i) {
        let k_0: f32 = sK[((m * 40i) + sd)];
        let u_0: f32 = sU[((m * 4i) + sj)];
        let u_1: f32 = sU[(((m * 4i) + sj) + 1i)];
        let u_2: f32 = sU[(((m * 4i) + sj) + 2i)];
        let u_3: f32 = sU[(((m * 4i) + sj) + 3i)];
        sa0_0 = fma(k_0, u_0, sa0_0);
        sa0_1 = fma(k_0, u_1, sa0_1);
        sa0_2 = fma(k_0, u_2, sa0_2);
        sa0_3 = fma(k_0, u_3, sa0_3);
      }
      sS[(((sd + 0i) * 4i) + sj)] = sa0_0;
      sS[((((sd + 0i) * 4i) + sj) + 1i)] = sa0_1;
      sS[((((sd + 0i) * 4i) + sj) + 2i)] = sa0_2;
      sS[((((sd + 0i) * 4i) + sj) + 3i)] = sa0_3;
    }
    workgroupBarrier();
  }
  for (var e: i32 = tid; e < 160i; e += 64i) {
    let fcol: i32 = (j0 + (e % 4i));
    if ((fcol < 24i)) {
      s[((((bh * 40i) + (e / 4i)) * 24i) + fcol)] = sS[e];
    }
  }
}
