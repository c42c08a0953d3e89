/**
 * Every bad input of SPEC section 6 exits 2 with `kforge: error: ` and a message naming the problem,
 * and writes nothing: --out does not exist afterwards.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allocTensor, encodeNpy, getOp, randomInputs, resolveParams, type Tensor } from '@kforge/ir';
import { kforge, scratchFolder, writeTensors } from './testing.ts';

const GEMV = { M: 1, N: 8, K: 64, weight: 'q8_0' };

/** A scratch folder with `in/` holding valid gemv inputs for GEMV (then altered by `edit`). */
function gemvCase(edit: (inputs: Record<string, Tensor>, inDir: string) => void = () => {}): { inDir: string; out: string } {
  const dir = scratchFolder();
  const inDir = join(dir, 'in');
  mkdirSync(inDir);
  const op = getOp('gemv');
  const inputs = randomInputs(op, resolveParams(op, GEMV), 1);
  edit(inputs, inDir);
  writeTensors(inDir, inputs);
  return { inDir, out: join(dir, 'out') };
}

async function expectBadInput(args: readonly string[], out: string, message: RegExp): Promise<void> {
  const r = await kforge(args);
  assert.equal(r.code, 2, `exit code of kforge ${args.join(' ')}\nstderr: ${r.stderr}`);
  assert.match(r.stderr, /^kforge: error: /);
  assert.match(r.stderr, message);
  assert.equal(existsSync(out), false, '--out must not exist after a failure');
}

function reference(params: object, c: { inDir: string; out: string }): string[] {
  return ['reference', 'gemv', '--params', JSON.stringify(params), '--in', c.inDir, '--out', c.out];
}

