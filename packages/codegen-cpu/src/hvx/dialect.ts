/**
 * C for a freestanding Hexagon program (no libc, no libm): the C dialect with its library calls
 * replaced by compiler builtins, so a kernel links against nothing. Builtins the compiler inlines
 * (fabsf, fmaf) stay builtins; expf would be a libm call, so f32 exp is the polynomial of
 * math/exp.ts in scalar C, and f32 sqrt/rsqrt (compiler-rt's __hexagon_sqrtf otherwise) the Newton
 * iterations of math/sqrt.ts.
 */
import { C_DIALECT, type Dialect } from '@kforge/codegen-core';
import { EXP_F32_SCALAR_C } from '../math/exp.ts';
import { RSQRT_F32_SCALAR_C, SQRT_F32_SCALAR_C } from '../math/sqrt.ts';

const LIBC_INCLUDES = /#include <(string|math)\.h>\n/g;

function builtins(spelling: string): string {
  return spelling.replace(/\b(memcpy|[a-z]+f?)\(/g, (call, name: string) => (name === 'memcpy' || /^(abs|fabsf?|sqrtf?|expf?|logf?|floorf?|roundf?)$/.test(name) ? `__builtin_${call}` : call));
}

const builtinMath = Object.fromEntries(Object.entries(C_DIALECT.math).map(([op, byType]) => [
  op, Object.fromEntries(Object.entries(byType).map(([t, s]) => [t, builtins(s)])),
])) as Dialect['math'];

export const FREESTANDING_C_DIALECT: Dialect = {
  ...C_DIALECT,
  name: 'c-freestanding',
  preamble: builtins(C_DIALECT.preamble.replace(LIBC_INCLUDES, '')),
  math: {
    ...builtinMath,
    exp: { ...builtinMath.exp, f32: EXP_F32_SCALAR_C },
    sqrt: { ...builtinMath.sqrt, f32: SQRT_F32_SCALAR_C },
    rsqrt: { ...builtinMath.rsqrt, f32: RSQRT_F32_SCALAR_C },
  },
  parallelForPragma: undefined,
};
