/**
 * gemv for the fixed-width SIMD class (c as width 1, avx2, avx512, neon): y[M,N] = x[M,K] W[N,K]^T (+ bias).
 *
 * Shape of the kernel:
 * 1. Stage x once (serial, M*K is small): to f32 for the float path (f16 converted, 4-bit planar
 *    formats permuted even/odd inside each block), or quantized to int8 per 32-block as ggml's q8_0
 *    (scale d = amax/127) for the int8 path, keeping d and d * sum(q) for the zero/min terms.
 * 2. Rows are split over OpenMP threads in blocks of `rows`; each thread streams its rows once.
 *    Inside a row block, `m_tile` rows of x share every loaded weight vector (small-batch decode),
 *    and `k_unroll` independent accumulator sets hide FMA latency. Each (row, x-row) is reduced once.
 * 3. Quantized weights: the float path widens codes to f32 and accumulates per block, then scales;
 *    the int8 path does integer dot products per block (vpdpbusd / maddubs / sdot) and scales the i32
 *    sum by scale_w * d_x. The per-block offset (min - zero * scale) times sum(x) is a scalar term,
 *    except on the int8 path, where a zero point is folded into the integer dot: x staging keeps
 *    zero * (sum of x codes) per dot lane (`xz`), subtracted from the i32 lanes before the scale. That
 *    drops a serial scalar fma chain per row (4 cycles per block, the q4_0 limit on avx2).
 */
import type { Expr, Kernel, KernelParam, Params, Stmt, Type } from '@kforge/ir';
import {
  FORMATS, add, and, assign, broadcast, bufferParam, c, call, cast, concat, div, dot, fma, forLoop, ge, let_, letMut, load, max, mul,
  ne, param, reduce, rem, scalarParam, select, shr, store, sub, unary, v, vec,
  type WeightFormatName,
} from '@kforge/ir';
import type { SimdIsa } from '../isa/simd.ts';
import { XBLOCK, blockOffset, quantWeights, type QuantWeights } from './weights.ts';

export interface GemvSimdConfig {
  /** weight rows per block (and per thread work item) */
  readonly rows: number;
  /** rows of x sharing each loaded weight vector */
  readonly m_tile: number;
  /** independent accumulator sets along K (vectors for dense weights, blocks for quantized) */
  readonly k_unroll: number;
  readonly dot_path: 'float' | 'int8';
}

const M = param('M');
const N = param('N');
const K = param('K');
const i32 = (name: string): Expr => v(name, 'i32');

