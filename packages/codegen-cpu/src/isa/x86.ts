/**
 * What the two x86 tables share: helpers on ymm registers and the rules of the int8 gemv groups
 * (gemv/simd.ts), which work on one 32-byte dot vector per step on both AVX2 and AVX-512.
 */
import type { Spelling } from '@kforge/codegen-core';
import { expSpelling } from '../math/exp.ts';

export const X86_HELPERS = `static inline float kf_hsum256(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  return _mm_cvtss_f32(_mm_add_ss(s, _mm_movehdup_ps(s)));
}
/* 16 bytes of 4-bit codes -> low nibbles in bytes 0..15, high nibbles in 16..31 */
static inline __m256i kf_nibbles_u8x32(__m128i q) {
  const __m256i both = _mm256_broadcastsi128_si256(q);
  return _mm256_and_si256(_mm256_srlv_epi64(both, _mm256_set_epi64x(4, 4, 0, 0)), _mm256_set1_epi8(15));
}
/* 8 f16 bit patterns (the scales of a group of blocks) in one register, packed in general registers:
   the empty asm keeps the compiler from assembling them with vector inserts and shuffles, which cost
   more vector work than a group's dot products */
static inline __m128i kf_pack_f16x8(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t e, uint64_t f, uint64_t g, uint64_t h) {
  __asm__("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d));
  __asm__("" : "+r"(e), "+r"(f), "+r"(g), "+r"(h));
  return _mm_set_epi64x((long long)(e | f << 16 | g << 32 | h << 48), (long long)(a | b << 16 | c << 32 | d << 48));
}
static inline float kf_hmax256(__m256 v) {
  __m128 s = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_max_ps(s, _mm_movehl_ps(s, s));
  return _mm_cvtss_f32(_mm_max_ss(s, _mm_movehdup_ps(s)));
}
static inline int32_t kf_hsum256_i32(__m256i v) {
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  s = _mm_add_epi32(s, _mm_unpackhi_epi64(s, s));
  return _mm_cvtsi128_si32(_mm_add_epi32(s, _mm_shuffle_epi32(s, 1)));
}
/* 8 x i32 (all within i8) -> 8 x i8 in the low half */
static inline __m128i kf_i32x8_to_i8x8(__m256i v) {
  const __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return _mm_packs_epi16(w, w);
}
/* a hint for the \`bytes\` from p on (a group of blocks some way ahead in a weight row), one per line */
static inline int32_t kf_prefetch(const void* p, int32_t bytes) {
  for (int32_t o = 0; o < bytes; o += 64) _mm_prefetch((const char*)p + o, _MM_HINT_T0);
  return 0;
}`;

export const X86_INT8_GROUP_RULES: Readonly<Record<string, Spelling>> = {
  // x staging on 8 lanes (gemv/simd.ts stageXq; its float operations are X86_F32X8_RULES')
  'type:i8x8': '__m128i', 'type:i8x16': '__m128i',
  'load:f16x8': '_mm_loadu_si128((const __m128i*)($p))',
  'cast:f32x8->i32x8': '_mm256_cvttps_epi32($a)',
  'cast:i32x8->i8x8': 'kf_i32x8_to_i8x8($a)',
  'concat:i8x8->i8x16': '_mm_unpacklo_epi64($a, $b)',
  'store:i8x16': '_mm_storeu_si128((__m128i*)($p), $a)',
  'add:i32x8': '_mm256_add_epi32($a, $b)',
  'reduce.add:i32x8': 'kf_hsum256_i32($a)',
  // the int8 groups
  'load:f32x8': '_mm256_loadu_ps($p)',
  'mul:f32x8': '_mm256_mul_ps($a, $b)',
  'cast:f16x8->f32x8': '_mm256_cvtph_ps($a)',
  'call.kf_pack_f16:f16x8': (o) => `kf_pack_f16x8(${o.all.join(', ')})`,
  'call.kf_prefetch:i32': 'kf_prefetch(&$a, $b)',
  // lane j of each 128-bit half, in all four lanes of that half (the scales of a paired dot vector)
  'call.kf_lane_per_half:f32x8': '_mm256_permute_ps($a, 0x55 * $b)',
  // the vector-subscript extension (gcc, clang): a broadcast of it becomes two in-register shuffles
  'lane:f32x8': '($a)[$n]',
  'broadcast:u8x32': '_mm256_set1_epi8((char)$a)',
  // two 16-byte loads as broadcasts and a blend: measured faster on Zen 3 than vinserti128 from memory
  'concat:u8x16->u8x32': '_mm256_blend_epi32(_mm256_broadcastsi128_si256($a), _mm256_broadcastsi128_si256($b), 0xf0)',
  'and:u8x32': '_mm256_and_si256($a, $b)',
  // no byte shift on x86: shift 16-bit lanes, then clear the bits shifted in from the neighbour
  'shr:u8x32': '_mm256_and_si256(_mm256_srli_epi16($a, $b), _mm256_set1_epi8((char)(0xff >> $b)))',
};

