/**
 * The knobs of the SIMT gemv, their domains and constraints per target and shape, and each target's
 * default. A config is plain data (`--config`, the tuner, the database); `resolveGemvConfig` checks it.
 */
import { FORMATS, resolveKnobs } from '@kforge/ir';
import type { KnobConfig, KnobSpace, ParamValue, Params, WeightFormatName } from '@kforge/ir';
import { X_BLOCK, chunkBytesDomain, int8Capable, quantizedXBytes } from './weight-chunks.ts';

export type GpuTarget = 'cuda' | 'opencl' | 'vulkan' | 'wgsl' | 'metal';

export interface GemvSimtConfig {
  /** output rows one workgroup computes; all its threads share the x loads of those rows */
  readonly rows_per_block: number;
  /** threads per workgroup; they split K (one warp per row at 32, several warps above) */
  readonly workgroup_size: number;
  /** weight bytes one lane reads per step (16 = one 128-bit load; 32: a whole q8_0 block as 9 words) */
  readonly vector_width: number;
  /** K steps issued back to back before their arithmetic (loads in flight) */
  readonly k_unroll: number;
  /** workgroups splitting K; > 1 writes partial sums and adds a reduction dispatch */
  readonly split_k: number;
  /** reduce across a subgroup (warp shuffle / simd_sum / subgroupAdd) before shared memory */
  readonly subgroup_reduce: boolean;
  /** 'int8': x quantized to int8 per 32-block (where: `quantize_x`), then 4-way int8 dot products (dp4a on CUDA) */
  readonly dot_path: 'float' | 'int8';
  /**
   * int8 path: 'dispatch' quantizes x once by a first dispatch into scratch buffers; 'workgroup' has
   * every workgroup quantize all of x into its workgroup memory before the K loop (one dispatch);
   * 'registers' has each thread quantize the x blocks of its own chunks in registers, inside the K
   * loop after the weight loads are issued (one dispatch, no barrier, any K)
   */
  readonly quantize_x: 'dispatch' | 'workgroup' | 'registers';
  /**
   * CUDA programmatic dependent launch: each kernel signals the next launch at its start and waits for
   * the previous grid before its first read of x (or of the pre-pass's output) and before any store;
   * launched with the mode by the hosts (`Dispatch.dependentLaunch`), correct without it. The launch and
   * the workgroups' start overlap the previous kernel's tail, not the weight loads: ptxas schedules the
   * wait above read-only loads (docs/results/2026-11-30-h200-f16x2-codes)
   */
  readonly dependent_launch: boolean;
}

/** What a target offers the lowering. */
export interface SimtCaps {
  /** fixed subgroup width the code may rely on (CUDA warp, Metal simdgroup), null when unknown */
  readonly subgroupSize: number | null;
  /**
   * the subgroup_reduce knob may be true; on WGSL that renders with the optional `subgroups` feature,
   * which the artifact then lists (`features`) and an adapter without it reports as unavailable
   */
  readonly subgroupOps: boolean;
  /** 16-byte vector loads as one operation (false: consecutive word loads) */
  readonly vectorLoads: boolean;
  /** the same from workgroup memory (MSL's vector loads read device memory; GLSL and WGSL have none) */
  readonly sharedVectorLoads: boolean;
  /** largest workgroup size the target's executors accept */
  readonly maxWorkgroup: number;
  /** bytes of workgroup memory the kernel may use */
  readonly sharedBytes: number;
  /** unrolled multiply-adds per loop step: register pressure on GPUs, compile time on CPU drivers */
  readonly maxUnrolledWork: number;
  /** programmatic dependent launch (CUDA 12 on sm_90) */
  readonly dependentLaunch: boolean;
  /** int8 codes of f16 x by f16x2 fma and byte permutes (`f16x2_codes`, `byte_perm` calls), not per value in f32 */
  readonly f16x2Codes: boolean;
}

