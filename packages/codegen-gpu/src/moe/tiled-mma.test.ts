// moe's 'tiled' variant (tiled-mma.ts): knob rules, the artifact (tile-list grid, dynamic shared memory, half
// arithmetic), results of the IR interpreter against the float64 reference in every staged format, and nvcc's
// view (sm_80 and sm_90, no spills, mma.sync / ldmatrix / cp.async in the PTX). Executed results: the H200 bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, getOp, randomInputs, resolveParams, tensorBytes, type ParamValue, type Params, type Tensor } from '@kforge/ir';
import { sizedBuffers, sizedDispatches } from '@kforge/target';
import { emitMoeGpu, moeGpuKnobSpace } from './emit.ts';
import { moeShape, resolveMoeConfig } from './knobs.ts';
import { lowerMoeSimt, metaLayout } from './lower-simt.ts';
import { DOWN_MMA_ENTRY, GATE_UP_MMA_ENTRY, TILE_FIELDS, tiledSharedBytes } from './tiled-mma.ts';
import { SIMT_CAPS } from '../gemv/knobs.ts';
import { emulateKernel, type EmulatedBuffer } from '../attention/simt-emulator.ts';

const has = (tool: string) => spawnSync('which', [tool]).status === 0;
const op = getOp('moe');
const params = (raw: Record<string, ParamValue>): Params => resolveParams(op, raw);
const QWEN = (T: number, weight: string): Record<string, ParamValue> => ({ T, H: 2048, I: 768, E: 128, topk: 8, weight, normTopk: true });
const TILED = (tile_m: number, tile_n: number, tile_k: number): Record<string, ParamValue> => ({ variant: 'tiled', mma: 'tensor_core', tile_m, tile_n, tile_k });

test('tiled: CUDA prefill defaults take it where it serves the params; other targets and decode keep gather; rules say why', () => {
  assert.equal(moeGpuKnobSpace('cuda', params(QWEN(512, 'f16'))).defaults.variant, 'tiled');
  assert.equal(moeGpuKnobSpace('cuda', params(QWEN(512, 'q4_0'))).defaults.variant, 'tiled');
  assert.equal(moeGpuKnobSpace('cuda', params(QWEN(16, 'f16'))).defaults.variant, 'gather');
  assert.equal(moeGpuKnobSpace('cuda', params({ T: 64, H: 67, I: 45, E: 5, topk: 2, routing: 'given' })).defaults.variant, 'gather', 'f32 weights');
  for (const target of ['opencl', 'vulkan', 'wgsl', 'metal'] as const) {
    const space = moeGpuKnobSpace(target, params(QWEN(512, 'f16')));
    assert.equal(space.defaults.variant, 'gather', target);
    assert.deepEqual(space.knobs.find((k) => k.name === 'mma')!.values, ['none'], target);
    assert.match(space.knobs.find((k) => k.name === 'mma')!.doc, new RegExp(`${target} dialect refuses`));
    assert.throws(() => emitMoeGpu(target, params(QWEN(512, 'f16')), TILED(64, 64, 64)), InputError, target);
  }
  const space = moeGpuKnobSpace('cuda', params(QWEN(512, 'f16')));
  const d = space.defaults as Record<string, ParamValue>;
  assert.match(space.check({ ...d, mma: 'none' })!, /tensor_core/);
  assert.match(space.check({ ...d, tile_m: 16, tile_n: 32 })!, /8 columns a warp/);
  assert.match(space.check({ ...d, rows: 8 })!, /does not use rows/);
  assert.match(space.check({ ...d, variant: 'gather', mma: 'none', tile_m: 32 })!, /does not use tile_m/);
  assert.match(space.check({ ...d, variant: 'gather' })!, /goes with variant 'tiled'/);
  assert.match(moeGpuKnobSpace('cuda', params(QWEN(512, 'f32'))).check({ ...d })!, /stages f16, q8_0/);
});

test('tiled artifact: the tile list bounds the GEMM grids, its words follow the permutation; dynamic shared memory; half arithmetic; T-free source', () => {
  const p = params({ T: 50, H: 256, I: 96, E: 12, topk: 3, weight: 'f16' });
  const a = emitMoeGpu('cuda', p, TILED(32, 64, 32));
  assert.equal(a.arithmetic, 'half');
  assert.deepEqual(a.dispatches.map((x) => x.entry), ['moe_logits', 'moe_route', 'moe_group', 'moe_x_half', GATE_UP_MMA_ENTRY, DOWN_MMA_ENTRY, 'moe_combine']);
  const d = sizedDispatches(a);
  // cdiv(150, 32) + min(12, 150) tiles
  assert.deepEqual(d[4]!.grid, [Math.ceil(96 / 64), 5 + 12, 1]);
  assert.deepEqual(d[5]!.grid, [256 / 64, 5 + 12, 1]);
  const cfg = { tile_m: 32, tile_n: 64, tile_k: 32 };
  assert.deepEqual([d[4]!.dynamicSharedBytes, d[5]!.dynamicSharedBytes], [tiledSharedBytes(cfg, 2), tiledSharedBytes(cfg, 1)]);
  const meta = sizedBuffers(a).find((b) => b.name === 'moe_meta')!;
  assert.equal(meta.bytes, 4 * (metaLayout(12).perm + 2 * 150 + 1 + TILE_FIELDS * 17));
  const b = emitMoeGpu('cuda', params({ T: 999, H: 256, I: 96, E: 12, topk: 3, weight: 'f16' }), TILED(32, 64, 32));
  assert.deepEqual(a.files, b.files);
});

