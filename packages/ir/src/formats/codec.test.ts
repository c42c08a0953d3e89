import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dequantizeWeight, quantizeWeight, storedWeightBytes, storedWeightTensors, weightRowBytes } from './codec.ts';
import { evalSize } from '../dsl/size.ts';
import { FORMATS, WEIGHT_FORMAT_NAMES, type WeightFormatName } from './format.ts';
import { f16BitsToF32, roundTo } from '../tensor/dtype.ts';
import { InputError } from '../errors.ts';

/** One block of 32 f32 values: `fill` everywhere except the listed positions. */
function block(set: Record<number, number>, fill = 0): Float32Array {
  const x = new Float32Array(32).fill(fill);
  for (const [j, v] of Object.entries(set)) x[Number(j)] = v;
  return x;
}

function quantizedBytes(format: WeightFormatName, x: Float32Array): number[] {
  return Array.from(quantizeWeight(format, 'W', x, [1, x.length]).W!.data);
}

/** `n` copies of byte `b`. */
const rep = (b: number, n: number): number[] => new Array<number>(n).fill(b);

test('q8_0 golden blocks (ggml quantize_row_q8_0_ref: d = amax/127, q = roundf(x/d))', () => {
  // Zero block: amax = 0, d = +0 -> f16 0x0000, id = 0, every q = roundf(0) = 0.
  assert.deepEqual(quantizedBytes('q8_0', block({})), [0x00, 0x00, ...rep(0, 32)]);
  // All equal -2.5: d = 2.5/127 = 0.019685 = 2^-6 * 1.25984 -> f16 mantissa round(0.25984*1024) = 266 = 0x10a,
  // exponent -6+15 = 9: 0x2400 | 0x10a = 0x250a. q = roundf(-2.5 * (127/2.5)) = -127 = 0x81.
  assert.deepEqual(quantizedBytes('q8_0', block({}, -2.5)), [0x0a, 0x25, ...rep(0x81, 32)]);
  // Ties: amax = 127 -> d = 1 (f16 0x3c00), id = 1; roundf sends halves away from zero:
  // 2.5 -> 3, -2.5 -> -3 (0xfd), 0.5 -> 1, -0.5 -> -1 (0xff), 1.5 -> 2.
  assert.deepEqual(quantizedBytes('q8_0', block({ 0: 127, 1: 2.5, 2: -2.5, 3: 0.5, 4: -0.5, 5: 1.5 })),
    [0x00, 0x3c, 0x7f, 0x03, 0xfd, 0x01, 0xff, 0x02, ...rep(0, 26)]);
  // Largest magnitude negative: amax = |-254| -> d = 2 (f16 0x4000), id = 0.5:
  // -254 -> -127 (0x81), 100 -> 50 (0x32), -1 -> roundf(-0.5) = -1 (0xff).
  assert.deepEqual(quantizedBytes('q8_0', block({ 0: -254, 1: 100, 2: -1 })),
    [0x00, 0x40, 0x81, 0x32, 0xff, ...rep(0, 29)]);
  // +3 and -3: amax = 3, d = 3/127 = 0.023622 = 2^-6 * 1.51181 -> mantissa round(0.51181*1024) = 524 = 0x20c,
  // f16 0x2400 | 0x20c = 0x260c; q = +-roundf(3 * 42.333332) = +-127 (0x7f, 0x81): symmetric, no winner.
  assert.deepEqual(quantizedBytes('q8_0', block({ 0: 3, 1: -3 })), [0x0c, 0x26, 0x7f, 0x81, ...rep(0, 30)]);
  // f32 arithmetic decides an exact tie: amax = 9, d = f32(9/127) = 0.070866145 (f16: 2^-4 * 1.133858 ->
  // mantissa 137 = 0x89, 0x2c00 | 0x89 = 0x2c89), id = f32(1/d) = 14.111111 (not 127/9). x = 4.5 is 63.5 steps:
  // x*id = 63.4999981 exactly, half an f32 ulp below 63.5, so it rounds (to even) to 63.5 and roundf gives 64
  // (0x40); without the f32 rounding of id or of the product it would be 63. 9*id rounds to 127.
  assert.deepEqual(quantizedBytes('q8_0', block({ 0: 9, 1: 4.5 })), [0x89, 0x2c, 0x7f, 0x40, ...rep(0, 30)]);
  // The same half step goes the other way for amax = 11: d = f32(11/127) = 0.086614177 (f16 2^-4 * 1.385827:
  // mantissa 395 = 0x18b, 0x2d8b), id = f32(1/d) = 11.5454540; x = 5.5: x*id = 63.4999971 -> f32 63.4999962
  // -> roundf 63 (0x3f). An id from the unrounded d (11.5454550) would give 63.5000038 -> 64.
  assert.deepEqual(quantizedBytes('q8_0', block({ 0: 11, 1: 5.5 })), [0x8b, 0x2d, 0x7f, 0x3f, ...rep(0, 30)]);
});

