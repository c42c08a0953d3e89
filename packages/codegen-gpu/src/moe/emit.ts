/**
 * PLACEHOLDER (replaced by the owner of the SIMT lowering): `emitMoeGpu`, params + config -> a
 * KernelArtifact for a GPU target, keeping the artifact contract of codegen-cpu/src/moe/emit.ts.
 */
import type { KnobSpace, ParamValue, Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import type { GpuTarget } from '../gemv/knobs.ts';

export function emitMoeGpu(_target: GpuTarget, _params: Params, _config: Readonly<Record<string, ParamValue>> = {}): KernelArtifact {
  throw new Error('moe: the GPU lowering is not written yet');
}

export function moeGpuKnobSpace(_target: GpuTarget, _params: Params): KnobSpace {
  return { knobs: [], check: () => undefined, defaults: {} };
}
