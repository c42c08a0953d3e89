import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '@kforge/ir';
import { parseArgs, type ArgsSpec } from './args.ts';

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
