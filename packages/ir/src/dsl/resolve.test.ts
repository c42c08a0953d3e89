import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkInputs, randomInputs, resolveParams, tensorSignature } from './resolve.ts';
import { InputError } from '../errors.ts';
import { GEMV } from '../ops/gemv.ts';
import { ATTENTION } from '../ops/attention.ts';
import { MOE } from '../ops/moe.ts';
import { OPS } from '../ops/registry.ts';
import { tensorBytes } from '../tensor/tensor.ts';

function inputError(message: string | RegExp): (e: unknown) => boolean {
  return (e) => {
    assert.ok(e instanceof InputError, `expected an InputError, got ${String(e)}`);
    if (typeof message === 'string') assert.equal(e.message, message);
    else assert.match(e.message, message);
    return true;
  };
}

test('defaults are filled, including expressions over other params', () => {
  assert.deepEqual(resolveParams(GEMV, { N: 4, K: 32 }), { M: 1, N: 4, K: 32, weight: 'f32', act: 'f32', bias: false });
  const a = resolveParams(ATTENTION, { Hq: 8, Sq: 1, Skv: 10, D: 64 });
  assert.equal(a.Hkv, 8);
  assert.equal(a.Dv, 64);
  assert.equal(a.scale, 0.125);
  const b = resolveParams(ATTENTION, { Hq: 8, Hkv: 2, Sq: 1, Skv: 10, D: 64, Dv: 32, scale: 1 });
  assert.deepEqual([b.Hkv, b.Dv, b.scale], [2, 32, 1]);
  // the result lists params in definition order whatever order they were given in
  assert.deepEqual(Object.keys(resolveParams(GEMV, { bias: true, K: 32, N: 1 })), ['M', 'N', 'K', 'weight', 'act', 'bias']);
});

test('type and range errors name the op, the param and the value', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ N: 4, K: -3 }, "gemv: param 'K' must be a positive integer, got -3"],
    [{ N: 4, K: 2.5 }, "gemv: param 'K' must be a positive integer, got 2.5"],
    [{ N: '4', K: 32 }, "gemv: param 'N' must be a positive integer, got \"4\""],
    [{ N: 4, K: 32, M: 65 }, "gemv: param 'M' must be an integer in [1, 64], got 65"],
    [{ N: 4, K: 32, M: 0 }, "gemv: param 'M' must be an integer in [1, 64], got 0"],
    [{ N: 4, K: 32, bias: 'yes' }, "gemv: param 'bias' must be true or false, got \"yes\""],
    [{ N: 4, K: 32, weight: 'q5_0' }, "gemv: param 'weight' must be one of 'f32', 'f16', 'bf16', 'q8_0', 'q4_0', 'q4_1', 'w4g32', 'w4g64', 'w4g128', got \"q5_0\""],
    [{ N: 4, K: 32, Q: 1 }, "gemv: unknown param 'Q' (known: M, N, K, weight, act, bias)"],
    [{ N: 4 }, "gemv: missing required param 'K' (input features (a multiple of the block for block formats))"],
    [{ N: 4, K: null }, "gemv: param 'K' must be a positive integer, got null"],
  ];
  for (const [raw, message] of cases) assert.throws(() => resolveParams(GEMV, raw), inputError(message));
  assert.throws(() => resolveParams(GEMV, [1, 2]), inputError('gemv: params must be a JSON object, got [1,2]'));
  assert.throws(() => resolveParams(GEMV, null), inputError('gemv: params must be a JSON object, got null'));
  assert.throws(() => resolveParams(ATTENTION, { Hq: 1, Sq: 1, Skv: 1, D: 4, window: -1 }),
    inputError("attention: param 'window' must be a non-negative integer, got -1"));
  assert.throws(() => resolveParams(ATTENTION, { Hq: 1, Sq: 1, Skv: 1, D: 4, scale: 'big' }),
    inputError("attention: param 'scale' must be a finite number, got \"big\""));
});

test('constraints fail with their message and the values involved', () => {
  assert.throws(() => resolveParams(ATTENTION, { Hq: 6, Hkv: 4, Sq: 1, Skv: 2, D: 4 }),
    inputError('attention: Hq must be a multiple of Hkv (Hq=6, Hkv=4)'));
  assert.throws(() => resolveParams(ATTENTION, { Hq: 4, Sq: 3, Skv: 2, D: 4 }), inputError(/attention: Sq must be <= Skv .*\(Sq=3, Skv=2\)/));
  assert.throws(() => resolveParams(MOE, { T: 1, H: 32, I: 32, E: 2, topk: 3 }), inputError('moe: topk must be <= E (topk=3, E=2)'));
  assert.throws(() => resolveParams(OPS.gated_delta_rule!, { T: 1, Hk: 2, Hv: 3, Dk: 4 }),
    inputError('gated_delta_rule: Hv must be a multiple of Hk (Hv=3, Hk=2)'));
});

