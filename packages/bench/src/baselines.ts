/**
 * Baselines timed in the same run as kforge's kernel, through the same executor and protocol:
 * OpenBLAS (`cblas_sgemv`, `cblas_sgemm` for M > 1) for f32 gemv, and the `c` target's plain scalar
 * kernel as the naive C a user would write first. Each is a KernelArtifact, so the CPU harness builds,
 * checks and times it exactly like a generated kernel.
 */
import type { KnobConfig, Params } from '@kforge/ir';
import type { KernelArtifact, TargetName } from '@kforge/target';
import { emitKernel, LOWERINGS, resolveConfig } from '@kforge/driver';

/**
 * kforge's kernel and the baselines timed beside it: with --vs-default the target's default config
 * of the same kernel ('kforge-default'); in a bench bundle's further --config entries 'kforge-<i>'; on the CPU OpenBLAS and the naive C kernel (this file); on the H200 cuBLAS, PyTorch f16 and PyTorch's int4 weight-only GEMM, measured by the
 * GPU bundle and converted by tools/gpu/to-bench.ts.
 */
export type ImplName = 'kforge' | 'kforge-default' | `kforge-${number}` | 'openblas' | 'naive-c' | 'cublas' | 'pytorch' | 'pytorch-int4';

/** The CPU baselines this file builds (the GPU ones come from the bundle). */
export type CpuBaselineName = 'openblas' | 'naive-c';

export interface Baseline {
  readonly impl: CpuBaselineName;
  readonly artifact: KernelArtifact;
  /** how it was obtained, for the report */
  readonly note: string;
}

/**
 * OpenBLAS is reached through dlopen so the harness needs no extra link flags (the toolchain table
 * has one link line per target); the library is loaded and its thread count set in the checked run,
 * before any timed repeat.
 */
const OPENBLAS_SOURCE = `#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
enum { CblasRowMajor = 101, CblasNoTrans = 111, CblasTrans = 112 };
typedef void (*sgemv_fn)(int, int, int, int, float, const float *, int, const float *, int, float, float *, int);
typedef void (*sgemm_fn)(int, int, int, int, int, int, float, const float *, int, const float *, int, float, float *, int);
typedef void (*set_threads_fn)(int);

static void *kf_openblas_symbol(void *lib, const char *name) {
  void *f = dlsym(lib, name);
  if (!f) { fprintf(stderr, "openblas baseline: %s not found\\n", name); exit(4); }
  return f;
}

/* y[M,N] = x[M,K] . W[N,K]^T */
void kf_openblas_gemv(const float *x, const float *W, float *y, int32_t M, int32_t N, int32_t K, int32_t threads) {
  static sgemv_fn sgemv;
  static sgemm_fn sgemm;
  if (!sgemv) {
    void *lib = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) { fprintf(stderr, "openblas baseline: %s\\n", dlerror()); exit(4); }
    if (threads > 0) ((set_threads_fn)kf_openblas_symbol(lib, "openblas_set_num_threads"))(threads);
    sgemv = (sgemv_fn)kf_openblas_symbol(lib, "cblas_sgemv");
    sgemm = (sgemm_fn)kf_openblas_symbol(lib, "cblas_sgemm");
  }
  if (M == 1) sgemv(CblasRowMajor, CblasNoTrans, N, K, 1.0f, W, K, x, 1, 0.0f, y, 1);
  else sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, M, N, K, 1.0f, x, K, W, K, 0.0f, y, N);
}
`;

export function openblasGemvArtifact(params: Params, threads: number): KernelArtifact {
  const M = Number(params.M);
  const N = Number(params.N);
  const K = Number(params.K);
  return {
    op: 'gemv', target: 'c', params, config: { threads }, language: 'c',
    files: { 'openblas_gemv.c': OPENBLAS_SOURCE },
    buffers: [
      { name: 'x', elem: 'f32', bytes: M * K * 4, role: 'in' },
      { name: 'W', elem: 'f32', bytes: N * K * 4, role: 'in' },
      { name: 'y', elem: 'f32', bytes: M * N * 4, role: 'out' },
    ],
    scalars: [
      { name: 'M', type: 'i32', value: M }, { name: 'N', type: 'i32', value: N }, { name: 'K', type: 'i32', value: K },
      { name: 'threads', type: 'i32', value: threads },
    ],
    dispatches: [{ entry: 'kf_openblas_gemv', args: ['x', 'W', 'y', 'M', 'N', 'K', 'threads'] }],
    threads,
  };
}

/** The config with `threads` set where the kernel has that knob. */
export function withThreads(op: string, target: TargetName, params: Params, given: Record<string, unknown> | undefined, threads: number | undefined): Record<string, unknown> | undefined {
  if (threads === undefined) return given;
  const lowering = LOWERINGS.find((l) => l.op === op && l.targets.includes(target));
  const hasKnob = lowering?.knobs(target, params).knobs.some((k) => k.name === 'threads') ?? false;
  return hasKnob ? { threads, ...(given ?? {}) } : given;
}

/** The baselines that apply to (op, params) on a CPU target; none elsewhere yet (cuBLAS runs from the GPU bundle). */
export function baselinesFor(op: string, target: TargetName, params: Params, threads: number): Baseline[] {
  if (!['c', 'avx2', 'avx512'].includes(target)) return [];
  const out: Baseline[] = [];
  if (op === 'gemv' && params.weight === 'f32' && params.act === 'f32' && params.bias === false) {
    out.push({ impl: 'openblas', artifact: openblasGemvArtifact(params, threads), note: 'OpenBLAS cblas_sgemv (cblas_sgemm for M > 1), libopenblas.so.0' });
  }
  if (target !== 'c' && LOWERINGS.some((l) => l.op === op && l.targets.includes('c'))) {
    const config: KnobConfig = resolveConfig(op, 'c', params, withThreads(op, 'c', params, undefined, threads));
    out.push({ impl: 'naive-c', artifact: emitKernel(op, 'c', params, config), note: "kforge's scalar `c` target kernel (plain loops, gcc -O3 without ISA flags)" });
  }
  return out;
}
