/**
 * One timing truth (issue 20 item 4): one small gemv shape and config on the best native target,
 * timed through the tuner's runner (KernelRunner, as `kforge tune`), through `kforge bench` (benchOne)
 * and through the runtime library's Node binding (timeRuntimeGemv, as `kforge bench runtime`). The
 * three medians of the kernel's time must agree within a factor that a shared 2-core VM allows, and
 * the binding's per-call overhead is reported apart and is not negative.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getOp, randomInputs, resolveParams, tensorBytes } from '@kforge/ir';
import { nativeExecutor } from '@kforge/exec';
import { buildCpuRuntime, loweringFor, planCpuRuntime } from '@kforge/driver';
import { KforgeLibrary, cpuRuntimeFiles } from '@kforge/runtime';
import { KernelRunner } from './local-runner.ts';
import { fullCaseInputs } from './case-inputs.ts';
import { benchOne } from './runner.ts';
import { timeRuntimeGemv } from './runtime-calls.ts';
import { rotationCopies } from './measure.ts';
import { lastLevelCacheBytes, loadExceedsCores } from './provenance.ts';

const runnable = await Promise.all((['avx512', 'avx2', 'c'] as const).map(async (t) => ((await nativeExecutor.probeTarget(t)).ok ? t : undefined)));
const TARGET = runnable.find((t) => t !== undefined);
const RAW = { M: 1, N: 512, K: 1024, weight: 'q4_0', act: 'f32', bias: false };
/** the agreement asked of the three medians on a shared 2-core VM */
const FACTOR = 1.5;
/** like `bench run`, no verdict on a machine already busier than its cores */
const LOADED = loadExceedsCores(loadavg(), availableParallelism()) && `load average ${loadavg()[0]!.toFixed(1)} exceeds ${availableParallelism()} cores`;
/**
 * A verdict on timings needs a quiet machine, which a test runner sharing 2 cores with other tests is
 * not: run it alone with KFORGE_HEAVY=1 (docs/results/2026-12-01-timing-truth has its runs).
 */
const OPT_IN = process.env.KFORGE_HEAVY === '1' ? false : 'a timing comparison: KFORGE_HEAVY=1 on a quiet machine';

test('tune, bench and bench runtime time one gemv alike; the binding overhead is apart', { skip: !TARGET ? 'no native CPU target runs here' : OPT_IN || LOADED, timeout: 240_000 }, async () => {
  const target = TARGET!;
  const op = getOp('gemv');
  const params = resolveParams(op, RAW);
  const knobs = loweringFor('gemv', target).knobs(target, params);
  const config = knobs.defaults;
  const dir = mkdtempSync(join(tmpdir(), 'kforge-timing-truth-'));
  try {
    // the runtime library first (its default config is the one timed everywhere)
    const libDir = join(dir, 'lib');
    const spec = planCpuRuntime({ target, formats: ['q4_0'], acts: ['f32'], tuned: [], device: 'none (defaults only)', version: '0.1.0' });
    for (const [file, text] of Object.entries(cpuRuntimeFiles(spec))) {
      mkdirSync(dirname(join(libDir, file)), { recursive: true });
      writeFileSync(join(libDir, file), text);
    }
    await buildCpuRuntime(libDir);
    const lib = KforgeLibrary.open(join(libDir, 'build', 'libkforge.so'));

    const inputs = randomInputs(op, params, 1);
    const inputBytes = Object.values(inputs).reduce((n, t) => n + tensorBytes(t).byteLength, 0);
    const rotate = rotationCopies(inputBytes, lastLevelCacheBytes() ?? 0);
    const runner = new KernelRunner({ op: 'gemv', target, params, knobs, inputs: fullCaseInputs(inputs), executor: nativeExecutor, measure: { minTimeMs: 300, workDir: join(dir, 'work'), ...(rotate > 1 ? { rotate } : {}) } });
    const trial = await runner.evaluate(config);
    assert.equal(trial.status, 'ok', trial.reason);
    const tuneMs = trial.timeMs!;

    const file = await benchOne('gemv', RAW, { target, config: config as Record<string, unknown>, baselines: false, probeBytes: 64 << 20, minTimeMs: 300, allowLoad: true });
    const benchMs = file.results[0]!.measurements[0]!.median_ms;

    const rt = timeRuntimeGemv(lib, RAW, { maxTimeS: 0.5, minSamples: 10 });
    const runtimeMs = rt.kernel_median_ms;

    const all = { tune: tuneMs, bench: benchMs, runtime: runtimeMs };
    const lo = Math.min(tuneMs, benchMs, runtimeMs);
    const hi = Math.max(tuneMs, benchMs, runtimeMs);
    console.log(`timing truth ${target} ${JSON.stringify(RAW)} ${JSON.stringify(config)}: ${Object.entries(all).map(([k, v]) => `${k} ${(v * 1e3).toFixed(1)} us`).join(', ')}; ` +
      `binding per call ${(rt.mean_ms * 1e3).toFixed(1)} us of which overhead ${(rt.overhead_ms * 1e3).toFixed(1)} us (C-timed ${(rt.call_c_mean_ms * 1e3).toFixed(1)} us, inputs hot), rotate ${rt.kernel_rotate}`);
    assert.ok(lo > 0, JSON.stringify(all));
    assert.ok(hi <= FACTOR * lo, `medians disagree by more than ${FACTOR}x: ${JSON.stringify(all)}`);
    assert.ok(rt.overhead_ms >= 0, `negative binding overhead ${rt.overhead_ms} ms`);
    assert.ok(rt.call_c_mean_ms > 0 && rt.mean_ms >= rt.call_c_mean_ms);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
