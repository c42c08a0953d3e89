import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarize, mannWhitneyP, quantile } from './stats.ts';

test('summary: median, quartiles, extremes', () => {
  const s = summarize([5, 1, 3, 2, 4]);
  assert.deepEqual(s, { median: 3, min: 1, max: 5, iqr: 2, n: 5 });
  assert.equal(quantile([1, 2, 3, 4], 0.5), 2.5);
});

test('Mann-Whitney: identical samples are not different, shifted samples are', () => {
  const a = [10, 11, 12, 10.5, 11.5, 10.2, 11.8, 10.9];
  assert.ok(mannWhitneyP(a, a) > 0.9);
  const b = a.map((x) => x * 1.3);
  assert.ok(mannWhitneyP(a, b) < 0.01);
  // all equal values (zero variance) is "no evidence"
  assert.equal(mannWhitneyP([1, 1, 1], [1, 1, 1]), 1);
});
