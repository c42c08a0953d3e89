// The quick set of the numpy cross-check: every case must agree, and every target that executes here must have
// run a gemv and an attention kernel (skipped, saying why, without python3 + numpy).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RVV_VLENS } from '@kforge/exec';
import { crosscheck, missingPython } from './crosscheck.ts';

test('kforge reference, quantize, run gemv and run attention agree with the independent numpy implementation', { timeout: 900_000 }, async (t) => {
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
  const on = (op: string, at: string): boolean => lines.some((l) => l.includes(`@${at} `) && l.includes(op === 'gemv' ? ' gemv-run-' : ' attn-run-'));
  for (const op of ['gemv', 'attention']) {
    for (const target of targets) assert.ok(on(op, target), `no kforge run ${op} check on ${target}`);
    if (targets.includes('rvv')) {
      for (const vlen of RVV_VLENS.slice(1)) assert.ok(on(op, `rvv-vlen${vlen}`), `no kforge run ${op} check on rvv at VLEN ${vlen}`);
    }
  }
  assert.equal(differ, 0, lines.filter((l) => l.startsWith('DIFFER')).join('\n'));
});
