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

/* the first n bytes of v to p (n <= 128), by byte-predicated aligned stores of the one or two chunks they touch */
static inline void kf_hvx_store_n(void* p, HVX_Vector v, uint32_t n) {
  uintptr_t a = (uintptr_t)p & 127;
  HVX_Vector* lo = (HVX_Vector*)((uintptr_t)p & ~(uintptr_t)127);
  HVX_Vector r = Q6_V_vror_VR(v, 128 - a);
  uint32_t end = a + n;
  HVX_VectorPred first = Q6_Q_and_QQn(Q6_Q_vsetq2_R(end < 128 ? end : 128), Q6_Q_vsetq_R(a));
  Q6_vmem_QRIV(first, lo, r);
  if (end > 128) Q6_vmem_QRIV(Q6_Q_vsetq_R(end - 128), lo + 1, r);
}
static inline uint32_t kf_f32_bits(float f) { union { float f; uint32_t u; } x = { f }; return x.u; }
static inline float kf_bits_f32(uint32_t u) { union { uint32_t u; float f; } x = { u }; return x.f; }
#if __HVX_ARCH__ >= 68
/* v68+: the qfloat products and sums, back to IEEE single after each */
static inline HVX_Vector kf_hvx_fmul(HVX_Vector a, HVX_Vector b) { return Q6_Vsf_equals_Vqf32(Q6_Vqf32_vmpy_VsfVsf(a, b)); }
static inline HVX_Vector kf_hvx_fadd(HVX_Vector a, HVX_Vector b) { return Q6_Vsf_equals_Vqf32(Q6_Vqf32_vadd_VsfVsf(a, b)); }
static inline HVX_Vector kf_hvx_fsub(HVX_Vector a, HVX_Vector b) { return Q6_Vsf_equals_Vqf32(Q6_Vqf32_vsub_VsfVsf(a, b)); }
#else
/*
 * Before v68 HVX has no float instructions: IEEE single on the 32-bit integer lanes. Normal numbers in
 * and out, round to nearest (ties away), subnormal results flushed to zero, overflow to infinity; no
 * inf or NaN operands.
 */
