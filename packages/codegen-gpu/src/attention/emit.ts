/**
 * `emitAttentionGpu`: params + config -> a KernelArtifact for a GPU target (artifact contract:
 * codegen-cpu/src/attention/emit.ts): buffers q, k, v, o then the split-KV scratch; scalars B, Sq, Skv
 * at run time, everything else compiled in; grids over (row tiles, kv splits, B·Hkv) and, with splits,
 * a combine dispatch over the query rows.
 */
import type { Kernel, KnobConfig, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { resolveKnobs, size, splitGrid, storedWeightBytes, type WeightFormatName } from '@kforge/ir';
import { TARGETS, type ArtifactBuffer, type Dispatch, type KernelArtifact } from '@kforge/target';
import { dynamicSharedBytes } from '@kforge/codegen-core';
import { renderGpuFiles } from '../common/files.ts';
import { SIMT_CAPS, type GpuTarget } from '../gemv/knobs.ts';
import { attentionGpuKnobSpace as simtKnobSpace, resolveAttentionConfig } from './knobs.ts';
import { MMA_KNOB_VALUES, emitPrefillMma, mmaKnobValues, tensorCoreConfigProblem, tensorCoreDefaults } from './prefill-mma.ts';
import {
  ATTENTION_ENTRY, COMBINE_ENTRY, COMBINE_WORKGROUP, PARTIAL_ML, PARTIAL_O, attentionShape, kvElem, lowerAttentionSimt,
} from './lower-simt.ts';

/**
 * The SIMT knob space with the tensor-core prefill (prefill-mma.ts) on CUDA: mma 'tensor_core' with its tile
 * sizes added to block_q and block_kv, its own rules, and the prefill default where it serves the params.
 */
export function attentionGpuKnobSpace(target: GpuTarget, params: Params): KnobSpace {
  const simt = simtKnobSpace(target, params);
  const mma = mmaKnobValues(target);
  if (mma.length === 1) return simt;
  const simtValues = (name: string) => simt.knobs.find((k) => k.name === name)!.values;
  const knobs = simt.knobs.map((k) => {
    if (k.name === 'mma') return { ...k, values: mma, doc: "'none': SIMT multiply-adds; 'tensor_core': mma.sync tiles of block_q rows x block_kv keys (prefill-mma.ts)" };
    if (k.name === 'block_q' || k.name === 'block_kv') return { ...k, values: [...new Set([...k.values, ...MMA_KNOB_VALUES[k.name]])] };
    return k;
  });
  const check = (c: KnobConfig): string | undefined => {
    if (c.mma === 'tensor_core') {
      // knobs the tensor-core kernel does not read stay at their defaults, so that a search visits each kernel once
      for (const name of ['vector_width', 'subgroup_reduce', 'kv_stages', 'dependent_launch', 'lazy_rescale']) {
        if (c[name] !== undefined && c[name] !== simt.defaults[name]) return `mma 'tensor_core' does not use ${name}: leave it at ${String(simt.defaults[name])}`;
      }
      return tensorCoreConfigProblem(params, c);
    }
    for (const name of ['block_q', 'block_kv']) {
      if (!simtValues(name).includes(c[name]!)) return `${name} ${String(c[name])} is a tile size of mma 'tensor_core' only`;
    }
    return simt.check(c);
  };
  const tensorCore = tensorCoreDefaults(target, params);
  return { knobs, check, defaults: tensorCore ? { ...simt.defaults, ...tensorCore } : simt.defaults };
}

export function emitAttentionGpu(target: GpuTarget, params: Params, config: Readonly<Record<string, ParamValue>> = {}): KernelArtifact {
  // the tensor-core path where the config asks for it or the default is it and the given knobs fit it
  if (config.mma !== 'none' && mmaKnobValues(target).includes('tensor_core')) {
    const space = attentionGpuKnobSpace(target, params);
    if (config.mma === 'tensor_core' || space.defaults.mma === 'tensor_core') {
      let chosen: KnobConfig | undefined;
      try {
        chosen = resolveKnobs(space, config, `attention/${target}`);
      } catch (err) {
        if (config.mma === 'tensor_core') throw err;
      }
      if (chosen?.mma === 'tensor_core') return emitPrefillMma(params, { block_q: Number(chosen.block_q), block_kv: Number(chosen.block_kv) }, chosen);
    }
  }
  const cfg = resolveAttentionConfig(target, params, config);
  const shape = attentionShape(params);
  // CUDA spells exp2 as the one MUFU instruction: scores in base 2 there
  const kernels = lowerAttentionSimt(params, cfg, SIMT_CAPS[target], { exp2: target === 'cuda' });
  const S = cfg.kv_splits;
  const kv = shape.kv as WeightFormatName;
  const elem = kvElem(shape.kv);
  const queryRows = size.mul('B', shape.Hq, 'Sq');
  const stored = (name: 'k' | 'v', width: number): ArtifactBuffer => {
    const [s] = storedWeightBytes(kv, name, size.mul('B', shape.Hkv, 'Skv'), width);
    return { name, elem, bytes: s!.bytes, role: 'in' };
  };
  const buffers: ArtifactBuffer[] = [
    { name: 'q', elem: 'f32', bytes: size.mul(queryRows, shape.D, 4), role: 'in' },
    stored('k', shape.D),
    stored('v', shape.Dv),
    { name: 'o', elem: 'f32', bytes: size.mul(queryRows, shape.Dv, 4), role: 'out' },
  ];
  if (S > 1) {
    buffers.push(
      { name: PARTIAL_ML, elem: 'f32', bytes: size.mul(queryRows, S * 2 * 4), role: 'scratch' },
      { name: PARTIAL_O, elem: 'f32', bytes: size.mul(queryRows, S * shape.Dv * 4), role: 'scratch' },
    );
  }
  const argsOf = (k: Kernel) => k.params.map((p) => p.name);
  const main = kernels.find((k) => k.name === ATTENTION_ENTRY)!;
  const dispatches: Dispatch[] = [{
    entry: main.name, args: argsOf(main),
    grid: [size.cdiv(size.mul('Sq', shape.G), cfg.block_q), S, size.mul('B', shape.Hkv)],
    workgroup: [cfg.workgroup_size, 1, 1],
  }];
  const combine = kernels.find((k) => k.name === COMBINE_ENTRY);
  if (combine) dispatches.push({ entry: combine.name, args: argsOf(combine), grid: splitGrid(queryRows), workgroup: [COMBINE_WORKGROUP, 1, 1] });
  const launched = dispatches.map((d) => {
    const bytes = target === 'cuda' ? dynamicSharedBytes(kernels.find((k) => k.name === d.entry)!) : 0;
    const shared = bytes > 0 ? { ...d, dynamicSharedBytes: bytes } : d;
    return cfg.dependent_launch ? { ...shared, dependentLaunch: true } : shared;
  });
  return {
    op: 'attention', target, params, config: { ...cfg }, language: TARGETS[target].language,
    files: renderGpuFiles(target, kernels, 'attention'), buffers,
    scalars: [
      { name: 'B', type: 'i32', value: Number(params.B ?? 1) },
      { name: 'Sq', type: 'i32', value: Number(params.Sq) },
      { name: 'Skv', type: 'i32', value: Number(params.Skv) },
    ],
    dispatches: launched,
  };
}

