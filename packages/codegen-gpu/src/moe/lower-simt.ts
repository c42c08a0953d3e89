/**
 * moe for the SIMT class (CUDA, OpenCL, Vulkan, WebGPU, Metal): the dispatches of the 'gather' variant.
 *
 * 1. `moe_logits` (routing 'router'): logits[t, e] = router[e] · x[t] over (expert pairs, token quads), the
 *    router rows read as gemv reads an f32 weight (weight-chunks.ts), so they stream over many workgroups.
 * 2. `moe_route`: one workgroup per token: each thread ranks its experts against all others (strictly larger
 *    logits, or equal ones at a lower index, come first: SPEC's tie rule without a sequential scan), the
 *    topk ranks become the slots, weights exp(l - lmax) over the sum of all (or of the chosen, normTopk).
 * 3. `moe_group`: one workgroup: per expert its count of routed (token, slot) pairs, exclusive offsets, the
 *    active experts in ascending order, and the stable permutation of pairs by expert (perm) with its
 *    inverse (pos; -1 for a given id outside [0, E)), all in the i32 scratch `moe_meta`.
 * 4. `moe_gate_up` over (row blocks of I, active expert slot < min(E, T·topk)): the workgroup's rows of
 *    gate and up are read once per m_tile of the expert's tokens (each loaded chunk serves them all), the
 *    threads split H into chunks as gemv does, partial sums reduced as gemv's (`workgroupSums`), then
 *    silu(gate)·up to `moe_hidden` at the pair's position.
 * 5. `moe_down` likewise over row blocks of H with the hidden rows, times the pair's routing weight, to
 *    `moe_partial` at the pair's position.
 * 6. `moe_combine`: y[t] = Σ_r partial[pos(t, r)] in slot order (no atomics).
 *
 * Options: dot_path 'int8' runs both expert kernels on gemv's int8 arithmetic (`int8ChunkDot`: each
 * thread quantizes the activation block of its chunk in registers, once for all its rows, and multiplies
 * the codes by dot4_i8); fuse_route_group (CUDA) does 2 and 3 in one workgroup (`lowerRouteGroup`);
 * fuse_down_combine does 5 and 6 per token (`lowerDownCombine`): decode's 6 dispatches become 4.
 * pair_grid (with the fused down) runs gate_up per routed pair, its expert read from the ids, so 3 goes;
 * route_in_gate_up (CUDA, with it) finds each pair's expert by warp shuffles in gate_up, so 2 goes too
 * (`warpTopK`); router_prefetch issues the logits kernel's router loads before its dependent-launch wait.
 *
 * Workgroups whose slot has no expert, and token tiles past an expert's count, compute nothing and store
 * nothing. Barriers stay in workgroup-uniform control flow: loop bounds that come from memory (an
 * expert's count) are used only where the target does not demand uniformity analysis (WGSL iterates up
 * to T·topk and predicates the work).
 */
import type { Expr, Kernel, KernelParam, Stmt, WeightFormatName } from '@kforge/ir';
import {
  FORMATS, add, alloc, assign, barrier, bufferParam, c, comment, div, eq, fma, forLoop, ge, gridDependency, gt, if_, land, let_, letMut, load, lor,
  lt, max, min, mul, param, rem, scalarParam, select, special, store, sub, subgroupShuffleXor, unary, v,
} from '@kforge/ir';
import type { SimtCaps } from '../gemv/knobs.ts';
import { int8ChunkDot, readF32Run, shiftedDotOf, sumOf, workgroupSums } from '../gemv/lower-simt.ts';
import type { ActivationRef } from '../common/activations.ts';
import { chunkLayout, type ChunkLayout, type WeightChunk } from '../gemv/weight-chunks.ts';
import { threadsFor, type MoeShape, type MoeSimtConfig } from './knobs.ts';
import { TILE_FIELDS, lowerDownMma, lowerGateUpMma, lowerXHalf, tilesBaseOf } from './tiled-mma.ts';

const I32 = 'i32';
const F32 = 'f32';
const U32 = 'u32';

export const LOGITS_ENTRY = 'moe_logits';
export const ROUTE_ENTRY = 'moe_route';
export const ROUTE_GROUP_ENTRY = 'moe_route_group';
export const GROUP_ENTRY = 'moe_group';
export const GATE_UP_ENTRY = 'moe_gate_up';
export const DOWN_ENTRY = 'moe_down';
export const DOWN_COMBINE_ENTRY = 'moe_down_combine';
export const COMBINE_ENTRY = 'moe_combine';

/** scratch buffers */
export const LOGITS = 'moe_scores';
export const ROUTE_IDS = 'moe_ids';
export const ROUTE_WEIGHTS = 'moe_w';
export const META = 'moe_meta';
export const HIDDEN = 'moe_hidden';
export const PARTIAL = 'moe_partial';

/** router rows and tokens per workgroup of the logits dispatch */
export const LOGITS_ROWS = 2;
export const LOGITS_TOKENS = 4;
/** threads of the combine dispatch */
export const COMBINE_WORKGROUP = 256;

/**
 * `moe_meta` (i32): [0] the number of active experts; then the active experts in ascending order (E
 * entries, 0 past the count); per expert its offset and its count; the permutation (T·topk positions ->
 * pair t·topk + r); its inverse (pair -> position, -1 when the pair's id is out of range).
 */
export function metaLayout(E: number) {
  return { active: 1, offsets: 1 + E, counts: 1 + 2 * E, perm: 1 + 3 * E };
}

const pairs = (shape: MoeShape): Expr => mul(param('T'), shape.topk);

/** the kernel parameters of a stored expert weight (planar formats add their f16 planes as u32 words) */
function weightParams(shape: MoeShape, name: string): KernelParam[] {
  const format = FORMATS[shape.weight];
  const out = [bufferParam(name, format.kind === 'dense' && format.name === 'f32' ? F32 : U32)];
  if (format.kind === 'planar') out.push(bufferParam(`${name}_scale`, U32), bufferParam(`${name}_min`, U32));
  return out;
}

/** the weight format dotLoop takes the int8 path for (dot_path 'int8'), undefined on the float path */
const int8Of = (shape: MoeShape, cfg: MoeSimtConfig): WeightFormatName | undefined => (cfg.dot_path === 'int8' ? shape.weight : undefined);

/** the ids the group reads: the router's (scratch) or the given ones */
const idsBuffer = (shape: MoeShape): string => (shape.routing === 'router' ? ROUTE_IDS : 'ids');
const weightsBuffer = (shape: MoeShape): string => (shape.routing === 'router' ? ROUTE_WEIGHTS : 'weights');

