import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GEMV } from './gemv.ts';
import { resolveParams, randomInputs } from '../dsl/resolve.ts';
import { dequantizeWeight } from '../formats/codec.ts';
import { WEIGHT_FORMAT_NAMES } from '../formats/format.ts';
import { f32ToF16Bits, f16BitsToF32 } from '../tensor/dtype.ts';
import { toFloat64 } from '../tensor/tensor.ts';
import { assertNmse, f32Tensor } from './test-support.ts';

test('gemv by hand: 2x3 weight, two rows of x, with bias', () => {
  const params = resolveParams(GEMV, { M: 2, N: 2, K: 3, bias: true });
  const y = GEMV.reference(params, {
    x: f32Tensor([2, 3], [1, 2, 3, -1, 0, 2]),
    W: f32Tensor([2, 3], [1, 0, -1, 2, 1, 0.5]),
    bias: f32Tensor([2], [0.5, -1]),
  }).y!;
  // y[0,0] = 1*1 + 2*0 + 3*(-1) + 0.5 = -1.5     y[0,1] = 1*2 + 2*1 + 3*0.5 - 1 = 4.5
  // y[1,0] = -1*1 + 0 + 2*(-1) + 0.5 = -2.5      y[1,1] = -1*2 + 0 + 2*0.5 - 1 = -2
  assert.deepEqual(y.shape, [2, 2]);
  assert.deepEqual([...y.data], [-1.5, 4.5, -2.5, -2]);
});

test('gemv without bias ignores a bias tensor and adds nothing', () => {
  const params = resolveParams(GEMV, { M: 1, N: 1, K: 2 });
  const y = GEMV.reference(params, { x: f32Tensor([1, 2], [3, 4]), W: f32Tensor([1, 2], [0.5, 0.25]), bias: f32Tensor([1], [100]) }).y!;
  assert.deepEqual([...y.data], [2.5]); // 3*0.5 + 4*0.25
});

test('quantized gemv equals dense gemv on the dequantized matrix, for every format', () => {
  for (const weight of WEIGHT_FORMAT_NAMES) {
    const quantParams = resolveParams(GEMV, { M: 3, N: 5, K: 256, weight, bias: true });
    const inputs = randomInputs(GEMV, quantParams, 7);
    const dequantized = dequantizeWeight(weight, 'W', inputs, [5, 256]);
    const dense = GEMV.reference(resolveParams(GEMV, { M: 3, N: 5, K: 256, bias: true }),
      { x: inputs.x!, bias: inputs.bias!, W: f32Tensor([5, 256], dequantized) }).y!;
    const quant = GEMV.reference(quantParams, inputs).y!;
    if (dequantized.every((v) => Math.fround(v) === v)) assert.deepEqual(quant.data, dense.data, weight);
    else assertNmse(quant.data, dense.data, 1e-13, weight); // the dense copy rounded some values to f32
    // and the weight really was quantized: the values differ from the f32 draw unless the format is f32
    const drawn = toFloat64(randomInputs(GEMV, resolveParams(GEMV, { M: 3, N: 5, K: 256, bias: true }), 7).W!);
    assert.equal(dequantized.every((v, i) => v === drawn[i]), weight === 'f32', weight);
  }
});

test('gemv with f16 activations computes from the decoded halves', () => {
  const xs = [0.1, -2.7, 1 / 3, 65504, 6e-8, 1];
  const halves = Uint16Array.from(xs, f32ToF16Bits);
  const W = f32Tensor([2, 3], [1, 2, 3, 4, 5, 6]);
  const yHalf = GEMV.reference(resolveParams(GEMV, { M: 2, N: 2, K: 3, act: 'f16' }),
    { x: { dtype: 'f16', shape: [2, 3], data: halves }, W }).y!;
  const yDecoded = GEMV.reference(resolveParams(GEMV, { M: 2, N: 2, K: 3 }),
    { x: f32Tensor([2, 3], Array.from(halves, f16BitsToF32)), W }).y!;
  assert.deepEqual(yHalf.data, yDecoded.data);
});