static inline HVX_Vector kf_hvx_fmul(HVX_Vector a, HVX_Vector b) {
  const HVX_Vector frac = Q6_V_vsplat_R(0x7fffff), one = Q6_V_vsplat_R(0x800000);
  HVX_Vector ea = Q6_Vuw_vlsr_VuwR(Q6_Vw_vasl_VwR(a, 1), 24), eb = Q6_Vuw_vlsr_VuwR(Q6_Vw_vasl_VwR(b, 1), 24);
  HVX_Vector ma = Q6_V_vor_VV(Q6_V_vand_VV(a, frac), one), mb = Q6_V_vor_VV(Q6_V_vand_VV(b, frac), one);
  /* r = (ma 2^7)(mb 2^7) / 2^31 (the Q31 product: vmpye + vmpyo), in [2^29, 2^31) */
  HVX_Vector xa = Q6_Vw_vasl_VwR(ma, 7), xb = Q6_Vw_vasl_VwR(mb, 7);
  HVX_Vector r = Q6_Vw_vmpyoacc_VwVwVh_s1_rnd_sat_shift(Q6_Vw_vmpye_VwVuh(xa, xb), xa, xb);
  HVX_VectorPred top = Q6_Q_vcmp_gt_VwVw(r, Q6_V_vsplat_R(0x3fffffff));
  HVX_Vector sh = Q6_V_vmux_QVV(top, Q6_V_vsplat_R(7), Q6_V_vsplat_R(6));
  /* 24 significant bits plus the rounding bit below them; a carry to 2^24 moves into the exponent */
  HVX_Vector m = Q6_Vw_vlsr_VwVw(r, Q6_Vw_vsub_VwVw(sh, Q6_V_vsplat_R(1)));
  m = Q6_Vuw_vlsr_VuwR(Q6_Vw_vadd_VwVw(m, Q6_V_vsplat_R(1)), 1);
  HVX_Vector e = Q6_Vw_vadd_VwVw(Q6_Vw_vsub_VwVw(Q6_Vw_vadd_VwVw(ea, eb), Q6_V_vsplat_R(127 + 6)), sh);
  HVX_Vector bits = Q6_Vw_vadd_VwVw(Q6_Vw_vasl_VwR(Q6_Vw_vsub_VwVw(e, Q6_V_vsplat_R(1)), 23), m);
  bits = Q6_V_vor_VV(bits, Q6_V_vand_VV(Q6_V_vxor_VV(a, b), Q6_V_vsplat_R(0x80000000)));
  /* above the normal range: infinity; a zero operand or below the normal range: 0 */
  bits = Q6_V_vmux_QVV(Q6_Q_vcmp_gt_VwVw(e, Q6_V_vsplat_R(254)), Q6_V_vor_VV(Q6_V_vand_VV(Q6_V_vxor_VV(a, b), Q6_V_vsplat_R(0x80000000)), Q6_V_vsplat_R(0x7f800000)), bits);
  HVX_VectorPred zero = Q6_Q_or_QQ(Q6_Q_or_QQ(Q6_Q_vcmp_eq_VwVw(ea, Q6_V_vzero()), Q6_Q_vcmp_eq_VwVw(eb, Q6_V_vzero())),
                                   Q6_Q_vcmp_gt_VwVw(Q6_V_vsplat_R(1), e));
  return Q6_V_vmux_QVV(zero, Q6_V_vzero(), bits);
}
static inline HVX_Vector kf_hvx_fadd(HVX_Vector a, HVX_Vector b) {
  const HVX_Vector mag = Q6_V_vsplat_R(0x7fffffff), frac = Q6_V_vsplat_R(0x7fffff), one = Q6_V_vsplat_R(0x800000), zero = Q6_V_vzero();
  /* x the operand of larger magnitude */
  HVX_VectorPred swap = Q6_Q_vcmp_gt_VwVw(Q6_V_vand_VV(b, mag), Q6_V_vand_VV(a, mag));
  HVX_Vector x = Q6_V_vmux_QVV(swap, b, a), y = Q6_V_vmux_QVV(swap, a, b);
  HVX_Vector ex = Q6_Vuw_vlsr_VuwR(Q6_Vw_vasl_VwR(x, 1), 24), ey = Q6_Vuw_vlsr_VuwR(Q6_Vw_vasl_VwR(y, 1), 24);
  /* significands with 7 guard bits: [2^30, 2^31); a zero operand has none */
  HVX_Vector mx = Q6_Vw_vasl_VwR(Q6_V_vor_VV(Q6_V_vand_VV(x, frac), one), 7);
  HVX_Vector my = Q6_Vw_vasl_VwR(Q6_V_vor_VV(Q6_V_vand_VV(y, frac), one), 7);
  mx = Q6_V_vmux_QVV(Q6_Q_vcmp_eq_VwVw(ex, zero), zero, mx);
  HVX_Vector d = Q6_Vw_vsub_VwVw(ex, ey);
  my = Q6_V_vmux_QVV(Q6_Q_or_QQ(Q6_Q_vcmp_eq_VwVw(ey, zero), Q6_Q_vcmp_gt_VwVw(d, Q6_V_vsplat_R(31))), zero, Q6_Vw_vlsr_VwVw(my, d));
  HVX_VectorPred opposite = Q6_Q_vcmp_gt_VwVw(zero, Q6_V_vxor_VV(x, y));
  HVX_Vector m = Q6_V_vmux_QVV(opposite, Q6_Vw_vsub_VwVw(mx, my), Q6_Vw_vadd_VwVw(mx, my));
  /* leading one to bit 31, then 24 bits rounded; the exponent moves by the shift */
  HVX_Vector lz = Q6_Vuw_vcl0_Vuw(m);
  HVX_Vector n = Q6_Vw_vasl_VwVw(m, lz);
  HVX_Vector mant = Q6_Vuw_vlsr_VuwR(Q6_Vw_vadd_VwVw(Q6_Vuw_vlsr_VuwR(n, 7), Q6_V_vsplat_R(1)), 1);
  HVX_Vector e = Q6_Vw_vsub_VwVw(Q6_Vw_vadd_VwVw(ex, Q6_V_vsplat_R(1)), lz);
  HVX_Vector bits = Q6_Vw_vadd_VwVw(Q6_Vw_vasl_VwR(Q6_Vw_vsub_VwVw(e, Q6_V_vsplat_R(1)), 23), mant);
  bits = Q6_V_vmux_QVV(Q6_Q_vcmp_gt_VwVw(e, Q6_V_vsplat_R(254)), Q6_V_vsplat_R(0x7f800000), bits);
  bits = Q6_V_vor_VV(bits, Q6_V_vand_VV(x, Q6_V_vsplat_R(0x80000000)));
  HVX_VectorPred none = Q6_Q_or_QQ(Q6_Q_vcmp_eq_VwVw(m, zero), Q6_Q_vcmp_gt_VwVw(Q6_V_vsplat_R(1), e));
  return Q6_V_vmux_QVV(none, zero, bits);
}
static inline HVX_Vector kf_hvx_fsub(HVX_Vector a, HVX_Vector b) { return kf_hvx_fadd(a, Q6_V_vxor_VV(b, Q6_V_vsplat_R(0x80000000))); }
#endif
static inline HVX_Vector kf_hvx_ffma(HVX_Vector a, HVX_Vector b, HVX_Vector c) { return kf_hvx_fadd(kf_hvx_fmul(a, b), c); }
/* the sum of the 32 lanes: halves folded with vror */
static inline float kf_hvx_fsum(HVX_Vector v) {
  for (uint32_t s = 64; s >= 4; s /= 2) v = kf_hvx_fadd(v, Q6_V_vror_VR(v, s));
  return kf_bits_f32((uint32_t)Q6_R_vextract_VR(v, 0));
}

