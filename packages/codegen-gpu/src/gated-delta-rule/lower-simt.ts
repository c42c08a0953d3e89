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
 * s may be one buffer. With `inputs: 'registers'` nothing is staged: each lane loads its own rows of q and k, its
 * columns of v, g and beta into registers at the top of each step, so a decode step has no barrier and all its
 * loads, state included, go out at once (a longer T waits for each token's loads; 'staged' batches them). With `dependent_launch` (CUDA) the kernel lets the
 * next launch start and waits for the previous grid before anything else.
 *
 * 'chunked' (prefill), the WY/UT form of the op (ir/src/ops/gated-delta-rule.ts), in three dispatches (FLA's split):
 * 1. `gdr_chunk_prep`, a workgroup per (chunk, value head, batch), none of it touching S: gamma (the cumulative
 *    g of the chunk), the norms, A_ij = beta_i e^(gamma_i - gamma_j) k̂_i·k̂_j in workgroup memory,
 *    W = (I + A)^-1 diag(beta e^gamma) K̂ and U' = (I + A)^-1 diag(beta) V by forward substitution (a thread per
 *    column), M = scale (D ⊙ Q̂K̂ᵀ)_(j<=i), Qg = scale diag(e^gamma) Q̂, Kd = diag(e^(gamma_last - gamma)) K̂ and
 *    e^gamma_last, into scratch. Only differences gamma_i - gamma_j (i >= j) and gamma_last - gamma_j are
 *    exponentiated (g down to -20 per token).
 * 2. `gdr_chunk_state`, the sequential pass: a workgroup per (block of block_v state columns, value head, batch)
 *    walks the chunks in order with its Dk x block_v state block in workgroup memory, W and Kd staged there per
 *    chunk where they fit: U = U' - W S (over U' in scratch), the state before the chunk to `gdr_h`,
 *    S = e^gamma_last S + Kdᵀ U.
 * 3. `gdr_chunk_out`, in parallel over (chunks x column blocks, value head, batch): O = Qg H + M U.
 * On CUDA (the launch-sized block) each dispatch stages by cp.async: the prep its chunk's k and q rows, the walk
 * the next chunk's W and Kd while this one's products run, the outputs all their operands (knobs.ts says where).
 * A tail chunk is padded with tokens of g = 0, beta = 0, q = k = 0 (they change nothing and are not stored).
 */
import type { Expr, Kernel, KernelParam, Stmt } from '@kforge/ir';
import {
  add, alloc, allocDynamic, and, assign, asyncCommit, asyncCopy, asyncWait, barrier, bufferParam, c, comment, concat, div, eq, fma, forLoop, if_, land, le, let_, letMut, load, lt, min, mul, param, rem,
  gridDependency, scalarParam, select, store, sub, subgroupShuffleXor, unary, v,
} from '@kforge/ir';
import { L2NORM_EPS } from '@kforge/ir';
import { loadWords } from '../gemv/weight-chunks.ts';
import type { SimtCaps } from '../gemv/knobs.ts';
import {
  outBlock, outStaged, prepStaged, recurrentLayout, stagedRowsFloats, substitutionColumns, walkPipelined, walkStaged, type GdrShape, type GdrSimtConfig,
} from './knobs.ts';

const I32 = 'i32';
const F32 = 'f32';
const i32 = (name: string): Expr => v(name, I32);
const f32 = (name: string): Expr => v(name, F32);
const exp = (a: Expr): Expr => unary('exp', a);

/** terms of an fma chain before it is named */
const CHAIN = 16;

/** unrolling of the chunked kernels' loops over scratch and inputs: that many loads in flight per thread */
const LOAD_UNROLL = 8;

export const RECURRENT_ENTRY = 'gdr_recurrent';
export const PREP_ENTRY = 'gdr_chunk_prep';
export const STATE_ENTRY = 'gdr_chunk_state';
export const OUT_ENTRY = 'gdr_chunk_out';

/** scratch of the chunked variant, per (batch, value head, chunk): name and floats per chunk */
export function chunkScratch(shape: GdrShape, C: number): readonly { readonly name: string; readonly floats: number }[] {
  return [
    { name: 'gdr_w', floats: C * shape.Dk },
    { name: 'gdr_u', floats: C * shape.Dv },
    { name: 'gdr_qg', floats: C * shape.Dk },
    { name: 'gdr_kd', floats: C * shape.Dk },
    { name: 'gdr_m', floats: C * C },
    { name: 'gdr_dec', floats: 1 },
    { name: 'gdr_h', floats: shape.Dk * shape.Dv },
  ];
}

