/**
 * The knobs of the SIMT moe (names from the op's vocabulary), their domains and rules per target and
 * params, and each target's defaults. The source depends on the config and the compiled params (H, I, E,
 * topk, weight, routing, normTopk), never on T; the defaults depend on T only on CUDA, where above
 * MOE_DECODE_TOKENS tokens they take the 'tiled' variant where it serves the params.
 *
 * 'gather' reads rows, m_tile, k_unroll, workgroup_size, vector_width, subgroup_reduce, dot_path,
 * fuse_down_combine, pair_grid, router_prefetch and route_in_gate_up (CUDA); fuse_route_group (CUDA)
 * serves both variants; 'tiled' (CUDA, mma 'tensor_core', tiled-mma.ts) reads tile_m, tile_n and
 * tile_k, and workgroup_size and subgroup_reduce for the router logits.
 */
import { FORMATS, InputError, resolveKnobs, type KnobConfig, type KnobDomain, type KnobSpace, type ParamValue, type Params, type WeightFormatName } from '@kforge/ir';
import { SIMT_CAPS, type GpuTarget, type SimtCaps } from '../gemv/knobs.ts';
import { chunkBytesDomain, int8Capable } from '../gemv/weight-chunks.ts';
import { TILE_K_VALUES, TILE_M_VALUES, TILE_N_VALUES, tileConfigProblem, tiledShapeProblem } from './tiled-mma.ts';

/** tokens above which the CUDA defaults take the tiled (tensor-core) variant; at or below, decode's 'gather' */
export const TILED_MIN_TOKENS = 16;
/** tokens up to which the CUDA defaults fuse the down projection with the combine (token-major down) */
export const FUSED_COMBINE_MAX_TOKENS = 8;

export interface MoeShape {
  readonly H: number;
  readonly I: number;
  readonly E: number;
  readonly topk: number;
  readonly weight: WeightFormatName;
  readonly routing: 'router' | 'given';
  readonly normTopk: boolean;
}

/** formats the SIMT lowering reads (SPEC: the GPU targets' set) */
export const MOE_GPU_FORMATS: readonly WeightFormatName[] = ['f32', 'f16', 'q8_0', 'q4_0', 'w4g64', 'w4g128'];

export function moeShape(params: Params): MoeShape {
  const weight = String(params.weight ?? 'f32') as WeightFormatName;
  if (!MOE_GPU_FORMATS.includes(weight)) {
    throw new InputError(`moe: weight format '${weight}' has no GPU lowering (GPU formats: ${MOE_GPU_FORMATS.join(', ')})`);
  }
  return {
    H: Number(params.H), I: Number(params.I), E: Number(params.E), topk: Number(params.topk), weight,
    routing: params.routing === 'given' ? 'given' : 'router', normTopk: params.normTopk === true,
  };
}

export interface MoeSimtConfig {
  readonly variant: 'gather' | 'tiled';
  /** 'tensor_core': the expert GEMMs by mma.sync (variant 'tiled'); 'none' with 'gather' */
  readonly mma: 'none' | 'tensor_core';
  /** tiled: tokens, output columns and reduction elements of a workgroup's tile */
  readonly tile_m: number;
  readonly tile_n: number;
  readonly tile_k: number;
  /** expert rows per workgroup (gate_up: rows of gate and of up; down: rows of w_down) */
  readonly rows: number;
  /** tokens of one expert sharing each loaded weight chunk */
  readonly m_tile: number;
  /** chunks per thread issued back to back */
  readonly k_unroll: number;
  /** threads per workgroup splitting the reduction (each expert kernel narrows it to the chunks a row has) */
  readonly workgroup_size: number;
  /** weight bytes per lane load */
  readonly vector_width: number;
  readonly subgroup_reduce: boolean;
  /** CUDA: programmatic dependent launch of the gather chain (each launch overlaps the previous kernel) */
  readonly dependent_launch: boolean;
  /** 'gather', quantized weights: 'int8' quantizes each activation block in registers and multiplies codes by dot4_i8 (gemv's int8 path) */
  readonly dot_path: 'float' | 'int8';
  /** CUDA, router routing: one workgroup routes every token and groups the pairs (one dispatch, not two) */
  readonly fuse_route_group: boolean;
  /** 'gather': the down projection runs per token over its slots and writes y (no partial buffer, no combine dispatch) */
  readonly fuse_down_combine: boolean;
  /** 'gather': one expert workgroup column per routed (token, slot) pair, its expert read from the ids: no group dispatch */
  readonly pair_grid: boolean;
  /** CUDA, router routing, dependent launch: the logits kernel issues all its router loads before it waits for the previous grid */
  readonly router_prefetch: boolean;
  /** CUDA, router routing, pair_grid: each gate_up warp routes its token by shuffles (no route dispatch) */
  readonly route_in_gate_up: boolean;
}

