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

void moe_q4_0_h256_i128_e8_k2_router_norm_rvv_m2_r2_t2_int8_route(const float* restrict x, const float* restrict router, int32_t* restrict route_id, float* restrict route_w, int32_t T) {
  const int32_t vlmax = __riscv_vsetvl_e32m2(1048576);
  float lg[8];
  for (int32_t t = 0; t < T; t++) {
    for (int32_t eb = 0; eb < 4; eb++) {
      const int32_t e0 = (eb * 2);
      vfloat32m2_t acc_0 = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
      vfloat32m2_t acc_1 = __riscv_vfmv_v_f_f32m2(0.0f, vlmax);
      int32_t vl = 0;
      for (int32_t k = 0; k < 256; k += vl) {
        vl = __riscv_vsetvl_e32m2((256 - k));
        const vfloat32m2_t xv = __riscv_vle32_v_f32m2(&x[((t * 256) + k)], vl);
        const vfloat32m2_t w_0 = __riscv_vle32_v_f32m2(&router[(((e0 + 0) * 256) + k)], vl);
        acc_0 = __riscv_vfmacc_vv_f32m2_tu(acc_0, w_0, xv, vl);
        const vfloat32m2_t w_1 = __riscv_vle32_v_f32m2(&router[(((e0 + 1) * 256) + k)], vl);
        acc_1 = __riscv_vfmacc_vv_f32m2_tu(acc_1, w_1, xv, vl);
      }
      lg[(e0 + 0)] = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
      lg[(e0 + 1)] = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m2_f32m1(acc_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
    }
    for (int32_t r = 0; r < 2; r++) {
      int32_t best = (-1);
      float bv = 0.0f;
      for (int32_t e = 0; e < 8; e++) {
        int32_t taken = 0;
        for (int32_t s = 0; s < r; s++) {
          taken = ((route_id[((t * 2) + s)] == e) ? 1 : taken);
        }
        const float l = lg[e];
        if ((taken == 0) && ((best < 0) || (l > bv))) {
          best = e;
          bv = l;
        }
      }
      route_id[((t * 2) + r)] = best;
    }
    const float lmax = lg[((route_id[((t * 2) + 0)] >= 0) ? route_id[((t * 2) + 0)] : 0)];
    float z = 0.0f;
    for (int32_t e = 0; e < 8; e++) {
      z = (z + expf((lg[e] - lmax)));
    }
    float ksum = 0.0f;
    for (int32_t r = 0; r < 2; r++) {
      const int32_t id = route_id[((t * 2) + r)];
      const float pr = (expf((lg[((id >= 0) ? id : 0)] - lmax)) / z);
      route_w[((t * 2) + r)] = pr;
      ksum = (ksum + pr);
    }
    for (int32_t r = 0; r < 2; r++) {
      route_w[((t * 2) + r)] = (route_w[((t * 2) + r)] / ksum);
    }
  }
}

void moe_q4_0_h256_i128_e8_k2_router_norm_rvv_m2_r2_t2_int8_group(const int32_t* restrict route_id, int32_t* restrict expert_off, int32_t* restrict perm, int32_t* restrict ppos, int32_t T) {
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

void moe_q4_0_h256_i128_e8_k2_router_norm_rvv_m2_r2_t2_int8_gate_up(const float* restrict x, const uint8_t* restrict w_gate, const uint8_t* restrict w_up, const int32_t* restrict perm, const int32_t* restrict expert_off, float* restrict hidden, int8_t* restrict xq, float* restrict xd, float* restrict xs, int32_t T) {
  for (int32_t m = 0; m < T; m++) {
    for (int32_t b = 0; b < (256 / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (fabsf(x[((m * 256) + ((b * 32) + j))])) ? (amax) : (fabsf(x[((m * 256) + ((b * 32) + j))])));
      }
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      int32_t isum = 0;
      for (int32_t j = 0; j < 32; j++) {
        const float s = (x[((m * 256) + ((b * 32) + j))] * id);
        const int32_t qv = ((int32_t)(s + ((s >= 0.0f) ? 0.5f : (-0.5f))));
        xq[((m * 256) + ((b * 32) + j))] = ((int8_t)qv);
        isum = (isum + qv);
      }
      xd[((m * (256 / 32)) + b)] = d;
      xs[((m * (256 / 32)) + b)] = (d * ((float)isum));
    }
  }
  const int32_t vlmax = __riscv_vsetvl_e32m2(1048576);
  for (int32_t e = 0; e < 8; e++) {
    const int32_t base = expert_off[e];
    const int32_t cnt = (expert_off[(e + 1)] - base);
    if (cnt > 0) {
      for (int32_t rb = 0; rb < 64; rb++) {
        const int32_t n0 = (rb * 2);
        const int32_t full = (cnt - (cnt % 2));
        for (int32_t tt = 0; tt < full; tt += 2) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          const int32_t tok_1 = (perm[(base + (tt + 1))] / 2);
          float acc_0_0 = 0.0f;
          float acc_0_1 = 0.0f;
          float acc_1_0 = 0.0f;
          float acc_1_1 = 0.0f;
          float acc_2_0 = 0.0f;
          float acc_2_1 = 0.0f;
          float acc_3_0 = 0.0f;
          float acc_3_1 = 0.0f;
          int32_t vl = 0;
          for (int32_t b = 0; b < (256 / 32); b++) {
            const float dx_0 = xd[((tok_0 * (256 / 32)) + b)];
            const float sx_0 = xs[((tok_0 * (256 / 32)) + b)];
            const float dx_1 = xd[((tok_1 * (256 / 32)) + b)];
            const float sx_1 = xs[((tok_1 * (256 / 32)) + b)];
            int32_t isum_0_0 = 0;
            int32_t isum_0_1 = 0;
            int32_t isum_1_0 = 0;
            int32_t isum_1_1 = 0;
            int32_t isum_2_0 = 0;
            int32_t isum_2_1 = 0;
            int32_t isum_3_0 = 0;
            int32_t isum_3_1 = 0;
            for (int32_t j = 0; j < 16; j += vl) {
              vl = __riscv_vsetvl_e8m2((16 - j));
              const vint8m2_t xlo_0 = __riscv_vle8_v_i8m2((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + j))]), vl);
              const vint8m2_t xhi_0 = __riscv_vle8_v_i8m2((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + (j + 16)))]), vl);
              const vint8m2_t xlo_1 = __riscv_vle8_v_i8m2((const int8_t*)(&xq[((tok_1 * 256) + ((b * 32) + j))]), vl);
              const vint8m2_t xhi_1 = __riscv_vle8_v_i8m2((const int8_t*)(&xq[((tok_1 * 256) + ((b * 32) + (j + 16)))]), vl);
              const vuint8m2_t qs_0 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_gate[(((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              const vint8m2_t wlo_0 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_0, __riscv_vmv_v_x_u8m2(15, vl), vl));
              const vint8m2_t whi_0 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_0, 4, vl));
              isum_0_0 = (isum_0_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_0, xlo_0, vl), whi_0, xhi_0, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              isum_0_1 = (isum_0_1 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_0, xlo_1, vl), whi_0, xhi_1, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              const vuint8m2_t qs_1 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_gate[(((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              const vint8m2_t wlo_1 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_1, __riscv_vmv_v_x_u8m2(15, vl), vl));
              const vint8m2_t whi_1 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_1, 4, vl));
              isum_1_0 = (isum_1_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_1, xlo_0, vl), whi_1, xhi_0, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              isum_1_1 = (isum_1_1 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_1, xlo_1, vl), whi_1, xhi_1, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              const vuint8m2_t qs_2 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_up[(((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              const vint8m2_t wlo_2 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_2, __riscv_vmv_v_x_u8m2(15, vl), vl));
              const vint8m2_t whi_2 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_2, 4, vl));
              isum_2_0 = (isum_2_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_2, xlo_0, vl), whi_2, xhi_0, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              isum_2_1 = (isum_2_1 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_2, xlo_1, vl), whi_2, xhi_1, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              const vuint8m2_t qs_3 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_up[(((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              const vint8m2_t wlo_3 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_3, __riscv_vmv_v_x_u8m2(15, vl), vl));
              const vint8m2_t whi_3 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_3, 4, vl));
              isum_3_0 = (isum_3_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_3, xlo_0, vl), whi_3, xhi_0, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              isum_3_1 = (isum_3_1 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_3, xlo_1, vl), whi_3, xhi_1, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
            }
            const float sc_0 = kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)]));
            acc_0_0 = (((float)isum_0_0) * (sc_0 * dx_0) + acc_0_0);
            acc_0_1 = (((float)isum_0_1) * (sc_0 * dx_1) + acc_0_1);
            acc_0_0 = ((sc_0 * (-8.0f)) * sx_0 + acc_0_0);
            acc_0_1 = ((sc_0 * (-8.0f)) * sx_1 + acc_0_1);
            const float sc_1 = kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)]));
            acc_1_0 = (((float)isum_1_0) * (sc_1 * dx_0) + acc_1_0);
            acc_1_1 = (((float)isum_1_1) * (sc_1 * dx_1) + acc_1_1);
            acc_1_0 = ((sc_1 * (-8.0f)) * sx_0 + acc_1_0);
            acc_1_1 = ((sc_1 * (-8.0f)) * sx_1 + acc_1_1);
            const float sc_2 = kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)]));
            acc_2_0 = (((float)isum_2_0) * (sc_2 * dx_0) + acc_2_0);
            acc_2_1 = (((float)isum_2_1) * (sc_2 * dx_1) + acc_2_1);
            acc_2_0 = ((sc_2 * (-8.0f)) * sx_0 + acc_2_0);
            acc_2_1 = ((sc_2 * (-8.0f)) * sx_1 + acc_2_1);
            const float sc_3 = kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)]));
            acc_3_0 = (((float)isum_3_0) * (sc_3 * dx_0) + acc_3_0);
            acc_3_1 = (((float)isum_3_1) * (sc_3 * dx_1) + acc_3_1);
            acc_3_0 = ((sc_3 * (-8.0f)) * sx_0 + acc_3_0);
            acc_3_1 = ((sc_3 * (-8.0f)) * sx_1 + acc_3_1);
          }
          const float g_0_0 = acc_0_0;
          hidden[(((base + (tt + 0)) * 128) + (n0 + 0))] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * acc_2_0);
          const float g_1_0 = acc_1_0;
          hidden[(((base + (tt + 0)) * 128) + (n0 + 1))] = ((g_1_0 / (1.0f + expf((0.0f - g_1_0)))) * acc_3_0);
          const float g_0_1 = acc_0_1;
          hidden[(((base + (tt + 1)) * 128) + (n0 + 0))] = ((g_0_1 / (1.0f + expf((0.0f - g_0_1)))) * acc_2_1);
          const float g_1_1 = acc_1_1;
          hidden[(((base + (tt + 1)) * 128) + (n0 + 1))] = ((g_1_1 / (1.0f + expf((0.0f - g_1_1)))) * acc_3_1);
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          float acc_0 = 0.0f;
          float acc_1 = 0.0f;
          float acc_2 = 0.0f;
          float acc_3 = 0.0f;
          int32_t vl = 0;
          for (int32_t b = 0; b < (256 / 32); b++) {
            const float dx = xd[((tok_0 * (256 / 32)) + b)];
            const float sx = xs[((tok_0 * (256 / 32)) + b)];
            int32_t isum_0 = 0;
            int32_t isum_1 = 0;
            int32_t isum_2 = 0;
            int32_t isum_3 = 0;
            for (int32_t j = 0; j < 16; j += vl) {
              vl = __riscv_vsetvl_e8m2((16 - j));
              const vint8m2_t xlo = __riscv_vle8_v_i8m2((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + j))]), vl);
              const vint8m2_t xhi = __riscv_vle8_v_i8m2((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + (j + 16)))]), vl);
              const vuint8m2_t qs_0 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_gate[(((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              isum_0 = (isum_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_0, __riscv_vmv_v_x_u8m2(15, vl), vl)), xlo, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_0, 4, vl)), xhi, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              const vuint8m2_t qs_1 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_gate[(((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              isum_1 = (isum_1 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_1, __riscv_vmv_v_x_u8m2(15, vl), vl)), xlo, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_1, 4, vl)), xhi, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              const vuint8m2_t qs_2 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_up[(((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              isum_2 = (isum_2 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_2, __riscv_vmv_v_x_u8m2(15, vl), vl)), xlo, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_2, 4, vl)), xhi, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              const vuint8m2_t qs_3 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_up[(((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              isum_3 = (isum_3 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_3, __riscv_vmv_v_x_u8m2(15, vl), vl)), xlo, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_3, 4, vl)), xhi, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
            }
            const float sc_0 = kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)]));
            acc_0 = (((float)isum_0) * (sc_0 * dx) + acc_0);
            acc_0 = ((sc_0 * (-8.0f)) * sx + acc_0);
            const float sc_1 = kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)]));
            acc_1 = (((float)isum_1) * (sc_1 * dx) + acc_1);
            acc_1 = ((sc_1 * (-8.0f)) * sx + acc_1);
            const float sc_2 = kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)]));
            acc_2 = (((float)isum_2) * (sc_2 * dx) + acc_2);
            acc_2 = ((sc_2 * (-8.0f)) * sx + acc_2);
            const float sc_3 = kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)]));
            acc_3 = (((float)isum_3) * (sc_3 * dx) + acc_3);
            acc_3 = ((sc_3 * (-8.0f)) * sx + acc_3);
          }
          const float g_0_0 = acc_0;
          hidden[(((base + (tt + 0)) * 128) + (n0 + 0))] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * acc_2);
          const float g_1_0 = acc_1;
          hidden[(((base + (tt + 0)) * 128) + (n0 + 1))] = ((g_1_0 / (1.0f + expf((0.0f - g_1_0)))) * acc_3);
        }
      }
    }
  }
}

