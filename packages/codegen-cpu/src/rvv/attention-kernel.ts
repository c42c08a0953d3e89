/**
 * attention for the scalable-vector class (RVV 1.0), vector-length agnostic: every vector loop
 * strip-mines with `vl = setvl(remaining)`, so one binary is right at any VLEN.
 *
 * Rows: the query rows of one kv head are its Hq/Hkv heads times the Sq positions, ordered
 * r = i * group + g (position-major), and `block_q` of them are handled together: each K strip and each
 * V strip is loaded (and converted) once and multiplied into all of them, so a K/V tile is read once
 * per block of rows (decode: the whole group). A last, short block repeats its last row in the spare
 * slots and stores nothing for them.
 *
 * Keys: a block sees the union of its rows' ranges (rows are position-ordered: [first of row 0, last
 * of the last row]); tiles outside it, the ones the masks leave empty, are never visited. The range
 * is cut into `kv_splits` parts (flash-decoding); each is swept in tiles of `block_kv` keys with the
 * online softmax:
 *   1. scores s[t][jj] = scale * q_t . k_j: per key, strips of D loaded once, `vfmacc` into one
 *      accumulator per row (tail-undisturbed, cleared at VLMAX), one `vfredusum` per row; q8_0 keys
 *      are dequantized in registers (float path) or, on the int8 path, q was quantized per 32-block and
 *      the block dot products are `vwmacc` + `vwredsum`, scaled in f32; a masked key scores -inf;
 *   2. per row: the tile max (`vfredmax` over strips), the new max m', alpha = exp(m - m'),
 *      p = exp(s - m') (the vector exp of math/exp.ts) and its sum; a row with nothing visible yet
 *      subtracts 0 instead of -inf, so it keeps p = 0 and alpha = 0 without a branch;
 *   3. o_t = alpha_t o_t + sum_j p_t[j] v_j over strips of Dv, the accumulators in registers for a strip
 *      while the tile's keys stream past (q8_0: the block scale folded into p).
 * Each part ends with o / l (one part), or stores (m, l, o) to scratch for the combine kernel, which
 * rescales the parts by exp(m_s - max m) and normalizes.
 */
import type { Expr, Kernel, KernelParam, Stmt, VectorType } from '@kforge/ir';
import {
  add, alloc, assign, broadcast, bufferParam, c, cast, div, eq, fma, forLoop, ge, if_, land, le, let_, letMut, load, lt, max, min,
  mul, param, reduce, reduceWiden, rem, scalarParam, select, setvl, store, sub, unary, v, vec, wmacc, withVl,
} from '@kforge/ir';
import { quantizeX, type ActivationRef } from '../common/activations.ts';
import { XBLOCK, quantWeights, type QuantWeights } from '../gemv/weights.ts';
import type { AttentionShape } from './attention-artifact.ts';

export interface AttentionRvvConfig {
  /** register-group size of the f32 vectors (int8 path: of the i8 key and query strips too) */
  readonly lmul: number;
  /** query rows handled together (heads of a group times positions) */
  readonly block_q: number;
  /** keys per tile */
  readonly block_kv: number;
  /** parts of the key range, combined by a second kernel (1: none) */
  readonly kv_splits: number;
  readonly dot_path: 'float' | 'int8';
}

const i32 = (name: string): Expr => v(name, 'i32');
const f32 = (name: string): Expr => v(name, 'f32');
const NEG_INF = c.f32(-Infinity);
/** an avl of at least 2 * VLMAX at any VLEN: vl is then VLMAX (rvv/gemv.ts) */
const VLMAX_AVL = 1 << 20;

/** the query activation staged for the int8 path: codes and per-32-block scales */
const Q_ACT = (s: AttentionShape): ActivationRef => ({
  buffer: 'q', rows: mul(mul(param('B'), s.Hq), param('Sq')), K: c.i32(s.D), staged: 'qf', codes: 'qq', scales: 'qd', sums: 'qs',
});

