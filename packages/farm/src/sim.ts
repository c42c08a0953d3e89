/**
 * A runner that sends each candidate to the farm as a 'sim' job: the agent runs a tiny real program
 * (y = 2x) in its scratch folder and reports the recorded time of the config; the output is checked
 * here against the reference before the time counts, so an agent that computes wrong numbers
 * yields a 'wrong' trial with the reason, never a winner. Each trial is recorded once, by job id.
 */
import { SCHEMA_VERSION, configKey, type DeviceFingerprint, type Runner, type SearchSpace, type Trial, type TuningRecord } from '@kforge/autotune';
import type { KnobConfig, Params } from '@kforge/ir';
import type { TargetName } from '@kforge/target';
import type { FarmCoordinator } from './coordinator.ts';
import { fingerprintId } from './protocol.ts';

export interface FarmSimOptions {
  readonly coordinator: FarmCoordinator;
  readonly space: SearchSpace;
  /** the recorded outcome of each config (a tuning database's records, or trials) */
  readonly recorded: readonly Trial[];
  readonly fingerprint: DeviceFingerprint;
  readonly op: string;
  readonly params: Params;
  readonly target: TargetName;
  /** how long each job's program runs on the agent */
  readonly sleepMs?: number;
  readonly kforge?: string;
}

export class FarmSimRunner implements Runner {
  private readonly table = new Map<string, Trial>();
  private readonly fpId: string;
  /** job id of each recorded config, for assertions */
  readonly jobs = new Map<string, string>();

  constructor(private readonly o: FarmSimOptions) {
    for (const t of o.recorded) this.table.set(configKey(t.config), t);
    this.fpId = fingerprintId(o.fingerprint);
  }

  async evaluate(config: KnobConfig): Promise<Trial> {
    const c = this.o.coordinator;
    const i = this.o.space.indexOf(config);
    const jobId = `${c.runId}.${i ?? configKey(config)}`;
    const recorded = this.table.get(configKey(config)) ?? { config, status: 'runtime', reason: 'not in the recorded database' };
    // the inputs depend on the config so that each job's output is its own
    const x = Array.from({ length: 8 }, (_, k) => ((i ?? 0) * 31 + k * 7) % 97);
    const outcome = await c.submit(this.fpId, jobId, { kind: 'sim', config, recorded, x, sleepMs: this.o.sleepMs ?? 20 });
    let trial: Trial;
    let origin = 'farm';
    if (!outcome.done) {
      trial = { config, status: outcome.timedOut ? 'timeout' : 'runtime', reason: `farm: ${outcome.reason}` };
    } else if (!outcome.result.ok) {
      origin = `farm:${outcome.result.origin} agent ${outcome.result.agent}`;
      trial = { config, status: outcome.result.failure === 'compile' ? 'compile' : outcome.result.failure === 'timeout' ? 'timeout' : 'runtime', reason: outcome.result.reason };
    } else {
      const r = outcome.result;
      origin = `farm:${r.origin} agent ${r.agent}`;
      const bad = x.findIndex((v, k) => r.y?.[k] !== 2 * v);
      trial = bad >= 0 || r.y?.length !== x.length
        ? { config, status: 'wrong', reason: `y differs from the reference at element ${bad < 0 ? x.length : bad}: ${r.y?.[bad]} instead of ${2 * x[bad]!} (agent ${r.agent})` }
        : recorded.status !== 'ok' ? recorded : { config, status: 'ok', timeMs: r.timeMs! };
    }
    this.jobs.set(configKey(config), jobId);
    c.record(jobId, this.record(trial, origin));
    return trial;
  }

  private record(t: Trial, origin: string): TuningRecord {
    return {
      schema: SCHEMA_VERSION, op: this.o.op, params: this.o.params, target: this.o.target, device: this.o.fingerprint, kforge: this.o.kforge ?? 'farm-sim',
      config: t.config, sourceHash: '', status: t.status, ...(t.reason ? { reason: t.reason } : {}),
      ...(t.status === 'ok' ? { measurement: { medianMs: t.timeMs!, minMs: t.timeMs!, maxMs: t.timeMs!, iqrMs: 0, repeats: 1, bytes: 0, gbps: 0 } } : {}),
      time: new Date().toISOString(), origin,
    };
  }
}
