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
    float Sb[768];
    float kn[96];
    float qn[96];
    float kqs[2];
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
    float ak0 = 0.0f;
    float aq0 = 0.0f;
    float u0 = 0.0f;
    float ak1 = 0.0f;
    float aq1 = 0.0f;
    float u1 = 0.0f;
    float ak2 = 0.0f;
    float aq2 = 0.0f;
    float u2 = 0.0f;
    float ak3 = 0.0f;
    float aq3 = 0.0f;
    float u3 = 0.0f;
    float ak4 = 0.0f;
    float aq4 = 0.0f;
    float u4 = 0.0f;
    float ak5 = 0.0f;
    float aq5 = 0.0f;
    float u5 = 0.0f;
    float ak6 = 0.0f;
    float aq6 = 0.0f;
    float u6 = 0.0f;
    float ak7 = 0.0f;
    float aq7 = 0.0f;
    float u7 = 0.0f;
    float ak8 = 0.0f;
    float aq8 = 0.0f;
    float u8 = 0.0f;
    float ak9 = 0.0f;
    float aq9 = 0.0f;
    float u9 = 0.0f;
    float ak10 = 0.0f;
    float aq10 = 0.0f;
    float u10 = 0.0f;
    float ak11 = 0.0f;
    float aq11 = 0.0f;
    float u11 = 0.0f;
    float ak12 = 0.0f;
    float aq12 = 0.0f;
    float u12 = 0.0f;
    float ak13 = 0.0f;
    float aq13 = 0.0f;
    float u13 = 0.0f;
    float ak14 = 0.0f;
    float aq14 = 0.0f;
    float u14 = 0.0f;
    float ak15 = 0.0f;
    float aq15 = 0.0f;
    float u15 = 0.0f;
    const int32_t qkba = (((((b * T) + 0) * 2) + hk) * 48);
    float kkas = 0.0f;
    float qqas = 0.0f;
    float kqas = 0.0f;
    for (int32_t dqa = 0; dqa < 48; dqa++) {
      const float kxa1 = k[(qkba + dqa)];
      const float qxa1 = q[(qkba + dqa)];
      kkas = (kxa1 * kxa1 + kkas);
      qqas = (qxa1 * qxa1 + qqas);
      kqas = (kxa1 * qxa1 + kqas);
      kn[(0 + dqa)] = kxa1;
      qn[(0 + dqa)] = qxa1;
    }
    const float rka = (1.0f / sqrtf((kkas + 0.000001f)));
    const float rqa = (1.0f / sqrtf((qqas + 0.000001f)));
    kqs[(0 / 48)] = (kqas * (rka * rqa));
    for (int32_t dna = 0; dna < 48; dna++) {
      kn[(0 + dna)] = (kn[(0 + dna)] * rka);
      qn[(0 + dna)] = (qn[(0 + dna)] * rqa);
    }
    for (int32_t ri = 0; ri < 48; ri++) {
      const float k0b = kn[ri];
      const float q0b = qn[ri];
      const float s0v0 = Sb[((ri * 16) + 0)];
      ak0 = (s0v0 * k0b + ak0);
      aq0 = (s0v0 * q0b + aq0);
      const float s0v1 = Sb[((ri * 16) + 1)];
      ak1 = (s0v1 * k0b + ak1);
      aq1 = (s0v1 * q0b + aq1);
      const float s0v2 = Sb[((ri * 16) + 2)];
      ak2 = (s0v2 * k0b + ak2);
      aq2 = (s0v2 * q0b + aq2);
      const float s0v3 = Sb[((ri * 16) + 3)];
      ak3 = (s0v3 * k0b + ak3);
      aq3 = (s0v3 * q0b + aq3);
      const float s0v4 = Sb[((ri * 16) + 4)];
      ak4 = (s0v4 * k0b + ak4);
      aq4 = (s0v4 * q0b + aq4);
      const float s0v5 = Sb[((ri * 16) + 5)];
      ak5 = (s0v5 * k0b + ak5);
      aq5 = (s0v5 * q0b + aq5);
      const float s0v6 = Sb[((ri * 16) + 6)];
      ak6 = (s0v6 * k0b + ak6);
      aq6 = (s0v6 * q0b + aq6);
      const float s0v7 = Sb[((ri * 16) + 7)];
      ak7 = (s0v7 * k0b + ak7);
      aq7 = (s0v7 * q0b + aq7);
      const float s0v8 = Sb[((ri * 16) + 8)];
      ak8 = (s0v8 * k0b + ak8);
      aq8 = (s0v8 * q0b + aq8);
      const float s0v9 = Sb[((ri * 16) + 9)];
      ak9 = (s0v9 * k0b + ak9);
      aq9 = (s0v9 * q0b + aq9);
      const float s0v10 = Sb[((ri * 16) + 10)];
      ak10 = (s0v10 * k0b + ak10);
      aq10 = (s0v10 * q0b + aq10);
      const float s0v11 = Sb[((ri * 16) + 11)];
      ak11 = (s0v11 * k0b + ak11);
      aq11 = (s0v11 * q0b + aq11);
      const float s0v12 = Sb[((ri * 16) + 12)];
      ak12 = (s0v12 * k0b + ak12);
      aq12 = (s0v12 * q0b + aq12);
      const float s0v13 = Sb[((ri * 16) + 13)];
      ak13 = (s0v13 * k0b + ak13);
      aq13 = (s0v13 * q0b + aq13);
      const float s0v14 = Sb[((ri * 16) + 14)];
      ak14 = (s0v14 * k0b + ak14);
      aq14 = (s0v14 * q0b + aq14);
      const float s0v15 = Sb[((ri * 16) + 15)];
      ak15 = (s0v15 * k0b + ak15);
      aq15 = (s0v15 * q0b + aq15);
    }
    float sig = 1.0f;
    for (int32_t t = 0; t < T; t++) {
      const int32_t gate = ((((b * T) + t) * 4) + h);
      const int32_t vo = ((gate * 40) + j0);
      const float sg = (expf(g[gate]) * sig);
      const float bt = beta[gate];
      const int32_t cur = ((t % 2) * 48);
      const int32_t nxt = (48 - cur);
      const float kqv = kqs[(t % 2)];
      const float sgv = sg;
      float vv0 = 0.0f;
      if (0 < ncol) {
        vv0 = v[(vo + 0)];
      }
      u0 = ((vv0 - (sgv * ak0)) * bt);
      if (0 < ncol) {
        o[(vo + 0)] = ((sgv * aq0 + (kqv * u0)) * 0.125f);
      }
      float vv1 = 0.0f;
      if (1 < ncol) {
        vv1 = v[(vo + 1)];
      }
      u1 = ((vv1 - (sgv * ak1)) * bt);
      if (1 < ncol) {
        o[(vo + 1)] = ((sgv * aq1 + (kqv * u1)) * 0.125f);
      }
      float vv2 = 0.0f;
      if (2 < ncol) {
        vv2 = v[(vo + 2)];
      }
      u2 = ((vv2 - (sgv * ak2)) * bt);
      if (2 < ncol) {
        o[(vo + 2)] = ((sgv * aq2 + (kqv * u2)) * 0.125f);
      }
      float vv3 = 0.0f;
      if (3 < ncol) {
        vv3 = v[(vo + 3)];
      }
      u3 = ((vv3 - (sgv * ak3)) * bt);
      if (3 < ncol) {
        o[(vo + 3)] = ((sgv * aq3 + (kqv * u3)) * 0.125f);
      }
      float vv4 = 0.0f;
      if (4 < ncol) {
        vv4 = v[(vo + 4)];
      }
      u4 = ((vv4 - (sgv * ak4)) * bt);
      if (4 < ncol) {
        o[(vo + 4)] = ((sgv * aq4 + (kqv * u4)) * 0.125f);
      }
      float vv5 = 0.0f;
      if (5 < ncol) {
        vv5 = v[(vo + 5)];
      }
      u5 = ((vv5 - (sgv * ak5)) * bt);
      if (5 < ncol) {
        o[(vo + 5)] = ((sgv * aq5 + (kqv * u5)) * 0.125f);
      }
      float vv6 = 0.0f;
      if (6 < ncol) {
        vv6 = v[(vo + 6)];
      }
      u6 = ((vv6 - (sgv * ak6)) * bt);
      if (6 < ncol) {
        o[(vo + 6)] = ((sgv * aq6 + (kqv * u6)) * 0.125f);
      }
      float vv7 = 0.0f;
      if (7 < ncol) {
        vv7 = v[(vo + 7)];
      }
      u7 = ((vv7 - (sgv * ak7)) * bt);
      if (7 < ncol) {
        o[(vo + 7)] = ((sgv * aq7 + (kqv * u7)) * 0.125f);
      }
      float vv8 = 0.0f;
      if (8 < ncol) {
        vv8 = v[(vo + 8)];
      }
      u8 = ((vv8 - (sgv * ak8)) * bt);
      if (8 < ncol) {
        o[(vo + 8)] = ((sgv * aq8 + (kqv * u8)) * 0.125f);
      }
      float vv9 = 0.0f;
      if (9 < ncol) {
        vv9 = v[(vo + 9)];
      }
      u9 = ((vv9 - (sgv * ak9)) * bt);
      if (9 < ncol) {
        o[(vo + 9)] = ((sgv * aq9 + (kqv * u9)) * 0.125f);
      }
      float vv10 = 0.0f;
      if (10 < ncol) {
        vv10 = v[(vo + 10)];
      }
      u10 = ((vv10 - (sgv * ak10)) * bt);
      if (10 < ncol) {
        o[(vo + 10)] = ((sgv * aq10 + (kqv * u10)) * 0.125f);
      }
      float vv11 = 0.0f;
      if (11 < ncol) {
        vv11 = v[(vo + 11)];
      }
      u11 = ((vv11 - (sgv * ak11)) * bt);
      if (11 < ncol) {
        o[(vo + 11)] = ((sgv * aq11 + (kqv * u11)) * 0.125f);
      }
      float vv12 = 0.0f;
      if (12 < ncol) {
        vv12 = v[(vo + 12)];
      }
      u12 = ((vv12 - (sgv * ak12)) * bt);
      if (12 < ncol) {
        o[(vo + 12)] = ((sgv * aq12 + (kqv * u12)) * 0.125f);
      }
      float vv13 = 0.0f;
      if (13 < ncol) {
        vv13 = v[(vo + 13)];
      }
      u13 = ((vv13 - (sgv * ak13)) * bt);
      if (13 < ncol) {
        o[(vo + 13)] = ((sgv * aq13 + (kqv * u13)) * 0.125f);
      }
      float vv14 = 0.0f;
      if (14 < ncol) {
        vv14 = v[(vo + 14)];
      }
      u14 = ((vv14 - (sgv * ak14)) * bt);
      if (14 < ncol) {
        o[(vo + 14)] = ((sgv * aq14 + (kqv * u14)) * 0.125f);
      }
      float vv15 = 0.0f;
      if (15 < ncol) {
        vv15 = v[(vo + 15)];
      }
      u15 = ((vv15 - (sgv * ak15)) * bt);
      if (15 < ncol) {
        o[(vo + 15)] = ((sgv * aq15 + (kqv * u15)) * 0.125f);
      }
      if ((t + 1) < T) {
        const int32_t qkbn = (((((b * T) + (t + 1)) * 2) + hk) * 48);
        float kkns = 0.0f;
        float qqns = 0.0f;
        float kqns = 0.0f;
        for (int32_t dqn = 0; dqn < 48; dqn++) {
          const float kxn1 = k[(qkbn + dqn)];
          const float qxn1 = q[(qkbn + dqn)];
          kkns = (kxn1 * kxn1 + kkns);
          qqns = (qxn1 * qxn1 + qqns);
          kqns = (kxn1 * qxn1 + kqns);
          kn[(nxt + dqn)] = kxn1;
          qn[(nxt + dqn)] = qxn1;
        }
        const float rkn = (1.0f / sqrtf((kkns + 0.000001f)));
        const float rqn = (1.0f / sqrtf((qqns + 0.000001f)));
        kqs[(nxt / 48)] = (kqns * (rkn * rqn));
        for (int32_t dnn = 0; dnn < 48; dnn++) {
          kn[(nxt + dnn)] = (kn[(nxt + dnn)] * rkn);
          qn[(nxt + dnn)] = (qn[(nxt + dnn)] * rqn);
        }
        ak0 = 0.0f;
        aq0 = 0.0f;
        ak1 = 0.0f;
        aq1 = 0.0f;
        ak2 = 0.0f;
        aq2 = 0.0f;
        ak3 = 0.0f;
        aq3 = 0.0f;
        ak4 = 0.0f;
        aq4 = 0.0f;
        ak5 = 0.0f;
        aq5 = 0.0f;
        ak6 = 0.0f;
        aq6 = 0.0f;
        ak7 = 0.0f;
        aq7 = 0.0f;
        ak8 = 0.0f;
        aq8 = 0.0f;
        ak9 = 0.0f;
        aq9 = 0.0f;
        ak10 = 0.0f;
        aq10 = 0.0f;
        ak11 = 0.0f;
        aq11 = 0.0f;
        ak12 = 0.0f;
        aq12 = 0.0f;
        ak13 = 0.0f;
        aq13 = 0.0f;
        ak14 = 0.0f;
        aq14 = 0.0f;
        ak15 = 0.0f;
        aq15 = 0.0f;
        if (sg < 9.313225746154785e-10f) {
          for (int32_t ru = 0; ru < 48; ru++) {
            const float kcb = kn[(cur + ru)];
            const float kxb = kn[(nxt + ru)];
            const float qxb = qn[(nxt + ru)];
            const float sn0 = (kcb * u0 + (Sb[((ru * 16) + 0)] * sgv));
            Sb[((ru * 16) + 0)] = sn0;
            ak0 = (sn0 * kxb + ak0);
            aq0 = (sn0 * qxb + aq0);
            const float sn1 = (kcb * u1 + (Sb[((ru * 16) + 1)] * sgv));
            Sb[((ru * 16) + 1)] = sn1;
            ak1 = (sn1 * kxb + ak1);
            aq1 = (sn1 * qxb + aq1);
            const float sn2 = (kcb * u2 + (Sb[((ru * 16) + 2)] * sgv));
            Sb[((ru * 16) + 2)] = sn2;
            ak2 = (sn2 * kxb + ak2);
            aq2 = (sn2 * qxb + aq2);
            const float sn3 = (kcb * u3 + (Sb[((ru * 16) + 3)] * sgv));
            Sb[((ru * 16) + 3)] = sn3;
            ak3 = (sn3 * kxb + ak3);
            aq3 = (sn3 * qxb + aq3);
            const float sn4 = (kcb * u4 + (Sb[((ru * 16) + 4)] * sgv));
            Sb[((ru * 16) + 4)] = sn4;
            ak4 = (sn4 * kxb + ak4);
            aq4 = (sn4 * qxb + aq4);
            const float sn5 = (kcb * u5 + (Sb[((ru * 16) + 5)] * sgv));
            Sb[((ru * 16) + 5)] = sn5;
            ak5 = (sn5 * kxb + ak5);
            aq5 = (sn5 * qxb + aq5);
            const float sn6 = (kcb * u6 + (Sb[((ru * 16) + 6)] * sgv));
            Sb[((ru * 16) + 6)] = sn6;
            ak6 = (sn6 * kxb + ak6);
            aq6 = (sn6 * qxb + aq6);
            const float sn7 = (kcb * u7 + (Sb[((ru * 16) + 7)] * sgv));
            Sb[((ru * 16) + 7)] = sn7;
            ak7 = (sn7 * kxb + ak7);
            aq7 = (sn7 * qxb + aq7);
            const float sn8 = (kcb * u8 + (Sb[((ru * 16) + 8)] * sgv));
            Sb[((ru * 16) + 8)] = sn8;
            ak8 = (sn8 * kxb + ak8);
            aq8 = (sn8 * qxb + aq8);
            const float sn9 = (kcb * u9 + (Sb[((ru * 16) + 9)] * sgv));
            Sb[((ru * 16) + 9)] = sn9;
            ak9 = (sn9 * kxb + ak9);
            aq9 = (sn9 * qxb + aq9);
            const float sn10 = (kcb * u10 + (Sb[((ru * 16) + 10)] * sgv));
            Sb[((ru * 16) + 10)] = sn10;
            ak10 = (sn10 * kxb + ak10);
            aq10 = (sn10 * qxb + aq10);
            const float sn11 = (kcb * u11 + (Sb[((ru * 16) + 11)] * sgv));
            Sb[((ru * 16) + 11)] = sn11;
            ak11 = (sn11 * kxb + ak11);
            aq11 = (sn11 * qxb + aq11);
            const float sn12 = (kcb * u12 + (Sb[((ru * 16) + 12)] * sgv));
            Sb[((ru * 16) + 12)] = sn12;
            ak12 = (sn12 * kxb + ak12);
            aq12 = (sn12 * qxb + aq12);
            const float sn13 = (kcb * u13 + (Sb[((ru * 16) + 13)] * sgv));
            Sb[((ru * 16) + 13)] = sn13;
            ak13 = (sn13 * kxb + ak13);
            aq13 = (sn13 * qxb + aq13);
            const float sn14 = (kcb * u14 + (Sb[((ru * 16) + 14)] * sgv));
            Sb[((ru * 16) + 14)] = sn14;
            ak14 = (sn14 * kxb + ak14);
            aq14 = (sn14 * qxb + aq14);
            const float sn15 = (kcb * u15 + (Sb[((ru * 16) + 15)] * sgv));
            Sb[((ru * 16) + 15)] = sn15;
            ak15 = (sn15 * kxb + ak15);
            aq15 = (sn15 * qxb + aq15);
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
            const float kcb = kn[(cur + ru)];
            const float kxb = kn[(nxt + ru)];
            const float qxb = qn[(nxt + ru)];
            const float sn0 = (kcb * us0 + Sb[((ru * 16) + 0)]);
            Sb[((ru * 16) + 0)] = sn0;
            ak0 = (sn0 * kxb + ak0);
            aq0 = (sn0 * qxb + aq0);
            const float sn1 = (kcb * us1 + Sb[((ru * 16) + 1)]);
            Sb[((ru * 16) + 1)] = sn1;
            ak1 = (sn1 * kxb + ak1);
            aq1 = (sn1 * qxb + aq1);
            const float sn2 = (kcb * us2 + Sb[((ru * 16) + 2)]);
            Sb[((ru * 16) + 2)] = sn2;
            ak2 = (sn2 * kxb + ak2);
            aq2 = (sn2 * qxb + aq2);
            const float sn3 = (kcb * us3 + Sb[((ru * 16) + 3)]);
            Sb[((ru * 16) + 3)] = sn3;
            ak3 = (sn3 * kxb + ak3);
            aq3 = (sn3 * qxb + aq3);
            const float sn4 = (kcb * us4 + Sb[((ru * 16) + 4)]);
            Sb[((ru * 16) + 4)] = sn4;
            ak4 = (sn4 * kxb + ak4);
            aq4 = (sn4 * qxb + aq4);
            const float sn5 = (kcb * us5 + Sb[((ru * 16) + 5)]);
            Sb[((ru * 16) + 5)] = sn5;
            ak5 = (sn5 * kxb + ak5);
            aq5 = (sn5 * qxb + aq5);
            const float sn6 = (kcb * us6 + Sb[((ru * 16) + 6)]);
            Sb[((ru * 16) + 6)] = sn6;
            ak6 = (sn6 * kxb + ak6);
            aq6 = (sn6 * qxb + aq6);
            const float sn7 = (kcb * us7 + Sb[((ru * 16) + 7)]);
            Sb[((ru * 16) + 7)] = sn7;
            ak7 = (sn7 * kxb + ak7);
            aq7 = (sn7 * qxb + aq7);
            const float sn8 = (kcb * us8 + Sb[((ru * 16) + 8)]);
            Sb[((ru * 16) + 8)] = sn8;
            ak8 = (sn8 * kxb + ak8);
            aq8 = (sn8 * qxb + aq8);
            const float sn9 = (kcb * us9 + Sb[((ru * 16) + 9)]);
            Sb[((ru * 16) + 9)] = sn9;
            ak9 = (sn9 * kxb + ak9);
            aq9 = (sn9 * qxb + aq9);
            const float sn10 = (kcb * us10 + Sb[((ru * 16) + 10)]);
            Sb[((ru * 16) + 10)] = sn10;
            ak10 = (sn10 * kxb + ak10);
            aq10 = (sn10 * qxb + aq10);
            const float sn11 = (kcb * us11 + Sb[((ru * 16) + 11)]);
            Sb[((ru * 16) + 11)] = sn11;
            ak11 = (sn11 * kxb + ak11);
            aq11 = (sn11 * qxb + aq11);
            const float sn12 = (kcb * us12 + Sb[((ru * 16) + 12)]);
            Sb[((ru * 16) + 12)] = sn12;
            ak12 = (sn12 * kxb + ak12);
            aq12 = (sn12 * qxb + aq12);
            const float sn13 = (kcb * us13 + Sb[((ru * 16) + 13)]);
            Sb[((ru * 16) + 13)] = sn13;
            ak13 = (sn13 * kxb + ak13);
            aq13 = (sn13 * qxb + aq13);
            const float sn14 = (kcb * us14 + Sb[((ru * 16) + 14)]);
            Sb[((ru * 16) + 14)] = sn14;
            ak14 = (sn14 * kxb + ak14);
            aq14 = (sn14 * qxb + aq14);
            const float sn15 = (kcb * us15 + Sb[((ru * 16) + 15)]);
            Sb[((ru * 16) + 15)] = sn15;
            ak15 = (sn15 * kxb + ak15);
            aq15 = (sn15 * qxb + aq15);
          }
          sig = sg;
        }
      } else {
        for (int32_t ru = 0; ru < 48; ru++) {
          const float kcb = kn[(cur + ru)];
          const float sn0 = (kcb * u0 + (Sb[((ru * 16) + 0)] * sgv));
          Sb[((ru * 16) + 0)] = sn0;
          const float sn1 = (kcb * u1 + (Sb[((ru * 16) + 1)] * sgv));
          Sb[((ru * 16) + 1)] = sn1;
          const float sn2 = (kcb * u2 + (Sb[((ru * 16) + 2)] * sgv));
          Sb[((ru * 16) + 2)] = sn2;
          const float sn3 = (kcb * u3 + (Sb[((ru * 16) + 3)] * sgv));
          Sb[((ru * 16) + 3)] = sn3;
          const float sn4 = (kcb * u4 + (Sb[((ru * 16) + 4)] * sgv));
          Sb[((ru * 16) + 4)] = sn4;
          const float sn5 = (kcb * u5 + (Sb[((ru * 16) + 5)] * sgv));
          Sb[((ru * 16) + 5)] = sn5;
          const float sn6 = (kcb * u6 + (Sb[((ru * 16) + 6)] * sgv));
          Sb[((ru * 16) + 6)] = sn6;
          const float sn7 = (kcb * u7 + (Sb[((ru * 16) + 7)] * sgv));
          Sb[((ru * 16) + 7)] = sn7;
          const float sn8 = (kcb * u8 + (Sb[((ru * 16) + 8)] * sgv));
          Sb[((ru * 16) + 8)] = sn8;
          const float sn9 = (kcb * u9 + (Sb[((ru * 16) + 9)] * sgv));
          Sb[((ru * 16) + 9)] = sn9;
          const float sn10 = (kcb * u10 + (Sb[((ru * 16) + 10)] * sgv));
          Sb[((ru * 16) + 10)] = sn10;
          const float sn11 = (kcb * u11 + (Sb[((ru * 16) + 11)] * sgv));
          Sb[((ru * 16) + 11)] = sn11;
          const float sn12 = (kcb * u12 + (Sb[((ru * 16) + 12)] * sgv));
          Sb[((ru * 16) + 12)] = sn12;
          const float sn13 = (kcb * u13 + (Sb[((ru * 16) + 13)] * sgv));
          Sb[((ru * 16) + 13)] = sn13;
          const float sn14 = (kcb * u14 + (Sb[((ru * 16) + 14)] * sgv));
          Sb[((ru * 16) + 14)] = sn14;
          const float sn15 = (kcb * u15 + (Sb[((ru * 16) + 15)] * sgv));
          Sb[((ru * 16) + 15)] = sn15;
        }
        sig = 1.0f;
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
