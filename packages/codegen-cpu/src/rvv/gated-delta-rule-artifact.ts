/**
 * The shape and the artifact of a gated_delta_rule lowering that keeps its own loop skeleton (RVV, HVX):
 * the contract of gated-delta-rule/emit.ts (buffers q, k, v, g, beta, s0, o, s; scalars B, T; one
 * dispatch; s0 and s may be one buffer).
 */
import type { Kernel, ParamValue, Params } from '@kforge/ir';
import { getOp, resolveParams, size } from '@kforge/ir';
import type { ArtifactBuffer, KernelArtifact, TargetName } from '@kforge/target';

/** gated_delta_rule's compiled-in params with every default filled in */
export interface GdrShape {
  readonly Hk: number;
  readonly Hv: number;
  readonly Dk: number;
  readonly Dv: number;
  readonly scale: number;
  readonly l2norm: boolean;
}

export function gdrShape(raw: Params): { params: Params; shape: GdrShape } {
  const params = resolveParams(getOp('gated_delta_rule'), raw);
  const n = (k: string): number => Number(params[k]);
  return { params, shape: { Hk: n('Hk'), Hv: n('Hv'), Dk: n('Dk'), Dv: n('Dv'), scale: n('scale'), l2norm: !!params.l2norm } };
}

export function gdrCpuArtifact(target: TargetName, raw: Params, config: Readonly<Record<string, ParamValue>>, kernel: Kernel, source: string): KernelArtifact {
  const { params, shape: s } = gdrShape(raw);
  const tokens = (perToken: number) => size.mul('B', 'T', perToken * 4);
  const state = size.mul('B', s.Hv * s.Dk * s.Dv * 4);
  const buffers: ArtifactBuffer[] = [
    { name: 'q', elem: 'f32', bytes: tokens(s.Hk * s.Dk), role: 'in' },
    { name: 'k', elem: 'f32', bytes: tokens(s.Hk * s.Dk), role: 'in' },
    { name: 'v', elem: 'f32', bytes: tokens(s.Hv * s.Dv), role: 'in' },
    { name: 'g', elem: 'f32', bytes: tokens(s.Hv), role: 'in' },
    { name: 'beta', elem: 'f32', bytes: tokens(s.Hv), role: 'in' },
    { name: 's0', elem: 'f32', bytes: state, role: 'in' },
    { name: 'o', elem: 'f32', bytes: tokens(s.Hv * s.Dv), role: 'out' },
    { name: 's', elem: 'f32', bytes: state, role: 'out' },
  ];
  return {
    op: 'gated_delta_rule', target, params, config, language: 'c',
    files: { [`${kernel.name}.c`]: source },
    buffers,
    scalars: ['B', 'T'].map((name) => ({ name, type: 'i32' as const, value: Number(params[name]) })),
    dispatches: [{ entry: kernel.name, args: kernel.params.map((p) => p.name) }],
    // single-threaded: no riscv64 libomp for clang, no threads in a freestanding Hexagon program
    threads: 1,
    arithmetic: 'f32',
  };
}
