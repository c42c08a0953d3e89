import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { InputError, encodeNpy, getOp, randomInputs, resolveParams, tensorBytes, type ParamValue, type Params } from '@kforge/ir';
import { sizedBuffers, sizedDispatches } from '@kforge/target';
import { emitGatedDeltaRuleGpu, gatedDeltaRuleGpuKnobSpace } from './emit.ts';
import { gdrShape, resolveGdrConfig, type GdrSimtConfig } from './knobs.ts';
import { chunkedKernels, lowerRecurrent, outTiles, walkTiles } from './lower-simt.ts';
import { SIMT_CAPS, type GpuTarget, type SimtCaps } from '../gemv/knobs.ts';
import { emulateKernel, type EmulatedBuffer } from '../attention/simt-emulator.ts';

const TARGETS: GpuTarget[] = ['cuda', 'opencl', 'vulkan', 'wgsl', 'metal'];
const has = (tool: string) => spawnSync('which', [tool]).status === 0;
const op = getOp('gated_delta_rule');
const params = (raw: Record<string, ParamValue>): Params => resolveParams(op, raw);
const REPO = resolve(import.meta.dirname, '../../../..');

const H200 = (B: number, T: number): Record<string, ParamValue> => ({ B, T, Hk: 16, Hv: 16, Dk: 128, Dv: 128, l2norm: true });

test('every default is inside its knob space and rules; recurrent for short T, chunked for prefill', () => {
  const shapes: Record<string, ParamValue>[] = [
    H200(1, 1), H200(64, 1), H200(1, 8192), H200(4, 2048),
    { B: 1, T: 3, Hk: 1, Hv: 3, Dk: 48, Dv: 80 }, { B: 1, T: 20, Hk: 1, Hv: 1, Dk: 256, Dv: 200, l2norm: true },
    { B: 1, T: 9, Hk: 1, Hv: 4, Dk: 200, Dv: 256 }, { B: 1, T: 70, Hk: 3, Hv: 6, Dk: 40, Dv: 24 }, { B: 1, T: 64, Hk: 4, Hv: 16, Dk: 16, Dv: 16 },
    { B: 1, T: 1, Hk: 1, Hv: 1, Dk: 7, Dv: 5 },
  ];
  for (const target of TARGETS) {
    for (const raw of shapes) {
      const space = gatedDeltaRuleGpuKnobSpace(target, params(raw));
      const values = space.defaults as Record<string, ParamValue>;
      for (const knob of space.knobs) assert.ok(knob.values.includes(values[knob.name]!), `${target} ${JSON.stringify(raw)}: ${knob.name}=${values[knob.name]}`);
      assert.equal(space.check(values), undefined, `${target} ${JSON.stringify(raw)}`);
      assert.equal(values.variant, Number(raw.T) >= 65 ? 'chunked' : 'recurrent', `${target} ${JSON.stringify(raw)}`);
    }
  }
});

test('cuda decode default: a warp per workgroup, 4 columns per lane, subgroup reductions; 16 rows per lane (8 lanes a column group), more lanes only for 256 workgroups at B 1', () => {
  const a = emitGatedDeltaRuleGpu('cuda', params(H200(1, 1)), {});
  assert.deepEqual([a.config.k_split, a.config.vector_width, a.config.block_v, a.config.subgroup_reduce], [16, 4, 8, true]);
  const d = sizedDispatches(a)[0]!;
  assert.deepEqual(d.grid, [16, 16, 1]);
  assert.deepEqual(d.workgroup, [32, 1, 1]);
  for (const B of [8, 64]) {
    const c = emitGatedDeltaRuleGpu('cuda', params(H200(B, 1)), {});
    assert.deepEqual([c.config.k_split, c.config.vector_width, c.config.block_v, c.config.subgroup_reduce], [8, 4, 16, true]);
    assert.deepEqual(sizedDispatches(c)[0]!.grid, [8, 16, B]);
  }
});

