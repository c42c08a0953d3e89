// The q4_0 x f16 decode gemv at 11008x4096 with its weights streamed into shared memory by bulk copies (TMA) and a
// producer warp that never waits for the previous grid, against the emitted kernel (the CUDA golden, via pipe.cu),
// timed as the bundle times (graph of launches over 1 GiB of weight copies, programmatic dependent launch):
//   slice_all       each workgroup owns a contiguous slice of rows; every chunk of it is issued at once
//   slice_windowed  the same slice, at most D chunks in flight (DPRE until the consumers hold x); PART ablations
//   ring            S stages reused (full/empty mbarriers), at most D in flight; small enough that the next launch's
//                   workgroup fits beside this one and fills its ring before this grid ends
//                   (PF: the first PF chunks prefetched into L2 before the wait, the stream itself after it;
//                   SLEEP: the first copy delayed)
//   ring_dynamic    as ring, chunks taken from a per-launch atomic counter (balanced ends)
// Consumers: thread = 36-byte block pair (9 conflict-free LDS), x quantized once in registers, R rows per pass.
// Env: HOTX=1 every launch reads one x (L2-resident); TRACE=1 per-workgroup globaltimer trace of one launch in the
// middle of the graph (slice_windowed); ONLY=substring.
#define main pipe_main
#include "../2026-11-30-h200-staged-weights/pipe.cu"
#undef main

constexpr int MAXCH = 48, MAXROWS = 192;
// per-CTA trace of one chosen launch (the one whose y is g_trace_y): globaltimer ns at start, wait return, x ready,
// first chunk seen by consumers, last chunk landed (producer), end
__device__ unsigned long long g_trace_y;
__device__ unsigned long long g_trace[1024][6];
__device__ __forceinline__ unsigned long long gtime() { unsigned long long t; asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t)); return t; }
#define TRACE(i) do { if (tr) g_trace[blockIdx.x][i] = gtime(); } while (0)
template <int R> __device__ __forceinline__ void warp_reduce_rows(float (&v)[R], int lane, int& row) {
  row = 0;
  int n = R;
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    if (n > 1) {
      const bool up = (lane & o) != 0;
#pragma unroll
      for (int i = 0; i < R / 2; i++) if (i < n / 2) {
        const float send = up ? v[i] : v[i + n / 2], keep = up ? v[i + n / 2] : v[i];
        v[i] = keep + __shfl_xor_sync(0xffffffffu, send, o);
      }
      if (up) row += n / 2;
      n /= 2;
    } else v[0] += __shfl_xor_sync(0xffffffffu, v[0], o);
  }
}

