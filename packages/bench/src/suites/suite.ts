/** Benchmark suites as data: operator × params taken from real models, one case per line of a table. */
import type { ParamValue } from '@kforge/ir';

export interface SuiteCase {
  /** unique within the suite, stable across runs: `compare` matches results by it */
  readonly id: string;
  readonly op: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  /** the model layer it stands for, e.g. 'q_proj' or 'k_proj/v_proj' when two share a shape */
  readonly layer: string;
  /** 'decode' (M = 1 / one token), 'batch' (a few tokens), 'prefill' */
  readonly phase: 'decode' | 'batch' | 'prefill';
}

export interface Suite {
  readonly name: string;
  readonly doc: string;
  /** where the model dimensions come from */
  readonly source: string;
  readonly cases: readonly SuiteCase[];
}

/** A linear layer y = x · Wᵀ with W [N, K]. */
export interface Projection {
  readonly layer: string;
  readonly N: number;
  readonly K: number;
}

export const GEMV_FORMATS = ['f32', 'bf16', 'q8_0', 'q4_0', 'w4g128'] as const;

/** M = 1 is decode; a few rows is small-batch decode or speculative verification; 16 a prefill chunk. */
export const GEMV_ROWS: readonly { M: number; phase: SuiteCase['phase'] }[] = [
  { M: 1, phase: 'decode' }, { M: 4, phase: 'batch' }, { M: 16, phase: 'prefill' },
];

/** Every projection × rows × weight format, with ids `gemv/<layer>/<N>x<K>/M<m>/<format>`. */
export function gemvCases(projections: readonly Projection[], formats: readonly string[] = GEMV_FORMATS, rows = GEMV_ROWS): SuiteCase[] {
  return projections.flatMap((p) => rows.flatMap(({ M, phase }) => formats.map((weight): SuiteCase => ({
    id: `gemv/${p.layer}/${p.N}x${p.K}/M${M}/${weight}`,
    op: 'gemv',
    params: { M, N: p.N, K: p.K, weight, act: 'f32', bias: false },
    layer: p.layer,
    phase,
  }))));
}

/** One case with an id built from the op, the layer and the params that vary. */
export function opCase(op: string, layer: string, phase: SuiteCase['phase'], params: Readonly<Record<string, ParamValue>>, tag: string): SuiteCase {
  return { id: `${op}/${layer}/${tag}`, op, params, layer, phase };
}
