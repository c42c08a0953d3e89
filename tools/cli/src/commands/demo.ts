/**
 * `npm run demo`: the pipeline so far on model-shaped data, in well under a minute.
 * 1. weight formats: a Qwen3-0.6B q_proj weight stored in every format, bytes and dequantization nmse;
 * 2. the float64 references of the four operators on small model-shaped inputs;
 * 3. gemv, attention decode and prefill, and the gated delta rule decode and prefill generated,
 *    executed and checked on every target executable here;
 * 4. the pipeline's back half: tune gemv, attention decode and gated delta rule prefill briefly on the
 *    best native CPU target, build the runtime library (gemv, attention, gated_delta_rule and moe, once
 *    for all) from the tuning database, and call it through the Node binding (the delta rule's decode
 *    state in place);
 * 5. whole decoder layers through that library (decoder-layer.ts): one decode step of a
 *    Qwen3-30B-A3B-shaped attention + MoE layer and of a Qwen3.5-shaped Gated DeltaNet layer, checked
 *    against the composed float64 references and timed against the bytes they read.
 */
import {
  CheckError, InputError, WEIGHT_FORMAT_NAMES, checkInputs, checkOutput, dequantizeWeight, getOp, nmse, numel, quantizeWeight, randomInputs,
  resolveParams, tensorBytes, type Float64Tensor, type KnobConfig,
} from '@kforge/ir';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { tuneCommand } from './tune.ts';
import { buildRuntimeCommand } from './build-runtime.ts';
import { formatTable } from '../table.ts';
import { QWEN3_30B_A3B_LAYER, QWEN3_5_2B_LINEAR_LAYER } from './decoder-layer.ts';
import { layerBuild, moeRuntimeGap, runDecoderLayers } from './decoder-layer-run.ts';

/** Qwen3-0.6B: hidden 1024, 16 query heads and 8 kv heads of 128, MLP 3072. */
const QWEN3_06B = { hidden: 1024, Hq: 16, Hkv: 8, D: 128, mlp: 3072 };
/** Gated DeltaNet layer of Qwen3-Next / Qwen3.5: 16 q/k heads, 32 value heads, head size 128. */
const GATED_DELTANET = { Hk: 16, Hv: 32, D: 128 };

interface ReferenceCase {
  readonly title: string;
  readonly op: string;
  readonly params: Readonly<Record<string, unknown>>;
}

const REFERENCE_CASES: readonly ReferenceCase[] = [
  { title: 'Qwen3-0.6B q_proj, decode, q4_0 weight', op: 'gemv',
    params: { M: 1, N: QWEN3_06B.Hq * QWEN3_06B.D, K: QWEN3_06B.hidden, weight: 'q4_0' } },
  { title: 'Qwen3-0.6B down_proj, 4 tokens, w4g64 weight', op: 'gemv',
    params: { M: 4, N: QWEN3_06B.hidden, K: QWEN3_06B.mlp, weight: 'w4g64', act: 'f16' } },
  { title: 'Qwen3-0.6B attention, decode over 512 cached tokens, f16 KV', op: 'attention',
    params: { Hq: QWEN3_06B.Hq, Hkv: QWEN3_06B.Hkv, Sq: 1, Skv: 512, D: QWEN3_06B.D, kv: 'f16' } },
  { title: 'Qwen3-0.6B attention, causal prefill of 64 tokens', op: 'attention',
    params: { Hq: QWEN3_06B.Hq, Hkv: QWEN3_06B.Hkv, Sq: 64, Skv: 64, D: QWEN3_06B.D, causal: true } },
  { title: 'Gated DeltaNet (Qwen3.5 linear attention), 16-token chunk, l2norm', op: 'gated_delta_rule',
    params: { T: 16, Hk: GATED_DELTANET.Hk, Hv: GATED_DELTANET.Hv, Dk: GATED_DELTANET.D, l2norm: true } },
  { title: 'Gated DeltaNet (Qwen3.5 linear attention), decode step', op: 'gated_delta_rule',
    params: { T: 1, Hk: GATED_DELTANET.Hk, Hv: GATED_DELTANET.Hv, Dk: GATED_DELTANET.D, l2norm: true } },
  { title: 'small MoE: 8 experts, top-2, q8_0 experts, router', op: 'moe',
    params: { T: 4, H: 512, I: 256, E: 8, topk: 2, weight: 'q8_0', routing: 'router', normTopk: true } },
];

