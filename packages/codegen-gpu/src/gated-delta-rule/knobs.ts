/**
 * The knobs of the SIMT gated_delta_rule, their domains and rules per target and shape, and each target's
 * defaults for decode (the recurrent variant) and prefill (the chunked one). The source depends on the
 * config and the compiled params (Hk, Hv, Dk, Dv, scale, l2norm), never on B or T; the defaults may.
 *
 * Each variant reads only some knobs: 'recurrent' block_v, k_split, vector_width, subgroup_reduce, inputs,
 * dependent_launch (its threads are (block_v / vector_width) x k_split); 'chunked' chunk, block_v, workgroup_size.
 * The others are accepted at any value of their domain and ignored.
 */
import { gatedDeltaRuleShape, resolveKnobs, type GatedDeltaRuleShape } from '@kforge/ir';
import type { KnobConfig, KnobDomain, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { SIMT_CAPS, type GpuTarget, type SimtCaps } from '../gemv/knobs.ts';

export type GdrShape = GatedDeltaRuleShape;
export const gdrShape = gatedDeltaRuleShape;

export interface GdrSimtConfig {
  readonly variant: 'recurrent' | 'chunked';
  readonly chunk: number;
  readonly block_v: number;
  readonly workgroup_size: number;
  readonly k_split: number;
  readonly vector_width: number;
  readonly subgroup_reduce: boolean;
  /**
   * recurrent: 'staged' copies a tile of tokens (q, k rows, the block's v, exp(g), beta) into workgroup memory
   * behind a barrier; 'registers' has each lane load its own rows of q and k, its columns of v, g and beta
   * straight into registers at each token (no workgroup memory for them, no barrier)
   */
  readonly inputs: 'staged' | 'registers';
  /**
   * recurrent, CUDA: programmatic dependent launch: the kernel lets the next launch start at once and waits for
   * the previous grid before anything else (its inputs are read coherently), so only the launch overlaps
   */
  readonly dependent_launch: boolean;
}

/** How the recurrent kernel's threads split a block of state columns. */
export interface RecurrentLayout {
  /** column groups of vector_width columns per workgroup */
  readonly CG: number;
  /** column groups inside one reduction unit (k_split x CGL consecutive threads; one subgroup holds whole units) */
  readonly CGL: number;
  /** threads per workgroup */
  readonly threads: number;
  /** state rows per lane (rows ks, ks + k_split, ...) and Dk padded to R x k_split */
  readonly R: number;
  readonly Dkp: number;
  /** the Sᵀk / Sᵀq partials are summed by subgroup butterflies (else workgroup memory) */
  readonly subgroup: boolean;
  /** values reduced per step: Sᵀk and Sᵀq per column, k·q, and |k|², |q|² with l2norm */
  readonly NV: number;
  /** tokens staged in workgroup memory at a time (1, unused, with inputs in registers) */
  readonly ST: number;
  readonly sharedBytes: number;
}

const MAX_STAGED_STEPS = 8;

export function recurrentLayout(shape: GdrShape, c: GdrSimtConfig, caps: SimtCaps): RecurrentLayout {
  const VW = c.vector_width;
  const CG = Math.max(1, Math.floor(c.block_v / VW));
  const subgroup = c.subgroup_reduce && caps.subgroupSize !== null && c.k_split > 1;
  const CGL = subgroup ? Math.max(1, Math.min(CG, Math.floor(caps.subgroupSize! / c.k_split))) : CG;
  const threads = CG * c.k_split;
  const R = Math.ceil(shape.Dk / c.k_split);
  const Dkp = R * c.k_split;
  const NV = 2 * VW + (shape.l2norm ? 3 : 1);
  const reduceBytes = !subgroup && c.k_split > 1 ? 2 * NV * threads * 4 : 0;
  if (c.inputs === 'registers') return { CG, CGL, threads, R, Dkp, subgroup, NV, ST: 1, sharedBytes: reduceBytes };
  const perStep = (2 * Dkp + c.block_v + 2) * 4;
  const ST = Math.max(1, Math.min(MAX_STAGED_STEPS, Math.floor((caps.sharedBytes - reduceBytes) / perStep)));
  return { CG, CGL, threads, R, Dkp, subgroup, NV, ST, sharedBytes: reduceBytes + ST * perStep };
}

/** workgroup memory of the chunked kernels: [prep, state walk without staging] in floats (the output dispatch has none) */
export function chunkedSharedFloats(shape: GdrShape, c: GdrSimtConfig): [number, number] {
  const C = c.chunk;
  return [prepFixedFloats(C) + 2 * C, shape.Dk * c.block_v + C * c.block_v];
}

/** workgroup floats of the prep dispatch besides the substitution's columns: sg, gamma, beta, 1/|k|, 1/|q| and A */
const prepFixedFloats = (C: number): number => C * C + 5 * C;

/**
 * Columns the prep's forward substitution keeps in workgroup memory at a time (C x (columns + 1) floats, a
 * thread per column): the workgroup's threads where they fit, else fewer (whole powers of two).
 */
export function substitutionColumns(shape: GdrShape, c: GdrSimtConfig, caps: SimtCaps, launchShared: boolean): number {
  const budget = (launchShared ? LAUNCH_SHARED_BYTES : caps.sharedBytes) / 4 - prepFixedFloats(c.chunk);
  let columns = c.workgroup_size;
  while (columns > 1 && c.chunk * (columns + 1) > budget) columns /= 2;
  return columns;
}

/** workgroup memory a CUDA launch may size (the H200's opt-in limit is 227 KB per block; a little kept free) */
export const LAUNCH_SHARED_BYTES = 200 * 1024;

/**
 * Whether the state walk stages each chunk's W and Kd (2 chunk x Dk floats) in workgroup memory beside its
 * state and U blocks: where they fit the target's static limit, or CUDA's launch-sized block (`launchShared`).
 */
export function walkStaged(shape: GdrShape, c: GdrSimtConfig, caps: SimtCaps, launchShared: boolean): boolean {
  const floats = chunkedSharedFloats(shape, c)[1] + 2 * c.chunk * shape.Dk;
  return floats * 4 <= (launchShared ? LAUNCH_SHARED_BYTES : caps.sharedBytes);
}

/**
 * Whether the state walk pipelines its staging (CUDA's launch-sized block, cp.async): one slot each of the chunk's
 * W (with its U' block and decay) and Kd, the next chunk's W copied during this chunk's state update and its Kd
 * during the next U = U' - W S. Needs 16-byte rows (Dk, Dv and block_v multiples of 4) within the launch limit.
 */
export function walkPipelined(shape: GdrShape, c: GdrSimtConfig, launchShared: boolean): boolean {
  if (!launchShared || shape.Dk % 4 !== 0 || shape.Dv % 4 !== 0 || c.block_v % 4 !== 0) return false;
  const floats = chunkedSharedFloats(shape, c)[1] + 2 * c.chunk * shape.Dk + c.chunk * c.block_v + 4;
  return floats * 4 <= LAUNCH_SHARED_BYTES;
}

/** columns per workgroup of the output dispatch */
export const OUT_BLOCK = 32;

/** the output dispatch's column block: OUT_BLOCK, or Dv rounded up to a power of two where smaller */
export const outBlock = (shape: GdrShape): number => Math.min(OUT_BLOCK, 2 ** Math.ceil(Math.log2(shape.Dv)));

/**
 * Whether the output dispatch stages its operands (the chunk's Qg and M, the H and U blocks) in CUDA's
 * launch-sized block by cp.async, all in flight at once, before the products read them from there.
 */
export function outStaged(shape: GdrShape, c: GdrSimtConfig, launchShared: boolean): boolean {
  if (!launchShared || shape.Dk % 4 !== 0 || shape.Dv % 4 !== 0) return false;
  const BO = outBlock(shape);
  return (c.chunk * shape.Dk + c.chunk * c.chunk + shape.Dk * BO + c.chunk * BO) * 4 <= LAUNCH_SHARED_BYTES;
}

/**
 * Whether the prep dispatch stages the chunk's k and q rows in CUDA's launch-sized block by cp.async (norms by
 * warps, the pair tiles, Qg, Kd and the substitution's right-hand sides then read them there): 16-byte rows
 * (Dk % 4), the arrays within the launch limit.
 */
export function prepStaged(shape: GdrShape, c: GdrSimtConfig, launchShared: boolean): boolean {
  if (!launchShared || shape.Dk % 4 !== 0) return false;
  // the substitution's columns (chunk x threads) go over the q rows where they fit there
  const rows = stagedRowsFloats(shape.Dk, c.chunk);
  const columns = c.chunk * c.workgroup_size <= rows ? 0 : c.chunk * c.workgroup_size;
  return (2 * rows + columns + c.chunk * c.chunk + 8 * c.chunk) * 4 <= LAUNCH_SHARED_BYTES;
}

/** floats of a staged [chunk][Dk] tile: rows of Dk with 4 floats of skew after every 4 rows (bank groups of 16-byte reads) */
export const stagedRowsFloats = (Dk: number, C: number): number => C * Dk + 4 * Math.ceil(C / 4);

/** state values one lane of the recurrent kernel holds in registers */
const MAX_STATE_PER_LANE = 128;

interface Rule {
  readonly doc: string;
  readonly check: (c: GdrSimtConfig) => string | null;
}

function rules(target: GpuTarget, shape: GdrShape, caps: SimtCaps): Rule[] {
  const recurrent = (f: (c: GdrSimtConfig) => string | null) => (c: GdrSimtConfig) => (c.variant === 'recurrent' ? f(c) : null);
  const chunked = (f: (c: GdrSimtConfig) => string | null) => (c: GdrSimtConfig) => (c.variant === 'chunked' ? f(c) : null);
  return [
    {
      doc: 'recurrent: block_v is whole groups of vector_width columns',
      check: recurrent((c) => (c.block_v % c.vector_width !== 0 ? `block_v ${c.block_v} is not a multiple of vector_width ${c.vector_width}` : null)),
    },
    {
      doc: 'recurrent: threads = (block_v / vector_width) x k_split within the target limit',
      check: recurrent((c) => {
        const { threads } = recurrentLayout(shape, c, caps);
        return threads > caps.maxWorkgroup ? `(block_v / vector_width) x k_split = ${threads} threads, over ${caps.maxWorkgroup} on ${target}` : null;
      }),
    },
    {
      doc: 'recurrent: no lane without state rows (k_split <= Dk), no column group wholly past Dv',
      check: recurrent((c) => {
        if (c.k_split > shape.Dk) return `k_split ${c.k_split} is over Dk ${shape.Dk}`;
        if (c.block_v >= 2 * shape.Dv && c.block_v > c.vector_width) return `block_v ${c.block_v} is over twice Dv ${shape.Dv}`;
        return null;
      }),
    },
    {
      doc: `recurrent: a lane holds at most ${MAX_STATE_PER_LANE} state values (ceil(Dk / k_split) x vector_width)`,
      check: recurrent((c) => {
        const { R } = recurrentLayout(shape, c, caps);
        return R * c.vector_width > MAX_STATE_PER_LANE ? `${R} rows x ${c.vector_width} columns = ${R * c.vector_width} state values per lane, over ${MAX_STATE_PER_LANE}` : null;
      }),
    },
    {
      doc: 'recurrent with subgroup_reduce: whole subgroups, and the lanes of a column in one',
      check: recurrent((c) => {
        if (!c.subgroup_reduce || caps.subgroupSize === null || c.k_split === 1) return null;
        const { threads } = recurrentLayout(shape, c, caps);
        if (threads % caps.subgroupSize !== 0) return `${threads} threads are not whole subgroups of ${caps.subgroupSize}`;
        return c.k_split > caps.subgroupSize ? `k_split ${c.k_split} is over the subgroup size ${caps.subgroupSize}` : null;
      }),
    },
    {
      doc: 'recurrent: the staged tokens and the reduction fit the workgroup memory',
      check: recurrent((c) => {
        const lay = recurrentLayout(shape, c, caps);
        return lay.sharedBytes > caps.sharedBytes ? `needs ${lay.sharedBytes} bytes of workgroup memory, over ${caps.sharedBytes}` : null;
      }),
    },
    {
      doc: 'chunked: workgroup memory of the prep and walk dispatches (chunk² + 7 chunk; Dk block_v + chunk block_v floats)',
      check: chunked((c) => {
        const [prep, walk] = chunkedSharedFloats(shape, c).map((f) => 4 * f);
        if (prep! > caps.sharedBytes) return `chunk ${c.chunk}: the prep dispatch needs ${prep} bytes of workgroup memory, over ${caps.sharedBytes}`;
        return walk! > caps.sharedBytes ? `block_v ${c.block_v}: the state walk needs ${walk} bytes of workgroup memory, over ${caps.sharedBytes}` : null;
      }),
    },
    {
      doc: 'chunked: no column block wholly past Dv, the workgroup within the target limit',
      check: chunked((c) => {
        if (c.block_v >= 2 * shape.Dv) return `block_v ${c.block_v} is over twice Dv ${shape.Dv}`;
        return c.workgroup_size > caps.maxWorkgroup ? `workgroup_size ${c.workgroup_size} is over ${caps.maxWorkgroup}` : null;
      }),
    },
  ];
}

export function gatedDeltaRuleGpuKnobSpace(target: GpuTarget, params: Params): KnobSpace {
  const caps = SIMT_CAPS[target];
  const shape = gdrShape(params);
  const knobs: KnobDomain[] = [
    { name: 'variant', values: ['recurrent', 'chunked'], doc: "'recurrent': one fused pass over the state per token (decode, short T); 'chunked': the WY/UT chunkwise form (prefill)" },
    { name: 'chunk', values: [16, 32, 64], doc: 'chunked: tokens per chunk' },
    { name: 'block_v', values: [1, 2, 4, 8, 16, 32, 64], doc: 'state columns per workgroup (recurrent: block_v / vector_width column groups; chunked: the state walk)' },
    { name: 'workgroup_size', values: [32, 64, 128, 256].filter((w) => w <= caps.maxWorkgroup), doc: 'chunked: threads per workgroup of both dispatches' },
    { name: 'k_split', values: [1, 2, 4, 8, 16, 32], doc: 'recurrent: lanes per column group, each holding rows ks, ks + k_split, ... of it' },
    { name: 'vector_width', values: [1, 2, 4].filter((w) => shape.Dv % w === 0), doc: 'recurrent: adjacent state columns one lane owns (vector loads of a row)' },
    {
      name: 'subgroup_reduce', values: caps.subgroupOps && caps.subgroupSize !== null ? [false, true] : [false],
      doc: 'recurrent: the partial Sᵀk, Sᵀq of a column summed by subgroup butterflies (else workgroup memory, one barrier per token)',
    },
    {
      name: 'inputs', values: ['staged', 'registers'],
      doc: "recurrent: 'staged': tiles of tokens copied into workgroup memory behind a barrier; 'registers': each lane loads its q, k rows, v columns, g and beta itself at each token (no barrier)",
    },
    {
      name: 'dependent_launch', values: caps.dependentLaunch ? [false, true] : [false],
      doc: 'recurrent: programmatic dependent launch: the kernel lets the next launch start and waits for the previous grid before its first read',
    },
  ];
  const list = rules(target, shape, caps);
  const check = (c: KnobConfig): string | undefined => {
    for (const rule of list) {
      const problem = rule.check(c as unknown as GdrSimtConfig);
      if (problem) return problem;
    }
    return undefined;
  };
  const defaults = preferredDefaults(target, params, shape, caps);
  const problem = check(defaults as unknown as KnobConfig);
  if (problem) throw new Error(`gated_delta_rule/${target}: the default ${JSON.stringify(defaults)} breaks a rule: ${problem}`);
  return { knobs, check, defaults: defaults as unknown as KnobConfig };
}

const pow2Ceil = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, n)));
const pow2Floor = (n: number): number => 2 ** Math.floor(Math.log2(Math.max(1, n)));

