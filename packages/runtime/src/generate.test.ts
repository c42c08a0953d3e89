import { test } from 'node:test';
import assert from 'node:assert/strict';
import { size } from '@kforge/ir';
import { cpuRuntimeFiles } from './generate.ts';
import { M_BUCKETS, mBucket, type CpuRuntimeSpec, type RuntimeKernel } from './model.ts';

const kernel = (id: number): RuntimeKernel => ({
  id, symbol: `kf_k${id}_gemv`, file: `kf_k${id}_gemv.c`, source: `void kf_k${id}_gemv(void) {}\n`, threads: id,
  config: { rows: id, note: 'a "quoted" */ value' },
  args: [
    { name: 'x', cType: 'const float*' }, { name: 'W', cType: 'const uint8_t*' }, { name: 'W_scale', cType: 'const uint16_t*' },
    { name: 'W_min', cType: 'const uint16_t*' }, { name: 'y', cType: 'float*' },
    { name: 'xf', cType: 'float*', scratch: size.mul('M', 'K', 4) }, { name: 'M', cType: 'int32_t' }, { name: 'N', cType: 'int32_t' }, { name: 'K', cType: 'int32_t' },
  ],
});

const spec = (variants: CpuRuntimeSpec['variants']): CpuRuntimeSpec => ({
  target: 'neon', version: '9.9.9', device: 'test device', kernels: [kernel(0), kernel(1)], variants,
  toolchain: { compiler: 'aarch64-linux-gnu-gcc', flags: ['-O3', '-march=armv8.2-a+dotprod+fp16'], libs: ['-lm'], openmp: true,
    cross: { processor: 'aarch64', emulator: ['qemu-aarch64', '-cpu', 'max'] } },
});

const defaults = Array.from({ length: M_BUCKETS }, () => [0]);

test('M buckets are floor(log2 M), the last one holding 32..64', () => {
  assert.deepEqual([1, 2, 3, 4, 7, 8, 16, 31, 32, 64].map(mBucket), [0, 1, 1, 2, 2, 3, 4, 4, 5, 5]);
});

test('header, dispatch and CMake files of a planar-format library', () => {
  const files = cpuRuntimeFiles(spec([
    { format: 'w4g64', act: 'f32', bias: false, defaults, tuned: [{ M: 4, N: 512, K: 256, kernels: [1], note: 'slow */ note' }, { M: 1, N: 64, K: 128, kernels: [1], note: 'n' }] },
    { format: 'w4g64', act: 'f32', bias: true, defaults, tuned: [] },
  ]));
  const header = files['include/kforge.h']!;
  assert.match(header, /int kf_gemv_w4g64\(const float\* x, const uint8_t\* W, const uint16_t\* W_scale, const uint16_t\* W_min, const float\* bias, float\* y, int M, int N, int K, kf_dispatch_info\* info\);/);
  assert.match(header, /KF_ERR_K_NOT_MULTIPLE_OF_BLOCK = 3/);
  const dispatch = files['src/kforge_dispatch.c']!;
  assert.match(dispatch, /if \(!x \|\| !W \|\| !W_scale \|\| !W_min \|\| !y\) return KF_ERR_NULL_POINTER;/);
  assert.match(dispatch, /kf_gemv_run\(bias \? &kf_gemv_w4g64_f32_bias : &kf_gemv_w4g64_f32, &a, 64, info\)/);
  // tuned shapes sorted by M, N, K; comments cannot be closed by a note
  assert.ok(dispatch.indexOf('{ 1, 64, 128, { 1 } }') < dispatch.indexOf('{ 4, 512, 256, { 1 } }'));
  assert.ok(!dispatch.includes('slow */'));
  assert.match(dispatch, /static const kf_variant kf_gemv_w4g64_f32_bias = \{ NULL, 0, \{ \{ 0 \}, \{ 0 \}, \{ 0 \}, \{ 0 \}, \{ 0 \}, \{ 0 \} \} \};/);
  // configs as JSON with sorted keys; CPU kernels take every M (rows 64) and K (multiple 1)
  assert.match(dispatch, /\{ "kf_k1_gemv", "\{\\"note\\":\\"a \\\\\\"quoted\\\\\\" \*\/ value\\",\\"rows\\":1\}", 64, 1, 0, 1, kf_launch_1 \}/);
  assert.match(dispatch, /kf_k0_gemv\(\(const float\*\)a->x, \(const uint8_t\*\)a->W, \(const uint16_t\*\)a->W_scale, \(const uint16_t\*\)a->W_min, a->y, \(float\*\)ws\[0\], a->M, a->N, a->K\);/);
  assert.match(files['CMakeLists.txt']!, /set\(KFORGE_TARGET_FLAGS -O3 -march=armv8.2-a\+dotprod\+fp16\)/);
  assert.match(files['CMakeLists.txt']!, /src\/kernels\/kf_k1_gemv.c/);
  assert.match(files['cmake/kforge-toolchain.cmake']!, /set\(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -cpu max\)/);
  assert.match(files['cmake/kforgeConfig.cmake']!, /kforgeTargets.cmake/);
  assert.equal(files['src/kernels/kf_k0_gemv.c'], 'void kf_k0_gemv(void) {}\n');
});

test('an entry point needs both bias variants, and kernel ids must be positions', () => {
  assert.throws(() => cpuRuntimeFiles(spec([{ format: 'q4_0', act: 'f16', bias: false, defaults, tuned: [] }])), /kf_gemv_q4_0_xf16: the variant with bias is missing/);
  assert.throws(() => cpuRuntimeFiles({ ...spec([]), kernels: [kernel(1)] }), /has id 1 at position 0/);
});
