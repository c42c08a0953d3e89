// placeholder until the hvx attention lowering lands
import { InputError, type KnobSpace, type ParamValue, type Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';

export function emitAttentionHvx(_params: Params, _config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  throw new InputError('attention on hvx: not built yet');
}

export function attentionHvxKnobSpace(_params: Params): KnobSpace {
  return { knobs: [], check: () => undefined, defaults: {} };
}
