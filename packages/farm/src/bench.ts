/**
 * `kforge bench run SUITE --farm URL`: each case of the suite is one signed job for the agents of one
 * fingerprint; an agent runs it with packages/bench's runSuite (bench-job.ts: the runner of a local
 * bench run, so the case is generated, checked against the reference and timed with its baselines and
 * that device's probes there), and the per-case bench files come back into one bench JSON here.
 * A case's job id is the run id and a hash of the case and the options: a resumed run (the same run
 * id) gets the finished jobs' results from Redis without measuring again, and each case has exactly
 * one result (one job each; a job's result is taken once). A case whose job failed for good is a
 * result too: status 'error' with the farm's reason.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { canonicalJson, type DeviceFingerprint } from '@kforge/autotune';
import { InputError } from '@kforge/ir';
import {
  SCHEMA_VERSION, affinityInForce, gitInfo, kforgeVersion, machineInfo, runSuite, type BenchFile, type CaseResult, type Ceiling, type ComputeCeiling, type Provenance, type Suite, type SuiteCase,
} from '@kforge/bench';
import type { FarmCoordinator } from './coordinator.ts';
import { fingerprintId, remoteBenchRefusal, type AgentInfo, type JobBody, type WireBenchOptions } from './protocol.ts';

/** Where each case of a farm bench run was measured (the bench JSON's `farm` field). */
export interface FarmBenchJob {
  readonly case: string;
  readonly job: string;
  readonly agent: string | null;
  readonly origin: string | null;
  /** the agent's kforge build and the load of its machine around the case */
  readonly build_commit: string | null;
  readonly build_dirty: boolean | null;
  readonly load_average: Provenance['load_average'] | null;
  readonly loaded: boolean;
  /** why the job has no result (every try failed, refused, or the run failed there) */
  readonly failure: string | null;
}

export interface FarmBenchInfo {
  /** the queue's URL with its password masked */
  readonly queue: string;
  readonly run: string;
  readonly fingerprint: DeviceFingerprint;
  readonly fp_id: string;
  readonly jobs: readonly FarmBenchJob[];
}

export type FarmBenchFile = BenchFile & { readonly farm: FarmBenchInfo };

export interface FarmBenchOptions {
  readonly coordinator: FarmCoordinator;
  readonly fingerprint: DeviceFingerprint;
  readonly suite: Suite;
  readonly cases: readonly SuiteCase[];
  readonly options: WireBenchOptions;
  /** the queue's URL, password masked (for the file) */
  readonly queue: string;
  /** called as each case's result arrives (in the order they finish) */
  readonly onCase?: (r: CaseResult, done: number, of: number) => void;
}

/** The fingerprint a farm run is for: the one given, else the only one the connected agents announce (matching --device). */
export function pickFingerprint(agents: readonly AgentInfo[], given: DeviceFingerprint | undefined, device: string | undefined, what: string): DeviceFingerprint {
  if (given) return given;
  const fps = [...new Map(agents.filter((a) => !device || a.fingerprint.device.includes(device)).map((a) => [a.fpId, a.fingerprint])).values()];
  if (fps.length === 1) return fps[0]!;
  throw new InputError(`${what} --farm: ${fps.length
    ? `agents of ${fps.length} fingerprints are connected (${fps.map((x) => x.device).join('; ')}): pick one with --device TEXT or --fingerprint`
    : 'no agent is connected: start one (kforge farm agent) or name the fingerprint with --fingerprint, and the jobs wait for it'}`);
}

/** The job id of one case: the run id and a hash of what is measured and how (never of the command line). */
export function benchJobId(runId: string, suite: string, c: SuiteCase, o: WireBenchOptions): string {
  const { command: _command, ...how } = o;
  return `${runId}.${createHash('sha256').update(canonicalJson([suite, c, how])).digest('hex').slice(0, 16)}`;
}

interface CaseOutcome {
  readonly result: CaseResult;
  readonly file?: BenchFile;
  readonly job: FarmBenchJob;
}

