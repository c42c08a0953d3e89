#include <metal_stdlib>
using namespace metal;

inline float kf_f16_to_f32(uint bits) {
  return float(as_type<half>((ushort)(bits & 0xffffu)));
}

// c + the dot product of the signed bytes of a and b (shifting a byte to the top sign-extends it)
inline int kf_dot4_i8(uint a, uint b, int c) {
  return c + (as_type<int>(a << 24) >> 24) * (as_type<int>(b << 24) >> 24) + (as_type<int>(a << 16) >> 24) * (as_type<int>(b << 16) >> 24)
    + (as_type<int>(a << 8) >> 24) * (as_type<int>(b << 8) >> 24) + (as_type<int>(a) >> 24) * (as_type<int>(b) >> 24);
}

// the larger |x| of each f16 lane of two words (x not NaN: |x| orders like its bits without the sign)
inline uint kf_absmax_f16x2(uint a, uint b) {
  return max(a & 0x7fffu, b & 0x7fffu) | (max((a >> 16) & 0x7fffu, (b >> 16) & 0x7fffu) << 16);
}

// low word of (hi:lo) >> n for 0 <= n <= 32 (CUDA's clamped funnel shift)
inline uint kf_funnel_shr(uint lo, uint hi, uint n) {
  return n == 32u ? hi : n == 0u ? lo : (lo >> n) | (hi << (32u - n));
}

