/**
 * How a gemv lowering reads one weight row, derived from the format descriptions (FORMATS): where a
 * 32-element block's codes, scale and min live, and how 4-bit codes sit in bytes. No format is
 * special-cased by name; a new block or planar format only needs its FORMATS entry.
 *
 * Every quantized block is read as 16 (4-bit) or 32 (8-bit) bytes of codes whose low nibbles hold
 * block elements 0..15 and high nibbles 16..31. That is ggml's 'split-halves' order; for
 * 'adjacent-pairs' (planar w4, element 2i low / 2i+1 high) the lowering instead permutes x inside
 * each block when it stages it (`evenOddX`), so the weight side never shuffles.
 *
 * The reader is told which weight it reads (`WeightRef`: the buffer, its planes named after it, and
 * the row length K as an expression), so another op reads its own weights with the same code, e.g.
 * MoE's expert e of `w_gate` as rows e*I + n of a weight named w_gate.
 */
import type { Expr, WeightFormat } from '@kforge/ir';
import { FORMATS, add, c, cast, div, load, mul, param, type WeightFormatName } from '@kforge/ir';

/** elements per block of x for the quantized paths (ggml's QK8_0) */
export const XBLOCK = 32;

export interface QuantWeights {
  readonly bits: 4 | 8;
  /** 8-bit codes are two's complement */
  readonly signedCodes: boolean;
  /** value = (code - zero) * scale + min */
  readonly zero: number;
  readonly hasMin: boolean;
  /** x must be staged with even elements of each block first, then odd ones */
  readonly evenOddX: boolean;
  /** the weight's buffer: codes, and for block formats their scales and mins too */
  readonly buffer: string;
  /** the planes besides it (planar formats): f16 buffers */
  readonly planes: readonly string[];
  /** byte offset in the buffer of the codes of x-block `b` of row `n` */
  codes(n: Expr, b: Expr): Expr;
  /** f32 scale and min of x-block `b` of row `n` */
  scale(n: Expr, b: Expr): Expr;
  min(n: Expr, b: Expr): Expr;
  /** the same as stored: f16 loads, for packing the scales of several blocks into one vector */
  scaleBits(n: Expr, b: Expr): Expr;
  minBits(n: Expr, b: Expr): Expr;
  /** bytes of the buffer from one block's codes to the next block's (block formats: the whole block) */
  readonly blockStride: number;
  /** bytes of the buffer for `n` rows */
  wBytes(n: Expr): Expr;
}

/** which weight a lowering reads: the buffer (planar formats add `<buffer>_scale` and `<buffer>_min`) and its row length */
export interface WeightRef {
  readonly buffer: string;
  readonly K: Expr;
}

/** gemv's weight: W [N, K] */
export const GEMV_WEIGHT: WeightRef = { buffer: 'W', K: param('K') };

export function quantWeights(name: WeightFormatName, weight: WeightRef): QuantWeights | undefined {
  const { buffer, K } = weight;
  const f: WeightFormat = FORMATS[name];
  if (f.kind === 'dense') return undefined;
  if (f.kind === 'block') {
    if (f.block !== XBLOCK) throw new Error(`gemv cpu: block size ${f.block} of ${name} is not ${XBLOCK}`);
    const rowBytes = mul(div(K, f.block), f.bytes);
    const base = (n: Expr, b: Expr): Expr => add(mul(n, rowBytes), mul(b, f.bytes));
    const minOffset = f.minOffset;
    const scaleBits = (n: Expr, b: Expr): Expr => load(buffer, add(base(n, b), f.scaleOffset), 'f16');
    const minBits = (n: Expr, b: Expr): Expr => {
      if (minOffset === null) throw new Error(`${name} has no min`);
      return load(buffer, add(base(n, b), minOffset), 'f16');
    };
    return {
      buffer, bits: f.bits, signedCodes: f.signedCodes, zero: f.zero, hasMin: minOffset !== null, evenOddX: f.nibbles === 'adjacent-pairs', planes: [],
      codes: (n, b) => add(base(n, b), f.codesOffset),
      scale: (n, b) => cast(scaleBits(n, b), 'f32'),
      min: (n, b) => cast(minBits(n, b), 'f32'),
      scaleBits, minBits,
      blockStride: f.bytes,
      wBytes: (n) => mul(n, rowBytes),
    };
  }
  const G = f.block;
  if (G % XBLOCK !== 0) throw new Error(`gemv cpu: group ${G} of ${name} is not a multiple of ${XBLOCK}`);
  const group = (n: Expr, b: Expr): Expr => add(mul(n, div(K, G)), G === XBLOCK ? b : div(b, G / XBLOCK));
  const scaleBits = (n: Expr, b: Expr): Expr => load(`${buffer}_scale`, group(n, b), 'f16');
  const minBits = (n: Expr, b: Expr): Expr => load(`${buffer}_min`, group(n, b), 'f16');
  return {
    buffer, bits: f.bits, signedCodes: false, zero: f.zero, hasMin: true, evenOddX: f.nibbles === 'adjacent-pairs',
    planes: f.planes.map((p) => `${buffer}_${p}`),
    codes: (n, b) => add(mul(n, div(K, 2)), mul(b, XBLOCK / 2)),
    scale: (n, b) => cast(scaleBits(n, b), 'f32'),
    min: (n, b) => cast(minBits(n, b), 'f32'),
    scaleBits, minBits,
    blockStride: XBLOCK / 2,
    wBytes: (n) => mul(n, div(K, 2)),
  };
}

/** The f32 offset added per block: min - zero * scale (absent when both are 0). */
export function blockOffset(q: QuantWeights, scale: Expr, n: Expr, b: Expr): Expr | undefined {
  const zeroTerm = q.zero !== 0 ? mul(scale, c.f32(-q.zero)) : undefined;
  if (!q.hasMin) return zeroTerm;
  return zeroTerm ? add(q.min(n, b), zeroTerm) : q.min(n, b);
}
