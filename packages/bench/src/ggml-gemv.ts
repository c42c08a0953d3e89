/**
 * ggml's CPU matrix-vector product as a bench baseline for gemv: `ggml_mul_mat(W, x)` through
 * `ggml_graph_compute`, on ggml's plain CPU buffer (no repacked or AMX weight buffer), from the build
 * KFORGE_GGML_DIR names (ggml-process.ts). This is how docs/performance-cpu.md and
 * docs/results/2026-11-30-h200-quantize-x timed ggml with a driver outside the repository; here it
 * runs in the same run and protocol as kforge's kernel.
 *
 * Layouts: kforge's W [N, K] row-major (f32, f16, bf16, or its q8_0/q4_0/q4_1 blocks, which are
 * ggml's bytes) is ggml's ne [K, N]; x [M, K] is [K, M]; y [M, N] is the result's [N, M]. ggml
 * converts x to the weights' dot type per call (f16, bf16, or q8_0/q8_1 blocks), as kforge's
 * int8-dot path does for the quantized formats.
 */
import type { KernelArithmetic, Params } from '@kforge/ir';
import type { ArtifactBuffer, KernelArtifact } from '@kforge/target';
import { ggmlDriverPrelude, ggmlFiles, type GgmlBuild } from './ggml-process.ts';

/** kforge weight formats ggml reads in place: ggml's type, the buffer's element, bytes per 32 weights, and the bound ggml's arithmetic is judged by */
const GGML_GEMV: Readonly<Record<string, { type: string; elem: ArtifactBuffer['elem']; bytesPer32: number; arithmetic: KernelArithmetic }>> = {
  f32: { type: 'GGML_TYPE_F32', elem: 'f32', bytesPer32: 128, arithmetic: 'f32' },
  f16: { type: 'GGML_TYPE_F16', elem: 'f16', bytesPer32: 64, arithmetic: 'half' },
  bf16: { type: 'GGML_TYPE_BF16', elem: 'bf16', bytesPer32: 64, arithmetic: 'half' },
  q8_0: { type: 'GGML_TYPE_Q8_0', elem: 'u8', bytesPer32: 34, arithmetic: 'int8-activations' },
  q4_0: { type: 'GGML_TYPE_Q4_0', elem: 'u8', bytesPer32: 18, arithmetic: 'int8-activations' },
  q4_1: { type: 'GGML_TYPE_Q4_1', elem: 'u8', bytesPer32: 20, arithmetic: 'int8-activations' },
};

/** Whether ggml's mul_mat computes this gemv on kforge's buffers (null) or why not. */
export function ggmlGemvUnsupported(params: Params): string | null {
  const weight = String(params.weight);
  if (!(weight in GGML_GEMV)) return `ggml has no type with kforge's ${weight} layout`;
  if (params.act !== 'f32') return `the ggml baseline takes f32 activations (got ${String(params.act)})`;
  if (params.bias) return 'the ggml baseline has no bias';
  if (weight !== 'f32' && Number(params.K) % 32 !== 0) return `K must be a multiple of 32 for ggml's ${weight}`;
  return null;
}

function driverSource(b: GgmlBuild, params: Params, threads: number): string {
  const n = (name: string) => Number(params[name]);
  const defines = [`#define KF_M ${n('M')}`, `#define KF_N ${n('N')}`, `#define KF_K ${n('K')}`, `#define KF_WTYPE ${GGML_GEMV[String(params.weight)]!.type}`];
  return `${ggmlDriverPrelude(b, threads, defines, ['ggml_init', 'ggml_tensor_overhead', 'ggml_graph_overhead', 'ggml_new_tensor_2d', 'ggml_mul_mat', 'ggml_new_graph', 'ggml_build_forward_expand'])}
static struct ggml_tensor *kf_w, *kf_x, *kf_y;
static struct ggml_cgraph *kf_graph;
static struct ggml_cplan kf_plan;

/* the graph once: y = mul_mat(W, x), W and x pointing into the caller's buffers */
static void kf_ggml_build(void) {
  kf_ggml_resolve();
  struct ggml_init_params pd = { 4 * kf_ggml_tensor_overhead(), NULL, true };
  struct ggml_context *data = kf_ggml_init(pd);
  kf_w = kf_ggml_new_tensor_2d(data, KF_WTYPE, KF_K, KF_N);
  kf_x = kf_ggml_new_tensor_2d(data, GGML_TYPE_F32, KF_K, KF_M);
  struct ggml_init_params pc = { sizeof(float) * (size_t)KF_N * KF_M + 8 * kf_ggml_tensor_overhead() + kf_ggml_graph_overhead() + (1 << 20), NULL, false };
  struct ggml_context *ctx = kf_ggml_init(pc);
  kf_y = kf_ggml_mul_mat(ctx, kf_w, kf_x); /* [N, M]: kforge's y [M, N] */
  kf_graph = kf_ggml_new_graph(ctx);
  kf_ggml_build_forward_expand(kf_graph, kf_y);
  kf_plan = kf_ggml_plan(kf_graph);
}

void kf_ggml_gemv(const float *x, const void *W, float *y) {
  if (!kf_graph) kf_ggml_build();
  kf_x->data = (void *)x;
  kf_w->data = (void *)W;
  kf_y->data = y;
  kf_ggml_compute(kf_graph, &kf_plan);
}
`;
}

/** The artifact timing ggml's mul_mat on kforge's gemv buffers (target c: ggml brings its own ISA code). */
export function ggmlGemvArtifact(b: GgmlBuild, params: Params, threads: number): KernelArtifact {
  const [M, N, K] = [Number(params.M), Number(params.N), Number(params.K)];
  const format = GGML_GEMV[String(params.weight)];
  if (!format) throw new Error(`ggml gemv: ${ggmlGemvUnsupported(params)}`);
  return {
    op: 'gemv', target: 'c', params,
    config: { threads, format: `ggml mul_mat on ${String(params.weight)} (plain CPU buffer) (${b.lib})` },
    language: 'c', files: ggmlFiles(b, 'ggml_gemv.c', driverSource(b, params, threads)),
    buffers: [
      { name: 'x', elem: 'f32', bytes: M * K * 4, role: 'in' },
      { name: 'W', elem: format.elem, bytes: (N * K * format.bytesPer32) / 32, role: 'in' },
      { name: 'y', elem: 'f32', bytes: M * N * 4, role: 'out' },
    ],
    scalars: [],
    dispatches: [{ entry: 'kf_ggml_gemv', args: ['x', 'W', 'y'] }],
    threads,
    arithmetic: format.arithmetic,
  };
}
