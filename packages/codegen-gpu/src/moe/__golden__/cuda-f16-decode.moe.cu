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

extern "C" __global__ void __launch_bounds__(256) moe_logits(const float* __restrict__ x, const float* __restrict__ router, float* moe_scores, int T) {
  kf_launch_dependents();
  // router logits: 2 experts x 4 tokens per workgroup, 256 threads, 16-byte loads
  const int tid = (int)threadIdx.x;
  const int e0 = ((int)blockIdx.x * 2);
  const int t0 = ((int)blockIdx.y * 4);
  const int row_0 = min((e0 + 0), 127);
  const int row_1 = min((e0 + 1), 127);
  const int tok_0 = min((t0 + 0), (T - 1));
  const int tok_1 = min((t0 + 1), (T - 1));
  const int tok_2 = min((t0 + 2), (T - 1));
  const int tok_3 = min((t0 + 3), (T - 1));
  float acc_0_0 = 0.0f;
  float acc_1_0 = 0.0f;
  float acc_0_1 = 0.0f;
  float acc_1_1 = 0.0f;
  float acc_0_2 = 0.0f;
  float acc_1_2 = 0.0f;
  float acc_0_3 = 0.0f;
  float acc_1_3 = 0.0f;
  const int chunks = (2048 / 4);
  const int chunks_main = ((chunks / 512) * 512);
  for (int k_step = 0; k_step < chunks_main; k_step += 512) {
    const float4 wr0_u0 = (*(const float4*)(&router[((row_0 * 2048) + (((k_step + tid) + 0) * 4))]));
    const float4 wr1_u0 = (*(const float4*)(&router[((row_1 * 2048) + (((k_step + tid) + 0) * 4))]));
    const float4 wr0_u1 = (*(const float4*)(&router[((row_0 * 2048) + (((k_step + tid) + 256) * 4))]));
    const float4 wr1_u1 = (*(const float4*)(&router[((row_1 * 2048) + (((k_step + tid) + 256) * 4))]));
    kf_wait_previous_grid();
    const float4 xu0_0_0_0 = (*(const float4*)(&x[((tok_0 * 2048) + (((k_step + tid) + 0) * 4))]));
    acc_0_0 = fmaf(wr0_u0.w, xu0_0_0_0.w, fmaf(wr0_u0.z, xu0_0_0_0.z, fmaf(wr0_u0.y, xu0_0_0_0.y, fmaf(wr0_u0.x, xu0_0_0_0.x, acc_0_0))));
    acc_1_0 = fmaf(wr1_u0.w, xu0_0_0_0.w, fmaf(wr1_u0.z, xu0_0_0_0.z, fmaf(wr1_u0.y, xu0_0_0_0.y, fmaf(wr1_u0.x, xu0_0_0_0.x, acc_1_0))));
    const float4 xu0_1_0_0 = (*(const float4*)(&x[((tok_1 * 2048) + (((k_step + tid) + 0) * 4))]));
    acc_0_1 = fmaf(wr0_u0.w, xu0_1_0_0.w, fmaf(wr0_u0.z, xu0_1_0_0.z, fmaf(wr0_u0.y, xu0_1_0_0.y, fmaf(wr0_u0.x, xu0_1_0_0.x, acc_0_1))));
    acc_1_1 = fmaf(wr1_u0.w, xu0_1_0_0.w, fmaf(wr1_u0.z, xu0_1_0_0.z, fmaf(wr1_u0.y, xu0_1_0_0.y, fmaf(wr1_u0.x, xu0_1_0_0.x, acc_1_1))));
    const float4 xu0_2_0_0 = (*(const float4*)(&x[((tok_2 * 2048) + (((k_step + tid) + 0) * 4))]));
    acc_0_2 = fmaf(wr0_u0.w, xu0_2_0_0.w, fmaf(wr0_u0.z, xu0_2_0_0.z, fmaf(wr0_u0.y, xu0_2_0_0.y, fmaf(wr0_u0.x, xu0_2_0_0.x, acc_0_2))));
    acc_1_2 = fmaf(wr1_u0.w, xu0_2_0_0.w, fmaf(wr1_u0.z, xu0_2_0_0.z, fmaf(wr1_u0.y, xu0_2_0_0.y, fmaf(wr1_u0.x, xu0_2_0_0.x, acc_1_2))));
    const float4 xu0_3_0_0 = (*(const float4*)(&x[((tok_3 * 2048) + (((k_step + tid) + 0) * 4))]));
    acc_0_3 = fmaf(wr0_u0.w, xu0_3_0_0.w, fmaf(wr0_u0.z, xu0_3_0_0.z, fmaf(wr0_u0.y, xu0_3_0_0.y, fmaf(wr0_u0.x, xu0_3_0_0.x, acc_0_3))));
    acc_1_3 = fmaf(wr1_u0.w, xu0_3_0_0.w, fmaf(wr1_u0.z, xu0_3_0_0.z, fmaf(wr1_u0.y, xu0_3_0_0.y, fmaf(wr1_u0.x, xu0_3_0_0.x, acc_1_3))));
    const float4 xu1_0_0_0 = (*(const float4*)(&x[((tok_0 * 2048) + (((k_step + tid) + 256) * 4))]));
    acc_0_0 = fmaf(wr0_u1.w, xu1_0_0_0.w, fmaf(wr0_u1.z, xu1_0_0_0.z, fmaf(wr0_u1.y, xu1_0_0_0.y, fmaf(wr0_u1.x, xu1_0_0_0.x, acc_0_0))));
    acc_1_0 = fmaf(wr1_u1.w, xu1_0_0_0.w, fmaf(wr1_u1.z, xu1_0_0_0.z, fmaf(wr1_u1.y, xu1_0_0_0.y, fmaf(wr1_u1.x, xu1_0_0_0.x, acc_1_0))));
    const float4 xu1_1_0_0 = (*(const float4*)(&x[((tok_1 * 2048) + (((k_step + tid) + 256) * 4))]));
    acc_0_1 = fmaf(wr0_u1.w, xu1_1_0_0.w, fmaf(wr0_u1.z, xu1_1_0_0.z, fmaf(wr0_u1.y, xu1_1_0_0.y, fmaf(wr0_u1.x, xu1_1_0_0.x, acc_0_1))));
    acc_1_1 = fmaf(wr1_u1.w, xu1_1_0_0.w, fmaf(wr1_u1.z, xu1_1_0_0.z, fmaf(wr1_u1.y, xu1_1_0_0.y, fmaf(wr1_u1.x, xu1_1_0_0.x, acc_1_1))));
    const float4 xu1_2_0_0 = (*(const float4*)(&x[((tok_2 * 2048) + (((k_step + tid) + 256) * 4))]));
    acc_0_2 = fmaf(wr0_u1.w, xu1_2_0_0.w, fmaf(wr0_u1.z, xu1_2_0_0.z, fmaf(wr0_u1.y, xu1_2_0_0.y, fmaf(wr0_u1.x, xu1_2_0_0.x, acc_0_2))));
    acc_1_2 = fmaf(wr1_u1.w, xu1_2_0_0.w, fmaf(wr1_u1.z, xu1_2_0_0.z, fmaf(wr1_u1.y, xu1_2_0_0.y, fmaf(wr1_u1.x, xu1_2_0_0.x, acc_1_2))));
    const float4 xu1_3_0_0 = (*(const float4*)(&x[((tok_3 * 2048) + (((k_step + tid) + 256) * 4))]));
    acc_0_3 = fmaf(wr0_u1.w, xu1_3_0_0.w, fmaf(wr0_u1.z, xu1_3_0_0.z, fmaf(wr0_u1.y, xu1_3_0_0.y, fmaf(wr0_u1.x, xu1_3_0_0.x, acc_0_3))));
    acc_1_3 = fmaf(wr1_u1.w, xu1_3_0_0.w, fmaf(wr1_u1.z, xu1_3_0_0.z, fmaf(wr1_u1.y, xu1_3_0_0.y, fmaf(wr1_u1.x, xu1_3_0_0.x, acc_1_3))));
  }
  for (int chunk = (chunks_main + tid); chunk < chunks; chunk += 256) {
    const float4 wr0_t0 = (*(const float4*)(&router[((row_0 * 2048) + (chunk * 4))]));
    const float4 wr1_t0 = (*(const float4*)(&router[((row_1 * 2048) + (chunk * 4))]));
    kf_wait_previous_grid();
    const float4 xt0_0_0_0 = (*(const float4*)(&x[((tok_0 * 2048) + (chunk * 4))]));
    acc_0_0 = fmaf(wr0_t0.w, xt0_0_0_0.w, fmaf(wr0_t0.z, xt0_0_0_0.z, fmaf(wr0_t0.y, xt0_0_0_0.y, fmaf(wr0_t0.x, xt0_0_0_0.x, acc_0_0))));
    acc_1_0 = fmaf(wr1_t0.w, xt0_0_0_0.w, fmaf(wr1_t0.z, xt0_0_0_0.z, fmaf(wr1_t0.y, xt0_0_0_0.y, fmaf(wr1_t0.x, xt0_0_0_0.x, acc_1_0))));
    const float4 xt0_1_0_0 = (*(const float4*)(&x[((tok_1 * 2048) + (chunk * 4))]));
    acc_0_1 = fmaf(wr0_t0.w, xt0_1_0_0.w, fmaf(wr0_t0.z, xt0_1_0_0.z, fmaf(wr0_t0.y, xt0_1_0_0.y, fmaf(wr0_t0.x, xt0_1_0_0.x, acc_0_1))));
    acc_1_1 = fmaf(wr1_t0.w, xt0_1_0_0.w, fmaf(wr1_t0.z, xt0_1_0_0.z, fmaf(wr1_t0.y, xt0_1_0_0.y, fmaf(wr1_t0.x, xt0_1_0_0.x, acc_1_1))));
    const float4 xt0_2_0_0 = (*(const float4*)(&x[((tok_2 * 2048) + (chunk * 4))]));
    acc_0_2 = fmaf(wr0_t0.w, xt0_2_0_0.w, fmaf(wr0_t0.z, xt0_2_0_0.z, fmaf(wr0_t0.y, xt0_2_0_0.y, fmaf(wr0_t0.x, xt0_2_0_0.x, acc_0_2))));
    acc_1_2 = fmaf(wr1_t0.w, xt0_2_0_0.w, fmaf(wr1_t0.z, xt0_2_0_0.z, fmaf(wr1_t0.y, xt0_2_0_0.y, fmaf(wr1_t0.x, xt0_2_0_0.x, acc_1_2))));
    const float4 xt0_3_0_0 = (*(const float4*)(&x[((tok_3 * 2048) + (chunk * 4))]));
    acc_0_3 = fmaf(wr0_t0.w, xt0_3_0_0.w, fmaf(wr0_t0.z, xt0_3_0_0.z, fmaf(wr0_t0.y, xt0_3_0_0.y, fmaf(wr0_t0.x, xt0_3_0_0.x, acc_0_3))));
    acc_1_3 = fmaf(wr1_t0.w, xt0_3_0_0.w, fmaf(wr1_t0.z, xt0_3_0_0.z, fmaf(wr1_t0.y, xt0_3_0_0.y, fmaf(wr1_t0.x, xt0_3_0_0.x, acc_1_3))));
  }
  kf_wait_previous_grid();
  const int sg_lane = ((int)threadIdx.x & 31);
  const int sg_index = (tid / 32);
  const bool sg_up16 = ((sg_lane & 16) != 0);
  const float sg_r16_0 = ((sg_up16 ? acc_0_2 : acc_0_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? acc_0_0 : acc_0_2), 16));
  const float sg_r16_1 = ((sg_up16 ? acc_1_2 : acc_1_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? acc_1_0 : acc_1_2), 16));
  const float sg_r16_2 = ((sg_up16 ? acc_0_3 : acc_0_1) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? acc_0_1 : acc_0_3), 16));
  const float sg_r16_3 = ((sg_up16 ? acc_1_3 : acc_1_1) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? acc_1_1 : acc_1_3), 16));
  const bool sg_up8 = ((sg_lane & 8) != 0);
  const float sg_r8_0 = ((sg_up8 ? sg_r16_2 : sg_r16_0) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_0 : sg_r16_2), 8));
  const float sg_r8_1 = ((sg_up8 ? sg_r16_3 : sg_r16_1) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_1 : sg_r16_3), 8));
  const bool sg_up4 = ((sg_lane & 4) != 0);
  const float sg_r4_0 = ((sg_up4 ? sg_r8_1 : sg_r8_0) + __shfl_xor_sync(0xffffffffu, (sg_up4 ? sg_r8_0 : sg_r8_1), 4));
  float sg_total = sg_r4_0;
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 2));
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 1));
  __shared__ float red[64];
  if ((sg_lane & 3) == 0) {
    red[((((sg_lane >> 2) & 7) * 8) + sg_index)] = sg_total;
  }
  __syncthreads();
  for (int o = tid; o < 8; o += 256) {
    float total = 0.0f;
    for (int sg = 0; sg < 8; sg++) {
      total = (total + red[((o * 8) + sg)]);
    }
    const int e = (e0 + (o % 2));
    const int t = (t0 + (o / 2));
    if ((e < 128) && (t < T)) {
      moe_scores[((t * 128) + e)] = total;
    }
  }
}

