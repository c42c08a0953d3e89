import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, WEIGHT_FORMAT_NAMES, type ParamValue } from '@kforge/ir';
import { sizedBuffers, sizedDispatches } from '@kforge/target';
import { emitGemvGpu, gemvGpuKnobSpace, resolveGemvConfig, type GpuTarget } from '../index.ts';

const TARGETS: GpuTarget[] = ['cuda', 'opencl', 'vulkan', 'wgsl', 'metal'];
const has = (tool: string) => spawnSync('which', [tool]).status === 0;

test('every default config is inside its own knob space and constraints', () => {
  for (const target of TARGETS) {
    for (const weight of WEIGHT_FORMAT_NAMES) {
      for (const M of [1, 16, 64]) {
        const params = { M, N: 37, K: 256, weight, act: 'f32', bias: false };
        const space = gemvGpuKnobSpace(target, params);
        const values = space.defaults as Record<string, ParamValue>;
        for (const knob of space.knobs) assert.ok(knob.values.includes(values[knob.name]!), `${target} ${weight} M=${M}: ${knob.name}=${values[knob.name]}`);
        assert.equal(space.check(values), undefined, `${target} ${weight} M=${M}`);
      }
    }
  }
});

test('a bad config is an InputError that names the knob', () => {
  const params = { M: 1, N: 8, K: 64, weight: 'q4_0', act: 'f32', bias: false };
  assert.throws(() => emitGemvGpu('cuda', params, { warps: 4 }), (e: Error) => e instanceof InputError && /warps/.test(e.message));
  assert.throws(() => emitGemvGpu('opencl', params, { subgroup_reduce: true }), (e: Error) => e instanceof InputError && /subgroup_reduce/.test(e.message));
  assert.throws(() => emitGemvGpu('opencl', { ...params, M: 64 }, { workgroup_size: 256, rows_per_block: 8 }), InputError);
});

test('the artifact follows the binding ABI: buffers, scalars, dispatch grid over N and split-K', () => {
  const a = emitGemvGpu('vulkan', { M: 2, N: 100000, K: 128, weight: 'w4g64', act: 'f16', bias: true }, { split_k: 2, rows_per_block: 1 });
  assert.deepEqual(sizedBuffers(a).map((b) => [b.name, b.bytes, b.role]), [
    ['x', 2 * 128 * 2, 'in'], ['W', 100000 * 64, 'in'], ['W_scale', 100000 * 2 * 2, 'in'], ['W_min', 100000 * 2 * 2, 'in'],
    ['bias', 400000, 'in'], ['y', 800000, 'out'], ['partial', 1600000, 'scratch'],
  ]);
  assert.deepEqual(a.dispatches.map((d) => d.entry), ['gemv', 'gemv_splitk_reduce']);
  const [gx, gy, gz] = sizedDispatches(a)[0]!.grid!;
  assert.ok(gx <= 65535 && gx * gy >= 100000 && gz === 2);
  assert.deepEqual(Object.keys(a.files), ['gemv.comp', 'gemv_splitk_reduce.comp']);
  assert.deepEqual(a.dispatches[0]!.args, ['x', 'W', 'W_scale', 'W_min', 'partial', 'M', 'N', 'K']);
});

const GPU_FORMATS = ['f32', 'f16', 'bf16', 'q8_0', 'q4_0', 'q4_1', 'w4g32', 'w4g64', 'w4g128'] as const;
const QUANTIZED = ['q8_0', 'q4_0', 'q4_1', 'w4g32', 'w4g64', 'w4g128'] as const;

test('dot_path: int8 is in the knob space of every quantized format on every target, the default on cuda only', () => {
  for (const target of TARGETS) {
    for (const weight of GPU_FORMATS) {
      const params = { M: 1, N: 64, K: 256, weight, act: 'f16', bias: false };
      const domain = gemvGpuKnobSpace(target, params).knobs.find((k) => k.name === 'dot_path')!.values;
      assert.deepEqual(domain, (QUANTIZED as readonly string[]).includes(weight) ? ['float', 'int8'] : ['float'], `${target} ${weight}`);
      const int8Default = target === 'cuda' && (QUANTIZED as readonly string[]).includes(weight);
      assert.equal(gemvGpuKnobSpace(target, params).defaults.dot_path, int8Default ? 'int8' : 'float', `${target} ${weight}`);
    }
  }
  assert.throws(() => emitGemvGpu('cuda', { M: 1, N: 8, K: 64, weight: 'f16', act: 'f16', bias: false }, { dot_path: 'int8' }),
    (e: Error) => e instanceof InputError && /dot_path/.test(e.message));
});