/** one row a dot job reads: its chunk layout (weight buffer) and its row index */
interface JobRow {
  readonly layout: ChunkLayout;
  readonly row: Expr;
  readonly tag: string;
}

/**
 * Per thread, Σ over its chunks of rows[r] · activation row m, into accumulators `acc(r, m)` (declared
 * here): chunks tid, tid + threads, ... of K (k_unroll at a time: the weight loads of every row first,
 * then per token the activation values once for all rows), the float arithmetic of gemv's chunk step.
 */
function dotLoop(
  rows: readonly JobRow[], K: number, M: number, xBuffer: string, xRow: (m: number) => Expr, acc: (r: number, m: number) => string,
  threads: number, unroll: number, caps: SimtCaps, int8?: WeightFormatName, lane: Expr = v('tid', I32), afterLoads: readonly Stmt[] = [],
): { decls: Stmt[]; loop: Stmt[] } {
  const layout = rows[0]!.layout;
  const Kx = c.i32(K);
  const step = (chunks: readonly Expr[], tag: string): Stmt[] => {
    const loads: Stmt[] = [];
    const math: Stmt[] = [];
    const read: WeightChunk[][] = chunks.map((chunk, u) => rows.map((row) => {
      const w = row.layout.read(chunk, row.row, Kx, `w${row.tag}${tag}${u}`);
      loads.push(...w.stmts);
      return w;
    }));
    chunks.forEach((chunk, u) => {
      const runs = layout.runs(chunk);
      for (let m = 0; m < M; m++) {
        if (int8) {
          // gemv's int8 chunk arithmetic: the activation block quantized in registers once for all the rows
          const x: ActivationRef = { buffer: xBuffer, rows: c.i32(1), K: Kx, codes: `${xBuffer}_q`, scales: `${xBuffer}_s` };
          int8ChunkDot({
            layout, weight: int8, act: 'f32', quantize: 'registers', x, runs, start: (run) => add(xRow(m), run.k),
            rows: read[u]!, acc: (r) => acc(r, m), id: `${tag}${u}_${m}`,
          }, caps, math);
          continue;
        }
        const xs = runs.flatMap((run, j) => readF32Run(xBuffer, add(xRow(m), run.k), run.len, caps, `x${tag}${u}_${m}_${j}`, math));
        const sumName = `sx${tag}${u}_${m}`;
        if (layout.hasMin) math.push(let_(sumName, F32, sumOf(xs)));
        rows.forEach((_, r) => {
          const w = read[u]![r]!;
          const a = v(acc(r, m), F32);
          if (!w.scale) {
            let next: Expr = a;
            w.values.forEach((value, e) => { next = fma(value, xs[e]!, next); });
            math.push(assign(acc(r, m), next));
            return;
          }
          let next = fma(w.scale, shiftedDotOf(w.values, w.shifts, xs), a);
          if (w.min) next = fma(w.min, v(sumName, F32), next);
          math.push(assign(acc(r, m), next));
        });
      }
    });
    return [...loads, ...afterLoads, ...math];
  };
  const decls: Stmt[] = [];
  for (let m = 0; m < M; m++) rows.forEach((_, r) => decls.push(letMut(acc(r, m), F32, c.f32(0))));
  const out: Stmt[] = [let_('chunks', I32, layout.chunksPerRow(Kx))];
  const tid = lane;
  if (unroll === 1) {
    out.push(forLoop('chunk', tid, v('chunks', I32), step([v('chunk', I32)], 't'), { step: threads }));
    return { decls, loop: out };
  }
  const span = threads * unroll;
  out.push(let_('chunks_main', I32, mul(div(v('chunks', I32), span), span)));
  const unrolled = Array.from({ length: unroll }, (_, u) => add(add(v('k_step', I32), tid), u * threads));
  out.push(forLoop('k_step', 0, v('chunks_main', I32), step(unrolled, 'u'), { step: span }));
  out.push(forLoop('chunk', add(v('chunks_main', I32), tid), v('chunks', I32), step([v('chunk', I32)], 't'), { step: threads }));
  return { decls, loop: out };
}

/** workgroup arrays of a statement list moved to the kernel's top (OpenCL and MSL declare them at kernel scope) */
function hoistAllocs(stmts: readonly Stmt[]): { allocs: Stmt[]; rest: Stmt[] } {
  return { allocs: stmts.filter((s) => s.op === 'alloc'), rest: stmts.filter((s) => s.op !== 'alloc') };
}

const chunksOf = (layout: ChunkLayout, K: number): number => {
  const e = layout.chunksPerRow(c.i32(K));
  return e.op === 'const' ? e.value : Math.ceil(K / layout.elems);
};

/**
 * logits[t, e] = router[e] · x[t] for LOGITS_ROWS experts x LOGITS_TOKENS tokens per workgroup. With
 * router_prefetch (dependent launch) every chunk of a thread is loaded in one step whose router loads come
 * before the wait for the previous grid: the router does not change, so its latency overlaps that grid's tail.
 */
