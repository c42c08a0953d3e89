/**
 * gated_delta_rule's entry points (policies/phased.ts says how a call picks its kernel): per head
 * configuration (Hk, Hv, Dk, Dv, scale and l2norm compiled in; B and T at run time), a `..._decode`
 * and a `..._prefill` entry. Both compute the op for any B and T; decode reaches the recurrent kernels
 * tuned for a few tokens, prefill the chunked ones. s0 and s may be the same buffer (the state updated
 * in place): every kernel reads each state element before it writes it.
 */
import { GATED_DELTA_RULE, type Params } from '@kforge/ir';
import type { DispatchKernel, DispatchPolicy } from '../model.ts';
import { phasedPolicy, type PhasedOp, type PhasedVariant } from './phased.ts';

export type GatedDeltaRulePhase = 'decode' | 'prefill';
export const GATED_DELTA_RULE_PHASES: readonly GatedDeltaRulePhase[] = ['decode', 'prefill'];

/** the params a gated_delta_rule entry compiles in: all but B and T */
export const GATED_DELTA_RULE_COMPILED = ['Hk', 'Hv', 'Dk', 'Dv', 'scale', 'l2norm'] as const;

/** kf_gated_delta_rule_h16x32_d128_l2_decode: the head configuration in the name, the phase last */
export function gatedDeltaRuleEntryName(heads: Params, phase: GatedDeltaRulePhase): string {
  const Dk = Number(heads.Dk);
  const Dv = Number(heads.Dv);
  const scaled = Math.abs(Number(heads.scale) - 1 / Math.sqrt(Dk)) > 1e-12 * (1 / Math.sqrt(Dk));
  return [
    'kf_gated_delta_rule', `h${heads.Hk}x${heads.Hv}`, `d${Dk}${Dv !== Dk ? `v${Dv}` : ''}`, ...(heads.l2norm ? ['l2'] : []),
    ...(scaled ? [`s${String(heads.scale).replace(/[^0-9]/g, '_')}`] : []), phase,
  ].join('_');
}

function describeHeads(h: Params): string {
  return `o[B,T,${h.Hv},${h.Dv}] and the state s[B,${h.Hv},${h.Dk},${h.Dv}] from s0 (may be s: updated in place): `
    + `${h.Hv} value heads over ${h.Hk} q/k heads, Dk ${h.Dk}, Dv ${h.Dv}, scale ${Number(h.scale).toPrecision(6)}${h.l2norm ? ', q and k l2-normalized' : ''}`;
}

export const GATED_DELTA_RULE_PHASED: PhasedOp<GatedDeltaRulePhase> = {
  op: GATED_DELTA_RULE,
  phases: GATED_DELTA_RULE_PHASES,
  compiled: GATED_DELTA_RULE_COMPILED,
  shape: ['B', 'T'],
  info: ['T', 'B'],
  entryName: gatedDeltaRuleEntryName,
  describe: describeHeads,
  headerDoc: [
    ' * gated_delta_rule: every kf_gated_delta_rule_* entry point runs the gated delta rule (SPEC section 3)',
    ' * for one head configuration compiled in (its name and doc say which) over B sequences of T tokens',
    ' * given at run time: o[B,T,Hv,Dv] and the final state s from s0. s0 and s may be the same buffer',
    ' * (the state updated in place). Each configuration has a _decode and a _prefill entry: both take any',
    ' * B and T; they reach the kernels tuned for a few tokens (recurrent) and for many (chunked). Dispatch:',
    ' * the tuned shape of the entry nearest in |ln(T/Tt)| + |ln(B/Bt)|, if within ln 4, else the entry\'s',
    ' * default kernel; kf_dispatch_info reports a tuned shape as tuned_M = T, tuned_N = B.',
  ],
};

export function gatedDeltaRulePolicy(variants: readonly PhasedVariant<GatedDeltaRulePhase>[]): DispatchPolicy<DispatchKernel> {
  return phasedPolicy(GATED_DELTA_RULE_PHASED, variants);
}
