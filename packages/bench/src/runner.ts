/**
 * Running benchmark cases: each case is emitted, checked against the float64 reference, then timed
 * with its baselines interleaved (measure.ts), in one process beside the bandwidth probe, and written
 * up with provenance (schema.ts). Emulated executors are refused: their times say nothing.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getOp, InputError, resolveParams, type Params, type ParamValue } from '@kforge/ir';
import { bytesOfRoles, sizedBuffers, type KernelArtifact, type TargetName } from '@kforge/target';
import type { Executor } from '@kforge/exec';
import {
  checkMemoryBudget, emitKernel, executorFor, LOWERINGS, OP_HOOKS, resolveConfig, type BenchFigure,
} from '@kforge/driver';
import { caseInputs, pickInputs } from './case-inputs.ts';
import { bytesMoved, measureCacheCeiling, measureFmaPeak, measureReadCeiling, rotationCopies, timeInterleaved, type Timing } from './measure.ts';
import { cpuBaselines, readUsage, USAGE_DIR_ENV, withThreads, type ImplName, type ThreadUsage } from './baselines.ts';
import { affinityInForce, cacheLevelFor, compilerInfo, gitInfo, kforgeVersion, lastLevelCacheBytes, loadExceedsCores, loadRefusal, machineInfo, pinThreads, sourceSha256 } from './provenance.ts';
import { SCHEMA_VERSION, type BenchFile, type CaseResult, type Ceiling, type ComputeCeiling, type Measurement, type Provenance } from './schema.ts';
import type { Suite, SuiteCase } from './suites/suite.ts';

export interface BenchOptions {
  readonly target: TargetName;
  /** CPU threads (the kernel's `threads` knob and the baselines'); the target default when absent */
  readonly threads?: number;
  /** knobs for kforge's kernel (JSON object); the target's defaults when absent */
  readonly config?: Record<string, unknown>;
  readonly configSource?: Measurement['config_source'];
  readonly seed?: number;
  /** total timed time per implementation and case, split over `rounds` interleaved rounds */
  readonly minTimeMs?: number;
  readonly rounds?: number;
  /** bytes the read probe streams (default 512 MiB, 16 × a 32 MiB L3) */
  readonly probeBytes?: number;
  readonly baselines?: boolean;
  /**
   * A/B in one run: also time the target's default config (impl 'kforge-default') interleaved with
   * the given or tuned one, so the two are compared under the same conditions (needs `config`)
   */
  readonly vsDefault?: boolean;
  /** the command line, for provenance */
  readonly command?: readonly string[];
  /** bench run: time even when the 1-minute load average exceeds the cores at the start (results marked loaded) */
  readonly allowLoad?: boolean;
  /** cases whose op does more FLOPs are checked on sampled rows (default FULL_REFERENCE_MAX_FLOPS; tests lower it) */
  readonly fullReferenceMaxFlops?: number;
  /** the load averages (os.loadavg; tests replace it) */
  readonly loadavg?: () => number[];
  readonly onProgress?: (line: string) => void;
}

const DISCARD = 2;
const DEFAULT_PROBE_BYTES = 512 * 1024 * 1024;

/** The executor for the target, refusing (exit 2) one whose times would not describe the device. */
export async function timingExecutor(target: TargetName): Promise<Executor> {
  const executor = await executorFor(target);
  const availability = await executor.probe();
  if (availability.mode !== 'native' && availability.mode !== 'gpu') {
    throw new InputError(`refusing to time ${target}: its executor here is ${executor.name} (${availability.mode}); emulated times say nothing about the device. Use \`kforge run\` to check it, or bench on the real device`);
  }
  return executor;
}

export function hasKernel(op: string, target: TargetName): boolean {
  return LOWERINGS.some((l) => l.op === op && l.targets.includes(target));
}

function inputBytes(artifact: KernelArtifact): number {
  return bytesOfRoles(artifact, ['in']);
}

/** the bytes read before each timed call of a case whose op counts its bytes from the inputs: twice the last-level cache (512 MiB when unknown) */
export function flushBytesFor(l3: number | null | undefined): number {
  return 2 * (l3 && l3 > 0 ? l3 : 256 * 2 ** 20);
}

