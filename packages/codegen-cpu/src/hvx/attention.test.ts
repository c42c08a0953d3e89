// The HVX attention lowering: vrmpy in the compiled q8_0 int8 kernels (k blocks grouped four to a vector
// and the single blocks after them), a freestanding link for both paths (no libc or libm symbols),
// knobs, golden sources, and executed runs under qemu-hexagon of what the conformance shapes leave
// out (a head size with four-block groups and a leftover block, 64-row blocks, splits).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOutput, getOp, randomInputs, resolveParams, tensorBytes, tensorFromBytes, toFloat64, type Params } from '@kforge/ir';
import { attentionCpuKnobSpace, emitAttentionCpu } from '../index.ts';
import { expectGolden } from '../golden.ts';
import { attentionHvxKernels } from './attention.ts';
import { runHvxArtifact } from './attention-harness.ts';

const run = promisify(execFile);
const HEXAGON = ['--target=hexagon-unknown-linux-musl', '-mv67', '-mhvx', '-mhvx-length=128b', '-O2', '-ffreestanding'];

async function compile(src: string): Promise<{ asm: string; undefinedSymbols: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-hvx-att-'));
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

// integer division helpers are the harness's (Hexagon has no divide instruction)
const allowedImports = (s: string): boolean => /^__hexagon_(u?div|u?mod)[sd]i3$/.test(s);
const decode = (kv: string, extra: Partial<Params> = {}): Params => ({ B: 1, Hq: 16, Hkv: 8, Sq: 1, Skv: 300, D: 128, kv, ...extra });
const prefill = (kv: string, extra: Partial<Params> = {}): Params => ({ B: 1, Hq: 4, Hkv: 2, Sq: 40, Skv: 40, D: 64, causal: true, kv, ...extra });
const source = (p: Params, config: Record<string, number | string>): string => Object.values(emitAttentionCpu('hvx', p, config).files)[0]!;

test('hvx attention int8 path: q·k with vrmpy on HVX vectors, for grouped and single k blocks, linking against nothing', async () => {
  for (const [p, config] of [
    [decode('q8_0'), {}],
    [decode('q8_0', { D: 160, Dv: 64, window: 40 }), { kv_splits: 4 }],
    [prefill('q8_0', { D: 96 }), { block_q: 4 }],
  ] as const) {
    const { asm, undefinedSymbols } = await compile(source(p, config));
    assert.match(asm, /vrmpy\(v\d+\.b,\s*v\d+\.b\)/, JSON.stringify(p));
    assert.deepEqual(undefinedSymbols.filter((s) => !allowedImports(s)), [], JSON.stringify(p));
  }
});

test('hvx attention float path runs on the scalar core, freestanding', async () => {
  for (const kv of ['f32', 'f16', 'q8_0']) {
    const { undefinedSymbols } = await compile(source(decode(kv), { dot_path: 'float', kv_splits: 2 }));
    assert.deepEqual(undefinedSymbols.filter((s) => !allowedImports(s)), [], kv);
  }
});

test('hvx attention knobs: decode and prefill defaults, checks, artifacts', () => {
  const space = attentionCpuKnobSpace('hvx', resolveParams(getOp('attention'), decode('q8_0')));
  assert.deepEqual(space.knobs.map((k) => k.name), ['block_q', 'block_kv', 'kv_splits', 'dot_path']);
  assert.deepEqual(space.defaults, { block_q: 1, block_kv: 128, kv_splits: 1, dot_path: 'int8' });
  assert.deepEqual(attentionCpuKnobSpace('hvx', prefill('f16')).defaults, { block_q: 8, block_kv: 64, kv_splits: 1, dot_path: 'float' });
  assert.match(space.check({ block_q: 2, block_kv: 64, kv_splits: 1, dot_path: 'int8' }) ?? '', /exceeds Sq = 1/);
  assert.match(attentionCpuKnobSpace('hvx', decode('f32')).check({ block_q: 1, block_kv: 64, kv_splits: 1, dot_path: 'int8' }) ?? '', /needs q8_0 KV/);
  assert.match(attentionCpuKnobSpace('hvx', prefill('q8_0', { Hq: 64, Hkv: 1 })).check({ block_q: 2, block_kv: 64, kv_splits: 1, dot_path: 'int8' }) ?? '', /exceeds 64 rows/);

  const int8 = emitAttentionCpu('hvx', decode('q8_0'), { kv_splits: 2 });
  assert.equal(int8.arithmetic, 'int8-activations');
  assert.deepEqual(int8.buffers.map((b) => b.name), ['q', 'k', 'v', 'o', 'part_m', 'part_l', 'part_o', 'qq', 'qd']);
  assert.equal(int8.dispatches.length, 2);
  const float = emitAttentionCpu('hvx', decode('f16'), {});
  assert.equal(float.arithmetic, 'f32');
  assert.equal(float.threads, 1);
  assert.deepEqual(float.buffers.slice(0, 4).map((b) => b.name), ['q', 'k', 'v', 'o']);
});

test('hvx attention generated source matches the golden files (KFORGE_UPDATE_GOLDEN=1 re-baselines)', () => {
  const golden = new URL('./__golden__/', import.meta.url);
  const configs: [string, Params, Record<string, number | string>][] = [
    ['attention_q8_0_int8_decode.c', decode('q8_0', { D: 160, Dv: 96 }), {}],
    ['attention_q8_0_int8_prefill_split2.c', prefill('q8_0', { window: 9 }), { block_q: 2, block_kv: 32, kv_splits: 2 }],
    ['attention_f16_float_decode.c', decode('f16'), { block_kv: 64 }],
  ];
  for (const [name, p, config] of configs) expectGolden(golden, name, attentionHvxKernels(p, config).source);
});

const qemu = await run('qemu-hexagon', ['--version']).then(() => true, () => false);

test('hvx attention runs right under qemu-hexagon', { skip: !qemu && 'qemu-hexagon not installed' }, async () => {
  const cases: [Params, Record<string, number | string>][] = [
    // D 160: one group of four k blocks and a single one; 64 rows per block (8 heads times 8 positions), a split
    [{ B: 1, Hq: 16, Hkv: 2, Sq: 11, Skv: 40, D: 160, Dv: 64, causal: true, window: 30, kv: 'q8_0' }, { block_q: 8, block_kv: 16, kv_splits: 2, dot_path: 'int8' }],
    [{ B: 2, Hq: 4, Hkv: 4, Sq: 1, Skv: 50, D: 224, Dv: 32, kv: 'q8_0' }, { block_q: 1, block_kv: 16, kv_splits: 8, dot_path: 'int8' }],
    [{ B: 1, Hq: 4, Hkv: 2, Sq: 5, Skv: 33, D: 40, window: 4, kv: 'f16' }, { block_q: 4, block_kv: 16, kv_splits: 2, dot_path: 'float' }],
  ];
  const op = getOp('attention');
  for (const [raw, config] of cases) {
    const params = resolveParams(op, raw);
    const inputs = randomInputs(op, params, 13);
    const bytes = Object.fromEntries(Object.entries(inputs).map(([name, t]) => [name, tensorBytes(t)]));
    const ref = op.reference(params, inputs).o!;
    const artifact = emitAttentionCpu('hvx', params, config);
    const y = toFloat64(tensorFromBytes(await runHvxArtifact(artifact, bytes), 'f32', ref.shape, 'o'));
    const check = checkOutput('attention', 'o', y, ref, artifact.arithmetic ?? 'f32');
    assert.ok(check.ok, `${JSON.stringify(raw)} ${JSON.stringify(config)}: ${check.message}`);
  }
});
