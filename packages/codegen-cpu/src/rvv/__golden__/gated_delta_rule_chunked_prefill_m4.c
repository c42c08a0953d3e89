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

void gated_delta_rule_chunked_c16_h1x2_d48x40_rvv_m4_bv40(const float* restrict q, const float* restrict k, const float* restrict v, const float* restrict g, const float* restrict beta, const float* s0, float* restrict o, float* s, int32_t B, int32_t T) {
  int32_t vl = 0;
  const int32_t vlmax = __riscv_vsetvl_e32m4(1048576);
  for (int32_t wi = 0; wi < (B * 2); wi++) {
    const int32_t b = (wi / 2);
    const int32_t h = ((wi / 1) % 2);
    const int32_t hk = (h / 2);
    const int32_t j0 = ((wi % 1) * 40);
    const int32_t bv = ((40) < ((40 - j0)) ? (40) : ((40 - j0)));
    const int32_t sbase = ((((b * 2) + h) * 1920) + j0);
    float st[1920];
    float kn[768];
    float qn[768];
    float ub[640];
    float ob[640];
    float am[256];
    float qk[256];
    float gm[16];
    float bt[16];
    float ea[16];
    float dl[16];
    for (int32_t x = 0; x < bv; x += vl) {
      vl = __riscv_vsetvl_e32m4((bv - x));
      for (int32_t i = 0; i < 48; i++) {
        __riscv_vse32_v_f32m4(&st[((i * 40) + x)], __riscv_vle32_v_f32m4(&s0[((sbase + (i * 40)) + x)], vl), vl);
      }
    }
    for (int32_t t0 = 0; t0 < T; t0 += 16) {
      const int32_t cc = ((16) < ((T - t0)) ? (16) : ((T - t0)));
      float gacc = 0.0f;
      for (int32_t cix = 0; cix < cc; cix++) {
        const int32_t gt = ((((b * T) + (t0 + cix)) * 2) + h);
        gacc = (gacc + g[gt]);
        gm[cix] = gacc;
        bt[cix] = beta[gt];
        ea[cix] = expf(gacc);
        const int32_t qkrow = (((((b * T) + (t0 + cix)) * 1) + hk) * 48);
        for (int32_t x = 0; x < 48; x += vl) {
          vl = __riscv_vsetvl_e32m4((48 - x));
          __riscv_vse32_v_f32m4(&kn[((cix * 48) + x)], __riscv_vle32_v_f32m4(&k[(qkrow + x)], vl), vl);
          __riscv_vse32_v_f32m4(&qn[((cix * 48) + x)], __riscv_vle32_v_f32m4(&q[(qkrow + x)], vl), vl);
        }
      }
      const float glast = gm[(cc - 1)];
      const float elast = ea[(cc - 1)];
      for (int32_t cix = 0; cix < cc; cix++) {
        dl[cix] = expf((glast - gm[cix]));
      }
      for (int32_t ci = 0; ci < cc; ci++) {
        for (int32_t cj = 0; cj < (ci + 1); cj++) {
          vfloat32m4_t dkk = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          vfloat32m4_t dqk = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          for (int32_t x = 0; x < 48; x += vl) {
            vl = __riscv_vsetvl_e32m4((48 - x));
            const vfloat32m4_t kj = __riscv_vle32_v_f32m4(&kn[((cj * 48) + x)], vl);
            dkk = __riscv_vfmacc_vv_f32m4_tu(dkk, __riscv_vle32_v_f32m4(&kn[((ci * 48) + x)], vl), kj, vl);
            dqk = __riscv_vfmacc_vv_f32m4_tu(dqk, __riscv_vle32_v_f32m4(&qn[((ci * 48) + x)], vl), kj, vl);
          }
          const float dec = expf((gm[ci] - gm[cj]));
          am[((ci * 16) + cj)] = ((bt[ci] * dec) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(dkk, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          qk[((ci * 16) + cj)] = (dec * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(dqk, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
      }
      for (int32_t x = 0; x < bv; x += vl) {
        vl = __riscv_vsetvl_e32m4((bv - x));
        for (int32_t c0 = 0; c0 < cc; c0 += 2) {
          const int32_t cr_0 = c0;
          vfloat32m4_t pk_0 = __riscv_vfmv_v_f_f32m4(0.0f, vl);
          vfloat32m4_t pq_0 = __riscv_vfmv_v_f_f32m4(0.0f, vl);
          const int32_t cr_1 = (((c0 + 1)) < ((cc - 1)) ? ((c0 + 1)) : ((cc - 1)));
          vfloat32m4_t pk_1 = __riscv_vfmv_v_f_f32m4(0.0f, vl);
          vfloat32m4_t pq_1 = __riscv_vfmv_v_f_f32m4(0.0f, vl);
          for (int32_t i = 0; i < 48; i++) {
            const vfloat32m4_t sv = __riscv_vle32_v_f32m4(&st[((i * 40) + x)], vl);
            pk_0 = __riscv_vfmacc_vv_f32m4_tu(pk_0, __riscv_vfmv_v_f_f32m4(kn[((cr_0 * 48) + i)], vl), sv, vl);
            pq_0 = __riscv_vfmacc_vv_f32m4_tu(pq_0, __riscv_vfmv_v_f_f32m4(qn[((cr_0 * 48) + i)], vl), sv, vl);
            pk_1 = __riscv_vfmacc_vv_f32m4_tu(pk_1, __riscv_vfmv_v_f_f32m4(kn[((cr_1 * 48) + i)], vl), sv, vl);
            pq_1 = __riscv_vfmacc_vv_f32m4_tu(pq_1, __riscv_vfmv_v_f_f32m4(qn[((cr_1 * 48) + i)], vl), sv, vl);
          }
          const float e_0 = ea[cr_0];
          __riscv_vse32_v_f32m4(&ub[((cr_0 * 40) + x)], __riscv_vfmul_vv_f32m4(__riscv_vfsub_vv_f32m4(__riscv_vle32_v_f32m4(&v[(((((((b * T) + (t0 + cr_0)) * 2) + h) * 40) + j0) + x)], vl), __riscv_vfmul_vv_f32m4(__riscv_vfmv_v_f_f32m4(e_0, vl), pk_0, vl), vl), __riscv_vfmv_v_f_f32m4(bt[cr_0], vl), vl), vl);
          __riscv_vse32_v_f32m4(&ob[((cr_0 * 40) + x)], __riscv_vfmul_vv_f32m4(__riscv_vfmv_v_f_f32m4(e_0, vl), pq_0, vl), vl);
          if ((c0 + 1) < cc) {
            const float e_1 = ea[cr_1];
            __riscv_vse32_v_f32m4(&ub[((cr_1 * 40) + x)], __riscv_vfmul_vv_f32m4(__riscv_vfsub_vv_f32m4(__riscv_vle32_v_f32m4(&v[(((((((b * T) + (t0 + cr_1)) * 2) + h) * 40) + j0) + x)], vl), __riscv_vfmul_vv_f32m4(__riscv_vfmv_v_f_f32m4(e_1, vl), pk_1, vl), vl), __riscv_vfmv_v_f_f32m4(bt[cr_1], vl), vl), vl);
            __riscv_vse32_v_f32m4(&ob[((cr_1 * 40) + x)], __riscv_vfmul_vv_f32m4(__riscv_vfmv_v_f_f32m4(e_1, vl), pq_1, vl), vl);
          }
        }
        for (int32_t ci = 0; ci < cc; ci++) {
          vfloat32m4_t uu = __riscv_vle32_v_f32m4(&ub[((ci * 40) + x)], vl);
          vfloat32m4_t oo = __riscv_vle32_v_f32m4(&ob[((ci * 40) + x)], vl);
          for (int32_t cj = 0; cj < ci; cj++) {
            const vfloat32m4_t uj = __riscv_vle32_v_f32m4(&ub[((cj * 40) + x)], vl);
            uu = __riscv_vfmacc_vv_f32m4_tu(uu, __riscv_vfmv_v_f_f32m4((0.0f - am[((ci * 16) + cj)]), vl), uj, vl);
            oo = __riscv_vfmacc_vv_f32m4_tu(oo, __riscv_vfmv_v_f_f32m4(qk[((ci * 16) + cj)], vl), uj, vl);
          }
          __riscv_vse32_v_f32m4(&ub[((ci * 40) + x)], uu, vl);
          oo = __riscv_vfmacc_vv_f32m4_tu(oo, __riscv_vfmv_v_f_f32m4(qk[((ci * 16) + ci)], vl), uu, vl);
          __riscv_vse32_v_f32m4(&o[(((((((b * T) + (t0 + ci)) * 2) + h) * 40) + j0) + x)], __riscv_vfmul_vv_f32m4(oo, __riscv_vfmv_v_f_f32m4(0.14433756729740646f, vl), vl), vl);
        }
        for (int32_t i0 = 0; i0 < 48; i0 += 2) {
          vfloat32m4_t sr_0 = __riscv_vfmul_vv_f32m4(__riscv_vfmv_v_f_f32m4(elast, vl), __riscv_vle32_v_f32m4(&st[(((i0 + 0) * 40) + x)], vl), vl);
          vfloat32m4_t sr_1 = __riscv_vfmul_vv_f32m4(__riscv_vfmv_v_f_f32m4(elast, vl), __riscv_vle32_v_f32m4(&st[(((i0 + 1) * 40) + x)], vl), vl);
          for (int32_t cj = 0; cj < cc; cj++) {
            const vfloat32m4_t uj = __riscv_vle32_v_f32m4(&ub[((cj * 40) + x)], vl);
            const float dj = dl[cj];
            sr_0 = __riscv_vfmacc_vv_f32m4_tu(sr_0, __riscv_vfmv_v_f_f32m4((dj * kn[((cj * 48) + (i0 + 0))]), vl), uj, vl);
            sr_1 = __riscv_vfmacc_vv_f32m4_tu(sr_1, __riscv_vfmv_v_f_f32m4((dj * kn[((cj * 48) + (i0 + 1))]), vl), uj, vl);
          }
          __riscv_vse32_v_f32m4(&st[(((i0 + 0) * 40) + x)], sr_0, vl);
          __riscv_vse32_v_f32m4(&st[(((i0 + 1) * 40) + x)], sr_1, vl);
        }
      }
    }
    for (int32_t x = 0; x < bv; x += vl) {
      vl = __riscv_vsetvl_e32m4((bv - x));
      for (int32_t i = 0; i < 48; i++) {
        __riscv_vse32_v_f32m4(&s[((sbase + (i * 40)) + x)], __riscv_vle32_v_f32m4(&st[((i * 40) + x)], vl), vl);
      }
    }
  }
}
