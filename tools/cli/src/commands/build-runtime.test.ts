/**
 * End to end: a tuning database -> runtime libraries for avx2 (native, through `kforge build-runtime`),
 * neon (qemu-aarch64, consumed with CMake add_subdirectory) and rvv (qemu-riscv64) -> a C program
 * linked against each checks results against the float64 reference, the dispatch choice (tuned for
 * tuned and near shapes, default otherwise) and the error codes; the Node binding computes the same y.
 * avx512 is not executed: this machine has no AVX-512 (its kernels are covered compile-only elsewhere).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  checkOutput, getOp, randomInputs, tensorBytes, toFloat64, type KnobConfig, type Params, type WeightFormatName,
} from '@kforge/ir';
import { CPU_TOOLCHAINS, processFailure, runProcess, type CpuTargetName } from '@kforge/exec';
import { JsonlTuningDatabase, SCHEMA_VERSION, type TuningRecord } from '@kforge/autotune';
import { buildCpuRuntime, emitKernel, loweringFor, planCpuRuntime, resolveConfig, runtimeToolchain, tunedFromRecords } from '@kforge/driver';
import { KforgeLibrary, cpuRuntimeFiles } from '@kforge/runtime';
import { parseArgs } from '../args.ts';
import { scratchFolder } from '../testing.ts';
import { buildRuntimeCommand } from './build-runtime.ts';

const gemv = getOp('gemv');
const shape = (weight: WeightFormatName, M: number, N: number, K: number, bias: boolean): Params => ({ M, N, K, weight, act: 'f32', bias });

interface Case {
  readonly name: string;
  readonly params: Params;
  /** the tuned shape whose config dispatch must pick, or undefined for the target's default */
  readonly tunedFrom?: Params;
}

const DECODE = shape('q4_0', 1, 256, 512, false);
const BATCH = shape('q4_0', 4, 96, 128, true);
const CASES: readonly Case[] = [
  { name: 'tuned_decode', params: DECODE, tunedFrom: DECODE },
  { name: 'tuned_batch', params: BATCH, tunedFrom: BATCH },
  // N within a factor 1.3 of the tuned 256: the nearest bucket is the tuned shape
  { name: 'near_decode', params: shape('q4_0', 1, 200, 512, false), tunedFrom: DECODE },
  { name: 'far_shape', params: shape('q4_0', 1, 64, 2048, false) },
  { name: 'other_m_bucket', params: shape('q4_0', 3, 256, 512, false) },
  { name: 'bias_not_tuned', params: shape('q4_0', 1, 256, 512, true) },
];
const PLANAR_CASE: Case = { name: 'planar_default', params: shape('w4g64', 2, 64, 256, true) };

/** a valid config differing from the target's default in up to two knobs, derived from the knob space */
function tunedConfig(target: CpuTargetName, params: Params): KnobConfig {
  const space = loweringFor('gemv', target).knobs(target, params);
  let config: KnobConfig = { ...space.defaults };
  let changed = 0;
  for (const knob of space.knobs) {
    const alternative = knob.values.find((v) => v !== space.defaults[knob.name] && !space.check({ ...config, [knob.name]: v }));
    if (alternative === undefined) continue;
    config = { ...config, [knob.name]: alternative };
    if (++changed === 2) break;
  }
  assert.ok(changed > 0, `gemv ${target}: no config other than the default for ${JSON.stringify(params)}`);
  return config;
}

function record(target: CpuTargetName, params: Params, config: KnobConfig, medianMs: number, status: 'ok' | 'wrong' = 'ok'): TuningRecord {
  return {
    schema: SCHEMA_VERSION, op: 'gemv', params, target, kforge: '0.1.0', config, sourceHash: 'test', status,
    device: { device: `test ${target} device`, features: [], compiler: 'test', executor: target === 'avx2' ? 'native' : target === 'neon' ? 'qemu-aarch64' : 'qemu-riscv64' },
    measurement: { medianMs, minMs: medianMs, maxMs: medianMs, iqrMs: 0, repeats: 5, bytes: 1, gbps: 1 },
    time: '2026-11-29T18:00:00Z', origin: 'local',
  };
}

/** two tuned shapes, each with a slower competitor and a faster failed record that must be ignored */
function writeDatabase(path: string, target: CpuTargetName): void {
  const db = new JsonlTuningDatabase(path);
  const defaultOf = (p: Params): KnobConfig => resolveConfig('gemv', target, p, undefined);
  for (const p of [DECODE, BATCH]) {
    db.append(record(target, p, defaultOf(p), 2));
    db.append(record(target, p, tunedConfig(target, p), 1));
    db.append(record(target, p, defaultOf(p), 0.5, 'wrong'));
  }
}

