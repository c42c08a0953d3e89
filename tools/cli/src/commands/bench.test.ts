import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kforge, scratchFolder } from '../testing.ts';

const bench = (argv: string[]) => kforge(['bench', ...argv], 300_000);

test('bench gemv --json on a small avx2 shape: checked, timed with rotation, probe, baselines and the default config (A/B) in one object', async () => {
  const argv = ['gemv', '--target', 'avx2', '--params', '{"M":1,"N":64,"K":256}', '--config', '{"rows":2}', '--vs-default', '--threads', '2', '--json', '--min-time', '30', '--probe-mib', '64'];
  const run = await bench(argv);
  assert.equal(run.code, 0, run.stderr);
  const r = JSON.parse(run.stdout) as Record<string, any>;
  assert.equal(r.op, 'gemv');
  assert.equal(r.executor, 'native');
  assert.equal(r.threads, 2);
  assert.equal(r.bytes_moved, 64 * 256 * 4 + 256 * 4 + 64 * 4);
  assert.ok(r.median_ms > 0 && r.spread.min_ms <= r.median_ms && r.median_ms <= r.spread.max_ms);
  assert.ok(Math.abs(r.gbps - r.bytes_moved / (r.median_ms * 1e6)) < 1e-9);
  assert.ok(r.ceiling_gbps > 0 && r.fraction_of_ceiling > 0);
  assert.ok(r.repeats >= 10);
  assert.ok(r.rotate > 1, 'a 66 KB working set is rotated past the L3');
  assert.equal(r.configuration.threads, 2);
  assert.match(r.provenance.build_commit, /^([0-9a-f]{40}|unknown)$/);
  assert.ok(r.provenance.machine.isa_flags.includes('avx2'));
  const impls = r.result.results[0].measurements.map((m: { impl: string }) => m.impl);
  assert.deepEqual(impls, ['kforge', 'kforge-default', 'openblas', 'naive-c']);
  const [given, defaults] = r.result.results[0].measurements;
  assert.deepEqual([given.config_source, given.configuration.rows, defaults.config_source], ['given', 2, 'default']);
  assert.ok(Math.abs(r.speedup['kforge-default'] - defaults.median_ms / given.median_ms) < 1e-12, 'the A/B ratio of the interleaved run');
  // what was in force, not what was asked: the executor pins OpenMP threads when given a count
  assert.deepEqual([r.result.affinity.OMP_PROC_BIND, r.result.affinity.OMP_PLACES, r.result.affinity.OMP_NUM_THREADS], ['close', 'cores', '2']);
  assert.match(r.result.affinity.cpus_allowed, /^[\d,-]+$/);
  assert.deepEqual(r.provenance.command.slice(0, 3), ['kforge', 'bench', 'gemv']);
  assert.ok(r.provenance.command.includes('--vs-default'));
  for (const m of r.result.results[0].measurements) {
    assert.ok(m.correct && m.nmse <= m.nmse_bound, `${m.impl} checked`);
    assert.equal(m.samples_ms.length, m.repeats);
    assert.match(m.source_sha256, /^[0-9a-f]{64}$/);
  }
  assert.equal(r.result.schema_version, 'kforge-bench/1');
});

test('bench refuses emulated executors, unknown suites and options that do not apply (exit 2)', async () => {
  const cases: [string[], RegExp][] = [
    [['gemv', '--target', 'neon', '--params', '{"N":64,"K":64}'], /refusing to time neon: .*emulated/],
    [['run', 'no-such-suite', '--target', 'avx2'], /unknown suite 'no-such-suite'/],
    [['run', 'qwen3-0.6b', '--target', 'avx2', '--params', '{}'], /--params does not apply/],
    [['gemv', '--target', 'avx2', '--params', '{"N":64,"K":64}', '--vs-default'], /--vs-default .* give --config too/],
  ];
  for (const [argv, message] of cases) {
    const r = await bench(argv);
    assert.equal(r.code, 2, `${argv.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
  }
});

test('bench compare: exit 1 (CheckError) on a regression beyond noise, success otherwise', async () => {
  const dir = scratchFolder();
  // only the fields compare reads; samples spread +-1% around the median
  const samples = (ms: number, phase: number) => Array.from({ length: 30 }, (_, i) => ms * (1 + 0.01 * Math.sin(i * 1.7 + phase)));
  const measurement = (impl: string, ms: number, phase: number) => ({ impl, median_ms: ms, samples_ms: samples(ms, phase) });
  const file = (ms: number, phase: number) => ({
    schema_version: 'kforge-bench/1', target: 'avx2', threads: 2,
    provenance: { cpu_info: 'Test CPU', machine: { cpu_model: 'Test CPU' } },
    results: [{ id: 'gemv/x', measurements: [measurement('kforge', ms, phase), measurement('openblas', 1, phase + 1)] }],
  });
  const a = join(dir, 'a.json');
  const b = join(dir, 'b.json');
  writeFileSync(a, JSON.stringify(file(1, 1)));
  writeFileSync(b, JSON.stringify(file(1.2, 2)));
  const worse = await bench(['compare', a, b]);
  assert.equal(worse.code, 1, worse.stderr);
  assert.match(worse.stderr, /1 regression\(s\) beyond noise .*gemv\/x 1\.2/);
  const same = await bench(['compare', a, a, '--json']);
  assert.equal(same.code, 0, same.stderr);
  assert.deepEqual(JSON.parse(same.stdout).regressions, []);
  const better = await bench(['compare', b, a]);
  assert.equal(better.code, 0, better.stderr);
  assert.match(better.stdout, /gemv\/x\s+kforge .*improvement/);
});
