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
 *    On AVX-512 two more p·v paths (`pv_path`, AttentionSimdConfig): 'int8' for q8_0 V (u8 p times V
 *    codes by zmm vpdpbusd, V staged four keys to a word per tile) and 'bf16' (vdpbf16ps on pairs of
 *    keys); `q_scale` 'row' gives the zmm int8 q·k one q scale per row.
 * 4. Without splits the rows are normalized and stored; with splits each (row, split) leaves (m, l,
 *    o unnormalized) in scratch and a second parallel loop over rows combines them.
 *
 * Masked scores are a finite sentinel (NEG), not -inf: the same code serves freestanding C (no
 * INFINITY there), and exp of NEG minus anything clamps to exactly 0 on every ISA's exp.
 */
import type { Expr, Kernel, KernelParam, Params, Stmt, Type, VectorType } from '@kforge/ir';
import {
  add, alloc, assign, broadcast, bufferParam, c, call, cast, concat, div, dot, fma, forLoop, ge, gt, if_, land, le, let_, letMut, load, lt, max, min,
  mul, ne, param, reduce, rem, scalarParam, select, store, sub, unary, v, vec,
} from '@kforge/ir';
import type { SimdIsa } from '../isa/simd.ts';
import { BCAST4, VQUAD } from './pv-int8.ts';

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
  /**
   * 'bf16' (AVX-512 BF16): the rows as vector lanes, q·k in f32 and p·v by vdpbf16ps on bf16 pairs
   * (rowLanesBf16); 'none' or absent: f32 multiply-adds only
   */
  readonly mma?: 'none' | 'bf16';
  /**
   * q8_0 V: 'int8' takes p·v as integer dot products (AVX-512): per tile and row, p times V's block
   * scale quantized to u8 per block of V (scale amax / 255), V's codes staged four keys to a 32-bit
   * word, one zmm vpdpbusd per 4 keys and 16 outputs, i32 sums scaled into the f32 accumulators once
   * per tile. f32/f16 V: 'bf16' (AVX-512 BF16) rounds p and V to bf16 and takes p·v by vdpbf16ps,
   * two keys (j and j + 16 of each 32) per 32-bit word, V's pairs staged once per tile for all rows.
   * 'float' or absent: V (dequantized) multiply-added in f32
   */
  readonly pv_path?: 'float' | 'int8' | 'bf16';
  /**
   * int8 q·k on zmm (two blocks per dot): 'row' quantizes each q row with one scale over all of D, so a
   * score takes the k scales alone per block pair and the q scale once after the reduction; 'block'
   * or absent: one q scale per 32-block (as ggml's q8_0), multiplied in per block pair
   */
  readonly q_scale?: 'block' | 'row';
}

