/**
 * gemv for the scalable-vector class (RVV 1.0): y[M,N] = x[M,K] W[N,K]^T (+ bias), vector-length
 * agnostic. Its own loop skeleton rather than a fixed-width ISA with a bigger number: every vector
 * loop strip-mines with `vl = setvl(remaining)` and advances by the vl it got, so the same binary
 * is right at any VLEN.
 *
 * 1. x is staged as the SIMD lowering does (common/activations.ts `stageX`/`quantizeX`): to f32 for the
 *    float path, or quantized to int8 per 32-block (ggml q8_0) for the int8 path.
 * 2. `rows` weight rows share each strip of x; each x row is processed in turn (weights stay in cache).
 * 3. Float path: dense weights widen to f32 (`vfwcvt` for codes, bit tricks for f16/bf16) and
 *    accumulate in LMUL-`lmul` f32 register groups with tail-undisturbed `vfmacc` along K; quantized
 *    blocks are dequantized in registers (code * scale + offset) before the fma, so no per-block
 *    reduction is needed. One `vfredusum` per output.
 * 4. int8 path: per 32-block, i8 x i8 widening multiply-adds (`vwmacc` -> i16) and a widening
 *    reduction (`vwredsum` -> i32), scaled in f32 by scale_w * d_x; the offset term of formats with a
 *    zero point or min is offset_w * d_x * sum(q_x), precomputed per x block.
 * The inner loops are `rvvDotTile`, told which weight rows and activation rows they multiply, so moe
 * reads its experts' rows (and several tokens per loaded strip) with the same code.
 */
import type { Expr, Kernel, KernelParam, Params, Stmt, Type } from '@kforge/ir';
import {
  FORMATS, add, and, assign, bitcast, broadcast, bufferParam, c, cast, div, fma, forLoop, let_, letMut, load, mul, param,
  reduce, reduceWiden, rem, scalarParam, setvl, shr, store, sub, v, vec, wmacc, withVl, type WeightFormatName,
} from '@kforge/ir';
import { GEMV_ACTIVATION, quantizeX, stageX, type ActivationRef } from '../common/activations.ts';
import { GEMV_WEIGHT, XBLOCK, blockOffset, quantWeights, type QuantWeights, type WeightRef } from '../gemv/weights.ts';

/** the weight gemv reads and the activation it stages (the readers and the staging are shared with other ops) */
const W = GEMV_WEIGHT;
const X = GEMV_ACTIVATION;

export interface GemvRvvConfig {
  /** register-group size: of the f32 accumulators (float path) or of the i8 operands (int8 path) */
  readonly lmul: number;
  /** weight rows sharing each loaded strip of x */
  readonly rows: number;
  readonly dot_path: 'float' | 'int8';
}

const M = param('M');
const N = param('N');
const K = param('K');
const i32 = (name: string): Expr => v(name, 'i32');
const f32 = (name: string): Expr => v(name, 'f32');

/**
 * An avl of at least 2 * VLMAX for every VLEN up to the architectural 65536 bits: the spec then
 * guarantees vl = VLMAX, the width the f32 accumulators are cleared and reduced at.
 */
export const VLMAX_AVL = 1 << 20;

interface Ctx {
  readonly q: QuantWeights | undefined;
  readonly format: WeightFormatName;
  readonly L: number;
  readonly F: Type;
  readonly bias: boolean;
  readonly needOffset: boolean;
}

