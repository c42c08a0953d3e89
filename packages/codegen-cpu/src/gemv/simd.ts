/**
 * gemv for the fixed-width SIMD class (c as width 1, avx2, avx512, neon): y[M,N] = x[M,K] W[N,K]^T (+ bias).
 *
 * Shape of the kernel:
 * 1. Stage x once (serial, M*K is small; common/activations.ts): to f32 for the float path (f16
 *    converted, 4-bit planar formats permuted even/odd inside each block), or quantized to int8 per
 *    32-block as ggml's q8_0 (scale d = amax/127) for the int8 path, keeping d and d * sum(q) for the
 *    zero/min terms.
 * 2. Rows are split over OpenMP threads in blocks of `rows`; each thread streams its rows once.
 *    Inside a row block, `m_tile` rows of x share every loaded weight vector (small-batch decode),
 *    and `k_unroll` independent accumulator sets hide FMA latency. Each (row, x-row) is reduced once.
 * 3. Quantized weights: the float path widens codes to f32 and accumulates per block, then scales;
 *    the int8 path does integer dot products (vpdpbusd / maddubs / sdot) and scales the i32 sums by
 *    scale_w * d_x. The per-block offset (min - zero * scale) times d_x * sum(x codes) is a scalar
 *    term per block, except in the SIMD int8 path's groups (below).
 * 4. SIMD int8 path: blocks go in groups of one f32 vector's lanes (8 on x86, 4 on NEON). Per group
 *    and row, the f16 scales are packed into one vector and converted once, multiplied by the 8 (4)
 *    d_x at once, and the offsets of the whole group are one vector fma into an accumulator; each dot
 *    product then takes its scale from a lane of that vector. On x86 a 4-bit dot vector holds two
 *    blocks (j and j + 4 of the group) in its 128-bit halves, so one conversion and one fma serve two
 *    blocks; x staging stores the codes in that order. With 512-bit dot vectors (`dot_width` 512,
 *    AVX-512) a group is 16 blocks and each of its 4 dot vectors holds 16 bytes of blocks j, j + 4,
 *    j + 8 and j + 12 in its 128-bit lanes (4-bit: the codes; 8-bit: the first or second half of the
 *    codes), so one scale pick (lane j of each 128-bit lane) serves four blocks. Blocks after the last
 *    whole group take the per-block path (at the ISA's narrow width).
 * 5. Quantized weights, both paths: optional software prefetch (`prefetch` bytes ahead in each row,
 *    once per step of the block loop); each row is one sequential stream that the hardware
 *    prefetcher alone keeps too few lines ahead of.
 */
import type { Expr, Kernel, KernelParam, Params, Stmt, Type, VectorType } from '@kforge/ir';
import {
  FORMATS, add, and, assign, broadcast, bufferParam, c, call, cast, concat, div, dot, fma, forLoop, ge, lane, let_, letMut, load, lt, max, min,
  mul, ne, param, reduce, rem, scalarParam, select, shr, store, sub, typeKey, unary, v, vec,
  type WeightFormatName,
} from '@kforge/ir';
import type { SimdIsa } from '../isa/simd.ts';
import { GEMV_ACTIVATION, plainLayout, quantizeX, stageX, type ActivationRef, type XqLayout } from '../common/activations.ts';
import { GEMV_WEIGHT, XBLOCK, blockOffset, quantWeights, type QuantWeights } from './weights.ts';

/** the weight gemv reads and the activation it stages (the readers and the staging are shared with other ops) */
const W = GEMV_WEIGHT;
const X = GEMV_ACTIVATION;

export interface GemvSimdConfig {
  /** weight rows per block (and per thread work item) */
  readonly rows: number;
  /** rows of x sharing each loaded weight vector */
  readonly m_tile: number;
  /** independent accumulator sets along K (vectors for dense weights, blocks for quantized) */
  readonly k_unroll: number;
  readonly dot_path: 'float' | 'int8';
  /** quantized weights: software prefetch this many bytes ahead in each weight row (0 or absent: none) */
  readonly prefetch?: number;
  /**
   * 'spread': the `rows` rows of a block are N/rows apart, so each thread streams `rows` separate
   * regions of W at once (what the hardware prefetchers keep up with best); 'adjacent' (default):
   * consecutive rows, one region.
   */
  readonly row_order?: 'adjacent' | 'spread';
  /** int8 path: bits of one integer dot vector, 512 where the ISA has a wide form (AVX-512 zmm); default 256 (the ISA's own) */
  readonly dot_width?: 256 | 512;
}

/** bytes of one int8 dot vector of the groups: the ISA's, or its wide form where the config asks for 512 bits */
export function groupDotBytes(isa: SimdIsa, config: GemvSimdConfig): number {
  if (config.dot_path !== 'int8' || config.dot_width === undefined || config.dot_width === 256) return isa.dotBytes;
  if (!isa.wideDotBytes) throw new Error(`gemv: dot_width ${config.dot_width} needs an ISA with 512-bit int8 dot products, not ${isa.rules.name}`);
  return isa.wideDotBytes;
}