/** the masked-score sentinel, and a threshold below every real score and above it */
const NEG = -3.0e38;
const NEG_HALF = -1.0e38;
/** q8_0: values per block, bytes per block (f16 scale + 32 codes) */
const QB = 32;
const QBYTES = 34;
const PREFETCH = 'kf_prefetch';
/** keys of a tile that p·V takes through all its Dv groups before the next keys (their V rows stay in L1) */
const PV_KEYS = 16;
const HSUM_EACH = 'kf_hsum_each';
/** two f32 vectors rounded to bf16 and interleaved: 32-bit lane i holds (a_i, b_i); and the bf16 pair dot product */
const BF16_PAIRS = 'kf_bf16_pairs';
const DPBF16 = 'kf_dpbf16';

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
  const bf16 = config.mma === 'bf16';
  if (bf16 && (int8 || L !== 16 || isa.rules.rules[`call.${DPBF16}:f32x16`] === undefined)) {
    throw new Error(`attention: mma bf16 needs the AVX-512 BF16 rules and dot_path float (${isa.rules.name}, dot_path ${config.dot_path})`);
  }
  // query tiles (block_q > 1): K and V tiles staged as f32 once for all R rows, scores of L keys per
  // vector through one transposing reduction (no horizontal sum per score)
  const staged = BQ > 1 && !int8 && L > 1 && isa.rules.rules[`call.${HSUM_EACH}:${L === 16 ? 'f32x16' : L === 8 ? 'f32x8' : 'f32x4'}`] !== undefined;
  /** row stride of the staged q rows and K tile: D rounded up to whole vectors (zero padding) in the staged path */
  const QS = staged ? Math.ceil(D / L) * L : D;
  // otherwise (decode) the scores' accumulator vectors of accLanes keys are reduced together
  // int8 on zmm (wideInt8): two q8_0 blocks per 64-byte dot, q as unsigned codes (q + 128) so the k codes
  // are the signed operand as stored; the 128 * sum(k) that adds is subtracted once per key for all rows
  const wideInt8 = int8 && L === 16 && (D / QB) % 2 === 0 && isa.rules.rules['dot:i32x16,u8x64,i8x64'] !== undefined;
  const accLanes = int8 ? (wideInt8 ? 16 : isa.dotBytes / 4) : L;
  const batched = !staged && L > 1 && isa.rules.rules[`call.${HSUM_EACH}:f32x${accLanes}`] !== undefined && (int8 || D % L === 0);
  const qRow = config.q_scale === 'row';
  if (qRow && !(wideInt8 && batched)) throw new Error(`attention: q_scale row needs the int8 dot path on zmm (D / ${QB} even, AVX-512), got ${isa.rules.name} D ${D} dot_path ${config.dot_path}`);
  const pvInt8 = config.pv_path === 'int8';
  const pvBf16 = config.pv_path === 'bf16';
  if (pvBf16 && !(kv !== 'q8_0' && !staged && !bf16 && L === 16 && Dv % 16 === 0 && BKV % 32 === 0 && isa.rules.rules[`call.${DPBF16}:f32x16`] !== undefined)) {
    throw new Error(`attention: pv_path bf16 needs f32 or f16 KV, Dv a multiple of 16, block_kv of 32, no query-tile staging and the AVX-512 BF16 rules (${isa.rules.name})`);
  }
  if (pvInt8 && !(kv === 'q8_0' && !staged && !bf16 && L === 16 && Dv % QB === 0 && isa.rules.rules[`call.${VQUAD}:i32`] !== undefined)) {
    throw new Error(`attention: pv_path int8 needs q8_0 KV, Dv a multiple of ${QB}, no query-tile staging and the AVX-512 int8 p·v rules (${isa.rules.name})`);
  }

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
  if (bf16) {
    work.push(...rowLanesBf16());
    return finishKernel();
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
  if (wideInt8) work.push(alloc('qu', 'u8', R * D, 'private', 64), ...(qRow ? [] : [alloc('qdp', 'f32', R * (NB / 2) * 16, 'private', 64)]));
  if (staged) work.push(alloc('kf', 'f32', BKV * QS, 'private', 64), alloc('vf', 'f32', BKV * Dv, 'private', 64));
  if (batched) work.push(alloc('sacc', 'f32', RB * accLanes * accLanes, 'private', 64));
  /** int8 p·v: blocks of a V row */
  const NBV = Dv / QB;
  if (pvInt8) {
    // vt: the tile's V codes, 4 keys per 32-bit word; dvt: V's block scales [block][key]; pq: u8 p * scale [row][block][key]; psc: their scales
    work.push(
      alloc('vt', 'i8', BKV * Dv, 'private', 64), alloc('dvt', 'f32', NBV * BKV, 'private', 64),
      alloc('pq', 'u8', R * NBV * BKV, 'private', 64), alloc('psc', 'f32', R * NBV, 'private'),
    );
    // the keys past a tile's end keep finite scales (0, or an earlier tile's) that their p = 0 multiplies
    work.push(forLoop('dz', 0, NBV * BKV, [store('dvt', i32('dz'), splat(0))], { step: L }));
  }
  // bf16 p·v: vp the tile's V pairs [pair][Dv], pp each row's p pairs [row][pair] (bf16 pairs in 32-bit words)
  if (pvBf16) work.push(alloc('vp', 'i32', (BKV / 2) * Dv, 'private', 64), alloc('pp', 'i32', R * (BKV / 2), 'private', 64));
  if (staged || batched) {
    work.push(alloc('iota', 'f32', L, 'private'));
    for (let l = 0; l < L; l++) work.push(store('iota', l, c.f32(l)));
  }

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
  if (int8) work.push(...quantizeRows(R, D, qRow));
  if (wideInt8) work.push(...unsignedRows(R, D, qRow));

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
    scoreRows.push(...(wideInt8 ? wideInt8Scores(RB, D, rowOf, qRow) : int8Scores(isa, RB, D, rowOf, !batched)));
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
      const sums = call(HSUM_EACH, parts, AT);
      // q_scale row: the row's one q scale, once per accLanes scores
      reduceRows.push(...maskedScores(rowOf(u), jbb, qRow ? mul(sums, broadcast(load('qd', mul(rowOf(u), NB), 'f32'), AT as VectorType)) : sums, accLanes, `b${u}`));
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
  if (pvInt8) tile.push(...stageVQuads());
  if (pvBf16) tile.push(...stageVPairs());
  tile.push(forLoop('r', 0, R, soft));
  if (pvInt8) tile.push(...quantizeP());
  if (pvBf16) tile.push(...pairP());

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
    out.push(forLoop(`jv${tag}`, i32('jv0'), i32('jve'), inner));
    for (let u = 0; u < RB; u++) for (let k = 0; k < count; k++) out.push(store('acc', accAt(u, k), v(`o${tag}${u}_${k}`, T)));
    return out;
  };
  if (chunks > 0) {
    const groups = Math.floor(chunks / CG);
    if (groups > 0) pv.push(forLoop('dg', 0, groups * CG * L, pvGroup(i32('dg'), CG, L, 'g', true), { step: CG * L }));
    if (groups * CG < chunks) pv.push(...pvGroup(c.i32(groups * CG * L), chunks - groups * CG, L, 'h', groups === 0));
  }
  if (DvF < Dv) pv.push(forLoop('dvt', DvF, Dv, pvGroup(i32('dvt'), 1, 1, 't', chunks === 0)));
  // several passes over the Dv groups reading V from the cache (not a staged tile): keys PV_KEYS at a
  // time, so that each pass reads V rows still in L1
  const passes = Math.ceil(chunks / CG) + (DvF < Dv ? 1 : 0);
  const pvKeys = passes > 1 && !staged
    ? [forLoop('jv0', 0, i32('n'), [let_('jve', 'i32', min(add(i32('jv0'), PV_KEYS), i32('n'))), ...pv], { step: PV_KEYS })]
    : [let_('jv0', 'i32', c.i32(0)), let_('jve', 'i32', i32('n')), ...pv];
  tile.push(...(pvInt8 ? pvInt8Rows() : pvBf16 ? pvBf16Rows() : [forLoop('rb', 0, R / RB, pvKeys)]));

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

  return finishKernel();

  /**
   * mma 'bf16': one work item with the query rows as lanes (layouts in the header of this branch's doc:
   * AttentionSimdConfig.mma). Scores: NJ keys x NV row vectors of accumulators, each key value broadcast
   * against 16 rows of transposed q; softmax along keys, element-wise per row vector; p · v: NJ output
   * elements x NV row vectors, each v pair broadcast against 16 rows of p pairs (vdpbf16ps).
   */
  function rowLanesBf16(): Stmt[] {
    const RP = Math.ceil(R / 16) * 16;
    const NV = RP / 16;
    const DvP = Math.ceil(Dv / 16) * 16;
    // keys per score block and output elements per p·v block (NJ x NV accumulators; NJ divides BKV and DvP)
    const NJ = NV <= 2 ? 8 : 4;
    const T = vec('f32', 16);
    const W32 = vec('i32', 16);
    const zero = broadcast(c.f32(0), T);
    const sp = (x: Expr | number): Expr => broadcast(typeof x === 'number' ? c.f32(x) : x, T);
    const out: Stmt[] = [
      alloc('qtr', 'f32', D * RP, 'private', 64),
      alloc('st', 'f32', BKV * RP, 'private', 64),
      alloc('pp', 'i32', (BKV / 2) * RP, 'private', 64),
      alloc('kf', 'f32', BKV * D, 'private', 64),
      alloc('vf', 'f32', BKV * DvP, 'private', 64),
      alloc('vp', 'i32', (BKV / 2) * DvP, 'private', 64),
      alloc('acct', 'f32', DvP * RP, 'private', 64),
      alloc('mrow', 'f32', RP, 'private', 64),
      alloc('lrow', 'f32', RP, 'private', 64),
      alloc('alph', 'f32', RP, 'private', 64),
      alloc('posv', 'f32', RP, 'private', 64),
    ];
    // q * scale transposed (rows past R zero), each row's position, the running state
    const rr = i32('r');
    const rc = min(rr, R - 1);
    out.push(forLoop('r', 0, RP, [
      let_('qrow', 'i32', mul(qRowIndex(rc, true), D)),
      forLoop('d', 0, D, [store('qtr', add(mul(i32('d'), RP), rr), select(lt(rr, R), mul(load('q', add(i32('qrow'), i32('d')), 'f32'), c.f32(scale)), c.f32(0)))]),
      store('posv', rr, cast(rowPos(rc), 'f32')),
    ]));
    out.push(forLoop('r', 0, RP, [store('mrow', rr, sp(NEG)), store('lrow', rr, zero)], { step: 16 }));
    out.push(forLoop('z', 0, DvP * RP, [store('acct', i32('z'), zero)], { step: 16 }));

    const tile: Stmt[] = [let_('n', 'i32', min(c.i32(BKV), sub(i32('je'), i32('j0'))))];
    // the tile's K rows (f32) and V rows (f32, zero past Dv); rows n.. zero: the key blocks and pairs read them
    const stageRows = (buffer: 'k' | 'v', dst: string, width: number, stride: number, row: number, tag: string): Stmt[] => {
      const jr = i32(`j${tag}`);
      const rowBody: Stmt[] = [kvBase(`${tag}b`, add(i32('j0'), jr), row), ...prefetchRow(`pf${tag}`, buffer, i32(`${tag}b`), row)];
      rowBody.push(...vecLoop(`d${tag}`, width, (d, lanes) => [store(dst, add(mul(jr, stride), d), loadKv(buffer, i32(`${tag}b`), d, lanes))]));
      if (stride > width) rowBody.push(forLoop(`z${tag}`, width, stride, [store(dst, add(mul(jr, stride), i32(`z${tag}`)), c.f32(0))]));
      return [
        forLoop(`j${tag}`, 0, i32('n'), rowBody),
        forLoop(`jz${tag}`, i32('n'), BKV, [forLoop(`dz${tag}`, 0, stride, [store(dst, add(mul(i32(`jz${tag}`), stride), i32(`dz${tag}`)), c.f32(0))])]),
      ];
    };
    tile.push(...stageRows('k', 'kf', D, D, rowK, 'sk'), ...stageRows('v', 'vf', Dv, DvP, rowV, 'sv'));
    tile.push(let_('np', 'i32', div(add(i32('n'), 1), 2)));
    tile.push(forLoop('tv', 0, i32('np'), [forLoop('ev', 0, DvP, [
      store('vp', add(mul(i32('tv'), DvP), i32('ev')), call(BF16_PAIRS, [
        load('vf', add(mul(mul(i32('tv'), 2), DvP), i32('ev')), T), load('vf', add(mul(add(mul(i32('tv'), 2), 1), DvP), i32('ev')), T)], W32)),
    ], { step: 16 })]));

    // scores of NJ keys x NV row vectors, masked (keys past n, causal, window) as vector selects
    const jb = i32('jb');
    const sBody: Stmt[] = [];
    for (let jj = 0; jj < NJ; jj++) for (let u = 0; u < NV; u++) sBody.push(letMut(`s${jj}_${u}`, T, zero));
    const dStep: Stmt[] = [];
    for (let u = 0; u < NV; u++) dStep.push(let_(`qv${u}`, T, load('qtr', add(mul(i32('d'), RP), u * 16), T)));
    for (let jj = 0; jj < NJ; jj++) {
      dStep.push(let_(`kb${jj}`, T, sp(load('kf', add(mul(add(jb, jj), D), i32('d')), 'f32'))));
      for (let u = 0; u < NV; u++) dStep.push(assign(`s${jj}_${u}`, fma(v(`qv${u}`, T), v(`kb${jj}`, T), v(`s${jj}_${u}`, T))));
    }
    sBody.push(forLoop('d', 0, D, dStep));
    for (let jj = 0; jj < NJ; jj++) {
      sBody.push(let_(`kj${jj}`, T, sp(cast(add(i32('j0'), add(jb, jj)), 'f32'))));
      for (let u = 0; u < NV; u++) {
        let sv: Expr = select(lt(v(`kj${jj}`, T), sp(cast(add(i32('j0'), i32('n')), 'f32'))), v(`s${jj}_${u}`, T), sp(NEG));
        const pos = load('posv', u * 16, T);
        if (causal) sv = select(le(v(`kj${jj}`, T), pos), sv, sp(NEG));
        if (W > 0) sv = select(gt(v(`kj${jj}`, T), sub(pos, sp(W))), sv, sp(NEG));
        sBody.push(store('st', add(mul(add(jb, jj), RP), u * 16), sv));
      }
    }
    tile.push(forLoop('jb', 0, i32('n'), sBody, { step: NJ }));

    // online softmax per row vector: no horizontal reduction; a row with no visible key keeps its state (p = 0, alpha = 1)
    const rv = i32('rv');
    const stAt = (j: Expr): Expr => add(mul(j, RP), rv);
    tile.push(forLoop('rv', 0, RP, [
      letMut('tmv', T, sp(NEG)),
      forLoop('jm', 0, i32('n'), [assign('tmv', max(v('tmv', T), load('st', stAt(i32('jm')), T)))]),
      let_('mold', T, load('mrow', rv, T)),
      let_('mnew', T, max(v('mold', T), v('tmv', T))),
      let_('alpha', T, unary('exp', sub(v('mold', T), v('mnew', T)))),
      letMut('psv', T, zero),
      forLoop('jx', 0, i32('n'), [
        let_('sv', T, load('st', stAt(i32('jx')), T)),
        let_('pv', T, select(gt(v('sv', T), sp(NEG_HALF)), unary('exp', sub(v('sv', T), v('mnew', T))), zero)),
        store('st', stAt(i32('jx')), v('pv', T)),
        assign('psv', add(v('psv', T), v('pv', T))),
      ]),
      // an odd tile's last pair takes a zero p
      forLoop('jo', i32('n'), mul(i32('np'), 2), [store('st', stAt(i32('jo')), zero)]),
      store('lrow', rv, fma(load('lrow', rv, T), v('alpha', T), v('psv', T))),
      store('mrow', rv, v('mnew', T)),
      store('alph', rv, v('alpha', T)),
      forLoop('tp', 0, i32('np'), [store('pp', add(mul(i32('tp'), RP), rv), call(BF16_PAIRS, [
        load('st', add(mul(mul(i32('tp'), 2), RP), rv), T), load('st', add(mul(add(mul(i32('tp'), 2), 1), RP), rv), T)], W32))]),
    ], { step: 16 }));

    // acct = acct * alpha + p · v: NJ output elements x NV row vectors per block
    const eb = i32('eb');
    const pvBody: Stmt[] = [];
    for (let u = 0; u < NV; u++) pvBody.push(let_(`al${u}`, T, load('alph', u * 16, T)));
    for (let ee = 0; ee < NJ; ee++) {
      for (let u = 0; u < NV; u++) pvBody.push(letMut(`o${ee}_${u}`, T, mul(load('acct', add(mul(add(eb, ee), RP), u * 16), T), v(`al${u}`, T))));
    }
    const tStep: Stmt[] = [];
    for (let u = 0; u < NV; u++) tStep.push(let_(`pw${u}`, W32, load('pp', add(mul(i32('tt'), RP), u * 16), W32)));
    for (let ee = 0; ee < NJ; ee++) {
      tStep.push(let_(`vw${ee}`, W32, broadcast(load('vp', add(mul(i32('tt'), DvP), add(eb, ee)), 'i32'), W32)));
      for (let u = 0; u < NV; u++) tStep.push(assign(`o${ee}_${u}`, call(DPBF16, [v(`o${ee}_${u}`, T), v(`vw${ee}`, W32), v(`pw${u}`, W32)], T)));
    }
    pvBody.push(forLoop('tt', 0, i32('np'), tStep));
    for (let ee = 0; ee < NJ; ee++) for (let u = 0; u < NV; u++) pvBody.push(store('acct', add(mul(add(eb, ee), RP), u * 16), v(`o${ee}_${u}`, T)));
    tile.push(forLoop('eb', 0, DvP, pvBody, { step: NJ }));

    out.push(forLoop('j0', i32('js'), i32('je'), tile, { step: BKV }));

    // results: rows below R whose position is in the tile
    const res: Stmt[] = [];
    const e = i32('eo');
    if (S === 1) {
      res.push(
        let_('orow', 'i32', mul(qRowIndex(rr, false), Dv)),
        let_('inv', 'f32', div(c.f32(1), load('lrow', rr, 'f32'))),
        forLoop('eo', 0, Dv, [store('o', add(i32('orow'), e), mul(load('acct', add(mul(e, RP), rr), 'f32'), f32('inv')))]),
      );
    } else {
      res.push(
        let_('pbase', 'i32', mul(add(mul(qRowIndex(rr, false), S), i32('split')), Dv + 2)),
        store('part', i32('pbase'), load('mrow', rr, 'f32')),
        store('part', add(i32('pbase'), 1), load('lrow', rr, 'f32')),
        forLoop('eo', 0, Dv, [store('part', add(add(i32('pbase'), 2), e), load('acct', add(mul(e, RP), rr), 'f32'))]),
      );
    }
    out.push(forLoop('r', 0, R, [if_(lt(rem(rr, BQ), i32('nq')), res)]));
    return out;
  }

  /** int8 p·v: the tile's V rows four at a time (rows past n repeat the last: their p are 0) into vt and dvt */
  function stageVQuads(): Stmt[] {
    const jq = i32('jq');
    const body: Stmt[] = [];
    for (let k = 0; k < 4; k++) body.push(kvBase(`vq${k}`, add(i32('j0'), min(add(mul(jq, 4), k), sub(i32('n'), 1))), rowV));
    for (let k = 0; k < 4; k++) body.push(...prefetchRow(`pfq${k}`, 'v', i32(`vq${k}`), rowV));
    body.push(let_('vqd', 'i32', call(VQUAD, [
      load('vt', mul(jq, 4 * Dv), 'i8'), load('dvt', mul(jq, 4), 'f32'), c.i32(BKV), c.i32(NBV),
      ...[0, 1, 2, 3].map((k) => load('v', i32(`vq${k}`), 'u8')),
    ], 'i32')));
    return [forLoop('jq', 0, div(add(i32('n'), 3), 4), body)];
  }

  /** int8 p·v: per row and V block, p times the keys' block scales, quantized to u8 against their max (psc = max / 255) */
  function quantizeP(): Stmt[] {
    const out: Stmt[] = [];
    const rq = i32('rq');
    const pAt = (j: Expr): Expr => load('sc', add(mul(rq, BKV), j), F);
    for (let b = 0; b < NBV; b++) {
      const dAt = (j: Expr): Expr => load('dvt', add(b * BKV, j), F);
      out.push(
        letMut(`pm${b}`, F, splat(0)),
        forLoop(`jm${b}`, 0, BKV, [assign(`pm${b}`, max(v(`pm${b}`, F), mul(pAt(i32(`jm${b}`)), dAt(i32(`jm${b}`)))))], { step: L }),
        let_(`pa${b}`, 'f32', hmax(v(`pm${b}`, F))),
        let_(`pi${b}`, 'f32', select(gt(f32(`pa${b}`), c.f32(0)), div(c.f32(255), f32(`pa${b}`)), c.f32(0))),
        store('psc', add(mul(rq, NBV), b), mul(f32(`pa${b}`), c.f32(1 / 255))),
        forLoop(`jw${b}`, 0, BKV, [
          let_(`px${b}`, F, fma(mul(pAt(i32(`jw${b}`)), dAt(i32(`jw${b}`))), splat(f32(`pi${b}`)), splat(0.5))),
          store('pq', add(add(mul(rq, NBV * BKV), b * BKV), i32(`jw${b}`)), cast(cast(v(`px${b}`, F), vec('i32', 16)), vec('u8', 16))),
        ], { step: L }),
      );
    }
    return [forLoop('rq', 0, R, out)];
  }

  /**
   * int8 p·v: rows in blocks of RP (their i32 sums, Dv / 16 vectors each, in registers), 4 keys per
   * step: per row and V block one broadcast of its 4 u8 p, one vpdpbusd per 16 outputs; then the sums
   * scaled by the row's psc of their block into acc
   */
  function pvInt8Rows(): Stmt[] {
    const CV = Dv / 16;
    const RP = R % 2 === 0 && CV <= 8 ? 2 : 1;
    const I = vec('i32', 16);
    const U8 = vec('u8', 64);
    const S8 = vec('i8', 64);
    const rp = i32('rp');
    const rowAt = (u: number): Expr => add(mul(rp, RP), u);
    const jq = i32('jv');
    const out: Stmt[] = [];
    for (let u = 0; u < RP; u++) for (let g = 0; g < CV; g++) out.push(letMut(`ia${u}_${g}`, I, broadcast(c.i32(0), I)));
    const step: Stmt[] = [];
    for (let u = 0; u < RP; u++) {
      for (let b = 0; b < NBV; b++) step.push(let_(`pb${u}_${b}`, U8, call(BCAST4, [load('pq', add(add(mul(rowAt(u), NBV * BKV), b * BKV), mul(jq, 4)), 'u8')], U8)));
    }
    for (let g = 0; g < CV; g++) {
      step.push(let_(`vw${g}`, S8, load('vt', add(mul(jq, 4 * Dv), g * 64), S8)));
      for (let u = 0; u < RP; u++) step.push(assign(`ia${u}_${g}`, dot(v(`ia${u}_${g}`, I), v(`pb${u}_${Math.floor(g / 2)}`, U8), v(`vw${g}`, S8))));
    }
    out.push(forLoop('jv', 0, div(add(i32('n'), 3), 4), step));
    for (let u = 0; u < RP; u++) {
      for (let g = 0; g < CV; g++) {
        const at = add(mul(rowAt(u), Dv), g * 16);
        const sc = broadcast(load('psc', add(mul(rowAt(u), NBV), Math.floor(g / 2)), 'f32'), F as VectorType);
        out.push(store('acc', at, fma(cast(v(`ia${u}_${g}`, I), F), sc, load('acc', at, F))));
      }
    }
    return [forLoop('rp', 0, R / RP, out)];
  }

  /**
   * bf16 p·v: pair t of the tile (keys 32 (t / 16) + t % 16 and that + 16; keys past n repeat the last,
   * their p are 0) as bf16 pairs of V rows, for the pairs the tile's keys reach
   */
  function stageVPairs(): Stmt[] {
    const t = i32('tv');
    const a = add(mul(div(t, 16), 32), rem(t, 16));
    const W32 = vec('i32', 16);
    const body: Stmt[] = [
      kvBase('vpa', add(i32('j0'), min(a, sub(i32('n'), 1))), rowV),
      kvBase('vpb', add(i32('j0'), min(add(a, 16), sub(i32('n'), 1))), rowV),
      ...prefetchRow('pfpa', 'v', i32('vpa'), rowV), ...prefetchRow('pfpb', 'v', i32('vpb'), rowV),
      forLoop('ev', 0, Dv, [
        store('vp', add(mul(t, Dv), i32('ev')), call(BF16_PAIRS, [loadKv('v', i32('vpa'), i32('ev'), 16), loadKv('v', i32('vpb'), i32('ev'), 16)], W32)),
      ], { step: 16, ...(Dv <= 256 ? { unroll: Dv / 16 } : {}) }),
    ];
    return [forLoop('tv', 0, mul(div(add(i32('n'), 31), 32), 16), body)];
  }

  /** bf16 p·v: each row's p of keys (32k + i, 32k + 16 + i) as the bf16 pair of word 16k + i */
  function pairP(): Stmt[] {
    const rq = i32('rq');
    const k = i32('kp');
    const W32 = vec('i32', 16);
    const pAt = (o: number): Expr => load('sc', add(add(mul(rq, BKV), mul(k, 32)), o), F);
    return [forLoop('rq', 0, R, [forLoop('kp', 0, BKV / 32, [
      store('pp', add(mul(rq, BKV / 2), mul(k, 16)), call(BF16_PAIRS, [pAt(0), pAt(16)], W32)),
    ])])];
  }

  /**
   * bf16 p·v: rows in blocks of RP (their Dv / 16 f32 accumulators in registers, from acc), per pair of
   * keys one broadcast of the row's p pair and one vdpbf16ps per 16 outputs; stored back to acc
   */
  function pvBf16Rows(): Stmt[] {
    const CV = Dv / 16;
    const RP = [4, 2, 1].find((x) => R % x === 0 && x * CV <= 16) ?? 1;
    const W32 = vec('i32', 16);
    const rp = i32('rp');
    const rowAt = (u: number): Expr => add(mul(rp, RP), u);
    const t = i32('tp');
    const out: Stmt[] = [];
    const accAt = (u: number, g: number): Expr => add(mul(rowAt(u), Dv), g * 16);
    for (let u = 0; u < RP; u++) for (let g = 0; g < CV; g++) out.push(letMut(`ob${u}_${g}`, F, load('acc', accAt(u, g), F)));
    const step: Stmt[] = [];
    for (let u = 0; u < RP; u++) step.push(let_(`pw${u}`, W32, broadcast(load('pp', add(mul(rowAt(u), BKV / 2), t), 'i32'), W32)));
    for (let g = 0; g < CV; g++) {
      step.push(let_(`vw${g}`, W32, load('vp', add(mul(t, Dv), g * 16), W32)));
      for (let u = 0; u < RP; u++) step.push(assign(`ob${u}_${g}`, call(DPBF16, [v(`ob${u}_${g}`, F), v(`vw${g}`, W32), v(`pw${u}`, W32)], F)));
    }
    out.push(forLoop('tp', 0, mul(div(add(i32('n'), 31), 32), 16), step));
    for (let u = 0; u < RP; u++) for (let g = 0; g < CV; g++) out.push(store('acc', accAt(u, g), v(`ob${u}_${g}`, F)));
    return [forLoop('rp', 0, R / RP, out)];
  }

  function finishKernel(): Kernel {
    body.push(forLoop('w', 0, mul(mul(mul(Bp, Hkv), nQT), S), work, { parallel: true }));
    if (S > 1) body.push(combine(S, Dv, L, Hq));
    const bufferParams: KernelParam[] = [
      bufferParam('q', 'f32'), bufferParam('k', kvElem), bufferParam('v', kvElem), bufferParam('o', 'f32', 'write'),
      ...(S > 1 ? [bufferParam('part', 'f32', 'readwrite')] : []),
    ];
    return {
      name: `attention_${kv}_${isa.rules.name}${int8 ? '_int8' : ''}${bf16 ? '_bf16' : ''}${pvInt8 ? '_pvint8' : ''}${pvBf16 ? '_pvbf16' : ''}`,
      model: 'cpu',
      params: [...bufferParams, scalarParam('B'), scalarParam('Sq'), scalarParam('Skv')],
      body,
    };
  }
}

