/**
 * Inputs generated on the GPU machine instead of carried (weights of hundreds of MB): the bundle
 * names a fill and a seed per buffer, the CUDA host fills the buffer with templates/gpu/generate.h,
 * and this file regenerates any byte range of it exactly, so results are checked here against the
 * reference on rows sampled from the very data the device used.
 */
import { FORMATS, storedWeightTensors, type Params, type WeightFormatName } from '@kforge/ir';
import { ExecError } from '../util/exec-error.ts';

/**
 * f16 or f32 element values n * 2^exponent, n = (sum of 4 random bytes) - 510 (mean 0, sd 148); bf16:
 * the f32 value cut to its upper 16 bits (8 significant bits)
 */
export interface NormalFill { readonly kind: 'normal'; readonly elem: 'f16' | 'bf16' | 'f32'; readonly exponent: number }
/** f16 values in [2^exponent, 2^(exponent + 1)): scales */
export interface PositiveFill { readonly kind: 'positive'; readonly elem: 'f16'; readonly exponent: number }
/** f32 values (r & 0xffff) * 2^(exponent - 16), in [0, 2^exponent), negated when `negative`: gates, decays */
export interface UniformFill { readonly kind: 'uniform'; readonly elem: 'f32'; readonly exponent: number; readonly negative?: boolean }
export interface BytesFill { readonly kind: 'bytes' }
/** random bytes with f16 fields (scale, min) at fixed offsets of each block */
export interface BlocksFill {
  readonly kind: 'blocks';
  readonly blockBytes: number;
  readonly fields: readonly { readonly offset: number; readonly fill: NormalFill | PositiveFill }[];
}
export type Fill = NormalFill | PositiveFill | UniformFill | BytesFill | BlocksFill;

/** generate.h itself, for bundles that compile it on their own machine (the CPU bench bundle) */
export const GENERATE_HEADER_PATH = new URL('../../templates/gpu/generate.h', import.meta.url).pathname;

/** One generated buffer: copy c of a rotated case uses stream seed + c. */
export interface GeneratedInput {
  readonly fill: Fill;
  readonly seed: number;
}

const KIND_CODE = { bytes: 1, normal: 2, positive: 3, blocks: 4, uniform: 6 } as const;
/** generate.h's KF_FILL_UNIFORM_NEGATIVE */
const UNIFORM_NEGATIVE_CODE = 7;
/** generate.h's KF_FILL_NORMAL_BF16 */
const NORMAL_BF16_CODE = 5;
const MAX_FIELDS = 2;

