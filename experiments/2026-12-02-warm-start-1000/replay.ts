/**
 * Warm start on a recorded space of more than 1,000 configurations (issue 19, point 7): the avx2 gemv
 * q8_0 M=4 256x256 space recorded exhaustively on this machine (1,248 valid configs with threads 1, 2,
 * 4, 8) is replayed with the simulation runner, each strategy with and without the warm start
 * (packages/autotune/src/warm-start.ts, 8 proposals), over 20 seeds; the figure is trials to 95% of
 * the space's exhaustive best (strategies alone: the default not measured first; no analytic prior,
 * the knob space inferred from the records). The warm start reads every tuning record but the space's
 * own, in two databases that are two real situations: "a new shape on a known machine" (this
 * folder's 512x512 records of the same machine, distance 0, and the repository's databases under
 * docs/results) and "a new machine" (only the records of other fingerprints: the AVX2-only AMD EPYC
 * of docs/results/2026-11-29-avx2-exhaustive, same device name, another feature list: distance 1).
 * No device is renamed: the fingerprints differ for real.
 *
 *   node --import tsx experiments/2026-12-02-warm-start-1000/replay.ts [OUT_DIR]
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  JsonlTuningDatabase, STRATEGIES, SearchSpace, canonicalJson, compareStrategies, deviceKey, exhaustiveBest, knobSpaceOfRecords, median,
  warmStart, withWarmStart, type Trial, type TuningRecord,
} from '@kforge/autotune';

const HERE = import.meta.dirname;
const ROOT = join(HERE, '../..');
const RESULTS = join(ROOT, 'docs/results');
const OUT = process.argv[2] ?? join(RESULTS, '2026-12-02-warm-start-1000');
const HELD_OUT = 'gemv-q8_0-M4-256x256.jsonl';
const SEEDS = 20;
const COUNT = 8;
const BUDGETS = [256];
// the records are minimum times: under the shared machine's load the minimum of a config's repeats is the least disturbed figure
const STATISTIC = 'minMs' as const;

function tuningRecords(dir: string, label: string): TuningRecord[] {
  const out: TuningRecord[] = [];
  for (const f of readdirSync(dir)) {
    if (!f.endsWith('.jsonl')) continue;
    try {
      out.push(...new JsonlTuningDatabase(join(dir, f)).all().filter((r) => r.op && r.config && r.device).map((r) => ({ ...r, origin: `${label}${f}` })));
    } catch {
      // a bench file (no schema field), not a tuning database
    }
  }
  return out;
}

const here = tuningRecords(HERE, '');
const elsewhere: TuningRecord[] = [];
for (const dir of readdirSync(RESULTS)) if (!dir.includes('.') && existsSync(join(RESULTS, dir))) elsewhere.push(...tuningRecords(join(RESULTS, dir), `${dir}/`));

const held = here.filter((r) => r.origin === HELD_OUT);
const { params, target, device } = held[0]!;
const byConfig = new Map<string, Trial>();
for (const r of held) {
  const t = r.measurement?.[STATISTIC];
  byConfig.set(canonicalJson(r.config), r.status === 'ok' && t !== undefined ? { config: r.config, status: 'ok', timeMs: t } : { config: r.config, status: r.status === 'ok' ? 'runtime' : r.status });
}
const recorded = [...byConfig.values()];
const knobs = knobSpaceOfRecords(recorded.map((t) => t.config));
const space = new SearchSpace(knobs);
const best = exhaustiveBest(space, recorded)!;
const fraction = (cfg: object) => { const t = byConfig.get(canonicalJson(cfg)); return t?.status === 'ok' ? best.timeMs! / t.timeMs! : 0; };
const within95 = recorded.filter((t) => t.status === 'ok' && best.timeMs! / t.timeMs! >= 0.95).length;
const notHeld = (r: TuningRecord) => !(deviceKey(r.device) === deviceKey(device) && canonicalJson(r.params) === canonicalJson(params));
const DATABASES = [
  { name: 'a new shape on a known machine (every record but this space\'s)', records: [...here, ...elsewhere].filter(notHeld) },
  { name: 'a new machine (only the records of other fingerprints)', records: [...here, ...elsewhere].filter((r) => deviceKey(r.device) !== deviceKey(device)) },
];

const strategies = ['random', 'annealing', 'evolutionary', 'model'].map((n) => STRATEGIES[n]!);
const label = `${target} ${params.weight} M=${params.M} ${params.N}x${params.K}`;
const lines: string[] = [
  `## ${label}: ${space.size} configs (${HELD_OUT}, ${held.length} records, by the min of repeats), ${SEEDS} seeds`,
  `exhaustive best ${(best.timeMs! * 1000).toFixed(2)} us ${canonicalJson(best.config)}; ${within95} configs within 95% of it (${((100 * within95) / space.size).toFixed(1)}% of the space)`,
  '',
];
const rows: unknown[] = [];
const cold = new Map<number, Awaited<ReturnType<typeof compareStrategies>>>();
for (const budget of BUDGETS) cold.set(budget, await compareStrategies({ space, recorded, seeds: SEEDS, budget, strategies }));
for (const db of DATABASES) {
  const w = warmStart(db.records, { op: 'gemv', params, target, device, space, defaults: knobs.defaults, count: COUNT });
  const seeds = w.proposals.map((p) => p.config);
  lines.push(`### warm start from ${db.name}: ${w.proposals.length} proposals from ${w.sources.length} sources; they reach ${w.proposals.map((p) => `${(100 * fraction(p.config)).toFixed(0)}%`).join(' ')} of the best`);
  for (const s of w.sources.slice(0, 6)) lines.push(`  source ${s.device.device} ${canonicalJson(s.params)} (device ${s.deviceDistance}, shape ${s.shapeDistance.toFixed(2)}, ${s.records} records)`);
  if (w.sources.length > 6) lines.push(`  ... and ${w.sources.length - 6} more`);
  const perBudget: unknown[] = [];
  for (const budget of BUDGETS) {
    const c = cold.get(budget)!;
    const warm = await compareStrategies({ space, recorded, seeds: SEEDS, budget, strategies: strategies.map((s) => withWarmStart(s, seeds)) });
    lines.push('', `budget ${budget}:`, '| strategy | median trials to 95%, cold | warm | seeds >= 95% cold | warm | median fraction cold | warm |', '| --- | --- | --- | --- | --- | --- | --- |');
    c.forEach((a, i) => {
      const b = warm[i]!;
      const med = (r: typeof a) => (r.medianTrialsToGoal === undefined ? `> ${budget}` : String(r.medianTrialsToGoal));
      const hit = (r: typeof a) => `${r.trialsToGoal.filter((n) => n !== undefined).length}/${SEEDS}`;
      lines.push(`| ${a.strategy} | ${med(a)} | ${med(b)} | ${hit(a)} | ${hit(b)} | ${(100 * a.medianFraction).toFixed(1)}% | ${(100 * b.medianFraction).toFixed(1)}% |`);
    });
    const all95 = (rs: typeof c) => median(rs.map((r) => r.medianTrialsToGoal ?? Infinity));
    lines.push(`median over the strategies of the median trials to 95%: cold ${all95(c)}, warm ${all95(warm)}`);
    perBudget.push({
      budget,
      cold: c.map((r) => ({ strategy: r.strategy, trialsToGoal: r.trialsToGoal, medianTrialsToGoal: r.medianTrialsToGoal ?? null, medianFraction: r.medianFraction })),
      warm: warm.map((r) => ({ strategy: r.strategy, trialsToGoal: r.trialsToGoal, medianTrialsToGoal: r.medianTrialsToGoal ?? null, medianFraction: r.medianFraction })),
    });
  }
  lines.push('');
  rows.push({
    database: db.name, sources: w.sources.map((s) => ({ device: s.device.device, params: s.params, deviceDistance: s.deviceDistance, shapeDistance: s.shapeDistance, records: s.records })),
    proposals: w.proposals.map((p) => ({ config: p.config, rank: p.rank, fraction: fraction(p.config), source: { device: p.source.device.device, params: p.source.params } })),
    budgets: perBudget,
  });
}
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'results.json'), JSON.stringify({ case: label, file: HELD_OUT, statistic: STATISTIC, configs: space.size, seeds: SEEDS, best: best.timeMs, bestConfig: best.config, within95, databases: rows }, null, 1) + '\n');
writeFileSync(join(OUT, 'results.md'), lines.join('\n') + '\n');
console.log(lines.join('\n'));
