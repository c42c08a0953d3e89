/**
 * End to end for the GPU runtimes: a tuning database -> `kforge build-runtime` for opencl (run on
 * PoCL) and a planned vulkan library (run on lavapipe), each consumed with CMake add_subdirectory by
 * the check program, whose results are judged here against the float64 reference (and must match its
 * own verdicts, which are all the GPU machine has), with the dispatch choice (tuned config for tuned
 * and near shapes, including a padded M and a split-K config whose second launch reads scratch; the
 * default otherwise, narrow loads for a dense K that wide loads cannot take) and the error codes.
 * cuda is compile-only here: nvcc builds the library and the check program; tools/gpu/runtime-bundle.ts
 * carries them to the H200.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkOutput, getOp, randomInputs, type KnobConfig, type Params, type WeightFormatName } from '@kforge/ir';
import { LLVMPIPE_ENV, processFailure, runProcess, toolVersion, versionProbe } from '@kforge/exec';
import { JsonlTuningDatabase, SCHEMA_VERSION, type TuningRecord } from '@kforge/autotune';
import {
  buildRuntimeCheck, emitKernel, gpuDefaultConfig, loweringFor, parseCheckOutput, planGpuRuntime, resolveConfig, tunedFromRecords, writeRuntimeCases,
  type CheckOutput, type RuntimeCase,
} from '@kforge/driver';
import { KforgeLibrary, bucketMax, gpuRuntimeFiles, mBucket, type GpuTargetName } from '@kforge/runtime';
import { parseArgs } from '../args.ts';
import { scratchFolder } from '../testing.ts';
import { buildRuntimeCommand } from './build-runtime.ts';

const gemv = getOp('gemv');
const shape = (weight: WeightFormatName, M: number, N: number, K: number, bias: boolean): Params => ({ M, N, K, weight, act: 'f32', bias });

const DECODE = shape('q4_0', 1, 256, 512, false);
const BATCH = shape('q4_0', 4, 96, 128, true);
/** x quantized to int8 by a pre-pass, split-K: three launches sharing three scratch buffers (where the generator has the path); far from the other cases of its bucket */
const INT8 = shape('q4_0', 2, 64, 2048, false);
/** x quantized to int8 by every workgroup into its workgroup memory: one launch, no scratch, a kernel compiled for this K serving K up to it */
const WORKGROUP = shape('q4_0', 1, 48, 8192, false);
/** tuned configs chosen to differ from every default: a split-K decode (two launches, scratch) and a narrow-workgroup batch */
const TUNED_KNOBS = new Map<Params, KnobConfig>([
  [DECODE, { split_k: 2, rows_per_block: 2 }], [BATCH, { workgroup_size: 32 }], [INT8, { dot_path: 'int8', split_k: 2 }],
  [WORKGROUP, { dot_path: 'int8', quantize_x: 'workgroup' }],
]);
const tunedConfig = (target: GpuTargetName, p: Params): KnobConfig => resolveConfig('gemv', target, p, TUNED_KNOBS.get(p));
const hasInt8Path = (target: GpuTargetName): boolean =>
  loweringFor('gemv', target).knobs(target, INT8).knobs.some((k) => k.name === 'dot_path' && k.values.includes('int8'));
const tunedShapes = (target: GpuTargetName): Params[] => [DECODE, BATCH, ...(hasInt8Path(target) ? [INT8, WORKGROUP] : [])];

interface Case {
  readonly name: string;
  readonly params: Params;
  /** the tuned shape whose config dispatch must pick, or undefined for the target's default */
  readonly tunedFrom?: Params;
  /** the rows the dispatched kernel is compiled for (M itself, or M padded up) */
  readonly rows: number;
}

