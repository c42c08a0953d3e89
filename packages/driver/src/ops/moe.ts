/**
 * moe's hooks: conformance shapes (decode, prefill, E not a power of two, topk 1 and E, experts no token
 * picks, dense tails) and regimes (every token on one expert, router ties), the fills of its generated
 * inputs, and its check on sampled tokens of y.
 */
import {
  DTYPES, FORMATS, routedExperts, routeByRouter, storedWeightTensors, tensorFromBytes, toFloat64, WEIGHT_FORMAT_NAMES,
  type Params, type Tensor, type WeightFormatName,
} from '@kforge/ir';
import { TARGETS, type TargetName } from '@kforge/target';
import { generatedBytes, weightGeneratedInputs, type GeneratedInput } from '@kforge/exec';
import { spreadIndices, type MatrixLevel, type OpHooks, type RegimeShape } from './hooks.ts';

/** GPU-class targets cover at least these formats; CPU targets, and 'full' everywhere, cover all. */
const GPU_FORMATS: readonly WeightFormatName[] = ['f32', 'f16', 'q8_0', 'q4_0', 'w4g64', 'w4g128'];
/** a format the GPU 'ci' level takes in place of each other one */
const GPU_STAND_IN: Readonly<Partial<Record<WeightFormatName, WeightFormatName>>> = { bf16: 'f16', q4_1: 'q4_0', w4g32: 'w4g64' };

type Shape = Omit<Params, 'weight'> & { readonly weight: WeightFormatName };

/**
 * Each shape names its 'ci' format (together every format once); H and I are multiples of 128 (every
 * block and group) except in the dense shape, whose odd H and I leave a tail in every vector loop.
 */
const SHAPES: readonly Shape[] = [
  { T: 1, H: 256, I: 128, E: 8, topk: 2, routing: 'router', normTopk: true, weight: 'q4_0' },
  { T: 4, H: 256, I: 128, E: 6, topk: 2, routing: 'given', weight: 'q8_0' },
  { T: 3, H: 128, I: 128, E: 64, topk: 2, routing: 'router', weight: 'w4g128' },
  { T: 300, H: 128, I: 128, E: 10, topk: 3, routing: 'router', weight: 'f16' },
  { T: 17, H: 256, I: 128, E: 4, topk: 4, routing: 'router', normTopk: true, weight: 'q4_1' },
  { T: 37, H: 128, I: 256, E: 16, topk: 1, routing: 'router', weight: 'w4g64' },
  { T: 5, H: 67, I: 45, E: 5, topk: 2, routing: 'given', weight: 'f32' },
  { T: 64, H: 384, I: 128, E: 12, topk: 4, routing: 'router', normTopk: true, weight: 'w4g32' },
  { T: 2, H: 128, I: 256, E: 3, topk: 2, routing: 'router', weight: 'bf16' },
];

/** every token on experts E-1 and 0 (given routing), and a router whose rows come in equal pairs (ties) */
const REGIMES: readonly (RegimeShape & { readonly params: Shape })[] = [
  { regime: 'one-expert', params: { T: 40, H: 128, I: 128, E: 8, topk: 2, routing: 'given', weight: 'q4_0' } },
  { regime: 'router-ties', params: { T: 9, H: 128, I: 128, E: 8, topk: 3, routing: 'router', normTopk: true, weight: 'q8_0' } },
];

function formatsFor(target: TargetName, level: MatrixLevel, shape: Shape): WeightFormatName[] {
  const simt = TARGETS[target].class === 'simt';
  const dense = Number(shape.H) % 128 !== 0 || Number(shape.I) % 128 !== 0;
  const admitted = (f: WeightFormatName) => !dense || FORMATS[f].kind === 'dense';
  if (level === 'full') return (simt ? GPU_FORMATS : WEIGHT_FORMAT_NAMES).filter(admitted);
  return [simt ? GPU_STAND_IN[shape.weight] ?? shape.weight : shape.weight];
}

function conformanceParams(target: TargetName, level: MatrixLevel): Params[] {
  return SHAPES.flatMap((s) => formatsFor(target, level, s).map((weight) => ({ ...s, weight })));
}

