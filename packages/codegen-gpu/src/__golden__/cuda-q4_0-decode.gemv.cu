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

extern "C" __global__ void __launch_bounds__(128) gemv(const float* __restrict__ x, const unsigned int* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  // gemv q4_0 x f32, M=1: 2 rows per workgroup, 128 threads, 16-byte loads, unroll 2, split_k 1
  const int tid = (int)threadIdx.x;
  const int n0 = (((int)blockIdx.x + ((int)blockIdx.y * (int)gridDim.x)) * 2);
  const int row_0 = min((n0 + 0), (N - 1));
  const int row_1 = min((n0 + 1), (N - 1));
  float acc_0_0 = 0.0f;
  float acc_1_0 = 0.0f;
  const int chunks = ((K / 32) * 1);
  const int first_chunk = tid;
  const int chunks_main = ((chunks / 256) * 256);
  for (int k_step = 0; k_step < chunks_main; k_step += 256) {
    const int wu0_0_b = ((k_step + first_chunk) + 0);
    const int wu0_0_o = (((row_0 * (K / 32)) + wu0_0_b) * 18);
    const int wu0_0_w0 = (wu0_0_o >> 2);
    const unsigned int wu0_0_s = ((unsigned int)((wu0_0_o & 2) * 8));
    const unsigned int wu0_0_r0 = W[wu0_0_w0];
    const unsigned int wu0_0_r1 = W[(wu0_0_w0 + 1)];
    const unsigned int wu0_0_r2 = W[(wu0_0_w0 + 2)];
    const unsigned int wu0_0_r3 = W[(wu0_0_w0 + 3)];
    const unsigned int wu0_0_r4 = W[(wu0_0_w0 + 4)];
    const unsigned int wu0_00 = (((wu0_0_r0 >> 16u) >> wu0_0_s) | (wu0_0_r1 << (16u - wu0_0_s)));
    const unsigned int wu0_01 = (((wu0_0_r1 >> 16u) >> wu0_0_s) | (wu0_0_r2 << (16u - wu0_0_s)));
    const unsigned int wu0_02 = (((wu0_0_r2 >> 16u) >> wu0_0_s) | (wu0_0_r3 << (16u - wu0_0_s)));
    const unsigned int wu0_03 = (((wu0_0_r3 >> 16u) >> wu0_0_s) | (wu0_0_r4 << (16u - wu0_0_s)));
    const float wu0_0_d = kf_f16_to_f32((wu0_0_r0 >> wu0_0_s));
    const int wu0_1_b = ((k_step + first_chunk) + 0);
    const int wu0_1_o = (((row_1 * (K / 32)) + wu0_1_b) * 18);
    const int wu0_1_w0 = (wu0_1_o >> 2);
    const unsigned int wu0_1_s = ((unsigned int)((wu0_1_o & 2) * 8));
    const unsigned int wu0_1_r0 = W[wu0_1_w0];
    const unsigned int wu0_1_r1 = W[(wu0_1_w0 + 1)];
    const unsigned int wu0_1_r2 = W[(wu0_1_w0 + 2)];
    const unsigned int wu0_1_r3 = W[(wu0_1_w0 + 3)];
    const unsigned int wu0_1_r4 = W[(wu0_1_w0 + 4)];
    const unsigned int wu0_10 = (((wu0_1_r0 >> 16u) >> wu0_1_s) | (wu0_1_r1 << (16u - wu0_1_s)));
    const unsigned int wu0_11 = (((wu0_1_r1 >> 16u) >> wu0_1_s) | (wu0_1_r2 << (16u - wu0_1_s)));
    const unsigned int wu0_12 = (((wu0_1_r2 >> 16u) >> wu0_1_s) | (wu0_1_r3 << (16u - wu0_1_s)));
    const unsigned int wu0_13 = (((wu0_1_r3 >> 16u) >> wu0_1_s) | (wu0_1_r4 << (16u - wu0_1_s)));
    const float wu0_1_d = kf_f16_to_f32((wu0_1_r0 >> wu0_1_s));
    const int wu1_0_b = ((k_step + first_chunk) + 128);
    const int wu1_0_o = (((row_0 * (K / 32)) + wu1_0_b) * 18);
    const int wu1_0_w0 = (wu1_0_o >> 2);
    const unsigned int wu1_0_s = ((unsigned int)((wu1_0_o & 2) * 8));
    const unsigned int wu1_0_r0 = W[wu1_0_w0];
    const unsigned int wu1_0_r1 = W[(wu1_0_w0 + 1)];
    const unsigned int wu1_0_r2 = W[(wu1_0_w0 + 2)];
    const unsigned int wu1_0_r3 = W[(wu1_0_w0 + 3)];
    const unsigned int wu1_0_r4 = W[(wu1_0_w0 + 4)];
    const unsigned int wu1_00 = (((wu1_0_r0 >> 16u) >> wu1_0_s) | (wu1_0_r1 << (16u - wu1_0_s)));
    const unsigned int wu1_01 = (((wu1_0_r1 >> 16u) >> wu1_0_s) | (wu1_0_r2 << (16u - wu1_0_s)));
    const unsigned int wu1_02 = (((wu1_0_r2 >> 16u) >> wu1_0_s) | (wu1_0_r3 << (16u - wu1_0_s)));
    const unsigned int wu1_03 = (((wu1_0_r3 >> 16u) >> wu1_0_s) | (wu1_0_r4 << (16u - wu1_0_s)));
    const float wu1_0_d = kf_f16_to_f32((wu1_0_r0 >> wu1_0_s));
    const int wu1_1_b = ((k_step + first_chunk) + 128);
    const int wu1_1_o = (((row_1 * (K / 32)) + wu1_1_b) * 18);
    const int wu1_1_w0 = (wu1_1_o >> 2);
    const unsigned int wu1_1_s = ((unsigned int)((wu1_1_o & 2) * 8));
    const unsigned int wu1_1_r0 = W[wu1_1_w0];
    const unsigned int wu1_1_r1 = W[(wu1_1_w0 + 1)];
    const unsigned int wu1_1_r2 = W[(wu1_1_w0 + 2)];
    const unsigned int wu1_1_r3 = W[(wu1_1_w0 + 3)];
    const unsigned int wu1_1_r4 = W[(wu1_1_w0 + 4)];
    const unsigned int wu1_10 = (((wu1_1_r0 >> 16u) >> wu1_1_s) | (wu1_1_r1 << (16u - wu1_1_s)));
    const unsigned int wu1_11 = (((wu1_1_r1 >> 16u) >> wu1_1_s) | (wu1_1_r2 << (16u - wu1_1_s)));
    const unsigned int wu1_12 = (((wu1_1_r2 >> 16u) >> wu1_1_s) | (wu1_1_r3 << (16u - wu1_1_s)));
    const unsigned int wu1_13 = (((wu1_1_r3 >> 16u) >> wu1_1_s) | (wu1_1_r4 << (16u - wu1_1_s)));
    const float wu1_1_d = kf_f16_to_f32((wu1_1_r0 >> wu1_1_s));
    const float4 xu0_0_0_0 = (*(const float4*)(&x[((K * 0) + (((k_step + first_chunk) + 0) * 32))]));
    const float4 xu0_0_0_4 = (*(const float4*)(&x[(((K * 0) + (((k_step + first_chunk) + 0) * 32)) + 4)]));
    const float4 xu0_0_0_8 = (*(const float4*)(&x[(((K * 0) + (((k_step + first_chunk) + 0) * 32)) + 8)]));
    const float4 xu0_0_0_12 = (*(const float4*)(&x[(((K * 0) + (((k_step + first_chunk) + 0) * 32)) + 12)]));
    const float4 xu0_0_1_0 = (*(const float4*)(&x[((K * 0) + ((((k_step + first_chunk) + 0) * 32) + 16))]));
    const float4 xu0_0_1_4 = (*(const float4*)(&x[(((K * 0) + ((((k_step + first_chunk) + 0) * 32) + 16)) + 4)]));
    const float4 xu0_0_1_8 = (*(const float4*)(&x[(((K * 0) + ((((k_step + first_chunk) + 0) * 32) + 16)) + 8)]));
    const float4 xu0_0_1_12 = (*(const float4*)(&x[(((K * 0) + ((((k_step + first_chunk) + 0) * 32) + 16)) + 12)]));
    acc_0_0 = fmaf(wu0_0_d, fmaf((fmaf((__uint_as_float(((wu0_03 & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_12.y, fmaf((__uint_as_float(((wu0_02 & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_8.y, fmaf((__uint_as_float(((wu0_01 & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_4.y, ((__uint_as_float(((wu0_00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xu0_0_1_0.y)))) + fmaf((__uint_as_float((((wu0_03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_12.w, fmaf((__uint_as_float((((wu0_02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_8.w, fmaf((__uint_as_float((((wu0_01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_4.w, ((__uint_as_float((((wu0_00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xu0_0_1_0.w))))), 0.000244140625f, fmaf((fmaf((__uint_as_float(((wu0_03 & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_12.y, fmaf((__uint_as_float(((wu0_02 & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_8.y, fmaf((__uint_as_float(((wu0_01 & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_4.y, ((__uint_as_float(((wu0_00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xu0_0_0_0.y)))) + fmaf((__uint_as_float((((wu0_03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_12.w, fmaf((__uint_as_float((((wu0_02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_8.w, fmaf((__uint_as_float((((wu0_01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_4.w, ((__uint_as_float((((wu0_00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xu0_0_0_0.w))))), 0.00390625f, fmaf((fmaf((__uint_as_float(((wu0_03 & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_12.x, fmaf((__uint_as_float(((wu0_02 & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_8.x, fmaf((__uint_as_float(((wu0_01 & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_4.x, ((__uint_as_float(((wu0_00 & 240u) ^ 1258291200u)) - 8388736.0f) * xu0_0_1_0.x)))) + fmaf((__uint_as_float((((wu0_03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_12.z, fmaf((__uint_as_float((((wu0_02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_8.z, fmaf((__uint_as_float((((wu0_01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_4.z, ((__uint_as_float((((wu0_00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xu0_0_1_0.z))))), 0.0625f, (fmaf((__uint_as_float(((wu0_03 & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_12.x, fmaf((__uint_as_float(((wu0_02 & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_8.x, fmaf((__uint_as_float(((wu0_01 & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_4.x, ((__uint_as_float(((wu0_00 & 15u) ^ 1258291200u)) - 8388616.0f) * xu0_0_0_0.x)))) + fmaf((__uint_as_float((((wu0_03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_12.z, fmaf((__uint_as_float((((wu0_02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_8.z, fmaf((__uint_as_float((((wu0_01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_4.z, ((__uint_as_float((((wu0_00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xu0_0_0_0.z)))))))), acc_0_0);
    acc_1_0 = fmaf(wu0_1_d, fmaf((fmaf((__uint_as_float(((wu0_13 & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_12.y, fmaf((__uint_as_float(((wu0_12 & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_8.y, fmaf((__uint_as_float(((wu0_11 & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_4.y, ((__uint_as_float(((wu0_10 & 61440u) ^ 1258291200u)) - 8421376.0f) * xu0_0_1_0.y)))) + fmaf((__uint_as_float((((wu0_13 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_12.w, fmaf((__uint_as_float((((wu0_12 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_8.w, fmaf((__uint_as_float((((wu0_11 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu0_0_1_4.w, ((__uint_as_float((((wu0_10 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xu0_0_1_0.w))))), 0.000244140625f, fmaf((fmaf((__uint_as_float(((wu0_13 & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_12.y, fmaf((__uint_as_float(((wu0_12 & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_8.y, fmaf((__uint_as_float(((wu0_11 & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_4.y, ((__uint_as_float(((wu0_10 & 3840u) ^ 1258291200u)) - 8390656.0f) * xu0_0_0_0.y)))) + fmaf((__uint_as_float((((wu0_13 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_12.w, fmaf((__uint_as_float((((wu0_12 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_8.w, fmaf((__uint_as_float((((wu0_11 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu0_0_0_4.w, ((__uint_as_float((((wu0_10 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xu0_0_0_0.w))))), 0.00390625f, fmaf((fmaf((__uint_as_float(((wu0_13 & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_12.x, fmaf((__uint_as_float(((wu0_12 & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_8.x, fmaf((__uint_as_float(((wu0_11 & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_4.x, ((__uint_as_float(((wu0_10 & 240u) ^ 1258291200u)) - 8388736.0f) * xu0_0_1_0.x)))) + fmaf((__uint_as_float((((wu0_13 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_12.z, fmaf((__uint_as_float((((wu0_12 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_8.z, fmaf((__uint_as_float((((wu0_11 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu0_0_1_4.z, ((__uint_as_float((((wu0_10 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xu0_0_1_0.z))))), 0.0625f, (fmaf((__uint_as_float(((wu0_13 & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_12.x, fmaf((__uint_as_float(((wu0_12 & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_8.x, fmaf((__uint_as_float(((wu0_11 & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_4.x, ((__uint_as_float(((wu0_10 & 15u) ^ 1258291200u)) - 8388616.0f) * xu0_0_0_0.x)))) + fmaf((__uint_as_float((((wu0_13 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_12.z, fmaf((__uint_as_float((((wu0_12 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_8.z, fmaf((__uint_as_float((((wu0_11 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu0_0_0_4.z, ((__uint_as_float((((wu0_10 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xu0_0_0_0.z)))))))), acc_1_0);
    const float4 xu1_0_0_0 = (*(const float4*)(&x[((K * 0) + (((k_step + first_chunk) + 128) * 32))]));
    const float4 xu1_0_0_4 = (*(const float4*)(&x[(((K * 0) + (((k_step + first_chunk) + 128) * 32)) + 4)]));
    const float4 xu1_0_0_8 = (*(const float4*)(&x[(((K * 0) + (((k_step + first_chunk) + 128) * 32)) + 8)]));
    const float4 xu1_0_0_12 = (*(const float4*)(&x[(((K * 0) + (((k_step + first_chunk) + 128) * 32)) + 12)]));
    const float4 xu1_0_1_0 = (*(const float4*)(&x[((K * 0) + ((((k_step + first_chunk) + 128) * 32) + 16))]));
    const float4 xu1_0_1_4 = (*(const float4*)(&x[(((K * 0) + ((((k_step + first_chunk) + 128) * 32) + 16)) + 4)]));
    const float4 xu1_0_1_8 = (*(const float4*)(&x[(((K * 0) + ((((k_step + first_chunk) + 128) * 32) + 16)) + 8)]));
    const float4 xu1_0_1_12 = (*(const float4*)(&x[(((K * 0) + ((((k_step + first_chunk) + 128) * 32) + 16)) + 12)]));
    acc_0_0 = fmaf(wu1_0_d, fmaf((fmaf((__uint_as_float(((wu1_03 & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_12.y, fmaf((__uint_as_float(((wu1_02 & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_8.y, fmaf((__uint_as_float(((wu1_01 & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_4.y, ((__uint_as_float(((wu1_00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xu1_0_1_0.y)))) + fmaf((__uint_as_float((((wu1_03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_12.w, fmaf((__uint_as_float((((wu1_02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_8.w, fmaf((__uint_as_float((((wu1_01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_4.w, ((__uint_as_float((((wu1_00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xu1_0_1_0.w))))), 0.000244140625f, fmaf((fmaf((__uint_as_float(((wu1_03 & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_12.y, fmaf((__uint_as_float(((wu1_02 & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_8.y, fmaf((__uint_as_float(((wu1_01 & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_4.y, ((__uint_as_float(((wu1_00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xu1_0_0_0.y)))) + fmaf((__uint_as_float((((wu1_03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_12.w, fmaf((__uint_as_float((((wu1_02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_8.w, fmaf((__uint_as_float((((wu1_01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_4.w, ((__uint_as_float((((wu1_00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xu1_0_0_0.w))))), 0.00390625f, fmaf((fmaf((__uint_as_float(((wu1_03 & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_12.x, fmaf((__uint_as_float(((wu1_02 & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_8.x, fmaf((__uint_as_float(((wu1_01 & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_4.x, ((__uint_as_float(((wu1_00 & 240u) ^ 1258291200u)) - 8388736.0f) * xu1_0_1_0.x)))) + fmaf((__uint_as_float((((wu1_03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_12.z, fmaf((__uint_as_float((((wu1_02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_8.z, fmaf((__uint_as_float((((wu1_01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_4.z, ((__uint_as_float((((wu1_00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xu1_0_1_0.z))))), 0.0625f, (fmaf((__uint_as_float(((wu1_03 & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_12.x, fmaf((__uint_as_float(((wu1_02 & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_8.x, fmaf((__uint_as_float(((wu1_01 & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_4.x, ((__uint_as_float(((wu1_00 & 15u) ^ 1258291200u)) - 8388616.0f) * xu1_0_0_0.x)))) + fmaf((__uint_as_float((((wu1_03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_12.z, fmaf((__uint_as_float((((wu1_02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_8.z, fmaf((__uint_as_float((((wu1_01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_4.z, ((__uint_as_float((((wu1_00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xu1_0_0_0.z)))))))), acc_0_0);
    acc_1_0 = fmaf(wu1_1_d, fmaf((fmaf((__uint_as_float(((wu1_13 & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_12.y, fmaf((__uint_as_float(((wu1_12 & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_8.y, fmaf((__uint_as_float(((wu1_11 & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_4.y, ((__uint_as_float(((wu1_10 & 61440u) ^ 1258291200u)) - 8421376.0f) * xu1_0_1_0.y)))) + fmaf((__uint_as_float((((wu1_13 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_12.w, fmaf((__uint_as_float((((wu1_12 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_8.w, fmaf((__uint_as_float((((wu1_11 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xu1_0_1_4.w, ((__uint_as_float((((wu1_10 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xu1_0_1_0.w))))), 0.000244140625f, fmaf((fmaf((__uint_as_float(((wu1_13 & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_12.y, fmaf((__uint_as_float(((wu1_12 & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_8.y, fmaf((__uint_as_float(((wu1_11 & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_4.y, ((__uint_as_float(((wu1_10 & 3840u) ^ 1258291200u)) - 8390656.0f) * xu1_0_0_0.y)))) + fmaf((__uint_as_float((((wu1_13 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_12.w, fmaf((__uint_as_float((((wu1_12 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_8.w, fmaf((__uint_as_float((((wu1_11 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xu1_0_0_4.w, ((__uint_as_float((((wu1_10 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xu1_0_0_0.w))))), 0.00390625f, fmaf((fmaf((__uint_as_float(((wu1_13 & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_12.x, fmaf((__uint_as_float(((wu1_12 & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_8.x, fmaf((__uint_as_float(((wu1_11 & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_4.x, ((__uint_as_float(((wu1_10 & 240u) ^ 1258291200u)) - 8388736.0f) * xu1_0_1_0.x)))) + fmaf((__uint_as_float((((wu1_13 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_12.z, fmaf((__uint_as_float((((wu1_12 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_8.z, fmaf((__uint_as_float((((wu1_11 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xu1_0_1_4.z, ((__uint_as_float((((wu1_10 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xu1_0_1_0.z))))), 0.0625f, (fmaf((__uint_as_float(((wu1_13 & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_12.x, fmaf((__uint_as_float(((wu1_12 & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_8.x, fmaf((__uint_as_float(((wu1_11 & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_4.x, ((__uint_as_float(((wu1_10 & 15u) ^ 1258291200u)) - 8388616.0f) * xu1_0_0_0.x)))) + fmaf((__uint_as_float((((wu1_13 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_12.z, fmaf((__uint_as_float((((wu1_12 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_8.z, fmaf((__uint_as_float((((wu1_11 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xu1_0_0_4.z, ((__uint_as_float((((wu1_10 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xu1_0_0_0.z)))))))), acc_1_0);
  }
  for (int chunk = (chunks_main + first_chunk); chunk < chunks; chunk += 128) {
    const int wt0_0_b = chunk;
    const int wt0_0_o = (((row_0 * (K / 32)) + wt0_0_b) * 18);
    const int wt0_0_w0 = (wt0_0_o >> 2);
    const unsigned int wt0_0_s = ((unsigned int)((wt0_0_o & 2) * 8));
    const unsigned int wt0_0_r0 = W[wt0_0_w0];
    const unsigned int wt0_0_r1 = W[(wt0_0_w0 + 1)];
    const unsigned int wt0_0_r2 = W[(wt0_0_w0 + 2)];
    const unsigned int wt0_0_r3 = W[(wt0_0_w0 + 3)];
    const unsigned int wt0_0_r4 = W[(wt0_0_w0 + 4)];
    const unsigned int wt0_00 = (((wt0_0_r0 >> 16u) >> wt0_0_s) | (wt0_0_r1 << (16u - wt0_0_s)));
    const unsigned int wt0_01 = (((wt0_0_r1 >> 16u) >> wt0_0_s) | (wt0_0_r2 << (16u - wt0_0_s)));
    const unsigned int wt0_02 = (((wt0_0_r2 >> 16u) >> wt0_0_s) | (wt0_0_r3 << (16u - wt0_0_s)));
    const unsigned int wt0_03 = (((wt0_0_r3 >> 16u) >> wt0_0_s) | (wt0_0_r4 << (16u - wt0_0_s)));
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
    const unsigned int wt0_10 = (((wt0_1_r0 >> 16u) >> wt0_1_s) | (wt0_1_r1 << (16u - wt0_1_s)));
    const unsigned int wt0_11 = (((wt0_1_r1 >> 16u) >> wt0_1_s) | (wt0_1_r2 << (16u - wt0_1_s)));
    const unsigned int wt0_12 = (((wt0_1_r2 >> 16u) >> wt0_1_s) | (wt0_1_r3 << (16u - wt0_1_s)));
    const unsigned int wt0_13 = (((wt0_1_r3 >> 16u) >> wt0_1_s) | (wt0_1_r4 << (16u - wt0_1_s)));
    const float wt0_1_d = kf_f16_to_f32((wt0_1_r0 >> wt0_1_s));
    const float4 xt0_0_0_0 = (*(const float4*)(&x[((K * 0) + (chunk * 32))]));
    const float4 xt0_0_0_4 = (*(const float4*)(&x[(((K * 0) + (chunk * 32)) + 4)]));
    const float4 xt0_0_0_8 = (*(const float4*)(&x[(((K * 0) + (chunk * 32)) + 8)]));
    const float4 xt0_0_0_12 = (*(const float4*)(&x[(((K * 0) + (chunk * 32)) + 12)]));
    const float4 xt0_0_1_0 = (*(const float4*)(&x[((K * 0) + ((chunk * 32) + 16))]));
    const float4 xt0_0_1_4 = (*(const float4*)(&x[(((K * 0) + ((chunk * 32) + 16)) + 4)]));
    const float4 xt0_0_1_8 = (*(const float4*)(&x[(((K * 0) + ((chunk * 32) + 16)) + 8)]));
    const float4 xt0_0_1_12 = (*(const float4*)(&x[(((K * 0) + ((chunk * 32) + 16)) + 12)]));
    acc_0_0 = fmaf(wt0_0_d, fmaf((fmaf((__uint_as_float(((wt0_03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.y, fmaf((__uint_as_float(((wt0_02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.y, fmaf((__uint_as_float(((wt0_01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.y, ((__uint_as_float(((wt0_00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.y)))) + fmaf((__uint_as_float((((wt0_03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.w, fmaf((__uint_as_float((((wt0_02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.w, fmaf((__uint_as_float((((wt0_01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.w, ((__uint_as_float((((wt0_00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.w))))), 0.000244140625f, fmaf((fmaf((__uint_as_float(((wt0_03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.y, fmaf((__uint_as_float(((wt0_02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.y, fmaf((__uint_as_float(((wt0_01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.y, ((__uint_as_float(((wt0_00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.y)))) + fmaf((__uint_as_float((((wt0_03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.w, fmaf((__uint_as_float((((wt0_02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.w, fmaf((__uint_as_float((((wt0_01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.w, ((__uint_as_float((((wt0_00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.w))))), 0.00390625f, fmaf((fmaf((__uint_as_float(((wt0_03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.x, fmaf((__uint_as_float(((wt0_02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.x, fmaf((__uint_as_float(((wt0_01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.x, ((__uint_as_float(((wt0_00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.x)))) + fmaf((__uint_as_float((((wt0_03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.z, fmaf((__uint_as_float((((wt0_02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.z, fmaf((__uint_as_float((((wt0_01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.z, ((__uint_as_float((((wt0_00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.z))))), 0.0625f, (fmaf((__uint_as_float(((wt0_03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.x, fmaf((__uint_as_float(((wt0_02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.x, fmaf((__uint_as_float(((wt0_01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.x, ((__uint_as_float(((wt0_00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.x)))) + fmaf((__uint_as_float((((wt0_03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.z, fmaf((__uint_as_float((((wt0_02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.z, fmaf((__uint_as_float((((wt0_01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.z, ((__uint_as_float((((wt0_00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.z)))))))), acc_0_0);
    acc_1_0 = fmaf(wt0_1_d, fmaf((fmaf((__uint_as_float(((wt0_13 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.y, fmaf((__uint_as_float(((wt0_12 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.y, fmaf((__uint_as_float(((wt0_11 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.y, ((__uint_as_float(((wt0_10 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.y)))) + fmaf((__uint_as_float((((wt0_13 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.w, fmaf((__uint_as_float((((wt0_12 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.w, fmaf((__uint_as_float((((wt0_11 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.w, ((__uint_as_float((((wt0_10 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.w))))), 0.000244140625f, fmaf((fmaf((__uint_as_float(((wt0_13 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.y, fmaf((__uint_as_float(((wt0_12 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.y, fmaf((__uint_as_float(((wt0_11 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.y, ((__uint_as_float(((wt0_10 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.y)))) + fmaf((__uint_as_float((((wt0_13 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.w, fmaf((__uint_as_float((((wt0_12 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.w, fmaf((__uint_as_float((((wt0_11 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.w, ((__uint_as_float((((wt0_10 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.w))))), 0.00390625f, fmaf((fmaf((__uint_as_float(((wt0_13 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.x, fmaf((__uint_as_float(((wt0_12 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.x, fmaf((__uint_as_float(((wt0_11 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.x, ((__uint_as_float(((wt0_10 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.x)))) + fmaf((__uint_as_float((((wt0_13 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.z, fmaf((__uint_as_float((((wt0_12 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.z, fmaf((__uint_as_float((((wt0_11 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.z, ((__uint_as_float((((wt0_10 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.z))))), 0.0625f, (fmaf((__uint_as_float(((wt0_13 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.x, fmaf((__uint_as_float(((wt0_12 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.x, fmaf((__uint_as_float(((wt0_11 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.x, ((__uint_as_float(((wt0_10 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.x)))) + fmaf((__uint_as_float((((wt0_13 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.z, fmaf((__uint_as_float((((wt0_12 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.z, fmaf((__uint_as_float((((wt0_11 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.z, ((__uint_as_float((((wt0_10 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.z)))))))), acc_1_0);
  }
  __shared__ float red[8];
  const int sg_size = 32;
  const int sg_index = (tid / sg_size);
  acc_0_0 = kf_warp_sum(acc_0_0);
  acc_1_0 = kf_warp_sum(acc_1_0);
  if (((int)threadIdx.x & 31) == 0) {
    red[(0 + sg_index)] = acc_0_0;
    red[(4 + sg_index)] = acc_1_0;
  }
  __syncthreads();
  for (int o = tid; o < 2; o += 128) {
    float total = 0.0f;
    for (int sg = 0; sg < (128 / sg_size); sg++) {
      total = (total + red[((o * 4) + sg)]);
    }
    const int n = (n0 + (o % 2));
    const int m = (o / 2);
    if (n < N) {
      y[((m * N) + n)] = total;
    }
  }
}
