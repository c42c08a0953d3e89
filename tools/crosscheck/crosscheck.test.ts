// The quick set of the numpy cross-check: every case must agree (skipped, saying why, without python3 + numpy).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crosscheck, missingPython } from './crosscheck.ts';

test('kforge reference and quantize agree with the independent numpy implementation', { timeout: 300_000 }, async (t) => {
  const missing = await missingPython();
  if (missing) {
    t.skip(`${missing}: the numpy cross-check did not run`);
    return;
  }
  const lines: string[] = [];
  const { differ, agree } = await crosscheck({ quick: true, log: (l) => lines.push(l) });
  t.diagnostic(lines.at(-1) ?? '');
  assert.ok(agree > 0, 'no case ran');
  assert.equal(differ, 0, lines.filter((l) => l.startsWith('DIFFER')).join('\n'));
});