export function lowerLogits(shape: MoeShape, cfg: MoeSimtConfig, caps: SimtCaps): Kernel {
  const { H, E } = shape;
  const width = H % 4 === 0 ? 16 : 4;
  const layout = chunkLayout(FORMATS.f32, width, caps.vectorLoads, 'router');
  const chunks = chunksOf(layout, H);
  const threads = threadsFor(cfg, chunks, caps);
  const prefetch = cfg.router_prefetch && cfg.dependent_launch;
  // (at most 4 chunks a thread: 2 rows x 4 float4 of router in registers)
  let unroll = 1;
  while (prefetch && unroll < 4 && threads * unroll * 2 <= chunks) unroll *= 2;
  const wait: Stmt[] = prefetch ? [gridDependency('wait')] : [];
  const RE = LOGITS_ROWS;
  const TB = LOGITS_TOKENS;
  const T = param('T');
  const acc = (r: number, m: number) => `acc_${r}_${m}`;
  const body: Stmt[] = [
    comment(`router logits: ${RE} experts x ${TB} tokens per workgroup, ${threads} threads, ${width}-byte loads`),
    let_('tid', I32, special('thread_id')),
    let_('e0', I32, mul(special('group_id'), RE)),
    let_('t0', I32, mul(special('group_id', 1), TB)),
  ];
  const rows: JobRow[] = Array.from({ length: RE }, (_, r) => {
    body.push(let_(`row_${r}`, I32, min(add(v('e0', I32), r), E - 1)));
    return { layout, row: v(`row_${r}`, I32), tag: `r${r}_` };
  });
  for (let m = 0; m < TB; m++) body.push(let_(`tok_${m}`, I32, min(add(v('t0', I32), m), sub(T, 1))));
  const dots = dotLoop(rows, H, TB, 'x', (m) => mul(v(`tok_${m}`, I32), H), acc, threads, unroll, caps, undefined, v('tid', I32), wait);
  // (threads past the last chunk wait here: x and the stores come after the previous grid)
  body.push(...dots.decls, ...dots.loop, ...wait);
  const sums = workgroupSums({ rows: RE, M: TB, workgroupSize: threads, subgroupReduce: cfg.subgroup_reduce, acc }, caps);
  body.push(...sums.stmts);
  const o = v('o', I32);
  body.push(forLoop('o', v('tid', I32), RE * TB, [
    ...sums.totalOf(o),
    let_('e', I32, add(v('e0', I32), rem(o, RE))),
    let_('t', I32, add(v('t0', I32), div(o, RE))),
    if_(land(lt(v('e', I32), E), lt(v('t', I32), T)), [store(LOGITS, add(mul(v('t', I32), E), v('e', I32)), v('total', F32))]),
  ], { step: threads }));
  return {
    name: LOGITS_ENTRY, model: 'simt',
    params: [bufferParam('x', F32), bufferParam('router', F32), bufferParam(LOGITS, F32, 'write'), scalarParam('T')],
    body, workgroupSize: [threads, 1, 1],
  };
}

/** threads of the route and group dispatches */
export function smallWorkgroup(E: number, caps: SimtCaps): number {
  let t = 32;
  while (t < E && t < Math.min(256, caps.maxWorkgroup)) t *= 2;
  return t;
}

/** one workgroup per token: top-k by rank (ties to the lower index) and the softmax weights */
export function lowerRoute(shape: MoeShape, caps: SimtCaps): Kernel {
  const { E, topk } = shape;
  const W = smallWorkgroup(E, caps);
  const body: Stmt[] = [
    comment(`top-${topk} of ${E} router logits per token (rank: larger logits, or equal ones at a lower index, first)${shape.normTopk ? ', weights renormalized' : ''}`),
    alloc('lg', F32, E, 'workgroup'),
    alloc('pe', F32, E, 'workgroup'),
    alloc('rk', I32, E, 'workgroup'),
    let_('tid', I32, special('thread_id')),
    ...routeToken(shape, v('tid', I32), W, add(special('group_id'), mul(special('group_id', 1), special('num_groups')))),
  ];
  return {
    name: ROUTE_ENTRY, model: 'simt',
    params: [bufferParam(LOGITS, F32), bufferParam(ROUTE_IDS, I32, 'write'), bufferParam(ROUTE_WEIGHTS, F32, 'write'), scalarParam('T')],
    body, workgroupSize: [W, 1, 1],
  };
}

/**
 * The routing of token `tRaw` (clamped to T - 1; nothing stored past T) by `W` threads whose expert lane
 * is `lane`, in the workgroup arrays lg, pe and rk from element `base` (E each).
 */
function routeToken(shape: MoeShape, lane: Expr, W: number, tRaw: Expr, base?: Expr): Stmt[] {
  const { E, topk } = shape;
  const T = param('T');
  const e = v('e', I32);
  const f = (n: string) => v(n, F32);
  const at = (i: Expr | number): Expr | number => (base ? add(base, i) : i);
  const sumOver = (name: string, chosenOnly: boolean): Stmt[] => [
    letMut(name, F32, c.f32(0)),
    forLoop('e2', 0, E, [assign(name, add(f(name), chosenOnly
      ? select(lt(load('rk', at(v('e2', I32)), I32), topk), load('pe', at(v('e2', I32)), F32), c.f32(0))
      : load('pe', at(v('e2', I32)), F32)))]),
  ];
  return [
    let_('t_raw', I32, tRaw),
    let_('t', I32, min(v('t_raw', I32), sub(T, 1))),
    forLoop('e', lane, E, [store('lg', at(e), load(LOGITS, add(mul(v('t', I32), E), e), F32))], { step: W }),
    barrier(),
    forLoop('e', lane, E, [
      let_('l', F32, load('lg', at(e), F32)),
      letMut('mx', F32, load('lg', at(0), F32)),
      letMut('rank', I32, c.i32(0)),
      forLoop('e2', 0, E, [
        let_('l2', F32, load('lg', at(v('e2', I32)), F32)),
        assign('mx', max(f('mx'), f('l2'))),
        assign('rank', add(v('rank', I32), select(lor(gt(f('l2'), f('l')), land(eq(f('l2'), f('l')), lt(v('e2', I32), e))), c.i32(1), c.i32(0)))),
      ]),
      store('pe', at(e), unary('exp', sub(f('l'), f('mx')))),
      store('rk', at(e), v('rank', I32)),
    ], { step: W }),
    barrier(),
    forLoop('e', lane, E, [
      let_('r', I32, load('rk', at(e), I32)),
      if_(land(lt(v('r', I32), topk), lt(v('t_raw', I32), T)), [
        ...sumOver('den', shape.normTopk),
        store(ROUTE_IDS, add(mul(v('t', I32), topk), v('r', I32)), e),
        store(ROUTE_WEIGHTS, add(mul(v('t', I32), topk), v('r', I32)), div(load('pe', at(e), F32), f('den'))),
      ]),
    ], { step: W }),
  ];
}

/** tokens the fused route + group routes at once (each E-wide lane group one token), 1024 threads at most */
export const routeGroupTokens = (E: number, caps: SimtCaps): number => Math.max(1, Math.floor(Math.min(1024, caps.maxWorkgroup) / smallWorkgroup(E, caps)));

/**
 * fuse_route_group (CUDA): one workgroup routes the tokens, routeGroupTokens at a time (a lane group of
 * smallWorkgroup(E) threads per token), then groups the pairs as `lowerGroup` does, reading the ids this
 * workgroup stored: __syncthreads orders global memory within the block (ids and weights are readwrite,
 * so no non-coherent loads).
 */
