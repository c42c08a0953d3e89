/**
 * A kernel's tunable knobs as the tuner sees them: finite domains plus a constraint that prunes
 * invalid combinations before anything is built. Lowerings return one of these per (target, params);
 * the tuner derives its search space from it and never restates knobs by hand.
 */
import { InputError } from '../errors.ts';
import type { ParamValue } from './op.ts';

export type KnobConfig = Readonly<Record<string, ParamValue>>;

export interface KnobDomain {
  readonly name: string;
  readonly values: readonly ParamValue[];
  readonly doc: string;
}

export interface KnobSpace {
  readonly knobs: readonly KnobDomain[];
  /** undefined when valid, else the reason (recorded by the tuner as a 'constraint' failure) */
  readonly check: (config: KnobConfig) => string | undefined;
  /** the target's default configuration (always valid) */
  readonly defaults: KnobConfig;
}

/**
 * A config as an older kforge recorded it: a knob it lacks did not exist then, and a knob added later
 * lists the old behaviour first in its domain (dot_path 'float', prefetch 0, row_order 'adjacent',
 * quantize_x 'dispatch'), so that first value stands in for it. Replays, tuned builds and strategy
 * comparisons read records through this, so an old record keeps meaning the kernel it timed.
 */
export function recordedConfig(space: KnobSpace, config: KnobConfig): KnobConfig {
  const filled: Record<string, ParamValue> = { ...config };
  for (const knob of space.knobs) if (!Object.hasOwn(filled, knob.name)) filled[knob.name] = knob.values[0]!;
  return filled;
}

/**
 * The defaults overlaid by the given knobs, checked against the domains and the rules. Knobs left to
 * their defaults give way to the given ones: when a given knob breaks a rule with a default (dot_path
 * 'float' with a default quantize_x of the int8 path), the first domain values of one defaulted knob, else
 * of two, that make the config valid replace those defaults. InputError, prefixed by `where`, names the problem.
 */
export function resolveKnobs(space: KnobSpace, given: Readonly<Record<string, ParamValue>>, where: string): KnobConfig {
  const config: Record<string, ParamValue> = { ...space.defaults };
  for (const [name, value] of Object.entries(given)) {
    const knob = space.knobs.find((k) => k.name === name);
    if (!knob) throw new InputError(`${where}: unknown knob '${name}' (knobs: ${space.knobs.map((k) => k.name).join(', ')})`);
    if (!knob.values.includes(value)) throw new InputError(`${where}: knob '${name}' = ${JSON.stringify(value)} is not one of ${JSON.stringify(knob.values)}`);
    config[name] = value;
  }
  if (!space.check(config)) return config;
  const free = space.knobs.filter((k) => !Object.hasOwn(given, k.name));
  for (const knob of free) {
    const fit = knob.values.find((value) => !space.check({ ...config, [knob.name]: value }));
    if (fit !== undefined) return { ...config, [knob.name]: fit };
  }
  for (const [i, a] of free.entries()) {
    for (const b of free.slice(i + 1)) {
      for (const va of a.values) {
        const vb = b.values.find((value) => !space.check({ ...config, [a.name]: va, [b.name]: value }));
        if (vb !== undefined) return { ...config, [a.name]: va, [b.name]: vb };
      }
    }
  }
  throw new InputError(`${where}: config ${JSON.stringify(config)} is invalid: ${space.check(config)}`);
}
