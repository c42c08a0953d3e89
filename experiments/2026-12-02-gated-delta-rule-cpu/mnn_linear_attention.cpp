/*
 * MNN's CPU LinearAttention (attn_type "gated_delta_rule") timed on one case, in the same shape of
 * output as ggml_gated_delta.c.
 *
 *   mnn_linear_attention Hk Hv D T RESIDENCY [THREADS]
 *     RESIDENCY rotate: qkv, gate and beta rotated over copies filling twice the L3 (the recurrent
 *               state lives inside the op and cannot be rotated);  hot: one copy
 *
 * MNN's op is the whole Qwen3.5 linear-attention core: a causal depthwise conv1d over qkv [B, 2 Hk D +
 * Hv D, T] (kernel 4, the model's; its own conv state), SiLU, the split into q, k, v, l2norm of q and
 * k, q scaled by 1/sqrt(D), and the gated delta rule on a recurrent state it keeps itself (zero at
 * the first call, carried across calls), written as o [B, T, Hv, D]. The conv adds 2 x 4 FLOPs per
 * channel and token beside the rule's 7 D^2 per value head and token (under 1% here); GFLOP/s counts
 * the rule's flops only, like kforge's. The check: the first call (from the zero state) against a
 * float64 evaluation of the same function on four sampled value heads, all T steps (nmse of o).
 * Columns as ggml_gated_delta.c's (nmse_s is nan: the state stays inside the op). Environment: ROTATE_MIB, MIN_MS (1000), PROBE_MIB (1024).
 */
#include <MNN/expr/Expr.hpp>
#include <MNN/expr/ExprCreator.hpp>
#include <MNN/expr/Module.hpp>
#include <MNN/expr/Executor.hpp>
#include <MNN_generated.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <vector>
#include <omp.h>

using namespace MNN::Express;

