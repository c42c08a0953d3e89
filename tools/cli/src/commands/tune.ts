/**
 * `kforge tune`: search a kernel's knob space on this machine, on a remote machine (SSH, ADB), or
 * offline through an exported bundle; every trial lands in the JSONL tuning database with its device
 * fingerprint, source hash and provenance.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import {
  CheckError, InputError, getOp, randomInputs, recordedConfig, resolveParams, tensorBytes, tensorFromBytes, tensorSignature,
  type KnobConfig, type KnobSpace, type OpDef, type Params, type Tensor,
} from '@kforge/ir';
import { bytesOfRoles, sizedBuffers, type TargetName } from '@kforge/target';
import {
  AdbTransport, JsonlTuningDatabase, SCHEMA_VERSION, STRATEGIES, SearchSpace, SshTransport, TUNE_BUNDLE_VERSION,
  compareStrategies, configKey, exhaustiveBest, fingerprintFromMachineReport, hashSources, parseAdbUrl, parseSshUrl, readCpuTuneResults,
  readTuneManifest, recordedKnobSpace, remoteMachineReport, strategyOptions, tune, warmStart, withWarmStart, writeCpuTuneBundle, writeTuneManifest,
  type CommandRunner, type DeviceFingerprint, type Measurement, type StrategyDef, type Transport, type Trial, type TuneBundleCase, type TuningRecord,
} from '@kforge/autotune';
import { parseTarget, type ParsedArgs } from '../args.ts';
import { kforgeVersion } from '@kforge/bench';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { readJsonOption } from '../files.ts';
import { formatRows, formatTable } from '../table.ts';

export const DEFAULT_DB = 'kforge-tune.jsonl';

/** The kforge version recorded with every trial: the workspace's root package.json. */

function integerOption(args: ParsedArgs, name: string, fallback: number, min: number): number {
  const text = args.optional(name);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new InputError(`tune: --${name} must be an integer >= ${min}, got '${text}'`);
  return n;
}

function strategyNamed(name: string): StrategyDef {
  const s = Object.hasOwn(STRATEGIES, name) ? STRATEGIES[name] : undefined;
  if (!s) throw new InputError(`tune: unknown strategy '${name}' (known: ${Object.keys(STRATEGIES).join(', ')})`);
  return s;
}

/**
 * The knob space with the threads knob restricted to the listed values (--threads 2, or 0,1,2): a
 * shared or small machine must not be handed more threads than it has cores.
 */
function pinThreads(knobs: KnobSpace, threads: readonly number[] | undefined): KnobSpace {
  if (threads === undefined) return knobs;
  const knob = knobs.knobs.find((k) => k.name === 'threads');
  if (!knob) throw new InputError('tune: --threads: this kernel has no threads knob');
  for (const t of threads) if (!knob.values.includes(t)) throw new InputError(`tune: --threads ${t} is not one of ${JSON.stringify(knob.values)}`);
  const values = knob.values.filter((v) => threads.includes(v as number));
  const defaults = values.includes(knobs.defaults.threads!) ? knobs.defaults : { ...knobs.defaults, threads: threads[0]! };
  return {
    knobs: knobs.knobs.map((k) => (k === knob ? { ...k, values } : k)),
    check: (c) => (!threads.includes(c.threads as number) ? `threads restricted to ${threads.join(', ')}` : knobs.check(c)),
    defaults,
  };
}

/**
 * The thread counts a local tuning run tries. The knob's 0 means "OpenMP's default" (OMP_NUM_THREADS,
 * else one per CPU, unpinned), which under load stalls on descheduled threads and is not a config
 * bench can reproduce (docs/results/2026-12-01-timing-truth): a local run resolves 0 to this
 * machine's core count (the number recorded) and leaves out counts above it (oversubscribed) unless
 * --threads asks for them. Remote runs (another machine's cores) keep the knob as given.
 */
export function localThreadCounts(knobs: KnobSpace, asked: readonly number[] | undefined, cores = availableParallelism()): number[] | undefined {
  const knob = knobs.knobs.find((k) => k.name === 'threads');
  if (!knob) return asked ? [...asked] : undefined;
  const values = knob.values as number[];
  // 0 resolved to the core count; when the knob lacks that count exactly, the largest it has below it
  const resolved = values.includes(cores) ? cores : Math.max(1, ...values.filter((v) => v > 0 && v <= cores));
  if (asked) return [...new Set(asked.map((t) => (t === 0 ? resolved : t)))];
  return values.filter((v) => v > 0 && v <= cores).length ? values.filter((v) => v > 0 && v <= cores) : [resolved];
}

function threadsOption(args: ParsedArgs): number[] | undefined {
  const text = args.optional('threads');
  if (text === undefined) return undefined;
  const list = text.split(',').map((s) => Number(s.trim()));
  if (!list.length || list.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new InputError(`tune: --threads must be an integer >= 0 or a comma-separated list of them, got '${text}'`);
  }
  return [...new Set(list)];
}

