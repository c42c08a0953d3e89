/**
 * moe's 'tiled' variant on CUDA tensor cores (knobs variant 'tiled', mma 'tensor_core'): the expert
 * GEMMs over tiles of each expert's grouped tokens, built from the IR's `mma` (m16n8k16, f16 operands,
 * f32 accumulation), `ldmatrix` and `async_copy`.
 *
 * The grouping dispatch (lower-simt.ts `moe_group`) also writes a tile list: per active expert
 * cdiv(count, tile_m) tiles of (expert, first position, rows), at most cdiv(T·topk, tile_m) + min(E, T·topk)
 * in all, so the grid (row blocks of the output, that bound) is fixed from T; workgroups past the list's
 * length do nothing. One workgroup of 4 warps computes a tile_m x tile_n block of one expert's output:
 * - `moe_x_half`: x rounded to f16 once (`moe_xh`), so every A tile comes by cp.async;
 * - `moe_gate_up_mma`: A = the tile's token rows of x in f16, B = tile_n rows of w_gate and of w_up (f16
 *   by cp.async, other formats dequantized to f16 while staging), then silu(gate)·up rounded to f16 into
 *   `moe_hidden_h` at each pair's position (the f16 operand the down product reads);
 * - `moe_down_mma`: A = the tile's hidden rows, B = tile_n rows of w_down, times each pair's routing
 *   weight, to `moe_partial`; the ordered combine follows as in 'gather'.
 * K goes by tile_k, double-buffered: the next tile's copies are issued before the current one's products.
 * Workgroup rows are padded by 16 bytes so the 8 rows one ldmatrix phase reads fall in distinct banks.
 */
import type { Expr, Kernel, KernelParam, Stmt } from '@kforge/ir';
import {
  FORMATS, add, alloc, allocDynamic, and, asyncCommit, asyncCopy, asyncWait, barrier, bufferParam, c, call, cast, comment, div, forLoop, frag, ge,
  if_, land, lane, ldmatrix, let_, load, lt, min, mma, mul, param, rem, scalarParam, select, shr, size, store, sub, special, unary, v, vec,
} from '@kforge/ir';
import type { MoeShape } from './knobs.ts';

export const X_HALF_ENTRY = 'moe_x_half';
export const GATE_UP_MMA_ENTRY = 'moe_gate_up_mma';
export const DOWN_MMA_ENTRY = 'moe_down_mma';
/** warps of a tiled workgroup */
export const MMA_WARPS = 4;
export const TILE_M_VALUES = [16, 32, 64] as const;
export const TILE_N_VALUES = [32, 64, 128] as const;
export const TILE_K_VALUES = [16, 32, 64] as const;
/**
 * weight formats the tiled variant stages: f16 rows copied as they are (cp.async), the block and planar
 * ones dequantized to f16 on the way into workgroup memory
 */
export const TILED_FORMATS = ['f16', 'q8_0', 'q4_0', 'w4g64', 'w4g128'] as const;

export interface MoeTileConfig {
  readonly tile_m: number;
  readonly tile_n: number;
  readonly tile_k: number;
}

const I32 = 'i32';
const F32 = 'f32';
const U32 = 'u32';
const vi = (n: string): Expr => v(n, I32);
const vf = (n: string): Expr => v(n, F32);

/** warps along M and N: two rows of warps when the tile has 32 rows or more */
export function warpGrid(cfg: MoeTileConfig): { readonly warpsM: number; readonly warpsN: number; readonly mTiles: number; readonly nTiles: number } {
  const warpsM = cfg.tile_m >= 32 ? 2 : 1;
  const warpsN = MMA_WARPS / warpsM;
  return { warpsM, warpsN, mTiles: cfg.tile_m / warpsM / 16, nTiles: cfg.tile_n / warpsN / 8 };
}

/** padded row stride of a workgroup tile, in u32 words (two f16 each) */
const strideOf = (cfg: MoeTileConfig): number => cfg.tile_k / 2 + 4;

