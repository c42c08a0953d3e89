/**
 * gated_delta_rule for the fixed-width SIMD class (c as width 1, avx2, avx512, neon), over a `SimdIsa`
 * rule table as attention/simd.ts. Both variants are one C function with a parallel loop over work
 * items (b, value head, block of `block_v` state columns): the columns of S evolve independently, so a
 * work item owns its block with no communication, reads each state element of it before it writes it,
 * and writes it once: right with s0 == s. At T = 1 the block is read from s0 and written to s directly;
 * longer T works on a private, L1-resident copy.
 *
 * 'recurrent' (decode, short T): per step, with a = exp(g_t) and S the state before the step,
 *   Sᵀk and Sᵀq come from one pass, u = beta (v - a Sᵀk), o = scale (a Sᵀq + (k·q) u), S = a S + k uᵀ.
 *   The update of step t and the dot products of step t + 1 share one pass over the block, so every
 *   step is one read and one write of the L1-resident block (plus a dots-only pass before step 0).
 *
 * 'chunked' (prefill): the WY/UT chunkwise form of gatedDeltaRuleChunked (packages/ir) per chunk of C
 *   tokens, rearranged so that the work item never forms W: with X = K S0 and P = Q S0 (one C x Dk by
 *   Dk x block_v product), R = diag(beta) (V - diag(e^gamma) X) and U = Tm R,
 *   O = scale (diag(e^gamma) P + (D ⊙ Q Kᵀ)_{j<=i} U), S = e^{gamma_last} S0 + Kᵀ diag(e^{gamma_last - gamma}) U.
 *   Only exponentials of differences gamma_i - gamma_j (i >= j) and gamma_last - gamma_j appear.
 *
 * q and k are l2-normalized inside the kernel (the flag is compiled in).
 */
import type { Expr, Kernel, KernelParam, Params, Stmt, Type, VectorType } from '@kforge/ir';
import {
  add, alloc, assign, broadcast, bufferParam, c, call, div, eq, fma, forLoop, gt, if_, le, let_, letMut, load, lt, max, min, mul, param, reduce, rem,
  scalarParam, select, store, sub, unary, v, vec,
} from '@kforge/ir';
import type { SimdIsa } from '../isa/simd.ts';

export interface GatedDeltaRuleSimdConfig {
  readonly variant: 'recurrent' | 'chunked';
  /** state columns per work item (a multiple of the f32 lanes) */
  readonly block_v: number;
  /** tokens per chunk (chunked) */
  readonly chunk: number;
}

const EPS = 1e-6;
/**
 * Decay factors below e^EXP_FLOOR are taken as 0: a cumulative log decay of a chunk reaches -20 C, and
 * exp of it (or products with it) would be subnormal, which x86 computes through slow microcode assists;
 * a term e^-64 (1.6e-28) times smaller than the current token's is far below f32 resolution.
 */
const EXP_FLOOR = -64;
const PREFETCH = 'kf_prefetch';
/** tokens the recurrent kernel stages at once (k, q, k·q, exp g) */
const RECURRENT_BATCH = 8;
/** the running decay of the recurrent block is multiplied in once it falls below this (2^-30) */
const RESCALE_BELOW = 2 ** -30;
const i32 = (name: string): Expr => v(name, 'i32');
const f32 = (name: string): Expr => v(name, 'f32');
const Bp = param('B');
const Tp = param('T');

interface Shape {
  readonly Hk: number; readonly Hv: number; readonly Dk: number; readonly Dv: number; readonly scale: number; readonly l2norm: boolean;
  readonly G: number;
}

function shapeOf(params: Params): Shape {
  const [Hk, Hv, Dk, Dv] = ['Hk', 'Hv', 'Dk', 'Dv'].map((n) => Number(params[n])) as [number, number, number, number];
  return { Hk, Hv, Dk, Dv, scale: Number(params.scale), l2norm: !!params.l2norm, G: Hv / Hk };
}

/** vector helpers of one ISA */
class Vec {
  readonly L: number;
  readonly F: Type;
  constructor(readonly isa: SimdIsa) {
    this.L = isa.f32Lanes;
    this.F = this.L === 1 ? 'f32' : vec('f32', this.L);
  }
  T(lanes: number): Type {
    return lanes === 1 ? 'f32' : vec('f32', lanes);
  }
  splat(x: Expr | number, lanes = this.L): Expr {
    const s = typeof x === 'number' ? c.f32(x) : x;
    return lanes === 1 ? s : broadcast(s, this.T(lanes) as VectorType);
  }
  hsum(x: Expr, lanes = this.L): Expr {
    return lanes === 1 ? x : reduce('add', x);
  }
  /** full vectors over [0, to), then a scalar tail */
  loop(name: string, to: number, fn: (d: Expr, lanes: number) => Stmt[], unroll = true): Stmt[] {
    const out: Stmt[] = [];
    const full = to - (to % this.L);
    if (full > 0) out.push(forLoop(name, 0, full, fn(i32(name), this.L), { step: this.L, ...(unroll && full / this.L <= 16 && this.L > 1 ? { unroll: full / this.L } : {}) }));
    if (full < to) out.push(forLoop(`${name}t`, full, to, fn(i32(`${name}t`), 1)));
    return out;
  }
}

/**
 * Column access of a work item's block: vector `c` of the block covers global columns j0 + c*L ..; with a
 * Dv tail (Dv % block_v != 0) the accesses are masked to the columns below Dv (width 1: guarded).
 */
