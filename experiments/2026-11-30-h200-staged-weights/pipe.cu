// Weight streaming structures for the q4_0 x f16 decode gemv at 11008x4096 (K = 4096 only), each checked against the
// emitted kernel (the CUDA golden cuda-q4_0-f16-decode.gemv.cu as of 1a80294: what `kforge emit gemv --target cuda`
// gave for this shape when measured) and timed in a graph of launches over
// 1 GiB of weight copies with programmatic dependent launch:
//   pipe      persistent workgroups, a cp.async (LDGSTS) ring of shared-memory stages, one warp per row, x per warp
//   staged2   one tile per workgroup staged before griddepcontrol.wait, thread = 36-byte block pair for 8 rows
//   pipe_tma  persistent, a TMA ring (cp.async.bulk + one mbarrier per stage), all stages issued before the wait
//   pipe_tma2 the same with x brought in once per workgroup (bulk copy, quantized into shared memory), RPW rows per warp
//   ws        warp-specialized TMA ring: warp 0 streams without waiting for the previous grid, C consumer warps
//   tma3      the emitted kernel's compute shape (thread = block pair x 8 rows, x in registers) on a warp-specialized ring
// The variant list in main() is the last one run; times-rings.txt has every run.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <vector>
#include <algorithm>
#define CK(call) do { cudaError_t ce_ = (call); if (ce_ != cudaSuccess) { fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(ce_)); exit(1); } } while (0)
namespace base {
#include "common/gen/q4_0-11008x4096/gemv.cu"  // kforge emit (common/cases.tsv); byte-identical to the golden
}
using base::kf_f16_to_f32; using base::kf_absmax_f16x2; using base::kf_f16x2_codes;

template <int MODE> __device__ __forceinline__ void cp16(unsigned s, const void* g) {
  if (MODE == 0) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(s), "l"(__cvta_generic_to_global(g)) : "memory");
  else asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(s), "l"(__cvta_generic_to_global(g)) : "memory");
}
__device__ __forceinline__ void commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int N> __device__ __forceinline__ void wait_group() { asm volatile("cp.async.wait_group %0;" :: "n"(N) : "memory"); }

constexpr int ROW_BYTES = 2304;

// quantize x block b (32 f16) into 8 code words, its scale and its code sum
__device__ __forceinline__ void quant_block(const unsigned* x, int b, unsigned* w, float& d, int& sum) {
  const uint4* p = (const uint4*)&x[b * 16];
  const uint4 h0 = p[0], h1 = p[1], h2 = p[2], h3 = p[3];
  const unsigned hw[16] = { h0.x, h0.y, h0.z, h0.w, h1.x, h1.y, h1.z, h1.w, h2.x, h2.y, h2.z, h2.w, h3.x, h3.y, h3.z, h3.w };
  unsigned hm = hw[0];
#pragma unroll
  for (int i = 1; i < 16; i++) hm = kf_absmax_f16x2(hm, hw[i]);
  const float amax = fmaxf(kf_f16_to_f32(hm), kf_f16_to_f32(hm >> 16));
  d = amax / 127.0f;
  const unsigned idb = __float_as_uint(d != 0.0f ? 1.0f / d : 0.0f);
  const float id = __uint_as_float(((idb + 4095u) + ((idb >> 13) & 1u)) & 4294959104u);
  if (id < 32768.0f) {
#pragma unroll
    for (int i = 0; i < 8; i++) w[i] = __byte_perm(kf_f16x2_codes(hw[2 * i], id), kf_f16x2_codes(hw[2 * i + 1], id), 0x6420);
  } else {
#pragma unroll
    for (int i = 0; i < 8; i++) {
      unsigned c[4];
#pragma unroll
      for (int j = 0; j < 4; j++) c[j] = __float_as_uint(fmaf(kf_f16_to_f32(hw[2 * i + j / 2] >> (16 * (j & 1))), id, 12582912.0f)) & 255u;
      w[i] = c[0] | (c[1] << 8) | (c[2] << 16) | (c[3] << 24);
    }
  }
  int s = 0;
#pragma unroll
  for (int i = 0; i < 8; i++) s = __dp4a((int)w[i], 0x01010101, s);
  sum = s;
}

__device__ __forceinline__ float block_dot(const unsigned* q, float wd, const unsigned* xw, float xd, int xsum) {
  int lo = 0, hi = -8 * xsum;
#pragma unroll
  for (int k = 0; k < 4; k++) {
    lo = __dp4a((int)(q[k] & 0x0f0f0f0fu), (int)xw[k], lo);
    hi = __dp4a((int)((q[k] >> 4) & 0x0f0f0f0fu), (int)xw[4 + k], hi);
  }
  return wd * (xd * (float)(lo + hi));
}

