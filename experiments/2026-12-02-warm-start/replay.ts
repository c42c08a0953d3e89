/**
 * Warm start on recorded spaces (issue 19, point 7): one recorded (device, shape) space is held out
 * as "unseen" (its device is renamed, so every other record is of another fingerprint; every record
 * of that device and shape, in any file, is removed from the database the warm start reads); the
 * space is replayed with the simulation runner, each strategy with and without the warm start
 * (packages/autotune/src/warm-start.ts, 8 proposals), over 20 seeds; the figure is trials to 95% of
 * the held-out space's exhaustive best (strategies alone: the default not measured first; no
 * analytic prior, the knob space inferred from the records).
 *
 *   node --import tsx experiments/2026-12-02-warm-start/replay.ts [OUT_DIR]
 */
import { mkdirSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  JsonlTuningDatabase, STRATEGIES, SearchSpace, canonicalJson, compareStrategies, deviceKey, exhaustiveBest, knobSpaceOfRecords, median,
  warmStart, withWarmStart, type Trial, type TuningRecord,
} from '@kforge/autotune';

const ROOT = join(import.meta.dirname, '../..');
const RESULTS = join(ROOT, 'docs/results');
const OUT = process.argv[2] ?? join(RESULTS, '2026-12-02-warm-start');
const SEEDS = 20;
const COUNT = 8;

// every tuning record committed under docs/results (other JSONL files there are not tuning records)
const all: TuningRecord[] = [];
for (const dir of readdirSync(RESULTS)) {
  if (!existsSync(join(RESULTS, dir)) || dir.includes('.')) continue;
  for (const f of readdirSync(join(RESULTS, dir))) {
    if (!f.endsWith('.jsonl')) continue;
    let rs: TuningRecord[];
    try {
      rs = new JsonlTuningDatabase(join(RESULTS, dir, f)).all().filter((r) => r.op && r.config && r.device);
    } catch {
      continue; // a bench file (no schema field), not a tuning database
    }
    all.push(...rs.map((r) => ({ ...r, origin: `${dir}/${f}` })));
  }
}

interface Case { readonly file: string; readonly target: TuningRecord['target']; readonly params: TuningRecord['params']; readonly statistic: 'minMs' | 'medianMs'; readonly budget: number }
const avx2 = (f: string, M: number, weight: string): Case => ({ file: `2026-11-29-avx2-exhaustive/${f}`, target: 'avx2', params: { M, N: 4096, K: 4096, weight, act: 'f32', bias: false }, statistic: 'minMs', budget: 64 });
const cuda = (N: number, weight: string): Case => ({ file: '2026-11-30-h200-quantize-x/tuning-records.jsonl', target: 'cuda', params: { M: 1, N, K: 4096, weight, act: 'f16', bias: false }, statistic: 'medianMs', budget: 32 });
const CASES: Case[] = [
  avx2('gemv-q4_0-M1-4096x4096.jsonl', 1, 'q4_0'), avx2('gemv-q8_0-M4-4096x4096.jsonl', 4, 'q8_0'), avx2('gemv-f16-M4-4096x4096.jsonl', 4, 'f16'),
  cuda(4096, 'f16'), cuda(11008, 'q4_0'), cuda(11008, 'w4g128'),
];

