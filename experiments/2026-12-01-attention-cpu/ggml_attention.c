/*
 * ggml's CPU attention timed on one case, with a streaming-read probe in the same process.
 *
 *   ggml_attention MODE Hq Hkv D Sq Skv KV [LAYOUT] [THREADS]
 *     MODE   flash (ggml_flash_attn_ext) | matmul (mul_mat + soft_max_ext + mul_mat, the non-flash path)
 *     KV     f16 | q8_0 | f32   storage of k and v
 *     LAYOUT contig: k, v as [Hkv][Skv][D] (ggml ne [D, Skv, Hkv], every head contiguous; kforge's layout)
 *            cache:  k, v as [Skv][Hkv][D] (token-major, like llama.cpp's KV cache: the same ne, nb1 = Hkv rows)
 *     Sq > 1 is causal prefill (queries are the last Sq positions; f16 mask, -inf above the diagonal).
 *
 * Prints one tab-separated line: the case, median/min/IQR ms, KV GB/s, GFLOP/s (keys each query row
 * sees, as kforge's attention flops), the probe's GB/s before and after, the check against a float64
 * reference on sampled query rows. Environment: ROTATE_MIB (default twice the L3), MIN_MS, PROBE_MIB.
 * Build: see README.md (needs ggml's include/ and its libggml*.so).
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

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double quantile(double *sorted, int n, double q) {
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

/* Streaming read over rotated 8 MiB chunks: each thread reads four streams into 4 x 32 partial sums
   kept in registers, the same shape as kforge's bench probe, so the two numbers compare. */
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

/* the value ggml would read back for element i of a row stored as `type` */
static void row_to_float(enum ggml_type type, const void *row, float *out, int n) {
  if (type == GGML_TYPE_F32) memcpy(out, row, sizeof(float) * n);
  else if (type == GGML_TYPE_F16) ggml_fp16_to_fp32_row(row, out, n);
  else ggml_get_type_traits(type)->to_float(row, out, n);
}

