import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GATED_DELTA_RULE, gatedDeltaRuleChunked } from './gated-delta-rule.ts';
import { randomInputs, resolveParams } from '../dsl/resolve.ts';
import { toFloat64, type Tensor } from '../tensor/tensor.ts';
import { assertClose, assertNmse, f32Tensor } from './test-support.ts';
import { nmse } from '../dsl/accuracy.ts';

const GDR = GATED_DELTA_RULE;

test('gated delta rule by hand: 1x1 state over 2 steps', () => {
  const params = resolveParams(GDR, { T: 2, Hk: 1, Dk: 1 }); // scale = 1/sqrt(1) = 1
  const out = GDR.reference(params, {
    q: f32Tensor([1, 2, 1, 1], [2, -1]),
    k: f32Tensor([1, 2, 1, 1], [1, 2]),
    v: f32Tensor([1, 2, 1, 1], [3, 1]),
    g: f32Tensor([1, 2, 1], [0, -Math.LN2]),
    beta: f32Tensor([1, 2, 1], [0.5, 1]),
    s0: f32Tensor([1, 1, 1, 1], [2]),
  });
  // t=0: S = e^0 * 2 = 2;   u = 0.5 * (3 - 2*1) = 0.5;  S = 2 + 1*0.5 = 2.5;     o = 1 * 2.5 * 2 = 5
  // t=1: S = 2.5/2 = 1.25;  u = 1 * (1 - 1.25*2) = -1.5; S = 1.25 + 2*(-1.5) = -1.75; o = -1.75 * -1 = 1.75
  // (g = -ln 2 is stored as f32, so e^g is 1/2 to about 1e-8)
  assertClose(out.o!.data, [5, 1.75], 1e-6, 'o');
  assertClose(out.s!.data, [-1.75], 1e-6, 's');
});

test('beta = 0 and g = 0 keep the state, and o = scale * S0ᵀ q', () => {
  const raw = { B: 2, T: 3, Hk: 1, Hv: 2, Dk: 3, Dv: 2, scale: 0.7 };
  const params = resolveParams(GDR, raw);
  const inputs = randomInputs(GDR, params, 1);
  const zeros = f32Tensor([2, 3, 2], new Array(12).fill(0));
  const out = GDR.reference(params, { ...inputs, g: zeros, beta: zeros });
  const s0 = toFloat64(inputs.s0!);
  const q = toFloat64(inputs.q!);
  assert.deepEqual(out.s!.data, s0);
  const expected: number[] = [];
  for (let b = 0; b < 2; b++)
    for (let t = 0; t < 3; t++)
      for (let h = 0; h < 2; h++)
        for (let e = 0; e < 2; e++) {
          let acc = 0;
          for (let d = 0; d < 3; d++) acc += s0[((b * 2 + h) * 3 + d) * 2 + e]! * q[(b * 3 + t) * 3 + d]!;
          expected.push(0.7 * acc);
        }
  assertClose(out.o!.data, expected, 1e-12, 'o');
});

/** the tokens [t, t+1) of a [B, T, ...] tensor */
function tokenSlice(t: Tensor, token: number): Tensor {
  const [B, T] = t.shape as [number, number];
  const inner = t.shape.slice(2).reduce((a, b) => a * b, 1);
  const x = toFloat64(t);
  const out: number[] = [];
  for (let b = 0; b < B; b++) out.push(...x.subarray((b * T + token) * inner, (b * T + token + 1) * inner));
  return f32Tensor([B, 1, ...t.shape.slice(2)], out);
}

test('T steps at once equal T single steps chaining the state', () => {
  const raw = { B: 2, T: 5, Hk: 2, Hv: 4, Dk: 4, Dv: 3, l2norm: true };
  const inputs = randomInputs(GDR, resolveParams(GDR, raw), 2);
  const all = GDR.reference(resolveParams(GDR, raw), inputs);
  const step = resolveParams(GDR, { ...raw, T: 1 });
  let s0 = inputs.s0!;
  const o: number[][] = [];
  for (let t = 0; t < 5; t++) {
    const out = GDR.reference(step, { ...Object.fromEntries(['q', 'k', 'v', 'g', 'beta'].map((n) => [n, tokenSlice(inputs[n]!, t)])), s0 });
    o.push([...out.o!.data]);
    s0 = f32Tensor(out.s!.shape, out.s!.data); // the chained state passes through f32
  }
  const stepwise = Array.from({ length: 2 }, (_, b) => o.flatMap((ot) => ot.slice(b * 12, (b + 1) * 12))).flat();
  assertNmse(stepwise, all.o!.data, 1e-12, 'o');
  assertNmse(toFloat64(s0), all.s!.data, 1e-12, 's');
});

