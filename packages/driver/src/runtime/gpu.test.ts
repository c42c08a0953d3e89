import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalSize, sizeParams, type KnobConfig, type SizeExpr } from '@kforge/ir';
import { sizedBuffers, sizedDispatches, type KernelArtifact } from '@kforge/target';
import { gemvPolicyOf, gpuRuntimeFiles, type GpuLaunch } from '@kforge/runtime';
import { emitKernel, loweringFor, resolveConfig } from '../lowerings.ts';
import { describeGpuKernel, gpuDefaultConfig, kMultipleOf, planGpuRuntime, unboundedConfig } from './gpu.ts';

/** the grid the runtime computes for a launch at a call's N and K */
const runtimeGrid = (l: GpuLaunch, N: number, K: number): number[] => l.grid.map((g) => evalSize(g, { N, K }));
const runtimeBytes = (s: SizeExpr, N: number, K: number): number => evalSize(s, { N, K });
/** what the generator emits at that shape */
const emittedGrids = (a: KernelArtifact): number[][] => sizedDispatches(a).map((d) => [...d.grid!]);
const emittedBytes = (a: KernelArtifact, name: string): number => sizedBuffers(a).find((b) => b.name === name)!.bytes;

test('a split-K kernel: both launches, the partial sums as scratch, grids that follow N as the generator emits them', async () => {
  const params = { M: 3, N: 100, K: 256, weight: 'q4_0', act: 'f32', bias: true };
  const config = resolveConfig('gemv', 'opencl', params, { split_k: 4, rows_per_block: 2 });
  const k = await describeGpuKernel('opencl', 5, 'q4_0', 'f32', true, 3, config);
  assert.equal(k.symbol, 'kf_k5_gemv');
  assert.equal(k.rows, 3);
  assert.deepEqual(k.scratch, [{ name: 'partial', bytes: { op: 'mul', a: 48, b: 'N' } }], '4 splits x 3 rows x N floats');
  assert.deepEqual(k.launches.map((l) => l.entry), ['gemv', 'gemv_splitk_reduce']);
  for (const [N, K] of [[1, 32], [777, 96], [70_001, 64], [200_000, 32]] as const) {
    const a = emitKernel('gemv', 'opencl', { ...params, N, K }, config);
    assert.equal(a.dispatches.length, 2);
    a.dispatches.forEach((d, i) => {
      assert.deepEqual(runtimeGrid(k.launches[i]!, N, K), emittedGrids(a)[i], `${d.entry} at N=${N} K=${K}`);
      assert.deepEqual(k.launches[i]!.args.map((x) => x.name), [...d.args]);
    });
    assert.equal(runtimeBytes(k.scratch[0]!.bytes, N, K), emittedBytes(a, 'partial'));
  }
});

