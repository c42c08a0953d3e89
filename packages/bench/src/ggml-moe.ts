/**
 * ggml's CPU MoE layer as a bench baseline for moe: the graph llama.cpp's build_moe_ffn makes for a
 * Qwen3 MoE block, from the ggml build KFORGE_GGML_DIR names (ggml-process.ts: findGgml). Nothing of ggml is
 * in this repository: the driver below is ours, ggml's headers are read from the build when the
 * artifact is made and its libraries are loaded with dlopen by the harness.
 *
 * The graph (routing 'router'): logits = mul_mat(router, x) [E, T], probs = soft_max(logits), the
 * experts ggml's own argsort_top_k picks from probs (not kforge's ids), their probabilities by
 * get_rows, divided by their sum (clamped as llama.cpp does) when normTopk; then mul_mat_id for up and
 * gate, swiglu_split(gate, up), mul_mat_id for down, mul by the weights and the topk slots added in
 * order. Routing 'given': the ids and weights inputs stand in for the router's (ids are i32 as ggml's
 * mul_mat_id reads them).
 *
 * Layouts: kforge's w_gate, w_up [E, I, H] and w_down [E, H, I] are ggml's ne [H, I, E] and [I, H, E]
 * (the same memory; kforge's f16, q8_0 and q4_0 are ggml's F16, block_q8_0 and block_q4_0), router
 * [E, H] is ggml's [H, E], x [T, H] is [H, T] (and its view [H, 1, T] for mul_mat_id), y [T, H] is [H, T]. The graph is built in the
 * first (checked) call; later calls repoint the inputs at the harness's (rotated) buffers.
 */
