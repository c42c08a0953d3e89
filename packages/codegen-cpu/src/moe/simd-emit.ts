/** PLACEHOLDER (replaced by the owner of this lowering): moe for this CPU target class. */
import type { KnobSpace, ParamValue, Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import type { CpuTarget } from '../gemv/knobs.ts';

export function emitMoeSimd(_target: CpuTarget, _params: Params, _config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  throw new Error('moe: this CPU lowering is not written yet');
}

export function moeSimdKnobSpace(_target: CpuTarget, _params: Params): KnobSpace {
  return { knobs: [], check: () => undefined, defaults: {} };
}
