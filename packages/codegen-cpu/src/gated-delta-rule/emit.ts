/**
 * gated_delta_rule for the CPU targets: one entry per target class (fixed-width SIMD c/avx2/avx512/neon,
 * RVV, HVX). The artifact contract every class keeps (and the GPU lowerings too):
 * - buffers `q`, `k`, `v`, `g`, `beta`, `s0` (f32, in), `o`, `s` (f32, out), then any scratch (role
 *   'scratch');
 * - scalars `B`, `T` (i32) passed at run time, after the buffers; every other param (Hk, Hv, Dk, Dv,
 *   scale, l2norm) is compiled in, and buffer bytes and grids are SizeExprs over B and T, so one kernel
 *   serves any batch and any number of tokens (the runtime's decode and prefill entries);
 * - in place: the kernel is right when `s0` and `s` are the same buffer (the runtime's decode updates
 *   the state in place): a work item reads each state element it owns before it writes it, and no work
 *   item reads state another one writes.
 */
import type { KnobSpace, ParamValue, Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import type { CpuTarget } from '../gemv/knobs.ts';
import { emitGatedDeltaRuleSimd, gatedDeltaRuleSimdKnobSpace } from './simd-emit.ts';
import { emitGatedDeltaRuleRvv, gatedDeltaRuleRvvKnobSpace } from '../rvv/gated-delta-rule.ts';
import { emitGatedDeltaRuleHvx, gatedDeltaRuleHvxKnobSpace } from '../hvx/gated-delta-rule.ts';

export function emitGatedDeltaRuleCpu(target: CpuTarget, params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  if (target === 'rvv') return emitGatedDeltaRuleRvv(params, config);
  if (target === 'hvx') return emitGatedDeltaRuleHvx(params, config);
  return emitGatedDeltaRuleSimd(target, params, config);
}

export function gatedDeltaRuleCpuKnobSpace(target: CpuTarget, params: Params): KnobSpace {
  if (target === 'rvv') return gatedDeltaRuleRvvKnobSpace(params);
  if (target === 'hvx') return gatedDeltaRuleHvxKnobSpace(params);
  return gatedDeltaRuleSimdKnobSpace(target, params);
}
