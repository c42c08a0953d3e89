import type { KnobConfig } from '@kforge/ir';
import { Rng } from '@kforge/ir';
import { History, type StrategyDef, type Trial } from '../strategy.ts';

/**
 * Model-guided search: log(time) is modelled as log(estimate(config)) + a ridge regression on the
 * knob features, refitted after every measurement. The analytic estimate (a roofline of the config)
 * seeds the ranking before anything is measured; each step proposes the unseen configuration with
 * the best predicted time, with a small chance of a random one to keep the model honest.
 */
export const modelGuided: StrategyDef = {
  name: 'model',
  doc: 'ridge-regression cost model on knob features, seeded by an analytic roofline estimate',
  options: [
    { name: 'explore', default: 0.1, doc: 'probability of proposing a random unseen configuration' },
    { name: 'lambda', default: 0.1, doc: 'ridge regularisation' },
    { name: 'initial', default: 4, doc: 'configurations taken from the estimate ranking before fitting' },
  ],
  create({ space, seed, options, estimate }) {
    const rng = new Rng(seed);
    const h = new History(space);
    const prior = space.configs.map((c) => Math.log(estimate ? Math.max(estimate(c), 1e-12) : 1));
    const feats = space.configs.map((c) => [1, ...space.features(c)]);
    const dim = feats[0]?.length ?? 1;
    // normal equations, accumulated one measurement at a time: A = X'X + lambda I, b = X'y
    const A = new Float64Array(dim * dim);
    for (let i = 0; i < dim; i++) A[i * dim + i] = options.lambda!;
    const b = new Float64Array(dim);
    let weights: Float64Array = new Float64Array(dim);
    let fitted = 0;

    const addObservation = (t: Trial) => {
      const i = space.indexOf(t.config)!;
      const x = feats[i]!;
      const y = Math.log(t.timeMs!) - prior[i]!;
      for (let r = 0; r < dim; r++) {
        if (x[r] === 0) continue;
        b[r] += x[r]! * y;
        for (let c = 0; c < dim; c++) A[r * dim + c] += x[r]! * x[c]!;
      }
      if (++fitted >= 2) weights = choleskySolve(A, b, dim);
    };
    const predict = (i: number) => prior[i]! + feats[i]!.reduce((s, x, j) => s + x * weights[j]!, 0);

    return {
      ask(): KnobConfig | undefined {
        if (h.exhausted) return undefined;
        if (h.trials.length >= options.initial! && rng.uniform() < options.explore!) {
          for (;;) {
            const c = space.random(rng);
            if (h.isNew(c)) return h.mark(c);
          }
        }
        let best = -1;
        let bestPrediction = Infinity;
        for (let i = 0; i < space.size; i++) {
          if (h.seen.has(i)) continue;
          const p = predict(i);
          if (best < 0 || p < bestPrediction) [best, bestPrediction] = [i, p];
        }
        return h.mark(space.configs[best]!);
      },
      tell(t) {
        h.record(t);
        if (t.status === 'ok') addObservation(t);
      },
    };
  },
};

/** Solves A x = b for symmetric positive definite A (ridge keeps it so) by Cholesky. */
function choleskySolve(A: Float64Array, b: Float64Array, n: number): Float64Array {
  const L = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * n + j]!;
      for (let k = 0; k < j; k++) s -= L[i * n + k]! * L[j * n + k]!;
      L[i * n + j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / L[j * n + j]!;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= L[i * n + k]! * y[k]!;
    y[i] = s / L[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= L[k * n + i]! * x[k]!;
    x[i] = s / L[i * n + i]!;
  }
  return x;
}
