import type { StrategyDef } from '../strategy.ts';
import { exhaustive } from './exhaustive.ts';
import { randomSample } from './random-sample.ts';
import { simulatedAnnealing } from './simulated-annealing.ts';
import { evolutionary } from './evolutionary.ts';
import { modelGuided } from './model-guided.ts';

/** The registry: adding a strategy is one file and one line here. */
export const STRATEGIES: Readonly<Record<string, StrategyDef>> = Object.fromEntries(
  [exhaustive, randomSample, simulatedAnnealing, evolutionary, modelGuided].map((s) => [s.name, s]),
);
