/**
 * Every executor kforge knows, in one list. Adding a backend: export one Executor object from its
 * folder, add one import line and one entry to EXECUTORS below.
 */
import { TARGETS, type ExecutorName, type TargetName } from '@kforge/target';
import type { Executor } from './executor.ts';
import { CPU_EXECUTORS } from './cpu/executors.ts';
import { gpuBundleExecutor, lavapipeExecutor, poclExecutor } from './gpu/index.ts';
import { dawnExecutor } from './dawn/dawn.ts';
import { metalEmuExecutor } from './metal/metal-emu.ts';

export const EXECUTORS: readonly Executor[] = [
  ...CPU_EXECUTORS,
  poclExecutor, lavapipeExecutor, gpuBundleExecutor, dawnExecutor, metalEmuExecutor,
];

/** Executors that can run `target`, in the target's order of preference (targets.ts). */
export function executorsFor(target: TargetName): Executor[] {
  const preference = TARGETS[target].executors;
  return EXECUTORS.filter((e) => e.targets.includes(target))
    .sort((a, b) => rank(preference, a.name) - rank(preference, b.name));
}

export function executorByName(name: ExecutorName): Executor | undefined {
  return EXECUTORS.find((e) => e.name === name);
}

function rank(preference: readonly ExecutorName[], name: ExecutorName): number {
  const i = preference.indexOf(name);
  return i < 0 ? preference.length : i;
}
