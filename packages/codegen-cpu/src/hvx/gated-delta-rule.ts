/**
 * gated_delta_rule on hvx -> KernelArtifact: the lowering of rvv/gated-delta-rule-kernel.ts over 32-lane
 * f32 HVX vectors with masked tails (gated-delta-rule-rules.ts: qf32 instructions on v68+, IEEE single
 * on the integer lanes before v68, which is what qemu-hexagon executes), printed as freestanding C like
 * gemv and attention on hvx. Single-threaded.
 */
import type { Kernel, KnobConfig, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { InputError } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { renderKernel } from '@kforge/codegen-core';
import { gdrShape, type GdrShape } from '../rvv/gated-delta-rule-artifact.ts';
import { gatedDeltaRuleCpuArtifact } from '../gated-delta-rule/simd-emit.ts';
import { fixedLanes, gdrKernelName, lowerGatedDeltaRule, type GdrLoweringConfig, type GdrVariant } from '../rvv/gated-delta-rule-kernel.ts';
import { GDR_CHUNKS, GDR_DEFAULT_CHUNK, GDR_RECURRENT_MAX_T, GDR_VARIANTS, checkGdrCommon, gdrWholeBlock } from '../rvv/gated-delta-rule.ts';
import { FREESTANDING_C_DIALECT } from './dialect.ts';
import { HVX_F32_LANES, HvxF32Rules } from './gated-delta-rule-rules.ts';

export interface GdrHvxConfig {
  readonly variant: GdrVariant;
  readonly chunk: number;
  readonly block_v: number;
}

/** tokens of the chunked products and state rows of its update held in vector registers together */
const TILE = 4;
/** whole 32-lane vectors: a narrower block leaves lanes idle */
const BLOCK_V = [32, 64, 128, 256];

/** as rvv: recurrent for decode (blocks of 64 columns), chunked for prefill (the whole head per work item) */
export function gatedDeltaRuleHvxDefaults(params: Params): GdrHvxConfig {
  const { params: p, shape } = gdrShape(params);
  const whole = gdrWholeBlock(shape.Dv, BLOCK_V);
  if (Number(p.T) <= GDR_RECURRENT_MAX_T) return { variant: 'recurrent', chunk: GDR_DEFAULT_CHUNK, block_v: Math.min(64, whole) };
  return { variant: 'chunked', chunk: GDR_DEFAULT_CHUNK, block_v: whole };
}

export function checkGatedDeltaRuleHvxConfig(config: KnobConfig, params: Params): string | undefined {
  return checkGdrCommon(config as Partial<Record<string, unknown>>, gdrShape(params).shape, BLOCK_V);
}

export function gatedDeltaRuleHvxKnobSpace(params: Params): KnobSpace {
  return {
    knobs: [
      { name: 'variant', values: [...GDR_VARIANTS], doc: "'recurrent': one fused pass over the state block per token (decode); 'chunked': the WY/UT chunkwise form (prefill)" },
      { name: 'chunk', values: GDR_CHUNKS, doc: 'tokens per chunk of the chunked variant (recurrent: kept at the default)' },
      {
        name: 'block_v', values: BLOCK_V,
        doc: 'state columns per work item, in 32-lane f32 HVX vectors (qf32 on v68+; IEEE single on the integer lanes before v68, which qemu-hexagon runs)',
      },
    ],
    check: (config: KnobConfig) => checkGatedDeltaRuleHvxConfig(config, params),
    defaults: gatedDeltaRuleHvxDefaults(params) as unknown as KnobConfig,
  };
}

function resolve(params: Params, config?: Readonly<Record<string, ParamValue>>): { shape: GdrShape; full: GdrHvxConfig } {
  const full = { ...gatedDeltaRuleHvxDefaults(params), ...(config ?? {}) } as GdrHvxConfig;
  const why = checkGatedDeltaRuleHvxConfig(full as unknown as KnobConfig, params);
  if (why) throw new InputError(`gated_delta_rule hvx config ${JSON.stringify(config ?? {})}: ${why}`);
  return { shape: gdrShape(params).shape, full };
}

/** The lowered kernel and its freestanding source (golden tests, inspection). */
export function gatedDeltaRuleHvxKernel(params: Params, config?: Readonly<Record<string, ParamValue>>): { kernel: Kernel; source: string; full: GdrHvxConfig } {
  const { shape, full } = resolve(params, config);
  const cfg: GdrLoweringConfig = { ...full, tile: TILE };
  const kernel = lowerGatedDeltaRule(shape, cfg, fixedLanes(HVX_F32_LANES), gdrKernelName(shape, cfg, 'hvx', 'f32x32'), HVX_F32_LANES);
  return { kernel, source: renderKernel(kernel, { ...FREESTANDING_C_DIALECT, isa: HvxF32Rules }), full };
}

export function emitGatedDeltaRuleHvx(params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  const { kernel, source, full } = gatedDeltaRuleHvxKernel(params, config);
  // single-threaded: a freestanding Hexagon program has no threads
  return gatedDeltaRuleCpuArtifact('hvx', gdrShape(params).params, full as unknown as Record<string, ParamValue>, kernel, source, 1);
}