test('q4_0 golden blocks (ggml quantize_row_q4_0_ref: d = max/-8, q = min(15, (int8)(x/d + 8.5)))', () => {
  // Zero block: max stays 0.0f, d = 0/-8 = -0.0f, whose f16 is 0x8000; id = 0, q = (int8)8.5 = 8.
  // Byte j holds element j (low nibble) and element j+16 (high nibble): 0x88.
  assert.deepEqual(quantizedBytes('q4_0', block({})), [0x00, 0x80, ...rep(0x88, 16)]);
  // All equal 1: max = 1, d = -0.125 (f16 sign | (12 << 10) = 0xb000), id = -8, q = (int8)(-8 + 8.5) = 0.
  assert.deepEqual(quantizedBytes('q4_0', block({}, 1)), [0x00, 0xb0, ...rep(0x00, 16)]);
  // Ties: max = -8 -> d = 1 (0x3c00), id = 1, q = trunc(x + 8.5), so x = k + 0.5 rounds up:
  // x0=-8 -> 0, x1=0.5 -> 9, x2=-0.5 -> 8, x3=1.5 -> 10, x4=-1.5 -> 7, x5=6.5 -> 15, x6=7.5 -> min(15, 16) = 15,
  // zeros -> 8, x16=2.5 -> 11. Bytes: [0 | 11<<4, 9|0x80, 8|0x80, 10|0x80, 7|0x80, 15|0x80, 15|0x80, 0x88...].
  assert.deepEqual(quantizedBytes('q4_0', block({ 0: -8, 1: 0.5, 2: -0.5, 3: 1.5, 4: -1.5, 5: 6.5, 6: 7.5, 16: 2.5 })),
    [0x00, 0x3c, 0xb0, 0x89, 0x88, 0x8a, 0x87, 0x8f, 0x8f, ...rep(0x88, 9)]);
  // Largest magnitude negative: max = -4, d = 0.5 (0x3800), id = 2: -4 -> 0, 2 -> trunc(12.5) = 12, 0 -> 8.
  assert.deepEqual(quantizedBytes('q4_0', block({ 0: -4, 1: 2 })), [0x00, 0x38, 0x80, 0x8c, ...rep(0x88, 14)]);
  // Largest magnitude positive, same codes with the sign of d flipped: max = 4, d = -0.5 (0xb800), id = -2.
  assert.deepEqual(quantizedBytes('q4_0', block({ 0: 4, 1: -2 })), [0x00, 0xb8, 0x80, 0x8c, ...rep(0x88, 14)]);
  // +3 then -3: `amax < fabsf(v)` is strict, so the first (+3) wins: d = -0.375 (0xb600: sign, exp 13, mantissa
  // 0x200), id = f32(-8/3) = -2.6666667; 3*id rounds to -8.0f -> q 0; -3 -> trunc(16.5) = 16 -> min 15.
  assert.deepEqual(quantizedBytes('q4_0', block({ 0: 3, 1: -3 })), [0x00, 0xb6, 0x80, 0x8f, ...rep(0x88, 14)]);
  // f32 arithmetic decides an exact tie: max = 3 as above, id = -2.66666675; x = 2.4375 is halfway between the
  // values of codes 2 and 1 (2.25, 2.625). x*id = -6.50000019 rounds in f32 to -6.5, + 8.5 = 2.0 -> 2 (a fused
  // multiply-add, or double arithmetic, gives 1.9999998 -> 1). Bytes [0 | 8<<4, 2 | 8<<4, 0x88...].
  assert.deepEqual(quantizedBytes('q4_0', block({ 0: 3, 1: 2.4375 })), [0x00, 0xb6, 0x80, 0x82, ...rep(0x88, 14)]);
  // -3 then +3: now -3 wins, d = +0.375 (0x3600), and the codes are the same.
  assert.deepEqual(quantizedBytes('q4_0', block({ 0: -3, 1: 3 })), [0x00, 0x36, 0x80, 0x8f, ...rep(0x88, 14)]);
});

