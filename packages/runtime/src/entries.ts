/**
 * Entry points derived from an op definition: which params an entry compiles in (its variant), which
 * reach it at run time (int and float params: its scalars), which are selected by passing an optional
 * tensor or NULL (a bool param that is exactly a tensor's `when`), and each tensor's bytes and elements
 * as SizeExprs over the scalars, read off the op's shape expressions (weights through storedWeightBytes).
 */
import {
  DTYPES, FORMATS, InputError, evalBool, evalExpr, isWeightFormat, parseExpr, size, storedWeightBytes,
  type DType, type ExprNode, type OpDef, type ParamSpec, type Params, type SizeExpr, type TensorSpec,
} from '@kforge/ir';
import type { RuntimeEntry, RuntimeScalar, RuntimeTensor } from './model.ts';

/** C element types of the dtypes (f16 and bf16 as their raw bits) */
const C_ELEMENT: Readonly<Record<DType, string>> = { f32: 'float', f16: 'uint16_t', bf16: 'uint16_t', i8: 'int8_t', u8: 'uint8_t', i32: 'int32_t' };


export interface EntryNaming {
  name(compiled: Params): string;
  doc(compiled: Params): string;
}

/** kf_<op>_<compiled values...>, documented by the op's doc */
const genericNaming = (op: OpDef): EntryNaming => ({
  name: (compiled) => ['kf', op.name, ...Object.values(compiled).map(String)].join('_'),
  doc: () => op.doc,
});

function sizeOf(node: ExprNode, where: string, compiled: Params, scalars: ReadonlySet<string>): SizeExpr {
  const recurse = (n: ExprNode): SizeExpr => sizeOf(n, where, compiled, scalars);
  switch (node.kind) {
    case 'number':
      if (node.isInt) return node.value;
      break;
    case 'ident': {
      if (scalars.has(node.name)) return node.name;
      const v = compiled[node.name];
      if (typeof v === 'number' && Number.isInteger(v)) return v;
      break;
    }
    case 'binary': {
      const ops = { '+': size.add, '-': size.sub, '*': (a: SizeExpr, b: SizeExpr) => size.mul(a, b), '/': size.div } as const;
      const op = ops[node.op as keyof typeof ops];
      if (op) return op(recurse(node.left), recurse(node.right));
      break;
    }
    case 'call':
      if (node.fn === 'min' || node.fn === 'max') return node.args.map(recurse).reduce((a, b) => size[node.fn as 'min' | 'max'](a, b));
      break;
    default:
  }
  throw new Error(`${where}: a shape term the runtime cannot size (integers, scalars, + - * /, min, max)`);
}

const INTEGER_DTYPES: ReadonlySet<DType> = new Set(['i8', 'u8', 'i32']);

/** an integer input's `range` at the compiled params (its values index something: the entry checks them); a float input's range is the CLI's domain check only */
function valueRange(t: TensorSpec, dtype: DType, compiled: Params, where: string): { range?: { min: number; max: number } } {
  if (t.role !== 'in' || !t.range || !INTEGER_DTYPES.has(dtype)) return {};
  const bound = (b: number | string | undefined, none: number): number => {
    if (b === undefined) return none;
    const v = typeof b === 'number' ? b : evalExpr(b, compiled);
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new Error(`${where}: its range bound '${b}' is not an integer at the compiled params`);
    return v;
  };
  const limits = dtype === 'i32' ? [-(2 ** 31), 2 ** 31 - 1] : dtype === 'i8' ? [-128, 127] : [0, 255];
  return { range: { min: Math.max(limits[0]!, bound(t.range.min, limits[0]!)), max: Math.min(limits[1]!, bound(t.range.max, limits[1]!)) } };
}

function scalarOf(p: ParamSpec): RuntimeScalar {
  const type = p.type as Extract<ParamSpec['type'], { kind: 'int' | 'float' }>;
  return { name: p.name, cType: type.kind, ...(type.min !== undefined ? { min: type.min } : {}), ...(type.max !== undefined ? { max: type.max } : {}) };
}