/** each flush costs a pass over twice the last-level cache, so those cases stop at fewer repeats (split over the rounds) */
export const FLUSHED_MAX_REPEATS = 120;

/** The bytes a measurement's GB/s counts: the buffers the op's bench hook names (attention: the KV cache), else every input and output once. */
export function benchBytes(artifact: KernelArtifact): number {
  const names = OP_HOOKS[artifact.op]?.bandwidthBuffers;
  if (!names) return bytesMoved(artifact);
  return sizedBuffers(artifact).filter((b) => names.includes(b.name)).reduce((n, b) => n + b.bytes, 0);
}

/** What a case of `op` is judged by (the op's bench hook; bandwidth unless it says otherwise). */
export function benchFigure(op: string, params: Params): BenchFigure {
  return OP_HOOKS[op]?.benchFigure?.(params) ?? 'gbps';
}

/** The cases of these whose figure is 'gflops' need the FMA probe. */
function needsFmaProbe(cases: readonly SuiteCase[]): boolean {
  return cases.some((c) => {
    try {
      return benchFigure(c.op, resolveParams(getOp(c.op), c.params)) === 'gflops';
    } catch {
      return false;
    }
  });
}

interface Entrant {
  readonly impl: ImplName;
  readonly artifact: KernelArtifact;
  readonly configSource: Measurement['config_source'];
  /** baselines: how their threads are set and placed; their thread usage is recorded */
  readonly placement?: string;
}

/** A baseline's placement and what it used (threads_used: CPU over wall time of its timed repeats). */
function usageFields(placement: string | undefined, u: ThreadUsage | null, threads: number): Partial<Measurement> {
  if (placement === undefined) return {};
  return {
    placement, threads_requested: u?.threads_requested ?? threads,
    ...(u ? { threads_used: u.threads_used } : {}), ...(u?.unreliable ? { threads_unreliable: u.unreliable } : {}),
  };
}

class RunContext {
  readonly workDir = mkdtempSync(join(tmpdir(), 'kforge-bench-'));
  readonly ceilings: Ceiling[] = [];
  readonly computeCeilings: ComputeCeiling[] = [];
  readonly startedAt = new Date().toISOString();
  readonly startLoad: number[];
  /** where the baselines' harnesses write their thread usage (withUsage) */
  readonly usageDir = join(this.workDir, 'usage');
  readonly l3 = lastLevelCacheBytes();
  /** sets this process's OpenMP placement for harnesses started without a thread count */
  readonly pinned = pinThreads();

  constructor(readonly executor: Executor, readonly o: BenchOptions) {
    this.startLoad = this.load();
    mkdirSync(this.usageDir);
  }

  load(): number[] { return (this.o.loadavg ?? loadavg)(); }

  get minTimeMs(): number { return this.o.minTimeMs ?? 300; }
  get rounds(): number { return this.o.rounds ?? 3; }
  /** the highest DRAM read ceiling of the run (cache probes judge only their own case) */
  get ceilingGbps(): number { return Math.max(0, ...this.ceilings.filter((c) => c.name !== 'cache_probe').map((c) => c.gbps)); }
  get fmaPeakGflops(): number { return Math.max(0, ...this.computeCeilings.map((c) => c.gflops)); }

  /** the FMA-peak probe with the run's threads (the kernel's; its 0: one per core) */
  async fmaProbe(when: ComputeCeiling['when'], like: KernelArtifact): Promise<void> {
    const c = await measureFmaPeak(this.executor, this.o.target, like.threads ?? this.o.threads ?? 0, this.workDir);
    this.computeCeilings.push({ name: 'fma_peak', when, gflops: c.gflops, isa: c.isa, threads: c.threads, flops_per_call: c.flopsPerCall, median_ms: c.ms.median, iqr_ms: c.ms.iqr });
    this.o.onProgress?.(`FMA probe (${when}): ${c.gflops.toFixed(1)} GFLOP/s, ${c.isa}, ${c.threads} threads`);
  }

