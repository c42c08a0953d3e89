/**
 * attention for HVX (Hexagon v67, 128-byte vectors, integer HVX only), q8_0 KV on the int8 dot path.
 *
 * q is quantized to int8 per 32-block in scalar code (common/activations.ts `quantizeX`, ggml q8_0:
 * codes and d per block). A block of rows is the Hq/Hkv heads of one kv head times `block_q` query
 * positions (rows beyond Sq repeat the last one and store nothing). For each key, four 32-byte code
 * blocks of k are joined into one 128-byte vector, loaded once for every row of the block; each row's
 * q codes of the same four blocks are one aligned-or-not 128-byte load, and `vrmpy` sums 4 adjacent
 * byte products per 32-bit lane, so block g's integer dot product is lanes 8g..8g+7, folded into lane
 * 8g (`kf_hvx_sum8`, as hvx/gemv.ts). Blocks left over after groups of four go one per vector. The
 * block sums are scaled by d_k * d_q in scalar f32 (no float HVX before v68).
 *
 * The softmax and p·v run on the scalar core: online softmax over tiles of `block_kv` keys (the
 * running max and sum per row, exp as math/exp.ts's polynomial in scalar C), tiles outside the union
 * of the block's visible ranges never visited, p·v dequantizing each v block once per row of the block.
 * Masked scores are a finite sentinel (freestanding C has no INFINITY). `kv_splits` cuts the key range
 * into parts leaving (m, l, o) in scratch for a combine kernel.
 */
import type { Expr, Kernel, KernelParam, Stmt } from '@kforge/ir';
import {
  add, alloc, assign, broadcast, bufferParam, c, call, cast, concat, div, dot, fma, forLoop, ge, land, lane, le, let_, letMut, load,
  lt, max, min, mul, param, reduce, rem, scalarParam, select, store, sub, unary, v, vec,
} from '@kforge/ir';
import { quantizeX, type ActivationRef } from '../common/activations.ts';
import { XBLOCK, quantWeights, type QuantWeights } from '../gemv/weights.ts';
import type { AttentionShape } from '../rvv/attention-artifact.ts';

export interface AttentionHvxConfig {
  /** query positions per block of rows (each with every head of the kv group) */
  readonly block_q: number;
  readonly block_kv: number;
  readonly kv_splits: number;
  readonly dot_path: 'float' | 'int8';
}

/** masked score, and a threshold between it and every real score */
const NEG = -3.0e38;
const NEG_HALF = -1.0e38;
const BLOCKS_PER_VECTOR = 4;

const i32 = (name: string): Expr => v(name, 'i32');
const f32 = (name: string): Expr => v(name, 'f32');
const at = (buffer: string, index: Expr): Expr => load(buffer, index, 'f32');
const atI = (buffer: string, index: Expr): Expr => load(buffer, index, 'i32');

const qActivation = (s: AttentionShape): ActivationRef => ({
  buffer: 'q', rows: mul(mul(param('B'), s.Hq), param('Sq')), K: c.i32(s.D), staged: 'qf', codes: 'qq', scales: 'qd', sums: 'qs',
});

export function attentionHvxKernelName(s: AttentionShape, cfg: AttentionHvxConfig, what = ''): string {
  const mask = `${s.causal ? '_causal' : ''}${s.window > 0 ? `_w${s.window}` : ''}`;
  return `attention${what}_${s.kv}_h${s.Hq}x${s.Hkv}_d${s.D}x${s.Dv}${mask}_hvx_q${cfg.block_q}_kv${cfg.block_kv}_s${cfg.kv_splits}_int8`;
}

interface Ctx {
  readonly s: AttentionShape;
  readonly cfg: AttentionHvxConfig;
  /** rows per block: group * block_q */
  readonly R: number;
  readonly BKV: number;
  readonly S: number;
  readonly kq: QuantWeights;
  readonly vq: QuantWeights;
}

