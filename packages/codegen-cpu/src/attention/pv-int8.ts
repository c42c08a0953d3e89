/**
 * AVX-512 rules of attention's int8 p·v (q8_0 V, `pv_path: 'int8'`, attention/simd.ts): the V tile's
 * codes staged four keys to a 32-bit word, so one zmm `vpdpbusd` adds 4 keys x 16 output elements
 * (p as u8 times v codes as i8), and the block scales of V staged as f32. Only kernels that ask for the
 * path get these rules and helpers (the others' sources stay as they were).
 */
import type { SimdIsa } from '../isa/simd.ts';

export const VQUAD = 'kf_vquad_q8';
export const BCAST4 = 'kf_bcast4_u8';

const HELPERS = `
/* two q8_0 blocks (64 codes) of four key rows -> 4 x 64 bytes: word e of chunk c holds code 16c + e of rows 0..3 */
static inline void kf_vquad_pair(int8_t* dst, const uint8_t* r0, const uint8_t* r1, const uint8_t* r2, const uint8_t* r3) {
#define KF_TWO_BLOCKS(r) _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i*)((r) + 2))), _mm256_loadu_si256((const __m256i*)((r) + 36)), 1)
  const __m512i a0 = KF_TWO_BLOCKS(r0), a1 = KF_TWO_BLOCKS(r1), a2 = KF_TWO_BLOCKS(r2), a3 = KF_TWO_BLOCKS(r3);
#undef KF_TWO_BLOCKS
  const __m512i l01 = _mm512_unpacklo_epi8(a0, a1), h01 = _mm512_unpackhi_epi8(a0, a1);
  const __m512i l23 = _mm512_unpacklo_epi8(a2, a3), h23 = _mm512_unpackhi_epi8(a2, a3);
  /* in each 128-bit lane k: o0 codes 16k+0..3, o1 16k+4..7, o2 16k+8..11, o3 16k+12..15 */
  const __m512i o0 = _mm512_unpacklo_epi16(l01, l23), o1 = _mm512_unpackhi_epi16(l01, l23);
  const __m512i o2 = _mm512_unpacklo_epi16(h01, h23), o3 = _mm512_unpackhi_epi16(h01, h23);
  /* a 4 x 4 transpose of the 128-bit lanes: chunk c = lane c of o0..o3 */
  const __m512i t0 = _mm512_shuffle_i64x2(o0, o1, 0x44), t1 = _mm512_shuffle_i64x2(o2, o3, 0x44);
  const __m512i t2 = _mm512_shuffle_i64x2(o0, o1, 0xEE), t3 = _mm512_shuffle_i64x2(o2, o3, 0xEE);
  _mm512_storeu_si512((void*)dst, _mm512_shuffle_i64x2(t0, t1, 0x88));
  _mm512_storeu_si512((void*)(dst + 64), _mm512_shuffle_i64x2(t0, t1, 0xDD));
  _mm512_storeu_si512((void*)(dst + 128), _mm512_shuffle_i64x2(t2, t3, 0x88));
  _mm512_storeu_si512((void*)(dst + 192), _mm512_shuffle_i64x2(t2, t3, 0xDD));
}
/* one q8_0 block of four key rows -> 2 x 64 bytes, as kf_vquad_pair */
static inline void kf_vquad_one(int8_t* dst, const uint8_t* r0, const uint8_t* r1, const uint8_t* r2, const uint8_t* r3) {
  const __m256i a0 = _mm256_loadu_si256((const __m256i*)(r0 + 2)), a1 = _mm256_loadu_si256((const __m256i*)(r1 + 2));
  const __m256i a2 = _mm256_loadu_si256((const __m256i*)(r2 + 2)), a3 = _mm256_loadu_si256((const __m256i*)(r3 + 2));
  const __m256i l01 = _mm256_unpacklo_epi8(a0, a1), h01 = _mm256_unpackhi_epi8(a0, a1);
  const __m256i l23 = _mm256_unpacklo_epi8(a2, a3), h23 = _mm256_unpackhi_epi8(a2, a3);
  const __m256i o[4] = { _mm256_unpacklo_epi16(l01, l23), _mm256_unpackhi_epi16(l01, l23), _mm256_unpacklo_epi16(h01, h23), _mm256_unpackhi_epi16(h01, h23) };
  for (int i = 0; i < 4; i++) {
    _mm_storeu_si128((__m128i*)(dst + 16 * i), _mm256_castsi256_si128(o[i]));
    _mm_storeu_si128((__m128i*)(dst + 64 + 16 * i), _mm256_extracti128_si256(o[i], 1));
  }
}
/* four key rows of nb q8_0 blocks: codes interleaved (kf_vquad_pair), scale of block b of row k at ds[b * stride + k] */
static inline int32_t kf_vquad_q8(int8_t* dst, float* ds, int32_t stride, int32_t nb, const uint8_t* r0, const uint8_t* r1, const uint8_t* r2, const uint8_t* r3) {
  int32_t b = 0;
  for (; b + 2 <= nb; b += 2) kf_vquad_pair(dst + b * 128, r0 + b * 34, r1 + b * 34, r2 + b * 34, r3 + b * 34);
  if (b < nb) kf_vquad_one(dst + b * 128, r0 + b * 34, r1 + b * 34, r2 + b * 34, r3 + b * 34);
  for (b = 0; b < nb; b++) {
    uint16_t h[4];
    __builtin_memcpy(&h[0], r0 + b * 34, 2); __builtin_memcpy(&h[1], r1 + b * 34, 2);
    __builtin_memcpy(&h[2], r2 + b * 34, 2); __builtin_memcpy(&h[3], r3 + b * 34, 2);
    _mm_storeu_ps(ds + b * stride, _mm_cvtph_ps(_mm_set_epi16(0, 0, 0, 0, (short)h[3], (short)h[2], (short)h[1], (short)h[0])));
  }
  return 0;
}
/* the 4 bytes at p (the quantized p of four keys) in every 32-bit word */
static inline __m512i kf_bcast4_u8(const void* p) {
  int32_t w;
  __builtin_memcpy(&w, p, 4);
  return _mm512_set1_epi32(w);
}`;

/** the ISA with the int8 p·v rules, where it has 512-bit integer dot products (AVX-512); others unchanged */
export function withPvInt8(isa: SimdIsa): SimdIsa {
  if (isa.rules.rules['dot:i32x16,u8x64,i8x64'] === undefined || isa.f32Lanes !== 16) return isa;
  return {
    ...isa,
    rules: {
      ...isa.rules,
      preamble: `${isa.rules.preamble}\n${HELPERS}`,
      rules: {
        ...isa.rules.rules,
        [`call.${VQUAD}:i32`]: (o) => `${VQUAD}(&${o.all[0]}, &${o.all[1]}, ${o.all[2]}, ${o.all[3]}, &${o.all[4]}, &${o.all[5]}, &${o.all[6]}, &${o.all[7]})`,
        [`call.${BCAST4}:u8x64`]: `${BCAST4}(&$a)`,
        'cast:f32x16->i32x16': '_mm512_cvttps_epi32($a)',
        // values 0..255: the low byte of each lane
        'cast:i32x16->u8x16': '_mm512_cvtepi32_epi8($a)',
        'store:u8x16': '_mm_storeu_si128((__m128i*)($p), $a)',
      },
    },
  };
}
