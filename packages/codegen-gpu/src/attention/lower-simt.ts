/**
 * attention for the SIMT class (CUDA, OpenCL, Vulkan, WebGPU, Metal), decode and prefill from one lowering.
 *
 * A workgroup owns one (batch, kv head), a tile of `block_q` query rows of that kv head and one of
 * `kv_splits` ranges of keys. Its rows are the flattened (position, head-in-group) pairs r = i·G + g, so
 * at decode (Sq = 1) a tile is the G = Hq/Hkv query heads that share the kv head, and every K/V element
 * is loaded once for all of them. The workgroup's threads form key groups of L lanes; one key group
 * handles one key at a time, each lane a `vector_width`-element slice of the head (D and Dv spread over
 * the L lanes in chunks, so a key row is read contiguously: 16 lanes x 16 bytes for f16 D = 128). Per
 * tile of `block_kv` keys a key group takes U = block_kv / (key groups) keys; the loop is software
 * pipelined (the K/V words of the next tile are loaded into registers before the current tile is
 * computed); its lanes' partial q·k for every row are summed over the L lanes (subgroup
 * butterflies, or workgroup memory), and each key group runs its own online softmax (running max m,
 * sum l and the output slice in registers) with no barrier in the key loop on the subgroup path.
 * After the loop the key groups are merged through workgroup memory; with kv_splits = 1 the rows of o
 * are written, else the split's (m, l) and unnormalised o go to scratch and a second dispatch
 * (`attention_combine`) merges the splits.
 *
 * Masks: row r at position p = Skv - Sq + i sees keys [first, last] (first = max(0, p - window + 1)
 * with a window, last = p when causal). The workgroup loops only over the union of its rows' ranges
 * (split evenly among the splits), so tiles the masks leave empty for every row are never visited; a
 * key outside a row's range, or past the split's end, gets weight 0 (never exp of -inf - -inf: the
 * running max starts at a finite NEG).
 *
 * Storage: f32 K/V as floats, f16 and q8_0 as u32 words (languages without 16/8-bit storage), f16
 * widened per half word, q8_0 blocks (f16 scale, 32 int8) read as words at their 2-byte alignment with
 * a funnel shift, the dot product taken over the codes and scaled once per chunk.
 */
import type { Expr, Kernel, KernelParam, Params, Stmt, Type } from '@kforge/ir';
import {
  add, alloc, allocDynamic, and, assign, asyncCommit, asyncCopy, asyncWait, barrier, bitcast, bufferParam, c, call, cast, comment, div, eq, fma,
  forLoop, ge, gridDependency, gt, if_, land, le, lane, let_, letMut, load, lt, max, min, mul, param, rem, scalarParam, select, shl, shr, special,
  store, sub, subgroupShuffleXor, unary, v, vec,
} from '@kforge/ir';
import { f16ToF32, loadWords, u16At } from '../gemv/weight-chunks.ts';
import type { SimtCaps } from '../gemv/knobs.ts';

const I32 = 'i32';
const F32 = 'f32';
const U32 = 'u32';
/** the running max's start and a masked score: finite, so m - m_new is never -inf - -inf */
const NEG = -1e30;
/** lazy_rescale: how far (in base 2) a score may pass the reference max before the max moves (weights up to 2^8) */
const LAZY_SLACK_LOG2 = 8;
/** kv_stages > 1: workgroup memory of one pass of the key-group merge, beside the tile ring (3 workgroups of 128 threads on an SM) */
const STAGED_MERGE_BYTES = 16 * 1024;

export const ATTENTION_ENTRY = 'attention';
export const COMBINE_ENTRY = 'attention_combine';
/** split-KV scratch: per (query row, split) the running max and sum, and the unnormalised output row */
export const PARTIAL_ML = 'partial_ml';
export const PARTIAL_O = 'partial_o';
/** threads per workgroup of the combine dispatch */
export const COMBINE_WORKGROUP = 64;

export type KvStorage = 'f32' | 'f16' | 'q8_0';

export interface AttentionShape {
  readonly Hq: number;
  readonly Hkv: number;
  /** query heads per kv head */
  readonly G: number;
  readonly D: number;
  readonly Dv: number;
  readonly causal: boolean;
  readonly window: number;
  readonly scale: number;
  readonly kv: KvStorage;
}

export function attentionShape(params: Params): AttentionShape {
  const Hq = Number(params.Hq);
  const Hkv = Number(params.Hkv ?? Hq);
  const D = Number(params.D);
  return {
    Hq, Hkv, G: Hq / Hkv, D, Dv: Number(params.Dv ?? D), causal: params.causal === true, window: Number(params.window ?? 0),
    scale: params.scale === undefined ? 1 / Math.sqrt(D) : Number(params.scale), kv: String(params.kv ?? 'f32') as KvStorage,
  };
}

export interface AttentionSimtConfig {
  readonly block_q: number;
  readonly block_kv: number;
  readonly kv_splits: number;
  readonly workgroup_size: number;
  readonly vector_width: number;
  readonly subgroup_reduce: boolean;
  readonly dot_path: 'float';
  readonly mma: 'none';
  /**
   * K/V tiles in flight: 1 = the next tile's loads held in registers while the current one is computed;
   * 2..4 (CUDA, f16/f32 KV) = a ring of that many tiles in workgroup memory filled by cp.async, so the bytes
   * in flight are not bounded by registers
   */
  readonly kv_stages: number;
  /** CUDA: programmatic dependent launch of both dispatches (each waits for the previous grid before its first read) */
  readonly dependent_launch: boolean;
  /** the running max moves only when a score passes it by 2^8; l and the output slice are rescaled then only */
  readonly lazy_rescale: boolean;
}