test('the state walk tiles: rows per thread only while every thread keeps a tile', () => {
  const shape = gdrShape(params({ B: 1, T: 70, Hk: 1, Hv: 2, Dk: 24, Dv: 20 }));
  const cfg = resolveGdrConfig('cuda', params({ B: 1, T: 70, Hk: 1, Hv: 2, Dk: 24, Dv: 20 }), { variant: 'chunked', chunk: 64, block_v: 16, workgroup_size: 32 });
  assert.deepEqual(walkTiles(shape, cfg), { CJ: 4, NJ: 4, RI: 4, RS: 2 });
  const h200 = params(H200(4, 2048));
  assert.deepEqual(walkTiles(gdrShape(h200), resolveGdrConfig('cuda', h200)), { CJ: 4, NJ: 8, RI: 4, RS: 4 });
});

test('chunked default: state-walk column blocks narrower where the batch gives few of them; W and Kd staged in a launch-sized block on CUDA', () => {
  const b1 = emitGatedDeltaRuleGpu('cuda', params(H200(1, 8192)), {});
  assert.equal(b1.config.block_v, 8);
  // 4 x 2048: 32 columns, 256 walk workgroups (at 16, 512 of about 82 KB would not all be resident on the H200)
  assert.equal(emitGatedDeltaRuleGpu('cuda', params(H200(4, 2048)), {}).config.block_v, 32);
  // prep: the staged k and q rows (64 x 128 + 64 floats of skew each), A and 8 per-token arrays; walk: the state
  // block, the U block, W, Kd, the U' block and the decay; outputs: Qg, M, the H and U blocks
  assert.deepEqual(b1.dispatches.map((d) => d.dynamicSharedBytes), [
    (2 * (64 * 128 + 64) + 64 * 64 + 8 * 64) * 4, (128 * 8 + 64 * 8 + 2 * 64 * 128 + 64 * 8 + 4) * 4, (64 * 128 + 64 * 64 + 128 * 32 + 64 * 32) * 4,
  ]);
  const src = Object.values(b1.files)[0]!;
  assert.match(src, /W and Kd staged in workgroup memory, pipelined/);
  assert.match(src, /k and q rows staged \(cp\.async\)/);
  assert.match(src, /operands staged in workgroup memory \(cp\.async\)/);
  assert.match(src, /cp\.async\.cg\.shared\.global/);
  // OpenCL's 16 KB hold the state and U blocks only: W and Kd are read from scratch
  const cl = emitGatedDeltaRuleGpu('opencl', params(H200(1, 8192)), {});
  assert.match(Object.values(cl.files)[0]!, /W and Kd read from scratch/);
  assert.deepEqual(outTiles(gdrShape(params(H200(1, 8192))), resolveGdrConfig('cuda', params(H200(1, 8192)))), { BO: 32, CJ: 4, NJ: 8, RI: 4 });
});

test('a bad config is an InputError naming the knob or the rule', () => {
  const p = params({ B: 1, T: 1, Hk: 2, Hv: 4, Dk: 64, Dv: 64 });
  assert.throws(() => emitGatedDeltaRuleGpu('cuda', p, { warps: 4 }), (e: Error) => e instanceof InputError && /warps/.test(e.message));
  assert.throws(() => emitGatedDeltaRuleGpu('opencl', p, { subgroup_reduce: true }), (e: Error) => e instanceof InputError && /subgroup_reduce/.test(e.message));
  assert.throws(() => emitGatedDeltaRuleGpu('cuda', p, { variant: 'recurrent', block_v: 2, vector_width: 4 }), (e: Error) => e instanceof InputError && /multiple of vector_width/.test(e.message));
  assert.throws(() => emitGatedDeltaRuleGpu('opencl', p, { variant: 'recurrent', block_v: 64, k_split: 8, vector_width: 1 }), (e: Error) => e instanceof InputError && /threads, over 256/.test(e.message));
  assert.throws(() => emitGatedDeltaRuleGpu('cuda', p, { variant: 'recurrent', k_split: 1, vector_width: 4, block_v: 32 }), (e: Error) => e instanceof InputError && /state values per lane/.test(e.message));
  assert.throws(() => emitGatedDeltaRuleGpu('cuda', p, { variant: 'recurrent', subgroup_reduce: true, k_split: 2, block_v: 4, vector_width: 4 }), (e: Error) => e instanceof InputError && /whole subgroups/.test(e.message));
  const big = params({ B: 1, T: 500, Hk: 1, Hv: 1, Dk: 256, Dv: 256 });
  assert.throws(() => emitGatedDeltaRuleGpu('opencl', big, { variant: 'chunked', block_v: 16 }), (e: Error) => e instanceof InputError && /state walk needs/.test(e.message));
  assert.throws(() => emitGatedDeltaRuleGpu('vulkan', big, { variant: 'chunked', chunk: 64 }), (e: Error) => e instanceof InputError && /prep dispatch needs/.test(e.message));
});

