/**
 * Which code generator lowers which (op, target): the one list that `kforge emit/run/verify/tune`,
 * the conformance matrix and the benchmarks read. Adding an op to a target class is one entry here.
 */
import { InputError, recordedConfig, resolveKnobs, type KnobConfig, type KnobSpace, type Params, type ParamValue } from '@kforge/ir';
import { TARGETS, type KernelArtifact, type TargetName } from '@kforge/target';
import {
  attentionCpuKnobSpace, emitAttentionCpu, emitGatedDeltaRuleCpu, emitGemvCpu, emitMoeCpu, gatedDeltaRuleCpuKnobSpace, gemvKnobSpace, moeCpuKnobSpace, type CpuTarget,
} from '@kforge/codegen-cpu';
import {
  attentionGpuKnobSpace, emitAttentionGpu, emitGatedDeltaRuleGpu, emitGemvGpu, emitMoeGpu, gatedDeltaRuleGpuKnobSpace, gemvGpuKnobSpace, moeGpuKnobSpace,
} from '@kforge/codegen-gpu';
import { estimateAttention, estimateGatedDeltaRule, estimateGemv, estimateMoe, type HostHint } from './estimate.ts';
import { checkArtifactIndexRange } from './sizes.ts';

export interface Lowering {
  readonly op: string;
  readonly targets: readonly TargetName[];
  emit(target: TargetName, params: Params, config: KnobConfig): KernelArtifact;
  knobs(target: TargetName, params: Params): KnobSpace;
  /** an analytic (roofline) estimate of a config's time in ms: the model-guided tuner's prior, only for ranking */
  estimate?(target: TargetName, params: Params, config: KnobConfig, host?: HostHint): number;
}

type GpuTarget = Parameters<typeof emitGemvGpu>[0];
const GPU_TARGETS = ['cuda', 'opencl', 'vulkan', 'wgsl', 'metal'] as const satisfies readonly GpuTarget[];
const CPU_TARGETS = ['c', 'avx2', 'avx512', 'neon', 'rvv', 'hvx'] as const satisfies readonly TargetName[];

export const LOWERINGS: readonly Lowering[] = [
  {
    op: 'gemv',
    targets: CPU_TARGETS,
    emit: (target, params, config) => emitGemvCpu(target as CpuTarget, params, config),
    knobs: (target, params) => gemvKnobSpace(params, target as CpuTarget),
    estimate: estimateGemv,
  },
  {
    op: 'gemv',
    targets: GPU_TARGETS,
    emit: (target, params, config) => emitGemvGpu(target as GpuTarget, params, config),
    knobs: (target, params) => gemvGpuKnobSpace(target as GpuTarget, params),
    estimate: estimateGemv,
  },
  {
    op: 'attention',
    targets: CPU_TARGETS,
    emit: (target, params, config) => emitAttentionCpu(target as CpuTarget, params, config),
    knobs: (target, params) => attentionCpuKnobSpace(target as CpuTarget, params),
    estimate: estimateAttention,
  },
  {
    op: 'attention',
    targets: GPU_TARGETS,
    emit: (target, params, config) => emitAttentionGpu(target as GpuTarget, params, config),
    knobs: (target, params) => attentionGpuKnobSpace(target as GpuTarget, params),
    estimate: estimateAttention,
  },
  {
    op: 'gated_delta_rule',
    targets: CPU_TARGETS,
    emit: (target, params, config) => emitGatedDeltaRuleCpu(target as CpuTarget, params, config),
    knobs: (target, params) => gatedDeltaRuleCpuKnobSpace(target as CpuTarget, params),
    estimate: estimateGatedDeltaRule,
  },
  {
    op: 'gated_delta_rule',
    targets: GPU_TARGETS,
    emit: (target, params, config) => emitGatedDeltaRuleGpu(target as GpuTarget, params, config),
    knobs: (target, params) => gatedDeltaRuleGpuKnobSpace(target as GpuTarget, params),
    estimate: estimateGatedDeltaRule,
  },
  {
    op: 'moe',
    targets: CPU_TARGETS,
    emit: (target, params, config) => emitMoeCpu(target as CpuTarget, params, config),
    knobs: (target, params) => moeCpuKnobSpace(target as CpuTarget, params),
    estimate: estimateMoe,
  },
  {
    op: 'moe',
    targets: GPU_TARGETS,
    emit: (target, params, config) => emitMoeGpu(target as GpuTarget, params, config),
    knobs: (target, params) => moeGpuKnobSpace(target as GpuTarget, params),
    estimate: estimateMoe,
  },
];

export function loweringFor(op: string, target: TargetName): Lowering {
  const l = LOWERINGS.find((x) => x.op === op && x.targets.includes(target));
  if (!l) {
    const have = LOWERINGS.filter((x) => x.op === op).flatMap((x) => x.targets);
    throw new InputError(`no kernel for op '${op}' on target '${target}' yet${have.length ? ` (available: ${have.join(', ')})` : ''}`);
  }
  return l;
}

/** Fills knobs from the target's defaults and rejects unknown knobs, values outside domains and violated constraints. */
export function resolveConfig(op: string, target: TargetName, params: Params, raw: unknown): KnobConfig {
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
    throw new InputError(`--config must be a JSON object of knobs, got ${JSON.stringify(raw)}`);
  }
  return resolveKnobs(loweringFor(op, target).knobs(target, params), (raw ?? {}) as Record<string, ParamValue>, `${op} on ${target}`);
}

/** The config a tuning record of this op, target and params stands for in this kforge (`recordedConfig`). */
export function configOfRecord(op: string, target: TargetName, params: Params, recorded: KnobConfig): KnobConfig {
  return recordedConfig(loweringFor(op, target).knobs(target, params), recorded);
}

export function emitKernel(op: string, target: TargetName, params: Params, config: KnobConfig): KernelArtifact {
  if (!Object.hasOwn(TARGETS, target)) throw new InputError(`unknown target '${target}'`);
  const artifact = loweringFor(op, target).emit(target, params, config);
  // resolveParams bounds the op's tensors; scratch and padded buffers, and derived scalars, are checked here
  checkArtifactIndexRange(artifact);
  return artifact;
}
