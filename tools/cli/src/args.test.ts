import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '@kforge/ir';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeOptions, parseArgs, type ArgsSpec } from './args.ts';
import { FORCE_OPTION, checkOutputFolder, outputOptions } from './files.ts';

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

test('args: --force reaches the output check only through the command line that declared and gave it', () => {
  const spec: ArgsSpec = { positionals: [], options: { out: { kind: 'value', doc: 'folder for the outputs' }, force: FORCE_OPTION } };
  assert.match(describeOptions(spec), /--force/);
  const dir = mkdtempSync(join(tmpdir(), 'kforge-args-'));
  writeFileSync(join(dir, 'notes.txt'), '');
  const forced = outputOptions(parseArgs('run', ['--out', dir, '--force'], spec));
  assert.deepEqual(forced, { force: true, command: 'kforge run' });
  checkOutputFolder(dir, [], forced);
  const plain = outputOptions(parseArgs('run', ['--out', dir], spec));
  assert.throws(() => checkOutputFolder(dir, [], plain), /not written by kforge/);
  assert.throws(() => parseArgs('x', ['--force'], SPEC), /unknown option --force/);
  rmSync(dir, { recursive: true });
});
