#include <stdint.h>

static inline float kf_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu, bits;
  if (exp == 0x1fu) bits = sign | 0x7f800000u | (mant << 13);
  else if (exp != 0) bits = sign | ((exp + 112u) << 23) | (mant << 13);
  else if (mant == 0) bits = sign;
  else { /* subnormal: value = mant * 2^-24 exactly representable in f32 */
    float f = (float)mant * 5.9604644775390625e-8f;
    return sign ? -f : f;
  }
  float f; __builtin_memcpy(&f, &bits, 4); return f;
}
static inline float kf_bf16_to_f32(uint16_t h) { uint32_t bits = (uint32_t)h << 16; float f; __builtin_memcpy(&f, &bits, 4); return f; }
static inline uint16_t kf_load_u16(const void* p) { uint16_t v; __builtin_memcpy(&v, p, 2); return v; }
static inline float kf_load_f32(const void* p) { float v; __builtin_memcpy(&v, p, 4); return v; }

#include <hexagon_types.h>
#include <hexagon_protos.h>

/* bytes [p, p + n) into the low lanes, reading only the aligned chunks that hold them */
static inline HVX_Vector kf_hvx_load(const void* p, uint32_t n) {
  uintptr_t a = (uintptr_t)p;
  HVX_Vector lo = *(const HVX_Vector*)(a & ~(uintptr_t)127);
  HVX_Vector hi = *(const HVX_Vector*)((a + n - 1) & ~(uintptr_t)127);
  return Q6_V_valign_VVR(hi, lo, (uint32_t)a);
}
/* b's low bytes placed after the first `at` bytes of a */
static inline HVX_Vector kf_hvx_place(HVX_Vector a, HVX_Vector b, uint32_t at) {
  return Q6_V_vmux_QVV(Q6_Q_vsetq_R(at), a, Q6_V_vror_VR(b, 128 - at));
}
static inline HVX_Vector kf_hvx_join2(HVX_Vector a, HVX_Vector b, uint32_t part) {
  return kf_hvx_place(a, b, part);
}
static inline HVX_Vector kf_hvx_join4(HVX_Vector a, HVX_Vector b, HVX_Vector c, HVX_Vector d, uint32_t part) {
  return kf_hvx_place(kf_hvx_place(kf_hvx_place(a, b, part), c, 2 * part), d, 3 * part);
}
/* lane 8g holds the sum of 32-bit lanes 8g..8g+7 (one 32-byte block's vrmpy sums) */
static inline HVX_Vector kf_hvx_sum8(HVX_Vector v) {
  v = Q6_Vw_vadd_VwVw(v, Q6_V_vror_VR(v, 4));
  v = Q6_Vw_vadd_VwVw(v, Q6_V_vror_VR(v, 8));
  return Q6_Vw_vadd_VwVw(v, Q6_V_vror_VR(v, 16));
}

void moe_w4g32_h256_i128_e8_k2_given_norm_hvx_r1_t4_float_route(const int32_t* restrict ids, const float* restrict weights, int32_t* restrict route_id, float* restrict route_w, int32_t T) {
  for (int32_t p = 0; p < (T * 2); p++) {
    const int32_t e = ids[p];
    route_id[p] = (((e >= 0) && (e < 8)) ? e : (-1));
    route_w[p] = weights[p];
  }
}

