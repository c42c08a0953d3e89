import type { StrategyDef } from '../strategy.ts';

/** Every valid configuration once, in the space's order. The reference the others are judged against. */
export const exhaustive: StrategyDef = {
  name: 'exhaustive',
  doc: 'every valid configuration, in order',
  options: [],
  create({ space }) {
    let next = 0;
    return {
      ask: () => space.configs[next++],
      tell: () => {},
    };
  },
};
