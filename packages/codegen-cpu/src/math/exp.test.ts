// The exp description evaluated in float32 (the model every ISA's code follows) against Math.exp:
// a dense sweep of [-104, 89], the denormal and overflow boundaries and the special values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EXP_F32_MAX_REL_ERROR, EXP_F32_SCALAR_C, expF32Reference, withinExpBound } from './exp.ts';

const F32_MIN_NORMAL = 2 ** -126;

test('exp polynomial: relative error below 2e-7 for normal results over [-104, 89], denormals within half a step more', () => {
  let worstRel = 0;
  let worstDenormalSteps = 0;
  const points = 2_000_000;
  for (let k = 0; k <= points; k++) {
    const x = Math.fround(-104 + (193 * k) / points);
    const y = expF32Reference(x);
    const exact = Math.exp(x);
    assert.ok(withinExpBound(y, exact), `exp(${x}) = ${y}, exact ${exact}`);
    if (exact >= F32_MIN_NORMAL && Number.isFinite(y)) worstRel = Math.max(worstRel, Math.abs(y - exact) / exact);
    else if (exact < F32_MIN_NORMAL) worstDenormalSteps = Math.max(worstDenormalSteps, Math.abs(y - exact) / 2 ** -149);
  }
  assert.ok(worstRel < EXP_F32_MAX_REL_ERROR && worstRel > 1e-7, `max relative error ${worstRel}`);
  // the stated error: 1.62e-7 (1.36 ulp)
  assert.ok(Math.abs(worstRel - 1.62e-7) < 0.01e-7, `max relative error ${worstRel}`);
  // near 2^-126 the polynomial's relative error is itself 1.35 denormal steps; the rounding adds half
  assert.ok(worstDenormalSteps < 1.5, `denormal error ${worstDenormalSteps} steps`);
});

test('exp polynomial: boundaries and special values', () => {
  assert.equal(expF32Reference(0), 1);
  assert.equal(expF32Reference(-0), 1);
  assert.ok(withinExpBound(expF32Reference(1), Math.E));
  assert.equal(expF32Reference(-Infinity), 0); // softmax: exp(-inf - max)
  assert.equal(expF32Reference(-1e30), 0);
  assert.equal(expF32Reference(-104), 0);
  assert.equal(expF32Reference(-103.9), 2 ** -149); // the smallest denormal
  assert.ok(withinExpBound(expF32Reference(-87.33655), Math.exp(Math.fround(-87.33655)))); // about 2^-126
  assert.equal(expF32Reference(Infinity), Infinity);
  assert.equal(expF32Reference(88.73), Infinity);
  assert.equal(expF32Reference(1e30), Infinity);
  assert.ok(withinExpBound(expF32Reference(88.72), Math.exp(Math.fround(88.72))) && expF32Reference(88.72) < Infinity);
  assert.ok(Number.isNaN(expF32Reference(NaN)));
});

test('exp polynomial as C: one statement expression with the coefficients inline', () => {
  const scalar = EXP_F32_SCALAR_C;
  assert.match(scalar, /^\(\{ const float kf_ex = \(\$a\);/);
  assert.match(scalar, /0\.008289290592074394f/); // c5 = 0x1.0F9F9Cp-7
  assert.equal(scalar.match(/__builtin_fmaf/g)?.length, 8); // n, r (2), the polynomial (5)
  assert.equal((scalar.match(/const float kf_e/g) ?? []).length, 14); // x, the clamps (2), n (2), r (2), p (5), the scales (2)
});
