/**
 * `emitGatedDeltaRuleGpu`: params + config -> a KernelArtifact for a GPU target (artifact contract:
 * codegen-cpu/src/gated-delta-rule/emit.ts).
 */
import { InputError, type KnobSpace, type ParamValue, type Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import type { GpuTarget } from '../gemv/knobs.ts';

export function emitGatedDeltaRuleGpu(_target: GpuTarget, params: Params, _config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  throw new InputError(`gated_delta_rule: no kernel for ${String(params.T)} tokens here yet`);
}

export function gatedDeltaRuleGpuKnobSpace(_target: GpuTarget, _params: Params): KnobSpace {
  return { knobs: [{ name: 'variant', values: ['recurrent'], doc: 'placeholder' }], check: () => undefined, defaults: { variant: 'recurrent' } };
}
