import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KnobConfig, KnobSpace, Params } from '@kforge/ir';
import { SCHEMA_VERSION, type DeviceFingerprint, type TuningRecord } from './database.ts';
import { SearchSpace, configKey } from './space.ts';
import { STRATEGIES } from './strategies/index.ts';
import { SimulationRunner } from './simulation.ts';
import { tune } from './tuner.ts';
import { deviceDistance, shapeDistance, warmStart, withWarmStart } from './warm-start.ts';

const knobs: KnobSpace = {
  knobs: [
    { name: 'rows', values: [1, 2, 4, 8], doc: '' },
    { name: 'unroll', values: [1, 2, 4], doc: '' },
    { name: 'threads', values: [1, 2, 4, 8], doc: '' },
  ],
  check: (c) => ((c.rows as number) * (c.unroll as number) > 16 ? 'too many accumulators' : undefined),
  defaults: { rows: 1, unroll: 1, threads: 1 },
};
const space = new SearchSpace(knobs);
const here: DeviceFingerprint = { device: 'cpu X', features: ['avx2', 'cores 8'], compiler: 'gcc 13', executor: 'native' };
const otherCores: DeviceFingerprint = { ...here, features: ['avx2', 'cores 4'] };
const otherDevice: DeviceFingerprint = { ...here, device: 'cpu Y' };
const shape: Params = { M: 1, N: 4096, K: 4096, weight: 'q4_0' };

function rec(device: DeviceFingerprint, params: Params, config: KnobConfig, timeMs: number | undefined, op = 'gemv'): TuningRecord {
  return {
    schema: SCHEMA_VERSION, op, params, target: 'avx2', device, kforge: 'test', config, sourceHash: '', status: timeMs === undefined ? 'wrong' : 'ok',
    ...(timeMs === undefined ? {} : { measurement: { medianMs: timeMs, minMs: timeMs, maxMs: timeMs, iqrMs: 0, repeats: 1, bytes: 1, gbps: 1 } }),
    time: '2026-12-02T00:00:00Z', origin: 'local',
  };
}
const q = { op: 'gemv', params: shape, target: 'avx2' as const, device: here, space, defaults: knobs.defaults };

test('the similarity rule: same fingerprint < other driver or cores < other device; shapes by log2 distance, other formats far', () => {
  assert.equal(deviceDistance(here, here), 0);
  assert.equal(deviceDistance(here, otherCores), 1);
  assert.equal(deviceDistance(here, otherDevice), 2);
  assert.equal(deviceDistance(here, { ...here, executor: 'qemu' as DeviceFingerprint['executor'] }), 3);
  assert.equal(shapeDistance(shape, shape), 0);
  assert.equal(shapeDistance(shape, { ...shape, N: 8192 }), 1);
  assert.equal(shapeDistance(shape, { ...shape, weight: 'q8_0' }), 4);
});

test('the warm start proposes each similar source\'s best first, closest source first, then the second bests', () => {
  const records = [
    rec(otherDevice, shape, { rows: 8, unroll: 2, threads: 8 }, 1.0),
    rec(otherDevice, shape, { rows: 2, unroll: 1, threads: 8 }, 2.0),
    rec(otherCores, shape, { rows: 4, unroll: 4, threads: 4 }, 3.0),
    rec(otherCores, shape, { rows: 4, unroll: 2, threads: 4 }, 5.0),
    rec(otherCores, shape, { rows: 1, unroll: 1, threads: 1 }, 9.0),
    // the same device at another shape
    rec(here, { ...shape, N: 11008 }, { rows: 2, unroll: 4, threads: 8 }, 0.5),
    // another op, and a failed record: never sources
    rec(otherCores, shape, { rows: 1, unroll: 4, threads: 2 }, 0.1, 'attention'),
    rec(otherCores, shape, { rows: 8, unroll: 1, threads: 2 }, undefined),
  ];
  const w = warmStart(records, { ...q, count: 5 });
  assert.equal(w.seen, false);
  assert.deepEqual(w.proposals.map((p) => p.config), [
    { rows: 4, unroll: 4, threads: 4 }, // other cores, same shape: distance 1
    { rows: 2, unroll: 4, threads: 8 }, // this device, N 11008: distance log2(11008/4096) = 1.43
    { rows: 8, unroll: 2, threads: 8 }, // another device: distance 2
    { rows: 4, unroll: 2, threads: 4 }, // the second bests
    { rows: 2, unroll: 1, threads: 8 },
  ]);
  assert.deepEqual(w.proposals.map((p) => p.rank), [1, 1, 1, 2, 2]);
  assert.equal(w.sources.length, 3);

  // a run with it measures exactly those first, then the strategy goes on
  const recorded = space.configs.map((config) => ({ config, status: 'ok' as const, timeMs: 1 + space.indexOf(config)! }));
  const r = tune({ space, strategy: withWarmStart(STRATEGIES.annealing!, w.proposals.map((p) => p.config)), runner: new SimulationRunner(recorded), budget: 12, seed: 3 });
  return r.then((res) => {
    assert.deepEqual(res.trials.slice(0, 5).map((t) => t.config), w.proposals.map((p) => p.config));
    assert.equal(new Set(res.trials.map((t) => configKey(t.config))).size, 12);
  });
});

