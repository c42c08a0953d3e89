/**
 * NEON (armv8.2-a + dotprod + fp16): 4 x f32 per q register. The int8 path uses `sdot`
 * (vdotq_s32, i8 x i8 -> i32, 4 products per lane) on half blocks of 16 bytes; 4-bit codes 0..15 are
 * reinterpreted as i8. The float path widens 4 codes at a time (u8x4 held in a d register).
 */
import type { Spelling } from '@kforge/codegen-core';
import { expSpelling } from '../math/exp.ts';
import type { SimdIsa } from './simd.ts';

/**
 * The f32x4 element-wise vocabulary. A compare yields all-ones/zero lanes (`boolx4` as `uint32x4_t`)
 * for `vbslq`; compares are false on NaN except `ne`, as C's. fmax/fmin return NaN if either lane is
 * NaN, so the exp clamps keep a NaN x.
 */
const F32X4_RULES: Readonly<Record<string, Spelling>> = {
  'type:boolx4': 'uint32x4_t',
  'sub:f32x4': 'vsubq_f32($a, $b)',
  'div:f32x4': 'vdivq_f32($a, $b)',
  'min:f32x4': 'vminq_f32($a, $b)',
  'max:f32x4': 'vmaxq_f32($a, $b)',
  'lt:f32x4': 'vcltq_f32($a, $b)', 'le:f32x4': 'vcleq_f32($a, $b)', 'gt:f32x4': 'vcgtq_f32($a, $b)',
  'ge:f32x4': 'vcgeq_f32($a, $b)', 'eq:f32x4': 'vceqq_f32($a, $b)', 'ne:f32x4': 'vmvnq_u32(vceqq_f32($a, $b))',
  'select:f32x4': 'vbslq_f32($a, $b, $c)',
  'abs:f32x4': 'vabsq_f32($a)',
  'neg:f32x4': 'vnegq_f32($a)',
  'sqrt:f32x4': 'vsqrtq_f32($a)',
  'rsqrt:f32x4': 'vdivq_f32(vdupq_n_f32(1.0f), vsqrtq_f32($a))',
  'exp:f32x4': expSpelling({
    F: 'float32x4_t', I: 'int32x4_t', f: 'vdupq_n_f32($a)', i: 'vdupq_n_s32($a)',
    atLeast: 'vmaxq_f32($a, $b)', atMost: 'vminq_f32($a, $b)',
    fma: 'vfmaq_f32($c, $a, $b)', sub: 'vsubq_f32($a, $b)', mul: 'vmulq_f32($a, $b)',
    bits: 'vreinterpretq_s32_f32($a)', fromBits: 'vreinterpretq_f32_s32($a)',
    isub: 'vsubq_s32($a, $b)', iadd: 'vaddq_s32($a, $b)', sra: 'vshrq_n_s32($a, $b)', shl: 'vshlq_n_s32($a, $b)',
  }),
  'reduce.max:f32x4': 'vmaxvq_f32($a)',
  'reduce.min:f32x4': 'vminvq_f32($a)',
  'store:f32x4': 'vst1q_f32($p, $a)',
  // tails (no masked loads on NEON): only the first n lanes are copied, the rest read as 0 or the fill ($b)
  'load.mask:f32x4': '({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, $p, 4 * (size_t)($n)); kf_t; })',
  'load.mask.fill:f32x4': '({ float32x4_t kf_t = vdupq_n_f32($b); memcpy(&kf_t, $p, 4 * (size_t)($n)); kf_t; })',
  'store.mask:f32x4': '({ const float32x4_t kf_t = $a; memcpy($p, &kf_t, 4 * (size_t)($n)); })',
};

