@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read> W: array<u32>;
@group(0) @binding(2) var<storage, read> bias: array<f32>;
@group(0) @binding(3) var<storage, read_write> y: array<f32>;
struct KfScalars {
  M: i32,
  N: i32,
  K: i32,
};
@group(0) @binding(4) var<uniform> kf_scalars: KfScalars;
var<workgroup> red: array<f32, 64>;
fn kf_funnel_shr(lo: u32, hi: u32, n: u32) -> u32 {
  if (n == 32u) { return hi; }
  if (n == 0u) { return lo; }
  return (lo >> n) | (hi << (32u - n));
}

@compute @workgroup_size(64, 1, 1)
fn gemv(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(64u, 1u, 1u);
  // gemv q4_0 x f16, M=1: 1 rows per workgroup, 64 threads, 16-byte loads, unroll 1, split_k 1
  let tid: i32 = i32(kf_tid.x);
  let n0: i32 = ((i32(kf_gid.x) + (i32(kf_gid.y) * i32(kf_groups.x))) * 1i);
  let row_0: i32 = min((n0 + 0i), (kf_scalars.N - 1i));
  var acc_0_0: f32 = 0.0f;
  let chunks: i32 = ((kf_scalars.K / 32i) * 1i);
  let first_chunk: i32 = tid;
  for (var chunk: i32 = first_chunk; chunk < chunks; chunk += 64i) {
    let wt0_0_b: i32 = chunk;
    let wt0_0_o: i32 = (((row_0 * (kf_scalars.K / 32i)) + wt0_0_b) * 18i);
    let wt0_0_w0: i32 = (wt0_0_o >> u32(2i));
    let wt0_0_s: u32 = u32(((wt0_0_o & 2i) * 8i));
    let wt0_0_r0: u32 = W[wt0_0_w0];
    let wt0_0_r1: u32 = W[(wt0_0_w0 + 1i)];
    let wt0_0_r2: u32 = W[(wt0_0_w0 + 2i)];
    let wt0_0_r3: u32 = W[(wt0_0_w0 + 3i)];
    let wt0_0_r4: u32 = W[(wt0_0_w0 + 4i)];
    let wt0_00: u32 = kf_funnel_shr(wt0_0_r0, wt0_0_r1, (wt0_0_s + 16u));
    let wt0_01: u32 = kf_funnel_shr(wt0_0_r1, wt0_0_r2, (wt0_0_s + 16u));
    let wt0_02: u32 = kf_funnel_shr(wt0_0_r2, wt0_0_r3, (wt0_0_s + 16u));
    let wt0_03: u32 = kf_funnel_shr(wt0_0_r3, wt0_0_r4, (wt0_0_s + 16u));
    let wt0_0_d: f32 = unpack2x16float((wt0_0_r0 >> wt0_0_s)).x;
    let xt0_0_0_w0: u32 = x[(((((kf_scalars.K * 0i) + (chunk * 32i)) >> u32(1i)) + 0i) + 0i)];
    let xt0_0_0_w1: u32 = x[(((((kf_scalars.K * 0i) + (chunk * 32i)) >> u32(1i)) + 0i) + 1i)];
    let xt0_0_0_w2: u32 = x[(((((kf_scalars.K * 0i) + (chunk * 32i)) >> u32(1i)) + 0i) + 2i)];
    let xt0_0_0_w3: u32 = x[(((((kf_scalars.K * 0i) + (chunk * 32i)) >> u32(1i)) + 0i) + 3i)];
    let xt0_0_0_w4: u32 = x[(((((kf_scalars.K * 0i) + (chunk * 32i)) >> u32(1i)) + 4i) + 0i)];
    let xt0_0_0_w5: u32 = x[(((((kf_scalars.K * 0i) + (chunk * 32i)) >> u32(1i)) + 4i) + 1i)];
    let xt0_0_0_w6: u32 = x[(((((kf_scalars.K * 0i) + (chunk * 32i)) >> u32(1i)) + 4i) + 2i)];
    let xt0_0_0_w7: u32 = x[(((((kf_scalars.K * 0i) + (chunk * 32i)) >> u32(1i)) + 4i) + 3i)];
    let xt0_0_1_w0: u32 = x[(((((kf_scalars.K * 0i) + ((chunk * 32i) + 16i)) >> u32(1i)) + 0i) + 0i)];
    let xt0_0_1_w1: u32 = x[(((((kf_scalars.K * 0i) + ((chunk * 32i) + 16i)) >> u32(1i)) + 0i) + 1i)];
    let xt0_0_1_w2: u32 = x[(((((kf_scalars.K * 0i) + ((chunk * 32i) + 16i)) >> u32(1i)) + 0i) + 2i)];
    let xt0_0_1_w3: u32 = x[(((((kf_scalars.K * 0i) + ((chunk * 32i) + 16i)) >> u32(1i)) + 0i) + 3i)];
    let xt0_0_1_w4: u32 = x[(((((kf_scalars.K * 0i) + ((chunk * 32i) + 16i)) >> u32(1i)) + 4i) + 0i)];
    let xt0_0_1_w5: u32 = x[(((((kf_scalars.K * 0i) + ((chunk * 32i) + 16i)) >> u32(1i)) + 4i) + 1i)];
    let xt0_0_1_w6: u32 = x[(((((kf_scalars.K * 0i) + ((chunk * 32i) + 16i)) >> u32(1i)) + 4i) + 2i)];
    let xt0_0_1_w7: u32 = x[(((((kf_scalars.K * 0i) + ((chunk * 32i) + 16i)) >> u32(1i)) + 4i) + 3i)];
    acc_0_0 = fma(wt0_0_d, fma((fma((bitcast<f32>(((wt0_03 & 61440u) ^ 1258291200u)) - 8421376.0f), unpack2x16float((xt0_0_1_w6 >> 16u)).x, fma((bitcast<f32>(((wt0_02 & 61440u) ^ 1258291200u)) - 8421376.0f), unpack2x16float((xt0_0_1_w4 >> 16u)).x, fma((bitcast<f32>(((wt0_01 & 61440u) ^ 1258291200u)) - 8421376.0f), unpack2x16float((xt0_0_1_w2 >> 16u)).x, ((bitcast<f32>(((wt0_00 & 61440u) ^ 1258291200u)) - 8421376.0f) * unpack2x16float((xt0_0_1_w0 >> 16u)).x)))) + fma((bitcast<f32>((((wt0_03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), unpack2x16float((xt0_0_1_w7 >> 16u)).x, fma((bitcast<f32>((((wt0_02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), unpack2x16float((xt0_0_1_w5 >> 16u)).x, fma((bitcast<f32>((((wt0_01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), unpack2x16float((xt0_0_1_w3 >> 16u)).x, ((bitcast<f32>((((wt0_00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * unpack2x16float((xt0_0_1_w1 >> 16u)).x))))), 0.000244140625f, fma((fma((bitcast<f32>(((wt0_03 & 3840u) ^ 1258291200u)) - 8390656.0f), unpack2x16float((xt0_0_0_w6 >> 16u)).x, fma((bitcast<f32>(((wt0_02 & 3840u) ^ 1258291200u)) - 8390656.0f), unpack2x16float((xt0_0_0_w4 >> 16u)).x, fma((bitcast<f32>(((wt0_01 & 3840u) ^ 1258291200u)) - 8390656.0f), unpack2x16float((xt0_0_0_w2 >> 16u)).x, ((bitcast<f32>(((wt0_00 & 3840u) ^ 1258291200u)) - 8390656.0f) * unpack2x16float((xt0_0_0_w0 >> 16u)).x)))) + fma((bitcast<f32>((((wt0_03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), unpack2x16float((xt0_0_0_w7 >> 16u)).x, fma((bitcast<f32>((((wt0_02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), unpack2x16float((xt0_0_0_w5 >> 16u)).x, fma((bitcast<f32>((((wt0_01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), unpack2x16float((xt0_0_0_w3 >> 16u)).x, ((bitcast<f32>((((wt0_00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * unpack2x16float((xt0_0_0_w1 >> 16u)).x))))), 0.00390625f, fma((fma((bitcast<f32>(((wt0_03 & 240u) ^ 1258291200u)) - 8388736.0f), unpack2x16float(xt0_0_1_w6).x, fma((bitcast<f32>(((wt0_02 & 240u) ^ 1258291200u)) - 8388736.0f), unpack2x16float(xt0_0_1_w4).x, fma((bitcast<f32>(((wt0_01 & 240u) ^ 1258291200u)) - 8388736.0f), unpack2x16float(xt0_0_1_w2).x, ((bitcast<f32>(((wt0_00 & 240u) ^ 1258291200u)) - 8388736.0f) * unpack2x16float(xt0_0_1_w0).x)))) + fma((bitcast<f32>((((wt0_03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), unpack2x16float(xt0_0_1_w7).x, fma((bitcast<f32>((((wt0_02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), unpack2x16float(xt0_0_1_w5).x, fma((bitcast<f32>((((wt0_01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), unpack2x16float(xt0_0_1_w3).x, ((bitcast<f32>((((wt0_00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * unpack2x16float(xt0_0_1_w1).x))))), 0.0625f, (fma((bitcast<f32>(((wt0_03 & 15u) ^ 1258291200u)) - 8388616.0f), unpack2x16float(xt0_0_0_w6).x, fma((bitcast<f32>(((wt0_02 & 15u) ^ 1258291200u)) - 8388616.0f), unpack2x16float(xt0_0_0_w4).x, fma((bitcast<f32>(((wt0_01 & 15u) ^ 1258291200u)) - 8388616.0f), unpack2x16float(xt0_0_0_w2).x, ((bitcast<f32>(((wt0_00 & 15u) ^ 1258291200u)) - 8388616.0f) * unpack2x16float(xt0_0_0_w0).x)))) + fma((bitcast<f32>((((wt0_03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), unpack2x16float(xt0_0_0_w7).x, fma((bitcast<f32>((((wt0_02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), unpack2x16float(xt0_0_0_w5).x, fma((bitcast<f32>((((wt0_01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), unpack2x16float(xt0_0_0_w3).x, ((bitcast<f32>((((wt0_00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * unpack2x16float(xt0_0_0_w1).x)))))))), acc_0_0);
  }
  // red: a workgroup array declared at module scope
  red[(0i + tid)] = acc_0_0;
  workgroupBarrier();
  if ((tid < 32i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(32i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 16i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(16i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 8i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(8i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 4i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(4i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 2i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(2i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 1i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(1i + tid)]);
  }
  workgroupBarrier();
  for (var o: i32 = tid; o < 1i; o += 64i) {
    let total: f32 = red[(o * 64i)];
    let n: i32 = (n0 + (o % 1i));
    let m: i32 = (o / 1i);
    if ((n < kf_scalars.N)) {
      y[((m * kf_scalars.N) + n)] = (total + bias[n]);
    }
  }
}