export function lowerRouteGroup(shape: MoeShape, caps: SimtCaps, tileM?: number): Kernel {
  const { E, topk } = shape;
  const W = smallWorkgroup(E, caps);
  const TP = routeGroupTokens(E, caps);
  const threads = W * TP;
  const group = lowerGroup(shape, caps, tileM, threads);
  const body: Stmt[] = [
    comment(`route ${TP} tokens at a time (top-${topk} of ${E}${shape.normTopk ? ', renormalized' : ''}), then group the pairs: one workgroup of ${threads}`),
    alloc('lg', F32, E * TP, 'workgroup'),
    alloc('pe', F32, E * TP, 'workgroup'),
    alloc('rk', I32, E * TP, 'workgroup'),
    let_('tid', I32, special('thread_id')),
    let_('tok_lane', I32, div(v('tid', I32), W)),
    let_('e_lane', I32, rem(v('tid', I32), W)),
    forLoop('t0', 0, param('T'), [
      ...routeToken(shape, v('e_lane', I32), W, add(v('t0', I32), v('tok_lane', I32)), mul(v('tok_lane', I32), E)),
      // the next pass overwrites lg, pe and rk
      barrier(),
    ], { step: TP }),
    ...group.body.filter((st) => !(st.op === 'let' && st.name === 'tid')),
  ];
  return {
    name: ROUTE_GROUP_ENTRY, model: 'simt',
    params: [bufferParam(LOGITS, F32), bufferParam(ROUTE_IDS, I32, 'readwrite'), bufferParam(ROUTE_WEIGHTS, F32, 'write'), bufferParam(META, I32, 'write'), scalarParam('T')],
    body, workgroupSize: [threads, 1, 1],
  };
}

/**
 * one workgroup: counts, offsets, active experts, the stable permutation by expert and its inverse; with
 * `tileM` (variant 'tiled') also the tile list of tiled-mma.ts after them: its length, then per expert in
 * ascending order cdiv(count, tileM) tiles of (expert, first position, rows)
 */
export function lowerGroup(shape: MoeShape, caps: SimtCaps, tileM?: number, threads?: number): Kernel {
  const { E } = shape;
  // (threads: the fused route + group's workgroup, wider than E)
  const W = threads ?? smallWorkgroup(E, caps);
  const lay = metaLayout(E);
  const P = pairs(shape);
  const tid = v('tid', I32);
  const e = v('e', I32);
  const p = v('p', I32);
  const ids = idsBuffer(shape);
  const id = load(ids, p, I32);
  const tilesOf = (n: Expr): Expr => div(add(n, (tileM ?? 1) - 1), tileM ?? 1);
  const tiles = tileM === undefined ? undefined : tilesBaseOf(shape, lay.perm);
  const body: Stmt[] = [
    comment(`group the T x ${shape.topk} routed pairs by expert (${E} experts): counts, offsets, active list, permutation`),
    alloc('cnt', I32, E, 'workgroup'),
    let_('tid', I32, special('thread_id')),
    let_('P', I32, P),
    forLoop('e', tid, E, [
      letMut('n', I32, c.i32(0)),
      forLoop('p', 0, v('P', I32), [assign('n', add(v('n', I32), select(eq(id, e), c.i32(1), c.i32(0))))]),
      store('cnt', e, v('n', I32)),
    ], { step: W }),
    barrier(),
    // every thread counts the active experts (a serial pass over E: the same order everywhere)
    letMut('n_active', I32, c.i32(0)),
    forLoop('e2', 0, E, [assign('n_active', add(v('n_active', I32), select(gt(load('cnt', v('e2', I32), I32), 0), c.i32(1), c.i32(0))))]),
    if_(eq(tid, 0), [store(META, 0, v('n_active', I32))]),
    ...(tiles ? [
      letMut('n_tiles', I32, c.i32(0)),
      forLoop('e2', 0, E, [assign('n_tiles', add(v('n_tiles', I32), tilesOf(load('cnt', v('e2', I32), I32))))]),
      if_(eq(tid, 0), [store(META, tiles, v('n_tiles', I32))]),
    ] : []),
    forLoop('e', tid, E, [
      letMut('off', I32, c.i32(0)),
      letMut('before', I32, c.i32(0)),
      ...(tiles ? [letMut('tb', I32, c.i32(0))] : []),
      forLoop('e2', 0, e, [
        let_('n2', I32, load('cnt', v('e2', I32), I32)),
        assign('off', add(v('off', I32), v('n2', I32))),
        assign('before', add(v('before', I32), select(gt(v('n2', I32), 0), c.i32(1), c.i32(0)))),
        ...(tiles ? [assign('tb', add(v('tb', I32), tilesOf(v('n2', I32))))] : []),
      ]),
      let_('n', I32, load('cnt', e, I32)),
      store(META, add(e, lay.offsets), v('off', I32)),
      store(META, add(e, lay.counts), v('n', I32)),
      if_(gt(v('n', I32), 0), [store(META, add(v('before', I32), lay.active), e)]),
      if_(ge(e, v('n_active', I32)), [store(META, add(e, lay.active), c.i32(0))]),
      ...(tiles ? [forLoop('k', 0, tilesOf(v('n', I32)), [
        let_('tw', I32, add(add(tiles, 1), mul(add(v('tb', I32), v('k', I32)), TILE_FIELDS))),
        store(META, v('tw', I32), e),
        store(META, add(v('tw', I32), 1), add(v('off', I32), mul(v('k', I32), tileM!))),
        store(META, add(v('tw', I32), 2), min(sub(v('n', I32), mul(v('k', I32), tileM!)), tileM!)),
      ])] : []),
      letMut('j', I32, v('off', I32)),
      forLoop('p', 0, v('P', I32), [
        if_(eq(id, e), [
          store(META, add(v('j', I32), lay.perm), p),
          store(META, add(add(p, lay.perm), v('P', I32)), v('j', I32)),
          assign('j', add(v('j', I32), 1)),
        ]),
      ]),
    ], { step: W }),
    // pairs whose given id is out of range are in no expert: position -1
    forLoop('p', tid, v('P', I32), [
      let_('bad', I32, id),
      if_(lor(lt(v('bad', I32), 0), ge(v('bad', I32), E)), [store(META, add(add(p, lay.perm), v('P', I32)), c.i32(-1))]),
    ], { step: W }),
  ];
  return {
    name: GROUP_ENTRY, model: 'simt',
    params: [bufferParam(ids, I32), bufferParam(META, I32, 'write'), scalarParam('T')],
    body, workgroupSize: [W, 1, 1],
  };
}

/**
 * The common frame of gate_up and down: the workgroup's active expert slot (group y) and row block (group
 * x), its expert's offset and count, and the loop over m_tile of its tokens around `tile`.
 */