export function lowerGemvRvv(params: Params, config: GemvRvvConfig): Kernel {
  const format = params.weight as WeightFormatName;
  const act = params.act as 'f32' | 'f16';
  const q = quantWeights(format, W);
  const int8 = config.dot_path === 'int8';
  if (int8 && !q) throw new Error(`gemv rvv: dot_path int8 needs a quantized weight format, not ${format}`);
  // the float path folds the offset into the dequantized weight; the int8 path needs sum(x) per block
  const needOffset = int8 && (q!.zero !== 0 || q!.hasMin);
  const wElem = FORMATS[format].kind === 'dense' ? format as 'f32' | 'f16' | 'bf16' : 'u8';
  const bufferParams: KernelParam[] = [
    bufferParam(X.buffer, act), bufferParam(W.buffer, wElem), ...(q?.planes ?? []).map((p) => bufferParam(p, 'f16')),
    ...(params.bias ? [bufferParam('bias', 'f32')] : []), bufferParam('y', 'f32', 'write'),
    ...(int8
      ? [bufferParam(X.codes, 'i8', 'readwrite'), bufferParam(X.scales, 'f32', 'readwrite'), ...(needOffset ? [bufferParam(X.sums, 'f32', 'readwrite')] : [])]
      : [bufferParam(X.staged, 'f32', 'readwrite')]),
  ];
  const ctx: Ctx = { q, format, L: config.lmul, F: vec('f32', 'vl', config.lmul), bias: !!params.bias, needOffset };
  const tile = (R: number): Stmt[] => rvvDotTile({
    format, lmul: config.lmul, int8, needOffset, K, x: X,
    rows: Array.from({ length: R }, (_, r) => ({ weight: W, q, n: add(i32('n0'), r) })),
    tokens: [i32('m')],
    finish: (value) => Array.from({ length: R }, (_, r) => storeOutput(ctx, r, value(r, 0))),
  });

  const R = config.rows;
  const body: Stmt[] = [
    ...(int8 ? quantizeX(X, q!, needOffset, act) : [...stageX(X, q, false, act), let_('vlmax', 'i32', setvl(VLMAX_AVL, 'f32', config.lmul))]),
    forLoop('rb', 0, div(N, R), [let_('n0', 'i32', mul(i32('rb'), R)), forLoop('m', 0, M, tile(R))]),
    ...(R > 1 ? [forLoop('n0', sub(N, rem(N, R)), N, [forLoop('m', 0, M, tile(1))])] : []),
  ];
  return {
    name: `gemv_${format}_${act}${params.bias ? '_bias' : ''}_rvv_m${config.lmul}_r${R}_${config.dot_path}`,
    model: 'cpu',
    params: [...bufferParams, scalarParam('M'), scalarParam('N'), scalarParam('K')],
    body,
  };
}

/** y[m, n0 + r] = value + bias */
function storeOutput(ctx: Ctx, r: number, value: Expr): Stmt {
  const n = add(i32('n0'), r);
  return store('y', add(mul(i32('m'), N), n), ctx.bias ? add(value, load('bias', n, 'f32')) : value);
}

/** one weight row of a dot tile: which weight (its reader when quantized) and the row index */
export interface RvvDotRow {
  readonly weight: WeightRef;
  readonly q: QuantWeights | undefined;
  readonly n: Expr;
}

/**
 * A tile of dot products: `rows` weight rows (of one format, possibly of several weights) times
 * `tokens` rows of the staged activation, each loaded weight strip serving every token and each x strip
 * every row. The code's vector registers hold rows x tokens accumulators, the tokens' x strips and a
 * weight strip. `finish` gets each dot product (row r, token t) as an f32 expression and stores it.
 * Needs `vlmax` (setvl of VLMAX_AVL at the f32 LMUL) in scope on the float path; declares its own `vl`.
 */
export interface RvvDotTile {
  readonly format: WeightFormatName;
  readonly lmul: number;
  readonly int8: boolean;
  /** int8 path: the weights have a zero or min, so the activation's per-block sums are read */
  readonly needOffset: boolean;
  /** the reduction length */
  readonly K: Expr;
  /** where the staged activation lives (float: `staged`; int8: `codes`, `scales`, `sums`), rows of x.K */
  readonly x: ActivationRef;
  readonly rows: readonly RvvDotRow[];
  /** the activation row of each token */
  readonly tokens: readonly Expr[];
  readonly finish: (value: (r: number, t: number) => Expr) => Stmt[];
}