const fmtMs = (ms: number): string => (ms < 0.1 ? `${(ms * 1000).toFixed(2)} us` : `${ms.toFixed(3)} ms`);
const fmtConfig = (c: KnobConfig): string => JSON.stringify(c);

/** The op's flops when its figure is compute (the op hooks' benchFigure: attention and gated_delta_rule prefill), else undefined */
async function computeFlops(op: OpDef, params: Params): Promise<number | undefined> {
  const { OP_HOOKS } = await import('@kforge/driver');
  return OP_HOOKS[op.name]?.benchFigure?.(params) === 'gflops' ? op.flops?.(params) : undefined;
}

/** a measurement's figure: GFLOP/s for compute-bound cases (flops given), else GB/s */
const figure = (m: Measurement, flops: number | undefined): string =>
  (flops !== undefined ? `${(flops / (m.medianMs * 1e6)).toFixed(1)} GFLOP/s` : `${m.gbps.toFixed(2)} GB/s`);

function trialLine(index: number, t: Trial, m: Measurement | undefined, isDefault: boolean, flops?: number): string {
  const what = t.status === 'ok'
    ? m ? `ok  ${fmtMs(m.medianMs)}  ${figure(m, flops)}` : 'ok (correct; not timed)'
    : `${t.status}  ${(t.reason ?? '').split('\n')[0]!.slice(0, 100)}`;
  return `#${String(index + 1).padStart(3)} ${isDefault ? 'default ' : ''}${fmtConfig(t.config)}  ${what}`;
}

interface Summary {
  readonly trials: readonly Trial[];
  readonly measurements: ReadonlyMap<Trial, Measurement | undefined>;
  readonly defaultTrial: Trial | undefined;
  readonly ceilingGbps?: number;
  /** the op's flops when the case is judged by compute (computeFlops) */
  readonly flops?: number;
  readonly budget: number;
  readonly spaceSize: number;
  readonly dbPath: string;
}

/** The closing table; exit 1 (CheckError) when no candidate was both correct and timed. */
function printSummary(s: Summary): void {
  const ok = s.trials.filter((t) => t.status === 'ok' && s.measurements.get(t));
  const best = ok.reduce<Trial | undefined>((b, t) => (!b || t.timeMs! < b.timeMs! ? t : b), undefined);
  const failures = new Map<string, number>();
  for (const t of s.trials) if (t.status !== 'ok') failures.set(t.status, (failures.get(t.status) ?? 0) + 1);
  const rows: string[][] = [];
  if (best) {
    const m = s.measurements.get(best)!;
    rows.push(['best config', fmtConfig(best.config)]);
    rows.push(['median time', `${fmtMs(m.medianMs)} (iqr ${fmtMs(m.iqrMs)}, ${m.repeats} repeats)`]);
    if (s.flops !== undefined) rows.push(['compute', `${figure(m, s.flops)} (the op's flops over the median time; bytes moved: ${m.gbps.toFixed(2)} GB/s)`]);
    else {
      rows.push(['bandwidth', s.ceilingGbps
        ? `${m.gbps.toFixed(2)} GB/s = ${((100 * m.gbps) / s.ceilingGbps).toFixed(1)}% of the read probe measured now (${s.ceilingGbps.toFixed(1)} GB/s)`
        : `${m.gbps.toFixed(2)} GB/s (read probe not measured)`]);
    }
    const d = s.defaultTrial;
    rows.push(['speedup', d?.status === 'ok' ? `${(d.timeMs! / best.timeMs!).toFixed(2)}x over the default ${fmtConfig(d.config)} (${fmtMs(d.timeMs!)})`
      : `default ${d ? `failed (${d.status})` : 'not measured'}`]);
  } else {
    rows.push(['best config', 'none: no candidate was correct and timed']);
  }
  rows.push(['trials', `${s.trials.length} of budget ${s.budget} (space of ${s.spaceSize} valid configs)`]);
  rows.push(['failures', failures.size ? [...failures].map(([k, n]) => `${k} ${n}`).join(', ') : 'none']);
  rows.push(['database', `${s.dbPath} (+${s.trials.length} records)`]);
  println();
  for (const line of formatRows(rows)) println(line);
  if (!best) throw new CheckError('tune: no candidate configuration was correct and timed');
}

function makeTransport(url: string, runProcess: CommandRunner): Transport & { close?: () => Promise<void> } {
  if (url.startsWith('ssh://')) return new SshTransport(parseSshUrl(url), runProcess);
  if (url.startsWith('adb://')) return new AdbTransport(parseAdbUrl(url, process.env.KFORGE_ADB ?? 'adb'), runProcess);
  throw new InputError(`--remote '${url}' must be ssh://user@host[:port] or adb://SERIAL`);
}

