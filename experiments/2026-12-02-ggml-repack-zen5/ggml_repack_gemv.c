/*
 * q4_0 gemv y[M, N] = x[M, K] W[N, K]^T three ways in one process, interleaved, on the same W bytes:
 *   ggml-plain   ggml_mul_mat on W in ggml's plain CPU buffer (what kforge bench's ggml baseline times)
 *   ggml-repack  ggml_mul_mat on W in ggml's CPU_REPACK buffer (q4_0 repacked to q4_0x8 blocks: the
 *                8x8 gemv/gemm kernels ggml picks for AVX2 / AVX-512; its fastest CPU path on a machine
 *                without AMX)
 *   kforge       kforge's avx512 gemv kernel, emitted by `kforge emit` into build/ and compiled in
 *                (kf_call.c, written by run.sh: the kernel plus kf_kforge_gemv())
 *
 *   ggml_repack_gemv N K M [THREADS]
 *
 * Protocol (kforge bench's, packages/bench): every implementation checked first against a float64
 * reference over the dequantized weights (nmse, judged by the int8-activations bound 5e-4); then
 * ROUNDS rounds, each timing every implementation in turn: 2 untimed calls, then at least 10 calls
 * and MIN_MS ms; W and x rotated through copies filling ROTATE_MIB (default twice the L3), so each
 * call reads W from DRAM; median and IQR over all timed calls of all rounds; the read probe (the
 * loop of kforge's bench probe over rotated 8 MiB chunks) before and after in the same process;
 * CPU time over wall time of the timed calls (what the threads really got). Prints one
 * tab-separated line per implementation (median, min, 10th percentile, IQR: on a shared machine the
 * lower tail is what time slicing disturbs least). Build and run: README.md.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <omp.h>
#include <ggml.h>
#include <ggml-alloc.h>
#include <ggml-backend.h>
#include <ggml-cpu.h>

/* kf_call.c: the emitted kforge kernel behind a fixed signature (scratch allocated inside) */
void kf_kforge_gemv(const float *x, const void *W, float *y, int M, int N, int K);
extern const char *kf_kforge_config;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double cpu_ms(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
}

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
static float uniform(void) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (float)((rng >> 40) * (1.0 / (1ull << 24))) * 2.0f - 1.0f;
}

/* the read probe of experiments/2026-12-01-attention-cpu (kforge bench's loop): 4 streams per thread */
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
  float *buf = aligned_alloc(64, chunk * copies);
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

enum { IMPL_PLAIN, IMPL_REPACK, IMPL_KFORGE, NIMPL };
static const char *IMPL_NAME[NIMPL] = { "ggml-plain", "ggml-repack", "kforge" };

static int M, N, K, copies, threads;
static uint8_t *Wc;           /* copies of W (ggml's q4_0 bytes = kforge's), wbytes apart */
static float *Xc, *Yc;        /* copies of x and y */
static size_t wbytes;
static struct ggml_cgraph *graphs[2][64];
static struct ggml_cplan plans[2][64];

static void call(int impl, int c) {
  if (impl == IMPL_KFORGE) kf_kforge_gemv(Xc + (size_t)c * M * K, Wc + (size_t)c * wbytes, Yc + (size_t)c * M * N, M, N, K);
  else ggml_graph_compute(graphs[impl][c], &plans[impl][c]);
}

/* graph c of impl: y_c = mul_mat(w, x_c), y pointing at copy c of y */
static void build(int impl, int c, struct ggml_tensor *w) {
  struct ggml_init_params p = { .mem_size = 8 * ggml_tensor_overhead() + ggml_graph_overhead(), .mem_buffer = NULL, .no_alloc = true };
  struct ggml_context *ctx = ggml_init(p);
  struct ggml_tensor *x = ggml_new_tensor_2d(ctx, GGML_TYPE_F32, K, M);
  x->data = Xc + (size_t)c * M * K;
  struct ggml_tensor *y = ggml_mul_mat(ctx, w, x);
  y->data = Yc + (size_t)c * M * N;
  graphs[impl][c] = ggml_new_graph(ctx);
  ggml_build_forward_expand(graphs[impl][c], y);
  plans[impl][c] = ggml_graph_plan(graphs[impl][c], threads, NULL);
  if (plans[impl][c].work_size) plans[impl][c].work_data = malloc(plans[impl][c].work_size);
}

