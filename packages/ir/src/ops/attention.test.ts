import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ATTENTION } from './attention.ts';
import { randomInputs, resolveParams } from '../dsl/resolve.ts';
import { f16BitsToF32 } from '../tensor/dtype.ts';
import { toFloat64, type Tensor } from '../tensor/tensor.ts';
import { assertClose, f32Tensor } from './test-support.ts';

function run(raw: Record<string, unknown>, inputs: Record<string, Tensor>): Float64Array {
  return ATTENTION.reference(resolveParams(ATTENTION, raw), inputs).o!.data;
}

test('attention by hand: one head, two keys, decode and causal prefill', () => {
  // scale = 1/sqrt(2); q·k1 * scale = ln 3, q·k0 = 0  =>  softmax = [1/4, 3/4]
  // o = 1/4 * [4, 0] + 3/4 * [0, 8] = [1, 6]
  const q = [Math.SQRT2 * Math.log(3), 0];
  const k = f32Tensor([1, 1, 2, 2], [0, 0, 1, 0]);
  const v = f32Tensor([1, 1, 2, 2], [4, 0, 0, 8]);
  const decode = run({ Hq: 1, Sq: 1, Skv: 2, D: 2 }, { q: f32Tensor([1, 1, 1, 2], q), k, v });
  assertClose(decode, [1, 6], 1e-6, 'decode');
  // causal prefill: row 0 sits at position 0 and sees only key 0 -> o = v0; row 1 is the decode row
  const prefill = run({ Hq: 1, Sq: 2, Skv: 2, D: 2, causal: true }, { q: f32Tensor([1, 1, 2, 2], [...q, ...q]), k, v });
  assertClose(prefill, [4, 0, 1, 6], 1e-6, 'prefill');
});

test('attention over identical keys is the mean of the values (non-causal)', () => {
  const params = resolveParams(ATTENTION, { B: 2, Hq: 3, Sq: 4, Skv: 5, D: 8, Dv: 6 });
  const inputs = randomInputs(ATTENTION, params, 1);
  const key = toFloat64(inputs.k!).subarray(0, 8);
  const k = f32Tensor([2, 3, 5, 8], Array.from({ length: 2 * 3 * 5 }, () => [...key]).flat());
  const o = ATTENTION.reference(params, { ...inputs, k }).o!.data;
  const v = toFloat64(inputs.v!);
  const expected: number[] = [];
  for (let bh = 0; bh < 6; bh++)
    for (let i = 0; i < 4; i++)
      for (let d = 0; d < 6; d++) {
        let sum = 0;
        for (let j = 0; j < 5; j++) sum += v[(bh * 5 + j) * 6 + d]!;
        expected.push(sum / 5);
      }
  assertClose(o, expected, 1e-12, 'o');
});

test('decode (Sq = 1) equals the last row of the causal prefill', () => {
  const prefillParams = resolveParams(ATTENTION, { B: 2, Hq: 4, Hkv: 2, Sq: 7, Skv: 7, D: 5, causal: true });
  const inputs = randomInputs(ATTENTION, prefillParams, 2);
  const prefill = ATTENTION.reference(prefillParams, inputs).o!.data;
  const q = toFloat64(inputs.q!);
  const lastRows = (x: Float64Array): number[] =>
    Array.from({ length: 8 }, (_, bh) => [...x.subarray((bh * 7 + 6) * 5, (bh * 7 + 7) * 5)]).flat();
  const decode = run({ B: 2, Hq: 4, Hkv: 2, Sq: 1, Skv: 7, D: 5, causal: true },
    { q: f32Tensor([2, 4, 1, 5], lastRows(q)), k: inputs.k!, v: inputs.v! });
  assert.deepEqual([...decode], lastRows(prefill));
});

test('a window larger than the sequence changes nothing', () => {
  for (const causal of [false, true]) {
    const base = { B: 1, Hq: 2, Hkv: 1, Sq: 3, Skv: 6, D: 4, causal };
    const inputs = randomInputs(ATTENTION, resolveParams(ATTENTION, base), 3);
    const none = run(base, inputs);
    assert.deepEqual(run({ ...base, window: 9 }, inputs), none);
    assert.deepEqual(run({ ...base, window: 6 }, inputs), none); // Skv keys back from the last row: still all
    assert.notDeepEqual(run({ ...base, window: 2 }, inputs), none); // and a real window does change it
  }
});

test('causal window 1: each row sees only its own position', () => {
  const params = { Hq: 1, Sq: 3, Skv: 5, D: 4, Dv: 2, causal: true, window: 1 };
  const inputs = randomInputs(ATTENTION, resolveParams(ATTENTION, params), 4);
  const v = toFloat64(inputs.v!);
  assert.deepEqual([...run(params, inputs)], [...v.subarray(2 * 2, 5 * 2)]); // rows at positions 2, 3, 4
});

test('grouped-query attention equals repeating the kv heads by hand', () => {
  const gqa = { B: 2, Hq: 6, Hkv: 2, Sq: 2, Skv: 5, D: 3, Dv: 4, causal: true };
  const inputs = randomInputs(ATTENTION, resolveParams(ATTENTION, gqa), 5);
  const repeat = (t: Tensor, d: number): Tensor => {
    const x = toFloat64(t);
    const out: number[] = [];
    for (let b = 0; b < 2; b++)
      for (let h = 0; h < 6; h++) out.push(...x.subarray((b * 2 + Math.floor(h / 3)) * 5 * d, (b * 2 + Math.floor(h / 3) + 1) * 5 * d));
    return f32Tensor([2, 6, 5, d], out);
  };
  const mha = run({ ...gqa, Hkv: 6 }, { q: inputs.q!, k: repeat(inputs.k!, 3), v: repeat(inputs.v!, 4) });
  assert.deepEqual(run(gqa, inputs), mha);
});

test('f16 kv computes from the decoded halves', () => {
  const params = { Hq: 2, Sq: 2, Skv: 3, D: 4, kv: 'f16' };
  const inputs = randomInputs(ATTENTION, resolveParams(ATTENTION, params), 6);
  assert.equal(inputs.k!.dtype, 'f16');
  const decoded = (t: Tensor): Tensor => f32Tensor(t.shape, Array.from(t.data, f16BitsToF32));
  assert.deepEqual(run(params, inputs), run({ ...params, kv: 'f32' }, { q: inputs.q!, k: decoded(inputs.k!), v: decoded(inputs.v!) }));
});