/** y of the tiled artifact run by the IR interpreter (every dispatch) against the float64 reference */
function emulatedNmse(raw: Record<string, ParamValue>, config: Record<string, ParamValue>, seed: number, reshape?: (inputs: Record<string, Tensor>) => Record<string, Tensor>): number {
  const p = params(raw);
  let inputs: Record<string, Tensor> = randomInputs(op, p, seed);
  if (reshape) inputs = reshape(inputs);
  const cfg = resolveMoeConfig('cuda', p, config);
  assert.equal(cfg.variant, 'tiled');
  const a = emitMoeGpu('cuda', p, config);
  const kernels = lowerMoeSimt(moeShape(p), cfg, SIMT_CAPS.cuda, false);
  const buffers: Record<string, EmulatedBuffer> = {};
  for (const b of sizedBuffers(a)) {
    const bytes = new Uint8Array(Math.ceil(b.bytes / 16) * 16);
    const t = inputs[b.name];
    if (t) bytes.set(tensorBytes(t));
    else bytes.fill(0x7f);
    buffers[b.name] = { elem: b.elem, bytes };
  }
  sizedDispatches(a).forEach((d, i) => emulateKernel(kernels[i]!, d.grid!, buffers, { T: Number(p.T) }));
  const want = op.reference(p, inputs).y!.data;
  const got = new Float32Array(buffers.y!.bytes.buffer, 0, want.length);
  let num = 0;
  let den = 0;
  for (let i = 0; i < want.length; i++) {
    assert.ok(Number.isFinite(got[i]!), `y[${i}] = ${got[i]}`);
    num += (got[i]! - want[i]!) ** 2;
    den += want[i]! ** 2;
  }
  return num / den;
}

test('emulated tiled: f16 with N and K tails and several tiles an expert; every dequantized format; all tokens on one expert; within the f16 bound', () => {
  const cases: [Record<string, ParamValue>, Record<string, ParamValue>][] = [
    // I 48: a partial n tile and a k tail of 16 in down; 40 pairs over 5 experts: several 16-row tiles each
    [{ T: 20, H: 64, I: 48, E: 5, topk: 2, normTopk: true, weight: 'f16' }, TILED(16, 64, 32)],
    [{ T: 9, H: 64, I: 64, E: 4, topk: 2, weight: 'q4_0' }, TILED(32, 32, 64)],
    [{ T: 9, H: 64, I: 64, E: 6, topk: 3, routing: 'given', weight: 'q8_0' }, TILED(16, 64, 16)],
    [{ T: 6, H: 128, I: 128, E: 3, topk: 2, weight: 'w4g128' }, TILED(16, 64, 64)],
  ];
  cases.forEach(([raw, config], i) => {
    const n = emulatedNmse(raw, config, 50 + i);
    assert.ok(n <= 1e-5 && n > 0, `${JSON.stringify(raw)} ${JSON.stringify(config)}: nmse ${n}`);
  });
  // every token on experts E-1 and 0 (the one-expert regime): 2 x cdiv(18, 16) tiles, the others idle
  const one = emulatedNmse({ T: 18, H: 64, I: 64, E: 4, topk: 2, routing: 'given', weight: 'w4g64' }, TILED(16, 64, 32), 9, (inputs) => {
    const ids = Int32Array.from({ length: 36 }, (_, j) => (j % 2 === 0 ? 3 : 0));
    return { ...inputs, ids: { ...inputs.ids!, data: ids } as Tensor };
  });
  assert.ok(one <= 1e-5, `one expert: nmse ${one}`);
});

test('nvcc: the tiled kernels build for sm_80 and sm_90 without spills at the defaults and the largest tiles; mma.sync, ldmatrix, cp.async in the PTX', { skip: !has('nvcc') && 'no nvcc' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'moe-tiled-'));
  const cases: [string, Record<string, ParamValue>, Record<string, ParamValue>][] = [
    ['f16', QWEN(512, 'f16'), {}], ['q4_0', QWEN(512, 'q4_0'), {}], ['w4g128', QWEN(512, 'w4g128'), {}], ['f16-wide', QWEN(512, 'f16'), TILED(64, 128, 64)],
  ];
  for (const [name, raw, config] of cases) {
    const a = emitMoeGpu('cuda', params(raw), config);
    assert.equal(a.config.variant, 'tiled', name);
    const src = join(dir, `${name}.cu`);
    writeFileSync(src, Object.values(a.files)[0]!);
    const ptx = spawnSync('nvcc', ['-ptx', '-arch=sm_80', src, '-o', `${src}.ptx`], { encoding: 'utf8' });
    assert.equal(ptx.status, 0, ptx.stderr);
    const text = readFileSync(`${src}.ptx`, 'utf8');
    assert.match(text, /mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32/, name);
    assert.match(text, /ldmatrix\.sync\.aligned\.m8n8\.x4\.shared\.b16/, name);
    // A (x and the hidden rows in f16) always by cp.async; f16 weights too
    assert.match(text, /cp\.async\.cg\.shared\.global/, name);
    const sass = spawnSync('nvcc', ['-O3', '-gencode', 'arch=compute_90,code=sm_90', '-Xptxas', '-v', '-c', src, '-o', `${src}.o`], { encoding: 'utf8' });
    assert.equal(sass.status, 0, sass.stderr);
    const mmaKernels = sass.stderr.split('Compiling entry function').filter((s) => /_mma'/.test(s));
    assert.equal(mmaKernels.length, 2, name);
    for (const k of mmaKernels) assert.match(k, /0 bytes spill stores, 0 bytes spill loads/, `${name}: ${k}`);
  }
});