const M = param('M');
const N = param('N');
const K = param('K');
const i32 = (name: string): Expr => v(name, 'i32');

export function lowerGemvSimd(params: Params, config: GemvSimdConfig, isa: SimdIsa): Kernel {
  const format = params.weight as WeightFormatName;
  const act = params.act as 'f32' | 'f16';
  const q = quantWeights(format, W);
  if (config.dot_path === 'int8' && !q) throw new Error(`gemv: dot_path int8 needs a quantized weight format, not ${format}`);
  const int8 = config.dot_path === 'int8';
  const D = groupDotBytes(isa, config);
  const L = int8 ? Math.max(1, D / 4) : isa.f32Lanes;
  const needOffset = q !== undefined && (q.zero !== 0 || q.hasMin);
  const pairs = int8 && L > 1 && pairedBlocks(q!, isa, D);

  const wElem = FORMATS[format].kind === 'dense' ? format as 'f32' | 'f16' | 'bf16' : 'u8';
  const bufferParams: KernelParam[] = [
    bufferParam(X.buffer, act), bufferParam(W.buffer, wElem), ...(q?.planes ?? []).map((p) => bufferParam(p, 'f16')),
    ...(params.bias ? [bufferParam('bias', 'f32')] : []), bufferParam('y', 'f32', 'write'),
    ...(int8
      ? [
        bufferParam(X.codes, 'i8', 'readwrite'), bufferParam(X.scales, 'f32', 'readwrite'), ...(needOffset ? [bufferParam(X.sums, 'f32', 'readwrite')] : []),
      ]
      : [bufferParam(X.staged, 'f32', 'readwrite'), ...(needOffset ? [bufferParam(X.sums, 'f32', 'readwrite')] : [])]),
  ];

  const spread = config.row_order === 'spread' && config.rows > 1;
  // row r of a block is n0 + r, or n0 + r * (N / rows) when spread
  const rowIndex = (r: number): Expr => {
    const n0 = i32('n0');
    if (!spread) return add(n0, r);
    return r === 0 ? n0 : add(n0, mul(div(N, config.rows), r));
  };
  const bias = !!params.bias;
  const refs: TileRefs = {
    X, K, wRows: N, weightOf: () => ({ buffer: W.buffer, q }), row: rowIndex, xRow: (t) => add(i32('m0'), t),
    out: (R, MT, y) => {
      const out: Stmt[] = [];
      for (let r = 0; r < R; r++) {
        for (let t = 0; t < MT; t++) {
          const yv = bias ? add(y(r, t), load('bias', rowIndex(r), 'f32')) : y(r, t);
          out.push(store('y', add(mul(add(i32('m0'), t), N), rowIndex(r)), yv));
        }
      }
      return out;
    },
  };
  const ctx = simdTileCtx(isa, format, config, refs);
  const tileAt = (R: number, MT: number): Stmt[] => simdTile(ctx, R, MT);

  const R = config.rows;
  const MT = config.m_tile;
  const rowTiles = (R_: number): Stmt[] => [
    forLoop('m0', 0, sub(M, rem(M, MT)), tileAt(R_, MT), { step: MT }),
    ...(MT > 1 ? [forLoop('m0', sub(M, rem(M, MT)), M, tileAt(R_, 1))] : []),
  ];
  const body: Stmt[] = [
    ...(int8 ? stageXq(X, q!, needOffset, act, pairs ? pairedLayout(X, L, D) : undefined, isa) : stageX(X, q, needOffset, act)),
    forLoop('rb', 0, div(N, R), [let_('n0', 'i32', spread ? i32('rb') : mul(i32('rb'), R)), ...rowTiles(R)], { parallel: true }),
    ...(R > 1 ? [forLoop('n0', sub(N, rem(N, R)), N, rowTiles(1))] : []),
  ];
  return {
    name: `gemv_${format}_${act}${params.bias ? '_bias' : ''}_${isa.rules.name}_${config.dot_path}`,
    model: 'cpu',
    params: [...bufferParams, scalarParam('M'), scalarParam('N'), scalarParam('K')],
    body,
  };
}

/**
 * What a tile reads and where its results go: gemv's W, x and y, or another op's (MoE: rows of one
 * expert of w_gate and w_up in one tile, tokens gathered per expert, results through SwiGLU).
 */
export interface TileRefs {
  /** the staged activation (its staged, codes, scales and sums scratch) */
  readonly X: ActivationRef;
  /** the reduction length: the weight rows' and the activation rows' K */
  readonly K: Expr;
  /** rows of every weight buffer the tile reads (clamps software prefetch) */
  readonly wRows: Expr;
  /** the weight row r of the tile reads: its buffer, and its reader for quantized formats */
  readonly weightOf: (r: number) => { readonly buffer: string; readonly q: QuantWeights | undefined };
  /** the weight row (index into the buffer's rows) of tile row r */
  readonly row: (r: number) => Expr;
  /** the activation row of tile column t */
  readonly xRow: (t: number) => Expr;
  /** the statements that consume the tile's results y(r, t) (rows r < R, columns t < MT) */
  readonly out: (R: number, MT: number, y: (r: number, t: number) => Expr) => Stmt[];
}

