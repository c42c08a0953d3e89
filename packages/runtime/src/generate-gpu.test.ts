import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gpuRuntimeFiles } from './generate-gpu.ts';
import { cStringLiteral } from './generate.ts';
import { runtimeCheckSource } from './check.ts';
import { size, splitGrid } from '@kforge/ir';
import type { GpuRuntimeKernel, GpuRuntimeSpec, GpuTargetName } from './model.ts';
import { bucketCount, bucketMax, bucketsText, gemvPolicy, type GemvVariant } from './policies/gemv.ts';

/** a split-K kernel: the main launch writes partial sums (scratch), a second one reduces them with the bias */
function kernel(target: GpuTargetName, id: number, rows: number): GpuRuntimeKernel {
  const entry = (name: string): string => (target === 'cuda' ? `kf_k${id}_${name}` : target === 'vulkan' ? 'main' : name);
  return {
    id, symbol: `kf_k${id}_gemv`, entry: 'kf_gemv_q4_0', compiledScalar: 'M', config: { split_k: 2, workgroup_size: 64 }, rows, kMultiple: 1, subgroups: target === 'vulkan',
    scratch: [{ name: 'partial', bytes: size.mul(8 * rows, 'N') }],
    launches: [
      {
        entry: entry('gemv'), module: 0, grid: splitGrid(size.cdiv('N', 2), 2), workgroup: [64, 1, 1],
        dependentLaunch: target === 'cuda',
        args: [{ name: 'x', cType: 'const float*' }, { name: 'W', cType: 'const uint32_t*' }, { name: 'partial', cType: 'float*' },
          { name: 'M', cType: 'int32_t' }, { name: 'N', cType: 'int32_t' }, { name: 'K', cType: 'int32_t' }],
      },
      {
        entry: entry('gemv_splitk_reduce'), module: target === 'vulkan' ? 1 : 0, grid: [size.cdiv(size.mul(rows, 'N'), 64), 1, 1],
        workgroup: [64, 1, 1], dependentLaunch: false,
        args: [{ name: 'partial', cType: 'const float*' }, { name: 'bias', cType: 'const float*' }, { name: 'y', cType: 'float*' },
          { name: 'M', cType: 'int32_t' }, { name: 'N', cType: 'int32_t' }, { name: 'K', cType: 'int32_t' }],
      },
    ],
    ...(target === 'vulkan'
      ? { spirv: [Uint32Array.of(0x07230203, 1), Uint32Array.of(0x07230203, 2, 3)] }
      : { source: `// "quoted" ?? \\ back\n__kernel void gemv() {}\n`, ...(target === 'cuda' ? { file: `kf_k${id}_gemv.cu` } : {}) }),
  };
}

function variants(maxM: number): GemvVariant[] {
  const defaults = Array.from({ length: bucketCount(maxM) }, (_, b) => [b]);
  return [
    { format: 'q4_0', act: 'f32', bias: false, defaults, tuned: [{ M: 1, N: 4096, K: 4096, kernels: [0], note: 'tuned */ here' }] },
    { format: 'q4_0', act: 'f32', bias: true, defaults, tuned: [] },
  ];
}

function spec(target: GpuTargetName, maxM = 64, tables: readonly GemvVariant[] = variants(maxM)): GpuRuntimeSpec {
  const kernels = Array.from({ length: bucketCount(maxM) }, (_, b) => kernel(target, b, bucketMax(b, maxM)));
  return { target, version: '9.9.9', device: 'test gpu', kernels, policies: [gemvPolicy(tables, maxM)] };
}

test('buckets of a library that serves M up to maxM', () => {
  assert.equal(bucketsText(), '{1}, {2,3}, {4..7}, {8..15}, {16..31}, {32..64}');
  assert.equal(bucketsText(4), '{1}, {2,3}, {4}');
  assert.equal(bucketsText(40), '{1}, {2,3}, {4..7}, {8..15}, {16..31}, {32..40}');
  assert.deepEqual([1, 2, 3].map((b) => bucketMax(b, 15)), [3, 7, 15]);
});