kernel void attention(device const float* q [[buffer(0)]], device const uint* k [[buffer(1)]], device const uint* v [[buffer(2)]], device float* partial_ml [[buffer(3)]], device float* partial_o [[buffer(4)]], constant int& B [[buffer(5)]], constant int& Sq [[buffer(6)]], constant int& Skv [[buffer(7)]], uint3 kf_tid [[thread_position_in_threadgroup]], uint3 kf_gid [[threadgroup_position_in_grid]], uint3 kf_groups [[threadgroups_per_grid]], uint3 kf_group_size [[threads_per_threadgroup]], uint3 kf_global [[thread_position_in_grid]], uint kf_sg_lane [[thread_index_in_simdgroup]], uint kf_sg_size [[threads_per_simdgroup]]) {
  // attention f16 KV, G=4 D=128 Dv=128: 4 rows per workgroup, 64 threads as 4 key groups of 16 lanes, 8-element loads, 2 keys per group per tile, 8 kv splits
  const int tid = (int)kf_tid.x;
  const int grp = (tid / 16);
  const int ln = (tid & 15);
  const int bh = (int)kf_gid.z;
  const int b = (bh / 4);
  const int kvh = (bh % 4);
  const int rows = (Sq * 4);
  const int r0 = ((int)kf_gid.x * 4);
  const int rlast = (min((r0 + 4), rows) - 1);
  const int kvbase = (bh * Skv);
  const int rr0 = min((r0 + 0), (rows - 1));
  const int i0 = (rr0 / 4);
  const int qrow0 = ((((b * 16) + ((kvh * 4) + (rr0 % 4))) * Sq) + i0);
  const int rr1 = min((r0 + 1), (rows - 1));
  const int i1 = (rr1 / 4);
  const int qrow1 = ((((b * 16) + ((kvh * 4) + (rr1 % 4))) * Sq) + i1);
  const int rr2 = min((r0 + 2), (rows - 1));
  const int i2 = (rr2 / 4);
  const int qrow2 = ((((b * 16) + ((kvh * 4) + (rr2 % 4))) * Sq) + i2);
  const int rr3 = min((r0 + 3), (rows - 1));
  const int i3 = (rr3 / 4);
  const int qrow3 = ((((b * 16) + ((kvh * 4) + (rr3 % 4))) * Sq) + i3);
  const int lo = 0;
  const int hi = Skv;
  const int split = (int)kf_gid.y;
  const int chunk = (((hi - lo) + 7) / 8);
  const int k0 = (lo + (split * chunk));
  const int k1 = min((k0 + chunk), hi);
  const int dim0 = ((ln + 0) * 8);
  const int dk0 = dim0;
  const int dv0 = dim0;
  const float4 qx0_0_0 = (*(device const float4*)(&q[((qrow0 * 128) + dk0)]));
  const float4 qx0_0_1 = (*(device const float4*)(&q[(((qrow0 * 128) + dk0) + 4)]));
  const float q0_0_0 = (qx0_0_0.x * 0.08838834764831843f);
  const float q0_0_1 = (qx0_0_0.y * 0.08838834764831843f);
  const float q0_0_2 = (qx0_0_0.z * 0.08838834764831843f);
  const float q0_0_3 = (qx0_0_0.w * 0.08838834764831843f);
  const float q0_0_4 = (qx0_0_1.x * 0.08838834764831843f);
  const float q0_0_5 = (qx0_0_1.y * 0.08838834764831843f);
  const float q0_0_6 = (qx0_0_1.z * 0.08838834764831843f);
  const float q0_0_7 = (qx0_0_1.w * 0.08838834764831843f);
  const float4 qx1_0_0 = (*(device const float4*)(&q[((qrow1 * 128) + dk0)]));
  const float4 qx1_0_1 = (*(device const float4*)(&q[(((qrow1 * 128) + dk0) + 4)]));
  const float q1_0_0 = (qx1_0_0.x * 0.08838834764831843f);
  const float q1_0_1 = (qx1_0_0.y * 0.08838834764831843f);
  const float q1_0_2 = (qx1_0_0.z * 0.08838834764831843f);
  const float q1_0_3 = (qx1_0_0.w * 0.08838834764831843f);
  const float q1_0_4 = (qx1_0_1.x * 0.08838834764831843f);
  const float q1_0_5 = (qx1_0_1.y * 0.08838834764831843f);
  const float q1_0_6 = (qx1_0_1.z * 0.08838834764831843f);
  const float q1_0_7 = (qx1_0_1.w * 0.08838834764831843f);
  const float4 qx2_0_0 = (*(device const float4*)(&q[((qrow2 * 128) + dk0)]));
  const float4 qx2_0_1 = (*(device const float4*)(&q[(((qrow2 * 128) + dk0) + 4)]));
  const float q2_0_0 = (qx2_0_0.x * 0.08838834764831843f);
  const float q2_0_1 = (qx2_0_0.y * 0.08838834764831843f);
  const float q2_0_2 = (qx2_0_0.z * 0.08838834764831843f);
  const float q2_0_3 = (qx2_0_0.w * 0.08838834764831843f);
  const float q2_0_4 = (qx2_0_1.x * 0.08838834764831843f);
  const float q2_0_5 = (qx2_0_1.y * 0.08838834764831843f);
  const float q2_0_6 = (qx2_0_1.z * 0.08838834764831843f);
  const float q2_0_7 = (qx2_0_1.w * 0.08838834764831843f);
  const float4 qx3_0_0 = (*(device const float4*)(&q[((qrow3 * 128) + dk0)]));
  const float4 qx3_0_1 = (*(device const float4*)(&q[(((qrow3 * 128) + dk0) + 4)]));
  const float q3_0_0 = (qx3_0_0.x * 0.08838834764831843f);
  const float q3_0_1 = (qx3_0_0.y * 0.08838834764831843f);
  const float q3_0_2 = (qx3_0_0.z * 0.08838834764831843f);
  const float q3_0_3 = (qx3_0_0.w * 0.08838834764831843f);
  const float q3_0_4 = (qx3_0_1.x * 0.08838834764831843f);
  const float q3_0_5 = (qx3_0_1.y * 0.08838834764831843f);
  const float q3_0_6 = (qx3_0_1.z * 0.08838834764831843f);
  const float q3_0_7 = (qx3_0_1.w * 0.08838834764831843f);
  float m0 = (-1e+30f);
  float l0 = 0.0f;
  float acc0_0_0 = 0.0f;
  float acc0_0_1 = 0.0f;
  float acc0_0_2 = 0.0f;
  float acc0_0_3 = 0.0f;
  float acc0_0_4 = 0.0f;
  float acc0_0_5 = 0.0f;
  float acc0_0_6 = 0.0f;
  float acc0_0_7 = 0.0f;
  float m1 = (-1e+30f);
  float l1 = 0.0f;
  float acc1_0_0 = 0.0f;
  float acc1_0_1 = 0.0f;
  float acc1_0_2 = 0.0f;
  float acc1_0_3 = 0.0f;
  float acc1_0_4 = 0.0f;
  float acc1_0_5 = 0.0f;
  float acc1_0_6 = 0.0f;
  float acc1_0_7 = 0.0f;
  float m2 = (-1e+30f);
  float l2 = 0.0f;
  float acc2_0_0 = 0.0f;
  float acc2_0_1 = 0.0f;
  float acc2_0_2 = 0.0f;
  float acc2_0_3 = 0.0f;
  float acc2_0_4 = 0.0f;
  float acc2_0_5 = 0.0f;
  float acc2_0_6 = 0.0f;
  float acc2_0_7 = 0.0f;
  float m3 = (-1e+30f);
  float l3 = 0.0f;
  float acc3_0_0 = 0.0f;
  float acc3_0_1 = 0.0f;
  float acc3_0_2 = 0.0f;
  float acc3_0_3 = 0.0f;
  float acc3_0_4 = 0.0f;
  float acc3_0_5 = 0.0f;
  float acc3_0_6 = 0.0f;
  float acc3_0_7 = 0.0f;
  const int kr0 = (kvbase + max(min(((k0 + 0) + grp), (k1 - 1)), 0));
  const int kr1 = (kvbase + max(min(((k0 + 4) + grp), (k1 - 1)), 0));
  uint4 k0_0_0 = (*(device const uint4*)(&k[(((kr0 * 128) + dk0) >> 1)]));
  uint4 k1_0_0 = (*(device const uint4*)(&k[(((kr1 * 128) + dk0) >> 1)]));
  uint4 v0_0_0 = (*(device const uint4*)(&v[(((kr0 * 128) + dv0) >> 1)]));
  uint4 v1_0_0 = (*(device const uint4*)(&v[(((kr1 * 128) + dv0) >> 1)]));
  for (int t = k0; t < k1; t += 8) {
    const int j0 = ((t + 0) + grp);
    const int krn0 = (kvbase + max(min(((t + 8) + grp), (k1 - 1)), 0));
    const int j1 = ((t + 4) + grp);
    const int krn1 = (kvbase + max(min(((t + 12) + grp), (k1 - 1)), 0));
    const uint4 nk0_0_0 = (*(device const uint4*)(&k[(((krn0 * 128) + dk0) >> 1)]));
    const uint4 nk1_0_0 = (*(device const uint4*)(&k[(((krn1 * 128) + dk0) >> 1)]));
    const uint4 nv0_0_0 = (*(device const uint4*)(&v[(((krn0 * 128) + dv0) >> 1)]));
    const uint4 nv1_0_0 = (*(device const uint4*)(&v[(((krn1 * 128) + dv0) >> 1)]));
    const float k0_0_x0 = kf_f16_to_f32(k0_0_0.x);
    const float k0_0_x1 = kf_f16_to_f32((k0_0_0.x >> 16u));
    const float k0_0_x2 = kf_f16_to_f32(k0_0_0.y);
    const float k0_0_x3 = kf_f16_to_f32((k0_0_0.y >> 16u));
    const float k0_0_x4 = kf_f16_to_f32(k0_0_0.z);
    const float k0_0_x5 = kf_f16_to_f32((k0_0_0.z >> 16u));
    const float k0_0_x6 = kf_f16_to_f32(k0_0_0.w);
    const float k0_0_x7 = kf_f16_to_f32((k0_0_0.w >> 16u));
    const float k1_0_x0 = kf_f16_to_f32(k1_0_0.x);
    const float k1_0_x1 = kf_f16_to_f32((k1_0_0.x >> 16u));
    const float k1_0_x2 = kf_f16_to_f32(k1_0_0.y);
    const float k1_0_x3 = kf_f16_to_f32((k1_0_0.y >> 16u));
    const float k1_0_x4 = kf_f16_to_f32(k1_0_0.z);
    const float k1_0_x5 = kf_f16_to_f32((k1_0_0.z >> 16u));
    const float k1_0_x6 = kf_f16_to_f32(k1_0_0.w);
    const float k1_0_x7 = kf_f16_to_f32((k1_0_0.w >> 16u));
    const float v0_0_x0 = kf_f16_to_f32(v0_0_0.x);
    const float v0_0_x1 = kf_f16_to_f32((v0_0_0.x >> 16u));
    const float v0_0_x2 = kf_f16_to_f32(v0_0_0.y);
    const float v0_0_x3 = kf_f16_to_f32((v0_0_0.y >> 16u));
    const float v0_0_x4 = kf_f16_to_f32(v0_0_0.z);
    const float v0_0_x5 = kf_f16_to_f32((v0_0_0.z >> 16u));
    const float v0_0_x6 = kf_f16_to_f32(v0_0_0.w);
    const float v0_0_x7 = kf_f16_to_f32((v0_0_0.w >> 16u));
    const float v1_0_x0 = kf_f16_to_f32(v1_0_0.x);
    const float v1_0_x1 = kf_f16_to_f32((v1_0_0.x >> 16u));
    const float v1_0_x2 = kf_f16_to_f32(v1_0_0.y);
    const float v1_0_x3 = kf_f16_to_f32((v1_0_0.y >> 16u));
    const float v1_0_x4 = kf_f16_to_f32(v1_0_0.z);
    const float v1_0_x5 = kf_f16_to_f32((v1_0_0.z >> 16u));
    const float v1_0_x6 = kf_f16_to_f32(v1_0_0.w);
    const float v1_0_x7 = kf_f16_to_f32((v1_0_0.w >> 16u));
    const float pd0_0 = fma(q0_0_7, k0_0_x7, fma(q0_0_6, k0_0_x6, fma(q0_0_5, k0_0_x5, fma(q0_0_4, k0_0_x4, fma(q0_0_3, k0_0_x3, fma(q0_0_2, k0_0_x2, fma(q0_0_1, k0_0_x1, (q0_0_0 * k0_0_x0))))))));
    const float pd0_1 = fma(q0_0_7, k1_0_x7, fma(q0_0_6, k1_0_x6, fma(q0_0_5, k1_0_x5, fma(q0_0_4, k1_0_x4, fma(q0_0_3, k1_0_x3, fma(q0_0_2, k1_0_x2, fma(q0_0_1, k1_0_x1, (q0_0_0 * k1_0_x0))))))));
    const float pd1_0 = fma(q1_0_7, k0_0_x7, fma(q1_0_6, k0_0_x6, fma(q1_0_5, k0_0_x5, fma(q1_0_4, k0_0_x4, fma(q1_0_3, k0_0_x3, fma(q1_0_2, k0_0_x2, fma(q1_0_1, k0_0_x1, (q1_0_0 * k0_0_x0))))))));
    const float pd1_1 = fma(q1_0_7, k1_0_x7, fma(q1_0_6, k1_0_x6, fma(q1_0_5, k1_0_x5, fma(q1_0_4, k1_0_x4, fma(q1_0_3, k1_0_x3, fma(q1_0_2, k1_0_x2, fma(q1_0_1, k1_0_x1, (q1_0_0 * k1_0_x0))))))));
    const float pd2_0 = fma(q2_0_7, k0_0_x7, fma(q2_0_6, k0_0_x6, fma(q2_0_5, k0_0_x5, fma(q2_0_4, k0_0_x4, fma(q2_0_3, k0_0_x3, fma(q2_0_2, k0_0_x2, fma(q2_0_1, k0_0_x1, (q2_0_0 * k0_0_x0))))))));
    const float pd2_1 = fma(q2_0_7, k1_0_x7, fma(q2_0_6, k1_0_x6, fma(q2_0_5, k1_0_x5, fma(q2_0_4, k1_0_x4, fma(q2_0_3, k1_0_x3, fma(q2_0_2, k1_0_x2, fma(q2_0_1, k1_0_x1, (q2_0_0 * k1_0_x0))))))));
    const float pd3_0 = fma(q3_0_7, k0_0_x7, fma(q3_0_6, k0_0_x6, fma(q3_0_5, k0_0_x5, fma(q3_0_4, k0_0_x4, fma(q3_0_3, k0_0_x3, fma(q3_0_2, k0_0_x2, fma(q3_0_1, k0_0_x1, (q3_0_0 * k0_0_x0))))))));
    const float pd3_1 = fma(q3_0_7, k1_0_x7, fma(q3_0_6, k1_0_x6, fma(q3_0_5, k1_0_x5, fma(q3_0_4, k1_0_x4, fma(q3_0_3, k1_0_x3, fma(q3_0_2, k1_0_x2, fma(q3_0_1, k1_0_x1, (q3_0_0 * k1_0_x0))))))));
    const float pd0_0_8 = (pd0_0 + simd_shuffle_xor(pd0_0, (ushort)(8)));
    const float pd0_0_4 = (pd0_0_8 + simd_shuffle_xor(pd0_0_8, (ushort)(4)));
    const float pd0_0_2 = (pd0_0_4 + simd_shuffle_xor(pd0_0_4, (ushort)(2)));
    const float s0_0 = (pd0_0_2 + simd_shuffle_xor(pd0_0_2, (ushort)(1)));
    const float pd0_1_8 = (pd0_1 + simd_shuffle_xor(pd0_1, (ushort)(8)));
    const float pd0_1_4 = (pd0_1_8 + simd_shuffle_xor(pd0_1_8, (ushort)(4)));
    const float pd0_1_2 = (pd0_1_4 + simd_shuffle_xor(pd0_1_4, (ushort)(2)));
    const float s0_1 = (pd0_1_2 + simd_shuffle_xor(pd0_1_2, (ushort)(1)));
    const float pd1_0_8 = (pd1_0 + simd_shuffle_xor(pd1_0, (ushort)(8)));
    const float pd1_0_4 = (pd1_0_8 + simd_shuffle_xor(pd1_0_8, (ushort)(4)));
    const float pd1_0_2 = (pd1_0_4 + simd_shuffle_xor(pd1_0_4, (ushort)(2)));
    const float s1_0 = (pd1_0_2 + simd_shuffle_xor(pd1_0_2, (ushort)(1)));
    const float pd1_1_8 = (pd1_1 + simd_shuffle_xor(pd1_1, (ushort)(8)));
    const float pd1_1_4 = (pd1_1_8 + simd_shuffle_xor(pd1_1_8, (ushort)(4)));
    const float pd1_1_2 = (pd1_1_4 + simd_shuffle_xor(pd1_1_4, (ushort)(2)));
    const float s1_1 = (pd1_1_2 + simd_shuffle_xor(pd1_1_2, (ushort)(1)));
    const float pd2_0_8 = (pd2_0 + simd_shuffle_xor(pd2_0, (ushort)(8)));
    const float pd2_0_4 = (pd2_0_8 + simd_shuffle_xor(pd2_0_8, (ushort)(4)));
    const float pd2_0_2 = (pd2_0_4 + simd_shuffle_xor(pd2_0_4, (ushort)(2)));
    const float s2_0 = (pd2_0_2 + simd_shuffle_xor(pd2_0_2, (ushort)(1)));
    const float pd2_1_8 = (pd2_1 + simd_shuffle_xor(pd2_1, (ushort)(8)));
    const float pd2_1_4 = (pd2_1_8 + simd_shuffle_xor(pd2_1_8, (ushort)(4)));
    const float pd2_1_2 = (pd2_1_4 + simd_shuffle_xor(pd2_1_4, (ushort)(2)));
    const float s2_1 = (pd2_1_2 + simd_shuffle_xor(pd2_1_2, (ushort)(1)));
    const float pd3_0_8 = (pd3_0 + simd_shuffle_xor(pd3_0, (ushort)(8)));
    const float pd3_0_4 = (pd3_0_8 + simd_shuffle_xor(pd3_0_8, (ushort)(4)));
    const float pd3_0_2 = (pd3_0_4 + simd_shuffle_xor(pd3_0_4, (ushort)(2)));
    const float s3_0 = (pd3_0_2 + simd_shuffle_xor(pd3_0_2, (ushort)(1)));
    const float pd3_1_8 = (pd3_1 + simd_shuffle_xor(pd3_1, (ushort)(8)));
    const float pd3_1_4 = (pd3_1_8 + simd_shuffle_xor(pd3_1_8, (ushort)(4)));
    const float pd3_1_2 = (pd3_1_4 + simd_shuffle_xor(pd3_1_4, (ushort)(2)));
    const float s3_1 = (pd3_1_2 + simd_shuffle_xor(pd3_1_2, (ushort)(1)));
    const bool vis0_0 = (j0 < k1);
    const bool vis0_1 = (j1 < k1);
    const float mt0 = fmax((vis0_0 ? s0_0 : (-1e+30f)), (vis0_1 ? s0_1 : (-1e+30f)));
    const float mn0 = fmax(m0, mt0);
    const float al0 = exp((m0 - mn0));
    const float pr0_0 = (vis0_0 ? exp((s0_0 - mn0)) : 0.0f);
    const float pr0_1 = (vis0_1 ? exp((s0_1 - mn0)) : 0.0f);
    l0 = ((l0 * al0) + (pr0_0 + pr0_1));
    m0 = mn0;
    acc0_0_0 = fma(pr0_1, v1_0_x0, fma(pr0_0, v0_0_x0, (acc0_0_0 * al0)));
    acc0_0_1 = fma(pr0_1, v1_0_x1, fma(pr0_0, v0_0_x1, (acc0_0_1 * al0)));
    acc0_0_2 = fma(pr0_1, v1_0_x2, fma(pr0_0, v0_0_x2, (acc0_0_2 * al0)));
    acc0_0_3 = fma(pr0_1, v1_0_x3, fma(pr0_0, v0_0_x3, (acc0_0_3 * al0)));
    acc0_0_4 = fma(pr0_1, v1_0_x4, fma(pr0_0, v0_0_x4, (acc0_0_4 * al0)));
    acc0_0_5 = fma(pr0_1, v1_0_x5, fma(pr0_0, v0_0_x5, (acc0_0_5 * al0)));
    acc0_0_6 = fma(pr0_1, v1_0_x6, fma(pr0_0, v0_0_x6, (acc0_0_6 * al0)));
    acc0_0_7 = fma(pr0_1, v1_0_x7, fma(pr0_0, v0_0_x7, (acc0_0_7 * al0)));
    const bool vis1_0 = (j0 < k1);
    const bool vis1_1 = (j1 < k1);
    const float mt1 = fmax((vis1_0 ? s1_0 : (-1e+30f)), (vis1_1 ? s1_1 : (-1e+30f)));
    const float mn1 = fmax(m1, mt1);
    const float al1 = exp((m1 - mn1));
    const float pr1_0 = (vis1_0 ? exp((s1_0 - mn1)) : 0.0f);
    const float pr1_1 = (vis1_1 ? exp((s1_1 - mn1)) : 0.0f);
    l1 = ((l1 * al1) + (pr1_0 + pr1_1));
    m1 = mn1;
    acc1_0_0 = fma(pr1_1, v1_0_x0, fma(pr1_0, v0_0_x0, (acc1_0_0 * al1)));
    acc1_0_1 = fma(pr1_1, v1_0_x1, fma(pr1_0, v0_0_x1, (acc1_0_1 * al1)));
    acc1_0_2 = fma(pr1_1, v1_0_x2, fma(pr1_0, v0_0_x2, (acc1_0_2 * al1)));
    acc1_0_3 = fma(pr1_1, v1_0_x3, fma(pr1_0, v0_0_x3, (acc1_0_3 * al1)));
    acc1_0_4 = fma(pr1_1, v1_0_x4, fma(pr1_0, v0_0_x4, (acc1_0_4 * al1)));
    acc1_0_5 = fma(pr1_1, v1_0_x5, fma(pr1_0, v0_0_x5, (acc1_0_5 * al1)));
    acc1_0_6 = fma(pr1_1, v1_0_x6, fma(pr1_0, v0_0_x6, (acc1_0_6 * al1)));
    acc1_0_7 = fma(pr1_1, v1_0_x7, fma(pr1_0, v0_0_x7, (acc1_0_7 * al1)));
    const bool vis2_0 = (j0 < k1);
    const bool vis2_1 = (j1 < k1);
    const float mt2 = fmax((vis2_0 ? s2_0 : (-1e+30f)), (vis2_1 ? s2_1 : (-1e+30f)));
    const float mn2 = fmax(m2, mt2);
    const float al2 = exp((m2 - mn2));
    const float pr2_0 = (vis2_0 ? exp((s2_0 - mn2)) : 0.0f);
    const float pr2_1 = (vis2_1 ? exp((s2_1 - mn2)) : 0.0f);
    l2 = ((l2 * al2) + (pr2_0 + pr2_1));
    m2 = mn2;
    acc2_0_0 = fma(pr2_1, v1_0_x0, fma(pr2_0, v0_0_x0, (acc2_0_0 * al2)));
    acc2_0_1 = fma(pr2_1, v1_0_x1, fma(pr2_0, v0_0_x1, (acc2_0_1 * al2)));
    acc2_0_2 = fma(pr2_1, v1_0_x2, fma(pr2_0, v0_0_x2, (acc2_0_2 * al2)));
    acc2_0_3 = fma(pr2_1, v1_0_x3, fma(pr2_0, v0_0_x3, (acc2_0_3 * al2)));
    acc2_0_4 = fma(pr2_1, v1_0_x4, fma(pr2_0, v0_0_x4, (acc2_0_4 * al2)));
    acc2_0_5 = fma(pr2_1, v1_0_x5, fma(pr2_0, v0_0_x5, (acc2_0_5 * al2)));
    acc2_0_6 = fma(pr2_1, v1_0_x6, fma(pr2_0, v0_0_x6, (acc2_0_6 * al2)));
    acc2_0_7 = fma(pr2_1, v1_0_x7, fma(pr2_0, v0_0_x7, (acc2_0_7 * al2)));
    const bool vis3_0 = (j0 < k1);
    const bool vis3_1 = (j1 < k1);
    const float mt3 = fmax((vis3_0 ? s3_0 : (-1e+30f)), (vis3_1 ? s3_1 : (-1e+30f)));
    const float mn3 = fmax(m3, mt3);
    const float al3 = exp((m3 - mn3));
    const float pr3_0 = (vis3_0 ? exp((s3_0 - mn3)) : 0.0f);
    const float pr3_1 = (vis3_1 ? exp((s3_1 - mn3)) : 0.0f);
    l3 = ((l3 * al3) + (pr3_0 + pr3_1));
    m3 = mn3;
    acc3_0_0 = fma(pr3_1, v1_0_x0, fma(pr3_0, v0_0_x0, (acc3_0_0 * al3)));
    acc3_0_1 = fma(pr3_1, v1_0_x1, fma(pr3_0, v0_0_x1, (acc3_0_1 * al3)));
    acc3_0_2 = fma(pr3_1, v1_0_x2, fma(pr3_0, v0_0_x2, (acc3_0_2 * al3)));
    acc3_0_3 = fma(pr3_1, v1_0_x3, fma(pr3_0, v0_0_x3, (acc3_0_3 * al3)));
    acc3_0_4 = fma(pr3_1, v1_0_x4, fma(pr3_0, v0_0_x4, (acc3_0_4 * al3)));
    acc3_0_5 = fma(pr3_1, v1_0_x5, fma(pr3_0, v0_0_x5, (acc3_0_5 * al3)));
    acc3_0_6 = fma(pr3_1, v1_0_x6, fma(pr3_0, v0_0_x6, (acc3_0_6 * al3)));
    acc3_0_7 = fma(pr3_1, v1_0_x7, fma(pr3_0, v0_0_x7, (acc3_0_7 * al3)));
    k0_0_0 = nk0_0_0;
    k1_0_0 = nk1_0_0;
    v0_0_0 = nv0_0_0;
    v1_0_0 = nv1_0_0;
  }
  threadgroup float sm_ml[32];
  if (ln == 0) {
    sm_ml[((0 + grp) * 2)] = m0;
    sm_ml[(((0 + grp) * 2) + 1)] = l0;
    sm_ml[((4 + grp) * 2)] = m1;
    sm_ml[(((4 + grp) * 2) + 1)] = l1;
    sm_ml[((8 + grp) * 2)] = m2;
    sm_ml[(((8 + grp) * 2) + 1)] = l2;
    sm_ml[((12 + grp) * 2)] = m3;
    sm_ml[(((12 + grp) * 2) + 1)] = l3;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float M0 = (-1e+30f);
  for (int gm0 = 0; gm0 < 4; gm0++) {
    M0 = fmax(M0, sm_ml[((gm0 + 0) * 2)]);
  }
  float Lt0 = 0.0f;
  for (int gl0 = 0; gl0 < 4; gl0++) {
    const int gi0 = ((gl0 + 0) * 2);
    Lt0 = fma(exp((sm_ml[gi0] - M0)), sm_ml[(gi0 + 1)], Lt0);
  }
  const float w0 = exp((m0 - M0));
  float M1 = (-1e+30f);
  for (int gm1 = 0; gm1 < 4; gm1++) {
    M1 = fmax(M1, sm_ml[((gm1 + 4) * 2)]);
  }
  float Lt1 = 0.0f;
  for (int gl1 = 0; gl1 < 4; gl1++) {
    const int gi1 = ((gl1 + 4) * 2);
    Lt1 = fma(exp((sm_ml[gi1] - M1)), sm_ml[(gi1 + 1)], Lt1);
  }
  const float w1 = exp((m1 - M1));
  float M2 = (-1e+30f);
  for (int gm2 = 0; gm2 < 4; gm2++) {
    M2 = fmax(M2, sm_ml[((gm2 + 8) * 2)]);
  }
  float Lt2 = 0.0f;
  for (int gl2 = 0; gl2 < 4; gl2++) {
    const int gi2 = ((gl2 + 8) * 2);
    Lt2 = fma(exp((sm_ml[gi2] - M2)), sm_ml[(gi2 + 1)], Lt2);
  }
  const float w2 = exp((m2 - M2));
  float M3 = (-1e+30f);
  for (int gm3 = 0; gm3 < 4; gm3++) {
    M3 = fmax(M3, sm_ml[((gm3 + 12) * 2)]);
  }
  float Lt3 = 0.0f;
  for (int gl3 = 0; gl3 < 4; gl3++) {
    const int gi3 = ((gl3 + 12) * 2);
    Lt3 = fma(exp((sm_ml[gi3] - M3)), sm_ml[(gi3 + 1)], Lt3);
  }
  const float w3 = exp((m3 - M3));
  threadgroup float sm_o[2048];
  sm_o[(((0 + grp) * 128) + (dv0 + 0))] = (acc0_0_0 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 1))] = (acc0_0_1 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 2))] = (acc0_0_2 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 3))] = (acc0_0_3 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 4))] = (acc0_0_4 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 5))] = (acc0_0_5 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 6))] = (acc0_0_6 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 7))] = (acc0_0_7 * w0);
  sm_o[(((4 + grp) * 128) + (dv0 + 0))] = (acc1_0_0 * w1);
  sm_o[(((4 + grp) * 128) + (dv0 + 1))] = (acc1_0_1 * w1);
  sm_o[(((4 + grp) * 128) + (dv0 + 2))] = (acc1_0_2 * w1);
  sm_o[(((4 + grp) * 128) + (dv0 + 3))] = (acc1_0_3 * w1);
  sm_o[(((4 + grp) * 128) + (dv0 + 4))] = (acc1_0_4 * w1);
  sm_o[(((4 + grp) * 128) + (dv0 + 5))] = (acc1_0_5 * w1);
  sm_o[(((4 + grp) * 128) + (dv0 + 6))] = (acc1_0_6 * w1);
  sm_o[(((4 + grp) * 128) + (dv0 + 7))] = (acc1_0_7 * w1);
  sm_o[(((8 + grp) * 128) + (dv0 + 0))] = (acc2_0_0 * w2);
  sm_o[(((8 + grp) * 128) + (dv0 + 1))] = (acc2_0_1 * w2);
  sm_o[(((8 + grp) * 128) + (dv0 + 2))] = (acc2_0_2 * w2);
  sm_o[(((8 + grp) * 128) + (dv0 + 3))] = (acc2_0_3 * w2);
  sm_o[(((8 + grp) * 128) + (dv0 + 4))] = (acc2_0_4 * w2);
  sm_o[(((8 + grp) * 128) + (dv0 + 5))] = (acc2_0_5 * w2);
  sm_o[(((8 + grp) * 128) + (dv0 + 6))] = (acc2_0_6 * w2);
  sm_o[(((8 + grp) * 128) + (dv0 + 7))] = (acc2_0_7 * w2);
  sm_o[(((12 + grp) * 128) + (dv0 + 0))] = (acc3_0_0 * w3);
  sm_o[(((12 + grp) * 128) + (dv0 + 1))] = (acc3_0_1 * w3);
  sm_o[(((12 + grp) * 128) + (dv0 + 2))] = (acc3_0_2 * w3);
  sm_o[(((12 + grp) * 128) + (dv0 + 3))] = (acc3_0_3 * w3);
  sm_o[(((12 + grp) * 128) + (dv0 + 4))] = (acc3_0_4 * w3);
  sm_o[(((12 + grp) * 128) + (dv0 + 5))] = (acc3_0_5 * w3);
  sm_o[(((12 + grp) * 128) + (dv0 + 6))] = (acc3_0_6 * w3);
  sm_o[(((12 + grp) * 128) + (dv0 + 7))] = (acc3_0_7 * w3);
  threadgroup_barrier(mem_flags::mem_threadgroup);
  if ((r0 + 0) < rows) {
    for (int dd0 = tid; dd0 < 128; dd0 += 64) {
      float so0 = sm_o[(0 + dd0)];
      for (int gs0 = 1; gs0 < 4; gs0++) {
        so0 = (so0 + sm_o[(((gs0 + 0) * 128) + dd0)]);
      }
      partial_o[((((qrow0 * 8) + split) * 128) + dd0)] = so0;
    }
    if (tid == 0) {
      partial_ml[(((qrow0 * 8) + split) * 2)] = M0;
      partial_ml[((((qrow0 * 8) + split) * 2) + 1)] = Lt0;
    }
  }
  if ((r0 + 1) < rows) {
    for (int dd1 = tid; dd1 < 128; dd1 += 64) {
      float so1 = sm_o[(512 + dd1)];
      for (int gs1 = 1; gs1 < 4; gs1++) {
        so1 = (so1 + sm_o[(((gs1 + 4) * 128) + dd1)]);
      }
      partial_o[((((qrow1 * 8) + split) * 128) + dd1)] = so1;
    }
    if (tid == 0) {
      partial_ml[(((qrow1 * 8) + split) * 2)] = M1;
      partial_ml[((((qrow1 * 8) + split) * 2) + 1)] = Lt1;
    }
  }
  if ((r0 + 2) < rows) {
    for (int dd2 = tid; dd2 < 128; dd2 += 64) {
      float so2 = sm_o[(1024 + dd2)];
      for (int gs2 = 1; gs2 < 4; gs2++) {
        so2 = (so2 + sm_o[(((gs2 + 8) * 128) + dd2)]);
      }
      partial_o[((((qrow2 * 8) + split) * 128) + dd2)] = so2;
    }
    if (tid == 0) {
      partial_ml[(((qrow2 * 8) + split) * 2)] = M2;
      partial_ml[((((qrow2 * 8) + split) * 2) + 1)] = Lt2;
    }
  }
  if ((r0 + 3) < rows) {
    for (int dd3 = tid; dd3 < 128; dd3 += 64) {
      float so3 = sm_o[(1536 + dd3)];
      for (int gs3 = 1; gs3 < 4; gs3++) {
        so3 = (so3 + sm_o[(((gs3 + 12) * 128) + dd3)]);
      }
      partial_o[((((qrow3 * 8) + split) * 128) + dd3)] = so3;
    }
    if (tid == 0) {
      partial_ml[(((qrow3 * 8) + split) * 2)] = M3;
      partial_ml[((((qrow3 * 8) + split) * 2) + 1)] = Lt3;
    }
  }
}

