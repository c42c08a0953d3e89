@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> xq: array<u32>;
@group(0) @binding(2) var<storage, read_write> xs: array<f32>;
struct KfScalars {
  M: i32,
  N: i32,
  K: i32,
};
@group(0) @binding(3) var<uniform> kf_scalars: KfScalars;
var<workgroup> qx_max: array<f32, 64>;
var<workgroup> qx_sum: array<i32, 64>;

@compute @workgroup_size(64, 1, 1)
fn gemv_quantize_x(@builtin(local_invocation_id) kf_tid: vec3<u32>, @builtin(workgroup_id) kf_gid: vec3<u32>, @builtin(num_workgroups) kf_groups: vec3<u32>, @builtin(global_invocation_id) kf_global: vec3<u32>) {
  let kf_group_size = vec3<u32>(64u, 1u, 1u);
  // x (f32) to int8 per 32-block for gemv w4g64: 64 threads, 8 blocks per workgroup
  let tid: i32 = i32(kf_tid.x);
  let word_raw: i32 = (((i32(kf_gid.x) + (i32(kf_gid.y) * i32(kf_groups.x))) * 64i) + tid);
  let words: i32 = ((kf_scalars.M * kf_scalars.K) / 4i);
  let word: i32 = min(word_raw, (words - 1i));
  let blk: i32 = (word >> u32(3i));
  let t: i32 = (word & 7i);
  let e0: i32 = ((blk * 32i) + ((((t >> u32(1i)) * 8i) + (t & 1i)) + 0i));
  let e1: i32 = ((blk * 32i) + ((((t >> u32(1i)) * 8i) + (t & 1i)) + 2i));
  let e2: i32 = ((blk * 32i) + ((((t >> u32(1i)) * 8i) + (t & 1i)) + 4i));
  let e3: i32 = ((blk * 32i) + ((((t >> u32(1i)) * 8i) + (t & 1i)) + 6i));
  let v0: f32 = x[e0];
  let v1: f32 = x[e1];
  let v2: f32 = x[e2];
  let v3: f32 = x[e3];
  let a01: f32 = max(abs(v0), abs(v1));
  let a23: f32 = max(abs(v2), abs(v3));
  // qx_max: a workgroup array declared at module scope
  qx_max[tid] = max(a01, a23);
  workgroupBarrier();
  let base: i32 = (tid - (tid & 7i));
  var amax: f32 = 0.0f;
  for (var j: i32 = 0i; j < 8i; j += 1i) {
    amax = max(amax, qx_max[(base + j)]);
  }
  let d: f32 = (amax / 127.0f);
  let id: f32 = select(0.0f, (1.0f / d), (d != 0.0f));
  let b0: u32 = bitcast<u32>(fma(v0, id, 12582912.0f));
  let b1: u32 = bitcast<u32>(fma(v1, id, 12582912.0f));
  let b2: u32 = bitcast<u32>(fma(v2, id, 12582912.0f));
  let b3: u32 = bitcast<u32>(fma(v3, id, 12582912.0f));
  if ((word_raw < words)) {
    xq[word] = (((b0 & 255u) | ((b1 & 255u) << 8u)) | (((b2 & 255u) << 16u) | ((b3 & 255u) << 24u)));
  }
  // qx_sum: a workgroup array declared at module scope
  qx_sum[tid] = (((bitcast<i32>(b0) - 1262485504i) + (bitcast<i32>(b1) - 1262485504i)) + ((bitcast<i32>(b2) - 1262485504i) + (bitcast<i32>(b3) - 1262485504i)));
  workgroupBarrier();
  if (((word_raw < words) && (t == 0i))) {
    xs[(blk * 2i)] = d;
    var qsum: i32 = 0i;
    for (var j: i32 = 0i; j < 8i; j += 1i) {
      qsum = (qsum + qx_sum[(base + j)]);
    }
    xs[((blk * 2i) + 1i)] = (d * f32(qsum));
  }
}
