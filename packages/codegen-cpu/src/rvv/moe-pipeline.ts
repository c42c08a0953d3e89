/**
 * The kernels of a moe lowering that keeps its own loop skeleton (RVV, HVX), in call order, around a
 * target's dot-product tile (its gemv inner loop, parameterised by the weight rows and activation rows
 * it multiplies):
 * 1. route: router · x_t per expert (the tile over the f32 router rows), top-k by a strict `>` scan in
 *    ascending expert order (ties: the lower index), softmax weights at the chosen experts (normTopk:
 *    over their sum); given routing copies ids and weights, an id outside [0, E) becoming -1 (skipped);
 * 2. group: per expert the count of its (token, slot) pairs, exclusive offsets, the pairs sorted by
 *    expert in token order (`perm`) and each pair's position there (`ppos`, -1 when skipped);
 * 3. gate_up: x staged once (int8 path: quantized per 32-block), then per expert with tokens, per block
 *    of `rows` rows of I, `m_tile` of its tokens at a time: gate and up rows in one tile (each weight
 *    strip loaded once for the m_tile tokens), h = silu(gate) * up to `hidden` at the pair's position
 *    (float path, planar 4-bit formats: already in the even/odd order the down projection reads);
 * 4. down: hidden staged (int8: quantized per 32-block), per expert and block of rows of H the w_down
 *    rows for its tokens, times the pair's routing weight, to `partial` at the pair's position;
 * 5. combine: y_t = sum over slots in order of partial at the slot's position (no atomics).
 * An expert's last cnt % m_tile tokens go through a one-token tile.
 */
import type { Expr, Kernel, KernelArithmetic, KernelParam, Stmt, WeightFormatName } from '@kforge/ir';
import {
  FORMATS, add, alloc, assign, bufferParam, c, div, eq, forLoop, ge, gt, if_, land, let_, letMut, load, lor, lt, mul,
  param, rem, scalarParam, select, size, store, sub, unary, v,
} from '@kforge/ir';
import { quantizeX, stageX, stagedIndex, type ActivationRef } from '../common/activations.ts';
import { XBLOCK, quantWeights, type QuantWeights, type WeightRef } from '../gemv/weights.ts';
import type { MoeScratch } from '../moe/artifact.ts';
import { moeDims } from '../moe/artifact.ts';

export type MoeDims = ReturnType<typeof moeDims>;

/** one weight row of a tile */
export interface MoeTileRow {
  readonly weight: WeightRef;
  readonly q: QuantWeights | undefined;
  readonly n: Expr;
}

/** what a target's dot tile multiplies: weight rows (one format) times activation rows, each result to `finish` */
export interface MoeTileSpec {
  readonly format: WeightFormatName;
  readonly int8: boolean;
  readonly needOffset: boolean;
  readonly K: Expr;
  readonly x: ActivationRef;
  readonly rows: readonly MoeTileRow[];
  readonly tokens: readonly Expr[];
  readonly finish: (value: (r: number, t: number) => Expr) => Stmt[];
}

export interface MoePipelineConfig {
  readonly rows: number;
  readonly m_tile: number;
  readonly dot_path: 'float' | 'int8';
}

export interface MoeTarget {
  /** kernel name stem: moe_<...>_<target>_<knobs> */
  readonly name: string;
  /** statements at the top of every kernel that runs a tile (rvv: vlmax) */
  readonly prologue: readonly Stmt[];
  readonly tile: (spec: MoeTileSpec) => Stmt[];
}

const i32 = (name: string): Expr => v(name, 'i32');
const f32 = (name: string): Expr => v(name, 'f32');
const T = param('T');

export interface MoePipeline {
  readonly kernels: Kernel[];
  readonly scratch: MoeScratch[];
  readonly arithmetic: KernelArithmetic;
}

