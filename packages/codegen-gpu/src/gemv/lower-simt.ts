/**
 * gemv for the SIMT class (CUDA, OpenCL, Vulkan, WebGPU, Metal): y[M,N] = x[M,K] · W[N,K]ᵀ + bias.
 *
 * A workgroup owns `rows_per_block` consecutive rows; its `workgroup_size` threads split K into
 * chunks (one up-to-16-byte weight load each: weight-chunks.ts), so a warp reads a contiguous span
 * of every row. Per step a thread first issues the weight loads of `k_unroll` chunks for all its
 * rows, then reads the matching x values once per token and uses them for every row. Quantized
 * chunks are dotted with the raw codes and scaled once: scale * (Σ q·x - zero · Σ x) + min · Σ x.
 * The thread partials are reduced by subgroup operations (optional) and shared memory; then the
 * threads write the R·M outputs in steps of the workgroup size (R·M may exceed it), y or a partial sum
 * when `split_k` > 1, added up by a second dispatch with the bias.
 *
 * `dot_path` 'int8' (ggml's mmvq): x is quantized to int8 per 32-block and the main kernel multiplies
 * the codes as packed bytes, four per `dot4_i8`. With `quantize_x` 'dispatch' a first dispatch
 * (`lowerQuantizeX`) writes them to scratch buffers; with 'workgroup' every workgroup quantizes all of
 * x into its workgroup memory before the K loop (`quantizeXInWorkgroup`): one dispatch, no scratch;
 * with 'registers' each thread quantizes the x block of every chunk it reads, after that step's weight
 * loads are issued (`quantizeXBlock`): one dispatch, no barrier, no workgroup memory. The quantization
 * arithmetic (scale, codes, packing, one block in registers) is common/activations.ts, shared with other ops.
 */
import type { Expr, Kernel, KernelParam, Params, Stmt, WeightFormat, WeightFormatName } from '@kforge/ir';
import {
  FORMATS, add, alloc, and, assign, barrier, bufferParam, c, cast, comment, div, eq, fma, forLoop, gridDependency, if_, land,
  let_, letMut, lane, load, lt, max, min, mul, ne, param, rem, scalarParam, select, shr, special, store, sub,
  subgroupReduce, subgroupShuffleXor, unary, v, vec,
} from '@kforge/ir';
import {
  GEMV_ACTIVATION, type ActivationRef, balanced, codeOf, dot4I8, int8Code, int8Scale, packCodes, quantizeXBlock,
} from '../common/activations.ts';
import type { GemvSimtConfig, SimtCaps } from './knobs.ts';
import {
  X_BLOCK, chunkLayout, f16ToF32, int8XElement, int8XInKOrder, loadWords, quantizedXBytes, xsStride, type ChunkLayout, type KRun,
  type WeightChunk,
} from './weight-chunks.ts';

const I32 = 'i32';
const F32 = 'f32';
const U32 = 'u32';
/** lanes of the fixed subgroup the transposed reduction relies on (CUDA warps, Metal simdgroups) */
const WARP = 32;

export interface GemvShape {
  readonly M: number;
  /** the K of the params: the size of the quantize_x 'workgroup' arrays (the code takes K at run time, up to this) */
  readonly K: number;
  readonly weight: WeightFormatName;
  readonly act: 'f32' | 'f16';
  readonly bias: boolean;
}

export function gemvShape(params: Params): GemvShape {
  return {
    M: Number(params.M ?? 1),
    K: Number(params.K),
    weight: String(params.weight ?? 'f32') as WeightFormatName,
    act: params.act === 'f16' ? 'f16' : 'f32',
    bias: params.bias === true,
  };
}

/** the weight buffer gemv reads (the chunk readers take it, so other ops read theirs with the same code) */
const WEIGHT = 'W';

export const GEMV_ENTRY = 'gemv';
export const SPLITK_REDUCE_ENTRY = 'gemv_splitk_reduce';
export const QUANTIZE_X_ENTRY = 'gemv_quantize_x';

/** the activation gemv reads (its int8 quantization is shared with other ops) */
const X = GEMV_ACTIVATION;

/** int8 path: x quantized per 32-block, as packed bytes (u32 words) and per block d (and d·Σq) */
export const XQ_BUFFER = X.codes;
export const XS_BUFFER = X.scales;
/** threads per workgroup of the x quantization: 8 per 32-block, each packing one word of 4 codes */
export const QUANTIZE_X_WORKGROUP = 64;

/** The kernel parameters of the main gemv kernel, in ABI order (buffers, then M, N, K). */
export function gemvKernelParams(shape: GemvShape, cfg: GemvSimtConfig): KernelParam[] {
  const format = FORMATS[shape.weight];
  const out: KernelParam[] = cfg.dot_path === 'int8' && cfg.quantize_x === 'dispatch'
    ? [bufferParam(XQ_BUFFER, U32), bufferParam(XS_BUFFER, F32)]
    : [bufferParam(X.buffer, shape.act === 'f32' ? F32 : U32)];
  out.push(bufferParam(WEIGHT, format.kind === 'dense' && format.name === 'f32' ? F32 : U32));
  if (format.kind === 'planar') out.push(bufferParam(`${WEIGHT}_scale`, U32), bufferParam(`${WEIGHT}_min`, U32));
  if (cfg.split_k > 1) out.push(bufferParam('partial', F32, 'write'));
  else {
    if (shape.bias) out.push(bufferParam('bias', F32));
    out.push(bufferParam('y', F32, 'write'));
  }
  out.push(scalarParam('M'), scalarParam('N'), scalarParam('K'));
  return out;
}

