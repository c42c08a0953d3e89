/**
 * gated_delta_rule's hooks: conformance shapes (decode, short T, chunk tails, head ratios, Dk != Dv),
 * the fills of its generated inputs, and its check on sampled value heads of o.
 */
import { getOp, tensorFromBytes, type Params } from '@kforge/ir';
import type { TargetName } from '@kforge/target';
import { generatedBytes, type GeneratedInput } from '@kforge/exec';
import { spreadIndices, type MatrixLevel, type OpHooks } from './hooks.ts';

/**
 * T = 1 (decode), small T (the recurrent form), T not a multiple of any chunk and T below every chunk;
 * Hv/Hk 1, 2, 3, 4; Dk != Dv both ways, up to 256 and not powers of two; with and without l2norm; a given
 * scale; B 2. The random g cycles slow, medium and fast decay over the value heads (the op's init), so
 * shapes with three or more value heads meet all three.
 */
const SHAPES: readonly Params[] = [
  { B: 1, T: 1, Hk: 4, Hv: 4, Dk: 64, Dv: 64, l2norm: true },
  { B: 2, T: 1, Hk: 2, Hv: 8, Dk: 128, Dv: 128, l2norm: true },
  { B: 1, T: 3, Hk: 1, Hv: 3, Dk: 48, Dv: 80, scale: 0.5 },
  { B: 1, T: 37, Hk: 2, Hv: 4, Dk: 64, Dv: 64, l2norm: true },
  { B: 2, T: 130, Hk: 1, Hv: 4, Dk: 128, Dv: 128, l2norm: true },
  { B: 1, T: 100, Hk: 3, Hv: 3, Dk: 32, Dv: 96 },
  { B: 1, T: 20, Hk: 1, Hv: 1, Dk: 256, Dv: 200, l2norm: true },
  { B: 1, T: 9, Hk: 1, Hv: 4, Dk: 200, Dv: 256 },
  { B: 1, T: 70, Hk: 3, Hv: 6, Dk: 40, Dv: 24, l2norm: true },
  { B: 1, T: 64, Hk: 4, Hv: 16, Dk: 16, Dv: 16, l2norm: true },
];

function conformanceParams(_target: TargetName, level: MatrixLevel): Params[] {
  // 'full' adds each shape with l2norm flipped
  if (level === 'ci') return SHAPES.map((s) => ({ ...s }));
  return SHAPES.flatMap((s) => [{ ...s }, { ...s, l2norm: !s.l2norm }]);
}

/** Scales of generated inputs (2^exponent): q, v and s0 ~ 1.15 sd; g in (-2, 0]; beta in [0, 1). */
export const GATED_DELTA_RULE_EXPONENTS = { q: -7, v: -7, s0: -7, g: 1, beta: 0 } as const;

/**
 * The inputs of a gated_delta_rule generated on the machine that runs it: q from seed `q`; k from `k`
 * (sd about 0.5/sqrt(Dk), as the op's init: the un-normalized rule stays contractive), v, g, beta and s0
 * from k + 1 .. k + 4.
 */
export function gatedDeltaRuleGeneratedInputs(params: Params, seeds: { readonly q: number; readonly k: number }): Record<string, GeneratedInput> {
  const e = GATED_DELTA_RULE_EXPONENTS;
  // a normal fill has sd 148 * 2^exponent
  const kExponent = Math.round(Math.log2(0.5 / Math.sqrt(Number(params.Dk)) / 148));
  const normal = (exponent: number) => ({ kind: 'normal', elem: 'f32', exponent }) as const;
  return {
    q: { seed: seeds.q, fill: normal(e.q) },
    k: { seed: seeds.k, fill: normal(kExponent) },
    v: { seed: seeds.k + 1, fill: normal(e.v) },
    g: { seed: seeds.k + 2, fill: { kind: 'uniform', elem: 'f32', exponent: e.g, negative: true } },
    beta: { seed: seeds.k + 3, fill: { kind: 'uniform', elem: 'f32', exponent: e.beta } },
    s0: { seed: seeds.k + 4, fill: normal(e.s0) },
  };
}

