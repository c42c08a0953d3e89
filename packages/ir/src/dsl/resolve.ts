/**
 * Everything a command needs from an OpDef: validated params, the concrete tensor signature (weights
 * expanded to their stored tensors), input checks and seeded random inputs. Every user-facing failure
 * is an InputError that names the op, the param or tensor, and the problem.
 */
import { InputError } from '../errors.ts';
import { DTYPES, type DType, f32ToBf16Bits, f32ToF16Bits, isDType } from '../tensor/dtype.ts';
import { type Tensor, allocTensor, expectTensor, numel, toFloat64 } from '../tensor/tensor.ts';
import { type WeightFormatName, isWeightFormat } from '../formats/format.ts';
import { quantizeWeight, storedWeightTensors } from '../formats/codec.ts';
import { evalBool, evalExpr, evalInt, exprIdentifiers } from './expr.ts';
import type { OpDef, ParamSpec, ParamValue, Params, TensorInit, TensorSpec } from './op.ts';
import { Rng } from './random.ts';

/** One tensor of a concrete signature: what a file on disk or a kernel buffer holds. */
export interface ConcreteTensor {
  readonly name: string;
  readonly role: 'in' | 'out';
  readonly dtype: DType;
  readonly shape: readonly number[];
  /** for the stored tensors of a weight (codes and planes): the logical weight they encode */
  readonly weight?: { readonly name: string; readonly format: WeightFormatName; readonly shape: readonly number[] };
}

/**
 * The largest integer param, tensor element count and tensor byte size kforge takes: kernels index
 * with 32-bit signed integers (kernel/ir.ts), and 64-bit indexing is not implemented, so anything
 * past 2^31 - 1 is refused here (exit 2) instead of emitting a kernel whose indices overflow.
 */
export const MAX_INDEX = 2 ** 31 - 1;

/** what every size refusal says of the limit */
export const INDEX_NOTE = `2^31-1 = ${MAX_INDEX}: kernels index with 32-bit integers (64-bit indexing is not implemented)`;

function describeRange(noun: string, min: number | undefined, max: number | undefined): string {
  if (noun === 'integer' && min === 1 && max === undefined) return 'a positive integer';
  if (noun === 'integer' && min === 0 && max === undefined) return 'a non-negative integer';
  const article = noun === 'integer' ? 'an' : 'a';
  if (min !== undefined && max !== undefined) return `${article} ${noun} in [${min}, ${max}]`;
  if (min !== undefined) return `${article} ${noun} >= ${min}`;
  if (max !== undefined) return `${article} ${noun} <= ${max}`;
  return `${article} ${noun}`;
}

function checkParam(op: OpDef, spec: ParamSpec, v: unknown): ParamValue {
  const t = spec.type;
  const inRange = (x: number): boolean => (t.kind === 'int' || t.kind === 'float')
    && (t.min === undefined || x >= t.min) && (t.max === undefined || x <= t.max);
  let expected: string;
  switch (t.kind) {
    case 'int':
      if (typeof v === 'number' && Number.isInteger(v) && inRange(v)) {
        if (Number.isSafeInteger(v) && Math.abs(v) <= MAX_INDEX) return v;
        throw new InputError(`${op.name}: param '${spec.name}' = ${JSON.stringify(v)} is past the largest integer kforge takes, ${INDEX_NOTE}`);
      }
      expected = describeRange('integer', t.min, t.max);
      break;
    case 'float':
      if (typeof v === 'number' && Number.isFinite(v) && inRange(v)) return v;
      expected = describeRange('finite number', t.min, t.max);
      break;
    case 'bool':
      if (typeof v === 'boolean') return v;
      expected = 'true or false';
      break;
    case 'enum':
      if (typeof v === 'string' && t.values.includes(v)) return v;
      expected = `one of ${t.values.map((s) => `'${s}'`).join(', ')}`;
      break;
  }
  throw new InputError(`${op.name}: param '${spec.name}' must be ${expected}, got ${JSON.stringify(v) ?? String(v)}`);
}

