/**
 * `kforge bench --import OUT`: what a bench bundle's run.sh (export.ts) left in OUT, turned into the
 * bench JSON (schema.ts). Every contestant's first output is checked here, before any of its times
 * count: the whole output for NaN, Inf and unwritten (poisoned) elements, and a sample of it (the op's
 * sample hook: gemv's rows) against the float64 reference on the inputs regenerated exactly as the
 * machine generated them. A wrong or failed contestant is reported, never timed. Fractions are taken
 * per round against the read probe timed in the same round of the same case, and against the run's
 * highest probe (fraction_of_ceiling).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getOp, InputError, type KernelArithmetic, type OutputCheck } from '@kforge/ir';
import { checkSampledOutput, opHooks, outputValues, type OpHooks, type OutputSample } from '@kforge/driver';
import { compilerFromBanner, parseCpuinfo } from '@kforge/autotune';
import { summarize } from './stats.ts';
import type { ImplName } from './baselines.ts';
import type { MachineInfo } from './provenance.ts';
import { SCHEMA_VERSION, type BenchFile, type CaseResult, type Ceiling, type Measurement, type Provenance } from './schema.ts';
import {
  BENCH_BUNDLE_MANIFEST, BENCH_BUNDLE_VERSION, BENCH_RESULTS_ARCHIVE, PROBE_JOB,
  type BenchBundleManifest, type BundleCase, type BundleJob,
} from './export.ts';

interface TimingLine {
  readonly case: string;
  readonly job: string;
  readonly round?: number;
  readonly status: 'ok' | 'build-failed' | 'run-failed';
  readonly exit_code?: number;
  readonly copies?: number;
  readonly calibration_ns?: readonly number[];
  readonly timings_ns?: readonly number[];
}

/** The folder holding bench.json and timings.jsonl: OUT itself, OUT/results, or OUT's archive unpacked. */
function resultsFolder(path: string): { dir: string; cleanup?: () => void } {
  if (!existsSync(path) || !statSync(path).isDirectory()) throw new InputError(`bench --import: '${path}' is not a folder`);
  for (const dir of [path, join(path, 'results')]) {
    if (existsSync(join(dir, 'timings.jsonl')) && existsSync(join(dir, BENCH_BUNDLE_MANIFEST))) return { dir };
  }
  const parts = readdirSync(path).filter((f) => f === BENCH_RESULTS_ARCHIVE || f.startsWith(`${BENCH_RESULTS_ARCHIVE}.`)).sort();
  if (parts.length) {
    const into = mkdtempSync(join(tmpdir(), 'kforge-bench-import-'));
    const cleanup = () => rmSync(into, { recursive: true, force: true });
    try {
      execFileSync('tar', ['xzf', '-', '-C', into], { input: Buffer.concat(parts.map((f) => readFileSync(join(path, f)))), stdio: ['pipe', 'ignore', 'pipe'] });
    } catch (e) {
      cleanup();
      throw new InputError(`bench --import: ${join(path, parts[0]!)} is not a readable archive (${((e as { stderr?: Buffer }).stderr?.toString() ?? (e as Error).message).trim()})`);
    }
    const dir = join(into, 'results');
    if (!existsSync(join(dir, 'timings.jsonl'))) {
      cleanup();
      throw new InputError(`bench --import: ${parts[0]} holds no results/timings.jsonl: run.sh did not finish`);
    }
    return { dir, cleanup };
  }
  if (existsSync(join(path, BENCH_BUNDLE_MANIFEST)) && existsSync(join(path, 'run.sh'))) {
    throw new InputError(`bench --import: '${path}' is a bench bundle that has not been run here: run \`sh run.sh OUT\` in it on the machine, then --import OUT`);
  }
  throw new InputError(`bench --import: '${path}' holds neither ${BENCH_RESULTS_ARCHIVE} nor timings.jsonl and ${BENCH_BUNDLE_MANIFEST} (what \`sh run.sh OUT\` of a bench bundle writes)`);
}

function readText(dir: string, name: string): string {
  const p = join(dir, name);
  if (!existsSync(p)) throw new InputError(`bench --import: ${p} is missing: the results are incomplete`);
  return readFileSync(p, 'utf8');
}