/** `coherent`: the inputs an earlier grid may write, read after a dependent launch's wait (no non-coherent loads) */
const ioParams = (coherent = false): KernelParam[] => [
  ...['q', 'k', 'v', 'g', 'beta'].map((n) => bufferParam(n, F32, 'read', coherent ? { coherent: true } : {})), bufferParam('s0', F32, 'read', { aliased: true }),
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
  const staged = cfg.inputs !== 'registers';
  const body: Stmt[] = [
    comment(`gated_delta_rule recurrent, Hk=${Hk} Hv=${Hv} Dk=${Dk} Dv=${Dv}${l2 ? ' l2norm' : ''}: ${BV} state columns per workgroup as ${CG} groups of `
      + `${VW} x ${KS} lanes (${R} rows each), ${lay.subgroup ? 'subgroup' : KS > 1 ? 'workgroup-memory' : 'no'} reduction, `
      + (staged ? `${ST} tokens staged at a time` : 'inputs loaded into registers')
      + (cfg.dependent_launch ? ', dependent launch' : '')),
    // the next launch may start now; nothing is read before the previous grid is done
    ...(cfg.dependent_launch ? [gridDependency('signal'), gridDependency('wait')] : []),
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
  if (staged) {
    body.push(
      alloc('sq', F32, ST * Dkp, 'workgroup'), alloc('sk', F32, ST * Dkp, 'workgroup'), alloc('sv', F32, ST * BV, 'workgroup'),
      alloc('sa', F32, ST, 'workgroup'), alloc('sb', F32, ST, 'workgroup'),
    );
  }
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

  // ---- registers: a lane's inputs of token t into the registers named by p (rows past Dk and columns past Dv stay 0) ----
  const tokenLoads = (t: Expr, p: string): Stmt[] => {
    const out: Stmt[] = [let_(`${p}qk`, I32, mul(add(mul(add(mul(i32('b'), T), t), Hk), i32('hk')), Dk))];
    for (let r = 0; r < R; r++) {
      const at = add(i32(`${p}qk`), i32(`row${r}`));
      const loads = [assign(`${p}k${r}`, load('k', at, F32)), assign(`${p}q${r}`, load('q', at, F32))];
      out.push(...((r + 1) * KS > Dk ? [if_(lt(i32(`row${r}`), Dk), loads)] : loads));
    }
    out.push(let_(`${p}gat`, I32, add(mul(add(mul(i32('b'), T), t), Hv), i32('h'))));
    out.push(assign(`${p}g`, load('g', i32(`${p}gat`), F32)), assign(`${p}b`, load('beta', i32(`${p}gat`), F32)));
    const vs: Stmt[] = [];
    const xs = loadWords('v', add(mul(i32(`${p}gat`), Dv), i32('j0')), VW, F32, `${p}vl`, vs, caps.vectorLoads, VW);
    xs.forEach((x, e) => vs.push(assign(`${p}v${e}`, x)));
    out.push(if_(v('colok', 'bool'), vs));
    return out;
  };
  const tokenRegs = (p: string): Stmt[] => [
    ...Array.from({ length: R }, (_, r) => [letMut(`${p}k${r}`, F32, c.f32(0)), letMut(`${p}q${r}`, F32, c.f32(0))]).flat(),
    ...Array.from({ length: VW }, (_, e) => letMut(`${p}v${e}`, F32, c.f32(0))),
    letMut(`${p}g`, F32, c.f32(0)), letMut(`${p}b`, F32, c.f32(0)),
  ];

  // ---- one token ----
  const step: Stmt[] = [];
  if (staged) {
    step.push(let_('a', F32, load('sa', i32('u'), F32)), let_('bt', F32, load('sb', i32('u'), F32)));
    for (let r = 0; r < R; r++) {
      const at = add(mul(i32('u'), Dkp), i32(`row${r}`));
      step.push(let_(`kr${r}`, F32, load('sk', at, F32)), let_(`qr${r}`, F32, load('sq', at, F32)));
    }
  } else {
    // this token's loads, all independent (at t = 0 in flight with the state's)
    step.push(...tokenRegs('in_'), ...tokenLoads(i32('t'), 'in_'));
    step.push(let_('a', F32, exp(f32('in_g'))), let_('bt', F32, f32('in_b')));
    for (let r = 0; r < R; r++) step.push(let_(`kr${r}`, F32, f32(`in_k${r}`)), let_(`qr${r}`, F32, f32(`in_q${r}`)));
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
    step.push(let_('rbase', I32, mul(and(i32(staged ? 'u' : 't'), 1), NV * NT)));
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
  if (staged) step.push(let_('t', I32, add(i32('t0'), i32('u'))));
  step.push(let_('oat', I32, add(mul(add(mul(add(mul(i32('b'), T), i32('t')), Hv), i32('h')), Dv), i32('j0'))));
  const outs: Expr[] = [];
  for (let e = 0; e < VW; e++) {
    step.push(let_(`vv${e}`, F32, staged ? load('sv', add(mul(i32('u'), BV), add(i32('jl'), e)), F32) : f32(`in_v${e}`)));
    step.push(let_(`uu${e}`, F32, mul(f32('bt'), sub(f32(`vv${e}`), mul(f32('ark'), f32(total(`pk${e}`)))))));
    outs.push(fma(f32('ckq'), f32(`uu${e}`), mul(f32('arq'), f32(total(`pq${e}`)))));
    step.push(let_(`ww${e}`, F32, times(f32(`uu${e}`), rk)));
  }
  // registers path: a lane's columns of o are adjacent (j0 a multiple of vector_width, Dv too), one vector store where the target has them
  const outStores = caps.vectorLoads && VW > 1 && !staged
    ? [store('o', i32('oat'), concat(...outs))]
    : outs.map((x, e) => store('o', e ? add(i32('oat'), e) : i32('oat'), x));
  step.push(if_(land(eq(i32('ks'), 0), v('colok', 'bool')), outStores));
  for (let r = 0; r < R; r++) {
    for (let e = 0; e < VW; e++) step.push(assign(`S${r}_${e}`, fma(f32(`kr${r}`), f32(`ww${e}`), mul(f32('a'), f32(`S${r}_${e}`)))));
  }
  if (staged) {
    tile.push(forLoop('u', 0, i32('nt'), step));
    tile.push(barrier());
    body.push(forLoop('t0', 0, T, tile, { step: ST }));
  } else {
    body.push(forLoop('t', 0, T, step));
  }

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
    params: [...ioParams(cfg.dependent_launch), bufferParam('o', F32, 'write'), bufferParam('s', F32, 'write', { aliased: true }), scalarParam('B'), scalarParam('T')],
  };
}

// ------------------------------------------------------------------------------------------------ chunked

/** a workgroup array, in CUDA's launch-sized block where `launchShared` (above 48 KB), 16-byte aligned for vector access */
const wgArray = (name: string, floats: number, launchShared: boolean): Stmt => (launchShared ? allocDynamic(name, F32, floats, 16) : alloc(name, F32, floats, 'workgroup', 16));

/**
 * The end of one pair tile (rows ti0.., columns tj0.. of the chunk, dot products dkk/dqk summed): A = beta_i k̂_i·k̂_j
 * e^(gamma_i - gamma_j) below the diagonal into sA, and M = scale q̂_i·k̂_j e^(gamma_i - gamma_j) on and below it
 * (stored transposed at mBase); both prep kernels share it
 */
function pairTileStores(tiles: readonly number[], C: number, scale: number, mBase: Expr): Stmt[] {
  const out: Stmt[] = [];
  for (const r of tiles) {
    out.push(let_(`pi${r}`, I32, add(i32('ti0'), r)));
    out.push(let_(`gi${r}`, F32, load('sgam', i32(`pi${r}`), F32)));
    out.push(let_(`bki${r}`, F32, mul(load('sbeta', i32(`pi${r}`), F32), load('srk', i32(`pi${r}`), F32))));
    out.push(let_(`sqi${r}`, F32, mul(load('srq', i32(`pi${r}`), F32), c.f32(scale))));
  }
  for (const cc of tiles) {
    out.push(let_(`pj${cc}`, I32, add(i32('tj0'), cc)));
    out.push(let_(`gj${cc}`, F32, load('sgam', i32(`pj${cc}`), F32)));
    out.push(let_(`rkj${cc}`, F32, load('srk', i32(`pj${cc}`), F32)));
  }
  for (const r of tiles) {
    for (const cc of tiles) {
      out.push(let_(`dij${r}_${cc}`, F32, exp(min(sub(f32(`gi${r}`), f32(`gj${cc}`)), c.f32(0)))));
      out.push(store('sA', add(mul(i32(`pi${r}`), C), i32(`pj${cc}`)), select(lt(i32(`pj${cc}`), i32(`pi${r}`)),
        mul(mul(f32(`bki${r}`), f32(`dij${r}_${cc}`)), mul(f32(`rkj${cc}`), f32(`dkk${r}_${cc}`))), c.f32(0))));
      out.push(store('gdr_m', add(mBase, add(mul(i32(`pj${cc}`), C), i32(`pi${r}`))), select(le(i32(`pj${cc}`), i32(`pi${r}`)),
        mul(mul(f32(`dij${r}_${cc}`), mul(f32(`sqi${r}`), f32(`rkj${cc}`))), f32(`dqk${r}_${cc}`)), c.f32(0))));
    }
  }
  return out;
}

export function lowerChunkPrep(shape: GdrShape, cfg: GdrSimtConfig, caps: SimtCaps, launchShared: boolean): Kernel {
  if (prepStaged(shape, cfg, launchShared)) return lowerChunkPrepStaged(shape, cfg, caps);
  const vectorLoads = caps.vectorLoads;
  const { Hk, Hv, Dk, Dv } = shape;
  const C = cfg.chunk;
  const NT = cfg.workgroup_size;
  const T = param('T');
  const l2 = shape.l2norm;
  const scratch = chunkScratch(shape, C);
  const XW = substitutionColumns(shape, cfg, caps, launchShared);
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
    ...(['sg', 'sgam', 'sbeta', 'srk', 'srq'].map((n) => wgArray(n, C, launchShared))),
    wgArray('sA', C * C, launchShared),
    wgArray('sX', C * (XW + 1), launchShared),
    // g of the chunk's tokens (0 past T), summed per token from workgroup memory
    forLoop('i', i32('tid'), C, [
      store('sg', i32('i'), select(lt(i32('i'), i32('cn')), load('g', add(mul(tokOf(i32('i')), Hv), i32('h')), F32), c.f32(0))),
    ], { step: NT }),
    barrier(),
  ];
  // per token: gamma (padded tokens hold gamma_last), beta and the norms' reciprocals (0 past the chunk's end)
  const perToken: Stmt[] = [
    let_('pok', 'bool', lt(i32('i'), i32('cn'))),
    letMut('gam', F32, c.f32(0)),
    forLoop('m', 0, add(i32('i'), 1), [assign('gam', add(f32('gam'), load('sg', i32('m'), F32)))]),
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
    ], { unroll: LOAD_UNROLL }));
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
  const tiles = iota(PT);
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
  pairTile.push(...pairTileStores(tiles, C, shape.scale, base('gdr_m')));
  body.push(forLoop('e', i32('tid'), NB * NB, pairTile, { step: NT }));
  body.push(barrier());
  body.push(let_('glast', F32, load('sgam', c.i32(C - 1), F32)));
  body.push(if_(eq(i32('tid'), 0), [store('gdr_dec', i32('cidx'), exp(f32('glast')))]));
  // Qg = scale e^gamma q̂ as [d][i] (coalesced stores along i), Kd = e^(gamma_last - gamma) k̂ as [i][d]
  body.push(forLoop('e', i32('tid'), C * Dk, [
    let_('xi', I32, rem(i32('e'), C)),
    let_('xd', I32, div(i32('e'), C)),
    store('gdr_qg', add(base('gdr_qg'), i32('e')), mul(mul(load('q', qkAt(i32('xi'), i32('xd')), F32), load('srq', i32('xi'), F32)), mul(exp(load('sgam', i32('xi'), F32)), c.f32(shape.scale)))),
  ], { step: NT, unroll: LOAD_UNROLL }));
  body.push(forLoop('e', i32('tid'), C * Dk, [
    let_('ki', I32, div(i32('e'), Dk)),
    let_('kd', I32, rem(i32('e'), Dk)),
    store('gdr_kd', add(base('gdr_kd'), i32('e')), mul(mul(load('k', qkAt(i32('ki'), i32('kd')), F32), load('srk', i32('ki'), F32)), exp(sub(f32('glast'), load('sgam', i32('ki'), F32))))),
  ], { step: NT, unroll: LOAD_UNROLL }));
  // forward substitution, a thread per column, XW columns at a time: X_i = rhs_i - sum_(m<i) A_im X_m with the
  // column in workgroup memory (sX[m][column], a thread reads only its own); U' goes out as [i][j] directly,
  // W as [d][i] through a second, coalesced pass over sX
  const XS = XW + 1;
  const substitute = (n: number, rhs: (i: Expr, col: Expr) => Expr, out: (i: Expr, col: Expr, x: Expr) => Stmt | null, transposedOut: string | null): Stmt => {
    const column: Stmt[] = [
      let_('xcol', I32, add(i32('x0'), i32('tid'))),
      let_('xok', 'bool', lt(i32('xcol'), n)),
      let_('xc', I32, min(i32('xcol'), n - 1)),
      // the right-hand sides first (their loads overlap), then the substitution in place
      forLoop('xi', 0, C, [store('sX', add(mul(i32('xi'), XS), i32('tid')), rhs(i32('xi'), i32('xc')))], { unroll: LOAD_UNROLL }),
      forLoop('xi', 0, C, [
        letMut('xv', F32, load('sX', add(mul(i32('xi'), XS), i32('tid')), F32)),
        forLoop('xm', 0, i32('xi'), [
          assign('xv', fma(unary('neg', load('sA', add(mul(i32('xi'), C), i32('xm')), F32)), load('sX', add(mul(i32('xm'), XS), i32('tid')), F32), f32('xv'))),
        ]),
        store('sX', add(mul(i32('xi'), XS), i32('tid')), f32('xv')),
        ...(() => { const w = out(i32('xi'), i32('xcol'), f32('xv')); return w ? [if_(v('xok', 'bool'), [w])] : []; })(),
      ]),
    ];
    const pass: Stmt[] = [if_(lt(i32('tid'), XW), column)];
    if (transposedOut) {
      pass.push(barrier(), forLoop('e', i32('tid'), C * XW, [
        let_('ti', I32, rem(i32('e'), C)),
        let_('tc', I32, div(i32('e'), C)),
        if_(lt(add(i32('x0'), i32('tc')), n), [
          store(transposedOut, add(base(transposedOut), add(mul(add(i32('x0'), i32('tc')), C), i32('ti'))), load('sX', add(mul(i32('ti'), XS), i32('tc')), F32)),
        ]),
      ], { step: NT }));
    }
    pass.push(barrier());
    return forLoop('x0', 0, n, pass, { step: XW });
  };
  body.push(substitute(Dk, (i, col) => mul(mul(load('sbeta', i, F32), exp(load('sgam', i, F32))), mul(load('k', qkAt(i, col), F32), load('srk', i, F32))), () => null, 'gdr_w'));
  body.push(substitute(Dv, (i, col) => mul(load('sbeta', i, F32), load('v', add(mul(add(mul(tokOf(i), Hv), i32('h')), Dv), col), F32)),
    (i, col, x) => store('gdr_u', add(base('gdr_u'), add(mul(i, Dv), col)), x), null));
  const params: KernelParam[] = [
    ...ioParams().filter((p) => p.name !== 's0'),
    ...scratch.filter((s) => s.name !== 'gdr_h').map((s) => bufferParam(s.name, F32, 'write')),
    scalarParam('B'), scalarParam('T'),
  ];
  return { name: PREP_ENTRY, model: 'simt', workgroupSize: [NT, 1, 1], body, params };
}


