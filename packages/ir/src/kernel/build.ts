/**
 * Typed constructors for the kernel IR, so that lowerings read like the code they produce:
 *
 *   forLoop('k', 0, K, [assign('acc', fma(load('W', idx, vec('f32', 16)), xv, v('acc', F32x16)))], { step: 16 })
 *
 * Plain numbers are accepted wherever an operand is expected and become constants of the other
 * operand's element type (i32 when nothing tells otherwise).
 */
import type {
  AtomicFn, BinaryOp, BufferParam, Expr, FragmentRef, MmaShape, ScalarParam, ScalarType, SpecialIndex, Stmt, SubgroupReduceFn, SubgroupShuffleMode, Type,
  UnaryOp, VectorType,
} from './ir.ts';

export type Operand = Expr | number;

export function vec(elem: ScalarType, lanes: number | 'vl', lmul?: number): VectorType {
  return lmul === undefined ? { kind: 'vec', elem, lanes } : { kind: 'vec', elem, lanes, lmul };
}

export function isVector(t: Type): t is VectorType {
  return typeof t !== 'string';
}

/** the element type of a vector, or the scalar itself */
export function elemOf(t: Type): ScalarType {
  return isVector(t) ? t.elem : t;
}

/** 'f32', 'f32x16', 'i8xvl' (m2): a stable spelling used in messages and rule-table keys */
export function typeKey(t: Type): string {
  if (!isVector(t)) return t;
  return `${t.elem}x${t.lanes}${t.lmul !== undefined && t.lmul !== 1 ? `m${t.lmul}` : ''}`;
}

export function sameType(a: Type, b: Type): boolean {
  return typeKey(a) === typeKey(b);
}

export function isFloat(t: ScalarType): boolean {
  return t === 'f32' || t === 'f16' || t === 'bf16' || t === 'f64';
}

export function isSigned(t: ScalarType): boolean {
  return t === 'i8' || t === 'i16' || t === 'i32' || t === 'i64';
}

export function typeOf(e: Expr): Type {
  switch (e.op) {
    case 'const': case 'var': case 'param': case 'binary': case 'unary': case 'fma': case 'select': case 'cast':
    case 'bitcast': case 'load': case 'broadcast': case 'lane': case 'reduce': case 'dot': case 'wmacc':
    case 'subgroup_reduce': case 'subgroup_shuffle': case 'call': case 'concat':
      return e.type;
    case 'setvl': case 'special':
      return 'i32';
  }
}

/** constants: `c.i32(3)`, `c.f32(0.5)`, or `c('u8', 15)` */
export const c = Object.assign((type: ScalarType, value: number): Expr => ({ op: 'const', type, value }), {
  i32: (value: number): Expr => ({ op: 'const', type: 'i32', value }),
  u32: (value: number): Expr => ({ op: 'const', type: 'u32', value }),
  f32: (value: number): Expr => ({ op: 'const', type: 'f32', value }),
  u8: (value: number): Expr => ({ op: 'const', type: 'u8', value }),
  bool: (value: boolean): Expr => ({ op: 'const', type: 'bool', value: value ? 1 : 0 }),
});

export function v(name: string, type: Type): Expr {
  return { op: 'var', name, type };
}

export function param(name: string, type: ScalarType = 'i32'): Expr {
  return { op: 'param', name, type };
}

/** a number becomes a constant of `like`'s element type */
export function toExpr(x: Operand, like: ScalarType = 'i32'): Expr {
  return typeof x === 'number' ? c(like, x) : x;
}

function operands(a: Operand, b: Operand): [Expr, Expr] {
  if (typeof a === 'number' && typeof b === 'number') return [c.i32(a), c.i32(b)];
  if (typeof a === 'number') return [c(elemOf(typeOf(b as Expr)), a), b as Expr];
  if (typeof b === 'number') return [a, c(elemOf(typeOf(a)), b)];
  return [a, b];
}

const COMPARISONS: ReadonlySet<BinaryOp> = new Set(['lt', 'le', 'gt', 'ge', 'eq', 'ne', 'land', 'lor']);

export function binary(fn: BinaryOp, a: Operand, b: Operand): Expr {
  const [x, y] = operands(a, b);
  const tx = typeOf(x);
  const ty = typeOf(y);
  // a vector operand gives the result its shape (vector << scalar shift amount)
  const shape = isVector(tx) ? tx : ty;
  const type: Type = COMPARISONS.has(fn) ? (isVector(shape) ? { ...shape, elem: 'bool' } : 'bool') : shape;
  return { op: 'binary', fn, a: x, b: y, type };
}

