/**
 * `kforge bench`: timed, checked, reproducible measurements (packages/bench does the work).
 *   bench OP --target T --params P [--config C] [--threads N] [--json]   one case, with the probe
 *   bench run SUITE --target T [--filter RE] [--out FILE.json]           a suite of real-model cases
 *   bench run SUITE --target T --farm URL [--fingerprint F|--device TEXT] the suite's cases measured by the farm's agents of one fingerprint
 *   bench report RESULTS.json... --out report.html [--markdown R.md]      static HTML with plots (and Markdown tables)
 *   bench compare A.json B.json [--json]                                  ratios, Mann-Whitney, exit 1 on regression
 *   bench runtime LIB.so --params P [--json]                              calls through the runtime's Node binding (benchmark.js)
 *   bench suites                                                          the suites and their case ids (commands/suites.ts)
 *   bench OP ... | run SUITE ... --export DIR                             a bundle that runs the same protocol on a machine without Node
 *   bench --import OUT [--out F.json] [--json]                            what the bundle's run.sh wrote, as the bench JSON
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CheckError, InputError, getOp, resolveParams, type Params } from '@kforge/ir';
import type { Suite, SuiteCase } from '@kforge/bench';
import type { DeviceFingerprint } from '@kforge/autotune';
import type { FarmBenchFile } from '@kforge/farm';
import { parseTarget, type ParsedArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { readJsonOption } from '../files.ts';

const SUBCOMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  op: ['target', 'params', 'config', 'vs-default', 'threads', 'json', 'out', 'min-time', 'rounds', 'probe-mib', 'no-baselines', 'seed', 'export', 'rotate-mib'],
  run: ['target', 'config', 'vs-default', 'threads', 'filter', 'out', 'min-time', 'rounds', 'probe-mib', 'no-baselines', 'seed', 'export', 'rotate-mib', 'allow-load', 'farm', 'fingerprint', 'device', 'key-file', 'run-id'],
  import: ['import', 'out', 'json'],
  report: ['out', 'markdown'],
  compare: ['json', 'alpha', 'threshold'],
  runtime: ['params', 'json', 'seed'],
};

const OPTION_NAMES = [...new Set(Object.values(SUBCOMMAND_OPTIONS).flat())];

function onlyOptions(sub: string, given: readonly string[]): void {
  const allowed = SUBCOMMAND_OPTIONS[sub]!;
  for (const name of given) {
    if (!allowed.includes(name)) throw new InputError(`bench ${sub === 'op' ? 'OP' : sub}: option --${name} does not apply (options: ${allowed.map((o) => `--${o}`).join(' ') || 'none'})`);
  }
}

function givenOptions(args: ParsedArgs): string[] {
  return OPTION_NAMES.filter((n) => args.flag(n) || args.optional(n) !== undefined);
}

function numberOption(args: ParsedArgs, name: string, min: number, integer: boolean): number | undefined {
  const text = args.optional(name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new InputError(`bench: --${name} must be ${integer ? 'an integer' : 'a number'} >= ${min}, got '${text}'`);
  }
  return n;
}

/** Written complete or not at all (SPEC section 1). */
function writeAtomically(path: string, text: string): void {
  const temp = `${path}.tmp-${process.pid}`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

/** The command line as given, rebuilt from the parsed arguments (process.argv differs between bin/kforge.js, tsx and the tests). */
function commandLine(args: ParsedArgs): string[] {
  const options = givenOptions(args).flatMap((n) => (args.flag(n) ? [`--${n}`] : [`--${n}`, args.optional(n)!]));
  return ['kforge', 'bench', ...args.positionals, ...options];
}

function benchOptions(args: ParsedArgs) {
  const config = args.optional('config');
  if (args.flag('vs-default') && config === undefined) throw new InputError('bench: --vs-default times the default config against the one given by --config: give --config too');
  const minTimeMs = numberOption(args, 'min-time', 1, false);
  const rounds = numberOption(args, 'rounds', 1, true);
  const threads = numberOption(args, 'threads', 1, true);
  const probeMib = numberOption(args, 'probe-mib', 1, true);
  const seed = numberOption(args, 'seed', 0, true);
  return {
    target: parseTarget(args.required('target')),
    ...(config !== undefined ? { config: readJsonOption('config', config) } : {}),
    ...(minTimeMs !== undefined ? { minTimeMs } : {}),
    ...(rounds !== undefined ? { rounds } : {}),
    ...(threads !== undefined ? { threads } : {}),
    ...(probeMib !== undefined ? { probeBytes: probeMib * 2 ** 20 } : {}),
    ...(seed !== undefined ? { seed } : {}),
    baselines: !args.flag('no-baselines'),
    vsDefault: args.flag('vs-default'),
    allowLoad: args.flag('allow-load'),
    command: commandLine(args),
    onProgress: (line: string) => process.stderr.write(`${line}\n`),
  };
}

/** --config with --export: one JSON object (or @file.json), or an array of them, each timed beside the default. */
function exportConfigs(text: string | undefined): Record<string, unknown>[] {
  if (text === undefined) return [];
  if (!text.trim().startsWith('[')) return [readJsonOption('config', text)];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch (e) {
    throw new InputError(`--config: malformed JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(list) || !list.every((c) => typeof c === 'object' && c !== null && !Array.isArray(c))) throw new InputError('--config: an array must hold JSON objects of knobs');
  return list as Record<string, unknown>[];
}

/** `--export DIR`: the bundle of one case (bench OP) or of a suite's cases (bench run SUITE). */
async function benchExport(args: ParsedArgs, dir: string, cases: readonly SuiteCase[], suite?: string): Promise<void> {
  for (const name of ['json', 'out', 'html', 'vs-default']) {
    if (args.flag(name) || args.optional(name) !== undefined) throw new InputError(`bench --export: --${name} does not apply (the default config is always in the bundle; results come from --import)`);
  }
  const bench = await import('@kforge/bench');
  const threads = numberOption(args, 'threads', 0, true);
  const minTimeMs = numberOption(args, 'min-time', 1, false);
  const rounds = numberOption(args, 'rounds', 1, true);
  const probeMib = numberOption(args, 'probe-mib', 1, true);
  const rotateMib = numberOption(args, 'rotate-mib', 1, true);
  const seed = numberOption(args, 'seed', 0, true);
  const m = bench.exportBenchBundle(dir, cases, {
    target: parseTarget(args.required('target')), kind: suite ? 'suite' : 'single', ...(suite ? { suite } : {}),
    configs: exportConfigs(args.optional('config')), baselines: !args.flag('no-baselines'), command: commandLine(args),
    ...(threads !== undefined ? { threads } : {}), ...(minTimeMs !== undefined ? { minTimeMs } : {}), ...(rounds !== undefined ? { rounds } : {}),
    ...(probeMib !== undefined ? { probeBytes: probeMib * 2 ** 20 } : {}), ...(rotateMib !== undefined ? { rotateBytes: rotateMib * 2 ** 20 } : {}),
    ...(seed !== undefined ? { seed } : {}),
  });
  const jobs = m.cases.reduce((n, c) => n + c.jobs.length, 0);
  println(`wrote ${m.cases.length} case(s), ${jobs} contestants and the read probe for ${m.target} to ${dir}`);
  for (const c of m.cases) println(`  ${c.id}: ${c.skipped ?? c.jobs.map((j) => j.impl).join(', ')}${c.notes.length ? ` (${c.notes.join('; ')})` : ''}`);
  println(`on the machine: CC=gcc THREADS=${m.threads} sh ${join(dir, 'run.sh')} OUT, then kforge bench --import OUT`);
}

async function benchImport(args: ParsedArgs, dir: string): Promise<void> {
  const bench = await import('@kforge/bench');
  const file = bench.importBenchBundle(dir, { command: commandLine(args) });
  const out = args.optional('out');
  if (out) writeAtomically(out, `${JSON.stringify(file)}\n`);
  if (args.flag('json')) {
    println(JSON.stringify(file));
  } else {
    const probes = file.ceilings.map((c) => c.gbps);
    println(`${file.results.length} case(s) on ${file.target}, ${file.threads} threads, ${file.provenance.cpu_info}; read probe ${probes.length ? `${Math.min(...probes).toFixed(1)} to ${file.ceiling_gbps.toFixed(1)} GB/s` : 'not run'}${out ? `; written to ${out}` : ''}`);
    for (const r of file.results) {
      println(`${r.id}: ${bench.describe(r, file.ceiling_gbps)}`);
      for (const k of r.measurements) {
        const fraction = k.fraction_of_probe !== undefined ? `${(100 * k.fraction_of_probe).toFixed(0)}% of the probe (median over rounds)` : 'no probe fraction';
        println(`  ${k.impl.padEnd(15)} median ${k.median_ms.toFixed(4)} ms (IQR ${k.iqr_ms.toFixed(4)}, n ${k.repeats}), ${k.gbps.toFixed(1)} GB/s, ${fraction}, ${k.rotate} copies`);
      }
    }
  }
  const bad = file.results.filter((r) => r.status === 'incorrect' || r.status === 'error');
  if (bad.length) throw new CheckError(`${bad.length} case(s) failed their correctness check or did not run: ${bad.map((r) => `${r.id} (${r.reason})`).join(', ')}`);
}

async function benchOp(args: ParsedArgs, opName: string): Promise<void> {
  const bench = await import('@kforge/bench');
  const op = getOp(opName);
  const params = readJsonOption('params', args.required('params'));
  const p = resolveParams(op, params);
  // refused before any work: the probe, the kernels, the inputs drawn here (also for --export)
  const { checkMemoryBudget } = await import('@kforge/driver');
  checkMemoryBudget('bench', op, p);
  const exportDir = args.optional('export');
  if (exportDir !== undefined) {
    const id = `${op.name}/${Object.entries(p).map(([k, v]) => `${k}=${v}`).join(',')}`;
    return benchExport(args, exportDir, [{ id, op: op.name, params: params as Params, layer: '-', phase: Number(p.M ?? 1) === 1 ? 'decode' : 'batch' }]);
  }
  if (args.optional('rotate-mib') !== undefined) throw new InputError('bench: --rotate-mib applies to --export (here the rotation is sized on this machine\'s L3)');
  const o = benchOptions(args);
  const file = await bench.benchOne(op.name, params, o);
  const r = file.results[0]!;
  if (r.status !== 'ok') throw new CheckError(`${op.name} on ${o.target}: ${r.reason}`);
  const k = r.measurements[0]!;
  const summary = {
    op: op.name, target: o.target, params: r.params,
    median_ms: k.median_ms, spread: { min_ms: k.min_ms, max_ms: k.max_ms, iqr_ms: k.iqr_ms }, repeats: k.repeats,
    bytes_moved: k.bytes_moved, gbps: k.gbps, ceiling_gbps: file.ceiling_gbps, fraction_of_ceiling: k.fraction_of_ceiling,
    executor: k.executor, threads: k.threads, rotate: k.rotate, configuration: k.configuration, speedup: r.speedup,
    provenance: file.provenance, result: file,
  };
  const out = args.optional('out');
  if (out) writeAtomically(out, `${JSON.stringify(file)}\n`);
  if (args.flag('json')) {
    println(JSON.stringify(summary));
    return;
  }
  println(`${op.name} on ${o.target} (${k.executor}, ${k.threads} threads): ${bench.describe(r, file.ceiling_gbps)}`);
  println(`  median ${k.median_ms.toFixed(4)} ms (min ${k.min_ms.toFixed(4)}, IQR ${k.iqr_ms.toFixed(4)}, n ${k.repeats}), ${k.bytes_moved} bytes, inputs rotated over ${k.rotate} copies; read probe ${file.ceiling_gbps.toFixed(1)} GB/s`);
  for (const m of r.measurements.slice(1)) println(`  ${m.impl}: median ${m.median_ms.toFixed(4)} ms, ${m.gbps.toFixed(1)} GB/s`);
}

async function benchRun(args: ParsedArgs, rest: readonly string[]): Promise<void> {
  if (rest.length !== 1) throw new InputError(`bench run: expected one SUITE, got ${rest.length} (see kforge bench suites)`);
  const bench = await import('@kforge/bench');
  const suite = bench.getSuite(rest[0]!);
  const filterText = args.optional('filter');
  let filter: RegExp | undefined;
  if (filterText !== undefined) {
    try {
      filter = new RegExp(filterText);
    } catch (e) {
      throw new InputError(`bench run: --filter is not a regular expression: ${(e as Error).message}`);
    }
  }
  const exportDir = args.optional('export');
  const farmUrl = args.optional('farm');
  if (farmUrl === undefined) {
    for (const name of ['fingerprint', 'device', 'key-file', 'run-id']) if (args.optional(name) !== undefined) throw new InputError(`bench run: --${name} belongs to --farm`);
  } else if (exportDir !== undefined) throw new InputError('bench run: --farm and --export exclude each other (the farm\'s agents run the protocol themselves)');
  if (exportDir !== undefined) {
    const cases = suite.cases.filter((c) => !filter || filter.test(c.id));
    if (!cases.length) throw new InputError(`suite ${suite.name}: no case matches --filter ${filter}`);
    return benchExport(args, exportDir, cases, suite.name);
  }
  if (args.optional('rotate-mib') !== undefined) throw new InputError('bench run: --rotate-mib applies to --export (here the rotation is sized on this machine\'s L3)');
  const o = benchOptions(args);
  const out = args.optional('out');
  const file = farmUrl !== undefined ? await benchRunOnFarm(args, farmUrl, suite, filter, o) : await bench.runSuite(suite, filter, o);
  const text = `${JSON.stringify(file)}\n`;
  if (out) writeAtomically(out, text);
  const farm = 'farm' in file ? (file as FarmBenchFile).farm : undefined;
  const farmNote = farm ? `; measured on the farm by ${new Set(farm.jobs.flatMap((j) => (j.agent ? [j.agent] : []))).size} agent(s) of fingerprint ${farm.fp_id}` : '';
  const counts = ['ok', 'skipped', 'incorrect', 'error'].map((s) => `${file.results.filter((r) => r.status === s).length} ${s}`).join(', ');
  println(`${suite.name} on ${o.target}: ${counts}; read probe ${file.ceilings.filter((c) => c.name !== 'cache_probe').map((c) => `${c.when} ${c.gbps.toFixed(1)} GB/s`).join(', ') || 'not run (nothing to time)'}${file.ceilings.some((c) => c.name === 'cache_probe') ? `; cache probes ${file.ceilings.filter((c) => c.name === 'cache_probe').map((c) => `${c.gbps.toFixed(1)}`).join(', ')} GB/s` : ''}${farmNote}${out ? `; written to ${out}` : ''}`);
  const bad = file.results.filter((r) => r.status === 'incorrect' || r.status === 'error');
  if (bad.length) throw new CheckError(`${bad.length} case(s) failed their correctness check or did not run: ${bad.map((r) => r.id).join(', ')}`);
}

/**
 * `bench run SUITE --farm URL`: the cases as signed jobs to the agents of one fingerprint (given, or
 * the one the connected agents announce), each run there by the same runner as a local bench run.
 */
async function benchRunOnFarm(args: ParsedArgs, url: string, suite: Suite, filter: RegExp | undefined, o: ReturnType<typeof benchOptions>) {
  const cases = suite.cases.filter((c) => !filter || filter.test(c.id));
  if (!cases.length) throw new InputError(`suite ${suite.name}: no case matches --filter ${filter}`);
  const f = await import('@kforge/farm');
  const bench = await import('@kforge/bench');
  const key = f.farmKey(args.optional('key-file'));
  const given = args.optional('fingerprint');
  const runId = args.optional('run-id');
  if (runId !== undefined && !/^[\w-]{1,64}$/.test(runId)) throw new InputError(`bench run: --run-id must be 1 to 64 letters, digits, '_' or '-', got '${runId}'`);
  const coordinator = new f.FarmCoordinator({ url, key, ...(runId !== undefined ? { runId } : {}) });
  try {
    const fingerprint = f.pickFingerprint(await coordinator.agents(), given !== undefined ? readJsonOption('fingerprint', given) as unknown as DeviceFingerprint : undefined, args.optional('device'), 'bench run');
    const { onProgress, ...options } = o;
    onProgress(`farm run ${coordinator.runId} (--run-id ${coordinator.runId} resumes it): ${cases.length} case(s) for fingerprint ${f.fingerprintId(fingerprint)} (${fingerprint.device})`);
    return await f.benchOnFarm({
      coordinator, fingerprint, suite, cases, options, queue: f.redactUrl(url),
      onCase: (r, done, of) => onProgress(`[${done}/${of}] ${r.id}: ${bench.describe(r, 0)}`),
    });
  } finally {
    await coordinator.close();
  }
}

function loadFiles(paths: readonly string[]) {
  return import('@kforge/bench').then((bench) => paths.map((path) => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      throw new InputError(`bench: cannot read results file '${path}'`);
    }
    return { name: basename(path), file: bench.parseBenchFile(text, path) };
  }));
}

async function benchReport(args: ParsedArgs, rest: readonly string[]): Promise<void> {
  if (rest.length === 0) throw new InputError('bench report: name at least one RESULTS.json');
  const out = args.required('out');
  const markdown = args.optional('markdown');
  const bench = await import('@kforge/bench');
  const files = await loadFiles(rest);
  writeAtomically(out, bench.renderReport(files));
  if (markdown) writeAtomically(markdown, bench.renderMarkdown(files));
  println(`report of ${files.length} file(s) written to ${out}${markdown ? ` and ${markdown}` : ''}`);
}

async function benchCompare(args: ParsedArgs, rest: readonly string[]): Promise<void> {
  if (rest.length !== 2) throw new InputError(`bench compare: expected A.json B.json, got ${rest.length} file(s)`);
  const bench = await import('@kforge/bench');
  const [a, b] = await loadFiles(rest);
  const alpha = numberOption(args, 'alpha', 0, false) ?? bench.COMPARE_DEFAULTS.alpha;
  const threshold = numberOption(args, 'threshold', 0, false) ?? bench.COMPARE_DEFAULTS.threshold;
  const c = bench.compareFiles(a!.file, b!.file, { alpha, threshold });
  if (args.flag('json')) {
    println(JSON.stringify({ alpha, threshold, ...c }));
  } else {
    for (const w of c.warnings) println(`warning: ${w}`);
    println(`${'case'.padEnd(56)} ${'impl'.padEnd(9)} ${'A ms'.padStart(10)} ${'B ms'.padStart(10)} ${'B/A'.padStart(7)} ${'p'.padStart(8)}  verdict`);
    for (const r of c.rows) {
      println(`${r.id.padEnd(56)} ${r.impl.padEnd(9)} ${r.a_median_ms.toFixed(4).padStart(10)} ${r.b_median_ms.toFixed(4).padStart(10)} ${r.ratio.toFixed(3).padStart(7)} ${r.p_value.toExponential(1).padStart(8)}  ${r.verdict}`);
    }
    if (c.unmatched.length) println(`not in both: ${c.unmatched.join(', ')}`);
  }
  if (c.regressions.length) {
    throw new CheckError(`${c.regressions.length} regression(s) beyond noise (p < ${alpha}, slower by more than ${(100 * threshold).toFixed(0)}%): ${c.regressions.map((r) => `${r.id} ${r.ratio.toFixed(3)}x`).join(', ')}`);
  }
}

async function benchRuntime(args: ParsedArgs, rest: readonly string[]): Promise<void> {
  if (rest.length !== 1) throw new InputError('bench runtime: expected the path of one built runtime library (libkforge.so)');
  const bench = await import('@kforge/bench');
  const { KforgeLibrary } = await import('@kforge/runtime');
  const seed = numberOption(args, 'seed', 0, true);
  const t = bench.timeRuntimeGemv(KforgeLibrary.open(rest[0]!), readJsonOption('params', args.required('params')), seed !== undefined ? { seed } : {});
  if (args.flag('json')) {
    println(JSON.stringify({ library: rest[0], timer: 'benchmark.js', ...t }));
    return;
  }
  println(`gemv through ${rest[0]} (${t.kernel ?? 'unknown kernel'}${t.tuned ? ', tuned' : ''}): median ${t.median_ms.toFixed(4)} ms per call (mean ${t.mean_ms.toFixed(4)} ms ±${t.rme_percent.toFixed(1)}%, ${t.samples_ms.length} benchmark.js samples), ${t.gbps.toFixed(1)} GB/s`);
}

export const benchCommand: Command = {
  name: 'bench',
  summary: 'time kernels (checked first, baselines and the bandwidth probe in the same run), run suites, report and compare results',
  usage: 'bench OP --target T --params P [--config C [--vs-default]] [--threads N] [--json] | bench run SUITE --target T [--filter RE] [--out F.json] [--farm redis[s]://... [--fingerprint F|--device TEXT]] | bench OP|run ... --export DIR | bench --import OUT [--out F.json] | bench report R.json... --out report.html [--markdown R.md] | bench compare A.json B.json | bench runtime LIB.so --params P | bench suites',
  args: {
    // none with --import (checked in run)
    positionals: ['OP|run|report|compare|runtime|suites ARGS...'],
    options: {
      target: { kind: 'value', doc: 'target to time on (native or GPU executors only)' },
      params: { kind: 'value', doc: 'bench OP, runtime: operator parameters, a JSON object or @file.json' },
      config: { kind: 'value', doc: "kernel knobs, a JSON object or @file.json (default: the target's)" },
      markdown: { kind: 'value', doc: 'bench report: also write the results as Markdown tables to this file' },
      'vs-default': { kind: 'flag', doc: "with --config: also time the target's default config, interleaved in the same run (impl kforge-default)" },
      threads: { kind: 'value', doc: 'CPU threads for the kernel and the baselines' },
      json: { kind: 'flag', doc: 'print one JSON object' },
      filter: { kind: 'value', doc: 'bench run: only cases whose id matches this regular expression' },
      out: { kind: 'value', doc: 'results JSON (bench OP, run) or the HTML file (report)' },
      'min-time': { kind: 'value', doc: 'timed milliseconds per implementation and case (default 300)' },
      rounds: { kind: 'value', doc: 'interleaved rounds the timing is split into (default 3)' },
      'probe-mib': { kind: 'value', doc: 'MiB the read-bandwidth probe streams (default 512)' },
      'no-baselines': { kind: 'flag', doc: 'time only the kforge kernel' },
      farm: { kind: 'value', doc: 'bench run: send the cases to the farm at redis[s]://... as signed jobs; its agents of one fingerprint measure them with this protocol (docs/farm.md)' },
      fingerprint: { kind: 'value', doc: 'bench run --farm: the fingerprint to measure on (JSON or @file); default the one the connected agents announce' },
      device: { kind: 'value', doc: 'bench run --farm: pick the connected agents\' fingerprint whose device name contains TEXT' },
      'run-id': { kind: 'value', doc: 'bench run --farm: the run\'s id (default a new one); the id of an earlier run resumes it: its finished cases come back from Redis without being measured again' },
      'key-file': { kind: 'value', doc: 'bench run --farm: file holding the signing key (else $KFORGE_FARM_KEY_FILE or $KFORGE_FARM_KEY)' },
      'allow-load': { kind: 'flag', doc: 'bench run: time even when the 1-minute load average exceeds the cores (else exit 2); the results are marked loaded: true' },
      seed: { kind: 'value', doc: 'seed of the random inputs (default 1)' },
      export: { kind: 'value', doc: 'bench OP, run: write a bundle that runs this bench on a machine without Node (sh run.sh OUT there) instead of running it here; --config may then be an array of configs' },
      'rotate-mib': { kind: 'value', doc: 'with --export: rotate inputs through copies of at least this many MiB (default: twice the L3 the bundle finds)' },
      import: { kind: 'value', doc: "the OUT folder a bundle's run.sh wrote: check every output, write the bench JSON (--out, --json)" },
      alpha: { kind: 'value', doc: 'bench compare: significance level of the Mann-Whitney test (default 0.01)' },
      threshold: { kind: 'value', doc: 'bench compare: slowdown that counts as a regression (default 0.03)' },
    },
  },
  async run(args) {
    const importDir = args.optional('import');
    if (importDir !== undefined) {
      onlyOptions('import', givenOptions(args));
      if (args.positionals.length) throw new InputError(`bench --import: unexpected argument '${args.positionals[0]}'`);
      return benchImport(args, importDir);
    }
    if (!args.positionals.length) throw new InputError('bench: missing OP|run|report|compare|runtime|suites');
    const [sub, ...rest] = args.positionals as [string, ...string[]];
    const kind = Object.hasOwn(SUBCOMMAND_OPTIONS, sub) && sub !== 'op' && sub !== 'import' ? sub : 'op';
    onlyOptions(kind, givenOptions(args));
    switch (kind) {
      case 'run': return benchRun(args, rest);
      case 'report': return benchReport(args, rest);
      case 'compare': return benchCompare(args, rest);
      case 'runtime': return benchRuntime(args, rest);
      default:
        if (rest.length) throw new InputError(`bench ${sub}: unexpected argument '${rest[0]}'`);
        return benchOp(args, sub);
    }
  },
};