/**
 * `kf_hsum_each`: lane i of the result is the sum of vector i, for as many vectors as lanes, as one
 * statement expression (no preamble helper): a transposing tree of unpacks, in-lane shuffles and
 * 128-bit lane shuffles, about 3 operations per vector instead of a full horizontal sum each.
 */
export function x86HsumEach(prefix: '_mm256' | '_mm512'): (o: { readonly all: readonly string[] }) => string {
  return (o) => {
    const T = prefix === '_mm256' ? '__m256' : '__m512';
    const n = prefix === '_mm256' ? 8 : 16;
    if (o.all.length !== n) throw new Error(`kf_hsum_each on ${T} takes ${n} vectors, got ${o.all.length}`);
    const lines: string[] = [];
    let id = 0;
    const name = (): string => `kf_t${id++}`;
    const def = (v: string): string => { const x = name(); lines.push(`const ${T} ${x} = ${v};`); return x; };
    const add = (a: string, b: string): string => `${prefix}_add_ps(${a}, ${b})`;
    const ins = o.all.map((a) => def(`(${a})`));
    // pairs: each 128-bit lane holds two partial sums of each vector of the pair
    const pairs: string[] = [];
    for (let i = 0; i < n; i += 2) pairs.push(def(add(`${prefix}_unpacklo_ps(${ins[i]}, ${ins[i + 1]})`, `${prefix}_unpackhi_ps(${ins[i]}, ${ins[i + 1]})`)));
    // quads: each 128-bit lane holds one partial sum of each of four vectors
    const quads: string[] = [];
    for (let i = 0; i < pairs.length; i += 2) {
      quads.push(def(add(`${prefix}_shuffle_ps(${pairs[i]}, ${pairs[i + 1]}, 0x44)`, `${prefix}_shuffle_ps(${pairs[i]}, ${pairs[i + 1]}, 0xee)`)));
    }
    let result: string;
    if (n === 8) {
      result = add(`_mm256_permute2f128_ps(${quads[0]}, ${quads[1]}, 0x20)`, `_mm256_permute2f128_ps(${quads[0]}, ${quads[1]}, 0x31)`);
    } else {
      const halves = [0, 2].map((i) => def(add(`_mm512_shuffle_f32x4(${quads[i]}, ${quads[i + 1]}, 0x88)`, `_mm512_shuffle_f32x4(${quads[i]}, ${quads[i + 1]}, 0xdd)`)));
      result = add(`_mm512_shuffle_f32x4(${halves[0]}, ${halves[1]}, 0x88)`, `_mm512_shuffle_f32x4(${halves[0]}, ${halves[1]}, 0xdd)`);
    }
    return `({ ${lines.join(' ')} ${result}; })`;
  };
}