/** int8 path: the scaled q rows quantized per 32-block (d = amax / 127, codes rounded half away from zero) */
function quantizeRows(R: number, D: number, perRow = false): Stmt[] {
  const r = i32('r');
  const blk = i32('qb');
  const at = (e: Expr): Expr => add(add(mul(r, D), mul(blk, QB)), e);
  // perRow: one amax over the row (every block gets the same d)
  const amax: Stmt[] = [
    letMut('amax', 'f32', c.f32(0)),
    perRow
      ? forLoop('qe', 0, D, [assign('amax', max(f32('amax'), unary('abs', load('qs', add(mul(r, D), i32('qe')), 'f32'))))])
      : forLoop('qe', 0, QB, [assign('amax', max(f32('amax'), unary('abs', load('qs', at(i32('qe')), 'f32'))))]),
  ];
  return [forLoop('r', 0, R, [...(perRow ? amax : []), forLoop('qb', 0, D / QB, [
    ...(perRow ? [] : amax),
    let_('qdv', 'f32', div(f32('amax'), c.f32(127))),
    let_('qid', 'f32', select(ne(f32('qdv'), c.f32(0)), div(c.f32(1), f32('qdv')), c.f32(0))),
    store('qd', add(mul(r, D / QB), blk), f32('qdv')),
    forLoop('qe2', 0, QB, [
      let_('qx', 'f32', mul(load('qs', at(i32('qe2')), 'f32'), f32('qid'))),
      store('qq', at(i32('qe2')), cast(cast(add(f32('qx'), select(ge(f32('qx'), c.f32(0)), c.f32(0.5), c.f32(-0.5))), 'i32'), 'i8')),
    ]),
  ])])];
}