interface Problem {
  readonly op: OpDef;
  readonly target: TargetName;
  readonly params: Params;
  readonly knobs: KnobSpace;
  readonly space: SearchSpace;
}

async function exportBundle(p: Problem, dir: string, strategy: StrategyDef, budget: number, seed: number): Promise<void> {
  if (strategy.name !== 'exhaustive' && strategy.name !== 'random') {
    throw new InputError(`tune --export: the candidates are chosen up front, so --strategy must be exhaustive or random, not ${strategy.name}`);
  }
  if (existsSync(dir) && readdirSync(dir).length) throw new InputError(`tune --export: '${dir}' exists and is not empty`);
  const { emitKernel } = await import('@kforge/driver');
  const { remoteJobOf } = await import('@kforge/bench');
  const s = strategy.create({ space: p.space, seed, options: strategyOptions(strategy) });
  const configs: KnobConfig[] = [p.knobs.defaults];
  const seen = new Set([p.space.indexOf(p.knobs.defaults)]);
  while (configs.length < budget) {
    const c = s.ask();
    if (!c) break;
    if (seen.has(p.space.indexOf(c))) continue;
    seen.add(p.space.indexOf(c));
    configs.push(c);
  }
  const inputs = randomInputs(p.op, p.params, seed);
  const bytes = Object.fromEntries(Object.entries(inputs).map(([k, t]) => [k, tensorBytes(t)]));
  const artifacts = configs.map((c) => emitKernel(p.op.name, p.target, p.params, c));
  const gpu = artifacts[0]!.language !== 'c';
  const base = {
    kforgeTuneBundle: TUNE_BUNDLE_VERSION, name: basename(resolve(dir)), op: p.op.name, target: p.target, params: p.params,
    inputSeed: seed, strategy: strategy.name, seed, kforge: kforgeVersion(), created: new Date().toISOString(),
  };
  const cases = (names: readonly string[]): TuneBundleCase[] => artifacts.map((a, i) => ({
    name: names[i]!, config: configs[i]!, sourceHash: hashSources(a.files),
    bytes: bytesOfRoles(a, ['in', 'out']),
  }));
  if (gpu) {
    const { writeGpuBundle } = await import('@kforge/exec');
    const written = await writeGpuBundle(artifacts.map((artifact, i) => ({ name: `cand-${i}`, artifact, inputs: bytes })), join(dir, 'gpu'));
    writeTuneManifest(dir, { ...base, kind: 'gpu', cases: cases(written.cases.map((c) => c.name)) });
    println(`wrote ${configs.length} candidates to ${dir}/gpu: on the GPU machine run \`bash gpu/run.sh results\` in ${dir}, bring results/ back, then kforge tune --import ${dir}`);
  } else {
    const names = configs.map((_, i) => `cand-${String(i).padStart(3, '0')}`);
    writeCpuTuneBundle(dir, { ...base, kind: 'cpu', cases: cases(names) }, artifacts.map((a) => remoteJobOf(a, bytes)));
    println(`wrote ${configs.length} candidates to ${dir}: on the device run \`sh build.sh && sh run.sh\` there, bring results/ back, then kforge tune --import ${dir}`);
  }
}

function measurementOf(timingsNs: readonly number[] | undefined, bytes: number, summarize: (xs: readonly number[]) => { median: number; min: number; max: number; iqr: number; n: number }): Measurement | undefined {
  if (!timingsNs?.length) return undefined;
  const ms = summarize(timingsNs.map((t) => t / 1e6));
  return { medianMs: ms.median, minMs: ms.min, maxMs: ms.max, iqrMs: ms.iqr, repeats: ms.n, bytes, gbps: bytes / (ms.median * 1e6) };
}