/** The lowering state of one SIMD tile: the ISA, the format's reader, the config and what the tile reads. */
export interface SimdTileCtx {
  readonly isa: SimdIsa;
  readonly q: QuantWeights | undefined;
  /** f32 accumulator lanes */
  readonly L: number;
  /** int8 path: bytes of one dot vector of the groups (the ISA's, or its wide form) */
  readonly D: number;
  readonly VT: Type;
  readonly config: GemvSimdConfig;
  readonly needOffset: boolean;
  /** int8 groups hold 16 bytes of one block in each 128-bit lane of a dot vector (x86 4-bit, and any format at 512 bits) */
  readonly pairs: boolean;
  readonly format: WeightFormatName;
  readonly refs: TileRefs;
}
type Ctx = SimdTileCtx;

/** The tile state for `format` on `isa` (the reader of row 0's weight stands for the format's properties). */
export function simdTileCtx(isa: SimdIsa, format: WeightFormatName, config: GemvSimdConfig, refs: TileRefs): SimdTileCtx {
  const q = refs.weightOf(0).q;
  const int8 = config.dot_path === 'int8';
  const D = groupDotBytes(isa, config);
  const L = int8 ? Math.max(1, D / 4) : isa.f32Lanes;
  const needOffset = q !== undefined && (q.zero !== 0 || q.hasMin);
  const pairs = int8 && L > 1 && pairedBlocks(q!, isa, D);
  return { isa, q, L, D, VT: L === 1 ? 'f32' : vec('f32', L), config, needOffset, pairs, format, refs };
}

/** An R x MT tile: R weight rows against MT activation rows, each weight vector loaded once for all MT. */
export function simdTile(ctx: SimdTileCtx, R: number, MT: number): Stmt[] {
  return (ctx.q ? (ctx.config.dot_path === 'int8' ? int8Tile : floatQuantTile) : denseTile)(ctx, R, MT);
}

/** the reader and buffer of row r's weight */
const qOf = (ctx: Ctx, r: number): QuantWeights => ctx.refs.weightOf(r).q!;
const wBuf = (ctx: Ctx, r: number): string => ctx.refs.weightOf(r).buffer;

/** an f32 value of the accumulator shape: a broadcast, or the scalar itself at width 1 */
function splat(ctx: Ctx, x: Expr | number): Expr {
  return ctx.L === 1 ? (typeof x === 'number' ? c.f32(x) : x) : broadcast(x, vec('f32', ctx.L));
}

function hsum(ctx: Ctx, x: Expr): Expr {
  return ctx.L === 1 ? x : reduce('add', x);
}

/** the weight row of row r of the current tile */
function rowIndex(ctx: Ctx, r: number): Expr {
  return ctx.refs.row(r);
}

/** blocks a group's dot vector covers: one per 128-bit lane (4 f32 scales of the group per lane) */
const BLOCKS_PER_DOT = 4;

/**
 * The x86 paired group order: in each group of G blocks, dot vector j (< 4) reads D bytes of plane 0
 * (16 bytes of each of blocks j, j + 4, ..., one per 128-bit lane: D / 16 blocks) and then D bytes
 * of plane 1 (the 16 elements of each block's second half). Blocks after the last whole group keep
 * the element order. (Per element, not per plane: gcc vectorizes this staging loop, not a per-plane
 * base plus 16 stores, which it unrolls into scalar code.)
 */
export function pairedLayout(x: ActivationRef, G: number, D: number): XqLayout {
  if (G !== BLOCKS_PER_DOT * (D / 16)) throw new Error(`pairedLayout: a group of ${G} blocks does not fill ${BLOCKS_PER_DOT} dot vectors of ${D} bytes`);
  return (b, h, e) => {
    const i = rem(b, G);
    const paired = add(mul(sub(b, i), XBLOCK), add(add(mul(rem(i, BLOCKS_PER_DOT), 2 * D), h * D), add(mul(div(i, BLOCKS_PER_DOT), XBLOCK / 2), e)));
    return select(lt(b, mul(div(div(x.K, XBLOCK), G), G)), paired, plainLayout(b, h, e));
  };
}

/**
 * x86 pairs two 4-bit blocks per 32-byte dot vector (two 16-byte planes); a 64-byte one takes 16
 * bytes of four blocks of any format (8-bit codes as two halves of 16)
 */
export function pairedBlocks(q: QuantWeights, isa: SimdIsa, D: number = isa.dotBytes): boolean {
  return D === 64 || (q.bits === 4 && D === 32);
}

/** the rule keys the vector x staging needs (x86 tables): without all of them, the scalar loop */
const VECTOR_STAGING_RULES = [
  'load:f32x8', 'abs:f32x8', 'max:f32x8', 'reduce.max:f32x8', 'mul:f32x8', 'add:f32x8', 'ge:f32x8', 'select:f32x8',
  'cast:f32x8->i32x8', 'cast:i32x8->i8x8', 'concat:i8x8->i8x16', 'store:i8x16', 'add:i32x8', 'reduce.add:i32x8',
];

