/** Happy paths of the `kforge` commands, run as a child process like a user would. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { TARGET_NAMES } from '@kforge/target';
import { OPS, allocTensor, getOp, quantizeWeight, randomInputs, resolveParams, tensorSignature, toFloat64 } from '@kforge/ir';
import { kforge, readTensor, scratchFolder, writeTensors } from './testing.ts';

test('ops --json parses and lists the four operators with params, tensors and knobs', async () => {
  const r = await kforge(['ops', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const { ops } = JSON.parse(r.stdout) as { ops: { name: string; params: { name: string }[]; tensors: { name: string; shape: string[] }[]; knobs: unknown[]; targets: string[] }[] };
  assert.deepEqual(ops.map((o) => o.name), ['gemv', 'attention', 'gated_delta_rule', 'moe']);
  const gemv = ops[0]!;
  assert.deepEqual(gemv.params.map((p) => p.name), ['M', 'N', 'K', 'weight', 'act', 'bias']);
  assert.deepEqual(gemv.tensors.find((t) => t.name === 'W')!.shape, ['N', 'K']);
  assert.ok(ops.every((o) => o.knobs.length > 0));
  assert.ok(gemv.targets.includes('avx2') && gemv.targets.includes('cuda'));
  const text = await kforge(['ops']);
  assert.equal(text.code, 0);
  for (const name of Object.keys(OPS)) assert.match(text.stdout, new RegExp(`^${name}: `, 'm'));
});

test('ops OP --target --params prints that kernel\'s knob space with defaults and the valid count', async () => {
  const params = '{"M":1,"N":4096,"K":4096,"weight":"q4_0"}';
  const r = await kforge(['ops', 'gemv', '--target', 'avx2', '--params', params, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const space = JSON.parse(r.stdout) as { knobs: { name: string; values: unknown[] }[]; defaults: Record<string, unknown>; valid: number; total: number };
  assert.deepEqual(space.knobs.find((k) => k.name === 'dot_path')!.values, ['float', 'int8']);
  for (const k of space.knobs) assert.ok(k.values.includes(space.defaults[k.name]), `default of ${k.name} in its domain`);
  assert.ok(space.valid > 1 && space.valid <= space.total);
  const bad = await kforge(['ops', 'gemv', '--target', 'avx2']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--target and --params go together/);
});

test('doctor --json reports all eleven targets with a status each', async () => {
  const r = await kforge(['doctor', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { targets: { target: string; status: string }[] };
  assert.deepEqual(report.targets.map((t) => t.target).sort(), [...TARGET_NAMES].sort());
  for (const t of report.targets) assert.ok(['native', 'emulated', 'compile-only', 'unavailable'].includes(t.status), `${t.target}: ${t.status}`);
});

test('quantize writes the stored tensors of each format, byte-identical to the codec, and skips non-f32 files', async () => {
  const dir = scratchFolder();
  const inDir = join(dir, 'in');
  mkdirSync(inDir);
  const W = allocTensor('f32', [3, 64]);
  W.data.forEach((_, i) => { W.data[i] = Math.sin(i * 0.7) * (1 + (i % 5)); });
  const ids = allocTensor('i32', [4]);
  writeTensors(inDir, { W, ids });
  for (const format of ['q8_0', 'w4g32'] as const) {
    const out = join(dir, format);
    const r = await kforge(['quantize', '--format', format, '--in', inDir, '--out', out]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /ids: i32, not f32: skipped/);
    const expected = quantizeWeight(format, 'W', W.data as Float32Array, W.shape);
    assert.deepEqual(readdirSync(out).sort(), Object.keys(expected).map((n) => `${n}.npy`).sort());
    for (const [name, t] of Object.entries(expected)) assert.deepEqual(readTensor(out, name), t, `${format} ${name}`);
  }
  assert.deepEqual(readTensor(join(dir, 'q8_0'), 'W').shape, [3, 68]);
});

const SMALL_PARAMS: Readonly<Record<string, object>> = {
  gemv: { M: 3, N: 5, K: 64, weight: 'q4_1', act: 'f16', bias: true },
  attention: { Hq: 4, Hkv: 2, Sq: 3, Skv: 7, D: 16, causal: true, kv: 'f16' },
  gated_delta_rule: { T: 3, Hk: 2, Hv: 4, Dk: 8, Dv: 4, l2norm: true },
  moe: { T: 3, H: 32, I: 64, E: 4, topk: 2, weight: 'w4g32' },
};

test('reference writes every output of every op with the right shape, finite and equal to the in-process reference', async () => {
  assert.deepEqual(Object.keys(SMALL_PARAMS).sort(), Object.keys(OPS).sort());
  const dir = scratchFolder();
  await Promise.all(Object.entries(SMALL_PARAMS).map(async ([name, raw]) => {
    const op = getOp(name);
    const params = resolveParams(op, raw);
    const inputs = randomInputs(op, params, 11);
    const inDir = join(dir, `${name}-in`);
    const out = join(dir, `${name}-out`);
    mkdirSync(inDir);
    writeTensors(inDir, inputs);
    const r = await kforge(['reference', name, '--params', JSON.stringify(raw), '--in', inDir, '--out', out]);
    assert.equal(r.code, 0, `${name}: ${r.stderr}`);
    const expected = op.reference(params, inputs);
    const outputs = tensorSignature(op, params).filter((t) => t.role === 'out');
    assert.deepEqual(readdirSync(out).sort(), outputs.map((t) => `${t.name}.npy`).sort());
    for (const spec of outputs) {
      const y = readTensor(out, spec.name);
      assert.equal(y.dtype, 'f32');
      assert.deepEqual(y.shape, spec.shape, `${name}.${spec.name} shape`);
      assert.ok(y.data.every(Number.isFinite), `${name}.${spec.name} finite`);
      assert.deepEqual(toFloat64(y), Float64Array.from(Float32Array.from(expected[spec.name]!.data)), `${name}.${spec.name} values`);
    }
  }));
});

test('reference replaces an existing --out folder as a whole', async () => {
  const dir = scratchFolder();
  const inDir = join(dir, 'in');
  const out = join(dir, 'out');
  mkdirSync(inDir);
  mkdirSync(out);
  writeTensors(out, { stale: allocTensor('f32', [1]) });
  const op = getOp('gemv');
  const raw = { N: 4, K: 32 };
  writeTensors(inDir, randomInputs(op, resolveParams(op, raw), 3));
  const r = await kforge(['reference', 'gemv', '--params', JSON.stringify(raw), '--in', inDir, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(readdirSync(out), ['y.npy']);
  assert.deepEqual(readdirSync(dir).sort(), ['in', 'out']);
});

test('help lists every command, and `kforge` alone is a usage error', async () => {
  const help = await kforge(['help']);
  assert.equal(help.code, 0);
  for (const c of ['ops', 'doctor', 'quantize', 'reference', 'emit', 'run', 'verify', 'demo']) assert.match(help.stdout, new RegExp(`kforge ${c}`));
  const bare = await kforge([]);
  assert.equal(bare.code, 2);
  assert.match(bare.stderr, /usage:/);
});
