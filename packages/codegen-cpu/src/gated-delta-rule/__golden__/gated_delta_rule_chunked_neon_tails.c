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

#include <arm_neon.h>

static inline uint32_t kf_load_u32(const void* p) { uint32_t v; memcpy(&v, p, 4); return v; }
/* 4 f16 bit patterns (the scales of a group of blocks) in one register, packed in general registers */
static inline uint16x4_t kf_pack_f16x4(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  __asm__("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d));
  return vcreate_u16(a | b << 16 | c << 32 | d << 48);
}
/* a hint for the `bytes` from p on (a group of blocks some way ahead in a weight row), one per line */
static inline int32_t kf_prefetch(const void* p, int32_t bytes) {
  for (int32_t o = 0; o < bytes; o += 64) __builtin_prefetch((const char*)p + o);
  return 0;
}

void gated_delta_rule_chunked_neon(const float* restrict q, const float* restrict k, const float* restrict v, const float* restrict g, const float* restrict beta, const float* s0, float* restrict o, float* s, int32_t B, int32_t T) {
  #pragma omp parallel for schedule(static)
  for (int32_t w = 0; w < ((B * 2) * 2); w++) {
    const int32_t jb = (w % 2);
    const int32_t bh = (w / 2);
    const int32_t b = (bh / 2);
    const int32_t h = (bh % 2);
    const int32_t hk = (h / 2);
    const int32_t j0 = (jb * 32);
    const int32_t ncol = (36 - j0);
    const int32_t sbase = (((bh * 40) * 36) + j0);
    float Sb[1280];
    float KQ[1280];
    float KT[640];
    float XP[1024];
    float Am[256];
    float Mm[256];
    float gam[16];
    float bet[16];
    float iota[4];
    for (int32_t si = 0; si < 40; si++) {
      const float32x4_t sl0 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &s0[((sbase + (si * 36)) + 0)], 4 * (size_t)(((0) > (((4) < ((ncol - 0)) ? (4) : ((ncol - 0)))) ? (0) : (((4) < ((ncol - 0)) ? (4) : ((ncol - 0))))))); kf_t; });
      vst1q_f32(&Sb[((si * 32) + 0)], sl0);
      const float32x4_t sl1 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &s0[((sbase + (si * 36)) + 4)], 4 * (size_t)(((0) > (((4) < ((ncol - 4)) ? (4) : ((ncol - 4)))) ? (0) : (((4) < ((ncol - 4)) ? (4) : ((ncol - 4))))))); kf_t; });
      vst1q_f32(&Sb[((si * 32) + 4)], sl1);
      const float32x4_t sl2 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &s0[((sbase + (si * 36)) + 8)], 4 * (size_t)(((0) > (((4) < ((ncol - 8)) ? (4) : ((ncol - 8)))) ? (0) : (((4) < ((ncol - 8)) ? (4) : ((ncol - 8))))))); kf_t; });
      vst1q_f32(&Sb[((si * 32) + 8)], sl2);
      const float32x4_t sl3 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &s0[((sbase + (si * 36)) + 12)], 4 * (size_t)(((0) > (((4) < ((ncol - 12)) ? (4) : ((ncol - 12)))) ? (0) : (((4) < ((ncol - 12)) ? (4) : ((ncol - 12))))))); kf_t; });
      vst1q_f32(&Sb[((si * 32) + 12)], sl3);
      const float32x4_t sl4 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &s0[((sbase + (si * 36)) + 16)], 4 * (size_t)(((0) > (((4) < ((ncol - 16)) ? (4) : ((ncol - 16)))) ? (0) : (((4) < ((ncol - 16)) ? (4) : ((ncol - 16))))))); kf_t; });
      vst1q_f32(&Sb[((si * 32) + 16)], sl4);
      const float32x4_t sl5 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &s0[((sbase + (si * 36)) + 20)], 4 * (size_t)(((0) > (((4) < ((ncol - 20)) ? (4) : ((ncol - 20)))) ? (0) : (((4) < ((ncol - 20)) ? (4) : ((ncol - 20))))))); kf_t; });
      vst1q_f32(&Sb[((si * 32) + 20)], sl5);
      const float32x4_t sl6 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &s0[((sbase + (si * 36)) + 24)], 4 * (size_t)(((0) > (((4) < ((ncol - 24)) ? (4) : ((ncol - 24)))) ? (0) : (((4) < ((ncol - 24)) ? (4) : ((ncol - 24))))))); kf_t; });
      vst1q_f32(&Sb[((si * 32) + 24)], sl6);
      const float32x4_t sl7 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &s0[((sbase + (si * 36)) + 28)], 4 * (size_t)(((0) > (((4) < ((ncol - 28)) ? (4) : ((ncol - 28)))) ? (0) : (((4) < ((ncol - 28)) ? (4) : ((ncol - 28))))))); kf_t; });
      vst1q_f32(&Sb[((si * 32) + 28)], sl7);
    }
    iota[0] = 0.0f;
    iota[1] = 1.0f;
    iota[2] = 2.0f;
    iota[3] = 3.0f;
    for (int32_t t0 = 0; t0 < T; t0 += 16) {
      const int32_t n = ((16) < ((T - t0)) ? (16) : ((T - t0)));
      float gacc = 0.0f;
      for (int32_t ci = 0; ci < 16; ci++) {
        if (ci < n) {
          const int32_t ct = (t0 + ci);
          const int32_t cgate = ((((b * T) + ct) * 2) + h);
          const int32_t cqk = (((((b * T) + ct) * 1) + hk) * 40);
          gacc = (gacc + g[cgate]);
          gam[ci] = gacc;
          bet[ci] = beta[cgate];
          #pragma GCC unroll 10
          for (int32_t ce = 0; ce < 40; ce += 4) {
            vst1q_f32(&KQ[((ci * 40) + ce)], vld1q_f32(&k[(cqk + ce)]));
            vst1q_f32(&KQ[(((ci + 16) * 40) + ce)], vld1q_f32(&q[(cqk + ce)]));
          }
        } else {
          gam[ci] = gacc;
          bet[ci] = 0.0f;
          #pragma GCC unroll 10
          for (int32_t cz = 0; cz < 40; cz += 4) {
            vst1q_f32(&KQ[((ci * 40) + cz)], vdupq_n_f32(0.0f));
            vst1q_f32(&KQ[(((ci + 16) * 40) + cz)], vdupq_n_f32(0.0f));
          }
        }
      }
      for (int32_t td = 0; td < 40; td++) {
        for (int32_t tj = 0; tj < 16; tj++) {
          KT[((td * 16) + tj)] = KQ[((tj * 40) + td)];
        }
      }
      for (int32_t gi = 0; gi < 16; gi += 4) {
        for (int32_t gj = 0; gj < (gi + 4); gj += 4) {
          float32x4_t gk0 = vdupq_n_f32(0.0f);
          float32x4_t gq0 = vdupq_n_f32(0.0f);
          float32x4_t gk1 = vdupq_n_f32(0.0f);
          float32x4_t gq1 = vdupq_n_f32(0.0f);
          float32x4_t gk2 = vdupq_n_f32(0.0f);
          float32x4_t gq2 = vdupq_n_f32(0.0f);
          float32x4_t gk3 = vdupq_n_f32(0.0f);
          float32x4_t gq3 = vdupq_n_f32(0.0f);
          for (int32_t gd = 0; gd < 40; gd++) {
            const float32x4_t gkt = vld1q_f32(&KT[((gd * 16) + gj)]);
            gk0 = vfmaq_f32(gk0, vdupq_n_f32(KQ[(((gi + 0) * 40) + gd)]), gkt);
            gq0 = vfmaq_f32(gq0, vdupq_n_f32(KQ[((((gi + 0) + 16) * 40) + gd)]), gkt);
            gk1 = vfmaq_f32(gk1, vdupq_n_f32(KQ[(((gi + 1) * 40) + gd)]), gkt);
            gq1 = vfmaq_f32(gq1, vdupq_n_f32(KQ[((((gi + 1) + 16) * 40) + gd)]), gkt);
            gk2 = vfmaq_f32(gk2, vdupq_n_f32(KQ[(((gi + 2) * 40) + gd)]), gkt);
            gq2 = vfmaq_f32(gq2, vdupq_n_f32(KQ[((((gi + 2) + 16) * 40) + gd)]), gkt);
            gk3 = vfmaq_f32(gk3, vdupq_n_f32(KQ[(((gi + 3) * 40) + gd)]), gkt);
            gq3 = vfmaq_f32(gq3, vdupq_n_f32(KQ[((((gi + 3) + 16) * 40) + gd)]), gkt);
          }
          const float32x4_t gjv = vaddq_f32(vld1q_f32(&iota[0]), vdupq_n_f32(((float)gj)));
          const float32x4_t ggj = vld1q_f32(&gam[gj]);
          const float32x4_t gd0 = vminq_f32(vsubq_f32(vdupq_n_f32(gam[(gi + 0)]), ggj), vdupq_n_f32(0.0f));
          const float32x4_t ge0 = vbslq_f32(vcgtq_f32(gd0, vdupq_n_f32((-64.0f))), ({ const float32x4_t kf_ex = (gd0); const float32x4_t kf_exl = vmaxq_f32(kf_ex, vdupq_n_f32(-104.0f)); const float32x4_t kf_exc = vminq_f32(kf_exl, vdupq_n_f32(89.0f)); const float32x4_t kf_enb = vfmaq_f32(vdupq_n_f32(12582912.0f), kf_exc, vdupq_n_f32(1.4426950216293335f)); const float32x4_t kf_en = vsubq_f32(kf_enb, vdupq_n_f32(12582912.0f)); const float32x4_t kf_erh = vfmaq_f32(kf_exc, kf_en, vdupq_n_f32(-0.693145751953125f)); const float32x4_t kf_er = vfmaq_f32(kf_erh, kf_en, vdupq_n_f32(-0.000001428606765330187f)); const float32x4_t kf_ep1 = vfmaq_f32(vdupq_n_f32(0.04189782217144966f), vdupq_n_f32(0.008289290592074394f), kf_er); const float32x4_t kf_ep2 = vfmaq_f32(vdupq_n_f32(0.16667652130126953f), kf_ep1, kf_er); const float32x4_t kf_ep3 = vfmaq_f32(vdupq_n_f32(0.4999915063381195f), kf_ep2, kf_er); const float32x4_t kf_ep4 = vfmaq_f32(vdupq_n_f32(0.9999997019767761f), kf_ep3, kf_er); const float32x4_t kf_ep5 = vfmaq_f32(vdupq_n_f32(1.0f), kf_ep4, kf_er); const int32x4_t kf_eni = vsubq_s32(vreinterpretq_s32_f32(kf_enb), vdupq_n_s32(1262485504)); const int32x4_t kf_enh = vshrq_n_s32(kf_eni, 1); const float32x4_t kf_es1 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(kf_enh, vdupq_n_s32(127)), 23)); const float32x4_t kf_es2 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vsubq_s32(kf_eni, kf_enh), vdupq_n_s32(127)), 23)); vmulq_f32(vmulq_f32(kf_ep5, kf_es1), kf_es2); }), vdupq_n_f32(0.0f));
          vst1q_f32(&Am[(((gi + 0) * 16) + gj)], vbslq_f32(vcltq_f32(gjv, vdupq_n_f32(((float)(gi + 0)))), vmulq_f32(vmulq_f32(ge0, gk0), vdupq_n_f32((-bet[(gi + 0)]))), vdupq_n_f32(0.0f)));
          vst1q_f32(&Mm[(((gi + 0) * 16) + gj)], vbslq_f32(vcleq_f32(gjv, vdupq_n_f32(((float)(gi + 0)))), vmulq_f32(vmulq_f32(ge0, gq0), vdupq_n_f32(0.25f)), vdupq_n_f32(0.0f)));
          const float32x4_t gd1 = vminq_f32(vsubq_f32(vdupq_n_f32(gam[(gi + 1)]), ggj), vdupq_n_f32(0.0f));
          const float32x4_t ge1 = vbslq_f32(vcgtq_f32(gd1, vdupq_n_f32((-64.0f))), ({ const float32x4_t kf_ex = (gd1); const float32x4_t kf_exl = vmaxq_f32(kf_ex, vdupq_n_f32(-104.0f)); const float32x4_t kf_exc = vminq_f32(kf_exl, vdupq_n_f32(89.0f)); const float32x4_t kf_enb = vfmaq_f32(vdupq_n_f32(12582912.0f), kf_exc, vdupq_n_f32(1.4426950216293335f)); const float32x4_t kf_en = vsubq_f32(kf_enb, vdupq_n_f32(12582912.0f)); const float32x4_t kf_erh = vfmaq_f32(kf_exc, kf_en, vdupq_n_f32(-0.693145751953125f)); const float32x4_t kf_er = vfmaq_f32(kf_erh, kf_en, vdupq_n_f32(-0.000001428606765330187f)); const float32x4_t kf_ep1 = vfmaq_f32(vdupq_n_f32(0.04189782217144966f), vdupq_n_f32(0.008289290592074394f), kf_er); const float32x4_t kf_ep2 = vfmaq_f32(vdupq_n_f32(0.16667652130126953f), kf_ep1, kf_er); const float32x4_t kf_ep3 = vfmaq_f32(vdupq_n_f32(0.4999915063381195f), kf_ep2, kf_er); const float32x4_t kf_ep4 = vfmaq_f32(vdupq_n_f32(0.9999997019767761f), kf_ep3, kf_er); const float32x4_t kf_ep5 = vfmaq_f32(vdupq_n_f32(1.0f), kf_ep4, kf_er); const int32x4_t kf_eni = vsubq_s32(vreinterpretq_s32_f32(kf_enb), vdupq_n_s32(1262485504)); const int32x4_t kf_enh = vshrq_n_s32(kf_eni, 1); const float32x4_t kf_es1 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(kf_enh, vdupq_n_s32(127)), 23)); const float32x4_t kf_es2 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vsubq_s32(kf_eni, kf_enh), vdupq_n_s32(127)), 23)); vmulq_f32(vmulq_f32(kf_ep5, kf_es1), kf_es2); }), vdupq_n_f32(0.0f));
          vst1q_f32(&Am[(((gi + 1) * 16) + gj)], vbslq_f32(vcltq_f32(gjv, vdupq_n_f32(((float)(gi + 1)))), vmulq_f32(vmulq_f32(ge1, gk1), vdupq_n_f32((-bet[(gi + 1)]))), vdupq_n_f32(0.0f)));
          vst1q_f32(&Mm[(((gi + 1) * 16) + gj)], vbslq_f32(vcleq_f32(gjv, vdupq_n_f32(((float)(gi + 1)))), vmulq_f32(vmulq_f32(ge1, gq1), vdupq_n_f32(0.25f)), vdupq_n_f32(0.0f)));
          const float32x4_t gd2 = vminq_f32(vsubq_f32(vdupq_n_f32(gam[(gi + 2)]), ggj), vdupq_n_f32(0.0f));
          const float32x4_t ge2 = vbslq_f32(vcgtq_f32(gd2, vdupq_n_f32((-64.0f))), ({ const float32x4_t kf_ex = (gd2); const float32x4_t kf_exl = vmaxq_f32(kf_ex, vdupq_n_f32(-104.0f)); const float32x4_t kf_exc = vminq_f32(kf_exl, vdupq_n_f32(89.0f)); const float32x4_t kf_enb = vfmaq_f32(vdupq_n_f32(12582912.0f), kf_exc, vdupq_n_f32(1.4426950216293335f)); const float32x4_t kf_en = vsubq_f32(kf_enb, vdupq_n_f32(12582912.0f)); const float32x4_t kf_erh = vfmaq_f32(kf_exc, kf_en, vdupq_n_f32(-0.693145751953125f)); const float32x4_t kf_er = vfmaq_f32(kf_erh, kf_en, vdupq_n_f32(-0.000001428606765330187f)); const float32x4_t kf_ep1 = vfmaq_f32(vdupq_n_f32(0.04189782217144966f), vdupq_n_f32(0.008289290592074394f), kf_er); const float32x4_t kf_ep2 = vfmaq_f32(vdupq_n_f32(0.16667652130126953f), kf_ep1, kf_er); const float32x4_t kf_ep3 = vfmaq_f32(vdupq_n_f32(0.4999915063381195f), kf_ep2, kf_er); const float32x4_t kf_ep4 = vfmaq_f32(vdupq_n_f32(0.9999997019767761f), kf_ep3, kf_er); const float32x4_t kf_ep5 = vfmaq_f32(vdupq_n_f32(1.0f), kf_ep4, kf_er); const int32x4_t kf_eni = vsubq_s32(vreinterpretq_s32_f32(kf_enb), vdupq_n_s32(1262485504)); const int32x4_t kf_enh = vshrq_n_s32(kf_eni, 1); const float32x4_t kf_es1 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(kf_enh, vdupq_n_s32(127)), 23)); const float32x4_t kf_es2 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vsubq_s32(kf_eni, kf_enh), vdupq_n_s32(127)), 23)); vmulq_f32(vmulq_f32(kf_ep5, kf_es1), kf_es2); }), vdupq_n_f32(0.0f));
          vst1q_f32(&Am[(((gi + 2) * 16) + gj)], vbslq_f32(vcltq_f32(gjv, vdupq_n_f32(((float)(gi + 2)))), vmulq_f32(vmulq_f32(ge2, gk2), vdupq_n_f32((-bet[(gi + 2)]))), vdupq_n_f32(0.0f)));
          vst1q_f32(&Mm[(((gi + 2) * 16) + gj)], vbslq_f32(vcleq_f32(gjv, vdupq_n_f32(((float)(gi + 2)))), vmulq_f32(vmulq_f32(ge2, gq2), vdupq_n_f32(0.25f)), vdupq_n_f32(0.0f)));
          const float32x4_t gd3 = vminq_f32(vsubq_f32(vdupq_n_f32(gam[(gi + 3)]), ggj), vdupq_n_f32(0.0f));
          const float32x4_t ge3 = vbslq_f32(vcgtq_f32(gd3, vdupq_n_f32((-64.0f))), ({ const float32x4_t kf_ex = (gd3); const float32x4_t kf_exl = vmaxq_f32(kf_ex, vdupq_n_f32(-104.0f)); const float32x4_t kf_exc = vminq_f32(kf_exl, vdupq_n_f32(89.0f)); const float32x4_t kf_enb = vfmaq_f32(vdupq_n_f32(12582912.0f), kf_exc, vdupq_n_f32(1.4426950216293335f)); const float32x4_t kf_en = vsubq_f32(kf_enb, vdupq_n_f32(12582912.0f)); const float32x4_t kf_erh = vfmaq_f32(kf_exc, kf_en, vdupq_n_f32(-0.693145751953125f)); const float32x4_t kf_er = vfmaq_f32(kf_erh, kf_en, vdupq_n_f32(-0.000001428606765330187f)); const float32x4_t kf_ep1 = vfmaq_f32(vdupq_n_f32(0.04189782217144966f), vdupq_n_f32(0.008289290592074394f), kf_er); const float32x4_t kf_ep2 = vfmaq_f32(vdupq_n_f32(0.16667652130126953f), kf_ep1, kf_er); const float32x4_t kf_ep3 = vfmaq_f32(vdupq_n_f32(0.4999915063381195f), kf_ep2, kf_er); const float32x4_t kf_ep4 = vfmaq_f32(vdupq_n_f32(0.9999997019767761f), kf_ep3, kf_er); const float32x4_t kf_ep5 = vfmaq_f32(vdupq_n_f32(1.0f), kf_ep4, kf_er); const int32x4_t kf_eni = vsubq_s32(vreinterpretq_s32_f32(kf_enb), vdupq_n_s32(1262485504)); const int32x4_t kf_enh = vshrq_n_s32(kf_eni, 1); const float32x4_t kf_es1 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(kf_enh, vdupq_n_s32(127)), 23)); const float32x4_t kf_es2 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vsubq_s32(kf_eni, kf_enh), vdupq_n_s32(127)), 23)); vmulq_f32(vmulq_f32(kf_ep5, kf_es1), kf_es2); }), vdupq_n_f32(0.0f));
          vst1q_f32(&Am[(((gi + 3) * 16) + gj)], vbslq_f32(vcltq_f32(gjv, vdupq_n_f32(((float)(gi + 3)))), vmulq_f32(vmulq_f32(ge3, gk3), vdupq_n_f32((-bet[(gi + 3)]))), vdupq_n_f32(0.0f)));
          vst1q_f32(&Mm[(((gi + 3) * 16) + gj)], vbslq_f32(vcleq_f32(gjv, vdupq_n_f32(((float)(gi + 3)))), vmulq_f32(vmulq_f32(ge3, gq3), vdupq_n_f32(0.25f)), vdupq_n_f32(0.0f)));
        }
      }
      for (int32_t xp0_r = 0; xp0_r < 32; xp0_r += 8) {
        float32x4_t xp0_m0_0 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m0_1 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m1_0 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m1_1 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m2_0 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m2_1 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m3_0 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m3_1 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m4_0 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m4_1 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m5_0 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m5_1 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m6_0 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m6_1 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m7_0 = vdupq_n_f32(0.0f);
        float32x4_t xp0_m7_1 = vdupq_n_f32(0.0f);
        for (int32_t xp0_mk = 0; xp0_mk < 40; xp0_mk++) {
          const float32x4_t xp0_mb0 = vld1q_f32(&Sb[((xp0_mk * 32) + 0)]);
          const float32x4_t xp0_mb1 = vld1q_f32(&Sb[((xp0_mk * 32) + 4)]);
          const float32x4_t xp0_ma0 = vdupq_n_f32(KQ[(((xp0_r + 0) * 40) + xp0_mk)]);
          xp0_m0_0 = vfmaq_f32(xp0_m0_0, xp0_ma0, xp0_mb0);
          xp0_m0_1 = vfmaq_f32(xp0_m0_1, xp0_ma0, xp0_mb1);
          const float32x4_t xp0_ma1 = vdupq_n_f32(KQ[(((xp0_r + 1) * 40) + xp0_mk)]);
          xp0_m1_0 = vfmaq_f32(xp0_m1_0, xp0_ma1, xp0_mb0);
          xp0_m1_1 = vfmaq_f32(xp0_m1_1, xp0_ma1, xp0_mb1);
          const float32x4_t xp0_ma2 = vdupq_n_f32(KQ[(((xp0_r + 2) * 40) + xp0_mk)]);
          xp0_m2_0 = vfmaq_f32(xp0_m2_0, xp0_ma2, xp0_mb0);
          xp0_m2_1 = vfmaq_f32(xp0_m2_1, xp0_ma2, xp0_mb1);
          const float32x4_t xp0_ma3 = vdupq_n_f32(KQ[(((xp0_r + 3) * 40) + xp0_mk)]);
          xp0_m3_0 = vfmaq_f32(xp0_m3_0, xp0_ma3, xp0_mb0);
          xp0_m3_1 = vfmaq_f32(xp0_m3_1, xp0_ma3, xp0_mb1);
          const float32x4_t xp0_ma4 = vdupq_n_f32(KQ[(((xp0_r + 4) * 40) + xp0_mk)]);
          xp0_m4_0 = vfmaq_f32(xp0_m4_0, xp0_ma4, xp0_mb0);
          xp0_m4_1 = vfmaq_f32(xp0_m4_1, xp0_ma4, xp0_mb1);
          const float32x4_t xp0_ma5 = vdupq_n_f32(KQ[(((xp0_r + 5) * 40) + xp0_mk)]);
          xp0_m5_0 = vfmaq_f32(xp0_m5_0, xp0_ma5, xp0_mb0);
          xp0_m5_1 = vfmaq_f32(xp0_m5_1, xp0_ma5, xp0_mb1);
          const float32x4_t xp0_ma6 = vdupq_n_f32(KQ[(((xp0_r + 6) * 40) + xp0_mk)]);
          xp0_m6_0 = vfmaq_f32(xp0_m6_0, xp0_ma6, xp0_mb0);
          xp0_m6_1 = vfmaq_f32(xp0_m6_1, xp0_ma6, xp0_mb1);
          const float32x4_t xp0_ma7 = vdupq_n_f32(KQ[(((xp0_r + 7) * 40) + xp0_mk)]);
          xp0_m7_0 = vfmaq_f32(xp0_m7_0, xp0_ma7, xp0_mb0);
          xp0_m7_1 = vfmaq_f32(xp0_m7_1, xp0_ma7, xp0_mb1);
        }
        vst1q_f32(&XP[(((xp0_r + 0) * 32) + 0)], xp0_m0_0);
        vst1q_f32(&XP[(((xp0_r + 0) * 32) + 4)], xp0_m0_1);
        vst1q_f32(&XP[(((xp0_r + 1) * 32) + 0)], xp0_m1_0);
        vst1q_f32(&XP[(((xp0_r + 1) * 32) + 4)], xp0_m1_1);
        vst1q_f32(&XP[(((xp0_r + 2) * 32) + 0)], xp0_m2_0);
        vst1q_f32(&XP[(((xp0_r + 2) * 32) + 4)], xp0_m2_1);
        vst1q_f32(&XP[(((xp0_r + 3) * 32) + 0)], xp0_m3_0);
        vst1q_f32(&XP[(((xp0_r + 3) * 32) + 4)], xp0_m3_1);
        vst1q_f32(&XP[(((xp0_r + 4) * 32) + 0)], xp0_m4_0);
        vst1q_f32(&XP[(((xp0_r + 4) * 32) + 4)], xp0_m4_1);
        vst1q_f32(&XP[(((xp0_r + 5) * 32) + 0)], xp0_m5_0);
        vst1q_f32(&XP[(((xp0_r + 5) * 32) + 4)], xp0_m5_1);
        vst1q_f32(&XP[(((xp0_r + 6) * 32) + 0)], xp0_m6_0);
        vst1q_f32(&XP[(((xp0_r + 6) * 32) + 4)], xp0_m6_1);
        vst1q_f32(&XP[(((xp0_r + 7) * 32) + 0)], xp0_m7_0);
        vst1q_f32(&XP[(((xp0_r + 7) * 32) + 4)], xp0_m7_1);
      }
      for (int32_t xp1_r = 0; xp1_r < 32; xp1_r += 8) {
        float32x4_t xp1_m0_0 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m0_1 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m1_0 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m1_1 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m2_0 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m2_1 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m3_0 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m3_1 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m4_0 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m4_1 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m5_0 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m5_1 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m6_0 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m6_1 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m7_0 = vdupq_n_f32(0.0f);
        float32x4_t xp1_m7_1 = vdupq_n_f32(0.0f);
        for (int32_t xp1_mk = 0; xp1_mk < 40; xp1_mk++) {
          const float32x4_t xp1_mb0 = vld1q_f32(&Sb[((xp1_mk * 32) + 8)]);
          const float32x4_t xp1_mb1 = vld1q_f32(&Sb[((xp1_mk * 32) + 12)]);
          const float32x4_t xp1_ma0 = vdupq_n_f32(KQ[(((xp1_r + 0) * 40) + xp1_mk)]);
          xp1_m0_0 = vfmaq_f32(xp1_m0_0, xp1_ma0, xp1_mb0);
          xp1_m0_1 = vfmaq_f32(xp1_m0_1, xp1_ma0, xp1_mb1);
          const float32x4_t xp1_ma1 = vdupq_n_f32(KQ[(((xp1_r + 1) * 40) + xp1_mk)]);
          xp1_m1_0 = vfmaq_f32(xp1_m1_0, xp1_ma1, xp1_mb0);
          xp1_m1_1 = vfmaq_f32(xp1_m1_1, xp1_ma1, xp1_mb1);
          const float32x4_t xp1_ma2 = vdupq_n_f32(KQ[(((xp1_r + 2) * 40) + xp1_mk)]);
          xp1_m2_0 = vfmaq_f32(xp1_m2_0, xp1_ma2, xp1_mb0);
          xp1_m2_1 = vfmaq_f32(xp1_m2_1, xp1_ma2, xp1_mb1);
          const float32x4_t xp1_ma3 = vdupq_n_f32(KQ[(((xp1_r + 3) * 40) + xp1_mk)]);
          xp1_m3_0 = vfmaq_f32(xp1_m3_0, xp1_ma3, xp1_mb0);
          xp1_m3_1 = vfmaq_f32(xp1_m3_1, xp1_ma3, xp1_mb1);
          const float32x4_t xp1_ma4 = vdupq_n_f32(KQ[(((xp1_r + 4) * 40) + xp1_mk)]);
          xp1_m4_0 = vfmaq_f32(xp1_m4_0, xp1_ma4, xp1_mb0);
          xp1_m4_1 = vfmaq_f32(xp1_m4_1, xp1_ma4, xp1_mb1);
          const float32x4_t xp1_ma5 = vdupq_n_f32(KQ[(((xp1_r + 5) * 40) + xp1_mk)]);
          xp1_m5_0 = vfmaq_f32(xp1_m5_0, xp1_ma5, xp1_mb0);
          xp1_m5_1 = vfmaq_f32(xp1_m5_1, xp1_ma5, xp1_mb1);
          const float32x4_t xp1_ma6 = vdupq_n_f32(KQ[(((xp1_r + 6) * 40) + xp1_mk)]);
          xp1_m6_0 = vfmaq_f32(xp1_m6_0, xp1_ma6, xp1_mb0);
          xp1_m6_1 = vfmaq_f32(xp1_m6_1, xp1_ma6, xp1_mb1);
          const float32x4_t xp1_ma7 = vdupq_n_f32(KQ[(((xp1_r + 7) * 40) + xp1_mk)]);
          xp1_m7_0 = vfmaq_f32(xp1_m7_0, xp1_ma7, xp1_mb0);
          xp1_m7_1 = vfmaq_f32(xp1_m7_1, xp1_ma7, xp1_mb1);
        }
        vst1q_f32(&XP[(((xp1_r + 0) * 32) + 8)], xp1_m0_0);
        vst1q_f32(&XP[(((xp1_r + 0) * 32) + 12)], xp1_m0_1);
        vst1q_f32(&XP[(((xp1_r + 1) * 32) + 8)], xp1_m1_0);
        vst1q_f32(&XP[(((xp1_r + 1) * 32) + 12)], xp1_m1_1);
        vst1q_f32(&XP[(((xp1_r + 2) * 32) + 8)], xp1_m2_0);
        vst1q_f32(&XP[(((xp1_r + 2) * 32) + 12)], xp1_m2_1);
        vst1q_f32(&XP[(((xp1_r + 3) * 32) + 8)], xp1_m3_0);
        vst1q_f32(&XP[(((xp1_r + 3) * 32) + 12)], xp1_m3_1);
        vst1q_f32(&XP[(((xp1_r + 4) * 32) + 8)], xp1_m4_0);
        vst1q_f32(&XP[(((xp1_r + 4) * 32) + 12)], xp1_m4_1);
        vst1q_f32(&XP[(((xp1_r + 5) * 32) + 8)], xp1_m5_0);
        vst1q_f32(&XP[(((xp1_r + 5) * 32) + 12)], xp1_m5_1);
        vst1q_f32(&XP[(((xp1_r + 6) * 32) + 8)], xp1_m6_0);
        vst1q_f32(&XP[(((xp1_r + 6) * 32) + 12)], xp1_m6_1);
        vst1q_f32(&XP[(((xp1_r + 7) * 32) + 8)], xp1_m7_0);
        vst1q_f32(&XP[(((xp1_r + 7) * 32) + 12)], xp1_m7_1);
      }
      for (int32_t xp2_r = 0; xp2_r < 32; xp2_r += 8) {
        float32x4_t xp2_m0_0 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m0_1 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m1_0 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m1_1 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m2_0 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m2_1 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m3_0 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m3_1 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m4_0 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m4_1 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m5_0 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m5_1 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m6_0 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m6_1 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m7_0 = vdupq_n_f32(0.0f);
        float32x4_t xp2_m7_1 = vdupq_n_f32(0.0f);
        for (int32_t xp2_mk = 0; xp2_mk < 40; xp2_mk++) {
          const float32x4_t xp2_mb0 = vld1q_f32(&Sb[((xp2_mk * 32) + 16)]);
          const float32x4_t xp2_mb1 = vld1q_f32(&Sb[((xp2_mk * 32) + 20)]);
          const float32x4_t xp2_ma0 = vdupq_n_f32(KQ[(((xp2_r + 0) * 40) + xp2_mk)]);
          xp2_m0_0 = vfmaq_f32(xp2_m0_0, xp2_ma0, xp2_mb0);
          xp2_m0_1 = vfmaq_f32(xp2_m0_1, xp2_ma0, xp2_mb1);
          const float32x4_t xp2_ma1 = vdupq_n_f32(KQ[(((xp2_r + 1) * 40) + xp2_mk)]);
          xp2_m1_0 = vfmaq_f32(xp2_m1_0, xp2_ma1, xp2_mb0);
          xp2_m1_1 = vfmaq_f32(xp2_m1_1, xp2_ma1, xp2_mb1);
          const float32x4_t xp2_ma2 = vdupq_n_f32(KQ[(((xp2_r + 2) * 40) + xp2_mk)]);
          xp2_m2_0 = vfmaq_f32(xp2_m2_0, xp2_ma2, xp2_mb0);
          xp2_m2_1 = vfmaq_f32(xp2_m2_1, xp2_ma2, xp2_mb1);
          const float32x4_t xp2_ma3 = vdupq_n_f32(KQ[(((xp2_r + 3) * 40) + xp2_mk)]);
          xp2_m3_0 = vfmaq_f32(xp2_m3_0, xp2_ma3, xp2_mb0);
          xp2_m3_1 = vfmaq_f32(xp2_m3_1, xp2_ma3, xp2_mb1);
          const float32x4_t xp2_ma4 = vdupq_n_f32(KQ[(((xp2_r + 4) * 40) + xp2_mk)]);
          xp2_m4_0 = vfmaq_f32(xp2_m4_0, xp2_ma4, xp2_mb0);
          xp2_m4_1 = vfmaq_f32(xp2_m4_1, xp2_ma4, xp2_mb1);
          const float32x4_t xp2_ma5 = vdupq_n_f32(KQ[(((xp2_r + 5) * 40) + xp2_mk)]);
          xp2_m5_0 = vfmaq_f32(xp2_m5_0, xp2_ma5, xp2_mb0);
          xp2_m5_1 = vfmaq_f32(xp2_m5_1, xp2_ma5, xp2_mb1);
          const float32x4_t xp2_ma6 = vdupq_n_f32(KQ[(((xp2_r + 6) * 40) + xp2_mk)]);
          xp2_m6_0 = vfmaq_f32(xp2_m6_0, xp2_ma6, xp2_mb0);
          xp2_m6_1 = vfmaq_f32(xp2_m6_1, xp2_ma6, xp2_mb1);
          const float32x4_t xp2_ma7 = vdupq_n_f32(KQ[(((xp2_r + 7) * 40) + xp2_mk)]);
          xp2_m7_0 = vfmaq_f32(xp2_m7_0, xp2_ma7, xp2_mb0);
          xp2_m7_1 = vfmaq_f32(xp2_m7_1, xp2_ma7, xp2_mb1);
        }
        vst1q_f32(&XP[(((xp2_r + 0) * 32) + 16)], xp2_m0_0);
        vst1q_f32(&XP[(((xp2_r + 0) * 32) + 20)], xp2_m0_1);
        vst1q_f32(&XP[(((xp2_r + 1) * 32) + 16)], xp2_m1_0);
        vst1q_f32(&XP[(((xp2_r + 1) * 32) + 20)], xp2_m1_1);
        vst1q_f32(&XP[(((xp2_r + 2) * 32) + 16)], xp2_m2_0);
        vst1q_f32(&XP[(((xp2_r + 2) * 32) + 20)], xp2_m2_1);
        vst1q_f32(&XP[(((xp2_r + 3) * 32) + 16)], xp2_m3_0);
        vst1q_f32(&XP[(((xp2_r + 3) * 32) + 20)], xp2_m3_1);
        vst1q_f32(&XP[(((xp2_r + 4) * 32) + 16)], xp2_m4_0);
        vst1q_f32(&XP[(((xp2_r + 4) * 32) + 20)], xp2_m4_1);
        vst1q_f32(&XP[(((xp2_r + 5) * 32) + 16)], xp2_m5_0);
        vst1q_f32(&XP[(((xp2_r + 5) * 32) + 20)], xp2_m5_1);
        vst1q_f32(&XP[(((xp2_r + 6) * 32) + 16)], xp2_m6_0);
        vst1q_f32(&XP[(((xp2_r + 6) * 32) + 20)], xp2_m6_1);
        vst1q_f32(&XP[(((xp2_r + 7) * 32) + 16)], xp2_m7_0);
        vst1q_f32(&XP[(((xp2_r + 7) * 32) + 20)], xp2_m7_1);
      }
      for (int32_t xp3_r = 0; xp3_r < 32; xp3_r += 8) {
        float32x4_t xp3_m0_0 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m0_1 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m1_0 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m1_1 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m2_0 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m2_1 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m3_0 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m3_1 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m4_0 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m4_1 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m5_0 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m5_1 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m6_0 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m6_1 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m7_0 = vdupq_n_f32(0.0f);
        float32x4_t xp3_m7_1 = vdupq_n_f32(0.0f);
        for (int32_t xp3_mk = 0; xp3_mk < 40; xp3_mk++) {
          const float32x4_t xp3_mb0 = vld1q_f32(&Sb[((xp3_mk * 32) + 24)]);
          const float32x4_t xp3_mb1 = vld1q_f32(&Sb[((xp3_mk * 32) + 28)]);
          const float32x4_t xp3_ma0 = vdupq_n_f32(KQ[(((xp3_r + 0) * 40) + xp3_mk)]);
          xp3_m0_0 = vfmaq_f32(xp3_m0_0, xp3_ma0, xp3_mb0);
          xp3_m0_1 = vfmaq_f32(xp3_m0_1, xp3_ma0, xp3_mb1);
          const float32x4_t xp3_ma1 = vdupq_n_f32(KQ[(((xp3_r + 1) * 40) + xp3_mk)]);
          xp3_m1_0 = vfmaq_f32(xp3_m1_0, xp3_ma1, xp3_mb0);
          xp3_m1_1 = vfmaq_f32(xp3_m1_1, xp3_ma1, xp3_mb1);
          const float32x4_t xp3_ma2 = vdupq_n_f32(KQ[(((xp3_r + 2) * 40) + xp3_mk)]);
          xp3_m2_0 = vfmaq_f32(xp3_m2_0, xp3_ma2, xp3_mb0);
          xp3_m2_1 = vfmaq_f32(xp3_m2_1, xp3_ma2, xp3_mb1);
          const float32x4_t xp3_ma3 = vdupq_n_f32(KQ[(((xp3_r + 3) * 40) + xp3_mk)]);
          xp3_m3_0 = vfmaq_f32(xp3_m3_0, xp3_ma3, xp3_mb0);
          xp3_m3_1 = vfmaq_f32(xp3_m3_1, xp3_ma3, xp3_mb1);
          const float32x4_t xp3_ma4 = vdupq_n_f32(KQ[(((xp3_r + 4) * 40) + xp3_mk)]);
          xp3_m4_0 = vfmaq_f32(xp3_m4_0, xp3_ma4, xp3_mb0);
          xp3_m4_1 = vfmaq_f32(xp3_m4_1, xp3_ma4, xp3_mb1);
          const float32x4_t xp3_ma5 = vdupq_n_f32(KQ[(((xp3_r + 5) * 40) + xp3_mk)]);
          xp3_m5_0 = vfmaq_f32(xp3_m5_0, xp3_ma5, xp3_mb0);
          xp3_m5_1 = vfmaq_f32(xp3_m5_1, xp3_ma5, xp3_mb1);
          const float32x4_t xp3_ma6 = vdupq_n_f32(KQ[(((xp3_r + 6) * 40) + xp3_mk)]);
          xp3_m6_0 = vfmaq_f32(xp3_m6_0, xp3_ma6, xp3_mb0);
          xp3_m6_1 = vfmaq_f32(xp3_m6_1, xp3_ma6, xp3_mb1);
          const float32x4_t xp3_ma7 = vdupq_n_f32(KQ[(((xp3_r + 7) * 40) + xp3_mk)]);
          xp3_m7_0 = vfmaq_f32(xp3_m7_0, xp3_ma7, xp3_mb0);
          xp3_m7_1 = vfmaq_f32(xp3_m7_1, xp3_ma7, xp3_mb1);
        }
        vst1q_f32(&XP[(((xp3_r + 0) * 32) + 24)], xp3_m0_0);
        vst1q_f32(&XP[(((xp3_r + 0) * 32) + 28)], xp3_m0_1);
        vst1q_f32(&XP[(((xp3_r + 1) * 32) + 24)], xp3_m1_0);
        vst1q_f32(&XP[(((xp3_r + 1) * 32) + 28)], xp3_m1_1);
        vst1q_f32(&XP[(((xp3_r + 2) * 32) + 24)], xp3_m2_0);
        vst1q_f32(&XP[(((xp3_r + 2) * 32) + 28)], xp3_m2_1);
        vst1q_f32(&XP[(((xp3_r + 3) * 32) + 24)], xp3_m3_0);
        vst1q_f32(&XP[(((xp3_r + 3) * 32) + 28)], xp3_m3_1);
        vst1q_f32(&XP[(((xp3_r + 4) * 32) + 24)], xp3_m4_0);
        vst1q_f32(&XP[(((xp3_r + 4) * 32) + 28)], xp3_m4_1);
        vst1q_f32(&XP[(((xp3_r + 5) * 32) + 24)], xp3_m5_0);
        vst1q_f32(&XP[(((xp3_r + 5) * 32) + 28)], xp3_m5_1);
        vst1q_f32(&XP[(((xp3_r + 6) * 32) + 24)], xp3_m6_0);
        vst1q_f32(&XP[(((xp3_r + 6) * 32) + 28)], xp3_m6_1);
        vst1q_f32(&XP[(((xp3_r + 7) * 32) + 24)], xp3_m7_0);
        vst1q_f32(&XP[(((xp3_r + 7) * 32) + 28)], xp3_m7_1);
      }
      for (int32_t ui0 = 0; ui0 < 16; ui0++) {
        const float32x4_t ueg0 = vdupq_n_f32(((gam[ui0] > (-64.0f)) ? expf(gam[ui0]) : 0.0f));
        const float32x4_t ubt0 = vdupq_n_f32(bet[ui0]);
        const int32_t uvo0 = ((((((b * T) + (t0 + ui0)) * 2) + h) * 36) + j0);
        const int32_t uvr0 = ((ui0 < n) ? uvo0 : (((((b * T) * 2) + ((t0 * 2) + h)) * 36) + j0));
        const float32x4_t uv0_0 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &v[(uvr0 + 0)], 4 * (size_t)(((0) > (((4) < ((ncol - 0)) ? (4) : ((ncol - 0)))) ? (0) : (((4) < ((ncol - 0)) ? (4) : ((ncol - 0))))))); kf_t; });
        float32x4_t ua0_0 = vmulq_f32(ubt0, vsubq_f32(uv0_0, vmulq_f32(ueg0, vld1q_f32(&XP[((ui0 * 32) + 0)]))));
        float32x4_t oa0_0 = vmulq_f32(vmulq_f32(ueg0, vdupq_n_f32(0.25f)), vld1q_f32(&XP[(((ui0 + 16) * 32) + 0)]));
        const float32x4_t uv0_1 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &v[(uvr0 + 4)], 4 * (size_t)(((0) > (((4) < ((ncol - 4)) ? (4) : ((ncol - 4)))) ? (0) : (((4) < ((ncol - 4)) ? (4) : ((ncol - 4))))))); kf_t; });
        float32x4_t ua0_1 = vmulq_f32(ubt0, vsubq_f32(uv0_1, vmulq_f32(ueg0, vld1q_f32(&XP[((ui0 * 32) + 4)]))));
        float32x4_t oa0_1 = vmulq_f32(vmulq_f32(ueg0, vdupq_n_f32(0.25f)), vld1q_f32(&XP[(((ui0 + 16) * 32) + 4)]));
        const float32x4_t uv0_2 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &v[(uvr0 + 8)], 4 * (size_t)(((0) > (((4) < ((ncol - 8)) ? (4) : ((ncol - 8)))) ? (0) : (((4) < ((ncol - 8)) ? (4) : ((ncol - 8))))))); kf_t; });
        float32x4_t ua0_2 = vmulq_f32(ubt0, vsubq_f32(uv0_2, vmulq_f32(ueg0, vld1q_f32(&XP[((ui0 * 32) + 8)]))));
        float32x4_t oa0_2 = vmulq_f32(vmulq_f32(ueg0, vdupq_n_f32(0.25f)), vld1q_f32(&XP[(((ui0 + 16) * 32) + 8)]));
        const float32x4_t uv0_3 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &v[(uvr0 + 12)], 4 * (size_t)(((0) > (((4) < ((ncol - 12)) ? (4) : ((ncol - 12)))) ? (0) : (((4) < ((ncol - 12)) ? (4) : ((ncol - 12))))))); kf_t; });
        float32x4_t ua0_3 = vmulq_f32(ubt0, vsubq_f32(uv0_3, vmulq_f32(ueg0, vld1q_f32(&XP[((ui0 * 32) + 12)]))));
        float32x4_t oa0_3 = vmulq_f32(vmulq_f32(ueg0, vdupq_n_f32(0.25f)), vld1q_f32(&XP[(((ui0 + 16) * 32) + 12)]));
        const float32x4_t uv0_4 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &v[(uvr0 + 16)], 4 * (size_t)(((0) > (((4) < ((ncol - 16)) ? (4) : ((ncol - 16)))) ? (0) : (((4) < ((ncol - 16)) ? (4) : ((ncol - 16))))))); kf_t; });
        float32x4_t ua0_4 = vmulq_f32(ubt0, vsubq_f32(uv0_4, vmulq_f32(ueg0, vld1q_f32(&XP[((ui0 * 32) + 16)]))));
        float32x4_t oa0_4 = vmulq_f32(vmulq_f32(ueg0, vdupq_n_f32(0.25f)), vld1q_f32(&XP[(((ui0 + 16) * 32) + 16)]));
        const float32x4_t uv0_5 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &v[(uvr0 + 20)], 4 * (size_t)(((0) > (((4) < ((ncol - 20)) ? (4) : ((ncol - 20)))) ? (0) : (((4) < ((ncol - 20)) ? (4) : ((ncol - 20))))))); kf_t; });
        float32x4_t ua0_5 = vmulq_f32(ubt0, vsubq_f32(uv0_5, vmulq_f32(ueg0, vld1q_f32(&XP[((ui0 * 32) + 20)]))));
        float32x4_t oa0_5 = vmulq_f32(vmulq_f32(ueg0, vdupq_n_f32(0.25f)), vld1q_f32(&XP[(((ui0 + 16) * 32) + 20)]));
        const float32x4_t uv0_6 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &v[(uvr0 + 24)], 4 * (size_t)(((0) > (((4) < ((ncol - 24)) ? (4) : ((ncol - 24)))) ? (0) : (((4) < ((ncol - 24)) ? (4) : ((ncol - 24))))))); kf_t; });
        float32x4_t ua0_6 = vmulq_f32(ubt0, vsubq_f32(uv0_6, vmulq_f32(ueg0, vld1q_f32(&XP[((ui0 * 32) + 24)]))));
        float32x4_t oa0_6 = vmulq_f32(vmulq_f32(ueg0, vdupq_n_f32(0.25f)), vld1q_f32(&XP[(((ui0 + 16) * 32) + 24)]));
        const float32x4_t uv0_7 = ({ float32x4_t kf_t = vdupq_n_f32(0.0f); memcpy(&kf_t, &v[(uvr0 + 28)], 4 * (size_t)(((0) > (((4) < ((ncol - 28)) ? (4) : ((ncol - 28)))) ? (0) : (((4) < ((ncol - 28)) ? (4) : ((ncol - 28))))))); kf_t; });
        float32x4_t ua0_7 = vmulq_f32(ubt0, vsubq_f32(uv0_7, vmulq_f32(ueg0, vld1q_f32(&XP[((ui0 * 32) + 28)]))));
        float32x4_t oa0_7 = vmulq_f32(vmulq_f32(ueg0, vdupq_n_f32(0.25f)), vld1q_f32(&XP[(((ui0 + 16) * 32) + 28)]));
        for (int32_t uj0 = 0; uj0 < ui0; uj0++) {
          const float32x4_t uaj0 = vdupq_n_f32(Am[((ui0 * 16) + uj0)]);
          const float32x4_t umj0 = vdupq_n_f32(Mm[((ui0 * 16) + uj0)]);
          const float32x4_t uu0_0 = vld1q_f32(&XP[((uj0 * 32) + 0)]);
          ua0_0 = vfmaq_f32(ua0_0, uaj0, uu0_0);
          oa0_0 = vfmaq_f32(oa0_0, umj0, uu0_0);
          const float32x4_t uu0_1 = vld1q_f32(&XP[((uj0 * 32) + 4)]);
          ua0_1 = vfmaq_f32(ua0_1, uaj0, uu0_1);
          oa0_1 = vfmaq_f32(oa0_1, umj0, uu0_1);
          const float32x4_t uu0_2 = vld1q_f32(&XP[((uj0 * 32) + 8)]);
          ua0_2 = vfmaq_f32(ua0_2, uaj0, uu0_2);
          oa0_2 = vfmaq_f32(oa0_2, umj0, uu0_2);
          const float32x4_t uu0_3 = vld1q_f32(&XP[((uj0 * 32) + 12)]);
          ua0_3 = vfmaq_f32(ua0_3, uaj0, uu0_3);
          oa0_3 = vfmaq_f32(oa0_3, umj0, uu0_3);
          const float32x4_t uu0_4 = vld1q_f32(&XP[((uj0 * 32) + 16)]);
          ua0_4 = vfmaq_f32(ua0_4, uaj0, uu0_4);
          oa0_4 = vfmaq_f32(oa0_4, umj0, uu0_4);
          const float32x4_t uu0_5 = vld1q_f32(&XP[((uj0 * 32) + 20)]);
          ua0_5 = vfmaq_f32(ua0_5, uaj0, uu0_5);
          oa0_5 = vfmaq_f32(oa0_5, umj0, uu0_5);
          const float32x4_t uu0_6 = vld1q_f32(&XP[((uj0 * 32) + 24)]);
          ua0_6 = vfmaq_f32(ua0_6, uaj0, uu0_6);
          oa0_6 = vfmaq_f32(oa0_6, umj0, uu0_6);
          const float32x4_t uu0_7 = vld1q_f32(&XP[((uj0 * 32) + 28)]);
          ua0_7 = vfmaq_f32(ua0_7, uaj0, uu0_7);
          oa0_7 = vfmaq_f32(oa0_7, umj0, uu0_7);
        }
        const float32x4_t umi0 = vdupq_n_f32(Mm[((ui0 * 16) + ui0)]);
        vst1q_f32(&XP[((ui0 * 32) + 0)], ua0_0);
        vst1q_f32(&XP[((ui0 * 32) + 4)], ua0_1);
        vst1q_f32(&XP[((ui0 * 32) + 8)], ua0_2);
        vst1q_f32(&XP[((ui0 * 32) + 12)], ua0_3);
        vst1q_f32(&XP[((ui0 * 32) + 16)], ua0_4);
        vst1q_f32(&XP[((ui0 * 32) + 20)], ua0_5);
        vst1q_f32(&XP[((ui0 * 32) + 24)], ua0_6);
        vst1q_f32(&XP[((ui0 * 32) + 28)], ua0_7);
        if (ui0 < n) {
          ({ const float32x4_t kf_t = vfmaq_f32(oa0_0, umi0, ua0_0); memcpy(&o[(uvo0 + 0)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 0)) ? (4) : ((ncol - 0)))) ? (0) : (((4) < ((ncol - 0)) ? (4) : ((ncol - 0))))))); });
          ({ const float32x4_t kf_t = vfmaq_f32(oa0_1, umi0, ua0_1); memcpy(&o[(uvo0 + 4)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 4)) ? (4) : ((ncol - 4)))) ? (0) : (((4) < ((ncol - 4)) ? (4) : ((ncol - 4))))))); });
          ({ const float32x4_t kf_t = vfmaq_f32(oa0_2, umi0, ua0_2); memcpy(&o[(uvo0 + 8)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 8)) ? (4) : ((ncol - 8)))) ? (0) : (((4) < ((ncol - 8)) ? (4) : ((ncol - 8))))))); });
          ({ const float32x4_t kf_t = vfmaq_f32(oa0_3, umi0, ua0_3); memcpy(&o[(uvo0 + 12)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 12)) ? (4) : ((ncol - 12)))) ? (0) : (((4) < ((ncol - 12)) ? (4) : ((ncol - 12))))))); });
          ({ const float32x4_t kf_t = vfmaq_f32(oa0_4, umi0, ua0_4); memcpy(&o[(uvo0 + 16)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 16)) ? (4) : ((ncol - 16)))) ? (0) : (((4) < ((ncol - 16)) ? (4) : ((ncol - 16))))))); });
          ({ const float32x4_t kf_t = vfmaq_f32(oa0_5, umi0, ua0_5); memcpy(&o[(uvo0 + 20)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 20)) ? (4) : ((ncol - 20)))) ? (0) : (((4) < ((ncol - 20)) ? (4) : ((ncol - 20))))))); });
          ({ const float32x4_t kf_t = vfmaq_f32(oa0_6, umi0, ua0_6); memcpy(&o[(uvo0 + 24)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 24)) ? (4) : ((ncol - 24)))) ? (0) : (((4) < ((ncol - 24)) ? (4) : ((ncol - 24))))))); });
          ({ const float32x4_t kf_t = vfmaq_f32(oa0_7, umi0, ua0_7); memcpy(&o[(uvo0 + 28)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 28)) ? (4) : ((ncol - 28)))) ? (0) : (((4) < ((ncol - 28)) ? (4) : ((ncol - 28))))))); });
        }
      }
      const float glast = gam[15];
      for (int32_t dj = 0; dj < 16; dj++) {
        const float32x4_t dlj = vdupq_n_f32((((glast - gam[dj]) > (-64.0f)) ? expf((glast - gam[dj])) : 0.0f));
        vst1q_f32(&XP[((dj * 32) + 0)], vmulq_f32(vld1q_f32(&XP[((dj * 32) + 0)]), dlj));
        vst1q_f32(&XP[((dj * 32) + 4)], vmulq_f32(vld1q_f32(&XP[((dj * 32) + 4)]), dlj));
        vst1q_f32(&XP[((dj * 32) + 8)], vmulq_f32(vld1q_f32(&XP[((dj * 32) + 8)]), dlj));
        vst1q_f32(&XP[((dj * 32) + 12)], vmulq_f32(vld1q_f32(&XP[((dj * 32) + 12)]), dlj));
        vst1q_f32(&XP[((dj * 32) + 16)], vmulq_f32(vld1q_f32(&XP[((dj * 32) + 16)]), dlj));
        vst1q_f32(&XP[((dj * 32) + 20)], vmulq_f32(vld1q_f32(&XP[((dj * 32) + 20)]), dlj));
        vst1q_f32(&XP[((dj * 32) + 24)], vmulq_f32(vld1q_f32(&XP[((dj * 32) + 24)]), dlj));
        vst1q_f32(&XP[((dj * 32) + 28)], vmulq_f32(vld1q_f32(&XP[((dj * 32) + 28)]), dlj));
      }
      const float32x4_t elast = vdupq_n_f32(((glast > (-64.0f)) ? expf(glast) : 0.0f));
      for (int32_t su0_r = 0; su0_r < 40; su0_r += 4) {
        float32x4_t su0_m0_0 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 0) * 32) + 0)]), elast);
        float32x4_t su0_m0_1 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 0) * 32) + 4)]), elast);
        float32x4_t su0_m0_2 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 0) * 32) + 8)]), elast);
        float32x4_t su0_m0_3 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 0) * 32) + 12)]), elast);
        float32x4_t su0_m1_0 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 1) * 32) + 0)]), elast);
        float32x4_t su0_m1_1 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 1) * 32) + 4)]), elast);
        float32x4_t su0_m1_2 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 1) * 32) + 8)]), elast);
        float32x4_t su0_m1_3 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 1) * 32) + 12)]), elast);
        float32x4_t su0_m2_0 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 2) * 32) + 0)]), elast);
        float32x4_t su0_m2_1 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 2) * 32) + 4)]), elast);
        float32x4_t su0_m2_2 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 2) * 32) + 8)]), elast);
        float32x4_t su0_m2_3 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 2) * 32) + 12)]), elast);
        float32x4_t su0_m3_0 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 3) * 32) + 0)]), elast);
        float32x4_t su0_m3_1 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 3) * 32) + 4)]), elast);
        float32x4_t su0_m3_2 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 3) * 32) + 8)]), elast);
        float32x4_t su0_m3_3 = vmulq_f32(vld1q_f32(&Sb[(((su0_r + 3) * 32) + 12)]), elast);
        for (int32_t su0_mk = 0; su0_mk < 16; su0_mk++) {
          const float32x4_t su0_mb0 = vld1q_f32(&XP[((su0_mk * 32) + 0)]);
          const float32x4_t su0_mb1 = vld1q_f32(&XP[((su0_mk * 32) + 4)]);
          const float32x4_t su0_mb2 = vld1q_f32(&XP[((su0_mk * 32) + 8)]);
          const float32x4_t su0_mb3 = vld1q_f32(&XP[((su0_mk * 32) + 12)]);
          const float32x4_t su0_ma0 = vdupq_n_f32(KT[(((su0_r + 0) * 16) + su0_mk)]);
          su0_m0_0 = vfmaq_f32(su0_m0_0, su0_ma0, su0_mb0);
          su0_m0_1 = vfmaq_f32(su0_m0_1, su0_ma0, su0_mb1);
          su0_m0_2 = vfmaq_f32(su0_m0_2, su0_ma0, su0_mb2);
          su0_m0_3 = vfmaq_f32(su0_m0_3, su0_ma0, su0_mb3);
          const float32x4_t su0_ma1 = vdupq_n_f32(KT[(((su0_r + 1) * 16) + su0_mk)]);
          su0_m1_0 = vfmaq_f32(su0_m1_0, su0_ma1, su0_mb0);
          su0_m1_1 = vfmaq_f32(su0_m1_1, su0_ma1, su0_mb1);
          su0_m1_2 = vfmaq_f32(su0_m1_2, su0_ma1, su0_mb2);
          su0_m1_3 = vfmaq_f32(su0_m1_3, su0_ma1, su0_mb3);
          const float32x4_t su0_ma2 = vdupq_n_f32(KT[(((su0_r + 2) * 16) + su0_mk)]);
          su0_m2_0 = vfmaq_f32(su0_m2_0, su0_ma2, su0_mb0);
          su0_m2_1 = vfmaq_f32(su0_m2_1, su0_ma2, su0_mb1);
          su0_m2_2 = vfmaq_f32(su0_m2_2, su0_ma2, su0_mb2);
          su0_m2_3 = vfmaq_f32(su0_m2_3, su0_ma2, su0_mb3);
          const float32x4_t su0_ma3 = vdupq_n_f32(KT[(((su0_r + 3) * 16) + su0_mk)]);
          su0_m3_0 = vfmaq_f32(su0_m3_0, su0_ma3, su0_mb0);
          su0_m3_1 = vfmaq_f32(su0_m3_1, su0_ma3, su0_mb1);
          su0_m3_2 = vfmaq_f32(su0_m3_2, su0_ma3, su0_mb2);
          su0_m3_3 = vfmaq_f32(su0_m3_3, su0_ma3, su0_mb3);
        }
        vst1q_f32(&Sb[(((su0_r + 0) * 32) + 0)], su0_m0_0);
        vst1q_f32(&Sb[(((su0_r + 0) * 32) + 4)], su0_m0_1);
        vst1q_f32(&Sb[(((su0_r + 0) * 32) + 8)], su0_m0_2);
        vst1q_f32(&Sb[(((su0_r + 0) * 32) + 12)], su0_m0_3);
        vst1q_f32(&Sb[(((su0_r + 1) * 32) + 0)], su0_m1_0);
        vst1q_f32(&Sb[(((su0_r + 1) * 32) + 4)], su0_m1_1);
        vst1q_f32(&Sb[(((su0_r + 1) * 32) + 8)], su0_m1_2);
        vst1q_f32(&Sb[(((su0_r + 1) * 32) + 12)], su0_m1_3);
        vst1q_f32(&Sb[(((su0_r + 2) * 32) + 0)], su0_m2_0);
        vst1q_f32(&Sb[(((su0_r + 2) * 32) + 4)], su0_m2_1);
        vst1q_f32(&Sb[(((su0_r + 2) * 32) + 8)], su0_m2_2);
        vst1q_f32(&Sb[(((su0_r + 2) * 32) + 12)], su0_m2_3);
        vst1q_f32(&Sb[(((su0_r + 3) * 32) + 0)], su0_m3_0);
        vst1q_f32(&Sb[(((su0_r + 3) * 32) + 4)], su0_m3_1);
        vst1q_f32(&Sb[(((su0_r + 3) * 32) + 8)], su0_m3_2);
        vst1q_f32(&Sb[(((su0_r + 3) * 32) + 12)], su0_m3_3);
      }
      for (int32_t su1_r = 0; su1_r < 40; su1_r += 4) {
        float32x4_t su1_m0_0 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 0) * 32) + 16)]), elast);
        float32x4_t su1_m0_1 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 0) * 32) + 20)]), elast);
        float32x4_t su1_m0_2 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 0) * 32) + 24)]), elast);
        float32x4_t su1_m0_3 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 0) * 32) + 28)]), elast);
        float32x4_t su1_m1_0 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 1) * 32) + 16)]), elast);
        float32x4_t su1_m1_1 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 1) * 32) + 20)]), elast);
        float32x4_t su1_m1_2 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 1) * 32) + 24)]), elast);
        float32x4_t su1_m1_3 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 1) * 32) + 28)]), elast);
        float32x4_t su1_m2_0 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 2) * 32) + 16)]), elast);
        float32x4_t su1_m2_1 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 2) * 32) + 20)]), elast);
        float32x4_t su1_m2_2 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 2) * 32) + 24)]), elast);
        float32x4_t su1_m2_3 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 2) * 32) + 28)]), elast);
        float32x4_t su1_m3_0 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 3) * 32) + 16)]), elast);
        float32x4_t su1_m3_1 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 3) * 32) + 20)]), elast);
        float32x4_t su1_m3_2 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 3) * 32) + 24)]), elast);
        float32x4_t su1_m3_3 = vmulq_f32(vld1q_f32(&Sb[(((su1_r + 3) * 32) + 28)]), elast);
        for (int32_t su1_mk = 0; su1_mk < 16; su1_mk++) {
          const float32x4_t su1_mb0 = vld1q_f32(&XP[((su1_mk * 32) + 16)]);
          const float32x4_t su1_mb1 = vld1q_f32(&XP[((su1_mk * 32) + 20)]);
          const float32x4_t su1_mb2 = vld1q_f32(&XP[((su1_mk * 32) + 24)]);
          const float32x4_t su1_mb3 = vld1q_f32(&XP[((su1_mk * 32) + 28)]);
          const float32x4_t su1_ma0 = vdupq_n_f32(KT[(((su1_r + 0) * 16) + su1_mk)]);
          su1_m0_0 = vfmaq_f32(su1_m0_0, su1_ma0, su1_mb0);
          su1_m0_1 = vfmaq_f32(su1_m0_1, su1_ma0, su1_mb1);
          su1_m0_2 = vfmaq_f32(su1_m0_2, su1_ma0, su1_mb2);
          su1_m0_3 = vfmaq_f32(su1_m0_3, su1_ma0, su1_mb3);
          const float32x4_t su1_ma1 = vdupq_n_f32(KT[(((su1_r + 1) * 16) + su1_mk)]);
          su1_m1_0 = vfmaq_f32(su1_m1_0, su1_ma1, su1_mb0);
          su1_m1_1 = vfmaq_f32(su1_m1_1, su1_ma1, su1_mb1);
          su1_m1_2 = vfmaq_f32(su1_m1_2, su1_ma1, su1_mb2);
          su1_m1_3 = vfmaq_f32(su1_m1_3, su1_ma1, su1_mb3);
          const float32x4_t su1_ma2 = vdupq_n_f32(KT[(((su1_r + 2) * 16) + su1_mk)]);
          su1_m2_0 = vfmaq_f32(su1_m2_0, su1_ma2, su1_mb0);
          su1_m2_1 = vfmaq_f32(su1_m2_1, su1_ma2, su1_mb1);
          su1_m2_2 = vfmaq_f32(su1_m2_2, su1_ma2, su1_mb2);
          su1_m2_3 = vfmaq_f32(su1_m2_3, su1_ma2, su1_mb3);
          const float32x4_t su1_ma3 = vdupq_n_f32(KT[(((su1_r + 3) * 16) + su1_mk)]);
          su1_m3_0 = vfmaq_f32(su1_m3_0, su1_ma3, su1_mb0);
          su1_m3_1 = vfmaq_f32(su1_m3_1, su1_ma3, su1_mb1);
          su1_m3_2 = vfmaq_f32(su1_m3_2, su1_ma3, su1_mb2);
          su1_m3_3 = vfmaq_f32(su1_m3_3, su1_ma3, su1_mb3);
        }
        vst1q_f32(&Sb[(((su1_r + 0) * 32) + 16)], su1_m0_0);
        vst1q_f32(&Sb[(((su1_r + 0) * 32) + 20)], su1_m0_1);
        vst1q_f32(&Sb[(((su1_r + 0) * 32) + 24)], su1_m0_2);
        vst1q_f32(&Sb[(((su1_r + 0) * 32) + 28)], su1_m0_3);
        vst1q_f32(&Sb[(((su1_r + 1) * 32) + 16)], su1_m1_0);
        vst1q_f32(&Sb[(((su1_r + 1) * 32) + 20)], su1_m1_1);
        vst1q_f32(&Sb[(((su1_r + 1) * 32) + 24)], su1_m1_2);
        vst1q_f32(&Sb[(((su1_r + 1) * 32) + 28)], su1_m1_3);
        vst1q_f32(&Sb[(((su1_r + 2) * 32) + 16)], su1_m2_0);
        vst1q_f32(&Sb[(((su1_r + 2) * 32) + 20)], su1_m2_1);
        vst1q_f32(&Sb[(((su1_r + 2) * 32) + 24)], su1_m2_2);
        vst1q_f32(&Sb[(((su1_r + 2) * 32) + 28)], su1_m2_3);
        vst1q_f32(&Sb[(((su1_r + 3) * 32) + 16)], su1_m3_0);
        vst1q_f32(&Sb[(((su1_r + 3) * 32) + 20)], su1_m3_1);
        vst1q_f32(&Sb[(((su1_r + 3) * 32) + 24)], su1_m3_2);
        vst1q_f32(&Sb[(((su1_r + 3) * 32) + 28)], su1_m3_3);
      }
    }
    for (int32_t si = 0; si < 40; si++) {
      ({ const float32x4_t kf_t = vld1q_f32(&Sb[((si * 32) + 0)]); memcpy(&s[((sbase + (si * 36)) + 0)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 0)) ? (4) : ((ncol - 0)))) ? (0) : (((4) < ((ncol - 0)) ? (4) : ((ncol - 0))))))); });
      ({ const float32x4_t kf_t = vld1q_f32(&Sb[((si * 32) + 4)]); memcpy(&s[((sbase + (si * 36)) + 4)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 4)) ? (4) : ((ncol - 4)))) ? (0) : (((4) < ((ncol - 4)) ? (4) : ((ncol - 4))))))); });
      ({ const float32x4_t kf_t = vld1q_f32(&Sb[((si * 32) + 8)]); memcpy(&s[((sbase + (si * 36)) + 8)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 8)) ? (4) : ((ncol - 8)))) ? (0) : (((4) < ((ncol - 8)) ? (4) : ((ncol - 8))))))); });
      ({ const float32x4_t kf_t = vld1q_f32(&Sb[((si * 32) + 12)]); memcpy(&s[((sbase + (si * 36)) + 12)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 12)) ? (4) : ((ncol - 12)))) ? (0) : (((4) < ((ncol - 12)) ? (4) : ((ncol - 12))))))); });
      ({ const float32x4_t kf_t = vld1q_f32(&Sb[((si * 32) + 16)]); memcpy(&s[((sbase + (si * 36)) + 16)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 16)) ? (4) : ((ncol - 16)))) ? (0) : (((4) < ((ncol - 16)) ? (4) : ((ncol - 16))))))); });
      ({ const float32x4_t kf_t = vld1q_f32(&Sb[((si * 32) + 20)]); memcpy(&s[((sbase + (si * 36)) + 20)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 20)) ? (4) : ((ncol - 20)))) ? (0) : (((4) < ((ncol - 20)) ? (4) : ((ncol - 20))))))); });
      ({ const float32x4_t kf_t = vld1q_f32(&Sb[((si * 32) + 24)]); memcpy(&s[((sbase + (si * 36)) + 24)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 24)) ? (4) : ((ncol - 24)))) ? (0) : (((4) < ((ncol - 24)) ? (4) : ((ncol - 24))))))); });
      ({ const float32x4_t kf_t = vld1q_f32(&Sb[((si * 32) + 28)]); memcpy(&s[((sbase + (si * 36)) + 28)], &kf_t, 4 * (size_t)(((0) > (((4) < ((ncol - 28)) ? (4) : ((ncol - 28)))) ? (0) : (((4) < ((ncol - 28)) ? (4) : ((ncol - 28))))))); });
    }
  }
}
