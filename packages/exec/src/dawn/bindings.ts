/**
 * Checks a WGSL artifact's bindings against the binding ABI (artifact.ts, wgsl line) with wgsl_reflect,
 * before anything runs: buffers are `var<storage>` at @group(0) @binding(i) in the order the dispatch
 * lists them, scalars one uniform struct of 4-byte members at the binding after the last buffer.
 * A mismatch is an ExecError('harness') that names the binding.
 */
import { ResourceType, WgslReflect, type FunctionInfo, type VariableInfo } from 'wgsl_reflect/wgsl_reflect.module.js';
import { sizedDispatches, sourceFileFor, type ArtifactScalar, type KernelArtifact, type SizedDispatch } from '@kforge/target';
import { ExecError } from '../util/exec-error.ts';
import { scalarBits } from '../util/buffers.ts';
import type { DawnBinding, DawnDispatch } from './protocol.ts';

function describe(v: VariableInfo): string {
  const kind = v.resourceType === ResourceType.Storage ? `var<storage, ${v.access}>` : v.resourceType === ResourceType.Uniform ? 'var<uniform>' : ResourceType[v.resourceType];
  return `@group(${v.group}) @binding(${v.binding}) ${kind} ${v.name}`;
}

function reflect(artifact: KernelArtifact, entry: string): { module: WgslReflect; code: string } {
  const file = sourceFileFor(artifact, entry);
  const code = file === undefined ? undefined : artifact.files[file];
  if (code === undefined) throw new ExecError('harness', `artifact ${artifact.op}/${artifact.target} has no WGSL file for entry '${entry}' (files: ${Object.keys(artifact.files).join(', ')})`);
  try {
    return { module: new WgslReflect(code), code };
  } catch (e) {
    throw new ExecError('compile', `wgsl_reflect cannot parse the WGSL of ${artifact.op}/${artifact.target}: ${(e as Error).message}`);
  }
}

function planDispatch(artifact: KernelArtifact, d: SizedDispatch): DawnDispatch {
  const { module, code } = reflect(artifact, d.entry);
  const where = `${artifact.op}/${artifact.target} entry ${d.entry}`;
  const entry: FunctionInfo | undefined = module.entry.compute.find((f) => f.name === d.entry);
  if (!entry) {
    throw new ExecError('harness', `${where}: the WGSL has no @compute entry point '${d.entry}' (it has: ${module.entry.compute.map((f) => f.name).join(', ') || 'none'})`);
  }
  if (!d.grid || d.grid.some((n) => !Number.isInteger(n) || n < 1)) throw new ExecError('harness', `${where}: grid must be three positive integers, got ${JSON.stringify(d.grid)}`);
  const declared = entry.workgroupSize;
  if (d.workgroup && declared && declared.some((n, i) => n !== d.workgroup![i])) {
    throw new ExecError('harness', `${where}: the shader declares @workgroup_size(${declared.join(', ')}), the dispatch says ${d.workgroup.join(' x ')}`);
  }

  const buffers = new Map(artifact.buffers.map((b) => [b.name, b]));
  const scalarsByName = new Map(artifact.scalars.map((s) => [s.name, s]));
  const bufferArgs = d.args.filter((a) => buffers.has(a));
  const scalarArgs = d.args.filter((a) => !buffers.has(a)).map((a) => {
    const s = scalarsByName.get(a);
    if (!s) throw new ExecError('harness', `${where}: argument '${a}' is neither a buffer nor a scalar of the artifact`);
    return s;
  });
  const uniformBinding = bufferArgs.length;
  const resources = [...module.storage, ...module.uniforms, ...module.textures, ...module.samplers];
  const at = (binding: number): VariableInfo | undefined => resources.find((v) => v.group === 0 && v.binding === binding);

  const bindings: DawnBinding[] = bufferArgs.map((name, binding) => {
    const v = at(binding);
    if (!v) throw new ExecError('harness', `${where}: buffer '${name}' belongs at @group(0) @binding(${binding}), which the shader does not declare`);
    if (v.resourceType !== ResourceType.Storage) {
      throw new ExecError('harness', `${where}: ${describe(v)} must be a var<storage> for buffer '${name}'`);
    }
    const role = buffers.get(name)!.role;
    // scratch may be read-only in the dispatch that consumes it (split-K partials); outputs never are
    if (role === 'out' && v.access !== 'read_write') {
      throw new ExecError('harness', `${where}: ${describe(v)} is read-only, but buffer '${name}' is written (role '${role}'): declare it var<storage, read_write>`);
    }
    return { binding, buffer: name, readOnly: v.access !== 'read_write' };
  });

  const uniform = scalarArgs.length ? { binding: uniformBinding, words: checkUniform(where, at(uniformBinding), uniformBinding, scalarArgs) } : undefined;
  for (const used of entry.resources) {
    if (used.group !== 0) throw new ExecError('harness', `${where}: ${describe(used)} is outside @group(0); the ABI binds everything in group 0`);
    if (used.binding > uniformBinding || (used.binding === uniformBinding && scalarArgs.length === 0)) {
      throw new ExecError('harness', `${where}: ${describe(used)} is not in the ABI: the dispatch binds ${bufferArgs.length} buffers at 0..${bufferArgs.length - 1}${scalarArgs.length ? ` and the scalar uniform at ${uniformBinding}` : ' and no scalars'}`);
    }
  }

  return { entry: d.entry, code, grid: d.grid, bindings, ...(uniform ? { uniform } : {}) };
}

/** The scalars' uniform struct: 4-byte members of the scalars' types in args order; returns their words. */
function checkUniform(where: string, u: VariableInfo | undefined, binding: number, scalars: readonly ArtifactScalar[]): number[] {
  const scalarNames = scalars.map((s) => s.name).join(', ');
  if (!u || u.resourceType !== ResourceType.Uniform) {
    throw new ExecError('harness', `${where}: the scalars (${scalarNames}) belong in a var<uniform> struct at @group(0) @binding(${binding}), ${u ? `but it holds ${describe(u)}` : 'which the shader does not declare'}`);
  }
  const members = u.members ?? [];
  if (members.length !== scalars.length) {
    throw new ExecError('harness', `${where}: ${describe(u)} has ${members.length} members, the dispatch passes ${scalars.length} scalars (${scalarNames})`);
  }
  scalars.forEach((s, i) => {
    const m = members[i]!;
    if (m.type.name !== s.type || m.offset !== 4 * i) {
      throw new ExecError('harness', `${where}: member ${i} of ${describe(u)} is '${m.name}: ${m.type.name}' at byte ${m.offset}, scalar '${s.name}' is ${s.type} at byte ${4 * i}`);
    }
  });
  return scalars.map(scalarBits);
}

/** The checked binding plan of every dispatch, and the WGSL source. */
export function planWgslDispatches(artifact: KernelArtifact): DawnDispatch[] {
  if (artifact.language !== 'wgsl') throw new ExecError('unavailable', `dawn runs wgsl artifacts, not ${artifact.language} (target ${artifact.target})`);
  return sizedDispatches(artifact).map((d) => planDispatch(artifact, d));
}
