#include <cuda_fp16.h>

__device__ __forceinline__ float kf_f16_to_f32(unsigned int bits) {
  return __half2float(__ushort_as_half((unsigned short)(bits & 0xffffu)));
}

// butterfly over the warp: every lane ends with the sum
__device__ __forceinline__ float kf_warp_sum(float v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}

// the larger |x| of each f16 lane of two words, as one f16x2 max (exact)
__device__ __forceinline__ unsigned int kf_absmax_f16x2(unsigned int a, unsigned int b) {
  const __half2 m = __hmax2(__habs2(*reinterpret_cast<const __half2*>(&a)), __habs2(*reinterpret_cast<const __half2*>(&b)));
  return *reinterpret_cast<const unsigned int*>(&m);
}

// the int8 codes of a word's two f16 values, round(x * id) half to even, each in the low byte of its 16-bit
// lane: one f16x2 fma into 1.5 * 2^10 (ulp 1), exact as the f32 fma of the other dialects because id has 11
// significant bits (and is below 32768: the caller takes the f32 path for smaller blocks)
__device__ __forceinline__ unsigned int kf_f16x2_codes(unsigned int x, float id) {
  const __half2 q = __hfma2(*reinterpret_cast<const __half2*>(&x), __float2half2_rn(id), __float2half2_rn(1536.0f));
  return *reinterpret_cast<const unsigned int*>(&q);
}

// programmatic dependent launch (sm_90; no-ops below): let the next grid of the stream start, and wait
// for the previous grid to complete with its writes visible (at once when launched without the mode)
__device__ __forceinline__ void kf_launch_dependents() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;");
#endif
}

__device__ __forceinline__ void kf_wait_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

