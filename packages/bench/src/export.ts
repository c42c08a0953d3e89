/**
 * Bench bundles: `kforge bench OP|run SUITE --export DIR` writes a folder that runs the bench protocol
 * on a machine without Node (sh, a C compiler with OpenMP, od, sort, tar, gzip), and import.ts turns
 * what it brings back into the bench JSON (schema.ts).
 *
 * What the folder holds, and what it shares:
 *  - cases/<job>/: each contestant (kforge configs, the naive C and OpenBLAS baselines of baselines.ts)
 *    and the read probe of probe.ts as a job folder of the tuner's offline bundle (@kforge/autotune:
 *    sources + the CPU executor's harness + build.sh, remoteJobOf of local-runner.ts), so every one is
 *    built with the target's flags and timed by the same harness as `kforge bench` here;
 *  - build.sh: the tuner bundle's BUILD_ALL_SCRIPT (parallel builds);
 *  - cases/generate-inputs/: a C program over the GPU bundle's generator (exec's generate.h), which
 *    writes every input there (weights of hundreds of MB do not travel; the fills are the op's
 *    generatedInputs hook, @kforge/driver ops/); import.ts regenerates the inputs of the outputs it
 *    samples with generatedBytes, byte for byte;
 *  - run.sh: per case, `rounds` rounds each timing the probe and every contestant (the starting one
 *    rotating per round, as timeInterleaved of measure.ts), each a 3-repeat calibration then repeats
 *    sized to min_time_ms / rounds, inputs rotated through copies of at least twice the machine's L3;
 *  - bench.json: this manifest, also copied into the results.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  getOp, InputError, resolveParams,
  type KernelArithmetic, type Params, type ParamValue,
} from '@kforge/ir';
import { bytesOfRoles, openmpEnv, sizedBuffers, type KernelArtifact, type TargetName } from '@kforge/target';
import { CPU_TOOLCHAINS, fillInitializer, GENERATE_HEADER_PATH, isCpuTarget, type GeneratedInput } from '@kforge/exec';
import { emitKernel, inputSeeds, opHooks, resolveConfig } from '@kforge/driver';
import { BUILD_ALL_SCRIPT, MACHINE_REPORT_COMMAND, writeJobFolder, type RemoteJob } from '@kforge/autotune';
import { remoteJobOf } from './local-runner.ts';
import { baselinesFor, withThreads, type ImplName } from './baselines.ts';
import { bytesMoved, MEASURE_DEFAULTS, PROBE_DEFAULTS } from './measure.ts';
import { readProbeArtifact } from './probe.ts';
import { gitInfo, kforgeVersion, sourceSha256 } from './provenance.ts';
import { hasKernel } from './runner.ts';
import type { Measurement } from './schema.ts';
import type { SuiteCase } from './suites/suite.ts';

export const BENCH_BUNDLE_VERSION = 1;
export const BENCH_BUNDLE_MANIFEST = 'bench.json';
/** what run.sh leaves in OUT: this archive (split into .aa, .ab, ... past 16 MB) and summary.txt */
export const BENCH_RESULTS_ARCHIVE = 'bench-results.tar.gz';
export const PROBE_JOB = 'probe';
export const GENERATOR_JOB = 'generate-inputs';
/** runSuite's probe size: 16 x a 32 MiB L3; run.sh raises it to the rotation size on larger caches */
const DEFAULT_PROBE_BYTES = 512 * 2 ** 20;
/** output elements along the op's sampled axis (its sample hook) import.ts checks against the reference */
export const SAMPLE_COUNT = 128;

export interface BundleJob {
  /** its folder under cases/ */
  readonly job: string;
  readonly impl: ImplName;
  readonly target: TargetName;
  readonly configuration: Readonly<Record<string, ParamValue>>;
  readonly configSource: Measurement['config_source'];
  readonly sourceSha256: string;
  readonly arithmetic: KernelArithmetic;
  /** bytes of its input buffers (the rotation is sized on them) */
  readonly inputBytes: number;
  readonly bytesMoved: number;
  readonly flags: readonly string[];
  readonly libs: readonly string[];
  readonly outputs: readonly { readonly name: string; readonly bytes: number }[];
}