static ggml_backend_buffer_type_t repack_buft(void) {
  ggml_backend_dev_t dev = ggml_backend_reg_dev_get(ggml_backend_cpu_reg(), 0);
  ggml_backend_dev_get_extra_bufts_t get = (ggml_backend_dev_get_extra_bufts_t)ggml_backend_reg_get_proc_address(ggml_backend_cpu_reg(), "ggml_backend_dev_get_extra_bufts");
  if (!get) return NULL;
  for (ggml_backend_buffer_type_t *b = get(dev); b && *b; b++) {
    fprintf(stderr, "ggml CPU extra buffer type: %s\n", ggml_backend_buft_name(*b));
    if (strcmp(ggml_backend_buft_name(*b), "CPU_REPACK") == 0) return *b;
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s N K M [threads]\n", argv[0]);
    return 2;
  }
  N = atoi(argv[1]); K = atoi(argv[2]); M = atoi(argv[3]);
  threads = argc > 4 ? atoi(argv[4]) : 2;
  if (N <= 0 || K <= 0 || M <= 0 || K % 32 || N % 8) { fprintf(stderr, "N, K, M > 0, K a multiple of 32, N of 8 (q4_0x8)\n"); return 2; }
  omp_set_num_threads(threads);
  const char *env_rot = getenv("ROTATE_MIB"), *env_min = getenv("MIN_MS"), *env_probe = getenv("PROBE_MIB"), *env_rounds = getenv("ROUNDS");
  const size_t rotate = env_rot ? (size_t)atol(env_rot) << 20 : 2 * l3_bytes();
  const double min_ms = env_min ? atof(env_min) : 300.0;
  const size_t probe_bytes = env_probe ? (size_t)atol(env_probe) << 20 : (size_t)512 << 20;
  const int rounds = env_rounds ? atoi(env_rounds) : 3;
  wbytes = ggml_row_size(GGML_TYPE_Q4_0, K) * N;
  const size_t per_copy = wbytes + sizeof(float) * (size_t)M * (K + N);
  copies = (int)((rotate + per_copy - 1) / per_copy);
  if (copies < 2) copies = 2;
  if (copies > 64) copies = 64;

  /* W quantized by ggml from random floats (the first copy), memcpy'd into the others */
  Wc = aligned_alloc(64, (wbytes * copies + 63) / 64 * 64);
  Xc = aligned_alloc(64, (sizeof(float) * (size_t)M * K * copies + 63) / 64 * 64);
  Yc = aligned_alloc(64, (sizeof(float) * (size_t)M * N * copies + 63) / 64 * 64);
  float *wf = malloc(sizeof(float) * (size_t)N * K);
  for (size_t i = 0; i < (size_t)N * K; i++) wf[i] = uniform();
  ggml_quantize_chunk(GGML_TYPE_Q4_0, wf, Wc, 0, N, K, NULL);
  for (int c = 1; c < copies; c++) memcpy(Wc + (size_t)c * wbytes, Wc, wbytes);
  for (size_t i = 0; i < (size_t)M * K; i++) Xc[i] = uniform();
  for (int c = 1; c < copies; c++) memcpy(Xc + (size_t)c * M * K, Xc, sizeof(float) * (size_t)M * K);

  /* float64 reference over the dequantized weights */
  ggml_get_type_traits(GGML_TYPE_Q4_0)->to_float(Wc, wf, (int64_t)N * K);
  double *ref = malloc(sizeof(double) * (size_t)M * N);
  for (int m = 0; m < M; m++)
    for (int n = 0; n < N; n++) {
      double acc = 0;
      for (int k = 0; k < K; k++) acc += (double)Xc[(size_t)m * K + k] * wf[(size_t)n * K + k];
      ref[(size_t)m * N + n] = acc;
    }
  free(wf);

  /* plain: tensors pointing at the copies; repack: tensors in a CPU_REPACK buffer, set from the copies */
  ggml_backend_buffer_type_t rbuft = repack_buft();
  if (!rbuft) { fprintf(stderr, "this ggml build has no CPU_REPACK buffer type\n"); return 3; }
  struct ggml_init_params pw = { .mem_size = 2 * 64 * ggml_tensor_overhead(), .mem_buffer = NULL, .no_alloc = true };
  struct ggml_context *cw = ggml_init(pw);
  struct ggml_tensor *wp[64], *wr[64];
  for (int c = 0; c < copies; c++) {
    wp[c] = ggml_new_tensor_2d(cw, GGML_TYPE_Q4_0, K, N);
    wp[c]->data = Wc + (size_t)c * wbytes;
  }
  struct ggml_context *cr = ggml_init(pw);
  for (int c = 0; c < copies; c++) wr[c] = ggml_new_tensor_2d(cr, GGML_TYPE_Q4_0, K, N);
  ggml_backend_buffer_t rbuf = ggml_backend_alloc_ctx_tensors_from_buft(cr, rbuft);
  if (!rbuf) { fprintf(stderr, "CPU_REPACK allocation failed\n"); return 3; }
  if (!wr[0]->extra) { fprintf(stderr, "CPU_REPACK has no repacked layout for q4_0 %dx%d on this CPU\n", N, K); return 3; }
  for (int c = 0; c < copies; c++) ggml_backend_tensor_set(wr[c], Wc + (size_t)c * wbytes, 0, wbytes);
  for (int c = 0; c < copies; c++) { build(IMPL_PLAIN, c, wp[c]); build(IMPL_REPACK, c, wr[c]); }

  /* check every implementation on every copy before timing */
  double nmse[NIMPL];
  for (int impl = 0; impl < NIMPL; impl++) {
    nmse[impl] = 0;
    for (int c = 0; c < copies; c++) {
      float *y = Yc + (size_t)c * M * N;
      for (size_t i = 0; i < (size_t)M * N; i++) y[i] = NAN;
      call(impl, c);
      double num = 0, den = 0;
      for (size_t i = 0; i < (size_t)M * N; i++) { num += (y[i] - ref[i]) * (y[i] - ref[i]); den += ref[i] * ref[i]; }
      const double e = isfinite(num) ? num / den : INFINITY;
      if (e > nmse[impl] || !isfinite(e)) nmse[impl] = e;
    }
    if (!(nmse[impl] <= 5e-4)) { fprintf(stderr, "%s: nmse %g > 5e-4: not timed\n", IMPL_NAME[impl], nmse[impl]); return 4; }
  }

  const double probe_before = read_probe_gbps(probe_bytes);
  int cap = 1 << 16, n[NIMPL] = {0};
  double *t[NIMPL], wall[NIMPL] = {0}, cpu[NIMPL] = {0};
  for (int impl = 0; impl < NIMPL; impl++) t[impl] = malloc(sizeof(double) * cap);
  int next = 0;
  for (int r = 0; r < rounds; r++) {
    for (int impl = 0; impl < NIMPL; impl++) {
      for (int i = 0; i < 2; i++) call(impl, next++ % copies);
      const double c0 = cpu_ms(), w0 = now_ms();
      int reps = 0;
      while ((reps < 10 || now_ms() - w0 < min_ms) && n[impl] < cap) {
        const double t0 = now_ms();
        call(impl, next++ % copies);
        t[impl][n[impl]++] = now_ms() - t0;
        reps++;
      }
      wall[impl] += now_ms() - w0;
      cpu[impl] += cpu_ms() - c0;
    }
  }
  const double probe_after = read_probe_gbps(probe_bytes);

  for (int impl = 0; impl < NIMPL; impl++) {
    qsort(t[impl], n[impl], sizeof(double), cmp_double);
    const double med = quantile(t[impl], n[impl], 0.5);
    const double bytes = (double)wbytes + sizeof(float) * (double)M * (K + N);
    printf("%s\t%d\t%d\t%d\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.3g\t%s\n", IMPL_NAME[impl], N, K, M, threads, med, t[impl][0],
           quantile(t[impl], n[impl], 0.1),
           quantile(t[impl], n[impl], 0.75) - quantile(t[impl], n[impl], 0.25), n[impl], copies, bytes / (med * 1e6),
           probe_before, probe_after, cpu[impl] / wall[impl], nmse[impl], impl == IMPL_KFORGE ? kf_kforge_config : impl == IMPL_REPACK ? "q4_0_8x8_q8_0 (CPU_REPACK)" : "plain CPU buffer");
  }
  ggml_backend_buffer_free(rbuf);
  return 0;
}
