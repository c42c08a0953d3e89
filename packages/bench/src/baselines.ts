/**
 * Baselines timed in the same run as kforge's kernel, through the same executor and protocol:
 * OpenBLAS (`cblas_sgemv`, `cblas_sgemm` for M > 1) for f32 gemv, and the `c` target's plain scalar
 * kernel as the naive C a user would write first. Each is a KernelArtifact, so the CPU harness builds,
 * checks and times it exactly like a generated kernel.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, type KnobConfig, type Params } from '@kforge/ir';
import type { KernelArtifact, TargetName } from '@kforge/target';
import { emitKernel, LOWERINGS, resolveConfig } from '@kforge/driver';
import { ggmlAttentionArtifact, ggmlUnsupported, type GgmlPath } from './ggml.ts';
import { ggmlGatedDeltaArtifact, ggmlGatedDeltaUnsupported } from './ggml-gated-delta.ts';
import { ggmlGemvArtifact, ggmlGemvUnsupported } from './ggml-gemv.ts';
import { ggmlMoeArtifact, ggmlMoeUnsupported } from './ggml-moe.ts';
import { findGgml, ggmlPlacement, type GgmlBuild } from './ggml-process.ts';

/**
 * kforge's kernel and the baselines timed beside it: with --vs-default the target's default config
 * of the same kernel ('kforge-default'); in a bench bundle's further --config entries 'kforge-<i>'; on the CPU OpenBLAS and the naive C kernel (this file); on the H200 cuBLAS, PyTorch f16 and PyTorch's int4 weight-only GEMM, measured by the
 * GPU bundle and converted by tools/gpu/to-bench.ts.
 */
export type ImplName = 'kforge' | 'kforge-default' | `kforge-${number}` | 'openblas' | 'naive-c' | 'ggml' | 'ggml-matmul' | 'cublas' | 'pytorch' | 'pytorch-int4' | 'fla' | 'fla-eager' | 'mnn' | 'fused-moe' | 'fused-moe-kernels' | 'fused-moe-eager' | 'grouped-mm' | 'pytorch-eager';

/** The CPU baselines this file builds (the GPU ones come from the bundle); ggml's come from ggml.ts. */
export type CpuBaselineName = 'openblas' | 'naive-c' | 'ggml' | 'ggml-matmul';

export interface Baseline {
  readonly impl: CpuBaselineName;
  readonly artifact: KernelArtifact;
  /** how it was obtained, for the report */
  readonly note: string;
  /** the thread count and placement it runs with (its own harness process, no OpenMP region of kforge's in it) */
  readonly placement: string;
}

const OPENBLAS_PLACEMENT = (threads: number): string =>
  `own process; OpenBLAS pthreads, ${threads > 0 ? `OPENBLAS_NUM_THREADS=${threads} and openblas_set_num_threads(${threads})` : "OpenBLAS's default count"}, unbound over every online CPU (the mask is reset before the library loads)`;
const NAIVE_C_PLACEMENT = (threads: number): string =>
  `own process; OpenMP, ${threads > 0 ? `OMP_NUM_THREADS=${threads} OMP_PROC_BIND=close OMP_PLACES=cores` : "OpenMP's default threads"}`;

/**
 * OpenBLAS is reached through dlopen so the harness needs no extra link flags (the toolchain table
 * has one link line per target); the library is loaded and its thread count set in the checked run,
 * before any timed repeat.
 */
const OPENBLAS_SOURCE = `#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <unistd.h>
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
    /* Placement (issue 20): OpenBLAS's own pthreads, created when the library loads, inherit this
       thread's CPU mask; it is reset to every online CPU first, so no OpenMP binding of the process
       (OMP_PROC_BIND/OMP_PLACES in the environment) leaves them sharing one core. Their count is set
       before the load (OPENBLAS_NUM_THREADS) and again after (openblas_set_num_threads). */
    cpu_set_t all;
    CPU_ZERO(&all);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    for (long i = 0; i < online && i < CPU_SETSIZE; i++) CPU_SET(i, &all);
    (void)sched_setaffinity(0, sizeof all, &all);
    if (threads > 0) {
      char count[16];
      snprintf(count, sizeof count, "%d", (int)threads);
      setenv("OPENBLAS_NUM_THREADS", count, 1);
    }
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

/** The environment variable naming the folder where a baseline's harness writes its thread usage (withUsage). */
export const USAGE_DIR_ENV = 'KFORGE_USAGE_DIR';

/** threads_used below this fraction of the threads a baseline is labelled with: the comparison is flagged */
export const THREADS_USED_MIN_FRACTION = 0.75;

/**
 * Wraps an artifact's dispatches in kf_usage_begin/kf_usage_end: every call after the first (the
 * checked run; the timed repeats follow it in the same process) adds its process CPU time
 * (CLOCK_PROCESS_CPUTIME_ID, all threads) and its wall time (CLOCK_MONOTONIC); at exit the harness
 * writes "cpu_ns wall_ns calls cpus_allowed" to $KFORGE_USAGE_DIR/<label>-<pid>.txt (nothing when the
 * variable is unset, as in exported bundles). cpu over wall is the threads it really ran. The wrapper
 * becomes the first file (the one the builders compile) and includes the kernel's.
 */
export function withUsage(artifact: KernelArtifact, label: string): KernelArtifact {
  if (!/^[a-z0-9-]+$/.test(label)) throw new Error(`withUsage: label '${label}' is not a plain file name`);
  const first = Object.keys(artifact.files)[0];
  if (first === undefined) throw new Error('withUsage: the artifact has no source files');
  // the builders compile the first file (the others are reached by #include): this one, including the kernel's
  return {
    ...artifact,
    files: { 'kf_usage.c': `${usageSource(label)}\n#include "${first}"\n`, ...artifact.files },
    dispatches: [{ entry: 'kf_usage_begin', args: [] }, ...artifact.dispatches, { entry: 'kf_usage_end', args: [] }],
  };
}