export function lowerMoePipeline(d: MoeDims, cfg: MoePipelineConfig, target: MoeTarget): MoePipeline {
  const { H, I, E, topk, format } = d;
  const int8 = cfg.dot_path === 'int8';
  const ref = (buffer: string, K: number): WeightRef => ({ buffer, K: c.i32(K) });
  const qGate = quantWeights(format, ref('w_gate', H));
  const qUp = quantWeights(format, ref('w_up', H));
  const qDown = quantWeights(format, ref('w_down', I));
  if (int8 && !qGate) throw new Error(`moe: dot_path int8 needs a quantized weight format, not ${format}`);
  const needOffset = int8 && (qGate!.zero !== 0 || qGate!.hasMin);
  const evenOdd = !int8 && !!qGate?.evenOddX;
  const wElem = FORMATS[format].kind === 'dense' ? format as 'f32' | 'f16' | 'bf16' : 'u8';
  const weightParams = (q: QuantWeights | undefined, name: string): KernelParam[] => [bufferParam(name, wElem), ...(q?.planes ?? []).map((p) => bufferParam(p, 'f16'))];
  const pairs = size.mul('T', topk * 4);

  const X: ActivationRef = { buffer: 'x', rows: T, K: c.i32(H), staged: evenOdd ? 'xf' : 'x', codes: 'xq', scales: 'xd', sums: 'xs' };
  const HID: ActivationRef = { buffer: 'hidden', rows: i32('npairs'), K: c.i32(I), staged: 'hidden', codes: 'hq', scales: 'hd', sums: 'hs' };
  const scratch: MoeScratch[] = [
    { name: 'route_id', elem: 'i32', bytes: pairs },
    { name: 'route_w', elem: 'f32', bytes: pairs },
    { name: 'expert_off', elem: 'i32', bytes: (E + 1) * 4 },
    { name: 'perm', elem: 'i32', bytes: pairs },
    { name: 'ppos', elem: 'i32', bytes: pairs },
    { name: 'hidden', elem: 'f32', bytes: size.mul('T', topk * I * 4) },
    { name: 'partial', elem: 'f32', bytes: size.mul('T', topk * H * 4) },
    ...(evenOdd ? [{ name: 'xf', elem: 'f32' as const, bytes: size.mul('T', H * 4) }] : []),
    ...(int8
      ? [
        { name: 'xq', elem: 'i8' as const, bytes: size.mul('T', H) },
        { name: 'xd', elem: 'f32' as const, bytes: size.mul('T', (H / XBLOCK) * 4) },
        ...(needOffset ? [{ name: 'xs', elem: 'f32' as const, bytes: size.mul('T', (H / XBLOCK) * 4) }] : []),
        { name: 'hq', elem: 'i8' as const, bytes: size.mul('T', topk * I) },
        { name: 'hd', elem: 'f32' as const, bytes: size.mul('T', topk * (I / XBLOCK) * 4) },
        ...(needOffset ? [{ name: 'hs', elem: 'f32' as const, bytes: size.mul('T', topk * (I / XBLOCK) * 4) }] : []),
      ]
      : []),
  ];
  const stagingParams = (a: ActivationRef, floatStaged: boolean): KernelParam[] => (int8
    ? [bufferParam(a.codes, 'i8', 'readwrite'), bufferParam(a.scales, 'f32', 'readwrite'), ...(needOffset ? [bufferParam(a.sums, 'f32', 'readwrite')] : [])]
    : floatStaged ? [bufferParam(a.staged, 'f32', 'readwrite')] : []);

  /**
   * per expert with tokens, per block of `R` of its `rows` rows (first row n0): `tile(R, slots)` for m_tile of its
   * tokens at a time (each slot's pair position), the last cnt % m_tile one at a time
   */
  const expertLoop = (rows: number, tile: (R: number, slots: { pos: Expr }[]) => Stmt[]): Stmt[] => {
    const R = Math.min(cfg.rows, rows);
    const MT = cfg.m_tile;
    const slots = (n: number): { pos: Expr }[] => Array.from({ length: n }, (_, t) => ({ pos: add(i32('base'), add(i32('tt'), t)) }));
    const tokenTiles = (r: number): Stmt[] => (MT === 1
      ? [forLoop('tt', 0, i32('cnt'), tile(r, slots(1)))]
      : [
        let_('full', 'i32', sub(i32('cnt'), rem(i32('cnt'), MT))),
        forLoop('tt', 0, i32('full'), tile(r, slots(MT)), { step: MT }),
        forLoop('tt', i32('full'), i32('cnt'), tile(r, slots(1))),
      ]);
    const tail = rows % R;
    return [forLoop('e', 0, E, [
      let_('base', 'i32', load('expert_off', i32('e'), 'i32')),
      let_('cnt', 'i32', sub(load('expert_off', add(i32('e'), 1), 'i32'), i32('base'))),
      if_(gt(i32('cnt'), 0), [
        forLoop('rb', 0, Math.floor(rows / R), [let_('n0', 'i32', mul(i32('rb'), R)), ...tokenTiles(R)]),
        ...(tail > 0 ? [forLoop('n0', rows - tail, rows, tokenTiles(1))] : []),
      ]),
    ])];
  };

  // 1. route
  const route: Kernel = d.router
    ? {
      name: `${target.name}_route`, model: 'cpu',
      params: [bufferParam('x', 'f32'), bufferParam('router', 'f32'), bufferParam('route_id', 'i32', 'readwrite'), bufferParam('route_w', 'f32', 'readwrite'), scalarParam('T')],
      body: [...target.prologue, alloc('lg', 'f32', E, 'private'), forLoop('t', 0, T, routeToken(d, cfg.rows, target))],
    }
    : {
      name: `${target.name}_route`, model: 'cpu',
      params: [bufferParam('ids', 'i32'), bufferParam('weights', 'f32'), bufferParam('route_id', 'i32', 'readwrite'), bufferParam('route_w', 'f32', 'readwrite'), scalarParam('T')],
      body: [forLoop('p', 0, mul(T, topk), [
        let_('e', 'i32', load('ids', i32('p'), 'i32')),
        store('route_id', i32('p'), select(land(ge(i32('e'), 0), lt(i32('e'), E)), i32('e'), c.i32(-1))),
        store('route_w', i32('p'), load('weights', i32('p'), 'f32')),
      ])],
    };

  // 2. group
  const group: Kernel = {
    name: `${target.name}_group`, model: 'cpu',
    params: [bufferParam('route_id', 'i32'), bufferParam('expert_off', 'i32', 'readwrite'), bufferParam('perm', 'i32', 'readwrite'), bufferParam('ppos', 'i32', 'readwrite'), scalarParam('T')],
    body: [
      alloc('cur', 'i32', E, 'private'),
      forLoop('e', 0, E, [store('cur', i32('e'), c.i32(0))]),
      forLoop('p', 0, mul(T, topk), [
        let_('e', 'i32', load('route_id', i32('p'), 'i32')),
        if_(ge(i32('e'), 0), [store('cur', i32('e'), add(load('cur', i32('e'), 'i32'), 1))]),
      ]),
      letMut('run', 'i32', c.i32(0)),
      forLoop('e', 0, E, [
        let_('n', 'i32', load('cur', i32('e'), 'i32')),
        store('expert_off', i32('e'), i32('run')),
        store('cur', i32('e'), i32('run')),
        assign('run', add(i32('run'), i32('n'))),
      ]),
      store('expert_off', c.i32(E), i32('run')),
      forLoop('p', 0, mul(T, topk), [
        let_('e', 'i32', load('route_id', i32('p'), 'i32')),
        if_(ge(i32('e'), 0), [
          let_('pos', 'i32', load('cur', i32('e'), 'i32')),
          store('perm', i32('pos'), i32('p')),
          store('ppos', i32('p'), i32('pos')),
          store('cur', i32('e'), add(i32('pos'), 1)),
        ], [store('ppos', i32('p'), c.i32(-1))]),
      ]),
    ],
  };

  // 3. gate and up, SwiGLU
  const hiddenAt = (pos: Expr, n: Expr): Expr => add(mul(pos, I), evenOdd ? stagedIndex(qDown, n) : n);
  const gateUp: Kernel = {
    name: `${target.name}_gate_up`, model: 'cpu',
    params: [
      bufferParam('x', 'f32'), ...weightParams(qGate, 'w_gate'), ...weightParams(qUp, 'w_up'),
      bufferParam('perm', 'i32'), bufferParam('expert_off', 'i32'), bufferParam('hidden', 'f32', 'readwrite'),
      ...stagingParams(X, evenOdd), scalarParam('T'),
    ],
    body: [
      ...(int8 ? quantizeX(X, qGate!, needOffset, 'f32') : evenOdd ? stageX(X, qGate, false, 'f32') : []),
      ...target.prologue,
      ...expertLoop(I, (R, slots) => {
        const row = (weight: WeightRef, q: QuantWeights | undefined, r: number): MoeTileRow => ({ weight, q, n: add(add(mul(i32('e'), I), i32('n0')), r) });
        const toks = slots.map((_, t) => let_(`tok_${t}`, 'i32', div(load('perm', slots[t]!.pos, 'i32'), topk)));
        return [...toks, ...target.tile({
          format, int8, needOffset, K: c.i32(H), x: X,
          rows: [...Array.from({ length: R }, (_, r) => row(ref('w_gate', H), qGate, r)), ...Array.from({ length: R }, (_, r) => row(ref('w_up', H), qUp, r))],
          tokens: slots.map((_, t) => i32(`tok_${t}`)),
          finish: (value) => slots.flatMap((s, t) => Array.from({ length: R }, (_, r) => [
            let_(`g_${r}_${t}`, 'f32', value(r, t)),
            store('hidden', hiddenAt(s.pos, add(i32('n0'), r)),
              mul(div(f32(`g_${r}_${t}`), add(c.f32(1), unary('exp', sub(c.f32(0), f32(`g_${r}_${t}`))))), value(R + r, t))),
          ]).flat()),
        })];
      }),
    ],
  };

  // 4. down, times the routing weight
  const down: Kernel = {
    name: `${target.name}_down`, model: 'cpu',
    params: [
      bufferParam('hidden', 'f32'), ...weightParams(qDown, 'w_down'), bufferParam('route_w', 'f32'), bufferParam('perm', 'i32'), bufferParam('expert_off', 'i32'),
      bufferParam('partial', 'f32', 'readwrite'), ...stagingParams(HID, false), scalarParam('T'),
    ],
    body: [
      ...(int8 ? [let_('npairs', 'i32', load('expert_off', c.i32(E), 'i32')), ...quantizeX(HID, qDown!, needOffset, 'f32')] : []),
      ...target.prologue,
      ...expertLoop(H, (R, slots) => target.tile({
        format, int8, needOffset, K: c.i32(I), x: HID,
        rows: Array.from({ length: R }, (_, r) => ({ weight: ref('w_down', I), q: qDown, n: add(add(mul(i32('e'), H), i32('n0')), r) })),
        tokens: slots.map((s) => s.pos),
        finish: (value) => slots.flatMap((s, t) => [
          let_(`rw_${t}`, 'f32', load('route_w', load('perm', s.pos, 'i32'), 'f32')),
          ...Array.from({ length: R }, (_, r) => store('partial', add(mul(s.pos, H), add(i32('n0'), r)), mul(f32(`rw_${t}`), value(r, t)))),
        ]),
      })),
    ],
  };

  // 5. the ordered combine
  const combine: Kernel = {
    name: `${target.name}_combine`, model: 'cpu',
    params: [bufferParam('ppos', 'i32'), bufferParam('partial', 'f32'), bufferParam('y', 'f32', 'write'), scalarParam('T')],
    body: [forLoop('t', 0, T, [
      forLoop('h', 0, H, [
        letMut('s', 'f32', c.f32(0)),
        forLoop('r', 0, topk, [
          let_('p', 'i32', load('ppos', add(mul(i32('t'), topk), i32('r')), 'i32')),
          if_(ge(i32('p'), 0), [assign('s', add(f32('s'), load('partial', add(mul(i32('p'), H), i32('h')), 'f32')))]),
        ]),
        store('y', add(mul(i32('t'), H), i32('h')), f32('s')),
      ]),
    ])],
  };
  return { kernels: [route, group, gateUp, down, combine], scratch, arithmetic: int8 ? 'int8-activations' : 'f32' };
}

