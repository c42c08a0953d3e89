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

void gemv_q4_0_f32_avx512_int8(const float* restrict x, const uint8_t* restrict W, float* restrict y, int8_t* restrict xq, float* restrict xd, float* restrict xs, int32_t M, int32_t N, int32_t K) {
  for (int32_t m = 0; m < M; m++) {
    for (int32_t b = 0; b < (K / 32); b++) {
      const __m256 xv0 = _mm256_loadu_ps(&x[((m * K) + ((b * 32) + 0))]);
      const __m256 xv1 = _mm256_loadu_ps(&x[((m * K) + ((b * 32) + 8))]);
      const __m256 xv2 = _mm256_loadu_ps(&x[((m * K) + ((b * 32) + 16))]);
      const __m256 xv3 = _mm256_loadu_ps(&x[((m * K) + ((b * 32) + 24))]);
      const float amax = kf_hmax256(_mm256_max_ps(_mm256_max_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv0), _mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv1)), _mm256_max_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv2), _mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv3))));
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      const __m256 s0 = _mm256_mul_ps(xv0, _mm256_set1_ps(id));
      const __m256i qv0 = _mm256_cvttps_epi32(_mm256_add_ps(s0, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s0, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      const __m256 s1 = _mm256_mul_ps(xv1, _mm256_set1_ps(id));
      const __m256i qv1 = _mm256_cvttps_epi32(_mm256_add_ps(s1, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s1, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      const __m256 s2 = _mm256_mul_ps(xv2, _mm256_set1_ps(id));
      const __m256i qv2 = _mm256_cvttps_epi32(_mm256_add_ps(s2, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s2, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      const __m256 s3 = _mm256_mul_ps(xv3, _mm256_set1_ps(id));
      const __m256i qv3 = _mm256_cvttps_epi32(_mm256_add_ps(s3, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s3, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      _mm_storeu_si128((__m128i*)(&xq[((m * K) + ((b < (((K / 32) / 8) * 8)) ? (((b - (b % 8)) * 32) + (((((b % 8) % 4) * 64) + 0) + ((((b % 8) / 4) * 16) + 0))) : ((b * 32) + (0 + 0))))]), _mm_unpacklo_epi64(kf_i32x8_to_i8x8(qv0), kf_i32x8_to_i8x8(qv1)));
      _mm_storeu_si128((__m128i*)(&xq[((m * K) + ((b < (((K / 32) / 8) * 8)) ? (((b - (b % 8)) * 32) + (((((b % 8) % 4) * 64) + 32) + ((((b % 8) / 4) * 16) + 0))) : ((b * 32) + (0 + 16))))]), _mm_unpacklo_epi64(kf_i32x8_to_i8x8(qv2), kf_i32x8_to_i8x8(qv3)));
      xd[((m * (K / 32)) + b)] = d;
      xs[((m * (K / 32)) + b)] = (d * ((float)kf_hsum256_i32(_mm256_add_epi32(_mm256_add_epi32(qv0, qv1), _mm256_add_epi32(qv2, qv3)))));
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t rb = 0; rb < (N / 2); rb++) {
    const int32_t n0 = rb;
    for (int32_t m0 = 0; m0 < (M - (M % 1)); m0++) {
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_0_1 = _mm256_set1_ps(0.0f);
      float corr_0_0 = 0.0f;
      __m256 acc_1_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_0_1 = _mm256_set1_ps(0.0f);
      float corr_1_0 = 0.0f;
      for (int32_t g = 0; g < ((K / 32) / 8); g++) {
        const int32_t pf_0 = kf_prefetch(&W[((((((n0 * ((K / 32) * 18)) + ((g * 8) * 18)) + 2) + 4096)) < (((N * ((K / 32) * 18)) - 1)) ? (((((n0 * ((K / 32) * 18)) + ((g * 8) * 18)) + 2) + 4096)) : (((N * ((K / 32) * 18)) - 1)))], 144);
        const __m256 dw_0 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_0 = _mm256_mul_ps(dw_0, _mm256_set1_ps((-8.0f)));
        const __m256 s_0_0 = _mm256_mul_ps(dw_0, _mm256_loadu_ps(&xd[(((m0 + 0) * (K / 32)) + (g * 8))]));
        acc_0_0_0 = _mm256_fmadd_ps(off_0, _mm256_loadu_ps(&xs[(((m0 + 0) * (K / 32)) + (g * 8))]), acc_0_0_0);
        const __m256i q_0_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_0 = _mm256_and_si256(q_0_0, _mm256_set1_epi8((char)15));
        const __m256i hi_0_0 = _mm256_and_si256(_mm256_srli_epi16(q_0_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 0))]))), hi_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_0_0, 0x55 * 0), acc_0_0_0);
        const __m256i q_0_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_1 = _mm256_and_si256(q_0_1, _mm256_set1_epi8((char)15));
        const __m256i hi_0_1 = _mm256_and_si256(_mm256_srli_epi16(q_0_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_1, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 64))]))), hi_0_1, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_0_0, 0x55 * 1), acc_0_0_1);
        const __m256i q_0_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_2 = _mm256_and_si256(q_0_2, _mm256_set1_epi8((char)15));
        const __m256i hi_0_2 = _mm256_and_si256(_mm256_srli_epi16(q_0_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_2, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 128))]))), hi_0_2, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_0_0, 0x55 * 2), acc_0_0_0);
        const __m256i q_0_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_3 = _mm256_and_si256(q_0_3, _mm256_set1_epi8((char)15));
        const __m256i hi_0_3 = _mm256_and_si256(_mm256_srli_epi16(q_0_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_3, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 192))]))), hi_0_3, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_0_0, 0x55 * 3), acc_0_0_1);
        const int32_t pf_1 = kf_prefetch(&W[(((((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + ((g * 8) * 18)) + 2) + 4096)) < (((N * ((K / 32) * 18)) - 1)) ? ((((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + ((g * 8) * 18)) + 2) + 4096)) : (((N * ((K / 32) * 18)) - 1)))], 144);
        const __m256 dw_1 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_1 = _mm256_mul_ps(dw_1, _mm256_set1_ps((-8.0f)));
        const __m256 s_1_0 = _mm256_mul_ps(dw_1, _mm256_loadu_ps(&xd[(((m0 + 0) * (K / 32)) + (g * 8))]));
        acc_1_0_0 = _mm256_fmadd_ps(off_1, _mm256_loadu_ps(&xs[(((m0 + 0) * (K / 32)) + (g * 8))]), acc_1_0_0);
        const __m256i q_1_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_0 = _mm256_and_si256(q_1_0, _mm256_set1_epi8((char)15));
        const __m256i hi_1_0 = _mm256_and_si256(_mm256_srli_epi16(q_1_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 0))]))), hi_1_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_1_0, 0x55 * 0), acc_1_0_0);
        const __m256i q_1_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_1 = _mm256_and_si256(q_1_1, _mm256_set1_epi8((char)15));
        const __m256i hi_1_1 = _mm256_and_si256(_mm256_srli_epi16(q_1_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_1, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 64))]))), hi_1_1, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_1_0, 0x55 * 1), acc_1_0_1);
        const __m256i q_1_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_2 = _mm256_and_si256(q_1_2, _mm256_set1_epi8((char)15));
        const __m256i hi_1_2 = _mm256_and_si256(_mm256_srli_epi16(q_1_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_2, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 128))]))), hi_1_2, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_1_0, 0x55 * 2), acc_1_0_0);
        const __m256i q_1_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_3 = _mm256_and_si256(q_1_3, _mm256_set1_epi8((char)15));
        const __m256i hi_1_3 = _mm256_and_si256(_mm256_srli_epi16(q_1_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_3, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 192))]))), hi_1_3, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_1_0, 0x55 * 3), acc_1_0_1);
      }
      for (int32_t b = (((K / 32) / 8) * 8); b < (K / 32); b++) {
        const float sc_0 = _cvtsh_ss(kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (b * 18)) + 0)]));
        const float off_0 = (sc_0 * (-8.0f));
        const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + b)])), acc_0_0_0);
        corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_0_0);
        const float sc_1 = _cvtsh_ss(kf_load_u16(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (b * 18)) + 0)]));
        const float off_1 = (sc_1 * (-8.0f));
        const __m128i qs_1 = _mm_loadu_si128((const __m128i*)(&W[((((n0 + ((N / 2) * 1)) * ((K / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_1_0 = kf_nibbles_u8x32(qs_1);
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_1_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_1 * xd[(((m0 + 0) * (K / 32)) + b)])), acc_1_0_0);
        corr_1_0 = (off_1 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_1_0);
      }
      y[(((m0 + 0) * N) + n0)] = (kf_hsum256(_mm256_add_ps(acc_0_0_0, acc_0_0_1)) + corr_0_0);
      y[(((m0 + 0) * N) + (n0 + ((N / 2) * 1)))] = (kf_hsum256(_mm256_add_ps(acc_1_0_0, acc_1_0_1)) + corr_1_0);
    }
  }
  for (int32_t n0 = (N - (N % 2)); n0 < N; n0++) {
    for (int32_t m0 = 0; m0 < (M - (M % 1)); m0++) {
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_0_1 = _mm256_set1_ps(0.0f);
      float corr_0_0 = 0.0f;
      for (int32_t g = 0; g < ((K / 32) / 8); g++) {
        const int32_t pf_0 = kf_prefetch(&W[((((((n0 * ((K / 32) * 18)) + ((g * 8) * 18)) + 2) + 4096)) < (((N * ((K / 32) * 18)) - 1)) ? (((((n0 * ((K / 32) * 18)) + ((g * 8) * 18)) + 2) + 4096)) : (((N * ((K / 32) * 18)) - 1)))], 144);
        const __m256 dw_0 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_0 = _mm256_mul_ps(dw_0, _mm256_set1_ps((-8.0f)));
        const __m256 s_0_0 = _mm256_mul_ps(dw_0, _mm256_loadu_ps(&xd[(((m0 + 0) * (K / 32)) + (g * 8))]));
        acc_0_0_0 = _mm256_fmadd_ps(off_0, _mm256_loadu_ps(&xs[(((m0 + 0) * (K / 32)) + (g * 8))]), acc_0_0_0);
        const __m256i q_0_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_0 = _mm256_and_si256(q_0_0, _mm256_set1_epi8((char)15));
        const __m256i hi_0_0 = _mm256_and_si256(_mm256_srli_epi16(q_0_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 0))]))), hi_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_0_0, 0x55 * 0), acc_0_0_0);
        const __m256i q_0_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_1 = _mm256_and_si256(q_0_1, _mm256_set1_epi8((char)15));
        const __m256i hi_0_1 = _mm256_and_si256(_mm256_srli_epi16(q_0_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_1, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 64))]))), hi_0_1, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_0_0, 0x55 * 1), acc_0_0_1);
        const __m256i q_0_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_2 = _mm256_and_si256(q_0_2, _mm256_set1_epi8((char)15));
        const __m256i hi_0_2 = _mm256_and_si256(_mm256_srli_epi16(q_0_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_2, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 128))]))), hi_0_2, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_0_0, 0x55 * 2), acc_0_0_0);
        const __m256i q_0_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_3 = _mm256_and_si256(q_0_3, _mm256_set1_epi8((char)15));
        const __m256i hi_0_3 = _mm256_and_si256(_mm256_srli_epi16(q_0_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_3, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 192))]))), hi_0_3, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_0_0, 0x55 * 3), acc_0_0_1);
      }
      for (int32_t b = (((K / 32) / 8) * 8); b < (K / 32); b++) {
        const float sc_0 = _cvtsh_ss(kf_load_u16(&W[(((n0 * ((K / 32) * 18)) + (b * 18)) + 0)]));
        const float off_0 = (sc_0 * (-8.0f));
        const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&W[(((n0 * ((K / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + b)])), acc_0_0_0);
        corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_0_0);
      }
      y[(((m0 + 0) * N) + n0)] = (kf_hsum256(_mm256_add_ps(acc_0_0_0, acc_0_0_1)) + corr_0_0);
    }
  }
}
