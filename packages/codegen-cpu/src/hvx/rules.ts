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
 */
import type { IsaRules, Spelling } from '@kforge/codegen-core';

const TYPES = ['i8x128', 'u8x128', 'i32x32', 'i8x32', 'u8x32', 'u8x16', 'i32x8'] as const;

const splatByte = (a: string): string => `Q6_V_vsplat_R(0x01010101u * (uint8_t)(${a}))`;
const join = (o: { all: readonly string[] }, partBytes: number): string => `kf_hvx_join${o.all.length}(${o.all.join(', ')}, ${partBytes})`;

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
