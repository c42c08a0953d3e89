/**
 * RVV 1.0 instruction selection: IR operations on scalable vectors (`lanes: 'vl'`, `lmul`) to
 * `__riscv_v*` intrinsics. Every operation passes its `vl` ($vl); nothing assumes VLEN.
 *
 * The table is generated over the register-group sizes the gemv lowering uses: f32 at LMUL 1..8 with
 * its narrower companions at the same SEW/LMUL ratio (u8/i8 at LMUL/4, f16/bf16 at LMUL/2), so one
 * `vsetvl_e32m<L>` vector length serves all of them; and i8 at LMUL 1..4 with its i16 products at
 * twice the LMUL for the int8 path.
 *
 * - Accumulating fma uses the tail-undisturbed form (`vfmacc_vv_*_tu`): the last strip of K has a
 *   shorter vl, and the accumulator's lanes beyond it must keep their partial sums.
 * - f16 -> f32 without Zvfhmin (rv64gcv has no f16 vector types): the exponent and mantissa bits
 *   shifted into f32 position, times 2^112 to rebias, exact for normal and subnormal halves.
 * - int8 dot products: `vwmacc` i8 x i8 -> i16, then `vwredsum` i16 -> i32 (widening reduction).
 * - The f32 element-wise vocabulary (vocabularyRules): every operation (binary, compares, unary,
 *   select, exp's steps) takes the operation's vl and leaves the lanes past it undefined (tail
 *   agnostic), so a short strip costs only its lanes and a running max over strips reduces each strip
 *   at its vl (`vfredmax` with vl: no VLMAX work); a compare yields a mask register (`boolxvl` at the
 *   f32's LMUL as `vbool<32/LMUL>_t`). A load with a fill is the tail-undisturbed load into a splat
 *   of the fill at VLMAX, for a vector accumulator kept at the first strip's length.
 */
import type { IsaRules, Spelling } from '@kforge/codegen-core';
import { expSpelling } from '../math/exp.ts';

/** f32 LMULs of the float path */
export const RVV_F32_LMULS = [1, 2, 4, 8] as const;
/** i8 LMULs of the int8 path (its i16 products take twice as many registers) */
export const RVV_I8_LMULS = [1, 2, 4] as const;

/** 'm1', 'm2', 'mf2', 'mf4' */
function lmulSuffix(lmul: number): string {
  return lmul >= 1 ? `m${lmul}` : `mf${1 / lmul}`;
}

/** IR type key spelling of the LMUL (build.ts typeKey): none for 1 */
function keyLmul(lmul: number): string {
  return lmul === 1 ? '' : `m${lmul}`;
}

/** f16 and bf16 vectors hold raw bits: uint16 registers */
const ELEM_SPELLING = { f32: 'f32', u8: 'u8', i8: 'i8', i16: 'i16', i32: 'i32', u16: 'u16', u32: 'u32', f16: 'u16', bf16: 'u16' } as const;
type RvvElem = keyof typeof ELEM_SPELLING;
const C_TYPE_WORD = { f32: 'float32', u8: 'uint8', i8: 'int8', i16: 'int16', i32: 'int32', u16: 'uint16', u32: 'uint32' } as const;

/** `u8mf4`, `f32m2`: the suffix of an intrinsic's name */
function sfx(elem: RvvElem, lmul: number): string {
  return `${ELEM_SPELLING[elem]}${lmulSuffix(lmul)}`;
}

function cType(elem: RvvElem, lmul: number): string {
  return `v${C_TYPE_WORD[ELEM_SPELLING[elem]]}${lmulSuffix(lmul)}_t`;
}

function key(elem: RvvElem | 'bool', lmul: number): string {
  return `${elem}xvl${keyLmul(lmul)}`;
}

