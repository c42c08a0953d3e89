/**
 * The artifact of a rendered CPU gemv kernel (C ABI of target/artifact.ts), shared by the fixed-width
 * SIMD, RVV and HVX emitters: buffers sized as expressions over the run-time M, N and K.
 */
import type { Kernel, ParamValue, Params, WeightFormatName } from '@kforge/ir';
import { FORMATS, InputError, size, storedWeightBytes, type SizeExpr } from '@kforge/ir';
import type { ArtifactBuffer, KernelArtifact } from '@kforge/target';
import type { CpuTarget } from './knobs.ts';
import { XBLOCK } from './weights.ts';

/** The artifact of a rendered CPU gemv kernel: its buffers (sized from the params) in the kernel's parameter order. */
export function gemvCpuArtifact(
  target: CpuTarget, params: Params, config: Readonly<Record<string, ParamValue>>, kernel: Kernel, source: string, threads: number,
): KernelArtifact {
  const M = Number(params.M);
  const N = Number(params.N);
  const K = Number(params.K);
  const format = params.weight as WeightFormatName;
  const act = params.act as 'f32' | 'f16';
  const f = FORMATS[format];
  if (f.kind !== 'dense' && K % f.block !== 0) throw new InputError(`gemv: K = ${K} is not a multiple of the ${format} block ${f.block}`);
  // M, N and K are all passed at run time
  const sized = (name: string, elem: ArtifactBuffer['elem'], bytes: SizeExpr, role: ArtifactBuffer['role']): [string, ArtifactBuffer] =>
    [name, { name, elem, bytes, role }];
  const sizes: Record<string, ArtifactBuffer> = Object.fromEntries([
    sized('x', act, size.mul('M', 'K', act === 'f32' ? 4 : 2), 'in'),
    ...storedWeightBytes(format, 'W', 'N', 'K').map((w) => sized(w.name, w.dtype, w.bytes, 'in')),
    sized('bias', 'f32', size.mul('N', 4), 'in'),
    sized('y', 'f32', size.mul('M', 'N', 4), 'out'),
    sized('xf', 'f32', size.mul('M', 'K', 4), 'scratch'),
    sized('xq', 'i8', size.mul('M', 'K'), 'scratch'),
    sized('xd', 'f32', size.mul(size.div(size.mul('M', 'K'), XBLOCK), 4), 'scratch'),
    sized('xs', 'f32', size.mul('M', size.cdiv('K', XBLOCK), 4), 'scratch'),
  ]);
  const buffers = kernel.params.flatMap((p) => (p.kind === 'buffer' ? [sizes[p.name]!] : []));
  return {
    op: 'gemv', target, params, config, language: 'c',
    files: { [`${kernel.name}.c`]: source },
    buffers,
    scalars: [{ name: 'M', type: 'i32', value: M }, { name: 'N', type: 'i32', value: N }, { name: 'K', type: 'i32', value: K }],
    dispatches: [{ entry: kernel.name, args: kernel.params.map((p) => p.name) }],
    threads,
    // f16 inputs are widened to f32 before any arithmetic; only the int8 path rounds activations
    arithmetic: config.dot_path === 'int8' ? 'int8-activations' : 'f32',
  };
}
