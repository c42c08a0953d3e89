/**
 * gated_delta_rule for the SIMT class (CUDA, OpenCL, Vulkan, WebGPU, Metal): two variants lowered through the IR.
 *
 * 'recurrent' (decode, short T): a workgroup per (block of block_v state columns, value head, batch). Its lanes
 * form column groups of vector_width adjacent columns, k_split lanes each; lane ks of a group holds rows ks,
 * ks + k_split, ... of its columns in registers (adjacent threads: adjacent column groups, so a row of the block
 * is one contiguous load). Tokens are staged in workgroup memory `ST` at a time (q, k, v, exp(g), beta). Per
 * token one pass over the registers gives the partial Sᵀk and Sᵀq of each column and k·q (and |k|², |q|² with
 * l2norm: the norms come from the same reduction), summed over the k_split lanes by subgroup butterflies or
 * through workgroup memory; then, with a = exp(g) and S the state before the step,
 *   u = beta (v - a Sᵀk̂),  o = scale (a Sᵀq̂ + (k̂·q̂) u),  S = a S + k̂ uᵀ.
 * The state is read once at the start and written once at the end; a lane writes only what it read, so s0 and
 * s may be one buffer.
 *
 * 'chunked' (prefill), the WY/UT form of the op (ir/src/ops/gated-delta-rule.ts), in two dispatches:
 * 1. `gdr_chunk_prep`, a workgroup per (chunk, value head, batch), none of it touching S: gamma (the cumulative
 *    g of the chunk), the norms, A_ij = beta_i e^(gamma_i - gamma_j) k̂_i·k̂_j in workgroup memory,
 *    W = (I + A)^-1 diag(beta e^gamma) K̂ and U' = (I + A)^-1 diag(beta) V by forward substitution (a thread per
 *    column), M = scale (D ⊙ Q̂K̂ᵀ)_(j<=i), Qg = scale diag(e^gamma) Q̂, Kd = diag(e^(gamma_last - gamma)) K̂ and
 *    e^gamma_last, into scratch. Only differences gamma_i - gamma_j (i >= j) and gamma_last - gamma_j are
 *    exponentiated (g down to -20 per token).
 * 2. `gdr_chunk_state`, a workgroup per (block of block_v state columns, value head, batch), walks the chunks
 *    in order with its Dk x block_v state block in workgroup memory (two copies, alternating):
 *    U = U' - W S, O = Qg S + M U, S = e^gamma_last S + Kdᵀ U.
 * A tail chunk is padded with tokens of g = 0, beta = 0, q = k = 0 (they change nothing and are not stored).
 */
import type { Expr, Kernel, KernelParam, Stmt } from '@kforge/ir';
import {
  add, alloc, and, assign, barrier, bufferParam, c, comment, concat, div, eq, fma, forLoop, if_, land, le, let_, letMut, load, lt, min, mul, param, rem,
  scalarParam, select, store, sub, subgroupShuffleXor, unary, v,
} from '@kforge/ir';
import { L2NORM_EPS } from '@kforge/ir';
import { loadWords } from '../gemv/weight-chunks.ts';
import type { SimtCaps } from '../gemv/knobs.ts';
import { recurrentLayout, type GdrShape, type GdrSimtConfig } from './knobs.ts';

const I32 = 'i32';
const F32 = 'f32';
const i32 = (name: string): Expr => v(name, I32);
const f32 = (name: string): Expr => v(name, F32);
const exp = (a: Expr): Expr => unary('exp', a);

/** terms of an fma chain before it is named */
const CHAIN = 16;

export const RECURRENT_ENTRY = 'gdr_recurrent';
export const PREP_ENTRY = 'gdr_chunk_prep';
export const STATE_ENTRY = 'gdr_chunk_state';

/** scratch of the chunked variant, per (batch, value head, chunk): name and floats per chunk */
export function chunkScratch(shape: GdrShape, C: number): readonly { readonly name: string; readonly floats: number }[] {
  return [
    { name: 'gdr_w', floats: C * shape.Dk },
    { name: 'gdr_u', floats: C * shape.Dv },
    { name: 'gdr_qg', floats: C * shape.Dk },
    { name: 'gdr_kd', floats: C * shape.Dk },
    { name: 'gdr_m', floats: C * C },
    { name: 'gdr_dec', floats: 1 },
  ];
}

const ioParams = (): KernelParam[] => [
  bufferParam('q', F32), bufferParam('k', F32), bufferParam('v', F32), bufferParam('g', F32), bufferParam('beta', F32), bufferParam('s0', F32, 'read', { aliased: true }),
];


/** the common prologue: batch, value head and its q/k head from the grid's z and y */
function headIndices(shape: GdrShape): Stmt[] {
  const ratio = shape.Hv / shape.Hk;
  return [
    let_('b', I32, v('gz', I32)),
    let_('h', I32, v('gy', I32)),
    let_('hk', I32, ratio > 1 ? div(i32('h'), ratio) : i32('h')),
    let_('bh', I32, add(mul(i32('b'), shape.Hv), i32('h'))),
  ];
}