/** Validate raw params (a parsed JSON object): types, ranges, defaults in dependency order, constraints. */
export function resolveParams(op: OpDef, raw: unknown): Params {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new InputError(`${op.name}: params must be a JSON object, got ${JSON.stringify(raw) ?? String(raw)}`);
  const given = raw as Record<string, unknown>;
  const known = op.params.map((p) => p.name);
  for (const name of Object.keys(given))
    if (!known.includes(name)) throw new InputError(`${op.name}: unknown param '${name}' (known: ${known.join(', ')})`);

  const values: Record<string, ParamValue> = {};
  for (const spec of op.params) {
    if (Object.hasOwn(given, spec.name)) values[spec.name] = checkParam(op, spec, given[spec.name]);
    else if (spec.default === undefined)
      throw new InputError(`${op.name}: missing required param '${spec.name}' (${spec.doc})`);
  }

  // defaults may read other params, including other defaults: resolve those whose inputs are known
  let pending = op.params.filter((s) => !Object.hasOwn(values, s.name));
  while (pending.length > 0) {
    const ready = pending.filter((s) => {
      const d = s.default!;
      return typeof d !== 'object' || exprIdentifiers(d.expr).every((n) => Object.hasOwn(values, n));
    });
    if (ready.length === 0)
      throw new Error(`${op.name}: defaults of ${pending.map((s) => s.name).join(', ')} depend on each other`);
    for (const s of ready) {
      const d = s.default!;
      values[s.name] = checkParam(op, s, typeof d === 'object' ? evalExpr(d.expr, values) : d);
    }
    pending = pending.filter((s) => !ready.includes(s));
  }

  const params = Object.fromEntries(op.params.map((s) => [s.name, values[s.name]!]));
  // sizes first, so a huge param is named as such rather than through a constraint it also breaks
  checkIndexRange(op, params);
  for (const c of op.constraints) {
    if (!evalBool(c.expr, values)) {
      const involved = exprIdentifiers(c.expr).map((n) => `${n}=${JSON.stringify(values[n])}`).join(', ');
      throw new InputError(`${op.name}: ${c.message} (${involved})`);
    }
  }
  return params;
}

/**
 * Every tensor of the instance, logical (a weight's [N, K] values) and stored (its codes and planes),
 * within MAX_INDEX elements and MAX_INDEX bytes; the message names the params of the too-large shape.
 */
function checkIndexRange(op: OpDef, params: Params): void {
  const present = presentTensors(op, params);
  const fail = (spec: TensorSpec, name: string, shape: readonly number[], n: number, unit: string): never => {
    const dims = spec.shape.map((d, i) => (d === String(shape[i]) ? d : `${d}=${shape[i]}`)).join(', ');
    throw new InputError(`${op.name}: tensor '${name}'${name === spec.name ? '' : ` (of '${spec.name}')`} [${dims}] holds ${n} ${unit}, past ${INDEX_NOTE}`);
  };
  for (const { spec, shape } of present) {
    const n = numel(shape);
    if (n > MAX_INDEX) fail(spec, spec.name, shape, n, 'elements');
  }
  let signature: ConcreteTensor[];
  try {
    signature = tensorSignature(op, params);
  } catch (e) {
    // a weight the format cannot store (K off its block) is reported where the signature is used, as before
    if (e instanceof InputError) return;
    throw e;
  }
  for (const t of signature) {
    const { spec, shape } = present.find((p) => p.spec.name === (t.weight?.name ?? t.name))!;
    const n = numel(t.shape);
    if (n > MAX_INDEX) fail(spec, t.name, shape, n, 'elements');
    if (n * DTYPES[t.dtype].bytes > MAX_INDEX) fail(spec, t.name, shape, n * DTYPES[t.dtype].bytes, 'bytes');
  }
}

