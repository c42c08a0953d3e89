/**
 * Renders the C++ host that runs one MSL artifact on the Metal emulation (templates/metal/host.cpp.hbs).
 * The host includes the kernel after metal_emu.h and calls each entry with its buffers and scalars in
 * args order; thread-index parameters are supplied by the emulation (see the header's conventions).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { sizedBuffers, sizedDispatches, type KernelArtifact } from '@kforge/target';
import { allocBytes, scalarBits } from '../util/buffers.ts';
import { ExecError } from '../util/exec-error.ts';

/** The folder with metal_emu.h; its include/ subfolder holds the <metal_stdlib> shim. */
export const METAL_EMU_DIR = fileURLToPath(new URL('../../templates/metal/', import.meta.url));

const hostTemplate = Handlebars.create().compile(readFileSync(`${METAL_EMU_DIR}host.cpp.hbs`, 'utf8'), { noEscape: true, strict: true });

/** Buffer names become C string literals and file names; entries and file names are spliced into C++. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PLAIN_FILE = /^[\w.-]+$/;

const uint3 = (v: readonly [number, number, number] | undefined, what: string, entry: string): string => {
  if (!v || v.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new ExecError('harness', `dispatch ${entry}: ${what} must be three positive integers, got ${JSON.stringify(v)}`);
  }
  return `::uint3{${v.join(', ')}}`;
};

export function renderMetalHost(artifact: KernelArtifact): string {
  const kernelFile = Object.keys(artifact.files)[0];
  if (kernelFile === undefined) throw new ExecError('harness', `artifact ${artifact.op}/${artifact.target} has no source files`);
  for (const name of Object.keys(artifact.files)) {
    if (!PLAIN_FILE.test(name)) throw new ExecError('harness', `artifact file name '${name}' is not a plain file name`);
  }
  const bufferIndex = new Map(artifact.buffers.map((b, i) => [b.name, i]));
  const scalars = new Map(artifact.scalars.map((s) => [s.name, s]));
  for (const b of artifact.buffers) {
    if (!PLAIN_NAME.test(b.name)) throw new ExecError('harness', `buffer name '${b.name}' is not a C identifier`);
  }
  const dispatches = sizedDispatches(artifact).map((d) => {
    if (!PLAIN_NAME.test(d.entry)) throw new ExecError('harness', `entry '${d.entry}' is not a C identifier`);
    const args = d.args.map((name) => {
      const index = bufferIndex.get(name);
      if (index !== undefined) return `kf_host.buffer(${index})`;
      const scalar = scalars.get(name);
      if (!scalar) throw new ExecError('harness', `dispatch ${d.entry} names '${name}', which is neither a buffer nor a scalar of the artifact`);
      return `kf::ScalarArg(0x${scalarBits(scalar).toString(16)}u)`;
    });
    return { entry: d.entry, args: args.join(', '), grid: uint3(d.grid, 'grid', d.entry), workgroup: uint3(d.workgroup, 'workgroup', d.entry) };
  });
  return hostTemplate({
    op: artifact.op,
    target: artifact.target,
    kernelFile,
    buffers: sizedBuffers(artifact).map((b) => ({ name: b.name, bytes: b.bytes, allocBytes: allocBytes(b.bytes), role: b.role })),
    dispatches,
  });
}
