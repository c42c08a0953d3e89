/**
 * The one JSON schema of kforge benchmark results (docs/benchmarks/SCHEMA.md describes every field).
 * Field names follow llama-bench (build_commit, cpu_info, gpu_info, samples_*) and Kernel Tuner's
 * T4 (configuration, an invalidity reason for results that were not timed) where they fit.
 */
import { InputError, type ParamValue } from '@kforge/ir';
import type { Affinity, CompilerInfo, MachineInfo } from './provenance.ts';
import type { ImplName } from './baselines.ts';

export const SCHEMA_VERSION = 'kforge-bench/1';

export interface Provenance {
  readonly build_commit: string;
  readonly build_dirty: boolean;
  readonly kforge_version: string;
  /** the command line that produced the file */
  readonly command: readonly string[];
  readonly started_at: string;
  readonly finished_at: string;
  readonly cpu_info: string;
  readonly gpu_info: string | null;
  readonly machine: MachineInfo;
  /** 1, 5 and 15 minute load averages when the run started and ended: other work on the machine shows here (empty where not recorded) */
  readonly load_average: { readonly start: readonly number[]; readonly end: readonly number[] };
  /** true where the 1-minute load average exceeded the cores at the start, end or around any case: every comparison of the file is suspect */
  readonly loaded?: boolean;
  /** results measured by a GPU bundle (tools/gpu) and converted here: where they came from */
  readonly bundle?: BundleProvenance;
}

/** A GPU-bundle run converted to this schema by tools/gpu/to-bench.ts. */
export interface BundleProvenance {
  /** when prepare.ts wrote the plan */
  readonly plan_created: string;
  /** the command run on the GPU machine */
  readonly run_command: string;
  /** the folder or archive the results were read from */
  readonly results: string;
  /** compiler and tool versions recorded by run.sh (nvcc, gcc) */
  readonly tools: Readonly<Record<string, string>>;
  /** GPU clocks, power limit and temperature as nvidia-smi reported them at the start */
  readonly gpu_state: string | null;
}

/**
 * One bandwidth ceiling measured in the same run: 'read_probe' (CPU: probe.ts streams rotated chunks),
 * 'copy_probe' (GPU bundle: device-to-device cudaMemcpy, bytes read plus bytes written), 'cache_probe'
 * (CPU: a case whose inputs stay in cache, probe.ts: its bytes read plus written, not rotated; `case`
 * names it, `level` where its per-thread share fits).
 */
export interface Ceiling {
  readonly name: 'read_probe' | 'copy_probe' | 'cache_probe';
  /** 'start' and 'end' of a suite run; 'run' for a single bench */
  readonly when: 'start' | 'end' | 'run';
  readonly gbps: number;
  /** streamed in all: rotated copies of one chunk, one chunk per timed repeat */
  readonly bytes: number;
  readonly chunk_bytes: number;
  /** per chunk */
  readonly median_ms: number;
  readonly iqr_ms: number;
  /** bench bundles (export.ts): the probe runs in every round of every case; which round, which case id */
  readonly round?: number;
  readonly case?: string;
  /** cache_probe: the cache level its per-thread share of the bytes fits in (cpu0's /sys cache sizes) */
  readonly level?: 'L2' | 'L3' | 'DRAM' | null;
  /** cache_probe: the threads it ran on */
  readonly threads?: number;
}

/** A compute ceiling measured in the same run: the FMA-peak probe (probe.ts) on the run's threads. */
export interface ComputeCeiling {
  readonly name: 'fma_peak';
  readonly when: 'start' | 'end' | 'run';
  readonly gflops: number;
  /** the vectors and instructions it ran (the target's flags) */
  readonly isa: string;
  readonly threads: number;
  readonly flops_per_call: number;
  readonly median_ms: number;
  readonly iqr_ms: number;
}

export interface Protocol {
  /** CPU: timed milliseconds per implementation and case (0 for GPU-bundle runs: a fixed repeat count) */
  readonly min_time_ms: number;
  /** rounds of interleaving (1: implementations timed one after the other) */
  readonly rounds: number;
  /** timed repeats dropped per round */
  readonly discard: number;
  readonly statistic: 'median';
  readonly l3_bytes: number | null;
  /** false where implementations were timed one after another instead of interleaved (GPU bundle); absent: interleaved */
  readonly interleaved?: boolean;
  /** GPU bundle: timed repeats per implementation and case, each one replay of a CUDA graph over every copy */
  readonly repeats?: number;
  /** GPU bundle: untimed replays before the timed ones */
  readonly warmup?: number;
  /** GPU bundle: the inputs are rotated through copies totalling at least this many bytes */
  readonly rotate_bytes?: number;
  /** how the inputs were made where not by `seed` (GPU bundle: generated on the device) */
  readonly inputs?: string;
}

