/**
 * attention for the fixed-width SIMD class (c as width 1, avx2, avx512, neon), over a `SimdIsa` rule
 * table as gemv/simd.ts. One C function:
 *
 * 1. A parallel loop over work items (b, kv head, query tile, kv split). A work item holds the
 *    R = (Hq/Hkv) * block_q query rows of one kv head: every head of the group times `block_q`
 *    positions, so each K/V tile is read once for all of them. Its keys are the union of what its rows
 *    see ([lo, hi]: tiles the masks leave empty are never visited), cut into `kv_splits` ranges of
 *    whole `block_kv` tiles; the split is part of the work item, so decode with few kv heads still
 *    fills the threads.
 * 2. Per tile (online softmax, flash): scores of every row against the tile's keys (a key row loaded
 *    once per block of RB rows, dot products along D in vectors, one horizontal sum per score), the
 *    masks as a per-score select; then per row the tile max, the rescale of the running sum and
 *    output by exp(m_old - m_new) and p = exp(s - m_new) in vectors along the tile (rows with no
 *    visible key in the tile skip it); then o += p · V with V chunks loaded once per row block and the
 *    accumulators of RB rows times a group of Dv chunks in registers.
 * 3. q8_0 KV: 'float' dequantizes codes (the block scale multiplied into each chunk); 'int8' quantizes
 *    the scaled q rows per 32-block (as ggml's q8_0: d = amax/127) once per work item and takes q·k
 *    as integer dot products (vpdpbusd / maddubs / sdot) per block, scaled by d_k * d_q into f32.
 * 4. Without splits the rows are normalized and stored; with splits each (row, split) leaves (m, l,
 *    o unnormalized) in scratch and a second parallel loop over rows combines them.
 *
 * Masked scores are a finite sentinel (NEG), not -inf: the same code serves freestanding C (no
 * INFINITY there), and exp of NEG minus anything clamps to exactly 0 on every ISA's exp.
 */
import type { Expr, Kernel, KernelParam, Params, Stmt, Type, VectorType } from '@kforge/ir';
import {
  add, alloc, assign, broadcast, bufferParam, c, call, cast, div, dot, fma, forLoop, ge, gt, if_, land, le, let_, letMut, load, lt, max, min,
  mul, ne, param, reduce, rem, scalarParam, select, store, sub, unary, v, vec,
} from '@kforge/ir';
import type { SimdIsa } from '../isa/simd.ts';

export interface AttentionSimdConfig {
  /** query positions per work item (each with every head of the kv group) */
  readonly block_q: number;
  /** keys per tile */
  readonly block_kv: number;
  /** key ranges per query tile computed apart and combined (1: none) */
  readonly kv_splits: number;
  /** q8_0 KV: 'float' dequantizes k; 'int8' takes q·k as integer dot products */
  readonly dot_path: 'float' | 'int8';
  /**
   * software prefetch this many bytes ahead in the K and V streams, one key row per step (0 or absent:
   * none; only where the ISA has the hint)
   */
  readonly prefetch?: number;
}

/** the masked-score sentinel, and a threshold below every real score and above it */
const NEG = -3.0e38;
const NEG_HALF = -1.0e38;
/** q8_0: values per block, bytes per block (f16 scale + 32 codes) */
const QB = 32;
const QBYTES = 34;
const PREFETCH = 'kf_prefetch';
const HSUM_EACH = 'kf_hsum_each';

const i32 = (name: string): Expr => v(name, 'i32');
const f32 = (name: string): Expr => v(name, 'f32');
const Bp = param('B');
const Sq = param('Sq');
const Skv = param('Skv');

export type AttentionKv = 'f32' | 'f16' | 'q8_0';

/** how many rows share each loaded key row / value chunk, and how many f32 vector accumulators P·V keeps */
function registerPlan(isa: SimdIsa, R: number): { RB: number; budget: number } {
  const wide = isa.f32Lanes >= 16 || isa.rules.name === 'neon';
  const cap = wide ? 8 : 4;
  const RB = [8, 4, 2, 1].find((x) => x <= cap && R % x === 0)!;
  return { RB, budget: isa.f32Lanes === 1 ? 8 : wide ? 16 : 12 };
}