/**
 * x staging of the SIMD int8 path: the scalar `quantizeX`, or the same arithmetic on 8 lanes where
 * the ISA has the rules (x86; split-halves codes, where each plane is 16 consecutive elements). The
 * serial staging is otherwise a few percent of a short decode call (K = 3072: about 4 us of 100).
 */
export function stageXq(x: ActivationRef, q: QuantWeights, needOffset: boolean, act: 'f32' | 'f16', layout: XqLayout | undefined, isa: SimdIsa): Stmt[] {
  const rules = isa.rules.rules;
  const vector = isa.f32Lanes >= 8 && !q.evenOddX && VECTOR_STAGING_RULES.every((k) => rules[k] !== undefined)
    && (act === 'f32' || (rules['load:f16x8'] !== undefined && rules['cast:f16x8->f32x8'] !== undefined));
  if (!vector) return quantizeX(x, q, needOffset, act, layout);
  const { rows, K } = x;
  const F = vec('f32', 8);
  const I = vec('i32', 8);
  const m = i32('m');
  const b = i32('b');
  const f = (n: string): Expr => v(n, 'f32');
  const xAt = (k: number): Expr => {
    const at = add(mul(m, K), add(mul(b, XBLOCK), k * 8));
    return act === 'f32' ? load(x.buffer, at, F) : cast(load(x.buffer, at, vec('f16', 8)), F);
  };
  const xv = (k: number): Expr => v(`xv${k}`, F);
  const qv = (k: number): Expr => v(`qv${k}`, I);
  const splat8 = (s: Expr | number): Expr => broadcast(typeof s === 'number' ? c.f32(s) : s, F);
  const at = (h: number): Expr => add(mul(m, K), (layout ?? plainLayout)(b, h, c.i32(0)));
  const body: Stmt[] = [];
  for (let k = 0; k < 4; k++) body.push(let_(`xv${k}`, F, xAt(k)));
  const abs = (k: number): Expr => unary('abs', xv(k));
  body.push(
    let_('amax', 'f32', reduce('max', max(max(abs(0), abs(1)), max(abs(2), abs(3))))),
    let_('d', 'f32', div(f('amax'), c.f32(127))),
    let_('id', 'f32', select(ne(f('d'), c.f32(0)), div(c.f32(1), f('d')), c.f32(0))),
  );
  for (let k = 0; k < 4; k++) {
    // as the scalar loop: s = x * id, rounded half away from zero by truncating s +- 0.5
    body.push(let_(`s${k}`, F, mul(xv(k), splat8(f('id')))));
    const sk = v(`s${k}`, F);
    body.push(let_(`qv${k}`, I, cast(add(sk, select(ge(sk, splat8(0)), splat8(0.5), splat8(-0.5))), I)));
  }
  const codes = (k: number): Expr => cast(qv(k), vec('i8', 8));
  const blockIndex = add(mul(m, div(K, XBLOCK)), b);
  body.push(
    store(x.codes, at(0), concat(codes(0), codes(1))),
    store(x.codes, at(1), concat(codes(2), codes(3))),
    store(x.scales, blockIndex, f('d')),
    ...(needOffset ? [store(x.sums, blockIndex, mul(f('d'), cast(reduce('add', add(add(qv(0), qv(1)), add(qv(2), qv(3)))), 'f32')))] : []),
  );
  return [forLoop('m', 0, rows, [forLoop('b', 0, div(K, XBLOCK), body)])];
}

const accName = (r: number, t: number, u: number): string => `acc_${r}_${t}_${u}`;

/**
 * 16 bytes of 4-bit codes -> 32 bytes (low nibbles, then high nibbles), where an ISA has a shorter
 * sequence than mask + shift + mask + insert (x86: broadcast, one per-half shift, one mask).
 */
const NIBBLE_SPLIT = 'kf_nibbles_u8x32';
const NIBBLE_SPLIT_RULE = `call.${NIBBLE_SPLIT}:u8x32`;

/** declarations of the accumulators and offset terms of an R x MT tile */
function declareAccumulators(ctx: Ctx, R: number, MT: number, U: number): Stmt[] {
  const out: Stmt[] = [];
  for (let r = 0; r < R; r++) {
    for (let t = 0; t < MT; t++) {
      for (let u = 0; u < U; u++) out.push(letMut(accName(r, t, u), ctx.VT, splat(ctx, 0)));
      if (ctx.needOffset) out.push(letMut(`corr_${r}_${t}`, 'f32', c.f32(0)));
    }
  }
  return out;
}

/** the tile's results, reduce(sum of accumulator sets) + offset terms + scalar tail, to refs.out (gemv: + bias, to y) */
function writeOutputs(ctx: Ctx, R: number, MT: number, U: number, extra?: (r: number, t: number) => Expr): Stmt[] {
  return ctx.refs.out(R, MT, (r, t) => {
    let sum = v(accName(r, t, 0), ctx.VT);
    for (let u = 1; u < U; u++) sum = add(sum, v(accName(r, t, u), ctx.VT));
    let y = hsum(ctx, sum);
    if (ctx.needOffset) y = add(y, v(`corr_${r}_${t}`, 'f32'));
    if (extra) y = add(y, extra(r, t));
    return y;
  });
}