test('the artifact follows the contract: q k v g beta s0 o s then scratch; B, T at run time; grids over B and T', () => {
  const p = params({ B: 2, T: 100, Hk: 1, Hv: 4, Dk: 32, Dv: 24 });
  const rec = emitGatedDeltaRuleGpu('vulkan', p, { variant: 'recurrent' });
  assert.deepEqual(sizedBuffers(rec).map((b) => [b.name, b.bytes, b.role]), [
    ['q', 2 * 100 * 32 * 4, 'in'], ['k', 2 * 100 * 32 * 4, 'in'], ['v', 2 * 100 * 4 * 24 * 4, 'in'], ['g', 2 * 100 * 4 * 4, 'in'], ['beta', 2 * 100 * 4 * 4, 'in'],
    ['s0', 2 * 4 * 32 * 24 * 4, 'in'], ['o', 2 * 100 * 4 * 24 * 4, 'out'], ['s', 2 * 4 * 32 * 24 * 4, 'out'],
  ]);
  assert.deepEqual(rec.scalars.map((s) => s.name), ['B', 'T']);
  assert.deepEqual(rec.dispatches.map((d) => d.entry), ['gdr_recurrent']);
  const ch = emitGatedDeltaRuleGpu('opencl', p, { variant: 'chunked', chunk: 16, block_v: 8 });
  assert.deepEqual(ch.dispatches.map((d) => d.entry), ['gdr_chunk_prep', 'gdr_chunk_state', 'gdr_chunk_out']);
  assert.deepEqual(sizedDispatches(ch).map((d) => d.grid), [[7, 4, 2], [3, 4, 2], [7, 4, 2]]);
  const scratch = sizedBuffers(ch).filter((b) => b.role === 'scratch');
  assert.deepEqual(scratch.map((b) => [b.name, b.bytes]), [
    ['gdr_w', 2 * 4 * 7 * 16 * 32 * 4], ['gdr_u', 2 * 4 * 7 * 16 * 24 * 4], ['gdr_qg', 2 * 4 * 7 * 16 * 32 * 4], ['gdr_kd', 2 * 4 * 7 * 16 * 32 * 4],
    ['gdr_m', 2 * 4 * 7 * 16 * 16 * 4], ['gdr_dec', 2 * 4 * 7 * 4], ['gdr_h', 2 * 4 * 7 * 32 * 24 * 4],
  ]);
  assert.deepEqual(ch.buffers.slice(0, 8).map((b) => b.name), ['q', 'k', 'v', 'g', 'beta', 's0', 'o', 's']);
});

test('the source does not change with B or T', () => {
  for (const target of TARGETS) {
    for (const variant of ['recurrent', 'chunked']) {
      const p1 = params({ B: 1, T: 1, Hk: 2, Hv: 4, Dk: 64, Dv: 48, l2norm: true });
      const config = { ...gatedDeltaRuleGpuKnobSpace(target, p1).defaults, variant };
      const a = emitGatedDeltaRuleGpu(target, p1, config);
      const b = emitGatedDeltaRuleGpu(target, params({ B: 5, T: 999, Hk: 2, Hv: 4, Dk: 64, Dv: 48, l2norm: true }), config);
      assert.deepEqual(a.files, b.files, `${target} ${variant}`);
    }
  }
});

