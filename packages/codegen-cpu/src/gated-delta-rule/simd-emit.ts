/** gated_delta_rule on the fixed-width SIMD targets (c, avx2, avx512, neon): lowering + C dialect -> KernelArtifact. */
import { InputError, size, type Kernel, type KnobSpace, type ParamValue, type Params, type SizeExpr } from '@kforge/ir';
import type { ArtifactBuffer, KernelArtifact } from '@kforge/target';
import { C_DIALECT, renderKernel } from '@kforge/codegen-core';
import type { CpuSimdTarget } from '../gemv/knobs.ts';
import { SIMD_ISAS } from '../gemv/emit.ts';
import { lowerGatedDeltaRuleChunked, lowerGatedDeltaRuleRecurrent } from './simd.ts';
import { checkGatedDeltaRuleSimdConfig, gatedDeltaRuleSimdDefaults, gatedDeltaRuleSimdKnobSpaceOf, type GatedDeltaRuleCpuConfig } from './knobs.ts';

export function gatedDeltaRuleSimdKnobSpace(target: CpuSimdTarget, params: Params): KnobSpace {
  return gatedDeltaRuleSimdKnobSpaceOf(target, params, gatedDeltaRuleSimdDefaults(target, params));
}

/** The lowered kernel (for inspection and golden tests); emitGatedDeltaRuleSimd renders it. */
export function gatedDeltaRuleSimdKernel(target: CpuSimdTarget, params: Params, config: GatedDeltaRuleCpuConfig): Kernel {
  const isa = SIMD_ISAS[target];
  return config.variant === 'chunked' ? lowerGatedDeltaRuleChunked(params, config, isa) : lowerGatedDeltaRuleRecurrent(params, config, isa);
}

/** the artifact contract of emit.ts: q, k, v, g, beta, s0, o, s (then scratch), scalars B and T */
export function gatedDeltaRuleCpuArtifact(
  target: KernelArtifact['target'], params: Params, config: Readonly<Record<string, ParamValue>>, kernel: Kernel, source: string, threads: number,
): KernelArtifact {
  const [Hk, Hv, Dk, Dv] = ['Hk', 'Hv', 'Dk', 'Dv'].map((n) => Number(params[n])) as [number, number, number, number];
  const sized = (name: string, bytes: SizeExpr, role: ArtifactBuffer['role']): [string, ArtifactBuffer] => [name, { name, elem: 'f32', bytes, role }];
  const sizes: Record<string, ArtifactBuffer> = Object.fromEntries([
    sized('q', size.mul('B', 'T', Hk * Dk * 4), 'in'),
    sized('k', size.mul('B', 'T', Hk * Dk * 4), 'in'),
    sized('v', size.mul('B', 'T', Hv * Dv * 4), 'in'),
    sized('g', size.mul('B', 'T', Hv * 4), 'in'),
    sized('beta', size.mul('B', 'T', Hv * 4), 'in'),
    sized('s0', size.mul('B', Hv * Dk * Dv * 4), 'in'),
    sized('o', size.mul('B', 'T', Hv * Dv * 4), 'out'),
    sized('s', size.mul('B', Hv * Dk * Dv * 4), 'out'),
  ]);
  const buffers = kernel.params.flatMap((p) => (p.kind === 'buffer' ? [sizes[p.name]!] : []));
  return {
    op: 'gated_delta_rule', target, params, config, language: 'c',
    files: { [`${kernel.name}.c`]: source },
    buffers,
    scalars: ['B', 'T'].map((name) => ({ name, type: 'i32' as const, value: Number(params[name]) })),
    dispatches: [{ entry: kernel.name, args: kernel.params.map((p) => p.name) }],
    threads,
    arithmetic: 'f32',
  };
}

export function emitGatedDeltaRuleSimd(target: CpuSimdTarget, params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  const full = { ...gatedDeltaRuleSimdDefaults(target, params), ...config } as GatedDeltaRuleCpuConfig;
  const why = checkGatedDeltaRuleSimdConfig(target, params, full as unknown as Record<string, ParamValue>);
  if (why) throw new InputError(`gated_delta_rule ${target} config ${JSON.stringify(config)}: ${why}`);
  const kernel = gatedDeltaRuleSimdKernel(target, params, full);
  const source = renderKernel(kernel, { ...C_DIALECT, isa: SIMD_ISAS[target].rules });
  return gatedDeltaRuleCpuArtifact(target, params, full as unknown as Record<string, ParamValue>, kernel, source, full.threads);
}