const gridIds = (): Stmt[] => [
  let_('tid', I32, { op: 'special', index: 'thread_id', dim: 0 }),
  let_('gx', I32, { op: 'special', index: 'group_id', dim: 0 }),
  let_('gy', I32, { op: 'special', index: 'group_id', dim: 1 }),
  let_('gz', I32, { op: 'special', index: 'group_id', dim: 2 }),
];

// ------------------------------------------------------------------------------------------------ recurrent

export function lowerRecurrent(shape: GdrShape, cfg: GdrSimtConfig, caps: SimtCaps): Kernel {
  const lay = recurrentLayout(shape, cfg, caps);
  const { CG, CGL, threads: NT, R, Dkp, NV, ST } = lay;
  const { Hk, Hv, Dk, Dv } = shape;
  const VW = cfg.vector_width;
  const KS = cfg.k_split;
  const BV = cfg.block_v;
  const T = param('T');
  const l2 = shape.l2norm;
  const body: Stmt[] = [
    comment(`gated_delta_rule recurrent, Hk=${Hk} Hv=${Hv} Dk=${Dk} Dv=${Dv}${l2 ? ' l2norm' : ''}: ${BV} state columns per workgroup as ${CG} groups of `
      + `${VW} x ${KS} lanes (${R} rows each), ${lay.subgroup ? 'subgroup' : KS > 1 ? 'workgroup-memory' : 'no'} reduction, ${ST} tokens staged at a time`),
    ...gridIds(),
    ...headIndices(shape),
    // tid = (hi, ks, lo): lanes of a column group CGL apart, whole units inside a subgroup
    let_('lo', I32, CGL > 1 ? rem(i32('tid'), CGL) : c.i32(0)),
    let_('ks', I32, KS > 1 ? rem(div(i32('tid'), CGL), KS) : c.i32(0)),
    let_('cg', I32, add(mul(div(i32('tid'), CGL * KS), CGL), i32('lo'))),
    let_('jl', I32, mul(i32('cg'), VW)),
    let_('j0', I32, add(mul(i32('gx'), BV), i32('jl'))),
    let_('colok', 'bool', lt(i32('j0'), Dv)),
  ];
  const rowOf = (r: number): Expr => add(i32('ks'), r * KS);
  const stateAt = (r: number): Expr => add(mul(add(mul(i32('bh'), Dk), i32(`row${r}`)), Dv), i32('j0'));
  for (let r = 0; r < R; r++) {
    body.push(let_(`row${r}`, I32, rowOf(r)));
    body.push(let_(`ok${r}`, 'bool', (r + 1) * KS > Dk ? land(v('colok', 'bool'), lt(i32(`row${r}`), Dk)) : v('colok', 'bool')));
    for (let e = 0; e < VW; e++) body.push(letMut(`S${r}_${e}`, F32, c.f32(0)));
    const then: Stmt[] = [];
    const xs = loadWords('s0', stateAt(r), VW, F32, `ld${r}_`, then, caps.vectorLoads, VW);
    xs.forEach((x, e) => then.push(assign(`S${r}_${e}`, x)));
    body.push(if_(v(`ok${r}`, 'bool'), then));
  }
  body.push(
    alloc('sq', F32, ST * Dkp, 'workgroup'), alloc('sk', F32, ST * Dkp, 'workgroup'), alloc('sv', F32, ST * BV, 'workgroup'),
    alloc('sa', F32, ST, 'workgroup'), alloc('sb', F32, ST, 'workgroup'),
  );
  const reduceShared = !lay.subgroup && KS > 1;
  if (reduceShared) body.push(alloc('red', F32, 2 * NV * NT, 'workgroup'));

  // ---- a tile of ST tokens ----
  const tile: Stmt[] = [];
  const tokenClamp = (u: Expr): Expr => min(add(i32('t0'), u), sub(T, 1));
  // q and k rows (Dk padded to Dkp with zeros), v of the block's columns, exp(g) and beta
  // only the tokens of this tile inside T are staged (decode stages one)
  tile.push(let_('nt', I32, min(c.i32(ST), sub(T, i32('t0')))));
  tile.push(forLoop('e', i32('tid'), mul(i32('nt'), Dkp), [
    let_('eu', I32, div(i32('e'), Dkp)),
    let_('ed', I32, rem(i32('e'), Dkp)),
    let_('eok', 'bool', land(lt(add(i32('t0'), i32('eu')), T), lt(i32('ed'), Dk))),
    let_('eqk', I32, add(mul(add(mul(add(mul(i32('b'), T), tokenClamp(i32('eu'))), Hk), i32('hk')), Dk), min(i32('ed'), Dk - 1))),
    store('sq', i32('e'), select(v('eok', 'bool'), load('q', i32('eqk'), F32), c.f32(0))),
    store('sk', i32('e'), select(v('eok', 'bool'), load('k', i32('eqk'), F32), c.f32(0))),
  ], { step: NT }));
  tile.push(forLoop('e', i32('tid'), mul(i32('nt'), BV), [
    let_('vu', I32, div(i32('e'), BV)),
    let_('vj', I32, add(mul(i32('gx'), BV), rem(i32('e'), BV))),
    let_('vok', 'bool', land(lt(add(i32('t0'), i32('vu')), T), lt(i32('vj'), Dv))),
    let_('vat', I32, add(mul(add(mul(add(mul(i32('b'), T), tokenClamp(i32('vu'))), Hv), i32('h')), Dv), min(i32('vj'), Dv - 1))),
    store('sv', i32('e'), select(v('vok', 'bool'), load('v', i32('vat'), F32), c.f32(0))),
  ], { step: NT }));
  tile.push(forLoop('e', i32('tid'), i32('nt'), [
    let_('gat', I32, add(mul(add(mul(i32('b'), T), tokenClamp(i32('e'))), Hv), i32('h'))),
    store('sa', i32('e'), exp(load('g', i32('gat'), F32))),
    store('sb', i32('e'), load('beta', i32('gat'), F32)),
  ], { step: NT }));
  tile.push(barrier());

  // ---- one token ----
  const step: Stmt[] = [
    let_('a', F32, load('sa', i32('u'), F32)),
    let_('bt', F32, load('sb', i32('u'), F32)),
  ];
  for (let r = 0; r < R; r++) {
    const at = add(mul(i32('u'), Dkp), i32(`row${r}`));
    step.push(let_(`kr${r}`, F32, load('sk', at, F32)), let_(`qr${r}`, F32, load('sq', at, F32)));
  }
  // fma chains named every CHAIN terms (WGSL parsers limit the nesting depth)
  const chain = (name: string, term: (r: number) => [Expr, Expr]): void => {
    let acc: Expr | null = null;
    for (let r = 0; r < R; r++) {
      const [x, y] = term(r);
      acc = acc ? fma(x, y, acc) : mul(x, y);
      if ((r + 1) % CHAIN === 0 && r + 1 < R) {
        step.push(let_(`${name}_c${r}`, F32, acc));
        acc = f32(`${name}_c${r}`);
      }
    }
    step.push(let_(name, F32, acc!));
  };
  // partials of this lane's rows: Sᵀk and Sᵀq per column, k·q, |k|², |q|²
  const partials: string[] = [];
  for (let e = 0; e < VW; e++) {
    chain(`pk${e}`, (r) => [f32(`S${r}_${e}`), f32(`kr${r}`)]);
    chain(`pq${e}`, (r) => [f32(`S${r}_${e}`), f32(`qr${r}`)]);
    partials.push(`pk${e}`, `pq${e}`);
  }
  chain('pkq', (r) => [f32(`kr${r}`), f32(`qr${r}`)]);
  partials.push('pkq');
  if (l2) {
    chain('pkk', (r) => [f32(`kr${r}`), f32(`kr${r}`)]);
    chain('pqq', (r) => [f32(`qr${r}`), f32(`qr${r}`)]);
    partials.push('pkk', 'pqq');
  }
  const total = (name: string): string => `${name}_s`;
  if (KS === 1) {
    for (const p of partials) step.push(let_(total(p), F32, f32(p)));
  } else if (lay.subgroup) {
    for (const p of partials) {
      let name = p;
      for (let m = 1; m < KS; m *= 2) {
        const next = m * 2 >= KS ? total(p) : `${p}_x${m}`;
        step.push(let_(next, F32, add(f32(name), subgroupShuffleXor(f32(name), m * CGL))));
        name = next;
      }
    }
  } else {
    // double-buffered by token parity: one barrier per token
    step.push(let_('rbase', I32, mul(and(i32('u'), 1), NV * NT)));
    partials.forEach((p, n) => step.push(store('red', add(add(i32('rbase'), n * NT), i32('tid')), f32(p))));
    step.push(barrier());
    step.push(let_('rown', I32, sub(i32('tid'), mul(i32('ks'), CGL))));
    for (const p of partials) step.push(letMut(total(p), F32, c.f32(0)));
    const adds = partials.map((p, n) => assign(total(p), add(f32(total(p)), load('red', add(add(i32('rbase'), n * NT), add(i32('rown'), mul(i32('kk'), CGL))), F32))));
    step.push(forLoop('kk', 0, KS, adds));
  }
  if (l2) {
    step.push(let_('rk', F32, unary('rsqrt', add(f32(total('pkk')), c.f32(L2NORM_EPS)))));
    step.push(let_('rq', F32, unary('rsqrt', add(f32(total('pqq')), c.f32(L2NORM_EPS)))));
  }
  const rk = l2 ? f32('rk') : null;
  const rq = l2 ? f32('rq') : null;
  const times = (x: Expr, y: Expr | null): Expr => (y ? mul(x, y) : x);
  // a·rk, a·rq and scale·rk·rq·(k·q) once per token
  step.push(let_('ark', F32, times(f32('a'), rk)));
  step.push(let_('arq', F32, mul(times(f32('a'), rq), c.f32(shape.scale))));
  step.push(let_('ckq', F32, mul(times(times(f32(total('pkq')), rk), rq), c.f32(shape.scale))));
  step.push(let_('t', I32, add(i32('t0'), i32('u'))));
  step.push(let_('oat', I32, add(mul(add(mul(add(mul(i32('b'), T), i32('t')), Hv), i32('h')), Dv), i32('j0'))));
  const outs: Stmt[] = [];
  for (let e = 0; e < VW; e++) {
    step.push(let_(`vv${e}`, F32, load('sv', add(mul(i32('u'), BV), add(i32('jl'), e)), F32)));
    step.push(let_(`uu${e}`, F32, mul(f32('bt'), sub(f32(`vv${e}`), mul(f32('ark'), f32(total(`pk${e}`)))))));
    outs.push(store('o', e ? add(i32('oat'), e) : i32('oat'), fma(f32('ckq'), f32(`uu${e}`), mul(f32('arq'), f32(total(`pq${e}`))))));
    step.push(let_(`ww${e}`, F32, times(f32(`uu${e}`), rk)));
  }
  step.push(if_(land(eq(i32('ks'), 0), v('colok', 'bool')), outs));
  for (let r = 0; r < R; r++) {
    for (let e = 0; e < VW; e++) step.push(assign(`S${r}_${e}`, fma(f32(`kr${r}`), f32(`ww${e}`), mul(f32('a'), f32(`S${r}_${e}`)))));
  }
  tile.push(forLoop('u', 0, i32('nt'), step));
  tile.push(barrier());
  body.push(forLoop('t0', 0, T, tile, { step: ST }));

  // the state back as it was read: one vector store per row where the target has them
  const vectorStore = caps.vectorLoads && VW > 1;
  for (let r = 0; r < R; r++) {
    const lanes = Array.from({ length: VW }, (_, e) => f32(`S${r}_${e}`));
    const writes = vectorStore
      ? [store('s', stateAt(r), concat(...lanes))]
      : lanes.map((x, e) => store('s', e ? add(stateAt(r), e) : stateAt(r), x));
    body.push(if_(v(`ok${r}`, 'bool'), writes));
  }
  return {
    name: RECURRENT_ENTRY, model: 'simt', workgroupSize: [NT, 1, 1], body,
    params: [...ioParams(), bufferParam('o', F32, 'write'), bufferParam('s', F32, 'write', { aliased: true }), scalarParam('B'), scalarParam('T')],
  };
}