/** the subgroup recurrent default's state values per lane (with its k̂, q̂ rows well inside 255 registers) */
const SUBGROUP_STATE_PER_LANE = 64;

/** workgroups the subgroup recurrent default aims for (a few per multiprocessor) */
const MIN_RECURRENT_GROUPS = 256;

/** state-walk workgroups the chunked default aims for (about two per multiprocessor of an H200) */
const WALK_GROUPS = 256;

/** below this many tokens the recurrent variant is the default */
export const CHUNKED_FROM_T = 65;

function preferredDefaults(target: GpuTarget, params: Params, shape: GdrShape, caps: SimtCaps): GdrSimtConfig {
  const T = Number(params.T ?? 1);
  const B = Number(params.B ?? 1);
  const variant = T >= CHUNKED_FROM_T ? 'chunked' : 'recurrent';
  const subgroups = caps.subgroupOps && caps.subgroupSize !== null;
  const widths = [4, 2, 1].filter((w) => shape.Dv % w === 0);
  // recurrent: with subgroups (CUDA, Metal) a warp per workgroup, vector_width columns per lane and as few
  // lanes per column group as a lane's registers allow (fewest butterflies, the widest row segment per
  // load), more lanes per group only where that leaves too few workgroups for the GPU (small B);
  // else a lane per column group holding all its rows (no reduction, no barrier per token)
  let vector_width: number;
  let k_split: number;
  let block_v: number;
  if (subgroups) {
    vector_width = Math.min(widths[0]!, caps.vectorLoads ? 4 : 1);
    if (shape.Dv % vector_width !== 0) vector_width = 1;
    const sg = caps.subgroupSize!;
    const columns = B * shape.Hv * shape.Dv;
    k_split = Math.min(sg, pow2Ceil(Math.ceil((shape.Dk * vector_width) / SUBGROUP_STATE_PER_LANE)));
    block_v = vector_width * Math.max(1, sg / k_split);
    while (k_split < sg && k_split * 2 <= shape.Dk && columns / block_v < MIN_RECURRENT_GROUPS) {
      k_split *= 2;
      block_v = vector_width * Math.max(1, sg / k_split);
    }
  } else {
    vector_width = 1;
    k_split = pow2Ceil(Math.ceil(shape.Dk / MAX_STATE_PER_LANE));
    // about 256 workgroups over the batch's heads, 8 to 32 columns each
    block_v = Math.max(8, Math.min(32, pow2Floor((B * shape.Hv * shape.Dv) / 256)));
    while (block_v * k_split > caps.maxWorkgroup) block_v /= 2;
  }
  block_v = Math.min(block_v, Math.max(vector_width, pow2Ceil(shape.Dv)));
  const cuda = target === 'cuda';
  const chunk = cuda ? 64 : 32;
  // the state walk is a chain of dependent chunks per column block: narrower blocks where the batch's
  // heads give too few of them to fill the GPU (each block stages or re-reads the chunk's W and Kd)
  let walk = Math.max(4, Math.min(32, pow2Floor((B * shape.Hv * shape.Dv) / WALK_GROUPS)));
  // a block narrower than a subgroup (small Dv) reduces through workgroup memory
  const whole = subgroups && ((block_v / vector_width) * k_split) % caps.subgroupSize! === 0;
  // CUDA decode (T 1): each lane loads its own inputs, no staging barrier; without the dependent launch, which
  // cost more than it overlapped. H100, 2026-12-07, same run: B 1 2.72 us vs 3.65 staged (FLA graph 3.59),
  // B 8 6.73 vs 7.76, B 64 50.11 vs 51.01; with the dependent launch 5.64 / 6.96 / 50.24
  // (docs/results/2026-12-07-h100-gdr-moe-decode)
  const base: GdrSimtConfig = {
    variant, chunk, block_v, workgroup_size: Math.min(cuda ? 128 : 64, caps.maxWorkgroup), k_split, vector_width, subgroup_reduce: whole && k_split > 1,
    inputs: cuda && T === 1 ? 'registers' : 'staged', dependent_launch: false,
  };
  const fits = (c: GdrSimtConfig) => chunkedSharedFloats(shape, c)[1] * 4 <= caps.sharedBytes;
  while (walk > 1 && !fits({ ...base, block_v: walk })) walk /= 2;
  walk = Math.min(walk, pow2Ceil(shape.Dv));
  return variant === 'chunked' ? { ...base, block_v: walk } : base;
}

/** Defaults overlaid by a user config, checked against the domains and rules; InputError names the bad knob. */
export function resolveGdrConfig(target: GpuTarget, params: Params, config: Readonly<Record<string, ParamValue>> = {}): GdrSimtConfig {
  return resolveKnobs(gatedDeltaRuleGpuKnobSpace(target, params), config, `gated_delta_rule/${target}`) as unknown as GdrSimtConfig;
}