export interface BundleCase {
  /** short key: folder names in work/ and the results */
  readonly key: string;
  readonly id: string;
  readonly op: string;
  readonly layer: string;
  readonly phase: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  /** why the case is not run (no kernel for the op on the target) */
  readonly skipped?: string;
  readonly generated: Readonly<Record<string, GeneratedInput>>;
  /** kforge's kernel first, then its other configs, then the baselines */
  readonly jobs: readonly BundleJob[];
  /** configs that did not apply to this case */
  readonly notes: readonly string[];
}

export interface BenchBundleProtocol {
  readonly minTimeMs: number;
  readonly rounds: number;
  readonly discard: number;
  /** per contestant and round: timeInterleaved's split of the budget */
  readonly round: { readonly minTimeMs: number; readonly minRepeats: number; readonly maxRepeats: number };
  /** per round: at least one pass over every probe copy, at most maxPassesOverCopies */
  readonly probe: { readonly chunkBytes: number; readonly minTimeMs: number; readonly maxPassesOverCopies: number };
  /** fixed at export (--rotate-mib); null: twice the L3 run.sh finds */
  readonly rotateBytes: number | null;
  /** fixed at export (--probe-mib); null: the larger of 512 MiB and the rotation size */
  readonly probeBytes: number | null;
  /** SAMPLE_COUNT (the name from when only gemv rows were sampled: bundles carry it) */
  readonly sampledRows: number;
}

export interface BenchBundleManifest {
  readonly kforgeBenchBundle: typeof BENCH_BUNDLE_VERSION;
  readonly kind: 'single' | 'suite';
  readonly suite: string | null;
  readonly target: TargetName;
  /** run.sh's default THREADS */
  readonly threads: number;
  readonly seed: number;
  readonly protocol: BenchBundleProtocol;
  readonly probe: { readonly job: string; readonly sourceSha256: string; readonly flags: readonly string[]; readonly generated: GeneratedInput };
  readonly created: string;
  readonly kforgeVersion: string;
  readonly buildCommit: string;
  readonly buildDirty: boolean;
  /** the export command line */
  readonly command: readonly string[];
  readonly cases: readonly BundleCase[];
}

export interface BenchExportOptions {
  readonly target: TargetName;
  readonly kind: 'single' | 'suite';
  readonly suite?: string;
  /** run.sh's default thread count (THREADS=N overrides it there); the target's default config's when absent */
  readonly threads?: number;
  /** kforge configs timed beside the default one (which is always in) */
  readonly configs?: readonly Record<string, unknown>[];
  readonly seed?: number;
  readonly minTimeMs?: number;
  readonly rounds?: number;
  readonly probeBytes?: number;
  readonly rotateBytes?: number;
  readonly baselines?: boolean;
  readonly command?: readonly string[];
}

/** The case's inputs, generated on the machine (the op's generatedInputs hook) from streams seed·1000 + 1, + 2, ... */
function generatedInputs(op: string, params: Params, seed: number): Record<string, GeneratedInput> {
  const hooks = opHooks(op, 'generatedInputs');
  return hooks.generatedInputs(params, inputSeeds(hooks, (i) => seed * 1000 + 1 + i));
}

/** the read probe's buffer: any data (it is only read), from stream seed·1000 + 9 */
const PROBE_FILL = { kind: 'normal', elem: 'f32', exponent: -7 } as const;

interface Contestant {
  readonly impl: ImplName;
  readonly artifact: KernelArtifact;
  readonly configSource: Measurement['config_source'];
}

const inputBytesOf = (a: KernelArtifact): number => bytesOfRoles(a, ['in']);

/** The job folder of an artifact: the executor's harness around its sources, the target's flags, no inputs. */
function jobOf(artifact: KernelArtifact): RemoteJob {
  const none = Object.fromEntries(artifact.buffers.filter((b) => b.role === 'in').map((b) => [b.name, new Uint8Array(0)]));
  return remoteJobOf(artifact, none);
}

