import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '@kforge/ir';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeOptions, parseArgs, type ArgsSpec } from './args.ts';
import { checkOutputFolder } from './files.ts';

const SPEC: ArgsSpec = {
  positionals: ['OP'],
  options: { params: { kind: 'value', doc: '' }, json: { kind: 'flag', doc: '' } },
};

test('args: positionals, --name value, --name=value and flags', () => {
  const a = parseArgs('x', ['gemv', '--params', '{"M":1}', '--json'], SPEC);
  assert.deepEqual(a.positionals, ['gemv']);
  assert.equal(a.required('params'), '{"M":1}');
  assert.equal(a.flag('json'), true);
  const b = parseArgs('x', ['--params={"a":"b=c"}', 'gemv'], SPEC);
  assert.equal(b.optional('params'), '{"a":"b=c"}');
  assert.equal(b.flag('json'), false);
});

test('args: every misuse is an InputError naming the option', () => {
  const cases: [string[], RegExp][] = [
    [['gemv', '--bogus', '1'], /unknown option --bogus \(known: --params --json\)/],
    [['gemv', '--toString'], /unknown option --toString/],
    [['gemv', '--params'], /--params needs a value/],
    [['gemv', '--params', '--json'], /--params needs a value/],
    [['gemv', '--json=1'], /--json takes no value/],
    [['gemv', '--json', '--json'], /--json given twice/],
    [[], /missing OP/],
    [['gemv', 'attention'], /unexpected argument 'attention'/],
  ];
  for (const [argv, message] of cases) assert.throws(() => parseArgs('x', argv, SPEC), (e: unknown) => e instanceof InputError && message.test(e.message), argv.join(' '));
  assert.throws(() => parseArgs('x', ['gemv'], SPEC).required('params'), /missing required option --params/);
});

test('args: a command whose --out is a folder takes --force, and it holds for that command line only', () => {
  const folder: ArgsSpec = { positionals: [], options: { out: { kind: 'value', doc: 'folder for the outputs' } } };
  const file: ArgsSpec = { positionals: [], options: { out: { kind: 'value', doc: 'results JSON' } } };
  assert.equal(parseArgs('x', ['--out', 'o', '--force'], folder).flag('force'), true);
  assert.match(describeOptions(folder), /--force/);
  assert.throws(() => parseArgs('x', ['--out', 'o', '--force'], file), /unknown option --force/);
  assert.doesNotMatch(describeOptions(file), /--force/);
  const dir = mkdtempSync(join(tmpdir(), 'kforge-args-'));
  writeFileSync(join(dir, 'notes.txt'), '');
  parseArgs('x', ['--out', dir, '--force'], folder);
  checkOutputFolder(dir);
  parseArgs('x', ['--out', dir], folder);
  assert.throws(() => checkOutputFolder(dir), /not written by kforge/);
  rmSync(dir, { recursive: true });
});
