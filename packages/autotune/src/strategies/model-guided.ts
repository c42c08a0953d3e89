import type { KnobConfig } from '@kforge/ir';
import { Rng } from '@kforge/ir';
import { History, type StrategyDef, type Trial } from '../strategy.ts';

/**
 * Model-guided search: log(time) is modelled as log(estimate(config)) + a Bayesian ridge regression on
 * the knob features (one-hot values and their pairs), updated after every measurement. The analytic
 * estimate (a roofline of the config) decides the ranking before anything is measured; each step
 * proposes the unseen configuration with the lowest optimistic prediction (mean minus `kappa`
 * standard deviations: knob values never measured carry the model's doubt), with a small chance of
 * a random one to keep the model honest.
 */
export const modelGuided: StrategyDef = {
  name: 'model',
  doc: 'Bayesian ridge cost model on knob features with a lower confidence bound, seeded by an analytic roofline estimate',
  options: [
    { name: 'explore', default: 0.1, doc: 'probability of proposing a random unseen configuration' },
    { name: 'lambda', default: 1, doc: 'ridge regularisation (prior precision of each feature weight, in units of the noise)' },
    { name: 'kappa', default: 0.5, doc: 'standard deviations of model doubt subtracted from the predicted log-time' },
    { name: 'initial', default: 4, doc: 'trials before random exploration may start (the first follow the estimate and the fit alone)' },
  ],
  create({ space, seed, options, estimate }) {
    const rng = new Rng(seed);
    const h = new History(space);
    const prior = space.configs.map((c) => Math.log(estimate ? Math.max(estimate(c), 1e-12) : 1));
    // the features are 0/1: keep each config's active columns, and only the columns some config of
    // this space activates (two values of one knob never pair; a pruned space drops more)
    const dense = space.configs.map((c) => space.features(c));
    const used = new Map<number, number>();
    for (const f of dense) f.forEach((x, j) => x !== 0 && !used.has(j) && used.set(j, used.size + 1));
    const active = dense.map((f) => [0, ...f.flatMap((x, j) => (x !== 0 ? [used.get(j)!] : []))]);
    const dim = used.size + 1;

    // the posterior of the weights, in the noise's units: covariance P = (X'X + Lambda)^-1, mean w = P X'y.
    // P is kept directly and updated by Sherman-Morrison, one measurement at a time (O(dim^2) each).
    // The intercept (column 0) is barely shrunk: it absorbs the estimate's overall scale (order-of-magnitude
    // only), so a uniform gap between estimate and measurement is not blamed on the knob values measured first.
    const P = new Float64Array(dim * dim);
    for (let i = 0; i < dim; i++) P[i * dim + i] = i === 0 ? 1e6 : 1 / options.lambda!;
    const b = new Float64Array(dim);
    const w = new Float64Array(dim);
    const observed: { x: number[]; y: number }[] = [];
    let noise = 0;

    const addObservation = (t: Trial) => {
      const i = space.indexOf(t.config)!;
      const x = active[i]!;
      const y = Math.log(t.timeMs!) - prior[i]!;
      observed.push({ x, y });
      const u = new Float64Array(dim);
      for (let r = 0; r < dim; r++) for (const j of x) u[r] += P[r * dim + j]!;
      let denom = 1;
      for (const j of x) denom += u[j]!;
      for (let r = 0; r < dim; r++) {
        const ur = u[r]! / denom;
        if (ur !== 0) for (let c = 0; c < dim; c++) P[r * dim + c] -= ur * u[c]!;
      }
      for (const j of x) b[j] += y;
      for (let r = 0; r < dim; r++) {
        let s = 0;
        for (let c = 0; c < dim; c++) s += P[r * dim + c]! * b[c]!;
        w[r] = s;
      }
      // noise: the spread of what the fit leaves unexplained, with a floor (a perfect fit of few points proves little)
      const rss = observed.reduce((s, o) => s + (o.y - o.x.reduce((a, j) => a + w[j]!, 0)) ** 2, 0);
      noise = Math.sqrt(0.01 + rss / observed.length);
    };
    const score = (i: number) => {
      const x = active[i]!;
      let mean = prior[i]!;
      let variance = 0;
      for (const j of x) {
        mean += w[j]!;
        for (const k of x) variance += P[j * dim + k]!;
      }
      return observed.length ? mean - options.kappa! * noise * Math.sqrt(Math.max(variance, 0)) : mean;
    };

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
        let bestScore = Infinity;
        for (let i = 0; i < space.size; i++) {
          if (h.seen.has(i)) continue;
          const s = score(i);
          if (best < 0 || s < bestScore) [best, bestScore] = [i, s];
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