test('the warm start never proposes an invalid config: recorded configs are projected onto this space or dropped', () => {
  const records = [
    rec(otherCores, shape, { rows: 8, unroll: 4, threads: 4 }, 1.0), // rows x unroll 32: invalid here
    rec(otherCores, shape, { rows: 16, unroll: 1, threads: 4 }, 1.5), // rows 16 is not in this space's domain: rows from the defaults
    rec(otherCores, shape, { rows: 2, unroll: 2, threads: 4, prefetch: 64 }, 2.0), // a knob this space lacks: dropped
    rec(otherCores, shape, { rows: 2 }, 3.0), // knobs it lacks: the defaults
  ];
  const w = warmStart(records, q);
  for (const p of w.proposals) assert.ok(space.indexOf(p.config) !== undefined && knobs.check(p.config) === undefined, JSON.stringify(p.config));
  assert.deepEqual(w.proposals.map((p) => p.config), [{ rows: 1, unroll: 1, threads: 4 }, { rows: 2, unroll: 2, threads: 4 }, { rows: 2, unroll: 1, threads: 1 }]);
});

test('the warm start is deterministic for a seed, whatever the order of the records', async () => {
  const records: TuningRecord[] = [];
  for (const [i, c] of space.configs.entries()) records.push(rec(i % 2 ? otherCores : otherDevice, i % 3 ? shape : { ...shape, M: 4 }, c, 1 + ((i * 37) % 11)));
  const a = warmStart(records, q);
  const b = warmStart([...records].reverse(), q);
  assert.deepEqual(b.proposals.map((p) => p.config), a.proposals.map((p) => p.config));
  assert.equal(a.proposals.length, 8);
  const recorded = space.configs.map((config, i) => ({ config, status: 'ok' as const, timeMs: 1 + ((i * 13) % 17) }));
  for (const name of ['random', 'annealing', 'evolutionary', 'model']) {
    const run = () => tune({ space, strategy: withWarmStart(STRATEGIES[name]!, a.proposals.map((p) => p.config)), runner: new SimulationRunner(recorded), budget: 20, seed: 7 });
    const [x, y] = [await run(), await run()];
    assert.deepEqual(x.trials.map((t) => t.config), y.trials.map((t) => t.config), name);
    for (const t of x.trials) assert.ok(space.indexOf(t.config) !== undefined, name);
  }
});

test('the warm start does nothing when nothing similar exists, or when this device and shape are already recorded', async () => {
  assert.deepEqual(warmStart([], q).proposals, []);
  // another op, another target: nothing similar
  const other = [rec(otherCores, shape, { rows: 2, unroll: 1, threads: 1 }, 1, 'attention'), { ...rec(otherCores, shape, { rows: 2, unroll: 1, threads: 1 }, 1), target: 'neon' as const }];
  assert.deepEqual(warmStart(other, q).proposals, []);
  const seen = warmStart([rec(here, shape, { rows: 1, unroll: 1, threads: 1 }, 1), rec(otherCores, shape, { rows: 2, unroll: 1, threads: 1 }, 1)], q);
  assert.equal(seen.seen, true);
  assert.deepEqual(seen.proposals, []);
  // with no proposals the wrapped strategy proposes exactly what the strategy alone does
  const recorded = space.configs.map((config, i) => ({ config, status: 'ok' as const, timeMs: 1 + ((i * 7) % 5) }));
  const alone = await tune({ space, strategy: STRATEGIES.evolutionary!, runner: new SimulationRunner(recorded), budget: 15, seed: 2 });
  const wrapped = await tune({ space, strategy: withWarmStart(STRATEGIES.evolutionary!, []), runner: new SimulationRunner(recorded), budget: 15, seed: 2 });
  assert.deepEqual(wrapped.trials, alone.trials);
});