async function importBundle(dir: string, dbPath: string): Promise<void> {
  const m = readTuneManifest(dir);
  const op = getOp(m.op);
  const { emitKernel, checkRun } = await import('@kforge/driver');
  const { summarize } = await import('@kforge/bench');
  const inputs = randomInputs(op, m.params, m.inputSeed);
  const flops = await computeFlops(op, m.params);
  const outputsSig = tensorSignature(op, m.params).filter((t) => t.role === 'out');
  const first = emitKernel(m.op, m.target, m.params, m.cases[0]!.config);
  const outSizes = Object.fromEntries(sizedBuffers(first).filter((b) => b.role === 'out').map((b) => [b.name, b.bytes]));
  let device: DeviceFingerprint;
  let results: { status: string; outputs?: Record<string, Uint8Array>; timingsNs?: readonly number[]; error?: string }[];
  if (m.kind === 'cpu') {
    const r = readCpuTuneResults(dir, m, outSizes);
    if (!r.machine) throw new InputError(`--import: ${dir}/results/machine.txt is missing: the device cannot be fingerprinted`);
    device = fingerprintFromMachineReport(r.machine, 'native');
    results = r.cases;
  } else {
    const { readGpuBundleResults } = await import('@kforge/exec');
    const r = readGpuBundleResults(join(dir, 'results'));
    const detail = r.find((c) => c.result)?.result?.detail ?? 'unknown GPU';
    device = { device: detail, features: [], compiler: 'nvcc', executor: 'gpu-bundle' };
    results = r.map((c) => ({ status: c.status, ...(c.result ? { outputs: c.result.outputs, ...(c.result.timingsNs ? { timingsNs: c.result.timingsNs } : {}) } : {}), ...(c.error ? { error: c.error } : {}) }));
  }
  const db = new JsonlTuningDatabase(dbPath);
  const origin = `bundle:${m.name}`;
  const trials: Trial[] = [];
  const measurements = new Map<Trial, Measurement | undefined>();
  println(`importing ${m.cases.length} candidates of ${m.op} on ${m.target} from ${dir} (device ${device.device})`);
  m.cases.forEach((c, i) => {
    const res = results[i]!;
    const artifact = emitKernel(m.op, m.target, m.params, c.config);
    let trial: Trial;
    let nmse: number | undefined;
    let measurement: Measurement | undefined;
    if (hashSources(artifact.files) !== c.sourceHash) {
      trial = { config: c.config, status: 'constraint', reason: 'this kforge generates different sources for the config than the bundle held' };
    } else if (res.status !== 'ok' || !res.outputs) {
      trial = { config: c.config, status: res.status === 'build-failed' ? 'compile' : 'runtime', reason: res.error ?? res.status };
    } else {
      const outputs: Record<string, Tensor> = {};
      for (const t of outputsSig) outputs[t.name] = tensorFromBytes(res.outputs[t.name]!, t.dtype, t.shape, t.name);
      const check = checkRun({ artifact, outputs, result: { outputs: res.outputs, executor: device.executor, mode: 'native', detail: origin } }, inputs);
      nmse = Math.max(...check.checks.map((x) => (Number.isNaN(x.nmse) ? Infinity : x.nmse)));
      measurement = measurementOf(res.timingsNs, c.bytes, summarize);
      trial = !check.ok ? { config: c.config, status: 'wrong', reason: check.checks.map((x) => x.message).join('; ') }
        : measurement ? { config: c.config, status: 'ok', timeMs: measurement.medianMs }
          : { config: c.config, status: 'runtime', reason: 'no timings in the results' };
    }
    trials.push(trial);
    measurements.set(trial, trial.status === 'ok' ? measurement : undefined);
    db.append(record(m.op, m.params, m.target, device, trial, c.sourceHash, nmse, trial.status === 'ok' ? measurement : undefined, origin));
    println(trialLine(i, trial, measurements.get(trial), i === 0, flops));
  });
  printSummary({ trials, measurements, defaultTrial: trials[0], ...(flops !== undefined ? { flops } : {}), budget: m.cases.length, spaceSize: m.cases.length, dbPath });
}

function record(
  op: string, params: Params, target: TargetName, device: DeviceFingerprint, t: Trial, sourceHash: string | undefined,
  nmse: number | undefined, measurement: Measurement | undefined, origin: string, ceilingGbps?: number,
): TuningRecord {
  return {
    schema: SCHEMA_VERSION, op, params, target, device, kforge: kforgeVersion(), config: t.config, sourceHash: sourceHash ?? '',
    status: t.status, ...(t.reason ? { reason: t.reason.slice(0, 2000) } : {}), ...(nmse !== undefined && Number.isFinite(nmse) ? { nmse } : {}),
    ...(measurement ? { measurement: { ...measurement, ...(ceilingGbps ? { ceilingGbps } : {}) } } : {}),
    time: new Date().toISOString(), origin,
  };
}

/** The recorded time that ranks a record: the median of its repeats, or their minimum (--statistic min). */
type Statistic = 'median' | 'min';

/**
 * `kforge tune compare-strategies OP --db FILE --target T --params P`: replays the records of one
 * (op, shape, target, device) through the simulation runner for every strategy and seed, and reports
 * the fraction of the exhaustive best each reaches within the budget. The space compared is the
 * recorded configurations: an exhaustive database gives the kernel's space, a sweep gives the sweep.
 */
