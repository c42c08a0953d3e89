/**
 * moe for the CPU targets: one entry per target class (fixed-width SIMD c/avx2/avx512/neon, RVV, HVX).
 * The artifact contract every class keeps (and the GPU lowerings too):
 * - buffers `x` (f32 [T,H], in), the expert weights `w_gate`, `w_up` [E,I,H] and `w_down` [E,H,I] as
 *   stored in `weight` (block formats: u8 rows of the last axis; planar formats add `<name>_scale` and
 *   `<name>_min` f16 planes, storedWeightTensors' names), then `router` (f32 [E,H], routing 'router') or
 *   `ids` (i32 [T,topk]) and `weights` (f32 [T,topk]) (routing 'given'), then `y` (f32 [T,H], out), then
 *   any scratch (role 'scratch');
 * - one scalar, `T` (i32), passed at run time after the buffers; every other param (H, I, E, topk,
 *   weight, routing, normTopk) is compiled in, and buffer bytes and grids are SizeExprs over T, so one
 *   kernel serves any number of tokens (the runtime's decode and prefill entries);
 * - routing on the device: logits = router · x_t in f32, the topk largest (ties: the lower expert index,
 *   so exactly equal logits pick in index order), weights softmax(logits) at those experts, divided by
 *   their sum when normTopk; top-k of the logits is top-k of p;
 * - a given id outside [0, E) contributes nothing and is never used as an index (the CLI refuses such
 *   inputs with exit 2 and the runtime with an error code before any kernel runs; the kernel stays in
 *   bounds anyway);
 * - each expert's weights are read once per call for all the tokens routed to it; y is written by an
 *   ordered combine (each token's topk contributions summed in slot order), never with atomics, so
 *   results do not depend on thread timing.
 */
import type { KnobSpace, ParamValue, Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import type { CpuTarget } from '../gemv/knobs.ts';
import { emitMoeSimd, moeSimdKnobSpace } from './simd-emit.ts';
import { emitMoeRvv, moeRvvKnobSpace } from '../rvv/moe.ts';
import { emitMoeHvx, moeHvxKnobSpace } from '../hvx/moe.ts';

export function emitMoeCpu(target: CpuTarget, params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  if (target === 'rvv') return emitMoeRvv(params, config);
  if (target === 'hvx') return emitMoeHvx(params, config);
  return emitMoeSimd(target, params, config);
}

export function moeCpuKnobSpace(target: CpuTarget, params: Params): KnobSpace {
  if (target === 'rvv') return moeRvvKnobSpace(params);
  if (target === 'hvx') return moeHvxKnobSpace(params);
  return moeSimdKnobSpace(target, params);
}