export async function benchOnFarm(o: FarmBenchOptions): Promise<FarmBenchFile> {
  const c = o.coordinator;
  const fpId = fingerprintId(o.fingerprint);
  // refused before anything is sent when every connected agent of the fingerprint would refuse the jobs
  // (with none connected the jobs wait for one, as any job does)
  const serving = (await c.agents()).filter((a) => a.fpId === fpId);
  if (serving.length && serving.every((a) => a.benchJobs === false)) {
    throw new InputError(`bench run --farm: every connected agent of fingerprint ${fpId} refuses bench jobs (${serving.map((a) => a.id).join(', ')}): ` +
      remoteBenchRefusal([...new Set(serving.map((a) => a.origin))]));
  }
  const startedAt = new Date().toISOString();
  const what = `bench ${o.suite.name} on ${o.options.target}`;
  let done = 0;
  let failed = 0;
  const progress = () => c.reportProgress({ what, fpId, budget: o.cases.length, done, failed, inFlight: o.cases.length - done, state: done === o.cases.length ? 'done' : 'running' });
  await progress();
  // every case in flight at once: the agents of the fingerprint take them one at a time each
  const outcomes = await Promise.all(o.cases.map(async (sc): Promise<CaseOutcome> => {
    const jobId = benchJobId(c.runId, o.suite.name, sc, o.options);
    const outcome = await c.submit(fpId, jobId, { kind: 'bench', suite: o.suite.name, case: sc, options: o.options });
    const r = outcome.done ? outcome.result : undefined;
    const file = r?.ok ? r.bench : undefined;
    const result = file?.results.find((x) => x.id === sc.id);
    const failure = !outcome.done ? outcome.reason : !r!.ok ? `${r!.failure}: ${r!.reason}` : result ? null : `the agent's bench file has no result for ${sc.id}`;
    const job: FarmBenchJob = {
      case: sc.id, job: jobId, agent: r?.agent ?? null, origin: r?.origin ?? null,
      build_commit: file?.provenance.build_commit ?? null, build_dirty: file?.provenance.build_dirty ?? null,
      load_average: file?.provenance.load_average ?? null, loaded: !!file?.provenance.loaded, failure,
    };
    const out: CaseOutcome = result && file
      ? { result, file, job }
      : { result: { id: sc.id, op: sc.op, layer: sc.layer, phase: sc.phase, params: sc.params, status: 'error', reason: `farm: ${failure}`, measurements: [], speedup: {} }, job };
    done++;
    if (out.result.status === 'error' || out.result.status === 'incorrect') failed++;
    o.onCase?.(out.result, done, o.cases.length);
    await progress();
    return out;
  }));
  return merge(o, fpId, startedAt, outcomes);
}

/**
 * One bench JSON of the per-case files: results in suite order, every agent's probes, the agents'
 * machine (one fingerprint) in the provenance with this command line. Each measurement keeps its
 * fraction of the probes of the agent that measured it (devices of one fingerprint differ a little).
 */
function merge(o: FarmBenchOptions, fpId: string, startedAt: string, outcomes: readonly CaseOutcome[]): FarmBenchFile {
  const files = outcomes.flatMap((x) => (x.file ? [x.file] : []));
  const first = files[0];
  const ceilings: Ceiling[] = files.flatMap((f) => f.ceilings);
  const compute: ComputeCeiling[] = files.flatMap((f) => f.compute_ceilings ?? []);
  const loads = outcomes.flatMap((x) => (x.job.load_average ? [x.job.load_average] : []));
  const here = first ? undefined : machineInfo();
  const git = first ? undefined : gitInfo();
  const provenance: Provenance = {
    build_commit: first?.provenance.build_commit ?? git!.revision, build_dirty: first?.provenance.build_dirty ?? git!.dirty,
    kforge_version: first?.provenance.kforge_version ?? kforgeVersion(), command: o.options.command ?? [],
    started_at: startedAt, finished_at: new Date().toISOString(),
    cpu_info: first?.provenance.cpu_info ?? `${here!.cpu_model}, ${here!.cores} cores`, gpu_info: first?.provenance.gpu_info ?? null,
    machine: first?.provenance.machine ?? here!,
    load_average: { start: loads[0]?.start ?? [], end: loads.at(-1)?.end ?? [] },
    ...(outcomes.some((x) => x.job.loaded || x.result.loaded) ? { loaded: true } : {}),
  };
  const results = outcomes.map((x) => x.result);
  const threads = o.options.threads ?? results.find((r) => r.measurements.length)?.measurements[0]?.threads ?? 0;
  return {
    schema_version: SCHEMA_VERSION, kind: 'suite', suite: o.suite.name, target: o.options.target, threads,
    affinity: first?.affinity ?? affinityInForce(threads), seed: o.options.seed ?? 1,
    protocol: first?.protocol ?? { min_time_ms: o.options.minTimeMs ?? 300, rounds: o.options.rounds ?? 3, discard: 2, statistic: 'median', l3_bytes: null },
    ceilings, ceiling_gbps: Math.max(0, ...ceilings.filter((x) => x.name !== 'cache_probe').map((x) => x.gbps)),
    ...(compute.length ? { compute_ceilings: compute, fma_peak_gflops: Math.max(...compute.map((x) => x.gflops)) } : {}),
    provenance, results,
    farm: { queue: o.queue, run: o.coordinator.runId, fingerprint: o.fingerprint, fp_id: fpId, jobs: outcomes.map((x) => x.job) },
  };
}

/**
 * One bench job, in the process an agent starts for it (bench-job.ts in a checkout, `kforge farm
 * bench-job` from the CLI and the packed bundle): runSuite on a suite of the job's one case, exactly
 * as `kforge bench run` runs it locally. Writes { ok, file } or { ok: false, reason } to resultPath.
 */
export async function runBenchJob(jobPath: string, resultPath: string, onProgress: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<void> {
  const body = JSON.parse(readFileSync(jobPath, 'utf8')) as Extract<JobBody, { kind: 'bench' }>;
  try {
    const suite: Suite = { name: body.suite, doc: '', source: 'a farm job', cases: [body.case] };
    const file = await runSuite(suite, undefined, { ...body.options, onProgress });
    writeFileSync(resultPath, JSON.stringify({ ok: true, file }));
  } catch (e) {
    writeFileSync(resultPath, JSON.stringify({ ok: false, reason: (e as Error).message }));
  }
}
