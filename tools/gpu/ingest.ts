/**
 * Reads what `.gpu-bundle/run.sh OUT` brought back from the H200 and checks it here:
 *  - conformance cases against the float64 reference on their carried inputs (checkRun);
 *  - perf and sweep cases on a sample of their outputs (the op's sample hook: gemv's rows of y,
 *    attention's query rows of o, which the device kept alone in o_rows.npy) against the float64
 *    reference on the inputs the device generated (regenerated exactly by generatedBytes);
 *  - every timed case appended to the tuning database as a TuningRecord with origin 'bundle:h200'.
 *
 * usage: node --import tsx tools/gpu/ingest.ts OUT_DIR|WORK_DIR [--db FILE] [--no-db]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  checkOutput, decodeNpy, getOp, tensorFromBytes, tensorSignature,
  type KernelArithmetic, type OutputCheck, type Tensor,
} from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { readGpuBundleResults, type GpuBundleCaseResult } from '@kforge/exec';
import { checkRun, checkSampledOutput, conformanceInputs, emitKernel, opHooks, outputValues } from '@kforge/driver';
import { JsonlTuningDatabase, SCHEMA_VERSION, hashSources, type DeviceFingerprint, type TuningRecord } from '@kforge/autotune';
import { kforgeVersion, summarize } from '@kforge/bench';
import { PLAN_FILE, targetOf, type H200Plan, type PlannedFlaBaseline, type PlannedMoePeer, type PlannedTimedCase } from './plan.ts';
import { sampleCount, sampleRowsOf } from './suites.ts';

const ORIGIN = 'bundle:h200';

/** The results folder: WORK_DIR itself, or OUT_DIR's results.tar.gz.NN parts unpacked into a temporary folder. */
export function workDir(path: string): string {
  if (existsSync(join(path, PLAN_FILE))) return path;
  if (existsSync(join(path, 'work', PLAN_FILE))) return join(path, 'work');
  const parts = readdirSync(path).filter((f) => /^results\.tar\.gz(\.\d+)?$/.test(f)).sort();
  if (!parts.length) throw new Error(`${path}: neither ${PLAN_FILE} nor results.tar.gz parts`);
  const into = mkdtempSync(join(tmpdir(), 'kforge-h200-'));
  execFileSync('tar', ['xz', '-C', into], { input: Buffer.concat(parts.map((f) => readFileSync(join(path, f)))) });
  return join(into, 'work');
}

export interface TimedCaseCheck {
  readonly status: TuningRecord['status'];
  readonly reason?: string;
  readonly nmse?: number;
  readonly bound?: number;
  /** the kernel as this checkout emits it (its sources match the bundle's unless status is 'constraint'; absent when it no longer emits the config) */
  readonly artifact?: KernelArtifact;
  /**
   * 'constraint' cases whose config this checkout still emits (other sources than the bundle's): whether
   * the outputs the bundle's kernel wrote pass the same check (nmse beside it); absent otherwise
   */
  readonly staleOutputsOk?: boolean;
}

/**
 * A perf or sweep case's outcome: 'constraint' when this checkout generates other sources than the
 * bundle held, the device's failure when it did not run, else its sampled outputs against the
 * float64 reference ('wrong' past the bound).
 */
export function checkTimedCase(t: PlannedTimedCase, r: GpuBundleCaseResult, perfDir?: string): TimedCaseCheck {
  let artifact: KernelArtifact;
  try {
    artifact = emitKernel(t.op, targetOf(t), t.params, t.config);
  } catch (e) {
    return { status: 'constraint', reason: `this kforge no longer accepts the config: ${(e as Error).message}` };
  }
  if (hashSources(artifact.files) !== t.sourceHash) {
    // the outputs are the bundle's kernel's: checked all the same (the reference does not depend on the kernel)
    const stale = 'this kforge generates different sources for the config than the bundle held';
    if (r.status !== 'ok') return { status: 'constraint', reason: stale, artifact };
    const outputs = checkOutputsOf(t, r, perfDir, artifact);
    return { status: 'constraint', reason: `${stale}; its outputs: ${outputs.status === 'ok' ? 'ok' : (outputs.reason ?? outputs.status)}`, artifact,
      staleOutputsOk: outputs.status === 'ok', ...(outputs.nmse !== undefined ? { nmse: outputs.nmse, bound: outputs.bound! } : {}) };
  }
  if (r.status !== 'ok') return { status: r.status === 'build-failed' ? 'compile' : 'runtime', ...(r.error ? { reason: r.error } : {}), artifact };
  return checkOutputsOf(t, r, perfDir, artifact);
}

