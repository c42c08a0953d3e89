import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getOp } from './registry.ts';
import { resolveParams } from '../dsl/resolve.ts';

const flops = (op: string, raw: Record<string, unknown>): number => getOp(op).flops(resolveParams(getOp(op), raw));

test('each op counts the arithmetic it defines (a multiply-add is 2)', () => {
  assert.equal(flops('gemv', { M: 3, N: 5, K: 64 }), 2 * 3 * 5 * 64);
  const attention = { B: 2, Hq: 4, Hkv: 2, Sq: 4, Skv: 4, D: 32, Dv: 16 };
  assert.equal(flops('attention', attention), 2 * 2 * 4 * 16 * 48, 'every query row sees every key');
  assert.equal(flops('attention', { ...attention, causal: true }), 2 * 2 * 4 * (1 + 2 + 3 + 4) * 48, 'row i sees keys 0..i');
  assert.equal(flops('attention', { ...attention, causal: true, window: 2 }), 2 * 2 * 4 * (1 + 2 + 2 + 2) * 48, 'and at most 2 of them');
  assert.equal(flops('attention', { ...attention, Sq: 1, Skv: 9, causal: true }), 2 * 2 * 4 * 9 * 48, 'decode sees the whole cache');
  assert.equal(flops('gated_delta_rule', { B: 1, T: 3, Hk: 2, Hv: 4, Dk: 8, Dv: 16 }), 3 * 4 * 7 * 8 * 16);
  const moe = { T: 2, H: 64, I: 32, E: 8, topk: 2, weight: 'f32' };
  assert.equal(flops('moe', { ...moe, routing: 'given' }), 2 * 2 * 3 * 2 * 64 * 32);
  assert.equal(flops('moe', { ...moe, routing: 'router' }), 2 * 2 * 3 * 2 * 64 * 32 + 2 * 2 * 8 * 64);
});
