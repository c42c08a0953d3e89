// Decode defaults by row length, and the int8 path's groups of blocks (structure only: gemv.test.ts
// and `kforge verify` check the numbers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Params } from '@kforge/ir';
import { checkGemvCpuConfig, gemvCpuDefaults } from './knobs.ts';
import { emitGemvCpu } from './emit.ts';

const decode = (weight: string, N: number, K: number, M = 1): Params => ({ M, N, K, weight, act: 'f32', bias: false });

test('x86 defaults: dense decode by row length; quantized decode spreads 2 rows, batches tile x', () => {
  for (const target of ['avx2', 'avx512'] as const) {
    // bf16 K = 1024: 2 KiB per row (avx2: one row at a time; avx512: 4 spread rows); f32 K = 1024: 4 KiB (8 rows sharing x)
    const short = gemvCpuDefaults(target, decode('bf16', 151936, 1024));
    assert.deepEqual([short.rows, short.row_order], target === 'avx2' ? [1, 'adjacent'] : [4, 'spread']);
    assert.deepEqual(gemvCpuDefaults(target, decode('f32', 3072, 1024)), { rows: 8, m_tile: 1, k_unroll: 1, threads: 2, dot_path: 'float', prefetch: 0, row_order: 'adjacent' });
    // quantized weights, any row length: 2 rows N/2 apart, each prefetched 4 KiB ahead; avx512 batches
    // of the block formats on zmm, decode and the planar formats on ymm (measured on Zen 5)
    // (avx512 names the width either way: a config completed at another M keeps it)
    const wide = target === 'avx512' ? { dot_width: 512 } : {};
    const narrow = target === 'avx512' ? { dot_width: 256 } : {};
    const spread = { rows: 2, m_tile: 1, k_unroll: 2, threads: 2, dot_path: 'int8', prefetch: 4096, row_order: 'spread', ...narrow };
    assert.deepEqual(gemvCpuDefaults(target, decode('q4_0', 3072, 1024)), spread);
    assert.deepEqual(gemvCpuDefaults(target, decode('q8_0', 4096, 14336)), spread);
    const batch = { rows: 1, m_tile: 4, k_unroll: 4, threads: 2, dot_path: 'int8', prefetch: 4096, row_order: 'adjacent' };
    assert.deepEqual(gemvCpuDefaults(target, decode('q8_0', 4096, 4096, 4)), { ...batch, ...wide });
    assert.deepEqual(gemvCpuDefaults(target, decode('q4_1', 4096, 4096, 16)), { ...batch, ...wide });
    assert.deepEqual(gemvCpuDefaults(target, decode('w4g128', 4096, 4096, 16)), { ...batch, ...narrow });
  }
  // other targets keep the row-block defaults
  assert.equal(gemvCpuDefaults('neon', decode('q4_0', 3072, 1024)).rows, 4);
  for (const p of [decode('q4_0', 3072, 1024), decode('f32', 4096, 14336), decode('q4_0', 8, 32, 16), decode('q8_0', 8, 64, 2)]) {
    assert.equal(checkGemvCpuConfig(gemvCpuDefaults('avx2', p) as unknown as Record<string, number | string>, p), undefined);
  }
});

test('spread rows: row r of a block is n0 + r * (N / rows); the rows after the last block stay in order', () => {
  const src = Object.values(emitGemvCpu('avx2', decode('q8_0', 64, 256), { rows: 4, k_unroll: 1, row_order: 'spread' }).files)[0]!;
  assert.match(src, /const int32_t n0 = rb;/);
  assert.match(src, /y\[\(\(\(m0 \+ 0\) \* N\) \+ \(n0 \+ \(\(N \/ 4\) \* 3\)\)\)\]/);
  assert.match(src, /for \(int32_t n0 = \(N - \(N % 4\)\); n0 < N; n0\+\+\)/);
  const adjacent = Object.values(emitGemvCpu('avx2', decode('q8_0', 64, 256), { rows: 4, k_unroll: 1, row_order: 'adjacent' }).files)[0]!;
  assert.match(adjacent, /const int32_t n0 = \(rb \* 4\);/);
  assert.match(checkGemvCpuConfig({ ...gemvCpuDefaults('avx2', decode('q8_0', 64, 256)), row_order: 'zigzag' } as unknown as Record<string, number | string>, decode('q8_0', 64, 256)) ?? '', /row_order must be one of/);
});