/** The kernels: attention (vrmpy q·k), and the combine kernel when kv_splits > 1. */
export function lowerAttentionHvxInt8(s: AttentionShape, cfg: AttentionHvxConfig): Kernel[] {
  if (s.kv !== 'q8_0') throw new Error(`attention hvx: the vrmpy path needs q8_0 KV, not ${s.kv}`);
  const ctx: Ctx = {
    s, cfg, R: s.group * cfg.block_q, BKV: cfg.block_kv, S: cfg.kv_splits,
    kq: quantWeights('q8_0', { buffer: 'k', K: c.i32(s.D) })!,
    vq: quantWeights('q8_0', { buffer: 'v', K: c.i32(s.Dv) })!,
  };
  const split = ctx.S > 1;
  const outputs: KernelParam[] = split
    ? [bufferParam('part_m', 'f32', 'readwrite'), bufferParam('part_l', 'f32', 'readwrite'), bufferParam('part_o', 'f32', 'readwrite')]
    : [bufferParam('o', 'f32', 'write')];
  const R = ctx.R;
  const main: Kernel = {
    name: attentionHvxKernelName(s, cfg),
    model: 'cpu',
    params: [
      bufferParam('q', 'f32'), bufferParam('k', 'u8'), bufferParam('v', 'u8'), ...outputs,
      bufferParam('qq', 'i8', 'readwrite'), bufferParam('qd', 'f32', 'readwrite'),
      scalarParam('B'), scalarParam('Sq'), scalarParam('Skv'),
    ],
    body: [
      ...quantizeX(qActivation(s), ctx.kq, false, 'f32'),
      alloc('rowi', 'i32', R, 'private'),
      alloc('firsti', 'i32', R, 'private'),
      alloc('lasti', 'i32', R, 'private'),
      alloc('mrow', 'f32', R, 'private'),
      alloc('lrow', 'f32', R, 'private'),
      alloc('alpha', 'f32', R, 'private'),
      alloc('dacc', 'f32', R, 'private'),
      alloc('sc', 'f32', R * ctx.BKV, 'private'),
      alloc('oacc', 'f32', R * s.Dv, 'private'),
      forLoop('bh', 0, mul(param('B'), s.Hkv), rowBlocks(ctx)),
    ],
  };
  return split ? [main, combineKernel(ctx)] : [main];
}

function rowBlocks(ctx: Ctx): Stmt[] {
  const { s, R } = ctx;
  const G = s.group;
  const nrows = mul(param('Sq'), G);
  const t = i32('t');
  const rows: Stmt[] = [
    forLoop('t', 0, R, [
      // rows past the last position repeat the last row
      let_('rr', 'i32', min(add(i32('r0'), t), sub(nrows, 1))),
      let_('pos', 'i32', add(sub(param('Skv'), param('Sq')), div(i32('rr'), G))),
      store('rowi', t, add(mul(add(mul(div(i32('bh'), s.Hkv), s.Hq), add(mul(rem(i32('bh'), s.Hkv), G), rem(i32('rr'), G))), param('Sq')), div(i32('rr'), G))),
      store('firsti', t, s.window > 0 ? max(c.i32(0), sub(i32('pos'), s.window - 1)) : c.i32(0)),
      store('lasti', t, s.causal ? i32('pos') : sub(param('Skv'), 1)),
    ]),
    // rows are position-ordered: the block sees [first of its first row, last of its last row]
    let_('lo', 'i32', atI('firsti', c.i32(0))),
    let_('hi', 'i32', atI('lasti', c.i32(R - 1))),
    let_('nvalid', 'i32', min(c.i32(R), sub(nrows, i32('r0')))),
  ];
  const partBody = (plo: Expr, phi: Expr): Stmt[] => [
    let_('plo', 'i32', plo),
    let_('pend', 'i32', add(phi, 1)),
    forLoop('t', 0, R, [store('mrow', t, c.f32(NEG)), store('lrow', t, c.f32(0))]),
    forLoop('z', 0, R * s.Dv, [store('oacc', i32('z'), c.f32(0))]),
    forLoop('j0', i32('plo'), i32('pend'), tile(ctx), { step: ctx.BKV }),
    ...finish(ctx),
  ];
  if (ctx.S > 1) {
    rows.push(let_('chunk', 'i32', div(add(sub(i32('hi'), i32('lo')), ctx.S), ctx.S)));
    rows.push(forLoop('sp', 0, ctx.S, partBody(
      add(i32('lo'), mul(i32('sp'), i32('chunk'))),
      min(i32('hi'), sub(add(i32('lo'), mul(add(i32('sp'), 1), i32('chunk'))), 1)),
    )));
  } else {
    rows.push(...partBody(i32('lo'), i32('hi')));
  }
  return [
    let_('kvbase', 'i32', mul(i32('bh'), param('Skv'))),
    forLoop('r0', 0, nrows, rows, { step: R }),
  ];
}

function tile(ctx: Ctx): Stmt[] {
  return [
    let_('jn', 'i32', min(c.i32(ctx.BKV), sub(i32('pend'), i32('j0')))),
    forLoop('jj', 0, i32('jn'), scores(ctx)),
    ...softmax(ctx),
    ...pv(ctx),
  ];
}