/**
 * `len` consecutive f32 of `buffer` from element `base` (a multiple of min(4, len)): vector loads of up to
 * 4 where the target has them. gemv's x runs, and any op's f32 activation rows (moe's tokens, its hidden rows).
 */
export function readF32Run(buffer: string, base: Expr, len: number, caps: SimtCaps, tag: string, stmts: Stmt[]): Expr[] {
  const out: Expr[] = [];
  for (let i = 0; i < len; i += 4) {
    const lanes = Math.min(4, len - i);
    const at = i ? add(base, i) : base;
    if (lanes === 1 || !caps.vectorLoads) {
      for (let l = 0; l < lanes; l++) out.push(load(buffer, l ? add(at, l) : at, F32));
    } else {
      const t = vec(F32, lanes);
      stmts.push(let_(`${tag}_${i}`, t, load(buffer, at, t)));
      for (let l = 0; l < lanes; l++) out.push(lane(v(`${tag}_${i}`, t), l));
    }
  }
  return out;
}

/** x[m, k .. k+len-1] as f32 values: vector loads when allowed (runs are aligned to their length). */
function readX(act: 'f32' | 'f16', run: KRun, m: number, caps: SimtCaps, tag: string, stmts: Stmt[]): Expr[] {
  const base = add(mul(X.K, m), run.k);
  if (act === 'f32') return readF32Run(X.buffer, base, run.len, caps, tag, stmts);
  const out: Expr[] = [];
  if (run.len === 1) {
    // a single f16 of an odd-K row: pick its half of the word
    const word = load(X.buffer, shr(base, 1), U32);
    return [f16ToF32(shr(word, cast(mul(and(base, 1), 16), U32)))];
  }
  const words = run.len / 2;
  for (let i = 0; i < words; i += 4) {
    const lanes = Math.min(4, words - i);
    const at = add(shr(base, 1), i);
    const parts: Expr[] = [];
    if (lanes === 1 || !caps.vectorLoads) {
      for (let l = 0; l < lanes; l++) parts.push(load(X.buffer, add(at, l), U32));
    } else {
      const t = vec(U32, lanes);
      stmts.push(let_(`${tag}_${i}`, t, load(X.buffer, at, t)));
      for (let l = 0; l < lanes; l++) parts.push(lane(v(`${tag}_${i}`, t), l));
    }
    parts.forEach((w, l) => {
      stmts.push(let_(`${tag}_w${i + l}`, U32, w));
      const word = v(`${tag}_w${i + l}`, U32);
      out.push(f16ToF32(word), f16ToF32(shr(word, c.u32(16))));
    });
  }
  return out;
}

export function sumOf(values: readonly Expr[]): Expr {
  return values.slice(1).reduce((s, x) => add(s, x), values[0]!);
}

/** Σ a·b as two interleaved fma chains (half the dependency latency) */
export function dotOf(a: readonly Expr[], b: readonly Expr[]): Expr {
  const chains: Expr[] = [];
  a.forEach((ai, i) => {
    const j = i % 2;
    chains[j] = chains[j] ? fma(ai, b[i]!, chains[j]) : mul(ai, b[i]!);
  });
  return chains.length === 1 ? chains[0]! : add(chains[0]!, chains[1]!);
}

/** Σ values·xs of codes that carry powers of two (weight-chunks codeValue): one dot per shift, scaled back at the end */
export function shiftedDotOf(values: readonly Expr[], shifts: readonly number[], xs: readonly Expr[]): Expr {
  const dots = [...new Set(shifts)].sort((a, b) => a - b).map((shift) => {
    const picked = shifts.flatMap((s, e) => (s === shift ? [e] : []));
    return { shift, dot: dotOf(picked.map((e) => values[e]!), picked.map((e) => xs[e]!)) };
  });
  return dots.slice(1).reduce<Expr>((sum, d) => fma(d.dot, c.f32(2 ** -d.shift), sum),
    dots[0]!.shift ? mul(dots[0]!.dot, c.f32(2 ** -dots[0]!.shift)) : dots[0]!.dot);
}

const accName = (r: number, m: number): string => `acc_${r}_${m}`;

