// A moe runtime library on the CPU targets that execute natively here, built by `kforge build-runtime
// --ops moe --experts` from a tuning database: decode and prefill entries per expert configuration
// (given routing in f32, router routing in q4_0 with normTopk and in the planar w4g64), called through
// the Node binding at run-time T the kernels were not emitted at and judged against the float64
// reference with the SPEC bound of the kernel's arithmetic. A tuned T dispatches to its record's config
// (and a T within a factor 4 of it too), others to the entry's default, whose variant follows the phase;
// an expert id outside [0, E) returns KF_ERR_BAD_VALUE and leaves y untouched; T = 0 is refused.
// neon and rvv: the library built for the target and called through kf_call by a C program under the
// target's emulator (qemu), decode and prefill against the reference, and a bad id refused.
// KFORGE_HEAVY=1: `kforge tune moe` at a decode T on avx512, then a library built from its database
// dispatches that T to the best record's config.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InputError, checkOutput, getOp, randomInputs, resolveParams, tensorBytes, type KnobConfig, type Params } from '@kforge/ir';
import { JsonlTuningDatabase, SCHEMA_VERSION, type TuningRecord } from '@kforge/autotune';
import { MOE_PLAN, buildCpuRuntime, emitKernel, executorFor, loweringFor, phasedHeads, planCpuRuntime, resolveConfig, runtimeGaps, runtimeToolchain } from '@kforge/driver';
import { CPU_TOOLCHAINS, processFailure, runProcess, type CpuTargetName } from '@kforge/exec';
import { KforgeLibrary, cpuRuntimeFiles, moeEntryName, type MoePhase } from '@kforge/runtime';
import { parseArgs } from '../args.ts';
import { kforge, scratchFolder } from '../testing.ts';
import { buildRuntimeCommand } from './build-runtime.ts';

const op = getOp('moe');

const GIVEN: Params = { E: 5, topk: 2, H: 64, I: 32, weight: 'f32', routing: 'given' };
const ROUTER: Params = { E: 8, topk: 2, H: 128, I: 64, weight: 'q4_0', routing: 'router', normTopk: true };
const PLANAR: Params = { E: 6, topk: 3, H: 128, I: 128, weight: 'w4g64', routing: 'router' };
const EXPERTS = [GIVEN, ROUTER, PLANAR];

/** the tuned shape: ROUTER at T = 4 (decode) */
const TUNED_T = 4;

const CALLS: readonly { phase: MoePhase; T: number }[] = [
  { phase: 'decode', T: 1 }, { phase: 'decode', T: TUNED_T }, { phase: 'decode', T: 7 }, { phase: 'prefill', T: 40 }, { phase: 'prefill', T: 17 },
];

/** a valid config of the tuned shape other than its default (a knob the default's variant reads, else the variant) */
function tunedConfig(target: CpuTargetName, params: Params): KnobConfig {
  const space = loweringFor('moe', target).knobs(target, params);
  const base = resolveConfig('moe', target, params, undefined);
  for (const knob of [...space.knobs.filter((k) => k.name !== 'variant'), ...space.knobs.filter((k) => k.name === 'variant')]) {
    const alternative = knob.values.find((v) => v !== base[knob.name] && !space.check({ ...base, [knob.name]: v }));
    if (alternative !== undefined) return resolveConfig('moe', target, params, { ...base, [knob.name]: alternative });
  }
  throw new Error(`moe ${target}: no config other than the default for ${JSON.stringify(params)}`);
}