export const SIMT_CAPS: Readonly<Record<GpuTarget, SimtCaps>> = {
  cuda: { subgroupSize: 32, subgroupOps: true, vectorLoads: true, sharedVectorLoads: true, maxWorkgroup: 1024, sharedBytes: 48 * 1024, maxUnrolledWork: 2048, dependentLaunch: true, f16x2Codes: true },
  opencl: { subgroupSize: null, subgroupOps: false, vectorLoads: true, sharedVectorLoads: true, maxWorkgroup: 256, sharedBytes: 16 * 1024, maxUnrolledWork: 512, dependentLaunch: false, f16x2Codes: false },
  vulkan: { subgroupSize: null, subgroupOps: true, vectorLoads: false, sharedVectorLoads: false, maxWorkgroup: 256, sharedBytes: 16 * 1024, maxUnrolledWork: 512, dependentLaunch: false, f16x2Codes: false },
  wgsl: { subgroupSize: null, subgroupOps: true, vectorLoads: false, sharedVectorLoads: false, maxWorkgroup: 256, sharedBytes: 16 * 1024, maxUnrolledWork: 512, dependentLaunch: false, f16x2Codes: false },
  metal: { subgroupSize: 32, subgroupOps: true, vectorLoads: true, sharedVectorLoads: false, maxWorkgroup: 256, sharedBytes: 16 * 1024, maxUnrolledWork: 512, dependentLaunch: false, f16x2Codes: false },
};

export interface KnobDomain {
  readonly name: keyof GemvSimtConfig;
  readonly values: readonly ParamValue[];
  readonly doc: string;
}

/** A cross-knob rule: a message when the config breaks it, else null. */
interface Constraint {
  readonly doc: string;
  readonly check: (c: GemvSimtConfig) => string | null;
}

interface Shape {
  readonly M: number;
  readonly K: number;
  readonly weight: WeightFormatName;
}

function shapeOf(params: Params): Shape {
  return { M: Number(params.M ?? 1), K: Number(params.K), weight: String(params.weight ?? 'f32') as WeightFormatName };
}

/** accumulators per thread = rows_per_block * M; the shared-memory reduction holds one per thread */
function reductionBytes(c: GemvSimtConfig, M: number, caps: SimtCaps): number {
  const perThreadSlots = c.subgroup_reduce && caps.subgroupSize ? c.workgroup_size / caps.subgroupSize : c.workgroup_size;
  return 4 * c.rows_per_block * M * perThreadSlots;
}

