import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../errors.ts';
import { recordedConfig, resolveKnobs, type KnobSpace } from './knobs.ts';

// a toy space with the shape of the GPU gemv rule: 'fast' x only on path 'b'
const space: KnobSpace = {
  knobs: [
    { name: 'path', values: ['a', 'b'], doc: '' },
    { name: 'x', values: ['plain', 'fast'], doc: '' },
    { name: 'rows', values: [1, 2], doc: '' },
  ],
  check: (c) => (c.x === 'fast' && c.path !== 'b' ? "x 'fast' needs path 'b'" : undefined),
  defaults: { path: 'b', x: 'fast', rows: 2 },
};

test('resolveKnobs: defaults overlaid by the given knobs; defaulted knobs give way to given ones', () => {
  assert.deepEqual(resolveKnobs(space, {}, 'op'), { path: 'b', x: 'fast', rows: 2 });
  assert.deepEqual(resolveKnobs(space, { rows: 1 }, 'op'), { path: 'b', x: 'fast', rows: 1 });
  // path 'a' given: the defaulted x falls back to its first value that fits
  assert.deepEqual(resolveKnobs(space, { path: 'a' }, 'op'), { path: 'a', x: 'plain', rows: 2 });
  // both given and clashing: the rule's message
  assert.throws(() => resolveKnobs(space, { path: 'a', x: 'fast' }, 'op'), (e: Error) => e instanceof InputError && /op: config .* is invalid: x 'fast' needs path 'b'/.test(e.message));
  assert.throws(() => resolveKnobs(space, { tiles: 2 }, 'op'), /op: unknown knob 'tiles' \(knobs: path, x, rows\)/);
  assert.throws(() => resolveKnobs(space, { rows: 3 }, 'op'), /op: knob 'rows' = 3 is not one of \[1,2\]/);
});

test('resolveKnobs: where one defaulted knob cannot make way, two do (the first values that fit)', () => {
  // 'fast' x needs path 'b', and path 'b' needs rows 2: rows 1 given, both defaults give way
  const chained: KnobSpace = {
    ...space,
    check: (c) => (c.x === 'fast' && c.path !== 'b' ? "x 'fast' needs path 'b'" : c.path === 'b' && c.rows !== 2 ? "path 'b' needs rows 2" : undefined),
  };
  assert.deepEqual(resolveKnobs(chained, { rows: 1 }, 'op'), { path: 'a', x: 'plain', rows: 1 });
});

test('recordedConfig: a knob an old record lacks takes its first value (the behaviour before it existed), not the default', () => {
  assert.deepEqual(recordedConfig(space, { path: 'a', rows: 1 }), { path: 'a', rows: 1, x: 'plain' });
  assert.deepEqual(recordedConfig(space, { path: 'b', x: 'fast', rows: 2 }), { path: 'b', x: 'fast', rows: 2 });
});
