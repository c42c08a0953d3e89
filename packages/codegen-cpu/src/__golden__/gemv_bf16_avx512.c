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

void gemv_bf16_f32_avx512_float(const float* restrict x, const uint16_t* restrict W, float* restrict y, float* restrict xf, int32_t M, int32_t N, int32_t K) {
  for (int32_t m = 0; m < M; m++) {
    for (int32_t k = 0; k < K; k++) {
      xf[((m * K) + k)] = x[((m * K) + k)];
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t rb = 0; rb < (N / 8); rb++) {
    const int32_t n0 = (rb * 8);
    for (int32_t m0 = 0; m0 < (M - (M % 1)); m0++) {
      __m512 acc_0_0_0 = _mm512_set1_ps(0.0f);
      __m512 acc_1_0_0 = _mm512_set1_ps(0.0f);
      __m512 acc_2_0_0 = _mm512_set1_ps(0.0f);
      __m512 acc_3_0_0 = _mm512_set1_ps(0.0f);
      __m512 acc_4_0_0 = _mm512_set1_ps(0.0f);
      __m512 acc_5_0_0 = _mm512_set1_ps(0.0f);
      __m512 acc_6_0_0 = _mm512_set1_ps(0.0f);
      __m512 acc_7_0_0 = _mm512_set1_ps(0.0f);
      for (int32_t k = 0; k < (K - (K % 16)); k += 16) {
        for (int32_t ku = (k + 0); ku < (k + 16); ku += 16) {
          const __m512 x_0 = _mm512_loadu_ps(&xf[(((m0 + 0) * K) + ku)]);
          const __m512 w_0 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(&W[(((n0 + 0) * K) + ku)]))), 16));
          acc_0_0_0 = _mm512_fmadd_ps(w_0, x_0, acc_0_0_0);
          const __m512 w_1 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(&W[(((n0 + 1) * K) + ku)]))), 16));
          acc_1_0_0 = _mm512_fmadd_ps(w_1, x_0, acc_1_0_0);
          const __m512 w_2 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(&W[(((n0 + 2) * K) + ku)]))), 16));
          acc_2_0_0 = _mm512_fmadd_ps(w_2, x_0, acc_2_0_0);
          const __m512 w_3 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(&W[(((n0 + 3) * K) + ku)]))), 16));
          acc_3_0_0 = _mm512_fmadd_ps(w_3, x_0, acc_3_0_0);
          const __m512 w_4 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(&W[(((n0 + 4) * K) + ku)]))), 16));
          acc_4_0_0 = _mm512_fmadd_ps(w_4, x_0, acc_4_0_0);
          const __m512 w_5 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(&W[(((n0 + 5) * K) + ku)]))), 16));
          acc_5_0_0 = _mm512_fmadd_ps(w_5, x_0, acc_5_0_0);
          const __m512 w_6 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(&W[(((n0 + 6) * K) + ku)]))), 16));
          acc_6_0_0 = _mm512_fmadd_ps(w_6, x_0, acc_6_0_0);
          const __m512 w_7 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(&W[(((n0 + 7) * K) + ku)]))), 16));
          acc_7_0_0 = _mm512_fmadd_ps(w_7, x_0, acc_7_0_0);
        }
      }
      float tail_0_0 = 0.0f;
      float tail_1_0 = 0.0f;
      float tail_2_0 = 0.0f;
      float tail_3_0 = 0.0f;
      float tail_4_0 = 0.0f;
      float tail_5_0 = 0.0f;
      float tail_6_0 = 0.0f;
      float tail_7_0 = 0.0f;
      for (int32_t k = (K - (K % 16)); k < K; k++) {
        tail_0_0 = (kf_bf16_to_f32(W[(((n0 + 0) * K) + k)]) * xf[(((m0 + 0) * K) + k)] + tail_0_0);
        tail_1_0 = (kf_bf16_to_f32(W[(((n0 + 1) * K) + k)]) * xf[(((m0 + 0) * K) + k)] + tail_1_0);
        tail_2_0 = (kf_bf16_to_f32(W[(((n0 + 2) * K) + k)]) * xf[(((m0 + 0) * K) + k)] + tail_2_0);
        tail_3_0 = (kf_bf16_to_f32(W[(((n0 + 3) * K) + k)]) * xf[(((m0 + 0) * K) + k)] + tail_3_0);
        tail_4_0 = (kf_bf16_to_f32(W[(((n0 + 4) * K) + k)]) * xf[(((m0 + 0) * K) + k)] + tail_4_0);
        tail_5_0 = (kf_bf16_to_f32(W[(((n0 + 5) * K) + k)]) * xf[(((m0 + 0) * K) + k)] + tail_5_0);
        tail_6_0 = (kf_bf16_to_f32(W[(((n0 + 6) * K) + k)]) * xf[(((m0 + 0) * K) + k)] + tail_6_0);
        tail_7_0 = (kf_bf16_to_f32(W[(((n0 + 7) * K) + k)]) * xf[(((m0 + 0) * K) + k)] + tail_7_0);
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = (_mm512_reduce_add_ps(acc_0_0_0) + tail_0_0);
      y[(((m0 + 0) * N) + (n0 + 1))] = (_mm512_reduce_add_ps(acc_1_0_0) + tail_1_0);
      y[(((m0 + 0) * N) + (n0 + 2))] = (_mm512_reduce_add_ps(acc_2_0_0) + tail_2_0);
      y[(((m0 + 0) * N) + (n0 + 3))] = (_mm512_reduce_add_ps(acc_3_0_0) + tail_3_0);
      y[(((m0 + 0) * N) + (n0 + 4))] = (_mm512_reduce_add_ps(acc_4_0_0) + tail_4_0);
      y[(((m0 + 0) * N) + (n0 + 5))] = (_mm512_reduce_add_ps(acc_5_0_0) + tail_5_0);
      y[(((m0 + 0) * N) + (n0 + 6))] = (_mm512_reduce_add_ps(acc_6_0_0) + tail_6_0);
      y[(((m0 + 0) * N) + (n0 + 7))] = (_mm512_reduce_add_ps(acc_7_0_0) + tail_7_0);
    }
  }
  for (int32_t n0 = (N - (N % 8)); n0 < N; n0++) {
    for (int32_t m0 = 0; m0 < (M - (M % 1)); m0++) {
      __m512 acc_0_0_0 = _mm512_set1_ps(0.0f);
      for (int32_t k = 0; k < (K - (K % 16)); k += 16) {
        for (int32_t ku = (k + 0); ku < (k + 16); ku += 16) {
          const __m512 x_0 = _mm512_loadu_ps(&xf[(((m0 + 0) * K) + ku)]);
          const __m512 w_0 = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(&W[(((n0 + 0) * K) + ku)]))), 16));
          acc_0_0_0 = _mm512_fmadd_ps(w_0, x_0, acc_0_0_0);
        }
      }
      float tail_0_0 = 0.0f;
      for (int32_t k = (K - (K % 16)); k < K; k++) {
        tail_0_0 = (kf_bf16_to_f32(W[(((n0 + 0) * K) + k)]) * xf[(((m0 + 0) * K) + k)] + tail_0_0);
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = (_mm512_reduce_add_ps(acc_0_0_0) + tail_0_0);
    }
  }
}
