/**
 * Issue 16 point 6, the bench side: attention cases run through the op-generic runner (KV bytes and
 * the case's figure from the op's hooks, sampled checks for large cases, the naive-c and ggml
 * baselines, the FMA-peak probe beside the read probe), on small shapes and short budgets. The ggml
 * checks run where KFORGE_GGML_DIR names a ggml build (experiments/2026-12-01-attention-cpu/README.md).
 * KFORGE_HEAVY=1 adds the suites' real decode and prefill cases on avx512.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getOp, randomInputs, resolveParams, type Params } from '@kforge/ir';
import { checkRun, runArtifact } from '@kforge/driver';
import { baselinesFor, cpuBaselines, readUsage } from './baselines.ts';
import { findGgml, ggmlAttentionArtifact, ggmlUnsupported } from './ggml.ts';
import { measureFmaPeak, rotationCopies, timeArtifact } from './measure.ts';
import { fmaProbeArtifact } from './probe.ts';
import { benchBytes, benchFigure, benchOne, runSuite, timingExecutor } from './runner.ts';
import { getSuite } from './suites/index.ts';
import type { Suite } from './suites/suite.ts';

const QUICK = { minTimeMs: 40, rounds: 1, probeBytes: 8 << 20 } as const;
const GGML = findGgml();
const NO_GGML = 'unavailable' in GGML ? GGML.unavailable : false;
const HEAVY = process.env.KFORGE_HEAVY === '1';
const HAS_AVX512 = (() => {
  try {
    return /\bavx512f\b/.test(readFileSync('/proc/cpuinfo', 'utf8'));
  } catch {
    return false;
  }
})();

const attention = (raw: Record<string, unknown>): Params => resolveParams(getOp('attention'), raw);

test('attention: decode is judged by GB/s over the KV bytes, prefill by GFLOP/s; gemv by bytes moved', () => {
  assert.equal(benchFigure('attention', attention({ Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'f16' })), 'gbps');
  assert.equal(benchFigure('attention', attention({ Hq: 16, Hkv: 8, Sq: 512, Skv: 512, D: 128, kv: 'f16', causal: true })), 'gflops');
  assert.equal(benchFigure('gemv', { M: 1, N: 8, K: 8, weight: 'f32', act: 'f32', bias: false }), 'gbps');
  // the KV cache only: k and v of [1, 8, 4096, 128] f16, not q or o
  const a = ggmlAttentionArtifact({ dir: '/x', include: '/x/include', lib: '/x/lib' }, attention({ Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'f16' }), 'flash', 2);
  assert.equal(benchBytes(a), 2 * 8 * 4096 * 128 * 2);
  const q8 = ggmlAttentionArtifact({ dir: '/x', include: '/x/include', lib: '/x/lib' }, attention({ Hq: 32, Hkv: 4, Sq: 1, Skv: 1024, D: 128, kv: 'q8_0' }), 'flash', 2);
  assert.equal(benchBytes(q8), 2 * 4 * 1024 * (128 / 32) * 34);
  assert.match(String(ggmlUnsupported(attention({ Hq: 4, Sq: 8, Skv: 8, D: 32, kv: 'q8_0' }), 'matmul')), /q8_0/);
  assert.equal(ggmlUnsupported(attention({ Hq: 4, Sq: 8, Skv: 8, D: 32, kv: 'f16' }), 'matmul'), null);
});

test('cpuBaselines: ggml is reported unavailable without KFORGE_GGML_DIR, found with one', () => {
  const p = attention({ Hq: 4, Hkv: 2, Sq: 1, Skv: 64, D: 64, kv: 'f16' });
  const none = cpuBaselines('attention', 'avx512', p, 2, { ggml: true, env: {} });
  assert.ok(none.unavailable.some((u) => /^ggml unavailable: KFORGE_GGML_DIR is not set/.test(u)), none.unavailable.join('; '));
  assert.ok(!none.baselines.some((b) => b.impl.startsWith('ggml')));
  const bad = cpuBaselines('attention', 'avx512', p, 2, { ggml: true, env: { KFORGE_GGML_DIR: '/nonexistent' } });
  assert.ok(bad.unavailable.some((u) => /has no include\/ggml.h/.test(u)));
  // export's baselinesFor never asks for ggml (the build is this machine's)
  assert.ok(!baselinesFor('gemv', 'avx512', { M: 1, N: 8, K: 32, weight: 'f32', act: 'f32', bias: false }, 2).some((b) => b.impl.startsWith('ggml')));
});

test('readUsage: the ggml label takes its own files, not ggml-matmul\'s', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-usage-'));
  try {
    writeFileSync(join(dir, 'ggml-11.txt'), '180000000 100000000 10 2\n');
    writeFileSync(join(dir, 'ggml-matmul-12.txt'), '150000000 100000000 10 2\n');
    assert.deepEqual([readUsage(dir, 'ggml', 2)?.threads_used, readUsage(dir, 'ggml-matmul', 2)?.threads_used], [1.8, 1.5]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the FMA-peak probe measures a plausible positive GFLOP/s with the widest vectors the target has', { timeout: 60_000 }, async () => {
  const target = HAS_AVX512 ? 'avx512' : 'avx2';
  const a = fmaProbeArtifact(target, 2);
  assert.match(a.files['fma_probe.c']!, /_mm512_fmadd_ps/);
  assert.match(a.files['fma_probe.c']!, /_mm256_fmadd_ps/);
  const r = await measureFmaPeak(await timingExecutor(target), target, 2, undefined, 60);
  assert.equal(r.lanes, target === 'avx512' ? 16 : 8);
  assert.equal(r.threads, 2);
  assert.equal(r.flopsPerCall, 2 * 2 * r.lanes * (target === 'avx512' ? 24 : 12) * (1 << 19));
  // 2 threads of a few GHz: well above one scalar core, well below 10 TFLOP/s
  assert.ok(r.gflops > 2 && r.gflops < 10_000, `${r.gflops} GFLOP/s`);
});

test('ggml baseline: flash decode (f16, q8_0) and prefill (flash, matmul) match the reference on kforge\'s buffers, and time with rotation', { skip: NO_GGML, timeout: 120_000 }, async () => {
  if ('unavailable' in GGML) return;
  const executor = await timingExecutor('c');
  const cases: [Record<string, unknown>, 'flash' | 'matmul'][] = [
    [{ Hq: 4, Hkv: 2, Sq: 1, Skv: 100, D: 64, kv: 'f16', causal: true }, 'flash'],
    [{ Hq: 8, Hkv: 1, Sq: 1, Skv: 70, D: 64, kv: 'q8_0', window: 20 }, 'flash'],
    [{ B: 2, Hq: 4, Hkv: 2, Sq: 19, Skv: 37, D: 64, kv: 'f16', causal: true }, 'flash'],
    [{ Hq: 4, Hkv: 1, Sq: 20, Skv: 20, D: 32, Dv: 64, kv: 'f16', causal: true }, 'matmul'],
  ];
  for (const [raw, path] of cases) {
    const params = attention(raw);
    const a = ggmlAttentionArtifact(GGML, params, path, 2);
    const inputs = randomInputs(getOp('attention'), params, 3);
    const c = checkRun(await runArtifact(a, inputs, { executor }), inputs);
    assert.ok(c.ok, `${JSON.stringify(raw)} ${path}: ${c.checks.map((x) => x.message).join('; ')}`);
  }
  const params = attention(cases[0]![0]);
  const a = ggmlAttentionArtifact(GGML, params, 'flash', 2);
  const inputs = randomInputs(getOp('attention'), params, 3);
  const bytes = Object.fromEntries(['q', 'k', 'v'].map((n) => [n, new Uint8Array(inputs[n]!.data.buffer.slice(0))]));
  const t = await timeArtifact(executor, a, bytes, { minTimeMs: 20, rotate: rotationCopies(benchBytes(a), 4 << 20) });
  assert.ok(t.rotatedCopies > 1 && t.ms.median > 0, `${t.rotatedCopies} copies, ${t.ms.median} ms`);
});

test('bench run: attention cases on avx512 run (or are skipped with the lowering\'s reason) with both probes', { skip: !HAS_AVX512 && 'no AVX-512 here', timeout: 300_000 }, async () => {
  const suite: Suite = {
    name: 'attention-small', doc: 'test', source: 'test',
    cases: [
      { id: 'attention/t/decode', op: 'attention', layer: 't', phase: 'decode', params: { Hq: 4, Hkv: 2, Sq: 1, Skv: 256, D: 64, kv: 'f16', causal: true } },
      { id: 'attention/t/prefill', op: 'attention', layer: 't', phase: 'prefill', params: { Hq: 4, Hkv: 2, Sq: 64, Skv: 64, D: 64, kv: 'f16', causal: true } },
      // an op whose kernel exists everywhere: its check goes the sampled way too, on generated inputs
      { id: 'gemv/t/q8_0', op: 'gemv', layer: 't', phase: 'decode', params: { M: 1, N: 1024, K: 1024, weight: 'q8_0', act: 'f32', bias: false } },
    ],
  };
  // the prefill case is checked on sampled rows (threshold lowered), the decode case in full
  const file = await runSuite(suite, undefined, { target: 'avx512', threads: 2, ...QUICK, allowLoad: true, fullReferenceMaxFlops: 1e6 });
  assert.ok(file.ceilings.length === 2 && file.ceilings.every((c) => c.gbps > 0));
  assert.equal(file.compute_ceilings?.length, 2, 'an FMA probe at the start and the end: a case is judged by GFLOP/s');
  assert.ok(file.fma_peak_gflops! > 0);
  const gemv = file.results.find((r) => r.op === 'gemv')!;
  assert.equal(gemv.status, 'ok', gemv.reason ?? '');
  assert.deepEqual([gemv.check, gemv.figure], ['sampled', 'gbps']);
  assert.ok(gemv.measurements.every((m) => m.correct && m.nmse < m.nmse_bound));
  for (const r of file.results.filter((x) => x.op === 'attention')) {
    const params = resolveParams(getOp('attention'), r.params);
    assert.equal(r.status, 'ok', r.reason ?? '');
    assert.equal(r.figure, r.phase === 'decode' ? 'gbps' : 'gflops');
    assert.equal(r.check, r.phase === 'decode' ? 'full' : 'sampled');
    const k = r.measurements[0]!;
    assert.equal(k.bytes_moved, 2 * 2 * Number(params.Skv) * 64 * 2, 'GB/s over the KV bytes');
    assert.ok(k.fraction_of_fma_peak! > 0);
    const impls = r.measurements.map((m) => m.impl);
    assert.ok(impls.includes('naive-c'), impls.join());
    if (!NO_GGML) assert.ok(impls.includes('ggml'), `${impls.join()} ${r.reason}`);
    else assert.match(r.reason ?? '', /ggml unavailable/);
  }
});

test('bench OP: an attention decode case on target c, GB/s over the KV bytes, checked in full', { timeout: 120_000 }, async () => {
  const raw = { Hq: 4, Hkv: 2, Sq: 1, Skv: 96, D: 32, kv: 'f16' };
  const file = await benchOne('attention', raw, { target: 'c', threads: 2, ...QUICK });
  const r = file.results[0]!;
  assert.equal(r.status, 'ok', r.reason ?? '');
  assert.deepEqual([r.figure, r.check], ['gbps', 'full']);
  const k = r.measurements[0]!;
  assert.equal(k.bytes_moved, 2 * 2 * 96 * 32 * 2);
  assert.ok(k.gbps > 0 && k.correct && k.rotate > 1);
  assert.equal(file.compute_ceilings, undefined, 'no FMA probe for a bandwidth case');
  // on c there is no naive-c beside it (it is the c kernel); ggml where a build is named
  assert.ok(!r.measurements.some((m) => m.impl === 'naive-c'));
  if (!NO_GGML) assert.ok(r.measurements.some((m) => m.impl === 'ggml'), r.reason ?? '');
});

test('bench run: the real attention cases of both suites on avx512 (KFORGE_HEAVY=1)', { skip: (!HEAVY && 'KFORGE_HEAVY=1 runs the suites\' attention cases') || (!HAS_AVX512 && 'no AVX-512 here'), timeout: 3_600_000 }, async () => {
  for (const name of ['qwen3-0.6b', 'qwen3-30b-a3b']) {
    const file = await runSuite(getSuite(name), /^attention\//, { target: 'avx512', threads: 2, allowLoad: true });
    assert.equal(file.results.length, 8);
    for (const r of file.results) assert.ok(r.status === 'ok' || r.status === 'skipped', `${r.id}: ${r.status} ${r.reason}`);
  }
});
