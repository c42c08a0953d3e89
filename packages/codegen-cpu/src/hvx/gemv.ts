/**
 * gemv for the HVX vector DSP class (Hexagon v67, 128-byte vectors, integer HVX only).
 *
 * Quantized weights, dot path int8: x is quantized to int8 per 32-block in scalar code
 * (common/activations.ts `quantizeX`, ggml q8_0). Four 32-element blocks fill one vector: byte lane 32g + j holds element j
 * of block g, for the weight codes (4-bit codes unpacked with byte and/shift into low-nibble half,
 * high-nibble half, as ggml's split-halves order; planar formats have x permuted instead) and for x.
 * `vrmpy` sums 4 adjacent byte products per 32-bit lane, so block g's dot product is the sum of
 * lanes 8g..8g+7; three rotate-adds put it in lane 8g. The per-block scale and offset are applied in
 * scalar f32 (no float HVX before v68). Blocks left over after groups of four go one per vector.
 *
 * The vrmpy loops are `hvxDotTile`, told which weight rows and activation rows they multiply (moe's
 * experts, several tokens per vector of weight codes).
 *
 * Dense weights and the float dot path run on the scalar core: the fixed-width lowering at width 1
 * (`lowerGemvSimd` with `ScalarRules`), printed freestanding.
 */
import type { Expr, Kernel, KernelParam, Params, Stmt } from '@kforge/ir';
import {
  add, and, assign, broadcast, bufferParam, c, call, cast, concat, div, dot, fma, forLoop, lane, let_, letMut, load, mul, param,
  reduce, rem, scalarParam, shr, store, sub, typeOf, v, vec, type WeightFormatName,
} from '@kforge/ir';
import { GEMV_ACTIVATION, quantizeX, type ActivationRef } from '../common/activations.ts';
import { GEMV_WEIGHT, XBLOCK, blockOffset, quantWeights, type QuantWeights } from '../gemv/weights.ts';

/** the weight gemv reads and the activation it stages (the readers and the staging are shared with other ops) */
const W = GEMV_WEIGHT;
const X = GEMV_ACTIVATION;

export interface GemvHvxConfig {
  /** weight rows per iteration (x blocks are loaded once for all of them) */
  readonly rows: number;
  readonly dot_path: 'float' | 'int8';
}

/** 32-element blocks per 128-byte vector */
const BLOCKS_PER_VECTOR = 4;

const M = param('M');
const N = param('N');
const K = param('K');
const i32 = (name: string): Expr => v(name, 'i32');
const f32 = (name: string): Expr => v(name, 'f32');

interface Ctx {
  readonly q: QuantWeights;
  readonly bias: boolean;
  readonly needOffset: boolean;
}

/** The int8 (vrmpy) kernel; the scalar-core kernels come from lowerGemvSimd (see emit.ts). */
export function lowerGemvHvxInt8(params: Params, config: GemvHvxConfig): Kernel {
  const format = params.weight as WeightFormatName;
  const act = params.act as 'f32' | 'f16';
  const q = quantWeights(format, W);
  if (!q) throw new Error(`gemv hvx: the vrmpy path needs a quantized weight format, not ${format}`);
  const needOffset = q.zero !== 0 || q.hasMin;
  const bufferParams: KernelParam[] = [
    bufferParam(X.buffer, act), bufferParam(W.buffer, 'u8'), ...q.planes.map((p) => bufferParam(p, 'f16')),
    ...(params.bias ? [bufferParam('bias', 'f32')] : []), bufferParam('y', 'f32', 'write'),
    bufferParam(X.codes, 'i8', 'readwrite'), bufferParam(X.scales, 'f32', 'readwrite'), ...(needOffset ? [bufferParam(X.sums, 'f32', 'readwrite')] : []),
  ];
  const ctx: Ctx = { q, bias: !!params.bias, needOffset };
  const R = config.rows;
  const body: Stmt[] = [
    ...quantizeX(X, q, needOffset, act),
    forLoop('rb', 0, div(N, R), [let_('n0', 'i32', mul(i32('rb'), R)), forLoop('m', 0, M, tile(ctx, R))]),
    ...(R > 1 ? [forLoop('n0', sub(N, rem(N, R)), N, [forLoop('m', 0, M, tile(ctx, 1))])] : []),
  ];
  return {
    name: `gemv_${format}_${act}${params.bias ? '_bias' : ''}_hvx_r${R}_int8`,
    model: 'cpu',
    params: [...bufferParams, scalarParam('M'), scalarParam('N'), scalarParam('K')],
    body,
  };
}

/** one block's codes as bytes in element order: i8 for q8_0, unpacked nibbles (u8) for 4-bit */
function blockCodes(q: QuantWeights, n: Expr, b: Expr): Expr {
  if (q.bits === 8) return load(q.buffer, q.codes(n, b), vec('i8', 32));
  const U8 = vec('u8', 16);
  const packed = load(q.buffer, q.codes(n, b), U8);
  return concat(and(packed, broadcast(c.u8(15), U8)), shr(packed, c.i32(4)));
}

