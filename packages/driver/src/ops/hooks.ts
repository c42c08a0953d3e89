/**
 * Per-op hooks: what the conformance matrix, the benchmarks (bench run/--export/--import) and the
 * GPU-machine flow (tools/gpu) need to know about an op beyond its definition (FLOPs are the
 * definition's `flops`, bytes moved the artifact's buffers). One file per op beside this one, one line
 * per op in the registry (index.ts).
 */
import { checkOutput, getOp, tensorFromBytes, tensorSignature, toFloat64, type KernelArithmetic, type OutputCheck, type Params, type Tensor } from '@kforge/ir';
import type { TargetName } from '@kforge/target';
import type { GeneratedInput } from '@kforge/exec';

export type MatrixLevel = 'ci' | 'full';

/** Which output elements a sampled check reads: indices along the op's sampled axis of one output. */
export interface OutputSample {
  /** the output tensor checked */
  readonly output: string;
  /** what an index counts, for messages (gemv: 'rows', of W and so of y) */
  readonly along: string;
  readonly indices: readonly number[];
}

export interface OpHooks {
  /** The conformance matrix's param sets on a target: shapes with tails for every tile. */
  conformanceParams(target: TargetName, level: MatrixLevel): Params[];
  /**
   * Further conformance shapes whose inputs are not plain random draws (MoE: router ties, every token on
   * one expert): each names a regime that `regimeInputs` applies to the drawn inputs.
   */
  conformanceRegimes?(target: TargetName, level: MatrixLevel): readonly RegimeShape[];
  /** the drawn inputs of a regime's case, reshaped (a new record; the drawn tensors may be reused) */
  regimeInputs?(regime: string, params: Params, inputs: Readonly<Record<string, Tensor>>): Record<string, Tensor>;
  /** the input tensors given a seed each (`inputSeeds`); the op derives the seeds of the rest from them */
  readonly seeded: readonly string[];
  /**
   * Per input buffer (the artifacts' names), how the machine that runs the kernel fills it: large
   * inputs are generated there (exec's generate.h) and regenerated here byte for byte (generatedBytes).
   */
  generatedInputs(params: Params, seeds: Readonly<Record<string, number>>): Record<string, GeneratedInput>;
  /** About `count` output elements to check, spread so that every block of a launch grid is met. */
  sample(params: Params, count: number): OutputSample;
  /** The float64 reference of the sampled elements from the generated inputs, in `pick`'s order. */
  sampledReference(params: Params, generated: Readonly<Record<string, GeneratedInput>>, sample: OutputSample): Float64Array;
  /** The kernel's sampled elements out of its whole output buffer (row-major, as the op's shape). */
  pick(params: Params, sample: OutputSample, output: ArrayLike<number>): number[];
  /** bench: the buffers a bandwidth figure counts (attention: the KV cache); absent: every input and output once */
  readonly bandwidthBuffers?: readonly string[];
  /** bench: what a case is judged by, bytes over time ('gbps', the default) or the op's flops over time ('gflops') */
  benchFigure?(params: Params): BenchFigure;
  /**
   * bench: the bytes a bandwidth figure counts when they depend on the inputs' values (moe: the
   * experts the routing picks), from the input buffers' bytes; such an op reads only part of its
   * inputs, so the bench evicts the caches before each timed call instead of rotating input copies
   */
  countedBytes?(params: Params, inputs: Readonly<Record<string, Uint8Array>>): number;
}

/** a conformance shape whose drawn inputs the op reshapes (`regimeInputs`) */
export interface RegimeShape {
  readonly params: Params;
  readonly regime: string;
}

/** bench: bandwidth against the read probe, or FLOP/s against the FMA probe */
export type BenchFigure = 'gbps' | 'gflops';

/** Indices spread over [0, n), first and last included (all of them when n <= count). */
export function spreadIndices(n: number, count: number): number[] {
  if (n <= count) return Array.from({ length: n }, (_, i) => i);
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round((i * (n - 1)) / (count - 1))))];
}

/** Seeds of an op's generated inputs: its i-th seeded tensor takes stream(i). */
export function inputSeeds(hooks: OpHooks, stream: (i: number) => number): Record<string, number> {
  return Object.fromEntries(hooks.seeded.map((name, i) => [name, stream(i)]));
}

/** An output of `op` as a kernel wrote it (its bytes), as numbers in the op's row-major order. */
export function outputValues(op: string, params: Params, name: string, bytes: Uint8Array): Float64Array {
  const t = tensorSignature(getOp(op), params).find((x) => x.name === name);
  if (!t) throw new Error(`${op} has no output '${name}'`);
  return toFloat64(tensorFromBytes(bytes, t.dtype, t.shape, name));
}

/** The sampled elements of a kernel's output against their float64 reference (`sampledReference`). */
export function checkSampledOutput(
  op: string, hooks: OpHooks, params: Params, sample: OutputSample, output: ArrayLike<number>, reference: Float64Array, arithmetic: KernelArithmetic,
): OutputCheck {
  const picked = hooks.pick(params, sample, output);
  const check = checkOutput(op, sample.output, picked, { shape: [picked.length], data: reference }, arithmetic);
  return { ...check, message: `${check.message} on ${sample.indices.length} sampled ${sample.along}` };
}
