inline float kf_f16_to_f32(uint bits) {
  ushort h = (ushort)(bits & 0xffffu);
  return vload_half(0, (const half*)&h);
}

// c + the dot product of the signed bytes of a and b: the OpenCL 3.0 built-in where the device
// has it (cl_khr_integer_dot_product), else integer math
inline int kf_dot4_i8(uint a, uint b, int c) {
#ifdef __opencl_c_integer_dot_product_input_4x8bit_packed
  return c + dot_4x8packed_ss_int(a, b);
#else
  const char4 va = as_char4(a);
  const char4 vb = as_char4(b);
  return c + va.x * vb.x + va.y * vb.y + va.z * vb.z + va.w * vb.w;
#endif
}

// the larger |x| of each f16 lane of two words (x not NaN: |x| orders like its bits without the sign)
inline uint kf_absmax_f16x2(uint a, uint b) {
  return max(a & 0x7fffu, b & 0x7fffu) | (max((a >> 16) & 0x7fffu, (b >> 16) & 0x7fffu) << 16);
}

// low word of (hi:lo) >> n for 0 <= n <= 32 (CUDA's clamped funnel shift)
inline uint kf_funnel_shr(uint lo, uint hi, uint n) {
  return n == 32u ? hi : n == 0u ? lo : (lo >> n) | (hi << (32u - n));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void attention(__global const float* restrict q, __global const uint* restrict k, __global const uint* restrict v, __global float* restrict partial_ml, __global float* restrict partial_o, int B, int Sq, int Skv) {
  // attention q8_0 KV, G=2 D=96 Dv=64 window 50: 2 rows per workgroup, 64 threads as 8 key groups of 8 lanes, 16-element loads, 2 keys per group per tile, 2 kv splits
  const int tid = (int)get_local_id(0);
  const int grp = (tid / 8);
  const int ln = (tid & 7);
  const int bh = (int)get_group_id(2);
  const int b = (bh / 2);
  const int kvh = (bh % 2);
  const int rows = (Sq * 2);
  const int r0 = ((int)get_group_id(0) * 2);
  const int rlast = (min((r0 + 2), rows) - 1);
  const int kvbase = (bh * Skv);
  const int rr0 = min((r0 + 0), (rows - 1));
  const int i0 = (rr0 / 2);
  const int qrow0 = ((((b * 4) + ((kvh * 2) + (rr0 % 2))) * Sq) + i0);
  const int p0 = ((Skv - Sq) + i0);
  const int first0 = max((p0 - 49), 0);
  const int rr1 = min((r0 + 1), (rows - 1));
  const int i1 = (rr1 / 2);
  const int qrow1 = ((((b * 4) + ((kvh * 2) + (rr1 % 2))) * Sq) + i1);
  const int p1 = ((Skv - Sq) + i1);
  const int first1 = max((p1 - 49), 0);
  const int lo = max((((Skv - Sq) + (r0 / 2)) - 49), 0);
  const int hi = Skv;
  const int split = (int)get_group_id(1);
  const int chunk = (((hi - lo) + 1) / 2);
  const int k0 = (lo + (split * chunk));
  const int k1 = min((k0 + chunk), hi);
  const int dim0 = ((ln + 0) * 16);
  const int dk0 = min(dim0, 80);
  const int dv0 = min(dim0, 48);
  const float4 qx0_0_0 = vload4(0, &q[((qrow0 * 96) + dk0)]);
  const float4 qx0_0_1 = vload4(0, &q[(((qrow0 * 96) + dk0) + 4)]);
  const float4 qx0_0_2 = vload4(0, &q[(((qrow0 * 96) + dk0) + 8)]);
  const float4 qx0_0_3 = vload4(0, &q[(((qrow0 * 96) + dk0) + 12)]);
  const float q0_0_0 = ((dim0 < 96) ? (qx0_0_0.x * 0.10206207261596577f) : 0.0f);
  const float q0_0_1 = ((dim0 < 96) ? (qx0_0_0.y * 0.10206207261596577f) : 0.0f);
  const float q0_0_2 = ((dim0 < 96) ? (qx0_0_0.z * 0.10206207261596577f) : 0.0f);
  const float q0_0_3 = ((dim0 < 96) ? (qx0_0_0.w * 0.10206207261596577f) : 0.0f);
  const float q0_0_4 = ((dim0 < 96) ? (qx0_0_1.x * 0.10206207261596577f) : 0.0f);
  const float q0_0_5 = ((dim0 < 96) ? (qx0_0_1.y * 0.10206207261596577f) : 0.0f);
  const float q0_0_6 = ((dim0 < 96) ? (qx0_0_1.z * 0.10206207261596577f) : 0.0f);
  const float q0_0_7 = ((dim0 < 96) ? (qx0_0_1.w * 0.10206207261596577f) : 0.0f);
  const float q0_0_8 = ((dim0 < 96) ? (qx0_0_2.x * 0.10206207261596577f) : 0.0f);
  const float q0_0_9 = ((dim0 < 96) ? (qx0_0_2.y * 0.10206207261596577f) : 0.0f);
  const float q0_0_10 = ((dim0 < 96) ? (qx0_0_2.z * 0.10206207261596577f) : 0.0f);
  const float q0_0_11 = ((dim0 < 96) ? (qx0_0_2.w * 0.10206207261596577f) : 0.0f);
  const float q0_0_12 = ((dim0 < 96) ? (qx0_0_3.x * 0.10206207261596577f) : 0.0f);
  const float q0_0_13 = ((dim0 < 96) ? (qx0_0_3.y * 0.10206207261596577f) : 0.0f);
  const float q0_0_14 = ((dim0 < 96) ? (qx0_0_3.z * 0.10206207261596577f) : 0.0f);
  const float q0_0_15 = ((dim0 < 96) ? (qx0_0_3.w * 0.10206207261596577f) : 0.0f);
  const float4 qx1_0_0 = vload4(0, &q[((qrow1 * 96) + dk0)]);
  const float4 qx1_0_1 = vload4(0, &q[(((qrow1 * 96) + dk0) + 4)]);
  const float4 qx1_0_2 = vload4(0, &q[(((qrow1 * 96) + dk0) + 8)]);
  const float4 qx1_0_3 = vload4(0, &q[(((qrow1 * 96) + dk0) + 12)]);
  const float q1_0_0 = ((dim0 < 96) ? (qx1_0_0.x * 0.10206207261596577f) : 0.0f);
  const float q1_0_1 = ((dim0 < 96) ? (qx1_0_0.y * 0.10206207261596577f) : 0.0f);
  const float q1_0_2 = ((dim0 < 96) ? (qx1_0_0.z * 0.10206207261596577f) : 0.0f);
  const float q1_0_3 = ((dim0 < 96) ? (qx1_0_0.w * 0.10206207261596577f) : 0.0f);
  const float q1_0_4 = ((dim0 < 96) ? (qx1_0_1.x * 0.10206207261596577f) : 0.0f);
  const float q1_0_5 = ((dim0 < 96) ? (qx1_0_1.y * 0.10206207261596577f) : 0.0f);
  const float q1_0_6 = ((dim0 < 96) ? (qx1_0_1.z * 0.10206207261596577f) : 0.0f);
  const float q1_0_7 = ((dim0 < 96) ? (qx1_0_1.w * 0.10206207261596577f) : 0.0f);
  const float q1_0_8 = ((dim0 < 96) ? (qx1_0_2.x * 0.10206207261596577f) : 0.0f);
  const float q1_0_9 = ((dim0 < 96) ? (qx1_0_2.y * 0.10206207261596577f) : 0.0f);
  const float q1_0_10 = ((dim0 < 96) ? (qx1_0_2.z * 0.10206207261596577f) : 0.0f);
  const float q1_0_11 = ((dim0 < 96) ? (qx1_0_2.w * 0.10206207261596577f) : 0.0f);
  const float q1_0_12 = ((dim0 < 96) ? (qx1_0_3.x * 0.10206207261596577f) : 0.0f);
  const float q1_0_13 = ((dim0 < 96) ? (qx1_0_3.y * 0.10206207261596577f) : 0.0f);
  const float q1_0_14 = ((dim0 < 96) ? (qx1_0_3.z * 0.10206207261596577f) : 0.0f);
  const float q1_0_15 = ((dim0 < 96) ? (qx1_0_3.w * 0.10206207261596577f) : 0.0f);
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
  float acc0_0_8 = 0.0f;
  float acc0_0_9 = 0.0f;
  float acc0_0_10 = 0.0f;
  float acc0_0_11 = 0.0f;
  float acc0_0_12 = 0.0f;
  float acc0_0_13 = 0.0f;
  float acc0_0_14 = 0.0f;
  float acc0_0_15 = 0.0f;
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
  float acc1_0_8 = 0.0f;
  float acc1_0_9 = 0.0f;
  float acc1_0_10 = 0.0f;
  float acc1_0_11 = 0.0f;
  float acc1_0_12 = 0.0f;
  float acc1_0_13 = 0.0f;
  float acc1_0_14 = 0.0f;
  float acc1_0_15 = 0.0f;
  __local float red[256];
  const int kr0 = (kvbase + max(min(((k0 + 0) + grp), (k1 - 1)), 0));
  const int kr1 = (kvbase + max(min(((k0 + 8) + grp), (k1 - 1)), 0));
  uint k0_0_d = ((k[((((kr0 * 102) + ((dk0 >> 5) * 34)) >> 1) >> 1)] >> ((uint)(((((kr0 * 102) + ((dk0 >> 5) * 34)) >> 1) & 1) * 16))) & 65535u);
  uint k0_0_sh = ((uint)((((((kr0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) & 3) * 8));
  uint k0_0_r0 = k[((((((kr0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 0)];
  uint k0_0_r1 = k[((((((kr0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 1)];
  uint k0_0_r2 = k[((((((kr0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 2)];
  uint k0_0_r3 = k[((((((kr0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 3)];
  uint k0_0_r4 = k[((((((kr0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) + 15) >> 2)];
  uint k1_0_d = ((k[((((kr1 * 102) + ((dk0 >> 5) * 34)) >> 1) >> 1)] >> ((uint)(((((kr1 * 102) + ((dk0 >> 5) * 34)) >> 1) & 1) * 16))) & 65535u);
  uint k1_0_sh = ((uint)((((((kr1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) & 3) * 8));
  uint k1_0_r0 = k[((((((kr1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 0)];
  uint k1_0_r1 = k[((((((kr1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 1)];
  uint k1_0_r2 = k[((((((kr1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 2)];
  uint k1_0_r3 = k[((((((kr1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 3)];
  uint k1_0_r4 = k[((((((kr1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) + 15) >> 2)];
  uint v0_0_d = ((v[((((kr0 * 68) + ((dv0 >> 5) * 34)) >> 1) >> 1)] >> ((uint)(((((kr0 * 68) + ((dv0 >> 5) * 34)) >> 1) & 1) * 16))) & 65535u);
  uint v0_0_sh = ((uint)((((((kr0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) & 3) * 8));
  uint v0_0_r0 = v[((((((kr0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 0)];
  uint v0_0_r1 = v[((((((kr0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 1)];
  uint v0_0_r2 = v[((((((kr0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 2)];
  uint v0_0_r3 = v[((((((kr0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 3)];
  uint v0_0_r4 = v[((((((kr0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) + 15) >> 2)];
  uint v1_0_d = ((v[((((kr1 * 68) + ((dv0 >> 5) * 34)) >> 1) >> 1)] >> ((uint)(((((kr1 * 68) + ((dv0 >> 5) * 34)) >> 1) & 1) * 16))) & 65535u);
  uint v1_0_sh = ((uint)((((((kr1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) & 3) * 8));
  uint v1_0_r0 = v[((((((kr1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 0)];
  uint v1_0_r1 = v[((((((kr1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 1)];
  uint v1_0_r2 = v[((((((kr1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 2)];
  uint v1_0_r3 = v[((((((kr1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 3)];
  uint v1_0_r4 = v[((((((kr1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) + 15) >> 2)];
  for (int t = k0; t < k1; t += 16) {
    const int j0 = ((t + 0) + grp);
    const int krn0 = (kvbase + max(min(((t + 16) + grp), (k1 - 1)), 0));
    const int j1 = ((t + 8) + grp);
    const int krn1 = (kvbase + max(min(((t + 24) + grp), (k1 - 1)), 0));
    const uint nk0_0_d = ((k[((((krn0 * 102) + ((dk0 >> 5) * 34)) >> 1) >> 1)] >> ((uint)(((((krn0 * 102) + ((dk0 >> 5) * 34)) >> 1) & 1) * 16))) & 65535u);
    const uint nk0_0_sh = ((uint)((((((krn0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) & 3) * 8));
    const uint nk0_0_r0 = k[((((((krn0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 0)];
    const uint nk0_0_r1 = k[((((((krn0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 1)];
    const uint nk0_0_r2 = k[((((((krn0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 2)];
    const uint nk0_0_r3 = k[((((((krn0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 3)];
    const uint nk0_0_r4 = k[((((((krn0 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) + 15) >> 2)];
    const uint nk1_0_d = ((k[((((krn1 * 102) + ((dk0 >> 5) * 34)) >> 1) >> 1)] >> ((uint)(((((krn1 * 102) + ((dk0 >> 5) * 34)) >> 1) & 1) * 16))) & 65535u);
    const uint nk1_0_sh = ((uint)((((((krn1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) & 3) * 8));
    const uint nk1_0_r0 = k[((((((krn1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 0)];
    const uint nk1_0_r1 = k[((((((krn1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 1)];
    const uint nk1_0_r2 = k[((((((krn1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 2)];
    const uint nk1_0_r3 = k[((((((krn1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) >> 2) + 3)];
    const uint nk1_0_r4 = k[((((((krn1 * 102) + ((dk0 >> 5) * 34)) + 2) + (dk0 & 31)) + 15) >> 2)];
    const uint nv0_0_d = ((v[((((krn0 * 68) + ((dv0 >> 5) * 34)) >> 1) >> 1)] >> ((uint)(((((krn0 * 68) + ((dv0 >> 5) * 34)) >> 1) & 1) * 16))) & 65535u);
    const uint nv0_0_sh = ((uint)((((((krn0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) & 3) * 8));
    const uint nv0_0_r0 = v[((((((krn0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 0)];
    const uint nv0_0_r1 = v[((((((krn0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 1)];
    const uint nv0_0_r2 = v[((((((krn0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 2)];
    const uint nv0_0_r3 = v[((((((krn0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 3)];
    const uint nv0_0_r4 = v[((((((krn0 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) + 15) >> 2)];
    const uint nv1_0_d = ((v[((((krn1 * 68) + ((dv0 >> 5) * 34)) >> 1) >> 1)] >> ((uint)(((((krn1 * 68) + ((dv0 >> 5) * 34)) >> 1) & 1) * 16))) & 65535u);
    const uint nv1_0_sh = ((uint)((((((krn1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) & 3) * 8));
    const uint nv1_0_r0 = v[((((((krn1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 0)];
    const uint nv1_0_r1 = v[((((((krn1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 1)];
    const uint nv1_0_r2 = v[((((((krn1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 2)];
    const uint nv1_0_r3 = v[((((((krn1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) >> 2) + 3)];
    const uint nv1_0_r4 = v[((((((krn1 * 68) + ((dv0 >> 5) * 34)) + 2) + (dv0 & 31)) + 15) >> 2)];
    const uint k0_0_c0 = kf_funnel_shr(k0_0_r0, k0_0_r1, k0_0_sh);
    const uint k0_0_c1 = kf_funnel_shr(k0_0_r1, k0_0_r2, k0_0_sh);
    const uint k0_0_c2 = kf_funnel_shr(k0_0_r2, k0_0_r3, k0_0_sh);
    const uint k0_0_c3 = kf_funnel_shr(k0_0_r3, k0_0_r4, k0_0_sh);
    const float k0_0_df = kf_f16_to_f32(k0_0_d);
    const float k0_0_x0 = ((float)(as_int((k0_0_c0 << 24u)) >> 24));
    const float k0_0_x1 = ((float)(as_int((k0_0_c0 << 16u)) >> 24));
    const float k0_0_x2 = ((float)(as_int((k0_0_c0 << 8u)) >> 24));
    const float k0_0_x3 = ((float)(as_int(k0_0_c0) >> 24));
    const float k0_0_x4 = ((float)(as_int((k0_0_c1 << 24u)) >> 24));
    const float k0_0_x5 = ((float)(as_int((k0_0_c1 << 16u)) >> 24));
    const float k0_0_x6 = ((float)(as_int((k0_0_c1 << 8u)) >> 24));
    const float k0_0_x7 = ((float)(as_int(k0_0_c1) >> 24));
    const float k0_0_x8 = ((float)(as_int((k0_0_c2 << 24u)) >> 24));
    const float k0_0_x9 = ((float)(as_int((k0_0_c2 << 16u)) >> 24));
    const float k0_0_x10 = ((float)(as_int((k0_0_c2 << 8u)) >> 24));
    const float k0_0_x11 = ((float)(as_int(k0_0_c2) >> 24));
    const float k0_0_x12 = ((float)(as_int((k0_0_c3 << 24u)) >> 24));
    const float k0_0_x13 = ((float)(as_int((k0_0_c3 << 16u)) >> 24));
    const float k0_0_x14 = ((float)(as_int((k0_0_c3 << 8u)) >> 24));
    const float k0_0_x15 = ((float)(as_int(k0_0_c3) >> 24));
    const uint k1_0_c0 = kf_funnel_shr(k1_0_r0, k1_0_r1, k1_0_sh);
    const uint k1_0_c1 = kf_funnel_shr(k1_0_r1, k1_0_r2, k1_0_sh);
    const uint k1_0_c2 = kf_funnel_shr(k1_0_r2, k1_0_r3, k1_0_sh);
    const uint k1_0_c3 = kf_funnel_shr(k1_0_r3, k1_0_r4, k1_0_sh);
    const float k1_0_df = kf_f16_to_f32(k1_0_d);
    const float k1_0_x0 = ((float)(as_int((k1_0_c0 << 24u)) >> 24));
    const float k1_0_x1 = ((float)(as_int((k1_0_c0 << 16u)) >> 24));
    const float k1_0_x2 = ((float)(as_int((k1_0_c0 << 8u)) >> 24));
    const float k1_0_x3 = ((float)(as_int(k1_0_c0) >> 24));
    const float k1_0_x4 = ((float)(as_int((k1_0_c1 << 24u)) >> 24));
    const float k1_0_x5 = ((float)(as_int((k1_0_c1 << 16u)) >> 24));
    const float k1_0_x6 = ((float)(as_int((k1_0_c1 << 8u)) >> 24));
    const float k1_0_x7 = ((float)(as_int(k1_0_c1) >> 24));
    const float k1_0_x8 = ((float)(as_int((k1_0_c2 << 24u)) >> 24));
    const float k1_0_x9 = ((float)(as_int((k1_0_c2 << 16u)) >> 24));
    const float k1_0_x10 = ((float)(as_int((k1_0_c2 << 8u)) >> 24));
    const float k1_0_x11 = ((float)(as_int(k1_0_c2) >> 24));
    const float k1_0_x12 = ((float)(as_int((k1_0_c3 << 24u)) >> 24));
    const float k1_0_x13 = ((float)(as_int((k1_0_c3 << 16u)) >> 24));
    const float k1_0_x14 = ((float)(as_int((k1_0_c3 << 8u)) >> 24));
    const float k1_0_x15 = ((float)(as_int(k1_0_c3) >> 24));
    const uint v0_0_c0 = kf_funnel_shr(v0_0_r0, v0_0_r1, v0_0_sh);
    const uint v0_0_c1 = kf_funnel_shr(v0_0_r1, v0_0_r2, v0_0_sh);
    const uint v0_0_c2 = kf_funnel_shr(v0_0_r2, v0_0_r3, v0_0_sh);
    const uint v0_0_c3 = kf_funnel_shr(v0_0_r3, v0_0_r4, v0_0_sh);
    const float v0_0_df = kf_f16_to_f32(v0_0_d);
    const float v0_0_x0 = ((float)(as_int((v0_0_c0 << 24u)) >> 24));
    const float v0_0_x1 = ((float)(as_int((v0_0_c0 << 16u)) >> 24));
    const float v0_0_x2 = ((float)(as_int((v0_0_c0 << 8u)) >> 24));
    const float v0_0_x3 = ((float)(as_int(v0_0_c0) >> 24));
    const float v0_0_x4 = ((float)(as_int((v0_0_c1 << 24u)) >> 24));
    const float v0_0_x5 = ((float)(as_int((v0_0_c1 << 16u)) >> 24));
    const float v0_0_x6 = ((float)(as_int((v0_0_c1 << 8u)) >> 24));
    const float v0_0_x7 = ((float)(as_int(v0_0_c1) >> 24));
    const float v0_0_x8 = ((float)(as_int((v0_0_c2 << 24u)) >> 24));
    const float v0_0_x9 = ((float)(as_int((v0_0_c2 << 16u)) >> 24));
    const float v0_0_x10 = ((float)(as_int((v0_0_c2 << 8u)) >> 24));
    const float v0_0_x11 = ((float)(as_int(v0_0_c2) >> 24));
    const float v0_0_x12 = ((float)(as_int((v0_0_c3 << 24u)) >> 24));
    const float v0_0_x13 = ((float)(as_int((v0_0_c3 << 16u)) >> 24));
    const float v0_0_x14 = ((float)(as_int((v0_0_c3 << 8u)) >> 24));
    const float v0_0_x15 = ((float)(as_int(v0_0_c3) >> 24));
    const uint v1_0_c0 = kf_funnel_shr(v1_0_r0, v1_0_r1, v1_0_sh);
    const uint v1_0_c1 = kf_funnel_shr(v1_0_r1, v1_0_r2, v1_0_sh);
    const uint v1_0_c2 = kf_funnel_shr(v1_0_r2, v1_0_r3, v1_0_sh);
    const uint v1_0_c3 = kf_funnel_shr(v1_0_r3, v1_0_r4, v1_0_sh);
    const float v1_0_df = kf_f16_to_f32(v1_0_d);
    const float v1_0_x0 = ((float)(as_int((v1_0_c0 << 24u)) >> 24));
    const float v1_0_x1 = ((float)(as_int((v1_0_c0 << 16u)) >> 24));
    const float v1_0_x2 = ((float)(as_int((v1_0_c0 << 8u)) >> 24));
    const float v1_0_x3 = ((float)(as_int(v1_0_c0) >> 24));
    const float v1_0_x4 = ((float)(as_int((v1_0_c1 << 24u)) >> 24));
    const float v1_0_x5 = ((float)(as_int((v1_0_c1 << 16u)) >> 24));
    const float v1_0_x6 = ((float)(as_int((v1_0_c1 << 8u)) >> 24));
    const float v1_0_x7 = ((float)(as_int(v1_0_c1) >> 24));
    const float v1_0_x8 = ((float)(as_int((v1_0_c2 << 24u)) >> 24));
    const float v1_0_x9 = ((float)(as_int((v1_0_c2 << 16u)) >> 24));
    const float v1_0_x10 = ((float)(as_int((v1_0_c2 << 8u)) >> 24));
    const float v1_0_x11 = ((float)(as_int(v1_0_c2) >> 24));
    const float v1_0_x12 = ((float)(as_int((v1_0_c3 << 24u)) >> 24));
    const float v1_0_x13 = ((float)(as_int((v1_0_c3 << 16u)) >> 24));
    const float v1_0_x14 = ((float)(as_int((v1_0_c3 << 8u)) >> 24));
    const float v1_0_x15 = ((float)(as_int(v1_0_c3) >> 24));
    const float pd0_0 = (fma(q0_0_15, k0_0_x15, fma(q0_0_14, k0_0_x14, fma(q0_0_13, k0_0_x13, fma(q0_0_12, k0_0_x12, fma(q0_0_11, k0_0_x11, fma(q0_0_10, k0_0_x10, fma(q0_0_9, k0_0_x9, fma(q0_0_8, k0_0_x8, fma(q0_0_7, k0_0_x7, fma(q0_0_6, k0_0_x6, fma(q0_0_5, k0_0_x5, fma(q0_0_4, k0_0_x4, fma(q0_0_3, k0_0_x3, fma(q0_0_2, k0_0_x2, fma(q0_0_1, k0_0_x1, (q0_0_0 * k0_0_x0)))))))))))))))) * k0_0_df);
    const float pd0_1 = (fma(q0_0_15, k1_0_x15, fma(q0_0_14, k1_0_x14, fma(q0_0_13, k1_0_x13, fma(q0_0_12, k1_0_x12, fma(q0_0_11, k1_0_x11, fma(q0_0_10, k1_0_x10, fma(q0_0_9, k1_0_x9, fma(q0_0_8, k1_0_x8, fma(q0_0_7, k1_0_x7, fma(q0_0_6, k1_0_x6, fma(q0_0_5, k1_0_x5, fma(q0_0_4, k1_0_x4, fma(q0_0_3, k1_0_x3, fma(q0_0_2, k1_0_x2, fma(q0_0_1, k1_0_x1, (q0_0_0 * k1_0_x0)))))))))))))))) * k1_0_df);
    const float pd1_0 = (fma(q1_0_15, k0_0_x15, fma(q1_0_14, k0_0_x14, fma(q1_0_13, k0_0_x13, fma(q1_0_12, k0_0_x12, fma(q1_0_11, k0_0_x11, fma(q1_0_10, k0_0_x10, fma(q1_0_9, k0_0_x9, fma(q1_0_8, k0_0_x8, fma(q1_0_7, k0_0_x7, fma(q1_0_6, k0_0_x6, fma(q1_0_5, k0_0_x5, fma(q1_0_4, k0_0_x4, fma(q1_0_3, k0_0_x3, fma(q1_0_2, k0_0_x2, fma(q1_0_1, k0_0_x1, (q1_0_0 * k0_0_x0)))))))))))))))) * k0_0_df);
    const float pd1_1 = (fma(q1_0_15, k1_0_x15, fma(q1_0_14, k1_0_x14, fma(q1_0_13, k1_0_x13, fma(q1_0_12, k1_0_x12, fma(q1_0_11, k1_0_x11, fma(q1_0_10, k1_0_x10, fma(q1_0_9, k1_0_x9, fma(q1_0_8, k1_0_x8, fma(q1_0_7, k1_0_x7, fma(q1_0_6, k1_0_x6, fma(q1_0_5, k1_0_x5, fma(q1_0_4, k1_0_x4, fma(q1_0_3, k1_0_x3, fma(q1_0_2, k1_0_x2, fma(q1_0_1, k1_0_x1, (q1_0_0 * k1_0_x0)))))))))))))))) * k1_0_df);
    red[(0 + tid)] = pd0_0;
    red[(64 + tid)] = pd0_1;
    red[(128 + tid)] = pd1_0;
    red[(192 + tid)] = pd1_1;
    barrier(CLK_LOCAL_MEM_FENCE);
    const int gbase = (grp * 8);
    float s0_0 = red[(gbase + 0)];
    for (int l0_0 = 1; l0_0 < 8; l0_0++) {
      s0_0 = (s0_0 + red[((gbase + 0) + l0_0)]);
    }
    float s0_1 = red[(gbase + 64)];
    for (int l0_1 = 1; l0_1 < 8; l0_1++) {
      s0_1 = (s0_1 + red[((gbase + 64) + l0_1)]);
    }
    float s1_0 = red[(gbase + 128)];
    for (int l1_0 = 1; l1_0 < 8; l1_0++) {
      s1_0 = (s1_0 + red[((gbase + 128) + l1_0)]);
    }
    float s1_1 = red[(gbase + 192)];
    for (int l1_1 = 1; l1_1 < 8; l1_1++) {
      s1_1 = (s1_1 + red[((gbase + 192) + l1_1)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const bool vis0_0 = ((j0 < k1) && (j0 >= first0));
    const bool vis0_1 = ((j1 < k1) && (j1 >= first0));
    const float mt0 = fmax((vis0_0 ? s0_0 : (-1e+30f)), (vis0_1 ? s0_1 : (-1e+30f)));
    const float mn0 = fmax(m0, mt0);
    const float al0 = exp((m0 - mn0));
    const float pr0_0 = (vis0_0 ? exp((s0_0 - mn0)) : 0.0f);
    const float pr0_1 = (vis0_1 ? exp((s0_1 - mn0)) : 0.0f);
    l0 = ((l0 * al0) + (pr0_0 + pr0_1));
    m0 = mn0;
    const float pw0_0_0 = (pr0_0 * v0_0_df);
    const float pw0_1_0 = (pr0_1 * v1_0_df);
    acc0_0_0 = fma(pw0_1_0, v1_0_x0, fma(pw0_0_0, v0_0_x0, (acc0_0_0 * al0)));
    acc0_0_1 = fma(pw0_1_0, v1_0_x1, fma(pw0_0_0, v0_0_x1, (acc0_0_1 * al0)));
    acc0_0_2 = fma(pw0_1_0, v1_0_x2, fma(pw0_0_0, v0_0_x2, (acc0_0_2 * al0)));
    acc0_0_3 = fma(pw0_1_0, v1_0_x3, fma(pw0_0_0, v0_0_x3, (acc0_0_3 * al0)));
    acc0_0_4 = fma(pw0_1_0, v1_0_x4, fma(pw0_0_0, v0_0_x4, (acc0_0_4 * al0)));
    acc0_0_5 = fma(pw0_1_0, v1_0_x5, fma(pw0_0_0, v0_0_x5, (acc0_0_5 * al0)));
    acc0_0_6 = fma(pw0_1_0, v1_0_x6, fma(pw0_0_0, v0_0_x6, (acc0_0_6 * al0)));
    acc0_0_7 = fma(pw0_1_0, v1_0_x7, fma(pw0_0_0, v0_0_x7, (acc0_0_7 * al0)));
    acc0_0_8 = fma(pw0_1_0, v1_0_x8, fma(pw0_0_0, v0_0_x8, (acc0_0_8 * al0)));
    acc0_0_9 = fma(pw0_1_0, v1_0_x9, fma(pw0_0_0, v0_0_x9, (acc0_0_9 * al0)));
    acc0_0_10 = fma(pw0_1_0, v1_0_x10, fma(pw0_0_0, v0_0_x10, (acc0_0_10 * al0)));
    acc0_0_11 = fma(pw0_1_0, v1_0_x11, fma(pw0_0_0, v0_0_x11, (acc0_0_11 * al0)));
    acc0_0_12 = fma(pw0_1_0, v1_0_x12, fma(pw0_0_0, v0_0_x12, (acc0_0_12 * al0)));
    acc0_0_13 = fma(pw0_1_0, v1_0_x13, fma(pw0_0_0, v0_0_x13, (acc0_0_13 * al0)));
    acc0_0_14 = fma(pw0_1_0, v1_0_x14, fma(pw0_0_0, v0_0_x14, (acc0_0_14 * al0)));
    acc0_0_15 = fma(pw0_1_0, v1_0_x15, fma(pw0_0_0, v0_0_x15, (acc0_0_15 * al0)));
    const bool vis1_0 = ((j0 < k1) && (j0 >= first1));
    const bool vis1_1 = ((j1 < k1) && (j1 >= first1));
    const float mt1 = fmax((vis1_0 ? s1_0 : (-1e+30f)), (vis1_1 ? s1_1 : (-1e+30f)));
    const float mn1 = fmax(m1, mt1);
    const float al1 = exp((m1 - mn1));
    const float pr1_0 = (vis1_0 ? exp((s1_0 - mn1)) : 0.0f);
    const float pr1_1 = (vis1_1 ? exp((s1_1 - mn1)) : 0.0f);
    l1 = ((l1 * al1) + (pr1_0 + pr1_1));
    m1 = mn1;
    const float pw1_0_0 = (pr1_0 * v0_0_df);
    const float pw1_1_0 = (pr1_1 * v1_0_df);
    acc1_0_0 = fma(pw1_1_0, v1_0_x0, fma(pw1_0_0, v0_0_x0, (acc1_0_0 * al1)));
    acc1_0_1 = fma(pw1_1_0, v1_0_x1, fma(pw1_0_0, v0_0_x1, (acc1_0_1 * al1)));
    acc1_0_2 = fma(pw1_1_0, v1_0_x2, fma(pw1_0_0, v0_0_x2, (acc1_0_2 * al1)));
    acc1_0_3 = fma(pw1_1_0, v1_0_x3, fma(pw1_0_0, v0_0_x3, (acc1_0_3 * al1)));
    acc1_0_4 = fma(pw1_1_0, v1_0_x4, fma(pw1_0_0, v0_0_x4, (acc1_0_4 * al1)));
    acc1_0_5 = fma(pw1_1_0, v1_0_x5, fma(pw1_0_0, v0_0_x5, (acc1_0_5 * al1)));
    acc1_0_6 = fma(pw1_1_0, v1_0_x6, fma(pw1_0_0, v0_0_x6, (acc1_0_6 * al1)));
    acc1_0_7 = fma(pw1_1_0, v1_0_x7, fma(pw1_0_0, v0_0_x7, (acc1_0_7 * al1)));
    acc1_0_8 = fma(pw1_1_0, v1_0_x8, fma(pw1_0_0, v0_0_x8, (acc1_0_8 * al1)));
    acc1_0_9 = fma(pw1_1_0, v1_0_x9, fma(pw1_0_0, v0_0_x9, (acc1_0_9 * al1)));
    acc1_0_10 = fma(pw1_1_0, v1_0_x10, fma(pw1_0_0, v0_0_x10, (acc1_0_10 * al1)));
    acc1_0_11 = fma(pw1_1_0, v1_0_x11, fma(pw1_0_0, v0_0_x11, (acc1_0_11 * al1)));
    acc1_0_12 = fma(pw1_1_0, v1_0_x12, fma(pw1_0_0, v0_0_x12, (acc1_0_12 * al1)));
    acc1_0_13 = fma(pw1_1_0, v1_0_x13, fma(pw1_0_0, v0_0_x13, (acc1_0_13 * al1)));
    acc1_0_14 = fma(pw1_1_0, v1_0_x14, fma(pw1_0_0, v0_0_x14, (acc1_0_14 * al1)));
    acc1_0_15 = fma(pw1_1_0, v1_0_x15, fma(pw1_0_0, v0_0_x15, (acc1_0_15 * al1)));
    k0_0_d = nk0_0_d;
    k0_0_sh = nk0_0_sh;
    k0_0_r0 = nk0_0_r0;
    k0_0_r1 = nk0_0_r1;
    k0_0_r2 = nk0_0_r2;
    k0_0_r3 = nk0_0_r3;
    k0_0_r4 = nk0_0_r4;
    k1_0_d = nk1_0_d;
    k1_0_sh = nk1_0_sh;
    k1_0_r0 = nk1_0_r0;
    k1_0_r1 = nk1_0_r1;
    k1_0_r2 = nk1_0_r2;
    k1_0_r3 = nk1_0_r3;
    k1_0_r4 = nk1_0_r4;
    v0_0_d = nv0_0_d;
    v0_0_sh = nv0_0_sh;
    v0_0_r0 = nv0_0_r0;
    v0_0_r1 = nv0_0_r1;
    v0_0_r2 = nv0_0_r2;
    v0_0_r3 = nv0_0_r3;
    v0_0_r4 = nv0_0_r4;
    v1_0_d = nv1_0_d;
    v1_0_sh = nv1_0_sh;
    v1_0_r0 = nv1_0_r0;
    v1_0_r1 = nv1_0_r1;
    v1_0_r2 = nv1_0_r2;
    v1_0_r3 = nv1_0_r3;
    v1_0_r4 = nv1_0_r4;
  }
  __local float sm_ml[32];
  if (ln == 0) {
    sm_ml[((0 + grp) * 2)] = m0;
    sm_ml[(((0 + grp) * 2) + 1)] = l0;
    sm_ml[((8 + grp) * 2)] = m1;
    sm_ml[(((8 + grp) * 2) + 1)] = l1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float M0 = (-1e+30f);
  for (int gm0 = 0; gm0 < 8; gm0++) {
    M0 = fmax(M0, sm_ml[((gm0 + 0) * 2)]);
  }
  float Lt0 = 0.0f;
  for (int gl0 = 0; gl0 < 8; gl0++) {
    const int gi0 = ((gl0 + 0) * 2);
    Lt0 = fma(exp((sm_ml[gi0] - M0)), sm_ml[(gi0 + 1)], Lt0);
  }
  const float w0 = exp((m0 - M0));
  float M1 = (-1e+30f);
  for (int gm1 = 0; gm1 < 8; gm1++) {
    M1 = fmax(M1, sm_ml[((gm1 + 8) * 2)]);
  }
  float Lt1 = 0.0f;
  for (int gl1 = 0; gl1 < 8; gl1++) {
    const int gi1 = ((gl1 + 8) * 2);
    Lt1 = fma(exp((sm_ml[gi1] - M1)), sm_ml[(gi1 + 1)], Lt1);
  }
  const float w1 = exp((m1 - M1));
  __local float sm_o[1024];
  if (dim0 < 64) {
    sm_o[(((0 + grp) * 64) + (dv0 + 0))] = (acc0_0_0 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 1))] = (acc0_0_1 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 2))] = (acc0_0_2 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 3))] = (acc0_0_3 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 4))] = (acc0_0_4 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 5))] = (acc0_0_5 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 6))] = (acc0_0_6 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 7))] = (acc0_0_7 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 8))] = (acc0_0_8 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 9))] = (acc0_0_9 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 10))] = (acc0_0_10 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 11))] = (acc0_0_11 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 12))] = (acc0_0_12 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 13))] = (acc0_0_13 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 14))] = (acc0_0_14 * w0);
    sm_o[(((0 + grp) * 64) + (dv0 + 15))] = (acc0_0_15 * w0);
  }
  if (dim0 < 64) {
    sm_o[(((8 + grp) * 64) + (dv0 + 0))] = (acc1_0_0 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 1))] = (acc1_0_1 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 2))] = (acc1_0_2 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 3))] = (acc1_0_3 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 4))] = (acc1_0_4 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 5))] = (acc1_0_5 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 6))] = (acc1_0_6 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 7))] = (acc1_0_7 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 8))] = (acc1_0_8 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 9))] = (acc1_0_9 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 10))] = (acc1_0_10 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 11))] = (acc1_0_11 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 12))] = (acc1_0_12 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 13))] = (acc1_0_13 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 14))] = (acc1_0_14 * w1);
    sm_o[(((8 + grp) * 64) + (dv0 + 15))] = (acc1_0_15 * w1);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if ((r0 + 0) < rows) {
    for (int dd0 = tid; dd0 < 64; dd0 += 64) {
      float so0 = sm_o[(0 + dd0)];
      for (int gs0 = 1; gs0 < 8; gs0++) {
        so0 = (so0 + sm_o[(((gs0 + 0) * 64) + dd0)]);
      }
      partial_o[((((qrow0 * 2) + split) * 64) + dd0)] = so0;
    }
    if (tid == 0) {
      partial_ml[(((qrow0 * 2) + split) * 2)] = M0;
      partial_ml[((((qrow0 * 2) + split) * 2) + 1)] = Lt0;
    }
  }
  if ((r0 + 1) < rows) {
    for (int dd1 = tid; dd1 < 64; dd1 += 64) {
      float so1 = sm_o[(512 + dd1)];
      for (int gs1 = 1; gs1 < 8; gs1++) {
        so1 = (so1 + sm_o[(((gs1 + 8) * 64) + dd1)]);
      }
      partial_o[((((qrow1 * 2) + split) * 64) + dd1)] = so1;
    }
    if (tid == 0) {
      partial_ml[(((qrow1 * 2) + split) * 2)] = M1;
      partial_ml[((((qrow1 * 2) + split) * 2) + 1)] = Lt1;
    }
  }
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void attention_combine(__global const float* restrict partial_ml, __global const float* restrict partial_o, __global float* restrict o, int B, int Sq, int Skv) {
  // attention: merge 2 kv splits per query row (Dv = 64)
  const int row = ((int)get_group_id(0) + ((int)get_group_id(1) * (int)get_num_groups(0)));
  if (row < ((B * Sq) * 4)) {
    const float ms0 = partial_ml[((row * 4) + 0)];
    const float ms1 = partial_ml[((row * 4) + 2)];
    const float M = fmax(ms0, ms1);
    const float ws0 = exp((ms0 - M));
    const float ws1 = exp((ms1 - M));
    const float Lt = ((ws0 * partial_ml[((row * 4) + 1)]) + (ws1 * partial_ml[((row * 4) + 3)]));
    const float inv = (1.0f / Lt);
    for (int d = (int)get_local_id(0); d < 64; d += 64) {
      o[((row * 64) + d)] = (fma(ws1, partial_o[((((row * 2) + 1) * 64) + d)], fma(ws0, partial_o[((((row * 2) + 0) * 64) + d)], 0.0f)) * inv);
    }
  }
}
