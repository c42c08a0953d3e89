@group(0) @binding(0) var<storage, read> xq: array<u32>;
@group(0) @binding(1) var<storage, read> xs: array<f32>;
@group(0) @binding(2) var<storage, read> W: array<u32>;
@group(0) @binding(3) var<storage, read> W_scale: array<u32>;
@group(0) @binding(4) var<storage, read> W_min: array<u32>;
@group(0) @binding(5) var<storage, read> bias: array<f32>;
@group(0) @binding(6) var<storage, read_write> y: array<f32>;
struct KfScalars {
  M: i32,
  N: i32,
  K: i32,
};
@group(0) @binding(7) var<uniform> kf_scalars: KfScalars;
var<workgroup> red: array<f32, 128>;
fn kf_dot4_i8(a: u32, b: u32, c: i32) -> i32 {
  let va = vec4<i32>(extractBits(bitcast<i32>(a), 0u, 8u), extractBits(bitcast<i32>(a), 8u, 8u), extractBits(bitcast<i32>(a), 16u, 8u), extractBits(bitcast<i32>(a), 24u, 8u));
  let vb = vec4<i32>(extractBits(bitcast<i32>(b), 0u, 8u), extractBits(bitcast<i32>(b), 8u, 8u), extractBits(bitcast<i32>(b), 16u, 8u), extractBits(bitcast<i32>(b), 24u, 8u));
  return c + dot(va, vb);
}

