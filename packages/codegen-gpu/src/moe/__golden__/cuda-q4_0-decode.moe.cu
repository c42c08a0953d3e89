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

extern "C" __global__ void __launch_bounds__(64) moe_gate_up(const float* __restrict__ x, const unsigned int* __restrict__ w_gate, const unsigned int* __restrict__ w_up, const int* moe_ids, float* moe_hidden, int T) {
  kf_launch_dependents();
  kf_wait_previous_grid();
  // moe gate_up q4_0: 8 rows of gate and up per workgroup, 1 tokens per pass, 64 threads, 16-byte loads, unroll 1
  __shared__ float red[32];
  for (int slot = (int)blockIdx.y; slot < (T * 8); slot += (int)gridDim.y) {
    const int tid = (int)threadIdx.x;
    const int n0 = ((int)blockIdx.x * 8);
    const int id = moe_ids[slot];
    const int e = max(min(id, 127), 0);
    const int off = slot;
    const int cnt = (((id >= 0) && (id < 128)) ? 1 : 0);
    const int nr_0 = min((n0 + 0), 767);
    const int nr_1 = min((n0 + 1), 767);
    const int nr_2 = min((n0 + 2), 767);
    const int nr_3 = min((n0 + 3), 767);
    const int nr_4 = min((n0 + 4), 767);
    const int nr_5 = min((n0 + 5), 767);
    const int nr_6 = min((n0 + 6), 767);
    const int nr_7 = min((n0 + 7), 767);
    for (int mt = 0; mt < 1; mt++) {
      const int j_0 = (off + max(min((mt + 0), (cnt - 1)), 0));
      float ag_0_0 = 0.0f;
      float ag_1_0 = 0.0f;
      float ag_2_0 = 0.0f;
      float ag_3_0 = 0.0f;
      float ag_4_0 = 0.0f;
      float ag_5_0 = 0.0f;
      float ag_6_0 = 0.0f;
      float ag_7_0 = 0.0f;
      float au_0_0 = 0.0f;
      float au_1_0 = 0.0f;
      float au_2_0 = 0.0f;
      float au_3_0 = 0.0f;
      float au_4_0 = 0.0f;
      float au_5_0 = 0.0f;
      float au_6_0 = 0.0f;
      float au_7_0 = 0.0f;
      if (mt < cnt) {
        const int xr_0 = ((j_0 / 8) * 2048);
        const int chunks = ((2048 / 32) * 1);
        for (int chunk = tid; chunk < chunks; chunk += 64) {
          const int wg0_t0_b = chunk;
          const int wg0_t0_o = (((((e * 768) + nr_0) * (2048 / 32)) + wg0_t0_b) * 18);
          const int wg0_t0_w0 = (wg0_t0_o >> 2);
          const unsigned int wg0_t0_s = ((unsigned int)((wg0_t0_o & 2) * 8));
          const unsigned int wg0_t0_r0 = w_gate[wg0_t0_w0];
          const unsigned int wg0_t0_r1 = w_gate[(wg0_t0_w0 + 1)];
          const unsigned int wg0_t0_r2 = w_gate[(wg0_t0_w0 + 2)];
          const unsigned int wg0_t0_r3 = w_gate[(wg0_t0_w0 + 3)];
          const unsigned int wg0_t0_r4 = w_gate[(wg0_t0_w0 + 4)];
          const unsigned int wg0_t00 = __funnelshift_rc(wg0_t0_r0, wg0_t0_r1, (wg0_t0_s + 16u));
          const unsigned int wg0_t01 = __funnelshift_rc(wg0_t0_r1, wg0_t0_r2, (wg0_t0_s + 16u));
          const unsigned int wg0_t02 = __funnelshift_rc(wg0_t0_r2, wg0_t0_r3, (wg0_t0_s + 16u));
          const unsigned int wg0_t03 = __funnelshift_rc(wg0_t0_r3, wg0_t0_r4, (wg0_t0_s + 16u));
          const float wg0_t0_d = kf_f16_to_f32((wg0_t0_r0 >> wg0_t0_s));
          const int wg1_t0_b = chunk;
          const int wg1_t0_o = (((((e * 768) + nr_1) * (2048 / 32)) + wg1_t0_b) * 18);
          const int wg1_t0_w0 = (wg1_t0_o >> 2);
          const unsigned int wg1_t0_s = ((unsigned int)((wg1_t0_o & 2) * 8));
          const unsigned int wg1_t0_r0 = w_gate[wg1_t0_w0];
          const unsigned int wg1_t0_r1 = w_gate[(wg1_t0_w0 + 1)];
          const unsigned int wg1_t0_r2 = w_gate[(wg1_t0_w0 + 2)];
          const unsigned int wg1_t0_r3 = w_gate[(wg1_t0_w0 + 3)];
          const unsigned int wg1_t0_r4 = w_gate[(wg1_t0_w0 + 4)];
          const unsigned int wg1_t00 = __funnelshift_rc(wg1_t0_r0, wg1_t0_r1, (wg1_t0_s + 16u));
          const unsigned int wg1_t01 = __funnelshift_rc(wg1_t0_r1, wg1_t0_r2, (wg1_t0_s + 16u));
          const unsigned int wg1_t02 = __funnelshift_rc(wg1_t0_r2, wg1_t0_r3, (wg1_t0_s + 16u));
          const unsigned int wg1_t03 = __funnelshift_rc(wg1_t0_r3, wg1_t0_r4, (wg1_t0_s + 16u));
          const float wg1_t0_d = kf_f16_to_f32((wg1_t0_r0 >> wg1_t0_s));
          const int wg2_t0_b = chunk;
          const int wg2_t0_o = (((((e * 768) + nr_2) * (2048 / 32)) + wg2_t0_b) * 18);
          const int wg2_t0_w0 = (wg2_t0_o >> 2);
          const unsigned int wg2_t0_s = ((unsigned int)((wg2_t0_o & 2) * 8));
          const unsigned int wg2_t0_r0 = w_gate[wg2_t0_w0];
          const unsigned int wg2_t0_r1 = w_gate[(wg2_t0_w0 + 1)];
          const unsigned int wg2_t0_r2 = w_gate[(wg2_t0_w0 + 2)];
          const unsigned int wg2_t0_r3 = w_gate[(wg2_t0_w0 + 3)];
          const unsigned int wg2_t0_r4 = w_gate[(wg2_t0_w0 + 4)];
          const unsigned int wg2_t00 = __funnelshift_rc(wg2_t0_r0, wg2_t0_r1, (wg2_t0_s + 16u));
          const unsigned int wg2_t01 = __funnelshift_rc(wg2_t0_r1, wg2_t0_r2, (wg2_t0_s + 16u));
          const unsigned int wg2_t02 = __funnelshift_rc(wg2_t0_r2, wg2_t0_r3, (wg2_t0_s + 16u));
          const unsigned int wg2_t03 = __funnelshift_rc(wg2_t0_r3, wg2_t0_r4, (wg2_t0_s + 16u));
          const float wg2_t0_d = kf_f16_to_f32((wg2_t0_r0 >> wg2_t0_s));
          const int wg3_t0_b = chunk;
          const int wg3_t0_o = (((((e * 768) + nr_3) * (2048 / 32)) + wg3_t0_b) * 18);
          const int wg3_t0_w0 = (wg3_t0_o >> 2);
          const unsigned int wg3_t0_s = ((unsigned int)((wg3_t0_o & 2) * 8));
          const unsigned int wg3_t0_r0 = w_gate[wg3_t0_w0];
          const unsigned int wg3_t0_r1 = w_gate[(wg3_t0_w0 + 1)];
          const unsigned int wg3_t0_r2 = w_gate[(wg3_t0_w0 + 2)];
          const unsigned int wg3_t0_r3 = w_gate[(wg3_t0_w0 + 3)];
          const unsigned int wg3_t0_r4 = w_gate[(wg3_t0_w0 + 4)];
          const unsigned int wg3_t00 = __funnelshift_rc(wg3_t0_r0, wg3_t0_r1, (wg3_t0_s + 16u));
          const unsigned int wg3_t01 = __funnelshift_rc(wg3_t0_r1, wg3_t0_r2, (wg3_t0_s + 16u));
          const unsigned int wg3_t02 = __funnelshift_rc(wg3_t0_r2, wg3_t0_r3, (wg3_t0_s + 16u));
          const unsigned int wg3_t03 = __funnelshift_rc(wg3_t0_r3, wg3_t0_r4, (wg3_t0_s + 16u));
          const float wg3_t0_d = kf_f16_to_f32((wg3_t0_r0 >> wg3_t0_s));
          const int wg4_t0_b = chunk;
          const int wg4_t0_o = (((((e * 768) + nr_4) * (2048 / 32)) + wg4_t0_b) * 18);
          const int wg4_t0_w0 = (wg4_t0_o >> 2);
          const unsigned int wg4_t0_s = ((unsigned int)((wg4_t0_o & 2) * 8));
          const unsigned int wg4_t0_r0 = w_gate[wg4_t0_w0];
          const unsigned int wg4_t0_r1 = w_gate[(wg4_t0_w0 + 1)];
          const unsigned int wg4_t0_r2 = w_gate[(wg4_t0_w0 + 2)];
          const unsigned int wg4_t0_r3 = w_gate[(wg4_t0_w0 + 3)];
          const unsigned int wg4_t0_r4 = w_gate[(wg4_t0_w0 + 4)];
          const unsigned int wg4_t00 = __funnelshift_rc(wg4_t0_r0, wg4_t0_r1, (wg4_t0_s + 16u));
          const unsigned int wg4_t01 = __funnelshift_rc(wg4_t0_r1, wg4_t0_r2, (wg4_t0_s + 16u));
          const unsigned int wg4_t02 = __funnelshift_rc(wg4_t0_r2, wg4_t0_r3, (wg4_t0_s + 16u));
          const unsigned int wg4_t03 = __funnelshift_rc(wg4_t0_r3, wg4_t0_r4, (wg4_t0_s + 16u));
          const float wg4_t0_d = kf_f16_to_f32((wg4_t0_r0 >> wg4_t0_s));
          const int wg5_t0_b = chunk;
          const int wg5_t0_o = (((((e * 768) + nr_5) * (2048 / 32)) + wg5_t0_b) * 18);
          const int wg5_t0_w0 = (wg5_t0_o >> 2);
          const unsigned int wg5_t0_s = ((unsigned int)((wg5_t0_o & 2) * 8));
          const unsigned int wg5_t0_r0 = w_gate[wg5_t0_w0];
          const unsigned int wg5_t0_r1 = w_gate[(wg5_t0_w0 + 1)];
          const unsigned int wg5_t0_r2 = w_gate[(wg5_t0_w0 + 2)];
          const unsigned int wg5_t0_r3 = w_gate[(wg5_t0_w0 + 3)];
          const unsigned int wg5_t0_r4 = w_gate[(wg5_t0_w0 + 4)];
          const unsigned int wg5_t00 = __funnelshift_rc(wg5_t0_r0, wg5_t0_r1, (wg5_t0_s + 16u));
          const unsigned int wg5_t01 = __funnelshift_rc(wg5_t0_r1, wg5_t0_r2, (wg5_t0_s + 16u));
          const unsigned int wg5_t02 = __funnelshift_rc(wg5_t0_r2, wg5_t0_r3, (wg5_t0_s + 16u));
          const unsigned int wg5_t03 = __funnelshift_rc(wg5_t0_r3, wg5_t0_r4, (wg5_t0_s + 16u));
          const float wg5_t0_d = kf_f16_to_f32((wg5_t0_r0 >> wg5_t0_s));
          const int wg6_t0_b = chunk;
          const int wg6_t0_o = (((((e * 768) + nr_6) * (2048 / 32)) + wg6_t0_b) * 18);
          const int wg6_t0_w0 = (wg6_t0_o >> 2);
          const unsigned int wg6_t0_s = ((unsigned int)((wg6_t0_o & 2) * 8));
          const unsigned int wg6_t0_r0 = w_gate[wg6_t0_w0];
          const unsigned int wg6_t0_r1 = w_gate[(wg6_t0_w0 + 1)];
          const unsigned int wg6_t0_r2 = w_gate[(wg6_t0_w0 + 2)];
          const unsigned int wg6_t0_r3 = w_gate[(wg6_t0_w0 + 3)];
          const unsigned int wg6_t0_r4 = w_gate[(wg6_t0_w0 + 4)];
          const unsigned int wg6_t00 = __funnelshift_rc(wg6_t0_r0, wg6_t0_r1, (wg6_t0_s + 16u));
          const unsigned int wg6_t01 = __funnelshift_rc(wg6_t0_r1, wg6_t0_r2, (wg6_t0_s + 16u));
          const unsigned int wg6_t02 = __funnelshift_rc(wg6_t0_r2, wg6_t0_r3, (wg6_t0_s + 16u));
          const unsigned int wg6_t03 = __funnelshift_rc(wg6_t0_r3, wg6_t0_r4, (wg6_t0_s + 16u));
          const float wg6_t0_d = kf_f16_to_f32((wg6_t0_r0 >> wg6_t0_s));
          const int wg7_t0_b = chunk;
          const int wg7_t0_o = (((((e * 768) + nr_7) * (2048 / 32)) + wg7_t0_b) * 18);
          const int wg7_t0_w0 = (wg7_t0_o >> 2);
          const unsigned int wg7_t0_s = ((unsigned int)((wg7_t0_o & 2) * 8));
          const unsigned int wg7_t0_r0 = w_gate[wg7_t0_w0];
          const unsigned int wg7_t0_r1 = w_gate[(wg7_t0_w0 + 1)];
          const unsigned int wg7_t0_r2 = w_gate[(wg7_t0_w0 + 2)];
          const unsigned int wg7_t0_r3 = w_gate[(wg7_t0_w0 + 3)];
          const unsigned int wg7_t0_r4 = w_gate[(wg7_t0_w0 + 4)];
          const unsigned int wg7_t00 = __funnelshift_rc(wg7_t0_r0, wg7_t0_r1, (wg7_t0_s + 16u));
          const unsigned int wg7_t01 = __funnelshift_rc(wg7_t0_r1, wg7_t0_r2, (wg7_t0_s + 16u));
          const unsigned int wg7_t02 = __funnelshift_rc(wg7_t0_r2, wg7_t0_r3, (wg7_t0_s + 16u));
          const unsigned int wg7_t03 = __funnelshift_rc(wg7_t0_r3, wg7_t0_r4, (wg7_t0_s + 16u));
          const float wg7_t0_d = kf_f16_to_f32((wg7_t0_r0 >> wg7_t0_s));
          const int wu0_t0_b = chunk;
          const int wu0_t0_o = (((((e * 768) + nr_0) * (2048 / 32)) + wu0_t0_b) * 18);
          const int wu0_t0_w0 = (wu0_t0_o >> 2);
          const unsigned int wu0_t0_s = ((unsigned int)((wu0_t0_o & 2) * 8));
          const unsigned int wu0_t0_r0 = w_up[wu0_t0_w0];
          const unsigned int wu0_t0_r1 = w_up[(wu0_t0_w0 + 1)];
          const unsigned int wu0_t0_r2 = w_up[(wu0_t0_w0 + 2)];
          const unsigned int wu0_t0_r3 = w_up[(wu0_t0_w0 + 3)];
          const unsigned int wu0_t0_r4 = w_up[(wu0_t0_w0 + 4)];
          const unsigned int wu0_t00 = __funnelshift_rc(wu0_t0_r0, wu0_t0_r1, (wu0_t0_s + 16u));
          const unsigned int wu0_t01 = __funnelshift_rc(wu0_t0_r1, wu0_t0_r2, (wu0_t0_s + 16u));
          const unsigned int wu0_t02 = __funnelshift_rc(wu0_t0_r2, wu0_t0_r3, (wu0_t0_s + 16u));
          const unsigned int wu0_t03 = __funnelshift_rc(wu0_t0_r3, wu0_t0_r4, (wu0_t0_s + 16u));
          const float wu0_t0_d = kf_f16_to_f32((wu0_t0_r0 >> wu0_t0_s));
          const int wu1_t0_b = chunk;
          const int wu1_t0_o = (((((e * 768) + nr_1) * (2048 / 32)) + wu1_t0_b) * 18);
          const int wu1_t0_w0 = (wu1_t0_o >> 2);
          const unsigned int wu1_t0_s = ((unsigned int)((wu1_t0_o & 2) * 8));
          const unsigned int wu1_t0_r0 = w_up[wu1_t0_w0];
          const unsigned int wu1_t0_r1 = w_up[(wu1_t0_w0 + 1)];
          const unsigned int wu1_t0_r2 = w_up[(wu1_t0_w0 + 2)];
          const unsigned int wu1_t0_r3 = w_up[(wu1_t0_w0 + 3)];
          const unsigned int wu1_t0_r4 = w_up[(wu1_t0_w0 + 4)];
          const unsigned int wu1_t00 = __funnelshift_rc(wu1_t0_r0, wu1_t0_r1, (wu1_t0_s + 16u));
          const unsigned int wu1_t01 = __funnelshift_rc(wu1_t0_r1, wu1_t0_r2, (wu1_t0_s + 16u));
          const unsigned int wu1_t02 = __funnelshift_rc(wu1_t0_r2, wu1_t0_r3, (wu1_t0_s + 16u));
          const unsigned int wu1_t03 = __funnelshift_rc(wu1_t0_r3, wu1_t0_r4, (wu1_t0_s + 16u));
          const float wu1_t0_d = kf_f16_to_f32((wu1_t0_r0 >> wu1_t0_s));
          const int wu2_t0_b = chunk;
          const int wu2_t0_o = (((((e * 768) + nr_2) * (2048 / 32)) + wu2_t0_b) * 18);
          const int wu2_t0_w0 = (wu2_t0_o >> 2);
          const unsigned int wu2_t0_s = ((unsigned int)((wu2_t0_o & 2) * 8));
          const unsigned int wu2_t0_r0 = w_up[wu2_t0_w0];
          const unsigned int wu2_t0_r1 = w_up[(wu2_t0_w0 + 1)];
          const unsigned int wu2_t0_r2 = w_up[(wu2_t0_w0 + 2)];
          const unsigned int wu2_t0_r3 = w_up[(wu2_t0_w0 + 3)];
          const unsigned int wu2_t0_r4 = w_up[(wu2_t0_w0 + 4)];
          const unsigned int wu2_t00 = __funnelshift_rc(wu2_t0_r0, wu2_t0_r1, (wu2_t0_s + 16u));
          const unsigned int wu2_t01 = __funnelshift_rc(wu2_t0_r1, wu2_t0_r2, (wu2_t0_s + 16u));
          const unsigned int wu2_t02 = __funnelshift_rc(wu2_t0_r2, wu2_t0_r3, (wu2_t0_s + 16u));
          const unsigned int wu2_t03 = __funnelshift_rc(wu2_t0_r3, wu2_t0_r4, (wu2_t0_s + 16u));
          const float wu2_t0_d = kf_f16_to_f32((wu2_t0_r0 >> wu2_t0_s));
          const int wu3_t0_b = chunk;
          const int wu3_t0_o = (((((e * 768) + nr_3) * (2048 / 32)) + wu3_t0_b) * 18);
          const int wu3_t0_w0 = (wu3_t0_o >> 2);
          const unsigned int wu3_t0_s = ((unsigned int)((wu3_t0_o & 2) * 8));
          const unsigned int wu3_t0_r0 = w_up[wu3_t0_w0];
          const unsigned int wu3_t0_r1 = w_up[(wu3_t0_w0 + 1)];
          const unsigned int wu3_t0_r2 = w_up[(wu3_t0_w0 + 2)];
          const unsigned int wu3_t0_r3 = w_up[(wu3_t0_w0 + 3)];
          const unsigned int wu3_t0_r4 = w_up[(wu3_t0_w0 + 4)];
          const unsigned int wu3_t00 = __funnelshift_rc(wu3_t0_r0, wu3_t0_r1, (wu3_t0_s + 16u));
          const unsigned int wu3_t01 = __funnelshift_rc(wu3_t0_r1, wu3_t0_r2, (wu3_t0_s + 16u));
          const unsigned int wu3_t02 = __funnelshift_rc(wu3_t0_r2, wu3_t0_r3, (wu3_t0_s + 16u));
          const unsigned int wu3_t03 = __funnelshift_rc(wu3_t0_r3, wu3_t0_r4, (wu3_t0_s + 16u));
          const float wu3_t0_d = kf_f16_to_f32((wu3_t0_r0 >> wu3_t0_s));
          const int wu4_t0_b = chunk;
          const int wu4_t0_o = (((((e * 768) + nr_4) * (2048 / 32)) + wu4_t0_b) * 18);
          const int wu4_t0_w0 = (wu4_t0_o >> 2);
          const unsigned int wu4_t0_s = ((unsigned int)((wu4_t0_o & 2) * 8));
          const unsigned int wu4_t0_r0 = w_up[wu4_t0_w0];
          const unsigned int wu4_t0_r1 = w_up[(wu4_t0_w0 + 1)];
          const unsigned int wu4_t0_r2 = w_up[(wu4_t0_w0 + 2)];
          const unsigned int wu4_t0_r3 = w_up[(wu4_t0_w0 + 3)];
          const unsigned int wu4_t0_r4 = w_up[(wu4_t0_w0 + 4)];
          const unsigned int wu4_t00 = __funnelshift_rc(wu4_t0_r0, wu4_t0_r1, (wu4_t0_s + 16u));
          const unsigned int wu4_t01 = __funnelshift_rc(wu4_t0_r1, wu4_t0_r2, (wu4_t0_s + 16u));
          const unsigned int wu4_t02 = __funnelshift_rc(wu4_t0_r2, wu4_t0_r3, (wu4_t0_s + 16u));
          const unsigned int wu4_t03 = __funnelshift_rc(wu4_t0_r3, wu4_t0_r4, (wu4_t0_s + 16u));
          const float wu4_t0_d = kf_f16_to_f32((wu4_t0_r0 >> wu4_t0_s));
          const int wu5_t0_b = chunk;
          const int wu5_t0_o = (((((e * 768) + nr_5) * (2048 / 32)) + wu5_t0_b) * 18);
          const int wu5_t0_w0 = (wu5_t0_o >> 2);
          const unsigned int wu5_t0_s = ((unsigned int)((wu5_t0_o & 2) * 8));
          const unsigned int wu5_t0_r0 = w_up[wu5_t0_w0];
          const unsigned int wu5_t0_r1 = w_up[(wu5_t0_w0 + 1)];
          const unsigned int wu5_t0_r2 = w_up[(wu5_t0_w0 + 2)];
          const unsigned int wu5_t0_r3 = w_up[(wu5_t0_w0 + 3)];
          const unsigned int wu5_t0_r4 = w_up[(wu5_t0_w0 + 4)];
          const unsigned int wu5_t00 = __funnelshift_rc(wu5_t0_r0, wu5_t0_r1, (wu5_t0_s + 16u));
          const unsigned int wu5_t01 = __funnelshift_rc(wu5_t0_r1, wu5_t0_r2, (wu5_t0_s + 16u));
          const unsigned int wu5_t02 = __funnelshift_rc(wu5_t0_r2, wu5_t0_r3, (wu5_t0_s + 16u));
          const unsigned int wu5_t03 = __funnelshift_rc(wu5_t0_r3, wu5_t0_r4, (wu5_t0_s + 16u));
          const float wu5_t0_d = kf_f16_to_f32((wu5_t0_r0 >> wu5_t0_s));
          const int wu6_t0_b = chunk;
          const int wu6_t0_o = (((((e * 768) + nr_6) * (2048 / 32)) + wu6_t0_b) * 18);
          const int wu6_t0_w0 = (wu6_t0_o >> 2);
          const unsigned int wu6_t0_s = ((unsigned int)((wu6_t0_o & 2) * 8));
          const unsigned int wu6_t0_r0 = w_up[wu6_t0_w0];
          const unsigned int wu6_t0_r1 = w_up[(wu6_t0_w0 + 1)];
          const unsigned int wu6_t0_r2 = w_up[(wu6_t0_w0 + 2)];
          const unsigned int wu6_t0_r3 = w_up[(wu6_t0_w0 + 3)];
          const unsigned int wu6_t0_r4 = w_up[(wu6_t0_w0 + 4)];
          const unsigned int wu6_t00 = __funnelshift_rc(wu6_t0_r0, wu6_t0_r1, (wu6_t0_s + 16u));
          const unsigned int wu6_t01 = __funnelshift_rc(wu6_t0_r1, wu6_t0_r2, (wu6_t0_s + 16u));
          const unsigned int wu6_t02 = __funnelshift_rc(wu6_t0_r2, wu6_t0_r3, (wu6_t0_s + 16u));
          const unsigned int wu6_t03 = __funnelshift_rc(wu6_t0_r3, wu6_t0_r4, (wu6_t0_s + 16u));
          const float wu6_t0_d = kf_f16_to_f32((wu6_t0_r0 >> wu6_t0_s));
          const int wu7_t0_b = chunk;
          const int wu7_t0_o = (((((e * 768) + nr_7) * (2048 / 32)) + wu7_t0_b) * 18);
          const int wu7_t0_w0 = (wu7_t0_o >> 2);
          const unsigned int wu7_t0_s = ((unsigned int)((wu7_t0_o & 2) * 8));
          const unsigned int wu7_t0_r0 = w_up[wu7_t0_w0];
          const unsigned int wu7_t0_r1 = w_up[(wu7_t0_w0 + 1)];
          const unsigned int wu7_t0_r2 = w_up[(wu7_t0_w0 + 2)];
          const unsigned int wu7_t0_r3 = w_up[(wu7_t0_w0 + 3)];
          const unsigned int wu7_t0_r4 = w_up[(wu7_t0_w0 + 4)];
          const unsigned int wu7_t00 = __funnelshift_rc(wu7_t0_r0, wu7_t0_r1, (wu7_t0_s + 16u));
          const unsigned int wu7_t01 = __funnelshift_rc(wu7_t0_r1, wu7_t0_r2, (wu7_t0_s + 16u));
          const unsigned int wu7_t02 = __funnelshift_rc(wu7_t0_r2, wu7_t0_r3, (wu7_t0_s + 16u));
          const unsigned int wu7_t03 = __funnelshift_rc(wu7_t0_r3, wu7_t0_r4, (wu7_t0_s + 16u));
          const float wu7_t0_d = kf_f16_to_f32((wu7_t0_r0 >> wu7_t0_s));
          const float4 xt0_0_xv_0 = (*(const float4*)(&x[(((xr_0 + (chunk * 32)) >> 5) * 32)]));
          const float4 xt0_0_xv_1 = (*(const float4*)(&x[((((xr_0 + (chunk * 32)) >> 5) * 32) + 4)]));
          const float4 xt0_0_xv_2 = (*(const float4*)(&x[((((xr_0 + (chunk * 32)) >> 5) * 32) + 8)]));
          const float4 xt0_0_xv_3 = (*(const float4*)(&x[((((xr_0 + (chunk * 32)) >> 5) * 32) + 12)]));
          const float4 xt0_0_xv_4 = (*(const float4*)(&x[((((xr_0 + (chunk * 32)) >> 5) * 32) + 16)]));
          const float4 xt0_0_xv_5 = (*(const float4*)(&x[((((xr_0 + (chunk * 32)) >> 5) * 32) + 20)]));
          const float4 xt0_0_xv_6 = (*(const float4*)(&x[((((xr_0 + (chunk * 32)) >> 5) * 32) + 24)]));
          const float4 xt0_0_xv_7 = (*(const float4*)(&x[((((xr_0 + (chunk * 32)) >> 5) * 32) + 28)]));
          const float xt0_0_amax = fmaxf(fmaxf(fmaxf(fmaxf(fmaxf(fabsf(xt0_0_xv_0.x), fabsf(xt0_0_xv_0.y)), fmaxf(fabsf(xt0_0_xv_0.z), fabsf(xt0_0_xv_0.w))), fmaxf(fmaxf(fabsf(xt0_0_xv_1.x), fabsf(xt0_0_xv_1.y)), fmaxf(fabsf(xt0_0_xv_1.z), fabsf(xt0_0_xv_1.w)))), fmaxf(fmaxf(fmaxf(fabsf(xt0_0_xv_2.x), fabsf(xt0_0_xv_2.y)), fmaxf(fabsf(xt0_0_xv_2.z), fabsf(xt0_0_xv_2.w))), fmaxf(fmaxf(fabsf(xt0_0_xv_3.x), fabsf(xt0_0_xv_3.y)), fmaxf(fabsf(xt0_0_xv_3.z), fabsf(xt0_0_xv_3.w))))), fmaxf(fmaxf(fmaxf(fmaxf(fabsf(xt0_0_xv_4.x), fabsf(xt0_0_xv_4.y)), fmaxf(fabsf(xt0_0_xv_4.z), fabsf(xt0_0_xv_4.w))), fmaxf(fmaxf(fabsf(xt0_0_xv_5.x), fabsf(xt0_0_xv_5.y)), fmaxf(fabsf(xt0_0_xv_5.z), fabsf(xt0_0_xv_5.w)))), fmaxf(fmaxf(fmaxf(fabsf(xt0_0_xv_6.x), fabsf(xt0_0_xv_6.y)), fmaxf(fabsf(xt0_0_xv_6.z), fabsf(xt0_0_xv_6.w))), fmaxf(fmaxf(fabsf(xt0_0_xv_7.x), fabsf(xt0_0_xv_7.y)), fmaxf(fabsf(xt0_0_xv_7.z), fabsf(xt0_0_xv_7.w))))));
          const float xt0_0_d = (xt0_0_amax / 127.0f);
          const float xt0_0_id = ((xt0_0_d != 0.0f) ? (1.0f / xt0_0_d) : 0.0f);
          const float xt0_0_v0 = xt0_0_xv_0.x;
          const unsigned int xt0_0_b0 = __float_as_uint(fmaf(xt0_0_v0, xt0_0_id, 12582912.0f));
          const float xt0_0_v1 = xt0_0_xv_0.y;
          const unsigned int xt0_0_b1 = __float_as_uint(fmaf(xt0_0_v1, xt0_0_id, 12582912.0f));
          const float xt0_0_v2 = xt0_0_xv_0.z;
          const unsigned int xt0_0_b2 = __float_as_uint(fmaf(xt0_0_v2, xt0_0_id, 12582912.0f));
          const float xt0_0_v3 = xt0_0_xv_0.w;
          const unsigned int xt0_0_b3 = __float_as_uint(fmaf(xt0_0_v3, xt0_0_id, 12582912.0f));
          const float xt0_0_v4 = xt0_0_xv_1.x;
          const unsigned int xt0_0_b4 = __float_as_uint(fmaf(xt0_0_v4, xt0_0_id, 12582912.0f));
          const float xt0_0_v5 = xt0_0_xv_1.y;
          const unsigned int xt0_0_b5 = __float_as_uint(fmaf(xt0_0_v5, xt0_0_id, 12582912.0f));
          const float xt0_0_v6 = xt0_0_xv_1.z;
          const unsigned int xt0_0_b6 = __float_as_uint(fmaf(xt0_0_v6, xt0_0_id, 12582912.0f));
          const float xt0_0_v7 = xt0_0_xv_1.w;
          const unsigned int xt0_0_b7 = __float_as_uint(fmaf(xt0_0_v7, xt0_0_id, 12582912.0f));
          const float xt0_0_v8 = xt0_0_xv_2.x;
          const unsigned int xt0_0_b8 = __float_as_uint(fmaf(xt0_0_v8, xt0_0_id, 12582912.0f));
          const float xt0_0_v9 = xt0_0_xv_2.y;
          const unsigned int xt0_0_b9 = __float_as_uint(fmaf(xt0_0_v9, xt0_0_id, 12582912.0f));
          const float xt0_0_v10 = xt0_0_xv_2.z;
          const unsigned int xt0_0_b10 = __float_as_uint(fmaf(xt0_0_v10, xt0_0_id, 12582912.0f));
          const float xt0_0_v11 = xt0_0_xv_2.w;
          const unsigned int xt0_0_b11 = __float_as_uint(fmaf(xt0_0_v11, xt0_0_id, 12582912.0f));
          const float xt0_0_v12 = xt0_0_xv_3.x;
          const unsigned int xt0_0_b12 = __float_as_uint(fmaf(xt0_0_v12, xt0_0_id, 12582912.0f));
          const float xt0_0_v13 = xt0_0_xv_3.y;
          const unsigned int xt0_0_b13 = __float_as_uint(fmaf(xt0_0_v13, xt0_0_id, 12582912.0f));
          const float xt0_0_v14 = xt0_0_xv_3.z;
          const unsigned int xt0_0_b14 = __float_as_uint(fmaf(xt0_0_v14, xt0_0_id, 12582912.0f));
          const float xt0_0_v15 = xt0_0_xv_3.w;
          const unsigned int xt0_0_b15 = __float_as_uint(fmaf(xt0_0_v15, xt0_0_id, 12582912.0f));
          const float xt0_0_v16 = xt0_0_xv_4.x;
          const unsigned int xt0_0_b16 = __float_as_uint(fmaf(xt0_0_v16, xt0_0_id, 12582912.0f));
          const float xt0_0_v17 = xt0_0_xv_4.y;
          const unsigned int xt0_0_b17 = __float_as_uint(fmaf(xt0_0_v17, xt0_0_id, 12582912.0f));
          const float xt0_0_v18 = xt0_0_xv_4.z;
          const unsigned int xt0_0_b18 = __float_as_uint(fmaf(xt0_0_v18, xt0_0_id, 12582912.0f));
          const float xt0_0_v19 = xt0_0_xv_4.w;
          const unsigned int xt0_0_b19 = __float_as_uint(fmaf(xt0_0_v19, xt0_0_id, 12582912.0f));
          const float xt0_0_v20 = xt0_0_xv_5.x;
          const unsigned int xt0_0_b20 = __float_as_uint(fmaf(xt0_0_v20, xt0_0_id, 12582912.0f));
          const float xt0_0_v21 = xt0_0_xv_5.y;
          const unsigned int xt0_0_b21 = __float_as_uint(fmaf(xt0_0_v21, xt0_0_id, 12582912.0f));
          const float xt0_0_v22 = xt0_0_xv_5.z;
          const unsigned int xt0_0_b22 = __float_as_uint(fmaf(xt0_0_v22, xt0_0_id, 12582912.0f));
          const float xt0_0_v23 = xt0_0_xv_5.w;
          const unsigned int xt0_0_b23 = __float_as_uint(fmaf(xt0_0_v23, xt0_0_id, 12582912.0f));
          const float xt0_0_v24 = xt0_0_xv_6.x;
          const unsigned int xt0_0_b24 = __float_as_uint(fmaf(xt0_0_v24, xt0_0_id, 12582912.0f));
          const float xt0_0_v25 = xt0_0_xv_6.y;
          const unsigned int xt0_0_b25 = __float_as_uint(fmaf(xt0_0_v25, xt0_0_id, 12582912.0f));
          const float xt0_0_v26 = xt0_0_xv_6.z;
          const unsigned int xt0_0_b26 = __float_as_uint(fmaf(xt0_0_v26, xt0_0_id, 12582912.0f));
          const float xt0_0_v27 = xt0_0_xv_6.w;
          const unsigned int xt0_0_b27 = __float_as_uint(fmaf(xt0_0_v27, xt0_0_id, 12582912.0f));
          const float xt0_0_v28 = xt0_0_xv_7.x;
          const unsigned int xt0_0_b28 = __float_as_uint(fmaf(xt0_0_v28, xt0_0_id, 12582912.0f));
          const float xt0_0_v29 = xt0_0_xv_7.y;
          const unsigned int xt0_0_b29 = __float_as_uint(fmaf(xt0_0_v29, xt0_0_id, 12582912.0f));
          const float xt0_0_v30 = xt0_0_xv_7.z;
          const unsigned int xt0_0_b30 = __float_as_uint(fmaf(xt0_0_v30, xt0_0_id, 12582912.0f));
          const float xt0_0_v31 = xt0_0_xv_7.w;
          const unsigned int xt0_0_b31 = __float_as_uint(fmaf(xt0_0_v31, xt0_0_id, 12582912.0f));
          const unsigned int xt0_0_w0 = (((xt0_0_b0 & 255u) | ((xt0_0_b1 & 255u) << 8u)) | (((xt0_0_b2 & 255u) << 16u) | ((xt0_0_b3 & 255u) << 24u)));
          const unsigned int xt0_0_w1 = (((xt0_0_b4 & 255u) | ((xt0_0_b5 & 255u) << 8u)) | (((xt0_0_b6 & 255u) << 16u) | ((xt0_0_b7 & 255u) << 24u)));
          const unsigned int xt0_0_w2 = (((xt0_0_b8 & 255u) | ((xt0_0_b9 & 255u) << 8u)) | (((xt0_0_b10 & 255u) << 16u) | ((xt0_0_b11 & 255u) << 24u)));
          const unsigned int xt0_0_w3 = (((xt0_0_b12 & 255u) | ((xt0_0_b13 & 255u) << 8u)) | (((xt0_0_b14 & 255u) << 16u) | ((xt0_0_b15 & 255u) << 24u)));
          const unsigned int xt0_0_w4 = (((xt0_0_b16 & 255u) | ((xt0_0_b17 & 255u) << 8u)) | (((xt0_0_b18 & 255u) << 16u) | ((xt0_0_b19 & 255u) << 24u)));
          const unsigned int xt0_0_w5 = (((xt0_0_b20 & 255u) | ((xt0_0_b21 & 255u) << 8u)) | (((xt0_0_b22 & 255u) << 16u) | ((xt0_0_b23 & 255u) << 24u)));
          const unsigned int xt0_0_w6 = (((xt0_0_b24 & 255u) | ((xt0_0_b25 & 255u) << 8u)) | (((xt0_0_b26 & 255u) << 16u) | ((xt0_0_b27 & 255u) << 24u)));
          const unsigned int xt0_0_w7 = (((xt0_0_b28 & 255u) | ((xt0_0_b29 & 255u) << 8u)) | (((xt0_0_b30 & 255u) << 16u) | ((xt0_0_b31 & 255u) << 24u)));
          const int xot0_0_0 = (((xr_0 + (chunk * 32)) & 31) >> 2);
          const unsigned int xpt0_0_0_0 = ((xot0_0_0 == 4) ? xt0_0_w4 : xt0_0_w0);
          const unsigned int xpt0_0_0_1 = ((xot0_0_0 == 4) ? xt0_0_w5 : xt0_0_w1);
          const unsigned int xpt0_0_0_2 = ((xot0_0_0 == 4) ? xt0_0_w6 : xt0_0_w2);
          const unsigned int xpt0_0_0_3 = ((xot0_0_0 == 4) ? xt0_0_w7 : xt0_0_w3);
          const int xot0_0_1 = (((xr_0 + ((chunk * 32) + 16)) & 31) >> 2);
          const unsigned int xpt0_0_1_0 = ((xot0_0_1 == 4) ? xt0_0_w4 : xt0_0_w0);
          const unsigned int xpt0_0_1_1 = ((xot0_0_1 == 4) ? xt0_0_w5 : xt0_0_w1);
          const unsigned int xpt0_0_1_2 = ((xot0_0_1 == 4) ? xt0_0_w6 : xt0_0_w2);
          const unsigned int xpt0_0_1_3 = ((xot0_0_1 == 4) ? xt0_0_w7 : xt0_0_w3);
          const float dxt0_0 = xt0_0_d;
          const float zxt0_0 = ((xt0_0_d * ((float)(__dp4a((int)(xt0_0_w6), (int)(16843009u), __dp4a((int)(xt0_0_w4), (int)(16843009u), __dp4a((int)(xt0_0_w2), (int)(16843009u), __dp4a((int)(xt0_0_w0), (int)(16843009u), 0)))) + __dp4a((int)(xt0_0_w7), (int)(16843009u), __dp4a((int)(xt0_0_w5), (int)(16843009u), __dp4a((int)(xt0_0_w3), (int)(16843009u), __dp4a((int)(xt0_0_w1), (int)(16843009u), 0))))))) * (-8.0f));
          const int it0_0_0 = (__dp4a((int)((wg0_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wg0_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wg0_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wg0_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wg0_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wg0_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wg0_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wg0_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          ag_0_0 = fmaf(wg0_t0_d, fmaf(dxt0_0, ((float)it0_0_0), zxt0_0), ag_0_0);
          const int it0_0_1 = (__dp4a((int)((wg1_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wg1_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wg1_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wg1_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wg1_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wg1_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wg1_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wg1_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          ag_1_0 = fmaf(wg1_t0_d, fmaf(dxt0_0, ((float)it0_0_1), zxt0_0), ag_1_0);
          const int it0_0_2 = (__dp4a((int)((wg2_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wg2_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wg2_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wg2_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wg2_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wg2_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wg2_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wg2_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          ag_2_0 = fmaf(wg2_t0_d, fmaf(dxt0_0, ((float)it0_0_2), zxt0_0), ag_2_0);
          const int it0_0_3 = (__dp4a((int)((wg3_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wg3_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wg3_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wg3_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wg3_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wg3_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wg3_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wg3_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          ag_3_0 = fmaf(wg3_t0_d, fmaf(dxt0_0, ((float)it0_0_3), zxt0_0), ag_3_0);
          const int it0_0_4 = (__dp4a((int)((wg4_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wg4_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wg4_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wg4_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wg4_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wg4_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wg4_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wg4_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          ag_4_0 = fmaf(wg4_t0_d, fmaf(dxt0_0, ((float)it0_0_4), zxt0_0), ag_4_0);
          const int it0_0_5 = (__dp4a((int)((wg5_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wg5_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wg5_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wg5_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wg5_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wg5_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wg5_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wg5_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          ag_5_0 = fmaf(wg5_t0_d, fmaf(dxt0_0, ((float)it0_0_5), zxt0_0), ag_5_0);
          const int it0_0_6 = (__dp4a((int)((wg6_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wg6_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wg6_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wg6_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wg6_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wg6_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wg6_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wg6_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          ag_6_0 = fmaf(wg6_t0_d, fmaf(dxt0_0, ((float)it0_0_6), zxt0_0), ag_6_0);
          const int it0_0_7 = (__dp4a((int)((wg7_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wg7_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wg7_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wg7_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wg7_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wg7_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wg7_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wg7_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          ag_7_0 = fmaf(wg7_t0_d, fmaf(dxt0_0, ((float)it0_0_7), zxt0_0), ag_7_0);
          const int it0_0_8 = (__dp4a((int)((wu0_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wu0_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wu0_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wu0_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wu0_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wu0_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wu0_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wu0_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          au_0_0 = fmaf(wu0_t0_d, fmaf(dxt0_0, ((float)it0_0_8), zxt0_0), au_0_0);
          const int it0_0_9 = (__dp4a((int)((wu1_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wu1_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wu1_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wu1_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wu1_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wu1_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wu1_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wu1_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          au_1_0 = fmaf(wu1_t0_d, fmaf(dxt0_0, ((float)it0_0_9), zxt0_0), au_1_0);
          const int it0_0_10 = (__dp4a((int)((wu2_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wu2_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wu2_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wu2_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wu2_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wu2_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wu2_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wu2_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          au_2_0 = fmaf(wu2_t0_d, fmaf(dxt0_0, ((float)it0_0_10), zxt0_0), au_2_0);
          const int it0_0_11 = (__dp4a((int)((wu3_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wu3_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wu3_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wu3_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wu3_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wu3_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wu3_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wu3_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          au_3_0 = fmaf(wu3_t0_d, fmaf(dxt0_0, ((float)it0_0_11), zxt0_0), au_3_0);
          const int it0_0_12 = (__dp4a((int)((wu4_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wu4_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wu4_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wu4_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wu4_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wu4_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wu4_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wu4_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          au_4_0 = fmaf(wu4_t0_d, fmaf(dxt0_0, ((float)it0_0_12), zxt0_0), au_4_0);
          const int it0_0_13 = (__dp4a((int)((wu5_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wu5_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wu5_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wu5_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wu5_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wu5_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wu5_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wu5_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          au_5_0 = fmaf(wu5_t0_d, fmaf(dxt0_0, ((float)it0_0_13), zxt0_0), au_5_0);
          const int it0_0_14 = (__dp4a((int)((wu6_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wu6_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wu6_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wu6_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wu6_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wu6_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wu6_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wu6_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          au_6_0 = fmaf(wu6_t0_d, fmaf(dxt0_0, ((float)it0_0_14), zxt0_0), au_6_0);
          const int it0_0_15 = (__dp4a((int)((wu7_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wu7_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wu7_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wu7_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wu7_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wu7_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wu7_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wu7_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
          au_7_0 = fmaf(wu7_t0_d, fmaf(dxt0_0, ((float)it0_0_15), zxt0_0), au_7_0);
        }
      }
      const int sg_lane = ((int)threadIdx.x & 31);
      const int sg_index = (tid / 32);
      const bool sg_up16 = ((sg_lane & 16) != 0);
      const float sg_r16_0 = ((sg_up16 ? au_0_0 : ag_0_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ag_0_0 : au_0_0), 16));
      const float sg_r16_1 = ((sg_up16 ? au_1_0 : ag_1_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ag_1_0 : au_1_0), 16));
      const float sg_r16_2 = ((sg_up16 ? au_2_0 : ag_2_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ag_2_0 : au_2_0), 16));
      const float sg_r16_3 = ((sg_up16 ? au_3_0 : ag_3_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ag_3_0 : au_3_0), 16));
      const float sg_r16_4 = ((sg_up16 ? au_4_0 : ag_4_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ag_4_0 : au_4_0), 16));
      const float sg_r16_5 = ((sg_up16 ? au_5_0 : ag_5_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ag_5_0 : au_5_0), 16));
      const float sg_r16_6 = ((sg_up16 ? au_6_0 : ag_6_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ag_6_0 : au_6_0), 16));
      const float sg_r16_7 = ((sg_up16 ? au_7_0 : ag_7_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ag_7_0 : au_7_0), 16));
      const bool sg_up8 = ((sg_lane & 8) != 0);
      const float sg_r8_0 = ((sg_up8 ? sg_r16_4 : sg_r16_0) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_0 : sg_r16_4), 8));
      const float sg_r8_1 = ((sg_up8 ? sg_r16_5 : sg_r16_1) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_1 : sg_r16_5), 8));
      const float sg_r8_2 = ((sg_up8 ? sg_r16_6 : sg_r16_2) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_2 : sg_r16_6), 8));
      const float sg_r8_3 = ((sg_up8 ? sg_r16_7 : sg_r16_3) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_3 : sg_r16_7), 8));
      const bool sg_up4 = ((sg_lane & 4) != 0);
      const float sg_r4_0 = ((sg_up4 ? sg_r8_2 : sg_r8_0) + __shfl_xor_sync(0xffffffffu, (sg_up4 ? sg_r8_0 : sg_r8_2), 4));
      const float sg_r4_1 = ((sg_up4 ? sg_r8_3 : sg_r8_1) + __shfl_xor_sync(0xffffffffu, (sg_up4 ? sg_r8_1 : sg_r8_3), 4));
      const bool sg_up2 = ((sg_lane & 2) != 0);
      const float sg_r2_0 = ((sg_up2 ? sg_r4_1 : sg_r4_0) + __shfl_xor_sync(0xffffffffu, (sg_up2 ? sg_r4_0 : sg_r4_1), 2));
      float sg_total = sg_r2_0;
      sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 1));
      if ((sg_lane & 1) == 0) {
        red[((((sg_lane >> 1) & 15) * 2) + sg_index)] = sg_total;
      }
      __syncthreads();
      for (int o = tid; o < 8; o += 64) {
        const int n = (n0 + (o % 8));
        const int m = (o / 8);
        if (((mt + m) < cnt) && (n < 768)) {
          float tg = 0.0f;
          for (int sg = 0; sg < 2; sg++) {
            tg = (tg + red[((((m * 16) + (n - n0)) * 2) + sg)]);
          }
          float tu = 0.0f;
          for (int sg = 0; sg < 2; sg++) {
            tu = (tu + red[(((((m * 16) + (n - n0)) + 8) * 2) + sg)]);
          }
          const float h = ((tg / (1.0f + expf((0.0f - tg)))) * tu);
          moe_hidden[((j_0 * 768) + n)] = h;
        }
      }
      __syncthreads();
    }
  }
}

extern "C" __global__ void __launch_bounds__(256) moe_down_combine(const float* moe_hidden, const unsigned int* __restrict__ w_down, const int* moe_ids, const float* moe_w, float* __restrict__ y, int T) {
  kf_launch_dependents();
  kf_wait_previous_grid();
  __shared__ float red[64];
  // moe down + combine q4_0 (int8): 8 rows of H for one token per workgroup, its 8 slots over 8 groups of 32 threads, 16-byte loads
  const int tid = (int)threadIdx.x;
  const int lane = (tid % 32);
  const int slot_lane = (tid / 32);
  const int t = (int)blockIdx.y;
  const int n0 = ((int)blockIdx.x * 8);
  const int nr_0 = min((n0 + 0), 2047);
  const int nr_1 = min((n0 + 1), 2047);
  const int nr_2 = min((n0 + 2), 2047);
  const int nr_3 = min((n0 + 3), 2047);
  const int nr_4 = min((n0 + 4), 2047);
  const int nr_5 = min((n0 + 5), 2047);
  const int nr_6 = min((n0 + 6), 2047);
  const int nr_7 = min((n0 + 7), 2047);
  float ay_0 = 0.0f;
  float ay_1 = 0.0f;
  float ay_2 = 0.0f;
  float ay_3 = 0.0f;
  float ay_4 = 0.0f;
  float ay_5 = 0.0f;
  float ay_6 = 0.0f;
  float ay_7 = 0.0f;
  for (int s = slot_lane; s < 8; s += 8) {
    const int pr = ((t * 8) + s);
    const int id = moe_ids[pr];
    const int j = (((id >= 0) && (id < 128)) ? pr : (-1));
    if (j >= 0) {
      const int e = max(min(id, 127), 0);
      const float rw = moe_w[pr];
      float ad_0_0 = 0.0f;
      float ad_1_0 = 0.0f;
      float ad_2_0 = 0.0f;
      float ad_3_0 = 0.0f;
      float ad_4_0 = 0.0f;
      float ad_5_0 = 0.0f;
      float ad_6_0 = 0.0f;
      float ad_7_0 = 0.0f;
      const int chunks = ((768 / 32) * 1);
      for (int chunk = lane; chunk < chunks; chunk += 32) {
        const int wd0_t0_b = chunk;
        const int wd0_t0_o = (((((e * 2048) + nr_0) * (768 / 32)) + wd0_t0_b) * 18);
        const int wd0_t0_w0 = (wd0_t0_o >> 2);
        const unsigned int wd0_t0_s = ((unsigned int)((wd0_t0_o & 2) * 8));
        const unsigned int wd0_t0_r0 = w_down[wd0_t0_w0];
        const unsigned int wd0_t0_r1 = w_down[(wd0_t0_w0 + 1)];
        const unsigned int wd0_t0_r2 = w_down[(wd0_t0_w0 + 2)];
        const unsigned int wd0_t0_r3 = w_down[(wd0_t0_w0 + 3)];
        const unsigned int wd0_t0_r4 = w_down[(wd0_t0_w0 + 4)];
        const unsigned int wd0_t00 = __funnelshift_rc(wd0_t0_r0, wd0_t0_r1, (wd0_t0_s + 16u));
        const unsigned int wd0_t01 = __funnelshift_rc(wd0_t0_r1, wd0_t0_r2, (wd0_t0_s + 16u));
        const unsigned int wd0_t02 = __funnelshift_rc(wd0_t0_r2, wd0_t0_r3, (wd0_t0_s + 16u));
        const unsigned int wd0_t03 = __funnelshift_rc(wd0_t0_r3, wd0_t0_r4, (wd0_t0_s + 16u));
        const float wd0_t0_d = kf_f16_to_f32((wd0_t0_r0 >> wd0_t0_s));
        const int wd1_t0_b = chunk;
        const int wd1_t0_o = (((((e * 2048) + nr_1) * (768 / 32)) + wd1_t0_b) * 18);
        const int wd1_t0_w0 = (wd1_t0_o >> 2);
        const unsigned int wd1_t0_s = ((unsigned int)((wd1_t0_o & 2) * 8));
        const unsigned int wd1_t0_r0 = w_down[wd1_t0_w0];
        const unsigned int wd1_t0_r1 = w_down[(wd1_t0_w0 + 1)];
        const unsigned int wd1_t0_r2 = w_down[(wd1_t0_w0 + 2)];
        const unsigned int wd1_t0_r3 = w_down[(wd1_t0_w0 + 3)];
        const unsigned int wd1_t0_r4 = w_down[(wd1_t0_w0 + 4)];
        const unsigned int wd1_t00 = __funnelshift_rc(wd1_t0_r0, wd1_t0_r1, (wd1_t0_s + 16u));
        const unsigned int wd1_t01 = __funnelshift_rc(wd1_t0_r1, wd1_t0_r2, (wd1_t0_s + 16u));
        const unsigned int wd1_t02 = __funnelshift_rc(wd1_t0_r2, wd1_t0_r3, (wd1_t0_s + 16u));
        const unsigned int wd1_t03 = __funnelshift_rc(wd1_t0_r3, wd1_t0_r4, (wd1_t0_s + 16u));
        const float wd1_t0_d = kf_f16_to_f32((wd1_t0_r0 >> wd1_t0_s));
        const int wd2_t0_b = chunk;
        const int wd2_t0_o = (((((e * 2048) + nr_2) * (768 / 32)) + wd2_t0_b) * 18);
        const int wd2_t0_w0 = (wd2_t0_o >> 2);
        const unsigned int wd2_t0_s = ((unsigned int)((wd2_t0_o & 2) * 8));
        const unsigned int wd2_t0_r0 = w_down[wd2_t0_w0];
        const unsigned int wd2_t0_r1 = w_down[(wd2_t0_w0 + 1)];
        const unsigned int wd2_t0_r2 = w_down[(wd2_t0_w0 + 2)];
        const unsigned int wd2_t0_r3 = w_down[(wd2_t0_w0 + 3)];
        const unsigned int wd2_t0_r4 = w_down[(wd2_t0_w0 + 4)];
        const unsigned int wd2_t00 = __funnelshift_rc(wd2_t0_r0, wd2_t0_r1, (wd2_t0_s + 16u));
        const unsigned int wd2_t01 = __funnelshift_rc(wd2_t0_r1, wd2_t0_r2, (wd2_t0_s + 16u));
        const unsigned int wd2_t02 = __funnelshift_rc(wd2_t0_r2, wd2_t0_r3, (wd2_t0_s + 16u));
        const unsigned int wd2_t03 = __funnelshift_rc(wd2_t0_r3, wd2_t0_r4, (wd2_t0_s + 16u));
        const float wd2_t0_d = kf_f16_to_f32((wd2_t0_r0 >> wd2_t0_s));
        const int wd3_t0_b = chunk;
        const int wd3_t0_o = (((((e * 2048) + nr_3) * (768 / 32)) + wd3_t0_b) * 18);
        const int wd3_t0_w0 = (wd3_t0_o >> 2);
        const unsigned int wd3_t0_s = ((unsigned int)((wd3_t0_o & 2) * 8));
        const unsigned int wd3_t0_r0 = w_down[wd3_t0_w0];
        const unsigned int wd3_t0_r1 = w_down[(wd3_t0_w0 + 1)];
        const unsigned int wd3_t0_r2 = w_down[(wd3_t0_w0 + 2)];
        const unsigned int wd3_t0_r3 = w_down[(wd3_t0_w0 + 3)];
        const unsigned int wd3_t0_r4 = w_down[(wd3_t0_w0 + 4)];
        const unsigned int wd3_t00 = __funnelshift_rc(wd3_t0_r0, wd3_t0_r1, (wd3_t0_s + 16u));
        const unsigned int wd3_t01 = __funnelshift_rc(wd3_t0_r1, wd3_t0_r2, (wd3_t0_s + 16u));
        const unsigned int wd3_t02 = __funnelshift_rc(wd3_t0_r2, wd3_t0_r3, (wd3_t0_s + 16u));
        const unsigned int wd3_t03 = __funnelshift_rc(wd3_t0_r3, wd3_t0_r4, (wd3_t0_s + 16u));
        const float wd3_t0_d = kf_f16_to_f32((wd3_t0_r0 >> wd3_t0_s));
        const int wd4_t0_b = chunk;
        const int wd4_t0_o = (((((e * 2048) + nr_4) * (768 / 32)) + wd4_t0_b) * 18);
        const int wd4_t0_w0 = (wd4_t0_o >> 2);
        const unsigned int wd4_t0_s = ((unsigned int)((wd4_t0_o & 2) * 8));
        const unsigned int wd4_t0_r0 = w_down[wd4_t0_w0];
        const unsigned int wd4_t0_r1 = w_down[(wd4_t0_w0 + 1)];
        const unsigned int wd4_t0_r2 = w_down[(wd4_t0_w0 + 2)];
        const unsigned int wd4_t0_r3 = w_down[(wd4_t0_w0 + 3)];
        const unsigned int wd4_t0_r4 = w_down[(wd4_t0_w0 + 4)];
        const unsigned int wd4_t00 = __funnelshift_rc(wd4_t0_r0, wd4_t0_r1, (wd4_t0_s + 16u));
        const unsigned int wd4_t01 = __funnelshift_rc(wd4_t0_r1, wd4_t0_r2, (wd4_t0_s + 16u));
        const unsigned int wd4_t02 = __funnelshift_rc(wd4_t0_r2, wd4_t0_r3, (wd4_t0_s + 16u));
        const unsigned int wd4_t03 = __funnelshift_rc(wd4_t0_r3, wd4_t0_r4, (wd4_t0_s + 16u));
        const float wd4_t0_d = kf_f16_to_f32((wd4_t0_r0 >> wd4_t0_s));
        const int wd5_t0_b = chunk;
        const int wd5_t0_o = (((((e * 2048) + nr_5) * (768 / 32)) + wd5_t0_b) * 18);
        const int wd5_t0_w0 = (wd5_t0_o >> 2);
        const unsigned int wd5_t0_s = ((unsigned int)((wd5_t0_o & 2) * 8));
        const unsigned int wd5_t0_r0 = w_down[wd5_t0_w0];
        const unsigned int wd5_t0_r1 = w_down[(wd5_t0_w0 + 1)];
        const unsigned int wd5_t0_r2 = w_down[(wd5_t0_w0 + 2)];
        const unsigned int wd5_t0_r3 = w_down[(wd5_t0_w0 + 3)];
        const unsigned int wd5_t0_r4 = w_down[(wd5_t0_w0 + 4)];
        const unsigned int wd5_t00 = __funnelshift_rc(wd5_t0_r0, wd5_t0_r1, (wd5_t0_s + 16u));
        const unsigned int wd5_t01 = __funnelshift_rc(wd5_t0_r1, wd5_t0_r2, (wd5_t0_s + 16u));
        const unsigned int wd5_t02 = __funnelshift_rc(wd5_t0_r2, wd5_t0_r3, (wd5_t0_s + 16u));
        const unsigned int wd5_t03 = __funnelshift_rc(wd5_t0_r3, wd5_t0_r4, (wd5_t0_s + 16u));
        const float wd5_t0_d = kf_f16_to_f32((wd5_t0_r0 >> wd5_t0_s));
        const int wd6_t0_b = chunk;
        const int wd6_t0_o = (((((e * 2048) + nr_6) * (768 / 32)) + wd6_t0_b) * 18);
        const int wd6_t0_w0 = (wd6_t0_o >> 2);
        const unsigned int wd6_t0_s = ((unsigned int)((wd6_t0_o & 2) * 8));
        const unsigned int wd6_t0_r0 = w_down[wd6_t0_w0];
        const unsigned int wd6_t0_r1 = w_down[(wd6_t0_w0 + 1)];
        const unsigned int wd6_t0_r2 = w_down[(wd6_t0_w0 + 2)];
        const unsigned int wd6_t0_r3 = w_down[(wd6_t0_w0 + 3)];
        const unsigned int wd6_t0_r4 = w_down[(wd6_t0_w0 + 4)];
        const unsigned int wd6_t00 = __funnelshift_rc(wd6_t0_r0, wd6_t0_r1, (wd6_t0_s + 16u));
        const unsigned int wd6_t01 = __funnelshift_rc(wd6_t0_r1, wd6_t0_r2, (wd6_t0_s + 16u));
        const unsigned int wd6_t02 = __funnelshift_rc(wd6_t0_r2, wd6_t0_r3, (wd6_t0_s + 16u));
        const unsigned int wd6_t03 = __funnelshift_rc(wd6_t0_r3, wd6_t0_r4, (wd6_t0_s + 16u));
        const float wd6_t0_d = kf_f16_to_f32((wd6_t0_r0 >> wd6_t0_s));
        const int wd7_t0_b = chunk;
        const int wd7_t0_o = (((((e * 2048) + nr_7) * (768 / 32)) + wd7_t0_b) * 18);
        const int wd7_t0_w0 = (wd7_t0_o >> 2);
        const unsigned int wd7_t0_s = ((unsigned int)((wd7_t0_o & 2) * 8));
        const unsigned int wd7_t0_r0 = w_down[wd7_t0_w0];
        const unsigned int wd7_t0_r1 = w_down[(wd7_t0_w0 + 1)];
        const unsigned int wd7_t0_r2 = w_down[(wd7_t0_w0 + 2)];
        const unsigned int wd7_t0_r3 = w_down[(wd7_t0_w0 + 3)];
        const unsigned int wd7_t0_r4 = w_down[(wd7_t0_w0 + 4)];
        const unsigned int wd7_t00 = __funnelshift_rc(wd7_t0_r0, wd7_t0_r1, (wd7_t0_s + 16u));
        const unsigned int wd7_t01 = __funnelshift_rc(wd7_t0_r1, wd7_t0_r2, (wd7_t0_s + 16u));
        const unsigned int wd7_t02 = __funnelshift_rc(wd7_t0_r2, wd7_t0_r3, (wd7_t0_s + 16u));
        const unsigned int wd7_t03 = __funnelshift_rc(wd7_t0_r3, wd7_t0_r4, (wd7_t0_s + 16u));
        const float wd7_t0_d = kf_f16_to_f32((wd7_t0_r0 >> wd7_t0_s));
        const float4 xt0_0_xv_0 = (*(const float4*)(&moe_hidden[((((j * 768) + (chunk * 32)) >> 5) * 32)]));
        const float4 xt0_0_xv_1 = (*(const float4*)(&moe_hidden[(((((j * 768) + (chunk * 32)) >> 5) * 32) + 4)]));
        const float4 xt0_0_xv_2 = (*(const float4*)(&moe_hidden[(((((j * 768) + (chunk * 32)) >> 5) * 32) + 8)]));
        const float4 xt0_0_xv_3 = (*(const float4*)(&moe_hidden[(((((j * 768) + (chunk * 32)) >> 5) * 32) + 12)]));
        const float4 xt0_0_xv_4 = (*(const float4*)(&moe_hidden[(((((j * 768) + (chunk * 32)) >> 5) * 32) + 16)]));
        const float4 xt0_0_xv_5 = (*(const float4*)(&moe_hidden[(((((j * 768) + (chunk * 32)) >> 5) * 32) + 20)]));
        const float4 xt0_0_xv_6 = (*(const float4*)(&moe_hidden[(((((j * 768) + (chunk * 32)) >> 5) * 32) + 24)]));
        const float4 xt0_0_xv_7 = (*(const float4*)(&moe_hidden[(((((j * 768) + (chunk * 32)) >> 5) * 32) + 28)]));
        const float xt0_0_amax = fmaxf(fmaxf(fmaxf(fmaxf(fmaxf(fabsf(xt0_0_xv_0.x), fabsf(xt0_0_xv_0.y)), fmaxf(fabsf(xt0_0_xv_0.z), fabsf(xt0_0_xv_0.w))), fmaxf(fmaxf(fabsf(xt0_0_xv_1.x), fabsf(xt0_0_xv_1.y)), fmaxf(fabsf(xt0_0_xv_1.z), fabsf(xt0_0_xv_1.w)))), fmaxf(fmaxf(fmaxf(fabsf(xt0_0_xv_2.x), fabsf(xt0_0_xv_2.y)), fmaxf(fabsf(xt0_0_xv_2.z), fabsf(xt0_0_xv_2.w))), fmaxf(fmaxf(fabsf(xt0_0_xv_3.x), fabsf(xt0_0_xv_3.y)), fmaxf(fabsf(xt0_0_xv_3.z), fabsf(xt0_0_xv_3.w))))), fmaxf(fmaxf(fmaxf(fmaxf(fabsf(xt0_0_xv_4.x), fabsf(xt0_0_xv_4.y)), fmaxf(fabsf(xt0_0_xv_4.z), fabsf(xt0_0_xv_4.w))), fmaxf(fmaxf(fabsf(xt0_0_xv_5.x), fabsf(xt0_0_xv_5.y)), fmaxf(fabsf(xt0_0_xv_5.z), fabsf(xt0_0_xv_5.w)))), fmaxf(fmaxf(fmaxf(fabsf(xt0_0_xv_6.x), fabsf(xt0_0_xv_6.y)), fmaxf(fabsf(xt0_0_xv_6.z), fabsf(xt0_0_xv_6.w))), fmaxf(fmaxf(fabsf(xt0_0_xv_7.x), fabsf(xt0_0_xv_7.y)), fmaxf(fabsf(xt0_0_xv_7.z), fabsf(xt0_0_xv_7.w))))));
        const float xt0_0_d = (xt0_0_amax / 127.0f);
        const float xt0_0_id = ((xt0_0_d != 0.0f) ? (1.0f / xt0_0_d) : 0.0f);
        const float xt0_0_v0 = xt0_0_xv_0.x;
        const unsigned int xt0_0_b0 = __float_as_uint(fmaf(xt0_0_v0, xt0_0_id, 12582912.0f));
        const float xt0_0_v1 = xt0_0_xv_0.y;
        const unsigned int xt0_0_b1 = __float_as_uint(fmaf(xt0_0_v1, xt0_0_id, 12582912.0f));
        const float xt0_0_v2 = xt0_0_xv_0.z;
        const unsigned int xt0_0_b2 = __float_as_uint(fmaf(xt0_0_v2, xt0_0_id, 12582912.0f));
        const float xt0_0_v3 = xt0_0_xv_0.w;
        const unsigned int xt0_0_b3 = __float_as_uint(fmaf(xt0_0_v3, xt0_0_id, 12582912.0f));
        const float xt0_0_v4 = xt0_0_xv_1.x;
        const unsigned int xt0_0_b4 = __float_as_uint(fmaf(xt0_0_v4, xt0_0_id, 12582912.0f));
        const float xt0_0_v5 = xt0_0_xv_1.y;
        const unsigned int xt0_0_b5 = __float_as_uint(fmaf(xt0_0_v5, xt0_0_id, 12582912.0f));
        const float xt0_0_v6 = xt0_0_xv_1.z;
        const unsigned int xt0_0_b6 = __float_as_uint(fmaf(xt0_0_v6, xt0_0_id, 12582912.0f));
        const float xt0_0_v7 = xt0_0_xv_1.w;
        const unsigned int xt0_0_b7 = __float_as_uint(fmaf(xt0_0_v7, xt0_0_id, 12582912.0f));
        const float xt0_0_v8 = xt0_0_xv_2.x;
        const unsigned int xt0_0_b8 = __float_as_uint(fmaf(xt0_0_v8, xt0_0_id, 12582912.0f));
        const float xt0_0_v9 = xt0_0_xv_2.y;
        const unsigned int xt0_0_b9 = __float_as_uint(fmaf(xt0_0_v9, xt0_0_id, 12582912.0f));
        const float xt0_0_v10 = xt0_0_xv_2.z;
        const unsigned int xt0_0_b10 = __float_as_uint(fmaf(xt0_0_v10, xt0_0_id, 12582912.0f));
        const float xt0_0_v11 = xt0_0_xv_2.w;
        const unsigned int xt0_0_b11 = __float_as_uint(fmaf(xt0_0_v11, xt0_0_id, 12582912.0f));
        const float xt0_0_v12 = xt0_0_xv_3.x;
        const unsigned int xt0_0_b12 = __float_as_uint(fmaf(xt0_0_v12, xt0_0_id, 12582912.0f));
        const float xt0_0_v13 = xt0_0_xv_3.y;
        const unsigned int xt0_0_b13 = __float_as_uint(fmaf(xt0_0_v13, xt0_0_id, 12582912.0f));
        const float xt0_0_v14 = xt0_0_xv_3.z;
        const unsigned int xt0_0_b14 = __float_as_uint(fmaf(xt0_0_v14, xt0_0_id, 12582912.0f));
        const float xt0_0_v15 = xt0_0_xv_3.w;
        const unsigned int xt0_0_b15 = __float_as_uint(fmaf(xt0_0_v15, xt0_0_id, 12582912.0f));
        const float xt0_0_v16 = xt0_0_xv_4.x;
        const unsigned int xt0_0_b16 = __float_as_uint(fmaf(xt0_0_v16, xt0_0_id, 12582912.0f));
        const float xt0_0_v17 = xt0_0_xv_4.y;
        const unsigned int xt0_0_b17 = __float_as_uint(fmaf(xt0_0_v17, xt0_0_id, 12582912.0f));
        const float xt0_0_v18 = xt0_0_xv_4.z;
        const unsigned int xt0_0_b18 = __float_as_uint(fmaf(xt0_0_v18, xt0_0_id, 12582912.0f));
        const float xt0_0_v19 = xt0_0_xv_4.w;
        const unsigned int xt0_0_b19 = __float_as_uint(fmaf(xt0_0_v19, xt0_0_id, 12582912.0f));
        const float xt0_0_v20 = xt0_0_xv_5.x;
        const unsigned int xt0_0_b20 = __float_as_uint(fmaf(xt0_0_v20, xt0_0_id, 12582912.0f));
        const float xt0_0_v21 = xt0_0_xv_5.y;
        const unsigned int xt0_0_b21 = __float_as_uint(fmaf(xt0_0_v21, xt0_0_id, 12582912.0f));
        const float xt0_0_v22 = xt0_0_xv_5.z;
        const unsigned int xt0_0_b22 = __float_as_uint(fmaf(xt0_0_v22, xt0_0_id, 12582912.0f));
        const float xt0_0_v23 = xt0_0_xv_5.w;
        const unsigned int xt0_0_b23 = __float_as_uint(fmaf(xt0_0_v23, xt0_0_id, 12582912.0f));
        const float xt0_0_v24 = xt0_0_xv_6.x;
        const unsigned int xt0_0_b24 = __float_as_uint(fmaf(xt0_0_v24, xt0_0_id, 12582912.0f));
        const float xt0_0_v25 = xt0_0_xv_6.y;
        const unsigned int xt0_0_b25 = __float_as_uint(fmaf(xt0_0_v25, xt0_0_id, 12582912.0f));
        const float xt0_0_v26 = xt0_0_xv_6.z;
        const unsigned int xt0_0_b26 = __float_as_uint(fmaf(xt0_0_v26, xt0_0_id, 12582912.0f));
        const float xt0_0_v27 = xt0_0_xv_6.w;
        const unsigned int xt0_0_b27 = __float_as_uint(fmaf(xt0_0_v27, xt0_0_id, 12582912.0f));
        const float xt0_0_v28 = xt0_0_xv_7.x;
        const unsigned int xt0_0_b28 = __float_as_uint(fmaf(xt0_0_v28, xt0_0_id, 12582912.0f));
        const float xt0_0_v29 = xt0_0_xv_7.y;
        const unsigned int xt0_0_b29 = __float_as_uint(fmaf(xt0_0_v29, xt0_0_id, 12582912.0f));
        const float xt0_0_v30 = xt0_0_xv_7.z;
        const unsigned int xt0_0_b30 = __float_as_uint(fmaf(xt0_0_v30, xt0_0_id, 12582912.0f));
        const float xt0_0_v31 = xt0_0_xv_7.w;
        const unsigned int xt0_0_b31 = __float_as_uint(fmaf(xt0_0_v31, xt0_0_id, 12582912.0f));
        const unsigned int xt0_0_w0 = (((xt0_0_b0 & 255u) | ((xt0_0_b1 & 255u) << 8u)) | (((xt0_0_b2 & 255u) << 16u) | ((xt0_0_b3 & 255u) << 24u)));
        const unsigned int xt0_0_w1 = (((xt0_0_b4 & 255u) | ((xt0_0_b5 & 255u) << 8u)) | (((xt0_0_b6 & 255u) << 16u) | ((xt0_0_b7 & 255u) << 24u)));
        const unsigned int xt0_0_w2 = (((xt0_0_b8 & 255u) | ((xt0_0_b9 & 255u) << 8u)) | (((xt0_0_b10 & 255u) << 16u) | ((xt0_0_b11 & 255u) << 24u)));
        const unsigned int xt0_0_w3 = (((xt0_0_b12 & 255u) | ((xt0_0_b13 & 255u) << 8u)) | (((xt0_0_b14 & 255u) << 16u) | ((xt0_0_b15 & 255u) << 24u)));
        const unsigned int xt0_0_w4 = (((xt0_0_b16 & 255u) | ((xt0_0_b17 & 255u) << 8u)) | (((xt0_0_b18 & 255u) << 16u) | ((xt0_0_b19 & 255u) << 24u)));
        const unsigned int xt0_0_w5 = (((xt0_0_b20 & 255u) | ((xt0_0_b21 & 255u) << 8u)) | (((xt0_0_b22 & 255u) << 16u) | ((xt0_0_b23 & 255u) << 24u)));
        const unsigned int xt0_0_w6 = (((xt0_0_b24 & 255u) | ((xt0_0_b25 & 255u) << 8u)) | (((xt0_0_b26 & 255u) << 16u) | ((xt0_0_b27 & 255u) << 24u)));
        const unsigned int xt0_0_w7 = (((xt0_0_b28 & 255u) | ((xt0_0_b29 & 255u) << 8u)) | (((xt0_0_b30 & 255u) << 16u) | ((xt0_0_b31 & 255u) << 24u)));
        const int xot0_0_0 = ((((j * 768) + (chunk * 32)) & 31) >> 2);
        const unsigned int xpt0_0_0_0 = ((xot0_0_0 == 4) ? xt0_0_w4 : xt0_0_w0);
        const unsigned int xpt0_0_0_1 = ((xot0_0_0 == 4) ? xt0_0_w5 : xt0_0_w1);
        const unsigned int xpt0_0_0_2 = ((xot0_0_0 == 4) ? xt0_0_w6 : xt0_0_w2);
        const unsigned int xpt0_0_0_3 = ((xot0_0_0 == 4) ? xt0_0_w7 : xt0_0_w3);
        const int xot0_0_1 = ((((j * 768) + ((chunk * 32) + 16)) & 31) >> 2);
        const unsigned int xpt0_0_1_0 = ((xot0_0_1 == 4) ? xt0_0_w4 : xt0_0_w0);
        const unsigned int xpt0_0_1_1 = ((xot0_0_1 == 4) ? xt0_0_w5 : xt0_0_w1);
        const unsigned int xpt0_0_1_2 = ((xot0_0_1 == 4) ? xt0_0_w6 : xt0_0_w2);
        const unsigned int xpt0_0_1_3 = ((xot0_0_1 == 4) ? xt0_0_w7 : xt0_0_w3);
        const float dxt0_0 = xt0_0_d;
        const float zxt0_0 = ((xt0_0_d * ((float)(__dp4a((int)(xt0_0_w6), (int)(16843009u), __dp4a((int)(xt0_0_w4), (int)(16843009u), __dp4a((int)(xt0_0_w2), (int)(16843009u), __dp4a((int)(xt0_0_w0), (int)(16843009u), 0)))) + __dp4a((int)(xt0_0_w7), (int)(16843009u), __dp4a((int)(xt0_0_w5), (int)(16843009u), __dp4a((int)(xt0_0_w3), (int)(16843009u), __dp4a((int)(xt0_0_w1), (int)(16843009u), 0))))))) * (-8.0f));
        const int it0_0_0 = (__dp4a((int)((wd0_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wd0_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wd0_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wd0_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wd0_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wd0_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wd0_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wd0_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
        ad_0_0 = fmaf(wd0_t0_d, fmaf(dxt0_0, ((float)it0_0_0), zxt0_0), ad_0_0);
        const int it0_0_1 = (__dp4a((int)((wd1_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wd1_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wd1_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wd1_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wd1_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wd1_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wd1_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wd1_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
        ad_1_0 = fmaf(wd1_t0_d, fmaf(dxt0_0, ((float)it0_0_1), zxt0_0), ad_1_0);
        const int it0_0_2 = (__dp4a((int)((wd2_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wd2_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wd2_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wd2_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wd2_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wd2_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wd2_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wd2_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
        ad_2_0 = fmaf(wd2_t0_d, fmaf(dxt0_0, ((float)it0_0_2), zxt0_0), ad_2_0);
        const int it0_0_3 = (__dp4a((int)((wd3_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wd3_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wd3_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wd3_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wd3_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wd3_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wd3_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wd3_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
        ad_3_0 = fmaf(wd3_t0_d, fmaf(dxt0_0, ((float)it0_0_3), zxt0_0), ad_3_0);
        const int it0_0_4 = (__dp4a((int)((wd4_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wd4_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wd4_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wd4_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wd4_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wd4_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wd4_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wd4_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
        ad_4_0 = fmaf(wd4_t0_d, fmaf(dxt0_0, ((float)it0_0_4), zxt0_0), ad_4_0);
        const int it0_0_5 = (__dp4a((int)((wd5_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wd5_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wd5_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wd5_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wd5_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wd5_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wd5_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wd5_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
        ad_5_0 = fmaf(wd5_t0_d, fmaf(dxt0_0, ((float)it0_0_5), zxt0_0), ad_5_0);
        const int it0_0_6 = (__dp4a((int)((wd6_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wd6_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wd6_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wd6_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wd6_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wd6_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wd6_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wd6_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
        ad_6_0 = fmaf(wd6_t0_d, fmaf(dxt0_0, ((float)it0_0_6), zxt0_0), ad_6_0);
        const int it0_0_7 = (__dp4a((int)((wd7_t03 & 252645135u)), (int)(xpt0_0_0_3), __dp4a((int)((wd7_t02 & 252645135u)), (int)(xpt0_0_0_2), __dp4a((int)((wd7_t01 & 252645135u)), (int)(xpt0_0_0_1), __dp4a((int)((wd7_t00 & 252645135u)), (int)(xpt0_0_0_0), 0)))) + __dp4a((int)(((wd7_t03 >> 4u) & 252645135u)), (int)(xpt0_0_1_3), __dp4a((int)(((wd7_t02 >> 4u) & 252645135u)), (int)(xpt0_0_1_2), __dp4a((int)(((wd7_t01 >> 4u) & 252645135u)), (int)(xpt0_0_1_1), __dp4a((int)(((wd7_t00 >> 4u) & 252645135u)), (int)(xpt0_0_1_0), 0)))));
        ad_7_0 = fmaf(wd7_t0_d, fmaf(dxt0_0, ((float)it0_0_7), zxt0_0), ad_7_0);
      }
      ay_0 = fmaf(ad_0_0, rw, ay_0);
      ay_1 = fmaf(ad_1_0, rw, ay_1);
      ay_2 = fmaf(ad_2_0, rw, ay_2);
      ay_3 = fmaf(ad_3_0, rw, ay_3);
      ay_4 = fmaf(ad_4_0, rw, ay_4);
      ay_5 = fmaf(ad_5_0, rw, ay_5);
      ay_6 = fmaf(ad_6_0, rw, ay_6);
      ay_7 = fmaf(ad_7_0, rw, ay_7);
    }
  }
  const int sg_lane = ((int)threadIdx.x & 31);
  const int sg_index = (tid / 32);
  const bool sg_up16 = ((sg_lane & 16) != 0);
  const float sg_r16_0 = ((sg_up16 ? ay_4 : ay_0) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ay_0 : ay_4), 16));
  const float sg_r16_1 = ((sg_up16 ? ay_5 : ay_1) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ay_1 : ay_5), 16));
  const float sg_r16_2 = ((sg_up16 ? ay_6 : ay_2) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ay_2 : ay_6), 16));
  const float sg_r16_3 = ((sg_up16 ? ay_7 : ay_3) + __shfl_xor_sync(0xffffffffu, (sg_up16 ? ay_3 : ay_7), 16));
  const bool sg_up8 = ((sg_lane & 8) != 0);
  const float sg_r8_0 = ((sg_up8 ? sg_r16_2 : sg_r16_0) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_0 : sg_r16_2), 8));
  const float sg_r8_1 = ((sg_up8 ? sg_r16_3 : sg_r16_1) + __shfl_xor_sync(0xffffffffu, (sg_up8 ? sg_r16_1 : sg_r16_3), 8));
  const bool sg_up4 = ((sg_lane & 4) != 0);
  const float sg_r4_0 = ((sg_up4 ? sg_r8_1 : sg_r8_0) + __shfl_xor_sync(0xffffffffu, (sg_up4 ? sg_r8_0 : sg_r8_1), 4));
  float sg_total = sg_r4_0;
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 2));
  sg_total = (sg_total + __shfl_xor_sync(0xffffffffu, sg_total, 1));
  if ((sg_lane & 3) == 0) {
    red[((((sg_lane >> 2) & 7) * 8) + sg_index)] = sg_total;
  }
  __syncthreads();
  for (int o = tid; o < 8; o += 256) {
    float total = 0.0f;
    for (int sg = 0; sg < 8; sg++) {
      total = (total + red[((o * 8) + sg)]);
    }
    const int n = (n0 + o);
    if ((n < 2048) && (t < T)) {
      y[((t * 2048) + n)] = total;
    }
  }
}