function readManifest(dir: string): BenchBundleManifest {
  const where = join(dir, BENCH_BUNDLE_MANIFEST);
  let m: BenchBundleManifest;
  try {
    m = JSON.parse(readText(dir, BENCH_BUNDLE_MANIFEST)) as BenchBundleManifest;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`bench --import: ${where} is not JSON (${(e as Error).message})`);
  }
  if (m?.kforgeBenchBundle !== BENCH_BUNDLE_VERSION) throw new InputError(`bench --import: ${where}: bench bundle version ${JSON.stringify(m?.kforgeBenchBundle)} is not supported (this kforge reads ${BENCH_BUNDLE_VERSION})`);
  if (!Array.isArray(m.cases)) throw new InputError(`bench --import: ${where} has no cases`);
  return m;
}

function readTimings(dir: string): TimingLine[] {
  const lines: TimingLine[] = [];
  readText(dir, 'timings.jsonl').split('\n').forEach((text, i) => {
    if (!text.trim()) return;
    let line: TimingLine;
    try {
      line = JSON.parse(text) as TimingLine;
    } catch {
      throw new InputError(`bench --import: timings.jsonl:${i + 1} is not a JSON result line`);
    }
    const numbers = (xs: unknown) => Array.isArray(xs) && xs.every((x) => Number.isFinite(x) && x >= 0);
    const ok = typeof line.case === 'string' && typeof line.job === 'string' && ['ok', 'build-failed', 'run-failed'].includes(line.status) &&
      (line.status !== 'ok' || (Number.isInteger(line.round) && Number.isInteger(line.copies) && numbers(line.timings_ns) && (line.timings_ns?.length ?? 0) > 0 && numbers(line.calibration_ns)));
    if (!ok) throw new InputError(`bench --import: timings.jsonl:${i + 1} is not a complete result line`);
    lines.push(line);
  });
  return lines;
}

function readHost(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readText(dir, 'host.txt').split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1).trim();
  }
  if (!/^\d+$/.test(out.threads ?? '')) throw new InputError(`bench --import: ${join(dir, 'host.txt')} does not say the thread count`);
  return out;
}

const numberOr = (text: string | undefined, fallback: number | null): number | null => (text !== undefined && /^\d+$/.test(text) ? Number(text) : fallback);
const loads = (text: string | undefined): number[] => (text ? text.split(/\s+/).map(Number).filter(Number.isFinite) : []);
const round4 = (v: number) => Number(v.toPrecision(4));

/** What the machine said about itself (machine.txt: cpuinfo + compiler banner; host.txt). */
function machineOf(machineText: string, host: Record<string, string>): { machine: MachineInfo; compiler: string; banner: string } {
  const [cpuinfo = '', banner = ''] = machineText.split('@@kforge-cc\n');
  const cpu = parseCpuinfo(cpuinfo);
  const gpus = (host.gpus ?? '').split(';').map((g) => g.trim()).filter(Boolean).map((line) => {
    const [name, driver, mem] = line.split(',').map((s) => s.trim());
    return { name: name ?? '', driver: driver ?? '', memory_mib: Number(mem) };
  });
  const processors = (cpuinfo.match(/^processor\s*:/gm) ?? []).length;
  const memKb = numberOr(host.mem_total_kb, null);
  return {
    machine: {
      cpu_model: cpu.device, isa_flags: cpu.features, cores: numberOr(host.nproc, processors) ?? processors,
      memory_bytes: memKb === null ? null : memKb * 1024, l3_bytes: numberOr(host.l3_bytes, null) || null,
      os: host.os ?? 'unknown', node: 'none (bundle run by sh)', gpus,
    },
    compiler: host.cc || 'cc',
    banner: banner.trim().split('\n')[0] ?? '',
  };
}

interface JobRounds {
  readonly failure?: string;
  /** per round: the timed repeats after the discarded ones, in ms */
  readonly rounds: Map<number, number[]>;
  readonly copies: number;
}

