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

void gemv_f16_f32_rvv_m2_r2_float(const float* restrict x, const uint16_t* restrict W, float* restrict y, float* restrict xf, int32_t M, int32_t N, int32_t K) {
  for (int32_t m = 0; m < M; m++) {
    for (int32_t k = 0; k < K; k++) {
      xf[((m * K) + k)] = x[((m * K) + k)];
    }
  }
  const int32_t vlmax = __riscv_vsetvl_e32m2(1048576);
  for (int32_t rb = 0; rb < (N / 2); rb++) {
    const int32_t n0 = (rb * 2);
    for (int32_t m = 0; m < M; m++) {
      vfloat32m2_t acc_0 = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
      vfloat32m2_t acc_1 = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
      int32_t vl = 0;
      for (int32_t k = 0; k < K; k += vl) {
        vl = __riscv_vsetvl_e32m2((K - k));
        const vfloat32m2_t xv = __riscv_vle32_v_f32m2(&xf[((m * K) + k)], vl);
        const vfloat32m2_t w_0 = kf_rvv_f16_to_f32_f32m2(__riscv_vle16_v_u16m1((const uint16_t*)(&W[(((n0 + 0) * K) + k)]), vl), vl);
        acc_0 = __riscv_vfmacc_vv_f32m2_tu(acc_0, w_0, xv, vl);
        const vfloat32m2_t w_1 = kf_rvv_f16_to_f32_f32m2(__riscv_vle16_v_u16m1((const uint16_t*)(&W[(((n0 + 1) * K) + k)]), vl), vl);
        acc_1 = __riscv_vfmacc_vv_f32m2_tu(acc_1, w_1, xv, vl);
      }
      y[((m * N) + (n0 + 0))] = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
      y[((m * N) + (n0 + 1))] = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(acc_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
    }
  }
  for (int32_t n0 = (N - (N % 2)); n0 < N; n0++) {
    for (int32_t m = 0; m < M; m++) {
      vfloat32m2_t acc_0 = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
      int32_t vl = 0;
      for (int32_t k = 0; k < K; k += vl) {
        vl = __riscv_vsetvl_e32m2((K - k));
        const vfloat32m2_t xv = __riscv_vle32_v_f32m2(&xf[((m * K) + k)], vl);
        const vfloat32m2_t w_0 = kf_rvv_f16_to_f32_f32m2(__riscv_vle16_v_u16m1((const uint16_t*)(&W[(((n0 + 0) * K) + k)]), vl), vl);
        acc_0 = __riscv_vfmacc_vv_f32m2_tu(acc_0, w_0, xv, vl);
      }
      y[((m * N) + (n0 + 0))] = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
    }
  }
}