test('q4_1 golden blocks (ggml quantize_row_q4_1_ref: d = (max-min)/15, q = min(15, (int8)((x-min)/d + 0.5)))', () => {
  // Zero block: min = max = 0, d = 0 (id = 0), m = 0; q = (int8)0.5 = 0.
  assert.deepEqual(quantizedBytes('q4_1', block({})), [0x00, 0x00, 0x00, 0x00, ...rep(0x00, 16)]);
  // All equal 1.5: d = 0, m = 1.5 (f16 0x3e00), q = 0.
  assert.deepEqual(quantizedBytes('q4_1', block({}, 1.5)), [0x00, 0x00, 0x00, 0x3e, ...rep(0x00, 16)]);
  // Ties: min = -8, max = 7 -> d = 1 (0x3c00), m = -8 (0xc800); q = trunc(x + 8 + 0.5):
  // -8 -> 0, 7 -> 15, 0.5 -> 9, -0.5 -> 8, 2.5 -> 11, 0 -> 8, x16=-3.5 -> 5.
  // Bytes: [0 | 5<<4, 15 | 8<<4, 9|0x80, 8|0x80, 11|0x80, 0x88...].
  assert.deepEqual(quantizedBytes('q4_1', block({ 0: -8, 1: 7, 2: 0.5, 3: -0.5, 4: 2.5, 16: -3.5 })),
    [0x00, 0x3c, 0x00, 0xc8, 0x50, 0x8f, 0x89, 0x88, 0x8b, ...rep(0x88, 11)]);
  // All negative, largest magnitude negative: x0 = -30 (min), x2 = -22.5, the rest -15 (max) -> d = 1, m = -30
  // (30 = 1.875 * 2^4: 0x8000 | (19 << 10) | 0x380 = 0xcf80); q: -30 -> 0, -22.5 -> trunc(8.0) = 8, -15 -> 15.
  assert.deepEqual(quantizedBytes('q4_1', block({ 0: -30, 2: -22.5 }, -15)),
    [0x00, 0x3c, 0x80, 0xcf, 0xf0, 0xff, 0xf8, ...rep(0xff, 13)]);
  // +7.5 and -7.5: min and max are independent, no winner: d = 1, m = -7.5 (0xc780): 7.5 -> 15, -7.5 -> 0, 0 -> 8.
  assert.deepEqual(quantizedBytes('q4_1', block({ 0: 7.5, 1: -7.5 })), [0x00, 0x3c, 0x80, 0xc7, 0x8f, 0x80, ...rep(0x88, 14)]);
  // +1 and -1, where f32 arithmetic shows: d = f32(2/15) = 0.13333334 (f16 2^-3 * (1 + 68/1024): 0x3044),
  // id = f32(1/d) = 7.4999995, so 0 -> (0+1)*id + 0.5 = 7.9999995 -> 7 (not 8); 1 -> 14.999999 + 0.5 -> 15.
  assert.deepEqual(quantizedBytes('q4_1', block({ 0: 1, 1: -1 })), [0x44, 0x30, 0x00, 0xbc, 0x7f, 0x70, ...rep(0x77, 14)]);
  // f32 arithmetic decides an exact tie: min = 0, max = 9, d = f32(9/15) = 0.60000002 (f16 1.2 * 2^-1: mantissa
  // round(0.2*1024) = 205, 0x3800 | 0xcd = 0x38cd), id = f32(1/d) = 1.6666666. x = 4.5 is 7.5 steps:
  // 4.5*id = 7.49999982 rounds in f32 to 7.5, + 0.5 = 8.0 -> 8 (unrounded arithmetic gives 7.9999998 -> 7).
  // 9*id rounds to 15.0 -> trunc(15.5) = 15; zeros -> 0. Bytes [15 | 0<<4, 8 | 0<<4, 0...].
  assert.deepEqual(quantizedBytes('q4_1', block({ 0: 9, 1: 4.5 })), [0xcd, 0x38, 0x00, 0x00, 0x0f, 0x08, ...rep(0, 14)]);
});