interface Ctx {
  readonly s: AttentionShape;
  readonly cfg: AttentionRvvConfig;
  readonly L: number;
  readonly F: VectorType;
  readonly R: number;
  readonly BKV: number;
  readonly S: number;
  readonly int8: boolean;
  readonly kq: QuantWeights | undefined;
  readonly vq: QuantWeights | undefined;
}

/** `for (x = 0; x < to; x += vl) { vl = setvl(to - x); body }` on the shared `vl` */
function strip(variable: string, to: Expr, elem: 'f32' | 'i8', lmul: number, body: readonly Stmt[]): Stmt {
  return forLoop(variable, 0, to, [assign('vl', setvl(sub(to, i32(variable)), elem, lmul)), ...body], { step: i32('vl') });
}

export function attentionRvvKernelName(s: AttentionShape, cfg: AttentionRvvConfig, what = ''): string {
  const mask = `${s.causal ? '_causal' : ''}${s.window > 0 ? `_w${s.window}` : ''}`;
  return `attention${what}_${s.kv}_h${s.Hq}x${s.Hkv}_d${s.D}x${s.Dv}${mask}_rvv_m${cfg.lmul}_q${cfg.block_q}_kv${cfg.block_kv}_s${cfg.kv_splits}_${cfg.dot_path}`;
}

/** The kernels of one config: the attention kernel, and the combine kernel when kv_splits > 1. */
export function lowerAttentionRvv(s: AttentionShape, cfg: AttentionRvvConfig): Kernel[] {
  const int8 = cfg.dot_path === 'int8';
  if (int8 && s.kv !== 'q8_0') throw new Error(`attention rvv: dot_path int8 needs q8_0 KV, not ${s.kv}`);
  const q8 = s.kv === 'q8_0';
  const ctx: Ctx = {
    s, cfg, L: cfg.lmul, F: vec('f32', 'vl', cfg.lmul), R: cfg.block_q, BKV: cfg.block_kv, S: cfg.kv_splits, int8,
    kq: q8 ? quantWeights('q8_0', { buffer: 'k', K: c.i32(s.D) }) : undefined,
    vq: q8 ? quantWeights('q8_0', { buffer: 'v', K: c.i32(s.Dv) }) : undefined,
  };
  const kvElem = q8 ? 'u8' : s.kv;
  const split = ctx.S > 1;
  const outputs: KernelParam[] = split
    ? [bufferParam('part_m', 'f32', 'readwrite'), bufferParam('part_l', 'f32', 'readwrite'), bufferParam('part_o', 'f32', 'readwrite')]
    : [bufferParam('o', 'f32', 'write')];
  const main: Kernel = {
    name: attentionRvvKernelName(s, cfg),
    model: 'cpu',
    params: [
      bufferParam('q', 'f32'), bufferParam('k', kvElem), bufferParam('v', kvElem), ...outputs,
      ...(int8 ? [bufferParam('qq', 'i8', 'readwrite'), bufferParam('qd', 'f32', 'readwrite')] : []),
      scalarParam('B'), scalarParam('Sq'), scalarParam('Skv'),
    ],
    body: [
      ...(int8 ? quantizeX(Q_ACT(s), ctx.kq!, false, 'f32') : []),
      letMut('vl', 'i32', c.i32(0)),
      let_('vlmax', 'i32', setvl(VLMAX_AVL, 'f32', ctx.L)),
      alloc('sc', 'f32', ctx.R * ctx.BKV, 'private'),
      alloc('oacc', 'f32', ctx.R * s.Dv, 'private'),
      forLoop('bh', 0, mul(param('B'), s.Hkv), rowBlocks(ctx)),
    ],
  };
  return split ? [main, combineKernel(ctx)] : [main];
}

