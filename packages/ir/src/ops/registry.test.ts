import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OPS, getOp } from './registry.ts';
import { checkOpDef } from '../dsl/resolve.ts';
import { InputError } from '../errors.ts';

test('the registry holds the four operators under their own names', () => {
  assert.deepEqual(Object.keys(OPS), ['gemv', 'attention', 'gated_delta_rule', 'moe']);
  for (const [name, op] of Object.entries(OPS)) {
    assert.equal(op.name, name);
    assert.equal(getOp(name), op);
  }
});

test('an unknown op is an InputError listing the known ones', () => {
  assert.throws(() => getOp('gemm'), (e) => e instanceof InputError
    && e.message === "unknown op 'gemm' (known: gemv, attention, gated_delta_rule, moe)");
  assert.throws(() => getOp('toString'), InputError); // not fooled by Object.prototype
});

test('every op definition is self-consistent', () => {
  for (const op of Object.values(OPS)) checkOpDef(op);
});

test('checkOpDef catches an expression over an unknown param', () => {
  const gemv = getOp('gemv');
  const broken = { ...gemv, tensors: [...gemv.tensors, { name: 'z', role: 'out' as const, shape: ['N', 'Q'], dtype: 'f32' as const, doc: '' }] };
  assert.throws(() => checkOpDef(broken), /op 'gemv': shape of 'z' reads unknown param 'Q'/);
});
