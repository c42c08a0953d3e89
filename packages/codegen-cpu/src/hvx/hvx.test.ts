// The HVX gemv lowering without executing it: vrmpy in the compiled int8 kernels, a freestanding
// link (no libc or libm symbols left), knobs, and golden source. Execution under qemu-hexagon is in
// tools/cli/src/conformance/gemv-rvv-hvx.test.ts.
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
import { gemvHvxKernel } from './emit.ts';

const run = promisify(execFile);
const HEXAGON = ['--target=hexagon-unknown-linux-musl', '-mv67', '-mhvx', '-mhvx-length=128b', '-O2', '-ffreestanding'];
const params = (weight: string, extra: Partial<Params> = {}): Params => ({ M: 3, N: 37, K: 1024, weight, act: 'f32', bias: true, ...extra });
const source = (p: Params, config: Record<string, number | string>): string => Object.values(emitGemvCpu('hvx', p, config).files)[0]!;

/** compiled object's disassembly and its undefined symbols */
async function compile(src: string): Promise<{ asm: string; undefinedSymbols: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-hvx-'));
  try {
    writeFileSync(join(dir, 'k.c'), src);
    await run('clang-19', [...HEXAGON, '-c', join(dir, 'k.c'), '-o', join(dir, 'k.o')]);
    const asm = (await run('llvm-objdump-19', ['-d', join(dir, 'k.o')], { maxBuffer: 64 << 20 })).stdout;
    const syms = (await run('llvm-nm-19', ['-u', join(dir, 'k.o')])).stdout;
    return { asm, undefinedSymbols: syms.split('\n').map((l) => l.trim().split(/\s+/).pop()!).filter(Boolean) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// integer division helpers are provided by the harness (Hexagon has no divide instruction)
const allowedImports = (s: string): boolean => /^__hexagon_(u?div|u?mod)[sd]i3$/.test(s);

test('hvx int8 kernels use vrmpy for every quantized format and link against nothing', async () => {
  for (const weight of ['q8_0', 'q4_0', 'q4_1', 'w4g32', 'w4g128']) {
    const { asm, undefinedSymbols } = await compile(source(params(weight, { act: 'f16' }), { dot_path: 'int8' }));
    assert.match(asm, /vrmpy\(v\d+\.u?b,\s*v\d+\.b\)/, weight);
    assert.deepEqual(undefinedSymbols.filter((s) => !allowedImports(s)), [], weight);
  }
});

test('hvx float path runs on the scalar core, freestanding', async () => {
  for (const weight of ['f32', 'f16', 'bf16', 'q4_1']) {
    const { undefinedSymbols } = await compile(source(params(weight, { act: 'f16' }), { dot_path: 'float' }));
    assert.deepEqual(undefinedSymbols.filter((s) => !allowedImports(s)), [], weight);
  }
});

test('hvx knobs and artifact', () => {
  const space = gemvKnobSpace(params('q4_0'), 'hvx');
  assert.deepEqual(space.knobs.map((k) => k.name), ['rows', 'dot_path']);
  assert.deepEqual(space.defaults, { rows: 4, dot_path: 'int8' });
  assert.match(gemvKnobSpace(params('bf16'), 'hvx').check({ rows: 4, dot_path: 'int8' }) ?? '', /needs a quantized weight format/);
  const artifact = emitGemvCpu('hvx', params('w4g64'), {});
  assert.equal(artifact.arithmetic, 'int8-activations');
  assert.deepEqual(artifact.buffers.map((b) => b.name), ['x', 'W', 'W_scale', 'W_min', 'bias', 'y', 'xq', 'xd', 'xs']);
  assert.equal(emitGemvCpu('hvx', params('f32'), {}).arithmetic, 'f32');
});

test('hvx generated source matches the golden files (KFORGE_UPDATE_GOLDEN=1 re-baselines)', () => {
  const golden = new URL('./__golden__/', import.meta.url);
  const configs: [string, Params, Record<string, number | string>][] = [
    ['gemv_q8_0_int8_r2.c', params('q8_0'), { rows: 2, dot_path: 'int8' }],
    ['gemv_w4g64_int8_r1.c', params('w4g64', { act: 'f16', bias: false }), { rows: 1, dot_path: 'int8' }],
    ['gemv_bf16_float_r2.c', params('bf16'), { rows: 2, dot_path: 'float' }],
  ];
  for (const [name, p, config] of configs) expectGolden(golden, name, gemvHvxKernel(p, config).source);
});
