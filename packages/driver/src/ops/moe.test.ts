import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DTYPES, getOp, randomInputs, resolveParams, routeByRouter, storedWeightTensors, tensorFromBytes, toFloat64, type Tensor, type WeightFormatName } from '@kforge/ir';
import { generatedBytes } from '@kforge/exec';
import { conformanceInputs, conformanceMatrix } from '../conformance.ts';
import { inputSeeds, opHooks } from './index.ts';

const hooks = opHooks('moe', 'sampledReference');
const moe = getOp('moe');

test('moe: the reference on sampled tokens is the full reference on the whole generated inputs, picked as the kernel output is', () => {
  for (const weight of ['f16', 'q4_0', 'w4g64'] as const) {
    const params = resolveParams(moe, { T: 7, H: 128, I: 64, E: 6, topk: 2, weight, routing: 'router', normTopk: weight !== 'f16' });
    const generated = hooks.generatedInputs(params, inputSeeds(hooks, (i) => 11 + 10 * i));
    const inputs: Record<string, Tensor> = {};
    const whole = (name: string, dtype: 'f32', shape: number[]) => tensorFromBytes(generatedBytes(generated[name]!, 0, shape.reduce((a, b) => a * b) * 4), dtype, shape, name);
    inputs.x = whole('x', 'f32', [7, 128]);
    inputs.router = whole('router', 'f32', [6, 128]);
    for (const [name, shape] of [['w_gate', [6, 64, 128]], ['w_up', [6, 64, 128]], ['w_down', [6, 128, 64]]] as const) {
      for (const s of storedWeightTensors(weight as WeightFormatName, name, shape)) {
        const bytes = s.shape.reduce((a, b) => a * b) * DTYPES[s.dtype].bytes;
        inputs[s.name] = tensorFromBytes(generatedBytes(generated[s.name]!, 0, bytes), s.dtype, s.shape, s.name);
      }
    }
    const full = moe.reference(params, inputs).y!.data;
    const sample = hooks.sample(params, 4);
    assert.equal(sample.output, 'y');
    assert.deepEqual(sample.indices, [0, 2, 4, 6]);
    const sampled = hooks.sampledReference(params, generated, sample);
    const picked = hooks.pick(params, sample, full);
    sampled.forEach((v, i) => assert.ok(Math.abs(v - picked[i]!) <= 1e-9 * (1 + Math.abs(v)), `${weight}: element ${i}: ${v} vs ${picked[i]}`));
    assert.ok(full.some((v) => Math.abs(v) > 1e-2), `${weight}: a non-trivial y`);
    // the generated router spreads tokens over several experts
    const routes = routeByRouter(toFloat64(inputs.router), toFloat64(inputs.x), { T: 7, H: 128, E: 6, topk: 2, normTopk: false });
    assert.ok(new Set(routes.ids).size >= 3, `${weight}: tokens spread over experts`);
  }
});

test('moe regimes: every token on one pair of experts, and a router whose tied logits pick the lower expert', () => {
  const cases = conformanceMatrix({ ops: ['moe'], targets: ['c'], configs: 1 });
  const one = cases.find((c) => c.regime === 'one-expert')!;
  const ids = conformanceInputs(one).ids!.data as Int32Array;
  const [E, topk] = [Number(one.params.E), Number(one.params.topk)];
  assert.ok(ids.every((e, i) => e === (i % topk === 0 ? E - 1 : (i % topk) - 1)));
  const ties = cases.find((c) => c.regime === 'router-ties')!;
  const inputs = conformanceInputs(ties);
  const plain = randomInputs(moe, ties.params, ties.seed);
  assert.notDeepEqual(inputs.router!.data, plain.router!.data);
  const [T, H] = [Number(ties.params.T), Number(ties.params.H)];
  const routes = routeByRouter(toFloat64(inputs.router!), toFloat64(inputs.x!), { T, H, E: Number(ties.params.E), topk: Number(ties.params.topk), normTopk: false });
  // topk 3 over equal pairs: the third pick is the lower of a tied pair, its twin left out
  for (let t = 0; t < T; t++) {
    const picked = Array.from(routes.ids.subarray(t * 3, t * 3 + 3));
    assert.equal(picked[0]! >> 1, picked[1]! >> 1, 'the first two picks are one tied pair');
    assert.equal(picked[0]! < picked[1]!, true, 'the lower of a tie first');
    assert.equal(picked[2]! % 2, 0, 'the third pick is the lower expert of its pair');
  }
});

test('moe: ids outside [0, E) and topk > E are input errors', () => {
  const params = resolveParams(moe, { T: 2, H: 32, I: 32, E: 4, topk: 2, routing: 'given' });
  const inputs = randomInputs(moe, params, 1);
  (inputs.ids!.data as Int32Array)[3] = 4;
  assert.throws(() => moe.reference(params, inputs), /expert id in \[0, 4\)/);
  assert.throws(() => resolveParams(moe, { T: 2, H: 32, I: 32, E: 4, topk: 5 }), /topk must be <= E/);
});
