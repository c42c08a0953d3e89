/**
 * `kforge tune compare-strategies` end to end: the recorded H200 sweep replayed for every strategy
 * (no hardware), its determinism and its bad input.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TuningRecord } from '@kforge/autotune';
import { getOp, resolveParams } from '@kforge/ir';
import { loweringFor } from '@kforge/driver';
import { kforge } from '../testing.ts';

const readDb = (path: string): TuningRecord[] => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TuningRecord);

const H200_DB = 'docs/results/2026-11-29-h200/tuning-records.jsonl';
const H200_PARAMS = JSON.stringify({ M: 1, N: 4096, K: 4096, weight: 'q4_0', act: 'f16' });
const compareArgs = (extra: readonly string[] = [], params = H200_PARAMS) =>
  ['tune', 'compare-strategies', 'gemv', '--db', H200_DB, '--target', 'cuda', '--params', params, '--seeds', '5', ...extra];

interface Comparison {
  space: number;
  defaultFirst: boolean;
  best: { timeMs: number };
  strategies: { strategy: string; fractions: number[]; medianFraction: number; minFraction: number; trialsToGoal: (number | null)[] }[];
}

test('tune compare-strategies replays a recorded sweep (H200, 24 configs) for every strategy: deterministic, scored against its best', async () => {
  const r = await kforge([...compareArgs(['--budget', '8', '--json'])]);
  assert.equal(r.code, 0, r.stderr);
  const c = JSON.parse(r.stdout) as Comparison;
  const records = readDb(join(import.meta.dirname, '../../../..', H200_DB))
    .filter((x) => x.target === 'cuda' && x.params.weight === 'q4_0' && x.params.N === 4096 && x.status === 'ok');
  // a config recorded twice counts by its last record
  const last = [...new Map(records.map((x) => [JSON.stringify(x.config), x])).values()];
  assert.equal(c.space, last.length);
  assert.equal(c.best.timeMs, Math.min(...last.map((x) => x.measurement!.medianMs)));
  assert.deepEqual(c.strategies.map((s) => s.strategy), ['exhaustive', 'random', 'annealing', 'evolutionary', 'model']);
  for (const s of c.strategies) {
    assert.equal(s.fractions.length, 5);
    assert.ok(s.fractions.every((f) => f > 0 && f <= 1), `${s.strategy}: ${s.fractions}`);
    assert.equal(s.minFraction, Math.min(...s.fractions));
  }
  assert.equal((await kforge([...compareArgs(['--budget', '8', '--json'])])).stdout, r.stdout, 'the same seeds give the same comparison');
  // the default is measured first, as kforge tune does, when the database holds today's default (this
  // sweep was recorded when quantized weights defaulted to the float path; int8 is the default now)
  const params = resolveParams(getOp('gemv'), JSON.parse(H200_PARAMS) as Record<string, unknown>);
  const today = loweringFor('gemv', 'cuda').knobs('cuda', params).defaults;
  const recorded = last.some((x) => Object.entries(today).every(([k, v]) => x.config[k] === v));
  assert.equal(c.defaultFirst, recorded);
  const table = await kforge(compareArgs(['--budget', '8', '--skip-default']));
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /budget 8 trials \(strategies alone: the default not measured first\)/);
  assert.match(table.stdout, /^strategy +median +min +seeds >= 95% +median trials to 95%$/m);
  assert.match(table.stdout, /^model +[\d.]+% +[\d.]+% +\d+\/5 +(\d+(\.5)?|> 8)$/m);
});

for (const [what, extra, params, message] of [
  ['no records of that shape', [], JSON.stringify({ M: 1, N: 64, K: 256, weight: 'f32' }), /no record of gemv on cuda/],
  ['an option that runs nothing here', ['--threads', '2'], H200_PARAMS, /--threads does not apply/],
] as const) {
  test(`tune compare-strategies bad input exits 2: ${what}`, async () => {
    const r = await kforge(compareArgs(extra, params));
    assert.equal(r.code, 2, r.stderr + r.stdout);
    assert.match(r.stderr, message);
  });
}