const SEED = 2026;

function rms(t: Float64Tensor): number {
  let sum = 0;
  for (const v of t.data) sum += v * v;
  return Math.sqrt(sum / t.data.length);
}

const sci = (x: number): string => x.toExponential(2);
const ms = (start: number): string => `${(performance.now() - start).toFixed(0)} ms`;

function weightFormats(): string[] {
  const gemv = getOp('gemv');
  const shape = [QWEN3_06B.Hq * QWEN3_06B.D, QWEN3_06B.hidden];
  const weight = randomInputs(gemv, resolveParams(gemv, { N: shape[0], K: shape[1], weight: 'f32' }), SEED).W!;
  const values = weight.data as Float32Array;
  println(`1. Weight formats: Qwen3-0.6B q_proj W [${shape.join(', ')}] ~ N(0, 1/K), f32 = ${values.byteLength} bytes`);
  const rows = WEIGHT_FORMAT_NAMES.map((format) => {
    const start = performance.now();
    const stored = quantizeWeight(format, 'W', values, shape);
    const took = ms(start);
    const bytes = Object.values(stored).reduce((sum, t) => sum + tensorBytes(t).length, 0);
    const error = nmse(dequantizeWeight(format, 'W', stored, shape), values);
    const tensors = Object.entries(stored).map(([name, t]) => `${name} ${t.dtype} [${t.shape.join(',')}]`).join(', ');
    return [format, String(bytes), (bytes * 8 / numel(shape)).toFixed(2), format === 'f32' ? '0' : sci(error), took, tensors];
  });
  println(formatTable(['format', 'bytes', 'bits/w', 'dequant nmse', 'quantize', 'stored tensors'], rows, '   ').join('\n'));
  return [`weight formats: ${WEIGHT_FORMAT_NAMES.length} formats quantized and dequantized`];
}

function references(): { summary: string[]; failures: string[] } {
  println('\n2. Float64 references on model-shaped inputs (seeded random inputs)');
  const failures: string[] = [];
  const rows = REFERENCE_CASES.map((c) => {
    const op = getOp(c.op);
    const params = resolveParams(op, c.params);
    const inputs = randomInputs(op, params, SEED);
    checkInputs(op, params, inputs);
    const start = performance.now();
    const outputs = op.reference(params, inputs);
    const took = ms(start);
    const described = Object.entries(outputs).map(([name, t]) => `${name} [${t.shape.join(',')}] rms ${sci(rms(t))}`).join('; ');
    const finite = Object.values(outputs).every((t) => t.data.every(Number.isFinite));
    if (!finite) failures.push(`${c.op} (${c.title}): non-finite output`);
    return [c.op, c.title, took, finite ? 'ok' : 'NON-FINITE', described];
  });
  println(formatTable(['op', 'case', 'time', 'status', 'outputs'], rows, '   ').join('\n'));
  return { summary: [`references: ${REFERENCE_CASES.length - failures.length}/${REFERENCE_CASES.length} cases finite`], failures };
}

