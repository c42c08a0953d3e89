/**
 * How metal-emu's host and dawn's child exchange buffers with the executor: a run folder with
 * in_<name>.bin per input and out_<name>.bin per output, exactly `bytes` long; and scalars as the
 * little-endian 4-byte word a kernel's `constant T&` (MSL) or uniform member (WGSL) reads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '@kforge/ir';
import type { ArtifactScalar, KernelArtifact } from '@kforge/target';

/** Check every input against its buffer (a missing or mis-sized one is bad input: exit 2) and write it. */
export function writeInputFiles(artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>, runDir: string): void {
  for (const b of artifact.buffers) {
    if (b.role !== 'in') continue;
    const data = inputs[b.name];
    if (!data) throw new InputError(`${artifact.op}/${artifact.target}: no input given for buffer '${b.name}'`);
    if (data.length !== b.bytes) throw new InputError(`${artifact.op}/${artifact.target}: input '${b.name}' has ${data.length} bytes, the buffer needs ${b.bytes}`);
    writeFileSync(join(runDir, `in_${b.name}.bin`), data);
  }
}

export function readOutputFiles(artifact: KernelArtifact, runDir: string): Record<string, Uint8Array> {
  const outputs: Record<string, Uint8Array> = {};
  for (const b of artifact.buffers) {
    if (b.role === 'out') outputs[b.name] = new Uint8Array(readFileSync(join(runDir, `out_${b.name}.bin`)));
  }
  return outputs;
}

export function scalarBits(s: Pick<ArtifactScalar, 'type' | 'value'>): number {
  const view = new DataView(new ArrayBuffer(4));
  if (s.type === 'f32') view.setFloat32(0, s.value, true);
  else if (s.type === 'i32') view.setInt32(0, s.value, true);
  else view.setUint32(0, s.value, true);
  return view.getUint32(0, true);
}
