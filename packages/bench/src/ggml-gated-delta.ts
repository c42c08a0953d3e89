/**
 * ggml's CPU GATED_DELTA_NET as a bench baseline for gated_delta_rule: `ggml_l2_norm` on q and k (as
 * llama.cpp's Qwen3.5 graph normalizes them before the op) and `ggml_gated_delta_net(q, k, v, g, beta,
 * state, 1)`, from the ggml build KFORGE_GGML_DIR names (ggml-process.ts: findGgml). Nothing of ggml is in
 * this repository: the driver below is ours, ggml's headers are read from the build when the artifact
 * is made and its libraries are loaded with dlopen by the harness.
 *
 * Layouts. kforge's q, k [B, T, Hk, Dk], v [B, T, Hv, Dv], g and beta [B, T, Hv] are ggml's ne
 * [Dk, Hk, T, B], [Dv, Hv, T, B] and [1, Hv, T, B]: the same memory, read in place. ggml's result
 * is one tensor, o [Dv, Hv, T, B] (kforge's o) followed by the final state. Two things differ:
 * - ggml's state is the transpose of kforge's per head (ggml's row j is column j of S: [Dv][Dk]
 *   where kforge's s0 is [Dk][Dv]);
 * - ggml maps value head h to q/k head h % Hk (tiled; llama.cpp's converter orders Qwen3.5's value
 *   heads to match), kforge to floor(h / (Hv/Hk)).
 * The first call of a process (the harness's checked run; the timed repeats follow it) therefore
 * gives ggml kforge's inputs in ggml's terms (each state head transposed, the value heads permuted
 * where Hv > Hk), and writes o and s back in kforge's order, so its outputs are checked against the
 * float64 reference like a kernel's. The timed calls run the same graph on the harness's buffers as
 * they are, the result in the driver's own tensor: the same work and the same bytes (only the
 * meaning of the state's layout and the head order differ), no copies timed. Scale is ggml's fixed
 * 1/sqrt(Dv) and it needs Dk == Dv: other params are unsupported (ggmlGatedDeltaUnsupported).
 */
