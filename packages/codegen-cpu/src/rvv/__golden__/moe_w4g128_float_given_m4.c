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

void moe_w4g128_h256_i128_e8_k2_given_norm_rvv_m4_r1_t2_float_route(const int32_t* restrict ids, const float* restrict weights, int32_t* restrict route_id, float* restrict route_w, int32_t T) {
  for (int32_t p = 0; p < (T * 2); p++) {
    const int32_t e = ids[p];
    route_id[p] = (((e >= 0) && (e < 8)) ? e : (-1));
    route_w[p] = weights[p];
  }
}

void moe_w4g128_h256_i128_e8_k2_given_norm_rvv_m4_r1_t2_float_group(const int32_t* restrict route_id, int32_t* restrict expert_off, int32_t* restrict perm, int32_t* restrict ppos, int32_t T) {
  int32_t cur[8];
  for (int32_t e = 0; e < 8; e++) {
    cur[e] = 0;
  }
  for (int32_t p = 0; p < (T * 2); p++) {
    const int32_t e = route_id[p];
    if (e >= 0) {
      cur[e] = (cur[e] + 1);
    }
  }
  int32_t run = 0;
  for (int32_t e = 0; e < 8; e++) {
    const int32_t n = cur[e];
    expert_off[e] = run;
    cur[e] = run;
    run = (run + n);
  }
  expert_off[8] = run;
  for (int32_t p = 0; p < (T * 2); p++) {
    const int32_t e = route_id[p];
    if (e >= 0) {
      const int32_t pos = cur[e];
      perm[pos] = p;
      ppos[p] = pos;
      cur[e] = (pos + 1);
    } else {
      ppos[p] = (-1);
    }
  }
}