test('the chunked (WY/UT) form equals the recurrence for several chunk sizes, tails included', () => {
  for (const l2norm of [false, true]) {
    const params = resolveParams(GDR, { B: 2, T: 13, Hk: 1, Hv: 2, Dk: 5, Dv: 3, l2norm });
    const inputs = randomInputs(GDR, params, 3);
    const recurrent = GDR.reference(params, inputs);
    for (const chunk of [1, 2, 3, 4, 7, 13, 16]) {
      const chunked = gatedDeltaRuleChunked(params, inputs, chunk);
      assertNmse(chunked.o!.data, recurrent.o!.data, 1e-24, `o, chunk ${chunk}, l2norm ${l2norm}`);
      assertNmse(chunked.s!.data, recurrent.s!.data, 1e-24, `s, chunk ${chunk}, l2norm ${l2norm}`);
    }
  }
});

test('with l2norm, scaling q and k does not matter (and without it, it does)', () => {
  const raw = { T: 4, Hk: 2, Dk: 3, Dv: 2 };
  const inputs = randomInputs(GDR, resolveParams(GDR, raw), 4);
  // one power of two per vector keeps the scaled inputs exact; factors >= 1 keep the 1e-6 inside
  // the square root (the only difference left) small against |x|^2
  const scaled = (t: Tensor, factors: number[]): Tensor => f32Tensor(t.shape, Array.from(t.data, (x, i) => x * factors[Math.floor(i / 3) % 4]!));
  const rescaled = { ...inputs, q: scaled(inputs.q!, [4, 2, 8, 16]), k: scaled(inputs.k!, [2, 4, 1, 16]) };
  for (const l2norm of [true, false]) {
    const params = resolveParams(GDR, { ...raw, l2norm });
    const a = GDR.reference(params, inputs);
    const b = GDR.reference(params, rescaled);
    if (l2norm) assertNmse(b.o!.data, a.o!.data, 1e-9, 'o');
    else assert.ok(nmse(b.o!.data, a.o!.data) > 1e-2, 'without l2norm the scale must matter');
  }
});

test('value head h reads q/k head floor(h / (Hv/Hk))', () => {
  const grouped = { B: 1, T: 3, Hk: 2, Hv: 4, Dk: 2, Dv: 2 };
  const inputs = randomInputs(GDR, resolveParams(GDR, grouped), 5);
  const repeatHeads = (t: Tensor): Tensor => {
    const x = toFloat64(t);
    const out: number[] = [];
    for (let tok = 0; tok < 3; tok++)
      for (let h = 0; h < 4; h++) out.push(...x.subarray((tok * 2 + Math.floor(h / 2)) * 2, (tok * 2 + Math.floor(h / 2) + 1) * 2));
    return f32Tensor([1, 3, 4, 2], out);
  };
  const a = GDR.reference(resolveParams(GDR, grouped), inputs);
  const b = GDR.reference(resolveParams(GDR, { ...grouped, Hk: 4 }), { ...inputs, q: repeatHeads(inputs.q!), k: repeatHeads(inputs.k!) });
  assert.deepEqual(a.o!.data, b.o!.data);
  assert.deepEqual(a.s!.data, b.s!.data);
});

test('random inputs respect the domains: g <= 0 (slow, medium and fast decay by value head), beta in [0, 1]', () => {
  const inputs = randomInputs(GDR, resolveParams(GDR, { B: 2, T: 50, Hk: 1, Hv: 3, Dk: 2 }), 6);
  const g = toFloat64(inputs.g!);
  assert.ok(g.every((x) => x <= 0 && x >= -20));
  // g [B, T, Hv]: head h draws from the h-th regime
  const head = (h: number) => g.filter((_, i) => i % 3 === h);
  assert.ok(head(0).every((x) => x >= -0.1) && head(1).every((x) => x >= -2) && Math.min(...head(2)) < -10);
  assert.ok(toFloat64(inputs.beta!).every((x) => x >= 0 && x <= 1));
});
