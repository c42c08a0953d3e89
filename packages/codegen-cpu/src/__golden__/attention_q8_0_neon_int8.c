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

void attention_q8_0_neon_int8(const float* restrict q, const uint8_t* restrict k, const uint8_t* restrict v, float* restrict o, float* restrict part, int32_t B, int32_t Sq, int32_t Skv) {
  #pragma omp parallel for schedule(static)
  for (int32_t w = 0; w < (((B * 2) * ((Sq + 0) / 1)) * 4); w++) {
    const int32_t split = (w % 4);
    const int32_t wt = (w / 4);
    const int32_t qt = (wt % ((Sq + 0) / 1));
    const int32_t bh = (wt / ((Sq + 0) / 1));
    const int32_t b = (bh / 2);
    const int32_t kvh = (bh % 2);
    const int32_t i0 = (qt * 1);
    const int32_t nq = ((1) < ((Sq - i0)) ? (1) : ((Sq - i0)));
    const int32_t p0 = ((Skv - Sq) + i0);
    const int32_t lo = 0;
    const int32_t hi = (Skv - 1);
    const int32_t per = (((((((hi - lo) + 1) + 3) / 4) + 127) / 128) * 128);
    const int32_t js = (lo + (split * per));
    const int32_t je = (((hi + 1)) < ((js + per)) ? ((hi + 1)) : ((js + per)));
    float qs[512];
    float sc[512];
    float acc[512];
    float mrow[4];
    float lrow[4];
    int8_t qq[512];
    float qd[16];
    float sacc[64];
    float iota[4];
    iota[0] = 0.0f;
    iota[1] = 1.0f;
    iota[2] = 2.0f;
    iota[3] = 3.0f;
    for (int32_t r = 0; r < 4; r++) {
      const int32_t qrow = (((((b * 8) + ((kvh * 4) + (r / 1))) * Sq) + (i0 + (((r % 1)) < ((nq - 1)) ? ((r % 1)) : ((nq - 1))))) * 128);
      for (int32_t d = 0; d < 128; d += 4) {
        vst1q_f32(&qs[((r * 128) + d)], vmulq_f32(vld1q_f32(&q[(qrow + d)]), vdupq_n_f32(0.08838834764831843f)));
      }
      mrow[r] = (-3e+38f);
      lrow[r] = 0.0f;
      for (int32_t e = 0; e < 128; e += 4) {
        vst1q_f32(&acc[((r * 128) + e)], vdupq_n_f32(0.0f));
      }
    }
    for (int32_t r = 0; r < 4; r++) {
      for (int32_t qb = 0; qb < 4; qb++) {
        float amax = 0.0f;
        for (int32_t qe = 0; qe < 32; qe++) {
          amax = ((amax) > (fabsf(qs[(((r * 128) + (qb * 32)) + qe)])) ? (amax) : (fabsf(qs[(((r * 128) + (qb * 32)) + qe)])));
        }
        const float qdv = (amax / 127.0f);
        const float qid = ((qdv != 0.0f) ? (1.0f / qdv) : 0.0f);
        qd[((r * 4) + qb)] = qdv;
        for (int32_t qe2 = 0; qe2 < 32; qe2++) {
          const float qx = (qs[(((r * 128) + (qb * 32)) + qe2)] * qid);
          qq[(((r * 128) + (qb * 32)) + qe2)] = ((int8_t)((int32_t)(qx + ((qx >= 0.0f) ? 0.5f : (-0.5f)))));
        }
      }
    }
    for (int32_t j0 = js; j0 < je; j0 += 128) {
      const int32_t n = ((128) < ((je - j0)) ? (128) : ((je - j0)));
      for (int32_t rb = 0; rb < 1; rb++) {
        for (int32_t jbb = 0; jbb < n; jbb += 4) {
          for (int32_t jl = 0; jl < ((4) < ((n - jbb)) ? (4) : ((n - jbb))); jl++) {
            const int32_t jj = (jbb + jl);
            const int32_t kb = (((bh * Skv) + (j0 + jj)) * 136);
            const int32_t pfk = kf_prefetch(&k[(((kb + 2040)) < (((((B * 2) * Skv) * 136) - 1)) ? ((kb + 2040)) : (((((B * 2) * Skv) * 136) - 1)))], 136);
            float32x4_t fa0 = vdupq_n_f32(0.0f);
            float32x4_t fa1 = vdupq_n_f32(0.0f);
            float32x4_t fa2 = vdupq_n_f32(0.0f);
            float32x4_t fa3 = vdupq_n_f32(0.0f);
            #pragma GCC unroll 4
            for (int32_t kb8 = 0; kb8 < 4; kb8++) {
              const float dk = kf_f16_to_f32(kf_load_u16(&k[(kb + (kb8 * 34))]));
              const int8x16_t kq0 = vld1q_s8((const int8_t*)(&k[(((kb + (kb8 * 34)) + 2) + 0)]));
              const int8x16_t kq1 = vld1q_s8((const int8_t*)(&k[(((kb + (kb8 * 34)) + 2) + 16)]));
              fa0 = vfmaq_f32(fa0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), kq0, vld1q_s8((const int8_t*)(&qq[(((((rb * 4) + 0) * 128) + (kb8 * 32)) + 0)]))), kq1, vld1q_s8((const int8_t*)(&qq[(((((rb * 4) + 0) * 128) + (kb8 * 32)) + 16)])))), vdupq_n_f32((dk * qd[((((rb * 4) + 0) * 4) + kb8)])));
              fa1 = vfmaq_f32(fa1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), kq0, vld1q_s8((const int8_t*)(&qq[(((((rb * 4) + 1) * 128) + (kb8 * 32)) + 0)]))), kq1, vld1q_s8((const int8_t*)(&qq[(((((rb * 4) + 1) * 128) + (kb8 * 32)) + 16)])))), vdupq_n_f32((dk * qd[((((rb * 4) + 1) * 4) + kb8)])));
              fa2 = vfmaq_f32(fa2, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), kq0, vld1q_s8((const int8_t*)(&qq[(((((rb * 4) + 2) * 128) + (kb8 * 32)) + 0)]))), kq1, vld1q_s8((const int8_t*)(&qq[(((((rb * 4) + 2) * 128) + (kb8 * 32)) + 16)])))), vdupq_n_f32((dk * qd[((((rb * 4) + 2) * 4) + kb8)])));
              fa3 = vfmaq_f32(fa3, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), kq0, vld1q_s8((const int8_t*)(&qq[(((((rb * 4) + 3) * 128) + (kb8 * 32)) + 0)]))), kq1, vld1q_s8((const int8_t*)(&qq[(((((rb * 4) + 3) * 128) + (kb8 * 32)) + 16)])))), vdupq_n_f32((dk * qd[((((rb * 4) + 3) * 4) + kb8)])));
            }
            vst1q_f32(&sacc[(((0 * 4) + jl) * 4)], fa0);
            vst1q_f32(&sacc[(((1 * 4) + jl) * 4)], fa1);
            vst1q_f32(&sacc[(((2 * 4) + jl) * 4)], fa2);
            vst1q_f32(&sacc[(((3 * 4) + jl) * 4)], fa3);
          }
          vst1q_f32(&sc[((((rb * 4) + 0) * 128) + jbb)], vpaddq_f32(vpaddq_f32(vld1q_f32(&sacc[0]), vld1q_f32(&sacc[4])), vpaddq_f32(vld1q_f32(&sacc[8]), vld1q_f32(&sacc[12]))));
          vst1q_f32(&sc[((((rb * 4) + 1) * 128) + jbb)], vpaddq_f32(vpaddq_f32(vld1q_f32(&sacc[16]), vld1q_f32(&sacc[20])), vpaddq_f32(vld1q_f32(&sacc[24]), vld1q_f32(&sacc[28]))));
          vst1q_f32(&sc[((((rb * 4) + 2) * 128) + jbb)], vpaddq_f32(vpaddq_f32(vld1q_f32(&sacc[32]), vld1q_f32(&sacc[36])), vpaddq_f32(vld1q_f32(&sacc[40]), vld1q_f32(&sacc[44]))));
          vst1q_f32(&sc[((((rb * 4) + 3) * 128) + jbb)], vpaddq_f32(vpaddq_f32(vld1q_f32(&sacc[48]), vld1q_f32(&sacc[52])), vpaddq_f32(vld1q_f32(&sacc[56]), vld1q_f32(&sacc[60]))));
        }
      }
      for (int32_t r = 0; r < 4; r++) {
        for (int32_t jp = n; jp < 128; jp++) {
          sc[((r * 128) + jp)] = (-3e+38f);
        }
        float32x4_t tmv = vld1q_f32(&sc[((r * 128) + 0)]);
        for (int32_t jm = 4; jm < 128; jm += 4) {
          tmv = vmaxq_f32(tmv, vld1q_f32(&sc[((r * 128) + jm)]));
        }
        const float tm = vmaxvq_f32(tmv);
        if (tm > (-1e+38f)) {
          const float mold = mrow[r];
          const float mnew = ((mold) > (tm) ? (mold) : (tm));
          const float alpha = expf((mold - mnew));
          float32x4_t psv = vdupq_n_f32(0.0f);
          for (int32_t jx = 0; jx < 128; jx += 4) {
            const float32x4_t sv = vld1q_f32(&sc[((r * 128) + jx)]);
            const float32x4_t pv = vbslq_f32(vcgtq_f32(sv, vdupq_n_f32((-1e+38f))), ({ const float32x4_t kf_ex = (vsubq_f32(sv, vdupq_n_f32(mnew))); const float32x4_t kf_exl = vmaxq_f32(kf_ex, vdupq_n_f32(-104.0f)); const float32x4_t kf_exc = vminq_f32(kf_exl, vdupq_n_f32(89.0f)); const float32x4_t kf_enb = vfmaq_f32(vdupq_n_f32(12582912.0f), kf_exc, vdupq_n_f32(1.4426950216293335f)); const float32x4_t kf_en = vsubq_f32(kf_enb, vdupq_n_f32(12582912.0f)); const float32x4_t kf_erh = vfmaq_f32(kf_exc, kf_en, vdupq_n_f32(-0.693145751953125f)); const float32x4_t kf_er = vfmaq_f32(kf_erh, kf_en, vdupq_n_f32(-0.000001428606765330187f)); const float32x4_t kf_ep1 = vfmaq_f32(vdupq_n_f32(0.04189782217144966f), vdupq_n_f32(0.008289290592074394f), kf_er); const float32x4_t kf_ep2 = vfmaq_f32(vdupq_n_f32(0.16667652130126953f), kf_ep1, kf_er); const float32x4_t kf_ep3 = vfmaq_f32(vdupq_n_f32(0.4999915063381195f), kf_ep2, kf_er); const float32x4_t kf_ep4 = vfmaq_f32(vdupq_n_f32(0.9999997019767761f), kf_ep3, kf_er); const float32x4_t kf_ep5 = vfmaq_f32(vdupq_n_f32(1.0f), kf_ep4, kf_er); const int32x4_t kf_eni = vsubq_s32(vreinterpretq_s32_f32(kf_enb), vdupq_n_s32(1262485504)); const int32x4_t kf_enh = vshrq_n_s32(kf_eni, 1); const float32x4_t kf_es1 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(kf_enh, vdupq_n_s32(127)), 23)); const float32x4_t kf_es2 = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vsubq_s32(kf_eni, kf_enh), vdupq_n_s32(127)), 23)); vmulq_f32(vmulq_f32(kf_ep5, kf_es1), kf_es2); }), vdupq_n_f32(0.0f));
            vst1q_f32(&sc[((r * 128) + jx)], pv);
            psv = vaddq_f32(psv, pv);
          }
          lrow[r] = (lrow[r] * alpha + vaddvq_f32(psv));
          mrow[r] = mnew;
          for (int32_t ea = 0; ea < 128; ea += 4) {
            vst1q_f32(&acc[((r * 128) + ea)], vmulq_f32(vld1q_f32(&acc[((r * 128) + ea)]), vdupq_n_f32(alpha)));
          }
        } else {
          for (int32_t jz = 0; jz < 128; jz += 4) {
            vst1q_f32(&sc[((r * 128) + jz)], vdupq_n_f32(0.0f));
          }
        }
      }
      for (int32_t rb = 0; rb < 1; rb++) {
        for (int32_t jv0 = 0; jv0 < n; jv0 += 16) {
          const int32_t jve = (((jv0 + 16)) < (n) ? ((jv0 + 16)) : (n));
          for (int32_t dg = 0; dg < 128; dg += 16) {
            float32x4_t og0_0 = vld1q_f32(&acc[(((((rb * 4) + 0) * 128) + dg) + 0)]);
            float32x4_t og0_1 = vld1q_f32(&acc[(((((rb * 4) + 0) * 128) + dg) + 4)]);
            float32x4_t og0_2 = vld1q_f32(&acc[(((((rb * 4) + 0) * 128) + dg) + 8)]);
            float32x4_t og0_3 = vld1q_f32(&acc[(((((rb * 4) + 0) * 128) + dg) + 12)]);
            float32x4_t og1_0 = vld1q_f32(&acc[(((((rb * 4) + 1) * 128) + dg) + 0)]);
            float32x4_t og1_1 = vld1q_f32(&acc[(((((rb * 4) + 1) * 128) + dg) + 4)]);
            float32x4_t og1_2 = vld1q_f32(&acc[(((((rb * 4) + 1) * 128) + dg) + 8)]);
            float32x4_t og1_3 = vld1q_f32(&acc[(((((rb * 4) + 1) * 128) + dg) + 12)]);
            float32x4_t og2_0 = vld1q_f32(&acc[(((((rb * 4) + 2) * 128) + dg) + 0)]);
            float32x4_t og2_1 = vld1q_f32(&acc[(((((rb * 4) + 2) * 128) + dg) + 4)]);
            float32x4_t og2_2 = vld1q_f32(&acc[(((((rb * 4) + 2) * 128) + dg) + 8)]);
            float32x4_t og2_3 = vld1q_f32(&acc[(((((rb * 4) + 2) * 128) + dg) + 12)]);
            float32x4_t og3_0 = vld1q_f32(&acc[(((((rb * 4) + 3) * 128) + dg) + 0)]);
            float32x4_t og3_1 = vld1q_f32(&acc[(((((rb * 4) + 3) * 128) + dg) + 4)]);
            float32x4_t og3_2 = vld1q_f32(&acc[(((((rb * 4) + 3) * 128) + dg) + 8)]);
            float32x4_t og3_3 = vld1q_f32(&acc[(((((rb * 4) + 3) * 128) + dg) + 12)]);
            for (int32_t jvg = jv0; jvg < jve; jvg++) {
              const int32_t vbg = (((bh * Skv) + (j0 + jvg)) * 136);
              const int32_t pfvg = kf_prefetch(&v[(((vbg + 2040)) < (((((B * 2) * Skv) * 136) - 1)) ? ((vbg + 2040)) : (((((B * 2) * Skv) * 136) - 1)))], 136);
              const float32x4_t pg0 = vdupq_n_f32(sc[((((rb * 4) + 0) * 128) + jvg)]);
              const float32x4_t pg1 = vdupq_n_f32(sc[((((rb * 4) + 1) * 128) + jvg)]);
              const float32x4_t pg2 = vdupq_n_f32(sc[((((rb * 4) + 2) * 128) + jvg)]);
              const float32x4_t pg3 = vdupq_n_f32(sc[((((rb * 4) + 3) * 128) + jvg)]);
              const float32x4_t vcg0 = vmulq_f32(vcvtq_f32_s32(vmovl_s16(vget_low_s16(vmovl_s8(vreinterpret_s8_u32(vdup_n_u32(kf_load_u32(&v[(((vbg + (((dg + 0) / 32) * 34)) + 2) + ((dg + 0) % 32))]))))))), vdupq_n_f32(kf_f16_to_f32(kf_load_u16(&v[(vbg + (((dg + 0) / 32) * 34))]))));
              og0_0 = vfmaq_f32(og0_0, vcg0, pg0);
              og1_0 = vfmaq_f32(og1_0, vcg0, pg1);
              og2_0 = vfmaq_f32(og2_0, vcg0, pg2);
              og3_0 = vfmaq_f32(og3_0, vcg0, pg3);
              const float32x4_t vcg1 = vmulq_f32(vcvtq_f32_s32(vmovl_s16(vget_low_s16(vmovl_s8(vreinterpret_s8_u32(vdup_n_u32(kf_load_u32(&v[(((vbg + (((dg + 4) / 32) * 34)) + 2) + ((dg + 4) % 32))]))))))), vdupq_n_f32(kf_f16_to_f32(kf_load_u16(&v[(vbg + (((dg + 4) / 32) * 34))]))));
              og0_1 = vfmaq_f32(og0_1, vcg1, pg0);
              og1_1 = vfmaq_f32(og1_1, vcg1, pg1);
              og2_1 = vfmaq_f32(og2_1, vcg1, pg2);
              og3_1 = vfmaq_f32(og3_1, vcg1, pg3);
              const float32x4_t vcg2 = vmulq_f32(vcvtq_f32_s32(vmovl_s16(vget_low_s16(vmovl_s8(vreinterpret_s8_u32(vdup_n_u32(kf_load_u32(&v[(((vbg + (((dg + 8) / 32) * 34)) + 2) + ((dg + 8) % 32))]))))))), vdupq_n_f32(kf_f16_to_f32(kf_load_u16(&v[(vbg + (((dg + 8) / 32) * 34))]))));
              og0_2 = vfmaq_f32(og0_2, vcg2, pg0);
              og1_2 = vfmaq_f32(og1_2, vcg2, pg1);
              og2_2 = vfmaq_f32(og2_2, vcg2, pg2);
              og3_2 = vfmaq_f32(og3_2, vcg2, pg3);
              const float32x4_t vcg3 = vmulq_f32(vcvtq_f32_s32(vmovl_s16(vget_low_s16(vmovl_s8(vreinterpret_s8_u32(vdup_n_u32(kf_load_u32(&v[(((vbg + (((dg + 12) / 32) * 34)) + 2) + ((dg + 12) % 32))]))))))), vdupq_n_f32(kf_f16_to_f32(kf_load_u16(&v[(vbg + (((dg + 12) / 32) * 34))]))));
              og0_3 = vfmaq_f32(og0_3, vcg3, pg0);
              og1_3 = vfmaq_f32(og1_3, vcg3, pg1);
              og2_3 = vfmaq_f32(og2_3, vcg3, pg2);
              og3_3 = vfmaq_f32(og3_3, vcg3, pg3);
            }
            vst1q_f32(&acc[(((((rb * 4) + 0) * 128) + dg) + 0)], og0_0);
            vst1q_f32(&acc[(((((rb * 4) + 0) * 128) + dg) + 4)], og0_1);
            vst1q_f32(&acc[(((((rb * 4) + 0) * 128) + dg) + 8)], og0_2);
            vst1q_f32(&acc[(((((rb * 4) + 0) * 128) + dg) + 12)], og0_3);
            vst1q_f32(&acc[(((((rb * 4) + 1) * 128) + dg) + 0)], og1_0);
            vst1q_f32(&acc[(((((rb * 4) + 1) * 128) + dg) + 4)], og1_1);
            vst1q_f32(&acc[(((((rb * 4) + 1) * 128) + dg) + 8)], og1_2);
            vst1q_f32(&acc[(((((rb * 4) + 1) * 128) + dg) + 12)], og1_3);
            vst1q_f32(&acc[(((((rb * 4) + 2) * 128) + dg) + 0)], og2_0);
            vst1q_f32(&acc[(((((rb * 4) + 2) * 128) + dg) + 4)], og2_1);
            vst1q_f32(&acc[(((((rb * 4) + 2) * 128) + dg) + 8)], og2_2);
            vst1q_f32(&acc[(((((rb * 4) + 2) * 128) + dg) + 12)], og2_3);
            vst1q_f32(&acc[(((((rb * 4) + 3) * 128) + dg) + 0)], og3_0);
            vst1q_f32(&acc[(((((rb * 4) + 3) * 128) + dg) + 4)], og3_1);
            vst1q_f32(&acc[(((((rb * 4) + 3) * 128) + dg) + 8)], og3_2);
            vst1q_f32(&acc[(((((rb * 4) + 3) * 128) + dg) + 12)], og3_3);
          }
        }
      }
    }
    for (int32_t r = 0; r < 4; r++) {
      if ((r % 1) < nq) {
        const int32_t pbase = (((((((b * 8) + ((kvh * 4) + (r / 1))) * Sq) + (i0 + (r % 1))) * 4) + split) * 130);
        part[pbase] = mrow[r];
        part[(pbase + 1)] = lrow[r];
        for (int32_t eo = 0; eo < 128; eo += 4) {
          vst1q_f32(&part[((pbase + 2) + eo)], vld1q_f32(&acc[((r * 128) + eo)]));
        }
      }
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t cr = 0; cr < ((B * 8) * Sq); cr++) {
    float cw[4];
    float cm = (-3e+38f);
    for (int32_t cs = 0; cs < 4; cs++) {
      cm = ((cm) > (part[(((cr * 4) + cs) * 130)]) ? (cm) : (part[(((cr * 4) + cs) * 130)]));
    }
    float cl = 0.0f;
    for (int32_t cs = 0; cs < 4; cs++) {
      const float cwv = expf((part[(((cr * 4) + cs) * 130)] - cm));
      cw[cs] = cwv;
      cl = (cwv * part[((((cr * 4) + cs) * 130) + 1)] + cl);
    }
    const float cinv = (1.0f / cl);
    for (int32_t cd = 0; cd < 128; cd += 4) {
      float32x4_t cav = vdupq_n_f32(0.0f);
      for (int32_t csv = 0; csv < 4; csv++) {
        cav = vfmaq_f32(cav, vld1q_f32(&part[(((((cr * 4) + csv) * 130) + 2) + cd)]), vdupq_n_f32(cw[csv]));
      }
      vst1q_f32(&o[((cr * 128) + cd)], vmulq_f32(cav, vdupq_n_f32(cinv)));
    }
  }
}
