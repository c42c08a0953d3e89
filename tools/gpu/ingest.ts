/**
 * Reads what `.gpu-bundle/run.sh OUT` brought back from the H200 and checks it here:
 *  - conformance cases against the float64 reference on their carried inputs (checkRun);
 *  - perf and sweep cases on a sample of their outputs (the op's sample hook: gemv's rows) against
 *    the float64 reference on the inputs the device generated (regenerated exactly by generatedBytes);
 *  - every timed case appended to the tuning database as a TuningRecord with origin 'bundle:h200'.
 *
 * usage: node --import tsx tools/gpu/ingest.ts OUT_DIR|WORK_DIR [--db FILE] [--no-db]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  getOp, randomInputs, tensorFromBytes, tensorSignature,
  type KernelArithmetic, type OutputCheck, type Tensor,
} from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { readGpuBundleResults, type GpuBundleCaseResult } from '@kforge/exec';
import { checkRun, checkSampledOutput, emitKernel, opHooks, outputValues } from '@kforge/driver';
import { JsonlTuningDatabase, SCHEMA_VERSION, hashSources, type DeviceFingerprint, type TuningRecord } from '@kforge/autotune';
import { kforgeVersion, summarize } from '@kforge/bench';
import { PLAN_FILE, type H200Plan, type PlannedTimedCase } from './plan.ts';

/** output elements checked per timed case (the op's sample hook spreads them over the grid) */
const SAMPLE_COUNT = 64;
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
}

/**
 * A perf or sweep case's outcome: 'constraint' when this checkout generates other sources than the
 * bundle held, the device's failure when it did not run, else its sampled outputs against the
 * float64 reference ('wrong' past the bound).
 */
export function checkTimedCase(t: PlannedTimedCase, r: GpuBundleCaseResult): TimedCaseCheck {
  let artifact: KernelArtifact;
  try {
    artifact = emitKernel(t.op, 'cuda', t.params, t.config);
  } catch (e) {
    return { status: 'constraint', reason: `this kforge no longer accepts the config: ${(e as Error).message}` };
  }
  if (hashSources(artifact.files) !== t.sourceHash) {
    return { status: 'constraint', reason: 'this kforge generates different sources for the config than the bundle held', artifact };
  }
  if (r.status !== 'ok') return { status: r.status === 'build-failed' ? 'compile' : 'runtime', ...(r.error ? { reason: r.error } : {}), artifact };
  const check = checkSampled(t, (name) => outputValues(t.op, t.params, name, r.result!.outputs[name]!), artifact.arithmetic ?? 'f32');
  return { status: check.ok ? 'ok' : 'wrong', ...(check.ok ? {} : { reason: check.message }), nmse: check.nmse, bound: check.bound, artifact };
}

/** A case's output (the whole of it, from `read`) on the op's sample against the reference on the inputs generated for `t`. */
export function checkSampled(t: Pick<PlannedTimedCase, 'op' | 'params' | 'generated'>, read: (output: string) => ArrayLike<number>, arithmetic: KernelArithmetic): OutputCheck {
  const hooks = opHooks(t.op, 'sampledReference');
  const sample = hooks.sample(t.params, SAMPLE_COUNT);
  return checkSampledOutput(t.op, hooks, t.params, sample, read(sample.output), hooks.sampledReference(t.params, t.generated, sample), arithmetic);
}

function deviceOf(work: string, detail: string): DeviceFingerprint {
  const machine = readFileSync(join(work, 'machine.txt'), 'utf8');
  const query = machine.split('@@query\n')[1]?.split('\n')[1] ?? '';
  const driver = query.split(',')[1]?.trim();
  const nvcc = machine.split('@@nvcc\n')[1]?.split('\n').find((l) => l.startsWith('Cuda compilation tools')) ?? 'nvcc';
  return { device: detail.split(' / ')[0] ?? detail, features: driver ? [`driver ${driver}`] : [], compiler: nvcc.trim(), executor: 'gpu-bundle' };
}


export function ingest(path: string, dbPath: string | null): { failures: number } {
  const work = workDir(path);
  const plan = JSON.parse(readFileSync(join(work, PLAN_FILE), 'utf8')) as H200Plan;
  let failures = 0;
  const line = (status: string, name: string, text: string) => console.log(`${status.padEnd(6)} ${name.padEnd(40)} ${text}`);

  const conformance = new Map(readGpuBundleResults(join(work, 'conformance')).map((r) => [r.case, r]));
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
      const inputs = randomInputs(op, c.params, c.seed);
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

  const perf = new Map<string, GpuBundleCaseResult>(readGpuBundleResults(join(work, 'perf')).map((r) => [r.case, r]));
  const baselines = readFileSync(join(work, 'baselines.jsonl'), 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, number | string>);
  const copies = baselines.filter((b) => b.probe === 'copy').map((b) => Number(b.moved_bytes) / Number(b.median_ns));
  const ceilingGbps = copies.length ? Math.max(...copies) : undefined;
  const db = dbPath ? new JsonlTuningDatabase(dbPath) : null;
  for (const t of plan.timed) {
    const r = perf.get(t.case)!;
    const { status, reason, nmse } = checkTimedCase(t, r);
    const timings = r.result?.timingsNs ?? [];
    const s = timings.length ? summarize(timings.map((x) => x / 1e6)) : undefined;
    const measurement = status === 'ok' && s ? {
      medianMs: s.median, minMs: s.min, maxMs: s.max, iqrMs: s.iqr, repeats: s.n, bytes: t.bytes, gbps: t.bytes / (s.median * 1e6),
      ...(ceilingGbps ? { ceilingGbps } : {}),
    } : undefined;
    if (status !== 'ok') failures++;
    line(status === 'ok' ? 'PASS' : status.toUpperCase(), t.case,
      `${nmse !== undefined ? `nmse ${nmse.toExponential(2)} on ${SAMPLE_COUNT} sampled outputs` : (reason ?? '').slice(0, 120)}` +
      `${measurement ? `  ${(measurement.medianMs * 1000).toFixed(2)} us  ${measurement.gbps.toFixed(0)} GB/s${ceilingGbps ? ` (${((100 * measurement.gbps) / ceilingGbps).toFixed(1)}% of copy)` : ''}` : ''}`);
    if (db && r.result) {
      db.append({
        schema: SCHEMA_VERSION, op: t.op, params: t.params, target: 'cuda', device: deviceOf(work, r.result.detail), kforge: kforgeVersion(),
        config: t.config, sourceHash: t.sourceHash, status, ...(reason && status !== 'ok' ? { reason: reason.slice(0, 2000) } : {}),
        ...(nmse !== undefined && Number.isFinite(nmse) ? { nmse } : {}), ...(measurement ? { measurement } : {}),
        time: new Date().toISOString(), origin: ORIGIN,
      });
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
