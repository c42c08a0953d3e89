import type { KnobConfig } from '@kforge/ir';
import { Rng } from '@kforge/ir';
import { History, score, type StrategyDef, type Trial } from '../strategy.ts';

/**
 * Simulated annealing over single-knob neighbours: a worse neighbour is accepted with probability
 * exp(-(relative slowdown) / T); T decays geometrically per step. When every neighbour of the current
 * config is measured, the walk restarts from the fastest measured config with unmeasured neighbours
 * (a random config when there is none).
 */
export const simulatedAnnealing: StrategyDef = {
  name: 'annealing',
  doc: 'simulated annealing over single-knob neighbours, restarting from the best open neighbourhood',
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
    const unseenNeighbors = (t: Trial | undefined) => (t ? space.neighbors(t.config).filter((c) => h.isNew(c)) : []);
    return {
      ask() {
        if (h.exhausted) return undefined;
        let options = unseenNeighbors(current ?? h.best);
        if (!options.length && h.trials.length) {
          // stuck (every neighbour measured): restart from the fastest measured config that still has
          // unmeasured neighbours, rather than from a random one
          const ranked = [...h.trials].filter((t) => score(t) < Infinity).sort((a, b) => score(a) - score(b));
          for (const t of ranked) {
            options = unseenNeighbors(t);
            if (options.length) {
              current = t;
              break;
            }
          }
        }
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