/** q·k of key j0 + jj for every row: vrmpy over groups of four blocks, then single blocks */
function scores(ctx: Ctx): Stmt[] {
  const { s, R, kq } = ctx;
  const KB = s.D / XBLOCK;
  const groupEnd = KB - (KB % BLOCKS_PER_VECTOR);
  const t = i32('t');
  const kb = i32('kb');
  const I8x128 = vec('i8', 128);
  const I8x32 = vec('i8', 32);
  const I32x32 = vec('i32', 32);
  const qCodes = (lanes: number): Expr => load('qq', add(mul(atI('rowi', t), s.D), mul(kb, XBLOCK)), vec('i8', lanes));
  const qScale = (g: number): Expr => at('qd', add(mul(atI('rowi', t), KB), add(kb, g)));
  const kScale = (g: number): Expr => kq.scale(i32('krow'), add(kb, g));
  const out: Stmt[] = [
    let_('j', 'i32', add(i32('j0'), i32('jj'))),
    let_('krow', 'i32', add(i32('kvbase'), i32('j'))),
    forLoop('t', 0, R, [store('dacc', t, c.f32(0))]),
  ];
  if (groupEnd > 0) {
    const groupRow: Stmt[] = [
      let_('sums', I32x32, call('kf_hvx_sum8', [dot(broadcast(c.i32(0), I32x32), v('kg', I8x128), qCodes(128))], I32x32)),
    ];
    let acc: Expr = at('dacc', t);
    for (let g = 0; g < BLOCKS_PER_VECTOR; g++) acc = fma(cast(lane(v('sums', I32x32), 8 * g), 'f32'), mul(f32(`ks${g}`), qScale(g)), acc);
    groupRow.push(store('dacc', t, acc));
    out.push(forLoop('kb', 0, groupEnd, [
      // four blocks of k codes in one vector, loaded once for every row
      let_('kg', I8x128, concat(...Array.from({ length: BLOCKS_PER_VECTOR }, (_, g) => load('k', kq.codes(i32('krow'), add(kb, g)), I8x32)))),
      ...Array.from({ length: BLOCKS_PER_VECTOR }, (_, g) => let_(`ks${g}`, 'f32', kScale(g))),
      forLoop('t', 0, R, groupRow),
    ], { step: BLOCKS_PER_VECTOR }));
  }
  if (groupEnd < KB) {
    out.push(forLoop('kb', groupEnd, KB, [
      let_('k1', I8x32, load('k', kq.codes(i32('krow'), kb), I8x32)),
      let_('ks', 'f32', kScale(0)),
      forLoop('t', 0, R, [
        let_('isum', 'i32', reduce('add', dot(broadcast(c.i32(0), vec('i32', 8)), v('k1', I8x32), qCodes(32)))),
        store('dacc', t, fma(cast(i32('isum'), 'f32'), mul(f32('ks'), qScale(0)), at('dacc', t))),
      ]),
    ]));
  }
  const conds: Expr[] = [];
  if (s.window > 0) conds.push(ge(i32('j'), atI('firsti', t)));
  if (s.causal) conds.push(le(i32('j'), atI('lasti', t)));
  const scaled = mul(at('dacc', t), c.f32(s.scale));
  const value = conds.length ? select(conds.length === 2 ? land(conds[0]!, conds[1]!) : conds[0]!, scaled, c.f32(NEG)) : scaled;
  out.push(forLoop('t', 0, R, [store('sc', add(mul(t, ctx.BKV), i32('jj')), value)]));
  return out;
}

/** per row: tile max, new running max, p = exp(s - m') in place, the running sum, alpha */
function softmax(ctx: Ctx): Stmt[] {
  const t = i32('t');
  const sAt = add(mul(t, ctx.BKV), i32('x'));
  return [forLoop('t', 0, ctx.R, [
    letMut('tmax', 'f32', c.f32(NEG)),
    forLoop('x', 0, i32('jn'), [assign('tmax', max(f32('tmax'), at('sc', sAt)))]),
    let_('mold', 'f32', at('mrow', t)),
    let_('mnew', 'f32', max(f32('mold'), f32('tmax'))),
    // nothing visible yet: subtract 0, so p and alpha are exp(NEG) = 0
    let_('msub', 'f32', select(lt(f32('mnew'), c.f32(NEG_HALF)), c.f32(0), f32('mnew'))),
    store('alpha', t, unary('exp', sub(f32('mold'), f32('msub')))),
    letMut('psum', 'f32', c.f32(0)),
    forLoop('x', 0, i32('jn'), [
      let_('p', 'f32', unary('exp', sub(at('sc', sAt), f32('msub')))),
      store('sc', sAt, f32('p')),
      assign('psum', add(f32('psum'), f32('p'))),
    ]),
    store('lrow', t, fma(at('lrow', t), at('alpha', t), f32('psum'))),
    store('mrow', t, f32('mnew')),
  ])];
}

