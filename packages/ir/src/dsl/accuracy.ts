/**
 * The accuracy bounds of SPEC section 4, in one place: verify, run, the tuner and the tests all
 * judge kernels with `checkOutput`, and `kforge verify` prints this table.
 */
import type { Float64Tensor } from './op.ts';

/** The arithmetic a kernel does inside, declared by the code generator on its artifact. */
export type KernelArithmetic = 'f32' | 'half' | 'int8-activations';

export const NMSE_BOUNDS: Readonly<Record<KernelArithmetic, number>> = {
  f32: 1e-8,
  half: 1e-5,
  'int8-activations': 5e-4,
};

/** Recurrences accumulate rounding over T steps: SPEC allows the gated delta rule 1e-6 in f32. */
export const F32_BOUND_OVERRIDES: Readonly<Record<string, number>> = { gated_delta_rule: 1e-6 };

export function nmseBound(op: string, arithmetic: KernelArithmetic): number {
  const base = NMSE_BOUNDS[arithmetic];
  return arithmetic === 'f32' ? (F32_BOUND_OVERRIDES[op] ?? base) : Math.max(base, F32_BOUND_OVERRIDES[op] ?? 0);
}

/** nmse(y, r) = sum((y - r)^2) / sum(r^2); an all-zero reference compares absolute squared error. */
export function nmse(y: ArrayLike<number>, r: ArrayLike<number>): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < r.length; i++) {
    const d = y[i]! - r[i]!;
    num += d * d;
    den += r[i]! * r[i]!;
  }
  return den === 0 ? num : num / den;
}

export interface OutputCheck {
  readonly ok: boolean;
  readonly nmse: number;
  readonly bound: number;
  /** NaN/Inf or unwritten (still poisoned) elements, with the first index */
  readonly nonFinite: number;
  readonly firstNonFinite?: number;
  readonly message: string;
}

/** Judges one output tensor against the float64 reference (poisoned NaN counts as unwritten). */
export function checkOutput(op: string, name: string, y: ArrayLike<number>, ref: Float64Tensor, arithmetic: KernelArithmetic): OutputCheck {
  const bound = nmseBound(op, arithmetic);
  let nonFinite = 0;
  let first: number | undefined;
  for (let i = 0; i < y.length; i++) {
    if (!Number.isFinite(y[i]!)) {
      nonFinite++;
      first ??= i;
    }
  }
  if (y.length !== ref.data.length) {
    return { ok: false, nmse: NaN, bound, nonFinite, message: `${name}: ${y.length} elements, reference has ${ref.data.length}` };
  }
  if (nonFinite > 0) {
    return { ok: false, nmse: NaN, bound, nonFinite, firstNonFinite: first!, message: `${name}: ${nonFinite} NaN/Inf or unwritten elements (first at flat index ${first})` };
  }
  const e = nmse(y, ref.data);
  return { ok: e <= bound, nmse: e, bound, nonFinite, message: `${name}: nmse ${e.toExponential(2)} ${e <= bound ? '<=' : '>'} ${bound.toExponential(0)} (${arithmetic})` };
}
