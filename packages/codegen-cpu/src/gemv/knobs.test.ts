// Decode defaults by row length, and the int8 path's zero-point fold (structure only: gemv.test.ts
// and `kforge verify` check the numbers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Params } from '@kforge/ir';
import { checkGemvCpuConfig, gemvCpuDefaults } from './knobs.ts';
import { emitGemvCpu } from './emit.ts';

const decode = (weight: string, N: number, K: number, M = 1): Params => ({ M, N, K, weight, act: 'f32', bias: false });

test('x86 decode defaults: one row at a time for rows under 3 KiB, 8 rows sharing x otherwise', () => {
  for (const target of ['avx2', 'avx512'] as const) {
    // q4_0 K = 1024: 576 bytes per row; bf16 K = 1024: 2 KiB; q8_0 K = 14336: 15 KiB; f32 K = 1024: 4 KiB
    assert.deepEqual(gemvCpuDefaults(target, decode('q4_0', 3072, 1024)), { rows: 1, m_tile: 1, k_unroll: 4, threads: 2, dot_path: 'int8' });
    assert.equal(gemvCpuDefaults(target, decode('bf16', 151936, 1024)).rows, 1);
    assert.deepEqual(gemvCpuDefaults(target, decode('q8_0', 4096, 14336)), { rows: 8, m_tile: 1, k_unroll: 1, threads: 2, dot_path: 'int8' });
    assert.equal(gemvCpuDefaults(target, decode('f32', 3072, 1024)).rows, 8);
  }
  // batches and other targets keep the row-block defaults
  assert.equal(gemvCpuDefaults('avx2', decode('q4_0', 3072, 1024, 4)).m_tile, 4);
  assert.equal(gemvCpuDefaults('neon', decode('q4_0', 3072, 1024)).rows, 4);
  for (const p of [decode('q4_0', 3072, 1024), decode('f32', 4096, 14336), decode('q4_0', 8, 32, 16)]) {
    assert.equal(checkGemvCpuConfig(gemvCpuDefaults('avx2', p) as unknown as Record<string, number | string>, p), undefined);
  }
});

test('int8 path folds a zero point into the integer dot; a min stays a scalar term', () => {
  const q40 = emitGemvCpu('avx2', decode('q4_0', 64, 256));
  const src = Object.values(q40.files)[0]!;
  assert.ok(q40.buffers.some((b) => b.name === 'xz' && b.role === 'scratch'));
  assert.ok(!q40.buffers.some((b) => b.name === 'xs'), 'q4_0 needs no per-block sum(x) term once the zero is folded');
  assert.match(src, /_mm256_sub_epi32\(kf_dot_u8s8/);
  assert.match(src, /kf_nibbles_u8x32\(qs_0\)/);
  assert.doesNotMatch(src, /corr_/);

  const q41 = emitGemvCpu('avx2', decode('q4_1', 64, 256));
  assert.ok(q41.buffers.some((b) => b.name === 'xs'));
  assert.ok(!q41.buffers.some((b) => b.name === 'xz'));

  // NEON folds too (two 16-byte dot chunks per block into 4 lanes); the float path never does
  assert.match(Object.values(emitGemvCpu('neon', decode('q4_0', 64, 256)).files)[0]!, /vsubq_s32\(/);
  assert.ok(!emitGemvCpu('avx2', decode('q4_0', 64, 256), { dot_path: 'float' }).buffers.some((b) => b.name === 'xz'));
});