function expertFrame(
  shape: MoeShape, cfg: MoeSimtConfig, uniformLoops: boolean, N: number,
  tile: (pos: (m: number) => Expr) => { decls: Stmt[]; work: Stmt[]; sums: Stmt[]; writes: Stmt[] },
): Stmt[] {
  const { E } = shape;
  const lay = metaLayout(E);
  const R = cfg.rows;
  const MT = cfg.m_tile;
  const cnt = v('cnt', I32);
  const head: Stmt[] = [
    let_('tid', I32, special('thread_id')),
    // (pair_grid: the loop over the pairs names the slot)
    ...(cfg.pair_grid ? [] : [let_('slot', I32, special('group_id', 1))]),
    let_('n0', I32, mul(special('group_id'), R)),
  ];
  if (cfg.pair_grid && cfg.route_in_gate_up) {
    head.push(...warpTopK(shape));
  } else if (cfg.pair_grid) {
    // slot = the pair t·topk + r, its own position; an id out of range (given routing) computes nothing
    head.push(
      let_('id', I32, load(idsBuffer(shape), v('slot', I32), I32)),
      let_('e', I32, max(min(v('id', I32), E - 1), 0)),
      let_('off', I32, v('slot', I32)),
      let_('cnt', I32, select(land(ge(v('id', I32), 0), lt(v('id', I32), E)), c.i32(1), c.i32(0))),
    );
  } else {
    head.push(
      let_('n_active', I32, load(META, 0, I32)),
      let_('e', I32, max(min(load(META, add(min(v('slot', I32), E - 1), lay.active), I32), E - 1), 0)),
      let_('off', I32, load(META, add(v('e', I32), lay.offsets), I32)),
      let_('cnt', I32, select(lt(v('slot', I32), v('n_active', I32)), load(META, add(v('e', I32), lay.counts), I32), c.i32(0))),
    );
  }
  // rows past N are clamped (a copy of row N-1, never stored): no divergent loads
  for (let r = 0; r < R; r++) head.push(let_(`nr_${r}`, I32, min(add(v('n0', I32), r), N - 1)));
  const mt = v('mt', I32);
  const inner: Stmt[] = [];
  for (let m = 0; m < MT; m++) inner.push(let_(`j_${m}`, I32, add(v('off', I32), max(min(add(mt, m), sub(cnt, 1)), 0))));
  const { decls, work, sums, writes } = tile((m) => v(`j_${m}`, I32));
  const hoisted = hoistAllocs(sums);
  // (pair_grid: one pass, its work predicated, so the barriers stay uniform on every target)
  const predicated = uniformLoops || cfg.pair_grid;
  inner.push(...decls, ...(predicated ? [if_(lt(mt, cnt), work)] : work), ...hoisted.rest, ...writes, barrier());
  const frame = [...head, forLoop('mt', 0, cfg.pair_grid ? 1 : uniformLoops ? pairs(shape) : cnt, inner, { step: MT })];
  // pair_grid: a workgroup takes every num_groups(1)-th pair (a grid dimension holds at most 65535 groups)
  if (cfg.pair_grid) return [...hoisted.allocs, forLoop('slot', special('group_id', 1), pairs(shape), frame, { step: special('num_groups', 1) })];
  return [...hoisted.allocs, ...frame];
}

/**
 * route_in_gate_up: the expert of pair `slot` (token slot / topk, rank slot % topk), found by every warp
 * alone: each lane holds the logits of experts lane, lane + 32, ...; topk rounds of a warp arg-max (larger
 * logit, or an equal one at a lower index: SPEC's tie rule) each take one expert out. The weight is
 * exp(l - lmax) over the sum of all (or of the chosen, normTopk); the first row block's thread 0 stores
 * the pair's id and weight for the down. Defines e, off (= slot) and cnt (1).
 */
function warpTopK(shape: MoeShape): Stmt[] {
  const { E, topk } = shape;
  const L = Math.ceil(E / 32);
  const f = (n: string) => v(n, F32);
  const i = (n: string) => v(n, I32);
  const out: Stmt[] = [
    let_('rt', I32, div(i('slot'), topk)),
    let_('rr', I32, rem(i('slot'), topk)),
    let_('rlane', I32, special('subgroup_lane')),
  ];
  for (let k = 0; k < L; k++) {
    const e = add(i('rlane'), 32 * k);
    out.push(
      let_(`re_${k}`, I32, e),
      let_(`rl_${k}`, F32, select(lt(i(`re_${k}`), E), load(LOGITS, add(mul(i('rt'), E), min(i(`re_${k}`), E - 1)), F32), c.f32(-Infinity))),
      // lanes past E hold nothing to take
      letMut(`rtk_${k}`, I32, select(lt(i(`re_${k}`), E), c.i32(0), c.i32(1))),
    );
  }
  out.push(letMut('sel', I32, c.i32(0)), letMut('psel', F32, c.f32(0)), letMut('psum', F32, c.f32(0)));
  for (let r = 0; r < topk; r++) {
    out.push(letMut(`bv_${r}`, F32, c.f32(-Infinity)), letMut(`bi_${r}`, I32, c.i32(E)));
    for (let k = 0; k < L; k++) {
      const better = land(eq(i(`rtk_${k}`), 0), lor(gt(f(`rl_${k}`), f(`bv_${r}`)), land(eq(f(`rl_${k}`), f(`bv_${r}`)), lt(i(`re_${k}`), i(`bi_${r}`)))));
      out.push(let_(`rb_${r}_${k}`, 'bool', better),
        assign(`bv_${r}`, select(v(`rb_${r}_${k}`, 'bool'), f(`rl_${k}`), f(`bv_${r}`))),
        assign(`bi_${r}`, select(v(`rb_${r}_${k}`, 'bool'), i(`re_${k}`), i(`bi_${r}`))));
    }
    for (const m of [16, 8, 4, 2, 1]) {
      const ov = `ov_${r}_${m}`;
      const oi = `oi_${r}_${m}`;
      out.push(
        let_(ov, F32, subgroupShuffleXor(f(`bv_${r}`), m)),
        let_(oi, I32, subgroupShuffleXor(i(`bi_${r}`), m)),
        let_(`ob_${r}_${m}`, 'bool', lor(gt(f(ov), f(`bv_${r}`)), land(eq(f(ov), f(`bv_${r}`)), lt(i(oi), i(`bi_${r}`))))),
        assign(`bv_${r}`, select(v(`ob_${r}_${m}`, 'bool'), f(ov), f(`bv_${r}`))),
        assign(`bi_${r}`, select(v(`ob_${r}_${m}`, 'bool'), i(oi), i(`bi_${r}`))),
      );
    }
    for (let k = 0; k < L; k++) out.push(assign(`rtk_${k}`, select(eq(i(`re_${k}`), i(`bi_${r}`)), c.i32(1), i(`rtk_${k}`))));
    // the first arg-max is the largest logit
    if (r === 0) out.push(let_('rmax', F32, f('bv_0')));
    out.push(
      let_(`rp_${r}`, F32, unary('exp', sub(f(`bv_${r}`), f('rmax')))),
      assign('psum', add(f('psum'), f(`rp_${r}`))),
      assign('sel', select(eq(i('rr'), r), i(`bi_${r}`), i('sel'))),
      assign('psel', select(eq(i('rr'), r), f(`rp_${r}`), f('psel'))),
    );
  }
  let den: Expr = f('psum');
  if (!shape.normTopk) {
    // the sum over every expert: each lane's, then the warp's
    let lanes: Expr = c.f32(0);
    for (let k = 0; k < L; k++) lanes = add(lanes, select(lt(i(`re_${k}`), E), unary('exp', sub(f(`rl_${k}`), f('rmax'))), c.f32(0)));
    out.push(let_('rs_0', F32, lanes));
    let prev = 'rs_0';
    for (const m of [16, 8, 4, 2, 1]) {
      out.push(let_(`rs_${m}`, F32, add(f(prev), subgroupShuffleXor(f(prev), m))));
      prev = `rs_${m}`;
    }
    den = f(prev);
  }
  out.push(
    if_(land(eq(special('group_id'), 0), eq(special('thread_id'), 0)), [
      store(ROUTE_IDS, i('slot'), i('sel')),
      store(ROUTE_WEIGHTS, i('slot'), div(f('psel'), den)),
    ]),
    let_('e', I32, i('sel')),
    let_('off', I32, i('slot')),
    let_('cnt', I32, c.i32(1)),
  );
  return out;
}