/** o_t = alpha_t o_t + sum_jj p_t[jj] v[j0 + jj], each v block's scale folded into p */
function pv(ctx: Ctx): Stmt[] {
  const { s, R, vq } = ctx;
  const t = i32('t');
  const oAt = (d: Expr): Expr => add(mul(t, s.Dv), d);
  return [
    forLoop('t', 0, R, [
      let_('al', 'f32', at('alpha', t)),
      forLoop('y', 0, s.Dv, [store('oacc', oAt(i32('y')), mul(at('oacc', oAt(i32('y'))), f32('al')))]),
    ]),
    forLoop('jj', 0, i32('jn'), [
      let_('vrow', 'i32', add(i32('kvbase'), add(i32('j0'), i32('jj')))),
      forLoop('vb', 0, s.Dv / XBLOCK, [
        let_('vs', 'f32', vq.scale(i32('vrow'), i32('vb'))),
        let_('vcodes', 'i32', vq.codes(i32('vrow'), i32('vb'))),
        forLoop('t', 0, R, [
          let_('w', 'f32', mul(at('sc', add(mul(t, ctx.BKV), i32('jj'))), f32('vs'))),
          forLoop('e', 0, XBLOCK, [
            let_('od', 'i32', oAt(add(mul(i32('vb'), XBLOCK), i32('e')))),
            store('oacc', i32('od'), fma(f32('w'), cast(load('v', add(i32('vcodes'), i32('e')), 'i8'), 'f32'), at('oacc', i32('od')))),
          ]),
        ]),
      ]),
    ]),
  ];
}

/** o = oacc / l for the block's real rows, or (m, l, oacc) to the part's scratch */
function finish(ctx: Ctx): Stmt[] {
  const { s } = ctx;
  const t = i32('t');
  const src = at('oacc', add(mul(t, s.Dv), i32('y')));
  if (ctx.S > 1) {
    const part = add(mul(atI('rowi', t), ctx.S), i32('sp'));
    return [forLoop('t', 0, i32('nvalid'), [
      let_('pi', 'i32', part),
      store('part_m', i32('pi'), at('mrow', t)),
      store('part_l', i32('pi'), at('lrow', t)),
      forLoop('y', 0, s.Dv, [store('part_o', add(mul(i32('pi'), s.Dv), i32('y')), src)]),
    ])];
  }
  return [forLoop('t', 0, i32('nvalid'), [
    let_('inv', 'f32', div(c.f32(1), at('lrow', t))),
    let_('orow', 'i32', mul(atI('rowi', t), s.Dv)),
    forLoop('y', 0, s.Dv, [store('o', add(i32('orow'), i32('y')), mul(src, f32('inv')))]),
  ])];
}

/** per query row: the parts rescaled by exp(m_s - max m) and normalized (an empty part weighs 0) */
function combineKernel(ctx: Ctx): Kernel {
  const { s, S } = ctx;
  const part = (sp: Expr): Expr => add(mul(i32('row'), S), sp);
  return {
    name: attentionHvxKernelName(s, ctx.cfg, '_combine'),
    model: 'cpu',
    params: [
      bufferParam('part_m', 'f32', 'readwrite'), bufferParam('part_l', 'f32', 'readwrite'), bufferParam('part_o', 'f32', 'readwrite'),
      bufferParam('o', 'f32', 'write'), scalarParam('B'), scalarParam('Sq'), scalarParam('Skv'),
    ],
    body: [
      alloc('w', 'f32', S, 'private'),
      forLoop('row', 0, mul(mul(param('B'), s.Hq), param('Sq')), [
        letMut('mx', 'f32', c.f32(NEG)),
        forLoop('sp', 0, S, [assign('mx', max(f32('mx'), at('part_m', part(i32('sp')))))]),
        letMut('den', 'f32', c.f32(0)),
        forLoop('sp', 0, S, [
          let_('wt', 'f32', unary('exp', sub(at('part_m', part(i32('sp'))), f32('mx')))),
          store('w', i32('sp'), f32('wt')),
          assign('den', fma(f32('wt'), at('part_l', part(i32('sp'))), f32('den'))),
        ]),
        let_('inv', 'f32', div(c.f32(1), f32('den'))),
        forLoop('y', 0, s.Dv, [
          letMut('acc', 'f32', c.f32(0)),
          forLoop('sp', 0, S, [assign('acc', fma(at('w', i32('sp')), at('part_o', add(mul(part(i32('sp')), s.Dv), i32('y'))), f32('acc')))]),
          store('o', add(mul(i32('row'), s.Dv), i32('y')), mul(f32('acc'), f32('inv'))),
        ]),
      ]),
    ],
  };
}
