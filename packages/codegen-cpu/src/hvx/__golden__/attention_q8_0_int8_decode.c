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

void attention_q8_0_h16x8_d160x96_hvx_q1_kv128_s1_int8(const float* restrict q, const uint8_t* restrict k, const uint8_t* restrict v, float* restrict o, int8_t* restrict qq, float* restrict qd, int32_t B, int32_t Sq, int32_t Skv) {
  for (int32_t m = 0; m < ((B * 16) * Sq); m++) {
    for (int32_t b = 0; b < (160 / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (__builtin_fabsf(q[((m * 160) + ((b * 32) + j))])) ? (amax) : (__builtin_fabsf(q[((m * 160) + ((b * 32) + j))])));
      }
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      int32_t isum = 0;
      for (int32_t j = 0; j < 32; j++) {
        const float s = (q[((m * 160) + ((b * 32) + j))] * id);
        const int32_t qv = ((int32_t)(s + ((s >= 0.0f) ? 0.5f : (-0.5f))));
        qq[((m * 160) + ((b * 32) + j))] = ((int8_t)qv);
        isum = (isum + qv);
      }
      qd[((m * (160 / 32)) + b)] = d;
    }
  }
  int32_t rowi[2];
  int32_t firsti[2];
  int32_t lasti[2];
  float mrow[2];
  float lrow[2];
  float alpha[2];
  float dacc[2];
  float sc[256];
  float oacc[192];
  for (int32_t bh = 0; bh < (B * 8); bh++) {
    const int32_t kvbase = (bh * Skv);
    for (int32_t r0 = 0; r0 < (Sq * 2); r0 += 2) {
      for (int32_t t = 0; t < 2; t++) {
        const int32_t rr = (((r0 + t)) < (((Sq * 2) - 1)) ? ((r0 + t)) : (((Sq * 2) - 1)));
        const int32_t pos = ((Skv - Sq) + (rr / 2));
        rowi[t] = (((((bh / 8) * 16) + (((bh % 8) * 2) + (rr % 2))) * Sq) + (rr / 2));
        firsti[t] = 0;
        lasti[t] = (Skv - 1);
      }
      const int32_t lo = firsti[0];
      const int32_t hi = lasti[1];
      const int32_t nvalid = ((2) < (((Sq * 2) - r0)) ? (2) : (((Sq * 2) - r0)));
      const int32_t plo = lo;
      const int32_t pend = (hi + 1);
      for (int32_t t = 0; t < 2; t++) {
        mrow[t] = (-3e+38f);
        lrow[t] = 0.0f;
      }
      for (int32_t z = 0; z < 192; z++) {
        oacc[z] = 0.0f;
      }
      for (int32_t j0 = plo; j0 < pend; j0 += 128) {
        const int32_t jn = ((128) < ((pend - j0)) ? (128) : ((pend - j0)));
        for (int32_t jj = 0; jj < jn; jj++) {
          const int32_t j = (j0 + jj);
          const int32_t krow = (kvbase + j);
          for (int32_t t = 0; t < 2; t++) {
            dacc[t] = 0.0f;
          }
          for (int32_t kb = 0; kb < 4; kb += 4) {
            const HVX_Vector kg = kf_hvx_join4(kf_hvx_load(&k[(((krow * ((160 / 32) * 34)) + ((kb + 0) * 34)) + 2)], 32), kf_hvx_load(&k[(((krow * ((160 / 32) * 34)) + ((kb + 1) * 34)) + 2)], 32), kf_hvx_load(&k[(((krow * ((160 / 32) * 34)) + ((kb + 2) * 34)) + 2)], 32), kf_hvx_load(&k[(((krow * ((160 / 32) * 34)) + ((kb + 3) * 34)) + 2)], 32), 32);
            const float ks0 = kf_f16_to_f32(kf_load_u16(&k[(((krow * ((160 / 32) * 34)) + ((kb + 0) * 34)) + 0)]));
            const float ks1 = kf_f16_to_f32(kf_load_u16(&k[(((krow * ((160 / 32) * 34)) + ((kb + 1) * 34)) + 0)]));
            const float ks2 = kf_f16_to_f32(kf_load_u16(&k[(((krow * ((160 / 32) * 34)) + ((kb + 2) * 34)) + 0)]));
            const float ks3 = kf_f16_to_f32(kf_load_u16(&k[(((krow * ((160 / 32) * 34)) + ((kb + 3) * 34)) + 0)]));
            for (int32_t t = 0; t < 2; t++) {
              const HVX_Vector sums = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVbVb(Q6_V_vsplat_R(0), kg, kf_hvx_load(&qq[((rowi[t] * 160) + (kb * 32))], 128)));
              dacc[t] = (((float)Q6_R_vextract_VR(sums, 4 * 24)) * (ks3 * qd[((rowi[t] * 5) + (kb + 3))]) + (((float)Q6_R_vextract_VR(sums, 4 * 16)) * (ks2 * qd[((rowi[t] * 5) + (kb + 2))]) + (((float)Q6_R_vextract_VR(sums, 4 * 8)) * (ks1 * qd[((rowi[t] * 5) + (kb + 1))]) + (((float)Q6_R_vextract_VR(sums, 4 * 0)) * (ks0 * qd[((rowi[t] * 5) + (kb + 0))]) + dacc[t]))));
            }
          }
          for (int32_t kb = 4; kb < 5; kb++) {
            const HVX_Vector k1 = kf_hvx_load(&k[(((krow * ((160 / 32) * 34)) + (kb * 34)) + 2)], 32);
            const float ks = kf_f16_to_f32(kf_load_u16(&k[(((krow * ((160 / 32) * 34)) + ((kb + 0) * 34)) + 0)]));
            for (int32_t t = 0; t < 2; t++) {
              const int32_t isum = Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVbVb(Q6_V_vsplat_R(0), k1, kf_hvx_load(&qq[((rowi[t] * 160) + (kb * 32))], 32))), 0);
              dacc[t] = (((float)isum) * (ks * qd[((rowi[t] * 5) + (kb + 0))]) + dacc[t]);
            }
          }
          for (int32_t t = 0; t < 2; t++) {
            sc[((t * 128) + jj)] = (dacc[t] * 0.07905694150420949f);
          }
        }
        for (int32_t t = 0; t < 2; t++) {
          float tmax = (-3e+38f);
          for (int32_t x = 0; x < jn; x++) {
            tmax = ((tmax) > (sc[((t * 128) + x)]) ? (tmax) : (sc[((t * 128) + x)]));
          }
          const float mold = mrow[t];
          const float mnew = ((mold) > (tmax) ? (mold) : (tmax));
          const float msub = ((mnew < (-1e+38f)) ? 0.0f : mnew);
          alpha[t] = ({ const float kf_ex = ((mold - msub)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); });
          float psum = 0.0f;
          for (int32_t x = 0; x < jn; x++) {
            const float p = ({ const float kf_ex = ((sc[((t * 128) + x)] - msub)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); });
            sc[((t * 128) + x)] = p;
            psum = (psum + p);
          }
          lrow[t] = (lrow[t] * alpha[t] + psum);
          mrow[t] = mnew;
        }
        for (int32_t t = 0; t < 2; t++) {
          const float al = alpha[t];
          for (int32_t y = 0; y < 96; y++) {
            oacc[((t * 96) + y)] = (oacc[((t * 96) + y)] * al);
          }
        }
        for (int32_t jj = 0; jj < jn; jj++) {
          const int32_t vrow = (kvbase + (j0 + jj));
          for (int32_t vb = 0; vb < 3; vb++) {
            const float vs = kf_f16_to_f32(kf_load_u16(&v[(((vrow * ((96 / 32) * 34)) + (vb * 34)) + 0)]));
            const int32_t vcodes = (((vrow * ((96 / 32) * 34)) + (vb * 34)) + 2);
            for (int32_t t = 0; t < 2; t++) {
              const float w = (sc[((t * 128) + jj)] * vs);
              for (int32_t e = 0; e < 32; e++) {
                const int32_t od = ((t * 96) + ((vb * 32) + e));
                oacc[od] = (w * ((float)(*(const int8_t*)(&v[(vcodes + e)]))) + oacc[od]);
              }
            }
          }
        }
      }
      for (int32_t t = 0; t < nvalid; t++) {
        const float inv = (1.0f / lrow[t]);
        const int32_t orow = (rowi[t] * 96);
        for (int32_t y = 0; y < 96; y++) {
          o[(orow + y)] = (oacc[((t * 96) + y)] * inv);
        }
      }
    }
  }
}
