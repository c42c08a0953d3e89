/**
 * C for a freestanding Hexagon program (no libc, no libm): the C dialect with its library calls
 * replaced by compiler builtins, so a kernel links against nothing.
 */
import { C_DIALECT, type Dialect } from '@kforge/codegen-core';

const LIBC_INCLUDES = /#include <(string|math)\.h>\n/g;

function builtins(spelling: string): string {
  return spelling.replace(/\b(memcpy|[a-z]+f?)\(/g, (call, name: string) => (name === 'memcpy' || /^(abs|fabsf?|sqrtf?|expf?|logf?|floorf?|roundf?)$/.test(name) ? `__builtin_${call}` : call));
}

export const FREESTANDING_C_DIALECT: Dialect = {
  ...C_DIALECT,
  name: 'c-freestanding',
  preamble: builtins(C_DIALECT.preamble.replace(LIBC_INCLUDES, '')),
  math: Object.fromEntries(Object.entries(C_DIALECT.math).map(([op, byType]) => [
    op, Object.fromEntries(Object.entries(byType).map(([t, s]) => [t, builtins(s)])),
  ])) as Dialect['math'],
  parallelForPragma: undefined,
};