/** The kforge contestants of a case: the default config and each given one that applies, deduplicated. */
function kforgeContestants(op: string, target: TargetName, params: Params, configs: readonly Record<string, unknown>[], single: boolean, notes: string[]): Contestant[] {
  const resolve = (raw: Record<string, unknown> | undefined) => resolveConfig(op, target, params, withThreads(op, target, params, raw, 0));
  const given: { index: number; artifact: KernelArtifact }[] = [];
  configs.forEach((raw, index) => {
    try {
      given.push({ index, artifact: emitKernel(op, target, params, resolve(raw)) });
    } catch (e) {
      if (!(e instanceof InputError) || single) throw e;
      notes.push(`config ${index + 1} ${JSON.stringify(raw)} does not apply: ${e.message}`);
    }
  });
  const defaults = emitKernel(op, target, params, resolve(undefined));
  const key = (a: KernelArtifact) => JSON.stringify([a.config, sourceSha256(a)]);
  const out: Contestant[] = [];
  const seen = new Set<string>();
  const add = (impl: ImplName, artifact: KernelArtifact, configSource: Measurement['config_source']) => {
    if (seen.has(key(artifact))) return;
    seen.add(key(artifact));
    out.push({ impl, artifact, configSource });
  };
  if (given.length) add('kforge', given[0]!.artifact, 'given');
  add(given.length ? 'kforge-default' : 'kforge', defaults, 'default');
  for (const g of given.slice(1)) add(`kforge-${g.index + 1}`, g.artifact, 'given');
  return out;
}

function bundleCase(c: SuiteCase, key: string, o: BenchExportOptions, seed: number): { bundleCase: BundleCase; artifacts: Map<string, KernelArtifact> } {
  const artifacts = new Map<string, KernelArtifact>();
  const base = { key, id: c.id, op: c.op, layer: c.layer, phase: c.phase, params: c.params };
  if (!hasKernel(c.op, o.target)) return { bundleCase: { ...base, skipped: `no kernel yet for ${c.op} on ${o.target}`, generated: {}, jobs: [], notes: [] }, artifacts };
  // a bundle rotates every input and has no cache probe: a cache-resident case is timed by bench run only
  if (c.residency === 'cache') return { bundleCase: { ...base, skipped: 'cache-resident case (inputs not rotated, judged by a cache probe): bench run only', generated: {}, jobs: [], notes: [] }, artifacts };
  const params = resolveParams(getOp(c.op), c.params);
  const generated = generatedInputs(c.op, params, seed);
  const notes: string[] = [];
  const contestants = kforgeContestants(c.op, o.target, params, o.configs ?? [], o.kind === 'single', notes);
  if (o.baselines !== false) {
    for (const b of baselinesFor(c.op, o.target, params, 0)) contestants.push({ impl: b.impl, artifact: b.artifact, configSource: 'default' });
  }
  const jobs = contestants.map((x): BundleJob => {
    const job = `${key}-${x.impl}`;
    for (const b of x.artifact.buffers) {
      if (b.role === 'in' && !generated[b.name]) throw new InputError(`bench --export: input '${b.name}' of ${job} has no generator`);
    }
    artifacts.set(job, x.artifact);
    const j = jobOf(x.artifact);
    return {
      job, impl: x.impl, target: x.artifact.target, configuration: x.artifact.config as Record<string, ParamValue>, configSource: x.configSource,
      sourceSha256: sourceSha256(x.artifact), arithmetic: x.artifact.arithmetic ?? 'f32',
      inputBytes: inputBytesOf(x.artifact), bytesMoved: bytesMoved(x.artifact), flags: j.flags, libs: j.libs, outputs: j.outputs,
    };
  });
  return { bundleCase: { ...base, params, generated, jobs, notes }, artifacts };
}