/** the write loop of a tile: outputs o = m·R + r in steps of the workgroup, stored where the token and row exist */
function tileWrites(cfg: MoeSimtConfig, N: number, threads: number, store_: (o: Expr, m: Expr, n: Expr) => Stmt[]): Stmt[] {
  const R = cfg.rows;
  const o = v('o', I32);
  return [forLoop('o', v('tid', I32), R * cfg.m_tile, [
    let_('n', I32, add(v('n0', I32), rem(o, R))),
    let_('m', I32, div(o, R)),
    if_(land(lt(add(v('mt', I32), v('m', I32)), v('cnt', I32)), lt(v('n', I32), N)), store_(o, v('m', I32), v('n', I32))),
  ], { step: threads })];
}

/** position j_m of the tile's token m, picked by a runtime m (registers cannot be indexed) */
function pickPosition(MT: number, m: Expr): Expr {
  let out: Expr = v('j_0', I32);
  for (let i = 1; i < MT; i++) out = select(eq(m, i), v(`j_${i}`, I32), out);
  return out;
}

/** hidden[pos] = silu(gate_e · x_t) ⊙ (up_e · x_t) for the workgroup's rows of I and each of its expert's tokens */
export function lowerGateUp(shape: MoeShape, cfg: MoeSimtConfig, caps: SimtCaps, uniformLoops: boolean): Kernel {
  const { H, I, topk } = shape;
  const format = FORMATS[shape.weight];
  const gate = chunkLayout(format, cfg.vector_width, caps.vectorLoads, 'w_gate');
  const up = chunkLayout(format, cfg.vector_width, caps.vectorLoads, 'w_up');
  const threads = threadsFor(cfg, chunksOf(gate, H), caps);
  const R = cfg.rows;
  const MT = cfg.m_tile;
  const lay = metaLayout(shape.E);
  const acc = (r: number, m: number) => (r < R ? `ag_${r}_${m}` : `au_${r - R}_${m}`);
  const body: Stmt[] = [
    comment(`moe gate_up ${shape.weight}: ${R} rows of gate and up per workgroup, ${MT} tokens per pass, ${threads} threads, ${cfg.vector_width}-byte loads, unroll ${cfg.k_unroll}`),
  ];
  body.push(...expertFrame(shape, cfg, uniformLoops, I, (pos) => {
    const rowOf = (r: number) => add(mul(v('e', I32), I), v(`nr_${r}`, I32));
    const rows: JobRow[] = [
      ...Array.from({ length: R }, (_, r) => ({ layout: gate, row: rowOf(r), tag: `g${r}_` })),
      ...Array.from({ length: R }, (_, r) => ({ layout: up, row: rowOf(r), tag: `u${r}_` })),
    ];
    const work: Stmt[] = [];
    // the token of position j: its pair's (perm) / topk; under pair_grid the position is the pair
    const pairOf = (m: number): Expr => (cfg.pair_grid ? pos(m) : load(META, add(pos(m), lay.perm), I32));
    for (let m = 0; m < MT; m++) work.push(let_(`xr_${m}`, I32, mul(div(pairOf(m), topk), H)));
    const dots = dotLoop(rows, H, MT, 'x', (m) => v(`xr_${m}`, I32), acc, threads, cfg.k_unroll, caps, int8Of(shape, cfg));
    work.push(...dots.loop);
    const sums = workgroupSums({ rows: 2 * R, M: MT, workgroupSize: threads, subgroupReduce: cfg.subgroup_reduce, acc }, caps);
    const writes = tileWrites(cfg, I, threads, (_o, m, n) => {
      const slotG = add(mul(m, 2 * R), sub(n, v('n0', I32)));
      return [
        ...sums.totalOf(slotG, 'tg'),
        ...sums.totalOf(add(slotG, R), 'tu'),
        let_('h', F32, mul(div(v('tg', F32), add(c.f32(1), unary('exp', sub(c.f32(0), v('tg', F32))))), v('tu', F32))),
        store(HIDDEN, add(mul(pickPosition(MT, m), I), n), v('h', F32)),
      ];
    });
    // the accumulators live across the (predicated) work into the reduction: declared before it
    return { decls: dots.decls, work, sums: sums.stmts, writes };
  }));
  return {
    name: GATE_UP_ENTRY, model: 'simt',
    params: [
      bufferParam('x', F32), ...weightParams(shape, 'w_gate'), ...weightParams(shape, 'w_up'),
      ...(cfg.pair_grid && cfg.route_in_gate_up
        ? [bufferParam(LOGITS, F32), bufferParam(ROUTE_IDS, I32, 'write'), bufferParam(ROUTE_WEIGHTS, F32, 'write')]
        : [bufferParam(cfg.pair_grid ? idsBuffer(shape) : META, I32)]),
      bufferParam(HIDDEN, F32, 'write'), scalarParam('T'),
    ],
    body, workgroupSize: [threads, 1, 1],
  };
}

