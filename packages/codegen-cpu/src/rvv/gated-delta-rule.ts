/** placeholder until the lowering lands (issue 17) */
import { InputError, type KnobSpace, type ParamValue, type Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';

export function emitGatedDeltaRuleRvv(params: Params, _config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  throw new InputError(`gated_delta_rule: no kernel for ${String(params.T)} tokens here yet`);
}

export function gatedDeltaRuleRvvKnobSpace(_params: Params): KnobSpace {
  return { knobs: [{ name: 'variant', values: ['recurrent'], doc: 'placeholder' }], check: () => undefined, defaults: { variant: 'recurrent' } };
}
