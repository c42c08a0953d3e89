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

void gemv_f32_f32_bias_scalar_float(const float* restrict x, const float* restrict W, const float* restrict bias, float* restrict y, float* restrict xf, int32_t M, int32_t N, int32_t K) {
  for (int32_t m = 0; m < M; m++) {
    for (int32_t k = 0; k < K; k++) {
      xf[((m * K) + k)] = x[((m * K) + k)];
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t rb = 0; rb < (N / 2); rb++) {
    const int32_t n0 = (rb * 2);
    for (int32_t m0 = 0; m0 < (M - (M % 1)); m0++) {
      float acc_0_0_0 = 0.0f;
      float acc_1_0_0 = 0.0f;
      for (int32_t k = 0; k < (K - (K % 1)); k++) {
        for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
          const float x_0 = xf[(((m0 + 0) * K) + ku)];
          const float w_0 = W[(((n0 + 0) * K) + ku)];
          acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
          const float w_1 = W[(((n0 + 1) * K) + ku)];
          acc_1_0_0 = (w_1 * x_0 + acc_1_0_0);
        }
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = (acc_0_0_0 + bias[(n0 + 0)]);
      y[(((m0 + 0) * N) + (n0 + 1))] = (acc_1_0_0 + bias[(n0 + 1)]);
    }
  }
  for (int32_t n0 = (N - (N % 2)); n0 < N; n0++) {
    for (int32_t m0 = 0; m0 < (M - (M % 1)); m0++) {
      float acc_0_0_0 = 0.0f;
      for (int32_t k = 0; k < (K - (K % 1)); k++) {
        for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
          const float x_0 = xf[(((m0 + 0) * K) + ku)];
          const float w_0 = W[(((n0 + 0) * K) + ku)];
          acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
        }
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = (acc_0_0_0 + bias[(n0 + 0)]);
    }
  }
}
