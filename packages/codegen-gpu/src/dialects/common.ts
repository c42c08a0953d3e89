/** Spellings the GPU dialects share: 2- and 4-lane vectors of u32/f32 and the workgroup size. */
import type { Kernel } from '@kforge/ir';
import type { Spelling } from '@kforge/codegen-core';

/**
 * Rule-table entries for the GPU vector types the lowerings use: `type:u32x4` -> `uint4`,
 * `load:u32x4` through `load`, `lane:u32x4` as `.x`/`.y`/... .
 */
export function gpuVectorRules(
  elemNames: Readonly<Record<'u32' | 'f32', string>>,
  load: (typeName: string, address: string) => string,
  laneNames: string,
): Record<string, Spelling> {
  const rules: Record<string, Spelling> = {};
  for (const elem of ['u32', 'f32'] as const) {
    for (const lanes of [2, 4]) {
      const key = `${elem}x${lanes}`;
      const name = `${elemNames[elem]}${lanes}`;
      rules[`type:${key}`] = name;
      rules[`load:${key}`] = (o) => load(name, o.p);
      rules[`lane:${key}`] = (o) => `${o.a}.${laneNames[Number(o.n)]}`;
    }
  }
  return rules;
}

export function workgroupSizeOf(k: Kernel): number {
  const [x, y, z] = k.workgroupSize ?? [1, 1, 1];
  return x * y * z;
}
