/**
 * sqrt and rsqrt on f32 without a square-root instruction or libm (the freestanding Hexagon scalar
 * core, where clang calls compiler-rt's __hexagon_sqrtf), described once here like exp (exp.ts) and
 * instantiated through `SqrtOps`: as scalar C (`SQRT_F32_SCALAR_C`, `RSQRT_F32_SCALAR_C`) and as
 * numbers (`sqrtF32Reference`, `rsqrtF32Reference`, the float32 model the accuracy test measures).
 *
 *   1. Inputs below 2^-64 (denormals included) are scaled by 2^64, so that x/2 and every product
 *      below stay normal; the results are scaled back by 2^-32 (sqrt) or 2^32 (rsqrt), exactly.
 *   2. The seed 0x5f375a86 - (bits >> 1) (Lomont's constant) is rsqrt within 3.5%; three Newton steps
 *      y += y (1/2 - x/2 y^2), each an FMA for the residual and one for the update, bring that to
 *      rounding error (1.75e-3, 4.6e-6, then below 1e-10 in exact arithmetic).
 *   3. sqrt is x y corrected once: s += y/2 (x - s^2), the residual in one FMA (Markstein's step).
 *   4. Special values by selects: ±0 (rsqrt ±inf, sqrt keeps the zero), +inf (rsqrt 0, sqrt inf),
 *      x < 0 (NaN); a NaN x makes every step NaN.
 *
 * Accuracy against Math.sqrt over every binade of f32, denormals included (math/sqrt.test.ts for this
 * model, isa/vocabulary.test.ts for the code on qemu-hexagon): sqrt is the correctly rounded float on
 * every 37th positive float (57.8 million inputs; error at most 0.5 ulp), rsqrt within 1 ulp of the
 * exact 1/sqrt(x) (measured 0.996 ulp, at x = 4.93e-32); 1.0f / sqrtf(x) is itself up to 1 ulp off.
 */

/** What the description needs from an ISA: float lanes F, 32-bit unsigned integer lanes I, conditions B. */
export interface SqrtOps<F, I, B> {
  f(value: number): F;
  i(value: number): I;
  /** a * b + c and c - a * b, fused */
  fma(a: F, b: F, c: F): F;
  fnma(a: F, b: F, c: F): F;
  mul(a: F, b: F): F;
  bits(a: F): I;
  fromBits(a: I): F;
  isub(a: I, b: I): I;
  or(a: I, b: I): I;
  /** logical shift right by a constant */
  shr(a: I, n: number): I;
  /** ordered compares (false on NaN) and a select */
  lt(a: F, b: F): B;
  eq(a: F, b: F): B;
  select(cond: B, a: F, b: F): F;
  /** name an intermediate (code: declare a variable; numbers: the value itself) */
  letF(name: string, value: F): F;
  letB(name: string, value: B): B;
}

/** inputs below 2^-64 are scaled by 2^64 (sqrt's result by 2^-32, rsqrt's by 2^32): far from the denormals, so x/2 stays exact */
const SMALL = 2 ** -64;
const SEED = 0x5f375a86;
const NEWTON_STEPS = 3;

/** the shared part: the scaled input, whether it was scaled, and rsqrt of the scaled input */
function rsqrtScaled<F, I, B>(o: SqrtOps<F, I, B>, x: F): { xs: F; tiny: B; y: F } {
  const tiny = o.letB('tiny', o.lt(x, o.f(SMALL)));
  const xs = o.letF('xs', o.select(tiny, o.mul(x, o.f(2 ** 64)), x));
  const halfX = o.letF('hx', o.mul(xs, o.f(0.5)));
  let y = o.letF('y0', o.fromBits(o.isub(o.i(SEED), o.shr(o.bits(xs), 1))));
  for (let k = 1; k <= NEWTON_STEPS; k++) {
    // (x/2 y) y rather than x/2 y^2: y^2 leaves the normal range for x above 2^126
    const residual = o.letF(`e${k}`, o.fnma(o.mul(halfX, y), y, o.f(0.5)));
    y = o.letF(`y${k}`, o.fma(y, residual, y));
  }
  return { xs, tiny, y };
}

/** the one description of 1/sqrt(x) */
export function rsqrtF32<F, I, B>(o: SqrtOps<F, I, B>, x: F): F {
  const { tiny, y } = rsqrtScaled(o, x);
  const r = o.letF('r', o.select(tiny, o.mul(y, o.f(2 ** 32)), y));
  // ±0 -> ±inf from the zero's sign bit; +inf -> 0; below zero NaN
  const atZero = o.letF('rz', o.select(o.eq(x, o.f(0)), o.fromBits(o.or(o.bits(x), o.i(0x7f800000))), r));
  const atInf = o.letF('ri', o.select(o.eq(x, o.f(Infinity)), o.f(0), atZero));
  return o.select(o.lt(x, o.f(0)), o.f(NaN), atInf);
}