/** How the lowering spells what the target has beyond the common IR. */
export interface AttentionLowerOptions {
  /** scores in base 2 (log2 e folded into the scale of q) and the `exp2` call (CUDA: one MUFU ex2) instead of exp */
  readonly exp2?: boolean;
}

/** How the threads split the work, derived from the shape and the config. */
export interface AttentionLayout {
  /** lanes per key (a power of two) */
  readonly L: number;
  /** key groups per workgroup */
  readonly NG: number;
  /** keys per key group per tile */
  readonly U: number;
  /** chunks of vector_width elements per lane over D and over Dv */
  readonly Ck: number;
  readonly Cv: number;
  /** query rows merged per pass through workgroup memory after the loop */
  readonly RP: number;
  /** the score reduction goes through workgroup memory (no subgroups, L > 1) */
  readonly sharedReduce: boolean;
  /** workgroup memory bytes: score reduction, (m, l) merge, output merge */
  readonly sharedBytes: number;
  /** kv_stages > 1: bytes of the K/V tile ring (workgroup memory sized at launch on CUDA) */
  readonly stageBytes: number;
}

const nextPow2 = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

export function attentionLayout(shape: AttentionShape, cfg: AttentionSimtConfig, caps: SimtCaps): AttentionLayout {
  const T = cfg.workgroup_size;
  const VW = cfg.vector_width;
  const widest = Math.max(shape.D, shape.Dv);
  const sub = cfg.subgroup_reduce && caps.subgroupSize !== null ? caps.subgroupSize : Infinity;
  const L = Math.min(nextPow2(Math.ceil(widest / VW)), T, sub);
  const NG = T / L;
  const U = Math.max(1, Math.floor(cfg.block_kv / NG));
  const Ck = Math.ceil(shape.D / (L * VW));
  const Cv = Math.ceil(shape.Dv / (L * VW));
  const sharedReduce = L > 1 && !(cfg.subgroup_reduce && caps.subgroupSize !== null);
  const reduceBytes = sharedReduce ? scoreReduceBytes(cfg.block_q * U, T, NG) : 0;
  const mlBytes = NG > 1 ? 8 * cfg.block_q * NG : 0;
  const rowBytes = 4 * NG * shape.Dv;
  // staged: the tile ring takes most of the workgroup memory; the merge takes rows in passes of at most 16 KB
  const room = Math.min(caps.sharedBytes - reduceBytes - mlBytes, cfg.kv_stages > 1 ? STAGED_MERGE_BYTES : Infinity);
  const RP = NG > 1 ? Math.max(1, Math.min(cfg.block_q, Math.floor(room / rowBytes))) : 0;
  const stageBytes = cfg.kv_stages > 1 ? cfg.kv_stages * NG * U * (kvRowBytes(shape.kv, shape.D) + kvRowBytes(shape.kv, shape.Dv)) : 0;
  return { L, NG, U, Ck, Cv, RP, sharedReduce, sharedBytes: reduceBytes + mlBytes + RP * rowBytes, stageBytes };
}

/**
 * workgroup memory of the score reduction through workgroup memory: per (row, key) pair the T partials (rows of
 * T + 1 words, so that the lanes reading one pair's partials hit distinct banks) and the NG summed scores
 */
export function scoreReduceBytes(pairs: number, T: number, NG: number): number {
  return 4 * pairs * (T + 1 + NG);
}

/** why the cp.async tile ring (kv_stages > 1) cannot hold this storage, undefined when it can: whole 16-byte chunks per row */
export function stagedKvProblem(shape: AttentionShape): string | undefined {
  if (shape.kv === 'q8_0') return 'kv_stages > 1 takes f16 or f32 KV (q8_0 rows of 34-byte blocks are not 16-byte chunks)';
  for (const n of [shape.D, shape.Dv]) if (kvRowBytes(shape.kv, n) % 16 !== 0) return `kv_stages > 1 needs rows of whole 16-byte chunks (${n} ${shape.kv} elements are ${kvRowBytes(shape.kv, n)} bytes)`;
  return undefined;
}

/** element type of the k/v buffers in the kernels: f32 as floats, f16 and q8_0 bytes as u32 words */
export function kvElem(kv: KvStorage): 'f32' | 'u32' {
  return kv === 'f32' ? F32 : U32;
}

/** bytes of one stored row of n elements */
export function kvRowBytes(kv: KvStorage, n: number): number {
  return kv === 'f32' ? 4 * n : kv === 'f16' ? 2 * n : (n / 32) * 34;
}

interface Chunk {
  readonly values: Expr[];
  /** q8_0: the block's scale, applied once per chunk */
  readonly scale: Expr | null;
}

/** signed byte k (0 = lowest) of a word, as f32 */
function codeOf(word: Expr, k: number): Expr {
  const top = k === 3 ? word : shl(word, c.u32(24 - 8 * k));
  return cast(shr(bitcast(top, I32), c.i32(24)), F32);
}

/** A register a chunk's raw loads fill: loaded for the next tile while the current one is computed. */
interface RawLoad {
  readonly name: string;
  readonly type: Type;
  readonly init: Expr;
}

/**
 * The raw loads of VW elements of a k/v row starting at element `dim` (a multiple of VW), into registers
 * named from `tag`: f32 values or u32 words (vector loads where the target has them), for q8_0 the block's
 * scale half and the code words around the codes with the funnel shift that aligns them. `row` is the key's
 * row in [0, B·Hkv·Skv).
 */
