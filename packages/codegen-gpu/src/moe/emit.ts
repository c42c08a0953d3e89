/**
 * `emitMoeGpu`: params + config -> a KernelArtifact for a GPU target, keeping the artifact contract of
 * codegen-cpu/src/moe/emit.ts: buffers x, w_gate, w_up, w_down (with their planes), router or ids and
 * weights, y, then scratch; one run-time scalar T, everything else compiled in; the expert grids stated
 * at their worst case (min(E, T·topk) active experts) with idle workgroups storing nothing (lower-simt.ts).
 */
import type { Kernel, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { MAX_GRID_DIM, size, splitGrid, storedWeightBytes } from '@kforge/ir';
import { TARGETS, type ArtifactBuffer, type Dispatch, type KernelArtifact } from '@kforge/target';
import { dynamicSharedBytes } from '@kforge/codegen-core';
import { renderGpuFiles } from '../common/files.ts';
import { SIMT_CAPS, type GpuTarget } from '../gemv/knobs.ts';
import { moeGpuKnobSpace as knobSpace, moeShape, resolveMoeConfig } from './knobs.ts';
import {
  COMBINE_ENTRY, COMBINE_WORKGROUP, DOWN_COMBINE_ENTRY, DOWN_ENTRY, GATE_UP_ENTRY, GROUP_ENTRY, HIDDEN, LOGITS, LOGITS_ENTRY, LOGITS_ROWS, LOGITS_TOKENS,
  META, PARTIAL, ROUTE_ENTRY, ROUTE_GROUP_ENTRY, ROUTE_IDS, ROUTE_WEIGHTS, lowerMoeSimt, metaLayout,
} from './lower-simt.ts';
import { DOWN_MMA_ENTRY, GATE_UP_MMA_ENTRY, HIDDEN_HALF, TILE_FIELDS, X_HALF, X_HALF_ENTRY, X_HALF_WORKGROUP, tileListBound } from './tiled-mma.ts';

export function moeGpuKnobSpace(target: GpuTarget, params: Params): KnobSpace {
  return knobSpace(target, params);
}

export function emitMoeGpu(target: GpuTarget, params: Params, config: Readonly<Record<string, ParamValue>> = {}): KernelArtifact {
  const cfg = resolveMoeConfig(target, params, config);
  const shape = moeShape(params);
  const caps = SIMT_CAPS[target];
  const { H, I, E, topk } = shape;
  // WGSL demands barriers in control flow its uniformity analysis proves uniform
  const kernels = lowerMoeSimt(shape, cfg, caps, target === 'wgsl');
  const kernel = (name: string) => kernels.find((k) => k.name === name);
  const elemOf = (name: string) => {
    for (const k of kernels) for (const p of k.params) if (p.kind === 'buffer' && p.name === name) return p.elem;
    throw new Error(`moe/${target}: no kernel reads buffer ${name}`);
  };
  const P = size.mul('T', topk);
  const tiled = cfg.variant === 'tiled';
  const weight = (name: string, rows: number, K: number): ArtifactBuffer[] =>
    storedWeightBytes(shape.weight, name, rows, K).map((s) => ({ name: s.name, elem: elemOf(s.name), bytes: s.bytes, role: 'in' as const }));
  const buffers: ArtifactBuffer[] = [
    { name: 'x', elem: 'f32', bytes: size.mul('T', H * 4), role: 'in' },
    ...weight('w_gate', E * I, H),
    ...weight('w_up', E * I, H),
    ...weight('w_down', E * H, I),
  ];
  if (shape.routing === 'router') buffers.push({ name: 'router', elem: 'f32', bytes: E * H * 4, role: 'in' });
  else {
    buffers.push({ name: 'ids', elem: 'i32', bytes: size.mul(P, 4), role: 'in' }, { name: 'weights', elem: 'f32', bytes: size.mul(P, 4), role: 'in' });
  }
  buffers.push({ name: 'y', elem: 'f32', bytes: size.mul('T', H * 4), role: 'out' });
  if (shape.routing === 'router') {
    buffers.push(
      { name: LOGITS, elem: 'f32', bytes: size.mul('T', E * 4), role: 'scratch' },
      { name: ROUTE_IDS, elem: 'i32', bytes: size.mul(P, 4), role: 'scratch' },
      { name: ROUTE_WEIGHTS, elem: 'f32', bytes: size.mul(P, 4), role: 'scratch' },
    );
  }
  // (pair_grid: no group dispatch, no meta)
  const meta: ArtifactBuffer[] = kernels.some((k) => k.params.some((p) => p.name === META))
    // the tiled variant's tile list after the permutation and its inverse (its length, then TILE_FIELDS a tile)
    ? [{ name: META, elem: 'i32', bytes: size.mul(size.add(size.add(metaLayout(E).perm, size.mul(P, 2)), tiled ? size.add(1, size.mul(tileListBound(shape, cfg.tile_m), TILE_FIELDS)) : 0), 4), role: 'scratch' }]
    : [];
  buffers.push(
    ...meta,
    ...(tiled
      ? [{ name: X_HALF, elem: 'u32', bytes: size.mul('T', H * 2), role: 'scratch' }, { name: HIDDEN_HALF, elem: 'u32', bytes: size.mul(P, I * 2), role: 'scratch' }] as ArtifactBuffer[]
      : [{ name: HIDDEN, elem: 'f32', bytes: size.mul(P, I * 4), role: 'scratch' } as ArtifactBuffer]),
    // the fused down + combine writes y directly
    ...(kernel(COMBINE_ENTRY) ? [{ name: PARTIAL, elem: 'f32', bytes: size.mul(P, H * 4), role: 'scratch' } as ArtifactBuffer] : []),
  );
  const slots = size.min(E, P);
  const grids: Record<string, readonly [ParamOrSize, ParamOrSize, ParamOrSize]> = {
    [LOGITS_ENTRY]: [Math.ceil(E / LOGITS_ROWS), size.cdiv('T', LOGITS_TOKENS), 1],
    [ROUTE_ENTRY]: splitGrid('T'),
    [GROUP_ENTRY]: [1, 1, 1],
    [ROUTE_GROUP_ENTRY]: [1, 1, 1],
    [DOWN_COMBINE_ENTRY]: [Math.ceil(H / cfg.rows), 'T', 1],
    [GATE_UP_ENTRY]: [Math.ceil(I / cfg.rows), cfg.pair_grid ? size.min(P, MAX_GRID_DIM) : slots, 1],
    [DOWN_ENTRY]: [Math.ceil(H / cfg.rows), slots, 1],
    [X_HALF_ENTRY]: splitGrid(size.cdiv(size.mul('T', H / 8), X_HALF_WORKGROUP)),
    [GATE_UP_MMA_ENTRY]: [Math.ceil(I / cfg.tile_n), tileListBound(shape, cfg.tile_m), 1],
    [DOWN_MMA_ENTRY]: [Math.ceil(H / cfg.tile_n), tileListBound(shape, cfg.tile_m), 1],
    [COMBINE_ENTRY]: splitGrid(size.cdiv(size.mul('T', H), COMBINE_WORKGROUP)),
  };
  const argsOf = (k: Kernel) => k.params.map((p) => p.name);
  const dispatches: Dispatch[] = kernels.map((k) => {
    const shared = dynamicSharedBytes(k);
    return {
      entry: k.name, args: argsOf(k), grid: grids[k.name]!, workgroup: k.workgroupSize as [number, number, number],
      ...(shared > 0 ? { dynamicSharedBytes: shared } : {}), ...(cfg.dependent_launch ? { dependentLaunch: true } : {}),
    };
  });
  const files = renderGpuFiles(target, kernels, 'moe', cfg.subgroup_reduce ? { subgroups: true } : {});
  const features = target === 'wgsl' && Object.values(files).some((f) => /^enable subgroups;/m.test(f)) ? ['subgroups'] : [];
  return {
    op: 'moe', target, params, config: { ...cfg }, language: TARGETS[target].language,
    ...(features.length ? { features } : {}),
    // the tiled expert GEMMs round x, the weights and the hidden rows to f16 operands; the int8 path the activations
    ...(tiled ? { arithmetic: 'half' as const } : cfg.dot_path === 'int8' ? { arithmetic: 'int8-activations' as const } : {}),
    files, buffers,
    scalars: [{ name: 'T', type: 'i32', value: Number(params.T) }],
    dispatches,
  };
}

type ParamOrSize = Parameters<typeof size.min>[0];