/** A timed case's sampled outputs against the float64 reference ('wrong' past the bound), any unwritten or non-finite element failing it. */
function checkOutputsOf(t: PlannedTimedCase, r: GpuBundleCaseResult, perfDir: string | undefined, artifact: KernelArtifact): TimedCaseCheck {
  const arithmetic = artifact.arithmetic ?? 'f32';
  if (t.sampleRows) {
    // the device kept only the sampled rows of the output, and counted what of each whole output was not written or not finite
    const output = t.sampleOutput ?? 'o';
    const rows = sampledRows(perfDir, r.case, output);
    if (!rows) return { status: 'runtime', reason: `no ${r.case}/${output}_rows.npy (reduce_outputs.py did not run?)`, artifact };
    for (const name of artifact.buffers.filter((b) => b.role === 'out').map((b) => b.name)) {
      const w = name === output ? rows.written : sampledRows(perfDir, r.case, name)?.written;
      if (!w) return { status: 'runtime', reason: `no ${r.case}/${name}_written.json (reduce_outputs.py did not run?)`, artifact };
      if (!w.all_finite) return { status: 'wrong', reason: `${w.not_finite} of ${w.elements} elements of ${name} not written or not finite`, artifact };
    }
    const check = checkSampledRows(t, rows.values, arithmetic);
    return { status: check.ok ? 'ok' : 'wrong', ...(check.ok ? {} : { reason: check.message }), nmse: check.nmse, bound: check.bound, artifact };
  }
  const check = checkSampled(t, (name) => outputValues(t.op, t.params, name, r.result!.outputs[name]!), arithmetic);
  return { status: check.ok ? 'ok' : 'wrong', ...(check.ok ? {} : { reason: check.message }), nmse: check.nmse, bound: check.bound, artifact };
}

/** what reduce_outputs.py left of a case's output (o unless named): its kept rows (flat, f32) and the written-and-finite count of the whole */
export function sampledRows(perfDir: string | undefined, caseName: string, output = 'o'): { values: ArrayLike<number>; written: { elements: number; not_finite: number; all_finite: boolean } } | undefined {
  if (!perfDir) return undefined;
  const rowsPath = join(perfDir, caseName, `${output}_rows.npy`);
  const writtenPath = join(perfDir, caseName, `${output}_written.json`);
  if (!existsSync(rowsPath) || !existsSync(writtenPath)) return undefined;
  return { values: decodeNpy(new Uint8Array(readFileSync(rowsPath)), rowsPath).data as ArrayLike<number>, written: JSON.parse(readFileSync(writtenPath, 'utf8')) };
}

type SampledCase = Pick<PlannedTimedCase, 'op' | 'params' | 'generated'> & Partial<Pick<PlannedTimedCase, 'sampleCount'>>;
const references = new Map<string, Float64Array>();

/** The op's sample of a case and its float64 reference (regenerating the inputs and the reference are the slow part: kept per process). */
function sampledReference(t: SampledCase) {
  const hooks = opHooks(t.op, 'sampledReference');
  const sample = hooks.sample(t.params, t.sampleCount ?? sampleCount(t.op, t.params));
  const key = JSON.stringify([t.op, t.params, t.generated, sample.indices]);
  let reference = references.get(key);
  if (!reference) {
    reference = hooks.sampledReference(t.params, t.generated, sample);
    references.set(key, reference);
  }
  return { hooks, sample, reference };
}

/** A case's output (the whole of it, from `read`) on the op's sample against the reference on the inputs generated for `t`. */
export function checkSampled(t: SampledCase, read: (output: string) => ArrayLike<number>, arithmetic: KernelArithmetic): OutputCheck {
  const { hooks, sample, reference } = sampledReference(t);
  return checkSampledOutput(t.op, hooks, t.params, sample, read(sample.output), reference, arithmetic);
}

/** The sampled elements alone (as `pick` orders them: attention's sampled rows of o one after another) against the reference. */
export function checkSampledRows(t: SampledCase & Pick<PlannedTimedCase, 'sampleRows'>, picked: ArrayLike<number>, arithmetic: KernelArithmetic): OutputCheck {
  const { sample, reference } = sampledReference(t);
  if (t.sampleRows && JSON.stringify(t.sampleRows) !== JSON.stringify(sampleRowsOf(t.op, t.params, sample.indices)?.rows)) {
    throw new Error(`${t.op}: the plan's sampled rows differ from this checkout's sample hook`);
  }
  if (picked.length !== reference.length) {
    return { ok: false, nmse: NaN, bound: NaN, message: `${picked.length} sampled values, expected ${reference.length}` } as OutputCheck;
  }
  const check = checkOutput(t.op, sample.output, Array.from(picked), { shape: [reference.length], data: reference }, arithmetic);
  return { ...check, message: `${check.message} on ${sample.indices.length} sampled ${sample.along}` };
}

