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

void gated_delta_rule_recurrent_h2x4_d64x64_l2_rvv_m2_bv32(const float* restrict q, const float* restrict k, const float* restrict v, const float* restrict g, const float* restrict beta, const float* s0, float* restrict o, float* s, int32_t B, int32_t T) {
  int32_t vl = 0;
  const int32_t vlmax = __riscv_vsetvl_e32m2(1048576);
  for (int32_t wi = 0; wi < (B * 8); wi++) {
    const int32_t b = (wi / 8);
    const int32_t h = ((wi / 2) % 4);
    const int32_t hk = (h / 2);
    const int32_t j0 = ((wi % 2) * 32);
    const int32_t bv = ((32) < ((64 - j0)) ? (32) : ((64 - j0)));
    const int32_t sbase = ((((b * 4) + h) * 4096) + j0);
    float st[2048];
    float kn[128];
    float qn[128];
    float akb[32];
    float aqb[32];
    float kqc = 0.0f;
    float kqn = 0.0f;
    const int32_t qkrow_0 = (((((b * T) + 0) * 2) + hk) * 64);
    vfloat32m2_t sk_0 = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
    vfloat32m2_t sq_0 = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
    vfloat32m2_t skq_0 = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
    for (int32_t x = 0; x < 64; x += vl) {
      vl = __riscv_vsetvl_e32m2((64 - x));
      const vfloat32m2_t kx_0 = __riscv_vle32_v_f32m2(&k[(qkrow_0 + x)], vl);
      const vfloat32m2_t qx_0 = __riscv_vle32_v_f32m2(&q[(qkrow_0 + x)], vl);
      sk_0 = __riscv_vfmacc_vv_f32m2_tu(sk_0, kx_0, kx_0, vl);
      sq_0 = __riscv_vfmacc_vv_f32m2_tu(sq_0, qx_0, qx_0, vl);
      skq_0 = __riscv_vfmacc_vv_f32m2_tu(skq_0, kx_0, qx_0, vl);
    }
    const float ik_0 = (1.0f / sqrtf((__riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(sk_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)) + 0.000001f)));
    const float iq_0 = (1.0f / sqrtf((__riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(sq_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)) + 0.000001f)));
    for (int32_t x = 0; x < 64; x += vl) {
      vl = __riscv_vsetvl_e32m2((64 - x));
      __riscv_vse32_v_f32m2(&kn[(0 + x)], __riscv_vfmul_vv_f32m2(__riscv_vle32_v_f32m2(&k[(qkrow_0 + x)], vl), __riscv_vfmv_v_f_f32m2(ik_0, vl), vl), vl);
      __riscv_vse32_v_f32m2(&qn[(0 + x)], __riscv_vfmul_vv_f32m2(__riscv_vle32_v_f32m2(&q[(qkrow_0 + x)], vl), __riscv_vfmv_v_f_f32m2(iq_0, vl), vl), vl);
    }
    kqc = ((__riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(skq_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)) * ik_0) * iq_0);
    for (int32_t x = 0; x < bv; x += vl) {
      vl = __riscv_vsetvl_e32m2((bv - x));
      vfloat32m2_t ak = __riscv_vfmv_v_f_f32m2(0.0f, vl);
      vfloat32m2_t aq = __riscv_vfmv_v_f_f32m2(0.0f, vl);
      for (int32_t i = 0; i < 64; i++) {
        const vfloat32m2_t sv = __riscv_vle32_v_f32m2(&s0[((sbase + (i * 64)) + x)], vl);
        __riscv_vse32_v_f32m2(&st[((i * 32) + x)], sv, vl);
        ak = __riscv_vfmacc_vv_f32m2_tu(ak, __riscv_vfmv_v_f_f32m2(kn[((0 * 64) + i)], vl), sv, vl);
        aq = __riscv_vfmacc_vv_f32m2_tu(aq, __riscv_vfmv_v_f_f32m2(qn[((0 * 64) + i)], vl), sv, vl);
      }
      __riscv_vse32_v_f32m2(&akb[x], ak, vl);
      __riscv_vse32_v_f32m2(&aqb[x], aq, vl);
    }
    for (int32_t t = 0; t < T; t++) {
      const int32_t cur = (t % 2);
      const int32_t nxt = (1 - cur);
      const int32_t gate = ((((b * T) + t) * 4) + h);
      const float a = expf(g[gate]);
      const float bt = beta[gate];
      const float as = (a * 0.125f);
      const int more = ((t + 1) < T);
      if (more) {
        const int32_t qkrow = (((((b * T) + (t + 1)) * 2) + hk) * 64);
        vfloat32m2_t sk = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
        vfloat32m2_t sq = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
        vfloat32m2_t skq = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
        for (int32_t x = 0; x < 64; x += vl) {
          vl = __riscv_vsetvl_e32m2((64 - x));
          const vfloat32m2_t kx = __riscv_vle32_v_f32m2(&k[(qkrow + x)], vl);
          const vfloat32m2_t qx = __riscv_vle32_v_f32m2(&q[(qkrow + x)], vl);
          sk = __riscv_vfmacc_vv_f32m2_tu(sk, kx, kx, vl);
          sq = __riscv_vfmacc_vv_f32m2_tu(sq, qx, qx, vl);
          skq = __riscv_vfmacc_vv_f32m2_tu(skq, kx, qx, vl);
        }
        const float ik = (1.0f / sqrtf((__riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(sk, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)) + 0.000001f)));
        const float iq = (1.0f / sqrtf((__riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(sq, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)) + 0.000001f)));
        for (int32_t x = 0; x < 64; x += vl) {
          vl = __riscv_vsetvl_e32m2((64 - x));
          __riscv_vse32_v_f32m2(&kn[((nxt * 64) + x)], __riscv_vfmul_vv_f32m2(__riscv_vle32_v_f32m2(&k[(qkrow + x)], vl), __riscv_vfmv_v_f_f32m2(ik, vl), vl), vl);
          __riscv_vse32_v_f32m2(&qn[((nxt * 64) + x)], __riscv_vfmul_vv_f32m2(__riscv_vle32_v_f32m2(&q[(qkrow + x)], vl), __riscv_vfmv_v_f_f32m2(iq, vl), vl), vl);
        }
        kqn = ((__riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(skq, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)) * ik) * iq);
      }
      const float kqs = (kqc * 0.125f);
      const int32_t vrow = ((gate * 64) + j0);
      for (int32_t x = 0; x < bv; x += vl) {
        vl = __riscv_vsetvl_e32m2((bv - x));
        const vfloat32m2_t u = __riscv_vfmul_vv_f32m2(__riscv_vfsub_vv_f32m2(__riscv_vle32_v_f32m2(&v[(vrow + x)], vl), __riscv_vfmul_vv_f32m2(__riscv_vfmv_v_f_f32m2(a, vl), __riscv_vle32_v_f32m2(&akb[x], vl), vl), vl), __riscv_vfmv_v_f_f32m2(bt, vl), vl);
        __riscv_vse32_v_f32m2(&o[(vrow + x)], __riscv_vfmacc_vv_f32m2_tu(__riscv_vfmul_vv_f32m2(__riscv_vfmv_v_f_f32m2(as, vl), __riscv_vle32_v_f32m2(&aqb[x], vl), vl), __riscv_vfmv_v_f_f32m2(kqs, vl), u, vl), vl);
        if (more) {
          vfloat32m2_t ak = __riscv_vfmv_v_f_f32m2(0.0f, vl);
          vfloat32m2_t aq = __riscv_vfmv_v_f_f32m2(0.0f, vl);
          for (int32_t i = 0; i < 64; i++) {
            const vfloat32m2_t sv = __riscv_vfmacc_vv_f32m2_tu(__riscv_vfmul_vv_f32m2(__riscv_vfmv_v_f_f32m2(a, vl), __riscv_vle32_v_f32m2(&st[((i * 32) + x)], vl), vl), __riscv_vfmv_v_f_f32m2(kn[((cur * 64) + i)], vl), u, vl);
            __riscv_vse32_v_f32m2(&st[((i * 32) + x)], sv, vl);
            ak = __riscv_vfmacc_vv_f32m2_tu(ak, __riscv_vfmv_v_f_f32m2(kn[((nxt * 64) + i)], vl), sv, vl);
            aq = __riscv_vfmacc_vv_f32m2_tu(aq, __riscv_vfmv_v_f_f32m2(qn[((nxt * 64) + i)], vl), sv, vl);
          }
          __riscv_vse32_v_f32m2(&akb[x], ak, vl);
          __riscv_vse32_v_f32m2(&aqb[x], aq, vl);
        } else {
          for (int32_t i = 0; i < 64; i++) {
            __riscv_vse32_v_f32m2(&s[((sbase + (i * 64)) + x)], __riscv_vfmacc_vv_f32m2_tu(__riscv_vfmul_vv_f32m2(__riscv_vfmv_v_f_f32m2(a, vl), __riscv_vle32_v_f32m2(&st[((i * 32) + x)], vl), vl), __riscv_vfmv_v_f_f32m2(kn[((cur * 64) + i)], vl), u, vl), vl);
          }
        }
      }
      kqc = kqn;
    }
  }
}
