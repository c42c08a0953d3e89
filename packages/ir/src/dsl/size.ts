/**
 * Sizes as expressions over an op's run-time params: a dispatch's grid and every buffer's byte size
 * are stated by the code generator in this form (tinygrad's launch sizes read off the kernel's own
 * symbolic indices), so the harnesses, bundles and the runtime evaluate or print them for any shape
 * instead of guessing them from probe shapes.
 *
 * A size is a non-negative integer literal, a param name, or an operation on two sizes. Params that
 * are compiled into the kernel are folded into literals by the generator: an expression names only
 * params that reach the kernel at run time (the artifact's scalars). Values are exact integers
 * (64-bit in C): `cdiv` is ceiling division, `div` floor division.
 */

export type SizeOp = 'add' | 'sub' | 'mul' | 'div' | 'cdiv' | 'min' | 'max';

export type SizeExpr = number | string | { readonly op: SizeOp; readonly a: SizeExpr; readonly b: SizeExpr };

/** the largest workgroup count per grid dimension every GPU API accepts */
export const MAX_GRID_DIM = 65535;

const FOLD: Readonly<Record<SizeOp, (a: number, b: number) => number>> = {
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => Math.floor(a / b),
  cdiv: (a, b) => Math.ceil(a / b),
  min: Math.min,
  max: Math.max,
};

function node(op: SizeOp, a: SizeExpr, b: SizeExpr): SizeExpr {
  if (typeof a === 'number' && typeof b === 'number') return FOLD[op](a, b);
  if (op === 'mul' && (a === 1 || b === 1)) return a === 1 ? b : a;
  if ((op === 'div' || op === 'cdiv') && b === 1) return a;
  if ((op === 'add' || op === 'sub') && b === 0) return a;
  if (op === 'add' && a === 0) return b;
  return { op, a, b };
}

/** Builders; literals fold (`mul(2, 3)` is 6, `mul(x, 1)` is x), so compiled-in params leave no trace. */
export const size = {
  add: (a: SizeExpr, b: SizeExpr): SizeExpr => node('add', a, b),
  sub: (a: SizeExpr, b: SizeExpr): SizeExpr => node('sub', a, b),
  /** the literal factors multiplied first: `mul(3, 'N', 4)` is 12*N */
  mul: (...factors: readonly SizeExpr[]): SizeExpr => {
    const literal = factors.reduce<number>((acc, f) => (typeof f === 'number' ? acc * f : acc), 1);
    return factors.filter((f) => typeof f !== 'number').reduce<SizeExpr>((acc, f) => node('mul', acc, f), literal);
  },
  div: (a: SizeExpr, b: SizeExpr): SizeExpr => node('div', a, b),
  cdiv: (a: SizeExpr, b: SizeExpr): SizeExpr => node('cdiv', a, b),
  min: (a: SizeExpr, b: SizeExpr): SizeExpr => node('min', a, b),
  max: (a: SizeExpr, b: SizeExpr): SizeExpr => node('max', a, b),
};

/** The params an expression names, in first-use order. */
export function sizeParams(e: SizeExpr, out: string[] = []): string[] {
  if (typeof e === 'string') {
    if (!out.includes(e)) out.push(e);
  } else if (typeof e !== 'number') {
    sizeParams(e.a, out);
    sizeParams(e.b, out);
  }
  return out;
}

/** The value at `values`; a param without a value, a fractional literal or a division by zero is an error. */
export function evalSize(e: SizeExpr, values: Readonly<Record<string, number>>): number {
  if (typeof e === 'number') {
    if (!Number.isInteger(e)) throw new Error(`size literal ${e} is not an integer`);
    return e;
  }
  if (typeof e === 'string') {
    const v = values[e];
    if (v === undefined) throw new Error(`size names '${e}', which has no value here`);
    return v;
  }
  const a = evalSize(e.a, values);
  const b = evalSize(e.b, values);
  if ((e.op === 'div' || e.op === 'cdiv') && b === 0) throw new Error(`size ${describeSize(e)}: division by zero`);
  return FOLD[e.op](a, b);
}

const INFIX: Partial<Record<SizeOp, string>> = { add: '+', sub: '-', mul: '*', div: '/' };

/** Human form for messages and headers: `ceil(N/4)`, `min(ceil(N/4), 65535)`. */
export function describeSize(e: SizeExpr): string {
  if (typeof e !== 'object') return String(e);
  const a = describeSize(e.a);
  const b = describeSize(e.b);
  if (e.op === 'cdiv') return `ceil(${a}/${b})`;
  if (e.op === 'min' || e.op === 'max') return `${e.op}(${a}, ${b})`;
  const wrap = (s: string, sub: SizeExpr): string => (typeof sub === 'object' && INFIX[sub.op] ? `(${s})` : s);
  return `${wrap(a, e.a)}${INFIX[e.op]}${wrap(b, e.b)}`;
}

/**
 * The one C printer of sizes: a 64-bit signed expression (`int64_t`, `<stdint.h>`), each param spelled
 * by `param` (e.g. `a->N`) and converted first, so no intermediate wraps at 32 bits.
 */
export function sizeToC(e: SizeExpr, param: (name: string) => string = (n) => n): string {
  // literal subtrees are folded here too (an artifact read from JSON need not come from the builders), so
  // every operation has a converted param on one side and no literal arithmetic can wrap at 32 bits
  if (typeof e === 'object' && typeof e.a === 'number' && typeof e.b === 'number') return sizeToC(evalSize(e, {}), param);
  if (typeof e === 'number') return Math.abs(e) <= 0x7fffffff ? String(e) : `INT64_C(${e})`;
  if (typeof e === 'string') return `(int64_t)(${param(e)})`;
  const a = sizeToC(e.a, param);
  const b = sizeToC(e.b, param);
  switch (e.op) {
    case 'add': return `(${a} + ${b})`;
    case 'sub': return `(${a} - ${b})`;
    case 'mul': return `(${a} * ${b})`;
    case 'div': return `(${a} / ${b})`;
    case 'cdiv': return `((${a} + ${b} - 1) / ${b})`;
    case 'min': return `(${a} < ${b} ? ${a} : ${b})`;
    case 'max': return `(${a} > ${b} ? ${a} : ${b})`;
  }
}

/**
 * A grid of `groups` workgroups (times `z` in the third dimension): one long x dimension up to
 * MAX_GRID_DIM, split into y past it. Kernels read their linear workgroup index as
 * group_id.x + group_id.y * num_groups.x and return past `groups` (the split rounds up).
 */
export function splitGrid(groups: SizeExpr, z: SizeExpr = 1): readonly [SizeExpr, SizeExpr, SizeExpr] {
  return [size.min(groups, MAX_GRID_DIM), size.cdiv(groups, MAX_GRID_DIM), z];
}