export const add = (a: Operand, b: Operand): Expr => binary('add', a, b);
export const sub = (a: Operand, b: Operand): Expr => binary('sub', a, b);
export const mul = (a: Operand, b: Operand): Expr => binary('mul', a, b);
export const div = (a: Operand, b: Operand): Expr => binary('div', a, b);
export const rem = (a: Operand, b: Operand): Expr => binary('rem', a, b);
export const min = (a: Operand, b: Operand): Expr => binary('min', a, b);
export const max = (a: Operand, b: Operand): Expr => binary('max', a, b);
export const and = (a: Operand, b: Operand): Expr => binary('and', a, b);
export const or = (a: Operand, b: Operand): Expr => binary('or', a, b);
export const xor = (a: Operand, b: Operand): Expr => binary('xor', a, b);
export const shl = (a: Operand, b: Operand): Expr => binary('shl', a, b);
export const shr = (a: Operand, b: Operand): Expr => binary('shr', a, b);
export const lt = (a: Operand, b: Operand): Expr => binary('lt', a, b);
export const le = (a: Operand, b: Operand): Expr => binary('le', a, b);
export const gt = (a: Operand, b: Operand): Expr => binary('gt', a, b);
export const ge = (a: Operand, b: Operand): Expr => binary('ge', a, b);
export const eq = (a: Operand, b: Operand): Expr => binary('eq', a, b);
export const ne = (a: Operand, b: Operand): Expr => binary('ne', a, b);
export const land = (a: Operand, b: Operand): Expr => binary('land', a, b);
export const lor = (a: Operand, b: Operand): Expr => binary('lor', a, b);

export function unary(fn: UnaryOp, a: Expr): Expr {
  return { op: 'unary', fn, a, type: fn === 'not' && !isVector(typeOf(a)) && typeOf(a) === 'bool' ? 'bool' : typeOf(a) };
}

export function fma(a: Operand, b: Operand, acc: Operand): Expr {
  const like = [a, b, acc].find((x): x is Expr => typeof x !== 'number');
  const t = like ? typeOf(like) : 'f32';
  return { op: 'fma', a: toExpr(a, elemOf(t)), b: toExpr(b, elemOf(t)), c: toExpr(acc, elemOf(t)), type: t };
}

export function select(cond: Expr, a: Operand, b: Operand): Expr {
  const [x, y] = operands(a, b);
  return { op: 'select', cond, a: x, b: y, type: typeOf(x) };
}

export function cast(a: Expr, type: Type): Expr {
  return { op: 'cast', a, type };
}

export function bitcast(a: Expr, type: Type): Expr {
  return { op: 'bitcast', a, type };
}

export interface MemOptions {
  /** tail predication: number of leading lanes touched */
  readonly mask?: Operand;
  /** scalable vectors: the active vector length */
  readonly vl?: Expr;
}

export interface LoadOptions extends MemOptions {
  /** with mask or vl: the value of the lanes not read (a number becomes a constant of the element type) */
  readonly fill?: Operand;
}

export function load(buffer: string, index: Operand, type: Type, opts: LoadOptions = {}): Expr {
  return {
    op: 'load', buffer, index: toExpr(index), type,
    ...(opts.mask !== undefined ? { mask: toExpr(opts.mask) } : {}),
    ...(opts.vl ? { vl: opts.vl } : {}),
    ...(opts.fill !== undefined ? { fill: toExpr(opts.fill, elemOf(type)) } : {}),
  };
}

export function broadcast(a: Operand, type: VectorType, vl?: Expr): Expr {
  return { op: 'broadcast', a: toExpr(a, type.elem), type, ...(vl ? { vl } : {}) };
}

export function lane(a: Expr, index: number): Expr {
  return { op: 'lane', a, lane: index, type: elemOf(typeOf(a)) };
}

export function reduce(fn: 'add' | 'max' | 'min', a: Expr, vl?: Expr): Expr {
  return { op: 'reduce', fn, a, type: elemOf(typeOf(a)), ...(vl ? { vl } : {}) };
}

const WIDER: Partial<Record<ScalarType, ScalarType>> = { i8: 'i16', i16: 'i32', i32: 'i64', u8: 'u16', u16: 'u32' };

/** the integer type of twice the width (i8 -> i16), for widening operations */
export function widerInt(t: ScalarType): ScalarType | undefined {
  return WIDER[t];
}