function floatRules(L: number, out: Record<string, Spelling>): void {
  const F = sfx('f32', L);
  const U32 = sfx('u32', L);
  const H = L / 2;
  const Q = L / 4;
  for (const [elem, lmul] of [['f32', L], ['f16', H], ['bf16', H], ['u8', Q], ['i8', Q]] as const) out[`type:${key(elem, lmul)}`] = cType(elem, lmul);
  out[`setvl:f32m${L}`] = `__riscv_vsetvl_e32${lmulSuffix(L)}($a)`;
  out[`broadcast:${key('f32', L)}`] = `__riscv_vfmv_v_f_${F}($a, $vl)`;
  out[`load:${key('f32', L)}`] = `__riscv_vle32_v_${F}($p, $vl)`;
  out[`load:${key('f16', H)}`] = `__riscv_vle16_v_${sfx('u16', H)}((const uint16_t*)($p), $vl)`;
  out[`load:${key('bf16', H)}`] = `__riscv_vle16_v_${sfx('u16', H)}((const uint16_t*)($p), $vl)`;
  out[`load:${key('u8', Q)}`] = `__riscv_vle8_v_${sfx('u8', Q)}((const uint8_t*)($p), $vl)`;
  out[`load:${key('i8', Q)}`] = `__riscv_vle8_v_${sfx('i8', Q)}((const int8_t*)($p), $vl)`;
  out[`cast:${key('f16', H)}->${key('f32', L)}`] = `kf_rvv_f16_to_f32_${F}($a, $vl)`;
  out[`cast:${key('bf16', H)}->${key('f32', L)}`] = `__riscv_vreinterpret_v_${U32}_${F}(__riscv_vsll_vx_${U32}(__riscv_vzext_vf2_${U32}($a, $vl), 16, $vl))`;
  // codes widen to 16 bits, then the widening convert vfwcvt to f32
  out[`cast:${key('u8', Q)}->${key('f32', L)}`] = `__riscv_vfwcvt_f_xu_v_${F}(__riscv_vzext_vf2_${sfx('u16', H)}($a, $vl), $vl)`;
  out[`cast:${key('i8', Q)}->${key('f32', L)}`] = `__riscv_vfwcvt_f_x_v_${F}(__riscv_vsext_vf2_${sfx('i16', H)}($a, $vl), $vl)`;
  out[`fma:${key('f32', L)}`] = `__riscv_vfmacc_vv_${F}_tu($c, $a, $b, $vl)`;
  out[`mul:${key('f32', L)}`] = `__riscv_vfmul_vv_${F}($a, $b, $vl)`;
  out[`reduce.add:${key('f32', L)}`] = `__riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_${F}_f32m1($a, __riscv_vfmv_s_f_f32m1(0.0f, 1), $vl))`;
  byteRules(Q, out);
}

/** nibble unpacking on u8 vectors of LMUL `B` */
function byteRules(B: number, out: Record<string, Spelling>): void {
  const U8 = sfx('u8', B);
  out[`broadcast:${key('u8', B)}`] = `__riscv_vmv_v_x_${U8}($a, $vl)`;
  out[`and:${key('u8', B)}`] = `__riscv_vand_vv_${U8}($a, $b, $vl)`;
  out[`shr:${key('u8', B)}`] = `__riscv_vsrl_vx_${U8}($a, $b, $vl)`;
}

function int8Rules(B: number, out: Record<string, Spelling>): void {
  const W = 2 * B;
  const I16 = sfx('i16', W);
  for (const [elem, lmul] of [['i8', B], ['u8', B], ['i16', W]] as const) out[`type:${key(elem, lmul)}`] = cType(elem, lmul);
  out[`setvl:i8m${B}`] = `__riscv_vsetvl_e8${lmulSuffix(B)}($a)`;
  out[`load:${key('i8', B)}`] = `__riscv_vle8_v_${sfx('i8', B)}((const int8_t*)($p), $vl)`;
  out[`load:${key('u8', B)}`] = `__riscv_vle8_v_${sfx('u8', B)}((const uint8_t*)($p), $vl)`;
  out[`bitcast:${key('u8', B)}->${key('i8', B)}`] = `__riscv_vreinterpret_v_${sfx('u8', B)}_${sfx('i8', B)}($a)`;
  out[`broadcast:${key('i16', W)}`] = `__riscv_vmv_v_x_${I16}($a, $vl)`;
  out[`wmacc:${key('i16', W)},${key('i8', B)},${key('i8', B)}`] = `__riscv_vwmacc_vv_${I16}($a, $b, $c, $vl)`;
  out[`reduce.add:${key('i16', W)}->i32`] = `__riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_${I16}_i32m1($a, __riscv_vmv_s_x_i32m1(0, 1), $vl))`;
  byteRules(B, out);
}

function f16Helper(L: number): string {
  const F = sfx('f32', L);
  const U32 = sfx('u32', L);
  return `static inline ${cType('f32', L)} kf_rvv_f16_to_f32_${F}(${cType('u16', L / 2)} h, size_t vl) {
  ${cType('u32', L)} w = __riscv_vzext_vf2_${U32}(h, vl);
  ${cType('u32', L)} magnitude = __riscv_vsll_vx_${U32}(__riscv_vand_vx_${U32}(w, 0x7fffu, vl), 13, vl);
  ${cType('u32', L)} sign = __riscv_vsll_vx_${U32}(__riscv_vand_vx_${U32}(w, 0x8000u, vl), 16, vl);
  ${cType('f32', L)} f = __riscv_vfmul_vf_${F}(__riscv_vreinterpret_v_${U32}_${F}(magnitude), 0x1p112f, vl);
  return __riscv_vreinterpret_v_${U32}_${F}(__riscv_vor_vv_${U32}(__riscv_vreinterpret_v_${F}_${U32}(f), sign, vl));
}`;
}

