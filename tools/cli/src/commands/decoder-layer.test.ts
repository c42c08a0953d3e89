import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng, dequantizeWeight, nmse } from '@kforge/ir';
import {
  checkLayer, composedBound, type StepRecord,
  attentionInputs, attentionLayer, attentionLayerWeights, causalConvStep, linearInputs, linearLayer, linearLayerWeights,
  randomWeight, referenceOps, rmsNorm, rope, weightTensor, type AttentionLayerShape, type LinearLayerShape,
} from './decoder-layer.ts';
import { layerBuild, moeRuntimeGap, runDecoderLayers } from './decoder-layer-run.ts';
import { buildRuntimeCommand } from './build-runtime.ts';
import { parseArgs } from '../args.ts';

const SMALL_A: AttentionLayerShape = {
  hidden: 256, Hq: 4, Hkv: 2, D: 64, Skv: 40, ropeTheta: 1e6, eps: 1e-6, moe: { E: 8, topk: 2, I: 128, normTopk: true }, format: 'q8_0',
};
const SMALL_B: LinearLayerShape = { hidden: 256, Hk: 2, Hv: 4, Dk: 64, Dv: 64, convWidth: 4, mlp: 512, eps: 1e-6, format: 'q8_0' };

test('host code: rmsNorm, rope (a rotation: norms kept, position 0 the identity), causal conv shifts its state', () => {
  const x = Float64Array.from({ length: 8 }, (_, i) => i - 3);
  const y = rmsNorm(x, new Float64Array(8).fill(1), 0, new Float64Array(8));
  assert.ok(Math.abs(Array.from(y).reduce((s, v) => s + v * v, 0) / 8 - 1) < 1e-12);
  const r = rope(x.slice(), 2, 4, 7, 10) as Float64Array;
  for (const h of [0, 1]) {
    const n = (v: Float64Array): number => v.slice(h * 4, h * 4 + 4).reduce((s, e) => s + e * e, 0);
    assert.ok(Math.abs(n(r) - n(x)) < 1e-12);
  }
  assert.deepEqual(Array.from(rope(x.slice(), 2, 4, 0, 10)), Array.from(x));
  const state = Float64Array.from([1, 2, 3]);
  const out = causalConvStep([4], state, [1, 1, 1, 1], 4, new Float64Array(1));
  assert.deepEqual(Array.from(state), [2, 3, 4]);
  assert.ok(Math.abs(out[0]! - 10 / (1 + Math.exp(-10))) < 1e-12);
});

test('the combined bound: 2 (sum sqrt b_i)^2, on the update y - x as well as y', () => {
  const rec = (op: string, arithmetic: StepRecord['arithmetic']): StepRecord => ({ step: op, op, kernel: 'k', tuned: false, ms: 0, arithmetic });
  const records = [rec('gemv', 'int8-activations'), rec('gemv', 'int8-activations'), rec('gated_delta_rule', 'f32')];
  const bound = composedBound(records);
  assert.ok(Math.abs(bound - 2 * (2 * Math.sqrt(5e-4) + Math.sqrt(1e-6)) ** 2) < 1e-15);
  const x = Float64Array.from({ length: 64 }, (_, i) => 10 + Math.sin(i));
  const ref = Float64Array.from(x, (v, i) => v + Math.cos(i));
  // an error of relative RMS e on the update: nmse e^2 on it, far less on y (x dominates)
  const off = (e: number): Float64Array => Float64Array.from(ref, (v, i) => v + e * Math.cos(i));
  assert.ok(checkLayer('y', x, off(0.5 * Math.sqrt(bound)), ref, records).ok);
  const bad = checkLayer('y', x, off(2 * Math.sqrt(bound)), ref, records);
  assert.ok(!bad.ok && bad.nmseOutput < bound, 'caught on the update although y itself is within the bound');
  assert.ok(!checkLayer('y', x, Float64Array.from(ref, (v, i) => (i === 3 ? Number.NaN : v)), ref, records).ok);
});

test('random block weights decode to values of about the asked std', () => {
  for (const format of ['q4_0', 'q8_0'] as const) {
    const w = randomWeight(new Rng(1, format), format, 64, 256, 0.05);
    const v = dequantizeWeight(format, 'W', { W: weightTensor(w) }, [64, 256]);
    const std = Math.sqrt(v.reduce((s, e) => s + e * e, 0) / v.length);
    assert.ok(std > 0.04 && std < 0.06, `${format}: std ${std}`);
  }
});

test('the reference composition is deterministic and the layer changes its input', () => {
  const A = attentionLayerWeights(SMALL_A, 3);
  const inA = attentionInputs(SMALL_A, 3);
  const run = () => attentionLayer(referenceOps(), A, inA.x, { k: inA.state.k.slice(), v: inA.state.v.slice() });
  const [r1, r2] = [run(), run()];
  assert.deepEqual(Array.from(r1.y!), Array.from(r2.y!));
  assert.ok(nmse(Array.from(r1.y!, (v, i) => v - inA.x[i]!), new Float64Array(r1.y!.length)) > 1e-3);
  const B = linearLayerWeights(SMALL_B, 3);
  const inB = linearInputs(SMALL_B, 3);
  const s = Float64Array.from(inB.state.s);
  linearLayer(referenceOps(), B, inB.x, { s, conv: Float64Array.from(inB.state.conv) });
  assert.ok(nmse(s, inB.state.s) > 1e-6, 'the delta rule state is updated in place');
});

test('both layers through a small avx512 runtime agree with the composed float64 references', { timeout: 180_000 }, async (t) => {
  const { doctor } = await import('@kforge/exec');
  const native = (await doctor()).targets.filter((d) => d.status === 'native').map((d) => d.target);
  const target = (['avx512', 'avx2'] as const).find((x) => native.includes(x));
  if (!target) return t.skip('no native AVX2/AVX-512 target here');
  const gap = await moeRuntimeGap(target, SMALL_A);
  const dir = mkdtempSync(join(tmpdir(), 'kforge-layer-test-'));
  try {
    const db = join(dir, 'empty.jsonl');
    writeFileSync(db, '');
    const build = layerBuild(SMALL_A, SMALL_B, gap === undefined);
    await buildRuntimeCommand.run(parseArgs('build-runtime', ['--target', target, '--db', db, ...build.args, '--formats', 'q8_0', '--acts', 'f32', '--out', join(dir, 'rt')], buildRuntimeCommand.args));
    const { KforgeLibrary } = await import('@kforge/runtime');
    const lib = KforgeLibrary.open(join(dir, 'rt', 'build', 'libkforge.so'));
    const lines: string[] = [];
    const r = await runDecoderLayers({ target, lib, attention: SMALL_A, linear: SMALL_B, seed: 5, ...(gap ? { moeGap: gap } : {}), repeats: 0, log: (l) => lines.push(l) });
    const text = lines.join('\n');
    if (process.env.KFORGE_SHOW) console.log(text);
    assert.deepEqual(r.failures, [], text);
    for (const step of ['q_proj', 'attention', 'o_proj', 'in_proj_qkv', 'gated_delta_rule', 'down_proj']) assert.match(text, new RegExp(`${step} .* ok `));
    assert.match(text, /ok \(a\) after attention/);
    assert.match(text, /ok \(b\) layer output/);
    if (gap) assert.match(text, /moe: NOT RUN/);
    else assert.match(text, /ok \(a\) layer output/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