  async probe(when: Ceiling['when'], like: KernelArtifact): Promise<void> {
    const bytes = this.o.probeBytes ?? DEFAULT_PROBE_BYTES;
    const c = await measureReadCeiling(this.executor, like, bytes, this.workDir);
    this.ceilings.push({ name: 'read_probe', when, gbps: c.gbps, bytes: c.chunkBytes * c.copies, chunk_bytes: c.chunkBytes, median_ms: c.ms.median, iqr_ms: c.ms.iqr });
    this.o.onProgress?.(`read probe (${when}): ${c.gbps.toFixed(1)} GB/s, ${c.copies} rotated ${(c.chunkBytes / 2 ** 20).toFixed(0)} MiB chunks`);
  }

  /**
   * The cache probe for a case whose inputs stay in cache: `bytes` read and written per call (half the
   * case's bench bytes each: a state read as s0 and written as s), on the kernel's threads.
   */
  async cacheProbe(c: SuiteCase, bytes: number, threads: number): Promise<Ceiling> {
    const t0 = threads || machineInfo().cores;
    const r = await measureCacheCeiling(this.executor, this.o.target, bytes, t0, this.workDir);
    const ceiling: Ceiling = {
      name: 'cache_probe', when: 'run', gbps: r.gbps, bytes: r.bytesPerCall, chunk_bytes: r.bytesPerCall, median_ms: r.ms.median, iqr_ms: r.ms.iqr,
      case: c.id, level: cacheLevelFor(r.bytesPerCall / t0), threads: r.threads,
    };
    this.ceilings.push(ceiling);
    this.o.onProgress?.(`cache probe (${c.id}): ${r.gbps.toFixed(1)} GB/s, ${(r.bytesPerCall / 2 ** 20).toFixed(2)} MiB read + written per call, ${ceiling.level ?? 'unknown level'} on ${r.threads} threads`);
    return ceiling;
  }