/** What every target runs: Qwen3-0.6B q_proj at decode, q4_0 (a format every target supports), its attention, a Gated DeltaNet layer's delta rule and a small MoE. */
const EVERYWHERE = [
  { what: 'gemv', op: 'gemv', params: { M: 1, N: QWEN3_06B.Hq * QWEN3_06B.D, K: QWEN3_06B.hidden, weight: 'q4_0' } },
  { what: 'attention decode', op: 'attention', params: { Hq: QWEN3_06B.Hq, Hkv: QWEN3_06B.Hkv, Sq: 1, Skv: 300, D: QWEN3_06B.D, causal: true, kv: 'f16' } },
  { what: 'attention prefill', op: 'attention', params: { Hq: QWEN3_06B.Hq, Hkv: QWEN3_06B.Hkv, Sq: 48, Skv: 48, D: QWEN3_06B.D, causal: true, kv: 'q8_0' } },
  { what: 'gated delta rule decode', op: 'gated_delta_rule', params: { T: 1, Hk: GATED_DELTANET.Hk, Hv: GATED_DELTANET.Hv, Dk: GATED_DELTANET.D, l2norm: true } },
  { what: 'gated delta rule prefill', op: 'gated_delta_rule', params: { T: 160, Hk: 2, Hv: 4, Dk: GATED_DELTANET.D, l2norm: true } },
  { what: 'moe', op: 'moe', params: { T: 3, H: 512, I: 256, E: 8, topk: 2, weight: 'q4_0', routing: 'router', normTopk: true } },
] as const;

async function everywhere(step: string, what: string, opName: string, raw: Readonly<Record<string, unknown>>): Promise<{ summary: string[]; failures: string[] }> {
  println(`\n${step}. ${what} generated, built, executed and checked on every target executable here: ${JSON.stringify(raw)}`);
  const [{ doctor, executorByName }, driver] = await Promise.all([import('@kforge/exec'), import('@kforge/driver')]);
  const op = getOp(opName);
  const params = resolveParams(op, raw);
  const inputs = randomInputs(op, params, SEED);
  const failures: string[] = [];
  let passed = 0;
  const rows: string[][] = [];
  for (const t of (await doctor()).targets) {
    const row = (executor: string, mode: string, error: string, status: string, note: string): void => {
      rows.push([t.target, executor, mode, error, status, note]);
    };
    const executor = t.executor && executorByName(t.executor);
    if (t.status === 'unavailable' || t.status === 'compile-only' || !executor) {
      row(t.executor ?? '-', t.status, '-', 'not run', t.reason ?? (executor ? '' : `executor ${t.executor} not registered yet`));
      continue;
    }
    let config;
    try {
      config = driver.resolveConfig(op.name, t.target, params, undefined);
    } catch (e) {
      // an InputError means no lowering for this target yet; anything else is a bug worth a failing line
      if (e instanceof InputError) row(executor.name, t.status, '-', 'no kernel', e.message);
      else {
        failures.push(`${what} on ${t.target}: ${(e as Error).message}`);
        row(executor.name, t.status, '-', 'ERROR', (e as Error).message);
      }
      continue;
    }
    for (const variant of executor.variants) {
      const variantText = Object.entries(variant).map(([k, v]) => `${k}=${v}`).join(',');
      const name = variantText ? `${executor.name} ${variantText}` : executor.name;
      const start = performance.now();
      try {
        const run = await driver.runKernel(op.name, t.target, params, config, inputs, { executor, variant });
        const { ok, checks } = driver.checkRun(run, inputs);
        const error = checks.map((c) => `${c.nmse.toExponential(2)} (<= ${c.bound.toExponential(0)})`).join(', ');
        if (ok) passed++;
        else failures.push(`${what} on ${t.target} (${name}): ${checks.map((c) => c.message).join('; ')}`);
        row(name, run.result.mode, error, ok ? 'ok' : 'FAIL', `${ms(start)}, ${run.result.detail}`);
      } catch (e) {
        failures.push(`${what} on ${t.target} (${name}): ${(e as Error).message}`);
        row(name, t.status, '-', 'ERROR', (e as Error).message.split('\n')[0]!);
      }
    }
  }
  println(formatTable(['target', 'executor', 'mode', 'nmse (bound)', 'status', 'notes'], rows, '   ').join('\n'));
  return { summary: [`${what}: ${passed} target runs checked ok, ${failures.length} failed`], failures };
}