/** every row block of kv head `bh` (batch * Hkv + kv head) */
function rowBlocks(ctx: Ctx): Stmt[] {
  const { s, R } = ctx;
  const G = s.group;
  const nrows = mul(param('Sq'), G);
  const perRow: Stmt[] = [];
  for (let t = 0; t < R; t++) {
    // the spare slots of a short last block repeat its last row
    perRow.push(let_(`rr_${t}`, 'i32', t === 0 ? i32('r0') : min(add(i32('r0'), t), sub(nrows, 1))));
    const pos = add(sub(param('Skv'), param('Sq')), div(i32(`rr_${t}`), G));
    perRow.push(let_(`row_${t}`, 'i32', add(mul(add(mul(div(i32('bh'), s.Hkv), s.Hq), add(mul(rem(i32('bh'), s.Hkv), G), rem(i32(`rr_${t}`), G))), param('Sq')), div(i32(`rr_${t}`), G))));
    perRow.push(let_(`pos_${t}`, 'i32', pos));
    perRow.push(let_(`first_${t}`, 'i32', s.window > 0 ? max(c.i32(0), sub(i32(`pos_${t}`), s.window - 1)) : c.i32(0)));
    perRow.push(let_(`last_${t}`, 'i32', s.causal ? i32(`pos_${t}`) : sub(param('Skv'), 1)));
  }
  const parts: Stmt[] = [
    let_('lo', 'i32', i32('first_0')),
    let_('hi', 'i32', i32(`last_${R - 1}`)),
  ];
  if (ctx.S > 1) parts.push(let_('chunk', 'i32', div(add(sub(i32('hi'), i32('lo')), ctx.S), ctx.S)));
  const partBody = (plo: Expr, phi: Expr): Stmt[] => [
    let_('plo', 'i32', plo),
    let_('pend', 'i32', add(phi, 1)),
    ...Array.from({ length: R }, (_, t) => [letMut(`m_${t}`, 'f32', NEG_INF), letMut(`l_${t}`, 'f32', c.f32(0))]).flat(),
    strip('z', c.i32(R * s.Dv), 'f32', ctx.L, [store('oacc', i32('z'), broadcast(c.f32(0), ctx.F, i32('vl')), { vl: i32('vl') })]),
    forLoop('j0', i32('plo'), i32('pend'), tile(ctx), { step: ctx.BKV }),
    ...finish(ctx),
  ];
  if (ctx.S > 1) {
    parts.push(forLoop('sp', 0, ctx.S, partBody(
      add(i32('lo'), mul(i32('sp'), i32('chunk'))),
      min(i32('hi'), sub(add(i32('lo'), mul(add(i32('sp'), 1), i32('chunk'))), 1)),
    )));
  } else {
    parts.push(...partBody(i32('lo'), i32('hi')));
  }
  return [
    let_('kvbase', 'i32', mul(i32('bh'), param('Skv'))),
    forLoop('r0', 0, nrows, [...perRow, ...parts], { step: R }),
  ];
}

/** one tile of keys [j0, j0 + jn): scores, online softmax, p·v */
function tile(ctx: Ctx): Stmt[] {
  return [
    let_('jn', 'i32', min(c.i32(ctx.BKV), sub(i32('pend'), i32('j0')))),
    forLoop('jj', 0, i32('jn'), scores(ctx)),
    ...softmax(ctx),
    ...pv(ctx),
  ];
}