/** e.g. '32 sampled query rows', '2 sampled value heads' (the op's sample hook says what a unit is) */
export function sampleWords(t: SampledCase): string {
  const sample = opHooks(t.op, 'sample').sample(t.params, t.sampleCount ?? sampleCount(t.op, t.params));
  return `${sample.indices.length} sampled ${sample.along}`;
}

/** One FLA line (fla_gated_delta_rule.py) checked here: its rows of o against the reference of the kforge case's sample, held to the 'half' bound (FLA's f32 path multiplies in tf32). */
export function checkFlaLine(work: string, entry: PlannedFlaBaseline, line: Record<string, unknown>): OutputCheck | undefined {
  const rows = typeof line.rows === 'string' ? join(work, line.rows) : undefined;
  if (!rows || !existsSync(rows)) return undefined;
  const picked = decodeNpy(new Uint8Array(readFileSync(rows)), rows).data as ArrayLike<number>;
  return checkSampledRows({ op: 'gated_delta_rule', params: entry.params, generated: entry.generated, sampleCount: entry.sampleCount, sampleRows: entry.sampleRows }, picked, FLA_ARITHMETIC);
}

/** the bound FLA's outputs are held to here */
export const FLA_ARITHMETIC: KernelArithmetic = 'half';

/**
 * The bound a moe peer's sampled rows of y are held to against the float64 reference of the f16 case:
 * the 'half' bound (SPEC section 4) for f16 inputs; the peers that round x and the experts to bf16
 * (torch._grouped_mm's fast path) compute on other inputs: about 2^-9 relative per operand, so 1e-4.
 */
export function moePeerBound(line: Record<string, unknown>): { arithmetic: KernelArithmetic } | { nmse: number } {
  return line.dtype === 'bf16' ? { nmse: MOE_BF16_NMSE_BOUND } : { arithmetic: 'half' };
}
export const MOE_BF16_NMSE_BOUND = 1e-4;

/** One moe peer line (moe_peers.py) checked here: its sampled tokens' rows of y against the reference of the kforge case's sample. */
export function checkMoePeerLine(work: string, entry: PlannedMoePeer, line: Record<string, unknown>): OutputCheck | undefined {
  const rows = typeof line.rows === 'string' ? join(work, line.rows) : undefined;
  if (!rows || !existsSync(rows)) return undefined;
  const picked = decodeNpy(new Uint8Array(readFileSync(rows)), rows).data as ArrayLike<number>;
  const t = { op: 'moe', params: entry.params, generated: entry.generated, sampleCount: entry.sampleCount };
  const bound = moePeerBound(line);
  if ('arithmetic' in bound) return checkSampledRows(t, picked, bound.arithmetic);
  // bf16 inputs: the 'half' check's nmse, held to the looser bound
  const check = checkSampledRows(t, picked, 'half');
  const ok = Number.isFinite(check.nmse) && check.nmse <= bound.nmse;
  return { ...check, ok, bound: bound.nmse, message: `${ok ? 'ok' : 'FAIL'}: nmse ${check.nmse.toExponential(2)} (bf16 inputs, bound ${bound.nmse.toExponential(0)})` };
}

function deviceOf(work: string, detail: string, target: string): DeviceFingerprint {
  const machine = readFileSync(join(work, 'machine.txt'), 'utf8');
  const query = machine.split('@@query\n')[1]?.split('\n')[1] ?? '';
  const driver = query.split(',')[1]?.trim();
  const nvcc = machine.split('@@nvcc\n')[1]?.split('\n').find((l) => l.startsWith('Cuda compilation tools')) ?? 'nvcc';
  // CUDA's detail starts with the GPU's name; OpenCL's with the platform version, Vulkan's with the device name and its driver
  const device = target === 'cuda' ? (detail.split(' / ')[0] ?? detail) : `${query.split(',')[0]?.trim() || detail} (${target})`;
  return { device, features: driver ? [`driver ${driver}`] : [], compiler: target === 'cuda' ? nvcc.trim() : detail, executor: 'gpu-bundle' };
}