function jobRounds(lines: readonly TimingLine[], caseKey: string, job: string, discard: number, logOf: (name: string) => string): JobRounds {
  const mine = lines.filter((l) => l.case === caseKey && l.job === job);
  const failed = mine.find((l) => l.status !== 'ok');
  const rounds = new Map<number, number[]>();
  let copies = Infinity;
  for (const l of mine) {
    if (l.status !== 'ok') continue;
    const kept = l.timings_ns!.slice(discard).map((t) => t / 1e6);
    if (kept.length) rounds.set(l.round!, kept);
    copies = Math.min(copies, l.copies!);
  }
  if (failed) {
    const log = failed.status === 'build-failed' ? logOf(`build/${job}.log`) : logOf(`logs/${caseKey}-${job}.log`);
    return { failure: `${failed.status}${failed.exit_code !== undefined ? ` (exit code ${failed.exit_code})` : ''}${log ? `: ${log}` : ''}`, rounds, copies: 1 };
  }
  if (!rounds.size) return { failure: 'no timings: run.sh did not reach it', rounds, copies: 1 };
  return { rounds, copies };
}

/** The contestant's output against the reference: every element finite and written, the sampled ones within the bound. */
function checkJob(dir: string, c: BundleCase, hooks: OpHooks, job: BundleJob, sample: OutputSample, reference: () => Float64Array): OutputCheck | string {
  const name = sample.output;
  const out = job.outputs.find((o) => o.name === name);
  if (!out) return `no output ${name} in the manifest for ${job.job}`;
  const path = join(dir, 'outputs', job.job, `out_${name}.bin`);
  if (!existsSync(path)) return `its output ${path} was not brought back`;
  const raw = readFileSync(path);
  if (raw.length !== out.bytes) return `its output has ${raw.length} bytes, expected ${out.bytes}`;
  const values = outputValues(c.op, c.params, name, raw);
  const check = checkSampledOutput(c.op, hooks, c.params, sample, values, reference(), job.arithmetic as KernelArithmetic);
  const bad = values.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) {
    const count = values.reduce((n, v) => n + (Number.isFinite(v) ? 0 : 1), 0);
    return { ...check, ok: false, message: `${name}: ${count} NaN/Inf or unwritten elements (first at flat index ${bad})` };
  }
  return check;
}

export interface ImportOptions {
  /** the import command line, recorded where the bundle does not say how it was exported */
  readonly command?: readonly string[];
}

/** Reads OUT (what run.sh wrote, or its archive) and returns the bench results file. */
export function importBenchBundle(path: string, o: ImportOptions = {}): BenchFile {
  const { dir, cleanup } = resultsFolder(resolve(path));
  try {
    return importFrom(dir, resolve(path), o);
  } finally {
    cleanup?.();
  }
}

