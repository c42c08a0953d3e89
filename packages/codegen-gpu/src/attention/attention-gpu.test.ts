import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, getOp, randomInputs, resolveParams, tensorBytes, type ParamValue, type Params } from '@kforge/ir';
import { sizedBuffers, sizedDispatches } from '@kforge/target';
import { attentionGpuKnobSpace, emitAttentionGpu, type GpuTarget } from '../index.ts';
import { SIMT_CAPS } from '../gemv/knobs.ts';
import { lowerAttentionSimt, type AttentionSimtConfig } from './lower-simt.ts';
import { emulateKernel, type EmulatedBuffer } from './simt-emulator.ts';

const TARGETS: GpuTarget[] = ['cuda', 'opencl', 'vulkan', 'wgsl', 'metal'];
const has = (tool: string) => spawnSync('which', [tool]).status === 0;
const params = (raw: Record<string, ParamValue>): Params => resolveParams(getOp('attention'), raw);

const H200_DECODE: Record<string, ParamValue>[] = [
  { B: 1, Hq: 32, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'f16' },
  { B: 8, Hq: 32, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'f16' },
  { B: 32, Hq: 32, Hkv: 8, Sq: 1, Skv: 2048, D: 128, kv: 'f16' },
];

test('every default is inside its knob space and rules, for decode and prefill of every storage', () => {
  const shapes: Record<string, ParamValue>[] = [
    ...H200_DECODE,
    { B: 1, Hq: 32, Hkv: 8, Sq: 4096, Skv: 4096, D: 128, causal: true, kv: 'f16' },
    { B: 1, Hq: 8, Hkv: 1, Sq: 1, Skv: 517, D: 128, kv: 'q8_0' },
    { B: 1, Hq: 3, Hkv: 3, Sq: 5, Skv: 29, D: 256, Dv: 200, kv: 'f16' },
    { B: 1, Hq: 64, Hkv: 1, Sq: 1, Skv: 9000, D: 256, kv: 'f32' },
    { B: 1, Hq: 2, Hkv: 2, Sq: 6, Skv: 9, D: 16, causal: true, window: 1, kv: 'f32' },
    { B: 1, Hq: 4, Hkv: 1, Sq: 3, Skv: 50, D: 72, window: 10, kv: 'f16' },
  ];
  for (const target of TARGETS) {
    for (const raw of shapes) {
      const space = attentionGpuKnobSpace(target, params(raw));
      const values = space.defaults as Record<string, ParamValue>;
      for (const knob of space.knobs) assert.ok(knob.values.includes(values[knob.name]!), `${target} ${JSON.stringify(raw)}: ${knob.name}=${values[knob.name]}`);
      assert.equal(space.check(values), undefined, `${target} ${JSON.stringify(raw)}`);
    }
  }
});