const CASES: readonly Case[] = [
  { name: 'tuned_decode_splitk', params: DECODE, tunedFrom: DECODE, rows: 1 },
  { name: 'tuned_batch', params: BATCH, tunedFrom: BATCH, rows: 4 },
  // M = 6 shares the bucket {4..7} of the tuned M = 4: the same config, compiled for 7 rows, padded
  { name: 'tuned_batch_padded', params: shape('q4_0', 6, 96, 128, true), tunedFrom: BATCH, rows: 7 },
  { name: 'near_decode', params: shape('q4_0', 1, 200, 512, false), tunedFrom: DECODE, rows: 1 },
  { name: 'far_shape', params: shape('q4_0', 1, 64, 2048, false), rows: 1 },
  { name: 'other_m_bucket', params: shape('q4_0', 3, 256, 512, false), rows: 3 },
  { name: 'bias_not_tuned', params: shape('q4_0', 1, 256, 512, true), rows: 1 },
];
const PLANAR_CASE: Case = { name: 'planar_padded', params: shape('w4g64', 2, 64, 256, true), rows: 3 };
const DENSE_CASES: readonly Case[] = [
  // K = 37 is no multiple of a wide load: the default chain's narrow-load kernel
  { name: 'dense_odd_k', params: shape('f32', 1, 33, 37, false), rows: 1 },
  { name: 'dense_wide_padded', params: shape('f32', 5, 40, 64, true), rows: 7 },
];
const LARGE_M_CASE: Case = { name: 'largest_bucket', params: shape('q4_0', 40, 48, 64, false), rows: 64 };
const INT8_CASES: readonly Case[] = [
  { name: 'tuned_int8_three_launches', params: INT8, tunedFrom: INT8, rows: 2 },
  { name: 'tuned_int8_padded', params: shape('q4_0', 3, 50, 2048, false), tunedFrom: INT8, rows: 3 },
];
const WORKGROUP_CASES: readonly Case[] = [
  { name: 'tuned_int8_workgroup', params: WORKGROUP, tunedFrom: WORKGROUP, rows: 1 },
  // a smaller K near it: the same kernel (its workgroup memory holds any K up to the tuned one)
  { name: 'near_int8_workgroup_smaller_k', params: shape('q4_0', 1, 48, 4096, false), tunedFrom: WORKGROUP, rows: 1 },
  // a larger K near it: past the kernel's largest K, so the tuned shape is skipped for the default
  { name: 'near_int8_workgroup_larger_k', params: shape('q4_0', 1, 48, 16384, false), rows: 1 },
];
const int8Cases = (target: GpuTargetName): readonly Case[] => (hasInt8Path(target) ? [...INT8_CASES, ...WORKGROUP_CASES] : []);

/** the config dispatch must pick: the tuned one, else the default of the bucket's kernel (narrow loads when K needs them) */
function expectedConfig(target: GpuTargetName, c: Case): KnobConfig {
  if (c.tunedFrom) return tunedConfig(target, c.tunedFrom);
  const p = c.params;
  const config = gpuDefaultConfig(target, p.weight as WeightFormatName, 'f32', Boolean(p.bias), bucketMax(mBucket(Number(p.M))));
  const dense = p.weight === 'f32';
  return dense && Number(p.K) % (Number(config.vector_width) / 4) !== 0 ? { ...config, vector_width: 4 } : config;
}

const EXECUTOR: Readonly<Record<GpuTargetName, TuningRecord['device']['executor']>> = { opencl: 'pocl', vulkan: 'lavapipe', cuda: 'gpu-bundle' };

/** each tuned shape with a slower default and a faster failed record that must be ignored */
function writeDatabase(path: string, target: GpuTargetName): void {
  const db = new JsonlTuningDatabase(path);
  const record = (params: Params, config: KnobConfig, medianMs: number, status: 'ok' | 'wrong'): TuningRecord => ({
    schema: SCHEMA_VERSION, op: 'gemv', params, target, kforge: '0.1.0', config, sourceHash: 'test', status,
    device: { device: `test ${target} device`, features: [], compiler: 'test', executor: EXECUTOR[target] },
    measurement: { medianMs, minMs: medianMs, maxMs: medianMs, iqrMs: 0, repeats: 5, bytes: 1, gbps: 1 },
    time: '2026-11-29T18:00:00Z', origin: 'local',
  });
  for (const p of tunedShapes(target)) {
    const defaults = resolveConfig('gemv', target, p, undefined);
    db.append(record(p, defaults, 2, 'ok'));
    db.append(record(p, tunedConfig(target, p), 1, 'ok'));
    db.append(record(p, defaults, 0.5, 'wrong'));
  }
}

function runtimeCases(target: GpuTargetName, cases: readonly Case[]): RuntimeCase[] {
  return cases.map((c) => {
    const config = expectedConfig(target, c);
    const arithmetic = emitKernel('gemv', target, { ...c.params, M: c.rows }, config).arithmetic ?? 'f32';
    return { name: c.name, params: c.params, expectTuned: c.tunedFrom !== undefined, expectConfig: config, arithmetic };
  });
}

