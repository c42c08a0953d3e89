import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareFiles } from './compare.ts';
import { fakeCase, fakeFile, fakeMeasurement } from './test-support.ts';

const file = (kforgeMs: Record<string, number>, noise = 0.01, seed = 1, blasMs = 1) => fakeFile(Object.entries(kforgeMs).map(([id, ms], i) => fakeCase(id, [
  fakeMeasurement('kforge', ms, seed * 100 + i, { noise }),
  fakeMeasurement('openblas', blasMs, seed * 100 + i + 50, { noise }),
])));

test('compare: a 10% slowdown beyond noise is a regression; the same numbers are not', () => {
  const a = file({ x: 1, y: 2, z: 3 }, 0.01, 1);
  const b = file({ x: 1, y: 2.2, z: 3 }, 0.01, 2);
  const c = compareFiles(a, b);
  assert.equal(c.rows.length, 6);
  assert.deepEqual(c.regressions.map((r) => r.id), ['y']);
  const y = c.rows.find((r) => r.id === 'y' && r.impl === 'kforge')!;
  assert.ok(Math.abs(y.ratio - 1.1) < 0.02, `ratio ${y.ratio}`);
  assert.ok(y.p_value < 1e-6, `p ${y.p_value}`);
  for (const r of c.rows.filter((r) => r.id !== 'y')) assert.equal(r.verdict, 'same', `${r.id} ${r.impl} p=${r.p_value} ratio=${r.ratio}`);
  assert.deepEqual(compareFiles(a, a).regressions, []);
});

test('compare: significant but below the 3% threshold, or large but within noise, is not flagged', () => {
  // 2% slower with tiny noise: significant, under the threshold
  const small = compareFiles(file({ x: 1 }, 0.001, 1), file({ x: 1.02 }, 0.001, 2));
  assert.ok(small.rows[0]!.p_value < 0.01);
  assert.equal(small.regressions.length, 0);
  // 5% slower median but +-60% noise on 6 samples each: not significant
  const noisy = compareFiles(
    fakeFile([fakeCase('x', [fakeMeasurement('kforge', 1, 7, { noise: 0.6, n: 6 })])]),
    fakeFile([fakeCase('x', [fakeMeasurement('kforge', 1.05, 8, { noise: 0.6, n: 6 })])]),
  );
  assert.ok(noisy.rows[0]!.p_value > 0.01, `p ${noisy.rows[0]!.p_value}`);
  assert.equal(noisy.regressions.length, 0);
});

test('compare: improvements, baseline drift (never a regression), unmatched cases and warnings', () => {
  const a = file({ x: 1, only_a: 1 }, 0.01, 1, 1);
  const b = { ...file({ x: 0.8, only_b: 1 }, 0.01, 2, 1.5), target: 'avx512' };
  const c = compareFiles(a, b);
  assert.equal(c.rows.find((r) => r.id === 'x' && r.impl === 'kforge')!.verdict, 'improvement');
  assert.equal(c.rows.find((r) => r.id === 'x' && r.impl === 'openblas')!.verdict, 'regression');
  assert.equal(c.regressions.length, 0, 'a slower baseline is machine drift, not a kforge regression');
  assert.deepEqual(c.unmatched, ['only_a', 'only_b']);
  assert.match(c.warnings.join('\n'), /targets differ: avx2 vs avx512/);
  assert.match(c.warnings.join('\n'), /baselines themselves changed by (49\.\d|50\.\d)% .*drifted/);
  assert.doesNotMatch(compareFiles(a, a).warnings.join('\n'), /drifted/, 'no drift warning when the baselines held still');
});
