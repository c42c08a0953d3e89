/**
 * Hexagon HVX (128-byte vectors, v67: integer only) instruction selection. Every vector type is one
 * `HVX_Vector`; a type with fewer bytes (a 32-byte block, 16 bytes of nibbles) uses the low bytes.
 *
 * - Loads read only the aligned 128-byte chunks that hold the wanted bytes (two aligned loads and a
 *   `valign`), never past them: the weight rows end inside a freestanding program's arena.
 * - `concat` places part i at byte offset i * part bytes with `vror` + `vmux`.
 * - Integer dot products are `vrmpy` (4 adjacent byte products summed into each 32-bit lane):
 *   i8 x i8 for q8_0 codes, u8 x i8 for 4-bit codes.
 * - There is no byte shift: `shr` on bytes shifts halfwords and clears the bits from the neighbour.
 * - The i32x32 element-wise vocabulary (top-k keys, indices): a compare yields a predicate
 *   (`boolx32` as `HVX_VectorPred`) for `vmux`; lt/le/ge/ne are gt/eq with swapped operands or
 *   negated. Horizontal max/min/add fold halves with `vror` (5 steps) and read lane 0. Float math
 *   has no vectors on v67: it runs on the scalar core (dialect.ts: exp as a polynomial, no libm).
 */
import type { IsaRules, Spelling } from '@kforge/codegen-core';

const TYPES = ['i8x128', 'u8x128', 'i32x32', 'i8x32', 'u8x32', 'u8x16', 'i32x8'] as const;

const splatByte = (a: string): string => `Q6_V_vsplat_R(0x01010101u * (uint8_t)(${a}))`;
const join = (o: { all: readonly string[] }, partBytes: number): string => `kf_hvx_join${o.all.length}(${o.all.join(', ')}, ${partBytes})`;

/** fold the 32 lanes with `op` (5 rotations by halves), lane 0 as a scalar */
const fold = (op: string): string => `({ HVX_Vector kf_v = ($a); for (uint32_t kf_s = 64; kf_s >= 4; kf_s /= 2) kf_v = ${op}(kf_v, Q6_V_vror_VR(kf_v, kf_s)); `
  + 'Q6_R_vextract_VR(kf_v, 0); })';

const I32X32_RULES: Record<string, Spelling> = {
  'type:boolx32': 'HVX_VectorPred',
  'load:i32x32': 'kf_hvx_load($p, 128)',
  'add:i32x32': 'Q6_Vw_vadd_VwVw($a, $b)',
  'sub:i32x32': 'Q6_Vw_vsub_VwVw($a, $b)',
  'min:i32x32': 'Q6_Vw_vmin_VwVw($a, $b)',
  'max:i32x32': 'Q6_Vw_vmax_VwVw($a, $b)',
  'gt:i32x32': 'Q6_Q_vcmp_gt_VwVw($a, $b)',
  'lt:i32x32': 'Q6_Q_vcmp_gt_VwVw($b, $a)',
  'ge:i32x32': 'Q6_Q_not_Q(Q6_Q_vcmp_gt_VwVw($b, $a))',
  'le:i32x32': 'Q6_Q_not_Q(Q6_Q_vcmp_gt_VwVw($a, $b))',
  'eq:i32x32': 'Q6_Q_vcmp_eq_VwVw($a, $b)',
  'ne:i32x32': 'Q6_Q_not_Q(Q6_Q_vcmp_eq_VwVw($a, $b))',
  'select:i32x32': 'Q6_V_vmux_QVV($a, $b, $c)',
  'reduce.max:i32x32': fold('Q6_Vw_vmax_VwVw'),
  'reduce.min:i32x32': fold('Q6_Vw_vmin_VwVw'),
  'reduce.add:i32x32': fold('Q6_Vw_vadd_VwVw'),
  'store:i32x32': '*(HVX_UVector*)($p) = $a',
  // tails (n < 32 lanes): the chunks holding the first n lanes, the rest 0 or the fill ($b); stores copy n lanes
  'load.mask:i32x32': 'Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * ($n)), kf_hvx_load($p, 4 * ($n)), Q6_V_vzero())',
  'load.mask.fill:i32x32': 'Q6_V_vmux_QVV(Q6_Q_vsetq2_R(4 * ($n)), kf_hvx_load($p, 4 * ($n)), Q6_V_vsplat_R($b))',
  'store.mask:i32x32': '({ const HVX_Vector kf_t = $a; __builtin_memcpy($p, &kf_t, 4 * ($n)); })',
};

const rules: Record<string, Spelling> = {
  ...Object.fromEntries(TYPES.map((t) => [`type:${t}`, 'HVX_Vector'])),
  'load:i8x128': 'kf_hvx_load($p, 128)',
  'load:i8x32': 'kf_hvx_load($p, 32)',
  'load:u8x16': 'kf_hvx_load($p, 16)',
  'broadcast:u8x16': (o) => splatByte(o.a),
  'broadcast:i32x32': 'Q6_V_vsplat_R($a)',
  'broadcast:i32x8': 'Q6_V_vsplat_R($a)',
  'and:u8x16': 'Q6_V_vand_VV($a, $b)',
  'shr:u8x16': (o) => `Q6_V_vand_VV(Q6_Vuh_vlsr_VuhR(${o.a}, ${o.b}), ${splatByte(`0xffu >> ${o.b}`)})`,
  'concat:u8x16->u8x32': (o) => join(o, 16),
  'concat:u8x32->u8x128': (o) => join(o, 32),
  'concat:i8x32->i8x128': (o) => join(o, 32),
  'dot:i32x32,i8x128,i8x128': 'Q6_Vw_vrmpyacc_VwVbVb($a, $b, $c)',
  'dot:i32x32,u8x128,i8x128': 'Q6_Vw_vrmpyacc_VwVubVb($a, $b, $c)',
  'dot:i32x8,i8x32,i8x32': 'Q6_Vw_vrmpyacc_VwVbVb($a, $b, $c)',
  'dot:i32x8,u8x32,i8x32': 'Q6_Vw_vrmpyacc_VwVubVb($a, $b, $c)',
  'call.kf_hvx_sum8:i32x32': 'kf_hvx_sum8($a)',
  'lane:i32x32': 'Q6_R_vextract_VR($a, 4 * $n)',
  'reduce.add:i32x8': 'Q6_R_vextract_VR(kf_hvx_sum8($a), 0)',
  ...I32X32_RULES,
};

export const HvxRules: IsaRules = {
  name: 'hvx',
  preamble: `#include <hexagon_types.h>
#include <hexagon_protos.h>

/* bytes [p, p + n) into the low lanes, reading only the aligned chunks that hold them */
static inline HVX_Vector kf_hvx_load(const void* p, uint32_t n) {
  uintptr_t a = (uintptr_t)p;
  HVX_Vector lo = *(const HVX_Vector*)(a & ~(uintptr_t)127);
  HVX_Vector hi = *(const HVX_Vector*)((a + n - 1) & ~(uintptr_t)127);
  return Q6_V_valign_VVR(hi, lo, (uint32_t)a);
}
/* b's low bytes placed after the first \`at\` bytes of a */
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
}`,
  rules,
};
