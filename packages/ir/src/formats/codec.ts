/**
 * Packing, unpacking and the reference dequantizer of every weight format, driven only by the
 * descriptions in format.ts: the code dispatches on `kind`, `quantizer`, `bits`, `nibbles` and the
 * byte offsets, never on a format's name.
 *
 * A block or group of `block` consecutive elements of the last axis is stored as a scale, an
 * optional min and one code per element; its value j is `(code[j] - zero) * scale + min`.
 */
import { FORMATS, type NibbleOrder, type Quantizer, type WeightFormat, type WeightFormatName } from './format.ts';
import { type DType, f16BitsToF32, f32ToBf16Bits, f32ToF16Bits } from '../tensor/dtype.ts';
import { allocTensor, expectTensor, numel, toFloat64, type Tensor } from '../tensor/tensor.ts';
import { InputError } from '../errors.ts';
import { evalSize, size, type SizeExpr } from '../dsl/size.ts';

export interface StoredTensor {
  name: string;
  dtype: DType;
  shape: number[];
}

/** The tensors a weight of logical shape [..., K] is stored as: dense -> [{name, dtype, shape}];
 *  block -> [{name, 'u8', [...lead, K/block*bytes]}]; planar -> name u8 [...lead, K/2], name_scale f16 [...lead, K/G], name_min f16 [...lead, K/G]. Throws InputError if K is not a multiple of the block/group. */
export function storedWeightTensors(format: WeightFormatName, name: string, shape: readonly number[]): StoredTensor[] {
  const f = FORMATS[format];
  if (f.kind === 'dense') return [{ name, dtype: f.name, shape: [...shape] }];
  const { lead, K } = splitLastAxis(f, name, shape);
  const blocks = K / f.block;
  if (f.kind === 'block') return [{ name, dtype: 'u8', shape: [...lead, blocks * f.bytes] }];
  return [
    { name, dtype: 'u8', shape: [...lead, (K * f.bits) / 8] },
    ...f.planes.map((plane) => ({ name: `${name}_${plane}`, dtype: 'f16' as const, shape: [...lead, blocks] })),
  ];
}

/**
 * The stored tensors of a weight of `rows` rows of K elements (either may be symbolic), each with
 * its element type and byte size: the one place a stored row's bytes are computed. K must be a
 * multiple of the block or group (checked, with an InputError, where K is a number).
 */
export function storedWeightBytes(format: WeightFormatName, name: string, rows: SizeExpr, K: SizeExpr): { name: string; dtype: DType; bytes: SizeExpr }[] {
  const f = FORMATS[format];
  if (f.kind === 'dense') return [{ name, dtype: f.name, bytes: size.mul(rows, K, f.elemBytes) }];
  if (typeof K === 'number') splitLastAxis(f, name, [K]);
  const blocks = size.div(K, f.block);
  if (f.kind === 'block') return [{ name, dtype: 'u8', bytes: size.mul(rows, blocks, f.bytes) }];
  return [
    { name, dtype: 'u8', bytes: size.mul(rows, size.div(size.mul(K, f.bits), 8)) },
    ...f.planes.map((plane) => ({ name: `${name}_${plane}`, dtype: 'f16' as const, bytes: size.mul(rows, blocks, 2) })),
  ];
}

/** Bytes of one stored row of K elements, every plane included (what a kernel streams per row). */
export function weightRowBytes(format: WeightFormatName, K: number): number {
  return storedWeightBytes(format, 'W', 1, K).reduce((sum, t) => sum + evalSize(t.bytes, {}), 0);
}

function splitLastAxis(f: WeightFormat & { block: number }, name: string, shape: readonly number[]): { lead: number[]; K: number } {
  const K = shape[shape.length - 1];
  if (K === undefined) throw new InputError(`weight '${name}' in format ${f.name}: needs at least one axis, got a scalar`);
  if (K % f.block !== 0)
    throw new InputError(`weight '${name}' in format ${f.name}: K = ${K} is not a multiple of the block size ${f.block}`);
  return { lead: shape.slice(0, -1), K };
}

/** A block's header as f32 values (stored as f16) and its codes, as a quantizer produces them. */
interface QuantizedBlock {
  scale: number;
  min: number;
}

/**
 * The reference quantizers. Each fills `codes` (the stored integer codes, signed for q8_0) for the
 * f32 values `x` of one block and returns the scale and min to store as f16.
 *
 * The ggml ones repeat `quantize_row_*_ref` of ggml-quants.c in f32: every operation is rounded
 * with Math.fround (one IEEE f32 operation), and the codes are computed from the f32 scale, which is
 * rounded to f16 only when stored. There is no fused multiply-add, as in ggml-base built for x86-64;
 * a C compiler that contracts `x*id + 8.5f` into an FMA (gcc -march=native, or aarch64, where
 * gcc's default is -ffp-contract=fast) writes different q4_0 codes in rare near-ties.
 */