function denseTile(ctx: Ctx, R: number, MT: number): Stmt[] {
  const { L, VT } = ctx;
  const U = ctx.config.k_unroll;
  const format = ctx.format as 'f32' | 'f16' | 'bf16';
  const { X, K } = ctx.refs;
  const wAt = (r: number, k: Expr, lanes: number): Expr => {
    const raw = load(wBuf(ctx, r), add(mul(rowIndex(ctx, r), K), k), lanes === 1 ? format : vec(format, lanes));
    return format === 'f32' ? raw : cast(raw, lanes === 1 ? 'f32' : vec('f32', lanes));
  };
  const xAt = (t: number, k: Expr, lanes: number): Expr => load(X.staged, add(mul(ctx.refs.xRow(t), X.K), k), lanes === 1 ? 'f32' : vec('f32', lanes));
  const step = (k: Expr, u: number): Stmt[] => {
    const s: Stmt[] = [];
    for (let t = 0; t < MT; t++) s.push(let_(`x_${t}`, VT, xAt(t, k, L)));
    for (let r = 0; r < R; r++) {
      s.push(let_(`w_${r}`, VT, wAt(r, k, L)));
      for (let t = 0; t < MT; t++) s.push(assign(accName(r, t, u), fma(v(`w_${r}`, VT), v(`x_${t}`, VT), v(accName(r, t, u), VT))));
    }
    return s;
  };
  const k = i32('k');
  const kMain = sub(K, rem(K, L * U));
  const kVec = sub(K, rem(K, L));
  const stmts: Stmt[] = [...declareAccumulators(ctx, R, MT, U)];
  stmts.push(forLoop('k', 0, kMain, Array.from({ length: U }, (_, u) => forLoop('ku', add(k, u * L), add(k, (u + 1) * L), step(i32('ku'), u), { step: L })).flat(), { step: L * U }));
  if (U > 1) stmts.push(forLoop('k', kMain, kVec, step(k, 0), { step: L }));
  if (L > 1) {
    for (let r = 0; r < R; r++) for (let t = 0; t < MT; t++) stmts.push(letMut(`tail_${r}_${t}`, 'f32', c.f32(0)));
    const tail: Stmt[] = [];
    for (let r = 0; r < R; r++) {
      for (let t = 0; t < MT; t++) tail.push(assign(`tail_${r}_${t}`, fma(wAt(r, k, 1), xAt(t, k, 1), v(`tail_${r}_${t}`, 'f32'))));
    }
    stmts.push(forLoop('k', kVec, K, tail));
  }
  stmts.push(...writeOutputs(ctx, R, MT, U, L > 1 ? (r, t) => v(`tail_${r}_${t}`, 'f32') : undefined));
  return stmts;
}

const PREFETCH = 'kf_prefetch';

/**
 * Software prefetch of row r, `prefetch` bytes ahead of block b, covering the codes of `blocks`
 * blocks (the step of the caller's loop); the address is clamped to W. Nothing where the knob is 0
 * or the ISA has no hint.
 */
function prefetchRow(ctx: Ctx, r: number, b: Expr, blocks: number): Stmt[] {
  const q = qOf(ctx, r);
  const pf = ctx.config.prefetch ?? 0;
  if (pf === 0 || ctx.isa.rules.rules[`call.${PREFETCH}:i32`] === undefined) return [];
  const ahead = min(add(q.codes(rowIndex(ctx, r), b), pf), sub(q.wBytes(ctx.refs.wRows), 1));
  return [let_(`pf_${r}`, 'i32', call(PREFETCH, [load(q.buffer, ahead, 'u8'), c.i32(blocks * q.blockStride)], 'i32'))];
}

/** the block loop shared by both quantized paths: U accumulator sets, then the blocks left over */
function blockLoops(ctx: Ctx, R: number, MT: number, block: (b: Expr, u: number) => Stmt[]): Stmt[] {
  const U = ctx.config.k_unroll;
  const KB = div(ctx.refs.K, XBLOCK);
  const bMain = sub(KB, rem(KB, U));
  const b = i32('b');
  const loops: Stmt[] = [forLoop('b', 0, bMain, Array.from({ length: U }, (_, u) => forLoop('bu', add(b, u), add(b, u + 1), block(i32('bu'), u))), { step: U })];
  if (U > 1) loops.push(forLoop('b', bMain, KB, block(b, 0)));
  return [...declareAccumulators(ctx, R, MT, U), ...loops, ...writeOutputs(ctx, R, MT, U)];
}