/** A decode GEMV larger than L2, small enough to tune in seconds. */
const TUNE_PARAMS = { M: 1, N: 4096, K: 4096, weight: 'q4_0', act: 'f32', bias: false };
/** Qwen3-0.6B's attention heads (causal, f16 KV): the runtime's head configuration, tuned at decode over 1024 cached tokens */
const HEADS = { Hq: QWEN3_06B.Hq, Hkv: QWEN3_06B.Hkv, D: QWEN3_06B.D, causal: true, kv: 'f16' };
const TUNE_ATTENTION = { ...HEADS, B: 1, Sq: 1, Skv: 1024 };
/** the runtime's attention calls: shapes the kernels were not tuned or emitted at */
const ATTENTION_CALLS = [{ phase: 'decode', B: 2, Sq: 1, Skv: 700 }, { phase: 'prefill', B: 1, Sq: 40, Skv: 90 }] as const;
/** Gated DeltaNet heads (l2norm) for the runtime, tuned at a 256-token prefill; called at decode with the state updated in place, and at prefill */
const DELTA_HEADS = { Hk: GATED_DELTANET.Hk, Hv: GATED_DELTANET.Hv, Dk: GATED_DELTANET.D, l2norm: true };
const TUNE_DELTA = { ...DELTA_HEADS, B: 1, T: 256 };
const DELTA_CALLS = [{ phase: 'decode', B: 1, T: 1 }, { phase: 'prefill', B: 1, T: 200 }] as const;