export function rvvDotTile(tile: RvvDotTile): Stmt[] {
  const ctx: TileCtx = { ...tile, L: tile.lmul, F: vec('f32', 'vl', tile.lmul), MT: tile.tokens.length };
  if (tile.int8) return int8Tile(ctx);
  return FORMATS[tile.format].kind === 'dense' ? denseTile(ctx) : floatQuantTile(ctx);
}

interface TileCtx extends RvvDotTile {
  readonly L: number;
  readonly F: Type;
  /** tokens per tile */
  readonly MT: number;
}

/** a per-(row, token) name; a single-token tile keeps the row-only name */
const perToken = (ctx: TileCtx, base: string, t: number): string => (ctx.MT === 1 ? base : `${base}_${t}`);
const accName = (ctx: TileCtx, r: number, t: number): string => perToken(ctx, `acc_${r}`, t);

/** f32 accumulators of VLMAX lanes, cleared */
function clearAccumulators(ctx: TileCtx): Stmt[] {
  return ctx.rows.flatMap((_, r) => ctx.tokens.map((_t, t) => letMut(accName(ctx, r, t), ctx.F, broadcast(c.f32(0), vec('f32', 'vl', ctx.L), i32('vlmax')))));
}

function reduceAccumulators(ctx: TileCtx): Stmt[] {
  return ctx.finish((r, t) => reduce('add', v(accName(ctx, r, t), ctx.F), i32('vlmax')));
}

/** `for (k = from; k < to; k += vl) { vl = setvl(to - k); body }`: the strip-mining loop */
function stripMine(variable: string, to: Expr | number, elem: 'f32' | 'i8', lmul: number, body: Stmt[]): Stmt[] {
  const k = i32(variable);
  return [
    letMut('vl', 'i32', c.i32(0)),
    forLoop(variable, 0, to, [assign('vl', setvl(sub(to, k), elem, lmul)), ...body], { step: i32('vl') }),
  ];
}

function denseTile(ctx: TileCtx): Stmt[] {
  const { F, L, x } = ctx;
  const format = ctx.format as 'f32' | 'f16' | 'bf16';
  const k = i32('k');
  const vl = i32('vl');
  const xv = (t: number): string => perToken(ctx, 'xv', t);
  const strip: Stmt[] = ctx.tokens.map((m, t) => let_(xv(t), F, load(x.staged, add(mul(m, x.K), k), F, { vl })));
  ctx.rows.forEach((row, r) => {
    const at = add(mul(row.n, row.weight.K), k);
    const w = format === 'f32'
      ? load(row.weight.buffer, at, F, { vl })
      : withVl(cast(load(row.weight.buffer, at, vec(format, 'vl', L / 2), { vl }), F), vl);
    strip.push(let_(`w_${r}`, F, w));
    ctx.tokens.forEach((_m, t) => strip.push(assign(accName(ctx, r, t), withVl(fma(v(`w_${r}`, F), v(xv(t), F), v(accName(ctx, r, t), F)), vl))));
  });
  return [...clearAccumulators(ctx), ...stripMine('k', ctx.K, 'f32', L, strip), ...reduceAccumulators(ctx)];
}