extern "C" __global__ void __launch_bounds__(128) moe_route(const float* moe_scores, int* moe_ids, float* moe_w, int T) {
  kf_launch_dependents();
  kf_wait_previous_grid();
  // top-8 of 128 router logits per token (rank: larger logits, or equal ones at a lower index, first), weights renormalized
  __shared__ float lg[128];
  __shared__ float pe[128];
  __shared__ int rk[128];
  const int tid = (int)threadIdx.x;
  const int t_raw = ((int)blockIdx.x + ((int)blockIdx.y * (int)gridDim.x));
  const int t = min(t_raw, (T - 1));
  for (int e = tid; e < 128; e += 128) {
    lg[e] = moe_scores[((t * 128) + e)];
  }
  __syncthreads();
  for (int e = tid; e < 128; e += 128) {
    const float l = lg[e];
    float mx = lg[0];
    int rank = 0;
    for (int e2 = 0; e2 < 128; e2++) {
      const float l2 = lg[e2];
      mx = fmaxf(mx, l2);
      rank = (rank + (((l2 > l) || ((l2 == l) && (e2 < e))) ? 1 : 0));
    }
    pe[e] = expf((l - mx));
    rk[e] = rank;
  }
  __syncthreads();
  for (int e = tid; e < 128; e += 128) {
    const int r = rk[e];
    if ((r < 8) && (t_raw < T)) {
      float den = 0.0f;
      for (int e2 = 0; e2 < 128; e2++) {
        den = (den + ((rk[e2] < 8) ? pe[e2] : 0.0f));
      }
      moe_ids[((t * 8) + r)] = e;
      moe_w[((t * 8) + r)] = (pe[e] / den);
    }
  }
}