test('prefetch: quantized weights on the SIMD targets, where the ISA has the hint', () => {
  const p = decode('q4_0', 64, 256);
  const dense = decode('f32', 4096, 4096);
  const cfg = (c: object): Record<string, number | string> => c as unknown as Record<string, number | string>;
  assert.equal(gemvCpuDefaults('avx2', dense).prefetch, 0);
  assert.equal(gemvCpuDefaults('neon', p).prefetch, 0);
  assert.match(checkGemvCpuConfig(cfg({ ...gemvCpuDefaults('avx2', dense), prefetch: 2048 }), dense) ?? '', /quantized weights on the SIMD targets/);
  assert.match(checkGemvCpuConfig(cfg({ ...gemvCpuDefaults('c', p), prefetch: 2048 }), p, 'c') ?? '', /quantized weights on the SIMD targets/);
  assert.match(checkGemvCpuConfig(cfg({ ...gemvCpuDefaults('avx2', p), prefetch: 100 }), p) ?? '', /prefetch must be one of/);
  const src = (config: Record<string, number | string>): string => Object.values(emitGemvCpu('avx2', p, config).files)[0]!;
  assert.match(src({ prefetch: 2048 }), /kf_prefetch\(&W\[/);
  assert.doesNotMatch(src({ prefetch: 0 }), /kf_prefetch\(&/);
  // the float path prefetches once per step of its block loop
  assert.match(src({ prefetch: 2048, dot_path: 'float', k_unroll: 2 }), /kf_prefetch\(&W\[[^\n]*, 36\)/);
  assert.match(Object.values(emitGemvCpu('neon', p, { prefetch: 2048 }).files)[0]!, /kf_prefetch\(&W\[/);
});

test('int8 path: groups of blocks share one scale conversion and one offset fma; x86 pairs 4-bit blocks', () => {
  // one row per block, 4 accumulator sets: the names below are row 0's
  const one = { rows: 1, k_unroll: 4 };
  const q40 = emitGemvCpu('avx2', decode('q4_0', 64, 256), one);
  const src = Object.values(q40.files)[0]!;
  assert.ok(q40.buffers.some((b) => b.name === 'xs' && b.role === 'scratch'));
  // 8 scales packed and converted at once, scaled by 8 x scales, offsets of the group in one fma
  assert.match(src, /_mm256_cvtph_ps\(kf_pack_f16x8\(/);
  assert.match(src, /s_0_0 = _mm256_mul_ps\(dw_0, _mm256_loadu_ps\(&xd\[/);
  assert.match(src, /acc_0_0_0 = _mm256_fmadd_ps\(off_0, _mm256_loadu_ps\(&xs\[/);
  // blocks j and j + 4 in one dot vector, nibble products added in i16, scales picked per half
  assert.match(src, /kf_dot_u4s8_x2\(lo_0_3, /);
  assert.match(src, /_mm256_permute_ps\(s_0_0, 0x55 \* 3\)/);
  assert.doesNotMatch(src, /lo_0_4/);
  // blocks after the last whole group: one at a time, offset as a scalar term
  assert.match(src, /corr_0_0 = \(off_0 \* xs\[/);
  // x staged 8 lanes at a time, 16 codes per store in the paired order
  assert.match(src, /const float amax = kf_hmax256\(/);
  assert.match(src, /_mm_storeu_si128\(\(__m128i\*\)\(&xq\[\(\(m \* K\) \+ \(\(b < /);

  // q8_0: one block per dot vector, its scale broadcast from a lane of the group's vector
  const q80 = Object.values(emitGemvCpu('avx2', decode('q8_0', 64, 256), one).files)[0]!;
  assert.match(q80, /_mm256_set1_ps\(\(s_0_0\)\[7\]\)/);
  assert.doesNotMatch(q80, /xs\[/);

  // a min is packed like the scales (q4_1, planar), and the float path keeps its per-block terms
  assert.equal((Object.values(emitGemvCpu('avx2', decode('q4_1', 64, 256), one).files)[0]!.match(/kf_pack_f16x8\(kf_load_u16/g) ?? []).length, 2);
  assert.match(Object.values(emitGemvCpu('avx2', decode('w4g128', 64, 256), one).files)[0]!, /off_0 = _mm256_cvtph_ps\(kf_pack_f16x8\(W_min\[/);
  assert.doesNotMatch(Object.values(emitGemvCpu('avx2', decode('q4_0', 64, 256), { ...one, dot_path: 'float' }).files)[0]!, /kf_pack_f16x8\(kf_load_u16/);

  // planar 4-bit codes (even/odd x) keep the scalar staging loop
  assert.doesNotMatch(Object.values(emitGemvCpu('avx2', decode('w4g32', 64, 256), one).files)[0]!, /amax = kf_hmax256/);

  // NEON: groups of 4 blocks, no pairing (one 16-byte plane per sdot operand)
  const neon = Object.values(emitGemvCpu('neon', decode('q4_0', 64, 256), one).files)[0]!;
  assert.match(neon, /vcvt_f32_f16\(vreinterpret_f16_u16\(kf_pack_f16x4\(/);
  assert.match(neon, /vgetq_lane_f32\(s_0_0, 3\)/);
  assert.doesNotMatch(neon, /amax = kf_hmax/);
});

test('dot_width: 512 is the avx512 int8 path\'s (zmm groups of 16 blocks, four blocks per dot vector), 256 keeps the ymm groups', () => {
  const cfg = (c: object): Record<string, number | string> => c as unknown as Record<string, number | string>;
  const p = decode('q4_0', 64, 512);
  assert.equal(checkGemvCpuConfig(cfg({ ...gemvCpuDefaults('avx512', p), dot_width: 512 }), p, 'avx512'), undefined);
  assert.match(checkGemvCpuConfig(cfg({ ...gemvCpuDefaults('avx2', p), dot_width: 512 }), p, 'avx2') ?? '', /dot_width 512 applies to the int8 path on avx512/);
  assert.match(checkGemvCpuConfig(cfg({ ...gemvCpuDefaults('avx512', p), dot_path: 'float', dot_width: 512 }), p, 'avx512') ?? '', /dot_width 512 applies to the int8 path/);
  assert.match(checkGemvCpuConfig(cfg({ ...gemvCpuDefaults('avx512', p), dot_width: 128 }), p, 'avx512') ?? '', /dot_width must be one of 256, 512/);
  // a given float path drops the default width of the default int8 path
  assert.equal(emitGemvCpu('avx512', p, { dot_path: 'float' }).config.dot_width, undefined);
  const one = { rows: 1, k_unroll: 4 };
  const src = (weight: string, config: object): string => Object.values(emitGemvCpu('avx512', decode(weight, 64, 512 + 128), { ...one, ...config }).files)[0]!;
  const q40 = src('q4_0', { dot_width: 512 });
  // 16 scales in one conversion; blocks j, j + 4, j + 8, j + 12 in the 128-bit lanes of dot vector j
  assert.match(q40, /_mm512_cvtph_ps\(_mm256_inserti128_si256\(_mm256_castsi128_si256\(kf_pack_f16x8\(/);
  assert.match(q40, /_mm512_inserti32x4\(/);
  assert.match(q40, /_mm512_dpbusd_epi32\(_mm512_dpbusd_epi32\(_mm512_set1_epi32\(0\), lo_0_3, /);
  assert.match(q40, /_mm512_permute_ps\(s_0_0, 0x55 \* 3\)/);
  assert.doesNotMatch(q40, /lo_0_4/);
  // the 4 blocks after the last group of 16: ymm dot products into the low half of the accumulators
  assert.match(q40, /_mm256_dpbusd_epi32/);
  assert.match(q40, /_mm512_insertf64x4\(/);
  // q8_0: each block's two 16-byte halves in two dot vectors of four blocks
  const q80 = src('q8_0', { dot_width: 512 });
  assert.match(q80, /w1_0_3 = _mm512_inserti32x4/);
  assert.match(q80, /_mm512_movepi8_mask\(kf_w\)/);
  // 256 bits: the ymm groups, no zmm dot product
  assert.doesNotMatch(src('q4_0', { dot_width: 256 }), /_mm512_dpbusd_epi32/);
  assert.doesNotMatch(src('q8_0', { dot_width: 256 }), /_mm512_dpbusd_epi32/);
});
