// The quick set of the numpy cross-check: every case must agree, and every target that executes here must have
// run a gemv (skipped, saying why, without python3 + numpy).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RVV_VLENS } from '@kforge/exec';
import { crosscheck, missingPython } from './crosscheck.ts';

test('kforge reference, quantize and run gemv agree with the independent numpy implementation', { timeout: 600_000 }, async (t) => {
  const missing = await missingPython();
  if (missing) {
    t.skip(`${missing}: the numpy cross-check did not run`);
    return;
  }
  const lines: string[] = [];
  const { differ, agree, targets, skipped } = await crosscheck({ quick: true, log: (l) => lines.push(l) });
  t.diagnostic(lines.at(-1) ?? '');
  for (const s of skipped) t.diagnostic(`not run: ${s}`);
  assert.ok(agree > 0, 'no case ran');
  for (const target of targets) assert.ok(lines.some((l) => l.includes(`@${target} `)), `no kforge run check on ${target}`);
  if (targets.includes('rvv')) {
    for (const vlen of RVV_VLENS.slice(1)) assert.ok(lines.some((l) => l.includes(`@rvv-vlen${vlen} `)), `no kforge run check on rvv at VLEN ${vlen}`);
  }
  assert.equal(differ, 0, lines.filter((l) => l.startsWith('DIFFER')).join('\n'));
});