function usageSource(label: string): string {
  return `#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
/* thread usage of the timed repeats (packages/bench/src/baselines.ts withUsage) */
static long kf_usage_seen, kf_usage_calls;
static int kf_usage_open, kf_usage_cpus;
static uint64_t kf_usage_cpu_ns, kf_usage_wall_ns, kf_usage_cpu0, kf_usage_wall0;

static uint64_t kf_usage_clock(clockid_t id) {
  struct timespec t;
  clock_gettime(id, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void kf_usage_write(void) {
  const char *dir = getenv("${USAGE_DIR_ENV}");
  if (!dir || kf_usage_calls == 0) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/${label}-%ld.txt", dir, (long)getpid());
  FILE *f = fopen(path, "w");
  if (!f) return;
  fprintf(f, "%llu %llu %ld %d\\n", (unsigned long long)kf_usage_cpu_ns, (unsigned long long)kf_usage_wall_ns, kf_usage_calls, kf_usage_cpus);
  fclose(f);
}

void kf_usage_begin(void) {
  if (kf_usage_seen++ == 0) { atexit(kf_usage_write); return; } /* the checked run: not timed */
  if (kf_usage_cpus == 0) {
    cpu_set_t set;
    kf_usage_cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : -1;
  }
  kf_usage_open = 1;
  kf_usage_wall0 = kf_usage_clock(CLOCK_MONOTONIC);
  kf_usage_cpu0 = kf_usage_clock(CLOCK_PROCESS_CPUTIME_ID);
}

void kf_usage_end(void) {
  if (!kf_usage_open) return;
  kf_usage_cpu_ns += kf_usage_clock(CLOCK_PROCESS_CPUTIME_ID) - kf_usage_cpu0;
  kf_usage_wall_ns += kf_usage_clock(CLOCK_MONOTONIC) - kf_usage_wall0;
  kf_usage_calls++;
  kf_usage_open = 0;
}
`;
}

/** What a baseline really used over its timed repeats (every harness process of the run summed). */
export interface ThreadUsage {
  /** the threads it is labelled with and was asked to run */
  readonly threads_requested: number;
  /** process CPU time over wall time of its timed repeats */
  readonly threads_used: number;
  readonly cpu_ms: number;
  readonly wall_ms: number;
  /** timed calls measured, over `processes` harness runs */
  readonly calls: number;
  readonly processes: number;
  /** CPUs its thread's affinity mask held at the first timed call (-1: unknown) */
  readonly cpus_allowed: number;
  /** set where threads_used < THREADS_USED_MIN_FRACTION x threads_requested: the comparison is unreliable */
  readonly unreliable?: string;
}

/** Sums (and removes) the usage files `label` left in `dir`; null when there are none. */
export function readUsage(dir: string, label: string, threadsRequested: number): ThreadUsage | null {
  let names: string[];
  try {
    // exactly <label>-<pid>.txt: 'ggml' must not take 'ggml-matmul-<pid>.txt'
    const own = new RegExp(`^${label}-\\d+\\.txt$`);
    names = readdirSync(dir).filter((n) => own.test(n));
  } catch {
    return null;
  }
  let cpu = 0, wall = 0, calls = 0, processes = 0, cpus = Infinity;
  for (const n of names) {
    const path = join(dir, n);
    const [c, w, k, a] = readFileSync(path, 'utf8').trim().split(/\s+/).map(Number);
    rmSync(path, { force: true });
    if (![c, w, k, a].every((v) => Number.isFinite(v))) continue;
    cpu += c!; wall += w!; calls += k!; processes++; cpus = Math.min(cpus, a!);
  }
  if (processes === 0 || wall <= 0) return null;
  const used = cpu / wall;
  const usage: ThreadUsage = {
    threads_requested: threadsRequested, threads_used: Number(used.toFixed(3)), cpu_ms: cpu / 1e6, wall_ms: wall / 1e6, calls, processes, cpus_allowed: cpus,
  };
  return threadsRequested > 0 && used < THREADS_USED_MIN_FRACTION * threadsRequested
    ? { ...usage, unreliable: `${label} used ${used.toFixed(1)} of ${threadsRequested} threads: comparison unreliable` }
    : usage;
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
  return cpuBaselines(op, target, params, threads).baselines;
}