void moe_w4g128_h256_i128_e8_k2_given_norm_rvv_m4_r1_t2_float_gate_up(const float* restrict x, const uint8_t* restrict w_gate, const uint16_t* restrict w_gate_scale, const uint16_t* restrict w_gate_min, const uint8_t* restrict w_up, const uint16_t* restrict w_up_scale, const uint16_t* restrict w_up_min, const int32_t* restrict perm, const int32_t* restrict expert_off, float* restrict hidden, float* restrict xf, int32_t T) {
  for (int32_t m = 0; m < T; m++) {
    for (int32_t k = 0; k < 256; k++) {
      xf[((m * 256) + ((k - (k % 32)) + (((k % 32) / 2) + (((k % 32) % 2) * 16))))] = x[((m * 256) + k)];
    }
  }
  const int32_t vlmax = __riscv_vsetvl_e32m4(1048576);
  for (int32_t e = 0; e < 8; e++) {
    const int32_t base = expert_off[e];
    const int32_t cnt = (expert_off[(e + 1)] - base);
    if (cnt > 0) {
      for (int32_t rb = 0; rb < 128; rb++) {
        const int32_t n0 = (rb * 1);
        const int32_t full = (cnt - (cnt % 2));
        for (int32_t tt = 0; tt < full; tt += 2) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          const int32_t tok_1 = (perm[(base + (tt + 1))] / 2);
          vfloat32m4_t acc_0_0 = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          vfloat32m4_t acc_0_1 = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          vfloat32m4_t acc_1_0 = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          vfloat32m4_t acc_1_1 = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t b = 0; b < (256 / 32); b++) {
            const float sc_0 = kf_f16_to_f32(w_gate_scale[(((((e * 128) + n0) + 0) * (256 / 128)) + (b / 4))]);
            const vfloat32m4_t vsc_0 = __riscv_vfmv_v_f_f32m4(sc_0, vlmax);
            const vfloat32m4_t voff_0 = __riscv_vfmv_v_f_f32m4(kf_f16_to_f32(w_gate_min[(((((e * 128) + n0) + 0) * (256 / 128)) + (b / 4))]), vlmax);
            const float sc_1 = kf_f16_to_f32(w_up_scale[(((((e * 128) + n0) + 0) * (256 / 128)) + (b / 4))]);
            const vfloat32m4_t vsc_1 = __riscv_vfmv_v_f_f32m4(sc_1, vlmax);
            const vfloat32m4_t voff_1 = __riscv_vfmv_v_f_f32m4(kf_f16_to_f32(w_up_min[(((((e * 128) + n0) + 0) * (256 / 128)) + (b / 4))]), vlmax);
            for (int32_t j = 0; j < 16; j += vl) {
              vl = __riscv_vsetvl_e32m4((16 - j));
              const vfloat32m4_t xlo_0 = __riscv_vle32_v_f32m4(&xf[((tok_0 * 256) + ((b * 32) + j))], vl);
              const vfloat32m4_t xhi_0 = __riscv_vle32_v_f32m4(&xf[((tok_0 * 256) + ((b * 32) + (j + 16)))], vl);
              const vfloat32m4_t xlo_1 = __riscv_vle32_v_f32m4(&xf[((tok_1 * 256) + ((b * 32) + j))], vl);
              const vfloat32m4_t xhi_1 = __riscv_vle32_v_f32m4(&xf[((tok_1 * 256) + ((b * 32) + (j + 16)))], vl);
              const vuint8m1_t qs_0 = __riscv_vle8_v_u8m1((const uint8_t*)(&w_gate[((((((e * 128) + n0) + 0) * (256 / 2)) + (b * 16)) + j)]), vl);
              const vfloat32m4_t wlo_0 = __riscv_vfmacc_vv_f32m4_tu(voff_0, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vand_vv_u8m1(qs_0, __riscv_vmv_v_x_u8m1(15, vl), vl), vl), vl), vsc_0, vl);
              const vfloat32m4_t whi_0 = __riscv_vfmacc_vv_f32m4_tu(voff_0, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vsrl_vx_u8m1(qs_0, 4, vl), vl), vl), vsc_0, vl);
              acc_0_0 = __riscv_vfmacc_vv_f32m4_tu(acc_0_0, wlo_0, xlo_0, vl);
              acc_0_0 = __riscv_vfmacc_vv_f32m4_tu(acc_0_0, whi_0, xhi_0, vl);
              acc_0_1 = __riscv_vfmacc_vv_f32m4_tu(acc_0_1, wlo_0, xlo_1, vl);
              acc_0_1 = __riscv_vfmacc_vv_f32m4_tu(acc_0_1, whi_0, xhi_1, vl);
              const vuint8m1_t qs_1 = __riscv_vle8_v_u8m1((const uint8_t*)(&w_up[((((((e * 128) + n0) + 0) * (256 / 2)) + (b * 16)) + j)]), vl);
              const vfloat32m4_t wlo_1 = __riscv_vfmacc_vv_f32m4_tu(voff_1, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vand_vv_u8m1(qs_1, __riscv_vmv_v_x_u8m1(15, vl), vl), vl), vl), vsc_1, vl);
              const vfloat32m4_t whi_1 = __riscv_vfmacc_vv_f32m4_tu(voff_1, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vsrl_vx_u8m1(qs_1, 4, vl), vl), vl), vsc_1, vl);
              acc_1_0 = __riscv_vfmacc_vv_f32m4_tu(acc_1_0, wlo_1, xlo_0, vl);
              acc_1_0 = __riscv_vfmacc_vv_f32m4_tu(acc_1_0, whi_1, xhi_0, vl);
              acc_1_1 = __riscv_vfmacc_vv_f32m4_tu(acc_1_1, wlo_1, xlo_1, vl);
              acc_1_1 = __riscv_vfmacc_vv_f32m4_tu(acc_1_1, whi_1, xhi_1, vl);
            }
          }
          const float g_0_0 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(acc_0_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 0)) * 128) + (((n0 + 0) - ((n0 + 0) % 32)) + ((((n0 + 0) % 32) / 2) + ((((n0 + 0) % 32) % 2) * 16))))] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(acc_1_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_0_1 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(acc_0_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 1)) * 128) + (((n0 + 0) - ((n0 + 0) % 32)) + ((((n0 + 0) % 32) / 2) + ((((n0 + 0) % 32) % 2) * 16))))] = ((g_0_1 / (1.0f + expf((0.0f - g_0_1)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(acc_1_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          vfloat32m4_t acc_0 = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          vfloat32m4_t acc_1 = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t b = 0; b < (256 / 32); b++) {
            const float sc_0 = kf_f16_to_f32(w_gate_scale[(((((e * 128) + n0) + 0) * (256 / 128)) + (b / 4))]);
            const vfloat32m4_t vsc_0 = __riscv_vfmv_v_f_f32m4(sc_0, vlmax);
            const vfloat32m4_t voff_0 = __riscv_vfmv_v_f_f32m4(kf_f16_to_f32(w_gate_min[(((((e * 128) + n0) + 0) * (256 / 128)) + (b / 4))]), vlmax);
            const float sc_1 = kf_f16_to_f32(w_up_scale[(((((e * 128) + n0) + 0) * (256 / 128)) + (b / 4))]);
            const vfloat32m4_t vsc_1 = __riscv_vfmv_v_f_f32m4(sc_1, vlmax);
            const vfloat32m4_t voff_1 = __riscv_vfmv_v_f_f32m4(kf_f16_to_f32(w_up_min[(((((e * 128) + n0) + 0) * (256 / 128)) + (b / 4))]), vlmax);
            for (int32_t j = 0; j < 16; j += vl) {
              vl = __riscv_vsetvl_e32m4((16 - j));
              const vfloat32m4_t xlo = __riscv_vle32_v_f32m4(&xf[((tok_0 * 256) + ((b * 32) + j))], vl);
              const vfloat32m4_t xhi = __riscv_vle32_v_f32m4(&xf[((tok_0 * 256) + ((b * 32) + (j + 16)))], vl);
              const vuint8m1_t qs_0 = __riscv_vle8_v_u8m1((const uint8_t*)(&w_gate[((((((e * 128) + n0) + 0) * (256 / 2)) + (b * 16)) + j)]), vl);
              const vfloat32m4_t wlo_0 = __riscv_vfmacc_vv_f32m4_tu(voff_0, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vand_vv_u8m1(qs_0, __riscv_vmv_v_x_u8m1(15, vl), vl), vl), vl), vsc_0, vl);
              const vfloat32m4_t whi_0 = __riscv_vfmacc_vv_f32m4_tu(voff_0, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vsrl_vx_u8m1(qs_0, 4, vl), vl), vl), vsc_0, vl);
              acc_0 = __riscv_vfmacc_vv_f32m4_tu(acc_0, wlo_0, xlo, vl);
              acc_0 = __riscv_vfmacc_vv_f32m4_tu(acc_0, whi_0, xhi, vl);
              const vuint8m1_t qs_1 = __riscv_vle8_v_u8m1((const uint8_t*)(&w_up[((((((e * 128) + n0) + 0) * (256 / 2)) + (b * 16)) + j)]), vl);
              const vfloat32m4_t wlo_1 = __riscv_vfmacc_vv_f32m4_tu(voff_1, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vand_vv_u8m1(qs_1, __riscv_vmv_v_x_u8m1(15, vl), vl), vl), vl), vsc_1, vl);
              const vfloat32m4_t whi_1 = __riscv_vfmacc_vv_f32m4_tu(voff_1, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vsrl_vx_u8m1(qs_1, 4, vl), vl), vl), vsc_1, vl);
              acc_1 = __riscv_vfmacc_vv_f32m4_tu(acc_1, wlo_1, xlo, vl);
              acc_1 = __riscv_vfmacc_vv_f32m4_tu(acc_1, whi_1, xhi, vl);
            }
          }
          const float g_0_0 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 0)) * 128) + (((n0 + 0) - ((n0 + 0) % 32)) + ((((n0 + 0) % 32) / 2) + ((((n0 + 0) % 32) % 2) * 16))))] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(acc_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
      }
    }
  }
}

