/** Summary statistics of repeated timings: medians and spreads, never single times. */
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** interquartile range */
  readonly iqr: number;
  readonly n: number;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function summarize(xs: readonly number[]): Summary {
  const s = [...xs].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), min: s[0]!, max: s[s.length - 1]!, iqr: quantile(s, 0.75) - quantile(s, 0.25), n: s.length };
}

/**
 * Mann-Whitney U test (normal approximation with tie correction): the two-sided p-value that
 * samples a and b come from the same distribution. Used to tell a regression from noise.
 */
export function mannWhitneyP(a: readonly number[], b: readonly number[]): number {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  let tieTerm = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[k] = r;
    const t = j - i + 1;
    tieTerm += t * t * t - t;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  let r1 = 0;
  all.forEach((x, i) => { if (x.g === 0) r1 += ranks[i]!; });
  const u1 = r1 - (n1 * (n1 + 1)) / 2;
  const mu = (n1 * n2) / 2;
  const n = n1 + n2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  if (sigma === 0) return 1;
  const z = (Math.abs(u1 - mu) - 0.5) / sigma;
  return Math.min(1, 2 * (1 - normalCdf(Math.max(z, 0))));
}

function normalCdf(z: number): number {
  // Abramowitz-Stegun 7.1.26 erf approximation (|error| < 1.5e-7)
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return 0.5 * (1 + erf);
}