test('cuda library: device-pointer entry points, kernels renamed per file, launch tables with scratch and split-K', () => {
  const files = gpuRuntimeFiles(spec('cuda'));
  const header = files['include/kforge.h']!;
  assert.match(header, /#include <cuda_runtime_api.h>/);
  assert.match(header, /int kf_init\(cudaStream_t stream\);/);
  assert.match(header, /int kf_gemv_q4_0\(const float\* x, const void\* W, const float\* bias, float\* y, int M, int N, int K, kf_dispatch_info\* info\);/);
  assert.match(header, /KF_ERR_NOT_INITIALIZED = 7/);
  assert.match(header, /Buffers are CUDA device pointers/);
  const dispatch = files['src/kforge_dispatch.c']!;
  assert.match(dispatch, /const kf_args kf_a = \{ \{ \(kf_buf\)x, \(kf_buf\)W, \(kf_buf\)bias, \(kf_buf\)y \}, \{ \{ .i = M \}, \{ .i = N \}, \{ .i = K \} \} \};/);
  assert.match(dispatch, /return kf_gpu_launch\(e, id, a\);/);
  assert.match(dispatch, /\{ "kf_k5_gemv", "\{\\"split_k\\":2,\\"workgroup_size\\":64\}", 64 \}/);
  // the buffer checks' sizes, printed from the entry's tensors: q4_0's 18-byte blocks of 32
  assert.ok(dispatch.includes('bytes[1] = (((18 * (int64_t)(a->scalar[1].i)) * ((int64_t)(a->scalar[2].i) / 32)) + 3) / 4 * 4;'), 'whole 32-bit words');
  assert.match(dispatch, /\{ "kf_gemv_q4_0", 4, 3, kf_call_0, kf_tensor_names_0, 7u, kf_sizes_0 \}/, 'x, W and bias are inputs');
  assert.ok(!dispatch.includes('tuned */ here'));
  const gpu = files['src/kforge_gpu.c']!;
  assert.match(gpu, /static const signed char kf_args_2_0\[\] = \{ 0, 1, KF_ARG_SCRATCH \+ 0, KF_ARG_SCALAR \+ 0, KF_ARG_SCALAR \+ 1, KF_ARG_SCALAR \+ 2 \};/);
  assert.match(gpu, /\{ 0, 7, 2, kf_launches_2, 1, kf_geometry_2 \},/, 'M (scalar 0) compiled in at 7 rows');
  assert.match(gpu, /\{ 6, kf_args_2_0, \{ 64u, 1u, 1u \}, 1 \}, \/\* kf_k2_gemv \*\//, 'a dependent launch');
  assert.match(gpu, /\{ 6, kf_args_2_1, \{ 64u, 1u, 1u \}, 0 \}, \/\* kf_k2_gemv_splitk_reduce \*\//);
  // the grids and the scratch, printed from the expressions with 64-bit ceiling division
  assert.ok(gpu.includes('grids[0][1] = (((((int64_t)(a->scalar[1].i) + 2 - 1) / 2) + 65535 - 1) / 65535);'), 'split past 65535');
  assert.ok(gpu.includes('grids[0][2] = 2;'));
  assert.ok(gpu.includes('grids[1][0] = (((7 * (int64_t)(a->scalar[1].i)) + 64 - 1) / 64);'));
  assert.ok(gpu.includes('scratch[0] = (56 * (int64_t)(a->scalar[1].i)) /* partial */'));
  const host = files['src/kforge_cuda.c']!;
  assert.match(host, /void kf_k1_gemv_splitk_reduce\(const float\* partial, const float\* bias, float\* y, int32_t M, int32_t N, int32_t K\);/);
  assert.match(host, /\{ \(const void\*\)kf_k1_gemv, \(const void\*\)kf_k1_gemv_splitk_reduce \},/);
  // launched with programmatic stream serialization where the launch asks for it and the device has it
  assert.match(host, /dependent && kf_dependent_launch \? 1u : 0u/);
  assert.match(host, /kf_dependent_launch = major >= 9;/);
  assert.ok(files['src/kernels/kf_k3_gemv.cu']!.includes('__kernel void gemv'));
  const cmake = files['CMakeLists.txt']!;
  assert.match(cmake, /project\(kforge_cuda VERSION 9.9.9 LANGUAGES C CUDA\)/);
  assert.match(cmake, /find_package\(CUDAToolkit REQUIRED\)/);
  assert.match(cmake, /CUDA_ARCHITECTURES "\$\{KFORGE_CUDA_ARCHITECTURES\}"/);
  assert.match(cmake, /src\/kernels\/kf_k0_gemv.cu/);
  assert.match(files['cmake/kforgeConfig.cmake']!, /find_dependency\(CUDAToolkit\)/);
});

test('cuda library: a launch with dynamic shared memory passes it, and above 48 KB opts its function in when first prepared', (t) => {
  const base = spec('cuda', 4);
  const big = (k: GpuRuntimeKernel): GpuRuntimeKernel => (k.id === 1 ? { ...k, launches: [{ ...k.launches[0]!, dynamicSharedBytes: 98304 }, k.launches[1]!] } : k);
  const files = gpuRuntimeFiles({ ...base, kernels: base.kernels.map(big) });
  const host = files['src/kforge_cuda.c']!;
  assert.match(host, /static const unsigned kf_dynamic_shared\[3\]\[KF_MAX_LAUNCHES\] = \{\n {2}\{ 0u, 0u \},\n {2}\{ 98304u, 0u \},\n {2}\{ 0u, 0u \},\n\};/);
  assert.match(host, /cudaDeviceGetAttribute\(&shared_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device\)/);
  assert.match(host, /cudaFuncSetAttribute\(kf_functions\[id\]\[l\], cudaFuncAttributeMaxDynamicSharedMemorySize, \(int\)shared\)/);
  assert.match(host, /kernel %s launch %d needs %u bytes of dynamic shared memory, device %d allows %d per block/);
  assert.match(host, /cudaLaunchConfig_t config = \{ grid, block, kf_dynamic_shared\[id\]\[launch\], kf_stream,/);
  // the host side is C against the CUDA runtime headers: it must compile as such
  const nvcc = spawnSync('which', ['nvcc'], { encoding: 'utf8' });
  if (nvcc.status !== 0) return t.skip('no CUDA toolkit');
  const dir = mkdtempSync(join(tmpdir(), 'kf-cuda-runtime-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    // nvcc hands a .c file to the host C compiler with the toolkit's include path
    const r = spawnSync('nvcc', ['-c', '-Xcompiler', '-Wall,-Werror', '-I', join(dir, 'include'), '-I', join(dir, 'src'), '-o', join(dir, 'kforge_cuda.o'), join(dir, 'src/kforge_cuda.c')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('opencl and vulkan libraries refuse a launch with dynamic shared memory: they have no such launch parameter', () => {
  for (const target of ['opencl', 'vulkan'] as const) {
    const base = spec(target, 2);
    const kernels = base.kernels.map((k) => ({ ...k, launches: [{ ...k.launches[0]!, dynamicSharedBytes: 1024 }, k.launches[1]!] }));
    assert.throws(() => gpuRuntimeFiles({ ...base, kernels }), /launch (gemv|main) takes 1024 bytes of dynamic shared memory, a CUDA launch parameter (OpenCL|Vulkan) has no equivalent of/);
  }
});

test('opencl library: cl_mem entry points, sources embedded as C strings, a library of M up to 4', () => {
  const files = gpuRuntimeFiles(spec('opencl', 4));
  const header = files['include/kforge.h']!;
  assert.match(header, /int kf_gemv_q4_0\(cl_mem x, cl_mem W, cl_mem bias, cl_mem y, int M, int N, int K, kf_dispatch_info\* info\);/);
  assert.match(header, /int kf_init\(cl_context context, cl_device_id device, cl_command_queue queue\);/);
  assert.match(header, /#define KF_M_MAX 4\n/);
  assert.match(header, /\(\{1\}, \{2,3\}, \{4\}\)/);
  assert.match(files['src/kforge_dispatch.c']!, /#define KF_M_BUCKETS 3\n/);
  const sources = files['src/kforge_opencl_sources.c']!;
  assert.ok(sources.includes(String.raw`"// \"quoted\" \?\? \\ back\n"`), sources);
  assert.match(files['src/kforge_opencl.c']!, /\{ "gemv", "gemv_splitk_reduce" \},/);
  assert.match(files['CMakeLists.txt']!, /find_package\(OpenCL REQUIRED\)/);
  assert.equal(files['src/kernels/kf_k0_gemv.cu'], undefined);
});

test('vulkan library: VkBuffer entry points, SPIR-V words per launch module, subgroup flags', () => {
  const files = gpuRuntimeFiles(spec('vulkan', 2));
  assert.match(files['include/kforge.h']!, /int kf_gemv_q4_0\(VkBuffer x, VkBuffer W, VkBuffer bias, VkBuffer y, int M, int N, int K, kf_dispatch_info\* info\);/);
  const spirv = files['src/kforge_spirv.c']!;
  assert.match(spirv, /static const uint32_t kf_spirv_1_1\[3\] = \{\n {2}0x07230203u, 0x00000002u, 0x00000003u,\n\};/);
  assert.match(spirv, /const size_t kf_spirv_words\[4\] = \{ 2, 3, 2, 3 \};/);
  const host = files['src/kforge_vulkan.c']!;
  // kernel 1's launches use the flat modules 2 and 3: 3 buffers and 3 push constants each
  assert.match(host, /\{ \{ 2, 3, 3 \}, \{ 3, 3, 3 \} \},/);
  assert.match(host, /kf_uses_subgroups\[2\] = \{ 1, 1 \};/);
});

test('a kernel with a largest K: the dispatch skips it above that K, and a default chain may not end with it', () => {
  const bounded = spec('opencl', 4);
  const kernels = bounded.kernels.map((k) => (k.id === 0 ? { ...k, kMax: 4096 } : k));
  const chained = variants(4).map((v) => ({ ...v, defaults: [[0, 1], ...v.defaults.slice(1)] }));
  const dispatch = gpuRuntimeFiles({ ...spec('opencl', 4, chained), kernels })['src/kforge_dispatch.c']!;
  assert.match(dispatch, /static const kf_gemv_fit kf_gemv_fits\[3\] = \{\n {2}\{ 1, 1, 4096 \},/);
  assert.match(dispatch, /K % k->k_multiple == 0 && \(k->k_max == 0 \|\| K <= k->k_max\)/);
  assert.throws(() => gpuRuntimeFiles({ ...bounded, kernels }), /the default chain of M bucket 0 does not end with a kernel for every M up to 1 and every K/);
});

test('libraries that the dispatch could not serve are refused at generation', () => {
  const bad = spec('opencl', 4);
  assert.throws(() => gpuRuntimeFiles({ ...bad, kernels: bad.kernels.map((k) => ({ ...k, rows: 1 })) }),
    /the default chain of M bucket 1 does not end with a kernel for every M up to 3/);
  const stray = bad.kernels.map((k) => ({ ...k, scratch: [] }));
  assert.throws(() => gpuRuntimeFiles({ ...bad, kernels: stray }), /argument 'partial' is neither a tensor or scalar of kf_gemv_q4_0 nor sized scratch/);
  const [plain, withBias] = variants(4);
  assert.throws(() => gpuRuntimeFiles(spec('opencl', 4, [{ ...plain!, tuned: [{ M: 8, N: 1, K: 32, kernels: [0], note: '' }] }, withBias!])),
    /tuned shape M=8 above the library's largest M 4/);
  assert.throws(() => gpuRuntimeFiles({ ...bad, kernels: bad.kernels.map((k) => ({ ...k, compiledScalar: 'N' })) }), /tensor y is not led by the compiled-in N, so it cannot be padded/);
});

test('C string literals escape quotes, backslashes, question marks and non-ASCII bytes', () => {
  assert.equal(cStringLiteral('a"b\\c??=\nµ'), String.raw`"a\"b\\c\?\?=\n"` + '\n  ' + String.raw`"\302\265"`);
});

test('the check program makes buffers the way each API wants and calls every entry point', () => {
  const cuda = runtimeCheckSource('cuda', [{ format: 'q4_0', act: 'f32' }, { format: 'w4g64', act: 'f16' }]);
  assert.match(cuda, /cudaMalloc\(&p, words \? words : 4\)/, 'whole 32-bit words');
  assert.match(cuda, /return kf_gemv_w4g64_xf16\(x, W, W_scale, W_min, bias, y, M, N, K, info\);/);
  assert.match(cuda, /invalid_host_pointer/);
  assert.match(cuda, /"k_not_block_multiple", KF_ERR_K_NOT_MULTIPLE_OF_BLOCK, b, b, 1, 32, 48/);
  const vulkan = runtimeCheckSource('vulkan', [{ format: 'f16', act: 'f32' }]);
  assert.match(vulkan, /kf_init\(VK_NULL_HANDLE, VK_NULL_HANDLE, VK_NULL_HANDLE, 0\)/);
  assert.ok(!vulkan.includes('k_not_block_multiple'), 'dense formats take any K');
  const cpu = runtimeCheckSource('avx512', [{ format: 'q8_0', act: 'f32' }]);
  assert.match(cpu, /static int dev_setup\(void\) \{ return kf_init\(\); \}/);
  assert.ok(!cpu.includes('invalid_not_initialized'));
});
