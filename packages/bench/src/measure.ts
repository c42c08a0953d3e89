/**
 * The measurement protocol, one implementation for `kforge bench` and the tuner: a checked run
 * first (warm-up), then timed repeats until a minimum total time, the median and spread reported,
 * bandwidth as bytes moved over the median, beside the streaming-read reference measured by the
 * probe in the same run (a reference the kernels are compared with, not a proven bound: probe.ts). Emulated executors never produce times.
 */
import { bytesOfRoles, sizedBuffers, type KernelArtifact, type TargetName } from '@kforge/target';
import type { Executor, RunResult } from '@kforge/exec';
import { availableParallelism } from 'node:os';
import { summarize, type Summary } from './stats.ts';
import { cacheProbeArtifact, fmaProbeArtifact, fmaProbeIsa, readProbeArtifact } from './probe.ts';
import { pinThreads } from './provenance.ts';

export interface MeasureOptions {
  /** keep repeating until the timed repeats add up to this much */
  readonly minTimeMs?: number;
  readonly minRepeats?: number;
  readonly maxRepeats?: number;
  /** timings dropped from the front (cache and frequency warm-up) */
  readonly discard?: number;
  /** input copies cycled across timed repeats (RunRequest.rotate), so small shapes are not timed from cache */
  readonly rotate?: number;
  /** bytes read from a buffer of the harness's own before each timed repeat, untimed (RunRequest.flushBytes) */
  readonly flushBytes?: number;
  /** build folder kept across calls, so repeated measurements of one artifact compile once */
  readonly workDir?: string;
}

export interface Timing {
  readonly ms: Summary;
  readonly timingsMs: readonly number[];
  readonly result: RunResult;
  /** input copies the executor actually cycled through (1: none) */
  readonly rotatedCopies: number;
  /** bytes read before each timed repeat to evict the caches (0: none) */
  readonly flushedBytes?: number;
}

/** the protocol's defaults, also baked into exported bundles (export.ts) */
export const MEASURE_DEFAULTS = { minTimeMs: 300, minRepeats: 10, maxRepeats: 400, discard: 2, rounds: 3 } as const;

/** the read probe's: one chunk per timed repeat, at least one pass over every copy, at most four */
export const PROBE_DEFAULTS = { chunkBytes: 8 << 20, minTimeMs: 500, maxPassesOverCopies: 4 } as const;

export async function timeArtifact(executor: Executor, artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>, o: MeasureOptions = {}): Promise<Timing> {
  const opt = { ...MEASURE_DEFAULTS, ...o };
  // one thread environment for every caller (bench, tune, the probe): a harness started without a
  // thread count (threads 0) inherits this placement instead of OpenMP's unpinned default, whose
  // descheduled threads stall a short kernel's samples under load (docs/results/2026-12-01-timing-truth)
  pinThreads();
  const probe = await executor.probe();
  if (probe.mode !== 'native' && probe.mode !== 'gpu') {
    throw new Error(`refusing to time ${artifact.op} on ${artifact.target}: executor ${executor.name} is ${probe.mode}, its times say nothing about the device`);
  }
  const shared = { artifact, inputs, ...(o.rotate ? { rotate: o.rotate } : {}), ...(o.flushBytes ? { flushBytes: o.flushBytes } : {}), ...(o.workDir ? { workDir: o.workDir } : {}) };
  const calibration = await executor.run({ ...shared, timedRepeats: 3 });
  const perRun = Math.max(1e-6, summarize(calibration.timingsNs!.map((t) => t / 1e6)).median);
  const repeats = Math.min(opt.maxRepeats, Math.max(opt.minRepeats, Math.ceil(opt.minTimeMs / perRun))) + opt.discard;
  const result = await executor.run({ ...shared, timedRepeats: repeats });
  const timingsMs = result.timingsNs!.slice(opt.discard).map((t) => t / 1e6);
  return { ms: summarize(timingsMs), timingsMs, result, rotatedCopies: result.rotatedCopies ?? 1, ...(o.flushBytes ? { flushedBytes: o.flushBytes } : {}) };
}

export interface Contestant {
  readonly artifact: KernelArtifact;
  readonly inputs: Readonly<Record<string, Uint8Array>>;
  /** per-contestant overrides (e.g. its own rotation count) */
  readonly options?: MeasureOptions;
}

/**
 * Interleaved A/B(/C...) timing: `rounds` rounds, each timing every contestant for 1/rounds of the
 * budget, the starting contestant rotating per round, so drift (frequency, other load) hits all
 * alike. Returns one Timing per contestant over the timings of all its rounds.
 */
