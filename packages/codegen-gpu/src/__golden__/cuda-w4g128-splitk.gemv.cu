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

extern "C" __global__ void __launch_bounds__(128) gemv(const float* __restrict__ x, const unsigned int* __restrict__ W, const unsigned int* __restrict__ W_scale, const unsigned int* __restrict__ W_min, float* __restrict__ partial, int M, int N, int K) {
  // gemv w4g128 x f32, M=2: 2 rows per workgroup, 128 threads, 16-byte loads, unroll 1, split_k 2
  const int tid = (int)threadIdx.x;
  const int n0 = (((int)blockIdx.x + ((int)blockIdx.y * (int)gridDim.x)) * 2);
  const int row_0 = min((n0 + 0), (N - 1));
  const int row_1 = min((n0 + 1), (N - 1));
  float acc_0_0 = 0.0f;
  float acc_1_0 = 0.0f;
  float acc_0_1 = 0.0f;
  float acc_1_1 = 0.0f;
  const int chunks = ((K / 128) * 4);
  const int first_chunk = (((int)blockIdx.z * 128) + tid);
  for (int chunk = first_chunk; chunk < chunks; chunk += 256) {
    const int wt0_0_b = (chunk / 4);
    const uint4 wt0_0 = (*(const uint4*)(&W[((((row_0 * (K / 2)) + (wt0_0_b * 64)) + ((chunk % 4) * 16)) >> 2)]));
    const float wt0_0_d = kf_f16_to_f32(((W_scale[(((row_0 * (K / 128)) + wt0_0_b) >> 1)] >> ((unsigned int)((((row_0 * (K / 128)) + wt0_0_b) & 1) * 16))) & 65535u));
    const float wt0_0_m = kf_f16_to_f32(((W_min[(((row_0 * (K / 128)) + wt0_0_b) >> 1)] >> ((unsigned int)((((row_0 * (K / 128)) + wt0_0_b) & 1) * 16))) & 65535u));
    const int wt0_1_b = (chunk / 4);
    const uint4 wt0_1 = (*(const uint4*)(&W[((((row_1 * (K / 2)) + (wt0_1_b * 64)) + ((chunk % 4) * 16)) >> 2)]));
    const float wt0_1_d = kf_f16_to_f32(((W_scale[(((row_1 * (K / 128)) + wt0_1_b) >> 1)] >> ((unsigned int)((((row_1 * (K / 128)) + wt0_1_b) & 1) * 16))) & 65535u));
    const float wt0_1_m = kf_f16_to_f32(((W_min[(((row_1 * (K / 128)) + wt0_1_b) >> 1)] >> ((unsigned int)((((row_1 * (K / 128)) + wt0_1_b) & 1) * 16))) & 65535u));
    const float4 xt0_0_0_0 = (*(const float4*)(&x[((K * 0) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2)))]));
    const float4 xt0_0_0_4 = (*(const float4*)(&x[(((K * 0) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 4)]));
    const float4 xt0_0_0_8 = (*(const float4*)(&x[(((K * 0) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 8)]));
    const float4 xt0_0_0_12 = (*(const float4*)(&x[(((K * 0) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 12)]));
    const float4 xt0_0_0_16 = (*(const float4*)(&x[(((K * 0) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 16)]));
    const float4 xt0_0_0_20 = (*(const float4*)(&x[(((K * 0) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 20)]));
    const float4 xt0_0_0_24 = (*(const float4*)(&x[(((K * 0) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 24)]));
    const float4 xt0_0_0_28 = (*(const float4*)(&x[(((K * 0) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 28)]));
    const float sxt0_0 = (((((((((((((((((((((((((((((((xt0_0_0_0.x + xt0_0_0_0.y) + xt0_0_0_0.z) + xt0_0_0_0.w) + xt0_0_0_4.x) + xt0_0_0_4.y) + xt0_0_0_4.z) + xt0_0_0_4.w) + xt0_0_0_8.x) + xt0_0_0_8.y) + xt0_0_0_8.z) + xt0_0_0_8.w) + xt0_0_0_12.x) + xt0_0_0_12.y) + xt0_0_0_12.z) + xt0_0_0_12.w) + xt0_0_0_16.x) + xt0_0_0_16.y) + xt0_0_0_16.z) + xt0_0_0_16.w) + xt0_0_0_20.x) + xt0_0_0_20.y) + xt0_0_0_20.z) + xt0_0_0_20.w) + xt0_0_0_24.x) + xt0_0_0_24.y) + xt0_0_0_24.z) + xt0_0_0_24.w) + xt0_0_0_28.x) + xt0_0_0_28.y) + xt0_0_0_28.z) + xt0_0_0_28.w);
    acc_0_0 = fmaf(wt0_0_m, sxt0_0, fmaf(wt0_0_d, fmaf((fmaf((__uint_as_float(((wt0_0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.w, fmaf((__uint_as_float(((wt0_0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.w, fmaf((__uint_as_float(((wt0_0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.w, ((__uint_as_float(((wt0_0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.w)))) + fmaf((__uint_as_float((((wt0_0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.w, fmaf((__uint_as_float((((wt0_0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.w, fmaf((__uint_as_float((((wt0_0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.w, ((__uint_as_float((((wt0_0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.w))))), 0.000244140625f, fmaf((fmaf((__uint_as_float(((wt0_0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.z, fmaf((__uint_as_float(((wt0_0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.z, fmaf((__uint_as_float(((wt0_0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.z, ((__uint_as_float(((wt0_0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.z)))) + fmaf((__uint_as_float((((wt0_0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.z, fmaf((__uint_as_float((((wt0_0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.z, fmaf((__uint_as_float((((wt0_0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.z, ((__uint_as_float((((wt0_0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.z))))), 0.00390625f, fmaf((fmaf((__uint_as_float(((wt0_0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.y, fmaf((__uint_as_float(((wt0_0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.y, fmaf((__uint_as_float(((wt0_0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.y, ((__uint_as_float(((wt0_0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.y)))) + fmaf((__uint_as_float((((wt0_0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.y, fmaf((__uint_as_float((((wt0_0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.y, fmaf((__uint_as_float((((wt0_0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.y, ((__uint_as_float((((wt0_0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.y))))), 0.0625f, (fmaf((__uint_as_float(((wt0_0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.x, fmaf((__uint_as_float(((wt0_0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.x, fmaf((__uint_as_float(((wt0_0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.x, ((__uint_as_float(((wt0_0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.x)))) + fmaf((__uint_as_float((((wt0_0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.x, fmaf((__uint_as_float((((wt0_0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.x, fmaf((__uint_as_float((((wt0_0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.x, ((__uint_as_float((((wt0_0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.x)))))))), acc_0_0));
    acc_1_0 = fmaf(wt0_1_m, sxt0_0, fmaf(wt0_1_d, fmaf((fmaf((__uint_as_float(((wt0_1.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.w, fmaf((__uint_as_float(((wt0_1.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.w, fmaf((__uint_as_float(((wt0_1.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.w, ((__uint_as_float(((wt0_1.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.w)))) + fmaf((__uint_as_float((((wt0_1.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.w, fmaf((__uint_as_float((((wt0_1.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.w, fmaf((__uint_as_float((((wt0_1.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.w, ((__uint_as_float((((wt0_1.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.w))))), 0.000244140625f, fmaf((fmaf((__uint_as_float(((wt0_1.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.z, fmaf((__uint_as_float(((wt0_1.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.z, fmaf((__uint_as_float(((wt0_1.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.z, ((__uint_as_float(((wt0_1.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.z)))) + fmaf((__uint_as_float((((wt0_1.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.z, fmaf((__uint_as_float((((wt0_1.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.z, fmaf((__uint_as_float((((wt0_1.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.z, ((__uint_as_float((((wt0_1.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.z))))), 0.00390625f, fmaf((fmaf((__uint_as_float(((wt0_1.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.y, fmaf((__uint_as_float(((wt0_1.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.y, fmaf((__uint_as_float(((wt0_1.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.y, ((__uint_as_float(((wt0_1.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.y)))) + fmaf((__uint_as_float((((wt0_1.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.y, fmaf((__uint_as_float((((wt0_1.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.y, fmaf((__uint_as_float((((wt0_1.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.y, ((__uint_as_float((((wt0_1.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.y))))), 0.0625f, (fmaf((__uint_as_float(((wt0_1.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.x, fmaf((__uint_as_float(((wt0_1.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.x, fmaf((__uint_as_float(((wt0_1.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.x, ((__uint_as_float(((wt0_1.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.x)))) + fmaf((__uint_as_float((((wt0_1.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.x, fmaf((__uint_as_float((((wt0_1.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.x, fmaf((__uint_as_float((((wt0_1.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.x, ((__uint_as_float((((wt0_1.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.x)))))))), acc_1_0));
    const float4 xt0_1_0_0 = (*(const float4*)(&x[((K * 1) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2)))]));
    const float4 xt0_1_0_4 = (*(const float4*)(&x[(((K * 1) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 4)]));
    const float4 xt0_1_0_8 = (*(const float4*)(&x[(((K * 1) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 8)]));
    const float4 xt0_1_0_12 = (*(const float4*)(&x[(((K * 1) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 12)]));
    const float4 xt0_1_0_16 = (*(const float4*)(&x[(((K * 1) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 16)]));
    const float4 xt0_1_0_20 = (*(const float4*)(&x[(((K * 1) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 20)]));
    const float4 xt0_1_0_24 = (*(const float4*)(&x[(((K * 1) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 24)]));
    const float4 xt0_1_0_28 = (*(const float4*)(&x[(((K * 1) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 28)]));
    const float sxt0_1 = (((((((((((((((((((((((((((((((xt0_1_0_0.x + xt0_1_0_0.y) + xt0_1_0_0.z) + xt0_1_0_0.w) + xt0_1_0_4.x) + xt0_1_0_4.y) + xt0_1_0_4.z) + xt0_1_0_4.w) + xt0_1_0_8.x) + xt0_1_0_8.y) + xt0_1_0_8.z) + xt0_1_0_8.w) + xt0_1_0_12.x) + xt0_1_0_12.y) + xt0_1_0_12.z) + xt0_1_0_12.w) + xt0_1_0_16.x) + xt0_1_0_16.y) + xt0_1_0_16.z) + xt0_1_0_16.w) + xt0_1_0_20.x) + xt0_1_0_20.y) + xt0_1_0_20.z) + xt0_1_0_20.w) + xt0_1_0_24.x) + xt0_1_0_24.y) + xt0_1_0_24.z) + xt0_1_0_24.w) + xt0_1_0_28.x) + xt0_1_0_28.y) + xt0_1_0_28.z) + xt0_1_0_28.w);
    acc_0_1 = fmaf(wt0_0_m, sxt0_1, fmaf(wt0_0_d, fmaf((fmaf((__uint_as_float(((wt0_0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.w, fmaf((__uint_as_float(((wt0_0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.w, fmaf((__uint_as_float(((wt0_0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.w, ((__uint_as_float(((wt0_0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.w)))) + fmaf((__uint_as_float((((wt0_0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.w, fmaf((__uint_as_float((((wt0_0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.w, fmaf((__uint_as_float((((wt0_0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.w, ((__uint_as_float((((wt0_0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.w))))), 0.000244140625f, fmaf((fmaf((__uint_as_float(((wt0_0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.z, fmaf((__uint_as_float(((wt0_0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.z, fmaf((__uint_as_float(((wt0_0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.z, ((__uint_as_float(((wt0_0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.z)))) + fmaf((__uint_as_float((((wt0_0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.z, fmaf((__uint_as_float((((wt0_0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.z, fmaf((__uint_as_float((((wt0_0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.z, ((__uint_as_float((((wt0_0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.z))))), 0.00390625f, fmaf((fmaf((__uint_as_float(((wt0_0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.y, fmaf((__uint_as_float(((wt0_0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.y, fmaf((__uint_as_float(((wt0_0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.y, ((__uint_as_float(((wt0_0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.y)))) + fmaf((__uint_as_float((((wt0_0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.y, fmaf((__uint_as_float((((wt0_0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.y, fmaf((__uint_as_float((((wt0_0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.y, ((__uint_as_float((((wt0_0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.y))))), 0.0625f, (fmaf((__uint_as_float(((wt0_0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.x, fmaf((__uint_as_float(((wt0_0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.x, fmaf((__uint_as_float(((wt0_0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.x, ((__uint_as_float(((wt0_0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.x)))) + fmaf((__uint_as_float((((wt0_0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.x, fmaf((__uint_as_float((((wt0_0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.x, fmaf((__uint_as_float((((wt0_0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.x, ((__uint_as_float((((wt0_0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.x)))))))), acc_0_1));
    acc_1_1 = fmaf(wt0_1_m, sxt0_1, fmaf(wt0_1_d, fmaf((fmaf((__uint_as_float(((wt0_1.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.w, fmaf((__uint_as_float(((wt0_1.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.w, fmaf((__uint_as_float(((wt0_1.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.w, ((__uint_as_float(((wt0_1.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.w)))) + fmaf((__uint_as_float((((wt0_1.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.w, fmaf((__uint_as_float((((wt0_1.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.w, fmaf((__uint_as_float((((wt0_1.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.w, ((__uint_as_float((((wt0_1.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.w))))), 0.000244140625f, fmaf((fmaf((__uint_as_float(((wt0_1.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.z, fmaf((__uint_as_float(((wt0_1.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.z, fmaf((__uint_as_float(((wt0_1.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.z, ((__uint_as_float(((wt0_1.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.z)))) + fmaf((__uint_as_float((((wt0_1.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.z, fmaf((__uint_as_float((((wt0_1.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.z, fmaf((__uint_as_float((((wt0_1.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.z, ((__uint_as_float((((wt0_1.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.z))))), 0.00390625f, fmaf((fmaf((__uint_as_float(((wt0_1.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.y, fmaf((__uint_as_float(((wt0_1.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.y, fmaf((__uint_as_float(((wt0_1.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.y, ((__uint_as_float(((wt0_1.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.y)))) + fmaf((__uint_as_float((((wt0_1.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.y, fmaf((__uint_as_float((((wt0_1.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.y, fmaf((__uint_as_float((((wt0_1.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.y, ((__uint_as_float((((wt0_1.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.y))))), 0.0625f, (fmaf((__uint_as_float(((wt0_1.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.x, fmaf((__uint_as_float(((wt0_1.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.x, fmaf((__uint_as_float(((wt0_1.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.x, ((__uint_as_float(((wt0_1.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.x)))) + fmaf((__uint_as_float((((wt0_1.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.x, fmaf((__uint_as_float((((wt0_1.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.x, fmaf((__uint_as_float((((wt0_1.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.x, ((__uint_as_float((((wt0_1.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.x)))))))), acc_1_1));
  }
  __shared__ float red[16];
  const int sg_size = 32;
  const int sg_index = (tid / sg_size);
  acc_0_0 = kf_warp_sum(acc_0_0);
  acc_1_0 = kf_warp_sum(acc_1_0);
  acc_0_1 = kf_warp_sum(acc_0_1);
  acc_1_1 = kf_warp_sum(acc_1_1);
  if (((int)threadIdx.x & 31) == 0) {
    red[(0 + sg_index)] = acc_0_0;
    red[(4 + sg_index)] = acc_1_0;
    red[(8 + sg_index)] = acc_0_1;
    red[(12 + sg_index)] = acc_1_1;
  }
  __syncthreads();
  for (int o = tid; o < 4; o += 128) {
    float total = 0.0f;
    for (int sg = 0; sg < (128 / sg_size); sg++) {
      total = (total + red[((o * 4) + sg)]);
    }
    const int n = (n0 + (o % 2));
    const int m = (o / 2);
    if (n < N) {
      partial[(((((int)blockIdx.z * M) + m) * N) + n)] = total;
    }
  }
}

extern "C" __global__ void __launch_bounds__(64) gemv_splitk_reduce(const float* __restrict__ partial, const float* __restrict__ bias, float* __restrict__ y, int M, int N, int K) {
  const int i = (((int)blockIdx.x * 64) + (int)threadIdx.x);
  if (i < (M * N)) {
    float total = bias[(i % N)];
    total = (total + partial[i]);
    total = (total + partial[(((M * N) * 1) + i)]);
    y[i] = total;
  }
}
