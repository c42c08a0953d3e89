// gemv on every GPU-class target that executes here (PoCL, lavapipe, the Metal emulation) against
// the float64 reference: every format, both activations, bias, M in {1, 3, 16}, a tail N and K of one
// block and of about two thousand. Small shapes: these executors run on the CPU.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ParamValue } from '@kforge/ir';
import { dawnExecutor, lavapipeExecutor, metalEmuExecutor, poclExecutor, type Executor } from '@kforge/exec';
import type { GpuTarget } from '@kforge/codegen-gpu';
import { runGemvGpuCase, type GemvGpuCase } from './gemv-gpu-cases.ts';

const EXECUTORS: [GpuTarget, Executor][] = [['opencl', poclExecutor], ['vulkan', lavapipeExecutor], ['metal', metalEmuExecutor]];
// the formats SPEC requires on every GPU target; KFORGE_GPU_FULL=1 adds the rest (slower)
const FORMATS = process.env.KFORGE_GPU_FULL === '1'
  ? ['f32', 'f16', 'bf16', 'q8_0', 'q4_0', 'q4_1', 'w4g32', 'w4g64', 'w4g128'] as const
  : ['f32', 'f16', 'q8_0', 'q4_0', 'w4g64', 'w4g128'] as const;
const BLOCK: Readonly<Record<string, number>> = { f32: 32, f16: 32, bf16: 32, q8_0: 32, q4_0: 32, q4_1: 32, w4g32: 32, w4g64: 64, w4g128: 128 };

/** one case per format, rotating M, act, bias and K so that every value meets every target */
function cases(): GemvGpuCase[] {
  return FORMATS.map((weight, i) => ({
    // K of about two thousand only at M = 1: the CPU executors are slow
    weight, M: [1, 3, 16][i % 3]!, N: 37, K: i % 3 === 0 ? 2048 : BLOCK[weight]! * (i % 2 ? 2 : 1),
    act: i % 2 ? 'f16' : 'f32', bias: i % 3 !== 1,
  }));
}

/** fixed non-default configs: split-K with unrolling; more outputs (rows_per_block * M = 64) than threads (32); int8 */
const CONFIGS: [GemvGpuCase, Readonly<Record<string, ParamValue>>][] = [
  [{ weight: 'q4_0', M: 3, N: 37, K: 256, act: 'f16', bias: true }, { k_unroll: 2, rows_per_block: 2, split_k: 2, vector_width: 4 }],
  [{ weight: 'w4g64', M: 16, N: 37, K: 256, act: 'f16', bias: true }, { rows_per_block: 4, workgroup_size: 32, split_k: 2, vector_width: 4 }],
  [{ weight: 'f16', M: 16, N: 37, K: 256, act: 'f32', bias: false }, { rows_per_block: 4, workgroup_size: 32, split_k: 1 }],
  // the int8 dot path: x quantized by a first dispatch; 8-byte chunks fold a quarter of the block sum each
  [{ weight: 'q4_0', M: 3, N: 37, K: 256, act: 'f16', bias: true }, { dot_path: 'int8', vector_width: 8, rows_per_block: 2, k_unroll: 2 }],
];

for (const [target, executor] of EXECUTORS) {
  test(`gemv on ${target} (${executor.name}) matches the float64 reference`, async (t) => {
    const availability = await executor.probe();
    if (!availability.ok) return t.skip(availability.reason);
    for (const c of cases()) {
      const r = await runGemvGpuCase(target, executor, c);
      assert.ok(r.ok, r.message);
    }
    for (const [c, config] of CONFIGS) {
      const r = await runGemvGpuCase(target, executor, c, config);
      assert.ok(r.ok, `${JSON.stringify(config)}: ${r.message}`);
    }
  });
}

/**
 * The transposed subgroup reduction (targets with a fixed 32-lane subgroup, rows_per_block · M a power of
 * two up to 32: each lane keeps half its partial sums per shuffle step): 2, 8 and 32 values, one and
 * several subgroups per workgroup, on the Metal emulation (CUDA runs it on the H200 bundle).
 */
