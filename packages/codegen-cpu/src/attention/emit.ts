/**
 * attention for the CPU targets: one entry per target class (fixed-width SIMD c/avx2/avx512/neon,
 * RVV, HVX). The artifact contract every class keeps (and the GPU lowerings too):
 * - buffers `q` (f32, in), `k` and `v` (in: f32, f16, or u8 q8_0 blocks as the op stores them), `o`
 *   (f32, out), then any scratch (role 'scratch');
 * - scalars `B`, `Sq`, `Skv` (i32) passed at run time, after the buffers; every other param is compiled
 *   in, and buffer bytes and grids are SizeExprs over those three, so one kernel serves any batch,
 *   query rows and cache length (the runtime's decode and prefill entries).
 */
import type { KnobSpace, ParamValue, Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import type { CpuTarget } from '../gemv/knobs.ts';
import { attentionSimdKnobSpace, emitAttentionSimd } from './simd-emit.ts';
import { attentionRvvKnobSpace, emitAttentionRvv } from '../rvv/attention.ts';
import { attentionHvxKnobSpace, emitAttentionHvx } from '../hvx/attention.ts';

export function emitAttentionCpu(target: CpuTarget, params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  if (target === 'rvv') return emitAttentionRvv(params, config);
  if (target === 'hvx') return emitAttentionHvx(params, config);
  return emitAttentionSimd(target, params, config);
}

export function attentionCpuKnobSpace(target: CpuTarget, params: Params): KnobSpace {
  if (target === 'rvv') return attentionRvvKnobSpace(params);
  if (target === 'hvx') return attentionHvxKnobSpace(params);
  return attentionSimdKnobSpace(target, params);
}
