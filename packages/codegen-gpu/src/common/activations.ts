/**
 * int8 quantization of a SIMT kernel's activations per 32-block (ggml's q8_1 arithmetic: d = amax / 127,
 * q = round(x / d) half to even, s = d·Σq), the pieces every op's lowering can use: the scale, the codes
 * by one fma, their packing into u32 words in the order the weight codes meet them, and one block
 * quantized in a thread's registers.
 *
 * The code is told which activation it reads and where it writes (`ActivationRef`), so another op
 * quantizes its own input with the same code. How the work is spread over threads (gemv's pre-pass
 * dispatch, its workgroup-wide staging) stays with the op's kernel.
 */
import type { Expr, Stmt, WeightFormat, WeightFormatName } from '@kforge/ir';
import { FORMATS, add, and, assign, bitcast, c, call, cast, div, fma, if_, let_, letMut, lt, max, mul, ne, or, param, select, shl, shr, sub, unary, v } from '@kforge/ir';
import type { SimtCaps } from '../gemv/knobs.ts';
import { X_BLOCK, f16ToF32, int8XElement, int8XInKOrder, loadWords, xsStride } from '../gemv/weight-chunks.ts';

const I32 = 'i32';
const F32 = 'f32';
const U32 = 'u32';

/** which activation a lowering quantizes: the input [rows, K] and the scratch (or workgroup) arrays of its codes and scales */
export interface ActivationRef {
  /** the input: f32, or f16 as u32 words */
  readonly buffer: string;
  readonly rows: Expr;
  readonly K: Expr;
  /** the codes as u32 words of four */
  readonly codes: string;
  /** per block d, or d and s interleaved where the weights have a zero or min (`xsStride`) */
  readonly scales: string;
}

/** gemv's activation: x [M, K] */
export const GEMV_ACTIVATION: ActivationRef = { buffer: 'x', rows: param('M'), K: param('K'), codes: 'xq', scales: 'xs' };

/**
 * 4-way int8 dot product: acc + Σ a.byte[i] · b.byte[i] over the four bytes of two u32 words, read as
 * signed (i32). One IR call that each dialect spells: __dp4a on CUDA, integer math elsewhere.
 */
export function dot4I8(a: Expr, b: Expr, acc: Expr): Expr {
  return call('dot4_i8', [a, b, acc], I32);
}

/**
 * The int8 scale of a block, d = amax / 127, and its inverse id (0 for an all-zero block), as lets `<p>d`
 * and `<p>id`. For f16 x, id is rounded to 11 significant bits (half to even): x · id is then exact in f32,
 * so the f32 fma of `int8Code` and CUDA's f16x2 fma (`f16x2_codes`) round the same product to the same code.
 * The codes move by at most 2^-12 of their size (|q| stays <= 127), far inside the int8 bound.
 */
export function int8Scale(amax: Expr, act: 'f32' | 'f16', p = ''): Stmt[] {
  const d = v(`${p}d`, F32);
  const scale = let_(`${p}d`, F32, div(amax, c.f32(127)));
  const inverse = select(ne(d, c.f32(0)), div(c.f32(1), d), c.f32(0));
  if (act === 'f32') return [scale, let_(`${p}id`, F32, inverse)];
  const bits = v(`${p}idb`, U32);
  const rounded = and(add(add(bits, c.u32(0xfff)), and(shr(bits, c.u32(13)), c.u32(1))), c.u32(0xffffe000));
  return [scale, let_(`${p}idb`, U32, bitcast(inverse, U32)), let_(`${p}id`, F32, bitcast(rounded, F32))];
}

/** 1.5 · 2^23: every f32 within 2^22 of it is an integer (ulp 1), so adding it rounds to one */
const ROUND_MAGIC = 12582912;
const ROUND_MAGIC_BITS = 0x4b400000;