/** Loads of one chunk for every row (issued first), then the arithmetic against x. */
function chunkSteps(layout: ChunkLayout, shape: GemvShape, cfg: GemvSimtConfig, caps: SimtCaps, chunks: readonly Expr[], tag: string): Stmt[] {
  const R = cfg.rows_per_block;
  const K = param('K');
  const loads: Stmt[] = [];
  const math: Stmt[] = [];
  const read: WeightChunk[][] = chunks.map((chunk, u) => {
    const perRow: WeightChunk[] = [];
    for (let r = 0; r < R; r++) {
      const w = layout.read(chunk, v(`row_${r}`, I32), K, `w${tag}${u}_${r}`);
      loads.push(...w.stmts);
      perRow.push(w);
    }
    return perRow;
  });
  chunks.forEach((chunk, u) => {
    const runs = layout.runs(chunk);
    for (let m = 0; m < shape.M; m++) {
      const xs = runs.flatMap((run, j) => readX(shape.act, run, m, caps, `x${tag}${u}_${m}_${j}`, math));
      const needSum = layout.hasMin;
      const sumName = `sx${tag}${u}_${m}`;
      if (needSum) math.push(let_(sumName, F32, sumOf(xs)));
      for (let r = 0; r < R; r++) {
        const w = read[u]![r]!;
        const acc = v(accName(r, m), F32);
        if (!w.scale) {
          let next: Expr = acc;
          w.values.forEach((value, e) => { next = fma(value, xs[e]!, next); });
          math.push(assign(accName(r, m), next));
          continue;
        }
        let next = fma(w.scale, shiftedDotOf(w.values, w.shifts, xs), acc);
        if (w.min) next = fma(w.min, v(sumName, F32), next);
        math.push(assign(accName(r, m), next));
      }
    }
  });
  return [...loads, ...waitForPreviousGrid(cfg), ...math];
}

/**
 * The int8 path of one step: loads of the chunk for every row as on the float path, then per token
 * the chunk's x words and its x block's d (and s = d·Σq), and per row
 *   acc += d_w · (d_x · Σ q·xq - zero · frac · s) + min · frac · s,
 * where frac is the chunk's share of the x block: every chunk of a block is visited exactly once, so
 * the block's offset and min terms add up to zero · s and min · s over the workgroup.
 */
function int8ChunkSteps(layout: ChunkLayout, shape: GemvShape, cfg: GemvSimtConfig, caps: SimtCaps, chunks: readonly Expr[], tag: string): Stmt[] {
  const R = cfg.rows_per_block;
  const K = param('K');
  const loads: Stmt[] = [];
  const math: Stmt[] = [];
  const read: WeightChunk[][] = chunks.map((chunk, u) => Array.from({ length: R }, (_, r) => {
    const w = layout.read(chunk, v(`row_${r}`, I32), K, `w${tag}${u}_${r}`);
    loads.push(...w.stmts);
    return w;
  }));
  chunks.forEach((chunk, u) => {
    const runs = layout.runs(chunk);
    for (let m = 0; m < shape.M; m++) {
      int8ChunkDot({
        layout, weight: shape.weight, act: shape.act, quantize: cfg.quantize_x, x: X, runs, start: (run) => add(mul(K, m), run.k),
        rows: read[u]!, acc: (r) => accName(r, m), id: `${tag}${u}_${m}`,
      }, caps, math);
    }
  });
  return [...loads, ...waitForPreviousGrid(cfg), ...math];
}

/** one chunk of one token on the int8 path: what `int8ChunkDot` needs (any op's rows and activation) */
export interface Int8ChunkJob {
  readonly layout: ChunkLayout;
  readonly weight: WeightFormatName;
  readonly act: 'f32' | 'f16';
  /** 'registers': the thread quantizes the x block here; otherwise x's codes and scales are read from `x.codes` / `x.scales` */
  readonly quantize: 'dispatch' | 'workgroup' | 'registers';
  readonly x: ActivationRef;
  /** the chunk's runs (layout.runs) and each run's first element in the activation buffer */
  readonly runs: readonly KRun[];
  readonly start: (run: KRun) => Expr;
  /** the chunk as read for each row (layout.read) and each row's accumulator */
  readonly rows: readonly WeightChunk[];
  readonly acc: (r: number) => string;
  /** unique suffix of this chunk and token's lets */
  readonly id: string;
}

/**
 * The int8 arithmetic of one chunk and token for every row (`int8ChunkSteps`; moe's expert kernels call
 * it with their rows and activations): x's codes and d (and s), then per row the 4-way dot products and
 * the accumulator update of the formula above, into `stmts`.
 */
