/**
 * gated_delta_rule lowered for the CPU targets that keep their own loop skeleton: RVV (scalable vectors,
 * every vector loop strip-mined with `vl = setvl(remaining)`, right at any VLEN) and HVX (32-lane f32
 * vectors with masked tails). The two differ only in how a strip of lanes is formed (`Lanes`).
 *
 * Work items are (b, value head h, block of `block_v` state columns): the columns of S evolve
 * independently, so a block needs nothing from any other. A work item copies its Dk x block_v block of
 * s0 into a private array once, runs every token on it, and writes it to s once: in place (s0 == s) is
 * safe because it reads every element it owns before writing any, and owns disjoint elements.
 *
 * recurrent (decode, short T), per token t with a = exp(g_t), and S the state before the step:
 *   Sᵀk_t and Sᵀq_t per column strip are accumulated in the same pass that applied step t - 1's update,
 *   so each step is one pass over the block: u = beta (v - a Sᵀk), o = scale (a Sᵀq + (k·q) u), then
 *   S = a S + k uᵀ while accumulating Sᵀk_{t+1}, Sᵀq_{t+1} (the last step writes S to s instead).
 *   q and k are l2-normalized in the kernel (one strip loop gives |k|², |q|² and k·q).
 *
 * chunked (prefill), per chunk of C tokens (the last one shorter) with gamma the cumulative g in the
 * chunk, lowered from gatedDeltaRuleChunked (ir/ops/gated-delta-rule.ts); exp is only ever taken of
 * gamma_i - gamma_j (i >= j), gamma_i and gamma_last - gamma_j, all <= 0:
 *   A_ij = beta_i e^(gamma_i - gamma_j) k_i·k_j (j < i), QK_ij = e^(gamma_i - gamma_j) q_i·k_j (j <= i)
 *   per column strip: P = K S0, R = diag(beta) (V - diag(e^gamma) P) (token tiles sharing each state
 *   strip), then U = (I + A)^-1 R by forward substitution (the UT transform applied to R: the same
 *   U = Tm diag(beta) V - W S0), O = scale (diag(e^gamma) Q S0 + QK U) in the same sweep, and
 *   S = e^gamma_last S0 + Kᵀ diag(e^(gamma_last - gamma)) U over tiles of state rows.
 *   A, QK and the normalized K, Q of the chunk are computed once per work item and chunk.
 */
import type { Expr, Kernel, Operand, Stmt, VectorType } from '@kforge/ir';
import {
  add, alloc, assign, broadcast, bufferParam, c, div, fma, forLoop, if_, let_, letMut, load, lt, min, mul, param, reduce,
  rem, scalarParam, setvl, store, sub, unary, v, vec, withVl,
} from '@kforge/ir';
import { L2NORM_EPS } from '@kforge/ir';
import type { GdrShape } from './gated-delta-rule-artifact.ts';

export type GdrVariant = 'recurrent' | 'chunked';

export interface GdrLoweringConfig {
  readonly variant: GdrVariant;
  /** tokens per chunk (chunked) */
  readonly chunk: number;
  /** state columns per work item (at most Dv is used) */
  readonly block_v: number;
  /** tokens (chunked products) and state rows (chunked update) held in registers together */
  readonly tile: number;
}

/** How a target forms a strip of f32 lanes. */
export interface Lanes {
  readonly F: VectorType;
  /** `for (x = 0; x < n; x += lanes)` with the strip's lane count in scope for the body's operations */
  strip(x: string, n: Expr, body: readonly Stmt[], full: boolean): Stmt;
  /** declarations the strips need at the top of the kernel */
  readonly prologue: readonly Stmt[];
  ld(buffer: string, index: Expr, full: boolean): Expr;
  st(buffer: string, index: Expr, value: Expr, full: boolean): Stmt;
  splat(x: Operand): Expr;
  /** an element-wise operation at the strip's lane count */
  op(e: Expr): Expr;
  /** an accumulator kept over strips of different lengths, its update and its sum */
  readonly accZero: Expr;
  accFma(a: Expr, b: Expr, acc: Expr): Expr;
  accSum(acc: Expr): Expr;
}