/** Rethrow an InputError from a lower layer (codec, expressions) with the op named. */
function inOp<T>(op: OpDef, what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${op.name}: ${what}: ${e.message}`);
    throw e;
  }
}

/** The tensor specs present for these params (`when` applied), with concrete logical shapes. */
export function presentTensors(op: OpDef, params: Params): { spec: TensorSpec; shape: number[] }[] {
  return op.tensors
    .filter((spec) => spec.when === undefined || evalBool(spec.when, params))
    .map((spec) => ({
      spec,
      shape: spec.shape.map((dim) => {
        const n = inOp(op, `tensor '${spec.name}'`, () => evalInt(dim, params));
        if (n < 1) throw new InputError(`${op.name}: tensor '${spec.name}': dimension '${dim}' = ${n} must be positive`);
        return n;
      }),
    }));
}

function weightFormat(op: OpDef, spec: TensorSpec, params: Params): WeightFormatName {
  const format = params[spec.formatParam!];
  if (typeof format !== 'string' || !isWeightFormat(format))
    throw new Error(`${op.name}: param '${spec.formatParam}' of weight '${spec.name}' is not a weight format`);
  return format;
}

function denseDType(op: OpDef, spec: TensorSpec, params: Params): DType {
  if (typeof spec.dtype === 'string') return spec.dtype;
  const dtype = params[spec.dtype.param];
  if (typeof dtype !== 'string' || !isDType(dtype))
    throw new Error(`${op.name}: param '${spec.dtype.param}' of tensor '${spec.name}' is not a dtype`);
  return dtype;
}

/** The concrete tensors of an op instance, weights expanded to their stored tensors (codes, planes). */
export function tensorSignature(op: OpDef, params: Params): ConcreteTensor[] {
  return presentTensors(op, params).flatMap(({ spec, shape }): ConcreteTensor[] => {
    if (spec.formatParam === undefined) return [{ name: spec.name, role: spec.role, dtype: denseDType(op, spec, params), shape }];
    const format = weightFormat(op, spec, params);
    const weight = { name: spec.name, format, shape };
    return inOp(op, `weight '${spec.name}'`, () => storedWeightTensors(format, spec.name, shape))
      .map((t) => ({ name: t.name, role: spec.role, dtype: t.dtype, shape: t.shape, weight }));
  });
}

/** Check that every input tensor is there with the right dtype and shape; extra tensors are ignored. */
export function checkInputs(op: OpDef, params: Params, inputs: Readonly<Record<string, Tensor>>): void {
  for (const t of tensorSignature(op, params)) {
    if (t.role !== 'in') continue;
    inOp(op, 'input', () => expectTensor(t.name, inputs[t.name], t.dtype, t.shape));
  }
  for (const spec of op.tensors) {
    const t = inputs[spec.name];
    if (spec.role !== 'in' || !spec.range || !t) continue;
    const bound = (b: number | string | undefined, none: number): number => (b === undefined ? none : typeof b === 'number' ? b : Number(evalExpr(b, params)));
    const [min, max] = [bound(spec.range.min, -Infinity), bound(spec.range.max, Infinity)];
    const values = toFloat64(t);
    const at = values.findIndex((x) => !(x >= min && x <= max));
    if (at >= 0) {
      const want = [Number.isFinite(min) ? `>= ${min}` : '', Number.isFinite(max) ? `<= ${max}` : ''].filter(Boolean).join(' and ');
      throw new InputError(`${op.name}: input '${spec.name}' must hold values ${want}; element ${at} (of [${t.shape.join(', ')}]) is ${values[at]}`);
    }
  }
}

function drawValues(op: OpDef, spec: TensorSpec, init: TensorInit, shape: readonly number[], params: Params, rng: Rng): Float64Array {
  const values = new Float64Array(numel(shape));
  switch (init.kind) {
    case 'normal': {
      const std = evalExpr(init.std, params);
      if (typeof std !== 'number') throw new Error(`${op.name}: init std of '${spec.name}' is not a number`);
      for (let i = 0; i < values.length; i++) values[i] = std * rng.normal();
      break;
    }
    case 'uniform':
      for (let i = 0; i < values.length; i++) values[i] = init.min + (init.max - init.min) * rng.uniform();
      break;
    case 'uniform-cycled': {
      // the index along `axis` of flat element i: (i / stride) % extent, stride the product of the later axes
      const stride = shape.slice(init.axis + 1).reduce((a, b) => a * b, 1);
      const extent = shape[init.axis]!;
      for (let i = 0; i < values.length; i++) {
        const [min, max] = init.ranges[Math.floor(i / stride) % extent % init.ranges.length]!;
        values[i] = min + (max - min) * rng.uniform();
      }
      break;
    }
    case 'distinct-ids': {
      const range = evalInt(init.range, params);
      const row = shape[shape.length - 1]!;
      for (let r = 0; r < values.length / row; r++) values.set(rng.distinct(row, range), r * row);
      break;
    }
  }
  return values;
}

/**
 * Seeded random inputs valid for this op instance: each tensor draws from its own stream (seed, name),
 * so the same (op, params, seed) always gives the same bytes. Weights are drawn in f32 and quantized
 * into their format; f16/bf16 inputs hold the rounded values.
 */
export function randomInputs(op: OpDef, params: Params, seed: number): Record<string, Tensor> {
  const out: Record<string, Tensor> = {};
  for (const { spec, shape } of presentTensors(op, params)) {
    if (spec.role !== 'in') continue;
    const rng = new Rng(seed, `${op.name}/${spec.name}`);
    const values = drawValues(op, spec, spec.init ?? { kind: 'normal', std: '1' }, shape, params, rng);
    if (spec.formatParam !== undefined) {
      const format = weightFormat(op, spec, params);
      Object.assign(out, inOp(op, `weight '${spec.name}'`, () => quantizeWeight(format, spec.name, Float32Array.from(values), shape)));
      continue;
    }
    const t = allocTensor(denseDType(op, spec, params), shape);
    const encode = t.dtype === 'f16' ? f32ToF16Bits : t.dtype === 'bf16' ? f32ToBf16Bits : (x: number) => x;
    if ((t.dtype === 'i32' || t.dtype === 'i8' || t.dtype === 'u8') && !values.every(Number.isInteger))
      throw new Error(`${op.name}: integer tensor '${spec.name}' needs an integer init`);
    for (let i = 0; i < values.length; i++) t.data[i] = encode(values[i]!);
    out[spec.name] = t;
  }
  return out;
}

/**
 * Self-consistency of an op definition (for op authors; the registry test runs it on every op):
 * every expression parses and reads only known params, defaults name their own type, dtype and
 * format params exist, and knob domains are non-empty.
 */
export function checkOpDef(op: OpDef): void {
  const fail = (what: string): never => { throw new Error(`op '${op.name}': ${what}`); };
  const names = op.params.map((p) => p.name);
  const known = (expr: string, where: string): void => {
    for (const n of exprIdentifiers(expr)) if (!names.includes(n)) fail(`${where} reads unknown param '${n}'`);
  };
  if (new Set(names).size !== names.length) fail('duplicate param names');
  for (const p of op.params) if (typeof p.default === 'object') known(p.default.expr, `default of '${p.name}'`);
  for (const c of op.constraints) known(c.expr, `constraint '${c.expr}'`);
  for (const t of op.tensors) {
    t.shape.forEach((d) => known(d, `shape of '${t.name}'`));
    if (t.when !== undefined) known(t.when, `when of '${t.name}'`);
    if (typeof t.dtype === 'object' && !names.includes(t.dtype.param)) fail(`dtype param of '${t.name}' is unknown`);
    if (t.formatParam !== undefined && !names.includes(t.formatParam)) fail(`format param of '${t.name}' is unknown`);
    if (t.init?.kind === 'normal') known(t.init.std, `init of '${t.name}'`);
    if (t.init?.kind === 'distinct-ids') known(t.init.range, `init of '${t.name}'`);
    for (const b of [t.range?.min, t.range?.max]) if (typeof b === 'string') known(b, `range of '${t.name}'`);
  }
  if (new Set(op.tensors.map((t) => t.name)).size !== op.tensors.length) fail('duplicate tensor names');
  if (new Set(op.knobs.map((k) => k.name)).size !== op.knobs.length) fail('duplicate knob names');
}
