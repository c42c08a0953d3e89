// The sqrt/rsqrt description evaluated in float32 (the model the freestanding Hexagon code follows)
// against Math.sqrt: every 997th positive float (all binades, denormals included) and the special values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RSQRT_F32_MAX_ULP, RSQRT_F32_SCALAR_C, SQRT_F32_MAX_ULP, SQRT_F32_SCALAR_C, rsqrtF32Reference, sqrtF32Reference, ulpError } from './sqrt.ts';

const word = new DataView(new ArrayBuffer(4));
const floatOf = (u: number): number => { word.setUint32(0, u); return word.getFloat32(0); };

test('sqrt is correctly rounded and rsqrt within 1 ulp over every binade of f32, denormals included', () => {
  let worstSqrt = 0;
  let worstRsqrt = 0;
  for (let bits = 1; bits < 0x7f800000; bits += 997) {
    const x = floatOf(bits);
    const exact = Math.sqrt(x);
    const s = sqrtF32Reference(x);
    assert.equal(s, Math.fround(exact), `sqrt(${x}) = ${s}, correctly rounded ${Math.fround(exact)}`);
    worstSqrt = Math.max(worstSqrt, ulpError(s, exact));
    worstRsqrt = Math.max(worstRsqrt, ulpError(rsqrtF32Reference(x), 1 / exact));
  }
  assert.ok(worstSqrt <= SQRT_F32_MAX_ULP, `sqrt ${worstSqrt} ulp`);
  // the stated error: 0.996 ulp on the denser sweep of the accuracy note
  assert.ok(worstRsqrt < RSQRT_F32_MAX_ULP && worstRsqrt > 0.9, `rsqrt ${worstRsqrt} ulp`);
});

test('sqrt and rsqrt: special values', () => {
  const same = (got: number, want: number, what: string): void => assert.ok(Object.is(got, want), `${what} = ${got}, expected ${want}`);
  for (const [x, s, r] of [[0, 0, Infinity], [-0, -0, -Infinity], [Infinity, Infinity, 0], [1, 1, 1], [4, 2, 0.5], [2 ** -149, 2 ** -74.5, 2 ** 74.5]] as const) {
    same(sqrtF32Reference(x), Math.fround(s), `sqrt(${x})`);
    same(rsqrtF32Reference(x), Math.fround(r), `rsqrt(${x})`);
  }
  for (const x of [-1, -Infinity, -(2 ** -149), NaN]) {
    assert.ok(Number.isNaN(sqrtF32Reference(x)), `sqrt(${x})`);
    assert.ok(Number.isNaN(rsqrtF32Reference(x)), `rsqrt(${x})`);
  }
});

test('sqrt and rsqrt as C: statement expressions with no library call', () => {
  for (const c of [SQRT_F32_SCALAR_C, RSQRT_F32_SCALAR_C]) {
    assert.match(c, /^\(\{ const float kf_sx = \(\$a\);/);
    assert.match(c, /1597463174u/); // the seed 0x5f375a86
    assert.doesNotMatch(c, /\b(sqrtf?|INFINITY|NAN)\b/);
  }
  assert.equal(SQRT_F32_SCALAR_C.match(/__builtin_fmaf/g)?.length, 8); // three Newton steps (2 each), the correction (2)
});