const i32 = (name: string): Expr => v(name, 'i32');
const f32 = (name: string): Expr => v(name, 'f32');
/** an avl of at least 2 * VLMAX at any VLEN: vl is then VLMAX (rvv/gemv.ts) */
const VLMAX_AVL = 1 << 20;

/** RVV: `vl = setvl(n - x)` per strip, tail-undisturbed accumulators cleared at VLMAX */
export function rvvLanes(lmul: number): Lanes {
  const F = vec('f32', 'vl', lmul);
  const vl = i32('vl');
  const vlmax = i32('vlmax');
  return {
    F,
    strip: (x, n, body) => forLoop(x, 0, n, [assign('vl', setvl(sub(n, i32(x)), 'f32', lmul)), ...body], { step: vl }),
    prologue: [letMut('vl', 'i32', c.i32(0)), let_('vlmax', 'i32', setvl(VLMAX_AVL, 'f32', lmul))],
    ld: (buffer, index) => load(buffer, index, F, { vl }),
    st: (buffer, index, value) => store(buffer, index, value, { vl }),
    splat: (x) => broadcast(x, F, vl),
    op: (e) => withVl(e, vl),
    accZero: broadcast(c.f32(0), F, vlmax),
    accFma: (a, b, acc) => withVl(fma(a, b, acc), vl),
    accSum: (acc) => reduce('add', acc, vlmax),
  };
}

/** Fixed-width lanes with a masked tail (`vn` lanes of the strip): HVX's 32 f32 lanes. */
export function fixedLanes(width: number): Lanes {
  const F = vec('f32', width);
  const vn = i32('vn');
  return {
    F,
    strip: (x, n, body) => forLoop(x, 0, n, [let_('vn', 'i32', min(c.i32(width), sub(n, i32(x)))), ...body], { step: width }),
    prologue: [],
    ld: (buffer, index, full) => load(buffer, index, F, full ? {} : { mask: vn }),
    st: (buffer, index, value, full) => store(buffer, index, value, full ? {} : { mask: vn }),
    splat: (x) => broadcast(x, F),
    op: (e) => e,
    accZero: broadcast(c.f32(0), F),
    accFma: (a, b, acc) => fma(a, b, acc),
    accSum: (acc) => reduce('add', acc),
  };
}

interface Ctx {
  readonly s: GdrShape;
  readonly cfg: GdrLoweringConfig;
  readonly V: Lanes;
  readonly F: VectorType;
  /** columns per block as allocated */
  readonly BV: number;
  readonly NB: number;
  /** every block has BV columns and BV is a multiple of the width (no tails in column strips) */
  readonly fullCols: boolean;
  /** Dk is a multiple of the width (no tails in strips over Dk) */
  readonly fullDk: boolean;
}

export function gdrKernelName(s: GdrShape, cfg: GdrLoweringConfig, target: string, tag: string): string {
  const variant = cfg.variant === 'chunked' ? `chunked_c${cfg.chunk}` : 'recurrent';
  return `gated_delta_rule_${variant}_h${s.Hk}x${s.Hv}_d${s.Dk}x${s.Dv}${s.l2norm ? '_l2' : ''}_${target}_${tag}_bv${Math.min(cfg.block_v, s.Dv)}`;
}

/**
 * The kernel of one config. `width`: lanes of a fixed-width target (for the no-tail cases), undefined for
 * scalable vectors (every strip may be short).
 */
