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
  /**
   * 'cache': the inputs are not rotated between timed repeats, so what the kernel reads (a decode
   * step's recurrent state) stays in the cache level it fits, and the case's GB/s is judged against a
   * cache probe of the same bytes measured beside it (runner.ts); absent: rotated past the last-level
   * cache and judged against the DRAM read probe
   */
  readonly residency?: 'cache';
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

/** The attention heads of a model: query heads, KV heads (GQA) and the head dim. */
export interface AttentionHeads {
  readonly q: number;
  readonly kv: number;
  readonly dim: number;
}

/** decode cache lengths: a short, a typical and a long context */
export const ATTENTION_DECODE_SKV = [1024, 4096, 16384] as const;
export const ATTENTION_DECODE_KV = ['f16', 'q8_0'] as const;
/** causal prefill of a whole prompt (Sq = Skv) */
export const ATTENTION_PREFILL_S = [512, 2048] as const;

/**
 * Decode (Sq 1) over the cache lengths in f16 and q8_0 KV (llama.cpp's -ctk/-ctv f16 default and its
 * q8_0 option), and causal prefill Sq = Skv in f16 KV: the cache format a prompt is written into and
 * ggml's default, so kforge and the ggml baseline read the same bytes; prefill is compute-bound, so
 * f32 KV would only change which path ggml takes. Ids `attention/<layer>/decode.S<Skv>.<kv>` and
 * `attention/<layer>/prefill.S<S>.f16`.
 */
export function attentionCases(layer: string, heads: AttentionHeads): SuiteCase[] {
  const base = { B: 1, Hq: heads.q, Hkv: heads.kv, D: heads.dim, causal: true };
  return [
    ...ATTENTION_DECODE_SKV.flatMap((Skv) => ATTENTION_DECODE_KV.map((kv) => opCase('attention', layer, 'decode', { ...base, Sq: 1, Skv, kv }, `decode.S${Skv}.${kv}`))),
    ...ATTENTION_PREFILL_S.map((S) => opCase('attention', layer, 'prefill', { ...base, Sq: S, Skv: S, kv: 'f16' }, `prefill.S${S}.f16`)),
  ];
}

/** The linear-attention heads of a Gated DeltaNet layer: q/k heads, value heads, one head dim for both. */
export interface DeltaHeads {
  readonly qk: number;
  readonly v: number;
  readonly dim: number;
}

/** prompt lengths of the chunked prefill cases */
export const GATED_DELTA_RULE_PREFILL_T = [512, 2048] as const;

/**
 * B 1 with l2norm inside the kernel (as Qwen3.5 runs it): decode T 1 with the state rotated past the
 * last-level cache (a model step reads it from DRAM) and again with the state left in cache
 * (`decode.T1.hot`: read s0 + write s against a cache probe of those bytes), and prefill at each of
 * GATED_DELTA_RULE_PREFILL_T. Ids `gated_delta_rule/<layer>/decode.T1`, `.../decode.T1.hot`, `.../prefill.T<T>`.
 */
export function gatedDeltaRuleCases(layer: string, heads: DeltaHeads): SuiteCase[] {
  const base = { B: 1, Hk: heads.qk, Hv: heads.v, Dk: heads.dim, Dv: heads.dim, l2norm: true };
  return [
    opCase('gated_delta_rule', layer, 'decode', { ...base, T: 1 }, 'decode.T1'),
    { ...opCase('gated_delta_rule', layer, 'decode', { ...base, T: 1 }, 'decode.T1.hot'), residency: 'cache' },
    ...GATED_DELTA_RULE_PREFILL_T.map((T) => opCase('gated_delta_rule', layer, 'prefill', { ...base, T }, `prefill.T${T}`)),
  ];
}
