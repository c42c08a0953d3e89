import { test } from 'node:test';
import assert from 'node:assert/strict';
import { size } from '@kforge/ir';
import { cpuRuntimeFiles } from './generate.ts';
import type { CpuRuntimeSpec, RuntimeKernel } from './model.ts';
import { M_BUCKETS, gemvPolicy, mBucket, type GemvVariant } from './policies/gemv.ts';

const kernel = (id: number): RuntimeKernel => ({
  id, symbol: `kf_k${id}_gemv`, entry: 'kf_gemv_w4g64', rows: 64, file: `kf_k${id}_gemv.c`, source: `void kf_k${id}_gemv(void) {}\n`, threads: id,
  config: { rows: id, note: 'a "quoted" */ value' },
  args: [
    { name: 'x', cType: 'const float*' }, { name: 'W', cType: 'const uint8_t*' }, { name: 'W_scale', cType: 'const uint16_t*' },
    { name: 'W_min', cType: 'const uint16_t*' }, { name: 'y', cType: 'float*' },
    { name: 'xf', cType: 'float*', scratch: size.mul('M', 'K', 4) }, { name: 'M', cType: 'int32_t' }, { name: 'N', cType: 'int32_t' }, { name: 'K', cType: 'int32_t' },
  ],
});

const spec = (variants: readonly GemvVariant[]): CpuRuntimeSpec => ({
  target: 'neon', version: '9.9.9', device: 'test device', kernels: [kernel(0), kernel(1)], policies: [gemvPolicy(variants)],
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
  // the checks printed from the entry's tensors and scalars, over the argument block, each saying what in kf_last_error
  for (const [i, name] of [[0, 'x'], [1, 'W'], [2, 'W_scale'], [3, 'W_min'], [5, 'y']] as const) {
    assert.ok(dispatch.includes(`if (!a->tensor[${i}]) return kf_fail(KF_ERR_NULL_POINTER, "kf_gemv_w4g64: tensor ${name} is NULL");`), name);
  }
  assert.ok(!dispatch.includes('if (!a->tensor[4])'), 'bias is optional');
  assert.ok(dispatch.includes('if (a->scalar[0].i < 1 || a->scalar[0].i > 64) return kf_fail(KF_ERR_M_OUT_OF_RANGE, "kf_gemv_w4g64: M = %d is outside 1..64", a->scalar[0].i);'));
  assert.ok(dispatch.includes('if ((int64_t)(a->scalar[2].i) % 64 != 0) return kf_fail(KF_ERR_K_NOT_MULTIPLE_OF_BLOCK, "kf_gemv_w4g64: K = %lld is not a multiple of 64, the block of tensor W", (long long)((int64_t)(a->scalar[2].i)));'));
  assert.match(dispatch, /const int variant = \(a->tensor\[4\] != KF_NULL_BUF \? 1 : 0\);/);
  assert.match(dispatch, /case 1: id = kf_gemv_pick\(&kf_gemv_w4g64_f32_bias, a->scalar\[0\].i, a->scalar\[1\].i, a->scalar\[2\].i, info\); break;/);
  assert.match(dispatch, /const kf_args kf_a = \{ \{ \(kf_buf\)x, \(kf_buf\)W, \(kf_buf\)W_scale, \(kf_buf\)W_min, \(kf_buf\)bias, \(kf_buf\)y \}, \{ \{ .i = M \}, \{ .i = N \}, \{ .i = K \} \} \};/);
  // tuned shapes sorted by M, N, K; comments cannot be closed by a note
  assert.ok(dispatch.indexOf('{ 1, 64, 128, { 1 } }') < dispatch.indexOf('{ 4, 512, 256, { 1 } }'));
  assert.ok(!dispatch.includes('slow */'));
  assert.match(dispatch, /static const kf_variant kf_gemv_w4g64_f32_bias = \{ NULL, 0, \{ \{ 0 \}, \{ 0 \}, \{ 0 \}, \{ 0 \}, \{ 0 \}, \{ 0 \} \} \};/);
  // configs as JSON with sorted keys; CPU kernels take every M (rows 64) and K (multiple 1)
  assert.match(dispatch, /\{ "kf_k1_gemv", "\{\\"note\\":\\"a \\\\\\"quoted\\\\\\" \*\/ value\\",\\"rows\\":1\}", 64, 1, kf_launch_1 \}/);
  assert.match(dispatch, /\{ 64, 1, 0 \},\n/, 'the gemv policy: every M up to 64 and every K');
  assert.match(dispatch, /kf_k0_gemv\(\(const float\*\)a->tensor\[0\], \(const uint8_t\*\)a->tensor\[1\], \(const uint16_t\*\)a->tensor\[2\], \(const uint16_t\*\)a->tensor\[3\], \(float\*\)a->tensor\[5\], \(float\*\)ws\[0\], a->scalar\[0\].i, a->scalar\[1\].i, a->scalar\[2\].i\);/);
  assert.ok(dispatch.includes('(size_t)((4 * (int64_t)(a->scalar[0].i)) * (int64_t)(a->scalar[2].i))'), 'scratch sized over the scalar slots');
  assert.match(files['CMakeLists.txt']!, /set\(KFORGE_TARGET_FLAGS -O3 -march=armv8.2-a\+dotprod\+fp16\)/);
  assert.match(files['CMakeLists.txt']!, /src\/kernels\/kf_k1_gemv.c/);
  assert.match(files['cmake/kforge-toolchain.cmake']!, /set\(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -cpu max\)/);
  assert.match(files['cmake/kforgeConfig.cmake']!, /kforgeTargets.cmake/);
  assert.equal(files['src/kernels/kf_k0_gemv.c'], 'void kf_k0_gemv(void) {}\n');
});

test('an entry point needs both bias variants, and kernel ids must be positions', () => {
  assert.throws(() => cpuRuntimeFiles(spec([{ format: 'q4_0', act: 'f16', bias: false, defaults, tuned: [] }])), /kf_gemv_q4_0_xf16: the variant with bias is missing/);
  const planar = [{ format: 'w4g64', act: 'f32', bias: false, defaults, tuned: [] }, { format: 'w4g64', act: 'f32', bias: true, defaults, tuned: [] }] as const;
  assert.throws(() => cpuRuntimeFiles({ ...spec(planar), kernels: [kernel(1)] }), /has id 1 at position 0/);
  assert.throws(() => cpuRuntimeFiles({ ...spec(planar), kernels: [{ ...kernel(0), entry: 'kf_gemv_q4_0' }, kernel(1)] }), /serves kf_gemv_q4_0, which the library has no entry point of/);
  assert.throws(() => cpuRuntimeFiles({ ...spec(planar), kernels: [{ ...kernel(0), args: [{ name: 'z', cType: 'float*' }] }, kernel(1)] }),
    /argument 'z' is neither a tensor or scalar of kf_gemv_w4g64 nor sized scratch/);
});
