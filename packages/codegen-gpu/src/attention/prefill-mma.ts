/**
 * Attention prefill on CUDA tensor cores (knob `mma: 'tensor_core'`): a flash-attention-2 style kernel built
 * from the IR's `mma` (m16n8k16, f16 operands, f32 accumulation), `ldmatrix` and `async_copy` statements.
 *
 * One workgroup of 4 warps takes `block_q` query rows of one query head: 64 (16 rows a warp, its Q fragments in
 * registers, converted from f32 once) or 128 (32 rows a warp, Q converted once into workgroup memory and read by
 * ldmatrix per tile, so that each K/V fragment a warp loads feeds two m16 tiles); K and V tiles of `block_kv` keys go through workgroup memory as f16, double-buffered:
 * f16 KV by cp.async while the previous tile is computed, f32 KV converted and q8_0 dequantized while staging.
 * Per tile each warp computes S = Q·Kᵀ (K tile as mma `b` words by ldmatrix), masks S where the tile crosses
 * the causal or window edge or the end of the keys, updates its rows' running max and sum (online softmax with
 * exp2, the scale and log2(e) folded into one multiply-add), packs P into f16 `a` words straight from the
 * accumulators and adds P·V (V by ldmatrix.trans). Tiles the masks leave empty for every row of the workgroup
 * are never visited; the longest query tiles (causal) are launched first. With grouped-query heads a workgroup's
 * rows are (position, head) pairs of one kv head, position-major, so each K/V tile staged serves all its heads.
 *
 * Workgroup memory rows are padded by 16 bytes so that the 8 rows one ldmatrix phase reads fall in distinct banks.
 * Artifact contract: codegen-cpu/src/attention/emit.ts (q, k, v, o; B, Sq, Skv at run time).
 */
import type { Expr, Kernel, Params, Stmt } from '@kforge/ir';
import {
  InputError, add, alloc, allocDynamic, and, assign, asyncCommit, asyncCopy, asyncWait, barrier, bufferParam, c, call, cast,
  comment, div, eq, fma, forLoop, frag, ge, gt, if_, land, lane, ldmatrix, le, let_, letMut, load, lor, lt, max, min, mma, mul, param,
  rem, scalarParam, select, shr, size, special, store, sub, subgroupShuffleXor, v, vec, xor,
} from '@kforge/ir';
import { TARGETS, type KernelArtifact } from '@kforge/target';
import { dynamicSharedBytes, renderKernel } from '@kforge/codegen-core';
import { CUDA_DIALECT } from '../dialects/cuda.ts';

export const PREFILL_MMA_ENTRY = 'attention_prefill_mma';
/** query rows of one workgroup: 4 warps of one or two m16 tiles each */
export const MMA_BLOCK_Q = [64, 128] as const;
export const MMA_WARPS = 4;
export const MMA_BLOCK_KV = [32, 64, 128] as const;

export interface PrefillMmaConfig {
  /** query rows of a workgroup: 64 (one m16 tile a warp, Q in registers) or 128 (two, Q in workgroup memory) */
  readonly block_q: number;
  readonly block_kv: number;
}

const I = 'i32';
const F = 'f32';
const U = 'u32';
const NEG_INF = -Infinity;

/** why the tensor-core prefill cannot serve these params (undefined: it can) */
export function prefillMmaProblem(params: Params): string | undefined {
  const D = Number(params.D);
  const Dv = Number(params.Dv ?? D);
  if (D % 16 !== 0 || Dv % 16 !== 0) return `mma 'tensor_core' needs D and Dv to be multiples of 16 (the m16n8k16 tile), got D ${D}, Dv ${Dv}`;
  if (D > 256 || Dv > 256) return `mma 'tensor_core' serves D and Dv up to 256 (registers), got D ${D}, Dv ${Dv}`;
  return undefined;
}

function workgroupBytes(D: number, Dv: number, cfg: PrefillMmaConfig): number {
  const q = cfg.block_q > 16 * MMA_WARPS ? cfg.block_q * (D + 8) * 2 : 0;
  return 2 * cfg.block_kv * ((D + 8) + (Dv + 8)) * 2 + q;
}

