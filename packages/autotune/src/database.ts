/**
 * The tuning database: JSON lines, one record per measured (or failed) candidate, append-only and
 * schema-versioned (TVM's json_database shape, MNN's device-keyed cache). Every query names the op,
 * its params, the target and the device fingerprint: a record tuned elsewhere never leaks in.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import type { KnobConfig, Params } from '@kforge/ir';
import type { ExecutorName, TargetName } from '@kforge/target';
import type { TrialStatus } from './strategy.ts';

export const SCHEMA_VERSION = 1;

/** What makes two measurements comparable: the same device, driver and compiler. */
export interface DeviceFingerprint {
  /** CPU model or GPU name */
  readonly device: string;
  /** ISA features (CPU) or driver version (GPU) */
  readonly features: readonly string[];
  readonly compiler: string;
  readonly executor: ExecutorName;
  /** e.g. "vlen=256" for qemu-riscv64 */
  readonly variant?: string;
}

export interface Measurement {
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  /** interquartile range over the repeats */
  readonly iqrMs: number;
  readonly repeats: number;
  readonly bytes: number;
  readonly gbps: number;
  /** the bandwidth the same run measured with its own probe */
  readonly ceilingGbps?: number;
}

export interface TuningRecord {
  readonly schema: number;
  readonly op: string;
  readonly params: Params;
  readonly target: TargetName;
  readonly device: DeviceFingerprint;
  readonly kforge: string;
  readonly config: KnobConfig;
  /** sha256 of the generated sources: replaying the config must regenerate the same hash */
  readonly sourceHash: string;
  readonly status: TrialStatus;
  readonly reason?: string;
  readonly nmse?: number;
  readonly measurement?: Measurement;
  readonly time: string;
  /** where it was measured: 'local', 'ssh:host', 'adb:serial', 'bundle:name', and merged-from files */
  readonly origin: string;
}

export interface RecordQuery {
  readonly op?: string;
  readonly params?: Params;
  readonly target?: TargetName;
  readonly device?: DeviceFingerprint;
}

export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** sha256 of generated sources (names and texts, canonical order): what replaying a config must reproduce. */
export function hashSources(files: Readonly<Record<string, string>>): string {
  return createHash('sha256').update(canonicalJson(files)).digest('hex');
}

export function deviceKey(d: DeviceFingerprint): string {
  return canonicalJson(d);
}

/** Identity of a record for de-duplication on merge: everything but timing noise and origin. */
function recordKey(r: TuningRecord): string {
  return canonicalJson([r.op, r.params, r.target, r.device, r.config, r.sourceHash, r.status, r.time]);
}

export class JsonlTuningDatabase {
  constructor(readonly path: string) {}

  append(record: TuningRecord): void {
    appendFileSync(this.path, JSON.stringify(record) + '\n');
  }

  /** All records; a line that does not parse or has a newer schema is an error naming the line. */
  all(): TuningRecord[] {
    if (!existsSync(this.path)) return [];
    const lines = readFileSync(this.path, 'utf8').split('\n');
    const out: TuningRecord[] = [];
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      let r: TuningRecord;
      try {
        r = JSON.parse(line) as TuningRecord;
      } catch {
        throw new Error(`${this.path}:${i + 1}: not a JSON record`);
      }
      if (typeof r.schema !== 'number' || r.schema > SCHEMA_VERSION)
        throw new Error(`${this.path}:${i + 1}: schema ${r.schema} is not supported (this kforge reads <= ${SCHEMA_VERSION})`);
      out.push(r);
    });
    return out;
  }

  query(q: RecordQuery): TuningRecord[] {
    const params = q.params && canonicalJson(q.params);
    const device = q.device && deviceKey(q.device);
    return this.all().filter(
      (r) =>
        (!q.op || r.op === q.op) &&
        (!q.target || r.target === q.target) &&
        (!params || canonicalJson(r.params) === params) &&
        (!device || deviceKey(r.device) === device),
    );
  }

  /** The fastest correct record for exactly this op, shape, target and device. */
  best(q: RecordQuery): TuningRecord | undefined {
    let best: TuningRecord | undefined;
    for (const r of this.query(q)) {
      if (r.status !== 'ok' || !r.measurement) continue;
      if (!best || r.measurement.medianMs < best.measurement!.medianMs) best = r;
    }
    return best;
  }

  /** Appends the records of other databases that this one lacks, marking where they came from. */
  merge(others: readonly JsonlTuningDatabase[]): { added: number; duplicates: number } {
    const have = new Set(this.all().map(recordKey));
    const merged = [...this.all()];
    let added = 0;
    let duplicates = 0;
    for (const db of others) {
      for (const r of db.all()) {
        const k = recordKey(r);
        if (have.has(k)) {
          duplicates++;
          continue;
        }
        have.add(k);
        merged.push(r.origin.includes(' via ') ? r : { ...r, origin: `${r.origin} via ${db.path}` });
        added++;
      }
    }
    const tmp = `${this.path}.tmp-${process.pid}`;
    writeFileSync(tmp, merged.map((r) => JSON.stringify(r) + '\n').join(''));
    renameSync(tmp, this.path);
    return { added, duplicates };
  }
}