test('decode defaults on cuda: the kv heads x splits fill a 132-SM part at 4 workgroups an SM, the cp.async ring, 16 bytes per lane, subgroup reductions', () => {
  for (const raw of H200_DECODE) {
    const a = emitAttentionGpu('cuda', params(raw), {});
    const grid = sizedDispatches(a)[0]!.grid!;
    // B 1: the splits stop at 128 keys each (32 at Skv 4096)
    assert.ok(grid[0] * grid[1] * grid[2] >= (raw.B === 1 ? 256 : 512), `${JSON.stringify(raw)}: ${grid}`);
    assert.equal(a.config.vector_width, 8, '16 bytes per lane: 16 lanes per f16 row of 128');
    assert.equal(a.config.kv_stages, 3, 'three tiles in the ring, two in flight');
    assert.equal(a.config.lazy_rescale, true);
    assert.equal(a.config.dependent_launch, true);
    assert.ok(a.dispatches.every((d) => d.dependentLaunch === true));
    assert.equal(a.config.subgroup_reduce, true);
    assert.equal(a.config.block_q, 4, 'one workgroup holds the 4 query heads of its kv head');
  }
  // 8 query heads per kv head (Qwen3-30B-A3B): two workgroups of 4 rows each
  assert.equal(emitAttentionGpu('cuda', params({ B: 1, Hq: 32, Hkv: 4, Sq: 1, Skv: 4096, D: 128, kv: 'f16' }), {}).config.block_q, 4);
  // q8_0 keeps the register pipeline (its rows are not 16-byte chunks)
  assert.equal(emitAttentionGpu('cuda', params({ B: 1, Hq: 32, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' }), {}).config.kv_stages, 1);
});

test('a bad config is an InputError naming the knob or the rule', () => {
  const p = params({ Hq: 4, Hkv: 2, Sq: 1, Skv: 64, D: 64, kv: 'f16' });
  assert.throws(() => emitAttentionGpu('cuda', p, { warps: 4 }), (e: Error) => e instanceof InputError && /warps/.test(e.message));
  assert.throws(() => emitAttentionGpu('opencl', p, { subgroup_reduce: true }), (e: Error) => e instanceof InputError && /subgroup_reduce/.test(e.message));
  assert.throws(() => emitAttentionGpu('wgsl', p, { workgroup_size: 64, block_kv: 3 }), InputError);
  assert.throws(() => emitAttentionGpu('cuda', p, { mma: 'mma_sync' }), (e: Error) => e instanceof InputError && /mma/.test(e.message));
});

test('the artifact follows the contract: q, k, v, o then scratch; B, Sq, Skv at run time; split-KV adds the combine dispatch', () => {
  const p = params({ B: 2, Hq: 16, Hkv: 2, Sq: 1, Skv: 300, D: 128, kv: 'q8_0' });
  const a = emitAttentionGpu('vulkan', p, { kv_splits: 4 });
  assert.deepEqual(sizedBuffers(a).map((b) => [b.name, b.bytes, b.role]), [
    ['q', 2 * 16 * 128 * 4, 'in'], ['k', 2 * 2 * 300 * 4 * 34, 'in'], ['v', 2 * 2 * 300 * 4 * 34, 'in'], ['o', 2 * 16 * 128 * 4, 'out'],
    ['partial_ml', 2 * 16 * 4 * 2 * 4, 'scratch'], ['partial_o', 2 * 16 * 4 * 128 * 4, 'scratch'],
  ]);
  assert.deepEqual(a.scalars.map((s) => s.name), ['B', 'Sq', 'Skv']);
  assert.deepEqual(a.dispatches.map((d) => d.entry), ['attention', 'attention_combine']);
  assert.deepEqual(a.dispatches[0]!.args, ['q', 'k', 'v', 'partial_ml', 'partial_o', 'B', 'Sq', 'Skv']);
  assert.deepEqual(sizedDispatches(a)[0]!.grid, [1, 4, 4]);
  assert.deepEqual(Object.keys(a.files), ['attention.comp', 'attention_combine.comp']);
  const prefill = emitAttentionGpu('opencl', params({ B: 1, Hq: 4, Hkv: 2, Sq: 45, Skv: 45, D: 64, causal: true }), { kv_splits: 1, block_q: 4 });
  assert.deepEqual(prefill.dispatches.map((d) => d.entry), ['attention']);
  assert.deepEqual(prefill.buffers.map((b) => b.name), ['q', 'k', 'v', 'o']);
  assert.deepEqual(sizedDispatches(prefill)[0]!.grid, [Math.ceil((45 * 2) / 4), 1, 2]);
});

test('the source does not change with B, Sq or Skv', () => {
  for (const target of TARGETS) {
    const config = attentionGpuKnobSpace(target, params({ B: 1, Hq: 8, Hkv: 2, Sq: 1, Skv: 100, D: 64, kv: 'f16', causal: true })).defaults;
    const a = emitAttentionGpu(target, params({ B: 1, Hq: 8, Hkv: 2, Sq: 1, Skv: 100, D: 64, kv: 'f16', causal: true }), config);
    const b = emitAttentionGpu(target, params({ B: 3, Hq: 8, Hkv: 2, Sq: 7, Skv: 999, D: 64, kv: 'f16', causal: true }), config);
    assert.deepEqual(a.files, b.files, target);
  }
});

test('CUDA compiles for sm_90 without spills: the H200 decode shapes, q8_0 decode, f16 causal prefill', { skip: !has('nvcc') && 'no nvcc' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-cuda-attn-'));
  const cases: Record<string, ParamValue>[] = [
    H200_DECODE[0]!,
    { B: 1, Hq: 32, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' },
    { B: 1, Hq: 32, Hkv: 8, Sq: 4096, Skv: 4096, D: 128, causal: true, kv: 'f16' },
  ];
  cases.forEach((raw, i) => {
    // the SIMT lowering (the tensor-core prefill has its own tests)
    const a = emitAttentionGpu('cuda', params(raw), { mma: 'none' });
    const src = join(dir, `a${i}.cu`);
    writeFileSync(src, Object.values(a.files)[0]!);
    const nvcc = spawnSync('nvcc', ['-O3', '-gencode', 'arch=compute_90,code=sm_90', '-Xptxas', '-v', '-c', src, '-o', `${src}.o`], { encoding: 'utf8' });
    assert.equal(nvcc.status, 0, `${JSON.stringify(raw)}: ${nvcc.stderr}`);
    assert.match(nvcc.stderr, /Used \d+ registers/);
    assert.ok(!/[1-9]\d* bytes spill/.test(nvcc.stderr), `${JSON.stringify(raw)}: ${nvcc.stderr}`);
    if (raw.kv === 'f16' && raw.Sq === 1) {
      // f16 decode copies K and V tiles by 16-byte cp.async and reads each lane's slice as 16-byte vectors of the ring
      const ptx = spawnSync('nvcc', ['-arch=sm_90', '-ptx', src, '-o', '-'], { encoding: 'utf8' });
      assert.equal(ptx.status, 0, ptx.stderr);
      assert.match(ptx.stdout, /cp\.async\.cg\.shared\.global \[%r\d+\], \[%rd\d+\], 16;/);
      assert.match(ptx.stdout, /ld\.shared\.v4\.u32/);
      assert.match(ptx.stdout, /shfl\.sync\.bfly/);
      assert.match(ptx.stdout, /griddepcontrol\.wait/);
      assert.match(ptx.stdout, /ex2\.approx\.ftz\.f32/);
    }
  });
});

test('GLSL compiles with glslangValidator and passes spirv-val (decode with splits, q8_0)', { skip: !(has('glslangValidator') && has('spirv-val')) && 'no glslang' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-glsl-attn-'));
  const a = emitAttentionGpu('vulkan', params({ B: 1, Hq: 4, Hkv: 2, Sq: 1, Skv: 133, D: 96, Dv: 64, window: 50, kv: 'q8_0' }), { kv_splits: 2 });
  for (const [name, text] of Object.entries(a.files)) {
    const src = join(dir, name);
    writeFileSync(src, text);
    const spv = `${src}.spv`;
    const glslang = spawnSync('glslangValidator', ['-V', '--target-env', 'vulkan1.1', src, '-o', spv], { encoding: 'utf8' });
    assert.equal(glslang.status, 0, `${name}: ${glslang.stdout}${glslang.stderr}`);
    const val = spawnSync('spirv-val', ['--target-env', 'vulkan1.1', spv], { encoding: 'utf8' });
    assert.equal(val.status, 0, `${name}: ${val.stderr}`);
  }
});

// execution is the conformance matrix's (tools/cli/src/conformance/verify-attention.test.ts: every shape, default and a
// drawn config, on every GPU executor here); codegen may not import the executors

/** nmse of the emulated SIMT kernels (simt-emulator.ts: every dispatch in order) against the op's float64 reference */
function emulatedSimtNmse(target: GpuTarget, raw: Record<string, ParamValue>, config: Record<string, ParamValue>, seed = 5): { nmse: number; artifact: ReturnType<typeof emitAttentionGpu> } {
  const op = getOp('attention');
  const p = params(raw);
  const inputs = randomInputs(op, p, seed);
  const a = emitAttentionGpu(target, p, config);
  const kernels = lowerAttentionSimt(p, a.config as unknown as AttentionSimtConfig, SIMT_CAPS[target], { exp2: target === 'cuda' });
  const buffers: Record<string, EmulatedBuffer> = {};
  for (const b of sizedBuffers(a)) {
    const t = inputs[b.name];
    const bytes = new Uint8Array(Math.ceil(b.bytes / 16) * 16);
    if (t) bytes.set(tensorBytes(t));
    else if (b.role !== 'in') new Float32Array(bytes.buffer).fill(Number.NaN);
    buffers[b.name] = { elem: b.elem, bytes };
  }
  const grids = sizedDispatches(a).map((d) => d.grid!);
  kernels.forEach((k, i) => emulateKernel(k, grids[i]!, buffers, { B: Number(p.B), Sq: Number(p.Sq), Skv: Number(p.Skv) }));
  const ref = op.reference(p, inputs).o!.data;
  const o = new Float32Array(buffers.o!.bytes.buffer, 0, ref.length);
  let num = 0;
  let den = 0;
  for (let i = 0; i < ref.length; i++) {
    assert.ok(Number.isFinite(o[i]!), `${JSON.stringify(raw)} ${JSON.stringify(config)}: o[${i}] = ${o[i]}`);
    num += (o[i]! - ref[i]!) ** 2;
    den += ref[i]! ** 2;
  }
  return { nmse: num / den, artifact: a };
}

test('emulated: the cp.async tile ring (kv_stages 2-4), dependent launch, lazy rescaling and base-2 scores on cuda, tails of keys and splits, masks, grouped heads', () => {
  const cases: [Record<string, ParamValue>, Record<string, ParamValue>][] = [
    // decode, GQA 4, Skv not a multiple of the tile, splits whose last range is short
    [{ B: 2, Hq: 8, Hkv: 2, Sq: 1, Skv: 203, D: 64, kv: 'f16' }, { kv_stages: 2, kv_splits: 4, block_kv: 16, dependent_launch: true }],
    [{ B: 1, Hq: 8, Hkv: 2, Sq: 1, Skv: 203, D: 64, kv: 'f16' }, { kv_stages: 3, kv_splits: 2, block_kv: 32, lazy_rescale: true }],
    [{ B: 1, Hq: 4, Hkv: 1, Sq: 1, Skv: 77, D: 128, kv: 'f16' }, { kv_stages: 4, kv_splits: 1, block_kv: 16 }],
    // f32 KV, Dv != D, causal chunked prefill with a window (tiles the masks skip), more splits than some ranges need
    [{ B: 1, Hq: 4, Hkv: 2, Sq: 9, Skv: 150, D: 32, Dv: 48, causal: true, window: 40, kv: 'f32' }, { kv_stages: 3, kv_splits: 8, block_q: 4, vector_width: 4, block_kv: 16, lazy_rescale: true }],
    // the register pipeline with exp2 and dependent launch, q8_0 (kv_stages 1 only)
    [{ B: 1, Hq: 8, Hkv: 1, Sq: 1, Skv: 300, D: 64, kv: 'q8_0' }, { kv_splits: 4, dependent_launch: true, lazy_rescale: true }],
    [{ B: 2, Hq: 8, Hkv: 2, Sq: 1, Skv: 203, D: 64, kv: 'f16' }, { kv_stages: 1, kv_splits: 4, dependent_launch: false, lazy_rescale: false }],
    // the cuda decode default
    [{ B: 2, Hq: 8, Hkv: 2, Sq: 1, Skv: 333, D: 128, kv: 'f16' }, {}],
  ];
  for (const [raw, config] of cases) {
    const { nmse, artifact } = emulatedSimtNmse('cuda', raw, config);
    assert.ok(nmse <= 1e-9, `${JSON.stringify(raw)} ${JSON.stringify(config)}: nmse ${nmse}`);
    for (const [k, value] of Object.entries(config)) assert.equal(artifact.config[k], value, k);
    const src = Object.values(artifact.files).join('\n');
    assert.match(src, /kf_exp2/, 'cuda scores in base 2');
    if (Number(config.kv_stages ?? 1) > 1) {
      assert.match(src, /cp\.async/);
      assert.ok((artifact.dispatches[0]!.dynamicSharedBytes ?? 0) > 0, 'the ring is sized at launch');
    }
    const dependent = artifact.config.dependent_launch === true;
    assert.equal(artifact.dispatches.every((d) => d.dependentLaunch === (dependent ? true : undefined)), true);
    assert.equal(/kf_wait_previous_grid\(\);/.test(src), dependent);
  }
  // the other dialects keep exp and have no ring
  const p = params({ B: 1, Hq: 8, Hkv: 2, Sq: 1, Skv: 203, D: 64, kv: 'f16' });
  for (const target of ['opencl', 'vulkan', 'wgsl', 'metal'] as const) {
    const space = attentionGpuKnobSpace(target, p);
    assert.deepEqual(space.knobs.find((k) => k.name === 'kv_stages')!.values, [1], target);
    assert.deepEqual(space.knobs.find((k) => k.name === 'dependent_launch')!.values, [false], target);
    assert.throws(() => emitAttentionGpu(target, p, { kv_stages: 2 }), InputError);
  }
  // q8_0 rows are not whole 16-byte chunks: no ring
  assert.throws(() => emitAttentionGpu('cuda', params({ B: 1, Hq: 8, Hkv: 1, Sq: 1, Skv: 300, D: 64, kv: 'q8_0' }), { kv_stages: 2 }), InputError);
});

test('emulated on the other dialects: splits, both rescaling rules, exp, no ring: agree with the reference', () => {
  for (const target of ['opencl', 'vulkan', 'metal'] as const) {
    for (const lazy_rescale of [false, true]) {
      const { nmse } = emulatedSimtNmse(target, { B: 1, Hq: 8, Hkv: 2, Sq: 1, Skv: 203, D: 64, kv: 'f16' }, { kv_splits: 2, lazy_rescale });
      assert.ok(nmse <= 1e-9, `${target} lazy_rescale ${lazy_rescale}: nmse ${nmse}`);
    }
  }
});