/**
 * The prep where `prepStaged` (CUDA's launch-sized block): the chunk's k and q rows are copied into workgroup
 * memory by cp.async (16-byte copies along Dk, all in flight at once; rows skewed by 4 floats every 4 rows so
 * that the pair tiles' column rows fall in distinct bank groups), the norms are summed by a warp per token, the
 * pair tiles (only those on or below the diagonal: M and A above it are never read), Qg and Kd read the rows
 * there, and the forward substitution (a thread per column, 4 rows at a time) keeps its column in workgroup
 * memory over the q rows once Qg is out, storing W as [d][i] and U' as [i][j] block by block.
 */
function lowerChunkPrepStaged(shape: GdrShape, cfg: GdrSimtConfig, caps: SimtCaps): Kernel {
  const { Hk, Hv, Dk, Dv } = shape;
  const C = cfg.chunk;
  const NT = cfg.workgroup_size;
  const T = param('T');
  const l2 = shape.l2norm;
  const scratch = chunkScratch(shape, C);
  const base = (name: string): Expr => mul(i32('cidx'), scratch.find((s) => s.name === name)!.floats);
  const tokOf = (i: Expr): Expr => add(mul(i32('b'), T), min(add(i32('t0'), i), sub(T, 1)));
  const qkAt = (i: Expr, d: Expr): Expr => add(mul(add(mul(tokOf(i), Hk), i32('hk')), Dk), d);
  // row r of a staged tile starts at r Dk + 4 floor(r / 4)
  const at = (r: Expr, d: Expr): Expr => add(add(mul(r, Dk), mul(div(r, 4), 4)), d);
  const D4 = Dk / 4;
  const SV = caps.sharedVectorLoads;
  const unrollOf = (n: number): number => Math.max(1, Math.min(LOAD_UNROLL, Math.floor(n / NT)));
  const smalls = ['sg', 'sgam', 'sbeta', 'srk', 'srq', 'swf', 'sqf', 'skf'];
  const body: Stmt[] = [
    comment(`gated_delta_rule chunk prep, Hk=${Hk} Hv=${Hv} Dk=${Dk} Dv=${Dv}${l2 ? ' l2norm' : ''}: chunk ${C}, ${NT} threads, k and q rows staged (cp.async), `
      + 'norms by warps, the substitution 4 rows at a time'),
    ...gridIds(),
    ...headIndices(shape),
    let_('nc', I32, div(add(T, C - 1), C)),
    let_('t0', I32, mul(i32('gx'), C)),
    let_('cn', I32, min(c.i32(C), sub(T, i32('t0')))),
    let_('cidx', I32, add(mul(i32('bh'), i32('nc')), i32('gx'))),
    wgArray('sKt', stagedRowsFloats(Dk, C), true),
    wgArray('sQt', stagedRowsFloats(Dk, C), true),
    wgArray('sA', C * C, true),
    ...smalls.map((n) => wgArray(n, C, true)),
    // the chunk's rows (tokens past T read the last one: their factors below are 0)
    forLoop('e', i32('tid'), C * D4, [
      let_('sr', I32, div(i32('e'), D4)),
      let_('sd', I32, mul(rem(i32('e'), D4), 4)),
      let_('sat', I32, at(i32('sr'), i32('sd'))),
      let_('ssrc', I32, qkAt(i32('sr'), i32('sd'))),
      asyncCopy('sKt', i32('sat'), 'k', i32('ssrc'), 16),
      asyncCopy('sQt', i32('sat'), 'q', i32('ssrc'), 16),
    ], { step: NT, unroll: unrollOf(C * D4) }),
    asyncCommit(),
    forLoop('i', i32('tid'), C, [
      let_('pok', 'bool', lt(i32('i'), i32('cn'))),
      let_('gat', I32, add(mul(tokOf(i32('i')), Hv), i32('h'))),
      store('sg', i32('i'), select(v('pok', 'bool'), load('g', i32('gat'), F32), c.f32(0))),
      store('sbeta', i32('i'), select(v('pok', 'bool'), load('beta', i32('gat'), F32), c.f32(0))),
    ], { step: NT }),
    asyncWait(0),
    barrier(),
    // gamma, the cumulative g (padded tokens hold gamma_last)
    forLoop('i', i32('tid'), C, [
      letMut('gam', F32, c.f32(0)),
      forLoop('m', 0, add(i32('i'), 1), [assign('gam', add(f32('gam'), load('sg', i32('m'), F32)))]),
      store('sgam', i32('i'), f32('gam')),
    ], { step: NT }),
  ];
  // 1/|k|, 1/|q| per token (0 past the chunk's end): a warp per token, lanes along Dk, butterflies
  if (l2) {
    const NW = NT / 32;
    const norm: Stmt[] = [letMut('nk', F32, c.f32(0)), letMut('nq', F32, c.f32(0))];
    const along: Stmt[] = [];
    const kx = loadWords('sKt', at(i32('ntok'), mul(i32('nd'), 4)), 4, F32, 'nkx', along, SV, 4);
    const qx = loadWords('sQt', at(i32('ntok'), mul(i32('nd'), 4)), 4, F32, 'nqx', along, SV, 4);
    for (const l of iota(4)) along.push(assign('nk', fma(kx[l]!, kx[l]!, f32('nk'))), assign('nq', fma(qx[l]!, qx[l]!, f32('nq'))));
    norm.push(forLoop('nd', i32('lane'), D4, along, { step: 32 }));
    let nk = 'nk';
    let nq = 'nq';
    for (let m = 16; m >= 1; m /= 2) {
      norm.push(let_(`nk_x${m}`, F32, add(f32(nk), subgroupShuffleXor(f32(nk), m))), let_(`nq_x${m}`, F32, add(f32(nq), subgroupShuffleXor(f32(nq), m))));
      nk = `nk_x${m}`;
      nq = `nq_x${m}`;
    }
    norm.push(if_(eq(i32('lane'), 0), [
      store('srk', i32('ntok'), select(lt(i32('ntok'), i32('cn')), unary('rsqrt', add(f32(nk), c.f32(L2NORM_EPS))), c.f32(0))),
      store('srq', i32('ntok'), select(lt(i32('ntok'), i32('cn')), unary('rsqrt', add(f32(nq), c.f32(L2NORM_EPS))), c.f32(0))),
    ]));
    body.push(let_('lane', I32, rem(i32('tid'), 32)), let_('warp', I32, div(i32('tid'), 32)));
    body.push(forLoop('ntok', i32('warp'), C, norm, { step: NW }));
  } else {
    body.push(forLoop('i', i32('tid'), C, [
      store('srk', i32('i'), select(lt(i32('i'), i32('cn')), c.f32(1), c.f32(0))),
      store('srq', i32('i'), select(lt(i32('i'), i32('cn')), c.f32(1), c.f32(0))),
    ], { step: NT }));
  }
  body.push(barrier());
  body.push(let_('glast', F32, load('sgam', c.i32(C - 1), F32)));
  body.push(if_(eq(i32('tid'), 0), [store('gdr_dec', i32('cidx'), exp(f32('glast')))]));
  // per token: W's right-hand side factor beta e^gamma / |k|, Qg's scale e^gamma / |q|, Kd's e^(gamma_last - gamma) / |k|
  body.push(forLoop('i', i32('tid'), C, [
    let_('fg', F32, load('sgam', i32('i'), F32)),
    let_('feg', F32, exp(f32('fg'))),
    let_('frk', F32, load('srk', i32('i'), F32)),
    store('swf', i32('i'), mul(mul(load('sbeta', i32('i'), F32), f32('feg')), f32('frk'))),
    store('sqf', i32('i'), mul(mul(load('srq', i32('i'), F32), f32('feg')), c.f32(shape.scale))),
    store('skf', i32('i'), mul(f32('frk'), exp(sub(f32('glast'), f32('fg'))))),
  ], { step: NT }));

  // A and M in PT x PT pair tiles, only those on or below the diagonal (tile e -> row block ti, column block tj <= ti)
  const PT = 4;
  const NB = C / PT;
  const nTiles = (NB * (NB + 1)) / 2;
  const tiles = iota(PT);
  const pairTile: Stmt[] = [
    let_('tbi', I32, iota(NB - 1).map((k) => select(le(((k + 1) * (k + 2)) / 2, i32('e')), c.i32(1), c.i32(0))).reduce((x, y) => add(x, y), c.i32(0) as Expr)),
    let_('ti0', I32, mul(i32('tbi'), PT)),
    let_('tj0', I32, mul(sub(i32('e'), div(mul(i32('tbi'), add(i32('tbi'), 1)), 2)), PT)),
  ];
  for (const r of tiles) for (const cc of tiles) pairTile.push(letMut(`dkk${r}_${cc}`, F32, c.f32(0)), letMut(`dqk${r}_${cc}`, F32, c.f32(0)));
  const dStep: Stmt[] = [];
  const rowsOf = (buf: string, row: Expr, tag: string): Expr[] => loadWords(buf, at(row, i32('d')), 4, F32, tag, dStep, SV, 4);
  const ki = tiles.map((r) => rowsOf('sKt', add(i32('ti0'), r), `lki${r}_`));
  const qi = tiles.map((r) => rowsOf('sQt', add(i32('ti0'), r), `lqi${r}_`));
  const kj = tiles.map((cc) => rowsOf('sKt', add(i32('tj0'), cc), `lkj${cc}_`));
  for (const l of iota(4)) {
    for (const r of tiles) {
      for (const cc of tiles) {
        dStep.push(assign(`dkk${r}_${cc}`, fma(ki[r]![l]!, kj[cc]![l]!, f32(`dkk${r}_${cc}`))));
        dStep.push(assign(`dqk${r}_${cc}`, fma(qi[r]![l]!, kj[cc]![l]!, f32(`dqk${r}_${cc}`))));
      }
    }
  }
  pairTile.push(forLoop('d', 0, Dk, dStep, { step: 4, unroll: 2 }));
  pairTile.push(...pairTileStores(tiles, C, shape.scale, base('gdr_m')));
  body.push(forLoop('e', i32('tid'), nTiles, pairTile, { step: NT }));
  body.push(barrier());

  // Qg = scale e^gamma q̂ as [d][i]: a thread per (4 tokens, d), lanes along d (conflict-free reads), one 16-byte store
  const qgStep: Stmt[] = [let_('qd', I32, rem(i32('e'), Dk)), let_('qi0', I32, mul(div(i32('e'), Dk), 4))];
  const qgs = iota(4).map((r) => {
    qgStep.push(let_(`qg${r}`, F32, mul(load('sQt', at(add(i32('qi0'), r), i32('qd')), F32), load('sqf', add(i32('qi0'), r), F32))));
    return f32(`qg${r}`);
  });
  qgStep.push(...storeWords('gdr_qg', add(base('gdr_qg'), add(mul(i32('qd'), C), i32('qi0'))), qgs, caps.vectorLoads));
  body.push(forLoop('e', i32('tid'), (C / 4) * Dk, qgStep, { step: NT, unroll: unrollOf((C / 4) * Dk) }));
  // Kd = e^(gamma_last - gamma) k̂ as [i][d], 16 bytes at a time
  const kdStep: Stmt[] = [let_('kdi', I32, div(i32('e'), D4)), let_('kdd', I32, mul(rem(i32('e'), D4), 4)), let_('kdf', F32, load('skf', i32('kdi'), F32))];
  const kds = loadWords('sKt', at(i32('kdi'), i32('kdd')), 4, F32, 'kdx', kdStep, SV, 4).map((x) => mul(x, f32('kdf')));
  kdStep.push(...storeWords('gdr_kd', add(base('gdr_kd'), add(mul(i32('kdi'), Dk), i32('kdd'))), kds, caps.vectorLoads));
  body.push(forLoop('e', i32('tid'), C * D4, kdStep, { step: NT, unroll: unrollOf(C * D4) }));

  // forward substitution X_i = rhs_i - sum_(m<i) A_im X_m, a thread per column, its column in workgroup memory
  // ([i][thread], over the q rows once Qg is out, else its own array), 4 rows at a time: per 4 earlier rows one
  // load of each of the 4 X and one 16-byte (broadcast) load of each row's 4 A serve 16 products
  const reuse = C * NT <= stagedRowsFloats(Dk, C);
  const sX = reuse ? 'sQt' : 'sX';
  if (!reuse) body.splice(body.findIndex((st) => st.op === 'alloc' && st.name === 'sA') + 1, 0, wgArray('sX', C * NT, true));
  body.push(barrier());
  const xAt = (i: Expr): Expr => add(mul(i, NT), i32('tid'));
  const substitute = (n: number, tag: string, rhs: (i: Expr) => Expr, out: (I: Expr, xs: Expr[]) => Stmt[]): Stmt => {
    const block: Stmt[] = [let_(`${tag}i0`, I32, mul(i32(`${tag}I`), 4))];
    for (const r of iota(4)) block.push(letMut(`${tag}acc${r}`, F32, load(sX, xAt(add(i32(`${tag}i0`), r)), F32)));
    const step: Stmt[] = [let_(`${tag}m0`, I32, mul(i32(`${tag}m4`), 4))];
    const xm = iota(4).map((l) => {
      step.push(let_(`${tag}xm${l}`, F32, load(sX, xAt(add(i32(`${tag}m0`), l)), F32)));
      return f32(`${tag}xm${l}`);
    });
    for (const r of iota(4)) {
      const a = loadWords('sA', add(mul(add(i32(`${tag}i0`), r), C), i32(`${tag}m0`)), 4, F32, `${tag}a${r}_`, step, SV, 4);
      for (const l of iota(4)) step.push(assign(`${tag}acc${r}`, fma(unary('neg', a[l]!), xm[l]!, f32(`${tag}acc${r}`))));
    }
    block.push(forLoop(`${tag}m4`, 0, i32(`${tag}I`), step, { unroll: 2 }));
    // the block's own 4 x 4 lower triangle
    const diag = iota(4).map((r) => loadWords('sA', add(mul(add(i32(`${tag}i0`), r), C), i32(`${tag}i0`)), 4, F32, `${tag}d${r}_`, block, SV, 4));
    const xs: Expr[] = [];
    for (const r of iota(4)) {
      let x: Expr = f32(`${tag}acc${r}`);
      for (const l of iota(r)) x = fma(unary('neg', diag[r]![l]!), xs[l]!, x);
      block.push(let_(`${tag}x${r}`, F32, x));
      xs.push(f32(`${tag}x${r}`));
      block.push(store(sX, xAt(add(i32(`${tag}i0`), r)), xs[r]!));
    }
    block.push(if_(v(`${tag}ok`, 'bool'), out(i32(`${tag}i0`), xs)));
    return forLoop(`${tag}0`, 0, n, [
      let_(`${tag}col`, I32, add(i32(`${tag}0`), i32('tid'))),
      let_(`${tag}ok`, 'bool', lt(i32(`${tag}col`), n)),
      let_(`${tag}c`, I32, min(i32(`${tag}col`), n - 1)),
      // the right-hand sides first (their loads in flight together), then the rows in place
      forLoop(`${tag}i`, 0, C, [store(sX, xAt(i32(`${tag}i`)), rhs(i32(`${tag}i`)))], { unroll: LOAD_UNROLL }),
      forLoop(`${tag}I`, 0, C / 4, block),
    ], { step: NT });
  };
  // W as [d][i]: the thread's column d is a contiguous row of C, 4 rows per store
  body.push(substitute(Dk, 'w', (i) => mul(load('swf', i, F32), load('sKt', at(i, i32('wc')), F32)),
    (i0, xs) => storeWords('gdr_w', add(add(base('gdr_w'), mul(i32('wcol'), C)), i0), xs, caps.vectorLoads)));
  // U' as [i][j]: lanes along j
  body.push(substitute(Dv, 'u', (i) => mul(load('sbeta', i, F32), load('v', add(mul(add(mul(tokOf(i), Hv), i32('h')), Dv), i32('uc')), F32)),
    (i0, xs) => xs.map((x, r) => store('gdr_u', add(base('gdr_u'), add(mul(add(i0, r), Dv), i32('ucol'))), x))));
  const params: KernelParam[] = [
    ...ioParams().filter((p) => p.name !== 's0'),
    ...scratch.filter((s) => s.name !== 'gdr_h').map((s) => bufferParam(s.name, F32, 'write')),
    scalarParam('B'), scalarParam('T'),
  ];
  return { name: PREP_ENTRY, model: 'simt', workgroupSize: [NT, 1, 1], body, params };
}

