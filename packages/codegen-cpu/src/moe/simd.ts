/**
 * moe for the fixed-width SIMD class (c as width 1, avx2, avx512, neon): one entry whose phases run in
 * order (the serial ones on one thread, the others as OpenMP loops over their work items).
 *
 * 1. route: router logits = router · x_t (gemv's dense tile: each router row loaded once for m_tile
 *    tokens), then per token the topk largest by a strict `>` scan in expert order (ties: the lower
 *    index), each pick the largest below the previous one in (logit, -index) order, and the softmax
 *    weights at the picks (normTopk: over the picks). Given routing copies ids and weights, an id
 *    outside [0, E) becoming -1 (never an index).
 * 2. group (serial): tokens per expert, exclusive offsets, the list of active experts, and the stable
 *    permutation of (token, slot) pairs by expert; `pos` maps each pair to its permuted position.
 * 3. x staged once per token (gemv's staging: f32, or int8 per 32-block on the int8 path).
 * 4. gate_up: work items (active expert, block of `rows` rows): one tile holds `rows` rows of w_gate
 *    and the same rows of w_up, so each loaded x vector serves both, against m_tile of the expert's
 *    tokens at a time (gemv's tile, told which weights and rows it reads); h = silu(gate) * up goes
 *    to `hid` at the pair's permuted position. The items are split evenly over the threads (static
 *    schedule), so with one token each thread streams an equal share of the active experts' rows.
 * 5. the hidden rows staged as x was (their rows for one expert are contiguous in `hid`).
 * 6. down: work items (active expert, block of 2 * rows rows of w_down), the expert's hidden rows as the
 *    activation; each result times its pair's routing weight goes to `part` at the permuted position.
 * 7. combine: y_t = sum over slots in order of part[pos(t, r)]; no atomics, so no dependence on timing.
 */
import type { Expr, Kernel, KernelParam, Params, Stmt } from '@kforge/ir';
import {
  FORMATS, add, assign, bufferParam, c, cast, div, eq, forLoop, ge, gt, if_, land, let_, letMut, load, lor, lt, max, mul, rem, scalarParam,
  param, select, store, sub, unary, v, size, type SizeExpr,
} from '@kforge/ir';
import type { SimdIsa } from '../isa/simd.ts';
import { quantizeX, stageX, type ActivationRef } from '../common/activations.ts';
import { XBLOCK, quantWeights, type QuantWeights } from '../gemv/weights.ts';
import { pairedBlocks, pairedLayout, simdTile, simdTileCtx, stageXq, type TileRefs } from '../gemv/simd.ts';
import type { MoeScratch } from './artifact.ts';
import { moeDims } from './artifact.ts';
import type { MoeSimdConfig } from './knobs.ts';

const i32 = (name: string): Expr => v(name, 'i32');
const f32 = (name: string): Expr => v(name, 'f32');
const T = param('T');

export interface MoeSimdLowering {
  readonly kernel: Kernel;
  readonly scratch: readonly MoeScratch[];
}

