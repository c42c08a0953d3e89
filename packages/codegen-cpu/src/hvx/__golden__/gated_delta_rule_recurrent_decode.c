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

void gated_delta_rule_recurrent_h2x4_d64x64_l2_hvx_f32x32_bv32(const float* restrict q, const float* restrict k, const float* restrict v, const float* restrict g, const float* restrict beta, const float* s0, float* restrict o, float* s, int32_t B, int32_t T) {
  for (int32_t wi = 0; wi < (B * 8); wi++) {
    const int32_t b = (wi / 8);
    const int32_t h = ((wi / 2) % 4);
    const int32_t hk = (h / 2);
    const int32_t j0 = ((wi % 2) * 32);
    const int32_t bv = ((32) < ((64 - j0)) ? (32) : ((64 - j0)));
    const int32_t sbase = ((((b * 4) + h) * 4096) + j0);
    float st[2048];
    float kn[128];
    float qn[128];
    float akb[32];
    float aqb[32];
    float kqc = 0.0f;
    float kqn = 0.0f;
    const int32_t qkrow_0 = (((((b * T) + 0) * 2) + hk) * 64);
    HVX_Vector sk_0 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
    HVX_Vector sq_0 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
    HVX_Vector skq_0 = Q6_V_vsplat_R(kf_f32_bits(0.0f));
    for (int32_t x = 0; x < 64; x += 32) {
      const int32_t vn = ((32) < ((64 - x)) ? (32) : ((64 - x)));
      const HVX_Vector kx_0 = kf_hvx_load(&k[(qkrow_0 + x)], 128);
      const HVX_Vector qx_0 = kf_hvx_load(&q[(qkrow_0 + x)], 128);
      sk_0 = kf_hvx_ffma(kx_0, kx_0, sk_0);
      sq_0 = kf_hvx_ffma(qx_0, qx_0, sq_0);
      skq_0 = kf_hvx_ffma(kx_0, qx_0, skq_0);
    }
    const float ik_0 = (1.0f / ({ const float kf_sx = ((kf_hvx_fsum(sk_0) + 0.000001f)); const int kf_stiny = (kf_sx < 5.421010862427522e-20f); const float kf_sxs = (kf_stiny ? (kf_sx * 18446744073709552000.0f) : kf_sx); const float kf_shx = (kf_sxs * 0.5f); const float kf_sy0 = ((union { uint32_t u; float f; }){ .u = (1597463174u - (((union { float f; uint32_t u; }){ .f = kf_sxs }).u >> 1)) }).f; const float kf_se1 = __builtin_fmaf(-((kf_shx * kf_sy0)), kf_sy0, 0.5f); const float kf_sy1 = __builtin_fmaf(kf_sy0, kf_se1, kf_sy0); const float kf_se2 = __builtin_fmaf(-((kf_shx * kf_sy1)), kf_sy1, 0.5f); const float kf_sy2 = __builtin_fmaf(kf_sy1, kf_se2, kf_sy1); const float kf_se3 = __builtin_fmaf(-((kf_shx * kf_sy2)), kf_sy2, 0.5f); const float kf_sy3 = __builtin_fmaf(kf_sy2, kf_se3, kf_sy2); const float kf_ss0 = (kf_sxs * kf_sy3); const float kf_ss1 = __builtin_fmaf((kf_sy3 * 0.5f), __builtin_fmaf(-(kf_ss0), kf_ss0, kf_sxs), kf_ss0); const float kf_ss = (kf_stiny ? (kf_ss1 * 2.3283064365386963e-10f) : kf_ss1); const float kf_ssi = ((kf_sx == __builtin_inff()) ? kf_sx : kf_ss); const float kf_ssz = ((kf_sx == 0.0f) ? kf_sx : kf_ssi); ((kf_sx < 0.0f) ? __builtin_nanf("") : kf_ssz); }));
    const float iq_0 = (1.0f / ({ const float kf_sx = ((kf_hvx_fsum(sq_0) + 0.000001f)); const int kf_stiny = (kf_sx < 5.421010862427522e-20f); const float kf_sxs = (kf_stiny ? (kf_sx * 18446744073709552000.0f) : kf_sx); const float kf_shx = (kf_sxs * 0.5f); const float kf_sy0 = ((union { uint32_t u; float f; }){ .u = (1597463174u - (((union { float f; uint32_t u; }){ .f = kf_sxs }).u >> 1)) }).f; const float kf_se1 = __builtin_fmaf(-((kf_shx * kf_sy0)), kf_sy0, 0.5f); const float kf_sy1 = __builtin_fmaf(kf_sy0, kf_se1, kf_sy0); const float kf_se2 = __builtin_fmaf(-((kf_shx * kf_sy1)), kf_sy1, 0.5f); const float kf_sy2 = __builtin_fmaf(kf_sy1, kf_se2, kf_sy1); const float kf_se3 = __builtin_fmaf(-((kf_shx * kf_sy2)), kf_sy2, 0.5f); const float kf_sy3 = __builtin_fmaf(kf_sy2, kf_se3, kf_sy2); const float kf_ss0 = (kf_sxs * kf_sy3); const float kf_ss1 = __builtin_fmaf((kf_sy3 * 0.5f), __builtin_fmaf(-(kf_ss0), kf_ss0, kf_sxs), kf_ss0); const float kf_ss = (kf_stiny ? (kf_ss1 * 2.3283064365386963e-10f) : kf_ss1); const float kf_ssi = ((kf_sx == __builtin_inff()) ? kf_sx : kf_ss); const float kf_ssz = ((kf_sx == 0.0f) ? kf_sx : kf_ssi); ((kf_sx < 0.0f) ? __builtin_nanf("") : kf_ssz); }));
    for (int32_t x = 0; x < 64; x += 32) {
      const int32_t vn = ((32) < ((64 - x)) ? (32) : ((64 - x)));
      *(HVX_UVector*)(&kn[(0 + x)]) = kf_hvx_fmul(kf_hvx_load(&k[(qkrow_0 + x)], 128), Q6_V_vsplat_R(kf_f32_bits(ik_0)));
      *(HVX_UVector*)(&qn[(0 + x)]) = kf_hvx_fmul(kf_hvx_load(&q[(qkrow_0 + x)], 128), Q6_V_vsplat_R(kf_f32_bits(iq_0)));
    }
    kqc = ((kf_hvx_fsum(skq_0) * ik_0) * iq_0);
    for (int32_t x = 0; x < bv; x += 32) {
      const int32_t vn = ((32) < ((bv - x)) ? (32) : ((bv - x)));
      HVX_Vector ak = Q6_V_vsplat_R(kf_f32_bits(0.0f));
      HVX_Vector aq = Q6_V_vsplat_R(kf_f32_bits(0.0f));
      for (int32_t i = 0; i < 64; i++) {
        const HVX_Vector sv = kf_hvx_load(&s0[((sbase + (i * 64)) + x)], 128);
        *(HVX_UVector*)(&st[((i * 32) + x)]) = sv;
        ak = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(kn[((0 * 64) + i)])), sv, ak);
        aq = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(qn[((0 * 64) + i)])), sv, aq);
      }
      *(HVX_UVector*)(&akb[x]) = ak;
      *(HVX_UVector*)(&aqb[x]) = aq;
    }
    for (int32_t t = 0; t < T; t++) {
      const int32_t cur = (t % 2);
      const int32_t nxt = (1 - cur);
      const int32_t gate = ((((b * T) + t) * 4) + h);
      const float a = ({ const float kf_ex = (g[gate]); const float kf_exl = (kf_ex < -104.0f ? -104.0f : kf_ex); const float kf_exc = (kf_exl > 89.0f ? 89.0f : kf_exl); const float kf_enb = __builtin_fmaf(kf_exc, 1.4426950216293335f, 12582912.0f); const float kf_en = (kf_enb - 12582912.0f); const float kf_erh = __builtin_fmaf(kf_en, -0.693145751953125f, kf_exc); const float kf_er = __builtin_fmaf(kf_en, -0.000001428606765330187f, kf_erh); const float kf_ep1 = __builtin_fmaf(0.008289290592074394f, kf_er, 0.04189782217144966f); const float kf_ep2 = __builtin_fmaf(kf_ep1, kf_er, 0.16667652130126953f); const float kf_ep3 = __builtin_fmaf(kf_ep2, kf_er, 0.4999915063381195f); const float kf_ep4 = __builtin_fmaf(kf_ep3, kf_er, 0.9999997019767761f); const float kf_ep5 = __builtin_fmaf(kf_ep4, kf_er, 1.0f); const uint32_t kf_eni = (((union { float f; uint32_t u; }){ .f = kf_enb }).u - 1262485504u); const uint32_t kf_enh = (uint32_t)((int32_t)kf_eni >> 1); const float kf_es1 = ((union { uint32_t u; float f; }){ .u = ((kf_enh + 127u) << 23) }).f; const float kf_es2 = ((union { uint32_t u; float f; }){ .u = (((kf_eni - kf_enh) + 127u) << 23) }).f; (kf_ex != kf_ex ? kf_ex : ((kf_ep5 * kf_es1) * kf_es2)); });
      const float bt = beta[gate];
      const float as = (a * 0.125f);
      const int more = ((t + 1) < T);
      if (more) {
        const int32_t qkrow = (((((b * T) + (t + 1)) * 2) + hk) * 64);
        HVX_Vector sk = Q6_V_vsplat_R(kf_f32_bits(0.0f));
        HVX_Vector sq = Q6_V_vsplat_R(kf_f32_bits(0.0f));
        HVX_Vector skq = Q6_V_vsplat_R(kf_f32_bits(0.0f));
        for (int32_t x = 0; x < 64; x += 32) {
          const int32_t vn = ((32) < ((64 - x)) ? (32) : ((64 - x)));
          const HVX_Vector kx = kf_hvx_load(&k[(qkrow + x)], 128);
          const HVX_Vector qx = kf_hvx_load(&q[(qkrow + x)], 128);
          sk = kf_hvx_ffma(kx, kx, sk);
          sq = kf_hvx_ffma(qx, qx, sq);
          skq = kf_hvx_ffma(kx, qx, skq);
        }
        const float ik = (1.0f / ({ const float kf_sx = ((kf_hvx_fsum(sk) + 0.000001f)); const int kf_stiny = (kf_sx < 5.421010862427522e-20f); const float kf_sxs = (kf_stiny ? (kf_sx * 18446744073709552000.0f) : kf_sx); const float kf_shx = (kf_sxs * 0.5f); const float kf_sy0 = ((union { uint32_t u; float f; }){ .u = (1597463174u - (((union { float f; uint32_t u; }){ .f = kf_sxs }).u >> 1)) }).f; const float kf_se1 = __builtin_fmaf(-((kf_shx * kf_sy0)), kf_sy0, 0.5f); const float kf_sy1 = __builtin_fmaf(kf_sy0, kf_se1, kf_sy0); const float kf_se2 = __builtin_fmaf(-((kf_shx * kf_sy1)), kf_sy1, 0.5f); const float kf_sy2 = __builtin_fmaf(kf_sy1, kf_se2, kf_sy1); const float kf_se3 = __builtin_fmaf(-((kf_shx * kf_sy2)), kf_sy2, 0.5f); const float kf_sy3 = __builtin_fmaf(kf_sy2, kf_se3, kf_sy2); const float kf_ss0 = (kf_sxs * kf_sy3); const float kf_ss1 = __builtin_fmaf((kf_sy3 * 0.5f), __builtin_fmaf(-(kf_ss0), kf_ss0, kf_sxs), kf_ss0); const float kf_ss = (kf_stiny ? (kf_ss1 * 2.3283064365386963e-10f) : kf_ss1); const float kf_ssi = ((kf_sx == __builtin_inff()) ? kf_sx : kf_ss); const float kf_ssz = ((kf_sx == 0.0f) ? kf_sx : kf_ssi); ((kf_sx < 0.0f) ? __builtin_nanf("") : kf_ssz); }));
        const float iq = (1.0f / ({ const float kf_sx = ((kf_hvx_fsum(sq) + 0.000001f)); const int kf_stiny = (kf_sx < 5.421010862427522e-20f); const float kf_sxs = (kf_stiny ? (kf_sx * 18446744073709552000.0f) : kf_sx); const float kf_shx = (kf_sxs * 0.5f); const float kf_sy0 = ((union { uint32_t u; float f; }){ .u = (1597463174u - (((union { float f; uint32_t u; }){ .f = kf_sxs }).u >> 1)) }).f; const float kf_se1 = __builtin_fmaf(-((kf_shx * kf_sy0)), kf_sy0, 0.5f); const float kf_sy1 = __builtin_fmaf(kf_sy0, kf_se1, kf_sy0); const float kf_se2 = __builtin_fmaf(-((kf_shx * kf_sy1)), kf_sy1, 0.5f); const float kf_sy2 = __builtin_fmaf(kf_sy1, kf_se2, kf_sy1); const float kf_se3 = __builtin_fmaf(-((kf_shx * kf_sy2)), kf_sy2, 0.5f); const float kf_sy3 = __builtin_fmaf(kf_sy2, kf_se3, kf_sy2); const float kf_ss0 = (kf_sxs * kf_sy3); const float kf_ss1 = __builtin_fmaf((kf_sy3 * 0.5f), __builtin_fmaf(-(kf_ss0), kf_ss0, kf_sxs), kf_ss0); const float kf_ss = (kf_stiny ? (kf_ss1 * 2.3283064365386963e-10f) : kf_ss1); const float kf_ssi = ((kf_sx == __builtin_inff()) ? kf_sx : kf_ss); const float kf_ssz = ((kf_sx == 0.0f) ? kf_sx : kf_ssi); ((kf_sx < 0.0f) ? __builtin_nanf("") : kf_ssz); }));
        for (int32_t x = 0; x < 64; x += 32) {
          const int32_t vn = ((32) < ((64 - x)) ? (32) : ((64 - x)));
          *(HVX_UVector*)(&kn[((nxt * 64) + x)]) = kf_hvx_fmul(kf_hvx_load(&k[(qkrow + x)], 128), Q6_V_vsplat_R(kf_f32_bits(ik)));
          *(HVX_UVector*)(&qn[((nxt * 64) + x)]) = kf_hvx_fmul(kf_hvx_load(&q[(qkrow + x)], 128), Q6_V_vsplat_R(kf_f32_bits(iq)));
        }
        kqn = ((kf_hvx_fsum(skq) * ik) * iq);
      }
      const float kqs = (kqc * 0.125f);
      const int32_t vrow = ((gate * 64) + j0);
      for (int32_t x = 0; x < bv; x += 32) {
        const int32_t vn = ((32) < ((bv - x)) ? (32) : ((bv - x)));
        const HVX_Vector u = kf_hvx_fmul(kf_hvx_fsub(kf_hvx_load(&v[(vrow + x)], 128), kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(a)), kf_hvx_load(&akb[x], 128))), Q6_V_vsplat_R(kf_f32_bits(bt)));
        *(HVX_UVector*)(&o[(vrow + x)]) = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(kqs)), u, kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(as)), kf_hvx_load(&aqb[x], 128)));
        if (more) {
          HVX_Vector ak = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          HVX_Vector aq = Q6_V_vsplat_R(kf_f32_bits(0.0f));
          for (int32_t i = 0; i < 64; i++) {
            const HVX_Vector sv = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(kn[((cur * 64) + i)])), u, kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(a)), kf_hvx_load(&st[((i * 32) + x)], 128)));
            *(HVX_UVector*)(&st[((i * 32) + x)]) = sv;
            ak = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(kn[((nxt * 64) + i)])), sv, ak);
            aq = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(qn[((nxt * 64) + i)])), sv, aq);
          }
          *(HVX_UVector*)(&akb[x]) = ak;
          *(HVX_UVector*)(&aqb[x]) = aq;
        } else {
          for (int32_t i = 0; i < 64; i++) {
            *(HVX_UVector*)(&s[((sbase + (i * 64)) + x)]) = kf_hvx_ffma(Q6_V_vsplat_R(kf_f32_bits(kn[((cur * 64) + i)])), u, kf_hvx_fmul(Q6_V_vsplat_R(kf_f32_bits(a)), kf_hvx_load(&st[((i * 32) + x)], 128)));
          }
        }
      }
      kqc = kqn;
    }
  }
}