export function lowerAttentionSimd(params: Params, config: AttentionSimdConfig, isa: SimdIsa): Kernel {
  const Hq = Number(params.Hq);
  const Hkv = Number(params.Hkv);
  const D = Number(params.D);
  const Dv = Number(params.Dv);
  const W = Number(params.window ?? 0);
  const causal = !!params.causal;
  const scale = Number(params.scale);
  const kv = params.kv as AttentionKv;
  const G = Hq / Hkv;
  const BQ = config.block_q;
  const BKV = config.block_kv;
  const S = config.kv_splits;
  const R = G * BQ;
  const L = isa.f32Lanes;
  const int8 = config.dot_path === 'int8';
  if (int8 && kv !== 'q8_0') throw new Error(`attention: dot_path int8 needs q8_0 KV, not ${kv}`);
  if (BKV % L !== 0) throw new Error(`attention: block_kv ${BKV} is not a multiple of ${L} lanes`);
  const F: Type = L === 1 ? 'f32' : vec('f32', L);
  const splat = (x: Expr | number): Expr => (L === 1 ? (typeof x === 'number' ? c.f32(x) : x) : broadcast(x, F as VectorType));
  const hsum = (x: Expr): Expr => (L === 1 ? x : reduce('add', x));
  const hmax = (x: Expr): Expr => (L === 1 ? x : reduce('max', x));
  const { RB, budget } = registerPlan(isa, R);
  const masked = causal || W > 0;
  // query tiles (block_q > 1): K and V tiles staged as f32 once for all R rows, scores of L keys per
  // vector through one transposing reduction (no horizontal sum per score)
  const staged = BQ > 1 && !int8 && L > 1 && isa.rules.rules[`call.${HSUM_EACH}:${L === 16 ? 'f32x16' : L === 8 ? 'f32x8' : 'f32x4'}`] !== undefined;
  /** row stride of the staged q rows and K tile: D rounded up to whole vectors (zero padding) in the staged path */
  const QS = staged ? Math.ceil(D / L) * L : D;
  // otherwise (decode) the scores' accumulator vectors of accLanes keys are reduced together
  const accLanes = int8 ? isa.dotBytes / 4 : L;
  const batched = !staged && L > 1 && isa.rules.rules[`call.${HSUM_EACH}:f32x${accLanes}`] !== undefined && (int8 || D % L === 0);

  const kvElem = kv === 'q8_0' ? 'u8' : kv;
  /** elements (bytes for q8_0) of one stored k / v row */
  const rowK = kv === 'q8_0' ? (D / QB) * QBYTES : D;
  const rowV = kv === 'q8_0' ? (Dv / QB) * QBYTES : Dv;

  /** `lanes` f32 values of a stored row (k or v) from element `e` on (`e` within one q8_0 block) */
  const loadKv = (buffer: 'k' | 'v', rowBase: Expr, e: Expr | number, lanes: number): Expr => {
    const T: Type = lanes === 1 ? 'f32' : vec('f32', lanes);
    if (kv === 'f32') return load(buffer, add(rowBase, e), T);
    if (kv === 'f16') return cast(load(buffer, add(rowBase, e), lanes === 1 ? 'f16' : vec('f16', lanes)), T);
    const blk = typeof e === 'number' ? Math.floor(e / QB) : div(e, QB);
    const inBlk = typeof e === 'number' ? e % QB : rem(e, QB);
    const blockAt = add(rowBase, mul(blk, QBYTES));
    const codes = cast(load(buffer, add(add(blockAt, 2), inBlk), lanes === 1 ? 'i8' : vec('i8', lanes)), T);
    const d = cast(load(buffer, blockAt, 'f16'), 'f32');
    return mul(codes, lanes === 1 ? d : broadcast(d, T as VectorType));
  };

  const kvBase = (name: string, j: Expr, row: number): Stmt => let_(name, 'i32', mul(add(mul(i32('bh'), Skv), j), row));
  const pfBytes = isa.rules.rules[`call.${PREFETCH}:i32`] !== undefined ? config.prefetch ?? 0 : 0;
  /** the hint for the key row `ahead` bytes past the row at element `base` (clamped to the buffer); none without prefetch */
  const prefetchRow = (name: string, buffer: 'k' | 'v', base: Expr, row: number): Stmt[] => {
    if (pfBytes === 0) return [];
    const bytes = kv === 'q8_0' ? row : row * (kv === 'f16' ? 2 : 4);
    const aheadRows = Math.max(1, Math.round(pfBytes / bytes));
    const last = sub(mul(mul(mul(Bp, Hkv), Skv), row), 1);
    const at = min(add(base, aheadRows * row), last);
    return [let_(name, 'i32', call(PREFETCH, [load(buffer, at, kvElem), c.i32(bytes)], 'i32'))];
  };

  const body: Stmt[] = [];
  const nQT = div(add(Sq, BQ - 1), BQ);
  const work: Stmt[] = [
    let_('split', 'i32', rem(i32('w'), S)),
    let_('wt', 'i32', div(i32('w'), S)),
    let_('qt', 'i32', rem(i32('wt'), nQT)),
    let_('bh', 'i32', div(i32('wt'), nQT)),
    let_('b', 'i32', div(i32('bh'), Hkv)),
    let_('kvh', 'i32', rem(i32('bh'), Hkv)),
    let_('i0', 'i32', mul(i32('qt'), BQ)),
    let_('nq', 'i32', min(c.i32(BQ), sub(Sq, i32('i0')))),
    let_('p0', 'i32', add(sub(Skv, Sq), i32('i0'))),
    // the keys some row of the tile sees: rows see [first(p), last(p)], both non-decreasing in p
    let_('lo', 'i32', W > 0 ? max(c.i32(0), sub(i32('p0'), W - 1)) : c.i32(0)),
    let_('hi', 'i32', causal ? add(i32('p0'), sub(i32('nq'), 1)) : sub(Skv, 1)),
  ];
  if (S === 1) {
    work.push(let_('js', 'i32', i32('lo')), let_('je', 'i32', add(i32('hi'), 1)));
  } else {
    // whole tiles per split, so only the last tile of a split has a tail
    const span = add(sub(i32('hi'), i32('lo')), 1);
    work.push(
      let_('per', 'i32', mul(div(add(div(add(span, S - 1), S), BKV - 1), BKV), BKV)),
      let_('js', 'i32', add(i32('lo'), mul(i32('split'), i32('per')))),
      let_('je', 'i32', min(add(i32('hi'), 1), add(i32('js'), i32('per')))),
    );
  }
  work.push(
    alloc('qs', 'f32', R * QS, 'private', 64),
    alloc('sc', 'f32', R * BKV, 'private', 64),
    alloc('acc', 'f32', R * Dv, 'private', 64),
    alloc('mrow', 'f32', R, 'private'),
    alloc('lrow', 'f32', R, 'private'),
  );
  const NB = D / QB;
  if (int8) work.push(alloc('qq', 'i8', R * D, 'private', 64), alloc('qd', 'f32', R * NB, 'private'));
  if (staged) work.push(alloc('kf', 'f32', BKV * QS, 'private', 64), alloc('vf', 'f32', BKV * Dv, 'private', 64));
  if (batched) work.push(alloc('sacc', 'f32', RB * accLanes * accLanes, 'private', 64));
  if (staged || batched) {
    work.push(alloc('iota', 'f32', L, 'private'));
    for (let l = 0; l < L; l++) work.push(store('iota', l, c.f32(l)));
  }

  // row r of the work item: head kvh * G + r / BQ, position i0 + min(r % BQ, nq - 1) (rows past Sq repeat the last and are not stored)
  const rowPos = (r: Expr): Expr => add(i32('p0'), min(rem(r, BQ), sub(i32('nq'), 1)));
  const qRowIndex = (r: Expr, clamp: boolean): Expr => {
    const h = add(mul(i32('kvh'), G), div(r, BQ));
    const i = add(i32('i0'), clamp ? min(rem(r, BQ), sub(i32('nq'), 1)) : rem(r, BQ));
    return add(mul(add(mul(i32('b'), Hq), h), Sq), i);
  };

  // ---- stage the rows: q * scale, running max/sum, accumulators ----
  const r = i32('r');
  const DF = D - (D % L);
  const DvF = Dv - (Dv % L);
  const vecLoop = (name: string, to: number, fn: (d: Expr, lanes: number) => Stmt[], tailFrom?: number): Stmt[] => {
    const out: Stmt[] = [];
    const full = L === 1 ? to : to - (to % L);
    if (full > 0) out.push(forLoop(name, 0, full, fn(i32(name), L), { step: L }));
    if (full < to) out.push(forLoop(`${name}t`, tailFrom ?? full, to, fn(i32(`${name}t`), 1)));
    return out;
  };
  const FT = (lanes: number): Type => (lanes === 1 ? 'f32' : vec('f32', lanes));
  work.push(forLoop('r', 0, R, [
    let_('qrow', 'i32', mul(qRowIndex(r, true), D)),
    ...vecLoop('d', D, (d, lanes) => [
      store('qs', add(mul(r, QS), d), mul(load('q', add(i32('qrow'), d), FT(lanes)), lanes === 1 ? c.f32(scale) : broadcast(c.f32(scale), FT(lanes) as VectorType))),
    ]),
    ...(QS > D ? [forLoop('dz', D, QS, [store('qs', add(mul(r, QS), i32('dz')), c.f32(0))])] : []),
    store('mrow', r, c.f32(NEG)),
    store('lrow', r, c.f32(0)),
    ...vecLoop('e', Dv, (d, lanes) => [store('acc', add(mul(r, Dv), d), lanes === 1 ? c.f32(0) : broadcast(c.f32(0), FT(lanes) as VectorType))]),
  ]));
  if (int8) work.push(...quantizeRows(R, D));

  // ---- the tile loop ----
  /** staged path: the tile's K rows (row stride QS, zero padded) and V rows as f32; rows past n zero */
  const stageTile = (): Stmt[] => {
    const out: Stmt[] = [];
    const keyRows = (buffer: 'k' | 'v', dst: string, width: number, stride: number, row: number, tag: string): Stmt => {
      const jr = i32(`j${tag}`);
      const body: Stmt[] = [kvBase(`${tag}b`, add(i32('j0'), jr), row), ...prefetchRow(`pf${tag}`, buffer, i32(`${tag}b`), row)];
      body.push(...vecLoop(`d${tag}`, width, (d, lanes) => [store(dst, add(mul(jr, stride), d), loadKv(buffer, i32(`${tag}b`), d, lanes))]));
      if (stride > width) body.push(forLoop(`z${tag}`, width, stride, [store(dst, add(mul(jr, stride), i32(`z${tag}`)), c.f32(0))]));
      return forLoop(`j${tag}`, 0, i32('n'), body);
    };
    out.push(keyRows('k', 'kf', D, QS, rowK, 'sk'), keyRows('v', 'vf', Dv, Dv, rowV, 'sv'));
    // the rows past the tile's end (its last tile) are read by the key blocks: zeros, not garbage (a NaN would survive the p = 0)
    out.push(forLoop('jzk', i32('n'), BKV, [
      forLoop('dzk', 0, QS, [store('kf', add(mul(i32('jzk'), QS), i32('dzk')), splat(0))], { step: L }),
      ...vecLoop('dzv', Dv, (d, lanes) => [store('vf', add(mul(i32('jzk'), Dv), d), lanes === 1 ? c.f32(0) : broadcast(c.f32(0), FT(lanes) as VectorType))]),
    ]));
    return out;
  };
  /** scores of keys j0 + jb .. + lanes - 1 of row `row` (a vector), the masks applied as vector selects, stored to sc */
  const maskedScores = (row: Expr, jb: Expr, scores: Expr, lanes: number, tag: string): Stmt[] => {
    const T = vec('f32', lanes);
    const sp = (x: Expr | number): Expr => broadcast(typeof x === 'number' ? c.f32(x) : x, T);
    const out: Stmt[] = [];
    let sv = scores;
    if (masked) {
      out.push(let_(`sraw${tag}`, T, sv), let_(`jvec${tag}`, T, add(load('iota', 0, T), sp(cast(add(i32('j0'), jb), 'f32')))));
      sv = v(`sraw${tag}`, T);
      if (causal) sv = select(le(v(`jvec${tag}`, T), sp(cast(rowPos(row), 'f32'))), sv, sp(NEG));
      if (W > 0) sv = select(gt(v(`jvec${tag}`, T), sp(cast(sub(rowPos(row), W), 'f32'))), sv, sp(NEG));
    }
    out.push(store('sc', add(mul(row, BKV), jb), sv));
    return out;
  };
  /** staged path: per row, L keys at a time: L accumulators along D, one transposing reduction, masks as vector selects */
  const stagedScores = (): Stmt[] => {
    const rs = i32('rs');
    const jb = i32('jb');
    const blockBody: Stmt[] = [];
    for (let l = 0; l < L; l++) blockBody.push(letMut(`ka${l}`, F, splat(0)));
    const chunk: Stmt[] = [let_('qv', F, load('qs', add(mul(rs, QS), i32('dk')), F))];
    for (let l = 0; l < L; l++) chunk.push(assign(`ka${l}`, fma(v('qv', F), load('kf', add(mul(add(jb, l), QS), i32('dk')), F), v(`ka${l}`, F))));
    blockBody.push(forLoop('dk', 0, QS, chunk, { step: L, ...(QS / L <= 16 ? { unroll: QS / L } : {}) }));
    blockBody.push(...maskedScores(rs, jb, call(HSUM_EACH, Array.from({ length: L }, (_, l) => v(`ka${l}`, F)), F), L, 's'));
    return [forLoop('rs', 0, R, [forLoop('jb', 0, i32('n'), blockBody, { step: L })])];
  };
  const tile: Stmt[] = [let_('n', 'i32', min(c.i32(BKV), sub(i32('je'), i32('j0'))))];
  const rb = i32('rb');
  const rowOf = (u: number): Expr => add(mul(rb, RB), u);

  if (staged) {
    tile.push(...stageTile(), ...stagedScores());
  }
  // scores of RB rows against key jj; batched: the accumulator vectors of Lb keys kept, then one
  // transposing reduction per row for all of them (Lb = the accumulator's lanes)
  const AT: Type = vec('f32', Math.max(accLanes, 1));
  const accName = (u: number): string => (int8 ? `fa${u}` : `sa${u}`);
  const scoreRows: Stmt[] = [kvBase('kb', add(i32('j0'), i32('jj')), rowK), ...prefetchRow('pfk', 'k', i32('kb'), rowK)];
  if (!int8) {
    for (let u = 0; u < RB; u++) scoreRows.push(letMut(`sa${u}`, F, splat(0)));
    const chunk: Stmt[] = [let_('kc', F, loadKv('k', i32('kb'), i32('dc'), L))];
    for (let u = 0; u < RB; u++) chunk.push(assign(`sa${u}`, fma(load('qs', add(mul(rowOf(u), D), i32('dc')), F), v('kc', F), v(`sa${u}`, F))));
    if (DF > 0) scoreRows.push(forLoop('dc', 0, DF, chunk, { step: L, ...(DF / L <= 16 && L > 1 ? { unroll: DF / L } : {}) }));
    if (!batched) for (let u = 0; u < RB; u++) scoreRows.push(letMut(`s${u}`, 'f32', hsum(v(`sa${u}`, F))));
    if (DF < D) {
      const tail: Stmt[] = [let_('kt', 'f32', loadKv('k', i32('kb'), i32('dt'), 1))];
      for (let u = 0; u < RB; u++) tail.push(assign(`s${u}`, fma(load('qs', add(mul(rowOf(u), D), i32('dt')), 'f32'), f32('kt'), f32(`s${u}`))));
      scoreRows.push(forLoop('dt', DF, D, tail));
    }
  } else {
    scoreRows.push(...int8Scores(isa, RB, D, rowOf, !batched));
  }
  if (batched) {
    for (let u = 0; u < RB; u++) scoreRows.push(store('sacc', mul(add(mul(u, accLanes), i32('jl')), accLanes), v(accName(u), AT)));
  }
  for (let u = 0; u < RB && !batched; u++) {
    let s = f32(`s${u}`);
    if (masked) {
      const pos = rowPos(rowOf(u));
      const j = add(i32('j0'), i32('jj'));
      const conds: Expr[] = [];
      if (causal) conds.push(le(j, pos));
      if (W > 0) conds.push(gt(j, sub(pos, W)));
      s = select(conds.length === 2 ? land(conds[0]!, conds[1]!) : conds[0]!, s, c.f32(NEG));
    }
    scoreRows.push(store('sc', add(mul(rowOf(u), BKV), i32('jj')), s));
  }
  if (batched) {
    const jbb = i32('jbb');
    const reduceRows: Stmt[] = [];
    for (let u = 0; u < RB; u++) {
      const parts = Array.from({ length: accLanes }, (_, l) => load('sacc', (u * accLanes + l) * accLanes, AT));
      reduceRows.push(...maskedScores(rowOf(u), jbb, call(HSUM_EACH, parts, AT), accLanes, `b${u}`));
    }
    tile.push(forLoop('rb', 0, R / RB, [forLoop('jbb', 0, i32('n'), [
      forLoop('jl', 0, min(c.i32(accLanes), sub(i32('n'), jbb)), [let_('jj', 'i32', add(jbb, i32('jl'))), ...scoreRows]),
      ...reduceRows,
    ], { step: accLanes })]));
  } else if (!staged) tile.push(forLoop('rb', 0, R / RB, [forLoop('jj', 0, i32('n'), scoreRows)]));

  // online softmax per row
  const scAt = (k: Expr | number): Expr => add(mul(r, BKV), k);
  const soft: Stmt[] = [
    forLoop('jp', i32('n'), BKV, [store('sc', scAt(i32('jp')), c.f32(NEG))]),
    letMut('tmv', F, load('sc', scAt(0), F)),
    ...(BKV > L ? [forLoop('jm', L, BKV, [assign('tmv', max(v('tmv', F), load('sc', scAt(i32('jm')), F)))], { step: L })] : []),
    let_('tm', 'f32', hmax(v('tmv', F))),
  ];
  const update: Stmt[] = [
    let_('mold', 'f32', load('mrow', r, 'f32')),
    let_('mnew', 'f32', max(f32('mold'), f32('tm'))),
    let_('alpha', 'f32', unary('exp', sub(f32('mold'), f32('mnew')))),
    letMut('psv', F, splat(0)),
    forLoop('jx', 0, BKV, [
      let_('sv', F, load('sc', scAt(i32('jx')), F)),
      let_('pv', F, select(gt(v('sv', F), splat(NEG_HALF)), unary('exp', sub(v('sv', F), splat(f32('mnew')))), splat(0))),
      store('sc', scAt(i32('jx')), v('pv', F)),
      assign('psv', add(v('psv', F), v('pv', F))),
    ], { step: L }),
    store('lrow', r, fma(load('lrow', r, 'f32'), f32('alpha'), hsum(v('psv', F)))),
    store('mrow', r, f32('mnew')),
    ...vecLoop('ea', Dv, (d, lanes) => [
      store('acc', add(mul(r, Dv), d), mul(load('acc', add(mul(r, Dv), d), FT(lanes)), lanes === 1 ? f32('alpha') : broadcast(f32('alpha'), FT(lanes) as VectorType))),
    ]),
  ];
  // a row that sees no key of this tile keeps its state; its p are 0
  const skip: Stmt[] = [forLoop('jz', 0, BKV, [store('sc', scAt(i32('jz')), splat(0))], { step: L })];
  soft.push(if_(gt(f32('tm'), c.f32(NEG_HALF)), update, skip));
  tile.push(forLoop('r', 0, R, soft));

  // o += p · V: Dv chunks in groups whose RB x group accumulators stay in registers
  const chunks = DvF / L;
  const CG = Math.max(1, Math.min(chunks, Math.floor(budget / RB)));
  const pv: Stmt[] = [];
  const pvGroup = (d0: Expr, count: number, lanes: number, tag: string, hint: boolean): Stmt[] => {
    const T = FT(lanes);
    const out: Stmt[] = [];
    const accAt = (u: number, k: number): Expr => add(add(mul(rowOf(u), Dv), d0), k * lanes);
    for (let u = 0; u < RB; u++) for (let k = 0; k < count; k++) out.push(letMut(`o${tag}${u}_${k}`, T, load('acc', accAt(u, k), T)));
    const inner: Stmt[] = staged ? [] : [kvBase(`vb${tag}`, add(i32('j0'), i32(`jv${tag}`)), rowV), ...(hint ? prefetchRow(`pfv${tag}`, 'v', i32(`vb${tag}`), rowV) : [])];
    for (let u = 0; u < RB; u++) {
      const p = load('sc', add(mul(rowOf(u), BKV), i32(`jv${tag}`)), 'f32');
      inner.push(let_(`p${tag}${u}`, T, lanes === 1 ? p : broadcast(p, T as VectorType)));
    }
    for (let k = 0; k < count; k++) {
      const at = add(d0, k * lanes);
      inner.push(let_(`vc${tag}${k}`, T, staged ? load('vf', add(mul(i32(`jv${tag}`), Dv), at), T) : loadKv('v', i32(`vb${tag}`), at, lanes)));
      for (let u = 0; u < RB; u++) inner.push(assign(`o${tag}${u}_${k}`, fma(v(`vc${tag}${k}`, T), v(`p${tag}${u}`, T), v(`o${tag}${u}_${k}`, T))));
    }
    out.push(forLoop(`jv${tag}`, 0, i32('n'), inner));
    for (let u = 0; u < RB; u++) for (let k = 0; k < count; k++) out.push(store('acc', accAt(u, k), v(`o${tag}${u}_${k}`, T)));
    return out;
  };
  if (chunks > 0) {
    const groups = Math.floor(chunks / CG);
    if (groups > 0) pv.push(forLoop('dg', 0, groups * CG * L, pvGroup(i32('dg'), CG, L, 'g', true), { step: CG * L }));
    if (groups * CG < chunks) pv.push(...pvGroup(c.i32(groups * CG * L), chunks - groups * CG, L, 'h', groups === 0));
  }
  if (DvF < Dv) pv.push(forLoop('dvt', DvF, Dv, pvGroup(i32('dvt'), 1, 1, 't', chunks === 0)));
  tile.push(forLoop('rb', 0, R / RB, pv));

  work.push(forLoop('j0', i32('js'), i32('je'), tile, { step: BKV }));

  // ---- results ----
  const out: Stmt[] = [];
  if (S === 1) {
    out.push(
      let_('orow', 'i32', mul(qRowIndex(r, false), Dv)),
      let_('inv', 'f32', div(c.f32(1), load('lrow', r, 'f32'))),
      ...vecLoop('eo', Dv, (d, lanes) => [
        store('o', add(i32('orow'), d), mul(load('acc', add(mul(r, Dv), d), FT(lanes)), lanes === 1 ? f32('inv') : broadcast(f32('inv'), FT(lanes) as VectorType))),
      ]),
    );
  } else {
    out.push(
      let_('pbase', 'i32', mul(add(mul(qRowIndex(r, false), S), i32('split')), Dv + 2)),
      store('part', i32('pbase'), load('mrow', r, 'f32')),
      store('part', add(i32('pbase'), 1), load('lrow', r, 'f32')),
      ...vecLoop('eo', Dv, (d, lanes) => [store('part', add(add(i32('pbase'), 2), d), load('acc', add(mul(r, Dv), d), FT(lanes)))]),
    );
  }
  work.push(forLoop('r', 0, R, [if_(lt(rem(r, BQ), i32('nq')), out)]));

  body.push(forLoop('w', 0, mul(mul(mul(Bp, Hkv), nQT), S), work, { parallel: true }));
  if (S > 1) body.push(combine(S, Dv, L, Hq));

  const kElem = kvElem;
  const bufferParams: KernelParam[] = [
    bufferParam('q', 'f32'), bufferParam('k', kElem), bufferParam('v', kElem), bufferParam('o', 'f32', 'write'),
    ...(S > 1 ? [bufferParam('part', 'f32', 'readwrite')] : []),
  ];
  return {
    name: `attention_${kv}_${isa.rules.name}${int8 ? '_int8' : ''}`,
    model: 'cpu',
    params: [...bufferParams, scalarParam('B'), scalarParam('Sq'), scalarParam('Skv')],
    body,
  };
}

