import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DTYPES, getOp, InputError, storedWeightTensors, tensorFromBytes, type Tensor, type WeightFormatName } from '@kforge/ir';
import { generatedBytes } from '@kforge/exec';
import { inputSeeds, opHooks } from './index.ts';

const hooks = opHooks('gemv', 'sampledReference');

test('gemv: the reference on sampled rows is the full reference on the whole generated inputs, picked as the kernel output is', () => {
  const cases = [
    ...(['f16', 'q4_0', 'w4g128'] as const).map((weight) => ({ M: 1, N: 300, K: 256, weight, act: 'f16', bias: false })),
    { M: 3, N: 150, K: 64, weight: 'q4_1', act: 'f32', bias: true },
  ];
  for (const params of cases) {
    const [M, N, K] = [params.M, params.N, params.K];
    const generated = hooks.generatedInputs(params, inputSeeds(hooks, (i) => 11 + 10 * i));
    const act = params.act as 'f16' | 'f32';
    const inputs: Record<string, Tensor> = { x: tensorFromBytes(generatedBytes(generated.x!, 0, M * K * DTYPES[act].bytes), act, [M, K], 'x') };
    for (const s of storedWeightTensors(params.weight as WeightFormatName, 'W', [N, K])) {
      inputs[s.name] = tensorFromBytes(generatedBytes(generated[s.name]!, 0, s.shape[0]! * s.shape[1]! * DTYPES[s.dtype].bytes), s.dtype, s.shape, s.name);
    }
    if (params.bias) inputs.bias = tensorFromBytes(generatedBytes(generated.bias!, 0, N * 4), 'f32', [N], 'bias');
    const full = getOp('gemv').reference(params, inputs).y!.data;
    const sample = hooks.sample(params, 64);
    assert.equal(sample.output, 'y');
    assert.equal(sample.indices[0], 0);
    assert.equal(sample.indices.at(-1), N - 1);
    assert.ok(sample.indices.length <= 64 && sample.indices.length > 32);
    assert.deepEqual(Array.from(hooks.sampledReference(params, generated, sample)), hooks.pick(params, sample, full), params.weight);
    assert.ok(full.some((v) => Math.abs(v) > 1e-3), `${params.weight}: a non-trivial y`);
  }
});

test('an op without hooks: an InputError naming the op and the hook', () => {
  assert.throws(() => opHooks('no_such_op', 'generatedInputs'), (e: unknown) => e instanceof InputError && /op 'no_such_op' has no generatedInputs hook/.test(e.message));
});