function chunkLoads(buf: string, kv: KvStorage, width: number, row: Expr, dim: Expr, VW: number, caps: SimtCaps, tag: string): RawLoad[] {
  const words = (at: Expr, n: number, elem: 'f32' | 'u32', align: number): RawLoad[] => {
    const lanes = caps.vectorLoads ? Math.min(4, align, n) : 1;
    return Array.from({ length: n / lanes }, (_, i) => {
      const type: Type = lanes > 1 ? vec(elem, lanes) : elem;
      return { name: `${tag}_${i}`, type, init: load(buf, i ? add(at, i * lanes) : at, type) };
    });
  };
  if (kv === 'f32') return words(add(mul(row, width), dim), VW, F32, VW);
  const at = add(mul(row, width), dim);
  if (kv === 'f16') {
    if (VW === 1) return [{ name: `${tag}_0`, type: U32, init: u16At(buf, at) }];
    return words(shr(at, c.i32(1)), VW / 2, U32, VW / 2);
  }
  // q8_0: block = 2-byte f16 scale + 32 int8 codes; the chunk lies in one block (VW divides 32), its codes
  // start 2-byte aligned: n + 1 words and a shift of 0 or 16 bits
  const blk = add(mul(row, kvRowBytes(kv, width)), mul(shr(dim, c.i32(5)), 34));
  const cb = add(add(blk, 2), and(dim, c.i32(31)));
  const n = VW / 4;
  return [
    { name: `${tag}_d`, type: U32, init: u16At(buf, shr(blk, c.i32(1))) },
    { name: `${tag}_sh`, type: U32, init: cast(mul(and(cb, c.i32(3)), 8), U32) },
    ...Array.from({ length: n }, (_, i) => ({ name: `${tag}_r${i}`, type: U32 as Type, init: load(buf, add(shr(cb, c.i32(2)), i), U32) })),
    // the word after the last: only used when the codes are not word-aligned (the row may end there)
    { name: `${tag}_r${n}`, type: U32, init: load(buf, shr(add(cb, VW - 1), c.i32(2)), U32) },
  ];
}

/** The f32 values (or q8_0 codes and their scale) of a chunk whose raw loads are in the registers of `tag`. */
function decodeChunk(loads: readonly RawLoad[], kv: KvStorage, VW: number, tag: string, stmts: Stmt[]): Chunk {
  // each value widened once, shared by every row of the tile
  const named = (chunk: Chunk): Chunk => ({
    ...chunk,
    values: chunk.values.map((x, e) => {
      if (x.op === 'var' || x.op === 'lane') return x;
      stmts.push(let_(`${tag}_x${e}`, F32, x));
      return v(`${tag}_x${e}`, F32);
    }),
  });
  return named(decodeValues(loads, kv, VW, tag, stmts));
}

function decodeValues(loads: readonly RawLoad[], kv: KvStorage, VW: number, tag: string, stmts: Stmt[]): Chunk {
  const reg = (l: RawLoad): Expr => v(l.name, l.type);
  const lanesOf = (l: RawLoad): Expr[] => (typeof l.type === 'string' ? [reg(l)] : Array.from({ length: l.type.lanes as number }, (_, i) => lane(reg(l), i)));
  if (kv === 'f32') return { values: loads.flatMap(lanesOf), scale: null };
  if (kv === 'f16') {
    if (VW === 1) return { values: [f16ToF32(reg(loads[0]!))], scale: null };
    return { values: loads.flatMap(lanesOf).flatMap((w) => [f16ToF32(w), f16ToF32(shr(w, c.u32(16)))]), scale: null };
  }
  const n = VW / 4;
  const word = (i: number): Expr => v(`${tag}_r${i}`, U32);
  const values: Expr[] = [];
  for (let i = 0; i < n; i++) {
    stmts.push(let_(`${tag}_c${i}`, U32, call('funnel_shr', [word(i), word(i + 1), v(`${tag}_sh`, U32)], U32)));
    for (let k = 0; k < 4; k++) values.push(codeOf(v(`${tag}_c${i}`, U32), k));
  }
  stmts.push(let_(`${tag}_df`, F32, f16ToF32(v(`${tag}_d`, U32))));
  return { values, scale: v(`${tag}_df`, F32) };
}

function sumChain(terms: readonly Expr[]): Expr {
  return terms.slice(1).reduce((s, t) => add(s, t), terms[0]!);
}

/** The kernel parameters of the main kernel in ABI order. */
function mainParams(shape: AttentionShape, cfg: AttentionSimtConfig): KernelParam[] {
  const elem = kvElem(shape.kv);
  // dependent launch: q and the cache may be the previous grid's output (no non-coherent load above the wait)
  const flags = cfg.dependent_launch ? { coherent: true } : {};
  const out: KernelParam[] = [bufferParam('q', F32, 'read', flags), bufferParam('k', elem, 'read', flags), bufferParam('v', elem, 'read', flags)];
  if (cfg.kv_splits > 1) out.push(bufferParam(PARTIAL_ML, F32, 'write'), bufferParam(PARTIAL_O, F32, 'write'));
  else out.push(bufferParam('o', F32, 'write'));
  out.push(scalarParam('B'), scalarParam('Sq'), scalarParam('Skv'));
  return out;
}