class Columns {
  constructor(readonly vx: Vec, readonly tail: boolean) {}
  /** lanes of vector c that exist: clamp(Dv - j0 - c*L, 0, L) */
  count(cIdx: number): Expr {
    return max(c.i32(0), min(c.i32(this.vx.L), sub(i32('ncol'), cIdx * this.vx.L)));
  }
  load(name: string, buffer: string, index: Expr, cIdx: number): Stmt[] {
    const { L, F } = this.vx;
    if (!this.tail) return [let_(name, F, load(buffer, index, F))];
    if (L > 1) return [let_(name, F, load(buffer, index, F, { mask: this.count(cIdx) }))];
    return [letMut(name, 'f32', c.f32(0)), if_(lt(c.i32(cIdx), i32('ncol')), [assign(name, load(buffer, index, 'f32'))])];
  }
  store(buffer: string, index: Expr, value: Expr, cIdx: number): Stmt[] {
    const { L } = this.vx;
    if (!this.tail) return [store(buffer, index, value)];
    if (L > 1) return [store(buffer, index, value, { mask: this.count(cIdx) })];
    return [if_(lt(c.i32(cIdx), i32('ncol')), [store(buffer, index, value)])];
  }
}

function bufferParams(scratch: readonly KernelParam[]): KernelParam[] {
  return [
    bufferParam('q', 'f32'), bufferParam('k', 'f32'), bufferParam('v', 'f32'), bufferParam('g', 'f32'), bufferParam('beta', 'f32'),
    // s0 and s may be one buffer (in-place decode): no restrict on either
    bufferParam('s0', 'f32', 'read', { aliased: true }), bufferParam('o', 'f32', 'write'), bufferParam('s', 'f32', 'write', { aliased: true }),
    ...scratch,
  ];
}

/** the work item's coordinates: b, h, hk, j0 (first column), ncol (columns of the block below Dv), sbase (state offset) */
function workItem(sh: Shape, BV: number, nvb: number): Stmt[] {
  return [
    let_('jb', 'i32', rem(i32('w'), nvb)),
    let_('bh', 'i32', div(i32('w'), nvb)),
    let_('b', 'i32', div(i32('bh'), sh.Hv)),
    let_('h', 'i32', rem(i32('bh'), sh.Hv)),
    let_('hk', 'i32', div(i32('h'), sh.G)),
    let_('j0', 'i32', mul(i32('jb'), BV)),
    let_('ncol', 'i32', sub(c.i32(sh.Dv), i32('j0'))),
    let_('sbase', 'i32', add(mul(mul(i32('bh'), sh.Dk), sh.Dv), i32('j0'))),
  ];
}

/** index into s0 / s of the work item's column `col` (relative to j0) in state row `row` */
function globalAt(sh: Shape, col: number, row: Expr): Expr {
  return add(add(i32('sbase'), mul(row, sh.Dv)), col);
}

/** copy the block of s0 into Sb (Dk x BV, row stride BV) and back from Sb into s */
function stateCopy(sh: Shape, vx: Vec, cols: Columns, BV: number, toPrivate: boolean): Stmt {
  const NC = BV / vx.L;
  const body: Stmt[] = [];
  for (let cc = 0; cc < NC; cc++) {
    const g = globalAt(sh, cc * vx.L, i32('si'));
    const p = add(mul(i32('si'), BV), cc * vx.L);
    if (toPrivate) body.push(...cols.load(`sl${cc}`, 's0', g, cc), store('Sb', p, v(`sl${cc}`, vx.F)));
    else body.push(...cols.store('s', g, load('Sb', p, vx.F), cc));
  }
  return forLoop('si', 0, sh.Dk, body);
}

/**
 * Stage token t's k and q rows (l2-normalized when asked) into kn/qn at slot `slot` (Dk floats each), k·q
 * (of the normalized rows) into kqs[slot] and exp(g_t) into eas[slot].
 */
function stageToken(sh: Shape, vx: Vec, t: Expr, slot: Expr, tag: string): Stmt[] {
  const out: Stmt[] = [
    let_(`qkb${tag}`, 'i32', mul(add(mul(add(mul(i32('b'), Tp), t), sh.Hk), i32('hk')), sh.Dk)),
    let_(`so${tag}`, 'i32', mul(slot, sh.Dk)),
    store('eas', slot, decayExp(load('g', add(mul(add(mul(i32('b'), Tp), t), sh.Hv), i32('h')), 'f32'))),
  ];
  const off = i32(`so${tag}`);
  const acc = (name: string, lanes: number): string => `${name}${tag}${lanes === 1 ? 's' : 'v'}`;
  const parts: Record<string, Expr[]> = { kk: [], qq: [], kq: [] };
  const loops = (d: Expr, lanes: number): Stmt[] => {
    const T = vx.T(lanes);
    const kv = load('k', add(i32(`qkb${tag}`), d), T);
    const qv = load('q', add(i32(`qkb${tag}`), d), T);
    return [
      let_(`kx${tag}${lanes}`, T, kv), let_(`qx${tag}${lanes}`, T, qv),
      ...(sh.l2norm ? [
        assign(acc('kk', lanes), fma(v(`kx${tag}${lanes}`, T), v(`kx${tag}${lanes}`, T), v(acc('kk', lanes), T))),
        assign(acc('qq', lanes), fma(v(`qx${tag}${lanes}`, T), v(`qx${tag}${lanes}`, T), v(acc('qq', lanes), T))),
      ] : []),
      assign(acc('kq', lanes), fma(v(`kx${tag}${lanes}`, T), v(`qx${tag}${lanes}`, T), v(acc('kq', lanes), T))),
      store('kn', add(off, d), v(`kx${tag}${lanes}`, T)),
      store('qn', add(off, d), v(`qx${tag}${lanes}`, T)),
    ];
  };
  const full = sh.Dk - (sh.Dk % vx.L);
  const names = sh.l2norm ? ['kk', 'qq', 'kq'] : ['kq'];
  for (const lanes of full > 0 ? (full < sh.Dk ? [vx.L, 1] : [vx.L]) : [1]) {
    for (const n of names) {
      out.push(letMut(acc(n, lanes), vx.T(lanes), vx.splat(0, lanes)));
      parts[n]!.push(vx.hsum(v(acc(n, lanes), vx.T(lanes)), lanes));
    }
  }
  out.push(...vx.loop(`dq${tag}`, sh.Dk, loops));
  const total = (n: string): Expr => parts[n]!.reduce((x, y) => add(x, y));
  if (!sh.l2norm) {
    out.push(store('kqs', slot, total('kq')));
    return out;
  }
  out.push(
    let_(`rk${tag}`, 'f32', div(c.f32(1), unary('sqrt', add(total('kk'), c.f32(EPS))))),
    let_(`rq${tag}`, 'f32', div(c.f32(1), unary('sqrt', add(total('qq'), c.f32(EPS))))),
    store('kqs', slot, mul(total('kq'), mul(f32(`rk${tag}`), f32(`rq${tag}`)))),
    ...vx.loop(`dn${tag}`, sh.Dk, (d, lanes) => {
      const T = vx.T(lanes);
      return [
        store('kn', add(off, d), mul(load('kn', add(off, d), T), vx.splat(f32(`rk${tag}`), lanes))),
        store('qn', add(off, d), mul(load('qn', add(off, d), T), vx.splat(f32(`rq${tag}`), lanes))),
      ];
    }),
  );
  return out;
}

