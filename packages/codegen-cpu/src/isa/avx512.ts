/**
 * AVX-512 F/BW/VL/VNNI (+F16C). Float paths use zmm (16 x f32). The int8 path works on ymm as AVX2
 * does (groups of 8 blocks, two 4-bit blocks per dot vector: isa/x86.ts) with VNNI `vpdpbusd`
 * (u8 x i8 -> i32, AVX-512VL form), or on zmm (`wideDotBytes`: groups of 16 blocks, 16 bytes of four
 * blocks per dot vector, one in each 128-bit lane: gemv/simd.ts). 4-bit codes 0..15 are the unsigned
 * operand directly; signed q8_0 codes use the sign trick (|w| as u8, x negated where w < 0), exact
 * because codes are in [-127, 127] (zmm has no vpsignb: a masked subtract from zero negates).
 */
import type { Spelling } from '@kforge/codegen-core';
import type { SimdIsa } from './simd.ts';
import { X86_F32X8_RULES, X86_HELPERS, X86_INT8_GROUP_RULES, x86Exp, x86HsumEach } from './x86.ts';

const M128 = '__m128i';
const M256I = '__m256i';
const M512I = '__m512i';

/**
 * The int8 groups on zmm: 64-byte dot vectors assembled from four 16-byte pieces (one per 128-bit
 * lane), i32x16 sums, f32x16 scales picked per 128-bit lane.
 */
const INT8_X16_RULES: Readonly<Record<string, Spelling>> = {
  'type:i32x16': M512I, 'type:u8x64': M512I, 'type:i8x64': M512I,
  'load:i8x64': '_mm512_loadu_si512((const void*)($p))',
  'broadcast:i32x16': '_mm512_set1_epi32($a)',
  'broadcast:u8x64': '_mm512_set1_epi8((char)$a)',
  'cast:i32x16->f32x16': '_mm512_cvtepi32_ps($a)',
  // piece k in 128-bit lane k (the loads fold into vinserti32x4's memory operand)
  'concat:u8x16->u8x64': (o) => insert4(o.all),
  'concat:i8x16->i8x64': (o) => insert4(o.all),
  'and:u8x64': '_mm512_and_si512($a, $b)',
  'shr:u8x64': '_mm512_and_si512(_mm512_srli_epi16($a, $b), _mm512_set1_epi8((char)(0xff >> $b)))',
  'dot:i32x16,u8x64,i8x64': '_mm512_dpbusd_epi32($a, $b, $c)',
  'dot:i32x16,i8x64,i8x64': '({ const __m512i kf_w = ($b), kf_x = ($c); '
    + '_mm512_dpbusd_epi32($a, _mm512_abs_epi8(kf_w), _mm512_mask_sub_epi8(kf_x, _mm512_movepi8_mask(kf_w), _mm512_setzero_si512(), kf_x)); })',
  'call.kf_pack_f16:f16x16': (o) => `_mm256_inserti128_si256(_mm256_castsi128_si256(kf_pack_f16x8(${o.all.slice(0, 8).join(', ')})), kf_pack_f16x8(${o.all.slice(8).join(', ')}), 1)`,
  // lane j of each 128-bit lane, in all four lanes of it (the scales of a dot vector's four blocks)
  'call.kf_lane_per_half:f32x16': '_mm512_permute_ps($a, 0x55 * $b)',
  // the tail blocks of a zmm group loop (ymm dot products) into the f32x16 accumulators, upper half 0
  'concat:f32x8->f32x16': '_mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512($a)), _mm256_castps_pd($b), 1))',
};

function insert4(parts: readonly string[]): string {
  if (parts.length !== 4) throw new Error(`a 64-byte dot vector takes 4 pieces of 16 bytes, got ${parts.length}`);
  return `_mm512_inserti32x4(_mm512_inserti32x4(_mm512_inserti32x4(_mm512_castsi128_si512(${parts[0]}), ${parts[1]}, 1), ${parts[2]}, 2), ${parts[3]}, 3)`;
}

/**
 * AVX-512 BF16 (attention's mma 'bf16'): f32 pairs rounded to bf16 (round to nearest even) and
 * interleaved into 32-bit words (vcvtne2ps2bf16 + vpermw: word i = (a_i low, b_i high)), and the pair dot
 * product vdpbf16ps (f32 lane i += a.lo_i * b.lo_i + a.hi_i * b.hi_i).
 */