function floatQuantTile(ctx: TileCtx): Stmt[] {
  const q = ctx.rows[0]!.q!;
  const { F, L, x } = ctx;
  const b = i32('b');
  const j = i32('j');
  const vl = i32('vl');
  const vlmax = i32('vlmax');
  const codeBytes = q.bits === 8 ? XBLOCK : XBLOCK / 2;
  const xAt = (m: Expr, offset: Expr): Expr => load(x.staged, add(mul(m, x.K), add(mul(b, XBLOCK), offset)), F, { vl });
  const perBlock: Stmt[] = [];
  ctx.rows.forEach((row, r) => {
    const rq = row.q!;
    perBlock.push(let_(`sc_${r}`, 'f32', rq.scale(row.n, b)));
    perBlock.push(let_(`vsc_${r}`, F, broadcast(f32(`sc_${r}`), vec('f32', 'vl', L), vlmax)));
    const off = blockOffset(rq, f32(`sc_${r}`), row.n, b);
    if (off) perBlock.push(let_(`voff_${r}`, F, broadcast(off, vec('f32', 'vl', L), vlmax)));
  });
  // code -> weight: code * scale (+ offset)
  const hasOffset = q.zero !== 0 || q.hasMin;
  const dequant = (r: number, code: Expr): Expr => withVl(hasOffset ? fma(code, v(`vsc_${r}`, F), v(`voff_${r}`, F)) : mul(code, v(`vsc_${r}`, F)), vl);
  const xlo = (t: number): string => perToken(ctx, 'xlo', t);
  const xhi = (t: number): string => perToken(ctx, 'xhi', t);
  const strip: Stmt[] = [];
  ctx.tokens.forEach((m, t) => {
    strip.push(let_(xlo(t), F, xAt(m, j)));
    if (q.bits === 4) strip.push(let_(xhi(t), F, xAt(m, add(j, XBLOCK / 2))));
  });
  const Q = L / 4;
  ctx.rows.forEach((row, r) => {
    const rq = row.q!;
    const at = add(rq.codes(row.n, b), j);
    const acc = (t: number, w: Expr, xs: string): Stmt => assign(accName(ctx, r, t), withVl(fma(w, v(xs, F), v(accName(ctx, r, t), F)), vl));
    if (q.bits === 8) {
      strip.push(let_(`w_${r}`, F, dequant(r, withVl(cast(load(rq.buffer, at, vec('i8', 'vl', Q), { vl }), F), vl))));
      ctx.tokens.forEach((_m, t) => strip.push(acc(t, v(`w_${r}`, F), xlo(t))));
    } else {
      const U8 = vec('u8', 'vl', Q);
      strip.push(let_(`qs_${r}`, U8, load(rq.buffer, at, U8, { vl })));
      const lo = withVl(and(v(`qs_${r}`, U8), broadcast(c.u8(15), U8, vl)), vl);
      const hi = withVl(shr(v(`qs_${r}`, U8), c.i32(4)), vl);
      strip.push(let_(`wlo_${r}`, F, dequant(r, withVl(cast(lo, F), vl))));
      strip.push(let_(`whi_${r}`, F, dequant(r, withVl(cast(hi, F), vl))));
      ctx.tokens.forEach((_m, t) => strip.push(acc(t, v(`wlo_${r}`, F), xlo(t)), acc(t, v(`whi_${r}`, F), xhi(t))));
    }
  });
  return [
    ...clearAccumulators(ctx),
    letMut('vl', 'i32', c.i32(0)),
    forLoop('b', 0, div(ctx.K, XBLOCK), [
      ...perBlock,
      forLoop('j', 0, codeBytes, [assign('vl', setvl(sub(codeBytes, j), 'f32', L)), ...strip], { step: vl }),
    ]),
    ...reduceAccumulators(ctx),
  ];
}

