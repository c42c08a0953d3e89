/**
 * What every ggml baseline shares (ggml.ts attention, ggml-gated-delta.ts, ggml-moe.ts, ggml-gemv.ts):
 * finding the build KFORGE_GGML_DIR names, the C that loads ggml's libraries with dlopen, and the one
 * way its threads are counted and placed (issue 20 item 1: a baseline runs with the placement and
 * thread count it is labelled with).
 *
 * Placement: each ggml driver runs in its own harness process, started by the CPU executor with
 * OMP_NUM_THREADS=<threads> OMP_PROC_BIND=close OMP_PLACES=cores (openmpEnv of @kforge/target), and
 * plans its graph for exactly <threads> (ggml_graph_plan). ggml built with OpenMP computes a graph in
 * `#pragma omp parallel num_threads(n)` of the same libgomp as the harness, so those variables pin
 * its threads one per core. A ggml built without OpenMP starts its own pthreads, which inherit the
 * calling thread's mask (libgomp binds it to one core at load): the issue's half-threaded baseline.
 * Such a build is refused. What the threads really did is measured by the harness (withUsage in
 * baselines.ts: CPU over wall time of the timed calls) and flagged below 0.75 x the label.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** the environment variable naming the ggml build */
export const GGML_DIR_ENV = 'KFORGE_GGML_DIR';

export interface GgmlBuild {
  readonly dir: string;
  readonly include: string;
  readonly lib: string;
}

/** whether a libggml-cpu.so needs libgomp (its dynamic section names it), by path */
const usesOpenmp = new Map<string, boolean>();

function libUsesOpenmp(path: string): boolean {
  let known = usesOpenmp.get(path);
  if (known === undefined) {
    known = readFileSync(path).includes('libgomp.so');
    usesOpenmp.set(path, known);
  }
  return known;
}

/** The ggml build KFORGE_GGML_DIR names, or why there is none (or why it cannot be placed as labelled). */
export function findGgml(env: NodeJS.ProcessEnv = process.env): GgmlBuild | { readonly unavailable: string } {
  const dir = env[GGML_DIR_ENV];
  if (!dir) return { unavailable: `${GGML_DIR_ENV} is not set (a ggml tree built with cmake: experiments/2026-12-01-attention-cpu/README.md)` };
  const include = join(dir, 'include');
  if (!existsSync(join(include, 'ggml.h')) || !existsSync(join(include, 'ggml-cpu.h'))) return { unavailable: `${GGML_DIR_ENV}=${dir} has no include/ggml.h and include/ggml-cpu.h` };
  const lib = ['build/src', 'build/bin', 'lib', '.'].map((d) => join(dir, d)).find((d) => existsSync(join(d, 'libggml-base.so')) && existsSync(join(d, 'libggml-cpu.so')));
  if (!lib) return { unavailable: `${GGML_DIR_ENV}=${dir} has no libggml-base.so and libggml-cpu.so under build/src, build/bin, lib or itself (build with -DBUILD_SHARED_LIBS=ON)` };
  if (!libUsesOpenmp(join(lib, 'libggml-cpu.so'))) {
    return { unavailable: `${join(lib, 'libggml-cpu.so')} is built without OpenMP: its own thread pool is not placed by OMP_PROC_BIND/OMP_PLACES (rebuild with -DGGML_OPENMP=ON)` };
  }
  return { dir, include, lib };
}

/** The placement a ggml baseline runs with, for the result's `placement` field. */
export function ggmlPlacement(threads: number): string {
  return threads > 0
    ? `own process; ggml's OpenMP threads, n_threads=${threads} in ggml_graph_plan, OMP_NUM_THREADS=${threads} OMP_PROC_BIND=close OMP_PLACES=cores (one per core)`
    : "own process; ggml's OpenMP threads, n_threads=online CPUs in ggml_graph_plan, OMP_PROC_BIND/OMP_PLACES as the run's affinity records";
}

/** The headers the drivers include, read from the build (ggml-cpu.h pulls in the others). */
const GGML_HEADERS = ['ggml.h', 'ggml-cpu.h', 'ggml-backend.h', 'ggml-alloc.h'];

/** A driver's source files: the driver first (the one the builders compile), then ggml's headers from the build. */
export function ggmlFiles(b: GgmlBuild, name: string, source: string): Record<string, string> {
  const files: Record<string, string> = { [name]: source };
  for (const h of GGML_HEADERS) {
    const f = join(b.include, h);
    if (existsSync(f)) files[h] = readFileSync(f, 'utf8');
  }
  return files;
}

/** ggml's entry points every driver uses: its graph is planned and computed by kf_ggml_plan / kf_ggml_compute */
const PLAN_FUNCTIONS = ['ggml_graph_plan', 'ggml_graph_compute'];

/**
 * The opening of a ggml driver's C: includes, `defines` (KF_GGML_LIB and KF_THREADS are added),
 * `static ... *kf_<name>` for each of `functions` resolved from ggml's shared libraries by
 * `kf_ggml_resolve()`, and the shared thread handling: `kf_ggml_plan(graph)` plans for KF_THREADS
 * threads (0: the online CPUs) with its own work buffer, `kf_ggml_compute(graph, plan)` runs it.
 */
export function ggmlDriverPrelude(b: GgmlBuild, threads: number, defines: readonly string[], functions: readonly string[]): string {
  const all = [...functions, ...PLAN_FUNCTIONS.filter((f) => !functions.includes(f))];
  return `#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ggml.h"
#include "ggml-cpu.h"
#define KF_GGML_LIB "${b.lib.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"
#define KF_THREADS ${Math.max(0, Math.floor(threads))}
${defines.join('\n')}

${ggmlLoaderC(all)}

/* the thread count the baseline is labelled with; OpenMP (the harness's OMP_PROC_BIND=close
   OMP_PLACES=cores) places them: packages/bench/src/ggml-process.ts */
static struct ggml_cplan kf_ggml_plan(struct ggml_cgraph *graph) {
  const int threads = KF_THREADS > 0 ? KF_THREADS : (int)sysconf(_SC_NPROCESSORS_ONLN);
  struct ggml_cplan plan = kf_ggml_graph_plan(graph, threads, NULL);
  if (plan.work_size) {
    plan.work_data = malloc(plan.work_size);
    if (!plan.work_data) { fprintf(stderr, "ggml baseline: out of memory for the work buffer\\n"); exit(4); }
  }
  return plan;
}

static void kf_ggml_compute(struct ggml_cgraph *graph, struct ggml_cplan *plan) {
  if (kf_ggml_graph_compute(graph, plan) != GGML_STATUS_SUCCESS) { fprintf(stderr, "ggml baseline: ggml_graph_compute failed\\n"); exit(4); }
}
`;
}

/**
 * The C that resolves ggml's entry points (typed by its own header) from its shared libraries in
 * KF_GGML_LIB at run time: `static ... *kf_<name>` for each function, and `kf_ggml_resolve()`.
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
