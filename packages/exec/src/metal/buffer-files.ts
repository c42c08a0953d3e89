/**
 * How metal-emu's host and dawn's child exchange buffers with the executor: a run folder with
 * in_<name>.bin per input and out_<name>.bin per output, exactly `bytes` long; and scalars as the
 * little-endian 4-byte word a kernel's `constant T&` (MSL) or uniform member (WGSL) reads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';
import { inputFor } from '../util/buffers.ts';

/** Check every input against its buffer (a missing or mis-sized one is bad input: exit 2) and write it. */
export function writeInputFiles(artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>, runDir: string): void {
  for (const b of sizedBuffers(artifact)) {
    if (b.role !== 'in') continue;
    writeFileSync(join(runDir, `in_${b.name}.bin`), inputFor(artifact, b, inputs));
  }
}

export function readOutputFiles(artifact: KernelArtifact, runDir: string): Record<string, Uint8Array> {
  const outputs: Record<string, Uint8Array> = {};
  for (const b of artifact.buffers) {
    if (b.role === 'out') outputs[b.name] = new Uint8Array(readFileSync(join(runDir, `out_${b.name}.bin`)));
  }
  return outputs;
}

