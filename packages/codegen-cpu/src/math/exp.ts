/**
 * exp on f32 as one generated polynomial for every CPU ISA (XNNPACK's rr2-p5, as in its
 * f32-raddstoreexpminusmax kernels), described once here and instantiated per ISA through `ExpOps`:
 * as C (a statement expression per vector type, `expSpelling`) and as numbers (`expF32Reference`,
 * the float32 model the accuracy test measures).
 *
 *   1. x is clamped into [-104, 89] keeping NaN: below -103.97 (= ln 2^-150) exp rounds to 0, above
 *      88.73 (= ln FLT_MAX) it is inf, and the clamp keeps n small enough for the magic-bias rounding.
 *   2. n = round(x / ln 2) by adding 1.5 * 2^23 (the rounding happens in the add); r = x - n ln 2 in
 *      two steps (Cody-Waite: ln 2 = hi + lo, hi with 15 significant bits, so n * hi is exact).
 *   3. exp(r) for |r| <= ln2 / 2 by a degree-5 minimax polynomial (Horner, one FMA per degree).
 *   4. 2^n as two factors 2^(n>>1) and 2^(n - (n>>1)) from exponent bits: each stays a normal float
 *      for n in [-150, 128], so results in the denormal range are rounded once (at the last multiply)
 *      and overflow gives inf, with no branch.
 * NaN passes through the clamp, makes r NaN and so the result.
 *
 * Accuracy against Math.exp over [-104, 89] (math/exp.test.ts for this model, isa/vocabulary.test.ts
 * for the code on each ISA): |exp - exact| <= EXP_F32_MAX_REL_ERROR * exact + 2^-150, i.e. relative
 * error below 2e-7 (measured 1.62e-7 = 1.36 ulp, at x = -59.32) for normal results, and for results
 * in the denormal range that plus half a denormal step (the one rounding at the last multiply).
 */

/** `0x1.715476p+0` (C's hexadecimal float spelling) as a number */
function hexFloat(s: string): number {
  const m = /^(-?)0x([01])\.([0-9a-f]*)p([+-]?\d+)$/i.exec(s);
  if (!m) throw new Error(`not a hexadecimal float: ${s}`);
  const mantissa = parseInt(m[2]! + m[3]!, 16) / 16 ** m[3]!.length;
  return (m[1] ? -1 : 1) * mantissa * 2 ** Number(m[4]);
}

export const EXP_F32 = {
  lo: -104,
  hi: 89,
  log2e: hexFloat('0x1.715476p+0'),
  /** 1.5 * 2^23: adding it rounds to an integer; its float bits, less its own, are that integer */
  magic: hexFloat('0x1.8p+23'),
  magicBits: 0x4b400000,
  ln2Hi: hexFloat('0x1.62E400p-1'),
  ln2Lo: hexFloat('0x1.7F7D1Cp-20'),
  /** Horner order, highest degree first: exp(r) ~ 1 + r (c1 + r (c2 + r (c3 + r (c4 + r c5)))) */
  poly: ['0x1.0F9F9Cp-7', '0x1.573A1Ap-5', '0x1.555A80p-3', '0x1.FFFDC6p-2', '0x1.FFFFF6p-1', '0x1.0p+0'].map(hexFloat),
} as const;

const F32_MAX = 3.4028234663852886e38;

/** relative error bound of normal results (measured 1.62e-7); see the accuracy note above */
export const EXP_F32_MAX_REL_ERROR = 2e-7;

/** the accuracy contract as a check: |y - exact| <= EXP_F32_MAX_REL_ERROR * exact + 2^-150 */
export function withinExpBound(y: number, exact: number): boolean {
  if (Number.isNaN(exact)) return Number.isNaN(y);
  if (exact >= 2 ** 128) return y === Infinity;
  if (y === Infinity) return exact > F32_MAX;
  return Math.abs(y - exact) <= EXP_F32_MAX_REL_ERROR * exact + 2 ** -150;
}