test('w4g32 golden groups (planar; scale and min rounded to f16 before the codes)', () => {
  const planar = (x: Float32Array, K = 32): { codes: number[]; scale: number[]; min: number[] } => {
    const t = quantizeWeight('w4g32', 'W', x, [1, K]);
    return { codes: Array.from(t.W!.data), scale: Array.from(t.W_scale!.data), min: Array.from(t.W_min!.data) };
  };
  // Zero group: scale 0, min 0, codes 0.
  assert.deepEqual(planar(block({})), { codes: rep(0, 16), scale: [0], min: [0] });
  // All equal 1.5: scale 0, min 1.5 (0x3e00), codes 0.
  assert.deepEqual(planar(block({}, 1.5)), { codes: rep(0, 16), scale: [0], min: [0x3e00] });
  // Ties: min = -8, max = 7 -> scale 1, q = round half up (x + 8): 0.5 -> 9, -0.5 -> 8, 2.5 -> 11.
  // Byte i holds element 2i (low nibble) and 2i+1 (high): [0 | 15<<4, 9 | 8<<4, 11 | 8<<4, 0x88...].
  assert.deepEqual(planar(block({ 0: -8, 1: 7, 2: 0.5, 3: -0.5, 4: 2.5 })),
    { codes: [0xf0, 0x89, 0x8b, ...rep(0x88, 13)], scale: [0x3c00], min: [0xc800] });
  // All negative: min -30, max -15, scale 1, -22.5 -> 7.5 rounds up to 8: [0 | 15<<4, 8 | 15<<4, 0xff...].
  assert.deepEqual(planar(block({ 0: -30, 2: -22.5 }, -15)),
    { codes: [0xf0, 0xf8, ...rep(0xff, 14)], scale: [0x3c00], min: [0xcf80] });
  // +1 and -1: scale f32(2/15) -> f16 0x3044 = 0.13330078; codes from the f16 values, unlike q4_1 above:
  // 0 -> 1/0.13330078 = 7.5018 -> 8, 1 -> 15.0037 -> 15, -1 -> 0. Bytes [15 | 0<<4, 8 | 8<<4 ...].
  assert.deepEqual(planar(block({ 0: 1, 1: -1 })), { codes: [0x0f, ...rep(0x88, 15)], scale: [0x3044], min: [0xbc00] });
  // Two groups in one row: each has its own scale and min.
  const two = new Float32Array(64);
  two.set(block({ 0: 15 }), 0);
  two.set(block({}, 2), 32);
  assert.deepEqual(planar(two, 64), { codes: [0x0f, ...rep(0, 31)], scale: [0x3c00, 0], min: [0, 0x4000] });
});

test('storedWeightTensors gives the stored tensors of every format', () => {
  assert.deepEqual(storedWeightTensors('f32', 'W', [3, 64]), [{ name: 'W', dtype: 'f32', shape: [3, 64] }]);
  assert.deepEqual(storedWeightTensors('bf16', 'W', [3, 64]), [{ name: 'W', dtype: 'bf16', shape: [3, 64] }]);
  assert.deepEqual(storedWeightTensors('q8_0', 'W', [3, 64]), [{ name: 'W', dtype: 'u8', shape: [3, 68] }]);
  assert.deepEqual(storedWeightTensors('q4_0', 'w_up', [4, 5, 96]), [{ name: 'w_up', dtype: 'u8', shape: [4, 5, 54] }]);
  assert.deepEqual(storedWeightTensors('q4_1', 'W', [2, 32]), [{ name: 'W', dtype: 'u8', shape: [2, 20] }]);
  assert.deepEqual(storedWeightTensors('w4g64', 'W', [7, 256]), [
    { name: 'W', dtype: 'u8', shape: [7, 128] },
    { name: 'W_scale', dtype: 'f16', shape: [7, 4] },
    { name: 'W_min', dtype: 'f16', shape: [7, 4] },
  ]);
});