export function lowerMoeSimd(params: Params, config: MoeSimdConfig, isa: SimdIsa): MoeSimdLowering {
  const { H, I, E, topk, format, router, normTopk } = moeDims(params);
  const int8 = config.dot_path === 'int8';
  const qGate = quantWeights(format, { buffer: 'w_gate', K: c.i32(H) });
  const qUp = quantWeights(format, { buffer: 'w_up', K: c.i32(H) });
  const qDown = quantWeights(format, { buffer: 'w_down', K: c.i32(I) });
  if (int8 && !qGate) throw new Error(`moe: dot_path int8 needs a quantized weight format, not ${format}`);
  const needOffset = qGate !== undefined && (qGate.zero !== 0 || qGate.hasMin);
  const L = int8 ? Math.max(1, isa.dotBytes / 4) : isa.f32Lanes;
  const pairs = int8 && L > 1 && pairedBlocks(qGate!, isa);
  const P = size.mul('T', topk);

  // x and the hidden rows as activations, each with its own scratch
  const X: ActivationRef = { buffer: 'x', rows: T, K: c.i32(H), staged: 'xf', codes: 'xq', scales: 'xd', sums: 'xs' };
  // the float path reads hid directly unless 4-bit planar codes need it permuted
  const hStaged = !int8 && !qDown?.evenOddX ? 'hid' : 'hf';
  const Hd: ActivationRef = { buffer: 'hid', rows: i32('npairs'), K: c.i32(I), staged: hStaged, codes: 'hq', scales: 'hd', sums: 'hs' };

  const scratch: MoeScratch[] = [];
  const sc = (name: string, elem: MoeScratch['elem'], bytes: SizeExpr): void => void scratch.push({ name, elem, bytes });
  if (router) sc('logits', 'f32', size.mul('T', E * 4));
  sc('rid', 'i32', size.mul(P, 4));
  sc('rwt', 'f32', size.mul(P, 4));
  sc('perm', 'i32', size.mul(P, 4));
  sc('pos', 'i32', size.mul(P, 4));
  // per expert: count, offset, cursor; the active list, then its length and the pair count
  sc('grp', 'i32', (4 * E + 2) * 4);
  const activationScratch = (a: ActivationRef, rows: SizeExpr, K: number, staged: boolean): void => {
    if (int8) {
      sc(a.codes, 'i8', size.mul(rows, K));
      sc(a.scales, 'f32', size.mul(rows, (K / XBLOCK) * 4));
    } else if (staged) sc(a.staged, 'f32', size.mul(rows, K * 4));
    if (needOffset) sc(a.sums, 'f32', size.mul(rows, (K / XBLOCK) * 4));
  };
  activationScratch(X, 'T', H, true);
  sc('hid', 'f32', size.mul(P, I * 4));
  activationScratch(Hd, P, I, hStaged !== 'hid');
  sc('part', 'f32', size.mul(P, H * 4));

  const wElem = FORMATS[format].kind === 'dense' ? (format as 'f32' | 'f16' | 'bf16') : 'u8';
  const weightParams = (name: string, q: QuantWeights | undefined): KernelParam[] => [bufferParam(name, wElem), ...(q?.planes ?? []).map((p) => bufferParam(p, 'f16'))];
  const params_: KernelParam[] = [
    bufferParam('x', 'f32'),
    ...weightParams('w_gate', qGate), ...weightParams('w_up', qUp), ...weightParams('w_down', qDown),
    ...(router ? [bufferParam('router', 'f32')] : [bufferParam('ids', 'i32'), bufferParam('weights', 'f32')]),
    bufferParam('y', 'f32', 'write'),
    ...scratch.map((s) => bufferParam(s.name, s.elem as 'f32', 'readwrite')),
    scalarParam('T'),
  ];

  const grp = { cnt: 0, off: E, cur: 2 * E, act: 3 * E, nact: 4 * E, npairs: 4 * E + 1 };
  const body: Stmt[] = [
    ...(router ? routeByRouter(params, config, isa) : routeGiven(E, topk)),
    ...group(E, topk, grp),
    let_('nact', 'i32', load('grp', grp.nact, 'i32')),
    let_('npairs', 'i32', load('grp', grp.npairs, 'i32')),
    ...stage(X, qGate, needOffset, int8, pairs ? pairedLayout(X, L, isa.dotBytes) : undefined, isa),
    ...gateUp(params, config, isa, qGate, qUp, X, grp),
    ...stage(Hd, qDown, needOffset, int8, pairs ? pairedLayout(Hd, L, isa.dotBytes) : undefined, isa),
    ...down(params, config, isa, qDown, Hd, grp),
    ...combine(H, topk),
  ];
  const kernel: Kernel = {
    name: `moe_${format}_${router ? 'router' : 'given'}${normTopk && router ? '_norm' : ''}_${isa.rules.name}_${config.dot_path}`,
    model: 'cpu',
    params: params_,
    body,
  };
  return { kernel, scratch };
}

/** x or the hidden rows staged for their tiles (gemv's staging); nothing where the tiles read the input itself */
function stage(a: ActivationRef, q: QuantWeights | undefined, needOffset: boolean, int8: boolean, layout: Parameters<typeof quantizeX>[4], isa: SimdIsa): Stmt[] {
  if (int8) return stageXq(a, q!, needOffset, 'f32', layout, isa);
  const stmts = stageX(a, q, needOffset, 'f32');
  // staged in place: only the block sums remain
  return a.staged === a.buffer ? stmts.slice(1) : stmts;
}