  async runCase(c: SuiteCase): Promise<CaseResult> {
    const base = { id: c.id, op: c.op, layer: c.layer, phase: c.phase, params: c.params, ...(c.residency ? { residency: c.residency } : {}) };
    const target = this.o.target;
    if (!hasKernel(c.op, target)) return { ...base, status: 'skipped', reason: `no kernel yet for ${c.op} on ${target}`, measurements: [], speedup: {} };
    const op = getOp(c.op);
    const params = resolveParams(op, c.params);
    try {
      checkMemoryBudget('bench', op, params);
    } catch (e) {
      if (e instanceof InputError) return { ...base, status: 'skipped', reason: e.message, measurements: [], speedup: {} };
      throw e;
    }
    const config = resolveConfig(c.op, target, params, withThreads(c.op, target, params, this.o.config, this.o.threads));
    let artifact: KernelArtifact;
    try {
      artifact = emitKernel(c.op, target, params, config);
    } catch (e) {
      // params the lowering cannot serve on this target (its knob rules say why): skipped with the reason, the suite goes on
      if (e instanceof InputError) return { ...base, status: 'skipped', reason: e.message, measurements: [], speedup: {} };
      throw e;
    }
    const figure = benchFigure(c.op, params);
    const threads = artifact.threads ?? this.o.threads ?? 0;
    const entrants: Entrant[] = [{ impl: 'kforge', artifact, configSource: this.o.configSource ?? (this.o.config ? 'given' : 'default') }];
    if (this.o.vsDefault && this.o.config) {
      const defaults = emitKernel(c.op, target, params, resolveConfig(c.op, target, params, withThreads(c.op, target, params, undefined, this.o.threads)));
      entrants.push({ impl: 'kforge-default', artifact: defaults, configSource: 'default' });
    }
    const unavailable: string[] = [];
    if (this.o.baselines !== false) {
      const found = cpuBaselines(c.op, target, params, threads, { ggml: true });
      for (const b of found.baselines) entrants.push({ impl: b.impl, artifact: b.artifact, configSource: 'default', placement: b.placement });
      unavailable.push(...found.unavailable);
    }
    const data = caseInputs(c.op, params, artifact, this.o.seed ?? 1, this.o.fullReferenceMaxFlops);
    const { bytes } = data;
    // a failed run (an entrant that does not build or crashes) is a result; a bad case is the user's error
    const checkOne = (a: KernelArtifact): Promise<{ ok: boolean; nmse: number; bound: number; error?: string }> => data.judge(a, this.executor, this.workDir).catch((e: unknown) => {
      if (e instanceof InputError) throw e;
      return { ok: false, nmse: NaN, bound: NaN, error: (e as Error).message.split('\n')[0]! };
    });

    const checked: { entrant: Entrant; nmse: number; bound: number; ok: boolean; error?: string }[] = [];
    for (const e of entrants) checked.push({ entrant: e, ...(await checkOne(e.artifact)) });
    const kforge = checked[0]!;
    if (!kforge.ok) {
      const reason = kforge.error ?? `nmse ${kforge.nmse.toExponential(2)} > bound ${kforge.bound.toExponential(0)}`;
      return { ...base, params, figure, status: kforge.error ? 'error' : 'incorrect', reason, measurements: [], speedup: {} };
    }
    const timed = checked.filter((x) => x.ok);
    // bytes that depend on the inputs (the op's countedBytes): every implementation gets the same
    // count, and the caches are evicted before each timed call (rotated copies of the whole inputs
    // would leave the part it reads in cache)
    const { counted } = data;
    const eviction = counted !== undefined ? { rotate: 1, flushBytes: flushBytesFor(this.l3), maxRepeats: FLUSHED_MAX_REPEATS } : undefined;
    // a cache-resident case: inputs not rotated, judged against the cache probe of its bytes taken
    // just before and just after its timing (the higher of the two)
    const hot = c.residency === 'cache';
    const cacheProbes = hot ? [await this.cacheProbe(c, benchBytes(artifact) / 2, threads)] : [];
    const loadBefore = this.load();
    process.env[USAGE_DIR_ENV] = this.usageDir;
    const timings = await timeInterleaved(this.executor, timed.map((x) => ({
      artifact: x.entrant.artifact,
      inputs: pickInputs(bytes, x.entrant.artifact),
      options: eviction ?? { rotate: hot ? 1 : rotationCopies(inputBytes(x.entrant.artifact), this.l3 ?? 0) },
    })), { minTimeMs: this.minTimeMs, rounds: this.rounds, discard: DISCARD, workDir: this.workDir }).finally(() => { delete process.env[USAGE_DIR_ENV]; });
    const loadAfter = this.load();
    if (hot) cacheProbes.push(await this.cacheProbe(c, benchBytes(artifact) / 2, threads));
    const cacheGbps = Math.max(0, ...cacheProbes.map((p) => p.gbps));
    const cores = machineInfo().cores;
    const loaded = loadExceedsCores(loadBefore, cores) || loadExceedsCores(loadAfter, cores);
    const measurements: Measurement[] = [];
    for (let i = 0; i < timed.length; i++) {
      const e = timed[i]!.entrant;
      const usage = e.placement !== undefined ? readUsage(this.usageDir, e.impl, threads) : null;
      const m = await this.measurement(e, timings[i]!, threads, timed[i]!.nmse, timed[i]!.bound, params, counted);
      const against = hot ? { fraction_of_ceiling: cacheGbps > 0 ? m.gbps / cacheGbps : 0, ceiling: 'cache_probe' as const } : {};
      measurements.push({ ...m, ...against, ...usageFields(e.placement, usage, threads) });
    }
    const speedup: Partial<Record<ImplName, number>> = {};
    for (const m of measurements.slice(1)) speedup[m.impl] = m.median_ms / measurements[0]!.median_ms;
    const notes = [...checked.filter((x) => !x.ok).map((x) => `${x.entrant.impl} baseline not timed: ${x.error ?? `nmse ${x.nmse.toExponential(2)}`}`), ...unavailable];
    return {
      ...base, params, figure, check: data.check, status: 'ok', reason: notes.length ? notes.join('; ') : null,
      measurements, speedup, load_average: { before: loadBefore, after: loadAfter }, loaded,
    };
  }

