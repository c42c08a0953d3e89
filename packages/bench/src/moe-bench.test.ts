/**
 * Issue 18 point 3, the bench side: moe's figures (GB/s at T <= 16, GFLOP/s above), the bytes it
 * counts (the experts the routing picks for the very inputs, the router, x and y), the cache flush
 * before each timed call, and ggml's MoE graph (llama.cpp's build_moe_ffn) as a baseline, checked
 * against the float64 reference on kforge's buffers. The ggml checks run where KFORGE_GGML_DIR names a
 * ggml build (experiments/2026-12-02-moe-cpu/README.md). No timing is asserted: a time is a result.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getOp, randomInputs, resolveParams, routeByRouter, tensorBytes, toFloat64, type Params } from '@kforge/ir';
import { checkRun, OP_HOOKS, runArtifact } from '@kforge/driver';
import { nativeExecutor } from '@kforge/exec';
import { cpuBaselines } from './baselines.ts';
import { findGgml } from './ggml.ts';
import { ggmlMoeArtifact, ggmlMoeUnsupported } from './ggml-moe.ts';
import { benchFigure, flushBytesFor, runSuite, timingExecutor } from './runner.ts';
import { timeArtifact } from './measure.ts';
import { QWEN3_30B_A3B } from './suites/qwen3-30b-a3b.ts';
import type { Suite } from './suites/suite.ts';
import { readFileSync } from 'node:fs';

const HAS_AVX512 = (() => {
  try {
    return /\bavx512f\b/.test(readFileSync('/proc/cpuinfo', 'utf8'));
  } catch {
    return false;
  }
})();

const GGML = findGgml();
const NO_GGML = 'unavailable' in GGML ? GGML.unavailable : false;

const moeCountedBytes = (p: Params, inputs: Record<string, Uint8Array>): number => OP_HOOKS.moe!.countedBytes!(p, inputs);

const moe = (raw: Record<string, unknown>): Params => resolveParams(getOp('moe'), raw);

test('moe: decode and small batches are judged by GB/s, prefill by GFLOP/s; the suite has T 1, 4, 16 and 512 in q4_0 and q8_0', () => {
  const base = { H: 2048, I: 768, E: 128, topk: 8, weight: 'q4_0', routing: 'router', normTopk: true };
  for (const T of [1, 4, 16]) assert.equal(benchFigure('moe', moe({ ...base, T })), 'gbps');
  assert.equal(benchFigure('moe', moe({ ...base, T: 512 })), 'gflops');
  const cases = QWEN3_30B_A3B.cases.filter((c) => c.op === 'moe');
  for (const T of [1, 4, 16, 512]) {
    for (const weight of ['q4_0', 'q8_0']) {
      assert.ok(cases.some((c) => c.params.T === T && c.params.weight === weight && c.params.routing === 'router' && c.params.normTopk === true && c.params.E === 128), `T ${T} ${weight}`);
    }
  }
  assert.equal(new Set(cases.map((c) => c.id)).size, cases.length);
});

test('moe counted bytes: the distinct experts the router picks for these inputs, each expert once, plus router, x and y', () => {
  const p = moe({ T: 6, H: 64, I: 32, E: 10, topk: 3, weight: 'q8_0', routing: 'router', normTopk: true });
  const inputs = randomInputs(getOp('moe'), p, 3);
  const bytes = Object.fromEntries(Object.entries(inputs).map(([k, t]) => [k, tensorBytes(t)]));
  const routes = routeByRouter(toFloat64(inputs.router!), toFloat64(inputs.x!), { T: 6, H: 64, E: 10, topk: 3, normTopk: true });
  const active = new Set(routes.ids).size;
  const perExpert = 32 * (64 / 32) * 34 * 2 + 64 * (32 / 32) * 34;
  assert.equal(moeCountedBytes(p, bytes), active * perExpert + 10 * 64 * 4 + 2 * 6 * 64 * 4);
  // given routing: ids as given, an id outside [0, E) reads nothing, a repeated one counts once
  const g = moe({ T: 2, H: 64, I: 32, E: 10, topk: 2, weight: 'f32', routing: 'given' });
  const ids = new Uint8Array(Int32Array.from([4, 4, 9, -1]).buffer);
  const w = new Uint8Array(16);
  const given = { x: new Uint8Array(2 * 64 * 4), w_gate: new Uint8Array(10 * 32 * 64 * 4), w_up: new Uint8Array(10 * 32 * 64 * 4), w_down: new Uint8Array(10 * 64 * 32 * 4), ids, weights: w };
  assert.equal(moeCountedBytes(g, given), 2 * 3 * 32 * 64 * 4 + 16 + 16 + 2 * 2 * 64 * 4);
});

test('flush: a timed run with the cache flush gives every repeat and the same outputs', { timeout: 60_000 }, async () => {
  const artifact = ggmlMoeArtifact({ dir: '/x', include: '/x/include', lib: '/x/lib' }, moe({ T: 1, H: 32, I: 32, E: 2, topk: 1 }), 1);
  assert.equal(flushBytesFor(480 * 2 ** 20), 960 * 2 ** 20);
  assert.equal(flushBytesFor(null), 512 * 2 ** 20);
  assert.equal(artifact.dispatches[0]!.entry, 'kf_ggml_moe');
  // the harness's flush with a plain kernel: y = 2x
  const plain = {
    op: 'test', target: 'c' as const, params: {}, config: {}, language: 'c' as const,
    files: { 'k.c': 'void twice(const float *x, float *y) { for (int i = 0; i < 16; i++) y[i] = 2 * x[i]; }\n' },
    buffers: [{ name: 'x', elem: 'f32' as const, bytes: 64, role: 'in' as const }, { name: 'y', elem: 'f32' as const, bytes: 64, role: 'out' as const }],
    scalars: [], dispatches: [{ entry: 'twice', args: ['x', 'y'] }],
  };
  const x = new Uint8Array(Float32Array.from({ length: 16 }, (_, i) => i).buffer);
  const t = await timeArtifact(nativeExecutor, plain, { x }, { flushBytes: 8 << 20, minTimeMs: 1, minRepeats: 4, maxRepeats: 4, discard: 0 });
  assert.equal(t.timingsMs.length, 4);
  assert.equal(t.flushedBytes, 8 << 20);
  assert.deepEqual(Array.from(new Float32Array(t.result.outputs.y!.slice().buffer)), Array.from({ length: 16 }, (_, i) => 2 * i));
});

test('ggml moe: what it cannot read in place is said, and the baseline is reported unavailable without a build', () => {
  assert.match(String(ggmlMoeUnsupported(moe({ T: 1, H: 128, I: 128, E: 4, topk: 2, weight: 'w4g128' }))), /no type/);
  assert.equal(ggmlMoeUnsupported(moe({ T: 1, H: 128, I: 128, E: 4, topk: 2, weight: 'q4_0' })), null);
  const p = moe({ T: 1, H: 128, I: 128, E: 4, topk: 2, weight: 'q8_0', routing: 'router' });
  const none = cpuBaselines('moe', 'avx512', p, 2, { ggml: true, env: {} });
  assert.ok(none.unavailable.some((u) => /^ggml unavailable: KFORGE_GGML_DIR is not set/.test(u)), none.unavailable.join('; '));
  if (!('unavailable' in GGML)) {
    const found = cpuBaselines('moe', 'avx512', p, 2, { ggml: true, env: { KFORGE_GGML_DIR: GGML.dir } });
    const ggml = found.baselines.find((b) => b.impl === 'ggml');
    assert.ok(ggml, found.unavailable.join('; '));
    assert.match(ggml.placement, /n_threads=2/);
  }
});

test('ggml baseline: build_moe_ffn\'s graph matches the reference on kforge\'s buffers (router with and without normTopk, given ids, q4_0, q8_0, f16, f32, T 1 to 40)', { skip: NO_GGML, timeout: 180_000 }, async () => {
  if ('unavailable' in GGML) return;
  const executor = await timingExecutor('c');
  const op = getOp('moe');
  const cases = [
    { T: 1, H: 256, I: 128, E: 8, topk: 2, routing: 'router', normTopk: true, weight: 'q4_0' },
    { T: 4, H: 256, I: 128, E: 6, topk: 2, routing: 'given', weight: 'q8_0' },
    { T: 40, H: 128, I: 64, E: 8, topk: 3, routing: 'router', normTopk: false, weight: 'f16' },
    { T: 5, H: 64, I: 32, E: 5, topk: 1, routing: 'router', normTopk: true, weight: 'f32' },
  ];
  for (const raw of cases) {
    const p = moe(raw);
    const inputs = randomInputs(op, p, 11);
    const run = await runArtifact(ggmlMoeArtifact(GGML, p, 2), inputs, { executor });
    const { ok, checks } = checkRun(run, inputs);
    assert.ok(ok, `${JSON.stringify(raw)}: ${checks.map((c) => c.message).join('; ')}`);
  }
});

test('runner: a moe case is checked on sampled tokens, counts the routed experts\' bytes for every implementation and flushes the caches instead of rotating', { skip: !HAS_AVX512 && 'no AVX-512 here', timeout: 300_000 }, async () => {
  const raw = { T: 3, H: 256, I: 128, E: 8, topk: 2, weight: 'q4_0', routing: 'router', normTopk: true };
  const suite: Suite = { name: 'moe-test', doc: 'test', source: 'test', cases: [{ id: 'moe/test/T3', op: 'moe', params: raw, layer: 'moe', phase: 'batch' }] };
  const file = await runSuite(suite, undefined, { target: 'avx512', threads: 2, minTimeMs: 20, rounds: 1, probeBytes: 8 << 20, allowLoad: true });
  const r = file.results[0]!;
  assert.equal(r.status, 'ok', String(r.reason));
  assert.equal(r.check, 'sampled');
  const perExpert = 2 * 128 * (256 / 32) * 18 + 256 * (128 / 32) * 18;
  const fixed = 8 * 256 * 4 + 2 * 3 * 256 * 4;
  for (const m of r.measurements) {
    assert.equal(m.bytes_moved, r.measurements[0]!.bytes_moved, m.impl);
    const experts = (m.bytes_moved - fixed) / perExpert;
    assert.ok(Number.isInteger(experts) && experts >= 2 && experts <= 6, `${m.impl}: ${experts} experts`);
    assert.equal(m.rotate, 1);
    assert.equal(m.flush_bytes, flushBytesFor(file.protocol.l3_bytes));
  }
});
