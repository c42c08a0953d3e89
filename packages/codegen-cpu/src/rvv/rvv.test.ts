// The RVV gemv lowering without executing it: instruction assertions on the compiled kernels
// (vsetvli strip-mining, widening multiply-adds for int8, vfmacc for float), knob checks, and golden
// source. Execution at VLEN 128/256/512 is in tools/cli/src/conformance/gemv-rvv-hvx.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Params } from '@kforge/ir';
import { emitGemvCpu, gemvKnobSpace } from '../index.ts';
import { expectGolden } from '../golden.ts';
import { gemvRvvKernel, renderGemvRvv } from './emit.ts';

const run = promisify(execFile);
const params = (weight: string, extra: Partial<Params> = {}): Params => ({ M: 3, N: 37, K: 1024, weight, act: 'f32', bias: true, ...extra });

async function disassemble(source: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-rvv-'));
  try {
    writeFileSync(join(dir, 'k.c'), source);
    await run('clang-19', ['--target=riscv64-linux-gnu', '-march=rv64gcv', '-O3', '-c', join(dir, 'k.c'), '-o', join(dir, 'k.o')]);
    return (await run('llvm-objdump-19', ['-d', join(dir, 'k.o')], { maxBuffer: 64 << 20 })).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const source = (p: Params, config: Record<string, number | string>): string => Object.values(emitGemvCpu('rvv', p, config).files)[0]!;

test('rvv int8 kernels strip-mine with vsetvli and use widening multiply-adds and reductions', async () => {
  for (const weight of ['q8_0', 'q4_1', 'w4g64']) {
    const asm = await disassemble(source(params(weight), { dot_path: 'int8' }));
    assert.match(asm, /\bvsetvli\b/, weight);
    assert.match(asm, /\bvwmacc(u|su)?\.vv\b|\bvwmul(u|su)?\.vv\b/, weight);
    assert.match(asm, /\bvwredsum\.vs\b/, weight);
  }
});

test('rvv float kernels accumulate with vfmacc at every LMUL; codes widen with vfwcvt', async () => {
  for (const lmul of [1, 2, 4, 8]) {
    const asm = await disassemble(source(params('f32'), { lmul, rows: 2 }));
    assert.match(asm, /\bvsetvli\b[^\n]*e32,\s*m\d/, `lmul ${lmul}`);
    assert.match(asm, /\bvfmacc\.vv\b/, `lmul ${lmul}`);
    assert.match(asm, /\bvfredusum\.vs\b/, `lmul ${lmul}`);
  }
  const q4 = await disassemble(source(params('q4_0', { act: 'f16' }), { dot_path: 'float' }));
  assert.match(q4, /\bvfwcvt\.f\.xu\.v\b/);
  assert.match(q4, /\bvfmacc\.vv\b/);
  for (const weight of ['f16', 'bf16']) assert.match(await disassemble(source(params(weight), {})), /\bvfmacc\.vv\b/, weight);
});

test('rvv knobs: LMUL domain, register budget and int8 limits are checked', () => {
  const space = gemvKnobSpace(params('q4_0'), 'rvv');
  assert.deepEqual(space.knobs.map((k) => k.name), ['lmul', 'rows', 'dot_path']);
  assert.equal(space.check(space.defaults), undefined);
  assert.match(space.check({ lmul: 8, rows: 1, dot_path: 'int8' }) ?? '', /lmul must be one of 1, 2, 4 on the int8 path/);
  assert.match(space.check({ lmul: 8, rows: 4, dot_path: 'float' }) ?? '', /exceed the 32 vector registers/);
  assert.match(gemvKnobSpace(params('f32'), 'rvv').check({ lmul: 1, rows: 1, dot_path: 'int8' }) ?? '', /needs a quantized weight format/);
  assert.throws(() => emitGemvCpu('rvv', params('f32'), { lmul: 3 }), /lmul must be one of 1, 2, 4, 8/);
  const artifact = emitGemvCpu('rvv', params('q8_0'), {});
  assert.equal(artifact.arithmetic, 'int8-activations');
  assert.deepEqual(artifact.buffers.map((b) => b.name), ['x', 'W', 'bias', 'y', 'xq', 'xd']);
});

test('rvv generated source matches the golden files (KFORGE_UPDATE_GOLDEN=1 re-baselines)', () => {
  const golden = new URL('./__golden__/', import.meta.url);
  const configs: [string, Params, Record<string, number | string>][] = [
    ['gemv_f16_float_m2.c', params('f16', { bias: false }), { lmul: 2, rows: 2 }],
    ['gemv_q4_0_int8_m1.c', params('q4_0'), { lmul: 1, rows: 2, dot_path: 'int8' }],
    ['gemv_w4g128_float_m4.c', params('w4g128', { act: 'f16' }), { lmul: 4, rows: 1, dot_path: 'float' }],
  ];
  for (const [name, p, config] of configs) expectGolden(golden, name, renderGemvRvv(gemvRvvKernel(p, config)));
});