export const NeonRules: SimdIsa = {
  f32Lanes: 4,
  dotBytes: 16,
  rules: {
    name: 'neon',
    preamble: `#include <arm_neon.h>

static inline uint32_t kf_load_u32(const void* p) { uint32_t v; memcpy(&v, p, 4); return v; }
/* 4 f16 bit patterns (the scales of a group of blocks) in one register, packed in general registers */
static inline uint16x4_t kf_pack_f16x4(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  __asm__("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d));
  return vcreate_u16(a | b << 16 | c << 32 | d << 48);
}
/* a hint for the \`bytes\` from p on (a group of blocks some way ahead in a weight row), one per line */
static inline int32_t kf_prefetch(const void* p, int32_t bytes) {
  for (int32_t o = 0; o < bytes; o += 64) __builtin_prefetch((const char*)p + o);
  return 0;
}`,
    rules: {
      ...F32X4_RULES,
      'type:f32x4': 'float32x4_t', 'type:i32x4': 'int32x4_t', 'type:f16x4': 'uint16x4_t', 'type:bf16x4': 'uint16x4_t',
      'type:u8x4': 'uint8x8_t', 'type:i8x4': 'int8x8_t', 'type:u8x16': 'uint8x16_t', 'type:i8x16': 'int8x16_t',
      'load:f32x4': 'vld1q_f32($p)',
      'load:f16x4': 'vld1_u16($p)',
      'load:bf16x4': 'vld1_u16($p)',
      'load:u8x4': 'vreinterpret_u8_u32(vdup_n_u32(kf_load_u32($p)))',
      'load:i8x4': 'vreinterpret_s8_u32(vdup_n_u32(kf_load_u32($p)))',
      'load:u8x16': 'vld1q_u8($p)',
      'load:i8x16': 'vld1q_s8((const int8_t*)($p))',
      'load:i32x4': 'vld1q_s32($p)',
      'sub:i32x4': 'vsubq_s32($a, $b)',
      'cast:f16x4->f32x4': 'vcvt_f32_f16(vreinterpret_f16_u16($a))',
      'cast:bf16x4->f32x4': 'vreinterpretq_f32_u32(vshll_n_u16($a, 16))',
      'cast:u8x4->f32x4': 'vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8($a))))',
      'cast:i8x4->f32x4': 'vcvtq_f32_s32(vmovl_s16(vget_low_s16(vmovl_s8($a))))',
      'cast:i32x4->f32x4': 'vcvtq_f32_s32($a)',
      'broadcast:f32x4': 'vdupq_n_f32($a)', 'broadcast:i32x4': 'vdupq_n_s32($a)',
      'broadcast:u8x4': 'vdup_n_u8($a)', 'broadcast:u8x16': 'vdupq_n_u8($a)',
      'fma:f32x4': 'vfmaq_f32($c, $a, $b)',
      'add:f32x4': 'vaddq_f32($a, $b)',
      'and:u8x4': 'vand_u8($a, $b)', 'and:u8x16': 'vandq_u8($a, $b)',
      'shr:u8x4': 'vshr_n_u8($a, $b)', 'shr:u8x16': 'vshrq_n_u8($a, $b)',
      'dot:i32x4,i8x16,i8x16': 'vdotq_s32($a, $b, $c)',
      'dot:i32x4,u8x16,i8x16': 'vdotq_s32($a, vreinterpretq_s8_u8($b), $c)',
      'reduce.add:f32x4': 'vaddvq_f32($a)',
      'mul:f32x4': 'vmulq_f32($a, $b)',
      'lane:f32x4': 'vgetq_lane_f32($a, $n)',
      'call.kf_pack_f16:f16x4': (o) => `kf_pack_f16x4(${o.all.join(', ')})`,
      'call.kf_prefetch:i32': 'kf_prefetch(&$a, $b)',
      // lane i = the sum of vector i: two levels of pairwise adds
      'call.kf_hsum_each:f32x4': (o) => `vpaddq_f32(vpaddq_f32(${o.all[0]}, ${o.all[1]}), vpaddq_f32(${o.all[2]}, ${o.all[3]}))`,
    },
  },
};