void moe_q4_0_h256_i128_e8_k2_router_norm_rvv_m2_r2_t2_int8_down(const float* restrict hidden, const uint8_t* restrict w_down, const float* restrict route_w, const int32_t* restrict perm, const int32_t* restrict expert_off, float* restrict partial, int8_t* restrict hq, float* restrict hd, float* restrict hs, int32_t T) {
  const int32_t npairs = expert_off[8];
  for (int32_t m = 0; m < npairs; m++) {
    for (int32_t b = 0; b < (128 / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (fabsf(hidden[((m * 128) + ((b * 32) + j))])) ? (amax) : (fabsf(hidden[((m * 128) + ((b * 32) + j))])));
      }
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      int32_t isum = 0;
      for (int32_t j = 0; j < 32; j++) {
        const float s = (hidden[((m * 128) + ((b * 32) + j))] * id);
        const int32_t qv = ((int32_t)(s + ((s >= 0.0f) ? 0.5f : (-0.5f))));
        hq[((m * 128) + ((b * 32) + j))] = ((int8_t)qv);
        isum = (isum + qv);
      }
      hd[((m * (128 / 32)) + b)] = d;
      hs[((m * (128 / 32)) + b)] = (d * ((float)isum));
    }
  }
  const int32_t vlmax = __riscv_vsetvl_e32m2(1048576);
  for (int32_t e = 0; e < 8; e++) {
    const int32_t base = expert_off[e];
    const int32_t cnt = (expert_off[(e + 1)] - base);
    if (cnt > 0) {
      for (int32_t rb = 0; rb < 128; rb++) {
        const int32_t n0 = (rb * 2);
        const int32_t full = (cnt - (cnt % 2));
        for (int32_t tt = 0; tt < full; tt += 2) {
          float acc_0_0 = 0.0f;
          float acc_0_1 = 0.0f;
          float acc_1_0 = 0.0f;
          float acc_1_1 = 0.0f;
          int32_t vl = 0;
          for (int32_t b = 0; b < (128 / 32); b++) {
            const float dx_0 = hd[(((base + (tt + 0)) * (128 / 32)) + b)];
            const float sx_0 = hs[(((base + (tt + 0)) * (128 / 32)) + b)];
            const float dx_1 = hd[(((base + (tt + 1)) * (128 / 32)) + b)];
            const float sx_1 = hs[(((base + (tt + 1)) * (128 / 32)) + b)];
            int32_t isum_0_0 = 0;
            int32_t isum_0_1 = 0;
            int32_t isum_1_0 = 0;
            int32_t isum_1_1 = 0;
            for (int32_t j = 0; j < 16; j += vl) {
              vl = __riscv_vsetvl_e8m2((16 - j));
              const vint8m2_t xlo_0 = __riscv_vle8_v_i8m2((const int8_t*)(&hq[(((base + (tt + 0)) * 128) + ((b * 32) + j))]), vl);
              const vint8m2_t xhi_0 = __riscv_vle8_v_i8m2((const int8_t*)(&hq[(((base + (tt + 0)) * 128) + ((b * 32) + (j + 16)))]), vl);
              const vint8m2_t xlo_1 = __riscv_vle8_v_i8m2((const int8_t*)(&hq[(((base + (tt + 1)) * 128) + ((b * 32) + j))]), vl);
              const vint8m2_t xhi_1 = __riscv_vle8_v_i8m2((const int8_t*)(&hq[(((base + (tt + 1)) * 128) + ((b * 32) + (j + 16)))]), vl);
              const vuint8m2_t qs_0 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_down[(((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              const vint8m2_t wlo_0 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_0, __riscv_vmv_v_x_u8m2(15, vl), vl));
              const vint8m2_t whi_0 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_0, 4, vl));
              isum_0_0 = (isum_0_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_0, xlo_0, vl), whi_0, xhi_0, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              isum_0_1 = (isum_0_1 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_0, xlo_1, vl), whi_0, xhi_1, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              const vuint8m2_t qs_1 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_down[(((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              const vint8m2_t wlo_1 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_1, __riscv_vmv_v_x_u8m2(15, vl), vl));
              const vint8m2_t whi_1 = __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_1, 4, vl));
              isum_1_0 = (isum_1_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_1, xlo_0, vl), whi_1, xhi_0, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              isum_1_1 = (isum_1_1 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), wlo_1, xlo_1, vl), whi_1, xhi_1, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
            }
            const float sc_0 = kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 0)]));
            acc_0_0 = (((float)isum_0_0) * (sc_0 * dx_0) + acc_0_0);
            acc_0_1 = (((float)isum_0_1) * (sc_0 * dx_1) + acc_0_1);
            acc_0_0 = ((sc_0 * (-8.0f)) * sx_0 + acc_0_0);
            acc_0_1 = ((sc_0 * (-8.0f)) * sx_1 + acc_0_1);
            const float sc_1 = kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 0)]));
            acc_1_0 = (((float)isum_1_0) * (sc_1 * dx_0) + acc_1_0);
            acc_1_1 = (((float)isum_1_1) * (sc_1 * dx_1) + acc_1_1);
            acc_1_0 = ((sc_1 * (-8.0f)) * sx_0 + acc_1_0);
            acc_1_1 = ((sc_1 * (-8.0f)) * sx_1 + acc_1_1);
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 256) + (n0 + 0))] = (rw_0 * acc_0_0);
          partial[(((base + (tt + 0)) * 256) + (n0 + 1))] = (rw_0 * acc_1_0);
          const float rw_1 = route_w[perm[(base + (tt + 1))]];
          partial[(((base + (tt + 1)) * 256) + (n0 + 0))] = (rw_1 * acc_0_1);
          partial[(((base + (tt + 1)) * 256) + (n0 + 1))] = (rw_1 * acc_1_1);
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          float acc_0 = 0.0f;
          float acc_1 = 0.0f;
          int32_t vl = 0;
          for (int32_t b = 0; b < (128 / 32); b++) {
            const float dx = hd[(((base + (tt + 0)) * (128 / 32)) + b)];
            const float sx = hs[(((base + (tt + 0)) * (128 / 32)) + b)];
            int32_t isum_0 = 0;
            int32_t isum_1 = 0;
            for (int32_t j = 0; j < 16; j += vl) {
              vl = __riscv_vsetvl_e8m2((16 - j));
              const vint8m2_t xlo = __riscv_vle8_v_i8m2((const int8_t*)(&hq[(((base + (tt + 0)) * 128) + ((b * 32) + j))]), vl);
              const vint8m2_t xhi = __riscv_vle8_v_i8m2((const int8_t*)(&hq[(((base + (tt + 0)) * 128) + ((b * 32) + (j + 16)))]), vl);
              const vuint8m2_t qs_0 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_down[(((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              isum_0 = (isum_0 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_0, __riscv_vmv_v_x_u8m2(15, vl), vl)), xlo, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_0, 4, vl)), xhi, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
              const vuint8m2_t qs_1 = __riscv_vle8_v_u8m2((const uint8_t*)(&w_down[(((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 2) + j)]), vl);
              isum_1 = (isum_1 + __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m4_i32m1(__riscv_vwmacc_vv_i16m4(__riscv_vwmacc_vv_i16m4(__riscv_vmv_v_x_i16m4(0, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vand_vv_u8m2(qs_1, __riscv_vmv_v_x_u8m2(15, vl), vl)), xlo, vl), __riscv_vreinterpret_v_u8m2_i8m2(__riscv_vsrl_vx_u8m2(qs_1, 4, vl)), xhi, vl), __riscv_vmv_s_x_i32m1(0, 1), vl)));
            }
            const float sc_0 = kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 0)]));
            acc_0 = (((float)isum_0) * (sc_0 * dx) + acc_0);
            acc_0 = ((sc_0 * (-8.0f)) * sx + acc_0);
            const float sc_1 = kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 0)]));
            acc_1 = (((float)isum_1) * (sc_1 * dx) + acc_1);
            acc_1 = ((sc_1 * (-8.0f)) * sx + acc_1);
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 256) + (n0 + 0))] = (rw_0 * acc_0);
          partial[(((base + (tt + 0)) * 256) + (n0 + 1))] = (rw_0 * acc_1);
        }
      }
    }
  }
}

void moe_q4_0_h256_i128_e8_k2_router_norm_rvv_m2_r2_t2_int8_combine(const int32_t* restrict ppos, const float* restrict partial, float* restrict y, int32_t T) {
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
