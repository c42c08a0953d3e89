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

void attention_q8_0_h16x8_d128x128_w100_rvv_m1_q2_kv64_s4_int8(const float* restrict q, const uint8_t* restrict k, const uint8_t* restrict v, float* restrict part_m, float* restrict part_l, float* restrict part_o, int8_t* restrict qq, float* restrict qd, int32_t B, int32_t Sq, int32_t Skv) {
  for (int32_t m = 0; m < ((B * 16) * Sq); m++) {
    for (int32_t b = 0; b < (128 / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (fabsf(q[((m * 128) + ((b * 32) + j))])) ? (amax) : (fabsf(q[((m * 128) + ((b * 32) + j))])));
      }
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      int32_t isum = 0;
      for (int32_t j = 0; j < 32; j++) {
        const float s = (q[((m * 128) + ((b * 32) + j))] * id);
        const int32_t qv = ((int32_t)(s + ((s >= 0.0f) ? 0.5f : (-0.5f))));
        qq[((m * 128) + ((b * 32) + j))] = ((int8_t)qv);
        isum = (isum + qv);
      }
      qd[((m * (128 / 32)) + b)] = d;
    }
  }
  int32_t vl = 0;
  const int32_t vlmax = __riscv_vsetvl_e32m1(1048576);
  float sc[128];
  float oacc[256];
  for (int32_t bh = 0; bh < (B * 8); bh++) {
    const int32_t kvbase = (bh * Skv);
    for (int32_t r0 = 0; r0 < (Sq * 2); r0 += 2) {
      const int32_t rr_0 = r0;
      const int32_t row_0 = (((((bh / 8) * 16) + (((bh % 8) * 2) + (rr_0 % 2))) * Sq) + (rr_0 / 2));
      const int32_t pos_0 = ((Skv - Sq) + (rr_0 / 2));
      const int32_t first_0 = ((0) > ((pos_0 - 99)) ? (0) : ((pos_0 - 99)));
      const int32_t last_0 = (Skv - 1);
      const int32_t rr_1 = (((r0 + 1)) < (((Sq * 2) - 1)) ? ((r0 + 1)) : (((Sq * 2) - 1)));
      const int32_t row_1 = (((((bh / 8) * 16) + (((bh % 8) * 2) + (rr_1 % 2))) * Sq) + (rr_1 / 2));
      const int32_t pos_1 = ((Skv - Sq) + (rr_1 / 2));
      const int32_t first_1 = ((0) > ((pos_1 - 99)) ? (0) : ((pos_1 - 99)));
      const int32_t last_1 = (Skv - 1);
      const int32_t lo = first_0;
      const int32_t hi = last_1;
      const int32_t chunk = (((hi - lo) + 4) / 4);
      for (int32_t sp = 0; sp < 4; sp++) {
        const int32_t plo = (lo + (sp * chunk));
        const int32_t pend = (((hi) < (((lo + ((sp + 1) * chunk)) - 1)) ? (hi) : (((lo + ((sp + 1) * chunk)) - 1))) + 1);
        float m_0 = (-INFINITY);
        float l_0 = 0.0f;
        float m_1 = (-INFINITY);
        float l_1 = 0.0f;
        for (int32_t z = 0; z < 256; z += vl) {
          vl = __riscv_vsetvl_e32m1((256 - z));
          __riscv_vse32_v_f32m1(&oacc[z], __riscv_vfmv_v_f_f32m1(0.0f, vl), vl);
        }
        for (int32_t j0 = plo; j0 < pend; j0 += 64) {
          const int32_t jn = ((64) < ((pend - j0)) ? (64) : ((pend - j0)));
          for (int32_t jj = 0; jj < jn; jj++) {
            const int32_t j = (j0 + jj);
            const int32_t krow = (kvbase + j);
            float dot_0 = 0.0f;
            float dot_1 = 0.0f;
            for (int32_t kb = 0; kb < 4; kb++) {
              int32_t isum_0 = 0;
              int32_t isum_1 = 0;
              for (int32_t e = 0; e < 32; e += vl) {
                vl = __riscv_vsetvl_e8m1((32 - e));
                const vint8m1_t kc = __riscv_vle8_v_i8m1((const int8_t*)(&k[((((krow * ((128 / 32) * 34)) + (kb * 34)) + 2) + e)]), vl);
                isum_0 = (isum_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m2_i32m1(__riscv_vwmacc_vv_i16m2(__riscv_vmv_v_x_i16m2(0, vl), kc, __riscv_vle8_v_i8m1((const int8_t*)(&qq[(((row_0 * 128) + (kb * 32)) + e)]), vl), vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
                isum_1 = (isum_1 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m2_i32m1(__riscv_vwmacc_vv_i16m2(__riscv_vmv_v_x_i16m2(0, vl), kc, __riscv_vle8_v_i8m1((const int8_t*)(&qq[(((row_1 * 128) + (kb * 32)) + e)]), vl), vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              }
              const float ks = kf_f16_to_f32(kf_load_u16(&k[(((krow * ((128 / 32) * 34)) + (kb * 34)) + 0)]));
              dot_0 = (((float)isum_0) * (ks * qd[((row_0 * 4) + kb)]) + dot_0);
              dot_1 = (((float)isum_1) * (ks * qd[((row_1 * 4) + kb)]) + dot_1);
            }
            sc[(jj + 0)] = ((j >= first_0) ? (dot_0 * 0.08838834764831843f) : (-INFINITY));
            sc[(jj + 64)] = ((j >= first_1) ? (dot_1 * 0.08838834764831843f) : (-INFINITY));
          }
          float tmax_0 = (-INFINITY);
          for (int32_t x = 0; x < jn; x += vl) {
            vl = __riscv_vsetvl_e32m1((jn - x));
            const float smax = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredmax_vs_f32m1_f32m1(__riscv_vle32_v_f32m1(&sc[(x + 0)], vl), __riscv_vfmv_s_f_f32m1(-INFINITY, 1), vl));
            tmax_0 = ((tmax_0) > (smax) ? (tmax_0) : (smax));
          }
          const float mnew_0 = ((m_0) > (tmax_0) ? (m_0) : (tmax_0));
          const float msub_0 = ((mnew_0 == (-INFINITY)) ? 0.0f : mnew_0);
          const float alpha_0 = expf((m_0 - msub_0));
          float psum_0 = 0.0f;
          for (int32_t x = 0; x < jn; x += vl) {
            vl = __riscv_vsetvl_e32m1((jn - x));
            const vfloat32m1_t p = ({ const size_t kf_evl = vl; const vfloat32m1_t kf_ex = (__riscv_vfsub_vv_f32m1(__riscv_vle32_v_f32m1(&sc[(x + 0)], vl), __riscv_vfmv_v_f_f32m1(msub_0, vl), vl)); const vfloat32m1_t kf_exl = __riscv_vmerge_vvm_f32m1(kf_ex, __riscv_vfmv_v_f_f32m1(-104.0f, kf_evl), __riscv_vmflt_vv_f32m1_b32(kf_ex, __riscv_vfmv_v_f_f32m1(-104.0f, kf_evl), kf_evl), kf_evl); const vfloat32m1_t kf_exc = __riscv_vmerge_vvm_f32m1(kf_exl, __riscv_vfmv_v_f_f32m1(89.0f, kf_evl), __riscv_vmfgt_vv_f32m1_b32(kf_exl, __riscv_vfmv_v_f_f32m1(89.0f, kf_evl), kf_evl), kf_evl); const vfloat32m1_t kf_enb = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(12582912.0f, kf_evl), kf_exc, __riscv_vfmv_v_f_f32m1(1.4426950216293335f, kf_evl), kf_evl); const vfloat32m1_t kf_en = __riscv_vfsub_vv_f32m1(kf_enb, __riscv_vfmv_v_f_f32m1(12582912.0f, kf_evl), kf_evl); const vfloat32m1_t kf_erh = __riscv_vfmacc_vv_f32m1(kf_exc, kf_en, __riscv_vfmv_v_f_f32m1(-0.693145751953125f, kf_evl), kf_evl); const vfloat32m1_t kf_er = __riscv_vfmacc_vv_f32m1(kf_erh, kf_en, __riscv_vfmv_v_f_f32m1(-0.000001428606765330187f, kf_evl), kf_evl); const vfloat32m1_t kf_ep1 = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(0.04189782217144966f, kf_evl), __riscv_vfmv_v_f_f32m1(0.008289290592074394f, kf_evl), kf_er, kf_evl); const vfloat32m1_t kf_ep2 = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(0.16667652130126953f, kf_evl), kf_ep1, kf_er, kf_evl); const vfloat32m1_t kf_ep3 = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(0.4999915063381195f, kf_evl), kf_ep2, kf_er, kf_evl); const vfloat32m1_t kf_ep4 = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(0.9999997019767761f, kf_evl), kf_ep3, kf_er, kf_evl); const vfloat32m1_t kf_ep5 = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(1.0f, kf_evl), kf_ep4, kf_er, kf_evl); const vint32m1_t kf_eni = __riscv_vsub_vv_i32m1(__riscv_vreinterpret_v_f32m1_i32m1(kf_enb), __riscv_vmv_v_x_i32m1(1262485504, kf_evl), kf_evl); const vint32m1_t kf_enh = __riscv_vsra_vx_i32m1(kf_eni, 1, kf_evl); const vfloat32m1_t kf_es1 = __riscv_vreinterpret_v_i32m1_f32m1(__riscv_vsll_vx_i32m1(__riscv_vadd_vv_i32m1(kf_enh, __riscv_vmv_v_x_i32m1(127, kf_evl), kf_evl), 23, kf_evl)); const vfloat32m1_t kf_es2 = __riscv_vreinterpret_v_i32m1_f32m1(__riscv_vsll_vx_i32m1(__riscv_vadd_vv_i32m1(__riscv_vsub_vv_i32m1(kf_eni, kf_enh, kf_evl), __riscv_vmv_v_x_i32m1(127, kf_evl), kf_evl), 23, kf_evl)); __riscv_vfmul_vv_f32m1(__riscv_vfmul_vv_f32m1(kf_ep5, kf_es1, kf_evl), kf_es2, kf_evl); });
            __riscv_vse32_v_f32m1(&sc[(x + 0)], p, vl);
            psum_0 = (psum_0 + __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(p, __riscv_vfmv_s_f_f32m1(0.0f, 1), vl)));
          }
          l_0 = (l_0 * alpha_0 + psum_0);
          m_0 = mnew_0;
          float tmax_1 = (-INFINITY);
          for (int32_t x = 0; x < jn; x += vl) {
            vl = __riscv_vsetvl_e32m1((jn - x));
            const float smax = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredmax_vs_f32m1_f32m1(__riscv_vle32_v_f32m1(&sc[(x + 64)], vl), __riscv_vfmv_s_f_f32m1(-INFINITY, 1), vl));
            tmax_1 = ((tmax_1) > (smax) ? (tmax_1) : (smax));
          }
          const float mnew_1 = ((m_1) > (tmax_1) ? (m_1) : (tmax_1));
          const float msub_1 = ((mnew_1 == (-INFINITY)) ? 0.0f : mnew_1);
          const float alpha_1 = expf((m_1 - msub_1));
          float psum_1 = 0.0f;
          for (int32_t x = 0; x < jn; x += vl) {
            vl = __riscv_vsetvl_e32m1((jn - x));
            const vfloat32m1_t p = ({ const size_t kf_evl = vl; const vfloat32m1_t kf_ex = (__riscv_vfsub_vv_f32m1(__riscv_vle32_v_f32m1(&sc[(x + 64)], vl), __riscv_vfmv_v_f_f32m1(msub_1, vl), vl)); const vfloat32m1_t kf_exl = __riscv_vmerge_vvm_f32m1(kf_ex, __riscv_vfmv_v_f_f32m1(-104.0f, kf_evl), __riscv_vmflt_vv_f32m1_b32(kf_ex, __riscv_vfmv_v_f_f32m1(-104.0f, kf_evl), kf_evl), kf_evl); const vfloat32m1_t kf_exc = __riscv_vmerge_vvm_f32m1(kf_exl, __riscv_vfmv_v_f_f32m1(89.0f, kf_evl), __riscv_vmfgt_vv_f32m1_b32(kf_exl, __riscv_vfmv_v_f_f32m1(89.0f, kf_evl), kf_evl), kf_evl); const vfloat32m1_t kf_enb = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(12582912.0f, kf_evl), kf_exc, __riscv_vfmv_v_f_f32m1(1.4426950216293335f, kf_evl), kf_evl); const vfloat32m1_t kf_en = __riscv_vfsub_vv_f32m1(kf_enb, __riscv_vfmv_v_f_f32m1(12582912.0f, kf_evl), kf_evl); const vfloat32m1_t kf_erh = __riscv_vfmacc_vv_f32m1(kf_exc, kf_en, __riscv_vfmv_v_f_f32m1(-0.693145751953125f, kf_evl), kf_evl); const vfloat32m1_t kf_er = __riscv_vfmacc_vv_f32m1(kf_erh, kf_en, __riscv_vfmv_v_f_f32m1(-0.000001428606765330187f, kf_evl), kf_evl); const vfloat32m1_t kf_ep1 = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(0.04189782217144966f, kf_evl), __riscv_vfmv_v_f_f32m1(0.008289290592074394f, kf_evl), kf_er, kf_evl); const vfloat32m1_t kf_ep2 = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(0.16667652130126953f, kf_evl), kf_ep1, kf_er, kf_evl); const vfloat32m1_t kf_ep3 = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(0.4999915063381195f, kf_evl), kf_ep2, kf_er, kf_evl); const vfloat32m1_t kf_ep4 = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(0.9999997019767761f, kf_evl), kf_ep3, kf_er, kf_evl); const vfloat32m1_t kf_ep5 = __riscv_vfmacc_vv_f32m1(__riscv_vfmv_v_f_f32m1(1.0f, kf_evl), kf_ep4, kf_er, kf_evl); const vint32m1_t kf_eni = __riscv_vsub_vv_i32m1(__riscv_vreinterpret_v_f32m1_i32m1(kf_enb), __riscv_vmv_v_x_i32m1(1262485504, kf_evl), kf_evl); const vint32m1_t kf_enh = __riscv_vsra_vx_i32m1(kf_eni, 1, kf_evl); const vfloat32m1_t kf_es1 = __riscv_vreinterpret_v_i32m1_f32m1(__riscv_vsll_vx_i32m1(__riscv_vadd_vv_i32m1(kf_enh, __riscv_vmv_v_x_i32m1(127, kf_evl), kf_evl), 23, kf_evl)); const vfloat32m1_t kf_es2 = __riscv_vreinterpret_v_i32m1_f32m1(__riscv_vsll_vx_i32m1(__riscv_vadd_vv_i32m1(__riscv_vsub_vv_i32m1(kf_eni, kf_enh, kf_evl), __riscv_vmv_v_x_i32m1(127, kf_evl), kf_evl), 23, kf_evl)); __riscv_vfmul_vv_f32m1(__riscv_vfmul_vv_f32m1(kf_ep5, kf_es1, kf_evl), kf_es2, kf_evl); });
            __riscv_vse32_v_f32m1(&sc[(x + 64)], p, vl);
            psum_1 = (psum_1 + __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(p, __riscv_vfmv_s_f_f32m1(0.0f, 1), vl)));
          }
          l_1 = (l_1 * alpha_1 + psum_1);
          m_1 = mnew_1;
          for (int32_t vb = 0; vb < 4; vb++) {
            for (int32_t e = 0; e < 32; e += vl) {
              vl = __riscv_vsetvl_e32m1((32 - e));
              vfloat32m1_t o_0 = __riscv_vfmul_vv_f32m1(__riscv_vle32_v_f32m1(&oacc[(((vb * 32) + e) + 0)], vl), __riscv_vfmv_v_f_f32m1(alpha_0, vl), vl);
              vfloat32m1_t o_1 = __riscv_vfmul_vv_f32m1(__riscv_vle32_v_f32m1(&oacc[(((vb * 32) + e) + 128)], vl), __riscv_vfmv_v_f_f32m1(alpha_1, vl), vl);
              for (int32_t jj = 0; jj < jn; jj++) {
                const int32_t vrow = (kvbase + (j0 + jj));
                const float vs = kf_f16_to_f32(kf_load_u16(&v[(((vrow * ((128 / 32) * 34)) + (vb * 34)) + 0)]));
                const vfloat32m1_t vv = __riscv_vfwcvt_f_x_v_f32m1(__riscv_vsext_vf2_i16mf2(__riscv_vle8_v_i8mf4((const int8_t*)(&v[((((vrow * ((128 / 32) * 34)) + (vb * 34)) + 2) + e)]), vl), vl), vl);
                o_0 = __riscv_vfmacc_vv_f32m1_tu(o_0, __riscv_vfmv_v_f_f32m1((sc[(jj + 0)] * vs), vl), vv, vl);
                o_1 = __riscv_vfmacc_vv_f32m1_tu(o_1, __riscv_vfmv_v_f_f32m1((sc[(jj + 64)] * vs), vl), vv, vl);
              }
              __riscv_vse32_v_f32m1(&oacc[(((vb * 32) + e) + 0)], o_0, vl);
              __riscv_vse32_v_f32m1(&oacc[(((vb * 32) + e) + 128)], o_1, vl);
            }
          }
        }
        part_m[((row_0 * 4) + sp)] = m_0;
        part_l[((row_0 * 4) + sp)] = l_0;
        for (int32_t y = 0; y < 128; y += vl) {
          vl = __riscv_vsetvl_e32m1((128 - y));
          __riscv_vse32_v_f32m1(&part_o[((((row_0 * 4) + sp) * 128) + y)], __riscv_vle32_v_f32m1(&oacc[(y + 0)], vl), vl);
        }
        if ((r0 + 1) < (Sq * 2)) {
          part_m[((row_1 * 4) + sp)] = m_1;
          part_l[((row_1 * 4) + sp)] = l_1;
          for (int32_t y = 0; y < 128; y += vl) {
            vl = __riscv_vsetvl_e32m1((128 - y));
            __riscv_vse32_v_f32m1(&part_o[((((row_1 * 4) + sp) * 128) + y)], __riscv_vle32_v_f32m1(&oacc[(y + 128)], vl), vl);
          }
        }
      }
    }
  }
}

