/**
 * kf_last_error: a CPU library (gemv w4g64, with a stub kernel) compiled with cc and called with
 * every kind of failing call; each returns its status and leaves a specific sentence naming the
 * argument and why, and the next call that succeeds leaves "" (kforge.h: cleared by every call).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { size } from '@kforge/ir';
import { cpuRuntimeFiles } from './generate.ts';
import { compileLibraryProgram } from './test-support.ts';
import type { RuntimeKernel } from './model.ts';
import { M_BUCKETS, gemvPolicy } from './policies/gemv.ts';

const KERNEL_SOURCE = `#include <stdint.h>
void kf_k0_gemv(const float* x, const uint8_t* W, const uint16_t* W_scale, const uint16_t* W_min, float* y, float* xf, int32_t M, int32_t N, int32_t K) {
  (void)x; (void)W; (void)W_scale; (void)W_min; (void)xf; (void)K;
  for (int32_t i = 0; i < M * N; i++) y[i] = 1.0f;
}
`;

const kernel: RuntimeKernel = {
  id: 0, symbol: 'kf_k0_gemv', entry: 'kf_gemv_w4g64', rows: 64, file: 'kf_k0_gemv.c', source: KERNEL_SOURCE, threads: 0, config: {},
  args: [
    { name: 'x', cType: 'const float*' }, { name: 'W', cType: 'const uint8_t*' }, { name: 'W_scale', cType: 'const uint16_t*' },
    { name: 'W_min', cType: 'const uint16_t*' }, { name: 'y', cType: 'float*' },
    { name: 'xf', cType: 'float*', scratch: size.mul('M', 'K', 4) }, { name: 'M', cType: 'int32_t' }, { name: 'N', cType: 'int32_t' }, { name: 'K', cType: 'int32_t' },
  ],
};

const PROGRAM = String.raw`#include "kforge.h"
#include <stdio.h>
#include <stdint.h>
static float x[64 * 128], y[64 * 64];
static uint8_t W[64 * 128];
static uint16_t s[64 * 4];
static void show(const char* what, int status) { printf("%s|%d|%s\n", what, status, kf_last_error()); }
int main(void) {
  show("ok", kf_gemv_w4g64(x, W, s, s, NULL, y, 1, 4, 128, NULL));
  show("null_x", kf_gemv_w4g64(NULL, W, s, s, NULL, y, 1, 4, 128, NULL));
  show("ok_after_failure", kf_gemv_w4g64(x, W, s, s, NULL, y, 1, 4, 128, NULL));
  show("null_w_min", kf_gemv_w4g64(x, W, s, NULL, NULL, y, 1, 4, 128, NULL));
  show("null_y", kf_gemv_w4g64(x, W, s, s, NULL, NULL, 1, 4, 128, NULL));
  show("m_zero", kf_gemv_w4g64(x, W, s, s, NULL, y, 0, 4, 128, NULL));
  show("m_above_max", kf_gemv_w4g64(x, W, s, s, NULL, y, 65, 4, 128, NULL));
  show("n_zero", kf_gemv_w4g64(x, W, s, s, NULL, y, 1, 0, 128, NULL));
  show("k_negative", kf_gemv_w4g64(x, W, s, s, NULL, y, 1, 4, -64, NULL));
  show("k_not_block_multiple", kf_gemv_w4g64(x, W, s, s, NULL, y, 1, 4, 96, NULL));
  show("too_large", kf_gemv_w4g64(x, W, s, s, NULL, y, 1, 1 << 20, 1 << 12, NULL));
  void* tensors[6] = { x, W, s, s, NULL, y };
  kf_value scalars[3] = { { .i = 1 }, { .i = 4 }, { .i = 128 } };
  show("unknown_entry", kf_call("kf_gemv_nothing", tensors, scalars, NULL));
  show("kf_call_null_entry", kf_call(NULL, tensors, scalars, NULL));
  show("kf_call_null_scalars", kf_call("kf_gemv_w4g64", tensors, NULL, NULL));
  show("kf_call_ok", kf_call("kf_gemv_w4g64", tensors, scalars, NULL));
  show("m_zero_again", kf_gemv_w4g64(x, W, s, s, NULL, y, 0, 4, 128, NULL));
  show("kf_init", kf_init());
  /* 32 x 2^25 activations staged as f32: 4 GiB of scratch, past the address space ulimit gives us (the stub kernel reads nothing) */
  show("out_of_memory", kf_gemv_w4g64(x, W, s, s, NULL, y, 32, 1, 1 << 25, NULL));
  kf_teardown();
  return 0;
}
`;

test('every failing call of a CPU library says what went wrong in kf_last_error, and a later success leaves it empty', (t) => {
  const defaults = Array.from({ length: M_BUCKETS }, () => [0]);
  const files = cpuRuntimeFiles({
    target: 'c', version: '0', device: '', toolchain: { compiler: 'cc', flags: ['-O2'], libs: ['-lm'], openmp: false }, kernels: [kernel],
    policies: [gemvPolicy([{ format: 'w4g64', act: 'f32', bias: false, defaults, tuned: [] }, { format: 'w4g64', act: 'f32', bias: true, defaults, tuned: [] }])],
  });
  assert.match(files['include/kforge.h']!, /after one that returned KF_OK it is ""/, 'kforge.h documents that a success clears it');
  if (spawnSync('cc', ['--version']).status !== 0) return t.skip('no cc');
  const { dir, exe, status, stderr } = compileLibraryProgram(files, PROGRAM, ['kf_k0_gemv.c'], ['-Wextra']);
  try {
    assert.equal(status, 0, stderr);
    const run = spawnSync('sh', ['-c', 'ulimit -v 1048576 && exec "$0"', exe], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const got = new Map(run.stdout.trim().split('\n').map((line) => {
      const [what, status, message] = line.split('|');
      return [what!, { status: Number(status), message: message! }] as const;
    }));
    const expected: Record<string, [number, string]> = {
      ok: [0, ''],
      null_x: [1, 'kf_gemv_w4g64: tensor x is NULL'],
      ok_after_failure: [0, ''],
      null_w_min: [1, 'kf_gemv_w4g64: tensor W_min is NULL'],
      null_y: [1, 'kf_gemv_w4g64: tensor y is NULL'],
      m_zero: [4, 'kf_gemv_w4g64: M = 0 is outside 1..64'],
      m_above_max: [4, 'kf_gemv_w4g64: M = 65 is outside 1..64'],
      n_zero: [2, 'kf_gemv_w4g64: N = 0 is below 1'],
      k_negative: [2, 'kf_gemv_w4g64: K = -64 is below 1'],
      k_not_block_multiple: [3, 'kf_gemv_w4g64: K = 96 is not a multiple of 64, the block of tensor W'],
      too_large: [2, 'kf_gemv_w4g64: tensor W would hold 4294967296 elements (N*K), past 2^31-1: kernels index with 32-bit integers'],
      unknown_entry: [9, "kf_call: the library has no entry point 'kf_gemv_nothing' (kf_entries_json lists them)"],
      kf_call_null_entry: [1, 'kf_call: entry is NULL'],
      kf_call_null_scalars: [1, 'kf_call kf_gemv_w4g64: its scalars array is NULL'],
      kf_call_ok: [0, ''],
      m_zero_again: [4, 'kf_gemv_w4g64: M = 0 is outside 1..64'],
      kf_init: [0, ''],
      out_of_memory: [5, 'kf_k0_gemv: out of memory for its 4294967296 bytes of scratch workspace'],
    };
    for (const [what, [status, message]] of Object.entries(expected)) {
      assert.deepEqual(got.get(what), { status, message }, what);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
