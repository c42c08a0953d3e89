/**
 * attention's entry points (policies/phased.ts says how a call picks its kernel): per head
 * configuration (Hq, Hkv, D, Dv, causal, window, scale and the kv storage compiled in; B, Sq and Skv at
 * run time), two per configuration: `..._decode` and `..._prefill`. Both compute the op for any valid
 * B, Sq and Skv; they differ in the kernels they reach (decode: split-KV kernels tuned for Sq = 1;
 * prefill: query tiles).
 */
import { ATTENTION, type Params } from '@kforge/ir';
import type { DispatchKernel, DispatchPolicy } from '../model.ts';
import { phasedPolicy, type PhasedOp, type PhasedVariant } from './phased.ts';

export type AttentionPhase = 'decode' | 'prefill';
export const ATTENTION_PHASES: readonly AttentionPhase[] = ['decode', 'prefill'];

/** the params an attention entry compiles in: all but B, Sq and Skv */
export const ATTENTION_COMPILED = ['Hq', 'Hkv', 'D', 'Dv', 'causal', 'window', 'scale', 'kv'] as const;

/** kf_attention_h16x8_d128_f16_causal_decode: the head configuration in the name, the phase last */
export function attentionEntryName(heads: Params, phase: AttentionPhase): string {
  const D = Number(heads.D);
  const Dv = Number(heads.Dv);
  const scaled = Math.abs(Number(heads.scale) - 1 / Math.sqrt(D)) > 1e-12 * (1 / Math.sqrt(D));
  return [
    'kf_attention', `h${heads.Hq}x${heads.Hkv}`, `d${D}${Dv !== D ? `v${Dv}` : ''}`, String(heads.kv),
    ...(heads.causal ? ['causal'] : []), ...(Number(heads.window) > 0 ? [`w${heads.window}`] : []),
    ...(scaled ? [`s${String(heads.scale).replace(/[^0-9]/g, '_')}`] : []), phase,
  ].join('_');
}

function describeHeads(h: Params): string {
  const kv = h.kv === 'q8_0' ? 'q8_0 blocks along the head axis' : `${h.kv}${h.kv === 'f16' ? ' (raw bits)' : ''}`;
  return `o[B,${h.Hq},Sq,${h.Dv}] = softmax(q k^T * ${Number(h.scale).toPrecision(6)}${h.causal ? ', causal' : ''}${Number(h.window) > 0 ? `, window ${h.window}` : ''}) v: `
    + `${h.Hq} query heads over ${h.Hkv} kv heads, D ${h.D}, Dv ${h.Dv}; k and v ${kv}`;
}

export const ATTENTION_PHASED: PhasedOp<AttentionPhase> = {
  op: ATTENTION,
  phases: ATTENTION_PHASES,
  compiled: ATTENTION_COMPILED,
  shape: ['B', 'Sq', 'Skv'],
  info: ['Sq', 'Skv', 'B'],
  entryName: attentionEntryName,
  describe: describeHeads,
  // queries are the last Sq positions of the sequence: a row before the cache's start has no position
  relations: [{ a: 'Sq', le: 'Skv' }],
  headerDoc: [
    ' * attention: every kf_attention_* entry point computes o[B,Hq,Sq,Dv] = softmax(q k^T * scale + mask) v',
    ' * (SPEC section 3) for one head configuration compiled in (its name and doc say which), with B,',
    ' * Sq (query rows, the last Sq positions of the sequence) and Skv (cached keys) given at run time.',
    ' * Each configuration has a _decode and a _prefill entry: both take any Sq <= Skv; they reach the',
    ' * kernels tuned for one query row and for many. Dispatch: the tuned shape of the entry nearest in',
    ' * |ln(Sq/Sqt)| + |ln(Skv/Skvt)| + |ln(B/Bt)|, if within ln 4, else the entry\'s default kernel;',
    ' * kf_dispatch_info reports a tuned attention shape as tuned_M = Sq, tuned_N = Skv, tuned_K = B.',
  ],
};

export function attentionPolicy(variants: readonly PhasedVariant<AttentionPhase>[]): DispatchPolicy<DispatchKernel> {
  return phasedPolicy(ATTENTION_PHASED, variants);
}