void attention_combine_q8_0_h16x8_d128x128_w100_rvv_m1_q2_kv64_s4_int8(float* restrict part_m, float* restrict part_l, float* restrict part_o, float* restrict o, int32_t B, int32_t Sq, int32_t Skv) {
  int32_t vl = 0;
  float w[4];
  for (int32_t row = 0; row < ((B * 16) * Sq); row++) {
    float mx = (-INFINITY);
    for (int32_t sp = 0; sp < 4; sp++) {
      mx = ((mx) > (part_m[((row * 4) + sp)]) ? (mx) : (part_m[((row * 4) + sp)]));
    }
    float den = 0.0f;
    for (int32_t sp = 0; sp < 4; sp++) {
      const float wt = expf((part_m[((row * 4) + sp)] - mx));
      w[sp] = wt;
      den = (wt * part_l[((row * 4) + sp)] + den);
    }
    const float inv = (1.0f / den);
    for (int32_t y = 0; y < 128; y += vl) {
      vl = __riscv_vsetvl_e32m1((128 - y));
      vfloat32m1_t acc = __riscv_vfmv_v_f_f32m1(0.0f, vl);
      for (int32_t sp = 0; sp < 4; sp++) {
        acc = __riscv_vfmacc_vv_f32m1_tu(acc, __riscv_vfmv_v_f_f32m1((w[sp] * inv), vl), __riscv_vle32_v_f32m1(&part_o[((((row * 4) + sp) * 128) + y)], vl), vl);
      }
      __riscv_vse32_v_f32m1(&o[((row * 128) + y)], acc, vl);
    }
  }
}
