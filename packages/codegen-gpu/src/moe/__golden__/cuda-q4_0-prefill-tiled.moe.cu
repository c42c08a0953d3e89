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

extern "C" __global__ void __launch_bounds__(128) moe_logits(const float* __restrict__ x, const float* __restrict__ router, float* __restrict__ moe_scores, int T) {
  // router logits: 2 experts x 4 tokens per workgroup, 128 threads, 16-byte loads
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
  for (int chunk = tid; chunk < chunks; chunk += 128) {
    const float4 wr0_t0 = (*(const float4*)(&router[((row_0 * 2048) + (chunk * 4))]));
    const float4 wr1_t0 = (*(const float4*)(&router[((row_1 * 2048) + (chunk * 4))]));
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
    const int e = (e0 + (o % 2));
    const int t = (t0 + (o / 2));
    if ((e < 128) && (t < T)) {
      moe_scores[((t * 128) + e)] = total;
    }
  }
}

extern "C" __global__ void __launch_bounds__(128) moe_route(const float* __restrict__ moe_scores, int* __restrict__ moe_ids, float* __restrict__ moe_w, int T) {
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

extern "C" __global__ void __launch_bounds__(128) moe_group(const int* __restrict__ moe_ids, int* __restrict__ moe_meta, int T) {
  // group the T x 8 routed pairs by expert (128 experts): counts, offsets, active list, permutation
  __shared__ int cnt[128];
  const int tid = (int)threadIdx.x;
  const int P = (T * 8);
  for (int e = tid; e < 128; e += 128) {
    int n = 0;
    for (int p = 0; p < P; p++) {
      n = (n + ((moe_ids[p] == e) ? 1 : 0));
    }
    cnt[e] = n;
  }
  __syncthreads();
  int n_active = 0;
  for (int e2 = 0; e2 < 128; e2++) {
    n_active = (n_active + ((cnt[e2] > 0) ? 1 : 0));
  }
  if (tid == 0) {
    moe_meta[0] = n_active;
  }
  int n_tiles = 0;
  for (int e2 = 0; e2 < 128; e2++) {
    n_tiles = (n_tiles + ((cnt[e2] + 63) / 64));
  }
  if (tid == 0) {
    moe_meta[(385 + ((T * 8) * 2))] = n_tiles;
  }
  for (int e = tid; e < 128; e += 128) {
    int off = 0;
    int before = 0;
    int tb = 0;
    for (int e2 = 0; e2 < e; e2++) {
      const int n2 = cnt[e2];
      off = (off + n2);
      before = (before + ((n2 > 0) ? 1 : 0));
      tb = (tb + ((n2 + 63) / 64));
    }
    const int n = cnt[e];
    moe_meta[(e + 129)] = off;
    moe_meta[(e + 257)] = n;
    if (n > 0) {
      moe_meta[(before + 1)] = e;
    }
    if (e >= n_active) {
      moe_meta[(e + 1)] = 0;
    }
    for (int k = 0; k < ((n + 63) / 64); k++) {
      const int tw = (((385 + ((T * 8) * 2)) + 1) + ((tb + k) * 3));
      moe_meta[tw] = e;
      moe_meta[(tw + 1)] = (off + (k * 64));
      moe_meta[(tw + 2)] = min((n - (k * 64)), 64);
    }
    int j = off;
    for (int p = 0; p < P; p++) {
      if (moe_ids[p] == e) {
        moe_meta[(j + 385)] = p;
        moe_meta[((p + 385) + P)] = j;
        j = (j + 1);
      }
    }
  }
  for (int p = tid; p < P; p += 128) {
    const int bad = moe_ids[p];
    if ((bad < 0) || (bad >= 128)) {
      moe_meta[((p + 385) + P)] = (-1);
    }
  }
}

__device__ __forceinline__ unsigned int kf_pack_f16x2(float lo, float hi) {
  const __half2 h = __floats2half2_rn(lo, hi);
  return *reinterpret_cast<const unsigned int*>(&h);
}

extern "C" __global__ void __launch_bounds__(256) moe_x_half(const float* __restrict__ x, unsigned int* __restrict__ moe_xh, int T) {
  // x rounded to f16 once: the A operand of every gate/up tile
  const int i = ((((int)blockIdx.x + ((int)blockIdx.y * (int)gridDim.x)) * 256) + (int)threadIdx.x);
  if (i < (T * 256)) {
    const float4 lo = (*(const float4*)(&x[(i * 8)]));
    const float4 hi = (*(const float4*)(&x[((i * 8) + 4)]));
    moe_xh[((i * 4) + 0)] = kf_pack_f16x2(lo.x, lo.y);
    moe_xh[((i * 4) + 1)] = kf_pack_f16x2(lo.z, lo.w);
    moe_xh[((i * 4) + 2)] = kf_pack_f16x2(hi.x, hi.y);
    moe_xh[((i * 4) + 3)] = kf_pack_f16x2(hi.z, hi.w);
  }
}

extern __shared__ __align__(16) unsigned char kf_dynamic_shared[];


extern "C" __global__ void __launch_bounds__(128) moe_gate_up_mma(const unsigned int* __restrict__ moe_xh, const unsigned char* __restrict__ w_gate, const unsigned char* __restrict__ w_up, const int* __restrict__ moe_meta, unsigned int* __restrict__ moe_hidden_h, int T) {
  // moe moe_gate_up_mma: tiles of 64 tokens x 64 columns of one expert, k by 64, 4 warps (2 x 2), mma m16n8k16 f16 -> f32
  unsigned int* const sA = reinterpret_cast<unsigned int*>(kf_dynamic_shared + 0);
  unsigned int* const sB0 = reinterpret_cast<unsigned int*>(kf_dynamic_shared + 18432);
  unsigned int* const sB1 = reinterpret_cast<unsigned int*>(kf_dynamic_shared + 36864);
  __shared__ int srow[64];
  const int tid = (int)threadIdx.x;
  const int tile = (int)blockIdx.y;
  const int n0 = ((int)blockIdx.x * 64);
  const int n_tiles = moe_meta[(385 + ((T * 8) * 2))];
  if (tile < n_tiles) {
    const int tw = (((385 + ((T * 8) * 2)) + 1) + (tile * 3));
    const int e = moe_meta[tw];
    const int j0 = moe_meta[(tw + 1)];
    const int rows = moe_meta[(tw + 2)];
    const int warp = (tid >> 5);
    const int ln = (tid & 31);
    const int g = (ln >> 2);
    const int t4 = (ln & 3);
    const int wm0 = ((warp / 2) * 32);
    const int wn0 = ((warp % 2) * 32);
    for (int r = tid; r < 64; r += 128) {
      const int rp = (j0 + r);
      const int rpair = moe_meta[(rp + 385)];
      const bool rin = (r < rows);
      srow[r] = (rin ? ((rpair / 8) * 1024) : (-1));
    }
    __syncthreads();
    float acc0[32];
    #pragma unroll 32
    for (int i = 0; i < 32; i++) {
      acc0[i] = 0.0f;
    }
    float acc1[32];
    #pragma unroll 32
    for (int i = 0; i < 32; i++) {
      acc1[i] = 0.0f;
    }
    unsigned int af[8];
    unsigned int bf[4];
    const int aLane = ((((wm0 + (((ln >> 3) & 1) * 8)) + (ln & 7)) * 36) + ((ln >> 4) * 4));
    const int bLane = ((((wn0 + ((ln >> 4) * 8)) + (ln & 7)) * 36) + (((ln >> 3) & 1) * 4));
    #pragma unroll 4
    for (int st = 0; st < 4; st++) {
      const int ar = (((st * 128) + tid) / 8);
      const int aw = (((st * 128) + tid) % 8);
      const int ak = ((0 * 64) + (aw * 8));
      const int asrc = srow[ar];
      const bool ain = ((asrc >= 0) && (ak < 2048));
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"((unsigned int)__cvta_generic_to_shared(&sA[(((0 * 2304) + (ar * 36)) + (aw * 4))])), "l"(&moe_xh[(ain ? (asrc + (ak / 2)) : 0)]), "r"((int)((ain ? 16 : 0))) : "memory");
    }
    #pragma unroll 4
    for (int st = 0; st < 4; st++) {
      const int br0 = (((st * 128) + tid) / 8);
      const int bw0 = (((st * 128) + tid) % 8);
      const int bk0 = ((0 * 64) + (bw0 * 8));
      const int bn0 = (n0 + br0);
      const bool bin0 = ((bn0 < 768) && (bk0 < 2048));
      const int brow0 = ((e * 768) + min(bn0, 767));
      const int bkc0 = min(bk0, 2040);
      const int bdst0 = (((0 * 2304) + (br0 * 36)) + (bw0 * 4));
      const int q0blk = (((brow0 * 64) + (bkc0 / 32)) * 18);
      const float q0d = kf_f16_to_f32(((unsigned int)(*(const unsigned short*)(&w_gate[q0blk]))));
      const int q0o = (bkc0 & 31);
      const unsigned int q0sh = ((unsigned int)((q0o >> 4) * 4));
      const int q0cb = ((q0blk + 2) + (q0o & 15));
      const unsigned int q0w0 = (((unsigned int)(*(const unsigned short*)(&w_gate[(q0cb + 0)]))) >> q0sh);
      const unsigned int q0w1 = (((unsigned int)(*(const unsigned short*)(&w_gate[(q0cb + 2)]))) >> q0sh);
      const unsigned int q0w2 = (((unsigned int)(*(const unsigned short*)(&w_gate[(q0cb + 4)]))) >> q0sh);
      const unsigned int q0w3 = (((unsigned int)(*(const unsigned short*)(&w_gate[(q0cb + 6)]))) >> q0sh);
      sB0[(bdst0 + 0)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w0 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w0 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
      sB0[(bdst0 + 1)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w1 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w1 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
      sB0[(bdst0 + 2)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w2 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w2 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
      sB0[(bdst0 + 3)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w3 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w3 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
    }
    #pragma unroll 4
    for (int st = 0; st < 4; st++) {
      const int br1 = (((st * 128) + tid) / 8);
      const int bw1 = (((st * 128) + tid) % 8);
      const int bk1 = ((0 * 64) + (bw1 * 8));
      const int bn1 = (n0 + br1);
      const bool bin1 = ((bn1 < 768) && (bk1 < 2048));
      const int brow1 = ((e * 768) + min(bn1, 767));
      const int bkc1 = min(bk1, 2040);
      const int bdst1 = (((0 * 2304) + (br1 * 36)) + (bw1 * 4));
      const int q1blk = (((brow1 * 64) + (bkc1 / 32)) * 18);
      const float q1d = kf_f16_to_f32(((unsigned int)(*(const unsigned short*)(&w_up[q1blk]))));
      const int q1o = (bkc1 & 31);
      const unsigned int q1sh = ((unsigned int)((q1o >> 4) * 4));
      const int q1cb = ((q1blk + 2) + (q1o & 15));
      const unsigned int q1w0 = (((unsigned int)(*(const unsigned short*)(&w_up[(q1cb + 0)]))) >> q1sh);
      const unsigned int q1w1 = (((unsigned int)(*(const unsigned short*)(&w_up[(q1cb + 2)]))) >> q1sh);
      const unsigned int q1w2 = (((unsigned int)(*(const unsigned short*)(&w_up[(q1cb + 4)]))) >> q1sh);
      const unsigned int q1w3 = (((unsigned int)(*(const unsigned short*)(&w_up[(q1cb + 6)]))) >> q1sh);
      sB1[(bdst1 + 0)] = (bin1 ? kf_pack_f16x2((((float)(((int)((q1w0 >> 0u) & 15u)) - 8)) * q1d), (((float)(((int)((q1w0 >> 8u) & 15u)) - 8)) * q1d)) : 0u);
      sB1[(bdst1 + 1)] = (bin1 ? kf_pack_f16x2((((float)(((int)((q1w1 >> 0u) & 15u)) - 8)) * q1d), (((float)(((int)((q1w1 >> 8u) & 15u)) - 8)) * q1d)) : 0u);
      sB1[(bdst1 + 2)] = (bin1 ? kf_pack_f16x2((((float)(((int)((q1w2 >> 0u) & 15u)) - 8)) * q1d), (((float)(((int)((q1w2 >> 8u) & 15u)) - 8)) * q1d)) : 0u);
      sB1[(bdst1 + 3)] = (bin1 ? kf_pack_f16x2((((float)(((int)((q1w3 >> 0u) & 15u)) - 8)) * q1d), (((float)(((int)((q1w3 >> 8u) & 15u)) - 8)) * q1d)) : 0u);
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
    for (int it = 0; it < 32; it++) {
      const int buf = (it & 1);
      if ((it + 1) < 32) {
        #pragma unroll 4
        for (int st = 0; st < 4; st++) {
          const int ar = (((st * 128) + tid) / 8);
          const int aw = (((st * 128) + tid) % 8);
          const int ak = (((it + 1) * 64) + (aw * 8));
          const int asrc = srow[ar];
          const bool ain = ((asrc >= 0) && (ak < 2048));
          asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"((unsigned int)__cvta_generic_to_shared(&sA[((((1 - buf) * 2304) + (ar * 36)) + (aw * 4))])), "l"(&moe_xh[(ain ? (asrc + (ak / 2)) : 0)]), "r"((int)((ain ? 16 : 0))) : "memory");
        }
        #pragma unroll 4
        for (int st = 0; st < 4; st++) {
          const int br0 = (((st * 128) + tid) / 8);
          const int bw0 = (((st * 128) + tid) % 8);
          const int bk0 = (((it + 1) * 64) + (bw0 * 8));
          const int bn0 = (n0 + br0);
          const bool bin0 = ((bn0 < 768) && (bk0 < 2048));
          const int brow0 = ((e * 768) + min(bn0, 767));
          const int bkc0 = min(bk0, 2040);
          const int bdst0 = ((((1 - buf) * 2304) + (br0 * 36)) + (bw0 * 4));
          const int q0blk = (((brow0 * 64) + (bkc0 / 32)) * 18);
          const float q0d = kf_f16_to_f32(((unsigned int)(*(const unsigned short*)(&w_gate[q0blk]))));
          const int q0o = (bkc0 & 31);
          const unsigned int q0sh = ((unsigned int)((q0o >> 4) * 4));
          const int q0cb = ((q0blk + 2) + (q0o & 15));
          const unsigned int q0w0 = (((unsigned int)(*(const unsigned short*)(&w_gate[(q0cb + 0)]))) >> q0sh);
          const unsigned int q0w1 = (((unsigned int)(*(const unsigned short*)(&w_gate[(q0cb + 2)]))) >> q0sh);
          const unsigned int q0w2 = (((unsigned int)(*(const unsigned short*)(&w_gate[(q0cb + 4)]))) >> q0sh);
          const unsigned int q0w3 = (((unsigned int)(*(const unsigned short*)(&w_gate[(q0cb + 6)]))) >> q0sh);
          sB0[(bdst0 + 0)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w0 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w0 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
          sB0[(bdst0 + 1)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w1 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w1 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
          sB0[(bdst0 + 2)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w2 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w2 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
          sB0[(bdst0 + 3)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w3 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w3 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
        }
        #pragma unroll 4
        for (int st = 0; st < 4; st++) {
          const int br1 = (((st * 128) + tid) / 8);
          const int bw1 = (((st * 128) + tid) % 8);
          const int bk1 = (((it + 1) * 64) + (bw1 * 8));
          const int bn1 = (n0 + br1);
          const bool bin1 = ((bn1 < 768) && (bk1 < 2048));
          const int brow1 = ((e * 768) + min(bn1, 767));
          const int bkc1 = min(bk1, 2040);
          const int bdst1 = ((((1 - buf) * 2304) + (br1 * 36)) + (bw1 * 4));
          const int q1blk = (((brow1 * 64) + (bkc1 / 32)) * 18);
          const float q1d = kf_f16_to_f32(((unsigned int)(*(const unsigned short*)(&w_up[q1blk]))));
          const int q1o = (bkc1 & 31);
          const unsigned int q1sh = ((unsigned int)((q1o >> 4) * 4));
          const int q1cb = ((q1blk + 2) + (q1o & 15));
          const unsigned int q1w0 = (((unsigned int)(*(const unsigned short*)(&w_up[(q1cb + 0)]))) >> q1sh);
          const unsigned int q1w1 = (((unsigned int)(*(const unsigned short*)(&w_up[(q1cb + 2)]))) >> q1sh);
          const unsigned int q1w2 = (((unsigned int)(*(const unsigned short*)(&w_up[(q1cb + 4)]))) >> q1sh);
          const unsigned int q1w3 = (((unsigned int)(*(const unsigned short*)(&w_up[(q1cb + 6)]))) >> q1sh);
          sB1[(bdst1 + 0)] = (bin1 ? kf_pack_f16x2((((float)(((int)((q1w0 >> 0u) & 15u)) - 8)) * q1d), (((float)(((int)((q1w0 >> 8u) & 15u)) - 8)) * q1d)) : 0u);
          sB1[(bdst1 + 1)] = (bin1 ? kf_pack_f16x2((((float)(((int)((q1w1 >> 0u) & 15u)) - 8)) * q1d), (((float)(((int)((q1w1 >> 8u) & 15u)) - 8)) * q1d)) : 0u);
          sB1[(bdst1 + 2)] = (bin1 ? kf_pack_f16x2((((float)(((int)((q1w2 >> 0u) & 15u)) - 8)) * q1d), (((float)(((int)((q1w2 >> 8u) & 15u)) - 8)) * q1d)) : 0u);
          sB1[(bdst1 + 3)] = (bin1 ? kf_pack_f16x2((((float)(((int)((q1w3 >> 0u) & 15u)) - 8)) * q1d), (((float)(((int)((q1w3 >> 8u) & 15u)) - 8)) * q1d)) : 0u);
        }
      }
      asm volatile("cp.async.commit_group;" ::: "memory");
      asm volatile("cp.async.wait_group 1;" ::: "memory");
      __syncthreads();
      const int aBase = (buf * 2304);
      const int bBase = (buf * 2304);
      #pragma unroll 4
      for (int kk = 0; kk < 4; kk++) {
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(af[0]), "=r"(af[1]), "=r"(af[2]), "=r"(af[3]) : "r"((unsigned int)__cvta_generic_to_shared(&sA[(((aBase + aLane) + 0) + (kk * 8))])) : "memory");
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(af[4]), "=r"(af[5]), "=r"(af[6]), "=r"(af[7]) : "r"((unsigned int)__cvta_generic_to_shared(&sA[(((aBase + aLane) + 576) + (kk * 8))])) : "memory");
        #pragma unroll 2
        for (int jp = 0; jp < 2; jp++) {
          asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(bf[0]), "=r"(bf[1]), "=r"(bf[2]), "=r"(bf[3]) : "r"((unsigned int)__cvta_generic_to_shared(&sB0[(((bBase + bLane) + (jp * 576)) + (kk * 8))])) : "memory");
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc0[((jp * 8) + 0)]), "+f"(acc0[((jp * 8) + 0) + 1]), "+f"(acc0[((jp * 8) + 0) + 2]), "+f"(acc0[((jp * 8) + 0) + 3]) : "r"(af[0]), "r"(af[1]), "r"(af[2]), "r"(af[3]), "r"(bf[0]), "r"(bf[1]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc0[((jp * 8) + 4)]), "+f"(acc0[((jp * 8) + 4) + 1]), "+f"(acc0[((jp * 8) + 4) + 2]), "+f"(acc0[((jp * 8) + 4) + 3]) : "r"(af[0]), "r"(af[1]), "r"(af[2]), "r"(af[3]), "r"(bf[2]), "r"(bf[3]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc0[((jp * 8) + 16)]), "+f"(acc0[((jp * 8) + 16) + 1]), "+f"(acc0[((jp * 8) + 16) + 2]), "+f"(acc0[((jp * 8) + 16) + 3]) : "r"(af[4]), "r"(af[5]), "r"(af[6]), "r"(af[7]), "r"(bf[0]), "r"(bf[1]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc0[((jp * 8) + 20)]), "+f"(acc0[((jp * 8) + 20) + 1]), "+f"(acc0[((jp * 8) + 20) + 2]), "+f"(acc0[((jp * 8) + 20) + 3]) : "r"(af[4]), "r"(af[5]), "r"(af[6]), "r"(af[7]), "r"(bf[2]), "r"(bf[3]));
          asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(bf[0]), "=r"(bf[1]), "=r"(bf[2]), "=r"(bf[3]) : "r"((unsigned int)__cvta_generic_to_shared(&sB1[(((bBase + bLane) + (jp * 576)) + (kk * 8))])) : "memory");
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc1[((jp * 8) + 0)]), "+f"(acc1[((jp * 8) + 0) + 1]), "+f"(acc1[((jp * 8) + 0) + 2]), "+f"(acc1[((jp * 8) + 0) + 3]) : "r"(af[0]), "r"(af[1]), "r"(af[2]), "r"(af[3]), "r"(bf[0]), "r"(bf[1]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc1[((jp * 8) + 4)]), "+f"(acc1[((jp * 8) + 4) + 1]), "+f"(acc1[((jp * 8) + 4) + 2]), "+f"(acc1[((jp * 8) + 4) + 3]) : "r"(af[0]), "r"(af[1]), "r"(af[2]), "r"(af[3]), "r"(bf[2]), "r"(bf[3]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc1[((jp * 8) + 16)]), "+f"(acc1[((jp * 8) + 16) + 1]), "+f"(acc1[((jp * 8) + 16) + 2]), "+f"(acc1[((jp * 8) + 16) + 3]) : "r"(af[4]), "r"(af[5]), "r"(af[6]), "r"(af[7]), "r"(bf[0]), "r"(bf[1]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc1[((jp * 8) + 20)]), "+f"(acc1[((jp * 8) + 20) + 1]), "+f"(acc1[((jp * 8) + 20) + 2]), "+f"(acc1[((jp * 8) + 20) + 3]) : "r"(af[4]), "r"(af[5]), "r"(af[6]), "r"(af[7]), "r"(bf[2]), "r"(bf[3]));
        }
      }
      __syncthreads();
    }
    const int er0_0 = ((wm0 + 0) + g);
    if (er0_0 < rows) {
      const int en0_0_0 = (((n0 + wn0) + 0) + (t4 * 2));
      if (en0_0_0 < 768) {
        const float hg0_0_0_0 = acc0[0];
        const float hg0_0_0_1 = acc0[1];
        moe_hidden_h[((((j0 + er0_0) * 768) + en0_0_0) / 2)] = kf_pack_f16x2(((hg0_0_0_0 / (1.0f + expf((0.0f - hg0_0_0_0)))) * acc1[0]), ((hg0_0_0_1 / (1.0f + expf((0.0f - hg0_0_0_1)))) * acc1[1]));
      }
      const int en0_1_0 = (((n0 + wn0) + 8) + (t4 * 2));
      if (en0_1_0 < 768) {
        const float hg0_1_0_0 = acc0[4];
        const float hg0_1_0_1 = acc0[5];
        moe_hidden_h[((((j0 + er0_0) * 768) + en0_1_0) / 2)] = kf_pack_f16x2(((hg0_1_0_0 / (1.0f + expf((0.0f - hg0_1_0_0)))) * acc1[4]), ((hg0_1_0_1 / (1.0f + expf((0.0f - hg0_1_0_1)))) * acc1[5]));
      }
      const int en0_2_0 = (((n0 + wn0) + 16) + (t4 * 2));
      if (en0_2_0 < 768) {
        const float hg0_2_0_0 = acc0[8];
        const float hg0_2_0_1 = acc0[9];
        moe_hidden_h[((((j0 + er0_0) * 768) + en0_2_0) / 2)] = kf_pack_f16x2(((hg0_2_0_0 / (1.0f + expf((0.0f - hg0_2_0_0)))) * acc1[8]), ((hg0_2_0_1 / (1.0f + expf((0.0f - hg0_2_0_1)))) * acc1[9]));
      }
      const int en0_3_0 = (((n0 + wn0) + 24) + (t4 * 2));
      if (en0_3_0 < 768) {
        const float hg0_3_0_0 = acc0[12];
        const float hg0_3_0_1 = acc0[13];
        moe_hidden_h[((((j0 + er0_0) * 768) + en0_3_0) / 2)] = kf_pack_f16x2(((hg0_3_0_0 / (1.0f + expf((0.0f - hg0_3_0_0)))) * acc1[12]), ((hg0_3_0_1 / (1.0f + expf((0.0f - hg0_3_0_1)))) * acc1[13]));
      }
    }
    const int er0_1 = ((wm0 + 8) + g);
    if (er0_1 < rows) {
      const int en0_0_1 = (((n0 + wn0) + 0) + (t4 * 2));
      if (en0_0_1 < 768) {
        const float hg0_0_1_0 = acc0[2];
        const float hg0_0_1_1 = acc0[3];
        moe_hidden_h[((((j0 + er0_1) * 768) + en0_0_1) / 2)] = kf_pack_f16x2(((hg0_0_1_0 / (1.0f + expf((0.0f - hg0_0_1_0)))) * acc1[2]), ((hg0_0_1_1 / (1.0f + expf((0.0f - hg0_0_1_1)))) * acc1[3]));
      }
      const int en0_1_1 = (((n0 + wn0) + 8) + (t4 * 2));
      if (en0_1_1 < 768) {
        const float hg0_1_1_0 = acc0[6];
        const float hg0_1_1_1 = acc0[7];
        moe_hidden_h[((((j0 + er0_1) * 768) + en0_1_1) / 2)] = kf_pack_f16x2(((hg0_1_1_0 / (1.0f + expf((0.0f - hg0_1_1_0)))) * acc1[6]), ((hg0_1_1_1 / (1.0f + expf((0.0f - hg0_1_1_1)))) * acc1[7]));
      }
      const int en0_2_1 = (((n0 + wn0) + 16) + (t4 * 2));
      if (en0_2_1 < 768) {
        const float hg0_2_1_0 = acc0[10];
        const float hg0_2_1_1 = acc0[11];
        moe_hidden_h[((((j0 + er0_1) * 768) + en0_2_1) / 2)] = kf_pack_f16x2(((hg0_2_1_0 / (1.0f + expf((0.0f - hg0_2_1_0)))) * acc1[10]), ((hg0_2_1_1 / (1.0f + expf((0.0f - hg0_2_1_1)))) * acc1[11]));
      }
      const int en0_3_1 = (((n0 + wn0) + 24) + (t4 * 2));
      if (en0_3_1 < 768) {
        const float hg0_3_1_0 = acc0[14];
        const float hg0_3_1_1 = acc0[15];
        moe_hidden_h[((((j0 + er0_1) * 768) + en0_3_1) / 2)] = kf_pack_f16x2(((hg0_3_1_0 / (1.0f + expf((0.0f - hg0_3_1_0)))) * acc1[14]), ((hg0_3_1_1 / (1.0f + expf((0.0f - hg0_3_1_1)))) * acc1[15]));
      }
    }
    const int er1_0 = ((wm0 + 16) + g);
    if (er1_0 < rows) {
      const int en1_0_0 = (((n0 + wn0) + 0) + (t4 * 2));
      if (en1_0_0 < 768) {
        const float hg1_0_0_0 = acc0[16];
        const float hg1_0_0_1 = acc0[17];
        moe_hidden_h[((((j0 + er1_0) * 768) + en1_0_0) / 2)] = kf_pack_f16x2(((hg1_0_0_0 / (1.0f + expf((0.0f - hg1_0_0_0)))) * acc1[16]), ((hg1_0_0_1 / (1.0f + expf((0.0f - hg1_0_0_1)))) * acc1[17]));
      }
      const int en1_1_0 = (((n0 + wn0) + 8) + (t4 * 2));
      if (en1_1_0 < 768) {
        const float hg1_1_0_0 = acc0[20];
        const float hg1_1_0_1 = acc0[21];
        moe_hidden_h[((((j0 + er1_0) * 768) + en1_1_0) / 2)] = kf_pack_f16x2(((hg1_1_0_0 / (1.0f + expf((0.0f - hg1_1_0_0)))) * acc1[20]), ((hg1_1_0_1 / (1.0f + expf((0.0f - hg1_1_0_1)))) * acc1[21]));
      }
      const int en1_2_0 = (((n0 + wn0) + 16) + (t4 * 2));
      if (en1_2_0 < 768) {
        const float hg1_2_0_0 = acc0[24];
        const float hg1_2_0_1 = acc0[25];
        moe_hidden_h[((((j0 + er1_0) * 768) + en1_2_0) / 2)] = kf_pack_f16x2(((hg1_2_0_0 / (1.0f + expf((0.0f - hg1_2_0_0)))) * acc1[24]), ((hg1_2_0_1 / (1.0f + expf((0.0f - hg1_2_0_1)))) * acc1[25]));
      }
      const int en1_3_0 = (((n0 + wn0) + 24) + (t4 * 2));
      if (en1_3_0 < 768) {
        const float hg1_3_0_0 = acc0[28];
        const float hg1_3_0_1 = acc0[29];
        moe_hidden_h[((((j0 + er1_0) * 768) + en1_3_0) / 2)] = kf_pack_f16x2(((hg1_3_0_0 / (1.0f + expf((0.0f - hg1_3_0_0)))) * acc1[28]), ((hg1_3_0_1 / (1.0f + expf((0.0f - hg1_3_0_1)))) * acc1[29]));
      }
    }
    const int er1_1 = ((wm0 + 24) + g);
    if (er1_1 < rows) {
      const int en1_0_1 = (((n0 + wn0) + 0) + (t4 * 2));
      if (en1_0_1 < 768) {
        const float hg1_0_1_0 = acc0[18];
        const float hg1_0_1_1 = acc0[19];
        moe_hidden_h[((((j0 + er1_1) * 768) + en1_0_1) / 2)] = kf_pack_f16x2(((hg1_0_1_0 / (1.0f + expf((0.0f - hg1_0_1_0)))) * acc1[18]), ((hg1_0_1_1 / (1.0f + expf((0.0f - hg1_0_1_1)))) * acc1[19]));
      }
      const int en1_1_1 = (((n0 + wn0) + 8) + (t4 * 2));
      if (en1_1_1 < 768) {
        const float hg1_1_1_0 = acc0[22];
        const float hg1_1_1_1 = acc0[23];
        moe_hidden_h[((((j0 + er1_1) * 768) + en1_1_1) / 2)] = kf_pack_f16x2(((hg1_1_1_0 / (1.0f + expf((0.0f - hg1_1_1_0)))) * acc1[22]), ((hg1_1_1_1 / (1.0f + expf((0.0f - hg1_1_1_1)))) * acc1[23]));
      }
      const int en1_2_1 = (((n0 + wn0) + 16) + (t4 * 2));
      if (en1_2_1 < 768) {
        const float hg1_2_1_0 = acc0[26];
        const float hg1_2_1_1 = acc0[27];
        moe_hidden_h[((((j0 + er1_1) * 768) + en1_2_1) / 2)] = kf_pack_f16x2(((hg1_2_1_0 / (1.0f + expf((0.0f - hg1_2_1_0)))) * acc1[26]), ((hg1_2_1_1 / (1.0f + expf((0.0f - hg1_2_1_1)))) * acc1[27]));
      }
      const int en1_3_1 = (((n0 + wn0) + 24) + (t4 * 2));
      if (en1_3_1 < 768) {
        const float hg1_3_1_0 = acc0[30];
        const float hg1_3_1_1 = acc0[31];
        moe_hidden_h[((((j0 + er1_1) * 768) + en1_3_1) / 2)] = kf_pack_f16x2(((hg1_3_1_0 / (1.0f + expf((0.0f - hg1_3_1_0)))) * acc1[30]), ((hg1_3_1_1 / (1.0f + expf((0.0f - hg1_3_1_1)))) * acc1[31]));
      }
    }
  }
}



extern "C" __global__ void __launch_bounds__(128) moe_down_mma(const unsigned int* __restrict__ moe_hidden_h, const unsigned char* __restrict__ w_down, const int* __restrict__ moe_meta, const float* __restrict__ moe_w, float* __restrict__ moe_partial, int T) {
  // moe moe_down_mma: tiles of 64 tokens x 64 columns of one expert, k by 64, 4 warps (2 x 2), mma m16n8k16 f16 -> f32
  unsigned int* const sA = reinterpret_cast<unsigned int*>(kf_dynamic_shared + 0);
  unsigned int* const sB0 = reinterpret_cast<unsigned int*>(kf_dynamic_shared + 18432);
  __shared__ int srow[64];
  __shared__ float sfac[64];
  const int tid = (int)threadIdx.x;
  const int tile = (int)blockIdx.y;
  const int n0 = ((int)blockIdx.x * 64);
  const int n_tiles = moe_meta[(385 + ((T * 8) * 2))];
  if (tile < n_tiles) {
    const int tw = (((385 + ((T * 8) * 2)) + 1) + (tile * 3));
    const int e = moe_meta[tw];
    const int j0 = moe_meta[(tw + 1)];
    const int rows = moe_meta[(tw + 2)];
    const int warp = (tid >> 5);
    const int ln = (tid & 31);
    const int g = (ln >> 2);
    const int t4 = (ln & 3);
    const int wm0 = ((warp / 2) * 32);
    const int wn0 = ((warp % 2) * 32);
    for (int r = tid; r < 64; r += 128) {
      const int rp = (j0 + r);
      const int rpair = moe_meta[(rp + 385)];
      const bool rin = (r < rows);
      srow[r] = (rin ? (rp * 384) : (-1));
      sfac[r] = (rin ? moe_w[rpair] : 0.0f);
    }
    __syncthreads();
    float acc0[32];
    #pragma unroll 32
    for (int i = 0; i < 32; i++) {
      acc0[i] = 0.0f;
    }
    unsigned int af[8];
    unsigned int bf[4];
    const int aLane = ((((wm0 + (((ln >> 3) & 1) * 8)) + (ln & 7)) * 36) + ((ln >> 4) * 4));
    const int bLane = ((((wn0 + ((ln >> 4) * 8)) + (ln & 7)) * 36) + (((ln >> 3) & 1) * 4));
    #pragma unroll 4
    for (int st = 0; st < 4; st++) {
      const int ar = (((st * 128) + tid) / 8);
      const int aw = (((st * 128) + tid) % 8);
      const int ak = ((0 * 64) + (aw * 8));
      const int asrc = srow[ar];
      const bool ain = ((asrc >= 0) && (ak < 768));
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"((unsigned int)__cvta_generic_to_shared(&sA[(((0 * 2304) + (ar * 36)) + (aw * 4))])), "l"(&moe_hidden_h[(ain ? (asrc + (ak / 2)) : 0)]), "r"((int)((ain ? 16 : 0))) : "memory");
    }
    #pragma unroll 4
    for (int st = 0; st < 4; st++) {
      const int br0 = (((st * 128) + tid) / 8);
      const int bw0 = (((st * 128) + tid) % 8);
      const int bk0 = ((0 * 64) + (bw0 * 8));
      const int bn0 = (n0 + br0);
      const bool bin0 = ((bn0 < 2048) && (bk0 < 768));
      const int brow0 = ((e * 2048) + min(bn0, 2047));
      const int bkc0 = min(bk0, 760);
      const int bdst0 = (((0 * 2304) + (br0 * 36)) + (bw0 * 4));
      const int q0blk = (((brow0 * 24) + (bkc0 / 32)) * 18);
      const float q0d = kf_f16_to_f32(((unsigned int)(*(const unsigned short*)(&w_down[q0blk]))));
      const int q0o = (bkc0 & 31);
      const unsigned int q0sh = ((unsigned int)((q0o >> 4) * 4));
      const int q0cb = ((q0blk + 2) + (q0o & 15));
      const unsigned int q0w0 = (((unsigned int)(*(const unsigned short*)(&w_down[(q0cb + 0)]))) >> q0sh);
      const unsigned int q0w1 = (((unsigned int)(*(const unsigned short*)(&w_down[(q0cb + 2)]))) >> q0sh);
      const unsigned int q0w2 = (((unsigned int)(*(const unsigned short*)(&w_down[(q0cb + 4)]))) >> q0sh);
      const unsigned int q0w3 = (((unsigned int)(*(const unsigned short*)(&w_down[(q0cb + 6)]))) >> q0sh);
      sB0[(bdst0 + 0)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w0 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w0 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
      sB0[(bdst0 + 1)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w1 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w1 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
      sB0[(bdst0 + 2)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w2 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w2 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
      sB0[(bdst0 + 3)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w3 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w3 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
    for (int it = 0; it < 12; it++) {
      const int buf = (it & 1);
      if ((it + 1) < 12) {
        #pragma unroll 4
        for (int st = 0; st < 4; st++) {
          const int ar = (((st * 128) + tid) / 8);
          const int aw = (((st * 128) + tid) % 8);
          const int ak = (((it + 1) * 64) + (aw * 8));
          const int asrc = srow[ar];
          const bool ain = ((asrc >= 0) && (ak < 768));
          asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"((unsigned int)__cvta_generic_to_shared(&sA[((((1 - buf) * 2304) + (ar * 36)) + (aw * 4))])), "l"(&moe_hidden_h[(ain ? (asrc + (ak / 2)) : 0)]), "r"((int)((ain ? 16 : 0))) : "memory");
        }
        #pragma unroll 4
        for (int st = 0; st < 4; st++) {
          const int br0 = (((st * 128) + tid) / 8);
          const int bw0 = (((st * 128) + tid) % 8);
          const int bk0 = (((it + 1) * 64) + (bw0 * 8));
          const int bn0 = (n0 + br0);
          const bool bin0 = ((bn0 < 2048) && (bk0 < 768));
          const int brow0 = ((e * 2048) + min(bn0, 2047));
          const int bkc0 = min(bk0, 760);
          const int bdst0 = ((((1 - buf) * 2304) + (br0 * 36)) + (bw0 * 4));
          const int q0blk = (((brow0 * 24) + (bkc0 / 32)) * 18);
          const float q0d = kf_f16_to_f32(((unsigned int)(*(const unsigned short*)(&w_down[q0blk]))));
          const int q0o = (bkc0 & 31);
          const unsigned int q0sh = ((unsigned int)((q0o >> 4) * 4));
          const int q0cb = ((q0blk + 2) + (q0o & 15));
          const unsigned int q0w0 = (((unsigned int)(*(const unsigned short*)(&w_down[(q0cb + 0)]))) >> q0sh);
          const unsigned int q0w1 = (((unsigned int)(*(const unsigned short*)(&w_down[(q0cb + 2)]))) >> q0sh);
          const unsigned int q0w2 = (((unsigned int)(*(const unsigned short*)(&w_down[(q0cb + 4)]))) >> q0sh);
          const unsigned int q0w3 = (((unsigned int)(*(const unsigned short*)(&w_down[(q0cb + 6)]))) >> q0sh);
          sB0[(bdst0 + 0)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w0 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w0 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
          sB0[(bdst0 + 1)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w1 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w1 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
          sB0[(bdst0 + 2)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w2 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w2 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
          sB0[(bdst0 + 3)] = (bin0 ? kf_pack_f16x2((((float)(((int)((q0w3 >> 0u) & 15u)) - 8)) * q0d), (((float)(((int)((q0w3 >> 8u) & 15u)) - 8)) * q0d)) : 0u);
        }
      }
      asm volatile("cp.async.commit_group;" ::: "memory");
      asm volatile("cp.async.wait_group 1;" ::: "memory");
      __syncthreads();
      const int aBase = (buf * 2304);
      const int bBase = (buf * 2304);
      #pragma unroll 4
      for (int kk = 0; kk < 4; kk++) {
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(af[0]), "=r"(af[1]), "=r"(af[2]), "=r"(af[3]) : "r"((unsigned int)__cvta_generic_to_shared(&sA[(((aBase + aLane) + 0) + (kk * 8))])) : "memory");
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(af[4]), "=r"(af[5]), "=r"(af[6]), "=r"(af[7]) : "r"((unsigned int)__cvta_generic_to_shared(&sA[(((aBase + aLane) + 576) + (kk * 8))])) : "memory");
        #pragma unroll 2
        for (int jp = 0; jp < 2; jp++) {
          asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(bf[0]), "=r"(bf[1]), "=r"(bf[2]), "=r"(bf[3]) : "r"((unsigned int)__cvta_generic_to_shared(&sB0[(((bBase + bLane) + (jp * 576)) + (kk * 8))])) : "memory");
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc0[((jp * 8) + 0)]), "+f"(acc0[((jp * 8) + 0) + 1]), "+f"(acc0[((jp * 8) + 0) + 2]), "+f"(acc0[((jp * 8) + 0) + 3]) : "r"(af[0]), "r"(af[1]), "r"(af[2]), "r"(af[3]), "r"(bf[0]), "r"(bf[1]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc0[((jp * 8) + 4)]), "+f"(acc0[((jp * 8) + 4) + 1]), "+f"(acc0[((jp * 8) + 4) + 2]), "+f"(acc0[((jp * 8) + 4) + 3]) : "r"(af[0]), "r"(af[1]), "r"(af[2]), "r"(af[3]), "r"(bf[2]), "r"(bf[3]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc0[((jp * 8) + 16)]), "+f"(acc0[((jp * 8) + 16) + 1]), "+f"(acc0[((jp * 8) + 16) + 2]), "+f"(acc0[((jp * 8) + 16) + 3]) : "r"(af[4]), "r"(af[5]), "r"(af[6]), "r"(af[7]), "r"(bf[0]), "r"(bf[1]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(acc0[((jp * 8) + 20)]), "+f"(acc0[((jp * 8) + 20) + 1]), "+f"(acc0[((jp * 8) + 20) + 2]), "+f"(acc0[((jp * 8) + 20) + 3]) : "r"(af[4]), "r"(af[5]), "r"(af[6]), "r"(af[7]), "r"(bf[2]), "r"(bf[3]));
        }
      }
      __syncthreads();
    }
    const int er0_0 = ((wm0 + 0) + g);
    if (er0_0 < rows) {
      const float ef0_0 = sfac[er0_0];
      const int en0_0_0 = (((n0 + wn0) + 0) + (t4 * 2));
      if (en0_0_0 < 2048) {
        moe_partial[(((j0 + er0_0) * 2048) + en0_0_0)] = (acc0[0] * ef0_0);
        moe_partial[((((j0 + er0_0) * 2048) + en0_0_0) + 1)] = (acc0[1] * ef0_0);
      }
      const int en0_1_0 = (((n0 + wn0) + 8) + (t4 * 2));
      if (en0_1_0 < 2048) {
        moe_partial[(((j0 + er0_0) * 2048) + en0_1_0)] = (acc0[4] * ef0_0);
        moe_partial[((((j0 + er0_0) * 2048) + en0_1_0) + 1)] = (acc0[5] * ef0_0);
      }
      const int en0_2_0 = (((n0 + wn0) + 16) + (t4 * 2));
      if (en0_2_0 < 2048) {
        moe_partial[(((j0 + er0_0) * 2048) + en0_2_0)] = (acc0[8] * ef0_0);
        moe_partial[((((j0 + er0_0) * 2048) + en0_2_0) + 1)] = (acc0[9] * ef0_0);
      }
      const int en0_3_0 = (((n0 + wn0) + 24) + (t4 * 2));
      if (en0_3_0 < 2048) {
        moe_partial[(((j0 + er0_0) * 2048) + en0_3_0)] = (acc0[12] * ef0_0);
        moe_partial[((((j0 + er0_0) * 2048) + en0_3_0) + 1)] = (acc0[13] * ef0_0);
      }
    }
    const int er0_1 = ((wm0 + 8) + g);
    if (er0_1 < rows) {
      const float ef0_1 = sfac[er0_1];
      const int en0_0_1 = (((n0 + wn0) + 0) + (t4 * 2));
      if (en0_0_1 < 2048) {
        moe_partial[(((j0 + er0_1) * 2048) + en0_0_1)] = (acc0[2] * ef0_1);
        moe_partial[((((j0 + er0_1) * 2048) + en0_0_1) + 1)] = (acc0[3] * ef0_1);
      }
      const int en0_1_1 = (((n0 + wn0) + 8) + (t4 * 2));
      if (en0_1_1 < 2048) {
        moe_partial[(((j0 + er0_1) * 2048) + en0_1_1)] = (acc0[6] * ef0_1);
        moe_partial[((((j0 + er0_1) * 2048) + en0_1_1) + 1)] = (acc0[7] * ef0_1);
      }
      const int en0_2_1 = (((n0 + wn0) + 16) + (t4 * 2));
      if (en0_2_1 < 2048) {
        moe_partial[(((j0 + er0_1) * 2048) + en0_2_1)] = (acc0[10] * ef0_1);
        moe_partial[((((j0 + er0_1) * 2048) + en0_2_1) + 1)] = (acc0[11] * ef0_1);
      }
      const int en0_3_1 = (((n0 + wn0) + 24) + (t4 * 2));
      if (en0_3_1 < 2048) {
        moe_partial[(((j0 + er0_1) * 2048) + en0_3_1)] = (acc0[14] * ef0_1);
        moe_partial[((((j0 + er0_1) * 2048) + en0_3_1) + 1)] = (acc0[15] * ef0_1);
      }
    }
    const int er1_0 = ((wm0 + 16) + g);
    if (er1_0 < rows) {
      const float ef1_0 = sfac[er1_0];
      const int en1_0_0 = (((n0 + wn0) + 0) + (t4 * 2));
      if (en1_0_0 < 2048) {
        moe_partial[(((j0 + er1_0) * 2048) + en1_0_0)] = (acc0[16] * ef1_0);
        moe_partial[((((j0 + er1_0) * 2048) + en1_0_0) + 1)] = (acc0[17] * ef1_0);
      }
      const int en1_1_0 = (((n0 + wn0) + 8) + (t4 * 2));
      if (en1_1_0 < 2048) {
        moe_partial[(((j0 + er1_0) * 2048) + en1_1_0)] = (acc0[20] * ef1_0);
        moe_partial[((((j0 + er1_0) * 2048) + en1_1_0) + 1)] = (acc0[21] * ef1_0);
      }
      const int en1_2_0 = (((n0 + wn0) + 16) + (t4 * 2));
      if (en1_2_0 < 2048) {
        moe_partial[(((j0 + er1_0) * 2048) + en1_2_0)] = (acc0[24] * ef1_0);
        moe_partial[((((j0 + er1_0) * 2048) + en1_2_0) + 1)] = (acc0[25] * ef1_0);
      }
      const int en1_3_0 = (((n0 + wn0) + 24) + (t4 * 2));
      if (en1_3_0 < 2048) {
        moe_partial[(((j0 + er1_0) * 2048) + en1_3_0)] = (acc0[28] * ef1_0);
        moe_partial[((((j0 + er1_0) * 2048) + en1_3_0) + 1)] = (acc0[29] * ef1_0);
      }
    }
    const int er1_1 = ((wm0 + 24) + g);
    if (er1_1 < rows) {
      const float ef1_1 = sfac[er1_1];
      const int en1_0_1 = (((n0 + wn0) + 0) + (t4 * 2));
      if (en1_0_1 < 2048) {
        moe_partial[(((j0 + er1_1) * 2048) + en1_0_1)] = (acc0[18] * ef1_1);
        moe_partial[((((j0 + er1_1) * 2048) + en1_0_1) + 1)] = (acc0[19] * ef1_1);
      }
      const int en1_1_1 = (((n0 + wn0) + 8) + (t4 * 2));
      if (en1_1_1 < 2048) {
        moe_partial[(((j0 + er1_1) * 2048) + en1_1_1)] = (acc0[22] * ef1_1);
        moe_partial[((((j0 + er1_1) * 2048) + en1_1_1) + 1)] = (acc0[23] * ef1_1);
      }
      const int en1_2_1 = (((n0 + wn0) + 16) + (t4 * 2));
      if (en1_2_1 < 2048) {
        moe_partial[(((j0 + er1_1) * 2048) + en1_2_1)] = (acc0[26] * ef1_1);
        moe_partial[((((j0 + er1_1) * 2048) + en1_2_1) + 1)] = (acc0[27] * ef1_1);
      }
      const int en1_3_1 = (((n0 + wn0) + 24) + (t4 * 2));
      if (en1_3_1 < 2048) {
        moe_partial[(((j0 + er1_1) * 2048) + en1_3_1)] = (acc0[30] * ef1_1);
        moe_partial[((((j0 + er1_1) * 2048) + en1_3_1) + 1)] = (acc0[31] * ef1_1);
      }
    }
  }
}

extern "C" __global__ void __launch_bounds__(256) moe_combine(const int* __restrict__ moe_meta, const float* __restrict__ moe_partial, float* __restrict__ y, int T) {
  // combine: y = the 8 weighted expert outputs of each token, summed in slot order
  const int i = ((((int)blockIdx.x + ((int)blockIdx.y * (int)gridDim.x)) * 256) + (int)threadIdx.x);
  if (i < (T * 2048)) {
    const int t = (i / 2048);
    const int h = (i % 2048);
    float sum = 0.0f;
    for (int r = 0; r < 8; r++) {
      const int j = moe_meta[((385 + (T * 8)) + ((t * 8) + r))];
      if (j >= 0) {
        sum = (sum + moe_partial[((j * 2048) + h)]);
      }
    }
    y[i] = sum;
  }
}