function hash32(x: number): number {
  x = (x ^ (x >>> 16)) >>> 0;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x = (x ^ (x >>> 15)) >>> 0;
  x = Math.imul(x, 0x846ca68b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

const random = (stream: number, index: number): number => hash32((index ^ hash32(stream >>> 0)) >>> 0);

function exactBits(n: number, e: number, mantBits: number, bias: number): number {
  if (n === 0) return 0;
  const sign = n < 0 ? 1 : 0;
  const a = Math.abs(n);
  const p = 31 - Math.clz32(a);
  const mant = (a << (mantBits - p)) & ((1 << mantBits) - 1);
  return ((sign << (mantBits === 10 ? 15 : 31)) | ((p + e + bias) << mantBits) | mant) >>> 0;
}

function elementBits(fill: NormalFill | PositiveFill | UniformFill, r: number): number {
  if (fill.kind === 'uniform') return exactBits((fill.negative ? -1 : 1) * (r & 0xffff), fill.exponent - 16, 23, 127);
  if (fill.elem === 'bf16') return elementBits({ ...fill, elem: 'f32' }, r) >>> 16;
  const [mantBits, bias] = fill.elem === 'f16' ? [10, 15] : [23, 127];
  if (fill.kind === 'positive') return exactBits(256 + (r & 255), fill.exponent - 8, mantBits, bias);
  const n = (r & 255) + ((r >>> 8) & 255) + ((r >>> 16) & 255) + (r >>> 24) - 510;
  return exactBits(n, fill.exponent, mantBits, bias);
}

const elemBytes = (fill: NormalFill | PositiveFill | UniformFill): number => (fill.elem === 'f32' ? 4 : 2);

function byteAt(fill: Fill, stream: number, i: number): number {
  if (fill.kind === 'normal' || fill.kind === 'positive' || fill.kind === 'uniform') {
    const eb = elemBytes(fill);
    return (elementBits(fill, random(stream, Math.floor(i / eb) >>> 0)) >>> (8 * (i % eb))) & 255;
  }
  if (fill.kind === 'blocks') {
    const block = Math.floor(i / fill.blockBytes) >>> 0;
    const offset = i % fill.blockBytes;
    for (const [k, field] of fill.fields.entries()) {
      if (offset === field.offset || offset === field.offset + 1) {
        const r = random((stream ^ (0xa5a50000 + k)) >>> 0, block);
        return (elementBits(field.fill, r) >>> (8 * (offset - field.offset))) & 255;
      }
    }
  }
  return (random(stream, Math.floor(i / 4) >>> 0) >>> (8 * (i % 4))) & 255;
}

/** Bytes [offset, offset + count) of copy `copy` of a generated buffer, as the device fills them. */
export function generatedBytes(input: GeneratedInput, offset: number, count: number, copy = 0): Uint8Array {
  const out = new Uint8Array(count);
  const stream = (input.seed + copy) >>> 0;
  const fill = input.fill;
  // element fills and random bytes a whole element (word) at a time: one hash per element instead of two per byte
  // (the same bytes as byteAt; MoE's sampled check regenerates hundreds of MB of expert weights)
  if (fill.kind === 'normal' || fill.kind === 'positive' || fill.kind === 'uniform' || fill.kind === 'bytes') {
    const eb = fill.kind === 'bytes' ? 4 : elemBytes(fill);
    const key = hash32(stream);
    for (let j = 0; j < count;) {
      const i = offset + j;
      const r = hash32((Math.floor(i / eb) ^ key) >>> 0);
      const bits = fill.kind === 'bytes' ? r : elementBits(fill, r);
      for (let b = i % eb; b < eb && j < count; b++, j++) out[j] = (bits >>> (8 * b)) & 255;
    }
    return out;
  }
  for (let j = 0; j < count; j++) out[j] = byteAt(fill, stream, offset + j);
  return out;
}

/** The C initializer of `struct kf_fill` (generate.h) for a fill. */
export function fillInitializer(fill: Fill): string {
  const fields = fill.kind === 'blocks' ? fill.fields : [];
  if (fields.length > MAX_FIELDS) throw new ExecError('harness', `a blocks fill holds at most ${MAX_FIELDS} fields, got ${fields.length}`);
  // generate.h writes block fields as f16
  if (fields.some((f) => f.fill.elem !== 'f16')) throw new ExecError('harness', 'the fields of a blocks fill are f16');
  for (const f of [fill, ...fields.map((x) => x.fill)]) {
    if (f.kind === 'uniform' && (f.exponent < -100 || f.exponent > 100)) throw new ExecError('harness', `uniform fill exponent ${f.exponent} is out of range`);
    if ((f.kind === 'normal' || f.kind === 'positive') && (f.exponent < -14 || f.exponent > 8)) {
      throw new ExecError('harness', `fill exponent ${f.exponent} would leave the normal f16 range`);
    }
  }
  const pad = (xs: readonly number[]) => [...xs, ...Array<number>(MAX_FIELDS - xs.length).fill(0)].join(', ');
  const values = fill.kind === 'normal' && fill.elem === 'bf16' ? [NORMAL_BF16_CODE, 2, fill.exponent, 0, 0]
    : fill.kind === 'uniform' ? [fill.negative ? UNIFORM_NEGATIVE_CODE : KIND_CODE.uniform, 4, fill.exponent, 0, 0]
    : fill.kind === 'normal' || fill.kind === 'positive' ? [KIND_CODE[fill.kind], elemBytes(fill), fill.exponent, 0, 0]
    : fill.kind === 'blocks' ? [KIND_CODE.blocks, 1, 0, fill.blockBytes, fields.length] : [KIND_CODE.bytes, 1, 0, 0, 0];
  return `{ ${values.join(', ')}, { ${pad(fields.map((f) => f.offset))} }, { ${pad(fields.map((f) => KIND_CODE[f.fill.kind]))} }, { ${pad(fields.map((f) => f.fill.exponent))} } }`;
}

/** Scales of generated gemv inputs (2^exponent): x ~ 1.15 sd, dense W ~ 0.018 sd, scales in [2^-7, 2^-6), mins ~ 0.14 sd. */
export const GEMV_EXPONENTS = { x: -7, W: -13, scale: -7, min: -10 } as const;

/**
 * The inputs of a gemv generated on the machine that runs it (GPU bundles, CPU bench bundles): x from
 * seed `x`; W's stored tensors from seeds W, W + 1 (W_scale), W + 2 (W_min); bias from W + 3.
 */
export function gemvGeneratedInputs(params: Params, seeds: { readonly x: number; readonly W: number }): Record<string, GeneratedInput> {
  const out: Record<string, GeneratedInput> = {
    x: { seed: seeds.x, fill: { kind: 'normal', elem: params.act === 'f16' ? 'f16' : 'f32', exponent: GEMV_EXPONENTS.x } },
    ...weightGeneratedInputs(params.weight as WeightFormatName, 'W', [Number(params.N), Number(params.K)], seeds.W),
  };
  if (params.bias === true) out.bias = { seed: seeds.W + 3, fill: { kind: 'normal', elem: 'f32', exponent: GEMV_EXPONENTS.x } };
  return out;
}

/**
 * A weight's stored tensors generated as gemv's W (GEMV_EXPONENTS; dense values at `denseExponent`): the
 * codes (or dense values) from `seed`, the planes of planar formats from seed + 1 (scale) and seed + 2
 * (min). Other ops' weights (MoE's experts) take the same fills under their own names.
 */
export function weightGeneratedInputs(
  weight: WeightFormatName, name: string, shape: readonly number[], seed: number, denseExponent: number = GEMV_EXPONENTS.W,
): Record<string, GeneratedInput> {
  const format = FORMATS[weight];
  const out: Record<string, GeneratedInput> = {};
  const scale = { kind: 'positive', elem: 'f16', exponent: GEMV_EXPONENTS.scale } as const;
  const min = { kind: 'normal', elem: 'f16', exponent: GEMV_EXPONENTS.min } as const;
  if (format.kind === 'dense') {
    out[name] = { seed, fill: { kind: 'normal', elem: format.name, exponent: denseExponent } };
  } else if (format.kind === 'block') {
    const fields = [{ offset: format.scaleOffset, fill: scale }, ...(format.minOffset !== null ? [{ offset: format.minOffset, fill: min }] : [])];
    out[name] = { seed, fill: { kind: 'blocks', blockBytes: format.bytes, fields } };
  } else {
    out[name] = { seed, fill: { kind: 'bytes' } };
    out[`${name}_scale`] = { seed: seed + 1, fill: scale };
    out[`${name}_min`] = { seed: seed + 2, fill: min };
  }
  // the names must be the stored tensors' (storedWeightTensors), which the artifacts' buffers carry
  for (const s of storedWeightTensors(weight, name, shape)) if (!out[s.name]) throw new Error(`weightGeneratedInputs: no fill for stored tensor ${s.name}`);
  return out;
}

/** Scales of generated attention inputs (2^exponent): q, k and v ~ 1.15 sd; q8_0 scales in [2^-7, 2^-6) (values ~ 0.9 sd). */
export const ATTENTION_EXPONENTS = { q: -7, kv: -7, scale: -7 } as const;

/** The inputs of an attention generated on the machine that runs it: q from seed `q`, k from `k`, v from `k` + 1. */
export function attentionGeneratedInputs(params: Params, seeds: { readonly q: number; readonly k: number }): Record<string, GeneratedInput> {
  const kv = params.kv as WeightFormatName;
  const format = FORMATS[kv];
  const fill = (): Fill => {
    if (format.kind === 'dense') return { kind: 'normal', elem: format.name, exponent: ATTENTION_EXPONENTS.kv };
    if (format.kind !== 'block' || format.minOffset !== null) throw new Error(`attentionGeneratedInputs: kv '${kv}' is not a dense or q8_0-like format`);
    return { kind: 'blocks', blockBytes: format.bytes, fields: [{ offset: format.scaleOffset, fill: { kind: 'positive', elem: 'f16', exponent: ATTENTION_EXPONENTS.scale } }] };
  };
  return {
    q: { seed: seeds.q, fill: { kind: 'normal', elem: 'f32', exponent: ATTENTION_EXPONENTS.q } },
    k: { seed: seeds.k, fill: fill() },
    v: { seed: seeds.k + 1, fill: fill() },
  };
}
