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
static inline __m256i kf_dot_u8s8(__m256i acc, __m256i u, __m256i s) {
  return _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_maddubs_epi16(u, s), _mm256_set1_epi16(1)));
}
/* two u8 x i8 operand pairs into i32 lanes with one widening step: exact for codes up to 15, where
   each i16 pair sum is at most 2 * 15 * 127 and two of them stay far below 2^15 */
static inline __m256i kf_dot_u4s8_x2(__m256i u0, __m256i s0, __m256i u1, __m256i s1) {
  return _mm256_madd_epi16(_mm256_add_epi16(_mm256_maddubs_epi16(u0, s0), _mm256_maddubs_epi16(u1, s1)), _mm256_set1_epi16(1));
}

void attention_f16_avx2(const float* restrict q, const uint16_t* restrict k, const uint16_t* restrict v, float* restrict o, int32_t B, int32_t Sq, int32_t Skv) {
  #pragma omp parallel for schedule(static)
  for (int32_t w = 0; w < (((B * 2) * ((Sq + 15) / 16)) * 1); w++) {
    const int32_t split = (w % 1);
    const int32_t wt = (w / 1);
    const int32_t qt = (wt % ((Sq + 15) / 16));
    const int32_t bh = (wt / ((Sq + 15) / 16));
    const int32_t b = (bh / 2);
    const int32_t kvh = (bh % 2);
    const int32_t i0 = (qt * 16);
    const int32_t nq = ((16) < ((Sq - i0)) ? (16) : ((Sq - i0)));
    const int32_t p0 = ((Skv - Sq) + i0);
    const int32_t lo = 0;
    const int32_t hi = (p0 + (nq - 1));
    const int32_t js = lo;
    const int32_t je = (hi + 1);
    float qs[2304];
    float sc[2048];
    float acc[2304];
    float mrow[32];
    float lrow[32];
    float kf[4608];
    float vf[4608];
    float iota[8];
    iota[0] = 0.0f;
    iota[1] = 1.0f;
    iota[2] = 2.0f;
    iota[3] = 3.0f;
    iota[4] = 4.0f;
    iota[5] = 5.0f;
    iota[6] = 6.0f;
    iota[7] = 7.0f;
    for (int32_t r = 0; r < 32; r++) {
      const int32_t qrow = (((((b * 4) + ((kvh * 2) + (r / 16))) * Sq) + (i0 + (((r % 16)) < ((nq - 1)) ? ((r % 16)) : ((nq - 1))))) * 72);
      for (int32_t d = 0; d < 72; d += 8) {
        _mm256_storeu_ps(&qs[((r * 72) + d)], _mm256_mul_ps(_mm256_loadu_ps(&q[(qrow + d)]), _mm256_set1_ps(0.125f)));
      }
      mrow[r] = (-3e+38f);
      lrow[r] = 0.0f;
      for (int32_t e = 0; e < 72; e += 8) {
        _mm256_storeu_ps(&acc[((r * 72) + e)], _mm256_set1_ps(0.0f));
      }
    }
    for (int32_t j0 = js; j0 < je; j0 += 64) {
      const int32_t n = ((64) < ((je - j0)) ? (64) : ((je - j0)));
      for (int32_t jsk = 0; jsk < n; jsk++) {
        const int32_t skb = (((bh * Skv) + (j0 + jsk)) * 72);
        const int32_t pfsk = kf_prefetch(&k[(((skb + 1008)) < (((((B * 2) * Skv) * 72) - 1)) ? ((skb + 1008)) : (((((B * 2) * Skv) * 72) - 1)))], 144);
        for (int32_t dsk = 0; dsk < 72; dsk += 8) {
          _mm256_storeu_ps(&kf[((jsk * 72) + dsk)], _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(&k[(skb + dsk)]))));
        }
      }
      for (int32_t jsv = 0; jsv < n; jsv++) {
        const int32_t svb = (((bh * Skv) + (j0 + jsv)) * 72);
        const int32_t pfsv = kf_prefetch(&v[(((svb + 1008)) < (((((B * 2) * Skv) * 72) - 1)) ? ((svb + 1008)) : (((((B * 2) * Skv) * 72) - 1)))], 144);
        for (int32_t dsv = 0; dsv < 72; dsv += 8) {
          _mm256_storeu_ps(&vf[((jsv * 72) + dsv)], _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(&v[(svb + dsv)]))));
        }
      }
      for (int32_t jzk = n; jzk < 64; jzk++) {
        for (int32_t dzk = 0; dzk < 72; dzk += 8) {
          _mm256_storeu_ps(&kf[((jzk * 72) + dzk)], _mm256_set1_ps(0.0f));
        }
        for (int32_t dzv = 0; dzv < 72; dzv += 8) {
          _mm256_storeu_ps(&vf[((jzk * 72) + dzv)], _mm256_set1_ps(0.0f));
        }
      }
      for (int32_t rs = 0; rs < 32; rs++) {
        for (int32_t jb = 0; jb < n; jb += 8) {
          __m256 ka0 = _mm256_set1_ps(0.0f);
          __m256 ka1 = _mm256_set1_ps(0.0f);
          __m256 ka2 = _mm256_set1_ps(0.0f);
          __m256 ka3 = _mm256_set1_ps(0.0f);
          __m256 ka4 = _mm256_set1_ps(0.0f);
          __m256 ka5 = _mm256_set1_ps(0.0f);
          __m256 ka6 = _mm256_set1_ps(0.0f);
          __m256 ka7 = _mm256_set1_ps(0.0f);
          #pragma GCC unroll 9
          for (int32_t dk = 0; dk < 72; dk += 8) {
            const __m256 qv = _mm256_loadu_ps(&qs[((rs * 72) + dk)]);
            ka0 = _mm256_fmadd_ps(qv, _mm256_loadu_ps(&kf[(((jb + 0) * 72) + dk)]), ka0);
            ka1 = _mm256_fmadd_ps(qv, _mm256_loadu_ps(&kf[(((jb + 1) * 72) + dk)]), ka1);
            ka2 = _mm256_fmadd_ps(qv, _mm256_loadu_ps(&kf[(((jb + 2) * 72) + dk)]), ka2);
            ka3 = _mm256_fmadd_ps(qv, _mm256_loadu_ps(&kf[(((jb + 3) * 72) + dk)]), ka3);
            ka4 = _mm256_fmadd_ps(qv, _mm256_loadu_ps(&kf[(((jb + 4) * 72) + dk)]), ka4);
            ka5 = _mm256_fmadd_ps(qv, _mm256_loadu_ps(&kf[(((jb + 5) * 72) + dk)]), ka5);
            ka6 = _mm256_fmadd_ps(qv, _mm256_loadu_ps(&kf[(((jb + 6) * 72) + dk)]), ka6);
            ka7 = _mm256_fmadd_ps(qv, _mm256_loadu_ps(&kf[(((jb + 7) * 72) + dk)]), ka7);
          }
          const __m256 sraws = ({ const __m256 kf_t0 = (ka0); const __m256 kf_t1 = (ka1); const __m256 kf_t2 = (ka2); const __m256 kf_t3 = (ka3); const __m256 kf_t4 = (ka4); const __m256 kf_t5 = (ka5); const __m256 kf_t6 = (ka6); const __m256 kf_t7 = (ka7); const __m256 kf_t8 = _mm256_add_ps(_mm256_unpacklo_ps(kf_t0, kf_t1), _mm256_unpackhi_ps(kf_t0, kf_t1)); const __m256 kf_t9 = _mm256_add_ps(_mm256_unpacklo_ps(kf_t2, kf_t3), _mm256_unpackhi_ps(kf_t2, kf_t3)); const __m256 kf_t10 = _mm256_add_ps(_mm256_unpacklo_ps(kf_t4, kf_t5), _mm256_unpackhi_ps(kf_t4, kf_t5)); const __m256 kf_t11 = _mm256_add_ps(_mm256_unpacklo_ps(kf_t6, kf_t7), _mm256_unpackhi_ps(kf_t6, kf_t7)); const __m256 kf_t12 = _mm256_add_ps(_mm256_shuffle_ps(kf_t8, kf_t9, 0x44), _mm256_shuffle_ps(kf_t8, kf_t9, 0xee)); const __m256 kf_t13 = _mm256_add_ps(_mm256_shuffle_ps(kf_t10, kf_t11, 0x44), _mm256_shuffle_ps(kf_t10, kf_t11, 0xee)); _mm256_add_ps(_mm256_permute2f128_ps(kf_t12, kf_t13, 0x20), _mm256_permute2f128_ps(kf_t12, kf_t13, 0x31)); });
          const __m256 jvecs = _mm256_add_ps(_mm256_loadu_ps(&iota[0]), _mm256_set1_ps(((float)(j0 + jb))));
          _mm256_storeu_ps(&sc[((rs * 64) + jb)], _mm256_blendv_ps(_mm256_set1_ps((-3e+38f)), sraws, _mm256_cmp_ps(jvecs, _mm256_set1_ps(((float)(p0 + (((rs % 16)) < ((nq - 1)) ? ((rs % 16)) : ((nq - 1)))))), _CMP_LE_OQ)));
        }
      }
      for (int32_t r = 0; r < 32; r++) {
        for (int32_t jp = n; jp < 64; jp++) {
          sc[((r * 64) + jp)] = (-3e+38f);
        }
        __m256 tmv = _mm256_loadu_ps(&sc[((r * 64) + 0)]);
        for (int32_t jm = 8; jm < 64; jm += 8) {
          tmv = _mm256_max_ps(tmv, _mm256_loadu_ps(&sc[((r * 64) + jm)]));
        }
        const float tm = kf_hmax256(tmv);
        if (tm > (-1e+38f)) {
          const float mold = mrow[r];
          const float mnew = ((mold) > (tm) ? (mold) : (tm));
          const float alpha = expf((mold - mnew));
          __m256 psv = _mm256_set1_ps(0.0f);
          for (int32_t jx = 0; jx < 64; jx += 8) {
            const __m256 sv = _mm256_loadu_ps(&sc[((r * 64) + jx)]);
            const __m256 pv = _mm256_blendv_ps(_mm256_set1_ps(0.0f), ({ const __m256 kf_ex = (_mm256_sub_ps(sv, _mm256_set1_ps(mnew))); const __m256 kf_exl = _mm256_max_ps(_mm256_set1_ps(-104.0f), kf_ex); const __m256 kf_exc = _mm256_min_ps(_mm256_set1_ps(89.0f), kf_exl); const __m256 kf_enb = _mm256_fmadd_ps(kf_exc, _mm256_set1_ps(1.4426950216293335f), _mm256_set1_ps(12582912.0f)); const __m256 kf_en = _mm256_sub_ps(kf_enb, _mm256_set1_ps(12582912.0f)); const __m256 kf_erh = _mm256_fmadd_ps(kf_en, _mm256_set1_ps(-0.693145751953125f), kf_exc); const __m256 kf_er = _mm256_fmadd_ps(kf_en, _mm256_set1_ps(-0.000001428606765330187f), kf_erh); const __m256 kf_ep1 = _mm256_fmadd_ps(_mm256_set1_ps(0.008289290592074394f), kf_er, _mm256_set1_ps(0.04189782217144966f)); const __m256 kf_ep2 = _mm256_fmadd_ps(kf_ep1, kf_er, _mm256_set1_ps(0.16667652130126953f)); const __m256 kf_ep3 = _mm256_fmadd_ps(kf_ep2, kf_er, _mm256_set1_ps(0.4999915063381195f)); const __m256 kf_ep4 = _mm256_fmadd_ps(kf_ep3, kf_er, _mm256_set1_ps(0.9999997019767761f)); const __m256 kf_ep5 = _mm256_fmadd_ps(kf_ep4, kf_er, _mm256_set1_ps(1.0f)); const __m256i kf_eni = _mm256_sub_epi32(_mm256_castps_si256(kf_enb), _mm256_set1_epi32(1262485504)); const __m256i kf_enh = _mm256_srai_epi32(kf_eni, 1); const __m256 kf_es1 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(kf_enh, _mm256_set1_epi32(127)), 23)); const __m256 kf_es2 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(_mm256_sub_epi32(kf_eni, kf_enh), _mm256_set1_epi32(127)), 23)); _mm256_mul_ps(_mm256_mul_ps(kf_ep5, kf_es1), kf_es2); }), _mm256_cmp_ps(sv, _mm256_set1_ps((-1e+38f)), _CMP_GT_OQ));
            _mm256_storeu_ps(&sc[((r * 64) + jx)], pv);
            psv = _mm256_add_ps(psv, pv);
          }
          lrow[r] = (lrow[r] * alpha + kf_hsum256(psv));
          mrow[r] = mnew;
          for (int32_t ea = 0; ea < 72; ea += 8) {
            _mm256_storeu_ps(&acc[((r * 72) + ea)], _mm256_mul_ps(_mm256_loadu_ps(&acc[((r * 72) + ea)]), _mm256_set1_ps(alpha)));
          }
        } else {
          for (int32_t jz = 0; jz < 64; jz += 8) {
            _mm256_storeu_ps(&sc[((r * 64) + jz)], _mm256_set1_ps(0.0f));
          }
        }
      }
      for (int32_t rb = 0; rb < 8; rb++) {
        const int32_t jv0 = 0;
        const int32_t jve = n;
        for (int32_t dg = 0; dg < 72; dg += 24) {
          __m256 og0_0 = _mm256_loadu_ps(&acc[(((((rb * 4) + 0) * 72) + dg) + 0)]);
          __m256 og0_1 = _mm256_loadu_ps(&acc[(((((rb * 4) + 0) * 72) + dg) + 8)]);
          __m256 og0_2 = _mm256_loadu_ps(&acc[(((((rb * 4) + 0) * 72) + dg) + 16)]);
          __m256 og1_0 = _mm256_loadu_ps(&acc[(((((rb * 4) + 1) * 72) + dg) + 0)]);
          __m256 og1_1 = _mm256_loadu_ps(&acc[(((((rb * 4) + 1) * 72) + dg) + 8)]);
          __m256 og1_2 = _mm256_loadu_ps(&acc[(((((rb * 4) + 1) * 72) + dg) + 16)]);
          __m256 og2_0 = _mm256_loadu_ps(&acc[(((((rb * 4) + 2) * 72) + dg) + 0)]);
          __m256 og2_1 = _mm256_loadu_ps(&acc[(((((rb * 4) + 2) * 72) + dg) + 8)]);
          __m256 og2_2 = _mm256_loadu_ps(&acc[(((((rb * 4) + 2) * 72) + dg) + 16)]);
          __m256 og3_0 = _mm256_loadu_ps(&acc[(((((rb * 4) + 3) * 72) + dg) + 0)]);
          __m256 og3_1 = _mm256_loadu_ps(&acc[(((((rb * 4) + 3) * 72) + dg) + 8)]);
          __m256 og3_2 = _mm256_loadu_ps(&acc[(((((rb * 4) + 3) * 72) + dg) + 16)]);
          for (int32_t jvg = jv0; jvg < jve; jvg++) {
            const __m256 pg0 = _mm256_set1_ps(sc[((((rb * 4) + 0) * 64) + jvg)]);
            const __m256 pg1 = _mm256_set1_ps(sc[((((rb * 4) + 1) * 64) + jvg)]);
            const __m256 pg2 = _mm256_set1_ps(sc[((((rb * 4) + 2) * 64) + jvg)]);
            const __m256 pg3 = _mm256_set1_ps(sc[((((rb * 4) + 3) * 64) + jvg)]);
            const __m256 vcg0 = _mm256_loadu_ps(&vf[((jvg * 72) + (dg + 0))]);
            og0_0 = _mm256_fmadd_ps(vcg0, pg0, og0_0);
            og1_0 = _mm256_fmadd_ps(vcg0, pg1, og1_0);
            og2_0 = _mm256_fmadd_ps(vcg0, pg2, og2_0);
            og3_0 = _mm256_fmadd_ps(vcg0, pg3, og3_0);
            const __m256 vcg1 = _mm256_loadu_ps(&vf[((jvg * 72) + (dg + 8))]);
            og0_1 = _mm256_fmadd_ps(vcg1, pg0, og0_1);
            og1_1 = _mm256_fmadd_ps(vcg1, pg1, og1_1);
            og2_1 = _mm256_fmadd_ps(vcg1, pg2, og2_1);
            og3_1 = _mm256_fmadd_ps(vcg1, pg3, og3_1);
            const __m256 vcg2 = _mm256_loadu_ps(&vf[((jvg * 72) + (dg + 16))]);
            og0_2 = _mm256_fmadd_ps(vcg2, pg0, og0_2);
            og1_2 = _mm256_fmadd_ps(vcg2, pg1, og1_2);
            og2_2 = _mm256_fmadd_ps(vcg2, pg2, og2_2);
            og3_2 = _mm256_fmadd_ps(vcg2, pg3, og3_2);
          }
          _mm256_storeu_ps(&acc[(((((rb * 4) + 0) * 72) + dg) + 0)], og0_0);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 0) * 72) + dg) + 8)], og0_1);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 0) * 72) + dg) + 16)], og0_2);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 1) * 72) + dg) + 0)], og1_0);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 1) * 72) + dg) + 8)], og1_1);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 1) * 72) + dg) + 16)], og1_2);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 2) * 72) + dg) + 0)], og2_0);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 2) * 72) + dg) + 8)], og2_1);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 2) * 72) + dg) + 16)], og2_2);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 3) * 72) + dg) + 0)], og3_0);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 3) * 72) + dg) + 8)], og3_1);
          _mm256_storeu_ps(&acc[(((((rb * 4) + 3) * 72) + dg) + 16)], og3_2);
        }
      }
    }
    for (int32_t r = 0; r < 32; r++) {
      if ((r % 16) < nq) {
        const int32_t orow = (((((b * 4) + ((kvh * 2) + (r / 16))) * Sq) + (i0 + (r % 16))) * 72);
        const float inv = (1.0f / lrow[r]);
        for (int32_t eo = 0; eo < 72; eo += 8) {
          _mm256_storeu_ps(&o[(orow + eo)], _mm256_mul_ps(_mm256_loadu_ps(&acc[((r * 72) + eo)]), _mm256_set1_ps(inv)));
        }
      }
    }
  }
}
