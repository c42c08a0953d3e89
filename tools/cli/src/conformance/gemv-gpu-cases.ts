/**
 * End-to-end gemv on the GPU-class targets that execute here: emit with @kforge/codegen-gpu, run on
 * the target's executor, compare with the float64 reference of the op definition.
 */
import { GEMV, Rng, checkOutput, f32ToF16Bits, quantizeWeight, tensorBytes, type KernelArithmetic, type Tensor, type WeightFormatName } from '@kforge/ir';
import type { ParamValue } from '@kforge/ir';
import { emitGemvGpu, type GpuTarget } from '@kforge/codegen-gpu';
import type { Executor } from '@kforge/exec';

export interface GemvGpuCase {
  readonly M: number;
  readonly N: number;
  readonly K: number;
  readonly weight: WeightFormatName;
  readonly act: 'f32' | 'f16';
  readonly bias: boolean;
}

export interface GemvGpuOutcome {
  readonly ok: boolean;
  readonly nmse: number;
  readonly message: string;
  /** the output as computed, to compare variants bit for bit */
  readonly y: Float32Array;
}

function inputsFor(c: GemvGpuCase, seed: number): Record<string, Tensor> {
  const rng = new Rng(seed, `${c.weight}/${c.act}/${c.M}x${c.N}x${c.K}`);
  const uniform = (n: number, scale: number) => Float32Array.from({ length: n }, () => (rng.uniform() * 2 - 1) * scale);
  const xValues = uniform(c.M * c.K, 1);
  const x: Tensor = c.act === 'f32'
    ? { dtype: 'f32', shape: [c.M, c.K], data: xValues }
    : { dtype: 'f16', shape: [c.M, c.K], data: Uint16Array.from(xValues, (v) => f32ToF16Bits(v)) };
  const w = quantizeWeight(c.weight, 'W', uniform(c.N * c.K, 1 / Math.sqrt(c.K)), [c.N, c.K]);
  const out: Record<string, Tensor> = { x, ...w };
  if (c.bias) out.bias = { dtype: 'f32', shape: [c.N], data: uniform(c.N, 1) };
  return out;
}

export function arithmeticOf(c: GemvGpuCase): KernelArithmetic {
  return c.act === 'f16' || c.weight !== 'f32' ? 'half' : 'f32';
}

export async function runGemvGpuCase(
  target: GpuTarget, executor: Executor, c: GemvGpuCase, config: Readonly<Record<string, ParamValue>> = {}, seed = 7,
): Promise<GemvGpuOutcome> {
  const params = { M: c.M, N: c.N, K: c.K, weight: c.weight, act: c.act, bias: c.bias };
  const artifact = emitGemvGpu(target, params, config);
  const inputs = inputsFor(c, seed);
  const bytes: Record<string, Uint8Array> = {};
  for (const b of artifact.buffers) if (b.role === 'in') bytes[b.name] = tensorBytes(inputs[b.name]!);
  const result = await executor.run({ artifact, inputs: bytes });
  const raw = result.outputs.y!;
  const y = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
  const ref = GEMV.reference(params, inputs).y!;
  // the int8 dot path declares its own (looser) bound: activations rounded to int8 per block
  const check = checkOutput('gemv', 'y', y, ref, artifact.arithmetic === 'int8-activations' ? artifact.arithmetic : arithmeticOf(c));
  return { ok: check.ok, nmse: check.nmse, y, message: `gemv ${target} ${JSON.stringify(params)} config ${JSON.stringify(artifact.config)} on ${result.detail}: ${check.message}` };
}
