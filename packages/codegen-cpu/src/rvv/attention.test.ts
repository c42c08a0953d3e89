// The RVV attention lowering: instruction assertions on the compiled objects (vsetvli strip-mining,
// vfmacc for q·k and p·v, the vector exp's reductions, vwmacc/vwredsum on the int8 path), knobs,
// golden sources, and executed runs at VLEN 128, 256 and 512 of configs the conformance matrix may not
// draw (the largest row blocks with a short last block, deep splits with empty parts, LMUL 8).
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
import { attentionRvvKernels } from './attention.ts';
import { runRvvArtifact } from './attention-harness.ts';

const run = promisify(execFile);

async function disassemble(source: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-rvv-att-'));
  try {
    writeFileSync(join(dir, 'k.c'), source);
    await run('clang-19', ['--target=riscv64-linux-gnu', '-march=rv64gcv', '-O3', '-c', join(dir, 'k.c'), '-o', join(dir, 'k.o')]);
    return (await run('llvm-objdump-19', ['-d', join(dir, 'k.o')], { maxBuffer: 64 << 20 })).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const decode = (kv: string, extra: Partial<Params> = {}): Params => ({ B: 1, Hq: 16, Hkv: 8, Sq: 1, Skv: 300, D: 128, kv, ...extra });
const prefill = (kv: string, extra: Partial<Params> = {}): Params => ({ B: 1, Hq: 4, Hkv: 2, Sq: 40, Skv: 40, D: 64, causal: true, kv, ...extra });
const source = (p: Params, config: Record<string, number | string>): string => Object.values(emitAttentionCpu('rvv', p, config).files)[0]!;

test('rvv attention strip-mines with vsetvli and accumulates q·k and p·v with vfmacc at every LMUL', async () => {
  for (const lmul of [1, 2, 4, 8]) {
    const asm = await disassemble(source(decode('f16'), { lmul, block_q: 2 }));
    assert.match(asm, new RegExp(`\\bvsetvli\\b[^\\n]*e32,\\s*m${lmul}\\b`), `lmul ${lmul}`);
    assert.match(asm, /\bvfmacc\.v[vf]\b/, `lmul ${lmul}`);
    assert.match(asm, /\bvfredusum\.vs\b/, `lmul ${lmul}`);
    // the tile max of the online softmax
    assert.match(asm, /\bvfredmax\.vs\b/, `lmul ${lmul}`);
  }
  const q8 = await disassemble(source(decode('q8_0'), { dot_path: 'float' }));
  assert.match(q8, /\bvfwcvt\.f\.x\.v\b/);
  assert.match(q8, /\bvfmacc\.v[vf]\b/);
});

test('rvv attention int8 path: vwmacc and vwredsum per 32-block of q·k, vfmacc for p·v', async () => {
  for (const lmul of [1, 2, 4]) {
    const asm = await disassemble(source(decode('q8_0'), { dot_path: 'int8', lmul }));
    assert.match(asm, /\bvsetvli\b[^\n]*e8,/, `lmul ${lmul}`);
    assert.match(asm, /\bvwmacc\.vv\b/, `lmul ${lmul}`);
    assert.match(asm, /\bvwredsum\.vs\b/, `lmul ${lmul}`);
    assert.match(asm, /\bvfmacc\.v[vf]\b/, `lmul ${lmul}`);
  }
});

test('rvv attention knobs: decode and prefill defaults, register budget, int8 limits; split-KV adds the combine dispatch', () => {
  const space = attentionCpuKnobSpace('rvv', resolveParams(getOp('attention'), decode('q8_0')));
  assert.deepEqual(space.knobs.map((k) => k.name), ['lmul', 'block_q', 'block_kv', 'kv_splits', 'dot_path']);
  assert.deepEqual(space.defaults, { lmul: 2, block_q: 2, block_kv: 64, kv_splits: 1, dot_path: 'int8' });
  assert.equal(space.check(space.defaults), undefined);
  // a decode group of 8 heads is one block: each K/V strip read once per kv head
  assert.equal(attentionCpuKnobSpace('rvv', decode('f16', { Hq: 32, Hkv: 4 })).defaults.block_q, 8);
  assert.deepEqual(attentionCpuKnobSpace('rvv', prefill('f32')).defaults, { lmul: 2, block_q: 8, block_kv: 64, kv_splits: 1, dot_path: 'float' });
  assert.match(space.check({ lmul: 8, block_q: 1, block_kv: 64, kv_splits: 1, dot_path: 'int8' }) ?? '', /on the int8 path/);
  assert.match(space.check({ lmul: 4, block_q: 8, block_kv: 64, kv_splits: 1, dot_path: 'float' }) ?? '', /exceed the 32 vector registers/);
  assert.match(attentionCpuKnobSpace('rvv', decode('f16')).check({ lmul: 1, block_q: 1, block_kv: 16, kv_splits: 1, dot_path: 'int8' }) ?? '', /needs kv q8_0/);
  assert.throws(() => emitAttentionCpu('rvv', decode('f32'), { lmul: 3 }), /lmul must be one of/);

  const split = emitAttentionCpu('rvv', decode('q8_0'), { kv_splits: 4 });
  assert.equal(split.arithmetic, 'int8-activations');
  assert.equal(split.threads, 1);
  assert.deepEqual(split.buffers.map((b) => [b.name, b.role]), [
    ['q', 'in'], ['k', 'in'], ['v', 'in'], ['o', 'out'], ['part_m', 'scratch'], ['part_l', 'scratch'], ['part_o', 'scratch'], ['qq', 'scratch'], ['qd', 'scratch'],
  ]);
  assert.equal(split.dispatches.length, 2);
  assert.deepEqual(split.dispatches[1]!.args, ['part_m', 'part_l', 'part_o', 'o', 'B', 'Sq', 'Skv']);
  assert.deepEqual(split.scalars.map((s) => s.name), ['B', 'Sq', 'Skv']);
  assert.equal(emitAttentionCpu('rvv', decode('f16'), {}).dispatches.length, 1);
});

test('rvv attention generated source matches the golden files (KFORGE_UPDATE_GOLDEN=1 re-baselines)', () => {
  const golden = new URL('./__golden__/', import.meta.url);
  const configs: [string, Params, Record<string, number | string>][] = [
    ['attention_f16_decode_gqa_m2.c', decode('f16'), { lmul: 2, block_q: 2 }],
    ['attention_q8_0_int8_split4_m1.c', decode('q8_0', { window: 100 }), { lmul: 1, block_q: 2, kv_splits: 4, dot_path: 'int8' }],
    ['attention_f32_prefill_causal_window_m4.c', prefill('f32', { window: 9 }), { lmul: 4, block_q: 4, block_kv: 32 }],
  ];
  for (const [name, p, config] of configs) expectGolden(golden, name, attentionRvvKernels(p, config).source);
});

const qemu = await run('qemu-riscv64', ['--version']).then(() => true, () => false);

test('rvv attention runs right at VLEN 128, 256 and 512 (qemu-riscv64)', { skip: !qemu && 'qemu-riscv64 not installed' }, async () => {
  const cases: [Params, Record<string, number | string>][] = [
    // GQA 8 rows in one block with a short last block (Sq * group = 24), causal prefill chunk
    [{ B: 2, Hq: 8, Hkv: 2, Sq: 6, Skv: 70, D: 40, causal: true, kv: 'f16' }, { lmul: 2, block_q: 8, block_kv: 16 }],
    // deep split of a window: most parts empty
    [{ B: 1, Hq: 4, Hkv: 1, Sq: 1, Skv: 200, D: 64, Dv: 96, window: 5, kv: 'q8_0' }, { lmul: 1, block_q: 4, block_kv: 16, kv_splits: 8, dot_path: 'int8' }],
    [{ B: 1, Hq: 2, Hkv: 2, Sq: 3, Skv: 77, D: 200, Dv: 24, scale: 0.05, kv: 'f32' }, { lmul: 8, block_q: 2, block_kv: 128, kv_splits: 2 }],
  ];
  const op = getOp('attention');
  for (const [raw, config] of cases) {
    const params = resolveParams(op, raw);
    const inputs = randomInputs(op, params, 11);
    const bytes = Object.fromEntries(Object.entries(inputs).map(([name, t]) => [name, tensorBytes(t)]));
    const ref = op.reference(params, inputs).o!;
    const artifact = emitAttentionCpu('rvv', params, config);
    for (const vlen of [128, 256, 512]) {
      const out = await runRvvArtifact(artifact, bytes, vlen);
      const y = toFloat64(tensorFromBytes(out.o!, 'f32', ref.shape, 'o'));
      const check = checkOutput('attention', 'o', y, ref, artifact.arithmetic ?? 'f32');
      assert.ok(check.ok, `vlen ${vlen} ${JSON.stringify(raw)} ${JSON.stringify(config)}: ${check.message}`);
    }
  }
});
