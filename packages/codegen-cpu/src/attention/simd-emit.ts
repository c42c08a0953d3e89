// placeholder until the fixed-width SIMD attention lowering lands
import { InputError, type KnobSpace, type ParamValue, type Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import type { CpuSimdTarget } from '../gemv/knobs.ts';

export function emitAttentionSimd(target: CpuSimdTarget, _params: Params, _config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  throw new InputError(`attention on ${target}: not built yet`);
}

export function attentionSimdKnobSpace(_target: CpuSimdTarget, _params: Params): KnobSpace {
  return { knobs: [], check: () => undefined, defaults: {} };
}
