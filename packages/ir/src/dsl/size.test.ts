import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_GRID_DIM, describeSize, evalSize, size, sizeParams, sizeToC, splitGrid, type SizeExpr } from './size.ts';

test('literals fold, so a compiled-in param leaves a number', () => {
  assert.equal(size.mul(3, 4, 2), 24);
  assert.equal(size.cdiv(10, 4), 3);
  assert.equal(size.div(10, 4), 2);
  assert.deepEqual(size.mul(3, 'N', 4), { op: 'mul', a: 12, b: 'N' });
  assert.equal(size.mul('N', 1), 'N');
  assert.equal(size.cdiv('N', 1), 'N');
  assert.equal(size.add('N', 0), 'N');
});

test('evaluation is exact integer arithmetic; a param without a value is an error', () => {
  const e = size.add(size.mul(size.cdiv('N', 4), 'K'), size.min('K', 7));
  assert.deepEqual(sizeParams(e), ['N', 'K']);
  assert.equal(evalSize(e, { N: 9, K: 5 }), 3 * 5 + 5);
  assert.equal(evalSize(size.sub(size.max('N', 10), size.div('N', 3)), { N: 8 }), 10 - 2);
  assert.throws(() => evalSize(e, { N: 9 }), /names 'K'/);
  assert.throws(() => evalSize(size.cdiv('N', 'K'), { N: 1, K: 0 }), /division by zero/);
  assert.equal(describeSize(e), '(ceil(N/4)*K)+min(K, 7)');
});

test('splitGrid: one x dimension up to 65535 workgroups, then rows of 65535 in y', () => {
  const grid = splitGrid(size.cdiv('N', 2), 3);
  for (const [N, expected] of [[1, [1, 1, 3]], [131_070, [65535, 1, 3]], [131_071, [65535, 2, 3]], [1e6, [65535, 8, 3]]] as const) {
    const g = grid.map((d) => evalSize(d, { N }));
    assert.deepEqual(g, expected, `N=${N}`);
    assert.ok(g[0]! * g[1]! >= Math.ceil(N / 2) && g[0]! <= MAX_GRID_DIM);
  }
});

const hasCc = spawnSync('cc', ['--version']).status === 0;

test('the C printer computes what evalSize computes, in 64 bits past 2^31 (compiled with cc)', { skip: !hasCc && 'no C compiler' }, () => {
  const exprs: SizeExpr[] = [
    size.mul('N', 'K', 4),
    size.cdiv(size.mul('N', 'K'), 1024),
    ...splitGrid(size.cdiv(size.mul(7, 'N'), 64), 'K'),
    size.sub(size.max('N', 'K'), size.min(size.div('N', 3), 'K')),
    // literal arithmetic as a JSON artifact may hold it: folded, not wrapped at 32 bits
    { op: 'add', a: { op: 'mul', a: 65536, b: 65536 }, b: 'N' },
  ];
  const values = [[1, 1], [4096, 4096], [1_000_003, 65_537], [2_147_483_647, 3], [300_000, 100_000]] as const;
  const dir = mkdtempSync(join(tmpdir(), 'kforge-size-'));
  try {
    const lines = ['#include <stdint.h>', '#include <stdio.h>', '#include <stdlib.h>', 'int main(int argc, char** argv) {',
      '  const int32_t N = atoi(argv[1]), K = atoi(argv[2]);', '  (void)argc;',
      ...exprs.map((e) => `  printf("%lld\\n", (long long)${sizeToC(e)});`), '  return 0;', '}'];
    writeFileSync(join(dir, 'size.c'), lines.join('\n'));
    execFileSync('cc', ['-O1', '-Wall', '-Werror', '-o', join(dir, 'size'), join(dir, 'size.c')]);
    for (const [N, K] of values) {
      const printed = execFileSync(join(dir, 'size'), [String(N), String(K)], { encoding: 'utf8' }).trim().split('\n').map(Number);
      assert.deepEqual(printed, exprs.map((e) => evalSize(e, { N, K })), `N=${N} K=${K}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
