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

#include <riscv_vector.h>

static inline vfloat32m1_t kf_rvv_f16_to_f32_f32m1(vuint16mf2_t h, size_t vl) {
  vuint32m1_t w = __riscv_vzext_vf2_u32m1(h, vl);
  vuint32m1_t magnitude = __riscv_vsll_vx_u32m1(__riscv_vand_vx_u32m1(w, 0x7fffu, vl), 13, vl);
  vuint32m1_t sign = __riscv_vsll_vx_u32m1(__riscv_vand_vx_u32m1(w, 0x8000u, vl), 16, vl);
  vfloat32m1_t f = __riscv_vfmul_vf_f32m1(__riscv_vreinterpret_v_u32m1_f32m1(magnitude), 0x1p112f, vl);
  return __riscv_vreinterpret_v_u32m1_f32m1(__riscv_vor_vv_u32m1(__riscv_vreinterpret_v_f32m1_u32m1(f), sign, vl));
}

static inline vfloat32m2_t kf_rvv_f16_to_f32_f32m2(vuint16m1_t h, size_t vl) {
  vuint32m2_t w = __riscv_vzext_vf2_u32m2(h, vl);
  vuint32m2_t magnitude = __riscv_vsll_vx_u32m2(__riscv_vand_vx_u32m2(w, 0x7fffu, vl), 13, vl);
  vuint32m2_t sign = __riscv_vsll_vx_u32m2(__riscv_vand_vx_u32m2(w, 0x8000u, vl), 16, vl);
  vfloat32m2_t f = __riscv_vfmul_vf_f32m2(__riscv_vreinterpret_v_u32m2_f32m2(magnitude), 0x1p112f, vl);
  return __riscv_vreinterpret_v_u32m2_f32m2(__riscv_vor_vv_u32m2(__riscv_vreinterpret_v_f32m2_u32m2(f), sign, vl));
}

static inline vfloat32m4_t kf_rvv_f16_to_f32_f32m4(vuint16m2_t h, size_t vl) {
  vuint32m4_t w = __riscv_vzext_vf2_u32m4(h, vl);
  vuint32m4_t magnitude = __riscv_vsll_vx_u32m4(__riscv_vand_vx_u32m4(w, 0x7fffu, vl), 13, vl);
  vuint32m4_t sign = __riscv_vsll_vx_u32m4(__riscv_vand_vx_u32m4(w, 0x8000u, vl), 16, vl);
  vfloat32m4_t f = __riscv_vfmul_vf_f32m4(__riscv_vreinterpret_v_u32m4_f32m4(magnitude), 0x1p112f, vl);
  return __riscv_vreinterpret_v_u32m4_f32m4(__riscv_vor_vv_u32m4(__riscv_vreinterpret_v_f32m4_u32m4(f), sign, vl));
}

static inline vfloat32m8_t kf_rvv_f16_to_f32_f32m8(vuint16m4_t h, size_t vl) {
  vuint32m8_t w = __riscv_vzext_vf2_u32m8(h, vl);
  vuint32m8_t magnitude = __riscv_vsll_vx_u32m8(__riscv_vand_vx_u32m8(w, 0x7fffu, vl), 13, vl);
  vuint32m8_t sign = __riscv_vsll_vx_u32m8(__riscv_vand_vx_u32m8(w, 0x8000u, vl), 16, vl);
  vfloat32m8_t f = __riscv_vfmul_vf_f32m8(__riscv_vreinterpret_v_u32m8_f32m8(magnitude), 0x1p112f, vl);
  return __riscv_vreinterpret_v_u32m8_f32m8(__riscv_vor_vv_u32m8(__riscv_vreinterpret_v_f32m8_u32m8(f), sign, vl));
}