export function gemvGpuKnobSpace(target: GpuTarget, params: Params): KnobSpace {
  const caps = SIMT_CAPS[target];
  const { M, K, weight } = shapeOf(params);
  const format = FORMATS[weight];
  const knobs: KnobDomain[] = [
    { name: 'rows_per_block', values: [1, 2, 4, 8], doc: 'output rows per workgroup (x loads shared by these rows)' },
    { name: 'workgroup_size', values: [32, 64, 128, 256, 512, 1024].filter((w) => w <= caps.maxWorkgroup), doc: 'threads per workgroup, splitting K' },
    { name: 'vector_width', values: chunkBytesDomain(format, K), doc: 'weight bytes per lane load (a whole 2-aligned block above 16)' },
    { name: 'k_unroll', values: [1, 2, 4], doc: 'K steps with loads issued before arithmetic' },
    { name: 'split_k', values: [1, 2, 4, 8], doc: 'workgroups splitting K (partials + reduction dispatch)' },
    { name: 'subgroup_reduce', values: caps.subgroupOps ? [false, true] : [false], doc: 'subgroup reduction before shared memory' },
    {
      name: 'dot_path', values: int8Capable(format) ? ['float', 'int8'] : ['float'],
      doc: "'float': dequantize and fma; 'int8': x quantized per 32-block, 4-way int8 dot products (dp4a on CUDA)",
    },
    {
      name: 'quantize_x', values: int8Capable(format) ? ['dispatch', 'workgroup', 'registers'] : ['dispatch'],
      doc: "int8 path: 'dispatch' quantizes x by a first dispatch into scratch; 'workgroup': every workgroup quantizes x into its workgroup memory; 'registers': each thread quantizes the x blocks of its chunks in registers (both one dispatch)",
    },
    {
      name: 'dependent_launch', values: caps.dependentLaunch ? [false, true] : [false],
      doc: 'programmatic dependent launch: the next launch signalled at the start, the previous grid awaited before x is read (the launches overlap)',
    },
  ];
  const constraints: Constraint[] = [
    {
      doc: 'the reduction fits the workgroup memory',
      check: (c) => {
        const bytes = reductionBytes(c, M, caps);
        return bytes > caps.sharedBytes ? `rows_per_block * M * slots needs ${bytes} bytes of workgroup memory, over ${caps.sharedBytes}` : null;
      },
    },
    {
      // each loop step is fully unrolled: past the cap, registers spill on GPUs and CPU-side shader
      // compilers (llvmpipe) take minutes; one 16-byte load for every x row always fits (the defaults).
      // quantize_x 'registers' adds a whole x block per chunk and token, counted twice (abs, max, scale,
      // round, pack per value)
      doc: 'unrolled multiply-adds (and x quantization in registers) per loop step stay within the target cap',
      check: (c) => {
        const elems = format.kind === 'dense' ? c.vector_width / format.elemBytes : (c.vector_width * 8) / format.bits;
        const quantize = c.dot_path === 'int8' && c.quantize_x === 'registers' ? 2 * X_BLOCK : 0;
        const work = c.k_unroll * M * (c.rows_per_block * elems + quantize);
        const cap = Math.max(caps.maxUnrolledWork, M * 32);
        return work > cap ? `k_unroll * M * (rows_per_block * elements per load + x quantization) = ${work} unrolled operations per step, over ${cap}` : null;
      },
    },
    {
      // with the float path the knob changes nothing: the tuner would time duplicates
      doc: "quantize_x other than 'dispatch' only on the int8 path",
      check: (c) => (c.quantize_x !== 'dispatch' && c.dot_path !== 'int8' ? `quantize_x '${c.quantize_x}' needs dot_path 'int8'` : null),
    },
    {
      doc: "quantize_x 'workgroup': the quantized x and the reduction fit the workgroup memory",
      check: (c) => {
        if (c.quantize_x !== 'workgroup') return null;
        const x = quantizedXBytes(M, K, weight);
        const bytes = x.xq + x.xs + reductionBytes(c, M, caps);
        return bytes > caps.sharedBytes ? `quantized x (M * K = ${M * K} codes and their scales) and the reduction need ${bytes} bytes of workgroup memory, over ${caps.sharedBytes}` : null;
      },
    },
    {
      doc: 'the subgroup path needs whole subgroups',
      check: (c) => (c.subgroup_reduce && caps.subgroupSize !== null && c.workgroup_size % caps.subgroupSize !== 0
        ? `workgroup_size ${c.workgroup_size} is not a multiple of the subgroup size ${caps.subgroupSize}` : null),
    },
  ];
  const check = (c: KnobConfig) => {
    for (const rule of constraints) {
      const problem = rule.check(c as unknown as GemvSimtConfig);
      if (problem) return problem;
    }
    return undefined;
  };
  // the per-target defaults are written for common shapes; at large M they may exceed the unrolled-work
  // cap: then fewer K steps in flight, then narrower loads, until they fit (the narrowest always fits)
  let defaults = preferredDefaults(target, params);
  const widths = chunkBytesDomain(format, K);
  while (check(defaults as unknown as KnobConfig)) {
    if (defaults.k_unroll > 1) defaults = { ...defaults, k_unroll: defaults.k_unroll / 2 };
    else if (defaults.vector_width > widths[0]!) defaults = { ...defaults, vector_width: widths[widths.indexOf(defaults.vector_width) - 1]! };
    else break;
  }
  return { knobs, check, defaults: defaults as unknown as KnobConfig };
}

/**
 * decode kernels of one to a few waves overlap the previous launch's tail (H200 bundle at 719492d, each
 * default vs itself launched without: q4_0 / w4g128 11008x4096 -0.41 / -0.75 us, 4096x4096 -0.18 / -0.69,
 * 3072x1024 -0.24 / -0.44, f16 4096x4096 -0.38; docs/results/2026-11-30-h200-f16x2-amax)
 */
const DECODE_OVERLAP = true;

