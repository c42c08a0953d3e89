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
 */
import type { Expr, Kernel, KernelParam, Params, Stmt, Type } from '@kforge/ir';
import {
  FORMATS, add, and, assign, bitcast, broadcast, bufferParam, c, cast, div, fma, forLoop, let_, letMut, load, mul, param,
  reduce, reduceWiden, rem, scalarParam, setvl, shr, store, sub, v, vec, wmacc, withVl, type WeightFormatName,
} from '@kforge/ir';
import { GEMV_ACTIVATION, quantizeX, stageX } from '../common/activations.ts';
import { GEMV_WEIGHT, XBLOCK, blockOffset, quantWeights, type QuantWeights } from '../gemv/weights.ts';

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
const VLMAX_AVL = 1 << 20;

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
  const tile = (R: number): Stmt[] => (int8 ? int8Tile : q ? floatQuantTile : denseTile)(ctx, R);

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

const accName = (r: number): string => `acc_${r}`;

/** y[m, n0 + r] = value + bias */
function storeOutput(ctx: Ctx, r: number, value: Expr): Stmt {
  const n = add(i32('n0'), r);
  return store('y', add(mul(i32('m'), N), n), ctx.bias ? add(value, load('bias', n, 'f32')) : value);
}

/** f32 accumulators of VLMAX lanes, cleared */
function clearAccumulators(ctx: Ctx, R: number): Stmt[] {
  return Array.from({ length: R }, (_, r) => letMut(accName(r), ctx.F, broadcast(c.f32(0), vec('f32', 'vl', ctx.L), i32('vlmax'))));
}

function reduceAccumulators(ctx: Ctx, R: number): Stmt[] {
  return Array.from({ length: R }, (_, r) => storeOutput(ctx, r, reduce('add', v(accName(r), ctx.F), i32('vlmax'))));
}

/** `for (k = from; k < to; k += vl) { vl = setvl(to - k); body }`: the strip-mining loop */
function stripMine(variable: string, to: Expr | number, elem: 'f32' | 'i8', lmul: number, body: Stmt[]): Stmt[] {
  const k = i32(variable);
  return [
    letMut('vl', 'i32', c.i32(0)),
    forLoop(variable, 0, to, [assign('vl', setvl(sub(to, k), elem, lmul)), ...body], { step: i32('vl') }),
  ];
}

function denseTile(ctx: Ctx, R: number): Stmt[] {
  const { F, L } = ctx;
  const format = ctx.format as 'f32' | 'f16' | 'bf16';
  const k = i32('k');
  const vl = i32('vl');
  const strip: Stmt[] = [let_('xv', F, load(X.staged, add(mul(i32('m'), X.K), k), F, { vl }))];
  for (let r = 0; r < R; r++) {
    const at = add(mul(add(i32('n0'), r), W.K), k);
    const w = format === 'f32'
      ? load(W.buffer, at, F, { vl })
      : withVl(cast(load(W.buffer, at, vec(format, 'vl', L / 2), { vl }), F), vl);
    strip.push(let_(`w_${r}`, F, w));
    strip.push(assign(accName(r), withVl(fma(v(`w_${r}`, F), v('xv', F), v(accName(r), F)), vl)));
  }
  return [...clearAccumulators(ctx, R), ...stripMine('k', K, 'f32', L, strip), ...reduceAccumulators(ctx, R)];
}

function floatQuantTile(ctx: Ctx, R: number): Stmt[] {
  const q = ctx.q!;
  const { F, L } = ctx;
  const b = i32('b');
  const j = i32('j');
  const vl = i32('vl');
  const vlmax = i32('vlmax');
  const codeBytes = q.bits === 8 ? XBLOCK : XBLOCK / 2;
  const xAt = (offset: Expr): Expr => load(X.staged, add(mul(i32('m'), X.K), add(mul(b, XBLOCK), offset)), F, { vl });
  const perBlock: Stmt[] = [];
  for (let r = 0; r < R; r++) {
    const n = add(i32('n0'), r);
    perBlock.push(let_(`sc_${r}`, 'f32', q.scale(n, b)));
    perBlock.push(let_(`vsc_${r}`, F, broadcast(f32(`sc_${r}`), vec('f32', 'vl', L), vlmax)));
    const off = blockOffset(q, f32(`sc_${r}`), n, b);
    if (off) perBlock.push(let_(`voff_${r}`, F, broadcast(off, vec('f32', 'vl', L), vlmax)));
  }
  // code -> weight: code * scale (+ offset)
  const hasOffset = q.zero !== 0 || q.hasMin;
  const dequant = (r: number, code: Expr): Expr => withVl(hasOffset ? fma(code, v(`vsc_${r}`, F), v(`voff_${r}`, F)) : mul(code, v(`vsc_${r}`, F)), vl);
  const strip: Stmt[] = [let_('xlo', F, xAt(j))];
  if (q.bits === 4) strip.push(let_('xhi', F, xAt(add(j, XBLOCK / 2))));
  const Q = L / 4;
  for (let r = 0; r < R; r++) {
    const at = add(q.codes(add(i32('n0'), r), b), j);
    const acc = (w: Expr, x: string): Stmt => assign(accName(r), withVl(fma(w, v(x, F), v(accName(r), F)), vl));
    if (q.bits === 8) {
      strip.push(let_(`w_${r}`, F, dequant(r, withVl(cast(load(W.buffer, at, vec('i8', 'vl', Q), { vl }), F), vl))));
      strip.push(acc(v(`w_${r}`, F), 'xlo'));
    } else {
      const U8 = vec('u8', 'vl', Q);
      strip.push(let_(`qs_${r}`, U8, load(W.buffer, at, U8, { vl })));
      const lo = withVl(and(v(`qs_${r}`, U8), broadcast(c.u8(15), U8, vl)), vl);
      const hi = withVl(shr(v(`qs_${r}`, U8), c.i32(4)), vl);
      strip.push(let_(`wlo_${r}`, F, dequant(r, withVl(cast(lo, F), vl))));
      strip.push(let_(`whi_${r}`, F, dequant(r, withVl(cast(hi, F), vl))));
      strip.push(acc(v(`wlo_${r}`, F), 'xlo'), acc(v(`whi_${r}`, F), 'xhi'));
    }
  }
  return [
    ...clearAccumulators(ctx, R),
    letMut('vl', 'i32', c.i32(0)),
    forLoop('b', 0, div(K, XBLOCK), [
      ...perBlock,
      forLoop('j', 0, codeBytes, [assign('vl', setvl(sub(codeBytes, j), 'f32', L)), ...strip], { step: vl }),
    ]),
    ...reduceAccumulators(ctx, R),
  ];
}

