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

void gated_delta_rule_recurrent_avx512(const float* restrict q, const float* restrict k, const float* restrict v, const float* restrict g, const float* restrict beta, const float* s0, float* restrict o, float* s, int32_t B, int32_t T) {
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
    float kn[1152];
    float qn[1152];
    float kqs[9];
    float eas[9];
    __m512 ak0_0 = _mm512_set1_ps(0.0f);
    __m512 aq0_0 = _mm512_set1_ps(0.0f);
    __m512 u0 = _mm512_set1_ps(0.0f);
    __m512 ak1_0 = _mm512_set1_ps(0.0f);
    __m512 aq1_0 = _mm512_set1_ps(0.0f);
    __m512 u1 = _mm512_set1_ps(0.0f);
    __m512 ak2_0 = _mm512_set1_ps(0.0f);
    __m512 aq2_0 = _mm512_set1_ps(0.0f);
    __m512 u2 = _mm512_set1_ps(0.0f);
    __m512 ak3_0 = _mm512_set1_ps(0.0f);
    __m512 aq3_0 = _mm512_set1_ps(0.0f);
    __m512 u3 = _mm512_set1_ps(0.0f);
    __m512 ak4_0 = _mm512_set1_ps(0.0f);
    __m512 aq4_0 = _mm512_set1_ps(0.0f);
    __m512 u4 = _mm512_set1_ps(0.0f);
    __m512 ak5_0 = _mm512_set1_ps(0.0f);
    __m512 aq5_0 = _mm512_set1_ps(0.0f);
    __m512 u5 = _mm512_set1_ps(0.0f);
    __m512 ak6_0 = _mm512_set1_ps(0.0f);
    __m512 aq6_0 = _mm512_set1_ps(0.0f);
    __m512 u6 = _mm512_set1_ps(0.0f);
    __m512 ak7_0 = _mm512_set1_ps(0.0f);
    __m512 aq7_0 = _mm512_set1_ps(0.0f);
    __m512 u7 = _mm512_set1_ps(0.0f);
    float sig = 1.0f;
    if (T == 1) {
      const int32_t qkba = (((((b * T) + 0) * 16) + hk) * 128);
      const int32_t soa = (0 * 128);
      eas[0] = ((g[((((b * T) + 0) * 16) + h)] > (-64.0f)) ? expf(g[((((b * T) + 0) * 16) + h)]) : 0.0f);
      __m512 kkav = _mm512_set1_ps(0.0f);
      __m512 qqav = _mm512_set1_ps(0.0f);
      __m512 kqav = _mm512_set1_ps(0.0f);
      #pragma GCC unroll 8
      for (int32_t dqa = 0; dqa < 128; dqa += 16) {
        const __m512 kxa16 = _mm512_loadu_ps(&k[(qkba + dqa)]);
        const __m512 qxa16 = _mm512_loadu_ps(&q[(qkba + dqa)]);
        kkav = _mm512_fmadd_ps(kxa16, kxa16, kkav);
        qqav = _mm512_fmadd_ps(qxa16, qxa16, qqav);
        kqav = _mm512_fmadd_ps(kxa16, qxa16, kqav);
        _mm512_storeu_ps(&kn[(soa + dqa)], kxa16);
        _mm512_storeu_ps(&qn[(soa + dqa)], qxa16);
      }
      const float rka = (1.0f / sqrtf((_mm512_reduce_add_ps(kkav) + 0.000001f)));
      const float rqa = (1.0f / sqrtf((_mm512_reduce_add_ps(qqav) + 0.000001f)));
      kqs[0] = (_mm512_reduce_add_ps(kqav) * (rka * rqa));
      #pragma GCC unroll 8
      for (int32_t dna = 0; dna < 128; dna += 16) {
        _mm512_storeu_ps(&kn[(soa + dna)], _mm512_mul_ps(_mm512_loadu_ps(&kn[(soa + dna)]), _mm512_set1_ps(rka)));
        _mm512_storeu_ps(&qn[(soa + dna)], _mm512_mul_ps(_mm512_loadu_ps(&qn[(soa + dna)]), _mm512_set1_ps(rqa)));
      }
      for (int32_t ri = 0; ri < 128; ri++) {
        const __m512 k0b0 = _mm512_set1_ps(kn[(ri + 0)]);
        const __m512 q0b0 = _mm512_set1_ps(qn[(ri + 0)]);
        const __m512 s0v0_0 = _mm512_loadu_ps(&s0[((sbase + ((ri + 0) * 128)) + 0)]);
        ak0_0 = _mm512_fmadd_ps(s0v0_0, k0b0, ak0_0);
        aq0_0 = _mm512_fmadd_ps(s0v0_0, q0b0, aq0_0);
        const __m512 s0v1_0 = _mm512_loadu_ps(&s0[((sbase + ((ri + 0) * 128)) + 16)]);
        ak1_0 = _mm512_fmadd_ps(s0v1_0, k0b0, ak1_0);
        aq1_0 = _mm512_fmadd_ps(s0v1_0, q0b0, aq1_0);
        const __m512 s0v2_0 = _mm512_loadu_ps(&s0[((sbase + ((ri + 0) * 128)) + 32)]);
        ak2_0 = _mm512_fmadd_ps(s0v2_0, k0b0, ak2_0);
        aq2_0 = _mm512_fmadd_ps(s0v2_0, q0b0, aq2_0);
        const __m512 s0v3_0 = _mm512_loadu_ps(&s0[((sbase + ((ri + 0) * 128)) + 48)]);
        ak3_0 = _mm512_fmadd_ps(s0v3_0, k0b0, ak3_0);
        aq3_0 = _mm512_fmadd_ps(s0v3_0, q0b0, aq3_0);
        const __m512 s0v4_0 = _mm512_loadu_ps(&s0[((sbase + ((ri + 0) * 128)) + 64)]);
        ak4_0 = _mm512_fmadd_ps(s0v4_0, k0b0, ak4_0);
        aq4_0 = _mm512_fmadd_ps(s0v4_0, q0b0, aq4_0);
        const __m512 s0v5_0 = _mm512_loadu_ps(&s0[((sbase + ((ri + 0) * 128)) + 80)]);
        ak5_0 = _mm512_fmadd_ps(s0v5_0, k0b0, ak5_0);
        aq5_0 = _mm512_fmadd_ps(s0v5_0, q0b0, aq5_0);
        const __m512 s0v6_0 = _mm512_loadu_ps(&s0[((sbase + ((ri + 0) * 128)) + 96)]);
        ak6_0 = _mm512_fmadd_ps(s0v6_0, k0b0, ak6_0);
        aq6_0 = _mm512_fmadd_ps(s0v6_0, q0b0, aq6_0);
        const __m512 s0v7_0 = _mm512_loadu_ps(&s0[((sbase + ((ri + 0) * 128)) + 112)]);
        ak7_0 = _mm512_fmadd_ps(s0v7_0, k0b0, ak7_0);
        aq7_0 = _mm512_fmadd_ps(s0v7_0, q0b0, aq7_0);
      }
      const int32_t t = (0 + 0);
      const int32_t gate = ((((b * T) + t) * 16) + h);
      const int32_t vo = ((gate * 128) + j0);
      const float sg = (eas[0] * sig);
      const float bt = beta[gate];
      const int32_t cur = (0 * 128);
      const int32_t nxt = (cur + 128);
      const float kqv = kqs[0];
      const __m512 sgv = _mm512_set1_ps(sg);
      const __m512 vv0 = _mm512_loadu_ps(&v[(vo + 0)]);
      u0 = _mm512_mul_ps(_mm512_sub_ps(vv0, _mm512_mul_ps(sgv, ak0_0)), _mm512_set1_ps(bt));
      _mm512_storeu_ps(&o[(vo + 0)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq0_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u0)), _mm512_set1_ps(0.08838834764831843f)));
      const __m512 vv1 = _mm512_loadu_ps(&v[(vo + 16)]);
      u1 = _mm512_mul_ps(_mm512_sub_ps(vv1, _mm512_mul_ps(sgv, ak1_0)), _mm512_set1_ps(bt));
      _mm512_storeu_ps(&o[(vo + 16)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq1_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u1)), _mm512_set1_ps(0.08838834764831843f)));
      const __m512 vv2 = _mm512_loadu_ps(&v[(vo + 32)]);
      u2 = _mm512_mul_ps(_mm512_sub_ps(vv2, _mm512_mul_ps(sgv, ak2_0)), _mm512_set1_ps(bt));
      _mm512_storeu_ps(&o[(vo + 32)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq2_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u2)), _mm512_set1_ps(0.08838834764831843f)));
      const __m512 vv3 = _mm512_loadu_ps(&v[(vo + 48)]);
      u3 = _mm512_mul_ps(_mm512_sub_ps(vv3, _mm512_mul_ps(sgv, ak3_0)), _mm512_set1_ps(bt));
      _mm512_storeu_ps(&o[(vo + 48)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq3_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u3)), _mm512_set1_ps(0.08838834764831843f)));
      const __m512 vv4 = _mm512_loadu_ps(&v[(vo + 64)]);
      u4 = _mm512_mul_ps(_mm512_sub_ps(vv4, _mm512_mul_ps(sgv, ak4_0)), _mm512_set1_ps(bt));
      _mm512_storeu_ps(&o[(vo + 64)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq4_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u4)), _mm512_set1_ps(0.08838834764831843f)));
      const __m512 vv5 = _mm512_loadu_ps(&v[(vo + 80)]);
      u5 = _mm512_mul_ps(_mm512_sub_ps(vv5, _mm512_mul_ps(sgv, ak5_0)), _mm512_set1_ps(bt));
      _mm512_storeu_ps(&o[(vo + 80)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq5_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u5)), _mm512_set1_ps(0.08838834764831843f)));
      const __m512 vv6 = _mm512_loadu_ps(&v[(vo + 96)]);
      u6 = _mm512_mul_ps(_mm512_sub_ps(vv6, _mm512_mul_ps(sgv, ak6_0)), _mm512_set1_ps(bt));
      _mm512_storeu_ps(&o[(vo + 96)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq6_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u6)), _mm512_set1_ps(0.08838834764831843f)));
      const __m512 vv7 = _mm512_loadu_ps(&v[(vo + 112)]);
      u7 = _mm512_mul_ps(_mm512_sub_ps(vv7, _mm512_mul_ps(sgv, ak7_0)), _mm512_set1_ps(bt));
      _mm512_storeu_ps(&o[(vo + 112)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq7_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u7)), _mm512_set1_ps(0.08838834764831843f)));
      for (int32_t ru = 0; ru < 128; ru++) {
        const __m512 kcb0 = _mm512_set1_ps(kn[(cur + (ru + 0))]);
        const __m512 so0_0 = _mm512_loadu_ps(&s0[((sbase + ((ru + 0) * 128)) + 0)]);
        const __m512 sn0_0 = _mm512_fmadd_ps(kcb0, u0, _mm512_mul_ps(so0_0, sgv));
        _mm512_storeu_ps(&s[((sbase + ((ru + 0) * 128)) + 0)], sn0_0);
        const __m512 so1_0 = _mm512_loadu_ps(&s0[((sbase + ((ru + 0) * 128)) + 16)]);
        const __m512 sn1_0 = _mm512_fmadd_ps(kcb0, u1, _mm512_mul_ps(so1_0, sgv));
        _mm512_storeu_ps(&s[((sbase + ((ru + 0) * 128)) + 16)], sn1_0);
        const __m512 so2_0 = _mm512_loadu_ps(&s0[((sbase + ((ru + 0) * 128)) + 32)]);
        const __m512 sn2_0 = _mm512_fmadd_ps(kcb0, u2, _mm512_mul_ps(so2_0, sgv));
        _mm512_storeu_ps(&s[((sbase + ((ru + 0) * 128)) + 32)], sn2_0);
        const __m512 so3_0 = _mm512_loadu_ps(&s0[((sbase + ((ru + 0) * 128)) + 48)]);
        const __m512 sn3_0 = _mm512_fmadd_ps(kcb0, u3, _mm512_mul_ps(so3_0, sgv));
        _mm512_storeu_ps(&s[((sbase + ((ru + 0) * 128)) + 48)], sn3_0);
        const __m512 so4_0 = _mm512_loadu_ps(&s0[((sbase + ((ru + 0) * 128)) + 64)]);
        const __m512 sn4_0 = _mm512_fmadd_ps(kcb0, u4, _mm512_mul_ps(so4_0, sgv));
        _mm512_storeu_ps(&s[((sbase + ((ru + 0) * 128)) + 64)], sn4_0);
        const __m512 so5_0 = _mm512_loadu_ps(&s0[((sbase + ((ru + 0) * 128)) + 80)]);
        const __m512 sn5_0 = _mm512_fmadd_ps(kcb0, u5, _mm512_mul_ps(so5_0, sgv));
        _mm512_storeu_ps(&s[((sbase + ((ru + 0) * 128)) + 80)], sn5_0);
        const __m512 so6_0 = _mm512_loadu_ps(&s0[((sbase + ((ru + 0) * 128)) + 96)]);
        const __m512 sn6_0 = _mm512_fmadd_ps(kcb0, u6, _mm512_mul_ps(so6_0, sgv));
        _mm512_storeu_ps(&s[((sbase + ((ru + 0) * 128)) + 96)], sn6_0);
        const __m512 so7_0 = _mm512_loadu_ps(&s0[((sbase + ((ru + 0) * 128)) + 112)]);
        const __m512 sn7_0 = _mm512_fmadd_ps(kcb0, u7, _mm512_mul_ps(so7_0, sgv));
        _mm512_storeu_ps(&s[((sbase + ((ru + 0) * 128)) + 112)], sn7_0);
      }
      sig = 1.0f;
    } else {
      float Sb[16384];
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
      const int32_t qkba = (((((b * T) + 0) * 16) + hk) * 128);
      const int32_t soa = (0 * 128);
      eas[0] = ((g[((((b * T) + 0) * 16) + h)] > (-64.0f)) ? expf(g[((((b * T) + 0) * 16) + h)]) : 0.0f);
      __m512 kkav = _mm512_set1_ps(0.0f);
      __m512 qqav = _mm512_set1_ps(0.0f);
      __m512 kqav = _mm512_set1_ps(0.0f);
      #pragma GCC unroll 8
      for (int32_t dqa = 0; dqa < 128; dqa += 16) {
        const __m512 kxa16 = _mm512_loadu_ps(&k[(qkba + dqa)]);
        const __m512 qxa16 = _mm512_loadu_ps(&q[(qkba + dqa)]);
        kkav = _mm512_fmadd_ps(kxa16, kxa16, kkav);
        qqav = _mm512_fmadd_ps(qxa16, qxa16, qqav);
        kqav = _mm512_fmadd_ps(kxa16, qxa16, kqav);
        _mm512_storeu_ps(&kn[(soa + dqa)], kxa16);
        _mm512_storeu_ps(&qn[(soa + dqa)], qxa16);
      }
      const float rka = (1.0f / sqrtf((_mm512_reduce_add_ps(kkav) + 0.000001f)));
      const float rqa = (1.0f / sqrtf((_mm512_reduce_add_ps(qqav) + 0.000001f)));
      kqs[0] = (_mm512_reduce_add_ps(kqav) * (rka * rqa));
      #pragma GCC unroll 8
      for (int32_t dna = 0; dna < 128; dna += 16) {
        _mm512_storeu_ps(&kn[(soa + dna)], _mm512_mul_ps(_mm512_loadu_ps(&kn[(soa + dna)]), _mm512_set1_ps(rka)));
        _mm512_storeu_ps(&qn[(soa + dna)], _mm512_mul_ps(_mm512_loadu_ps(&qn[(soa + dna)]), _mm512_set1_ps(rqa)));
      }
      for (int32_t ri = 0; ri < 128; ri++) {
        const __m512 k0b0 = _mm512_set1_ps(kn[(ri + 0)]);
        const __m512 q0b0 = _mm512_set1_ps(qn[(ri + 0)]);
        const __m512 s0v0_0 = _mm512_loadu_ps(&Sb[(((ri + 0) * 128) + 0)]);
        ak0_0 = _mm512_fmadd_ps(s0v0_0, k0b0, ak0_0);
        aq0_0 = _mm512_fmadd_ps(s0v0_0, q0b0, aq0_0);
        const __m512 s0v1_0 = _mm512_loadu_ps(&Sb[(((ri + 0) * 128) + 16)]);
        ak1_0 = _mm512_fmadd_ps(s0v1_0, k0b0, ak1_0);
        aq1_0 = _mm512_fmadd_ps(s0v1_0, q0b0, aq1_0);
        const __m512 s0v2_0 = _mm512_loadu_ps(&Sb[(((ri + 0) * 128) + 32)]);
        ak2_0 = _mm512_fmadd_ps(s0v2_0, k0b0, ak2_0);
        aq2_0 = _mm512_fmadd_ps(s0v2_0, q0b0, aq2_0);
        const __m512 s0v3_0 = _mm512_loadu_ps(&Sb[(((ri + 0) * 128) + 48)]);
        ak3_0 = _mm512_fmadd_ps(s0v3_0, k0b0, ak3_0);
        aq3_0 = _mm512_fmadd_ps(s0v3_0, q0b0, aq3_0);
        const __m512 s0v4_0 = _mm512_loadu_ps(&Sb[(((ri + 0) * 128) + 64)]);
        ak4_0 = _mm512_fmadd_ps(s0v4_0, k0b0, ak4_0);
        aq4_0 = _mm512_fmadd_ps(s0v4_0, q0b0, aq4_0);
        const __m512 s0v5_0 = _mm512_loadu_ps(&Sb[(((ri + 0) * 128) + 80)]);
        ak5_0 = _mm512_fmadd_ps(s0v5_0, k0b0, ak5_0);
        aq5_0 = _mm512_fmadd_ps(s0v5_0, q0b0, aq5_0);
        const __m512 s0v6_0 = _mm512_loadu_ps(&Sb[(((ri + 0) * 128) + 96)]);
        ak6_0 = _mm512_fmadd_ps(s0v6_0, k0b0, ak6_0);
        aq6_0 = _mm512_fmadd_ps(s0v6_0, q0b0, aq6_0);
        const __m512 s0v7_0 = _mm512_loadu_ps(&Sb[(((ri + 0) * 128) + 112)]);
        ak7_0 = _mm512_fmadd_ps(s0v7_0, k0b0, ak7_0);
        aq7_0 = _mm512_fmadd_ps(s0v7_0, q0b0, aq7_0);
      }
      for (int32_t tb = 0; tb < T; tb += 8) {
        if (0 < tb) {
          #pragma GCC unroll 8
          for (int32_t cs = 0; cs < 128; cs += 16) {
            _mm512_storeu_ps(&kn[cs], _mm512_loadu_ps(&kn[(cs + 1024)]));
            _mm512_storeu_ps(&qn[cs], _mm512_loadu_ps(&qn[(cs + 1024)]));
          }
          kqs[0] = kqs[8];
          eas[0] = eas[8];
        }
        for (int32_t js = 1; js < (((8) < (((T - 1) - tb)) ? (8) : (((T - 1) - tb))) + 1); js++) {
          const int32_t pfk = kf_prefetch(&k[(((((b * T) + ((((tb + js) + 8)) < ((T - 1)) ? (((tb + js) + 8)) : ((T - 1)))) * 16) + hk) * 128)], 512);
          const int32_t pfq = kf_prefetch(&q[(((((b * T) + ((((tb + js) + 8)) < ((T - 1)) ? (((tb + js) + 8)) : ((T - 1)))) * 16) + hk) * 128)], 512);
          const int32_t pfv = kf_prefetch(&v[((((((b * T) + ((((tb + js) + 8)) < ((T - 1)) ? (((tb + js) + 8)) : ((T - 1)))) * 16) + h) * 128) + j0)], 512);
          const int32_t qkbn = (((((b * T) + (tb + js)) * 16) + hk) * 128);
          const int32_t son = (js * 128);
          eas[js] = ((g[((((b * T) + (tb + js)) * 16) + h)] > (-64.0f)) ? expf(g[((((b * T) + (tb + js)) * 16) + h)]) : 0.0f);
          __m512 kknv = _mm512_set1_ps(0.0f);
          __m512 qqnv = _mm512_set1_ps(0.0f);
          __m512 kqnv = _mm512_set1_ps(0.0f);
          #pragma GCC unroll 8
          for (int32_t dqn = 0; dqn < 128; dqn += 16) {
            const __m512 kxn16 = _mm512_loadu_ps(&k[(qkbn + dqn)]);
            const __m512 qxn16 = _mm512_loadu_ps(&q[(qkbn + dqn)]);
            kknv = _mm512_fmadd_ps(kxn16, kxn16, kknv);
            qqnv = _mm512_fmadd_ps(qxn16, qxn16, qqnv);
            kqnv = _mm512_fmadd_ps(kxn16, qxn16, kqnv);
            _mm512_storeu_ps(&kn[(son + dqn)], kxn16);
            _mm512_storeu_ps(&qn[(son + dqn)], qxn16);
          }
          const float rkn = (1.0f / sqrtf((_mm512_reduce_add_ps(kknv) + 0.000001f)));
          const float rqn = (1.0f / sqrtf((_mm512_reduce_add_ps(qqnv) + 0.000001f)));
          kqs[js] = (_mm512_reduce_add_ps(kqnv) * (rkn * rqn));
          #pragma GCC unroll 8
          for (int32_t dnn = 0; dnn < 128; dnn += 16) {
            _mm512_storeu_ps(&kn[(son + dnn)], _mm512_mul_ps(_mm512_loadu_ps(&kn[(son + dnn)]), _mm512_set1_ps(rkn)));
            _mm512_storeu_ps(&qn[(son + dnn)], _mm512_mul_ps(_mm512_loadu_ps(&qn[(son + dnn)]), _mm512_set1_ps(rqn)));
          }
        }
        for (int32_t j = 0; j < ((8) < ((T - tb)) ? (8) : ((T - tb))); j++) {
          const int32_t t = (tb + j);
          const int32_t gate = ((((b * T) + t) * 16) + h);
          const int32_t vo = ((gate * 128) + j0);
          const float sg = (eas[j] * sig);
          const float bt = beta[gate];
          const int32_t cur = (j * 128);
          const int32_t nxt = (cur + 128);
          const float kqv = kqs[j];
          const __m512 sgv = _mm512_set1_ps(sg);
          const __m512 vv0 = _mm512_loadu_ps(&v[(vo + 0)]);
          u0 = _mm512_mul_ps(_mm512_sub_ps(vv0, _mm512_mul_ps(sgv, ak0_0)), _mm512_set1_ps(bt));
          _mm512_storeu_ps(&o[(vo + 0)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq0_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u0)), _mm512_set1_ps(0.08838834764831843f)));
          const __m512 vv1 = _mm512_loadu_ps(&v[(vo + 16)]);
          u1 = _mm512_mul_ps(_mm512_sub_ps(vv1, _mm512_mul_ps(sgv, ak1_0)), _mm512_set1_ps(bt));
          _mm512_storeu_ps(&o[(vo + 16)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq1_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u1)), _mm512_set1_ps(0.08838834764831843f)));
          const __m512 vv2 = _mm512_loadu_ps(&v[(vo + 32)]);
          u2 = _mm512_mul_ps(_mm512_sub_ps(vv2, _mm512_mul_ps(sgv, ak2_0)), _mm512_set1_ps(bt));
          _mm512_storeu_ps(&o[(vo + 32)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq2_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u2)), _mm512_set1_ps(0.08838834764831843f)));
          const __m512 vv3 = _mm512_loadu_ps(&v[(vo + 48)]);
          u3 = _mm512_mul_ps(_mm512_sub_ps(vv3, _mm512_mul_ps(sgv, ak3_0)), _mm512_set1_ps(bt));
          _mm512_storeu_ps(&o[(vo + 48)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq3_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u3)), _mm512_set1_ps(0.08838834764831843f)));
          const __m512 vv4 = _mm512_loadu_ps(&v[(vo + 64)]);
          u4 = _mm512_mul_ps(_mm512_sub_ps(vv4, _mm512_mul_ps(sgv, ak4_0)), _mm512_set1_ps(bt));
          _mm512_storeu_ps(&o[(vo + 64)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq4_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u4)), _mm512_set1_ps(0.08838834764831843f)));
          const __m512 vv5 = _mm512_loadu_ps(&v[(vo + 80)]);
          u5 = _mm512_mul_ps(_mm512_sub_ps(vv5, _mm512_mul_ps(sgv, ak5_0)), _mm512_set1_ps(bt));
          _mm512_storeu_ps(&o[(vo + 80)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq5_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u5)), _mm512_set1_ps(0.08838834764831843f)));
          const __m512 vv6 = _mm512_loadu_ps(&v[(vo + 96)]);
          u6 = _mm512_mul_ps(_mm512_sub_ps(vv6, _mm512_mul_ps(sgv, ak6_0)), _mm512_set1_ps(bt));
          _mm512_storeu_ps(&o[(vo + 96)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq6_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u6)), _mm512_set1_ps(0.08838834764831843f)));
          const __m512 vv7 = _mm512_loadu_ps(&v[(vo + 112)]);
          u7 = _mm512_mul_ps(_mm512_sub_ps(vv7, _mm512_mul_ps(sgv, ak7_0)), _mm512_set1_ps(bt));
          _mm512_storeu_ps(&o[(vo + 112)], _mm512_mul_ps(_mm512_fmadd_ps(sgv, aq7_0, _mm512_mul_ps(_mm512_set1_ps(kqv), u7)), _mm512_set1_ps(0.08838834764831843f)));
          if ((t + 1) < T) {
            ak0_0 = _mm512_set1_ps(0.0f);
            aq0_0 = _mm512_set1_ps(0.0f);
            ak1_0 = _mm512_set1_ps(0.0f);
            aq1_0 = _mm512_set1_ps(0.0f);
            ak2_0 = _mm512_set1_ps(0.0f);
            aq2_0 = _mm512_set1_ps(0.0f);
            ak3_0 = _mm512_set1_ps(0.0f);
            aq3_0 = _mm512_set1_ps(0.0f);
            ak4_0 = _mm512_set1_ps(0.0f);
            aq4_0 = _mm512_set1_ps(0.0f);
            ak5_0 = _mm512_set1_ps(0.0f);
            aq5_0 = _mm512_set1_ps(0.0f);
            ak6_0 = _mm512_set1_ps(0.0f);
            aq6_0 = _mm512_set1_ps(0.0f);
            ak7_0 = _mm512_set1_ps(0.0f);
            aq7_0 = _mm512_set1_ps(0.0f);
            if (sg < 9.313225746154785e-10f) {
              for (int32_t ru = 0; ru < 128; ru++) {
                const __m512 kcb0 = _mm512_set1_ps(kn[(cur + (ru + 0))]);
                const __m512 kxb0 = _mm512_set1_ps(kn[(nxt + (ru + 0))]);
                const __m512 qxb0 = _mm512_set1_ps(qn[(nxt + (ru + 0))]);
                const __m512 so0_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 0)]);
                const __m512 sn0_0 = _mm512_fmadd_ps(kcb0, u0, _mm512_mul_ps(so0_0, sgv));
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 0)], sn0_0);
                ak0_0 = _mm512_fmadd_ps(sn0_0, kxb0, ak0_0);
                aq0_0 = _mm512_fmadd_ps(sn0_0, qxb0, aq0_0);
                const __m512 so1_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 16)]);
                const __m512 sn1_0 = _mm512_fmadd_ps(kcb0, u1, _mm512_mul_ps(so1_0, sgv));
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 16)], sn1_0);
                ak1_0 = _mm512_fmadd_ps(sn1_0, kxb0, ak1_0);
                aq1_0 = _mm512_fmadd_ps(sn1_0, qxb0, aq1_0);
                const __m512 so2_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 32)]);
                const __m512 sn2_0 = _mm512_fmadd_ps(kcb0, u2, _mm512_mul_ps(so2_0, sgv));
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 32)], sn2_0);
                ak2_0 = _mm512_fmadd_ps(sn2_0, kxb0, ak2_0);
                aq2_0 = _mm512_fmadd_ps(sn2_0, qxb0, aq2_0);
                const __m512 so3_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 48)]);
                const __m512 sn3_0 = _mm512_fmadd_ps(kcb0, u3, _mm512_mul_ps(so3_0, sgv));
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 48)], sn3_0);
                ak3_0 = _mm512_fmadd_ps(sn3_0, kxb0, ak3_0);
                aq3_0 = _mm512_fmadd_ps(sn3_0, qxb0, aq3_0);
                const __m512 so4_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 64)]);
                const __m512 sn4_0 = _mm512_fmadd_ps(kcb0, u4, _mm512_mul_ps(so4_0, sgv));
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 64)], sn4_0);
                ak4_0 = _mm512_fmadd_ps(sn4_0, kxb0, ak4_0);
                aq4_0 = _mm512_fmadd_ps(sn4_0, qxb0, aq4_0);
                const __m512 so5_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 80)]);
                const __m512 sn5_0 = _mm512_fmadd_ps(kcb0, u5, _mm512_mul_ps(so5_0, sgv));
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 80)], sn5_0);
                ak5_0 = _mm512_fmadd_ps(sn5_0, kxb0, ak5_0);
                aq5_0 = _mm512_fmadd_ps(sn5_0, qxb0, aq5_0);
                const __m512 so6_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 96)]);
                const __m512 sn6_0 = _mm512_fmadd_ps(kcb0, u6, _mm512_mul_ps(so6_0, sgv));
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 96)], sn6_0);
                ak6_0 = _mm512_fmadd_ps(sn6_0, kxb0, ak6_0);
                aq6_0 = _mm512_fmadd_ps(sn6_0, qxb0, aq6_0);
                const __m512 so7_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 112)]);
                const __m512 sn7_0 = _mm512_fmadd_ps(kcb0, u7, _mm512_mul_ps(so7_0, sgv));
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 112)], sn7_0);
                ak7_0 = _mm512_fmadd_ps(sn7_0, kxb0, ak7_0);
                aq7_0 = _mm512_fmadd_ps(sn7_0, qxb0, aq7_0);
              }
              sig = 1.0f;
            } else {
              const float isg = (1.0f / sg);
              const __m512 us0 = _mm512_mul_ps(u0, _mm512_set1_ps(isg));
              const __m512 us1 = _mm512_mul_ps(u1, _mm512_set1_ps(isg));
              const __m512 us2 = _mm512_mul_ps(u2, _mm512_set1_ps(isg));
              const __m512 us3 = _mm512_mul_ps(u3, _mm512_set1_ps(isg));
              const __m512 us4 = _mm512_mul_ps(u4, _mm512_set1_ps(isg));
              const __m512 us5 = _mm512_mul_ps(u5, _mm512_set1_ps(isg));
              const __m512 us6 = _mm512_mul_ps(u6, _mm512_set1_ps(isg));
              const __m512 us7 = _mm512_mul_ps(u7, _mm512_set1_ps(isg));
              for (int32_t ru = 0; ru < 128; ru++) {
                const __m512 kcb0 = _mm512_set1_ps(kn[(cur + (ru + 0))]);
                const __m512 kxb0 = _mm512_set1_ps(kn[(nxt + (ru + 0))]);
                const __m512 qxb0 = _mm512_set1_ps(qn[(nxt + (ru + 0))]);
                const __m512 so0_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 0)]);
                const __m512 sn0_0 = _mm512_fmadd_ps(kcb0, us0, so0_0);
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 0)], sn0_0);
                ak0_0 = _mm512_fmadd_ps(sn0_0, kxb0, ak0_0);
                aq0_0 = _mm512_fmadd_ps(sn0_0, qxb0, aq0_0);
                const __m512 so1_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 16)]);
                const __m512 sn1_0 = _mm512_fmadd_ps(kcb0, us1, so1_0);
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 16)], sn1_0);
                ak1_0 = _mm512_fmadd_ps(sn1_0, kxb0, ak1_0);
                aq1_0 = _mm512_fmadd_ps(sn1_0, qxb0, aq1_0);
                const __m512 so2_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 32)]);
                const __m512 sn2_0 = _mm512_fmadd_ps(kcb0, us2, so2_0);
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 32)], sn2_0);
                ak2_0 = _mm512_fmadd_ps(sn2_0, kxb0, ak2_0);
                aq2_0 = _mm512_fmadd_ps(sn2_0, qxb0, aq2_0);
                const __m512 so3_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 48)]);
                const __m512 sn3_0 = _mm512_fmadd_ps(kcb0, us3, so3_0);
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 48)], sn3_0);
                ak3_0 = _mm512_fmadd_ps(sn3_0, kxb0, ak3_0);
                aq3_0 = _mm512_fmadd_ps(sn3_0, qxb0, aq3_0);
                const __m512 so4_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 64)]);
                const __m512 sn4_0 = _mm512_fmadd_ps(kcb0, us4, so4_0);
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 64)], sn4_0);
                ak4_0 = _mm512_fmadd_ps(sn4_0, kxb0, ak4_0);
                aq4_0 = _mm512_fmadd_ps(sn4_0, qxb0, aq4_0);
                const __m512 so5_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 80)]);
                const __m512 sn5_0 = _mm512_fmadd_ps(kcb0, us5, so5_0);
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 80)], sn5_0);
                ak5_0 = _mm512_fmadd_ps(sn5_0, kxb0, ak5_0);
                aq5_0 = _mm512_fmadd_ps(sn5_0, qxb0, aq5_0);
                const __m512 so6_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 96)]);
                const __m512 sn6_0 = _mm512_fmadd_ps(kcb0, us6, so6_0);
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 96)], sn6_0);
                ak6_0 = _mm512_fmadd_ps(sn6_0, kxb0, ak6_0);
                aq6_0 = _mm512_fmadd_ps(sn6_0, qxb0, aq6_0);
                const __m512 so7_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 112)]);
                const __m512 sn7_0 = _mm512_fmadd_ps(kcb0, us7, so7_0);
                _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 112)], sn7_0);
                ak7_0 = _mm512_fmadd_ps(sn7_0, kxb0, ak7_0);
                aq7_0 = _mm512_fmadd_ps(sn7_0, qxb0, aq7_0);
              }
              sig = sg;
            }
          } else {
            for (int32_t ru = 0; ru < 128; ru++) {
              const __m512 kcb0 = _mm512_set1_ps(kn[(cur + (ru + 0))]);
              const __m512 so0_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 0)]);
              const __m512 sn0_0 = _mm512_fmadd_ps(kcb0, u0, _mm512_mul_ps(so0_0, sgv));
              _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 0)], sn0_0);
              const __m512 so1_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 16)]);
              const __m512 sn1_0 = _mm512_fmadd_ps(kcb0, u1, _mm512_mul_ps(so1_0, sgv));
              _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 16)], sn1_0);
              const __m512 so2_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 32)]);
              const __m512 sn2_0 = _mm512_fmadd_ps(kcb0, u2, _mm512_mul_ps(so2_0, sgv));
              _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 32)], sn2_0);
              const __m512 so3_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 48)]);
              const __m512 sn3_0 = _mm512_fmadd_ps(kcb0, u3, _mm512_mul_ps(so3_0, sgv));
              _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 48)], sn3_0);
              const __m512 so4_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 64)]);
              const __m512 sn4_0 = _mm512_fmadd_ps(kcb0, u4, _mm512_mul_ps(so4_0, sgv));
              _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 64)], sn4_0);
              const __m512 so5_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 80)]);
              const __m512 sn5_0 = _mm512_fmadd_ps(kcb0, u5, _mm512_mul_ps(so5_0, sgv));
              _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 80)], sn5_0);
              const __m512 so6_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 96)]);
              const __m512 sn6_0 = _mm512_fmadd_ps(kcb0, u6, _mm512_mul_ps(so6_0, sgv));
              _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 96)], sn6_0);
              const __m512 so7_0 = _mm512_loadu_ps(&Sb[(((ru + 0) * 128) + 112)]);
              const __m512 sn7_0 = _mm512_fmadd_ps(kcb0, u7, _mm512_mul_ps(so7_0, sgv));
              _mm512_storeu_ps(&Sb[(((ru + 0) * 128) + 112)], sn7_0);
            }
            sig = 1.0f;
          }
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
}
