/** The portable c target: one lane, no rules; the C dialect prints every operation. */
import type { SimdIsa } from './simd.ts';

export const ScalarRules: SimdIsa = {
  f32Lanes: 1,
  dotBytes: 1,
  rules: { name: 'scalar', preamble: '', rules: {} },
};