/** dynamic workgroup bytes of an expert GEMM: two buffers of the A tile and `bMatrices` B tiles */
export function tiledSharedBytes(cfg: MoeTileConfig, bMatrices: number): number {
  return 2 * (cfg.tile_m + bMatrices * cfg.tile_n) * strideOf(cfg) * 4;
}

/** why the tiled variant cannot serve these params (undefined: it can) */
export function tiledShapeProblem(shape: MoeShape): string | undefined {
  if (!(TILED_FORMATS as readonly string[]).includes(shape.weight)) {
    return `variant 'tiled' stages ${TILED_FORMATS.join(', ')} expert weights, not ${shape.weight}`;
  }
  if (shape.H % 8 !== 0 || shape.I % 8 !== 0) return `variant 'tiled' needs H and I to be multiples of 8 (16-byte rows of f16), got H ${shape.H}, I ${shape.I}`;
  return undefined;
}

/** why this tile config does not fit (warp tiles, accumulator registers, workgroup memory), undefined when it does */
export function tileConfigProblem(cfg: MoeTileConfig): string | undefined {
  if (!(TILE_M_VALUES as readonly number[]).includes(cfg.tile_m)) return `tile_m ${cfg.tile_m} is not one of ${TILE_M_VALUES.join(', ')}`;
  if (!(TILE_N_VALUES as readonly number[]).includes(cfg.tile_n)) return `tile_n ${cfg.tile_n} is not one of ${TILE_N_VALUES.join(', ')}`;
  if (!(TILE_K_VALUES as readonly number[]).includes(cfg.tile_k)) return `tile_k ${cfg.tile_k} is not one of ${TILE_K_VALUES.join(', ')}`;
  const g = warpGrid(cfg);
  // B fragments come by ldmatrix x4 as pairs of n8 tiles
  if (g.nTiles % 2 !== 0) return `tile_n ${cfg.tile_n} over ${g.warpsN} warps leaves ${g.nTiles * 8} columns a warp, not a multiple of 16`;
  const accumulators = 2 * g.mTiles * g.nTiles * 4;
  if (accumulators > 128) return `tile_m ${cfg.tile_m} x tile_n ${cfg.tile_n} hold ${accumulators} gate and up accumulators a lane (above 128 of 255 registers)`;
  const bytes = tiledSharedBytes(cfg, 2);
  if (bytes > 200 * 1024) return `tile_m ${cfg.tile_m}, tile_n ${cfg.tile_n}, tile_k ${cfg.tile_k} need ${bytes} bytes of workgroup memory (above 200 KB)`;
  return undefined;
}

/** the most tiles the list can hold: Σ_e cdiv(count_e, tile_m) over at most min(E, T·topk) active experts */
export function tileListBound(shape: MoeShape, tileM: number) {
  const P = size.mul('T', shape.topk);
  return size.add(size.cdiv(P, tileM), size.min(shape.E, P));
}

/** i32 words of the tile list: its length, then (expert, first position, rows) per tile */
export const TILE_FIELDS = 3;

interface GemmSpec {
  readonly name: string;
  readonly shape: MoeShape;
  readonly cfg: MoeTileConfig;
  /** output columns (rows of each B matrix) and the reduction length */
  readonly N: number;
  readonly K: number;
  /** the B matrices (weight buffers of [E, N, K] rows in the shape's format) */
  readonly weights: readonly string[];
  /** the A buffer (f16 rows of K, two to a u32 word) */
  readonly aBuffer: string;
  readonly meta: string;
  /** element offset in `meta` of the permutation and of the tile list */
  readonly permBase: number;
  readonly tilesBase: Expr;
  /** the u32 word offset of A's row for the pair at position p (whose pair index is `pair`) */
  readonly aRow: (p: Expr, pair: Expr) => Expr;
  /** per row of the tile, an f32 factor kept in workgroup memory (down: the routing weight) */
  readonly rowFactor?: (pair: Expr) => Expr;
  /** statements storing output columns n, n + 1 (n even) of `position` from each B matrix's two accumulators */
  readonly epilogue: (position: Expr, n: Expr, acc: readonly (readonly [Expr, Expr])[], factor: Expr, tag: string) => Stmt[];
  readonly params: Kernel['params'];
}

