/**
 * `emitGemvGpu`: params + config -> a KernelArtifact for a GPU target (artifact.ts ABI): the lowered
 * kernels rendered in the target's language, the buffers with their sizes and the dispatches.
 */
import type { Kernel, ParamValue, Params } from '@kforge/ir';
import { size, splitGrid, storedWeightBytes } from '@kforge/ir';
import { TARGETS, type ArtifactBuffer, type Dispatch, type KernelArtifact } from '@kforge/target';
import { dynamicSharedBytes } from '@kforge/codegen-core';
import { renderGpuFiles } from '../common/files.ts';
import { resolveGemvConfig, SIMT_CAPS, type GpuTarget } from './knobs.ts';
import {
  GEMV_ENTRY, QUANTIZE_X_ENTRY, QUANTIZE_X_WORKGROUP, REDUCE_WORKGROUP, SPLITK_REDUCE_ENTRY, XQ_BUFFER, XS_BUFFER,
  gemvShape, lowerGemvSimt,
} from './lower-simt.ts';
import { quantizedXBytes } from './weight-chunks.ts';

export function emitGemvGpu(target: GpuTarget, params: Params, config: Readonly<Record<string, ParamValue>> = {}): KernelArtifact {
  const cfg = resolveGemvConfig(target, params, config);
  const shape = gemvShape(params);
  const M = shape.M;
  const N = Number(params.N);
  const K = Number(params.K);
  const kernels = lowerGemvSimt(params, cfg, SIMT_CAPS[target]);
  // M is compiled in (the kernels unroll over the rows); N and K are passed at run time
  const elemOfParam = (name: string) => {
    for (const k of kernels) for (const p of k.params) if (p.kind === 'buffer' && p.name === name) return p.elem;
    throw new Error(`gemv/${target}: no kernel reads buffer ${name}`);
  };
  const buffers: ArtifactBuffer[] = [
    { name: 'x', elem: elemOfParam('x'), bytes: size.mul(M, 'K', shape.act === 'f32' ? 4 : 2), role: 'in' },
    ...storedWeightBytes(shape.weight, 'W', 'N', 'K').map((s) => ({ name: s.name, elem: elemOfParam(s.name), bytes: s.bytes, role: 'in' as const })),
  ];
  if (shape.bias) buffers.push({ name: 'bias', elem: 'f32', bytes: size.mul('N', 4), role: 'in' });
  buffers.push({ name: 'y', elem: 'f32', bytes: size.mul(M, 'N', 4), role: 'out' });
  const int8 = cfg.dot_path === 'int8';
  // the workgroup variant keeps the quantized x in workgroup memory sized for this K: the code serves K up to it
  const inWorkgroup = int8 && cfg.quantize_x === 'workgroup';
  if (int8 && cfg.quantize_x === 'dispatch') {
    const bytes = quantizedXBytes(M, 'K', shape.weight);
    buffers.push({ name: XQ_BUFFER, elem: 'u32', bytes: bytes.xq, role: 'scratch' });
    buffers.push({ name: XS_BUFFER, elem: 'f32', bytes: bytes.xs, role: 'scratch' });
  }
  if (cfg.split_k > 1) buffers.push({ name: 'partial', elem: 'f32', bytes: size.mul(cfg.split_k * M, 'N', 4), role: 'scratch' });
  const argsOf = (k: Kernel) => k.params.map((p) => p.name);
  const kernel = (name: string) => kernels.find((k) => k.name === name);
  const dispatches: Dispatch[] = [];
  const quantize = kernel(QUANTIZE_X_ENTRY);
  if (quantize) {
    dispatches.push({
      entry: quantize.name, args: argsOf(quantize), grid: splitGrid(size.cdiv(size.mul(M, 'K'), 4 * QUANTIZE_X_WORKGROUP)),
      workgroup: [QUANTIZE_X_WORKGROUP, 1, 1],
    });
  }
  const main = kernel(GEMV_ENTRY)!;
  dispatches.push({
    entry: main.name, args: argsOf(main), grid: splitGrid(size.cdiv('N', cfg.rows_per_block), cfg.split_k),
    workgroup: [cfg.workgroup_size, 1, 1],
  });
  const reduce = kernel(SPLITK_REDUCE_ENTRY);
  if (reduce) dispatches.push({ entry: reduce.name, args: argsOf(reduce), grid: [size.cdiv(size.mul(M, 'N'), REDUCE_WORKGROUP), 1, 1], workgroup: [REDUCE_WORKGROUP, 1, 1] });
  // CUDA launches pass the kernel's dynamic shared memory (none today: the field stays absent and the artifact unchanged)
  const withShared = dispatches.map((d) => {
    const bytes = target === 'cuda' ? dynamicSharedBytes(kernel(d.entry)!) : 0;
    return bytes > 0 ? { ...d, dynamicSharedBytes: bytes } : d;
  });
  const launched = cfg.dependent_launch ? withShared.map((d) => ({ ...d, dependentLaunch: true })) : withShared;
  const files = renderGpuFiles(target, kernels, 'gemv', cfg.subgroup_reduce ? { subgroups: true } : {});
  // a module that enables subgroups compiles only on a device created with the feature: the executor asks for it
  const features = target === 'wgsl' && Object.values(files).some((f) => /^enable subgroups;/m.test(f)) ? ['subgroups'] : [];
  return {
    op: 'gemv', target, params, config: { ...cfg }, language: TARGETS[target].language,
    ...(int8 ? { arithmetic: 'int8-activations' as const } : {}),
    ...(inWorkgroup ? { maxK: K } : {}),
    ...(features.length ? { features } : {}),
    files, buffers,
    scalars: [{ name: 'M', type: 'i32', value: M }, { name: 'N', type: 'i32', value: N }, { name: 'K', type: 'i32', value: K }],
    compiledScalars: ['M'],
    dispatches: launched,
  };
}