function writeDatabase(path: string, target: CpuTargetName, params: Params, config: KnobConfig): void {
  const db = new JsonlTuningDatabase(path);
  const record = (c: KnobConfig, medianMs: number, status: 'ok' | 'wrong'): TuningRecord => ({
    schema: SCHEMA_VERSION, op: 'moe', params, target, kforge: '0.1.0', config: c, sourceHash: 'test', status,
    device: { device: `test ${target} device`, features: [], compiler: 'test', executor: 'native' },
    measurement: { medianMs, minMs: medianMs, maxMs: medianMs, iqrMs: 0, repeats: 5, bytes: 1, gbps: 1 },
    time: '2026-12-02T04:00:00Z', origin: 'local',
  });
  db.append(record(resolveConfig('moe', target, params, undefined), 2, 'ok'));
  db.append(record(config, 1, 'ok'));
  db.append(record(resolveConfig('moe', target, params, undefined), 0.5, 'wrong'));
}

for (const target of ['c', 'avx512'] as const satisfies readonly CpuTargetName[]) {
  test(`moe runtime on ${target} through build-runtime from a tuning database: decode and prefill at run-time T against the reference; a bad id is KF_ERR_BAD_VALUE`, async (t) => {
    const executor = await executorFor(target).then((e) => e.name, () => 'none');
    if (executor !== 'native') return t.skip(`${target} does not execute natively here (${executor})`);
    const gaps = runtimeGaps('moe', target);
    if (gaps.length) return t.skip(gaps.join('; '));
    const tunedParams = resolveParams(op, { ...ROUTER, T: TUNED_T });
    try {
      emitKernel('moe', target, tunedParams, resolveConfig('moe', target, tunedParams, undefined));
    } catch (e) {
      if (/not written yet/.test(String(e))) return t.skip(`moe on ${target}: ${String(e)}`);
      throw e;
    }
    const root = scratchFolder();
    const dbPath = join(root, 'tuning.jsonl');
    const tuned = tunedConfig(target, tunedParams);
    writeDatabase(dbPath, target, tunedParams, tuned);
    const out = join(root, 'lib');
    await buildRuntimeCommand.run(parseArgs('build-runtime', ['--target', target, '--db', dbPath, '--ops', 'moe', '--experts', JSON.stringify(EXPERTS), '--out', out], buildRuntimeCommand.args));
    const lib = KforgeLibrary.open(join(out, 'build', 'libkforge.so'));
    const names = lib.entries().map((e) => e.name);
    assert.equal(names.length, EXPERTS.length * 2, names.join(', '));
    for (const experts of EXPERTS) {
      for (const call of CALLS) {
        const params = resolveParams(op, { ...experts, T: call.T });
        const compiled = phasedHeads(MOE_PLAN, params);
        const entry = moeEntryName(compiled, call.phase);
        assert.ok(names.includes(entry), `${entry} among ${names.join(', ')}`);
        const inputs = randomInputs(op, params, 11 + call.T);
        const reference = op.reference(params, inputs).y!;
        const y = new Float32Array(reference.data.length).fill(Number.NaN);
        const given = Object.fromEntries(Object.entries(inputs).filter(([n]) => n !== 'y').map(([n, v]) => [n, tensorBytes(v)]));
        const r = lib.moe(compiled, call.phase, call.T, { ...given, y } as unknown as Parameters<KforgeLibrary['moe']>[3]);
        const what = `${entry} T ${call.T}`;
        assert.equal(r.status, 0, `${what}: status ${r.status} ${lib.lastError()}`);
        const artifact = emitKernel('moe', target, params, r.info!.config as KnobConfig);
        const check = checkOutput('moe', 'y', y, reference, artifact.arithmetic ?? 'f32');
        assert.ok(check.ok, `${what} via ${r.info!.kernel} ${JSON.stringify(r.info!.config)}: ${check.message}`);
        const nearTuned = experts === ROUTER && call.phase === 'decode' && call.T >= TUNED_T / 4 && call.T <= TUNED_T * 4;
        assert.equal(r.info!.tuned, nearTuned, `${what}: tuned dispatch`);
        if (nearTuned) {
          assert.deepEqual(r.info!.tunedShape, { M: TUNED_T, N: 0, K: 0 });
          assert.deepEqual(r.info!.config, JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(tuned).sort()))), `${what}: the tuned config`);
        } else {
          const phaseVariant = MOE_PLAN.phaseKnobs?.(call.phase, target, params)?.variant;
          if (phaseVariant !== undefined) assert.equal(r.info!.config.variant, phaseVariant, `${what}: the phase's default variant`);
        }
      }
    }
    // given routing: one id past E (or below 0) is refused before any kernel runs, y as it was
    const params = resolveParams(op, { ...GIVEN, T: 3 });
    const inputs = randomInputs(op, params, 5);
    const compiled = phasedHeads(MOE_PLAN, params);
    for (const [phase, bad] of [['decode', Number(GIVEN.E)], ['prefill', -1]] as const) {
      const ids = Int32Array.from(inputs.ids!.data as Int32Array);
      ids[4] = bad;
      const y = new Float32Array(3 * Number(GIVEN.H)).fill(-7);
      const r = lib.moe(compiled, phase, 3, {
        x: inputs.x!.data as Float32Array, w_gate: tensorBytes(inputs.w_gate!), w_up: tensorBytes(inputs.w_up!), w_down: tensorBytes(inputs.w_down!),
        ids, weights: inputs.weights!.data as Float32Array, y,
      });
      assert.equal(r.status, 10, `${phase}: KF_ERR_BAD_VALUE`);
      assert.equal(lib.lastError(), `${moeEntryName(compiled, phase)}: tensor ids: element 4 is ${bad}, outside 0..${Number(GIVEN.E) - 1}`);
      assert.ok(y.every((v) => v === -7), `${phase}: y untouched`);
    }
    const none = new Float32Array(64);
    const zero = lib.call(moeEntryName(compiled, 'decode'), { x: none, w_gate: none, w_up: none, w_down: none, ids: new Int32Array(8), weights: none, y: none }, { T: 0 });
    assert.equal(zero.status, 2, 'T = 0 is refused');
    assert.match(lib.lastError(), /T = 0 is below 1/);
  });
}