void moe_w4g128_h256_i128_e8_k2_given_norm_rvv_m4_r1_t2_float_down(const float* restrict hidden, const uint8_t* restrict w_down, const uint16_t* restrict w_down_scale, const uint16_t* restrict w_down_min, const float* restrict route_w, const int32_t* restrict perm, const int32_t* restrict expert_off, float* restrict partial, int32_t T) {
  const int32_t vlmax = __riscv_vsetvl_e32m4(1048576);
  for (int32_t e = 0; e < 8; e++) {
    const int32_t base = expert_off[e];
    const int32_t cnt = (expert_off[(e + 1)] - base);
    if (cnt > 0) {
      for (int32_t rb = 0; rb < 256; rb++) {
        const int32_t n0 = (rb * 1);
        const int32_t full = (cnt - (cnt % 2));
        for (int32_t tt = 0; tt < full; tt += 2) {
          vfloat32m4_t acc_0_0 = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          vfloat32m4_t acc_0_1 = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t b = 0; b < (128 / 32); b++) {
            const float sc_0 = kf_f16_to_f32(w_down_scale[(((((e * 256) + n0) + 0) * (128 / 128)) + (b / 4))]);
            const vfloat32m4_t vsc_0 = __riscv_vfmv_v_f_f32m4(sc_0, vlmax);
            const vfloat32m4_t voff_0 = __riscv_vfmv_v_f_f32m4(kf_f16_to_f32(w_down_min[(((((e * 256) + n0) + 0) * (128 / 128)) + (b / 4))]), vlmax);
            for (int32_t j = 0; j < 16; j += vl) {
              vl = __riscv_vsetvl_e32m4((16 - j));
              const vfloat32m4_t xlo_0 = __riscv_vle32_v_f32m4(&hidden[(((base + (tt + 0)) * 128) + ((b * 32) + j))], vl);
              const vfloat32m4_t xhi_0 = __riscv_vle32_v_f32m4(&hidden[(((base + (tt + 0)) * 128) + ((b * 32) + (j + 16)))], vl);
              const vfloat32m4_t xlo_1 = __riscv_vle32_v_f32m4(&hidden[(((base + (tt + 1)) * 128) + ((b * 32) + j))], vl);
              const vfloat32m4_t xhi_1 = __riscv_vle32_v_f32m4(&hidden[(((base + (tt + 1)) * 128) + ((b * 32) + (j + 16)))], vl);
              const vuint8m1_t qs_0 = __riscv_vle8_v_u8m1((const uint8_t*)(&w_down[((((((e * 256) + n0) + 0) * (128 / 2)) + (b * 16)) + j)]), vl);
              const vfloat32m4_t wlo_0 = __riscv_vfmacc_vv_f32m4_tu(voff_0, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vand_vv_u8m1(qs_0, __riscv_vmv_v_x_u8m1(15, vl), vl), vl), vl), vsc_0, vl);
              const vfloat32m4_t whi_0 = __riscv_vfmacc_vv_f32m4_tu(voff_0, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vsrl_vx_u8m1(qs_0, 4, vl), vl), vl), vsc_0, vl);
              acc_0_0 = __riscv_vfmacc_vv_f32m4_tu(acc_0_0, wlo_0, xlo_0, vl);
              acc_0_0 = __riscv_vfmacc_vv_f32m4_tu(acc_0_0, whi_0, xhi_0, vl);
              acc_0_1 = __riscv_vfmacc_vv_f32m4_tu(acc_0_1, wlo_0, xlo_1, vl);
              acc_0_1 = __riscv_vfmacc_vv_f32m4_tu(acc_0_1, whi_0, xhi_1, vl);
            }
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 256) + (n0 + 0))] = (rw_0 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(acc_0_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float rw_1 = route_w[perm[(base + (tt + 1))]];
          partial[(((base + (tt + 1)) * 256) + (n0 + 0))] = (rw_1 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(acc_0_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          vfloat32m4_t acc_0 = __riscv_vfmv_v_f_f32m4(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t b = 0; b < (128 / 32); b++) {
            const float sc_0 = kf_f16_to_f32(w_down_scale[(((((e * 256) + n0) + 0) * (128 / 128)) + (b / 4))]);
            const vfloat32m4_t vsc_0 = __riscv_vfmv_v_f_f32m4(sc_0, vlmax);
            const vfloat32m4_t voff_0 = __riscv_vfmv_v_f_f32m4(kf_f16_to_f32(w_down_min[(((((e * 256) + n0) + 0) * (128 / 128)) + (b / 4))]), vlmax);
            for (int32_t j = 0; j < 16; j += vl) {
              vl = __riscv_vsetvl_e32m4((16 - j));
              const vfloat32m4_t xlo = __riscv_vle32_v_f32m4(&hidden[(((base + (tt + 0)) * 128) + ((b * 32) + j))], vl);
              const vfloat32m4_t xhi = __riscv_vle32_v_f32m4(&hidden[(((base + (tt + 0)) * 128) + ((b * 32) + (j + 16)))], vl);
              const vuint8m1_t qs_0 = __riscv_vle8_v_u8m1((const uint8_t*)(&w_down[((((((e * 256) + n0) + 0) * (128 / 2)) + (b * 16)) + j)]), vl);
              const vfloat32m4_t wlo_0 = __riscv_vfmacc_vv_f32m4_tu(voff_0, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vand_vv_u8m1(qs_0, __riscv_vmv_v_x_u8m1(15, vl), vl), vl), vl), vsc_0, vl);
              const vfloat32m4_t whi_0 = __riscv_vfmacc_vv_f32m4_tu(voff_0, __riscv_vfwcvt_f_xu_v_f32m4(__riscv_vzext_vf2_u16m2(__riscv_vsrl_vx_u8m1(qs_0, 4, vl), vl), vl), vsc_0, vl);
              acc_0 = __riscv_vfmacc_vv_f32m4_tu(acc_0, wlo_0, xlo, vl);
              acc_0 = __riscv_vfmacc_vv_f32m4_tu(acc_0, whi_0, xhi, vl);
            }
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 256) + (n0 + 0))] = (rw_0 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m4_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
      }
    }
  }
}

void moe_w4g128_h256_i128_e8_k2_given_norm_rvv_m4_r1_t2_float_combine(const int32_t* restrict ppos, const float* restrict partial, float* restrict y, int32_t T) {
  for (int32_t t = 0; t < T; t++) {
    for (int32_t h = 0; h < 256; h++) {
      float s = 0.0f;
      for (int32_t r = 0; r < 2; r++) {
        const int32_t p = ppos[((t * 2) + r)];
        if (p >= 0) {
          s = (s + partial[((p * 256) + h)]);
        }
      }
      y[((t * 256) + h)] = s;
    }
  }
}