test('the int8 path: a quantize dispatch writing scratch before the gemv, the int8 accuracy class', () => {
  const M = 3;
  const K = 256;
  for (const [weight, stride] of [['q8_0', 1], ['q4_0', 2], ['w4g64', 2]] as const) {
    const a = emitGemvGpu('opencl', { M, N: 37, K, weight, act: 'f16', bias: true }, { dot_path: 'int8', split_k: 2 });
    assert.equal(a.arithmetic, 'int8-activations');
    assert.deepEqual(a.dispatches.map((d) => d.entry), ['gemv_quantize_x', 'gemv', 'gemv_splitk_reduce']);
    const scratch = sizedBuffers(a).filter((b) => b.role === 'scratch').map((b) => [b.name, b.bytes]);
    // one byte per element of x; d (and d·Σq for an offset or min) per 32 elements
    assert.deepEqual(scratch, [['xq', M * K], ['xs', (M * K / 32) * stride * 4], ['partial', 2 * M * 37 * 4]], weight);
    const [quantize, main] = sizedDispatches(a);
    assert.deepEqual(quantize!.args, ['x', 'xq', 'xs', 'M', 'N', 'K']);
    assert.ok(!main!.args.includes('x') && main!.args.includes('xq') && main!.args.includes('xs'));
    // 8 threads per 32-block: M·K/4 threads in workgroups of 64
    assert.equal(quantize!.grid![0] * quantize!.workgroup![0], Math.ceil((M * K) / 4 / 64) * 64);
  }
  assert.equal(emitGemvGpu('opencl', { M, N: 37, K, weight: 'q4_0', act: 'f16', bias: true }).arithmetic, undefined);
});

test("quantize_x: the others than 'dispatch' only on the int8 path, 'workgroup' where the quantized x fits the workgroup memory", () => {
  for (const target of TARGETS) {
    for (const weight of GPU_FORMATS) {
      const space = gemvGpuKnobSpace(target, { M: 1, N: 64, K: 256, weight, act: 'f16', bias: false });
      const quantized = (QUANTIZED as readonly string[]).includes(weight);
      assert.deepEqual(space.knobs.find((k) => k.name === 'quantize_x')!.values, quantized ? ['dispatch', 'workgroup', 'registers'] : ['dispatch'], `${target} ${weight}`);
      // CUDA decode of quantized weights quantizes x in registers (measured on the H200); elsewhere the pre-pass
      assert.equal(space.defaults.quantize_x, target === 'cuda' && quantized ? 'registers' : 'dispatch', `${target} ${weight}`);
      if (!quantized) continue;
      // the float path with another quantize_x would time the same kernel twice
      for (const where of ['workgroup', 'registers']) {
        assert.match(space.check({ ...space.defaults, dot_path: 'float', quantize_x: where }) ?? '', /needs dot_path 'int8'/);
        assert.equal(space.check({ ...space.defaults, dot_path: 'int8', quantize_x: where }), undefined, `${target} ${weight} ${where}`);
      }
    }
  }
  // OpenCL has 16 KiB: M * K codes + M * K / 32 scales (two per block for q4_0's offset) + the reduction
  const opencl = (M: number, K: number) => gemvGpuKnobSpace('opencl', { M, N: 64, K, weight: 'q4_0', act: 'f32', bias: false });
  const workgroup = { dot_path: 'int8', quantize_x: 'workgroup' };
  assert.equal(opencl(1, 12288).check({ ...opencl(1, 12288).defaults, ...workgroup }), undefined);
  assert.match(opencl(1, 16384).check({ ...opencl(1, 16384).defaults, ...workgroup }) ?? '', /quantized x .* need 20736 bytes of workgroup memory, over 16384/);
  assert.match(opencl(3, 8192).check({ ...opencl(3, 8192).defaults, ...workgroup }) ?? '', /over 16384/);
  // knobs left to their defaults give way: quantize_x alone brings the int8 path with it; both given and clashing is an error
  assert.equal(emitGemvGpu('opencl', { M: 1, N: 8, K: 64, weight: 'q4_0', act: 'f32', bias: false }, { quantize_x: 'workgroup' }).config.dot_path, 'int8');
  assert.throws(() => emitGemvGpu('opencl', { M: 1, N: 8, K: 64, weight: 'q4_0', act: 'f32', bias: false }, { quantize_x: 'workgroup', dot_path: 'float' }),
    (e: Error) => e instanceof InputError && /quantize_x/.test(e.message));
});

