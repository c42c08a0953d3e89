/** The knobs of the fixed-width SIMD gated_delta_rule lowering: domains, the check and the decode/prefill defaults. */
import type { KnobConfig, KnobSpace, Params } from '@kforge/ir';
import type { CpuSimdTarget } from '../gemv/knobs.ts';
import type { GatedDeltaRuleSimdConfig } from './simd.ts';

export interface GatedDeltaRuleCpuConfig extends GatedDeltaRuleSimdConfig {
  /** OpenMP threads (0: the executor's default) */
  readonly threads: number;
}

export const GDR_F32_LANES: Readonly<Record<CpuSimdTarget, number>> = { c: 1, avx2: 8, avx512: 16, neon: 4 };
const VARIANTS = ['recurrent', 'chunked'] as const;
const BLOCK_V = [1, 2, 4, 8, 16, 32, 48, 64, 96, 128, 256];
const CHUNKS = [8, 16, 32, 64];
const DEFAULT_CHUNK = 16;
const THREADS = [0, 1, 2, 4, 8];
/** bytes of a work item's private arrays: they live on a thread's stack */
const MAX_PRIVATE_BYTES = 512 << 10;
/** tokens from which the chunked form is the default */
export const CHUNKED_FROM_T = 128;

const num = (params: Params, name: string): number => Number(params[name]);
const roundUp = (x: number, m: number): number => Math.ceil(x / m) * m;

/** bytes of the private arrays of one work item (simd.ts allocates them) */
export function privateBytes(params: Params, variant: string, blockV: number, chunk: number): number {
  const Dk = num(params, 'Dk');
  if (variant === 'recurrent') return (Dk * blockV + 18 * Dk + 18) * 4;
  // state block, staged K and Q, R/U, the C x C matrices, gammas
  return (Dk * blockV + 2 * chunk * Dk + 2 * chunk * blockV + 3 * chunk * chunk + 4 * chunk) * 4;
}

/** state columns per work item: a few vector registers' worth, never past Dv rounded up to whole vectors */
function defaultBlockV(target: CpuSimdTarget, params: Params, variant: string): number {
  const L = GDR_F32_LANES[target];
  const Dv = num(params, 'Dv');
  // T 1 reads the block straight from s0 (simd.ts): whole rows of 128 columns keep each thread's state reads
  // sequential, which measured 1.15-1.5x faster than 64 (avx512) and 32 (avx2) columns with the state out of
  // cache (Zen 5, docs/results/2026-12-07-gdr-cpu-decode-direct); neon and c keep the narrower blocks (not timed)
  const single = num(params, 'T') === 1;
  const want = variant === 'chunked' ? { c: 32, avx2: 64, avx512: 128, neon: 64 }[target]
    : single ? { c: 16, avx2: 128, avx512: 128, neon: 32 }[target] : { c: 16, avx2: 32, avx512: 64, neon: 32 }[target];
  let bv = Math.min(want, roundUp(Dv, L));
  // decode with few heads: at least two work items per thread
  const heads = num(params, 'B') * num(params, 'Hv');
  while (bv > L && heads * Math.ceil(Dv / bv) < 4 && BLOCK_V.includes(bv / 2) && (bv / 2) % L === 0) bv /= 2;
  if (!BLOCK_V.includes(bv)) bv = [...BLOCK_V].reverse().find((b) => b <= bv && b % L === 0) ?? L;
  while (bv > L && privateBytes(params, variant, bv, DEFAULT_CHUNK) > MAX_PRIVATE_BYTES) bv = [...BLOCK_V].reverse().find((b) => b < bv && b % L === 0) ?? L;
  return bv;
}

export function gatedDeltaRuleSimdDefaults(target: CpuSimdTarget, params: Params): GatedDeltaRuleCpuConfig {
  const variant = num(params, 'T') >= CHUNKED_FROM_T ? 'chunked' : 'recurrent';
  return { variant, block_v: defaultBlockV(target, params, variant), chunk: DEFAULT_CHUNK, threads: 2 };
}

export function gatedDeltaRuleSimdKnobSpaceOf(target: CpuSimdTarget, params: Params, defaults: GatedDeltaRuleCpuConfig): KnobSpace {
  const L = GDR_F32_LANES[target];
  const Dv = num(params, 'Dv');
  return {
    knobs: [
      { name: 'variant', values: [...VARIANTS], doc: "'recurrent': one fused pass over the state block per token; 'chunked': the WY/UT chunkwise form" },
      { name: 'block_v', values: BLOCK_V.filter((b) => b % L === 0 && b <= roundUp(Dv, L)), doc: 'state columns per work item' },
      { name: 'chunk', values: CHUNKS, doc: 'tokens per chunk (chunked)' },
      { name: 'threads', values: THREADS, doc: 'OpenMP threads (0: executor default)' },
    ],
    check: (config: KnobConfig) => checkGatedDeltaRuleSimdConfig(target, params, config),
    defaults: defaults as unknown as KnobConfig,
  };
}

/** undefined when valid, else why not */
export function checkGatedDeltaRuleSimdConfig(target: CpuSimdTarget, params: Params, config: KnobConfig): string | undefined {
  const { variant, block_v: blockV, chunk, threads } = config as Partial<Record<string, unknown>>;
  const L = GDR_F32_LANES[target];
  const Dv = num(params, 'Dv');
  if (!VARIANTS.includes(variant as never)) return `variant must be one of ${VARIANTS.join(', ')}`;
  if (!BLOCK_V.includes(blockV as number)) return `block_v must be one of ${BLOCK_V.join(', ')}`;
  if ((blockV as number) % L !== 0) return `block_v must be a multiple of the ${L} f32 lanes of ${target}`;
  if ((blockV as number) > roundUp(Dv, L)) return `block_v ${blockV} exceeds Dv = ${Dv} rounded up to whole vectors (${roundUp(Dv, L)})`;
  if (!CHUNKS.includes(chunk as number)) return `chunk must be one of ${CHUNKS.join(', ')}`;
  // a knob the variant does not read stays at its default, so that a search visits each kernel once
  if (variant === 'recurrent' && chunk !== DEFAULT_CHUNK) return `chunk is the chunked variant's knob: keep it at ${DEFAULT_CHUNK} with recurrent (the same kernel)`;
  if (!THREADS.includes(threads as number)) return `threads must be one of ${THREADS.join(', ')}`;
  const bytes = privateBytes(params, variant as string, blockV as number, chunk as number);
  if (bytes > MAX_PRIVATE_BYTES) {
    return `block_v ${blockV}${variant === 'chunked' ? ` and chunk ${chunk}` : ''} need ${Math.ceil(bytes / 1024)} KiB of private arrays per thread (at most ${MAX_PRIVATE_BYTES >> 10}) at Dk ${params.Dk}`;
  }
  return undefined;
}