// ------------------------------------------------------------------------------------------------ chunked

export function lowerChunkPrep(shape: GdrShape, cfg: GdrSimtConfig, caps?: SimtCaps): Kernel {
  const vectorLoads = caps?.vectorLoads ?? false;
  const { Hk, Hv, Dk, Dv } = shape;
  const C = cfg.chunk;
  const NT = cfg.workgroup_size;
  const T = param('T');
  const l2 = shape.l2norm;
  const scratch = chunkScratch(shape, C);
  const base = (name: string): Expr => mul(i32('cidx'), scratch.find((s) => s.name === name)!.floats);
  const tokOf = (i: Expr): Expr => add(mul(i32('b'), T), min(add(i32('t0'), i), sub(T, 1)));
  const qkAt = (i: Expr, d: Expr): Expr => add(mul(add(mul(tokOf(i), Hk), i32('hk')), Dk), d);
  const body: Stmt[] = [
    comment(`gated_delta_rule chunk prep, Hk=${Hk} Hv=${Hv} Dk=${Dk} Dv=${Dv}${l2 ? ' l2norm' : ''}: chunk ${C}, ${NT} threads`),
    ...gridIds(),
    ...headIndices(shape),
    let_('nc', I32, div(add(T, C - 1), C)),
    let_('t0', I32, mul(i32('gx'), C)),
    let_('cn', I32, min(c.i32(C), sub(T, i32('t0')))),
    let_('cidx', I32, add(mul(i32('bh'), i32('nc')), i32('gx'))),
    alloc('sgam', F32, C, 'workgroup'), alloc('sbeta', F32, C, 'workgroup'), alloc('srk', F32, C, 'workgroup'), alloc('srq', F32, C, 'workgroup'),
    alloc('sA', F32, C * C, 'workgroup'),
  ];
  // per token: gamma (padded tokens hold gamma_last), beta and the norms' reciprocals (0 past the chunk's end)
  const perToken: Stmt[] = [
    let_('pok', 'bool', lt(i32('i'), i32('cn'))),
    letMut('gam', F32, c.f32(0)),
    forLoop('m', 0, min(add(i32('i'), 1), i32('cn')), [assign('gam', add(f32('gam'), load('g', add(mul(tokOf(i32('m')), Hv), i32('h')), F32)))]),
    store('sgam', i32('i'), f32('gam')),
    store('sbeta', i32('i'), select(v('pok', 'bool'), load('beta', add(mul(tokOf(i32('i')), Hv), i32('h')), F32), c.f32(0))),
  ];
  if (l2) {
    perToken.push(letMut('nk', F32, c.f32(0)), letMut('nq', F32, c.f32(0)));
    perToken.push(forLoop('d', 0, Dk, [
      let_('xk', F32, load('k', qkAt(i32('i'), i32('d')), F32)),
      let_('xq', F32, load('q', qkAt(i32('i'), i32('d')), F32)),
      assign('nk', fma(f32('xk'), f32('xk'), f32('nk'))),
      assign('nq', fma(f32('xq'), f32('xq'), f32('nq'))),
    ]));
    perToken.push(store('srk', i32('i'), select(v('pok', 'bool'), unary('rsqrt', add(f32('nk'), c.f32(L2NORM_EPS))), c.f32(0))));
    perToken.push(store('srq', i32('i'), select(v('pok', 'bool'), unary('rsqrt', add(f32('nq'), c.f32(L2NORM_EPS))), c.f32(0))));
  } else {
    perToken.push(store('srk', i32('i'), select(v('pok', 'bool'), c.f32(1), c.f32(0))));
    perToken.push(store('srq', i32('i'), select(v('pok', 'bool'), c.f32(1), c.f32(0))));
  }
  body.push(forLoop('i', i32('tid'), C, perToken, { step: NT }), barrier());

  // A (workgroup memory) and M (scratch) in tiles of PT x PT pairs per thread: per step of d the tile's
  // rows of k̂ and q̂ and its columns of k̂ are loaded once (vectors along d where the target has them) and
  // serve PT products each; tiles wholly above the diagonal only write their zeros
  const PT = 4;
  const NB = C / PT;
  const DW = vectorLoads && Dk % 4 === 0 ? 4 : 1;
  const pairTile: Stmt[] = [
    let_('ti0', I32, mul(div(i32('e'), NB), PT)),
    let_('tj0', I32, mul(rem(i32('e'), NB), PT)),
  ];
  const tiles = Array.from({ length: PT }, (_, r) => r);
  for (const r of tiles) for (const cc of tiles) pairTile.push(letMut(`dkk${r}_${cc}`, F32, c.f32(0)), letMut(`dqk${r}_${cc}`, F32, c.f32(0)));
  const dStep: Stmt[] = [];
  const rowsOf = (buf: string, row: Expr, tag: string): Expr[] => loadWords(buf, qkAt(row, i32('d')), DW, F32, tag, dStep, vectorLoads, DW);
  const ki = tiles.map((r) => rowsOf('k', add(i32('ti0'), r), `lki${r}_`));
  const qi = tiles.map((r) => rowsOf('q', add(i32('ti0'), r), `lqi${r}_`));
  const kj = tiles.map((cc) => rowsOf('k', add(i32('tj0'), cc), `lkj${cc}_`));
  for (let l = 0; l < DW; l++) {
    for (const r of tiles) {
      for (const cc of tiles) {
        dStep.push(assign(`dkk${r}_${cc}`, fma(ki[r]![l]!, kj[cc]![l]!, f32(`dkk${r}_${cc}`))));
        dStep.push(assign(`dqk${r}_${cc}`, fma(qi[r]![l]!, kj[cc]![l]!, f32(`dqk${r}_${cc}`))));
      }
    }
  }
  pairTile.push(if_(le(i32('tj0'), i32('ti0')), [forLoop('d', 0, Dk, dStep, { step: DW })]));
  for (const r of tiles) {
    pairTile.push(let_(`pi${r}`, I32, add(i32('ti0'), r)));
    pairTile.push(let_(`gi${r}`, F32, load('sgam', i32(`pi${r}`), F32)));
    pairTile.push(let_(`bki${r}`, F32, mul(load('sbeta', i32(`pi${r}`), F32), load('srk', i32(`pi${r}`), F32))));
    pairTile.push(let_(`sqi${r}`, F32, mul(load('srq', i32(`pi${r}`), F32), c.f32(shape.scale))));
  }
  for (const cc of tiles) {
    pairTile.push(let_(`pj${cc}`, I32, add(i32('tj0'), cc)));
    pairTile.push(let_(`gj${cc}`, F32, load('sgam', i32(`pj${cc}`), F32)));
    pairTile.push(let_(`rkj${cc}`, F32, load('srk', i32(`pj${cc}`), F32)));
  }
  for (const r of tiles) {
    for (const cc of tiles) {
      const at = add(mul(i32(`pi${r}`), C), i32(`pj${cc}`));
      // e^(gamma_i - gamma_j) only where j <= i (the difference is <= 0 there)
      pairTile.push(let_(`dij${r}_${cc}`, F32, exp(min(sub(f32(`gi${r}`), f32(`gj${cc}`)), c.f32(0)))));
      pairTile.push(store('sA', at, select(lt(i32(`pj${cc}`), i32(`pi${r}`)),
        mul(mul(f32(`bki${r}`), f32(`dij${r}_${cc}`)), mul(f32(`rkj${cc}`), f32(`dkk${r}_${cc}`))), c.f32(0))));
      pairTile.push(store('gdr_m', add(base('gdr_m'), at), select(le(i32(`pj${cc}`), i32(`pi${r}`)),
        mul(mul(f32(`dij${r}_${cc}`), mul(f32(`sqi${r}`), f32(`rkj${cc}`))), f32(`dqk${r}_${cc}`)), c.f32(0))));
    }
  }
  body.push(forLoop('e', i32('tid'), NB * NB, pairTile, { step: NT }));
  body.push(barrier());
  body.push(let_('glast', F32, load('sgam', c.i32(C - 1), F32)));
  body.push(if_(eq(i32('tid'), 0), [store('gdr_dec', i32('cidx'), exp(f32('glast')))]));
  // Qg = scale e^gamma q̂, Kd = e^(gamma_last - gamma) k̂
  body.push(forLoop('e', i32('tid'), C * Dk, [
    let_('xi', I32, div(i32('e'), Dk)),
    let_('xd', I32, rem(i32('e'), Dk)),
    let_('xgam', F32, load('sgam', i32('xi'), F32)),
    store('gdr_qg', add(base('gdr_qg'), i32('e')), mul(mul(load('q', qkAt(i32('xi'), i32('xd')), F32), load('srq', i32('xi'), F32)), mul(exp(f32('xgam')), c.f32(shape.scale)))),
    store('gdr_kd', add(base('gdr_kd'), i32('e')), mul(mul(load('k', qkAt(i32('xi'), i32('xd')), F32), load('srk', i32('xi'), F32)), exp(sub(f32('glast'), f32('xgam'))))),
  ], { step: NT }));
  // forward substitution, a thread per column: X_i = rhs_i - sum_(m<i) A_im X_m (X read back from scratch)
  const substitute = (col: string, n: number, out: string, rhs: (i: Expr) => Expr): Stmt => forLoop(col, i32('tid'), n, [
    forLoop(`${col}i`, 0, C, [
      letMut(`${col}x`, F32, rhs(i32(`${col}i`))),
      forLoop(`${col}m`, 0, i32(`${col}i`), [
        assign(`${col}x`, sub(f32(`${col}x`), mul(load('sA', add(mul(i32(`${col}i`), C), i32(`${col}m`)), F32), load(out, add(base(out), add(mul(i32(`${col}m`), n), i32(col))), F32)))),
      ]),
      store(out, add(base(out), add(mul(i32(`${col}i`), n), i32(col))), f32(`${col}x`)),
    ]),
  ], { step: NT });
  body.push(substitute('wc', Dk, 'gdr_w', (i) => mul(mul(load('sbeta', i, F32), exp(load('sgam', i, F32))), mul(load('k', qkAt(i, i32('wc')), F32), load('srk', i, F32)))));
  body.push(substitute('uc', Dv, 'gdr_u', (i) => mul(load('sbeta', i, F32), load('v', add(mul(add(mul(tokOf(i), Hv), i32('h')), Dv), i32('uc')), F32))));
  const params: KernelParam[] = [
    ...ioParams().filter((p) => p.name !== 's0'),
    ...scratch.map((s) => bufferParam(s.name, F32, s.name === 'gdr_w' || s.name === 'gdr_u' ? 'readwrite' : 'write')),
    scalarParam('B'), scalarParam('T'),
  ];
  return { name: PREP_ENTRY, model: 'simt', workgroupSize: [NT, 1, 1], body, params };
}

