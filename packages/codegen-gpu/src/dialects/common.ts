/** Spellings the GPU dialects share: 2- and 4-lane vectors of u32/f32 and the workgroup size. */
import type { Kernel } from '@kforge/ir';
import type { Spelling } from '@kforge/codegen-core';

/**
 * Rule-table entries for the GPU vector types the lowerings use: `type:u32x4` -> `uint4`,
 * `load:u32x4` through `load`, `lane:u32x4` as `.x`/`.y`/... ; where given, `store:f32x4` and a vector built from
 * scalars (`concat:f32->f32x4`).
 */
export function gpuVectorRules(
  elemNames: Readonly<Record<'u32' | 'f32', string>>,
  load: (typeName: string, address: string) => string,
  laneNames: string,
  store?: (typeName: string, address: string, value: string) => string,
  build?: (typeName: string, parts: readonly string[]) => string,
): Record<string, Spelling> {
  const rules: Record<string, Spelling> = {};
  for (const elem of ['u32', 'f32'] as const) {
    for (const lanes of [2, 4]) {
      const key = `${elem}x${lanes}`;
      const name = `${elemNames[elem]}${lanes}`;
      rules[`type:${key}`] = name;
      rules[`load:${key}`] = (o) => load(name, o.p);
      rules[`lane:${key}`] = (o) => `${o.a}.${laneNames[Number(o.n)]}`;
      if (store) rules[`store:${key}`] = (o) => store(name, o.p, o.a);
      // a vector built from scalars (concat of one-lane parts)
      if (build) rules[`concat:${elem}->${key}`] = (o) => build(name, o.all);
    }
  }
  return rules;
}

export function workgroupSizeOf(k: Kernel): number {
  const [x, y, z] = k.workgroupSize ?? [1, 1, 1];
  return x * y * z;
}

/**
 * The calls CUDA has as instructions (`absmax_f16x2`, `funnel_shr`) in the u32 integer math OpenCL C, MSL
 * and GLSL share, for their preambles; `qualifier`: 'inline ' where the language wants it.
 */
export function uintCallHelpers(qualifier: string): string {
  return `// the larger |x| of each f16 lane of two words (x not NaN: |x| orders like its bits without the sign)
${qualifier}uint kf_absmax_f16x2(uint a, uint b) {
  return max(a & 0x7fffu, b & 0x7fffu) | (max((a >> 16) & 0x7fffu, (b >> 16) & 0x7fffu) << 16);
}

// low word of (hi:lo) >> n for 0 <= n <= 32 (CUDA's clamped funnel shift)
${qualifier}uint kf_funnel_shr(uint lo, uint hi, uint n) {
  return n == 32u ? hi : n == 0u ? lo : (lo >> n) | (hi << (32u - n));
}`;
}
