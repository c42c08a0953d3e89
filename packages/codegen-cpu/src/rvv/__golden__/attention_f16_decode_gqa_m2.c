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

void attention_f16_h16x8_d128x128_rvv_m2_q2_kv64_s1_float(const float* restrict q, const uint16_t* restrict k, const uint16_t* restrict v, float* restrict o, int32_t B, int32_t Sq, int32_t Skv) {
  int32_t vl = 0;
  const int32_t vlmax = __riscv_vsetvl_e32m2(1048576);
  float sc[128];
  float oacc[256];
  for (int32_t bh = 0; bh < (B * 8); bh++) {
    const int32_t kvbase = (bh * Skv);
    for (int32_t r0 = 0; r0 < (Sq * 2); r0 += 2) {
      const int32_t rr_0 = r0;
      const int32_t row_0 = (((((bh / 8) * 16) + (((bh % 8) * 2) + (rr_0 % 2))) * Sq) + (rr_0 / 2));
      const int32_t pos_0 = ((Skv - Sq) + (rr_0 / 2));
      const int32_t first_0 = 0;
      const int32_t last_0 = (Skv - 1);
      const int32_t rr_1 = (((r0 + 1)) < (((Sq * 2) - 1)) ? ((r0 + 1)) : (((Sq * 2) - 1)));
      const int32_t row_1 = (((((bh / 8) * 16) + (((bh % 8) * 2) + (rr_1 % 2))) * Sq) + (rr_1 / 2));
      const int32_t pos_1 = ((Skv - Sq) + (rr_1 / 2));
      const int32_t first_1 = 0;
      const int32_t last_1 = (Skv - 1);
      const int32_t lo = first_0;
      const int32_t hi = last_1;
      const int32_t plo = lo;
      const int32_t pend = (hi + 1);
      float m_0 = (-INFINITY);
      float l_0 = 0.0f;
      float m_1 = (-INFINITY);
      float l_1 = 0.0f;
      for (int32_t z = 0; z < 256; z += vl) {
        vl = __riscv_vsetvl_e32m2((256 - z));
        __riscv_vse32_v_f32m2(&oacc[z], __riscv_vfmv_v_f_f32m2(0.0f, vl), vl);
      }
      for (int32_t j0 = plo; j0 < pend; j0 += 64) {
        const int32_t jn = ((64) < ((pend - j0)) ? (64) : ((pend - j0)));
        for (int32_t jj = 0; jj < jn; jj++) {
          const int32_t j = (j0 + jj);
          const int32_t krow = (kvbase + j);
          vfloat32m2_t acc_0 = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
          vfloat32m2_t acc_1 = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
          for (int32_t d = 0; d < 128; d += vl) {
            vl = __riscv_vsetvl_e32m2((128 - d));
            const vfloat32m2_t kv = kf_rvv_f16_to_f32_f32m2(__riscv_vle16_v_u16m1((const uint16_t*)(&k[((krow * 128) + d)]), vl), vl);
            acc_0 = __riscv_vfmacc_vv_f32m2_tu(acc_0, __riscv_vle32_v_f32m2(&q[((row_0 * 128) + d)], vl), kv, vl);
            acc_1 = __riscv_vfmacc_vv_f32m2_tu(acc_1, __riscv_vle32_v_f32m2(&q[((row_1 * 128) + d)], vl), kv, vl);
          }
          const float dot_0 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          const float dot_1 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(acc_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          sc[(jj + 0)] = (dot_0 * 0.08838834764831843f);
          sc[(jj + 64)] = (dot_1 * 0.08838834764831843f);
        }
        float tmax_0 = (-INFINITY);
        for (int32_t x = 0; x < jn; x += vl) {
          vl = __riscv_vsetvl_e32m2((jn - x));
          const float smax = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredmax_vs_f32m2_f32m1(__riscv_vle32_v_f32m2(&sc[(x + 0)], vl), __riscv_vfmv_s_f_f32m1(-INFINITY, 1), vl));
          tmax_0 = ((tmax_0) > (smax) ? (tmax_0) : (smax));
        }
        const float mnew_0 = ((m_0) > (tmax_0) ? (m_0) : (tmax_0));
        const float msub_0 = ((mnew_0 == (-INFINITY)) ? 0.0f : mnew_0);
        const float alpha_0 = expf((m_0 - msub_0));
        float psum_0 = 0.0f;
        for (int32_t x = 0; x < jn; x += vl) {
          vl = __riscv_vsetvl_e32m2((jn - x));
          const vfloat32m2_t p = ({ const size_t kf_evl = vl; const vfloat32m2_t kf_ex = (__riscv_vfsub_vv_f32m2(__riscv_vle32_v_f32m2(&sc[(x + 0)], vl), __riscv_vfmv_v_f_f32m2(msub_0, vl), vl)); const vfloat32m2_t kf_exl = __riscv_vmerge_vvm_f32m2(kf_ex, __riscv_vfmv_v_f_f32m2(-104.0f, kf_evl), __riscv_vmflt_vv_f32m2_b16(kf_ex, __riscv_vfmv_v_f_f32m2(-104.0f, kf_evl), kf_evl), kf_evl); const vfloat32m2_t kf_exc = __riscv_vmerge_vvm_f32m2(kf_exl, __riscv_vfmv_v_f_f32m2(89.0f, kf_evl), __riscv_vmfgt_vv_f32m2_b16(kf_exl, __riscv_vfmv_v_f_f32m2(89.0f, kf_evl), kf_evl), kf_evl); const vfloat32m2_t kf_enb = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(12582912.0f, kf_evl), kf_exc, __riscv_vfmv_v_f_f32m2(1.4426950216293335f, kf_evl), kf_evl); const vfloat32m2_t kf_en = __riscv_vfsub_vv_f32m2(kf_enb, __riscv_vfmv_v_f_f32m2(12582912.0f, kf_evl), kf_evl); const vfloat32m2_t kf_erh = __riscv_vfmacc_vv_f32m2(kf_exc, kf_en, __riscv_vfmv_v_f_f32m2(-0.693145751953125f, kf_evl), kf_evl); const vfloat32m2_t kf_er = __riscv_vfmacc_vv_f32m2(kf_erh, kf_en, __riscv_vfmv_v_f_f32m2(-0.000001428606765330187f, kf_evl), kf_evl); const vfloat32m2_t kf_ep1 = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(0.04189782217144966f, kf_evl), __riscv_vfmv_v_f_f32m2(0.008289290592074394f, kf_evl), kf_er, kf_evl); const vfloat32m2_t kf_ep2 = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(0.16667652130126953f, kf_evl), kf_ep1, kf_er, kf_evl); const vfloat32m2_t kf_ep3 = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(0.4999915063381195f, kf_evl), kf_ep2, kf_er, kf_evl); const vfloat32m2_t kf_ep4 = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(0.9999997019767761f, kf_evl), kf_ep3, kf_er, kf_evl); const vfloat32m2_t kf_ep5 = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(1.0f, kf_evl), kf_ep4, kf_er, kf_evl); const vint32m2_t kf_eni = __riscv_vsub_vv_i32m2(__riscv_vreinterpret_v_f32m2_i32m2(kf_enb), __riscv_vmv_v_x_i32m2(1262485504, kf_evl), kf_evl); const vint32m2_t kf_enh = __riscv_vsra_vx_i32m2(kf_eni, 1, kf_evl); const vfloat32m2_t kf_es1 = __riscv_vreinterpret_v_i32m2_f32m2(__riscv_vsll_vx_i32m2(__riscv_vadd_vv_i32m2(kf_enh, __riscv_vmv_v_x_i32m2(127, kf_evl), kf_evl), 23, kf_evl)); const vfloat32m2_t kf_es2 = __riscv_vreinterpret_v_i32m2_f32m2(__riscv_vsll_vx_i32m2(__riscv_vadd_vv_i32m2(__riscv_vsub_vv_i32m2(kf_eni, kf_enh, kf_evl), __riscv_vmv_v_x_i32m2(127, kf_evl), kf_evl), 23, kf_evl)); __riscv_vfmul_vv_f32m2(__riscv_vfmul_vv_f32m2(kf_ep5, kf_es1, kf_evl), kf_es2, kf_evl); });
          __riscv_vse32_v_f32m2(&sc[(x + 0)], p, vl);
          psum_0 = (psum_0 + __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(p, __riscv_vfmv_s_f_f32m1(0.0f, 1), vl)));
        }
        l_0 = (l_0 * alpha_0 + psum_0);
        m_0 = mnew_0;
        float tmax_1 = (-INFINITY);
        for (int32_t x = 0; x < jn; x += vl) {
          vl = __riscv_vsetvl_e32m2((jn - x));
          const float smax = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredmax_vs_f32m2_f32m1(__riscv_vle32_v_f32m2(&sc[(x + 64)], vl), __riscv_vfmv_s_f_f32m1(-INFINITY, 1), vl));
          tmax_1 = ((tmax_1) > (smax) ? (tmax_1) : (smax));
        }
        const float mnew_1 = ((m_1) > (tmax_1) ? (m_1) : (tmax_1));
        const float msub_1 = ((mnew_1 == (-INFINITY)) ? 0.0f : mnew_1);
        const float alpha_1 = expf((m_1 - msub_1));
        float psum_1 = 0.0f;
        for (int32_t x = 0; x < jn; x += vl) {
          vl = __riscv_vsetvl_e32m2((jn - x));
          const vfloat32m2_t p = ({ const size_t kf_evl = vl; const vfloat32m2_t kf_ex = (__riscv_vfsub_vv_f32m2(__riscv_vle32_v_f32m2(&sc[(x + 64)], vl), __riscv_vfmv_v_f_f32m2(msub_1, vl), vl)); const vfloat32m2_t kf_exl = __riscv_vmerge_vvm_f32m2(kf_ex, __riscv_vfmv_v_f_f32m2(-104.0f, kf_evl), __riscv_vmflt_vv_f32m2_b16(kf_ex, __riscv_vfmv_v_f_f32m2(-104.0f, kf_evl), kf_evl), kf_evl); const vfloat32m2_t kf_exc = __riscv_vmerge_vvm_f32m2(kf_exl, __riscv_vfmv_v_f_f32m2(89.0f, kf_evl), __riscv_vmfgt_vv_f32m2_b16(kf_exl, __riscv_vfmv_v_f_f32m2(89.0f, kf_evl), kf_evl), kf_evl); const vfloat32m2_t kf_enb = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(12582912.0f, kf_evl), kf_exc, __riscv_vfmv_v_f_f32m2(1.4426950216293335f, kf_evl), kf_evl); const vfloat32m2_t kf_en = __riscv_vfsub_vv_f32m2(kf_enb, __riscv_vfmv_v_f_f32m2(12582912.0f, kf_evl), kf_evl); const vfloat32m2_t kf_erh = __riscv_vfmacc_vv_f32m2(kf_exc, kf_en, __riscv_vfmv_v_f_f32m2(-0.693145751953125f, kf_evl), kf_evl); const vfloat32m2_t kf_er = __riscv_vfmacc_vv_f32m2(kf_erh, kf_en, __riscv_vfmv_v_f_f32m2(-0.000001428606765330187f, kf_evl), kf_evl); const vfloat32m2_t kf_ep1 = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(0.04189782217144966f, kf_evl), __riscv_vfmv_v_f_f32m2(0.008289290592074394f, kf_evl), kf_er, kf_evl); const vfloat32m2_t kf_ep2 = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(0.16667652130126953f, kf_evl), kf_ep1, kf_er, kf_evl); const vfloat32m2_t kf_ep3 = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(0.4999915063381195f, kf_evl), kf_ep2, kf_er, kf_evl); const vfloat32m2_t kf_ep4 = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(0.9999997019767761f, kf_evl), kf_ep3, kf_er, kf_evl); const vfloat32m2_t kf_ep5 = __riscv_vfmacc_vv_f32m2(__riscv_vfmv_v_f_f32m2(1.0f, kf_evl), kf_ep4, kf_er, kf_evl); const vint32m2_t kf_eni = __riscv_vsub_vv_i32m2(__riscv_vreinterpret_v_f32m2_i32m2(kf_enb), __riscv_vmv_v_x_i32m2(1262485504, kf_evl), kf_evl); const vint32m2_t kf_enh = __riscv_vsra_vx_i32m2(kf_eni, 1, kf_evl); const vfloat32m2_t kf_es1 = __riscv_vreinterpret_v_i32m2_f32m2(__riscv_vsll_vx_i32m2(__riscv_vadd_vv_i32m2(kf_enh, __riscv_vmv_v_x_i32m2(127, kf_evl), kf_evl), 23, kf_evl)); const vfloat32m2_t kf_es2 = __riscv_vreinterpret_v_i32m2_f32m2(__riscv_vsll_vx_i32m2(__riscv_vadd_vv_i32m2(__riscv_vsub_vv_i32m2(kf_eni, kf_enh, kf_evl), __riscv_vmv_v_x_i32m2(127, kf_evl), kf_evl), 23, kf_evl)); __riscv_vfmul_vv_f32m2(__riscv_vfmul_vv_f32m2(kf_ep5, kf_es1, kf_evl), kf_es2, kf_evl); });
          __riscv_vse32_v_f32m2(&sc[(x + 64)], p, vl);
          psum_1 = (psum_1 + __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(p, __riscv_vfmv_s_f_f32m1(0.0f, 1), vl)));
        }
        l_1 = (l_1 * alpha_1 + psum_1);
        m_1 = mnew_1;
        for (int32_t d = 0; d < 128; d += vl) {
          vl = __riscv_vsetvl_e32m2((128 - d));
          vfloat32m2_t o_0 = __riscv_vfmul_vv_f32m2(__riscv_vle32_v_f32m2(&oacc[(d + 0)], vl), __riscv_vfmv_v_f_f32m2(alpha_0, vl), vl);
          vfloat32m2_t o_1 = __riscv_vfmul_vv_f32m2(__riscv_vle32_v_f32m2(&oacc[(d + 128)], vl), __riscv_vfmv_v_f_f32m2(alpha_1, vl), vl);
          for (int32_t jj = 0; jj < jn; jj++) {
            const int32_t vrow = (kvbase + (j0 + jj));
            const vfloat32m2_t vv = kf_rvv_f16_to_f32_f32m2(__riscv_vle16_v_u16m1((const uint16_t*)(&v[((vrow * 128) + d)]), vl), vl);
            o_0 = __riscv_vfmacc_vv_f32m2_tu(o_0, __riscv_vfmv_v_f_f32m2(sc[(jj + 0)], vl), vv, vl);
            o_1 = __riscv_vfmacc_vv_f32m2_tu(o_1, __riscv_vfmv_v_f_f32m2(sc[(jj + 64)], vl), vv, vl);
          }
          __riscv_vse32_v_f32m2(&oacc[(d + 0)], o_0, vl);
          __riscv_vse32_v_f32m2(&oacc[(d + 128)], o_1, vl);
        }
      }
      const float inv_0 = (1.0f / l_0);
      for (int32_t y = 0; y < 128; y += vl) {
        vl = __riscv_vsetvl_e32m2((128 - y));
        __riscv_vse32_v_f32m2(&o[((row_0 * 128) + y)], __riscv_vfmul_vv_f32m2(__riscv_vle32_v_f32m2(&oacc[(y + 0)], vl), __riscv_vfmv_v_f_f32m2(inv_0, vl), vl), vl);
      }
      if ((r0 + 1) < (Sq * 2)) {
        const float inv_1 = (1.0f / l_1);
        for (int32_t y = 0; y < 128; y += vl) {
          vl = __riscv_vsetvl_e32m2((128 - y));
          __riscv_vse32_v_f32m2(&o[((row_1 * 128) + y)], __riscv_vfmul_vv_f32m2(__riscv_vle32_v_f32m2(&oacc[(y + 128)], vl), __riscv_vfmv_v_f_f32m2(inv_1, vl), vl), vl);
        }
      }
    }
  }
}
