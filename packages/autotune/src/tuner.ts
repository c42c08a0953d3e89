/**
 * The tuning loop: a strategy proposes, a runner builds, checks and measures, the database records.
 * A runner must check every candidate against the reference before timing it; a wrong kernel is a
 * failed trial, never a fast one.
 */
import type { KnobConfig } from '@kforge/ir';
import { SearchSpace } from './space.ts';
import { strategyOptions, type StrategyDef, type Trial } from './strategy.ts';

export interface Runner {
  /** build + check + measure one configuration (never throws for a bad candidate: it returns a failed Trial) */
  evaluate(config: KnobConfig): Promise<Trial>;
}

export interface TuneOptions {
  readonly space: SearchSpace;
  readonly strategy: StrategyDef;
  readonly runner: Runner;
  readonly budget: number;
  readonly seed: number;
  readonly strategyOptions?: Readonly<Record<string, number>>;
  readonly estimate?: (config: KnobConfig) => number;
  /** measure the default first so the speedup over it is always known (counts against the budget) */
  readonly defaults?: KnobConfig;
  readonly onTrial?: (trial: Trial, index: number) => void;
}

export interface TuneResult {
  readonly trials: readonly Trial[];
  readonly best: Trial | undefined;
  readonly defaultTrial: Trial | undefined;
  readonly failures: Readonly<Record<string, number>>;
}

export async function tune(o: TuneOptions): Promise<TuneResult> {
  const strategy = o.strategy.create({
    space: o.space,
    seed: o.seed,
    options: strategyOptions(o.strategy, o.strategyOptions),
    ...(o.estimate ? { estimate: o.estimate } : {}),
  });
  const trials: Trial[] = [];
  const measured = new Map<number, Trial>();
  const run = async (config: KnobConfig) => {
    const i = o.space.indexOf(config);
    const known = i === undefined ? undefined : measured.get(i);
    const t = known ?? (await o.runner.evaluate(config));
    if (!known) {
      trials.push(t);
      if (i !== undefined) measured.set(i, t);
      o.onTrial?.(t, trials.length - 1);
    }
    return t;
  };
  const defaultTrial = o.defaults ? await run(o.defaults) : undefined;
  // the strategy learns from the default like from any of its own trials
  if (defaultTrial && o.space.indexOf(defaultTrial.config) !== undefined) strategy.tell(defaultTrial);
  while (trials.length < o.budget) {
    const c = strategy.ask();
    if (!c) break;
    strategy.tell(await run(c));
  }
  let best: Trial | undefined;
  const failures: Record<string, number> = {};
  for (const t of trials) {
    if (t.status !== 'ok') failures[t.status] = (failures[t.status] ?? 0) + 1;
    else if (!best || t.timeMs! < best.timeMs!) best = t;
  }
  return { trials, best, defaultTrial, failures };
}
