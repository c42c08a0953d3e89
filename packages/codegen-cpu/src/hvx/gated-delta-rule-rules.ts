/**
 * f32 vectors on HVX for gated_delta_rule: the f32x32 vocabulary (one HVX_Vector of 32 lanes) added to
 * HvxRules. Element-wise products and sums go through kf_hvx_fmul / kf_hvx_fadd / kf_hvx_fsub:
 * - HVX v68 and later (__HVX_ARCH__ >= 68): the qfloat instructions (vmpy / vadd / vsub giving qf32 from
 *   sf operands, converted back to sf after each operation);
 * - before v68 (what this toolchain builds, -mv67, and what qemu-hexagon 7.2 executes: its decoder
 *   aborts on every HVX float instruction, qf32 and IEEE sf alike): IEEE single emulated on the 32-bit
 *   integer lanes (vmpye + vmpyo for the significand product as a Q31 multiply, vcl0 / per-lane vasl and
 *   vlsr to align and normalize, vmux for zeros), rounding to nearest with ties away, subnormals flushed
 *   to zero.
 * Both are HVX vector code over 32 lanes; scalars (exp of the gates, l2norm's square root, reciprocals)
 * stay on the scalar core. Tails: masked loads read only the aligned chunks holding their lanes (zeros
 * past them); masked stores are byte-predicated aligned stores of the chunks their lanes touch (no memcpy).
 */
import type { IsaRules, Spelling } from '@kforge/codegen-core';
import { HvxRules } from './rules.ts';

const F32_PREAMBLE = `
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
`;

const F32_RULES: Record<string, Spelling> = {
  'type:f32x32': 'HVX_Vector',
  'load:f32x32': 'kf_hvx_load($p, 128)',
  'load.mask:f32x32': 'Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * ($n)), kf_hvx_load($p, 4 * ($n)), Q6_V_vzero())',
  'store:f32x32': '*(HVX_UVector*)($p) = $a',
  'store.mask:f32x32': 'kf_hvx_store_n($p, $a, 4 * ($n))',
  'broadcast:f32x32': 'Q6_V_vsplat_R(kf_f32_bits($a))',
  'mul:f32x32': 'kf_hvx_fmul($a, $b)',
  'add:f32x32': 'kf_hvx_fadd($a, $b)',
  'sub:f32x32': 'kf_hvx_fsub($a, $b)',
  'fma:f32x32': 'kf_hvx_ffma($a, $b, $c)',
  'reduce.add:f32x32': 'kf_hvx_fsum($a)',
};

export const HVX_F32_LANES = 32;

export const HvxF32Rules: IsaRules = {
  name: 'hvx',
  preamble: `${HvxRules.preamble}\n${F32_PREAMBLE}`,
  rules: { ...HvxRules.rules, ...F32_RULES },
};
