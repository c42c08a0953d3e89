import { InputError } from '@kforge/ir';
import type { Suite } from './suite.ts';
import { QWEN3_0_6B } from './qwen3-0.6b.ts';
import { QWEN3_5_2B } from './qwen3.5-2b.ts';
import { QWEN3_30B_A3B } from './qwen3-30b-a3b.ts';
import { GEMV_LARGE } from './gemv-large.ts';

export * from './suite.ts';

/** Every suite `kforge bench run` knows, by name. */
export const SUITES: Readonly<Record<string, Suite>> = Object.fromEntries(
  [QWEN3_0_6B, QWEN3_5_2B, QWEN3_30B_A3B, GEMV_LARGE].map((s) => [s.name, s]),
);

export function getSuite(name: string): Suite {
  if (!Object.hasOwn(SUITES, name)) throw new InputError(`unknown suite '${name}' (known: ${Object.keys(SUITES).join(', ')})`);
  return SUITES[name]!;
}
