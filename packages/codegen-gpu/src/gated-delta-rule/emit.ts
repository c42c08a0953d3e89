/**
 * `emitGatedDeltaRuleGpu`: params + config -> a KernelArtifact for a GPU target (artifact contract:
 * codegen-cpu/src/gated-delta-rule/emit.ts): buffers q, k, v, g, beta, s0, o, s, then the chunked variant's
 * scratch; scalars B, T at run time, everything else compiled in. 'recurrent': one dispatch over (column
 * blocks, Hv, B); 'chunked': the prep dispatch over (chunks, Hv, B), the state walk over (column blocks, Hv, B),
 * then the outputs over (chunks x column blocks, Hv, B) (lower-simt.ts).
 */
import type { Kernel, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { size } from '@kforge/ir';
import { dynamicSharedBytes } from '@kforge/codegen-core';
import { TARGETS, type ArtifactBuffer, type Dispatch, type KernelArtifact } from '@kforge/target';
import { renderGpuFiles } from '../common/files.ts';
import { SIMT_CAPS, type GpuTarget } from '../gemv/knobs.ts';
import { gatedDeltaRuleGpuKnobSpace as knobSpace, gdrShape, recurrentLayout, resolveGdrConfig } from './knobs.ts';
import { chunkScratch, chunkedKernels, lowerRecurrent } from './lower-simt.ts';

export function gatedDeltaRuleGpuKnobSpace(target: GpuTarget, params: Params): KnobSpace {
  return knobSpace(target, params);
}

export function emitGatedDeltaRuleGpu(target: GpuTarget, params: Params, config: Readonly<Record<string, ParamValue>> = {}): KernelArtifact {
  const cfg = resolveGdrConfig(target, params, config);
  const shape = gdrShape(params);
  const caps = SIMT_CAPS[target];
  const { Hk, Hv, Dk, Dv } = shape;
  const tokens = size.mul('B', 'T');
  const buffers: ArtifactBuffer[] = [
    { name: 'q', elem: 'f32', bytes: size.mul(tokens, Hk * Dk * 4), role: 'in' },
    { name: 'k', elem: 'f32', bytes: size.mul(tokens, Hk * Dk * 4), role: 'in' },
    { name: 'v', elem: 'f32', bytes: size.mul(tokens, Hv * Dv * 4), role: 'in' },
    { name: 'g', elem: 'f32', bytes: size.mul(tokens, Hv * 4), role: 'in' },
    { name: 'beta', elem: 'f32', bytes: size.mul(tokens, Hv * 4), role: 'in' },
    { name: 's0', elem: 'f32', bytes: size.mul('B', Hv * Dk * Dv * 4), role: 'in' },
    { name: 'o', elem: 'f32', bytes: size.mul(tokens, Hv * Dv * 4), role: 'out' },
    { name: 's', elem: 'f32', bytes: size.mul('B', Hv * Dk * Dv * 4), role: 'out' },
  ];
  let kernels: Kernel[];
  const dispatches: Dispatch[] = [];
  const argsOf = (k: Kernel) => k.params.map((p) => p.name);
  if (cfg.variant === 'recurrent') {
    const k = lowerRecurrent(shape, cfg, caps);
    kernels = [k];
    const { threads } = recurrentLayout(shape, cfg, caps);
    dispatches.push({
      entry: k.name, args: argsOf(k), grid: [Math.ceil(Dv / cfg.block_v), Hv, 'B'], workgroup: [threads, 1, 1], ...(cfg.dependent_launch ? { dependentLaunch: true } : {}),
    });
  } else {
    const C = cfg.chunk;
    const chunks = size.mul('B', Hv, size.cdiv('T', C));
    for (const s of chunkScratch(shape, C)) buffers.push({ name: s.name, elem: 'f32', bytes: size.mul(chunks, s.floats * 4), role: 'scratch' });
    const { kernels: chunked, outBlocks } = chunkedKernels(shape, cfg, caps, target === 'cuda');
    const [prep, walk, out] = chunked;
    kernels = chunked;
    // CUDA launches pass each dispatch's launch-sized workgroup memory
    const launched = (k: Kernel): { dynamicSharedBytes?: number } => {
      const bytes = target === 'cuda' ? dynamicSharedBytes(k) : 0;
      return bytes > 0 ? { dynamicSharedBytes: bytes } : {};
    };
    dispatches.push(
      { entry: prep.name, args: argsOf(prep), grid: [size.cdiv('T', C), Hv, 'B'], workgroup: [cfg.workgroup_size, 1, 1], ...launched(prep) },
      { entry: walk.name, args: argsOf(walk), grid: [Math.ceil(Dv / cfg.block_v), Hv, 'B'], workgroup: [cfg.workgroup_size, 1, 1], ...launched(walk) },
      { entry: out.name, args: argsOf(out), grid: [size.mul(size.cdiv('T', C), outBlocks), Hv, 'B'], workgroup: [cfg.workgroup_size, 1, 1], ...launched(out) },
    );
  }
  return {
    op: 'gated_delta_rule', target, params, config: { ...cfg }, language: TARGETS[target].language,
    files: renderGpuFiles(target, kernels, 'gated_delta_rule'), buffers,
    scalars: [
      { name: 'B', type: 'i32', value: Number(params.B ?? 1) },
      { name: 'T', type: 'i32', value: Number(params.T) },
    ],
    dispatches,
  };
}
