/**
 * The artifact of a CPU attention lowering that keeps its own loop skeleton (RVV, HVX): the contract of
 * attention/emit.ts. Buffers q, k, v, o, then the scratch the kernels name; scalars B, Sq, Skv; one
 * dispatch per kernel (the split-KV combine is the second), all printed into one translation unit.
 */
import type { Kernel, KernelArithmetic, ParamValue, Params, WeightFormatName } from '@kforge/ir';
import { getOp, resolveParams, size, storedWeightBytes, type SizeExpr } from '@kforge/ir';
import type { ArtifactBuffer, KernelArtifact, TargetName } from '@kforge/target';
import type { Dialect } from '@kforge/codegen-core';
import { renderKernel } from '@kforge/codegen-core';
import { XBLOCK } from '../gemv/weights.ts';

/** attention's params with every default filled in, as numbers */
export interface AttentionShape {
  readonly Hq: number;
  readonly Hkv: number;
  readonly D: number;
  readonly Dv: number;
  readonly causal: boolean;
  readonly window: number;
  readonly scale: number;
  readonly kv: 'f32' | 'f16' | 'q8_0';
  /** Hq / Hkv: query heads per kv head */
  readonly group: number;
}

export function attentionShape(raw: Params): { params: Params; shape: AttentionShape } {
  const params = resolveParams(getOp('attention'), raw);
  const n = (k: string): number => Number(params[k]);
  const shape: AttentionShape = {
    Hq: n('Hq'), Hkv: n('Hkv'), D: n('D'), Dv: n('Dv'), causal: !!params.causal, window: n('window'), scale: n('scale'),
    kv: params.kv as AttentionShape['kv'], group: n('Hq') / n('Hkv'),
  };
  return { params, shape };
}

/** a scratch buffer: bytes over B, Sq, Skv */
export interface AttentionScratch {
  readonly name: string;
  readonly elem: ArtifactBuffer['elem'];
  readonly bytes: SizeExpr;
}

/** query rows B * Hq * Sq as a size */
export const queryRowsSize = (s: AttentionShape): SizeExpr => size.mul('B', 'Sq', s.Hq);

/** scratch: int8 path the quantized q; kv_splits > 1 the parts' (m, l, o) */
export function attentionScratch(shape: AttentionShape, splits: number, int8: boolean): AttentionScratch[] {
  const rows = queryRowsSize(shape);
  const out: AttentionScratch[] = [];
  if (splits > 1) {
    out.push({ name: 'part_m', elem: 'f32', bytes: size.mul(rows, splits * 4) });
    out.push({ name: 'part_l', elem: 'f32', bytes: size.mul(rows, splits * 4) });
    out.push({ name: 'part_o', elem: 'f32', bytes: size.mul(rows, splits * shape.Dv * 4) });
  }
  if (int8) {
    out.push({ name: 'qq', elem: 'i8', bytes: size.mul(rows, shape.D) });
    out.push({ name: 'qd', elem: 'f32', bytes: size.mul(rows, (shape.D / XBLOCK) * 4) });
  }
  return out;
}

/**
 * Several kernels in one C translation unit: the first as rendered, each later one from its
 * signature on (the preamble is the dialect's, the same for all of them).
 */
export function renderKernels(kernels: readonly Kernel[], dialect: Dialect): string {
  return kernels.map((k, i) => {
    const text = renderKernel(k, dialect);
    if (i === 0) return text;
    const at = text.indexOf(`\n\n${dialect.kernelPrefix} ${k.name}(`);
    if (at < 0) throw new Error(`renderKernels: no signature of ${k.name}`);
    return text.slice(at + 2);
  }).join('\n');
}

export function attentionCpuArtifact(
  target: TargetName, raw: Params, config: Readonly<Record<string, ParamValue>>, kernels: readonly Kernel[], source: string,
  scratch: readonly AttentionScratch[], arithmetic: KernelArithmetic, threads: number,
): KernelArtifact {
  const { params, shape } = attentionShape(raw);
  const kv = shape.kv as WeightFormatName;
  const kvRows = size.mul('B', 'Skv', shape.Hkv);
  const stored = (name: 'k' | 'v', width: number): ArtifactBuffer => {
    const [t] = storedWeightBytes(kv, name, kvRows, width);
    return { name, elem: t!.dtype, bytes: t!.bytes, role: 'in' };
  };
  const buffers: ArtifactBuffer[] = [
    { name: 'q', elem: 'f32', bytes: size.mul(queryRowsSize(shape), shape.D * 4), role: 'in' },
    stored('k', shape.D),
    stored('v', shape.Dv),
    { name: 'o', elem: 'f32', bytes: size.mul(queryRowsSize(shape), shape.Dv * 4), role: 'out' },
    ...scratch.map((s): ArtifactBuffer => ({ ...s, role: 'scratch' })),
  ];
  return {
    op: 'attention', target, params, config, language: 'c',
    files: { [`${kernels[0]!.name}.c`]: source },
    buffers,
    scalars: ['B', 'Sq', 'Skv'].map((name) => ({ name, type: 'i32' as const, value: Number(params[name]) })),
    dispatches: kernels.map((k) => ({ entry: k.name, args: k.params.map((p) => p.name) })),
    threads,
    arithmetic,
  };
}
