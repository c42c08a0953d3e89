/**
 * The runtime model is op-generic: gemv's entry points, derived from its OpDef, keep exactly the C
 * signatures of the hand-written generator they replaced; and a toy op defined here (z = a + alpha*b
 * with a scratch buffer) gets an entry point, checks and a dispatch through the generic path with a
 * one-kernel policy, compiled with cc and called, through its own function and through kf_call.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { WEIGHT_FORMAT_NAMES, evalSize, size, type OpDef } from '@kforge/ir';
import { runtimeEntries } from './entries.ts';
import { compileLibraryProgram } from './test-support.ts';
import { cpuRuntimeFiles } from './generate.ts';
import { KforgeLibrary } from './node/binding.ts';
import type { DispatchPolicy, RuntimeKernel } from './model.ts';
import { M_BUCKETS, gemvPolicy, type GemvVariant } from './policies/gemv.ts';

/** kforge.h's gemv declarations before the entry points were derived from the OpDef */
const TODAY = String.raw`int kf_gemv_f32(const float* x, const float* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_f32_xf16(const uint16_t* x, const float* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_f16(const float* x, const uint16_t* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_f16_xf16(const uint16_t* x, const uint16_t* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_bf16(const float* x, const uint16_t* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_bf16_xf16(const uint16_t* x, const uint16_t* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_q8_0(const float* x, const void* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_q8_0_xf16(const uint16_t* x, const void* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_q4_0(const float* x, const void* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_q4_0_xf16(const uint16_t* x, const void* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_q4_1(const float* x, const void* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_q4_1_xf16(const uint16_t* x, const void* W, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_w4g32(const float* x, const uint8_t* W, const uint16_t* W_scale, const uint16_t* W_min, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_w4g32_xf16(const uint16_t* x, const uint8_t* W, const uint16_t* W_scale, const uint16_t* W_min, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_w4g64(const float* x, const uint8_t* W, const uint16_t* W_scale, const uint16_t* W_min, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_w4g64_xf16(const uint16_t* x, const uint8_t* W, const uint16_t* W_scale, const uint16_t* W_min, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_w4g128(const float* x, const uint8_t* W, const uint16_t* W_scale, const uint16_t* W_min, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);
int kf_gemv_w4g128_xf16(const uint16_t* x, const uint8_t* W, const uint16_t* W_scale, const uint16_t* W_min, const float* bias, float* y, int M, int N, int K, kf_dispatch_info* info);`;

const TOOLCHAIN = { compiler: 'cc', flags: ['-O2'], libs: ['-lm'], openmp: false };

test('the gemv entry points derived from its OpDef have exactly the C signatures of before', () => {
  const defaults = Array.from({ length: M_BUCKETS }, () => [0]);
  const variants: GemvVariant[] = WEIGHT_FORMAT_NAMES.flatMap((format) => (['f32', 'f16'] as const).flatMap((act) =>
    [false, true].map((bias) => ({ format, act, bias, defaults, tuned: [] }))));
  const kernel: RuntimeKernel = { id: 0, symbol: 'k', entry: 'kf_gemv_f32', rows: 64, file: 'k.c', source: '', threads: 0, config: {}, args: [] };
  const header = cpuRuntimeFiles({ target: 'avx2', version: '0', device: '', toolchain: TOOLCHAIN, kernels: [kernel], policies: [gemvPolicy(variants)] })['include/kforge.h']!;
  assert.equal(header.split('\n').filter((l) => l.startsWith('int kf_gemv')).join('\n'), TODAY);
});