export interface ProductTiles {
  /** columns per thread tile, column tiles per block */
  readonly CJ: number;
  readonly NJ: number;
  /** rows per thread tile of each product, in the order asked */
  readonly rows: readonly number[];
}

/**
 * How a workgroup's threads tile products over `block` columns: each thread owns R consecutive rows x CJ
 * consecutive columns, so one load of a row operand serves CJ products and one of a column operand R; rows
 * per tile grow (up to 4) only while every thread keeps a tile.
 */
export function productTiles(block: number, rowCounts: readonly number[], threads: number): ProductTiles {
  const CJ = Math.min(block, 4);
  const NJ = block / CJ;
  const rowsPer = (rows: number): number => {
    let r = 1;
    while (r < 4 && rows % (r * 2) === 0 && (rows / (r * 2)) * NJ >= threads) r *= 2;
    return r;
  };
  return { CJ, NJ, rows: rowCounts.map(rowsPer) };
}

/** the state walk's tiles: RI rows of U (over the chunk), RS rows of the state (over Dk), CJ columns */
export function walkTiles(shape: GdrShape, cfg: GdrSimtConfig): { CJ: number; NJ: number; RI: number; RS: number } {
  const { CJ, NJ, rows } = productTiles(cfg.block_v, [cfg.chunk, shape.Dk], cfg.workgroup_size);
  return { CJ, NJ, RI: rows[0]!, RS: rows[1]! };
}

