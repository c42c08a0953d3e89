/**
 * JavaScript-side timing of calls through the runtime library's Node binding (`KforgeLibrary.gemv`
 * of @kforge/runtime), with benchmark.js: what an application embedding kforge in Node pays per
 * call, binding and dispatch included. Kernel-only times come from the C harness (measure.ts).
 * Each call is checked against the float64 reference before it is timed.
 */
import Benchmark from 'benchmark';
import { CheckError, checkOutput, getOp, randomInputs, resolveParams, type Params } from '@kforge/ir';
import type { GemvCall, GemvBuffers } from '@kforge/runtime';
import { summarize } from './stats.ts';
import type { WeightFormatName } from '@kforge/ir';

/** The binding's gemv (KforgeLibrary satisfies it; tests pass a JavaScript stand-in). */
export interface GemvLibrary {
  gemv(format: WeightFormatName, act: 'f32' | 'f16', M: number, N: number, K: number, b: GemvBuffers, repeats?: number): GemvCall;
}

export interface RuntimeCallTiming {
  readonly params: Params;
  readonly nmse: number;
  /** the kernel the library dispatched to, and whether its config was tuned */
  readonly kernel: string | null;
  readonly tuned: boolean;
  readonly median_ms: number;
  readonly iqr_ms: number;
  /** benchmark.js: mean and relative margin of error (percent) */
  readonly mean_ms: number;
  readonly rme_percent: number;
  /** milliseconds per call of each benchmark.js sample */
  readonly samples_ms: readonly number[];
  readonly bytes_moved: number;
  readonly gbps: number;
}

export function timeRuntimeGemv(lib: GemvLibrary, rawParams: Record<string, unknown>, o: { seed?: number; maxTimeS?: number; minSamples?: number } = {}): RuntimeCallTiming {
  const op = getOp('gemv');
  const params = resolveParams(op, rawParams);
  const { M, N, K } = params as Record<string, number>;
  const format = params.weight as WeightFormatName;
  const act = params.act as 'f32' | 'f16';
  const inputs = randomInputs(op, params, o.seed ?? 1);
  const y = new Float32Array(M * N);
  const buffers: GemvBuffers = {
    x: inputs.x!.data as Float32Array | Uint16Array, W: inputs.W!.data, y,
    ...(inputs.W_scale ? { W_scale: inputs.W_scale.data as Uint16Array } : {}),
    ...(inputs.W_min ? { W_min: inputs.W_min.data as Uint16Array } : {}),
    ...(inputs.bias ? { bias: inputs.bias.data as Float32Array } : {}),
  };
  const what = `runtime gemv ${JSON.stringify(params)}`;
  const first = lib.gemv(format, act, M, N, K, buffers);
  if (first.status !== 0) throw new CheckError(`${what}: the library returned status ${first.status}`);
  const arithmetic = first.info?.config.dot_path === 'int8' ? 'int8-activations' : 'f32';
  const check = checkOutput('gemv', 'y', y, op.reference(params, inputs).y!, arithmetic);
  if (!check.ok) throw new CheckError(`${what}: ${check.message}`);

  let status = 0;
  const bench = new Benchmark(what, () => {
    status ||= lib.gemv(format, act, M, N, K, buffers).status;
  }, { maxTime: o.maxTimeS ?? 1, minSamples: o.minSamples ?? 20 });
  bench.run({ async: false });
  if (bench.error) throw bench.error;
  if (status !== 0) throw new CheckError(`${what}: a timed call returned status ${status}`);
  const samplesMs = bench.stats.sample.map((s) => s * 1e3);
  const s = summarize(samplesMs);
  const bytes = Object.values(inputs).reduce((sum, t) => sum + t.data.byteLength, 0) + y.byteLength;
  return {
    params, nmse: check.nmse, kernel: first.info?.kernel ?? null, tuned: first.info?.tuned ?? false,
    median_ms: s.median, iqr_ms: s.iqr, mean_ms: bench.stats.mean * 1e3, rme_percent: bench.stats.rme,
    samples_ms: samplesMs, bytes_moved: bytes, gbps: bytes / (s.median * 1e6),
  };
}
