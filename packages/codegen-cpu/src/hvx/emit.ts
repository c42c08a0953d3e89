/**
 * gemv for hvx -> KernelArtifact: the vrmpy kernel for the int8 path, the scalar-core kernel
 * (fixed-width lowering at width 1) otherwise, both printed as freestanding C.
 */
import type { Kernel, KnobConfig, ParamValue, Params } from '@kforge/ir';
import { InputError } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { renderKernel } from '@kforge/codegen-core';
import { gemvCpuArtifact } from '../gemv/artifact.ts';
import { lowerGemvSimd } from '../gemv/simd.ts';
import { ScalarRules } from '../isa/scalar.ts';
import { FREESTANDING_C_DIALECT } from './dialect.ts';
import { lowerGemvHvxInt8, type GemvHvxConfig } from './gemv.ts';
import { checkGemvHvxConfig, gemvHvxDefaults } from './knobs.ts';
import { HvxRules } from './rules.ts';

function resolveConfig(params: Params, config?: Readonly<Record<string, ParamValue>>): GemvHvxConfig {
  const full = { ...gemvHvxDefaults(params), ...(config ?? {}) } as GemvHvxConfig;
  const why = checkGemvHvxConfig(full as unknown as KnobConfig, params);
  if (why) throw new InputError(`gemv hvx config ${JSON.stringify(config ?? {})}: ${why}`);
  return full;
}

/** The lowered kernel and its source; the scalar-core kernel for the float path. */
export function gemvHvxKernel(params: Params, config?: Readonly<Record<string, ParamValue>>): { kernel: Kernel; source: string } {
  const full = resolveConfig(params, config);
  if (full.dot_path === 'int8') {
    const kernel = lowerGemvHvxInt8(params, full);
    return { kernel, source: renderKernel(kernel, { ...FREESTANDING_C_DIALECT, isa: HvxRules }) };
  }
  const scalar = lowerGemvSimd(params, { rows: full.rows, m_tile: 1, k_unroll: 1, dot_path: 'float' }, ScalarRules);
  const kernel = { ...scalar, name: `${scalar.name}_hvx` };
  return { kernel, source: renderKernel(kernel, { ...FREESTANDING_C_DIALECT, isa: ScalarRules.rules }) };
}

export function emitGemvHvx(params: Params, config?: Readonly<Record<string, ParamValue>>): KernelArtifact {
  const full = resolveConfig(params, config);
  const { kernel, source } = gemvHvxKernel(params, full as unknown as Record<string, ParamValue>);
  return gemvCpuArtifact('hvx', params, full as unknown as Record<string, ParamValue>, kernel, source, 1);
}
