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

void gemv_w4g128_f16_bias_rvv_m4_r1_float(const uint16_t* restrict x, const uint8_t* restrict W, const uint16_t* restrict W_scale, const uint16_t* restrict W_min, const float* restrict bias, float* restrict y, float* restrict xf, int32_t M, int32_t N, int32_t K) {
  for (int32_t m = 0; m < M; m++) {
    for (int32_t k = 0; k < K; k++) {
      xf[((m * K) + ((k - (k % 32)) + (((k % 32) / 2) + (((k % 32) % 2) * 16))))] = kf_f16_to_f32(x[((m * K) + k)]);
    }
  }
  const int32_t vlmax = __riscv_vsetvl_e32m4(1048576);
  for (int32_t rb = 0; rb < (N / 1); rb++) {
    const int32_t n0 = (rb * 1);
    for (int32_t m = 0; m < M; m++) {
      vfloat32m4_t acc_0 = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
      int32_t vl = 0;
      for (int32_t b = 0; b < (K / 32); b++) {
        const float sc_0 = kf_f16_to_f32(W_scale[(((n0 + 0) * (K / 128)) + (b / 4))]);
        const vfloat32m4_t vsc_0 = __riscv_vfmv_v_f_f32m4(sc_0, vlmax);
        const vfloat32m4_t voff_0 = __riscv_vfmv_v_f_f32m4(kf_f16_to_f32(W_min[(((n0 + 0) * (K / 128)) + (b / 4))]), vlmax);
        for (int32_t j = 0; j < 16; j += vl) {
          vl = __riscv_vsetvl_e32m4((16 - j));
          const vfloat32m4_t xlo = __riscv_vle32_v_f32m4(&xf[((m * K) + ((b * 32) + j))], vl);
          const vfloat32m4_t xhi = __riscv_vle32_v_f32m4(&xf[((m * K) + ((b * 32) + (j + 16)))], vl);
          const vuint8m1_t qs_0 = __riscv_vle8_v_u8m1((const uint8_t*)(&W[((((n0 + 0) * (K / 2)) + (b * 16)) + j)]), vl);
          const vfloat32m4_t wlo_0 = __riscv_vfmacc_vv_f32m4_tu(voff_0, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vand_vv_u8m1(qs_0, __riscv_vmv_v_x_u8m1(15, vl), vl), vl), vl), vsc_0, vl);
          const vfloat32m4_t whi_0 = __riscv_vfmacc_vv_f32m4_tu(voff_0, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vsrl_vx_u8m1(qs_0, 4, vl), vl), vl), vsc_0, vl);
          acc_0 = __riscv_vfmacc_vv_f32m4_tu(acc_0, wlo_0, xlo, vl);
          acc_0 = __riscv_vfmacc_vv_f32m4_tu(acc_0, whi_0, xhi, vl);
        }
      }
      y[((m * N) + (n0 + 0))] = (__riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)) + bias[(n0 + 0)]);
    }
  }
}
