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
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';

/** the environment variable naming the ggml build */
export const GGML_DIR_ENV = 'KFORGE_GGML_DIR';

export interface GgmlBuild {
  readonly dir: string;
  readonly include: string;
  readonly lib: string;
}

/** The ggml build KFORGE_GGML_DIR names, or why there is none. */
export function findGgml(env: NodeJS.ProcessEnv = process.env): GgmlBuild | { readonly unavailable: string } {
  const dir = env[GGML_DIR_ENV];
  if (!dir) return { unavailable: `${GGML_DIR_ENV} is not set (a ggml tree built with cmake: experiments/2026-12-01-attention-cpu/README.md)` };
  const include = join(dir, 'include');
  if (!existsSync(join(include, 'ggml.h')) || !existsSync(join(include, 'ggml-cpu.h'))) return { unavailable: `${GGML_DIR_ENV}=${dir} has no include/ggml.h and include/ggml-cpu.h` };
  const lib = ['build/src', 'build/bin', 'lib', '.'].map((d) => join(dir, d)).find((d) => existsSync(join(d, 'libggml-base.so')) && existsSync(join(d, 'libggml-cpu.so')));
  if (!lib) return { unavailable: `${GGML_DIR_ENV}=${dir} has no libggml-base.so and libggml-cpu.so under build/src, build/bin, lib or itself (build with -DBUILD_SHARED_LIBS=ON)` };
  return { dir, include, lib };
}

/** The headers the driver includes, read from the build (ggml-cpu.h pulls in the others). */
const GGML_HEADERS = ['ggml.h', 'ggml-cpu.h', 'ggml-backend.h', 'ggml-alloc.h'];

export type GgmlPath = 'flash' | 'matmul';

/** Whether ggml's `path` computes these params here (null) or why not. */
export function ggmlUnsupported(params: Params, path: GgmlPath): string | null {
  if (path === 'matmul' && params.kv === 'q8_0') return 'the non-flash path transposes v, which ggml cannot do for q8_0 blocks';
  if (path === 'matmul' && Number(params.Sq) === 1) return 'decode is timed on the flash path only';
  return null;
}

const GGML_TYPE: Readonly<Record<string, string>> = { f32: 'GGML_TYPE_F32', f16: 'GGML_TYPE_F16', q8_0: 'GGML_TYPE_Q8_0' };

/**
 * The C of a ggml driver that resolves ggml's entry points (typed by its own header) from its shared
 * libraries in KF_GGML_LIB at run time: `static ... *kf_<name>` for each function, and `kf_ggml_resolve()`.
 */
export function ggmlLoaderC(functions: readonly string[]): string {
  return `/* ggml's entry points, typed by its own header, resolved from its shared libraries */
#define KF_GGML_FUNCTIONS(X) ${functions.map((f) => `X(${f})`).join(' ')}
#define KF_DECLARE(f) static __typeof__(f) *kf_##f;
KF_GGML_FUNCTIONS(KF_DECLARE)

static void *kf_ggml_lib(const char *name) {
  void *h = dlopen(name, RTLD_NOW | RTLD_GLOBAL);
  if (!h) { fprintf(stderr, "ggml baseline: %s\\n", dlerror()); exit(4); }
  return h;
}

static void *kf_ggml_symbol(void *a, void *b, const char *name) {
  void *f = dlsym(a, name);
  if (!f) f = dlsym(b, name);
  if (!f) { fprintf(stderr, "ggml baseline: %s not found in %s\\n", name, KF_GGML_LIB); exit(4); }
  return f;
}

static void kf_ggml_resolve(void) {
  void *base = kf_ggml_lib(KF_GGML_LIB "/libggml-base.so");
  void *cpu = kf_ggml_lib(KF_GGML_LIB "/libggml-cpu.so");
#define KF_RESOLVE(f) kf_##f = (__typeof__(f) *)kf_ggml_symbol(base, cpu, #f);
  KF_GGML_FUNCTIONS(KF_RESOLVE)
}`;
}

function driverSource(b: GgmlBuild, params: Params, path: GgmlPath, threads: number): string {
  const n = (name: string) => Number(params[name]);
  const defines = [
    `#define KF_GGML_LIB "${b.lib.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
    `#define KF_B ${n('B')}`, `#define KF_HQ ${n('Hq')}`, `#define KF_HKV ${n('Hkv')}`, `#define KF_SQ ${n('Sq')}`, `#define KF_SKV ${n('Skv')}`,
    `#define KF_D ${n('D')}`, `#define KF_DV ${n('Dv')}`, `#define KF_CAUSAL ${params.causal ? 1 : 0}`, `#define KF_WINDOW ${n('window')}`,
    `#define KF_SCALE ${Number(params.scale).toPrecision(9)}f`, `#define KF_KV_TYPE ${GGML_TYPE[String(params.kv)]}`,
    `#define KF_FLASH ${path === 'flash' ? 1 : 0}`, `#define KF_THREADS ${threads}`,
  ];
  return `#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "ggml.h"
#include "ggml-cpu.h"
${defines.join('\n')}

${ggmlLoaderC(['ggml_init', 'ggml_tensor_overhead', 'ggml_graph_overhead', 'ggml_new_tensor_4d', 'ggml_flash_attn_ext', 'ggml_mul_mat', 'ggml_soft_max_ext', 'ggml_cont', 'ggml_transpose', 'ggml_permute', 'ggml_cpy', 'ggml_new_graph', 'ggml_build_forward_expand', 'ggml_graph_plan', 'ggml_graph_compute', 'ggml_fp32_to_fp16_row'])}

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
  int threads = KF_THREADS > 0 ? KF_THREADS : (int)sysconf(_SC_NPROCESSORS_ONLN);
  kf_plan = kf_ggml_graph_plan(kf_graph, threads, NULL);
  if (kf_plan.work_size) kf_plan.work_data = malloc(kf_plan.work_size);
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
  if (kf_ggml_graph_compute(kf_graph, &kf_plan) != GGML_STATUS_SUCCESS) { fprintf(stderr, "ggml baseline: ggml_graph_compute failed\\n"); exit(4); }
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
  const files: Record<string, string> = { 'ggml_attention.c': driverSource(b, params, path, threads) };
  for (const h of GGML_HEADERS) {
    const f = join(b.include, h);
    if (existsSync(f)) files[h] = readFileSync(f, 'utf8');
  }
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

export const GGML_PLACEMENT = (threads: number): string =>
  `own process; ggml's OpenMP threads, n_threads=${threads > 0 ? threads : 'online CPUs'} in ggml_graph_plan (OMP_PROC_BIND/OMP_PLACES as the run's)`;