/** generate.c: writes the inputs of one case (or the probe's) into a folder, from the fills in its table. */
function generatorSource(manifest: Pick<BenchBundleManifest, 'cases' | 'probe'>, bytesOf: (owner: string, name: string) => number): string {
  const rows: string[] = [];
  const row = (owner: string, name: string, g: GeneratedInput) => rows.push(`  { "${owner}", "${name}", ${bytesOf(owner, name)}ull, ${fillInitializer(g.fill)}, ${g.seed >>> 0}u },`);
  row(PROBE_JOB, 'buf', manifest.probe.generated);
  for (const c of manifest.cases) for (const [name, g] of Object.entries(c.generated)) row(c.key, name, g);
  return `/*
 * kforge bench bundle: writes the inputs of one case into a folder as in_<name>.bin, filled by
 * generate.h (the GPU bundle's generator; @kforge/exec generatedBytes regenerates any byte of them).
 * usage: kernel CASE DIR   (bytes are written little-endian: x86-64 and Arm64 hosts)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "generate.h"

struct kf_input { const char *owner; const char *name; unsigned long long bytes; struct kf_fill fill; uint32_t seed; };

static const struct kf_input INPUTS[] = {
${rows.join('\n')}
};

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: %s CASE DIR\\n", argv[0]); return 2; }
  int found = 0;
  for (size_t k = 0; k < sizeof INPUTS / sizeof INPUTS[0]; k++) {
    const struct kf_input *in = &INPUTS[k];
    if (strcmp(in->owner, argv[1]) != 0) continue;
    found++;
    const long long words = (long long)((in->bytes + 3) / 4);
    uint32_t *buf = malloc((size_t)words * 4);
    if (!buf) { fprintf(stderr, "out of memory for %s\\n", in->name); return 3; }
    #pragma omp parallel for schedule(static)
    for (long long w = 0; w < words; w++) {
      uint32_t v = 0;
      for (int b = 0; b < 4; b++) v |= kf_generated_byte(&in->fill, in->seed, 4 * (uint64_t)w + (uint64_t)b) << (8 * b);
      buf[w] = v;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/in_%s.bin", argv[2], in->name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(buf, 1, (size_t)in->bytes, f) != (size_t)in->bytes || fclose(f) != 0) { fprintf(stderr, "cannot write %s\\n", path); return 3; }
    free(buf);
  }
  if (!found) { fprintf(stderr, "no inputs for case %s\\n", argv[1]); return 2; }
  return 0;
}
`;
}

/** `VAR=value` words of the OpenMP environment for $THREADS (openmpEnv of @kforge/target), plus OpenBLAS's count. */
function ompWords(): string {
  const words = Object.entries(openmpEnv(1)).map(([k, v]) => `${k}=${k === 'OMP_NUM_THREADS' ? '$THREADS' : v}`);
  return [...words, 'OPENBLAS_NUM_THREADS=$THREADS'].join(' ');
}