void gated_delta_rule_chunked_c16_h1x2_d48x40_hvx_f32x32_bv40(const float* restrict q, const float* restrict k, const float* restrict v, const float* restrict g, const float* restrict beta, const float* s0, float* restrict o, float* s, int32_t B, int32_t T) {
  for (int32_t wi = 0; wi < (B * 2); wi++) {
    const int32_t b = (wi / 2);
    const int32_t h = ((wi / 1) % 2);
    const int32_t hk = (h / 2);
    const int32_t j0 = ((wi % 1) * 40);
    const int32_t bv = ((40) < ((40 - j0)) ? (40) : ((40 - j0)));
    const int32_t sbase = ((((b * 2) + h) * 1920) + j0);
    float st[1920];
    float kn[768];
    float qn[768];
    float ub[640];
    float ob[640];
    float am[256];
    float qk[256];
    float gm[16];
    float bt[16];
    float ea[16];
    float dl[16];
    for (int32_t x = 0; x < bv; x += 32) {
      const int32_t vn = ((32) < ((bv - x)) ? (32) : ((bv - x)));
      for (int32_t i = 0; i < 48; i++) {
        kf_hvx_store_n(&st[((i * 40) + x)], Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&s0[((sbase + (i * 40)) + x)], 4 * (vn)), Q6_V_vzero()), 4 * (vn));
      }
    }
    for (int32_t t0 = 0; t0 < T; t0 += 16) {
      const int32_t cc = ((16) < ((T - t0)) ? (16) : ((T - t0)));
      float gacc = 0.0f;
      for (int32_t cix = 0; cix < cc; cix++) {
        const int32_t gt = ((((b * T) + (t0 + cix)) * 2) + h);
        gacc = (gacc + g[gt]);
        gm[cix] = gacc;
        bt[cix] = beta[gt];
        ea[cix] = ({ const float kf_ex = (gacc); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); });
        const int32_t qkrow = (((((b * T) + (t0 + cix)) * 1) + hk) * 48);
        for (int32_t x = 0; x < 48; x += 32) {
          const int32_t vn = ((32) < ((48 - x)) ? (32) : ((48 - x)));
          kf_hvx_store_n(&kn[((cix * 48) + x)], Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&k[(qkrow + x)], 4 * (vn)), Q6_V_vzero()), 4 * (vn));
          kf_hvx_store_n(&qn[((cix * 48) + x)], Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&q[(qkrow + x)], 4 * (vn)), Q6_V_vzero()), 4 * (vn));
        }
      }
      const float glast = gm[(cc - 1)];
      const float elast = ea[(cc - 1)];
      for (int32_t cix = 0; cix < cc; cix++) {
        dl[cix] = ({ const float kf_ex = ((glast - gm[cix])); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); });
      }
      for (int32_t ci = 0; ci < cc; ci++) {
        for (int32_t cj = 0; cj < (ci + 1); cj++) {
          HVX_Vector dkk = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          HVX_Vector dqk = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          for (int32_t x = 0; x < 48; x += 32) {
            const int32_t vn = ((32) < ((48 - x)) ? (32) : ((48 - x)));
            const HVX_Vector kj = Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&kn[((cj * 48) + x)], 4 * (vn)), Q6_V_vzero());
            dkk = kf_hvx_ffma(Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&kn[((ci * 48) + x)], 4 * (vn)), Q6_V_vzero()), kj, dkk);
            dqk = kf_hvx_ffma(Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&qn[((ci * 48) + x)], 4 * (vn)), Q6_V_vzero()), kj, dqk);
          }
          const float dec = ({ const float kf_ex = ((gm[ci] - gm[cj])); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); });
          am[((ci * 16) + cj)] = ((bt[ci] * dec) * kf_hvx_fsum(dkk));
          qk[((ci * 16) + cj)] = (dec * kf_hvx_fsum(dqk));
        }
      }
      for (int32_t x = 0; x < bv; x += 32) {
        const int32_t vn = ((32) < ((bv - x)) ? (32) : ((bv - x)));
        for (int32_t c0 = 0; c0 < cc; c0 += 4) {
          const int32_t cr_0 = c0;
          HVX_Vector pk_0 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          HVX_Vector pq_0 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          const int32_t cr_1 = (((c0 + 1)) < ((cc - 1)) ? ((c0 + 1)) : ((cc - 1)));
          HVX_Vector pk_1 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          HVX_Vector pq_1 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          const int32_t cr_2 = (((c0 + 2)) < ((cc - 1)) ? ((c0 + 2)) : ((cc - 1)));
          HVX_Vector pk_2 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          HVX_Vector pq_2 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          const int32_t cr_3 = (((c0 + 3)) < ((cc - 1)) ? ((c0 + 3)) : ((cc - 1)));
          HVX_Vector pk_3 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          HVX_Vector pq_3 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          for (int32_t i = 0; i < 48; i++) {
            const HVX_Vector sv = Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&st[((i * 40) + x)], 4 * (vn)), Q6_V_vzero());
            pk_0 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(kn[((cr_0 * 48) + i)])), sv, pk_0);
            pq_0 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(qn[((cr_0 * 48) + i)])), sv, pq_0);
            pk_1 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(kn[((cr_1 * 48) + i)])), sv, pk_1);
            pq_1 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(qn[((cr_1 * 48) + i)])), sv, pq_1);
            pk_2 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(kn[((cr_2 * 48) + i)])), sv, pk_2);
            pq_2 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(qn[((cr_2 * 48) + i)])), sv, pq_2);
            pk_3 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(kn[((cr_3 * 48) + i)])), sv, pk_3);
            pq_3 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(qn[((cr_3 * 48) + i)])), sv, pq_3);
          }
          const float e_0 = ea[cr_0];
          kf_hvx_store_n(&ub[((cr_0 * 40) + x)], kf_hvx_fmul(kf_hvx_fsub(Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&v[(((((((b * T) + (t0 + cr_0)) * 2) + h) * 40) + j0) + x)], 4 * (vn)), Q6_V_vzero()), kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(e_0)), pk_0)), Q6_V_vsplat_R(kf_f32_bits(bt[cr_0]))), 4 * (vn));
          kf_hvx_store_n(&ob[((cr_0 * 40) + x)], kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(e_0)), pq_0), 4 * (vn));
          if ((c0 + 1) < cc) {
            const float e_1 = ea[cr_1];
            kf_hvx_store_n(&ub[((cr_1 * 40) + x)], kf_hvx_fmul(kf_hvx_fsub(Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&v[(((((((b * T) + (t0 + cr_1)) * 2) + h) * 40) + j0) + x)], 4 * (vn)), Q6_V_vzero()), kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(e_1)), pk_1)), Q6_V_vsplat_R(kf_f32_bits(bt[cr_1]))), 4 * (vn));
            kf_hvx_store_n(&ob[((cr_1 * 40) + x)], kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(e_1)), pq_1), 4 * (vn));
          }
          if ((c0 + 2) < cc) {
            const float e_2 = ea[cr_2];
            kf_hvx_store_n(&ub[((cr_2 * 40) + x)], kf_hvx_fmul(kf_hvx_fsub(Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&v[(((((((b * T) + (t0 + cr_2)) * 2) + h) * 40) + j0) + x)], 4 * (vn)), Q6_V_vzero()), kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(e_2)), pk_2)), Q6_V_vsplat_R(kf_f32_bits(bt[cr_2]))), 4 * (vn));
            kf_hvx_store_n(&ob[((cr_2 * 40) + x)], kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(e_2)), pq_2), 4 * (vn));
          }
          if ((c0 + 3) < cc) {
            const float e_3 = ea[cr_3];
            kf_hvx_store_n(&ub[((cr_3 * 40) + x)], kf_hvx_fmul(kf_hvx_fsub(Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&v[(((((((b * T) + (t0 + cr_3)) * 2) + h) * 40) + j0) + x)], 4 * (vn)), Q6_V_vzero()), kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(e_3)), pk_3)), Q6_V_vsplat_R(kf_f32_bits(bt[cr_3]))), 4 * (vn));
            kf_hvx_store_n(&ob[((cr_3 * 40) + x)], kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(e_3)), pq_3), 4 * (vn));
          }
        }
        for (int32_t ci = 0; ci < cc; ci++) {
          HVX_Vector uu = Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&ub[((ci * 40) + x)], 4 * (vn)), Q6_V_vzero());
          HVX_Vector oo = Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&ob[((ci * 40) + x)], 4 * (vn)), Q6_V_vzero());
          for (int32_t cj = 0; cj < ci; cj++) {
            const HVX_Vector uj = Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&ub[((cj * 40) + x)], 4 * (vn)), Q6_V_vzero());
            uu = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits((0.0f - am[((ci * 16) + cj)]))), uj, uu);
            oo = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(qk[((ci * 16) + cj)])), uj, oo);
          }
          kf_hvx_store_n(&ub[((ci * 40) + x)], uu, 4 * (vn));
          oo = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(qk[((ci * 16) + ci)])), uu, oo);
          kf_hvx_store_n(&o[(((((((b * T) + (t0 + ci)) * 2) + h) * 40) + j0) + x)], kf_hvx_fmul(oo, Q6_V_vsplat_R(kf_f32_bits(0.14433756729740646f))), 4 * (vn));
        }
        for (int32_t i0 = 0; i0 < 48; i0 += 4) {
          HVX_Vector sr_0 = kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(elast)), Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&st[(((i0 + 0) * 40) + x)], 4 * (vn)), Q6_V_vzero()));
          HVX_Vector sr_1 = kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(elast)), Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&st[(((i0 + 1) * 40) + x)], 4 * (vn)), Q6_V_vzero()));
          HVX_Vector sr_2 = kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(elast)), Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&st[(((i0 + 2) * 40) + x)], 4 * (vn)), Q6_V_vzero()));
          HVX_Vector sr_3 = kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(elast)), Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&st[(((i0 + 3) * 40) + x)], 4 * (vn)), Q6_V_vzero()));
          for (int32_t cj = 0; cj < cc; cj++) {
            const HVX_Vector uj = Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&ub[((cj * 40) + x)], 4 * (vn)), Q6_V_vzero());
            const float dj = dl[cj];
            sr_0 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits((dj * kn[((cj * 48) + (i0 + 0))]))), uj, sr_0);
            sr_1 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits((dj * kn[((cj * 48) + (i0 + 1))]))), uj, sr_1);
            sr_2 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits((dj * kn[((cj * 48) + (i0 + 2))]))), uj, sr_2);
            sr_3 = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits((dj * kn[((cj * 48) + (i0 + 3))]))), uj, sr_3);
          }
          kf_hvx_store_n(&st[(((i0 + 0) * 40) + x)], sr_0, 4 * (vn));
          kf_hvx_store_n(&st[(((i0 + 1) * 40) + x)], sr_1, 4 * (vn));
          kf_hvx_store_n(&st[(((i0 + 2) * 40) + x)], sr_2, 4 * (vn));
          kf_hvx_store_n(&st[(((i0 + 3) * 40) + x)], sr_3, 4 * (vn));
        }
      }
    }
    for (int32_t x = 0; x < bv; x += 32) {
      const int32_t vn = ((32) < ((bv - x)) ? (32) : ((bv - x)));
      for (int32_t i = 0; i < 48; i++) {
        kf_hvx_store_n(&s[((sbase + (i * 40)) + x)], Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * (vn)), kf_hvx_load(&st[((i * 40) + x)], 4 * (vn)), Q6_V_vzero()), 4 * (vn));
      }
    }
  }
}