test('storedWeightBytes and weightRowBytes agree with the stored tensors, symbolic or not', () => {
  assert.equal(weightRowBytes('f16', 10), 20);
  assert.equal(weightRowBytes('q4_0', 64), 36);
  assert.equal(weightRowBytes('w4g64', 256), 128 + 2 * 4 * 2, 'codes and both planes');
  for (const format of WEIGHT_FORMAT_NAMES) {
    const stored = storedWeightTensors(format, 'w_up', [5, 256]);
    const bytes = storedWeightBytes(format, 'w_up', 'N', 'K');
    assert.deepEqual(bytes.map((b) => b.name), stored.map((t) => t.name), format);
    bytes.forEach((b, i) => {
      const t = stored[i]!;
      assert.equal(evalSize(b.bytes, { N: 5, K: 256 }), t.shape.reduce((a, d) => a * d, 1) * (t.dtype === 'u8' ? 1 : t.dtype === 'f32' ? 4 : 2), `${format} ${b.name}`);
    });
  }
});

test('K not a multiple of the block is an InputError naming the weight, format and K', () => {
  for (const format of WEIGHT_FORMAT_NAMES) {
    const f = FORMATS[format];
    if (f.kind === 'dense') continue;
    const K = f.block + 16;
    const message = new RegExp(`'W'.*${format}.*K = ${K} is not a multiple of the block size ${f.block}`);
    assert.throws(() => storedWeightTensors(format, 'W', [2, K]), (e) => e instanceof InputError && message.test(e.message));
    assert.throws(() => quantizeWeight(format, 'W', new Float32Array(2 * K), [2, K]), InputError);
  }
  assert.throws(() => quantizeWeight('q4_0', 'W', new Float32Array(31), [1, 32]), /31 values/);
  assert.throws(() => quantizeWeight('q8_0', 'W', block({ 3: NaN }), [1, 32]), /'W': element 3 is NaN/);
  assert.throws(() => dequantizeWeight('w4g32', 'W', quantizeWeight('q4_0', 'W', block({}), [1, 32]), [1, 32]),
    /tensor 'W': shape \[1,18\], expected \[1,16\]/);
});

/** Deterministic normal-ish values (sum of uniforms) so the test needs no seed library. */
function pseudoRandom(n: number, seed: number): Float32Array {
  let s = seed >>> 0;
  const uniform = (): number => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  return Float32Array.from({ length: n }, () => uniform() + uniform() + uniform() - 1.5);
}

test('dequantize(quantize(x)) is within half a step of x (q4_0: a full step at its clipped code 15)', () => {
  const [N, K] = [6, 256];
  const x = pseudoRandom(N * K, 7);
  x[5] = 0; // an exact zero and a constant group must survive
  x.fill(0.25, K, K + 128);
  for (const format of WEIGHT_FORMAT_NAMES) {
    const f = FORMATS[format];
    const stored = quantizeWeight(format, 'W', x, [N, K]);
    const y = dequantizeWeight(format, 'W', stored, [N, K]);
    if (f.kind === 'dense') {
      for (let i = 0; i < x.length; i++) assert.equal(y[i], roundTo(f.name, x[i]!), `${format} element ${i}`);
      continue;
    }
    const bytes = stored.W!.data;
    const largestCode = f.signedCodes ? 2 ** (f.bits - 1) - 1 : Math.max(f.zero, 2 ** f.bits - 1 - f.zero);
    for (let b = 0; b < x.length / f.block; b++) {
      const scaleBits = f.kind === 'block'
        ? bytes[b * f.bytes + f.scaleOffset]! | (bytes[b * f.bytes + f.scaleOffset + 1]! << 8)
        : stored.W_scale!.data[b]!;
      const scale = f16BitsToF32(scaleBits);
      const group = x.subarray(b * f.block, (b + 1) * f.block);
      // ggml's codes come from the f32 scale and min, the dequantizer reads their f16 roundings
      // (relative error <= 2^-11): allow that error times the largest code, and on min.
      const slack = f.kind === 'planar' ? 0 : 2 ** -11 * (largestCode * Math.abs(scale) + Math.max(...group.map(Math.abs)));
      for (let j = 0; j < f.block; j++) {
        const i = b * f.block + j;
        const clipped = format === 'q4_0' && scale !== 0 && Math.round(y[i]! / scale + f.zero) === 15;
        const bound = Math.abs(scale) * (clipped ? 1 : 0.5) + slack;
        assert.ok(Math.abs(y[i]! - x[i]!) <= bound, `${format} block ${b} element ${j}: ${y[i]} vs ${x[i]} (bound ${bound})`);
      }
    }
  }
});