test('cuda kernels get unique entry names; vulkan kernels carry validated SPIR-V', async () => {
  const params = { M: 1, N: 64, K: 256, weight: 'w4g64', act: 'f16', bias: false };
  const cuda = await describeGpuKernel('cuda', 7, 'w4g64', 'f16', false, 1, resolveConfig('gemv', 'cuda', params, { split_k: 2, dot_path: 'float' }));
  assert.deepEqual(cuda.launches.map((l) => l.entry), ['kf_k7_gemv', 'kf_k7_gemv_splitk_reduce']);
  assert.match(cuda.source!, /extern "C" __global__ void __launch_bounds__\(\d+\) kf_k7_gemv\(/);
  assert.ok(!/\bgemv\(/.test(cuda.source!.replace(/kf_k7_gemv/g, '')), 'no entry keeps its generic name');
  assert.equal(cuda.file, 'kf_k7_gemv_m1.cu');
  const vulkan = await describeGpuKernel('vulkan', 0, 'q4_0', 'f32', false, 1, resolveConfig('gemv', 'vulkan', { ...params, weight: 'q4_0', act: 'f32' }, { subgroup_reduce: true }));
  assert.equal(vulkan.spirv!.length, 1);
  assert.equal(vulkan.spirv![0]![0], 0x07230203, 'SPIR-V magic');
  assert.equal(vulkan.subgroups, true);
});

test('dense formats: wide loads need K to be a multiple of their width, so default chains end with narrow loads', async () => {
  const wide = gpuDefaultConfig('opencl', 'f32', 'f32', false, 1);
  assert.equal(kMultipleOf('opencl', 'f32', 'f32', false, 1, wide), Number(wide.vector_width) / 4);
  assert.equal(kMultipleOf('opencl', 'q4_0', 'f32', false, 1, gpuDefaultConfig('opencl', 'q4_0', 'f32', false, 1)), 1);
  const spec = await planGpuRuntime({ target: 'opencl', formats: ['f32'], acts: ['f32'], tuned: [], device: '', version: '0', maxM: 2 });
  const gemv = gemvPolicyOf(spec.policies);
  assert.equal(gemv.maxM, 2);
  for (const v of gemv.variants) {
    assert.equal(v.defaults.length, 2, 'buckets {1} and {2}');
    v.defaults.forEach((chain, b) => {
      const [first, last] = chain.map((id) => spec.kernels[id]!);
      assert.equal(chain.length, 2);
      assert.ok(first!.kMultiple > 1);
      assert.equal(last!.kMultiple, 1);
      assert.equal(last!.rows, b + 1);
      assert.equal(last!.config.vector_width, 4);
    });
  }
});

test('a tuned config serves its own M, then (padded) the rest of its bucket', async () => {
  const params = { M: 4, N: 96, K: 128, weight: 'q4_0', act: 'f32', bias: true };
  const config = resolveConfig('gemv', 'opencl', params, { workgroup_size: 32 });
  const spec = await planGpuRuntime({
    target: 'opencl', formats: ['q4_0'], acts: ['f32'], device: 'test', version: '0', maxM: 7,
    tuned: [{ params, config, note: 'test' }, { params: { ...params, M: 8 }, config, note: 'above the largest M: left out' }],
  });
  const variant = gemvPolicyOf(spec.policies).variants.find((v) => v.bias)!;
  assert.equal(variant.tuned.length, 1);
  assert.deepEqual(variant.tuned[0]!.kernels.map((id) => spec.kernels[id]!.rows), [4, 7]);
  assert.deepEqual(spec.kernels[variant.tuned[0]!.kernels[0]!]!.config, config);
  assert.deepEqual(variant.defaults.map((chain) => spec.kernels[chain[0]!]!.rows), [1, 3, 7]);
});

test('an int8 split-K kernel: a pre-pass sized by K, the main launch and the reduction, three scratch buffers', async (t) => {
  const params = { M: 3, N: 256, K: 512, weight: 'q4_0', act: 'f16', bias: false };
  const space = loweringFor('gemv', 'cuda').knobs('cuda', params);
  if (!space.knobs.some((k) => k.name === 'dot_path' && k.values.includes('int8'))) {
    t.skip('the cuda generator has no int8 dot path');
    return;
  }
  const config = resolveConfig('gemv', 'cuda', params, { dot_path: 'int8', split_k: 2 });
  const k = await describeGpuKernel('cuda', 4, 'q4_0', 'f16', false, 3, config);
  assert.equal(k.launches.length, 3);
  assert.deepEqual(sizeParams(k.launches[0]!.grid[0]), ['K'], 'the pre-pass grows with K, not N');
  assert.ok(k.scratch.length >= 2);
  for (const [N, K] of [[100, 1024], [70_001, 96]] as const) {
    const a = emitKernel('gemv', 'cuda', { ...params, N, K }, config);
    a.dispatches.forEach((d, i) => assert.deepEqual(runtimeGrid(k.launches[i]!, N, K), emittedGrids(a)[i], `${d.entry} at N=${N} K=${K}`));
    for (const s of k.scratch) assert.equal(runtimeBytes(s.bytes, N, K), emittedBytes(a, s.name), `${s.name} at N=${N} K=${K}`);
  }
});

test("quantize_x 'workgroup': one kernel per K it is compiled at, serving K up to it; its 'dispatch' twin takes every K", async () => {
  const params = { M: 3, N: 100, K: 416, weight: 'q4_1', act: 'f32', bias: true };
  const config = resolveConfig('gemv', 'opencl', params, { dot_path: 'int8', quantize_x: 'workgroup', split_k: 2 });
  const k = await describeGpuKernel('opencl', 2, 'q4_1', 'f32', true, 3, config, { N: 100, K: 416 });
  assert.equal(k.kMax, 416);
  assert.match(k.source!, /__local uint xq\[312\];/, 'M x K codes in workgroup memory, sized for the tuned K');
  assert.deepEqual(k.launches.map((l) => l.entry), ['gemv', 'gemv_splitk_reduce']);
  assert.deepEqual(k.scratch.map((s) => s.name), ['partial']);
  for (const [N, K] of [[1, 32], [777, 96], [70_001, 416], [200_000, 32]] as const) {
    const a = emitKernel('gemv', 'opencl', { ...params, N, K }, config);
    a.dispatches.forEach((d, i) => assert.deepEqual(runtimeGrid(k.launches[i]!, N, K), emittedGrids(a)[i], `${d.entry} at N=${N} K=${K}`));
    assert.equal(runtimeBytes(k.scratch[0]!.bytes, N, K), emittedBytes(a, 'partial'));
  }
  assert.deepEqual(unboundedConfig('opencl', 'q4_1', 'f32', true, 3, config), { ...config, quantize_x: 'dispatch' });
  const spec = await planGpuRuntime({ target: 'opencl', formats: ['q4_1'], acts: ['f32'], device: 'test', version: '0', maxM: 3, tuned: [{ params, config, note: 'test' }] });
  const tuned = gemvPolicyOf(spec.policies).variants.find((v) => v.bias)!.tuned[0]!;
  assert.deepEqual(tuned.kernels.map((id) => [spec.kernels[id]!.rows, spec.kernels[id]!.kMax]), [[3, 416]]);
  assert.ok(spec.kernels.filter((x) => !tuned.kernels.includes(x.id)).every((x) => x.kMax === undefined), 'the defaults take every K');
});

test('phased ops: the CPU planner\'s entries, each kernel\'s launches and scratch the artifact\'s, its buffers held to its entry', async () => {
  const heads = { Hq: 4, Hkv: 2, D: 64, causal: true, kv: 'q8_0' };
  const spec = await planGpuRuntime({
    target: 'opencl', ops: ['attention', 'moe'], formats: [], acts: [], tuned: [], device: '', version: '0',
    phased: { attention: { heads: [heads], tuned: [] }, moe: { heads: [{ E: 4, topk: 2, H: 64, I: 32, weight: 'f32', routing: 'given' }], tuned: [] } },
  });
  assert.deepEqual(spec.policies.map((p) => p.op), ['attention', 'moe'], 'no gemv unless asked for');
  const names = spec.policies.flatMap((p) => p.entries().map((e) => e.name));
  assert.deepEqual(names, [
    'kf_attention_h4x2_d64_q8_0_causal_decode', 'kf_attention_h4x2_d64_q8_0_causal_prefill',
    'kf_moe_e4k2_h64i32_f32_given_decode', 'kf_moe_e4k2_h64i32_f32_given_prefill',
  ]);
  const decode = spec.kernels.find((k) => k.entry === names[0])!;
  const shape = { B: 3, Sq: 2, Skv: 333 };
  const artifact = emitKernel('attention', 'opencl', { ...heads, ...shape }, decode.config as KnobConfig);
  assert.deepEqual(decode.launches.map((l) => l.grid.map((g) => evalSize(g, shape))), emittedGrids(artifact), 'grids over B, Sq and Skv as emitted there');
  for (const s of decode.scratch) assert.equal(evalSize(s.bytes, shape), emittedBytes(artifact, s.name), `scratch ${s.name}`);
  assert.ok(decode.launches.length === 2 && decode.scratch.length === 2, 'split-KV decode: the main pass and its combine, partial results as scratch');
  assert.equal(decode.compiledScalar, undefined, 'B, Sq and Skv at run time: nothing padded');
  // given ids are checked on a host copy before any kernel runs
  const dispatch = gpuRuntimeFiles(spec)['src/kforge_dispatch.c']!;
  assert.match(dispatch, /const int32_t\* kf_v = \(const int32_t\*\)kf_gpu_read\(a->tensor\[\d\], /);
  assert.match(dispatch, /return kf_fail\(KF_ERR_BAD_VALUE, "kf_moe_e4k2_h64i32_f32_given_decode: tensor ids: element %lld is %d, outside 0\.\.3"/);
});
