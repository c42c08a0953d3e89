/**
 * Warm start on a recorded attention space of more than 1,000 configurations (issue 19, point 7): the
 * avx512 attention q8_0 space at B=1 Hq=4 Hkv=2 Sq=2 Skv=256 D=64 (1,200 valid configs with threads
 * 1, 2, 4, 8: block_q x block_kv x kv_splits x threads x the dot/mma/q_scale/pv path combinations),
 * recorded by `kforge tune --strategy exhaustive` on this machine, is replayed with the simulation
 * runner, each strategy with and without the warm start (packages/autotune/src/warm-start.ts, 8
 * proposals), over 20 seeds; the figure is trials to 95% of the space's exhaustive best (strategies
 * alone: the default not measured first; no analytic prior; the knob space inferred from the records,
 * so a partial recording is replayed as the subspace it holds, and the README says which).
 *
 * The warm start reads every tuning record but the space's own. No attention records of another
 * fingerprint exist (the repository's tuning databases hold gemv and moe of other machines, and the
 * warm start only reads the same op and target), so the one real situation is "a new shape on a
 * known machine": this folder's Skv=512 records of the same kernel and machine (device distance 0,
 * shape distance 1). A second database keeps only the first 32 of those 96 records (a shorter source
 * run), to show how much the warm start depends on its source's coverage.
 *
 *   node --import tsx experiments/2026-12-02-warm-start-attention/replay.ts [OUT_DIR]
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
const OUT = process.argv[2] ?? join(RESULTS, '2026-12-02-warm-start-attention');
const HELD_OUT = 'attention-q8_0-Sq2-Skv256.jsonl';
const SOURCE = 'attention-q8_0-Sq2-Skv512.jsonl';
const SHORT_SOURCE = 32;
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
const { op, params, target, device } = held[0]!;
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
const failed = recorded.filter((t) => t.status !== 'ok').length;
const notHeld = (r: TuningRecord) => !(deviceKey(r.device) === deviceKey(device) && canonicalJson(r.params) === canonicalJson(params));
const all = [...here, ...elsewhere];
const sameOpTarget = all.filter((r) => r.op === op && r.target === target);
const otherFingerprints = sameOpTarget.filter((r) => deviceKey(r.device) !== deviceKey(device));
const source = here.filter((r) => r.origin === SOURCE);
const DATABASES = [
  { name: 'a new shape on a known machine (every record but this space\'s)', records: all.filter(notHeld) },
  { name: `the same, from a shorter source run (only the first ${SHORT_SOURCE} of the ${source.length} ${SOURCE} records)`, records: all.filter(notHeld).filter((r) => r.origin !== SOURCE).concat(source.slice(0, SHORT_SOURCE)) },
];

const strategies = ['random', 'annealing', 'evolutionary', 'model'].map((n) => STRATEGIES[n]!);
const label = `${target} ${op} kv=${params.kv} B=${params.B} Hq=${params.Hq} Hkv=${params.Hkv} Sq=${params.Sq} Skv=${params.Skv} D=${params.D}`;
const lines: string[] = [
  `## ${label}: ${space.size} configs (${HELD_OUT}, ${held.length} records, ${failed} not ok, by the min of repeats), ${SEEDS} seeds`,
  `knobs: ${knobs.knobs.map((k) => `${k.name} ${k.values.join('/')}`).join('; ')}`,
  `exhaustive best ${(best.timeMs! * 1000).toFixed(2)} us ${canonicalJson(best.config)}; ${within95} configs within 95% of it (${((100 * within95) / space.size).toFixed(1)}% of the space)`,
  `records of ${op} on ${target} for other fingerprints in the repository: ${otherFingerprints.length} (so no "new machine" case)`,
  '',
];
const rows: unknown[] = [];
const cold = new Map<number, Awaited<ReturnType<typeof compareStrategies>>>();
for (const budget of BUDGETS) cold.set(budget, await compareStrategies({ space, recorded, seeds: SEEDS, budget, strategies }));
for (const db of DATABASES) {
  const w = warmStart(db.records, { op, params, target, device, space, defaults: knobs.defaults, count: COUNT });
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
writeFileSync(join(OUT, 'results.json'), JSON.stringify({
  case: label, file: HELD_OUT, statistic: STATISTIC, configs: space.size, records: held.length, failed, seeds: SEEDS, best: best.timeMs, bestConfig: best.config, within95,
  otherFingerprintRecords: otherFingerprints.length, databases: rows,
}, null, 1) + '\n');
writeFileSync(join(OUT, 'results.md'), lines.join('\n') + '\n');
console.log(lines.join('\n'));