async function runCheck(exe: string, casesDir: string, env: Record<string, string>): Promise<CheckOutput> {
  const r = await runProcess(exe, [casesDir], { timeoutMs: 900_000, env });
  // exit 1 means a check failed: judged below, with the program's words
  if (r.code !== 0 && r.code !== 1) {
    const failure = processFailure('run the check program', r, 'crash');
    if (failure) throw failure;
  }
  return parseCheckOutput(r.stdout);
}

/** every case: status 0, the expected config and rows, y within the SPEC bound here; every check line of the program PASS */
function judge(target: GpuTargetName, cases: readonly Case[], out: CheckOutput, casesDir: string): void {
  for (const c of cases) {
    const r = out.cases.get(c.name);
    const where = `gemv ${target} case ${c.name} ${JSON.stringify(c.params)}`;
    assert.ok(r, `${where}: no output`);
    assert.equal(r.status, 0, `${where}: status ${r.status}: ${out.checks.get(c.name)?.what}`);
    assert.deepEqual(r.config, expectedConfig(target, c), `${where}: dispatched to ${r.kernel} ${JSON.stringify(r.config)}`);
    assert.equal(r.tuned, c.tunedFrom !== undefined, `${where}: tuned flag`);
    if (c.tunedFrom) assert.deepEqual(r.tunedShape, [c.tunedFrom.M, c.tunedFrom.N, c.tunedFrom.K], `${where}: tuned shape`);
    assert.equal(r.rows, c.rows, `${where}: rows of ${r.kernel}`);
    const y = new Float32Array(Uint8Array.from(readFileSync(join(casesDir, `${c.name}.y`))).buffer);
    const arithmetic = emitKernel('gemv', target, { ...c.params, M: r.rows }, r.config).arithmetic ?? 'f32';
    const check = checkOutput('gemv', 'y', y, gemv.reference(c.params, randomInputs(gemv, c.params, 7)).y!, arithmetic);
    assert.ok(check.ok, `${where} via ${r.kernel}: ${check.message}`);
  }
  const failed = [...out.checks].filter(([, v]) => !v.pass).map(([name, v]) => `${name}: ${v.what}`);
  assert.deepEqual(failed, [], `${target}: the check program's own verdicts`);
  for (const name of ['invalid_not_initialized', 'invalid_null_x', 'invalid_m_above_max', 'invalid_k_negative', 'invalid_too_large'])
    assert.ok(out.checks.get(name)?.pass, `${target}: ${name}`);
  assert.match(out.version, new RegExp(`abi 1 target ${target}$`));
}

test('opencl runtime through `kforge build-runtime`, checked on PoCL (tuned, padded, split-K, dense tails, M up to 64)', async (t) => {
  if (!(await toolVersion({ command: 'clinfo', args: [], pattern: /PoCL (\S+)/ }))) {
    t.skip('no PoCL platform (clinfo)');
    return;
  }
  const root = scratchFolder();
  const dbPath = join(root, 'tuning.jsonl');
  writeDatabase(dbPath, 'opencl');
  const libDir = join(root, 'kforge-opencl');
  await buildRuntimeCommand.run(parseArgs('build-runtime', ['--target', 'opencl', '--db', dbPath, '--formats', 'q4_0,w4g64,f32', '--acts', 'f32', '--out', libDir], buildRuntimeCommand.args));
  assert.ok(existsSync(join(libDir, 'build', 'libkforge.so')));
  assert.match(readFileSync(join(libDir, 'include', 'kforge.h'), 'utf8'), /int kf_gemv_w4g64\(cl_mem x, cl_mem W, cl_mem W_scale, cl_mem W_min, cl_mem bias, cl_mem y, int M, int N, int K, kf_dispatch_info\* info\);/);
  const cases = [...CASES, PLANAR_CASE, ...DENSE_CASES, LARGE_M_CASE, ...int8Cases('opencl')];
  const casesDir = join(root, 'cases');
  writeRuntimeCases(casesDir, runtimeCases('opencl', cases));
  const exe = await buildRuntimeCheck(join(root, 'app'), 'opencl', libDir, [{ format: 'q4_0', act: 'f32' }, { format: 'w4g64', act: 'f32' }, { format: 'f32', act: 'f32' }]);
  const out = await runCheck(exe, casesDir, { KF_OPENCL_PLATFORM: 'Portable Computing Language' });
  assert.match(out.device, /pthread|cpu|PoCL/i);
  judge('opencl', cases, out, casesDir);
  assert.ok(out.checks.get('invalid_y_too_small')?.pass, 'opencl: a cl_mem smaller than the shape needs');
  assert.throws(() => KforgeLibrary.open(join(libDir, 'build', 'libkforge.so')), /is a opencl runtime: its entry points take device buffers/);
});