  private async measurement(e: Entrant, t: Timing, threads: number, nmse: number, bound: number, params: Params, counted?: number): Promise<Measurement> {
    const moved = counted ?? benchBytes(e.artifact);
    const gbps = moved / (t.ms.median * 1e6);
    const gflops = getOp(e.artifact.op).flops(params) / (t.ms.median * 1e6);
    return {
      impl: e.impl, target: e.artifact.target, executor: t.result.executor, executor_detail: t.result.detail, threads,
      configuration: e.artifact.config as Record<string, ParamValue>, config_source: e.configSource,
      source_sha256: sourceSha256(e.artifact), compiler: await compilerInfo(e.artifact),
      correct: true, nmse, nmse_bound: bound,
      median_ms: t.ms.median, min_ms: t.ms.min, max_ms: t.ms.max, iqr_ms: t.ms.iqr, repeats: t.ms.n, samples_ms: t.timingsMs.map((v) => Number(v.toPrecision(4))),
      bytes_moved: moved, gbps, fraction_of_ceiling: this.ceilingGbps > 0 ? gbps / this.ceilingGbps : 0,
      gflops, ...(this.fmaPeakGflops > 0 ? { fraction_of_fma_peak: gflops / this.fmaPeakGflops } : {}),
      rotate: t.rotatedCopies, working_set_bytes: inputBytes(e.artifact) * t.rotatedCopies,
      ...(t.flushedBytes ? { flush_bytes: t.flushedBytes } : {}),
    };
  }

  /** Fractions are taken against the highest ceiling of the run, known only at the end. */
  finish(kind: BenchFile['kind'], suite: string | null, results: CaseResult[], seed: number): BenchFile {
    const ceiling = this.ceilingGbps;
    const peak = this.fmaPeakGflops;
    const rescaled = results.map((r) => ({
      ...r,
      measurements: r.measurements.map((m) => ({
        ...m, ...(m.ceiling === 'cache_probe' ? {} : { fraction_of_ceiling: ceiling > 0 ? m.gbps / ceiling : 0 }), ...(peak > 0 ? { fraction_of_fma_peak: m.gflops / peak } : {}),
      })),
    }));
    const threads = this.o.threads ?? rescaled.find((r) => r.measurements.length)?.measurements[0]?.threads ?? 0;
    return {
      schema_version: SCHEMA_VERSION, kind, suite, target: this.o.target, threads, affinity: affinityInForce(threads), seed,
      protocol: { min_time_ms: this.minTimeMs, rounds: this.rounds, discard: DISCARD, statistic: 'median', l3_bytes: this.l3 },
      ceilings: this.ceilings, ceiling_gbps: ceiling,
      ...(this.computeCeilings.length ? { compute_ceilings: this.computeCeilings, fma_peak_gflops: peak } : {}),
      provenance: this.provenance(rescaled), results: rescaled,
    };
  }

  private provenance(results: readonly CaseResult[]): Provenance {
    const git = gitInfo();
    const machine = machineInfo();
    const end = this.load();
    const loaded = loadExceedsCores(this.startLoad, machine.cores) || loadExceedsCores(end, machine.cores) || results.some((r) => r.loaded);
    return {
      build_commit: git.revision, build_dirty: git.dirty, kforge_version: kforgeVersion(), command: this.o.command ?? [],
      started_at: this.startedAt, finished_at: new Date().toISOString(),
      cpu_info: `${machine.cpu_model}, ${machine.cores} cores`,
      gpu_info: machine.gpus.length ? machine.gpus.map((g) => `${g.name} (driver ${g.driver})`).join('; ') : null,
      machine, load_average: { start: this.startLoad, end },
      ...(loaded ? { loaded } : {}),
    };
  }
}


/** `kforge bench OP`: one case, checked, timed with the probe (and baselines unless turned off). */
export async function benchOne(opName: string, rawParams: Record<string, unknown>, o: BenchOptions): Promise<BenchFile> {
  const op = getOp(opName);
  const params = resolveParams(op, rawParams);
  if (!hasKernel(op.name, o.target)) throw new InputError(`no kernel yet for ${op.name} on ${o.target}`);
  checkMemoryBudget('bench', op, params); // before the probe and the inputs
  const executor = await timingExecutor(o.target);
  const ctx = new RunContext(executor, o);
  try {
    const probeLike = emitKernel(op.name, o.target, params, resolveConfig(op.name, o.target, params, withThreads(op.name, o.target, params, o.config, o.threads)));
    await ctx.probe('run', probeLike);
    if (benchFigure(op.name, params) === 'gflops') await ctx.fmaProbe('run', probeLike);
    const id = `${op.name}/${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(',')}`;
    const result = await ctx.runCase({ id, op: op.name, params: rawParams as Params, layer: '-', phase: Number(params.M ?? 1) === 1 ? 'decode' : 'batch' });
    return ctx.finish('single', null, [result], o.seed ?? 1);
  } finally {
    rmSync(ctx.workDir, { recursive: true, force: true });
  }
}