/** the per-target preference; gemvGpuKnobSpace fits it to the constraints and is the one source of defaults */
function preferredDefaults(target: GpuTarget, params: Params): GemvSimtConfig {
  const caps = SIMT_CAPS[target];
  const { M, K, weight } = shapeOf(params);
  const format = FORMATS[weight];
  // the widest single load; whole 32-byte q8_0 blocks are left to the tuner (on the H200 at 4096x4096
  // they halve the chunks per row and ran 5% slower with these defaults; CPU shader compilers get
  // twice the unrolled code)
  const widest = chunkBytesDomain(format, K).filter((w) => w <= 16).pop()!;
  if (target === 'cuda') {
    const N = Number(params.N);
    // quantized weights take the dp4a path: on the H200 at M = 1 it ran 1.2-1.75x faster than 'float'
    // (q4_0 4096x4096 6.60 vs 7.81 us, 151936x1024 24.6 vs 42.9 us; w4g128 likewise), pre-pass included
    const dot_path = int8Capable(format) ? 'int8' : 'float';
    if (M <= 2 && K <= 1024 && N >= 16384) {
      // many short rows (vocabulary projections): 4 warps on a 2 KiB row leave each lane one load and a
      // block-wide reduction; one warp per block on 4 (dense) / 8 (quantized) rows keeps 8-16 loads in
      // flight per lane and reduces by shuffles alone
      // (H200, 2026-11-30, x quantized in registers with the fma rounding: w4g128 23.3 vs 28.4 us with the
      // pre-pass, q4_0 24.5 vs 25.3 us)
      const dense = format.kind === 'dense';
      return {
        rows_per_block: dense ? 4 : 8, workgroup_size: 32, vector_width: widest, k_unroll: dense ? 4 : 1,
        split_k: 1, subgroup_reduce: true, dot_path, quantize_x: dot_path === 'int8' ? 'registers' : 'dispatch',
        // many waves: the next grid's early blocks would take slots this one still needs (+0.8-1.9 us here)
        dependent_launch: false,
      };
    }
    if (M === 1 && dot_path === 'int8') {
      // decode, quantized: 8 rows per block of 4 warps, x quantized in registers after each step's
      // weight loads (no pre-pass dispatch; its cost shared by 8 rows). H200, 2026-11-30, vs the
      // pre-pass with 2 rows and 2 steps: q4_0 4096x4096 5.82 vs 6.60 us, 11008x4096 10.32 vs 10.73,
      // 3072x1024 3.04 vs 3.94; w4g128 4.83 vs 5.88, 9.23 vs 10.26, 2.75 vs 4.28
      return {
        rows_per_block: 8, workgroup_size: 128, vector_width: widest, k_unroll: 1, split_k: 1, subgroup_reduce: true,
        dot_path, quantize_x: 'registers', dependent_launch: DECODE_OVERLAP,
      };
    }
    if (M === 1 && format.kind === 'dense' && format.elemBytes === 2 && K >= 2048) {
      // decode, 2-byte weights, long rows: one row per block, 8-byte loads, 4 steps in flight (H200,
      // 2026-11-30: f16 4096x4096 9.29 vs 10.31 us = 86.5% of the copy bandwidth, 11008x4096 21.86 vs
      // 22.75 us; with K = 1024 it lost, so shorter rows keep the general choice below)
      return {
        rows_per_block: 1, workgroup_size: 128, vector_width: 8, k_unroll: 4, split_k: 1, subgroup_reduce: true,
        dot_path, quantize_x: 'dispatch', dependent_launch: DECODE_OVERLAP,
      };
    }
    // decode (M = 1): 4 warps per block on 2 rows, 16-byte loads, 2 steps in flight; many blocks per SM
    const rows = M <= 2 ? 2 : 1;
    return {
      rows_per_block: rows, workgroup_size: M <= 4 ? 128 : 64, vector_width: widest, k_unroll: K >= 2048 ? 2 : 1,
      split_k: 1, subgroup_reduce: true, dot_path, quantize_x: 'dispatch', dependent_launch: false,
    };
  }
  // CPU-implemented GPU APIs (PoCL, lavapipe, Dawn, the Metal emulation): small workgroups, few barriers.
  // WGSL keeps the shared-memory tree: subgroups is an optional WebGPU feature, so a default needing it
  // would be unavailable on some adapters
  const workgroup = M > 16 ? 32 : 64;
  return {
    rows_per_block: 1, workgroup_size: Math.min(workgroup, caps.maxWorkgroup), vector_width: widest, k_unroll: 1,
    split_k: 1, subgroup_reduce: target === 'metal', dot_path: 'float', quantize_x: 'dispatch', dependent_launch: false,
  };
}

/** Defaults overlaid by a user config, checked against the domains and constraints (`resolveKnobs`); InputError names the bad knob. */
export function resolveGemvConfig(target: GpuTarget, params: Params, config: Readonly<Record<string, ParamValue>> = {}): GemvSimtConfig {
  return resolveKnobs(gemvGpuKnobSpace(target, params), config, `gemv/${target}`) as unknown as GemvSimtConfig;
}