const FORMAT_CALL: Record<string, string> = {
  q4_0: 'kf_gemv_q4_0(x, W, bias, y, M, N, K, &info)',
  w4g64: 'kf_gemv_w4g64(x, W, W_scale, W_min, bias, y, M, N, K, &info)',
};

/** reads DIR/cases.txt and DIR/<case>.<tensor>, writes DIR/<case>.y, prints dispatch info and error codes */
function testProgram(formats: readonly string[]): string {
  return `#include "kforge.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void* slurp(const char* dir, const char* name, const char* tensor) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s.%s", dir, name, tensor);
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  void* data = malloc(size + 64);
  if (fread(data, 1, size, f) != (size_t)size) exit(3);
  fclose(f);
  return data;
}

int main(int argc, char** argv) {
  const char* dir = argv[1];
  char path[1024], name[64], format[16];
  int M, N, K, has_bias;
  snprintf(path, sizeof path, "%s/cases.txt", dir);
  FILE* cases = fopen(path, "r");
  if (!cases) return 3;
  while (fscanf(cases, "%63s %15s %d %d %d %d", name, format, &M, &N, &K, &has_bias) == 6) {
    const float* x = slurp(dir, name, "x");
    const void* W = slurp(dir, name, "W");
    const uint16_t* W_scale = slurp(dir, name, "W_scale");
    const uint16_t* W_min = slurp(dir, name, "W_min");
    const float* bias = has_bias ? slurp(dir, name, "bias") : NULL;
    (void)W_scale; (void)W_min;
    float* y = malloc(sizeof(float) * M * N);
    for (int i = 0; i < M * N; i++) y[i] = NAN;
    kf_dispatch_info info = {0};
    int status = -1;
    ${formats.map((f) => `if (!strcmp(format, "${f}")) status = ${FORMAT_CALL[f]};`).join('\n    ')}
    snprintf(path, sizeof path, "%s/%s.y", dir, name);
    FILE* out = fopen(path, "wb");
    fwrite(y, sizeof(float), M * N, out);
    fclose(out);
    printf("case %s %d %d %d %d %d %d %s %s\\n", name, status, info.kernel_id, info.tuned, info.tuned_M, info.tuned_N, info.tuned_K, info.kernel, info.config);
  }
  static float buf[4096];
  printf("invalid null_x %d\\n", kf_gemv_q4_0(NULL, buf, NULL, buf, 1, 32, 32, NULL));
  printf("invalid null_y %d\\n", kf_gemv_q4_0(buf, buf, NULL, NULL, 1, 32, 32, NULL));
  printf("invalid m_zero %d\\n", kf_gemv_q4_0(buf, buf, NULL, buf, 0, 32, 32, NULL));
  printf("invalid m_65 %d\\n", kf_gemv_q4_0(buf, buf, NULL, buf, 65, 32, 32, NULL));
  printf("invalid n_zero %d\\n", kf_gemv_q4_0(buf, buf, NULL, buf, 1, 0, 32, NULL));
  printf("invalid k_negative %d\\n", kf_gemv_q4_0(buf, buf, NULL, buf, 1, 32, -32, NULL));
  printf("invalid k_48 %d\\n", kf_gemv_q4_0(buf, buf, NULL, buf, 1, 32, 48, NULL));
  printf("invalid too_large %d\\n", kf_gemv_q4_0(buf, buf, NULL, buf, 1, 1 << 20, 1 << 12, NULL));
  printf("version %s\\n", kf_version());
  return 0;
}
`;
}

const EXPECTED_ERRORS: Record<string, number> = {
  null_x: 1, null_y: 1, m_zero: 4, m_65: 4, n_zero: 2, k_negative: 2, k_48: 3, too_large: 2,
};

function writeCases(dir: string, cases: readonly Case[]): void {
  mkdirSync(dir, { recursive: true });
  const lines: string[] = [];
  for (const c of cases) {
    const p = c.params;
    lines.push(`${c.name} ${p.weight} ${p.M} ${p.N} ${p.K} ${p.bias ? 1 : 0}`);
    for (const [tensor, t] of Object.entries(randomInputs(gemv, p, 7))) writeFileSync(join(dir, `${c.name}.${tensor}`), tensorBytes(t));
  }
  writeFileSync(join(dir, 'cases.txt'), `${lines.join('\n')}\n`);
}