/** logits by gemv's dense tile (router rows against m_tile tokens), then top-k and the softmax weights per token */
function routeByRouter(params: Params, config: MoeSimdConfig, isa: SimdIsa): Stmt[] {
  const { H, E, topk, normTopk } = moeDims(params);
  const X: ActivationRef = { buffer: 'x', rows: T, K: c.i32(H), staged: 'x', codes: '', scales: '', sums: '' };
  const refs: TileRefs = {
    X, K: c.i32(H), wRows: c.i32(E), weightOf: () => ({ buffer: 'router', q: undefined }),
    row: () => i32('re'), xRow: (t) => add(i32('m0'), t),
    out: (_R, MT, y) => Array.from({ length: MT }, (_, t) => store('logits', add(mul(add(i32('m0'), t), E), i32('re')), y(0, t))),
  };
  const ctx = simdTileCtx(isa, 'f32', { rows: 1, m_tile: config.m_tile, k_unroll: config.k_unroll, dot_path: 'float' }, refs);
  const MT = config.m_tile;
  const logits = forLoop('re', 0, E, [
    forLoop('m0', 0, sub(T, rem(T, MT)), simdTile(ctx, 1, MT), { step: MT }),
    ...(MT > 1 ? [forLoop('m0', sub(T, rem(T, MT)), T, simdTile(ctx, 1, 1))] : []),
  ], { parallel: true });

  const t = i32('t');
  const l = (e: Expr): Expr => load('logits', add(mul(t, E), e), 'f32');
  const e = i32('e');
  const pick: Stmt[] = [
    letMut('bi', 'i32', c.i32(-1)),
    letMut('bl', 'f32', c.f32(0)),
    forLoop('e', 0, E, [
      let_('le', 'f32', l(e)),
      // below the previous pick in (logit, -index) order, so each expert is picked once and ties go in index order
      let_('cand', 'i32', cast(lor(eq(i32('r'), c.i32(0)), lor(lt(f32('le'), f32('pl')), land(eq(f32('le'), f32('pl')), gt(e, i32('pe'))))), 'i32')),
      if_(land(gt(i32('cand'), c.i32(0)), lor(lt(i32('bi'), c.i32(0)), gt(f32('le'), f32('bl')))), [assign('bi', e), assign('bl', f32('le'))]),
    ]),
    let_('pw', 'f32', unary('exp', sub(f32('bl'), f32('lmax')))),
    store('rid', add(mul(t, topk), i32('r')), i32('bi')),
    store('rwt', add(mul(t, topk), i32('r')), f32('pw')),
    assign('psum', add(f32('psum'), f32('pw'))),
    assign('pl', f32('bl')),
    assign('pe', i32('bi')),
  ];
  const perToken: Stmt[] = [
    letMut('lmax', 'f32', l(c.i32(0))),
    forLoop('e', 1, E, [assign('lmax', max(f32('lmax'), l(e)))]),
    letMut('esum', 'f32', c.f32(0)),
    forLoop('e', 0, E, [assign('esum', add(f32('esum'), unary('exp', sub(l(e), f32('lmax')))))]),
    letMut('psum', 'f32', c.f32(0)),
    letMut('pl', 'f32', c.f32(0)),
    letMut('pe', 'i32', c.i32(-1)),
    forLoop('r', 0, topk, pick),
    let_('denom', 'f32', normTopk ? f32('psum') : f32('esum')),
    forLoop('r', 0, topk, [
      store('rwt', add(mul(t, topk), i32('r')), div(load('rwt', add(mul(t, topk), i32('r')), 'f32'), f32('denom'))),
    ]),
  ];
  return [logits, forLoop('t', 0, T, perToken, { parallel: true })];
}

/** given routing: ids and weights as they are; an id outside [0, E) becomes -1 and contributes nothing */
function routeGiven(E: number, topk: number): Stmt[] {
  const p = i32('p');
  return [forLoop('p', 0, mul(T, topk), [
    let_('id', 'i32', load('ids', p, 'i32')),
    store('rid', p, select(land(ge(i32('id'), c.i32(0)), lt(i32('id'), c.i32(E))), i32('id'), c.i32(-1))),
    store('rwt', p, load('weights', p, 'f32')),
  ])];
}

