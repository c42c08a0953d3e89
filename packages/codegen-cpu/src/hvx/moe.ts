/** PLACEHOLDER (replaced by the owner of this lowering): moe for this CPU target class. */
import type { KnobSpace, ParamValue, Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';


export function emitMoeHvx(_params: Params, _config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  throw new Error('moe: this CPU lowering is not written yet');
}

export function moeHvxKnobSpace(_params: Params): KnobSpace {
  return { knobs: [], check: () => undefined, defaults: {} };
}