test("quantize_x 'workgroup': one dispatch reading x, no scratch but split-K's, workgroup arrays sized for K", () => {
  const M = 3;
  const K = 160;
  for (const [weight, stride] of [['q8_0', 1], ['q4_1', 2], ['w4g32', 2]] as const) {
    const params = { M, N: 37, K, weight, act: 'f16', bias: true };
    const a = emitGemvGpu('opencl', params, { dot_path: 'int8', quantize_x: 'workgroup', split_k: 2 });
    assert.equal(a.arithmetic, 'int8-activations');
    assert.equal(a.maxK, K, 'the code serves K up to the one its workgroup memory is sized for');
    assert.deepEqual(a.dispatches.map((d) => d.entry), ['gemv', 'gemv_splitk_reduce']);
    assert.deepEqual(a.dispatches[0]!.args, ['x', 'W', ...(weight === 'w4g32' ? ['W_scale', 'W_min'] : []), 'partial', 'M', 'N', 'K']);
    assert.deepEqual(a.buffers.filter((b) => b.role === 'scratch').map((b) => b.name), ['partial']);
    const source = a.files['gemv.cl']!;
    assert.match(source, new RegExp(`__local uint xq\\[${(M * K) / 4}\\];\\n\\s*__local float xs\\[${((M * K) / 32) * stride}\\];`), weight);
    // one thread per 32-block, strided by the workgroup; then the barrier every thread reaches
    assert.match(source, /for \(int qblk = tid; qblk < \(\(M \* K\) \/ 32\); qblk \+= 64\) \{[^]*?\n {2}\}\n {2}barrier\(CLK_LOCAL_MEM_FENCE\);/);
    assert.match(source, /vload4\(0, &xq\[/, 'OpenCL vector loads read local memory too');
    assert.equal(emitGemvGpu('opencl', params, { dot_path: 'int8', split_k: 2 }).maxK, undefined);
  }
  const params = { M: 1, N: 64, K: 4096, weight: 'q4_0', act: 'f16', bias: false };
  const cuda = emitGemvGpu('cuda', params, { dot_path: 'int8', quantize_x: 'workgroup' }).files['gemv.cu']!;
  // uint4 / float2 loads from shared memory need the arrays aligned
  assert.match(cuda, /__shared__ __align__\(16\) unsigned int xq\[1024\];\n\s*__shared__ __align__\(16\) float xs\[256\];/);
  assert.match(cuda, /\(const uint4\*\)\(&xq\[/);
  assert.match(cuda, /\(const float2\*\)\(&xs\[/);
  // MSL's vector loads read device memory: words from threadgroup memory
  const metal = emitGemvGpu('metal', params, { dot_path: 'int8', quantize_x: 'workgroup' }).files['gemv.metal']!;
  assert.match(metal, /threadgroup uint xq\[1024\];/);
  assert.doesNotMatch(metal, /\*\)\(&x[qs]\[/);
});

test('the int8 dot is one IR call spelled per dialect: __dp4a on CUDA, integer math elsewhere', () => {
  const params = { M: 1, N: 37, K: 128, weight: 'w4g32', act: 'f32', bias: false };
  const source = (target: GpuTarget, config: Record<string, ParamValue>) => Object.values(emitGemvGpu(target, params, config).files).join('\n');
  assert.match(source('cuda', { dot_path: 'int8' }), /__dp4a\(/);
  for (const target of ['opencl', 'vulkan', 'wgsl', 'metal'] as const) {
    const int8 = source(target, { dot_path: 'int8' });
    assert.match(int8, /kf_dot4_i8\(\(/, target);
    assert.doesNotMatch(int8, /__dp4a/, target);
  }
  // WGSL prints the helper only into the module that calls it
  const wgsl = emitGemvGpu('wgsl', params, { dot_path: 'int8' }).files;
  assert.doesNotMatch(wgsl['gemv_quantize_x.wgsl']!, /fn kf_dot4_i8/);
  assert.match(wgsl['gemv.wgsl']!, /fn kf_dot4_i8/);
  assert.doesNotMatch(source('wgsl', {}), /kf_dot4_i8/);
});

test('quantized weight loads: 16-byte vector loads only where aligned, q8_0 whole blocks from 9 words', () => {
  const params = (weight: string) => ({ M: 1, N: 64, K: 256, weight, act: 'f32', bias: false });
  const config = { vector_width: 16, rows_per_block: 1, k_unroll: 1 };
  const cuda = (weight: string, extra: Record<string, ParamValue> = {}) => emitGemvGpu('cuda', params(weight), { ...config, ...extra }).files['gemv.cu']!;
  // planar codes are 16-byte aligned: one uint4 per chunk
  assert.match(cuda('w4g128'), /\(const uint4\*\)\(&W\[/);
  // q4_1 blocks are 20 bytes: a uint4 there would fault on CUDA; 4 word loads instead
  assert.doesNotMatch(cuda('q4_1'), /\(const uint[24]\*\)\(&W\[/);
  assert.ok(gemvGpuKnobSpace('cuda', params('q8_0')).knobs.find((k) => k.name === 'vector_width')!.values.includes(32));
  assert.equal(gemvGpuKnobSpace('cuda', params('q8_0')).defaults.vector_width, 16, 'the default stays one 16-byte load');
  assert.equal(cuda('q8_0', { vector_width: 32 }).match(/= W\[/g)!.length, 9, '34-byte q8_0 block: 9 words, scale included');
  assert.equal(cuda('q4_0').match(/= W\[/g)!.length, 5, '18-byte q4_0 block: 5 words, scale included');
});

test('GLSL compiles with glslangValidator and passes spirv-val', { skip: !has('glslangValidator') && 'no glslangValidator' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-glsl-'));
  for (const weight of GPU_FORMATS) {
    const configs: Record<string, ParamValue>[] = [{}, { subgroup_reduce: true, k_unroll: 2, rows_per_block: 2, split_k: 2 }];
    if ((QUANTIZED as readonly string[]).includes(weight)) {
      configs.push({ dot_path: 'int8', vector_width: 4, rows_per_block: 2 }, { dot_path: 'int8', quantize_x: 'workgroup', subgroup_reduce: true });
    }
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

test('CUDA compiles for sm_90 without spills (decode shapes, f16, q4_0, q8_0, w4g128; float and int8 paths)', { skip: !has('nvcc') && 'no nvcc' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-cuda-'));
  const cases: [string, Record<string, ParamValue>][] = [
    ['f16', {}], ['q4_0', {}], ['w4g128', {}], ['q8_0', {}],
    ['q4_0', { dot_path: 'int8' }], ['q8_0', { dot_path: 'int8' }], ['w4g128', { dot_path: 'int8' }],
    ['q4_0', { dot_path: 'int8', quantize_x: 'workgroup' }], ['w4g128', { dot_path: 'int8', quantize_x: 'workgroup' }],
  ];
  for (const [weight, config] of cases) {
    const a = emitGemvGpu('cuda', { M: 1, N: 4096, K: 4096, weight, act: 'f16', bias: false }, config);
    const name = `${weight}-${config.dot_path ?? 'float'}${config.quantize_x ? `-${config.quantize_x}` : ''}`;
    const src = join(dir, `${name}.cu`);
    writeFileSync(src, a.files['gemv.cu']!);
    const nvcc = spawnSync('nvcc', ['-O3', '-gencode', 'arch=compute_90,code=sm_90', '-Xptxas', '-v', '-c', src, '-o', `${src}.o`], { encoding: 'utf8' });
    assert.equal(nvcc.status, 0, `${name}: ${nvcc.stderr}`);
    assert.match(nvcc.stderr, /Used \d+ registers/);
    assert.ok(!/[1-9]\d* bytes spill/.test(nvcc.stderr), `${name}: ${nvcc.stderr}`);
    if (config.dot_path === 'int8') {
      // the 4-way int8 dot reaches PTX as dp4a
      const ptx = spawnSync('nvcc', ['-arch=sm_90', '-ptx', src, '-o', '-'], { encoding: 'utf8' });
      assert.equal(ptx.status, 0, ptx.stderr);
      assert.match(ptx.stdout, /dp4a\.s32\.s32/, name);
    }
  }
});

test('the defaults satisfy the constraints at every M up to 64 and long rows', () => {
  for (const target of TARGETS) {
    for (const weight of GPU_FORMATS) {
      for (const M of [1, 16, 33, 64]) {
        for (const K of [256, 4096, 14336]) {
          const space = gemvGpuKnobSpace(target, { M, N: 4096, K, weight, act: 'f16', bias: false });
          assert.equal(space.check(space.defaults), undefined, `${target} ${weight} M=${M} K=${K}`);
        }
      }
    }
  }
});

test("quantize_x 'registers': one dispatch reading x, no workgroup arrays, no barrier before the K loop, any K", () => {
  const params = { M: 1, N: 64, K: 4096, weight: 'q8_0', act: 'f16', bias: false };
  // 16-byte chunks are half a q8_0 block: the thread quantizes the block and picks its half by offset
  const a = emitGemvGpu('cuda', params, { dot_path: 'int8', quantize_x: 'registers', rows_per_block: 2, k_unroll: 2 });
  assert.deepEqual(a.dispatches.map((d) => d.entry), ['gemv']);
  assert.deepEqual(a.buffers.filter((b) => b.role === 'scratch'), []);
  assert.equal(a.maxK, undefined);
  const src = a.files['gemv.cu']!;
  assert.doesNotMatch(src, /__shared__ __align__/);
  assert.match(src, /const float xu0_0_d = \(xu0_0_amax \/ 127\.0f\);/);
  assert.match(src, /const unsigned int xpu0_0_0_0 = \(\(xou0_0_0 == 4\) \? xu0_0_w4 : xu0_0_w0\);/, 'the half of the block picked by offset');
  // the weight loads of a step come before its x quantization
  assert.ok(src.indexOf('W[wu0_0_w0]') < src.indexOf('xu0_0_amax'));
});

test('rows_per_block · M partial sums reduce together on a fixed 32-lane subgroup: 9 shuffles for 8 rows, one lane per row stores', () => {
  const params = { M: 1, N: 11008, K: 4096, weight: 'q4_0', act: 'f16', bias: false };
  const src = emitGemvGpu('cuda', params, { rows_per_block: 8, workgroup_size: 128, subgroup_reduce: true }).files['gemv.cu']!;
  const body = src.slice(src.indexOf('__global__'));
  assert.equal(body.match(/__shfl_xor_sync/g)?.length, 9);
  assert.doesNotMatch(body, /kf_warp_sum/);
  assert.match(body, /if \(\(sg_lane & 3\) == 0\) \{\n\s+red\[\(\(\(\(sg_lane >> 2\) & 7\) \* 4\) \+ sg_index\)\] = sg_total;/);
  // 3 rows at M = 1 is not a power of two: one warp reduction per row
  const three = emitGemvGpu('cuda', { ...params, M: 3 }, { rows_per_block: 1, workgroup_size: 128, subgroup_reduce: true }).files['gemv.cu']!;
  assert.match(three.slice(three.indexOf('__global__')), /kf_warp_sum/);
});

test('dependent_launch (CUDA only): signal first, wait after each step\'s weight loads and before the stores, dispatches marked', () => {
  const decode = { M: 1, N: 11008, K: 4096, weight: 'q4_0', act: 'f16', bias: false };
  assert.deepEqual(gemvGpuKnobSpace('opencl', decode).knobs.find((k) => k.name === 'dependent_launch')!.values, [false]);
  assert.equal(resolveGemvConfig('cuda', decode).dependent_launch, true);
  assert.equal(resolveGemvConfig('cuda', { ...decode, N: 151936, K: 1024 }).dependent_launch, false, 'many waves: no overlap');
  const a = emitGemvGpu('cuda', decode);
  assert.deepEqual(a.dispatches.map((d) => d.dependentLaunch), [true]);
  const body = a.files['gemv.cu']!.slice(a.files['gemv.cu']!.indexOf('__global__'));
  assert.match(body, /^[^\n]*\{\n\s+\/\/[^\n]*\n\s+kf_launch_dependents\(\);/, 'the first statement');
  const wait = body.indexOf('kf_wait_previous_grid();');
  assert.ok(body.lastIndexOf('W[', wait) > 0 && body.indexOf('x[', wait) > wait && body.lastIndexOf('x[', wait) < 0, 'weights before the wait, x after');
  assert.ok(body.lastIndexOf('kf_wait_previous_grid();') < body.indexOf('y['), 'the stores after a wait');
  // the pre-pass and the split-K reduction wait before anything
  const split = emitGemvGpu('cuda', decode, { quantize_x: 'dispatch', split_k: 2 });
  assert.deepEqual(split.dispatches.map((d) => [d.entry, d.dependentLaunch]), [['gemv_quantize_x', true], ['gemv', true], ['gemv_splitk_reduce', true]]);
  for (const entry of ['gemv_quantize_x', 'gemv_splitk_reduce']) {
    const k = split.files['gemv.cu']!.slice(split.files['gemv.cu']!.indexOf(`${entry}(`));
    assert.match(k, /^[^{]*\{\n\s+kf_launch_dependents\(\);\n\s+kf_wait_previous_grid\(\);/, entry);
  }
  assert.throws(() => emitGemvGpu('opencl', decode, { dependent_launch: true }), /dependent_launch/);
});

test('dependent_launch: what the previous grid writes is read without __restrict__ (no ld.global.nc above the wait), weights keep it', () => {
  const decode = { M: 1, N: 11008, K: 4096, weight: 'w4g128', act: 'f16', bias: true };
  const signature = (src: string, entry: string): string => src.slice(src.indexOf(`${entry}(`)).split('{')[0]!;
  const overlapped = emitGemvGpu('cuda', decode).files['gemv.cu']!;
  assert.match(signature(overlapped, 'gemv'), /const unsigned int\* x,/);
  for (const weight of ['W', 'W_scale', 'W_min', 'bias']) assert.match(signature(overlapped, 'gemv'), new RegExp(`\\* __restrict__ ${weight}\\b`), weight);
  const split = emitGemvGpu('cuda', decode, { quantize_x: 'dispatch', split_k: 2 }).files['gemv.cu']!;
  assert.match(signature(split, 'gemv_quantize_x'), /const unsigned int\* x,/);
  assert.match(signature(split, 'gemv'), /const unsigned int\* xq, const float\* xs,/);
  assert.match(signature(split, 'gemv_splitk_reduce'), /const float\* partial,/);
  // launched the ordinary way, every read-only buffer is restrict again
  assert.match(signature(emitGemvGpu('cuda', decode, { dependent_launch: false }).files['gemv.cu']!, 'gemv'), /const unsigned int\* __restrict__ x,/);
});

test("wgsl subgroup_reduce: true renders with the 'subgroups' feature and lists it in the artifact; false (the default) has no subgroup operations", () => {
  const params = { M: 3, N: 37, K: 256, weight: 'q4_0', act: 'f32', bias: false };
  const space = gemvGpuKnobSpace('wgsl', params);
  assert.deepEqual(space.knobs.find((k) => k.name === 'subgroup_reduce')?.values, [false, true]);
  assert.equal(space.defaults.subgroup_reduce, false);

  const plain = emitGemvGpu('wgsl', params);
  assert.equal(plain.features, undefined);
  for (const src of Object.values(plain.files)) assert.doesNotMatch(src, /enable subgroups|subgroup[A-Z]|kf_sg_|kf_lidx/);

  // int8 with a quantize dispatch: only the gemv module reduces across subgroups
  const a = emitGemvGpu('wgsl', { ...params, weight: 'w4g64' }, { subgroup_reduce: true, dot_path: 'int8', quantize_x: 'dispatch', split_k: 2 });
  assert.deepEqual(a.features, ['subgroups']);
  const gemv = a.files['gemv.wgsl']!;
  assert.match(gemv, /^enable subgroups;\n/);
  assert.equal(gemv.match(/= subgroupAdd\(acc_0_\d\);/g)?.length, 3);
  assert.match(gemv, /@builtin\(subgroup_invocation_id\) kf_sg_lane: u32, @builtin\(subgroup_size\) kf_sg_size: u32/);
  // the real built-ins, not the workgroup-memory emulation
  assert.doesNotMatch(gemv, /kf_lidx|kf_sg_base|kf_sg_f32/);
  assert.doesNotMatch(a.files['gemv_quantize_x.wgsl']!, /subgroup/);
});