export function lowerGemvSimd(params: Params, config: GemvSimdConfig, isa: SimdIsa): Kernel {
  const format = params.weight as WeightFormatName;
  const act = params.act as 'f32' | 'f16';
  const q = quantWeights(format);
  if (config.dot_path === 'int8' && !q) throw new Error(`gemv: dot_path int8 needs a quantized weight format, not ${format}`);
  const int8 = config.dot_path === 'int8';
  const L = int8 ? Math.max(1, isa.dotBytes / 4) : isa.f32Lanes;
  const zeroFold: ZeroFold | undefined = int8 && isa.dotBytes > 1 && q!.zero !== 0 ? { zero: q!.zero, lanes: L, chunkBytes: isa.dotBytes } : undefined;
  const needOffset = q !== undefined && ((q.zero !== 0 && !zeroFold) || q.hasMin);

  const wElem = FORMATS[format].kind === 'dense' ? format as 'f32' | 'f16' | 'bf16' : 'u8';
  const bufferParams: KernelParam[] = [
    bufferParam('x', act), bufferParam('W', wElem), ...(q?.planes ?? []).map((p) => bufferParam(p, 'f16')),
    ...(params.bias ? [bufferParam('bias', 'f32')] : []), bufferParam('y', 'f32', 'write'),
    ...(int8
      ? [
        bufferParam('xq', 'i8', 'readwrite'), bufferParam('xd', 'f32', 'readwrite'), ...(needOffset ? [bufferParam('xs', 'f32', 'readwrite')] : []),
        ...(zeroFold ? [bufferParam('xz', 'i32', 'readwrite')] : []),
      ]
      : [bufferParam('xf', 'f32', 'readwrite'), ...(needOffset ? [bufferParam('xs', 'f32', 'readwrite')] : [])]),
  ];

  const ctx: Ctx = { isa, q, L, VT: L === 1 ? 'f32' : vec('f32', L), config, needOffset, zeroFold, bias: !!params.bias, format };
  const tileAt = (R: number, MT: number): Stmt[] => (q ? (int8 ? int8Tile : floatQuantTile) : denseTile)(ctx, R, MT);

  const R = config.rows;
  const MT = config.m_tile;
  const rowTiles = (R_: number): Stmt[] => [
    forLoop('m0', 0, sub(M, rem(M, MT)), tileAt(R_, MT), { step: MT }),
    ...(MT > 1 ? [forLoop('m0', sub(M, rem(M, MT)), M, tileAt(R_, 1))] : []),
  ];
  const body: Stmt[] = [
    ...(int8 ? quantizeX(q!, needOffset, act, zeroFold) : stageX(q, needOffset, act)),
    forLoop('rb', 0, div(N, R), [let_('n0', 'i32', mul(i32('rb'), R)), ...rowTiles(R)], { parallel: true }),
    ...(R > 1 ? [forLoop('n0', sub(N, rem(N, R)), N, rowTiles(1))] : []),
  ];
  return {
    name: `gemv_${format}_${act}${params.bias ? '_bias' : ''}_${isa.rules.name}_${config.dot_path}`,
    model: 'cpu',
    params: [...bufferParams, scalarParam('M'), scalarParam('N'), scalarParam('K')],
    body,
  };
}

interface Ctx {
  readonly isa: SimdIsa;
  readonly q: QuantWeights | undefined;
  /** f32 accumulator lanes */
  readonly L: number;
  readonly VT: Type;
  readonly config: GemvSimdConfig;
  readonly needOffset: boolean;
  readonly zeroFold: ZeroFold | undefined;
  readonly bias: boolean;
  readonly format: WeightFormatName;
}

/** an f32 value of the accumulator shape: a broadcast, or the scalar itself at width 1 */
function splat(ctx: Ctx, x: Expr | number): Expr {
  return ctx.L === 1 ? (typeof x === 'number' ? c.f32(x) : x) : broadcast(x, vec('f32', ctx.L));
}

function hsum(ctx: Ctx, x: Expr): Expr {
  return ctx.L === 1 ? x : reduce('add', x);
}

/** position of element j of a block after staging (even/odd split for adjacent-pair nibbles) */
function stagedIndex(q: QuantWeights | undefined, k: Expr): Expr {
  if (!q?.evenOddX) return k;
  const j = rem(k, XBLOCK);
  return add(sub(k, j), add(div(j, 2), mul(rem(j, 2), XBLOCK / 2)));
}

function loadX(act: 'f32' | 'f16', index: Expr): Expr {
  const raw = load('x', index, act);
  return act === 'f32' ? raw : cast(raw, 'f32');
}

export function stageX(q: QuantWeights | undefined, needOffset: boolean, act: 'f32' | 'f16'): Stmt[] {
  const m = i32('m');
  const k = i32('k');
  const b = i32('b');
  const stage = forLoop('m', 0, M, [
    forLoop('k', 0, K, [store('xf', add(mul(m, K), stagedIndex(q, k)), loadX(act, add(mul(m, K), k)))]),
  ]);
  if (!needOffset) return [stage];
  const sums = forLoop('m', 0, M, [
    forLoop('b', 0, div(K, XBLOCK), [
      letMut('s', 'f32', c.f32(0)),
      forLoop('j', 0, XBLOCK, [assign('s', add(v('s', 'f32'), load('xf', add(mul(m, K), add(mul(b, XBLOCK), i32('j'))), 'f32')))]),
      store('xs', add(mul(m, div(K, XBLOCK)), b), v('s', 'f32')),
    ]),
  ]);
  return [stage, sums];
}