/** sum of an integer vector into a scalar of twice the element width (RVV vwredsum) */
export function reduceWiden(a: Expr, vl?: Expr): Expr {
  const elem = elemOf(typeOf(a));
  const type = WIDER[elem];
  if (!type) throw new Error(`reduceWiden: no wider integer type than ${elem}`);
  return { op: 'reduce', fn: 'add', a, type, ...(vl ? { vl } : {}) };
}

/** the same element-wise operation on the first `vl` lanes of scalable vectors (binary, unary, fma, select, cast) */
export function withVl(e: Expr, vl: Expr): Expr {
  if (e.op !== 'binary' && e.op !== 'unary' && e.op !== 'fma' && e.op !== 'select' && e.op !== 'cast') {
    throw new Error(`withVl: ${e.op} takes its vl in its own builder`);
  }
  return { ...e, vl };
}

/** integer dot-product accumulate: acc lanes (i32) += sum of `group` adjacent products of a and b */
export function dot(acc: Expr, a: Expr, b: Expr, group = 4): Expr {
  return { op: 'dot', acc, a, b, group, type: typeOf(acc) as VectorType };
}

export function wmacc(acc: Expr, a: Expr, b: Expr, vl?: Expr): Expr {
  return { op: 'wmacc', acc, a, b, type: typeOf(acc) as VectorType, ...(vl ? { vl } : {}) };
}

export function setvl(avl: Operand, elem: ScalarType, lmul = 1): Expr {
  return { op: 'setvl', avl: toExpr(avl), elem, lmul };
}

export function special(index: SpecialIndex, dim: 0 | 1 | 2 = 0): Expr {
  return { op: 'special', index, dim };
}

export function subgroupReduce(fn: SubgroupReduceFn, a: Expr): Expr {
  return { op: 'subgroup_reduce', fn, a, type: elemOf(typeOf(a)) };
}

function subgroupShuffleOf(mode: SubgroupShuffleMode, a: Expr, lane: Operand): Expr {
  return { op: 'subgroup_shuffle', mode, a, lane: toExpr(lane), type: elemOf(typeOf(a)) };
}

/** `a` as held by lane `lane` of the subgroup */
export const subgroupShuffle = (a: Expr, lane: Operand): Expr => subgroupShuffleOf('index', a, lane);
/** `a` as held by lane `subgroup_lane ^ mask` (butterflies) */
export const subgroupShuffleXor = (a: Expr, mask: Operand): Expr => subgroupShuffleOf('xor', a, mask);
/** `a` as held by the constant lane `lane`, for every lane */
export const subgroupBroadcast = (a: Expr, lane: number): Expr => subgroupShuffleOf('broadcast', a, lane);

export function call(fn: string, args: readonly Operand[], type: Type): Expr {
  return { op: 'call', fn, args: args.map((a) => toExpr(a)), type };
}

/** join vectors of one element type; lane counts add up */
export function concat(...parts: Expr[]): Expr {
  // a scalar part counts as one lane
  const types = parts.map((p) => typeOf(p));
  const lanes = types.reduce((n: number, t) => n + (isVector(t) ? (t.lanes as number) : 1), 0);
  const t0 = types[0]!;
  return { op: 'concat', parts, type: vec(isVector(t0) ? t0.elem : (t0 as ScalarType), lanes) };
}

// ---- statements ----

export function let_(name: string, type: Type, init?: Operand): Stmt {
  return init === undefined ? { op: 'let', name, type } : { op: 'let', name, type, init: toExpr(init, elemOf(type)) };
}

export function letMut(name: string, type: Type, init?: Operand): Stmt {
  return { ...let_(name, type, init), mutable: true } as Stmt;
}

export function assign(name: string, value: Expr): Stmt {
  return { op: 'assign', name, value };
}

export function store(buffer: string, index: Operand, value: Expr, opts: MemOptions = {}): Stmt {
  return {
    op: 'store', buffer, index: toExpr(index), value,
    ...(opts.mask !== undefined ? { mask: toExpr(opts.mask) } : {}),
    ...(opts.vl ? { vl: opts.vl } : {}),
  };
}

export interface ForOptions {
  readonly step?: Operand;
  readonly unroll?: number;
  readonly parallel?: boolean;
}

export function forLoop(variable: string, from: Operand, to: Operand, body: readonly Stmt[], opts: ForOptions = {}): Stmt {
  return {
    op: 'for', var: variable, from: toExpr(from), to: toExpr(to), step: toExpr(opts.step ?? 1), body,
    ...(opts.unroll !== undefined ? { unroll: opts.unroll } : {}),
    ...(opts.parallel ? { parallel: true } : {}),
  };
}

