/**
 * Strategy comparison on a recorded space (issue 4, point 7): every strategy and seed replays the
 * recorded measurements through the simulation runner, and each run is scored by the fraction of the
 * exhaustive best it has reached after each trial. Only meaningful when the records enumerate the
 * space: the space compared is exactly the recorded configurations (an unrecorded one cannot be
 * replayed), so a partial sweep compares strategies on that sweep, not on the kernel's whole space.
 */
import type { KnobConfig, KnobSpace } from '@kforge/ir';
import { SearchSpace, configKey } from './space.ts';
import type { StrategyDef, Trial } from './strategy.ts';
import { SimulationRunner } from './simulation.ts';
import { tune } from './tuner.ts';

/**
 * The knob space restricted to the recorded configurations: the kernel's own domains (their order is
 * what neighbourhood moves walk) and constraint, and "was recorded" on top. A knob no record has (one
 * added to the kernel after the records were made) is left out: the records are what is compared.
 */
export function recordedKnobSpace(base: KnobSpace, recorded: readonly KnobConfig[]): KnobSpace {
  const keys = new Set(recorded.map(configKey));
  const knobs = base.knobs.filter((k) => recorded.some((c) => Object.hasOwn(c, k.name)));
  const defaults = Object.fromEntries(knobs.map((k) => [k.name, base.defaults[k.name]!]));
  return {
    knobs,
    check: (c) => base.check(c) ?? (keys.has(configKey(c)) ? undefined : 'not in the recorded database'),
    defaults,
  };
}

/**
 * A knob space inferred from the records alone (no lowering at hand): each knob's values as recorded,
 * numbers ascending, others in order of appearance; valid means recorded.
 */
export function knobSpaceOfRecords(recorded: readonly KnobConfig[], defaults: KnobConfig = recorded[0] ?? {}): KnobSpace {
  const names = [...new Set(recorded.flatMap((c) => Object.keys(c)))];
  const knobs = names.map((name) => {
    const values = [...new Set(recorded.map((c) => c[name]!))];
    if (values.every((v) => typeof v === 'number')) values.sort((a, b) => (a as number) - (b as number));
    return { name, values, doc: 'as recorded' };
  });
  const keys = new Set(recorded.map(configKey));
  return { knobs, check: (c) => (keys.has(configKey(c)) ? undefined : 'not in the recorded database'), defaults };
}

export interface StrategyComparison {
  readonly strategy: string;
  /** per seed: exhaustive best time / best time found within the budget (0 when nothing correct was found) */
  readonly fractions: readonly number[];
  /** per seed: trials (the default's included, when measured first) until the fraction reached `goal`, or undefined */
  readonly trialsToGoal: readonly (number | undefined)[];
  readonly medianFraction: number;
  readonly minFraction: number;
  /** median over seeds of trialsToGoal; undefined when at most half the seeds reached the goal */
  readonly medianTrialsToGoal: number | undefined;
}

export interface CompareOptions {
  readonly space: SearchSpace;
  /** the recorded outcome of every configuration of the space */
  readonly recorded: readonly Trial[];
  readonly strategies: readonly StrategyDef[];
  readonly seeds: number;
  readonly budget: number;
  /** seeds used are firstSeed .. firstSeed + seeds - 1 */
  readonly firstSeed?: number;
  readonly goal?: number;
  readonly estimate?: (config: KnobConfig) => number;
  /** measured first, as `kforge tune` does (counts against the budget) */
  readonly defaults?: KnobConfig;
  /** per strategy name: options other than the declared defaults */
  readonly strategyOptions?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

/** The fastest correct recorded trial of the space: the exhaustive best (a config recorded twice counts by its last record, as replayed). */
export function exhaustiveBest(space: SearchSpace, recorded: readonly Trial[]): Trial | undefined {
  const last = new Map(recorded.map((t) => [configKey(t.config), t]));
  let best: Trial | undefined;
  for (const t of last.values()) {
    if (t.status !== 'ok' || space.indexOf(t.config) === undefined) continue;
    if (!best || t.timeMs! < best.timeMs!) best = t;
  }
  return best;
}

export async function compareStrategies(o: CompareOptions): Promise<StrategyComparison[]> {
  const best = exhaustiveBest(o.space, o.recorded);
  if (!best) throw new Error('compareStrategies: no correct, timed configuration among the records');
  const goal = o.goal ?? 0.95;
  const out: StrategyComparison[] = [];
  for (const strategy of o.strategies) {
    const fractions: number[] = [];
    const trialsToGoal: (number | undefined)[] = [];
    for (let s = 0; s < o.seeds; s++) {
      const r = await tune({
        space: o.space, strategy, runner: new SimulationRunner(o.recorded), budget: o.budget, seed: (o.firstSeed ?? 1) + s,
        ...(o.estimate ? { estimate: o.estimate } : {}), ...(o.defaults ? { defaults: o.defaults } : {}),
        ...(o.strategyOptions?.[strategy.name] ? { strategyOptions: o.strategyOptions[strategy.name] } : {}),
      });
      let bestSoFar = Infinity;
      let reached: number | undefined;
      r.trials.forEach((t, i) => {
        if (t.status === 'ok') bestSoFar = Math.min(bestSoFar, t.timeMs!);
        if (reached === undefined && best.timeMs! / bestSoFar >= goal) reached = i + 1;
      });
      fractions.push(Number.isFinite(bestSoFar) ? best.timeMs! / bestSoFar : 0);
      trialsToGoal.push(reached);
    }
    const hits = trialsToGoal.filter((n): n is number => n !== undefined);
    out.push({
      strategy: strategy.name, fractions, trialsToGoal, medianFraction: median(fractions), minFraction: Math.min(...fractions),
      // seeds that never reached the goal count as "more than the budget" in the median
      medianTrialsToGoal: hits.length * 2 > o.seeds ? median(trialsToGoal.map((n) => n ?? Infinity)) : undefined,
    });
  }
  return out;
}