/** the chunk widths that tile both the gate/up rows (H) and the down rows (I) */
export function moeChunkDomain(shape: MoeShape): number[] {
  const format = FORMATS[shape.weight];
  const i = chunkBytesDomain(format, shape.I);
  return chunkBytesDomain(format, shape.H).filter((b) => i.includes(b));
}

/**
 * Threads of an expert kernel whose rows have `chunks` chunks: the workgroup size, narrowed to the
 * smallest power of two covering the chunks (no idle lanes on short rows), never below the subgroup.
 */
export function threadsFor(cfg: Pick<MoeSimtConfig, 'workgroup_size'>, chunks: number, caps: SimtCaps): number {
  let t = cfg.workgroup_size;
  const floor = Math.max(caps.subgroupSize ?? 1, 1);
  while (t / 2 >= chunks && t / 2 >= floor && t > 32) t /= 2;
  return t;
}

/** the accumulators a thread of each expert kernel holds: gate_up 2·rows·m_tile, down rows·m_tile */
const gateUpValues = (c: MoeSimtConfig): number => 2 * c.rows * c.m_tile;

/** the gather knobs a tiled config leaves at their defaults, and the tile knobs a gather config does */
const GATHER_ONLY = ['rows', 'm_tile', 'k_unroll', 'vector_width', 'dot_path', 'fuse_down_combine', 'pair_grid'] as const;
const TILED_ONLY = ['tile_m', 'tile_n', 'tile_k'] as const;
/** the tile knobs' values in a gather config (and the tiled default) */
const TILE_DEFAULTS = { tile_m: 64, tile_n: 64, tile_k: 64 } as const;

function rules(target: GpuTarget, shape: MoeShape, caps: SimtCaps, gather: MoeSimtConfig): ((c: MoeSimtConfig) => string | null)[] {
  const format = FORMATS[shape.weight];
  const elems = (c: MoeSimtConfig) => (format.kind === 'dense' ? c.vector_width / format.elemBytes : (c.vector_width * 8) / format.bits);
  return [
    (c) => {
      if (c.variant === 'tiled') {
        if (c.mma !== 'tensor_core') return `variant 'tiled' computes its expert GEMMs with mma 'tensor_core', not '${c.mma}'`;
        const problem = tiledShapeProblem(shape) ?? tileConfigProblem(c);
        if (problem) return problem;
        const unused = GATHER_ONLY.find((k) => c[k] !== gather[k]);
        if (unused) return `variant 'tiled' does not use ${unused}: leave it at ${gather[unused]}`;
        if (c.router_prefetch) return "variant 'tiled' launches without dependent_launch, so without router_prefetch";
        return c.dependent_launch ? "variant 'tiled' launches without dependent_launch (its waiting workgroups would hold SM slots the wave needs)" : null;
      }
      if (c.mma !== 'none') return `mma '${c.mma}' goes with variant 'tiled'`;
      const unused = TILED_ONLY.find((k) => c[k] !== TILE_DEFAULTS[k]);
      // (dependent_launch is read by 'gather' only; a tiled config leaves it false)
      return unused ? `variant 'gather' does not use ${unused}: leave it at ${TILE_DEFAULTS[unused]}` : null;
    },
    (c) => {
      if (!c.pair_grid || c.variant !== 'gather') return null;
      if (c.m_tile !== 1) return `pair_grid runs one token a workgroup: m_tile 1, not ${c.m_tile}`;
      if (!c.fuse_down_combine) return 'pair_grid needs fuse_down_combine (the separate down and combine read the grouped positions)';
      return c.fuse_route_group ? 'pair_grid has no group dispatch to fuse the route with (fuse_route_group off)' : null;
    },
    (c) => (c.route_in_gate_up && !(c.pair_grid && c.variant === 'gather') ? 'route_in_gate_up routes in the pair grid\'s gate_up: it needs pair_grid' : null),
    (c) => (c.router_prefetch && !c.dependent_launch ? 'router_prefetch moves loads above the dependent launch wait: it needs dependent_launch' : null),
    (c) => (c.workgroup_size > caps.maxWorkgroup ? `workgroup_size ${c.workgroup_size} is over ${caps.maxWorkgroup} on ${target}` : null),
    (c) => (c.subgroup_reduce && caps.subgroupSize !== null && c.workgroup_size % caps.subgroupSize !== 0
      ? `subgroup_reduce needs whole subgroups of ${caps.subgroupSize}, not ${c.workgroup_size} threads` : null),
    (c) => {
      const work = c.k_unroll * gateUpValues(c) * elems(c);
      return work > caps.maxUnrolledWork ? `k_unroll x 2 rows x m_tile x elements per chunk = ${work} unrolled multiply-adds, over ${caps.maxUnrolledWork} on ${target}` : null;
    },
    (c) => {
      const slots = c.subgroup_reduce && caps.subgroupSize ? c.workgroup_size / caps.subgroupSize : c.workgroup_size;
      const bytes = 4 * gateUpValues(c) * slots;
      return bytes > caps.sharedBytes ? `the gate_up reduction needs ${bytes} bytes of workgroup memory, over ${caps.sharedBytes}` : null;
    },
  ];
}

