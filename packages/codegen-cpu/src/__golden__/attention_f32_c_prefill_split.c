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

void attention_f32_scalar(const float* restrict q, const float* restrict k, const float* restrict v, float* restrict o, float* restrict part, int32_t B, int32_t Sq, int32_t Skv) {
  #pragma omp parallel for schedule(static)
  for (int32_t w = 0; w < (((B * 2) * ((Sq + 15) / 16)) * 2); w++) {
    const int32_t split = (w % 2);
    const int32_t wt = (w / 2);
    const int32_t qt = (wt % ((Sq + 15) / 16));
    const int32_t bh = (wt / ((Sq + 15) / 16));
    const int32_t b = (bh / 2);
    const int32_t kvh = (bh % 2);
    const int32_t i0 = (qt * 16);
    const int32_t nq = ((16) < ((Sq - i0)) ? (16) : ((Sq - i0)));
    const int32_t p0 = ((Skv - Sq) + i0);
    const int32_t lo = ((0) > ((p0 - 15)) ? (0) : ((p0 - 15)));
    const int32_t hi = (p0 + (nq - 1));
    const int32_t per = (((((((hi - lo) + 1) + 1) / 2) + 63) / 64) * 64);
    const int32_t js = (lo + (split * per));
    const int32_t je = (((hi + 1)) < ((js + per)) ? ((hi + 1)) : ((js + per)));
    float qs[1280];
    float sc[2048];
    float acc[768];
    float mrow[32];
    float lrow[32];
    for (int32_t r = 0; r < 32; r++) {
      const int32_t qrow = (((((b * 4) + ((kvh * 2) + (r / 16))) * Sq) + (i0 + (((r % 16)) < ((nq - 1)) ? ((r % 16)) : ((nq - 1))))) * 40);
      for (int32_t d = 0; d < 40; d++) {
        qs[((r * 40) + d)] = (q[(qrow + d)] * 0.25f);
      }
      mrow[r] = (-3e+38f);
      lrow[r] = 0.0f;
      for (int32_t e = 0; e < 24; e++) {
        acc[((r * 24) + e)] = 0.0f;
      }
    }
    for (int32_t j0 = js; j0 < je; j0 += 64) {
      const int32_t n = ((64) < ((je - j0)) ? (64) : ((je - j0)));
      for (int32_t rb = 0; rb < 8; rb++) {
        for (int32_t jj = 0; jj < n; jj++) {
          const int32_t kb = (((bh * Skv) + (j0 + jj)) * 40);
          float sa0 = 0.0f;
          float sa1 = 0.0f;
          float sa2 = 0.0f;
          float sa3 = 0.0f;
          for (int32_t dc = 0; dc < 40; dc++) {
            const float kc = k[(kb + dc)];
            sa0 = (qs[((((rb * 4) + 0) * 40) + dc)] * kc + sa0);
            sa1 = (qs[((((rb * 4) + 1) * 40) + dc)] * kc + sa1);
            sa2 = (qs[((((rb * 4) + 2) * 40) + dc)] * kc + sa2);
            sa3 = (qs[((((rb * 4) + 3) * 40) + dc)] * kc + sa3);
          }
          float s0 = sa0;
          float s1 = sa1;
          float s2 = sa2;
          float s3 = sa3;
          sc[((((rb * 4) + 0) * 64) + jj)] = ((((j0 + jj) <= (p0 + (((((rb * 4) + 0) % 16)) < ((nq - 1)) ? ((((rb * 4) + 0) % 16)) : ((nq - 1))))) && ((j0 + jj) > ((p0 + (((((rb * 4) + 0) % 16)) < ((nq - 1)) ? ((((rb * 4) + 0) % 16)) : ((nq - 1)))) - 16))) ? s0 : (-3e+38f));
          sc[((((rb * 4) + 1) * 64) + jj)] = ((((j0 + jj) <= (p0 + (((((rb * 4) + 1) % 16)) < ((nq - 1)) ? ((((rb * 4) + 1) % 16)) : ((nq - 1))))) && ((j0 + jj) > ((p0 + (((((rb * 4) + 1) % 16)) < ((nq - 1)) ? ((((rb * 4) + 1) % 16)) : ((nq - 1)))) - 16))) ? s1 : (-3e+38f));
          sc[((((rb * 4) + 2) * 64) + jj)] = ((((j0 + jj) <= (p0 + (((((rb * 4) + 2) % 16)) < ((nq - 1)) ? ((((rb * 4) + 2) % 16)) : ((nq - 1))))) && ((j0 + jj) > ((p0 + (((((rb * 4) + 2) % 16)) < ((nq - 1)) ? ((((rb * 4) + 2) % 16)) : ((nq - 1)))) - 16))) ? s2 : (-3e+38f));
          sc[((((rb * 4) + 3) * 64) + jj)] = ((((j0 + jj) <= (p0 + (((((rb * 4) + 3) % 16)) < ((nq - 1)) ? ((((rb * 4) + 3) % 16)) : ((nq - 1))))) && ((j0 + jj) > ((p0 + (((((rb * 4) + 3) % 16)) < ((nq - 1)) ? ((((rb * 4) + 3) % 16)) : ((nq - 1)))) - 16))) ? s3 : (-3e+38f));
        }
      }
      for (int32_t r = 0; r < 32; r++) {
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
          const float alpha = expf((mold - mnew));
          float psv = 0.0f;
          for (int32_t jx = 0; jx < 64; jx++) {
            const float sv = sc[((r * 64) + jx)];
            const float pv = ((sv > (-1e+38f)) ? expf((sv - mnew)) : 0.0f);
            sc[((r * 64) + jx)] = pv;
            psv = (psv + pv);
          }
          lrow[r] = (lrow[r] * alpha + psv);
          mrow[r] = mnew;
          for (int32_t ea = 0; ea < 24; ea++) {
            acc[((r * 24) + ea)] = (acc[((r * 24) + ea)] * alpha);
          }
        } else {
          for (int32_t jz = 0; jz < 64; jz++) {
            sc[((r * 64) + jz)] = 0.0f;
          }
        }
      }
      for (int32_t rb = 0; rb < 8; rb++) {
        for (int32_t jv0 = 0; jv0 < n; jv0 += 16) {
          const int32_t jve = (((jv0 + 16)) < (n) ? ((jv0 + 16)) : (n));
          for (int32_t dg = 0; dg < 24; dg += 2) {
            float og0_0 = acc[(((((rb * 4) + 0) * 24) + dg) + 0)];
            float og0_1 = acc[(((((rb * 4) + 0) * 24) + dg) + 1)];
            float og1_0 = acc[(((((rb * 4) + 1) * 24) + dg) + 0)];
            float og1_1 = acc[(((((rb * 4) + 1) * 24) + dg) + 1)];
            float og2_0 = acc[(((((rb * 4) + 2) * 24) + dg) + 0)];
            float og2_1 = acc[(((((rb * 4) + 2) * 24) + dg) + 1)];
            float og3_0 = acc[(((((rb * 4) + 3) * 24) + dg) + 0)];
            float og3_1 = acc[(((((rb * 4) + 3) * 24) + dg) + 1)];
            for (int32_t jvg = jv0; jvg < jve; jvg++) {
              const int32_t vbg = (((bh * Skv) + (j0 + jvg)) * 24);
              const float pg0 = sc[((((rb * 4) + 0) * 64) + jvg)];
              const float pg1 = sc[((((rb * 4) + 1) * 64) + jvg)];
              const float pg2 = sc[((((rb * 4) + 2) * 64) + jvg)];
              const float pg3 = sc[((((rb * 4) + 3) * 64) + jvg)];
              const float vcg0 = v[(vbg + (dg + 0))];
              og0_0 = (vcg0 * pg0 + og0_0);
              og1_0 = (vcg0 * pg1 + og1_0);
              og2_0 = (vcg0 * pg2 + og2_0);
              og3_0 = (vcg0 * pg3 + og3_0);
              const float vcg1 = v[(vbg + (dg + 1))];
              og0_1 = (vcg1 * pg0 + og0_1);
              og1_1 = (vcg1 * pg1 + og1_1);
              og2_1 = (vcg1 * pg2 + og2_1);
              og3_1 = (vcg1 * pg3 + og3_1);
            }
            acc[(((((rb * 4) + 0) * 24) + dg) + 0)] = og0_0;
            acc[(((((rb * 4) + 0) * 24) + dg) + 1)] = og0_1;
            acc[(((((rb * 4) + 1) * 24) + dg) + 0)] = og1_0;
            acc[(((((rb * 4) + 1) * 24) + dg) + 1)] = og1_1;
            acc[(((((rb * 4) + 2) * 24) + dg) + 0)] = og2_0;
            acc[(((((rb * 4) + 2) * 24) + dg) + 1)] = og2_1;
            acc[(((((rb * 4) + 3) * 24) + dg) + 0)] = og3_0;
            acc[(((((rb * 4) + 3) * 24) + dg) + 1)] = og3_1;
          }
        }
      }
    }
    for (int32_t r = 0; r < 32; r++) {
      if ((r % 16) < nq) {
        const int32_t pbase = (((((((b * 4) + ((kvh * 2) + (r / 16))) * Sq) + (i0 + (r % 16))) * 2) + split) * 26);
        part[pbase] = mrow[r];
        part[(pbase + 1)] = lrow[r];
        for (int32_t eo = 0; eo < 24; eo++) {
          part[((pbase + 2) + eo)] = acc[((r * 24) + eo)];
        }
      }
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t cr = 0; cr < ((B * 4) * Sq); cr++) {
    float cw[2];
    float cm = (-3e+38f);
    for (int32_t cs = 0; cs < 2; cs++) {
      cm = ((cm) > (part[(((cr * 2) + cs) * 26)]) ? (cm) : (part[(((cr * 2) + cs) * 26)]));
    }
    float cl = 0.0f;
    for (int32_t cs = 0; cs < 2; cs++) {
      const float cwv = expf((part[(((cr * 2) + cs) * 26)] - cm));
      cw[cs] = cwv;
      cl = (cwv * part[((((cr * 2) + cs) * 26) + 1)] + cl);
    }
    const float cinv = (1.0f / cl);
    for (int32_t cd = 0; cd < 24; cd++) {
      float cav = 0.0f;
      for (int32_t csv = 0; csv < 2; csv++) {
        cav = (part[(((((cr * 2) + csv) * 26) + 2) + cd)] * cw[csv] + cav);
      }
      o[((cr * 24) + cd)] = (cav * cinv);
    }
  }
}
