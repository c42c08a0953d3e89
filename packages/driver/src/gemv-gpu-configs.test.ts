// gemv configs on the GPU-class targets that execute here (PoCL, lavapipe, the Metal emulation, Dawn)
// that the conformance matrix's drawn configs need not meet: split-K, more outputs than threads, the
// int8 dot path, the transposed subgroup reduction, and x quantized three ways giving the same y bit
// for bit. Small shapes: these executors run on the CPU.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getOp, randomInputs, resolveParams, type Params, type ParamValue } from '@kforge/ir';
import type { TargetName } from '@kforge/target';
import { checkRun, executorFor, runArtifact } from './run.ts';
import { emitKernel, resolveConfig } from './lowerings.ts';

type Config = Readonly<Record<string, ParamValue>>;
const BLOCK: Readonly<Record<string, number>> = { q8_0: 32, q4_0: 32, q4_1: 32, w4g64: 64 };
const gemv = getOp('gemv');

/** Runs gemv with the config on the target's executor, checked against the float64 reference; y's bits to compare variants. */
async function run(target: TargetName, raw: Params, config: Config): Promise<{ ok: boolean; message: string; bits: Uint32Array }> {
  const params = resolveParams(gemv, raw);
  const artifact = emitKernel('gemv', target, params, resolveConfig('gemv', target, params, config));
  const inputs = randomInputs(gemv, params, 7);
  const r = await runArtifact(artifact, inputs);
  const { ok, checks } = checkRun(r, inputs);
  const y = r.outputs.y!.data as Float32Array;
  return { ok, bits: new Uint32Array(y.buffer, y.byteOffset, y.length), message: `gemv ${target} ${JSON.stringify(params)} config ${JSON.stringify(artifact.config)} on ${r.result.detail}: ${checks.map((c) => c.message).join('; ')}` };
}

/** the target's executor here, or why the test is skipped */
const executorHere = (target: TargetName): Promise<string | undefined> => executorFor(target).then(() => undefined, (e: Error) => e.message);

/** fixed non-default configs: split-K with unrolling; more outputs (rows_per_block * M = 64) than threads (32); int8 */
const CONFIGS: [Params, Config][] = [
  [{ weight: 'q4_0', M: 3, N: 37, K: 256, act: 'f16', bias: true }, { k_unroll: 2, rows_per_block: 2, split_k: 2, vector_width: 4 }],
  [{ weight: 'w4g64', M: 16, N: 37, K: 256, act: 'f16', bias: true }, { rows_per_block: 4, workgroup_size: 32, split_k: 2, vector_width: 4 }],
  [{ weight: 'f16', M: 16, N: 37, K: 256, act: 'f32', bias: false }, { rows_per_block: 4, workgroup_size: 32, split_k: 1 }],
  // the int8 dot path: x quantized by a first dispatch; 8-byte chunks fold a quarter of the block sum each
  [{ weight: 'q4_0', M: 3, N: 37, K: 256, act: 'f16', bias: true }, { dot_path: 'int8', vector_width: 8, rows_per_block: 2, k_unroll: 2 }],
];

for (const target of ['opencl', 'vulkan', 'metal'] as const) {
  test(`gemv on ${target}: split-K, more outputs than threads, the int8 path`, async (t) => {
    const why = await executorHere(target);
    if (why) return t.skip(why);
    for (const [params, config] of CONFIGS) {
      const r = await run(target, params, config);
      assert.ok(r.ok, r.message);
    }
  });
}

/**
 * The transposed subgroup reduction (targets with a fixed 32-lane subgroup, rows_per_block · M a power of
 * two up to 32: each lane keeps half its partial sums per shuffle step): 2, 8 and 32 values, one and
 * several subgroups per workgroup, on the Metal emulation (CUDA runs it on the H200 bundle).
 */
test('gemv on metal: the transposed subgroup reduction of 2, 8 and 32 values per lane', async (t) => {
  const why = await executorHere('metal');
  if (why) return t.skip(why);
  const configs: [Params, Config][] = [
    [{ weight: 'f16', M: 1, N: 37, K: 256, act: 'f32', bias: true }, { subgroup_reduce: true, rows_per_block: 2, workgroup_size: 64 }],
    [{ weight: 'q4_0', M: 2, N: 37, K: 256, act: 'f16', bias: false }, { subgroup_reduce: true, rows_per_block: 4, workgroup_size: 64 }],
    [{ weight: 'w4g64', M: 4, N: 37, K: 128, act: 'f32', bias: true }, { subgroup_reduce: true, rows_per_block: 8, workgroup_size: 32, vector_width: 4 }],
  ];
  for (const [params, config] of configs) {
    const r = await run('metal', params, config);
    assert.ok(r.ok, r.message);
  }
});

/**
 * quantize_x 'workgroup' (every workgroup quantizes x into its workgroup memory) and 'registers' (each
 * thread quantizes the blocks of its chunks; 4- and 8-byte chunks are parts of a block, picked by offset)
 * against 'dispatch' (a first dispatch into scratch): the same d and codes, so the same y bit for bit.
 * M = 1 and 3; K of 5 and 13 blocks (fewer chunks than a workgroup step; at M = 3 more 32-blocks than
 * the 32 threads, so the quantizing loop wraps); N with a tail; split-K at M = 3 (each workgroup
 * quantizes all of x).
 */
const WORKGROUP_CASES: [Params, Config][] = (['q4_0', 'q8_0', 'q4_1', 'w4g64'] as const).flatMap((weight, i) =>
  [1, 3].map((M): [Params, Config] => [
    { weight, M, N: 37, K: BLOCK[weight]! * (M === 1 ? 5 : 13), act: (i + M) % 2 ? 'f16' : 'f32', bias: M === 3 },
    // at M = 3 one step at a time: two unrolled x quantizations of 3 tokens pass the CPU compilers' cap
    { dot_path: 'int8', workgroup_size: 32, rows_per_block: 2, ...(M === 1 ? { vector_width: 4, k_unroll: 2 } : { vector_width: 8, k_unroll: 1, split_k: 2 }) },
  ]));

for (const target of ['opencl', 'vulkan', 'metal', 'wgsl'] as const) {
  test(`quantize_x 'workgroup' and 'registers' on ${target} are bit-identical to 'dispatch' and within the int8 bound`, async (t) => {
    const why = await executorHere(target);
    if (why) return t.skip(why);
    for (const [params, config] of WORKGROUP_CASES) {
      const dispatch = await run(target, params, { ...config, quantize_x: 'dispatch' });
      assert.ok(dispatch.ok, dispatch.message);
      // 'registers' unrolls a block's quantization into every chunk of a step: on the CPU-side shader
      // compilers that is slow, so it runs at M = 1 and on one M = 3 case
      for (const where of params.M === 1 || params.weight === 'q4_0' ? ['workgroup', 'registers'] : ['workgroup']) {
        const other = await run(target, params, { ...config, quantize_x: where });
        assert.ok(other.ok, `${where}: ${other.message}`);
        assert.deepEqual(other.bits, dispatch.bits, `${where}: ${other.message}`);
      }
    }
  });
}