export function int8ChunkDot(job: Int8ChunkJob, caps: SimtCaps, stmts: Stmt[]): void {
  const { layout, runs, start, id } = job;
  const format = layout.format as WeightFormat & { kind: 'block' | 'planar' };
  const stride = xsStride(job.weight);
  const frac = layout.elems / X_BLOCK;
  // xq and xs are buffers, or workgroup arrays of the same names (quantize_x 'workgroup'); 'registers' reads x
  const xVector = job.quantize === 'workgroup' ? caps.sharedVectorLoads : caps.vectorLoads;
  const block = shr(start(runs[0]!), 5);
  let xWords: Expr[][];
  let dx: Expr | undefined;
  let sx: Expr | undefined;
  if (job.quantize === 'registers') {
    ({ words: xWords, d: dx, s: sx } = chunkXInRegisters(job, caps, block, stmts));
  } else {
    // a run of n words starts at a multiple of n words (K and the runs are multiples of their length)
    xWords = runs.map((run, j) => loadWords(job.x.codes, shr(start(run), 2), run.len / 4, U32, `q${id}_${j}`, stmts, xVector, run.len / 4));
    [dx, sx] = loadWords(job.x.scales, stride === 2 ? mul(block, 2) : block, stride, F32, `s${id}_`, stmts, xVector, stride);
  }
  stmts.push(let_(`dx${id}`, F32, dx!));
  if (format.zero !== 0) stmts.push(let_(`zx${id}`, F32, mul(sx!, c.f32(-format.zero * frac))));
  if (layout.hasMin) stmts.push(let_(`mx${id}`, F32, frac === 1 ? sx! : mul(sx!, c.f32(frac))));
  job.rows.forEach((w, r) => {
    // two interleaved chains of dot products (half the dependency latency)
    const chains: Expr[] = [];
    layout.int8Pairs(w.codeWords).forEach((pair, i) => {
      chains[i % 2] = dot4I8(pair.code, xWords[pair.run]![pair.word]!, chains[i % 2] ?? c.i32(0));
    });
    const isum = `i${id}_${r}`;
    stmts.push(let_(isum, I32, chains.length === 1 ? chains[0]! : add(chains[0]!, chains[1]!)));
    const dot = cast(v(isum, I32), F32);
    const inner = format.zero !== 0 ? fma(v(`dx${id}`, F32), dot, v(`zx${id}`, F32)) : mul(v(`dx${id}`, F32), dot);
    const acc = job.acc(r);
    let next = fma(w.scale!, inner, v(acc, F32));
    if (w.min) next = fma(w.min, v(`mx${id}`, F32), next);
    stmts.push(assign(acc, next));
  });
}

/**
 * quantize_x 'registers': this thread quantizes the chunk's x block (after the step's weight loads, which
 * come first in the step) and picks each run's words by the run's offset in the block (`start`: a run's
 * first element in the activation buffer).
 */
function chunkXInRegisters(job: Int8ChunkJob, caps: SimtCaps, block: Expr, stmts: Stmt[]): { words: Expr[][]; d: Expr; s: Expr | undefined } {
  const { runs, start, id } = job;
  const q = quantizeXBlock(job.x, job.weight, job.act, caps, block, `x${id}_`, stmts);
  const words = runs.map((run, j) => {
    if (run.len === X_BLOCK) return q.words;
    stmts.push(let_(`xo${id}_${j}`, I32, shr(and(start(run), X_BLOCK - 1), 2)));
    return pickWords(q.words, v(`xo${id}_${j}`, I32), run.len / 4).map((word, i) => {
      stmts.push(let_(`xp${id}_${j}_${i}`, U32, word));
      return v(`xp${id}_${j}_${i}`, U32);
    });
  });
  return { words, d: q.d, s: q.s };
}

/** words[at .. at+n-1] for a runtime `at` that is a multiple of n: a select per candidate offset (registers cannot be indexed) */
function pickWords(words: readonly Expr[], at: Expr, n: number): Expr[] {
  if (n === words.length) return [...words];
  return Array.from({ length: n }, (_, i) => {
    let picked = words[i]!;
    for (let o = n; o < words.length; o += n) picked = select(eq(at, o), words[o + i]!, picked);
    return picked;
  });
}

/** The K loop: `k_unroll` chunks per step while whole steps remain, then single chunks. */
function kLoop(layout: ChunkLayout, shape: GemvShape, cfg: GemvSimtConfig, caps: SimtCaps): Stmt[] {
  const T = cfg.workgroup_size;
  const S = cfg.split_k;
  const U = cfg.k_unroll;
  const stride = T * S;
  const chunks = v('chunks', I32);
  const first = v('first_chunk', I32);
  const steps = cfg.dot_path === 'int8' ? int8ChunkSteps : chunkSteps;
  const out: Stmt[] = [
    let_('chunks', I32, layout.chunksPerRow(param('K'))),
    let_('first_chunk', I32, S > 1 ? add(mul(special('group_id', 2), T), v('tid', I32)) : v('tid', I32)),
  ];
  if (U === 1) {
    out.push(forLoop('chunk', first, chunks, steps(layout, shape, cfg, caps, [v('chunk', I32)], 't'), { step: stride }));
    return out;
  }
  const span = stride * U;
  out.push(let_('chunks_main', I32, mul(div(chunks, span), span)));
  const unrolled = Array.from({ length: U }, (_, u) => add(add(v('k_step', I32), first), u * stride));
  out.push(forLoop('k_step', 0, v('chunks_main', I32), steps(layout, shape, cfg, caps, unrolled, 'u'), { step: span }));
  out.push(forLoop('chunk', add(v('chunks_main', I32), first), chunks, steps(layout, shape, cfg, caps, [v('chunk', I32)], 't'), { step: stride }));
  return out;
}

/** what `workgroupSums` reduces: `rows` x `M` f32 accumulators per thread, named `acc(r, m)` */
export interface SumShape {
  readonly rows: number;
  readonly M: number;
  readonly workgroupSize: number;
  readonly subgroupReduce: boolean;
  readonly acc: (r: number, m: number) => string;
}

