@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> router: array<f32>;
@group(0) @binding(2) var<storage, read_write> moe_scores: array<f32>;
struct KfScalars {
  T: i32,
};
@group(0) @binding(3) var<uniform> kf_scalars: KfScalars;
var<workgroup> red: array<f32, 256>;

@compute @workgroup_size(32, 1, 1)
fn moe_logits(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(32u, 1u, 1u);
  // router logits: 2 experts x 4 tokens per workgroup, 32 threads, 16-byte loads
  let tid: i32 = i32(kf_tid.x);
  let e0: i32 = (i32(kf_gid.x) * 2i);
  let t0: i32 = (i32(kf_gid.y) * 4i);
  let row_0: i32 = min((e0 + 0i), 7i);
  let row_1: i32 = min((e0 + 1i), 7i);
  let tok_0: i32 = min((t0 + 0i), (kf_scalars.T - 1i));
  let tok_1: i32 = min((t0 + 1i), (kf_scalars.T - 1i));
  let tok_2: i32 = min((t0 + 2i), (kf_scalars.T - 1i));
  let tok_3: i32 = min((t0 + 3i), (kf_scalars.T - 1i));
  var acc_0_0: f32 = 0.0f;
  var acc_1_0: f32 = 0.0f;
  var acc_0_1: f32 = 0.0f;
  var acc_1_1: f32 = 0.0f;
  var acc_0_2: f32 = 0.0f;
  var acc_1_2: f32 = 0.0f;
  var acc_0_3: f32 = 0.0f;
  var acc_1_3: f32 = 0.0f;
  let chunks: i32 = (128i / 4i);
  for (var chunk: i32 = tid; chunk < chunks; chunk += 32i) {
    let wr0_t00: f32 = router[((row_0 * 128i) + (chunk * 4i))];
    let wr0_t01: f32 = router[(((row_0 * 128i) + (chunk * 4i)) + 1i)];
    let wr0_t02: f32 = router[(((row_0 * 128i) + (chunk * 4i)) + 2i)];
    let wr0_t03: f32 = router[(((row_0 * 128i) + (chunk * 4i)) + 3i)];
    let wr1_t00: f32 = router[((row_1 * 128i) + (chunk * 4i))];
    let wr1_t01: f32 = router[(((row_1 * 128i) + (chunk * 4i)) + 1i)];
    let wr1_t02: f32 = router[(((row_1 * 128i) + (chunk * 4i)) + 2i)];
    let wr1_t03: f32 = router[(((row_1 * 128i) + (chunk * 4i)) + 3i)];
    acc_0_0 = fma(wr0_t03, x[(((tok_0 * 128i) + (chunk * 4i)) + 3i)], fma(wr0_t02, x[(((tok_0 * 128i) + (chunk * 4i)) + 2i)], fma(wr0_t01, x[(((tok_0 * 128i) + (chunk * 4i)) + 1i)], fma(wr0_t00, x[((tok_0 * 128i) + (chunk * 4i))], acc_0_0))));
    acc_1_0 = fma(wr1_t03, x[(((tok_0 * 128i) + (chunk * 4i)) + 3i)], fma(wr1_t02, x[(((tok_0 * 128i) + (chunk * 4i)) + 2i)], fma(wr1_t01, x[(((tok_0 * 128i) + (chunk * 4i)) + 1i)], fma(wr1_t00, x[((tok_0 * 128i) + (chunk * 4i))], acc_1_0))));
    acc_0_1 = fma(wr0_t03, x[(((tok_1 * 128i) + (chunk * 4i)) + 3i)], fma(wr0_t02, x[(((tok_1 * 128i) + (chunk * 4i)) + 2i)], fma(wr0_t01, x[(((tok_1 * 128i) + (chunk * 4i)) + 1i)], fma(wr0_t00, x[((tok_1 * 128i) + (chunk * 4i))], acc_0_1))));
    acc_1_1 = fma(wr1_t03, x[(((tok_1 * 128i) + (chunk * 4i)) + 3i)], fma(wr1_t02, x[(((tok_1 * 128i) + (chunk * 4i)) + 2i)], fma(wr1_t01, x[(((tok_1 * 128i) + (chunk * 4i)) + 1i)], fma(wr1_t00, x[((tok_1 * 128i) + (chunk * 4i))], acc_1_1))));
    acc_0_2 = fma(wr0_t03, x[(((tok_2 * 128i) + (chunk * 4i)) + 3i)], fma(wr0_t02, x[(((tok_2 * 128i) + (chunk * 4i)) + 2i)], fma(wr0_t01, x[(((tok_2 * 128i) + (chunk * 4i)) + 1i)], fma(wr0_t00, x[((tok_2 * 128i) + (chunk * 4i))], acc_0_2))));
    acc_1_2 = fma(wr1_t03, x[(((tok_2 * 128i) + (chunk * 4i)) + 3i)], fma(wr1_t02, x[(((tok_2 * 128i) + (chunk * 4i)) + 2i)], fma(wr1_t01, x[(((tok_2 * 128i) + (chunk * 4i)) + 1i)], fma(wr1_t00, x[((tok_2 * 128i) + (chunk * 4i))], acc_1_2))));
    acc_0_3 = fma(wr0_t03, x[(((tok_3 * 128i) + (chunk * 4i)) + 3i)], fma(wr0_t02, x[(((tok_3 * 128i) + (chunk * 4i)) + 2i)], fma(wr0_t01, x[(((tok_3 * 128i) + (chunk * 4i)) + 1i)], fma(wr0_t00, x[((tok_3 * 128i) + (chunk * 4i))], acc_0_3))));
    acc_1_3 = fma(wr1_t03, x[(((tok_3 * 128i) + (chunk * 4i)) + 3i)], fma(wr1_t02, x[(((tok_3 * 128i) + (chunk * 4i)) + 2i)], fma(wr1_t01, x[(((tok_3 * 128i) + (chunk * 4i)) + 1i)], fma(wr1_t00, x[((tok_3 * 128i) + (chunk * 4i))], acc_1_3))));
  }
  // red: a workgroup array declared at module scope
  red[(0i + tid)] = acc_0_0;
  red[(32i + tid)] = acc_1_0;
  red[(64i + tid)] = acc_0_1;
  red[(96i + tid)] = acc_1_1;
  red[(128i + tid)] = acc_0_2;
  red[(160i + tid)] = acc_1_2;
  red[(192i + tid)] = acc_0_3;
  red[(224i + tid)] = acc_1_3;
  workgroupBarrier();
  if ((tid < 16i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(16i + tid)]);
    red[(32i + tid)] = (red[(32i + tid)] + red[(48i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(80i + tid)]);
    red[(96i + tid)] = (red[(96i + tid)] + red[(112i + tid)]);
    red[(128i + tid)] = (red[(128i + tid)] + red[(144i + tid)]);
    red[(160i + tid)] = (red[(160i + tid)] + red[(176i + tid)]);
    red[(192i + tid)] = (red[(192i + tid)] + red[(208i + tid)]);
    red[(224i + tid)] = (red[(224i + tid)] + red[(240i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 8i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(8i + tid)]);
    red[(32i + tid)] = (red[(32i + tid)] + red[(40i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(72i + tid)]);
    red[(96i + tid)] = (red[(96i + tid)] + red[(104i + tid)]);
    red[(128i + tid)] = (red[(128i + tid)] + red[(136i + tid)]);
    red[(160i + tid)] = (red[(160i + tid)] + red[(168i + tid)]);
    red[(192i + tid)] = (red[(192i + tid)] + red[(200i + tid)]);
    red[(224i + tid)] = (red[(224i + tid)] + red[(232i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 4i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(4i + tid)]);
    red[(32i + tid)] = (red[(32i + tid)] + red[(36i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(68i + tid)]);
    red[(96i + tid)] = (red[(96i + tid)] + red[(100i + tid)]);
    red[(128i + tid)] = (red[(128i + tid)] + red[(132i + tid)]);
    red[(160i + tid)] = (red[(160i + tid)] + red[(164i + tid)]);
    red[(192i + tid)] = (red[(192i + tid)] + red[(196i + tid)]);
    red[(224i + tid)] = (red[(224i + tid)] + red[(228i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 2i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(2i + tid)]);
    red[(32i + tid)] = (red[(32i + tid)] + red[(34i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(66i + tid)]);
    red[(96i + tid)] = (red[(96i + tid)] + red[(98i + tid)]);
    red[(128i + tid)] = (red[(128i + tid)] + red[(130i + tid)]);
    red[(160i + tid)] = (red[(160i + tid)] + red[(162i + tid)]);
    red[(192i + tid)] = (red[(192i + tid)] + red[(194i + tid)]);
    red[(224i + tid)] = (red[(224i + tid)] + red[(226i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 1i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(1i + tid)]);
    red[(32i + tid)] = (red[(32i + tid)] + red[(33i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(65i + tid)]);
    red[(96i + tid)] = (red[(96i + tid)] + red[(97i + tid)]);
    red[(128i + tid)] = (red[(128i + tid)] + red[(129i + tid)]);
    red[(160i + tid)] = (red[(160i + tid)] + red[(161i + tid)]);
    red[(192i + tid)] = (red[(192i + tid)] + red[(193i + tid)]);
    red[(224i + tid)] = (red[(224i + tid)] + red[(225i + tid)]);
  }
  workgroupBarrier();
  for (var o: i32 = tid; o < 8i; o += 32i) {
    let total: f32 = red[(o * 32i)];
    let e: i32 = (e0 + (o % 2i));
    let t: i32 = (t0 + (o / 2i));
    if (((e < 8i) && (t < kf_scalars.T))) {
      moe_scores[((t * 8i) + e)] = total;
    }
  }
}