extern "C" __global__ void __launch_bounds__(256) moe_gate_up(const float* __restrict__ x, const unsigned int* __restrict__ w_gate, const unsigned int* __restrict__ w_up, const int* moe_ids, float* moe_hidden, int T) {
  kf_launch_dependents();
  kf_wait_previous_grid();
  // moe gate_up f16: 2 rows of gate and up per workgroup, 1 tokens per pass, 256 threads, 16-byte loads, unroll 2
  __shared__ float red[32];
  for (int slot = (int)blockIdx.y; slot < (T * 8); slot += (int)gridDim.y) {
    const int tid = (int)threadIdx.x;
    const int n0 = ((int)blockIdx.x * 2);
    const int id = moe_ids[slot];
    const int e = max(min(id, 127), 0);
    const int off = slot;
    const int cnt = (((id >= 0) && (id < 128)) ? 1 : 0);
    const int nr_0 = min((n0 + 0), 767);
    const int nr_1 = min((n0 + 1), 767);
    for (int mt = 0; mt < 1; mt++) {
      const int j_0 = (off + max(min((mt + 0), (cnt - 1)), 0));
      float ag_0_0 = 0.0f;
      float ag_1_0 = 0.0f;
      float au_0_0 = 0.0f;
      float au_1_0 = 0.0f;
      if (mt < cnt) {
        const int xr_0 = ((j_0 / 8) * 2048);
        const int chunks = (2048 / 8);
        const int chunks_main = ((chunks / 512) * 512);
        for (int k_step = 0; k_step < chunks_main; k_step += 512) {
          const uint4 wg0_u0 = (*(const uint4*)(&w_gate[(((((e * 768) + nr_0) * 2048) + (((k_step + tid) + 0) * 8)) >> 1)]));
          const uint4 wg1_u0 = (*(const uint4*)(&w_gate[(((((e * 768) + nr_1) * 2048) + (((k_step + tid) + 0) * 8)) >> 1)]));
          const uint4 wu0_u0 = (*(const uint4*)(&w_up[(((((e * 768) + nr_0) * 2048) + (((k_step + tid) + 0) * 8)) >> 1)]));
          const uint4 wu1_u0 = (*(const uint4*)(&w_up[(((((e * 768) + nr_1) * 2048) + (((k_step + tid) + 0) * 8)) >> 1)]));
          const uint4 wg0_u1 = (*(const uint4*)(&w_gate[(((((e * 768) + nr_0) * 2048) + (((k_step + tid) + 256) * 8)) >> 1)]));
          const uint4 wg1_u1 = (*(const uint4*)(&w_gate[(((((e * 768) + nr_1) * 2048) + (((k_step + tid) + 256) * 8)) >> 1)]));
          const uint4 wu0_u1 = (*(const uint4*)(&w_up[(((((e * 768) + nr_0) * 2048) + (((k_step + tid) + 256) * 8)) >> 1)]));
          const uint4 wu1_u1 = (*(const uint4*)(&w_up[(((((e * 768) + nr_1) * 2048) + (((k_step + tid) + 256) * 8)) >> 1)]));
          const float4 xu0_0_0_0 = (*(const float4*)(&x[(xr_0 + (((k_step + tid) + 0) * 8))]));
          const float4 xu0_0_0_4 = (*(const float4*)(&x[((xr_0 + (((k_step + tid) + 0) * 8)) + 4)]));
          ag_0_0 = fmaf(kf_f16_to_f32((wg0_u0.w >> 16u)), xu0_0_0_4.w, fmaf(kf_f16_to_f32(wg0_u0.w), xu0_0_0_4.z, fmaf(kf_f16_to_f32((wg0_u0.z >> 16u)), xu0_0_0_4.y, fmaf(kf_f16_to_f32(wg0_u0.z), xu0_0_0_4.x, fmaf(kf_f16_to_f32((wg0_u0.y >> 16u)), xu0_0_0_0.w, fmaf(kf_f16_to_f32(wg0_u0.y), xu0_0_0_0.z, fmaf(kf_f16_to_f32((wg0_u0.x >> 16u)), xu0_0_0_0.y, fmaf(kf_f16_to_f32(wg0_u0.x), xu0_0_0_0.x, ag_0_0))))))));
          ag_1_0 = fmaf(kf_f16_to_f32((wg1_u0.w >> 16u)), xu0_0_0_4.w, fmaf(kf_f16_to_f32(wg1_u0.w), xu0_0_0_4.z, fmaf(kf_f16_to_f32((wg1_u0.z >> 16u)), xu0_0_0_4.y, fmaf(kf_f16_to_f32(wg1_u0.z), xu0_0_0_4.x, fmaf(kf_f16_to_f32((wg1_u0.y >> 16u)), xu0_0_0_0.w, fmaf(kf_f16_to_f32(wg1_u0.y), xu0_0_0_0.z, fmaf(kf_f16_to_f32((wg1_u0.x >> 16u)), xu0_0_0_0.y, fmaf(kf_f16_to_f32(wg1_u0.x), xu0_0_0_0.x, ag_1_0))))))));
          au_0_0 = fmaf(kf_f16_to_f32((wu0_u0.w >> 16u)), xu0_0_0_4.w, fmaf(kf_f16_to_f32(wu0_u0.w), xu0_0_0_4.z, fmaf(kf_f16_to_f32((wu0_u0.z >> 16u)), xu0_0_0_4.y, fmaf(kf_f16_to_f32(wu0_u0.z), xu0_0_0_4.x, fmaf(kf_f16_to_f32((wu0_u0.y >> 16u)), xu0_0_0_0.w, fmaf(kf_f16_to_f32(wu0_u0.y), xu0_0_0_0.z, fmaf(kf_f16_to_f32((wu0_u0.x >> 16u)), xu0_0_0_0.y, fmaf(kf_f16_to_f32(wu0_u0.x), xu0_0_0_0.x, au_0_0))))))));
          au_1_0 = fmaf(kf_f16_to_f32((wu1_u0.w >> 16u)), xu0_0_0_4.w, fmaf(kf_f16_to_f32(wu1_u0.w), xu0_0_0_4.z, fmaf(kf_f16_to_f32((wu1_u0.z >> 16u)), xu0_0_0_4.y, fmaf(kf_f16_to_f32(wu1_u0.z), xu0_0_0_4.x, fmaf(kf_f16_to_f32((wu1_u0.y >> 16u)), xu0_0_0_0.w, fmaf(kf_f16_to_f32(wu1_u0.y), xu0_0_0_0.z, fmaf(kf_f16_to_f32((wu1_u0.x >> 16u)), xu0_0_0_0.y, fmaf(kf_f16_to_f32(wu1_u0.x), xu0_0_0_0.x, au_1_0))))))));
          const float4 xu1_0_0_0 = (*(const float4*)(&x[(xr_0 + (((k_step + tid) + 256) * 8))]));
          const float4 xu1_0_0_4 = (*(const float4*)(&x[((xr_0 + (((k_step + tid) + 256) * 8)) + 4)]));
          ag_0_0 = fmaf(kf_f16_to_f32((wg0_u1.w >> 16u)), xu1_0_0_4.w, fmaf(kf_f16_to_f32(wg0_u1.w), xu1_0_0_4.z, fmaf(kf_f16_to_f32((wg0_u1.z >> 16u)), xu1_0_0_4.y, fmaf(kf_f16_to_f32(wg0_u1.z), xu1_0_0_4.x, fmaf(kf_f16_to_f32((wg0_u1.y >> 16u)), xu1_0_0_0.w, fmaf(kf_f16_to_f32(wg0_u1.y), xu1_0_0_0.z, fmaf(kf_f16_to_f32((wg0_u1.x >> 16u)), xu1_0_0_0.y, fmaf(kf_f16_to_f32(wg0_u1.x), xu1_0_0_0.x, ag_0_0))))))));
          ag_1_0 = fmaf(kf_f16_to_f32((wg1_u1.w >> 16u)), xu1_0_0_4.w, fmaf(kf_f16_to_f32(wg1_u1.w), xu1_0_0_4.z, fmaf(kf_f16_to_f32((wg1_u1.z >> 16u)), xu1_0_0_4.y, fmaf(kf_f16_to_f32(wg1_u1.z), xu1_0_0_4.x, fmaf(kf_f16_to_f32((wg1_u1.y >> 16u)), xu1_0_0_0.w, fmaf(kf_f16_to_f32(wg1_u1.y), xu1_0_0_0.z, fmaf(kf_f16_to_f32((wg1_u1.x >> 16u)), xu1_0_0_0.y, fmaf(kf_f16_to_f32(wg1_u1.x), xu1_0_0_0.x, ag_1_0))))))));
          au_0_0 = fmaf(kf_f16_to_f32((wu0_u1.w >> 16u)), xu1_0_0_4.w, fmaf(kf_f16_to_f32(wu0_u1.w), xu1_0_0_4.z, fmaf(kf_f16_to_f32((wu0_u1.z >> 16u)), xu1_0_0_4.y, fmaf(kf_f16_to_f32(wu0_u1.z), xu1_0_0_4.x, fmaf(kf_f16_to_f32((wu0_u1.y >> 16u)), xu1_0_0_0.w, fmaf(kf_f16_to_f32(wu0_u1.y), xu1_0_0_0.z, fmaf(kf_f16_to_f32((wu0_u1.x >> 16u)), xu1_0_0_0.y, fmaf(kf_f16_to_f32(wu0_u1.x), xu1_0_0_0.x, au_0_0))))))));
          au_1_0 = fmaf(kf_f16_to_f32((wu1_u1.w >> 16u)), xu1_0_0_4.w, fmaf(kf_f16_to_f32(wu1_u1.w), xu1_0_0_4.z, fmaf(kf_f16_to_f32((wu1_u1.z >> 16u)), xu1_0_0_4.y, fmaf(kf_f16_to_f32(wu1_u1.z), xu1_0_0_4.x, fmaf(kf_f16_to_f32((wu1_u1.y >> 16u)), xu1_0_0_0.w, fmaf(kf_f16_to_f32(wu1_u1.y), xu1_0_0_0.z, fmaf(kf_f16_to_f32((wu1_u1.x >> 16u)), xu1_0_0_0.y, fmaf(kf_f16_to_f32(wu1_u1.x), xu1_0_0_0.x, au_1_0))))))));
        }
        for (int chunk = (chunks_main + tid); chunk < chunks; chunk += 256) {
          const uint4 wg0_t0 = (*(const uint4*)(&w_gate[(((((e * 768) + nr_0) * 2048) + (chunk * 8)) >> 1)]));
          const uint4 wg1_t0 = (*(const uint4*)(&w_gate[(((((e * 768) + nr_1) * 2048) + (chunk * 8)) >> 1)]));
          const uint4 wu0_t0 = (*(const uint4*)(&w_up[(((((e * 768) + nr_0) * 2048) + (chunk * 8)) >> 1)]));
          const uint4 wu1_t0 = (*(const uint4*)(&w_up[(((((e * 768) + nr_1) * 2048) + (chunk * 8)) >> 1)]));
          const float4 xt0_0_0_0 = (*(const float4*)(&x[(xr_0 + (chunk * 8))]));
          const float4 xt0_0_0_4 = (*(const float4*)(&x[((xr_0 + (chunk * 8)) + 4)]));
          ag_0_0 = fmaf(kf_f16_to_f32((wg0_t0.w >> 16u)), xt0_0_0_4.w, fmaf(kf_f16_to_f32(wg0_t0.w), xt0_0_0_4.z, fmaf(kf_f16_to_f32((wg0_t0.z >> 16u)), xt0_0_0_4.y, fmaf(kf_f16_to_f32(wg0_t0.z), xt0_0_0_4.x, fmaf(kf_f16_to_f32((wg0_t0.y >> 16u)), xt0_0_0_0.w, fmaf(kf_f16_to_f32(wg0_t0.y), xt0_0_0_0.z, fmaf(kf_f16_to_f32((wg0_t0.x >> 16u)), xt0_0_0_0.y, fmaf(kf_f16_to_f32(wg0_t0.x), xt0_0_0_0.x, ag_0_0))))))));
          ag_1_0 = fmaf(kf_f16_to_f32((wg1_t0.w >> 16u)), xt0_0_0_4.w, fmaf(kf_f16_to_f32(wg1_t0.w), xt0_0_0_4.z, fmaf(kf_f16_to_f32((wg1_t0.z >> 16u)), xt0_0_0_4.y, fmaf(kf_f16_to_f32(wg1_t0.z), xt0_0_0_4.x, fmaf(kf_f16_to_f32((wg1_t0.y >> 16u)), xt0_0_0_0.w, fmaf(kf_f16_to_f32(wg1_t0.y), xt0_0_0_0.z, fmaf(kf_f16_to_f32((wg1_t0.x >> 16u)), xt0_0_0_0.y, fmaf(kf_f16_to_f32(wg1_t0.x), xt0_0_0_0.x, ag_1_0))))))));
          au_0_0 = fmaf(kf_f16_to_f32((wu0_t0.w >> 16u)), xt0_0_0_4.w, fmaf(kf_f16_to_f32(wu0_t0.w), xt0_0_0_4.z, fmaf(kf_f16_to_f32((wu0_t0.z >> 16u)), xt0_0_0_4.y, fmaf(kf_f16_to_f32(wu0_t0.z), xt0_0_0_4.x, fmaf(kf_f16_to_f32((wu0_t0.y >> 16u)), xt0_0_0_0.w, fmaf(kf_f16_to_f32(wu0_t0.y), xt0_0_0_0.z, fmaf(kf_f16_to_f32((wu0_t0.x >> 16u)), xt0_0_0_0.y, fmaf(kf_f16_to_f32(wu0_t0.x), xt0_0_0_0.x, au_0_0))))))));
          au_1_0 = fmaf(kf_f16_to_f32((wu1_t0.w >> 16u)), xt0_0_0_4.w, fmaf(kf_f16_to_f32(wu1_t0.w), xt0_0_0_4.z, fmaf(kf_f16_to_f32((wu1_t0.z >> 16u)), xt0_0_0_4.y, fmaf(kf_f16_to_f32(wu1_t0.z), xt0_0_0_4.x, fmaf(kf_f16_to_f32((wu1_t0.y >> 16u)), xt0_0_0_0.w, fmaf(kf_f16_to_f32(wu1_t0.y), xt0_0_0_0.z, fmaf(kf_f16_to_f32((wu1_t0.x >> 16u)), xt0_0_0_0.y, fmaf(kf_f16_to_f32(wu1_t0.x), xt0_0_0_0.x, au_1_0))))))));
        }
      }
      const int sg_lane = ((int)threadIdx.x & 31);
      const int sg_index = (tid / 32);
      const bool sg_up16 = ((sg_lane & 16) != 0);
      const float sg_r16_0 = ((sg_up16 ? au_0_0 : ag_0_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ag_0_0 : au_0_0), 16));
      const float sg_r16_1 = ((sg_up16 ? au_1_0 : ag_1_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ag_1_0 : au_1_0), 16));
      const bool sg_up8 = ((sg_lane & 8) != 0);
      const float sg_r8_0 = ((sg_up8 ? sg_r16_1 : sg_r16_0) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_0 : sg_r16_1), 8));
      float sg_total = sg_r8_0;
      sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 4));
      sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 2));
      sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 1));
      if ((sg_lane & 7) == 0) {
        red[((((sg_lane >> 3) & 3) * 8) + sg_index)] = sg_total;
      }
      __syncthreads();
      for (int o = tid; o < 2; o += 256) {
        const int n = (n0 + (o % 2));
        const int m = (o / 2);
        if (((mt + m) < cnt) && (n < 768)) {
          float tg = 0.0f;
          for (int sg = 0; sg < 8; sg++) {
            tg = (tg + red[((((m * 4) + (n - n0)) * 8) + sg)]);
          }
          float tu = 0.0f;
          for (int sg = 0; sg < 8; sg++) {
            tu = (tu + red[(((((m * 4) + (n - n0)) + 2) * 8) + sg)]);
          }
          const float h = ((tg / (1.0f + expf((0.0f - tg)))) * tu);
          moe_hidden[((j_0 * 768) + n)] = h;
        }
      }
      __syncthreads();
    }
  }
}