/** the scores of key j0 + jj for every row of the block, into sc[t * BKV + jj] */
function scores(ctx: Ctx): Stmt[] {
  const { s, R, F, L } = ctx;
  const vl = i32('vl');
  const vlmax = i32('vlmax');
  const out: Stmt[] = [let_('j', 'i32', add(i32('j0'), i32('jj'))), let_('krow', 'i32', add(i32('kvbase'), i32('j')))];
  const qAt = (t: number, d: Expr): Expr => add(mul(i32(`row_${t}`), s.D), d);
  if (ctx.int8) {
    const q = ctx.kq!;
    // the check keeps the int8 path at LMUL <= 4 (its i16 products take twice the group)
    const B = L;
    const I8 = vec('i8', 'vl', B);
    const I16 = vec('i16', 'vl', 2 * B);
    for (let t = 0; t < R; t++) out.push(letMut(`dot_${t}`, 'f32', c.f32(0)));
    const perBlock: Stmt[] = [];
    for (let t = 0; t < R; t++) perBlock.push(letMut(`isum_${t}`, 'i32', c.i32(0)));
    const stripBody: Stmt[] = [let_('kc', I8, load('k', add(q.codes(i32('krow'), i32('kb')), i32('e')), I8, { vl }))];
    for (let t = 0; t < R; t++) {
      const qc = load('qq', add(qAt(t, mul(i32('kb'), XBLOCK)), i32('e')), I8, { vl });
      stripBody.push(assign(`isum_${t}`, add(i32(`isum_${t}`), reduceWiden(wmacc(broadcast(c('i16', 0), I16, vl), v('kc', I8), qc, vl), vl))));
    }
    perBlock.push(strip('e', c.i32(XBLOCK), 'i8', B, stripBody));
    perBlock.push(let_('ks', 'f32', q.scale(i32('krow'), i32('kb'))));
    for (let t = 0; t < R; t++) {
      const qd = load('qd', add(mul(i32(`row_${t}`), s.D / XBLOCK), i32('kb')), 'f32');
      perBlock.push(assign(`dot_${t}`, fma(cast(i32(`isum_${t}`), 'f32'), mul(f32('ks'), qd), f32(`dot_${t}`))));
    }
    out.push(forLoop('kb', 0, s.D / XBLOCK, perBlock));
  } else {
    for (let t = 0; t < R; t++) out.push(letMut(`acc_${t}`, F, broadcast(c.f32(0), F, vlmax)));
    const accumulate = (kvec: Expr, d: Expr): Stmt[] => [
      let_('kv', F, kvec),
      ...Array.from({ length: R }, (_, t) => assign(`acc_${t}`, withVl(fma(load('q', qAt(t, d), F, { vl }), v('kv', F), v(`acc_${t}`, F)), vl))),
    ];
    if (s.kv === 'q8_0') {
      const q = ctx.kq!;
      const I8 = vec('i8', 'vl', L / 4);
      out.push(forLoop('kb', 0, s.D / XBLOCK, [
        let_('ks', F, broadcast(q.scale(i32('krow'), i32('kb')), F, vlmax)),
        strip('e', c.i32(XBLOCK), 'f32', L, accumulate(
          withVl(mul(withVl(cast(load('k', add(q.codes(i32('krow'), i32('kb')), i32('e')), I8, { vl }), F), vl), v('ks', F)), vl),
          add(mul(i32('kb'), XBLOCK), i32('e')),
        )),
      ]));
    } else {
      const at = add(mul(i32('krow'), s.D), i32('d'));
      const kvec = s.kv === 'f32' ? load('k', at, F, { vl }) : withVl(cast(load('k', at, vec('f16', 'vl', L / 2), { vl }), F), vl);
      out.push(strip('d', c.i32(s.D), 'f32', L, accumulate(kvec, i32('d'))));
    }
    for (let t = 0; t < R; t++) out.push(let_(`dot_${t}`, 'f32', reduce('add', v(`acc_${t}`, F), vlmax)));
  }
  for (let t = 0; t < R; t++) {
    const scaled = mul(f32(`dot_${t}`), c.f32(s.scale));
    const conds: Expr[] = [];
    if (s.window > 0) conds.push(ge(i32('j'), i32(`first_${t}`)));
    if (s.causal) conds.push(le(i32('j'), i32(`last_${t}`)));
    const value = conds.length ? select(conds.length === 2 ? land(conds[0]!, conds[1]!) : conds[0]!, scaled, NEG_INF) : scaled;
    out.push(store('sc', add(i32('jj'), t * ctx.BKV), value));
  }
  return out;
}