/**
 * Hints for the q, k and v rows of token `tp` (clamped to the last): consecutive tokens' rows are Hk*Dk
 * or Hv*Dv floats apart, past the hardware prefetchers' page.
 */
function prefetchToken(sh: Shape, isa: SimdIsa, BV: number, t: Expr): Stmt[] {
  if (isa.rules.rules[`call.${PREFETCH}:i32`] === undefined) return [];
  const tp = min(t, sub(Tp, 1));
  const qk = mul(add(mul(add(mul(i32('b'), Tp), tp), sh.Hk), i32('hk')), sh.Dk);
  const vr = add(mul(add(mul(add(mul(i32('b'), Tp), tp), sh.Hv), i32('h')), sh.Dv), i32('j0'));
  const vBytes = Math.min(BV, sh.Dv) * 4;
  return [
    let_('pfk', 'i32', call(PREFETCH, [load('k', qk, 'f32'), c.i32(sh.Dk * 4)], 'i32')),
    let_('pfq', 'i32', call(PREFETCH, [load('q', qk, 'f32'), c.i32(sh.Dk * 4)], 'i32')),
    let_('pfv', 'i32', call(PREFETCH, [load('v', vr, 'f32'), c.i32(vBytes)], 'i32')),
  ];
}

/**
 * The recurrent kernel. Tokens go in batches of TB: the batch's k and q rows (normalized), k·q and
 * exp(g) are staged first (independent work, off the steps' dependency chain), slot j + 1 holding the
 * token after slot j's (slot TB is the next batch's slot 0). Where the registers allow, each step's pass
 * keeps two sets of dot accumulators (even and odd rows), so the chain of dependent FMAs is Dk / 2 long.
 */