export function moeGpuKnobSpace(target: GpuTarget, params: Params): KnobSpace {
  const caps = SIMT_CAPS[target];
  const shape = moeShape(params);
  const cuda = target === 'cuda';
  const knobs: KnobDomain[] = [
    {
      name: 'variant', values: cuda ? ['gather', 'tiled'] : ['gather'],
      doc: "'gather': per active expert and row block one pass over the rows for all the expert's tokens" +
        (cuda ? "; 'tiled': expert GEMMs over tiles of each expert's tokens on tensor cores (tiled-mma.ts)" : ''),
    },
    {
      name: 'mma', values: cuda ? ['none', 'tensor_core'] : ['none'],
      doc: cuda ? "'tensor_core': mma.sync m16n8k16 (variant 'tiled'); 'none': SIMT multiply-adds" : `'none': SIMT multiply-adds (the IR's mma is CUDA's mma.sync; the ${target} dialect refuses it)`,
    },
    { name: 'tile_m', values: cuda ? [...TILE_M_VALUES] : [TILE_DEFAULTS.tile_m], doc: "tiled: tokens of one expert per workgroup tile" },
    { name: 'tile_n', values: cuda ? [...TILE_N_VALUES] : [TILE_DEFAULTS.tile_n], doc: 'tiled: output columns per workgroup tile' },
    { name: 'tile_k', values: cuda ? [...TILE_K_VALUES] : [TILE_DEFAULTS.tile_k], doc: 'tiled: reduction elements per staged k tile' },
    { name: 'rows', values: [1, 2, 4, 8], doc: 'expert rows per workgroup (gate_up: of gate and of up each)' },
    { name: 'm_tile', values: [1, 2, 4, 8], doc: "tokens of one expert sharing each loaded weight chunk" },
    { name: 'k_unroll', values: [1, 2, 4], doc: 'chunks per thread with loads issued before arithmetic' },
    { name: 'workgroup_size', values: [32, 64, 128, 256].filter((w) => w <= caps.maxWorkgroup), doc: 'threads per workgroup splitting each row' },
    { name: 'vector_width', values: moeChunkDomain(shape), doc: 'weight bytes per lane load' },
    { name: 'subgroup_reduce', values: caps.subgroupOps ? [false, true] : [false], doc: 'subgroup reduction before workgroup memory' },
    {
      name: 'dependent_launch', values: caps.dependentLaunch ? [false, true] : [false],
      doc: "programmatic dependent launch ('gather'): every kernel lets the next launch start and waits for the previous grid first",
    },
    {
      name: 'dot_path', values: int8Capable(FORMATS[shape.weight]) ? ['float', 'int8'] : ['float'],
      doc: "'gather': 'float' dequantizes codes to f32 and fmas; 'int8' quantizes each activation block in registers (gemv's int8 path) and multiplies the codes by dot4_i8",
    },
    {
      // CUDA only: __syncthreads orders global memory within the block, so the group reads the ids the same
      // workgroup routed; the other dialects' barriers fence workgroup memory alone
      name: 'fuse_route_group', values: cuda && shape.routing === 'router' ? [false, true] : [false],
      doc: 'one workgroup routes every token (top-k, weights) and groups the pairs: one dispatch instead of two (pays at few tokens)',
    },
    {
      name: 'fuse_down_combine', values: [false, true],
      doc: "'gather': the down projection runs per token, its slots split over the workgroup's warps, and writes y: no partial buffer, no combine dispatch",
    },
    {
      name: 'pair_grid', values: [false, true],
      doc: "'gather': the expert kernels run per routed (token, slot) pair, the expert read from the ids: no group dispatch (an expert shared by k tokens is read k times)",
    },
    {
      name: 'router_prefetch', values: caps.dependentLaunch && shape.routing === 'router' ? [false, true] : [false],
      doc: 'dependent launch: the logits kernel issues all its router loads (constant weights) before it waits for the previous grid',
    },
    {
      name: 'route_in_gate_up', values: cuda && caps.subgroupSize === 32 && shape.routing === 'router' ? [false, true] : [false],
      doc: "pair_grid: every gate_up warp finds its pair's expert by top-k arg-max rounds over shuffles; the first row block stores the id and weight: no route dispatch",
    },
  ];
  const T = Number(params.T);
  const preferred = preferredDefaults(target, shape, caps);
  // the gather defaults at this T: the rules hold a tiled config's unread knobs to these
  const gather: MoeSimtConfig = { ...preferred, fuse_down_combine: preferred.fuse_down_combine && T <= FUSED_COMBINE_MAX_TOKENS, ...pairGridDefaults(target, shape, caps, T) };
  const list = rules(target, shape, caps, gather);
  const check = (c: KnobConfig): string | undefined => {
    for (const rule of list) {
      const problem = rule(c as unknown as MoeSimtConfig);
      if (problem) return problem;
    }
    return undefined;
  };
  // the fused route loops over the tokens in one workgroup: at prefill sizes the routing wants a grid
  const tiled: MoeSimtConfig = { ...gather, variant: 'tiled', mma: 'tensor_core', dependent_launch: false, fuse_route_group: false, router_prefetch: false, route_in_gate_up: false };
  const defaults = cuda && T > TILED_MIN_TOKENS && !check(tiled as unknown as KnobConfig) ? tiled : gather;
  const problem = check(defaults as unknown as KnobConfig);
  if (problem) throw new Error(`moe/${target}: the default ${JSON.stringify(defaults)} breaks a rule: ${problem}`);
  return { knobs, check, defaults: defaults as unknown as KnobConfig };
}