/** the route kernel's body for token t: logits (the tile over the router rows), top-k, softmax weights */
function routeToken(d: MoeDims, rows: number, target: MoeTarget): Stmt[] {
  const { H, E, topk } = d;
  const t = i32('t');
  const slot = (r: Expr | number): Expr => add(mul(t, topk), r);
  const R = Math.min(rows, E);
  const logits = (r: number): Stmt[] => target.tile({
    format: 'f32', int8: false, needOffset: false, K: c.i32(H),
    x: { buffer: 'x', rows: param('T'), K: c.i32(H), staged: 'x', codes: '', scales: '', sums: '' },
    rows: Array.from({ length: r }, (_, j) => ({ weight: { buffer: 'router', K: c.i32(H) }, q: undefined, n: add(i32('e0'), j) })),
    tokens: [t],
    finish: (value) => Array.from({ length: r }, (_, j) => store('lg', add(i32('e0'), j), value(j, 0))),
  });
  const tail = E % R;
  return [
    forLoop('eb', 0, Math.floor(E / R), [let_('e0', 'i32', mul(i32('eb'), R)), ...logits(R)]),
    ...(tail > 0 ? [forLoop('e0', E - tail, E, logits(1))] : []),
    // top-k: each slot the largest logit not taken yet, by a strict > in ascending order (ties: lower index)
    forLoop('r', 0, topk, [
      letMut('best', 'i32', c.i32(-1)),
      letMut('bv', 'f32', c.f32(0)),
      forLoop('e', 0, E, [
        letMut('taken', 'i32', c.i32(0)),
        forLoop('s', 0, i32('r'), [assign('taken', select(eq(load('route_id', slot(i32('s')), 'i32'), i32('e')), c.i32(1), i32('taken')))]),
        let_('l', 'f32', load('lg', i32('e'), 'f32')),
        if_(land(eq(i32('taken'), 0), lor(lt(i32('best'), 0), gt(f32('l'), f32('bv')))), [assign('best', i32('e')), assign('bv', f32('l'))]),
      ]),
      store('route_id', slot(i32('r')), i32('best')),
    ]),
    // softmax over all E at the chosen experts; the first slot holds the largest logit
    let_('lmax', 'f32', load('lg', select(ge(load('route_id', slot(0), 'i32'), 0), load('route_id', slot(0), 'i32'), c.i32(0)), 'f32')),
    letMut('z', 'f32', c.f32(0)),
    forLoop('e', 0, E, [assign('z', add(f32('z'), unary('exp', sub(load('lg', i32('e'), 'f32'), f32('lmax')))))]),
    letMut('ksum', 'f32', c.f32(0)),
    forLoop('r', 0, topk, [
      let_('id', 'i32', load('route_id', slot(i32('r')), 'i32')),
      let_('pr', 'f32', div(unary('exp', sub(load('lg', select(ge(i32('id'), 0), i32('id'), c.i32(0)), 'f32'), f32('lmax'))), f32('z'))),
      store('route_w', slot(i32('r')), f32('pr')),
      assign('ksum', add(f32('ksum'), f32('pr'))),
    ]),
    ...(d.normTopk ? [forLoop('r', 0, topk, [store('route_w', slot(i32('r')), div(load('route_w', slot(i32('r')), 'f32'), f32('ksum')))])] : []),
  ];
}

/** kernel name stem of a moe lowering */
export function moeKernelStem(d: MoeDims, target: string, knobs: string): string {
  return `moe_${d.format}_h${d.H}_i${d.I}_e${d.E}_k${d.topk}_${d.router ? 'router' : 'given'}${d.normTopk ? '_norm' : ''}_${target}_${knobs}`;
}