/**
 * Sum each accumulator (rows x M of them, named by `shape.acc`) over the workgroup into shared memory. Slot v = m·R + r (so the writers of y
 * are consecutive in n); `totalOf(slot, name)` adds up what is left of that slot after the barrier into `name` ('total'). Shared with
 * other ops' row x token dot products (moe).
 */
export function workgroupSums(shape: SumShape, caps: SimtCaps): { stmts: Stmt[]; totalOf: (slot: Expr, total?: string) => Stmt[] } {
  const R = shape.rows;
  const T = shape.workgroupSize;
  const accName = shape.acc;
  const values = R * shape.M;
  const tid = v('tid', I32);
  const stmts: Stmt[] = [];
  const slot = (r: number, m: number): number => m * R + r;
  if (shape.subgroupReduce) {
    const fixed = caps.subgroupSize;
    // (the subgroup rule of the knobs makes the workgroup whole subgroups)
    if (fixed === WARP && values > 1 && values <= WARP && (values & (values - 1)) === 0) {
      return transposedReduction(shape, stmts);
    }
    if (fixed !== null && fixed === T) {
      // one subgroup is the whole workgroup: no shared memory at all
      for (let m = 0; m < shape.M; m++) for (let r = 0; r < R; r++) stmts.push(assign(accName(r, m), subgroupReduce('add', v(accName(r, m), F32))));
      stmts.push(alloc('red', F32, values, 'workgroup'));
      stmts.push(if_(eq(tid, 0), Array.from({ length: shape.M }, (_, m) => Array.from({ length: R }, (_, r) =>
        store('red', slot(r, m), v(accName(r, m), F32)))).flat()));
      stmts.push(barrier());
      return { stmts, totalOf: (s, total = 'total') => [let_(total, F32, load('red', s, F32))] };
    }
    const slots = fixed !== null ? T / fixed : T;
    stmts.push(alloc('red', F32, values * slots, 'workgroup'));
    stmts.push(let_('sg_size', I32, special('subgroup_size')));
    stmts.push(let_('sg_index', I32, div(tid, v('sg_size', I32))));
    const writes: Stmt[] = [];
    for (let m = 0; m < shape.M; m++) {
      for (let r = 0; r < R; r++) {
        stmts.push(assign(accName(r, m), subgroupReduce('add', v(accName(r, m), F32))));
        writes.push(store('red', add(slot(r, m) * slots, v('sg_index', I32)), v(accName(r, m), F32)));
      }
    }
    stmts.push(if_(eq(special('subgroup_lane'), 0), writes));
    stmts.push(barrier());
    const totalOf = (s: Expr, total = 'total'): Stmt[] => [
      letMut(total, F32, c.f32(0)),
      // subgroups in the workgroup; where the size is the device's, rounded up: a workgroup narrower than the
      // subgroup (32 threads on a 64-wide AMD wave) is one partial subgroup, whose sum lane 0 wrote
      forLoop('sg', 0, div(fixed !== null ? c.i32(T) : add(c.i32(T), sub(v('sg_size', I32), 1)), v('sg_size', I32)), [
        assign(total, add(v(total, F32), load('red', add(mul(s, slots), v('sg', I32)), F32))),
      ]),
    ];
    return { stmts, totalOf };
  }
  // shared-memory tree: every thread stores its partials, halving strides add them up
  stmts.push(alloc('red', F32, values * T, 'workgroup'));
  for (let m = 0; m < shape.M; m++) for (let r = 0; r < R; r++) stmts.push(store('red', add(slot(r, m) * T, tid), v(accName(r, m), F32)));
  stmts.push(barrier());
  for (let half = T / 2; half >= 1; half /= 2) {
    const adds: Stmt[] = [];
    for (let s = 0; s < values; s++) {
      adds.push(store('red', add(s * T, tid), add(load('red', add(s * T, tid), F32), load('red', add(s * T + half, tid), F32))));
    }
    stmts.push(if_(lt(tid, half), adds));
    stmts.push(barrier());
  }
  return { stmts, totalOf: (s, total = 'total') => [let_(total, F32, load('red', mul(s, T), F32))] };
}

/**
 * The R·M partial sums of every lane of a 32-lane subgroup reduced together (V = R·M, a power of two
 * up to 32): at the step with lane distance o = 16, 8, ..., a lane keeps half of its values (the upper
 * half where lane & o) and sends the other half to lane ^ o, adding what it receives; after log2(V)
 * steps lane l holds value (l >> log2(32 / V)) & (V - 1), and butterflies over the remaining distances
 * finish it. V - 1 + 5 - log2(V) shuffles (9 for 8 rows), not the 5·V of one reduction per value. One
 * lane per value then writes it for the cross-subgroup sum.
 */
