import type { KnobConfig } from '@kforge/ir';
import { Rng } from '@kforge/ir';
import { History, score, type StrategyDef, type Trial } from '../strategy.ts';

/**
 * Simulated annealing over single-knob neighbours: a worse neighbour is accepted with probability
 * exp(-(relative slowdown) / T); T decays geometrically per step; a random restart when stuck.
 */
export const simulatedAnnealing: StrategyDef = {
  name: 'annealing',
  doc: 'simulated annealing over single-knob neighbours with restarts',
  options: [
    { name: 'T0', default: 0.3, doc: 'initial temperature, in units of relative slowdown' },
    { name: 'alpha', default: 0.9, doc: 'temperature decay per step' },
  ],
  create({ space, seed, options }) {
    const rng = new Rng(seed);
    const h = new History(space);
    let T = options.T0!;
    let current: Trial | undefined;
    let pending: KnobConfig | undefined;
    const fresh = (): KnobConfig | undefined => {
      if (h.exhausted) return undefined;
      for (;;) {
        const c = space.random(rng);
        if (h.isNew(c)) return c;
      }
    };
    return {
      ask() {
        if (h.exhausted) return undefined;
        const base = current ?? h.best;
        const options = base ? space.neighbors(base.config).filter((c) => h.isNew(c)) : [];
        pending = options.length ? rng.pick(options) : fresh();
        return pending && h.mark(pending);
      },
      tell(t) {
        h.record(t);
        if (!current || score(current) === Infinity) {
          current = t;
        } else if (score(t) <= score(current)) {
          current = t;
        } else if (score(t) < Infinity && rng.uniform() < Math.exp(-(score(t) / score(current) - 1) / Math.max(T, 1e-9))) {
          current = t;
        }
        T *= options.alpha!;
      },
    };
  },
};
