/** gemv for the CPU SIMD targets: lowering + dialect -> KernelArtifact (C ABI of target/artifact.ts). */
import type { Kernel, ParamValue, Params } from '@kforge/ir';
import { InputError } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { C_DIALECT, renderKernel } from '@kforge/codegen-core';
import type { SimdIsa } from '../isa/simd.ts';
import { Avx512Rules } from '../isa/avx512.ts';
import { Avx2Rules } from '../isa/avx2.ts';
import { NeonRules } from '../isa/neon.ts';
import { ScalarRules } from '../isa/scalar.ts';
import { checkGemvCpuConfig, gemvCpuDefaults, type CpuSimdTarget, type CpuTarget, type GemvCpuConfig } from './knobs.ts';
import { lowerGemvSimd } from './simd.ts';
import { gemvCpuArtifact } from './artifact.ts';
import { emitGemvRvv } from '../rvv/emit.ts';
import { emitGemvHvx } from '../hvx/emit.ts';

export const SIMD_ISAS: Readonly<Record<CpuSimdTarget, SimdIsa>> = { c: ScalarRules, avx2: Avx2Rules, avx512: Avx512Rules, neon: NeonRules };

export function isCpuSimdTarget(t: string): t is CpuSimdTarget {
  return Object.hasOwn(SIMD_ISAS, t);
}

/** The lowered kernel (for inspection and golden tests); emitGemvCpu renders it. */
export function gemvCpuKernel(target: CpuSimdTarget, params: Params, config: GemvCpuConfig): Kernel {
  return lowerGemvSimd(params, config, SIMD_ISAS[target]);
}

export function emitGemvCpu(target: CpuTarget, params: Params, config?: Readonly<Record<string, ParamValue>>): KernelArtifact {
  if (target === 'rvv') return emitGemvRvv(params, config);
  if (target === 'hvx') return emitGemvHvx(params, config);
  const defaults: { -readonly [K in keyof GemvCpuConfig]?: GemvCpuConfig[K] } = { ...gemvCpuDefaults(target, params) };
  // the default dot width is the default int8 path's: a given float path leaves it out
  if (config?.dot_path !== undefined && config.dot_path !== 'int8') delete defaults.dot_width;
  const full = { ...defaults, ...(config ?? {}) } as GemvCpuConfig;
  const why = checkGemvCpuConfig(full as unknown as Record<string, ParamValue>, params, target);
  if (why) throw new InputError(`gemv ${target} config ${JSON.stringify(config ?? {})}: ${why}`);
  const kernel = gemvCpuKernel(target, params, full);
  const source = renderKernel(kernel, { ...C_DIALECT, isa: SIMD_ISAS[target].rules });
  return gemvCpuArtifact(target, params, full as unknown as Record<string, ParamValue>, kernel, source, full.threads);
}
