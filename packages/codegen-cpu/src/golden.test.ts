// Generated source is a golden artifact: any change to it shows up here as a diff.
// Re-baseline after an intended change with KFORGE_UPDATE_GOLDEN=1.
import { test } from 'node:test';
import { emitGemvCpu, type CpuSimdTarget } from './index.ts';
import { expectGolden } from './golden.ts';
import { emitAttentionSimd } from './attention/simd-emit.ts';

const CONFIGS: { file: string; target: CpuSimdTarget; params: Record<string, number | string | boolean>; config?: Record<string, number | string> }[] = [
  { file: 'gemv_f32_c.c', target: 'c', params: { M: 1, N: 4096, K: 4096, weight: 'f32', act: 'f32', bias: true } },
  { file: 'gemv_bf16_avx512.c', target: 'avx512', params: { M: 1, N: 4096, K: 4096, weight: 'bf16', act: 'f32', bias: false } },
  { file: 'gemv_q4_0_avx512_int8.c', target: 'avx512', params: { M: 1, N: 4096, K: 4096, weight: 'q4_0', act: 'f32', bias: false } },
  // a batch: the default zmm groups (dot_width 512)
  { file: 'gemv_q4_0_avx512_int8_m16.c', target: 'avx512', params: { M: 16, N: 4096, K: 4096, weight: 'q4_0', act: 'f32', bias: false } },
  { file: 'gemv_q8_0_avx2_int8_m4.c', target: 'avx2', params: { M: 4, N: 4096, K: 4096, weight: 'q8_0', act: 'f16', bias: true } },
  { file: 'gemv_w4g128_neon_float.c', target: 'neon', params: { M: 1, N: 4096, K: 4096, weight: 'w4g128', act: 'f32', bias: false }, config: { dot_path: 'float' } },
  { file: 'gemv_q4_1_neon_int8.c', target: 'neon', params: { M: 2, N: 4096, K: 4096, weight: 'q4_1', act: 'f16', bias: true } },
];

for (const g of CONFIGS) {
  test(`golden source ${g.file}`, () => {
    const src = Object.values(emitGemvCpu(g.target, g.params, g.config).files)[0]!;
    expectGolden(new URL('./__golden__/', import.meta.url), g.file, src);
  });
}

// attention (attention/simd.ts): decode with f16 KV, split-KV prefill with masks (width 1), staged query tiles, q8_0 int8 dot path,
// the rows-as-lanes prefill with bf16 p·v (mma bf16)
const ATTENTION_GOLDEN: { file: string; target: CpuSimdTarget; params: Record<string, number | string | boolean>; config?: Record<string, number | string> }[] = [
  { file: 'attention_f16_avx512_decode.c', target: 'avx512', params: { B: 1, Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, Dv: 128, causal: false, window: 0, scale: 0.08838834764831843, kv: 'f16' } },
  { file: 'attention_f32_c_prefill_split.c', target: 'c', params: { B: 1, Hq: 4, Hkv: 2, Sq: 64, Skv: 64, D: 40, Dv: 24, causal: true, window: 16, scale: 0.25, kv: 'f32' }, config: { kv_splits: 2 } },
  { file: 'attention_f16_avx2_prefill.c', target: 'avx2', params: { B: 1, Hq: 4, Hkv: 2, Sq: 64, Skv: 64, D: 72, Dv: 72, causal: true, window: 0, scale: 0.125, kv: 'f16' } },
  { file: 'attention_f16_avx512_prefill_bf16.c', target: 'avx512', params: { B: 1, Hq: 4, Hkv: 2, Sq: 64, Skv: 64, D: 72, Dv: 40, causal: true, window: 0, scale: 0.125, kv: 'f16' }, config: { block_q: 8, mma: 'bf16' } },
  // int8 p·v over q8_0 V, bf16 p·v over f16 V (decode, GQA 8)
  { file: 'attention_q8_0_avx512_decode_pvint8.c', target: 'avx512', params: { B: 1, Hq: 32, Hkv: 4, Sq: 1, Skv: 4096, D: 128, Dv: 128, causal: false, window: 0, scale: 0.08838834764831843, kv: 'q8_0' }, config: { dot_path: 'int8', pv_path: 'int8' } },
  { file: 'attention_f16_avx512_decode_pvbf16.c', target: 'avx512', params: { B: 1, Hq: 32, Hkv: 4, Sq: 1, Skv: 4096, D: 128, Dv: 128, causal: false, window: 0, scale: 0.08838834764831843, kv: 'f16' }, config: { pv_path: 'bf16' } },
  { file: 'attention_q8_0_neon_int8.c', target: 'neon', params: { B: 1, Hq: 8, Hkv: 2, Sq: 1, Skv: 4096, D: 128, Dv: 128, causal: false, window: 0, scale: 0.08838834764831843, kv: 'q8_0' }, config: { dot_path: 'int8' } },
];

for (const g of ATTENTION_GOLDEN) {
  test(`golden source ${g.file}`, () => {
    const src = Object.values(emitAttentionSimd(g.target, g.params, g.config ?? {}).files)[0]!;
    expectGolden(new URL('./__golden__/', import.meta.url), g.file, src);
  });
}