/** the output dispatch's tiles: RI rows of O, CJ columns, over blocks of BO columns */
export function outTiles(shape: GdrShape, cfg: GdrSimtConfig): { BO: number; CJ: number; NJ: number; RI: number } {
  const BO = outBlock(shape);
  const { CJ, NJ, rows } = productTiles(BO, [cfg.chunk], cfg.workgroup_size);
  return { BO, CJ, NJ, RI: rows[0]! };
}

const iota = (n: number): number[] => Array.from({ length: n }, (_, r) => r);

/**
 * n consecutive f32 of a row at `col`, of which the columns from `valid` on may lie past the row's end:
 * one vector load when `vector` (the caller guarantees the n either all lie inside or all outside, and
 * then reads at the row's last n), else scalar loads clamped to the last column.
 */
function rowWords(buffer: string, rowStart: Expr, col: Expr, n: number, last: number, vector: boolean, name: string, stmts: Stmt[]): Expr[] {
  if (vector) return loadWords(buffer, add(rowStart, min(col, last - n + 1)), n, F32, name, stmts, true, n);
  return iota(n).map((e) => {
    stmts.push(let_(`${name}${e}`, F32, load(buffer, add(rowStart, min(e ? add(col, e) : col, last)), F32)));
    return f32(`${name}${e}`);
  });
}