/** up to this many tokens a call is decode (the recurrent kernels, judged by the state's traffic); above it prefill */
export const GATED_DELTA_RULE_DECODE_TOKENS = 16;

const dims = (p: Params) => ['B', 'T', 'Hk', 'Hv', 'Dk', 'Dv'].map((n) => Number(p[n])) as [number, number, number, number, number, number];

/** f32 values [at, at + count) of a generated buffer, every `stride` elements `run` at a time */
function stridedF32(input: GeneratedInput, first: number, run: number, stride: number, runs: number): Float32Array {
  const out = new Float32Array(run * runs);
  for (let r = 0; r < runs; r++) out.set(new Float32Array(generatedBytes(input, (first + r * stride) * 4, run * 4).buffer), r * run);
  return out;
}

export const GATED_DELTA_RULE_HOOKS: OpHooks = {
  conformanceParams,
  seeded: ['q', 'k'],
  generatedInputs: (params, seeds) => gatedDeltaRuleGeneratedInputs(params, { q: seeds.q!, k: seeds.k! }),
  // a sampled unit is a value head (b, h): all T rows of o for it (each row depends on every step before it)
  sample: (params, count) => {
    const [B, , , Hv] = dims(params);
    return { output: 'o', along: 'value heads', indices: spreadIndices(B * Hv, count) };
  },
  // each sampled head alone (B = Hk = Hv = 1) from its slices of the generated inputs, through the reference
  sampledReference(params, generated, sample) {
    const [, T, Hk, Hv, Dk, Dv] = dims(params);
    const op = getOp('gated_delta_rule');
    const out = new Float64Array(sample.indices.length * T * Dv);
    sample.indices.forEach((unit, n) => {
      const b = Math.floor(unit / Hv);
      const h = unit % Hv;
      const hk = Math.floor(h / (Hv / Hk));
      const t32 = (data: Float32Array, shape: number[], name: string) => tensorFromBytes(new Uint8Array(data.buffer), 'f32', shape, name);
      const inputs = {
        q: t32(stridedF32(generated.q!, (b * T * Hk + hk) * Dk, Dk, Hk * Dk, T), [1, T, 1, Dk], 'q'),
        k: t32(stridedF32(generated.k!, (b * T * Hk + hk) * Dk, Dk, Hk * Dk, T), [1, T, 1, Dk], 'k'),
        v: t32(stridedF32(generated.v!, (b * T * Hv + h) * Dv, Dv, Hv * Dv, T), [1, T, 1, Dv], 'v'),
        g: t32(stridedF32(generated.g!, b * T * Hv + h, 1, Hv, T), [1, T, 1], 'g'),
        beta: t32(stridedF32(generated.beta!, b * T * Hv + h, 1, Hv, T), [1, T, 1], 'beta'),
        s0: t32(stridedF32(generated.s0!, unit * Dk * Dv, Dk * Dv, 0, 1), [1, 1, Dk, Dv], 's0'),
      };
      out.set(op.reference({ ...params, B: 1, Hk: 1, Hv: 1 }, inputs).o!.data, n * T * Dv);
    });
    return out;
  },
  pick(params, sample, o) {
    const [, T, , Hv, , Dv] = dims(params);
    const out: number[] = [];
    for (const unit of sample.indices) {
      const b = Math.floor(unit / Hv);
      const h = unit % Hv;
      for (let t = 0; t < T; t++) for (let e = 0; e < Dv; e++) out.push(o[((b * T + t) * Hv + h) * Dv + e]!);
    }
    return out;
  },
  // bench: decode is the state's traffic (read s0, write s); prefill is compute (the op's flops over time)
  bandwidthBuffers: ['s0', 's'],
  benchFigure: (params) => (Number(params.T) <= GATED_DELTA_RULE_DECODE_TOKENS ? 'gbps' : 'gflops'),
};