/**
 * The 8 f32 values of weight row `row`, elements k .. k + 7 (k a multiple of 8), dequantized from the
 * stored format (statements appended to `out`): q8_0 and q4_0 blocks of 32 read from a byte buffer
 * (f16 scale, then int8 codes or split-half nibbles), planar groups as one u32 word of 8 nibbles
 * (adjacent pairs) with the group's f16 scale and min.
 */
function dequantizedChunk(shape: MoeShape, buffer: string, row: Expr, k: Expr, K: number, tag: string, out: Stmt[]): Expr[] {
  const format = FORMATS[shape.weight];
  const name = (n: string) => `${tag}${n}`;
  const f16 = (bits: Expr) => call('f16_to_f32', [bits], F32);
  if (format.kind === 'block') {
    const blocks = K / format.block;
    out.push(
      let_(name('blk'), I32, mul(add(mul(row, blocks), div(k, 32)), format.bytes)),
      let_(name('d'), F32, f16(cast(load(buffer, vi(name('blk')), 'u16'), U32))),
      let_(name('o'), I32, and(k, 31)),
    );
    if (format.name === 'q8_0') {
      return Array.from({ length: 8 }, (_, j) => mul(cast(load(buffer, add(add(vi(name('blk')), 2 + j), vi(name('o'))), 'i8'), F32), vf(name('d'))));
    }
    // q4_0: elements 0-15 in the low nibbles of the 16 code bytes, 16-31 in the high ones
    out.push(
      let_(name('sh'), U32, cast(mul(shr(vi(name('o')), 4), 4), U32)),
      let_(name('cb'), I32, add(add(vi(name('blk')), 2), and(vi(name('o')), 15))),
    );
    const values: Expr[] = [];
    for (let j = 0; j < 4; j++) {
      const wv = name(`w${j}`);
      out.push(let_(wv, U32, shr(cast(load(buffer, add(vi(name('cb')), 2 * j), 'u16'), U32), v(name('sh'), U32))));
      for (const hi of [0, 8]) {
        const code = cast(and(shr(v(wv, U32), hi), 15), I32);
        values.push(mul(cast(sub(code, format.zero), F32), vf(name('d'))));
      }
    }
    return values;
  }
  if (format.kind !== 'planar') throw new Error(`moe tiled: no dequantized staging of ${shape.weight}`);
  const groups = K / format.block;
  out.push(
    let_(name('codes'), U32, load(buffer, div(add(mul(row, K / 2), div(k, 2)), 4), U32)),
    let_(name('g'), I32, add(mul(row, groups), div(k, format.block))),
    let_(name('sc'), F32, f16(cast(load(`${buffer}_scale`, vi(name('g')), 'u16'), U32))),
    let_(name('mn'), F32, f16(cast(load(`${buffer}_min`, vi(name('g')), 'u16'), U32))),
  );
  return Array.from({ length: 8 }, (_, j) =>
    add(mul(cast(and(shr(v(name('codes'), U32), 4 * j), 15), F32), vf(name('sc'))), vf(name('mn'))));
}

/** the kernel parameters of a stored expert weight as the staging reads it */
function weightParams(shape: MoeShape, name: string): KernelParam[] {
  const format = FORMATS[shape.weight];
  if (format.kind === 'block') return [bufferParam(name, 'u8')];
  if (format.kind === 'planar') return [bufferParam(name, U32), bufferParam(`${name}_scale`, 'u16'), bufferParam(`${name}_min`, 'u16')];
  return [bufferParam(name, U32)];
}

/** forLoop over a compile-time range, fully unrolled */
const unrolled = (name: string, n: number, body: readonly Stmt[]): Stmt => forLoop(name, 0, n, body, { unroll: n });