export function lowerGatedDeltaRuleRecurrent(params: Params, config: GatedDeltaRuleSimdConfig, isa: SimdIsa): Kernel {
  const sh = shapeOf(params);
  const vx = new Vec(isa);
  const { L, F } = vx;
  const BV = config.block_v;
  if (BV % L !== 0) throw new Error(`gated_delta_rule: block_v ${BV} is not a multiple of ${L} lanes`);
  const NC = BV / L;
  const nvb = Math.ceil(sh.Dv / BV);
  const cols = new Columns(vx, sh.Dv % BV !== 0);
  const at = (cc: number, row: Expr): Expr => add(mul(row, BV), cc * L);
  const TB = RECURRENT_BATCH;
  // two sets of dot accumulators where the registers hold them (2 x 2 x NC, u, three broadcasts, a temporary)
  const regs = L > 1 && (L >= 16 || isa.rules.name === 'neon') ? 32 : 16;
  const SETS = sh.Dk >= 2 && 4 * NC + NC + 4 <= regs ? 2 : 1;

  const work: Stmt[] = [
    ...workItem(sh, BV, nvb),
    alloc('kn', 'f32', (TB + 1) * sh.Dk, 'private', 64),
    alloc('qn', 'f32', (TB + 1) * sh.Dk, 'private', 64),
    alloc('kqs', 'f32', TB + 1, 'private'),
    alloc('eas', 'f32', TB + 1, 'private'),
  ];
  const accName = (kind: 'k' | 'q', cc: number, set: number): string => `a${kind}${cc}_${set}`;
  for (let cc = 0; cc < NC; cc++) {
    for (let st = 0; st < SETS; st++) work.push(letMut(accName('k', cc, st), F, vx.splat(0)), letMut(accName('q', cc, st), F, vx.splat(0)));
    work.push(letMut(`u${cc}`, F, vx.splat(0)));
  }
  const zeroAccs = (): Stmt[] => {
    const out: Stmt[] = [];
    for (let cc = 0; cc < NC; cc++) for (let st = 0; st < SETS; st++) out.push(assign(accName('k', cc, st), vx.splat(0)), assign(accName('q', cc, st), vx.splat(0)));
    return out;
  };
  /** rows [0, Dk) in steps of SETS, row ru + st into set st, then a tail row into set 0 */
  const rows = (name: string, body: (row: Expr, set: number) => Stmt[]): Stmt[] => {
    const full = sh.Dk - (sh.Dk % SETS);
    const out: Stmt[] = [];
    const inner: Stmt[] = [];
    for (let st = 0; st < SETS; st++) inner.push(...body(add(i32(name), st), st));
    out.push(forLoop(name, 0, full, inner, { step: SETS }));
    if (full < sh.Dk) out.push(...body(c.i32(full), 0));
    return out;
  };

  /** state element vector cc of a row, in the private block or straight from s0 (T = 1: no private copy) */
  const stateLoad = (name: string, from: 'Sb' | 's0', cc: number, row: Expr): Stmt[] =>
    from === 'Sb' ? [let_(name, F, load('Sb', at(cc, row), F))] : cols.load(name, 's0', globalAt(sh, cc * L, row), cc);
  const stateStore = (to: 'Sb' | 's', cc: number, row: Expr, value: Expr): Stmt[] =>
    to === 'Sb' ? [store('Sb', at(cc, row), value)] : cols.store('s', globalAt(sh, cc * L, row), value, cc);
  /** stage token 0 and the dots of step 0 over the state before it */
  const firstDots = (from: 'Sb' | 's0'): Stmt[] => [
    ...stageToken(sh, vx, c.i32(0), c.i32(0), 'a'),
    ...rows('ri', (row, st) => {
      const r: Stmt[] = [
        let_(`k0b${st}`, F, vx.splat(load('kn', row, 'f32'))),
        let_(`q0b${st}`, F, vx.splat(load('qn', row, 'f32'))),
      ];
      for (let cc = 0; cc < NC; cc++) {
        r.push(
          ...stateLoad(`s0v${cc}_${st}`, from, cc, row),
          assign(accName('k', cc, st), fma(v(`s0v${cc}_${st}`, F), v(`k0b${st}`, F), v(accName('k', cc, st), F))),
          assign(accName('q', cc, st), fma(v(`s0v${cc}_${st}`, F), v(`q0b${st}`, F), v(accName('q', cc, st), F))),
        );
      }
      return r;
    }),
  ];

  // step t: u and o from the dots, then one pass: the update of step t and the dots of step t + 1.
  // The block holds S / sig (sig a running product of decays): a step multiplies sig by a instead of
  // every element, and adds k (u / sig)ᵀ; once sig falls below RESCALE_BELOW the pass multiplies the
  // block by sig (S = sig S~ + k uᵀ) and sig is 1 again, so u / sig stays far from f32 overflow.
  work.push(letMut('sig', 'f32', c.f32(1)));
  const sum = (kind: 'k' | 'q', cc: number): Expr => {
    let e = v(accName(kind, cc, 0), F);
    for (let st = 1; st < SETS; st++) e = add(e, v(accName(kind, cc, st), F));
    return e;
  };
  /** u and o of the step in slot j of the batch from tb, from its dots */
  const stepHead = (tb: Expr, j: Expr): Stmt[] => {
    const head: Stmt[] = [
      let_('t', 'i32', add(tb, j)),
      let_('gate', 'i32', add(mul(add(mul(i32('b'), Tp), i32('t')), sh.Hv), i32('h'))),
      let_('vo', 'i32', add(mul(i32('gate'), sh.Dv), i32('j0'))),
      let_('sg', 'f32', mul(load('eas', j, 'f32'), f32('sig'))),
      let_('bt', 'f32', load('beta', i32('gate'), 'f32')),
      let_('cur', 'i32', mul(j, sh.Dk)),
      let_('nxt', 'i32', add(i32('cur'), sh.Dk)),
      let_('kqv', 'f32', load('kqs', j, 'f32')),
      let_('sgv', F, vx.splat(f32('sg'))),
    ];
    for (let cc = 0; cc < NC; cc++) {
      const vIdx = add(i32('vo'), cc * L);
      head.push(
        ...cols.load(`vv${cc}`, 'v', vIdx, cc),
        assign(`u${cc}`, mul(sub(v(`vv${cc}`, F), mul(v('sgv', F), sum('k', cc))), vx.splat(f32('bt')))),
        ...cols.store('o', vIdx, mul(fma(v('sgv', F), sum('q', cc), mul(vx.splat(f32('kqv')), v(`u${cc}`, F))), vx.splat(c.f32(sh.scale))), cc),
      );
    }
    return head;
  };
  /** one row of the pass: rescale (S~ sig + k u) or not (S~ + k u / sig), with or without the next step's dots */
  const updateRow = (row: Expr, st: number, withDots: boolean, rescale: boolean, from: 'Sb' | 's0', to: 'Sb' | 's'): Stmt[] => {
    const r: Stmt[] = [let_(`kcb${st}`, F, vx.splat(load('kn', add(i32('cur'), row), 'f32')))];
    if (withDots) {
      r.push(
        let_(`kxb${st}`, F, vx.splat(load('kn', add(i32('nxt'), row), 'f32'))),
        let_(`qxb${st}`, F, vx.splat(load('qn', add(i32('nxt'), row), 'f32'))),
      );
    }
    for (let cc = 0; cc < NC; cc++) {
      const old = v(`so${cc}_${st}`, F);
      r.push(
        ...stateLoad(`so${cc}_${st}`, from, cc, row),
        let_(`sn${cc}_${st}`, F, fma(v(`kcb${st}`, F), v(`${rescale ? 'u' : 'us'}${cc}`, F), rescale ? mul(old, v('sgv', F)) : old)),
        ...stateStore(to, cc, row, v(`sn${cc}_${st}`, F)),
      );
      if (withDots) {
        r.push(
          assign(accName('k', cc, st), fma(v(`sn${cc}_${st}`, F), v(`kxb${st}`, F), v(accName('k', cc, st), F))),
          assign(accName('q', cc, st), fma(v(`sn${cc}_${st}`, F), v(`qxb${st}`, F), v(accName('q', cc, st), F))),
        );
      }
    }
    return r;
  };
  const pass = (withDots: boolean, rescale: boolean, from: 'Sb' | 's0' = 'Sb', to: 'Sb' | 's' = 'Sb'): Stmt[] => {
    const out: Stmt[] = [];
    if (!rescale) {
      out.push(let_('isg', 'f32', div(c.f32(1), f32('sg'))));
      for (let cc = 0; cc < NC; cc++) out.push(let_(`us${cc}`, F, mul(v(`u${cc}`, F), vx.splat(f32('isg')))));
    }
    out.push(...rows('ru', (row, st) => updateRow(row, st, withDots, rescale, from, to)));
    out.push(assign('sig', rescale ? c.f32(1) : f32('sg')));
    return out;
  };
  const fused: Stmt[] = [...zeroAccs(), if_(lt(f32('sg'), c.f32(RESCALE_BELOW)), pass(true, true), pass(true, false))];
  // the last step rescales, so the block is S itself when it is written back
  const step: Stmt[] = [...stepHead(i32('tb'), i32('j')), if_(lt(add(i32('t'), 1), Tp), fused, pass(false, true))];

  const batch: Stmt[] = [
    // slot TB of the batch before is this batch's slot 0
    if_(lt(c.i32(0), i32('tb')), [
      ...vx.loop('cs', sh.Dk, (d, lanes) => [
        store('kn', d, load('kn', add(d, TB * sh.Dk), vx.T(lanes))),
        store('qn', d, load('qn', add(d, TB * sh.Dk), vx.T(lanes))),
      ]),
      store('kqs', 0, load('kqs', TB, 'f32')),
      store('eas', 0, load('eas', TB, 'f32')),
    ]),
    forLoop('js', 1, add(min(c.i32(TB), sub(sub(Tp, 1), i32('tb'))), 1), [
      ...prefetchToken(sh, isa, BV, add(add(i32('tb'), i32('js')), TB)),
      ...stageToken(sh, vx, add(i32('tb'), i32('js')), i32('js'), 'n'),
    ]),
    forLoop('j', 0, min(c.i32(TB), sub(Tp, i32('tb'))), step),
  ];
  // T = 1 (decode) reads the block from s0 twice (dots, then update; L1-resident in between) and writes s
  // once: no private copy. Longer T works on a private copy of the block, read once and written once.
  const single: Stmt[] = [...firstDots('s0'), ...stepHead(c.i32(0), c.i32(0)), ...pass(false, true, 's0', 's')];
  const staged: Stmt[] = [
    alloc('Sb', 'f32', sh.Dk * BV, 'private', 64),
    stateCopy(sh, vx, cols, BV, true),
    ...firstDots('Sb'),
    forLoop('tb', 0, Tp, batch, { step: TB }),
    stateCopy(sh, vx, cols, BV, false),
  ];
  work.push(if_(eq(Tp, 1), single, staged));

  return {
    name: `gated_delta_rule_recurrent_${isa.rules.name}`,
    model: 'cpu',
    params: [...bufferParams([]), scalarParam('B'), scalarParam('T')],
    body: [forLoop('w', 0, mul(mul(Bp, sh.Hv), nvb), work, { parallel: true })],
  };
}

