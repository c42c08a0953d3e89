import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, allocTensor, encodeNpy } from '@kforge/ir';
import { OUTPUT_MARKER, checkOutputFolder, readJsonOption, readTensorFolder, writeOutputFolder } from './files.ts';

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'kforge-files-'));
}

test('files: an existing --out is replaced as a whole, and no temporary sibling is left', () => {
  const dir = scratch();
  const out = join(dir, 'out');
  writeOutputFolder(out, { 'a.txt': 'first', 'sub/b.txt': 'nested' });
  assert.equal(readFileSync(join(out, 'sub/b.txt'), 'utf8'), 'nested');
  writeOutputFolder(out, { 'c.txt': 'second' });
  assert.deepEqual(readdirSync(out).sort(), ['.kforge-out', 'c.txt']);
  assert.deepEqual(readdirSync(dir), ['out']);
  rmSync(dir, { recursive: true });
});

test('files: a failure while writing leaves --out absent (new) or untouched (existing)', () => {
  const dir = scratch();
  const out = join(dir, 'out');
  assert.throws(() => writeOutputFolder(out, { 'ok.txt': 'x', '../escape.txt': 'y' }), /escapes the output folder/);
  assert.equal(existsSync(out), false);
  writeOutputFolder(out, { 'keep.txt': 'old' });
  assert.throws(() => writeOutputFolder(out, { '../escape.txt': 'y' }));
  assert.equal(readFileSync(join(out, 'keep.txt'), 'utf8'), 'old');
  assert.deepEqual(readdirSync(dir), ['out']);
  rmSync(dir, { recursive: true });
});

test('files: --out may not be the current folder, a parent of it, or the --in folder', () => {
  const dir = scratch();
  assert.throws(() => checkOutputFolder('.'), /current folder/);
  assert.throws(() => checkOutputFolder('/'), /current folder/);
  const input = join(dir, 'in');
  mkdirSync(input);
  assert.throws(() => checkOutputFolder(input, [input]), /input folder/);
  assert.throws(() => checkOutputFolder(dir, [input]), /input folder/);
  writeFileSync(join(dir, 'file'), '');
  assert.throws(() => checkOutputFolder(join(dir, 'file')), /not a folder/);
  checkOutputFolder(join(dir, 'in2'), [input]);
  rmSync(dir, { recursive: true });
});

test('files: an existing folder without the marker is refused unless forced; empty or marked ones are replaced', () => {
  const dir = scratch();
  const out = join(dir, 'out');
  mkdirSync(join(out, 'sub'), { recursive: true });
  writeFileSync(join(out, 'notes.txt'), 'mine');
  writeFileSync(join(out, 'sub', 'keep.c'), '');
  const refused = (e: unknown) => e instanceof InputError
    && e.message === `--out '${out}' exists and was not written by kforge (it holds notes.txt, sub/); choose another folder or pass --force`;
  assert.throws(() => checkOutputFolder(out), refused);
  assert.throws(() => writeOutputFolder(out, { 'a.txt': 'x' }), refused);
  assert.equal(readFileSync(join(out, 'notes.txt'), 'utf8'), 'mine');
  assert.deepEqual(readdirSync(dir), ['out']);
  // many entries: the first few, then how many
  for (const f of ['a', 'b', 'c', 'd']) writeFileSync(join(out, f), '');
  assert.throws(() => checkOutputFolder(out), /it holds a, b, c, d \.\.\. \(6 entries\)/);
  writeOutputFolder(out, { 'a.txt': 'x' }, [], { force: true, command: 'kforge test' });
  assert.deepEqual(readdirSync(out).sort(), ['.kforge-out', 'a.txt']);
  assert.equal((JSON.parse(readFileSync(join(out, OUTPUT_MARKER), 'utf8')) as { command: string }).command, 'kforge test');
  writeOutputFolder(out, { 'b.txt': 'y' });
  assert.deepEqual(readdirSync(out).sort(), ['.kforge-out', 'b.txt']);
  const empty = join(dir, 'empty');
  mkdirSync(empty);
  writeOutputFolder(empty, { 'c.txt': 'z' });
  assert.equal(readFileSync(join(empty, 'c.txt'), 'utf8'), 'z');
  // a folder named like the marker does not count
  const fake = join(dir, 'fake');
  mkdirSync(join(fake, OUTPUT_MARKER), { recursive: true });
  assert.throws(() => checkOutputFolder(fake), /not written by kforge \(it holds \.kforge-out\/\)/);
  rmSync(dir, { recursive: true });
});

test('files: JSON options inline or @file, and what is wrong with them', () => {
  const dir = scratch();
  assert.deepEqual(readJsonOption('params', '{"M": 2}'), { M: 2 });
  writeFileSync(join(dir, 'p.json'), '{"N": 3}');
  assert.deepEqual(readJsonOption('params', `@${join(dir, 'p.json')}`), { N: 3 });
  const isInput = (re: RegExp) => (e: unknown) => e instanceof InputError && re.test(e.message);
  assert.throws(() => readJsonOption('params', '{"M": 2'), isInput(/--params: malformed JSON/));
  assert.throws(() => readJsonOption('config', '[1]'), isInput(/--config: expected a JSON object.*an array/));
  assert.throws(() => readJsonOption('params', `@${join(dir, 'nope.json')}`), isInput(/file '.*nope.json' not found/));
  rmSync(dir, { recursive: true });
});

test('files: tensor folders read only the named .npy files; a missing folder is named', () => {
  const dir = scratch();
  const t = allocTensor('f32', [2]);
  writeFileSync(join(dir, 'x.npy'), encodeNpy(t));
  writeFileSync(join(dir, 'junk.npy'), 'not npy');
  writeFileSync(join(dir, 'notes.txt'), '');
  assert.deepEqual(Object.keys(readTensorFolder('in', dir, ['x', 'y'])), ['x']);
  assert.throws(() => readTensorFolder('in', dir), /tensor 'junk'.*bad magic/);
  assert.throws(() => readTensorFolder('in', join(dir, 'missing')), /--in: folder '.*missing' does not exist/);
  rmSync(dir, { recursive: true });
});