interface CaseResult {
  readonly status: number;
  readonly kernelId: number;
  readonly tuned: boolean;
  readonly tunedShape: readonly number[];
  readonly kernel: string;
  readonly config: KnobConfig;
  readonly y: Float32Array;
}

function parseOutput(dir: string, stdout: string): { cases: Map<string, CaseResult>; errors: Map<string, number>; version: string } {
  const cases = new Map<string, CaseResult>();
  const errors = new Map<string, number>();
  let version = '';
  for (const line of stdout.trim().split('\n')) {
    const [kind, name, ...rest] = line.split(' ');
    if (kind === 'case') {
      const [status, kernelId, tuned, tM, tN, tK, kernel, config] = rest;
      const y = new Float32Array(Uint8Array.from(readFileSync(join(dir, `${name}.y`))).buffer);
      cases.set(name!, { status: Number(status), kernelId: Number(kernelId), tuned: tuned === '1', tunedShape: [Number(tM), Number(tN), Number(tK)],
        kernel: kernel!, config: JSON.parse(config!) as KnobConfig, y });
    } else if (kind === 'invalid') errors.set(name!, Number(rest[0]));
    else if (kind === 'version') version = [name, ...rest].join(' ');
  }
  return { cases, errors, version };
}

/** every case: status 0, the expected config, and y within the SPEC bound of the kernel that ran */
function checkCases(target: CpuTargetName, cases: readonly Case[], out: ReturnType<typeof parseOutput>): void {
  for (const c of cases) {
    const r = out.cases.get(c.name);
    const where = `gemv ${target} case ${c.name} ${JSON.stringify(c.params)}`;
    assert.ok(r, `${where}: no output`);
    assert.equal(r.status, 0, `${where}: status ${r.status}`);
    const expected = c.tunedFrom ? tunedConfig(target, c.tunedFrom) : resolveConfig('gemv', target, c.params, undefined);
    assert.deepEqual(r.config, expected, `${where}: dispatched to ${r.kernel} ${JSON.stringify(r.config)}`);
    assert.equal(r.tuned, c.tunedFrom !== undefined, `${where}: tuned flag`);
    if (c.tunedFrom) assert.deepEqual(r.tunedShape, [c.tunedFrom.M, c.tunedFrom.N, c.tunedFrom.K], `${where}: tuned shape`);
    const inputs = randomInputs(gemv, c.params, 7);
    // the SIMD emitter does not declare int8-activations arithmetic yet (rvv and hvx do): infer it from the knob
    const arithmetic = emitKernel('gemv', target, c.params, r.config).arithmetic ?? (r.config.dot_path === 'int8' ? 'int8-activations' : 'f32');
    const check = checkOutput('gemv', 'y', r.y, gemv.reference(c.params, inputs).y!, arithmetic);
    assert.ok(check.ok, `${where} via ${r.kernel}: ${check.message}`);
  }
  for (const [name, code] of Object.entries(EXPECTED_ERRORS)) assert.equal(out.errors.get(name), code, `${target}: invalid call ${name}`);
  assert.match(out.version, new RegExp(`abi 1 target ${target}$`));
}

async function run(what: string, argv: readonly string[], timeoutMs = 300_000): Promise<string> {
  const r = await runProcess(argv[0]!, argv.slice(1), { timeoutMs });
  const failure = processFailure(what, r, 'crash');
  if (failure) throw failure;
  return r.stdout;
}

/** the test program compiled with the target's toolchain against the static library */
async function linkTestProgram(target: CpuTargetName, libDir: string, formats: readonly string[], exe: string): Promise<void> {
  const t = CPU_TOOLCHAINS[target];
  const source = join(dirname(exe), 'kforge_test.c');
  writeFileSync(source, testProgram(formats));
  await run(`link the ${target} test program`, [t.compiler, ...t.flags, `-I${join(libDir, 'include')}`, source, join(libDir, 'build', 'libkforge.a'), ...t.libs, '-o', exe]);
}

async function runTestProgram(target: CpuTargetName, exe: string, casesDir: string): Promise<ReturnType<typeof parseOutput>> {
  const launcher = runtimeToolchain(target).cross?.emulator ?? [];
  return parseOutput(casesDir, await run(`run the ${target} test program`, [...launcher, exe, casesDir]));
}

