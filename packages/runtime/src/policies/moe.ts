/**
 * moe's entry points (policies/phased.ts says how a call picks its kernel): per expert configuration
 * (H, I, E, topk, the weight format, routing and normTopk compiled in; T at run time), a `..._decode`
 * and a `..._prefill` entry. Both compute the op for any T >= 1; decode reaches the kernels tuned for a
 * few tokens (one pass over each active expert's weights for all its tokens), prefill those tuned for
 * many (expert GEMMs over tiles of each expert's tokens). With routing 'given' every id must be in
 * [0, E): the entry checks them before any kernel runs and returns KF_ERR_BAD_VALUE (y untouched).
 */
import { MOE, type Params } from '@kforge/ir';
import type { DispatchKernel, DispatchPolicy } from '../model.ts';
import { phasedPolicy, type PhasedOp, type PhasedVariant } from './phased.ts';

export type MoePhase = 'decode' | 'prefill';
export const MOE_PHASES: readonly MoePhase[] = ['decode', 'prefill'];

/** the params a moe entry compiles in: all but T */
export const MOE_COMPILED = ['H', 'I', 'E', 'topk', 'weight', 'routing', 'normTopk'] as const;

/** kf_moe_e128k8_h2048i768_q4_0_norm_decode: experts and topk, hidden and intermediate sizes, the weight format, 'given' routing, normTopk, the phase last */
export function moeEntryName(experts: Params, phase: MoePhase): string {
  return [
    'kf_moe', `e${experts.E}k${experts.topk}`, `h${experts.H}i${experts.I}`, String(experts.weight ?? 'f32'),
    ...(experts.routing === 'given' ? ['given'] : []), ...(experts.normTopk === true ? ['norm'] : []), phase,
  ].join('_');
}

function describeExperts(c: Params): string {
  const routing = c.routing === 'given'
    ? 'ids[T,topk] (each in [0,E)) and weights[T,topk] given'
    : `router[E,H]: the top ${c.topk} of softmax(router x) (ties to the lower expert)${c.normTopk === true ? ', renormalized to sum 1' : ''}`;
  return `y[T,${c.H}] = sum over ${c.topk} of ${c.E} SwiGLU experts (w_gate, w_up [E,${c.I},${c.H}], w_down [E,${c.H},${c.I}] in ${c.weight}); ${routing}`;
}

export const MOE_PHASED: PhasedOp<MoePhase> = {
  op: MOE,
  phases: MOE_PHASES,
  compiled: MOE_COMPILED,
  shape: ['T'],
  info: ['T'],
  entryName: moeEntryName,
  describe: describeExperts,
  headerDoc: [
    ' * moe: every kf_moe_* entry point computes y[T,H], the routed sum of SwiGLU experts (SPEC section 3),',
    ' * for one expert configuration compiled in (H, I, E, topk, weight format, routing, normTopk: its name',
    ' * and doc say which) over T tokens given at run time. Arguments: x[T,H], w_gate, w_up, w_down as',
    ' * stored (planar formats add <name>_scale and <name>_min), then router[E,H] (routing router) or',
    ' * ids[T,topk] and weights[T,topk] (routing given), then y[T,H], then T. With given routing an id',
    ' * outside [0,E) returns KF_ERR_BAD_VALUE before any kernel runs (y is not written); a GPU library',
    ' * checks a host copy of ids (a synchronizing read; on Vulkan ids needs TRANSFER_SRC usage). Each',
    ' * configuration has a _decode and a _prefill entry: both take any T >= 1; they reach the kernels',
    ' * tuned for a few tokens and for many. Dispatch: the tuned T of the entry nearest in |ln(T/Tt)|, if',
    ' * within ln 4, else the entry\'s default kernel; kf_dispatch_info reports a tuned shape as tuned_M = T.',
  ],
};

export function moePolicy(variants: readonly PhasedVariant<MoePhase>[]): DispatchPolicy<DispatchKernel> {
  return phasedPolicy(MOE_PHASED, variants);
}