export interface CpuBaselines {
  readonly baselines: Baseline[];
  /** the baselines that apply but cannot run here, each as 'impl unavailable: why' */
  readonly unavailable: string[];
}

type GgmlBaseline = Pick<Baseline, 'impl' | 'artifact' | 'note'>;

/** ggml's baselines per op (their placement and thread usage are added by cpuBaselines), or why ggml cannot run these params */
const GGML_BASELINES: Readonly<Record<string, (b: GgmlBuild, params: Params, threads: number) => GgmlBaseline[] | string>> = {
  gemv: (b, params, threads) => ggmlGemvUnsupported(params) ?? [
    { impl: 'ggml', artifact: ggmlGemvArtifact(b, params, threads), note: `ggml mul_mat (plain CPU buffer) from ${b.lib}` },
  ],
  attention: (b, params, threads) => (['flash', 'matmul'] as GgmlPath[]).filter((path) => !ggmlUnsupported(params, path)).map((path) => ({
    impl: path === 'flash' ? 'ggml' : 'ggml-matmul', artifact: ggmlAttentionArtifact(b, params, path, threads),
    note: `ggml ${path === 'flash' ? 'ggml_flash_attn_ext' : 'mul_mat + soft_max_ext + mul_mat'} from ${b.lib}`,
  })),
  gated_delta_rule: (b, params, threads) => ggmlGatedDeltaUnsupported(params) ?? [
    { impl: 'ggml', artifact: ggmlGatedDeltaArtifact(b, params, threads), note: `ggml ${params.l2norm ? 'l2_norm + ' : ''}gated_delta_net from ${b.lib}` },
  ],
  moe: (b, params, threads) => ggmlMoeUnsupported(params) ?? [{
    impl: 'ggml', artifact: ggmlMoeArtifact(b, params, threads),
    note: `ggml's MoE graph (llama.cpp build_moe_ffn: ${params.routing === 'router' ? 'its own router top-k, ' : ''}mul_mat_id for gate, up and down, swiglu, weighting) from ${b.lib}`,
  }],
};

/**
 * The CPU baselines of (op, params) and those that apply but cannot run here. `ggml` (the local
 * runner only: the artifact names this machine's ggml build) adds ggml's mul_mat (gemv: ggml-gemv.ts),
 * its attention (ggml.ts), its GATED_DELTA_NET (gated_delta_rule) and its MoE graph (moe) where
 * KFORGE_GGML_DIR names a build (ggml-process.ts), else says it is unavailable.
 */
export function cpuBaselines(op: string, target: TargetName, params: Params, threads: number, o: { readonly ggml?: boolean; readonly env?: NodeJS.ProcessEnv } = {}): CpuBaselines {
  if (!['c', 'avx2', 'avx512'].includes(target)) return { baselines: [], unavailable: [] };
  const out: Baseline[] = [];
  const unavailable: string[] = [];
  if (op === 'gemv' && params.weight === 'f32' && params.act === 'f32' && params.bias === false) {
    out.push({
      impl: 'openblas', artifact: withUsage(openblasGemvArtifact(params, threads), 'openblas'), placement: OPENBLAS_PLACEMENT(threads),
      note: 'OpenBLAS cblas_sgemv (cblas_sgemm for M > 1), libopenblas.so.0',
    });
  }
  if (target !== 'c' && LOWERINGS.some((l) => l.op === op && l.targets.includes('c'))) {
    try {
      const config: KnobConfig = resolveConfig(op, 'c', params, withThreads(op, 'c', params, undefined, threads));
      const artifact = emitKernel(op, 'c', params, config);
      out.push({
        impl: 'naive-c', artifact: withUsage(artifact, 'naive-c'), placement: NAIVE_C_PLACEMENT(artifact.threads ?? 0),
        note: "kforge's scalar `c` target kernel (plain loops, gcc -O3 without ISA flags)",
      });
    } catch (e) {
      // the c lowering of a new op may not be built yet: the case is still timed without it
      if (!(e instanceof InputError)) throw e;
      unavailable.push(`naive-c unavailable: ${e.message}`);
    }
  }
  if (o.ggml && op in GGML_BASELINES) {
    const build = findGgml(o.env);
    const found = 'unavailable' in build ? build.unavailable : GGML_BASELINES[op]!(build, params, threads);
    if (typeof found === 'string') unavailable.push(`ggml unavailable: ${found}`);
    else for (const g of found) out.push({ ...g, artifact: withUsage(g.artifact, g.impl), placement: ggmlPlacement(threads) });
  }
  return { baselines: out, unavailable };
}
