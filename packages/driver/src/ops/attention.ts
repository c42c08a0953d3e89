/**
 * attention's hooks: conformance shapes (every mask, group ratio and tail), the fills of its generated
 * inputs, and its check on sampled query rows of o.
 */
import { DTYPES, getOp, storedWeightTensors, tensorFromBytes, type Params, type Tensor, type WeightFormatName } from '@kforge/ir';
import type { TargetName } from '@kforge/target';
import { attentionGeneratedInputs, generatedBytes } from '@kforge/exec';
import { spreadIndices, type MatrixLevel, type OpHooks } from './hooks.ts';

type Shape = Omit<Params, 'kv'> & { readonly kv?: string };

/**
 * Decode (Sq = 1) and prefill (Sq = Skv) and chunked prefill (Sq < Skv); MHA, GQA 2/8, MQA; Skv = 1;
 * window 1 and windows that leave whole kv tiles masked on both sides; D and Dv up to 256, not powers of
 * two; odd Sq and Skv (a tail for every tile); a given scale. Each shape names its kv storage ('ci');
 * 'full' runs every shape in each storage it admits (q8_0 needs D and Dv multiples of 32).
 */
const SHAPES: readonly Shape[] = [
  { B: 1, Hq: 4, Hkv: 4, Sq: 1, Skv: 37, D: 64, kv: 'f32' },
  { B: 2, Hq: 16, Hkv: 2, Sq: 1, Skv: 300, D: 128, kv: 'f16' },
  { B: 1, Hq: 8, Hkv: 1, Sq: 1, Skv: 1, D: 80, kv: 'f32' },
  { B: 1, Hq: 4, Hkv: 2, Sq: 1, Skv: 133, D: 96, Dv: 64, window: 50, kv: 'q8_0' },
  { B: 1, Hq: 8, Hkv: 1, Sq: 1, Skv: 517, D: 128, kv: 'q8_0' },
  { B: 1, Hq: 4, Hkv: 2, Sq: 45, Skv: 45, D: 64, causal: true, kv: 'f32' },
  { B: 2, Hq: 2, Hkv: 1, Sq: 19, Skv: 83, D: 40, Dv: 24, causal: true, kv: 'f16' },
  { B: 1, Hq: 8, Hkv: 1, Sq: 33, Skv: 70, D: 32, causal: true, window: 7, kv: 'q8_0' },
  { B: 1, Hq: 3, Hkv: 3, Sq: 5, Skv: 29, D: 256, Dv: 200, scale: 0.3, kv: 'f16' },
  { B: 1, Hq: 2, Hkv: 2, Sq: 6, Skv: 9, D: 16, causal: true, window: 1, kv: 'f32' },
  { B: 1, Hq: 2, Hkv: 1, Sq: 130, Skv: 130, D: 48, causal: true, window: 20, kv: 'f32' },
  { B: 1, Hq: 4, Hkv: 1, Sq: 3, Skv: 50, D: 72, window: 10, kv: 'f16' },
];

const KV_STORAGES = ['f32', 'f16', 'q8_0'] as const;

function conformanceParams(_target: TargetName, level: MatrixLevel): Params[] {
  if (level === 'ci') return SHAPES.map((s) => ({ ...s }) as Params);
  return SHAPES.flatMap((s) => KV_STORAGES
    .filter((kv) => kv !== 'q8_0' || (Number(s.D) % 32 === 0 && Number(s.Dv ?? s.D) % 32 === 0))
    .map((kv) => ({ ...s, kv }) as Params));
}

/** the sampled rows: flat query rows (b, h, i) of o [B, Hq, Sq, Dv] */
const queryRows = (p: Params): number => Number(p.B) * Number(p.Hq) * Number(p.Sq);

export const ATTENTION_HOOKS: OpHooks = {
  conformanceParams,
  seeded: ['q', 'k'],
  generatedInputs: (params, seeds) => attentionGeneratedInputs(params, { q: seeds.q!, k: seeds.k! }),
  sample: (params, count) => ({ output: 'o', along: 'query rows', indices: spreadIndices(queryRows(params), count) }),
  // each sampled row against the keys it sees: its (b, kv head) slice of k and v over [first, last], regenerated
  // as the device made them, as one unmasked decode row (the same function at a fraction of the cost)
  sampledReference(params, generated, sample) {
    const [Hq, Hkv, Sq, Skv, D, Dv, window] = ['Hq', 'Hkv', 'Sq', 'Skv', 'D', 'Dv', 'window'].map((n) => Number(params[n])) as number[];
    const kv = params.kv as WeightFormatName;
    const op = getOp('attention');
    const out = new Float64Array(sample.indices.length * Dv!);
    const keys = (name: 'k' | 'v', width: number, b: number, h: number, first: number, count: number): Tensor => {
      const [s] = storedWeightTensors(kv, name, [1, 1, count, width]);
      const rowBytes = s!.shape[3]! * DTYPES[s!.dtype].bytes;
      const at = ((b * Hkv! + h) * Skv! + first) * rowBytes;
      return tensorFromBytes(generatedBytes(generated[name]!, at, count * rowBytes), s!.dtype, s!.shape, name);
    };
    sample.indices.forEach((row, n) => {
      const p = Skv! - Sq! + (row % Sq!);
      const h = Math.floor(row / Sq!) % Hq!;
      const b = Math.floor(row / (Sq! * Hq!));
      const first = window! > 0 ? Math.max(0, p - window! + 1) : 0;
      const count = (params.causal ? p : Skv! - 1) - first + 1;
      const kvHead = Math.floor(h / (Hq! / Hkv!));
      const q = tensorFromBytes(generatedBytes(generated.q!, row * D! * 4, D! * 4), 'f32', [1, 1, 1, D!], 'q');
      const inputs = { q, k: keys('k', D!, b, kvHead, first, count), v: keys('v', Dv!, b, kvHead, first, count) };
      const seen = { ...params, B: 1, Hq: 1, Hkv: 1, Sq: 1, Skv: count, causal: false, window: 0 };
      out.set(op.reference(seen, inputs).o!.data, n * Dv!);
    });
    return out;
  },
  // bench: decode streams the KV cache (GB/s over k and v); prefill is compute (the op's flops over time)
  bandwidthBuffers: ['k', 'v'],
  benchFigure: (params) => (Number(params.Sq) === 1 ? 'gbps' : 'gflops'),
  pick(params, sample, o) {
    const Dv = Number(params.Dv);
    const out: number[] = [];
    for (const r of sample.indices) for (let d = 0; d < Dv; d++) out.push(o[r * Dv + d]!);
    return out;
  },
};