function lowerExpertGemm(s: GemmSpec): Kernel {
  const { cfg, N, K } = s;
  const MT = cfg.tile_m;
  const NT = cfg.tile_n;
  const KT = cfg.tile_k;
  const S = strideOf(cfg);
  const threads = MMA_WARPS * 32;
  const { warpsN, mTiles, nTiles } = warpGrid(cfg);
  const WM = MT / (MMA_WARPS / warpsN);
  const WN = NT / warpsN;
  const kTiles = Math.ceil(K / KT);
  const accOf = (b: number) => `acc${b}`;
  const accIdx = (mi: number, j: number, e: number) => (mi * nTiles + j) * 4 + e;
  const bName = (b: number) => `sB${b}`;

  const body: Stmt[] = [
    comment(`moe ${s.name}: tiles of ${MT} tokens x ${NT} columns of one expert, k by ${KT}, 4 warps (${MMA_WARPS / warpsN} x ${warpsN}), mma m16n8k16 f16 -> f32`),
    allocDynamic('sA', U32, 2 * MT * S, 16),
    ...s.weights.map((_, b) => allocDynamic(bName(b), U32, 2 * NT * S, 16)),
    alloc('srow', I32, MT, 'workgroup'),
    ...(s.rowFactor ? [alloc('sfac', F32, MT, 'workgroup')] : []),
    let_('tid', I32, special('thread_id')),
    let_('tile', I32, special('group_id', 1)),
    let_('n0', I32, mul(special('group_id'), NT)),
    let_('n_tiles', I32, load(s.meta, s.tilesBase, I32)),
  ];

  const work: Stmt[] = [
    let_('tw', I32, add(add(s.tilesBase, 1), mul(vi('tile'), TILE_FIELDS))),
    let_('e', I32, load(s.meta, vi('tw'), I32)),
    let_('j0', I32, load(s.meta, add(vi('tw'), 1), I32)),
    let_('rows', I32, load(s.meta, add(vi('tw'), 2), I32)),
    let_('warp', I32, shr(vi('tid'), 5)),
    let_('ln', I32, and(vi('tid'), 31)),
    let_('g', I32, shr(vi('ln'), 2)),
    let_('t4', I32, and(vi('ln'), 3)),
    let_('wm0', I32, mul(div(vi('warp'), warpsN), WM)),
    let_('wn0', I32, mul(rem(vi('warp'), warpsN), WN)),
    // each tile row's A offset (-1 past the tile's rows) and factor, once
    forLoop('r', vi('tid'), MT, [
      let_('rp', I32, add(vi('j0'), vi('r'))),
      let_('rpair', I32, load(s.meta, add(vi('rp'), s.permBase), I32)),
      let_('rin', 'bool', lt(vi('r'), vi('rows'))),
      store('srow', vi('r'), select(v('rin', 'bool'), s.aRow(vi('rp'), vi('rpair')), c.i32(-1))),
      ...(s.rowFactor ? [store('sfac', vi('r'), select(v('rin', 'bool'), s.rowFactor(vi('rpair')), c.f32(0)))] : []),
    ], { step: threads }),
    barrier(),
  ];

  // ---- staging of k tile kt into buffer buf: A rows rounded to f16, B rows by cp.async (zero past N and K)
  const chunksPerRow = KT / 8;
  const stage = (kt: Expr, buf: Expr): Stmt[] => {
    const out: Stmt[] = [];
    const loop = (rowsN: number, inner: (ci: Expr) => Stmt[]) => {
      const chunks = rowsN * chunksPerRow;
      const steps = Math.ceil(chunks / threads);
      const ci = add(mul(vi('st'), threads), vi('tid'));
      const body_ = inner(ci);
      out.push(forLoop('st', 0, steps, chunks % threads === 0 ? body_ : [if_(lt(ci, chunks), body_)], { unroll: steps }));
    };
    loop(MT, (ci) => [
      let_('ar', I32, div(ci, chunksPerRow)),
      let_('aw', I32, rem(ci, chunksPerRow)),
      let_('ak', I32, add(mul(kt, KT), mul(vi('aw'), 8))),
      let_('asrc', I32, load('srow', vi('ar'), I32)),
      let_('ain', 'bool', land(ge(vi('asrc'), 0), lt(vi('ak'), K))),
      // rows past the tile and chunks past K read nothing (zero-filled) from an in-bounds address
      asyncCopy('sA', add(add(mul(buf, MT * S), mul(vi('ar'), S)), mul(vi('aw'), 4)), s.aBuffer,
        select(v('ain', 'bool'), add(vi('asrc'), div(vi('ak'), 2)), c.i32(0)), 16, select(v('ain', 'bool'), 16, 0)),
    ]);
    s.weights.forEach((w, b) => {
      loop(NT, (ci) => {
        const inner: Stmt[] = [
          let_(`br${b}`, I32, div(ci, chunksPerRow)),
          let_(`bw${b}`, I32, rem(ci, chunksPerRow)),
          let_(`bk${b}`, I32, add(mul(kt, KT), mul(vi(`bw${b}`), 8))),
          let_(`bn${b}`, I32, add(vi('n0'), vi(`br${b}`))),
          let_(`bin${b}`, 'bool', land(lt(vi(`bn${b}`), N), lt(vi(`bk${b}`), K))),
          // rows past N and chunks past K read row N - 1, chunk K - 8 (in bounds), stored as zero
          let_(`brow${b}`, I32, add(mul(vi('e'), N), min(vi(`bn${b}`), N - 1))),
          let_(`bkc${b}`, I32, min(vi(`bk${b}`), K - 8)),
          let_(`bdst${b}`, I32, add(add(mul(buf, NT * S), mul(vi(`br${b}`), S)), mul(vi(`bw${b}`), 4))),
        ];
        if (s.shape.weight === 'f16') {
          inner.push(asyncCopy(bName(b), vi(`bdst${b}`), w, add(mul(vi(`brow${b}`), K / 2), div(vi(`bkc${b}`), 2)), 16, select(v(`bin${b}`, 'bool'), 16, 0)));
          return inner;
        }
        const values = dequantizedChunk(s.shape, w, vi(`brow${b}`), vi(`bkc${b}`), K, `q${b}`, inner);
        for (let j = 0; j < 4; j++) {
          const word = call('pack_f16x2', [values[2 * j]!, values[2 * j + 1]!], U32);
          inner.push(store(bName(b), add(vi(`bdst${b}`), j), select(v(`bin${b}`, 'bool'), word, c.u32(0))));
        }
        return inner;
      });
    });
    return out;
  };

  // ---- accumulators, and this lane's ldmatrix rows: A matrices i = ln >> 3 are (rows +8·(i & 1), k +8·(i >> 1)),
  // B (row-major [n][k], so non-transposed gives b words) ones (n +8·(i >> 1), k +8·(i & 1))
  work.push(
    ...s.weights.flatMap((_, b) => [alloc(accOf(b), F32, mTiles * nTiles * 4, 'private'), unrolled('i', mTiles * nTiles * 4, [store(accOf(b), vi('i'), c.f32(0))])]),
    alloc('af', U32, mTiles * 4, 'private'),
    alloc('bf', U32, 4, 'private'),
    let_('aLane', I32, add(mul(add(add(vi('wm0'), mul(and(shr(vi('ln'), 3), 1), 8)), and(vi('ln'), 7)), S), mul(shr(vi('ln'), 4), 4))),
    let_('bLane', I32, add(mul(add(add(vi('wn0'), mul(shr(vi('ln'), 4), 8)), and(vi('ln'), 7)), S), mul(and(shr(vi('ln'), 3), 1), 4))),
  );

  const compute: Stmt[] = [unrolled('kk', KT / 16, [
    ...Array.from({ length: mTiles }, (_, mi) => ldmatrix(frag('af', mi * 4), 'sA', add(add(add(vi('aBase'), vi('aLane')), mi * 16 * S), mul(vi('kk'), 8)), 4)),
    unrolled('jp', nTiles / 2, s.weights.flatMap((_, b) => [
      ldmatrix(frag('bf'), bName(b), add(add(add(vi('bBase'), vi('bLane')), mul(vi('jp'), 16 * S)), mul(vi('kk'), 8)), 4),
      ...Array.from({ length: mTiles }, (_, mi) => {
        const d0 = add(mul(vi('jp'), 8), accIdx(mi, 0, 0));
        const d1 = add(mul(vi('jp'), 8), accIdx(mi, 1, 0));
        return [
          mma(frag(accOf(b), d0), frag('af', mi * 4), frag('bf', 0), frag(accOf(b), d0)),
          mma(frag(accOf(b), d1), frag('af', mi * 4), frag('bf', 2), frag(accOf(b), d1)),
        ];
      }).flat(),
    ])),
  ])];

  work.push(...stage(c.i32(0), c.i32(0)), asyncCommit());
  work.push(forLoop('it', 0, kTiles, [
    let_('buf', I32, and(vi('it'), 1)),
    if_(lt(add(vi('it'), 1), kTiles), stage(add(vi('it'), 1), sub(1, vi('buf')))),
    asyncCommit(),
    asyncWait(1),
    barrier(),
    let_('aBase', I32, mul(vi('buf'), MT * S)),
    let_('bBase', I32, mul(vi('buf'), NT * S)),
    ...compute,
    barrier(),
  ]));

  // ---- epilogue: accumulator element e of (mi, j) is row g + 8·(e >> 1), column 2·t4 + (e & 1)
  const out: Stmt[] = [];
  for (let mi = 0; mi < mTiles; mi++) {
    for (let half = 0; half < 2; half++) {
      const r = `er${mi}_${half}`;
      out.push(let_(r, I32, add(add(vi('wm0'), mi * 16 + half * 8), vi('g'))));
      const st: Stmt[] = s.rowFactor ? [let_(`ef${mi}_${half}`, F32, load('sfac', vi(r), F32))] : [];
      const factor = s.rowFactor ? vf(`ef${mi}_${half}`) : c.f32(1);
      const cols: Stmt[] = [];
      // elements 2·half and 2·half + 1: columns n and n + 1 (n even; N is a multiple of 8)
      for (let j = 0; j < nTiles; j++) {
        const n = `en${mi}_${j}_${half}`;
        const pair = (b: number) => [0, 1].map((x) => load(accOf(b), accIdx(mi, j, half * 2 + x), F32)) as [Expr, Expr];
        cols.push(
          let_(n, I32, add(add(add(vi('n0'), vi('wn0')), j * 8), mul(vi('t4'), 2))),
          if_(lt(vi(n), N), s.epilogue(add(vi('j0'), vi(r)), vi(n), s.weights.map((_, b) => pair(b)), factor, `${mi}_${j}_${half}`)),
        );
      }
      out.push(if_(lt(vi(r), vi('rows')), [...st, ...cols]));
    }
  }
  work.push(...out);
  body.push(if_(lt(vi('tile'), vi('n_tiles')), work));
  return { name: s.name, model: 'simt', params: s.params, body, workgroupSize: [threads, 1, 1] };
}