const BF16_PAIR_RULES: Readonly<Record<string, Spelling>> = {
  'type:i32x16': M512I,
  'load:i32x16': '_mm512_loadu_si512((const void*)($p))',
  'store:i32x16': '_mm512_storeu_si512((void*)($p), $a)',
  'broadcast:i32x16': '_mm512_set1_epi32($a)',
  'call.kf_bf16_pairs:i32x16': '_mm512_permutexvar_epi16(_mm512_set_epi16(31,15,30,14,29,13,28,12,27,11,26,10,25,9,24,8,23,7,22,6,21,5,20,4,19,3,18,2,17,1,16,0), (__m512i)_mm512_cvtne2ps_pbh($b, $a))',
  'call.kf_dpbf16:f32x16': '_mm512_dpbf16_ps($a, (__m512bh)($b), (__m512bh)($c))',
};

/**
 * attention's q8_0 scores on zmm (two blocks per 64-byte dot, q as u8 codes + 128): the two blocks' 32
 * code bytes joined, the i32 correction subtracted; the rest as INT8_X16_RULES spell it.
 */
const INT8_PAIR_RULES: Readonly<Record<string, Spelling>> = {
  'type:u8x64': M512I, 'type:i8x64': M512I,
  'load:u8x64': '_mm512_loadu_si512((const void*)($p))',
  'broadcast:u8x64': '_mm512_set1_epi8((char)$a)',
  'concat:i8x32->i8x64': '_mm512_inserti64x4(_mm512_castsi256_si512($a), $b, 1)',
  'sub:i32x16': '_mm512_sub_epi32($a, $b)',
  'dot:i32x16,u8x64,i8x64': '_mm512_dpbusd_epi32($a, $b, $c)',
  'cast:i32x16->f32x16': '_mm512_cvtepi32_ps($a)',
  'concat:f32x8->f32x16': '_mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512($a)), _mm256_castps_pd($b), 1))',
};

/** lanes below `n` of 16 as a mask register */
const LANES_BELOW_16 = '(__mmask16)((1u << ($n)) - 1u)';
const cmp = (predicate: string): string => `_mm512_cmp_ps_mask($a, $b, ${predicate})`;

/**
 * The f32x16 element-wise vocabulary: a compare yields a mask register (`boolx16` as `__mmask16`),
 * which `select` blends with and masked loads/stores take for tails. Compares as on f32x8.
 */
const F32X16_RULES: Readonly<Record<string, Spelling>> = {
  'type:boolx16': '__mmask16',
  'sub:f32x16': '_mm512_sub_ps($a, $b)',
  'mul:f32x16': '_mm512_mul_ps($a, $b)',
  'div:f32x16': '_mm512_div_ps($a, $b)',
  'min:f32x16': '_mm512_min_ps($a, $b)',
  'max:f32x16': '_mm512_max_ps($a, $b)',
  'lt:f32x16': cmp('_CMP_LT_OQ'), 'le:f32x16': cmp('_CMP_LE_OQ'), 'gt:f32x16': cmp('_CMP_GT_OQ'),
  'ge:f32x16': cmp('_CMP_GE_OQ'), 'eq:f32x16': cmp('_CMP_EQ_OQ'), 'ne:f32x16': cmp('_CMP_NEQ_UQ'),
  'select:f32x16': '_mm512_mask_blend_ps($a, $c, $b)',
  'abs:f32x16': '_mm512_abs_ps($a)',
  // no AVX-512DQ here: the sign flip in integer lanes
  'neg:f32x16': '_mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512($a), _mm512_set1_epi32((int)0x80000000u)))',
  'sqrt:f32x16': '_mm512_sqrt_ps($a)',
  'rsqrt:f32x16': '_mm512_div_ps(_mm512_set1_ps(1.0f), _mm512_sqrt_ps($a))',
  'exp:f32x16': x86Exp('_mm512'),
  'reduce.max:f32x16': '_mm512_reduce_max_ps($a)',
  'reduce.min:f32x16': '_mm512_reduce_min_ps($a)',
  'store:f32x16': '_mm512_storeu_ps($p, $a)',
  // tails: masked-off lanes are not touched (no fault past the buffer) and read as 0, or as the fill ($b)
  'load.mask:f32x16': `_mm512_maskz_loadu_ps(${LANES_BELOW_16}, $p)`,
  'load.mask.fill:f32x16': `_mm512_mask_loadu_ps(_mm512_set1_ps($b), ${LANES_BELOW_16}, $p)`,
  'store.mask:f32x16': `_mm512_mask_storeu_ps($p, ${LANES_BELOW_16}, $a)`,
};

