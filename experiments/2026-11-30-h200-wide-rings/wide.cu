// Rings of bulk copies (the ring of streamed.cu) whose workgroups of the next launches fit beside this one, with up to
// twice the consumer warps and x optionally copied once per workgroup, each traced per workgroup (globaltimer: start,
// wait returned, x ready, first chunk seen, last chunk landed, end). ROUND=1: one workgroup per SM per launch, two
// launches per SM; ROUND=2: smaller rings, three to five launches per SM. HOTX=1, TRACE=1, ONLY= as in streamed.cu.
#define STREAMED_NO_MAIN
#include "../2026-11-30-h200-dependency-chain/streamed.cu"

// PART 0 full; 1 x codes constant (no x read); 3 no grid wait (wrong dependency, a bound)
// XONCE: x is bulk-copied once per workgroup into shared memory after the wait and quantized from there
template <int GROUPS, int R, int S, int D, bool XONCE, int PART = 0, int MINB = 2>
__global__ void __launch_bounds__(64 * GROUPS + 32, MINB) ring_wide(const unsigned* x, const unsigned* __restrict__ W, float* __restrict__ y, int M, int N, int K) {
  constexpr int CR = GROUPS * R;
  base::kf_launch_dependents();
  const bool tr = (unsigned long long)y == g_trace_y && threadIdx.x == 0;
  TRACE(0);
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long full[S], empty[S], xbar;
  __shared__ float red[2][MAXROWS];
  __shared__ __align__(128) unsigned xs_smem[XONCE ? 2048 : 4];
  const int tid = threadIdx.x, lane = tid & 31, p = tid & 63, g = tid >> 6, half = (tid >> 5) & 1;
  const int r0 = (int)((long)blockIdx.x * N / gridDim.x), r1 = (int)((long)(blockIdx.x + 1) * N / gridDim.x);
  const int rows = r1 - r0, nch = (rows + CR - 1) / CR;
  const unsigned sraw = (unsigned)__cvta_generic_to_shared(smem), fb = (unsigned)__cvta_generic_to_shared(full), eb = (unsigned)__cvta_generic_to_shared(empty);
  const unsigned xbb = (unsigned)__cvta_generic_to_shared(&xbar);
  const unsigned sb = (sraw + 127) & ~127u;
  const unsigned* const sw = (const unsigned*)(smem + (sb - sraw));
  if (tid == 64 * GROUPS) {
    for (int i = 0; i < S; i++) { mbar_init(fb + 8 * i, 1); mbar_init(eb + 8 * i, 2 * GROUPS); }
    mbar_init(xbb, 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (g == GROUPS) {  // producer warp: never waits for the previous grid
    if (lane == 0) {
      for (int c = 0; c < nch; c++) {
        const int st = c % S, n = c / S;
        if (n > 0) mbar_wait(eb + 8 * st, (n - 1) & 1);
        if (D < S && c >= D) mbar_wait(fb + 8 * ((c - D) % S), ((c - D) / S) & 1);
        bulk_load(sb + st * CR * ROW_BYTES, (const unsigned char*)W + (size_t)(r0 + c * CR) * ROW_BYTES, min(CR, rows - c * CR) * ROW_BYTES, fb + 8 * st);
      }
      if ((unsigned long long)y == g_trace_y) { mbar_wait(fb + 8 * ((nch - 1) % S), ((nch - 1) / S) & 1); g_trace[blockIdx.x][4] = gtime(); }
    }
    return;
  }
  if (PART != 3) base::kf_wait_previous_grid();
  TRACE(1);
  unsigned xw[2][8]; float xd[2]; int xs[2];
  if (PART == 1) { for (int b = 0; b < 2; b++) { for (int i = 0; i < 8; i++) xw[b][i] = 0x01020304u * (lane + b + i); xd[b] = 1.0f; xs[b] = lane; } }
  else if (XONCE) {
    if (tid == 0) bulk_load((unsigned)__cvta_generic_to_shared(xs_smem), x, K * 2, xbb);
    mbar_wait(xbb, 0);
    quant_block(xs_smem, 2 * p, xw[0], xd[0], xs[0]); quant_block(xs_smem, 2 * p + 1, xw[1], xd[1], xs[1]);
  } else { quant_block(x, 2 * p, xw[0], xd[0], xs[0]); quant_block(x, 2 * p + 1, xw[1], xd[1], xs[1]); }
  TRACE(2);
  for (int c = 0; c < nch; c++) {
    const int st = c % S;
    mbar_wait(fb + 8 * st, (c / S) & 1);
    if (c == 0) TRACE(3);
    float acc[R];
#pragma unroll
    for (int rr = 0; rr < R; rr++) {
      const int lr = min(g * R + rr, rows - 1 - c * CR);
      const unsigned* a = sw + (st * CR + lr) * (ROW_BYTES / 4) + 9 * p;
      unsigned w[9];
#pragma unroll
      for (int j = 0; j < 9; j++) w[j] = a[j];
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
  TRACE(5);
}

int main() {
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const double copy = make_sets_and_measure_copy(s);
  if (getenv("HOTX")) for (auto& st : sets) st.x = sets[0].x;
  std::vector<Variant> vs = { { "base (emitted, 1376 x 128)", nullptr, 0, 0, 8 } };
  // one workgroup per SM per launch; stages of G*R rows; 12 KB for red, x and barriers
  auto addw = [&](const char* name, const void* fn, int groups, int rows_per_stage, int stages) {
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448 - 12288));
    Variant v{ name, fn, 1, stages, rows_per_stage, 64 * groups + 32, 128 };
    int fit = 0; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, fn, v.threads, (size_t)stages * rows_per_stage * ROW_BYTES + 128));
    cudaFuncAttributes fa; CK(cudaFuncGetAttributes(&fa, fn));
    printf("%s: %d per SM fit, %d regs, %zu B static smem, %zu B local\n", name, fit, fa.numRegs, fa.sharedSizeBytes, fa.localSizeBytes);
    vs.push_back(v);
  };
  const bool round2 = getenv("ROUND") && atoi(getenv("ROUND")) == 2;
#define W3(G, R, S, D, XO, tag) \
  addw("wide G" #G " R" #R " S" #S " D" #D tag " full", (const void*)ring_wide<G, R, S, D, XO, 0>, G, G * R, S); \
  addw("wide G" #G " R" #R " S" #S " D" #D tag " no x", (const void*)ring_wide<G, R, S, D, XO, 1>, G, G * R, S); \
  addw("wide G" #G " R" #R " S" #S " D" #D tag " no wait", (const void*)ring_wide<G, R, S, D, XO, 3>, G, G * R, S);
#define W3M(G, R, S, D, XO, MB, tag) \
  addw("wide G" #G " R" #R " S" #S " D" #D tag " full", (const void*)ring_wide<G, R, S, D, XO, 0, MB>, G, G * R, S); \
  addw("wide G" #G " R" #R " S" #S " D" #D tag " no x", (const void*)ring_wide<G, R, S, D, XO, 1, MB>, G, G * R, S);
  if (!round2) {  // round 1: the next launch fits beside (1/SM), consumer warps x 1 to 2
    W3(4, 2, 6, 2, false, "")
    W3(4, 2, 6, 6, false, "")
    W3(8, 1, 5, 2, false, "")
    W3(8, 1, 5, 3, false, "")
    W3(8, 1, 5, 5, false, "")
    W3(8, 1, 5, 2, true, " xonce")
    W3(8, 1, 5, 3, true, " xonce")
    W3(8, 1, 5, 5, true, " xonce")
    W3(6, 1, 7, 2, true, " xonce")
    W3(6, 1, 7, 4, true, " xonce")
    W3(6, 1, 7, 7, true, " xonce")
    W3(8, 2, 2, 2, true, " xonce")
    W3(4, 2, 5, 2, true, " xonce")
    W3(4, 2, 5, 5, true, " xonce")
  } else {  // round 2: the best of round 1, then rings small enough for three to five launches' workgroups per SM
    W3M(4, 2, 6, 2, false, 2, "")
    W3M(4, 2, 4, 1, false, 3, "")
    W3M(4, 2, 4, 2, false, 3, "")
    W3M(4, 2, 4, 3, false, 3, "")
    W3M(4, 2, 4, 4, false, 3, "")
    W3M(4, 2, 4, 2, true, 3, " xonce")
    W3M(4, 2, 3, 1, false, 4, "")
    W3M(4, 2, 3, 2, false, 4, "")
    W3M(4, 2, 3, 3, false, 4, "")
    W3M(4, 2, 3, 2, true, 4, " xonce")
    W3M(2, 4, 4, 2, false, 3, "")
    W3M(2, 4, 4, 1, false, 3, "")
    W3M(2, 2, 6, 2, false, 4, "")
    W3M(2, 2, 6, 3, false, 4, "")
    W3M(2, 2, 4, 2, false, 6, "")
  }
  check_time_trace(vs, s, copy, [](const char*) { return true; });
  return 0;
}