/** scratch of the tiled variant: x and the hidden rows in f16 (u32 words of two) */
export const X_HALF = 'moe_xh';
export const HIDDEN_HALF = 'moe_hidden_h';
/** threads of the x conversion; each converts 8 values */
export const X_HALF_WORKGROUP = 256;

/** moe_xh = x rounded to f16, 8 values a thread (H is a multiple of 8) */
export function lowerXHalf(shape: MoeShape): Kernel {
  const n = mul(param('T'), shape.H / 8);
  const i = add(mul(add(special('group_id'), mul(special('group_id', 1), special('num_groups'))), X_HALF_WORKGROUP), special('thread_id'));
  const words: Stmt[] = [];
  for (let w = 0; w < 4; w++) {
    const part = v(w < 2 ? 'lo' : 'hi', vec(F32, 4));
    words.push(store(X_HALF, add(mul(vi('i'), 4), w), call('pack_f16x2', [lane(part, (2 * w) % 4), lane(part, (2 * w) % 4 + 1)], U32)));
  }
  return {
    name: X_HALF_ENTRY, model: 'simt',
    params: [bufferParam('x', F32), bufferParam(X_HALF, U32, 'write'), scalarParam('T')],
    body: [
      comment('x rounded to f16 once: the A operand of every gate/up tile'),
      let_('i', I32, i),
      if_(lt(vi('i'), n), [
        let_('lo', vec(F32, 4), load('x', mul(vi('i'), 8), vec(F32, 4))),
        let_('hi', vec(F32, 4), load('x', add(mul(vi('i'), 8), 4), vec(F32, 4))),
        ...words,
      ]),
    ],
    workgroupSize: [X_HALF_WORKGROUP, 1, 1],
  };
}