/** an op the runtime has never heard of: two inputs, an int and a float scalar */
const AXPY: OpDef = {
  name: 'toy_axpy', doc: 'z [n] = a [n] + alpha * b [n]',
  params: [
    { name: 'n', type: { kind: 'int', min: 1, max: 4096 }, doc: 'elements' },
    { name: 'alpha', type: { kind: 'float' }, doc: 'scale of b' },
  ],
  constraints: [],
  tensors: [
    { name: 'a', role: 'in', shape: ['n'], dtype: 'f32', doc: 'first input' },
    { name: 'b', role: 'in', shape: ['n'], dtype: 'f32', doc: 'second input' },
    { name: 'z', role: 'out', shape: ['n'], dtype: 'f32', doc: 'output' },
  ],
  knobs: [],
  flops: (p) => 2 * Number(p.n),
  reference: () => ({}),
};

/** the one kernel: its arguments in another order than the entry's, and a scratch buffer of n floats */
const KERNEL_SOURCE = `#include <stdint.h>
void toy_axpy_k0(float alpha, const float* b, float* tmp, const float* a, float* z, int32_t n) {
  for (int32_t i = 0; i < n; i++) tmp[i] = alpha * b[i];
  for (int32_t i = 0; i < n; i++) z[i] = a[i] + tmp[i];
}
`;

const PROGRAM = `#include "kforge.h"
#include <stdio.h>
#include <string.h>
int main(void) {
  static float a[8], b[8], z[8];
  for (int i = 0; i < 8; i++) { a[i] = (float)i; b[i] = 1.0f + i; }
  kf_dispatch_info info = {0};
  const int status = kf_toy_axpy(a, b, z, 8, 0.5f, &info);
  printf("status %d kernel %s tuned %d\\n", status, info.kernel ? info.kernel : "?", info.tuned);
  for (int i = 0; i < 8; i++) printf("%g ", z[i]);
  printf("\\n");
  printf("null_b %d\\n", kf_toy_axpy(a, NULL, z, 8, 0.5f, NULL));
  printf("n_zero %d\\n", kf_toy_axpy(a, b, z, 0, 0.5f, NULL));
  printf("n_4097 %d\\n", kf_toy_axpy(a, b, z, 4097, 0.5f, NULL));
  void* tensors[3] = { a, b, z };
  kf_value scalars[2];
  scalars[0].i = 4;
  scalars[1].f = -1.0f;
  const int by_name = kf_call("kf_toy_axpy", tensors, scalars, NULL);
  printf("kf_call %d %g %g\\n", by_name, z[3], z[4]);
  printf("unknown %d\\n", kf_call("kf_nothing", tensors, scalars, NULL));
  printf("%s\\n", kf_entries_json());
  return 0;
}
`;

