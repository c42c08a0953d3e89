import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from './random.ts';

test('the same seed and stream give the same numbers; other streams and seeds differ', () => {
  const draw = (seed: number, stream: string): number[] => {
    const r = new Rng(seed, stream);
    return Array.from({ length: 8 }, () => r.nextU32());
  };
  assert.deepEqual(draw(1, 'x'), draw(1, 'x'));
  assert.notDeepEqual(draw(1, 'x'), draw(1, 'y'));
  assert.notDeepEqual(draw(1, 'x'), draw(2, 'x'));
  // pinned: verify, bench and the demo depend on these streams never changing silently
  // (the xoshiro128** core was checked against the C reference from state {1, 2, 3, 4}: 11520, 0, 5927040, ...)
  assert.deepEqual(draw(42, ''), GOLDEN_SEED_42);
});

const GOLDEN_SEED_42 = [2333038237, 956201593, 2513975886, 1085208967, 352828703, 1655060405, 563132838, 3220739364];

test('uniform, normal and int have the right ranges and moments', () => {
  const r = new Rng(7);
  const n = 20000;
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const u = r.uniform();
    assert.ok(u >= 0 && u < 1);
    const z = r.normal();
    sum += z;
    sumSq += z * z;
    const k = r.int(5);
    assert.ok(Number.isInteger(k) && k >= 0 && k < 5);
  }
  assert.ok(Math.abs(sum / n) < 0.03, `normal mean ${sum / n}`);
  assert.ok(Math.abs(sumSq / n - 1) < 0.05, `normal variance ${sumSq / n}`);
});

test('distinct draws distinct values of the range', () => {
  const r = new Rng(3);
  for (let i = 0; i < 100; i++) {
    const ids = r.distinct(4, 6);
    assert.equal(new Set(ids).size, 4);
    assert.ok(ids.every((id) => id >= 0 && id < 6));
  }
  assert.deepEqual(r.distinct(5, 5).sort(), [0, 1, 2, 3, 4]);
  assert.throws(() => r.distinct(3, 2), RangeError);
});