/** fragment registers per lane: the S tiles, the O rows and the Q words */
function fragmentRegisters(D: number, Dv: number, cfg: PrefillMmaConfig): number {
  const mt = cfg.block_q / (16 * MMA_WARPS);
  return mt * (cfg.block_kv / 2 + Dv / 2) + (mt === 1 ? D / 4 : 8);
}

/** why this config does not fit (tile sizes, workgroup memory, registers), undefined when it does */
export function prefillMmaConfigProblem(params: Params, cfg: PrefillMmaConfig): string | undefined {
  const D = Number(params.D);
  const Dv = Number(params.Dv ?? D);
  if (!(MMA_BLOCK_Q as readonly number[]).includes(cfg.block_q)) return `block_q ${cfg.block_q} is not one of ${MMA_BLOCK_Q.join(', ')} with mma 'tensor_core' (4 warps of 16 or 32 rows)`;
  if (!(MMA_BLOCK_KV as readonly number[]).includes(cfg.block_kv)) return `block_kv ${cfg.block_kv} is not one of ${MMA_BLOCK_KV.join(', ')} with mma 'tensor_core'`;
  const bytes = workgroupBytes(D, Dv, cfg);
  if (bytes > 200 * 1024) return `block_q ${cfg.block_q}, block_kv ${cfg.block_kv} with D ${D}, Dv ${Dv} need ${bytes} bytes of workgroup memory (above 200 KB)`;
  const regs = fragmentRegisters(D, Dv, cfg);
  if (regs > 240) return `block_q ${cfg.block_q}, block_kv ${cfg.block_kv} with D ${D}, Dv ${Dv} hold ${regs} fragment registers a lane (above 240 of 255)`;
  return undefined;
}

/**
 * The default: 128 rows of 32 keys (each K/V fragment feeds two m16 tiles) where Dv leaves the registers for
 * two O tiles and Sq fills such tiles, else 64 rows of 64 keys, or of 32 where the fragments would crowd the 255
 * registers of a lane
 */
export function defaultPrefillMmaConfig(params: Params): PrefillMmaConfig {
  const D = Number(params.D);
  const Dv = Number(params.Dv ?? D);
  if (Dv <= 128 && D <= 128 && Number(params.Sq) >= 128) return { block_q: 128, block_kv: 32 };
  return { block_q: 64, block_kv: fragmentRegisters(D, Dv, { block_q: 64, block_kv: 64 }) <= 160 ? 64 : 32 };
}

const i32 = (n: number): Expr => c.i32(n);
const vi = (name: string): Expr => v(name, I);
const vf = (name: string): Expr => v(name, F);
const at = (array: string, index: Expr | number, type: 'f32' | 'u32' = 'f32'): Expr => load(array, index, type);

/** forLoop over a compile-time range, fully unrolled */
function unrolled(name: string, n: number, body: readonly Stmt[]): Stmt {
  return forLoop(name, 0, n, body, { unroll: n });
}

