import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MOE, routeByRouter } from './moe.ts';
import { randomInputs, resolveParams } from '../dsl/resolve.ts';
import { InputError } from '../errors.ts';
import { toFloat64, type Tensor } from '../tensor/tensor.ts';
import { assertClose, assertNmse, f32Tensor, i32Tensor } from './test-support.ts';

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

test('moe by hand: two experts, topk 1, with and without normTopk', () => {
  const inputs = {
    x: f32Tensor([1, 1], [2]),
    router: f32Tensor([2, 1], [1, -1]),
    w_gate: f32Tensor([2, 1, 1], [1, 5]),
    w_up: f32Tensor([2, 1, 1], [3, 5]),
    w_down: f32Tensor([2, 1, 1], [0.5, 5]),
  };
  // logits = [2, -2], p = softmax = [σ(4), σ(-4)]: expert 0 wins with weight σ(4) ≈ 0.98201
  // gate = 1*2 = 2, up = 3*2 = 6, silu(2) = 2σ(2) ≈ 1.76159, hidden = 6 * 2σ(2) ≈ 10.5696
  // y = weight * 0.5 * hidden = σ(4) * 6σ(2) ≈ 5.18975 (normTopk: weight 1, y = 6σ(2) ≈ 5.28478)
  const raw = { T: 1, H: 1, I: 1, E: 2, topk: 1 };
  assertClose(MOE.reference(resolveParams(MOE, raw), inputs).y!.data, [sigmoid(4) * 6 * sigmoid(2)], 1e-12, 'y');
  assertClose(MOE.reference(resolveParams(MOE, { ...raw, normTopk: true }), inputs).y!.data, [6 * sigmoid(2)], 1e-12, 'y normTopk');
});

test('moe with topk = E, identical experts and normTopk equals one dense SwiGLU', () => {
  const [T, H, I, E] = [3, 4, 5, 4];
  const params = resolveParams(MOE, { T, H, I, E, topk: E, normTopk: true });
  const inputs = randomInputs(MOE, params, 1);
  const copyExpert0 = (t: Tensor): Tensor => {
    const one = toFloat64(t).subarray(0, t.shape[1]! * t.shape[2]!);
    return f32Tensor(t.shape, Array.from({ length: E }, () => [...one]).flat());
  };
  const same = { ...inputs, w_gate: copyExpert0(inputs.w_gate!), w_up: copyExpert0(inputs.w_up!), w_down: copyExpert0(inputs.w_down!) };
  const x = toFloat64(inputs.x!);
  const [gate, up, down] = [same.w_gate, same.w_up, same.w_down].map(toFloat64) as [Float64Array, Float64Array, Float64Array];
  const dense: number[] = [];
  for (let t = 0; t < T; t++) {
    const hidden = Array.from({ length: I }, (_, i) => {
      let g = 0;
      let u = 0;
      for (let h = 0; h < H; h++) { g += gate[i * H + h]! * x[t * H + h]!; u += up[i * H + h]! * x[t * H + h]!; }
      return g * sigmoid(g) * u;
    });
    for (let h = 0; h < H; h++) dense.push(hidden.reduce((acc, v, i) => acc + down[h * I + i]! * v, 0));
  }
  assertClose(MOE.reference(params, same).y!.data, dense, 1e-12, 'y');
});

test('given routing equals router routing when given the router\'s choice', () => {
  const raw = { T: 6, H: 32, I: 32, E: 5, topk: 2, weight: 'q8_0' };
  for (const normTopk of [false, true]) {
    const routerParams = resolveParams(MOE, { ...raw, normTopk });
    const inputs = randomInputs(MOE, routerParams, 2);
    const routes = routeByRouter(toFloat64(inputs.router!), toFloat64(inputs.x!), { T: 6, H: 32, E: 5, topk: 2, normTopk });
    const viaRouter = MOE.reference(routerParams, inputs).y!.data;
    const given = MOE.reference(resolveParams(MOE, { ...raw, routing: 'given', normTopk }), {
      ...inputs, ids: i32Tensor([6, 2], routes.ids), weights: f32Tensor([6, 2], routes.weights),
    }).y!.data;
    assertNmse(given, viaRouter, 1e-13, `normTopk ${normTopk}`); // only the f32 rounding of the weights differs
  }
});

test('router top-k: largest first, ties to the lower index, normTopk renormalizes', () => {
  // all-zero router: every p is 1/4, so the top 2 are experts 0 and 1
  const tie = routeByRouter(new Float64Array(8), Float64Array.from([1, 2]), { T: 1, H: 2, E: 4, topk: 2, normTopk: false });
  assert.deepEqual([...tie.ids], [0, 1]);
  assert.deepEqual([...tie.weights], [0.25, 0.25]);
  // logits [0, ln 3, ln 2, ln 3] (x = [1]): p = [1, 3, 2, 3] / 9; top 3 = experts 1, 3 (tie), 2
  const logits = Float64Array.from([0, Math.log(3), Math.log(2), Math.log(3)]);
  const r = routeByRouter(logits, Float64Array.from([1]), { T: 1, H: 1, E: 4, topk: 3, normTopk: true });
  assert.deepEqual([...r.ids], [1, 3, 2]);
  assertClose(r.weights, [3 / 8, 3 / 8, 2 / 8], 1e-15, 'normalized weights');
});

test('given ids out of range are an InputError naming the tensor', () => {
  const params = resolveParams(MOE, { T: 2, H: 2, I: 2, E: 3, topk: 1, routing: 'given' });
  const inputs = randomInputs(MOE, params, 3);
  assert.throws(() => MOE.reference(params, { ...inputs, ids: i32Tensor([2, 1], [0, 3]) }),
    (e) => e instanceof InputError && /moe: tensor 'ids': element 1 is 3, expected an expert id in \[0, 3\)/.test(e.message));
});

test('random given routing draws distinct valid ids per token', () => {
  const params = resolveParams(MOE, { T: 40, H: 2, I: 2, E: 8, topk: 8, routing: 'given' });
  const { ids } = randomInputs(MOE, params, 4);
  for (let t = 0; t < 40; t++) assert.deepEqual([...ids!.data.subarray(t * 8, t * 8 + 8)].sort(), [0, 1, 2, 3, 4, 5, 6, 7]);
});