export function ingest(path: string, dbPath: string | null): { failures: number } {
  const work = workDir(path);
  const plan = JSON.parse(readFileSync(join(work, PLAN_FILE), 'utf8')) as H200Plan;
  let failures = 0;
  const line = (status: string, name: string, text: string) => console.log(`${status.padEnd(6)} ${name.padEnd(40)} ${text}`);

  const readResults = (part: string) => (existsSync(join(work, part, 'manifest.json')) ? readGpuBundleResults(join(work, part)) : []);
  const conformance = new Map(readResults('conformance').map((r) => [r.case, r]));
  const tally = new Map<string, number>();
  for (const c of plan.conformance) {
    const r = conformance.get(c.case)!;
    let status = r.status === 'ok' ? 'PASS' : 'ERROR';
    let text = r.error?.slice(0, 160) ?? '';
    let artifact: KernelArtifact | undefined;
    try {
      artifact = emitKernel(c.op, c.target as never, c.params, c.config);
    } catch (e) {
      [status, text] = ['STALE', `this kforge no longer accepts the config: ${(e as Error).message.slice(0, 140)}`];
    }
    if (r.status === 'ok' && artifact) {
      const op = getOp(c.op);
      const inputs = conformanceInputs(c);
      const outputs: Record<string, Tensor> = {};
      for (const s of tensorSignature(op, c.params).filter((x) => x.role === 'out')) outputs[s.name] = tensorFromBytes(r.result!.outputs[s.name]!, s.dtype, s.shape, s.name);
      const { ok, checks } = checkRun({ artifact, outputs, result: r.result! }, inputs);
      status = ok ? 'PASS' : 'FAIL';
      text = `nmse ${checks.map((x) => x.nmse.toExponential(2)).join(',')} (bound ${checks[0]!.bound.toExponential(0)}) on ${r.result!.detail}`;
    }
    if (status !== 'PASS') failures++;
    tally.set(`${c.target} ${status}`, (tally.get(`${c.target} ${status}`) ?? 0) + 1);
    line(status, c.case, text);
  }

  const perf = new Map<string, GpuBundleCaseResult>(readResults('perf').map((r) => [r.case, r]));
  const baselines = readFileSync(join(work, 'baselines.jsonl'), 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, number | string>);
  const copies = baselines.filter((b) => b.probe === 'copy').map((b) => Number(b.moved_bytes) / Number(b.median_ns));
  const ceilingGbps = copies.length ? Math.max(...copies) : undefined;
  const db = dbPath ? new JsonlTuningDatabase(dbPath) : null;
  for (const t of plan.timed) {
    const r = perf.get(t.case)!;
    const { status, reason, nmse, staleOutputsOk } = checkTimedCase(t, r, join(work, 'perf'));
    const timings = r.result?.timingsNs ?? [];
    const s = timings.length ? summarize(timings.map((x) => x / 1e6)) : undefined;
    const measurement = status === 'ok' && s ? {
      medianMs: s.median, minMs: s.min, maxMs: s.max, iqrMs: s.iqr, repeats: s.n, bytes: t.bytes, gbps: t.bytes / (s.median * 1e6),
      ...(ceilingGbps ? { ceilingGbps } : {}),
    } : undefined;
    if (status !== 'ok') failures++;
    if (staleOutputsOk !== undefined && s) {
      // the bundle's kernel, checked: its time is a measurement of those sources (the plan's revision), not of this checkout's
      const us = (s.median * 1000).toFixed(2);
      line('STALE', t.case, `${staleOutputsOk ? 'outputs ok' : 'outputs WRONG'}${nmse !== undefined ? ` nmse ${nmse.toExponential(2)} on ${sampleWords(t)}` : ''}  ${us} us` +
        `  ${(t.bytes / (s.median * 1e6)).toFixed(0)} GB/s${ceilingGbps ? ` (${((100 * t.bytes) / (s.median * 1e6) / ceilingGbps).toFixed(1)}% of copy)` : ''}` +
        `${t.flops ? `  ${(t.flops / (s.median * 1e9)).toFixed(1)} TFLOP/s` : ''}  (sources differ from this checkout's)`);
    } else line(status === 'ok' ? 'PASS' : status.toUpperCase(), t.case,
      `${nmse !== undefined ? `nmse ${nmse.toExponential(2)} on ${sampleWords(t)}` : (reason ?? '').slice(0, 120)}` +
      `${measurement ? `  ${(measurement.medianMs * 1000).toFixed(2)} us  ${measurement.gbps.toFixed(0)} GB/s${ceilingGbps ? ` (${((100 * measurement.gbps) / ceilingGbps).toFixed(1)}% of copy)` : ''}` +
        `${t.flops ? `  ${(t.flops / (measurement.medianMs * 1e9)).toFixed(1)} TFLOP/s` : ''}` : ''}`);
    if (db && r.result) {
      db.append({
        schema: SCHEMA_VERSION, op: t.op, params: t.params, target: targetOf(t), device: deviceOf(work, r.result.detail, targetOf(t)), kforge: kforgeVersion(),
        config: t.config, sourceHash: t.sourceHash, status, ...(reason && status !== 'ok' ? { reason: reason.slice(0, 2000) } : {}),
        ...(nmse !== undefined && Number.isFinite(nmse) ? { nmse } : {}), ...(measurement ? { measurement } : {}),
        time: new Date().toISOString(), origin: ORIGIN,
      });
    }
  }
  // FLA beside the gated_delta_rule cases: its sampled rows checked here as kforge's are
  for (const entry of plan.fla ?? []) {
    for (const b of baselines.filter((x) => x.probe === 'fla' && x.case === entry.kforgeCase)) {
      const name = `fla ${entry.kforgeCase} ${String(b.dtype ?? '')} ${String(b.mode ?? '')}`;
      if (!b.median_ns) {
        line('N/A', name, String(b.error ?? b.status ?? '').split('\n').filter(Boolean).at(-1)?.slice(0, 140) ?? '');
        continue;
      }
      const check = b.dtype === 'f32' ? checkFlaLine(work, entry, b) : undefined;
      if (check && !check.ok) failures++;
      const us = Number(b.median_ns) / 1e3;
      const figure = entry.phase === 'decode' ? `${(entry.stateBytes / (us * 1e3)).toFixed(0)} GB/s of state` : `${(entry.flops / (us * 1e6)).toFixed(1)} TFLOP/s`;
      line(check ? (check.ok ? 'PASS' : 'FAIL') : 'DEVICE', name,
        `${check ? `nmse ${check.nmse.toExponential(2)} (bound ${check.bound.toExponential(0)})` : `nmse on the device ${Number(b.nmse_vs_f64).toExponential(2)}`}  ${us.toFixed(2)} us  ${figure}`);
    }
  }
  // the peers beside the f16 moe cases: their sampled rows of y checked here as kforge's are
  for (const entry of plan.moe ?? []) {
    for (const b of baselines.filter((x) => x.probe === 'moe-peer' && x.case === entry.kforgeCase)) {
      const name = `${String(b.impl ?? '')} ${entry.kforgeCase.replace(/^\d+-perf-moe-/, '')} ${String(b.mode ?? '')}`;
      if (!b.median_ns) {
        line('N/A', name, String(b.error ?? b.status ?? '').split('\n').filter(Boolean).at(-1)?.slice(0, 140) ?? '');
        continue;
      }
      const check = checkMoePeerLine(work, entry, b);
      if (!check || !check.ok) failures++;
      const us = Number(b.median_ns) / 1e3;
      const figure = entry.phase === 'decode'
        ? `${(entry.bytes / (us * 1e3)).toFixed(0)} GB/s${ceilingGbps ? ` (${((100 * entry.bytes) / (us * 1e3) / ceilingGbps).toFixed(1)}% of copy)` : ''}`
        : `${(entry.flops / (us * 1e6)).toFixed(1)} TFLOP/s`;
      line(check ? (check.ok ? 'PASS' : 'FAIL') : 'NOROWS', name, `${check ? `nmse ${check.nmse.toExponential(2)} (bound ${check.bound.toExponential(0)})` : 'no rows came back'} ${String(b.dtype ?? '')}  ${us.toFixed(2)} us  ${figure}`);
    }
  }
  console.log(`\nconformance: ${[...tally].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`timed cases: ${plan.timed.length}${db ? `, recorded in ${dbPath} (origin ${ORIGIN})` : ''}; failures overall: ${failures}`);
  return { failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dbAt = args.indexOf('--db');
  const db = args.includes('--no-db') ? null : dbAt >= 0 ? args[dbAt + 1]! : 'kforge-tune.jsonl';
  const path = args.find((a, i) => !a.startsWith('--') && (dbAt < 0 || i !== dbAt + 1));
  if (!path) throw new Error('usage: ingest.ts OUT_DIR|WORK_DIR [--db FILE] [--no-db]');
  const { failures } = ingest(resolve(path), db);
  process.exitCode = failures ? 1 : 0;
}
