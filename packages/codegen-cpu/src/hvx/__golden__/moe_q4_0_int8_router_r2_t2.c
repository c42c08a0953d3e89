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

void moe_q4_0_h256_i128_e8_k2_router_norm_hvx_r2_t2_int8_route(const float* restrict x, const float* restrict router, int32_t* restrict route_id, float* restrict route_w, int32_t T) {
  float lg[8];
  for (int32_t t = 0; t < T; t++) {
    for (int32_t eb = 0; eb < 4; eb++) {
      const int32_t e0 = (eb * 2);
      float acc_0_0 = 0.0f;
      float acc_1_0 = 0.0f;
      for (int32_t k = 0; k < 256; k++) {
        const float xk_0 = x[((t * 256) + k)];
        const float w_0 = router[(((e0 + 0) * 256) + k)];
        acc_0_0 = (w_0 * xk_0 + acc_0_0);
        const float w_1 = router[(((e0 + 1) * 256) + k)];
        acc_1_0 = (w_1 * xk_0 + acc_1_0);
      }
      lg[(e0 + 0)] = acc_0_0;
      lg[(e0 + 1)] = acc_1_0;
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
      z = (z + ({ const float kf_ex = ((lg[e] - lmax)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }));
    }
    float ksum = 0.0f;
    for (int32_t r = 0; r < 2; r++) {
      const int32_t id = route_id[((t * 2) + r)];
      const float pr = (({ const float kf_ex = ((lg[((id >= 0) ? id : 0)] - lmax)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }) / z);
      route_w[((t * 2) + r)] = pr;
      ksum = (ksum + pr);
    }
    for (int32_t r = 0; r < 2; r++) {
      route_w[((t * 2) + r)] = (route_w[((t * 2) + r)] / ksum);
    }
  }
}

void moe_q4_0_h256_i128_e8_k2_router_norm_hvx_r2_t2_int8_group(const int32_t* restrict route_id, int32_t* restrict expert_off, int32_t* restrict perm, int32_t* restrict ppos, int32_t T) {
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

void moe_q4_0_h256_i128_e8_k2_router_norm_hvx_r2_t2_int8_gate_up(const float* restrict x, const uint8_t* restrict w_gate, const uint8_t* restrict w_up, const int32_t* restrict perm, const int32_t* restrict expert_off, float* restrict hidden, int8_t* restrict xq, float* restrict xd, float* restrict xs, int32_t T) {
  for (int32_t m = 0; m < T; m++) {
    for (int32_t b = 0; b < (256 / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (__builtin_fabsf(x[((m * 256) + ((b * 32) + j))])) ? (amax) : (__builtin_fabsf(x[((m * 256) + ((b * 32) + j))])));
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
          for (int32_t b = 0; b < ((256 / 32) - ((256 / 32) % 4)); b += 4) {
            const HVX_Vector xv_0 = kf_hvx_load(&xq[((tok_0 * 256) + (b * 32))], 128);
            const HVX_Vector xv_1 = kf_hvx_load(&xq[((tok_1 * 256) + (b * 32))], 128);
            const HVX_Vector w_0 = kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32);
            const HVX_Vector s_0_0 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_0, xv_0));
            acc_0_0 = (((float)Q6_R_vextract_VR(s_0_0, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 0))]) + acc_0_0);
            acc_0_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 0))] + acc_0_0);
            acc_0_0 = (((float)Q6_R_vextract_VR(s_0_0, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 1))]) + acc_0_0);
            acc_0_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 1))] + acc_0_0);
            acc_0_0 = (((float)Q6_R_vextract_VR(s_0_0, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 2))]) + acc_0_0);
            acc_0_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 2))] + acc_0_0);
            acc_0_0 = (((float)Q6_R_vextract_VR(s_0_0, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 3))]) + acc_0_0);
            acc_0_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 3))] + acc_0_0);
            const HVX_Vector s_0_1 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_0, xv_1));
            acc_0_1 = (((float)Q6_R_vextract_VR(s_0_1, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 0))]) + acc_0_1);
            acc_0_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 0))] + acc_0_1);
            acc_0_1 = (((float)Q6_R_vextract_VR(s_0_1, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 1))]) + acc_0_1);
            acc_0_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 1))] + acc_0_1);
            acc_0_1 = (((float)Q6_R_vextract_VR(s_0_1, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 2))]) + acc_0_1);
            acc_0_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 2))] + acc_0_1);
            acc_0_1 = (((float)Q6_R_vextract_VR(s_0_1, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 3))]) + acc_0_1);
            acc_0_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 3))] + acc_0_1);
            const HVX_Vector w_1 = kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32);
            const HVX_Vector s_1_0 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_1, xv_0));
            acc_1_0 = (((float)Q6_R_vextract_VR(s_1_0, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 0))]) + acc_1_0);
            acc_1_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 0))] + acc_1_0);
            acc_1_0 = (((float)Q6_R_vextract_VR(s_1_0, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 1))]) + acc_1_0);
            acc_1_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 1))] + acc_1_0);
            acc_1_0 = (((float)Q6_R_vextract_VR(s_1_0, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 2))]) + acc_1_0);
            acc_1_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 2))] + acc_1_0);
            acc_1_0 = (((float)Q6_R_vextract_VR(s_1_0, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 3))]) + acc_1_0);
            acc_1_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 3))] + acc_1_0);
            const HVX_Vector s_1_1 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_1, xv_1));
            acc_1_1 = (((float)Q6_R_vextract_VR(s_1_1, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 0))]) + acc_1_1);
            acc_1_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 0))] + acc_1_1);
            acc_1_1 = (((float)Q6_R_vextract_VR(s_1_1, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 1))]) + acc_1_1);
            acc_1_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 1))] + acc_1_1);
            acc_1_1 = (((float)Q6_R_vextract_VR(s_1_1, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 2))]) + acc_1_1);
            acc_1_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 2))] + acc_1_1);
            acc_1_1 = (((float)Q6_R_vextract_VR(s_1_1, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 3))]) + acc_1_1);
            acc_1_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 3))] + acc_1_1);
            const HVX_Vector w_2 = kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32);
            const HVX_Vector s_2_0 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_2, xv_0));
            acc_2_0 = (((float)Q6_R_vextract_VR(s_2_0, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 0))]) + acc_2_0);
            acc_2_0 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 0))] + acc_2_0);
            acc_2_0 = (((float)Q6_R_vextract_VR(s_2_0, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 1))]) + acc_2_0);
            acc_2_0 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 1))] + acc_2_0);
            acc_2_0 = (((float)Q6_R_vextract_VR(s_2_0, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 2))]) + acc_2_0);
            acc_2_0 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 2))] + acc_2_0);
            acc_2_0 = (((float)Q6_R_vextract_VR(s_2_0, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 3))]) + acc_2_0);
            acc_2_0 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 3))] + acc_2_0);
            const HVX_Vector s_2_1 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_2, xv_1));
            acc_2_1 = (((float)Q6_R_vextract_VR(s_2_1, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 0))]) + acc_2_1);
            acc_2_1 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 0))] + acc_2_1);
            acc_2_1 = (((float)Q6_R_vextract_VR(s_2_1, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 1))]) + acc_2_1);
            acc_2_1 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 1))] + acc_2_1);
            acc_2_1 = (((float)Q6_R_vextract_VR(s_2_1, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 2))]) + acc_2_1);
            acc_2_1 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 2))] + acc_2_1);
            acc_2_1 = (((float)Q6_R_vextract_VR(s_2_1, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 3))]) + acc_2_1);
            acc_2_1 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 3))] + acc_2_1);
            const HVX_Vector w_3 = kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32);
            const HVX_Vector s_3_0 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_3, xv_0));
            acc_3_0 = (((float)Q6_R_vextract_VR(s_3_0, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 0))]) + acc_3_0);
            acc_3_0 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 0))] + acc_3_0);
            acc_3_0 = (((float)Q6_R_vextract_VR(s_3_0, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 1))]) + acc_3_0);
            acc_3_0 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 1))] + acc_3_0);
            acc_3_0 = (((float)Q6_R_vextract_VR(s_3_0, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 2))]) + acc_3_0);
            acc_3_0 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 2))] + acc_3_0);
            acc_3_0 = (((float)Q6_R_vextract_VR(s_3_0, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 3))]) + acc_3_0);
            acc_3_0 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 3))] + acc_3_0);
            const HVX_Vector s_3_1 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_3, xv_1));
            acc_3_1 = (((float)Q6_R_vextract_VR(s_3_1, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 0))]) + acc_3_1);
            acc_3_1 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 0))] + acc_3_1);
            acc_3_1 = (((float)Q6_R_vextract_VR(s_3_1, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 1))]) + acc_3_1);
            acc_3_1 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 1))] + acc_3_1);
            acc_3_1 = (((float)Q6_R_vextract_VR(s_3_1, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 2))]) + acc_3_1);
            acc_3_1 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 2))] + acc_3_1);
            acc_3_1 = (((float)Q6_R_vextract_VR(s_3_1, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + (b + 3))]) + acc_3_1);
            acc_3_1 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + (b + 3))] + acc_3_1);
          }
          for (int32_t b = ((256 / 32) - ((256 / 32) % 4)); b < (256 / 32); b++) {
            const HVX_Vector xv_0 = kf_hvx_load(&xq[((tok_0 * 256) + (b * 32))], 32);
            const HVX_Vector xv_1 = kf_hvx_load(&xq[((tok_1 * 256) + (b * 32))], 32);
            const HVX_Vector w_0 = kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16);
            acc_0_0 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_0, xv_0)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + b)]) + acc_0_0);
            acc_0_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + b)] + acc_0_0);
            acc_0_1 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_0, xv_1)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + b)]) + acc_0_1);
            acc_0_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + b)] + acc_0_1);
            const HVX_Vector w_1 = kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16);
            acc_1_0 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_1, xv_0)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + b)]) + acc_1_0);
            acc_1_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + b)] + acc_1_0);
            acc_1_1 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_1, xv_1)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + b)]) + acc_1_1);
            acc_1_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + b)] + acc_1_1);
            const HVX_Vector w_2 = kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16);
            acc_2_0 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_2, xv_0)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + b)]) + acc_2_0);
            acc_2_0 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + b)] + acc_2_0);
            acc_2_1 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_2, xv_1)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + b)]) + acc_2_1);
            acc_2_1 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + b)] + acc_2_1);
            const HVX_Vector w_3 = kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16);
            acc_3_0 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_3, xv_0)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + b)]) + acc_3_0);
            acc_3_0 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + b)] + acc_3_0);
            acc_3_1 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_3, xv_1)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_1 * (256 / 32)) + b)]) + acc_3_1);
            acc_3_1 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_1 * (256 / 32)) + b)] + acc_3_1);
          }
          const float g_0_0 = acc_0_0;
          hidden[(((base + (tt + 0)) * 128) + (n0 + 0))] = ((g_0_0 / (1.0f + ({ const float kf_ex = ((0.0f - g_0_0)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_2_0);
          const float g_1_0 = acc_1_0;
          hidden[(((base + (tt + 0)) * 128) + (n0 + 1))] = ((g_1_0 / (1.0f + ({ const float kf_ex = ((0.0f - g_1_0)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_3_0);
          const float g_0_1 = acc_0_1;
          hidden[(((base + (tt + 1)) * 128) + (n0 + 0))] = ((g_0_1 / (1.0f + ({ const float kf_ex = ((0.0f - g_0_1)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_2_1);
          const float g_1_1 = acc_1_1;
          hidden[(((base + (tt + 1)) * 128) + (n0 + 1))] = ((g_1_1 / (1.0f + ({ const float kf_ex = ((0.0f - g_1_1)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_3_1);
        }
        for (int32_t tt = full; tt < cnt; tt++) {
          const int32_t tok_0 = (perm[(base + (tt + 0))] / 2);
          float acc_0 = 0.0f;
          float acc_1 = 0.0f;
          float acc_2 = 0.0f;
          float acc_3 = 0.0f;
          for (int32_t b = 0; b < ((256 / 32) - ((256 / 32) % 4)); b += 4) {
            const HVX_Vector xv = kf_hvx_load(&xq[((tok_0 * 256) + (b * 32))], 128);
            const HVX_Vector s_0 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32), xv));
            acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 0))]) + acc_0);
            acc_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 0))] + acc_0);
            acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 1))]) + acc_0);
            acc_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 1))] + acc_0);
            acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 2))]) + acc_0);
            acc_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 2))] + acc_0);
            acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 3))]) + acc_0);
            acc_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 3))] + acc_0);
            const HVX_Vector s_1 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32), xv));
            acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 0))]) + acc_1);
            acc_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 0))] + acc_1);
            acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 1))]) + acc_1);
            acc_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 1))] + acc_1);
            acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 2))]) + acc_1);
            acc_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 2))] + acc_1);
            acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 3))]) + acc_1);
            acc_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 3))] + acc_1);
            const HVX_Vector s_2 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32), xv));
            acc_2 = (((float)Q6_R_vextract_VR(s_2, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 0))]) + acc_2);
            acc_2 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 0))] + acc_2);
            acc_2 = (((float)Q6_R_vextract_VR(s_2, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 1))]) + acc_2);
            acc_2 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 1))] + acc_2);
            acc_2 = (((float)Q6_R_vextract_VR(s_2, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 2))]) + acc_2);
            acc_2 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 2))] + acc_2);
            acc_2 = (((float)Q6_R_vextract_VR(s_2, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 3))]) + acc_2);
            acc_2 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 3))] + acc_2);
            const HVX_Vector s_3 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32), xv));
            acc_3 = (((float)Q6_R_vextract_VR(s_3, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 0))]) + acc_3);
            acc_3 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 0))] + acc_3);
            acc_3 = (((float)Q6_R_vextract_VR(s_3, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 1))]) + acc_3);
            acc_3 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 1))] + acc_3);
            acc_3 = (((float)Q6_R_vextract_VR(s_3, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 2))]) + acc_3);
            acc_3 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 2))] + acc_3);
            acc_3 = (((float)Q6_R_vextract_VR(s_3, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + (b + 3))]) + acc_3);
            acc_3 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + (b + 3))] + acc_3);
          }
          for (int32_t b = ((256 / 32) - ((256 / 32) % 4)); b < (256 / 32); b++) {
            const HVX_Vector xv = kf_hvx_load(&xq[((tok_0 * 256) + (b * 32))], 32);
            acc_0 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), xv)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + b)]) + acc_0);
            acc_0 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + b)] + acc_0);
            acc_1 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), xv)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + b)]) + acc_1);
            acc_1 = ((kf_f16_to_f32(kf_load_u16(&w_gate[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + b)] + acc_1);
            acc_2 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), xv)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + b)]) + acc_2);
            acc_2 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 0) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + b)] + acc_2);
            acc_3 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), xv)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * xd[((tok_0 * (256 / 32)) + b)]) + acc_3);
            acc_3 = ((kf_f16_to_f32(kf_load_u16(&w_up[((((((e * 128) + n0) + 1) * ((256 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * xs[((tok_0 * (256 / 32)) + b)] + acc_3);
          }
          const float g_0_0 = acc_0;
          hidden[(((base + (tt + 0)) * 128) + (n0 + 0))] = ((g_0_0 / (1.0f + ({ const float kf_ex = ((0.0f - g_0_0)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_2);
          const float g_1_0 = acc_1;
          hidden[(((base + (tt + 0)) * 128) + (n0 + 1))] = ((g_1_0 / (1.0f + ({ const float kf_ex = ((0.0f - g_1_0)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }))) * acc_3);
        }
      }
    }
  }
}

void moe_q4_0_h256_i128_e8_k2_router_norm_hvx_r2_t2_int8_down(const float* restrict hidden, const uint8_t* restrict w_down, const float* restrict route_w, const int32_t* restrict perm, const int32_t* restrict expert_off, float* restrict partial, int8_t* restrict hq, float* restrict hd, float* restrict hs, int32_t T) {
  const int32_t npairs = expert_off[8];
  for (int32_t m = 0; m < npairs; m++) {
    for (int32_t b = 0; b < (128 / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (__builtin_fabsf(hidden[((m * 128) + ((b * 32) + j))])) ? (amax) : (__builtin_fabsf(hidden[((m * 128) + ((b * 32) + j))])));
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
          for (int32_t b = 0; b < ((128 / 32) - ((128 / 32) % 4)); b += 4) {
            const HVX_Vector xv_0 = kf_hvx_load(&hq[(((base + (tt + 0)) * 128) + (b * 32))], 128);
            const HVX_Vector xv_1 = kf_hvx_load(&hq[(((base + (tt + 1)) * 128) + (b * 32))], 128);
            const HVX_Vector w_0 = kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32);
            const HVX_Vector s_0_0 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_0, xv_0));
            acc_0_0 = (((float)Q6_R_vextract_VR(s_0_0, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 0))]) + acc_0_0);
            acc_0_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 0))] + acc_0_0);
            acc_0_0 = (((float)Q6_R_vextract_VR(s_0_0, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 1))]) + acc_0_0);
            acc_0_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 1))] + acc_0_0);
            acc_0_0 = (((float)Q6_R_vextract_VR(s_0_0, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 2))]) + acc_0_0);
            acc_0_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 2))] + acc_0_0);
            acc_0_0 = (((float)Q6_R_vextract_VR(s_0_0, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 3))]) + acc_0_0);
            acc_0_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 3))] + acc_0_0);
            const HVX_Vector s_0_1 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_0, xv_1));
            acc_0_1 = (((float)Q6_R_vextract_VR(s_0_1, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * hd[(((base + (tt + 1)) * (128 / 32)) + (b + 0))]) + acc_0_1);
            acc_0_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 1)) * (128 / 32)) + (b + 0))] + acc_0_1);
            acc_0_1 = (((float)Q6_R_vextract_VR(s_0_1, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * hd[(((base + (tt + 1)) * (128 / 32)) + (b + 1))]) + acc_0_1);
            acc_0_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 1)) * (128 / 32)) + (b + 1))] + acc_0_1);
            acc_0_1 = (((float)Q6_R_vextract_VR(s_0_1, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * hd[(((base + (tt + 1)) * (128 / 32)) + (b + 2))]) + acc_0_1);
            acc_0_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 1)) * (128 / 32)) + (b + 2))] + acc_0_1);
            acc_0_1 = (((float)Q6_R_vextract_VR(s_0_1, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * hd[(((base + (tt + 1)) * (128 / 32)) + (b + 3))]) + acc_0_1);
            acc_0_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 1)) * (128 / 32)) + (b + 3))] + acc_0_1);
            const HVX_Vector w_1 = kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32);
            const HVX_Vector s_1_0 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_1, xv_0));
            acc_1_0 = (((float)Q6_R_vextract_VR(s_1_0, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 0))]) + acc_1_0);
            acc_1_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 0))] + acc_1_0);
            acc_1_0 = (((float)Q6_R_vextract_VR(s_1_0, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 1))]) + acc_1_0);
            acc_1_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 1))] + acc_1_0);
            acc_1_0 = (((float)Q6_R_vextract_VR(s_1_0, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 2))]) + acc_1_0);
            acc_1_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 2))] + acc_1_0);
            acc_1_0 = (((float)Q6_R_vextract_VR(s_1_0, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 3))]) + acc_1_0);
            acc_1_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 3))] + acc_1_0);
            const HVX_Vector s_1_1 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_1, xv_1));
            acc_1_1 = (((float)Q6_R_vextract_VR(s_1_1, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * hd[(((base + (tt + 1)) * (128 / 32)) + (b + 0))]) + acc_1_1);
            acc_1_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 1)) * (128 / 32)) + (b + 0))] + acc_1_1);
            acc_1_1 = (((float)Q6_R_vextract_VR(s_1_1, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * hd[(((base + (tt + 1)) * (128 / 32)) + (b + 1))]) + acc_1_1);
            acc_1_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 1)) * (128 / 32)) + (b + 1))] + acc_1_1);
            acc_1_1 = (((float)Q6_R_vextract_VR(s_1_1, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * hd[(((base + (tt + 1)) * (128 / 32)) + (b + 2))]) + acc_1_1);
            acc_1_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 1)) * (128 / 32)) + (b + 2))] + acc_1_1);
            acc_1_1 = (((float)Q6_R_vextract_VR(s_1_1, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * hd[(((base + (tt + 1)) * (128 / 32)) + (b + 3))]) + acc_1_1);
            acc_1_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 1)) * (128 / 32)) + (b + 3))] + acc_1_1);
          }
          for (int32_t b = ((128 / 32) - ((128 / 32) % 4)); b < (128 / 32); b++) {
            const HVX_Vector xv_0 = kf_hvx_load(&hq[(((base + (tt + 0)) * 128) + (b * 32))], 32);
            const HVX_Vector xv_1 = kf_hvx_load(&hq[(((base + (tt + 1)) * 128) + (b * 32))], 32);
            const HVX_Vector w_0 = kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16);
            acc_0_0 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_0, xv_0)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + b)]) + acc_0_0);
            acc_0_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + b)] + acc_0_0);
            acc_0_1 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_0, xv_1)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * hd[(((base + (tt + 1)) * (128 / 32)) + b)]) + acc_0_1);
            acc_0_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 1)) * (128 / 32)) + b)] + acc_0_1);
            const HVX_Vector w_1 = kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16);
            acc_1_0 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_1, xv_0)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + b)]) + acc_1_0);
            acc_1_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + b)] + acc_1_0);
            acc_1_1 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), w_1, xv_1)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * hd[(((base + (tt + 1)) * (128 / 32)) + b)]) + acc_1_1);
            acc_1_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 1)) * (128 / 32)) + b)] + acc_1_1);
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
          for (int32_t b = 0; b < ((128 / 32) - ((128 / 32) % 4)); b += 4) {
            const HVX_Vector xv = kf_hvx_load(&hq[(((base + (tt + 0)) * 128) + (b * 32))], 128);
            const HVX_Vector s_0 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32), xv));
            acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 0))]) + acc_0);
            acc_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 0))] + acc_0);
            acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 1))]) + acc_0);
            acc_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 1))] + acc_0);
            acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 2))]) + acc_0);
            acc_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 2))] + acc_0);
            acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 3))]) + acc_0);
            acc_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 3))] + acc_0);
            const HVX_Vector s_1 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join4(kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), 32), xv));
            acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 0))]) + acc_1);
            acc_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 0) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 0))] + acc_1);
            acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 1))]) + acc_1);
            acc_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 1) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 1))] + acc_1);
            acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 2))]) + acc_1);
            acc_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 2) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 2))] + acc_1);
            acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + (b + 3))]) + acc_1);
            acc_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + ((b + 3) * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + (b + 3))] + acc_1);
          }
          for (int32_t b = ((128 / 32) - ((128 / 32) % 4)); b < (128 / 32); b++) {
            const HVX_Vector xv = kf_hvx_load(&hq[(((base + (tt + 0)) * 128) + (b * 32))], 32);
            acc_0 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), xv)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + b)]) + acc_0);
            acc_0 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 0) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + b)] + acc_0);
            acc_1 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVubVb(Q6_V_vsplat_R(0), kf_hvx_join2(Q6_V_vand_VV(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 2)], 16), Q6_V_vsplat_R(0x01010101u * (uint8_t)(15))), Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(kf_hvx_load(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 2)], 16), 4), Q6_V_vsplat_R(0x01010101u * (uint8_t)(0xffu >> 4))), 16), xv)), 0)) * (kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * hd[(((base + (tt + 0)) * (128 / 32)) + b)]) + acc_1);
            acc_1 = ((kf_f16_to_f32(kf_load_u16(&w_down[((((((e * 256) + n0) + 1) * ((128 / 32) * 18)) + (b * 18)) + 0)])) * (-8.0f)) * hs[(((base + (tt + 0)) * (128 / 32)) + b)] + acc_1);
          }
          const float rw_0 = route_w[perm[(base + (tt + 0))]];
          partial[(((base + (tt + 0)) * 256) + (n0 + 0))] = (rw_0 * acc_0);
          partial[(((base + (tt + 0)) * 256) + (n0 + 1))] = (rw_0 * acc_1);
        }
      }
    }
  }
}

void moe_q4_0_h256_i128_e8_k2_router_norm_hvx_r2_t2_int8_combine(const int32_t* restrict ppos, const float* restrict partial, float* restrict y, int32_t T) {
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
