/**
 * The artifact of a CPU moe lowering (the contract of emit.ts), shared by the fixed-width SIMD, RVV and
 * HVX emitters: the contract's buffers in order for the params (x, w_gate, w_up, w_down with their
 * planes, router or ids + weights, y), then the scratch the lowering names, sized as expressions over
 * the run-time T; the one scalar T; one call per kernel, in order.
 */
import type { Kernel, KernelArithmetic, ParamValue, Params, WeightFormatName } from '@kforge/ir';
import { FORMATS, InputError, size, storedWeightBytes, type SizeExpr } from '@kforge/ir';
import type { ArtifactBuffer, KernelArtifact } from '@kforge/target';
import type { CpuTarget } from '../gemv/knobs.ts';

/** one scratch buffer of a lowering: its name, element type and bytes over T */
export interface MoeScratch {
  readonly name: string;
  readonly elem: ArtifactBuffer['elem'];
  readonly bytes: SizeExpr;
}

/** The compiled-in dims of the params (everything but T is compiled into the source). */
export function moeDims(params: Params): { T: number; H: number; I: number; E: number; topk: number; format: WeightFormatName; router: boolean; normTopk: boolean } {
  const [T, H, I, E, topk] = ['T', 'H', 'I', 'E', 'topk'].map((n) => Number(params[n])) as [number, number, number, number, number];
  const format = params.weight as WeightFormatName;
  const f = FORMATS[format];
  if (f.kind !== 'dense') {
    if (H % f.block !== 0) throw new InputError(`moe: H = ${H} is not a multiple of the ${format} block ${f.block}`);
    if (I % f.block !== 0) throw new InputError(`moe: I = ${I} is not a multiple of the ${format} block ${f.block}`);
  }
  if (topk > E) throw new InputError(`moe: topk = ${topk} exceeds E = ${E}`);
  return { T, H, I, E, topk, format, router: params.routing === 'router', normTopk: params.normTopk === true };
}

/** The contract's buffers (emit.ts) for these params, in order, before any scratch. */
export function moeContractBuffers(params: Params): ArtifactBuffer[] {
  const { H, I, E, topk, format, router } = moeDims(params);
  const buffer = (name: string, elem: ArtifactBuffer['elem'], bytes: SizeExpr, role: ArtifactBuffer['role']): ArtifactBuffer => ({ name, elem, bytes, role });
  const weight = (name: string, rows: number, K: number): ArtifactBuffer[] =>
    storedWeightBytes(format, name, rows, K).map((w) => buffer(w.name, w.dtype, w.bytes, 'in'));
  return [
    buffer('x', 'f32', size.mul('T', H * 4), 'in'),
    ...weight('w_gate', E * I, H),
    ...weight('w_up', E * I, H),
    ...weight('w_down', E * H, I),
    ...(router
      ? [buffer('router', 'f32', E * H * 4, 'in')]
      : [buffer('ids', 'i32', size.mul('T', topk * 4), 'in'), buffer('weights', 'f32', size.mul('T', topk * 4), 'in')]),
    buffer('y', 'f32', size.mul('T', H * 4), 'out'),
  ];
}

export interface MoeCpuArtifactParts {
  /** the kernels in call order; each is called with its own parameters (buffers and T) by name */
  readonly kernels: readonly Kernel[];
  /** file name -> source; the first file is the translation unit holding every kernel's entry */
  readonly files: Readonly<Record<string, string>>;
  readonly scratch: readonly MoeScratch[];
  /** OpenMP threads (0: the executor's default) */
  readonly threads: number;
  readonly arithmetic: KernelArithmetic;
}

/** The artifact of a CPU moe lowering: contract buffers, then the caller's scratch; scalar T; one dispatch per kernel. */
export function moeCpuArtifact(
  target: CpuTarget, params: Params, config: Readonly<Record<string, ParamValue>>, parts: MoeCpuArtifactParts,
): KernelArtifact {
  const { T } = moeDims(params);
  const buffers = [...moeContractBuffers(params), ...parts.scratch.map((s): ArtifactBuffer => ({ ...s, role: 'scratch' }))];
  const known = new Set(buffers.map((b) => b.name));
  for (const k of parts.kernels) {
    for (const p of k.params) {
      if (p.kind === 'buffer' && !known.has(p.name)) throw new Error(`moe ${target}: kernel ${k.name} names buffer '${p.name}', which is neither a contract buffer nor scratch`);
      if (p.kind !== 'buffer' && p.name !== 'T') throw new Error(`moe ${target}: kernel ${k.name} takes scalar '${p.name}'; only T is passed at run time`);
    }
  }
  return {
    op: 'moe', target, params, config, language: 'c',
    files: parts.files,
    buffers,
    scalars: [{ name: 'T', type: 'i32', value: T }],
    dispatches: parts.kernels.map((k) => ({ entry: k.name, args: k.params.map((p) => p.name) })),
    threads: parts.threads,
    arithmetic: parts.arithmetic,
  };
}