kernel void attention_combine(device const float* partial_ml [[buffer(0)]], device const float* partial_o [[buffer(1)]], device float* o [[buffer(2)]], constant int& B [[buffer(3)]], constant int& Sq [[buffer(4)]], constant int& Skv [[buffer(5)]], uint3 kf_tid [[thread_position_in_threadgroup]], uint3 kf_gid [[threadgroup_position_in_grid]], uint3 kf_groups [[threadgroups_per_grid]], uint3 kf_group_size [[threads_per_threadgroup]], uint3 kf_global [[thread_position_in_grid]], uint kf_sg_lane [[thread_index_in_simdgroup]], uint kf_sg_size [[threads_per_simdgroup]]) {
  // attention: merge 8 kv splits per query row (Dv = 128)
  const int row = ((int)kf_gid.x + ((int)kf_gid.y * (int)kf_groups.x));
  if (row < ((B * Sq) * 16)) {
    const float ms0 = partial_ml[((row * 16) + 0)];
    const float ms1 = partial_ml[((row * 16) + 2)];
    const float ms2 = partial_ml[((row * 16) + 4)];
    const float ms3 = partial_ml[((row * 16) + 6)];
    const float ms4 = partial_ml[((row * 16) + 8)];
    const float ms5 = partial_ml[((row * 16) + 10)];
    const float ms6 = partial_ml[((row * 16) + 12)];
    const float ms7 = partial_ml[((row * 16) + 14)];
    const float M = fmax(fmax(fmax(fmax(fmax(fmax(fmax(ms0, ms1), ms2), ms3), ms4), ms5), ms6), ms7);
    const float ws0 = exp((ms0 - M));
    const float ws1 = exp((ms1 - M));
    const float ws2 = exp((ms2 - M));
    const float ws3 = exp((ms3 - M));
    const float ws4 = exp((ms4 - M));
    const float ws5 = exp((ms5 - M));
    const float ws6 = exp((ms6 - M));
    const float ws7 = exp((ms7 - M));
    const float Lt = ((((((((ws0 * partial_ml[((row * 16) + 1)]) + (ws1 * partial_ml[((row * 16) + 3)])) + (ws2 * partial_ml[((row * 16) + 5)])) + (ws3 * partial_ml[((row * 16) + 7)])) + (ws4 * partial_ml[((row * 16) + 9)])) + (ws5 * partial_ml[((row * 16) + 11)])) + (ws6 * partial_ml[((row * 16) + 13)])) + (ws7 * partial_ml[((row * 16) + 15)]));
    const float inv = (1.0f / Lt);
    for (int d = (int)kf_tid.x; d < 128; d += 64) {
      o[((row * 128) + d)] = (fma(ws7, partial_o[((((row * 8) + 7) * 128) + d)], fma(ws6, partial_o[((((row * 8) + 6) * 128) + d)], fma(ws5, partial_o[((((row * 8) + 5) * 128) + d)], fma(ws4, partial_o[((((row * 8) + 4) * 128) + d)], fma(ws3, partial_o[((((row * 8) + 3) * 128) + d)], fma(ws2, partial_o[((((row * 8) + 2) * 128) + d)], fma(ws1, partial_o[((((row * 8) + 1) * 128) + d)], fma(ws0, partial_o[((((row * 8) + 0) * 128) + d)], 0.0f)))))))) * inv);
    }
  }
}
