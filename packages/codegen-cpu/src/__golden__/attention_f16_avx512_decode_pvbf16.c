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

void attention_f16_avx512_pvbf16(const float* restrict q, const uint16_t* restrict k, const uint16_t* restrict v, float* restrict o, float* restrict part, int32_t B, int32_t Sq, int32_t Skv) {
  #pragma omp parallel for schedule(static)
  for (int32_t w = 0; w < (((B * 4) * ((Sq + 0) / 1)) * 2); w++) {
    const int32_t split = (w % 2);
    const int32_t wt = (w / 2);
    const int32_t qt = (wt % ((Sq + 0) / 1));
    const int32_t bh = (wt / ((Sq + 0) / 1));
    const int32_t b = (bh / 4);
    const int32_t kvh = (bh % 4);
    const int32_t i0 = (qt * 1);
    const int32_t nq = ((1) < ((Sq - i0)) ? (1) : ((Sq - i0)));
    const int32_t p0 = ((Skv - Sq) + i0);
    const int32_t lo = 0;
    const int32_t hi = (Skv - 1);
    const int32_t per = (((((((hi - lo) + 1) + 1) / 2) + 127) / 128) * 128);
    const int32_t js = (lo + (split * per));
    const int32_t je = (((hi + 1)) < ((js + per)) ? ((hi + 1)) : ((js + per)));
    float qs[1024];
    float sc[1024];
    float acc[1024];
    float mrow[8];
    float lrow[8];
    float sacc[2048];
    int32_t vp[8192];
    int32_t pp[512];
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
    for (int32_t r = 0; r < 8; r++) {
      const int32_t qrow = (((((b * 32) + ((kvh * 8) + (r / 1))) * Sq) + (i0 + (((r % 1)) < ((nq - 1)) ? ((r % 1)) : ((nq - 1))))) * 128);
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
            const int32_t pfk = kf_prefetch(&k[(((kb + 1024)) < (((((B * 4) * Skv) * 128) - 1)) ? ((kb + 1024)) : (((((B * 4) * Skv) * 128) - 1)))], 256);
            __m512 sa0 = _mm512_set1_ps(0.0f);
            __m512 sa1 = _mm512_set1_ps(0.0f);
            __m512 sa2 = _mm512_set1_ps(0.0f);
            __m512 sa3 = _mm512_set1_ps(0.0f);
            __m512 sa4 = _mm512_set1_ps(0.0f);
            __m512 sa5 = _mm512_set1_ps(0.0f);
            __m512 sa6 = _mm512_set1_ps(0.0f);
            __m512 sa7 = _mm512_set1_ps(0.0f);
            #pragma GCC unroll 8
            for (int32_t dc = 0; dc < 128; dc += 16) {
              const __m512 kc = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&k[(kb + dc)])));
              sa0 = _mm512_fmadd_ps(_mm512_loadu_ps(&qs[((((rb * 8) + 0) * 128) + dc)]), kc, sa0);
              sa1 = _mm512_fmadd_ps(_mm512_loadu_ps(&qs[((((rb * 8) + 1) * 128) + dc)]), kc, sa1);
              sa2 = _mm512_fmadd_ps(_mm512_loadu_ps(&qs[((((rb * 8) + 2) * 128) + dc)]), kc, sa2);
              sa3 = _mm512_fmadd_ps(_mm512_loadu_ps(&qs[((((rb * 8) + 3) * 128) + dc)]), kc, sa3);
              sa4 = _mm512_fmadd_ps(_mm512_loadu_ps(&qs[((((rb * 8) + 4) * 128) + dc)]), kc, sa4);
              sa5 = _mm512_fmadd_ps(_mm512_loadu_ps(&qs[((((rb * 8) + 5) * 128) + dc)]), kc, sa5);
              sa6 = _mm512_fmadd_ps(_mm512_loadu_ps(&qs[((((rb * 8) + 6) * 128) + dc)]), kc, sa6);
              sa7 = _mm512_fmadd_ps(_mm512_loadu_ps(&qs[((((rb * 8) + 7) * 128) + dc)]), kc, sa7);
            }
            _mm512_storeu_ps(&sacc[(((0 * 16) + jl) * 16)], sa0);
            _mm512_storeu_ps(&sacc[(((1 * 16) + jl) * 16)], sa1);
            _mm512_storeu_ps(&sacc[(((2 * 16) + jl) * 16)], sa2);
            _mm512_storeu_ps(&sacc[(((3 * 16) + jl) * 16)], sa3);
            _mm512_storeu_ps(&sacc[(((4 * 16) + jl) * 16)], sa4);
            _mm512_storeu_ps(&sacc[(((5 * 16) + jl) * 16)], sa5);
            _mm512_storeu_ps(&sacc[(((6 * 16) + jl) * 16)], sa6);
            _mm512_storeu_ps(&sacc[(((7 * 16) + jl) * 16)], sa7);
          }
          _mm512_storeu_ps(&sc[((((rb * 8) + 0) * 128) + jbb)], ({ const __m512 kf_t0 = (_mm512_loadu_ps(&sacc[0])); const __m512 kf_t1 = (_mm512_loadu_ps(&sacc[16])); const __m512 kf_t2 = (_mm512_loadu_ps(&sacc[32])); const __m512 kf_t3 = (_mm512_loadu_ps(&sacc[48])); const __m512 kf_t4 = (_mm512_loadu_ps(&sacc[64])); const __m512 kf_t5 = (_mm512_loadu_ps(&sacc[80])); const __m512 kf_t6 = (_mm512_loadu_ps(&sacc[96])); const __m512 kf_t7 = (_mm512_loadu_ps(&sacc[112])); const __m512 kf_t8 = (_mm512_loadu_ps(&sacc[128])); const __m512 kf_t9 = (_mm512_loadu_ps(&sacc[144])); const __m512 kf_t10 = (_mm512_loadu_ps(&sacc[160])); const __m512 kf_t11 = (_mm512_loadu_ps(&sacc[176])); const __m512 kf_t12 = (_mm512_loadu_ps(&sacc[192])); const __m512 kf_t13 = (_mm512_loadu_ps(&sacc[208])); const __m512 kf_t14 = (_mm512_loadu_ps(&sacc[224])); const __m512 kf_t15 = (_mm512_loadu_ps(&sacc[240])); const __m512 kf_t16 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t0, kf_t1), _mm512_unpackhi_ps(kf_t0, kf_t1)); const __m512 kf_t17 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t2, kf_t3), _mm512_unpackhi_ps(kf_t2, kf_t3)); const __m512 kf_t18 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t4, kf_t5), _mm512_unpackhi_ps(kf_t4, kf_t5)); const __m512 kf_t19 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t6, kf_t7), _mm512_unpackhi_ps(kf_t6, kf_t7)); const __m512 kf_t20 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t8, kf_t9), _mm512_unpackhi_ps(kf_t8, kf_t9)); const __m512 kf_t21 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t10, kf_t11), _mm512_unpackhi_ps(kf_t10, kf_t11)); const __m512 kf_t22 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t12, kf_t13), _mm512_unpackhi_ps(kf_t12, kf_t13)); const __m512 kf_t23 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t14, kf_t15), _mm512_unpackhi_ps(kf_t14, kf_t15)); const __m512 kf_t24 = _mm512_add_ps(_mm512_shuffle_ps(kf_t16, kf_t17, 0x44), _mm512_shuffle_ps(kf_t16, kf_t17, 0xee)); const __m512 kf_t25 = _mm512_add_ps(_mm512_shuffle_ps(kf_t18, kf_t19, 0x44), _mm512_shuffle_ps(kf_t18, kf_t19, 0xee)); const __m512 kf_t26 = _mm512_add_ps(_mm512_shuffle_ps(kf_t20, kf_t21, 0x44), _mm512_shuffle_ps(kf_t20, kf_t21, 0xee)); const __m512 kf_t27 = _mm512_add_ps(_mm512_shuffle_ps(kf_t22, kf_t23, 0x44), _mm512_shuffle_ps(kf_t22, kf_t23, 0xee)); const __m512 kf_t28 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t24, kf_t25, 0x88), _mm512_shuffle_f32x4(kf_t24, kf_t25, 0xdd)); const __m512 kf_t29 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t26, kf_t27, 0x88), _mm512_shuffle_f32x4(kf_t26, kf_t27, 0xdd)); _mm512_add_ps(_mm512_shuffle_f32x4(kf_t28, kf_t29, 0x88), _mm512_shuffle_f32x4(kf_t28, kf_t29, 0xdd)); }));
          _mm512_storeu_ps(&sc[((((rb * 8) + 1) * 128) + jbb)], ({ const __m512 kf_t0 = (_mm512_loadu_ps(&sacc[256])); const __m512 kf_t1 = (_mm512_loadu_ps(&sacc[272])); const __m512 kf_t2 = (_mm512_loadu_ps(&sacc[288])); const __m512 kf_t3 = (_mm512_loadu_ps(&sacc[304])); const __m512 kf_t4 = (_mm512_loadu_ps(&sacc[320])); const __m512 kf_t5 = (_mm512_loadu_ps(&sacc[336])); const __m512 kf_t6 = (_mm512_loadu_ps(&sacc[352])); const __m512 kf_t7 = (_mm512_loadu_ps(&sacc[368])); const __m512 kf_t8 = (_mm512_loadu_ps(&sacc[384])); const __m512 kf_t9 = (_mm512_loadu_ps(&sacc[400])); const __m512 kf_t10 = (_mm512_loadu_ps(&sacc[416])); const __m512 kf_t11 = (_mm512_loadu_ps(&sacc[432])); const __m512 kf_t12 = (_mm512_loadu_ps(&sacc[448])); const __m512 kf_t13 = (_mm512_loadu_ps(&sacc[464])); const __m512 kf_t14 = (_mm512_loadu_ps(&sacc[480])); const __m512 kf_t15 = (_mm512_loadu_ps(&sacc[496])); const __m512 kf_t16 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t0, kf_t1), _mm512_unpackhi_ps(kf_t0, kf_t1)); const __m512 kf_t17 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t2, kf_t3), _mm512_unpackhi_ps(kf_t2, kf_t3)); const __m512 kf_t18 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t4, kf_t5), _mm512_unpackhi_ps(kf_t4, kf_t5)); const __m512 kf_t19 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t6, kf_t7), _mm512_unpackhi_ps(kf_t6, kf_t7)); const __m512 kf_t20 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t8, kf_t9), _mm512_unpackhi_ps(kf_t8, kf_t9)); const __m512 kf_t21 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t10, kf_t11), _mm512_unpackhi_ps(kf_t10, kf_t11)); const __m512 kf_t22 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t12, kf_t13), _mm512_unpackhi_ps(kf_t12, kf_t13)); const __m512 kf_t23 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t14, kf_t15), _mm512_unpackhi_ps(kf_t14, kf_t15)); const __m512 kf_t24 = _mm512_add_ps(_mm512_shuffle_ps(kf_t16, kf_t17, 0x44), _mm512_shuffle_ps(kf_t16, kf_t17, 0xee)); const __m512 kf_t25 = _mm512_add_ps(_mm512_shuffle_ps(kf_t18, kf_t19, 0x44), _mm512_shuffle_ps(kf_t18, kf_t19, 0xee)); const __m512 kf_t26 = _mm512_add_ps(_mm512_shuffle_ps(kf_t20, kf_t21, 0x44), _mm512_shuffle_ps(kf_t20, kf_t21, 0xee)); const __m512 kf_t27 = _mm512_add_ps(_mm512_shuffle_ps(kf_t22, kf_t23, 0x44), _mm512_shuffle_ps(kf_t22, kf_t23, 0xee)); const __m512 kf_t28 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t24, kf_t25, 0x88), _mm512_shuffle_f32x4(kf_t24, kf_t25, 0xdd)); const __m512 kf_t29 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t26, kf_t27, 0x88), _mm512_shuffle_f32x4(kf_t26, kf_t27, 0xdd)); _mm512_add_ps(_mm512_shuffle_f32x4(kf_t28, kf_t29, 0x88), _mm512_shuffle_f32x4(kf_t28, kf_t29, 0xdd)); }));
          _mm512_storeu_ps(&sc[((((rb * 8) + 2) * 128) + jbb)], ({ const __m512 kf_t0 = (_mm512_loadu_ps(&sacc[512])); const __m512 kf_t1 = (_mm512_loadu_ps(&sacc[528])); const __m512 kf_t2 = (_mm512_loadu_ps(&sacc[544])); const __m512 kf_t3 = (_mm512_loadu_ps(&sacc[560])); const __m512 kf_t4 = (_mm512_loadu_ps(&sacc[576])); const __m512 kf_t5 = (_mm512_loadu_ps(&sacc[592])); const __m512 kf_t6 = (_mm512_loadu_ps(&sacc[608])); const __m512 kf_t7 = (_mm512_loadu_ps(&sacc[624])); const __m512 kf_t8 = (_mm512_loadu_ps(&sacc[640])); const __m512 kf_t9 = (_mm512_loadu_ps(&sacc[656])); const __m512 kf_t10 = (_mm512_loadu_ps(&sacc[672])); const __m512 kf_t11 = (_mm512_loadu_ps(&sacc[688])); const __m512 kf_t12 = (_mm512_loadu_ps(&sacc[704])); const __m512 kf_t13 = (_mm512_loadu_ps(&sacc[720])); const __m512 kf_t14 = (_mm512_loadu_ps(&sacc[736])); const __m512 kf_t15 = (_mm512_loadu_ps(&sacc[752])); const __m512 kf_t16 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t0, kf_t1), _mm512_unpackhi_ps(kf_t0, kf_t1)); const __m512 kf_t17 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t2, kf_t3), _mm512_unpackhi_ps(kf_t2, kf_t3)); const __m512 kf_t18 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t4, kf_t5), _mm512_unpackhi_ps(kf_t4, kf_t5)); const __m512 kf_t19 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t6, kf_t7), _mm512_unpackhi_ps(kf_t6, kf_t7)); const __m512 kf_t20 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t8, kf_t9), _mm512_unpackhi_ps(kf_t8, kf_t9)); const __m512 kf_t21 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t10, kf_t11), _mm512_unpackhi_ps(kf_t10, kf_t11)); const __m512 kf_t22 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t12, kf_t13), _mm512_unpackhi_ps(kf_t12, kf_t13)); const __m512 kf_t23 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t14, kf_t15), _mm512_unpackhi_ps(kf_t14, kf_t15)); const __m512 kf_t24 = _mm512_add_ps(_mm512_shuffle_ps(kf_t16, kf_t17, 0x44), _mm512_shuffle_ps(kf_t16, kf_t17, 0xee)); const __m512 kf_t25 = _mm512_add_ps(_mm512_shuffle_ps(kf_t18, kf_t19, 0x44), _mm512_shuffle_ps(kf_t18, kf_t19, 0xee)); const __m512 kf_t26 = _mm512_add_ps(_mm512_shuffle_ps(kf_t20, kf_t21, 0x44), _mm512_shuffle_ps(kf_t20, kf_t21, 0xee)); const __m512 kf_t27 = _mm512_add_ps(_mm512_shuffle_ps(kf_t22, kf_t23, 0x44), _mm512_shuffle_ps(kf_t22, kf_t23, 0xee)); const __m512 kf_t28 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t24, kf_t25, 0x88), _mm512_shuffle_f32x4(kf_t24, kf_t25, 0xdd)); const __m512 kf_t29 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t26, kf_t27, 0x88), _mm512_shuffle_f32x4(kf_t26, kf_t27, 0xdd)); _mm512_add_ps(_mm512_shuffle_f32x4(kf_t28, kf_t29, 0x88), _mm512_shuffle_f32x4(kf_t28, kf_t29, 0xdd)); }));
          _mm512_storeu_ps(&sc[((((rb * 8) + 3) * 128) + jbb)], ({ const __m512 kf_t0 = (_mm512_loadu_ps(&sacc[768])); const __m512 kf_t1 = (_mm512_loadu_ps(&sacc[784])); const __m512 kf_t2 = (_mm512_loadu_ps(&sacc[800])); const __m512 kf_t3 = (_mm512_loadu_ps(&sacc[816])); const __m512 kf_t4 = (_mm512_loadu_ps(&sacc[832])); const __m512 kf_t5 = (_mm512_loadu_ps(&sacc[848])); const __m512 kf_t6 = (_mm512_loadu_ps(&sacc[864])); const __m512 kf_t7 = (_mm512_loadu_ps(&sacc[880])); const __m512 kf_t8 = (_mm512_loadu_ps(&sacc[896])); const __m512 kf_t9 = (_mm512_loadu_ps(&sacc[912])); const __m512 kf_t10 = (_mm512_loadu_ps(&sacc[928])); const __m512 kf_t11 = (_mm512_loadu_ps(&sacc[944])); const __m512 kf_t12 = (_mm512_loadu_ps(&sacc[960])); const __m512 kf_t13 = (_mm512_loadu_ps(&sacc[976])); const __m512 kf_t14 = (_mm512_loadu_ps(&sacc[992])); const __m512 kf_t15 = (_mm512_loadu_ps(&sacc[1008])); const __m512 kf_t16 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t0, kf_t1), _mm512_unpackhi_ps(kf_t0, kf_t1)); const __m512 kf_t17 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t2, kf_t3), _mm512_unpackhi_ps(kf_t2, kf_t3)); const __m512 kf_t18 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t4, kf_t5), _mm512_unpackhi_ps(kf_t4, kf_t5)); const __m512 kf_t19 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t6, kf_t7), _mm512_unpackhi_ps(kf_t6, kf_t7)); const __m512 kf_t20 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t8, kf_t9), _mm512_unpackhi_ps(kf_t8, kf_t9)); const __m512 kf_t21 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t10, kf_t11), _mm512_unpackhi_ps(kf_t10, kf_t11)); const __m512 kf_t22 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t12, kf_t13), _mm512_unpackhi_ps(kf_t12, kf_t13)); const __m512 kf_t23 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t14, kf_t15), _mm512_unpackhi_ps(kf_t14, kf_t15)); const __m512 kf_t24 = _mm512_add_ps(_mm512_shuffle_ps(kf_t16, kf_t17, 0x44), _mm512_shuffle_ps(kf_t16, kf_t17, 0xee)); const __m512 kf_t25 = _mm512_add_ps(_mm512_shuffle_ps(kf_t18, kf_t19, 0x44), _mm512_shuffle_ps(kf_t18, kf_t19, 0xee)); const __m512 kf_t26 = _mm512_add_ps(_mm512_shuffle_ps(kf_t20, kf_t21, 0x44), _mm512_shuffle_ps(kf_t20, kf_t21, 0xee)); const __m512 kf_t27 = _mm512_add_ps(_mm512_shuffle_ps(kf_t22, kf_t23, 0x44), _mm512_shuffle_ps(kf_t22, kf_t23, 0xee)); const __m512 kf_t28 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t24, kf_t25, 0x88), _mm512_shuffle_f32x4(kf_t24, kf_t25, 0xdd)); const __m512 kf_t29 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t26, kf_t27, 0x88), _mm512_shuffle_f32x4(kf_t26, kf_t27, 0xdd)); _mm512_add_ps(_mm512_shuffle_f32x4(kf_t28, kf_t29, 0x88), _mm512_shuffle_f32x4(kf_t28, kf_t29, 0xdd)); }));
          _mm512_storeu_ps(&sc[((((rb * 8) + 4) * 128) + jbb)], ({ const __m512 kf_t0 = (_mm512_loadu_ps(&sacc[1024])); const __m512 kf_t1 = (_mm512_loadu_ps(&sacc[1040])); const __m512 kf_t2 = (_mm512_loadu_ps(&sacc[1056])); const __m512 kf_t3 = (_mm512_loadu_ps(&sacc[1072])); const __m512 kf_t4 = (_mm512_loadu_ps(&sacc[1088])); const __m512 kf_t5 = (_mm512_loadu_ps(&sacc[1104])); const __m512 kf_t6 = (_mm512_loadu_ps(&sacc[1120])); const __m512 kf_t7 = (_mm512_loadu_ps(&sacc[1136])); const __m512 kf_t8 = (_mm512_loadu_ps(&sacc[1152])); const __m512 kf_t9 = (_mm512_loadu_ps(&sacc[1168])); const __m512 kf_t10 = (_mm512_loadu_ps(&sacc[1184])); const __m512 kf_t11 = (_mm512_loadu_ps(&sacc[1200])); const __m512 kf_t12 = (_mm512_loadu_ps(&sacc[1216])); const __m512 kf_t13 = (_mm512_loadu_ps(&sacc[1232])); const __m512 kf_t14 = (_mm512_loadu_ps(&sacc[1248])); const __m512 kf_t15 = (_mm512_loadu_ps(&sacc[1264])); const __m512 kf_t16 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t0, kf_t1), _mm512_unpackhi_ps(kf_t0, kf_t1)); const __m512 kf_t17 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t2, kf_t3), _mm512_unpackhi_ps(kf_t2, kf_t3)); const __m512 kf_t18 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t4, kf_t5), _mm512_unpackhi_ps(kf_t4, kf_t5)); const __m512 kf_t19 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t6, kf_t7), _mm512_unpackhi_ps(kf_t6, kf_t7)); const __m512 kf_t20 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t8, kf_t9), _mm512_unpackhi_ps(kf_t8, kf_t9)); const __m512 kf_t21 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t10, kf_t11), _mm512_unpackhi_ps(kf_t10, kf_t11)); const __m512 kf_t22 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t12, kf_t13), _mm512_unpackhi_ps(kf_t12, kf_t13)); const __m512 kf_t23 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t14, kf_t15), _mm512_unpackhi_ps(kf_t14, kf_t15)); const __m512 kf_t24 = _mm512_add_ps(_mm512_shuffle_ps(kf_t16, kf_t17, 0x44), _mm512_shuffle_ps(kf_t16, kf_t17, 0xee)); const __m512 kf_t25 = _mm512_add_ps(_mm512_shuffle_ps(kf_t18, kf_t19, 0x44), _mm512_shuffle_ps(kf_t18, kf_t19, 0xee)); const __m512 kf_t26 = _mm512_add_ps(_mm512_shuffle_ps(kf_t20, kf_t21, 0x44), _mm512_shuffle_ps(kf_t20, kf_t21, 0xee)); const __m512 kf_t27 = _mm512_add_ps(_mm512_shuffle_ps(kf_t22, kf_t23, 0x44), _mm512_shuffle_ps(kf_t22, kf_t23, 0xee)); const __m512 kf_t28 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t24, kf_t25, 0x88), _mm512_shuffle_f32x4(kf_t24, kf_t25, 0xdd)); const __m512 kf_t29 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t26, kf_t27, 0x88), _mm512_shuffle_f32x4(kf_t26, kf_t27, 0xdd)); _mm512_add_ps(_mm512_shuffle_f32x4(kf_t28, kf_t29, 0x88), _mm512_shuffle_f32x4(kf_t28, kf_t29, 0xdd)); }));
          _mm512_storeu_ps(&sc[((((rb * 8) + 5) * 128) + jbb)], ({ const __m512 kf_t0 = (_mm512_loadu_ps(&sacc[1280])); const __m512 kf_t1 = (_mm512_loadu_ps(&sacc[1296])); const __m512 kf_t2 = (_mm512_loadu_ps(&sacc[1312])); const __m512 kf_t3 = (_mm512_loadu_ps(&sacc[1328])); const __m512 kf_t4 = (_mm512_loadu_ps(&sacc[1344])); const __m512 kf_t5 = (_mm512_loadu_ps(&sacc[1360])); const __m512 kf_t6 = (_mm512_loadu_ps(&sacc[1376])); const __m512 kf_t7 = (_mm512_loadu_ps(&sacc[1392])); const __m512 kf_t8 = (_mm512_loadu_ps(&sacc[1408])); const __m512 kf_t9 = (_mm512_loadu_ps(&sacc[1424])); const __m512 kf_t10 = (_mm512_loadu_ps(&sacc[1440])); const __m512 kf_t11 = (_mm512_loadu_ps(&sacc[1456])); const __m512 kf_t12 = (_mm512_loadu_ps(&sacc[1472])); const __m512 kf_t13 = (_mm512_loadu_ps(&sacc[1488])); const __m512 kf_t14 = (_mm512_loadu_ps(&sacc[1504])); const __m512 kf_t15 = (_mm512_loadu_ps(&sacc[1520])); const __m512 kf_t16 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t0, kf_t1), _mm512_unpackhi_ps(kf_t0, kf_t1)); const __m512 kf_t17 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t2, kf_t3), _mm512_unpackhi_ps(kf_t2, kf_t3)); const __m512 kf_t18 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t4, kf_t5), _mm512_unpackhi_ps(kf_t4, kf_t5)); const __m512 kf_t19 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t6, kf_t7), _mm512_unpackhi_ps(kf_t6, kf_t7)); const __m512 kf_t20 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t8, kf_t9), _mm512_unpackhi_ps(kf_t8, kf_t9)); const __m512 kf_t21 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t10, kf_t11), _mm512_unpackhi_ps(kf_t10, kf_t11)); const __m512 kf_t22 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t12, kf_t13), _mm512_unpackhi_ps(kf_t12, kf_t13)); const __m512 kf_t23 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t14, kf_t15), _mm512_unpackhi_ps(kf_t14, kf_t15)); const __m512 kf_t24 = _mm512_add_ps(_mm512_shuffle_ps(kf_t16, kf_t17, 0x44), _mm512_shuffle_ps(kf_t16, kf_t17, 0xee)); const __m512 kf_t25 = _mm512_add_ps(_mm512_shuffle_ps(kf_t18, kf_t19, 0x44), _mm512_shuffle_ps(kf_t18, kf_t19, 0xee)); const __m512 kf_t26 = _mm512_add_ps(_mm512_shuffle_ps(kf_t20, kf_t21, 0x44), _mm512_shuffle_ps(kf_t20, kf_t21, 0xee)); const __m512 kf_t27 = _mm512_add_ps(_mm512_shuffle_ps(kf_t22, kf_t23, 0x44), _mm512_shuffle_ps(kf_t22, kf_t23, 0xee)); const __m512 kf_t28 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t24, kf_t25, 0x88), _mm512_shuffle_f32x4(kf_t24, kf_t25, 0xdd)); const __m512 kf_t29 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t26, kf_t27, 0x88), _mm512_shuffle_f32x4(kf_t26, kf_t27, 0xdd)); _mm512_add_ps(_mm512_shuffle_f32x4(kf_t28, kf_t29, 0x88), _mm512_shuffle_f32x4(kf_t28, kf_t29, 0xdd)); }));
          _mm512_storeu_ps(&sc[((((rb * 8) + 6) * 128) + jbb)], ({ const __m512 kf_t0 = (_mm512_loadu_ps(&sacc[1536])); const __m512 kf_t1 = (_mm512_loadu_ps(&sacc[1552])); const __m512 kf_t2 = (_mm512_loadu_ps(&sacc[1568])); const __m512 kf_t3 = (_mm512_loadu_ps(&sacc[1584])); const __m512 kf_t4 = (_mm512_loadu_ps(&sacc[1600])); const __m512 kf_t5 = (_mm512_loadu_ps(&sacc[1616])); const __m512 kf_t6 = (_mm512_loadu_ps(&sacc[1632])); const __m512 kf_t7 = (_mm512_loadu_ps(&sacc[1648])); const __m512 kf_t8 = (_mm512_loadu_ps(&sacc[1664])); const __m512 kf_t9 = (_mm512_loadu_ps(&sacc[1680])); const __m512 kf_t10 = (_mm512_loadu_ps(&sacc[1696])); const __m512 kf_t11 = (_mm512_loadu_ps(&sacc[1712])); const __m512 kf_t12 = (_mm512_loadu_ps(&sacc[1728])); const __m512 kf_t13 = (_mm512_loadu_ps(&sacc[1744])); const __m512 kf_t14 = (_mm512_loadu_ps(&sacc[1760])); const __m512 kf_t15 = (_mm512_loadu_ps(&sacc[1776])); const __m512 kf_t16 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t0, kf_t1), _mm512_unpackhi_ps(kf_t0, kf_t1)); const __m512 kf_t17 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t2, kf_t3), _mm512_unpackhi_ps(kf_t2, kf_t3)); const __m512 kf_t18 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t4, kf_t5), _mm512_unpackhi_ps(kf_t4, kf_t5)); const __m512 kf_t19 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t6, kf_t7), _mm512_unpackhi_ps(kf_t6, kf_t7)); const __m512 kf_t20 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t8, kf_t9), _mm512_unpackhi_ps(kf_t8, kf_t9)); const __m512 kf_t21 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t10, kf_t11), _mm512_unpackhi_ps(kf_t10, kf_t11)); const __m512 kf_t22 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t12, kf_t13), _mm512_unpackhi_ps(kf_t12, kf_t13)); const __m512 kf_t23 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t14, kf_t15), _mm512_unpackhi_ps(kf_t14, kf_t15)); const __m512 kf_t24 = _mm512_add_ps(_mm512_shuffle_ps(kf_t16, kf_t17, 0x44), _mm512_shuffle_ps(kf_t16, kf_t17, 0xee)); const __m512 kf_t25 = _mm512_add_ps(_mm512_shuffle_ps(kf_t18, kf_t19, 0x44), _mm512_shuffle_ps(kf_t18, kf_t19, 0xee)); const __m512 kf_t26 = _mm512_add_ps(_mm512_shuffle_ps(kf_t20, kf_t21, 0x44), _mm512_shuffle_ps(kf_t20, kf_t21, 0xee)); const __m512 kf_t27 = _mm512_add_ps(_mm512_shuffle_ps(kf_t22, kf_t23, 0x44), _mm512_shuffle_ps(kf_t22, kf_t23, 0xee)); const __m512 kf_t28 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t24, kf_t25, 0x88), _mm512_shuffle_f32x4(kf_t24, kf_t25, 0xdd)); const __m512 kf_t29 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t26, kf_t27, 0x88), _mm512_shuffle_f32x4(kf_t26, kf_t27, 0xdd)); _mm512_add_ps(_mm512_shuffle_f32x4(kf_t28, kf_t29, 0x88), _mm512_shuffle_f32x4(kf_t28, kf_t29, 0xdd)); }));
          _mm512_storeu_ps(&sc[((((rb * 8) + 7) * 128) + jbb)], ({ const __m512 kf_t0 = (_mm512_loadu_ps(&sacc[1792])); const __m512 kf_t1 = (_mm512_loadu_ps(&sacc[1808])); const __m512 kf_t2 = (_mm512_loadu_ps(&sacc[1824])); const __m512 kf_t3 = (_mm512_loadu_ps(&sacc[1840])); const __m512 kf_t4 = (_mm512_loadu_ps(&sacc[1856])); const __m512 kf_t5 = (_mm512_loadu_ps(&sacc[1872])); const __m512 kf_t6 = (_mm512_loadu_ps(&sacc[1888])); const __m512 kf_t7 = (_mm512_loadu_ps(&sacc[1904])); const __m512 kf_t8 = (_mm512_loadu_ps(&sacc[1920])); const __m512 kf_t9 = (_mm512_loadu_ps(&sacc[1936])); const __m512 kf_t10 = (_mm512_loadu_ps(&sacc[1952])); const __m512 kf_t11 = (_mm512_loadu_ps(&sacc[1968])); const __m512 kf_t12 = (_mm512_loadu_ps(&sacc[1984])); const __m512 kf_t13 = (_mm512_loadu_ps(&sacc[2000])); const __m512 kf_t14 = (_mm512_loadu_ps(&sacc[2016])); const __m512 kf_t15 = (_mm512_loadu_ps(&sacc[2032])); const __m512 kf_t16 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t0, kf_t1), _mm512_unpackhi_ps(kf_t0, kf_t1)); const __m512 kf_t17 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t2, kf_t3), _mm512_unpackhi_ps(kf_t2, kf_t3)); const __m512 kf_t18 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t4, kf_t5), _mm512_unpackhi_ps(kf_t4, kf_t5)); const __m512 kf_t19 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t6, kf_t7), _mm512_unpackhi_ps(kf_t6, kf_t7)); const __m512 kf_t20 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t8, kf_t9), _mm512_unpackhi_ps(kf_t8, kf_t9)); const __m512 kf_t21 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t10, kf_t11), _mm512_unpackhi_ps(kf_t10, kf_t11)); const __m512 kf_t22 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t12, kf_t13), _mm512_unpackhi_ps(kf_t12, kf_t13)); const __m512 kf_t23 = _mm512_add_ps(_mm512_unpacklo_ps(kf_t14, kf_t15), _mm512_unpackhi_ps(kf_t14, kf_t15)); const __m512 kf_t24 = _mm512_add_ps(_mm512_shuffle_ps(kf_t16, kf_t17, 0x44), _mm512_shuffle_ps(kf_t16, kf_t17, 0xee)); const __m512 kf_t25 = _mm512_add_ps(_mm512_shuffle_ps(kf_t18, kf_t19, 0x44), _mm512_shuffle_ps(kf_t18, kf_t19, 0xee)); const __m512 kf_t26 = _mm512_add_ps(_mm512_shuffle_ps(kf_t20, kf_t21, 0x44), _mm512_shuffle_ps(kf_t20, kf_t21, 0xee)); const __m512 kf_t27 = _mm512_add_ps(_mm512_shuffle_ps(kf_t22, kf_t23, 0x44), _mm512_shuffle_ps(kf_t22, kf_t23, 0xee)); const __m512 kf_t28 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t24, kf_t25, 0x88), _mm512_shuffle_f32x4(kf_t24, kf_t25, 0xdd)); const __m512 kf_t29 = _mm512_add_ps(_mm512_shuffle_f32x4(kf_t26, kf_t27, 0x88), _mm512_shuffle_f32x4(kf_t26, kf_t27, 0xdd)); _mm512_add_ps(_mm512_shuffle_f32x4(kf_t28, kf_t29, 0x88), _mm512_shuffle_f32x4(kf_t28, kf_t29, 0xdd)); }));
        }
      }
      for (int32_t tv = 0; tv < (((n + 31) / 32) * 16); tv++) {
        const int32_t vpa = (((bh * Skv) + (j0 + (((((tv / 16) * 32) + (tv % 16))) < ((n - 1)) ? ((((tv / 16) * 32) + (tv % 16))) : ((n - 1))))) * 128);
        const int32_t vpb = (((bh * Skv) + (j0 + ((((((tv / 16) * 32) + (tv % 16)) + 16)) < ((n - 1)) ? (((((tv / 16) * 32) + (tv % 16)) + 16)) : ((n - 1))))) * 128);
        const int32_t pfpa = kf_prefetch(&v[(((vpa + 1024)) < (((((B * 4) * Skv) * 128) - 1)) ? ((vpa + 1024)) : (((((B * 4) * Skv) * 128) - 1)))], 256);
        const int32_t pfpb = kf_prefetch(&v[(((vpb + 1024)) < (((((B * 4) * Skv) * 128) - 1)) ? ((vpb + 1024)) : (((((B * 4) * Skv) * 128) - 1)))], 256);
        #pragma GCC unroll 8
        for (int32_t ev = 0; ev < 128; ev += 16) {
          _mm512_storeu_si512((void*)(&vp[((tv * 128) + ev)]), _mm512_permutexvar_epi16(_mm512_set_epi16(31,15,30,14,29,13,28,12,27,11,26,10,25,9,24,8,23,7,22,6,21,5,20,4,19,3,18,2,17,1,16,0), (__m512i)_mm512_cvtne2ps_pbh(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(vpb + ev)]))), _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(&v[(vpa + ev)]))))));
        }
      }
      for (int32_t r = 0; r < 8; r++) {
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
      for (int32_t rq = 0; rq < 8; rq++) {
        for (int32_t kp = 0; kp < 4; kp++) {
          _mm512_storeu_si512((void*)(&pp[((rq * 64) + (kp * 16))]), _mm512_permutexvar_epi16(_mm512_set_epi16(31,15,30,14,29,13,28,12,27,11,26,10,25,9,24,8,23,7,22,6,21,5,20,4,19,3,18,2,17,1,16,0), (__m512i)_mm512_cvtne2ps_pbh(_mm512_loadu_ps(&sc[(((rq * 128) + (kp * 32)) + 16)]), _mm512_loadu_ps(&sc[(((rq * 128) + (kp * 32)) + 0)]))));
        }
      }
      for (int32_t rp = 0; rp < 4; rp++) {
        __m512 ob0_0 = _mm512_loadu_ps(&acc[((((rp * 2) + 0) * 128) + 0)]);
        __m512 ob0_1 = _mm512_loadu_ps(&acc[((((rp * 2) + 0) * 128) + 16)]);
        __m512 ob0_2 = _mm512_loadu_ps(&acc[((((rp * 2) + 0) * 128) + 32)]);
        __m512 ob0_3 = _mm512_loadu_ps(&acc[((((rp * 2) + 0) * 128) + 48)]);
        __m512 ob0_4 = _mm512_loadu_ps(&acc[((((rp * 2) + 0) * 128) + 64)]);
        __m512 ob0_5 = _mm512_loadu_ps(&acc[((((rp * 2) + 0) * 128) + 80)]);
        __m512 ob0_6 = _mm512_loadu_ps(&acc[((((rp * 2) + 0) * 128) + 96)]);
        __m512 ob0_7 = _mm512_loadu_ps(&acc[((((rp * 2) + 0) * 128) + 112)]);
        __m512 ob1_0 = _mm512_loadu_ps(&acc[((((rp * 2) + 1) * 128) + 0)]);
        __m512 ob1_1 = _mm512_loadu_ps(&acc[((((rp * 2) + 1) * 128) + 16)]);
        __m512 ob1_2 = _mm512_loadu_ps(&acc[((((rp * 2) + 1) * 128) + 32)]);
        __m512 ob1_3 = _mm512_loadu_ps(&acc[((((rp * 2) + 1) * 128) + 48)]);
        __m512 ob1_4 = _mm512_loadu_ps(&acc[((((rp * 2) + 1) * 128) + 64)]);
        __m512 ob1_5 = _mm512_loadu_ps(&acc[((((rp * 2) + 1) * 128) + 80)]);
        __m512 ob1_6 = _mm512_loadu_ps(&acc[((((rp * 2) + 1) * 128) + 96)]);
        __m512 ob1_7 = _mm512_loadu_ps(&acc[((((rp * 2) + 1) * 128) + 112)]);
        for (int32_t tp = 0; tp < (((n + 31) / 32) * 16); tp++) {
          const __m512i pw0 = _mm512_set1_epi32(pp[((((rp * 2) + 0) * 64) + tp)]);
          const __m512i pw1 = _mm512_set1_epi32(pp[((((rp * 2) + 1) * 64) + tp)]);
          const __m512i vw0 = _mm512_loadu_si512((const void*)(&vp[((tp * 128) + 0)]));
          ob0_0 = _mm512_dpbf16_ps(ob0_0, (__m512bh)(vw0), (__m512bh)(pw0));
          ob1_0 = _mm512_dpbf16_ps(ob1_0, (__m512bh)(vw0), (__m512bh)(pw1));
          const __m512i vw1 = _mm512_loadu_si512((const void*)(&vp[((tp * 128) + 16)]));
          ob0_1 = _mm512_dpbf16_ps(ob0_1, (__m512bh)(vw1), (__m512bh)(pw0));
          ob1_1 = _mm512_dpbf16_ps(ob1_1, (__m512bh)(vw1), (__m512bh)(pw1));
          const __m512i vw2 = _mm512_loadu_si512((const void*)(&vp[((tp * 128) + 32)]));
          ob0_2 = _mm512_dpbf16_ps(ob0_2, (__m512bh)(vw2), (__m512bh)(pw0));
          ob1_2 = _mm512_dpbf16_ps(ob1_2, (__m512bh)(vw2), (__m512bh)(pw1));
          const __m512i vw3 = _mm512_loadu_si512((const void*)(&vp[((tp * 128) + 48)]));
          ob0_3 = _mm512_dpbf16_ps(ob0_3, (__m512bh)(vw3), (__m512bh)(pw0));
          ob1_3 = _mm512_dpbf16_ps(ob1_3, (__m512bh)(vw3), (__m512bh)(pw1));
          const __m512i vw4 = _mm512_loadu_si512((const void*)(&vp[((tp * 128) + 64)]));
          ob0_4 = _mm512_dpbf16_ps(ob0_4, (__m512bh)(vw4), (__m512bh)(pw0));
          ob1_4 = _mm512_dpbf16_ps(ob1_4, (__m512bh)(vw4), (__m512bh)(pw1));
          const __m512i vw5 = _mm512_loadu_si512((const void*)(&vp[((tp * 128) + 80)]));
          ob0_5 = _mm512_dpbf16_ps(ob0_5, (__m512bh)(vw5), (__m512bh)(pw0));
          ob1_5 = _mm512_dpbf16_ps(ob1_5, (__m512bh)(vw5), (__m512bh)(pw1));
          const __m512i vw6 = _mm512_loadu_si512((const void*)(&vp[((tp * 128) + 96)]));
          ob0_6 = _mm512_dpbf16_ps(ob0_6, (__m512bh)(vw6), (__m512bh)(pw0));
          ob1_6 = _mm512_dpbf16_ps(ob1_6, (__m512bh)(vw6), (__m512bh)(pw1));
          const __m512i vw7 = _mm512_loadu_si512((const void*)(&vp[((tp * 128) + 112)]));
          ob0_7 = _mm512_dpbf16_ps(ob0_7, (__m512bh)(vw7), (__m512bh)(pw0));
          ob1_7 = _mm512_dpbf16_ps(ob1_7, (__m512bh)(vw7), (__m512bh)(pw1));
        }
        _mm512_storeu_ps(&acc[((((rp * 2) + 0) * 128) + 0)], ob0_0);
        _mm512_storeu_ps(&acc[((((rp * 2) + 0) * 128) + 16)], ob0_1);
        _mm512_storeu_ps(&acc[((((rp * 2) + 0) * 128) + 32)], ob0_2);
        _mm512_storeu_ps(&acc[((((rp * 2) + 0) * 128) + 48)], ob0_3);
        _mm512_storeu_ps(&acc[((((rp * 2) + 0) * 128) + 64)], ob0_4);
        _mm512_storeu_ps(&acc[((((rp * 2) + 0) * 128) + 80)], ob0_5);
        _mm512_storeu_ps(&acc[((((rp * 2) + 0) * 128) + 96)], ob0_6);
        _mm512_storeu_ps(&acc[((((rp * 2) + 0) * 128) + 112)], ob0_7);
        _mm512_storeu_ps(&acc[((((rp * 2) + 1) * 128) + 0)], ob1_0);
        _mm512_storeu_ps(&acc[((((rp * 2) + 1) * 128) + 16)], ob1_1);
        _mm512_storeu_ps(&acc[((((rp * 2) + 1) * 128) + 32)], ob1_2);
        _mm512_storeu_ps(&acc[((((rp * 2) + 1) * 128) + 48)], ob1_3);
        _mm512_storeu_ps(&acc[((((rp * 2) + 1) * 128) + 64)], ob1_4);
        _mm512_storeu_ps(&acc[((((rp * 2) + 1) * 128) + 80)], ob1_5);
        _mm512_storeu_ps(&acc[((((rp * 2) + 1) * 128) + 96)], ob1_6);
        _mm512_storeu_ps(&acc[((((rp * 2) + 1) * 128) + 112)], ob1_7);
      }
    }
    for (int32_t r = 0; r < 8; r++) {
      if ((r % 1) < nq) {
        const int32_t pbase = (((((((b * 32) + ((kvh * 8) + (r / 1))) * Sq) + (i0 + (r % 1))) * 2) + split) * 130);
        part[pbase] = mrow[r];
        part[(pbase + 1)] = lrow[r];
        for (int32_t eo = 0; eo < 128; eo += 16) {
          _mm512_storeu_ps(&part[((pbase + 2) + eo)], _mm512_loadu_ps(&acc[((r * 128) + eo)]));
        }
      }
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t cr = 0; cr < ((B * 32) * Sq); cr++) {
    float cw[2];
    float cm = (-3e+38f);
    for (int32_t cs = 0; cs < 2; cs++) {
      cm = ((cm) > (part[(((cr * 2) + cs) * 130)]) ? (cm) : (part[(((cr * 2) + cs) * 130)]));
    }
    float cl = 0.0f;
    for (int32_t cs = 0; cs < 2; cs++) {
      const float cwv = expf((part[(((cr * 2) + cs) * 130)] - cm));
      cw[cs] = cwv;
      cl = (cwv * part[((((cr * 2) + cs) * 130) + 1)] + cl);
    }
    const float cinv = (1.0f / cl);
    for (int32_t cd = 0; cd < 128; cd += 16) {
      __m512 cav = _mm512_set1_ps(0.0f);
      for (int32_t csv = 0; csv < 2; csv++) {
        cav = _mm512_fmadd_ps(_mm512_loadu_ps(&part[(((((cr * 2) + csv) * 130) + 2) + cd)]), _mm512_set1_ps(cw[csv]), cav);
      }
      _mm512_storeu_ps(&o[((cr * 128) + cd)], _mm512_mul_ps(cav, _mm512_set1_ps(cinv)));
    }
  }
}