/** counts, offsets, active experts and the stable permutation of pairs by expert (serial: T * topk is small) */
function group(E: number, topk: number, g: { cnt: number; off: number; cur: number; act: number; nact: number; npairs: number }): Stmt[] {
  const e = i32('e');
  const p = i32('p');
  return [
    forLoop('e', 0, E, [store('grp', add(g.cnt, e), c.i32(0))]),
    forLoop('p', 0, mul(T, topk), [
      let_('pe', 'i32', load('rid', p, 'i32')),
      if_(ge(i32('pe'), c.i32(0)), [store('grp', add(g.cnt, i32('pe')), add(load('grp', add(g.cnt, i32('pe')), 'i32'), c.i32(1)))]),
    ]),
    letMut('acc', 'i32', c.i32(0)),
    letMut('na', 'i32', c.i32(0)),
    forLoop('e', 0, E, [
      let_('ce', 'i32', load('grp', add(g.cnt, e), 'i32')),
      store('grp', add(g.off, e), i32('acc')),
      store('grp', add(g.cur, e), i32('acc')),
      if_(gt(i32('ce'), c.i32(0)), [store('grp', add(g.act, i32('na')), e), assign('na', add(i32('na'), c.i32(1)))]),
      assign('acc', add(i32('acc'), i32('ce'))),
    ]),
    store('grp', g.nact, i32('na')),
    store('grp', g.npairs, i32('acc')),
    forLoop('p', 0, mul(T, topk), [
      let_('pe', 'i32', load('rid', p, 'i32')),
      if_(ge(i32('pe'), c.i32(0)), [
        let_('at', 'i32', load('grp', add(g.cur, i32('pe')), 'i32')),
        store('perm', i32('at'), p),
        store('pos', p, i32('at')),
        store('grp', add(g.cur, i32('pe')), add(i32('at'), c.i32(1))),
      ], [store('pos', p, c.i32(-1))]),
    ]),
  ];
}

/**
 * Work items (active expert, block of rows) over `rowsPerExpert` rows. Where R divides them, block nb
 * holds rows nb + r * rowsPerExpert / R (R streams through the expert's rows at once, which the
 * hardware prefetchers keep fuller than one); otherwise R adjacent rows nb * R + r, and the rows after
 * the last whole block one at a time. `tiles(R, stride)` reads rows n0 + r * stride. Lets ex, ecnt, eoff, n0.
 */
function expertBlocks(rowsPerExpert: number, R: number, g: { cnt: number; off: number; act: number }, tiles: (R: number, stride: number) => Stmt[]): Stmt {
  const blocks = Math.ceil(rowsPerExpert / R);
  const wi = i32('wi');
  const head: Stmt[] = [
    let_('ex', 'i32', load('grp', add(g.act, div(wi, blocks)), 'i32')),
    let_('ecnt', 'i32', load('grp', add(g.cnt, i32('ex')), 'i32')),
    let_('eoff', 'i32', load('grp', add(g.off, i32('ex')), 'i32')),
  ];
  const nb = rem(wi, blocks);
  const whole = rowsPerExpert - (rowsPerExpert % R);
  const body: Stmt[] = whole === rowsPerExpert
    ? [let_('n0', 'i32', nb), ...tiles(R, rowsPerExpert / R)]
    : [if_(lt(nb, c.i32(whole / R)), [let_('n0', 'i32', mul(nb, R)), ...tiles(R, 1)], [forLoop('n0', whole, rowsPerExpert, tiles(1, 1))])];
  return forLoop('wi', 0, mul(i32('nact'), blocks), [...head, ...body], { parallel: true });
}

/** row r of the current block: n0 + r * stride */
function rowAt(r: number, stride: number): Expr {
  return r === 0 ? i32('n0') : add(i32('n0'), r * stride);
}

/** the expert's tokens m_tile at a time, then one at a time; `pre(MT)` names each tile's tokens */
function tokenTiles(MT: number, pre: (MT: number) => Stmt[], tile: (MT: number) => Stmt[]): Stmt[] {
  const ecnt = i32('ecnt');
  const main = sub(ecnt, rem(ecnt, MT));
  return [
    forLoop('m0', 0, main, [...pre(MT), ...tile(MT)], { step: MT }),
    ...(MT > 1 ? [forLoop('m0', main, ecnt, [...pre(1), ...tile(1)])] : []),
  ];
}

