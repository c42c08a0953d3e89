/**
 * A kernel's tunable knobs as the tuner sees them: finite domains plus a constraint that prunes
 * invalid combinations before anything is built. Lowerings return one of these per (target, params);
 * the tuner derives its search space from it and never restates knobs by hand.
 */
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