/** o and s of the lowering run by the IR interpreter, with s0 and s one buffer (in place) */
function emulated(raw: Record<string, ParamValue>, caps: SimtCaps, target: GpuTarget, config: Record<string, ParamValue>, seed: number): { nmseO: number; nmseS: number } {
  const p = params(raw);
  const inputs = randomInputs(op, p, seed);
  const cfg: GdrSimtConfig = resolveGdrConfig(target, p, config);
  const a = emitGatedDeltaRuleGpu(target, p, cfg as unknown as Record<string, ParamValue>);
  const shape = gdrShape(p);
  const kernels = cfg.variant === 'recurrent' ? [lowerRecurrent(shape, cfg, caps)] : chunkedKernels(shape, cfg, caps, target === 'cuda').kernels;
  const buffers: Record<string, EmulatedBuffer> = {};
  for (const b of sizedBuffers(a)) {
    if (b.name === 's') continue;
    const bytes = new Uint8Array(Math.ceil(b.bytes / 16) * 16);
    const t = inputs[b.name];
    if (t) bytes.set(tensorBytes(t));
    else bytes.fill(0x7f);
    buffers[b.name] = { elem: b.elem, bytes };
  }
  buffers.s = buffers.s0!;
  const grids = sizedDispatches(a).map((d) => d.grid!);
  kernels.forEach((k, i) => emulateKernel(k, grids[i]!, buffers, { B: Number(p.B), T: Number(p.T) }));
  const ref = op.reference(p, inputs);
  const nmse = (name: 'o' | 's'): number => {
    const want = ref[name]!.data;
    const got = new Float32Array(buffers[name]!.bytes.buffer, 0, want.length);
    let num = 0;
    let den = 0;
    for (let i = 0; i < want.length; i++) {
      assert.ok(Number.isFinite(got[i]!), `${name}[${i}] = ${got[i]}`);
      num += (got[i]! - want[i]!) ** 2;
      den += want[i]! ** 2;
    }
    return num / den;
  };
  return { nmseO: nmse('o'), nmseS: nmse('s') };
}

test('emulated in place (s0 and s one buffer): both variants (the chunked one in its three dispatches), subgroup and workgroup-memory reductions, tails of rows, columns and chunks', () => {
  const cases: [Record<string, ParamValue>, GpuTarget, Record<string, ParamValue>][] = [
    [{ B: 2, T: 3, Hk: 1, Hv: 2, Dk: 24, Dv: 20, l2norm: true }, 'cuda', { variant: 'recurrent', k_split: 8, vector_width: 4, block_v: 16, subgroup_reduce: true }],
    [{ B: 1, T: 19, Hk: 2, Hv: 4, Dk: 20, Dv: 12 }, 'opencl', { variant: 'recurrent', k_split: 4, vector_width: 2, block_v: 8 }],
    [{ B: 1, T: 2, Hk: 1, Hv: 1, Dk: 9, Dv: 6, l2norm: true }, 'wgsl', { variant: 'recurrent', k_split: 1, vector_width: 1, block_v: 4 }],
    // inputs in registers, the next token's loaded during this one: rows past Dk (20 of 24), a column group past Dv,
    // Hv / Hk 2, the subgroup and the workgroup-memory reductions, with and without the dependent launch
    [{ B: 2, T: 5, Hk: 1, Hv: 2, Dk: 20, Dv: 20, l2norm: true }, 'cuda', { variant: 'recurrent', k_split: 8, vector_width: 4, block_v: 16, subgroup_reduce: true, inputs: 'registers', dependent_launch: true }],
    [{ B: 1, T: 4, Hk: 2, Hv: 4, Dk: 20, Dv: 12 }, 'opencl', { variant: 'recurrent', k_split: 4, vector_width: 2, block_v: 8, inputs: 'registers' }],
    [{ B: 1, T: 1, Hk: 1, Hv: 2, Dk: 32, Dv: 16, l2norm: true }, 'cuda', { variant: 'recurrent', k_split: 32, vector_width: 4, block_v: 4, subgroup_reduce: true, inputs: 'registers' }],
    [{ B: 2, T: 37, Hk: 1, Hv: 2, Dk: 12, Dv: 10, l2norm: true }, 'opencl', { variant: 'chunked', chunk: 16, block_v: 4, workgroup_size: 32 }],
    // the walk's register tiles: 4 x 4 of U and O, 2 x 4 of S, 4 column tiles, a column block past Dv, a tail chunk
    [{ B: 1, T: 70, Hk: 1, Hv: 2, Dk: 24, Dv: 20, l2norm: true }, 'cuda', { variant: 'chunked', chunk: 64, block_v: 16, workgroup_size: 32 }],
    // the H200 layout's vector paths: W and Kd staged, 4-row state tiles, 128-bit rows of U, H and O, an output block past Dv
    [{ B: 2, T: 45, Hk: 1, Hv: 2, Dk: 64, Dv: 24, l2norm: true }, 'cuda', { variant: 'chunked', chunk: 16, block_v: 8, workgroup_size: 32 }],
    // CUDA's staged prep, pipelined walk and staged outputs without l2norm, Hv / Hk 2, 5 chunks, two warps (norm loop over warps)
    [{ B: 2, T: 70, Hk: 1, Hv: 2, Dk: 32, Dv: 16 }, 'cuda', { variant: 'chunked', chunk: 16, block_v: 4, workgroup_size: 64 }],
    // chunk 32 with l2norm, Hv / Hk 2, the second column block past Dv (8 to 15 of 12), Dk not a multiple of 32
    [{ B: 1, T: 77, Hk: 2, Hv: 4, Dk: 20, Dv: 12, l2norm: true }, 'cuda', { variant: 'chunked', chunk: 32, block_v: 8, workgroup_size: 64 }],
    // Dk and Dv not multiples of 4: CUDA keeps the unstaged prep and outputs and the one-slot walk
    [{ B: 1, T: 40, Hk: 1, Hv: 1, Dk: 18, Dv: 10, l2norm: true }, 'cuda', { variant: 'chunked', chunk: 16, block_v: 4, workgroup_size: 32 }],
  ];
  cases.forEach(([raw, target, config], i) => {
    const { nmseO, nmseS } = emulated(raw, SIMT_CAPS[target], target, config, 11 + i);
    assert.ok(nmseO < 1e-10 && nmseS < 1e-10, `${JSON.stringify(raw)} ${JSON.stringify(config)}: o ${nmseO} s ${nmseS}`);
  });
});