// each case spawns kforge; they are independent, so run a few at once
describe('bad input', { concurrency: 4 }, () => {
  test('unknown command lists the commands', async () => {
    const r = await kforge(['frobnicate']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^kforge: error: unknown command 'frobnicate' \(known: ops, doctor, quantize, reference/);
  });

  test('unknown op names it and lists the ops', async () => {
    const c = gemvCase();
    await expectBadInput(['reference', 'gemm', '--params', '{}', '--in', c.inDir, '--out', c.out], c.out, /'gemm'.*gemv.*attention/s);
  });

  test('malformed JSON params', async () => {
    const c = gemvCase();
    await expectBadInput(['reference', 'gemv', '--params', '{"N": 8,', '--in', c.inDir, '--out', c.out], c.out, /--params: malformed JSON/);
  });

  test('negative size', async () => {
    const c = gemvCase();
    await expectBadInput(reference({ ...GEMV, N: -8 }, c), c.out, /param 'N'.*-8/);
  });

  test('zero size', async () => {
    const c = gemvCase();
    await expectBadInput(reference({ ...GEMV, K: 0 }, c), c.out, /param 'K'.*0/);
  });

  test('K not a multiple of the block (reference)', async () => {
    const c = gemvCase();
    await expectBadInput(reference({ ...GEMV, K: 40 }, c), c.out, /K = 40 is not a multiple of the block size 32/);
  });

  test('K not a multiple of the block (quantize)', async () => {
    const dir = scratchFolder();
    const inDir = join(dir, 'in');
    mkdirSync(inDir);
    writeTensors(inDir, { W: allocTensor('f32', [4, 40]) });
    const out = join(dir, 'out');
    await expectBadInput(['quantize', '--format', 'q4_0', '--in', inDir, '--out', out], out, /'W'.*K = 40 is not a multiple of the block size 32/);
  });

  test('missing tensor', async () => {
    const c = gemvCase((inputs) => delete inputs.W);
    await expectBadInput(reference(GEMV, c), c.out, /missing tensor 'W'/);
  });

  test('wrong shape', async () => {
    const c = gemvCase((inputs) => { inputs.x = allocTensor('f32', [1, 32]); });
    await expectBadInput(reference(GEMV, c), c.out, /tensor 'x': shape \[1,32\], expected \[1,64\]/);
  });

  test('wrong dtype', async () => {
    const c = gemvCase((inputs) => { inputs.x = allocTensor('f16', [1, 64]); });
    await expectBadInput(reference(GEMV, c), c.out, /tensor 'x': dtype f16, expected f32/);
  });

  test('corrupt .npy (bad magic)', async () => {
    const c = gemvCase();
    writeFileSync(join(c.inDir, 'x.npy'), 'PK\x03\x04 this is a zip file, not an npy file');
    await expectBadInput(reference(GEMV, c), c.out, /'x'.*bad magic/);
  });

  test('corrupt .npy (truncated data)', async () => {
    const c = gemvCase();
    const bytes = readFileSync(join(c.inDir, 'W.npy'));
    writeFileSync(join(c.inDir, 'W.npy'), bytes.subarray(0, bytes.length - 7));
    await expectBadInput(reference(GEMV, c), c.out, /'W'.*truncated/);
  });

  test('unknown target names it and lists the targets', async () => {
    const c = gemvCase();
    await expectBadInput(['emit', 'gemv', '--target', 'tpu', '--params', JSON.stringify(GEMV), '--out', c.out], c.out,
      /unknown target 'tpu' \(known: c, avx2, avx512, neon, rvv, hvx, opencl, vulkan, wgsl, cuda, metal\)/);
    await expectBadInput(['run', 'gemv', '--target', 'tpu', '--params', JSON.stringify(GEMV), '--in', c.inDir, '--out', c.out], c.out,
      /unknown target 'tpu'/);
  });

  test('--vlen only on rvv, and only a VLEN the kernels are verified at', async () => {
    const c = gemvCase();
    const run = (target: string, vlen: string): string[] =>
      ['run', 'gemv', '--target', target, '--params', JSON.stringify(GEMV), '--vlen', vlen, '--in', c.inDir, '--out', c.out];
    await expectBadInput(run('c', '256'), c.out, /--vlen applies to target rvv only, not 'c'/);
    await expectBadInput(run('rvv', '64'), c.out, /--vlen must be one of 128, 256, 512, not '64'/);
  });

  test('unknown format names it and lists the formats', async () => {
    const dir = scratchFolder();
    writeFileSync(join(dir, 'W.npy'), encodeNpy(allocTensor('f32', [2, 32])));
    const out = join(dir, 'out');
    await expectBadInput(['quantize', '--format', 'q3_k', '--in', dir, '--out', out], out, /unknown format 'q3_k' \(known: f32, f16, bf16, q8_0, q4_0, q4_1, w4g32/);
  });

  test('missing --in folder', async () => {
    const dir = scratchFolder();
    const out = join(dir, 'out');
    await expectBadInput(['reference', 'gemv', '--params', JSON.stringify(GEMV), '--in', join(dir, 'nope'), '--out', out], out,
      /--in: folder '.*nope' does not exist/);
    await expectBadInput(['quantize', '--format', 'q8_0', '--in', join(dir, 'nope'), '--out', out], out, /--in: folder '.*nope' does not exist/);
  });
  test('attention: a KV shape that disagrees with the params, Sq > Skv, a negative window, q8_0 KV with D off its block', async () => {
    const dir = scratchFolder();
    const inDir = join(dir, 'in');
    mkdirSync(inDir);
    const op = getOp('attention');
    const params = { Hq: 4, Hkv: 2, Sq: 1, Skv: 9, D: 64, kv: 'q8_0' };
    const inputs = randomInputs(op, resolveParams(op, params), 1);
    writeTensors(inDir, { ...inputs, k: allocTensor('u8', [1, 2, 8, 68]) });
    const out = join(dir, 'out');
    const run = (p: object): string[] => ['run', 'attention', '--target', 'c', '--params', JSON.stringify(p), '--in', inDir, '--out', out];
    await expectBadInput(run(params), out, /'k'.*shape \[1, ?2, ?8, ?68\].*\[1, ?2, ?9, ?68\]/s);
    await expectBadInput(run({ ...params, Sq: 10 }), out, /Sq must be <= Skv/);
    await expectBadInput(run({ ...params, window: -1 }), out, /param 'window'.*-1/);
    await expectBadInput(run({ ...params, D: 48 }), out, /q8_0 KV needs D and Dv to be multiples of 32/);
  });
  test('gated_delta_rule: g > 0, beta outside [0, 1], a shape that disagrees, Hv not a multiple of Hk (run and reference)', async () => {
    const dir = scratchFolder();
    const inDir = join(dir, 'in');
    mkdirSync(inDir);
    const op = getOp('gated_delta_rule');
    const params = { T: 3, Hk: 2, Hv: 4, Dk: 8, Dv: 8 };
    const inputs = randomInputs(op, resolveParams(op, params), 1);
    const out = join(dir, 'out');
    const commands = (p: object): string[][] => [
      ['run', 'gated_delta_rule', '--target', 'c', '--params', JSON.stringify(p), '--in', inDir, '--out', out],
      ['reference', 'gated_delta_rule', '--params', JSON.stringify(p), '--in', inDir, '--out', out],
    ];
    const g = allocTensor('f32', [1, 3, 4]);
    g.data.set(inputs.g!.data);
    g.data[5] = 0.25;
    writeTensors(inDir, { ...inputs, g });
    for (const c of commands(params)) await expectBadInput(c, out, /input 'g' must hold values <= 0; element 5 .* is 0.25/);
    const beta = allocTensor('f32', [1, 3, 4]);
    beta.data[7] = 1.5;
    writeTensors(inDir, { ...inputs, beta });
    for (const c of commands(params)) await expectBadInput(c, out, /input 'beta' must hold values >= 0 and <= 1; element 7 .* is 1.5/);
    writeTensors(inDir, { ...inputs, v: allocTensor('f32', [1, 3, 4, 7]) });
    for (const c of commands(params)) await expectBadInput(c, out, /'v'.*shape \[1, ?3, ?4, ?7\].*\[1, ?3, ?4, ?8\]/s);
    for (const c of commands({ ...params, Hv: 3 })) await expectBadInput(c, out, /Hv must be a multiple of Hk/);
  });
});