export function lowerGatedDeltaRule(s: GdrShape, cfg: GdrLoweringConfig, V: Lanes, name: string, width?: number): Kernel {
  const BV = Math.min(cfg.block_v, s.Dv);
  const ctx: Ctx = {
    s, cfg, V, F: V.F, BV, NB: Math.ceil(s.Dv / BV),
    fullCols: width !== undefined && s.Dv % BV === 0 && BV % width === 0,
    fullDk: width !== undefined && s.Dk % width === 0,
  };
  const G = s.Hv / s.Hk;
  const item: Stmt[] = [
    let_('b', 'i32', div(i32('wi'), s.Hv * ctx.NB)),
    let_('h', 'i32', rem(div(i32('wi'), ctx.NB), s.Hv)),
    let_('hk', 'i32', div(i32('h'), G)),
    let_('j0', 'i32', mul(rem(i32('wi'), ctx.NB), BV)),
    let_('bv', 'i32', min(c.i32(BV), sub(c.i32(s.Dv), i32('j0')))),
    // element (i, j0 + jj) of this head's state is sbase + i * Dv + jj
    let_('sbase', 'i32', add(mul(add(mul(i32('b'), s.Hv), i32('h')), s.Dk * s.Dv), i32('j0'))),
    ...(cfg.variant === 'chunked' ? chunked(ctx) : recurrent(ctx)),
  ];
  return {
    name,
    model: 'cpu',
    params: [
      bufferParam('q', 'f32'), bufferParam('k', 'f32'), bufferParam('v', 'f32'), bufferParam('g', 'f32'), bufferParam('beta', 'f32'),
      bufferParam('s0', 'f32', 'read', { aliased: true }), bufferParam('o', 'f32', 'write'), bufferParam('s', 'f32', 'write', { aliased: true }),
      scalarParam('B'), scalarParam('T'),
    ],
    body: [
      ...V.prologue,
      forLoop('wi', 0, mul(param('B'), s.Hv * ctx.NB), item),
    ],
  };
}

/** first element of q/k row (b, token t, head hk) */
const qkRow = (s: GdrShape, t: Expr): Expr => mul(add(mul(add(mul(i32('b'), param('T')), t), s.Hk), i32('hk')), s.Dk);
/** index of g/beta at (b, token t, head h); times Dv, the first element of its v/o row */
const gateAt = (s: GdrShape, t: Expr): Expr => add(mul(add(mul(i32('b'), param('T')), t), s.Hv), i32('h'));

/**
 * q and k of token t (row `row`) into qn[qo ..], kn[ko ..], l2-normalized when asked; with `kqVar`, k·q
 * of the stored vectors into that (mutable) variable.
 */
function prepareToken(ctx: Ctx, row: Expr, ko: Expr, qo: Expr, kqVar?: string, tag = ''): Stmt[] {
  const { s, V, F } = ctx;
  const full = ctx.fullDk;
  const n = (name: string): string => `${name}${tag}`;
  const vf = (name: string): Expr => v(n(name), F);
  const at = add(i32(n('qkrow')), i32('x'));
  const out: Stmt[] = [let_(n('qkrow'), 'i32', row)];
  if (s.l2norm || kqVar) {
    if (s.l2norm) out.push(letMut(n('sk'), F, V.accZero), letMut(n('sq'), F, V.accZero));
    if (kqVar) out.push(letMut(n('skq'), F, V.accZero));
    const body: Stmt[] = [let_(n('kx'), F, V.ld('k', at, full)), let_(n('qx'), F, V.ld('q', at, full))];
    if (s.l2norm) {
      body.push(assign(n('sk'), V.accFma(vf('kx'), vf('kx'), vf('sk'))));
      body.push(assign(n('sq'), V.accFma(vf('qx'), vf('qx'), vf('sq'))));
    }
    if (kqVar) body.push(assign(n('skq'), V.accFma(vf('kx'), vf('qx'), vf('skq'))));
    out.push(V.strip('x', c.i32(s.Dk), body, full));
  }
  if (s.l2norm) {
    const inv = (acc: string): Expr => div(c.f32(1), unary('sqrt', add(V.accSum(vf(acc)), c.f32(L2NORM_EPS))));
    out.push(let_(n('ik'), 'f32', inv('sk')), let_(n('iq'), 'f32', inv('sq')));
    out.push(V.strip('x', c.i32(s.Dk), [
      V.st('kn', add(ko, i32('x')), V.op(mul(V.ld('k', at, full), V.splat(f32(n('ik'))))), full),
      V.st('qn', add(qo, i32('x')), V.op(mul(V.ld('q', at, full), V.splat(f32(n('iq'))))), full),
    ], full));
    if (kqVar) out.push(assign(kqVar, mul(mul(V.accSum(vf('skq')), f32(n('ik'))), f32(n('iq')))));
  } else {
    out.push(V.strip('x', c.i32(s.Dk), [
      V.st('kn', add(ko, i32('x')), V.ld('k', at, full), full),
      V.st('qn', add(qo, i32('x')), V.ld('q', at, full), full),
    ], full));
    if (kqVar) out.push(assign(kqVar, V.accSum(vf('skq'))));
  }
  return out;
}