/** per row: tile max, new running max, p = exp(s - m') in place, l update; alpha_t for the p·v step */
function softmax(ctx: Ctx): Stmt[] {
  const { R, F, L } = ctx;
  const vl = i32('vl');
  const out: Stmt[] = [];
  for (let t = 0; t < R; t++) {
    const at = add(i32('x'), t * ctx.BKV);
    out.push(letMut(`tmax_${t}`, 'f32', NEG_INF));
    out.push(strip('x', i32('jn'), 'f32', L, [
      let_('smax', 'f32', reduce('max', load('sc', at, F, { vl }), vl)),
      assign(`tmax_${t}`, max(f32(`tmax_${t}`), f32('smax'))),
    ]));
    out.push(let_(`mnew_${t}`, 'f32', max(f32(`m_${t}`), f32(`tmax_${t}`))));
    // nothing visible yet: subtract 0, so p and alpha are exp(-inf) = 0 and never NaN
    out.push(let_(`msub_${t}`, 'f32', select(eq(f32(`mnew_${t}`), NEG_INF), c.f32(0), f32(`mnew_${t}`))));
    out.push(let_(`alpha_${t}`, 'f32', unary('exp', sub(f32(`m_${t}`), f32(`msub_${t}`)))));
    out.push(letMut(`psum_${t}`, 'f32', c.f32(0)));
    out.push(strip('x', i32('jn'), 'f32', L, [
      let_('p', F, withVl(unary('exp', withVl(sub(load('sc', at, F, { vl }), broadcast(f32(`msub_${t}`), F, vl)), vl)), vl)),
      store('sc', at, v('p', F), { vl }),
      assign(`psum_${t}`, add(f32(`psum_${t}`), reduce('add', v('p', F), vl))),
    ]));
    out.push(assign(`l_${t}`, fma(f32(`l_${t}`), f32(`alpha_${t}`), f32(`psum_${t}`))));
    out.push(assign(`m_${t}`, f32(`mnew_${t}`)));
  }
  return out;
}

/** o_t = alpha_t o_t + sum_jj p_t[jj] v[j0 + jj] over strips of Dv */
function pv(ctx: Ctx): Stmt[] {
  const { s, R, F, L } = ctx;
  const vl = i32('vl');
  const oAt = (t: number, d: Expr): Expr => add(d, t * s.Dv);
  const pAt = (t: number): Expr => load('sc', add(i32('jj'), t * ctx.BKV), 'f32');
  const body = (d: Expr, vvec: Expr, pScale?: Expr): Stmt[] => [
    ...Array.from({ length: R }, (_, t) => letMut(`o_${t}`, F, withVl(mul(load('oacc', oAt(t, d), F, { vl }), broadcast(f32(`alpha_${t}`), F, vl)), vl))),
    forLoop('jj', 0, i32('jn'), [
      let_('vrow', 'i32', add(i32('kvbase'), add(i32('j0'), i32('jj')))),
      ...(pScale ? [let_('vs', 'f32', pScale)] : []),
      let_('vv', F, vvec),
      ...Array.from({ length: R }, (_, t) => {
        const p = pScale ? mul(pAt(t), f32('vs')) : pAt(t);
        return assign(`o_${t}`, withVl(fma(broadcast(p, F, vl), v('vv', F), v(`o_${t}`, F)), vl));
      }),
    ]),
    ...Array.from({ length: R }, (_, t) => store('oacc', oAt(t, d), v(`o_${t}`, F), { vl })),
  ];
  if (s.kv === 'q8_0') {
    const q = ctx.vq!;
    const I8 = vec('i8', 'vl', L / 4);
    const codes = withVl(cast(load('v', add(q.codes(i32('vrow'), i32('vb')), i32('e')), I8, { vl }), F), vl);
    return [forLoop('vb', 0, s.Dv / XBLOCK, [
      strip('e', c.i32(XBLOCK), 'f32', L, body(add(mul(i32('vb'), XBLOCK), i32('e')), codes, q.scale(i32('vrow'), i32('vb')))),
    ])];
  }
  const at = add(mul(i32('vrow'), s.Dv), i32('d'));
  const vvec = s.kv === 'f32' ? load('v', at, F, { vl }) : withVl(cast(load('v', at, vec('f16', 'vl', L / 2), { vl }), F), vl);
  return [strip('d', c.i32(s.Dv), 'f32', L, body(i32('d'), vvec))];
}

