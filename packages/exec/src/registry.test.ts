import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TARGETS, TARGET_NAMES } from '@kforge/target';
import { EXECUTORS, executorByName, executorsFor } from './registry.ts';

test('every registered executor runs only targets that list it, and names are unique', () => {
  assert.equal(new Set(EXECUTORS.map((e) => e.name)).size, EXECUTORS.length);
  for (const executor of EXECUTORS) {
    for (const target of executor.targets) {
      assert.ok(TARGETS[target].executors.includes(executor.name), `${executor.name} claims ${target}, but targets.ts does not list it`);
    }
    assert.ok(executor.variants.length >= 1, `${executor.name} declares at least one (possibly empty) variant`);
  }
});

test('executorsFor follows the target preference order', () => {
  assert.deepEqual(executorsFor('c').map((e) => e.name), ['native']);
  assert.deepEqual(executorsFor('rvv').map((e) => e.name), ['qemu-riscv64']);
  assert.deepEqual(executorsFor('hvx').map((e) => e.name), ['qemu-hexagon']);
  for (const target of TARGET_NAMES) {
    const ranks = executorsFor(target).map((e) => TARGETS[target].executors.indexOf(e.name));
    assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), target);
  }
  assert.equal(executorByName('qemu-aarch64')?.targets[0], 'neon');
});