/** the element-wise f32 vocabulary at LMUL `L` (see the header) */
function vocabularyRules(L: number, out: Record<string, Spelling>): void {
  const F = sfx('f32', L);
  const I = sfx('i32', L);
  const B = `b${32 / L}`;
  const vlmax = `__riscv_vsetvlmax_e32${lmulSuffix(L)}()`;
  const k = key('f32', L);
  out[`type:${key('bool', L)}`] = `vbool${32 / L}_t`;
  for (const [fn, insn] of [['add', 'vfadd'], ['sub', 'vfsub'], ['div', 'vfdiv'], ['min', 'vfmin'], ['max', 'vfmax']]) {
    out[`${fn}:${k}`] = `__riscv_${insn}_vv_${F}($a, $b, $vl)`;
  }
  for (const fn of ['lt', 'le', 'gt', 'ge', 'eq', 'ne']) out[`${fn}:${k}`] = `__riscv_vmf${fn}_vv_${F}_${B}($a, $b, $vl)`;
  out[`select:${k}`] = `__riscv_vmerge_vvm_${F}($c, $b, $a, $vl)`;
  out[`neg:${k}`] = `__riscv_vfneg_v_${F}($a, $vl)`;
  out[`abs:${k}`] = `__riscv_vfabs_v_${F}($a, $vl)`;
  out[`sqrt:${k}`] = `__riscv_vfsqrt_v_${F}($a, $vl)`;
  out[`rsqrt:${k}`] = `__riscv_vfrdiv_vf_${F}(__riscv_vfsqrt_v_${F}($a, $vl), 1.0f, $vl)`;
  out[`load.fill:${k}`] = `__riscv_vle32_v_${F}_tu(__riscv_vfmv_v_f_${F}($b, ${vlmax}), $p, $vl)`;
  // vfmax/vfmin return the number of a NaN pair, so the clamps compare and merge to keep a NaN x
  const clamp = (cmp: string): string => `__riscv_vmerge_vvm_${F}($a, $b, __riscv_${cmp}_vv_${F}_${B}($a, $b, kf_evl), kf_evl)`;
  out[`exp:${k}`] = expSpelling({
    F: cType('f32', L), I: cType('i32', L), prologue: 'const size_t kf_evl = $vl;',
    f: `__riscv_vfmv_v_f_${F}($a, kf_evl)`, i: `__riscv_vmv_v_x_${I}($a, kf_evl)`,
    atLeast: clamp('vmflt'), atMost: clamp('vmfgt'),
    fma: `__riscv_vfmacc_vv_${F}($c, $a, $b, kf_evl)`, sub: `__riscv_vfsub_vv_${F}($a, $b, kf_evl)`, mul: `__riscv_vfmul_vv_${F}($a, $b, kf_evl)`,
    bits: `__riscv_vreinterpret_v_${F}_${I}($a)`, fromBits: `__riscv_vreinterpret_v_${I}_${F}($a)`,
    isub: `__riscv_vsub_vv_${I}($a, $b, kf_evl)`, iadd: `__riscv_vadd_vv_${I}($a, $b, kf_evl)`,
    sra: `__riscv_vsra_vx_${I}($a, $b, kf_evl)`, shl: `__riscv_vsll_vx_${I}($a, $b, kf_evl)`,
  });
  for (const [fn, identity] of [['max', '-INFINITY'], ['min', 'INFINITY']]) {
    out[`reduce.${fn}:${k}`] = `__riscv_vfmv_f_s_f32m1_f32(__riscv_vfred${fn}_vs_${F}_f32m1($a, __riscv_vfmv_s_f_f32m1(${identity}, 1), $vl))`;
  }
  out[`store:${k}`] = `__riscv_vse32_v_${F}($p, $a, $vl)`;
}

function buildRules(): Record<string, Spelling> {
  const out: Record<string, Spelling> = {};
  for (const L of RVV_F32_LMULS) floatRules(L, out);
  for (const L of RVV_F32_LMULS) vocabularyRules(L, out);
  for (const B of RVV_I8_LMULS) int8Rules(B, out);
  return out;
}

export const RvvRules: IsaRules = {
  name: 'rvv',
  preamble: ['#include <riscv_vector.h>', ...RVV_F32_LMULS.map(f16Helper)].join('\n\n'),
  rules: buildRules(),
};