function int8Tile(ctx: Ctx, R: number): Stmt[] {
  const q = ctx.q!;
  const B = ctx.L;
  const I8 = vec('i8', 'vl', B);
  const U8 = vec('u8', 'vl', B);
  const I16 = vec('i16', 'vl', 2 * B);
  const b = i32('b');
  const j = i32('j');
  const vl = i32('vl');
  const m = i32('m');
  const KB = div(K, XBLOCK);
  const codeBytes = q.bits === 8 ? XBLOCK : XBLOCK / 2;
  const xqAt = (offset: Expr): Expr => load(X.codes, add(mul(m, X.K), add(mul(b, XBLOCK), offset)), I8, { vl });
  const zero = broadcast(c('i16', 0), I16, vl);

  const strip: Stmt[] = [let_('xlo', I8, xqAt(j))];
  if (q.bits === 4) strip.push(let_('xhi', I8, xqAt(add(j, XBLOCK / 2))));
  for (let r = 0; r < R; r++) {
    const at = add(q.codes(add(i32('n0'), r), b), j);
    let products: Expr;
    if (q.bits === 8) {
      products = wmacc(zero, load(W.buffer, at, I8, { vl }), v('xlo', I8), vl);
    } else {
      strip.push(let_(`qs_${r}`, U8, load(W.buffer, at, U8, { vl })));
      // codes 0..15 are the same bytes as i8
      const lo = bitcast(withVl(and(v(`qs_${r}`, U8), broadcast(c.u8(15), U8, vl)), vl), I8);
      const hi = bitcast(withVl(shr(v(`qs_${r}`, U8), c.i32(4)), vl), I8);
      products = wmacc(wmacc(zero, lo, v('xlo', I8), vl), hi, v('xhi', I8), vl);
    }
    strip.push(assign(`isum_${r}`, add(i32(`isum_${r}`), reduceWiden(products, vl))));
  }

  const perBlock: Stmt[] = [let_('dx', 'f32', load(X.scales, add(mul(m, KB), b), 'f32'))];
  if (ctx.needOffset) perBlock.push(let_('sx', 'f32', load(X.sums, add(mul(m, KB), b), 'f32')));
  for (let r = 0; r < R; r++) perBlock.push(letMut(`isum_${r}`, 'i32', c.i32(0)));
  perBlock.push(forLoop('j', 0, codeBytes, [assign('vl', setvl(sub(codeBytes, j), 'i8', B)), ...strip], { step: vl }));
  for (let r = 0; r < R; r++) {
    const n = add(i32('n0'), r);
    perBlock.push(let_(`sc_${r}`, 'f32', q.scale(n, b)));
    perBlock.push(assign(accName(r), fma(cast(i32(`isum_${r}`), 'f32'), mul(f32(`sc_${r}`), f32('dx')), f32(accName(r)))));
    const off = blockOffset(q, f32(`sc_${r}`), n, b);
    if (off) perBlock.push(assign(accName(r), fma(off, f32('sx'), f32(accName(r)))));
  }
  return [
    ...Array.from({ length: R }, (_, r) => letMut(accName(r), 'f32', c.f32(0))),
    letMut('vl', 'i32', c.i32(0)),
    forLoop('b', 0, KB, perBlock),
    ...Array.from({ length: R }, (_, r) => storeOutput(ctx, r, f32(accName(r)))),
  ];
}
