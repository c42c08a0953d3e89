// `kforge verify` as a command; the conformance matrix itself is in verify-<op>.test.ts, a file per op.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOWERINGS, conformanceMatrix } from '@kforge/driver';
import { executorsFor } from '@kforge/exec';
import { kforge } from '../testing.ts';

test('every op of the lowering registry has its conformance test file', () => {
  const missing = [...new Set(LOWERINGS.map((l) => l.op))]
    .map((op) => `verify-${op.replaceAll('_', '-')}.test.ts`)
    .filter((f) => !existsSync(join(import.meta.dirname, f)));
  assert.deepEqual(missing, []);
});

test('kforge verify prints a row per case in text (op, target, params, config, executor, nmse, bound, status, ms), then the summary', async () => {
  const cases = conformanceMatrix({ ops: ['gemv'], targets: ['c'], configs: 1, variants: (x) => executorsFor(x)[0]?.variants ?? [{}] });
  const r = await kforge(['verify', '--op', 'gemv', '--target', 'c', '--configs', '1'], 600_000);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^op +target +params +config +executor +nmse +bound +status +ms$/m);
  const rows = r.stdout.split('\n').filter((l) => /^gemv +c +M=/.test(l));
  assert.equal(rows.length, cases.length);
  for (const row of rows) assert.match(row, /^gemv +c +M=\d+,N=\d+,K=\d+,weight=\w+,act=\w+,bias=(true|false) +\S*rows=\S+ +native +\d\.\de-\d+ +1e-8 +pass +\d+$/);
  assert.match(r.stdout, /^op +target +executor +mode +cases +pass +fail +worst nmse\/bound +status$/m);
  assert.match(r.stdout, new RegExp(`^gemv +c +native +native +${cases.length} +${cases.length} +0 `, 'm'));
});