/** per row r of the tile: its scale (and offset term) for block b */
function blockScales(ctx: Ctx, r: number, b: Expr): Stmt[] {
  const q = qOf(ctx, r);
  const n = rowIndex(ctx, r);
  const s: Stmt[] = [let_(`sc_${r}`, 'f32', q.scale(n, b))];
  const off = blockOffset(q, v(`sc_${r}`, 'f32'), n, b);
  if (off) s.push(let_(`off_${r}`, 'f32', off));
  return s;
}

function addOffsetTerm(ctx: Ctx, r: number, t: number, b: Expr): Stmt[] {
  if (!ctx.needOffset) return [];
  const { X } = ctx.refs;
  const xsAt = load(X.sums, add(mul(ctx.refs.xRow(t), div(X.K, XBLOCK)), b), 'f32');
  return [assign(`corr_${r}_${t}`, fma(v(`off_${r}`, 'f32'), xsAt, v(`corr_${r}_${t}`, 'f32')))];
}

function floatQuantTile(ctx: Ctx, R: number, MT: number): Stmt[] {
  const q = ctx.q!;
  const { L, VT } = ctx;
  const lanesOf = (e: 'u8' | 'i8' | 'f32'): Type => (L === 1 ? e : vec(e, L));
  const { X } = ctx.refs;
  const j = i32('j');
  const xAt = (t: number, b: Expr, offset: Expr): Expr => load(X.staged, add(mul(ctx.refs.xRow(t), X.K), add(mul(b, XBLOCK), offset)), VT);
  const block = (b: Expr, u: number): Stmt[] => {
    const s: Stmt[] = [];
    for (let r = 0; r < R; r++) {
      // once per step of the block loop (k_unroll blocks)
      if (u === 0) s.push(...prefetchRow(ctx, r, b, ctx.config.k_unroll));
      s.push(...blockScales(ctx, r, b));
      for (let t = 0; t < MT; t++) s.push(letMut(`bacc_${r}_${t}`, VT, splat(ctx, 0)));
    }
    const chunk: Stmt[] = [];
    for (let r = 0; r < R; r++) {
      const at = add(qOf(ctx, r).codes(rowIndex(ctx, r), b), j);
      const bacc = (t: number): Expr => v(`bacc_${r}_${t}`, VT);
      if (q.bits === 8) {
        chunk.push(let_(`w_${r}`, VT, cast(load(wBuf(ctx, r), at, lanesOf('i8')), VT)));
        for (let t = 0; t < MT; t++) chunk.push(assign(`bacc_${r}_${t}`, fma(v(`w_${r}`, VT), xAt(t, b, j), bacc(t))));
      } else {
        const U8 = lanesOf('u8');
        chunk.push(let_(`qs_${r}`, U8, load(wBuf(ctx, r), at, U8)));
        const fifteen = L === 1 ? c.u8(15) : broadcast(c.u8(15), vec('u8', L));
        const four = L === 1 ? c.u8(4) : c.i32(4);
        chunk.push(let_(`lo_${r}`, VT, cast(and(v(`qs_${r}`, U8), fifteen), VT)));
        chunk.push(let_(`hi_${r}`, VT, cast(shr(v(`qs_${r}`, U8), four), VT)));
        for (let t = 0; t < MT; t++) {
          chunk.push(assign(`bacc_${r}_${t}`, fma(v(`lo_${r}`, VT), xAt(t, b, j), bacc(t))));
          chunk.push(assign(`bacc_${r}_${t}`, fma(v(`hi_${r}`, VT), xAt(t, b, add(j, XBLOCK / 2)), bacc(t))));
        }
      }
    }
    const codeBytes = q.bits === 8 ? XBLOCK : XBLOCK / 2;
    // width 1 leaves unrolling to the compiler: 16 scalar chunks per row fully unrolled compile slowly
    s.push(forLoop('j', 0, codeBytes, chunk, L > 1 ? { step: L, unroll: codeBytes / L } : {}));
    for (let r = 0; r < R; r++) {
      for (let t = 0; t < MT; t++) {
        s.push(assign(accName(r, t, u), fma(v(`bacc_${r}_${t}`, VT), splat(ctx, v(`sc_${r}`, 'f32')), v(accName(r, t, u), VT))));
        s.push(...addOffsetTerm(ctx, r, t, b));
      }
    }
    return s;
  };
  return blockLoops(ctx, R, MT, block);
}

function int8Tile(ctx: Ctx, R: number, MT: number): Stmt[] {
  if (ctx.L === 1) return blockLoops(ctx, R, MT, (b, u) => int8Block(ctx, R, MT, b, u));
  const U = ctx.config.k_unroll;
  const KB = div(ctx.refs.K, XBLOCK);
  const wholeGroups = mul(div(KB, ctx.L), ctx.L);
  return [
    ...declareAccumulators(ctx, R, MT, U),
    forLoop('g', 0, div(KB, ctx.L), int8Group(ctx, R, MT, mul(i32('g'), ctx.L))),
    forLoop('b', wholeGroups, KB, int8Block(ctx, R, MT, i32('b'), 0)),
    ...writeOutputs(ctx, R, MT, U),
  ];
}