test('kforge tune moe records trials that build-runtime --ops moe serves: the tuned T dispatches to the best record', { skip: process.env.KFORGE_HEAVY !== '1' && 'KFORGE_HEAVY=1 runs it (a tuning run)' }, async (t) => {
  const target = 'avx512';
  if (await executorFor(target).then((e) => e.name, () => 'none') !== 'native') return t.skip(`${target} does not execute natively here`);
  const root = scratchFolder();
  const db = join(root, 'tune.jsonl');
  const experts = { E: 8, topk: 2, H: 256, I: 128, weight: 'q8_0', routing: 'router', normTopk: true };
  const tuned = await kforge(['tune', 'moe', '--target', target, '--params', JSON.stringify({ ...experts, T: 2 }), '--db', db, '--budget', '3', '--strategy', 'random',
    '--threads', '1', '--probe-mib', '0', '--min-time-ms', '20'], 600_000);
  assert.equal(tuned.code, 0, tuned.stderr + tuned.stdout);
  const records = readFileSync(db, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TuningRecord);
  const best = records.filter((r) => r.status === 'ok').sort((a, b) => a.measurement!.medianMs - b.measurement!.medianMs)[0]!;
  const out = join(root, 'lib');
  const built = await kforge(['build-runtime', '--target', target, '--db', db, '--ops', 'moe', '--experts', JSON.stringify([experts]), '--out', out], 600_000);
  assert.equal(built.code, 0, built.stderr + built.stdout);
  const lib = KforgeLibrary.open(join(out, 'build', 'libkforge.so'));
  const params = resolveParams(op, { ...experts, T: 2 });
  const inputs = randomInputs(op, params, 3);
  const reference = op.reference(params, inputs).y!;
  const y = new Float32Array(reference.data.length);
  const r = lib.moe(phasedHeads(MOE_PLAN, params), 'decode', 2, {
    x: inputs.x!.data as Float32Array, w_gate: tensorBytes(inputs.w_gate!), w_up: tensorBytes(inputs.w_up!), w_down: tensorBytes(inputs.w_down!), router: inputs.router!.data as Float32Array, y,
  });
  assert.equal(r.status, 0, lib.lastError());
  assert.equal(r.info!.tuned, true);
  assert.deepEqual(r.info!.config, Object.fromEntries(Object.entries(best.config).sort()));
  const check = checkOutput('moe', 'y', y, reference, emitKernel('moe', target, params, best.config).arithmetic ?? 'f32');
  assert.ok(check.ok, check.message);
});

