// placeholder until the rvv attention lowering lands
import { InputError, type KnobSpace, type ParamValue, type Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';

export function emitAttentionRvv(_params: Params, _config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  throw new InputError('attention on rvv: not built yet');
}

export function attentionRvvKnobSpace(_params: Params): KnobSpace {
  return { knobs: [], check: () => undefined, defaults: {} };
}