/** n values to consecutive places: one vector store when `vector`, else scalar stores */
function storeWords(buffer: string, at: Expr, xs: readonly Expr[], vector: boolean): Stmt[] {
  if (vector && xs.length > 1) return [store(buffer, at, concat(...xs))];
  return xs.map((x, e) => store(buffer, e ? add(at, e) : at, x));
}

/**
 * The sequential pass: a workgroup per (block of block_v state columns, value head, batch) walks the chunks in
 * order with its Dk x block_v state block S in workgroup memory. Per chunk: W and Kd staged in workgroup
 * memory (where they fit: CUDA's launch-sized block), U = U' - W S written over U' in scratch, the state
 * before the chunk to `gdr_h`, S = e^gamma_last S + Kdᵀ U. Each thread updates only the state values it
 * read, so S is one copy.
 */
export function lowerChunkState(shape: GdrShape, cfg: GdrSimtConfig, caps: SimtCaps, launchShared: boolean): Kernel {
  const { Hv, Dk, Dv } = shape;
  const C = cfg.chunk;
  const NT = cfg.workgroup_size;
  const BV = cfg.block_v;
  const T = param('T');
  const scratch = chunkScratch(shape, C);
  const per = (name: string): number => scratch.find((s) => s.name === name)!.floats;
  const base = (name: string): Expr => mul(i32('cidx'), per(name));
  const SB = Dk * BV;
  const { CJ, NJ, RI, RS } = walkTiles(shape, cfg);
  const stage = walkStaged(shape, cfg, caps, launchShared);
  // the next chunk's W, U' block and decay copied during this chunk's state update, its Kd during the next U
  const pipe = stage && walkPipelined(shape, cfg, launchShared);
  const CD = C * Dk;
  // vector accesses: a thread's rows of W (RI of 2 or 4), along the block's columns of S and U (CJ 4), of h rows (Dv % 4)
  const wVector = (stage ? caps.sharedVectorLoads : caps.vectorLoads) && RI > 1;
  const colVector = caps.sharedVectorLoads && CJ === 4;
  const hVector = caps.vectorLoads && CJ === 4 && Dv % 4 === 0;
  const kVector = (stage ? caps.sharedVectorLoads : caps.vectorLoads) && RS > 1 && Dk % RS === 0;
  const UNROLL = 4;
  const body: Stmt[] = [
    comment(`gated_delta_rule chunked state walk, Hv=${Hv} Dk=${Dk} Dv=${Dv}: chunk ${C}, ${BV} state columns per workgroup, ${NT} threads, `
      + `tiles of ${RI} x ${CJ} (U) and ${RS} x ${CJ} (S) per thread, W and Kd ${pipe ? 'staged in workgroup memory, pipelined (cp.async: the next chunk\'s W during the state update, its Kd during U)' : stage ? 'staged in workgroup memory' : 'read from scratch'}`),
    ...gridIds(),
    ...headIndices(shape),
    let_('nc', I32, div(add(T, C - 1), C)),
    let_('j0', I32, mul(i32('gx'), BV)),
    wgArray('sS', SB, launchShared),
    wgArray('sU', C * BV, launchShared),
    ...(stage ? [wgArray('sW', CD, launchShared), wgArray('sK', CD, launchShared)] : []),
    ...(pipe ? [wgArray('sUp', C * BV, true), wgArray('sDec', 4, true)] : []),
    forLoop('e', i32('tid'), SB, [
      let_('ecol', I32, add(i32('j0'), rem(i32('e'), BV))),
      let_('eat', I32, add(mul(add(mul(i32('bh'), Dk), div(i32('e'), BV)), Dv), min(i32('ecol'), Dv - 1))),
      store('sS', i32('e'), select(lt(i32('ecol'), Dv), load('s0', i32('eat'), F32), c.f32(0))),
    ], { step: NT }),
    barrier(),
  ];
  const acc = (p: string, r: number, cc: number): string => `${p}${r}_${cc}`;
  const tileAt = (R: number, row: string, col: string): Stmt[] => [
    let_(row, I32, NJ > 1 ? mul(div(i32('e'), NJ), R) : mul(i32('e'), R)),
    let_(col, I32, NJ > 1 ? mul(rem(i32('e'), NJ), CJ) : c.i32(0)),
  ];

  // the chunk's W and Kd into workgroup memory, a vector per load where the target has them
  const staging: Stmt[] = [];
  // the pipelined copies of chunk `nn` (one slot each): W with the block's columns of U' (zero past Dv) and the decay
  // (in flight during the previous chunk's state update), then Kd (in flight during this chunk's U = U' - W S)
  const wholeCopy = (to: string, from: string): Stmt => forLoop('e', i32('tid'), CD / 4, [
    asyncCopy(to, mul(i32('e'), 4), from, add(mul(i32('pidx'), CD), mul(i32('e'), 4)), 16),
  ], { step: NT, unroll: Math.max(1, Math.min(LOAD_UNROLL, Math.floor(CD / 4 / NT))) });
  const issueW = (nn: Expr): Stmt[] => [
    let_('pidx', I32, add(mul(i32('bh'), i32('nc')), nn)),
    wholeCopy('sW', 'gdr_w'),
    forLoop('e', i32('tid'), (C * BV) / 4, [
      let_('pm', I32, div(i32('e'), BV / 4)),
      let_('pc', I32, mul(rem(i32('e'), BV / 4), 4)),
      let_('pcol', I32, add(i32('j0'), i32('pc'))),
      asyncCopy('sUp', add(mul(i32('pm'), BV), i32('pc')), 'gdr_u',
        add(add(mul(i32('pidx'), C * Dv), mul(i32('pm'), Dv)), min(i32('pcol'), Dv - 4)), 16, select(lt(i32('pcol'), Dv), c.i32(16), c.i32(0))),
    ], { step: NT }),
    if_(eq(i32('tid'), 0), [asyncCopy('sDec', c.i32(0), 'gdr_dec', i32('pidx'), 4)]),
  ];
  const issueK = (nn: Expr): Stmt[] => [let_('pidx', I32, add(mul(i32('bh'), i32('nc')), nn)), wholeCopy('sK', 'gdr_kd')];
  const more = lt(add(i32('n'), 1), i32('nc'));
  // groups in flight at the top of chunk n: W(n), then Kd(n); the first wait leaves Kd(n) pending
  if (pipe) staging.push(asyncWait(1), barrier());
  if (!pipe && stage) {
    const SW = caps.vectorLoads && caps.sharedVectorLoads && Dk % 4 === 0 ? 4 : 1;
    // both arrays in one loop, unrolled: the chunk's loads are in flight together (the walk waits on them once per chunk)
    const copy: Stmt[] = [let_('xat', I32, mul(i32('e'), SW))];
    const pairs = [['gdr_w', 'sW'], ['gdr_kd', 'sK']] as const;
    const xs = pairs.map(([from, to]) => loadWords(from, add(base(from), i32('xat')), SW, F32, `x${to}_`, copy, SW === 4, SW));
    pairs.forEach(([, to], a) => copy.push(...storeWords(to, i32('xat'), xs[a]!, SW === 4)));
    staging.push(forLoop('e', i32('tid'), (C * Dk) / SW, copy, { step: NT, unroll: Math.max(1, Math.min(LOAD_UNROLL, Math.floor((C * Dk) / SW / NT))) }));
    staging.push(barrier());
  }
  // W is [d][i] per chunk: a thread's RI rows at one d are adjacent
  const wAt = (row: Expr, d: Expr): [string, Expr] => (stage ? ['sW', add(mul(d, C), row)] : ['gdr_w', add(base('gdr_w'), add(mul(d, C), row))]);
  const kAt = (m: Expr, d: Expr): [string, Expr] => (stage ? ['sK', add(mul(m, Dk), d)] : ['gdr_kd', add(base('gdr_kd'), add(mul(m, Dk), d))]);

  // U = U' - W S, into workgroup memory and over U' in scratch (the output dispatch reads it)
  const uTile: Stmt[] = [...tileAt(RI, 'ui', 'uj'), let_('ucol', I32, add(i32('j0'), i32('uj')))];
  for (const r of iota(RI)) {
    uTile.push(let_(`urow${r}`, I32, add(base('gdr_u'), mul(add(i32('ui'), r), Dv))));
    (pipe ? loadWords('sUp', add(mul(add(i32('ui'), r), BV), i32('uj')), CJ, F32, `up${r}_`, uTile, colVector, CJ)
      : rowWords('gdr_u', i32(`urow${r}`), i32('ucol'), CJ, Dv - 1, hVector, `up${r}_`, uTile))
      .forEach((x, cc) => uTile.push(letMut(acc('ua', r, cc), F32, x)));
  }
  const uStep: Stmt[] = [];
  const [wBuf, wIdx] = wAt(i32('ui'), i32('d'));
  const wv = loadWords(wBuf, wIdx, RI, F32, 'w_', uStep, wVector, RI);
  const sv = loadWords('sS', add(mul(i32('d'), BV), i32('uj')), CJ, F32, 'sv_', uStep, colVector, CJ);
  for (const r of iota(RI)) for (const cc of iota(CJ)) uStep.push(assign(acc('ua', r, cc), sub(f32(acc('ua', r, cc)), mul(wv[r]!, sv[cc]!))));
  uTile.push(forLoop('d', 0, Dk, uStep, { unroll: UNROLL }));
  for (const r of iota(RI)) {
    const xs = iota(CJ).map((cc) => f32(acc('ua', r, cc)));
    uTile.push(...storeWords('sU', add(mul(add(i32('ui'), r), BV), i32('uj')), xs, colVector));
    if (hVector) uTile.push(if_(lt(i32('ucol'), Dv), storeWords('gdr_u', add(i32(`urow${r}`), i32('ucol')), xs, true)));
    else xs.forEach((x, cc) => uTile.push(if_(lt(add(i32('ucol'), cc), Dv), [store('gdr_u', add(i32(`urow${r}`), add(i32('ucol'), cc)), x)])));
  }

  // the state before the chunk to gdr_h, then S = e^gamma_last S + Kdᵀ U in place
  const sTile: Stmt[] = [...tileAt(RS, 'sd', 'sj'), let_('scol', I32, add(i32('j0'), i32('sj')))];
  for (const r of iota(RS)) {
    const old = loadWords('sS', add(mul(add(i32('sd'), r), BV), i32('sj')), CJ, F32, `so${r}_`, sTile, colVector, CJ);
    sTile.push(let_(`hrow${r}`, I32, add(mul(i32('cidx'), Dk * Dv), mul(add(i32('sd'), r), Dv))));
    const writes = hVector ? [if_(lt(i32('scol'), Dv), storeWords('gdr_h', add(i32(`hrow${r}`), i32('scol')), old, true))]
      : old.map((x, cc) => if_(lt(add(i32('scol'), cc), Dv), [store('gdr_h', add(i32(`hrow${r}`), add(i32('scol'), cc)), x)]));
    sTile.push(...writes);
    old.forEach((x, cc) => sTile.push(letMut(acc('sa', r, cc), F32, mul(f32('dec'), x))));
  }
  const sStep: Stmt[] = [];
  const [kBuf, kIdx] = kAt(i32('m'), i32('sd'));
  const kv = loadWords(kBuf, kIdx, RS, F32, 'k_', sStep, kVector, RS);
  const uv = loadWords('sU', add(mul(i32('m'), BV), i32('sj')), CJ, F32, 'u_', sStep, colVector, CJ);
  for (const r of iota(RS)) for (const cc of iota(CJ)) sStep.push(assign(acc('sa', r, cc), fma(kv[r]!, uv[cc]!, f32(acc('sa', r, cc)))));
  sTile.push(forLoop('m', 0, C, sStep, { unroll: UNROLL }));
  for (const r of iota(RS)) {
    sTile.push(...storeWords('sS', add(mul(add(i32('sd'), r), BV), i32('sj')), iota(CJ).map((cc) => f32(acc('sa', r, cc))), colVector));
  }

  const chunk: Stmt[] = [
    let_('cidx', I32, add(mul(i32('bh'), i32('nc')), i32('n'))),
    ...staging,
    forLoop('e', i32('tid'), (C / RI) * NJ, uTile, { step: NT }),
    let_('dec', F32, pipe ? load('sDec', c.i32(0), F32) : load('gdr_dec', i32('cidx'), F32)),
    // pipelined: Kd(n) complete, and sW, sUp, sDec free for chunk n + 1 once every thread is past here
    ...(pipe ? [asyncWait(0)] : []),
    barrier(),
    ...(pipe ? [if_(more, issueW(add(i32('n'), 1))), asyncCommit()] : []),
    forLoop('e', i32('tid'), (Dk / RS) * NJ, sTile, { step: NT }),
    barrier(),
    // sK free: chunk n + 1's Kd
    ...(pipe ? [if_(more, issueK(add(i32('n'), 1))), asyncCommit()] : []),
  ];
  // the first chunk's copies before the walk
  if (pipe) body.push(if_(lt(c.i32(0), i32('nc')), issueW(c.i32(0))), asyncCommit(), if_(lt(c.i32(0), i32('nc')), issueK(c.i32(0))), asyncCommit());
  body.push(forLoop('n', 0, i32('nc'), chunk));
  body.push(forLoop('e', i32('tid'), SB, [
    let_('fcol', I32, add(i32('j0'), rem(i32('e'), BV))),
    if_(lt(i32('fcol'), Dv), [
      store('s', add(mul(add(mul(i32('bh'), Dk), div(i32('e'), BV)), Dv), i32('fcol')), load('sS', i32('e'), F32)),
    ]),
  ], { step: NT }));
  const params: KernelParam[] = [
    bufferParam('s0', F32, 'read', { aliased: true }),
    bufferParam('gdr_w', F32), bufferParam('gdr_u', F32, 'readwrite'), bufferParam('gdr_kd', F32), bufferParam('gdr_dec', F32),
    bufferParam('gdr_h', F32, 'write'), bufferParam('s', F32, 'write', { aliased: true }),
    scalarParam('B'), scalarParam('T'),
  ];
  return { name: STATE_ENTRY, model: 'simt', workgroupSize: [NT, 1, 1], body, params };
}