/** int8 path: the scaled q rows quantized per 32-block (d = amax / 127, codes rounded half away from zero) */
function quantizeRows(R: number, D: number): Stmt[] {
  const r = i32('r');
  const blk = i32('qb');
  const at = (e: Expr): Expr => add(add(mul(r, D), mul(blk, QB)), e);
  return [forLoop('r', 0, R, [forLoop('qb', 0, D / QB, [
    letMut('amax', 'f32', c.f32(0)),
    forLoop('qe', 0, QB, [assign('amax', max(f32('amax'), unary('abs', load('qs', at(i32('qe')), 'f32'))))]),
    let_('qdv', 'f32', div(f32('amax'), c.f32(127))),
    let_('qid', 'f32', select(ne(f32('qdv'), c.f32(0)), div(c.f32(1), f32('qdv')), c.f32(0))),
    store('qd', add(mul(r, D / QB), blk), f32('qdv')),
    forLoop('qe2', 0, QB, [
      let_('qx', 'f32', mul(load('qs', at(i32('qe2')), 'f32'), f32('qid'))),
      store('qq', at(i32('qe2')), cast(cast(add(f32('qx'), select(ge(f32('qx'), c.f32(0)), c.f32(0.5), c.f32(-0.5))), 'i32'), 'i8')),
    ]),
  ])])];
}