extern "C" __global__ void __launch_bounds__(512) moe_down_combine(const float* moe_hidden, const unsigned int* __restrict__ w_down, const int* moe_ids, const float* moe_w, float* __restrict__ y, int T) {
  kf_launch_dependents();
  kf_wait_previous_grid();
  __shared__ float red[32];
  // moe down + combine f16: 2 rows of H for one token per workgroup, its 8 slots over 4 groups of 128 threads, 16-byte loads
  const int tid = (int)threadIdx.x;
  const int lane = (tid % 128);
  const int slot_lane = (tid / 128);
  const int t = (int)blockIdx.y;
  const int n0 = ((int)blockIdx.x * 2);
  const int nr_0 = min((n0 + 0), 2047);
  const int nr_1 = min((n0 + 1), 2047);
  float ay_0 = 0.0f;
  float ay_1 = 0.0f;
  for (int s = slot_lane; s < 8; s += 4) {
    const int pr = ((t * 8) + s);
    const int id = moe_ids[pr];
    const int j = (((id >= 0) && (id < 128)) ? pr : (-1));
    if (j >= 0) {
      const int e = max(min(id, 127), 0);
      const float rw = moe_w[pr];
      float ad_0_0 = 0.0f;
      float ad_1_0 = 0.0f;
      const int chunks = (768 / 8);
      const int chunks_main = ((chunks / 256) * 256);
      for (int k_step = 0; k_step < chunks_main; k_step += 256) {
        const uint4 wd0_u0 = (*(const uint4*)(&w_down[(((((e * 2048) + nr_0) * 768) + (((k_step + lane) + 0) * 8)) >> 1)]));
        const uint4 wd1_u0 = (*(const uint4*)(&w_down[(((((e * 2048) + nr_1) * 768) + (((k_step + lane) + 0) * 8)) >> 1)]));
        const uint4 wd0_u1 = (*(const uint4*)(&w_down[(((((e * 2048) + nr_0) * 768) + (((k_step + lane) + 128) * 8)) >> 1)]));
        const uint4 wd1_u1 = (*(const uint4*)(&w_down[(((((e * 2048) + nr_1) * 768) + (((k_step + lane) + 128) * 8)) >> 1)]));
        const float4 xu0_0_0_0 = (*(const float4*)(&moe_hidden[((j * 768) + (((k_step + lane) + 0) * 8))]));
        const float4 xu0_0_0_4 = (*(const float4*)(&moe_hidden[(((j * 768) + (((k_step + lane) + 0) * 8)) + 4)]));
        ad_0_0 = fmaf(kf_f16_to_f32((wd0_u0.w >> 16u)), xu0_0_0_4.w, fmaf(kf_f16_to_f32(wd0_u0.w), xu0_0_0_4.z, fmaf(kf_f16_to_f32((wd0_u0.z >> 16u)), xu0_0_0_4.y, fmaf(kf_f16_to_f32(wd0_u0.z), xu0_0_0_4.x, fmaf(kf_f16_to_f32((wd0_u0.y >> 16u)), xu0_0_0_0.w, fmaf(kf_f16_to_f32(wd0_u0.y), xu0_0_0_0.z, fmaf(kf_f16_to_f32((wd0_u0.x >> 16u)), xu0_0_0_0.y, fmaf(kf_f16_to_f32(wd0_u0.x), xu0_0_0_0.x, ad_0_0))))))));
        ad_1_0 = fmaf(kf_f16_to_f32((wd1_u0.w >> 16u)), xu0_0_0_4.w, fmaf(kf_f16_to_f32(wd1_u0.w), xu0_0_0_4.z, fmaf(kf_f16_to_f32((wd1_u0.z >> 16u)), xu0_0_0_4.y, fmaf(kf_f16_to_f32(wd1_u0.z), xu0_0_0_4.x, fmaf(kf_f16_to_f32((wd1_u0.y >> 16u)), xu0_0_0_0.w, fmaf(kf_f16_to_f32(wd1_u0.y), xu0_0_0_0.z, fmaf(kf_f16_to_f32((wd1_u0.x >> 16u)), xu0_0_0_0.y, fmaf(kf_f16_to_f32(wd1_u0.x), xu0_0_0_0.x, ad_1_0))))))));
        const float4 xu1_0_0_0 = (*(const float4*)(&moe_hidden[((j * 768) + (((k_step + lane) + 128) * 8))]));
        const float4 xu1_0_0_4 = (*(const float4*)(&moe_hidden[(((j * 768) + (((k_step + lane) + 128) * 8)) + 4)]));
        ad_0_0 = fmaf(kf_f16_to_f32((wd0_u1.w >> 16u)), xu1_0_0_4.w, fmaf(kf_f16_to_f32(wd0_u1.w), xu1_0_0_4.z, fmaf(kf_f16_to_f32((wd0_u1.z >> 16u)), xu1_0_0_4.y, fmaf(kf_f16_to_f32(wd0_u1.z), xu1_0_0_4.x, fmaf(kf_f16_to_f32((wd0_u1.y >> 16u)), xu1_0_0_0.w, fmaf(kf_f16_to_f32(wd0_u1.y), xu1_0_0_0.z, fmaf(kf_f16_to_f32((wd0_u1.x >> 16u)), xu1_0_0_0.y, fmaf(kf_f16_to_f32(wd0_u1.x), xu1_0_0_0.x, ad_0_0))))))));
        ad_1_0 = fmaf(kf_f16_to_f32((wd1_u1.w >> 16u)), xu1_0_0_4.w, fmaf(kf_f16_to_f32(wd1_u1.w), xu1_0_0_4.z, fmaf(kf_f16_to_f32((wd1_u1.z >> 16u)), xu1_0_0_4.y, fmaf(kf_f16_to_f32(wd1_u1.z), xu1_0_0_4.x, fmaf(kf_f16_to_f32((wd1_u1.y >> 16u)), xu1_0_0_0.w, fmaf(kf_f16_to_f32(wd1_u1.y), xu1_0_0_0.z, fmaf(kf_f16_to_f32((wd1_u1.x >> 16u)), xu1_0_0_0.y, fmaf(kf_f16_to_f32(wd1_u1.x), xu1_0_0_0.x, ad_1_0))))))));
      }
      for (int chunk = (chunks_main + lane); chunk < chunks; chunk += 128) {
        const uint4 wd0_t0 = (*(const uint4*)(&w_down[(((((e * 2048) + nr_0) * 768) + (chunk * 8)) >> 1)]));
        const uint4 wd1_t0 = (*(const uint4*)(&w_down[(((((e * 2048) + nr_1) * 768) + (chunk * 8)) >> 1)]));
        const float4 xt0_0_0_0 = (*(const float4*)(&moe_hidden[((j * 768) + (chunk * 8))]));
        const float4 xt0_0_0_4 = (*(const float4*)(&moe_hidden[(((j * 768) + (chunk * 8)) + 4)]));
        ad_0_0 = fmaf(kf_f16_to_f32((wd0_t0.w >> 16u)), xt0_0_0_4.w, fmaf(kf_f16_to_f32(wd0_t0.w), xt0_0_0_4.z, fmaf(kf_f16_to_f32((wd0_t0.z >> 16u)), xt0_0_0_4.y, fmaf(kf_f16_to_f32(wd0_t0.z), xt0_0_0_4.x, fmaf(kf_f16_to_f32((wd0_t0.y >> 16u)), xt0_0_0_0.w, fmaf(kf_f16_to_f32(wd0_t0.y), xt0_0_0_0.z, fmaf(kf_f16_to_f32((wd0_t0.x >> 16u)), xt0_0_0_0.y, fmaf(kf_f16_to_f32(wd0_t0.x), xt0_0_0_0.x, ad_0_0))))))));
        ad_1_0 = fmaf(kf_f16_to_f32((wd1_t0.w >> 16u)), xt0_0_0_4.w, fmaf(kf_f16_to_f32(wd1_t0.w), xt0_0_0_4.z, fmaf(kf_f16_to_f32((wd1_t0.z >> 16u)), xt0_0_0_4.y, fmaf(kf_f16_to_f32(wd1_t0.z), xt0_0_0_4.x, fmaf(kf_f16_to_f32((wd1_t0.y >> 16u)), xt0_0_0_0.w, fmaf(kf_f16_to_f32(wd1_t0.y), xt0_0_0_0.z, fmaf(kf_f16_to_f32((wd1_t0.x >> 16u)), xt0_0_0_0.y, fmaf(kf_f16_to_f32(wd1_t0.x), xt0_0_0_0.x, ad_1_0))))))));
      }
      ay_0 = fmaf(ad_0_0, rw, ay_0);
      ay_1 = fmaf(ad_1_0, rw, ay_1);
    }
  }
  const int sg_lane = ((int)threadIdx.x & 31);
  const int sg_index = (tid / 32);
  const bool sg_up16 = ((sg_lane & 16) != 0);
  const float sg_r16_0 = ((sg_up16 ? ay_1 : ay_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ay_0 : ay_1), 16));
  float sg_total = sg_r16_0;
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 8));
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 4));
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 2));
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 1));
  if ((sg_lane & 15) == 0) {
    red[((((sg_lane >> 4) & 1) * 16) + sg_index)] = sg_total;
  }
  __syncthreads();
  for (int o = tid; o < 2; o += 512) {
    float total = 0.0f;
    for (int sg = 0; sg < 16; sg++) {
      total = (total + red[((o * 16) + sg)]);
    }
    const int n = (n0 + o);
    if ((n < 2048) && (t < T)) {
      y[((t * 2048) + n)] = total;
    }
  }
}