function transposedReduction(shape: SumShape, stmts: Stmt[]): { stmts: Stmt[]; totalOf: (slot: Expr, total?: string) => Stmt[] } {
  const R = shape.rows;
  const accName = shape.acc;
  const slots = shape.workgroupSize / WARP;
  const laneId = v('sg_lane', I32);
  stmts.push(let_('sg_lane', I32, special('subgroup_lane')), let_('sg_index', I32, div(v('tid', I32), WARP)));
  // values in slot order (slot = m·R + r, as the shared-memory layout)
  let vals: Expr[] = Array.from({ length: R * shape.M }, (_, s) => v(accName(s % R, Math.floor(s / R)), F32));
  let o = WARP / 2;
  for (; vals.length > 1; o /= 2) {
    const half = vals.length / 2;
    const upper = v(`sg_up${o}`, 'bool');
    stmts.push(let_(`sg_up${o}`, 'bool', ne(and(laneId, o), 0)));
    vals = Array.from({ length: half }, (_, i) => {
      const [lo, hi] = [vals[i]!, vals[i + half]!];
      stmts.push(let_(`sg_r${o}_${i}`, F32, add(select(upper, hi, lo), subgroupShuffleXor(select(upper, lo, hi), o))));
      return v(`sg_r${o}_${i}`, F32);
    });
  }
  stmts.push(letMut('sg_total', F32, vals[0]!));
  for (; o >= 1; o /= 2) stmts.push(assign('sg_total', add(v('sg_total', F32), subgroupShuffleXor(v('sg_total', F32), o))));
  const spread = WARP / (R * shape.M);
  stmts.push(alloc('red', F32, R * shape.M * slots, 'workgroup'));
  const slotOfLane = and(shr(laneId, Math.log2(spread)), R * shape.M - 1);
  stmts.push(if_(eq(and(laneId, spread - 1), 0), [store('red', add(mul(slotOfLane, slots), v('sg_index', I32)), v('sg_total', F32))]));
  stmts.push(barrier());
  const totalOf = (s: Expr, total = 'total'): Stmt[] => slots === 1
    ? [let_(total, F32, load('red', s, F32))]
    : [
      letMut(total, F32, c.f32(0)),
      forLoop('sg', 0, slots, [assign(total, add(v(total, F32), load('red', add(mul(s, slots), v('sg', I32)), F32)))]),
    ];
  return { stmts, totalOf };
}

/** The main kernel: partial dot products, workgroup reduction, store of y (or of split-K partials). */
export function lowerGemvMain(shape: GemvShape, cfg: GemvSimtConfig, caps: SimtCaps): Kernel {
  const format = FORMATS[shape.weight];
  const layout = chunkLayout(format, cfg.vector_width, caps.vectorLoads, WEIGHT);
  const R = cfg.rows_per_block;
  const N = param('N');
  const where = { dispatch: ' (xq, xs)', workgroup: ' in workgroup memory (xq, xs)', registers: ' per chunk in registers' }[cfg.quantize_x];
  const x = cfg.dot_path === 'int8' ? `${shape.act} quantized to int8${where}` : shape.act;
  const body: Stmt[] = [
    comment(`gemv ${shape.weight} x ${x}, M=${shape.M}: ${R} rows per workgroup, ${cfg.workgroup_size} threads, ${cfg.vector_width}-byte loads, unroll ${cfg.k_unroll}, split_k ${cfg.split_k}`),
    ...(cfg.dependent_launch ? [gridDependency('signal')] : []),
    let_('tid', I32, special('thread_id')),
    let_('n0', I32, mul(add(special('group_id'), mul(special('group_id', 1), special('num_groups'))), R)),
  ];
  // rows past N are clamped (they compute a copy of row N-1 and store nothing): no divergent loads
  for (let r = 0; r < R; r++) body.push(let_(`row_${r}`, I32, min(add(v('n0', I32), r), sub(N, 1))));
  if (cfg.dot_path === 'int8' && cfg.quantize_x === 'workgroup') body.push(...waitForPreviousGrid(cfg), ...quantizeXInWorkgroup(shape, cfg, caps));
  for (let m = 0; m < shape.M; m++) for (let r = 0; r < R; r++) body.push(letMut(accName(r, m), F32, c.f32(0)));
  // each K step waits after its weight loads; threads without a step, and the stores, wait here. (ptxas
  // schedules the first wait above the read-only weight loads anyway; one wait at the top instead made
  // w4g128 11008x4096 5% slower on the H200, 8.41 vs 8.03 us, through a different schedule)
  body.push(...kLoop(layout, shape, cfg, caps), ...waitForPreviousGrid(cfg));
  const { stmts, totalOf } = workgroupSums({ rows: R, M: shape.M, workgroupSize: cfg.workgroup_size, subgroupReduce: cfg.subgroup_reduce, acc: accName }, caps);
  body.push(...stmts);
  // output o = m·R + r; R·M may exceed the workgroup, so each thread writes every T-th output
  const out = v('o', I32);
  const total = v('total', F32);
  const write: Stmt[] = [let_('n', I32, add(v('n0', I32), rem(out, R))), let_('m', I32, div(out, R))];
  const inRange = lt(v('n', I32), N);
  if (cfg.split_k > 1) {
    const at = add(mul(add(mul(special('group_id', 2), param('M')), v('m', I32)), N), v('n', I32));
    write.push(if_(inRange, [store('partial', at, total)]));
  } else {
    const value = shape.bias ? add(total, load('bias', v('n', I32), F32)) : total;
    write.push(if_(inRange, [store('y', add(mul(v('m', I32), N), v('n', I32)), value)]));
  }
  body.push(forLoop('o', v('tid', I32), R * shape.M, [...totalOf(out), ...write], { step: cfg.workgroup_size }));
  return {
    name: GEMV_ENTRY, model: 'simt', params: gemvKernelParams(shape, cfg), body,
    workgroupSize: [cfg.workgroup_size, 1, 1],
  };
}

