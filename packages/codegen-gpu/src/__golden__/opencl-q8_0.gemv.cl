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

__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void gemv(__global const uint* restrict x, __global const uint* restrict W, __global const float* restrict bias, __global float* restrict y, int M, int N, int K) {
  // gemv q8_0 x f16, M=3: 1 rows per workgroup, 64 threads, 16-byte loads, unroll 1, split_k 1
  const int tid = (int)get_local_id(0);
  const int n0 = (((int)get_group_id(0) + ((int)get_group_id(1) * (int)get_num_groups(0))) * 1);
  const int row_0 = min((n0 + 0), (N - 1));
  float acc_0_0 = 0.0f;
  float acc_0_1 = 0.0f;
  float acc_0_2 = 0.0f;
  const int chunks = ((K / 32) * 2);
  const int first_chunk = tid;
  for (int chunk = first_chunk; chunk < chunks; chunk += 64) {
    const int wt0_0_b = (chunk / 2);
    const int wt0_0_o = (((row_0 * (K / 32)) + wt0_0_b) * 34);
    const int wt0_0_w0 = (((wt0_0_o + 2) + ((chunk % 2) * 16)) >> 2);
    const uint wt0_0_s = ((uint)((((wt0_0_o + 2) + ((chunk % 2) * 16)) & 2) * 8));
    const uint wt0_0_r0 = W[(wt0_0_w0 + 0)];
    const uint wt0_0_r1 = W[(wt0_0_w0 + 1)];
    const uint wt0_0_r2 = W[(wt0_0_w0 + 2)];
    const uint wt0_0_r3 = W[(wt0_0_w0 + 3)];
    const uint wt0_0_r4 = W[(((((wt0_0_o + 2) + ((chunk % 2) * 16)) + 2) >> 2) + 3)];
    const uint wt0_00 = kf_funnel_shr(wt0_0_r0, wt0_0_r1, wt0_0_s);
    const uint wt0_01 = kf_funnel_shr(wt0_0_r1, wt0_0_r2, wt0_0_s);
    const uint wt0_02 = kf_funnel_shr(wt0_0_r2, wt0_0_r3, wt0_0_s);
    const uint wt0_03 = kf_funnel_shr(wt0_0_r3, wt0_0_r4, wt0_0_s);
    const float wt0_0_d = kf_f16_to_f32(((W[(((wt0_0_o + 0) >> 1) >> 1)] >> ((uint)((((wt0_0_o + 0) >> 1) & 1) * 16))) & 65535u));
    const uint4 xt0_0_0_0 = vload4(0, &x[((((K * 0) + (((chunk / 2) * 32) + ((chunk % 2) * 16))) >> 1) + 0)]);
    const uint xt0_0_0_w0 = xt0_0_0_0.x;
    const uint xt0_0_0_w1 = xt0_0_0_0.y;
    const uint xt0_0_0_w2 = xt0_0_0_0.z;
    const uint xt0_0_0_w3 = xt0_0_0_0.w;
    const uint4 xt0_0_0_4 = vload4(0, &x[((((K * 0) + (((chunk / 2) * 32) + ((chunk % 2) * 16))) >> 1) + 4)]);
    const uint xt0_0_0_w4 = xt0_0_0_4.x;
    const uint xt0_0_0_w5 = xt0_0_0_4.y;
    const uint xt0_0_0_w6 = xt0_0_0_4.z;
    const uint xt0_0_0_w7 = xt0_0_0_4.w;
    acc_0_0 = fma(wt0_0_d, fma((fma((as_float(((wt0_03 & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_0_0_w6 >> 16u)), fma((as_float(((wt0_02 & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_0_0_w4 >> 16u)), fma((as_float(((wt0_01 & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_0_0_w2 >> 16u)), ((as_float(((wt0_00 & 65280u) ^ 1258323968u)) - 8421376.0f) * kf_f16_to_f32((xt0_0_0_w0 >> 16u)))))) + fma((as_float((((wt0_03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_0_0_w7 >> 16u)), fma((as_float((((wt0_02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_0_0_w5 >> 16u)), fma((as_float((((wt0_01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_0_0_w3 >> 16u)), ((as_float((((wt0_00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * kf_f16_to_f32((xt0_0_0_w1 >> 16u))))))), 0.00390625f, (fma((as_float(((wt0_03 & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_0_0_w6), fma((as_float(((wt0_02 & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_0_0_w4), fma((as_float(((wt0_01 & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_0_0_w2), ((as_float(((wt0_00 & 255u) ^ 1258291328u)) - 8388736.0f) * kf_f16_to_f32(xt0_0_0_w0))))) + fma((as_float((((wt0_03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_0_0_w7), fma((as_float((((wt0_02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_0_0_w5), fma((as_float((((wt0_01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_0_0_w3), ((as_float((((wt0_00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * kf_f16_to_f32(xt0_0_0_w1))))))), acc_0_0);
    const uint4 xt0_1_0_0 = vload4(0, &x[((((K * 1) + (((chunk / 2) * 32) + ((chunk % 2) * 16))) >> 1) + 0)]);
    const uint xt0_1_0_w0 = xt0_1_0_0.x;
    const uint xt0_1_0_w1 = xt0_1_0_0.y;
    const uint xt0_1_0_w2 = xt0_1_0_0.z;
    const uint xt0_1_0_w3 = xt0_1_0_0.w;
    const uint4 xt0_1_0_4 = vload4(0, &x[((((K * 1) + (((chunk / 2) * 32) + ((chunk % 2) * 16))) >> 1) + 4)]);
    const uint xt0_1_0_w4 = xt0_1_0_4.x;
    const uint xt0_1_0_w5 = xt0_1_0_4.y;
    const uint xt0_1_0_w6 = xt0_1_0_4.z;
    const uint xt0_1_0_w7 = xt0_1_0_4.w;
    acc_0_1 = fma(wt0_0_d, fma((fma((as_float(((wt0_03 & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_1_0_w6 >> 16u)), fma((as_float(((wt0_02 & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_1_0_w4 >> 16u)), fma((as_float(((wt0_01 & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_1_0_w2 >> 16u)), ((as_float(((wt0_00 & 65280u) ^ 1258323968u)) - 8421376.0f) * kf_f16_to_f32((xt0_1_0_w0 >> 16u)))))) + fma((as_float((((wt0_03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_1_0_w7 >> 16u)), fma((as_float((((wt0_02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_1_0_w5 >> 16u)), fma((as_float((((wt0_01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_1_0_w3 >> 16u)), ((as_float((((wt0_00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * kf_f16_to_f32((xt0_1_0_w1 >> 16u))))))), 0.00390625f, (fma((as_float(((wt0_03 & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_1_0_w6), fma((as_float(((wt0_02 & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_1_0_w4), fma((as_float(((wt0_01 & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_1_0_w2), ((as_float(((wt0_00 & 255u) ^ 1258291328u)) - 8388736.0f) * kf_f16_to_f32(xt0_1_0_w0))))) + fma((as_float((((wt0_03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_1_0_w7), fma((as_float((((wt0_02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_1_0_w5), fma((as_float((((wt0_01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_1_0_w3), ((as_float((((wt0_00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * kf_f16_to_f32(xt0_1_0_w1))))))), acc_0_1);
    const uint4 xt0_2_0_0 = vload4(0, &x[((((K * 2) + (((chunk / 2) * 32) + ((chunk % 2) * 16))) >> 1) + 0)]);
    const uint xt0_2_0_w0 = xt0_2_0_0.x;
    const uint xt0_2_0_w1 = xt0_2_0_0.y;
    const uint xt0_2_0_w2 = xt0_2_0_0.z;
    const uint xt0_2_0_w3 = xt0_2_0_0.w;
    const uint4 xt0_2_0_4 = vload4(0, &x[((((K * 2) + (((chunk / 2) * 32) + ((chunk % 2) * 16))) >> 1) + 4)]);
    const uint xt0_2_0_w4 = xt0_2_0_4.x;
    const uint xt0_2_0_w5 = xt0_2_0_4.y;
    const uint xt0_2_0_w6 = xt0_2_0_4.z;
    const uint xt0_2_0_w7 = xt0_2_0_4.w;
    acc_0_2 = fma(wt0_0_d, fma((fma((as_float(((wt0_03 & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_2_0_w6 >> 16u)), fma((as_float(((wt0_02 & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_2_0_w4 >> 16u)), fma((as_float(((wt0_01 & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_2_0_w2 >> 16u)), ((as_float(((wt0_00 & 65280u) ^ 1258323968u)) - 8421376.0f) * kf_f16_to_f32((xt0_2_0_w0 >> 16u)))))) + fma((as_float((((wt0_03 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_2_0_w7 >> 16u)), fma((as_float((((wt0_02 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_2_0_w5 >> 16u)), fma((as_float((((wt0_01 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f), kf_f16_to_f32((xt0_2_0_w3 >> 16u)), ((as_float((((wt0_00 >> 16u) & 65280u) ^ 1258323968u)) - 8421376.0f) * kf_f16_to_f32((xt0_2_0_w1 >> 16u))))))), 0.00390625f, (fma((as_float(((wt0_03 & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_2_0_w6), fma((as_float(((wt0_02 & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_2_0_w4), fma((as_float(((wt0_01 & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_2_0_w2), ((as_float(((wt0_00 & 255u) ^ 1258291328u)) - 8388736.0f) * kf_f16_to_f32(xt0_2_0_w0))))) + fma((as_float((((wt0_03 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_2_0_w7), fma((as_float((((wt0_02 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_2_0_w5), fma((as_float((((wt0_01 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f), kf_f16_to_f32(xt0_2_0_w3), ((as_float((((wt0_00 >> 16u) & 255u) ^ 1258291328u)) - 8388736.0f) * kf_f16_to_f32(xt0_2_0_w1))))))), acc_0_2);
  }
  __local float red[192];
  red[(0 + tid)] = acc_0_0;
  red[(64 + tid)] = acc_0_1;
  red[(128 + tid)] = acc_0_2;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < 32) {
    red[(0 + tid)] = (red[(0 + tid)] + red[(32 + tid)]);
    red[(64 + tid)] = (red[(64 + tid)] + red[(96 + tid)]);
    red[(128 + tid)] = (red[(128 + tid)] + red[(160 + tid)]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < 16) {
    red[(0 + tid)] = (red[(0 + tid)] + red[(16 + tid)]);
    red[(64 + tid)] = (red[(64 + tid)] + red[(80 + tid)]);
    red[(128 + tid)] = (red[(128 + tid)] + red[(144 + tid)]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < 8) {
    red[(0 + tid)] = (red[(0 + tid)] + red[(8 + tid)]);
    red[(64 + tid)] = (red[(64 + tid)] + red[(72 + tid)]);
    red[(128 + tid)] = (red[(128 + tid)] + red[(136 + tid)]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < 4) {
    red[(0 + tid)] = (red[(0 + tid)] + red[(4 + tid)]);
    red[(64 + tid)] = (red[(64 + tid)] + red[(68 + tid)]);
    red[(128 + tid)] = (red[(128 + tid)] + red[(132 + tid)]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < 2) {
    red[(0 + tid)] = (red[(0 + tid)] + red[(2 + tid)]);
    red[(64 + tid)] = (red[(64 + tid)] + red[(66 + tid)]);
    red[(128 + tid)] = (red[(128 + tid)] + red[(130 + tid)]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < 1) {
    red[(0 + tid)] = (red[(0 + tid)] + red[(1 + tid)]);
    red[(64 + tid)] = (red[(64 + tid)] + red[(65 + tid)]);
    red[(128 + tid)] = (red[(128 + tid)] + red[(129 + tid)]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int o = tid; o < 3; o += 64) {
    const float total = red[(o * 64)];
    const int n = (n0 + (o % 1));
    const int m = (o / 1);
    if (n < N) {
      y[((m * N) + n)] = (total + bias[n]);
    }
  }
}
