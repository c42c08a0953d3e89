/**
 * The operator DSL: an operator is defined once as data plus a float64 reference. `kforge ops`,
 * input validation, `kforge reference`, the kernel lowerings, the conformance matrix and the tuner
 * all read this one definition.
 */
import type { DType } from '../tensor/dtype.ts';
import type { Tensor } from '../tensor/tensor.ts';

export type ParamValue = number | boolean | string;
export type Params = Readonly<Record<string, ParamValue>>;

export type ParamType =
  | { readonly kind: 'int'; readonly min?: number; readonly max?: number }
  | { readonly kind: 'float'; readonly min?: number; readonly max?: number }
  | { readonly kind: 'bool' }
  | { readonly kind: 'enum'; readonly values: readonly string[] };

export interface ParamSpec {
  readonly name: string;
  readonly type: ParamType;
  /** a constant, or an expression over other params (e.g. 'D' for Dv, '1/sqrt(D)' for scale); absent = required */
  readonly default?: ParamValue | { readonly expr: string };
  readonly doc: string;
}

/** A cross-parameter rule, e.g. `{ expr: 'Hq % Hkv == 0', message: 'Hq must be a multiple of Hkv' }`. */
export interface Constraint {
  readonly expr: string;
  readonly message: string;
}

export interface TensorSpec {
  readonly name: string;
  readonly role: 'in' | 'out';
  /** each dimension is an expression over the params, e.g. ['B', 'Hq', 'Sq', 'D'] */
  readonly shape: readonly string[];
  /** a fixed dtype, or the name of an enum param that holds it ('act', 'kv') */
  readonly dtype: DType | { readonly param: string };
  /** set for weight tensors: the param naming its WeightFormat; storage (planes, bytes per row) follows FORMATS
   *  and `dtype` is then the logical dtype the values are drawn in before quantization ('f32') */
  readonly formatParam?: string;
  /** present only when this expression is true (e.g. 'bias', "routing == 'router'") */
  readonly when?: string;
  /** how `randomInputs` draws valid values for an input; absent = standard normal */
  readonly init?: TensorInit;
  /** the values an input must hold (SPEC's domain, e.g. a log decay <= 0, an expert id < E: numbers or expressions over the params); `checkInputs` refuses others */
  readonly range?: { readonly min?: number | string; readonly max?: number | string };
  readonly doc: string;
}

/**
 * Distributions of random inputs (tests, verify, bench, demo). Values are drawn in float64, then
 * rounded to the tensor's dtype (or quantized into its weight format). Expressions are over the params.
 */
export type TensorInit =
  | { readonly kind: 'normal'; readonly std: string }
  | { readonly kind: 'uniform'; readonly min: number; readonly max: number }
  /** uniform in ranges[i % ranges.length], i the element's index along `axis`: several regimes in one tensor */
  | { readonly kind: 'uniform-cycled'; readonly axis: number; readonly ranges: readonly (readonly [number, number])[] }
  /** integers of [0, range), distinct along the last axis (e.g. expert ids per token) */
  | { readonly kind: 'distinct-ids'; readonly range: string };

/**
 * A knob a kernel of this op may expose: the op's vocabulary of knob names. Each lowering picks the
 * knobs it reads from this list and derives their domains from the target and the params (KnobSpace);
 * a test in the driver holds every lowering to this list.
 */
export interface KnobSpec {
  readonly name: string;
  readonly doc: string;
}

/** Which SPEC section 4 bound applies. */
export type AccuracyClass = 'f32' | 'f32-recurrent' | 'half' | 'int8-activations';

export interface OpDef {
  readonly name: string;
  readonly doc: string;
  readonly params: readonly ParamSpec[];
  readonly constraints: readonly Constraint[];
  readonly tensors: readonly TensorSpec[];
  readonly knobs: readonly KnobSpec[];
  /** Float64 reference: inputs as stored (f16 decoded exactly), outputs by name. */
  reference(params: Params, inputs: Readonly<Record<string, Tensor>>): Record<string, Float64Tensor>;
  /**
   * Floating-point operations of one instance (a multiply-add counts 2), as benchmarks report
   * GFLOP/s: the arithmetic the op defines, not what a kernel happens to do (masked keys, unused
   * experts and quantization are not counted).
   */
  flops(params: Params): number;
}

export interface Float64Tensor {
  readonly shape: readonly number[];
  readonly data: Float64Array;
}
