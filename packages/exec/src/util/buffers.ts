/**
 * Buffer facts every executor shares: allocation size (artifact ABI), the input check (a missing or
 * mis-sized input is bad input: exit 2), and the 4-byte word a scalar argument is passed as.
 */
import { InputError } from '@kforge/ir';
import { sizedBuffers, type ArtifactScalar, type KernelArtifact, type SizedBuffer } from '@kforge/target';

/** Buffers are allocated rounded up to 16 bytes (artifact.ts), so 32-bit views of byte data stay legal. */
export function allocBytes(bytes: number): number {
  return Math.max(16, Math.ceil(bytes / 16) * 16);
}

/** The input bytes of buffer `b`, checked against its size. */
export function inputFor(artifact: KernelArtifact, b: SizedBuffer, inputs: Readonly<Record<string, Uint8Array>>): Uint8Array {
  const data = inputs[b.name];
  if (!data) throw new InputError(`${artifact.op}/${artifact.target}: no input given for buffer '${b.name}'`);
  if (data.length !== b.bytes) throw new InputError(`${artifact.op}/${artifact.target}: input '${b.name}' has ${data.length} bytes, the buffer needs ${b.bytes}`);
  return data;
}

/** Checks every input buffer of the artifact. */
export function checkInputBuffers(artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>): void {
  for (const b of sizedBuffers(artifact)) if (b.role === 'in') inputFor(artifact, b, inputs);
}

/** The little-endian 4-byte word of a scalar argument (f32 as its bit pattern). */
export function scalarBits(s: Pick<ArtifactScalar, 'type' | 'value'>): number {
  const view = new DataView(new ArrayBuffer(4));
  if (s.type === 'f32') view.setFloat32(0, s.value, true);
  else if (s.type === 'i32') view.setInt32(0, s.value, true);
  else view.setUint32(0, s.value, true);
  return view.getUint32(0, true);
}
