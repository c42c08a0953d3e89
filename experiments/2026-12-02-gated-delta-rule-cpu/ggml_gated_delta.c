/*
 * ggml's CPU GATED_DELTA_NET timed on one case, with a streaming-read probe and a cache probe of the
 * state's bytes in the same process.
 *
 *   ggml_gated_delta Hk Hv D T RESIDENCY [THREADS]
 *     RESIDENCY rotate: inputs (and the state) rotated over copies filling twice the L3, so every
 *               call reads them from DRAM;  hot: one copy, the state stays in cache between calls
 *
 * The graph is llama.cpp's for Qwen3.5's linear attention: l2_norm(q), l2_norm(k) (eps 1e-6), then
 * ggml_gated_delta_net(q, k, v, g, beta, state, 1) with q, k [D, Hk, T], v [D, Hv, T], g and beta
 * [1, Hv, T], state [D, D, Hv] (B 1). Prints one tab-separated line: the case, median/min/IQR ms,
 * repeats, copies, GFLOP/s (7 T Hv D^2, kforge's gated_delta_rule flops), state GB/s (read + write of
 * the state over the median), the read probe before and after, the cache probe (read + write of the
 * state's bytes, hot) before and after, and the nmse of o and of the final state of four sampled
 * heads against a float64 recurrence over the same inputs in ggml's conventions (value head h reads
 * q/k head h % Hk; the state stored transposed), and threads_used: process CPU time over wall time
 * of the timed calls. Environment: ROTATE_MIB (default twice the L3),
 * MIN_MS (1000), PROBE_MIB (1024). Build: see README.md (needs ggml's include/ and libggml*.so).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <omp.h>
#include <ggml.h>
#include <ggml-cpu.h>

static double clock_ms(clockid_t id) {
  struct timespec t;
  clock_gettime(id, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
static double now_ms(void) { return clock_ms(CLOCK_MONOTONIC); }

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double quantile(const double *sorted, int n, double q) {
  double at = q * (n - 1);
  int lo = (int)at;
  int hi = lo + 1 < n ? lo + 1 : lo;
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

static size_t l3_bytes(void) {
  FILE *f = fopen("/sys/devices/system/cpu/cpu0/cache/index3/size", "r");
  size_t kib = 32 * 1024;
  if (f) {
    if (fscanf(f, "%zu", &kib) != 1) kib = 32 * 1024;
    fclose(f);
  }
  return kib * 1024;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static float uniform01(void) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (float)((rng >> 40) * (1.0 / (1ull << 24)));
}

static void *alloc64(size_t bytes) {
  void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!p) { fprintf(stderr, "out of memory\n"); exit(1); }
  return p;
}

/* the bench's read probe: 4 streams per thread into 4 x 32 partial sums, rotated 8 MiB chunks */
static float probe_chunk(const float *restrict buf, long n) {
  const long part = n / 4;
  float total = 0.0f;
  #pragma omp parallel reduction(+:total)
  {
    float acc[4][32];
    for (int s = 0; s < 4; s++) for (int l = 0; l < 32; l++) acc[s][l] = 0.0f;
    #pragma omp for schedule(static)
    for (long blk = 0; blk < part / 64; blk++)
      for (int s = 0; s < 4; s++) {
        const float *p = buf + s * part + blk * 64;
        for (int l = 0; l < 32; l++) acc[s][l] += p[l] + p[32 + l];
      }
    for (int s = 0; s < 4; s++) for (int l = 0; l < 32; l++) total += acc[s][l];
  }
  return total;
}

static double read_probe_gbps(size_t total_bytes) {
  const size_t chunk = 8u << 20;
  int copies = (int)(total_bytes / chunk);
  if (copies < 2) copies = 2;
  float *buf = alloc64(chunk * copies);
  for (size_t i = 0; i < chunk * copies / 4; i++) buf[i] = 1.0f;
  int reps = copies * 2;
  double *t = malloc(sizeof(double) * reps);
  volatile float sink = 0;
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
    sink += probe_chunk(buf + (size_t)(r % copies) * (chunk / 4), (long)(chunk / 4));
    t[r] = now_ms() - t0;
  }
  (void)sink;
  qsort(t + copies / 4, reps - copies / 4, sizeof(double), cmp_double); /* first quarter pass dropped */
  double med = quantile(t + copies / 4, reps - copies / 4, 0.5);
  free(t);
  free(buf);
  return chunk / (med * 1e6);
}

/* the bench's cache probe: each thread reads its static share of src and writes its share of dst,
   the same buffers every call (they stay in the cache they fit); bytes read + written */
static void cache_copy(const float *restrict src, float *restrict dst, long n, float a) {
  #pragma omp parallel for schedule(static)
  for (long blk = 0; blk < n / 64; blk++)
    for (int l = 0; l < 64; l++) dst[blk * 64 + l] = src[blk * 64 + l] * a;
}

