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

extern "C" __global__ void __launch_bounds__(128) gemv(const unsigned int* __restrict__ x, const unsigned int* __restrict__ W, const float* __restrict__ bias, float* __restrict__ y, int M, int N, int K) {
  // gemv f16 x f16, M=1: 2 rows per workgroup, 128 threads, 16-byte loads, unroll 2, split_k 1
  const int tid = (int)threadIdx.x;
  const int n0 = (((int)blockIdx.x + ((int)blockIdx.y * (int)gridDim.x)) * 2);
  const int row_0 = min((n0 + 0), (N - 1));
  const int row_1 = min((n0 + 1), (N - 1));
  float acc_0_0 = 0.0f;
  float acc_1_0 = 0.0f;
  const int chunks = (K / 8);
  const int first_chunk = tid;
  const int chunks_main = ((chunks / 256) * 256);
  for (int k_step = 0; k_step < chunks_main; k_step += 256) {
    const uint4 wu0_0 = (*(const uint4*)(&W[(((row_0 * K) + (((k_step + first_chunk) + 0) * 8)) >> 1)]));
    const uint4 wu0_1 = (*(const uint4*)(&W[(((row_1 * K) + (((k_step + first_chunk) + 0) * 8)) >> 1)]));
    const uint4 wu1_0 = (*(const uint4*)(&W[(((row_0 * K) + (((k_step + first_chunk) + 128) * 8)) >> 1)]));
    const uint4 wu1_1 = (*(const uint4*)(&W[(((row_1 * K) + (((k_step + first_chunk) + 128) * 8)) >> 1)]));
    const uint4 xu0_0_0_0 = (*(const uint4*)(&x[((((K * 0) + (((k_step + first_chunk) + 0) * 8)) >> 1) + 0)]));
    const unsigned int xu0_0_0_w0 = xu0_0_0_0.x;
    const unsigned int xu0_0_0_w1 = xu0_0_0_0.y;
    const unsigned int xu0_0_0_w2 = xu0_0_0_0.z;
    const unsigned int xu0_0_0_w3 = xu0_0_0_0.w;
    acc_0_0 = fmaf(kf_f16_to_f32((wu0_0.w >> 16u)), kf_f16_to_f32((xu0_0_0_w3 >> 16u)), fmaf(kf_f16_to_f32(wu0_0.w), kf_f16_to_f32(xu0_0_0_w3), fmaf(kf_f16_to_f32((wu0_0.z >> 16u)), kf_f16_to_f32((xu0_0_0_w2 >> 16u)), fmaf(kf_f16_to_f32(wu0_0.z), kf_f16_to_f32(xu0_0_0_w2), fmaf(kf_f16_to_f32((wu0_0.y >> 16u)), kf_f16_to_f32((xu0_0_0_w1 >> 16u)), fmaf(kf_f16_to_f32(wu0_0.y), kf_f16_to_f32(xu0_0_0_w1), fmaf(kf_f16_to_f32((wu0_0.x >> 16u)), kf_f16_to_f32((xu0_0_0_w0 >> 16u)), fmaf(kf_f16_to_f32(wu0_0.x), kf_f16_to_f32(xu0_0_0_w0), acc_0_0))))))));
    acc_1_0 = fmaf(kf_f16_to_f32((wu0_1.w >> 16u)), kf_f16_to_f32((xu0_0_0_w3 >> 16u)), fmaf(kf_f16_to_f32(wu0_1.w), kf_f16_to_f32(xu0_0_0_w3), fmaf(kf_f16_to_f32((wu0_1.z >> 16u)), kf_f16_to_f32((xu0_0_0_w2 >> 16u)), fmaf(kf_f16_to_f32(wu0_1.z), kf_f16_to_f32(xu0_0_0_w2), fmaf(kf_f16_to_f32((wu0_1.y >> 16u)), kf_f16_to_f32((xu0_0_0_w1 >> 16u)), fmaf(kf_f16_to_f32(wu0_1.y), kf_f16_to_f32(xu0_0_0_w1), fmaf(kf_f16_to_f32((wu0_1.x >> 16u)), kf_f16_to_f32((xu0_0_0_w0 >> 16u)), fmaf(kf_f16_to_f32(wu0_1.x), kf_f16_to_f32(xu0_0_0_w0), acc_1_0))))))));
    const uint4 xu1_0_0_0 = (*(const uint4*)(&x[((((K * 0) + (((k_step + first_chunk) + 128) * 8)) >> 1) + 0)]));
    const unsigned int xu1_0_0_w0 = xu1_0_0_0.x;
    const unsigned int xu1_0_0_w1 = xu1_0_0_0.y;
    const unsigned int xu1_0_0_w2 = xu1_0_0_0.z;
    const unsigned int xu1_0_0_w3 = xu1_0_0_0.w;
    acc_0_0 = fmaf(kf_f16_to_f32((wu1_0.w >> 16u)), kf_f16_to_f32((xu1_0_0_w3 >> 16u)), fmaf(kf_f16_to_f32(wu1_0.w), kf_f16_to_f32(xu1_0_0_w3), fmaf(kf_f16_to_f32((wu1_0.z >> 16u)), kf_f16_to_f32((xu1_0_0_w2 >> 16u)), fmaf(kf_f16_to_f32(wu1_0.z), kf_f16_to_f32(xu1_0_0_w2), fmaf(kf_f16_to_f32((wu1_0.y >> 16u)), kf_f16_to_f32((xu1_0_0_w1 >> 16u)), fmaf(kf_f16_to_f32(wu1_0.y), kf_f16_to_f32(xu1_0_0_w1), fmaf(kf_f16_to_f32((wu1_0.x >> 16u)), kf_f16_to_f32((xu1_0_0_w0 >> 16u)), fmaf(kf_f16_to_f32(wu1_0.x), kf_f16_to_f32(xu1_0_0_w0), acc_0_0))))))));
    acc_1_0 = fmaf(kf_f16_to_f32((wu1_1.w >> 16u)), kf_f16_to_f32((xu1_0_0_w3 >> 16u)), fmaf(kf_f16_to_f32(wu1_1.w), kf_f16_to_f32(xu1_0_0_w3), fmaf(kf_f16_to_f32((wu1_1.z >> 16u)), kf_f16_to_f32((xu1_0_0_w2 >> 16u)), fmaf(kf_f16_to_f32(wu1_1.z), kf_f16_to_f32(xu1_0_0_w2), fmaf(kf_f16_to_f32((wu1_1.y >> 16u)), kf_f16_to_f32((xu1_0_0_w1 >> 16u)), fmaf(kf_f16_to_f32(wu1_1.y), kf_f16_to_f32(xu1_0_0_w1), fmaf(kf_f16_to_f32((wu1_1.x >> 16u)), kf_f16_to_f32((xu1_0_0_w0 >> 16u)), fmaf(kf_f16_to_f32(wu1_1.x), kf_f16_to_f32(xu1_0_0_w0), acc_1_0))))))));
  }
  for (int chunk = (chunks_main + first_chunk); chunk < chunks; chunk += 128) {
    const uint4 wt0_0 = (*(const uint4*)(&W[(((row_0 * K) + (chunk * 8)) >> 1)]));
    const uint4 wt0_1 = (*(const uint4*)(&W[(((row_1 * K) + (chunk * 8)) >> 1)]));
    const uint4 xt0_0_0_0 = (*(const uint4*)(&x[((((K * 0) + (chunk * 8)) >> 1) + 0)]));
    const unsigned int xt0_0_0_w0 = xt0_0_0_0.x;
    const unsigned int xt0_0_0_w1 = xt0_0_0_0.y;
    const unsigned int xt0_0_0_w2 = xt0_0_0_0.z;
    const unsigned int xt0_0_0_w3 = xt0_0_0_0.w;
    acc_0_0 = fmaf(kf_f16_to_f32((wt0_0.w >> 16u)), kf_f16_to_f32((xt0_0_0_w3 >> 16u)), fmaf(kf_f16_to_f32(wt0_0.w), kf_f16_to_f32(xt0_0_0_w3), fmaf(kf_f16_to_f32((wt0_0.z >> 16u)), kf_f16_to_f32((xt0_0_0_w2 >> 16u)), fmaf(kf_f16_to_f32(wt0_0.z), kf_f16_to_f32(xt0_0_0_w2), fmaf(kf_f16_to_f32((wt0_0.y >> 16u)), kf_f16_to_f32((xt0_0_0_w1 >> 16u)), fmaf(kf_f16_to_f32(wt0_0.y), kf_f16_to_f32(xt0_0_0_w1), fmaf(kf_f16_to_f32((wt0_0.x >> 16u)), kf_f16_to_f32((xt0_0_0_w0 >> 16u)), fmaf(kf_f16_to_f32(wt0_0.x), kf_f16_to_f32(xt0_0_0_w0), acc_0_0))))))));
    acc_1_0 = fmaf(kf_f16_to_f32((wt0_1.w >> 16u)), kf_f16_to_f32((xt0_0_0_w3 >> 16u)), fmaf(kf_f16_to_f32(wt0_1.w), kf_f16_to_f32(xt0_0_0_w3), fmaf(kf_f16_to_f32((wt0_1.z >> 16u)), kf_f16_to_f32((xt0_0_0_w2 >> 16u)), fmaf(kf_f16_to_f32(wt0_1.z), kf_f16_to_f32(xt0_0_0_w2), fmaf(kf_f16_to_f32((wt0_1.y >> 16u)), kf_f16_to_f32((xt0_0_0_w1 >> 16u)), fmaf(kf_f16_to_f32(wt0_1.y), kf_f16_to_f32(xt0_0_0_w1), fmaf(kf_f16_to_f32((wt0_1.x >> 16u)), kf_f16_to_f32((xt0_0_0_w0 >> 16u)), fmaf(kf_f16_to_f32(wt0_1.x), kf_f16_to_f32(xt0_0_0_w0), acc_1_0))))))));
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
      y[((m * N) + n)] = (total + bias[n]);
    }
  }
}
