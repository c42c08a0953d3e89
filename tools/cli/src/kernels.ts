/**
 * Which code generator makes a kernel for (op, target). Codegen packages are imported on demand so
 * that `kforge ops` or `reference` never load a backend they do not use.
 */
import { InputError, type OpDef, type ParamValue, type Params } from '@kforge/ir';
import { TARGETS, TARGET_NAMES, isTargetName, type KernelArtifact, type TargetClass, type TargetName } from '@kforge/target';

export type KernelConfig = Readonly<Record<string, ParamValue>>;
type Emitter = (target: TargetName, params: Params, config: KernelConfig) => KernelArtifact;

/** op -> target class -> the emitter; a missing entry is "not yet implemented". */
const EMITTERS: Readonly<Record<string, Partial<Record<TargetClass, () => Promise<Emitter>>>>> = {};

export function parseTarget(name: string): TargetName {
  if (!isTargetName(name)) throw new InputError(`unknown target '${name}' (known: ${TARGET_NAMES.join(', ')})`);
  return name;
}

/** Config values are knob values: numbers, booleans or strings (the emitter checks names and domains). */
export function parseConfig(raw: Record<string, unknown>): KernelConfig {
  for (const [name, value] of Object.entries(raw))
    if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'string')
      throw new InputError(`--config: knob '${name}' must be a number, boolean or string, got ${JSON.stringify(value)}`);
  return raw as KernelConfig;
}

export async function emitKernel(op: OpDef, target: TargetName, params: Params, config: KernelConfig): Promise<KernelArtifact> {
  const load = EMITTERS[op.name]?.[TARGETS[target].class];
  if (!load) throw new InputError(`not yet implemented for ${op.name} on ${target}`);
  return (await load())(target, params, config);
}

/** Whether a code generator exists for (op, target). */
export function hasEmitter(op: string, target: TargetName): boolean {
  return EMITTERS[op]?.[TARGETS[target].class] !== undefined;
}
