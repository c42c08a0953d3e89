#include <stdint.h>
#include <string.h>
#include <math.h>

static inline float kf_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu, bits;
  if (exp == 0x1fu) bits = sign | 0x7f800000u | (mant << 13);
  else if (exp != 0) bits = sign | ((exp + 112u) << 23) | (mant << 13);
  else if (mant == 0) bits = sign;
  else { /* subnormal: value = mant * 2^-24 exactly representable in f32 */
    float f = (float)mant * 5.9604644775390625e-8f;
    return sign ? -f : f;
  }
  float f; memcpy(&f, &bits, 4); return f;
}
static inline float kf_bf16_to_f32(uint16_t h) { uint32_t bits = (uint32_t)h << 16; float f; memcpy(&f, &bits, 4); return f; }
static inline uint16_t kf_load_u16(const void* p) { uint16_t v; memcpy(&v, p, 2); return v; }
static inline float kf_load_f32(const void* p) { float v; memcpy(&v, p, 4); return v; }

#include <immintrin.h>

static inline float kf_hsum256(__m256 v) {
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
/* a hint for the `bytes` from p on (a group of blocks some way ahead in a weight row), one per line */
static inline int32_t kf_prefetch(const void* p, int32_t bytes) {
  for (int32_t o = 0; o < bytes; o += 64) _mm_prefetch((const char*)p + o, _MM_HINT_T0);
  return 0;
}

void attention_f16_avx512_bf16(const float* restrict q, const uint16_t* restrict k, const uint16_t* restrict v, float* restrict o, int32_t B, int32_t Sq, int32_t Skv) {
  #pragma omp parallel for schedule(static)
  for (int32_t w = 0; w < (((B * 2) * ((Sq + 7) / 8)) * 1); w++) {
    const int32_t split = (w % 1);
    const int32_t wt = (w / 1);
    const int32_t qt = (wt % ((Sq + 7) / 8));
    const int32_t bh = (wt / ((Sq + 7) / 8));
    const int32_t b = (bh / 2);
    const int32_t kvh = (bh % 2);
    const int32_t i0 = (qt * 8);
    const int32_t nq = ((8) < ((Sq - i0)) ? (8) : ((Sq - i0)));
    const int32_t p0 = ((Skv - Sq) + i0);
    const int32_t lo = 0;
    const int32_t hi = (p0 + (nq - 1));
    const int32_t js = lo;
    const int32_t je = (hi + 1);
    float qtr[1152];
    float st[1024];
    int32_t pp[512];
    float kf[4608];
    float vf[3072];
    int32_t vp[1536];
    float acct[768];
    float mrow[16];
    float lrow[16];
    float alph[16];
    float posv[16];
    for (int32_t r = 0; r < 16; r++) {
      const int32_t qrow = (((((b * 4) + ((kvh * 2) + (((r) < (15) ? (r) : (15)) / 8))) * Sq) + (i0 + (((((r) < (15) ? (r) : (15)) % 8)) < ((nq - 1)) ? ((((r) < (15) ? (r) : (15)) % 8)) : ((nq - 1))))) * 72);
      for (int32_t d = 0; d < 72; d++) {
        qtr[((d * 16) + r)] = ((r < 16) ? (q[(qrow + d)] * 0.125f) : 0.0f);
      }
      posv[r] = ((float)(p0 + (((((r) < (15) ? (r) : (15)) % 8)) < ((nq - 1)) ? ((((r) < (15) ? (r) : (15)) % 8)) : ((nq - 1)))));
    }
    for (int32_t r = 0; r < 16; r += 16) {
      _mm512_storeu_ps(&mrow[r], _mm512_set1_ps((-3e+38f)));
      _mm512_storeu_ps(&lrow[r], _mm512_set1_ps(0.0f));
    }
    for (int32_t z = 0; z < 768; z += 16) {
      _mm512_storeu_ps(&acct[z], _mm512_set1_ps(0.0f));
    }
    for (int32_t j0 = js; j0 < je; j0 += 64) {
      const int32_t n = ((64) < ((je - j0)) ? (64) : ((je - j0)));
      for (int32_t jsk = 0; jsk < n; jsk++) {
        const int32_t skb = (((bh * Skv) + (j0 + jsk)) * 72);
        const int32_t pfsk = kf_prefetch(&k[(((skb + 1008)) < (((((B * 2) * Skv) * 72) - 1)) ? ((skb + 1008)) : (((((B * 2) * Skv) * 72) - 1)))], 144);
        for (int32_t dsk = 0; dsk < 64; dsk += 16) {
          _mm512_storeu_ps(&kf[((jsk * 72) + dsk)], _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&k[(skb + dsk)]))));
        }
        for (int32_t dskt = 64; dskt < 72; dskt++) {
          kf[((jsk * 72) + dskt)] = _cvtsh_ss(k[(skb + dskt)]);
        }
      }
      for (int32_t jzsk = n; jzsk < 64; jzsk++) {
        for (int32_t dzsk = 0; dzsk < 72; dzsk++) {
          kf[((jzsk * 72) + dzsk)] = 0.0f;
        }
      }
      for (int32_t jsv = 0; jsv < n; jsv++) {
        const int32_t svb = (((bh * Skv) + (j0 + jsv)) * 40);
        const int32_t pfsv = kf_prefetch(&v[(((svb + 1040)) < (((((B * 2) * Skv) * 40) - 1)) ? ((svb + 1040)) : (((((B * 2) * Skv) * 40) - 1)))], 80);
        for (int32_t dsv = 0; dsv < 32; dsv += 16) {
          _mm512_storeu_ps(&vf[((jsv * 48) + dsv)], _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(svb + dsv)]))));
        }
        for (int32_t dsvt = 32; dsvt < 40; dsvt++) {
          vf[((jsv * 48) + dsvt)] = _cvtsh_ss(v[(svb + dsvt)]);
        }
        for (int32_t zsv = 40; zsv < 48; zsv++) {
          vf[((jsv * 48) + zsv)] = 0.0f;
        }
      }
      for (int32_t jzsv = n; jzsv < 64; jzsv++) {
        for (int32_t dzsv = 0; dzsv < 48; dzsv++) {
          vf[((jzsv * 48) + dzsv)] = 0.0f;
        }
      }
      const int32_t np = ((n + 1) / 2);
      for (int32_t tv = 0; tv < np; tv++) {
        for (int32_t ev = 0; ev < 48; ev += 16) {
          _mm512_storeu_si512((void*)(&vp[((tv * 48) + ev)]), _mm512_permutexvar_epi16(_mm512_set_epi16(31,15,30,14,29,13,28,12,27,11,26,10,25,9,24,8,23,7,22,6,21,5,20,4,19,3,18,2,17,1,16,0), (__m512i)_mm512_cvtne2ps_pbh(_mm512_loadu_ps(&vf[((((tv * 2) + 1) * 48) + ev)]), _mm512_loadu_ps(&vf[(((tv * 2) * 48) + ev)]))));
        }
      }
      for (int32_t jb = 0; jb < n; jb += 8) {
        __m512 s0_0 = _mm512_set1_ps(0.0f);
        __m512 s1_0 = _mm512_set1_ps(0.0f);
        __m512 s2_0 = _mm512_set1_ps(0.0f);
        __m512 s3_0 = _mm512_set1_ps(0.0f);
        __m512 s4_0 = _mm512_set1_ps(0.0f);
        __m512 s5_0 = _mm512_set1_ps(0.0f);
        __m512 s6_0 = _mm512_set1_ps(0.0f);
        __m512 s7_0 = _mm512_set1_ps(0.0f);
        for (int32_t d = 0; d < 72; d++) {
          const __m512 qv0 = _mm512_loadu_ps(&qtr[((d * 16) + 0)]);
          const __m512 kb0 = _mm512_set1_ps(kf[(((jb + 0) * 72) + d)]);
          s0_0 = _mm512_fmadd_ps(qv0, kb0, s0_0);
          const __m512 kb1 = _mm512_set1_ps(kf[(((jb + 1) * 72) + d)]);
          s1_0 = _mm512_fmadd_ps(qv0, kb1, s1_0);
          const __m512 kb2 = _mm512_set1_ps(kf[(((jb + 2) * 72) + d)]);
          s2_0 = _mm512_fmadd_ps(qv0, kb2, s2_0);
          const __m512 kb3 = _mm512_set1_ps(kf[(((jb + 3) * 72) + d)]);
          s3_0 = _mm512_fmadd_ps(qv0, kb3, s3_0);
          const __m512 kb4 = _mm512_set1_ps(kf[(((jb + 4) * 72) + d)]);
          s4_0 = _mm512_fmadd_ps(qv0, kb4, s4_0);
          const __m512 kb5 = _mm512_set1_ps(kf[(((jb + 5) * 72) + d)]);
          s5_0 = _mm512_fmadd_ps(qv0, kb5, s5_0);
          const __m512 kb6 = _mm512_set1_ps(kf[(((jb + 6) * 72) + d)]);
          s6_0 = _mm512_fmadd_ps(qv0, kb6, s6_0);
          const __m512 kb7 = _mm512_set1_ps(kf[(((jb + 7) * 72) + d)]);
          s7_0 = _mm512_fmadd_ps(qv0, kb7, s7_0);
        }
        const __m512 kj0 = _mm512_set1_ps(((float)(j0 + (jb + 0))));
        _mm512_storeu_ps(&st[(((jb + 0) * 16) + 0)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj0, _mm512_loadu_ps(&posv[0]), _CMP_LE_OQ), _mm512_set1_ps((-3e+38f)), _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj0, _mm512_set1_ps(((float)(j0 + n))), _CMP_LT_OQ), _mm512_set1_ps((-3e+38f)), s0_0)));
        const __m512 kj1 = _mm512_set1_ps(((float)(j0 + (jb + 1))));
        _mm512_storeu_ps(&st[(((jb + 1) * 16) + 0)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj1, _mm512_loadu_ps(&posv[0]), _CMP_LE_OQ), _mm512_set1_ps((-3e+38f)), _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj1, _mm512_set1_ps(((float)(j0 + n))), _CMP_LT_OQ), _mm512_set1_ps((-3e+38f)), s1_0)));
        const __m512 kj2 = _mm512_set1_ps(((float)(j0 + (jb + 2))));
        _mm512_storeu_ps(&st[(((jb + 2) * 16) + 0)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj2, _mm512_loadu_ps(&posv[0]), _CMP_LE_OQ), _mm512_set1_ps((-3e+38f)), _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj2, _mm512_set1_ps(((float)(j0 + n))), _CMP_LT_OQ), _mm512_set1_ps((-3e+38f)), s2_0)));
        const __m512 kj3 = _mm512_set1_ps(((float)(j0 + (jb + 3))));
        _mm512_storeu_ps(&st[(((jb + 3) * 16) + 0)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj3, _mm512_loadu_ps(&posv[0]), _CMP_LE_OQ), _mm512_set1_ps((-3e+38f)), _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj3, _mm512_set1_ps(((float)(j0 + n))), _CMP_LT_OQ), _mm512_set1_ps((-3e+38f)), s3_0)));
        const __m512 kj4 = _mm512_set1_ps(((float)(j0 + (jb + 4))));
        _mm512_storeu_ps(&st[(((jb + 4) * 16) + 0)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj4, _mm512_loadu_ps(&posv[0]), _CMP_LE_OQ), _mm512_set1_ps((-3e+38f)), _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj4, _mm512_set1_ps(((float)(j0 + n))), _CMP_LT_OQ), _mm512_set1_ps((-3e+38f)), s4_0)));
        const __m512 kj5 = _mm512_set1_ps(((float)(j0 + (jb + 5))));
        _mm512_storeu_ps(&st[(((jb + 5) * 16) + 0)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj5, _mm512_loadu_ps(&posv[0]), _CMP_LE_OQ), _mm512_set1_ps((-3e+38f)), _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj5, _mm512_set1_ps(((float)(j0 + n))), _CMP_LT_OQ), _mm512_set1_ps((-3e+38f)), s5_0)));
        const __m512 kj6 = _mm512_set1_ps(((float)(j0 + (jb + 6))));
        _mm512_storeu_ps(&st[(((jb + 6) * 16) + 0)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj6, _mm512_loadu_ps(&posv[0]), _CMP_LE_OQ), _mm512_set1_ps((-3e+38f)), _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj6, _mm512_set1_ps(((float)(j0 + n))), _CMP_LT_OQ), _mm512_set1_ps((-3e+38f)), s6_0)));
        const __m512 kj7 = _mm512_set1_ps(((float)(j0 + (jb + 7))));
        _mm512_storeu_ps(&st[(((jb + 7) * 16) + 0)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj7, _mm512_loadu_ps(&posv[0]), _CMP_LE_OQ), _mm512_set1_ps((-3e+38f)), _mm512_mask_blend_ps(_mm512_cmp_ps_mask(kj7, _mm512_set1_ps(((float)(j0 + n))), _CMP_LT_OQ), _mm512_set1_ps((-3e+38f)), s7_0)));
      }
      for (int32_t rv = 0; rv < 16; rv += 16) {
        __m512 tmv = _mm512_set1_ps((-3e+38f));
        for (int32_t jm = 0; jm < n; jm++) {
          tmv = _mm512_max_ps(tmv, _mm512_loadu_ps(&st[((jm * 16) + rv)]));
        }
        const __m512 mold = _mm512_loadu_ps(&mrow[rv]);
        const __m512 mnew = _mm512_max_ps(mold, tmv);
        const __m512 alpha = ({ const __m512 kf_ex = (_mm512_sub_ps(mold, mnew)); const __m512 kf_exl = _mm512_max_ps(_mm512_set1_ps(-104.0f), kf_ex); const __m512 kf_exc = _mm512_min_ps(_mm512_set1_ps(89.0f), kf_exl); const __m512 kf_enb = _mm512_fmadd_ps(kf_exc, _mm512_set1_ps(1.4426950216293335f), _mm512_set1_ps(12582912.0f)); const __m512 kf_en = _mm512_sub_ps(kf_enb, _mm512_set1_ps(12582912.0f)); const __m512 kf_erh = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.693145751953125f), kf_exc); const __m512 kf_er = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.000001428606765330187f), kf_erh); const __m512 kf_ep1 = _mm512_fmadd_ps(_mm512_set1_ps(0.008289290592074394f), kf_er, _mm512_set1_ps(0.04189782217144966f)); const __m512 kf_ep2 = _mm512_fmadd_ps(kf_ep1, kf_er, _mm512_set1_ps(0.16667652130126953f)); const __m512 kf_ep3 = _mm512_fmadd_ps(kf_ep2, kf_er, _mm512_set1_ps(0.4999915063381195f)); const __m512 kf_ep4 = _mm512_fmadd_ps(kf_ep3, kf_er, _mm512_set1_ps(0.9999997019767761f)); const __m512 kf_ep5 = _mm512_fmadd_ps(kf_ep4, kf_er, _mm512_set1_ps(1.0f)); const __m512i kf_eni = _mm512_sub_epi32(_mm512_castps_si512(kf_enb), _mm512_set1_epi32(1262485504)); const __m512i kf_enh = _mm512_srai_epi32(kf_eni, 1); const __m512 kf_es1 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(kf_enh, _mm512_set1_epi32(127)), 23)); const __m512 kf_es2 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(_mm512_sub_epi32(kf_eni, kf_enh), _mm512_set1_epi32(127)), 23)); _mm512_mul_ps(_mm512_mul_ps(kf_ep5, kf_es1), kf_es2); });
        __m512 psv = _mm512_set1_ps(0.0f);
        for (int32_t jx = 0; jx < n; jx++) {
          const __m512 sv = _mm512_loadu_ps(&st[((jx * 16) + rv)]);
          const __m512 pv = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(sv, _mm512_set1_ps((-1e+38f)), _CMP_GT_OQ), _mm512_set1_ps(0.0f), ({ const __m512 kf_ex = (_mm512_sub_ps(sv, mnew)); const __m512 kf_exl = _mm512_max_ps(_mm512_set1_ps(-104.0f), kf_ex); const __m512 kf_exc = _mm512_min_ps(_mm512_set1_ps(89.0f), kf_exl); const __m512 kf_enb = _mm512_fmadd_ps(kf_exc, _mm512_set1_ps(1.4426950216293335f), _mm512_set1_ps(12582912.0f)); const __m512 kf_en = _mm512_sub_ps(kf_enb, _mm512_set1_ps(12582912.0f)); const __m512 kf_erh = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.693145751953125f), kf_exc); const __m512 kf_er = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.000001428606765330187f), kf_erh); const __m512 kf_ep1 = _mm512_fmadd_ps(_mm512_set1_ps(0.008289290592074394f), kf_er, _mm512_set1_ps(0.04189782217144966f)); const __m512 kf_ep2 = _mm512_fmadd_ps(kf_ep1, kf_er, _mm512_set1_ps(0.16667652130126953f)); const __m512 kf_ep3 = _mm512_fmadd_ps(kf_ep2, kf_er, _mm512_set1_ps(0.4999915063381195f)); const __m512 kf_ep4 = _mm512_fmadd_ps(kf_ep3, kf_er, _mm512_set1_ps(0.9999997019767761f)); const __m512 kf_ep5 = _mm512_fmadd_ps(kf_ep4, kf_er, _mm512_set1_ps(1.0f)); const __m512i kf_eni = _mm512_sub_epi32(_mm512_castps_si512(kf_enb), _mm512_set1_epi32(1262485504)); const __m512i kf_enh = _mm512_srai_epi32(kf_eni, 1); const __m512 kf_es1 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(kf_enh, _mm512_set1_epi32(127)), 23)); const __m512 kf_es2 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(_mm512_sub_epi32(kf_eni, kf_enh), _mm512_set1_epi32(127)), 23)); _mm512_mul_ps(_mm512_mul_ps(kf_ep5, kf_es1), kf_es2); }));
          _mm512_storeu_ps(&st[((jx * 16) + rv)], pv);
          psv = _mm512_add_ps(psv, pv);
        }
        for (int32_t jo = n; jo < (np * 2); jo++) {
          _mm512_storeu_ps(&st[((jo * 16) + rv)], _mm512_set1_ps(0.0f));
        }
        _mm512_storeu_ps(&lrow[rv], _mm512_fmadd_ps(_mm512_loadu_ps(&lrow[rv]), alpha, psv));
        _mm512_storeu_ps(&mrow[rv], mnew);
        _mm512_storeu_ps(&alph[rv], alpha);
        for (int32_t tp = 0; tp < np; tp++) {
          _mm512_storeu_si512((void*)(&pp[((tp * 16) + rv)]), _mm512_permutexvar_epi16(_mm512_set_epi16(31,15,30,14,29,13,28,12,27,11,26,10,25,9,24,8,23,7,22,6,21,5,20,4,19,3,18,2,17,1,16,0), (__m512i)_mm512_cvtne2ps_pbh(_mm512_loadu_ps(&st[((((tp * 2) + 1) * 16) + rv)]), _mm512_loadu_ps(&st[(((tp * 2) * 16) + rv)]))));
        }
      }
      for (int32_t eb = 0; eb < 48; eb += 8) {
        const __m512 al0 = _mm512_loadu_ps(&alph[0]);
        __m512 o0_0 = _mm512_mul_ps(_mm512_loadu_ps(&acct[(((eb + 0) * 16) + 0)]), al0);
        __m512 o1_0 = _mm512_mul_ps(_mm512_loadu_ps(&acct[(((eb + 1) * 16) + 0)]), al0);
        __m512 o2_0 = _mm512_mul_ps(_mm512_loadu_ps(&acct[(((eb + 2) * 16) + 0)]), al0);
        __m512 o3_0 = _mm512_mul_ps(_mm512_loadu_ps(&acct[(((eb + 3) * 16) + 0)]), al0);
        __m512 o4_0 = _mm512_mul_ps(_mm512_loadu_ps(&acct[(((eb + 4) * 16) + 0)]), al0);
        __m512 o5_0 = _mm512_mul_ps(_mm512_loadu_ps(&acct[(((eb + 5) * 16) + 0)]), al0);
        __m512 o6_0 = _mm512_mul_ps(_mm512_loadu_ps(&acct[(((eb + 6) * 16) + 0)]), al0);
        __m512 o7_0 = _mm512_mul_ps(_mm512_loadu_ps(&acct[(((eb + 7) * 16) + 0)]), al0);
        for (int32_t tt = 0; tt < np; tt++) {
          const __m512i pw0 = _mm512_loadu_si512((const void*)(&pp[((tt * 16) + 0)]));
          const __m512i vw0 = _mm512_set1_epi32(vp[((tt * 48) + (eb + 0))]);
          o0_0 = _mm512_dpbf16_ps(o0_0, (__m512bh)(vw0), (__m512bh)(pw0));
          const __m512i vw1 = _mm512_set1_epi32(vp[((tt * 48) + (eb + 1))]);
          o1_0 = _mm512_dpbf16_ps(o1_0, (__m512bh)(vw1), (__m512bh)(pw0));
          const __m512i vw2 = _mm512_set1_epi32(vp[((tt * 48) + (eb + 2))]);
          o2_0 = _mm512_dpbf16_ps(o2_0, (__m512bh)(vw2), (__m512bh)(pw0));
          const __m512i vw3 = _mm512_set1_epi32(vp[((tt * 48) + (eb + 3))]);
          o3_0 = _mm512_dpbf16_ps(o3_0, (__m512bh)(vw3), (__m512bh)(pw0));
          const __m512i vw4 = _mm512_set1_epi32(vp[((tt * 48) + (eb + 4))]);
          o4_0 = _mm512_dpbf16_ps(o4_0, (__m512bh)(vw4), (__m512bh)(pw0));
          const __m512i vw5 = _mm512_set1_epi32(vp[((tt * 48) + (eb + 5))]);
          o5_0 = _mm512_dpbf16_ps(o5_0, (__m512bh)(vw5), (__m512bh)(pw0));
          const __m512i vw6 = _mm512_set1_epi32(vp[((tt * 48) + (eb + 6))]);
          o6_0 = _mm512_dpbf16_ps(o6_0, (__m512bh)(vw6), (__m512bh)(pw0));
          const __m512i vw7 = _mm512_set1_epi32(vp[((tt * 48) + (eb + 7))]);
          o7_0 = _mm512_dpbf16_ps(o7_0, (__m512bh)(vw7), (__m512bh)(pw0));
        }
        _mm512_storeu_ps(&acct[(((eb + 0) * 16) + 0)], o0_0);
        _mm512_storeu_ps(&acct[(((eb + 1) * 16) + 0)], o1_0);
        _mm512_storeu_ps(&acct[(((eb + 2) * 16) + 0)], o2_0);
        _mm512_storeu_ps(&acct[(((eb + 3) * 16) + 0)], o3_0);
        _mm512_storeu_ps(&acct[(((eb + 4) * 16) + 0)], o4_0);
        _mm512_storeu_ps(&acct[(((eb + 5) * 16) + 0)], o5_0);
        _mm512_storeu_ps(&acct[(((eb + 6) * 16) + 0)], o6_0);
        _mm512_storeu_ps(&acct[(((eb + 7) * 16) + 0)], o7_0);
      }
    }
    for (int32_t r = 0; r < 16; r++) {
      if ((r % 8) < nq) {
        const int32_t orow = (((((b * 4) + ((kvh * 2) + (r / 8))) * Sq) + (i0 + (r % 8))) * 40);
        const float inv = (1.0f / lrow[r]);
        for (int32_t eo = 0; eo < 40; eo++) {
          o[(orow + eo)] = (acct[((eo * 16) + r)] * inv);
        }
      }
    }
  }
}
