/**
 * The calls a GPU runtime library of the phased ops is checked with (gpu-phased.test.ts here; on the
 * H200 through tools/gpu/runtime-bundle.ts): small head and expert configurations of attention,
 * gated_delta_rule and moe, calls at run-time shapes none of their kernels was emitted at (some
 * updating the gated delta rule's state in place), and the refused ones (Sq > Skv, an expert id
 * outside [0, E)), each with the config and SPEC bound of the kernel dispatch must pick.
 */
import { getOp, nmseBound, randomInputs, resolveParams, tensorBytes, type KernelArithmetic, type KnobConfig, type Params } from '@kforge/ir';
import { libraryEntries, type DispatchPolicy, type GpuRuntimeSpec, type GpuTargetName, type RuntimeEntry } from '@kforge/runtime';
import { emitKernel, resolveConfig } from '../lowerings.ts';
import { PHASED_RUNTIME_OPS, phasedHeads } from './cpu.ts';
import type { RuntimeCall } from './check.ts';
import type { GpuRuntimeRequest } from './gpu.ts';

const ATTENTION_HEADS: readonly Params[] = [
  { Hq: 4, Hkv: 2, D: 64, causal: true, kv: 'f16' },
  { Hq: 8, Hkv: 1, D: 32, Dv: 64, window: 5, kv: 'q8_0' },
];
const GDR_HEADS: readonly Params[] = [{ Hk: 2, Hv: 4, Dk: 32, l2norm: true }, { Hk: 1, Hv: 2, Dk: 16, Dv: 32 }];
const GIVEN: Params = { E: 5, topk: 2, H: 64, I: 32, weight: 'f32', routing: 'given' };
const MOE_EXPERTS: readonly Params[] = [GIVEN, { E: 8, topk: 2, H: 128, I: 64, weight: 'q4_0', routing: 'router', normTopk: true }];
/** per op, the configurations the library serves */
export const PHASED_HEADS: Readonly<Record<string, readonly Params[]>> = { attention: ATTENTION_HEADS, gated_delta_rule: GDR_HEADS, moe: MOE_EXPERTS };

/** each op's calls: a phase and a run-time shape none of the kernels was emitted at; `inPlace`: s0 and s one buffer */
export const PHASED_CALLS: Readonly<Record<string, readonly { phase: string; shape: Params; inPlace?: boolean }[]>> = {
  attention: [
    { phase: 'decode', shape: { B: 2, Sq: 1, Skv: 77 } }, { phase: 'decode', shape: { B: 1, Sq: 3, Skv: 40 } },
    { phase: 'prefill', shape: { B: 1, Sq: 29, Skv: 29 } }, { phase: 'prefill', shape: { B: 2, Sq: 13, Skv: 50 } },
  ],
  gated_delta_rule: [
    { phase: 'decode', shape: { B: 2, T: 1 } }, { phase: 'decode', shape: { B: 1, T: 3 }, inPlace: true },
    { phase: 'prefill', shape: { B: 1, T: 70 } }, { phase: 'prefill', shape: { B: 2, T: 33 }, inPlace: true },
  ],
  moe: [{ phase: 'decode', shape: { T: 1 } }, { phase: 'decode', shape: { T: 7 } }, { phase: 'prefill', shape: { T: 40 } }, { phase: 'prefill', shape: { T: 17 } }],
};

/** the library of the three phased ops (each op's calls' configurations, nothing tuned) */
export function phasedRequest(target: GpuTargetName, version: string): GpuRuntimeRequest {
  return {
    target, ops: Object.keys(PHASED_HEADS), formats: [], acts: [], tuned: [], device: '', version,
    phased: Object.fromEntries(Object.entries(PHASED_HEADS).map(([op, heads]) => [op, { heads, tuned: [] }])),
  };
}

/** the config an entry's default kernel has (what planPhased asks for) and that kernel's arithmetic */
function expectedKernel(target: GpuTargetName, op: string, params: Params, phase: string): { config: KnobConfig; arithmetic: KernelArithmetic } {
  const plan = PHASED_RUNTIME_OPS[op]!.plan;
  const at = { ...phasedHeads(plan, params), ...plan.phaseShape[phase] };
  const config = resolveConfig(op, target, at, plan.phaseKnobs?.(phase, target, at));
  return { config, arithmetic: emitKernel(op, target, at, config).arithmetic ?? 'f32' };
}

/** A call and the arithmetic of the kernel it must reach (its outputs' SPEC bound). */
export interface PhasedCall extends RuntimeCall {
  readonly arithmetic: KernelArithmetic;
}

/** every call of PHASED_CALLS for each configuration, and the refused ones: Sq > Skv, an expert id past E or below 0 */
export function phasedCalls(target: GpuTargetName, spec: GpuRuntimeSpec): PhasedCall[] {
  const entries = libraryEntries(spec.policies as readonly DispatchPolicy<never>[]).map((e) => e.entry);
  // by the configuration alone (the shape of a refused call need not resolve)
  const entryOf = (op: string, heads: Params, phase: string): RuntimeEntry => {
    const plan = PHASED_RUNTIME_OPS[op]!.plan;
    const name = plan.spec.entryName(phasedHeads(plan, heads), phase);
    const entry = entries.find((e) => e.name === name);
    if (!entry) throw new Error(`the library has no ${name} (it has ${entries.map((e) => e.name).join(', ')})`);
    return entry;
  };
  const calls: PhasedCall[] = [];
  for (const [op, heads] of Object.entries(PHASED_HEADS)) {
    heads.forEach((h, hi) => {
      PHASED_CALLS[op]!.forEach((c, ci) => {
        const params = resolveParams(getOp(op), { ...h, ...c.shape });
        const { config, arithmetic } = expectedKernel(target, op, params, c.phase);
        const outputs = getOp(op).tensors.filter((t) => t.role === 'out').map((t) => t.name);
        calls.push({
          name: `${op}_${hi}_${ci}_${c.phase}`, entry: entryOf(op, h, c.phase), params, seed: 11 + ci, expectConfig: config, arithmetic,
          bounds: Object.fromEntries(outputs.map((o) => [o, nmseBound(op, arithmetic)])), ...(c.inPlace ? { inPlace: { s: 's0' } } : {}),
        });
      });
    });
  }
  const attention = { ...phasedHeads(PHASED_RUNTIME_OPS.attention!.plan, ATTENTION_HEADS[0]!), B: 1, Sq: 5, Skv: 4 };
  // KF_ERR_BAD_SIZE and KF_ERR_BAD_VALUE (kforge.h)
  calls.push({ name: 'refused_sq_above_skv', entry: entryOf('attention', ATTENTION_HEADS[0]!, 'decode'), params: attention, seed: 3, bounds: { o: 1 }, expectStatus: 2, arithmetic: 'f32' });
  for (const phase of ['decode', 'prefill']) {
    const moe = resolveParams(getOp('moe'), { ...GIVEN, T: 3 });
    const given = randomInputs(getOp('moe'), moe, 5).ids!;
    const ids = Int32Array.from(given.data as Int32Array);
    ids[4] = phase === 'decode' ? Number(GIVEN.E) : -1;
    calls.push({
      name: `refused_moe_id_${phase}`, entry: entryOf('moe', GIVEN, phase), params: moe, seed: 5, bounds: { y: 1 }, expectStatus: 10, arithmetic: 'f32',
      override: { ids: tensorBytes({ ...given, data: ids }) },
    });
  }
  return calls;
}