/** partial[pos] = weight · (down_e · hidden[pos]) for the workgroup's rows of H and each of its expert's tokens */
export function lowerDown(shape: MoeShape, cfg: MoeSimtConfig, caps: SimtCaps, uniformLoops: boolean): Kernel {
  const { H, I } = shape;
  const format = FORMATS[shape.weight];
  const down = chunkLayout(format, cfg.vector_width, caps.vectorLoads, 'w_down');
  const threads = threadsFor(cfg, chunksOf(down, I), caps);
  const R = cfg.rows;
  const MT = cfg.m_tile;
  const lay = metaLayout(shape.E);
  const acc = (r: number, m: number) => `ad_${r}_${m}`;
  const body: Stmt[] = [
    comment(`moe down ${shape.weight}: ${R} rows per workgroup, ${MT} tokens per pass, ${threads} threads, ${cfg.vector_width}-byte loads, unroll ${cfg.k_unroll}`),
  ];
  body.push(...expertFrame(shape, cfg, uniformLoops, H, (pos) => {
    const rows: JobRow[] = Array.from({ length: R }, (_, r) => ({ layout: down, row: add(mul(v('e', I32), H), v(`nr_${r}`, I32)), tag: `d${r}_` }));
    const dots = dotLoop(rows, I, MT, HIDDEN, (m) => mul(pos(m), I), acc, threads, cfg.k_unroll, caps, int8Of(shape, cfg));
    const sums = workgroupSums({ rows: R, M: MT, workgroupSize: threads, subgroupReduce: cfg.subgroup_reduce, acc }, caps);
    const writes = tileWrites(cfg, H, threads, (o, m, n) => {
      const j = pickPosition(MT, m);
      return [
        let_('jw', I32, j),
        ...sums.totalOf(o),
        let_('rw', F32, load(weightsBuffer(shape), load(META, add(v('jw', I32), lay.perm), I32), F32)),
        store(PARTIAL, add(mul(v('jw', I32), H), n), mul(v('total', F32), v('rw', F32))),
      ];
    });
    return { decls: dots.decls, work: dots.loop, sums: sums.stmts, writes };
  }));
  return {
    name: DOWN_ENTRY, model: 'simt',
    params: [bufferParam(HIDDEN, F32), ...weightParams(shape, 'w_down'), bufferParam(META, I32), bufferParam(weightsBuffer(shape), F32), bufferParam(PARTIAL, F32, 'write'), scalarParam('T')],
    body, workgroupSize: [threads, 1, 1],
  };
}

/**
 * fuse_down_combine: y[t, n] = Σ_r w_r · (down_{e_r} · hidden[pos(t, r)]) for the workgroup's rows of H and
 * its token t (group y): the token's slots are split over `slotGroups` groups of threads (slot s to group
 * s mod slotGroups), each group splitting I into chunks as lowerDown does; every thread adds up its
 * weighted partial sums of all its slots, and one workgroup reduction gives y. No partial buffer, no
 * combine dispatch, no atomics. Pairs without a position (a given id out of range) add nothing.
 */
export function lowerDownCombine(shape: MoeShape, cfg: MoeSimtConfig, caps: SimtCaps): Kernel {
  const { H, I, E, topk } = shape;
  const format = FORMATS[shape.weight];
  const down = chunkLayout(format, cfg.vector_width, caps.vectorLoads, 'w_down');
  const lanes = threadsFor(cfg, chunksOf(down, I), caps);
  const slotGroups = downCombineSlotGroups(shape, cfg, caps);
  const threads = lanes * slotGroups;
  const R = cfg.rows;
  const lay = metaLayout(E);
  const acc = (r: number, m: number) => `ad_${r}_${m}`;
  const sumAcc = (r: number) => `ay_${r}`;
  const T = param('T');
  const body: Stmt[] = [
    comment(`moe down + combine ${shape.weight}${cfg.dot_path === 'int8' ? ' (int8)' : ''}: ${R} rows of H for one token per workgroup, its ${topk} slots over ${slotGroups} groups of ${lanes} threads, ${cfg.vector_width}-byte loads`),
    let_('tid', I32, special('thread_id')),
    let_('lane', I32, rem(v('tid', I32), lanes)),
    let_('slot_lane', I32, div(v('tid', I32), lanes)),
    let_('t', I32, special('group_id', 1)),
    let_('n0', I32, mul(special('group_id'), R)),
  ];
  for (let r = 0; r < R; r++) body.push(let_(`nr_${r}`, I32, min(add(v('n0', I32), r), H - 1)));
  for (let r = 0; r < R; r++) body.push(letMut(sumAcc(r), F32, c.f32(0)));
  const rows: JobRow[] = Array.from({ length: R }, (_, r) => ({ layout: down, row: add(mul(v('e', I32), H), v(`nr_${r}`, I32)), tag: `d${r}_` }));
  const dots = dotLoop(rows, I, 1, HIDDEN, () => mul(v('j', I32), I), acc, lanes, cfg.k_unroll, caps, int8Of(shape, cfg), v('lane', I32));
  const pair = add(mul(v('t', I32), topk), v('s', I32));
  // the pair's hidden row: its grouped position (-1 for an id out of range), or under pair_grid the pair itself
  const position: Stmt[] = cfg.pair_grid
    ? [
      let_('id', I32, load(idsBuffer(shape), v('pr', I32), I32)),
      let_('j', I32, select(land(ge(v('id', I32), 0), lt(v('id', I32), E)), v('pr', I32), c.i32(-1))),
    ]
    : [let_('j', I32, load(META, add(add(c.i32(lay.perm), pairs(shape)), v('pr', I32)), I32))];
  body.push(forLoop('s', v('slot_lane', I32), topk, [
    let_('pr', I32, pair),
    ...position,
    if_(ge(v('j', I32), 0), [
      let_('e', I32, max(min(cfg.pair_grid ? v('id', I32) : load(idsBuffer(shape), v('pr', I32), I32), E - 1), 0)),
      let_('rw', F32, load(weightsBuffer(shape), v('pr', I32), F32)),
      ...dots.decls,
      ...dots.loop,
      ...Array.from({ length: R }, (_, r) => assign(sumAcc(r), fma(v(acc(r, 0), F32), v('rw', F32), v(sumAcc(r), F32)))),
    ]),
  ], { step: slotGroups }));
  // the reduction is over every thread of the workgroup
  const sums = workgroupSums({ rows: R, M: 1, workgroupSize: threads, subgroupReduce: cfg.subgroup_reduce, acc: (r) => sumAcc(r) }, caps);
  const o = v('o', I32);
  const writes = forLoop('o', v('tid', I32), R, [
    ...sums.totalOf(o),
    let_('n', I32, add(v('n0', I32), o)),
    if_(land(lt(v('n', I32), H), lt(v('t', I32), T)), [store('y', add(mul(v('t', I32), H), v('n', I32)), v('total', F32))]),
  ], { step: threads });
  const hoisted = hoistAllocs(sums.stmts);
  return {
    name: DOWN_COMBINE_ENTRY, model: 'simt',
    params: [
      bufferParam(HIDDEN, F32), ...weightParams(shape, 'w_down'), ...(cfg.pair_grid ? [] : [bufferParam(META, I32)]), bufferParam(idsBuffer(shape), I32),
      bufferParam(weightsBuffer(shape), F32), bufferParam('y', F32, 'write'), scalarParam('T'),
    ],
    body: [...hoisted.allocs, ...body, ...hoisted.rest, writes], workgroupSize: [threads, 1, 1],
  };
}

