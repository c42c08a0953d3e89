/**
 * The tuner's ask/tell loop with several candidates in flight, so that every agent of a fingerprint
 * is busy. The strategy is asked while fewer than `parallel` are outstanding and told each outcome
 * as it arrives; the default is measured alone first, as in autotune's tune(). With a strategy that
 * does not learn (random, exhaustive) the proposals are exactly those of the sequential loop.
 */
import { strategyOptions, type Trial, type TuneOptions, type TuneResult } from '@kforge/autotune';
import type { KnobConfig } from '@kforge/ir';

export async function tuneParallel(o: TuneOptions & { readonly parallel: number }): Promise<TuneResult> {
  const strategy = o.strategy.create({
    space: o.space, seed: o.seed, options: strategyOptions(o.strategy, o.strategyOptions), ...(o.estimate ? { estimate: o.estimate } : {}),
  });
  const trials: Trial[] = [];
  const measured = new Map<number, Trial>();
  const inFlight = new Map<number, Promise<void>>();
  const finish = (i: number | undefined, t: Trial) => {
    trials.push(t);
    if (i !== undefined) measured.set(i, t);
    o.onTrial?.(t, trials.length - 1);
  };
  let defaultTrial: Trial | undefined;
  if (o.defaults) {
    defaultTrial = await o.runner.evaluate(o.defaults);
    finish(o.space.indexOf(o.defaults), defaultTrial);
    if (o.space.indexOf(defaultTrial.config) !== undefined) strategy.tell(defaultTrial);
  }
  let exhausted = false;
  const launch = (c: KnobConfig, i: number) => {
    const p = o.runner.evaluate(c).then((t) => {
      inFlight.delete(i);
      finish(i, t);
      strategy.tell(t);
    });
    inFlight.set(i, p);
  };
  while (!exhausted || inFlight.size) {
    while (!exhausted && inFlight.size < Math.max(1, o.parallel) && trials.length + inFlight.size < o.budget) {
      const c = strategy.ask();
      if (!c) {
        exhausted = true;
        break;
      }
      const i = o.space.indexOf(c);
      const known = i === undefined ? undefined : measured.get(i);
      if (known) strategy.tell(known);
      else if (i === undefined) finish(undefined, await o.runner.evaluate(c));
      else if (!inFlight.has(i)) launch(c, i);
    }
    if (trials.length + inFlight.size >= o.budget && !inFlight.size) break;
    if (inFlight.size) await Promise.race(inFlight.values());
    else if (!exhausted && trials.length >= o.budget) break;
  }
  let best: Trial | undefined;
  const failures: Record<string, number> = {};
  for (const t of trials) {
    if (t.status !== 'ok') failures[t.status] = (failures[t.status] ?? 0) + 1;
    else if (!best || t.timeMs! < best.timeMs!) best = t;
  }
  return { trials, best, defaultTrial, failures };
}