/** `kforge run --check` on a target's executor: o and s against the float64 reference */
function runChecked(target: GpuTarget, raw: Record<string, ParamValue>, config: Record<string, ParamValue>, seed: number): void {
  const p = params(raw);
  const dir = mkdtempSync(join(tmpdir(), 'kf-gdr-gpu-'));
  const inDir = join(dir, 'in');
  spawnSync('mkdir', ['-p', inDir]);
  for (const [name, t] of Object.entries(randomInputs(op, p, seed))) writeFileSync(join(inDir, `${name}.npy`), encodeNpy(t));
  const run = spawnSync(process.execPath, [
    '--import', 'tsx', join(REPO, 'tools/cli/src/main.ts'), 'run', 'gated_delta_rule', '--target', target,
    '--params', JSON.stringify(raw), '--config', JSON.stringify(config), '--in', inDir, '--out', join(dir, 'out'), '--check',
  ], { cwd: REPO, encoding: 'utf8', timeout: 600_000 });
  assert.equal(run.status, 0, `${target} ${JSON.stringify(raw)} ${JSON.stringify(config)}: ${run.stdout}${run.stderr}`);
  assert.match(run.stdout, /^o: nmse .* OK$/m, run.stdout);
  assert.match(run.stdout, /^s: nmse .* OK$/m, run.stdout);
  assert.match(run.stdout, new RegExp(`"variant":"${String(config.variant)}"`), run.stdout);
  assert.ok(readFileSync(join(dir, 'out', 'o.npy')).length > 128);
}

// small shapes with tails (Dk, Dv not multiples of the lanes, T not a multiple of the chunk); each target's default layout
const EXEC_RECURRENT = { B: 2, T: 5, Hk: 1, Hv: 2, Dk: 24, Dv: 20, l2norm: true };
const EXEC_CHUNKED = { B: 1, T: 40, Hk: 1, Hv: 2, Dk: 24, Dv: 20, l2norm: true };
const EXECUTORS: [GpuTarget, string][] = [['opencl', 'pocl'], ['vulkan', 'lavapipe'], ['wgsl', 'dawn'], ['metal', 'metal-emu']];
for (const [target, executor] of EXECUTORS) {
  test(`executed on ${target} (${executor}): recurrent and chunked o and s within the bound`, { skip: process.env.KFORGE_GDR_EXEC === '0' && 'KFORGE_GDR_EXEC=0' }, () => {
    runChecked(target, EXEC_RECURRENT, { variant: 'recurrent' }, 3);
    runChecked(target, EXEC_CHUNKED, { variant: 'chunked', chunk: 16 }, 4);
  });
}

