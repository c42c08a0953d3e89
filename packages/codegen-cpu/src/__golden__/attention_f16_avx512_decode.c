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

void attention_f16_avx512(const float* restrict q, const uint16_t* restrict k, const uint16_t* restrict v, float* restrict o, int32_t B, int32_t Sq, int32_t Skv) {
  #pragma omp parallel for schedule(static)
  for (int32_t w = 0; w < (((B * 8) * ((Sq + 0) / 1)) * 1); w++) {
    const int32_t split = (w % 1);
    const int32_t wt = (w / 1);
    const int32_t qt = (wt % ((Sq + 0) / 1));
    const int32_t bh = (wt / ((Sq + 0) / 1));
    const int32_t b = (bh / 8);
    const int32_t kvh = (bh % 8);
    const int32_t i0 = (qt * 1);
    const int32_t nq = ((1) < ((Sq - i0)) ? (1) : ((Sq - i0)));
    const int32_t p0 = ((Skv - Sq) + i0);
    const int32_t lo = 0;
    const int32_t hi = (Skv - 1);
    const int32_t js = lo;
    const int32_t je = (hi + 1);
    float qs[256];
    float sc[256];
    float acc[256];
    float mrow[2];
    float lrow[2];
    float sacc[512];
    float iota[16];
    iota[0] = 0.0f;
    iota[1] = 1.0f;
    iota[2] = 2.0f;
    iota[3] = 3.0f;
    iota[4] = 4.0f;
    iota[5] = 5.0f;
    iota[6] = 6.0f;
    iota[7] = 7.0f;
    iota[8] = 8.0f;
    iota[9] = 9.0f;
    iota[10] = 10.0f;
    iota[11] = 11.0f;
    iota[12] = 12.0f;
    iota[13] = 13.0f;
    iota[14] = 14.0f;
    iota[15] = 15.0f;
    for (int32_t r = 0; r < 2; r++) {
      const int32_t qrow = (((((b * 16) + ((kvh * 2) + (r / 1))) * Sq) + (i0 + (((r % 1)) < ((nq - 1)) ? ((r % 1)) : ((nq - 1))))) * 128);
      for (int32_t d = 0; d < 128; d += 16) {
        _mm512_storeu_ps(&qs[((r * 128) + d)], _mm512_mul_ps(_mm512_loadu_ps(&q[(qrow + d)]), _mm512_set1_ps(0.08838834764831843f)));
      }
      mrow[r] = (-3e+38f);
      lrow[r] = 0.0f;
      for (int32_t e = 0; e < 128; e += 16) {
        _mm512_storeu_ps(&acc[((r * 128) + e)], _mm512_set1_ps(0.0f));
      }
    }
    for (int32_t j0 = js; j0 < je; j0 += 128) {
      const int32_t n = ((128) < ((je - j0)) ? (128) : ((je - j0)));
      for (int32_t rb = 0; rb < 1; rb++) {
        for (int32_t jbb = 0; jbb < n; jbb += 16) {
          for (int32_t jl = 0; jl < ((16) < ((n - jbb)) ? (16) : ((n - jbb))); jl++) {
            const int32_t jj = (jbb + jl);
            const int32_t kb = (((bh * Skv) + (j0 + jj)) * 128);
            const int32_t pfk = kf_prefetch(&k[(((kb + 1024)) < (((((B * 8) * Skv) * 128) - 1)) ? ((kb + 1024)) : (((((B * 8) * Skv) * 128) - 1)))], 256);
            __m512 sa0 = _mm512_set1_ps(0.0f);
            __m512 sa1 = _mm512_set1_ps(0.0f);
            #pragma GCC unroll 8
            for (int32_t dc = 0; dc < 128; dc += 16) {
              const __m512 kc = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&k[(kb + dc)])));
              sa0 = _mm512_fmadd_ps(_mm512_loadu_ps(&qs[((((rb * 2) + 0) * 128) + dc)]), kc, sa0);
              sa1 = _mm512_fmadd_ps(_mm512_loadu_ps(&qs[((((rb * 2) + 1) * 128) + dc)]), kc, sa1);
            }
            _mm512_storeu_ps(&sacc[(((0 * 16) + jl) * 16)], sa0);
            _mm512_storeu_ps(&sacc[(((1 * 16) + jl) * 16)], sa1);
          }
          _mm512_storeu_ps(&sc[((((rb * 2) + 0) * 128) + jbb)], ({ const __m512 kf_t0 = (_mm512_loadu_ps(&sacc[0])); const __m512 kf_t1 = (_mm512_loadu_ps(&sacc[16])); const __m512 kf_t2 = (_mm512_loadu_ps(&sacc[32])); const __m512 kf_t3 = (_mm512_loadu_ps(&sacc[48])); const __m512 kf_t4 = (_mm512_loadu_ps(&sacc[64])); const __m512 kf_t5 = (_mm512_loadu_ps(&sacc[80])); const __m512 kf_t6 = (_mm512_loadu_ps(&sacc[96])); const __m512 kf_t7 = (_mm512_loadu_ps(&sacc[112])); const __m512 kf_t8 = (_mm512_loadu_ps(&sacc[128])); const __m512 kf_t9 = (_mm512_loadu_ps(&sacc[144])); const __m512 kf_t10 = (_mm512_loadu_ps(&sacc[160])); const __m512 kf_t11 = (_mm512_loadu_ps(&sacc[176])); const __m512 kf_t12 = (_mm512_loadu_ps(&sacc[192])); const __m512 kf_t13 = (_mm512_loadu_ps(&sacc[208])); const __m512 kf_t14 = (_mm512_loadu_ps(&sacc[224])); const __m512 kf_t15 = (_mm512_loadu_ps(&sacc[240])); const __m512 kf_t16 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t0, kf_t1), _mm512_unpackhi_ps(kf_t0, kf_t1)); const __m512 kf_t17 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t2, kf_t3), _mm512_unpackhi_ps(kf_t2, kf_t3)); const __m512 kf_t18 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t4, kf_t5), _mm512_unpackhi_ps(kf_t4, kf_t5)); const __m512 kf_t19 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t6, kf_t7), _mm512_unpackhi_ps(kf_t6, kf_t7)); const __m512 kf_t20 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t8, kf_t9), _mm512_unpackhi_ps(kf_t8, kf_t9)); const __m512 kf_t21 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t10, kf_t11), _mm512_unpackhi_ps(kf_t10, kf_t11)); const __m512 kf_t22 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t12, kf_t13), _mm512_unpackhi_ps(kf_t12, kf_t13)); const __m512 kf_t23 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t14, kf_t15), _mm512_unpackhi_ps(kf_t14, kf_t15)); const __m512 kf_t24 = _mm512_add_ps(_mm512_shuffle_ps(kf_t16, kf_t17, 0x44), _mm512_shuffle_ps(kf_t16, kf_t17, 0xee)); const __m512 kf_t25 = _mm512_add_ps(_mm512_shuffle_ps(kf_t18, kf_t19, 0x44), _mm512_shuffle_ps(kf_t18, kf_t19, 0xee)); const __m512 kf_t26 = _mm512_add_ps(_mm512_shuffle_ps(kf_t20, kf_t21, 0x44), _mm512_shuffle_ps(kf_t20, kf_t21, 0xee)); const __m512 kf_t27 = _mm512_add_ps(_mm512_shuffle_ps(kf_t22, kf_t23, 0x44), _mm512_shuffle_ps(kf_t22, kf_t23, 0xee)); const __m512 kf_t28 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t24, kf_t25, 0x88), _mm512_shuffle_f32x4(kf_t24, kf_t25, 0xdd)); const __m512 kf_t29 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t26, kf_t27, 0x88), _mm512_shuffle_f32x4(kf_t26, kf_t27, 0xdd)); _mm512_add_ps(_mm512_shuffle_f32x4(kf_t28, kf_t29, 0x88), _mm512_shuffle_f32x4(kf_t28, kf_t29, 0xdd)); }));
          _mm512_storeu_ps(&sc[((((rb * 2) + 1) * 128) + jbb)], ({ const __m512 kf_t0 = (_mm512_loadu_ps(&sacc[256])); const __m512 kf_t1 = (_mm512_loadu_ps(&sacc[272])); const __m512 kf_t2 = (_mm512_loadu_ps(&sacc[288])); const __m512 kf_t3 = (_mm512_loadu_ps(&sacc[304])); const __m512 kf_t4 = (_mm512_loadu_ps(&sacc[320])); const __m512 kf_t5 = (_mm512_loadu_ps(&sacc[336])); const __m512 kf_t6 = (_mm512_loadu_ps(&sacc[352])); const __m512 kf_t7 = (_mm512_loadu_ps(&sacc[368])); const __m512 kf_t8 = (_mm512_loadu_ps(&sacc[384])); const __m512 kf_t9 = (_mm512_loadu_ps(&sacc[400])); const __m512 kf_t10 = (_mm512_loadu_ps(&sacc[416])); const __m512 kf_t11 = (_mm512_loadu_ps(&sacc[432])); const __m512 kf_t12 = (_mm512_loadu_ps(&sacc[448])); const __m512 kf_t13 = (_mm512_loadu_ps(&sacc[464])); const __m512 kf_t14 = (_mm512_loadu_ps(&sacc[480])); const __m512 kf_t15 = (_mm512_loadu_ps(&sacc[496])); const __m512 kf_t16 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t0, kf_t1), _mm512_unpackhi_ps(kf_t0, kf_t1)); const __m512 kf_t17 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t2, kf_t3), _mm512_unpackhi_ps(kf_t2, kf_t3)); const __m512 kf_t18 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t4, kf_t5), _mm512_unpackhi_ps(kf_t4, kf_t5)); const __m512 kf_t19 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t6, kf_t7), _mm512_unpackhi_ps(kf_t6, kf_t7)); const __m512 kf_t20 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t8, kf_t9), _mm512_unpackhi_ps(kf_t8, kf_t9)); const __m512 kf_t21 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t10, kf_t11), _mm512_unpackhi_ps(kf_t10, kf_t11)); const __m512 kf_t22 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t12, kf_t13), _mm512_unpackhi_ps(kf_t12, kf_t13)); const __m512 kf_t23 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t14, kf_t15), _mm512_unpackhi_ps(kf_t14, kf_t15)); const __m512 kf_t24 = _mm512_add_ps(_mm512_shuffle_ps(kf_t16, kf_t17, 0x44), _mm512_shuffle_ps(kf_t16, kf_t17, 0xee)); const __m512 kf_t25 = _mm512_add_ps(_mm512_shuffle_ps(kf_t18, kf_t19, 0x44), _mm512_shuffle_ps(kf_t18, kf_t19, 0xee)); const __m512 kf_t26 = _mm512_add_ps(_mm512_shuffle_ps(kf_t20, kf_t21, 0x44), _mm512_shuffle_ps(kf_t20, kf_t21, 0xee)); const __m512 kf_t27 = _mm512_add_ps(_mm512_shuffle_ps(kf_t22, kf_t23, 0x44), _mm512_shuffle_ps(kf_t22, kf_t23, 0xee)); const __m512 kf_t28 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t24, kf_t25, 0x88), _mm512_shuffle_f32x4(kf_t24, kf_t25, 0xdd)); const __m512 kf_t29 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t26, kf_t27, 0x88), _mm512_shuffle_f32x4(kf_t26, kf_t27, 0xdd)); _mm512_add_ps(_mm512_shuffle_f32x4(kf_t28, kf_t29, 0x88), _mm512_shuffle_f32x4(kf_t28, kf_t29, 0xdd)); }));
        }
      }
      for (int32_t r = 0; r < 2; r++) {
        for (int32_t jp = n; jp < 128; jp++) {
          sc[((r * 128) + jp)] = (-3e+38f);
        }
        __m512 tmv = _mm512_loadu_ps(&sc[((r * 128) + 0)]);
        for (int32_t jm = 16; jm < 128; jm += 16) {
          tmv = _mm512_max_ps(tmv, _mm512_loadu_ps(&sc[((r * 128) + jm)]));
        }
        const float tm = _mm512_reduce_max_ps(tmv);
        if (tm > (-1e+38f)) {
          const float mold = mrow[r];
          const float mnew = ((mold) > (tm) ? (mold) : (tm));
          const float alpha = expf((mold - mnew));
          __m512 psv = _mm512_set1_ps(0.0f);
          for (int32_t jx = 0; jx < 128; jx += 16) {
            const __m512 sv = _mm512_loadu_ps(&sc[((r * 128) + jx)]);
            const __m512 pv = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(sv, _mm512_set1_ps((-1e+38f)), _CMP_GT_OQ), _mm512_set1_ps(0.0f), ({ const __m512 kf_ex = (_mm512_sub_ps(sv, _mm512_set1_ps(mnew))); const __m512 kf_exl = _mm512_max_ps(_mm512_set1_ps(-104.0f), kf_ex); const __m512 kf_exc = _mm512_min_ps(_mm512_set1_ps(89.0f), kf_exl); const __m512 kf_enb = _mm512_fmadd_ps(kf_exc, _mm512_set1_ps(1.4426950216293335f), _mm512_set1_ps(12582912.0f)); const __m512 kf_en = _mm512_sub_ps(kf_enb, _mm512_set1_ps(12582912.0f)); const __m512 kf_erh = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.693145751953125f), kf_exc); const __m512 kf_er = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.000001428606765330187f), kf_erh); const __m512 kf_ep1 = _mm512_fmadd_ps(_mm512_set1_ps(0.008289290592074394f), kf_er, _mm512_set1_ps(0.04189782217144966f)); const __m512 kf_ep2 = _mm512_fmadd_ps(kf_ep1, kf_er, _mm512_set1_ps(0.16667652130126953f)); const __m512 kf_ep3 = _mm512_fmadd_ps(kf_ep2, kf_er, _mm512_set1_ps(0.4999915063381195f)); const __m512 kf_ep4 = _mm512_fmadd_ps(kf_ep3, kf_er, _mm512_set1_ps(0.9999997019767761f)); const __m512 kf_ep5 = _mm512_fmadd_ps(kf_ep4, kf_er, _mm512_set1_ps(1.0f)); const __m512i kf_eni = _mm512_sub_epi32(_mm512_castps_si512(kf_enb), _mm512_set1_epi32(1262485504)); const __m512i kf_enh = _mm512_srai_epi32(kf_eni, 1); const __m512 kf_es1 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(kf_enh, _mm512_set1_epi32(127)), 23)); const __m512 kf_es2 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(_mm512_sub_epi32(kf_eni, kf_enh), _mm512_set1_epi32(127)), 23)); _mm512_mul_ps(_mm512_mul_ps(kf_ep5, kf_es1), kf_es2); }));
            _mm512_storeu_ps(&sc[((r * 128) + jx)], pv);
            psv = _mm512_add_ps(psv, pv);
          }
          lrow[r] = (lrow[r] * alpha + _mm512_reduce_add_ps(psv));
          mrow[r] = mnew;
          for (int32_t ea = 0; ea < 128; ea += 16) {
            _mm512_storeu_ps(&acc[((r * 128) + ea)], _mm512_mul_ps(_mm512_loadu_ps(&acc[((r * 128) + ea)]), _mm512_set1_ps(alpha)));
          }
        } else {
          for (int32_t jz = 0; jz < 128; jz += 16) {
            _mm512_storeu_ps(&sc[((r * 128) + jz)], _mm512_set1_ps(0.0f));
          }
        }
      }
      for (int32_t rb = 0; rb < 1; rb++) {
        const int32_t jv0 = 0;
        const int32_t jve = n;
        for (int32_t dg = 0; dg < 128; dg += 128) {
          __m512 og0_0 = _mm512_loadu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 0)]);
          __m512 og0_1 = _mm512_loadu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 16)]);
          __m512 og0_2 = _mm512_loadu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 32)]);
          __m512 og0_3 = _mm512_loadu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 48)]);
          __m512 og0_4 = _mm512_loadu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 64)]);
          __m512 og0_5 = _mm512_loadu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 80)]);
          __m512 og0_6 = _mm512_loadu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 96)]);
          __m512 og0_7 = _mm512_loadu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 112)]);
          __m512 og1_0 = _mm512_loadu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 0)]);
          __m512 og1_1 = _mm512_loadu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 16)]);
          __m512 og1_2 = _mm512_loadu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 32)]);
          __m512 og1_3 = _mm512_loadu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 48)]);
          __m512 og1_4 = _mm512_loadu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 64)]);
          __m512 og1_5 = _mm512_loadu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 80)]);
          __m512 og1_6 = _mm512_loadu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 96)]);
          __m512 og1_7 = _mm512_loadu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 112)]);
          for (int32_t jvg = jv0; jvg < jve; jvg++) {
            const int32_t vbg = (((bh * Skv) + (j0 + jvg)) * 128);
            const int32_t pfvg = kf_prefetch(&v[(((vbg + 1024)) < (((((B * 8) * Skv) * 128) - 1)) ? ((vbg + 1024)) : (((((B * 8) * Skv) * 128) - 1)))], 256);
            const __m512 pg0 = _mm512_set1_ps(sc[((((rb * 2) + 0) * 128) + jvg)]);
            const __m512 pg1 = _mm512_set1_ps(sc[((((rb * 2) + 1) * 128) + jvg)]);
            const __m512 vcg0 = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(vbg + (dg + 0))])));
            og0_0 = _mm512_fmadd_ps(vcg0, pg0, og0_0);
            og1_0 = _mm512_fmadd_ps(vcg0, pg1, og1_0);
            const __m512 vcg1 = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(vbg + (dg + 16))])));
            og0_1 = _mm512_fmadd_ps(vcg1, pg0, og0_1);
            og1_1 = _mm512_fmadd_ps(vcg1, pg1, og1_1);
            const __m512 vcg2 = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(vbg + (dg + 32))])));
            og0_2 = _mm512_fmadd_ps(vcg2, pg0, og0_2);
            og1_2 = _mm512_fmadd_ps(vcg2, pg1, og1_2);
            const __m512 vcg3 = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(vbg + (dg + 48))])));
            og0_3 = _mm512_fmadd_ps(vcg3, pg0, og0_3);
            og1_3 = _mm512_fmadd_ps(vcg3, pg1, og1_3);
            const __m512 vcg4 = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(vbg + (dg + 64))])));
            og0_4 = _mm512_fmadd_ps(vcg4, pg0, og0_4);
            og1_4 = _mm512_fmadd_ps(vcg4, pg1, og1_4);
            const __m512 vcg5 = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(vbg + (dg + 80))])));
            og0_5 = _mm512_fmadd_ps(vcg5, pg0, og0_5);
            og1_5 = _mm512_fmadd_ps(vcg5, pg1, og1_5);
            const __m512 vcg6 = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(vbg + (dg + 96))])));
            og0_6 = _mm512_fmadd_ps(vcg6, pg0, og0_6);
            og1_6 = _mm512_fmadd_ps(vcg6, pg1, og1_6);
            const __m512 vcg7 = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(vbg + (dg + 112))])));
            og0_7 = _mm512_fmadd_ps(vcg7, pg0, og0_7);
            og1_7 = _mm512_fmadd_ps(vcg7, pg1, og1_7);
          }
          _mm512_storeu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 0)], og0_0);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 16)], og0_1);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 32)], og0_2);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 48)], og0_3);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 64)], og0_4);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 80)], og0_5);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 96)], og0_6);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 0) * 128) + dg) + 112)], og0_7);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 0)], og1_0);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 16)], og1_1);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 32)], og1_2);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 48)], og1_3);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 64)], og1_4);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 80)], og1_5);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 96)], og1_6);
          _mm512_storeu_ps(&acc[(((((rb * 2) + 1) * 128) + dg) + 112)], og1_7);
        }
      }
    }
    for (int32_t r = 0; r < 2; r++) {
      if ((r % 1) < nq) {
        const int32_t orow = (((((b * 16) + ((kvh * 2) + (r / 1))) * Sq) + (i0 + (r % 1))) * 128);
        const float inv = (1.0f / lrow[r]);
        for (int32_t eo = 0; eo < 128; eo += 16) {
          _mm512_storeu_ps(&o[(orow + eo)], _mm512_mul_ps(_mm512_loadu_ps(&acc[((r * 128) + eo)]), _mm512_set1_ps(inv)));
        }
      }
    }
  }
}