/** groups of threads the fused down + combine splits a token's slots over: as many as fit 512 threads, at most topk */
export function downCombineSlotGroups(shape: MoeShape, cfg: MoeSimtConfig, caps: SimtCaps): number {
  const lanes = threadsFor(cfg, chunksOf(chunkLayout(FORMATS[shape.weight], cfg.vector_width, caps.vectorLoads, 'w_down'), shape.I), caps);
  let groups = 1;
  while (groups * 2 <= shape.topk && lanes * groups * 2 <= Math.min(512, caps.maxWorkgroup)) groups *= 2;
  return groups;
}

/** y[t, h] = Σ_r partial[pos(t, r), h] in slot order, skipping pairs with no position */
export function lowerCombine(shape: MoeShape): Kernel {
  const { H, topk } = shape;
  const T = param('T');
  const i = v('i', I32);
  const pos = add(add(c.i32(metaLayout(shape.E).perm), pairs(shape)), add(mul(v('t', I32), topk), v('r', I32)));
  const body: Stmt[] = [
    comment(`combine: y = the ${topk} weighted expert outputs of each token, summed in slot order`),
    let_('i', I32, add(mul(add(special('group_id'), mul(special('group_id', 1), special('num_groups'))), COMBINE_WORKGROUP), special('thread_id'))),
    if_(lt(i, mul(T, H)), [
      let_('t', I32, div(i, H)),
      let_('h', I32, rem(i, H)),
      letMut('sum', F32, c.f32(0)),
      forLoop('r', 0, topk, [
        let_('j', I32, load(META, pos, I32)),
        if_(ge(v('j', I32), 0), [assign('sum', add(v('sum', F32), load(PARTIAL, add(mul(v('j', I32), H), v('h', I32)), F32)))]),
      ]),
      store('y', i, v('sum', F32)),
    ]),
  ];
  return {
    name: COMBINE_ENTRY, model: 'simt',
    params: [bufferParam(META, I32), bufferParam(PARTIAL, F32), bufferParam('y', F32, 'write'), scalarParam('T')],
    body, workgroupSize: [COMBINE_WORKGROUP, 1, 1],
  };
}

/**
 * Kernels in dispatch order ('tiled': the expert GEMMs of tiled-mma.ts in place of gate_up and down;
 * fuse_route_group: moe_route_group in place of route and group; fuse_down_combine: moe_down_combine in
 * place of down and combine).
 */
export function lowerMoeSimt(shape: MoeShape, cfg: MoeSimtConfig, caps: SimtCaps, uniformLoops: boolean): Kernel[] {
  const kernels: Kernel[] = [];
  const tileM = cfg.variant === 'tiled' ? cfg.tile_m : undefined;
  const fused = cfg.fuse_route_group && shape.routing === 'router';
  const routeInGateUp = cfg.route_in_gate_up && cfg.pair_grid && cfg.variant === 'gather';
  if (shape.routing === 'router') kernels.push(lowerLogits(shape, cfg, caps), ...(fused || routeInGateUp ? [] : [lowerRoute(shape, caps)]));
  // pair_grid: the expert kernels read the ids themselves
  if (!(cfg.pair_grid && cfg.variant === 'gather')) kernels.push(fused ? lowerRouteGroup(shape, caps, tileM) : lowerGroup(shape, caps, tileM));
  if (cfg.variant === 'tiled') {
    const buffers = { meta: META, partial: PARTIAL, weights: weightsBuffer(shape), permBase: metaLayout(shape.E).perm };
    kernels.push(lowerXHalf(shape), lowerGateUpMma(shape, cfg, buffers), lowerDownMma(shape, cfg, buffers), lowerCombine(shape));
    return kernels;
  }
  kernels.push(lowerGateUp(shape, cfg, caps, uniformLoops));
  if (cfg.fuse_down_combine) kernels.push(lowerDownCombine(shape, cfg, caps));
  else kernels.push(lowerDown(shape, cfg, caps, uniformLoops), lowerCombine(shape));
  if (!cfg.dependent_launch) return kernels;
  // router_prefetch: the logits kernel places its own waits (after its router loads)
  return kernels.map((k) => dependentLaunch(k, !(k.name === LOGITS_ENTRY && cfg.router_prefetch)));
}

/** the scratch buffers an earlier dispatch of the chain writes (x, the weights and the router do not change) */
const PRODUCED: ReadonlySet<string> = new Set([LOGITS, ROUTE_IDS, ROUTE_WEIGHTS, META, HIDDEN, PARTIAL]);

/**
 * CUDA programmatic dependent launch: each kernel lets the next launch start at once and waits for the
 * previous grid before anything else, so the next kernel's launch overlaps this one's run (a decode chain
 * of six short kernels). Buffers earlier grids produce are read coherently (no ld.global.nc above the wait).
 */
function dependentLaunch(k: Kernel, waitFirst: boolean): Kernel {
  return {
    ...k,
    params: k.params.map((p) => (p.kind === 'buffer' && PRODUCED.has(p.name) ? { ...p, coherent: true } : p)),
    body: [gridDependency('signal'), ...(waitFirst ? [gridDependency('wait')] : []), ...k.body],
  };
}
