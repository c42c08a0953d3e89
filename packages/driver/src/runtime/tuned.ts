/** The tuned configs a runtime library is built from: the fastest correct record per gemv shape. */
import { InputError } from '@kforge/ir';
import type { TargetName } from '@kforge/target';
import { canonicalJson, deviceKey, type TuningRecord } from '@kforge/autotune';
import type { TunedConfig } from './cpu.ts';
import { configOfRecord } from '../lowerings.ts';

export interface TunedSelection {
  readonly tuned: TunedConfig[];
  /** the device the records were measured on ('' when there are none) */
  readonly device: string;
}

/**
 * Records of `op` on `target` that passed and were timed, of one device: the one whose name or
 * variant contains `device` when given; without it the records must all come from one device.
 */
export function tunedFromRecords(records: readonly TuningRecord[], op: string, target: TargetName, device?: string): TunedSelection {
  const timed = records.filter((r) => r.op === op && r.target === target && r.status === 'ok' && r.measurement);
  const matching = device === undefined ? timed : timed.filter((r) => r.device.device.includes(device) || (r.device.variant ?? '').includes(device));
  const devices = new Map(matching.map((r) => [deviceKey(r.device), r.device]));
  if (devices.size > 1) {
    const names = [...devices.values()].map((d) => `'${d.device}'${d.variant ? ` (${d.variant})` : ''} via ${d.executor}`);
    throw new InputError(`the database has ${op} records for ${target} from ${devices.size} devices: ${names.join(', ')}; pick one with --device`);
  }
  if (device !== undefined && timed.length > 0 && matching.length === 0)
    throw new InputError(`no ${op} records for ${target} on a device matching '${device}'`);
  const best = new Map<string, TuningRecord>();
  for (const r of matching) {
    const key = canonicalJson(r.params);
    const have = best.get(key);
    if (!have || r.measurement!.medianMs < have.measurement!.medianMs) best.set(key, r);
  }
  const tuned = [...best.values()].map((r): TunedConfig => ({
    params: r.params, config: configOfRecord(op, target, r.params, r.config), note: `${r.measurement!.medianMs.toPrecision(4)} ms median, ${r.time}, ${r.origin}`,
  }));
  return { tuned, device: [...devices.values()][0]?.device ?? '' };
}
