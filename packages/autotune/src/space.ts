/**
 * The search space of one kernel, derived from its declared knobs (KnobSpace); invalid
 * configurations are pruned by the kernel's own constraint before anything is built.
 */
import type { KnobConfig, KnobSpace, ParamValue } from '@kforge/ir';
import type { Rng } from '@kforge/ir';

export class SearchSpace {
  readonly knobs: KnobSpace['knobs'];
  /** every valid configuration, in a fixed (lexicographic over knob order) order */
  readonly configs: readonly KnobConfig[];
  private readonly byKey = new Map<string, number>();

  constructor(readonly space: KnobSpace, limit = 200_000) {
    this.knobs = space.knobs;
    const all: KnobConfig[] = [];
    // one config object filled in place, copied only when valid (spaces run to millions of raw combinations)
    const cur: Record<string, ParamValue> = {};
    const walk = (i: number) => {
      if (all.length >= limit) return;
      if (i === this.knobs.length) {
        if (space.check(cur) === undefined) all.push({ ...cur });
        return;
      }
      const k = this.knobs[i]!;
      for (const v of k.values) {
        cur[k.name] = v;
        walk(i + 1);
      }
    };
    walk(0);
    this.configs = all;
    all.forEach((c, i) => this.byKey.set(configKey(c), i));
  }

  get size(): number {
    return this.configs.length;
  }

  indexOf(config: KnobConfig): number | undefined {
    return this.byKey.get(configKey(config));
  }

  random(rng: Rng): KnobConfig {
    return this.configs[rng.int(this.configs.length)]!;
  }

  /** valid configurations that differ from `config` in exactly one knob, by one step in its domain */
  neighbors(config: KnobConfig): KnobConfig[] {
    const out: KnobConfig[] = [];
    for (const k of this.knobs) {
      const at = k.values.indexOf(config[k.name]!);
      for (const j of [at - 1, at + 1]) {
        if (j < 0 || j >= k.values.length) continue;
        const c = { ...config, [k.name]: k.values[j]! };
        if (this.indexOf(c) !== undefined) out.push(c);
      }
    }
    return out;
  }

  /**
   * Features for cost models: a one-hot of each knob's value (knobs act non-linearly) and the
   * products of every pair of those (knobs interact: rows x unroll is register pressure).
   */
  features(config: KnobConfig): number[] {
    const hot: number[] = [];
    for (const k of this.knobs) {
      const at = k.values.indexOf(config[k.name]!);
      for (let j = 0; j < k.values.length; j++) hot.push(j === at ? 1 : 0);
    }
    const f = [...hot];
    for (let a = 0; a < hot.length; a++) for (let b = a + 1; b < hot.length; b++) f.push(hot[a]! * hot[b]!);
    return f;
  }
}

/** A stable key of a configuration: knob names sorted, values JSON-encoded. */
export function configKey(config: KnobConfig): string {
  return JSON.stringify(Object.keys(config).sort().map((k) => [k, config[k]]));
}