/**
 * The outputs, in parallel over chunks: a workgroup per (chunk x block of BO columns, value head, batch),
 * O = Qg H + M U with H the state before the chunk (gdr_h) and U the walk's (M is zero above the diagonal:
 * a tile's rows run to its last row). Operands are read from scratch (row vectors where the target has them),
 * or, where `outStaged` (CUDA's launch-sized block), copied into workgroup memory first by cp.async, every copy
 * in flight at once (one wait per workgroup instead of one per unrolled step).
 */
export function lowerChunkOut(shape: GdrShape, cfg: GdrSimtConfig, caps: SimtCaps, launchShared = false): Kernel {
  const { Hv, Dk, Dv } = shape;
  const C = cfg.chunk;
  const NT = cfg.workgroup_size;
  const T = param('T');
  const scratch = chunkScratch(shape, C);
  const base = (name: string): Expr => mul(i32('cidx'), scratch.find((s) => s.name === name)!.floats);
  const { BO, CJ, NJ, RI } = outTiles(shape, cfg);
  const NOB = Math.ceil(Dv / BO);
  const staged = outStaged(shape, cfg, launchShared);
  const colVector = staged ? caps.sharedVectorLoads && CJ === 4 : caps.vectorLoads && CJ === 4 && Dv % 4 === 0;
  // Qg and M are [d][i] and [m][i] per chunk: a thread's RI rows are adjacent
  const rowVector = (staged ? caps.sharedVectorLoads : caps.vectorLoads) && RI > 1;
  const UNROLL = 4;
  const acc = (r: number, cc: number): string => `oa${r}_${cc}`;
  const body: Stmt[] = [
    comment(`gated_delta_rule chunked outputs, Hv=${Hv} Dk=${Dk} Dv=${Dv}: chunk ${C}, ${BO} columns per workgroup, ${NT} threads, tiles of ${RI} x ${CJ}`
      + `${staged ? ', operands staged in workgroup memory (cp.async)' : ''}`),
    ...gridIds(),
    ...headIndices(shape),
    let_('nc', I32, div(add(T, C - 1), C)),
    let_('n', I32, NOB > 1 ? div(i32('gx'), NOB) : i32('gx')),
    let_('j0', I32, NOB > 1 ? mul(rem(i32('gx'), NOB), BO) : c.i32(0)),
    let_('cidx', I32, add(mul(i32('bh'), i32('nc')), i32('n'))),
    let_('t0', I32, mul(i32('n'), C)),
  ];
  if (staged) {
    // Qg and M whole (contiguous per chunk), the block's BO columns of the H and U rows (zero past Dv)
    body.push(wgArray('sQg', C * Dk, true), wgArray('sM', C * C, true), wgArray('sH', Dk * BO, true), wgArray('sUb', C * BO, true));
    const whole = (to: string, from: string, floats: number): Stmt => forLoop('e', i32('tid'), floats / 4, [
      asyncCopy(to, mul(i32('e'), 4), from, add(base(from), mul(i32('e'), 4)), 16),
    ], { step: NT, unroll: Math.max(1, Math.min(LOAD_UNROLL, Math.floor(floats / 4 / NT))) });
    const block = (to: string, from: string, rowStart: (r: Expr) => Expr, rows: number): Stmt => forLoop('e', i32('tid'), (rows * BO) / 4, [
      let_('br', I32, div(i32('e'), BO / 4)),
      let_('bc', I32, mul(rem(i32('e'), BO / 4), 4)),
      let_('bcol', I32, add(i32('j0'), i32('bc'))),
      asyncCopy(to, add(mul(i32('br'), BO), i32('bc')), from, add(rowStart(i32('br')), min(i32('bcol'), Dv - 4)), 16, select(lt(i32('bcol'), Dv), c.i32(16), c.i32(0))),
    ], { step: NT, unroll: Math.max(1, Math.min(LOAD_UNROLL, Math.floor((rows * BO) / 4 / NT))) });
    body.push(
      whole('sQg', 'gdr_qg', C * Dk),
      block('sH', 'gdr_h', (r) => add(mul(i32('cidx'), Dk * Dv), mul(r, Dv)), Dk),
      whole('sM', 'gdr_m', C * C),
      block('sUb', 'gdr_u', (r) => add(base('gdr_u'), mul(r, Dv)), C),
      asyncCommit(), asyncWait(0), barrier(),
    );
  }
  const tile: Stmt[] = [
    let_('oi', I32, NJ > 1 ? mul(div(i32('e'), NJ), RI) : mul(i32('e'), RI)),
    let_('ocol', I32, add(i32('j0'), NJ > 1 ? mul(rem(i32('e'), NJ), CJ) : c.i32(0))),
  ];
  if (staged) tile.push(let_('oc', I32, sub(i32('ocol'), i32('j0'))));
  for (const r of iota(RI)) for (const cc of iota(CJ)) tile.push(letMut(acc(r, cc), F32, c.f32(0)));
  const dStep: Stmt[] = [];
  const qv = staged ? loadWords('sQg', add(mul(i32('d'), C), i32('oi')), RI, F32, 'q_', dStep, rowVector, RI)
    : loadWords('gdr_qg', add(base('gdr_qg'), add(mul(i32('d'), C), i32('oi'))), RI, F32, 'q_', dStep, rowVector, RI);
  const hv = staged ? loadWords('sH', add(mul(i32('d'), BO), i32('oc')), CJ, F32, 'h_', dStep, colVector, CJ)
    : rowWords('gdr_h', add(mul(i32('cidx'), Dk * Dv), mul(i32('d'), Dv)), i32('ocol'), CJ, Dv - 1, colVector, 'h_', dStep);
  for (const r of iota(RI)) for (const cc of iota(CJ)) dStep.push(assign(acc(r, cc), fma(qv[r]!, hv[cc]!, f32(acc(r, cc)))));
  tile.push(forLoop('d', 0, Dk, dStep, { unroll: staged ? UNROLL : LOAD_UNROLL }));
  const mStep: Stmt[] = [];
  const mv = staged ? loadWords('sM', add(mul(i32('m'), C), i32('oi')), RI, F32, 'mm_', mStep, rowVector, RI)
    : loadWords('gdr_m', add(base('gdr_m'), add(mul(i32('m'), C), i32('oi'))), RI, F32, 'mm_', mStep, rowVector, RI);
  const uv = staged ? loadWords('sUb', add(mul(i32('m'), BO), i32('oc')), CJ, F32, 'u_', mStep, colVector, CJ)
    : rowWords('gdr_u', add(base('gdr_u'), mul(i32('m'), Dv)), i32('ocol'), CJ, Dv - 1, colVector, 'u_', mStep);
  for (const r of iota(RI)) for (const cc of iota(CJ)) mStep.push(assign(acc(r, cc), fma(mv[r]!, uv[cc]!, f32(acc(r, cc)))));
  tile.push(forLoop('m', 0, add(i32('oi'), RI), mStep, { unroll: UNROLL }));
  const oVector = caps.vectorLoads && CJ === 4 && Dv % 4 === 0;
  for (const r of iota(RI)) {
    tile.push(let_(`ot${r}`, I32, add(add(i32('t0'), i32('oi')), r)));
    tile.push(let_(`orow${r}`, I32, mul(add(mul(add(mul(i32('b'), T), i32(`ot${r}`)), Hv), i32('h')), Dv)));
    const xs = iota(CJ).map((cc) => f32(acc(r, cc)));
    const writes = oVector ? [if_(lt(i32('ocol'), Dv), storeWords('o', add(i32(`orow${r}`), i32('ocol')), xs, true))]
      : xs.map((x, cc) => if_(lt(add(i32('ocol'), cc), Dv), [store('o', add(i32(`orow${r}`), add(i32('ocol'), cc)), x)]));
    tile.push(if_(lt(i32(`ot${r}`), T), writes));
  }
  body.push(forLoop('e', i32('tid'), (C / RI) * NJ, tile, { step: NT }));
  const params: KernelParam[] = [
    bufferParam('gdr_qg', F32), bufferParam('gdr_m', F32), bufferParam('gdr_u', F32), bufferParam('gdr_h', F32), bufferParam('o', F32, 'write'),
    scalarParam('B'), scalarParam('T'),
  ];
  return { name: OUT_ENTRY, model: 'simt', workgroupSize: [NT, 1, 1], body, params };
}

/** the chunked variant's three dispatches in order, with the output dispatch's grid width in chunks x column blocks */
export function chunkedKernels(shape: GdrShape, cfg: GdrSimtConfig, caps: SimtCaps, launchShared: boolean): { kernels: [Kernel, Kernel, Kernel]; outBlocks: number } {
  return {
    kernels: [lowerChunkPrep(shape, cfg, caps, launchShared), lowerChunkState(shape, cfg, caps, launchShared), lowerChunkOut(shape, cfg, caps, launchShared)],
    outBlocks: Math.ceil(shape.Dv / outTiles(shape, cfg).BO),
  };
}
