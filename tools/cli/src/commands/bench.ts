/**
 * `kforge bench`: timed, checked, reproducible measurements (packages/bench does the work).
 *   bench OP --target T --params P [--config C] [--threads N] [--json]   one case, with the probe
 *   bench run SUITE --target T [--filter RE] [--out FILE.json]           a suite of real-model cases
 *   bench report RESULTS.json... --out report.html                        static HTML with plots
 *   bench compare A.json B.json [--json]                                  ratios, Mann-Whitney, exit 1 on regression
 *   bench runtime LIB.so --params P [--json]                              calls through the runtime's Node binding (benchmark.js)
 *   bench suites                                                          the suites and their case counts
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { CheckError, InputError, getOp } from '@kforge/ir';
import { parseTarget, type ParsedArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { readJsonOption } from '../files.ts';

const SUBCOMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  op: ['target', 'params', 'config', 'threads', 'json', 'out', 'min-time', 'rounds', 'probe-mib', 'no-baselines', 'seed'],
  run: ['target', 'config', 'threads', 'filter', 'out', 'min-time', 'rounds', 'probe-mib', 'no-baselines', 'seed'],
  report: ['out'],
  compare: ['json', 'alpha', 'threshold'],
  runtime: ['params', 'json', 'seed'],
  suites: [],
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

function benchOptions(args: ParsedArgs) {
  const config = args.optional('config');
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
    command: ['kforge', 'bench', ...process.argv.slice(3)],
    onProgress: (line: string) => process.stderr.write(`${line}\n`),
  };
}

async function benchOp(args: ParsedArgs, opName: string): Promise<void> {
  const bench = await import('@kforge/bench');
  const op = getOp(opName);
  const o = benchOptions(args);
  const file = await bench.benchOne(op.name, readJsonOption('params', args.required('params')), o);
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
  const o = benchOptions(args);
  const out = args.optional('out');
  const file = await bench.runSuite(suite, filter, o);
  const text = `${JSON.stringify(file)}\n`;
  if (out) writeAtomically(out, text);
  const counts = ['ok', 'skipped', 'incorrect', 'error'].map((s) => `${file.results.filter((r) => r.status === s).length} ${s}`).join(', ');
  println(`${suite.name} on ${o.target}: ${counts}; read probe ${file.ceilings.map((c) => `${c.when} ${c.gbps.toFixed(1)} GB/s`).join(', ') || 'not run (nothing to time)'}${out ? `; written to ${out}` : ''}`);
  const bad = file.results.filter((r) => r.status === 'incorrect' || r.status === 'error');
  if (bad.length) throw new CheckError(`${bad.length} case(s) failed their correctness check or did not run: ${bad.map((r) => r.id).join(', ')}`);
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
  const bench = await import('@kforge/bench');
  const files = await loadFiles(rest);
  writeAtomically(out, bench.renderReport(files));
  println(`report of ${files.length} file(s) written to ${out}`);
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

async function benchSuites(): Promise<void> {
  const bench = await import('@kforge/bench');
  for (const s of Object.values(bench.SUITES)) println(`${s.name.padEnd(16)} ${String(s.cases.length).padStart(4)} cases  ${s.doc}`);
}

export const benchCommand: Command = {
  name: 'bench',
  summary: 'time kernels (checked first, baselines and the bandwidth probe in the same run), run suites, report and compare results',
  usage: 'bench OP --target T --params P [--config C] [--threads N] [--json] | bench run SUITE --target T [--filter RE] [--out F.json] | bench report R.json... --out report.html | bench compare A.json B.json | bench runtime LIB.so --params P | bench suites',
  args: {
    positionals: ['OP|run|report|compare|runtime|suites', 'ARGS...'],
    options: {
      target: { kind: 'value', doc: 'target to time on (native or GPU executors only)' },
      params: { kind: 'value', doc: 'bench OP, runtime: operator parameters, a JSON object or @file.json' },
      config: { kind: 'value', doc: "kernel knobs, a JSON object or @file.json (default: the target's)" },
      threads: { kind: 'value', doc: 'CPU threads for the kernel and the baselines' },
      json: { kind: 'flag', doc: 'print one JSON object' },
      filter: { kind: 'value', doc: 'bench run: only cases whose id matches this regular expression' },
      out: { kind: 'value', doc: 'results JSON (bench OP, run) or the HTML file (report)' },
      'min-time': { kind: 'value', doc: 'timed milliseconds per implementation and case (default 300)' },
      rounds: { kind: 'value', doc: 'interleaved rounds the timing is split into (default 3)' },
      'probe-mib': { kind: 'value', doc: 'MiB the read-bandwidth probe streams (default 512)' },
      'no-baselines': { kind: 'flag', doc: 'time only the kforge kernel' },
      seed: { kind: 'value', doc: 'seed of the random inputs (default 1)' },
      alpha: { kind: 'value', doc: 'bench compare: significance level of the Mann-Whitney test (default 0.01)' },
      threshold: { kind: 'value', doc: 'bench compare: slowdown that counts as a regression (default 0.03)' },
    },
  },
  async run(args) {
    const [sub, ...rest] = args.positionals as [string, ...string[]];
    const kind = Object.hasOwn(SUBCOMMAND_OPTIONS, sub) && sub !== 'op' ? sub : 'op';
    onlyOptions(kind, givenOptions(args));
    switch (kind) {
      case 'run': return benchRun(args, rest);
      case 'report': return benchReport(args, rest);
      case 'compare': return benchCompare(args, rest);
      case 'runtime': return benchRuntime(args, rest);
      case 'suites': return benchSuites();
      default:
        if (rest.length) throw new InputError(`bench ${sub}: unexpected argument '${rest[0]}'`);
        return benchOp(args, sub);
    }
  },
};
