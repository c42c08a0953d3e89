/** gemv's hooks: conformance shapes, the fills of its generated inputs, and its check on sampled rows of y. */
import {
  DTYPES, FORMATS, getOp, storedWeightTensors, tensorFromBytes, WEIGHT_FORMAT_NAMES,
  type Params, type Tensor, type WeightFormatName,
} from '@kforge/ir';
import { TARGETS, type TargetName } from '@kforge/target';
import { gemvGeneratedInputs, generatedBytes } from '@kforge/exec';
import { spreadIndices, type MatrixLevel, type OpHooks } from './hooks.ts';

/** GPU-class targets must cover at least these formats (issue 3); CPU targets, and 'full' everywhere, cover all. */
const GPU_FORMATS = ['f32', 'f16', 'q8_0', 'q4_0', 'w4g64', 'w4g128'];

/**
 * M = 1, 3 and 16; N = 37 (a tail for every tile); K of one block and of thousands.
 * 'ci' samples act/bias per shape; 'full' takes every combination.
 */
function conformanceParams(target: TargetName, level: MatrixLevel): Params[] {
  const formats = TARGETS[target].class === 'simt' && level === 'ci' ? GPU_FORMATS : WEIGHT_FORMAT_NAMES;
  const out: Params[] = [];
  for (const weight of formats) {
    const format = FORMATS[weight as WeightFormatName];
    // dense K takes any size: odd ones leave a tail in every vector loop; block formats need whole blocks
    const shapes: [number, number, number][] = format.kind === 'dense'
      ? [[1, 37, 33], [3, 37, 2051], [16, 37, 259]]
      : [[1, 37, format.block], [3, 37, 2048], [16, 37, 256]];
    shapes.forEach(([M, N, K], i) => {
      const combos = level === 'full'
        ? [['f32', false], ['f32', true], ['f16', false], ['f16', true]] as const
        : [[i % 2 ? 'f16' : 'f32', i !== 1]] as const;
      for (const [act, bias] of combos) out.push({ M, N, K, weight, act, bias });
    });
  }
  return out;
}

export const GEMV_HOOKS: OpHooks = {
  conformanceParams,
  // W's stored parts and bias take W's seed + 1, 2, 3 (exec's gemvGeneratedInputs)
  seeded: ['x', 'W'],
  generatedInputs: (params, seeds) => gemvGeneratedInputs(params, { x: seeds.x!, W: seeds.W! }),
  sample: (params, count) => ({ output: 'y', along: 'rows', indices: spreadIndices(Number(params.N), count) }),
  // y [M, rows] from x and only the sampled rows of W (and bias), regenerated as the device made them
  sampledReference(params, generated, sample) {
    const [M, N, K] = [Number(params.M), Number(params.N), Number(params.K)];
    const rows = sample.indices;
    const inputs: Record<string, Tensor> = {};
    const act = params.act === 'f16' ? 'f16' : 'f32';
    inputs.x = tensorFromBytes(generatedBytes(generated.x!, 0, M * K * DTYPES[act].bytes), act, [M, K], 'x');
    for (const s of storedWeightTensors(params.weight as WeightFormatName, 'W', [N, K])) {
      const rowBytes = s.shape[1]! * DTYPES[s.dtype].bytes;
      const bytes = new Uint8Array(rows.length * rowBytes);
      rows.forEach((r, i) => bytes.set(generatedBytes(generated[s.name]!, r * rowBytes, rowBytes), i * rowBytes));
      inputs[s.name] = tensorFromBytes(bytes, s.dtype, [rows.length, s.shape[1]!], s.name);
    }
    if (params.bias === true) {
      const all = tensorFromBytes(generatedBytes(generated.bias!, 0, N * 4), 'f32', [N], 'bias');
      inputs.bias = { ...all, shape: [rows.length], data: Float32Array.from(rows, (r) => all.data[r] as number) } as Tensor;
    }
    return getOp('gemv').reference({ ...params, N: rows.length }, inputs).y!.data;
  },
  pick(params, sample, y) {
    const [M, N] = [Number(params.M), Number(params.N)];
    const out: number[] = [];
    for (let m = 0; m < M; m++) for (const r of sample.indices) out.push(y[m * N + r]!);
    return out;
  },
};