function gateUp(params: Params, config: MoeSimdConfig, isa: SimdIsa, qGate: QuantWeights | undefined, qUp: QuantWeights | undefined, X: ActivationRef,
  g: { cnt: number; off: number; act: number }): Stmt[] {
  const { H, I, topk, format } = moeDims(params);
  const tileRows = (R: number, stride: number): TileRefs => ({
    X, K: c.i32(H), wRows: mul(c.i32(moeDims(params).E), I),
    weightOf: (r) => (r < R ? { buffer: 'w_gate', q: qGate } : { buffer: 'w_up', q: qUp }),
    row: (r) => add(mul(i32('ex'), I), rowAt(r % R, stride)),
    xRow: (t) => i32(`tok_${t}`),
    out: (R2, MT, y) => {
      const out: Stmt[] = [];
      for (let r = 0; r < R2 / 2; r++) {
        for (let t = 0; t < MT; t++) {
          const gname = `g_${r}_${t}`;
          out.push(let_(gname, 'f32', y(r, t)));
          const silu = div(f32(gname), add(c.f32(1), unary('exp', sub(c.f32(0), f32(gname)))));
          out.push(store('hid', add(mul(add(i32('eoff'), add(i32('m0'), t)), I), rowAt(r, stride)), mul(silu, y(r + R2 / 2, t))));
        }
      }
      return out;
    },
  });
  const pre = (MT: number): Stmt[] => Array.from({ length: MT }, (_, t) =>
    let_(`tok_${t}`, 'i32', div(load('perm', add(i32('eoff'), add(i32('m0'), t)), 'i32'), topk)));
  const tiles = (R: number, stride: number): Stmt[] => {
    const ctx = simdTileCtx(isa, format, { rows: 2 * R, m_tile: config.m_tile, k_unroll: config.k_unroll, dot_path: config.dot_path, prefetch: config.prefetch }, tileRows(R, stride));
    return tokenTiles(config.m_tile, pre, (MT) => simdTile(ctx, 2 * R, MT));
  };
  return [expertBlocks(I, config.rows, g, tiles)];
}

function down(params: Params, config: MoeSimdConfig, isa: SimdIsa, qDown: QuantWeights | undefined, Hd: ActivationRef,
  g: { cnt: number; off: number; act: number }): Stmt[] {
  const { H, I, E, format } = moeDims(params);
  const at = (t: number): Expr => add(i32('eoff'), add(i32('m0'), t));
  const refs = (stride: number): TileRefs => ({
    X: Hd, K: c.i32(I), wRows: c.i32(E * H),
    weightOf: () => ({ buffer: 'w_down', q: qDown }),
    row: (r) => add(mul(i32('ex'), H), rowAt(r, stride)),
    xRow: at,
    out: (R, MT, y) => {
      const out: Stmt[] = [];
      for (let r = 0; r < R; r++) for (let t = 0; t < MT; t++) out.push(store('part', add(mul(at(t), H), rowAt(r, stride)), mul(f32(`wt_${t}`), y(r, t))));
      return out;
    },
  });
  const pre = (MT: number): Stmt[] => Array.from({ length: MT }, (_, t) => let_(`wt_${t}`, 'f32', load('rwt', load('perm', at(t), 'i32'), 'f32')));
  const tiles = (R: number, stride: number): Stmt[] => {
    const ctx = simdTileCtx(isa, format, { rows: R, m_tile: config.m_tile, k_unroll: config.k_unroll, dot_path: config.dot_path, prefetch: config.prefetch }, refs(stride));
    return tokenTiles(config.m_tile, pre, (MT) => simdTile(ctx, R, MT));
  };
  // as many rows as a gate_up tile (rows of w_gate and of w_up): the same accumulators, and w_down's short rows in longer runs
  return [expertBlocks(H, 2 * config.rows, g, tiles)];
}

/** y_t = the token's slots summed in order (a slot without an expert adds 0) */
function combine(H: number, topk: number): Stmt[] {
  const t = i32('t');
  const h = i32('h');
  const slots: Stmt[] = [];
  for (let r = 0; r < topk; r++) slots.push(let_(`p_${r}`, 'i32', load('pos', add(mul(t, topk), r), 'i32')));
  let sum: Expr = c.f32(0);
  for (let r = 0; r < topk; r++) {
    const p = i32(`p_${r}`);
    sum = add(sum, select(ge(p, c.i32(0)), load('part', add(mul(max(p, c.i32(0)), H), h), 'f32'), c.f32(0)));
  }
  return [forLoop('t', 0, T, [...slots, forLoop('h', 0, H, [store('y', add(mul(t, H), h), sum)])], { parallel: true })];
}