template <int GROUPS, int R, bool COMPUTE = true>
__global__ void __launch_bounds__(64 * GROUPS) slice_all(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int CR = GROUPS * R;
  base::kf_launch_dependents();
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long bars[MAXCH];
  __shared__ float red[2][MAXROWS];
  const int tid = threadIdx.x, lane = tid & 31, p = tid & 63, g = tid >> 6, half = (tid >> 5) & 1;
  const int r0 = (int)((long)blockIdx.x * N / gridDim.x), r1 = (int)((long)(blockIdx.x + 1) * N / gridDim.x);
  const int rows = r1 - r0, nch = (rows + CR - 1) / CR;
  const unsigned sraw = (unsigned)__cvta_generic_to_shared(smem), bb = (unsigned)__cvta_generic_to_shared(bars);
  const unsigned sb = (sraw + 127) & ~127u;
  const unsigned* const sw = (const unsigned*)(smem + (sb - sraw));
  if (tid == 0) {
    for (int c = 0; c < nch; c++) mbar_init(bb + 8 * c, 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    for (int c = 0; c < nch; c++)
      bulk_load(sb + c * CR * ROW_BYTES, (const unsigned char*)W + (size_t)(r0 + c * CR) * ROW_BYTES, min(CR, rows - c * CR) * ROW_BYTES, bb + 8 * c);
  }
  __syncthreads();
  base::kf_wait_previous_grid();
  unsigned xw[2][8]; float xd[2]; int xs[2];
  if (COMPUTE) { quant_block(x, 2 * p, xw[0], xd[0], xs[0]); quant_block(x, 2 * p + 1, xw[1], xd[1], xs[1]); }
  for (int c = 0; c < nch; c++) {
    mbar_wait(bb + 8 * c, 0);
    float acc[R];
#pragma unroll
    for (int rr = 0; rr < R; rr++) {
      const int lr = min(c * CR + g * R + rr, rows - 1);
      const unsigned* a = sw + lr * (ROW_BYTES / 4) + 9 * p;
      unsigned w[9];
#pragma unroll
      for (int j = 0; j < 9; j++) w[j] = a[j];
      if (!COMPUTE) { acc[rr] = __uint_as_float(w[0] ^ w[3] ^ w[8]); continue; }
      const unsigned qa[4] = { __funnelshift_r(w[0], w[1], 16), __funnelshift_r(w[1], w[2], 16), __funnelshift_r(w[2], w[3], 16), __funnelshift_r(w[3], w[4], 16) };
      acc[rr] = block_dot(qa, kf_f16_to_f32(w[0]), xw[0], xd[0], xs[0]) + block_dot(w + 5, kf_f16_to_f32(w[4] >> 16), xw[1], xd[1], xs[1]);
    }
    int ri;
    warp_reduce_rows<R>(acc, lane, ri);
    const int lr = c * CR + g * R + ri;
    if ((lane & (32 / R - 1)) == 0 && lr < rows) red[half][lr] = acc[0];
  }
  __syncthreads();
  for (int i = tid; i < rows; i += 64 * GROUPS) y[r0 + i] = red[0][i] + red[1][i];
}

// slice_windowed: a producer warp issues chunk c + D when chunk c lands (DPRE in flight until the consumers hold x),
// so chunks land in order and the compute overlaps the stream.
// PART 0 full; 1 x codes constant (no x reads); 2 dot products replaced by an xor of the words; 3 no grid wait
// (wrong dependency, a bound); 4 read only; 5 x prefetched into L2 (bulk) before the wait; 6 x bulk-copied once per
// workgroup into shared memory after the wait; 7 odd workgroups stream nothing, only read x (where does x queue?)
template <int GROUPS, int R, int D, int PART = 0, int DPRE = D>
__global__ void __launch_bounds__(64 * GROUPS + 32) slice_windowed(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int CR = GROUPS * R;
  base::kf_launch_dependents();
  const bool tr = (unsigned long long)y == g_trace_y && threadIdx.x == 0;
  TRACE(0);
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long bars[MAXCH];
  __shared__ float red[2][MAXROWS];
  __shared__ __align__(128) unsigned xs_smem[PART == 6 ? 2048 : 4];
  __shared__ __align__(8) unsigned long long xbar, xready;
  const int tid = threadIdx.x, lane = tid & 31, p = tid & 63, g = tid >> 6, half = (tid >> 5) & 1;
  const int r0 = (int)((long)blockIdx.x * N / gridDim.x), r1 = (int)((long)(blockIdx.x + 1) * N / gridDim.x);
  const int rows = r1 - r0, nch = (rows + CR - 1) / CR;
  const unsigned sraw = (unsigned)__cvta_generic_to_shared(smem), bb = (unsigned)__cvta_generic_to_shared(bars);
  const unsigned sb = (sraw + 127) & ~127u;
  const unsigned* const sw = (const unsigned*)(smem + (sb - sraw));
  const unsigned xbb = (unsigned)__cvta_generic_to_shared(&xbar), xrb = (unsigned)__cvta_generic_to_shared(&xready);
  auto issue = [&](int c) {
    if (c < nch) bulk_load(sb + c * CR * ROW_BYTES, (const unsigned char*)W + (size_t)(r0 + c * CR) * ROW_BYTES, min(CR, rows - c * CR) * ROW_BYTES, bb + 8 * c);
  };
  if (tid == 64 * GROUPS) {
    for (int c = 0; c < nch; c++) mbar_init(bb + 8 * c, 1);
    if (PART == 6) mbar_init(xbb, 1);
    mbar_init(xrb, 2 * GROUPS);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    if (PART == 5 || PART == 6) asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(__cvta_generic_to_global(x)), "r"(K * 2) : "memory");
    if (!(PART == 7 && (blockIdx.x & 1))) for (int c = 0; c < DPRE; c++) issue(c);
  }
  __syncthreads();
  if (g == GROUPS) {  // producer warp
    if (PART == 7 && (blockIdx.x & 1)) return;
    if (lane == 0) {
      if (DPRE < D) { mbar_wait(xrb, 0); for (int c = DPRE; c < D; c++) issue(c); }
      for (int c = 0; c + D < nch; c++) { mbar_wait(bb + 8 * c, 0); issue(c + D); }
      if ((unsigned long long)y == g_trace_y) { mbar_wait(bb + 8 * (nch - 1), 0); g_trace[blockIdx.x][4] = gtime(); }
    }
    return;
  }
  if (PART != 3) base::kf_wait_previous_grid();
  TRACE(1);
  unsigned xw[2][8]; float xd[2]; int xs[2];
  if (PART == 1) { for (int b = 0; b < 2; b++) { for (int i = 0; i < 8; i++) xw[b][i] = 0x01020304u * (lane + b + i); xd[b] = 1.0f; xs[b] = lane; } }
  else if (PART == 6) {
    if (tid == 0) bulk_load((unsigned)__cvta_generic_to_shared(xs_smem), x, K * 2, xbb);
    mbar_wait(xbb, 0);
    quant_block(xs_smem, 2 * p, xw[0], xd[0], xs[0]); quant_block(xs_smem, 2 * p + 1, xw[1], xd[1], xs[1]);
  }
  else if (PART != 4) { quant_block(x, 2 * p, xw[0], xd[0], xs[0]); quant_block(x, 2 * p + 1, xw[1], xd[1], xs[1]); }
  __syncwarp();
  TRACE(2);
  if (PART == 7 && (blockIdx.x & 1)) { TRACE(5); return; }
  if (lane == 0) mbar_arrive(xrb);
  for (int c = 0; c < nch; c++) {
    mbar_wait(bb + 8 * c, 0);
    if (c == 0) TRACE(3);
    float acc[R];
#pragma unroll
    for (int rr = 0; rr < R; rr++) {
      const int lr = min(c * CR + g * R + rr, rows - 1);
      const unsigned* a = sw + lr * (ROW_BYTES / 4) + 9 * p;
      unsigned w[9];
#pragma unroll
      for (int j = 0; j < 9; j++) w[j] = a[j];
      if (PART == 4 || PART == 2) { acc[rr] = __uint_as_float(w[0] ^ w[1] ^ w[2] ^ w[3] ^ w[4] ^ w[5] ^ w[6] ^ w[7] ^ w[8] ^ (PART == 2 ? xw[0][lane & 7] ^ xw[1][rr & 7] : 0)); continue; }
      const unsigned qa[4] = { __funnelshift_r(w[0], w[1], 16), __funnelshift_r(w[1], w[2], 16), __funnelshift_r(w[2], w[3], 16), __funnelshift_r(w[3], w[4], 16) };
      acc[rr] = block_dot(qa, kf_f16_to_f32(w[0]), xw[0], xd[0], xs[0]) + block_dot(w + 5, kf_f16_to_f32(w[4] >> 16), xw[1], xd[1], xs[1]);
    }
    int ri;
    warp_reduce_rows<R>(acc, lane, ri);
    const int lr = c * CR + g * R + ri;
    if ((lane & (32 / R - 1)) == 0 && lr < rows) red[half][lr] = acc[0];
  }
  asm volatile("bar.sync 1, %0;" :: "n"(64 * GROUPS) : "memory");
  for (int i = tid; i < rows; i += 64 * GROUPS) y[r0 + i] = red[0][i] + red[1][i];
  TRACE(5);
}