function recurrent(ctx: Ctx): Stmt[] {
  const { s, V, F, BV } = ctx;
  const full = ctx.fullCols;
  const kn = (slot: Expr, i: Expr): Expr => load('kn', add(mul(slot, s.Dk), i), 'f32');
  const qn = (slot: Expr, i: Expr): Expr => load('qn', add(mul(slot, s.Dk), i), 'f32');
  const stAt = (i: Expr): Expr => add(mul(i, BV), i32('x'));
  const gAt = (i: Expr): Expr => add(add(i32('sbase'), mul(i, s.Dv)), i32('x'));
  const vf = (name: string): Expr => v(name, F);
  const accumulate = (slot: Expr): Stmt[] => [
    assign('ak', V.op(fma(V.splat(kn(slot, i32('i'))), vf('sv'), vf('ak')))),
    assign('aq', V.op(fma(V.splat(qn(slot, i32('i'))), vf('sv'), vf('aq')))),
  ];
  const one = c.i32(1);
  return [
    alloc('st', 'f32', s.Dk * BV, 'private', 128),
    alloc('kn', 'f32', 2 * s.Dk, 'private', 128),
    alloc('qn', 'f32', 2 * s.Dk, 'private', 128),
    alloc('akb', 'f32', BV, 'private', 128),
    alloc('aqb', 'f32', BV, 'private', 128),
    letMut('kqc', 'f32', c.f32(0)),
    letMut('kqn', 'f32', c.f32(0)),
    ...prepareToken(ctx, qkRow(s, c.i32(0)), c.i32(0), c.i32(0), 'kqc', '_0'),
    // the block into st, with Sᵀk_0 and Sᵀq_0
    V.strip('x', i32('bv'), [
      letMut('ak', F, V.splat(c.f32(0))),
      letMut('aq', F, V.splat(c.f32(0))),
      forLoop('i', 0, s.Dk, [
        let_('sv', F, V.ld('s0', gAt(i32('i')), full)),
        V.st('st', stAt(i32('i')), vf('sv'), full),
        ...accumulate(c.i32(0)),
      ]),
      V.st('akb', i32('x'), vf('ak'), full),
      V.st('aqb', i32('x'), vf('aq'), full),
    ], full),
    forLoop('t', 0, param('T'), [
      let_('cur', 'i32', rem(i32('t'), 2)),
      let_('nxt', 'i32', sub(one, i32('cur'))),
      let_('gate', 'i32', gateAt(s, i32('t'))),
      let_('a', 'f32', unary('exp', load('g', i32('gate'), 'f32'))),
      let_('bt', 'f32', load('beta', i32('gate'), 'f32')),
      let_('as', 'f32', mul(f32('a'), c.f32(s.scale))),
      let_('more', 'bool', lt(add(i32('t'), 1), param('T'))),
      if_(v('more', 'bool'), prepareToken(ctx, qkRow(s, add(i32('t'), 1)), mul(i32('nxt'), s.Dk), mul(i32('nxt'), s.Dk), 'kqn')),
      let_('kqs', 'f32', mul(f32('kqc'), c.f32(s.scale))),
      let_('vrow', 'i32', add(mul(i32('gate'), s.Dv), i32('j0'))),
      V.strip('x', i32('bv'), [
        // u = beta (v - a Sᵀk); o = scale (a Sᵀq + (k·q) u)
        let_('u', F, V.op(mul(V.op(sub(V.ld('v', add(i32('vrow'), i32('x')), full), V.op(mul(V.splat(f32('a')), V.ld('akb', i32('x'), full))))), V.splat(f32('bt'))))),
        V.st('o', add(i32('vrow'), i32('x')), V.op(fma(V.splat(f32('kqs')), vf('u'), V.op(mul(V.splat(f32('as')), V.ld('aqb', i32('x'), full))))), full),
        if_(v('more', 'bool'), [
          letMut('ak', F, V.splat(c.f32(0))),
          letMut('aq', F, V.splat(c.f32(0))),
          forLoop('i', 0, s.Dk, [
            let_('sv', F, V.op(fma(V.splat(kn(i32('cur'), i32('i'))), vf('u'), V.op(mul(V.splat(f32('a')), V.ld('st', stAt(i32('i')), full)))))),
            V.st('st', stAt(i32('i')), vf('sv'), full),
            ...accumulate(i32('nxt')),
          ]),
          V.st('akb', i32('x'), vf('ak'), full),
          V.st('aqb', i32('x'), vf('aq'), full),
        ], [
          // the last step: the updated block goes to s
          forLoop('i', 0, s.Dk, [
            V.st('s', gAt(i32('i')), V.op(fma(V.splat(kn(i32('cur'), i32('i'))), vf('u'), V.op(mul(V.splat(f32('a')), V.ld('st', stAt(i32('i')), full))))), full),
          ]),
        ]),
      ], full),
      assign('kqc', f32('kqn')),
    ]),
  ];
}