/**
 * The code of value x, q = round(x · id) half to even, by one fma into 1.5 · 2^23 (no float-to-int
 * conversion, a slow pipe on GPUs): the sum's bits, let `<p>b<suffix>` (u32), are 0x4B400000 + q, so
 * their low byte is q as a signed byte (`codeOf` gives q). ggml rounds half away from zero: the codes
 * differ only where x · id is an exact tie, within the int8 bound either way.
 */
export function int8Code(suffix: string, x: Expr, p = ''): Stmt {
  return let_(`${p}b${suffix}`, U32, bitcast(fma(x, v(`${p}id`, F32), c.f32(ROUND_MAGIC)), U32));
}

/** q (i32) from the bits `int8Code` leaves */
export function codeOf(bits: Expr): Expr {
  return sub(bitcast(bits, I32), c.i32(ROUND_MAGIC_BITS));
}

/** the low bytes of four u32 words (`int8Code`'s b lets) as one word, the first in the low byte */
export function packCodes(bytes: readonly Expr[]): Expr {
  const byte = (i: number): Expr => {
    const b = and(bytes[i]!, c.u32(0xff));
    return i ? shl(b, c.u32(8 * i)) : b;
  };
  return or(or(byte(0), byte(1)), or(byte(2), byte(3)));
}

/** a balanced tree of a binary operation over values (fewer dependent steps than a chain) */
export function balanced(values: readonly Expr[], op: (a: Expr, b: Expr) => Expr): Expr {
  if (values.length === 1) return values[0]!;
  const half = values.length >> 1;
  return op(balanced(values.slice(0, half), op), balanced(values.slice(half), op));
}

/**
 * One thread quantizes block `blk` of the input (of its rows·K values, 32 at a time) in registers, as
 * lets prefixed `p`: its 8 code words in `int8XElement` order for `weight`, d, and s = d·Σq when the
 * format needs it. The same d, codes and words as gemv's `lowerQuantizeX` (so every quantize_x variant
 * is bit-identical).
 */
export function quantizeXBlock(
  x: ActivationRef, weight: WeightFormatName, act: 'f32' | 'f16', caps: SimtCaps, blk: Expr, p: string, stmts: Stmt[],
): { words: Expr[]; d: Expr; s: Expr | undefined } {
  const format = FORMATS[weight];
  // the block's 32 values in K order (a block never crosses a row: K is a multiple of 32)
  const halves = act === 'f16' ? loadWords(x.buffer, mul(blk, X_BLOCK / 2), X_BLOCK / 2, U32, `${p}xh`, stmts, caps.vectorLoads) : [];
  const f32Values = act === 'f32' ? loadWords(x.buffer, mul(blk, X_BLOCK), X_BLOCK, F32, `${p}xv`, stmts, caps.vectorLoads) : [];
  if (act === 'f32') {
    stmts.push(let_(`${p}amax`, F32, balanced(f32Values.map((x) => unary('abs', x)), max)));
  } else {
    // f16: amax over the packed halves, a chain of f16x2 maxima where the target has them (exact: the
    // largest |x| is one of the halves); on the H200 it also left nvcc 96 registers, not 104 (5
    // workgroups of 128 threads per SM, not 4)
    stmts.push(let_(`${p}hmax`, U32, halves.slice(1).reduce((a, b) => call('absmax_f16x2', [a, b], U32), halves[0]!)));
    const packed = v(`${p}hmax`, U32);
    stmts.push(let_(`${p}amax`, F32, max(f16ToF32(packed), f16ToF32(shr(packed, c.u32(16))))));
  }
  stmts.push(...int8Scale(v(`${p}amax`, F32), act, p));
  const values = act === 'f32' ? f32Values : halves.flatMap((w) => [f16ToF32(w), f16ToF32(shr(w, c.u32(16)))]);
  const words = Array.from({ length: X_BLOCK / 4 }, (_, t) => v(`${p}w${t}`, U32));
  if (act === 'f32' || !caps.f16x2Codes) {
    f32Codes(format, values, p, stmts).forEach((e, t) => stmts.push(let_(`${p}w${t}`, U32, e)));
  } else {
    // f16x2 fmas while id fits f16 (amax >= 127 / 32768); smaller blocks take the f32 path: there the f16
    // product x · id can fall below f16's normal range, and the H200 rounds it (codes off by one)
    const fast: Stmt[] = [];
    const slow: Stmt[] = [];
    packedHalfCodes(format, halves, p, fast).forEach((e, t) => fast.push(assign(`${p}w${t}`, e)));
    f32Codes(format, values, p, slow).forEach((e, t) => slow.push(assign(`${p}w${t}`, e)));
    stmts.push(...words.map((_, t) => letMut(`${p}w${t}`, U32, c.u32(0))), if_(lt(v(`${p}id`, F32), c.f32(32768)), fast, slow));
  }
  const d = v(`${p}d`, F32);
  if (xsStride(weight) !== 2) return { words, d, s: undefined };
  // Σq as 4-way dot products of the packed words with ones (8 instructions, not 31 adds), two chains
  const ones = c.u32(0x01010101);
  const chains = [0, 1].map((j) => words.filter((_, t) => t % 2 === j).reduce<Expr>((acc, w) => dot4I8(w, ones, acc), c.i32(0)));
  return { words, d, s: mul(d, cast(add(chains[0]!, chains[1]!), F32)) };
}