const QUANTIZERS: Readonly<Record<Quantizer, (x: Float32Array, codes: Int32Array) => QuantizedBlock>> = {
  ggml_q8_0(x, codes) {
    let amax = 0;
    for (const v of x) amax = Math.max(amax, Math.abs(v));
    const d = Math.fround(amax / 127);
    const id = d ? Math.fround(1 / d) : 0;
    for (let j = 0; j < x.length; j++) codes[j] = cFloatToInt8(roundHalfAwayFromZero(Math.fround(x[j]! * id)));
    return { scale: d, min: 0 };
  },
  ggml_q4_0(x, codes) {
    // max is the signed value of largest magnitude; the strict `<` keeps the first on ties.
    let amax = 0;
    let max = 0;
    for (const v of x) {
      if (amax < Math.abs(v)) {
        amax = Math.abs(v);
        max = v;
      }
    }
    const d = Math.fround(max / -8);
    const id = d ? Math.fround(1 / d) : 0;
    for (let j = 0; j < x.length; j++)
      codes[j] = Math.min(15, cFloatToInt8(Math.fround(Math.fround(x[j]! * id) + 8.5)));
    return { scale: d, min: 0 };
  },
  ggml_q4_1(x, codes) {
    const { min, max } = minMax(x);
    const d = Math.fround(Math.fround(max - min) / 15);
    const id = d ? Math.fround(1 / d) : 0;
    for (let j = 0; j < x.length; j++)
      codes[j] = Math.min(15, cFloatToInt8(Math.fround(Math.fround(Math.fround(x[j]! - min) * id) + 0.5)));
    return { scale: d, min };
  },
  /**
   * Planar W4: scale = (max - min) / 15 in f32, then scale and min are rounded to f16 FIRST and the
   * codes are the nearest codes for those stored values, `round((x - min16) / scale16)` (ties up,
   * exact in float64), clamped to 0..15; so the stored triple is self-consistent and the error of
   * every element is at most scale16 / 2. A group of equal values gets scale 0 and codes 0.
   */
  minmax_asym(x, codes) {
    const { min, max } = minMax(x);
    const scale16 = f16BitsToF32(f32ToF16Bits(Math.fround(Math.fround(max - min) / 15)));
    const min16 = f16BitsToF32(f32ToF16Bits(min));
    for (let j = 0; j < x.length; j++)
      codes[j] = scale16 ? Math.min(15, Math.max(0, Math.floor((x[j]! - min16) / scale16 + 0.5))) : 0;
    return { scale: scale16, min: min16 };
  },
};

/** ggml's min/max loop: starts from FLT_MAX / -FLT_MAX. */
function minMax(x: Float32Array): { min: number; max: number } {
  let min = 3.4028234663852886e38;
  let max = -3.4028234663852886e38;
  for (const v of x) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}

/** C's roundf: halfway cases away from zero (Math.round would send -2.5 to -2). */
function roundHalfAwayFromZero(x: number): number {
  return x < 0 ? -Math.floor(-x + 0.5) : Math.floor(x + 0.5);
}

/**
 * C's `(int8_t)` of a float as x86-64 compilers emit it: truncate toward zero to int32
 * (cvttss2si: NaN and out-of-range give INT32_MIN) and keep the low byte. Only a block whose f32
 * scale is subnormal, so that 1/d overflows, ever leaves the int8 range.
 */
function cFloatToInt8(x: number): number {
  const i = Math.abs(x) < 2 ** 31 ? Math.trunc(x) : -(2 ** 31);
  return (i << 24) >> 24;
}

/** Store `codes` of one block at `offset`: one byte each (8 bits) or two per byte (4 bits). */
function packCodes(codes: Int32Array, count: number, bits: 8 | 4, nibbles: NibbleOrder | null, out: Uint8Array, offset: number): void {
  if (bits === 8) {
    for (let j = 0; j < count; j++) out[offset + j] = codes[j]! & 0xff;
    return;
  }
  const half = count / 2;
  for (let i = 0; i < half; i++) {
    const [lo, hi] = nibbles === 'split-halves' ? [codes[i]!, codes[i + half]!] : [codes[2 * i]!, codes[2 * i + 1]!];
    out[offset + i] = (lo & 15) | ((hi & 15) << 4);
  }
}