test('vulkan runtime (M up to 16) consumed with CMake add_subdirectory, checked on lavapipe', async (t) => {
  if (!(await toolVersion({ command: 'vulkaninfo', args: ['--summary'], pattern: /driverInfo\s*=\s*Mesa (\S+)/ }))
    || !(await toolVersion(versionProbe('glslangValidator')))) {
    t.skip('no lavapipe (vulkaninfo) or glslangValidator');
    return;
  }
  const root = scratchFolder();
  const dbPath = join(root, 'tuning.jsonl');
  writeDatabase(dbPath, 'vulkan');
  const { tuned, device } = tunedFromRecords(new JsonlTuningDatabase(dbPath).all(), 'gemv', 'vulkan');
  const spec = await planGpuRuntime({ target: 'vulkan', formats: ['q4_0'], acts: ['f32'], tuned, device, version: '0.1.0', maxM: 16 });
  const libDir = join(root, 'kforge-vulkan');
  for (const [file, text] of Object.entries(gpuRuntimeFiles(spec))) {
    mkdirSync(dirname(join(libDir, file)), { recursive: true });
    writeFileSync(join(libDir, file), text);
  }
  const cases = [...CASES.filter((c) => c.name !== 'near_decode'), ...int8Cases('vulkan')];
  const casesDir = join(root, 'cases');
  writeRuntimeCases(casesDir, runtimeCases('vulkan', cases));
  const exe = await buildRuntimeCheck(join(root, 'app'), 'vulkan', libDir, [{ format: 'q4_0', act: 'f32' }]);
  const out = await runCheck(exe, casesDir, { ...LLVMPIPE_ENV, KF_VULKAN_DEVICE: 'llvmpipe' });
  assert.match(out.device, /llvmpipe/);
  judge('vulkan', cases, out, casesDir);
});

test('cuda runtime (compile-only here: nvcc builds the library, M up to 2, and the check program; it runs on the H200 via tools/gpu/runtime-bundle.ts)', async (t) => {
  if (!(await toolVersion(versionProbe('nvcc')))) {
    t.skip('nvcc not found');
    return;
  }
  const root = scratchFolder();
  const dbPath = join(root, 'tuning.jsonl');
  writeDatabase(dbPath, 'cuda');
  const libDir = join(root, 'kforge-cuda');
  // --max-m 2 keeps this build to a few small kernels (nvcc takes about 5 s per small kernel here)
  await buildRuntimeCommand.run(parseArgs('build-runtime', ['--target', 'cuda', '--db', dbPath, '--formats', 'q4_0', '--acts', 'f32', '--max-m', '2',
    '--cuda-arch', '90', '--out', libDir], buildRuntimeCommand.args));
  const header = readFileSync(join(libDir, 'include', 'kforge.h'), 'utf8');
  assert.match(header, /int kf_init\(cudaStream_t stream\);/);
  assert.match(header, /#define KF_M_MAX 2\n/);
  const nm = async (...flags: string[]): Promise<string> => (await runProcess('nm', [...flags, join(libDir, 'build', 'libkforge.so')], { timeoutMs: 60_000 })).stdout;
  const exported = await nm('-g', '--defined-only');
  for (const name of ['kf_gemv_q4_0', 'kf_init', 'kf_teardown', 'kf_prepare']) assert.match(exported, new RegExp(`\\b${name}\\b`), `libkforge.so exports ${name}`);
  // the kernels' host stubs are inside (nvcc 13 keeps them hidden), the tuned split-K decode's reduction among them
  assert.match(await nm('--defined-only'), /\bkf_k\d+_gemv_splitk_reduce\b/);
  assert.doesNotMatch(await nm('-u'), /\bkf_/, 'no kforge symbol is left undefined');
  const exe = await buildRuntimeCheck(join(root, 'app'), 'cuda', libDir, [{ format: 'q4_0', act: 'f32' }], ['-DKFORGE_CUDA_ARCHITECTURES=90']);
  assert.ok(existsSync(exe), 'the check program links against the static library');
});