/** What the description needs from an ISA: float lanes F, 32-bit integer lanes I. */
export interface ExpOps<F, I> {
  f(value: number): F;
  i(value: number): I;
  /** `x < lo ? lo : x`: a NaN x passes through */
  atLeast(x: F, lo: F): F;
  /** `x > hi ? hi : x`: a NaN x passes through */
  atMost(x: F, hi: F): F;
  /** a * b + c, fused where the ISA has it */
  fma(a: F, b: F, c: F): F;
  sub(a: F, b: F): F;
  mul(a: F, b: F): F;
  /** reinterpret float bits as integer and back */
  bits(a: F): I;
  fromBits(a: I): F;
  isub(a: I, b: I): I;
  iadd(a: I, b: I): I;
  /** arithmetic shift right, shift left, by a constant */
  sra(a: I, n: number): I;
  shl(a: I, n: number): I;
  /** where the clamps may lose a NaN x: `x` if it is NaN, else `result` */
  keepNaN?(x: F, result: F): F;
  /** name an intermediate (code: declare a variable; numbers: the value itself) */
  letF(name: string, value: F): F;
  letI(name: string, value: I): I;
}

/** the one description of exp(x) */
export function expF32<F, I>(o: ExpOps<F, I>, x: F): F {
  const e = EXP_F32;
  const xc = o.letF('xc', o.atMost(o.letF('xl', o.atLeast(x, o.f(e.lo))), o.f(e.hi)));
  const biased = o.letF('nb', o.fma(xc, o.f(e.log2e), o.f(e.magic)));
  const n = o.letF('n', o.sub(biased, o.f(e.magic)));
  const rHi = o.letF('rh', o.fma(n, o.f(-e.ln2Hi), xc));
  const r = o.letF('r', o.fma(n, o.f(-e.ln2Lo), rHi));
  let p = o.f(e.poly[0]!);
  for (let d = 1; d < e.poly.length; d++) p = o.letF(`p${d}`, o.fma(p, r, o.f(e.poly[d]!)));
  const ni = o.letI('ni', o.isub(o.bits(biased), o.i(e.magicBits)));
  const nHalf = o.letI('nh', o.sra(ni, 1));
  const scale1 = o.letF('s1', o.fromBits(o.shl(o.iadd(nHalf, o.i(127)), 23)));
  const scale2 = o.letF('s2', o.fromBits(o.shl(o.iadd(o.isub(ni, nHalf), o.i(127)), 23)));
  const result = o.mul(o.mul(p, scale1), scale2);
  return o.keepNaN ? o.keepNaN(x, result) : result;
}

// ---- numbers: the float32 model ----

const word = new DataView(new ArrayBuffer(4));
const f32Bits = (x: number): number => { word.setFloat32(0, x); return word.getInt32(0); };
const bitsF32 = (i: number): number => { word.setInt32(0, i); return word.getFloat32(0); };
const f = Math.fround;

/**
 * The description evaluated in float32 arithmetic. The FMA is emulated as one double operation
 * rounded to float (the product of two floats is exact in double; the sum may round twice, which
 * moves a result by at most one ulp, rarely).
 */
const NUMBER_OPS: ExpOps<number, number> = {
  f, i: (v) => v | 0,
  atLeast: (x, lo) => (x < lo ? lo : x),
  atMost: (x, hi) => (x > hi ? hi : x),
  fma: (a, b, c) => f(a * b + c),
  sub: (a, b) => f(a - b), mul: (a, b) => f(a * b),
  bits: f32Bits, fromBits: bitsF32,
  isub: (a, b) => (a - b) | 0, iadd: (a, b) => (a + b) | 0,
  sra: (a, n) => a >> n, shl: (a, n) => (a << n) | 0,
  letF: (_, v) => v, letI: (_, v) => v,
};

export function expF32Reference(x: number): number {
  return expF32(NUMBER_OPS, f(x));
}

// ---- C: a statement expression per vector type ----