function chunked(ctx: Ctx): Stmt[] {
  const { s, V, F, BV, cfg } = ctx;
  const C = cfg.chunk;
  const TR = cfg.tile;
  const full = ctx.fullCols;
  const vf = (name: string): Expr => v(name, F);
  const sc = (buffer: string, index: Expr): Expr => load(buffer, index, 'f32');
  const stAt = (i: Operand): Expr => add(mul(i, BV), i32('x'));
  const ubAt = (j: Operand): Expr => add(mul(j, BV), i32('x'));
  const fullDk = ctx.fullDk;

  // per token of the chunk: normalized k and q, cumulative gamma, beta, e^gamma
  const tokens: Stmt[] = [
    letMut('gacc', 'f32', c.f32(0)),
    forLoop('cix', 0, i32('cc'), [
      let_('gt', 'i32', gateAt(s, add(i32('t0'), i32('cix')))),
      assign('gacc', add(f32('gacc'), load('g', i32('gt'), 'f32'))),
      store('gm', i32('cix'), f32('gacc')),
      store('bt', i32('cix'), load('beta', i32('gt'), 'f32')),
      store('ea', i32('cix'), unary('exp', f32('gacc'))),
      ...prepareToken(ctx, qkRow(s, add(i32('t0'), i32('cix'))), mul(i32('cix'), s.Dk), mul(i32('cix'), s.Dk)),
    ]),
    let_('glast', 'f32', sc('gm', sub(i32('cc'), 1))),
    let_('elast', 'f32', sc('ea', sub(i32('cc'), 1))),
    forLoop('cix', 0, i32('cc'), [store('dl', i32('cix'), unary('exp', sub(f32('glast'), sc('gm', i32('cix')))))]),
  ];

  // A (j < i) and QK (j <= i) of the chunk
  const pairs: Stmt[] = [forLoop('ci', 0, i32('cc'), [
    forLoop('cj', 0, add(i32('ci'), 1), [
      letMut('dkk', F, V.accZero),
      letMut('dqk', F, V.accZero),
      V.strip('x', c.i32(s.Dk), [
        let_('kj', F, V.ld('kn', add(mul(i32('cj'), s.Dk), i32('x')), fullDk)),
        assign('dkk', V.accFma(V.ld('kn', add(mul(i32('ci'), s.Dk), i32('x')), fullDk), v('kj', F), v('dkk', F))),
        assign('dqk', V.accFma(V.ld('qn', add(mul(i32('ci'), s.Dk), i32('x')), fullDk), v('kj', F), v('dqk', F))),
      ], fullDk),
      let_('dec', 'f32', unary('exp', sub(sc('gm', i32('ci')), sc('gm', i32('cj'))))),
      store('am', add(mul(i32('ci'), C), i32('cj')), mul(mul(sc('bt', i32('ci')), f32('dec')), V.accSum(v('dkk', F)))),
      store('qk', add(mul(i32('ci'), C), i32('cj')), mul(f32('dec'), V.accSum(v('dqk', F)))),
    ]),
  ])];

  // P = K S0 and Q S0 per token tile; R into ub, e^gamma Q S0 into ob
  const tileBody: Stmt[] = [];
  for (let r = 0; r < TR; r++) {
    // the spare rows of a short last tile repeat its last token and store nothing
    tileBody.push(let_(`cr_${r}`, 'i32', r === 0 ? i32('c0') : min(add(i32('c0'), r), sub(i32('cc'), 1))));
    tileBody.push(letMut(`pk_${r}`, F, V.splat(c.f32(0))), letMut(`pq_${r}`, F, V.splat(c.f32(0))));
  }
  const rowLoop: Stmt[] = [let_('sv', F, V.ld('st', stAt(i32('i')), full))];
  for (let r = 0; r < TR; r++) {
    const at = add(mul(i32(`cr_${r}`), s.Dk), i32('i'));
    rowLoop.push(assign(`pk_${r}`, V.op(fma(V.splat(sc('kn', at)), vf('sv'), vf(`pk_${r}`)))));
    rowLoop.push(assign(`pq_${r}`, V.op(fma(V.splat(sc('qn', at)), vf('sv'), vf(`pq_${r}`)))));
  }
  tileBody.push(forLoop('i', 0, s.Dk, rowLoop));
  for (let r = 0; r < TR; r++) {
    const cr = i32(`cr_${r}`);
    const vrow = add(add(mul(gateAt(s, add(i32('t0'), cr)), s.Dv), i32('j0')), i32('x'));
    const body: Stmt[] = [
      let_(`e_${r}`, 'f32', sc('ea', cr)),
      V.st('ub', ubAt(cr), V.op(mul(V.op(sub(V.ld('v', vrow, full), V.op(mul(V.splat(f32(`e_${r}`)), vf(`pk_${r}`))))), V.splat(sc('bt', cr)))), full),
      V.st('ob', ubAt(cr), V.op(mul(V.splat(f32(`e_${r}`)), vf(`pq_${r}`))), full),
    ];
    tileBody.push(...(r === 0 ? body : [if_(lt(add(i32('c0'), r), i32('cc')), body)]));
  }

  // U = (I + A)^-1 R and O = scale (e^gamma Q S0 + QK U), row by row
  const solve: Stmt = forLoop('ci', 0, i32('cc'), [
    letMut('uu', F, V.ld('ub', ubAt(i32('ci')), full)),
    letMut('oo', F, V.ld('ob', ubAt(i32('ci')), full)),
    forLoop('cj', 0, i32('ci'), [
      let_('uj', F, V.ld('ub', ubAt(i32('cj')), full)),
      assign('uu', V.op(fma(V.splat(sub(c.f32(0), sc('am', add(mul(i32('ci'), C), i32('cj'))))), vf('uj'), vf('uu')))),
      assign('oo', V.op(fma(V.splat(sc('qk', add(mul(i32('ci'), C), i32('cj')))), vf('uj'), vf('oo')))),
    ]),
    V.st('ub', ubAt(i32('ci')), vf('uu'), full),
    assign('oo', V.op(fma(V.splat(sc('qk', add(mul(i32('ci'), C), i32('ci')))), vf('uu'), vf('oo')))),
    V.st('o', add(add(mul(gateAt(s, add(i32('t0'), i32('ci'))), s.Dv), i32('j0')), i32('x')), V.op(mul(vf('oo'), V.splat(c.f32(s.scale)))), full),
  ]);

  // S = e^gamma_last S0 + Kᵀ diag(e^(gamma_last - gamma)) U, TR state rows at a time
  const update = (rows: number, i0: Expr): Stmt[] => {
    const out: Stmt[] = [];
    for (let r = 0; r < rows; r++) out.push(letMut(`sr_${r}`, F, V.op(mul(V.splat(f32('elast')), V.ld('st', stAt(add(i0, r)), full)))));
    const inner: Stmt[] = [let_('uj', F, V.ld('ub', ubAt(i32('cj')), full)), let_('dj', 'f32', sc('dl', i32('cj')))];
    for (let r = 0; r < rows; r++) {
      inner.push(assign(`sr_${r}`, V.op(fma(V.splat(mul(f32('dj'), sc('kn', add(mul(i32('cj'), s.Dk), add(i0, r))))), vf('uj'), vf(`sr_${r}`)))));
    }
    out.push(forLoop('cj', 0, i32('cc'), inner));
    for (let r = 0; r < rows; r++) out.push(V.st('st', stAt(add(i0, r)), vf(`sr_${r}`), full));
    return out;
  };
  const mainRows = s.Dk - (s.Dk % TR);
  const updates: Stmt[] = [forLoop('i0', 0, mainRows, update(TR, i32('i0')), { step: TR })];
  if (mainRows < s.Dk) updates.push(forLoop('i0', mainRows, s.Dk, update(1, i32('i0'))));

  const gAt = (i: Expr): Expr => add(add(i32('sbase'), mul(i, s.Dv)), i32('x'));
  return [
    alloc('st', 'f32', s.Dk * BV, 'private', 128),
    alloc('kn', 'f32', C * s.Dk, 'private', 128),
    alloc('qn', 'f32', C * s.Dk, 'private', 128),
    alloc('ub', 'f32', C * BV, 'private', 128),
    alloc('ob', 'f32', C * BV, 'private', 128),
    alloc('am', 'f32', C * C, 'private', 128),
    alloc('qk', 'f32', C * C, 'private', 128),
    alloc('gm', 'f32', C, 'private'),
    alloc('bt', 'f32', C, 'private'),
    alloc('ea', 'f32', C, 'private'),
    alloc('dl', 'f32', C, 'private'),
    V.strip('x', i32('bv'), [forLoop('i', 0, s.Dk, [V.st('st', stAt(i32('i')), V.ld('s0', gAt(i32('i')), full), full)])], full),
    forLoop('t0', 0, param('T'), [
      let_('cc', 'i32', min(c.i32(C), sub(param('T'), i32('t0')))),
      ...tokens,
      ...pairs,
      V.strip('x', i32('bv'), [
        forLoop('c0', 0, i32('cc'), tileBody, { step: TR }),
        solve,
        ...updates,
      ], full),
    ], { step: C }),
    V.strip('x', i32('bv'), [forLoop('i', 0, s.Dk, [V.st('s', gAt(i32('i')), V.ld('st', stAt(i32('i')), full), full)])], full),
  ];
}