void moe_w4g32_h256_i128_e8_k2_given_norm_hvx_r1_t4_float_group(const int32_t* restrict route_id, int32_t* restrict expert_off, int32_t* restrict perm, int32_t* restrict ppos, int32_t T) {
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

void moe_w4g32_h256_i128_e8_k2_given_norm_hvx_r1_t4_float_gate_up(const float* restrict x, const uint8_t* restrict w_gate, const uint16_t* restrict w_gate_scale, const uint16_t* restrict w_gate_min, const uint8_t* restrict w_up, const uint16_t* restrict w_up_scale, const uint16_t* restrict w_up_min, const int32_t* restrict perm, const int32_t* restrict expert_off, float* restrict hidden, float* restrict xf, int32_t T) {
  for (int32_t m = 0; m < T; m++) {
    for (int32_t k = 0; k < 256; k++) {
      xf[((m * 256) + ((k - (k % 32)) + (((k % 32) / 2) + (((k % 32) % 2) * 16))))] = x[((m * 256) + k)];
    }
  }
  for (int32_t e = 0; e < 8; e++) {
    const int32_t base = expert_off[e];
    const int32_t cnt = (expert_off[(e + 1)] - base);
    if (cnt > 0) {
      for (int32_t rb = 0; rb < 128; rb++) {
        const int32_t n0 = (rb * 1);
        const int32_t full = (cnt - (cnt % 4));
        for (int32_t tt = 0; tt < full; tt += 4) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          const int32_t tok_1 = (perm[(base + (tt + 1))] / 2);
          const int32_t tok_2 = (perm[(base + (tt + 2))] / 2);
          const int32_t tok_3 = (perm[(base + (tt + 3))] / 2);
          float acc_0_0 = 0.0f;
          float acc_0_1 = 0.0f;
          float acc_0_2 = 0.0f;
          float acc_0_3 = 0.0f;
          float acc_1_0 = 0.0f;
          float acc_1_1 = 0.0f;
          float acc_1_2 = 0.0f;
          float acc_1_3 = 0.0f;
          for (int32_t b = 0; b < (256 / 32); b++) {
            const float sc_0 = kf_f16_to_f32(w_gate_scale[(((((e * 128) + n0) + 0) * (256 / 32)) + b)]);
            const float off_0 = kf_f16_to_f32(w_gate_min[(((((e * 128) + n0) + 0) * (256 / 32)) + b)]);
            const float sc_1 = kf_f16_to_f32(w_up_scale[(((((e * 128) + n0) + 0) * (256 / 32)) + b)]);
            const float off_1 = kf_f16_to_f32(w_up_min[(((((e * 128) + n0) + 0) * (256 / 32)) + b)]);
            for (int32_t j = 0; j < 16; j++) {
              const float xlo_0 = xf[((tok_0 * 256) + ((b * 32) + j))];
              const float xhi_0 = xf[((tok_0 * 256) + ((b * 32) + (j + 16)))];
              const float xlo_1 = xf[((tok_1 * 256) + ((b * 32) + j))];
              const float xhi_1 = xf[((tok_1 * 256) + ((b * 32) + (j + 16)))];
              const float xlo_2 = xf[((tok_2 * 256) + ((b * 32) + j))];
              const float xhi_2 = xf[((tok_2 * 256) + ((b * 32) + (j + 16)))];
              const float xlo_3 = xf[((tok_3 * 256) + ((b * 32) + j))];
              const float xhi_3 = xf[((tok_3 * 256) + ((b * 32) + (j + 16)))];
              const uint8_t qs_0 = w_gate[((((((e * 128) + n0) + 0) * (256 / 2)) + (b * 16)) + j)];
              const float wlo_0 = (((float)(qs_0 & 15)) * sc_0 + off_0);
              const float whi_0 = (((float)(qs_0 >> 4)) * sc_0 + off_0);
              acc_0_0 = (wlo_0 * xlo_0 + acc_0_0);
              acc_0_1 = (wlo_0 * xlo_1 + acc_0_1);
              acc_0_2 = (wlo_0 * xlo_2 + acc_0_2);
              acc_0_3 = (wlo_0 * xlo_3 + acc_0_3);
              acc_0_0 = (whi_0 * xhi_0 + acc_0_0);
              acc_0_1 = (whi_0 * xhi_1 + acc_0_1);
              acc_0_2 = (whi_0 * xhi_2 + acc_0_2);
              acc_0_3 = (whi_0 * xhi_3 + acc_0_3);
              const uint8_t qs_1 = w_up[((((((e * 128) + n0) + 0) * (256 / 2)) + (b * 16)) + j)];
              const float wlo_1 = (((float)(qs_1 & 15)) * sc_1 + off_1);
              const float whi_1 = (((float)(qs_1 >> 4)) * sc_1 + off_1);
              acc_1_0 = (wlo_1 * xlo_0 + acc_1_0);
              acc_1_1 = (wlo_1 * xlo_1 + acc_1_1);
              acc_1_2 = (wlo_1 * xlo_2 + acc_1_2);
              acc_1_3 = (wlo_1 * xlo_3 + acc_1_3);
              acc_1_0 = (whi_1 * xhi_0 + acc_1_0);
              acc_1_1 = (whi_1 * xhi_1 + acc_1_1);
              acc_1_2 = (whi_1 * xhi_2 + acc_1_2);
              acc_1_3 = (whi_1 * xhi_3 + acc_1_3);
            }
          }
          const float g_0_0 = acc_0_0;
          hidden[(((base + (tt + 0)) * 128) + (((n0 + 0) - ((n0 + 0) % 32)) + ((((n0 + 0) % 32) / 2) + ((((n0 + 0) % 32) % 2) * 16))))] = ((g_0_0 / (1.0f + ({ const float kf_ex = ((0.0f - g_0_0)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_1_0);
          const float g_0_1 = acc_0_1;
          hidden[(((base + (tt + 1)) * 128) + (((n0 + 0) - ((n0 + 0) % 32)) + ((((n0 + 0) % 32) / 2) + ((((n0 + 0) % 32) % 2) * 16))))] = ((g_0_1 / (1.0f + ({ const float kf_ex = ((0.0f - g_0_1)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_1_1);
          const float g_0_2 = acc_0_2;
          hidden[(((base + (tt + 2)) * 128) + (((n0 + 0) - ((n0 + 0) % 32)) + ((((n0 + 0) % 32) / 2) + ((((n0 + 0) % 32) % 2) * 16))))] = ((g_0_2 / (1.0f + ({ const float kf_ex = ((0.0f - g_0_2)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_1_2);
          const float g_0_3 = acc_0_3;
          hidden[(((base + (tt + 3)) * 128) + (((n0 + 0) - ((n0 + 0) % 32)) + ((((n0 + 0) % 32) / 2) + ((((n0 + 0) % 32) % 2) * 16))))] = ((g_0_3 / (1.0f + ({ const float kf_ex = ((0.0f - g_0_3)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_1_3);
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          float acc_0_0 = 0.0f;
          float acc_1_0 = 0.0f;
          for (int32_t b = 0; b < (256 / 32); b++) {
            const float sc_0 = kf_f16_to_f32(w_gate_scale[(((((e * 128) + n0) + 0) * (256 / 32)) + b)]);
            const float off_0 = kf_f16_to_f32(w_gate_min[(((((e * 128) + n0) + 0) * (256 / 32)) + b)]);
            const float sc_1 = kf_f16_to_f32(w_up_scale[(((((e * 128) + n0) + 0) * (256 / 32)) + b)]);
            const float off_1 = kf_f16_to_f32(w_up_min[(((((e * 128) + n0) + 0) * (256 / 32)) + b)]);
            for (int32_t j = 0; j < 16; j++) {
              const float xlo_0 = xf[((tok_0 * 256) + ((b * 32) + j))];
              const float xhi_0 = xf[((tok_0 * 256) + ((b * 32) + (j + 16)))];
              const uint8_t qs_0 = w_gate[((((((e * 128) + n0) + 0) * (256 / 2)) + (b * 16)) + j)];
              const float wlo_0 = (((float)(qs_0 & 15)) * sc_0 + off_0);
              const float whi_0 = (((float)(qs_0 >> 4)) * sc_0 + off_0);
              acc_0_0 = (wlo_0 * xlo_0 + acc_0_0);
              acc_0_0 = (whi_0 * xhi_0 + acc_0_0);
              const uint8_t qs_1 = w_up[((((((e * 128) + n0) + 0) * (256 / 2)) + (b * 16)) + j)];
              const float wlo_1 = (((float)(qs_1 & 15)) * sc_1 + off_1);
              const float whi_1 = (((float)(qs_1 >> 4)) * sc_1 + off_1);
              acc_1_0 = (wlo_1 * xlo_0 + acc_1_0);
              acc_1_0 = (whi_1 * xhi_0 + acc_1_0);
            }
          }
          const float g_0_0 = acc_0_0;
          hidden[(((base + (tt + 0)) * 128) + (((n0 + 0) - ((n0 + 0) % 32)) + ((((n0 + 0) % 32) / 2) + ((((n0 + 0) % 32) % 2) * 16))))] = ((g_0_0 / (1.0f + ({ const float kf_ex = ((0.0f - g_0_0)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_1_0);
        }
      }
    }
  }
}

void moe_w4g32_h256_i128_e8_k2_given_norm_hvx_r1_t4_float_down(const float* restrict hidden, const uint8_t* restrict w_down, const uint16_t* restrict w_down_scale, const uint16_t* restrict w_down_min, const float* restrict route_w, const int32_t* restrict perm, const int32_t* restrict expert_off, float* restrict partial, int32_t T) {
  for (int32_t e = 0; e < 8; e++) {
    const int32_t base = expert_off[e];
    const int32_t cnt = (expert_off[(e + 1)] - base);
    if (cnt > 0) {
      for (int32_t rb = 0; rb < 256; rb++) {
        const int32_t n0 = (rb * 1);
        const int32_t full = (cnt - (cnt % 4));
        for (int32_t tt = 0; tt < full; tt += 4) {
          float acc_0_0 = 0.0f;
          float acc_0_1 = 0.0f;
          float acc_0_2 = 0.0f;
          float acc_0_3 = 0.0f;
          for (int32_t b = 0; b < (128 / 32); b++) {
            const float sc_0 = kf_f16_to_f32(w_down_scale[(((((e * 256) + n0) + 0) * (128 / 32)) + b)]);
            const float off_0 = kf_f16_to_f32(w_down_min[(((((e * 256) + n0) + 0) * (128 / 32)) + b)]);
            for (int32_t j = 0; j < 16; j++) {
              const float xlo_0 = hidden[(((base + (tt + 0)) * 128) + ((b * 32) + j))];
              const float xhi_0 = hidden[(((base + (tt + 0)) * 128) + ((b * 32) + (j + 16)))];
              const float xlo_1 = hidden[(((base + (tt + 1)) * 128) + ((b * 32) + j))];
              const float xhi_1 = hidden[(((base + (tt + 1)) * 128) + ((b * 32) + (j + 16)))];
              const float xlo_2 = hidden[(((base + (tt + 2)) * 128) + ((b * 32) + j))];
              const float xhi_2 = hidden[(((base + (tt + 2)) * 128) + ((b * 32) + (j + 16)))];
              const float xlo_3 = hidden[(((base + (tt + 3)) * 128) + ((b * 32) + j))];
              const float xhi_3 = hidden[(((base + (tt + 3)) * 128) + ((b * 32) + (j + 16)))];
              const uint8_t qs_0 = w_down[((((((e * 256) + n0) + 0) * (128 / 2)) + (b * 16)) + j)];
              const float wlo_0 = (((float)(qs_0 & 15)) * sc_0 + off_0);
              const float whi_0 = (((float)(qs_0 >> 4)) * sc_0 + off_0);
              acc_0_0 = (wlo_0 * xlo_0 + acc_0_0);
              acc_0_1 = (wlo_0 * xlo_1 + acc_0_1);
              acc_0_2 = (wlo_0 * xlo_2 + acc_0_2);
              acc_0_3 = (wlo_0 * xlo_3 + acc_0_3);
              acc_0_0 = (whi_0 * xhi_0 + acc_0_0);
              acc_0_1 = (whi_0 * xhi_1 + acc_0_1);
              acc_0_2 = (whi_0 * xhi_2 + acc_0_2);
              acc_0_3 = (whi_0 * xhi_3 + acc_0_3);
            }
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 256) + (n0 + 0))] = (rw_0 * acc_0_0);
          const float rw_1 = route_w[perm[(base + (tt + 1))]];
          partial[(((base + (tt + 1)) * 256) + (n0 + 0))] = (rw_1 * acc_0_1);
          const float rw_2 = route_w[perm[(base + (tt + 2))]];
          partial[(((base + (tt + 2)) * 256) + (n0 + 0))] = (rw_2 * acc_0_2);
          const float rw_3 = route_w[perm[(base + (tt + 3))]];
          partial[(((base + (tt + 3)) * 256) + (n0 + 0))] = (rw_3 * acc_0_3);
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          float acc_0_0 = 0.0f;
          for (int32_t b = 0; b < (128 / 32); b++) {
            const float sc_0 = kf_f16_to_f32(w_down_scale[(((((e * 256) + n0) + 0) * (128 / 32)) + b)]);
            const float off_0 = kf_f16_to_f32(w_down_min[(((((e * 256) + n0) + 0) * (128 / 32)) + b)]);
            for (int32_t j = 0; j < 16; j++) {
              const float xlo_0 = hidden[(((base + (tt + 0)) * 128) + ((b * 32) + j))];
              const float xhi_0 = hidden[(((base + (tt + 0)) * 128) + ((b * 32) + (j + 16)))];
              const uint8_t qs_0 = w_down[((((((e * 256) + n0) + 0) * (128 / 2)) + (b * 16)) + j)];
              const float wlo_0 = (((float)(qs_0 & 15)) * sc_0 + off_0);
              const float whi_0 = (((float)(qs_0 >> 4)) * sc_0 + off_0);
              acc_0_0 = (wlo_0 * xlo_0 + acc_0_0);
              acc_0_0 = (whi_0 * xhi_0 + acc_0_0);
            }
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 256) + (n0 + 0))] = (rw_0 * acc_0_0);
        }
      }
    }
  }
}

void moe_w4g32_h256_i128_e8_k2_given_norm_hvx_r1_t4_float_combine(const int32_t* restrict ppos, const float* restrict partial, float* restrict y, int32_t T) {
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