/** x words of codes from the block's values one by one: an f32 fma each (`int8Code`), then byte packing */
function f32Codes(format: WeightFormat, values: readonly Expr[], p: string, stmts: Stmt[]): Expr[] {
  values.forEach((x, e) => stmts.push(let_(`${p}v${e}`, F32, x), int8Code(`${e}`, v(`${p}v${e}`, F32), p)));
  const code = (e: number): Expr => v(`${p}b${e}`, U32);
  return Array.from({ length: X_BLOCK / 4 }, (_, t) => packCodes([0, 1, 2, 3].map((i) => code(int8XElement(format, t, i)))));
}

/**
 * x words of codes from the block's f16 words two values at a time (`f16x2_codes`: codes in bytes 0 and
 * 2), gathered by byte permutes: 16 f16x2 fmas and 8 (K order) or 12 (adjacent pairs) permutes for the
 * 32 codes, not 32 conversions, 32 fmas and 24 packing steps. Needs id < 32768 (an f16).
 */
function packedHalfCodes(format: WeightFormat, halves: readonly Expr[], p: string, stmts: Stmt[]): Expr[] {
  const perm = (a: Expr, b: Expr, selector: number): Expr => call('byte_perm', [a, b, c.u32(selector)], U32);
  const q = halves.map((h, u) => {
    stmts.push(let_(`${p}q${u}`, U32, call('f16x2_codes', [h, v(`${p}id`, F32)], U32)));
    return v(`${p}q${u}`, U32);
  });
  // K order: word t is the codes of q[2t], q[2t + 1]
  if (int8XInKOrder(format)) return Array.from({ length: X_BLOCK / 4 }, (_, t) => perm(q[2 * t]!, q[2 * t + 1]!, 0x6420));
  // adjacent pairs: words 2j and 2j + 1 are the even and odd codes of q[4j..4j + 3], through two interleaves
  return Array.from({ length: X_BLOCK / 8 }, (_, j) => {
    stmts.push(let_(`${p}qa${j}`, U32, perm(q[4 * j]!, q[4 * j + 1]!, 0x6240)), let_(`${p}qb${j}`, U32, perm(q[4 * j + 2]!, q[4 * j + 3]!, 0x6240)));
    const [a, b] = [v(`${p}qa${j}`, U32), v(`${p}qb${j}`, U32)];
    return [perm(a, b, 0x5410), perm(a, b, 0x7632)];
  }).flat();
}