export function lowerPrefillMma(params: Params, cfg: PrefillMmaConfig): Kernel {
  const Hq = Number(params.Hq);
  const Hkv = Number(params.Hkv ?? Hq);
  const D = Number(params.D);
  const Dv = Number(params.Dv ?? D);
  const causal = params.causal === true;
  const window = Number(params.window ?? 0);
  const scale = Number(params.scale ?? 1 / Math.sqrt(D));
  const kv = String(params.kv ?? 'f32') as 'f32' | 'f16' | 'q8_0';
  const BC = cfg.block_kv;
  const BR = cfg.block_q;
  // m16 tiles of query rows per warp; with one, its Q words stay in registers, with two they are read from
  // workgroup memory per tile (registers go to the second tile's S and O)
  const MT = BR / (16 * MMA_WARPS);
  const qInRegs = MT === 1;
  const group = Hq / Hkv;
  // padded row strides of the workgroup tiles, in u32 words (two f16 each)
  const KS = D / 2 + 4;
  const VS = Dv / 2 + 4;
  const QS = D / 2 + 4;
  const threads = MMA_WARPS * 32;
  const scale2 = scale * Math.LOG2E;
  // per-lane accumulator elements of one m16 tile: S over the keys, O over Dv
  const SB = BC / 2;
  const OB = Dv / 2;
  // the lane's rows: slot 2·mi + half is row g + 8·half of m tile mi
  const slots = Array.from({ length: 2 * MT }, (_, k) => k);
  const row = (slot: number) => vi(`row${slot}`);
  // grouped-query heads share the workgroup: row m of the kv head's rows is position m / G of query head
  // hk·G + m % G, so every K/V tile in workgroup memory serves all G heads
  const packed = group > 1;
  const rowsOf = packed ? mul(vi('Sq_'), group) : vi('Sq_');
  const positionOf = (m: Expr): Expr => (packed ? div(m, group) : m);
  /** the q/o row (flat over B, Hq, Sq) of workgroup row m (m < rows) */
  const qRowOf = (m: Expr): Expr => (packed ? add(vi('qHead0'), add(mul(rem(m, group), vi('Sq_')), div(m, group))) : add(vi('qRow0'), m));

  const body: Stmt[] = [];
  const push = (...s: Stmt[]) => body.push(...s);
  push(
    allocDynamic('sK', U, 2 * BC * KS, 16),
    allocDynamic('sV', U, 2 * BC * VS, 16),
    ...(qInRegs ? [] : [allocDynamic('sQ', U, BR * QS, 16)]),
    let_('tid', I, special('thread_id')),
    let_('warp', I, shr(vi('tid'), 5)),
    let_('ln', I, and(vi('tid'), 31)),
    let_('g', I, shr(vi('ln'), 2)),
    let_('t4', I, and(vi('ln'), 3)),
    let_(packed ? 'hk' : 'h', I, special('group_id', 0)),
    comment('the longest query tiles first (causal: they see the most keys)'),
    let_('tile', I, sub(sub(special('num_groups', 1), 1), special('group_id', 1))),
    let_('b', I, special('group_id', 2)),
    ...(packed ? [] : [let_('hk', I, vi('h'))]),
    let_('Sq_', I, param('Sq')),
    let_('Skv_', I, param('Skv')),
    let_('off', I, sub(vi('Skv_'), vi('Sq_'))),
    let_('r0', I, mul(vi('tile'), BR)),
    let_('wr0', I, add(vi('r0'), mul(vi('warp'), 16 * MT))),
    ...slots.map((k) => let_(`row${k}`, I, add(add(vi('wr0'), (k >> 1) * 16 + (k & 1) * 8), vi('g')))),
    let_('rows', I, rowsOf),
    ...slots.map((k) => let_(`ok${k}`, 'bool', lt(row(k), vi('rows')))),
    let_('p0', I, add(vi('off'), positionOf(vi('r0')))),
    let_('p1', I, min(add(vi('off'), positionOf(add(vi('r0'), BR - 1))), sub(vi('Skv_'), 1))),
    let_('firstKey', I, window > 0 ? max(0, add(sub(vi('p0'), window), 1)) : i32(0)),
    let_('lastKey', I, causal ? vi('p1') : sub(vi('Skv_'), 1)),
    let_('tLo', I, div(vi('firstKey'), BC)),
    let_('tHi', I, div(vi('lastKey'), BC)),
    let_('kvRow0', I, mul(add(mul(vi('b'), Hkv), vi('hk')), vi('Skv_'))),
    packed ? let_('qHead0', I, mul(add(mul(vi('b'), Hq), mul(vi('hk'), group)), vi('Sq_'))) : let_('qRow0', I, mul(add(mul(vi('b'), Hq), vi('h')), vi('Sq_'))),
  );

  // ---- Q: f32 pairs rounded to f16 words (rows past Sq read row Sq - 1, then zero)
  push(alloc('qf', U, qInRegs ? (D / 16) * 4 : MT * 4, 'private'));
  if (qInRegs) {
    // straight into `a` words: word r of k step kk holds row slot r & 1, columns 16·kk + 2·t4 + 8·(r >> 1)
    push(...[0, 1].map((k) => let_(`qr${k}`, I, mul(qRowOf(min(row(k), sub(vi('rows'), 1))), D))));
    const qWords: Stmt[] = [];
    for (let r = 0; r < 4; r++) {
      const name = `q2_${r}`;
      qWords.push(
        let_(name, vec(F, 2), load('q', add(vi(`qr${r & 1}`), add(add(mul(vi('kk'), 16), mul(vi('t4'), 2)), 8 * (r >> 1))), vec(F, 2))),
        store('qf', add(mul(vi('kk'), 4), r), select(v(`ok${r & 1}`, 'bool'), call('pack_f16x2', [lane(v(name, vec(F, 2)), 0), lane(v(name, vec(F, 2)), 1)], U), c.u32(0))),
      );
    }
    push(unrolled('kk', D / 16, qWords));
  } else {
    // the workgroup's BR rows into sQ, 8 values a thread and step; the first tile's barrier publishes them
    const chunksPerRow = D / 8;
    const chunks = BR * chunksPerRow;
    const steps = Math.ceil(chunks / threads);
    const inner: Stmt[] = [
      let_('qci', I, add(mul(vi('st'), threads), vi('tid'))),
      let_('qcr', I, div(vi('qci'), chunksPerRow)),
      let_('qcw', I, rem(vi('qci'), chunksPerRow)),
      let_('qcin', 'bool', lt(add(vi('r0'), vi('qcr')), vi('rows'))),
      let_('qcsrc', I, add(mul(qRowOf(min(add(vi('r0'), vi('qcr')), sub(vi('rows'), 1))), D), mul(vi('qcw'), 8))),
      let_('qclo', vec(F, 4), load('q', vi('qcsrc'), vec(F, 4))),
      let_('qchi', vec(F, 4), load('q', add(vi('qcsrc'), 4), vec(F, 4))),
      ...[0, 1, 2, 3].map((w) => {
        const part = v(w < 2 ? 'qclo' : 'qchi', vec(F, 4));
        const word = call('pack_f16x2', [lane(part, (2 * w) % 4), lane(part, (2 * w) % 4 + 1)], U);
        return store('sQ', add(add(mul(vi('qcr'), QS), mul(vi('qcw'), 4)), w), select(v('qcin', 'bool'), word, c.u32(0)));
      }),
    ];
    push(forLoop('st', 0, steps, chunks % threads === 0 ? inner : [if_(lt(add(mul(vi('st'), threads), vi('tid')), chunks), inner)], { unroll: steps }));
    // ldmatrix rows of `a` matrices i = ln >> 3: (rows +8·(i & 1), columns +8·(i >> 1))
    push(let_('qLane', I, add(add(mul(sub(vi('wr0'), vi('r0')), QS), mul(add(mul(and(shr(vi('ln'), 3), 1), 8), and(vi('ln'), 7)), QS)), mul(shr(vi('ln'), 4), 4))));
  }

  // ---- running statistics and the output accumulators
  push(
    ...slots.flatMap((k) => [letMut(`m${k}`, F, NEG_INF), letMut(`l${k}`, F, 0)]),
    alloc('oacc', F, MT * OB, 'private'),
    unrolled('i', MT * OB, [store('oacc', vi('i'), c.f32(0))]),
    alloc('sacc', F, MT * SB, 'private'),
    alloc('kf', U, 4, 'private'),
    alloc('vfr', U, 4, 'private'),
    alloc('pf', U, MT * 4, 'private'),
    // this lane's ldmatrix row: K (non-transposed) matrices i = ln >> 3 are (keys +8·(i>>1), d +8·(i&1)),
    // V (transposed) ones (keys +8·(i&1), dv +8·(i>>1))
    let_('kLane', I, add(mul(add(mul(shr(vi('ln'), 4), 8), and(vi('ln'), 7)), KS), mul(and(shr(vi('ln'), 3), 1), 4))),
    let_('vLane', I, add(mul(add(mul(and(shr(vi('ln'), 3), 1), 8), and(vi('ln'), 7)), VS), mul(shr(vi('ln'), 4), 4))),
  );

  // ---- staging of one K/V tile (keys tileIdx·BC ..) into buffer `buf`; keys past Skv are zero
  const stage = (tileIdx: Expr, buf: Expr): Stmt[] => {
    const out: Stmt[] = [];
    for (const [name, smem, width, stride] of [['k', 'sK', D, KS], ['v', 'sV', Dv, VS]] as const) {
      const chunksPerRow = width / 8;
      const chunks = BC * chunksPerRow;
      const steps = Math.ceil(chunks / threads);
      const x = `${name}c`;
      const inner: Stmt[] = [
        let_(`${x}i`, I, add(mul(vi('st'), threads), vi('tid'))),
        let_(`${x}r`, I, div(vi(`${x}i`), chunksPerRow)),
        let_(`${x}w`, I, rem(vi(`${x}i`), chunksPerRow)),
        let_(`${x}key`, I, add(mul(tileIdx, BC), vi(`${x}r`))),
        let_(`${x}in`, 'bool', lt(vi(`${x}key`), vi('Skv_'))),
        let_(`${x}row`, I, add(vi('kvRow0'), min(vi(`${x}key`), sub(vi('Skv_'), 1)))),
        let_(`${x}dst`, I, add(add(mul(buf, BC * stride), mul(vi(`${x}r`), stride)), mul(vi(`${x}w`), 4))),
      ];
      const inKey = v(`${x}in`, 'bool');
      const dst = vi(`${x}dst`);
      if (kv === 'f16') {
        // 8 f16 = 4 words = 16 bytes of row `row`, zero-filled past the last key
        inner.push(asyncCopy(smem, dst, name, add(mul(vi(`${x}row`), width / 2), mul(vi(`${x}w`), 4)), 16, select(inKey, 16, 0)));
      } else if (kv === 'f32') {
        const src = add(mul(vi(`${x}row`), width), mul(vi(`${x}w`), 8));
        inner.push(
          let_(`${x}lo`, vec(F, 4), load(name, src, vec(F, 4))),
          let_(`${x}hi`, vec(F, 4), load(name, add(src, 4), vec(F, 4))),
        );
        for (let w = 0; w < 4; w++) {
          const part = v(w < 2 ? `${x}lo` : `${x}hi`, vec(F, 4));
          const word = call('pack_f16x2', [lane(part, (2 * w) % 4), lane(part, (2 * w) % 4 + 1)], U);
          inner.push(store(smem, add(dst, w), select(inKey, word, c.u32(0))));
        }
      } else {
        // q8_0: 34-byte blocks of an f16 scale and 32 int8 codes; this chunk is codes 8·(w & 3) .. of block w >> 2
        const rowBytes = (width / 32) * 34;
        inner.push(
          let_(`${x}blk`, I, add(mul(vi(`${x}row`), rowBytes), mul(shr(vi(`${x}w`), 2), 34))),
          let_(`${x}d`, F, call('f16_to_f32', [cast(load(name, vi(`${x}blk`), 'u16'), U)], F)),
          let_(`${x}q`, I, add(add(vi(`${x}blk`), 2), mul(and(vi(`${x}w`), 3), 8))),
        );
        const code = (j: number) => mul(cast(load(name, add(vi(`${x}q`), j), 'i8'), F), vf(`${x}d`));
        for (let w = 0; w < 4; w++) {
          inner.push(store(smem, add(dst, w), select(inKey, call('pack_f16x2', [code(2 * w), code(2 * w + 1)], U), c.u32(0))));
        }
      }
      const guarded = chunks % threads === 0 ? inner : [if_(lt(add(mul(vi('st'), threads), vi('tid')), chunks), inner)];
      out.push(forLoop('st', 0, steps, guarded, { unroll: steps }));
    }
    return out;
  };

  const tiles = Array.from({ length: MT }, (_, mi) => mi);
  // accumulator element (mi, j, e) of n tile j: e & 1 the column pair, e >> 1 the row half
  const sIdx = (mi: number, e: number) => add(mul(vi('j'), 4), mi * SB + e);

  // ---- one tile: S = Q·Kᵀ, mask, online softmax, O += P·V
  const compute = (masked: boolean): Stmt[] => {
    const out: Stmt[] = [unrolled('i', MT * SB, [store('sacc', vi('i'), c.f32(0))])];
    out.push(unrolled('kk', D / 16, [
      ...(qInRegs ? [] : tiles.map((mi) => ldmatrix(frag('qf', mi * 4), 'sQ', add(add(vi('qLane'), mul(vi('kk'), 8)), mi * 16 * QS), 4))),
      unrolled('jp', BC / 16, [
        ldmatrix(frag('kf'), 'sK', add(add(add(vi('kBase'), mul(vi('jp'), 16 * KS)), mul(vi('kk'), 8)), vi('kLane')), 4),
        ...tiles.flatMap((mi) => {
          const a = frag('qf', qInRegs ? mul(vi('kk'), 4) : mi * 4);
          const s0 = add(mul(vi('jp'), 8), mi * SB);
          const s1 = add(mul(vi('jp'), 8), mi * SB + 4);
          return [mma(frag('sacc', s0), a, frag('kf', 0), frag('sacc', s0)), mma(frag('sacc', s1), a, frag('kf', 2), frag('sacc', s1))];
        }),
      ]),
    ]));
    if (masked) {
      // element e of n-tile j: key key0 + 8j + 2·t4 + (e & 1)
      const maskE: Stmt[] = [];
      for (const mi of tiles) {
        for (let e = 0; e < 4; e++) {
          const key = add(add(vi('key0'), mul(vi('j'), 8)), add(mul(vi('t4'), 2), e & 1));
          const p = add(vi('off'), positionOf(row(2 * mi + (e >> 1))));
          let ok = lt(key, vi('Skv_'));
          if (causal) ok = land(ok, le(key, p));
          if (window > 0) ok = land(ok, gt(key, sub(p, window)));
          maskE.push(store('sacc', sIdx(mi, e), select(ok, at('sacc', sIdx(mi, e)), c.f32(NEG_INF))));
        }
      }
      out.push(unrolled('j', BC / 8, maskE));
    }
    // row maxima over the tile: this lane's elements, then the 4 lanes of its quad
    out.push(...slots.map((k) => letMut(`x${k}`, F, NEG_INF)));
    out.push(unrolled('j', BC / 8, slots.map((k) => {
      const mi = k >> 1;
      const e0 = (k & 1) * 2;
      return assign(`x${k}`, max(vf(`x${k}`), max(at('sacc', sIdx(mi, e0)), at('sacc', sIdx(mi, e0 + 1)))));
    })));
    for (const k of slots) {
      const x = `x${k}`;
      out.push(
        assign(x, max(vf(x), subgroupShuffleXor(vf(x), 1))),
        assign(x, max(vf(x), subgroupShuffleXor(vf(x), 2))),
        let_(`mn${k}`, F, max(vf(`m${k}`), vf(x))),
        // a row that has seen no key yet keeps -inf: exponents relative to 0, so every p is 0
        let_(`ms${k}`, F, select(eq(vf(`mn${k}`), c.f32(NEG_INF)), c.f32(0), mul(vf(`mn${k}`), scale2))),
        let_(`al${k}`, F, call('exp2', [sub(mul(vf(`m${k}`), scale2), vf(`ms${k}`))], F)),
        assign(`m${k}`, vf(`mn${k}`)),
        assign(`l${k}`, mul(vf(`l${k}`), vf(`al${k}`))),
      );
    }
    const expE: Stmt[] = [];
    for (const mi of tiles) {
      for (let e = 0; e < 4; e++) {
        const k = 2 * mi + (e >> 1);
        const name = `pe${mi}_${e}`;
        expE.push(
          let_(name, F, call('exp2', [fma(at('sacc', sIdx(mi, e)), c.f32(scale2), sub(c.f32(0), vf(`ms${k}`)))], F)),
          store('sacc', sIdx(mi, e), vf(name)),
          assign(`l${k}`, add(vf(`l${k}`), vf(name))),
        );
      }
    }
    out.push(unrolled('j', BC / 8, expE));
    out.push(unrolled('j', Dv / 8, tiles.flatMap((mi) => [0, 1, 2, 3].map((e) => {
      const idx = add(mul(vi('j'), 4), mi * OB + e);
      return store('oacc', idx, mul(at('oacc', idx), vf(`al${2 * mi + (e >> 1)}`)));
    }))));
    // P as mma `a` words: keys 16·kk .. of rows g, g + 8 are elements of n-tiles 2kk and 2kk + 1
    const packP: Stmt[] = [];
    for (const mi of tiles) {
      for (let r = 0; r < 4; r++) {
        const tileBase = add(mul(vi('kk'), 8), mi * SB + (r >> 1) * 4 + (r & 1) * 2);
        packP.push(store('pf', mi * 4 + r, call('pack_f16x2', [at('sacc', tileBase), at('sacc', add(tileBase, 1))], U)));
      }
    }
    out.push(unrolled('kk', BC / 16, [
      ...packP,
      unrolled('np', Dv / 16, [
        ldmatrix(frag('vfr'), 'sV', add(add(add(vi('vBase'), mul(vi('kk'), 16 * VS)), mul(vi('np'), 8)), vi('vLane')), 4, true),
        ...tiles.flatMap((mi) => {
          const o0 = add(mul(vi('np'), 8), mi * OB);
          const o1 = add(mul(vi('np'), 8), mi * OB + 4);
          return [
            mma(frag('oacc', o0), frag('pf', mi * 4), frag('vfr', 0), frag('oacc', o0)),
            mma(frag('oacc', o1), frag('pf', mi * 4), frag('vfr', 2), frag('oacc', o1)),
          ];
        }),
      ]),
    ]));
    return out;
  };

  const async = kv === 'f16';
  push(...stage(vi('tLo'), i32(0)));
  if (async) push(asyncCommit());
  // a tile needs the element masks where it passes the end of the keys, the causal edge of the first row, or
  // the window edge of the last row
  const keyEnd = add(vi('key0'), BC - 1);
  let needsMask = ge(keyEnd, vi('Skv_'));
  if (causal) needsMask = lor(needsMask, gt(keyEnd, vi('p0')));
  if (window > 0) needsMask = lor(needsMask, le(vi('key0'), sub(vi('p1'), window)));
  push(forLoop('it', vi('tLo'), add(vi('tHi'), 1), [
    let_('buf', I, and(sub(vi('it'), vi('tLo')), 1)),
    if_(le(add(vi('it'), 1), vi('tHi')), stage(add(vi('it'), 1), xor(vi('buf'), 1))),
    ...(async ? [asyncCommit(), asyncWait(1)] : []),
    barrier(),
    let_('key0', I, mul(vi('it'), BC)),
    let_('kBase', I, mul(vi('buf'), BC * KS)),
    let_('vBase', I, mul(vi('buf'), BC * VS)),
    if_(needsMask, compute(true), compute(false)),
    barrier(),
  ]));

  // ---- o = acc / l (row sums over the quad)
  for (const k of slots) {
    push(
      assign(`l${k}`, add(vf(`l${k}`), subgroupShuffleXor(vf(`l${k}`), 1))),
      assign(`l${k}`, add(vf(`l${k}`), subgroupShuffleXor(vf(`l${k}`), 2))),
      let_(`inv${k}`, F, div(c.f32(1), vf(`l${k}`))),
      let_(`o${k}`, I, mul(qRowOf(row(k)), Dv)),
    );
  }
  const outE: Stmt[] = [];
  for (const k of slots) {
    const mi = k >> 1;
    const st: Stmt[] = [];
    for (let e = (k & 1) * 2, n = e + 2; e < n; e++) {
      st.push(store('o', add(vi(`o${k}`), add(add(mul(vi('j'), 8), mul(vi('t4'), 2)), e & 1)), mul(at('oacc', add(mul(vi('j'), 4), mi * OB + e)), vf(`inv${k}`))));
    }
    outE.push(if_(v(`ok${k}`, 'bool'), st));
  }
  push(unrolled('j', Dv / 8, outE));

  const kvElem = kv === 'f32' ? F : kv === 'f16' ? U : 'u8';
  return {
    name: PREFILL_MMA_ENTRY,
    model: 'simt',
    params: [
      bufferParam('q', F), bufferParam('k', kvElem), bufferParam('v', kvElem), bufferParam('o', F, 'write'),
      scalarParam('B'), scalarParam('Sq'), scalarParam('Skv'),
    ],
    workgroupSize: [threads, 1, 1],
    body,
  };
}

