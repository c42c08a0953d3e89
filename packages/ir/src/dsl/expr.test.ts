import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalBool, evalExpr, evalInt, exprIdentifiers, parseExpr } from './expr.ts';
import { InputError } from '../errors.ts';

test('arithmetic follows the usual precedence and integer rules', () => {
  assert.equal(evalExpr('1 + 2 * 3', {}), 7);
  assert.equal(evalExpr('(1 + 2) * 3', {}), 9);
  assert.equal(evalExpr('7 % 4 - -1', {}), 4);
  assert.equal(evalExpr('K / 32', { K: 4096 }), 128);
  assert.equal(evalExpr('min(N, 8, max(2, 3))', { N: 5 }), 3);
  assert.equal(evalExpr('1/sqrt(D)', { D: 64 }), 0.125);
  assert.equal(evalExpr('1.0 / 4', {}), 0.25);
  assert.equal(evalExpr('1e-6 * 2', {}), 2e-6);
});

test('integer division must be exact', () => {
  assert.throws(() => evalExpr('K / 32', { K: 100 }), /100 \/ 32 is not an exact integer division/);
  assert.throws(() => evalExpr('K / 0', { K: 100 }), /division by zero/);
  assert.throws(() => evalExpr('1.5 % 2', {}), /'%' needs integers/);
});

test('comparisons, logic and string literals', () => {
  assert.equal(evalExpr("routing == 'router' && bias", { routing: 'router', bias: true }), true);
  assert.equal(evalExpr("routing != 'router' || !bias", { routing: 'router', bias: true }), false);
  assert.equal(evalExpr('Hq % Hkv == 0 && Sq <= Skv', { Hq: 8, Hkv: 2, Sq: 3, Skv: 3 }), true);
  assert.equal(evalExpr('window > 0', { window: 0 }), false);
  assert.equal(evalExpr('causal == true', { causal: false }), false);
  // short-circuit: the right side is not evaluated (it would be an unknown identifier)
  assert.equal(evalExpr('false && missing', {}), false);
});

test('type errors and unknown names are InputErrors naming the problem', () => {
  assert.throws(() => evalExpr('Q + 1', { K: 1 }), (e) => e instanceof InputError && /unknown identifier 'Q'/.test(e.message));
  assert.throws(() => evalExpr("weight == 3", { weight: 'q8_0' }), /compares string "q8_0" with int 3/);
  assert.throws(() => evalExpr('bias + 1', { bias: true }), /needs a number/);
  assert.throws(() => evalExpr('N && true', { N: 1 }), /'&&' needs a bool/);
  assert.throws(() => evalExpr('sqrt(-1)', {}), /sqrt of negative/);
  assert.throws(() => evalInt('1/sqrt(D)', { D: 2 }), /expected an integer/);
  assert.throws(() => evalBool('N', { N: 2 }), /expected a bool/);
});

test('syntax errors say where', () => {
  assert.throws(() => parseExpr('1 +'), /unexpected end/);
  assert.throws(() => parseExpr('(1 + 2'), /expected '\)'/);
  assert.throws(() => parseExpr('1 2'), /unexpected '2' at 2/);
  assert.throws(() => parseExpr("'abc"), /unterminated string/);
  assert.throws(() => parseExpr('a # b'), /unexpected character '#'/);
  assert.throws(() => parseExpr('exp(1)'), /unknown function 'exp'/);
  assert.throws(() => parseExpr('sqrt(1, 2)'), /sqrt\(\) takes 1 argument/);
});

test('parsed ASTs are cached and identifiers listed once in order', () => {
  assert.equal(parseExpr('Hq % Hkv'), parseExpr('Hq % Hkv'));
  assert.deepEqual(exprIdentifiers('min(Sq, Skv) + Sq * D - sqrt(D) > true'), ['Sq', 'Skv', 'D']);
});
