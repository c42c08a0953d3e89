@group(0) @binding(0) var<storage, read> q: array<f32>;
@group(0) @binding(1) var<storage, read> k: array<f32>;
@group(0) @binding(2) var<storage, read> v: array<f32>;
@group(0) @binding(3) var<storage, read_write> o: array<f32>;
struct KfScalars {
  B: i32,
  Sq: i32,
  Skv: i32,
};
@group(0) @binding(4) var<uniform> kf_scalars: KfScalars;
var<workgroup> red: array<f32, 260>;
var<workgroup> sc: array<f32, 16>;
var<workgroup> sm_ml: array<f32, 32>;
var<workgroup> sm_o: array<f32, 1024>;

@compute @workgroup_size(64, 1, 1)
fn attention(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(64u, 1u, 1u);
  // attention f32 KV, G=2 D=64 Dv=64 causal: 4 rows per workgroup, 64 threads as 4 key groups of 16 lanes, 4-element loads, 1 keys per group per tile, 1 kv splits
  let tid: i32 = i32(kf_tid.x);
  let grp: i32 = (tid / 16i);
  let ln: i32 = (tid & 15i);
  let bh: i32 = i32(kf_gid.z);
  let b: i32 = (bh / 2i);
  let kvh: i32 = (bh % 2i);
  let rows: i32 = (kf_scalars.Sq * 2i);
  let r0: i32 = (i32(kf_gid.x) * 4i);
  let rlast: i32 = (min((r0 + 4i), rows) - 1i);
  let kvbase: i32 = (bh * kf_scalars.Skv);
  let rr0: i32 = min((r0 + 0i), (rows - 1i));
  let i0: i32 = (rr0 / 2i);
  let qrow0: i32 = ((((b * 4i) + ((kvh * 2i) + (rr0 % 2i))) * kf_scalars.Sq) + i0);
  let p0: i32 = ((kf_scalars.Skv - kf_scalars.Sq) + i0);
  let rr1: i32 = min((r0 + 1i), (rows - 1i));
  let i1: i32 = (rr1 / 2i);
  let qrow1: i32 = ((((b * 4i) + ((kvh * 2i) + (rr1 % 2i))) * kf_scalars.Sq) + i1);
  let p1: i32 = ((kf_scalars.Skv - kf_scalars.Sq) + i1);
  let rr2: i32 = min((r0 + 2i), (rows - 1i));
  let i2: i32 = (rr2 / 2i);
  let qrow2: i32 = ((((b * 4i) + ((kvh * 2i) + (rr2 % 2i))) * kf_scalars.Sq) + i2);
  let p2: i32 = ((kf_scalars.Skv - kf_scalars.Sq) + i2);
  let rr3: i32 = min((r0 + 3i), (rows - 1i));
  let i3: i32 = (rr3 / 2i);
  let qrow3: i32 = ((((b * 4i) + ((kvh * 2i) + (rr3 % 2i))) * kf_scalars.Sq) + i3);
  let p3: i32 = ((kf_scalars.Skv - kf_scalars.Sq) + i3);
  let lo: i32 = 0i;
  let hi: i32 = (((kf_scalars.Skv - kf_scalars.Sq) + (rlast / 2i)) + 1i);
  let k0: i32 = lo;
  let k1: i32 = hi;
  let dim0: i32 = ((ln + 0i) * 4i);
  let dk0: i32 = dim0;
  let dv0: i32 = dim0;
  let qx0_00: f32 = q[((qrow0 * 64i) + dk0)];
  let qx0_01: f32 = q[(((qrow0 * 64i) + dk0) + 1i)];
  let qx0_02: f32 = q[(((qrow0 * 64i) + dk0) + 2i)];
  let qx0_03: f32 = q[(((qrow0 * 64i) + dk0) + 3i)];
  let q0_0_0: f32 = (qx0_00 * 0.125f);
  let q0_0_1: f32 = (qx0_01 * 0.125f);
  let q0_0_2: f32 = (qx0_02 * 0.125f);
  let q0_0_3: f32 = (qx0_03 * 0.125f);
  let qx1_00: f32 = q[((qrow1 * 64i) + dk0)];
  let qx1_01: f32 = q[(((qrow1 * 64i) + dk0) + 1i)];
  let qx1_02: f32 = q[(((qrow1 * 64i) + dk0) + 2i)];
  let qx1_03: f32 = q[(((qrow1 * 64i) + dk0) + 3i)];
  let q1_0_0: f32 = (qx1_00 * 0.125f);
  let q1_0_1: f32 = (qx1_01 * 0.125f);
  let q1_0_2: f32 = (qx1_02 * 0.125f);
  let q1_0_3: f32 = (qx1_03 * 0.125f);
  let qx2_00: f32 = q[((qrow2 * 64i) + dk0)];
  let qx2_01: f32 = q[(((qrow2 * 64i) + dk0) + 1i)];
  let qx2_02: f32 = q[(((qrow2 * 64i) + dk0) + 2i)];
  let qx2_03: f32 = q[(((qrow2 * 64i) + dk0) + 3i)];
  let q2_0_0: f32 = (qx2_00 * 0.125f);
  let q2_0_1: f32 = (qx2_01 * 0.125f);
  let q2_0_2: f32 = (qx2_02 * 0.125f);
  let q2_0_3: f32 = (qx2_03 * 0.125f);
  let qx3_00: f32 = q[((qrow3 * 64i) + dk0)];
  let qx3_01: f32 = q[(((qrow3 * 64i) + dk0) + 1i)];
  let qx3_02: f32 = q[(((qrow3 * 64i) + dk0) + 2i)];
  let qx3_03: f32 = q[(((qrow3 * 64i) + dk0) + 3i)];
  let q3_0_0: f32 = (qx3_00 * 0.125f);
  let q3_0_1: f32 = (qx3_01 * 0.125f);
  let q3_0_2: f32 = (qx3_02 * 0.125f);
  let q3_0_3: f32 = (qx3_03 * 0.125f);
  var m0: f32 = (-1e+30f);
  var l0: f32 = 0.0f;
  var acc0_0_0: f32 = 0.0f;
  var acc0_0_1: f32 = 0.0f;
  var acc0_0_2: f32 = 0.0f;
  var acc0_0_3: f32 = 0.0f;
  var m1: f32 = (-1e+30f);
  var l1: f32 = 0.0f;
  var acc1_0_0: f32 = 0.0f;
  var acc1_0_1: f32 = 0.0f;
  var acc1_0_2: f32 = 0.0f;
  var acc1_0_3: f32 = 0.0f;
  var m2: f32 = (-1e+30f);
  var l2: f32 = 0.0f;
  var acc2_0_0: f32 = 0.0f;
  var acc2_0_1: f32 = 0.0f;
  var acc2_0_2: f32 = 0.0f;
  var acc2_0_3: f32 = 0.0f;
  var m3: f32 = (-1e+30f);
  var l3: f32 = 0.0f;
  var acc3_0_0: f32 = 0.0f;
  var acc3_0_1: f32 = 0.0f;
  var acc3_0_2: f32 = 0.0f;
  var acc3_0_3: f32 = 0.0f;
  // red: a workgroup array declared at module scope
  // sc: a workgroup array declared at module scope
  let kr0: i32 = (kvbase + max(min(((k0 + 0i) + grp), (k1 - 1i)), 0i));
  var k0_0_0: f32 = k[((kr0 * 64i) + dk0)];
  var k0_0_1: f32 = k[(((kr0 * 64i) + dk0) + 1i)];
  var k0_0_2: f32 = k[(((kr0 * 64i) + dk0) + 2i)];
  var k0_0_3: f32 = k[(((kr0 * 64i) + dk0) + 3i)];
  var v0_0_0: f32 = v[((kr0 * 64i) + dv0)];
  var v0_0_1: f32 = v[(((kr0 * 64i) + dv0) + 1i)];
  var v0_0_2: f32 = v[(((kr0 * 64i) + dv0) + 2i)];
  var v0_0_3: f32 = v[(((kr0 * 64i) + dv0) + 3i)];
  for (var t: i32 = k0; t < k1; t += 4i) {
    let j0: i32 = ((t + 0i) + grp);
    let krn0: i32 = (kvbase + max(min(((t + 4i) + grp), (k1 - 1i)), 0i));
    let nk0_0_0: f32 = k[((krn0 * 64i) + dk0)];
    let nk0_0_1: f32 = k[(((krn0 * 64i) + dk0) + 1i)];
    let nk0_0_2: f32 = k[(((krn0 * 64i) + dk0) + 2i)];
    let nk0_0_3: f32 = k[(((krn0 * 64i) + dk0) + 3i)];
    let nv0_0_0: f32 = v[((krn0 * 64i) + dv0)];
    let nv0_0_1: f32 = v[(((krn0 * 64i) + dv0) + 1i)];
    let nv0_0_2: f32 = v[(((krn0 * 64i) + dv0) + 2i)];
    let nv0_0_3: f32 = v[(((krn0 * 64i) + dv0) + 3i)];
    let pd0_0: f32 = fma(q0_0_3, k0_0_3, fma(q0_0_2, k0_0_2, fma(q0_0_1, k0_0_1, (q0_0_0 * k0_0_0))));
    let pd1_0: f32 = fma(q1_0_3, k0_0_3, fma(q1_0_2, k0_0_2, fma(q1_0_1, k0_0_1, (q1_0_0 * k0_0_0))));
    let pd2_0: f32 = fma(q2_0_3, k0_0_3, fma(q2_0_2, k0_0_2, fma(q2_0_1, k0_0_1, (q2_0_0 * k0_0_0))));
    let pd3_0: f32 = fma(q3_0_3, k0_0_3, fma(q3_0_2, k0_0_2, fma(q3_0_1, k0_0_1, (q3_0_0 * k0_0_0))));
    red[(0i + tid)] = pd0_0;
    red[(65i + tid)] = pd1_0;
    red[(130i + tid)] = pd2_0;
    red[(195i + tid)] = pd3_0;
    workgroupBarrier();
    let gbase: i32 = (grp * 16i);
    let rp0: i32 = (ln + 0i);
    if ((rp0 < 4i)) {
      let ra0: i32 = ((rp0 * 65i) + gbase);
      var rs0: f32 = red[ra0];
      for (var rl0: i32 = 1i; rl0 < 16i; rl0 += 1i) {
        rs0 = (rs0 + red[(ra0 + rl0)]);
      }
      sc[((rp0 * 4i) + grp)] = rs0;
    }
    workgroupBarrier();
    let s0_0: f32 = sc[(0i + grp)];
    let s1_0: f32 = sc[(4i + grp)];
    let s2_0: f32 = sc[(8i + grp)];
    let s3_0: f32 = sc[(12i + grp)];
    let vis0_0: bool = ((j0 < k1) && (j0 <= p0));
    let mt0: f32 = select((-1e+30f), s0_0, vis0_0);
    let mn0: f32 = max(m0, mt0);
    let al0: f32 = exp((m0 - mn0));
    let pr0_0: f32 = select(0.0f, exp((s0_0 - mn0)), vis0_0);
    l0 = ((l0 * al0) + pr0_0);
    m0 = mn0;
    acc0_0_0 = fma(pr0_0, v0_0_0, (acc0_0_0 * al0));
    acc0_0_1 = fma(pr0_0, v0_0_1, (acc0_0_1 * al0));
    acc0_0_2 = fma(pr0_0, v0_0_2, (acc0_0_2 * al0));
    acc0_0_3 = fma(pr0_0, v0_0_3, (acc0_0_3 * al0));
    let vis1_0: bool = ((j0 < k1) && (j0 <= p1));
    let mt1: f32 = select((-1e+30f), s1_0, vis1_0);
    let mn1: f32 = max(m1, mt1);
    let al1: f32 = exp((m1 - mn1));
    let pr1_0: f32 = select(0.0f, exp((s1_0 - mn1)), vis1_0);
    l1 = ((l1 * al1) + pr1_0);
    m1 = mn1;
    acc1_0_0 = fma(pr1_0, v0_0_0, (acc1_0_0 * al1));
    acc1_0_1 = fma(pr1_0, v0_0_1, (acc1_0_1 * al1));
    acc1_0_2 = fma(pr1_0, v0_0_2, (acc1_0_2 * al1));
    acc1_0_3 = fma(pr1_0, v0_0_3, (acc1_0_3 * al1));
    let vis2_0: bool = ((j0 < k1) && (j0 <= p2));
    let mt2: f32 = select((-1e+30f), s2_0, vis2_0);
    let mn2: f32 = max(m2, mt2);
    let al2: f32 = exp((m2 - mn2));
    let pr2_0: f32 = select(0.0f, exp((s2_0 - mn2)), vis2_0);
    l2 = ((l2 * al2) + pr2_0);
    m2 = mn2;
    acc2_0_0 = fma(pr2_0, v0_0_0, (acc2_0_0 * al2));
    acc2_0_1 = fma(pr2_0, v0_0_1, (acc2_0_1 * al2));
    acc2_0_2 = fma(pr2_0, v0_0_2, (acc2_0_2 * al2));
    acc2_0_3 = fma(pr2_0, v0_0_3, (acc2_0_3 * al2));
    let vis3_0: bool = ((j0 < k1) && (j0 <= p3));
    let mt3: f32 = select((-1e+30f), s3_0, vis3_0);
    let mn3: f32 = max(m3, mt3);
    let al3: f32 = exp((m3 - mn3));
    let pr3_0: f32 = select(0.0f, exp((s3_0 - mn3)), vis3_0);
    l3 = ((l3 * al3) + pr3_0);
    m3 = mn3;
    acc3_0_0 = fma(pr3_0, v0_0_0, (acc3_0_0 * al3));
    acc3_0_1 = fma(pr3_0, v0_0_1, (acc3_0_1 * al3));
    acc3_0_2 = fma(pr3_0, v0_0_2, (acc3_0_2 * al3));
    acc3_0_3 = fma(pr3_0, v0_0_3, (acc3_0_3 * al3));
    k0_0_0 = nk0_0_0;
    k0_0_1 = nk0_0_1;
    k0_0_2 = nk0_0_2;
    k0_0_3 = nk0_0_3;
    v0_0_0 = nv0_0_0;
    v0_0_1 = nv0_0_1;
    v0_0_2 = nv0_0_2;
    v0_0_3 = nv0_0_3;
  }
  // sm_ml: a workgroup array declared at module scope
  if ((ln == 0i)) {
    sm_ml[((0i + grp) * 2i)] = m0;
    sm_ml[(((0i + grp) * 2i) + 1i)] = l0;
    sm_ml[((4i + grp) * 2i)] = m1;
    sm_ml[(((4i + grp) * 2i) + 1i)] = l1;
    sm_ml[((8i + grp) * 2i)] = m2;
    sm_ml[(((8i + grp) * 2i) + 1i)] = l2;
    sm_ml[((12i + grp) * 2i)] = m3;
    sm_ml[(((12i + grp) * 2i) + 1i)] = l3;
  }
  workgroupBarrier();
  var M0: f32 = (-1e+30f);
  for (var gm0: i32 = 0i; gm0 < 4i; gm0 += 1i) {
    M0 = max(M0, sm_ml[((gm0 + 0i) * 2i)]);
  }
  var Lt0: f32 = 0.0f;
  for (var gl0: i32 = 0i; gl0 < 4i; gl0 += 1i) {
    let gi0: i32 = ((gl0 + 0i) * 2i);
    Lt0 = fma(exp((sm_ml[gi0] - M0)), sm_ml[(gi0 + 1i)], Lt0);
  }
  let w0: f32 = exp((m0 - M0));
  let inv0: f32 = (1.0f / Lt0);
  var M1: f32 = (-1e+30f);
  for (var gm1: i32 = 0i; gm1 < 4i; gm1 += 1i) {
    M1 = max(M1, sm_ml[((gm1 + 4i) * 2i)]);
  }
  var Lt1: f32 = 0.0f;
  for (var gl1: i32 = 0i; gl1 < 4i; gl1 += 1i) {
    let gi1: i32 = ((gl1 + 4i) * 2i);
    Lt1 = fma(exp((sm_ml[gi1] - M1)), sm_ml[(gi1 + 1i)], Lt1);
  }
  let w1: f32 = exp((m1 - M1));
  let inv1: f32 = (1.0f / Lt1);
  var M2: f32 = (-1e+30f);
  for (var gm2: i32 = 0i; gm2 < 4i; gm2 += 1i) {
    M2 = max(M2, sm_ml[((gm2 + 8i) * 2i)]);
  }
  var Lt2: f32 = 0.0f;
  for (var gl2: i32 = 0i; gl2 < 4i; gl2 += 1i) {
    let gi2: i32 = ((gl2 + 8i) * 2i);
    Lt2 = fma(exp((sm_ml[gi2] - M2)), sm_ml[(gi2 + 1i)], Lt2);
  }
  let w2: f32 = exp((m2 - M2));
  let inv2: f32 = (1.0f / Lt2);
  var M3: f32 = (-1e+30f);
  for (var gm3: i32 = 0i; gm3 < 4i; gm3 += 1i) {
    M3 = max(M3, sm_ml[((gm3 + 12i) * 2i)]);
  }
  var Lt3: f32 = 0.0f;
  for (var gl3: i32 = 0i; gl3 < 4i; gl3 += 1i) {
    let gi3: i32 = ((gl3 + 12i) * 2i);
    Lt3 = fma(exp((sm_ml[gi3] - M3)), sm_ml[(gi3 + 1i)], Lt3);
  }
  let w3: f32 = exp((m3 - M3));
  let inv3: f32 = (1.0f / Lt3);
  // sm_o: a workgroup array declared at module scope
  sm_o[(((0i + grp) * 64i) + (dv0 + 0i))] = (acc0_0_0 * w0);
  sm_o[(((0i + grp) * 64i) + (dv0 + 1i))] = (acc0_0_1 * w0);
  sm_o[(((0i + grp) * 64i) + (dv0 + 2i))] = (acc0_0_2 * w0);
  sm_o[(((0i + grp) * 64i) + (dv0 + 3i))] = (acc0_0_3 * w0);
  sm_o[(((4i + grp) * 64i) + (dv0 + 0i))] = (acc1_0_0 * w1);
  sm_o[(((4i + grp) * 64i) + (dv0 + 1i))] = (acc1_0_1 * w1);
  sm_o[(((4i + grp) * 64i) + (dv0 + 2i))] = (acc1_0_2 * w1);
  sm_o[(((4i + grp) * 64i) + (dv0 + 3i))] = (acc1_0_3 * w1);
  sm_o[(((8i + grp) * 64i) + (dv0 + 0i))] = (acc2_0_0 * w2);
  sm_o[(((8i + grp) * 64i) + (dv0 + 1i))] = (acc2_0_1 * w2);
  sm_o[(((8i + grp) * 64i) + (dv0 + 2i))] = (acc2_0_2 * w2);
  sm_o[(((8i + grp) * 64i) + (dv0 + 3i))] = (acc2_0_3 * w2);
  sm_o[(((12i + grp) * 64i) + (dv0 + 0i))] = (acc3_0_0 * w3);
  sm_o[(((12i + grp) * 64i) + (dv0 + 1i))] = (acc3_0_1 * w3);
  sm_o[(((12i + grp) * 64i) + (dv0 + 2i))] = (acc3_0_2 * w3);
  sm_o[(((12i + grp) * 64i) + (dv0 + 3i))] = (acc3_0_3 * w3);
  workgroupBarrier();
  if (((r0 + 0i) < rows)) {
    for (var dd0: i32 = tid; dd0 < 64i; dd0 += 64i) {
      var so0: f32 = sm_o[(0i + dd0)];
      for (var gs0: i32 = 1i; gs0 < 4i; gs0 += 1i) {
        so0 = (so0 + sm_o[(((gs0 + 0i) * 64i) + dd0)]);
      }
      o[((qrow0 * 64i) + dd0)] = (so0 * inv0);
    }
  }
  if (((r0 + 1i) < rows)) {
    for (var dd1: i32 = tid; dd1 < 64i; dd1 += 64i) {
      var so1: f32 = sm_o[(256i + dd1)];
      for (var gs1: i32 = 1i; gs1 < 4i; gs1 += 1i) {
        so1 = (so1 + sm_o[(((gs1 + 4i) * 64i) + dd1)]);
      }
      o[((qrow1 * 64i) + dd1)] = (so1 * inv1);
    }
  }
  if (((r0 + 2i) < rows)) {
    for (var dd2: i32 = tid; dd2 < 64i; dd2 += 64i) {
      var so2: f32 = sm_o[(512i + dd2)];
      for (var gs2: i32 = 1i; gs2 < 4i; gs2 += 1i) {
        so2 = (so2 + sm_o[(((gs2 + 8i) * 64i) + dd2)]);
      }
      o[((qrow2 * 64i) + dd2)] = (so2 * inv2);
    }
  }
  if (((r0 + 3i) < rows)) {
    for (var dd3: i32 = tid; dd3 < 64i; dd3 += 64i) {
      var so3: f32 = sm_o[(768i + dd3)];
      for (var gs3: i32 = 1i; gs3 < 4i; gs3 += 1i) {
        so3 = (so3 + sm_o[(((gs3 + 12i) * 64i) + dd3)]);
      }
      o[((qrow3 * 64i) + dd3)] = (so3 * inv3);
    }
  }
}
