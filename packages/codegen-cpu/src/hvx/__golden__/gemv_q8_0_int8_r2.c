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

void gemv_q8_0_f32_bias_hvx_r2_int8(const float* restrict x, const uint8_t* restrict W, const float* restrict bias, float* restrict y, int8_t* restrict xq, float* restrict xd, int32_t M, int32_t N, int32_t K) {
  for (int32_t m = 0; m < M; m++) {
    for (int32_t b = 0; b < (K / 32); b++) {
      float amax = 0.0f;
      for (int32_t j = 0; j < 32; j++) {
        amax = ((amax) > (__builtin_fabsf(x[((m * K) + ((b * 32) + j))])) ? (amax) : (__builtin_fabsf(x[((m * K) + ((b * 32) + j))])));
      }
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      int32_t isum = 0;
      for (int32_t j = 0; j < 32; j++) {
        const float s = (x[((m * K) + ((b * 32) + j))] * id);
        const int32_t qv = ((int32_t)(s + ((s >= 0.0f) ? 0.5f : (-0.5f))));
        xq[((m * K) + ((b * 32) + j))] = ((int8_t)qv);
        isum = (isum + qv);
      }
      xd[((m * (K / 32)) + b)] = d;
    }
  }
  for (int32_t rb = 0; rb < (N / 2); rb++) {
    const int32_t n0 = (rb * 2);
    for (int32_t m = 0; m < M; m++) {
      float acc_0 = 0.0f;
      float acc_1 = 0.0f;
      for (int32_t b = 0; b < ((K / 32) - ((K / 32) % 4)); b += 4) {
        const HVX_Vector xv = kf_hvx_load(&xq[((m * K) + (b * 32))], 128);
        const HVX_Vector s_0 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVbVb(Q6_V_vsplat_R(0), kf_hvx_join4(kf_hvx_load(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 0) * 34)) + 2)], 32), kf_hvx_load(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 1) * 34)) + 2)], 32), kf_hvx_load(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 2) * 34)) + 2)], 32), kf_hvx_load(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 3) * 34)) + 2)], 32), 32), xv));
        acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 0) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 0))]) + acc_0);
        acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 1) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 1))]) + acc_0);
        acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 2) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 2))]) + acc_0);
        acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 3) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 3))]) + acc_0);
        const HVX_Vector s_1 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVbVb(Q6_V_vsplat_R(0), kf_hvx_join4(kf_hvx_load(&W[((((n0 + 1) * ((K / 32) * 34)) + ((b + 0) * 34)) + 2)], 32), kf_hvx_load(&W[((((n0 + 1) * ((K / 32) * 34)) + ((b + 1) * 34)) + 2)], 32), kf_hvx_load(&W[((((n0 + 1) * ((K / 32) * 34)) + ((b + 2) * 34)) + 2)], 32), kf_hvx_load(&W[((((n0 + 1) * ((K / 32) * 34)) + ((b + 3) * 34)) + 2)], 32), 32), xv));
        acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 34)) + ((b + 0) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 0))]) + acc_1);
        acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 34)) + ((b + 1) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 1))]) + acc_1);
        acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 34)) + ((b + 2) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 2))]) + acc_1);
        acc_1 = (((float)Q6_R_vextract_VR(s_1, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 34)) + ((b + 3) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 3))]) + acc_1);
      }
      for (int32_t b = ((K / 32) - ((K / 32) % 4)); b < (K / 32); b++) {
        const HVX_Vector xv = kf_hvx_load(&xq[((m * K) + (b * 32))], 32);
        acc_0 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVbVb(Q6_V_vsplat_R(0), kf_hvx_load(&W[((((n0 + 0) * ((K / 32) * 34)) + (b * 34)) + 2)], 32), xv)), 0)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + (b * 34)) + 0)])) * xd[((m * (K / 32)) + b)]) + acc_0);
        acc_1 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVbVb(Q6_V_vsplat_R(0), kf_hvx_load(&W[((((n0 + 1) * ((K / 32) * 34)) + (b * 34)) + 2)], 32), xv)), 0)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 1) * ((K / 32) * 34)) + (b * 34)) + 0)])) * xd[((m * (K / 32)) + b)]) + acc_1);
      }
      y[((m * N) + (n0 + 0))] = (acc_0 + bias[(n0 + 0)]);
      y[((m * N) + (n0 + 1))] = (acc_1 + bias[(n0 + 1)]);
    }
  }
  for (int32_t n0 = (N - (N % 2)); n0 < N; n0++) {
    for (int32_t m = 0; m < M; m++) {
      float acc_0 = 0.0f;
      for (int32_t b = 0; b < ((K / 32) - ((K / 32) % 4)); b += 4) {
        const HVX_Vector xv = kf_hvx_load(&xq[((m * K) + (b * 32))], 128);
        const HVX_Vector s_0 = kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVbVb(Q6_V_vsplat_R(0), kf_hvx_join4(kf_hvx_load(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 0) * 34)) + 2)], 32), kf_hvx_load(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 1) * 34)) + 2)], 32), kf_hvx_load(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 2) * 34)) + 2)], 32), kf_hvx_load(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 3) * 34)) + 2)], 32), 32), xv));
        acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 0)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 0) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 0))]) + acc_0);
        acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 8)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 1) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 1))]) + acc_0);
        acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 16)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 2) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 2))]) + acc_0);
        acc_0 = (((float)Q6_R_vextract_VR(s_0, 4 * 24)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + ((b + 3) * 34)) + 0)])) * xd[((m * (K / 32)) + (b + 3))]) + acc_0);
      }
      for (int32_t b = ((K / 32) - ((K / 32) % 4)); b < (K / 32); b++) {
        const HVX_Vector xv = kf_hvx_load(&xq[((m * K) + (b * 32))], 32);
        acc_0 = (((float)Q6_R_vextract_VR(kf_hvx_sum8(Q6_Vw_vrmpyacc_VwVbVb(Q6_V_vsplat_R(0), kf_hvx_load(&W[((((n0 + 0) * ((K / 32) * 34)) + (b * 34)) + 2)], 32), xv)), 0)) * (kf_f16_to_f32(kf_load_u16(&W[((((n0 + 0) * ((K / 32) * 34)) + (b * 34)) + 0)])) * xd[((m * (K / 32)) + b)]) + acc_0);
      }
      y[((m * N) + (n0 + 0))] = (acc_0 + bias[(n0 + 0)]);
    }
  }
}
