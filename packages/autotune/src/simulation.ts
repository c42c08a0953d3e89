/**
 * A runner that replays recorded measurements instead of touching hardware (Kernel Tuner's
 * simulation mode): strategies are tested and compared against it deterministically.
 */
import type { KnobConfig } from '@kforge/ir';
import { configKey } from './space.ts';
import type { Trial } from './strategy.ts';
import type { Runner } from './tuner.ts';
import type { TuningRecord } from './database.ts';

export class SimulationRunner implements Runner {
  private readonly table = new Map<string, Trial>();
  evaluations = 0;

  constructor(records: readonly TuningRecord[] | readonly Trial[]) {
    for (const r of records) {
      const t: Trial =
        'measurement' in r || 'sourceHash' in r
          ? { config: r.config, status: r.status, ...(r.measurement ? { timeMs: r.measurement.medianMs } : {}) }
          : (r as Trial);
      this.table.set(configKey(t.config), t);
    }
  }

  async evaluate(config: KnobConfig): Promise<Trial> {
    this.evaluations++;
    return this.table.get(configKey(config)) ?? { config, status: 'runtime', reason: 'not in the recorded database' };
  }
}