@compute @workgroup_size(64, 1, 1)
fn gemv(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(64u, 1u, 1u);
  // gemv w4g64 x f32 quantized to int8 (xq, xs), M=2: 1 rows per workgroup, 64 threads, 16-byte loads, unroll 1, split_k 1
  let tid: i32 = i32(kf_tid.x);
  let n0: i32 = ((i32(kf_gid.x) + (i32(kf_gid.y) * i32(kf_groups.x))) * 1i);
  let row_0: i32 = min((n0 + 0i), (kf_scalars.N - 1i));
  var acc_0_0: f32 = 0.0f;
  var acc_0_1: f32 = 0.0f;
  let chunks: i32 = ((kf_scalars.K / 64i) * 2i);
  let first_chunk: i32 = tid;
  for (var chunk: i32 = first_chunk; chunk < chunks; chunk += 64i) {
    let wt0_0_b: i32 = (chunk / 2i);
    let wt0_00: u32 = W[((((row_0 * (kf_scalars.K / 2i)) + (wt0_0_b * 32i)) + ((chunk % 2i) * 16i)) >> u32(2i))];
    let wt0_01: u32 = W[(((((row_0 * (kf_scalars.K / 2i)) + (wt0_0_b * 32i)) + ((chunk % 2i) * 16i)) >> u32(2i)) + 1i)];
    let wt0_02: u32 = W[(((((row_0 * (kf_scalars.K / 2i)) + (wt0_0_b * 32i)) + ((chunk % 2i) * 16i)) >> u32(2i)) + 2i)];
    let wt0_03: u32 = W[(((((row_0 * (kf_scalars.K / 2i)) + (wt0_0_b * 32i)) + ((chunk % 2i) * 16i)) >> u32(2i)) + 3i)];
    let wt0_0_d: f32 = unpack2x16float(((W_scale[(((row_0 * (kf_scalars.K / 64i)) + wt0_0_b) >> u32(1i))] >> u32(((((row_0 * (kf_scalars.K / 64i)) + wt0_0_b) & 1i) * 16i))) & 65535u)).x;
    let wt0_0_m: f32 = unpack2x16float(((W_min[(((row_0 * (kf_scalars.K / 64i)) + wt0_0_b) >> u32(1i))] >> u32(((((row_0 * (kf_scalars.K / 64i)) + wt0_0_b) & 1i) * 16i))) & 65535u)).x;
    let qt0_0_00: u32 = xq[(((kf_scalars.K * 0i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i))];
    let qt0_0_01: u32 = xq[((((kf_scalars.K * 0i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 1i)];
    let qt0_0_02: u32 = xq[((((kf_scalars.K * 0i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 2i)];
    let qt0_0_03: u32 = xq[((((kf_scalars.K * 0i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 3i)];
    let qt0_0_04: u32 = xq[((((kf_scalars.K * 0i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 4i)];
    let qt0_0_05: u32 = xq[((((kf_scalars.K * 0i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 5i)];
    let qt0_0_06: u32 = xq[((((kf_scalars.K * 0i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 6i)];
    let qt0_0_07: u32 = xq[((((kf_scalars.K * 0i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 7i)];
    let st0_0_0: f32 = xs[((((kf_scalars.K * 0i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(5i)) * 2i)];
    let st0_0_1: f32 = xs[(((((kf_scalars.K * 0i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(5i)) * 2i) + 1i)];
    let dxt0_0: f32 = st0_0_0;
    let mxt0_0: f32 = st0_0_1;
    let it0_0_0: i32 = (kf_dot4_i8((wt0_03 & 252645135u), qt0_0_06, kf_dot4_i8((wt0_02 & 252645135u), qt0_0_04, kf_dot4_i8((wt0_01 & 252645135u), qt0_0_02, kf_dot4_i8((wt0_00 & 252645135u), qt0_0_00, 0i)))) + kf_dot4_i8(((wt0_03 >> 4u) & 252645135u), qt0_0_07, kf_dot4_i8(((wt0_02 >> 4u) & 252645135u), qt0_0_05, kf_dot4_i8(((wt0_01 >> 4u) & 252645135u), qt0_0_03, kf_dot4_i8(((wt0_00 >> 4u) & 252645135u), qt0_0_01, 0i)))));
    acc_0_0 = fma(wt0_0_m, mxt0_0, fma(wt0_0_d, (dxt0_0 * f32(it0_0_0)), acc_0_0));
    let qt0_1_00: u32 = xq[(((kf_scalars.K * 1i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i))];
    let qt0_1_01: u32 = xq[((((kf_scalars.K * 1i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 1i)];
    let qt0_1_02: u32 = xq[((((kf_scalars.K * 1i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 2i)];
    let qt0_1_03: u32 = xq[((((kf_scalars.K * 1i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 3i)];
    let qt0_1_04: u32 = xq[((((kf_scalars.K * 1i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 4i)];
    let qt0_1_05: u32 = xq[((((kf_scalars.K * 1i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 5i)];
    let qt0_1_06: u32 = xq[((((kf_scalars.K * 1i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 6i)];
    let qt0_1_07: u32 = xq[((((kf_scalars.K * 1i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(2i)) + 7i)];
    let st0_1_0: f32 = xs[((((kf_scalars.K * 1i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(5i)) * 2i)];
    let st0_1_1: f32 = xs[(((((kf_scalars.K * 1i) + (((chunk / 2i) * 64i) + (((chunk % 2i) * 16i) * 2i))) >> u32(5i)) * 2i) + 1i)];
    let dxt0_1: f32 = st0_1_0;
    let mxt0_1: f32 = st0_1_1;
    let it0_1_0: i32 = (kf_dot4_i8((wt0_03 & 252645135u), qt0_1_06, kf_dot4_i8((wt0_02 & 252645135u), qt0_1_04, kf_dot4_i8((wt0_01 & 252645135u), qt0_1_02, kf_dot4_i8((wt0_00 & 252645135u), qt0_1_00, 0i)))) + kf_dot4_i8(((wt0_03 >> 4u) & 252645135u), qt0_1_07, kf_dot4_i8(((wt0_02 >> 4u) & 252645135u), qt0_1_05, kf_dot4_i8(((wt0_01 >> 4u) & 252645135u), qt0_1_03, kf_dot4_i8(((wt0_00 >> 4u) & 252645135u), qt0_1_01, 0i)))));
    acc_0_1 = fma(wt0_0_m, mxt0_1, fma(wt0_0_d, (dxt0_1 * f32(it0_1_0)), acc_0_1));
  }
  // red: a workgroup array declared at module scope
  red[(0i + tid)] = acc_0_0;
  red[(64i + tid)] = acc_0_1;
  workgroupBarrier();
  if ((tid < 32i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(32i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(96i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 16i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(16i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(80i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 8i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(8i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(72i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 4i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(4i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(68i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 2i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(2i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(66i + tid)]);
  }
  workgroupBarrier();
  if ((tid < 1i)) {
    red[(0i + tid)] = (red[(0i + tid)] + red[(1i + tid)]);
    red[(64i + tid)] = (red[(64i + tid)] + red[(65i + tid)]);
  }
  workgroupBarrier();
  for (var o: i32 = tid; o < 2i; o += 64i) {
    let total: f32 = red[(o * 64i)];
    let n: i32 = (n0 + (o % 1i));
    let m: i32 = (o / 1i);
    if ((n < kf_scalars.N)) {
      y[((m * kf_scalars.N) + n)] = (total + bias[n]);
    }
  }
}