/** One implementation (kforge's kernel or a baseline) on one case, timed by the shared protocol. */
export interface Measurement {
  readonly impl: ImplName;
  readonly target: string;
  readonly executor: string;
  readonly executor_detail: string;
  readonly threads: number;
  readonly configuration: Readonly<Record<string, ParamValue>>;
  /** 'default': the target's defaults; 'given': --config; 'tuned': from the tuning database */
  readonly config_source: 'default' | 'given' | 'tuned';
  readonly source_sha256: string;
  readonly compiler: CompilerInfo | null;
  readonly correct: boolean;
  readonly nmse: number;
  readonly nmse_bound: number;
  readonly median_ms: number;
  readonly min_ms: number;
  readonly max_ms: number;
  readonly iqr_ms: number;
  readonly repeats: number;
  /** every timed repeat after the discarded warm-up, in milliseconds (compare tests on these) */
  readonly samples_ms: readonly number[];
  /** the bytes gbps counts: every input and output once, the buffers the op's bench hook names (attention: k and v, the KV cache), or what its countedBytes hook counts from the inputs (moe: the routed experts, the router, x and y) */
  readonly bytes_moved: number;
  readonly gbps: number;
  /** gbps over the run's read ceiling, or over the case's cache probe where `ceiling` says so */
  readonly fraction_of_ceiling: number;
  /** 'cache_probe': the case's inputs stayed in cache (residency 'cache') and fraction_of_ceiling is over its cache probe */
  readonly ceiling?: 'cache_probe';
  /** gflops over the run's FMA-peak probe, where one ran (compute-bound cases: the case's figure is 'gflops') */
  readonly fraction_of_fma_peak?: number;
  /** bench bundles: per round, this round's median bandwidth over the read probe's in the same round and case */
  readonly fractions_of_probe?: readonly number[];
  /** bench bundles: the median of fractions_of_probe */
  readonly fraction_of_probe?: number;
  readonly gflops: number;
  /** input copies cycled across timed repeats so the working set exceeds the last-level cache */
  readonly rotate: number;
  readonly working_set_bytes: number;
  /** bytes read before each timed repeat, untimed, to evict the caches (an op counting only the inputs it reads: moe's routed experts) */
  readonly flush_bytes?: number;
  /** CPU baselines: how its threads were set and placed (its own harness process) */
  readonly placement?: string;
  /** CPU baselines: the threads it was asked for (its label) */
  readonly threads_requested?: number;
  /** CPU baselines: process CPU time over wall time of its timed repeats (CLOCK_PROCESS_CPUTIME_ID around each) */
  readonly threads_used?: number;
  /** set where threads_used < 0.75 x threads_requested: 'openblas used 1.1 of 2 threads: comparison unreliable' */
  readonly threads_unreliable?: string;
}

export interface CaseResult {
  readonly id: string;
  readonly op: string;
  readonly layer: string;
  readonly phase: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  /** what the case is judged by: bandwidth ('gbps', against the read probe; absent means this) or the op's FLOPs over time ('gflops', against the FMA probe) */
  readonly figure?: 'gbps' | 'gflops';
  /** 'cache': inputs not rotated between timed repeats (the suite case's residency); absent: rotated past the last-level cache */
  readonly residency?: 'cache';
  /** how the outputs were checked: 'full' against the whole float64 reference, 'sampled' on the op's sampled rows (large cases) */
  readonly check?: 'full' | 'sampled';
  /** 'ok': checked and timed; otherwise the T4-style reason it was not timed */
  readonly status: 'ok' | 'skipped' | 'incorrect' | 'error';
  readonly reason: string | null;
  /** kforge first, then the baselines */
  readonly measurements: readonly Measurement[];
  /** os.loadavg() (1, 5, 15 minutes) just before and just after the case */
  readonly load_average?: { readonly before: readonly number[]; readonly after: readonly number[] };
  /** the 1-minute load average exceeded the cores before or after the case: its comparison is unreliable */
  readonly loaded?: boolean;
  /** baseline median over kforge median, per baseline (> 1: kforge is faster) */
  readonly speedup: Readonly<Partial<Record<ImplName, number>>>;
}

export interface BenchFile {
  readonly schema_version: typeof SCHEMA_VERSION;
  /** 'suite' from `kforge bench run`, 'single' from `kforge bench OP` */
  readonly kind: 'suite' | 'single';
  readonly suite: string | null;
  readonly target: string;
  readonly threads: number;
  readonly affinity: Affinity;
  readonly seed: number;
  readonly protocol: Protocol;
  readonly ceilings: readonly Ceiling[];
  /** the highest read ceiling measured in this run: fractions are taken against it */
  readonly ceiling_gbps: number;
  /** FMA-peak probes of this run (where a case's figure is 'gflops'); fraction_of_fma_peak is taken against the highest */
  readonly compute_ceilings?: readonly ComputeCeiling[];
  readonly fma_peak_gflops?: number;
  readonly provenance: Provenance;
  readonly results: readonly CaseResult[];
}

/** `kforge bench OP --json`: the kforge measurement's headline fields at the top, the full file below. */
export interface SingleSummary {
  readonly op: string;
  readonly target: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly median_ms: number;
  readonly spread: { readonly min_ms: number; readonly max_ms: number; readonly iqr_ms: number };
  readonly repeats: number;
  readonly bytes_moved: number;
  readonly gbps: number;
  readonly ceiling_gbps: number;
  readonly fraction_of_ceiling: number;
  readonly executor: string;
  readonly threads: number;
  readonly rotate: number;
  readonly configuration: Readonly<Record<string, ParamValue>>;
  readonly provenance: Provenance;
  readonly result: BenchFile;
}

/** Parse and check a results file written by kforge bench (either kind). */
export function parseBenchFile(text: string, where: string): BenchFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${where}: not JSON (${(e as Error).message})`);
  }
  const file = (raw as { result?: unknown }).result && (raw as { schema_version?: unknown }).schema_version === undefined ? (raw as { result: unknown }).result : raw;
  const f = file as Partial<BenchFile>;
  if (f.schema_version !== SCHEMA_VERSION) throw new InputError(`${where}: schema_version is ${JSON.stringify(f.schema_version)}, expected '${SCHEMA_VERSION}'`);
  if (!Array.isArray(f.results)) throw new InputError(`${where}: no results array`);
  return f as BenchFile;
}
