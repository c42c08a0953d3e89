import type { KnobConfig, ParamValue } from '@kforge/ir';
import { Rng } from '@kforge/ir';
import { History, score, type StrategyDef } from '../strategy.ts';

/**
 * A steady-state genetic algorithm: tournament selection from the measured population, uniform
 * crossover of two parents, per-knob mutation; children that are invalid or already seen are
 * redrawn (falling back to a random unseen configuration).
 */
export const evolutionary: StrategyDef = {
  name: 'evolutionary',
  doc: 'steady-state genetic algorithm (tournament, uniform crossover, mutation)',
  options: [
    { name: 'population', default: 8, doc: 'random configurations measured before breeding starts' },
    { name: 'mutation', default: 0.2, doc: 'probability of mutating each knob' },
    { name: 'tournament', default: 3, doc: 'tournament size for parent selection' },
  ],
  create({ space, seed, options }) {
    const rng = new Rng(seed);
    const h = new History(space);
    const select = () => {
      let best = rng.pick(h.trials);
      for (let i = 1; i < options.tournament!; i++) {
        const t = rng.pick(h.trials);
        if (score(t) < score(best)) best = t;
      }
      return best.config;
    };
    const child = (): KnobConfig => {
      const a = select();
      const b = select();
      const c: Record<string, ParamValue> = {};
      for (const k of space.knobs) {
        c[k.name] = rng.uniform() < 0.5 ? a[k.name]! : b[k.name]!;
        if (rng.uniform() < options.mutation!) {
          // one step along the knob's domain: neighbouring values behave alike (rows 4 is between 2 and 8)
          const at = k.values.indexOf(c[k.name]!);
          const to = at <= 0 ? 1 : at >= k.values.length - 1 ? at - 1 : at + (rng.uniform() < 0.5 ? -1 : 1);
          if (k.values.length > 1) c[k.name] = k.values[to]!;
        }
      }
      return c;
    };
    return {
      ask() {
        if (h.exhausted) return undefined;
        if (h.trials.length >= options.population!) {
          for (let tries = 0; tries < 32; tries++) {
            const c = child();
            if (h.isNew(c)) return h.mark(space.configs[space.indexOf(c)!]!);
          }
        }
        for (;;) {
          const c = space.random(rng);
          if (h.isNew(c)) return h.mark(c);
        }
      },
      tell: (t) => h.record(t),
    };
  },
};