export function lowerAttentionMain(shape: AttentionShape, cfg: AttentionSimtConfig, caps: SimtCaps, opts: AttentionLowerOptions = {}): Kernel {
  const lay = attentionLayout(shape, cfg, caps);
  const exp = expOf(opts);
  // base-2 scores: exp2(s·log2 e - m) = exp(s - m / log2 e), the factor folded into q's scale
  const qScale = shape.scale * (opts.exp2 ? Math.LOG2E : 1);
  const staged = cfg.kv_stages > 1;
  const { L, NG, U, Ck, Cv } = lay;
  const { G, D, Dv } = shape;
  const T = cfg.workgroup_size;
  const VW = cfg.vector_width;
  const BQ = cfg.block_q;
  const S = cfg.kv_splits;
  const BKV = NG * U;
  const Sq = param('Sq');
  const Skv = param('Skv');
  const i32 = (name: string): Expr => v(name, I32);
  const f32 = (name: string): Expr => v(name, F32);
  const body: Stmt[] = [
    comment(`attention ${shape.kv} KV, G=${G} D=${D} Dv=${Dv}${shape.causal ? ' causal' : ''}${shape.window ? ` window ${shape.window}` : ''}: `
      + `${BQ} rows per workgroup, ${T} threads as ${NG} key groups of ${L} lanes, ${VW}-element loads, ${U} keys per group per tile, ${S} kv splits`
      + (staged ? `, ${cfg.kv_stages} tiles in flight through workgroup memory (cp.async)` : '')),
    // dependent launch: this grid lets the next one start launching, and reads nothing before the previous grid is done
    ...(cfg.dependent_launch ? [gridDependency('signal'), gridDependency('wait')] : []),
    let_('tid', I32, special('thread_id')),
    let_('grp', I32, NG > 1 ? div(i32('tid'), L) : c.i32(0)),
    let_('ln', I32, L > 1 ? and(i32('tid'), L - 1) : c.i32(0)),
    let_('bh', I32, special('group_id', 2)),
    let_('b', I32, div(i32('bh'), shape.Hkv)),
    let_('kvh', I32, rem(i32('bh'), shape.Hkv)),
    let_('rows', I32, mul(Sq, G)),
    let_('r0', I32, mul(special('group_id', 0), BQ)),
    let_('rlast', I32, sub(min(add(i32('r0'), BQ), i32('rows')), 1)),
    let_('kvbase', I32, mul(i32('bh'), Skv)),
  ];
  // the rows of the tile (past the last row: a copy of it, never stored)
  for (let r = 0; r < BQ; r++) {
    body.push(let_(`rr${r}`, I32, min(add(i32('r0'), r), sub(i32('rows'), 1))));
    const ipos = G > 1 ? div(i32(`rr${r}`), G) : i32(`rr${r}`);
    body.push(let_(`i${r}`, I32, ipos));
    const head = G > 1 ? add(mul(i32('kvh'), G), rem(i32(`rr${r}`), G)) : i32('kvh');
    body.push(let_(`qrow${r}`, I32, add(mul(add(mul(i32('b'), shape.Hq), head), Sq), i32(`i${r}`))));
    if (shape.causal || shape.window > 0) body.push(let_(`p${r}`, I32, add(sub(Skv, Sq), i32(`i${r}`))));
    if (shape.window > 0) body.push(let_(`first${r}`, I32, max(sub(i32(`p${r}`), shape.window - 1), 0)));
  }
  // the union of the rows' key ranges, split evenly among the splits
  const posOf = (row: Expr): Expr => add(sub(Skv, Sq), G > 1 ? div(row, G) : row);
  body.push(let_('lo', I32, shape.window > 0 ? max(sub(posOf(i32('r0')), shape.window - 1), 0) : c.i32(0)));
  body.push(let_('hi', I32, shape.causal ? add(posOf(i32('rlast')), 1) : Skv));
  if (S > 1) {
    body.push(
      let_('split', I32, special('group_id', 1)),
      let_('chunk', I32, div(add(sub(i32('hi'), i32('lo')), S - 1), S)),
      let_('k0', I32, add(i32('lo'), mul(i32('split'), i32('chunk')))),
      let_('k1', I32, min(add(i32('k0'), i32('chunk')), i32('hi'))),
    );
  } else body.push(let_('k0', I32, i32('lo')), let_('k1', I32, i32('hi')));

  // lane chunk c starts at element (c·L + ln)·VW; the last chunk may run past D (or Dv) for some lanes
  const dimOf = (ch: number): Expr => mul(add(i32('ln'), ch * L), VW);
  const partial = (n: number, C: number): boolean => n % (L * VW) !== 0 || C * L * VW !== n;
  const kPartial = partial(D, Ck);
  const vPartial = partial(Dv, Cv);
  for (let ch = 0; ch < Math.max(Ck, Cv); ch++) {
    body.push(let_(`dim${ch}`, I32, dimOf(ch)));
    if (ch < Ck) body.push(let_(`dk${ch}`, I32, kPartial ? min(i32(`dim${ch}`), D - VW) : i32(`dim${ch}`)));
    if (ch < Cv) body.push(let_(`dv${ch}`, I32, vPartial ? min(i32(`dim${ch}`), Dv - VW) : i32(`dim${ch}`)));
  }
  // q slices in registers, pre-scaled; a lane's chunk past D holds zeros
  for (let r = 0; r < BQ; r++) {
    for (let ch = 0; ch < Ck; ch++) {
      const xs = loadWords('q', add(mul(i32(`qrow${r}`), D), i32(`dk${ch}`)), VW, F32, `qx${r}_${ch}`, body, caps.vectorLoads, Math.min(VW, 4));
      const inD = lt(i32(`dim${ch}`), D);
      xs.forEach((x, e) => body.push(let_(`q${r}_${ch}_${e}`, F32, kPartial ? select(inD, mul(x, c.f32(qScale)), c.f32(0)) : mul(x, c.f32(qScale)))));
    }
  }
  for (let r = 0; r < BQ; r++) {
    body.push(letMut(`m${r}`, F32, c.f32(NEG)), letMut(`l${r}`, F32, c.f32(0)));
    for (let ch = 0; ch < Cv; ch++) for (let e = 0; e < VW; e++) body.push(letMut(`acc${r}_${ch}_${e}`, F32, c.f32(0)));
  }
  // staged: every workgroup array is sized at launch with the ring (static arrays beside a launch-sized ring
  // above 48 KB in all fail to launch without the opt-in, which only the launch-sized bytes get)
  const wgArray = (name: string, size: number): Stmt => (staged ? allocDynamic(name, F32, size, 16) : alloc(name, F32, size, 'workgroup'));
  if (lay.sharedReduce) body.push(wgArray('red', BQ * U * (T + 1)), wgArray('sc', BQ * U * NG));

  // ---- the key loop ----
  // registers (kv_stages 1): software pipelined, the registers hold the raw K/V loads of the current tile; each
  // iteration first issues the loads of the next tile (rows clamped into the split: always in bounds), then
  // computes. Staged (kv_stages > 1): a ring of tiles in workgroup memory, kv_stages - 1 tiles ahead copied by
  // cp.async (every thread a share of the tile's contiguous rows), one barrier per tile; each key group reads
  // its keys' slices from the ring right before the arithmetic.
  const keyRow = (j: Expr): Expr => add(i32('kvbase'), max(min(j, sub(i32('k1'), 1)), 0));
  const tileLoads = (tag: string, rowOf: (u: number) => Expr, kBuf = 'k', vBuf = 'v'): RawLoad[][][][] => [
    Array.from({ length: U }, (_, u) => Array.from({ length: Ck }, (_, ch) => chunkLoads(kBuf, shape.kv, D, rowOf(u), i32(`dk${ch}`), VW, caps, `${tag}k${u}_${ch}`))),
    Array.from({ length: U }, (_, u) => Array.from({ length: Cv }, (_, ch) => chunkLoads(vBuf, shape.kv, Dv, rowOf(u), i32(`dv${ch}`), VW, caps, `${tag}v${u}_${ch}`))),
  ];
  const loop: Stmt[] = [];
  let first: RawLoad[][][][];
  let next: RawLoad[][][][] = [];
  if (staged) {
    const ST = cfg.kv_stages;
    const elem = kvElem(shape.kv);
    // words (u32 or f32, 4 bytes) per stored row, 16-byte chunks per row
    const kWords = kvRowBytes(shape.kv, D) / 4;
    const vWords = kvRowBytes(shape.kv, Dv) / 4;
    body.push(allocDynamic('sk', elem, ST * BKV * kWords, 16), allocDynamic('sv', elem, ST * BKV * vWords, 16));
    // the tile of keys [ts, ts + BKV) into ring slot `slot`: rows past the split's end copy its last row (never weighted)
    const copyTile = (ts: Expr, slot: Expr, tag: string): Stmt[] => {
      const out: Stmt[] = [];
      for (const [buf, src, words] of [['sk', 'k', kWords], ['sv', 'v', vWords]] as const) {
        const perRow = words / 4;
        const total = BKV * perRow;
        for (let n = 0; n * T < total; n++) {
          const ci = `${tag}${buf}${n}`;
          const row = `${ci}_r`;
          const col = `${ci}_c`;
          const copy: Stmt[] = [
            let_(row, I32, div(i32(ci), perRow)),
            let_(col, I32, mul(rem(i32(ci), perRow), 4)),
            asyncCopy(buf, add(mul(add(mul(slot, BKV), i32(row)), words), i32(col)), src,
              add(mul(add(i32('kvbase'), min(add(ts, i32(row)), sub(i32('k1'), 1))), words), i32(col)), 16),
          ];
          out.push(let_(ci, I32, add(i32('tid'), n * T)));
          out.push(...((n + 1) * T > total ? [if_(lt(i32(ci), total), copy)] : copy));
        }
      }
      return [if_(lt(ts, i32('k1')), out)];
    };
    for (let st = 0; st < ST - 1; st++) body.push(...copyTile(add(i32('k0'), st * BKV), c.i32(st), `p${st}_`), asyncCommit());
    loop.push(
      let_('it', I32, div(sub(i32('t'), i32('k0')), BKV)),
      let_('slot', I32, rem(i32('it'), ST)),
      // this thread's copies of the current tile are done; the barrier makes everyone's visible and frees the
      // slot computed last iteration, which the copy issued next refills
      asyncWait(ST - 2),
      barrier(),
      ...copyTile(add(i32('t'), (ST - 1) * BKV), rem(add(i32('it'), ST - 1), ST), 'n_'),
      asyncCommit(),
    );
    for (let u = 0; u < U; u++) loop.push(let_(`j${u}`, I32, add(add(i32('t'), u * NG), i32('grp'))), let_(`ks${u}`, I32, add(add(mul(i32('slot'), BKV), u * NG), i32('grp'))));
    first = tileLoads('', (u) => i32(`ks${u}`), 'sk', 'sv');
    for (const l of first.flat(3)) loop.push(let_(l.name, l.type, l.init));
  } else {
    first = tileLoads('', (u) => i32(`kr${u}`));
    for (let u = 0; u < U; u++) body.push(let_(`kr${u}`, I32, keyRow(add(add(i32('k0'), u * NG), i32('grp')))));
    for (const l of first.flat(3)) body.push(letMut(l.name, l.type, l.init));
    for (let u = 0; u < U; u++) {
      loop.push(let_(`j${u}`, I32, add(add(i32('t'), u * NG), i32('grp'))));
      loop.push(let_(`krn${u}`, I32, keyRow(add(add(i32('t'), BKV + u * NG), i32('grp')))));
    }
    next = tileLoads('n', (u) => i32(`krn${u}`));
    for (const l of next.flat(3)) loop.push(let_(l.name, l.type, l.init));
  }
  const kc: Chunk[][] = first[0]!.map((row, u) => row.map((loads, ch) => decodeChunk(loads, shape.kv, VW, `k${u}_${ch}`, loop)));
  const vc: Chunk[][] = first[1]!.map((row, u) => row.map((loads, ch) => decodeChunk(loads, shape.kv, VW, `v${u}_${ch}`, loop)));
  // partial q·k per (row, key) over this lane's elements
  for (let r = 0; r < BQ; r++) {
    for (let u = 0; u < U; u++) {
      const terms = kc[u]!.map((chunk, ch) => {
        let dot: Expr | null = null;
        chunk.values.forEach((kvx, e) => { dot = dot ? fma(f32(`q${r}_${ch}_${e}`), kvx, dot) : mul(f32(`q${r}_${ch}_${e}`), kvx); });
        return chunk.scale ? mul(dot!, chunk.scale) : dot!;
      });
      loop.push(let_(`pd${r}_${u}`, F32, sumChain(terms)));
    }
  }
  // sum over the key group's L lanes: every lane gets the score
  if (L === 1) {
    for (let r = 0; r < BQ; r++) for (let u = 0; u < U; u++) loop.push(let_(`s${r}_${u}`, F32, f32(`pd${r}_${u}`)));
  } else if (!lay.sharedReduce) {
    for (let r = 0; r < BQ; r++) {
      for (let u = 0; u < U; u++) {
        let name = `pd${r}_${u}`;
        for (let off = L / 2; off >= 1; off /= 2) {
          const next = off === 1 ? `s${r}_${u}` : `pd${r}_${u}_${off}`;
          loop.push(let_(next, F32, add(f32(name), subgroupShuffleXor(f32(name), off))));
          name = next;
        }
      }
    }
  } else {
    // through workgroup memory: lane ln of a key group adds up the L partials of the (row, key) pairs ln, ln + L, ...
    // and writes their scores; then every lane reads its group's scores (each lane adding every pair's L partials
    // costs L times the loads)
    const P = BQ * U;
    const RS = T + 1;
    for (let r = 0; r < BQ; r++) for (let u = 0; u < U; u++) loop.push(store('red', add((r * U + u) * RS, i32('tid')), f32(`pd${r}_${u}`)));
    loop.push(barrier());
    loop.push(let_('gbase', I32, mul(i32('grp'), L)));
    for (let k = 0; k * L < P; k++) {
      const pair = `rp${k}`;
      const sum = `rs${k}`;
      const at = `ra${k}`;
      const work: Stmt[] = [
        let_(at, I32, add(mul(i32(pair), RS), i32('gbase'))),
        letMut(sum, F32, load('red', i32(at), F32)),
        forLoop(`rl${k}`, 1, L, [assign(sum, add(f32(sum), load('red', add(i32(at), i32(`rl${k}`)), F32)))]),
        store('sc', add(mul(i32(pair), NG), i32('grp')), f32(sum)),
      ];
      loop.push(let_(pair, I32, add(i32('ln'), k * L)));
      loop.push(...((k + 1) * L > P ? [if_(lt(i32(pair), P), work)] : work));
    }
    loop.push(barrier());
    for (let r = 0; r < BQ; r++) for (let u = 0; u < U; u++) loop.push(let_(`s${r}_${u}`, F32, load('sc', add((r * U + u) * NG, i32('grp')), F32)));
  }
  // online softmax per row over this key group's U keys
  for (let r = 0; r < BQ; r++) {
    for (let u = 0; u < U; u++) {
      let vis: Expr = lt(i32(`j${u}`), i32('k1'));
      if (shape.window > 0) vis = land(vis, ge(i32(`j${u}`), i32(`first${r}`)));
      if (shape.causal) vis = land(vis, le(i32(`j${u}`), i32(`p${r}`)));
      loop.push(let_(`vis${r}_${u}`, 'bool', vis));
    }
    const masked = Array.from({ length: U }, (_, u) => select(v(`vis${r}_${u}`, 'bool'), f32(`s${r}_${u}`), c.f32(NEG)));
    loop.push(let_(`mt${r}`, F32, masked.slice(1).reduce((a, b) => max(a, b), masked[0]!)));
    const probs = sumChain(Array.from({ length: U }, (_, u) => f32(`pr${r}_${u}`)));
    if (cfg.lazy_rescale) {
      // the reference max moves only when a score passes it by more than the slack (weights stay below
      // 2^8): the rescale of l and the output slice is then a rare branch, not a multiply per element per tile
      const rescale: Stmt[] = [let_(`al${r}`, F32, exp(sub(f32(`m${r}`), f32(`mt${r}`)))), assign(`l${r}`, mul(f32(`l${r}`), f32(`al${r}`)))];
      for (let ch = 0; ch < Cv; ch++) for (let e = 0; e < VW; e++) rescale.push(assign(`acc${r}_${ch}_${e}`, mul(f32(`acc${r}_${ch}_${e}`), f32(`al${r}`))));
      rescale.push(assign(`m${r}`, f32(`mt${r}`)));
      loop.push(if_(gt(f32(`mt${r}`), add(f32(`m${r}`), c.f32(opts.exp2 ? LAZY_SLACK_LOG2 : LAZY_SLACK_LOG2 * Math.LN2))), rescale));
      for (let u = 0; u < U; u++) loop.push(let_(`pr${r}_${u}`, F32, select(v(`vis${r}_${u}`, 'bool'), exp(sub(f32(`s${r}_${u}`), f32(`m${r}`))), c.f32(0))));
      loop.push(assign(`l${r}`, add(f32(`l${r}`), probs)));
    } else {
      loop.push(let_(`mn${r}`, F32, max(f32(`m${r}`), f32(`mt${r}`))));
      loop.push(let_(`al${r}`, F32, exp(sub(f32(`m${r}`), f32(`mn${r}`)))));
      for (let u = 0; u < U; u++) loop.push(let_(`pr${r}_${u}`, F32, select(v(`vis${r}_${u}`, 'bool'), exp(sub(f32(`s${r}_${u}`), f32(`mn${r}`))), c.f32(0))));
      loop.push(assign(`l${r}`, add(mul(f32(`l${r}`), f32(`al${r}`)), probs)));
      loop.push(assign(`m${r}`, f32(`mn${r}`)));
    }
    // q8_0: the probability times the block scale, once per chunk
    const weight = (u: number, ch: number): Expr => {
      const sc = vc[u]![ch]!.scale;
      if (!sc) return f32(`pr${r}_${u}`);
      loop.push(let_(`pw${r}_${u}_${ch}`, F32, mul(f32(`pr${r}_${u}`), sc)));
      return f32(`pw${r}_${u}_${ch}`);
    };
    for (let ch = 0; ch < Cv; ch++) {
      const ws = Array.from({ length: U }, (_, u) => weight(u, ch));
      for (let e = 0; e < VW; e++) {
        let nextAcc: Expr = cfg.lazy_rescale ? f32(`acc${r}_${ch}_${e}`) : mul(f32(`acc${r}_${ch}_${e}`), f32(`al${r}`));
        for (let u = 0; u < U; u++) nextAcc = fma(ws[u]!, vc[u]![ch]!.values[e]!, nextAcc);
        loop.push(assign(`acc${r}_${ch}_${e}`, nextAcc));
      }
    }
  }
  if (!staged) first.flat(3).forEach((l, i) => loop.push(assign(l.name, v(next.flat(3)[i]!.name, l.type))));
  body.push(forLoop('t', i32('k0'), i32('k1'), loop, { step: BKV }));

  // ---- merge the key groups, write o or the split's partials ----
  const rowValid = (r: number): Expr => lt(add(i32('r0'), r), i32('rows'));
  const outRow = (r: number): Expr => (S > 1 ? add(mul(i32(`qrow${r}`), S), i32('split')) : i32(`qrow${r}`));
  const writeValue = (r: number, d: Expr, value: Expr): Stmt => (S > 1
    ? store(PARTIAL_O, add(mul(outRow(r), Dv), d), value)
    : store('o', add(mul(outRow(r), Dv), d), mul(value, f32(`inv${r}`))));
  const writeStats = (r: number): Stmt[] => (S > 1
    ? [store(PARTIAL_ML, mul(outRow(r), 2), f32(`M${r}`)), store(PARTIAL_ML, add(mul(outRow(r), 2), 1), f32(`Lt${r}`))]
    : []);
  const inDv = (ch: number): Expr => lt(i32(`dim${ch}`), Dv);
  if (NG === 1) {
    for (let r = 0; r < BQ; r++) {
      body.push(let_(`M${r}`, F32, f32(`m${r}`)), let_(`Lt${r}`, F32, f32(`l${r}`)));
      if (S === 1) body.push(let_(`inv${r}`, F32, div(c.f32(1), f32(`Lt${r}`))));
      const writes: Stmt[] = [];
      for (let ch = 0; ch < Cv; ch++) {
        const ws = Array.from({ length: VW }, (_, e) => writeValue(r, add(i32(`dv${ch}`), e), f32(`acc${r}_${ch}_${e}`)));
        writes.push(...(vPartial ? [if_(inDv(ch), ws)] : ws));
      }
      if (S > 1) writes.push(if_(eq(i32('tid'), 0), writeStats(r)));
      body.push(if_(rowValid(r), writes));
    }
  } else {
    body.push(wgArray('sm_ml', 2 * BQ * NG));
    const mlWrites: Stmt[] = [];
    for (let r = 0; r < BQ; r++) {
      mlWrites.push(store('sm_ml', mul(add(r * NG, i32('grp')), 2), f32(`m${r}`)), store('sm_ml', add(mul(add(r * NG, i32('grp')), 2), 1), f32(`l${r}`)));
    }
    body.push(if_(eq(i32('ln'), 0), mlWrites), barrier());
    for (let r = 0; r < BQ; r++) {
      body.push(letMut(`M${r}`, F32, c.f32(NEG)));
      body.push(forLoop(`gm${r}`, 0, NG, [assign(`M${r}`, max(f32(`M${r}`), load('sm_ml', mul(add(i32(`gm${r}`), r * NG), 2), F32)))]));
      body.push(letMut(`Lt${r}`, F32, c.f32(0)));
      body.push(forLoop(`gl${r}`, 0, NG, [
        let_(`gi${r}`, I32, mul(add(i32(`gl${r}`), r * NG), 2)),
        assign(`Lt${r}`, fma(exp(sub(load('sm_ml', i32(`gi${r}`), F32), f32(`M${r}`))), load('sm_ml', add(i32(`gi${r}`), 1), F32), f32(`Lt${r}`))),
      ]));
      body.push(let_(`w${r}`, F32, exp(sub(f32(`m${r}`), f32(`M${r}`)))));
      if (S === 1) body.push(let_(`inv${r}`, F32, div(c.f32(1), f32(`Lt${r}`))));
    }
    body.push(wgArray('sm_o', lay.RP * NG * Dv));
    const passes = Math.ceil(BQ / lay.RP);
    for (let pass = 0; pass < passes; pass++) {
      if (pass > 0) body.push(barrier());
      const rowsOf = Array.from({ length: lay.RP }, (_, rp) => pass * lay.RP + rp).filter((r) => r < BQ);
      for (const r of rowsOf) {
        const rp = r - pass * lay.RP;
        for (let ch = 0; ch < Cv; ch++) {
          const ws = Array.from({ length: VW }, (_, e) => store('sm_o', add(mul(add(rp * NG, i32('grp')), Dv), add(i32(`dv${ch}`), e)), mul(f32(`acc${r}_${ch}_${e}`), f32(`w${r}`))));
          body.push(...(vPartial ? [if_(inDv(ch), ws)] : ws));
        }
      }
      body.push(barrier());
      for (const r of rowsOf) {
        const rp = r - pass * lay.RP;
        const dd = i32(`dd${r}`);
        const sum = `so${r}`;
        body.push(if_(rowValid(r), [
          forLoop(`dd${r}`, i32('tid'), Dv, [
            letMut(sum, F32, load('sm_o', add(rp * NG * Dv, dd), F32)),
            forLoop(`gs${r}`, 1, NG, [assign(sum, add(f32(sum), load('sm_o', add(mul(add(i32(`gs${r}`), rp * NG), Dv), dd), F32)))]),
            writeValue(r, dd, f32(sum)),
          ], { step: T }),
          ...(S > 1 ? [if_(eq(i32('tid'), 0), writeStats(r))] : []),
        ]));
      }
    }
  }
  return { name: ATTENTION_ENTRY, model: 'simt', params: mainParams(shape, cfg), body, workgroupSize: [T, 1, 1] };
}

