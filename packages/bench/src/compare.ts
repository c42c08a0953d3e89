/**
 * `kforge bench compare A B`: per case and implementation, the ratio of medians (B over A) and a
 * Mann-Whitney test on the raw samples. A regression is a kforge slowdown beyond noise: p below
 * alpha AND slower by more than the threshold. Baseline ratios are shown as a drift check of the
 * machine between the two runs, never flagged; a median baseline drift beyond the threshold is a
 * warning, since two files are two runs and cannot be interleaved (for an interleaved A/B of two
 * configs in one run: `kforge bench ... --config C --vs-default`).
 */
import { mannWhitneyP } from './stats.ts';
import type { BenchFile, Measurement } from './schema.ts';

export interface CompareOptions {
  /** significance level of the Mann-Whitney test */
  readonly alpha?: number;
  /** relative slowdown of the medians that counts (0.03 = 3%) */
  readonly threshold?: number;
}

export interface CaseComparison {
  readonly id: string;
  readonly impl: string;
  readonly a_median_ms: number;
  readonly b_median_ms: number;
  /** b / a: above 1 means B is slower */
  readonly ratio: number;
  readonly p_value: number;
  readonly verdict: 'regression' | 'improvement' | 'same';
}

export interface Comparison {
  readonly rows: readonly CaseComparison[];
  readonly regressions: readonly CaseComparison[];
  /** case ids present in only one of the files, or not timed in one */
  readonly unmatched: readonly string[];
  /** differences in where or how the two were measured that make the ratio suspect */
  readonly warnings: readonly string[];
}

export const COMPARE_DEFAULTS = { alpha: 0.01, threshold: 0.03 } as const;

function medianOf(xs: readonly number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((p, q) => p - q);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function timed(file: BenchFile): Map<string, Measurement> {
  const m = new Map<string, Measurement>();
  for (const r of file.results) for (const x of r.measurements) m.set(`${r.id}\0${x.impl}`, x);
  return m;
}

export function compareFiles(a: BenchFile, b: BenchFile, o: CompareOptions = {}): Comparison {
  const alpha = o.alpha ?? COMPARE_DEFAULTS.alpha;
  const threshold = o.threshold ?? COMPARE_DEFAULTS.threshold;
  const warnings: string[] = [];
  if (a.target !== b.target) warnings.push(`targets differ: ${a.target} vs ${b.target}`);
  if (a.provenance.machine.cpu_model !== b.provenance.machine.cpu_model) warnings.push(`machines differ: ${a.provenance.cpu_info} vs ${b.provenance.cpu_info}`);
  if (a.threads !== b.threads) warnings.push(`thread counts differ: ${a.threads} vs ${b.threads}`);
  if ((a.provenance.gpu_info ?? null) !== (b.provenance.gpu_info ?? null)) warnings.push(`GPUs differ: ${a.provenance.gpu_info ?? 'none'} vs ${b.provenance.gpu_info ?? 'none'}`);
  const ma = timed(a);
  const mb = timed(b);
  const rows: CaseComparison[] = [];
  const unmatched = new Set<string>();
  for (const [key, x] of ma) {
    const y = mb.get(key);
    const [id, impl] = key.split('\0') as [string, string];
    if (!y) {
      unmatched.add(id);
      continue;
    }
    const ratio = y.median_ms / x.median_ms;
    const p = mannWhitneyP(x.samples_ms, y.samples_ms);
    const significant = p < alpha;
    const verdict = significant && ratio > 1 + threshold ? 'regression' : significant && ratio < 1 / (1 + threshold) ? 'improvement' : 'same';
    rows.push({ id, impl, a_median_ms: x.median_ms, b_median_ms: y.median_ms, ratio, p_value: p, verdict });
  }
  for (const key of mb.keys()) if (!ma.has(key)) unmatched.add(key.split('\0')[0]!);
  const drift = medianOf(rows.filter((r) => r.impl !== 'kforge' && r.impl !== 'kforge-default').map((r) => r.ratio));
  if (drift !== undefined && Math.abs(Math.log(drift)) > Math.log(1 + threshold)) {
    warnings.push(`the baselines themselves changed by ${((drift - 1) * 100).toFixed(1)}% (median B/A): the machine drifted between the runs, so kforge's ratios carry that drift`);
  }
  return { rows, regressions: rows.filter((r) => r.impl === 'kforge' && r.verdict === 'regression'), unmatched: [...unmatched].sort(), warnings };
}