const strategies = ['random', 'annealing', 'evolutionary', 'model'].map((n) => STRATEGIES[n]!);
const rows: unknown[] = [];
const lines: string[] = [];
for (const c of CASES) {
  const params = canonicalJson(c.params);
  const held = all.filter((r) => r.origin === c.file && r.target === c.target && canonicalJson(r.params) === params);
  const device = held[0]!.device;
  const byConfig = new Map<string, Trial>();
  for (const r of held) {
    const t = r.measurement?.[c.statistic];
    byConfig.set(canonicalJson(r.config), r.status === 'ok' && t !== undefined ? { config: r.config, status: 'ok', timeMs: t } : { config: r.config, status: r.status === 'ok' ? 'runtime' : r.status });
  }
  const recorded = [...byConfig.values()];
  const knobs = knobSpaceOfRecords(recorded.map((t) => t.config));
  const space = new SearchSpace(knobs);
  const best = exhaustiveBest(space, recorded)!;
  // the database as an unseen device sees it: nothing of this device at this shape
  const db = all.filter((r) => !(deviceKey(r.device) === deviceKey(device) && canonicalJson(r.params) === params));
  const unseen = { ...device, device: `${device.device} (held out)` };
  const w = warmStart(db, { op: 'gemv', params: c.params, target: c.target, device: unseen, space, defaults: knobs.defaults, count: COUNT });
  const seeds = w.proposals.map((p) => p.config);
  const fraction = (cfg: object) => { const t = byConfig.get(canonicalJson(cfg)); return t?.status === 'ok' ? best.timeMs! / t.timeMs! : 0; };
  const base = { space, recorded, seeds: SEEDS, budget: c.budget };
  const cold = await compareStrategies({ ...base, strategies });
  const warm = await compareStrategies({ ...base, strategies: strategies.map((s) => withWarmStart(s, seeds)) });
  const label = `${c.target} ${c.params.weight} M=${c.params.M} ${c.params.N}x${c.params.K}`;
  lines.push(`## ${label}: ${space.size} configs (${c.file}, by ${c.statistic === 'minMs' ? 'min' : 'median'} of repeats), budget ${c.budget}, ${SEEDS} seeds`);
  lines.push(`warm start: ${w.proposals.length} proposals from ${w.sources.length} sources; the proposals reach ${w.proposals.map((p) => `${(100 * fraction(p.config)).toFixed(0)}%`).join(' ')} of the best (best of them ${(100 * Math.max(0, ...w.proposals.map((p) => fraction(p.config)))).toFixed(1)}%)`);
  for (const s of w.sources) lines.push(`  source ${s.device.device} ${canonicalJson(s.params)} (device ${s.deviceDistance}, shape ${s.shapeDistance.toFixed(2)}, ${s.records} records)`);
  lines.push('| strategy | median trials to 95%, cold | warm | seeds >= 95% cold | warm | median fraction cold | warm |', '| --- | --- | --- | --- | --- | --- | --- |');
  cold.forEach((a, i) => {
    const b = warm[i]!;
    const med = (r: typeof a) => (r.medianTrialsToGoal === undefined ? `> ${c.budget}` : String(r.medianTrialsToGoal));
    const hit = (r: typeof a) => `${r.trialsToGoal.filter((n) => n !== undefined).length}/${SEEDS}`;
    lines.push(`| ${a.strategy} | ${med(a)} | ${med(b)} | ${hit(a)} | ${hit(b)} | ${(100 * a.medianFraction).toFixed(1)}% | ${(100 * b.medianFraction).toFixed(1)}% |`);
  });
  lines.push('');
  rows.push({
    case: label, file: c.file, statistic: c.statistic, configs: space.size, budget: c.budget, seeds: SEEDS, best: best.timeMs,
    proposals: w.proposals.map((p) => ({ config: p.config, rank: p.rank, fraction: fraction(p.config), source: { device: p.source.device.device, params: p.source.params } })),
    cold: cold.map((r) => ({ strategy: r.strategy, trialsToGoal: r.trialsToGoal, medianTrialsToGoal: r.medianTrialsToGoal ?? null, medianFraction: r.medianFraction })),
    warm: warm.map((r) => ({ strategy: r.strategy, trialsToGoal: r.trialsToGoal, medianTrialsToGoal: r.medianTrialsToGoal ?? null, medianFraction: r.medianFraction })),
  });
}
const all95 = (k: 'cold' | 'warm') => median((rows as { cold: { medianTrialsToGoal: number | null }[]; warm: { medianTrialsToGoal: number | null }[] }[]).flatMap((r) => r[k].map((s) => s.medianTrialsToGoal ?? Infinity)));
lines.push(`median over the ${CASES.length} spaces x ${strategies.length} strategies of the median trials to 95%: cold ${all95('cold')}, warm ${all95('warm')}`);
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'results.json'), JSON.stringify(rows, null, 1) + '\n');
writeFileSync(join(OUT, 'results.md'), lines.join('\n') + '\n');
console.log(lines.join('\n'));