/**
 * How an ISA spells the operations, as templates in the rule tables' `$a`/`$b`/`$c` convention;
 * `sra`/`shl` get the shift count as `$b`, `f`/`i` the literal as `$a`.
 */
export interface ExpSpellings {
  /** float and integer lane types */
  readonly F: string;
  readonly I: string;
  /** declarations the templates use (RVV: the vector length) */
  readonly prologue?: string;
  readonly f: string; readonly i: string;
  readonly atLeast: string; readonly atMost: string;
  readonly fma: string; readonly sub: string; readonly mul: string;
  readonly bits: string; readonly fromBits: string;
  readonly isub: string; readonly iadd: string; readonly sra: string; readonly shl: string;
  /** `$a` the input, `$b` the result */
  readonly keepNaN?: string;
}

const fill = (t: string, a: string, b = '', c = ''): string => t.replace(/\$([abc])/g, (_, k: string) => (k === 'a' ? a : k === 'b' ? b : c));

/** C float literal: exact (a float's shortest double spelling converts back to it) */
function floatLiteral(v: number): string {
  const s = String(v);
  return `${/[.e]/.test(s) ? s : `${s}.0`}f`;
}

/**
 * exp of `$a` as one GNU C statement expression `({ ...; result; })`: a rule spelling that needs no
 * helper in the preamble, so kernels that do not use it print as before. Its names start with `kf_e`.
 */
export function expSpelling(s: ExpSpellings): string {
  const decls: string[] = [];
  const ops: ExpOps<string, string> = {
    f: (v) => fill(s.f, floatLiteral(v)), i: (v) => fill(s.i, String(v)),
    atLeast: (x, lo) => fill(s.atLeast, x, lo), atMost: (x, hi) => fill(s.atMost, x, hi),
    fma: (a, b, c) => fill(s.fma, a, b, c), sub: (a, b) => fill(s.sub, a, b), mul: (a, b) => fill(s.mul, a, b),
    bits: (a) => fill(s.bits, a), fromBits: (a) => fill(s.fromBits, a),
    isub: (a, b) => fill(s.isub, a, b), iadd: (a, b) => fill(s.iadd, a, b),
    sra: (a, n) => fill(s.sra, a, String(n)), shl: (a, n) => fill(s.shl, a, String(n)),
    ...(s.keepNaN ? { keepNaN: (x: string, r: string) => fill(s.keepNaN!, x, r) } : {}),
    letF: (name, v) => { decls.push(`const ${s.F} kf_e${name} = ${v};`); return `kf_e${name}`; },
    letI: (name, v) => { decls.push(`const ${s.I} kf_e${name} = ${v};`); return `kf_e${name}`; },
  };
  const result = expF32(ops, 'kf_ex');
  return ['({', s.prologue ?? '', `const ${s.F} kf_ex = ($a);`, ...decls, `${result}; })`].filter(Boolean).join(' ');
}

/**
 * Scalar C, for targets without libm (freestanding Hexagon): unsigned integer lanes (wrapping, so a
 * NaN's bits are no overflow), an arithmetic shift through int32_t, bits through a union. clang makes
 * the clamps Hexagon's sfmax/sfmin, which return the number of a NaN pair: NaN is restored at the end.
 */
export const EXP_F32_SCALAR_C = expSpelling({
  F: 'float', I: 'uint32_t', f: '$a', i: '$au',
  atLeast: '($a < $b ? $b : $a)', atMost: '($a > $b ? $b : $a)',
  fma: '__builtin_fmaf($a, $b, $c)', sub: '($a - $b)', mul: '($a * $b)',
  bits: '((union { float f; uint32_t u; }){ .f = $a }).u', fromBits: '((union { uint32_t u; float f; }){ .u = $a }).f',
  isub: '($a - $b)', iadd: '($a + $b)', sra: '(uint32_t)((int32_t)$a >> $b)', shl: '($a << $b)',
  keepNaN: '($a != $a ? $a : $b)',
});