test('the signature applies `when` and expands weights into their stored tensors', () => {
  const sig = (op: typeof GEMV, raw: Record<string, unknown>): string[] =>
    tensorSignature(op, resolveParams(op, raw)).map((t) => `${t.role} ${t.name} ${t.dtype} [${t.shape.join(',')}]`);
  assert.deepEqual(sig(GEMV, { M: 2, N: 3, K: 64, weight: 'q4_0' }), ['in x f32 [2,64]', 'in W u8 [3,36]', 'out y f32 [2,3]']);
  assert.deepEqual(sig(GEMV, { N: 3, K: 128, weight: 'w4g64', act: 'f16', bias: true }),
    ['in x f16 [1,128]', 'in W u8 [3,64]', 'in W_scale f16 [3,2]', 'in W_min f16 [3,2]', 'in bias f32 [3]', 'out y f32 [1,3]']);
  assert.deepEqual(sig(ATTENTION, { Hq: 4, Hkv: 2, Sq: 1, Skv: 9, D: 8, Dv: 4, kv: 'f16' }),
    ['in q f32 [1,4,1,8]', 'in k f16 [1,2,9,8]', 'in v f16 [1,2,9,4]', 'out o f32 [1,4,1,4]']);
  assert.deepEqual(sig(MOE, { T: 2, H: 32, I: 64, E: 4, topk: 2, weight: 'q8_0', routing: 'given' }), [
    'in x f32 [2,32]', 'in w_gate u8 [4,64,34]', 'in w_up u8 [4,64,34]', 'in w_down u8 [4,32,68]',
    'in ids i32 [2,2]', 'in weights f32 [2,2]', 'out y f32 [2,32]']);
  const w = tensorSignature(GEMV, resolveParams(GEMV, { N: 3, K: 64, weight: 'w4g32' })).find((t) => t.name === 'W_min')!;
  assert.deepEqual(w.weight, { name: 'W', format: 'w4g32', shape: [3, 64] });
});

test('K not a multiple of the block is an InputError naming op and weight', () => {
  const params = resolveParams(GEMV, { N: 3, K: 48, weight: 'q8_0' });
  assert.throws(() => tensorSignature(GEMV, params), inputError(/^gemv: weight 'W': .*K = 48 is not a multiple of the block size 32/));
});

test('checkInputs names the missing or mismatched tensor', () => {
  const params = resolveParams(GEMV, { M: 2, N: 3, K: 32, bias: true });
  const inputs = randomInputs(GEMV, params, 1);
  checkInputs(GEMV, params, inputs);
  checkInputs(GEMV, params, { ...inputs, extra: inputs.x! }); // extra files in the folder are fine
  const { bias: _bias, ...noBias } = inputs;
  assert.throws(() => checkInputs(GEMV, params, noBias), inputError(/^gemv: input: missing tensor 'bias'/));
  assert.throws(() => checkInputs(GEMV, params, { ...inputs, x: { ...inputs.x!, dtype: 'f16', data: new Uint16Array(64) } }),
    inputError("gemv: input: tensor 'x': dtype f16, expected f32"));
  assert.throws(() => checkInputs(GEMV, params, { ...inputs, W: { ...inputs.W!, shape: [32, 3] } }),
    inputError("gemv: input: tensor 'W': shape [32,3], expected [3,32]"));
});

test('random inputs are deterministic, valid for every op, and round f16 inputs', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['gemv', { M: 3, N: 7, K: 64, weight: 'q4_1', act: 'f16', bias: true }],
    ['attention', { B: 2, Hq: 4, Hkv: 2, Sq: 3, Skv: 5, D: 8, kv: 'f16', causal: true, window: 2 }],
    ['gated_delta_rule', { B: 2, T: 5, Hk: 1, Hv: 2, Dk: 4, Dv: 3, l2norm: true }],
    ['moe', { T: 3, H: 64, I: 32, E: 4, topk: 2, weight: 'w4g32' }],
    ['moe', { T: 3, H: 32, I: 32, E: 4, topk: 2, routing: 'given' }],
  ];
  for (const [name, raw] of cases) {
    const op = OPS[name]!;
    const params = resolveParams(op, raw);
    const a = randomInputs(op, params, 11);
    checkInputs(op, params, a);
    const b = randomInputs(op, params, 11);
    const c = randomInputs(op, params, 12);
    for (const t of Object.keys(a)) {
      assert.deepEqual(tensorBytes(a[t]!), tensorBytes(b[t]!), `${name} ${t}: same seed`);
      assert.notDeepEqual(tensorBytes(a[t]!), tensorBytes(c[t]!), `${name} ${t}: other seed`);
    }
    const outputs = op.reference(params, a);
    for (const t of tensorSignature(op, params).filter((s) => s.role === 'out')) {
      assert.deepEqual(outputs[t.name]!.shape, t.shape, `${name} ${t.name} shape`);
      assert.ok(outputs[t.name]!.data.every(Number.isFinite), `${name} ${t.name} finite`);
    }
  }
  const f16 = randomInputs(ATTENTION, resolveParams(ATTENTION, { Hq: 1, Sq: 1, Skv: 3, D: 4, kv: 'f16' }), 1);
  assert.equal(f16.k!.dtype, 'f16');
  assert.ok(f16.k!.data instanceof Uint16Array);
});
