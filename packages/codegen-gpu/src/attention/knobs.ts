/**
 * The knobs of the SIMT attention, their domains and rules per target and shape, and each target's
 * defaults for decode (Sq = 1) and prefill. The source depends on the config and the compiled params,
 * never on B, Sq or Skv; the defaults may (kv_splits fills the machine for the params' batch and cache).
 */
import { resolveKnobs } from '@kforge/ir';
import type { KnobConfig, KnobDomain, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { SIMT_CAPS, type GpuTarget, type SimtCaps } from '../gemv/knobs.ts';
import { attentionLayout, attentionShape, scoreReduceBytes, stagedKvProblem, type AttentionShape, type AttentionSimtConfig } from './lower-simt.ts';

/** elements per lane load for each storage: up to 16 bytes (f32 x4, f16 x8, q8_0 codes x16) and one step wider */
const WIDTHS: Readonly<Record<AttentionShape['kv'], readonly number[]>> = {
  f32: [1, 2, 4, 8],
  f16: [1, 2, 4, 8, 16],
  q8_0: [4, 8, 16, 32],
};

/** the widths whose chunks tile D and Dv (q8_0: every width divides its 32-blocks) */
function widthDomain(shape: AttentionShape): number[] {
  return WIDTHS[shape.kv].filter((w) => shape.D % w === 0 && shape.Dv % w === 0);
}

/** keys per key group per tile: loads in flight against registers and unrolled code */
const MAX_KEYS_PER_GROUP = 8;

interface Rule {
  readonly doc: string;
  readonly check: (c: AttentionSimtConfig) => string | null;
}

/** estimated live registers per thread a target's compiler holds without spilling */
const REGISTER_BUDGET: Partial<Record<GpuTarget, number>> = { cuda: 264 };

/** CUDA: workgroup memory of the cp.async tile ring plus the merge arrays (sized at launch; sm_90 opts in up to 227 KB) */
const STAGED_SHARED_LIMIT = 200 * 1024;

function rules(target: GpuTarget, shape: AttentionShape, caps: SimtCaps): Rule[] {
  return [
    {
      doc: 'block_kv is whole keys per key group (workgroup_size / lanes per key groups), at most 8 each',
      check: (c) => {
        const { NG } = attentionLayout(shape, c, caps);
        if (c.block_kv % NG !== 0) return `block_kv ${c.block_kv} is not a multiple of the ${NG} key groups (workgroup_size ${c.workgroup_size} / lanes per key)`;
        if (c.block_kv / NG > MAX_KEYS_PER_GROUP) return `block_kv ${c.block_kv} gives ${c.block_kv / NG} keys per key group, over ${MAX_KEYS_PER_GROUP}`;
        return null;
      },
    },
    {
      // each tile is unrolled over rows, keys and elements: past the cap registers spill on GPUs and
      // CPU-side compilers (PoCL, lavapipe) take long
      doc: 'unrolled multiply-adds per tile (rows x (keys + 1) x elements per lane) stay within the target cap',
      check: (c) => {
        const { U, Ck, Cv } = attentionLayout(shape, c, caps);
        const work = c.block_q * (U + 1) * (Ck + Cv) * c.vector_width;
        return work > caps.maxUnrolledWork ? `block_q * (keys per group + 1) * elements per lane = ${work} unrolled operations, over ${caps.maxUnrolledWork}` : null;
      },
    },
    {
      // q and the output slice per row, the loaded K/V words (two tiles), scores and weights: a rough count of live
      // 32-bit registers per thread; past it ptxas spills (sm_90: 255 at most)
      doc: 'CUDA: the registers a thread holds (q and output slices per row, loaded words, scores) stay within the budget',
      check: (c) => {
        const budget = REGISTER_BUDGET[target];
        if (budget === undefined) return null;
        const { U, Ck, Cv } = attentionLayout(shape, c, caps);
        // raw K/V words of the current and the prefetched tile, the values widened from one key
        const raw = shape.kv === 'f32' ? c.vector_width : shape.kv === 'f16' ? c.vector_width / 2 : c.vector_width / 4 + 3;
        // staged: the tile in flight is in workgroup memory, only the current keys' words in registers
        const tiles = c.kv_stages > 1 ? 1 : 2;
        const regs = c.block_q * (Ck + Cv) * c.vector_width + tiles * U * (Ck + Cv) * raw + (Ck + Cv) * c.vector_width + 2 * c.block_q * U + 24;
        return regs > budget ? `about ${regs} registers per thread (block_q x elements per lane for q and o, loaded keys), over ${budget}` : null;
      },
    },
    {
      doc: 'the score reduction and the key-group merge fit the workgroup memory',
      check: (c) => {
        const lay = attentionLayout(shape, c, caps);
        // the merge passes take as many rows as fit: one row must
        const need = (lay.sharedReduce ? scoreReduceBytes(c.block_q * lay.U, c.workgroup_size, lay.NG) : 0) + (lay.NG > 1 ? 8 * c.block_q * lay.NG + 4 * lay.NG * shape.Dv : 0);
        return need > caps.sharedBytes ? `needs ${need} bytes of workgroup memory, over ${caps.sharedBytes}` : null;
      },
    },
    {
      doc: 'kv_stages > 1: the tile ring (kv_stages x block_kv keys of K and V) and the merge arrays fit the workgroup memory sized at launch',
      check: (c) => {
        if (c.kv_stages <= 1) return null;
        const lay = attentionLayout(shape, c, caps);
        const need = lay.stageBytes + lay.sharedBytes;
        return need > STAGED_SHARED_LIMIT ? `kv_stages ${c.kv_stages} x block_kv ${c.block_kv} need ${need} bytes of workgroup memory, over ${STAGED_SHARED_LIMIT}` : null;
      },
    },
    {
      doc: 'the subgroup path needs whole subgroups',
      check: (c) => (c.subgroup_reduce && caps.subgroupSize !== null && c.workgroup_size % caps.subgroupSize !== 0
        ? `workgroup_size ${c.workgroup_size} is not a multiple of the subgroup size ${caps.subgroupSize}` : null),
    },
  ];
}

export function attentionGpuKnobSpace(target: GpuTarget, params: Params): KnobSpace {
  const caps = SIMT_CAPS[target];
  const shape = attentionShape(params);
  const subgroups = caps.subgroupOps && caps.subgroupSize !== null;
  const knobs: KnobDomain[] = [
    { name: 'block_q', values: [1, 2, 4, 8, 16], doc: 'query rows (position x head of the kv group) per workgroup; every K/V element loaded is used by all of them' },
    { name: 'block_kv', values: [1, 2, 4, 8, 16, 32, 64, 128], doc: 'keys per tile of the workgroup (key groups x keys per group), loads issued before the arithmetic' },
    { name: 'kv_splits', values: [1, 2, 4, 8, 16, 32, 64], doc: 'flash-decoding: key ranges per row tile computed by separate workgroups, merged by a second dispatch' },
    { name: 'workgroup_size', values: [32, 64, 128, 256].filter((w) => w <= caps.maxWorkgroup), doc: 'threads per workgroup (key groups of lanes)' },
    { name: 'vector_width', values: widthDomain(shape), doc: 'K/V elements one lane loads per chunk' },
    { name: 'subgroup_reduce', values: subgroups ? [false, true] : [false], doc: 'q·k summed over a key group by subgroup butterflies (else workgroup memory and barriers)' },
    { name: 'dot_path', values: ['float'], doc: "'float': f32/f16/q8_0 values (q8_0 codes times the block scale) in f32 arithmetic" },
    { name: 'mma', values: ['none'], doc: "'none': SIMT multiply-adds (matrix units come with the mma IR operation)" },
    {
      name: 'kv_stages', values: target === 'cuda' && !stagedKvProblem(shape) ? [1, 2, 3, 4] : [1],
      doc: 'K/V tiles in flight: 1 = the next tile in registers; 2-4 = a ring in workgroup memory filled by cp.async (CUDA, f16/f32 KV)',
    },
    {
      name: 'lazy_rescale', values: [false, true],
      doc: 'online softmax: the running max moves only when a score passes it by 2^8, so l and the output are rescaled in a rare branch',
    },
    {
      name: 'dependent_launch', values: caps.dependentLaunch ? [false, true] : [false],
      doc: 'programmatic dependent launch: each dispatch may start while the previous grid finishes, and waits for it before its first read',
    },
  ];
  const list = rules(target, shape, caps);
  const check = (c: KnobConfig): string | undefined => {
    for (const rule of list) {
      const problem = rule.check(c as unknown as AttentionSimtConfig);
      if (problem) return problem;
    }
    return undefined;
  };
  let defaults = preferredDefaults(target, params, shape, caps);
  // fit the preference to the rules: down to 2 keys per group, then narrower loads while that shrinks a
  // lane's slices (more lanes per key), then 1 key, then fewer rows (decode keeps the kv group in one
  // workgroup longest)
  const widths = widthDomain(shape);
  const perLane = (c: AttentionSimtConfig): number => {
    const { Ck, Cv } = attentionLayout(shape, c, caps);
    return (Ck + Cv) * c.vector_width;
  };
  for (let guard = 0; guard < 64 && check(defaults as unknown as KnobConfig); guard++) {
    const { NG, U } = attentionLayout(shape, defaults, caps);
    const narrower = defaults.vector_width > widths[0]! ? { ...defaults, vector_width: widths[widths.indexOf(defaults.vector_width) - 1]! } : null;
    // a narrower load keeps the keys per group (loads in flight)
    const keepKeys = (c: AttentionSimtConfig): AttentionSimtConfig => ({ ...c, block_kv: attentionLayout(shape, c, caps).NG * U });
    if (U > 2) defaults = { ...defaults, block_kv: NG * (U / 2) };
    else if (narrower && perLane(narrower) < perLane(defaults)) defaults = keepKeys(narrower);
    else if (U > 1) defaults = { ...defaults, block_kv: NG * (U / 2) };
    else if (defaults.block_q > 1) defaults = { ...defaults, block_q: defaults.block_q / 2 };
    else if (narrower) defaults = keepKeys(narrower);
    else break;
  }
  return { knobs, check, defaults: defaults as unknown as KnobConfig };
}

const pow2Floor = (n: number): number => 2 ** Math.floor(Math.log2(Math.max(1, n)));

/**
 * Decode kv splits for about `workgroups` workgroups over `tiles` (batch x kv head x row tile) and at least
 * `minKeys` keys a split, a power of two up to 64 (at least `minSplits`): the defaults' rule, and the bench's variants'
 */
export function decodeSplits(Skv: number, tiles: number, workgroups: number, minKeys: number, minSplits = 1): number {
  return Math.max(1, Math.min(64, pow2Floor(Skv / minKeys), Math.max(minSplits, pow2Floor(workgroups / tiles))));
}
const pow2Ceil = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

function preferredDefaults(target: GpuTarget, params: Params, shape: AttentionShape, caps: SimtCaps): AttentionSimtConfig {
  const Sq = Number(params.Sq);
  const Skv = Number(params.Skv);
  const B = Number(params.B ?? 1);
  const widths = widthDomain(shape);
  const upTo = (bytes: number): number => widths.filter((w) => w * (shape.kv === 'f32' ? 4 : shape.kv === 'f16' ? 2 : 1) <= bytes).pop() ?? widths[0]!;
  const subgroup_reduce = caps.subgroupOps && caps.subgroupSize !== null;
  const decode = Sq === 1;
  const cuda = target === 'cuda';
  // OpenCL / Vulkan decode: shaped for a GPU (their emulators run it too); the other cases and targets keep the
  // CPU-fitted 64 threads
  const clvkDecode = decode && (target === 'opencl' || target === 'vulkan');
  const workgroup_size = Math.min(cuda || clvkDecode ? 128 : 64, caps.maxWorkgroup);
  // cuda decode with f16/f32 KV: the cp.async ring (3 tiles, 2 in flight), 16 bytes per lane and at most 4 rows,
  // so that q and the output slice take half the registers (about 120 a thread: 4 workgroups an SM), the running
  // max moved lazily and both dispatches launched dependent. H200, f16 GQA 32/8 D 128 (2026-12-02, run 2 of
  // docs/results/2026-12-02-h200-attention-decode-s14): B 8 S 4096 38.9 us vs 41.8 us for the register pipeline
  // of 32 bytes per lane; B 32 S 2048 71.0 vs 80.5; B 1 11.5 vs 12.7; 32/4 at B 1 with 4 rows 11.2 vs 14.3 with 8.
  // (2 rows or fewer hold few registers anyway: Qwen3-0.6B's 16/8 at B 1 ran 11.1 us in the register pipeline, 13.0 staged)
  const staged = cuda && decode && !stagedKvProblem(shape) && shape.G > 2;
  // cuda decode otherwise (q8_0): 32 bytes per lane (8 lanes per f16 row of 128): fewer lanes per key replicate
  // less of the softmax and the reduction (H200, f16 GQA 32/8 D 128: B 8 S 4096 3.22 vs 2.38 TB/s with 16 bytes)
  const vector_width = staged ? upTo(16) : cuda && decode && shape.kv !== 'q8_0' ? upTo(32) : decode || !cuda ? upTo(16) : upTo(8);
  const block_q = decode ? Math.min(pow2Ceil(shape.G), staged ? 4 : 8) : cuda ? 8 : 4;
  const base: AttentionSimtConfig = {
    block_q, block_kv: 1, kv_splits: 1, workgroup_size, vector_width, subgroup_reduce, dot_path: 'float', mma: 'none',
    kv_stages: staged ? 3 : 1, dependent_launch: cuda && decode && caps.dependentLaunch, lazy_rescale: cuda && decode,
  };
  const { NG } = attentionLayout(shape, base, caps);
  // OpenCL / Vulkan decode: 4 keys a group in flight (f16 D 128: 8 key groups of 16 lanes), cut to 2 where the unrolled-work
  // cap of the CPU compilers binds (8 rows); cuda's ring and register budget take 2
  const keysPerGroup = clvkDecode ? 4 : cuda ? 2 : decode ? 2 : 1;
  let kv_splits = 1;
  if (decode) {
    const tiles = B * shape.Hkv * Math.ceil((Sq * shape.G) / block_q);
    // cuda: about as many workgroups as fit the SMs of a 132-SM part at once (staged: 4 an SM, else 2) and at
    // least two splits, each at least 128 keys (H200 f16 GQA 32/8, staged: B 8 S 4096 8 splits 38.9 us vs 4
    // 61.6 and 16 43.3; B 32 S 2048 2 splits 71.0 vs 4 73.2; register pipeline: B 8 4 splits 76% of copy vs 8
    // 67%); OpenCL / Vulkan decode: about 264 workgroups of 128 threads, at least 64 keys a split (measured beside
    // cuda on one GPU: docs/results/2026-12-07-h100-attention-opencl-vulkan); the CPU-run APIs: a few splits (the
    // combine path stays exercised)
    kv_splits = cuda
      ? decodeSplits(Skv, tiles, staged ? 528 : 264, 128, 2)
      : clvkDecode ? decodeSplits(Skv, tiles, 264, 64) : Math.min(8, pow2Floor(Skv / 64));
  }
  return { ...base, block_kv: NG * keysPerGroup, kv_splits: Math.max(1, kv_splits) };
}

/** Defaults overlaid by a user config, checked against the domains and rules; InputError names the bad knob. */
export function resolveAttentionConfig(target: GpuTarget, params: Params, config: Readonly<Record<string, ParamValue>> = {}): AttentionSimtConfig {
  return resolveKnobs(attentionGpuKnobSpace(target, params), config, `attention/${target}`) as unknown as AttentionSimtConfig;
}
