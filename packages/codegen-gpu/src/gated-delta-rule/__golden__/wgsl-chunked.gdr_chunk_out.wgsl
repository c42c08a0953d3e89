@group(0) @binding(0) var<storage, read> gdr_qg: array<f32>;
@group(0) @binding(1) var<storage, read> gdr_m: array<f32>;
@group(0) @binding(2) var<storage, read> gdr_u: array<f32>;
@group(0) @binding(3) var<storage, read> gdr_h: array<f32>;
@group(0) @binding(4) var<storage, read_write> o: array<f32>;
struct KfScalars {
  B: i32,
  T: i32,
};
@group(0) @binding(5) var<uniform> kf_scalars: KfScalars;

@compute @workgroup_size(64, 1, 1)
fn gdr_chunk_out(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(64u, 1u, 1u);
  // gated_delta_rule chunked outputs, Hv=6 Dk=40 Dv=24: chunk 32, 32 columns per workgroup, 64 threads, tiles of 4 x 4
  let tid: i32 = i32(kf_tid.x);
  let gx: i32 = i32(kf_gid.x);
  let gy: i32 = i32(kf_gid.y);
  let gz: i32 = i32(kf_gid.z);
  let b: i32 = gz;
  let h: i32 = gy;
  let hk: i32 = (h / 2i);
  let bh: i32 = ((b * 6i) + h);
  let nc: i32 = ((kf_scalars.T + 31i) / 32i);
  let n: i32 = gx;
  let j0: i32 = 0i;
  let cidx: i32 = ((bh * nc) + n);
  let t0: i32 = (n * 32i);
  for (var e: i32 = tid; e < 64i; e += 64i) {
    let oi: i32 = ((e / 8i) * 4i);
    let ocol: i32 = (j0 + ((e % 8i) * 4i));
    var oa0_0: f32 = 0.0f;
    var oa0_1: f32 = 0.0f;
    var oa0_2: f32 = 0.0f;
    var oa0_3: f32 = 0.0f;
    var oa1_0: f32 = 0.0f;
    var oa1_1: f32 = 0.0f;
    var oa1_2: f32 = 0.0f;
    var oa1_3: f32 = 0.0f;
    var oa2_0: f32 = 0.0f;
    var oa2_1: f32 = 0.0f;
    var oa2_2: f32 = 0.0f;
    var oa2_3: f32 = 0.0f;
    var oa3_0: f32 = 0.0f;
    var oa3_1: f32 = 0.0f;
    var oa3_2: f32 = 0.0f;
    var oa3_3: f32 = 0.0f;
    for (var d: i32 = 0i; d < 40i; d += 1i) {
      let q_0: f32 = gdr_qg[((cidx * 1280i) + ((d * 32i) + oi))];
      let q_1: f32 = gdr_qg[(((cidx * 1280i) + ((d * 32i) + oi)) + 1i)];
      let q_2: f32 = gdr_qg[(((cidx * 1280i) + ((d * 32i) + oi)) + 2i)];
      let q_3: f32 = gdr_qg[(((cidx * 1280i) + ((d * 32i) + oi)) + 3i)];
      let h_0: f32 = gdr_h[(((cidx * 960i) + (d * 24i)) + min(ocol, 23i))];
      let h_1: f32 = gdr_h[(((cidx * 960i) + (d * 24i)) + min((ocol + 1i), 23i))];
      let h_2: f32 = gdr_h[(((cidx * 960i) + (d * 24i)) + min((ocol + 2i), 23i))];
      let h_3: f32 = gdr_h[(((cidx * 960i) + (d * 24i)) + min((ocol + 3i), 23i))];
      oa0_0 = fma(q_0, h_0, oa0_0);
      oa0_1 = fma(q_0, h_1, oa0_1);
      oa0_2 = fma(q_0, h_2, oa0_2);
      oa0_3 = fma(q_0, h_3, oa0_3);
      oa1_0 = fma(q_1, h_0, oa1_0);
      oa1_1 = fma(q_1, h_1, oa1_1);
      oa1_2 = fma(q_1, h_2, oa1_2);
      oa1_3 = fma(q_1, h_3, oa1_3);
      oa2_0 = fma(q_2, h_0, oa2_0);
      oa2_1 = fma(q_2, h_1, oa2_1);
      oa2_2 = fma(q_2, h_2, oa2_2);
      oa2_3 = fma(q_2, h_3, oa2_3);
      oa3_0 = fma(q_3, h_0, oa3_0);
      oa3_1 = fma(q_3, h_1, oa3_1);
      oa3_2 = fma(q_3, h_2, oa3_2);
      oa3_3 = fma(q_3, h_3, oa3_3);
    }
    for (var m: i32 = 0i; m < (oi + 4i); m += 1i) {
      let mm_0: f32 = gdr_m[((cidx * 1024i) + ((m * 32i) + oi))];
      let mm_1: f32 = gdr_m[(((cidx * 1024i) + ((m * 32i) + oi)) + 1i)];
      let mm_2: f32 = gdr_m[(((cidx * 1024i) + ((m * 32i) + oi)) + 2i)];
      let mm_3: f32 = gdr_m[(((cidx * 1024i) + ((m * 32i) + oi)) + 3i)];
      let u_0: f32 = gdr_u[(((cidx * 768i) + (m * 24i)) + min(ocol, 23i))];
      let u_1: f32 = gdr_u[(((cidx * 768i) + (m * 24i)) + min((ocol + 1i), 23i))];
      let u_2: f32 = gdr_u[(((cidx * 768i) + (m * 24i)) + min((ocol + 2i), 23i))];
      let u_3: f32 = gdr_u[(((cidx * 768i) + (m * 24i)) + min((ocol + 3i), 23i))];
      oa0_0 = fma(mm_0, u_0, oa0_0);
      oa0_1 = fma(mm_0, u_1, oa0_1);
      oa0_2 = fma(mm_0, u_2, oa0_2);
      oa0_3 = fma(mm_0, u_3, oa0_3);
      oa1_0 = fma(mm_1, u_0, oa1_0);
      oa1_1 = fma(mm_1, u_1, oa1_1);
      oa1_2 = fma(mm_1, u_2, oa1_2);
      oa1_3 = fma(mm_1, u_3, oa1_3);
      oa2_0 = fma(mm_2, u_0, oa2_0);
      oa2_1 = fma(mm_2, u_1, oa2_1);
      oa2_2 = fma(mm_2, u_2, oa2_2);
      oa2_3 = fma(mm_2, u_3, oa2_3);
      oa3_0 = fma(mm_3, u_0, oa3_0);
      oa3_1 = fma(mm_3, u_1, oa3_1);
      oa3_2 = fma(mm_3, u_2, oa3_2);
      oa3_3 = fma(mm_3, u_3, oa3_3);
    }
    let ot0: i32 = ((t0 + oi) + 0i);
    let orow0: i32 = (((((b * kf_scalars.T) + ot0) * 6i) + h) * 24i);
    if ((ot0 < kf_scalars.T)) {
      if (((ocol + 0i) < 24i)) {
        o[(orow0 + (ocol + 0i))] = oa0_0;
      }
      if (((ocol + 1i) < 24i)) {
        o[(orow0 + (ocol + 1i))] = oa0_1;
      }
      if (((ocol + 2i) < 24i)) {
        o[(orow0 + (ocol + 2i))] = oa0_2;
      }
      if (((ocol + 3i) < 24i)) {
        o[(orow0 + (ocol + 3i))] = oa0_3;
      }
    }
    let ot1: i32 = ((t0 + oi) + 1i);
    let orow1: i32 = (((((b * kf_scalars.T) + ot1) * 6i) + h) * 24i);
    if ((ot1 < kf_scalars.T)) {
      if (((ocol + 0i) < 24i)) {
        o[(orow1 + (ocol + 0i))] = oa1_0;
      }
      if (((ocol + 1i) < 24i)) {
        o[(orow1 + (ocol + 1i))] = oa1_1;
      }
      if (((ocol + 2i) < 24i)) {
        o[(orow1 + (ocol + 2i))] = oa1_2;
      }
      if (((ocol + 3i) < 24i)) {
        o[(orow1 + (ocol + 3i))] = oa1_3;
      }
    }
    let ot2: i32 = ((t0 + oi) + 2i);
    let orow2: i32 = (((((b * kf_scalars.T) + ot2) * 6i) + h) * 24i);
    if ((ot2 < kf_scalars.T)) {
      if (((ocol + 0i) < 24i)) {
        o[(orow2 + (ocol + 0i))] = oa2_0;
      }
      if (((ocol + 1i) < 24i)) {
        o[(orow2 + (ocol + 1i))] = oa2_1;
      }
      if (((ocol + 2i) < 24i)) {
        o[(orow2 + (ocol + 2i))] = oa2_2;
      }
      if (((ocol + 3i) < 24i)) {
        o[(orow2 + (ocol + 3i))] = oa2_3;
      }
    }
    let ot3: i32 = ((t0 + oi) + 3i);
    let orow3: i32 = (((((b * kf_scalars.T) + ot3) * 6i) + h) * 24i);
    if ((ot3 < kf_scalars.T)) {
      if (((ocol + 0i) < 24i)) {
        o[(orow3 + (ocol + 0i))] = oa3_0;
      }
      if (((ocol + 1i) < 24i)) {
        o[(orow3 + (ocol + 1i))] = oa3_1;
      }
      if (((ocol + 2i) < 24i)) {
        o[(orow3 + (ocol + 2i))] = oa3_2;
      }
      if (((ocol + 3i) < 24i)) {
        o[(orow3 + (ocol + 3i))] = oa3_3;
      }
    }
  }
}
