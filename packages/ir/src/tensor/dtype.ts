/** Dense element types a tensor file may hold (SPEC section 1). bf16 is stored as raw u16 bits. */
export type DType = 'f32' | 'f16' | 'bf16' | 'i8' | 'u8' | 'i32';

export interface DTypeInfo {
  readonly bytes: number;
  /** numpy descr string used in .npy headers */
  readonly npy: string;
}

export const DTYPES: Readonly<Record<DType, DTypeInfo>> = {
  f32: { bytes: 4, npy: '<f4' },
  f16: { bytes: 2, npy: '<f2' },
  bf16: { bytes: 2, npy: '<u2' },
  i8: { bytes: 1, npy: '|i1' },
  u8: { bytes: 1, npy: '|u1' },
  i32: { bytes: 4, npy: '<i4' },
};

export function isDType(s: string): s is DType {
  return Object.hasOwn(DTYPES, s);
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** float -> IEEE half bits, round to nearest even (what F16C/`(_Float16)x` do). */
export function f32ToF16Bits(x: number): number {
  f32[0] = x;
  const b = u32[0]!;
  const sign = (b >>> 16) & 0x8000;
  const exp = (b >>> 23) & 0xff;
  let mant = b & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let h = mant >>> shift;
    const rem = mant & ((1 << shift) - 1);
    const half = 1 << (shift - 1);
    if (rem > half || (rem === half && (h & 1))) h++;
    return sign | h;
  }
  let h = (e << 10) | (mant >>> 13);
  const rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem === 0x1000 && (h & 1))) h++;
  return sign | h; // a carry into the exponent is the correct rounding (up to inf)
}

let halfTable: Float32Array | undefined;

/** IEEE half bits -> value, through a 64K-entry table (decoding is on every reference's hot path). */
export function f16BitsToF32(h: number): number {
  if (!halfTable) {
    halfTable = new Float32Array(0x10000);
    for (let i = 0; i < 0x10000; i++) halfTable[i] = decodeHalf(i);
  }
  return halfTable[h & 0xffff]!;
}

function decodeHalf(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

/** float -> bf16 bits, round to nearest even; NaN stays a quiet NaN. */
export function f32ToBf16Bits(x: number): number {
  f32[0] = x;
  const b = u32[0]!;
  if ((b & 0x7fffffff) > 0x7f800000) return ((b >>> 16) | 0x40) & 0xffff;
  return ((b + 0x7fff + ((b >>> 16) & 1)) >>> 16) & 0xffff;
}

export function bf16BitsToF32(h: number): number {
  u32[0] = (h & 0xffff) << 16;
  return f32[0]!;
}

/** Round a number to the nearest f32, f16 or bf16 value (the value a kernel will actually read). */
export function roundTo(dtype: 'f32' | 'f16' | 'bf16', x: number): number {
  if (dtype === 'f32') return Math.fround(x);
  if (dtype === 'f16') return f16BitsToF32(f32ToF16Bits(x));
  return bf16BitsToF32(f32ToBf16Bits(x));
}
