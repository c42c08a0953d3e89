/** `kforge --version`, `kforge bench suites` and `db best`'s not-found exit code, run as a child process. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUITES } from '@kforge/bench';
import { executorFor } from '@kforge/driver';
import { executorsFor } from '@kforge/exec';
import { kforge, scratchFolder } from './testing.ts';
import { versionLine } from './version.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

test('--version prints the package version and the git revision', async () => {
  const r = await kforge(['--version']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`^kforge ${VERSION.replaceAll('.', '\\.')} \\(git [0-9a-f]{12}(, modified)?\\)\\n$`));
  assert.equal((await kforge(['-V'])).stdout, r.stdout);
  assert.equal(versionLine({ version: '1.2.3', revision: null, dirty: false }), 'kforge 1.2.3 (git revision unknown)');
  assert.equal(versionLine({ version: '1.2.3', revision: 'abcdef0123456789', dirty: true }), 'kforge 1.2.3 (git abcdef012345, modified)');
});

test('bench suites lists every suite with every case id; SUITE narrows it; --json carries the cases', async () => {
  const r = await kforge(['bench', 'suites']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  for (const s of Object.values(SUITES)) {
    const head = lines.indexOf(`${s.name}: ${s.cases.length} cases. ${s.doc}`);
    assert.ok(head >= 0, `a heading line for ${s.name}`);
    assert.deepEqual(lines.slice(head + 1, head + 1 + s.cases.length), s.cases.map((c) => `  ${c.id}`));
  }
  const [name] = Object.keys(SUITES);
  const one = await kforge(['bench', 'suites', name!, '--json']);
  assert.equal(one.code, 0, one.stderr);
  const parsed = JSON.parse(one.stdout) as { suites: { name: string; cases: { id: string; op: string }[] }[] };
  assert.deepEqual(parsed.suites.map((s) => s.name), [name]);
  assert.deepEqual(parsed.suites[0]!.cases.map((c) => c.id), SUITES[name!]!.cases.map((c) => c.id));
  const bad = await kforge(['bench', 'suites', 'no-such-suite']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^kforge: error: unknown suite 'no-such-suite'/);
  const help = await kforge(['help', 'bench', 'suites']);
  assert.match(help.stdout, /^usage: kforge bench suites/);
});

test('db best for a shape the database does not hold: "not found", exit 4', async () => {
  const db = join(scratchFolder(), 'empty.jsonl');
  writeFileSync(db, '');
  const r = await kforge(['db', 'best', '--db', db, '--op', 'gemv', '--target', 'c', '--params', '{"N":64,"K":64}']);
  assert.equal(r.code, 4, r.stderr);
  assert.match(r.stderr, /^kforge: not found: db best: no correct, timed record of gemv on c /);
  const missing = await kforge(['db', 'best', '--db', join(scratchFolder(), 'absent.jsonl'), '--op', 'gemv', '--target', 'c', '--params', '{}']);
  assert.equal(missing.code, 2, 'a database file that does not exist is bad input');
});

test('a compile-only GPU target suggests commands that exist', async (t) => {
  for (const target of ['cuda', 'opencl', 'vulkan', 'metal', 'wgsl'] as const) {
    const probes = await Promise.all(executorsFor(target).map((e) => (e.probeTarget ? e.probeTarget(target) : e.probe())));
    if (!probes.some((a) => a.ok && a.mode === 'compile-only') || probes.some((a) => a.ok && a.mode !== 'compile-only')) continue;
    const message = await executorFor(target).then(() => '', (e: Error) => e.message);
    assert.doesNotMatch(message, /--bundle/);
    assert.match(message, /`kforge emit OP --target T --params P --out DIR`/);
    assert.match(message, /tools\/gpu\/README\.md/);
    return;
  }
  t.skip('no GPU target is compile-only on this machine');
});