import type { Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { ggmlDriverPrelude, ggmlFiles, type GgmlBuild } from './ggml-process.ts';

/** ggml's l2_norm eps in llama.cpp's Qwen3.5 graph (the model's rms_norm_eps) */
const GGML_L2_EPS = 1e-6;

/** Whether ggml's GATED_DELTA_NET computes these params (null) or why not. */
export function ggmlGatedDeltaUnsupported(params: Params): string | null {
  const Dk = Number(params.Dk);
  const Dv = Number(params.Dv);
  if (Dk !== Dv) return `ggml_gated_delta_net needs Dk == Dv (got ${Dk} and ${Dv})`;
  if (Math.abs(Number(params.scale) * Math.sqrt(Dv) - 1) > 1e-6) return `ggml_gated_delta_net scales by 1/sqrt(Dv) only (scale ${params.scale})`;
  return null;
}

function driverSource(b: GgmlBuild, params: Params, threads: number): string {
  const n = (name: string) => Number(params[name]);
  const defines = [
    `#define KF_B ${n('B')}`, `#define KF_T ${n('T')}`, `#define KF_HK ${n('Hk')}`, `#define KF_HV ${n('Hv')}`, `#define KF_D ${n('Dv')}`,
    `#define KF_L2NORM ${params.l2norm ? 1 : 0}`, `#define KF_L2_EPS ${GGML_L2_EPS}f`,
  ];
  return `${ggmlDriverPrelude(b, threads, [...defines, '#define KF_R (KF_HV / KF_HK)'], ['ggml_init', 'ggml_tensor_overhead', 'ggml_graph_overhead', 'ggml_new_tensor_4d', 'ggml_l2_norm', 'ggml_gated_delta_net', 'ggml_new_graph', 'ggml_build_forward_expand'])}
static struct ggml_tensor *kf_q, *kf_k, *kf_v, *kf_g, *kf_beta, *kf_s0, *kf_out;
static struct ggml_cgraph *kf_graph;
static struct ggml_cplan kf_plan;
static long kf_calls;

/* the graph once: l2_norm(q), l2_norm(k) (when asked), gated_delta_net with one state slot; the
   inputs point into the caller's buffers, the result (o then the state) into ggml's context */
static void kf_ggml_build(void) {
  kf_ggml_resolve();
  struct ggml_init_params pd = { 16 * kf_ggml_tensor_overhead(), NULL, true };
  struct ggml_context *data = kf_ggml_init(pd);
  kf_q = kf_ggml_new_tensor_4d(data, GGML_TYPE_F32, KF_D, KF_HK, KF_T, KF_B);
  kf_k = kf_ggml_new_tensor_4d(data, GGML_TYPE_F32, KF_D, KF_HK, KF_T, KF_B);
  kf_v = kf_ggml_new_tensor_4d(data, GGML_TYPE_F32, KF_D, KF_HV, KF_T, KF_B);
  kf_g = kf_ggml_new_tensor_4d(data, GGML_TYPE_F32, 1, KF_HV, KF_T, KF_B);
  kf_beta = kf_ggml_new_tensor_4d(data, GGML_TYPE_F32, 1, KF_HV, KF_T, KF_B);
  kf_s0 = kf_ggml_new_tensor_4d(data, GGML_TYPE_F32, KF_D, KF_D, KF_HV, KF_B);
  const size_t qk = sizeof(float) * (size_t)KF_D * KF_HK * KF_T * KF_B;
  const size_t result = sizeof(float) * (size_t)KF_D * KF_HV * ((size_t)KF_T * KF_B + (size_t)KF_D * KF_B);
  struct ggml_init_params pc = { (KF_L2NORM ? 2 * qk : 0) + result + 16 * kf_ggml_tensor_overhead() + kf_ggml_graph_overhead() + (1 << 20), NULL, false };
  struct ggml_context *ctx = kf_ggml_init(pc);
  struct ggml_tensor *q = KF_L2NORM ? kf_ggml_l2_norm(ctx, kf_q, KF_L2_EPS) : kf_q;
  struct ggml_tensor *k = KF_L2NORM ? kf_ggml_l2_norm(ctx, kf_k, KF_L2_EPS) : kf_k;
  kf_out = kf_ggml_gated_delta_net(ctx, q, k, kf_v, kf_g, kf_beta, kf_s0, 1);
  kf_graph = kf_ggml_new_graph(ctx);
  kf_ggml_build_forward_expand(kf_graph, kf_out);
  kf_plan = kf_ggml_plan(kf_graph);
}

/* kforge's value head h = hk * R + j is ggml's head j * Hk + hk (that head reads q/k head hk) */
static int kf_ggml_head(int h) { return (h % KF_R) * KF_HK + h / KF_R; }

static void *kf_alloc(size_t bytes) {
  void *p = malloc(bytes);
  if (!p) { fprintf(stderr, "ggml baseline: out of memory\\n"); exit(4); }
  return p;
}

/* the checked run: kforge's inputs in ggml's terms, ggml's outputs back in kforge's */
static void kf_ggml_checked(const float *v, const float *g, const float *beta, const float *s0, float *o, float *s) {
  const size_t D = KF_D, S = D * D, rows = (size_t)KF_B * KF_T;
  float *v2 = kf_alloc(sizeof(float) * rows * KF_HV * D), *g2 = kf_alloc(sizeof(float) * rows * KF_HV);
  float *beta2 = kf_alloc(sizeof(float) * rows * KF_HV), *s02 = kf_alloc(sizeof(float) * KF_B * KF_HV * S);
  for (size_t r = 0; r < rows; r++)
    for (int h = 0; h < KF_HV; h++) {
      const size_t from = r * KF_HV + h, to = r * KF_HV + kf_ggml_head(h);
      memcpy(v2 + to * D, v + from * D, sizeof(float) * D);
      g2[to] = g[from];
      beta2[to] = beta[from];
    }
  for (int b = 0; b < KF_B; b++)
    for (int h = 0; h < KF_HV; h++) {
      const float *src = s0 + ((size_t)b * KF_HV + h) * S;
      float *dst = s02 + ((size_t)b * KF_HV + kf_ggml_head(h)) * S;
      for (size_t i = 0; i < D; i++)
        for (size_t j = 0; j < D; j++) dst[j * D + i] = src[i * D + j];
    }
  kf_v->data = v2; kf_g->data = g2; kf_beta->data = beta2; kf_s0->data = s02;
  kf_ggml_compute(kf_graph, &kf_plan);
  const float *ro = (const float *)kf_out->data;
  const float *rs = ro + rows * KF_HV * D;
  for (size_t r = 0; r < rows; r++)
    for (int h = 0; h < KF_HV; h++) memcpy(o + (r * KF_HV + h) * D, ro + (r * KF_HV + kf_ggml_head(h)) * D, sizeof(float) * D);
  for (int b = 0; b < KF_B; b++)
    for (int h = 0; h < KF_HV; h++) {
      const float *src = rs + ((size_t)b * KF_HV + kf_ggml_head(h)) * S;
      float *dst = s + ((size_t)b * KF_HV + h) * S;
      for (size_t i = 0; i < D; i++)
        for (size_t j = 0; j < D; j++) dst[i * D + j] = src[j * D + i];
    }
  free(v2); free(g2); free(beta2); free(s02);
}

void kf_ggml_gated_delta(const float *q, const float *k, const float *v, const float *g, const float *beta, const float *s0, float *o, float *s) {
  if (!kf_graph) kf_ggml_build();
  kf_q->data = (void *)q;
  kf_k->data = (void *)k;
  if (kf_calls++ == 0) { kf_ggml_checked(v, g, beta, s0, o, s); return; }
  kf_v->data = (void *)v;
  kf_g->data = (void *)g;
  kf_beta->data = (void *)beta;
  kf_s0->data = (void *)s0;
  kf_ggml_compute(kf_graph, &kf_plan);
}
`;
}

/** The artifact timing ggml's GATED_DELTA_NET on kforge's gated_delta_rule buffers (target c: ggml brings its own ISA code). */
export function ggmlGatedDeltaArtifact(b: GgmlBuild, params: Params, threads: number): KernelArtifact {
  const n = (name: string) => Number(params[name]);
  const rows = n('B') * n('T');
  const state = n('B') * n('Hv') * n('Dk') * n('Dv') * 4;
  const files = ggmlFiles(b, 'ggml_gated_delta.c', driverSource(b, params, threads));
  return {
    op: 'gated_delta_rule', target: 'c', params,
    config: { threads, format: `ggml ${params.l2norm ? 'l2_norm(q), l2_norm(k) + ' : ''}gated_delta_net (one state slot; token by token) (${b.lib})` },
    language: 'c', files,
    buffers: [
      { name: 'q', elem: 'f32', bytes: rows * n('Hk') * n('Dk') * 4, role: 'in' },
      { name: 'k', elem: 'f32', bytes: rows * n('Hk') * n('Dk') * 4, role: 'in' },
      { name: 'v', elem: 'f32', bytes: rows * n('Hv') * n('Dv') * 4, role: 'in' },
      { name: 'g', elem: 'f32', bytes: rows * n('Hv') * 4, role: 'in' },
      { name: 'beta', elem: 'f32', bytes: rows * n('Hv') * 4, role: 'in' },
      { name: 's0', elem: 'f32', bytes: state, role: 'in' },
      { name: 'o', elem: 'f32', bytes: rows * n('Hv') * n('Dv') * 4, role: 'out' },
      { name: 's', elem: 'f32', bytes: state, role: 'out' },
    ],
    scalars: [],
    dispatches: [{ entry: 'kf_ggml_gated_delta', args: ['q', 'k', 'v', 'g', 'beta', 's0', 'o', 's'] }],
    threads,
    arithmetic: 'f32',
  };
}
