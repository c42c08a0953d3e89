/**
 * The measurement protocol, one implementation for `kforge bench` and the tuner: a checked run
 * first (warm-up), then timed repeats until a minimum total time, the median and spread reported,
 * bandwidth as bytes moved over the median, beside the read ceiling measured by the probe in the
 * same run. Emulated executors never produce times.
 */
import type { KernelArtifact } from '@kforge/target';
import type { Executor, RunResult } from '@kforge/exec';
import { summarize, type Summary } from './stats.ts';
import { readProbeArtifact } from './probe.ts';

export interface MeasureOptions {
  /** keep repeating until the timed repeats add up to this much */
  readonly minTimeMs?: number;
  readonly minRepeats?: number;
  readonly maxRepeats?: number;
  /** timings dropped from the front (cache and frequency warm-up) */
  readonly discard?: number;
}

export interface Timing {
  readonly ms: Summary;
  readonly timingsMs: readonly number[];
  readonly result: RunResult;
}

const DEFAULTS = { minTimeMs: 300, minRepeats: 10, maxRepeats: 400, discard: 2 };

export async function timeArtifact(executor: Executor, artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>, o: MeasureOptions = {}): Promise<Timing> {
  const opt = { ...DEFAULTS, ...o };
  const probe = await executor.probe();
  if (probe.mode !== 'native' && probe.mode !== 'gpu') {
    throw new Error(`refusing to time ${artifact.op} on ${artifact.target}: executor ${executor.name} is ${probe.mode}, its times say nothing about the device`);
  }
  const calibration = await executor.run({ artifact, inputs, timedRepeats: 3 });
  const perRun = Math.max(1e-6, summarize(calibration.timingsNs!.map((t) => t / 1e6)).median);
  const repeats = Math.min(opt.maxRepeats, Math.max(opt.minRepeats, Math.ceil(opt.minTimeMs / perRun))) + opt.discard;
  const result = await executor.run({ artifact, inputs, timedRepeats: repeats });
  const timingsMs = result.timingsNs!.slice(opt.discard).map((t) => t / 1e6);
  return { ms: summarize(timingsMs), timingsMs, result };
}

/** Bytes a kernel must move at least: every input read once, every output written once. */
export function bytesMoved(artifact: KernelArtifact): number {
  return artifact.buffers.filter((b) => b.role !== 'scratch').reduce((s, b) => s + b.bytes, 0);
}

/** Read bandwidth in GB/s measured now with the probe (1 GiB unless told otherwise). */
export async function measureReadCeiling(executor: Executor, artifact: KernelArtifact, bytes = 1 << 30): Promise<{ gbps: number; ms: Summary }> {
  const probe = readProbeArtifact(artifact.target, bytes, artifact.threads ?? 0);
  const buf = new Uint8Array(probe.buffers[0]!.bytes);
  new Float32Array(buf.buffer).fill(1);
  const t = await timeArtifact(executor, probe, { buf }, { minTimeMs: 500, minRepeats: 5, maxRepeats: 50 });
  return { gbps: probe.buffers[0]!.bytes / (t.ms.median * 1e6), ms: t.ms };
}