import type { Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { ggmlDriverPrelude, ggmlFiles, type GgmlBuild } from './ggml-process.ts';

/** kforge weight formats ggml reads in place, and ggml's name for each */
const GGML_WEIGHT_TYPE: Readonly<Record<string, string>> = { f32: 'GGML_TYPE_F32', f16: 'GGML_TYPE_F16', q8_0: 'GGML_TYPE_Q8_0', q4_0: 'GGML_TYPE_Q4_0', q4_1: 'GGML_TYPE_Q4_1' };

/** bytes of one row of `width` elements in a format ggml reads in place */
function rowBytes(weight: string, width: number): number {
  switch (weight) {
    case 'f32': return width * 4;
    case 'f16': return width * 2;
    case 'q8_0': return (width / 32) * 34;
    case 'q4_0': return (width / 32) * 18;
    case 'q4_1': return (width / 32) * 20;
    default: throw new Error(`ggml moe: no ggml type for ${weight}`);
  }
}

/** Whether ggml's MoE graph computes these params on kforge's buffers (null) or why not. */
export function ggmlMoeUnsupported(params: Params): string | null {
  const weight = String(params.weight);
  if (!(weight in GGML_WEIGHT_TYPE)) return `ggml has no type with kforge's ${weight} layout (its planar scales are not a ggml block)`;
  const block = weight.startsWith('q') ? 32 : 1;
  if (Number(params.H) % block !== 0 || Number(params.I) % block !== 0) return `H and I must be multiples of ${block} for ${weight}`;
  return null;
}

/** llama.cpp's lower clamp of the top-k weight sum before dividing (build_moe_ffn) */
const WEIGHT_SUM_MIN = 6.103515625e-5;

function driverSource(b: GgmlBuild, params: Params, threads: number): string {
  const n = (name: string) => Number(params[name]);
  const router = params.routing === 'router';
  const defines = [
    `#define KF_T ${n('T')}`, `#define KF_H ${n('H')}`, `#define KF_I ${n('I')}`, `#define KF_E ${n('E')}`, `#define KF_K ${n('topk')}`,
    `#define KF_WTYPE ${GGML_WEIGHT_TYPE[String(params.weight)]}`, `#define KF_ROUTER ${router ? 1 : 0}`,
    `#define KF_NORM ${router && params.normTopk ? 1 : 0}`, `#define KF_SUM_MIN ${WEIGHT_SUM_MIN}f`,
  ];
  const fns = [
    'ggml_init', 'ggml_tensor_overhead', 'ggml_graph_overhead', 'ggml_new_tensor_2d', 'ggml_new_tensor_3d', 'ggml_mul_mat', 'ggml_mul_mat_id',
    'ggml_soft_max', 'ggml_argsort_top_k', 'ggml_get_rows', 'ggml_reshape_2d', 'ggml_reshape_3d', 'ggml_sum_rows', 'ggml_clamp', 'ggml_div',
    'ggml_swiglu_split', 'ggml_mul', 'ggml_add', 'ggml_view_2d', 'ggml_cont', 'ggml_new_graph_custom', 'ggml_build_forward_expand',
  ];
  const args = router
    ? 'const float *x, const void *w_gate, const void *w_up, const void *w_down, const float *router, float *y'
    : 'const float *x, const void *w_gate, const void *w_up, const void *w_down, const int32_t *ids, const float *weights, float *y';
  return `${ggmlDriverPrelude(b, threads, defines, fns)}
static struct ggml_tensor *kf_x, *kf_x3, *kf_gate, *kf_up, *kf_down, *kf_router, *kf_ids, *kf_weights, *kf_out;
static struct ggml_cgraph *kf_graph;
static struct ggml_cplan kf_plan;

/* build_moe_ffn's graph once, its inputs pointing into the caller's buffers */
static void kf_ggml_build(void) {
  kf_ggml_resolve();
  struct ggml_init_params pd = { 16 * kf_ggml_tensor_overhead(), NULL, true };
  struct ggml_context *data = kf_ggml_init(pd);
  kf_x = kf_ggml_new_tensor_2d(data, GGML_TYPE_F32, KF_H, KF_T);
  kf_gate = kf_ggml_new_tensor_3d(data, KF_WTYPE, KF_H, KF_I, KF_E);
  kf_up = kf_ggml_new_tensor_3d(data, KF_WTYPE, KF_H, KF_I, KF_E);
  kf_down = kf_ggml_new_tensor_3d(data, KF_WTYPE, KF_I, KF_H, KF_E);
  if (KF_ROUTER) kf_router = kf_ggml_new_tensor_2d(data, GGML_TYPE_F32, KF_H, KF_E);
  else {
    kf_ids = kf_ggml_new_tensor_2d(data, GGML_TYPE_I32, KF_K, KF_T);
    kf_weights = kf_ggml_new_tensor_3d(data, GGML_TYPE_F32, 1, KF_K, KF_T);
  }
  /* every intermediate in f32: logits, probs and the argsort [E, T]; gate, up and their product
     [I, k, T]; the experts' outputs and their weighted copies [H, k, T]; k - 1 sums [H, T] */
  const size_t t = KF_T, k = KF_K;
  const size_t floats = 3 * KF_E * t + 8 * k * t + 3 * (size_t)KF_I * k * t + 2 * (size_t)KF_H * k * t + k * (size_t)KF_H * t;
  struct ggml_init_params pc = { 4 * floats + 256 * kf_ggml_tensor_overhead() + kf_ggml_graph_overhead() + (1 << 20), NULL, false };
  struct ggml_context *ctx = kf_ggml_init(pc);
  /* x as [H, 1, T] for mul_mat_id: a view, which takes its source's pointer when made (repointed per call) */
  kf_x3 = kf_ggml_reshape_3d(ctx, kf_x, KF_H, 1, KF_T);
  struct ggml_tensor *ids, *w;
  if (KF_ROUTER) {
    struct ggml_tensor *probs = kf_ggml_soft_max(ctx, kf_ggml_mul_mat(ctx, kf_router, kf_x)); /* [E, T] */
    ids = kf_ggml_argsort_top_k(ctx, probs, KF_K); /* [k, T] */
    w = kf_ggml_get_rows(ctx, kf_ggml_reshape_3d(ctx, probs, 1, KF_E, KF_T), ids); /* [1, k, T] */
    if (KF_NORM) {
      struct ggml_tensor *w2 = kf_ggml_reshape_2d(ctx, w, KF_K, KF_T);
      struct ggml_tensor *sum = kf_ggml_clamp(ctx, kf_ggml_sum_rows(ctx, w2), KF_SUM_MIN, INFINITY);
      w = kf_ggml_reshape_3d(ctx, kf_ggml_div(ctx, w2, sum), 1, KF_K, KF_T);
    }
  } else {
    ids = kf_ids;
    w = kf_weights;
  }
  struct ggml_tensor *up = kf_ggml_mul_mat_id(ctx, kf_up, kf_x3, ids);     /* [I, k, T] */
  struct ggml_tensor *gate = kf_ggml_mul_mat_id(ctx, kf_gate, kf_x3, ids); /* [I, k, T] */
  struct ggml_tensor *h = kf_ggml_swiglu_split(ctx, gate, up);
  struct ggml_tensor *experts = kf_ggml_mul(ctx, kf_ggml_mul_mat_id(ctx, kf_down, h, ids), w); /* [H, k, T] */
  struct ggml_tensor *out = NULL;
  for (int r = 0; r < KF_K; r++) {
    struct ggml_tensor *slot = kf_ggml_view_2d(ctx, experts, KF_H, KF_T, experts->nb[2], (size_t)r * experts->nb[1]);
    out = r == 0 ? slot : kf_ggml_add(ctx, out, slot);
  }
  if (KF_K == 1) out = kf_ggml_cont(ctx, out);
  kf_out = out;
  kf_graph = kf_ggml_new_graph_custom(ctx, 256, false);
  kf_ggml_build_forward_expand(kf_graph, kf_out);
  kf_plan = kf_ggml_plan(kf_graph);
}

void kf_ggml_moe(${args}) {
  if (!kf_graph) kf_ggml_build();
  kf_x->data = (void *)x;
  kf_x3->data = (void *)x;
  kf_gate->data = (void *)w_gate;
  kf_up->data = (void *)w_up;
  kf_down->data = (void *)w_down;
#if KF_ROUTER
  kf_router->data = (void *)router;
#else
  kf_ids->data = (void *)ids;
  kf_weights->data = (void *)weights;
#endif
  kf_out->data = y; /* the last sum writes y itself */
  kf_ggml_compute(kf_graph, &kf_plan);
}
`;
}

/** The artifact timing ggml's MoE graph on kforge's moe buffers (target c: ggml brings its own ISA code). */
export function ggmlMoeArtifact(b: GgmlBuild, params: Params, threads: number): KernelArtifact {
  const n = (name: string) => Number(params[name]);
  const weight = String(params.weight);
  const [T, H, I, E, k] = [n('T'), n('H'), n('I'), n('E'), n('topk')];
  const router = params.routing === 'router';
  const files = ggmlFiles(b, 'ggml_moe.c', driverSource(b, params, threads));
  const welem = weight === 'f32' ? 'f32' : weight === 'f16' ? 'f16' : 'u8';
  const routing = router
    ? [{ name: 'router', elem: 'f32' as const, bytes: E * H * 4, role: 'in' as const }]
    : [{ name: 'ids', elem: 'i32' as const, bytes: T * k * 4, role: 'in' as const }, { name: 'weights', elem: 'f32' as const, bytes: T * k * 4, role: 'in' as const }];
  return {
    op: 'moe', target: 'c', params,
    config: {
      threads,
      format: `ggml ${router ? 'mul_mat + soft_max + argsort_top_k (ggml\'s own routing) + get_rows' : 'given ids and weights'}${router && params.normTopk ? ' + sum_rows/div' : ''}, mul_mat_id (up, gate), swiglu_split, mul_mat_id (down), mul, add per slot (llama.cpp build_moe_ffn) on ${weight} (${b.lib})`,
    },
    language: 'c', files,
    buffers: [
      { name: 'x', elem: 'f32', bytes: T * H * 4, role: 'in' },
      { name: 'w_gate', elem: welem, bytes: E * I * rowBytes(weight, H), role: 'in' },
      { name: 'w_up', elem: welem, bytes: E * I * rowBytes(weight, H), role: 'in' },
      { name: 'w_down', elem: welem, bytes: E * H * rowBytes(weight, I), role: 'in' },
      ...routing,
      { name: 'y', elem: 'f32', bytes: T * H * 4, role: 'out' },
    ],
    scalars: [],
    dispatches: [{ entry: 'kf_ggml_moe', args: ['x', 'w_gate', 'w_up', 'w_down', ...routing.map((r) => r.name), 'y'] }],
    threads,
    // ggml rounds x to the weights' dot type (q8_0 blocks for q8_0/q4_0, f16 for f16): the int8-activations bound
    arithmetic: 'int8-activations',
  };
}
