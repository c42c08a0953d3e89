/** gemv for rvv: config check, lowering, RVV rules -> KernelArtifact (the CPU artifact of gemv/artifact.ts). */
import type { Kernel, KnobConfig, ParamValue, Params } from '@kforge/ir';
import { InputError } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { C_DIALECT, renderKernel } from '@kforge/codegen-core';
import { gemvCpuArtifact } from '../gemv/artifact.ts';
import { lowerGemvRvv, type GemvRvvConfig } from './gemv.ts';
import { checkGemvRvvConfig, gemvRvvDefaults } from './knobs.ts';
import { RvvRules } from './rules.ts';

export function resolveGemvRvvConfig(params: Params, config?: Readonly<Record<string, ParamValue>>): GemvRvvConfig {
  const full = { ...gemvRvvDefaults(params), ...(config ?? {}) } as GemvRvvConfig;
  const why = checkGemvRvvConfig(full as unknown as KnobConfig, params);
  if (why) throw new InputError(`gemv rvv config ${JSON.stringify(config ?? {})}: ${why}`);
  return full;
}

/** The lowered kernel (for inspection and golden tests); emitGemvRvv renders it. */
export function gemvRvvKernel(params: Params, config?: Readonly<Record<string, ParamValue>>): Kernel {
  return lowerGemvRvv(params, resolveGemvRvvConfig(params, config));
}

export function renderGemvRvv(kernel: Kernel): string {
  return renderKernel(kernel, { ...C_DIALECT, isa: RvvRules });
}

export function emitGemvRvv(params: Params, config?: Readonly<Record<string, ParamValue>>): KernelArtifact {
  const full = resolveGemvRvvConfig(params, config);
  const kernel = lowerGemvRvv(params, full);
  // single-threaded: Debian has no riscv64 libomp for clang (exec/cpu/toolchains.ts)
  return gemvCpuArtifact('rvv', params, full as unknown as Record<string, ParamValue>, kernel, renderGemvRvv(kernel), 1);
}
