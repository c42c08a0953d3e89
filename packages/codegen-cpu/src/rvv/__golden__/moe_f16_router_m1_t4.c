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

void moe_f16_h67_i45_e5_k2_router_norm_rvv_m1_r2_t4_float_route(const float* restrict x, const float* restrict router, int32_t* restrict route_id, float* restrict route_w, int32_t T) {
  const int32_t vlmax = __riscv_vsetvl_e32m1(1048576);
  float lg[5];
  for (int32_t t = 0; t < T; t++) {
    for (int32_t eb = 0; eb < 2; eb++) {
      const int32_t e0 = (eb * 2);
      vfloat32m1_t acc_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
      vfloat32m1_t acc_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
      int32_t vl = 0;
      for (int32_t k = 0; k < 67; k += vl) {
        vl = __riscv_vsetvl_e32m1((67 - k));
        const vfloat32m1_t xv = __riscv_vle32_v_f32m1(&x[((t * 67) + k)], vl);
        const vfloat32m1_t w_0 = __riscv_vle32_v_f32m1(&router[(((e0 + 0) * 67) + k)], vl);
        acc_0 = __riscv_vfmacc_vv_f32m1_tu(acc_0, w_0, xv, vl);
        const vfloat32m1_t w_1 = __riscv_vle32_v_f32m1(&router[(((e0 + 1) * 67) + k)], vl);
        acc_1 = __riscv_vfmacc_vv_f32m1_tu(acc_1, w_1, xv, vl);
      }
      lg[(e0 + 0)] = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
      lg[(e0 + 1)] = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
    }
    for (int32_t e0 = 4; e0 < 5; e0++) {
      vfloat32m1_t acc_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
      int32_t vl = 0;
      for (int32_t k = 0; k < 67; k += vl) {
        vl = __riscv_vsetvl_e32m1((67 - k));
        const vfloat32m1_t xv = __riscv_vle32_v_f32m1(&x[((t * 67) + k)], vl);
        const vfloat32m1_t w_0 = __riscv_vle32_v_f32m1(&router[(((e0 + 0) * 67) + k)], vl);
        acc_0 = __riscv_vfmacc_vv_f32m1_tu(acc_0, w_0, xv, vl);
      }
      lg[(e0 + 0)] = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
    }
    for (int32_t r = 0; r < 2; r++) {
      int32_t best = (-1);
      float bv = 0.0f;
      for (int32_t e = 0; e < 5; e++) {
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
    for (int32_t e = 0; e < 5; e++) {
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

void moe_f16_h67_i45_e5_k2_router_norm_rvv_m1_r2_t4_float_group(const int32_t* restrict route_id, int32_t* restrict expert_off, int32_t* restrict perm, int32_t* restrict ppos, int32_t T) {
  int32_t cur[5];
  for (int32_t e = 0; e < 5; e++) {
    cur[e] = 0;
  }
  for (int32_t p = 0; p < (T * 2); p++) {
    const int32_t e = route_id[p];
    if (e >= 0) {
      cur[e] = (cur[e] + 1);
    }
  }
  int32_t run = 0;
  for (int32_t e = 0; e < 5; e++) {
    const int32_t n = cur[e];
    expert_off[e] = run;
    cur[e] = run;
    run = (run + n);
  }
  expert_off[5] = run;
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

void moe_f16_h67_i45_e5_k2_router_norm_rvv_m1_r2_t4_float_gate_up(const float* restrict x, const uint16_t* restrict w_gate, const uint16_t* restrict w_up, const int32_t* restrict perm, const int32_t* restrict expert_off, float* restrict hidden, int32_t T) {
  const int32_t vlmax = __riscv_vsetvl_e32m1(1048576);
  for (int32_t e = 0; e < 5; e++) {
    const int32_t base = expert_off[e];
    const int32_t cnt = (expert_off[(e + 1)] - base);
    if (cnt > 0) {
      for (int32_t rb = 0; rb < 22; rb++) {
        const int32_t n0 = (rb * 2);
        const int32_t full = (cnt - (cnt % 4));
        for (int32_t tt = 0; tt < full; tt += 4) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          const int32_t tok_1 = (perm[(base + (tt + 1))] / 2);
          const int32_t tok_2 = (perm[(base + (tt + 2))] / 2);
          const int32_t tok_3 = (perm[(base + (tt + 3))] / 2);
          vfloat32m1_t acc_0_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_2 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_3 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_2 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_3 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_2_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_2_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_2_2 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_2_3 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_3_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_3_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_3_2 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_3_3 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t k = 0; k < 67; k += vl) {
            vl = __riscv_vsetvl_e32m1((67 - k));
            const vfloat32m1_t xv_0 = __riscv_vle32_v_f32m1(&x[((tok_0 * 67) + k)], vl);
            const vfloat32m1_t xv_1 = __riscv_vle32_v_f32m1(&x[((tok_1 * 67) + k)], vl);
            const vfloat32m1_t xv_2 = __riscv_vle32_v_f32m1(&x[((tok_2 * 67) + k)], vl);
            const vfloat32m1_t xv_3 = __riscv_vle32_v_f32m1(&x[((tok_3 * 67) + k)], vl);
            const vfloat32m1_t w_0 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_gate[(((((e * 45) + n0) + 0) * 67) + k)]), vl), vl);
            acc_0_0 = __riscv_vfmacc_vv_f32m1_tu(acc_0_0, w_0, xv_0, vl);
            acc_0_1 = __riscv_vfmacc_vv_f32m1_tu(acc_0_1, w_0, xv_1, vl);
            acc_0_2 = __riscv_vfmacc_vv_f32m1_tu(acc_0_2, w_0, xv_2, vl);
            acc_0_3 = __riscv_vfmacc_vv_f32m1_tu(acc_0_3, w_0, xv_3, vl);
            const vfloat32m1_t w_1 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_gate[(((((e * 45) + n0) + 1) * 67) + k)]), vl), vl);
            acc_1_0 = __riscv_vfmacc_vv_f32m1_tu(acc_1_0, w_1, xv_0, vl);
            acc_1_1 = __riscv_vfmacc_vv_f32m1_tu(acc_1_1, w_1, xv_1, vl);
            acc_1_2 = __riscv_vfmacc_vv_f32m1_tu(acc_1_2, w_1, xv_2, vl);
            acc_1_3 = __riscv_vfmacc_vv_f32m1_tu(acc_1_3, w_1, xv_3, vl);
            const vfloat32m1_t w_2 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_up[(((((e * 45) + n0) + 0) * 67) + k)]), vl), vl);
            acc_2_0 = __riscv_vfmacc_vv_f32m1_tu(acc_2_0, w_2, xv_0, vl);
            acc_2_1 = __riscv_vfmacc_vv_f32m1_tu(acc_2_1, w_2, xv_1, vl);
            acc_2_2 = __riscv_vfmacc_vv_f32m1_tu(acc_2_2, w_2, xv_2, vl);
            acc_2_3 = __riscv_vfmacc_vv_f32m1_tu(acc_2_3, w_2, xv_3, vl);
            const vfloat32m1_t w_3 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_up[(((((e * 45) + n0) + 1) * 67) + k)]), vl), vl);
            acc_3_0 = __riscv_vfmacc_vv_f32m1_tu(acc_3_0, w_3, xv_0, vl);
            acc_3_1 = __riscv_vfmacc_vv_f32m1_tu(acc_3_1, w_3, xv_1, vl);
            acc_3_2 = __riscv_vfmacc_vv_f32m1_tu(acc_3_2, w_3, xv_2, vl);
            acc_3_3 = __riscv_vfmacc_vv_f32m1_tu(acc_3_3, w_3, xv_3, vl);
          }
          const float g_0_0 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 0)) * 45) + (n0 + 0))] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_2_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_1_0 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 0)) * 45) + (n0 + 1))] = ((g_1_0 / (1.0f + expf((0.0f - g_1_0)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_3_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_0_1 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 1)) * 45) + (n0 + 0))] = ((g_0_1 / (1.0f + expf((0.0f - g_0_1)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_2_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_1_1 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 1)) * 45) + (n0 + 1))] = ((g_1_1 / (1.0f + expf((0.0f - g_1_1)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_3_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_0_2 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_2, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 2)) * 45) + (n0 + 0))] = ((g_0_2 / (1.0f + expf((0.0f - g_0_2)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_2_2, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_1_2 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_2, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 2)) * 45) + (n0 + 1))] = ((g_1_2 / (1.0f + expf((0.0f - g_1_2)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_3_2, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_0_3 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_3, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 3)) * 45) + (n0 + 0))] = ((g_0_3 / (1.0f + expf((0.0f - g_0_3)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_2_3, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_1_3 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_3, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 3)) * 45) + (n0 + 1))] = ((g_1_3 / (1.0f + expf((0.0f - g_1_3)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_3_3, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          vfloat32m1_t acc_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_2 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_3 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t k = 0; k < 67; k += vl) {
            vl = __riscv_vsetvl_e32m1((67 - k));
            const vfloat32m1_t xv = __riscv_vle32_v_f32m1(&x[((tok_0 * 67) + k)], vl);
            const vfloat32m1_t w_0 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_gate[(((((e * 45) + n0) + 0) * 67) + k)]), vl), vl);
            acc_0 = __riscv_vfmacc_vv_f32m1_tu(acc_0, w_0, xv, vl);
            const vfloat32m1_t w_1 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_gate[(((((e * 45) + n0) + 1) * 67) + k)]), vl), vl);
            acc_1 = __riscv_vfmacc_vv_f32m1_tu(acc_1, w_1, xv, vl);
            const vfloat32m1_t w_2 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_up[(((((e * 45) + n0) + 0) * 67) + k)]), vl), vl);
            acc_2 = __riscv_vfmacc_vv_f32m1_tu(acc_2, w_2, xv, vl);
            const vfloat32m1_t w_3 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_up[(((((e * 45) + n0) + 1) * 67) + k)]), vl), vl);
            acc_3 = __riscv_vfmacc_vv_f32m1_tu(acc_3, w_3, xv, vl);
          }
          const float g_0_0 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 0)) * 45) + (n0 + 0))] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_2, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_1_0 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 0)) * 45) + (n0 + 1))] = ((g_1_0 / (1.0f + expf((0.0f - g_1_0)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_3, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
      }
      for (int32_t n0 = 44; n0 < 45; n0++) {
        const int32_t full = (cnt - (cnt % 4));
        for (int32_t tt = 0; tt < full; tt += 4) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          const int32_t tok_1 = (perm[(base + (tt + 1))] / 2);
          const int32_t tok_2 = (perm[(base + (tt + 2))] / 2);
          const int32_t tok_3 = (perm[(base + (tt + 3))] / 2);
          vfloat32m1_t acc_0_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_2 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_3 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_2 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_3 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t k = 0; k < 67; k += vl) {
            vl = __riscv_vsetvl_e32m1((67 - k));
            const vfloat32m1_t xv_0 = __riscv_vle32_v_f32m1(&x[((tok_0 * 67) + k)], vl);
            const vfloat32m1_t xv_1 = __riscv_vle32_v_f32m1(&x[((tok_1 * 67) + k)], vl);
            const vfloat32m1_t xv_2 = __riscv_vle32_v_f32m1(&x[((tok_2 * 67) + k)], vl);
            const vfloat32m1_t xv_3 = __riscv_vle32_v_f32m1(&x[((tok_3 * 67) + k)], vl);
            const vfloat32m1_t w_0 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_gate[(((((e * 45) + n0) + 0) * 67) + k)]), vl), vl);
            acc_0_0 = __riscv_vfmacc_vv_f32m1_tu(acc_0_0, w_0, xv_0, vl);
            acc_0_1 = __riscv_vfmacc_vv_f32m1_tu(acc_0_1, w_0, xv_1, vl);
            acc_0_2 = __riscv_vfmacc_vv_f32m1_tu(acc_0_2, w_0, xv_2, vl);
            acc_0_3 = __riscv_vfmacc_vv_f32m1_tu(acc_0_3, w_0, xv_3, vl);
            const vfloat32m1_t w_1 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_up[(((((e * 45) + n0) + 0) * 67) + k)]), vl), vl);
            acc_1_0 = __riscv_vfmacc_vv_f32m1_tu(acc_1_0, w_1, xv_0, vl);
            acc_1_1 = __riscv_vfmacc_vv_f32m1_tu(acc_1_1, w_1, xv_1, vl);
            acc_1_2 = __riscv_vfmacc_vv_f32m1_tu(acc_1_2, w_1, xv_2, vl);
            acc_1_3 = __riscv_vfmacc_vv_f32m1_tu(acc_1_3, w_1, xv_3, vl);
          }
          const float g_0_0 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 0)) * 45) + (n0 + 0))] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_0_1 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 1)) * 45) + (n0 + 0))] = ((g_0_1 / (1.0f + expf((0.0f - g_0_1)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_0_2 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_2, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 2)) * 45) + (n0 + 0))] = ((g_0_2 / (1.0f + expf((0.0f - g_0_2)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_2, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float g_0_3 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_3, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 3)) * 45) + (n0 + 0))] = ((g_0_3 / (1.0f + expf((0.0f - g_0_3)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_3, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          vfloat32m1_t acc_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t k = 0; k < 67; k += vl) {
            vl = __riscv_vsetvl_e32m1((67 - k));
            const vfloat32m1_t xv = __riscv_vle32_v_f32m1(&x[((tok_0 * 67) + k)], vl);
            const vfloat32m1_t w_0 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_gate[(((((e * 45) + n0) + 0) * 67) + k)]), vl), vl);
            acc_0 = __riscv_vfmacc_vv_f32m1_tu(acc_0, w_0, xv, vl);
            const vfloat32m1_t w_1 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_up[(((((e * 45) + n0) + 0) * 67) + k)]), vl), vl);
            acc_1 = __riscv_vfmacc_vv_f32m1_tu(acc_1, w_1, xv, vl);
          }
          const float g_0_0 = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax));
          hidden[(((base + (tt + 0)) * 45) + (n0 + 0))] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
      }
    }
  }
}