/** Second dispatch with kv_splits > 1: per query row, o = Σ_s e^(m_s - M) o_s / Σ_s e^(m_s - M) l_s. */
export function lowerAttentionCombine(shape: AttentionShape, cfg: AttentionSimtConfig, opts: AttentionLowerOptions = {}): Kernel {
  const S = cfg.kv_splits;
  const exp = expOf(opts);
  const { Dv } = shape;
  const i32 = (name: string): Expr => v(name, I32);
  const f32 = (name: string): Expr => v(name, F32);
  // dependent launch: the partials are the previous grid's, read coherently (no non-coherent load above the wait)
  const flags = cfg.dependent_launch ? { coherent: true } : {};
  const params: KernelParam[] = [
    bufferParam(PARTIAL_ML, F32, 'read', flags), bufferParam(PARTIAL_O, F32, 'read', flags), bufferParam('o', F32, 'write'),
    scalarParam('B'), scalarParam('Sq'), scalarParam('Skv'),
  ];
  const work: Stmt[] = [];
  for (let s = 0; s < S; s++) work.push(let_(`ms${s}`, F32, load(PARTIAL_ML, add(mul(i32('row'), 2 * S), 2 * s), F32)));
  work.push(let_('M', F32, Array.from({ length: S }, (_, s) => f32(`ms${s}`)).reduce((a, b) => max(a, b))));
  for (let s = 0; s < S; s++) work.push(let_(`ws${s}`, F32, exp(sub(f32(`ms${s}`), f32('M')))));
  work.push(let_('Lt', F32, sumChain(Array.from({ length: S }, (_, s) => mul(f32(`ws${s}`), load(PARTIAL_ML, add(mul(i32('row'), 2 * S), 2 * s + 1), F32))))));
  work.push(let_('inv', F32, div(c.f32(1), f32('Lt'))));
  let sum: Expr = c.f32(0);
  for (let s = 0; s < S; s++) sum = fma(f32(`ws${s}`), load(PARTIAL_O, add(mul(add(mul(i32('row'), S), s), Dv), i32('d')), F32), sum);
  work.push(forLoop('d', special('thread_id'), Dv, [store('o', add(mul(i32('row'), Dv), i32('d')), mul(sum, f32('inv')))], { step: COMBINE_WORKGROUP }));
  return {
    name: COMBINE_ENTRY, model: 'simt', params, workgroupSize: [COMBINE_WORKGROUP, 1, 1],
    body: [
      comment(`attention: merge ${S} kv splits per query row (Dv = ${Dv})`),
      ...(cfg.dependent_launch ? [gridDependency('signal'), gridDependency('wait')] : []),
      let_('row', I32, add(special('group_id', 0), mul(special('group_id', 1), special('num_groups', 0)))),
      if_(lt(i32('row'), mul(mul(param('B'), param('Sq')), shape.Hq)), work),
    ],
  };
}

/** Kernels in dispatch order. */
export function lowerAttentionSimt(params: Params, cfg: AttentionSimtConfig, caps: SimtCaps, opts: AttentionLowerOptions = {}): Kernel[] {
  const shape = attentionShape(params);
  const main = lowerAttentionMain(shape, cfg, caps, opts);
  return cfg.kv_splits > 1 ? [main, lowerAttentionCombine(shape, cfg, opts)] : [main];
}

/** e^a, or with `exp2` 2^a (the scores are then in base 2) */
function expOf(opts: AttentionLowerOptions): (a: Expr) => Expr {
  return opts.exp2 ? (a) => call('exp2', [a], F32) : (a) => unary('exp', a);
}