function conformanceRegimes(target: TargetName, level: MatrixLevel): RegimeShape[] {
  return REGIMES.flatMap((r) => formatsFor(target, level, r.params).map((weight) => ({ regime: r.regime, params: { ...r.params, weight } })));
}

function regimeInputs(regime: string, params: Params, inputs: Readonly<Record<string, Tensor>>): Record<string, Tensor> {
  const [T, H, E, topk] = ['T', 'H', 'E', 'topk'].map((n) => Number(params[n])) as [number, number, number, number];
  if (regime === 'one-expert') {
    const ids = new Int32Array(T * topk);
    for (let t = 0; t < T; t++) for (let r = 0; r < topk; r++) ids[t * topk + r] = r === 0 ? E - 1 : r - 1;
    return { ...inputs, ids: { ...inputs.ids!, data: ids } as Tensor };
  }
  if (regime === 'router-ties') {
    // rows 2j and 2j+1 equal: their logits are the same float, so top-k must break the tie by index
    const router = Float32Array.from(inputs.router!.data as Float32Array);
    for (let e = 1; e < E; e += 2) router.copyWithin(e * H, (e - 1) * H, e * H);
    return { ...inputs, router: { ...inputs.router!, data: router } as Tensor };
  }
  throw new Error(`moe has no input regime '${regime}'`);
}

/** Scales of generated moe inputs (2^exponent): x ~ 1.15 sd; quantized experts as gemv's W, dense ones and the router at 1/sqrt(fan-in). */
export const MOE_EXPONENTS = { x: -7 } as const;

const dims = (p: Params) => ['T', 'H', 'I', 'E', 'topk'].map((n) => Number(p[n])) as [number, number, number, number, number];

/**
 * The inputs of a moe generated on the machine that runs it (router routing: the bench's model layers):
 * x from seed `x`; w_gate, w_up and w_down from seeds w_gate, + 3, + 6 (each format's planes after its
 * codes, weightGeneratedInputs); router from w_gate + 9.
 */
export function moeGeneratedInputs(params: Params, seeds: { readonly x: number; readonly w_gate: number }): Record<string, GeneratedInput> {
  if (params.routing !== 'router') throw new Error("moe: generated inputs are for routing 'router' (ids and weights are not generated)");
  const [, H, I, E] = dims(params);
  const weight = params.weight as WeightFormatName;
  // a normal fill has sd 148 * 2^exponent: dense weights and the router at about 1/sqrt(fan-in) (x ~ 1.15 sd)
  const fanIn = (n: number, scale = 1): number => Math.round(Math.log2(1 / Math.sqrt(n) / scale / 148));
  return {
    x: { seed: seeds.x, fill: { kind: 'normal', elem: 'f32', exponent: MOE_EXPONENTS.x } },
    ...weightGeneratedInputs(weight, 'w_gate', [E, I, H], seeds.w_gate, fanIn(H)),
    ...weightGeneratedInputs(weight, 'w_up', [E, I, H], seeds.w_gate + 3, fanIn(H)),
    ...weightGeneratedInputs(weight, 'w_down', [E, H, I], seeds.w_gate + 6, fanIn(I)),
    router: { seed: seeds.w_gate + 9, fill: { kind: 'normal', elem: 'f32', exponent: fanIn(H, 1.15) } },
  };
}

const f32Bytes = (input: GeneratedInput, first: number, count: number): Float32Array => new Float32Array(generatedBytes(input, first * 4, count * 4).buffer);

/** the stored tensors of experts `experts` of one expert weight [E, rows, cols], regenerated as the device made them */
function expertSlices(weight: WeightFormatName, name: string, rows: number, cols: number, experts: readonly number[], generated: Readonly<Record<string, GeneratedInput>>): Record<string, Tensor> {
  const out: Record<string, Tensor> = {};
  for (const s of storedWeightTensors(weight, name, [1, rows, cols])) {
    const expertBytes = rows * s.shape[2]! * DTYPES[s.dtype].bytes;
    const bytes = new Uint8Array(experts.length * expertBytes);
    experts.forEach((e, i) => bytes.set(generatedBytes(generated[s.name]!, e * expertBytes, expertBytes), i * expertBytes));
    out[s.name] = tensorFromBytes(bytes, s.dtype, [experts.length, rows, s.shape[2]!], s.name);
  }
  return out;
}