/** the artifact (contract of codegen-cpu/src/attention/emit.ts) of the tensor-core prefill */
export function emitPrefillMma(params: Params, cfg: PrefillMmaConfig, config: Readonly<Record<string, unknown>> = {}): KernelArtifact {
  const problem = prefillMmaProblem(params) ?? prefillMmaConfigProblem(params, cfg);
  if (problem) throw new InputError(`attention/cuda: ${problem}`);
  const kernel = lowerPrefillMma(params, cfg);
  const Hq = Number(params.Hq);
  const Hkv = Number(params.Hkv ?? Hq);
  const D = Number(params.D);
  const Dv = Number(params.Dv ?? D);
  const kv = String(params.kv ?? 'f32');
  const rowBytes = (w: number) => (kv === 'f32' ? 4 * w : kv === 'f16' ? 2 * w : (w / 32) * 34);
  const kvElem = kernel.params.find((p) => p.name === 'k')!;
  const elem = kvElem.kind === 'buffer' ? kvElem.elem : 'f32';
  const shared = dynamicSharedBytes(kernel);
  return {
    op: 'attention', target: 'cuda', params, config: { ...config, mma: 'tensor_core', block_q: cfg.block_q, block_kv: cfg.block_kv, workgroup_size: MMA_WARPS * 32 },
    language: TARGETS.cuda.language,
    arithmetic: 'half',
    files: { 'attention.cu': renderKernel(kernel, CUDA_DIALECT) },
    buffers: [
      { name: 'q', elem: 'f32', bytes: size.mul('B', Hq, 'Sq', D * 4), role: 'in' },
      { name: 'k', elem, bytes: size.mul('B', Hkv, 'Skv', rowBytes(D)), role: 'in' },
      { name: 'v', elem, bytes: size.mul('B', Hkv, 'Skv', rowBytes(Dv)), role: 'in' },
      { name: 'o', elem: 'f32', bytes: size.mul('B', Hq, 'Sq', Dv * 4), role: 'out' },
    ],
    scalars: [
      { name: 'B', type: 'i32', value: Number(params.B ?? 1) },
      { name: 'Sq', type: 'i32', value: Number(params.Sq) },
      { name: 'Skv', type: 'i32', value: Number(params.Skv) },
    ],
    dispatches: [{
      entry: kernel.name, args: kernel.params.map((p) => p.name),
      // grouped-query heads share a workgroup (lowerPrefillMma): rows over the kv head's Hq / Hkv heads
      grid: Hq === Hkv ? [Hq, size.cdiv('Sq', cfg.block_q), 'B'] : [Hkv, size.cdiv(size.mul('Sq', Hq / Hkv), cfg.block_q), 'B'], workgroup: [MMA_WARPS * 32, 1, 1],
      ...(shared > 0 ? { dynamicSharedBytes: shared } : {}),
    }],
  };
}