// ring: S stages of CR rows (full/empty mbarriers), at most D chunks in flight (D = S: capped by the ring only)
// PF > 0: the producer prefetches the first PF chunks (and x) into L2, waits for the previous grid like the consumers,
// then streams (the first PF chunks from L2): the stream does not queue ahead of the x read
// SLEEP ns: the producer waits that long before its first copy, so that the x read of the grid now ending its wait
// (which starts as this workgroup does) is not queued behind this workgroup's first stages
template <int GROUPS, int R, int S, int PART = 0, int D = S, int PF = 0, int SLEEP = 0>
__global__ void __launch_bounds__(64 * GROUPS + 32) ring(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int CR = GROUPS * R;
  base::kf_launch_dependents();
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long full[S], empty[S];
  __shared__ float red[2][MAXROWS];
  const int tid = threadIdx.x, lane = tid & 31, p = tid & 63, g = tid >> 6, half = (tid >> 5) & 1;
  const int r0 = (int)((long)blockIdx.x * N / gridDim.x), r1 = (int)((long)(blockIdx.x + 1) * N / gridDim.x);
  const int rows = r1 - r0, nch = (rows + CR - 1) / CR;
  const unsigned sraw = (unsigned)__cvta_generic_to_shared(smem), fb = (unsigned)__cvta_generic_to_shared(full), eb = (unsigned)__cvta_generic_to_shared(empty);
  const unsigned sb = (sraw + 127) & ~127u;
  const unsigned* const sw = (const unsigned*)(smem + (sb - sraw));
  if (tid == 64 * GROUPS) {
    for (int i = 0; i < S; i++) { mbar_init(fb + 8 * i, 1); mbar_init(eb + 8 * i, 2 * GROUPS); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    if (PART == 5) asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(__cvta_generic_to_global(x)), "r"(K * 2) : "memory");
  }
  __syncthreads();
  if (g == GROUPS) {  // producer warp
    if (lane == 0 && PF > 0) {
      asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(__cvta_generic_to_global(x)), "r"(K * 2) : "memory");
      for (int c = 0; c < PF && c < nch; c++)
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(__cvta_generic_to_global((const unsigned char*)W + (size_t)(r0 + c * CR) * ROW_BYTES)), "r"(min(CR, rows - c * CR) * ROW_BYTES) : "memory");
    }
    if (PF > 0) base::kf_wait_previous_grid();
    if (SLEEP > 0 && lane == 0) __nanosleep(SLEEP);
    if (lane == 0)
      for (int c = 0; c < nch; c++) {
        const int st = c % S, n = c / S;
        if (n > 0) mbar_wait(eb + 8 * st, (n - 1) & 1);
        if (D < S && c >= D) mbar_wait(fb + 8 * ((c - D) % S), ((c - D) / S) & 1);
        bulk_load(sb + st * CR * ROW_BYTES, (const unsigned char*)W + (size_t)(r0 + c * CR) * ROW_BYTES, min(CR, rows - c * CR) * ROW_BYTES, fb + 8 * st);
      }
    return;
  }
  if (PART != 3) base::kf_wait_previous_grid();
  unsigned xw[2][8]; float xd[2]; int xs[2];
  if (PART != 4) { quant_block(x, 2 * p, xw[0], xd[0], xs[0]); quant_block(x, 2 * p + 1, xw[1], xd[1], xs[1]); }
  for (int c = 0; c < nch; c++) {
    const int st = c % S;
    mbar_wait(fb + 8 * st, (c / S) & 1);
    float acc[R];
#pragma unroll
    for (int rr = 0; rr < R; rr++) {
      const int lr = min(g * R + rr, rows - 1 - c * CR);
      const unsigned* a = sw + (st * CR + lr) * (ROW_BYTES / 4) + 9 * p;
      unsigned w[9];
#pragma unroll
      for (int j = 0; j < 9; j++) w[j] = a[j];
      if (PART == 4) { acc[rr] = __uint_as_float(w[0] ^ w[1] ^ w[2] ^ w[3] ^ w[4] ^ w[5] ^ w[6] ^ w[7] ^ w[8]); continue; }
      const unsigned qa[4] = { __funnelshift_r(w[0], w[1], 16), __funnelshift_r(w[1], w[2], 16), __funnelshift_r(w[2], w[3], 16), __funnelshift_r(w[3], w[4], 16) };
      acc[rr] = block_dot(qa, kf_f16_to_f32(w[0]), xw[0], xd[0], xs[0]) + block_dot(w + 5, kf_f16_to_f32(w[4] >> 16), xw[1], xd[1], xs[1]);
    }
    __syncwarp();
    if (lane == 0) mbar_arrive(eb + 8 * st);
    int ri;
    warp_reduce_rows<R>(acc, lane, ri);
    const int lr = c * CR + g * R + ri;
    if ((lane & (32 / R - 1)) == 0 && lr < rows) red[half][lr] = acc[0];
  }
  asm volatile("bar.sync 1, %0;" :: "n"(64 * GROUPS) : "memory");
  for (int i = tid; i < rows; i += 64 * GROUPS) y[r0 + i] = red[0][i] + red[1][i];
}