function writeLibrary(dir: string, target: CpuTargetName, dbPath: string, formats: WeightFormatName[]): void {
  const { tuned, device } = tunedFromRecords(new JsonlTuningDatabase(dbPath).all(), 'gemv', target);
  const spec = planCpuRuntime({ target, formats, acts: ['f32'], tuned, device, version: '0.1.0' });
  for (const [file, text] of Object.entries(cpuRuntimeFiles(spec))) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

test('avx2 runtime through `kforge build-runtime`: C program and Node binding', async () => {
  const root = scratchFolder();
  const dbPath = join(root, 'tuning.jsonl');
  writeDatabase(dbPath, 'avx2');
  const libDir = join(root, 'kforge-avx2');
  await buildRuntimeCommand.run(parseArgs('build-runtime', ['--target', 'avx2', '--db', dbPath, '--formats', 'q4_0,w4g64', '--acts', 'f32', '--out', libDir], buildRuntimeCommand.args));
  const cases = [...CASES, PLANAR_CASE];
  const casesDir = join(root, 'cases');
  writeCases(casesDir, cases);
  const exe = join(root, 'kforge_test');
  await linkTestProgram('avx2', libDir, ['q4_0', 'w4g64'], exe);
  const out = await runTestProgram('avx2', exe, casesDir);
  checkCases('avx2', cases, out);

  const lib = KforgeLibrary.open(join(libDir, 'build', 'libkforge.so'));
  assert.match(lib.version(), /target avx2$/);
  for (const c of [CASES[0]!, CASES[1]!, PLANAR_CASE]) {
    const p = c.params;
    const inputs = randomInputs(gemv, p, 7);
    const M = Number(p.M);
    const N = Number(p.N);
    const y = new Float32Array(M * N).fill(Number.NaN);
    const u16 = (name: string): Uint16Array | undefined => {
      const t = inputs[name];
      return t ? new Uint16Array(tensorBytes(t).slice().buffer) : undefined;
    };
    const call = lib.gemv(p.weight as WeightFormatName, 'f32', M, N, Number(p.K), {
      x: toFloat32(inputs.x!), W: tensorBytes(inputs.W!), W_scale: u16('W_scale'), W_min: u16('W_min'),
      bias: inputs.bias ? toFloat32(inputs.bias) : undefined, y,
    });
    assert.equal(call.status, 0, `node binding ${c.name}`);
    assert.equal(call.info?.kernel, out.cases.get(c.name)!.kernel, `node binding ${c.name}: same dispatch`);
    assert.deepEqual(y, out.cases.get(c.name)!.y, `node binding ${c.name}: same y as the C program`);
  }
  const bad = lib.gemv('q4_0', 'f32', 1, 32, 48, { x: new Float32Array(48), W: new Uint8Array(1024), y: new Float32Array(32) });
  assert.equal(bad.status, 3, 'node binding: K not a multiple of the block');
  assert.throws(() => lib.gemv('q4_0', 'f32', 1, 64, 64, { x: new Float32Array(64), W: new Uint8Array(8), y: new Float32Array(64) }), /W has 8 bytes/);
});

function toFloat32(t: Parameters<typeof tensorBytes>[0]): Float32Array {
  return Float32Array.from(toFloat64(t));
}

test('neon runtime consumed with CMake add_subdirectory, run under qemu-aarch64', async () => {
  const root = scratchFolder();
  const dbPath = join(root, 'tuning.jsonl');
  writeDatabase(dbPath, 'neon');
  const libDir = join(root, 'kforge-neon');
  writeLibrary(libDir, 'neon', dbPath, ['q4_0']);
  const app = join(root, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'kforge_test.c'), testProgram(['q4_0']));
  writeFileSync(join(app, 'CMakeLists.txt'), `cmake_minimum_required(VERSION 3.16)
project(kforge_consumer C)
set(KFORGE_BUILD_SHARED OFF CACHE BOOL "" FORCE)
add_subdirectory(${libDir} kforge)
add_executable(kforge_test kforge_test.c)
target_link_libraries(kforge_test PRIVATE kforge::kforge)
`);
  const build = join(app, 'build');
  await run('configure the neon consumer', ['cmake', '-S', app, '-B', build, `-DCMAKE_TOOLCHAIN_FILE=${join(libDir, 'cmake', 'kforge-toolchain.cmake')}`]);
  await run('build the neon consumer', ['cmake', '--build', build, '--parallel']);
  const casesDir = join(root, 'cases');
  writeCases(casesDir, CASES);
  checkCases('neon', CASES, await runTestProgram('neon', join(build, 'kforge_test'), casesDir));
});

