/**
 * AVX2 + FMA + F16C: 8 x f32 per ymm. The int8 path has no VNNI: `vpmaddubsw` (u8 x i8 -> i16 pairs)
 * then `vpmaddwd` with ones (-> i32). 4-bit codes (0..15) are the unsigned operand directly (pair sums
 * stay far below i16 saturation, so the low- and high-nibble products of a dot vector are added in
 * i16 and widened once: `kf_dot_u4s8_x2`); signed q8_0 codes use the sign trick as ggml does.
 */
import type { SimdIsa } from './simd.ts';
import { X86_F32X8_RULES, X86_HELPERS, X86_INT8_GROUP_RULES, x86HsumEach } from './x86.ts';

const M128 = '__m128i';
const M256I = '__m256i';

export const Avx2Rules: SimdIsa = {
  f32Lanes: 8,
  dotBytes: 32,
  rules: {
    name: 'avx2',
    preamble: `#include <immintrin.h>

${X86_HELPERS}
static inline __m256i kf_dot_u8s8(__m256i acc, __m256i u, __m256i s) {
  return _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_maddubs_epi16(u, s), _mm256_set1_epi16(1)));
}
/* two u8 x i8 operand pairs into i32 lanes with one widening step: exact for codes up to 15, where
   each i16 pair sum is at most 2 * 15 * 127 and two of them stay far below 2^15 */
static inline __m256i kf_dot_u4s8_x2(__m256i u0, __m256i s0, __m256i u1, __m256i s1) {
  return _mm256_madd_epi16(_mm256_add_epi16(_mm256_maddubs_epi16(u0, s0), _mm256_maddubs_epi16(u1, s1)), _mm256_set1_epi16(1));
}`,
    rules: {
      ...X86_INT8_GROUP_RULES,
      ...X86_F32X8_RULES,
      'type:f32x8': '__m256', 'type:i32x8': M256I,
      'type:f16x8': M128, 'type:bf16x8': M128, 'type:u8x8': M128, 'type:i8x8': M128,
      'type:u8x16': M128, 'type:u8x32': M256I, 'type:i8x32': M256I,
      'cast:f16->f32': '_cvtsh_ss($a)',
      'load:f16x8': `_mm_loadu_si128((const ${M128}*)($p))`,
      'load:bf16x8': `_mm_loadu_si128((const ${M128}*)($p))`,
      'load:u8x8': `_mm_loadl_epi64((const ${M128}*)($p))`,
      'load:i8x8': `_mm_loadl_epi64((const ${M128}*)($p))`,
      'load:u8x16': `_mm_loadu_si128((const ${M128}*)($p))`,
      'load:i8x32': `_mm256_loadu_si256((const ${M256I}*)($p))`,
      'load:i32x8': `_mm256_loadu_si256((const ${M256I}*)($p))`,
      'sub:i32x8': '_mm256_sub_epi32($a, $b)',
      'cast:f16x8->f32x8': '_mm256_cvtph_ps($a)',
      'cast:bf16x8->f32x8': '_mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32($a), 16))',
      'cast:u8x8->f32x8': '_mm256_cvtepi32_ps(_mm256_cvtepu8_epi32($a))',
      'cast:i8x8->f32x8': '_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32($a))',
      'cast:i32x8->f32x8': '_mm256_cvtepi32_ps($a)',
      'broadcast:f32x8': '_mm256_set1_ps($a)', 'broadcast:i32x8': '_mm256_set1_epi32($a)',
      'broadcast:u8x8': '_mm_set1_epi8((char)$a)', 'broadcast:u8x16': '_mm_set1_epi8((char)$a)',
      'fma:f32x8': '_mm256_fmadd_ps($a, $b, $c)',
      'add:f32x8': '_mm256_add_ps($a, $b)',
      'and:u8x8': '_mm_and_si128($a, $b)', 'and:u8x16': '_mm_and_si128($a, $b)',
      'shr:u8x8': '_mm_and_si128(_mm_srli_epi16($a, $b), _mm_set1_epi8((char)(0xff >> $b)))',
      'shr:u8x16': '_mm_and_si128(_mm_srli_epi16($a, $b), _mm_set1_epi8((char)(0xff >> $b)))',
      'call.kf_nibbles_u8x32:u8x32': 'kf_nibbles_u8x32($a)',
      'dot:i32x8,u8x32,i8x32': 'kf_dot_u8s8($a, $b, $c)',
      'dot:i32x8,i8x32,i8x32': 'kf_dot_u8s8($a, _mm256_sign_epi8($b, $b), _mm256_sign_epi8($c, $b))',
      'reduce.add:f32x8': 'kf_hsum256($a)',
      'call.kf_hsum_each:f32x8': x86HsumEach('_mm256'),
      'call.kf_dot_u4s8_x2:i32x8': (o) => `kf_dot_u4s8_x2(${o.all.join(', ')})`,
    },
  },
};