/** Code j of the block stored at `offset` (the inverse of packCodes). */
function unpackCode(bytes: Uint8Array, offset: number, j: number, count: number, bits: 8 | 4, nibbles: NibbleOrder | null, signed: boolean): number {
  if (bits === 8) return signed ? (bytes[offset + j]! << 24) >> 24 : bytes[offset + j]!;
  const half = count / 2;
  const [byte, high] = nibbles === 'split-halves' ? [j % half, j >= half] : [j >> 1, (j & 1) === 1];
  const b = bytes[offset + byte]!;
  return high ? b >> 4 : b & 15;
}

function readF16(bytes: Uint8Array, at: number): number {
  return f16BitsToF32(bytes[at]! | (bytes[at + 1]! << 8));
}

function writeF16(bytes: Uint8Array, at: number, value: number): void {
  const h = f32ToF16Bits(value);
  bytes[at] = h & 0xff;
  bytes[at + 1] = h >> 8;
}

/** Quantize f32 values (row-major, logical shape) into the stored tensors (byte-exact with ggml's quantize_row_*_ref for q8_0/q4_0/q4_1; dense formats round to nearest even). */
export function quantizeWeight(format: WeightFormatName, name: string, values: Float32Array, shape: readonly number[]): Record<string, Tensor> {
  const f = FORMATS[format];
  const stored = storedWeightTensors(format, name, shape);
  if (values.length !== numel(shape))
    throw new InputError(`weight '${name}': ${values.length} values for shape [${shape.join(',')}]`);
  const out: Record<string, Tensor> = Object.fromEntries(stored.map((s) => [s.name, allocTensor(s.dtype, s.shape)]));
  const main = out[name]!;
  if (f.kind === 'dense') {
    const encode = f.name === 'f16' ? f32ToF16Bits : f.name === 'bf16' ? f32ToBf16Bits : (v: number) => v;
    for (let i = 0; i < values.length; i++) main.data[i] = encode(values[i]!);
    return out;
  }
  const bad = values.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) throw new InputError(`weight '${name}': element ${bad} is ${values[bad]}; ${format} needs finite values`);

  const quantize = QUANTIZERS[f.quantizer];
  const codes = new Int32Array(f.block);
  const bytes = main.data as Uint8Array;
  const blocks = values.length / f.block;
  for (let b = 0; b < blocks; b++) {
    const { scale, min } = quantize(values.subarray(b * f.block, (b + 1) * f.block), codes);
    if (f.kind === 'block') {
      const at = b * f.bytes;
      writeF16(bytes, at + f.scaleOffset, scale);
      if (f.minOffset !== null) writeF16(bytes, at + f.minOffset, min);
      packCodes(codes, f.block, f.bits, f.nibbles, bytes, at + f.codesOffset);
    } else {
      const planeValue = { scale, min };
      for (const plane of f.planes) out[`${name}_${plane}`]!.data[b] = f32ToF16Bits(planeValue[plane]);
      packCodes(codes, f.block, f.bits, f.nibbles, bytes, (b * f.block * f.bits) / 8);
    }
  }
  return out;
}

/** Dequantize the stored tensors back to float64 values of the logical shape (the reference dequantizer). */
export function dequantizeWeight(format: WeightFormatName, name: string, tensors: Readonly<Record<string, Tensor>>, shape: readonly number[]): Float64Array {
  const f = FORMATS[format];
  const stored = storedWeightTensors(format, name, shape).map((s) => expectTensor(s.name, tensors[s.name], s.dtype, s.shape));
  if (f.kind === 'dense') return toFloat64(stored[0]!);

  const bytes = stored[0]!.data as Uint8Array;
  const planes = f.kind === 'planar' ? Object.fromEntries(f.planes.map((p, i) => [p, toFloat64(stored[i + 1]!)])) : {};
  const out = new Float64Array(numel(shape));
  const blocks = out.length / f.block;
  for (let b = 0; b < blocks; b++) {
    let scale: number, min: number, codesAt: number;
    if (f.kind === 'block') {
      const at = b * f.bytes;
      scale = readF16(bytes, at + f.scaleOffset);
      min = f.minOffset === null ? 0 : readF16(bytes, at + f.minOffset);
      codesAt = at + f.codesOffset;
    } else {
      scale = planes.scale![b]!;
      min = planes.min![b]!;
      codesAt = (b * f.block * f.bits) / 8;
    }
    for (let j = 0; j < f.block; j++) {
      const code = unpackCode(bytes, codesAt, j, f.block, f.bits, f.nibbles, f.signedCodes);
      out[b * f.block + j] = (code - f.zero) * scale + min;
    }
  }
  return out;
}