const xqAt = (ctx: Ctx, t: number, b: Expr, offset: number | Expr, lanes: number): Expr =>
  load(ctx.refs.X.codes, add(mul(ctx.refs.xRow(t), ctx.refs.X.K), add(mul(b, XBLOCK), offset)), lanes === 1 ? 'i8' : vec('i8', lanes));

/** one block of every row of the tile: integer dot, scale broadcast per block, scalar offset term */
function int8Block(ctx: Ctx, R: number, MT: number, b: Expr, u: number): Stmt[] {
  const q = ctx.q!;
  const { L, VT } = ctx;
  // one block at a time at the ISA's own width; with wide groups its sums fill the low lanes of VT
  const D = ctx.isa.dotBytes;
  const lanes = Math.max(1, D / 4);
  const { X } = ctx.refs;
  const codeElem = q.bits === 4 ? 'u8' : 'i8';
  const I32 = vec('i32', lanes);
  const widen = (e: Expr): Expr => (lanes === L ? e : concat(e, ...Array.from({ length: L / lanes - 1 }, () => broadcast(c.f32(0), vec('f32', lanes)))));
  const s: Stmt[] = [];
  for (let r = 0; r < R; r++) {
    s.push(...blockScales(ctx, r, b));
    const at = qOf(ctx, r).codes(rowIndex(ctx, r), b);
    const wb = wBuf(ctx, r);
    // the code operands of this row's block, as dot-product chunks in element order
    const chunks: Expr[] = [];
    if (D === 1) {
      // scalar: one i32 sum per x row, over the block's bytes
      for (let t = 0; t < MT; t++) s.push(letMut(`isum_${r}_${t}`, 'i32', c.i32(0)));
      const j = i32('j');
      const inner: Stmt[] = [];
      const isum = (t: number): Expr => v(`isum_${r}_${t}`, 'i32');
      if (q.bits === 8) {
        inner.push(let_('w', 'i32', cast(load(wb, add(at, j), 'i8'), 'i32')));
        for (let t = 0; t < MT; t++) inner.push(assign(`isum_${r}_${t}`, add(isum(t), mul(i32('w'), cast(xqAt(ctx, t, b, j, 1), 'i32')))));
      } else {
        inner.push(let_('qs', 'i32', cast(load(wb, add(at, j), 'u8'), 'i32')));
        for (let t = 0; t < MT; t++) {
          const lo = mul(and(i32('qs'), 15), cast(xqAt(ctx, t, b, j, 1), 'i32'));
          const hi = mul(shr(i32('qs'), 4), cast(xqAt(ctx, t, b, add(j, XBLOCK / 2), 1), 'i32'));
          inner.push(assign(`isum_${r}_${t}`, add(isum(t), add(lo, hi))));
        }
      }
      s.push(forLoop('j', 0, q.bits === 8 ? XBLOCK : XBLOCK / 2, inner));
    } else if (q.bits === 8) {
      for (let o = 0; o < XBLOCK; o += D) chunks.push(load(wb, add(at, o), vec('i8', D)));
    } else {
      const U8 = vec('u8', 16);
      s.push(let_(`qs_${r}`, U8, load(wb, at, U8)));
      const lo = and(v(`qs_${r}`, U8), broadcast(c.u8(15), U8));
      const hi = shr(v(`qs_${r}`, U8), c.i32(4));
      if (D === 32) chunks.push(ctx.isa.rules.rules[NIBBLE_SPLIT_RULE] ? call(NIBBLE_SPLIT, [v(`qs_${r}`, U8)], vec('u8', 32)) : concat(lo, hi));
      else chunks.push(lo, hi);
    }
    chunks.forEach((chunk, i) => s.push(let_(`w_${r}_${i}`, vec(codeElem, D), chunk)));
    for (let t = 0; t < MT; t++) {
      let isum: Expr;
      if (D === 1) isum = v(`isum_${r}_${t}`, 'i32');
      else {
        isum = broadcast(c.i32(0), I32);
        for (let i = 0; i < chunks.length; i++) isum = dot(isum, v(`w_${r}_${i}`, vec(codeElem, D)), xqAt(ctx, t, b, i * D, D));
      }
      const xd = load(X.scales, add(mul(ctx.refs.xRow(t), div(X.K, XBLOCK)), b), 'f32');
      const sums = lanes === 1 ? cast(isum, VT) : widen(cast(isum, vec('f32', lanes)));
      s.push(assign(accName(r, t, u), fma(sums, splat(ctx, mul(v(`sc_${r}`, 'f32'), xd)), v(accName(r, t, u), VT))));
      s.push(...addOffsetTerm(ctx, r, t, b));
    }
  }
  return s;
}

/** helper calls of the int8 groups (rule keys `call.<name>:<type>` in the ISA tables) */
const PACK_F16 = 'kf_pack_f16';
const DOT_U4_X2 = 'kf_dot_u4s8_x2';
const LANE_PER_HALF = 'kf_lane_per_half';

/**
 * One group of G = L blocks starting at block b0, for every row of the tile (see the file comment):
 * packed scales, one offset fma per (row, x row), then G (or G/2 paired) dot vectors.
 */
