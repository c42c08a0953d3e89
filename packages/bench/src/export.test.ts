/**
 * A bench bundle for real: exported here for avx2 (two small cases, a tiny rotation and probe), built
 * and run with sh + gcc as on a machine without Node, imported back into the bench JSON; then the
 * import's checks on doctored results and its refusals of bad input.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '@kforge/ir';
import { exportBenchBundle, BENCH_RESULTS_ARCHIVE, type BenchExportOptions } from './export.ts';
import { importBenchBundle } from './import.ts';
import type { SuiteCase } from './suites/suite.ts';

const root = mkdtempSync(join(tmpdir(), 'kforge-bench-bundle-'));
process.on('exit', () => rmSync(root, { recursive: true, force: true }));

const CASES: SuiteCase[] = [
  { id: 'test/f32', op: 'gemv', params: { M: 1, N: 200, K: 256 }, layer: 'a', phase: 'decode' },
  { id: 'test/q4_0', op: 'gemv', params: { M: 2, N: 130, K: 512, weight: 'q4_0' }, layer: 'b', phase: 'batch' },
];
const OPTIONS: BenchExportOptions = {
  target: 'avx2', kind: 'suite', suite: 'test', threads: 2, configs: [{ rows: 2 }],
  rotateBytes: 4 << 20, probeBytes: 16 << 20, minTimeMs: 15, rounds: 2, command: ['kforge', 'bench', 'test'],
};

const throwsInput = (f: () => unknown, message: RegExp) => assert.throws(f, (e: unknown) => e instanceof InputError && message.test(e.message));

test('export, run with sh + gcc, import: checked, timed, fractions of the probe of the same round, the machine recorded', () => {
  const bundle = join(root, 'bundle');
  const m = exportBenchBundle(bundle, CASES, OPTIONS);
  assert.deepEqual(m.cases.map((c) => c.jobs.map((j) => j.impl)), [['kforge', 'kforge-default', 'openblas', 'naive-c'], ['kforge', 'kforge-default', 'naive-c']]);
  assert.equal(m.cases[1]!.jobs[0]!.configuration.rows, 2, 'the given config');
  assert.equal(m.cases[1]!.jobs[0]!.configSource, 'given');
  assert.equal(m.cases[1]!.jobs[1]!.configSource, 'default');
  for (const f of ['run.sh', 'build.sh', 'bench.json', 'README.md', 'cases/probe/probe.c', 'cases/generate-inputs/generate.h', 'cases/c01-kforge/kforge_harness.c']) {
    assert.ok(existsSync(join(bundle, f)), f);
  }
  // a machine without OpenBLAS: the baseline fails its first run and is reported, not timed
  const blas = join(bundle, 'cases/c00-openblas/openblas_gemv.c');
  writeFileSync(blas, readFileSync(blas, 'utf8').replace('libopenblas.so.0', 'libkforge-absent.so.0'));

  const out = join(root, 'out');
  execFileSync('sh', [join(bundle, 'run.sh'), out], { env: { ...process.env, CC: 'gcc', THREADS: '2' }, timeout: 150_000, stdio: 'pipe' });
  assert.deepEqual(readdirSync(out).sort(), [BENCH_RESULTS_ARCHIVE, 'summary.txt']);

  const file = importBenchBundle(out);
  assert.equal(file.schema_version, 'kforge-bench/1');
  assert.equal(file.kind, 'suite');
  assert.equal(file.target, 'avx2');
  assert.equal(file.threads, 2);
  assert.equal(file.affinity.OMP_NUM_THREADS, '2');
  assert.equal(file.affinity.OMP_PROC_BIND, 'close');
  assert.equal(file.ceilings.length, 2 * 2, 'the probe in each of 2 rounds of both cases');
  assert.ok(file.ceilings.every((c) => c.gbps > 0 && c.chunk_bytes === 8 << 20));
  assert.ok(file.ceiling_gbps > 0 && file.ceiling_gbps === Math.max(...file.ceilings.map((c) => c.gbps)));
  assert.equal(file.protocol.rotate_bytes, 4 << 20);
  assert.ok(file.provenance.machine.isa_flags.includes('avx2'));
  assert.ok(file.provenance.machine.cpu_model.length > 0 && file.provenance.machine.cores > 0);
  assert.match(file.provenance.bundle!.run_command, /THREADS=2 sh run.sh/);
  assert.match(file.provenance.bundle!.tools.cc!, /gcc/);
  assert.deepEqual(file.provenance.command, ['kforge', 'bench', 'test']);
  assert.ok(file.provenance.started_at <= file.provenance.finished_at && file.provenance.load_average.start.length === 3);

  const [f32, q4] = file.results;
  assert.equal(f32!.status, 'ok');
  assert.equal(q4!.status, 'ok');
  assert.deepEqual(f32!.measurements.map((x) => x.impl), ['kforge', 'kforge-default', 'naive-c']);
  assert.match(f32!.reason ?? '', /openblas not timed: run-failed \(exit code 4\).*libkforge-absent/);
  assert.deepEqual(q4!.measurements.map((x) => x.impl), ['kforge', 'kforge-default', 'naive-c']);
  for (const x of [...f32!.measurements, ...q4!.measurements]) {
    assert.ok(x.correct && x.nmse <= x.nmse_bound, `${x.impl} checked`);
    assert.ok(x.median_ms > 0 && x.min_ms <= x.median_ms && x.median_ms <= x.max_ms);
    assert.ok(Math.abs(x.gbps - x.bytes_moved / (x.median_ms * 1e6)) < 1e-9);
    assert.equal(x.samples_ms.length, x.repeats);
    assert.ok(x.repeats >= 2 * 5, 'at least 10 / 2 kept repeats in each of 2 rounds');
    assert.equal(x.fractions_of_probe?.length, 2);
    assert.ok(x.fraction_of_probe! > 0 && x.fraction_of_ceiling > 0);
    assert.ok(x.rotate > 1 && x.working_set_bytes >= 4 << 20, 'rotated through at least --rotate-mib');
    assert.equal(x.threads, 2);
    assert.match(x.compiler!.version ?? '', /^gcc /);
  }
  assert.equal(q4!.measurements[1]!.nmse_bound, 5e-4, 'the int8 path (the default) is judged by its own bound');
  assert.equal(f32!.measurements[0]!.nmse_bound, 1e-8);
  assert.ok(f32!.measurements[0]!.compiler!.flags.includes('-mavx2') && !f32!.measurements[2]!.compiler!.flags.includes('-mavx2'), 'naive-c is built without ISA flags');
  assert.ok(q4!.speedup['naive-c']! > 0);

  // doctored results: a wrong default config is reported and not timed; a NaN in kforge's output fails the case
  const unpacked = join(root, 'unpacked');
  cpSync(out, unpacked, { recursive: true });
  execFileSync('tar', ['xzf', BENCH_RESULTS_ARCHIVE], { cwd: unpacked });
  const results = join(unpacked, 'results');
  const scale = (path: string, f: (y: Float32Array) => void) => {
    const y = new Float32Array(new Uint8Array(readFileSync(path)).buffer);
    f(y);
    writeFileSync(path, new Uint8Array(y.buffer));
  };
  scale(join(results, 'outputs/c01-kforge-default/out_y.bin'), (y) => y.forEach((v, i) => { y[i] = 2 * v; }));
  scale(join(results, 'outputs/c00-kforge/out_y.bin'), (y) => { y[1] = NaN; });
  const doctored = importBenchBundle(results);
  assert.equal(doctored.results[0]!.status, 'incorrect');
  assert.match(doctored.results[0]!.reason!, /1 NaN\/Inf or unwritten elements \(first at flat index 1\)/);
  assert.deepEqual(doctored.results[0]!.measurements, []);
  assert.deepEqual(doctored.results[1]!.measurements.map((x) => x.impl), ['kforge', 'naive-c']);
  assert.match(doctored.results[1]!.reason!, /kforge-default not timed: y: nmse .* > 5e-4/);

  // bad input
  throwsInput(() => importBenchBundle(join(root, 'absent')), /is not a folder/);
  throwsInput(() => importBenchBundle(bundle), /has not been run here/);
  const lines = join(results, 'timings.jsonl');
  writeFileSync(lines, `${readFileSync(lines, 'utf8')}{"case":"c00","job":\n`);
  throwsInput(() => importBenchBundle(results), /timings.jsonl:\d+ is not a JSON result line/);
  const broken = join(root, 'broken');
  cpSync(out, broken, { recursive: true });
  writeFileSync(join(broken, BENCH_RESULTS_ARCHIVE), 'not gzip');
  throwsInput(() => importBenchBundle(broken), /is not a readable archive/);
});

test('export refuses what a bundle cannot run', () => {
  throwsInput(() => exportBenchBundle(join(root, 'gpu'), CASES, { ...OPTIONS, target: 'cuda' }), /hosted CPU targets/);
  throwsInput(() => exportBenchBundle(join(root, 'threads'), CASES, { ...OPTIONS, configs: [{ threads: 4 }] }), /leave threads out of --config/);
  throwsInput(() => exportBenchBundle(join(root, 'bad-config'), CASES.slice(0, 1), { ...OPTIONS, kind: 'single', configs: [{ dot_path: 'int8' }] }), /dot_path/);
  const full = join(root, 'full');
  exportBenchBundle(full, CASES.slice(0, 1), { ...OPTIONS, kind: 'single', configs: [] });
  throwsInput(() => exportBenchBundle(full, CASES.slice(0, 1), { ...OPTIONS, kind: 'single' }), /exists and is not empty/);
  // in a suite a config that does not apply to a case is noted, the case keeps its default
  const m = exportBenchBundle(join(root, 'suite'), CASES, { ...OPTIONS, configs: [{ dot_path: 'int8' }] });
  assert.deepEqual(m.cases.map((c) => c.jobs.map((j) => j.impl)), [['kforge', 'openblas', 'naive-c'], ['kforge', 'naive-c']]);
  assert.match(m.cases[0]!.notes[0]!, /config 1 .* does not apply/);
});