__global__ void __launch_bounds__(128) gemv(const unsigned int* x, const unsigned int* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  // gemv q4_0 x f16 quantized to int8 per chunk in registers, M=1: 8 rows per workgroup, 128 threads, 16-byte loads, unroll 1, split_k 1
  kf_launch_dependents();
  const int tid = (int)threadIdx.x;
  const int n0 = (((int)blockIdx.x + ((int)blockIdx.y * (int)gridDim.x)) * 8);
  const int row_0 = min((n0 + 0), (N - 1));
  const int row_1 = min((n0 + 1), (N - 1));
  const int row_2 = min((n0 + 2), (N - 1));
  const int row_3 = min((n0 + 3), (N - 1));
  const int row_4 = min((n0 + 4), (N - 1));
  const int row_5 = min((n0 + 5), (N - 1));
  const int row_6 = min((n0 + 6), (N - 1));
  const int row_7 = min((n0 + 7), (N - 1));
  float acc_0_0 = 0.0f;
  float acc_1_0 = 0.0f;
  float acc_2_0 = 0.0f;
  float acc_3_0 = 0.0f;
  float acc_4_0 = 0.0f;
  float acc_5_0 = 0.0f;
  float acc_6_0 = 0.0f;
  float acc_7_0 = 0.0f;
  const int chunks = ((K / 32) * 1);
  const int first_chunk = tid;
  for (int chunk = first_chunk; chunk < chunks; chunk += 128) {
    const int wt0_0_b = chunk;
    const int wt0_0_o = (((row_0 * (K / 32)) + wt0_0_b) * 18);
    const int wt0_0_w0 = (wt0_0_o >> 2);
    const unsigned int wt0_0_s = ((unsigned int)((wt0_0_o & 2) * 8));
    const unsigned int wt0_0_r0 = W[wt0_0_w0];
    const unsigned int wt0_0_r1 = W[(wt0_0_w0 + 1)];
    const unsigned int wt0_0_r2 = W[(wt0_0_w0 + 2)];
    const unsigned int wt0_0_r3 = W[(wt0_0_w0 + 3)];
    const unsigned int wt0_0_r4 = W[(wt0_0_w0 + 4)];
    const unsigned int wt0_00 = __funnelshift_rc(wt0_0_r0, wt0_0_r1, (wt0_0_s + 16u));
    const unsigned int wt0_01 = __funnelshift_rc(wt0_0_r1, wt0_0_r2, (wt0_0_s + 16u));
    const unsigned int wt0_02 = __funnelshift_rc(wt0_0_r2, wt0_0_r3, (wt0_0_s + 16u));
    const unsigned int wt0_03 = __funnelshift_rc(wt0_0_r3, wt0_0_r4, (wt0_0_s + 16u));
    const float wt0_0_d = kf_f16_to_f32((wt0_0_r0 >> wt0_0_s));
    const int wt0_1_b = chunk;
    const int wt0_1_o = (((row_1 * (K / 32)) + wt0_1_b) * 18);
    const int wt0_1_w0 = (wt0_1_o >> 2);
    const unsigned int wt0_1_s = ((unsigned int)((wt0_1_o & 2) * 8));
    const unsigned int wt0_1_r0 = W[wt0_1_w0];
    const unsigned int wt0_1_r1 = W[(wt0_1_w0 + 1)];
    const unsigned int wt0_1_r2 = W[(wt0_1_w0 + 2)];
    const unsigned int wt0_1_r3 = W[(wt0_1_w0 + 3)];
    const unsigned int wt0_1_r4 = W[(wt0_1_w0 + 4)];
    const unsigned int wt0_10 = __funnelshift_rc(wt0_1_r0, wt0_1_r1, (wt0_1_s + 16u));
    const unsigned int wt0_11 = __funnelshift_rc(wt0_1_r1, wt0_1_r2, (wt0_1_s + 16u));
    const unsigned int wt0_12 = __funnelshift_rc(wt0_1_r2, wt0_1_r3, (wt0_1_s + 16u));
    const unsigned int wt0_13 = __funnelshift_rc(wt0_1_r3, wt0_1_r4, (wt0_1_s + 16u));
    const float wt0_1_d = kf_f16_to_f32((wt0_1_r0 >> wt0_1_s));
    const int wt0_2_b = chunk;
    const int wt0_2_o = (((row_2 * (K / 32)) + wt0_2_b) * 18);
    const int wt0_2_w0 = (wt0_2_o >> 2);
    const unsigned int wt0_2_s = ((unsigned int)((wt0_2_o & 2) * 8));
    const unsigned int wt0_2_r0 = W[wt0_2_w0];
    const unsigned int wt0_2_r1 = W[(wt0_2_w0 + 1)];
    const unsigned int wt0_2_r2 = W[(wt0_2_w0 + 2)];
    const unsigned int wt0_2_r3 = W[(wt0_2_w0 + 3)];
    const unsigned int wt0_2_r4 = W[(wt0_2_w0 + 4)];
    const unsigned int wt0_20 = __funnelshift_rc(wt0_2_r0, wt0_2_r1, (wt0_2_s + 16u));
    const unsigned int wt0_21 = __funnelshift_rc(wt0_2_r1, wt0_2_r2, (wt0_2_s + 16u));
    const unsigned int wt0_22 = __funnelshift_rc(wt0_2_r2, wt0_2_r3, (wt0_2_s + 16u));
    const unsigned int wt0_23 = __funnelshift_rc(wt0_2_r3, wt0_2_r4, (wt0_2_s + 16u));
    const float wt0_2_d = kf_f16_to_f32((wt0_2_r0 >> wt0_2_s));
    const int wt0_3_b = chunk;
    const int wt0_3_o = (((row_3 * (K / 32)) + wt0_3_b) * 18);
    const int wt0_3_w0 = (wt0_3_o >> 2);
    const unsigned int wt0_3_s = ((unsigned int)((wt0_3_o & 2) * 8));
    const unsigned int wt0_3_r0 = W[wt0_3_w0];
    const unsigned int wt0_3_r1 = W[(wt0_3_w0 + 1)];
    const unsigned int wt0_3_r2 = W[(wt0_3_w0 + 2)];
    const unsigned int wt0_3_r3 = W[(wt0_3_w0 + 3)];
    const unsigned int wt0_3_r4 = W[(wt0_3_w0 + 4)];
    const unsigned int wt0_30 = __funnelshift_rc(wt0_3_r0, wt0_3_r1, (wt0_3_s + 16u));
    const unsigned int wt0_31 = __funnelshift_rc(wt0_3_r1, wt0_3_r2, (wt0_3_s + 16u));
    const unsigned int wt0_32 = __funnelshift_rc(wt0_3_r2, wt0_3_r3, (wt0_3_s + 16u));
    const unsigned int wt0_33 = __funnelshift_rc(wt0_3_r3, wt0_3_r4, (wt0_3_s + 16u));
    const float wt0_3_d = kf_f16_to_f32((wt0_3_r0 >> wt0_3_s));
    const int wt0_4_b = chunk;
    const int wt0_4_o = (((row_4 * (K / 32)) + wt0_4_b) * 18);
    const int wt0_4_w0 = (wt0_4_o >> 2);
    const unsigned int wt0_4_s = ((unsigned int)((wt0_4_o & 2) * 8));
    const unsigned int wt0_4_r0 = W[wt0_4_w0];
    const unsigned int wt0_4_r1 = W[(wt0_4_w0 + 1)];
    const unsigned int wt0_4_r2 = W[(wt0_4_w0 + 2)];
    const unsigned int wt0_4_r3 = W[(wt0_4_w0 + 3)];
    const unsigned int wt0_4_r4 = W[(wt0_4_w0 + 4)];
    const unsigned int wt0_40 = __funnelshift_rc(wt0_4_r0, wt0_4_r1, (wt0_4_s + 16u));
    const unsigned int wt0_41 = __funnelshift_rc(wt0_4_r1, wt0_4_r2, (wt0_4_s + 16u));
    const unsigned int wt0_42 = __funnelshift_rc(wt0_4_r2, wt0_4_r3, (wt0_4_s + 16u));
    const unsigned int wt0_43 = __funnelshift_rc(wt0_4_r3, wt0_4_r4, (wt0_4_s + 16u));
    const float wt0_4_d = kf_f16_to_f32((wt0_4_r0 >> wt0_4_s));
    const int wt0_5_b = chunk;
    const int wt0_5_o = (((row_5 * (K / 32)) + wt0_5_b) * 18);
    const int wt0_5_w0 = (wt0_5_o >> 2);
    const unsigned int wt0_5_s = ((unsigned int)((wt0_5_o & 2) * 8));
    const unsigned int wt0_5_r0 = W[wt0_5_w0];
    const unsigned int wt0_5_r1 = W[(wt0_5_w0 + 1)];
    const unsigned int wt0_5_r2 = W[(wt0_5_w0 + 2)];
    const unsigned int wt0_5_r3 = W[(wt0_5_w0 + 3)];
    const unsigned int wt0_5_r4 = W[(wt0_5_w0 + 4)];
    const unsigned int wt0_50 = __funnelshift_rc(wt0_5_r0, wt0_5_r1, (wt0_5_s + 16u));
    const unsigned int wt0_51 = __funnelshift_rc(wt0_5_r1, wt0_5_r2, (wt0_5_s + 16u));
    const unsigned int wt0_52 = __funnelshift_rc(wt0_5_r2, wt0_5_r3, (wt0_5_s + 16u));
    const unsigned int wt0_53 = __funnelshift_rc(wt0_5_r3, wt0_5_r4, (wt0_5_s + 16u));
    const float wt0_5_d = kf_f16_to_f32((wt0_5_r0 >> wt0_5_s));
    const int wt0_6_b = chunk;
    const int wt0_6_o = (((row_6 * (K / 32)) + wt0_6_b) * 18);
    const int wt0_6_w0 = (wt0_6_o >> 2);
    const unsigned int wt0_6_s = ((unsigned int)((wt0_6_o & 2) * 8));
    const unsigned int wt0_6_r0 = W[wt0_6_w0];
    const unsigned int wt0_6_r1 = W[(wt0_6_w0 + 1)];
    const unsigned int wt0_6_r2 = W[(wt0_6_w0 + 2)];
    const unsigned int wt0_6_r3 = W[(wt0_6_w0 + 3)];
    const unsigned int wt0_6_r4 = W[(wt0_6_w0 + 4)];
    const unsigned int wt0_60 = __funnelshift_rc(wt0_6_r0, wt0_6_r1, (wt0_6_s + 16u));
    const unsigned int wt0_61 = __funnelshift_rc(wt0_6_r1, wt0_6_r2, (wt0_6_s + 16u));
    const unsigned int wt0_62 = __funnelshift_rc(wt0_6_r2, wt0_6_r3, (wt0_6_s + 16u));
    const unsigned int wt0_63 = __funnelshift_rc(wt0_6_r3, wt0_6_r4, (wt0_6_s + 16u));
    const float wt0_6_d = kf_f16_to_f32((wt0_6_r0 >> wt0_6_s));
    const int wt0_7_b = chunk;
    const int wt0_7_o = (((row_7 * (K / 32)) + wt0_7_b) * 18);
    const int wt0_7_w0 = (wt0_7_o >> 2);
    const unsigned int wt0_7_s = ((unsigned int)((wt0_7_o & 2) * 8));
    const unsigned int wt0_7_r0 = W[wt0_7_w0];
    const unsigned int wt0_7_r1 = W[(wt0_7_w0 + 1)];
    const unsigned int wt0_7_r2 = W[(wt0_7_w0 + 2)];
    const unsigned int wt0_7_r3 = W[(wt0_7_w0 + 3)];
    const unsigned int wt0_7_r4 = W[(wt0_7_w0 + 4)];
    const unsigned int wt0_70 = __funnelshift_rc(wt0_7_r0, wt0_7_r1, (wt0_7_s + 16u));
    const unsigned int wt0_71 = __funnelshift_rc(wt0_7_r1, wt0_7_r2, (wt0_7_s + 16u));
    const unsigned int wt0_72 = __funnelshift_rc(wt0_7_r2, wt0_7_r3, (wt0_7_s + 16u));
    const unsigned int wt0_73 = __funnelshift_rc(wt0_7_r3, wt0_7_r4, (wt0_7_s + 16u));
    const float wt0_7_d = kf_f16_to_f32((wt0_7_r0 >> wt0_7_s));
    kf_wait_previous_grid();
    const uint4 xt0_0_xh_0 = (*(const uint4*)(&x[((((K * 0) + (chunk * 32)) >> 5) * 16)]));
    const uint4 xt0_0_xh_1 = (*(const uint4*)(&x[(((((K * 0) + (chunk * 32)) >> 5) * 16) + 4)]));
    const uint4 xt0_0_xh_2 = (*(const uint4*)(&x[(((((K * 0) + (chunk * 32)) >> 5) * 16) + 8)]));
    const uint4 xt0_0_xh_3 = (*(const uint4*)(&x[(((((K * 0) + (chunk * 32)) >> 5) * 16) + 12)]));
    const unsigned int xt0_0_hmax = kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(kf_absmax_f16x2(xt0_0_xh_0.x, xt0_0_xh_0.y), xt0_0_xh_0.z), xt0_0_xh_0.w), xt0_0_xh_1.x), xt0_0_xh_1.y), xt0_0_xh_1.z), xt0_0_xh_1.w), xt0_0_xh_2.x), xt0_0_xh_2.y), xt0_0_xh_2.z), xt0_0_xh_2.w), xt0_0_xh_3.x), xt0_0_xh_3.y), xt0_0_xh_3.z), xt0_0_xh_3.w);
    const float xt0_0_amax = fmaxf(kf_f16_to_f32(xt0_0_hmax), kf_f16_to_f32((xt0_0_hmax >> 16u)));
    const float xt0_0_d = (xt0_0_amax / 127.0f);
    const unsigned int xt0_0_idb = __float_as_uint(((xt0_0_d != 0.0f) ? (1.0f / xt0_0_d) : 0.0f));
    const float xt0_0_id = __uint_as_float((((xt0_0_idb + 4095u) + ((xt0_0_idb >> 13u) & 1u)) & 4294959104u));
    unsigned int xt0_0_w0 = 0u;
    unsigned int xt0_0_w1 = 0u;
    unsigned int xt0_0_w2 = 0u;
    unsigned int xt0_0_w3 = 0u;
    unsigned int xt0_0_w4 = 0u;
    unsigned int xt0_0_w5 = 0u;
    unsigned int xt0_0_w6 = 0u;
    unsigned int xt0_0_w7 = 0u;
    if (xt0_0_id < 32768.0f) {
      const unsigned int xt0_0_q0 = kf_f16x2_codes(xt0_0_xh_0.x, xt0_0_id);
      const unsigned int xt0_0_q1 = kf_f16x2_codes(xt0_0_xh_0.y, xt0_0_id);
      const unsigned int xt0_0_q2 = kf_f16x2_codes(xt0_0_xh_0.z, xt0_0_id);
      const unsigned int xt0_0_q3 = kf_f16x2_codes(xt0_0_xh_0.w, xt0_0_id);
      const unsigned int xt0_0_q4 = kf_f16x2_codes(xt0_0_xh_1.x, xt0_0_id);
      const unsigned int xt0_0_q5 = kf_f16x2_codes(xt0_0_xh_1.y, xt0_0_id);
      const unsigned int xt0_0_q6 = kf_f16x2_codes(xt0_0_xh_1.z, xt0_0_id);
      const unsigned int xt0_0_q7 = kf_f16x2_codes(xt0_0_xh_1.w, xt0_0_id);
      const unsigned int xt0_0_q8 = kf_f16x2_codes(xt0_0_xh_2.x, xt0_0_id);
      const unsigned int xt0_0_q9 = kf_f16x2_codes(xt0_0_xh_2.y, xt0_0_id);
      const unsigned int xt0_0_q10 = kf_f16x2_codes(xt0_0_xh_2.z, xt0_0_id);
      const unsigned int xt0_0_q11 = kf_f16x2_codes(xt0_0_xh_2.w, xt0_0_id);
      const unsigned int xt0_0_q12 = kf_f16x2_codes(xt0_0_xh_3.x, xt0_0_id);
      const unsigned int xt0_0_q13 = kf_f16x2_codes(xt0_0_xh_3.y, xt0_0_id);
      const unsigned int xt0_0_q14 = kf_f16x2_codes(xt0_0_xh_3.z, xt0_0_id);
      const unsigned int xt0_0_q15 = kf_f16x2_codes(xt0_0_xh_3.w, xt0_0_id);
      xt0_0_w0 = __byte_perm(xt0_0_q0, xt0_0_q1, 25632u);
      xt0_0_w1 = __byte_perm(xt0_0_q2, xt0_0_q3, 25632u);
      xt0_0_w2 = __byte_perm(xt0_0_q4, xt0_0_q5, 25632u);
      xt0_0_w3 = __byte_perm(xt0_0_q6, xt0_0_q7, 25632u);
      xt0_0_w4 = __byte_perm(xt0_0_q8, xt0_0_q9, 25632u);
      xt0_0_w5 = __byte_perm(xt0_0_q10, xt0_0_q11, 25632u);
      xt0_0_w6 = __byte_perm(xt0_0_q12, xt0_0_q13, 25632u);
      xt0_0_w7 = __byte_perm(xt0_0_q14, xt0_0_q15, 25632u);
    } else {
      const float xt0_0_v0 = kf_f16_to_f32(xt0_0_xh_0.x);
      const unsigned int xt0_0_b0 = __float_as_uint(fmaf(xt0_0_v0, xt0_0_id, 12582912.0f));
      const float xt0_0_v1 = kf_f16_to_f32((xt0_0_xh_0.x >> 16u));
      const unsigned int xt0_0_b1 = __float_as_uint(fmaf(xt0_0_v1, xt0_0_id, 12582912.0f));
      const float xt0_0_v2 = kf_f16_to_f32(xt0_0_xh_0.y);
      const unsigned int xt0_0_b2 = __float_as_uint(fmaf(xt0_0_v2, xt0_0_id, 12582912.0f));
      const float xt0_0_v3 = kf_f16_to_f32((xt0_0_xh_0.y >> 16u));
      const unsigned int xt0_0_b3 = __float_as_uint(fmaf(xt0_0_v3, xt0_0_id, 12582912.0f));
      const float xt0_0_v4 = kf_f16_to_f32(xt0_0_xh_0.z);
      const unsigned int xt0_0_b4 = __float_as_uint(fmaf(xt0_0_v4, xt0_0_id, 12582912.0f));
      const float xt0_0_v5 = kf_f16_to_f32((xt0_0_xh_0.z >> 16u));
      const unsigned int xt0_0_b5 = __float_as_uint(fmaf(xt0_0_v5, xt0_0_id, 12582912.0f));
      const float xt0_0_v6 = kf_f16_to_f32(xt0_0_xh_0.w);
      const unsigned int xt0_0_b6 = __float_as_uint(fmaf(xt0_0_v6, xt0_0_id, 12582912.0f));
      const float xt0_0_v7 = kf_f16_to_f32((xt0_0_xh_0.w >> 16u));
      const unsigned int xt0_0_b7 = __float_as_uint(fmaf(xt0_0_v7, xt0_0_id, 12582912.0f));
      const float xt0_0_v8 = kf_f16_to_f32(xt0_0_xh_1.x);
      const unsigned int xt0_0_b8 = __float_as_uint(fmaf(xt0_0_v8, xt0_0_id, 12582912.0f));
      const float xt0_0_v9 = kf_f16_to_f32((xt0_0_xh_1.x >> 16u));
      const unsigned int xt0_0_b9 = __float_as_uint(fmaf(xt0_0_v9, xt0_0_id, 12582912.0f));
      const float xt0_0_v10 = kf_f16_to_f32(xt0_0_xh_1.y);
      const unsigned int xt0_0_b10 = __float_as_uint(fmaf(xt0_0_v10, xt0_0_id, 12582912.0f));
      const float xt0_0_v11 = kf_f16_to_f32((xt0_0_xh_1.y >> 16u));
      const unsigned int xt0_0_b11 = __float_as_uint(fmaf(xt0_0_v11, xt0_0_id, 12582912.0f));
      const float xt0_0_v12 = kf_f16_to_f32(xt0_0_xh_1.z);
      const unsigned int xt0_0_b12 = __float_as_uint(fmaf(xt0_0_v12, xt0_0_id, 12582912.0f));
      const float xt0_0_v13 = kf_f16_to_f32((xt0_0_xh_1.z >> 16u));
      const unsigned int xt0_0_b13 = __float_as_uint(fmaf(xt0_0_v13, xt0_0_id, 12582912.0f));
      const float xt0_0_v14 = kf_f16_to_f32(xt0_0_xh_1.w);
      const unsigned int xt0_0_b14 = __float_as_uint(fmaf(xt0_0_v14, xt0_0_id, 12582912.0f));
      const float xt0_0_v15 = kf_f16_to_f32((xt0_0_xh_1.w >> 16u));
      const unsigned int xt0_0_b15 = __float_as_uint(fmaf(xt0_0_v15, xt0_0_id, 12582912.0f));
      const float xt0_0_v16 = kf_f16_to_f32(xt0_0_xh_2.x);
      const unsigned int xt0_0_b16 = __float_as_uint(fmaf(xt0_0_v16, xt0_0_id, 12582912.0f));
      const float xt0_0_v17 = kf_f16_to_f32((xt0_0_xh_2.x >> 16u));
      const unsigned int xt0_0_b17 = __float_as_uint(fmaf(xt0_0_v17, xt0_0_id, 12582912.0f));
      const float xt0_0_v18 = kf_f16_to_f32(xt0_0_xh_2.y);
      const unsigned int xt0_0_b18 = __float_as_uint(fmaf(xt0_0_v18, xt0_0_id, 12582912.0f));
      const float xt0_0_v19 = kf_f16_to_f32((xt0_0_xh_2.y >> 16u));
      const unsigned int xt0_0_b19 = __float_as_uint(fmaf(xt0_0_v19, xt0_0_id, 12582912.0f));
      const float xt0_0_v20 = kf_f16_to_f32(xt0_0_xh_2.z);
      const unsigned int xt0_0_b20 = __float_as_uint(fmaf(xt0_0_v20, xt0_0_id, 12582912.0f));
      const float xt0_0_v21 = kf_f16_to_f32((xt0_0_xh_2.z >> 16u));
      const unsigned int xt0_0_b21 = __float_as_uint(fmaf(xt0_0_v21, xt0_0_id, 12582912.0f));
      const float xt0_0_v22 = kf_f16_to_f32(xt0_0_xh_2.w);
      const unsigned int xt0_0_b22 = __float_as_uint(fmaf(xt0_0_v22, xt0_0_id, 12582912.0f));
      const float xt0_0_v23 = kf_f16_to_f32((xt0_0_xh_2.w >> 16u));
      const unsigned int xt0_0_b23 = __float_as_uint(fmaf(xt0_0_v23, xt0_0_id, 12582912.0f));
      const float xt0_0_v24 = kf_f16_to_f32(xt0_0_xh_3.x);
      const unsigned int xt0_0_b24 = __float_as_uint(fmaf(xt0_0_v24, xt0_0_id, 12582912.0f));
      const float xt0_0_v25 = kf_f16_to_f32((xt0_0_xh_3.x >> 16u));
      const unsigned int xt0_0_b25 = __float_as_uint(fmaf(xt0_0_v25, xt0_0_id, 12582912.0f));
      const float xt0_0_v26 = kf_f16_to_f32(xt0_0_xh_3.y);
      const unsigned int xt0_0_b26 = __float_as_uint(fmaf(xt0_0_v26, xt0_0_id, 12582912.0f));
      const float xt0_0_v27 = kf_f16_to_f32((xt0_0_xh_3.y >> 16u));
      const unsigned int xt0_0_b27 = __float_as_uint(fmaf(xt0_0_v27, xt0_0_id, 12582912.0f));
      const float xt0_0_v28 = kf_f16_to_f32(xt0_0_xh_3.z);
      const unsigned int xt0_0_b28 = __float_as_uint(fmaf(xt0_0_v28, xt0_0_id, 12582912.0f));
      const float xt0_0_v29 = kf_f16_to_f32((xt0_0_xh_3.z >> 16u));
      const unsigned int xt0_0_b29 = __float_as_uint(fmaf(xt0_0_v29, xt0_0_id, 12582912.0f));
      const float xt0_0_v30 = kf_f16_to_f32(xt0_0_xh_3.w);
      const unsigned int xt0_0_b30 = __float_as_uint(fmaf(xt0_0_v30, xt0_0_id, 12582912.0f));
      const float xt0_0_v31 = kf_f16_to_f32((xt0_0_xh_3.w >> 16u));
      const unsigned int xt0_0_b31 = __float_as_uint(fmaf(xt0_0_v31, xt0_0_id, 12582912.0f));
      xt0_0_w0 = (((xt0_0_b0 & 255u) | ((xt0_0_b1 & 255u) << 8u)) | (((xt0_0_b2 & 255u) << 16u) | ((xt0_0_b3 & 255u) << 24u)));
      xt0_0_w1 = (((xt0_0_b4 & 255u) | ((xt0_0_b5 & 255u) << 8u)) | (((xt0_0_b6 & 255u) << 16u) | ((xt0_0_b7 & 255u) << 24u)));
      xt0_0_w2 = (((xt0_0_b8 & 255u) | ((xt0_0_b9 & 255u) << 8u)) | (((xt0_0_b10 & 255u) << 16u) | ((xt0_0_b11 & 255u) << 24u)));
      xt0_0_w3 = (((xt0_0_b12 & 255u) | ((xt0_0_b13 & 255u) << 8u)) | (((xt0_0_b14 & 255u) << 16u) | ((xt0_0_b15 & 255u) << 24u)));
      xt0_0_w4 = (((xt0_0_b16 & 255u) | ((xt0_0_b17 & 255u) << 8u)) | (((xt0_0_b18 & 255u) << 16u) | ((xt0_0_b19 & 255u) << 24u)));
      xt0_0_w5 = (((xt0_0_b20 & 255u) | ((xt0_0_b21 & 255u) << 8u)) | (((xt0_0_b22 & 255u) << 16u) | ((xt0_0_b23 & 255u) << 24u)));
      xt0_0_w6 = (((xt0_0_b24 & 255u) | ((xt0_0_b25 & 255u) << 8u)) | (((xt0_0_b26 & 255u) << 16u) | ((xt0_0_b27 & 255u) << 24u)));
      xt0_0_w7 = (((xt0_0_b28 & 255u) | ((xt0_0_b29 & 255u) << 8u)) | (((xt0_0_b30 & 255u) << 16u) | ((xt0_0_b31 & 255u) << 24u)));
    }
    const int xot0_0_0 = ((((K * 0) + (chunk * 32)) & 31) >> 2);
    const unsigned int xpt0_0_0_0 = ((xot0_0_0 == 4) ? xt0_0_w4 : xt0_0_w0);
    const unsigned int xpt0_0_0_1 = ((xot0_0_0 == 4) ? xt0_0_w5 : xt0_0_w1);
    const unsigned int xpt0_0_0_2 = ((xot0_0_0 == 4) ? xt0_0_w6 : xt0_0_w2);
    const unsigned int xpt0_0_0_3 = ((xot0_0_0 == 4) ? xt0_0_w7 : xt0_0_w3);
    const int xot0_0_1 = ((((K * 0) + ((chunk * 32) + 16)) & 31) >> 2);
    const unsigned int xpt0_0_1_0 = ((xot0_0_1 == 4) ? xt0_0_w4 : xt0_0_w0);
    const unsigned int xpt0_0_1_1 = ((xot0_0_1 == 4) ? xt0_0_w5 : xt0_0_w1);
    const unsigned int xpt0_0_1_2 = ((xot0_0_1 == 4) ? xt0_0_w6 : xt0_0_w2);
    const unsigned int xpt0_0_1_3 = ((xot0_0_1 == 4) ? xt0_0_w7 : xt0_0_w3);
    const float dxt0_0 = xt0_0_d;
    const float zxt0_0 = ((xt0_0_d * ((float)(__dp4a((int)(xt0_0_w6), (int)(16843009u), __dp4a((int)(xt0_0_w4), (int)(16843009u), __dp4a((int)(xt0_0_w2), (int)(16843009u), __dp4a((int)(xt0_0_w0), (int)(16843009u), 0)))) + __dp4a((int)(xt0_0_w7), (int)(16843009u), __dp4a((int)(xt0_0_w5), (int)(16843009u), __dp4a((int)(xt0_0_w3), (int)(16843009u), __dp4a((int)(xt0_0_w1), (int)(16843009u), 0))))))) * (-8.0f));
    const int it0_0_0 = (__dp4a((int)((wt0_03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wt0_02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wt0_01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wt0_00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wt0_03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wt0_02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wt0_01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wt0_00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
    acc_0_0 = fmaf(wt0_0_d, fmaf(dxt0_0, ((float)it0_0_0), zxt0_0), acc_0_0);
    const int it0_0_1 = (__dp4a((int)((wt0_13 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wt0_12 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wt0_11 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wt0_10 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wt0_13 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wt0_12 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wt0_11 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wt0_10 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
    acc_1_0 = fmaf(wt0_1_d, fmaf(dxt0_0, ((float)it0_0_1), zxt0_0), acc_1_0);
    const int it0_0_2 = (__dp4a((int)((wt0_23 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wt0_22 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wt0_21 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wt0_20 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wt0_23 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wt0_22 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wt0_21 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wt0_20 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
    acc_2_0 = fmaf(wt0_2_d, fmaf(dxt0_0, ((float)it0_0_2), zxt0_0), acc_2_0);
    const int it0_0_3 = (__dp4a((int)((wt0_33 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wt0_32 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wt0_31 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wt0_30 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wt0_33 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wt0_32 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wt0_31 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wt0_30 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
    acc_3_0 = fmaf(wt0_3_d, fmaf(dxt0_0, ((float)it0_0_3), zxt0_0), acc_3_0);
    const int it0_0_4 = (__dp4a((int)((wt0_43 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wt0_42 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wt0_41 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wt0_40 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wt0_43 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wt0_42 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wt0_41 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wt0_40 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
    acc_4_0 = fmaf(wt0_4_d, fmaf(dxt0_0, ((float)it0_0_4), zxt0_0), acc_4_0);
    const int it0_0_5 = (__dp4a((int)((wt0_53 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wt0_52 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wt0_51 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wt0_50 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wt0_53 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wt0_52 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wt0_51 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wt0_50 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
    acc_5_0 = fmaf(wt0_5_d, fmaf(dxt0_0, ((float)it0_0_5), zxt0_0), acc_5_0);
    const int it0_0_6 = (__dp4a((int)((wt0_63 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wt0_62 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wt0_61 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wt0_60 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wt0_63 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wt0_62 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wt0_61 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wt0_60 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
    acc_6_0 = fmaf(wt0_6_d, fmaf(dxt0_0, ((float)it0_0_6), zxt0_0), acc_6_0);
    const int it0_0_7 = (__dp4a((int)((wt0_73 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wt0_72 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wt0_71 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wt0_70 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wt0_73 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wt0_72 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wt0_71 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wt0_70 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
    acc_7_0 = fmaf(wt0_7_d, fmaf(dxt0_0, ((float)it0_0_7), zxt0_0), acc_7_0);
  }
  kf_wait_previous_grid();
  const int sg_lane = ((int)threadIdx.x & 31);
  const int sg_index = (tid / 32);
  const bool sg_up16 = ((sg_lane & 16) != 0);
  const float sg_r16_0 = ((sg_up16 ? acc_4_0 : acc_0_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? acc_0_0 : acc_4_0), 16));
  const float sg_r16_1 = ((sg_up16 ? acc_5_0 : acc_1_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? acc_1_0 : acc_5_0), 16));
  const float sg_r16_2 = ((sg_up16 ? acc_6_0 : acc_2_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? acc_2_0 : acc_6_0), 16));
  const float sg_r16_3 = ((sg_up16 ? acc_7_0 : acc_3_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? acc_3_0 : acc_7_0), 16));
  const bool sg_up8 = ((sg_lane & 8) != 0);
  const float sg_r8_0 = ((sg_up8 ? sg_r16_2 : sg_r16_0) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_0 : sg_r16_2), 8));
  const float sg_r8_1 = ((sg_up8 ? sg_r16_3 : sg_r16_1) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_1 : sg_r16_3), 8));
  const bool sg_up4 = ((sg_lane & 4) != 0);
  const float sg_r4_0 = ((sg_up4 ? sg_r8_1 : sg_r8_0) + __shfl_xor_sync(0xffffffffu, (sg_up4 ? sg_r8_0 : sg_r8_1), 4));
  float sg_total = sg_r4_0;
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 2));
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 1));
  __shared__ float red[32];
  if ((sg_lane & 3) == 0) {
    red[((((sg_lane >> 2) & 7) * 4) + sg_index)] = sg_total;
  }
  __syncthreads();
  for (int o = tid; o < 8; o += 128) {
    float total = 0.0f;
    for (int sg = 0; sg < 4; sg++) {
      total = (total + red[((o * 4) + sg)]);
    }
    const int n = (n0 + (o % 8));
    const int m = (o / 8);
    if (n < N) {
      y[((m * N) + n)] = total;
    }
  }
}