// ---- what the SIMT attention's knob space (knobs.ts) and emitter (emit.ts) take from this path

/** the values of the `mma` knob on a GPU target: 'tensor_core' on CUDA besides 'none' */
export function mmaKnobValues(target: string): readonly string[] {
  return target === 'cuda' ? ['none', 'tensor_core'] : ['none'];
}

/** block_q and block_kv values the tensor-core path adds to those knobs' domains */
export const MMA_KNOB_VALUES = { block_q: MMA_BLOCK_Q, block_kv: MMA_BLOCK_KV } as const;

/**
 * The knob check of a config with mma 'tensor_core' (undefined: valid): the params' head sizes, block_q and
 * block_kv, and the knobs the path has no use for at other values (one dispatch of 128 threads, f16 operands)
 */
export function tensorCoreConfigProblem(params: Params, config: Readonly<Record<string, unknown>>): string | undefined {
  const problem = prefillMmaProblem(params) ?? prefillMmaConfigProblem(params, { block_q: Number(config.block_q), block_kv: Number(config.block_kv) });
  if (problem) return problem;
  if (config.kv_splits !== undefined && Number(config.kv_splits) !== 1) return `mma 'tensor_core' takes kv_splits 1 (one dispatch over the query tiles), got ${String(config.kv_splits)}`;
  if (config.workgroup_size !== undefined && Number(config.workgroup_size) !== MMA_WARPS * 32) return `mma 'tensor_core' runs ${MMA_WARPS} warps, workgroup_size ${MMA_WARPS * 32}, got ${String(config.workgroup_size)}`;
  if (config.dot_path !== undefined && config.dot_path !== 'float') return `mma 'tensor_core' dequantizes q8_0 to f16 operands: dot_path 'float', got ${String(config.dot_path)}`;
  return undefined;
}

/** the tensor-core knobs of the CUDA prefill default, where the path serves the params (Sq of a whole tile or more) */
export function tensorCoreDefaults(target: string, params: Params): { readonly mma: 'tensor_core'; readonly block_q: number; readonly block_kv: number; readonly kv_splits: 1; readonly workgroup_size: number } | undefined {
  if (target !== 'cuda' || Number(params.Sq) < 16 || prefillMmaProblem(params)) return undefined;
  return { mma: 'tensor_core', ...defaultPrefillMmaConfig(params), kv_splits: 1, workgroup_size: MMA_WARPS * 32 };
}