test('gemv on metal (metal-emu): the transposed subgroup reduction of 2, 8 and 32 values per lane', async (t) => {
  const availability = await metalEmuExecutor.probe();
  if (!availability.ok) return t.skip(availability.reason);
  const configs: [GemvGpuCase, Readonly<Record<string, ParamValue>>][] = [
    [{ weight: 'f16', M: 1, N: 37, K: 256, act: 'f32', bias: true }, { subgroup_reduce: true, rows_per_block: 2, workgroup_size: 64 }],
    [{ weight: 'q4_0', M: 2, N: 37, K: 256, act: 'f16', bias: false }, { subgroup_reduce: true, rows_per_block: 4, workgroup_size: 64 }],
    [{ weight: 'w4g64', M: 4, N: 37, K: 128, act: 'f32', bias: true }, { subgroup_reduce: true, rows_per_block: 8, workgroup_size: 32, vector_width: 4 }],
  ];
  for (const [c, config] of configs) {
    const r = await runGemvGpuCase('metal', metalEmuExecutor, c, config);
    assert.ok(r.ok, `${JSON.stringify(config)}: ${r.message}`);
  }
});

/**
 * quantize_x 'workgroup' (every workgroup quantizes x into its workgroup memory) and 'registers' (each
 * thread quantizes the blocks of its chunks; 4- and 8-byte chunks are parts of a block, picked by offset)
 * against 'dispatch' (a first dispatch into scratch): the same d and codes, so the same y bit for bit. M = 1 and 3; K of 5
 * and 13 blocks (fewer chunks than a workgroup step; at M = 3 more 32-blocks than the 32 threads, so
 * the quantizing loop wraps); N with a tail; split-K at M = 3 (each workgroup quantizes all of x).
 */
const WORKGROUP_CASES: [GemvGpuCase, Readonly<Record<string, ParamValue>>][] = (['q4_0', 'q8_0', 'q4_1', 'w4g64'] as const).flatMap((weight, i) =>
  [1, 3].map((M): [GemvGpuCase, Readonly<Record<string, ParamValue>>] => [
    { weight, M, N: 37, K: BLOCK[weight]! * (M === 1 ? 5 : 13), act: (i + M) % 2 ? 'f16' : 'f32', bias: M === 3 },
    // at M = 3 one step at a time: two unrolled x quantizations of 3 tokens pass the CPU compilers' cap
    { dot_path: 'int8', workgroup_size: 32, rows_per_block: 2, ...(M === 1 ? { vector_width: 4, k_unroll: 2 } : { vector_width: 8, k_unroll: 1, split_k: 2 }) },
  ]));

const bits = (y: Float32Array): Uint32Array => new Uint32Array(y.buffer, y.byteOffset, y.length);

for (const [target, executor] of [...EXECUTORS, ['wgsl', dawnExecutor] as [GpuTarget, Executor]]) {
  test(`quantize_x 'workgroup' and 'registers' on ${target} (${executor.name}) are bit-identical to 'dispatch' and within the int8 bound`, async (t) => {
    const availability = await executor.probe();
    if (!availability.ok) return t.skip(availability.reason);
    for (const [c, config] of WORKGROUP_CASES) {
      const dispatch = await runGemvGpuCase(target, executor, c, { ...config, quantize_x: 'dispatch' });
      assert.ok(dispatch.ok, dispatch.message);
      // 'registers' unrolls a block's quantization into every chunk of a step: on the CPU-side shader
      // compilers that is slow, so it runs at M = 1 and on one M = 3 case
      for (const where of c.M === 1 || c.weight === 'q4_0' ? ['workgroup', 'registers'] : ['workgroup']) {
        const other = await runGemvGpuCase(target, executor, c, { ...config, quantize_x: where });
        assert.ok(other.ok, `${where}: ${other.message}`);
        assert.deepEqual(bits(other.y), bits(dispatch.y), `${where}: ${other.message}`);
      }
    }
  });
}