/** exp(x) of a log decay (x <= 0), 0 below EXP_FLOOR */
function decayExp(x: Expr): Expr {
  return select(gt(x, c.f32(EXP_FLOOR)), unary('exp', x), c.f32(0));
}

/** register tiles of the chunked products: rows sharing each loaded B vector, column vectors sharing each broadcast */
function tilePlan(isa: SimdIsa, tall: boolean): { RB: number; NCB: number } {
  if (isa.f32Lanes === 1) return { RB: 2, NCB: 4 };
  const wide = isa.f32Lanes >= 16 || isa.rules.name === 'neon';
  // tall tiles (more rows per loaded B vector) where B is the state block, which outgrows L1
  if (tall) return wide ? { RB: 8, NCB: 2 } : { RB: 4, NCB: 2 };
  return wide ? { RB: 4, NCB: 4 } : { RB: 2, NCB: 4 };
}

interface Gemm {
  readonly tag: string;
  /** rows of the result (compile-time) and the reduction length (compile-time) */
  readonly rows: number;
  readonly depth: number;
  /** A[row][kk] (a scalar, broadcast) */
  readonly a: (row: Expr, kk: Expr) => Expr;
  /** B[kk] vector cv of the block */
  readonly b: (kk: Expr, cv: number) => Expr;
  /** the accumulator's start for (row, cv) */
  readonly init: (row: Expr, cv: number) => Expr;
  readonly out: (row: Expr, cv: number, acc: Expr) => Stmt[];
}

