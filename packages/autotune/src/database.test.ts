import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, appendFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonlTuningDatabase, SCHEMA_VERSION, type DeviceFingerprint, type TuningRecord } from './database.ts';

const zen4: DeviceFingerprint = { device: 'AMD EPYC 9R14', features: ['avx512f', 'avx512vnni'], compiler: 'gcc 12.2.0', executor: 'native' };
const h200: DeviceFingerprint = { device: 'NVIDIA H200', features: ['driver 580.95'], compiler: 'nvcc 13.0', executor: 'gpu-bundle' };

function rec(over: Partial<TuningRecord>): TuningRecord {
  return {
    schema: SCHEMA_VERSION, op: 'gemv', params: { M: 1, N: 4096, K: 4096, weight: 'q4_0', act: 'f32', bias: false },
    target: 'avx512', device: zen4, kforge: '0.1.0', config: { rows: 4 }, sourceHash: 'abc', status: 'ok',
    measurement: { medianMs: 1, minMs: 0.9, maxMs: 1.2, iqrMs: 0.05, repeats: 20, bytes: 9437184, gbps: 9.4 },
    time: '2026-11-29T17:00:00Z', origin: 'local', ...over,
  };
}

const tmp = () => join(mkdtempSync(join(tmpdir(), 'kforge-db-')), 'tune.jsonl');

test('records append as JSON lines and read back', () => {
  const db = new JsonlTuningDatabase(tmp());
  db.append(rec({}));
  db.append(rec({ config: { rows: 8 }, measurement: { ...rec({}).measurement!, medianMs: 0.8 } }));
  assert.equal(readFileSync(db.path, 'utf8').trim().split('\n').length, 2);
  assert.equal(db.all().length, 2);
});

test('best is target-, shape- and device-aware, and ignores failed records', () => {
  const db = new JsonlTuningDatabase(tmp());
  db.append(rec({ config: { rows: 2 }, measurement: { ...rec({}).measurement!, medianMs: 0.7 } }));
  db.append(rec({ config: { rows: 1 }, status: 'wrong', measurement: { ...rec({}).measurement!, medianMs: 0.1 } }));
  db.append(rec({ target: 'cuda', device: h200, config: { rows: 16 }, measurement: { ...rec({}).measurement!, medianMs: 0.01 } }));
  db.append(rec({ params: { ...rec({}).params, N: 1024 }, config: { rows: 32 }, measurement: { ...rec({}).measurement!, medianMs: 0.05 } }));
  const q = { op: 'gemv', params: rec({}).params, target: 'avx512' as const, device: zen4 };
  assert.deepEqual(db.best(q)!.config, { rows: 2 });
  assert.deepEqual(db.best({ ...q, target: 'cuda', device: h200 })!.config, { rows: 16 });
  assert.equal(db.best({ ...q, device: { ...zen4, compiler: 'clang 19' } }), undefined);
});

test('merge de-duplicates and keeps provenance', () => {
  const a = new JsonlTuningDatabase(tmp());
  const b = new JsonlTuningDatabase(tmp());
  a.append(rec({}));
  b.append(rec({}));
  b.append(rec({ config: { rows: 8 }, origin: 'ssh:board' }));
  const r = a.merge([b]);
  assert.deepEqual(r, { added: 1, duplicates: 1 });
  const merged = a.all();
  assert.equal(merged.length, 2);
  assert.match(merged[1]!.origin, /^ssh:board via /);
});

test('a corrupt line or a newer schema is an error naming the line', () => {
  const db = new JsonlTuningDatabase(tmp());
  db.append(rec({}));
  appendFileSync(db.path, '{not json\n');
  assert.throws(() => db.all(), /tune\.jsonl:2: not a JSON record/);
  writeFileSync(db.path, JSON.stringify(rec({ schema: SCHEMA_VERSION + 1 })) + '\n');
  assert.throws(() => db.all(), /:1: schema 2 is not supported/);
});