async function compareCommand(args: ParsedArgs): Promise<void> {
  if (args.positionals.length !== 2) throw new InputError('tune compare-strategies: usage: kforge tune compare-strategies OP --db FILE --target T --params P');
  for (const o of ['export', 'import', 'remote', 'threads', 'seed', 'probe-mib', 'min-time-ms']) {
    if (args.optional(o) !== undefined) throw new InputError(`tune compare-strategies: --${o} does not apply (nothing is run)`);
  }
  const op = getOp(args.positionals[1]!);
  const target = parseTarget(args.required('target'));
  const params = resolveParams(op, readJsonOption('params', args.required('params')));
  const dbPath = args.required('db');
  if (!existsSync(dbPath)) throw new InputError(`tune compare-strategies: '${dbPath}' does not exist`);
  const budget = integerOption(args, 'budget', 64, 1);
  const seeds = integerOption(args, 'seeds', 20, 1);
  const statistic = (args.optional('statistic') ?? 'median') as Statistic;
  if (statistic !== 'median' && statistic !== 'min') throw new InputError(`tune compare-strategies: --statistic must be median or min, got '${statistic}'`);
  const strategies = (args.optional('strategy') ?? Object.keys(STRATEGIES).join(',')).split(',').map((n) => strategyNamed(n.trim()));

  let records: TuningRecord[];
  try {
    records = new JsonlTuningDatabase(dbPath).query({ op: op.name, target, params });
  } catch (e) {
    throw new InputError((e as Error).message);
  }
  const deviceText = args.optional('device');
  if (deviceText) records = records.filter((r) => r.device.device.includes(deviceText));
  const devices = [...new Set(records.map((r) => r.device.device))];
  if (!records.length) throw new InputError(`tune compare-strategies: no record of ${op.name} on ${target} for ${JSON.stringify(params)}${deviceText ? ` on a device matching '${deviceText}'` : ''} in ${dbPath}`);
  if (devices.length > 1) throw new InputError(`tune compare-strategies: records from ${devices.length} devices (${devices.join('; ')}): pick one with --device TEXT`);

  const { loweringFor } = await import('@kforge/driver');
  const lowering = loweringFor(op.name, target);
  const base = lowering.knobs(target, params);
  // one outcome per config: the last record wins (the database is append-only)
  const byConfig = new Map<string, Trial>();
  let invalid = 0;
  for (const record of records) {
    const r = { ...record, config: recordedConfig(base, record.config) };
    if (base.check(r.config) !== undefined) {
      invalid++;
      continue;
    }
    const timeMs = statistic === 'min' ? r.measurement?.minMs : r.measurement?.medianMs;
    byConfig.set(configKey(r.config), r.status === 'ok' && timeMs !== undefined
      ? { config: r.config, status: 'ok', timeMs }
      : { config: r.config, status: r.status === 'ok' ? 'runtime' : r.status, reason: r.reason ?? 'not timed' });
  }
  const recorded = [...byConfig.values()];
  const restricted = recordedKnobSpace(base, recorded.map((t) => t.config));
  const space = new SearchSpace(restricted);
  const fullSize = new SearchSpace(base).size;
  const best = exhaustiveBest(space, recorded);
  if (!best) throw new CheckError(`tune compare-strategies: no correct, timed record of ${op.name} on ${target} in ${dbPath}`);
  const defaultRecorded = space.indexOf(restricted.defaults) !== undefined;
  // --skip-default scores the strategies alone (a good default can reach the goal at the first trial)
  const defaults = defaultRecorded && !args.flag('skip-default') ? restricted.defaults : undefined;
  const estimate = lowering.estimate ? (c: KnobConfig) => lowering.estimate!(target, params, c) : undefined;
  const rows = await compareStrategies({ space, recorded, strategies, seeds, budget, ...(estimate ? { estimate } : {}), ...(defaults ? { defaults } : {}) });

  if (args.flag('json')) {
    println(JSON.stringify({
      db: dbPath, op: op.name, target, params, device: devices[0], statistic, budget, seeds, space: space.size, kernelSpace: fullSize,
      best: { config: best.config, timeMs: best.timeMs }, defaultFraction: defaultFraction(best, restricted.defaults, byConfig),
      defaultFirst: defaults !== undefined, strategies: rows,
    }));
    return;
  }
  const fmtFraction = (f: number) => `${(100 * f).toFixed(1)}%`;
  println(`${op.name} on ${target} ${JSON.stringify(params)}, device ${devices[0]}`);
  println(`records: ${dbPath}, ${space.size} configs replayed (${recorded.filter((t) => t.status !== 'ok').length} failed) of the ${fullSize} valid in this kforge's space` +
    (invalid ? `; ${invalid} records ignored (configs not valid in this kforge's space)` : ''));
  println(`exhaustive best (${statistic} time): ${fmtConfig(best.config)} ${fmtMs(best.timeMs!)}` +
    (defaultRecorded ? `; the default ${fmtConfig(restricted.defaults)} reaches ${fmtFraction(defaultFraction(best, restricted.defaults, byConfig))} of it` : '; the default config was not recorded'));
  println(`${seeds} seeds, budget ${budget} trials${defaults ? ' (the default measured first, as kforge tune does)' : ' (strategies alone: the default not measured first)'}; ` +
    'fraction = exhaustive best time / best time found');
  println();
  const table = rows.map((r) => [
    r.strategy, fmtFraction(r.medianFraction), fmtFraction(r.minFraction), `${r.trialsToGoal.filter((n) => n !== undefined).length}/${seeds}`,
    r.medianTrialsToGoal === undefined ? `> ${budget}` : String(r.medianTrialsToGoal),
  ]);
  for (const line of formatTable(['strategy', 'median', 'min', 'seeds >= 95%', 'median trials to 95%'], table)) println(line);
}

