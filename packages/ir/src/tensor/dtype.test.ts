import { test } from 'node:test';
import assert from 'node:assert/strict';
import { f32ToF16Bits, f16BitsToF32, f32ToBf16Bits, bf16BitsToF32 } from './dtype.ts';

test('f16 conversion rounds to nearest even and round-trips every half', () => {
  for (let h = 0; h < 0x10000; h++) {
    const v = f16BitsToF32(h);
    if (Number.isNaN(v)) continue;
    assert.equal(f32ToF16Bits(v), h, `half 0x${h.toString(16)}`);
  }
  assert.equal(f32ToF16Bits(1 + 2 ** -11), 0x3c00); // tie -> even
  assert.equal(f32ToF16Bits(1 + 3 * 2 ** -11), 0x3c02); // tie -> even (up)
  assert.equal(f32ToF16Bits(65520), 0x7c00); // overflows to inf
});

test('bf16 conversion rounds to nearest even', () => {
  assert.equal(f32ToBf16Bits(1), 0x3f80);
  assert.equal(bf16BitsToF32(f32ToBf16Bits(1 + 2 ** -8)), 1); // tie -> even
  assert.equal(bf16BitsToF32(f32ToBf16Bits(1 + 3 * 2 ** -8)), 1 + 2 ** -6);
});