export const REDUCE_WORKGROUP = 64;

/** Second dispatch of split-K: y[i] = Σ_s partial[s][i] (+ bias), one thread per output. */
export function lowerSplitKReduce(shape: GemvShape, cfg: GemvSimtConfig): Kernel {
  const params: KernelParam[] = [bufferParam('partial', F32)];
  if (shape.bias) params.push(bufferParam('bias', F32));
  params.push(bufferParam('y', F32, 'write'), scalarParam('M'), scalarParam('N'), scalarParam('K'));
  const MN = mul(param('M'), param('N'));
  const i = v('i', I32);
  const sum: Stmt[] = [letMut('total', F32, shape.bias ? load('bias', rem(i, param('N')), F32) : c.f32(0))];
  for (let s = 0; s < cfg.split_k; s++) sum.push(assign('total', add(v('total', F32), load('partial', s ? add(mul(MN, s), i) : i, F32))));
  sum.push(store('y', i, v('total', F32)));
  return {
    name: SPLITK_REDUCE_ENTRY, model: 'simt', params,
    body: [
      let_('i', I32, add(mul(special('group_id'), REDUCE_WORKGROUP), special('thread_id'))),
      if_(lt(i, MN), sum),
    ],
    workgroupSize: [REDUCE_WORKGROUP, 1, 1],
  };
}

/**
 * quantize_x 'workgroup': before the K loop the workgroup quantizes all of x into workgroup arrays
 * named like the scratch buffers (xq, xs; sized for the params' K), one thread per 32-block with its
 * values in registers: the same d, codes and word order as `lowerQuantizeX`, so the results are
 * bit-identical to the 'dispatch' variant. Every thread reaches the barrier after the loop.
 */
function quantizeXInWorkgroup(shape: GemvShape, cfg: GemvSimtConfig, caps: SimtCaps): Stmt[] {
  const stride = xsStride(shape.weight);
  const bytes = quantizedXBytes(shape.M, shape.K, shape.weight);
  const blk = v('qblk', I32);
  const body: Stmt[] = [];
  const block = quantizeXBlock(X, shape.weight, shape.act, caps, blk, '', body);
  block.words.forEach((word, t) => body.push(store(XQ_BUFFER, add(mul(blk, X_BLOCK / 4), t), word)));
  body.push(store(XS_BUFFER, stride === 2 ? mul(blk, 2) : blk, block.d));
  if (block.s) body.push(store(XS_BUFFER, add(mul(blk, 2), 1), block.s));
  return [
    comment(`x quantized to int8 per ${X_BLOCK}-block into workgroup memory, one thread per block`),
    // 16-byte aligned: the K loop reads them with vector loads where the target allows
    alloc(XQ_BUFFER, U32, bytes.xq / 4, 'workgroup', 16),
    alloc(XS_BUFFER, F32, bytes.xs / 4, 'workgroup', 16),
    forLoop('qblk', v('tid', I32), div(mul(X.rows, X.K), X_BLOCK), body, { step: cfg.workgroup_size }),
    barrier(),
  ];
}

/**
 * First dispatch of the int8 path: x quantized per 32-block as ggml's quantize_row_q8_1 does,
 * d = amax / 127, q = round(x / d) (half to even, `int8Code`), with s = d · Σq when the weights need it.
 * Eight threads share a block, each packing one word of four codes (in `int8XElement` order, so the
 * words meet the weight codes' nibbles); the block's amax and Σq go through workgroup memory.
 * Threads past the end compute a copy of the last word and store nothing (barriers stay uniform).
 */
