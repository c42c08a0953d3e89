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

extern "C" __global__ void __launch_bounds__(64) gemv_quantize_x(const unsigned int* x, unsigned int* __restrict__ xq, float* __restrict__ xs, int M, int N, int K) {
  kf_launch_dependents();
  kf_wait_previous_grid();
  // x (f16) to int8 per 32-block for gemv q4_0: 64 threads, 8 blocks per workgroup
  const int tid = (int)threadIdx.x;
  const int word_raw = ((((int)blockIdx.x + ((int)blockIdx.y * (int)gridDim.x)) * 64) + tid);
  const int words = ((M * K) / 4);
  const int word = min(word_raw, (words - 1));
  const int blk = (word >> 3);
  const int t = (word & 7);
  const uint2 xh = (*(const uint2*)(&x[(word * 2)]));
  const float v0 = kf_f16_to_f32(xh.x);
  const float v1 = kf_f16_to_f32((xh.x >> 16u));
  const float v2 = kf_f16_to_f32(xh.y);
  const float v3 = kf_f16_to_f32((xh.y >> 16u));
  const float a01 = fmaxf(fabsf(v0), fabsf(v1));
  const float a23 = fmaxf(fabsf(v2), fabsf(v3));
  __shared__ float qx_max[64];
  qx_max[tid] = fmaxf(a01, a23);
  __syncthreads();
  const int base = (tid - (tid & 7));
  float amax = 0.0f;
  #pragma unroll 8
  for (int j = 0; j < 8; j++) {
    amax = fmaxf(amax, qx_max[(base + j)]);
  }
  const float d = (amax / 127.0f);
  const unsigned int idb = __float_as_uint(((d != 0.0f) ? (1.0f / d) : 0.0f));
  const float id = __uint_as_float((((idb + 4095u) + ((idb >> 13u) & 1u)) & 4294959104u));
  const unsigned int b0 = __float_as_uint(fmaf(v0, id, 12582912.0f));
  const unsigned int b1 = __float_as_uint(fmaf(v1, id, 12582912.0f));
  const unsigned int b2 = __float_as_uint(fmaf(v2, id, 12582912.0f));
  const unsigned int b3 = __float_as_uint(fmaf(v3, id, 12582912.0f));
  if (word_raw < words) {
    xq[word] = (((b0 & 255u) | ((b1 & 255u) << 8u)) | (((b2 & 255u) << 16u) | ((b3 & 255u) << 24u)));
  }
  __shared__ int qx_sum[64];
  qx_sum[tid] = (((((int)(b0)) - 1262485504) + (((int)(b1)) - 1262485504)) + ((((int)(b2)) - 1262485504) + (((int)(b3)) - 1262485504)));
  __syncthreads();
  if ((word_raw < words) && (t == 0)) {
    xs[(blk * 2)] = d;
    int qsum = 0;
    #pragma unroll 8
    for (int j = 0; j < 8; j++) {
      qsum = (qsum + qx_sum[(base + j)]);
    }
    xs[((blk * 2) + 1)] = (d * ((float)qsum));
  }
}