template <int STAGES, int PAIRS, bool COMPUTE = true, int TILE_ROWS = 8, int MODE = 0>  // PAIRS = block pairs per lane per row = K / 2048
__global__ void __launch_bounds__(32 * TILE_ROWS) pipe(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int THREADS = 32 * TILE_ROWS, TILE_BYTES = TILE_ROWS * ROW_BYTES;
  base::kf_launch_dependents();
  extern __shared__ __align__(16) unsigned char smem[];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int r0 = (int)((long)blockIdx.x * N / gridDim.x), r1 = (int)((long)(blockIdx.x + 1) * N / gridDim.x);
  const int ntiles = (r1 - r0 + TILE_ROWS - 1) / TILE_ROWS;
  const unsigned sbase = (unsigned)__cvta_generic_to_shared(smem);
  auto issue = [&](int t) {
    if (t < ntiles) {
      const int rows = min(TILE_ROWS, r1 - (r0 + t * TILE_ROWS));
      const uint4* g = (const uint4*)((const unsigned char*)W + (size_t)(r0 + t * TILE_ROWS) * ROW_BYTES);
      const unsigned s = sbase + (t % STAGES) * TILE_BYTES;
      const int n16 = rows * (ROW_BYTES / 16);
      constexpr int U = (TILE_BYTES / 16 + THREADS - 1) / THREADS;
      if (MODE < 2) {
#pragma unroll
        for (int u = 0; u < U; u++) { const int i = tid + u * THREADS; if (i < n16) cp16<MODE>(s + 16 * i, g + i); }
      } else {
        uint4 v[U]; uint4* sp = (uint4*)(smem + (t % STAGES) * TILE_BYTES);
#pragma unroll
        for (int u = 0; u < U; u++) { const int i = tid + u * THREADS; if (i < n16) v[u] = g[i]; }
#pragma unroll
        for (int u = 0; u < U; u++) { const int i = tid + u * THREADS; if (i < n16) sp[i] = v[u]; }
      }
    }
    commit();
  };
#pragma unroll
  for (int t = 0; t < STAGES - 1; t++) issue(t);
  base::kf_wait_previous_grid();
  unsigned xw[2 * PAIRS][8]; float xd[2 * PAIRS]; int xs[2 * PAIRS];
#pragma unroll
  for (int p = 0; p < PAIRS; p++)
#pragma unroll
    for (int h = 0; h < 2; h++) quant_block(x, 2 * (lane + 32 * p) + h, xw[2 * p + h], xd[2 * p + h], xs[2 * p + h]);
  for (int t = 0; t < ntiles; t++) {
    wait_group<STAGES - 2>();
    __syncthreads();
    issue(t + STAGES - 1);
    const int row = r0 + t * TILE_ROWS + warp;
    if (!COMPUTE) { if (row < r1 && lane == 0) y[row] = __uint_as_float(((const unsigned*)(smem + (t % STAGES) * TILE_BYTES))[tid]); continue; }
    if (row < r1) {
      const unsigned* sw = (const unsigned*)(smem + (t % STAGES) * TILE_BYTES + warp * ROW_BYTES);
      float acc = 0.0f;
#pragma unroll
      for (int p = 0; p < PAIRS; p++) {
        const unsigned* a = sw + 9 * (lane + 32 * p);
        unsigned w[9];
#pragma unroll
        for (int j = 0; j < 9; j++) w[j] = a[j];
        const unsigned qa[4] = { __funnelshift_r(w[0], w[1], 16), __funnelshift_r(w[1], w[2], 16), __funnelshift_r(w[2], w[3], 16), __funnelshift_r(w[3], w[4], 16) };
        acc += block_dot(qa, kf_f16_to_f32(w[0]), xw[2 * p], xd[2 * p], xs[2 * p]);
        acc += block_dot(w + 5, kf_f16_to_f32(w[4] >> 16), xw[2 * p + 1], xd[2 * p + 1], xs[2 * p + 1]);
      }
#pragma unroll
      for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
      if (lane == 0) y[row] = acc;
    }
  }
}


// staged2: one 8G-row tile per workgroup of 64G threads, staged in shared memory before the wait (LDG.128 -> STS.128
// or cp.async); thread t owns block pair t % 64 (x quantized once per thread, 2 blocks) for 8 rows: 9 conflict-free LDS
template <int G, int MODE>
__global__ void __launch_bounds__(64 * G) staged2(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int T = 64 * G, R = 8 * G, U = R * ROW_BYTES / 16 / T;  // 18 uint4 per thread
  base::kf_launch_dependents();
  __shared__ __align__(16) unsigned char smem[R * ROW_BYTES];
  __shared__ float red[R][2];
  const int tid = threadIdx.x, p = tid & 63, g = tid >> 6, lane = tid & 31;
  const int n0 = blockIdx.x * R;
  const int rows = min(R, N - n0);
  const uint4* gw = (const uint4*)((const unsigned char*)W + (size_t)n0 * ROW_BYTES);
  const int n16 = rows * (ROW_BYTES / 16);
  if (MODE == 2) {
    uint4 v[U];
#pragma unroll
    for (int u = 0; u < U; u++) { const int i = tid + u * T; if (i < n16) v[u] = gw[i]; }
#pragma unroll
    for (int u = 0; u < U; u++) { const int i = tid + u * T; if (i < n16) ((uint4*)smem)[i] = v[u]; }
  } else {
    const unsigned sb = (unsigned)__cvta_generic_to_shared(smem);
#pragma unroll
    for (int u = 0; u < U; u++) { const int i = tid + u * T; if (i < n16) cp16<MODE>(sb + 16 * i, gw + i); }
    commit(); wait_group<0>();
  }
  __syncthreads();
  base::kf_wait_previous_grid();
  unsigned xw[2][8]; float xd[2]; int xs[2];
  quant_block(x, 2 * p, xw[0], xd[0], xs[0]);
  quant_block(x, 2 * p + 1, xw[1], xd[1], xs[1]);
  float acc[8];
#pragma unroll
  for (int r = 0; r < 8; r++) {
    const unsigned* a = (const unsigned*)(smem + (g * 8 + r) * ROW_BYTES) + 9 * p;
    unsigned w[9];
#pragma unroll
    for (int j = 0; j < 9; j++) w[j] = a[j];
    const unsigned qa[4] = { __funnelshift_r(w[0], w[1], 16), __funnelshift_r(w[1], w[2], 16), __funnelshift_r(w[2], w[3], 16), __funnelshift_r(w[3], w[4], 16) };
    acc[r] = block_dot(qa, kf_f16_to_f32(w[0]), xw[0], xd[0], xs[0]) + block_dot(w + 5, kf_f16_to_f32(w[4] >> 16), xw[1], xd[1], xs[1]);
  }
#pragma unroll
  for (int r = 0; r < 8; r++)
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc[r] += __shfl_xor_sync(0xffffffffu, acc[r], o);
  if (lane < 8) { float v = acc[0];
#pragma unroll
    for (int r = 1; r < 8; r++) if (lane == r) v = acc[r];
    red[g * 8 + lane][p >> 5] = v; }
  __syncthreads();
  if (tid < rows) y[n0 + tid] = red[tid][0] + red[tid][1];
}

