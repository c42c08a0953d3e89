/**
 * `kforge tune` and `kforge db` end to end: a small gemv tuned on this machine, the records it leaves,
 * replay, merge, the offline bundle (run here with sh + gcc, and from a hand-made results file), and
 * bad input. The target is avx512 where the CPU has it, else the best x86 target it has.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { getOp, randomInputs, resolveParams, tensorBytes, toFloat64 } from '@kforge/ir';
import { nativeExecutor } from '@kforge/exec';
import type { TuningRecord } from '@kforge/autotune';
import { kforge, scratchFolder } from '../testing.ts';

const runnable = await Promise.all((['avx512', 'avx2'] as const).map(async (t) => ((await nativeExecutor.probeTarget(t)).ok ? t : undefined)));
const TARGET = runnable.find((t) => t !== undefined) ?? 'c';
const PARAMS = { M: 1, N: 64, K: 256, weight: 'f32' };
const readDb = (path: string): TuningRecord[] => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TuningRecord);
const tuneArgs = (db: string, extra: string[] = []) =>
  ['tune', 'gemv', '--target', TARGET, '--params', JSON.stringify(PARAMS), '--db', db, '--min-time-ms', '20', ...extra];

const dir = scratchFolder();
const db = join(dir, 'tune.jsonl');

test(`tune gemv on ${TARGET} (budget 5): default first, every trial recorded with fingerprint and hash, best <= default`, async () => {
  const r = await kforge(tuneArgs(db, ['--budget', '5', '--strategy', 'random', '--seed', '3', '--probe-mib', '40']), 300_000);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.match(r.stdout, /^# {2}1 default \{/m);
  assert.match(r.stdout, /^best config +\{/m);
  assert.match(r.stdout, /^bandwidth +[\d.]+ GB\/s = [\d.]+% of the read probe/m);
  assert.match(r.stdout, /^trials +5 of budget 5/m);
  const records = readDb(db);
  assert.equal(records.length, 5);
  const { loweringFor } = await import('@kforge/driver');
  const defaults = loweringFor('gemv', TARGET).knobs(TARGET, resolveParams(getOp('gemv'), PARAMS)).defaults;
  assert.deepEqual(records[0]!.config, defaults);
  for (const rec of records) {
    assert.equal(rec.target, TARGET);
    assert.equal(rec.origin, 'local');
    assert.match(rec.sourceHash, /^[0-9a-f]{64}$/);
    assert.match(rec.device.compiler, /^gcc \d+/);
    assert.ok(rec.device.device.length > 0 && rec.device.features.length > 0);
    assert.equal(rec.kforge, JSON.parse(readFileSync(join(import.meta.dirname, '../../../../package.json'), 'utf8')).version);
  }
  const ok = records.filter((x) => x.status === 'ok');
  assert.ok(ok.length > 0);
  assert.ok(ok.every((x) => x.measurement!.medianMs > 0 && x.measurement!.ceilingGbps! > 0));
  if (records[0]!.status === 'ok') {
    assert.ok(Math.min(...ok.map((x) => x.measurement!.medianMs)) <= records[0]!.measurement!.medianMs);
    assert.match(r.stdout, /^speedup +[\d.]+x over the default/m);
  }
});

test('db replay regenerates the same source hash; db list, show and best read the file', async () => {
  const replay = await kforge(['db', 'replay', '--db', db, '--index', '2']);
  assert.equal(replay.code, 0, replay.stderr);
  assert.match(replay.stdout, new RegExp(`sha256 ${readDb(db)[2]!.sourceHash}`));
  const list = await kforge(['db', 'list', '--db', db, '--target', TARGET]);
  assert.equal(list.stdout.trim().split('\n').length, 2 + 5);
  const best = await kforge(['db', 'best', '--db', db, '--op', 'gemv', '--target', TARGET, '--params', JSON.stringify(PARAMS), '--json']);
  assert.equal(best.code, 0, best.stderr);
  const b = JSON.parse(best.stdout) as TuningRecord;
  assert.equal(b.measurement!.medianMs, Math.min(...readDb(db).filter((x) => x.status === 'ok').map((x) => x.measurement!.medianMs)));
  const other = await kforge(['db', 'best', '--db', db, '--op', 'gemv', '--target', 'c', '--params', JSON.stringify(PARAMS)]);
  assert.equal(other.code, TARGET === 'c' ? 0 : 4, 'records of another target never answer: not found (exit 4)');
});

test('db merge de-duplicates and keeps provenance', async () => {
  const extra = join(dir, 'board.jsonl');
  const rec = { ...readDb(db)[0]!, origin: 'ssh:pi@board:22', time: '2026-12-01T00:00:00Z' };
  writeFileSync(extra, `${readFileSync(db, 'utf8')}${JSON.stringify(rec)}\n`);
  const out = join(dir, 'merged.jsonl');
  const r = await kforge(['db', 'merge', out, db, extra]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /6 records added, 5 duplicates skipped/);
  const merged = readDb(out);
  assert.equal(merged.length, 6);
  assert.match(merged[5]!.origin, /^ssh:pi@board:22 via .*board\.jsonl$/);
});

test('tune --export writes a bundle that builds and runs with sh + cc; --import records it as bundle:<name>', async () => {
  const bundle = join(dir, 'zen-bundle');
  const r = await kforge(tuneArgs(db, ['--budget', '3', '--strategy', 'exhaustive', '--export', bundle]));
  assert.equal(r.code, 0, r.stderr);
  for (const f of ['tune.json', 'build.sh', 'run.sh', 'README.md', 'inputs/in_x.bin', 'cases/cand-000/build.sh', 'cases/cand-000/run.sh', 'cases/cand-002/kforge_harness.c']) {
    assert.ok(existsSync(join(bundle, f)), `${f} in the bundle`);
  }
  execFileSync('sh', [join(bundle, 'build.sh')], { env: { ...process.env, CC: 'gcc' } });
  execFileSync('sh', [join(bundle, 'run.sh'), '5']);
  const before = readDb(db).length;
  const imp = await kforge(['tune', '--import', bundle, '--db', db]);
  assert.equal(imp.code, 0, imp.stderr + imp.stdout);
  const added = readDb(db).slice(before);
  assert.equal(added.length, 3);
  assert.ok(added.every((x) => x.origin === 'bundle:zen-bundle' && x.status === 'ok' && x.measurement!.repeats === 5));
});

test('tune --import of a hand-made results file: correct outputs are ok, a wrong one is rejected', async () => {
  const bundle = join(dir, 'hand-bundle');
  const r = await kforge(tuneArgs(db, ['--budget', '2', '--strategy', 'random', '--export', bundle]));
  assert.equal(r.code, 0, r.stderr);
  const manifest = JSON.parse(readFileSync(join(bundle, 'tune.json'), 'utf8')) as { cases: { name: string }[]; inputSeed: number };
  const op = getOp('gemv');
  const params = resolveParams(op, PARAMS);
  const y = toFloat64(op.reference(params, randomInputs(op, params, manifest.inputSeed)).y! as never);
  const right = new Float32Array(y);
  const wrong = right.map((v, i) => (i === 0 ? v + 1 : v));
  const [a, b] = manifest.cases.map((c) => c.name);
  mkdirSync(join(bundle, 'results', a!), { recursive: true });
  mkdirSync(join(bundle, 'results', b!), { recursive: true });
  writeFileSync(join(bundle, 'results', a!, 'out_y.bin'), tensorBytes({ dtype: 'f32', shape: [right.length], data: right } as never));
  writeFileSync(join(bundle, 'results', b!, 'out_y.bin'), new Uint8Array(wrong.buffer));
  writeFileSync(join(bundle, 'results', 'machine.txt'), 'model name\t: Hand-made CPU\nflags\t\t: avx2 fma\n@@kforge-cc\ngcc (Debian 12.2.0-14) 12.2.0\n');
  writeFileSync(join(bundle, 'results', 'results.jsonl'),
    `{"case":"${a}","status":"ok","timings_ns":[1000,1100,900]}\n{"case":"${b}","status":"ok","timings_ns":[500]}\n`);
  const before = readDb(db).length;
  const imp = await kforge(['tune', '--import', bundle, '--db', db]);
  assert.equal(imp.code, 0, imp.stderr + imp.stdout);
  const [ra, rb] = readDb(db).slice(before);
  assert.equal(ra!.status, 'ok');
  assert.equal(ra!.measurement!.medianMs, 0.001);
  assert.deepEqual(ra!.device, { device: 'Hand-made CPU', features: ['avx2', 'fma'], compiler: 'gcc 12.2.0', executor: 'native' });
  assert.equal(rb!.status, 'wrong');
  assert.ok(rb!.nmse! > 1e-8);
  assert.equal(ra!.origin, 'bundle:hand-bundle');
});

for (const [what, extra, message] of [
  ['unknown strategy', ['--strategy', 'bogus'], /unknown strategy 'bogus' \(known: exhaustive/],
  ['budget 0', ['--budget', '0'], /--budget must be an integer >= 1/],
  ['export with a model strategy', ['--strategy', 'model', '--export', '/tmp/kforge-never'], /must be exhaustive or random/],
] as const) {
  test(`tune bad input exits 2: ${what}`, async () => {
    const r = await kforge(tuneArgs(join(dir, 'bad.jsonl'), [...extra]));
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, message);
  });
}

test('tune bad input exits 2: unknown target; emulated executors refuse to rank by time', async () => {
  const r = await kforge(['tune', 'gemv', '--target', 'sparc', '--params', JSON.stringify(PARAMS)]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown target 'sparc'/);
  const neon = await kforge(['tune', 'gemv', '--target', 'neon', '--params', JSON.stringify(PARAMS), '--db', join(dir, 'bad.jsonl')]);
  assert.equal(neon.code, 2, neon.stderr);
  assert.match(neon.stderr, /qemu-aarch64, which is emulated here: it can check correctness/);
});

test('tune --threads takes a list: the space keeps only those thread counts; a count outside the knob is bad input', async () => {
  const bundle = join(dir, 'threads-bundle');
  const r = await kforge(tuneArgs(db, ['--threads', '1,2', '--strategy', 'exhaustive', '--budget', '1000', '--export', bundle]));
  assert.equal(r.code, 0, r.stderr);
  const manifest = JSON.parse(readFileSync(join(bundle, 'tune.json'), 'utf8')) as { cases: { config: { threads: number } }[] };
  const { loweringFor } = await import('@kforge/driver');
  const { SearchSpace } = await import('@kforge/autotune');
  const full = new SearchSpace(loweringFor('gemv', TARGET).knobs(TARGET, resolveParams(getOp('gemv'), PARAMS)));
  assert.equal(manifest.cases.length, full.configs.filter((c) => c.threads === 1 || c.threads === 2).length);
  assert.deepEqual([...new Set(manifest.cases.map((c) => c.config.threads))].sort(), [1, 2]);
  const bad = await kforge(tuneArgs(join(dir, 'bad.jsonl'), ['--threads', '1,3']));
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--threads 3 is not one of/);
});

test('tune on a device the database has not seen starts from the best config recorded for a similar fingerprint (warm start); --no-warm-start disables it', async () => {
  const { loweringFor } = await import('@kforge/driver');
  const { SearchSpace, SCHEMA_VERSION } = await import('@kforge/autotune');
  const knobs = loweringFor('gemv', TARGET).knobs(TARGET, resolveParams(getOp('gemv'), PARAMS));
  // a config valid on a one-thread run that is not the default
  const key = (c: object) => JSON.stringify(c);
  const config = new SearchSpace(knobs).configs.find((c) => key(c) !== key(knobs.defaults) && (c.threads === undefined || c.threads === 1))!;
  const other = {
    schema: SCHEMA_VERSION, op: 'gemv', params: resolveParams(getOp('gemv'), PARAMS), target: TARGET, kforge: 'test', config, sourceHash: '', status: 'ok',
    device: { device: 'another CPU of the class', features: ['avx2'], compiler: 'gcc 1', executor: 'native' },
    measurement: { medianMs: 1, minMs: 1, maxMs: 1, iqrMs: 0, repeats: 1, bytes: 1, gbps: 1 }, time: '2026-12-02T00:00:00Z', origin: 'local',
  };
  const warmDb = join(dir, 'warm.jsonl');
  writeFileSync(warmDb, JSON.stringify(other) + '\n');
  const r = await kforge(tuneArgs(warmDb, ['--budget', '5', '--strategy', 'random', '--seed', '3', '--probe-mib', '0', '--threads', '1']), 300_000);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.match(r.stdout, /^warm start: 1 configs first, from 1 similar records/m);
  assert.match(r.stdout, /^ {2}\{.*\} {2}#1 of another CPU of the class/m);
  const records = readDb(warmDb);
  assert.equal(records.length, 6);
  assert.deepEqual(records[2]!.config, config, 'the default, then the warm start');
  const cold = join(dir, 'cold.jsonl');
  writeFileSync(cold, JSON.stringify(other) + '\n');
  const c = await kforge(tuneArgs(cold, ['--budget', '2', '--strategy', 'random', '--seed', '3', '--probe-mib', '0', '--threads', '1', '--no-warm-start']), 300_000);
  assert.equal(c.code, 0, c.stderr + c.stdout);
  assert.doesNotMatch(c.stdout, /warm start/);
});