/** --farm: the coordinator, the fingerprint tuned for (given, or the one the agents announce) and how many in flight. */
async function openFarm(url: string, args: ParsedArgs, dbPath: string) {
  const f = await import('@kforge/farm');
  const coordinator = new f.FarmCoordinator({ url, key: f.farmKey(args.optional('key-file')), db: new JsonlTuningDatabase(dbPath) });
  try {
    const agents = await coordinator.agents();
    const given = args.optional('fingerprint');
    const fingerprint = f.pickFingerprint(agents, given !== undefined ? readJsonOption('fingerprint', given) as unknown as DeviceFingerprint : undefined, args.optional('device'), 'tune');
    const fpId = f.fingerprintId(fingerprint);
    const serving = agents.filter((a) => a.fpId === fpId).length;
    const parallel = integerOption(args, 'parallel', Math.max(1, serving), 1);
    return { coordinator, fingerprint, fpId, parallel, tune: f.tuneParallel, executor: (targets: readonly TargetName[]) => f.farmExecutor(coordinator, fpId, targets) };
  } catch (e) {
    // an open Redis connection would keep the process alive after the error
    await coordinator.close();
    throw e;
  }
}

function defaultFraction(best: Trial, defaults: KnobConfig | undefined, byConfig: ReadonlyMap<string, Trial>): number {
  const d = defaults && byConfig.get(configKey(defaults));
  return d?.status === 'ok' ? best.timeMs! / d.timeMs! : 0;
}