/**
 * The artifact the probes take their thread count and target from: the first case's kernel, or where
 * the lowering cannot serve its params a stand-in with the run's threads (the probes are plain C either way).
 */
function probeArtifact(first: SuiteCase, o: BenchOptions, p: Params): KernelArtifact {
  try {
    return emitKernel(first.op, o.target, p, resolveConfig(first.op, o.target, p, withThreads(first.op, o.target, p, o.config, o.threads)));
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { op: first.op, target: o.target, params: p, config: {}, language: 'c', files: {}, buffers: [], scalars: [], dispatches: [], threads: o.threads ?? 0 };
  }
}

/** `kforge bench run SUITE`: every case matching `filter`, progress per case, the probe at start and end. */
export async function runSuite(suite: Suite, filter: RegExp | undefined, o: BenchOptions): Promise<BenchFile> {
  const cases = suite.cases.filter((c) => !filter || filter.test(c.id));
  if (cases.length === 0) throw new InputError(`suite ${suite.name}: no case matches --filter ${filter}`);
  const refusal = o.allowLoad ? null : loadRefusal((o.loadavg ?? loadavg)());
  if (refusal) throw new InputError(refusal);
  const executor = await timingExecutor(o.target);
  const ctx = new RunContext(executor, o);
  const say = o.onProgress ?? (() => {});
  try {
    const first = cases.find((c) => hasKernel(c.op, o.target));
    const fma = needsFmaProbe(cases);
    if (first) {
      const p = resolveParams(getOp(first.op), first.params);
      const like = probeArtifact(first, o, p);
      await ctx.probe('start', like);
      if (fma) await ctx.fmaProbe('start', like);
    }
    const results: CaseResult[] = [];
    for (const [i, c] of cases.entries()) {
      const started = Date.now();
      const r = await ctx.runCase(c);
      results.push(r);
      say(`[${i + 1}/${cases.length}] ${c.id}: ${describe(r, ctx.ceilingGbps)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    if (first) {
      const p = resolveParams(getOp(first.op), first.params);
      const like = probeArtifact(first, o, p);
      await ctx.probe('end', like);
      if (fma) await ctx.fmaProbe('end', like);
    }
    return ctx.finish('suite', suite.name, results, o.seed ?? 1);
  } finally {
    rmSync(ctx.workDir, { recursive: true, force: true });
  }
}

/** One progress line: kforge's median and bandwidth, then each baseline's speedup. */
export function describe(r: CaseResult, ceilingGbps: number): string {
  if (r.status !== 'ok') return `${r.status}: ${r.reason}`;
  const k = r.measurements[0]!;
  const frac = r.figure === 'gflops'
    ? `, ${k.gflops.toFixed(1)} GFLOP/s${k.fraction_of_fma_peak !== undefined ? ` (${(100 * k.fraction_of_fma_peak).toFixed(0)}% of the FMA probe)` : ''}`
    : k.ceiling === 'cache_probe' ? ` (${(100 * k.fraction_of_ceiling).toFixed(0)}% of the cache probe)`
      : ceilingGbps > 0 ? ` (${((100 * k.gbps) / ceilingGbps).toFixed(0)}% of probe)` : '';
  const vs = Object.entries(r.speedup).map(([impl, s]) => `${s!.toFixed(2)}x vs ${impl}`).join(', ');
  const flags = [
    ...(r.loaded ? [`loaded: 1-minute load average ${Math.max(r.load_average?.before[0] ?? 0, r.load_average?.after[0] ?? 0).toFixed(2)} above the cores, comparison unreliable`] : []),
    ...r.measurements.flatMap((m) => (m.threads_unreliable ? [m.threads_unreliable] : [])),
  ];
  return `${k.median_ms.toFixed(3)} ms, ${k.gbps.toFixed(1)} GB/s${frac}${vs ? `, ${vs}` : ''}${r.reason ? ` [${r.reason}]` : ''}${flags.length ? ` [${flags.join('; ')}]` : ''}`;
}