void gemv_q4_0_f32_bias_rvv_m1_r2_int8(const float* restrict x, const uint8_t* restrict W, const float* restrict bias, float* restrict y, int8_t* restrict xq, float* restrict xd, float* restrict xs, int32_t M, int32_t N, int32_t K) {
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
      xs[((m * (K / 32)) + b)] = (d * ((float)isum));
    }
  }
  for (int32_t rb = 0; rb < (N / 2); rb++) {
    const int32_t n0 = (rb * 2);
    for (int32_t m = 0; m < M; m++) {
      float acc_0 = 0.0f;
      float acc_1 = 0.0f;
      int32_t vl = 0;
      for (int32_t b = 0; b < (K / 32); b++) {
        const float dx = xd[((m * (K / 32)) + b)];
        const float sx = xs[((m * (K / 32)) + b)];
        int32_t isum_0 = 0;
        int32_t isum_1 = 0;
        for (int32_t j = 0; j < 16; j += vl) {
          vl = __riscv_vsetvl_e8m1((16 - j));
          const vint8m1_t xlo = __riscv_vle8_v_i8m1((const int8_t*)(&xq[((m * K) + ((b * 32) + j))]), vl);
          const vint8m1_t xhi = __riscv_vle8_v_i8m1((const int8_t*)(&xq[((m * K) + ((b * 32) + (j + 16)))]), vl);
          const vuint8m1_t qs_0 = __riscv_vle8_v_u8m1((const uint8_t*)(&W[(((((n0 + 0) * ((K / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
          isum_0 = (isum_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m2_i32m1(__riscv_vwmacc_vv_i16m2(__riscv_vwmacc_vv_i16m2(__riscv_vmv_v_x_i16m2(0, vl), __riscv_vreinterpret_v_u8m1_i8m1(__riscv_vand_vv_u8m1(qs_0, __riscv_vmv_v_x_u8m1(15, vl), vl)), xlo, vl), __riscv_vreinterpret_v_u8m1_i8m1(__riscv_vsrl_vx_u8m1(qs_0, 4, vl)), xhi, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
          const vuint8m1_t qs_1 = __riscv_vle8_v_u8m1((const uint8_t*)(&W[(((((n0 + 1) * ((K / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
          isum_1 = (isum_1 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m2_i32m1(__riscv_vwmacc_vv_i16m2(__riscv_vwmacc_vv_i16m2(__riscv_vmv_v_x_i16m2(0, vl), __riscv_vreinterpret_v_u8m1_i8m1(__riscv_vand_vv_u8m1(qs_1, __riscv_vmv_v_x_u8m1(15, vl), vl)), xlo, vl), __riscv_vreinterpret_v_u8m1_i8m1(__riscv_vsrl_vx_u8m1(qs_1, 4, vl)), xhi, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
        }
        const float sc_0 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 18)) + (b * 18)) + 0)]));
        acc_0 = (((float)isum_0) * (sc_0 * dx) + acc_0);
        acc_0 = ((sc_0 * (-8.0f)) * sx + acc_0);
        const float sc_1 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 18)) + (b * 18)) + 0)]));
        acc_1 = (((float)isum_1) * (sc_1 * dx) + acc_1);
        acc_1 = ((sc_1 * (-8.0f)) * sx + acc_1);
      }
      y[((m * N) + (n0 + 0))] = (acc_0 + bias[(n0 + 0)]);
      y[((m * N) + (n0 + 1))] = (acc_1 + bias[(n0 + 1)]);
    }
  }
  for (int32_t n0 = (N - (N % 2)); n0 < N; n0++) {
    for (int32_t m = 0; m < M; m++) {
      float acc_0 = 0.0f;
      int32_t vl = 0;
      for (int32_t b = 0; b < (K / 32); b++) {
        const float dx = xd[((m * (K / 32)) + b)];
        const float sx = xs[((m * (K / 32)) + b)];
        int32_t isum_0 = 0;
        for (int32_t j = 0; j < 16; j += vl) {
          vl = __riscv_vsetvl_e8m1((16 - j));
          const vint8m1_t xlo = __riscv_vle8_v_i8m1((const int8_t*)(&xq[((m * K) + ((b * 32) + j))]), vl);
          const vint8m1_t xhi = __riscv_vle8_v_i8m1((const int8_t*)(&xq[((m * K) + ((b * 32) + (j + 16)))]), vl);
          const vuint8m1_t qs_0 = __riscv_vle8_v_u8m1((const uint8_t*)(&W[(((((n0 + 0) * ((K / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
          isum_0 = (isum_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m2_i32m1(__riscv_vwmacc_vv_i16m2(__riscv_vwmacc_vv_i16m2(__riscv_vmv_v_x_i16m2(0, vl), __riscv_vreinterpret_v_u8m1_i8m1(__riscv_vand_vv_u8m1(qs_0, __riscv_vmv_v_x_u8m1(15, vl), vl)), xlo, vl), __riscv_vreinterpret_v_u8m1_i8m1(__riscv_vsrl_vx_u8m1(qs_0, 4, vl)), xhi, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
        }
        const float sc_0 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 18)) + (b * 18)) + 0)]));
        acc_0 = (((float)isum_0) * (sc_0 * dx) + acc_0);
        acc_0 = ((sc_0 * (-8.0f)) * sx + acc_0);
      }
      y[((m * N) + (n0 + 0))] = (acc_0 + bias[(n0 + 0)]);
    }
  }
}