function int8Group(ctx: Ctx, R: number, MT: number, b0: Expr): Stmt[] {
  const { L: G, VT, isa, D } = ctx;
  const U = ctx.config.k_unroll;
  const { X } = ctx.refs;
  const I32 = vec('i32', G);
  const F16 = vec('f16', G);
  const KB = div(ctx.refs.K, XBLOCK);
  const has = (name: string, type: string): boolean => isa.rules.rules[`call.${name}:${type}`] !== undefined;
  const dots = ctx.pairs ? BLOCKS_PER_DOT : G;
  // the blocks of dot vector j, one per 128-bit lane (paired), or block j
  const blocksOf = (j: number): number[] => (ctx.pairs ? Array.from({ length: D / 16 }, (_, k) => j + BLOCKS_PER_DOT * k) : [j]);
  const s: Stmt[] = [];
  for (let r = 0; r < R; r++) {
    const n = rowIndex(ctx, r);
    const q = qOf(ctx, r);
    const blocks = Array.from({ length: G }, (_, i) => add(b0, i));
    s.push(...prefetchRow(ctx, r, b0, G));
    const dw = v(`dw_${r}`, VT);
    s.push(let_(`dw_${r}`, VT, cast(call(PACK_F16, blocks.map((b) => q.scaleBits(n, b)), F16), VT)));
    if (ctx.needOffset) {
      // min - zero * scale of every block of the group
      const zeroTerm = q.zero !== 0 ? mul(dw, splat(ctx, -q.zero)) : undefined;
      const mins = q.hasMin ? cast(call(PACK_F16, blocks.map((b) => q.minBits(n, b)), F16), VT) : undefined;
      s.push(let_(`off_${r}`, VT, mins && zeroTerm ? add(mins, zeroTerm) : (mins ?? zeroTerm)!));
    }
    for (let t = 0; t < MT; t++) {
      const xBlocks = add(mul(ctx.refs.xRow(t), KB), b0);
      s.push(let_(`s_${r}_${t}`, VT, mul(dw, load(X.scales, xBlocks, VT))));
      if (ctx.needOffset) {
        const acc = accName(r, t, 0);
        s.push(assign(acc, fma(v(`off_${r}`, VT), load(X.sums, xBlocks, VT), v(acc, VT))));
      }
    }
    for (let j = 0; j < dots; j++) {
      // weight operands of dot vector j, each paired with its offset in the staged x group
      const ops: { w: Expr; x: number }[] = [];
      const name = (part: string): string => `${part}_${r}_${j}`;
      if (q.bits === 4) {
        const U8x16 = vec('u8', 16);
        const codes = (b: Expr): Expr => load(q.buffer, q.codes(n, b), U8x16);
        const CT = vec('u8', D);
        const pieces = blocksOf(j).map((i) => codes(add(b0, i)));
        s.push(let_(name('q'), CT, pieces.length > 1 ? concat(...pieces) : pieces[0]!));
        s.push(let_(name('lo'), CT, and(v(name('q'), CT), broadcast(c.u8(15), CT))));
        s.push(let_(name('hi'), CT, shr(v(name('q'), CT), c.i32(4))));
        ops.push({ w: v(name('lo'), CT), x: j * 2 * D }, { w: v(name('hi'), CT), x: j * 2 * D + D });
      } else if (ctx.pairs) {
        // 16 bytes of each block's first half, then of its second half: the x planes of pairedLayout
        const CT = vec('i8', D);
        for (let h = 0; h < 2; h++) {
          const pieces = blocksOf(j).map((i) => load(q.buffer, add(q.codes(n, add(b0, i)), h * 16), vec('i8', 16)));
          s.push(let_(name(`w${h}`), CT, concat(...pieces)));
          ops.push({ w: v(name(`w${h}`), CT), x: j * 2 * D + h * D });
        }
      } else {
        const CT = vec('i8', D);
        for (let o = 0; o < XBLOCK; o += D) {
          s.push(let_(name(`w${o}`), CT, load(q.buffer, add(q.codes(n, add(b0, j)), o), CT)));
          ops.push({ w: v(name(`w${o}`), CT), x: j * XBLOCK + o });
        }
      }
      for (let t = 0; t < MT; t++) {
        const xAt = (o: number): Expr => xqAt(ctx, t, b0, o, D);
        const isum = q.bits === 4 && has(DOT_U4_X2, typeKey(I32))
          ? call(DOT_U4_X2, [ops[0]!.w, xAt(ops[0]!.x), ops[1]!.w, xAt(ops[1]!.x)], I32)
          : ops.reduce((acc, op) => dot(acc, op.w, xAt(op.x)), broadcast(c.i32(0), I32));
        const scale = ctx.pairs ? call(LANE_PER_HALF, [v(`s_${r}_${t}`, VT), c.i32(j)], VT) : broadcast(lane(v(`s_${r}_${t}`, VT), j), VT as VectorType);
        const acc = accName(r, t, j % U);
        s.push(assign(acc, fma(cast(isum, VT), scale, v(acc, VT))));
      }
    }
  }
  return s;
}