export function lowerQuantizeX(shape: GemvShape, caps: SimtCaps): Kernel {
  const format = FORMATS[shape.weight];
  const stride = xsStride(shape.weight);
  const T = QUANTIZE_X_WORKGROUP;
  const params: KernelParam[] = [
    bufferParam(X.buffer, shape.act === 'f32' ? F32 : U32), bufferParam(XQ_BUFFER, U32, 'write'), bufferParam(XS_BUFFER, F32, 'write'),
    scalarParam('M'), scalarParam('N'), scalarParam('K'),
  ];
  const tid = v('tid', I32);
  const word = v('word', I32);
  const f = (name: string): Expr => v(name, F32);
  const body: Stmt[] = [
    comment(`x (${shape.act}) to int8 per ${X_BLOCK}-block for gemv ${shape.weight}: ${T} threads, ${T / 8} blocks per workgroup`),
    let_('tid', I32, special('thread_id')),
    let_('word_raw', I32, add(mul(add(special('group_id'), mul(special('group_id', 1), special('num_groups'))), T), tid)),
    let_('words', I32, div(mul(X.rows, X.K), 4)),
    let_('word', I32, min(v('word_raw', I32), sub(v('words', I32), 1))),
    let_('blk', I32, shr(word, 3)),
    let_('t', I32, and(word, 7)),
  ];
  // the four x values this thread quantizes
  const natural = int8XInKOrder(format);
  let xs: Expr[];
  if (natural && shape.act === 'f32') {
    xs = loadWords(X.buffer, mul(word, 4), 4, F32, 'xv', body, caps.vectorLoads, 4);
  } else if (natural) {
    xs = loadWords(X.buffer, mul(word, 2), 2, U32, 'xh', body, caps.vectorLoads, 2).flatMap((w) => [f16ToF32(w), f16ToF32(shr(w, c.u32(16)))]);
  } else {
    xs = [0, 1, 2, 3].map((i) => {
      body.push(let_(`e${i}`, I32, add(mul(v('blk', I32), X_BLOCK), int8XElement(format, v('t', I32), i))));
      const e = v(`e${i}`, I32);
      if (shape.act === 'f32') return load(X.buffer, e, F32);
      return f16ToF32(shr(load(X.buffer, shr(e, 1), U32), cast(mul(and(e, 1), 16), U32)));
    });
  }
  xs.forEach((x, i) => body.push(let_(`v${i}`, F32, x)));
  body.push(
    let_('a01', F32, max(unary('abs', f('v0')), unary('abs', f('v1')))),
    let_('a23', F32, max(unary('abs', f('v2')), unary('abs', f('v3')))),
    alloc('qx_max', F32, T, 'workgroup'),
    store('qx_max', tid, max(f('a01'), f('a23'))),
    barrier(),
    // the block's 8 threads are tid - tid % 8 .. + 7
    let_('base', I32, sub(tid, and(tid, 7))),
    letMut('amax', F32, c.f32(0)),
    forLoop('j', 0, 8, [assign('amax', max(f('amax'), load('qx_max', add(v('base', I32), v('j', I32)), F32)))], { unroll: 8 }),
    ...int8Scale(f('amax'), shape.act),
  );
  for (let i = 0; i < 4; i++) body.push(int8Code(`${i}`, f(`v${i}`)));
  const inRange = lt(v('word_raw', I32), v('words', I32));
  body.push(if_(inRange, [store(XQ_BUFFER, word, packCodes([0, 1, 2, 3].map((i) => v(`b${i}`, U32))))]));
  const header: Stmt[] = [store(XS_BUFFER, stride === 2 ? mul(v('blk', I32), 2) : v('blk', I32), f('d'))];
  if (stride === 2) {
    const qsum = [0, 1, 2, 3].map((i) => codeOf(v(`b${i}`, U32)));
    body.push(alloc('qx_sum', I32, T, 'workgroup'), store('qx_sum', tid, balanced(qsum, add)), barrier());
    header.push(
      letMut('qsum', I32, c.i32(0)),
      forLoop('j', 0, 8, [assign('qsum', add(v('qsum', I32), load('qx_sum', add(v('base', I32), v('j', I32)), I32)))], { unroll: 8 }),
      store(XS_BUFFER, add(mul(v('blk', I32), 2), 1), mul(f('d'), cast(v('qsum', I32), F32))),
    );
  }
  body.push(if_(land(inRange, eq(v('t', I32), 0)), header));
  return { name: QUANTIZE_X_ENTRY, model: 'simt', params, body, workgroupSize: [T, 1, 1] };
}

/** Kernels in dispatch order. */
export function lowerGemvSimt(params: Params, cfg: GemvSimtConfig, caps: SimtCaps): Kernel[] {
  const shape = gemvShape(params);
  const kernels: Kernel[] = [];
  // dependent launch: what an earlier grid writes is read coherently in every kernel (a non-coherent load
  // may be scheduled above the wait); the pre-pass and the split-K reduction read only such buffers, so
  // they signal and wait first
  const coherent = (k: Kernel): Kernel => ({
    ...k, params: k.params.map((p) => (p.kind === 'buffer' && p.access === 'read' && PRODUCED.has(p.name) ? { ...p, coherent: true } : p)),
  });
  const dependent = (k: Kernel): Kernel => (cfg.dependent_launch ? { ...coherent(k), body: [gridDependency('signal'), ...waitForPreviousGrid(cfg), ...k.body] } : k);
  if (cfg.dot_path === 'int8' && cfg.quantize_x === 'dispatch') kernels.push(dependent(lowerQuantizeX(shape, caps)));
  const main = lowerGemvMain(shape, cfg, caps);
  kernels.push(cfg.dependent_launch ? coherent(main) : main);
  if (cfg.split_k > 1) kernels.push(dependent(lowerSplitKReduce(shape, cfg)));
  return kernels;
}

/** dependent launch: what the previous grid writes (x, the pre-pass's xq and xs, y) is not touched before this */
function waitForPreviousGrid(cfg: GemvSimtConfig): Stmt[] {
  return cfg.dependent_launch ? [gridDependency('wait')] : [];
}

/** buffers an earlier grid of the stream writes: x, the pre-pass's output, split-K partials (weights and bias do not change) */
const PRODUCED: ReadonlySet<string> = new Set([X.buffer, XQ_BUFFER, XS_BUFFER, 'partial']);
