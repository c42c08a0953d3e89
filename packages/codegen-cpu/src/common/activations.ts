/**
 * How a CPU lowering stages its activations before the dot products: x to f32 (f16 converted, 4-bit
 * planar formats permuted even/odd inside each block), or quantized to int8 per 32-block as ggml's
 * q8_0 (d = amax/127, q = round(x/d)), keeping d and d * sum(q) for the weights' zero/min terms.
 *
 * The staging is told which activation it reads and where it writes (`ActivationRef`: the input, its
 * row count and row length as expressions, the scratch buffers), so another op stages its own input
 * into its own scratch with the same code.
 */
import type { Expr, Stmt } from '@kforge/ir';
import { add, assign, c, cast, div, forLoop, ge, let_, letMut, load, max, mul, ne, param, rem, select, store, sub, unary, v } from '@kforge/ir';
import { XBLOCK, type QuantWeights } from '../gemv/weights.ts';

/** which activation a lowering stages: the input [rows, K] and the scratch buffers it stages into */
export interface ActivationRef {
  /** the input: f32 or f16, rows of K elements */
  readonly buffer: string;
  readonly rows: Expr;
  readonly K: Expr;
  /** float path: the input as f32 [rows, K] */
  readonly staged: string;
  /** int8 path: the codes (i8 [rows, K]) and each block's d (f32 [rows, K/32]) */
  readonly codes: string;
  readonly scales: string;
  /** per block the sum of the staged values (float path) or d * sum(q) (int8 path), where the weights have a zero or min */
  readonly sums: string;
}

/** gemv's activation: x [M, K] */
export const GEMV_ACTIVATION: ActivationRef = { buffer: 'x', rows: param('M'), K: param('K'), staged: 'xf', codes: 'xq', scales: 'xd', sums: 'xs' };

const i32 = (name: string): Expr => v(name, 'i32');

/** position of element k of a row after staging (even/odd split inside each block for adjacent-pair nibbles) */
export function stagedIndex(q: QuantWeights | undefined, k: Expr): Expr {
  if (!q?.evenOddX) return k;
  const j = rem(k, XBLOCK);
  return add(sub(k, j), add(div(j, 2), mul(rem(j, 2), XBLOCK / 2)));
}

/** one element of the input as f32 */
export function loadX(x: ActivationRef, act: 'f32' | 'f16', index: Expr): Expr {
  const raw = load(x.buffer, index, act);
  return act === 'f32' ? raw : cast(raw, 'f32');
}

/** the float path's staging: the input to f32 in `staged` order, and per block the sums when the weights need them */
export function stageX(x: ActivationRef, q: QuantWeights | undefined, needOffset: boolean, act: 'f32' | 'f16'): Stmt[] {
  const { rows, K } = x;
  const m = i32('m');
  const k = i32('k');
  const b = i32('b');
  const stage = forLoop('m', 0, rows, [
    forLoop('k', 0, K, [store(x.staged, add(mul(m, K), stagedIndex(q, k)), loadX(x, act, add(mul(m, K), k)))]),
  ]);
  if (!needOffset) return [stage];
  const sums = forLoop('m', 0, rows, [
    forLoop('b', 0, div(K, XBLOCK), [
      letMut('s', 'f32', c.f32(0)),
      forLoop('j', 0, XBLOCK, [assign('s', add(v('s', 'f32'), load(x.staged, add(mul(m, K), add(mul(b, XBLOCK), i32('j'))), 'f32')))]),
      store(x.sums, add(mul(m, div(K, XBLOCK)), b), v('s', 'f32')),
    ]),
  ]);
  return [stage, sums];
}

/**
 * Where x code (block b, plane h, position e) goes in a row of the codes: plane 0 holds the elements
 * that meet low nibbles, plane 1 the others (element 16h + e, or 2e + h for 4-bit planar formats).
 */
export type XqLayout = (b: Expr, h: number, e: Expr) => Expr;

/** element order (4-bit planar formats: even elements, then odd ones) */
export const plainLayout: XqLayout = (b, h, e) => add(mul(b, XBLOCK), add(e, h * (XBLOCK / 2)));

/**
 * ggml q8_0 quantization of the input per 32-block: d = amax/127, q = round(x/d); keeps d and d*sum(q).
 * Codes are stored in element order (4-bit planar formats even/odd, as `stageX`), or by `layout`.
 */
export function quantizeX(x: ActivationRef, q: QuantWeights, needOffset: boolean, act: 'f32' | 'f16', layout?: XqLayout): Stmt[] {
  const { rows, K } = x;
  const m = i32('m');
  const b = i32('b');
  const j = i32('j');
  const e = i32('e');
  const f = (n: string): Expr => v(n, 'f32');
  const xAt = (k: Expr): Expr => loadX(x, act, add(mul(m, K), add(mul(b, XBLOCK), k)));
  const blockIndex = add(mul(m, div(K, XBLOCK)), b);
  const quantize = (k: Expr, at: Expr): Stmt[] => [
    let_('s', 'f32', mul(xAt(k), f('id'))),
    // round half away from zero without libm
    let_('qv', 'i32', cast(add(f('s'), select(ge(f('s'), c.f32(0)), c.f32(0.5), c.f32(-0.5))), 'i32')),
    store(x.codes, add(mul(m, K), at), cast(i32('qv'), 'i8')),
    assign('isum', add(i32('isum'), i32('qv'))),
  ];
  // element of plane h at position e
  const element = (h: number): Expr => (q.evenOddX ? add(mul(e, 2), h) : add(e, h * (XBLOCK / 2)));
  const codes = layout
    ? [0, 1].map((h) => forLoop('e', 0, XBLOCK / 2, quantize(element(h), layout(b, h, e))))
    : [forLoop('j', 0, XBLOCK, quantize(j, stagedIndex(q, add(mul(b, XBLOCK), j))))];
  return [forLoop('m', 0, rows, [
    forLoop('b', 0, div(K, XBLOCK), [
      letMut('amax', 'f32', c.f32(0)),
      forLoop('j', 0, XBLOCK, [assign('amax', max(f('amax'), unary('abs', xAt(j))))]),
      let_('d', 'f32', div(f('amax'), c.f32(127))),
      let_('id', 'f32', select(ne(f('d'), c.f32(0)), div(c.f32(1), f('d')), c.f32(0))),
      letMut('isum', 'i32', c.i32(0)),
      ...codes,
      store(x.scales, blockIndex, f('d')),
      ...(needOffset ? [store(x.sums, blockIndex, mul(f('d'), cast(i32('isum'), 'f32')))] : []),
    ]),
  ])];
}
