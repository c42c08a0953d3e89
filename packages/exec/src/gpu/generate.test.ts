import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { f16BitsToF32 } from '@kforge/ir';
import { runProcess } from '../util/subprocess.ts';
import { fillInitializer, generatedBytes, type Fill } from './generate.ts';
import { TEMPLATE_DIR } from './harness.ts';

const FILLS: readonly Fill[] = [
  { kind: 'bytes' },
  { kind: 'normal', elem: 'f16', exponent: -13 },
  { kind: 'normal', elem: 'f32', exponent: -7 },
  { kind: 'positive', elem: 'f16', exponent: -7 },
  { kind: 'blocks', blockBytes: 18, fields: [{ offset: 0, fill: { kind: 'positive', elem: 'f16', exponent: -7 } }] },
  { kind: 'blocks', blockBytes: 20, fields: [{ offset: 0, fill: { kind: 'positive', elem: 'f16', exponent: -7 } }, { offset: 2, fill: { kind: 'normal', elem: 'f16', exponent: -10 } }] },
  { kind: 'normal', elem: 'bf16', exponent: -13 },
  { kind: 'uniform', elem: 'f32', exponent: 0 },
  { kind: 'uniform', elem: 'f32', exponent: 1, negative: true },
];

test('generate.h (compiled with gcc) and generate.ts produce the same bytes, at any offset and copy', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-generate-'));
  try {
    const cases = FILLS.map((fill, i) => ({ fill, seed: 1000 + i, offset: i * 1_000_003, count: 96, copy: i % 3 }));
    const program = `#include <stdio.h>
#include "generate.h"
int main(void) {
${cases.map((c) => `  { const struct kf_fill f = ${fillInitializer(c.fill)};
    for (unsigned long long i = ${c.offset}ull; i < ${c.offset + c.count}ull; i++) printf("%u ", kf_generated_byte(&f, ${c.seed + c.copy}u, i));
    printf("\\n"); }`).join('\n')}
  return 0;
}
`;
    writeFileSync(join(dir, 'main.c'), program);
    const build = await runProcess('gcc', ['-O2', '-std=c11', '-Wall', '-Werror', '-I', TEMPLATE_DIR, '-o', 'gen', 'main.c'], { cwd: dir, timeoutMs: 60_000 });
    assert.equal(build.code, 0, build.stderr);
    const run = await runProcess(join(dir, 'gen'), [], { cwd: dir, timeoutMs: 10_000 });
    const lines = run.stdout.trim().split('\n');
    cases.forEach((c, i) => {
      const expected = Array.from(generatedBytes({ fill: c.fill, seed: c.seed }, c.offset, c.count, c.copy));
      assert.deepEqual(lines[i]!.trim().split(' ').map(Number), expected, JSON.stringify(c.fill));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('generated values are exact, centred and scaled as declared; block fields land at their offsets', () => {
  const bytes = generatedBytes({ fill: { kind: 'normal', elem: 'f16', exponent: -13 }, seed: 5 }, 0, 20000);
  const bits = new Uint16Array(bytes.buffer);
  const values = Array.from(bits, (b) => f16BitsToF32(b) * 2 ** 13);
  assert.ok(values.every((n) => Number.isInteger(n) && Math.abs(n) <= 510), 'n * 2^-13 with integer |n| <= 510');
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  assert.ok(Math.abs(mean) < 5 && Math.abs(sd - 147.8) < 5, `mean ${mean} sd ${sd}`);
  const blocks = generatedBytes({ fill: FILLS[4]!, seed: 9 }, 0, 18 * 100);
  for (let b = 0; b < 100; b++) {
    const scale = f16BitsToF32(blocks[18 * b]! | (blocks[18 * b + 1]! << 8));
    assert.ok(scale >= 2 ** -7 && scale < 2 ** -6, `block ${b} scale ${scale}`);
  }
  assert.notDeepEqual(generatedBytes({ fill: { kind: 'bytes' }, seed: 1 }, 0, 64), generatedBytes({ fill: { kind: 'bytes' }, seed: 1 }, 0, 64, 1));
  // bf16: the f32 element with its lower 16 bits dropped
  const f32 = new Uint32Array(generatedBytes({ fill: { kind: 'normal', elem: 'f32', exponent: -13 }, seed: 7 }, 0, 4000).buffer);
  const bf16 = new Uint16Array(generatedBytes({ fill: { kind: 'normal', elem: 'bf16', exponent: -13 }, seed: 7 }, 0, 2000).buffer);
  assert.deepEqual(Array.from(bf16), Array.from(f32, (b) => b >>> 16));
  // uniform: gates in [0, 1) and decays in (-2, 0], spread over the range
  const gates = new Float32Array(generatedBytes({ fill: FILLS[7]!, seed: 3 }, 0, 4000).buffer);
  const decays = new Float32Array(generatedBytes({ fill: FILLS[8]!, seed: 3 }, 0, 4000).buffer);
  assert.ok(gates.every((x) => x >= 0 && x < 1) && Math.abs(gates.reduce((a, b) => a + b, 0) / gates.length - 0.5) < 0.05);
  assert.ok(decays.every((x) => x <= 0 && x > -2) && Math.abs(decays.reduce((a, b) => a + b, 0) / decays.length + 1) < 0.1);
});
