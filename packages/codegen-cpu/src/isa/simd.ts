/**
 * A fixed-width SIMD ISA as the CPU lowerings see it: an instruction rule table (keys as in
 * codegen-core's dialect.ts) plus the few shape facts a lowering needs to pick vector types.
 * One kernel skeleton per op, one of these per ISA (XNNPACK's simd/f32-*.h idea).
 */
import type { IsaRules } from '@kforge/codegen-core';

export interface SimdIsa {
  readonly rules: IsaRules;
  /** f32 lanes of one register; 1 = scalar code (the portable c target) */
  readonly f32Lanes: number;
  /**
   * Integer dot products: bytes of one dot operand (32 on x86: one 32-element block per ymm; 16 on
   * NEON: half a block), and whether the unsigned-by-signed form exists (x86 vpdpbusd/vpmaddubsw take
   * u8 x i8; NEON sdot is i8 x i8, where 4-bit codes 0..15 are simply reinterpreted). 1 = scalar.
   */
  readonly dotBytes: 1 | 16 | 32;
  /**
   * Bytes of a wider int8 dot vector the ISA also has (AVX-512: 64, zmm `vpdpbusd`), which the gemv
   * int8 groups use when the config asks for it (gemv/simd.ts `dot_width`); absent: dotBytes only.
   */
  readonly wideDotBytes?: 64;
}
