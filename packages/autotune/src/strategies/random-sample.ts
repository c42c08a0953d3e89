import { Rng } from '@kforge/ir';
import type { StrategyDef } from '../strategy.ts';

/** Uniform sampling without replacement (a seeded permutation of the space). */
export const randomSample: StrategyDef = {
  name: 'random',
  doc: 'uniform sampling without replacement',
  options: [],
  create({ space, seed }) {
    const order = new Rng(seed).shuffle([...space.configs.keys()]);
    let next = 0;
    return {
      ask: () => (next < order.length ? space.configs[order[next++]!] : undefined),
      tell: () => {},
    };
  },
};