static double cache_probe_gbps(size_t bytes) {
  const long n = (long)(bytes / 256) * 64;
  float *src = alloc64(sizeof(float) * n), *dst = alloc64(sizeof(float) * n);
  for (long i = 0; i < n; i++) src[i] = 1.0f;
  enum { WARM = 5, REPS = 2000 };
  double *t = malloc(sizeof(double) * REPS);
  for (int r = 0; r < WARM + REPS; r++) {
    double t0 = now_ms();
    cache_copy(src, dst, n, 1.0f);
    if (r >= WARM) t[r - WARM] = now_ms() - t0;
  }
  qsort(t, REPS, sizeof(double), cmp_double);
  double med = quantile(t, REPS, 0.5);
  free(t); free(src); free(dst);
  return 2.0 * sizeof(float) * n / (med * 1e6);
}

int main(int argc, char **argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: %s Hk Hv D T rotate|hot [threads]\n", argv[0]);
    return 2;
  }
  const int Hk = atoi(argv[1]), Hv = atoi(argv[2]), D = atoi(argv[3]), T = atoi(argv[4]);
  const char *residency = argv[5];
  const int hot = strcmp(residency, "hot") == 0;
  const int threads = argc > 6 ? atoi(argv[6]) : 2;
  if (Hk < 1 || Hv % Hk != 0 || D < 1 || T < 1) { fprintf(stderr, "need Hv %% Hk == 0, D >= 1, T >= 1\n"); return 2; }
  omp_set_num_threads(threads);
  const char *env_rot = getenv("ROTATE_MIB"), *env_min = getenv("MIN_MS"), *env_probe = getenv("PROBE_MIB");
  const size_t rotate = env_rot ? (size_t)atol(env_rot) << 20 : 2 * l3_bytes();
  const double min_ms = env_min ? atof(env_min) : 1000.0;
  const size_t probe_bytes = env_probe ? (size_t)atol(env_probe) << 20 : (size_t)1 << 30;

  /* one copy of every input: q k v g beta s0, each padded to 64 bytes */
  const size_t nq = (size_t)D * Hk * T, nv = (size_t)D * Hv * T, ng = (size_t)Hv * T, ns = (size_t)D * D * Hv;
  const size_t pad = 16;
  const size_t sizes[6] = { nq, nq, nv, ng, ng, ns };
  size_t offs[6], per_copy = 0;
  for (int i = 0; i < 6; i++) { offs[i] = per_copy; per_copy += (sizes[i] + pad - 1) / pad * pad; }
  int copies = hot ? 1 : (int)((rotate + per_copy * 4 - 1) / (per_copy * 4));
  if (copies < 1) copies = 1;
  float *in = alloc64(sizeof(float) * per_copy * copies);
  {
    float *c0 = in;
    for (size_t i = 0; i < nq; i++) c0[offs[0] + i] = 2 * uniform01() - 1;
    for (size_t i = 0; i < nq; i++) c0[offs[1] + i] = 2 * uniform01() - 1;
    for (size_t i = 0; i < nv; i++) c0[offs[2] + i] = 2 * uniform01() - 1;
    /* log decay in (-2, 0] and beta in [0, 1) (kforge's generated inputs' ranges), state ~ 0.1 */
    for (size_t i = 0; i < ng; i++) c0[offs[3] + i] = -2 * uniform01();
    for (size_t i = 0; i < ng; i++) c0[offs[4] + i] = uniform01();
    for (size_t i = 0; i < ns; i++) c0[offs[5] + i] = 0.2f * uniform01() - 0.1f;
    for (int c = 1; c < copies; c++) memcpy(in + (size_t)c * per_copy, in, sizeof(float) * per_copy);
  }

  struct ggml_init_params pd = { .mem_size = 16 * ggml_tensor_overhead(), .mem_buffer = NULL, .no_alloc = true };
  struct ggml_context *cd = ggml_init(pd);
  struct ggml_tensor *q = ggml_new_tensor_4d(cd, GGML_TYPE_F32, D, Hk, T, 1);
  struct ggml_tensor *k = ggml_new_tensor_4d(cd, GGML_TYPE_F32, D, Hk, T, 1);
  struct ggml_tensor *v = ggml_new_tensor_4d(cd, GGML_TYPE_F32, D, Hv, T, 1);
  struct ggml_tensor *g = ggml_new_tensor_4d(cd, GGML_TYPE_F32, 1, Hv, T, 1);
  struct ggml_tensor *beta = ggml_new_tensor_4d(cd, GGML_TYPE_F32, 1, Hv, T, 1);
  struct ggml_tensor *s0 = ggml_new_tensor_4d(cd, GGML_TYPE_F32, D, D, Hv, 1);
  struct ggml_tensor *inputs[6] = { q, k, v, g, beta, s0 };
  struct ggml_init_params pc = {
    .mem_size = sizeof(float) * (2 * nq + nv + ns) + 16 * ggml_tensor_overhead() + ggml_graph_overhead() + (1 << 20), .mem_buffer = NULL, .no_alloc = false,
  };
  struct ggml_context *cc = ggml_init(pc);
  struct ggml_tensor *out = ggml_gated_delta_net(cc, ggml_l2_norm(cc, q, 1e-6f), ggml_l2_norm(cc, k, 1e-6f), v, g, beta, s0, 1);
  struct ggml_cgraph *gf = ggml_new_graph(cc);
  ggml_build_forward_expand(gf, out);
  struct ggml_cplan plan = ggml_graph_plan(gf, threads, NULL);
  uint8_t *work = plan.work_size ? malloc(plan.work_size) : NULL;
  plan.work_data = work;

  const size_t state_bytes = sizeof(float) * ns;
  const double probe_before = read_probe_gbps(probe_bytes), cache_before = cache_probe_gbps(state_bytes);
  int reps_cap = 200000, n = 0, cursor = 0;
  double *t = malloc(sizeof(double) * reps_cap);
  double spent = 0, cpu = 0;
  const int warm = 2;
  for (int r = 0; n < reps_cap; r++) {
    const int c = cursor++ % copies;
    for (int i = 0; i < 6; i++) inputs[i]->data = in + (size_t)c * per_copy + offs[i];
    const double t0 = now_ms(), c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
    if (ggml_graph_compute(gf, &plan) != GGML_STATUS_SUCCESS) { fprintf(stderr, "ggml_graph_compute failed\n"); return 1; }
    const double dt = now_ms() - t0, dc = clock_ms(CLOCK_PROCESS_CPUTIME_ID) - c0;
    if (r >= warm) { t[n++] = dt; spent += dt; cpu += dc; }
    if (n >= 10 && spent >= min_ms) break;
  }
  const double cache_after = cache_probe_gbps(state_bytes), probe_after = read_probe_gbps(probe_bytes);

  /* check: four value heads of the last call's copy, all T steps, against float64 in ggml's conventions */
  double eo = 0, ro = 0, es = 0, rs = 0;
  {
    const float *c0 = in + (size_t)((cursor - 1) % copies) * per_copy;
    const float *res = (const float *)out->data, *res_s = res + nv;
    double *S = malloc(sizeof(double) * D * D), *qn = malloc(sizeof(double) * D), *kn = malloc(sizeof(double) * D), *u = malloc(sizeof(double) * D);
    const int heads[4] = { 0, Hv - 1, Hv / 2, 1 % Hv };
    for (int si = 0; si < 4; si++) {
      const int h = heads[si], hk = h % Hk;
      /* M[j][i] = S[i][j]: row j of ggml's state is column j of S */
      for (int x = 0; x < D * D; x++) S[x] = c0[offs[5] + (size_t)h * D * D + x];
      for (int tt = 0; tt < T; tt++) {
        const float *qr = c0 + offs[0] + ((size_t)tt * Hk + hk) * D, *kr = c0 + offs[1] + ((size_t)tt * Hk + hk) * D;
        const float *vr = c0 + offs[2] + ((size_t)tt * Hv + h) * D;
        const double gt = c0[offs[3] + (size_t)tt * Hv + h], bt = c0[offs[4] + (size_t)tt * Hv + h];
        double sq = 0, sk = 0;
        for (int i = 0; i < D; i++) { sq += (double)qr[i] * qr[i]; sk += (double)kr[i] * kr[i]; }
        sq = 1 / fmax(sqrt(sq), 1e-6); sk = 1 / fmax(sqrt(sk), 1e-6);
        for (int i = 0; i < D; i++) { qn[i] = qr[i] * sq; kn[i] = kr[i] * sk; }
        const double a = exp(gt);
        for (int j = 0; j < D; j++) {
          double acc = 0;
          for (int i = 0; i < D; i++) { S[j * D + i] *= a; acc += S[j * D + i] * kn[i]; }
          u[j] = bt * (vr[j] - acc);
        }
        for (int j = 0; j < D; j++) {
          double acc = 0;
          for (int i = 0; i < D; i++) { S[j * D + i] += kn[i] * u[j]; acc += S[j * D + i] * qn[i]; }
          const double ref = acc / sqrt((double)D), got = res[((size_t)tt * Hv + h) * D + j];
          eo += (got - ref) * (got - ref); ro += ref * ref;
        }
      }
      for (int x = 0; x < D * D; x++) {
        const double got = res_s[(size_t)h * D * D + x];
        es += (got - S[x]) * (got - S[x]); rs += S[x] * S[x];
      }
    }
    free(S); free(qn); free(kn); free(u);
  }

  qsort(t, n, sizeof(double), cmp_double);
  const double med = quantile(t, n, 0.5), iqr = quantile(t, n, 0.75) - quantile(t, n, 0.25);
  const double flops = 7.0 * T * Hv * (double)D * D;
  printf("%d\t%d\t%d\t%d\t%s\t%d\t%.4f\t%.4f\t%.4f\t%d\t%d\t%.2f\t%.2f\t%.1f\t%.1f\t%.1f\t%.1f\t%.2e\t%.2e\t%.2f\n",
         Hk, Hv, D, T, residency, threads, med, t[0], iqr, n, copies, flops / (med * 1e6), 2.0 * state_bytes / (med * 1e6),
         probe_before, probe_after, cache_before, cache_after, ro > 0 ? eo / ro : 0.0, rs > 0 ? es / rs : 0.0, cpu / spent);
  return 0;
}