int main(int argc, char **argv) {
  if (argc < 8) {
    fprintf(stderr, "usage: %s flash|matmul Hq Hkv D Sq Skv f16|q8_0|f32 [contig|cache] [threads]\n", argv[0]);
    return 2;
  }
  const char *mode = argv[1];
  const int Hq = atoi(argv[2]), Hkv = atoi(argv[3]), D = atoi(argv[4]), Sq = atoi(argv[5]), Skv = atoi(argv[6]);
  const char *kvname = argv[7];
  const char *layout = argc > 8 ? argv[8] : "contig";
  const int threads = argc > 9 ? atoi(argv[9]) : 2;
  const int flash = strcmp(mode, "flash") == 0;
  const int cache = strcmp(layout, "cache") == 0;
  enum ggml_type kvt = strcmp(kvname, "f16") == 0 ? GGML_TYPE_F16 : strcmp(kvname, "q8_0") == 0 ? GGML_TYPE_Q8_0 : GGML_TYPE_F32;
  if (!flash && cache) { fprintf(stderr, "matmul reads v transposed ([Hkv][D][Skv]); the cache layout applies to flash only\n"); return 2; }
  omp_set_num_threads(threads);
  const float scale = 1.0f / sqrtf((float)D);
  const size_t row = ggml_row_size(kvt, D);            /* bytes of one head row of D values */
  const size_t kv_one = row * (size_t)Skv * Hkv;       /* bytes of k (and of v) */
  const size_t q_one = sizeof(float) * (size_t)D * Sq * Hq;
  const size_t per_copy = 2 * kv_one + (Sq > 1 ? q_one : 0);
  const char *env_rot = getenv("ROTATE_MIB"), *env_min = getenv("MIN_MS"), *env_probe = getenv("PROBE_MIB");
  const size_t rotate = env_rot ? (size_t)atol(env_rot) << 20 : 2 * l3_bytes();
  const double min_ms = env_min ? atof(env_min) : 1000.0;
  const size_t probe_bytes = env_probe ? (size_t)atol(env_probe) << 20 : (size_t)1 << 30;
  int copies = (int)((rotate + per_copy - 1) / per_copy);
  if (copies < 1) copies = 1;

  /* one copy made from random floats, the others memcpy'd: distinct memory, same values */
  uint8_t *K = aligned_alloc(64, (kv_one * copies + 63) / 64 * 64), *V = aligned_alloc(64, (kv_one * copies + 63) / 64 * 64);
  float *Q = aligned_alloc(64, (q_one * (Sq > 1 ? copies : 1) + 63) / 64 * 64);
  {
    float *tmp = malloc(sizeof(float) * (size_t)D * Skv * Hkv);
    for (int which = 0; which < 2; which++) {
      for (size_t i = 0; i < (size_t)D * Skv * Hkv; i++) tmp[i] = uniform();
      uint8_t *dst = which ? V : K;
      /* rows in storage order: contig [h][j], cache [j][h]; the matmul path's v is [h][d][j] (f16 or f32) */
      if (which == 1 && !flash) {
        float *vt = malloc(sizeof(float) * (size_t)D * Skv * Hkv);
        for (int h = 0; h < Hkv; h++) for (int j = 0; j < Skv; j++) for (int d = 0; d < D; d++)
          vt[((size_t)h * D + d) * Skv + j] = tmp[((size_t)h * Skv + j) * D + d];
        ggml_quantize_chunk(kvt, vt, dst, 0, (int64_t)Hkv * D, Skv, NULL);
        free(vt);
      } else {
        ggml_quantize_chunk(kvt, tmp, dst, 0, (int64_t)Hkv * Skv, D, NULL);
        if (cache) { /* the same values, token-major */
          uint8_t *c = malloc(kv_one);
          for (int h = 0; h < Hkv; h++) for (int j = 0; j < Skv; j++)
            memcpy(c + ((size_t)j * Hkv + h) * row, dst + ((size_t)h * Skv + j) * row, row);
          memcpy(dst, c, kv_one);
          free(c);
        }
      }
      for (int c = 1; c < copies; c++) memcpy(dst + (size_t)c * kv_one, dst, kv_one);
    }
    free(tmp);
    for (size_t i = 0; i < (size_t)D * Sq * Hq; i++) Q[i] = uniform();
    if (Sq > 1) for (int c = 1; c < copies; c++) memcpy((uint8_t *)Q + (size_t)c * q_one, Q, q_one);
  }

  struct ggml_init_params pd = { .mem_size = 16 * ggml_tensor_overhead(), .mem_buffer = NULL, .no_alloc = true };
  struct ggml_context *cd = ggml_init(pd);
  struct ggml_tensor *q = ggml_new_tensor_3d(cd, GGML_TYPE_F32, D, Sq, Hq);
  struct ggml_tensor *k = ggml_new_tensor_3d(cd, kvt, D, Skv, Hkv);
  struct ggml_tensor *v = flash ? ggml_new_tensor_3d(cd, kvt, D, Skv, Hkv) : ggml_new_tensor_3d(cd, kvt, Skv, D, Hkv);
  if (cache) { /* token-major: the next key of a head is Hkv rows on, the next head one row on */
    k->nb[1] = v->nb[1] = row * Hkv;
    k->nb[2] = v->nb[2] = row;
    k->nb[3] = v->nb[3] = row * Hkv * Skv;
  }
  struct ggml_tensor *mask = NULL;
  ggml_fp16_t *maskdata = NULL;
  if (Sq > 1) {
    mask = ggml_new_tensor_2d(cd, GGML_TYPE_F16, Skv, Sq);
    maskdata = malloc(sizeof(ggml_fp16_t) * (size_t)Skv * Sq);
    float *m = malloc(sizeof(float) * Skv);
    for (int i = 0; i < Sq; i++) {
      const int p = Skv - Sq + i;
      for (int j = 0; j < Skv; j++) m[j] = j <= p ? 0.0f : -INFINITY;
      ggml_fp32_to_fp16_row(m, maskdata + (size_t)i * Skv, Skv);
    }
    free(m);
    mask->data = maskdata;
  }
  /* intermediates (matmul: kq and its softmax, f32 [Skv, Sq, Hq] each) live in a second context */
  const size_t inter = flash ? 0 : 2 * sizeof(float) * (size_t)Skv * Sq * Hq;
  struct ggml_init_params pc = { .mem_size = inter + sizeof(float) * (size_t)D * Sq * Hq + 64 * ggml_tensor_overhead() + ggml_graph_overhead() + (1 << 20), .mem_buffer = NULL, .no_alloc = false };
  struct ggml_context *cc = ggml_init(pc);
  struct ggml_tensor *out;
  if (flash) {
    out = ggml_flash_attn_ext(cc, q, k, v, mask, scale, 0.0f, 0.0f);
  } else {
    struct ggml_tensor *kq = ggml_mul_mat(cc, k, q);              /* [Skv, Sq, Hq] */
    kq = ggml_soft_max_ext(cc, kq, mask, scale, 0.0f);
    out = ggml_mul_mat(cc, v, kq);                                 /* [D, Sq, Hq] */
  }
  struct ggml_cgraph *gf = ggml_new_graph(cc);
  ggml_build_forward_expand(gf, out);
  struct ggml_cplan plan = ggml_graph_plan(gf, threads, NULL);
  uint8_t *work = plan.work_size ? malloc(plan.work_size) : NULL;
  plan.work_data = work;

  const double probe_before = read_probe_gbps(probe_bytes);
  int cursor = 0;
  int reps_cap = 100000, n = 0;
  double *t = malloc(sizeof(double) * reps_cap);
  double spent = 0;
  const int warm = 2;
  for (int r = 0; n < reps_cap; r++) {
    const int c = cursor++ % copies;
    k->data = K + (size_t)c * kv_one;
    v->data = V + (size_t)c * kv_one;
    q->data = (uint8_t *)Q + (Sq > 1 ? (size_t)c * q_one : 0);
    const double t0 = now_ms();
    if (ggml_graph_compute(gf, &plan) != GGML_STATUS_SUCCESS) { fprintf(stderr, "ggml_graph_compute failed\n"); return 1; }
    const double dt = now_ms() - t0;
    if (r >= warm) { t[n++] = dt; spent += dt; }
    if (n >= 10 && spent >= min_ms) break;
  }
  const double probe_after = read_probe_gbps(probe_bytes);

  /* check: sampled query rows of copy c against float64 over the values ggml reads */
  double err2 = 0, ref2 = 0;
  {
    const int c = (cursor - 1) % copies;
    const uint8_t *kb = K + (size_t)c * kv_one, *vb = V + (size_t)c * kv_one;
    const float *qb = (const float *)((const uint8_t *)Q + (Sq > 1 ? (size_t)c * q_one : 0));
    float *kr = malloc(sizeof(float) * D), *vr = malloc(sizeof(float) * (size_t)D * Skv);
    double *s = malloc(sizeof(double) * Skv), *o = malloc(sizeof(double) * D);
    const int group = Hq / Hkv;
    const int samples[4][2] = { { 0, 0 }, { Hq - 1, Sq - 1 }, { Hq / 2, Sq / 2 }, { 1 % Hq, Sq > 2 ? 1 : 0 } };
    for (int si = 0; si < 4; si++) {
      const int h = samples[si][0], i = samples[si][1], hk = h / group, p = Skv - Sq + i;
      const float *qr = qb + ((size_t)h * Sq + i) * D;
      double mx = -INFINITY, sum = 0;
      for (int j = 0; j <= (Sq > 1 ? p : Skv - 1); j++) {
        const uint8_t *kp = kb + (cache ? ((size_t)j * Hkv + hk) : ((size_t)hk * Skv + j)) * row;
        row_to_float(kvt, kp, kr, D);
        double acc = 0;
        for (int d = 0; d < D; d++) acc += (double)qr[d] * kr[d];
        s[j] = acc * scale;
        if (s[j] > mx) mx = s[j];
      }
      const int last = Sq > 1 ? p : Skv - 1;
      for (int j = 0; j <= last; j++) { s[j] = exp(s[j] - mx); sum += s[j]; }
      for (int d = 0; d < D; d++) o[d] = 0;
      if (flash) {
        for (int j = 0; j <= last; j++) {
          row_to_float(kvt, vb + (cache ? ((size_t)j * Hkv + hk) : ((size_t)hk * Skv + j)) * row, vr, D);
          for (int d = 0; d < D; d++) o[d] += s[j] / sum * vr[d];
        }
      } else {
        for (int d = 0; d < D; d++) {
          row_to_float(kvt, vb + ((size_t)hk * D + d) * ggml_row_size(kvt, Skv), vr, Skv);
          for (int j = 0; j <= last; j++) o[d] += s[j] / sum * vr[j];
        }
      }
      /* flash's result is [D, Hq, Sq]; matmul's [D, Sq, Hq] */
      const float *got = (const float *)out->data + (flash ? ((size_t)i * Hq + h) : ((size_t)h * Sq + i)) * D;
      for (int d = 0; d < D; d++) { err2 += (got[d] - o[d]) * (got[d] - o[d]); ref2 += o[d] * o[d]; }
    }
    free(kr); free(vr); free(s); free(o);
  }

  qsort(t, n, sizeof(double), cmp_double);
  const double med = quantile(t, n, 0.5), iqr = quantile(t, n, 0.75) - quantile(t, n, 0.25);
  double visible = 0;
  for (int i = 0; i < Sq; i++) visible += Sq > 1 ? (Skv - Sq + i + 1) : Skv;
  const double flops = 2.0 * Hq * visible * (2.0 * D);
  printf("%s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%d\t%.4f\t%.4f\t%.4f\t%d\t%d\t%.2f\t%.2f\t%.1f\t%.1f\t%.2e\n",
         mode, Hq, Hkv, D, Sq, Skv, kvname, layout, threads, med, t[0], iqr, n, copies,
         2.0 * kv_one / (med * 1e6), flops / (med * 1e6), probe_before, probe_after, ref2 > 0 ? err2 / ref2 : 0.0);
  return 0;
}
