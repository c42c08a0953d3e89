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
static inline __m256i kf_dot_u8s8(__m256i acc, __m256i u, __m256i s) {
  return _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_maddubs_epi16(u, s), _mm256_set1_epi16(1)));
}

void gemv_q8_0_f16_bias_avx2_int8(const uint16_t* restrict x, const uint8_t* restrict W, const float* restrict bias, float* restrict y, int8_t* restrict xq, float* restrict xd, int32_t M, int32_t N, int32_t K) {
  for (int32_t m = 0; m < M; m++) {
    for (int32_t b = 0; b < (K / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (fabsf(_cvtsh_ss(x[((m * K) + ((b * 32) + j))]))) ? (amax) : (fabsf(_cvtsh_ss(x[((m * K) + ((b * 32) + j))]))));
      }
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      int32_t isum = 0;
      for (int32_t j = 0; j < 32; j++) {
        const float s = (_cvtsh_ss(x[((m * K) + ((b * 32) + j))]) * id);
        const int32_t qv = ((int32_t)(s + ((s >= 0.0f) ? 0.5f : (-0.5f))));
        xq[((m * K) + ((b * 32) + j))] = ((int8_t)qv);
        isum = (isum + qv);
      }
      xd[((m * (K / 32)) + b)] = d;
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t rb = 0; rb < (N / 4); rb++) {
    const int32_t n0 = (rb * 4);
    for (int32_t m0 = 0; m0 < (M - (M % 4)); m0 += 4) {
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_2_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_3_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_2_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_3_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_2_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_3_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_2_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_3_0 = _mm256_set1_ps(0.0f);
      for (int32_t b = 0; b < ((K / 32) - ((K / 32) % 1)); b++) {
        for (int32_t bu = (b + 0); bu < (b + 1); bu++) {
          const float sc_0 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + (bu * 34)) + 0)]));
          const __m256i w_0_0 = _mm256_loadu_si256((const __m256i*)(&W[(((((n0 + 0) * ((K / 32) * 34)) + (bu * 34)) + 2) + 0)]));
          acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_0_0, w_0_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))])), w_0_0))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_0_0_0);
          acc_0_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_0_0, w_0_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 1) * K) + ((bu * 32) + 0))])), w_0_0))), _mm256_set1_ps((sc_0 * xd[(((m0 + 1) * (K / 32)) + bu)])), acc_0_1_0);
          acc_0_2_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_0_0, w_0_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 2) * K) + ((bu * 32) + 0))])), w_0_0))), _mm256_set1_ps((sc_0 * xd[(((m0 + 2) * (K / 32)) + bu)])), acc_0_2_0);
          acc_0_3_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_0_0, w_0_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 3) * K) + ((bu * 32) + 0))])), w_0_0))), _mm256_set1_ps((sc_0 * xd[(((m0 + 3) * (K / 32)) + bu)])), acc_0_3_0);
          const float sc_1 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 34)) + (bu * 34)) + 0)]));
          const __m256i w_1_0 = _mm256_loadu_si256((const __m256i*)(&W[(((((n0 + 1) * ((K / 32) * 34)) + (bu * 34)) + 2) + 0)]));
          acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_1_0, w_1_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))])), w_1_0))), _mm256_set1_ps((sc_1 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_1_0_0);
          acc_1_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_1_0, w_1_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 1) * K) + ((bu * 32) + 0))])), w_1_0))), _mm256_set1_ps((sc_1 * xd[(((m0 + 1) * (K / 32)) + bu)])), acc_1_1_0);
          acc_1_2_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_1_0, w_1_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 2) * K) + ((bu * 32) + 0))])), w_1_0))), _mm256_set1_ps((sc_1 * xd[(((m0 + 2) * (K / 32)) + bu)])), acc_1_2_0);
          acc_1_3_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_1_0, w_1_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 3) * K) + ((bu * 32) + 0))])), w_1_0))), _mm256_set1_ps((sc_1 * xd[(((m0 + 3) * (K / 32)) + bu)])), acc_1_3_0);
          const float sc_2 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 34)) + (bu * 34)) + 0)]));
          const __m256i w_2_0 = _mm256_loadu_si256((const __m256i*)(&W[(((((n0 + 2) * ((K / 32) * 34)) + (bu * 34)) + 2) + 0)]));
          acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_2_0, w_2_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))])), w_2_0))), _mm256_set1_ps((sc_2 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_2_0_0);
          acc_2_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_2_0, w_2_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 1) * K) + ((bu * 32) + 0))])), w_2_0))), _mm256_set1_ps((sc_2 * xd[(((m0 + 1) * (K / 32)) + bu)])), acc_2_1_0);
          acc_2_2_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_2_0, w_2_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 2) * K) + ((bu * 32) + 0))])), w_2_0))), _mm256_set1_ps((sc_2 * xd[(((m0 + 2) * (K / 32)) + bu)])), acc_2_2_0);
          acc_2_3_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_2_0, w_2_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 3) * K) + ((bu * 32) + 0))])), w_2_0))), _mm256_set1_ps((sc_2 * xd[(((m0 + 3) * (K / 32)) + bu)])), acc_2_3_0);
          const float sc_3 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 34)) + (bu * 34)) + 0)]));
          const __m256i w_3_0 = _mm256_loadu_si256((const __m256i*)(&W[(((((n0 + 3) * ((K / 32) * 34)) + (bu * 34)) + 2) + 0)]));
          acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_3_0, w_3_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))])), w_3_0))), _mm256_set1_ps((sc_3 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_3_0_0);
          acc_3_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_3_0, w_3_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 1) * K) + ((bu * 32) + 0))])), w_3_0))), _mm256_set1_ps((sc_3 * xd[(((m0 + 1) * (K / 32)) + bu)])), acc_3_1_0);
          acc_3_2_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_3_0, w_3_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 2) * K) + ((bu * 32) + 0))])), w_3_0))), _mm256_set1_ps((sc_3 * xd[(((m0 + 2) * (K / 32)) + bu)])), acc_3_2_0);
          acc_3_3_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_3_0, w_3_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 3) * K) + ((bu * 32) + 0))])), w_3_0))), _mm256_set1_ps((sc_3 * xd[(((m0 + 3) * (K / 32)) + bu)])), acc_3_3_0);
        }
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = (kf_hsum256(acc_0_0_0) + bias[(n0 + 0)]);
      y[(((m0 + 1) * N) + (n0 + 0))] = (kf_hsum256(acc_0_1_0) + bias[(n0 + 0)]);
      y[(((m0 + 2) * N) + (n0 + 0))] = (kf_hsum256(acc_0_2_0) + bias[(n0 + 0)]);
      y[(((m0 + 3) * N) + (n0 + 0))] = (kf_hsum256(acc_0_3_0) + bias[(n0 + 0)]);
      y[(((m0 + 0) * N) + (n0 + 1))] = (kf_hsum256(acc_1_0_0) + bias[(n0 + 1)]);
      y[(((m0 + 1) * N) + (n0 + 1))] = (kf_hsum256(acc_1_1_0) + bias[(n0 + 1)]);
      y[(((m0 + 2) * N) + (n0 + 1))] = (kf_hsum256(acc_1_2_0) + bias[(n0 + 1)]);
      y[(((m0 + 3) * N) + (n0 + 1))] = (kf_hsum256(acc_1_3_0) + bias[(n0 + 1)]);
      y[(((m0 + 0) * N) + (n0 + 2))] = (kf_hsum256(acc_2_0_0) + bias[(n0 + 2)]);
      y[(((m0 + 1) * N) + (n0 + 2))] = (kf_hsum256(acc_2_1_0) + bias[(n0 + 2)]);
      y[(((m0 + 2) * N) + (n0 + 2))] = (kf_hsum256(acc_2_2_0) + bias[(n0 + 2)]);
      y[(((m0 + 3) * N) + (n0 + 2))] = (kf_hsum256(acc_2_3_0) + bias[(n0 + 2)]);
      y[(((m0 + 0) * N) + (n0 + 3))] = (kf_hsum256(acc_3_0_0) + bias[(n0 + 3)]);
      y[(((m0 + 1) * N) + (n0 + 3))] = (kf_hsum256(acc_3_1_0) + bias[(n0 + 3)]);
      y[(((m0 + 2) * N) + (n0 + 3))] = (kf_hsum256(acc_3_2_0) + bias[(n0 + 3)]);
      y[(((m0 + 3) * N) + (n0 + 3))] = (kf_hsum256(acc_3_3_0) + bias[(n0 + 3)]);
    }
    for (int32_t m0 = (M - (M % 4)); m0 < M; m0++) {
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_0_0 = _mm256_set1_ps(0.0f);
      for (int32_t b = 0; b < ((K / 32) - ((K / 32) % 1)); b++) {
        for (int32_t bu = (b + 0); bu < (b + 1); bu++) {
          const float sc_0 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + (bu * 34)) + 0)]));
          const __m256i w_0_0 = _mm256_loadu_si256((const __m256i*)(&W[(((((n0 + 0) * ((K / 32) * 34)) + (bu * 34)) + 2) + 0)]));
          acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_0_0, w_0_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))])), w_0_0))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_0_0_0);
          const float sc_1 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 34)) + (bu * 34)) + 0)]));
          const __m256i w_1_0 = _mm256_loadu_si256((const __m256i*)(&W[(((((n0 + 1) * ((K / 32) * 34)) + (bu * 34)) + 2) + 0)]));
          acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_1_0, w_1_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))])), w_1_0))), _mm256_set1_ps((sc_1 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_1_0_0);
          const float sc_2 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 34)) + (bu * 34)) + 0)]));
          const __m256i w_2_0 = _mm256_loadu_si256((const __m256i*)(&W[(((((n0 + 2) * ((K / 32) * 34)) + (bu * 34)) + 2) + 0)]));
          acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_2_0, w_2_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))])), w_2_0))), _mm256_set1_ps((sc_2 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_2_0_0);
          const float sc_3 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 34)) + (bu * 34)) + 0)]));
          const __m256i w_3_0 = _mm256_loadu_si256((const __m256i*)(&W[(((((n0 + 3) * ((K / 32) * 34)) + (bu * 34)) + 2) + 0)]));
          acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_3_0, w_3_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))])), w_3_0))), _mm256_set1_ps((sc_3 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_3_0_0);
        }
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = (kf_hsum256(acc_0_0_0) + bias[(n0 + 0)]);
      y[(((m0 + 0) * N) + (n0 + 1))] = (kf_hsum256(acc_1_0_0) + bias[(n0 + 1)]);
      y[(((m0 + 0) * N) + (n0 + 2))] = (kf_hsum256(acc_2_0_0) + bias[(n0 + 2)]);
      y[(((m0 + 0) * N) + (n0 + 3))] = (kf_hsum256(acc_3_0_0) + bias[(n0 + 3)]);
    }
  }
  for (int32_t n0 = (N - (N % 4)); n0 < N; n0++) {
    for (int32_t m0 = 0; m0 < (M - (M % 4)); m0 += 4) {
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_2_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_3_0 = _mm256_set1_ps(0.0f);
      for (int32_t b = 0; b < ((K / 32) - ((K / 32) % 1)); b++) {
        for (int32_t bu = (b + 0); bu < (b + 1); bu++) {
          const float sc_0 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + (bu * 34)) + 0)]));
          const __m256i w_0_0 = _mm256_loadu_si256((const __m256i*)(&W[(((((n0 + 0) * ((K / 32) * 34)) + (bu * 34)) + 2) + 0)]));
          acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_0_0, w_0_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))])), w_0_0))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_0_0_0);
          acc_0_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_0_0, w_0_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 1) * K) + ((bu * 32) + 0))])), w_0_0))), _mm256_set1_ps((sc_0 * xd[(((m0 + 1) * (K / 32)) + bu)])), acc_0_1_0);
          acc_0_2_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_0_0, w_0_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 2) * K) + ((bu * 32) + 0))])), w_0_0))), _mm256_set1_ps((sc_0 * xd[(((m0 + 2) * (K / 32)) + bu)])), acc_0_2_0);
          acc_0_3_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_0_0, w_0_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 3) * K) + ((bu * 32) + 0))])), w_0_0))), _mm256_set1_ps((sc_0 * xd[(((m0 + 3) * (K / 32)) + bu)])), acc_0_3_0);
        }
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = (kf_hsum256(acc_0_0_0) + bias[(n0 + 0)]);
      y[(((m0 + 1) * N) + (n0 + 0))] = (kf_hsum256(acc_0_1_0) + bias[(n0 + 0)]);
      y[(((m0 + 2) * N) + (n0 + 0))] = (kf_hsum256(acc_0_2_0) + bias[(n0 + 0)]);
      y[(((m0 + 3) * N) + (n0 + 0))] = (kf_hsum256(acc_0_3_0) + bias[(n0 + 0)]);
    }
    for (int32_t m0 = (M - (M % 4)); m0 < M; m0++) {
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      for (int32_t b = 0; b < ((K / 32) - ((K / 32) % 1)); b++) {
        for (int32_t bu = (b + 0); bu < (b + 1); bu++) {
          const float sc_0 = _cvtsh_ss(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + (bu * 34)) + 0)]));
          const __m256i w_0_0 = _mm256_loadu_si256((const __m256i*)(&W[(((((n0 + 0) * ((K / 32) * 34)) + (bu * 34)) + 2) + 0)]));
          acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(kf_dot_u8s8(_mm256_set1_epi32(0), _mm256_sign_epi8(w_0_0, w_0_0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i*)(&xq[(((m0 + 0) * K) + ((bu * 32) + 0))])), w_0_0))), _mm256_set1_ps((sc_0 * xd[(((m0 + 0) * (K / 32)) + bu)])), acc_0_0_0);
        }
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = (kf_hsum256(acc_0_0_0) + bias[(n0 + 0)]);
    }
  }
}