static double now_ms(clockid_t id = CLOCK_MONOTONIC) {
  timespec t;
  clock_gettime(id, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double quantile(const std::vector<double>& s, double q) {
  double at = q * (s.size() - 1);
  size_t lo = (size_t)at, hi = std::min(lo + 1, s.size() - 1);
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
}

static size_t l3_bytes() {
  FILE* f = fopen("/sys/devices/system/cpu/cpu0/cache/index3/size", "r");
  size_t kib = 32 * 1024;
  if (f) {
    if (fscanf(f, "%zu", &kib) != 1) kib = 32 * 1024;
    fclose(f);
  }
  return kib * 1024;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static float uniform01() {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (float)((rng >> 40) * (1.0 / (1ull << 24)));
}

/* the bench's read probe and cache probe (as in ggml_gated_delta.c), with OpenMP threads of their own */
static float probe_chunk(const float* __restrict buf, long n) {
  const long part = n / 4;
  float total = 0.0f;
  #pragma omp parallel reduction(+:total)
  {
    float acc[4][32];
    for (int s = 0; s < 4; s++) for (int l = 0; l < 32; l++) acc[s][l] = 0.0f;
    #pragma omp for schedule(static)
    for (long blk = 0; blk < part / 64; blk++)
      for (int s = 0; s < 4; s++) {
        const float* p = buf + s * part + blk * 64;
        for (int l = 0; l < 32; l++) acc[s][l] += p[l] + p[32 + l];
      }
    for (int s = 0; s < 4; s++) for (int l = 0; l < 32; l++) total += acc[s][l];
  }
  return total;
}

static double read_probe_gbps(size_t total_bytes) {
  const size_t chunk = 8u << 20;
  int copies = std::max(2, (int)(total_bytes / chunk));
  std::vector<float> buf(chunk / 4 * copies, 1.0f);
  int reps = copies * 2;
  std::vector<double> t;
  volatile float sink = 0;
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
    sink += probe_chunk(buf.data() + (size_t)(r % copies) * (chunk / 4), (long)(chunk / 4));
    if (r >= copies / 4) t.push_back(now_ms() - t0);
  }
  (void)sink;
  std::sort(t.begin(), t.end());
  return chunk / (quantile(t, 0.5) * 1e6);
}

static double cache_probe_gbps(size_t bytes) {
  const long n = (long)(bytes / 256) * 64;
  std::vector<float> src(n, 1.0f), dst(n);
  std::vector<double> t;
  for (int r = 0; r < 2005; r++) {
    double t0 = now_ms();
    float* d = dst.data();
    const float* s = src.data();
    #pragma omp parallel for schedule(static)
    for (long blk = 0; blk < n / 64; blk++)
      for (int l = 0; l < 64; l++) d[blk * 64 + l] = s[blk * 64 + l] * 1.0f;
    if (r >= 5) t.push_back(now_ms() - t0);
  }
  std::sort(t.begin(), t.end());
  return 2.0 * sizeof(float) * n / (quantile(t, 0.5) * 1e6);
}

static std::shared_ptr<Module> make_module(int Hk, int Hv, int D, int threads) {
  auto qkv = _Input(), gate = _Input(), beta = _Input(), convW = _Input();
  std::unique_ptr<MNN::OpT> op(new MNN::OpT);
  op->type = MNN::OpType_LinearAttention;
  op->main.type = MNN::OpParameter_LinearAttentionParam;
  op->main.value = new MNN::LinearAttentionParamT;
  auto* p = op->main.AsLinearAttentionParam();
  p->attn_type = "gated_delta_rule";
  p->num_k_heads = Hk;
  p->num_v_heads = Hv;
  p->head_k_dim = D;
  p->head_v_dim = D;
  p->use_qk_l2norm = true;
  auto o = Variable::create(Expr::create(op.get(), {qkv, gate, beta, convW}));
  auto buffer = Variable::save({o});
  MNN::ScheduleConfig config;
  config.type = MNN_FORWARD_CPU;
  config.numThread = threads;
  MNN::BackendConfig bn;
  bn.precision = MNN::BackendConfig::Precision_Normal;
  config.backendConfig = &bn;
  std::shared_ptr<Executor::RuntimeManager> rt(Executor::RuntimeManager::createRuntimeManager(config));
  return std::shared_ptr<Module>(Module::load({}, {}, (const uint8_t*)buffer.data(), buffer.size(), rt));
}

int main(int argc, char** argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: %s Hk Hv D T rotate|hot [threads]\n", argv[0]);
    return 2;
  }
  const int Hk = atoi(argv[1]), Hv = atoi(argv[2]), D = atoi(argv[3]), T = atoi(argv[4]);
  const bool hot = strcmp(argv[5], "hot") == 0;
  const int threads = argc > 6 ? atoi(argv[6]) : 2;
  if (Hk < 1 || Hv % Hk != 0 || D < 1 || T < 1) { fprintf(stderr, "need Hv %% Hk == 0, D >= 1, T >= 1\n"); return 2; }
  omp_set_num_threads(threads);
  const char *env_rot = getenv("ROTATE_MIB"), *env_min = getenv("MIN_MS"), *env_probe = getenv("PROBE_MIB");
  const size_t rotate = env_rot ? (size_t)atol(env_rot) << 20 : 2 * l3_bytes();
  const double min_ms = env_min ? atof(env_min) : 1000.0;
  const size_t probe_bytes = env_probe ? (size_t)atol(env_probe) << 20 : (size_t)1 << 30;
  const int K = 4, C = 2 * Hk * D + Hv * D;
  const size_t per_copy = sizeof(float) * ((size_t)C * T + 2 * (size_t)T * Hv);
  const int copies = hot ? 1 : std::max(1, (int)((rotate + per_copy - 1) / per_copy));

  auto module = make_module(Hk, Hv, D, threads);
  if (!module) { fprintf(stderr, "MNN: no module (is LinearAttention built: MNN_SUPPORT_TRANSFORMER_FUSE?)\n"); return 3; }
  /* qkv in (-1, 1), log decay in (-2, 0], beta in [0, 1), conv taps in (-0.5, 0.5) around a unit last tap */
  std::vector<VARP> qkv(copies), gate(copies), beta(copies);
  VARP convW = _Input({C, 1, K}, NCHW, halide_type_of<float>());
  {
    float* w = convW->writeMap<float>();
    for (int i = 0; i < C * K; i++) w[i] = (i % K == K - 1 ? 1.0f : 0.0f) + uniform01() - 0.5f;
  }
  for (int c = 0; c < copies; c++) {
    qkv[c] = _Input({1, C, T}, NCHW, halide_type_of<float>());
    gate[c] = _Input({1, T, Hv}, NCHW, halide_type_of<float>());
    beta[c] = _Input({1, T, Hv}, NCHW, halide_type_of<float>());
    float *x = qkv[c]->writeMap<float>(), *g = gate[c]->writeMap<float>(), *b = beta[c]->writeMap<float>();
    if (c == 0) {
      for (size_t i = 0; i < (size_t)C * T; i++) x[i] = 2 * uniform01() - 1;
      for (int i = 0; i < T * Hv; i++) g[i] = -2 * uniform01();
      for (int i = 0; i < T * Hv; i++) b[i] = uniform01();
    } else {
      memcpy(x, qkv[0]->readMap<float>(), sizeof(float) * C * T);
      memcpy(g, gate[0]->readMap<float>(), sizeof(float) * T * Hv);
      memcpy(b, beta[0]->readMap<float>(), sizeof(float) * T * Hv);
    }
  }

  /* the checked call: the first, from MNN's zero state and zero conv state */
  double eo = 0, ro = 0;
  {
    auto out = module->onForward({qkv[0], gate[0], beta[0], convW});
    if (out.empty()) { fprintf(stderr, "MNN: empty output\n"); return 3; }
    const float* o = out[0]->readMap<float>();
    const float *x = qkv[0]->readMap<float>(), *g = gate[0]->readMap<float>(), *b = beta[0]->readMap<float>(), *w = convW->readMap<float>();
    auto conv = [&](int ch, int t) { /* causal conv over zero history, then SiLU */
      double s = 0;
      for (int j = 0; j < K; j++) { const int tt = t - (K - 1) + j; if (tt >= 0) s += (double)x[(size_t)ch * T + tt] * w[ch * K + j]; }
      return s / (1 + exp(-s));
    };
    const int r = Hv / Hk, heads[4] = { 0, Hv - 1, Hv / 2, 1 % Hv };
    std::vector<double> S((size_t)D * D), q(D), k(D), u(D);
    for (int h : heads) {
      const int hk = h / r;
      std::fill(S.begin(), S.end(), 0.0);
      for (int t = 0; t < T; t++) {
        double nq = 0, nk = 0;
        for (int i = 0; i < D; i++) { q[i] = conv(hk * D + i, t); k[i] = conv(Hk * D + hk * D + i, t); nq += q[i] * q[i]; nk += k[i] * k[i]; }
        nq = 1 / sqrt(nq + 1e-6); nk = 1 / sqrt(nk + 1e-6);
        for (int i = 0; i < D; i++) { q[i] *= nq / sqrt((double)D); k[i] *= nk; }
        const double a = exp((double)g[t * Hv + h]), bt = b[t * Hv + h];
        for (int j = 0; j < D; j++) {
          double acc = 0;
          for (int i = 0; i < D; i++) { S[(size_t)i * D + j] *= a; acc += S[(size_t)i * D + j] * k[i]; }
          u[j] = bt * (conv(2 * Hk * D + h * D + j, t) - acc);
        }
        for (int j = 0; j < D; j++) {
          double acc = 0;
          for (int i = 0; i < D; i++) { S[(size_t)i * D + j] += k[i] * u[j]; acc += S[(size_t)i * D + j] * q[i]; }
          const double got = o[((size_t)t * Hv + h) * D + j];
          eo += (got - acc) * (got - acc); ro += acc * acc;
        }
      }
    }
  }

  const size_t state_bytes = sizeof(float) * (size_t)Hv * D * D;
  const double probe_before = read_probe_gbps(probe_bytes), cache_before = cache_probe_gbps(state_bytes);
  std::vector<double> t;
  double spent = 0, cpu = 0, wall = 0;
  for (int rep = 0, cursor = 1; rep < 200000; rep++, cursor++) {
    const int c = cursor % copies;
    const double t0 = now_ms(), c0 = now_ms(CLOCK_PROCESS_CPUTIME_ID);
    auto out = module->onForward({qkv[c], gate[c], beta[c], convW});
    const double dt = now_ms() - t0, dc = now_ms(CLOCK_PROCESS_CPUTIME_ID) - c0;
    if (out.empty()) { fprintf(stderr, "MNN: empty output\n"); return 3; }
    if (rep >= 2) { t.push_back(dt); spent += dt; cpu += dc; wall += dt; }
    if (t.size() >= 10 && spent >= min_ms) break;
  }
  const double cache_after = cache_probe_gbps(state_bytes), probe_after = read_probe_gbps(probe_bytes);
  std::sort(t.begin(), t.end());
  const double med = quantile(t, 0.5), iqr = quantile(t, 0.75) - quantile(t, 0.25);
  const double flops = 7.0 * T * Hv * (double)D * D;
  printf("%d\t%d\t%d\t%d\t%s\t%d\t%.4f\t%.4f\t%.4f\t%zu\t%d\t%.2f\t%.2f\t%.1f\t%.1f\t%.1f\t%.1f\t%.2e\tnan\t%.2f\n",
         Hk, Hv, D, T, argv[5], threads, med, t[0], iqr, t.size(), copies, flops / (med * 1e6), 2.0 * state_bytes / (med * 1e6),
         probe_before, probe_after, cache_before, cache_after, ro > 0 ? eo / ro : 0.0, cpu / wall);
  return 0;
}