export const Avx512Rules: SimdIsa = {
  f32Lanes: 16,
  dotBytes: 32,
  wideDotBytes: 64,
  rules: {
    name: 'avx512',
    preamble: `#include <immintrin.h>

${X86_HELPERS}`,
    rules: {
      ...X86_INT8_GROUP_RULES,
      ...X86_F32X8_RULES,
      ...F32X16_RULES,
      ...BF16_PAIR_RULES,
      ...INT8_PAIR_RULES,
      ...INT8_X16_RULES,
      'type:f32x16': '__m512', 'type:f32x8': '__m256', 'type:i32x8': M256I, 'type:f16x8': M128,
      'type:f16x16': M256I, 'type:bf16x16': M256I, 'type:u8x16': M128, 'type:i8x16': M128, 'type:u8x32': M256I, 'type:i8x32': M256I,
      'cast:f16->f32': '_cvtsh_ss($a)',
      'load:f32x16': '_mm512_loadu_ps($p)',
      'load:f16x16': `_mm256_loadu_si256((const ${M256I}*)($p))`,
      'load:bf16x16': `_mm256_loadu_si256((const ${M256I}*)($p))`,
      'load:u8x16': `_mm_loadu_si128((const ${M128}*)($p))`,
      'load:i8x16': `_mm_loadu_si128((const ${M128}*)($p))`,
      'load:u8x32': `_mm256_loadu_si256((const ${M256I}*)($p))`,
      'load:i8x32': `_mm256_loadu_si256((const ${M256I}*)($p))`,
      'load:i32x8': `_mm256_loadu_si256((const ${M256I}*)($p))`,
      'sub:i32x8': '_mm256_sub_epi32($a, $b)',
      'cast:f16x16->f32x16': '_mm512_cvtph_ps($a)',
      'cast:bf16x16->f32x16': '_mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32($a), 16))',
      'cast:u8x16->f32x16': '_mm512_cvtepi32_ps(_mm512_cvtepu8_epi32($a))',
      'cast:i8x16->f32x16': '_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32($a))',
      'cast:i32x8->f32x8': '_mm256_cvtepi32_ps($a)',
      'broadcast:f32x16': '_mm512_set1_ps($a)', 'broadcast:f32x8': '_mm256_set1_ps($a)',
      'broadcast:i32x8': '_mm256_set1_epi32($a)', 'broadcast:u8x16': '_mm_set1_epi8((char)$a)',
      'fma:f32x16': '_mm512_fmadd_ps($a, $b, $c)', 'fma:f32x8': '_mm256_fmadd_ps($a, $b, $c)',
      'add:f32x16': '_mm512_add_ps($a, $b)', 'add:f32x8': '_mm256_add_ps($a, $b)',
      'and:u8x16': '_mm_and_si128($a, $b)',
      // no byte shift on x86: shift 16-bit lanes, then clear the bits shifted in from the neighbour
      'shr:u8x16': '_mm_and_si128(_mm_srli_epi16($a, $b), _mm_set1_epi8((char)(0xff >> $b)))',
      'call.kf_nibbles_u8x32:u8x32': 'kf_nibbles_u8x32($a)',
      'dot:i32x8,u8x32,i8x32': '_mm256_dpbusd_epi32($a, $b, $c)',
      'dot:i32x8,i8x32,i8x32': '_mm256_dpbusd_epi32($a, _mm256_abs_epi8($b), _mm256_sign_epi8($c, $b))',
      'reduce.add:f32x16': '_mm512_reduce_add_ps($a)',
      'reduce.add:f32x8': 'kf_hsum256($a)',
      'call.kf_hsum_each:f32x16': x86HsumEach('_mm512'),
      'call.kf_hsum_each:f32x8': x86HsumEach('_mm256'),
    },
  },
};