/** A weight zero point folded into the integer dot: per x block, `lanes` i32 values in the dot's lane order. */
export interface ZeroFold {
  readonly zero: number;
  /** i32 lanes of one dot result */
  readonly lanes: number;
  /** bytes of one dot operand: lane l of chunk c sums x codes c * chunkBytes + 4l .. + 3 */
  readonly chunkBytes: number;
}

/**
 * ggml q8_0 quantization of x per 32-block: d = amax/127, q = round(x/d); keeps d and d*sum(q), and
 * with `zeroFold` zero * (sum of the codes each dot lane multiplies), lane by lane.
 */
export function quantizeX(q: QuantWeights, needOffset: boolean, act: 'f32' | 'f16', zeroFold?: ZeroFold): Stmt[] {
  const m = i32('m');
  const b = i32('b');
  const j = i32('j');
  const f = (n: string): Expr => v(n, 'f32');
  const xAt = loadX(act, add(mul(m, K), add(mul(b, XBLOCK), j)));
  const blockIndex = add(mul(m, div(K, XBLOCK)), b);
  return [forLoop('m', 0, M, [
    forLoop('b', 0, div(K, XBLOCK), [
      letMut('amax', 'f32', c.f32(0)),
      forLoop('j', 0, XBLOCK, [assign('amax', max(f('amax'), unary('abs', xAt)))]),
      let_('d', 'f32', div(f('amax'), c.f32(127))),
      let_('id', 'f32', select(ne(f('d'), c.f32(0)), div(c.f32(1), f('d')), c.f32(0))),
      letMut('isum', 'i32', c.i32(0)),
      forLoop('j', 0, XBLOCK, [
        let_('s', 'f32', mul(xAt, f('id'))),
        // round half away from zero without libm
        let_('qv', 'i32', cast(add(f('s'), select(ge(f('s'), c.f32(0)), c.f32(0.5), c.f32(-0.5))), 'i32')),
        store('xq', add(mul(m, K), stagedIndex(q, add(mul(b, XBLOCK), j))), cast(i32('qv'), 'i8')),
        assign('isum', add(i32('isum'), i32('qv'))),
      ]),
      store('xd', blockIndex, f('d')),
      ...(needOffset ? [store('xs', blockIndex, mul(f('d'), cast(i32('isum'), 'f32')))] : []),
      ...(zeroFold ? zeroLaneSums(zeroFold, blockIndex) : []),
    ]),
  ])];
}

