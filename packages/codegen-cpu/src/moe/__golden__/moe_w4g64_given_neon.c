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

void moe_w4g64_given_neon_int8(const float* restrict x, const uint8_t* restrict w_gate, const uint16_t* restrict w_gate_scale, const uint16_t* restrict w_gate_min, const uint8_t* restrict w_up, const uint16_t* restrict w_up_scale, const uint16_t* restrict w_up_min, const uint8_t* restrict w_down, const uint16_t* restrict w_down_scale, const uint16_t* restrict w_down_min, const int32_t* restrict ids, const float* restrict weights, float* restrict y, int32_t* restrict rid, float* restrict rwt, int32_t* restrict perm, int32_t* restrict pos, int32_t* restrict grp, int8_t* restrict xq, float* restrict xd, float* restrict xs, float* restrict hid, int8_t* restrict hq, float* restrict hd, float* restrict hs, float* restrict part, int32_t T) {
  for (int32_t p = 0; p < (T * 2); p++) {
    const int32_t id = ids[p];
    rid[p] = (((id >= 0) && (id < 6)) ? id : (-1));
    rwt[p] = weights[p];
  }
  for (int32_t e = 0; e < 6; e++) {
    grp[(0 + e)] = 0;
  }
  for (int32_t p = 0; p < (T * 2); p++) {
    const int32_t pe = rid[p];
    if (pe >= 0) {
      grp[(0 + pe)] = (grp[(0 + pe)] + 1);
    }
  }
  int32_t acc = 0;
  int32_t na = 0;
  for (int32_t e = 0; e < 6; e++) {
    const int32_t ce = grp[(0 + e)];
    grp[(6 + e)] = acc;
    grp[(12 + e)] = acc;
    if (ce > 0) {
      grp[(18 + na)] = e;
      na = (na + 1);
    }
    acc = (acc + ce);
  }
  grp[24] = na;
  grp[25] = acc;
  for (int32_t p = 0; p < (T * 2); p++) {
    const int32_t pe = rid[p];
    if (pe >= 0) {
      const int32_t at = grp[(12 + pe)];
      perm[at] = p;
      pos[p] = at;
      grp[(12 + pe)] = (at + 1);
    } else {
      pos[p] = (-1);
    }
  }
  const int32_t nact = grp[24];
  const int32_t npairs = grp[25];
  for (int32_t m = 0; m < T; m++) {
    for (int32_t b = 0; b < (256 / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (fabsf(x[((m * 256) + ((b * 32) + j))])) ? (amax) : (fabsf(x[((m * 256) + ((b * 32) + j))])));
      }
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      int32_t isum = 0;
      for (int32_t j = 0; j < 32; j++) {
        const float s = (x[((m * 256) + ((b * 32) + j))] * id);
        const int32_t qv = ((int32_t)(s + ((s >= 0.0f) ? 0.5f : (-0.5f))));
        xq[((m * 256) + ((((b * 32) + j) - (((b * 32) + j) % 32)) + (((((b * 32) + j) % 32) / 2) + (((((b * 32) + j) % 32) % 2) * 16))))] = ((int8_t)qv);
        isum = (isum + qv);
      }
      xd[((m * (256 / 32)) + b)] = d;
      xs[((m * (256 / 32)) + b)] = (d * ((float)isum));
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t wi = 0; wi < (nact * 64); wi++) {
    const int32_t ex = grp[(18 + (wi / 64))];
    const int32_t ecnt = grp[(0 + ex)];
    const int32_t eoff = grp[(6 + ex)];
    const int32_t n0 = (wi % 64);
    for (int32_t m0 = 0; m0 < (ecnt - (ecnt % 2)); m0 += 2) {
      const int32_t tok_0 = (perm[(eoff + (m0 + 0))] / 2);
      const int32_t tok_1 = (perm[(eoff + (m0 + 1))] / 2);
      float32x4_t acc_0_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_0_0_1 = vdupq_n_f32(0.0f);
      float corr_0_0 = 0.0f;
      float32x4_t acc_0_1_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_0_1_1 = vdupq_n_f32(0.0f);
      float corr_0_1 = 0.0f;
      float32x4_t acc_1_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_1_0_1 = vdupq_n_f32(0.0f);
      float corr_1_0 = 0.0f;
      float32x4_t acc_1_1_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_1_1_1 = vdupq_n_f32(0.0f);
      float corr_1_1 = 0.0f;
      float32x4_t acc_2_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_2_0_1 = vdupq_n_f32(0.0f);
      float corr_2_0 = 0.0f;
      float32x4_t acc_2_1_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_2_1_1 = vdupq_n_f32(0.0f);
      float corr_2_1 = 0.0f;
      float32x4_t acc_3_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_3_0_1 = vdupq_n_f32(0.0f);
      float corr_3_0 = 0.0f;
      float32x4_t acc_3_1_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_3_1_1 = vdupq_n_f32(0.0f);
      float corr_3_1 = 0.0f;
      for (int32_t g = 0; g < ((256 / 32) / 4); g++) {
        const float32x4_t dw_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_gate_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 0) / 2))], w_gate_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 1) / 2))], w_gate_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 2) / 2))], w_gate_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_gate_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 0) / 2))], w_gate_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 1) / 2))], w_gate_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 2) / 2))], w_gate_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_0_0 = vmulq_f32(dw_0, vld1q_f32(&xd[((tok_0 * (256 / 32)) + (g * 4))]));
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, off_0, vld1q_f32(&xs[((tok_0 * (256 / 32)) + (g * 4))]));
        const float32x4_t s_0_1 = vmulq_f32(dw_0, vld1q_f32(&xd[((tok_1 * (256 / 32)) + (g * 4))]));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, off_0, vld1q_f32(&xs[((tok_1 * (256 / 32)) + (g * 4))]));
        const uint8x16_t q_0_0 = vld1q_u8(&w_gate[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_0_0 = vandq_u8(q_0_0, vdupq_n_u8(15));
        const uint8x16_t hi_0_0 = vshrq_n_u8(q_0_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 0)));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 0)));
        const uint8x16_t q_0_1 = vld1q_u8(&w_gate[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_0_1 = vandq_u8(q_0_1, vdupq_n_u8(15));
        const uint8x16_t hi_0_1 = vshrq_n_u8(q_0_1, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 1)));
        acc_0_1_1 = vfmaq_f32(acc_0_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 1)));
        const uint8x16_t q_0_2 = vld1q_u8(&w_gate[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_0_2 = vandq_u8(q_0_2, vdupq_n_u8(15));
        const uint8x16_t hi_0_2 = vshrq_n_u8(q_0_2, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 2)));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 2)));
        const uint8x16_t q_0_3 = vld1q_u8(&w_gate[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_0_3 = vandq_u8(q_0_3, vdupq_n_u8(15));
        const uint8x16_t hi_0_3 = vshrq_n_u8(q_0_3, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 3)));
        acc_0_1_1 = vfmaq_f32(acc_0_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 3)));
        const float32x4_t dw_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_gate_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 0) / 2))], w_gate_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 1) / 2))], w_gate_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 2) / 2))], w_gate_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_gate_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 0) / 2))], w_gate_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 1) / 2))], w_gate_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 2) / 2))], w_gate_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_1_0 = vmulq_f32(dw_1, vld1q_f32(&xd[((tok_0 * (256 / 32)) + (g * 4))]));
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, off_1, vld1q_f32(&xs[((tok_0 * (256 / 32)) + (g * 4))]));
        const float32x4_t s_1_1 = vmulq_f32(dw_1, vld1q_f32(&xd[((tok_1 * (256 / 32)) + (g * 4))]));
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, off_1, vld1q_f32(&xs[((tok_1 * (256 / 32)) + (g * 4))]));
        const uint8x16_t q_1_0 = vld1q_u8(&w_gate[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_1_0 = vandq_u8(q_1_0, vdupq_n_u8(15));
        const uint8x16_t hi_1_0 = vshrq_n_u8(q_1_0, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_1_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 0)));
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_1_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 0)));
        const uint8x16_t q_1_1 = vld1q_u8(&w_gate[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_1_1 = vandq_u8(q_1_1, vdupq_n_u8(15));
        const uint8x16_t hi_1_1 = vshrq_n_u8(q_1_1, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_1_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 1)));
        acc_1_1_1 = vfmaq_f32(acc_1_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_1_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 1)));
        const uint8x16_t q_1_2 = vld1q_u8(&w_gate[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_1_2 = vandq_u8(q_1_2, vdupq_n_u8(15));
        const uint8x16_t hi_1_2 = vshrq_n_u8(q_1_2, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_1_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 2)));
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_2), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_1_2), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 2)));
        const uint8x16_t q_1_3 = vld1q_u8(&w_gate[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_1_3 = vandq_u8(q_1_3, vdupq_n_u8(15));
        const uint8x16_t hi_1_3 = vshrq_n_u8(q_1_3, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_1_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 3)));
        acc_1_1_1 = vfmaq_f32(acc_1_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_3), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_1_3), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 3)));
        const float32x4_t dw_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_up_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 0) / 2))], w_up_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 1) / 2))], w_up_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 2) / 2))], w_up_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_up_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 0) / 2))], w_up_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 1) / 2))], w_up_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 2) / 2))], w_up_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_2_0 = vmulq_f32(dw_2, vld1q_f32(&xd[((tok_0 * (256 / 32)) + (g * 4))]));
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, off_2, vld1q_f32(&xs[((tok_0 * (256 / 32)) + (g * 4))]));
        const float32x4_t s_2_1 = vmulq_f32(dw_2, vld1q_f32(&xd[((tok_1 * (256 / 32)) + (g * 4))]));
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, off_2, vld1q_f32(&xs[((tok_1 * (256 / 32)) + (g * 4))]));
        const uint8x16_t q_2_0 = vld1q_u8(&w_up[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_2_0 = vandq_u8(q_2_0, vdupq_n_u8(15));
        const uint8x16_t hi_2_0 = vshrq_n_u8(q_2_0, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_2_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 0)));
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_2_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 0)));
        const uint8x16_t q_2_1 = vld1q_u8(&w_up[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_2_1 = vandq_u8(q_2_1, vdupq_n_u8(15));
        const uint8x16_t hi_2_1 = vshrq_n_u8(q_2_1, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_2_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 1)));
        acc_2_1_1 = vfmaq_f32(acc_2_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_2_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 1)));
        const uint8x16_t q_2_2 = vld1q_u8(&w_up[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_2_2 = vandq_u8(q_2_2, vdupq_n_u8(15));
        const uint8x16_t hi_2_2 = vshrq_n_u8(q_2_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_2_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 2)));
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_2), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_2_2), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 2)));
        const uint8x16_t q_2_3 = vld1q_u8(&w_up[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_2_3 = vandq_u8(q_2_3, vdupq_n_u8(15));
        const uint8x16_t hi_2_3 = vshrq_n_u8(q_2_3, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_2_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 3)));
        acc_2_1_1 = vfmaq_f32(acc_2_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_3), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_2_3), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 3)));
        const float32x4_t dw_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_up_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 0) / 2))], w_up_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 1) / 2))], w_up_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 2) / 2))], w_up_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_up_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 0) / 2))], w_up_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 1) / 2))], w_up_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 2) / 2))], w_up_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_3_0 = vmulq_f32(dw_3, vld1q_f32(&xd[((tok_0 * (256 / 32)) + (g * 4))]));
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, off_3, vld1q_f32(&xs[((tok_0 * (256 / 32)) + (g * 4))]));
        const float32x4_t s_3_1 = vmulq_f32(dw_3, vld1q_f32(&xd[((tok_1 * (256 / 32)) + (g * 4))]));
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, off_3, vld1q_f32(&xs[((tok_1 * (256 / 32)) + (g * 4))]));
        const uint8x16_t q_3_0 = vld1q_u8(&w_up[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_3_0 = vandq_u8(q_3_0, vdupq_n_u8(15));
        const uint8x16_t hi_3_0 = vshrq_n_u8(q_3_0, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_3_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 0)));
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_3_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 0)));
        const uint8x16_t q_3_1 = vld1q_u8(&w_up[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_3_1 = vandq_u8(q_3_1, vdupq_n_u8(15));
        const uint8x16_t hi_3_1 = vshrq_n_u8(q_3_1, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_3_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 1)));
        acc_3_1_1 = vfmaq_f32(acc_3_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_3_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 1)));
        const uint8x16_t q_3_2 = vld1q_u8(&w_up[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_3_2 = vandq_u8(q_3_2, vdupq_n_u8(15));
        const uint8x16_t hi_3_2 = vshrq_n_u8(q_3_2, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_3_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 2)));
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_2), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_3_2), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 2)));
        const uint8x16_t q_3_3 = vld1q_u8(&w_up[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_3_3 = vandq_u8(q_3_3, vdupq_n_u8(15));
        const uint8x16_t hi_3_3 = vshrq_n_u8(q_3_3, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_3_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 3)));
        acc_3_1_1 = vfmaq_f32(acc_3_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_3), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_3_3), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 3)));
      }
      for (int32_t b = (((256 / 32) / 4) * 4); b < (256 / 32); b++) {
        const float sc_0 = kf_f16_to_f32(w_gate_scale[((((ex * 128) + n0) * (256 / 64)) + (b / 2))]);
        const float off_0 = kf_f16_to_f32(w_gate_min[((((ex * 128) + n0) * (256 / 64)) + (b / 2))]);
        const uint8x16_t qs_0 = vld1q_u8(&w_gate[((((ex * 128) + n0) * (256 / 2)) + (b * 16))]);
        const uint8x16_t w_0_0 = vandq_u8(qs_0, vdupq_n_u8(15));
        const uint8x16_t w_0_1 = vshrq_n_u8(qs_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * xd[((tok_0 * (256 / 32)) + b)])));
        corr_0_0 = (off_0 * xs[((tok_0 * (256 / 32)) + b)] + corr_0_0);
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * xd[((tok_1 * (256 / 32)) + b)])));
        corr_0_1 = (off_0 * xs[((tok_1 * (256 / 32)) + b)] + corr_0_1);
        const float sc_1 = kf_f16_to_f32(w_gate_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (b / 2))]);
        const float off_1 = kf_f16_to_f32(w_gate_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (b / 2))]);
        const uint8x16_t qs_1 = vld1q_u8(&w_gate[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (b * 16))]);
        const uint8x16_t w_1_0 = vandq_u8(qs_1, vdupq_n_u8(15));
        const uint8x16_t w_1_1 = vshrq_n_u8(qs_1, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_1_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_1_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_1 * xd[((tok_0 * (256 / 32)) + b)])));
        corr_1_0 = (off_1 * xs[((tok_0 * (256 / 32)) + b)] + corr_1_0);
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_1_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_1_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_1 * xd[((tok_1 * (256 / 32)) + b)])));
        corr_1_1 = (off_1 * xs[((tok_1 * (256 / 32)) + b)] + corr_1_1);
        const float sc_2 = kf_f16_to_f32(w_up_scale[((((ex * 128) + n0) * (256 / 64)) + (b / 2))]);
        const float off_2 = kf_f16_to_f32(w_up_min[((((ex * 128) + n0) * (256 / 64)) + (b / 2))]);
        const uint8x16_t qs_2 = vld1q_u8(&w_up[((((ex * 128) + n0) * (256 / 2)) + (b * 16))]);
        const uint8x16_t w_2_0 = vandq_u8(qs_2, vdupq_n_u8(15));
        const uint8x16_t w_2_1 = vshrq_n_u8(qs_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_2_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_2_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_2 * xd[((tok_0 * (256 / 32)) + b)])));
        corr_2_0 = (off_2 * xs[((tok_0 * (256 / 32)) + b)] + corr_2_0);
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_2_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_2_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_2 * xd[((tok_1 * (256 / 32)) + b)])));
        corr_2_1 = (off_2 * xs[((tok_1 * (256 / 32)) + b)] + corr_2_1);
        const float sc_3 = kf_f16_to_f32(w_up_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (b / 2))]);
        const float off_3 = kf_f16_to_f32(w_up_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (b / 2))]);
        const uint8x16_t qs_3 = vld1q_u8(&w_up[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (b * 16))]);
        const uint8x16_t w_3_0 = vandq_u8(qs_3, vdupq_n_u8(15));
        const uint8x16_t w_3_1 = vshrq_n_u8(qs_3, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_3_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_3_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_3 * xd[((tok_0 * (256 / 32)) + b)])));
        corr_3_0 = (off_3 * xs[((tok_0 * (256 / 32)) + b)] + corr_3_0);
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_3_0), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_3_1), vld1q_s8((const int8_t*)(&xq[((tok_1 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_3 * xd[((tok_1 * (256 / 32)) + b)])));
        corr_3_1 = (off_3 * xs[((tok_1 * (256 / 32)) + b)] + corr_3_1);
      }
      const float g_0_0 = (vaddvq_f32(vaddq_f32(acc_0_0_0, acc_0_0_1)) + corr_0_0);
      hid[(((eoff + (m0 + 0)) * 128) + n0)] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * (vaddvq_f32(vaddq_f32(acc_2_0_0, acc_2_0_1)) + corr_2_0));
      const float g_0_1 = (vaddvq_f32(vaddq_f32(acc_0_1_0, acc_0_1_1)) + corr_0_1);
      hid[(((eoff + (m0 + 1)) * 128) + n0)] = ((g_0_1 / (1.0f + expf((0.0f - g_0_1)))) * (vaddvq_f32(vaddq_f32(acc_2_1_0, acc_2_1_1)) + corr_2_1));
      const float g_1_0 = (vaddvq_f32(vaddq_f32(acc_1_0_0, acc_1_0_1)) + corr_1_0);
      hid[(((eoff + (m0 + 0)) * 128) + (n0 + 64))] = ((g_1_0 / (1.0f + expf((0.0f - g_1_0)))) * (vaddvq_f32(vaddq_f32(acc_3_0_0, acc_3_0_1)) + corr_3_0));
      const float g_1_1 = (vaddvq_f32(vaddq_f32(acc_1_1_0, acc_1_1_1)) + corr_1_1);
      hid[(((eoff + (m0 + 1)) * 128) + (n0 + 64))] = ((g_1_1 / (1.0f + expf((0.0f - g_1_1)))) * (vaddvq_f32(vaddq_f32(acc_3_1_0, acc_3_1_1)) + corr_3_1));
    }
    for (int32_t m0 = (ecnt - (ecnt % 2)); m0 < ecnt; m0++) {
      const int32_t tok_0 = (perm[(eoff + (m0 + 0))] / 2);
      float32x4_t acc_0_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_0_0_1 = vdupq_n_f32(0.0f);
      float corr_0_0 = 0.0f;
      float32x4_t acc_1_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_1_0_1 = vdupq_n_f32(0.0f);
      float corr_1_0 = 0.0f;
      float32x4_t acc_2_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_2_0_1 = vdupq_n_f32(0.0f);
      float corr_2_0 = 0.0f;
      float32x4_t acc_3_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_3_0_1 = vdupq_n_f32(0.0f);
      float corr_3_0 = 0.0f;
      for (int32_t g = 0; g < ((256 / 32) / 4); g++) {
        const float32x4_t dw_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_gate_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 0) / 2))], w_gate_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 1) / 2))], w_gate_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 2) / 2))], w_gate_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_gate_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 0) / 2))], w_gate_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 1) / 2))], w_gate_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 2) / 2))], w_gate_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_0_0 = vmulq_f32(dw_0, vld1q_f32(&xd[((tok_0 * (256 / 32)) + (g * 4))]));
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, off_0, vld1q_f32(&xs[((tok_0 * (256 / 32)) + (g * 4))]));
        const uint8x16_t q_0_0 = vld1q_u8(&w_gate[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_0_0 = vandq_u8(q_0_0, vdupq_n_u8(15));
        const uint8x16_t hi_0_0 = vshrq_n_u8(q_0_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 0)));
        const uint8x16_t q_0_1 = vld1q_u8(&w_gate[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_0_1 = vandq_u8(q_0_1, vdupq_n_u8(15));
        const uint8x16_t hi_0_1 = vshrq_n_u8(q_0_1, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 1)));
        const uint8x16_t q_0_2 = vld1q_u8(&w_gate[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_0_2 = vandq_u8(q_0_2, vdupq_n_u8(15));
        const uint8x16_t hi_0_2 = vshrq_n_u8(q_0_2, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 2)));
        const uint8x16_t q_0_3 = vld1q_u8(&w_gate[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_0_3 = vandq_u8(q_0_3, vdupq_n_u8(15));
        const uint8x16_t hi_0_3 = vshrq_n_u8(q_0_3, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 3)));
        const float32x4_t dw_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_gate_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 0) / 2))], w_gate_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 1) / 2))], w_gate_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 2) / 2))], w_gate_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_gate_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 0) / 2))], w_gate_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 1) / 2))], w_gate_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 2) / 2))], w_gate_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_1_0 = vmulq_f32(dw_1, vld1q_f32(&xd[((tok_0 * (256 / 32)) + (g * 4))]));
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, off_1, vld1q_f32(&xs[((tok_0 * (256 / 32)) + (g * 4))]));
        const uint8x16_t q_1_0 = vld1q_u8(&w_gate[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_1_0 = vandq_u8(q_1_0, vdupq_n_u8(15));
        const uint8x16_t hi_1_0 = vshrq_n_u8(q_1_0, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_1_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 0)));
        const uint8x16_t q_1_1 = vld1q_u8(&w_gate[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_1_1 = vandq_u8(q_1_1, vdupq_n_u8(15));
        const uint8x16_t hi_1_1 = vshrq_n_u8(q_1_1, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_1_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 1)));
        const uint8x16_t q_1_2 = vld1q_u8(&w_gate[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_1_2 = vandq_u8(q_1_2, vdupq_n_u8(15));
        const uint8x16_t hi_1_2 = vshrq_n_u8(q_1_2, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_1_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 2)));
        const uint8x16_t q_1_3 = vld1q_u8(&w_gate[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_1_3 = vandq_u8(q_1_3, vdupq_n_u8(15));
        const uint8x16_t hi_1_3 = vshrq_n_u8(q_1_3, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_1_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 3)));
        const float32x4_t dw_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_up_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 0) / 2))], w_up_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 1) / 2))], w_up_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 2) / 2))], w_up_scale[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_up_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 0) / 2))], w_up_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 1) / 2))], w_up_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 2) / 2))], w_up_min[((((ex * 128) + n0) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_2_0 = vmulq_f32(dw_2, vld1q_f32(&xd[((tok_0 * (256 / 32)) + (g * 4))]));
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, off_2, vld1q_f32(&xs[((tok_0 * (256 / 32)) + (g * 4))]));
        const uint8x16_t q_2_0 = vld1q_u8(&w_up[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_2_0 = vandq_u8(q_2_0, vdupq_n_u8(15));
        const uint8x16_t hi_2_0 = vshrq_n_u8(q_2_0, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_2_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 0)));
        const uint8x16_t q_2_1 = vld1q_u8(&w_up[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_2_1 = vandq_u8(q_2_1, vdupq_n_u8(15));
        const uint8x16_t hi_2_1 = vshrq_n_u8(q_2_1, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_2_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 1)));
        const uint8x16_t q_2_2 = vld1q_u8(&w_up[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_2_2 = vandq_u8(q_2_2, vdupq_n_u8(15));
        const uint8x16_t hi_2_2 = vshrq_n_u8(q_2_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_2_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 2)));
        const uint8x16_t q_2_3 = vld1q_u8(&w_up[((((ex * 128) + n0) * (256 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_2_3 = vandq_u8(q_2_3, vdupq_n_u8(15));
        const uint8x16_t hi_2_3 = vshrq_n_u8(q_2_3, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_2_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 3)));
        const float32x4_t dw_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_up_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 0) / 2))], w_up_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 1) / 2))], w_up_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 2) / 2))], w_up_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_up_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 0) / 2))], w_up_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 1) / 2))], w_up_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 2) / 2))], w_up_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_3_0 = vmulq_f32(dw_3, vld1q_f32(&xd[((tok_0 * (256 / 32)) + (g * 4))]));
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, off_3, vld1q_f32(&xs[((tok_0 * (256 / 32)) + (g * 4))]));
        const uint8x16_t q_3_0 = vld1q_u8(&w_up[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_3_0 = vandq_u8(q_3_0, vdupq_n_u8(15));
        const uint8x16_t hi_3_0 = vshrq_n_u8(q_3_0, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_3_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 0)));
        const uint8x16_t q_3_1 = vld1q_u8(&w_up[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_3_1 = vandq_u8(q_3_1, vdupq_n_u8(15));
        const uint8x16_t hi_3_1 = vshrq_n_u8(q_3_1, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_3_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 1)));
        const uint8x16_t q_3_2 = vld1q_u8(&w_up[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_3_2 = vandq_u8(q_3_2, vdupq_n_u8(15));
        const uint8x16_t hi_3_2 = vshrq_n_u8(q_3_2, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_3_2), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 2)));
        const uint8x16_t q_3_3 = vld1q_u8(&w_up[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_3_3 = vandq_u8(q_3_3, vdupq_n_u8(15));
        const uint8x16_t hi_3_3 = vshrq_n_u8(q_3_3, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_3_3), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 3)));
      }
      for (int32_t b = (((256 / 32) / 4) * 4); b < (256 / 32); b++) {
        const float sc_0 = kf_f16_to_f32(w_gate_scale[((((ex * 128) + n0) * (256 / 64)) + (b / 2))]);
        const float off_0 = kf_f16_to_f32(w_gate_min[((((ex * 128) + n0) * (256 / 64)) + (b / 2))]);
        const uint8x16_t qs_0 = vld1q_u8(&w_gate[((((ex * 128) + n0) * (256 / 2)) + (b * 16))]);
        const uint8x16_t w_0_0 = vandq_u8(qs_0, vdupq_n_u8(15));
        const uint8x16_t w_0_1 = vshrq_n_u8(qs_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * xd[((tok_0 * (256 / 32)) + b)])));
        corr_0_0 = (off_0 * xs[((tok_0 * (256 / 32)) + b)] + corr_0_0);
        const float sc_1 = kf_f16_to_f32(w_gate_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (b / 2))]);
        const float off_1 = kf_f16_to_f32(w_gate_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (b / 2))]);
        const uint8x16_t qs_1 = vld1q_u8(&w_gate[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (b * 16))]);
        const uint8x16_t w_1_0 = vandq_u8(qs_1, vdupq_n_u8(15));
        const uint8x16_t w_1_1 = vshrq_n_u8(qs_1, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_1_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_1_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_1 * xd[((tok_0 * (256 / 32)) + b)])));
        corr_1_0 = (off_1 * xs[((tok_0 * (256 / 32)) + b)] + corr_1_0);
        const float sc_2 = kf_f16_to_f32(w_up_scale[((((ex * 128) + n0) * (256 / 64)) + (b / 2))]);
        const float off_2 = kf_f16_to_f32(w_up_min[((((ex * 128) + n0) * (256 / 64)) + (b / 2))]);
        const uint8x16_t qs_2 = vld1q_u8(&w_up[((((ex * 128) + n0) * (256 / 2)) + (b * 16))]);
        const uint8x16_t w_2_0 = vandq_u8(qs_2, vdupq_n_u8(15));
        const uint8x16_t w_2_1 = vshrq_n_u8(qs_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_2_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_2_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_2 * xd[((tok_0 * (256 / 32)) + b)])));
        corr_2_0 = (off_2 * xs[((tok_0 * (256 / 32)) + b)] + corr_2_0);
        const float sc_3 = kf_f16_to_f32(w_up_scale[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (b / 2))]);
        const float off_3 = kf_f16_to_f32(w_up_min[((((ex * 128) + (n0 + 64)) * (256 / 64)) + (b / 2))]);
        const uint8x16_t qs_3 = vld1q_u8(&w_up[((((ex * 128) + (n0 + 64)) * (256 / 2)) + (b * 16))]);
        const uint8x16_t w_3_0 = vandq_u8(qs_3, vdupq_n_u8(15));
        const uint8x16_t w_3_1 = vshrq_n_u8(qs_3, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_3_0), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_3_1), vld1q_s8((const int8_t*)(&xq[((tok_0 * 256) + ((b * 32) + 16))])))), vdupq_n_f32((sc_3 * xd[((tok_0 * (256 / 32)) + b)])));
        corr_3_0 = (off_3 * xs[((tok_0 * (256 / 32)) + b)] + corr_3_0);
      }
      const float g_0_0 = (vaddvq_f32(vaddq_f32(acc_0_0_0, acc_0_0_1)) + corr_0_0);
      hid[(((eoff + (m0 + 0)) * 128) + n0)] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * (vaddvq_f32(vaddq_f32(acc_2_0_0, acc_2_0_1)) + corr_2_0));
      const float g_1_0 = (vaddvq_f32(vaddq_f32(acc_1_0_0, acc_1_0_1)) + corr_1_0);
      hid[(((eoff + (m0 + 0)) * 128) + (n0 + 64))] = ((g_1_0 / (1.0f + expf((0.0f - g_1_0)))) * (vaddvq_f32(vaddq_f32(acc_3_0_0, acc_3_0_1)) + corr_3_0));
    }
  }
  for (int32_t m = 0; m < npairs; m++) {
    for (int32_t b = 0; b < (128 / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (fabsf(hid[((m * 128) + ((b * 32) + j))])) ? (amax) : (fabsf(hid[((m * 128) + ((b * 32) + j))])));
      }
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      int32_t isum = 0;
      for (int32_t j = 0; j < 32; j++) {
        const float s = (hid[((m * 128) + ((b * 32) + j))] * id);
        const int32_t qv = ((int32_t)(s + ((s >= 0.0f) ? 0.5f : (-0.5f))));
        hq[((m * 128) + ((((b * 32) + j) - (((b * 32) + j) % 32)) + (((((b * 32) + j) % 32) / 2) + (((((b * 32) + j) % 32) % 2) * 16))))] = ((int8_t)qv);
        isum = (isum + qv);
      }
      hd[((m * (128 / 32)) + b)] = d;
      hs[((m * (128 / 32)) + b)] = (d * ((float)isum));
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t wi = 0; wi < (nact * 64); wi++) {
    const int32_t ex = grp[(18 + (wi / 64))];
    const int32_t ecnt = grp[(0 + ex)];
    const int32_t eoff = grp[(6 + ex)];
    const int32_t n0 = (wi % 64);
    for (int32_t m0 = 0; m0 < (ecnt - (ecnt % 2)); m0 += 2) {
      const float wt_0 = rwt[perm[(eoff + (m0 + 0))]];
      const float wt_1 = rwt[perm[(eoff + (m0 + 1))]];
      float32x4_t acc_0_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_0_0_1 = vdupq_n_f32(0.0f);
      float corr_0_0 = 0.0f;
      float32x4_t acc_0_1_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_0_1_1 = vdupq_n_f32(0.0f);
      float corr_0_1 = 0.0f;
      float32x4_t acc_1_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_1_0_1 = vdupq_n_f32(0.0f);
      float corr_1_0 = 0.0f;
      float32x4_t acc_1_1_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_1_1_1 = vdupq_n_f32(0.0f);
      float corr_1_1 = 0.0f;
      float32x4_t acc_2_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_2_0_1 = vdupq_n_f32(0.0f);
      float corr_2_0 = 0.0f;
      float32x4_t acc_2_1_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_2_1_1 = vdupq_n_f32(0.0f);
      float corr_2_1 = 0.0f;
      float32x4_t acc_3_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_3_0_1 = vdupq_n_f32(0.0f);
      float corr_3_0 = 0.0f;
      float32x4_t acc_3_1_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_3_1_1 = vdupq_n_f32(0.0f);
      float corr_3_1 = 0.0f;
      for (int32_t g = 0; g < ((128 / 32) / 4); g++) {
        const float32x4_t dw_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_scale[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_scale[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_scale[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_scale[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_min[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_min[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_min[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_min[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_0_0 = vmulq_f32(dw_0, vld1q_f32(&hd[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, off_0, vld1q_f32(&hs[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        const float32x4_t s_0_1 = vmulq_f32(dw_0, vld1q_f32(&hd[(((eoff + (m0 + 1)) * (128 / 32)) + (g * 4))]));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, off_0, vld1q_f32(&hs[(((eoff + (m0 + 1)) * (128 / 32)) + (g * 4))]));
        const uint8x16_t q_0_0 = vld1q_u8(&w_down[((((ex * 256) + n0) * (128 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_0_0 = vandq_u8(q_0_0, vdupq_n_u8(15));
        const uint8x16_t hi_0_0 = vshrq_n_u8(q_0_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 0)));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 0)));
        const uint8x16_t q_0_1 = vld1q_u8(&w_down[((((ex * 256) + n0) * (128 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_0_1 = vandq_u8(q_0_1, vdupq_n_u8(15));
        const uint8x16_t hi_0_1 = vshrq_n_u8(q_0_1, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 1)));
        acc_0_1_1 = vfmaq_f32(acc_0_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 1)));
        const uint8x16_t q_0_2 = vld1q_u8(&w_down[((((ex * 256) + n0) * (128 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_0_2 = vandq_u8(q_0_2, vdupq_n_u8(15));
        const uint8x16_t hi_0_2 = vshrq_n_u8(q_0_2, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 2)));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 2)));
        const uint8x16_t q_0_3 = vld1q_u8(&w_down[((((ex * 256) + n0) * (128 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_0_3 = vandq_u8(q_0_3, vdupq_n_u8(15));
        const uint8x16_t hi_0_3 = vshrq_n_u8(q_0_3, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 3)));
        acc_0_1_1 = vfmaq_f32(acc_0_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 3)));
        const float32x4_t dw_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_scale[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_scale[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_scale[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_scale[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_min[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_min[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_min[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_min[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_1_0 = vmulq_f32(dw_1, vld1q_f32(&hd[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, off_1, vld1q_f32(&hs[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        const float32x4_t s_1_1 = vmulq_f32(dw_1, vld1q_f32(&hd[(((eoff + (m0 + 1)) * (128 / 32)) + (g * 4))]));
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, off_1, vld1q_f32(&hs[(((eoff + (m0 + 1)) * (128 / 32)) + (g * 4))]));
        const uint8x16_t q_1_0 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 64)) * (128 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_1_0 = vandq_u8(q_1_0, vdupq_n_u8(15));
        const uint8x16_t hi_1_0 = vshrq_n_u8(q_1_0, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_1_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 0)));
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_1_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 0)));
        const uint8x16_t q_1_1 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 64)) * (128 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_1_1 = vandq_u8(q_1_1, vdupq_n_u8(15));
        const uint8x16_t hi_1_1 = vshrq_n_u8(q_1_1, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_1_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 1)));
        acc_1_1_1 = vfmaq_f32(acc_1_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_1_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 1)));
        const uint8x16_t q_1_2 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 64)) * (128 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_1_2 = vandq_u8(q_1_2, vdupq_n_u8(15));
        const uint8x16_t hi_1_2 = vshrq_n_u8(q_1_2, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_1_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 2)));
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_1_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 2)));
        const uint8x16_t q_1_3 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 64)) * (128 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_1_3 = vandq_u8(q_1_3, vdupq_n_u8(15));
        const uint8x16_t hi_1_3 = vshrq_n_u8(q_1_3, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_1_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 3)));
        acc_1_1_1 = vfmaq_f32(acc_1_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_1_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 3)));
        const float32x4_t dw_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_scale[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_scale[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_scale[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_scale[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_min[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_min[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_min[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_min[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_2_0 = vmulq_f32(dw_2, vld1q_f32(&hd[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, off_2, vld1q_f32(&hs[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        const float32x4_t s_2_1 = vmulq_f32(dw_2, vld1q_f32(&hd[(((eoff + (m0 + 1)) * (128 / 32)) + (g * 4))]));
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, off_2, vld1q_f32(&hs[(((eoff + (m0 + 1)) * (128 / 32)) + (g * 4))]));
        const uint8x16_t q_2_0 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 128)) * (128 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_2_0 = vandq_u8(q_2_0, vdupq_n_u8(15));
        const uint8x16_t hi_2_0 = vshrq_n_u8(q_2_0, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_2_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 0)));
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_2_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 0)));
        const uint8x16_t q_2_1 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 128)) * (128 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_2_1 = vandq_u8(q_2_1, vdupq_n_u8(15));
        const uint8x16_t hi_2_1 = vshrq_n_u8(q_2_1, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_2_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 1)));
        acc_2_1_1 = vfmaq_f32(acc_2_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_2_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 1)));
        const uint8x16_t q_2_2 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 128)) * (128 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_2_2 = vandq_u8(q_2_2, vdupq_n_u8(15));
        const uint8x16_t hi_2_2 = vshrq_n_u8(q_2_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_2_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 2)));
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_2_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 2)));
        const uint8x16_t q_2_3 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 128)) * (128 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_2_3 = vandq_u8(q_2_3, vdupq_n_u8(15));
        const uint8x16_t hi_2_3 = vshrq_n_u8(q_2_3, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_2_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 3)));
        acc_2_1_1 = vfmaq_f32(acc_2_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_2_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 3)));
        const float32x4_t dw_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_scale[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_scale[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_scale[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_scale[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_min[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_min[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_min[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_min[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_3_0 = vmulq_f32(dw_3, vld1q_f32(&hd[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, off_3, vld1q_f32(&hs[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        const float32x4_t s_3_1 = vmulq_f32(dw_3, vld1q_f32(&hd[(((eoff + (m0 + 1)) * (128 / 32)) + (g * 4))]));
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, off_3, vld1q_f32(&hs[(((eoff + (m0 + 1)) * (128 / 32)) + (g * 4))]));
        const uint8x16_t q_3_0 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 192)) * (128 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_3_0 = vandq_u8(q_3_0, vdupq_n_u8(15));
        const uint8x16_t hi_3_0 = vshrq_n_u8(q_3_0, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_3_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 0)));
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_3_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 0)));
        const uint8x16_t q_3_1 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 192)) * (128 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_3_1 = vandq_u8(q_3_1, vdupq_n_u8(15));
        const uint8x16_t hi_3_1 = vshrq_n_u8(q_3_1, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_3_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 1)));
        acc_3_1_1 = vfmaq_f32(acc_3_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_3_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 1)));
        const uint8x16_t q_3_2 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 192)) * (128 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_3_2 = vandq_u8(q_3_2, vdupq_n_u8(15));
        const uint8x16_t hi_3_2 = vshrq_n_u8(q_3_2, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_3_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 2)));
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_3_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 2)));
        const uint8x16_t q_3_3 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 192)) * (128 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_3_3 = vandq_u8(q_3_3, vdupq_n_u8(15));
        const uint8x16_t hi_3_3 = vshrq_n_u8(q_3_3, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_3_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 3)));
        acc_3_1_1 = vfmaq_f32(acc_3_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_3_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 3)));
      }
      for (int32_t b = (((128 / 32) / 4) * 4); b < (128 / 32); b++) {
        const float sc_0 = kf_f16_to_f32(w_down_scale[((((ex * 256) + n0) * (128 / 64)) + (b / 2))]);
        const float off_0 = kf_f16_to_f32(w_down_min[((((ex * 256) + n0) * (128 / 64)) + (b / 2))]);
        const uint8x16_t qs_0 = vld1q_u8(&w_down[((((ex * 256) + n0) * (128 / 2)) + (b * 16))]);
        const uint8x16_t w_0_0 = vandq_u8(qs_0, vdupq_n_u8(15));
        const uint8x16_t w_0_1 = vshrq_n_u8(qs_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * hd[(((eoff + (m0 + 0)) * (128 / 32)) + b)])));
        corr_0_0 = (off_0 * hs[(((eoff + (m0 + 0)) * (128 / 32)) + b)] + corr_0_0);
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * hd[(((eoff + (m0 + 1)) * (128 / 32)) + b)])));
        corr_0_1 = (off_0 * hs[(((eoff + (m0 + 1)) * (128 / 32)) + b)] + corr_0_1);
        const float sc_1 = kf_f16_to_f32(w_down_scale[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (b / 2))]);
        const float off_1 = kf_f16_to_f32(w_down_min[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (b / 2))]);
        const uint8x16_t qs_1 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 64)) * (128 / 2)) + (b * 16))]);
        const uint8x16_t w_1_0 = vandq_u8(qs_1, vdupq_n_u8(15));
        const uint8x16_t w_1_1 = vshrq_n_u8(qs_1, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_1_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_1_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_1 * hd[(((eoff + (m0 + 0)) * (128 / 32)) + b)])));
        corr_1_0 = (off_1 * hs[(((eoff + (m0 + 0)) * (128 / 32)) + b)] + corr_1_0);
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_1_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_1_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_1 * hd[(((eoff + (m0 + 1)) * (128 / 32)) + b)])));
        corr_1_1 = (off_1 * hs[(((eoff + (m0 + 1)) * (128 / 32)) + b)] + corr_1_1);
        const float sc_2 = kf_f16_to_f32(w_down_scale[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (b / 2))]);
        const float off_2 = kf_f16_to_f32(w_down_min[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (b / 2))]);
        const uint8x16_t qs_2 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 128)) * (128 / 2)) + (b * 16))]);
        const uint8x16_t w_2_0 = vandq_u8(qs_2, vdupq_n_u8(15));
        const uint8x16_t w_2_1 = vshrq_n_u8(qs_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_2_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_2_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_2 * hd[(((eoff + (m0 + 0)) * (128 / 32)) + b)])));
        corr_2_0 = (off_2 * hs[(((eoff + (m0 + 0)) * (128 / 32)) + b)] + corr_2_0);
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_2_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_2_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_2 * hd[(((eoff + (m0 + 1)) * (128 / 32)) + b)])));
        corr_2_1 = (off_2 * hs[(((eoff + (m0 + 1)) * (128 / 32)) + b)] + corr_2_1);
        const float sc_3 = kf_f16_to_f32(w_down_scale[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (b / 2))]);
        const float off_3 = kf_f16_to_f32(w_down_min[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (b / 2))]);
        const uint8x16_t qs_3 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 192)) * (128 / 2)) + (b * 16))]);
        const uint8x16_t w_3_0 = vandq_u8(qs_3, vdupq_n_u8(15));
        const uint8x16_t w_3_1 = vshrq_n_u8(qs_3, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_3_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_3_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_3 * hd[(((eoff + (m0 + 0)) * (128 / 32)) + b)])));
        corr_3_0 = (off_3 * hs[(((eoff + (m0 + 0)) * (128 / 32)) + b)] + corr_3_0);
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_3_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_3_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 1)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_3 * hd[(((eoff + (m0 + 1)) * (128 / 32)) + b)])));
        corr_3_1 = (off_3 * hs[(((eoff + (m0 + 1)) * (128 / 32)) + b)] + corr_3_1);
      }
      part[(((eoff + (m0 + 0)) * 256) + n0)] = (wt_0 * (vaddvq_f32(vaddq_f32(acc_0_0_0, acc_0_0_1)) + corr_0_0));
      part[(((eoff + (m0 + 1)) * 256) + n0)] = (wt_1 * (vaddvq_f32(vaddq_f32(acc_0_1_0, acc_0_1_1)) + corr_0_1));
      part[(((eoff + (m0 + 0)) * 256) + (n0 + 64))] = (wt_0 * (vaddvq_f32(vaddq_f32(acc_1_0_0, acc_1_0_1)) + corr_1_0));
      part[(((eoff + (m0 + 1)) * 256) + (n0 + 64))] = (wt_1 * (vaddvq_f32(vaddq_f32(acc_1_1_0, acc_1_1_1)) + corr_1_1));
      part[(((eoff + (m0 + 0)) * 256) + (n0 + 128))] = (wt_0 * (vaddvq_f32(vaddq_f32(acc_2_0_0, acc_2_0_1)) + corr_2_0));
      part[(((eoff + (m0 + 1)) * 256) + (n0 + 128))] = (wt_1 * (vaddvq_f32(vaddq_f32(acc_2_1_0, acc_2_1_1)) + corr_2_1));
      part[(((eoff + (m0 + 0)) * 256) + (n0 + 192))] = (wt_0 * (vaddvq_f32(vaddq_f32(acc_3_0_0, acc_3_0_1)) + corr_3_0));
      part[(((eoff + (m0 + 1)) * 256) + (n0 + 192))] = (wt_1 * (vaddvq_f32(vaddq_f32(acc_3_1_0, acc_3_1_1)) + corr_3_1));
    }
    for (int32_t m0 = (ecnt - (ecnt % 2)); m0 < ecnt; m0++) {
      const float wt_0 = rwt[perm[(eoff + (m0 + 0))]];
      float32x4_t acc_0_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_0_0_1 = vdupq_n_f32(0.0f);
      float corr_0_0 = 0.0f;
      float32x4_t acc_1_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_1_0_1 = vdupq_n_f32(0.0f);
      float corr_1_0 = 0.0f;
      float32x4_t acc_2_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_2_0_1 = vdupq_n_f32(0.0f);
      float corr_2_0 = 0.0f;
      float32x4_t acc_3_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_3_0_1 = vdupq_n_f32(0.0f);
      float corr_3_0 = 0.0f;
      for (int32_t g = 0; g < ((128 / 32) / 4); g++) {
        const float32x4_t dw_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_scale[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_scale[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_scale[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_scale[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_min[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_min[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_min[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_min[((((ex * 256) + n0) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_0_0 = vmulq_f32(dw_0, vld1q_f32(&hd[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, off_0, vld1q_f32(&hs[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        const uint8x16_t q_0_0 = vld1q_u8(&w_down[((((ex * 256) + n0) * (128 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_0_0 = vandq_u8(q_0_0, vdupq_n_u8(15));
        const uint8x16_t hi_0_0 = vshrq_n_u8(q_0_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 0)));
        const uint8x16_t q_0_1 = vld1q_u8(&w_down[((((ex * 256) + n0) * (128 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_0_1 = vandq_u8(q_0_1, vdupq_n_u8(15));
        const uint8x16_t hi_0_1 = vshrq_n_u8(q_0_1, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 1)));
        const uint8x16_t q_0_2 = vld1q_u8(&w_down[((((ex * 256) + n0) * (128 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_0_2 = vandq_u8(q_0_2, vdupq_n_u8(15));
        const uint8x16_t hi_0_2 = vshrq_n_u8(q_0_2, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 2)));
        const uint8x16_t q_0_3 = vld1q_u8(&w_down[((((ex * 256) + n0) * (128 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_0_3 = vandq_u8(q_0_3, vdupq_n_u8(15));
        const uint8x16_t hi_0_3 = vshrq_n_u8(q_0_3, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 3)));
        const float32x4_t dw_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_scale[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_scale[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_scale[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_scale[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_min[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_min[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_min[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_min[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_1_0 = vmulq_f32(dw_1, vld1q_f32(&hd[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, off_1, vld1q_f32(&hs[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        const uint8x16_t q_1_0 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 64)) * (128 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_1_0 = vandq_u8(q_1_0, vdupq_n_u8(15));
        const uint8x16_t hi_1_0 = vshrq_n_u8(q_1_0, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_1_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 0)));
        const uint8x16_t q_1_1 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 64)) * (128 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_1_1 = vandq_u8(q_1_1, vdupq_n_u8(15));
        const uint8x16_t hi_1_1 = vshrq_n_u8(q_1_1, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_1_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 1)));
        const uint8x16_t q_1_2 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 64)) * (128 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_1_2 = vandq_u8(q_1_2, vdupq_n_u8(15));
        const uint8x16_t hi_1_2 = vshrq_n_u8(q_1_2, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_1_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 2)));
        const uint8x16_t q_1_3 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 64)) * (128 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_1_3 = vandq_u8(q_1_3, vdupq_n_u8(15));
        const uint8x16_t hi_1_3 = vshrq_n_u8(q_1_3, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_1_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 3)));
        const float32x4_t dw_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_scale[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_scale[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_scale[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_scale[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_min[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_min[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_min[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_min[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_2_0 = vmulq_f32(dw_2, vld1q_f32(&hd[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, off_2, vld1q_f32(&hs[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        const uint8x16_t q_2_0 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 128)) * (128 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_2_0 = vandq_u8(q_2_0, vdupq_n_u8(15));
        const uint8x16_t hi_2_0 = vshrq_n_u8(q_2_0, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_2_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 0)));
        const uint8x16_t q_2_1 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 128)) * (128 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_2_1 = vandq_u8(q_2_1, vdupq_n_u8(15));
        const uint8x16_t hi_2_1 = vshrq_n_u8(q_2_1, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_2_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 1)));
        const uint8x16_t q_2_2 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 128)) * (128 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_2_2 = vandq_u8(q_2_2, vdupq_n_u8(15));
        const uint8x16_t hi_2_2 = vshrq_n_u8(q_2_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_2_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 2)));
        const uint8x16_t q_2_3 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 128)) * (128 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_2_3 = vandq_u8(q_2_3, vdupq_n_u8(15));
        const uint8x16_t hi_2_3 = vshrq_n_u8(q_2_3, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_2_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 3)));
        const float32x4_t dw_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_scale[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_scale[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_scale[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_scale[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t off_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(w_down_min[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 0) / 2))], w_down_min[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 1) / 2))], w_down_min[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 2) / 2))], w_down_min[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (((g * 4) + 3) / 2))])));
        const float32x4_t s_3_0 = vmulq_f32(dw_3, vld1q_f32(&hd[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, off_3, vld1q_f32(&hs[(((eoff + (m0 + 0)) * (128 / 32)) + (g * 4))]));
        const uint8x16_t q_3_0 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 192)) * (128 / 2)) + (((g * 4) + 0) * 16))]);
        const uint8x16_t lo_3_0 = vandq_u8(q_3_0, vdupq_n_u8(15));
        const uint8x16_t hi_3_0 = vshrq_n_u8(q_3_0, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_3_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 0)));
        const uint8x16_t q_3_1 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 192)) * (128 / 2)) + (((g * 4) + 1) * 16))]);
        const uint8x16_t lo_3_1 = vandq_u8(q_3_1, vdupq_n_u8(15));
        const uint8x16_t hi_3_1 = vshrq_n_u8(q_3_1, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_3_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 1)));
        const uint8x16_t q_3_2 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 192)) * (128 / 2)) + (((g * 4) + 2) * 16))]);
        const uint8x16_t lo_3_2 = vandq_u8(q_3_2, vdupq_n_u8(15));
        const uint8x16_t hi_3_2 = vshrq_n_u8(q_3_2, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_3_2), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 2)));
        const uint8x16_t q_3_3 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 192)) * (128 / 2)) + (((g * 4) + 3) * 16))]);
        const uint8x16_t lo_3_3 = vandq_u8(q_3_3, vdupq_n_u8(15));
        const uint8x16_t hi_3_3 = vshrq_n_u8(q_3_3, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_3_3), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 3)));
      }
      for (int32_t b = (((128 / 32) / 4) * 4); b < (128 / 32); b++) {
        const float sc_0 = kf_f16_to_f32(w_down_scale[((((ex * 256) + n0) * (128 / 64)) + (b / 2))]);
        const float off_0 = kf_f16_to_f32(w_down_min[((((ex * 256) + n0) * (128 / 64)) + (b / 2))]);
        const uint8x16_t qs_0 = vld1q_u8(&w_down[((((ex * 256) + n0) * (128 / 2)) + (b * 16))]);
        const uint8x16_t w_0_0 = vandq_u8(qs_0, vdupq_n_u8(15));
        const uint8x16_t w_0_1 = vshrq_n_u8(qs_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * hd[(((eoff + (m0 + 0)) * (128 / 32)) + b)])));
        corr_0_0 = (off_0 * hs[(((eoff + (m0 + 0)) * (128 / 32)) + b)] + corr_0_0);
        const float sc_1 = kf_f16_to_f32(w_down_scale[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (b / 2))]);
        const float off_1 = kf_f16_to_f32(w_down_min[((((ex * 256) + (n0 + 64)) * (128 / 64)) + (b / 2))]);
        const uint8x16_t qs_1 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 64)) * (128 / 2)) + (b * 16))]);
        const uint8x16_t w_1_0 = vandq_u8(qs_1, vdupq_n_u8(15));
        const uint8x16_t w_1_1 = vshrq_n_u8(qs_1, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_1_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_1_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_1 * hd[(((eoff + (m0 + 0)) * (128 / 32)) + b)])));
        corr_1_0 = (off_1 * hs[(((eoff + (m0 + 0)) * (128 / 32)) + b)] + corr_1_0);
        const float sc_2 = kf_f16_to_f32(w_down_scale[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (b / 2))]);
        const float off_2 = kf_f16_to_f32(w_down_min[((((ex * 256) + (n0 + 128)) * (128 / 64)) + (b / 2))]);
        const uint8x16_t qs_2 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 128)) * (128 / 2)) + (b * 16))]);
        const uint8x16_t w_2_0 = vandq_u8(qs_2, vdupq_n_u8(15));
        const uint8x16_t w_2_1 = vshrq_n_u8(qs_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_2_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_2_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_2 * hd[(((eoff + (m0 + 0)) * (128 / 32)) + b)])));
        corr_2_0 = (off_2 * hs[(((eoff + (m0 + 0)) * (128 / 32)) + b)] + corr_2_0);
        const float sc_3 = kf_f16_to_f32(w_down_scale[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (b / 2))]);
        const float off_3 = kf_f16_to_f32(w_down_min[((((ex * 256) + (n0 + 192)) * (128 / 64)) + (b / 2))]);
        const uint8x16_t qs_3 = vld1q_u8(&w_down[((((ex * 256) + (n0 + 192)) * (128 / 2)) + (b * 16))]);
        const uint8x16_t w_3_0 = vandq_u8(qs_3, vdupq_n_u8(15));
        const uint8x16_t w_3_1 = vshrq_n_u8(qs_3, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_3_0), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_3_1), vld1q_s8((const int8_t*)(&hq[(((eoff + (m0 + 0)) * 128) + ((b * 32) + 16))])))), vdupq_n_f32((sc_3 * hd[(((eoff + (m0 + 0)) * (128 / 32)) + b)])));
        corr_3_0 = (off_3 * hs[(((eoff + (m0 + 0)) * (128 / 32)) + b)] + corr_3_0);
      }
      part[(((eoff + (m0 + 0)) * 256) + n0)] = (wt_0 * (vaddvq_f32(vaddq_f32(acc_0_0_0, acc_0_0_1)) + corr_0_0));
      part[(((eoff + (m0 + 0)) * 256) + (n0 + 64))] = (wt_0 * (vaddvq_f32(vaddq_f32(acc_1_0_0, acc_1_0_1)) + corr_1_0));
      part[(((eoff + (m0 + 0)) * 256) + (n0 + 128))] = (wt_0 * (vaddvq_f32(vaddq_f32(acc_2_0_0, acc_2_0_1)) + corr_2_0));
      part[(((eoff + (m0 + 0)) * 256) + (n0 + 192))] = (wt_0 * (vaddvq_f32(vaddq_f32(acc_3_0_0, acc_3_0_1)) + corr_3_0));
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t t = 0; t < T; t++) {
    const int32_t p_0 = pos[((t * 2) + 0)];
    const int32_t p_1 = pos[((t * 2) + 1)];
    for (int32_t h = 0; h < 256; h++) {
      y[((t * 256) + h)] = ((0.0f + ((p_0 >= 0) ? part[((((p_0) > (0) ? (p_0) : (0)) * 256) + h)] : 0.0f)) + ((p_1 >= 0) ? part[((((p_1) > (0) ? (p_1) : (0)) * 256) + h)] : 0.0f));
    }
  }
}
