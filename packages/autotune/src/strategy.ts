/**
 * One ask/tell interface for every search strategy (Kernel Tuner's and TVM's shape): the tuner asks
 * for the next configuration, measures it, and tells the strategy the outcome. Strategies are
 * deterministic given their seed and the sequence of outcomes they were told.
 */
import type { KnobConfig } from '@kforge/ir';
import type { SearchSpace } from './space.ts';

/** Why a candidate failed (Kernel Tuner T4's categories). */
export type TrialStatus = 'ok' | 'compile' | 'runtime' | 'timeout' | 'wrong' | 'constraint';

export interface Trial {
  readonly config: KnobConfig;
  readonly status: TrialStatus;
  /** median kernel time, present when status is 'ok' */
  readonly timeMs?: number;
  readonly reason?: string;
}

export interface OptionSpec {
  readonly name: string;
  readonly default: number;
  readonly doc: string;
}

export interface Strategy {
  /** the next configuration to measure, or undefined when the strategy has nothing more to propose */
  ask(): KnobConfig | undefined;
  tell(trial: Trial): void;
}

export interface StrategyContext {
  readonly space: SearchSpace;
  readonly seed: number;
  readonly options: Readonly<Record<string, number>>;
  /** analytic estimate of a config's time (e.g. roofline), used to seed model-guided search */
  readonly estimate?: (config: KnobConfig) => number;
}

export interface StrategyDef {
  readonly name: string;
  readonly doc: string;
  readonly options: readonly OptionSpec[];
  create(ctx: StrategyContext): Strategy;
}

/** Fills unspecified options with their declared defaults and rejects unknown ones. */
export function strategyOptions(def: StrategyDef, given: Readonly<Record<string, number>> = {}): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of def.options) out[o.name] = given[o.name] ?? o.default;
  for (const k of Object.keys(given)) {
    if (!def.options.some((o) => o.name === k)) throw new Error(`strategy ${def.name}: unknown option '${k}'`);
  }
  return out;
}

/** Bookkeeping shared by strategies: which configs were proposed and the best measured so far. */
export class History {
  readonly seen = new Set<number>();
  readonly trials: Trial[] = [];
  best: Trial | undefined;

  constructor(private readonly space: SearchSpace) {}

  isNew(c: KnobConfig): boolean {
    const i = this.space.indexOf(c);
    return i !== undefined && !this.seen.has(i);
  }

  mark(c: KnobConfig): KnobConfig {
    this.seen.add(this.space.indexOf(c)!);
    return c;
  }

  record(t: Trial): void {
    // a trial the strategy did not ask for (the default, measured first) is seen all the same
    const i = this.space.indexOf(t.config);
    if (i !== undefined) this.seen.add(i);
    this.trials.push(t);
    if (t.status === 'ok' && (this.best === undefined || t.timeMs! < this.best.timeMs!)) this.best = t;
  }

  get exhausted(): boolean {
    return this.seen.size >= this.space.size;
  }
}

/** Time used to rank a trial: failures rank worst. */
export function score(t: Trial): number {
  return t.status === 'ok' ? t.timeMs! : Infinity;
}
