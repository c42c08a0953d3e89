import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, WEIGHT_FORMAT_NAMES, type ParamValue } from '@kforge/ir';
import { emitGemvGpu, gemvGpuDefaults, gemvGpuKnobSpace, type GpuTarget } from '../index.ts';

const TARGETS: GpuTarget[] = ['cuda', 'opencl', 'vulkan', 'wgsl', 'metal'];
const has = (tool: string) => spawnSync('which', [tool]).status === 0;

test('every default config is inside its own knob space and constraints', () => {
  for (const target of TARGETS) {
    for (const weight of WEIGHT_FORMAT_NAMES) {
      for (const M of [1, 16, 64]) {
        const params = { M, N: 37, K: 256, weight, act: 'f32', bias: false };
        const cfg = gemvGpuDefaults(target, params);
        const space = gemvGpuKnobSpace(target, params);
        const values = cfg as unknown as Record<string, ParamValue>;
        for (const knob of space.knobs) assert.ok(knob.values.includes(values[knob.name]!), `${target} ${weight} M=${M}: ${knob.name}=${values[knob.name]}`);
        assert.equal(space.check(values), undefined, `${target} ${weight} M=${M}`);
        assert.deepEqual(space.defaults, cfg);
      }
    }
  }
});

test('a bad config is an InputError that names the knob', () => {
  const params = { M: 1, N: 8, K: 64, weight: 'q4_0', act: 'f32', bias: false };
  assert.throws(() => emitGemvGpu('cuda', params, { warps: 4 }), (e: Error) => e instanceof InputError && /warps/.test(e.message));
  assert.throws(() => emitGemvGpu('wgsl', params, { subgroup_reduce: true }), (e: Error) => e instanceof InputError && /subgroup_reduce/.test(e.message));
  assert.throws(() => emitGemvGpu('opencl', { ...params, M: 64 }, { workgroup_size: 256, rows_per_block: 8 }), InputError);
});

test('the artifact follows the binding ABI: buffers, scalars, dispatch grid over N and split-K', () => {
  const a = emitGemvGpu('vulkan', { M: 2, N: 100000, K: 128, weight: 'w4g64', act: 'f16', bias: true }, { split_k: 2, rows_per_block: 1 });
  assert.deepEqual(a.buffers.map((b) => [b.name, b.bytes, b.role]), [
    ['x', 2 * 128 * 2, 'in'], ['W', 100000 * 64, 'in'], ['W_scale', 100000 * 2 * 2, 'in'], ['W_min', 100000 * 2 * 2, 'in'],
    ['bias', 400000, 'in'], ['y', 800000, 'out'], ['partial', 1600000, 'scratch'],
  ]);
  assert.deepEqual(a.dispatches.map((d) => d.entry), ['gemv', 'gemv_splitk_reduce']);
  const [gx, gy, gz] = a.dispatches[0]!.grid!;
  assert.ok(gx <= 65535 && gx * gy >= 100000 && gz === 2);
  assert.deepEqual(Object.keys(a.files), ['gemv.comp', 'gemv_splitk_reduce.comp']);
  assert.deepEqual(a.dispatches[0]!.args, ['x', 'W', 'W_scale', 'W_min', 'partial', 'M', 'N', 'K']);
});

const GPU_FORMATS = ['f32', 'f16', 'bf16', 'q8_0', 'q4_0', 'q4_1', 'w4g32', 'w4g64', 'w4g128'] as const;

test('GLSL compiles with glslangValidator and passes spirv-val', { skip: !has('glslangValidator') && 'no glslangValidator' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-glsl-'));
  for (const weight of GPU_FORMATS) {
    const configs: Record<string, ParamValue>[] = [{}, { subgroup_reduce: true, k_unroll: 2, rows_per_block: 2, split_k: 2 }];
    for (const config of configs) {
      const a = emitGemvGpu('vulkan', { M: 3, N: 37, K: 256, weight, act: weight === 'f16' ? 'f32' : 'f16', bias: true }, config);
      for (const [name, text] of Object.entries(a.files)) {
        const src = join(dir, `${weight}-${name}`);
        writeFileSync(src, text);
        execFileSync('glslangValidator', ['-V', '--target-env', 'vulkan1.3', '-S', 'comp', '-o', `${src}.spv`, src]);
        execFileSync('spirv-val', ['--target-env', 'vulkan1.3', `${src}.spv`]);
      }
    }
  }
});

test('CUDA compiles for sm_90 without spills (decode shapes, f16 and q4_0)', { skip: !has('nvcc') && 'no nvcc' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-cuda-'));
  for (const weight of ['f16', 'q4_0', 'w4g128'] as const) {
    const a = emitGemvGpu('cuda', { M: 1, N: 4096, K: 4096, weight, act: 'f32', bias: false });
    const src = join(dir, `${weight}.cu`);
    writeFileSync(src, a.files['gemv.cu']!);
    const nvcc = spawnSync('nvcc', ['-O3', '-gencode', 'arch=compute_90,code=sm_90', '-Xptxas', '-v', '-c', src, '-o', `${src}.o`], { encoding: 'utf8' });
    assert.equal(nvcc.status, 0, `${weight}: ${nvcc.stderr}`);
    assert.match(nvcc.stderr, /Used \d+ registers/);
    assert.ok(!/[1-9]\d* bytes spill/.test(nvcc.stderr), `${weight}: ${nvcc.stderr}`);
  }
});
