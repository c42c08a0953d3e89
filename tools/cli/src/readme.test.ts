/**
 * README's opening says which operators have kernels today; this holds it to the lowering registry
 * (packages/driver/src/lowerings.ts), so adding a lowering fails here with the paragraph to write.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { OPS } from '@kforge/ir';
import { TARGET_NAMES } from '@kforge/target';
import { LOWERINGS } from '@kforge/driver';

const README = resolve(import.meta.dirname, '../../../README.md');

const code = (s: string): string => `\`${s}\``;
function series(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The paragraph README should open with, from OPS and LOWERINGS. */
function kernelsParagraph(): string {
  const targetsOf = (op: string): string[] => TARGET_NAMES.filter((t) => LOWERINGS.some((l) => l.op === op && l.targets.includes(t)));
  const ops = Object.keys(OPS);
  const withKernels = ops.filter((op) => targetsOf(op).length > 0);
  const without = ops.filter((op) => targetsOf(op).length === 0);
  const where = (op: string): string => {
    const targets = targetsOf(op);
    return targets.length === TARGET_NAMES.length ? `${code(op)} on every target` : `${code(op)} on ${series(targets.map(code))}`;
  };
  const parts = [`Kernels today (the lowering registry, \`packages/driver/src/lowerings.ts\`): ${withKernels.length ? series(withKernels.map(where)) : 'none'}.`];
  if (without.length) {
    parts.push(`${series(without.map(code))} ${without.length === 1 ? 'has its definition' : 'have their definitions'} and float64 reference${without.length === 1 ? '' : 's'} (\`kforge ops\`, \`kforge reference\`) but no kernel yet.`);
  }
  return parts.join(' ');
}

test('README opening: the operators with kernels are those of the lowering registry', () => {
  const paragraphs = readFileSync(README, 'utf8').split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim());
  const opening = paragraphs.slice(0, paragraphs.findIndex((p) => p.startsWith('## ')));
  const found = opening.find((p) => p.startsWith('Kernels today'));
  const expected = kernelsParagraph();
  assert.ok(found !== undefined, `README's opening (before the first '## ') has no paragraph starting 'Kernels today'; write:\n\n${expected}\n`);
  assert.equal(found, expected, `README's 'Kernels today' paragraph is out of date; write (wrapped as you like):\n\n${expected}\n`);
});