// pipe_tma: as pipe, but each tile is one bulk copy (TMA, cp.async.bulk) issued by one thread and tracked by an
// mbarrier per stage: no per-thread load instructions or registers, many tiles in flight per SM
__device__ __forceinline__ void mbar_init(unsigned bar, unsigned count) { asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(count) : "memory"); }
__device__ __forceinline__ void bulk_load(unsigned dst, const void* src, unsigned bytes, unsigned bar) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(bytes) : "memory");
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" :: "r"(dst), "l"(__cvta_generic_to_global(src)), "r"(bytes), "r"(bar) : "memory");
}
__device__ __forceinline__ void mbar_wait(unsigned bar, unsigned parity) {
  asm volatile("{\n .reg .pred p;\n WAIT_%=:\n mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n @!p bra WAIT_%=;\n}" :: "r"(bar), "r"(parity) : "memory");
}
template <int STAGES, int PAIRS, bool COMPUTE = true, int TILE_ROWS = 8, int PART = 0, int ALIGN = 16>  // PART 1: no x quantization, 2: x quantization but no dot products
__global__ void __launch_bounds__(32 * TILE_ROWS) pipe_tma(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int TILE_BYTES = TILE_ROWS * ROW_BYTES;
  base::kf_launch_dependents();
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long bars[STAGES];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int r0 = (int)((long)blockIdx.x * N / gridDim.x), r1 = (int)((long)(blockIdx.x + 1) * N / gridDim.x);
  const int ntiles = (r1 - r0 + TILE_ROWS - 1) / TILE_ROWS;
  const unsigned sraw = (unsigned)__cvta_generic_to_shared(smem), bbase = (unsigned)__cvta_generic_to_shared(bars);
  const unsigned sbase = (sraw + ALIGN - 1) & ~(unsigned)(ALIGN - 1);
  unsigned char* const tiles = smem + (sbase - sraw);
  if (tid == 0) {
#pragma unroll
    for (int i = 0; i < STAGES; i++) mbar_init(bbase + 8 * i, 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  auto issue = [&](int t) {
    if (tid == 0 && t < ntiles) {
      const int rows = min(TILE_ROWS, r1 - (r0 + t * TILE_ROWS));
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      bulk_load(sbase + (t % STAGES) * TILE_BYTES, (const unsigned char*)W + (size_t)(r0 + t * TILE_ROWS) * ROW_BYTES, rows * ROW_BYTES, bbase + 8 * (t % STAGES));
    }
  };
#pragma unroll
  for (int t = 0; t < STAGES; t++) issue(t);
  base::kf_wait_previous_grid();
  unsigned xw[2 * PAIRS][8]; float xd[2 * PAIRS]; int xs[2 * PAIRS];
  if (COMPUTE && PART != 1) {
#pragma unroll
    for (int p = 0; p < PAIRS; p++)
#pragma unroll
      for (int h = 0; h < 2; h++) quant_block(x, 2 * (lane + 32 * p) + h, xw[2 * p + h], xd[2 * p + h], xs[2 * p + h]);
  } else {
#pragma unroll
    for (int b = 0; b < 2 * PAIRS; b++) { for (int i = 0; i < 8; i++) xw[b][i] = 0x01020304u * (lane + b + i); xd[b] = 1.0f; xs[b] = lane; }
  }
  if (PART == 2) {
    float v = 0.f;
#pragma unroll
    for (int b = 0; b < 2 * PAIRS; b++) v += xd[b] * (float)(xs[b] + (int)xw[b][3]);
    if (v == 1234.5f) y[0] = v;
  }
  for (int t = 0; t < ntiles; t++) {
    if (t > 0) { __syncthreads(); issue(t + STAGES - 1); }  // every warp is done with tile t - 1: its stage is free
    mbar_wait(bbase + 8 * (t % STAGES), (t / STAGES) & 1);
    const int row = r0 + t * TILE_ROWS + warp;
    if (!COMPUTE || PART == 2) { if (row < r1 && lane == 0) y[row] = __uint_as_float(((const unsigned*)(tiles + (t % STAGES) * TILE_BYTES))[tid]); continue; }
    if (row < r1) {
      const unsigned* sw = (const unsigned*)(tiles + (t % STAGES) * TILE_BYTES + warp * ROW_BYTES);
      float acc = 0.0f;
#pragma unroll
      for (int p = 0; p < PAIRS; p++) {
        const unsigned* a = sw + 9 * (lane + 32 * p);
        unsigned w[9];
#pragma unroll
        for (int j = 0; j < 9; j++) w[j] = a[j];
        const unsigned qa[4] = { __funnelshift_r(w[0], w[1], 16), __funnelshift_r(w[1], w[2], 16), __funnelshift_r(w[2], w[3], 16), __funnelshift_r(w[3], w[4], 16) };
        acc += block_dot(qa, kf_f16_to_f32(w[0]), xw[2 * p], xd[2 * p], xs[2 * p]);
        acc += block_dot(w + 5, kf_f16_to_f32(w[4] >> 16), xw[2 * p + 1], xd[2 * p + 1], xs[2 * p + 1]);
      }
#pragma unroll
      for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
      if (lane == 0) y[row] = acc;
    }
  }
}

// pipe_tma2: pipe_tma with x brought in once per workgroup (one bulk copy after the wait, quantized by 128 threads
// into shared memory) instead of every warp reading all of x from L2, and RPW rows per warp per tile
template <int STAGES, int RPW, int PART = 0, int WARPS = 8>
__global__ void __launch_bounds__(32 * WARPS) pipe_tma2(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int PAIRS = 2, TILE_ROWS = WARPS * RPW, TILE_BYTES = TILE_ROWS * ROW_BYTES, XB = 4096 * 2;
  base::kf_launch_dependents();
  extern __shared__ __align__(16) unsigned char smem[];
  __shared__ __align__(8) unsigned long long bars[STAGES + 1];
  __shared__ __align__(16) unsigned xraw[XB / 4];
  __shared__ __align__(16) unsigned xq[128][8];
  __shared__ float xdq[128]; __shared__ int xsq[128];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int r0 = (int)((long)blockIdx.x * N / gridDim.x), r1 = (int)((long)(blockIdx.x + 1) * N / gridDim.x);
  const int ntiles = (r1 - r0 + TILE_ROWS - 1) / TILE_ROWS;
  const unsigned sbase = (unsigned)__cvta_generic_to_shared(smem), bbase = (unsigned)__cvta_generic_to_shared(bars);
  if (tid == 0) {
#pragma unroll
    for (int i = 0; i <= STAGES; i++) mbar_init(bbase + 8 * i, 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  auto issue = [&](int t) {
    if (tid == 0 && t < ntiles) {
      const int rows = min(TILE_ROWS, r1 - (r0 + t * TILE_ROWS));
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      bulk_load(sbase + (t % STAGES) * TILE_BYTES, (const unsigned char*)W + (size_t)(r0 + t * TILE_ROWS) * ROW_BYTES, rows * ROW_BYTES, bbase + 8 * (t % STAGES));
    }
  };
#pragma unroll
  for (int t = 0; t < STAGES; t++) issue(t);
  base::kf_wait_previous_grid();
  const unsigned xbar = bbase + 8 * STAGES;
  if (tid == 0) bulk_load((unsigned)__cvta_generic_to_shared(xraw), x, XB, xbar);
  mbar_wait(xbar, 0);
  if (tid < 128 && PART != 1) quant_block(xraw, tid, xq[tid], xdq[tid], xsq[tid]);
  if (PART == 1 && tid < 128) { for (int i = 0; i < 8; i++) xq[tid][i] = xraw[tid * 16 + i]; xdq[tid] = 1.f; xsq[tid] = tid; }
  __syncthreads();
  unsigned xw[2 * PAIRS][8]; float xd[2 * PAIRS]; int xs[2 * PAIRS];
#pragma unroll
  for (int p = 0; p < PAIRS; p++)
#pragma unroll
    for (int h = 0; h < 2; h++) {
      const int b = 2 * (lane + 32 * p) + h;
      const uint4 a0 = *(const uint4*)&xq[b][0], a1 = *(const uint4*)&xq[b][4];
      xw[2 * p + h][0] = a0.x; xw[2 * p + h][1] = a0.y; xw[2 * p + h][2] = a0.z; xw[2 * p + h][3] = a0.w;
      xw[2 * p + h][4] = a1.x; xw[2 * p + h][5] = a1.y; xw[2 * p + h][6] = a1.z; xw[2 * p + h][7] = a1.w;
      xd[2 * p + h] = xdq[b]; xs[2 * p + h] = xsq[b];
    }
  for (int t = 0; t < ntiles; t++) {
    if (t > 0) { __syncthreads(); issue(t + STAGES - 1); }
    mbar_wait(bbase + 8 * (t % STAGES), (t / STAGES) & 1);
    float acc[RPW];
#pragma unroll
    for (int r = 0; r < RPW; r++) {
      acc[r] = 0.0f;
      const unsigned* sw = (const unsigned*)(smem + (t % STAGES) * TILE_BYTES + (r * WARPS + warp) * ROW_BYTES);
#pragma unroll
      for (int p = 0; p < PAIRS; p++) {
        const unsigned* a = sw + 9 * (lane + 32 * p);
        unsigned w[9];
#pragma unroll
        for (int j = 0; j < 9; j++) w[j] = a[j];
        const unsigned qa[4] = { __funnelshift_r(w[0], w[1], 16), __funnelshift_r(w[1], w[2], 16), __funnelshift_r(w[2], w[3], 16), __funnelshift_r(w[3], w[4], 16) };
        acc[r] += block_dot(qa, kf_f16_to_f32(w[0]), xw[2 * p], xd[2 * p], xs[2 * p]);
        acc[r] += block_dot(w + 5, kf_f16_to_f32(w[4] >> 16), xw[2 * p + 1], xd[2 * p + 1], xs[2 * p + 1]);
      }
    }
#pragma unroll
    for (int r = 0; r < RPW; r++)
#pragma unroll
      for (int o = 16; o > 0; o >>= 1) acc[r] += __shfl_xor_sync(0xffffffffu, acc[r], o);
    if (lane == 0)
#pragma unroll
      for (int r = 0; r < RPW; r++) { const int row = r0 + t * TILE_ROWS + r * WARPS + warp; if (row < r1) y[row] = acc[r]; }
  }
}

// ws: warp-specialized TMA ring. Warp 0 streams tiles (it never waits for the previous grid: weights do not depend on
// it), the C consumer warps wait for the previous grid, quantize x once into shared memory, then each consumes RPW
// rows of every tile: full/empty mbarriers per stage, no workgroup-wide barrier in the loop.
__device__ __forceinline__ void mbar_arrive(unsigned bar) { asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(bar) : "memory"); }
template <int STAGES, int RPW, int C>
__global__ void __launch_bounds__(32 * (C + 1)) ws(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int PAIRS = 2, TILE_ROWS = C * RPW, TILE_BYTES = TILE_ROWS * ROW_BYTES, XB = 4096 * 2;
  base::kf_launch_dependents();
  extern __shared__ __align__(16) unsigned char smem[];
  __shared__ __align__(8) unsigned long long full[STAGES], empty[STAGES], xbar;
  __shared__ __align__(16) unsigned xraw[XB / 4];
  __shared__ __align__(16) unsigned xq[128][8];
  __shared__ float xdq[128]; __shared__ int xsq[128];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int r0 = (int)((long)blockIdx.x * N / gridDim.x), r1 = (int)((long)(blockIdx.x + 1) * N / gridDim.x);
  const int ntiles = (r1 - r0 + TILE_ROWS - 1) / TILE_ROWS;
  const unsigned sbase = (unsigned)__cvta_generic_to_shared(smem);
  const unsigned fb = (unsigned)__cvta_generic_to_shared(full), eb = (unsigned)__cvta_generic_to_shared(empty), xb = (unsigned)__cvta_generic_to_shared(&xbar);
  if (tid == 0) {
#pragma unroll
    for (int i = 0; i < STAGES; i++) { mbar_init(fb + 8 * i, 1); mbar_init(eb + 8 * i, C); }
    mbar_init(xb, 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (warp == 0) {  // producer
    if (lane == 0)
      for (int t = 0; t < ntiles; t++) {
        const int st = t % STAGES;
        if (t >= STAGES) mbar_wait(eb + 8 * st, ((t / STAGES) - 1) & 1);
        const int rows = min(TILE_ROWS, r1 - (r0 + t * TILE_ROWS));
        bulk_load(sbase + st * TILE_BYTES, (const unsigned char*)W + (size_t)(r0 + t * TILE_ROWS) * ROW_BYTES, rows * ROW_BYTES, fb + 8 * st);
      }
    return;
  }
  const int cw = warp - 1, ct = tid - 32;  // consumer warp and thread
  base::kf_wait_previous_grid();
  if (ct == 0) bulk_load((unsigned)__cvta_generic_to_shared(xraw), x, XB, xb);
  mbar_wait(xb, 0);
  if (ct < 128) quant_block(xraw, ct, xq[ct], xdq[ct], xsq[ct]);
  asm volatile("bar.sync 1, %0;" :: "n"(32 * C) : "memory");
  unsigned xw[2 * PAIRS][8]; float xd[2 * PAIRS]; int xs[2 * PAIRS];
#pragma unroll
  for (int p = 0; p < PAIRS; p++)
#pragma unroll
    for (int h = 0; h < 2; h++) {
      const int b = 2 * (lane + 32 * p) + h;
      const uint4 a0 = *(const uint4*)&xq[b][0], a1 = *(const uint4*)&xq[b][4];
      xw[2 * p + h][0] = a0.x; xw[2 * p + h][1] = a0.y; xw[2 * p + h][2] = a0.z; xw[2 * p + h][3] = a0.w;
      xw[2 * p + h][4] = a1.x; xw[2 * p + h][5] = a1.y; xw[2 * p + h][6] = a1.z; xw[2 * p + h][7] = a1.w;
      xd[2 * p + h] = xdq[b]; xs[2 * p + h] = xsq[b];
    }
  for (int t = 0; t < ntiles; t++) {
    const int st = t % STAGES;
    mbar_wait(fb + 8 * st, (t / STAGES) & 1);
    float acc[RPW];
#pragma unroll
    for (int r = 0; r < RPW; r++) {
      acc[r] = 0.0f;
      const unsigned* sw = (const unsigned*)(smem + st * TILE_BYTES + (r * C + cw) * ROW_BYTES);
#pragma unroll
      for (int p = 0; p < PAIRS; p++) {
        const unsigned* a = sw + 9 * (lane + 32 * p);
        unsigned w[9];
#pragma unroll
        for (int j = 0; j < 9; j++) w[j] = a[j];
        const unsigned qa[4] = { __funnelshift_r(w[0], w[1], 16), __funnelshift_r(w[1], w[2], 16), __funnelshift_r(w[2], w[3], 16), __funnelshift_r(w[3], w[4], 16) };
        acc[r] += block_dot(qa, kf_f16_to_f32(w[0]), xw[2 * p], xd[2 * p], xs[2 * p]);
        acc[r] += block_dot(w + 5, kf_f16_to_f32(w[4] >> 16), xw[2 * p + 1], xd[2 * p + 1], xs[2 * p + 1]);
      }
    }
    __syncwarp();
    if (lane == 0) mbar_arrive(eb + 8 * st);  // this warp is done reading the stage
#pragma unroll
    for (int r = 0; r < RPW; r++)
#pragma unroll
      for (int o = 16; o > 0; o >>= 1) acc[r] += __shfl_xor_sync(0xffffffffu, acc[r], o);
    if (lane == 0)
#pragma unroll
      for (int r = 0; r < RPW; r++) { const int row = r0 + t * TILE_ROWS + r * C + cw; if (row < r1) y[row] = acc[r]; }
  }
}

// tma3: the emitted kernel's compute shape fed by a warp-specialized TMA ring: GROUPS groups of 64 consumer threads,
// thread = one 36-byte block pair (9 conflict-free LDS a row) for the 8 rows of its group in each tile, x codes of its
// two blocks quantized once in registers; the 8 row sums reduced in the warp (transposed butterfly) and across the
// group's two warps through shared memory (a 64-thread named barrier); warp GROUPS*2 streams the tiles
template <int GROUPS, int STAGES>
__global__ void __launch_bounds__(64 * GROUPS + 32) tma3(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int TILE_ROWS = 8 * GROUPS, TILE_BYTES = TILE_ROWS * ROW_BYTES, CW = 2 * GROUPS;
  base::kf_launch_dependents();
  extern __shared__ __align__(16) unsigned char smem[];
  __shared__ __align__(8) unsigned long long full[STAGES], empty[STAGES];
  __shared__ float red[2][GROUPS][2][8];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int r0 = (int)((long)blockIdx.x * N / gridDim.x), r1 = (int)((long)(blockIdx.x + 1) * N / gridDim.x);
  const int ntiles = (r1 - r0 + TILE_ROWS - 1) / TILE_ROWS;
  const unsigned sbase = (unsigned)__cvta_generic_to_shared(smem);
  const unsigned fb = (unsigned)__cvta_generic_to_shared(full), eb = (unsigned)__cvta_generic_to_shared(empty);
  if (tid == 0) {
#pragma unroll
    for (int i = 0; i < STAGES; i++) { mbar_init(fb + 8 * i, 1); mbar_init(eb + 8 * i, CW); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (warp == CW) {  // producer
    if (lane == 0)
      for (int t = 0; t < ntiles; t++) {
        const int st = t % STAGES;
        if (t >= STAGES) mbar_wait(eb + 8 * st, ((t / STAGES) - 1) & 1);
        const int rows = min(TILE_ROWS, r1 - (r0 + t * TILE_ROWS));
        bulk_load(sbase + st * TILE_BYTES, (const unsigned char*)W + (size_t)(r0 + t * TILE_ROWS) * ROW_BYTES, rows * ROW_BYTES, fb + 8 * st);
      }
    return;
  }
  const int g = tid >> 6, p = tid & 63, half = (tid >> 5) & 1;
  base::kf_wait_previous_grid();
  unsigned xw[2][8]; float xd[2]; int xs[2];
  quant_block(x, 2 * p, xw[0], xd[0], xs[0]);
  quant_block(x, 2 * p + 1, xw[1], xd[1], xs[1]);
  for (int t = 0; t < ntiles; t++) {
    const int st = t % STAGES;
    mbar_wait(fb + 8 * st, (t / STAGES) & 1);
    float a[8];
#pragma unroll
    for (int r = 0; r < 8; r++) {
      const unsigned* w9 = (const unsigned*)(smem + st * TILE_BYTES + (g * 8 + r) * ROW_BYTES) + 9 * p;
      unsigned w[9];
#pragma unroll
      for (int j = 0; j < 9; j++) w[j] = w9[j];
      const unsigned qa[4] = { __funnelshift_r(w[0], w[1], 16), __funnelshift_r(w[1], w[2], 16), __funnelshift_r(w[2], w[3], 16), __funnelshift_r(w[3], w[4], 16) };
      a[r] = block_dot(qa, kf_f16_to_f32(w[0]), xw[0], xd[0], xs[0]) + block_dot(w + 5, kf_f16_to_f32(w[4] >> 16), xw[1], xd[1], xs[1]);
    }
    __syncwarp();
    if (lane == 0) mbar_arrive(eb + 8 * st);
    // rows (0,4) (1,5) (2,6) (3,7) at 16, then (0,2) (1,3) at 8, (0,1) at 4: lane holds row r(lane) of its 4-lane set
    float b[4], c[2];
    const bool u16 = lane & 16, u8 = lane & 8, u4 = lane & 4;
#pragma unroll
    for (int i = 0; i < 4; i++) b[i] = (u16 ? a[i + 4] : a[i]) + __shfl_xor_sync(~0u, u16 ? a[i] : a[i + 4], 16);
#pragma unroll
    for (int i = 0; i < 2; i++) c[i] = (u8 ? b[i + 2] : b[i]) + __shfl_xor_sync(~0u, u8 ? b[i] : b[i + 2], 8);
    float v = (u4 ? c[1] : c[0]) + __shfl_xor_sync(~0u, u4 ? c[0] : c[1], 4);
    v += __shfl_xor_sync(~0u, v, 2);
    v += __shfl_xor_sync(~0u, v, 1);
    const int row = (u16 ? 4 : 0) + (u8 ? 2 : 0) + (u4 ? 1 : 0);
    if ((lane & 3) == 0) red[t & 1][g][half][row] = v;
    switch (g) {  // immediate barrier ids: a register id makes ptxas reserve all 16
      case 0: asm volatile("bar.sync 1, 64;" ::: "memory"); break;
      case 1: asm volatile("bar.sync 2, 64;" ::: "memory"); break;
      case 2: asm volatile("bar.sync 3, 64;" ::: "memory"); break;
      default: asm volatile("bar.sync 4, 64;" ::: "memory"); break;
    }
    if (p < 8) { const int n = r0 + t * TILE_ROWS + g * 8 + p; if (n < r1) y[n] = red[t & 1][g][0][p] + red[t & 1][g][1][p]; }
  }
}

static int g_pdl = 1;
static const int N = 11008, K = 4096;
static const size_t WB = (size_t)N * K / 32 * 18, XB = K * 2, YB = N * 4;
struct Set { void *x, *W, *y; };
static std::vector<Set> sets;
typedef void (*launcher)(const Set&, cudaStream_t);
static void launch(const void* fn, dim3 g, dim3 b, size_t smem, void** args, cudaStream_t s) {
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = g; cfg.blockDim = b; cfg.stream = s; cfg.dynamicSmemBytes = smem;
  cudaLaunchAttribute attr[1]; attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization; attr[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = attr; cfg.numAttrs = g_pdl;
  CK(cudaLaunchKernelExC(&cfg, fn, args));
}
struct Variant { const char* name; const void* fn; int per_sm; int stages; int rows; int threads = 0; int extra = 0; };
static int sms;
static void run(const Variant& v, const Set& st, cudaStream_t s) {
  int M = 1, n = N, k = K; void* args[] = { (void*)&st.x, (void*)&st.W, (void*)&st.y, &M, &n, &k };
  if (!v.fn) launch((const void*)base::gemv, dim3(N / 8), dim3(128), 0, args, s);
  else if (v.per_sm < 0) launch(v.fn, dim3((N + v.rows - 1) / v.rows), dim3(8 * v.rows), 0, args, s);
  else if (v.per_sm) launch(v.fn, dim3(sms * v.per_sm), dim3(v.threads ? v.threads : 32 * v.rows), (size_t)v.stages * v.rows * ROW_BYTES + v.extra, args, s);
  else launch(v.fn, dim3(N / v.rows), dim3(32 * v.rows), (size_t)v.rows * ROW_BYTES, args, s);
}
static double time_graph(const Variant& v, cudaStream_t s) {
  cudaGraph_t g; cudaGraphExec_t e;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  for (auto& st : sets) run(v, st, s);
  CK(cudaStreamEndCapture(s, &g)); CK(cudaGraphInstantiate(&e, g, 0));
  for (int i = 0; i < 5; i++) CK(cudaGraphLaunch(e, s));
  CK(cudaStreamSynchronize(s));
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  std::vector<double> t;
  for (int i = 0; i < 60; i++) {
    CK(cudaEventRecord(a, s)); CK(cudaGraphLaunch(e, s)); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
    float ms; CK(cudaEventElapsedTime(&ms, a, b)); t.push_back(ms * 1e3 / sets.size());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
// the weight sets over 1 GiB (set 0: masked random inputs, the others 0x11 bytes) and the copy bandwidth measured in
// this process (1 GiB device to device, read + written, median of 20); streamed.cu and wide.cu start the same way
static double make_sets_and_measure_copy(cudaStream_t s) {
  const int copies = (int)((1ull << 30) / WB + 1);
  for (int c = 0; c < copies; c++) { Set st; CK(cudaMalloc(&st.x, XB)); CK(cudaMalloc(&st.W, WB)); CK(cudaMalloc(&st.y, YB)); CK(cudaMemset(st.W, 0x11, WB)); CK(cudaMemset(st.x, 0x11, XB)); sets.push_back(st); }
  { unsigned long long r = 88172645463325252ull;
    std::vector<unsigned char> h(WB); for (auto& c : h) { r ^= r << 13; r ^= r >> 7; r ^= r << 17; c = (unsigned char)(r & 0x3b); }
    CK(cudaMemcpy(sets[0].W, h.data(), WB, cudaMemcpyHostToDevice));
    std::vector<unsigned short> hx(K); for (auto& v : hx) { r ^= r << 13; r ^= r >> 7; r ^= r << 17; v = (unsigned short)(r & 0xbbff); }
    CK(cudaMemcpy(sets[0].x, hx.data(), XB, cudaMemcpyHostToDevice)); }
  void *src, *dst; size_t cb = 1ull << 30; CK(cudaMalloc(&src, cb)); CK(cudaMalloc(&dst, cb));
  std::vector<double> ct;
  for (int i = 0; i < 20; i++) {
    cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    CK(cudaEventRecord(a, s)); CK(cudaMemcpyAsync(dst, src, cb, cudaMemcpyDeviceToDevice, s)); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
    float ms; CK(cudaEventElapsedTime(&ms, a, b)); ct.push_back(2.0 * cb / (ms * 1e-3) / 1e9);
  }
  std::sort(ct.begin(), ct.end()); CK(cudaFree(src)); CK(cudaFree(dst));
  return ct[ct.size() / 2];
}
int main() {
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const double copy = make_sets_and_measure_copy(s);
  std::vector<Variant> vs = { { "base (emitted, 1376 x 128)", nullptr, 0, 0, 8 } };
  if (getenv("NOPDL")) g_pdl = 0;
  auto add = [&](const char* name, const void* fn, int per, int stages, int rows, int threads = 0) {
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, stages * rows * ROW_BYTES + 1024));
    vs.push_back({ name, fn, per, stages, rows, threads });
  };
  add("tma read only 6 st 2/SM, align 16", (const void*)pipe_tma<6, 2, false, 8, 0, 16>, 2, 6, 8);
  vs.back().extra = 1024;
  add("tma read only 6 st 2/SM, align 128", (const void*)pipe_tma<6, 2, false, 8, 0, 128>, 2, 6, 8);
  vs.back().extra = 1024;
  add("tma read only 6 st 2/SM, align 1024", (const void*)pipe_tma<6, 2, false, 8, 0, 1024>, 2, 6, 8);
  vs.back().extra = 1024;
  add("tma 6 st 2/SM x per warp, align 1024", (const void*)pipe_tma<6, 2, true, 8, 0, 1024>, 2, 6, 8);
  vs.back().extra = 1024;
  add("tma read only 6 stages 8 rows 2/SM", (const void*)pipe_tma<6, 2, false, 8>, 2, 6, 8);
  for (auto& v : vs) if (v.fn) { int occ; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, v.fn, v.threads ? v.threads : 32 * v.rows, (size_t)v.stages * v.rows * ROW_BYTES)); if (v.per_sm > 0 && occ < v.per_sm) printf("WARNING %s: only %d per SM fit\n", v.name, occ); }
  if (const char* only = getenv("ONLY")) { std::vector<Variant> keep; for (auto& v : vs) if (!v.fn || strstr(v.name, only)) keep.push_back(v); vs = keep; }
  if (getenv("ONE")) { for (auto& v : vs) { run(v, sets[1], s); CK(cudaStreamSynchronize(s)); } return 0; }
  std::vector<float> ref(N), out(N);
  for (auto& v : vs) {
    CK(cudaMemset(sets[0].y, 0xff, YB));
    run(v, sets[0], s); CK(cudaStreamSynchronize(s));
    CK(cudaMemcpy(out.data(), sets[0].y, YB, cudaMemcpyDeviceToHost));
    if (!v.fn) ref = out;
    double md = 0, mx = 0; for (int i = 0; i < N; i++) { md = std::max(md, (double)fabsf(out[i] - ref[i])); mx = std::max(mx, (double)fabsf(ref[i])); }
    const double us = time_graph(v, s);
    cudaEvent_t ea, eb; CK(cudaEventCreate(&ea)); CK(cudaEventCreate(&eb)); std::vector<float> one;
    for (int i = 0; i < 30; i++) { CK(cudaEventRecord(ea, s)); run(v, sets[1 + i % (sets.size() - 1)], s); CK(cudaEventRecord(eb, s)); CK(cudaEventSynchronize(eb)); float ms; CK(cudaEventElapsedTime(&ms, ea, eb)); one.push_back(ms * 1e3f); }
    std::sort(one.begin(), one.end()); printf("  single launch %.2f us; ", one[15]);
    printf("%-30s %7.3f us %5.1f%% of copy (%4.0f GB/s)  max|dy|/max|y| %.2e\n", v.name, us, 100.0 * (WB + XB + YB) / us / 1e3 / copy, copy, md / mx);
  }
  return 0;
}