function preferredDefaults(target: GpuTarget, shape: MoeShape, caps: SimtCaps): MoeSimtConfig {
  const widths = moeChunkDomain(shape);
  // the widest load that is at most 16 bytes (a whole q8_0 block of 32 where the format has it)
  const vector_width = widths.filter((w) => w <= 16).pop() ?? widths[0]!;
  const cuda = target === 'cuda';
  if (cuda && FORMATS[shape.weight].kind !== 'dense') {
    // quantized rows are short (a 2048-element q4_0 row is 64 chunks of one block: one chunk per lane, so
    // k_unroll has nothing to unroll) and each chunk carries 32 f32 activations per token: with 2 rows and
    // 2 tokens a thread held ~130-160 registers for a few hundred weight bytes, so few small workgroups
    // fit an SM and the grid ran in several latency-bound waves (each behind the expert lookups). 8 rows
    // share each activation load and give every lane 8 (down) / 16 (gate_up) weight blocks in flight; one
    // token per pass keeps the registers near 128 so the decode grid fits one wave (tokens of the same
    // expert re-read its rows from L2)
    // dot_path 'int8': gemv's dp4a arithmetic (the float path spent ~4 instructions per code and row)
    return {
      variant: 'gather', mma: 'none', ...TILE_DEFAULTS, rows: 8, m_tile: 1, k_unroll: 1, workgroup_size: Math.min(128, caps.maxWorkgroup), vector_width,
      subgroup_reduce: caps.subgroupOps && caps.subgroupSize !== null, dependent_launch: caps.dependentLaunch,
      dot_path: int8Capable(FORMATS[shape.weight]) ? 'int8' : 'float', ...fusedDefaults(cuda),
    };
  }
  return {
    variant: 'gather',
    mma: 'none',
    ...TILE_DEFAULTS,
    rows: 2,
    m_tile: 2,
    k_unroll: cuda ? 2 : 1,
    workgroup_size: Math.min(cuda ? 128 : 64, caps.maxWorkgroup),
    vector_width,
    subgroup_reduce: caps.subgroupOps && caps.subgroupSize !== null,
    dependent_launch: caps.dependentLaunch,
    dot_path: 'float',
    ...fusedDefaults(cuda),
  };
}