function runScript(m: BenchBundleManifest): string {
  const p = m.protocol;
  const ms = (x: number) => Math.max(1, Math.round(x * 1e6));
  const schedule: string[] = [];
  for (const c of m.cases) {
    if (c.skipped) continue;
    schedule.push('', `# ${c.id}`, `begin_case ${c.key} '${c.jobs.map((j) => j.job).join(' ')}'`);
    const entries = [{ job: PROBE_JOB, inputBytes: 0, moved: p.probe.chunkBytes }, ...c.jobs.map((j) => ({ job: j.job, inputBytes: j.inputBytes, moved: j.bytesMoved }))];
    for (let r = 0; r < p.rounds; r++) {
      for (let i = 0; i < entries.length; i++) {
        const e = entries[(r + i) % entries.length]!;
        schedule.push(`time_job ${c.key} ${e.job} ${r} ${e.inputBytes} ${e.moved}`);
      }
    }
  }
  return `#!/bin/sh
# kforge bench bundle: ${m.cases.length} case(s) of ${m.kind === 'suite' ? `suite ${m.suite}` : m.cases[0]?.id} on ${m.target}.
# usage: [CC=gcc] [THREADS=N] [L3_BYTES=B] [ROTATE_BYTES=B] [PROBE_BYTES=B] sh run.sh OUT
# Builds what is not built (build.sh), writes the inputs (work/inputs), then per case and round times
# the read probe and every contestant, the starting one rotating per round; each timing is a 3-repeat
# calibration, then repeats for ${p.round.minTimeMs} ms (${p.round.minRepeats} to ${p.round.maxRepeats}, plus ${p.discard} discarded).
# OUT receives ${BENCH_RESULTS_ARCHIVE} (for \`kforge bench --import OUT\`) and summary.txt.
set -u
if [ $# -ne 1 ]; then echo "usage: [CC=gcc] [THREADS=N] sh run.sh OUT" >&2; exit 2; fi
case $1 in /*) OUT=$1 ;; *) OUT=$(pwd)/$1 ;; esac
cd "$(dirname "$0")" || exit 2
B=$(pwd)
W=$B/work
R=$W/results
THREADS=\${THREADS:-${m.threads}}
ROUNDS=${p.rounds}
DISCARD=${p.discard}
MIN_NS=${ms(p.round.minTimeMs)}
MIN_REPEATS=${p.round.minRepeats}
MAX_REPEATS=${p.round.maxRepeats}
PROBE_CHUNK=${p.probe.chunkBytes}
PROBE_MIN_NS=${ms(p.probe.minTimeMs)}
PROBE_MAX_PASSES=${p.probe.maxPassesOverCopies}

sh build.sh || exit 1
if [ ! -x cases/${GENERATOR_JOB}/kernel ]; then echo "the input generator did not build: results/${GENERATOR_JOB}/build.log" >&2; exit 1; fi

# the last-level cache the rotation is sized on (sysfs: 32768K, 105M, ...)
l3_raw=$(cat /sys/devices/system/cpu/cpu0/cache/index3/size 2>/dev/null || true)
case $l3_raw in
  *K) l3=$((\${l3_raw%K} * 1024)) ;;
  *M) l3=$((\${l3_raw%M} * 1048576)) ;;
  *G) l3=$((\${l3_raw%G} * 1073741824)) ;;
  [0-9]*) l3=$l3_raw ;;
  *) l3=0 ;;
esac
L3_BYTES=\${L3_BYTES:-$l3}
ROTATE_BYTES=\${ROTATE_BYTES:-${p.rotateBytes ?? '$((2 * L3_BYTES))'}}
${p.probeBytes !== null ? `PROBE_BYTES=\${PROBE_BYTES:-${p.probeBytes}}` : `if [ -z "\${PROBE_BYTES:-}" ]; then PROBE_BYTES=${DEFAULT_PROBE_BYTES}; [ "$ROTATE_BYTES" -gt "$PROBE_BYTES" ] && PROBE_BYTES=$ROTATE_BYTES; fi`}
PROBE_COPIES=$(( (PROBE_BYTES + PROBE_CHUNK / 2) / PROBE_CHUNK )); [ "$PROBE_COPIES" -ge 1 ] || PROBE_COPIES=1

if [ "$THREADS" -gt 0 ]; then
  OMP_ENV="${ompWords()}"
else
  # OpenMP's own thread count; placement as kforge bench pins it unless set
  export OMP_PROC_BIND=\${OMP_PROC_BIND:-close} OMP_PLACES=\${OMP_PLACES:-cores}
  OMP_ENV=""
fi

rm -rf "$R"; mkdir -p "$R/outputs" "$R/logs" "$R/build" "$OUT" || exit 2
rm -f "$OUT/${BENCH_RESULTS_ARCHIVE}"* "$OUT/summary.txt"
{ ${MACHINE_REPORT_COMMAND}; } > "$R/machine.txt" 2>&1
{
  echo "threads=$THREADS"
  if [ "$THREADS" -gt 0 ]; then echo "omp_num_threads=$THREADS"; echo "omp_proc_bind=close"; echo "omp_places=cores"
  else echo "omp_num_threads=\${OMP_NUM_THREADS:-}"; echo "omp_proc_bind=$OMP_PROC_BIND"; echo "omp_places=$OMP_PLACES"; fi
  echo "cpus_allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status 2>/dev/null)"
  echo "nproc=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null)"
  echo "l3=$l3_raw"
  echo "l3_bytes=$L3_BYTES"
  echo "rotate_bytes=$ROTATE_BYTES"
  echo "probe_bytes=$PROBE_BYTES"
  echo "probe_copies=$PROBE_COPIES"
  echo "mem_total_kb=$(sed -n 's/^MemTotal:[[:space:]]*\\([0-9]*\\).*/\\1/p' /proc/meminfo 2>/dev/null)"
  echo "os=$(uname -sr 2>/dev/null)"
  echo "cc=\${CC:-cc}"
  echo "gpus=$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader,nounits 2>/dev/null | tr '\\n' ';')"
  echo "run_command=THREADS=$THREADS sh run.sh $1"
  echo "load_start=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
  echo "started=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$R/host.txt"

say() { echo "$*"; echo "$*" >> "$OUT/summary.txt"; }
say "kforge bench bundle on $(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1): THREADS=$THREADS, L3 $L3_BYTES B, rotation $ROTATE_BYTES B, probe $PROBE_COPIES x $PROBE_CHUNK B"

# u64 nanoseconds of timings.bin, one per line
numbers() { od -An -v -t u8 "$1" | tr -s ' \\t' '\\n\\n' | sed '/^$/d'; }

# begin_case CASE 'JOB...': inputs written once (kept in work/inputs for the next run), one run folder per job
begin_case() {
  for owner in "$1" ${PROBE_JOB}; do
    if [ ! -f "$W/inputs/$owner/done" ]; then
      mkdir -p "$W/inputs/$owner"
      env $OMP_ENV cases/${GENERATOR_JOB}/kernel "$owner" "$W/inputs/$owner" || { echo "input generation failed for $owner" >&2; exit 1; }
      : > "$W/inputs/$owner/done"
    fi
  done
  for job in ${PROBE_JOB} $2; do
    d=$W/run/$1/$job; rm -rf "$d"; mkdir -p "$d"
    src=$W/inputs/$1; [ "$job" = ${PROBE_JOB} ] && src=$W/inputs/${PROBE_JOB}
    for f in "$src"/in_*.bin; do ln -sf "$f" "$d/"; done
  done
}

# time_job CASE JOB ROUND INPUT_BYTES MOVED_BYTES (INPUT_BYTES 0: the probe)
time_job() {
  d=$W/run/$1/$2
  [ -f "$d/failed" ] && return 0
  bin=$B/cases/$2/kernel
  if [ ! -x "$bin" ]; then
    printf '{"case":"%s","job":"%s","status":"build-failed"}\\n' "$1" "$2" >> "$R/timings.jsonl"; : > "$d/failed"; return 0
  fi
  if [ "$4" -eq 0 ]; then
    copies=$PROBE_COPIES; min_ns=$PROBE_MIN_NS; minr=$PROBE_COPIES; maxr=$((PROBE_MAX_PASSES * PROBE_COPIES))
  else
    copies=$(( (ROTATE_BYTES + $4 - 1) / $4 )); [ "$copies" -ge 1 ] || copies=1; [ "$copies" -le 65536 ] || copies=65536
    min_ns=$MIN_NS; minr=$MIN_REPEATS; maxr=$MAX_REPEATS
  fi
  (cd "$d" && rm -f timings.bin && env $OMP_ENV "$bin" 3 "$copies") > "$d/run.log" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && [ ! -d "$R/outputs/$2" ]; then mkdir -p "$R/outputs/$2" && cp "$d"/out_*.bin "$R/outputs/$2/"; fi
  if [ $rc -eq 0 ]; then
    cal=$(numbers "$d/timings.bin" | tr '\\n' ',' | sed 's/,$//')
    per=$(numbers "$d/timings.bin" | sort -n | sed -n 2p)
    [ -n "$per" ] && [ "$per" -gt 0 ] || per=1
    need=$(( (min_ns + per - 1) / per )); [ "$need" -ge "$minr" ] || need=$minr; [ "$need" -le "$maxr" ] || need=$maxr
    reps=$((need + DISCARD))
    (cd "$d" && rm -f timings.bin && env $OMP_ENV "$bin" "$reps" "$copies") > "$d/run.log" 2>&1
    rc=$?
  fi
  if [ $rc -ne 0 ]; then
    printf '{"case":"%s","job":"%s","round":%d,"status":"run-failed","exit_code":%d}\\n' "$1" "$2" "$3" "$rc" >> "$R/timings.jsonl"
    cp "$d/run.log" "$R/logs/$1-$2.log"; : > "$d/failed"
    say "$1 $2 round $3: failed with exit code $rc ($(tail -n 1 "$d/run.log"))"
    return 0
  fi
  t=$(numbers "$d/timings.bin" | tr '\\n' ',' | sed 's/,$//')
  printf '{"case":"%s","job":"%s","round":%d,"status":"ok","copies":%d,"calibration_ns":[%s],"timings_ns":[%s]}\\n' "$1" "$2" "$3" "$copies" "$cal" "$t" >> "$R/timings.jsonl"
  med=$(numbers "$d/timings.bin" | sed "1,\${DISCARD}d" | sort -n | sed -n "$(( (reps - DISCARD + 1) / 2 ))p")
  [ -n "$med" ] && [ "$med" -gt 0 ] || med=1
  mbps=$(( $5 * 1000 / med ))
  say "$1 $2 round $3: median $((med / 1000)) us of $((reps - DISCARD)), $((mbps / 1000)).$((mbps % 1000 / 100)) GB/s, $copies copies"
}
${schedule.join('\n')}

echo "load_end=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" >> "$R/host.txt"
echo "finished=$(date -u +%Y-%m-%dT%H:%M:%SZ)" >> "$R/host.txt"
for c in cases/*/; do n=$(basename "$c"); [ -f "results/$n/build.log" ] && cp "results/$n/build.log" "$R/build/$n.log"; done
cp ${BENCH_BUNDLE_MANIFEST} "$R/"
(cd "$W" && tar cf - results) | gzip -c > "$OUT/${BENCH_RESULTS_ARCHIVE}" || exit 1
# the device tool brings back files of at most 16 MiB
if [ "$(wc -c < "$OUT/${BENCH_RESULTS_ARCHIVE}")" -gt 16000000 ]; then
  (cd "$OUT" && split -b 15000000 ${BENCH_RESULTS_ARCHIVE} ${BENCH_RESULTS_ARCHIVE}. && rm ${BENCH_RESULTS_ARCHIVE})
fi
say "results in $OUT: kforge bench --import $OUT"
`;
}