/** C[rows][NC vectors] = init + A · B, register tiles of RB rows x NCB column vectors */
function gemm(vx: Vec, plan: { RB: number; NCB: number }, NC: number, g: Gemm): Stmt[] {
  const { F } = vx;
  const out: Stmt[] = [];
  const tile = (rowBase: Expr, rb: number, c0: number, nc: number, tag: string): Stmt[] => {
    const body: Stmt[] = [];
    const row = (r: number): Expr => add(rowBase, r);
    for (let r = 0; r < rb; r++) for (let cv = 0; cv < nc; cv++) body.push(letMut(`${tag}${r}_${cv}`, F, g.init(row(r), c0 + cv)));
    const kk = i32(`${tag}k`);
    const inner: Stmt[] = [];
    for (let cv = 0; cv < nc; cv++) inner.push(let_(`${tag}b${cv}`, F, g.b(kk, c0 + cv)));
    for (let r = 0; r < rb; r++) {
      inner.push(let_(`${tag}a${r}`, F, vx.splat(g.a(row(r), kk))));
      for (let cv = 0; cv < nc; cv++) inner.push(assign(`${tag}${r}_${cv}`, fma(v(`${tag}a${r}`, F), v(`${tag}b${cv}`, F), v(`${tag}${r}_${cv}`, F))));
    }
    body.push(forLoop(`${tag}k`, 0, g.depth, inner));
    for (let r = 0; r < rb; r++) for (let cv = 0; cv < nc; cv++) body.push(...g.out(row(r), c0 + cv, v(`${tag}${r}_${cv}`, F)));
    return body;
  };
  const groups: [number, number][] = [];
  for (let c0 = 0; c0 < NC; c0 += plan.NCB) groups.push([c0, Math.min(plan.NCB, NC - c0)]);
  const full = g.rows - (g.rows % plan.RB);
  for (const [gi, [c0, nc]] of groups.entries()) {
    const tag = `${g.tag}${gi}_`;
    if (full > 0) out.push(forLoop(`${tag}r`, 0, full, tile(i32(`${tag}r`), plan.RB, c0, nc, `${tag}m`), { step: plan.RB }));
    if (full < g.rows) out.push(forLoop(`${tag}t`, full, g.rows, tile(i32(`${tag}t`), 1, c0, nc, `${tag}n`)));
  }
  return out;
}

/**
 * The chunked (WY/UT) kernel. Per work item and chunk of C tokens (n = min(C, T - t0) real ones; rows
 * past n are zero and contribute nothing):
 * 1. stage K and Q rows (normalized) as KQ [2C][Dk], K transposed as KT [Dk][C], gamma and beta;
 * 2. A (negated, strictly lower) and M = scale D ⊙ Q Kᵀ (lower, diagonal included) from KT, L keys a vector;
 * 3. [X; P] = [K; Q] S0 (register tiles);
 * 4. row by row: U_i = beta_i (v_i - e^gamma_i X_i) - sum_{j<i} A_ij U_j (forward substitution: Tm = (I+A)^-1
 *    applied without forming it) and O_i = scale e^gamma_i P_i + sum_{j<=i} M_ij U_j;
 * 5. S = e^{gamma_last} S0 + Kᵀ (e^{gamma_last - gamma_j} U_j) (register tiles).
 */