/**
 * CUDA decode: down fused with the combine (grouped kernels: 5 dispatches at T 1, not 6) up to FUSED_COMBINE_MAX_TOKENS
 * (the token-major down re-reads an expert shared by tokens). H200, 2026-12-02, same run (route and group
 * fused in both), against the separate down + combine: T 1 f16 42.6 vs 46.6 us, T 8 f16 180.6 vs 203.3 us,
 * int8 q4_0 28.1 vs 29.0 and 94.3 vs 93.0. fuse_route_group stays off: its one workgroup of 1024 threads
 * cost 6.4 to 8.7 us more than the two dispatches it replaces (T 1 q4_0 28.1 vs 21.3 us, f16 42.6 vs 36.0;
 * ncu: 13.1 us alone against 3.7 + 3.9). docs/results/2026-12-02-h200-moe-s14.
 */
function fusedDefaults(cuda: boolean): Pick<MoeSimtConfig, 'fuse_route_group' | 'fuse_down_combine' | 'pair_grid' | 'router_prefetch' | 'route_in_gate_up'> {
  return { fuse_route_group: false, fuse_down_combine: cuda, pair_grid: false, router_prefetch: false, route_in_gate_up: false };
}

/**
 * CUDA decode over the routed pairs (no group dispatch, one token a pass) with the router's loads above the
 * dependent-launch wait: at T 1 every format, and quantized weights up to FUSED_COMBINE_MAX_TOKENS. H100,
 * 2026-12-07, same run, whole layer: T 1 f16 36.7 vs 41.5 us, q4_0 19.0 vs 22.8, w4g128 18.6 vs 22.7; T 8
 * q4_0 77.7 vs 88.6, w4g128 72.8 vs 82.0; f16 at T 8 slower over the pairs (213.4 vs 203.5: the grouped
 * kernels read an expert shared by tokens once). route_in_gate_up measured within 2% of this (off). A second
 * run, the pair grid's geometry: 256 threads a workgroup T 1 q4_0 18.23 vs 19.12 us at 128, w4g128 17.87 vs
 * 18.65, f16 35.07 vs 36.20, T 8 even; rows 4, 64 threads, k_unroll 2 slower or even.
 * docs/results/2026-12-07-h100-gdr-moe-decode.
 */
function pairGridDefaults(target: GpuTarget, shape: MoeShape, caps: SimtCaps, T: number): Partial<MoeSimtConfig> {
  const quantized = FORMATS[shape.weight].kind !== 'dense';
  if (target !== 'cuda' || !(T === 1 || (quantized && T <= FUSED_COMBINE_MAX_TOKENS))) return {};
  return { pair_grid: true, m_tile: 1, router_prefetch: caps.dependentLaunch && shape.routing === 'router', workgroup_size: Math.min(256, caps.maxWorkgroup) };
}

/** `config` with the knobs the pair-grid decode default sets put back to the grouped kernels' defaults (a bench's baseline beside it) */
export function moeGroupedDecode(target: GpuTarget, params: Params, config: KnobConfig): KnobConfig {
  const caps = SIMT_CAPS[target];
  const shape = moeShape(params);
  const grouped = preferredDefaults(target, shape, caps) as unknown as KnobConfig;
  const set = Object.keys(pairGridDefaults(target, shape, caps, 1));
  return { ...config, ...Object.fromEntries(set.map((k) => [k, grouped[k]!])) };
}

export function resolveMoeConfig(target: GpuTarget, params: Params, config: Readonly<Record<string, ParamValue>> = {}): MoeSimtConfig {
  return resolveKnobs(moeGpuKnobSpace(target, params), config, `moe/${target}`) as unknown as MoeSimtConfig;
}