test('build-runtime --experts bad input: topk > E, T given per configuration, --heads without a head op, a weight shape off the block; nothing written', async () => {
  const root = scratchFolder();
  const dbPath = join(root, 'tuning.jsonl');
  writeFileSync(dbPath, '');
  const out = join(root, 'lib');
  const build = async (extra: string[]): Promise<void> => buildRuntimeCommand.run(parseArgs('build-runtime', ['--target', 'c', '--db', dbPath, '--ops', 'moe', ...extra, '--out', out], buildRuntimeCommand.args));
  const experts = (c: Params) => ['--experts', JSON.stringify([{ E: 4, topk: 2, H: 64, I: 32, weight: 'f32', ...c }])];
  await assert.rejects(build(experts({ topk: 5 })), (e: unknown) => e instanceof InputError && /topk must be <= E/.test(e.message));
  await assert.rejects(build(experts({ T: 3 })), (e: unknown) => e instanceof InputError && /--experts: moe: 'T' is given at run time, not per expert configuration/.test(e.message));
  await assert.rejects(build(['--heads', '[{"Hq":2}]']), (e: unknown) => e instanceof InputError && /--heads: none of the ops in --ops takes head configurations/.test(e.message));
  await assert.rejects(build(experts({ weight: 'q4_0', H: 48 })), (e: unknown) => e instanceof InputError && /H = 48 is not a multiple of the q4_0 block 32/.test(e.message));
  assert.equal(existsSync(out), false, 'nothing written');
});

/** calls ENTRY through kf_call with T and the tensors read from files (NULL for "-"), writes tensor OUT back, prints status|kernel|error */
const CALL_PROGRAM = String.raw`#include "kforge.h"
#include <stdio.h>
#include <stdlib.h>
static void* slurp(const char* path, long* size) {
  FILE* f = fopen(path, "rb");
  if (!f) exit(3);
  fseek(f, 0, SEEK_END);
  *size = ftell(f);
  fseek(f, 0, SEEK_SET);
  void* data = malloc(*size + 64);
  if (fread(data, 1, *size, f) != (size_t)*size) exit(3);
  fclose(f);
  return data;
}
int main(int argc, char** argv) {
  const int out = atoi(argv[3]), count = argc - 4;
  void* tensors[16];
  long sizes[16];
  for (int i = 0; i < count; i++) tensors[i] = argv[4 + i][0] == '-' ? NULL : slurp(argv[4 + i], &sizes[i]);
  kf_value scalars[1] = { { .i = atoi(argv[2]) } };
  kf_dispatch_info info;
  if (kf_init() != KF_OK) return 4;
  const int status = kf_call(argv[1], tensors, scalars, &info);
  printf("%d|%s|%s\n", status, status == KF_OK ? info.kernel : "", kf_last_error());
  FILE* f = fopen(argv[4 + out], "wb");
  if (!f || fwrite(tensors[out], 1, sizes[out], f) != (size_t)sizes[out]) return 5;
  fclose(f);
  kf_teardown();
  return 0;
}
`;

