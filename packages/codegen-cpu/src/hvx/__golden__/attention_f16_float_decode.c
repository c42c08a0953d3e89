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

void attention_f16_scalar_hvx(const float* restrict q, const uint16_t* restrict k, const uint16_t* restrict v, float* restrict o, int32_t B, int32_t Sq, int32_t Skv) {
  for (int32_t w = 0; w < (((B * 8) * ((Sq + 0) / 1)) * 1); w++) {
    const int32_t split = (w % 1);
    const int32_t wt = (w / 1);
    const int32_t qt = (wt % ((Sq + 0) / 1));
    const int32_t bh = (wt / ((Sq + 0) / 1));
    const int32_t b = (bh / 8);
    const int32_t kvh = (bh % 8);
    const int32_t i0 = (qt * 1);
    const int32_t nq = ((1) < ((Sq - i0)) ? (1) : ((Sq - i0)));
    const int32_t p0 = ((Skv - Sq) + i0);
    const int32_t lo = 0;
    const int32_t hi = (Skv - 1);
    const int32_t js = lo;
    const int32_t je = (hi + 1);
    float qs[256];
    float sc[128];
    float acc[256];
    float mrow[2];
    float lrow[2];
    for (int32_t r = 0; r < 2; r++) {
      const int32_t qrow = (((((b * 16) + ((kvh * 2) + (r / 1))) * Sq) + (i0 + (((r % 1)) < ((nq - 1)) ? ((r % 1)) : ((nq - 1))))) * 128);
      for (int32_t d = 0; d < 128; d++) {
        qs[((r * 128) + d)] = (q[(qrow + d)] * 0.08838834764831843f);
      }
      mrow[r] = (-3e+38f);
      lrow[r] = 0.0f;
      for (int32_t e = 0; e < 128; e++) {
        acc[((r * 128) + e)] = 0.0f;
      }
    }
    for (int32_t j0 = js; j0 < je; j0 += 64) {
      const int32_t n = ((64) < ((je - j0)) ? (64) : ((je - j0)));
      for (int32_t rb = 0; rb < 1; rb++) {
        for (int32_t jj = 0; jj < n; jj++) {
          const int32_t kb = (((bh * Skv) + (j0 + jj)) * 128);
          float sa0 = 0.0f;
          float sa1 = 0.0f;
          for (int32_t dc = 0; dc < 128; dc++) {
            const float kc = kf_f16_to_f32(k[(kb + dc)]);
            sa0 = (qs[((((rb * 2) + 0) * 128) + dc)] * kc + sa0);
            sa1 = (qs[((((rb * 2) + 1) * 128) + dc)] * kc + sa1);
          }
          float s0 = sa0;
          float s1 = sa1;
          sc[((((rb * 2) + 0) * 64) + jj)] = s0;
          sc[((((rb * 2) + 1) * 64) + jj)] = s1;
        }
      }
      for (int32_t r = 0; r < 2; r++) {
        for (int32_t jp = n; jp < 64; jp++) {
          sc[((r * 64) + jp)] = (-3e+38f);
        }
        float tmv = sc[((r * 64) + 0)];
        for (int32_t jm = 1; jm < 64; jm++) {
          tmv = ((tmv) > (sc[((r * 64) + jm)]) ? (tmv) : (sc[((r * 64) + jm)]));
        }
        const float tm = tmv;
        if (tm > (-1e+38f)) {
          const float mold = mrow[r];
          const float mnew = ((mold) > (tm) ? (mold) : (tm));
          const float alpha = ({ const float kf_ex = ((mold - mnew)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); });
          float psv = 0.0f;
          for (int32_t jx = 0; jx < 64; jx++) {
            const float sv = sc[((r * 64) + jx)];
            const float pv = ((sv > (-1e+38f)) ? ({ const float kf_ex = ((sv - mnew)); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); }) : 0.0f);
            sc[((r * 64) + jx)] = pv;
            psv = (psv + pv);
          }
          lrow[r] = (lrow[r] * alpha + psv);
          mrow[r] = mnew;
          for (int32_t ea = 0; ea < 128; ea++) {
            acc[((r * 128) + ea)] = (acc[((r * 128) + ea)] * alpha);
          }
        } else {
          for (int32_t jz = 0; jz < 64; jz++) {
            sc[((r * 64) + jz)] = 0.0f;
          }
        }
      }
      for (int32_t rb = 0; rb < 1; rb++) {
        for (int32_t jv0 = 0; jv0 < n; jv0 += 16) {
          const int32_t jve = (((jv0 + 16)) < (n) ? ((jv0 + 16)) : (n));
          for (int32_t dg = 0; dg < 128; dg += 4) {
            float og0_0 = acc[(((((rb * 2) + 0) * 128) + dg) + 0)];
            float og0_1 = acc[(((((rb * 2) + 0) * 128) + dg) + 1)];
            float og0_2 = acc[(((((rb * 2) + 0) * 128) + dg) + 2)];
            float og0_3 = acc[(((((rb * 2) + 0) * 128) + dg) + 3)];
            float og1_0 = acc[(((((rb * 2) + 1) * 128) + dg) + 0)];
            float og1_1 = acc[(((((rb * 2) + 1) * 128) + dg) + 1)];
            float og1_2 = acc[(((((rb * 2) + 1) * 128) + dg) + 2)];
            float og1_3 = acc[(((((rb * 2) + 1) * 128) + dg) + 3)];
            for (int32_t jvg = jv0; jvg < jve; jvg++) {
              const int32_t vbg = (((bh * Skv) + (j0 + jvg)) * 128);
              const float pg0 = sc[((((rb * 2) + 0) * 64) + jvg)];
              const float pg1 = sc[((((rb * 2) + 1) * 64) + jvg)];
              const float vcg0 = kf_f16_to_f32(v[(vbg + (dg + 0))]);
              og0_0 = (vcg0 * pg0 + og0_0);
              og1_0 = (vcg0 * pg1 + og1_0);
              const float vcg1 = kf_f16_to_f32(v[(vbg + (dg + 1))]);
              og0_1 = (vcg1 * pg0 + og0_1);
              og1_1 = (vcg1 * pg1 + og1_1);
              const float vcg2 = kf_f16_to_f32(v[(vbg + (dg + 2))]);
              og0_2 = (vcg2 * pg0 + og0_2);
              og1_2 = (vcg2 * pg1 + og1_2);
              const float vcg3 = kf_f16_to_f32(v[(vbg + (dg + 3))]);
              og0_3 = (vcg3 * pg0 + og0_3);
              og1_3 = (vcg3 * pg1 + og1_3);
            }
            acc[(((((rb * 2) + 0) * 128) + dg) + 0)] = og0_0;
            acc[(((((rb * 2) + 0) * 128) + dg) + 1)] = og0_1;
            acc[(((((rb * 2) + 0) * 128) + dg) + 2)] = og0_2;
            acc[(((((rb * 2) + 0) * 128) + dg) + 3)] = og0_3;
            acc[(((((rb * 2) + 1) * 128) + dg) + 0)] = og1_0;
            acc[(((((rb * 2) + 1) * 128) + dg) + 1)] = og1_1;
            acc[(((((rb * 2) + 1) * 128) + dg) + 2)] = og1_2;
            acc[(((((rb * 2) + 1) * 128) + dg) + 3)] = og1_3;
          }
        }
      }
    }
    for (int32_t r = 0; r < 2; r++) {
      if ((r % 1) < nq) {
        const int32_t orow = (((((b * 16) + ((kvh * 2) + (r / 1))) * Sq) + (i0 + (r % 1))) * 128);
        const float inv = (1.0f / lrow[r]);
        for (int32_t eo = 0; eo < 128; eo++) {
          o[(orow + eo)] = (acc[((r * 128) + eo)] * inv);
        }
      }
    }
  }
}