test('rvv runtime built by buildCpuRuntime, run under qemu-riscv64', async (t) => {
  try {
    emitKernel('gemv', 'rvv', shape('q4_0', 1, 64, 64, false), resolveConfig('gemv', 'rvv', shape('q4_0', 1, 64, 64, false), undefined));
  } catch (e) {
    t.skip(`the rvv gemv lowering does not emit yet: ${(e as Error).message}`);
    return;
  }
  const root = scratchFolder();
  const dbPath = join(root, 'tuning.jsonl');
  writeDatabase(dbPath, 'rvv');
  const libDir = join(root, 'kforge-rvv');
  writeLibrary(libDir, 'rvv', dbPath, ['q4_0']);
  await buildCpuRuntime(libDir);
  const exe = join(root, 'kforge_test');
  await linkTestProgram('rvv', libDir, ['q4_0'], exe);
  const casesDir = join(root, 'cases');
  writeCases(casesDir, CASES);
  checkCases('rvv', CASES, await runTestProgram('rvv', exe, casesDir));
});

test('the database selection ignores failed records and other targets', () => {
  const root = scratchFolder();
  const dbPath = join(root, 'tuning.jsonl');
  writeDatabase(dbPath, 'avx2');
  const { tuned, device } = tunedFromRecords(new JsonlTuningDatabase(dbPath).all(), 'gemv', 'avx2');
  assert.equal(device, 'test avx2 device');
  assert.deepEqual(tuned.map((x) => x.config), [tunedConfig('avx2', DECODE), tunedConfig('avx2', BATCH)]);
  assert.deepEqual(tunedFromRecords(new JsonlTuningDatabase(dbPath).all(), 'gemv', 'neon').tuned, []);
});

test('build-runtime --ops refuses an op it does not know, naming the known ones (every op of the registry builds on the CPU and GPU runtime targets: build-runtime-attention.test.ts, driver gpu-phased.test.ts)', async () => {
  const root = scratchFolder();
  const dbPath = join(root, 'tuning.jsonl');
  writeDatabase(dbPath, 'avx2');
  const build = async (ops: string, target = 'avx2'): Promise<void> => buildRuntimeCommand.run(parseArgs('build-runtime', ['--target', target, '--db', dbPath, '--ops', ops, '--out', join(root, 'lib')], buildRuntimeCommand.args));
  await assert.rejects(build('softmax'), /--ops: unknown 'softmax' \(known: gemv, attention/);
});

test('build-runtime for a target the database holds no records of says so, on the terminal and in kforge.h', async () => {
  const root = scratchFolder();
  const dbPath = join(root, 'tuning.jsonl');
  writeDatabase(dbPath, 'neon');
  const libDir = join(root, 'kforge-c');
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  // println writes strings; the test runner's own reports (Uint8Array) go through
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]): boolean => {
    if (typeof chunk !== 'string') return write(chunk, ...rest);
    lines.push(chunk);
    return true;
  }) as typeof process.stdout.write;
  try {
    await buildRuntimeCommand.run(parseArgs('build-runtime', ['--target', 'c', '--db', dbPath, '--formats', 'q4_0', '--acts', 'f32', '--max-m', '1', '--out', libDir], buildRuntimeCommand.args));
  } finally {
    process.stdout.write = write;
  }
  const expected = `no tuning records for target c in ${dbPath}: the library holds the target's default configs only`;
  assert.ok(lines.join('').split('\n').includes(expected), lines.join(''));
  const header = readFileSync(join(libDir, 'include', 'kforge.h'), 'utf8');
  assert.ok(header.includes(`Tuned on: nothing (default configs only).\n * ${expected}.\n`), header.slice(0, 600));

  // a database with records for the target: no such line
  const tunedDb = join(root, 'tuned.jsonl');
  writeDatabase(tunedDb, 'c');
  const tunedHeader = cpuRuntimeFiles(planCpuRuntime({ target: 'c', formats: ['q4_0'], acts: ['f32'], ...tunedFromRecords(new JsonlTuningDatabase(tunedDb).all(), 'gemv', 'c'), version: '0' }))['include/kforge.h']!;
  assert.ok(!tunedHeader.includes('no tuning records'));
});
