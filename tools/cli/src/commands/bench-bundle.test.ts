/**
 * `kforge bench ... --export DIR` and `kforge bench --import OUT` from the command line: an avx512
 * bundle written here (where avx512 cannot run: exporting builds and runs nothing), and the exit 2 of
 * every import that is not a bundle's results. packages/bench/src/export.test.ts runs a bundle for real.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kforge, scratchFolder } from '../testing.ts';

const bench = (argv: string[]) => kforge(['bench', ...argv], 120_000);

test('bench --export writes an avx512 bundle with the run-time thread count; bad --export and --import input exits 2', async () => {
  const dir = scratchFolder();
  const bundle = join(dir, 'bundle');
  const exp = await bench(['gemv', '--target', 'avx512', '--params', '{"N":64,"K":256,"weight":"q4_0"}', '--config', '[{"rows":1}]', '--threads', '16', '--export', bundle]);
  assert.equal(exp.code, 0, exp.stderr);
  assert.match(exp.stdout, /kforge, kforge-default, naive-c/);
  assert.match(exp.stdout, /THREADS=16 sh \S+run.sh OUT/);
  const m = JSON.parse(readFileSync(join(bundle, 'bench.json'), 'utf8')) as { target: string; threads: number; command: string[]; cases: { jobs: { flags: string[]; configuration: { threads: number } }[] }[] };
  assert.equal(m.target, 'avx512');
  assert.equal(m.threads, 16);
  assert.ok(m.command.includes('--export'));
  assert.ok(m.cases[0]!.jobs[0]!.flags.includes('-mavx512f'));
  assert.ok(m.cases[0]!.jobs.every((j) => j.configuration.threads === 0), 'threads come from OMP_NUM_THREADS at run time');
  assert.match(readFileSync(join(bundle, 'run.sh'), 'utf8'), /THREADS=\$\{THREADS:-16\}/);
  assert.ok(existsSync(join(bundle, 'cases/c00-kforge/kforge_harness.c')));

  const corrupt = join(dir, 'corrupt');
  mkdirSync(corrupt);
  writeFileSync(join(corrupt, 'bench.json'), '{"kforgeBenchBundle": 99}');
  writeFileSync(join(corrupt, 'timings.jsonl'), '');
  const cases: [string[], RegExp][] = [
    [['--import', join(dir, 'absent')], /is not a folder/],
    [['--import', bundle], /has not been run here/],
    [['--import', corrupt], /bench bundle version 99 is not supported/],
    [['--import', corrupt, 'gemv'], /unexpected argument 'gemv'/],
    [['gemv', '--target', 'avx512', '--params', '{"N":64,"K":256}', '--export', join(dir, 'b2'), '--json'], /--json does not apply/],
    [['gemv', '--target', 'cuda', '--params', '{"N":64,"K":256}', '--export', join(dir, 'b3')], /hosted CPU targets/],
    [['gemv', '--target', 'avx2', '--params', '{"N":64,"K":256}', '--rotate-mib', '4'], /--rotate-mib applies to --export/],
    [[], /missing OP\|run/],
  ];
  for (const [argv, message] of cases) {
    const r = await bench(argv);
    assert.equal(r.code, 2, `${argv.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message, argv.join(' '));
  }
});