test('a toy op: its entry, checks and dispatch come from the generic path with a one-kernel policy, compiled with cc and called', (t) => {
  const entries = runtimeEntries(AXPY, [{}]);
  assert.equal(entries.length, 1);
  const entry = entries[0]!;
  assert.equal(entry.name, 'kf_toy_axpy');
  assert.deepEqual(entry.scalars, [{ name: 'n', cType: 'int', min: 1, max: 4096 }, { name: 'alpha', cType: 'float' }]);
  assert.deepEqual(entry.tensors.map((x) => [x.name, x.role, evalSize(x.bytes, { n: 10 })]), [['a', 'in', 40], ['b', 'in', 40], ['z', 'out', 40]]);
  const first: DispatchPolicy = {
    op: 'toy_axpy', entries: () => entries, header: () => ({ doc: ' * toy_axpy: one kernel serves every call.', defines: [] }),
    source: () => '/* toy_axpy: one kernel */', pick: () => '0',
  };
  const kernel: RuntimeKernel = {
    id: 0, symbol: 'toy_axpy_k0', entry: 'kf_toy_axpy', rows: 0, file: 'toy_axpy_k0.c', source: KERNEL_SOURCE, threads: 0, config: { any: 1 },
    args: [
      { name: 'alpha', cType: 'float' }, { name: 'b', cType: 'const float*' }, { name: 'tmp', cType: 'float*', scratch: size.mul('n', 4) },
      { name: 'a', cType: 'const float*' }, { name: 'z', cType: 'float*' }, { name: 'n', cType: 'int32_t' },
    ],
  };
  const files = cpuRuntimeFiles({ target: 'c', version: '0', device: '', toolchain: TOOLCHAIN, kernels: [kernel], policies: [first] });
  assert.match(files['include/kforge.h']!, /int kf_toy_axpy\(const float\* a, const float\* b, float\* z, int n, float alpha, kf_dispatch_info\* info\);/);
  assert.ok(!/\bx\b|\bW\b|\by\b/.test(files['src/kforge_dispatch.c']!.replace(/\/\*[\s\S]*?\*\//g, '')), 'nothing of gemv in the dispatch');
  if (spawnSync('cc', ['--version']).status !== 0) return t.skip('no cc');
  const { dir, exe, status, stderr } = compileLibraryProgram(files, PROGRAM, ['toy_axpy_k0.c']);
  try {
    assert.equal(status, 0, stderr);
    const out = spawnSync(exe, { encoding: 'utf8' }).stdout.trim().split('\n');
    assert.equal(out[0], 'status 0 kernel toy_axpy_k0 tuned 0');
    assert.deepEqual(out[1]!.trim().split(' ').map(Number), [0, 1, 2, 3, 4, 5, 6, 7].map((i) => i + 0.5 * (1 + i)));
    assert.deepEqual(out.slice(2, 5), ['null_b 1', 'n_zero 2', 'n_4097 2']);
    assert.equal(out[5], 'kf_call 0 -1 6.5', 'by name: n = 4 elements with alpha -1, the rest untouched');
    assert.equal(out[6], 'unknown 9');
    const described = JSON.parse(out[7]!) as { entries: { name: string; scalars: { cType: string }[] }[] };
    assert.deepEqual(described.entries.map((e) => [e.name, e.scalars.map((s) => s.cType)]), [['kf_toy_axpy', ['int', 'float']]]);

    // the Node binding learns the entry from the library and marshals its typed arrays and numbers
    const so = join(dir, 'libkforge.so');
    const shared = spawnSync('cc', ['-std=c11', '-O2', '-shared', '-fPIC', '-I', join(dir, 'include'), '-I', join(dir, 'src'),
      join(dir, 'src/kforge_dispatch.c'), join(dir, 'src/kernels/toy_axpy_k0.c'), '-lm', '-o', so], { encoding: 'utf8' });
    assert.equal(shared.status, 0, shared.stderr);
    const lib = KforgeLibrary.open(so);
    assert.deepEqual(lib.entries().map((e) => [e.name, e.op, e.tensors.map((x) => x.name)]), [['kf_toy_axpy', 'toy_axpy', ['a', 'b', 'z']]]);
    const a = Float32Array.of(1, 2, 3);
    const z = new Float32Array(3);
    const call = lib.call('kf_toy_axpy', { a, b: Float32Array.of(10, 20, 30), z }, { n: 3, alpha: 0.25 });
    assert.equal(call.status, 0);
    assert.equal(call.info?.kernel, 'toy_axpy_k0');
    assert.deepEqual([...z], [3.5, 7, 10.5]);
    assert.equal(lib.call('kf_toy_axpy', { a, z }, { n: 3, alpha: 1 }).status, 1, 'b left out: NULL');
    assert.equal(lib.call('kf_toy_axpy', { a, b: a, z }, { n: 5000, alpha: 1 }).status, 2, 'n out of range: the library says so');
    assert.throws(() => lib.call('kf_toy_axpy', { a, b: a, z }, { n: 4, alpha: 1 }), /kf_toy_axpy: a has 12 bytes, the shape needs 16/);
    assert.throws(() => lib.call('kf_toy_axpy', { a, b: a, z }, { n: 3 }), /scalar 'alpha' is missing/);
    assert.throws(() => lib.call('kf_nothing', {}, {}), /has no entry point kf_nothing \(it has kf_toy_axpy\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