// T 4096: the value heads cycle slow, medium and fast decay (g down to -20 per token), chunked against the float64 recurrence
test('long sequence (T 4096, three decay regimes) on opencl: chunked at chunk 16 and 32 and recurrent within the bound', { skip: process.env.KFORGE_HEAVY !== '1' && 'KFORGE_HEAVY=1' }, () => {
  const raw = { B: 1, T: 4096, Hk: 1, Hv: 3, Dk: 64, Dv: 64, l2norm: true };
  runChecked('opencl', raw, { variant: 'chunked', chunk: 16 }, 5);
  runChecked('opencl', raw, { variant: 'chunked', chunk: 32 }, 5);
  runChecked('opencl', raw, { variant: 'recurrent' }, 5);
});

test('CUDA compiles for sm_90 without spills: H200 decode (B 1, 64) and prefill; 128-bit state loads and stores and warp butterflies in the recurrent kernel (PTX)', { skip: !has('nvcc') && 'no nvcc' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-cuda-gdr-'));
  for (const [i, raw] of [H200(1, 1), H200(64, 1), H200(1, 8192), H200(4, 2048), { B: 1, T: 1, Hk: 1, Hv: 4, Dk: 256, Dv: 200 }].entries()) {
    const a = emitGatedDeltaRuleGpu('cuda', params(raw), {});
    const src = join(dir, `g${i}.cu`);
    writeFileSync(src, Object.values(a.files)[0]!);
    const nvcc = spawnSync('nvcc', ['-O3', '-gencode', 'arch=compute_90,code=sm_90', '-Xptxas', '-v', '-cubin', src, '-o', `${src}.cubin`], { encoding: 'utf8' });
    assert.equal(nvcc.status, 0, `${JSON.stringify(raw)}: ${nvcc.stderr}`);
    assert.ok(!/[1-9]\d* bytes spill/.test(nvcc.stderr), `${JSON.stringify(raw)}: ${nvcc.stderr}`);
    if (a.config.variant === 'recurrent' && raw.Dk === 128) {
      // 128-bit state loads and stores (s0 may be s: no read-only path) and warp butterflies: in the PTX, and in the SASS where cuobjdump is installed
      const ptx = spawnSync('nvcc', ['-arch=sm_90', '-ptx', src, '-o', '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
      assert.equal(ptx.status, 0, ptx.stderr);
      assert.match(ptx.stdout, /ld\.global\.v4\.f32/);
      assert.match(ptx.stdout, /st\.global\.v4\.f32/);
      assert.match(ptx.stdout, /shfl\.sync\.bfly/);
      if (has('cuobjdump')) {
        const sass = spawnSync('cuobjdump', ['-sass', `${src}.cubin`], { encoding: 'utf8', maxBuffer: 256 << 20 });
        assert.equal(sass.status, 0, sass.stderr);
        assert.match(sass.stdout, /LDG\.E\.128/);
        assert.match(sass.stdout, /STG\.E\.128/);
        assert.match(sass.stdout, /SHFL\.BFLY/);
      }
    }
  }
});

test('GLSL compiles with glslangValidator and passes spirv-val (both variants)', { skip: !(has('glslangValidator') && has('spirv-val')) && 'no glslang' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-glsl-gdr-'));
  for (const variant of ['recurrent', 'chunked']) {
    const a = emitGatedDeltaRuleGpu('vulkan', params({ B: 1, T: 100, Hk: 1, Hv: 3, Dk: 48, Dv: 80 }), { variant, k_split: 4 });
    for (const [name, text] of Object.entries(a.files)) {
      const src = join(dir, name);
      writeFileSync(src, text);
      const glslang = spawnSync('glslangValidator', ['-V', '--target-env', 'vulkan1.1', src, '-o', `${src}.spv`], { encoding: 'utf8' });
      assert.equal(glslang.status, 0, `${name}: ${glslang.stdout}${glslang.stderr}`);
      const val = spawnSync('spirv-val', ['--target-env', 'vulkan1.1', `${src}.spv`], { encoding: 'utf8' });
      assert.equal(val.status, 0, `${name}: ${val.stderr}`);
    }
  }
});