/** int8 path: scores s0..s(RB-1) of key row kb: per block an integer dot of codes, scaled by d_k * d_q */
function int8Scores(isa: SimdIsa, RB: number, D: number, rowOf: (u: number) => Expr, reduceEach: boolean): Stmt[] {
  const NB = D / QB;
  const bytes = isa.dotBytes;
  const out: Stmt[] = [];
  const kb = i32('kb');
  const blk = i32('kb8');
  const blockAt = add(kb, mul(blk, QBYTES));
  if (bytes === 1) {
    for (let u = 0; u < RB; u++) out.push(letMut(`s${u}`, 'f32', c.f32(0)));
    const inner: Stmt[] = [let_('dk', 'f32', cast(load('k', blockAt, 'f16'), 'f32'))];
    for (let u = 0; u < RB; u++) inner.push(letMut(`is${u}`, 'i32', c.i32(0)));
    const codes: Stmt[] = [let_('kq', 'i32', cast(load('k', add(add(blockAt, 2), i32('ke')), 'i8'), 'i32'))];
    for (let u = 0; u < RB; u++) {
      const qc = cast(load('qq', add(add(mul(rowOf(u), D), mul(blk, QB)), i32('ke')), 'i8'), 'i32');
      codes.push(assign(`is${u}`, add(i32(`is${u}`), mul(i32('kq'), qc))));
    }
    inner.push(forLoop('ke', 0, QB, codes));
    for (let u = 0; u < RB; u++) {
      const dq = load('qd', add(mul(rowOf(u), NB), blk), 'f32');
      inner.push(assign(`s${u}`, fma(cast(i32(`is${u}`), 'f32'), mul(f32('dk'), dq), f32(`s${u}`))));
    }
    out.push(forLoop('kb8', 0, NB, inner));
    return out;
  }
  // x86: one 32-byte dot per block into 8 i32 lanes; NEON: two 16-byte sdot per block into 4
  const lanes = bytes / 4;
  const FA = vec('f32', lanes);
  const IA = vec('i32', lanes);
  const CT = vec('i8', bytes);
  for (let u = 0; u < RB; u++) out.push(letMut(`fa${u}`, FA, broadcast(c.f32(0), FA)));
  const inner: Stmt[] = [let_('dk', 'f32', cast(load('k', blockAt, 'f16'), 'f32'))];
  const parts = QB / bytes;
  for (let h = 0; h < parts; h++) inner.push(let_(`kq${h}`, CT, load('k', add(add(blockAt, 2), h * bytes), CT)));
  for (let u = 0; u < RB; u++) {
    let isum: Expr = broadcast(c.i32(0), IA);
    for (let h = 0; h < parts; h++) isum = dot(isum, v(`kq${h}`, CT), load('qq', add(add(mul(rowOf(u), D), mul(blk, QB)), h * bytes), CT));
    const dq = load('qd', add(mul(rowOf(u), NB), blk), 'f32');
    inner.push(assign(`fa${u}`, fma(cast(isum, FA), broadcast(mul(f32('dk'), dq), FA), v(`fa${u}`, FA))));
  }
  out.push(forLoop('kb8', 0, NB, inner, NB <= 8 ? { unroll: NB } : {}));
  if (reduceEach) for (let u = 0; u < RB; u++) out.push(letMut(`s${u}`, 'f32', reduce('add', v(`fa${u}`, FA))));
  return out;
}