/** wideInt8: the q codes plus 128 as u8 (0..254), and per row and pair of blocks the two q scales, one per half of 16 lanes */
function unsignedRows(R: number, D: number, perRow = false): Stmt[] {
  const r = i32('r');
  const NB = D / QB;
  const NP = NB / 2;
  return [forLoop('r', 0, R, [
    forLoop('qe', 0, D, [store('qu', add(mul(r, D), i32('qe')), cast(add(cast(load('qq', add(mul(r, D), i32('qe')), 'i8'), 'i32'), 128), 'u8'))]),
    // perRow: the scale is applied after the reduction (no per-pair scales)
    ...(perRow ? [] : [forLoop('qp', 0, NP, [forLoop('ql', 0, 16, [
      store('qdp', add(mul(add(mul(r, NP), i32('qp')), 16), i32('ql')), load('qd', add(add(mul(r, NB), mul(i32('qp'), 2)), div(i32('ql'), 8)), 'f32')),
    ])])]),
  ])];
}

/**
 * wideInt8: the score accumulators fa0..fa(RB-1) (f32x16) of key row kb, per pair of blocks: one 64-byte
 * dot per row from -128 * sum(k) (per lane, shared by the rows), scaled per half by d_k * d_q
 */
function wideInt8Scores(RB: number, D: number, rowOf: (u: number) => Expr, perRow = false): Stmt[] {
  const NP = D / QB / 2;
  const F16 = vec('f32', 16);
  const I16 = vec('i32', 16);
  const kb = i32('kb');
  const blockA = add(kb, mul(i32('kp'), 2 * QBYTES));
  const blockB = add(blockA, QBYTES);
  const out: Stmt[] = [];
  for (let u = 0; u < RB; u++) out.push(letMut(`fa${u}`, F16, broadcast(c.f32(0), F16)));
  const inner: Stmt[] = [
    let_('kc2', vec('i8', 64), concat(load('k', add(blockA, 2), vec('i8', 32)), load('k', add(blockB, 2), vec('i8', 32)))),
    let_('dk2', F16, concat(broadcast(cast(load('k', blockA, 'f16'), 'f32'), vec('f32', 8)), broadcast(cast(load('k', blockB, 'f16'), 'f32'), vec('f32', 8)))),
    let_('kneg', I16, sub(broadcast(c.i32(0), I16), dot(broadcast(c.i32(0), I16), broadcast(c.u8(128), vec('u8', 64)), v('kc2', vec('i8', 64))))),
  ];
  for (let u = 0; u < RB; u++) {
    const isum = dot(v('kneg', I16), load('qu', add(mul(rowOf(u), D), mul(i32('kp'), 2 * QB)), vec('u8', 64)), v('kc2', vec('i8', 64)));
    // perRow: d_k alone (the row's d_q multiplies the reduced scores)
    const scale = perRow ? v('dk2', F16) : mul(v('dk2', F16), load('qdp', mul(add(mul(rowOf(u), NP), i32('kp')), 16), F16));
    inner.push(assign(`fa${u}`, fma(cast(isum, F16), scale, v(`fa${u}`, F16))));
  }
  out.push(forLoop('kp', 0, NP, inner, NP <= 4 ? { unroll: NP } : {}));
  return out;
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
