/**
 * gated_delta_rule on rvv: knobs, config check, the lowering of gated-delta-rule-kernel.ts with the RVV
 * rules (vector length agnostic: one binary is right at any VLEN) -> KernelArtifact. Single-threaded as
 * gemv and attention on rvv (no riscv64 libomp for clang).
 */
import type { Kernel, KnobConfig, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { InputError } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { C_DIALECT, renderKernel } from '@kforge/codegen-core';
import { gdrShape, type GdrShape } from './gated-delta-rule-artifact.ts';
import { gatedDeltaRuleCpuArtifact } from '../gated-delta-rule/simd-emit.ts';
import { gdrKernelName, lowerGatedDeltaRule, rvvLanes, type GdrLoweringConfig, type GdrVariant } from './gated-delta-rule-kernel.ts';
import { RVV_F32_LMULS, RvvRules } from './rules.ts';

export const GDR_VARIANTS: readonly GdrVariant[] = ['recurrent', 'chunked'];
export const GDR_CHUNKS = [8, 16, 32, 64];
export const GDR_BLOCK_V = [8, 16, 32, 64, 128, 256];
/** T at and below which the default is the recurrent kernel (decode, short T) */
export const GDR_RECURRENT_MAX_T = 16;
/** the private arrays of a work item (state block, chunk operands) live on the stack */
export const GDR_PRIVATE_BYTES = 2 << 20;
export const GDR_DEFAULT_CHUNK = 32;
const VECTOR_REGISTERS = 32;

export interface GdrRvvConfig {
  readonly variant: GdrVariant;
  readonly chunk: number;
  readonly block_v: number;
  readonly lmul: number;
}

/** the smallest block_v value covering Dv: larger ones are the same kernel */
export function gdrWholeBlock(Dv: number, blocks: readonly number[] = GDR_BLOCK_V): number {
  return blocks.find((b) => b >= Dv) ?? blocks[blocks.length - 1]!;
}

/** tokens (chunked products) or state rows (update) in registers at once: 2 accumulators each plus the state strip */
export function gdrRvvTile(lmul: number): number {
  return lmul >= 8 ? 1 : lmul >= 4 ? 2 : 4;
}

/** bytes of a work item's private arrays */
export function gdrPrivateBytes(s: GdrShape, variant: GdrVariant, chunk: number, blockV: number): number {
  const BV = Math.min(blockV, s.Dv);
  const floats = variant === 'recurrent'
    ? s.Dk * BV + 4 * s.Dk + 2 * BV
    : s.Dk * BV + 2 * chunk * s.Dk + 2 * chunk * BV + 2 * chunk * chunk + 4 * chunk;
  return floats * 4;
}

/**
 * decode (T <= 16): recurrent, blocks of 64 columns (a 128 x 64 block is 32 KiB, L1-sized); prefill: chunked,
 * chunks of 32, the whole head per work item (the chunk's A, QK and normalized K, Q are built once per head).
 */
export function gatedDeltaRuleRvvDefaults(params: Params): GdrRvvConfig {
  const { params: p, shape } = gdrShape(params);
  if (Number(p.T) <= GDR_RECURRENT_MAX_T) return { variant: 'recurrent', chunk: GDR_DEFAULT_CHUNK, block_v: Math.min(64, gdrWholeBlock(shape.Dv)), lmul: 2 };
  return { variant: 'chunked', chunk: GDR_DEFAULT_CHUNK, block_v: gdrWholeBlock(shape.Dv), lmul: 2 };
}

/** the checks rvv and hvx share: variant, chunk, block_v (one of `blocks`), private memory */
export function checkGdrCommon(config: Partial<Record<string, unknown>>, s: GdrShape, blocks: readonly number[] = GDR_BLOCK_V): string | undefined {
  const { variant, chunk, block_v: bv } = config;
  if (!GDR_VARIANTS.includes(variant as GdrVariant)) return `variant must be one of ${GDR_VARIANTS.join(', ')}`;
  if (!GDR_CHUNKS.includes(chunk as number)) return `chunk must be one of ${GDR_CHUNKS.join(', ')}`;
  if (variant === 'recurrent' && chunk !== GDR_DEFAULT_CHUNK) return `chunk is the chunked variant's knob: keep it at ${GDR_DEFAULT_CHUNK} with recurrent (the same kernel)`;
  if (!blocks.includes(bv as number)) return `block_v must be one of ${blocks.join(', ')}`;
  const whole = gdrWholeBlock(s.Dv, blocks);
  if ((bv as number) > whole) return `block_v ${bv} exceeds Dv = ${s.Dv} (block_v ${whole} is already the whole head)`;
  const bytes = gdrPrivateBytes(s, variant as GdrVariant, chunk as number, bv as number);
  if (bytes > GDR_PRIVATE_BYTES) return `the work item's private arrays (${bytes} bytes) exceed ${GDR_PRIVATE_BYTES} bytes: a smaller block_v or chunk`;
  return undefined;
}

export function checkGatedDeltaRuleRvvConfig(config: KnobConfig, params: Params): string | undefined {
  const c = config as Partial<Record<string, unknown>>;
  const why = checkGdrCommon(c, gdrShape(params).shape);
  if (why) return why;
  const lmul = c.lmul as number;
  if (!(RVV_F32_LMULS as readonly number[]).includes(lmul)) return `lmul must be one of ${RVV_F32_LMULS.join(', ')}`;
  // the recurrent pass holds u, Sᵀk, Sᵀq, the state strip and a product in registers
  if (c.variant === 'recurrent' && 5 * lmul > VECTOR_REGISTERS) return `the recurrent pass holds 5 register groups: LMUL ${lmul} exceeds the ${VECTOR_REGISTERS} vector registers`;
  return undefined;
}

export function gatedDeltaRuleRvvKnobSpace(params: Params): KnobSpace {
  return {
    knobs: [
      { name: 'variant', values: [...GDR_VARIANTS], doc: "'recurrent': one fused pass over the state block per token (decode); 'chunked': the WY/UT chunkwise form (prefill)" },
      { name: 'chunk', values: GDR_CHUNKS, doc: 'tokens per chunk of the chunked variant (recurrent: kept at the default)' },
      { name: 'block_v', values: GDR_BLOCK_V, doc: 'state columns per work item, its Dk x block_v block private across the T steps' },
      { name: 'lmul', values: [...RVV_F32_LMULS], doc: 'register-group size of the f32 column strips (vector length agnostic)' },
    ],
    check: (config: KnobConfig) => checkGatedDeltaRuleRvvConfig(config, params),
    defaults: gatedDeltaRuleRvvDefaults(params) as unknown as KnobConfig,
  };
}

function resolve(params: Params, config?: Readonly<Record<string, ParamValue>>): { shape: GdrShape; full: GdrRvvConfig } {
  const full = { ...gatedDeltaRuleRvvDefaults(params), ...(config ?? {}) } as GdrRvvConfig;
  const why = checkGatedDeltaRuleRvvConfig(full as unknown as KnobConfig, params);
  if (why) throw new InputError(`gated_delta_rule rvv config ${JSON.stringify(config ?? {})}: ${why}`);
  return { shape: gdrShape(params).shape, full };
}

/** The lowered kernel and its source (golden tests, inspection). */
export function gatedDeltaRuleRvvKernel(params: Params, config?: Readonly<Record<string, ParamValue>>): { kernel: Kernel; source: string; full: GdrRvvConfig } {
  const { shape, full } = resolve(params, config);
  const cfg: GdrLoweringConfig = { variant: full.variant, chunk: full.chunk, block_v: full.block_v, tile: gdrRvvTile(full.lmul) };
  const kernel = lowerGatedDeltaRule(shape, cfg, rvvLanes(full.lmul), gdrKernelName(shape, cfg, 'rvv', `m${full.lmul}`));
  return { kernel, source: renderKernel(kernel, { ...C_DIALECT, isa: RvvRules }), full };
}

export function emitGatedDeltaRuleRvv(params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  const { kernel, source, full } = gatedDeltaRuleRvvKernel(params, config);
  // single-threaded: clang has no riscv64 libomp here
  return gatedDeltaRuleCpuArtifact('rvv', gdrShape(params).params, full as unknown as Record<string, ParamValue>, kernel, source, 1);
}