/** the end of a part: o = oacc / l, or (m, l, oacc) to the part's scratch; spare slots store nothing */
function finish(ctx: Ctx): Stmt[] {
  const { s, R, F, L } = ctx;
  const vl = i32('vl');
  const out: Stmt[] = [];
  for (let t = 0; t < R; t++) {
    const src = load('oacc', add(i32('y'), t * s.Dv), F, { vl });
    let body: Stmt[];
    if (ctx.S > 1) {
      const part = add(mul(i32(`row_${t}`), ctx.S), i32('sp'));
      body = [
        store('part_m', part, f32(`m_${t}`)),
        store('part_l', part, f32(`l_${t}`)),
        strip('y', c.i32(s.Dv), 'f32', L, [store('part_o', add(mul(part, s.Dv), i32('y')), src, { vl })]),
      ];
    } else {
      body = [
        let_(`inv_${t}`, 'f32', div(c.f32(1), f32(`l_${t}`))),
        strip('y', c.i32(s.Dv), 'f32', L, [
          store('o', add(mul(i32(`row_${t}`), s.Dv), i32('y')), withVl(mul(src, broadcast(f32(`inv_${t}`), F, vl)), vl), { vl }),
        ]),
      ];
    }
    if (t === 0) out.push(...body);
    else out.push(if_(lt(add(i32('r0'), t), mul(param('Sq'), s.group)), body));
  }
  return out;
}

/** the second dispatch: per query row, the parts rescaled to the largest max and normalized */
function combineKernel(ctx: Ctx): Kernel {
  const { s, F, L, S } = ctx;
  const vl = i32('vl');
  const part = (sp: Expr): Expr => add(mul(i32('row'), S), sp);
  return {
    name: attentionRvvKernelName(s, ctx.cfg, '_combine'),
    model: 'cpu',
    params: [
      bufferParam('part_m', 'f32', 'readwrite'), bufferParam('part_l', 'f32', 'readwrite'), bufferParam('part_o', 'f32', 'readwrite'),
      bufferParam('o', 'f32', 'write'), scalarParam('B'), scalarParam('Sq'), scalarParam('Skv'),
    ],
    body: [
      letMut('vl', 'i32', c.i32(0)),
      alloc('w', 'f32', S, 'private'),
      forLoop('row', 0, mul(mul(param('B'), s.Hq), param('Sq')), [
        letMut('mx', 'f32', NEG_INF),
        forLoop('sp', 0, S, [assign('mx', max(f32('mx'), load('part_m', part(i32('sp')), 'f32')))]),
        letMut('den', 'f32', c.f32(0)),
        forLoop('sp', 0, S, [
          // an empty part has m = -inf and l = 0: weight 0
          let_('wt', 'f32', unary('exp', sub(load('part_m', part(i32('sp')), 'f32'), f32('mx')))),
          store('w', i32('sp'), f32('wt')),
          assign('den', fma(f32('wt'), load('part_l', part(i32('sp')), 'f32'), f32('den'))),
        ]),
        let_('inv', 'f32', div(c.f32(1), f32('den'))),
        strip('y', c.i32(s.Dv), 'f32', L, [
          letMut('acc', F, broadcast(c.f32(0), F, vl)),
          forLoop('sp', 0, S, [
            assign('acc', withVl(fma(broadcast(mul(load('w', i32('sp'), 'f32'), f32('inv')), F, vl), load('part_o', add(mul(part(i32('sp')), s.Dv), i32('y')), F, { vl }), v('acc', F)), vl)),
          ]),
          store('o', add(mul(i32('row'), s.Dv), i32('y')), v('acc', F), { vl }),
        ]),
      ]),
    ],
  };
}