function importFrom(dir: string, origin: string, o: ImportOptions): BenchFile {
  const m = readManifest(dir);
  const host = readHost(dir);
  const lines = readTimings(dir);
  const { machine, compiler, banner } = machineOf(readText(dir, 'machine.txt'), host);
  const threads = Number(host.threads);
  const p = m.protocol;
  const logOf = (name: string): string => {
    const f = join(dir, name);
    return existsSync(f) ? readFileSync(f, 'utf8').trim().split('\n').slice(-5).join(' | ').slice(-1000) : '';
  };
  const detail = `run.sh of a bench bundle on ${machine.cpu_model} (${banner || compiler}, ${threads > 0 ? `${threads} OpenMP threads` : 'OpenMP default threads'})`;

  const ceilings: (Ceiling & { round: number; case: string })[] = [];
  const probeByRound = new Map<string, number>();
  for (const c of m.cases) {
    if (c.skipped) continue;
    const pr = jobRounds(lines, c.key, PROBE_JOB, p.discard, logOf);
    for (const [round, ms] of [...pr.rounds].sort((a, b) => a[0] - b[0])) {
      const s = summarize(ms);
      const gbps = p.probe.chunkBytes / (s.median * 1e6);
      probeByRound.set(`${c.key}/${round}`, gbps);
      ceilings.push({ name: 'read_probe', when: 'run', gbps, bytes: p.probe.chunkBytes * pr.copies, chunk_bytes: p.probe.chunkBytes, median_ms: s.median, iqr_ms: s.iqr, round, case: c.id });
    }
  }
  const ceiling = Math.max(0, ...ceilings.map((c) => c.gbps));

  const results: CaseResult[] = m.cases.map((c): CaseResult => {
    const base = { id: c.id, op: c.op, layer: c.layer, phase: c.phase, params: c.params };
    if (c.skipped) return { ...base, status: 'skipped', reason: c.skipped, measurements: [], speedup: {} };
    const hooks = opHooks(c.op, 'sampledReference');
    const sample = hooks.sample(c.params, p.sampledRows);
    let ref: Float64Array | undefined;
    const reference = () => (ref ??= hooks.sampledReference(c.params, c.generated, sample));
    const measurements: Measurement[] = [];
    const notes = [...c.notes];
    for (const [i, job] of c.jobs.entries()) {
      const t = jobRounds(lines, c.key, job.job, p.discard, logOf);
      const check = t.failure ? t.failure : checkJob(dir, c, hooks, job, sample, reference);
      const failed = typeof check === 'string' ? check : !check.ok ? check.message : undefined;
      if (failed !== undefined) {
        if (i === 0) {
          const wrong = typeof check !== 'string';
          return { ...base, status: wrong ? 'incorrect' : 'error', reason: `${job.impl}: ${failed}`, measurements: [], speedup: {} };
        }
        notes.push(`${job.impl} not timed: ${failed}`);
        continue;
      }
      const ok = check as OutputCheck;
      const all = [...t.rounds].sort((a, b) => a[0] - b[0]);
      const samples = all.flatMap(([, ms]) => ms);
      const s = summarize(samples);
      const gbps = job.bytesMoved / (s.median * 1e6);
      const fractions = all.flatMap(([round, ms]) => {
        const probe = probeByRound.get(`${c.key}/${round}`);
        return probe ? [job.bytesMoved / (summarize(ms).median * 1e6) / probe] : [];
      });
      measurements.push({
        impl: job.impl as ImplName, target: job.target, executor: 'native', executor_detail: detail, threads,
        configuration: job.configuration, config_source: job.configSource, source_sha256: job.sourceSha256,
        compiler: { compiler, version: banner ? compilerFromBanner(banner) : null, flags: job.flags, libs: job.libs },
        correct: true, nmse: ok.nmse, nmse_bound: ok.bound,
        median_ms: s.median, min_ms: s.min, max_ms: s.max, iqr_ms: s.iqr, repeats: s.n, samples_ms: samples.map(round4),
        bytes_moved: job.bytesMoved, gbps, fraction_of_ceiling: ceiling > 0 ? gbps / ceiling : 0,
        ...(fractions.length ? { fractions_of_probe: fractions.map(round4), fraction_of_probe: summarize(fractions).median } : {}),
        gflops: getOp(c.op).flops(c.params) / (s.median * 1e6), rotate: t.copies, working_set_bytes: job.inputBytes * t.copies,
      });
    }
    const speedup: Partial<Record<ImplName, number>> = {};
    for (const x of measurements.slice(1)) speedup[x.impl] = x.median_ms / measurements[0]!.median_ms;
    return { ...base, status: 'ok', reason: notes.length ? notes.join('; ') : null, measurements, speedup };
  });

  const provenance: Provenance = {
    build_commit: m.buildCommit, build_dirty: m.buildDirty, kforge_version: m.kforgeVersion,
    command: m.command.length ? m.command : (o.command ?? []),
    started_at: host.started ?? '', finished_at: host.finished ?? '',
    cpu_info: `${machine.cpu_model}, ${machine.cores} cores`,
    gpu_info: machine.gpus.length ? machine.gpus.map((g) => `${g.name} (driver ${g.driver})`).join('; ') : null,
    machine, load_average: { start: loads(host.load_start), end: loads(host.load_end) },
    bundle: {
      plan_created: m.created, run_command: host.run_command ?? 'sh run.sh', results: origin,
      tools: { cc: banner || compiler }, gpu_state: null,
    },
  };
  return {
    schema_version: SCHEMA_VERSION, kind: m.kind, suite: m.suite, target: m.target, threads,
    affinity: {
      OMP_PROC_BIND: host.omp_proc_bind || null, OMP_PLACES: host.omp_places || null, OMP_NUM_THREADS: host.omp_num_threads || null,
      cpus_allowed: host.cpus_allowed || null,
    },
    seed: m.seed,
    protocol: {
      min_time_ms: p.minTimeMs, rounds: p.rounds, discard: p.discard, statistic: 'median', l3_bytes: machine.l3_bytes, interleaved: true,
      rotate_bytes: numberOr(host.rotate_bytes, 0) ?? 0,
      inputs: `generated on the machine by exec's generate.h from seed ${m.seed} (the op's generatedInputs hook); checked here on ${p.sampledRows} sampled outputs`,
    },
    ceilings, ceiling_gbps: ceiling, provenance, results,
  };
}