function readme(m: BenchBundleManifest): string {
  return [
    `# kforge bench bundle: ${m.kind === 'suite' ? `suite ${m.suite}` : m.cases[0]?.id} on ${m.target}`, '',
    `${m.cases.length} case(s); contestants per case: ${[...new Set(m.cases.flatMap((c) => c.jobs.map((j) => j.impl)))].join(', ')}, with the read probe in every round.`, '',
    'On the machine to measure (needs sh, a C compiler with OpenMP as $CC or cc, od, sort, tar, gzip; no Node):', '',
    '    CC=gcc THREADS=2 sh run.sh OUT', '',
    'THREADS sets OMP_NUM_THREADS (with OMP_PROC_BIND=close, OMP_PLACES=cores; 0 leaves both to OpenMP).',
    'The rotation is sized on twice the L3 of /sys (L3_BYTES=... overrides it, ROTATE_BYTES=... replaces it).',
    `OUT then holds ${BENCH_RESULTS_ARCHIVE} and summary.txt; bring OUT back and run \`kforge bench --import OUT\`.`, '',
  ].join('\n');
}

/**
 * Writes the bundle of `cases` into `dir` (which must be empty or absent). Kernels are generated here;
 * nothing is built or run.
 */
export function exportBenchBundle(dir: string, cases: readonly SuiteCase[], o: BenchExportOptions): BenchBundleManifest {
  if (!isCpuTarget(o.target) || !CPU_TOOLCHAINS[o.target].hosted) {
    throw new InputError(`bench --export: bundles run hosted CPU targets (c, avx2, avx512, neon, rvv), not ${o.target}${isCpuTarget(o.target) ? '' : ' (GPU runs go through tools/gpu)'}`);
  }
  if (existsSync(dir) && readdirSync(dir).length) throw new InputError(`bench --export: '${dir}' exists and is not empty`);
  for (const c of o.configs ?? []) {
    if (Object.hasOwn(c, 'threads')) throw new InputError('bench --export: the thread count is set when the bundle runs (THREADS=N sh run.sh OUT, default --threads): leave threads out of --config');
  }
  const seed = o.seed ?? 1;
  const rounds = o.rounds ?? MEASURE_DEFAULTS.rounds;
  const minTimeMs = o.minTimeMs ?? MEASURE_DEFAULTS.minTimeMs;
  const built = cases.map((c, i) => bundleCase(c, `c${String(i).padStart(2, '0')}`, o, seed));
  const first = built.find((b) => b.bundleCase.jobs.length);
  if (!first) throw new InputError(`bench --export: no case has a kernel on ${o.target}`);
  const defaults = resolveConfig(first.bundleCase.op, o.target, first.bundleCase.params as Params, undefined);
  const defaultThreads = typeof defaults.threads === 'number' ? defaults.threads : 0;
  const chunk = Math.min(o.probeBytes ?? Infinity, PROBE_DEFAULTS.chunkBytes);
  const probe = readProbeArtifact(o.target, chunk, 0);
  const git = gitInfo();
  const manifest: BenchBundleManifest = {
    kforgeBenchBundle: BENCH_BUNDLE_VERSION, kind: o.kind, suite: o.suite ?? null, target: o.target,
    threads: o.threads ?? defaultThreads, seed,
    protocol: {
      minTimeMs, rounds, discard: MEASURE_DEFAULTS.discard,
      round: { minTimeMs: minTimeMs / rounds, minRepeats: Math.ceil(MEASURE_DEFAULTS.minRepeats / rounds), maxRepeats: Math.ceil(MEASURE_DEFAULTS.maxRepeats / rounds) },
      probe: { chunkBytes: sizedBuffers(probe)[0]!.bytes, minTimeMs: PROBE_DEFAULTS.minTimeMs / rounds, maxPassesOverCopies: PROBE_DEFAULTS.maxPassesOverCopies },
      rotateBytes: o.rotateBytes ?? null, probeBytes: o.probeBytes ?? null, sampledRows: SAMPLE_COUNT,
    },
    probe: { job: PROBE_JOB, sourceSha256: sourceSha256(probe), flags: jobOf(probe).flags, generated: { seed: seed * 1000 + 9, fill: PROBE_FILL } },
    created: new Date().toISOString(), kforgeVersion: kforgeVersion(), buildCommit: git.revision, buildDirty: git.dirty,
    command: o.command ?? [], cases: built.map((b) => b.bundleCase),
  };

  const casesDir = join(dir, 'cases');
  mkdirSync(casesDir, { recursive: true });
  for (const b of built) for (const [job, artifact] of b.artifacts) writeJobFolder(jobOf(artifact), join(casesDir, job), false);
  writeJobFolder(jobOf(probe), join(casesDir, PROBE_JOB), false);
  const bufferBytes = new Map<string, number>([[`${PROBE_JOB}/buf`, sizedBuffers(probe)[0]!.bytes]]);
  for (const b of built) for (const a of b.artifacts.values()) for (const buf of sizedBuffers(a)) if (buf.role === 'in') bufferBytes.set(`${b.bundleCase.key}/${buf.name}`, buf.bytes);
  const generatorDir = join(casesDir, GENERATOR_JOB);
  writeJobFolder({
    sources: { 'generate.c': generatorSource(manifest, (owner, name) => bufferBytes.get(`${owner}/${name}`)!), 'generate.h': readFileSync(GENERATE_HEADER_PATH, 'utf8') },
    units: ['generate.c'], flags: ['-O2', '-std=gnu11', '-fopenmp'], libs: [], inputs: {}, outputs: [], threads: 0,
  }, generatorDir, false);
  writeFileSync(join(dir, 'build.sh'), BUILD_ALL_SCRIPT);
  writeFileSync(join(dir, 'run.sh'), runScript(manifest));
  for (const s of ['build.sh', 'run.sh']) chmodSync(join(dir, s), 0o755);
  writeFileSync(join(dir, 'README.md'), readme(manifest));
  writeFileSync(join(dir, BENCH_BUNDLE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
