import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CheckError } from '@kforge/ir';
import type { GemvBuffers } from '@kforge/runtime';
import { timeRuntimeGemv, type GemvLibrary } from './runtime-calls.ts';

/** A JavaScript stand-in for a built library: f32 gemv, optionally wrong or failing. */
function fakeLibrary(mode: 'ok' | 'wrong' | 'fails'): GemvLibrary & { calls: number } {
  return {
    calls: 0,
    gemv(format, act, M, N, K, b: GemvBuffers) {
      this.calls++;
      if (mode === 'fails') return { status: 3, seconds: 0 };
      const x = b.x as Float32Array;
      const W = b.W as Float32Array;
      for (let m = 0; m < M; m++) {
        for (let n = 0; n < N; n++) {
          let acc = 0;
          for (let k = 0; k < K; k++) acc += x[m * K + k]! * W[n * K + k]!;
          b.y[m * N + n] = mode === 'wrong' ? acc * 1.01 : acc;
        }
      }
      return { status: 0, seconds: 0, info: { kernelId: 0, tuned: false, kernel: `gemv_${format}_${act}_js`, config: { dot_path: 'float' } } };
    },
  };
}

test('runtime calls: checked once, then timed by benchmark.js into median, spread and bandwidth', () => {
  const lib = fakeLibrary('ok');
  const t = timeRuntimeGemv(lib, { M: 1, N: 32, K: 64 }, { maxTimeS: 0.05, minSamples: 5, rotate: 3, minTimeMs: 1 });
  assert.ok(lib.calls > 10, `only ${lib.calls} calls`);
  assert.ok(t.samples_ms.length >= 5);
  assert.ok(t.median_ms > 0 && t.mean_ms > 0 && t.rme_percent >= 0);
  assert.equal(t.bytes_moved, (32 * 64 + 64 + 32) * 4);
  assert.ok(Math.abs(t.gbps - t.bytes_moved / (t.median_ms * 1e6)) < 1e-9);
  assert.equal(t.kernel, 'gemv_f32_f32_js');
  assert.ok(t.nmse < 1e-12);
  // the kernel's time apart (the stand-in reports 0 s in C): rotated copies, and all of benchmark.js's time is overhead
  assert.equal(t.kernel_rotate, 3);
  assert.ok(t.kernel_samples_ms.length >= 10);
  assert.equal(t.call_c_mean_ms, 0);
  assert.ok(Math.abs(t.overhead_ms - t.mean_ms) < 1e-12);
});

test('runtime calls: a wrong result or a failing status is a CheckError, never a time', () => {
  assert.throws(() => timeRuntimeGemv(fakeLibrary('wrong'), { N: 8, K: 32 }), (e: Error) => e instanceof CheckError && /nmse/.test(e.message));
  assert.throws(() => timeRuntimeGemv(fakeLibrary('fails'), { N: 8, K: 32 }), (e: Error) => e instanceof CheckError && /status 3/.test(e.message));
});
