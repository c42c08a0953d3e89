/**
 * ggml's CPU attention as a bench baseline: `ggml_flash_attn_ext` (impl 'ggml') and, for prefill, the
 * non-flash graph mul_mat + soft_max_ext + mul_mat ('ggml-matmul'), from a ggml build found through
 * KFORGE_GGML_DIR (a ggml source tree built with cmake, or an install prefix: include/ggml.h and
 * libggml-base.so / libggml-cpu.so under build/src, build/bin, lib or the folder itself). Nothing of
 * ggml is in this repository: its headers are read from that folder when the artifact is made and its
 * libraries are loaded with dlopen by the harness, so the artifact is built, checked and timed by the
 * same executor and protocol as kforge's kernel, its inputs rotated the same way.
 *
 * The KV buffers are kforge's own: k, v [B, Hkv, Skv, D] row-major are ggml's ne [D, Skv, Hkv, B]
 * (each head contiguous, the faster of ggml's two layouts) and kforge's q8_0 blocks are ggml's
 * block_q8_0, so ggml reads them in place; q [B, Hq, Sq, D] is ggml's [D, Sq, Hq, B]. The graph is
 * built in the first (checked) call; later calls only repoint the tensors at the rotated copy.
 */
import type { Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { ggmlDriverPrelude, ggmlFiles, type GgmlBuild } from './ggml-process.ts';

export { findGgml, GGML_DIR_ENV, type GgmlBuild } from './ggml-process.ts';

export type GgmlPath = 'flash' | 'matmul';

/** Whether ggml's `path` computes these params here (null) or why not. */
export function ggmlUnsupported(params: Params, path: GgmlPath): string | null {
  if (path === 'matmul' && params.kv === 'q8_0') return 'the non-flash path transposes v, which ggml cannot do for q8_0 blocks';
  if (path === 'matmul' && Number(params.Sq) === 1) return 'decode is timed on the flash path only';
  return null;
}

const GGML_TYPE: Readonly<Record<string, string>> = { f32: 'GGML_TYPE_F32', f16: 'GGML_TYPE_F16', q8_0: 'GGML_TYPE_Q8_0' };

function driverSource(b: GgmlBuild, params: Params, path: GgmlPath, threads: number): string {
  const n = (name: string) => Number(params[name]);
  const defines = [
    `#define KF_B ${n('B')}`, `#define KF_HQ ${n('Hq')}`, `#define KF_HKV ${n('Hkv')}`, `#define KF_SQ ${n('Sq')}`, `#define KF_SKV ${n('Skv')}`,
    `#define KF_D ${n('D')}`, `#define KF_DV ${n('Dv')}`, `#define KF_CAUSAL ${params.causal ? 1 : 0}`, `#define KF_WINDOW ${n('window')}`,
    `#define KF_SCALE ${Number(params.scale).toPrecision(9)}f`, `#define KF_KV_TYPE ${GGML_TYPE[String(params.kv)]}`,
    `#define KF_FLASH ${path === 'flash' ? 1 : 0}`,
  ];
  return `${ggmlDriverPrelude(b, threads, defines, ['ggml_init', 'ggml_tensor_overhead', 'ggml_graph_overhead', 'ggml_new_tensor_4d', 'ggml_flash_attn_ext', 'ggml_mul_mat', 'ggml_soft_max_ext', 'ggml_cont', 'ggml_transpose', 'ggml_permute', 'ggml_cpy', 'ggml_new_graph', 'ggml_build_forward_expand', 'ggml_fp32_to_fp16_row'])}
static struct ggml_tensor *kf_q, *kf_k, *kf_v, *kf_out, *kf_o, *kf_last, *kf_v_view;
static struct ggml_cgraph *kf_graph;
static struct ggml_cplan kf_plan;

/* the graph once: q, k, v (and o where the result is permuted) point into the caller's buffers */
static void kf_ggml_build(void) {
  kf_ggml_resolve();
  struct ggml_init_params pd = { 16 * kf_ggml_tensor_overhead(), NULL, true };
  struct ggml_context *data = kf_ggml_init(pd);
  kf_q = kf_ggml_new_tensor_4d(data, GGML_TYPE_F32, KF_D, KF_SQ, KF_HQ, KF_B);
  kf_k = kf_ggml_new_tensor_4d(data, KF_KV_TYPE, KF_D, KF_SKV, KF_HKV, KF_B);
  kf_v = kf_ggml_new_tensor_4d(data, KF_KV_TYPE, KF_DV, KF_SKV, KF_HKV, KF_B);
  kf_o = kf_ggml_new_tensor_4d(data, GGML_TYPE_F32, KF_DV, KF_SQ, KF_HQ, KF_B);
  struct ggml_tensor *mask = NULL;
  if ((KF_CAUSAL && KF_SQ > 1) || KF_WINDOW > 0) {
    /* f16 [Skv, Sq]: 0 where query row i (position Skv - Sq + i) sees key j, -inf elsewhere */
    mask = kf_ggml_new_tensor_4d(data, GGML_TYPE_F16, KF_SKV, KF_SQ, 1, 1);
    ggml_fp16_t *m = malloc(sizeof(ggml_fp16_t) * (size_t)KF_SKV * KF_SQ);
    float *row = malloc(sizeof(float) * KF_SKV);
    for (int i = 0; i < KF_SQ; i++) {
      const int p = KF_SKV - KF_SQ + i;
      for (int j = 0; j < KF_SKV; j++) row[j] = ((!KF_CAUSAL || j <= p) && (KF_WINDOW == 0 || j > p - KF_WINDOW)) ? 0.0f : -INFINITY;
      kf_ggml_fp32_to_fp16_row(row, m + (size_t)i * KF_SKV, KF_SKV);
    }
    free(row);
    mask->data = m;
  }
  const size_t scores = KF_FLASH ? 0 : 2 * sizeof(float) * (size_t)KF_SKV * KF_SQ * KF_HQ * KF_B;
  const size_t vt = KF_FLASH ? 0 : sizeof(float) * (size_t)KF_SKV * KF_DV * KF_HKV * KF_B;
  struct ggml_init_params pc = { scores + vt + 2 * sizeof(float) * (size_t)KF_DV * KF_SQ * KF_HQ * KF_B + 64 * kf_ggml_tensor_overhead() + kf_ggml_graph_overhead() + (1 << 20), NULL, false };
  struct ggml_context *ctx = kf_ggml_init(pc);
  struct ggml_tensor *last;
  if (KF_FLASH) {
    /* result [Dv, Hq, Sq, B]: kforge's o is [Dv, Sq, Hq, B]; the same memory when Sq == 1 */
    kf_out = kf_ggml_flash_attn_ext(ctx, kf_q, kf_k, kf_v, mask, KF_SCALE, 0.0f, 0.0f);
    last = KF_SQ == 1 ? kf_out : kf_ggml_cpy(ctx, kf_ggml_permute(ctx, kf_out, 0, 2, 1, 3), kf_o);
  } else {
    /* llama.cpp's non-flash graph: scores [Skv, Sq, Hq], softmax with the mask, times v transposed */
    struct ggml_tensor *kq = kf_ggml_soft_max_ext(ctx, kf_ggml_mul_mat(ctx, kf_k, kf_q), mask, KF_SCALE, 0.0f);
    kf_v_view = kf_ggml_transpose(ctx, kf_v);
    struct ggml_tensor *v_t = kf_ggml_cont(ctx, kf_v_view);
    kf_out = kf_ggml_mul_mat(ctx, v_t, kq); /* [Dv, Sq, Hq, B]: kforge's layout */
    last = kf_out;
  }
  kf_last = last;
  kf_graph = kf_ggml_new_graph(ctx);
  kf_ggml_build_forward_expand(kf_graph, last);
  kf_plan = kf_ggml_plan(kf_graph);
}

void kf_ggml_attention(const float *q, const void *k, const void *v, float *o) {
  if (!kf_graph) kf_ggml_build();
  kf_q->data = (void *)q;
  kf_k->data = (void *)k;
  kf_v->data = (void *)v;
  if (kf_v_view) kf_v_view->data = (void *)v; /* a view takes its source's pointer when made */
  /* the node that writes o: the result itself, or the copy of its permutation (a view of kf_o whose
     data pointer was taken when it was made) */
  kf_o->data = o;
  kf_last->data = o;
  kf_ggml_compute(kf_graph, &kf_plan);
}
`;
}

const KV_ELEM = { f32: 'f32', f16: 'f16', q8_0: 'u8' } as const;

/** The artifact timing ggml's `path` on kforge's attention buffers (target c: the harness adds no ISA flags; ggml brings its own). */
export function ggmlAttentionArtifact(b: GgmlBuild, params: Params, path: GgmlPath, threads: number): KernelArtifact {
  const n = (name: string) => Number(params[name]);
  const kv = String(params.kv) as keyof typeof KV_ELEM;
  const rowBytes = (width: number) => (kv === 'q8_0' ? (width / 32) * 34 : width * (kv === 'f16' ? 2 : 4));
  const kvRows = n('B') * n('Hkv') * n('Skv');
  const files = ggmlFiles(b, 'ggml_attention.c', driverSource(b, params, path, threads));
  return {
    op: 'attention', target: 'c', params,
    // what this baseline is, for the report's configuration column (kforge's buffers, ggml's code)
    config: { threads, format: `ggml ${path === 'flash' ? 'ggml_flash_attn_ext' : 'mul_mat + soft_max_ext + mul_mat'} on ${kv} KV [D, Skv, Hkv] contiguous (${b.lib})` },
    language: 'c', files,
    buffers: [
      { name: 'q', elem: 'f32', bytes: n('B') * n('Hq') * n('Sq') * n('D') * 4, role: 'in' },
      { name: 'k', elem: KV_ELEM[kv], bytes: kvRows * rowBytes(n('D')), role: 'in' },
      { name: 'v', elem: KV_ELEM[kv], bytes: kvRows * rowBytes(n('Dv')), role: 'in' },
      { name: 'o', elem: 'f32', bytes: n('B') * n('Hq') * n('Sq') * n('Dv') * 4, role: 'out' },
    ],
    scalars: [],
    dispatches: [{ entry: 'kf_ggml_attention', args: ['q', 'k', 'v', 'o'] }],
    threads,
    // ggml rounds q to the K type's dot type (f16, or q8_0 blocks for q8_0 K) and accumulates p·v in
    // f16 for f16 V on the CPU: judged by the int8-activations bound, its nmse recorded
    arithmetic: 'int8-activations',
  };
}