export function if_(cond: Expr, then: readonly Stmt[], otherwise?: readonly Stmt[]): Stmt {
  return otherwise ? { op: 'if', cond, then, else: otherwise } : { op: 'if', cond, then };
}

export function barrier(): Stmt {
  return { op: 'barrier', space: 'workgroup' };
}

export function gridDependency(action: 'signal' | 'wait'): Stmt {
  return { op: 'grid_dependency', action };
}

export function alloc(name: string, elem: ScalarType | VectorType, size: number, space: 'workgroup' | 'private', align?: number): Stmt {
  return align === undefined ? { op: 'alloc', name, elem, size, space } : { op: 'alloc', name, elem, size, space, align };
}

/** workgroup memory sized at launch (CUDA: above 48 KB, a carve-out of the one `extern __shared__` array) */
export function allocDynamic(name: string, elem: ScalarType | VectorType, size: number, align?: number): Stmt {
  return { ...alloc(name, elem, size, 'workgroup', align), dynamic: true } as Stmt;
}

export interface AtomicOptions {
  /** declare an immutable variable of this name holding the element before the operation */
  readonly result?: string;
}

function atomicOf(fn: AtomicFn, buffer: string, index: Operand, value: Expr, opts: AtomicOptions, compare?: Expr): Stmt {
  return {
    op: 'atomic', fn, buffer, index: toExpr(index), value,
    ...(compare ? { compare } : {}),
    ...(opts.result !== undefined ? { result: opts.result } : {}),
  };
}

export const atomicAdd = (buffer: string, index: Operand, value: Expr, opts: AtomicOptions = {}): Stmt => atomicOf('add', buffer, index, value, opts);
export const atomicMax = (buffer: string, index: Operand, value: Expr, opts: AtomicOptions = {}): Stmt => atomicOf('max', buffer, index, value, opts);
export const atomicMin = (buffer: string, index: Operand, value: Expr, opts: AtomicOptions = {}): Stmt => atomicOf('min', buffer, index, value, opts);
/** store `value` at buffer[index] if the element there equals `compare` */
export function atomicCas(buffer: string, index: Operand, compare: Expr, value: Expr, opts: AtomicOptions = {}): Stmt {
  return atomicOf('cas', buffer, index, value, opts, compare);
}

// ---- matrix units (CUDA tensor cores) ----

/** a lane's fragment: private array `array` from element `offset` */
export function frag(array: string, offset: Operand = 0): FragmentRef {
  return { array, offset: toExpr(offset) };
}

/** d = a·b + c on one tile (ir.ts documents each lane's elements) */
export function mma(d: FragmentRef, a: FragmentRef, b: FragmentRef, c: FragmentRef, operands: 'f16' | 'bf16' = 'f16', shape: MmaShape = 'm16n8k16'): Stmt {
  return { op: 'mma', shape, operands, d, a, b, c };
}

/** `count` 8x8 matrices of 16-bit elements from workgroup memory; `index`: this lane's row start */
export function ldmatrix(dst: FragmentRef, buffer: string, index: Operand, count: 1 | 2 | 4 = 4, trans = false): Stmt {
  return { op: 'ldmatrix', count, trans, buffer, index: toExpr(index), dst };
}

/** buffer[index..] (workgroup) <- src[srcIndex..] (global), `bytes` of them, asynchronously; `srcBytes`: bytes read, the rest zero */
export function asyncCopy(buffer: string, index: Operand, src: string, srcIndex: Operand, bytes: 4 | 8 | 16, srcBytes?: Operand): Stmt {
  return {
    op: 'async_copy', buffer, index: toExpr(index), src, srcIndex: toExpr(srcIndex), bytes,
    ...(srcBytes !== undefined ? { srcBytes: toExpr(srcBytes) } : {}),
  };
}

export function asyncCommit(): Stmt {
  return { op: 'async_commit' };
}

export function asyncWait(pending: number): Stmt {
  return { op: 'async_wait', pending };
}

export function comment(text: string): Stmt {
  return { op: 'comment', text };
}

// ---- kernel parameters ----

export function bufferParam(name: string, elem: ScalarType, access: BufferParam['access'] = 'read', flags: Pick<BufferParam, 'coherent' | 'aliased'> = {}): BufferParam {
  return { kind: 'buffer', name, elem, access, ...flags };
}

export function scalarParam(name: string, type: ScalarType = 'i32'): ScalarParam {
  return { kind: 'scalar', name, type };
}