/** kv_splits > 1: per row, the splits' (m, l, o) merged: o = sum_s e^(m_s - M) o_s / sum_s e^(m_s - M) l_s */
function combine(S: number, Dv: number, L: number, Hq: number): Stmt {
  const row = i32('cr');
  const at = (s: Expr | number): Expr => mul(add(mul(row, S), s), Dv + 2);
  const FT = (lanes: number): Type => (lanes === 1 ? 'f32' : vec('f32', lanes));
  const chunk = (d: Expr, lanes: number, tag: string): Stmt[] => {
    const T = FT(lanes);
    return [
      letMut(`ca${tag}`, T, lanes === 1 ? c.f32(0) : broadcast(c.f32(0), T as VectorType)),
      forLoop(`cs${tag}`, 0, S, [assign(`ca${tag}`, fma(load('part', add(add(at(i32(`cs${tag}`)), 2), d), T),
        lanes === 1 ? load('cw', i32(`cs${tag}`), 'f32') : broadcast(load('cw', i32(`cs${tag}`), 'f32'), T as VectorType), v(`ca${tag}`, T)))]),
      store('o', add(mul(row, Dv), d), mul(v(`ca${tag}`, T), lanes === 1 ? f32('cinv') : broadcast(f32('cinv'), T as VectorType))),
    ];
  };
  const DvF = L === 1 ? Dv : Dv - (Dv % L);
  const body: Stmt[] = [
    alloc('cw', 'f32', S, 'private'),
    letMut('cm', 'f32', c.f32(NEG)),
    forLoop('cs', 0, S, [assign('cm', max(f32('cm'), load('part', at(i32('cs')), 'f32')))]),
    letMut('cl', 'f32', c.f32(0)),
    forLoop('cs', 0, S, [
      let_('cwv', 'f32', unary('exp', sub(load('part', at(i32('cs')), 'f32'), f32('cm')))),
      store('cw', i32('cs'), f32('cwv')),
      assign('cl', fma(f32('cwv'), load('part', add(at(i32('cs')), 1), 'f32'), f32('cl'))),
    ]),
    let_('cinv', 'f32', div(c.f32(1), f32('cl'))),
  ];
  if (DvF > 0) body.push(forLoop('cd', 0, DvF, chunk(i32('cd'), L, 'v'), { step: L }));
  if (DvF < Dv) body.push(forLoop('cdt', DvF, Dv, chunk(i32('cdt'), 1, 't')));
  return forLoop('cr', 0, mul(mul(Bp, Hq), Sq), body, { parallel: true });
}