/** xz[block * lanes + l] = zero * sum of the stored codes that dot lane l multiplies (every chunk of the block) */
function zeroLaneSums(z: ZeroFold, blockIndex: Expr): Stmt[] {
  const base = add(mul(i32('m'), K), mul(i32('b'), XBLOCK));
  const l = i32('l');
  const codeAt = (chunk: number, j: number): Expr => cast(load('xq', add(base, add(mul(l, 4), chunk * z.chunkBytes + j)), 'i8'), 'i32');
  let sum: Expr | undefined;
  for (let chunk = 0; chunk < XBLOCK / z.chunkBytes; chunk++) for (let j = 0; j < 4; j++) sum = sum ? add(sum, codeAt(chunk, j)) : codeAt(chunk, j);
  return [forLoop('l', 0, z.lanes, [store('xz', add(mul(blockIndex, z.lanes), l), mul(sum!, c.i32(z.zero)))])];
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

/** y[m0+t, n0+r] = reduce(sum of accumulator sets) + offset terms + scalar tail + bias */
function writeOutputs(ctx: Ctx, R: number, MT: number, U: number, extra?: (r: number, t: number) => Expr): Stmt[] {
  const out: Stmt[] = [];
  const n0 = i32('n0');
  const m0 = i32('m0');
  for (let r = 0; r < R; r++) {
    for (let t = 0; t < MT; t++) {
      let sum = v(accName(r, t, 0), ctx.VT);
      for (let u = 1; u < U; u++) sum = add(sum, v(accName(r, t, u), ctx.VT));
      let y = hsum(ctx, sum);
      if (ctx.needOffset) y = add(y, v(`corr_${r}_${t}`, 'f32'));
      if (extra) y = add(y, extra(r, t));
      if (ctx.bias) y = add(y, load('bias', add(n0, r), 'f32'));
      out.push(store('y', add(mul(add(m0, t), N), add(n0, r)), y));
    }
  }
  return out;
}

function denseTile(ctx: Ctx, R: number, MT: number): Stmt[] {
  const { L, VT } = ctx;
  const U = ctx.config.k_unroll;
  const format = ctx.format as 'f32' | 'f16' | 'bf16';
  const n0 = i32('n0');
  const m0 = i32('m0');
  const wAt = (r: number, k: Expr, lanes: number): Expr => {
    const raw = load('W', add(mul(add(n0, r), K), k), lanes === 1 ? format : vec(format, lanes));
    return format === 'f32' ? raw : cast(raw, lanes === 1 ? 'f32' : vec('f32', lanes));
  };
  const xAt = (t: number, k: Expr, lanes: number): Expr => load('xf', add(mul(add(m0, t), K), k), lanes === 1 ? 'f32' : vec('f32', lanes));
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

/** the block loop shared by both quantized paths: U accumulator sets, then the blocks left over */
function blockLoops(ctx: Ctx, R: number, MT: number, block: (b: Expr, u: number) => Stmt[]): Stmt[] {
  const U = ctx.config.k_unroll;
  const KB = div(K, XBLOCK);
  const bMain = sub(KB, rem(KB, U));
  const b = i32('b');
  const loops: Stmt[] = [forLoop('b', 0, bMain, Array.from({ length: U }, (_, u) => forLoop('bu', add(b, u), add(b, u + 1), block(i32('bu'), u))), { step: U })];
  if (U > 1) loops.push(forLoop('b', bMain, KB, block(b, 0)));
  return [...declareAccumulators(ctx, R, MT, U), ...loops, ...writeOutputs(ctx, R, MT, U)];
}

/** per row r of the tile: its scale (and offset term) for block b */
function blockScales(ctx: Ctx, r: number, b: Expr): Stmt[] {
  const q = ctx.q!;
  const n = add(i32('n0'), r);
  const s: Stmt[] = [let_(`sc_${r}`, 'f32', q.scale(n, b))];
  const off = blockOffset(q, v(`sc_${r}`, 'f32'), n, b, ctx.zeroFold !== undefined);
  if (off) s.push(let_(`off_${r}`, 'f32', off));
  return s;
}

function addOffsetTerm(ctx: Ctx, r: number, t: number, b: Expr): Stmt[] {
  if (!ctx.needOffset) return [];
  const xsAt = load('xs', add(mul(add(i32('m0'), t), div(K, XBLOCK)), b), 'f32');
  return [assign(`corr_${r}_${t}`, fma(v(`off_${r}`, 'f32'), xsAt, v(`corr_${r}_${t}`, 'f32')))];
}

function floatQuantTile(ctx: Ctx, R: number, MT: number): Stmt[] {
  const q = ctx.q!;
  const { L, VT } = ctx;
  const lanesOf = (e: 'u8' | 'i8' | 'f32'): Type => (L === 1 ? e : vec(e, L));
  const m0 = i32('m0');
  const j = i32('j');
  const xAt = (t: number, b: Expr, offset: Expr): Expr => load('xf', add(mul(add(m0, t), K), add(mul(b, XBLOCK), offset)), VT);
  const block = (b: Expr, u: number): Stmt[] => {
    const s: Stmt[] = [];
    for (let r = 0; r < R; r++) {
      s.push(...blockScales(ctx, r, b));
      for (let t = 0; t < MT; t++) s.push(letMut(`bacc_${r}_${t}`, VT, splat(ctx, 0)));
    }
    const chunk: Stmt[] = [];
    for (let r = 0; r < R; r++) {
      const at = add(q.codes(add(i32('n0'), r), b), j);
      const bacc = (t: number): Expr => v(`bacc_${r}_${t}`, VT);
      if (q.bits === 8) {
        chunk.push(let_(`w_${r}`, VT, cast(load('W', at, lanesOf('i8')), VT)));
        for (let t = 0; t < MT; t++) chunk.push(assign(`bacc_${r}_${t}`, fma(v(`w_${r}`, VT), xAt(t, b, j), bacc(t))));
      } else {
        const U8 = lanesOf('u8');
        chunk.push(let_(`qs_${r}`, U8, load('W', at, U8)));
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
  const q = ctx.q!;
  const { L, VT } = ctx;
  const D = ctx.isa.dotBytes;
  const m0 = i32('m0');
  const codeElem = q.bits === 4 ? 'u8' : 'i8';
  const I32 = vec('i32', L);
  const xqAt = (t: number, b: Expr, offset: number | Expr, lanes: number): Expr =>
    load('xq', add(mul(add(m0, t), K), add(mul(b, XBLOCK), offset)), lanes === 1 ? 'i8' : vec('i8', lanes));
  const block = (b: Expr, u: number): Stmt[] => {
    const s: Stmt[] = [];
    for (let r = 0; r < R; r++) {
      s.push(...blockScales(ctx, r, b));
      const at = q.codes(add(i32('n0'), r), b);
      // the code operands of this row's block, as dot-product chunks in element order
      const chunks: Expr[] = [];
      if (D === 1) {
        // scalar: one i32 sum per x row, over the block's bytes
        for (let t = 0; t < MT; t++) s.push(letMut(`isum_${r}_${t}`, 'i32', c.i32(0)));
        const j = i32('j');
        const inner: Stmt[] = [];
        const isum = (t: number): Expr => v(`isum_${r}_${t}`, 'i32');
        if (q.bits === 8) {
          inner.push(let_('w', 'i32', cast(load('W', add(at, j), 'i8'), 'i32')));
          for (let t = 0; t < MT; t++) inner.push(assign(`isum_${r}_${t}`, add(isum(t), mul(i32('w'), cast(xqAt(t, b, j, 1), 'i32')))));
        } else {
          inner.push(let_('qs', 'i32', cast(load('W', add(at, j), 'u8'), 'i32')));
          for (let t = 0; t < MT; t++) {
            const lo = mul(and(i32('qs'), 15), cast(xqAt(t, b, j, 1), 'i32'));
            const hi = mul(shr(i32('qs'), 4), cast(xqAt(t, b, add(j, XBLOCK / 2), 1), 'i32'));
            inner.push(assign(`isum_${r}_${t}`, add(isum(t), add(lo, hi))));
          }
        }
        s.push(forLoop('j', 0, q.bits === 8 ? XBLOCK : XBLOCK / 2, inner));
      } else if (q.bits === 8) {
        for (let o = 0; o < XBLOCK; o += D) chunks.push(load('W', add(at, o), vec('i8', D)));
      } else {
        const U8 = vec('u8', 16);
        s.push(let_(`qs_${r}`, U8, load('W', at, U8)));
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
          for (let i = 0; i < chunks.length; i++) isum = dot(isum, v(`w_${r}_${i}`, vec(codeElem, D)), xqAt(t, b, i * D, D));
          if (ctx.zeroFold) isum = sub(isum, load('xz', mul(add(mul(add(m0, t), div(K, XBLOCK)), b), L), I32));
        }
        const xd = load('xd', add(mul(add(m0, t), div(K, XBLOCK)), b), 'f32');
        s.push(assign(accName(r, t, u), fma(cast(isum, VT), splat(ctx, mul(v(`sc_${r}`, 'f32'), xd)), v(accName(r, t, u), VT))));
        s.push(...addOffsetTerm(ctx, r, t, b));
      }
    }
    return s;
  };
  return blockLoops(ctx, R, MT, block);
}