export async function timeInterleaved(executor: Executor, contestants: readonly Contestant[], o: MeasureOptions & { readonly rounds?: number } = {}): Promise<Timing[]> {
  const rounds = Math.max(1, o.rounds ?? MEASURE_DEFAULTS.rounds);
  const opt = { ...MEASURE_DEFAULTS, ...o };
  const perRound: MeasureOptions = {
    ...o,
    minTimeMs: opt.minTimeMs / rounds,
    minRepeats: Math.ceil(opt.minRepeats / rounds),
    maxRepeats: Math.ceil(opt.maxRepeats / rounds),
  };
  const parts: Timing[][] = contestants.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < contestants.length; j++) {
      const i = (r + j) % contestants.length;
      const c = contestants[i]!;
      parts[i]!.push(await timeArtifact(executor, c.artifact, c.inputs, { ...perRound, ...c.options }));
    }
  }
  return parts.map((ts) => {
    const timingsMs = ts.flatMap((t) => t.timingsMs);
    const last = ts[ts.length - 1]!;
    return { ms: summarize(timingsMs), timingsMs, result: last.result, rotatedCopies: Math.min(...ts.map((t) => t.rotatedCopies)), ...(last.flushedBytes ? { flushedBytes: last.flushedBytes } : {}) };
  });
}

/**
 * How many input copies to cycle so that one pass over them is at least twice the last-level cache
 * (at most `maxCopies`): 1 when the inputs alone are already that large.
 */
export function rotationCopies(inputBytes: number, cacheBytes: number, maxCopies = 1 << 16): number {
  if (inputBytes <= 0) return 1;
  return Math.max(1, Math.min(maxCopies, Math.ceil((2 * cacheBytes) / inputBytes)));
}

/** Bytes a kernel must move at least: every input read once, every output written once. */
export function bytesMoved(artifact: KernelArtifact): number {
  return bytesOfRoles(artifact, ['in', 'out']);
}

/**
 * Read bandwidth in GB/s measured now with the probe: `bytes` in all (1 GiB unless told otherwise),
 * as rotated copies of a `chunkBytes` buffer, each timed repeat streaming one copy. Every repeat
 * reads memory the previous ones evicted, like a kernel whose inputs are rotated, and stays short
 * (about a millisecond), so on a shared machine time slicing hits a few samples, not the median.
 */
export async function measureReadCeiling(
  executor: Executor, artifact: KernelArtifact, bytes = 1 << 30, workDir?: string, chunkBytes: number = PROBE_DEFAULTS.chunkBytes,
): Promise<{ gbps: number; ms: Summary; chunkBytes: number; copies: number }> {
  // the kernel's thread count; its 0 (OpenMP's default) is one thread per core, said as the number
  const probe = readProbeArtifact(artifact.target, Math.min(bytes, chunkBytes), artifact.threads || availableParallelism());
  const chunk = sizedBuffers(probe)[0]!.bytes;
  const copies = Math.max(1, Math.round(bytes / chunk));
  const buf = new Uint8Array(chunk);
  new Float32Array(buf.buffer).fill(1);
  const t = await timeArtifact(executor, probe, { buf }, {
    minTimeMs: PROBE_DEFAULTS.minTimeMs, minRepeats: copies, maxRepeats: PROBE_DEFAULTS.maxPassesOverCopies * copies, rotate: copies, ...(workDir ? { workDir } : {}),
  });
  return { gbps: chunk / (t.ms.median * 1e6), ms: t.ms, chunkBytes: chunk, copies: t.rotatedCopies };
}

/**
 * FMA throughput in GFLOP/s measured now with the FMA probe on `threads` threads (0: one per core),
 * through the same executor: the FLOPs one call did (the probe reports them) over its median time.
 */
export async function measureFmaPeak(
  executor: Executor, target: TargetName, threads: number, workDir?: string, minTimeMs = 300,
): Promise<{ gflops: number; ms: Summary; flopsPerCall: number; lanes: number; isa: string; threads: number }> {
  const t0 = threads || availableParallelism();
  const probe = fmaProbeArtifact(target, t0);
  const t = await timeArtifact(executor, probe, {}, { minTimeMs, minRepeats: 10, maxRepeats: 200, ...(workDir ? { workDir } : {}) });
  const out = new Float32Array(t.result.outputs.out!.slice().buffer);
  const flops = out[0]!;
  return { gflops: flops / (t.ms.median * 1e6), ms: t.ms, flopsPerCall: flops, lanes: out[1]!, isa: fmaProbeIsa(target), threads: t0 };
}

/** the cache probe's: its calls are microseconds long, so many repeats within a short budget */
export const CACHE_PROBE_DEFAULTS = { minTimeMs: 150, minRepeats: 50, maxRepeats: 4000, discard: 5 } as const;

/**
 * Read-plus-write bandwidth in GB/s of a working set of `bytes` read and `bytes` written per call,
 * left in cache across the timed repeats (the cache probe, probe.ts), on `threads` threads (0: one
 * per core), through the same executor: what a case whose state stays in cache is judged against.
 */
export async function measureCacheCeiling(
  executor: Executor, target: TargetName, bytes: number, threads: number, workDir?: string,
): Promise<{ gbps: number; ms: Summary; bytesPerCall: number; threads: number }> {
  const t0 = threads || availableParallelism();
  const probe = cacheProbeArtifact(target, bytes, t0);
  const src = new Uint8Array(sizedBuffers(probe)[0]!.bytes);
  new Float32Array(src.buffer).fill(1);
  const t = await timeArtifact(executor, probe, { src }, { ...CACHE_PROBE_DEFAULTS, ...(workDir ? { workDir } : {}) });
  const perCall = 2 * src.byteLength;
  return { gbps: perCall / (t.ms.median * 1e6), ms: t.ms, bytesPerCall: perCall, threads: t0 };
}
