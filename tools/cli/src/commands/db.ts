/**
 * `kforge db`: read, query, merge and replay tuning databases (JSON lines). Every query that picks a
 * config names the op, its params and the target; replay regenerates a record's kernel from its
 * config and checks that the sources hash the same.
 */
import { existsSync } from 'node:fs';
import { CheckError, InputError, getOp, resolveParams } from '@kforge/ir';
import { JsonlTuningDatabase, hashSources, type TuningRecord } from '@kforge/autotune';
import { parseTarget, type ParsedArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { readJsonOption } from '../files.ts';
import { formatTable } from '../table.ts';
import { DEFAULT_DB } from './tune.ts';
import { NotFoundError } from '../errors.ts';

function openDb(path: string): JsonlTuningDatabase {
  if (!existsSync(path)) throw new InputError(`db: '${path}' does not exist`);
  const db = new JsonlTuningDatabase(path);
  try {
    db.all();
  } catch (e) {
    throw new InputError((e as Error).message);
  }
  return db;
}

const timeOf = (r: TuningRecord): string => (r.measurement ? `${(r.measurement.medianMs * 1000).toFixed(2)} us` : '-');

function list(records: readonly TuningRecord[]): void {
  const rows = records.map((r, i) => [
    String(i), r.op, r.target, JSON.stringify(r.params), r.device.device, r.status, timeOf(r),
    r.measurement ? r.measurement.gbps.toFixed(2) : '-', JSON.stringify(r.config), r.origin,
  ]);
  for (const line of formatTable(['#', 'op', 'target', 'params', 'device', 'status', 'median', 'GB/s', 'config', 'origin'], rows)) println(line);
}

function recordAt(db: JsonlTuningDatabase, args: ParsedArgs): { record: TuningRecord; index: number } {
  const text = args.required('index');
  const index = Number(text);
  const all = db.all();
  if (!Number.isInteger(index) || index < 0 || index >= all.length) {
    throw new InputError(`db: --index ${text} is not a record of ${db.path} (0..${all.length - 1}, as \`kforge db list\` numbers them)`);
  }
  return { record: all[index]!, index };
}

export const dbCommand: Command = {
  name: 'db',
  summary: 'tuning database: list, show a record, best config for an op/shape/target, merge files, replay a record',
  usage: 'db list|show|best|merge|replay [OUT IN...] [--db FILE] [--index N] [--op OP --target T --params P]',
  args: {
    positionals: ['ACTION', 'FILES...'],
    options: {
      db: { kind: 'value', doc: `database file (default ${DEFAULT_DB})` },
      index: { kind: 'value', doc: 'show/replay: the record number, as listed' },
      op: { kind: 'value', doc: 'best (and list filter): operator' },
      target: { kind: 'value', doc: 'best (and list filter): target' },
      params: { kind: 'value', doc: 'best (and list filter): operator parameters, JSON or @file.json' },
      json: { kind: 'flag', doc: 'list/show/best: print records as JSON lines' },
    },
  },
  async run(args) {
    const [action, ...files] = args.positionals;
    if (action !== 'merge' && files.length) throw new InputError(`db ${action}: unexpected argument '${files[0]}'`);
    const path = args.optional('db') ?? DEFAULT_DB;
    switch (action) {
      case 'list': {
        const opName = args.optional('op');
        const targetName = args.optional('target');
        const paramsText = args.optional('params');
        const op = opName ? getOp(opName) : undefined;
        if (paramsText && !op) throw new InputError('db list: --params needs --op');
        const records = openDb(path).query({
          ...(op ? { op: op.name } : {}), ...(targetName ? { target: parseTarget(targetName) } : {}),
          ...(op && paramsText ? { params: resolveParams(op, readJsonOption('params', paramsText)) } : {}),
        });
        if (args.flag('json')) for (const r of records) println(JSON.stringify(r));
        else list(records);
        return;
      }
      case 'show': {
        println(JSON.stringify(recordAt(openDb(path), args).record, null, args.flag('json') ? undefined : 2));
        return;
      }
      case 'best': {
        const op = getOp(args.required('op'));
        const target = parseTarget(args.required('target'));
        const params = resolveParams(op, readJsonOption('params', args.required('params')));
        const db = openDb(path);
        const candidates = db.query({ op: op.name, target, params }).filter((r) => r.status === 'ok' && r.measurement);
        if (!candidates.length) throw new NotFoundError(`db best: no correct, timed record of ${op.name} on ${target} for ${JSON.stringify(params)} in ${path}`);
        // one best per device: times from different machines are never compared
        const devices = [...new Map(candidates.map((r) => [JSON.stringify(r.device), r.device])).values()];
        for (const device of devices) {
          const best = db.best({ op: op.name, target, params, device })!;
          if (args.flag('json')) println(JSON.stringify(best));
          else println(`${device.device} (${device.compiler}, ${device.executor}): ${JSON.stringify(best.config)}  ${timeOf(best)}  ${best.measurement!.gbps.toFixed(2)} GB/s  [${best.origin}]`);
        }
        return;
      }
      case 'merge': {
        const [out, ...ins] = files;
        if (!out || ins.length === 0) throw new InputError('db merge: usage: kforge db merge OUT IN...');
        const sources = ins.map(openDb);
        const r = new JsonlTuningDatabase(out).merge(sources);
        println(`merged ${ins.length} files into ${out}: ${r.added} records added, ${r.duplicates} duplicates skipped`);
        return;
      }
      case 'replay': {
        const { record, index } = recordAt(openDb(path), args);
        const { configOfRecord, emitKernel } = await import('@kforge/driver');
        const artifact = emitKernel(record.op, record.target, record.params, configOfRecord(record.op, record.target, record.params, record.config));
        const hash = hashSources(artifact.files);
        if (hash !== record.sourceHash) {
          throw new CheckError(`db replay: record ${index} of ${path} hashed ${record.sourceHash}, this kforge (${record.kforge} then) generates ${hash} from its config`);
        }
        println(`record ${index}: ${record.op} on ${record.target} ${JSON.stringify(record.config)} regenerates the same sources (sha256 ${hash})`);
        return;
      }
      default:
        throw new InputError(`db: unknown action '${action}' (known: list, show, best, merge, replay)`);
    }
  },
};
