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

void gated_delta_rule_chunked_avx512(const float* restrict q, const float* restrict k, const float* restrict v, const float* restrict g, const float* restrict beta, const float* s0, float* restrict o, float* s, int32_t B, int32_t T) {
  #pragma omp parallel for schedule(static)
  for (int32_t w = 0; w < ((B * 16) * 1); w++) {
    const int32_t jb = (w % 1);
    const int32_t bh = (w / 1);
    const int32_t b = (bh / 16);
    const int32_t h = (bh % 16);
    const int32_t hk = (h / 1);
    const int32_t j0 = (jb * 128);
    const int32_t ncol = (128 - j0);
    const int32_t sbase = (((bh * 128) * 128) + j0);
    float Sb[16384];
    float KQ[4096];
    float KT[2048];
    float XP[4096];
    float Am[256];
    float Mm[256];
    float gam[16];
    float bet[16];
    float iota[16];
    for (int32_t si = 0; si < 128; si++) {
      const __m512 sl0 = _mm512_loadu_ps(&s0[((sbase + (si * 128)) + 0)]);
      _mm512_storeu_ps(&Sb[((si * 128) + 0)], sl0);
      const __m512 sl1 = _mm512_loadu_ps(&s0[((sbase + (si * 128)) + 16)]);
      _mm512_storeu_ps(&Sb[((si * 128) + 16)], sl1);
      const __m512 sl2 = _mm512_loadu_ps(&s0[((sbase + (si * 128)) + 32)]);
      _mm512_storeu_ps(&Sb[((si * 128) + 32)], sl2);
      const __m512 sl3 = _mm512_loadu_ps(&s0[((sbase + (si * 128)) + 48)]);
      _mm512_storeu_ps(&Sb[((si * 128) + 48)], sl3);
      const __m512 sl4 = _mm512_loadu_ps(&s0[((sbase + (si * 128)) + 64)]);
      _mm512_storeu_ps(&Sb[((si * 128) + 64)], sl4);
      const __m512 sl5 = _mm512_loadu_ps(&s0[((sbase + (si * 128)) + 80)]);
      _mm512_storeu_ps(&Sb[((si * 128) + 80)], sl5);
      const __m512 sl6 = _mm512_loadu_ps(&s0[((sbase + (si * 128)) + 96)]);
      _mm512_storeu_ps(&Sb[((si * 128) + 96)], sl6);
      const __m512 sl7 = _mm512_loadu_ps(&s0[((sbase + (si * 128)) + 112)]);
      _mm512_storeu_ps(&Sb[((si * 128) + 112)], sl7);
    }
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
    for (int32_t t0 = 0; t0 < T; t0 += 16) {
      const int32_t n = ((16) < ((T - t0)) ? (16) : ((T - t0)));
      float gacc = 0.0f;
      for (int32_t ci = 0; ci < 16; ci++) {
        if (ci < n) {
          const int32_t ct = (t0 + ci);
          const int32_t cgate = ((((b * T) + ct) * 16) + h);
          const int32_t cqk = (((((b * T) + ct) * 16) + hk) * 128);
          gacc = (gacc + g[cgate]);
          gam[ci] = gacc;
          bet[ci] = beta[cgate];
          __m512 ckk16 = _mm512_set1_ps(0.0f);
          __m512 cqq16 = _mm512_set1_ps(0.0f);
          #pragma GCC unroll 8
          for (int32_t cd = 0; cd < 128; cd += 16) {
            const __m512 ckx16 = _mm512_loadu_ps(&k[(cqk + cd)]);
            const __m512 cqx16 = _mm512_loadu_ps(&q[(cqk + cd)]);
            ckk16 = _mm512_fmadd_ps(ckx16, ckx16, ckk16);
            cqq16 = _mm512_fmadd_ps(cqx16, cqx16, cqq16);
          }
          const float crk = (1.0f / sqrtf((_mm512_reduce_add_ps(ckk16) + 0.000001f)));
          const float crq = (1.0f / sqrtf((_mm512_reduce_add_ps(cqq16) + 0.000001f)));
          #pragma GCC unroll 8
          for (int32_t ce = 0; ce < 128; ce += 16) {
            _mm512_storeu_ps(&KQ[((ci * 128) + ce)], _mm512_mul_ps(_mm512_loadu_ps(&k[(cqk + ce)]), _mm512_set1_ps(crk)));
            _mm512_storeu_ps(&KQ[(((ci + 16) * 128) + ce)], _mm512_mul_ps(_mm512_loadu_ps(&q[(cqk + ce)]), _mm512_set1_ps(crq)));
          }
        } else {
          gam[ci] = gacc;
          bet[ci] = 0.0f;
          #pragma GCC unroll 8
          for (int32_t cz = 0; cz < 128; cz += 16) {
            _mm512_storeu_ps(&KQ[((ci * 128) + cz)], _mm512_set1_ps(0.0f));
            _mm512_storeu_ps(&KQ[(((ci + 16) * 128) + cz)], _mm512_set1_ps(0.0f));
          }
        }
      }
      for (int32_t td = 0; td < 128; td++) {
        for (int32_t tj = 0; tj < 16; tj++) {
          KT[((td * 16) + tj)] = KQ[((tj * 128) + td)];
        }
      }
      for (int32_t gi = 0; gi < 16; gi += 4) {
        for (int32_t gj = 0; gj < (gi + 4); gj += 16) {
          __m512 gk0 = _mm512_set1_ps(0.0f);
          __m512 gq0 = _mm512_set1_ps(0.0f);
          __m512 gk1 = _mm512_set1_ps(0.0f);
          __m512 gq1 = _mm512_set1_ps(0.0f);
          __m512 gk2 = _mm512_set1_ps(0.0f);
          __m512 gq2 = _mm512_set1_ps(0.0f);
          __m512 gk3 = _mm512_set1_ps(0.0f);
          __m512 gq3 = _mm512_set1_ps(0.0f);
          for (int32_t gd = 0; gd < 128; gd++) {
            const __m512 gkt = _mm512_loadu_ps(&KT[((gd * 16) + gj)]);
            gk0 = _mm512_fmadd_ps(_mm512_set1_ps(KQ[(((gi + 0) * 128) + gd)]), gkt, gk0);
            gq0 = _mm512_fmadd_ps(_mm512_set1_ps(KQ[((((gi + 0) + 16) * 128) + gd)]), gkt, gq0);
            gk1 = _mm512_fmadd_ps(_mm512_set1_ps(KQ[(((gi + 1) * 128) + gd)]), gkt, gk1);
            gq1 = _mm512_fmadd_ps(_mm512_set1_ps(KQ[((((gi + 1) + 16) * 128) + gd)]), gkt, gq1);
            gk2 = _mm512_fmadd_ps(_mm512_set1_ps(KQ[(((gi + 2) * 128) + gd)]), gkt, gk2);
            gq2 = _mm512_fmadd_ps(_mm512_set1_ps(KQ[((((gi + 2) + 16) * 128) + gd)]), gkt, gq2);
            gk3 = _mm512_fmadd_ps(_mm512_set1_ps(KQ[(((gi + 3) * 128) + gd)]), gkt, gk3);
            gq3 = _mm512_fmadd_ps(_mm512_set1_ps(KQ[((((gi + 3) + 16) * 128) + gd)]), gkt, gq3);
          }
          const __m512 gjv = _mm512_add_ps(_mm512_loadu_ps(&iota[0]), _mm512_set1_ps(((float)gj)));
          const __m512 ggj = _mm512_loadu_ps(&gam[gj]);
          const __m512 gd0 = _mm512_min_ps(_mm512_sub_ps(_mm512_set1_ps(gam[(gi + 0)]), ggj), _mm512_set1_ps(0.0f));
          const __m512 ge0 = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gd0, _mm512_set1_ps((-64.0f)), _CMP_GT_OQ), _mm512_set1_ps(0.0f), ({ const __m512 kf_ex = (gd0); const __m512 kf_exl = _mm512_max_ps(_mm512_set1_ps(-104.0f), kf_ex); const __m512 kf_exc = _mm512_min_ps(_mm512_set1_ps(89.0f), kf_exl); const __m512 kf_enb = _mm512_fmadd_ps(kf_exc, _mm512_set1_ps(1.4426950216293335f), _mm512_set1_ps(12582912.0f)); const __m512 kf_en = _mm512_sub_ps(kf_enb, _mm512_set1_ps(12582912.0f)); const __m512 kf_erh = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.693145751953125f), kf_exc); const __m512 kf_er = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.000001428606765330187f), kf_erh); const __m512 kf_ep1 = _mm512_fmadd_ps(_mm512_set1_ps(0.008289290592074394f), kf_er, _mm512_set1_ps(0.04189782217144966f)); const __m512 kf_ep2 = _mm512_fmadd_ps(kf_ep1, kf_er, _mm512_set1_ps(0.16667652130126953f)); const __m512 kf_ep3 = _mm512_fmadd_ps(kf_ep2, kf_er, _mm512_set1_ps(0.4999915063381195f)); const __m512 kf_ep4 = _mm512_fmadd_ps(kf_ep3, kf_er, _mm512_set1_ps(0.9999997019767761f)); const __m512 kf_ep5 = _mm512_fmadd_ps(kf_ep4, kf_er, _mm512_set1_ps(1.0f)); const __m512i kf_eni = _mm512_sub_epi32(_mm512_castps_si512(kf_enb), _mm512_set1_epi32(1262485504)); const __m512i kf_enh = _mm512_srai_epi32(kf_eni, 1); const __m512 kf_es1 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(kf_enh, _mm512_set1_epi32(127)), 23)); const __m512 kf_es2 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(_mm512_sub_epi32(kf_eni, kf_enh), _mm512_set1_epi32(127)), 23)); _mm512_mul_ps(_mm512_mul_ps(kf_ep5, kf_es1), kf_es2); }));
          _mm512_storeu_ps(&Am[(((gi + 0) * 16) + gj)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gjv, _mm512_set1_ps(((float)(gi + 0))), _CMP_LT_OQ), _mm512_set1_ps(0.0f), _mm512_mul_ps(_mm512_mul_ps(ge0, gk0), _mm512_set1_ps((-bet[(gi + 0)])))));
          _mm512_storeu_ps(&Mm[(((gi + 0) * 16) + gj)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gjv, _mm512_set1_ps(((float)(gi + 0))), _CMP_LE_OQ), _mm512_set1_ps(0.0f), _mm512_mul_ps(_mm512_mul_ps(ge0, gq0), _mm512_set1_ps(0.08838834764831843f))));
          const __m512 gd1 = _mm512_min_ps(_mm512_sub_ps(_mm512_set1_ps(gam[(gi + 1)]), ggj), _mm512_set1_ps(0.0f));
          const __m512 ge1 = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gd1, _mm512_set1_ps((-64.0f)), _CMP_GT_OQ), _mm512_set1_ps(0.0f), ({ const __m512 kf_ex = (gd1); const __m512 kf_exl = _mm512_max_ps(_mm512_set1_ps(-104.0f), kf_ex); const __m512 kf_exc = _mm512_min_ps(_mm512_set1_ps(89.0f), kf_exl); const __m512 kf_enb = _mm512_fmadd_ps(kf_exc, _mm512_set1_ps(1.4426950216293335f), _mm512_set1_ps(12582912.0f)); const __m512 kf_en = _mm512_sub_ps(kf_enb, _mm512_set1_ps(12582912.0f)); const __m512 kf_erh = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.693145751953125f), kf_exc); const __m512 kf_er = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.000001428606765330187f), kf_erh); const __m512 kf_ep1 = _mm512_fmadd_ps(_mm512_set1_ps(0.008289290592074394f), kf_er, _mm512_set1_ps(0.04189782217144966f)); const __m512 kf_ep2 = _mm512_fmadd_ps(kf_ep1, kf_er, _mm512_set1_ps(0.16667652130126953f)); const __m512 kf_ep3 = _mm512_fmadd_ps(kf_ep2, kf_er, _mm512_set1_ps(0.4999915063381195f)); const __m512 kf_ep4 = _mm512_fmadd_ps(kf_ep3, kf_er, _mm512_set1_ps(0.9999997019767761f)); const __m512 kf_ep5 = _mm512_fmadd_ps(kf_ep4, kf_er, _mm512_set1_ps(1.0f)); const __m512i kf_eni = _mm512_sub_epi32(_mm512_castps_si512(kf_enb), _mm512_set1_epi32(1262485504)); const __m512i kf_enh = _mm512_srai_epi32(kf_eni, 1); const __m512 kf_es1 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(kf_enh, _mm512_set1_epi32(127)), 23)); const __m512 kf_es2 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(_mm512_sub_epi32(kf_eni, kf_enh), _mm512_set1_epi32(127)), 23)); _mm512_mul_ps(_mm512_mul_ps(kf_ep5, kf_es1), kf_es2); }));
          _mm512_storeu_ps(&Am[(((gi + 1) * 16) + gj)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gjv, _mm512_set1_ps(((float)(gi + 1))), _CMP_LT_OQ), _mm512_set1_ps(0.0f), _mm512_mul_ps(_mm512_mul_ps(ge1, gk1), _mm512_set1_ps((-bet[(gi + 1)])))));
          _mm512_storeu_ps(&Mm[(((gi + 1) * 16) + gj)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gjv, _mm512_set1_ps(((float)(gi + 1))), _CMP_LE_OQ), _mm512_set1_ps(0.0f), _mm512_mul_ps(_mm512_mul_ps(ge1, gq1), _mm512_set1_ps(0.08838834764831843f))));
          const __m512 gd2 = _mm512_min_ps(_mm512_sub_ps(_mm512_set1_ps(gam[(gi + 2)]), ggj), _mm512_set1_ps(0.0f));
          const __m512 ge2 = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gd2, _mm512_set1_ps((-64.0f)), _CMP_GT_OQ), _mm512_set1_ps(0.0f), ({ const __m512 kf_ex = (gd2); const __m512 kf_exl = _mm512_max_ps(_mm512_set1_ps(-104.0f), kf_ex); const __m512 kf_exc = _mm512_min_ps(_mm512_set1_ps(89.0f), kf_exl); const __m512 kf_enb = _mm512_fmadd_ps(kf_exc, _mm512_set1_ps(1.4426950216293335f), _mm512_set1_ps(12582912.0f)); const __m512 kf_en = _mm512_sub_ps(kf_enb, _mm512_set1_ps(12582912.0f)); const __m512 kf_erh = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.693145751953125f), kf_exc); const __m512 kf_er = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.000001428606765330187f), kf_erh); const __m512 kf_ep1 = _mm512_fmadd_ps(_mm512_set1_ps(0.008289290592074394f), kf_er, _mm512_set1_ps(0.04189782217144966f)); const __m512 kf_ep2 = _mm512_fmadd_ps(kf_ep1, kf_er, _mm512_set1_ps(0.16667652130126953f)); const __m512 kf_ep3 = _mm512_fmadd_ps(kf_ep2, kf_er, _mm512_set1_ps(0.4999915063381195f)); const __m512 kf_ep4 = _mm512_fmadd_ps(kf_ep3, kf_er, _mm512_set1_ps(0.9999997019767761f)); const __m512 kf_ep5 = _mm512_fmadd_ps(kf_ep4, kf_er, _mm512_set1_ps(1.0f)); const __m512i kf_eni = _mm512_sub_epi32(_mm512_castps_si512(kf_enb), _mm512_set1_epi32(1262485504)); const __m512i kf_enh = _mm512_srai_epi32(kf_eni, 1); const __m512 kf_es1 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(kf_enh, _mm512_set1_epi32(127)), 23)); const __m512 kf_es2 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(_mm512_sub_epi32(kf_eni, kf_enh), _mm512_set1_epi32(127)), 23)); _mm512_mul_ps(_mm512_mul_ps(kf_ep5, kf_es1), kf_es2); }));
          _mm512_storeu_ps(&Am[(((gi + 2) * 16) + gj)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gjv, _mm512_set1_ps(((float)(gi + 2))), _CMP_LT_OQ), _mm512_set1_ps(0.0f), _mm512_mul_ps(_mm512_mul_ps(ge2, gk2), _mm512_set1_ps((-bet[(gi + 2)])))));
          _mm512_storeu_ps(&Mm[(((gi + 2) * 16) + gj)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gjv, _mm512_set1_ps(((float)(gi + 2))), _CMP_LE_OQ), _mm512_set1_ps(0.0f), _mm512_mul_ps(_mm512_mul_ps(ge2, gq2), _mm512_set1_ps(0.08838834764831843f))));
          const __m512 gd3 = _mm512_min_ps(_mm512_sub_ps(_mm512_set1_ps(gam[(gi + 3)]), ggj), _mm512_set1_ps(0.0f));
          const __m512 ge3 = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gd3, _mm512_set1_ps((-64.0f)), _CMP_GT_OQ), _mm512_set1_ps(0.0f), ({ const __m512 kf_ex = (gd3); const __m512 kf_exl = _mm512_max_ps(_mm512_set1_ps(-104.0f), kf_ex); const __m512 kf_exc = _mm512_min_ps(_mm512_set1_ps(89.0f), kf_exl); const __m512 kf_enb = _mm512_fmadd_ps(kf_exc, _mm512_set1_ps(1.4426950216293335f), _mm512_set1_ps(12582912.0f)); const __m512 kf_en = _mm512_sub_ps(kf_enb, _mm512_set1_ps(12582912.0f)); const __m512 kf_erh = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.693145751953125f), kf_exc); const __m512 kf_er = _mm512_fmadd_ps(kf_en, _mm512_set1_ps(-0.000001428606765330187f), kf_erh); const __m512 kf_ep1 = _mm512_fmadd_ps(_mm512_set1_ps(0.008289290592074394f), kf_er, _mm512_set1_ps(0.04189782217144966f)); const __m512 kf_ep2 = _mm512_fmadd_ps(kf_ep1, kf_er, _mm512_set1_ps(0.16667652130126953f)); const __m512 kf_ep3 = _mm512_fmadd_ps(kf_ep2, kf_er, _mm512_set1_ps(0.4999915063381195f)); const __m512 kf_ep4 = _mm512_fmadd_ps(kf_ep3, kf_er, _mm512_set1_ps(0.9999997019767761f)); const __m512 kf_ep5 = _mm512_fmadd_ps(kf_ep4, kf_er, _mm512_set1_ps(1.0f)); const __m512i kf_eni = _mm512_sub_epi32(_mm512_castps_si512(kf_enb), _mm512_set1_epi32(1262485504)); const __m512i kf_enh = _mm512_srai_epi32(kf_eni, 1); const __m512 kf_es1 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(kf_enh, _mm512_set1_epi32(127)), 23)); const __m512 kf_es2 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(_mm512_sub_epi32(kf_eni, kf_enh), _mm512_set1_epi32(127)), 23)); _mm512_mul_ps(_mm512_mul_ps(kf_ep5, kf_es1), kf_es2); }));
          _mm512_storeu_ps(&Am[(((gi + 3) * 16) + gj)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gjv, _mm512_set1_ps(((float)(gi + 3))), _CMP_LT_OQ), _mm512_set1_ps(0.0f), _mm512_mul_ps(_mm512_mul_ps(ge3, gk3), _mm512_set1_ps((-bet[(gi + 3)])))));
          _mm512_storeu_ps(&Mm[(((gi + 3) * 16) + gj)], _mm512_mask_blend_ps(_mm512_cmp_ps_mask(gjv, _mm512_set1_ps(((float)(gi + 3))), _CMP_LE_OQ), _mm512_set1_ps(0.0f), _mm512_mul_ps(_mm512_mul_ps(ge3, gq3), _mm512_set1_ps(0.08838834764831843f))));
        }
      }
      for (int32_t xp0_r = 0; xp0_r < 32; xp0_r += 8) {
        __m512 xp0_m0_0 = _mm512_set1_ps(0.0f);
        __m512 xp0_m0_1 = _mm512_set1_ps(0.0f);
        __m512 xp0_m1_0 = _mm512_set1_ps(0.0f);
        __m512 xp0_m1_1 = _mm512_set1_ps(0.0f);
        __m512 xp0_m2_0 = _mm512_set1_ps(0.0f);
        __m512 xp0_m2_1 = _mm512_set1_ps(0.0f);
        __m512 xp0_m3_0 = _mm512_set1_ps(0.0f);
        __m512 xp0_m3_1 = _mm512_set1_ps(0.0f);
        __m512 xp0_m4_0 = _mm512_set1_ps(0.0f);
        __m512 xp0_m4_1 = _mm512_set1_ps(0.0f);
        __m512 xp0_m5_0 = _mm512_set1_ps(0.0f);
        __m512 xp0_m5_1 = _mm512_set1_ps(0.0f);
        __m512 xp0_m6_0 = _mm512_set1_ps(0.0f);
        __m512 xp0_m6_1 = _mm512_set1_ps(0.0f);
        __m512 xp0_m7_0 = _mm512_set1_ps(0.0f);
        __m512 xp0_m7_1 = _mm512_set1_ps(0.0f);
        for (int32_t xp0_mk = 0; xp0_mk < 128; xp0_mk++) {
          const __m512 xp0_mb0 = _mm512_loadu_ps(&Sb[((xp0_mk * 128) + 0)]);
          const __m512 xp0_mb1 = _mm512_loadu_ps(&Sb[((xp0_mk * 128) + 16)]);
          const __m512 xp0_ma0 = _mm512_set1_ps(KQ[(((xp0_r + 0) * 128) + xp0_mk)]);
          xp0_m0_0 = _mm512_fmadd_ps(xp0_ma0, xp0_mb0, xp0_m0_0);
          xp0_m0_1 = _mm512_fmadd_ps(xp0_ma0, xp0_mb1, xp0_m0_1);
          const __m512 xp0_ma1 = _mm512_set1_ps(KQ[(((xp0_r + 1) * 128) + xp0_mk)]);
          xp0_m1_0 = _mm512_fmadd_ps(xp0_ma1, xp0_mb0, xp0_m1_0);
          xp0_m1_1 = _mm512_fmadd_ps(xp0_ma1, xp0_mb1, xp0_m1_1);
          const __m512 xp0_ma2 = _mm512_set1_ps(KQ[(((xp0_r + 2) * 128) + xp0_mk)]);
          xp0_m2_0 = _mm512_fmadd_ps(xp0_ma2, xp0_mb0, xp0_m2_0);
          xp0_m2_1 = _mm512_fmadd_ps(xp0_ma2, xp0_mb1, xp0_m2_1);
          const __m512 xp0_ma3 = _mm512_set1_ps(KQ[(((xp0_r + 3) * 128) + xp0_mk)]);
          xp0_m3_0 = _mm512_fmadd_ps(xp0_ma3, xp0_mb0, xp0_m3_0);
          xp0_m3_1 = _mm512_fmadd_ps(xp0_ma3, xp0_mb1, xp0_m3_1);
          const __m512 xp0_ma4 = _mm512_set1_ps(KQ[(((xp0_r + 4) * 128) + xp0_mk)]);
          xp0_m4_0 = _mm512_fmadd_ps(xp0_ma4, xp0_mb0, xp0_m4_0);
          xp0_m4_1 = _mm512_fmadd_ps(xp0_ma4, xp0_mb1, xp0_m4_1);
          const __m512 xp0_ma5 = _mm512_set1_ps(KQ[(((xp0_r + 5) * 128) + xp0_mk)]);
          xp0_m5_0 = _mm512_fmadd_ps(xp0_ma5, xp0_mb0, xp0_m5_0);
          xp0_m5_1 = _mm512_fmadd_ps(xp0_ma5, xp0_mb1, xp0_m5_1);
          const __m512 xp0_ma6 = _mm512_set1_ps(KQ[(((xp0_r + 6) * 128) + xp0_mk)]);
          xp0_m6_0 = _mm512_fmadd_ps(xp0_ma6, xp0_mb0, xp0_m6_0);
          xp0_m6_1 = _mm512_fmadd_ps(xp0_ma6, xp0_mb1, xp0_m6_1);
          const __m512 xp0_ma7 = _mm512_set1_ps(KQ[(((xp0_r + 7) * 128) + xp0_mk)]);
          xp0_m7_0 = _mm512_fmadd_ps(xp0_ma7, xp0_mb0, xp0_m7_0);
          xp0_m7_1 = _mm512_fmadd_ps(xp0_ma7, xp0_mb1, xp0_m7_1);
        }
        _mm512_storeu_ps(&XP[(((xp0_r + 0) * 128) + 0)], xp0_m0_0);
        _mm512_storeu_ps(&XP[(((xp0_r + 0) * 128) + 16)], xp0_m0_1);
        _mm512_storeu_ps(&XP[(((xp0_r + 1) * 128) + 0)], xp0_m1_0);
        _mm512_storeu_ps(&XP[(((xp0_r + 1) * 128) + 16)], xp0_m1_1);
        _mm512_storeu_ps(&XP[(((xp0_r + 2) * 128) + 0)], xp0_m2_0);
        _mm512_storeu_ps(&XP[(((xp0_r + 2) * 128) + 16)], xp0_m2_1);
        _mm512_storeu_ps(&XP[(((xp0_r + 3) * 128) + 0)], xp0_m3_0);
        _mm512_storeu_ps(&XP[(((xp0_r + 3) * 128) + 16)], xp0_m3_1);
        _mm512_storeu_ps(&XP[(((xp0_r + 4) * 128) + 0)], xp0_m4_0);
        _mm512_storeu_ps(&XP[(((xp0_r + 4) * 128) + 16)], xp0_m4_1);
        _mm512_storeu_ps(&XP[(((xp0_r + 5) * 128) + 0)], xp0_m5_0);
        _mm512_storeu_ps(&XP[(((xp0_r + 5) * 128) + 16)], xp0_m5_1);
        _mm512_storeu_ps(&XP[(((xp0_r + 6) * 128) + 0)], xp0_m6_0);
        _mm512_storeu_ps(&XP[(((xp0_r + 6) * 128) + 16)], xp0_m6_1);
        _mm512_storeu_ps(&XP[(((xp0_r + 7) * 128) + 0)], xp0_m7_0);
        _mm512_storeu_ps(&XP[(((xp0_r + 7) * 128) + 16)], xp0_m7_1);
      }
      for (int32_t xp1_r = 0; xp1_r < 32; xp1_r += 8) {
        __m512 xp1_m0_0 = _mm512_set1_ps(0.0f);
        __m512 xp1_m0_1 = _mm512_set1_ps(0.0f);
        __m512 xp1_m1_0 = _mm512_set1_ps(0.0f);
        __m512 xp1_m1_1 = _mm512_set1_ps(0.0f);
        __m512 xp1_m2_0 = _mm512_set1_ps(0.0f);
        __m512 xp1_m2_1 = _mm512_set1_ps(0.0f);
        __m512 xp1_m3_0 = _mm512_set1_ps(0.0f);
        __m512 xp1_m3_1 = _mm512_set1_ps(0.0f);
        __m512 xp1_m4_0 = _mm512_set1_ps(0.0f);
        __m512 xp1_m4_1 = _mm512_set1_ps(0.0f);
        __m512 xp1_m5_0 = _mm512_set1_ps(0.0f);
        __m512 xp1_m5_1 = _mm512_set1_ps(0.0f);
        __m512 xp1_m6_0 = _mm512_set1_ps(0.0f);
        __m512 xp1_m6_1 = _mm512_set1_ps(0.0f);
        __m512 xp1_m7_0 = _mm512_set1_ps(0.0f);
        __m512 xp1_m7_1 = _mm512_set1_ps(0.0f);
        for (int32_t xp1_mk = 0; xp1_mk < 128; xp1_mk++) {
          const __m512 xp1_mb0 = _mm512_loadu_ps(&Sb[((xp1_mk * 128) + 32)]);
          const __m512 xp1_mb1 = _mm512_loadu_ps(&Sb[((xp1_mk * 128) + 48)]);
          const __m512 xp1_ma0 = _mm512_set1_ps(KQ[(((xp1_r + 0) * 128) + xp1_mk)]);
          xp1_m0_0 = _mm512_fmadd_ps(xp1_ma0, xp1_mb0, xp1_m0_0);
          xp1_m0_1 = _mm512_fmadd_ps(xp1_ma0, xp1_mb1, xp1_m0_1);
          const __m512 xp1_ma1 = _mm512_set1_ps(KQ[(((xp1_r + 1) * 128) + xp1_mk)]);
          xp1_m1_0 = _mm512_fmadd_ps(xp1_ma1, xp1_mb0, xp1_m1_0);
          xp1_m1_1 = _mm512_fmadd_ps(xp1_ma1, xp1_mb1, xp1_m1_1);
          const __m512 xp1_ma2 = _mm512_set1_ps(KQ[(((xp1_r + 2) * 128) + xp1_mk)]);
          xp1_m2_0 = _mm512_fmadd_ps(xp1_ma2, xp1_mb0, xp1_m2_0);
          xp1_m2_1 = _mm512_fmadd_ps(xp1_ma2, xp1_mb1, xp1_m2_1);
          const __m512 xp1_ma3 = _mm512_set1_ps(KQ[(((xp1_r + 3) * 128) + xp1_mk)]);
          xp1_m3_0 = _mm512_fmadd_ps(xp1_ma3, xp1_mb0, xp1_m3_0);
          xp1_m3_1 = _mm512_fmadd_ps(xp1_ma3, xp1_mb1, xp1_m3_1);
          const __m512 xp1_ma4 = _mm512_set1_ps(KQ[(((xp1_r + 4) * 128) + xp1_mk)]);
          xp1_m4_0 = _mm512_fmadd_ps(xp1_ma4, xp1_mb0, xp1_m4_0);
          xp1_m4_1 = _mm512_fmadd_ps(xp1_ma4, xp1_mb1, xp1_m4_1);
          const __m512 xp1_ma5 = _mm512_set1_ps(KQ[(((xp1_r + 5) * 128) + xp1_mk)]);
          xp1_m5_0 = _mm512_fmadd_ps(xp1_ma5, xp1_mb0, xp1_m5_0);
          xp1_m5_1 = _mm512_fmadd_ps(xp1_ma5, xp1_mb1, xp1_m5_1);
          const __m512 xp1_ma6 = _mm512_set1_ps(KQ[(((xp1_r + 6) * 128) + xp1_mk)]);
          xp1_m6_0 = _mm512_fmadd_ps(xp1_ma6, xp1_mb0, xp1_m6_0);
          xp1_m6_1 = _mm512_fmadd_ps(xp1_ma6, xp1_mb1, xp1_m6_1);
          const __m512 xp1_ma7 = _mm512_set1_ps(KQ[(((xp1_r + 7) * 128) + xp1_mk)]);
          xp1_m7_0 = _mm512_fmadd_ps(xp1_ma7, xp1_mb0, xp1_m7_0);
          xp1_m7_1 = _mm512_fmadd_ps(xp1_ma7, xp1_mb1, xp1_m7_1);
        }
        _mm512_storeu_ps(&XP[(((xp1_r + 0) * 128) + 32)], xp1_m0_0);
        _mm512_storeu_ps(&XP[(((xp1_r + 0) * 128) + 48)], xp1_m0_1);
        _mm512_storeu_ps(&XP[(((xp1_r + 1) * 128) + 32)], xp1_m1_0);
        _mm512_storeu_ps(&XP[(((xp1_r + 1) * 128) + 48)], xp1_m1_1);
        _mm512_storeu_ps(&XP[(((xp1_r + 2) * 128) + 32)], xp1_m2_0);
        _mm512_storeu_ps(&XP[(((xp1_r + 2) * 128) + 48)], xp1_m2_1);
        _mm512_storeu_ps(&XP[(((xp1_r + 3) * 128) + 32)], xp1_m3_0);
        _mm512_storeu_ps(&XP[(((xp1_r + 3) * 128) + 48)], xp1_m3_1);
        _mm512_storeu_ps(&XP[(((xp1_r + 4) * 128) + 32)], xp1_m4_0);
        _mm512_storeu_ps(&XP[(((xp1_r + 4) * 128) + 48)], xp1_m4_1);
        _mm512_storeu_ps(&XP[(((xp1_r + 5) * 128) + 32)], xp1_m5_0);
        _mm512_storeu_ps(&XP[(((xp1_r + 5) * 128) + 48)], xp1_m5_1);
        _mm512_storeu_ps(&XP[(((xp1_r + 6) * 128) + 32)], xp1_m6_0);
        _mm512_storeu_ps(&XP[(((xp1_r + 6) * 128) + 48)], xp1_m6_1);
        _mm512_storeu_ps(&XP[(((xp1_r + 7) * 128) + 32)], xp1_m7_0);
        _mm512_storeu_ps(&XP[(((xp1_r + 7) * 128) + 48)], xp1_m7_1);
      }
      for (int32_t xp2_r = 0; xp2_r < 32; xp2_r += 8) {
        __m512 xp2_m0_0 = _mm512_set1_ps(0.0f);
        __m512 xp2_m0_1 = _mm512_set1_ps(0.0f);
        __m512 xp2_m1_0 = _mm512_set1_ps(0.0f);
        __m512 xp2_m1_1 = _mm512_set1_ps(0.0f);
        __m512 xp2_m2_0 = _mm512_set1_ps(0.0f);
        __m512 xp2_m2_1 = _mm512_set1_ps(0.0f);
        __m512 xp2_m3_0 = _mm512_set1_ps(0.0f);
        __m512 xp2_m3_1 = _mm512_set1_ps(0.0f);
        __m512 xp2_m4_0 = _mm512_set1_ps(0.0f);
        __m512 xp2_m4_1 = _mm512_set1_ps(0.0f);
        __m512 xp2_m5_0 = _mm512_set1_ps(0.0f);
        __m512 xp2_m5_1 = _mm512_set1_ps(0.0f);
        __m512 xp2_m6_0 = _mm512_set1_ps(0.0f);
        __m512 xp2_m6_1 = _mm512_set1_ps(0.0f);
        __m512 xp2_m7_0 = _mm512_set1_ps(0.0f);
        __m512 xp2_m7_1 = _mm512_set1_ps(0.0f);
        for (int32_t xp2_mk = 0; xp2_mk < 128; xp2_mk++) {
          const __m512 xp2_mb0 = _mm512_loadu_ps(&Sb[((xp2_mk * 128) + 64)]);
          const __m512 xp2_mb1 = _mm512_loadu_ps(&Sb[((xp2_mk * 128) + 80)]);
          const __m512 xp2_ma0 = _mm512_set1_ps(KQ[(((xp2_r + 0) * 128) + xp2_mk)]);
          xp2_m0_0 = _mm512_fmadd_ps(xp2_ma0, xp2_mb0, xp2_m0_0);
          xp2_m0_1 = _mm512_fmadd_ps(xp2_ma0, xp2_mb1, xp2_m0_1);
          const __m512 xp2_ma1 = _mm512_set1_ps(KQ[(((xp2_r + 1) * 128) + xp2_mk)]);
          xp2_m1_0 = _mm512_fmadd_ps(xp2_ma1, xp2_mb0, xp2_m1_0);
          xp2_m1_1 = _mm512_fmadd_ps(xp2_ma1, xp2_mb1, xp2_m1_1);
          const __m512 xp2_ma2 = _mm512_set1_ps(KQ[(((xp2_r + 2) * 128) + xp2_mk)]);
          xp2_m2_0 = _mm512_fmadd_ps(xp2_ma2, xp2_mb0, xp2_m2_0);
          xp2_m2_1 = _mm512_fmadd_ps(xp2_ma2, xp2_mb1, xp2_m2_1);
          const __m512 xp2_ma3 = _mm512_set1_ps(KQ[(((xp2_r + 3) * 128) + xp2_mk)]);
          xp2_m3_0 = _mm512_fmadd_ps(xp2_ma3, xp2_mb0, xp2_m3_0);
          xp2_m3_1 = _mm512_fmadd_ps(xp2_ma3, xp2_mb1, xp2_m3_1);
          const __m512 xp2_ma4 = _mm512_set1_ps(KQ[(((xp2_r + 4) * 128) + xp2_mk)]);
          xp2_m4_0 = _mm512_fmadd_ps(xp2_ma4, xp2_mb0, xp2_m4_0);
          xp2_m4_1 = _mm512_fmadd_ps(xp2_ma4, xp2_mb1, xp2_m4_1);
          const __m512 xp2_ma5 = _mm512_set1_ps(KQ[(((xp2_r + 5) * 128) + xp2_mk)]);
          xp2_m5_0 = _mm512_fmadd_ps(xp2_ma5, xp2_mb0, xp2_m5_0);
          xp2_m5_1 = _mm512_fmadd_ps(xp2_ma5, xp2_mb1, xp2_m5_1);
          const __m512 xp2_ma6 = _mm512_set1_ps(KQ[(((xp2_r + 6) * 128) + xp2_mk)]);
          xp2_m6_0 = _mm512_fmadd_ps(xp2_ma6, xp2_mb0, xp2_m6_0);
          xp2_m6_1 = _mm512_fmadd_ps(xp2_ma6, xp2_mb1, xp2_m6_1);
          const __m512 xp2_ma7 = _mm512_set1_ps(KQ[(((xp2_r + 7) * 128) + xp2_mk)]);
          xp2_m7_0 = _mm512_fmadd_ps(xp2_ma7, xp2_mb0, xp2_m7_0);
          xp2_m7_1 = _mm512_fmadd_ps(xp2_ma7, xp2_mb1, xp2_m7_1);
        }
        _mm512_storeu_ps(&XP[(((xp2_r + 0) * 128) + 64)], xp2_m0_0);
        _mm512_storeu_ps(&XP[(((xp2_r + 0) * 128) + 80)], xp2_m0_1);
        _mm512_storeu_ps(&XP[(((xp2_r + 1) * 128) + 64)], xp2_m1_0);
        _mm512_storeu_ps(&XP[(((xp2_r + 1) * 128) + 80)], xp2_m1_1);
        _mm512_storeu_ps(&XP[(((xp2_r + 2) * 128) + 64)], xp2_m2_0);
        _mm512_storeu_ps(&XP[(((xp2_r + 2) * 128) + 80)], xp2_m2_1);
        _mm512_storeu_ps(&XP[(((xp2_r + 3) * 128) + 64)], xp2_m3_0);
        _mm512_storeu_ps(&XP[(((xp2_r + 3) * 128) + 80)], xp2_m3_1);
        _mm512_storeu_ps(&XP[(((xp2_r + 4) * 128) + 64)], xp2_m4_0);
        _mm512_storeu_ps(&XP[(((xp2_r + 4) * 128) + 80)], xp2_m4_1);
        _mm512_storeu_ps(&XP[(((xp2_r + 5) * 128) + 64)], xp2_m5_0);
        _mm512_storeu_ps(&XP[(((xp2_r + 5) * 128) + 80)], xp2_m5_1);
        _mm512_storeu_ps(&XP[(((xp2_r + 6) * 128) + 64)], xp2_m6_0);
        _mm512_storeu_ps(&XP[(((xp2_r + 6) * 128) + 80)], xp2_m6_1);
        _mm512_storeu_ps(&XP[(((xp2_r + 7) * 128) + 64)], xp2_m7_0);
        _mm512_storeu_ps(&XP[(((xp2_r + 7) * 128) + 80)], xp2_m7_1);
      }
      for (int32_t xp3_r = 0; xp3_r < 32; xp3_r += 8) {
        __m512 xp3_m0_0 = _mm512_set1_ps(0.0f);
        __m512 xp3_m0_1 = _mm512_set1_ps(0.0f);
        __m512 xp3_m1_0 = _mm512_set1_ps(0.0f);
        __m512 xp3_m1_1 = _mm512_set1_ps(0.0f);
        __m512 xp3_m2_0 = _mm512_set1_ps(0.0f);
        __m512 xp3_m2_1 = _mm512_set1_ps(0.0f);
        __m512 xp3_m3_0 = _mm512_set1_ps(0.0f);
        __m512 xp3_m3_1 = _mm512_set1_ps(0.0f);
        __m512 xp3_m4_0 = _mm512_set1_ps(0.0f);
        __m512 xp3_m4_1 = _mm512_set1_ps(0.0f);
        __m512 xp3_m5_0 = _mm512_set1_ps(0.0f);
        __m512 xp3_m5_1 = _mm512_set1_ps(0.0f);
        __m512 xp3_m6_0 = _mm512_set1_ps(0.0f);
        __m512 xp3_m6_1 = _mm512_set1_ps(0.0f);
        __m512 xp3_m7_0 = _mm512_set1_ps(0.0f);
        __m512 xp3_m7_1 = _mm512_set1_ps(0.0f);
        for (int32_t xp3_mk = 0; xp3_mk < 128; xp3_mk++) {
          const __m512 xp3_mb0 = _mm512_loadu_ps(&Sb[((xp3_mk * 128) + 96)]);
          const __m512 xp3_mb1 = _mm512_loadu_ps(&Sb[((xp3_mk * 128) + 112)]);
          const __m512 xp3_ma0 = _mm512_set1_ps(KQ[(((xp3_r + 0) * 128) + xp3_mk)]);
          xp3_m0_0 = _mm512_fmadd_ps(xp3_ma0, xp3_mb0, xp3_m0_0);
          xp3_m0_1 = _mm512_fmadd_ps(xp3_ma0, xp3_mb1, xp3_m0_1);
          const __m512 xp3_ma1 = _mm512_set1_ps(KQ[(((xp3_r + 1) * 128) + xp3_mk)]);
          xp3_m1_0 = _mm512_fmadd_ps(xp3_ma1, xp3_mb0, xp3_m1_0);
          xp3_m1_1 = _mm512_fmadd_ps(xp3_ma1, xp3_mb1, xp3_m1_1);
          const __m512 xp3_ma2 = _mm512_set1_ps(KQ[(((xp3_r + 2) * 128) + xp3_mk)]);
          xp3_m2_0 = _mm512_fmadd_ps(xp3_ma2, xp3_mb0, xp3_m2_0);
          xp3_m2_1 = _mm512_fmadd_ps(xp3_ma2, xp3_mb1, xp3_m2_1);
          const __m512 xp3_ma3 = _mm512_set1_ps(KQ[(((xp3_r + 3) * 128) + xp3_mk)]);
          xp3_m3_0 = _mm512_fmadd_ps(xp3_ma3, xp3_mb0, xp3_m3_0);
          xp3_m3_1 = _mm512_fmadd_ps(xp3_ma3, xp3_mb1, xp3_m3_1);
          const __m512 xp3_ma4 = _mm512_set1_ps(KQ[(((xp3_r + 4) * 128) + xp3_mk)]);
          xp3_m4_0 = _mm512_fmadd_ps(xp3_ma4, xp3_mb0, xp3_m4_0);
          xp3_m4_1 = _mm512_fmadd_ps(xp3_ma4, xp3_mb1, xp3_m4_1);
          const __m512 xp3_ma5 = _mm512_set1_ps(KQ[(((xp3_r + 5) * 128) + xp3_mk)]);
          xp3_m5_0 = _mm512_fmadd_ps(xp3_ma5, xp3_mb0, xp3_m5_0);
          xp3_m5_1 = _mm512_fmadd_ps(xp3_ma5, xp3_mb1, xp3_m5_1);
          const __m512 xp3_ma6 = _mm512_set1_ps(KQ[(((xp3_r + 6) * 128) + xp3_mk)]);
          xp3_m6_0 = _mm512_fmadd_ps(xp3_ma6, xp3_mb0, xp3_m6_0);
          xp3_m6_1 = _mm512_fmadd_ps(xp3_ma6, xp3_mb1, xp3_m6_1);
          const __m512 xp3_ma7 = _mm512_set1_ps(KQ[(((xp3_r + 7) * 128) + xp3_mk)]);
          xp3_m7_0 = _mm512_fmadd_ps(xp3_ma7, xp3_mb0, xp3_m7_0);
          xp3_m7_1 = _mm512_fmadd_ps(xp3_ma7, xp3_mb1, xp3_m7_1);
        }
        _mm512_storeu_ps(&XP[(((xp3_r + 0) * 128) + 96)], xp3_m0_0);
        _mm512_storeu_ps(&XP[(((xp3_r + 0) * 128) + 112)], xp3_m0_1);
        _mm512_storeu_ps(&XP[(((xp3_r + 1) * 128) + 96)], xp3_m1_0);
        _mm512_storeu_ps(&XP[(((xp3_r + 1) * 128) + 112)], xp3_m1_1);
        _mm512_storeu_ps(&XP[(((xp3_r + 2) * 128) + 96)], xp3_m2_0);
        _mm512_storeu_ps(&XP[(((xp3_r + 2) * 128) + 112)], xp3_m2_1);
        _mm512_storeu_ps(&XP[(((xp3_r + 3) * 128) + 96)], xp3_m3_0);
        _mm512_storeu_ps(&XP[(((xp3_r + 3) * 128) + 112)], xp3_m3_1);
        _mm512_storeu_ps(&XP[(((xp3_r + 4) * 128) + 96)], xp3_m4_0);
        _mm512_storeu_ps(&XP[(((xp3_r + 4) * 128) + 112)], xp3_m4_1);
        _mm512_storeu_ps(&XP[(((xp3_r + 5) * 128) + 96)], xp3_m5_0);
        _mm512_storeu_ps(&XP[(((xp3_r + 5) * 128) + 112)], xp3_m5_1);
        _mm512_storeu_ps(&XP[(((xp3_r + 6) * 128) + 96)], xp3_m6_0);
        _mm512_storeu_ps(&XP[(((xp3_r + 6) * 128) + 112)], xp3_m6_1);
        _mm512_storeu_ps(&XP[(((xp3_r + 7) * 128) + 96)], xp3_m7_0);
        _mm512_storeu_ps(&XP[(((xp3_r + 7) * 128) + 112)], xp3_m7_1);
      }
      for (int32_t ui0 = 0; ui0 < 16; ui0++) {
        const __m512 ueg0 = _mm512_set1_ps(((gam[ui0] > (-64.0f)) ? expf(gam[ui0]) : 0.0f));
        const __m512 ubt0 = _mm512_set1_ps(bet[ui0]);
        const int32_t uvo0 = ((((((b * T) + (t0 + ui0)) * 16) + h) * 128) + j0);
        const int32_t uvr0 = ((ui0 < n) ? uvo0 : (((((b * T) * 16) + ((t0 * 16) + h)) * 128) + j0));
        const __m512 uv0_0 = _mm512_loadu_ps(&v[(uvr0 + 0)]);
        __m512 ua0_0 = _mm512_mul_ps(ubt0, _mm512_sub_ps(uv0_0, _mm512_mul_ps(ueg0, _mm512_loadu_ps(&XP[((ui0 * 128) + 0)]))));
        __m512 oa0_0 = _mm512_mul_ps(_mm512_mul_ps(ueg0, _mm512_set1_ps(0.08838834764831843f)), _mm512_loadu_ps(&XP[(((ui0 + 16) * 128) + 0)]));
        const __m512 uv0_1 = _mm512_loadu_ps(&v[(uvr0 + 16)]);
        __m512 ua0_1 = _mm512_mul_ps(ubt0, _mm512_sub_ps(uv0_1, _mm512_mul_ps(ueg0, _mm512_loadu_ps(&XP[((ui0 * 128) + 16)]))));
        __m512 oa0_1 = _mm512_mul_ps(_mm512_mul_ps(ueg0, _mm512_set1_ps(0.08838834764831843f)), _mm512_loadu_ps(&XP[(((ui0 + 16) * 128) + 16)]));
        const __m512 uv0_2 = _mm512_loadu_ps(&v[(uvr0 + 32)]);
        __m512 ua0_2 = _mm512_mul_ps(ubt0, _mm512_sub_ps(uv0_2, _mm512_mul_ps(ueg0, _mm512_loadu_ps(&XP[((ui0 * 128) + 32)]))));
        __m512 oa0_2 = _mm512_mul_ps(_mm512_mul_ps(ueg0, _mm512_set1_ps(0.08838834764831843f)), _mm512_loadu_ps(&XP[(((ui0 + 16) * 128) + 32)]));
        const __m512 uv0_3 = _mm512_loadu_ps(&v[(uvr0 + 48)]);
        __m512 ua0_3 = _mm512_mul_ps(ubt0, _mm512_sub_ps(uv0_3, _mm512_mul_ps(ueg0, _mm512_loadu_ps(&XP[((ui0 * 128) + 48)]))));
        __m512 oa0_3 = _mm512_mul_ps(_mm512_mul_ps(ueg0, _mm512_set1_ps(0.08838834764831843f)), _mm512_loadu_ps(&XP[(((ui0 + 16) * 128) + 48)]));
        const __m512 uv0_4 = _mm512_loadu_ps(&v[(uvr0 + 64)]);
        __m512 ua0_4 = _mm512_mul_ps(ubt0, _mm512_sub_ps(uv0_4, _mm512_mul_ps(ueg0, _mm512_loadu_ps(&XP[((ui0 * 128) + 64)]))));
        __m512 oa0_4 = _mm512_mul_ps(_mm512_mul_ps(ueg0, _mm512_set1_ps(0.08838834764831843f)), _mm512_loadu_ps(&XP[(((ui0 + 16) * 128) + 64)]));
        const __m512 uv0_5 = _mm512_loadu_ps(&v[(uvr0 + 80)]);
        __m512 ua0_5 = _mm512_mul_ps(ubt0, _mm512_sub_ps(uv0_5, _mm512_mul_ps(ueg0, _mm512_loadu_ps(&XP[((ui0 * 128) + 80)]))));
        __m512 oa0_5 = _mm512_mul_ps(_mm512_mul_ps(ueg0, _mm512_set1_ps(0.08838834764831843f)), _mm512_loadu_ps(&XP[(((ui0 + 16) * 128) + 80)]));
        const __m512 uv0_6 = _mm512_loadu_ps(&v[(uvr0 + 96)]);
        __m512 ua0_6 = _mm512_mul_ps(ubt0, _mm512_sub_ps(uv0_6, _mm512_mul_ps(ueg0, _mm512_loadu_ps(&XP[((ui0 * 128) + 96)]))));
        __m512 oa0_6 = _mm512_mul_ps(_mm512_mul_ps(ueg0, _mm512_set1_ps(0.08838834764831843f)), _mm512_loadu_ps(&XP[(((ui0 + 16) * 128) + 96)]));
        const __m512 uv0_7 = _mm512_loadu_ps(&v[(uvr0 + 112)]);
        __m512 ua0_7 = _mm512_mul_ps(ubt0, _mm512_sub_ps(uv0_7, _mm512_mul_ps(ueg0, _mm512_loadu_ps(&XP[((ui0 * 128) + 112)]))));
        __m512 oa0_7 = _mm512_mul_ps(_mm512_mul_ps(ueg0, _mm512_set1_ps(0.08838834764831843f)), _mm512_loadu_ps(&XP[(((ui0 + 16) * 128) + 112)]));
        for (int32_t uj0 = 0; uj0 < ui0; uj0++) {
          const __m512 uaj0 = _mm512_set1_ps(Am[((ui0 * 16) + uj0)]);
          const __m512 umj0 = _mm512_set1_ps(Mm[((ui0 * 16) + uj0)]);
          const __m512 uu0_0 = _mm512_loadu_ps(&XP[((uj0 * 128) + 0)]);
          ua0_0 = _mm512_fmadd_ps(uaj0, uu0_0, ua0_0);
          oa0_0 = _mm512_fmadd_ps(umj0, uu0_0, oa0_0);
          const __m512 uu0_1 = _mm512_loadu_ps(&XP[((uj0 * 128) + 16)]);
          ua0_1 = _mm512_fmadd_ps(uaj0, uu0_1, ua0_1);
          oa0_1 = _mm512_fmadd_ps(umj0, uu0_1, oa0_1);
          const __m512 uu0_2 = _mm512_loadu_ps(&XP[((uj0 * 128) + 32)]);
          ua0_2 = _mm512_fmadd_ps(uaj0, uu0_2, ua0_2);
          oa0_2 = _mm512_fmadd_ps(umj0, uu0_2, oa0_2);
          const __m512 uu0_3 = _mm512_loadu_ps(&XP[((uj0 * 128) + 48)]);
          ua0_3 = _mm512_fmadd_ps(uaj0, uu0_3, ua0_3);
          oa0_3 = _mm512_fmadd_ps(umj0, uu0_3, oa0_3);
          const __m512 uu0_4 = _mm512_loadu_ps(&XP[((uj0 * 128) + 64)]);
          ua0_4 = _mm512_fmadd_ps(uaj0, uu0_4, ua0_4);
          oa0_4 = _mm512_fmadd_ps(umj0, uu0_4, oa0_4);
          const __m512 uu0_5 = _mm512_loadu_ps(&XP[((uj0 * 128) + 80)]);
          ua0_5 = _mm512_fmadd_ps(uaj0, uu0_5, ua0_5);
          oa0_5 = _mm512_fmadd_ps(umj0, uu0_5, oa0_5);
          const __m512 uu0_6 = _mm512_loadu_ps(&XP[((uj0 * 128) + 96)]);
          ua0_6 = _mm512_fmadd_ps(uaj0, uu0_6, ua0_6);
          oa0_6 = _mm512_fmadd_ps(umj0, uu0_6, oa0_6);
          const __m512 uu0_7 = _mm512_loadu_ps(&XP[((uj0 * 128) + 112)]);
          ua0_7 = _mm512_fmadd_ps(uaj0, uu0_7, ua0_7);
          oa0_7 = _mm512_fmadd_ps(umj0, uu0_7, oa0_7);
        }
        const __m512 umi0 = _mm512_set1_ps(Mm[((ui0 * 16) + ui0)]);
        _mm512_storeu_ps(&XP[((ui0 * 128) + 0)], ua0_0);
        _mm512_storeu_ps(&XP[((ui0 * 128) + 16)], ua0_1);
        _mm512_storeu_ps(&XP[((ui0 * 128) + 32)], ua0_2);
        _mm512_storeu_ps(&XP[((ui0 * 128) + 48)], ua0_3);
        _mm512_storeu_ps(&XP[((ui0 * 128) + 64)], ua0_4);
        _mm512_storeu_ps(&XP[((ui0 * 128) + 80)], ua0_5);
        _mm512_storeu_ps(&XP[((ui0 * 128) + 96)], ua0_6);
        _mm512_storeu_ps(&XP[((ui0 * 128) + 112)], ua0_7);
        if (ui0 < n) {
          _mm512_storeu_ps(&o[(uvo0 + 0)], _mm512_fmadd_ps(umi0, ua0_0, oa0_0));
          _mm512_storeu_ps(&o[(uvo0 + 16)], _mm512_fmadd_ps(umi0, ua0_1, oa0_1));
          _mm512_storeu_ps(&o[(uvo0 + 32)], _mm512_fmadd_ps(umi0, ua0_2, oa0_2));
          _mm512_storeu_ps(&o[(uvo0 + 48)], _mm512_fmadd_ps(umi0, ua0_3, oa0_3));
          _mm512_storeu_ps(&o[(uvo0 + 64)], _mm512_fmadd_ps(umi0, ua0_4, oa0_4));
          _mm512_storeu_ps(&o[(uvo0 + 80)], _mm512_fmadd_ps(umi0, ua0_5, oa0_5));
          _mm512_storeu_ps(&o[(uvo0 + 96)], _mm512_fmadd_ps(umi0, ua0_6, oa0_6));
          _mm512_storeu_ps(&o[(uvo0 + 112)], _mm512_fmadd_ps(umi0, ua0_7, oa0_7));
        }
      }
      const float glast = gam[15];
      for (int32_t dj = 0; dj < 16; dj++) {
        const __m512 dlj = _mm512_set1_ps((((glast - gam[dj]) > (-64.0f)) ? expf((glast - gam[dj])) : 0.0f));
        _mm512_storeu_ps(&XP[((dj * 128) + 0)], _mm512_mul_ps(_mm512_loadu_ps(&XP[((dj * 128) + 0)]), dlj));
        _mm512_storeu_ps(&XP[((dj * 128) + 16)], _mm512_mul_ps(_mm512_loadu_ps(&XP[((dj * 128) + 16)]), dlj));
        _mm512_storeu_ps(&XP[((dj * 128) + 32)], _mm512_mul_ps(_mm512_loadu_ps(&XP[((dj * 128) + 32)]), dlj));
        _mm512_storeu_ps(&XP[((dj * 128) + 48)], _mm512_mul_ps(_mm512_loadu_ps(&XP[((dj * 128) + 48)]), dlj));
        _mm512_storeu_ps(&XP[((dj * 128) + 64)], _mm512_mul_ps(_mm512_loadu_ps(&XP[((dj * 128) + 64)]), dlj));
        _mm512_storeu_ps(&XP[((dj * 128) + 80)], _mm512_mul_ps(_mm512_loadu_ps(&XP[((dj * 128) + 80)]), dlj));
        _mm512_storeu_ps(&XP[((dj * 128) + 96)], _mm512_mul_ps(_mm512_loadu_ps(&XP[((dj * 128) + 96)]), dlj));
        _mm512_storeu_ps(&XP[((dj * 128) + 112)], _mm512_mul_ps(_mm512_loadu_ps(&XP[((dj * 128) + 112)]), dlj));
      }
      const __m512 elast = _mm512_set1_ps(((glast > (-64.0f)) ? expf(glast) : 0.0f));
      for (int32_t su0_r = 0; su0_r < 128; su0_r += 4) {
        __m512 su0_m0_0 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 0) * 128) + 0)]), elast);
        __m512 su0_m0_1 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 0) * 128) + 16)]), elast);
        __m512 su0_m0_2 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 0) * 128) + 32)]), elast);
        __m512 su0_m0_3 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 0) * 128) + 48)]), elast);
        __m512 su0_m1_0 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 1) * 128) + 0)]), elast);
        __m512 su0_m1_1 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 1) * 128) + 16)]), elast);
        __m512 su0_m1_2 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 1) * 128) + 32)]), elast);
        __m512 su0_m1_3 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 1) * 128) + 48)]), elast);
        __m512 su0_m2_0 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 2) * 128) + 0)]), elast);
        __m512 su0_m2_1 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 2) * 128) + 16)]), elast);
        __m512 su0_m2_2 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 2) * 128) + 32)]), elast);
        __m512 su0_m2_3 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 2) * 128) + 48)]), elast);
        __m512 su0_m3_0 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 3) * 128) + 0)]), elast);
        __m512 su0_m3_1 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 3) * 128) + 16)]), elast);
        __m512 su0_m3_2 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 3) * 128) + 32)]), elast);
        __m512 su0_m3_3 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su0_r + 3) * 128) + 48)]), elast);
        for (int32_t su0_mk = 0; su0_mk < 16; su0_mk++) {
          const __m512 su0_mb0 = _mm512_loadu_ps(&XP[((su0_mk * 128) + 0)]);
          const __m512 su0_mb1 = _mm512_loadu_ps(&XP[((su0_mk * 128) + 16)]);
          const __m512 su0_mb2 = _mm512_loadu_ps(&XP[((su0_mk * 128) + 32)]);
          const __m512 su0_mb3 = _mm512_loadu_ps(&XP[((su0_mk * 128) + 48)]);
          const __m512 su0_ma0 = _mm512_set1_ps(KT[(((su0_r + 0) * 16) + su0_mk)]);
          su0_m0_0 = _mm512_fmadd_ps(su0_ma0, su0_mb0, su0_m0_0);
          su0_m0_1 = _mm512_fmadd_ps(su0_ma0, su0_mb1, su0_m0_1);
          su0_m0_2 = _mm512_fmadd_ps(su0_ma0, su0_mb2, su0_m0_2);
          su0_m0_3 = _mm512_fmadd_ps(su0_ma0, su0_mb3, su0_m0_3);
          const __m512 su0_ma1 = _mm512_set1_ps(KT[(((su0_r + 1) * 16) + su0_mk)]);
          su0_m1_0 = _mm512_fmadd_ps(su0_ma1, su0_mb0, su0_m1_0);
          su0_m1_1 = _mm512_fmadd_ps(su0_ma1, su0_mb1, su0_m1_1);
          su0_m1_2 = _mm512_fmadd_ps(su0_ma1, su0_mb2, su0_m1_2);
          su0_m1_3 = _mm512_fmadd_ps(su0_ma1, su0_mb3, su0_m1_3);
          const __m512 su0_ma2 = _mm512_set1_ps(KT[(((su0_r + 2) * 16) + su0_mk)]);
          su0_m2_0 = _mm512_fmadd_ps(su0_ma2, su0_mb0, su0_m2_0);
          su0_m2_1 = _mm512_fmadd_ps(su0_ma2, su0_mb1, su0_m2_1);
          su0_m2_2 = _mm512_fmadd_ps(su0_ma2, su0_mb2, su0_m2_2);
          su0_m2_3 = _mm512_fmadd_ps(su0_ma2, su0_mb3, su0_m2_3);
          const __m512 su0_ma3 = _mm512_set1_ps(KT[(((su0_r + 3) * 16) + su0_mk)]);
          su0_m3_0 = _mm512_fmadd_ps(su0_ma3, su0_mb0, su0_m3_0);
          su0_m3_1 = _mm512_fmadd_ps(su0_ma3, su0_mb1, su0_m3_1);
          su0_m3_2 = _mm512_fmadd_ps(su0_ma3, su0_mb2, su0_m3_2);
          su0_m3_3 = _mm512_fmadd_ps(su0_ma3, su0_mb3, su0_m3_3);
        }
        _mm512_storeu_ps(&Sb[(((su0_r + 0) * 128) + 0)], su0_m0_0);
        _mm512_storeu_ps(&Sb[(((su0_r + 0) * 128) + 16)], su0_m0_1);
        _mm512_storeu_ps(&Sb[(((su0_r + 0) * 128) + 32)], su0_m0_2);
        _mm512_storeu_ps(&Sb[(((su0_r + 0) * 128) + 48)], su0_m0_3);
        _mm512_storeu_ps(&Sb[(((su0_r + 1) * 128) + 0)], su0_m1_0);
        _mm512_storeu_ps(&Sb[(((su0_r + 1) * 128) + 16)], su0_m1_1);
        _mm512_storeu_ps(&Sb[(((su0_r + 1) * 128) + 32)], su0_m1_2);
        _mm512_storeu_ps(&Sb[(((su0_r + 1) * 128) + 48)], su0_m1_3);
        _mm512_storeu_ps(&Sb[(((su0_r + 2) * 128) + 0)], su0_m2_0);
        _mm512_storeu_ps(&Sb[(((su0_r + 2) * 128) + 16)], su0_m2_1);
        _mm512_storeu_ps(&Sb[(((su0_r + 2) * 128) + 32)], su0_m2_2);
        _mm512_storeu_ps(&Sb[(((su0_r + 2) * 128) + 48)], su0_m2_3);
        _mm512_storeu_ps(&Sb[(((su0_r + 3) * 128) + 0)], su0_m3_0);
        _mm512_storeu_ps(&Sb[(((su0_r + 3) * 128) + 16)], su0_m3_1);
        _mm512_storeu_ps(&Sb[(((su0_r + 3) * 128) + 32)], su0_m3_2);
        _mm512_storeu_ps(&Sb[(((su0_r + 3) * 128) + 48)], su0_m3_3);
      }
      for (int32_t su1_r = 0; su1_r < 128; su1_r += 4) {
        __m512 su1_m0_0 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 0) * 128) + 64)]), elast);
        __m512 su1_m0_1 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 0) * 128) + 80)]), elast);
        __m512 su1_m0_2 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 0) * 128) + 96)]), elast);
        __m512 su1_m0_3 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 0) * 128) + 112)]), elast);
        __m512 su1_m1_0 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 1) * 128) + 64)]), elast);
        __m512 su1_m1_1 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 1) * 128) + 80)]), elast);
        __m512 su1_m1_2 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 1) * 128) + 96)]), elast);
        __m512 su1_m1_3 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 1) * 128) + 112)]), elast);
        __m512 su1_m2_0 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 2) * 128) + 64)]), elast);
        __m512 su1_m2_1 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 2) * 128) + 80)]), elast);
        __m512 su1_m2_2 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 2) * 128) + 96)]), elast);
        __m512 su1_m2_3 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 2) * 128) + 112)]), elast);
        __m512 su1_m3_0 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 3) * 128) + 64)]), elast);
        __m512 su1_m3_1 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 3) * 128) + 80)]), elast);
        __m512 su1_m3_2 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 3) * 128) + 96)]), elast);
        __m512 su1_m3_3 = _mm512_mul_ps(_mm512_loadu_ps(&Sb[(((su1_r + 3) * 128) + 112)]), elast);
        for (int32_t su1_mk = 0; su1_mk < 16; su1_mk++) {
          const __m512 su1_mb0 = _mm512_loadu_ps(&XP[((su1_mk * 128) + 64)]);
          const __m512 su1_mb1 = _mm512_loadu_ps(&XP[((su1_mk * 128) + 80)]);
          const __m512 su1_mb2 = _mm512_loadu_ps(&XP[((su1_mk * 128) + 96)]);
          const __m512 su1_mb3 = _mm512_loadu_ps(&XP[((su1_mk * 128) + 112)]);
          const __m512 su1_ma0 = _mm512_set1_ps(KT[(((su1_r + 0) * 16) + su1_mk)]);
          su1_m0_0 = _mm512_fmadd_ps(su1_ma0, su1_mb0, su1_m0_0);
          su1_m0_1 = _mm512_fmadd_ps(su1_ma0, su1_mb1, su1_m0_1);
          su1_m0_2 = _mm512_fmadd_ps(su1_ma0, su1_mb2, su1_m0_2);
          su1_m0_3 = _mm512_fmadd_ps(su1_ma0, su1_mb3, su1_m0_3);
          const __m512 su1_ma1 = _mm512_set1_ps(KT[(((su1_r + 1) * 16) + su1_mk)]);
          su1_m1_0 = _mm512_fmadd_ps(su1_ma1, su1_mb0, su1_m1_0);
          su1_m1_1 = _mm512_fmadd_ps(su1_ma1, su1_mb1, su1_m1_1);
          su1_m1_2 = _mm512_fmadd_ps(su1_ma1, su1_mb2, su1_m1_2);
          su1_m1_3 = _mm512_fmadd_ps(su1_ma1, su1_mb3, su1_m1_3);
          const __m512 su1_ma2 = _mm512_set1_ps(KT[(((su1_r + 2) * 16) + su1_mk)]);
          su1_m2_0 = _mm512_fmadd_ps(su1_ma2, su1_mb0, su1_m2_0);
          su1_m2_1 = _mm512_fmadd_ps(su1_ma2, su1_mb1, su1_m2_1);
          su1_m2_2 = _mm512_fmadd_ps(su1_ma2, su1_mb2, su1_m2_2);
          su1_m2_3 = _mm512_fmadd_ps(su1_ma2, su1_mb3, su1_m2_3);
          const __m512 su1_ma3 = _mm512_set1_ps(KT[(((su1_r + 3) * 16) + su1_mk)]);
          su1_m3_0 = _mm512_fmadd_ps(su1_ma3, su1_mb0, su1_m3_0);
          su1_m3_1 = _mm512_fmadd_ps(su1_ma3, su1_mb1, su1_m3_1);
          su1_m3_2 = _mm512_fmadd_ps(su1_ma3, su1_mb2, su1_m3_2);
          su1_m3_3 = _mm512_fmadd_ps(su1_ma3, su1_mb3, su1_m3_3);
        }
        _mm512_storeu_ps(&Sb[(((su1_r + 0) * 128) + 64)], su1_m0_0);
        _mm512_storeu_ps(&Sb[(((su1_r + 0) * 128) + 80)], su1_m0_1);
        _mm512_storeu_ps(&Sb[(((su1_r + 0) * 128) + 96)], su1_m0_2);
        _mm512_storeu_ps(&Sb[(((su1_r + 0) * 128) + 112)], su1_m0_3);
        _mm512_storeu_ps(&Sb[(((su1_r + 1) * 128) + 64)], su1_m1_0);
        _mm512_storeu_ps(&Sb[(((su1_r + 1) * 128) + 80)], su1_m1_1);
        _mm512_storeu_ps(&Sb[(((su1_r + 1) * 128) + 96)], su1_m1_2);
        _mm512_storeu_ps(&Sb[(((su1_r + 1) * 128) + 112)], su1_m1_3);
        _mm512_storeu_ps(&Sb[(((su1_r + 2) * 128) + 64)], su1_m2_0);
        _mm512_storeu_ps(&Sb[(((su1_r + 2) * 128) + 80)], su1_m2_1);
        _mm512_storeu_ps(&Sb[(((su1_r + 2) * 128) + 96)], su1_m2_2);
        _mm512_storeu_ps(&Sb[(((su1_r + 2) * 128) + 112)], su1_m2_3);
        _mm512_storeu_ps(&Sb[(((su1_r + 3) * 128) + 64)], su1_m3_0);
        _mm512_storeu_ps(&Sb[(((su1_r + 3) * 128) + 80)], su1_m3_1);
        _mm512_storeu_ps(&Sb[(((su1_r + 3) * 128) + 96)], su1_m3_2);
        _mm512_storeu_ps(&Sb[(((su1_r + 3) * 128) + 112)], su1_m3_3);
      }
    }
    for (int32_t si = 0; si < 128; si++) {
      _mm512_storeu_ps(&s[((sbase + (si * 128)) + 0)], _mm512_loadu_ps(&Sb[((si * 128) + 0)]));
      _mm512_storeu_ps(&s[((sbase + (si * 128)) + 16)], _mm512_loadu_ps(&Sb[((si * 128) + 16)]));
      _mm512_storeu_ps(&s[((sbase + (si * 128)) + 32)], _mm512_loadu_ps(&Sb[((si * 128) + 32)]));
      _mm512_storeu_ps(&s[((sbase + (si * 128)) + 48)], _mm512_loadu_ps(&Sb[((si * 128) + 48)]));
      _mm512_storeu_ps(&s[((sbase + (si * 128)) + 64)], _mm512_loadu_ps(&Sb[((si * 128) + 64)]));
      _mm512_storeu_ps(&s[((sbase + (si * 128)) + 80)], _mm512_loadu_ps(&Sb[((si * 128) + 80)]));
      _mm512_storeu_ps(&s[((sbase + (si * 128)) + 96)], _mm512_loadu_ps(&Sb[((si * 128) + 96)]));
      _mm512_storeu_ps(&s[((sbase + (si * 128)) + 112)], _mm512_loadu_ps(&Sb[((si * 128) + 112)]));
    }
  }
}