extern "C" __global__ void __launch_bounds__(128) gemv(const unsigned int* xq, const float* xs, const unsigned int* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  // gemv q4_0 x f16 quantized to int8 (xq, xs), M=1: 2 rows per workgroup, 128 threads, 16-byte loads, unroll 2, split_k 1
  kf_launch_dependents();
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
    const unsigned int wu0_00 = __funnelshift_rc(wu0_0_r0, wu0_0_r1, (wu0_0_s + 16u));
    const unsigned int wu0_01 = __funnelshift_rc(wu0_0_r1, wu0_0_r2, (wu0_0_s + 16u));
    const unsigned int wu0_02 = __funnelshift_rc(wu0_0_r2, wu0_0_r3, (wu0_0_s + 16u));
    const unsigned int wu0_03 = __funnelshift_rc(wu0_0_r3, wu0_0_r4, (wu0_0_s + 16u));
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
    const unsigned int wu0_10 = __funnelshift_rc(wu0_1_r0, wu0_1_r1, (wu0_1_s + 16u));
    const unsigned int wu0_11 = __funnelshift_rc(wu0_1_r1, wu0_1_r2, (wu0_1_s + 16u));
    const unsigned int wu0_12 = __funnelshift_rc(wu0_1_r2, wu0_1_r3, (wu0_1_s + 16u));
    const unsigned int wu0_13 = __funnelshift_rc(wu0_1_r3, wu0_1_r4, (wu0_1_s + 16u));
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
    const unsigned int wu1_00 = __funnelshift_rc(wu1_0_r0, wu1_0_r1, (wu1_0_s + 16u));
    const unsigned int wu1_01 = __funnelshift_rc(wu1_0_r1, wu1_0_r2, (wu1_0_s + 16u));
    const unsigned int wu1_02 = __funnelshift_rc(wu1_0_r2, wu1_0_r3, (wu1_0_s + 16u));
    const unsigned int wu1_03 = __funnelshift_rc(wu1_0_r3, wu1_0_r4, (wu1_0_s + 16u));
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
    const unsigned int wu1_10 = __funnelshift_rc(wu1_1_r0, wu1_1_r1, (wu1_1_s + 16u));
    const unsigned int wu1_11 = __funnelshift_rc(wu1_1_r1, wu1_1_r2, (wu1_1_s + 16u));
    const unsigned int wu1_12 = __funnelshift_rc(wu1_1_r2, wu1_1_r3, (wu1_1_s + 16u));
    const unsigned int wu1_13 = __funnelshift_rc(wu1_1_r3, wu1_1_r4, (wu1_1_s + 16u));
    const float wu1_1_d = kf_f16_to_f32((wu1_1_r0 >> wu1_1_s));
    kf_wait_previous_grid();
    const uint4 qu0_0_0 = (*(const uint4*)(&xq[(((K * 0) + (((k_step + first_chunk) + 0) * 32)) >> 2)]));
    const uint4 qu0_0_1 = (*(const uint4*)(&xq[(((K * 0) + ((((k_step + first_chunk) + 0) * 32) + 16)) >> 2)]));
    const float2 su0_0_ = (*(const float2*)(&xs[((((K * 0) + (((k_step + first_chunk) + 0) * 32)) >> 5) * 2)]));
    const float dxu0_0 = su0_0_.x;
    const float zxu0_0 = (su0_0_.y * (-8.0f));
    const int iu0_0_0 = (__dp4a((int)((wu0_03 & 252645135u)), (int)(qu0_0_0.w), __dp4a((int)((wu0_02 & 252645135u)), (int)(qu0_0_0.z), __dp4a((int)((wu0_01 & 252645135u)), (int)(qu0_0_0.y), __dp4a((int)((wu0_00 & 252645135u)), (int)(qu0_0_0.x), 0)))) + __dp4a((int)(((wu0_03 >> 4u) & 252645135u)), (int)(qu0_0_1.w), __dp4a((int)(((wu0_02 >> 4u) & 252645135u)), (int)(qu0_0_1.z), __dp4a((int)(((wu0_01 >> 4u) & 252645135u)), (int)(qu0_0_1.y), __dp4a((int)(((wu0_00 >> 4u) & 252645135u)), (int)(qu0_0_1.x), 0)))));
    acc_0_0 = fmaf(wu0_0_d, fmaf(dxu0_0, ((float)iu0_0_0), zxu0_0), acc_0_0);
    const int iu0_0_1 = (__dp4a((int)((wu0_13 & 252645135u)), (int)(qu0_0_0.w), __dp4a((int)((wu0_12 & 252645135u)), (int)(qu0_0_0.z), __dp4a((int)((wu0_11 & 252645135u)), (int)(qu0_0_0.y), __dp4a((int)((wu0_10 & 252645135u)), (int)(qu0_0_0.x), 0)))) + __dp4a((int)(((wu0_13 >> 4u) & 252645135u)), (int)(qu0_0_1.w), __dp4a((int)(((wu0_12 >> 4u) & 252645135u)), (int)(qu0_0_1.z), __dp4a((int)(((wu0_11 >> 4u) & 252645135u)), (int)(qu0_0_1.y), __dp4a((int)(((wu0_10 >> 4u) & 252645135u)), (int)(qu0_0_1.x), 0)))));
    acc_1_0 = fmaf(wu0_1_d, fmaf(dxu0_0, ((float)iu0_0_1), zxu0_0), acc_1_0);
    const uint4 qu1_0_0 = (*(const uint4*)(&xq[(((K * 0) + (((k_step + first_chunk) + 128) * 32)) >> 2)]));
    const uint4 qu1_0_1 = (*(const uint4*)(&xq[(((K * 0) + ((((k_step + first_chunk) + 128) * 32) + 16)) >> 2)]));
    const float2 su1_0_ = (*(const float2*)(&xs[((((K * 0) + (((k_step + first_chunk) + 128) * 32)) >> 5) * 2)]));
    const float dxu1_0 = su1_0_.x;
    const float zxu1_0 = (su1_0_.y * (-8.0f));
    const int iu1_0_0 = (__dp4a((int)((wu1_03 & 252645135u)), (int)(qu1_0_0.w), __dp4a((int)((wu1_02 & 252645135u)), (int)(qu1_0_0.z), __dp4a((int)((wu1_01 & 252645135u)), (int)(qu1_0_0.y), __dp4a((int)((wu1_00 & 252645135u)), (int)(qu1_0_0.x), 0)))) + __dp4a((int)(((wu1_03 >> 4u) & 252645135u)), (int)(qu1_0_1.w), __dp4a((int)(((wu1_02 >> 4u) & 252645135u)), (int)(qu1_0_1.z), __dp4a((int)(((wu1_01 >> 4u) & 252645135u)), (int)(qu1_0_1.y), __dp4a((int)(((wu1_00 >> 4u) & 252645135u)), (int)(qu1_0_1.x), 0)))));
    acc_0_0 = fmaf(wu1_0_d, fmaf(dxu1_0, ((float)iu1_0_0), zxu1_0), acc_0_0);
    const int iu1_0_1 = (__dp4a((int)((wu1_13 & 252645135u)), (int)(qu1_0_0.w), __dp4a((int)((wu1_12 & 252645135u)), (int)(qu1_0_0.z), __dp4a((int)((wu1_11 & 252645135u)), (int)(qu1_0_0.y), __dp4a((int)((wu1_10 & 252645135u)), (int)(qu1_0_0.x), 0)))) + __dp4a((int)(((wu1_13 >> 4u) & 252645135u)), (int)(qu1_0_1.w), __dp4a((int)(((wu1_12 >> 4u) & 252645135u)), (int)(qu1_0_1.z), __dp4a((int)(((wu1_11 >> 4u) & 252645135u)), (int)(qu1_0_1.y), __dp4a((int)(((wu1_10 >> 4u) & 252645135u)), (int)(qu1_0_1.x), 0)))));
    acc_1_0 = fmaf(wu1_1_d, fmaf(dxu1_0, ((float)iu1_0_1), zxu1_0), acc_1_0);
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
    kf_wait_previous_grid();
    const uint4 qt0_0_0 = (*(const uint4*)(&xq[(((K * 0) + (chunk * 32)) >> 2)]));
    const uint4 qt0_0_1 = (*(const uint4*)(&xq[(((K * 0) + ((chunk * 32) + 16)) >> 2)]));
    const float2 st0_0_ = (*(const float2*)(&xs[((((K * 0) + (chunk * 32)) >> 5) * 2)]));
    const float dxt0_0 = st0_0_.x;
    const float zxt0_0 = (st0_0_.y * (-8.0f));
    const int it0_0_0 = (__dp4a((int)((wt0_03 & 252645135u)), (int)(qt0_0_0.w), __dp4a((int)((wt0_02 & 252645135u)), (int)(qt0_0_0.z), __dp4a((int)((wt0_01 & 252645135u)), (int)(qt0_0_0.y), __dp4a((int)((wt0_00 & 252645135u)), (int)(qt0_0_0.x), 0)))) + __dp4a((int)(((wt0_03 >> 4u) & 252645135u)), (int)(qt0_0_1.w), __dp4a((int)(((wt0_02 >> 4u) & 252645135u)), (int)(qt0_0_1.z), __dp4a((int)(((wt0_01 >> 4u) & 252645135u)), (int)(qt0_0_1.y), __dp4a((int)(((wt0_00 >> 4u) & 252645135u)), (int)(qt0_0_1.x), 0)))));
    acc_0_0 = fmaf(wt0_0_d, fmaf(dxt0_0, ((float)it0_0_0), zxt0_0), acc_0_0);
    const int it0_0_1 = (__dp4a((int)((wt0_13 & 252645135u)), (int)(qt0_0_0.w), __dp4a((int)((wt0_12 & 252645135u)), (int)(qt0_0_0.z), __dp4a((int)((wt0_11 & 252645135u)), (int)(qt0_0_0.y), __dp4a((int)((wt0_10 & 252645135u)), (int)(qt0_0_0.x), 0)))) + __dp4a((int)(((wt0_13 >> 4u) & 252645135u)), (int)(qt0_0_1.w), __dp4a((int)(((wt0_12 >> 4u) & 252645135u)), (int)(qt0_0_1.z), __dp4a((int)(((wt0_11 >> 4u) & 252645135u)), (int)(qt0_0_1.y), __dp4a((int)(((wt0_10 >> 4u) & 252645135u)), (int)(qt0_0_1.x), 0)))));
    acc_1_0 = fmaf(wt0_1_d, fmaf(dxt0_0, ((float)it0_0_1), zxt0_0), acc_1_0);
  }
  kf_wait_previous_grid();
  const int sg_lane = ((int)threadIdx.x & 31);
  const int sg_index = (tid / 32);
  const bool sg_up16 = ((sg_lane & 16) != 0);
  const float sg_r16_0 = ((sg_up16 ? acc_1_0 : acc_0_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? acc_0_0 : acc_1_0), 16));
  float sg_total = sg_r16_0;
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 8));
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 4));
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 2));
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 1));
  __shared__ float red[8];
  if ((sg_lane & 15) == 0) {
    red[((((sg_lane >> 4) & 1) * 4) + sg_index)] = sg_total;
  }
  __syncthreads();
  for (int o = tid; o < 2; o += 128) {
    float total = 0.0f;
    for (int sg = 0; sg < 4; sg++) {
      total = (total + red[((o * 4) + sg)]);
    }
    const int n = (n0 + (o % 2));
    const int m = (o / 2);
    if (n < N) {
      y[((m * N) + n)] = total;
    }
  }
}
