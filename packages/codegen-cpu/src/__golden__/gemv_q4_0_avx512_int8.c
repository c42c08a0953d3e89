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

void gemv_q4_0_f32_avx512_int8(const float* restrict x, const uint8_t* restrict W, float* restrict y, int8_t* restrict xq, float* restrict xd, int32_t* restrict xz, int32_t M, int32_t N, int32_t K) {
  for (int32_t m = 0; m < M; m++) {
    for (int32_t b = 0; b < (K / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (fabsf(x[((m * K) + ((b * 32) + j))])) ? (amax) : (fabsf(x[((m * K) + ((b * 32) + j))])));
      }
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      int32_t isum = 0;
      for (int32_t j = 0; j < 32; j++) {
        const float s = (x[((m * K) + ((b * 32) + j))] * id);
        const int32_t qv = ((int32_t)(s + ((s >= 0.0f) ? 0.5f : (-0.5f))));
        xq[((m * K) + ((b * 32) + j))] = ((int8_t)qv);
        isum = (isum + qv);
      }
      xd[((m * (K / 32)) + b)] = d;
      for (int32_t l = 0; l < 8; l++) {
        xz[((((m * (K / 32)) + b) * 8) + l)] = ((((((int32_t)xq[(((m * K) + (b * 32)) + ((l * 4) + 0))]) + ((int32_t)xq[(((m * K) + (b * 32)) + ((l * 4) + 1))])) + ((int32_t)xq[(((m * K) + (b * 32)) + ((l * 4) + 2))])) + ((int32_t)xq[(((m * K) + (b * 32)) + ((l * 4) + 3))])) * 8);
      }
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t rb = 0; rb < (N / 1); rb++) {
    const int32_t n0 = (rb * 1);
    for (int32_t m0 = 0; m0 < (M - (M % 1)); m0++) {
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_0_1 = _mm256_set1_ps(0.0f);
      __m256 acc_0_0_2 = _mm256_set1_ps(0.0f);
      __m256 acc_0_0_3 = _mm256_set1_ps(0.0f);
      for (int32_t b = 0; b < ((K / 32) - ((K / 32) % 4)); b += 4) {
        for (int32_t bu = (b + 0); bu < (b + 1); bu++) {
          const float sc_0 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 18)) + (bu * 18)) + 0)]));
          const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&W[((((n0 + 0) * ((K / 32) * 18)) + (bu * 18)) + 2)]));
          const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
          acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))]))), _mm256_loadu_si256((const __m256i*)(&xz[((((m0 + 0) * (K / 32)) + bu) * 8)])))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_0_0_0);
        }
        for (int32_t bu = (b + 1); bu < (b + 2); bu++) {
          const float sc_0 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 18)) + (bu * 18)) + 0)]));
          const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&W[((((n0 + 0) * ((K / 32) * 18)) + (bu * 18)) + 2)]));
          const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
          acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))]))), _mm256_loadu_si256((const __m256i*)(&xz[((((m0 + 0) * (K / 32)) + bu) * 8)])))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_0_0_1);
        }
        for (int32_t bu = (b + 2); bu < (b + 3); bu++) {
          const float sc_0 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 18)) + (bu * 18)) + 0)]));
          const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&W[((((n0 + 0) * ((K / 32) * 18)) + (bu * 18)) + 2)]));
          const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
          acc_0_0_2 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))]))), _mm256_loadu_si256((const __m256i*)(&xz[((((m0 + 0) * (K / 32)) + bu) * 8)])))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_0_0_2);
        }
        for (int32_t bu = (b + 3); bu < (b + 4); bu++) {
          const float sc_0 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 18)) + (bu * 18)) + 0)]));
          const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&W[((((n0 + 0) * ((K / 32) * 18)) + (bu * 18)) + 2)]));
          const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
          acc_0_0_3 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))]))), _mm256_loadu_si256((const __m256i*)(&xz[((((m0 + 0) * (K / 32)) + bu) * 8)])))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_0_0_3);
        }
      }
      for (int32_t b = ((K / 32) - ((K / 32) % 4)); b < (K / 32); b++) {
        const float sc_0 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 18)) + (b * 18)) + 0)]));
        const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&W[((((n0 + 0) * ((K / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), _mm256_loadu_si256((const __m256i*)(&xz[((((m0 + 0) * (K / 32)) + b) * 8)])))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + b)])), acc_0_0_0);
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = kf_hsum256(_mm256_add_ps(_mm256_add_ps(_mm256_add_ps(acc_0_0_0, acc_0_0_1), acc_0_0_2), acc_0_0_3));
    }
  }
}
