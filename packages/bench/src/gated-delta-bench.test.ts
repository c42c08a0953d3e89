/**
 * Issue 17 point 5, the bench side: gated_delta_rule's figures and bytes, the cache probe a
 * cache-resident decode case is judged against, ggml's GATED_DELTA_NET as a baseline (its outputs
 * mapped to kforge's layout in the checked run and held to the f32 bound; a wrong mapping fails),
 * and the runner's cache-resident path. The ggml checks run where KFORGE_GGML_DIR names a ggml build
 * (experiments/2026-12-02-gated-delta-rule-cpu/README.md). No timing is asserted: a time is a result.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { getOp, InputError, randomInputs, resolveParams, type Params } from '@kforge/ir';
import { checkRun, emitKernel, resolveConfig, runArtifact } from '@kforge/driver';
import { cpuBaselines } from './baselines.ts';
import { findGgml } from './ggml.ts';
import { ggmlGatedDeltaArtifact, ggmlGatedDeltaUnsupported } from './ggml-gated-delta.ts';
import { measureCacheCeiling } from './measure.ts';
import { cacheProbeArtifact } from './probe.ts';
import { cacheLevelFor } from './provenance.ts';
import { benchBytes, benchFigure, runSuite, timingExecutor } from './runner.ts';
import type { Suite } from './suites/suite.ts';

const QUICK = { minTimeMs: 40, rounds: 1, probeBytes: 8 << 20 } as const;
const GGML = findGgml();
const NO_GGML = 'unavailable' in GGML ? GGML.unavailable : false;
const HAS_AVX512 = (() => {
  try {
    return /\bavx512f\b/.test(readFileSync('/proc/cpuinfo', 'utf8'));
  } catch {
    return false;
  }
})();
const FAKE_BUILD = { dir: '/x', include: '/x/include', lib: '/x/lib' };

const gdr = (raw: Record<string, unknown>): Params => resolveParams(getOp('gated_delta_rule'), raw);

/** why kforge's own kernel for these params cannot be emitted yet (a placeholder lowering), or null */
function noKernel(target: 'avx512' | 'c', p: Params): string | null {
  try {
    emitKernel('gated_delta_rule', target, p, resolveConfig('gated_delta_rule', target, p, undefined));
    return null;
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
}

test('gated_delta_rule: decode is judged by GB/s over the state (read s0 + write s), prefill by GFLOP/s', () => {
  const decode = gdr({ T: 1, Hk: 16, Hv: 16, Dk: 128, l2norm: true });
  assert.equal(benchFigure('gated_delta_rule', decode), 'gbps');
  assert.equal(benchFigure('gated_delta_rule', gdr({ T: 512, Hk: 16, Hv: 16, Dk: 128, l2norm: true })), 'gflops');
  // 16 heads of 128 x 128 f32: 1 MiB read and 1 MiB written
  assert.equal(benchBytes(ggmlGatedDeltaArtifact(FAKE_BUILD, decode, 2)), 2 * 16 * 128 * 128 * 4);
  assert.equal(benchBytes(ggmlGatedDeltaArtifact(FAKE_BUILD, gdr({ T: 1, Hk: 16, Hv: 32, Dk: 128 }), 2)), 2 * 32 * 128 * 128 * 4);
});

test('ggml gated_delta_net: what it cannot compute is said, and the baseline is reported unavailable without a build', () => {
  assert.match(String(ggmlGatedDeltaUnsupported(gdr({ T: 4, Hk: 1, Dk: 48, Dv: 80 }))), /Dk == Dv/);
  assert.match(String(ggmlGatedDeltaUnsupported(gdr({ T: 4, Hk: 1, Dk: 32, scale: 0.5 }))), /1\/sqrt\(Dv\)/);
  assert.equal(ggmlGatedDeltaUnsupported(gdr({ T: 4, Hk: 2, Hv: 6, Dk: 32 })), null);
  const p = gdr({ T: 1, Hk: 2, Hv: 4, Dk: 32 });
  const none = cpuBaselines('gated_delta_rule', 'avx512', p, 2, { ggml: true, env: {} });
  assert.ok(none.unavailable.some((u) => /^ggml unavailable: KFORGE_GGML_DIR is not set/.test(u)), none.unavailable.join('; '));
  assert.ok(!none.baselines.some((b) => b.impl === 'ggml'));
  if (!('unavailable' in GGML)) {
    const found = cpuBaselines('gated_delta_rule', 'avx512', p, 2, { ggml: true, env: { KFORGE_GGML_DIR: GGML.dir } });
    const ggml = found.baselines.find((b) => b.impl === 'ggml');
    assert.ok(ggml, found.unavailable.join('; '));
    assert.match(ggml.placement, /n_threads=2/);
    assert.ok(Object.keys(ggml.artifact.files)[0] === 'kf_usage.c', 'thread usage recorded (issue 20)');
    const dk = cpuBaselines('gated_delta_rule', 'avx512', gdr({ T: 1, Hk: 1, Dk: 48, Dv: 80 }), 2, { ggml: true, env: { KFORGE_GGML_DIR: GGML.dir } });
    assert.ok(dk.unavailable.some((u) => /Dk == Dv/.test(u)));
  }
});

test('ggml baseline: gated_delta_net matches the reference on kforge\'s buffers (decode, prefill, Hv/Hk 1, 2, 3, B 2); a wrong layout mapping fails', { skip: NO_GGML, timeout: 120_000 }, async () => {
  if ('unavailable' in GGML) return;
  const executor = await timingExecutor('c');
  const op = getOp('gated_delta_rule');
  const cases = [
    { B: 1, T: 1, Hk: 4, Hv: 4, Dk: 64, l2norm: true },
    { B: 2, T: 1, Hk: 2, Hv: 4, Dk: 32 },
    { B: 1, T: 37, Hk: 2, Hv: 4, Dk: 32, l2norm: true },
    { B: 1, T: 20, Hk: 1, Hv: 3, Dk: 16, l2norm: true },
  ];
  for (const raw of cases) {
    const p = gdr(raw);
    const inputs = randomInputs(op, p, 5);
    const c = checkRun(await runArtifact(ggmlGatedDeltaArtifact(GGML, p, 2), inputs, { executor }), inputs);
    assert.ok(c.ok, `${JSON.stringify(raw)}: ${c.checks.map((x) => x.message).join('; ')}`);
  }
  // the checked run's mapping matters: without the head permutation, or without the state transpose, the check fails
  const p = gdr(cases[2]!);
  const inputs = randomInputs(op, p, 5);
  const a = ggmlGatedDeltaArtifact(GGML, p, 2);
  const src = a.files['ggml_gated_delta.c']!;
  for (const [what, mutated] of [
    ['head order', src.replace('static int kf_ggml_head(int h) { return (h % KF_R) * KF_HK + h / KF_R; }', 'static int kf_ggml_head(int h) { return h; }')],
    ['state transpose', src.replace('dst[j * D + i] = src[i * D + j];', 'dst[i * D + j] = src[i * D + j];')],
  ] as const) {
    assert.notEqual(mutated, src, what);
    const c = checkRun(await runArtifact({ ...a, files: { ...a.files, 'ggml_gated_delta.c': mutated } }, inputs, { executor }), inputs);
    assert.ok(!c.ok, `${what} mutation passed the check`);
  }
});

test('cache probe: reads and writes the bytes given on the threads given, from the cache level they fit', { timeout: 60_000 }, async () => {
  const a = cacheProbeArtifact('avx512', 1 << 20, 2);
  assert.deepEqual(a.buffers.map((b) => [b.name, b.bytes, b.role]), [['src', 1 << 20, 'in'], ['dst', 1 << 20, 'out']]);
  assert.match(a.files['cache_probe.c']!, /omp parallel for schedule\(static\)/);
  if (cacheLevelFor(4096) !== null) {
    assert.equal(cacheLevelFor(4096), 'L2');
    assert.equal(cacheLevelFor(2 ** 40), 'DRAM');
  }
  const r = await measureCacheCeiling(await timingExecutor('c'), 'c', 256 << 10, 2);
  assert.equal(r.bytesPerCall, 2 * (256 << 10));
  assert.equal(r.threads, 2);
  assert.ok(r.gbps > 0 && Number.isFinite(r.gbps), `${r.gbps} GB/s`);
});

test('bench run: a cache-resident case is timed without rotation and judged against its own cache probe; gated_delta_rule cases run or say why not', { skip: !HAS_AVX512 && 'no AVX-512 here', timeout: 300_000 }, async () => {
  const decode = { B: 1, T: 1, Hk: 2, Hv: 4, Dk: 64, l2norm: true };
  const suite: Suite = {
    name: 'gdr-small', doc: 'test', source: 'test',
    cases: [
      // an op with kernels everywhere carries the cache-resident plumbing whatever gated_delta_rule's state
      { id: 'gemv/t/hot', op: 'gemv', layer: 't', phase: 'decode', params: { M: 1, N: 256, K: 256, weight: 'q8_0', act: 'f32', bias: false }, residency: 'cache' },
      { id: 'gated_delta_rule/t/decode.T1.hot', op: 'gated_delta_rule', layer: 't', phase: 'decode', params: decode, residency: 'cache' },
    ],
  };
  const file = await runSuite(suite, undefined, { target: 'avx512', threads: 2, ...QUICK, allowLoad: true });
  const gemv = file.results[0]!;
  assert.equal(gemv.status, 'ok', gemv.reason ?? '');
  assert.equal(gemv.residency, 'cache');
  const probes = file.ceilings.filter((c) => c.name === 'cache_probe' && c.case === 'gemv/t/hot');
  assert.equal(probes.length, 2, 'a cache probe just before and just after the case');
  assert.ok(probes.every((c) => c.gbps > 0 && c.threads === 2));
  for (const m of gemv.measurements) {
    assert.equal(m.rotate, 1, `${m.impl}: not rotated`);
    assert.equal(m.ceiling, 'cache_probe');
    assert.ok(Math.abs(m.fraction_of_ceiling - m.gbps / Math.max(...probes.map((c) => c.gbps))) < 1e-9, m.impl);
  }
  assert.ok(file.ceiling_gbps === Math.max(...file.ceilings.filter((c) => c.name === 'read_probe').map((c) => c.gbps)), 'the DRAM ceiling ignores cache probes');
  for (const r of file.results.slice(1)) {
    const why = noKernel('avx512', resolveParams(getOp('gated_delta_rule'), r.params));
    if (why !== null) {
      assert.equal(r.status, 'skipped', r.reason ?? '');
      continue;
    }
    assert.equal(r.status, 'ok', r.reason ?? '');
    assert.equal(r.figure, r.phase === 'decode' ? 'gbps' : 'gflops');
    const impls = r.measurements.map((m) => m.impl);
    if (!NO_GGML) assert.ok(impls.includes('ggml'), `${impls.join()} ${r.reason}`);
    else assert.match(r.reason ?? '', /ggml unavailable/);
    if (r.residency === 'cache') assert.ok(r.measurements.every((m) => m.rotate === 1 && m.ceiling === 'cache_probe'));
    const g = r.measurements.find((m) => m.impl === 'ggml');
    if (g) assert.ok(g.threads_requested === 2 && g.placement !== undefined, 'ggml placement and threads recorded');
  }
});