async function tuneBuildCall(): Promise<{ summary: string[]; failures: string[] }> {
  const [{ doctor }, { JsonlTuningDatabase }, { KforgeLibrary, attentionEntryName, gatedDeltaRuleEntryName }, { ATTENTION_PHASE_SHAPE, GATED_DELTA_RULE_PLAN, attentionHeads, emitKernel, phasedHeads }] = await Promise.all([
    import('@kforge/exec'), import('@kforge/autotune'), import('@kforge/runtime'), import('@kforge/driver'),
  ]);
  const native = (await doctor()).targets.filter((t) => t.status === 'native' && (t.target === 'avx512' || t.target === 'avx2'));
  const target = native.find((t) => t.target === 'avx512')?.target ?? native[0]?.target;
  if (!target) {
    println('\n4. tune -> runtime: skipped, no native AVX2/AVX-512 CPU target here');
    return { summary: ['tune -> runtime: skipped (no native SIMD CPU target)'], failures: [] };
  }
  // one library for the calls below and the decoder layers of step 5: their head and expert configurations too
  const moeGap = await moeRuntimeGap(target, QWEN3_30B_A3B_LAYER);
  const build = layerBuild(QWEN3_30B_A3B_LAYER, QWEN3_5_2B_LINEAR_LAYER, moeGap === undefined, { attention: [HEADS], gated_delta_rule: [DELTA_HEADS] });
  println(`\n4. tune gemv, attention decode and gated delta rule prefill on ${target} (budget 6, 4 and 4, 2 threads), build the runtime (${build.ops.replace(/,/g, ', ')}) from the database, call it from Node: ${JSON.stringify(TUNE_PARAMS)}, ${JSON.stringify(TUNE_ATTENTION)}, ${JSON.stringify(TUNE_DELTA)}`);
  const dir = mkdtempSync(join(tmpdir(), 'kforge-demo-'));
  try {
    const db = join(dir, 'tune.jsonl');
    const run = (cmd: Command, argv: string[]) => cmd.run(parseArgs(cmd.name, argv, cmd.args));
    await run(tuneCommand, ['gemv', '--target', target, '--params', JSON.stringify(TUNE_PARAMS), '--budget', '6', '--seed', '1', '--threads', '2', '--db', db]);
    await run(tuneCommand, ['attention', '--target', target, '--params', JSON.stringify(TUNE_ATTENTION), '--budget', '4', '--seed', '1', '--threads', '2', '--db', db]);
    await run(tuneCommand, ['gated_delta_rule', '--target', target, '--params', JSON.stringify(TUNE_DELTA), '--budget', '4', '--seed', '1', '--threads', '2', '--db', db]);
    const all = new JsonlTuningDatabase(db).all().filter((r) => r.status === 'ok' && r.measurement);
    const summary: string[] = [];
    for (const opName of ['gemv', 'attention', 'gated_delta_rule']) {
      const records = all.filter((r) => r.op === opName);
      const fastest = records.reduce((a, b) => (b.measurement!.medianMs < a.measurement!.medianMs ? b : a));
      const speedup = records[0]!.measurement!.medianMs / fastest.measurement!.medianMs;
      const fraction = fastest.measurement!.gbps / (fastest.measurement!.ceilingGbps ?? NaN);
      const figure = opName === 'gated_delta_rule'
        ? `${(getOp(opName).flops!(resolveParams(getOp(opName), TUNE_DELTA)) / (fastest.measurement!.medianMs * 1e6)).toFixed(0)} GFLOP/s`
        : `${(100 * fraction).toFixed(0)}% of the read probe`;
      summary.push(`tune ${opName} on ${target}: tuned/default ${speedup.toFixed(2)}x, best ${fastest.measurement!.medianMs.toPrecision(3)} ms at ${figure}`);
    }

    const out = join(dir, 'runtime');
    await run(buildRuntimeCommand, ['--target', target, '--db', db, ...build.args, '--formats', 'q4_0', '--acts', 'f32', '--out', out]);
    const lib = KforgeLibrary.open(join(out, 'build', 'libkforge.so'));
    const failures: string[] = [];
    const gemv = getOp('gemv');
    const params = resolveParams(gemv, TUNE_PARAMS);
    const inputs = randomInputs(gemv, params, SEED);
    const y = new Float32Array(params.M as number * (params.N as number));
    const call = lib.gemv('q4_0', 'f32', 1, 4096, 4096, { x: inputs.x!.data as Float32Array, W: inputs.W!.data as Uint8Array, y });
    const check = checkOutput('gemv', 'y', y, gemv.reference(params, inputs).y!, 'int8-activations');
    println(`   runtime gemv call: status ${call.status}, dispatched to ${call.info?.kernel} (${call.info?.tuned ? 'tuned' : 'default'} config ${JSON.stringify(call.info?.config)}), ${check.message}`);
    if (!check.ok || call.status !== 0) failures.push(`runtime gemv call: status ${call.status}, ${check.message}`);
    const attention = getOp('attention');
    for (const c of ATTENTION_CALLS) {
      const p = resolveParams(attention, { ...HEADS, B: c.B, Sq: c.Sq, Skv: c.Skv });
      const entry = attentionEntryName(attentionHeads(p), c.phase);
      const x = randomInputs(attention, p, SEED);
      const o = new Float32Array(c.B * Number(p.Hq) * c.Sq * Number(p.Dv)).fill(Number.NaN);
      const r = lib.call(entry, { q: tensorBytes(x.q!), k: tensorBytes(x.k!), v: tensorBytes(x.v!), o }, { B: c.B, Sq: c.Sq, Skv: c.Skv });
      const arithmetic = r.status === 0 ? emitKernel('attention', target, { ...p, ...ATTENTION_PHASE_SHAPE[c.phase] }, r.info!.config as KnobConfig).arithmetic ?? 'f32' : 'f32';
      const ok = r.status === 0 ? checkOutput('attention', 'o', o, attention.reference(p, x).o!, arithmetic) : undefined;
      println(`   runtime ${entry}(B ${c.B}, Sq ${c.Sq}, Skv ${c.Skv}): status ${r.status}, dispatched to ${r.info?.kernel} (${r.info?.tuned ? 'tuned' : 'default'} config ${JSON.stringify(r.info?.config)}), ${ok?.message ?? lib.lastError()}`);
      if (!ok?.ok) failures.push(`runtime ${entry}: status ${r.status}, ${ok?.message ?? lib.lastError()}`);
    }
    const delta = getOp('gated_delta_rule');
    for (const c of DELTA_CALLS) {
      const p = resolveParams(delta, { ...DELTA_HEADS, B: c.B, T: c.T });
      const entry = gatedDeltaRuleEntryName(phasedHeads(GATED_DELTA_RULE_PLAN, p), c.phase);
      const x = randomInputs(delta, p, SEED);
      const ref = delta.reference(p, x);
      const o = new Float32Array(ref.o!.data.length).fill(Number.NaN);
      // decode: the state updated in place (s0 and s one buffer)
      const s0 = new Float32Array(x.s0!.data as Float32Array);
      const s = c.phase === 'decode' ? s0 : new Float32Array(s0.length).fill(Number.NaN);
      const given = Object.fromEntries(['q', 'k', 'v', 'g', 'beta'].map((n) => [n, tensorBytes(x[n]!)]));
      const r = lib.call(entry, { ...given, s0, o, s }, { B: c.B, T: c.T });
      const checks = r.status === 0 ? (['o', 's'] as const).map((n) => checkOutput('gated_delta_rule', n, n === 'o' ? o : s, ref[n]!, 'f32')) : [];
      const message = checks.length ? checks.map((k) => k.message).join('; ') : lib.lastError();
      println(`   runtime ${entry}(B ${c.B}, T ${c.T}${c.phase === 'decode' ? ', state in place' : ''}): status ${r.status}, dispatched to ${r.info?.kernel} (${r.info?.tuned ? 'tuned' : 'default'} config ${JSON.stringify(r.info?.config)}), ${message}`);
      if (!checks.length || !checks.every((k) => k.ok)) failures.push(`runtime ${entry}: status ${r.status}, ${message}`);
    }
    summary.push(`runtime on ${target}: gemv, ${ATTENTION_CALLS.length} attention and ${DELTA_CALLS.length} gated delta rule calls ${failures.length ? 'FAILED' : 'ok'}`);

    println(`\n5. one decode step of two whole decoder layers through the same ${target} library, seeded random ${QWEN3_30B_A3B_LAYER.format} weights, checked against the composed float64 references, timed`);
    try {
      const layers = await runDecoderLayers({
        target, lib, attention: QWEN3_30B_A3B_LAYER, linear: QWEN3_5_2B_LINEAR_LAYER, seed: SEED, repeats: 5, log: println, ...(moeGap ? { moeGap } : {}),
      });
      summary.push(...layers.summary);
      failures.push(...layers.failures);
    } catch (e) {
      failures.push(`decoder layers: ${(e as Error).message}`);
      println(`   decoder layers: ERROR ${(e as Error).message}`);
    }
    return { summary, failures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const demoCommand: Command = {
  name: 'demo',
  summary: 'quantize a model-shaped weight, run the four references, run gemv, attention and the gated delta rule on every target here, tune and build the runtime, run two whole decoder layers through it',
  usage: 'demo',
  args: { positionals: [], options: {} },
  async run() {
    const start = performance.now();
    const summary = weightFormats();
    const refs = references();
    const runs = [];
    for (const [i, e] of EVERYWHERE.entries()) runs.push(await everywhere(`3${'abcdefgh'[i]}`, e.what, e.op, e.params));
    const pipeline = await tuneBuildCall();
    summary.push(...refs.summary, ...runs.flatMap((r) => r.summary), ...pipeline.summary);
    println(`\nSummary (${ms(start)}):`);
    for (const line of summary) println(`   ${line}`);
    const failures = [...refs.failures, ...runs.flatMap((r) => r.failures), ...pipeline.failures];
    if (failures.length) throw new CheckError(failures.join('; '));
  },
};