for (const target of ['neon', 'rvv'] as const satisfies readonly CpuTargetName[]) {
  test(`moe runtime on ${target} under its emulator: decode and prefill through kf_call against the reference; a bad id is KF_ERR_BAD_VALUE, y untouched`, async (t) => {
    const small = resolveParams(op, { ...GIVEN, T: 1 });
    try {
      emitKernel('moe', target, small, resolveConfig('moe', target, small, undefined));
    } catch (e) {
      return t.skip(`moe on ${target} does not emit: ${(e as Error).message.split('\n')[0]}`);
    }
    const toolchain = runtimeToolchain(target);
    const root = scratchFolder();
    const libDir = join(root, 'lib');
    const spec = planCpuRuntime({ target, ops: ['moe'], formats: [], acts: [], tuned: [], device: '', version: '0.1.0', phased: { moe: { heads: [GIVEN, ROUTER], tuned: [] } } });
    for (const [file, text] of Object.entries(cpuRuntimeFiles(spec))) {
      mkdirSync(dirname(join(libDir, file)), { recursive: true });
      writeFileSync(join(libDir, file), text);
    }
    await buildCpuRuntime(libDir);
    const exe = join(root, 'call');
    writeFileSync(`${exe}.c`, CALL_PROGRAM);
    const cc = CPU_TOOLCHAINS[target];
    const link = await runProcess(cc.compiler, [...cc.flags, `-I${join(libDir, 'include')}`, `${exe}.c`, join(libDir, 'build', 'libkforge.a'), ...cc.libs, '-o', exe], { timeoutMs: 300_000 });
    assert.equal(processFailure('link', link, 'compile'), undefined);
    const entries = spec.policies.flatMap((p) => p.entries());
    const call = async (experts: Params, phase: MoePhase, T: number, change?: (inputs: Record<string, Uint8Array>) => void) => {
      const params = resolveParams(op, { ...experts, T });
      const entry = entries.find((e) => e.name === moeEntryName(phasedHeads(MOE_PLAN, params), phase))!;
      const inputs = randomInputs(op, params, 21 + T);
      const bytes: Record<string, Uint8Array> = Object.fromEntries(Object.entries(inputs).map(([n, v]) => [n, Uint8Array.from(tensorBytes(v))]));
      bytes.y = new Uint8Array(new Float32Array(T * Number(experts.H)).fill(-7).buffer);
      change?.(bytes);
      const files = entry.tensors.map((x) => {
        const path = join(root, `${entry.name}.${T}.${x.name}`);
        writeFileSync(path, bytes[x.name]!);
        return path;
      });
      const out = entry.tensors.findIndex((x) => x.name === 'y');
      const argv = [...(toolchain.cross?.emulator ?? []), exe, entry.name, String(T), String(out), ...files];
      const r = await runProcess(argv[0]!, argv.slice(1), { timeoutMs: 300_000 });
      assert.equal(processFailure(`run ${entry.name}`, r, 'crash'), undefined);
      const [status, kernel, message] = r.stdout.trim().split('|');
      const y = new Float32Array(Uint8Array.from(readFileSync(files[out]!)).buffer);
      return { status: Number(status), kernel: kernel!, message: message!, y, params, inputs };
    };
    for (const experts of [GIVEN, ROUTER]) {
      for (const [phase, T] of [['decode', 3], ['prefill', 20]] as const) {
        const r = await call(experts, phase, T);
        assert.equal(r.status, 0, `${phase} T ${T}: ${r.message}`);
        const config = spec.kernels.find((k) => k.symbol === r.kernel)!.config;
        const check = checkOutput('moe', 'y', r.y, op.reference(r.params, r.inputs).y!, emitKernel('moe', target, r.params, config).arithmetic ?? 'f32');
        assert.ok(check.ok, `${target} ${JSON.stringify(experts)} ${phase} T ${T} via ${r.kernel}: ${check.message}`);
      }
    }
    const bad = await call(GIVEN, 'decode', 3, (b) => new Int32Array(b.ids!.buffer).set([Number(GIVEN.E)], 2));
    assert.equal(bad.status, 10, bad.message);
    assert.match(bad.message, /tensor ids: element 2 is 5, outside 0\.\.4$/);
    assert.ok(bad.y.every((v) => v === -7), 'y untouched');
  });
}
