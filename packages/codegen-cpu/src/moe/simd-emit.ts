/** moe on the fixed-width SIMD targets (c, avx2, avx512, neon): lowering + C dialect -> KernelArtifact. */
import { InputError, type Kernel, type KnobSpace, type ParamValue, type Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { C_DIALECT, renderKernel } from '@kforge/codegen-core';
import type { CpuSimdTarget, CpuTarget } from '../gemv/knobs.ts';
import { SIMD_ISAS } from '../gemv/emit.ts';
import { lowerMoeSimd, type MoeSimdLowering } from './simd.ts';
import { checkMoeSimdConfig, moeSimdDefaults, moeSimdKnobSpaceOf, type MoeSimdConfig } from './knobs.ts';
import { moeCpuArtifact } from './artifact.ts';

export function moeSimdKnobSpace(target: CpuTarget, params: Params): KnobSpace {
  return moeSimdKnobSpaceOf(simd(target), params);
}

function simd(target: CpuTarget): CpuSimdTarget {
  if (!Object.hasOwn(SIMD_ISAS, target)) throw new Error(`moe: ${target} is not a fixed-width SIMD target`);
  return target as CpuSimdTarget;
}

/** The lowered kernel and its scratch (for inspection and golden tests); emitMoeSimd renders it. */
export function moeSimdKernel(target: CpuSimdTarget, params: Params, config: MoeSimdConfig): MoeSimdLowering {
  return lowerMoeSimd(params, config, SIMD_ISAS[target]);
}

export function emitMoeSimd(target: CpuTarget, params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  const t = simd(target);
  const full = { ...moeSimdDefaults(t, params), ...config } as MoeSimdConfig;
  const why = checkMoeSimdConfig(t, params, full as unknown as Record<string, ParamValue>);
  if (why) throw new InputError(`moe ${target} config ${JSON.stringify(config)}: ${why}`);
  const { kernel, scratch }: { kernel: Kernel; scratch: MoeSimdLowering['scratch'] } = moeSimdKernel(t, params, full);
  const source = renderKernel(kernel, { ...C_DIALECT, isa: SIMD_ISAS[t].rules });
  return moeCpuArtifact(t, params, full as unknown as Record<string, ParamValue>, {
    kernels: [kernel], files: { [`${kernel.name}.c`]: source }, scratch, threads: full.threads,
    // f16/bf16 weights are widened to f32 before any arithmetic; only the int8 path rounds activations
    arithmetic: full.dot_path === 'int8' ? 'int8-activations' : 'f32',
  });
}
