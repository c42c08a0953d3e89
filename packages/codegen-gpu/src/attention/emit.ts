// placeholder until the SIMT attention lowering lands (artifact contract: codegen-cpu/src/attention/emit.ts)
import { InputError, type KnobSpace, type ParamValue, type Params } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import type { GpuTarget } from '../gemv/knobs.ts';

export function emitAttentionGpu(target: GpuTarget, _params: Params, _config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  throw new InputError(`attention on ${target}: not built yet`);
}

export function attentionGpuKnobSpace(_target: GpuTarget, _params: Params): KnobSpace {
  return { knobs: [], check: () => undefined, defaults: {} };
}