export interface TiledBuffers {
  readonly meta: string;
  readonly partial: string;
  readonly weights: string;
  readonly permBase: number;
}

/** the f32 element offset in `meta` of the tile list: after the permutation and its inverse */
export const tilesBaseOf = (shape: MoeShape, permBase: number): Expr => add(c.i32(permBase), mul(mul(param('T'), shape.topk), 2));

/** hidden[pos] = silu(gate_e · x_t) ⊙ (up_e · x_t) over tiles of the expert's tokens */
export function lowerGateUpMma(shape: MoeShape, cfg: MoeTileConfig, b: TiledBuffers): Kernel {
  const { H, I, topk } = shape;
  return lowerExpertGemm({
    name: GATE_UP_MMA_ENTRY, shape, cfg, N: I, K: H, weights: ['w_gate', 'w_up'], aBuffer: X_HALF, meta: b.meta,
    permBase: b.permBase, tilesBase: tilesBaseOf(shape, b.permBase),
    aRow: (_p, pair) => mul(div(pair, topk), H / 2),
    epilogue: (p, n, [g, u], _factor, tag) => {
      const h = (x: 0 | 1): Expr => {
        const gx = vf(`hg${tag}_${x}`);
        return mul(div(gx, add(c.f32(1), unary('exp', sub(c.f32(0), gx)))), u![x]);
      };
      return [
        let_(`hg${tag}_0`, F32, g![0]),
        let_(`hg${tag}_1`, F32, g![1]),
        store(HIDDEN_HALF, div(add(mul(p, I), n), 2), call('pack_f16x2', [h(0), h(1)], U32)),
      ];
    },
    params: [bufferParam(X_HALF, U32), ...weightParams(shape, 'w_gate'), ...weightParams(shape, 'w_up'), bufferParam(b.meta, I32), bufferParam(HIDDEN_HALF, U32, 'write'), scalarParam('T')],
  });
}

/** partial[pos] = weight · (down_e · hidden[pos]) over tiles of the expert's tokens */
export function lowerDownMma(shape: MoeShape, cfg: MoeTileConfig, b: TiledBuffers): Kernel {
  const { H, I } = shape;
  return lowerExpertGemm({
    name: DOWN_MMA_ENTRY, shape, cfg, N: H, K: I, weights: ['w_down'], aBuffer: HIDDEN_HALF, meta: b.meta,
    permBase: b.permBase, tilesBase: tilesBaseOf(shape, b.permBase),
    aRow: (p) => mul(p, I / 2),
    rowFactor: (pair) => load(b.weights, pair, F32),
    epilogue: (p, n, [d], factor) => [
      store(b.partial, add(mul(p, H), n), mul(d![0], factor)),
      store(b.partial, add(add(mul(p, H), n), 1), mul(d![1], factor)),
    ],
    params: [bufferParam(HIDDEN_HALF, U32), ...weightParams(shape, 'w_down'), bufferParam(b.meta, I32), bufferParam(b.weights, F32), bufferParam(b.partial, F32, 'write'), scalarParam('T')],
  });
}
