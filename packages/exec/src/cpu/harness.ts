/**
 * Renders the C harness that feeds one CPU artifact (templates/cpu/*.hbs). All logic that runs on the
 * target is in the template; this file only prepares the values it prints.
 */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import { sizedBuffers, type ArtifactScalar, type KernelArtifact } from '@kforge/target';
import { POISON_BYTE } from '../executor.ts';
import { ExecError } from '../util/exec-error.ts';
import { allocBytes } from '../util/buffers.ts';
import type { CpuToolchain } from './toolchains.ts';

const templateDir = new URL('../../templates/cpu/', import.meta.url);
const load = (name: string): string => readFileSync(new URL(name, templateDir), 'utf8');

const handlebars = Handlebars.create();
handlebars.registerPartial('hosted', load('hosted.c.hbs'));
handlebars.registerPartial('freestanding', load('freestanding.c.hbs'));
const harnessTemplate = handlebars.compile(load('harness.c.hbs'), { noEscape: true, strict: true });

/** Buffer names become file names (in_<name>.bin) and C string literals: keep them plain. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;


const SCALAR_C_TYPE: Readonly<Record<ArtifactScalar['type'], string>> = { i32: 'int32_t', u32: 'uint32_t', f32: 'float' };

function scalarLiteral(s: ArtifactScalar): string {
  switch (s.type) {
    case 'i32': return `(int32_t)${s.value | 0}`;
    case 'u32': return `(uint32_t)${s.value >>> 0}u`;
    // through the bit pattern, so every f32 (also -0, inf, NaN) arrives exactly
    case 'f32': return `kf_f32_from_bits(0x${new Uint32Array(new Float32Array([s.value]).buffer)[0]!.toString(16)}u)`;
  }
}

export function renderCpuHarness(artifact: KernelArtifact, toolchain: CpuToolchain): string {
  const bufferIndex = new Map(artifact.buffers.map((b, i) => [b.name, i]));
  const scalars = new Map(artifact.scalars.map((s) => [s.name, s]));
  for (const b of artifact.buffers) {
    if (!PLAIN_NAME.test(b.name)) throw new ExecError('harness', `buffer name '${b.name}' is not a C identifier`);
  }

  const prototypes = new Map<string, string>();
  const dispatches = artifact.dispatches.map((d) => {
    const params: string[] = [];
    const args = d.args.map((name) => {
      const index = bufferIndex.get(name);
      if (index !== undefined) {
        params.push('void *');
        return `kf_buf[${index}]`;
      }
      const scalar = scalars.get(name);
      if (!scalar) throw new ExecError('harness', `dispatch ${d.entry} names '${name}', which is neither a buffer nor a scalar of the artifact`);
      params.push(SCALAR_C_TYPE[scalar.type]);
      return scalarLiteral(scalar);
    });
    const signature = params.join(', ') || 'void';
    const seen = prototypes.get(d.entry);
    if (seen !== undefined && seen !== signature) {
      throw new ExecError('harness', `entry ${d.entry} is dispatched with two different signatures: (${seen}) and (${signature})`);
    }
    prototypes.set(d.entry, signature);
    return { entry: d.entry, args };
  });

  const align = toolchain.bufferAlign;
  const buffers = sizedBuffers(artifact).map((b, index) => ({
    index, name: b.name, role: b.role, bytes: b.bytes, allocBytes: allocBytes(b.bytes),
    // rotated input copies start on `align` boundaries, like the originals
    copyStride: Math.ceil(allocBytes(b.bytes) / align) * align,
    input: b.role === 'in', output: b.role === 'out',
  }));
  return harnessTemplate({
    op: artifact.op,
    target: artifact.target,
    hosted: toolchain.hosted,
    align,
    arenaBytes: Math.max(align, buffers.reduce((sum, b) => sum + Math.ceil(b.allocBytes / align) * align, 0)),
    poisonByte: `0x${POISON_BYTE.toString(16).toUpperCase()}`,
    bufferCount: Math.max(1, buffers.length),
    buffers,
    prototypes: [...prototypes].map(([entry, params]) => ({ entry, params })),
    dispatches,
  });
}