function entryOf(op: OpDef, compiled: Params, naming: EntryNaming): RuntimeEntry {
  const name = naming.name(compiled);
  for (const key of Object.keys(compiled)) if (!op.params.some((p) => p.name === key)) throw new Error(`${name}: '${key}' is not a param of ${op.name}`);
  const open = op.params.filter((p) => !(p.name in compiled));
  const scalars = open.filter((p) => p.type.kind === 'int' || p.type.kind === 'float').map(scalarOf);
  // a bool param that is exactly an optional tensor's `when`: the call selects it by passing the tensor or NULL
  const selectors = op.tensors.filter((t) => t.when !== undefined && open.some((p) => p.name === t.when && p.type.kind === 'bool'));
  for (const p of open) {
    if (!scalars.some((s) => s.name === p.name) && !selectors.some((t) => t.when === p.name))
      throw new Error(`${name}: param '${p.name}' of ${op.name} is neither compiled in, a run-time scalar, nor selected by an optional tensor`);
  }
  const scalarNames = new Set(scalars.map((s) => s.name));
  const tensors = op.tensors.flatMap((t): RuntimeTensor[] => {
    const optional = selectors.includes(t);
    if (optional && t.formatParam !== undefined) throw new Error(`${name}: optional weight '${t.name}': a selector is one tensor`);
    if (t.when !== undefined && !optional && !evalBool(t.when, compiled)) return [];
    const where = `${name}: tensor '${t.name}'`;
    const dims = t.shape.map((d) => sizeOf(parseExpr(d), `${where} dimension '${d}'`, compiled, scalarNames));
    const elements = size.mul(...dims);
    const common = { role: t.role, optional, shape: dims, elements };
    if (t.formatParam === undefined) {
      const dtype = typeof t.dtype === 'string' ? t.dtype : compiled[t.dtype.param];
      if (typeof dtype !== 'string' || !(dtype in DTYPES)) throw new Error(`${where}: its dtype param '${JSON.stringify(t.dtype)}' is not compiled in`);
      return [{ name: t.name, ...common, elem: C_ELEMENT[dtype as DType], bytes: size.mul(elements, DTYPES[dtype as DType].bytes), ...valueRange(t, dtype as DType, compiled, where) }];
    }
    const format = compiled[t.formatParam];
    if (typeof format !== 'string' || !isWeightFormat(format)) throw new Error(`${where}: its format param '${t.formatParam}' is not compiled in`);
    const f = FORMATS[format];
    const K = dims[dims.length - 1]!;
    const blocked = f.kind === 'dense' ? {} : { blocked: { axis: K, block: f.block } };
    return storedWeightBytes(format, t.name, size.mul(...dims.slice(0, -1)), K).map((s) => ({
      name: s.name, ...common, bytes: s.bytes, ...blocked,
      // a block format's blocks mix scales and codes: bytes without an element type
      elem: f.kind === 'block' ? 'void' : C_ELEMENT[s.dtype],
    }));
  });
  const optionalTensors = tensors.filter((t) => t.optional);
  const variants = Array.from({ length: 2 ** optionalTensors.length }, (_, bits) => ({
    ...compiled,
    ...Object.fromEntries(selectors.map((t, i) => [t.when!, (bits & (1 << i)) !== 0])),
  }));
  const names = [...tensors.map((t) => t.name), ...scalars.map((s) => s.name)];
  for (const n of names) {
    // the generated entry point's own names: its info parameter and kf_ locals
    if (!/^[A-Za-z_]\w*$/.test(n) || n === 'info' || n.startsWith('kf_')) throw new Error(`${name}: argument name '${n}' is not free in the generated C`);
    if (names.indexOf(n) !== names.lastIndexOf(n)) throw new Error(`${name}: two arguments named '${n}'`);
  }
  return { op: op.name, name, doc: naming.doc(compiled), compiled, tensors, scalars, variants };
}

/** One entry point per compiled variant of `op` (e.g. gemv's {weight, act}). */
export function runtimeEntries(op: OpDef, compiledVariants: readonly Params[], naming: EntryNaming = genericNaming(op)): RuntimeEntry[] {
  const entries = compiledVariants.map((c) => entryOf(op, c, naming));
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.name)) throw new InputError(`two entry points named ${e.name}`);
    seen.add(e.name);
  }
  return entries;
}

/** The index of the tensor or scalar an argument name maps to in an entry, or undefined. */
export function entrySlot(entry: RuntimeEntry, name: string): { readonly kind: 'tensor' | 'scalar'; readonly index: number } | undefined {
  const t = entry.tensors.findIndex((x) => x.name === name);
  if (t >= 0) return { kind: 'tensor', index: t };
  const s = entry.scalars.findIndex((x) => x.name === name);
  return s >= 0 ? { kind: 'scalar', index: s } : undefined;
}
