/**
 * Issue 20 item 1 for ggml's baselines: one way to count and place their threads (ggml-process.ts),
 * a ggml built without OpenMP refused (its pthreads would inherit one core's mask), the gemv
 * baseline checked against the float64 reference on kforge's buffers, and a baseline run under a
 * deliberate 1-CPU mask flagged by the threads it really used. The ggml runs need KFORGE_GGML_DIR
 * (a build as experiments/2026-12-01-attention-cpu/README.md makes).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getOp, randomInputs, resolveParams, type Params } from '@kforge/ir';
import { checkRun, runArtifact } from '@kforge/driver';
import { cpuBaselines } from './baselines.ts';
import { ggmlAttentionArtifact } from './ggml.ts';
import { ggmlGatedDeltaArtifact } from './ggml-gated-delta.ts';
import { ggmlGemvArtifact, ggmlGemvUnsupported } from './ggml-gemv.ts';
import { ggmlMoeArtifact } from './ggml-moe.ts';
import { findGgml, ggmlPlacement } from './ggml-process.ts';
import { timingExecutor } from './runner.ts';

const GGML = findGgml();
const NO_GGML = 'unavailable' in GGML ? GGML.unavailable : false;
const HAS_TASKSET = ['/usr/bin/taskset', '/bin/taskset'].some((p) => existsSync(p));
const FAKE = { dir: '/x', include: '/x/include', lib: '/x/lib' };
const gemv = (raw: Record<string, unknown>): Params => resolveParams(getOp('gemv'), { act: 'f32', bias: false, ...raw });

test('every ggml driver plans its graph through the one shared helper, for the threads it is labelled with', () => {
  const drivers = [
    ggmlGemvArtifact(FAKE, gemv({ M: 1, N: 64, K: 64, weight: 'q4_0' }), 3).files['ggml_gemv.c']!,
    ggmlAttentionArtifact(FAKE, resolveParams(getOp('attention'), { Hq: 4, Hkv: 2, Sq: 1, Skv: 64, D: 64, kv: 'f16' }), 'flash', 3).files['ggml_attention.c']!,
    ggmlGatedDeltaArtifact(FAKE, resolveParams(getOp('gated_delta_rule'), { B: 1, T: 1, Hk: 2, Hv: 2, Dk: 32, Dv: 32 }), 3).files['ggml_gated_delta.c']!,
    ggmlMoeArtifact(FAKE, resolveParams(getOp('moe'), { T: 1, H: 32, I: 32, E: 2, topk: 1 }), 3).files['ggml_moe.c']!,
  ];
  for (const c of drivers) {
    assert.match(c, /#define KF_THREADS 3\n/);
    assert.equal(c.match(/kf_ggml_graph_plan\(/g)?.length, 1, 'ggml_graph_plan is called in kf_ggml_plan only');
    assert.match(c, /kf_plan = kf_ggml_plan\(kf_graph\);/);
  }
  assert.match(ggmlPlacement(2), /n_threads=2 in ggml_graph_plan, OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores/);
  assert.match(ggmlPlacement(0), /n_threads=online CPUs.*as the run's affinity records/);
});

test('findGgml refuses a ggml whose CPU library is built without OpenMP (its threads would not be placed)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-ggml-'));
  try {
    mkdirSync(join(dir, 'include'));
    mkdirSync(join(dir, 'lib'));
    for (const h of ['ggml.h', 'ggml-cpu.h']) writeFileSync(join(dir, 'include', h), '');
    writeFileSync(join(dir, 'lib', 'libggml-base.so'), 'libc.so.6');
    writeFileSync(join(dir, 'lib', 'libggml-cpu.so'), 'libc.so.6 libm.so.6');
    const r = findGgml({ KFORGE_GGML_DIR: dir });
    assert.ok('unavailable' in r && /built without OpenMP.*-DGGML_OPENMP=ON/.test(r.unavailable), JSON.stringify(r));
    const p = gemv({ M: 1, N: 64, K: 64, weight: 'f32' });
    const found = cpuBaselines('gemv', 'avx512', p, 2, { ggml: true, env: { KFORGE_GGML_DIR: dir } });
    assert.ok(found.unavailable.some((u) => /^ggml unavailable: .*without OpenMP/.test(u)), found.unavailable.join('; '));
    assert.ok(!found.baselines.some((b) => b.impl === 'ggml'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('ggml gemv: what it cannot read in place is said', () => {
  assert.match(String(ggmlGemvUnsupported(gemv({ M: 1, N: 64, K: 128, weight: 'w4g128' }))), /no type/);
  assert.match(String(ggmlGemvUnsupported(gemv({ M: 1, N: 64, K: 64, weight: 'f32', bias: true }))), /bias/);
  assert.equal(ggmlGemvUnsupported(gemv({ M: 4, N: 64, K: 64, weight: 'q8_0' })), null);
});

test('ggml gemv baseline: mul_mat matches the float64 reference on kforge\'s buffers (f32, f16, bf16, q8_0, q4_0, q4_1; M 1 and 3)', { skip: NO_GGML, timeout: 180_000 }, async () => {
  if ('unavailable' in GGML) return;
  const executor = await timingExecutor('c');
  for (const [weight, M] of [['f32', 1], ['f16', 1], ['bf16', 3], ['q8_0', 1], ['q4_0', 3], ['q4_1', 1]] as const) {
    const p = gemv({ M, N: 72, K: 96, weight });
    const inputs = randomInputs(getOp('gemv'), p, 5);
    const c = checkRun(await runArtifact(ggmlGemvArtifact(GGML, p, 2), inputs, { executor }), inputs);
    assert.ok(c.ok, `${weight} M=${M}: ${c.checks.map((x) => x.message).join('; ')}`);
  }
});

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** benchOne of a small f32 gemv in a Node process whose CPU mask is `cpus` (taskset): each baseline's placement fields */
function benchUnderMask(cpus: string): Promise<{ impl: string; threads_requested?: number; threads_used?: number; threads_unreliable?: string }[]> {
  const script = `import { benchOne } from ${JSON.stringify(join(REPO_ROOT, 'packages/bench/src/runner.ts'))};
const f = await benchOne('gemv', { M: 1, N: 512, K: 1024, weight: 'f32', act: 'f32', bias: false }, { target: 'avx2', threads: 2, minTimeMs: 60, rounds: 1, probeBytes: 8 << 20, allowLoad: true });
const r = f.results[0];
if (r.status !== 'ok') { console.error(r.status, r.reason); process.exit(1); }
console.log(JSON.stringify(r.measurements.map(({ impl, threads_requested, threads_used, threads_unreliable }) => ({ impl, threads_requested, threads_used, threads_unreliable }))));`;
  return new Promise((done, fail) => {
    execFile('taskset', ['-c', cpus, process.execPath, '--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT, timeout: 150_000 }, (error, stdout, stderr) => {
      if (error) fail(new Error(`${error.message}\n${stderr}`));
      else done(JSON.parse(stdout.trim().split('\n').pop()!));
    });
  });
}

test('a ggml baseline run under a deliberate 1-CPU mask is flagged by the threads it really used', {
  skip: (NO_GGML || (!HAS_TASKSET && 'no taskset')), timeout: 180_000,
}, async () => {
  const m = await benchUnderMask('0');
  const ggml = m.find((x) => x.impl === 'ggml');
  assert.ok(ggml, JSON.stringify(m));
  assert.equal(ggml.threads_requested, 2);
  // one CPU: its two threads' CPU time cannot exceed the wall time (noise allowed)
  assert.ok(ggml.threads_used !== undefined && ggml.threads_used <= 1.1, `ggml threads_used ${ggml.threads_used}`);
  assert.match(String(ggml.threads_unreliable), /^ggml used [\d.]+ of 2 threads: comparison unreliable$/);
  const naive = m.find((x) => x.impl === 'naive-c');
  assert.ok(naive?.threads_unreliable, `naive C under the same mask is flagged too: ${JSON.stringify(naive)}`);
  process.stderr.write(`# under taskset -c 0: ${JSON.stringify(m)}\n`);
});