export function lowerGatedDeltaRuleChunked(params: Params, config: GatedDeltaRuleSimdConfig, isa: SimdIsa): Kernel {
  const sh = shapeOf(params);
  const vx = new Vec(isa);
  const { L, F } = vx;
  const BV = config.block_v;
  const C = config.chunk;
  if (BV % L !== 0) throw new Error(`gated_delta_rule: block_v ${BV} is not a multiple of ${L} lanes`);
  const NC = BV / L;
  const nvb = Math.ceil(sh.Dv / BV);
  const cols = new Columns(vx, sh.Dv % BV !== 0);
  const { Dk } = sh;
  /** lanes of the key vectors of A and M */
  const GL = C % L === 0 ? L : 1;
  const GT = vx.T(GL);
  const sAt = (row: Expr, cv: number): Expr => add(mul(row, BV), cv * L);

  const work: Stmt[] = [
    ...workItem(sh, BV, nvb),
    alloc('Sb', 'f32', Dk * BV, 'private', 64),
    alloc('KQ', 'f32', 2 * C * Dk, 'private', 64),
    alloc('KT', 'f32', Dk * C, 'private', 64),
    alloc('XP', 'f32', 2 * C * BV, 'private', 64),
    alloc('Am', 'f32', C * C, 'private', 64),
    alloc('Mm', 'f32', C * C, 'private', 64),
    alloc('gam', 'f32', C, 'private', 64),
    alloc('bet', 'f32', C, 'private', 64),
    alloc('iota', 'f32', GL, 'private', 64),
    stateCopy(sh, vx, cols, BV, true),
  ];
  for (let l = 0; l < GL; l++) work.push(store('iota', l, c.f32(l)));

  // 1. staging
  const ci = i32('ci');
  const realRow: Stmt[] = [
    let_('ct', 'i32', add(i32('t0'), ci)),
    let_('cgate', 'i32', add(mul(add(mul(i32('b'), Tp), i32('ct')), sh.Hv), i32('h'))),
    let_('cqk', 'i32', mul(add(mul(add(mul(i32('b'), Tp), i32('ct')), sh.Hk), i32('hk')), Dk)),
    assign('gacc', add(f32('gacc'), load('g', i32('cgate'), 'f32'))),
    store('gam', ci, f32('gacc')),
    store('bet', ci, load('beta', i32('cgate'), 'f32')),
  ];
  const kRow = mul(ci, Dk);
  const qRow = mul(add(ci, C), Dk);
  if (sh.l2norm) {
    const parts: Record<string, Expr[]> = { kk: [], qq: [] };
    const full = Dk - (Dk % L);
    for (const lanes of full > 0 ? (full < Dk ? [L, 1] : [L]) : [1]) {
      for (const n of ['kk', 'qq']) {
        realRow.push(letMut(`c${n}${lanes}`, vx.T(lanes), vx.splat(0, lanes)));
        parts[n]!.push(vx.hsum(v(`c${n}${lanes}`, vx.T(lanes)), lanes));
      }
    }
    realRow.push(...vx.loop('cd', Dk, (d, lanes) => {
      const T = vx.T(lanes);
      return [
        let_(`ckx${lanes}`, T, load('k', add(i32('cqk'), d), T)),
        let_(`cqx${lanes}`, T, load('q', add(i32('cqk'), d), T)),
        assign(`ckk${lanes}`, fma(v(`ckx${lanes}`, T), v(`ckx${lanes}`, T), v(`ckk${lanes}`, T))),
        assign(`cqq${lanes}`, fma(v(`cqx${lanes}`, T), v(`cqx${lanes}`, T), v(`cqq${lanes}`, T))),
      ];
    }));
    const total = (n: string): Expr => parts[n]!.reduce((a, b) => add(a, b));
    realRow.push(
      let_('crk', 'f32', div(c.f32(1), unary('sqrt', add(total('kk'), c.f32(EPS))))),
      let_('crq', 'f32', div(c.f32(1), unary('sqrt', add(total('qq'), c.f32(EPS))))),
    );
  }
  realRow.push(...vx.loop('ce', Dk, (d, lanes) => {
    const T = vx.T(lanes);
    const kx = load('k', add(i32('cqk'), d), T);
    const qx = load('q', add(i32('cqk'), d), T);
    return [
      store('KQ', add(kRow, d), sh.l2norm ? mul(kx, vx.splat(f32('crk'), lanes)) : kx),
      store('KQ', add(qRow, d), sh.l2norm ? mul(qx, vx.splat(f32('crq'), lanes)) : qx),
    ];
  }));
  const padRow: Stmt[] = [
    store('gam', ci, f32('gacc')),
    store('bet', ci, c.f32(0)),
    ...vx.loop('cz', Dk, (d, lanes) => [store('KQ', add(kRow, d), vx.splat(0, lanes)), store('KQ', add(qRow, d), vx.splat(0, lanes))]),
  ];
  const chunk: Stmt[] = [
    let_('n', 'i32', min(c.i32(C), sub(Tp, i32('t0')))),
    letMut('gacc', 'f32', c.f32(0)),
    forLoop('ci', 0, C, [if_(lt(ci, i32('n')), realRow, padRow)]),
    forLoop('td', 0, Dk, [forLoop('tj', 0, C, [store('KT', add(mul(i32('td'), C), i32('tj')), load('KQ', add(mul(i32('tj'), Dk), i32('td')), 'f32'))])]),
  ];

  // 2. A and M, GL keys per vector, RG rows at a time (their k and q rows against one KT vector)
  const RG = C >= 4 ? 4 : 1;
  const gi = i32('gi');
  const gj = i32('gj');
  const gram: Stmt[] = [];
  for (let r = 0; r < RG; r++) gram.push(letMut(`gk${r}`, GT, vx.splat(0, GL)), letMut(`gq${r}`, GT, vx.splat(0, GL)));
  const gInner: Stmt[] = [let_('gkt', GT, load('KT', add(mul(i32('gd'), C), gj), GT))];
  for (let r = 0; r < RG; r++) {
    gInner.push(
      assign(`gk${r}`, fma(vx.splat(load('KQ', add(mul(add(gi, r), Dk), i32('gd')), 'f32'), GL), v('gkt', GT), v(`gk${r}`, GT))),
      assign(`gq${r}`, fma(vx.splat(load('KQ', add(mul(add(add(gi, r), C), Dk), i32('gd')), 'f32'), GL), v('gkt', GT), v(`gq${r}`, GT))),
    );
  }
  gram.push(forLoop('gd', 0, Dk, gInner));
  const jv = GL === 1 ? cast_(gj) : add(load('iota', 0, GT), vx.splat(cast_(gj), GL));
  gram.push(let_('gjv', GT, jv), let_('ggj', GT, load('gam', gj, GT)));
  for (let r = 0; r < RG; r++) {
    const row = add(gi, r);
    const rowF = vx.splat(cast_(row), GL);
    // exp of gamma_i - gamma_j only where j <= i (<= 0 there); elsewhere the difference is clamped to 0 and the entry masked
    const diff = min(sub(vx.splat(load('gam', row, 'f32'), GL), v('ggj', GT)), vx.splat(0, GL));
    gram.push(
      let_(`gd${r}`, GT, diff),
      let_(`ge${r}`, GT, select(gt(v(`gd${r}`, GT), vx.splat(EXP_FLOOR, GL)), unary('exp', v(`gd${r}`, GT)), vx.splat(0, GL))),
      store('Am', add(mul(row, C), gj), select(lt(v('gjv', GT), rowF), mul(mul(v(`ge${r}`, GT), v(`gk${r}`, GT)), vx.splat(unary('neg', load('bet', row, 'f32')), GL)), vx.splat(0, GL))),
      store('Mm', add(mul(row, C), gj), select(le(v('gjv', GT), rowF), mul(mul(v(`ge${r}`, GT), v(`gq${r}`, GT)), vx.splat(c.f32(sh.scale), GL)), vx.splat(0, GL))),
    );
  }
  // key vectors up to the last row of the group: j <= gi + RG - 1
  chunk.push(forLoop('gi', 0, C, [forLoop('gj', 0, add(gi, RG), gram, { step: GL })], { step: RG }));

  // 3. [X; P] = KQ · S0
  chunk.push(...gemm(vx, tilePlan(isa, true), NC, {
    tag: 'xp', rows: 2 * C, depth: Dk,
    a: (row, kk) => load('KQ', add(mul(row, Dk), kk), 'f32'),
    b: (kk, cv) => load('Sb', sAt(kk, cv), F),
    init: () => vx.splat(0),
    out: (row, cv, acc) => [store('XP', sAt(row, cv), acc)],
  }));

  // 4. U (in place of X) and O, row by row, in groups of column vectors
  const UG = Math.min(NC, 8);
  for (let c0 = 0; c0 < NC; c0 += UG) {
    const nc = Math.min(UG, NC - c0);
    const ui = i32(`ui${c0}`);
    const uj = i32(`uj${c0}`);
    const rowBody: Stmt[] = [
      let_(`ueg${c0}`, F, vx.splat(decayExp(load('gam', ui, 'f32')))),
      let_(`ubt${c0}`, F, vx.splat(load('bet', ui, 'f32'))),
      let_(`uvo${c0}`, 'i32', add(mul(add(mul(add(mul(i32('b'), Tp), add(i32('t0'), ui)), sh.Hv), i32('h')), sh.Dv), i32('j0'))),
      // rows past n read v of token t0 (always real); beta is 0 there
      let_(`uvr${c0}`, 'i32', select(lt(ui, i32('n')), v(`uvo${c0}`, 'i32'), add(mul(add(mul(mul(i32('b'), Tp), sh.Hv), add(mul(i32('t0'), sh.Hv), i32('h'))), sh.Dv), i32('j0')))),
    ];
    for (let cv = c0; cv < c0 + nc; cv++) {
      rowBody.push(
        ...cols.load(`uv${c0}_${cv}`, 'v', add(v(`uvr${c0}`, 'i32'), cv * L), cv),
        letMut(`ua${c0}_${cv}`, F, mul(v(`ubt${c0}`, F), sub(v(`uv${c0}_${cv}`, F), mul(v(`ueg${c0}`, F), load('XP', sAt(ui, cv), F))))),
        letMut(`oa${c0}_${cv}`, F, mul(mul(v(`ueg${c0}`, F), vx.splat(c.f32(sh.scale))), load('XP', sAt(add(ui, C), cv), F))),
      );
    }
    const jBody: Stmt[] = [
      let_(`uaj${c0}`, F, vx.splat(load('Am', add(mul(ui, C), uj), 'f32'))),
      let_(`umj${c0}`, F, vx.splat(load('Mm', add(mul(ui, C), uj), 'f32'))),
    ];
    for (let cv = c0; cv < c0 + nc; cv++) {
      jBody.push(
        let_(`uu${c0}_${cv}`, F, load('XP', sAt(uj, cv), F)),
        assign(`ua${c0}_${cv}`, fma(v(`uaj${c0}`, F), v(`uu${c0}_${cv}`, F), v(`ua${c0}_${cv}`, F))),
        assign(`oa${c0}_${cv}`, fma(v(`umj${c0}`, F), v(`uu${c0}_${cv}`, F), v(`oa${c0}_${cv}`, F))),
      );
    }
    rowBody.push(forLoop(`uj${c0}`, 0, ui, jBody));
    rowBody.push(let_(`umi${c0}`, F, vx.splat(load('Mm', add(mul(ui, C), ui), 'f32'))));
    const stores: Stmt[] = [];
    for (let cv = c0; cv < c0 + nc; cv++) {
      rowBody.push(store('XP', sAt(ui, cv), v(`ua${c0}_${cv}`, F)));
      stores.push(...cols.store('o', add(v(`uvo${c0}`, 'i32'), cv * L), fma(v(`umi${c0}`, F), v(`ua${c0}_${cv}`, F), v(`oa${c0}_${cv}`, F)), cv));
    }
    rowBody.push(if_(lt(ui, i32('n')), stores));
    chunk.push(forLoop(`ui${c0}`, 0, C, rowBody));
  }

  // 5. S = e^{gamma_last} S0 + Kᵀ (e^{gamma_last - gamma_j} U_j)
  chunk.push(let_('glast', 'f32', load('gam', C - 1, 'f32')));
  chunk.push(forLoop('dj', 0, C, [
    let_('dlj', F, vx.splat(decayExp(sub(f32('glast'), load('gam', i32('dj'), 'f32'))))),
    ...Array.from({ length: NC }, (_, cv) => store('XP', sAt(i32('dj'), cv), mul(load('XP', sAt(i32('dj'), cv), F), v('dlj', F)))),
  ]));
  chunk.push(let_('elast', F, vx.splat(decayExp(f32('glast')))));
  chunk.push(...gemm(vx, tilePlan(isa, false), NC, {
    tag: 'su', rows: Dk, depth: C,
    a: (row, kk) => load('KT', add(mul(row, C), kk), 'f32'),
    b: (kk, cv) => load('XP', sAt(kk, cv), F),
    init: (row, cv) => mul(load('Sb', sAt(row, cv), F), v('elast', F)),
    out: (row, cv, acc) => [store('Sb', sAt(row, cv), acc)],
  }));

  work.push(forLoop('t0', 0, Tp, chunk, { step: C }));
  work.push(stateCopy(sh, vx, cols, BV, false));
  return {
    name: `gated_delta_rule_chunked_${isa.rules.name}`,
    model: 'cpu',
    params: [...bufferParams([]), scalarParam('B'), scalarParam('T')],
    body: [forLoop('w', 0, mul(mul(Bp, sh.Hv), nvb), work, { parallel: true })],
  };
}

function cast_(x: Expr): Expr {
  return { op: 'cast', a: x, type: 'f32' };
}