/**
 * How the state walk's threads tile its products: each owns RI consecutive rows x CJ consecutive columns of
 * U and O (rows over the chunk) and RS rows x CJ columns of the new state (rows over Dk), so one operand
 * load of W, Qg, Kd (a row value) serves CJ products and one of S or U (a column value) serves RI.
 */
export function walkTiles(shape: GdrShape, cfg: GdrSimtConfig): { CJ: number; NJ: number; RI: number; RS: number } {
  const C = cfg.chunk;
  const NT = cfg.workgroup_size;
  const CJ = Math.min(cfg.block_v, 4);
  const NJ = cfg.block_v / CJ;
  const rowsPer = (rows: number): number => {
    let r = 1;
    while (r < 4 && rows % (r * 2) === 0 && (rows / (r * 2)) * NJ >= NT) r *= 2;
    return r;
  };
  return { CJ, NJ, RI: rowsPer(C), RS: rowsPer(shape.Dk) };
}

export function lowerChunkState(shape: GdrShape, cfg: GdrSimtConfig, caps?: SimtCaps): Kernel {
  const { Hv, Dk, Dv } = shape;
  const C = cfg.chunk;
  const NT = cfg.workgroup_size;
  const BV = cfg.block_v;
  const T = param('T');
  const scratch = chunkScratch(shape, C);
  const base = (name: string): Expr => mul(i32('cidx'), scratch.find((s) => s.name === name)!.floats);
  const SB = Dk * BV;
  const { CJ, NJ, RI, RS } = walkTiles(shape, cfg);
  const vectorLoads = caps?.vectorLoads ?? false;
  const DW = vectorLoads && Dk % 4 === 0 ? 4 : 1;
  const UNROLL = DW === 4 ? 2 : 4;
  const body: Stmt[] = [
    comment(`gated_delta_rule chunked state walk, Hv=${Hv} Dk=${Dk} Dv=${Dv}: chunk ${C}, ${BV} state columns per workgroup, ${NT} threads, `
      + `tiles of ${RI} x ${CJ} (U, O) and ${RS} x ${CJ} (S) per thread`),
    ...gridIds(),
    ...headIndices(shape),
    let_('nc', I32, div(add(T, C - 1), C)),
    let_('j0', I32, mul(i32('gx'), BV)),
    alloc('sS', F32, 2 * SB, 'workgroup'),
    alloc('sU', F32, C * BV, 'workgroup'),
    forLoop('e', i32('tid'), SB, [
      let_('ecol', I32, add(i32('j0'), rem(i32('e'), BV))),
      let_('eat', I32, add(mul(add(mul(i32('bh'), Dk), div(i32('e'), BV)), Dv), min(i32('ecol'), Dv - 1))),
      store('sS', i32('e'), select(lt(i32('ecol'), Dv), load('s0', i32('eat'), F32), c.f32(0))),
    ], { step: NT }),
    barrier(),
    letMut('cur', I32, c.i32(0)),
  ];
  const rows = (n: number): number[] => Array.from({ length: n }, (_, r) => r);
  const cols = rows(CJ);
  // a tile's first row and first (block-local) column from the tile index
  const tileAt = (e: string, R: number, row: string, col: string): Stmt[] => [
    let_(row, I32, NJ > 1 ? mul(div(i32(e), NJ), R) : mul(i32(e), R)),
    let_(col, I32, NJ > 1 ? mul(rem(i32(e), NJ), CJ) : c.i32(0)),
  ];
  const acc = (p: string, r: number, cc: number): string => `${p}${r}_${cc}`;

  // U = U' - W S
  const uTile: Stmt[] = [...tileAt('e', RI, 'ui', 'uj')];
  for (const r of rows(RI)) {
    uTile.push(let_(`urow${r}`, I32, add(base('gdr_u'), mul(add(i32('ui'), r), Dv))));
    for (const cc of cols) {
      const col = add(add(i32('j0'), i32('uj')), cc);
      uTile.push(letMut(acc('ua', r, cc), F32, select(lt(col, Dv), load('gdr_u', add(i32(`urow${r}`), min(col, Dv - 1)), F32), c.f32(0))));
    }
  }
  // W and Qg rows DW values at a time along d (one 128-bit load where the target has them)
  const uStep: Stmt[] = [];
  const wv = rows(RI).map((r) => loadWords('gdr_w', add(base('gdr_w'), add(mul(add(i32('ui'), r), Dk), i32('d'))), DW, F32, `w${r}_`, uStep, vectorLoads, DW));
  for (let l = 0; l < DW; l++) {
    for (const cc of cols) uStep.push(let_(`sv${l}_${cc}`, F32, load('sS', add(add(i32('cur'), mul(add(i32('d'), l), BV)), add(i32('uj'), cc)), F32)));
    for (const r of rows(RI)) for (const cc of cols) uStep.push(assign(acc('ua', r, cc), sub(f32(acc('ua', r, cc)), mul(wv[r]![l]!, f32(`sv${l}_${cc}`)))));
  }
  uTile.push(forLoop('d', 0, Dk, uStep, { step: DW, unroll: UNROLL }));
  for (const r of rows(RI)) for (const cc of cols) uTile.push(store('sU', add(mul(add(i32('ui'), r), BV), add(i32('uj'), cc)), f32(acc('ua', r, cc))));

  // O = Qg S + M U (M is zero above the diagonal: every row of the tile runs to its last row)
  const oTile: Stmt[] = [...tileAt('e', RI, 'oi', 'oj')];
  for (const r of rows(RI)) for (const cc of cols) oTile.push(letMut(acc('oa', r, cc), F32, c.f32(0)));
  const oStep: Stmt[] = [];
  const qv = rows(RI).map((r) => loadWords('gdr_qg', add(base('gdr_qg'), add(mul(add(i32('oi'), r), Dk), i32('d'))), DW, F32, `q${r}_`, oStep, vectorLoads, DW));
  for (let l = 0; l < DW; l++) {
    for (const cc of cols) oStep.push(let_(`sv${l}_${cc}`, F32, load('sS', add(add(i32('cur'), mul(add(i32('d'), l), BV)), add(i32('oj'), cc)), F32)));
    for (const r of rows(RI)) for (const cc of cols) oStep.push(assign(acc('oa', r, cc), fma(qv[r]![l]!, f32(`sv${l}_${cc}`), f32(acc('oa', r, cc)))));
  }
  oTile.push(forLoop('d', 0, Dk, oStep, { step: DW, unroll: UNROLL }));
  const mStep: Stmt[] = [];
  for (const r of rows(RI)) mStep.push(let_(`mm${r}`, F32, load('gdr_m', add(base('gdr_m'), add(mul(add(i32('oi'), r), C), i32('m'))), F32)));
  for (const cc of cols) mStep.push(let_(`u${cc}`, F32, load('sU', add(mul(i32('m'), BV), add(i32('oj'), cc)), F32)));
  for (const r of rows(RI)) for (const cc of cols) mStep.push(assign(acc('oa', r, cc), fma(f32(`mm${r}`), f32(`u${cc}`), f32(acc('oa', r, cc)))));
  oTile.push(forLoop('m', 0, add(i32('oi'), RI), mStep, { unroll: UNROLL }));
  for (const r of rows(RI)) {
    oTile.push(let_(`ot${r}`, I32, add(add(i32('t0'), i32('oi')), r)));
    const writes: Stmt[] = [];
    for (const cc of cols) {
      const col = add(add(i32('j0'), i32('oj')), cc);
      writes.push(if_(lt(col, Dv), [store('o', add(mul(add(mul(add(mul(i32('b'), T), i32(`ot${r}`)), Hv), i32('h')), Dv), col), f32(acc('oa', r, cc)))]));
    }
    oTile.push(if_(lt(i32(`ot${r}`), T), writes));
  }

  // S = e^gamma_last S + Kdᵀ U into the other copy
  const sTile: Stmt[] = [...tileAt('e', RS, 'sd', 'sj')];
  for (const r of rows(RS)) {
    for (const cc of cols) {
      sTile.push(letMut(acc('sa', r, cc), F32, mul(f32('dec'), load('sS', add(add(i32('cur'), mul(add(i32('sd'), r), BV)), add(i32('sj'), cc)), F32))));
    }
  }
  const sStep: Stmt[] = [];
  for (const r of rows(RS)) sStep.push(let_(`k${r}`, F32, load('gdr_kd', add(base('gdr_kd'), add(mul(i32('m'), Dk), add(i32('sd'), r))), F32)));
  for (const cc of cols) sStep.push(let_(`u${cc}`, F32, load('sU', add(mul(i32('m'), BV), add(i32('sj'), cc)), F32)));
  for (const r of rows(RS)) for (const cc of cols) sStep.push(assign(acc('sa', r, cc), fma(f32(`k${r}`), f32(`u${cc}`), f32(acc('sa', r, cc)))));
  sTile.push(forLoop('m', 0, C, sStep, { unroll: UNROLL }));
  for (const r of rows(RS)) {
    for (const cc of cols) {
      sTile.push(store('sS', add(sub(c.i32(SB), i32('cur')), add(mul(add(i32('sd'), r), BV), add(i32('sj'), cc))), f32(acc('sa', r, cc))));
    }
  }

  const chunk: Stmt[] = [
    let_('cidx', I32, add(mul(i32('bh'), i32('nc')), i32('n'))),
    let_('t0', I32, mul(i32('n'), C)),
    forLoop('e', i32('tid'), (C / RI) * NJ, uTile, { step: NT }),
    barrier(),
    forLoop('e', i32('tid'), (C / RI) * NJ, oTile, { step: NT }),
    let_('dec', F32, load('gdr_dec', i32('cidx'), F32)),
    forLoop('e', i32('tid'), (Dk / RS) * NJ, sTile, { step: NT }),
    barrier(),
    assign('cur', sub(c.i32(SB), i32('cur'))),
  ];
  body.push(forLoop('n', 0, i32('nc'), chunk));
  body.push(forLoop('e', i32('tid'), SB, [
    let_('fcol', I32, add(i32('j0'), rem(i32('e'), BV))),
    if_(lt(i32('fcol'), Dv), [
      store('s', add(mul(add(mul(i32('bh'), Dk), div(i32('e'), BV)), Dv), i32('fcol')), load('sS', add(i32('cur'), i32('e')), F32)),
    ]),
  ], { step: NT }));
  const params: KernelParam[] = [
    bufferParam('s0', F32, 'read', { aliased: true }),
    ...scratch.map((s) => bufferParam(s.name, F32)),
    bufferParam('o', F32, 'write'), bufferParam('s', F32, 'write', { aliased: true }),
    scalarParam('B'), scalarParam('T'),
  ];
  return { name: STATE_ENTRY, model: 'simt', workgroupSize: [NT, 1, 1], body, params };
}