function int8Tile(ctx: TileCtx): Stmt[] {
  const q = ctx.rows[0]!.q!;
  const { x } = ctx;
  const B = ctx.L;
  const I8 = vec('i8', 'vl', B);
  const U8 = vec('u8', 'vl', B);
  const I16 = vec('i16', 'vl', 2 * B);
  const b = i32('b');
  const j = i32('j');
  const vl = i32('vl');
  const KB = div(ctx.K, XBLOCK);
  const codeBytes = q.bits === 8 ? XBLOCK : XBLOCK / 2;
  const xqAt = (m: Expr, offset: Expr): Expr => load(x.codes, add(mul(m, x.K), add(mul(b, XBLOCK), offset)), I8, { vl });
  const zero = broadcast(c('i16', 0), I16, vl);
  const xlo = (t: number): string => perToken(ctx, 'xlo', t);
  const xhi = (t: number): string => perToken(ctx, 'xhi', t);
  const isum = (r: number, t: number): string => perToken(ctx, `isum_${r}`, t);
  const acc = (r: number, t: number): string => accName(ctx, r, t);

  const strip: Stmt[] = [];
  ctx.tokens.forEach((m, t) => {
    strip.push(let_(xlo(t), I8, xqAt(m, j)));
    if (q.bits === 4) strip.push(let_(xhi(t), I8, xqAt(m, add(j, XBLOCK / 2))));
  });
  ctx.rows.forEach((row, r) => {
    const rq = row.q!;
    const at = add(rq.codes(row.n, b), j);
    let products: (t: number) => Expr;
    if (q.bits === 8) {
      let w = load(rq.buffer, at, I8, { vl });
      // several tokens share one loaded strip
      if (ctx.MT > 1) {
        strip.push(let_(`wq_${r}`, I8, w));
        w = v(`wq_${r}`, I8);
      }
      products = (t) => wmacc(zero, w, v(xlo(t), I8), vl);
    } else {
      strip.push(let_(`qs_${r}`, U8, load(rq.buffer, at, U8, { vl })));
      // codes 0..15 are the same bytes as i8
      let lo = bitcast(withVl(and(v(`qs_${r}`, U8), broadcast(c.u8(15), U8, vl)), vl), I8);
      let hi = bitcast(withVl(shr(v(`qs_${r}`, U8), c.i32(4)), vl), I8);
      if (ctx.MT > 1) {
        strip.push(let_(`wlo_${r}`, I8, lo), let_(`whi_${r}`, I8, hi));
        lo = v(`wlo_${r}`, I8);
        hi = v(`whi_${r}`, I8);
      }
      products = (t) => wmacc(wmacc(zero, lo, v(xlo(t), I8), vl), hi, v(xhi(t), I8), vl);
    }
    ctx.tokens.forEach((_m, t) => strip.push(assign(isum(r, t), add(i32(isum(r, t)), reduceWiden(products(t), vl)))));
  });

  const dx = (t: number): string => perToken(ctx, 'dx', t);
  const sx = (t: number): string => perToken(ctx, 'sx', t);
  const perBlock: Stmt[] = [];
  ctx.tokens.forEach((m, t) => {
    perBlock.push(let_(dx(t), 'f32', load(x.scales, add(mul(m, KB), b), 'f32')));
    if (ctx.needOffset) perBlock.push(let_(sx(t), 'f32', load(x.sums, add(mul(m, KB), b), 'f32')));
  });
  ctx.rows.forEach((_row, r) => ctx.tokens.forEach((_m, t) => perBlock.push(letMut(isum(r, t), 'i32', c.i32(0)))));
  perBlock.push(forLoop('j', 0, codeBytes, [assign('vl', setvl(sub(codeBytes, j), 'i8', B)), ...strip], { step: vl }));
  ctx.rows.forEach((row, r) => {
    const rq = row.q!;
    perBlock.push(let_(`sc_${r}`, 'f32', rq.scale(row.n, b)));
    ctx.tokens.forEach((_m, t) => perBlock.push(assign(acc(r, t), fma(cast(i32(isum(r, t)), 'f32'), mul(f32(`sc_${r}`), f32(dx(t))), f32(acc(r, t))))));
    const off = blockOffset(rq, f32(`sc_${r}`), row.n, b);
    if (off) ctx.tokens.forEach((_m, t) => perBlock.push(assign(acc(r, t), fma(off, f32(sx(t)), f32(acc(r, t))))));
  });
  return [
    ...ctx.rows.flatMap((_row, r) => ctx.tokens.map((_m, t) => letMut(acc(r, t), 'f32', c.f32(0)))),
    letMut('vl', 'i32', c.i32(0)),
    forLoop('b', 0, KB, perBlock),
    ...ctx.finish((r, t) => f32(acc(r, t))),
  ];
}