/** tokens up to which a moe case is bandwidth-bound (decode and small batches): judged in GB/s, above in GFLOP/s */
export const MOE_DECODE_TOKENS = 16;

/**
 * The bytes one call must read: the experts the routing picks for these inputs (each expert's gate,
 * up and down with their planes, once however many tokens pick it), the router, x, and y written.
 * Router routing is done from the inputs in float64 (routeByRouter); given ids are counted as given
 * (those outside [0, E) read nothing).
 */
export function moeCountedBytes(params: Params, inputs: Readonly<Record<string, Uint8Array>>): number {
  const [T, H, , E, topk] = dims(params);
  const f32 = (name: string): Float32Array => {
    const b = inputs[name];
    if (!b) throw new Error(`moe: counted bytes need input '${name}'`);
    return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
  };
  let ids: ArrayLike<number>;
  if (params.routing === 'router') {
    ids = routeByRouter(Float64Array.from(f32('router')), Float64Array.from(f32('x')), { T, H, E, topk, normTopk: params.normTopk === true }).ids;
  } else {
    const b = inputs.ids!;
    ids = new Int32Array(b.buffer, b.byteOffset, b.byteLength / 4);
  }
  const active = new Set(Array.from(ids).filter((e) => e >= 0 && e < E)).size;
  let expertBytes = 0;
  for (const [name, b] of Object.entries(inputs)) if (/^w_(gate|up|down)(_|$)/.test(name)) expertBytes += b.byteLength / E;
  const routerBytes = params.routing === 'router' ? inputs.router!.byteLength : inputs.ids!.byteLength + inputs.weights!.byteLength;
  return active * expertBytes + routerBytes + inputs.x!.byteLength + T * H * 4;
}

export const MOE_HOOKS: OpHooks = {
  conformanceParams,
  conformanceRegimes,
  regimeInputs,
  seeded: ['x', 'w_gate'],
  generatedInputs: (params, seeds) => moeGeneratedInputs(params, { x: seeds.x!, w_gate: seeds.w_gate! }),
  sample: (params, count) => ({ output: 'y', along: 'tokens', indices: spreadIndices(Number(params.T), count) }),
  // each sampled token routed in float64 from its x and the router, then through the reference with only its topk experts (given routing)
  sampledReference(params, generated, sample) {
    const [, H, I, E, topk] = dims(params);
    const weight = params.weight as WeightFormatName;
    const router = toFloat64(tensorFromBytes(new Uint8Array(f32Bytes(generated.router!, 0, E * H).buffer), 'f32', [E, H], 'router'));
    const out = new Float64Array(sample.indices.length * H);
    sample.indices.forEach((t, n) => {
      const xs = f32Bytes(generated.x!, t * H, H);
      const routes = routeByRouter(router, Float64Array.from(xs), { T: 1, H, E, topk, normTopk: params.normTopk === true });
      const experts = Array.from(routes.ids);
      const inputs: Record<string, Tensor> = {
        x: tensorFromBytes(new Uint8Array(xs.buffer), 'f32', [1, H], 'x'),
        ...expertSlices(weight, 'w_gate', I, H, experts, generated),
        ...expertSlices(weight, 'w_up', I, H, experts, generated),
        ...expertSlices(weight, 'w_down', H, I, experts, generated),
      };
      // the token's experts are slices 0 .. topk-1 of the gathered weights
      const local = { ids: Int32Array.from(experts, (_, r) => r), weights: routes.weights };
      out.set(routedExperts({ ...params, T: 1, E: topk }, inputs, local), n * H);
    });
    return out;
  },
  benchFigure: (params) => (Number(params.T) <= MOE_DECODE_TOKENS ? 'gbps' : 'gflops'),
  countedBytes: moeCountedBytes,
  pick(params, sample, y) {
    const H = Number(params.H);
    const out: number[] = [];
    for (const t of sample.indices) for (let h = 0; h < H; h++) out.push(y[t * H + h]!);
    return out;
  },
};