/** exp on `__m256`/`__m512` (math/exp.ts); the clamps put x second, where max/min return a NaN operand */
export function x86Exp(prefix: '_mm256' | '_mm512'): string {
  const bits = prefix === '_mm256' ? 'si256' : 'si512';
  return expSpelling({
    F: prefix === '_mm256' ? '__m256' : '__m512', I: prefix === '_mm256' ? '__m256i' : '__m512i',
    f: `${prefix}_set1_ps($a)`, i: `${prefix}_set1_epi32($a)`,
    atLeast: `${prefix}_max_ps($b, $a)`, atMost: `${prefix}_min_ps($b, $a)`,
    fma: `${prefix}_fmadd_ps($a, $b, $c)`, sub: `${prefix}_sub_ps($a, $b)`, mul: `${prefix}_mul_ps($a, $b)`,
    bits: `${prefix}_castps_${bits}($a)`, fromBits: `${prefix}_cast${bits}_ps($a)`,
    isub: `${prefix}_sub_epi32($a, $b)`, iadd: `${prefix}_add_epi32($a, $b)`,
    sra: `${prefix}_srai_epi32($a, $b)`, shl: `${prefix}_slli_epi32($a, $b)`,
  });
}

/** lanes below `n` of 8 as an AVX2 load/store mask */
const LANES_BELOW_8 = '_mm256_cmpgt_epi32(_mm256_set1_epi32($n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7))';

/**
 * The f32x8 element-wise vocabulary (AVX2 encodings, shared by both tables). A compare yields a lane
 * mask of all-ones/zero lanes (`boolx8` as `__m256`) that `select` blends on. Compares are ordered
 * (false on NaN) except `ne`, as C's operators are.
 */
export const X86_F32X8_RULES: Readonly<Record<string, Spelling>> = {
  'type:boolx8': '__m256',
  'sub:f32x8': '_mm256_sub_ps($a, $b)',
  'div:f32x8': '_mm256_div_ps($a, $b)',
  'min:f32x8': '_mm256_min_ps($a, $b)',
  'max:f32x8': '_mm256_max_ps($a, $b)',
  'lt:f32x8': '_mm256_cmp_ps($a, $b, _CMP_LT_OQ)',
  'le:f32x8': '_mm256_cmp_ps($a, $b, _CMP_LE_OQ)',
  'gt:f32x8': '_mm256_cmp_ps($a, $b, _CMP_GT_OQ)',
  'ge:f32x8': '_mm256_cmp_ps($a, $b, _CMP_GE_OQ)',
  'eq:f32x8': '_mm256_cmp_ps($a, $b, _CMP_EQ_OQ)',
  'ne:f32x8': '_mm256_cmp_ps($a, $b, _CMP_NEQ_UQ)',
  'select:f32x8': '_mm256_blendv_ps($c, $b, $a)',
  'abs:f32x8': '_mm256_andnot_ps(_mm256_set1_ps(-0.0f), $a)',
  'neg:f32x8': '_mm256_xor_ps($a, _mm256_set1_ps(-0.0f))',
  'sqrt:f32x8': '_mm256_sqrt_ps($a)',
  'rsqrt:f32x8': '_mm256_div_ps(_mm256_set1_ps(1.0f), _mm256_sqrt_ps($a))',
  'exp:f32x8': x86Exp('_mm256'),
  'reduce.max:f32x8': 'kf_hmax256($a)',
  // kf_hmax256's steps with min, inline: a preamble helper would change every x86 kernel's source
  'reduce.min:f32x8': '({ const __m256 kf_v = ($a); __m128 kf_s = _mm_min_ps(_mm256_castps256_ps128(kf_v), _mm256_extractf128_ps(kf_v, 1)); '
    + 'kf_s = _mm_min_ps(kf_s, _mm_movehl_ps(kf_s, kf_s)); _mm_cvtss_f32(_mm_min_ss(kf_s, _mm_movehdup_ps(kf_s))); })',
  'store:f32x8': '_mm256_storeu_ps($p, $a)',
  // tails: the lanes past n are neither read (they read as 0) nor written, so they may lie past the buffer
  'load.mask:f32x8': `_mm256_maskload_ps($p, ${LANES_BELOW_8})`,
  // with a fill ($b) for the lanes not read (-inf under a max): blended in where the mask is clear
  'load.mask.fill:f32x8': `({ const __m256i kf_m = ${LANES_BELOW_8}; _mm256_blendv_ps(_mm256_set1_ps($b), _mm256_maskload_ps($p, kf_m), _mm256_castsi256_ps(kf_m)); })`,
  'store.mask:f32x8': `_mm256_maskstore_ps($p, ${LANES_BELOW_8}, $a)`,
};