// ring_dynamic: dynamic chunks. Persistent workgroups take 8..32-row chunks from a per-launch atomic counter (the last
// workgroup to finish resets it), so every workgroup's stream ends at about the same time; a producer warp keeps
// at most D chunks in flight in a ring of S stages; a consumer warp covers all of K (2 block pairs per lane) for R rows.
__device__ unsigned g_ctr[4096], g_done[4096];
template <int WARPS, int R, int S, int D, int PART = 0>
__global__ void __launch_bounds__(32 * WARPS + 32) ring_dynamic(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int CR = WARPS * R;
  base::kf_launch_dependents();
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long full[S], empty[S];
  __shared__ int chunk_of[S];
  const int tid = threadIdx.x, lane = tid & 31, wp = tid >> 5;
  const unsigned slot = (unsigned)(((unsigned long long)y >> 12) & 4095);
  const int nch = (N + CR - 1) / CR;
  const unsigned sraw = (unsigned)__cvta_generic_to_shared(smem), fb = (unsigned)__cvta_generic_to_shared(full), eb = (unsigned)__cvta_generic_to_shared(empty);
  const unsigned sb = (sraw + 127) & ~127u;
  const unsigned* const sw = (const unsigned*)(smem + (sb - sraw));
  if (tid == 32 * WARPS) {
    for (int i = 0; i < S; i++) { mbar_init(fb + 8 * i, 1); mbar_init(eb + 8 * i, WARPS); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (wp == WARPS) {  // producer warp
    if (lane == 0) {
      for (int k = 0;; k++) {
        const int st = k % S, n = k / S;
        if (n > 0) mbar_wait(eb + 8 * st, (n - 1) & 1);
        if (D < S && k >= D) mbar_wait(fb + 8 * ((k - D) % S), ((k - D) / S) & 1);
        const int c = (int)atomicAdd(&g_ctr[slot], 1u);
        chunk_of[st] = c < nch ? c : -1;
        if (c >= nch) { asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(fb + 8 * st) : "memory"); break; }
        bulk_load(sb + st * CR * ROW_BYTES, (const unsigned char*)W + (size_t)c * CR * ROW_BYTES, min(CR, N - c * CR) * ROW_BYTES, fb + 8 * st);
      }
    }
    return;
  }
  if (PART != 3) base::kf_wait_previous_grid();
  unsigned xw[4][8]; float xd[4]; int xs[4];
#pragma unroll
  for (int q = 0; q < 2; q++) { quant_block(x, 2 * (lane + 32 * q), xw[2 * q], xd[2 * q], xs[2 * q]); quant_block(x, 2 * (lane + 32 * q) + 1, xw[2 * q + 1], xd[2 * q + 1], xs[2 * q + 1]); }
  for (int k = 0;; k++) {
    const int st = k % S;
    mbar_wait(fb + 8 * st, (k / S) & 1);
    const int c = chunk_of[st];
    if (c < 0) break;
    const int rows = min(CR, N - c * CR);
    float acc[R];
#pragma unroll
    for (int rr = 0; rr < R; rr++) {
      const int lr = min(wp * R + rr, rows - 1);
      acc[rr] = 0.0f;
#pragma unroll
      for (int q = 0; q < 2; q++) {
        const unsigned* a = sw + (st * CR + lr) * (ROW_BYTES / 4) + 9 * (lane + 32 * q);
        unsigned w[9];
#pragma unroll
        for (int j = 0; j < 9; j++) w[j] = a[j];
        const unsigned qa[4] = { __funnelshift_r(w[0], w[1], 16), __funnelshift_r(w[1], w[2], 16), __funnelshift_r(w[2], w[3], 16), __funnelshift_r(w[3], w[4], 16) };
        acc[rr] += block_dot(qa, kf_f16_to_f32(w[0]), xw[2 * q], xd[2 * q], xs[2 * q]) + block_dot(w + 5, kf_f16_to_f32(w[4] >> 16), xw[2 * q + 1], xd[2 * q + 1], xs[2 * q + 1]);
      }
    }
    __syncwarp();
    if (lane == 0) mbar_arrive(eb + 8 * st);
    int ri;
    warp_reduce_rows<R>(acc, lane, ri);
    if ((lane & (32 / R - 1)) == 0 && wp * R + ri < rows) y[c * CR + wp * R + ri] = acc[0];
  }
  // the last workgroup out resets this launch's counter (its slot is next used by a launch that starts after this grid)
  asm volatile("bar.sync 1, %0;" :: "n"(32 * WARPS) : "memory");
  if (tid == 0) {
    __threadfence();
    if (atomicAdd(&g_done[slot], 1u) == gridDim.x - 1) { g_ctr[slot] = 0; g_done[slot] = 0; __threadfence(); }
  }
}

// ONLY= keeps the variants whose name holds it; each runs once into a NaN-poisoned y, checked against the first (the
// emitted kernel), then timed; with TRACE=1 (2: even and odd workgroups apart) the variants traced() picks also
// record the per-workgroup timeline of one launch. wide.cu runs its variants through this too.
static void check_time_trace(std::vector<Variant> vs, cudaStream_t s, double copy, bool (*traced)(const char*)) {
  if (const char* only = getenv("ONLY")) { std::vector<Variant> keep; for (auto& v : vs) if (!v.fn || strstr(v.name, only)) keep.push_back(v); vs = keep; }
  std::vector<float> ref(N), out(N);
  for (auto& v : vs) {
    CK(cudaMemset(sets[0].y, 0xff, YB));
    run(v, sets[0], s); CK(cudaStreamSynchronize(s));
    CK(cudaMemcpy(out.data(), sets[0].y, YB, cudaMemcpyDeviceToHost));
    if (!v.fn) ref = out;
    // y was poisoned (0xff: NaN): an unwritten or non-finite element is counted, not lost in std::max
    double md = 0, mx = 0; int bad = 0;
    for (int i = 0; i < N; i++) {
      if (!std::isfinite(out[i])) { bad++; continue; }
      md = std::max(md, (double)fabsf(out[i] - ref[i])); mx = std::max(mx, (double)fabsf(ref[i]));
    }
    const double us = time_graph(v, s);
    printf("%-30s %7.3f us %5.1f%% of copy (%4.0f GB/s)  max|dy|/max|y| %.2e  non-finite %d\n", v.name, us, 100.0 * (WB + XB + YB) / us / 1e3 / copy, copy, md / mx, bad);
    if (getenv("TRACE") && v.fn && traced(v.name)) {
      unsigned long long ty = (unsigned long long)sets[20].y; CK(cudaMemcpyToSymbol(g_trace_y, &ty, sizeof ty));
      static unsigned long long zero[1024][6]; CK(cudaMemcpyToSymbol(g_trace, zero, sizeof zero));
      time_graph(v, s);
      unsigned long long t[1024][6]; CK(cudaMemcpyFromSymbol(t, g_trace, sizeof t));
      unsigned long long nul = 0; CK(cudaMemcpyToSymbol(g_trace_y, &nul, sizeof nul));
      const int nb = sms * v.per_sm; unsigned long long t0 = ~0ull, tend = 0;
      for (int i = 0; i < nb; i++) { t0 = std::min(t0, t[i][0]); tend = std::max(tend, t[i][5]); }
      const char* nm[6] = { "start", "wait", "x ready", "chunk0 seen", "last landed", "end" };
      const int split = atoi(getenv("TRACE"));  // 2: even and odd workgroups apart
      for (int part = 0; part < (split == 2 ? 2 : 1); part++) {
        printf("    trace%s (ns from first CTA start; last CTA end %llu):", split == 2 ? (part ? " odd" : " even") : "", tend - t0);
        for (int e = 0; e < 6; e++) { std::vector<long long> d; for (int i = 0; i < nb; i++) if (split != 2 || (i & 1) == part) d.push_back(t[i][e] ? (long long)(t[i][e] - t0) : -1); std::sort(d.begin(), d.end());
          printf(" | %s min %lld med %lld max %lld", nm[e], d[0], d[d.size() / 2], d[d.size() - 1]); }
        printf("\n");
      }
    }
  }
}

#ifndef STREAMED_NO_MAIN  // wide.cu of the next session includes the kernels, not the variant list
int main() {
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const double copy = make_sets_and_measure_copy(s);
  if (getenv("HOTX")) for (auto& st : sets) st.x = sets[0].x;  // every launch reads the same x: L2-resident, as a decode step's freshly written x
  std::vector<Variant> vs = { { "base (emitted, 1376 x 128)", nullptr, 0, 0, 8 } };
  if (getenv("NOPDL")) g_pdl = 0;
  auto add = [&](const char* name, const void* fn, int per, int groups) {
    const int rows = (N + sms * per - 1) / (sms * per);
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448 - 12288));
    vs.push_back({ name, fn, per, 1, rows, 64 * groups, 128 });
  };
  auto add2 = [&](const char* name, const void* fn, int per, int groups) { add(name, fn, per, groups); vs.back().threads += 32; };
  auto addr = [&](const char* name, const void* fn, int per, int groups, int ring_rows) { add2(name, fn, per, groups); vs.back().rows = ring_rows; };
  auto add5 = [&](const char* name, const void* fn, int per, int warps, int ring_rows) { add(name, fn, per, 1); vs.back().threads = 32 * warps + 32; vs.back().rows = ring_rows; };
  add("slice_all G8 R1 1/SM", (const void*)slice_all<8, 1>, 1, 8);
  add("slice_all G8 R4 1/SM", (const void*)slice_all<8, 4>, 1, 8);
  add("slice_all G16 R1 1/SM", (const void*)slice_all<16, 1>, 1, 16);
  add("slice_all G4 R2 2/SM", (const void*)slice_all<4, 2>, 2, 4);
  add("slice_all G2 R2 3/SM", (const void*)slice_all<2, 2>, 3, 2);
  add("slice_all G8 R1 1/SM read only", (const void*)slice_all<8, 1, false>, 1, 8);
  add2("slice_windowed G8 R2 D3 1/SM full", (const void*)slice_windowed<8, 2, 3, 0>, 1, 8);
  add2("slice_windowed G8 R2 D3 1/SM no x", (const void*)slice_windowed<8, 2, 3, 1>, 1, 8);
  add2("slice_windowed G8 R2 D3 1/SM no dot", (const void*)slice_windowed<8, 2, 3, 2>, 1, 8);
  add2("slice_windowed G8 R2 D3 1/SM no wait", (const void*)slice_windowed<8, 2, 3, 3>, 1, 8);
  add2("slice_windowed G8 R2 D3 1/SM read only", (const void*)slice_windowed<8, 2, 3, 4>, 1, 8);
  add2("slice_windowed G8 R2 D3 1/SM x prefetch", (const void*)slice_windowed<8, 2, 3, 5>, 1, 8);
  add2("slice_windowed G8 R2 D3 1/SM x once", (const void*)slice_windowed<8, 2, 3, 6>, 1, 8);
  add2("slice_windowed G4 R4 D3 1/SM full", (const void*)slice_windowed<4, 4, 3, 0>, 1, 4);
  add2("slice_windowed G4 R4 D3 1/SM no x", (const void*)slice_windowed<4, 4, 3, 1>, 1, 4);
  add2("slice_windowed G4 R4 D3 1/SM no dot", (const void*)slice_windowed<4, 4, 3, 2>, 1, 4);
  add2("slice_windowed G4 R4 D3 1/SM no wait", (const void*)slice_windowed<4, 4, 3, 3>, 1, 4);
  add2("slice_windowed G4 R4 D3 1/SM read only", (const void*)slice_windowed<4, 4, 3, 4>, 1, 4);
  add2("slice_windowed G4 R4 D3 1/SM x prefetch", (const void*)slice_windowed<4, 4, 3, 5>, 1, 4);
  add2("slice_windowed G4 R4 D3 1/SM x once", (const void*)slice_windowed<4, 4, 3, 6>, 1, 4);
  add2("slice_windowed G2 R4 D3 2/SM full", (const void*)slice_windowed<2, 4, 3, 0>, 2, 2);
  add2("slice_windowed G2 R4 D3 2/SM no x", (const void*)slice_windowed<2, 4, 3, 1>, 2, 2);
  add2("slice_windowed G2 R4 D3 2/SM no dot", (const void*)slice_windowed<2, 4, 3, 2>, 2, 2);
  add2("slice_windowed G2 R4 D3 2/SM no wait", (const void*)slice_windowed<2, 4, 3, 3>, 2, 2);
  add2("slice_windowed G2 R4 D3 2/SM read only", (const void*)slice_windowed<2, 4, 3, 4>, 2, 2);
  add2("slice_windowed G2 R4 D3 2/SM x prefetch", (const void*)slice_windowed<2, 4, 3, 5>, 2, 2);
  add2("slice_windowed G2 R4 D3 2/SM x once", (const void*)slice_windowed<2, 4, 3, 6>, 2, 2);
  add2("slice_windowed G4 R2 D2 1/SM full", (const void*)slice_windowed<4, 2, 2, 0>, 1, 4);
  add2("slice_windowed G4 R2 D2 1/SM no x", (const void*)slice_windowed<4, 2, 2, 1>, 1, 4);
  add2("slice_windowed G4 R2 D2 1/SM no dot", (const void*)slice_windowed<4, 2, 2, 2>, 1, 4);
  add2("slice_windowed G4 R2 D2 1/SM no wait", (const void*)slice_windowed<4, 2, 2, 3>, 1, 4);
  add2("slice_windowed G4 R2 D2 1/SM read only", (const void*)slice_windowed<4, 2, 2, 4>, 1, 4);
  add2("slice_windowed G4 R2 D2 1/SM x prefetch", (const void*)slice_windowed<4, 2, 2, 5>, 1, 4);
  add2("slice_windowed G4 R2 D2 1/SM x once", (const void*)slice_windowed<4, 2, 2, 6>, 1, 4);
  add2("slice_windowed G2 R4 D1 2/SM full", (const void*)slice_windowed<2, 4, 1, 0>, 2, 2);
  add2("slice_windowed G2 R4 D1 2/SM no x", (const void*)slice_windowed<2, 4, 1, 1>, 2, 2);
  add2("slice_windowed G2 R4 D1 2/SM no dot", (const void*)slice_windowed<2, 4, 1, 2>, 2, 2);
  add2("slice_windowed G2 R4 D1 2/SM no wait", (const void*)slice_windowed<2, 4, 1, 3>, 2, 2);
  add2("slice_windowed G2 R4 D1 2/SM read only", (const void*)slice_windowed<2, 4, 1, 4>, 2, 2);
  add2("slice_windowed G2 R4 D1 2/SM x prefetch", (const void*)slice_windowed<2, 4, 1, 5>, 2, 2);
  add2("slice_windowed G2 R4 D1 2/SM x once", (const void*)slice_windowed<2, 4, 1, 6>, 2, 2);
  add2("slice_windowed G2 R4 D2 2/SM full", (const void*)slice_windowed<2, 4, 2, 0>, 2, 2);
  add2("slice_windowed G2 R4 D2 2/SM no x", (const void*)slice_windowed<2, 4, 2, 1>, 2, 2);
  add2("slice_windowed G2 R4 D2 2/SM no dot", (const void*)slice_windowed<2, 4, 2, 2>, 2, 2);
  add2("slice_windowed G2 R4 D2 2/SM no wait", (const void*)slice_windowed<2, 4, 2, 3>, 2, 2);
  add2("slice_windowed G2 R4 D2 2/SM read only", (const void*)slice_windowed<2, 4, 2, 4>, 2, 2);
  add2("slice_windowed G2 R4 D2 2/SM x prefetch", (const void*)slice_windowed<2, 4, 2, 5>, 2, 2);
  add2("slice_windowed G2 R4 D2 2/SM x once", (const void*)slice_windowed<2, 4, 2, 6>, 2, 2);
  add2("slice_windowed G4 R2 D1 1/SM x once", (const void*)slice_windowed<4, 2, 1, 6>, 1, 4);
  add2("slice_windowed G4 R2 D3 1/SM x once", (const void*)slice_windowed<4, 2, 3, 6>, 1, 4);
  add2("slice_windowed G8 R1 D2 1/SM x once", (const void*)slice_windowed<8, 1, 2, 6>, 1, 8);
  add2("slice_windowed G8 R1 D3 1/SM x once", (const void*)slice_windowed<8, 1, 3, 6>, 1, 8);
  add2("slice_windowed G2 R4 D2 1/SM x once", (const void*)slice_windowed<2, 4, 2, 6>, 1, 2);
  add2("slice_windowed G8 R2 D1 1/SM x once", (const void*)slice_windowed<8, 2, 1, 6>, 1, 8);
  add2("slice_windowed G4 R4 D1 1/SM x once", (const void*)slice_windowed<4, 4, 1, 6>, 1, 4);
  add2("slice_windowed G4 R1 D2 2/SM x once", (const void*)slice_windowed<4, 1, 2, 6>, 2, 4);
  add2("slice_windowed G2 R2 D2 2/SM x once", (const void*)slice_windowed<2, 2, 2, 6>, 2, 2);
  add2("slice_windowed G4 R2 D1 2/SM x once", (const void*)slice_windowed<4, 2, 1, 6>, 2, 4);
  add2("slice_windowed G8 R1 D1 2/SM x once", (const void*)slice_windowed<8, 1, 1, 6>, 2, 8);
  add2("slice_windowed G4 R1 D3 2/SM x once", (const void*)slice_windowed<4, 1, 3, 6>, 2, 4);
  add2("slice_windowed G4 R2 D2 1/SM odd idle", (const void*)slice_windowed<4, 2, 2, 7>, 1, 4);
  add2("slice_windowed G4 R4 D1 1/SM odd idle", (const void*)slice_windowed<4, 4, 1, 7>, 1, 4);
  add2("slice_windowed G2 R4 D2 2/SM odd idle", (const void*)slice_windowed<2, 4, 2, 7>, 2, 2);
  add2("slice_windowed G2 R4 D1->2 2/SM full", (const void*)slice_windowed<2, 4, 2, 0, 1>, 2, 2);
  add2("slice_windowed G2 R4 D1->3 2/SM full", (const void*)slice_windowed<2, 4, 3, 0, 1>, 2, 2);
  add2("slice_windowed G4 R2 D1->3 2/SM full", (const void*)slice_windowed<4, 2, 3, 0, 1>, 2, 4);
  add2("slice_windowed G4 R2 D2->4 1/SM full", (const void*)slice_windowed<4, 2, 4, 0, 2>, 1, 4);
  addr("ring G4 R2 S4 D4 1/SM full", (const void*)ring<4, 2, 4, 0, 4>, 1, 4, 32);
  addr("ring G4 R2 S4 D4 1/SM no wait", (const void*)ring<4, 2, 4, 3, 4>, 1, 4, 32);
  addr("ring G4 R2 S6 D6 1/SM full", (const void*)ring<4, 2, 6, 0, 6>, 1, 4, 48);
  addr("ring G4 R2 S6 D6 1/SM no wait", (const void*)ring<4, 2, 6, 3, 6>, 1, 4, 48);
  addr("ring G2 R4 S4 D4 1/SM full", (const void*)ring<2, 4, 4, 0, 4>, 1, 2, 32);
  addr("ring G2 R4 S4 D4 1/SM no wait", (const void*)ring<2, 4, 4, 3, 4>, 1, 2, 32);
  addr("ring G4 R4 S3 D3 1/SM full", (const void*)ring<4, 4, 3, 0, 3>, 1, 4, 48);
  addr("ring G4 R4 S3 D3 1/SM no wait", (const void*)ring<4, 4, 3, 3, 3>, 1, 4, 48);
  addr("ring G2 R4 S3 D3 2/SM full", (const void*)ring<2, 4, 3, 0, 3>, 2, 2, 24);
  addr("ring G2 R4 S3 D3 2/SM no wait", (const void*)ring<2, 4, 3, 3, 3>, 2, 2, 24);
  addr("ring G4 R2 S6 D1 1/SM full", (const void*)ring<4, 2, 6, 0, 1>, 1, 4, 48);
  addr("ring G4 R2 S6 D1 1/SM no wait", (const void*)ring<4, 2, 6, 3, 1>, 1, 4, 48);
  addr("ring G4 R2 S6 D2 1/SM full", (const void*)ring<4, 2, 6, 0, 2>, 1, 4, 48);
  addr("ring G4 R2 S6 D2 1/SM no wait", (const void*)ring<4, 2, 6, 3, 2>, 1, 4, 48);
  addr("ring G2 R4 S5 D2 1/SM full", (const void*)ring<2, 4, 5, 0, 2>, 1, 2, 40);
  addr("ring G2 R4 S5 D2 1/SM no wait", (const void*)ring<2, 4, 5, 3, 2>, 1, 2, 40);
  addr("ring G4 R4 S3 D1 1/SM full", (const void*)ring<4, 4, 3, 0, 1>, 1, 4, 48);
  addr("ring G4 R4 S3 D1 1/SM no wait", (const void*)ring<4, 4, 3, 3, 1>, 1, 4, 48);
  addr("ring G2 R4 S3 D1 2/SM full", (const void*)ring<2, 4, 3, 0, 1>, 2, 2, 24);
  addr("ring G2 R4 S3 D1 2/SM no wait", (const void*)ring<2, 4, 3, 3, 1>, 2, 2, 24);
  add5("ring_dynamic W4 R2 S4 D1 2/SM full", (const void*)ring_dynamic<4, 2, 4, 1, 0>, 2, 4, 32);
  add5("ring_dynamic W8 R1 S6 D2 1/SM full", (const void*)ring_dynamic<8, 1, 6, 2, 0>, 1, 8, 48);
  add5("ring_dynamic W4 R2 S6 D2 1/SM full", (const void*)ring_dynamic<4, 2, 6, 2, 0>, 1, 4, 48);
  add5("ring_dynamic W8 R1 S4 D2 2/SM full", (const void*)ring_dynamic<8, 1, 4, 2, 0>, 2, 8, 32);
  add5("ring_dynamic W8 R1 S4 D2 2/SM no wait", (const void*)ring_dynamic<8, 1, 4, 2, 3>, 2, 8, 32);
  addr("ring G4 R2 S4 D4 1/SM sleep 500", (const void*)ring<4, 2, 4, 0, 4, 0, 500>, 1, 4, 32);
  addr("ring G4 R2 S4 D4 1/SM sleep 1000", (const void*)ring<4, 2, 4, 0, 4, 0, 1000>, 1, 4, 32);
  addr("ring G4 R2 S4 D4 1/SM sleep 1500", (const void*)ring<4, 2, 4, 0, 4, 0, 1500>, 1, 4, 32);
  addr("ring G4 R2 S4 D4 1/SM sleep 2500", (const void*)ring<4, 2, 4, 0, 4, 0, 2500>, 1, 4, 32);
  addr("ring G4 R2 S6 D6 1/SM sleep 500", (const void*)ring<4, 2, 6, 0, 6, 0, 500>, 1, 4, 48);
  addr("ring G4 R2 S6 D6 1/SM sleep 1000", (const void*)ring<4, 2, 6, 0, 6, 0, 1000>, 1, 4, 48);
  addr("ring G4 R2 S6 D6 1/SM sleep 1500", (const void*)ring<4, 2, 6, 0, 6, 0, 1500>, 1, 4, 48);
  addr("ring G4 R2 S6 D6 1/SM sleep 2500", (const void*)ring<4, 2, 6, 0, 6, 0, 2500>, 1, 4, 48);
  addr("ring G4 R2 S6 D2 1/SM sleep 500", (const void*)ring<4, 2, 6, 0, 2, 0, 500>, 1, 4, 48);
  addr("ring G4 R2 S6 D2 1/SM sleep 1000", (const void*)ring<4, 2, 6, 0, 2, 0, 1000>, 1, 4, 48);
  addr("ring G4 R2 S6 D2 1/SM sleep 1500", (const void*)ring<4, 2, 6, 0, 2, 0, 1500>, 1, 4, 48);
  addr("ring G4 R2 S6 D2 1/SM sleep 2500", (const void*)ring<4, 2, 6, 0, 2, 0, 2500>, 1, 4, 48);
  addr("ring G2 R4 S4 D4 1/SM sleep 500", (const void*)ring<2, 4, 4, 0, 4, 0, 500>, 1, 2, 32);
  addr("ring G2 R4 S4 D4 1/SM sleep 1000", (const void*)ring<2, 4, 4, 0, 4, 0, 1000>, 1, 2, 32);
  addr("ring G2 R4 S4 D4 1/SM sleep 1500", (const void*)ring<2, 4, 4, 0, 4, 0, 1500>, 1, 2, 32);
  addr("ring G2 R4 S4 D4 1/SM sleep 2500", (const void*)ring<2, 4, 4, 0, 4, 0, 2500>, 1, 2, 32);
  addr("ring G4 R4 S3 D3 1/SM sleep 500", (const void*)ring<4, 4, 3, 0, 3, 0, 500>, 1, 4, 48);
  addr("ring G4 R4 S3 D3 1/SM sleep 1000", (const void*)ring<4, 4, 3, 0, 3, 0, 1000>, 1, 4, 48);
  addr("ring G4 R4 S3 D3 1/SM sleep 1500", (const void*)ring<4, 4, 3, 0, 3, 0, 1500>, 1, 4, 48);
  addr("ring G4 R4 S3 D3 1/SM sleep 2500", (const void*)ring<4, 4, 3, 0, 3, 0, 2500>, 1, 4, 48);
  addr("ring G4 R2 S4 D2 1/SM L2 prefetch 2", (const void*)ring<4, 2, 4, 0, 2, 2>, 1, 4, 32);
  addr("ring G4 R2 S4 D2 1/SM L2 prefetch 4", (const void*)ring<4, 2, 4, 0, 2, 4>, 1, 4, 32);
  addr("ring G4 R2 S4 D2 1/SM L2 prefetch 8", (const void*)ring<4, 2, 4, 0, 2, 8>, 1, 4, 32);
  addr("ring G4 R2 S6 D2 1/SM L2 prefetch 4", (const void*)ring<4, 2, 6, 0, 2, 4>, 1, 4, 48);
  addr("ring G4 R2 S6 D2 1/SM L2 prefetch 8", (const void*)ring<4, 2, 6, 0, 2, 8>, 1, 4, 48);
  addr("ring G2 R4 S3 D1 2/SM L2 prefetch 2", (const void*)ring<2, 4, 3, 0, 1, 2>, 2, 2, 24);
  addr("ring G2 R4 S3 D1 2/SM L2 prefetch 4", (const void*)ring<2, 4, 3, 0, 1, 4>, 2, 2, 24);
  addr("ring G4 R2 S4 D4 1/SM L2 prefetch 4", (const void*)ring<4, 2, 4, 0, 4, 4>, 1, 4, 32);
  addr("ring G4 R4 S3 D1 1/SM L2 prefetch 3", (const void*)ring<4, 4, 3, 0, 1, 3>, 1, 4, 48);
  for (auto& v : vs) if (v.fn) { int occ; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, v.fn, v.threads, (size_t)v.rows * ROW_BYTES + 128)); printf("%s: %d per SM fit\n", v.name, occ); }
  check_time_trace(vs, s, copy, [](const char* n) { return strstr(n, "slice_windowed") && (strstr(n, " full") || strstr(n, "no wait") || strstr(n, "idle")); });
  return 0;
}
#endif
