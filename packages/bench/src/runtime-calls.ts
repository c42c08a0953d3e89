/**
 * Timing of calls through the runtime library's Node binding (`KforgeLibrary.gemv` of
 * @kforge/runtime), two numbers kept apart (issue 20 item 4):
 * - the kernel's time (kernel_*): each call timed in C around kf_call by the binding (its `seconds`),
 *   inputs cycled through copies past the last-level cache, with measure.ts's warm-up, discard and
 *   repeat rule, so it is comparable with `kforge bench` and `kforge tune` (the C harness);
 * - the binding's overhead per call (overhead_ms): benchmark.js's mean per call minus the C-timed mean
 *   of the same calls. median_ms/mean_ms stay benchmark.js's per call (same buffers every call, so
 *   from cache for small shapes): what an application calling from Node pays.
 * Each call is checked against the float64 reference before it is timed.
 */
import Benchmark from 'benchmark';
import { CheckError, checkOutput, getOp, randomInputs, resolveParams, type Params } from '@kforge/ir';
import type { GemvCall, GemvBuffers } from '@kforge/runtime';
import { summarize } from './stats.ts';
import { MEASURE_DEFAULTS, rotationCopies } from './measure.ts';
import { lastLevelCacheBytes } from './provenance.ts';
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
  /** the kernel alone: median (and iqr) of calls timed in C around kf_call, inputs rotated past the LLC */
  readonly kernel_median_ms: number;
  readonly kernel_iqr_ms: number;
  readonly kernel_samples_ms: readonly number[];
  /** input copies the kernel timing cycled through (1: none) */
  readonly kernel_rotate: number;
  readonly kernel_gbps: number;
  /** C-timed mean of the benchmark.js calls (same buffers every call) */
  readonly call_c_mean_ms: number;
  /** what the binding adds per call (JS checks, marshalling, N-API): mean_ms - call_c_mean_ms */
  readonly overhead_ms: number;
}

export interface RuntimeTimingOptions {
  readonly seed?: number;
  readonly maxTimeS?: number;
  readonly minSamples?: number;
  /** kernel timing: the measure.ts protocol's (MEASURE_DEFAULTS) unless told */
  readonly minTimeMs?: number;
  /** input copies for the kernel timing (default: past twice the last-level cache, as bench and tune) */
  readonly rotate?: number;
}

export function timeRuntimeGemv(lib: GemvLibrary, rawParams: Record<string, unknown>, o: RuntimeTimingOptions = {}): RuntimeCallTiming {
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

  const bytes = Object.values(inputs).reduce((sum, t) => sum + t.data.byteLength, 0) + y.byteLength;
  const kernel = timeKernel(lib, format, act, [M, N, K], buffers, bytes - y.byteLength, what, o);

  let status = 0;
  let cSeconds = 0;
  let calls = 0;
  const bench = new Benchmark(what, () => {
    const r = lib.gemv(format, act, M, N, K, buffers);
    status ||= r.status;
    cSeconds += r.seconds;
    calls++;
  }, { maxTime: o.maxTimeS ?? 1, minSamples: o.minSamples ?? 20 });
  bench.run({ async: false });
  if (bench.error) throw bench.error;
  if (status !== 0) throw new CheckError(`${what}: a timed call returned status ${status}`);
  const samplesMs = bench.stats.sample.map((s) => s * 1e3);
  const s = summarize(samplesMs);
  const meanMs = bench.stats.mean * 1e3;
  const cMeanMs = calls ? (cSeconds * 1e3) / calls : 0;
  return {
    params, nmse: check.nmse, kernel: first.info?.kernel ?? null, tuned: first.info?.tuned ?? false,
    median_ms: s.median, iqr_ms: s.iqr, mean_ms: meanMs, rme_percent: bench.stats.rme,
    samples_ms: samplesMs, bytes_moved: bytes, gbps: bytes / (s.median * 1e6),
    kernel_median_ms: kernel.ms.median, kernel_iqr_ms: kernel.ms.iqr, kernel_samples_ms: kernel.samplesMs.map((v) => Number(v.toPrecision(4))),
    kernel_rotate: kernel.copies, kernel_gbps: bytes / (kernel.ms.median * 1e6),
    call_c_mean_ms: cMeanMs, overhead_ms: meanMs - cMeanMs,
  };
}

/**
 * The kernel's time by the measure.ts protocol: the checked call was the warm-up; then single calls,
 * each timed in C (`seconds`), over `copies` rotated input copies (y shared, as the harness does),
 * until minRepeats and minTimeMs are reached (at most maxRepeats), the first `discard` dropped.
 */
function timeKernel(
  lib: GemvLibrary, format: WeightFormatName, act: 'f32' | 'f16', [M, N, K]: readonly number[], b: GemvBuffers, inputBytes: number, what: string, o: RuntimeTimingOptions,
): { ms: ReturnType<typeof summarize>; samplesMs: number[]; copies: number } {
  const { minRepeats, maxRepeats, discard } = MEASURE_DEFAULTS;
  const minTimeMs = o.minTimeMs ?? MEASURE_DEFAULTS.minTimeMs;
  const copies = Math.max(1, Math.floor(o.rotate ?? rotationCopies(inputBytes, lastLevelCacheBytes() ?? 0)));
  type Inputs = Omit<GemvBuffers, 'y'>;
  const copy = <T extends ArrayBufferView | undefined>(v: T): T => (v ? (new (v.constructor as new (a: ArrayLike<number>) => ArrayBufferView)(v as unknown as ArrayLike<number>) as T) : v);
  const sets: Inputs[] = [b];
  for (let i = 1; i < copies; i++) {
    sets.push({ x: copy(b.x), W: copy(b.W),
      ...(b.W_scale ? { W_scale: copy(b.W_scale) } : {}), ...(b.W_min ? { W_min: copy(b.W_min) } : {}), ...(b.bias ? { bias: copy(b.bias) } : {}) });
  }
  const samplesMs: number[] = [];
  let total = 0;
  for (let i = 0; i < maxRepeats + discard && (i < minRepeats + discard || total < minTimeMs); i++) {
    const r = lib.gemv(format, act, M!, N!, K!, { ...sets[i % copies]!, y: b.y });
    if (r.status !== 0) throw new CheckError(`${what}: a timed call returned status ${r.status}`);
    const ms = r.seconds * 1e3;
    if (i >= discard) {
      samplesMs.push(ms);
      total += ms;
    }
  }
  return { ms: summarize(samplesMs), samplesMs, copies };
}