export const tuneCommand: Command = {
  name: 'tune',
  summary: 'search the knob space of OP on a target (here, over SSH/ADB, or through an exported bundle) and record every trial',
  usage: 'tune OP --target T --params P [--strategy S] [--budget N] [--seed X] [--db FILE] [--threads N[,M...]] [--remote ssh://...|adb://SERIAL | --farm redis[s]://...] [--export DIR | --import DIR]' +
    ' | tune compare-strategies OP --db FILE --target T --params P [--strategy S,...] [--budget N] [--seeds N] [--statistic median|min] [--skip-default] [--json]',
  args: {
    positionals: ['OP...'],
    options: {
      target: { kind: 'value', doc: 'target name' },
      params: { kind: 'value', doc: 'operator parameters: a JSON object or @file.json' },
      strategy: { kind: 'value', doc: `search strategy: ${Object.keys(STRATEGIES).join(', ')} (default model; compare-strategies: a comma list, default all)` },
      budget: { kind: 'value', doc: 'trials at most, the default config included (default 64)' },
      seed: { kind: 'value', doc: 'seed of the strategy and of the random inputs (default 1)' },
      db: { kind: 'value', doc: `tuning database, JSON lines, appended to (default ${DEFAULT_DB})` },
      threads: { kind: 'value', doc: 'restrict the threads knob to N or to a list N,M,... (never more than the machine has cores)' },
      farm: { kind: 'value', doc: 'tune on the farm at redis[s]://...: its agents of one fingerprint build, run and time the candidates (docs/farm.md)' },
      fingerprint: { kind: 'value', doc: '--farm: the fingerprint to tune for (JSON or @file); default the one the connected agents announce (--device TEXT picks)' },
      parallel: { kind: 'value', doc: '--farm: candidates in flight at once (default: the agents of the fingerprint)' },
      'key-file': { kind: 'value', doc: '--farm: file holding the signing key (else $KFORGE_FARM_KEY_FILE or $KFORGE_FARM_KEY)' },
      remote: { kind: 'value', doc: 'tune on ssh://user@host[:port][?identity=KEY&known_hosts=FILE&cc=CC] or adb://SERIAL (adb binary: $KFORGE_ADB)' },
      export: { kind: 'value', doc: 'write every candidate (exhaustive or random, up to the budget) as a bundle for a machine without Node' },
      import: { kind: 'value', doc: "read a bundle's results/, check them against the reference and record them" },
      'probe-mib': { kind: 'value', doc: 'size of the read-bandwidth probe in MiB (default 256; 0 skips it)' },
      'min-time-ms': { kind: 'value', doc: 'timed repeats per candidate add up to at least this (default 300)' },
      seeds: { kind: 'value', doc: 'compare-strategies: seeds per strategy (default 20)' },
      statistic: { kind: 'value', doc: 'compare-strategies: the recorded time that ranks, median (default) or min of the repeats' },
      device: { kind: 'value', doc: 'compare-strategies: only records whose device name contains TEXT' },
      json: { kind: 'flag', doc: 'compare-strategies: print the comparison as one JSON object' },
      'no-warm-start': { kind: 'flag', doc: 'on a device and shape the database has not seen, do not start from the best configs recorded for similar fingerprints and shapes (docs/tuning.md)' },
      'skip-default': { kind: 'flag', doc: 'compare-strategies: do not measure the default first (score the strategies alone)' },
    },
  },
  async run(args) {
    if (args.positionals[0] === 'compare-strategies') return compareCommand(args);
    for (const o of ['seeds', 'statistic']) if (args.optional(o) !== undefined) throw new InputError(`tune: --${o} belongs to tune compare-strategies`);
    if (args.optional('device') !== undefined && args.optional('farm') === undefined) throw new InputError('tune: --device belongs to tune compare-strategies (or picks a fingerprint with --farm)');
    for (const f of ['json', 'skip-default']) if (args.flag(f)) throw new InputError(`tune: --${f} belongs to tune compare-strategies`);
    if (args.flag('no-warm-start') && (args.optional('import') !== undefined || args.optional('export') !== undefined)) throw new InputError('tune: --no-warm-start applies to a tuning run, not to --export or --import');
    const dbPath = args.optional('db') ?? DEFAULT_DB;
    const importDir = args.optional('import');
    if (importDir) {
      if (args.positionals.length || args.optional('export')) throw new InputError('tune --import DIR takes no OP and no --export: the bundle says what it holds');
      return importBundle(importDir, dbPath);
    }
    if (args.positionals.length !== 1) throw new InputError(args.positionals.length ? `tune: unexpected argument '${args.positionals[1]}'` : 'tune: missing OP');
    const op = getOp(args.positionals[0]!);
    const target = parseTarget(args.required('target'));
    const params = resolveParams(op, readJsonOption('params', args.required('params')));
    // refused before any work (the executor probe, the read probe, the inputs drawn here; also for --export)
    const { checkMemoryBudget } = await import('@kforge/driver');
    checkMemoryBudget('tune', op, params);
    const strategy = strategyNamed(args.optional('strategy') ?? 'model');
    const budget = integerOption(args, 'budget', 64, 1);
    const seed = integerOption(args, 'seed', 1, 0);
    const probeMib = integerOption(args, 'probe-mib', 256, 0);
    const minTimeMs = integerOption(args, 'min-time-ms', 300, 1);
    const threads = threadsOption(args);
    const { loweringFor, emitKernel, executorFor } = await import('@kforge/driver');
    let knobs = pinThreads(loweringFor(op.name, target).knobs(target, params), threads);
    let space = new SearchSpace(knobs);
    const problem: Problem = { op, target, params, knobs, space };
    const exportDir = args.optional('export');
    if (exportDir) return exportBundle(problem, exportDir, strategy, budget, seed);

    const bench = await import('@kforge/bench');
    const { runProcess } = await import('@kforge/exec');
    const remote = args.optional('remote');
    const farmUrl = args.optional('farm');
    if (farmUrl && remote) throw new InputError('tune: --farm and --remote exclude each other (an agent takes --remote: kforge farm agent --remote ...)');
    const transport = remote ? makeTransport(remote, runProcess) : undefined;
    // --farm: the candidates run on the farm's agents of one fingerprint (docs/farm.md)
    const farm = farmUrl ? await openFarm(farmUrl, args, dbPath) : undefined;
    if (!transport && !farm) {
      // a local run measures thread counts, never OpenMP's unpinned default (localThreadCounts)
      const local = localThreadCounts(knobs, threads);
      if (local) {
        knobs = pinThreads(loweringFor(op.name, target).knobs(target, params), local);
        space = new SearchSpace(knobs);
      }
    }
    // one build folder for the run: a config's checked run, calibration and timed run compile once
    const workDir = mkdtempSync(join(tmpdir(), 'kforge-tune-'));
    try {
      const executor = farm ? farm.executor([target]) : transport ? bench.remoteExecutor(transport, [target]) : await executorFor(target);
      const avail = await executor.probe();
      if (avail.mode !== 'native' && avail.mode !== 'gpu') {
        throw new InputError(`tune: ${target} runs on ${executor.name}, which is ${avail.mode} here: it can check correctness (kforge verify) ` +
          'but its times say nothing about the device, so it never ranks candidates. Tune on the device: --remote ssh://... or adb://..., or --export DIR');
      }
      const device = farm ? farm.fingerprint : transport
        ? fingerprintFromMachineReport(await remoteMachineReport(transport), 'native')
        : await bench.localCpuFingerprint(target, executor);
      const origin = farm ? `farm ${farm.coordinator.runId}` : transport?.origin ?? 'local';
      // a large case (moe's experts, a long prefill) is checked on the op's generated inputs and sampled rows
      const inputs = bench.caseInputs(op.name, params, emitKernel(op.name, target, params, knobs.defaults), seed);
      const flops = await computeFlops(op, params);
      // inputs cycled through copies that together pass the last-level cache, so no candidate is timed
      // from cache; an op that reads only part of its inputs (moe) has the caches evicted before each call
      // instead (local only: a remote machine's cache size is not known here)
      const local = !transport && !farm;
      const inputBytes = Object.values(inputs.bytes).reduce((n, b) => n + b.byteLength, 0);
      const llc = bench.lastLevelCacheBytes() ?? 0;
      const rotate = local && inputs.counted === undefined ? bench.rotationCopies(inputBytes, llc) : 1;
      const flush = local && inputs.counted !== undefined ? { flushBytes: bench.flushBytesFor(llc), maxRepeats: bench.FLUSHED_MAX_REPEATS } : {};
      const runner = new bench.KernelRunner({ op: op.name, target, params, knobs, inputs, executor, measure: { minTimeMs, workDir, ...(rotate > 1 ? { rotate } : {}), ...flush } });
      println(`tuning ${op.name} on ${target} ${JSON.stringify(params)}: ${strategy.name} (seed ${seed}), budget ${budget}, ${space.size} valid configs`);
      println(`device ${device.device} [${device.features.join(' ')}], ${device.compiler}, ${executor.name} (${origin})`);
      if (rotate > 1) println(`inputs rotated through ${rotate} copies (${((rotate * inputBytes) / 2 ** 20).toFixed(0)} MiB) past the last-level cache`);
      let ceilingGbps: number | undefined;
      if (probeMib > 0) {
        ceilingGbps = (await bench.measureReadCeiling(executor, emitKernel(op.name, target, params, knobs.defaults), probeMib << 20, workDir)).gbps;
        println(`read probe ${ceilingGbps.toFixed(1)} GB/s (${probeMib} MiB streaming-read probe at the default's threads, measured now: a reference, not a bound)`);
      }
      const db = new JsonlTuningDatabase(dbPath);
      const measurements = new Map<Trial, Measurement | undefined>();
      // the model-guided strategy starts from the lowering's roofline estimate (told the local core count)
      const lowering = loweringFor(op.name, target);
      const host = transport || farm ? {} : { cores: availableParallelism() };
      const estimate = lowering.estimate ? (c: KnobConfig) => lowering.estimate!(target, params, c, host) : undefined;
      // warm start (issue 19 point 7): a device and shape the database has not seen start from what it holds for similar ones
      let tuned = strategy;
      if (!args.flag('no-warm-start')) {
        const w = warmStart(db.all(), { op: op.name, params, target, device, space, defaults: knobs.defaults, count: Math.min(8, Math.max(0, Math.floor((budget - 1) / 4))) });
        if (w.proposals.length) {
          tuned = withWarmStart(strategy, w.proposals.map((p) => p.config));
          println(`warm start: ${w.proposals.length} configs first, from ${w.sources.length} similar records of ${dbPath} (--no-warm-start disables):`);
          for (const p of w.proposals) {
            println(`  ${fmtConfig(p.config)}  #${p.rank} of ${p.source.device.device} [${p.source.device.features.join(' ')}] at ${JSON.stringify(p.source.params)} (${fmtMs(p.timeMs)})`);
          }
        }
      }
      let farmFailed = 0;
      const loop = farm ? (o: Parameters<typeof tune>[0]) => farm.tune({ ...o, parallel: farm.parallel }) : tune;
      if (farm) println(`farm run ${farm.coordinator.runId}: ${farm.parallel} candidates in flight on fingerprint ${farm.fpId}`);
      const result = await loop({
        space, strategy: tuned, runner, budget, seed, defaults: knobs.defaults, ...(estimate ? { estimate } : {}),
        onTrial: (t, i) => {
          const d = runner.details.get(bench.configKeyOf(t.config));
          measurements.set(t, d?.measurement);
          const rec = record(op.name, params, target, device, t, d?.sourceHash, d?.nmse, d?.measurement, farm ? d?.detail ?? origin : origin, ceilingGbps);
          // a farm trial is recorded once per job id (the run id and the config's index)
          if (farm) {
            farm.coordinator.record(`${farm.coordinator.runId}.${space.indexOf(t.config) ?? configKey(t.config)}`, rec);
            void farm.coordinator.reportProgress({ what: `tune ${op.name} on ${target}`, fpId: farm.fpId, budget, done: i + 1, failed: (farmFailed += t.status === 'ok' ? 0 : 1), inFlight: 0, state: i + 1 >= budget ? 'done' : 'running' });
          } else db.append(rec);
          println(trialLine(i, t, d?.measurement, i === 0, flops));
        },
      });
      printSummary({ trials: result.trials, measurements, defaultTrial: result.defaultTrial, ...(ceilingGbps ? { ceilingGbps } : {}), ...(flops !== undefined ? { flops } : {}), budget, spaceSize: space.size, dbPath });
    } finally {
      rmSync(workDir, { recursive: true, force: true });
      await transport?.close?.();
      await farm?.coordinator.close();
    }
  },
};