function tile(ctx: Ctx, R: number): Stmt[] {
  return hvxDotTile({
    needOffset: ctx.needOffset, K, x: X,
    rows: Array.from({ length: R }, (_, r) => ({ q: ctx.q, n: add(i32('n0'), r) })),
    tokens: [i32('m')],
    finish: (value) => Array.from({ length: R }, (_, r) => {
      const n = add(i32('n0'), r);
      return store('y', add(mul(i32('m'), N), n), ctx.bias ? add(value(r, 0), load('bias', n, 'f32')) : value(r, 0));
    }),
  });
}

/** one weight row of a vrmpy tile: its reader and row index */
export interface HvxDotRow {
  readonly q: QuantWeights;
  readonly n: Expr;
}

/**
 * A tile of int8 dot products on HVX: `rows` quantized weight rows times `tokens` rows of the activation
 * quantized per 32-block (`x.codes`, `x.scales`, `x.sums`, rows of x.K), each vector of weight codes
 * serving every token. `finish` gets each f32 dot product (row r, token t) and stores it.
 */
export interface HvxDotTile {
  readonly needOffset: boolean;
  readonly K: Expr;
  readonly x: ActivationRef;
  readonly rows: readonly HvxDotRow[];
  readonly tokens: readonly Expr[];
  readonly finish: (value: (r: number, t: number) => Expr) => Stmt[];
}

export function hvxDotTile(spec: HvxDotTile): Stmt[] {
  const { x } = spec;
  const MT = spec.tokens.length;
  const perToken = (base: string, t: number): string => (MT === 1 ? base : `${base}_${t}`);
  const acc = (r: number, t: number): string => perToken(`acc_${r}`, t);
  const xvName = (t: number): string => perToken('xv', t);
  const b = i32('b');
  const KB = div(spec.K, XBLOCK);
  const groupEnd = sub(KB, rem(KB, BLOCKS_PER_VECTOR));
  const xqAt = (m: Expr, lanes: number): Expr => load(x.codes, add(mul(m, x.K), mul(b, XBLOCK)), vec('i8', lanes));

  /** acc += isum * scale_w * d_x (+ offset_w * d_x * sum(q_x)) for block `blk` */
  const scaleBlock = (r: number, t: number, blk: Expr, isum: Expr): Stmt[] => {
    const { q, n } = spec.rows[r]!;
    const at = add(mul(spec.tokens[t]!, KB), blk);
    const sc = q.scale(n, blk);
    const s: Stmt[] = [assign(acc(r, t), fma(cast(isum, 'f32'), mul(sc, load(x.scales, at, 'f32')), f32(acc(r, t))))];
    const off = blockOffset(q, q.scale(n, blk), n, blk);
    if (off) s.push(assign(acc(r, t), fma(off, load(x.sums, at, 'f32'), f32(acc(r, t)))));
    return s;
  };

  const group: Stmt[] = spec.tokens.map((m, t) => let_(xvName(t), vec('i8', 128), xqAt(m, 128)));
  spec.rows.forEach(({ q, n }, r) => {
    let w = concat(...Array.from({ length: BLOCKS_PER_VECTOR }, (_, g) => blockCodes(q, n, add(b, g))));
    // several tokens share one vector of weight codes
    if (MT > 1) {
      group.push(let_(`w_${r}`, typeOf(w), w));
      w = v(`w_${r}`, typeOf(w));
    }
    spec.tokens.forEach((_m, t) => {
      const sums = call('kf_hvx_sum8', [dot(broadcast(c.i32(0), vec('i32', 32)), w, v(xvName(t), vec('i8', 128)))], vec('i32', 32));
      const s = perToken(`s_${r}`, t);
      group.push(let_(s, vec('i32', 32), sums));
      for (let g = 0; g < BLOCKS_PER_VECTOR; g++) group.push(...scaleBlock(r, t, add(b, g), lane(v(s, vec('i32', 32)), 8 * g)));
    });
  });

  const single: Stmt[] = spec.tokens.map((m, t) => let_(xvName(t), vec('i8', 32), xqAt(m, 32)));
  spec.rows.forEach(({ q, n }, r) => {
    let w = blockCodes(q, n, b);
    if (MT > 1) {
      single.push(let_(`w_${r}`, typeOf(w), w));
      w = v(`w_${r}`, typeOf(w));
    }
    spec.tokens.forEach((_m, t) => {
      const isum = reduce('add', dot(broadcast(c.i32(0), vec('i32', 8)), w, v(xvName(t), vec('i8', 32))));
      single.push(...scaleBlock(r, t, b, isum));
    });
  });

  const out: Stmt[] = [];
  spec.rows.forEach((_row, r) => spec.tokens.forEach((_m, t) => out.push(letMut(acc(r, t), 'f32', c.f32(0)))));
  out.push(forLoop('b', 0, groupEnd, group, { step: BLOCKS_PER_VECTOR }));
  out.push(forLoop('b', groupEnd, KB, single));
  out.push(...spec.finish((r, t) => f32(acc(r, t))));
  return out;
}
