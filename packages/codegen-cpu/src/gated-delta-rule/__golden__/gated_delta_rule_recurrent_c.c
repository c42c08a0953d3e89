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

void gated_delta_rule_recurrent_scalar(const float* restrict q, const float* restrict k, const float* restrict v, const float* restrict g, const float* restrict beta, const float* s0, float* restrict o, float* s, int32_t B, int32_t T) {
  #pragma omp parallel for schedule(static)
  for (int32_t w = 0; w < ((B * 4) * 3); w++) {
    const int32_t jb = (w % 3);
    const int32_t bh = (w / 3);
    const int32_t b = (bh / 4);
    const int32_t h = (bh % 4);
    const int32_t hk = (h / 2);
    const int32_t j0 = (jb * 16);
    const int32_t ncol = (40 - j0);
    const int32_t sbase = (((bh * 48) * 40) + j0);
    float kn[432];
    float qn[432];
    float kqs[9];
    float eas[9];
    float ak0_0 = 0.0f;
    float aq0_0 = 0.0f;
    float u0 = 0.0f;
    float ak1_0 = 0.0f;
    float aq1_0 = 0.0f;
    float u1 = 0.0f;
    float ak2_0 = 0.0f;
    float aq2_0 = 0.0f;
    float u2 = 0.0f;
    float ak3_0 = 0.0f;
    float aq3_0 = 0.0f;
    float u3 = 0.0f;
    float ak4_0 = 0.0f;
    float aq4_0 = 0.0f;
    float u4 = 0.0f;
    float ak5_0 = 0.0f;
    float aq5_0 = 0.0f;
    float u5 = 0.0f;
    float ak6_0 = 0.0f;
    float aq6_0 = 0.0f;
    float u6 = 0.0f;
    float ak7_0 = 0.0f;
    float aq7_0 = 0.0f;
    float u7 = 0.0f;
    float ak8_0 = 0.0f;
    float aq8_0 = 0.0f;
    float u8 = 0.0f;
    float ak9_0 = 0.0f;
    float aq9_0 = 0.0f;
    float u9 = 0.0f;
    float ak10_0 = 0.0f;
    float aq10_0 = 0.0f;
    float u10 = 0.0f;
    float ak11_0 = 0.0f;
    float aq11_0 = 0.0f;
    float u11 = 0.0f;
    float ak12_0 = 0.0f;
    float aq12_0 = 0.0f;
    float u12 = 0.0f;
    float ak13_0 = 0.0f;
    float aq13_0 = 0.0f;
    float u13 = 0.0f;
    float ak14_0 = 0.0f;
    float aq14_0 = 0.0f;
    float u14 = 0.0f;
    float ak15_0 = 0.0f;
    float aq15_0 = 0.0f;
    float u15 = 0.0f;
    float sig = 1.0f;
    if (T == 1) {
      const int32_t qkba = (((((b * T) + 0) * 2) + hk) * 48);
      const int32_t soa = (0 * 48);
      eas[0] = ((g[((((b * T) + 0) * 4) + h)] > (-64.0f)) ? expf(g[((((b * T) + 0) * 4) + h)]) : 0.0f);
      float kkas = 0.0f;
      float qqas = 0.0f;
      float kqas = 0.0f;
      for (int32_t dqa = 0; dqa < 48; dqa++) {
        const float kxa1 = k[(qkba + dqa)];
        const float qxa1 = q[(qkba + dqa)];
        kkas = (kxa1 * kxa1 + kkas);
        qqas = (qxa1 * qxa1 + qqas);
        kqas = (kxa1 * qxa1 + kqas);
        kn[(soa + dqa)] = kxa1;
        qn[(soa + dqa)] = qxa1;
      }
      const float rka = (1.0f / sqrtf((kkas + 0.000001f)));
      const float rqa = (1.0f / sqrtf((qqas + 0.000001f)));
      kqs[0] = (kqas * (rka * rqa));
      for (int32_t dna = 0; dna < 48; dna++) {
        kn[(soa + dna)] = (kn[(soa + dna)] * rka);
        qn[(soa + dna)] = (qn[(soa + dna)] * rqa);
      }
      for (int32_t ri = 0; ri < 48; ri++) {
        const float k0b0 = kn[(ri + 0)];
        const float q0b0 = qn[(ri + 0)];
        float s0v0_0 = 0.0f;
        if (0 < ncol) {
          s0v0_0 = s0[((sbase + ((ri + 0) * 40)) + 0)];
        }
        ak0_0 = (s0v0_0 * k0b0 + ak0_0);
        aq0_0 = (s0v0_0 * q0b0 + aq0_0);
        float s0v1_0 = 0.0f;
        if (1 < ncol) {
          s0v1_0 = s0[((sbase + ((ri + 0) * 40)) + 1)];
        }
        ak1_0 = (s0v1_0 * k0b0 + ak1_0);
        aq1_0 = (s0v1_0 * q0b0 + aq1_0);
        float s0v2_0 = 0.0f;
        if (2 < ncol) {
          s0v2_0 = s0[((sbase + ((ri + 0) * 40)) + 2)];
        }
        ak2_0 = (s0v2_0 * k0b0 + ak2_0);
        aq2_0 = (s0v2_0 * q0b0 + aq2_0);
        float s0v3_0 = 0.0f;
        if (3 < ncol) {
          s0v3_0 = s0[((sbase + ((ri + 0) * 40)) + 3)];
        }
        ak3_0 = (s0v3_0 * k0b0 + ak3_0);
        aq3_0 = (s0v3_0 * q0b0 + aq3_0);
        float s0v4_0 = 0.0f;
        if (4 < ncol) {
          s0v4_0 = s0[((sbase + ((ri + 0) * 40)) + 4)];
        }
        ak4_0 = (s0v4_0 * k0b0 + ak4_0);
        aq4_0 = (s0v4_0 * q0b0 + aq4_0);
        float s0v5_0 = 0.0f;
        if (5 < ncol) {
          s0v5_0 = s0[((sbase + ((ri + 0) * 40)) + 5)];
        }
        ak5_0 = (s0v5_0 * k0b0 + ak5_0);
        aq5_0 = (s0v5_0 * q0b0 + aq5_0);
        float s0v6_0 = 0.0f;
        if (6 < ncol) {
          s0v6_0 = s0[((sbase + ((ri + 0) * 40)) + 6)];
        }
        ak6_0 = (s0v6_0 * k0b0 + ak6_0);
        aq6_0 = (s0v6_0 * q0b0 + aq6_0);
        float s0v7_0 = 0.0f;
        if (7 < ncol) {
          s0v7_0 = s0[((sbase + ((ri + 0) * 40)) + 7)];
        }
        ak7_0 = (s0v7_0 * k0b0 + ak7_0);
        aq7_0 = (s0v7_0 * q0b0 + aq7_0);
        float s0v8_0 = 0.0f;
        if (8 < ncol) {
          s0v8_0 = s0[((sbase + ((ri + 0) * 40)) + 8)];
        }
        ak8_0 = (s0v8_0 * k0b0 + ak8_0);
        aq8_0 = (s0v8_0 * q0b0 + aq8_0);
        float s0v9_0 = 0.0f;
        if (9 < ncol) {
          s0v9_0 = s0[((sbase + ((ri + 0) * 40)) + 9)];
        }
        ak9_0 = (s0v9_0 * k0b0 + ak9_0);
        aq9_0 = (s0v9_0 * q0b0 + aq9_0);
        float s0v10_0 = 0.0f;
        if (10 < ncol) {
          s0v10_0 = s0[((sbase + ((ri + 0) * 40)) + 10)];
        }
        ak10_0 = (s0v10_0 * k0b0 + ak10_0);
        aq10_0 = (s0v10_0 * q0b0 + aq10_0);
        float s0v11_0 = 0.0f;
        if (11 < ncol) {
          s0v11_0 = s0[((sbase + ((ri + 0) * 40)) + 11)];
        }
        ak11_0 = (s0v11_0 * k0b0 + ak11_0);
        aq11_0 = (s0v11_0 * q0b0 + aq11_0);
        float s0v12_0 = 0.0f;
        if (12 < ncol) {
          s0v12_0 = s0[((sbase + ((ri + 0) * 40)) + 12)];
        }
        ak12_0 = (s0v12_0 * k0b0 + ak12_0);
        aq12_0 = (s0v12_0 * q0b0 + aq12_0);
        float s0v13_0 = 0.0f;
        if (13 < ncol) {
          s0v13_0 = s0[((sbase + ((ri + 0) * 40)) + 13)];
        }
        ak13_0 = (s0v13_0 * k0b0 + ak13_0);
        aq13_0 = (s0v13_0 * q0b0 + aq13_0);
        float s0v14_0 = 0.0f;
        if (14 < ncol) {
          s0v14_0 = s0[((sbase + ((ri + 0) * 40)) + 14)];
        }
        ak14_0 = (s0v14_0 * k0b0 + ak14_0);
        aq14_0 = (s0v14_0 * q0b0 + aq14_0);
        float s0v15_0 = 0.0f;
        if (15 < ncol) {
          s0v15_0 = s0[((sbase + ((ri + 0) * 40)) + 15)];
        }
        ak15_0 = (s0v15_0 * k0b0 + ak15_0);
        aq15_0 = (s0v15_0 * q0b0 + aq15_0);
      }
      const int32_t t = (0 + 0);
      const int32_t gate = ((((b * T) + t) * 4) + h);
      const int32_t vo = ((gate * 40) + j0);
      const float sg = (eas[0] * sig);
      const float bt = beta[gate];
      const int32_t cur = (0 * 48);
      const int32_t nxt = (cur + 48);
      const float kqv = kqs[0];
      const float sgv = sg;
      float vv0 = 0.0f;
      if (0 < ncol) {
        vv0 = v[(vo + 0)];
      }
      u0 = ((vv0 - (sgv * ak0_0)) * bt);
      if (0 < ncol) {
        o[(vo + 0)] = ((sgv * aq0_0 + (kqv * u0)) * 0.125f);
      }
      float vv1 = 0.0f;
      if (1 < ncol) {
        vv1 = v[(vo + 1)];
      }
      u1 = ((vv1 - (sgv * ak1_0)) * bt);
      if (1 < ncol) {
        o[(vo + 1)] = ((sgv * aq1_0 + (kqv * u1)) * 0.125f);
      }
      float vv2 = 0.0f;
      if (2 < ncol) {
        vv2 = v[(vo + 2)];
      }
      u2 = ((vv2 - (sgv * ak2_0)) * bt);
      if (2 < ncol) {
        o[(vo + 2)] = ((sgv * aq2_0 + (kqv * u2)) * 0.125f);
      }
      float vv3 = 0.0f;
      if (3 < ncol) {
        vv3 = v[(vo + 3)];
      }
      u3 = ((vv3 - (sgv * ak3_0)) * bt);
      if (3 < ncol) {
        o[(vo + 3)] = ((sgv * aq3_0 + (kqv * u3)) * 0.125f);
      }
      float vv4 = 0.0f;
      if (4 < ncol) {
        vv4 = v[(vo + 4)];
      }
      u4 = ((vv4 - (sgv * ak4_0)) * bt);
      if (4 < ncol) {
        o[(vo + 4)] = ((sgv * aq4_0 + (kqv * u4)) * 0.125f);
      }
      float vv5 = 0.0f;
      if (5 < ncol) {
        vv5 = v[(vo + 5)];
      }
      u5 = ((vv5 - (sgv * ak5_0)) * bt);
      if (5 < ncol) {
        o[(vo + 5)] = ((sgv * aq5_0 + (kqv * u5)) * 0.125f);
      }
      float vv6 = 0.0f;
      if (6 < ncol) {
        vv6 = v[(vo + 6)];
      }
      u6 = ((vv6 - (sgv * ak6_0)) * bt);
      if (6 < ncol) {
        o[(vo + 6)] = ((sgv * aq6_0 + (kqv * u6)) * 0.125f);
      }
      float vv7 = 0.0f;
      if (7 < ncol) {
        vv7 = v[(vo + 7)];
      }
      u7 = ((vv7 - (sgv * ak7_0)) * bt);
      if (7 < ncol) {
        o[(vo + 7)] = ((sgv * aq7_0 + (kqv * u7)) * 0.125f);
      }
      float vv8 = 0.0f;
      if (8 < ncol) {
        vv8 = v[(vo + 8)];
      }
      u8 = ((vv8 - (sgv * ak8_0)) * bt);
      if (8 < ncol) {
        o[(vo + 8)] = ((sgv * aq8_0 + (kqv * u8)) * 0.125f);
      }
      float vv9 = 0.0f;
      if (9 < ncol) {
        vv9 = v[(vo + 9)];
      }
      u9 = ((vv9 - (sgv * ak9_0)) * bt);
      if (9 < ncol) {
        o[(vo + 9)] = ((sgv * aq9_0 + (kqv * u9)) * 0.125f);
      }
      float vv10 = 0.0f;
      if (10 < ncol) {
        vv10 = v[(vo + 10)];
      }
      u10 = ((vv10 - (sgv * ak10_0)) * bt);
      if (10 < ncol) {
        o[(vo + 10)] = ((sgv * aq10_0 + (kqv * u10)) * 0.125f);
      }
      float vv11 = 0.0f;
      if (11 < ncol) {
        vv11 = v[(vo + 11)];
      }
      u11 = ((vv11 - (sgv * ak11_0)) * bt);
      if (11 < ncol) {
        o[(vo + 11)] = ((sgv * aq11_0 + (kqv * u11)) * 0.125f);
      }
      float vv12 = 0.0f;
      if (12 < ncol) {
        vv12 = v[(vo + 12)];
      }
      u12 = ((vv12 - (sgv * ak12_0)) * bt);
      if (12 < ncol) {
        o[(vo + 12)] = ((sgv * aq12_0 + (kqv * u12)) * 0.125f);
      }
      float vv13 = 0.0f;
      if (13 < ncol) {
        vv13 = v[(vo + 13)];
      }
      u13 = ((vv13 - (sgv * ak13_0)) * bt);
      if (13 < ncol) {
        o[(vo + 13)] = ((sgv * aq13_0 + (kqv * u13)) * 0.125f);
      }
      float vv14 = 0.0f;
      if (14 < ncol) {
        vv14 = v[(vo + 14)];
      }
      u14 = ((vv14 - (sgv * ak14_0)) * bt);
      if (14 < ncol) {
        o[(vo + 14)] = ((sgv * aq14_0 + (kqv * u14)) * 0.125f);
      }
      float vv15 = 0.0f;
      if (15 < ncol) {
        vv15 = v[(vo + 15)];
      }
      u15 = ((vv15 - (sgv * ak15_0)) * bt);
      if (15 < ncol) {
        o[(vo + 15)] = ((sgv * aq15_0 + (kqv * u15)) * 0.125f);
      }
      for (int32_t ru = 0; ru < 48; ru++) {
        const float kcb0 = kn[(cur + (ru + 0))];
        float so0_0 = 0.0f;
        if (0 < ncol) {
          so0_0 = s0[((sbase + ((ru + 0) * 40)) + 0)];
        }
        const float sn0_0 = (kcb0 * u0 + (so0_0 * sgv));
        if (0 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 0)] = sn0_0;
        }
        float so1_0 = 0.0f;
        if (1 < ncol) {
          so1_0 = s0[((sbase + ((ru + 0) * 40)) + 1)];
        }
        const float sn1_0 = (kcb0 * u1 + (so1_0 * sgv));
        if (1 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 1)] = sn1_0;
        }
        float so2_0 = 0.0f;
        if (2 < ncol) {
          so2_0 = s0[((sbase + ((ru + 0) * 40)) + 2)];
        }
        const float sn2_0 = (kcb0 * u2 + (so2_0 * sgv));
        if (2 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 2)] = sn2_0;
        }
        float so3_0 = 0.0f;
        if (3 < ncol) {
          so3_0 = s0[((sbase + ((ru + 0) * 40)) + 3)];
        }
        const float sn3_0 = (kcb0 * u3 + (so3_0 * sgv));
        if (3 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 3)] = sn3_0;
        }
        float so4_0 = 0.0f;
        if (4 < ncol) {
          so4_0 = s0[((sbase + ((ru + 0) * 40)) + 4)];
        }
        const float sn4_0 = (kcb0 * u4 + (so4_0 * sgv));
        if (4 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 4)] = sn4_0;
        }
        float so5_0 = 0.0f;
        if (5 < ncol) {
          so5_0 = s0[((sbase + ((ru + 0) * 40)) + 5)];
        }
        const float sn5_0 = (kcb0 * u5 + (so5_0 * sgv));
        if (5 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 5)] = sn5_0;
        }
        float so6_0 = 0.0f;
        if (6 < ncol) {
          so6_0 = s0[((sbase + ((ru + 0) * 40)) + 6)];
        }
        const float sn6_0 = (kcb0 * u6 + (so6_0 * sgv));
        if (6 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 6)] = sn6_0;
        }
        float so7_0 = 0.0f;
        if (7 < ncol) {
          so7_0 = s0[((sbase + ((ru + 0) * 40)) + 7)];
        }
        const float sn7_0 = (kcb0 * u7 + (so7_0 * sgv));
        if (7 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 7)] = sn7_0;
        }
        float so8_0 = 0.0f;
        if (8 < ncol) {
          so8_0 = s0[((sbase + ((ru + 0) * 40)) + 8)];
        }
        const float sn8_0 = (kcb0 * u8 + (so8_0 * sgv));
        if (8 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 8)] = sn8_0;
        }
        float so9_0 = 0.0f;
        if (9 < ncol) {
          so9_0 = s0[((sbase + ((ru + 0) * 40)) + 9)];
        }
        const float sn9_0 = (kcb0 * u9 + (so9_0 * sgv));
        if (9 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 9)] = sn9_0;
        }
        float so10_0 = 0.0f;
        if (10 < ncol) {
          so10_0 = s0[((sbase + ((ru + 0) * 40)) + 10)];
        }
        const float sn10_0 = (kcb0 * u10 + (so10_0 * sgv));
        if (10 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 10)] = sn10_0;
        }
        float so11_0 = 0.0f;
        if (11 < ncol) {
          so11_0 = s0[((sbase + ((ru + 0) * 40)) + 11)];
        }
        const float sn11_0 = (kcb0 * u11 + (so11_0 * sgv));
        if (11 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 11)] = sn11_0;
        }
        float so12_0 = 0.0f;
        if (12 < ncol) {
          so12_0 = s0[((sbase + ((ru + 0) * 40)) + 12)];
        }
        const float sn12_0 = (kcb0 * u12 + (so12_0 * sgv));
        if (12 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 12)] = sn12_0;
        }
        float so13_0 = 0.0f;
        if (13 < ncol) {
          so13_0 = s0[((sbase + ((ru + 0) * 40)) + 13)];
        }
        const float sn13_0 = (kcb0 * u13 + (so13_0 * sgv));
        if (13 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 13)] = sn13_0;
        }
        float so14_0 = 0.0f;
        if (14 < ncol) {
          so14_0 = s0[((sbase + ((ru + 0) * 40)) + 14)];
        }
        const float sn14_0 = (kcb0 * u14 + (so14_0 * sgv));
        if (14 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 14)] = sn14_0;
        }
        float so15_0 = 0.0f;
        if (15 < ncol) {
          so15_0 = s0[((sbase + ((ru + 0) * 40)) + 15)];
        }
        const float sn15_0 = (kcb0 * u15 + (so15_0 * sgv));
        if (15 < ncol) {
          s[((sbase + ((ru + 0) * 40)) + 15)] = sn15_0;
        }
      }
      sig = 1.0f;
    } else {
      float Sb[768];
      for (int32_t si = 0; si < 48; si++) {
        float sl0 = 0.0f;
        if (0 < ncol) {
          sl0 = s0[((sbase + (si * 40)) + 0)];
        }
        Sb[((si * 16) + 0)] = sl0;
        float sl1 = 0.0f;
        if (1 < ncol) {
          sl1 = s0[((sbase + (si * 40)) + 1)];
        }
        Sb[((si * 16) + 1)] = sl1;
        float sl2 = 0.0f;
        if (2 < ncol) {
          sl2 = s0[((sbase + (si * 40)) + 2)];
        }
        Sb[((si * 16) + 2)] = sl2;
        float sl3 = 0.0f;
        if (3 < ncol) {
          sl3 = s0[((sbase + (si * 40)) + 3)];
        }
        Sb[((si * 16) + 3)] = sl3;
        float sl4 = 0.0f;
        if (4 < ncol) {
          sl4 = s0[((sbase + (si * 40)) + 4)];
        }
        Sb[((si * 16) + 4)] = sl4;
        float sl5 = 0.0f;
        if (5 < ncol) {
          sl5 = s0[((sbase + (si * 40)) + 5)];
        }
        Sb[((si * 16) + 5)] = sl5;
        float sl6 = 0.0f;
        if (6 < ncol) {
          sl6 = s0[((sbase + (si * 40)) + 6)];
        }
        Sb[((si * 16) + 6)] = sl6;
        float sl7 = 0.0f;
        if (7 < ncol) {
          sl7 = s0[((sbase + (si * 40)) + 7)];
        }
        Sb[((si * 16) + 7)] = sl7;
        float sl8 = 0.0f;
        if (8 < ncol) {
          sl8 = s0[((sbase + (si * 40)) + 8)];
        }
        Sb[((si * 16) + 8)] = sl8;
        float sl9 = 0.0f;
        if (9 < ncol) {
          sl9 = s0[((sbase + (si * 40)) + 9)];
        }
        Sb[((si * 16) + 9)] = sl9;
        float sl10 = 0.0f;
        if (10 < ncol) {
          sl10 = s0[((sbase + (si * 40)) + 10)];
        }
        Sb[((si * 16) + 10)] = sl10;
        float sl11 = 0.0f;
        if (11 < ncol) {
          sl11 = s0[((sbase + (si * 40)) + 11)];
        }
        Sb[((si * 16) + 11)] = sl11;
        float sl12 = 0.0f;
        if (12 < ncol) {
          sl12 = s0[((sbase + (si * 40)) + 12)];
        }
        Sb[((si * 16) + 12)] = sl12;
        float sl13 = 0.0f;
        if (13 < ncol) {
          sl13 = s0[((sbase + (si * 40)) + 13)];
        }
        Sb[((si * 16) + 13)] = sl13;
        float sl14 = 0.0f;
        if (14 < ncol) {
          sl14 = s0[((sbase + (si * 40)) + 14)];
        }
        Sb[((si * 16) + 14)] = sl14;
        float sl15 = 0.0f;
        if (15 < ncol) {
          sl15 = s0[((sbase + (si * 40)) + 15)];
        }
        Sb[((si * 16) + 15)] = sl15;
      }
      const int32_t qkba = (((((b * T) + 0) * 2) + hk) * 48);
      const int32_t soa = (0 * 48);
      eas[0] = ((g[((((b * T) + 0) * 4) + h)] > (-64.0f)) ? expf(g[((((b * T) + 0) * 4) + h)]) : 0.0f);
      float kkas = 0.0f;
      float qqas = 0.0f;
      float kqas = 0.0f;
      for (int32_t dqa = 0; dqa < 48; dqa++) {
        const float kxa1 = k[(qkba + dqa)];
        const float qxa1 = q[(qkba + dqa)];
        kkas = (kxa1 * kxa1 + kkas);
        qqas = (qxa1 * qxa1 + qqas);
        kqas = (kxa1 * qxa1 + kqas);
        kn[(soa + dqa)] = kxa1;
        qn[(soa + dqa)] = qxa1;
      }
      const float rka = (1.0f / sqrtf((kkas + 0.000001f)));
      const float rqa = (1.0f / sqrtf((qqas + 0.000001f)));
      kqs[0] = (kqas * (rka * rqa));
      for (int32_t dna = 0; dna < 48; dna++) {
        kn[(soa + dna)] = (kn[(soa + dna)] * rka);
        qn[(soa + dna)] = (qn[(soa + dna)] * rqa);
      }
      for (int32_t ri = 0; ri < 48; ri++) {
        const float k0b0 = kn[(ri + 0)];
        const float q0b0 = qn[(ri + 0)];
        const float s0v0_0 = Sb[(((ri + 0) * 16) + 0)];
        ak0_0 = (s0v0_0 * k0b0 + ak0_0);
        aq0_0 = (s0v0_0 * q0b0 + aq0_0);
        const float s0v1_0 = Sb[(((ri + 0) * 16) + 1)];
        ak1_0 = (s0v1_0 * k0b0 + ak1_0);
        aq1_0 = (s0v1_0 * q0b0 + aq1_0);
        const float s0v2_0 = Sb[(((ri + 0) * 16) + 2)];
        ak2_0 = (s0v2_0 * k0b0 + ak2_0);
        aq2_0 = (s0v2_0 * q0b0 + aq2_0);
        const float s0v3_0 = Sb[(((ri + 0) * 16) + 3)];
        ak3_0 = (s0v3_0 * k0b0 + ak3_0);
        aq3_0 = (s0v3_0 * q0b0 + aq3_0);
        const float s0v4_0 = Sb[(((ri + 0) * 16) + 4)];
        ak4_0 = (s0v4_0 * k0b0 + ak4_0);
        aq4_0 = (s0v4_0 * q0b0 + aq4_0);
        const float s0v5_0 = Sb[(((ri + 0) * 16) + 5)];
        ak5_0 = (s0v5_0 * k0b0 + ak5_0);
        aq5_0 = (s0v5_0 * q0b0 + aq5_0);
        const float s0v6_0 = Sb[(((ri + 0) * 16) + 6)];
        ak6_0 = (s0v6_0 * k0b0 + ak6_0);
        aq6_0 = (s0v6_0 * q0b0 + aq6_0);
        const float s0v7_0 = Sb[(((ri + 0) * 16) + 7)];
        ak7_0 = (s0v7_0 * k0b0 + ak7_0);
        aq7_0 = (s0v7_0 * q0b0 + aq7_0);
        const float s0v8_0 = Sb[(((ri + 0) * 16) + 8)];
        ak8_0 = (s0v8_0 * k0b0 + ak8_0);
        aq8_0 = (s0v8_0 * q0b0 + aq8_0);
        const float s0v9_0 = Sb[(((ri + 0) * 16) + 9)];
        ak9_0 = (s0v9_0 * k0b0 + ak9_0);
        aq9_0 = (s0v9_0 * q0b0 + aq9_0);
        const float s0v10_0 = Sb[(((ri + 0) * 16) + 10)];
        ak10_0 = (s0v10_0 * k0b0 + ak10_0);
        aq10_0 = (s0v10_0 * q0b0 + aq10_0);
        const float s0v11_0 = Sb[(((ri + 0) * 16) + 11)];
        ak11_0 = (s0v11_0 * k0b0 + ak11_0);
        aq11_0 = (s0v11_0 * q0b0 + aq11_0);
        const float s0v12_0 = Sb[(((ri + 0) * 16) + 12)];
        ak12_0 = (s0v12_0 * k0b0 + ak12_0);
        aq12_0 = (s0v12_0 * q0b0 + aq12_0);
        const float s0v13_0 = Sb[(((ri + 0) * 16) + 13)];
        ak13_0 = (s0v13_0 * k0b0 + ak13_0);
        aq13_0 = (s0v13_0 * q0b0 + aq13_0);
        const float s0v14_0 = Sb[(((ri + 0) * 16) + 14)];
        ak14_0 = (s0v14_0 * k0b0 + ak14_0);
        aq14_0 = (s0v14_0 * q0b0 + aq14_0);
        const float s0v15_0 = Sb[(((ri + 0) * 16) + 15)];
        ak15_0 = (s0v15_0 * k0b0 + ak15_0);
        aq15_0 = (s0v15_0 * q0b0 + aq15_0);
      }
      for (int32_t tb = 0; tb < T; tb += 8) {
        if (0 < tb) {
          for (int32_t cs = 0; cs < 48; cs++) {
            kn[cs] = kn[(cs + 384)];
            qn[cs] = qn[(cs + 384)];
          }
          kqs[0] = kqs[8];
          eas[0] = eas[8];
        }
        for (int32_t js = 1; js < (((8) < (((T - 1) - tb)) ? (8) : (((T - 1) - tb))) + 1); js++) {
          const int32_t qkbn = (((((b * T) + (tb + js)) * 2) + hk) * 48);
          const int32_t son = (js * 48);
          eas[js] = ((g[((((b * T) + (tb + js)) * 4) + h)] > (-64.0f)) ? expf(g[((((b * T) + (tb + js)) * 4) + h)]) : 0.0f);
          float kkns = 0.0f;
          float qqns = 0.0f;
          float kqns = 0.0f;
          for (int32_t dqn = 0; dqn < 48; dqn++) {
            const float kxn1 = k[(qkbn + dqn)];
            const float qxn1 = q[(qkbn + dqn)];
            kkns = (kxn1 * kxn1 + kkns);
            qqns = (qxn1 * qxn1 + qqns);
            kqns = (kxn1 * qxn1 + kqns);
            kn[(son + dqn)] = kxn1;
            qn[(son + dqn)] = qxn1;
          }
          const float rkn = (1.0f / sqrtf((kkns + 0.000001f)));
          const float rqn = (1.0f / sqrtf((qqns + 0.000001f)));
          kqs[js] = (kqns * (rkn * rqn));
          for (int32_t dnn = 0; dnn < 48; dnn++) {
            kn[(son + dnn)] = (kn[(son + dnn)] * rkn);
            qn[(son + dnn)] = (qn[(son + dnn)] * rqn);
          }
        }
        for (int32_t j = 0; j < ((8) < ((T - tb)) ? (8) : ((T - tb))); j++) {
          const int32_t t = (tb + j);
          const int32_t gate = ((((b * T) + t) * 4) + h);
          const int32_t vo = ((gate * 40) + j0);
          const float sg = (eas[j] * sig);
          const float bt = beta[gate];
          const int32_t cur = (j * 48);
          const int32_t nxt = (cur + 48);
          const float kqv = kqs[j];
          const float sgv = sg;
          float vv0 = 0.0f;
          if (0 < ncol) {
            vv0 = v[(vo + 0)];
          }
          u0 = ((vv0 - (sgv * ak0_0)) * bt);
          if (0 < ncol) {
            o[(vo + 0)] = ((sgv * aq0_0 + (kqv * u0)) * 0.125f);
          }
          float vv1 = 0.0f;
          if (1 < ncol) {
            vv1 = v[(vo + 1)];
          }
          u1 = ((vv1 - (sgv * ak1_0)) * bt);
          if (1 < ncol) {
            o[(vo + 1)] = ((sgv * aq1_0 + (kqv * u1)) * 0.125f);
          }
          float vv2 = 0.0f;
          if (2 < ncol) {
            vv2 = v[(vo + 2)];
          }
          u2 = ((vv2 - (sgv * ak2_0)) * bt);
          if (2 < ncol) {
            o[(vo + 2)] = ((sgv * aq2_0 + (kqv * u2)) * 0.125f);
          }
          float vv3 = 0.0f;
          if (3 < ncol) {
            vv3 = v[(vo + 3)];
          }
          u3 = ((vv3 - (sgv * ak3_0)) * bt);
          if (3 < ncol) {
            o[(vo + 3)] = ((sgv * aq3_0 + (kqv * u3)) * 0.125f);
          }
          float vv4 = 0.0f;
          if (4 < ncol) {
            vv4 = v[(vo + 4)];
          }
          u4 = ((vv4 - (sgv * ak4_0)) * bt);
          if (4 < ncol) {
            o[(vo + 4)] = ((sgv * aq4_0 + (kqv * u4)) * 0.125f);
          }
          float vv5 = 0.0f;
          if (5 < ncol) {
            vv5 = v[(vo + 5)];
          }
          u5 = ((vv5 - (sgv * ak5_0)) * bt);
          if (5 < ncol) {
            o[(vo + 5)] = ((sgv * aq5_0 + (kqv * u5)) * 0.125f);
          }
          float vv6 = 0.0f;
          if (6 < ncol) {
            vv6 = v[(vo + 6)];
          }
          u6 = ((vv6 - (sgv * ak6_0)) * bt);
          if (6 < ncol) {
            o[(vo + 6)] = ((sgv * aq6_0 + (kqv * u6)) * 0.125f);
          }
          float vv7 = 0.0f;
          if (7 < ncol) {
            vv7 = v[(vo + 7)];
          }
          u7 = ((vv7 - (sgv * ak7_0)) * bt);
          if (7 < ncol) {
            o[(vo + 7)] = ((sgv * aq7_0 + (kqv * u7)) * 0.125f);
          }
          float vv8 = 0.0f;
          if (8 < ncol) {
            vv8 = v[(vo + 8)];
          }
          u8 = ((vv8 - (sgv * ak8_0)) * bt);
          if (8 < ncol) {
            o[(vo + 8)] = ((sgv * aq8_0 + (kqv * u8)) * 0.125f);
          }
          float vv9 = 0.0f;
          if (9 < ncol) {
            vv9 = v[(vo + 9)];
          }
          u9 = ((vv9 - (sgv * ak9_0)) * bt);
          if (9 < ncol) {
            o[(vo + 9)] = ((sgv * aq9_0 + (kqv * u9)) * 0.125f);
          }
          float vv10 = 0.0f;
          if (10 < ncol) {
            vv10 = v[(vo + 10)];
          }
          u10 = ((vv10 - (sgv * ak10_0)) * bt);
          if (10 < ncol) {
            o[(vo + 10)] = ((sgv * aq10_0 + (kqv * u10)) * 0.125f);
          }
          float vv11 = 0.0f;
          if (11 < ncol) {
            vv11 = v[(vo + 11)];
          }
          u11 = ((vv11 - (sgv * ak11_0)) * bt);
          if (11 < ncol) {
            o[(vo + 11)] = ((sgv * aq11_0 + (kqv * u11)) * 0.125f);
          }
          float vv12 = 0.0f;
          if (12 < ncol) {
            vv12 = v[(vo + 12)];
          }
          u12 = ((vv12 - (sgv * ak12_0)) * bt);
          if (12 < ncol) {
            o[(vo + 12)] = ((sgv * aq12_0 + (kqv * u12)) * 0.125f);
          }
          float vv13 = 0.0f;
          if (13 < ncol) {
            vv13 = v[(vo + 13)];
          }
          u13 = ((vv13 - (sgv * ak13_0)) * bt);
          if (13 < ncol) {
            o[(vo + 13)] = ((sgv * aq13_0 + (kqv * u13)) * 0.125f);
          }
          float vv14 = 0.0f;
          if (14 < ncol) {
            vv14 = v[(vo + 14)];
          }
          u14 = ((vv14 - (sgv * ak14_0)) * bt);
          if (14 < ncol) {
            o[(vo + 14)] = ((sgv * aq14_0 + (kqv * u14)) * 0.125f);
          }
          float vv15 = 0.0f;
          if (15 < ncol) {
            vv15 = v[(vo + 15)];
          }
          u15 = ((vv15 - (sgv * ak15_0)) * bt);
          if (15 < ncol) {
            o[(vo + 15)] = ((sgv * aq15_0 + (kqv * u15)) * 0.125f);
          }
          if ((t + 1) < T) {
            ak0_0 = 0.0f;
            aq0_0 = 0.0f;
            ak1_0 = 0.0f;
            aq1_0 = 0.0f;
            ak2_0 = 0.0f;
            aq2_0 = 0.0f;
            ak3_0 = 0.0f;
            aq3_0 = 0.0f;
            ak4_0 = 0.0f;
            aq4_0 = 0.0f;
            ak5_0 = 0.0f;
            aq5_0 = 0.0f;
            ak6_0 = 0.0f;
            aq6_0 = 0.0f;
            ak7_0 = 0.0f;
            aq7_0 = 0.0f;
            ak8_0 = 0.0f;
            aq8_0 = 0.0f;
            ak9_0 = 0.0f;
            aq9_0 = 0.0f;
            ak10_0 = 0.0f;
            aq10_0 = 0.0f;
            ak11_0 = 0.0f;
            aq11_0 = 0.0f;
            ak12_0 = 0.0f;
            aq12_0 = 0.0f;
            ak13_0 = 0.0f;
            aq13_0 = 0.0f;
            ak14_0 = 0.0f;
            aq14_0 = 0.0f;
            ak15_0 = 0.0f;
            aq15_0 = 0.0f;
            if (sg < 9.313225746154785e-10f) {
              for (int32_t ru = 0; ru < 48; ru++) {
                const float kcb0 = kn[(cur + (ru + 0))];
                const float kxb0 = kn[(nxt + (ru + 0))];
                const float qxb0 = qn[(nxt + (ru + 0))];
                const float so0_0 = Sb[(((ru + 0) * 16) + 0)];
                const float sn0_0 = (kcb0 * u0 + (so0_0 * sgv));
                Sb[(((ru + 0) * 16) + 0)] = sn0_0;
                ak0_0 = (sn0_0 * kxb0 + ak0_0);
                aq0_0 = (sn0_0 * qxb0 + aq0_0);
                const float so1_0 = Sb[(((ru + 0) * 16) + 1)];
                const float sn1_0 = (kcb0 * u1 + (so1_0 * sgv));
                Sb[(((ru + 0) * 16) + 1)] = sn1_0;
                ak1_0 = (sn1_0 * kxb0 + ak1_0);
                aq1_0 = (sn1_0 * qxb0 + aq1_0);
                const float so2_0 = Sb[(((ru + 0) * 16) + 2)];
                const float sn2_0 = (kcb0 * u2 + (so2_0 * sgv));
                Sb[(((ru + 0) * 16) + 2)] = sn2_0;
                ak2_0 = (sn2_0 * kxb0 + ak2_0);
                aq2_0 = (sn2_0 * qxb0 + aq2_0);
                const float so3_0 = Sb[(((ru + 0) * 16) + 3)];
                const float sn3_0 = (kcb0 * u3 + (so3_0 * sgv));
                Sb[(((ru + 0) * 16) + 3)] = sn3_0;
                ak3_0 = (sn3_0 * kxb0 + ak3_0);
                aq3_0 = (sn3_0 * qxb0 + aq3_0);
                const float so4_0 = Sb[(((ru + 0) * 16) + 4)];
                const float sn4_0 = (kcb0 * u4 + (so4_0 * sgv));
                Sb[(((ru + 0) * 16) + 4)] = sn4_0;
                ak4_0 = (sn4_0 * kxb0 + ak4_0);
                aq4_0 = (sn4_0 * qxb0 + aq4_0);
                const float so5_0 = Sb[(((ru + 0) * 16) + 5)];
                const float sn5_0 = (kcb0 * u5 + (so5_0 * sgv));
                Sb[(((ru + 0) * 16) + 5)] = sn5_0;
                ak5_0 = (sn5_0 * kxb0 + ak5_0);
                aq5_0 = (sn5_0 * qxb0 + aq5_0);
                const float so6_0 = Sb[(((ru + 0) * 16) + 6)];
                const float sn6_0 = (kcb0 * u6 + (so6_0 * sgv));
                Sb[(((ru + 0) * 16) + 6)] = sn6_0;
                ak6_0 = (sn6_0 * kxb0 + ak6_0);
                aq6_0 = (sn6_0 * qxb0 + aq6_0);
                const float so7_0 = Sb[(((ru + 0) * 16) + 7)];
                const float sn7_0 = (kcb0 * u7 + (so7_0 * sgv));
                Sb[(((ru + 0) * 16) + 7)] = sn7_0;
                ak7_0 = (sn7_0 * kxb0 + ak7_0);
                aq7_0 = (sn7_0 * qxb0 + aq7_0);
                const float so8_0 = Sb[(((ru + 0) * 16) + 8)];
                const float sn8_0 = (kcb0 * u8 + (so8_0 * sgv));
                Sb[(((ru + 0) * 16) + 8)] = sn8_0;
                ak8_0 = (sn8_0 * kxb0 + ak8_0);
                aq8_0 = (sn8_0 * qxb0 + aq8_0);
                const float so9_0 = Sb[(((ru + 0) * 16) + 9)];
                const float sn9_0 = (kcb0 * u9 + (so9_0 * sgv));
                Sb[(((ru + 0) * 16) + 9)] = sn9_0;
                ak9_0 = (sn9_0 * kxb0 + ak9_0);
                aq9_0 = (sn9_0 * qxb0 + aq9_0);
                const float so10_0 = Sb[(((ru + 0) * 16) + 10)];
                const float sn10_0 = (kcb0 * u10 + (so10_0 * sgv));
                Sb[(((ru + 0) * 16) + 10)] = sn10_0;
                ak10_0 = (sn10_0 * kxb0 + ak10_0);
                aq10_0 = (sn10_0 * qxb0 + aq10_0);
                const float so11_0 = Sb[(((ru + 0) * 16) + 11)];
                const float sn11_0 = (kcb0 * u11 + (so11_0 * sgv));
                Sb[(((ru + 0) * 16) + 11)] = sn11_0;
                ak11_0 = (sn11_0 * kxb0 + ak11_0);
                aq11_0 = (sn11_0 * qxb0 + aq11_0);
                const float so12_0 = Sb[(((ru + 0) * 16) + 12)];
                const float sn12_0 = (kcb0 * u12 + (so12_0 * sgv));
                Sb[(((ru + 0) * 16) + 12)] = sn12_0;
                ak12_0 = (sn12_0 * kxb0 + ak12_0);
                aq12_0 = (sn12_0 * qxb0 + aq12_0);
                const float so13_0 = Sb[(((ru + 0) * 16) + 13)];
                const float sn13_0 = (kcb0 * u13 + (so13_0 * sgv));
                Sb[(((ru + 0) * 16) + 13)] = sn13_0;
                ak13_0 = (sn13_0 * kxb0 + ak13_0);
                aq13_0 = (sn13_0 * qxb0 + aq13_0);
                const float so14_0 = Sb[(((ru + 0) * 16) + 14)];
                const float sn14_0 = (kcb0 * u14 + (so14_0 * sgv));
                Sb[(((ru + 0) * 16) + 14)] = sn14_0;
                ak14_0 = (sn14_0 * kxb0 + ak14_0);
                aq14_0 = (sn14_0 * qxb0 + aq14_0);
                const float so15_0 = Sb[(((ru + 0) * 16) + 15)];
                const float sn15_0 = (kcb0 * u15 + (so15_0 * sgv));
                Sb[(((ru + 0) * 16) + 15)] = sn15_0;
                ak15_0 = (sn15_0 * kxb0 + ak15_0);
                aq15_0 = (sn15_0 * qxb0 + aq15_0);
              }
              sig = 1.0f;
            } else {
              const float isg = (1.0f / sg);
              const float us0 = (u0 * isg);
              const float us1 = (u1 * isg);
              const float us2 = (u2 * isg);
              const float us3 = (u3 * isg);
              const float us4 = (u4 * isg);
              const float us5 = (u5 * isg);
              const float us6 = (u6 * isg);
              const float us7 = (u7 * isg);
              const float us8 = (u8 * isg);
              const float us9 = (u9 * isg);
              const float us10 = (u10 * isg);
              const float us11 = (u11 * isg);
              const float us12 = (u12 * isg);
              const float us13 = (u13 * isg);
              const float us14 = (u14 * isg);
              const float us15 = (u15 * isg);
              for (int32_t ru = 0; ru < 48; ru++) {
                const float kcb0 = kn[(cur + (ru + 0))];
                const float kxb0 = kn[(nxt + (ru + 0))];
                const float qxb0 = qn[(nxt + (ru + 0))];
                const float so0_0 = Sb[(((ru + 0) * 16) + 0)];
                const float sn0_0 = (kcb0 * us0 + so0_0);
                Sb[(((ru + 0) * 16) + 0)] = sn0_0;
                ak0_0 = (sn0_0 * kxb0 + ak0_0);
                aq0_0 = (sn0_0 * qxb0 + aq0_0);
                const float so1_0 = Sb[(((ru + 0) * 16) + 1)];
                const float sn1_0 = (kcb0 * us1 + so1_0);
                Sb[(((ru + 0) * 16) + 1)] = sn1_0;
                ak1_0 = (sn1_0 * kxb0 + ak1_0);
                aq1_0 = (sn1_0 * qxb0 + aq1_0);
                const float so2_0 = Sb[(((ru + 0) * 16) + 2)];
                const float sn2_0 = (kcb0 * us2 + so2_0);
                Sb[(((ru + 0) * 16) + 2)] = sn2_0;
                ak2_0 = (sn2_0 * kxb0 + ak2_0);
                aq2_0 = (sn2_0 * qxb0 + aq2_0);
                const float so3_0 = Sb[(((ru + 0) * 16) + 3)];
                const float sn3_0 = (kcb0 * us3 + so3_0);
                Sb[(((ru + 0) * 16) + 3)] = sn3_0;
                ak3_0 = (sn3_0 * kxb0 + ak3_0);
                aq3_0 = (sn3_0 * qxb0 + aq3_0);
                const float so4_0 = Sb[(((ru + 0) * 16) + 4)];
                const float sn4_0 = (kcb0 * us4 + so4_0);
                Sb[(((ru + 0) * 16) + 4)] = sn4_0;
                ak4_0 = (sn4_0 * kxb0 + ak4_0);
                aq4_0 = (sn4_0 * qxb0 + aq4_0);
                const float so5_0 = Sb[(((ru + 0) * 16) + 5)];
                const float sn5_0 = (kcb0 * us5 + so5_0);
                Sb[(((ru + 0) * 16) + 5)] = sn5_0;
                ak5_0 = (sn5_0 * kxb0 + ak5_0);
                aq5_0 = (sn5_0 * qxb0 + aq5_0);
                const float so6_0 = Sb[(((ru + 0) * 16) + 6)];
                const float sn6_0 = (kcb0 * us6 + so6_0);
                Sb[(((ru + 0) * 16) + 6)] = sn6_0;
                ak6_0 = (sn6_0 * kxb0 + ak6_0);
                aq6_0 = (sn6_0 * qxb0 + aq6_0);
                const float so7_0 = Sb[(((ru + 0) * 16) + 7)];
                const float sn7_0 = (kcb0 * us7 + so7_0);
                Sb[(((ru + 0) * 16) + 7)] = sn7_0;
                ak7_0 = (sn7_0 * kxb0 + ak7_0);
                aq7_0 = (sn7_0 * qxb0 + aq7_0);
                const float so8_0 = Sb[(((ru + 0) * 16) + 8)];
                const float sn8_0 = (kcb0 * us8 + so8_0);
                Sb[(((ru + 0) * 16) + 8)] = sn8_0;
                ak8_0 = (sn8_0 * kxb0 + ak8_0);
                aq8_0 = (sn8_0 * qxb0 + aq8_0);
                const float so9_0 = Sb[(((ru + 0) * 16) + 9)];
                const float sn9_0 = (kcb0 * us9 + so9_0);
                Sb[(((ru + 0) * 16) + 9)] = sn9_0;
                ak9_0 = (sn9_0 * kxb0 + ak9_0);
                aq9_0 = (sn9_0 * qxb0 + aq9_0);
                const float so10_0 = Sb[(((ru + 0) * 16) + 10)];
                const float sn10_0 = (kcb0 * us10 + so10_0);
                Sb[(((ru + 0) * 16) + 10)] = sn10_0;
                ak10_0 = (sn10_0 * kxb0 + ak10_0);
                aq10_0 = (sn10_0 * qxb0 + aq10_0);
                const float so11_0 = Sb[(((ru + 0) * 16) + 11)];
                const float sn11_0 = (kcb0 * us11 + so11_0);
                Sb[(((ru + 0) * 16) + 11)] = sn11_0;
                ak11_0 = (sn11_0 * kxb0 + ak11_0);
                aq11_0 = (sn11_0 * qxb0 + aq11_0);
                const float so12_0 = Sb[(((ru + 0) * 16) + 12)];
                const float sn12_0 = (kcb0 * us12 + so12_0);
                Sb[(((ru + 0) * 16) + 12)] = sn12_0;
                ak12_0 = (sn12_0 * kxb0 + ak12_0);
                aq12_0 = (sn12_0 * qxb0 + aq12_0);
                const float so13_0 = Sb[(((ru + 0) * 16) + 13)];
                const float sn13_0 = (kcb0 * us13 + so13_0);
                Sb[(((ru + 0) * 16) + 13)] = sn13_0;
                ak13_0 = (sn13_0 * kxb0 + ak13_0);
                aq13_0 = (sn13_0 * qxb0 + aq13_0);
                const float so14_0 = Sb[(((ru + 0) * 16) + 14)];
                const float sn14_0 = (kcb0 * us14 + so14_0);
                Sb[(((ru + 0) * 16) + 14)] = sn14_0;
                ak14_0 = (sn14_0 * kxb0 + ak14_0);
                aq14_0 = (sn14_0 * qxb0 + aq14_0);
                const float so15_0 = Sb[(((ru + 0) * 16) + 15)];
                const float sn15_0 = (kcb0 * us15 + so15_0);
                Sb[(((ru + 0) * 16) + 15)] = sn15_0;
                ak15_0 = (sn15_0 * kxb0 + ak15_0);
                aq15_0 = (sn15_0 * qxb0 + aq15_0);
              }
              sig = sg;
            }
          } else {
            for (int32_t ru = 0; ru < 48; ru++) {
              const float kcb0 = kn[(cur + (ru + 0))];
              const float so0_0 = Sb[(((ru + 0) * 16) + 0)];
              const float sn0_0 = (kcb0 * u0 + (so0_0 * sgv));
              Sb[(((ru + 0) * 16) + 0)] = sn0_0;
              const float so1_0 = Sb[(((ru + 0) * 16) + 1)];
              const float sn1_0 = (kcb0 * u1 + (so1_0 * sgv));
              Sb[(((ru + 0) * 16) + 1)] = sn1_0;
              const float so2_0 = Sb[(((ru + 0) * 16) + 2)];
              const float sn2_0 = (kcb0 * u2 + (so2_0 * sgv));
              Sb[(((ru + 0) * 16) + 2)] = sn2_0;
              const float so3_0 = Sb[(((ru + 0) * 16) + 3)];
              const float sn3_0 = (kcb0 * u3 + (so3_0 * sgv));
              Sb[(((ru + 0) * 16) + 3)] = sn3_0;
              const float so4_0 = Sb[(((ru + 0) * 16) + 4)];
              const float sn4_0 = (kcb0 * u4 + (so4_0 * sgv));
              Sb[(((ru + 0) * 16) + 4)] = sn4_0;
              const float so5_0 = Sb[(((ru + 0) * 16) + 5)];
              const float sn5_0 = (kcb0 * u5 + (so5_0 * sgv));
              Sb[(((ru + 0) * 16) + 5)] = sn5_0;
              const float so6_0 = Sb[(((ru + 0) * 16) + 6)];
              const float sn6_0 = (kcb0 * u6 + (so6_0 * sgv));
              Sb[(((ru + 0) * 16) + 6)] = sn6_0;
              const float so7_0 = Sb[(((ru + 0) * 16) + 7)];
              const float sn7_0 = (kcb0 * u7 + (so7_0 * sgv));
              Sb[(((ru + 0) * 16) + 7)] = sn7_0;
              const float so8_0 = Sb[(((ru + 0) * 16) + 8)];
              const float sn8_0 = (kcb0 * u8 + (so8_0 * sgv));
              Sb[(((ru + 0) * 16) + 8)] = sn8_0;
              const float so9_0 = Sb[(((ru + 0) * 16) + 9)];
              const float sn9_0 = (kcb0 * u9 + (so9_0 * sgv));
              Sb[(((ru + 0) * 16) + 9)] = sn9_0;
              const float so10_0 = Sb[(((ru + 0) * 16) + 10)];
              const float sn10_0 = (kcb0 * u10 + (so10_0 * sgv));
              Sb[(((ru + 0) * 16) + 10)] = sn10_0;
              const float so11_0 = Sb[(((ru + 0) * 16) + 11)];
              const float sn11_0 = (kcb0 * u11 + (so11_0 * sgv));
              Sb[(((ru + 0) * 16) + 11)] = sn11_0;
              const float so12_0 = Sb[(((ru + 0) * 16) + 12)];
              const float sn12_0 = (kcb0 * u12 + (so12_0 * sgv));
              Sb[(((ru + 0) * 16) + 12)] = sn12_0;
              const float so13_0 = Sb[(((ru + 0) * 16) + 13)];
              const float sn13_0 = (kcb0 * u13 + (so13_0 * sgv));
              Sb[(((ru + 0) * 16) + 13)] = sn13_0;
              const float so14_0 = Sb[(((ru + 0) * 16) + 14)];
              const float sn14_0 = (kcb0 * u14 + (so14_0 * sgv));
              Sb[(((ru + 0) * 16) + 14)] = sn14_0;
              const float so15_0 = Sb[(((ru + 0) * 16) + 15)];
              const float sn15_0 = (kcb0 * u15 + (so15_0 * sgv));
              Sb[(((ru + 0) * 16) + 15)] = sn15_0;
            }
            sig = 1.0f;
          }
        }
      }
      for (int32_t si = 0; si < 48; si++) {
        if (0 < ncol) {
          s[((sbase + (si * 40)) + 0)] = Sb[((si * 16) + 0)];
        }
        if (1 < ncol) {
          s[((sbase + (si * 40)) + 1)] = Sb[((si * 16) + 1)];
        }
        if (2 < ncol) {
          s[((sbase + (si * 40)) + 2)] = Sb[((si * 16) + 2)];
        }
        if (3 < ncol) {
          s[((sbase + (si * 40)) + 3)] = Sb[((si * 16) + 3)];
        }
        if (4 < ncol) {
          s[((sbase + (si * 40)) + 4)] = Sb[((si * 16) + 4)];
        }
        if (5 < ncol) {
          s[((sbase + (si * 40)) + 5)] = Sb[((si * 16) + 5)];
        }
        if (6 < ncol) {
          s[((sbase + (si * 40)) + 6)] = Sb[((si * 16) + 6)];
        }
        if (7 < ncol) {
          s[((sbase + (si * 40)) + 7)] = Sb[((si * 16) + 7)];
        }
        if (8 < ncol) {
          s[((sbase + (si * 40)) + 8)] = Sb[((si * 16) + 8)];
        }
        if (9 < ncol) {
          s[((sbase + (si * 40)) + 9)] = Sb[((si * 16) + 9)];
        }
        if (10 < ncol) {
          s[((sbase + (si * 40)) + 10)] = Sb[((si * 16) + 10)];
        }
        if (11 < ncol) {
          s[((sbase + (si * 40)) + 11)] = Sb[((si * 16) + 11)];
        }
        if (12 < ncol) {
          s[((sbase + (si * 40)) + 12)] = Sb[((si * 16) + 12)];
        }
        if (13 < ncol) {
          s[((sbase + (si * 40)) + 13)] = Sb[((si * 16) + 13)];
        }
        if (14 < ncol) {
          s[((sbase + (si * 40)) + 14)] = Sb[((si * 16) + 14)];
        }
        if (15 < ncol) {
          s[((sbase + (si * 40)) + 15)] = Sb[((si * 16) + 15)];
        }
      }
    }
  }
}
