import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getOp, resolveParams, tensorSignature } from '@kforge/ir';
import { SUITES, getSuite } from './index.ts';

test('suites: every case resolves its params and tensor signature; ids are unique', () => {
  assert.deepEqual(Object.keys(SUITES).sort(), ['gemv-large', 'qwen3-0.6b', 'qwen3-30b-a3b', 'qwen3.5-2b']);
  for (const suite of Object.values(SUITES)) {
    assert.ok(suite.cases.length > 0, suite.name);
    assert.equal(new Set(suite.cases.map((c) => c.id)).size, suite.cases.length, `${suite.name}: duplicate case ids`);
    for (const c of suite.cases) {
      const op = getOp(c.op);
      const params = resolveParams(op, c.params);
      assert.ok(tensorSignature(op, params).some((t) => t.role === 'out'), `${suite.name}/${c.id}: no output tensor`);
    }
  }
});

test('suites: model shapes as the configs give them', () => {
  const gemv = (suite: string, layer: string) => getSuite(suite).cases.find((c) => c.op === 'gemv' && c.layer === layer && c.params.M === 1 && c.params.weight === 'f32')!.params;
  assert.deepEqual([gemv('qwen3-0.6b', 'q_proj').N, gemv('qwen3-0.6b', 'q_proj').K], [2048, 1024]);
  assert.deepEqual([gemv('qwen3-0.6b', 'lm_head').N, gemv('qwen3-0.6b', 'lm_head').K], [151936, 1024]);
  assert.deepEqual([gemv('qwen3-30b-a3b', 'expert.down_proj').N, gemv('qwen3-30b-a3b', 'expert.down_proj').K], [2048, 768]);
  assert.deepEqual([gemv('qwen3.5-2b', 'delta.in_proj_qkv').N, gemv('qwen3.5-2b', 'down_proj').K], [6144, 6144]);
  // Qwen3.5-2B: gated q_proj emits query and gate (2 x 8 x 256), 2 KV heads of 256, Gated DeltaNet
  // value dim 16 x 128 = 2048 = the attention output dim (one o_proj/out_proj shape), vocab 248320
  assert.deepEqual([gemv('qwen3.5-2b', 'attn.q_proj+gate').N, gemv('qwen3.5-2b', 'attn.k_proj/v_proj').N], [4096, 512]);
  assert.deepEqual([gemv('qwen3.5-2b', 'attn.o_proj/delta.out_proj').K, gemv('qwen3.5-2b', 'delta.in_proj_z').N], [2048, 2048]);
  assert.deepEqual([gemv('qwen3.5-2b', 'lm_head').N, gemv('qwen3.5-2b', 'lm_head').K], [248320, 2048]);
  // Qwen3-30B-A3B: 32 x 128 query dim over hidden 2048, the router over 128 experts
  assert.deepEqual([gemv('qwen3-30b-a3b', 'q_proj').N, gemv('qwen3-30b-a3b', 'router').N, gemv('qwen3-30b-a3b', 'k_proj/v_proj').N], [4096, 128, 512]);
  // every format, decode and batched rows, on each model
  const formats = new Set(getSuite('qwen3-0.6b').cases.map((c) => c.params.weight).filter(Boolean));
  assert.deepEqual([...formats].sort(), ['bf16', 'f32', 'q4_0', 'q8_0', 'w4g128']);
  const ops = new Set(Object.values(SUITES).flatMap((s) => s.cases.map((c) => c.op)));
  assert.deepEqual([...ops].sort(), ['attention', 'gated_delta_rule', 'gemv', 'moe']);
  assert.throws(() => getSuite('nope'), /unknown suite 'nope'/);
});

test('suites: attention cases of Qwen3-0.6B and Qwen3-30B-A3B (decode f16/q8_0 at 1k/4k/16k, causal prefill 512/2048 in f16)', () => {
  const expected = [
    'decode.S1024.f16', 'decode.S1024.q8_0', 'decode.S4096.f16', 'decode.S4096.q8_0', 'decode.S16384.f16', 'decode.S16384.q8_0',
    'prefill.S512.f16', 'prefill.S2048.f16',
  ];
  for (const [suite, heads] of [['qwen3-0.6b', [16, 8, 128]], ['qwen3-30b-a3b', [32, 4, 128]]] as const) {
    const cases = getSuite(suite).cases.filter((c) => c.op === 'attention');
    assert.deepEqual(cases.map((c) => c.id), expected.map((t) => `attention/self_attn/${t}`), suite);
    for (const c of cases) {
      const p = resolveParams(getOp('attention'), c.params);
      assert.deepEqual([p.Hq, p.Hkv, p.D, p.Dv, p.B, p.causal], [...heads, heads[2], 1, true], c.id);
      if (c.phase === 'decode') assert.equal(p.Sq, 1, c.id);
      else assert.deepEqual([c.phase, p.Sq, p.kv], ['prefill', p.Skv, 'f16'], c.id);
    }
  }
});

test('suites: Qwen3.5-2B gated delta rule cases (16/16 and 16/32 heads of 128, l2norm, B 1): decode from DRAM and from cache, prefill 512 and 2048', () => {
  const cases = getSuite('qwen3.5-2b').cases.filter((c) => c.op === 'gated_delta_rule');
  const tags = ['decode.T1', 'decode.T1.hot', 'prefill.T512', 'prefill.T2048'];
  assert.deepEqual(cases.map((c) => c.id), ['delta', 'delta.hv32'].flatMap((l) => tags.map((t) => `gated_delta_rule/${l}/${t}`)));
  for (const c of cases) {
    const p = resolveParams(getOp('gated_delta_rule'), c.params);
    assert.deepEqual([p.B, p.Hk, p.Hv, p.Dk, p.Dv, p.l2norm], [1, 16, c.layer === 'delta' ? 16 : 32, 128, 128, true], c.id);
    assert.equal(p.T, c.phase === 'decode' ? 1 : Number(c.id.split('.T')[1]), c.id);
    assert.equal(c.residency, c.id.endsWith('.hot') ? 'cache' : undefined, c.id);
  }
});