/** the one description of sqrt(x) */
export function sqrtF32<F, I, B>(o: SqrtOps<F, I, B>, x: F): F {
  const { xs, tiny, y } = rsqrtScaled(o, x);
  const s0 = o.letF('s0', o.mul(xs, y));
  const s1 = o.letF('s1', o.fma(o.mul(y, o.f(0.5)), o.fnma(s0, s0, xs), s0));
  const s = o.letF('s', o.select(tiny, o.mul(s1, o.f(2 ** -32)), s1));
  // ±0 and +inf are their own square roots (the Newton steps give 0 · huge and NaN); below zero NaN
  const atInf = o.letF('si', o.select(o.eq(x, o.f(Infinity)), x, s));
  const atZero = o.letF('sz', o.select(o.eq(x, o.f(0)), x, atInf));
  return o.select(o.lt(x, o.f(0)), o.f(NaN), atZero);
}

/** bounds of the model and the code, in units in the last place of the exact result (see the accuracy note) */
export const SQRT_F32_MAX_ULP = 0.5;
export const RSQRT_F32_MAX_ULP = 1;

/** |y - exact| in ulps of the float nearest `exact` (denormal results: of the smallest step) */
export function ulpError(y: number, exact: number): number {
  if (Number.isNaN(exact) || !Number.isFinite(exact)) return Object.is(y, exact) || (Number.isNaN(y) && Number.isNaN(exact)) ? 0 : Infinity;
  if (exact === 0) return Object.is(y, exact) ? 0 : Infinity;
  const ulp = 2 ** Math.max(Math.floor(Math.log2(Math.abs(exact))) - 23, -149);
  return Math.abs(y - exact) / ulp;
}

// ---- numbers: the float32 model ----

const word = new DataView(new ArrayBuffer(4));
const f = Math.fround;

/** float32 arithmetic; a fused operation as one double operation rounded to float (the product of two floats is exact in double) */
const NUMBER_OPS: SqrtOps<number, number, boolean> = {
  f, i: (v) => v >>> 0,
  fma: (a, b, c) => f(a * b + c), fnma: (a, b, c) => f(c - a * b), mul: (a, b) => f(a * b),
  bits: (a) => { word.setFloat32(0, a); return word.getUint32(0); },
  fromBits: (a) => { word.setUint32(0, a >>> 0); return word.getFloat32(0); },
  isub: (a, b) => (a - b) >>> 0, or: (a, b) => (a | b) >>> 0, shr: (a, n) => a >>> n,
  lt: (a, b) => a < b, eq: (a, b) => a === b, select: (c, a, b) => (c ? a : b),
  letF: (_, v) => v, letB: (_, v) => v,
};

export const sqrtF32Reference = (x: number): number => sqrtF32(NUMBER_OPS, f(x));
export const rsqrtF32Reference = (x: number): number => rsqrtF32(NUMBER_OPS, f(x));

// ---- C: one scalar statement expression each ----

/** C float literal (exact: a float's shortest double spelling converts back to it); no math.h for inf/NaN */
function floatLiteral(v: number): string {
  if (Number.isNaN(v)) return '__builtin_nanf("")';
  if (v === Infinity) return '__builtin_inff()';
  const s = String(v);
  return `${/[.e]/.test(s) ? s : `${s}.0`}f`;
}

/** `({ ...; result; })` of `$a`, names starting with `kf_s`; bits through a union, integers unsigned (wrapping) */
function scalarC(describe: <F, I, B>(o: SqrtOps<F, I, B>, x: F) => F): string {
  const decls: string[] = [];
  const ops: SqrtOps<string, string, string> = {
    f: floatLiteral, i: (v) => `${v >>> 0}u`,
    fma: (a, b, c) => `__builtin_fmaf(${a}, ${b}, ${c})`, fnma: (a, b, c) => `__builtin_fmaf(-(${a}), ${b}, ${c})`, mul: (a, b) => `(${a} * ${b})`,
    bits: (a) => `((union { float f; uint32_t u; }){ .f = ${a} }).u`, fromBits: (a) => `((union { uint32_t u; float f; }){ .u = ${a} }).f`,
    isub: (a, b) => `(${a} - ${b})`, or: (a, b) => `(${a} | ${b})`, shr: (a, n) => `(${a} >> ${n})`,
    lt: (a, b) => `(${a} < ${b})`, eq: (a, b) => `(${a} == ${b})`, select: (c, a, b) => `(${c} ? ${a} : ${b})`,
    letF: (name, v) => { decls.push(`const float kf_s${name} = ${v};`); return `kf_s${name}`; },
    letB: (name, v) => { decls.push(`const int kf_s${name} = ${v};`); return `kf_s${name}`; },
  };
  const result = describe(ops, 'kf_sx');
  return ['({', 'const float kf_sx = ($a);', ...decls, `${result}; })`].join(' ');
}

export const SQRT_F32_SCALAR_C = scalarC(sqrtF32);
export const RSQRT_F32_SCALAR_C = scalarC(rsqrtF32);
