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

void gemv_q4_1_f16_bias_neon_int8(const uint16_t* restrict x, const uint8_t* restrict W, const float* restrict bias, float* restrict y, int8_t* restrict xq, float* restrict xd, float* restrict xs, int32_t M, int32_t N, int32_t K) {
  for (int32_t m = 0; m < M; m++) {
    for (int32_t b = 0; b < (K / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (fabsf(kf_f16_to_f32(x[((m * K) + ((b * 32) + j))]))) ? (amax) : (fabsf(kf_f16_to_f32(x[((m * K) + ((b * 32) + j))]))));
      }
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      int32_t isum = 0;
      for (int32_t j = 0; j < 32; j++) {
        const float s = (kf_f16_to_f32(x[((m * K) + ((b * 32) + j))]) * id);
        const int32_t qv = ((int32_t)(s + ((s >= 0.0f) ? 0.5f : (-0.5f))));
        xq[((m * K) + ((b * 32) + j))] = ((int8_t)qv);
        isum = (isum + qv);
      }
      xd[((m * (K / 32)) + b)] = d;
      xs[((m * (K / 32)) + b)] = (d * ((float)isum));
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t rb = 0; rb < (N / 4); rb++) {
    const int32_t n0 = (rb * 4);
    for (int32_t m0 = 0; m0 < (M - (M % 2)); m0 += 2) {
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
      for (int32_t g = 0; g < ((K / 32) / 4); g++) {
        const float32x4_t dw_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 0)]))));
        const float32x4_t off_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 2)]))));
        const float32x4_t s_0_0 = vmulq_f32(dw_0, vld1q_f32(&xd[(((m0 + 0) * (K / 32)) + (g * 4))]));
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, off_0, vld1q_f32(&xs[(((m0 + 0) * (K / 32)) + (g * 4))]));
        const float32x4_t s_0_1 = vmulq_f32(dw_0, vld1q_f32(&xd[(((m0 + 1) * (K / 32)) + (g * 4))]));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, off_0, vld1q_f32(&xs[(((m0 + 1) * (K / 32)) + (g * 4))]));
        const uint8x16_t q_0_0 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 4)]);
        const uint8x16_t lo_0_0 = vandq_u8(q_0_0, vdupq_n_u8(15));
        const uint8x16_t hi_0_0 = vshrq_n_u8(q_0_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 0)));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 0)));
        const uint8x16_t q_0_1 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 4)]);
        const uint8x16_t lo_0_1 = vandq_u8(q_0_1, vdupq_n_u8(15));
        const uint8x16_t hi_0_1 = vshrq_n_u8(q_0_1, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 1)));
        acc_0_1_1 = vfmaq_f32(acc_0_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 1)));
        const uint8x16_t q_0_2 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 4)]);
        const uint8x16_t lo_0_2 = vandq_u8(q_0_2, vdupq_n_u8(15));
        const uint8x16_t hi_0_2 = vshrq_n_u8(q_0_2, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 2)));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 2)));
        const uint8x16_t q_0_3 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 4)]);
        const uint8x16_t lo_0_3 = vandq_u8(q_0_3, vdupq_n_u8(15));
        const uint8x16_t hi_0_3 = vshrq_n_u8(q_0_3, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 3)));
        acc_0_1_1 = vfmaq_f32(acc_0_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 3)));
        const float32x4_t dw_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 0)]))));
        const float32x4_t off_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 2)]))));
        const float32x4_t s_1_0 = vmulq_f32(dw_1, vld1q_f32(&xd[(((m0 + 0) * (K / 32)) + (g * 4))]));
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, off_1, vld1q_f32(&xs[(((m0 + 0) * (K / 32)) + (g * 4))]));
        const float32x4_t s_1_1 = vmulq_f32(dw_1, vld1q_f32(&xd[(((m0 + 1) * (K / 32)) + (g * 4))]));
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, off_1, vld1q_f32(&xs[(((m0 + 1) * (K / 32)) + (g * 4))]));
        const uint8x16_t q_1_0 = vld1q_u8(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 4)]);
        const uint8x16_t lo_1_0 = vandq_u8(q_1_0, vdupq_n_u8(15));
        const uint8x16_t hi_1_0 = vshrq_n_u8(q_1_0, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_1_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 0)));
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_1_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 0)));
        const uint8x16_t q_1_1 = vld1q_u8(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 4)]);
        const uint8x16_t lo_1_1 = vandq_u8(q_1_1, vdupq_n_u8(15));
        const uint8x16_t hi_1_1 = vshrq_n_u8(q_1_1, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_1_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 1)));
        acc_1_1_1 = vfmaq_f32(acc_1_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_1_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 1)));
        const uint8x16_t q_1_2 = vld1q_u8(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 4)]);
        const uint8x16_t lo_1_2 = vandq_u8(q_1_2, vdupq_n_u8(15));
        const uint8x16_t hi_1_2 = vshrq_n_u8(q_1_2, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_1_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 2)));
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_1_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 2)));
        const uint8x16_t q_1_3 = vld1q_u8(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 4)]);
        const uint8x16_t lo_1_3 = vandq_u8(q_1_3, vdupq_n_u8(15));
        const uint8x16_t hi_1_3 = vshrq_n_u8(q_1_3, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_1_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 3)));
        acc_1_1_1 = vfmaq_f32(acc_1_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_1_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_1_1, 3)));
        const float32x4_t dw_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 0)]))));
        const float32x4_t off_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 2)]))));
        const float32x4_t s_2_0 = vmulq_f32(dw_2, vld1q_f32(&xd[(((m0 + 0) * (K / 32)) + (g * 4))]));
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, off_2, vld1q_f32(&xs[(((m0 + 0) * (K / 32)) + (g * 4))]));
        const float32x4_t s_2_1 = vmulq_f32(dw_2, vld1q_f32(&xd[(((m0 + 1) * (K / 32)) + (g * 4))]));
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, off_2, vld1q_f32(&xs[(((m0 + 1) * (K / 32)) + (g * 4))]));
        const uint8x16_t q_2_0 = vld1q_u8(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 4)]);
        const uint8x16_t lo_2_0 = vandq_u8(q_2_0, vdupq_n_u8(15));
        const uint8x16_t hi_2_0 = vshrq_n_u8(q_2_0, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_2_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 0)));
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_2_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 0)));
        const uint8x16_t q_2_1 = vld1q_u8(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 4)]);
        const uint8x16_t lo_2_1 = vandq_u8(q_2_1, vdupq_n_u8(15));
        const uint8x16_t hi_2_1 = vshrq_n_u8(q_2_1, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_2_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 1)));
        acc_2_1_1 = vfmaq_f32(acc_2_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_2_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 1)));
        const uint8x16_t q_2_2 = vld1q_u8(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 4)]);
        const uint8x16_t lo_2_2 = vandq_u8(q_2_2, vdupq_n_u8(15));
        const uint8x16_t hi_2_2 = vshrq_n_u8(q_2_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_2_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 2)));
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_2_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 2)));
        const uint8x16_t q_2_3 = vld1q_u8(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 4)]);
        const uint8x16_t lo_2_3 = vandq_u8(q_2_3, vdupq_n_u8(15));
        const uint8x16_t hi_2_3 = vshrq_n_u8(q_2_3, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_2_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 3)));
        acc_2_1_1 = vfmaq_f32(acc_2_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_2_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_2_1, 3)));
        const float32x4_t dw_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 0)]))));
        const float32x4_t off_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 2)]))));
        const float32x4_t s_3_0 = vmulq_f32(dw_3, vld1q_f32(&xd[(((m0 + 0) * (K / 32)) + (g * 4))]));
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, off_3, vld1q_f32(&xs[(((m0 + 0) * (K / 32)) + (g * 4))]));
        const float32x4_t s_3_1 = vmulq_f32(dw_3, vld1q_f32(&xd[(((m0 + 1) * (K / 32)) + (g * 4))]));
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, off_3, vld1q_f32(&xs[(((m0 + 1) * (K / 32)) + (g * 4))]));
        const uint8x16_t q_3_0 = vld1q_u8(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 4)]);
        const uint8x16_t lo_3_0 = vandq_u8(q_3_0, vdupq_n_u8(15));
        const uint8x16_t hi_3_0 = vshrq_n_u8(q_3_0, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_3_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 0)));
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_3_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 0)));
        const uint8x16_t q_3_1 = vld1q_u8(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 4)]);
        const uint8x16_t lo_3_1 = vandq_u8(q_3_1, vdupq_n_u8(15));
        const uint8x16_t hi_3_1 = vshrq_n_u8(q_3_1, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_3_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 1)));
        acc_3_1_1 = vfmaq_f32(acc_3_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_3_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 1)));
        const uint8x16_t q_3_2 = vld1q_u8(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 4)]);
        const uint8x16_t lo_3_2 = vandq_u8(q_3_2, vdupq_n_u8(15));
        const uint8x16_t hi_3_2 = vshrq_n_u8(q_3_2, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_3_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 2)));
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_3_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 2)));
        const uint8x16_t q_3_3 = vld1q_u8(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 4)]);
        const uint8x16_t lo_3_3 = vandq_u8(q_3_3, vdupq_n_u8(15));
        const uint8x16_t hi_3_3 = vshrq_n_u8(q_3_3, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_3_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 3)));
        acc_3_1_1 = vfmaq_f32(acc_3_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_3_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_3_1, 3)));
      }
      for (int32_t b = (((K / 32) / 4) * 4); b < (K / 32); b++) {
        const float sc_0 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 0)]));
        const float off_0 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 2)]));
        const uint8x16_t qs_0 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 4)]);
        const uint8x16_t w_0_0 = vandq_u8(qs_0, vdupq_n_u8(15));
        const uint8x16_t w_0_1 = vshrq_n_u8(qs_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * xd[(((m0 + 0) * (K / 32)) + b)])));
        corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_0_0);
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * xd[(((m0 + 1) * (K / 32)) + b)])));
        corr_0_1 = (off_0 * xs[(((m0 + 1) * (K / 32)) + b)] + corr_0_1);
        const float sc_1 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (b * 20)) + 0)]));
        const float off_1 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (b * 20)) + 2)]));
        const uint8x16_t qs_1 = vld1q_u8(&W[((((n0 + 1) * ((K / 32) * 20)) + (b * 20)) + 4)]);
        const uint8x16_t w_1_0 = vandq_u8(qs_1, vdupq_n_u8(15));
        const uint8x16_t w_1_1 = vshrq_n_u8(qs_1, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_1_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_1_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_1 * xd[(((m0 + 0) * (K / 32)) + b)])));
        corr_1_0 = (off_1 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_1_0);
        acc_1_1_0 = vfmaq_f32(acc_1_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_1_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_1_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_1 * xd[(((m0 + 1) * (K / 32)) + b)])));
        corr_1_1 = (off_1 * xs[(((m0 + 1) * (K / 32)) + b)] + corr_1_1);
        const float sc_2 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (b * 20)) + 0)]));
        const float off_2 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (b * 20)) + 2)]));
        const uint8x16_t qs_2 = vld1q_u8(&W[((((n0 + 2) * ((K / 32) * 20)) + (b * 20)) + 4)]);
        const uint8x16_t w_2_0 = vandq_u8(qs_2, vdupq_n_u8(15));
        const uint8x16_t w_2_1 = vshrq_n_u8(qs_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_2_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_2_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_2 * xd[(((m0 + 0) * (K / 32)) + b)])));
        corr_2_0 = (off_2 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_2_0);
        acc_2_1_0 = vfmaq_f32(acc_2_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_2_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_2_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_2 * xd[(((m0 + 1) * (K / 32)) + b)])));
        corr_2_1 = (off_2 * xs[(((m0 + 1) * (K / 32)) + b)] + corr_2_1);
        const float sc_3 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (b * 20)) + 0)]));
        const float off_3 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (b * 20)) + 2)]));
        const uint8x16_t qs_3 = vld1q_u8(&W[((((n0 + 3) * ((K / 32) * 20)) + (b * 20)) + 4)]);
        const uint8x16_t w_3_0 = vandq_u8(qs_3, vdupq_n_u8(15));
        const uint8x16_t w_3_1 = vshrq_n_u8(qs_3, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_3_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_3_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_3 * xd[(((m0 + 0) * (K / 32)) + b)])));
        corr_3_0 = (off_3 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_3_0);
        acc_3_1_0 = vfmaq_f32(acc_3_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_3_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_3_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_3 * xd[(((m0 + 1) * (K / 32)) + b)])));
        corr_3_1 = (off_3 * xs[(((m0 + 1) * (K / 32)) + b)] + corr_3_1);
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = ((vaddvq_f32(vaddq_f32(acc_0_0_0, acc_0_0_1)) + corr_0_0) + bias[(n0 + 0)]);
      y[(((m0 + 1) * N) + (n0 + 0))] = ((vaddvq_f32(vaddq_f32(acc_0_1_0, acc_0_1_1)) + corr_0_1) + bias[(n0 + 0)]);
      y[(((m0 + 0) * N) + (n0 + 1))] = ((vaddvq_f32(vaddq_f32(acc_1_0_0, acc_1_0_1)) + corr_1_0) + bias[(n0 + 1)]);
      y[(((m0 + 1) * N) + (n0 + 1))] = ((vaddvq_f32(vaddq_f32(acc_1_1_0, acc_1_1_1)) + corr_1_1) + bias[(n0 + 1)]);
      y[(((m0 + 0) * N) + (n0 + 2))] = ((vaddvq_f32(vaddq_f32(acc_2_0_0, acc_2_0_1)) + corr_2_0) + bias[(n0 + 2)]);
      y[(((m0 + 1) * N) + (n0 + 2))] = ((vaddvq_f32(vaddq_f32(acc_2_1_0, acc_2_1_1)) + corr_2_1) + bias[(n0 + 2)]);
      y[(((m0 + 0) * N) + (n0 + 3))] = ((vaddvq_f32(vaddq_f32(acc_3_0_0, acc_3_0_1)) + corr_3_0) + bias[(n0 + 3)]);
      y[(((m0 + 1) * N) + (n0 + 3))] = ((vaddvq_f32(vaddq_f32(acc_3_1_0, acc_3_1_1)) + corr_3_1) + bias[(n0 + 3)]);
    }
    for (int32_t m0 = (M - (M % 2)); m0 < M; m0++) {
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
      for (int32_t g = 0; g < ((K / 32) / 4); g++) {
        const float32x4_t dw_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 0)]))));
        const float32x4_t off_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 2)]))));
        const float32x4_t s_0_0 = vmulq_f32(dw_0, vld1q_f32(&xd[(((m0 + 0) * (K / 32)) + (g * 4))]));
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, off_0, vld1q_f32(&xs[(((m0 + 0) * (K / 32)) + (g * 4))]));
        const uint8x16_t q_0_0 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 4)]);
        const uint8x16_t lo_0_0 = vandq_u8(q_0_0, vdupq_n_u8(15));
        const uint8x16_t hi_0_0 = vshrq_n_u8(q_0_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 0)));
        const uint8x16_t q_0_1 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 4)]);
        const uint8x16_t lo_0_1 = vandq_u8(q_0_1, vdupq_n_u8(15));
        const uint8x16_t hi_0_1 = vshrq_n_u8(q_0_1, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 1)));
        const uint8x16_t q_0_2 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 4)]);
        const uint8x16_t lo_0_2 = vandq_u8(q_0_2, vdupq_n_u8(15));
        const uint8x16_t hi_0_2 = vshrq_n_u8(q_0_2, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 2)));
        const uint8x16_t q_0_3 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 4)]);
        const uint8x16_t lo_0_3 = vandq_u8(q_0_3, vdupq_n_u8(15));
        const uint8x16_t hi_0_3 = vshrq_n_u8(q_0_3, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 3)));
        const float32x4_t dw_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 0)]))));
        const float32x4_t off_1 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 2)]))));
        const float32x4_t s_1_0 = vmulq_f32(dw_1, vld1q_f32(&xd[(((m0 + 0) * (K / 32)) + (g * 4))]));
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, off_1, vld1q_f32(&xs[(((m0 + 0) * (K / 32)) + (g * 4))]));
        const uint8x16_t q_1_0 = vld1q_u8(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 4)]);
        const uint8x16_t lo_1_0 = vandq_u8(q_1_0, vdupq_n_u8(15));
        const uint8x16_t hi_1_0 = vshrq_n_u8(q_1_0, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_1_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 0)));
        const uint8x16_t q_1_1 = vld1q_u8(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 4)]);
        const uint8x16_t lo_1_1 = vandq_u8(q_1_1, vdupq_n_u8(15));
        const uint8x16_t hi_1_1 = vshrq_n_u8(q_1_1, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_1_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 1)));
        const uint8x16_t q_1_2 = vld1q_u8(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 4)]);
        const uint8x16_t lo_1_2 = vandq_u8(q_1_2, vdupq_n_u8(15));
        const uint8x16_t hi_1_2 = vshrq_n_u8(q_1_2, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_1_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 2)));
        const uint8x16_t q_1_3 = vld1q_u8(&W[((((n0 + 1) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 4)]);
        const uint8x16_t lo_1_3 = vandq_u8(q_1_3, vdupq_n_u8(15));
        const uint8x16_t hi_1_3 = vshrq_n_u8(q_1_3, 4);
        acc_1_0_1 = vfmaq_f32(acc_1_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_1_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_1_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_1_0, 3)));
        const float32x4_t dw_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 0)]))));
        const float32x4_t off_2 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 2)]))));
        const float32x4_t s_2_0 = vmulq_f32(dw_2, vld1q_f32(&xd[(((m0 + 0) * (K / 32)) + (g * 4))]));
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, off_2, vld1q_f32(&xs[(((m0 + 0) * (K / 32)) + (g * 4))]));
        const uint8x16_t q_2_0 = vld1q_u8(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 4)]);
        const uint8x16_t lo_2_0 = vandq_u8(q_2_0, vdupq_n_u8(15));
        const uint8x16_t hi_2_0 = vshrq_n_u8(q_2_0, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_2_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 0)));
        const uint8x16_t q_2_1 = vld1q_u8(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 4)]);
        const uint8x16_t lo_2_1 = vandq_u8(q_2_1, vdupq_n_u8(15));
        const uint8x16_t hi_2_1 = vshrq_n_u8(q_2_1, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_2_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 1)));
        const uint8x16_t q_2_2 = vld1q_u8(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 4)]);
        const uint8x16_t lo_2_2 = vandq_u8(q_2_2, vdupq_n_u8(15));
        const uint8x16_t hi_2_2 = vshrq_n_u8(q_2_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_2_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 2)));
        const uint8x16_t q_2_3 = vld1q_u8(&W[((((n0 + 2) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 4)]);
        const uint8x16_t lo_2_3 = vandq_u8(q_2_3, vdupq_n_u8(15));
        const uint8x16_t hi_2_3 = vshrq_n_u8(q_2_3, 4);
        acc_2_0_1 = vfmaq_f32(acc_2_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_2_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_2_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_2_0, 3)));
        const float32x4_t dw_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 0)]))));
        const float32x4_t off_3 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 2)]))));
        const float32x4_t s_3_0 = vmulq_f32(dw_3, vld1q_f32(&xd[(((m0 + 0) * (K / 32)) + (g * 4))]));
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, off_3, vld1q_f32(&xs[(((m0 + 0) * (K / 32)) + (g * 4))]));
        const uint8x16_t q_3_0 = vld1q_u8(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 4)]);
        const uint8x16_t lo_3_0 = vandq_u8(q_3_0, vdupq_n_u8(15));
        const uint8x16_t hi_3_0 = vshrq_n_u8(q_3_0, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_3_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 0)));
        const uint8x16_t q_3_1 = vld1q_u8(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 4)]);
        const uint8x16_t lo_3_1 = vandq_u8(q_3_1, vdupq_n_u8(15));
        const uint8x16_t hi_3_1 = vshrq_n_u8(q_3_1, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_3_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 1)));
        const uint8x16_t q_3_2 = vld1q_u8(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 4)]);
        const uint8x16_t lo_3_2 = vandq_u8(q_3_2, vdupq_n_u8(15));
        const uint8x16_t hi_3_2 = vshrq_n_u8(q_3_2, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_3_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 2)));
        const uint8x16_t q_3_3 = vld1q_u8(&W[((((n0 + 3) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 4)]);
        const uint8x16_t lo_3_3 = vandq_u8(q_3_3, vdupq_n_u8(15));
        const uint8x16_t hi_3_3 = vshrq_n_u8(q_3_3, 4);
        acc_3_0_1 = vfmaq_f32(acc_3_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_3_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_3_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_3_0, 3)));
      }
      for (int32_t b = (((K / 32) / 4) * 4); b < (K / 32); b++) {
        const float sc_0 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 0)]));
        const float off_0 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 2)]));
        const uint8x16_t qs_0 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 4)]);
        const uint8x16_t w_0_0 = vandq_u8(qs_0, vdupq_n_u8(15));
        const uint8x16_t w_0_1 = vshrq_n_u8(qs_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * xd[(((m0 + 0) * (K / 32)) + b)])));
        corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_0_0);
        const float sc_1 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (b * 20)) + 0)]));
        const float off_1 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 20)) + (b * 20)) + 2)]));
        const uint8x16_t qs_1 = vld1q_u8(&W[((((n0 + 1) * ((K / 32) * 20)) + (b * 20)) + 4)]);
        const uint8x16_t w_1_0 = vandq_u8(qs_1, vdupq_n_u8(15));
        const uint8x16_t w_1_1 = vshrq_n_u8(qs_1, 4);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_1_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_1_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_1 * xd[(((m0 + 0) * (K / 32)) + b)])));
        corr_1_0 = (off_1 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_1_0);
        const float sc_2 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (b * 20)) + 0)]));
        const float off_2 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 2) * ((K / 32) * 20)) + (b * 20)) + 2)]));
        const uint8x16_t qs_2 = vld1q_u8(&W[((((n0 + 2) * ((K / 32) * 20)) + (b * 20)) + 4)]);
        const uint8x16_t w_2_0 = vandq_u8(qs_2, vdupq_n_u8(15));
        const uint8x16_t w_2_1 = vshrq_n_u8(qs_2, 4);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_2_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_2_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_2 * xd[(((m0 + 0) * (K / 32)) + b)])));
        corr_2_0 = (off_2 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_2_0);
        const float sc_3 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (b * 20)) + 0)]));
        const float off_3 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 3) * ((K / 32) * 20)) + (b * 20)) + 2)]));
        const uint8x16_t qs_3 = vld1q_u8(&W[((((n0 + 3) * ((K / 32) * 20)) + (b * 20)) + 4)]);
        const uint8x16_t w_3_0 = vandq_u8(qs_3, vdupq_n_u8(15));
        const uint8x16_t w_3_1 = vshrq_n_u8(qs_3, 4);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_3_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_3_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_3 * xd[(((m0 + 0) * (K / 32)) + b)])));
        corr_3_0 = (off_3 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_3_0);
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = ((vaddvq_f32(vaddq_f32(acc_0_0_0, acc_0_0_1)) + corr_0_0) + bias[(n0 + 0)]);
      y[(((m0 + 0) * N) + (n0 + 1))] = ((vaddvq_f32(vaddq_f32(acc_1_0_0, acc_1_0_1)) + corr_1_0) + bias[(n0 + 1)]);
      y[(((m0 + 0) * N) + (n0 + 2))] = ((vaddvq_f32(vaddq_f32(acc_2_0_0, acc_2_0_1)) + corr_2_0) + bias[(n0 + 2)]);
      y[(((m0 + 0) * N) + (n0 + 3))] = ((vaddvq_f32(vaddq_f32(acc_3_0_0, acc_3_0_1)) + corr_3_0) + bias[(n0 + 3)]);
    }
  }
  for (int32_t n0 = (N - (N % 4)); n0 < N; n0++) {
    for (int32_t m0 = 0; m0 < (M - (M % 2)); m0 += 2) {
      float32x4_t acc_0_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_0_0_1 = vdupq_n_f32(0.0f);
      float corr_0_0 = 0.0f;
      float32x4_t acc_0_1_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_0_1_1 = vdupq_n_f32(0.0f);
      float corr_0_1 = 0.0f;
      for (int32_t g = 0; g < ((K / 32) / 4); g++) {
        const float32x4_t dw_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 0)]))));
        const float32x4_t off_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 2)]))));
        const float32x4_t s_0_0 = vmulq_f32(dw_0, vld1q_f32(&xd[(((m0 + 0) * (K / 32)) + (g * 4))]));
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, off_0, vld1q_f32(&xs[(((m0 + 0) * (K / 32)) + (g * 4))]));
        const float32x4_t s_0_1 = vmulq_f32(dw_0, vld1q_f32(&xd[(((m0 + 1) * (K / 32)) + (g * 4))]));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, off_0, vld1q_f32(&xs[(((m0 + 1) * (K / 32)) + (g * 4))]));
        const uint8x16_t q_0_0 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 4)]);
        const uint8x16_t lo_0_0 = vandq_u8(q_0_0, vdupq_n_u8(15));
        const uint8x16_t hi_0_0 = vshrq_n_u8(q_0_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 0)));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 0)));
        const uint8x16_t q_0_1 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 4)]);
        const uint8x16_t lo_0_1 = vandq_u8(q_0_1, vdupq_n_u8(15));
        const uint8x16_t hi_0_1 = vshrq_n_u8(q_0_1, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 1)));
        acc_0_1_1 = vfmaq_f32(acc_0_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 1)));
        const uint8x16_t q_0_2 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 4)]);
        const uint8x16_t lo_0_2 = vandq_u8(q_0_2, vdupq_n_u8(15));
        const uint8x16_t hi_0_2 = vshrq_n_u8(q_0_2, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 2)));
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 2)));
        const uint8x16_t q_0_3 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 4)]);
        const uint8x16_t lo_0_3 = vandq_u8(q_0_3, vdupq_n_u8(15));
        const uint8x16_t hi_0_3 = vshrq_n_u8(q_0_3, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 3)));
        acc_0_1_1 = vfmaq_f32(acc_0_1_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_1, 3)));
      }
      for (int32_t b = (((K / 32) / 4) * 4); b < (K / 32); b++) {
        const float sc_0 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 0)]));
        const float off_0 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 2)]));
        const uint8x16_t qs_0 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 4)]);
        const uint8x16_t w_0_0 = vandq_u8(qs_0, vdupq_n_u8(15));
        const uint8x16_t w_0_1 = vshrq_n_u8(qs_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * xd[(((m0 + 0) * (K / 32)) + b)])));
        corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_0_0);
        acc_0_1_0 = vfmaq_f32(acc_0_1_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 1) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * xd[(((m0 + 1) * (K / 32)) + b)])));
        corr_0_1 = (off_0 * xs[(((m0 + 1) * (K / 32)) + b)] + corr_0_1);
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = ((vaddvq_f32(vaddq_f32(acc_0_0_0, acc_0_0_1)) + corr_0_0) + bias[(n0 + 0)]);
      y[(((m0 + 1) * N) + (n0 + 0))] = ((vaddvq_f32(vaddq_f32(acc_0_1_0, acc_0_1_1)) + corr_0_1) + bias[(n0 + 0)]);
    }
    for (int32_t m0 = (M - (M % 2)); m0 < M; m0++) {
      float32x4_t acc_0_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_0_0_1 = vdupq_n_f32(0.0f);
      float corr_0_0 = 0.0f;
      for (int32_t g = 0; g < ((K / 32) / 4); g++) {
        const float32x4_t dw_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 0)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 0)]))));
        const float32x4_t off_0 = vcvt_f32_f16(vreinterpret_f16_u16(kf_pack_f16x4(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 2)]), kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 2)]))));
        const float32x4_t s_0_0 = vmulq_f32(dw_0, vld1q_f32(&xd[(((m0 + 0) * (K / 32)) + (g * 4))]));
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, off_0, vld1q_f32(&xs[(((m0 + 0) * (K / 32)) + (g * 4))]));
        const uint8x16_t q_0_0 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 0) * 20)) + 4)]);
        const uint8x16_t lo_0_0 = vandq_u8(q_0_0, vdupq_n_u8(15));
        const uint8x16_t hi_0_0 = vshrq_n_u8(q_0_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 0))]))), vreinterpretq_s8_u8(hi_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 16))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 0)));
        const uint8x16_t q_0_1 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 1) * 20)) + 4)]);
        const uint8x16_t lo_0_1 = vandq_u8(q_0_1, vdupq_n_u8(15));
        const uint8x16_t hi_0_1 = vshrq_n_u8(q_0_1, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 32))]))), vreinterpretq_s8_u8(hi_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 48))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 1)));
        const uint8x16_t q_0_2 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 2) * 20)) + 4)]);
        const uint8x16_t lo_0_2 = vandq_u8(q_0_2, vdupq_n_u8(15));
        const uint8x16_t hi_0_2 = vshrq_n_u8(q_0_2, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 64))]))), vreinterpretq_s8_u8(hi_0_2), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 80))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 2)));
        const uint8x16_t q_0_3 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (((g * 4) + 3) * 20)) + 4)]);
        const uint8x16_t lo_0_3 = vandq_u8(q_0_3, vdupq_n_u8(15));
        const uint8x16_t hi_0_3 = vshrq_n_u8(q_0_3, 4);
        acc_0_0_1 = vfmaq_f32(acc_0_0_1, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(lo_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 96))]))), vreinterpretq_s8_u8(hi_0_3), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + (((g * 4) * 32) + 112))])))), vdupq_n_f32(vgetq_lane_f32(s_0_0, 3)));
      }
      for (int32_t b = (((K / 32) / 4) * 4); b < (K / 32); b++) {
        const float sc_0 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 0)]));
        const float off_0 = kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 2)]));
        const uint8x16_t qs_0 = vld1q_u8(&W[((((n0 + 0) * ((K / 32) * 20)) + (b * 20)) + 4)]);
        const uint8x16_t w_0_0 = vandq_u8(qs_0, vdupq_n_u8(15));
        const uint8x16_t w_0_1 = vshrq_n_u8(qs_0, 4);
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, vcvtq_f32_s32(vdotq_s32(vdotq_s32(vdupq_n_s32(0), vreinterpretq_s8_u8(w_0_0), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 0))]))), vreinterpretq_s8_u8(w_0_1), vld1q_s8((const int8_t*)(&xq[(((m0 + 0) * K) + ((b * 32) + 16))])))), vdupq_n_f32((sc_0 * xd[(((m0 + 0) * (K / 32)) + b)])));
        corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_0_0);
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = ((vaddvq_f32(vaddq_f32(acc_0_0_0, acc_0_0_1)) + corr_0_0) + bias[(n0 + 0)]);
    }
  }
}
