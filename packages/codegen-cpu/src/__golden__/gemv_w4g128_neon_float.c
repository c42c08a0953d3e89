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

void gemv_w4g128_f32_neon_float(const float* restrict x, const uint8_t* restrict W, const uint16_t* restrict W_scale, const uint16_t* restrict W_min, float* restrict y, float* restrict xf, float* restrict xs, int32_t M, int32_t N, int32_t K) {
  for (int32_t m = 0; m < M; m++) {
    for (int32_t k = 0; k < K; k++) {
      xf[((m * K) + ((k - (k % 32)) + (((k % 32) / 2) + (((k % 32) % 2) * 16))))] = x[((m * K) + k)];
    }
  }
  for (int32_t m = 0; m < M; m++) {
    for (int32_t b = 0; b < (K / 32); b++) {
      float s = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        s = (s + xf[((m * K) + ((b * 32) + j))]);
      }
      xs[((m * (K / 32)) + b)] = s;
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t rb = 0; rb < (N / 4); rb++) {
    const int32_t n0 = (rb * 4);
    for (int32_t m0 = 0; m0 < (M - (M % 1)); m0++) {
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
      for (int32_t b = 0; b < ((K / 32) - ((K / 32) % 2)); b += 2) {
        for (int32_t bu = (b + 0); bu < (b + 1); bu++) {
          const float sc_0 = kf_f16_to_f32(W_scale[(((n0 + 0) * (K / 128)) + (bu / 4))]);
          const float off_0 = kf_f16_to_f32(W_min[(((n0 + 0) * (K / 128)) + (bu / 4))]);
          float32x4_t bacc_0_0 = vdupq_n_f32(0.0f);
          const float sc_1 = kf_f16_to_f32(W_scale[(((n0 + 1) * (K / 128)) + (bu / 4))]);
          const float off_1 = kf_f16_to_f32(W_min[(((n0 + 1) * (K / 128)) + (bu / 4))]);
          float32x4_t bacc_1_0 = vdupq_n_f32(0.0f);
          const float sc_2 = kf_f16_to_f32(W_scale[(((n0 + 2) * (K / 128)) + (bu / 4))]);
          const float off_2 = kf_f16_to_f32(W_min[(((n0 + 2) * (K / 128)) + (bu / 4))]);
          float32x4_t bacc_2_0 = vdupq_n_f32(0.0f);
          const float sc_3 = kf_f16_to_f32(W_scale[(((n0 + 3) * (K / 128)) + (bu / 4))]);
          const float off_3 = kf_f16_to_f32(W_min[(((n0 + 3) * (K / 128)) + (bu / 4))]);
          float32x4_t bacc_3_0 = vdupq_n_f32(0.0f);
          #pragma GCC unroll 4
          for (int32_t j = 0; j < 16; j += 4) {
            const uint8x8_t qs_0 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 0) * (K / 2)) + (bu * 16)) + j)])));
            const float32x4_t lo_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_0, vdup_n_u8(15))))));
            const float32x4_t hi_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_0, 4)))));
            bacc_0_0 = vfmaq_f32(bacc_0_0, lo_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + j))]));
            bacc_0_0 = vfmaq_f32(bacc_0_0, hi_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + (j + 16)))]));
            const uint8x8_t qs_1 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 1) * (K / 2)) + (bu * 16)) + j)])));
            const float32x4_t lo_1 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_1, vdup_n_u8(15))))));
            const float32x4_t hi_1 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_1, 4)))));
            bacc_1_0 = vfmaq_f32(bacc_1_0, lo_1, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + j))]));
            bacc_1_0 = vfmaq_f32(bacc_1_0, hi_1, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + (j + 16)))]));
            const uint8x8_t qs_2 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 2) * (K / 2)) + (bu * 16)) + j)])));
            const float32x4_t lo_2 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_2, vdup_n_u8(15))))));
            const float32x4_t hi_2 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_2, 4)))));
            bacc_2_0 = vfmaq_f32(bacc_2_0, lo_2, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + j))]));
            bacc_2_0 = vfmaq_f32(bacc_2_0, hi_2, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + (j + 16)))]));
            const uint8x8_t qs_3 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 3) * (K / 2)) + (bu * 16)) + j)])));
            const float32x4_t lo_3 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_3, vdup_n_u8(15))))));
            const float32x4_t hi_3 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_3, 4)))));
            bacc_3_0 = vfmaq_f32(bacc_3_0, lo_3, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + j))]));
            bacc_3_0 = vfmaq_f32(bacc_3_0, hi_3, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + (j + 16)))]));
          }
          acc_0_0_0 = vfmaq_f32(acc_0_0_0, bacc_0_0, vdupq_n_f32(sc_0));
          corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + bu)] + corr_0_0);
          acc_1_0_0 = vfmaq_f32(acc_1_0_0, bacc_1_0, vdupq_n_f32(sc_1));
          corr_1_0 = (off_1 * xs[(((m0 + 0) * (K / 32)) + bu)] + corr_1_0);
          acc_2_0_0 = vfmaq_f32(acc_2_0_0, bacc_2_0, vdupq_n_f32(sc_2));
          corr_2_0 = (off_2 * xs[(((m0 + 0) * (K / 32)) + bu)] + corr_2_0);
          acc_3_0_0 = vfmaq_f32(acc_3_0_0, bacc_3_0, vdupq_n_f32(sc_3));
          corr_3_0 = (off_3 * xs[(((m0 + 0) * (K / 32)) + bu)] + corr_3_0);
        }
        for (int32_t bu = (b + 1); bu < (b + 2); bu++) {
          const float sc_0 = kf_f16_to_f32(W_scale[(((n0 + 0) * (K / 128)) + (bu / 4))]);
          const float off_0 = kf_f16_to_f32(W_min[(((n0 + 0) * (K / 128)) + (bu / 4))]);
          float32x4_t bacc_0_0 = vdupq_n_f32(0.0f);
          const float sc_1 = kf_f16_to_f32(W_scale[(((n0 + 1) * (K / 128)) + (bu / 4))]);
          const float off_1 = kf_f16_to_f32(W_min[(((n0 + 1) * (K / 128)) + (bu / 4))]);
          float32x4_t bacc_1_0 = vdupq_n_f32(0.0f);
          const float sc_2 = kf_f16_to_f32(W_scale[(((n0 + 2) * (K / 128)) + (bu / 4))]);
          const float off_2 = kf_f16_to_f32(W_min[(((n0 + 2) * (K / 128)) + (bu / 4))]);
          float32x4_t bacc_2_0 = vdupq_n_f32(0.0f);
          const float sc_3 = kf_f16_to_f32(W_scale[(((n0 + 3) * (K / 128)) + (bu / 4))]);
          const float off_3 = kf_f16_to_f32(W_min[(((n0 + 3) * (K / 128)) + (bu / 4))]);
          float32x4_t bacc_3_0 = vdupq_n_f32(0.0f);
          #pragma GCC unroll 4
          for (int32_t j = 0; j < 16; j += 4) {
            const uint8x8_t qs_0 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 0) * (K / 2)) + (bu * 16)) + j)])));
            const float32x4_t lo_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_0, vdup_n_u8(15))))));
            const float32x4_t hi_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_0, 4)))));
            bacc_0_0 = vfmaq_f32(bacc_0_0, lo_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + j))]));
            bacc_0_0 = vfmaq_f32(bacc_0_0, hi_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + (j + 16)))]));
            const uint8x8_t qs_1 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 1) * (K / 2)) + (bu * 16)) + j)])));
            const float32x4_t lo_1 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_1, vdup_n_u8(15))))));
            const float32x4_t hi_1 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_1, 4)))));
            bacc_1_0 = vfmaq_f32(bacc_1_0, lo_1, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + j))]));
            bacc_1_0 = vfmaq_f32(bacc_1_0, hi_1, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + (j + 16)))]));
            const uint8x8_t qs_2 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 2) * (K / 2)) + (bu * 16)) + j)])));
            const float32x4_t lo_2 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_2, vdup_n_u8(15))))));
            const float32x4_t hi_2 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_2, 4)))));
            bacc_2_0 = vfmaq_f32(bacc_2_0, lo_2, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + j))]));
            bacc_2_0 = vfmaq_f32(bacc_2_0, hi_2, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + (j + 16)))]));
            const uint8x8_t qs_3 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 3) * (K / 2)) + (bu * 16)) + j)])));
            const float32x4_t lo_3 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_3, vdup_n_u8(15))))));
            const float32x4_t hi_3 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_3, 4)))));
            bacc_3_0 = vfmaq_f32(bacc_3_0, lo_3, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + j))]));
            bacc_3_0 = vfmaq_f32(bacc_3_0, hi_3, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + (j + 16)))]));
          }
          acc_0_0_1 = vfmaq_f32(acc_0_0_1, bacc_0_0, vdupq_n_f32(sc_0));
          corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + bu)] + corr_0_0);
          acc_1_0_1 = vfmaq_f32(acc_1_0_1, bacc_1_0, vdupq_n_f32(sc_1));
          corr_1_0 = (off_1 * xs[(((m0 + 0) * (K / 32)) + bu)] + corr_1_0);
          acc_2_0_1 = vfmaq_f32(acc_2_0_1, bacc_2_0, vdupq_n_f32(sc_2));
          corr_2_0 = (off_2 * xs[(((m0 + 0) * (K / 32)) + bu)] + corr_2_0);
          acc_3_0_1 = vfmaq_f32(acc_3_0_1, bacc_3_0, vdupq_n_f32(sc_3));
          corr_3_0 = (off_3 * xs[(((m0 + 0) * (K / 32)) + bu)] + corr_3_0);
        }
      }
      for (int32_t b = ((K / 32) - ((K / 32) % 2)); b < (K / 32); b++) {
        const float sc_0 = kf_f16_to_f32(W_scale[(((n0 + 0) * (K / 128)) + (b / 4))]);
        const float off_0 = kf_f16_to_f32(W_min[(((n0 + 0) * (K / 128)) + (b / 4))]);
        float32x4_t bacc_0_0 = vdupq_n_f32(0.0f);
        const float sc_1 = kf_f16_to_f32(W_scale[(((n0 + 1) * (K / 128)) + (b / 4))]);
        const float off_1 = kf_f16_to_f32(W_min[(((n0 + 1) * (K / 128)) + (b / 4))]);
        float32x4_t bacc_1_0 = vdupq_n_f32(0.0f);
        const float sc_2 = kf_f16_to_f32(W_scale[(((n0 + 2) * (K / 128)) + (b / 4))]);
        const float off_2 = kf_f16_to_f32(W_min[(((n0 + 2) * (K / 128)) + (b / 4))]);
        float32x4_t bacc_2_0 = vdupq_n_f32(0.0f);
        const float sc_3 = kf_f16_to_f32(W_scale[(((n0 + 3) * (K / 128)) + (b / 4))]);
        const float off_3 = kf_f16_to_f32(W_min[(((n0 + 3) * (K / 128)) + (b / 4))]);
        float32x4_t bacc_3_0 = vdupq_n_f32(0.0f);
        #pragma GCC unroll 4
        for (int32_t j = 0; j < 16; j += 4) {
          const uint8x8_t qs_0 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 0) * (K / 2)) + (b * 16)) + j)])));
          const float32x4_t lo_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_0, vdup_n_u8(15))))));
          const float32x4_t hi_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_0, 4)))));
          bacc_0_0 = vfmaq_f32(bacc_0_0, lo_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((b * 32) + j))]));
          bacc_0_0 = vfmaq_f32(bacc_0_0, hi_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((b * 32) + (j + 16)))]));
          const uint8x8_t qs_1 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 1) * (K / 2)) + (b * 16)) + j)])));
          const float32x4_t lo_1 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_1, vdup_n_u8(15))))));
          const float32x4_t hi_1 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_1, 4)))));
          bacc_1_0 = vfmaq_f32(bacc_1_0, lo_1, vld1q_f32(&xf[(((m0 + 0) * K) + ((b * 32) + j))]));
          bacc_1_0 = vfmaq_f32(bacc_1_0, hi_1, vld1q_f32(&xf[(((m0 + 0) * K) + ((b * 32) + (j + 16)))]));
          const uint8x8_t qs_2 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 2) * (K / 2)) + (b * 16)) + j)])));
          const float32x4_t lo_2 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_2, vdup_n_u8(15))))));
          const float32x4_t hi_2 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_2, 4)))));
          bacc_2_0 = vfmaq_f32(bacc_2_0, lo_2, vld1q_f32(&xf[(((m0 + 0) * K) + ((b * 32) + j))]));
          bacc_2_0 = vfmaq_f32(bacc_2_0, hi_2, vld1q_f32(&xf[(((m0 + 0) * K) + ((b * 32) + (j + 16)))]));
          const uint8x8_t qs_3 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 3) * (K / 2)) + (b * 16)) + j)])));
          const float32x4_t lo_3 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_3, vdup_n_u8(15))))));
          const float32x4_t hi_3 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_3, 4)))));
          bacc_3_0 = vfmaq_f32(bacc_3_0, lo_3, vld1q_f32(&xf[(((m0 + 0) * K) + ((b * 32) + j))]));
          bacc_3_0 = vfmaq_f32(bacc_3_0, hi_3, vld1q_f32(&xf[(((m0 + 0) * K) + ((b * 32) + (j + 16)))]));
        }
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, bacc_0_0, vdupq_n_f32(sc_0));
        corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_0_0);
        acc_1_0_0 = vfmaq_f32(acc_1_0_0, bacc_1_0, vdupq_n_f32(sc_1));
        corr_1_0 = (off_1 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_1_0);
        acc_2_0_0 = vfmaq_f32(acc_2_0_0, bacc_2_0, vdupq_n_f32(sc_2));
        corr_2_0 = (off_2 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_2_0);
        acc_3_0_0 = vfmaq_f32(acc_3_0_0, bacc_3_0, vdupq_n_f32(sc_3));
        corr_3_0 = (off_3 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_3_0);
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = (vaddvq_f32(vaddq_f32(acc_0_0_0, acc_0_0_1)) + corr_0_0);
      y[(((m0 + 0) * N) + (n0 + 1))] = (vaddvq_f32(vaddq_f32(acc_1_0_0, acc_1_0_1)) + corr_1_0);
      y[(((m0 + 0) * N) + (n0 + 2))] = (vaddvq_f32(vaddq_f32(acc_2_0_0, acc_2_0_1)) + corr_2_0);
      y[(((m0 + 0) * N) + (n0 + 3))] = (vaddvq_f32(vaddq_f32(acc_3_0_0, acc_3_0_1)) + corr_3_0);
    }
  }
  for (int32_t n0 = (N - (N % 4)); n0 < N; n0++) {
    for (int32_t m0 = 0; m0 < (M - (M % 1)); m0++) {
      float32x4_t acc_0_0_0 = vdupq_n_f32(0.0f);
      float32x4_t acc_0_0_1 = vdupq_n_f32(0.0f);
      float corr_0_0 = 0.0f;
      for (int32_t b = 0; b < ((K / 32) - ((K / 32) % 2)); b += 2) {
        for (int32_t bu = (b + 0); bu < (b + 1); bu++) {
          const float sc_0 = kf_f16_to_f32(W_scale[(((n0 + 0) * (K / 128)) + (bu / 4))]);
          const float off_0 = kf_f16_to_f32(W_min[(((n0 + 0) * (K / 128)) + (bu / 4))]);
          float32x4_t bacc_0_0 = vdupq_n_f32(0.0f);
          #pragma GCC unroll 4
          for (int32_t j = 0; j < 16; j += 4) {
            const uint8x8_t qs_0 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 0) * (K / 2)) + (bu * 16)) + j)])));
            const float32x4_t lo_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_0, vdup_n_u8(15))))));
            const float32x4_t hi_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_0, 4)))));
            bacc_0_0 = vfmaq_f32(bacc_0_0, lo_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + j))]));
            bacc_0_0 = vfmaq_f32(bacc_0_0, hi_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + (j + 16)))]));
          }
          acc_0_0_0 = vfmaq_f32(acc_0_0_0, bacc_0_0, vdupq_n_f32(sc_0));
          corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + bu)] + corr_0_0);
        }
        for (int32_t bu = (b + 1); bu < (b + 2); bu++) {
          const float sc_0 = kf_f16_to_f32(W_scale[(((n0 + 0) * (K / 128)) + (bu / 4))]);
          const float off_0 = kf_f16_to_f32(W_min[(((n0 + 0) * (K / 128)) + (bu / 4))]);
          float32x4_t bacc_0_0 = vdupq_n_f32(0.0f);
          #pragma GCC unroll 4
          for (int32_t j = 0; j < 16; j += 4) {
            const uint8x8_t qs_0 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 0) * (K / 2)) + (bu * 16)) + j)])));
            const float32x4_t lo_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_0, vdup_n_u8(15))))));
            const float32x4_t hi_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_0, 4)))));
            bacc_0_0 = vfmaq_f32(bacc_0_0, lo_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + j))]));
            bacc_0_0 = vfmaq_f32(bacc_0_0, hi_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((bu * 32) + (j + 16)))]));
          }
          acc_0_0_1 = vfmaq_f32(acc_0_0_1, bacc_0_0, vdupq_n_f32(sc_0));
          corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + bu)] + corr_0_0);
        }
      }
      for (int32_t b = ((K / 32) - ((K / 32) % 2)); b < (K / 32); b++) {
        const float sc_0 = kf_f16_to_f32(W_scale[(((n0 + 0) * (K / 128)) + (b / 4))]);
        const float off_0 = kf_f16_to_f32(W_min[(((n0 + 0) * (K / 128)) + (b / 4))]);
        float32x4_t bacc_0_0 = vdupq_n_f32(0.0f);
        #pragma GCC unroll 4
        for (int32_t j = 0; j < 16; j += 4) {
          const uint8x8_t qs_0 = vreinterpret_u8_u32(vdup_n_u32(kf_load_u32(&W[((((n0 + 0) * (K / 2)) + (b * 16)) + j)])));
          const float32x4_t lo_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vand_u8(qs_0, vdup_n_u8(15))))));
          const float32x4_t hi_0 = vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(vshr_n_u8(qs_0, 4)))));
          bacc_0_0 = vfmaq_f32(bacc_0_0, lo_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((b * 32) + j))]));
          bacc_0_0 = vfmaq_f32(bacc_0_0, hi_0, vld1q_f32(&xf[(((m0 + 0) * K) + ((b * 32) + (j + 16)))]));
        }
        acc_0_0_0 = vfmaq_f32(acc_0_0_0, bacc_0_0, vdupq_n_f32(sc_0));
        corr_0_0 = (off_0 * xs[(((m0 + 0) * (K / 32)) + b)] + corr_0_0);
      }
      y[(((m0 + 0) * N) + (n0 + 0))] = (vaddvq_f32(vaddq_f32(acc_0_0_0, acc_0_0_1)) + corr_0_0);
    }
  }
}
