@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> w_gate: array<u32>;
@group(0) @binding(2) var<storage, read> w_up: array<u32>;
@group(0) @binding(3) var<storage, read> moe_meta: array<i32>;
@group(0) @binding(4) var<storage, read_write> moe_hidden: array<f32>;
struct KfScalars {
  T: i32,
};
@group(0) @binding(5) var<uniform> kf_scalars: KfScalars;
var<workgroup> red: array<f32, 256>;
fn kf_funnel_shr(lo: u32, hi: u32, n: u32) -> u32 {
  if (n == 32u) { return hi; }
  if (n == 0u) { return lo; }
  return (lo >> n) | (hi << (32u - n));
}

@compute @workgroup_size(32, 1, 1)
fn moe_gate_up(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(32u, 1u, 1u);
  // moe gate_up q8_0: 2 rows of gate and up per workgroup, 2 tokens per pass, 32 threads, 16-byte loads, unroll 1
  // red: a workgroup array declared at module scope
  let tid: i32 = i32(kf_tid.x);
  let slot: i32 = i32(kf_gid.y);
  let n0: i32 = (i32(kf_gid.x) * 2i);
  let n_active: i32 = moe_meta[0i];
  let e: i32 = max(min(moe_meta[(min(slot, 7i) + 1i)], 7i), 0i);
  let off: i32 = moe_meta[(e + 9i)];
  let cnt: i32 = select(0i, moe_meta[(e + 17i)], (slot < n_active));
  let nr_0: i32 = min((n0 + 0i), 127i);
  let nr_1: i32 = min((n0 + 1i), 127i);
  for (var mt: i32 = 0i; mt < (kf_scalars.T * 3i); mt += 2i) {
    let j_0: i32 = (off + max(min((mt + 0i), (cnt - 1i)), 0i));
    let j_1: i32 = (off + max(min((mt + 1i), (cnt - 1i)), 0i));
    var ag_0_0: f32 = 0.0f;
    var ag_1_0: f32 = 0.0f;
    var au_0_0: f32 = 0.0f;
    var au_1_0: f32 = 0.0f;
    var ag_0_1: f32 = 0.0f;
    var ag_1_1: f32 = 0.0f;
    var au_0_1: f32 = 0.0f;
    var au_1_1: f32 = 0.0f;
    if ((mt < cnt)) {
      let xr_0: i32 = ((moe_meta[(j_0 + 25i)] / 3i) * 128i);
      let xr_1: i32 = ((moe_meta[(j_1 + 25i)] / 3i) * 128i);
      let chunks: i32 = ((128i / 32i) * 2i);
      for (var chunk: i32 = tid; chunk < chunks; chunk += 32i) {
        let wg0_t0_b: i32 = (chunk / 2i);
        let wg0_t0_o: i32 = (((((e * 128i) + nr_0) * (128i / 32i)) + wg0_t0_b) * 34i);
        let wg0_t0_w0: i32 = (((wg0_t0_o + 2i) + ((chunk % 2i) * 16i)) >> u32(2i));
        let wg0_t0_s: u32 = u32(((((wg0_t0_o + 2i) + ((chunk % 2i) * 16i)) & 2i) * 8i));
        let wg0_t0_r0: u32 = w_gate[(wg0_t0_w0 + 0i)];
        let wg0_t0_r1: u32 = w_gate[(wg0_t0_w0 + 1i)];
        let wg0_t0_r2: u32 = w_gate[(wg0_t0_w0 + 2i)];
        let wg0_t0_r3: u32 = w_gate[(wg0_t0_w0 + 3i)];
        let wg0_t0_r4: u32 = w_gate[(((((wg0_t0_o + 2i) + ((chunk % 2i) * 16i)) + 2i) >> u32(2i)) + 3i)];
        let wg0_t00: u32 = kf_funnel_shr(wg0_t0_r0, wg0_t0_r1, wg0_t0_s);
        let wg0_t01: u32 = kf_funnel_shr(wg0_t0_r1, wg0_t0_r2, wg0_t0_s);
        let wg0_t02: u32 = kf_funnel_shr(wg0_t0_r2, wg0_t0_r3, wg0_t0_s);
        let wg0_t03: u32 = kf_funnel_shr(wg0_t0_r3, wg0_t0_r4, wg0_t0_s);
        let wg0_t0_d: f32 = unpack2x16float(((w_gate[(((wg0_t0_o + 0i) >> u32(1i)) >> u32(1i))] >> u32(((((wg0_t0_o + 0i) >> u32(1i)) & 1i) * 16i))) & 65535u)).x;
        let wg1_t0_b: i32 = (chunk / 2i);
        let wg1_t0_o: i32 = (((((e * 128i) + nr_1) * (128i / 32i)) + wg1_t0_b) * 34i);
        let wg1_t0_w0: i32 = (((wg1_t0_o + 2i) + ((chunk % 2i) * 16i)) >> u32(2i));
        let wg1_t0_s: u32 = u32(((((wg1_t0_o + 2i) + ((chunk % 2i) * 16i)) & 2i) * 8i));
        let wg1_t0_r0: u32 = w_gate[(wg1_t0_w0 + 0i)];
        let wg1_t0_r1: u32 = w_gate[(wg1_t0_w0 + 1i)];
        let wg1_t0_r2: u32 = w_gate[(wg1_t0_w0 + 2i)];
        let wg1_t0_r3: u32 = w_gate[(wg1_t0_w0 + 3i)];
        let wg1_t0_r4: u32 = w_gate[(((((wg1_t0_o + 2i) + ((chunk % 2i) * 16i)) + 2i) >> u32(2i)) + 3i)];
        let wg1_t00: u32 = kf_funnel_shr(wg1_t0_r0, wg1_t0_r1, wg1_t0_s);
        let wg1_t01: u32 = kf_funnel_shr(wg1_t0_r1, wg1_t0_r2, wg1_t0_s);
        let wg1_t02: u32 = kf_funnel_shr(wg1_t0_r2, wg1_t0_r3, wg1_t0_s);
        let wg1_t03: u32 = kf_funnel_shr(wg1_t0_r3, wg1_t0_r4, wg1_t0_s);
        let wg1_t0_d: f32 = unpack2x16float(((w_gate[(((wg1_t0_o + 0i) >> u32(1i)) >> u32(1i))] >> u32(((((wg1_t0_o + 0i) >> u32(1i)) & 1i) * 16i))) & 65535u)).x;
        let wu0_t0_b: i32 = (chunk / 2i);
        let wu0_t0_o: i32 = (((((e * 128i) + nr_0) * (128i / 32i)) + wu0_t0_b) * 34i);
        let wu0_t0_w0: i32 = (((wu0_t0_o + 2i) + ((chunk % 2i) * 16i)) >> u32(2i));
        let wu0_t0_s: u32 = u32(((((wu0_t0_o + 2i) + ((chunk % 2i) * 16i)) & 2i) * 8i));
        let wu0_t0_r0: u32 = w_up[(wu0_t0_w0 + 0i)];
        let wu0_t0_r1: u32 = w_up[(wu0_t0_w0 + 1i)];
        let wu0_t0_r2: u32 = w_up[(wu0_t0_w0 + 2i)];
        let wu0_t0_r3: u32 = w_up[(wu0_t0_w0 + 3i)];
        let wu0_t0_r4: u32 = w_up[(((((wu0_t0_o + 2i) + ((chunk % 2i) * 16i)) + 2i) >> u32(2i)) + 3i)];
        let wu0_t00: u32 = kf_funnel_shr(wu0_t0_r0, wu0_t0_r1, wu0_t0_s);
        let wu0_t01: u32 = kf_funnel_shr(wu0_t0_r1, wu0_t0_r2, wu0_t0_s);
        let wu0_t02: u32 = kf_funnel_shr(wu0_t0_r2, wu0_t0_r3, wu0_t0_s);
        let wu0_t03: u32 = kf_funnel_shr(wu0_t0_r3, wu0_t0_r4, wu0_t0_s);
        let wu0_t0_d: f32 = unpack2x16float(((w_up[(((wu0_t0_o + 0i) >> u32(1i)) >> u32(1i))] >> u32(((((wu0_t0_o + 0i) >> u32(1i)) & 1i) * 16i))) & 65535u)).x;
        let wu1_t0_b: i32 = (chunk / 2i);
        let wu1_t0_o: i32 = (((((e * 128i) + nr_1) * (128i / 32i)) + wu1_t0_b) * 34i);
        let wu1_t0_w0: i32 = (((wu1_t0_o + 2i) + ((chunk % 2i) * 16i)) >> u32(2i));
        let wu1_t0_s: u32 = u32(((((wu1_t0_o + 2i) + ((chunk % 2i) * 16i)) & 2i) * 8i));
        let wu1_t0_r0: u32 = w_up[(wu1_t0_w0 + 0i)];
        let wu1_t0_r1: u32 = w_up[(wu1_t0_w0 + 1i)];
        let wu1_t0_r2: u32 = w_up[(wu1_t0_w0 + 2i)];
        let wu1_t0_r3: u32 = w_up[(wu1_t0_w0 + 3i)];
        let wu1_t0_r4: u32 = w_up[(((((wu1_t0_o + 2i) + ((chunk % 2i) * 16i)) + 2i) >> u32(2i)) + 3i)];
        let wu1_t00: u32 = kf_funnel_shr(wu1_t0_r0, wu1_t0_r1, wu1_t0_s);
        let wu1_t01: u32 = kf_funnel_shr(wu1_t0_r1, wu1_t0_r2, wu1_t0_s);
        let wu1_t02: u32 = kf_funnel_shr(wu1_t0_r2, wu1_t0_r3, wu1_t0_s);
        let wu1_t03: u32 = kf_funnel_shr(wu1_t0_r3, wu1_t0_r4, wu1_t0_s);
        let wu1_t0_d: f32 = unpack2x16float(((w_up[(((wu1_t0_o + 0i) >> u32(1i)) >> u32(1i))] >> u32(((((wu1_t0_o + 0i) >> u32(1i)) & 1i) * 16i))) & 65535u)).x;
        ag_0_0 = fma(wg0_t0_d, fma((fma((bitcast<f32>(((wg0_t03 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 1i)], fma((bitcast<f32>(((wg0_t02 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 1i)], fma((bitcast<f32>(((wg0_t01 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 1i)], ((bitcast<f32>(((wg0_t00 & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 1i)])))) + fma((bitcast<f32>((((wg0_t03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 3i)], fma((bitcast<f32>((((wg0_t02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 3i)], fma((bitcast<f32>((((wg0_t01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 3i)], ((bitcast<f32>((((wg0_t00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 3i)]))))), 0.00390625f, (fma((bitcast<f32>(((wg0_t03 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i)], fma((bitcast<f32>(((wg0_t02 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i)], fma((bitcast<f32>(((wg0_t01 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i)], ((bitcast<f32>(((wg0_t00 & 255u) ^ 1258291328u)) - 8388736.0f) * x[(xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i)))])))) + fma((bitcast<f32>((((wg0_t03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 2i)], fma((bitcast<f32>((((wg0_t02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 2i)], fma((bitcast<f32>((((wg0_t01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 2i)], ((bitcast<f32>((((wg0_t00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 2i)])))))), ag_0_0);
        ag_1_0 = fma(wg1_t0_d, fma((fma((bitcast<f32>(((wg1_t03 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 1i)], fma((bitcast<f32>(((wg1_t02 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 1i)], fma((bitcast<f32>(((wg1_t01 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 1i)], ((bitcast<f32>(((wg1_t00 & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 1i)])))) + fma((bitcast<f32>((((wg1_t03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 3i)], fma((bitcast<f32>((((wg1_t02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 3i)], fma((bitcast<f32>((((wg1_t01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 3i)], ((bitcast<f32>((((wg1_t00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 3i)]))))), 0.00390625f, (fma((bitcast<f32>(((wg1_t03 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i)], fma((bitcast<f32>(((wg1_t02 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i)], fma((bitcast<f32>(((wg1_t01 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i)], ((bitcast<f32>(((wg1_t00 & 255u) ^ 1258291328u)) - 8388736.0f) * x[(xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i)))])))) + fma((bitcast<f32>((((wg1_t03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 2i)], fma((bitcast<f32>((((wg1_t02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 2i)], fma((bitcast<f32>((((wg1_t01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 2i)], ((bitcast<f32>((((wg1_t00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 2i)])))))), ag_1_0);
        au_0_0 = fma(wu0_t0_d, fma((fma((bitcast<f32>(((wu0_t03 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 1i)], fma((bitcast<f32>(((wu0_t02 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 1i)], fma((bitcast<f32>(((wu0_t01 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 1i)], ((bitcast<f32>(((wu0_t00 & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 1i)])))) + fma((bitcast<f32>((((wu0_t03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 3i)], fma((bitcast<f32>((((wu0_t02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 3i)], fma((bitcast<f32>((((wu0_t01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 3i)], ((bitcast<f32>((((wu0_t00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 3i)]))))), 0.00390625f, (fma((bitcast<f32>(((wu0_t03 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i)], fma((bitcast<f32>(((wu0_t02 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i)], fma((bitcast<f32>(((wu0_t01 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i)], ((bitcast<f32>(((wu0_t00 & 255u) ^ 1258291328u)) - 8388736.0f) * x[(xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i)))])))) + fma((bitcast<f32>((((wu0_t03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 2i)], fma((bitcast<f32>((((wu0_t02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 2i)], fma((bitcast<f32>((((wu0_t01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 2i)], ((bitcast<f32>((((wu0_t00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 2i)])))))), au_0_0);
        au_1_0 = fma(wu1_t0_d, fma((fma((bitcast<f32>(((wu1_t03 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 1i)], fma((bitcast<f32>(((wu1_t02 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 1i)], fma((bitcast<f32>(((wu1_t01 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 1i)], ((bitcast<f32>(((wu1_t00 & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 1i)])))) + fma((bitcast<f32>((((wu1_t03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 3i)], fma((bitcast<f32>((((wu1_t02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 3i)], fma((bitcast<f32>((((wu1_t01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 3i)], ((bitcast<f32>((((wu1_t00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 3i)]))))), 0.00390625f, (fma((bitcast<f32>(((wu1_t03 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i)], fma((bitcast<f32>(((wu1_t02 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i)], fma((bitcast<f32>(((wu1_t01 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i)], ((bitcast<f32>(((wu1_t00 & 255u) ^ 1258291328u)) - 8388736.0f) * x[(xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i)))])))) + fma((bitcast<f32>((((wu1_t03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 2i)], fma((bitcast<f32>((((wu1_t02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 2i)], fma((bitcast<f32>((((wu1_t01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 2i)], ((bitcast<f32>((((wu1_t00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * x[((xr_0 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 2i)])))))), au_1_0);
        ag_0_1 = fma(wg0_t0_d, fma((fma((bitcast<f32>(((wg0_t03 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 1i)], fma((bitcast<f32>(((wg0_t02 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 1i)], fma((bitcast<f32>(((wg0_t01 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 1i)], ((bitcast<f32>(((wg0_t00 & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 1i)])))) + fma((bitcast<f32>((((wg0_t03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 3i)], fma((bitcast<f32>((((wg0_t02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 3i)], fma((bitcast<f32>((((wg0_t01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 3i)], ((bitcast<f32>((((wg0_t00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 3i)]))))), 0.00390625f, (fma((bitcast<f32>(((wg0_t03 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i)], fma((bitcast<f32>(((wg0_t02 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i)], fma((bitcast<f32>(((wg0_t01 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i)], ((bitcast<f32>(((wg0_t00 & 255u) ^ 1258291328u)) - 8388736.0f) * x[(xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i)))])))) + fma((bitcast<f32>((((wg0_t03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 2i)], fma((bitcast<f32>((((wg0_t02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 2i)], fma((bitcast<f32>((((wg0_t01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 2i)], ((bitcast<f32>((((wg0_t00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 2i)])))))), ag_0_1);
        ag_1_1 = fma(wg1_t0_d, fma((fma((bitcast<f32>(((wg1_t03 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 1i)], fma((bitcast<f32>(((wg1_t02 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 1i)], fma((bitcast<f32>(((wg1_t01 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 1i)], ((bitcast<f32>(((wg1_t00 & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 1i)])))) + fma((bitcast<f32>((((wg1_t03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 3i)], fma((bitcast<f32>((((wg1_t02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 3i)], fma((bitcast<f32>((((wg1_t01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 3i)], ((bitcast<f32>((((wg1_t00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 3i)]))))), 0.00390625f, (fma((bitcast<f32>(((wg1_t03 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i)], fma((bitcast<f32>(((wg1_t02 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i)], fma((bitcast<f32>(((wg1_t01 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i)], ((bitcast<f32>(((wg1_t00 & 255u) ^ 1258291328u)) - 8388736.0f) * x[(xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i)))])))) + fma((bitcast<f32>((((wg1_t03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 2i)], fma((bitcast<f32>((((wg1_t02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 2i)], fma((bitcast<f32>((((wg1_t01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 2i)], ((bitcast<f32>((((wg1_t00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 2i)])))))), ag_1_1);
        au_0_1 = fma(wu0_t0_d, fma((fma((bitcast<f32>(((wu0_t03 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 1i)], fma((bitcast<f32>(((wu0_t02 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 1i)], fma((bitcast<f32>(((wu0_t01 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 1i)], ((bitcast<f32>(((wu0_t00 & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 1i)])))) + fma((bitcast<f32>((((wu0_t03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 3i)], fma((bitcast<f32>((((wu0_t02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 3i)], fma((bitcast<f32>((((wu0_t01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 3i)], ((bitcast<f32>((((wu0_t00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 3i)]))))), 0.00390625f, (fma((bitcast<f32>(((wu0_t03 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i)], fma((bitcast<f32>(((wu0_t02 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i)], fma((bitcast<f32>(((wu0_t01 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i)], ((bitcast<f32>(((wu0_t00 & 255u) ^ 1258291328u)) - 8388736.0f) * x[(xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i)))])))) + fma((bitcast<f32>((((wu0_t03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 2i)], fma((bitcast<f32>((((wu0_t02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 2i)], fma((bitcast<f32>((((wu0_t01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 2i)], ((bitcast<f32>((((wu0_t00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 2i)])))))), au_0_1);
        au_1_1 = fma(wu1_t0_d, fma((fma((bitcast<f32>(((wu1_t03 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 1i)], fma((bitcast<f32>(((wu1_t02 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 1i)], fma((bitcast<f32>(((wu1_t01 & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 1i)], ((bitcast<f32>(((wu1_t00 & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 1i)])))) + fma((bitcast<f32>((((wu1_t03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 3i)], fma((bitcast<f32>((((wu1_t02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 3i)], fma((bitcast<f32>((((wu1_t01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 3i)], ((bitcast<f32>((((wu1_t00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 3i)]))))), 0.00390625f, (fma((bitcast<f32>(((wu1_t03 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i)], fma((bitcast<f32>(((wu1_t02 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i)], fma((bitcast<f32>(((wu1_t01 & 255u) ^ 1258291328u)) - 8388736.0f), x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i)], ((bitcast<f32>(((wu1_t00 & 255u) ^ 1258291328u)) - 8388736.0f) * x[(xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i)))])))) + fma((bitcast<f32>((((wu1_t03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 12i) + 2i)], fma((bitcast<f32>((((wu1_t02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 8i) + 2i)], fma((bitcast<f32>((((wu1_t01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), x[(((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 4i) + 2i)], ((bitcast<f32>((((wu1_t00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * x[((xr_1 + (((chunk / 2i) * 32i) + ((chunk % 2i) * 16i))) + 2i)])))))), au_1_1);
      }
    }
    red[(0i + tid)] = ag_0_0;
    red[(32i + tid)] = ag_1_0;
    red[(64i + tid)] = au_0_0;
    red[(96i + tid)] = au_1_0;
    red[(128i + tid)] = ag_0_1;
    red[(160i + tid)] = ag_1_1;
    red[(192i + tid)] = au_0_1;
    red[(224i + tid)] = au_1_1;
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
    for (var o: i32 = tid; o < 4i; o += 32i) {
      let n: i32 = (n0 + (o % 2i));
      let m: i32 = (o / 2i);
      if ((((mt + m) < cnt) && (n < 128i))) {
        let tg: f32 = red[(((m * 4i) + (n - n0)) * 32i)];
        let tu: f32 = red[((((m * 4i) + (n - n0)) + 2i) * 32i)];
        let h: f32 = ((tg / (1.0f + exp((0.0f - tg)))) * tu);
        moe_hidden[((select(j_0, j_1, (m == 1i)) * 128i) + n)] = h;
      }
    }
    workgroupBarrier();
  }
}
