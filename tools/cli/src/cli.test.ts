/** Happy paths of the `kforge` commands, run as a child process like a user would. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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
    assert.deepEqual(readdirSync(out).sort(), ['.kforge-out', ...Object.keys(expected).map((n) => `${n}.npy`)].sort());
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
    assert.deepEqual(readdirSync(out).sort(), ['.kforge-out', ...outputs.map((t) => `${t.name}.npy`)].sort());
    for (const spec of outputs) {
      const y = readTensor(out, spec.name);
      assert.equal(y.dtype, 'f32');
      assert.deepEqual(y.shape, spec.shape, `${name}.${spec.name} shape`);
      assert.ok(y.data.every(Number.isFinite), `${name}.${spec.name} finite`);
      assert.deepEqual(toFloat64(y), Float64Array.from(Float32Array.from(expected[spec.name]!.data)), `${name}.${spec.name} values`);
    }
  }));
});

test('reference replaces an existing --out folder as a whole when kforge wrote it', async () => {
  const dir = scratchFolder();
  const inDir = join(dir, 'in');
  const out = join(dir, 'out');
  mkdirSync(inDir);
  const op = getOp('gemv');
  writeTensors(inDir, randomInputs(op, resolveParams(op, { N: 4, K: 32 }), 3));
  const first = await kforge(['reference', 'gemv', '--params', '{"N": 4, "K": 32}', '--in', inDir, '--out', out]);
  assert.equal(first.code, 0, first.stderr);
  writeTensors(out, { stale: allocTensor('f32', [1]) });
  const r = await kforge(['reference', 'gemv', '--params', '{"N": 4, "K": 32}', '--in', inDir, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(readdirSync(out).sort(), ['.kforge-out', 'y.npy']);
  assert.deepEqual(readdirSync(dir).sort(), ['in', 'out']);
});

// Issue 20 item 2: an existing --out holding the user's files is refused (exit 2, nothing touched)
// unless --force; a folder kforge wrote (its marker) and an empty folder are used, for every command
// that writes an --out folder.
const GEMV_SMALL = { N: 4, K: 32, weight: 'q8_0' };
const OUT_COMMANDS: Readonly<Record<string, (inDir: string, out: string) => string[]>> = {
  run: (inDir, out) => ['run', 'gemv', '--target', 'c', '--params', JSON.stringify(GEMV_SMALL), '--in', inDir, '--out', out],
  reference: (inDir, out) => ['reference', 'gemv', '--params', JSON.stringify(GEMV_SMALL), '--in', inDir, '--out', out],
  quantize: (inDir, out) => ['quantize', '--format', 'q8_0', '--in', inDir, '--out', out],
  emit: (_inDir, out) => ['emit', 'gemv', '--target', 'c', '--params', JSON.stringify(GEMV_SMALL), '--out', out],
};

for (const [name, argv] of Object.entries(OUT_COMMANDS)) {
  test(`${name}: --out holding files kforge did not write is refused unless --force; its own or an empty folder is replaced`, async () => {
    const dir = scratchFolder();
    const inDir = join(dir, 'in');
    mkdirSync(inDir);
    const op = getOp('gemv');
    // gemv's inputs with an f32 W as well, for quantize
    writeTensors(inDir, { ...randomInputs(op, resolveParams(op, GEMV_SMALL), 5), Wf: allocTensor('f32', [4, 32]) });
    const out = join(dir, 'out');
    mkdirSync(join(out, 'sub'), { recursive: true });
    writeFileSync(join(out, 'notes.txt'), 'my notes');
    writeFileSync(join(out, 'sub', 'keep.c'), 'int main;');
    const refused = await kforge(argv(inDir, out));
    assert.equal(refused.code, 2, refused.stderr);
    assert.equal(refused.stderr, `kforge: error: --out '${out}' exists and was not written by kforge (it holds notes.txt, sub/); choose another folder or pass --force\n`);
    assert.equal(readFileSync(join(out, 'notes.txt'), 'utf8'), 'my notes');
    assert.equal(readFileSync(join(out, 'sub', 'keep.c'), 'utf8'), 'int main;');
    assert.deepEqual(readdirSync(out).sort(), ['notes.txt', 'sub']);
    assert.deepEqual(readdirSync(dir).sort(), ['in', 'out'], 'no temporary sibling left');

    const forced = await kforge([...argv(inDir, out), '--force']);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(existsSync(join(out, 'notes.txt')), false);
    const marker = JSON.parse(readFileSync(join(out, '.kforge-out'), 'utf8')) as { command: string; written: string };
    assert.equal(marker.command, `kforge ${name}`);
    assert.ok(!Number.isNaN(Date.parse(marker.written)));

    // kforge's own folder is replaced as a whole (a file added to it goes too)
    writeFileSync(join(out, 'extra.txt'), 'x');
    const again = await kforge(argv(inDir, out));
    assert.equal(again.code, 0, again.stderr);
    assert.equal(existsSync(join(out, 'extra.txt')), false);
    assert.ok(existsSync(join(out, '.kforge-out')));

    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const used = await kforge(argv(inDir, empty));
    assert.equal(used.code, 0, used.stderr);
    assert.ok(readdirSync(empty).length > 1);
  });
}

test('run --check prints each output\'s nmse against the bound of its arithmetic, as ggml does', async () => {
  const dir = scratchFolder();
  const inDir = join(dir, 'in');
  mkdirSync(inDir);
  const op = getOp('gemv');
  const raw = { M: 2, N: 8, K: 64, weight: 'q4_0' };
  writeTensors(inDir, randomInputs(op, resolveParams(op, raw), 7));
  const r = await kforge(['run', 'gemv', '--target', 'c', '--params', JSON.stringify(raw), '--in', inDir, '--out', join(dir, 'out'), '--check']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^y: nmse \d\.\de-\d+ <= 1e-8 \(f32 storage and f32 accumulation\) OK$/m);
  const plain = await kforge(['run', 'gemv', '--target', 'c', '--params', JSON.stringify(raw), '--in', inDir, '--out', join(dir, 'out')]);
  assert.equal(plain.code, 0, plain.stderr);
  assert.doesNotMatch(plain.stdout, /nmse/);
  const help = await kforge(['help', 'run']);
  assert.match(help.stdout, /--check/);
  assert.match(help.stdout, /--force/);
  // bench's --out is a file: no --force there
  assert.doesNotMatch((await kforge(['help', 'bench'])).stdout, /--force/);
});

test('help lists every command, and `kforge` alone is a usage error', async () => {
  const help = await kforge(['help']);
  assert.equal(help.code, 0);
  for (const c of ['ops', 'doctor', 'quantize', 'reference', 'emit', 'run', 'verify', 'demo']) assert.match(help.stdout, new RegExp(`kforge ${c}`));
  const bare = await kforge([]);
  assert.equal(bare.code, 2);
  assert.match(bare.stderr, /usage:/);
});

test('run: NaN or Inf in an input is the input\'s problem (exit 2, named, nothing run); a tensor the op does not take is a warning', async () => {
  const dir = scratchFolder();
  const op = getOp('gemv');
  const raw = { M: 2, N: 8, K: 64, weight: 'f32', bias: false };
  const inputs = randomInputs(op, resolveParams(op, raw), 3);
  const run = (inDir: string, out: string): ReturnType<typeof kforge> => kforge(['run', 'gemv', '--target', 'c', '--params', JSON.stringify(raw), '--in', inDir, '--out', join(dir, out)]);
  for (const [what, value, index, tensor] of [['NaN', Number.NaN, 5, 'x'], ['Inf', Number.POSITIVE_INFINITY, 70, 'x'], ['-Inf', Number.NEGATIVE_INFINITY, 511, 'W']] as const) {
    const inDir = join(dir, `in-${what}`);
    mkdirSync(inDir);
    const data = Float32Array.from(inputs[tensor]!.data as Float32Array);
    data[index] = value;
    writeTensors(inDir, { ...inputs, [tensor]: { ...inputs[tensor]!, data } });
    const r = await run(inDir, `out-${what}`);
    assert.equal(r.code, 2, `${what}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`^kforge: error: input '${tensor}' holds ${what} at flat index ${index} \\(${tensor}\\.npy, f32 \\[`, 'm'));
    assert.doesNotMatch(r.stderr, /check failed/, 'not reported as the kernel\'s failure');
    assert.ok(!existsSync(join(dir, `out-${what}`)), 'nothing written');
  }

  // bias.npy beside bias: false is ignored with a warning; the run succeeds
  const extra = join(dir, 'in-extra');
  mkdirSync(extra);
  const withBias = randomInputs(op, resolveParams(op, { ...raw, bias: true }), 3);
  writeTensors(extra, { ...inputs, bias: withBias.bias!, notes: allocTensor('f32', [2]) });
  const r = await run(extra, 'out-extra');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /^kforge: warning: bias\.npy in --in is not an input of gemv with these params: ignored$/m);
  assert.match(r.stderr, /^kforge: warning: notes\.npy in --in is not an input of gemv with these params: ignored$/m);
  assert.ok(existsSync(join(dir, 'out-extra', 'y.npy')));
  // a NaN in a file that is ignored is not checked
  const ignoredNaN = join(dir, 'in-ignored-nan');
  mkdirSync(ignoredNaN);
  writeTensors(ignoredNaN, { ...inputs, bias: { ...withBias.bias!, data: Float32Array.from([Number.NaN, ...(withBias.bias!.data as Float32Array).slice(1)]) } });
  const quiet = await run(ignoredNaN, 'out-ignored-nan');
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.match(quiet.stderr, /warning: bias\.npy/);
});