void moe_f16_h67_i45_e5_k2_router_norm_rvv_m1_r2_t4_float_down(const float* restrict hidden, const uint16_t* restrict w_down, const float* restrict route_w, const int32_t* restrict perm, const int32_t* restrict expert_off, float* restrict partial, int32_t T) {
  const int32_t vlmax = __riscv_vsetvl_e32m1(1048576);
  for (int32_t e = 0; e < 5; e++) {
    const int32_t base = expert_off[e];
    const int32_t cnt = (expert_off[(e + 1)] - base);
    if (cnt > 0) {
      for (int32_t rb = 0; rb < 33; rb++) {
        const int32_t n0 = (rb * 2);
        const int32_t full = (cnt - (cnt % 4));
        for (int32_t tt = 0; tt < full; tt += 4) {
          vfloat32m1_t acc_0_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_2 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_3 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_2 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1_3 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t k = 0; k < 45; k += vl) {
            vl = __riscv_vsetvl_e32m1((45 - k));
            const vfloat32m1_t xv_0 = __riscv_vle32_v_f32m1(&hidden[(((base + (tt + 0)) * 45) + k)], vl);
            const vfloat32m1_t xv_1 = __riscv_vle32_v_f32m1(&hidden[(((base + (tt + 1)) * 45) + k)], vl);
            const vfloat32m1_t xv_2 = __riscv_vle32_v_f32m1(&hidden[(((base + (tt + 2)) * 45) + k)], vl);
            const vfloat32m1_t xv_3 = __riscv_vle32_v_f32m1(&hidden[(((base + (tt + 3)) * 45) + k)], vl);
            const vfloat32m1_t w_0 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_down[(((((e * 67) + n0) + 0) * 45) + k)]), vl), vl);
            acc_0_0 = __riscv_vfmacc_vv_f32m1_tu(acc_0_0, w_0, xv_0, vl);
            acc_0_1 = __riscv_vfmacc_vv_f32m1_tu(acc_0_1, w_0, xv_1, vl);
            acc_0_2 = __riscv_vfmacc_vv_f32m1_tu(acc_0_2, w_0, xv_2, vl);
            acc_0_3 = __riscv_vfmacc_vv_f32m1_tu(acc_0_3, w_0, xv_3, vl);
            const vfloat32m1_t w_1 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_down[(((((e * 67) + n0) + 1) * 45) + k)]), vl), vl);
            acc_1_0 = __riscv_vfmacc_vv_f32m1_tu(acc_1_0, w_1, xv_0, vl);
            acc_1_1 = __riscv_vfmacc_vv_f32m1_tu(acc_1_1, w_1, xv_1, vl);
            acc_1_2 = __riscv_vfmacc_vv_f32m1_tu(acc_1_2, w_1, xv_2, vl);
            acc_1_3 = __riscv_vfmacc_vv_f32m1_tu(acc_1_3, w_1, xv_3, vl);
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 67) + (n0 + 0))] = (rw_0 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          partial[(((base + (tt + 0)) * 67) + (n0 + 1))] = (rw_0 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float rw_1 = route_w[perm[(base + (tt + 1))]];
          partial[(((base + (tt + 1)) * 67) + (n0 + 0))] = (rw_1 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          partial[(((base + (tt + 1)) * 67) + (n0 + 1))] = (rw_1 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float rw_2 = route_w[perm[(base + (tt + 2))]];
          partial[(((base + (tt + 2)) * 67) + (n0 + 0))] = (rw_2 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_2, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          partial[(((base + (tt + 2)) * 67) + (n0 + 1))] = (rw_2 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_2, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float rw_3 = route_w[perm[(base + (tt + 3))]];
          partial[(((base + (tt + 3)) * 67) + (n0 + 0))] = (rw_3 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_3, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          partial[(((base + (tt + 3)) * 67) + (n0 + 1))] = (rw_3 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1_3, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          vfloat32m1_t acc_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t k = 0; k < 45; k += vl) {
            vl = __riscv_vsetvl_e32m1((45 - k));
            const vfloat32m1_t xv = __riscv_vle32_v_f32m1(&hidden[(((base + (tt + 0)) * 45) + k)], vl);
            const vfloat32m1_t w_0 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_down[(((((e * 67) + n0) + 0) * 45) + k)]), vl), vl);
            acc_0 = __riscv_vfmacc_vv_f32m1_tu(acc_0, w_0, xv, vl);
            const vfloat32m1_t w_1 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_down[(((((e * 67) + n0) + 1) * 45) + k)]), vl), vl);
            acc_1 = __riscv_vfmacc_vv_f32m1_tu(acc_1, w_1, xv, vl);
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 67) + (n0 + 0))] = (rw_0 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          partial[(((base + (tt + 0)) * 67) + (n0 + 1))] = (rw_0 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
      }
      for (int32_t n0 = 66; n0 < 67; n0++) {
        const int32_t full = (cnt - (cnt % 4));
        for (int32_t tt = 0; tt < full; tt += 4) {
          vfloat32m1_t acc_0_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_1 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_2 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          vfloat32m1_t acc_0_3 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t k = 0; k < 45; k += vl) {
            vl = __riscv_vsetvl_e32m1((45 - k));
            const vfloat32m1_t xv_0 = __riscv_vle32_v_f32m1(&hidden[(((base + (tt + 0)) * 45) + k)], vl);
            const vfloat32m1_t xv_1 = __riscv_vle32_v_f32m1(&hidden[(((base + (tt + 1)) * 45) + k)], vl);
            const vfloat32m1_t xv_2 = __riscv_vle32_v_f32m1(&hidden[(((base + (tt + 2)) * 45) + k)], vl);
            const vfloat32m1_t xv_3 = __riscv_vle32_v_f32m1(&hidden[(((base + (tt + 3)) * 45) + k)], vl);
            const vfloat32m1_t w_0 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_down[(((((e * 67) + n0) + 0) * 45) + k)]), vl), vl);
            acc_0_0 = __riscv_vfmacc_vv_f32m1_tu(acc_0_0, w_0, xv_0, vl);
            acc_0_1 = __riscv_vfmacc_vv_f32m1_tu(acc_0_1, w_0, xv_1, vl);
            acc_0_2 = __riscv_vfmacc_vv_f32m1_tu(acc_0_2, w_0, xv_2, vl);
            acc_0_3 = __riscv_vfmacc_vv_f32m1_tu(acc_0_3, w_0, xv_3, vl);
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 67) + (n0 + 0))] = (rw_0 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float rw_1 = route_w[perm[(base + (tt + 1))]];
          partial[(((base + (tt + 1)) * 67) + (n0 + 0))] = (rw_1 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_1, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float rw_2 = route_w[perm[(base + (tt + 2))]];
          partial[(((base + (tt + 2)) * 67) + (n0 + 0))] = (rw_2 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_2, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
          const float rw_3 = route_w[perm[(base + (tt + 3))]];
          partial[(((base + (tt + 3)) * 67) + (n0 + 0))] = (rw_3 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0_3, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          vfloat32m1_t acc_0 = __riscv_vfmv_v_f_f32m1(0.0f, vlmax);
          int32_t vl = 0;
          for (int32_t k = 0; k < 45; k += vl) {
            vl = __riscv_vsetvl_e32m1((45 - k));
            const vfloat32m1_t xv = __riscv_vle32_v_f32m1(&hidden[(((base + (tt + 0)) * 45) + k)], vl);
            const vfloat32m1_t w_0 = kf_rvv_f16_to_f32_f32m1(__riscv_vle16_v_u16mf2((const uint16_t*)(&w_down[(((((e * 67) + n0) + 0) * 45) + k)]), vl), vl);
            acc_0 = __riscv_vfmacc_vv_f32m1_tu(acc_0, w_0, xv, vl);
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 67) + (n0 + 0))] = (rw_0 * __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m1_f32m1(acc_0, __riscv_vfmv_s_f_f32m1(0.0f, 1), vlmax)));
        }
      }
    }
  }
}

void moe_f16_h67_i45_e5_k2_router_norm_rvv_m1_r2_t4_float_combine(const int32_t* restrict ppos, const float* restrict partial, float* restrict y, int32_t T) {
  for (int32_t t = 0; t < T; t++) {
    for (int32_t h = 0; h < 67; h++) {
      float s = 0.0f;
      for (int32_t r = 0; r < 2; r++) {
        const int32_t p = ppos[((t * 2) + r)];
        if (p >= 0) {
          s = (s + partial[((p * 67) + h)]);
        }
      }
      y[((t * 67) + h)] = s;
    }
  }
}
