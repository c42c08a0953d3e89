/**
 * `verifyKernel` checks what a renderer relies on and a lowering can get wrong: every variable is
 * declared before use and used at its declared type, operand types agree, memory operations name
 * existing buffers of a compatible element type and write only writable ones, SIMT-only constructs
 * (barriers, subgroup operations, thread indices) stay in SIMT kernels, barriers are not under
 * thread-dependent control flow, and vector lengths (`vl`) go only with scalable vectors.
 * It throws an Error naming the kernel and the offending statement.
 */
import type { AtomicFn, Expr, FragmentRef, Kernel, ScalarType, SpecialIndex, Stmt, Type, VectorType } from './ir.ts';
import { elemOf, isFloat, isVector, sameType, typeKey, typeOf, widerInt } from './build.ts';
import { callMismatch } from './calls.ts';

interface Binding {
  readonly type: Type;
  readonly mutable: boolean;
  /** value may differ between threads of a workgroup */
  readonly divergent: boolean;
}

interface Memory {
  readonly elem: ScalarType | VectorType;
  readonly writable: boolean;
  /** a buffer parameter's access, or 'private'/'workgroup' for an alloc */
  readonly kind: 'read' | 'write' | 'readwrite' | 'private' | 'workgroup';
}

const SIMT_INDICES: ReadonlySet<SpecialIndex> = new Set([
  'thread_id', 'group_id', 'group_size', 'num_groups', 'global_id', 'subgroup_lane', 'subgroup_size',
]);
const DIVERGENT_INDICES: ReadonlySet<SpecialIndex> = new Set(['thread_id', 'global_id', 'subgroup_lane']);
const INTEGER_TYPES: ReadonlySet<ScalarType> = new Set(['i8', 'u8', 'i16', 'u16', 'i32', 'u32', 'i64']);
/** the element types every GPU language has subgroup operations and atomics for */
const SUBGROUP_TYPES: ReadonlySet<Type> = new Set(['f32', 'i32', 'u32']);
const ATOMIC_TYPES: Readonly<Record<AtomicFn, ReadonlySet<Type>>> = {
  add: SUBGROUP_TYPES, max: new Set(['i32', 'u32']), min: new Set(['i32', 'u32']), cas: new Set(['i32', 'u32']),
};

class VerifyError extends Error {}

function describe(s: Stmt): string {
  switch (s.op) {
    case 'let': return `let ${s.name}: ${typeKey(s.type)}`;
    case 'assign': return `${s.name} = ...`;
    case 'store': return `store ${s.buffer}[...]`;
    case 'for': return `for ${s.var}`;
    case 'if': return 'if (...)';
    case 'barrier': return 'barrier';
    case 'grid_dependency': return `grid dependency ${s.action}`;
    case 'alloc': return `alloc ${s.name}[${s.size}]`;
    case 'atomic': return `atomic ${s.fn} ${s.buffer}[...]`;
    case 'mma': return `mma ${s.shape} ${s.d.array} = ${s.a.array}·${s.b.array} + ${s.c.array}`;
    case 'ldmatrix': return `ldmatrix.x${s.count}${s.trans ? '.trans' : ''} ${s.dst.array} <- ${s.buffer}[...]`;
    case 'async_copy': return `async copy ${s.buffer}[...] <- ${s.src}[...] (${s.bytes} bytes)`;
    case 'async_commit': return 'async commit';
    case 'async_wait': return `async wait ${s.pending}`;
    case 'comment': return `// ${s.text}`;
  }
}

export function verifyKernel(k: Kernel): void {
  const memory = new Map<string, Memory>();
  const scopes: Map<string, Binding>[] = [new Map()];
  const privateSizes = new Map<string, number>();
  const fail = (msg: string): never => { throw new VerifyError(msg); };

  for (const p of k.params) {
    if (memory.has(p.name) || scopes[0]!.has(p.name)) throw new Error(`kernel '${k.name}': duplicate parameter '${p.name}'`);
    if (p.kind === 'buffer') memory.set(p.name, { elem: p.elem, writable: p.access !== 'read', kind: p.access });
    else scopes[0]!.set(p.name, { type: p.type, mutable: false, divergent: false });
  }
  if (k.model === 'simt' && !k.workgroupSize) throw new Error(`kernel '${k.name}': a simt kernel needs workgroupSize`);

  const lookup = (name: string): Binding | undefined => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const b = scopes[i]!.get(name);
      if (b) return b;
    }
    return undefined;
  };
  const declare = (name: string, b: Binding): void => {
    if (lookup(name) || memory.has(name)) fail(`'${name}' is already declared`);
    scopes[scopes.length - 1]!.set(name, b);
  };

  const checkVl = (type: Type, vl: Expr | undefined, what: string): void => {
    const scalable = isVector(type) && type.lanes === 'vl';
    if (vl && !scalable) fail(`${what}: vl given for the fixed type ${typeKey(type)}`);
    if (scalable && !vl) fail(`${what}: scalable type ${typeKey(type)} needs a vl`);
    if (vl) checkIndex(vl, `${what} vl`);
  };
  const checkIndex = (e: Expr, what: string): void => {
    const t = check(e);
    if (isVector(t) || !INTEGER_TYPES.has(t)) fail(`${what} must be a scalar integer, got ${typeKey(t)}`);
  };
  const checkMemoryElem = (buffer: string, type: Type, what: string): Memory => {
    const m = memory.get(buffer) ?? fail(`${what}: unknown buffer '${buffer}'`);
    const bufElem = isVector(m.elem) ? typeKey(m.elem) : m.elem;
    const valElem = isVector(m.elem) ? typeKey(type) : elemOf(type);
    const byteBuffer = bufElem === 'u8' || bufElem === 'i8';
    if (bufElem !== valElem && !byteBuffer) fail(`${what}: buffer '${buffer}' holds ${bufElem}, not ${valElem}`);
    return m;
  };

  /** returns the expression's type after checking it; divergence is tracked separately */
  function check(e: Expr): Type {
    switch (e.op) {
      case 'const': return e.type;
      case 'var': {
        const b = lookup(e.name) ?? fail(`variable '${e.name}' used before its declaration`);
        if (!sameType(b.type, e.type)) fail(`variable '${e.name}' is ${typeKey(b.type)}, used as ${typeKey(e.type)}`);
        return e.type;
      }
      case 'param': {
        const p = k.params.find((q) => q.name === e.name);
        if (!p || p.kind !== 'scalar') fail(`unknown scalar parameter '${e.name}'`);
        else if (p.type !== e.type) fail(`parameter '${e.name}' is ${p.type}, used as ${e.type}`);
        return e.type;
      }
      case 'binary': {
        const ta = check(e.a);
        const tb = check(e.b);
        const shift = e.fn === 'shl' || e.fn === 'shr';
        if (!sameType(ta, tb) && !(shift && isVector(ta) && !isVector(tb) && INTEGER_TYPES.has(tb))) {
          fail(`${e.fn}: operand types differ (${typeKey(ta)} vs ${typeKey(tb)})`);
        }
        if (['and', 'or', 'xor', 'shl', 'shr', 'rem'].includes(e.fn) && isFloat(elemOf(ta))) fail(`${e.fn} on float type ${typeKey(ta)}`);
        checkVl(e.type, e.vl, e.fn);
        return e.type;
      }
      case 'unary': {
        const t = check(e.a);
        if (!sameType(t, e.type)) fail(`${e.fn}: result ${typeKey(e.type)} differs from operand ${typeKey(t)}`);
        checkVl(e.type, e.vl, e.fn);
        return e.type;
      }
      case 'fma': {
        const ts = [check(e.a), check(e.b), check(e.c)];
        if (!ts.every((t) => sameType(t, e.type))) fail(`fma: operand types ${ts.map(typeKey).join(', ')} do not all equal ${typeKey(e.type)}`);
        if (!isFloat(elemOf(e.type))) fail(`fma on non-float type ${typeKey(e.type)}`);
        checkVl(e.type, e.vl, 'fma');
        return e.type;
      }
      case 'select': {
        const tc = check(e.cond);
        if (elemOf(tc) !== 'bool') fail(`select: condition is ${typeKey(tc)}, not bool`);
        const ta = check(e.a);
        const tb = check(e.b);
        if (!sameType(ta, tb) || !sameType(ta, e.type)) fail(`select: branch types differ (${typeKey(ta)} vs ${typeKey(tb)})`);
        checkVl(e.type, e.vl, 'select');
        return e.type;
      }
      case 'cast': case 'bitcast': {
        const t = check(e.a);
        if (isVector(t) !== isVector(e.type)) fail(`${e.op}: cannot change between scalar and vector (${typeKey(t)} -> ${typeKey(e.type)})`);
        if (isVector(t) && isVector(e.type) && t.lanes !== e.type.lanes) fail(`${e.op}: lane counts differ (${typeKey(t)} -> ${typeKey(e.type)})`);
        if (e.op === 'cast') checkVl(e.type, e.vl, 'cast');
        return e.type;
      }
      case 'load': {
        checkMemoryElem(e.buffer, e.type, `load ${e.buffer}`);
        checkIndex(e.index, `load ${e.buffer} index`);
        if (e.mask) checkIndex(e.mask, `load ${e.buffer} mask`);
        if (e.mask && !isVector(e.type)) fail(`load ${e.buffer}: mask on a scalar load`);
        checkVl(e.type, e.vl, `load ${e.buffer}`);
        if (e.fill) {
          const tf = check(e.fill);
          if (!e.mask && !e.vl) fail(`load ${e.buffer}: fill without a mask or vl (every lane is read)`);
          if (isVector(tf) || tf !== elemOf(e.type)) fail(`load ${e.buffer}: fill is ${typeKey(tf)}, not the element type ${elemOf(e.type)}`);
        }
        return e.type;
      }
      case 'broadcast': {
        const t = check(e.a);
        if (isVector(t) || t !== e.type.elem) fail(`broadcast: ${typeKey(t)} into ${typeKey(e.type)}`);
        checkVl(e.type, e.vl, 'broadcast');
        return e.type;
      }
      case 'lane': {
        const t = check(e.a);
        if (!isVector(t)) fail(`lane of the scalar ${t}`);
        else if (typeof t.lanes === 'number' && e.lane >= t.lanes) fail(`lane ${e.lane} out of range for ${typeKey(t)}`);
        return e.type;
      }
      case 'reduce': {
        const t = check(e.a);
        if (!isVector(t) || (t.elem !== e.type && widerInt(t.elem) !== e.type)) fail(`reduce: ${typeKey(t)} to ${e.type}`);
        checkVl(t, e.vl, 'reduce');
        return e.type;
      }
      case 'dot': {
        const [tacc, ta, tb] = [check(e.acc), check(e.a), check(e.b)];
        if (!isVector(tacc) || !isVector(ta) || !isVector(tb)) fail('dot: operands must be vectors');
        const acc = tacc as VectorType;
        if (!sameType(acc, e.type) || (acc.elem !== 'i32' && acc.elem !== 'u32')) fail(`dot: accumulator ${typeKey(acc)} must be i32/u32 vector`);
        for (const t of [ta, tb] as VectorType[]) {
          if (t.elem !== 'i8' && t.elem !== 'u8') fail(`dot: operand ${typeKey(t)} must hold 8-bit lanes`);
          if (typeof t.lanes === 'number' && typeof acc.lanes === 'number' && t.lanes !== acc.lanes * e.group) {
            fail(`dot: operand ${typeKey(t)} must have ${e.group} lanes per accumulator lane of ${typeKey(acc)}`);
          }
        }
        return e.type;
      }
      case 'wmacc': {
        const [tacc, ta, tb] = [check(e.acc), check(e.a), check(e.b)];
        if (!isVector(tacc) || !sameType(tacc, e.type) || !isVector(ta) || !sameType(ta, tb)) fail('wmacc: operand types disagree');
        checkVl(e.type, e.vl, 'wmacc');
        return e.type;
      }
      case 'setvl': checkIndex(e.avl, 'setvl avl'); return 'i32';
      case 'special': {
        if (SIMT_INDICES.has(e.index) && k.model !== 'simt') fail(`${e.index} outside a simt kernel`);
        if ((e.index === 'cpu_thread' || e.index === 'cpu_threads') && k.model !== 'cpu') fail(`${e.index} outside a cpu kernel`);
        return 'i32';
      }
      case 'subgroup_reduce': case 'subgroup_shuffle': {
        if (k.model !== 'simt') fail(`${e.op} outside a simt kernel`);
        const t = check(e.a);
        if (t !== e.type) fail(`${e.op}: ${typeKey(t)} to ${e.type}`);
        if (!SUBGROUP_TYPES.has(t)) fail(`${e.op} of ${typeKey(t)} (subgroup operations take f32, i32, u32)`);
        if (e.op === 'subgroup_shuffle') {
          checkIndex(e.lane, `subgroup_shuffle ${e.mode} lane`);
          if (e.mode === 'broadcast' && e.lane.op !== 'const') fail('subgroup broadcast from a lane that is not a constant');
        }
        return e.type;
      }
      case 'call': {
        const why = callMismatch(e.fn, e.args.map(check), e.type);
        if (why) fail(why);
        return e.type;
      }
      case 'concat': {
        const ts = e.parts.map(check);
        let lanes = 0;
        for (const t of ts) {
          // a scalar part of the element type is one lane (a vector built from scalars)
          if (t === e.type.elem) lanes += 1;
          else if (!isVector(t) || t.elem !== e.type.elem || typeof t.lanes !== 'number') fail(`concat: part ${typeKey(t)} into ${typeKey(e.type)}`);
          else lanes += t.lanes as number;
        }
        if (lanes !== e.type.lanes) fail(`concat: parts hold ${lanes} lanes, type says ${typeKey(e.type)}`);
        return e.type;
      }
    }
  }

  function divergent(e: Expr): boolean {
    switch (e.op) {
      case 'special': return DIVERGENT_INDICES.has(e.index);
      case 'var': return lookup(e.name)?.divergent ?? false;
      case 'const': case 'param': return false;
      case 'load': return divergent(e.index);
      default: return children(e).some(divergent);
    }
  }

  /** a fragment: a private array of `elem`, holding `count` elements from its offset (when the offset is a constant) */
  function fragment(f: FragmentRef, elem: ScalarType, count: number, what: string): void {
    const m = memory.get(f.array) ?? fail(`${what}: unknown array '${f.array}'`);
    if (m.kind !== 'private') fail(`${what}: '${f.array}' is not a private array (fragments live in registers)`);
    if (m.elem !== elem) fail(`${what}: '${f.array}' holds ${typeKey(m.elem)}, a fragment here is ${elem}`);
    checkIndex(f.offset, `${what} offset`);
    const size = privateSizes.get(f.array)!;
    if (f.offset.op === 'const' && (f.offset.value < 0 || f.offset.value + count > size)) fail(`${what}: elements ${f.offset.value}..${f.offset.value + count - 1} of '${f.array}' [${size}]`);
  }

  function stmts(list: readonly Stmt[], underDivergence: boolean): void {
    scopes.push(new Map());
    for (const s of list) {
      try {
        stmt(s, underDivergence);
      } catch (err) {
        if (err instanceof VerifyError) throw new Error(`verifyKernel: kernel '${k.name}': ${err.message} (in \`${describe(s)}\`)`);
        throw err;
      }
    }
    scopes.pop();
  }

  function stmt(s: Stmt, underDivergence: boolean): void {
    switch (s.op) {
      case 'let': {
        if (s.init) {
          const t = check(s.init);
          if (!sameType(t, s.type)) fail(`initializer is ${typeKey(t)}, declared ${typeKey(s.type)}`);
        } else if (!s.mutable) fail('an immutable let needs an initializer');
        declare(s.name, { type: s.type, mutable: s.mutable ?? false, divergent: !!s.init && divergent(s.init) });
        return;
      }
      case 'assign': {
        const b = lookup(s.name) ?? fail(`assignment to undeclared '${s.name}'`);
        if (!b.mutable) fail(`assignment to immutable '${s.name}'`);
        const t = check(s.value);
        if (!sameType(t, b.type)) fail(`assigning ${typeKey(t)} to '${s.name}' of type ${typeKey(b.type)}`);
        if (divergent(s.value) && !b.divergent) scopes.find((m) => m.has(s.name))!.set(s.name, { ...b, divergent: true });
        return;
      }
      case 'store': {
        const m = checkMemoryElem(s.buffer, check(s.value), `store ${s.buffer}`);
        if (!m.writable) fail(`store to read-only buffer '${s.buffer}'`);
        checkIndex(s.index, `store ${s.buffer} index`);
        if (s.mask) checkIndex(s.mask, `store ${s.buffer} mask`);
        checkVl(typeOf(s.value), s.vl, `store ${s.buffer}`);
        return;
      }
      case 'for': {
        for (const [e, what] of [[s.from, 'from'], [s.to, 'to'], [s.step, 'step']] as const) checkIndex(e, `for ${s.var} ${what}`);
        if (s.parallel && k.model !== 'cpu') fail('parallel loops are for cpu kernels (simt kernels use the grid)');
        const divergentLoop = underDivergence || divergent(s.from) || divergent(s.to) || divergent(s.step);
        scopes.push(new Map([[s.var, { type: 'i32', mutable: false, divergent: divergentLoop }]]));
        stmts(s.body, divergentLoop);
        scopes.pop();
        return;
      }
      case 'if': {
        const t = check(s.cond);
        if (t !== 'bool') fail(`if condition is ${typeKey(t)}, not bool`);
        const d = underDivergence || divergent(s.cond);
        stmts(s.then, d);
        if (s.else) stmts(s.else, d);
        return;
      }
      case 'barrier':
        if (k.model !== 'simt') fail('barrier outside a simt kernel');
        if (underDivergence) fail('barrier under thread-dependent control flow (threads of a workgroup would diverge)');
        return;
      case 'alloc':
        if (s.space === 'workgroup' && k.model !== 'simt') fail('workgroup memory outside a simt kernel');
        if (s.dynamic && s.space !== 'workgroup') fail('only workgroup memory is sized at launch');
        if (!(s.size > 0)) fail(`alloc size ${s.size}`);
        if (s.align !== undefined && !(s.align > 0 && (s.align & (s.align - 1)) === 0)) fail(`alloc alignment ${s.align} is not a power of two`);
        if (lookup(s.name) || memory.has(s.name)) fail(`'${s.name}' is already declared`);
        memory.set(s.name, { elem: s.elem, writable: true, kind: s.space });
        privateSizes.set(s.name, s.size);
        return;
      case 'atomic': {
        const m = memory.get(s.buffer) ?? fail(`unknown buffer '${s.buffer}'`);
        // an atomic reads what it updates, and updates other threads can see
        if (m.kind !== 'readwrite' && m.kind !== 'workgroup') fail(`atomic on '${s.buffer}', which is not a readwrite buffer or workgroup array`);
        const t = check(s.value);
        if (isVector(t) || !ATOMIC_TYPES[s.fn].has(t)) fail(`atomic ${s.fn} of ${typeKey(t)}`);
        if (m.elem !== t) fail(`atomic on '${s.buffer}', which holds ${typeKey(m.elem)}, not ${typeKey(t)}`);
        checkIndex(s.index, `atomic ${s.buffer} index`);
        if ((s.fn === 'cas') !== (s.compare !== undefined)) fail(s.fn === 'cas' ? 'atomic cas needs the value to compare with' : `atomic ${s.fn} takes no compare value`);
        if (s.compare && !sameType(check(s.compare), t)) fail(`atomic cas compares ${typeKey(typeOf(s.compare))} with ${typeKey(t)}`);
        if (s.result !== undefined) declare(s.result, { type: t, mutable: false, divergent: true });
        return;
      }
      case 'grid_dependency':
        if (k.model !== 'simt') fail('grid dependency outside a simt kernel');
        return;
      case 'mma': {
        if (k.model !== 'simt') fail('mma outside a simt kernel');
        if (underDivergence) fail('mma under thread-dependent control flow (every lane of a warp takes part)');
        fragment(s.a, 'u32', 4, 'mma a');
        fragment(s.b, 'u32', 2, 'mma b');
        fragment(s.c, 'f32', 4, 'mma c');
        fragment(s.d, 'f32', 4, 'mma d');
        return;
      }
      case 'ldmatrix': {
        if (k.model !== 'simt') fail('ldmatrix outside a simt kernel');
        if (underDivergence) fail('ldmatrix under thread-dependent control flow (every lane of a warp takes part)');
        const m = memory.get(s.buffer) ?? fail(`ldmatrix: unknown buffer '${s.buffer}'`);
        if (m.kind !== 'workgroup') fail(`ldmatrix reads workgroup memory, '${s.buffer}' is not a workgroup array`);
        if (isVector(m.elem) || !['f16', 'bf16', 'u16', 'i16', 'u32'].includes(m.elem)) fail(`ldmatrix from '${s.buffer}' of ${typeKey(m.elem)} (16-bit elements or u32 words of them)`);
        checkIndex(s.index, 'ldmatrix index');
        fragment(s.dst, 'u32', s.count, 'ldmatrix dst');
        return;
      }
      case 'async_copy': {
        if (k.model !== 'simt') fail('async copy outside a simt kernel');
        const dst = memory.get(s.buffer) ?? fail(`async copy: unknown buffer '${s.buffer}'`);
        if (dst.kind !== 'workgroup') fail(`async copy writes workgroup memory, '${s.buffer}' is not a workgroup array`);
        const src = memory.get(s.src) ?? fail(`async copy: unknown buffer '${s.src}'`);
        if (src.kind !== 'read' && src.kind !== 'readwrite') fail(`async copy reads a global buffer, '${s.src}' is not a readable buffer parameter`);
        if (![4, 8, 16].includes(s.bytes)) fail(`async copy of ${s.bytes} bytes (4, 8 or 16)`);
        checkIndex(s.index, 'async copy index');
        checkIndex(s.srcIndex, 'async copy source index');
        if (s.srcBytes) checkIndex(s.srcBytes, 'async copy source bytes');
        return;
      }
      case 'async_commit':
        if (k.model !== 'simt') fail('async commit outside a simt kernel');
        return;
      case 'async_wait':
        if (k.model !== 'simt') fail('async wait outside a simt kernel');
        if (!Number.isInteger(s.pending) || s.pending < 0 || s.pending > 7) fail(`async wait for ${s.pending} pending groups (0..7)`);
        return;
      case 'comment':
        return;
    }
  }

  stmts(k.body, false);
}

/** every statement of a list, nested ones (loop and branch bodies) included, in program order */
export function allStatements(list: readonly Stmt[]): Stmt[] {
  return list.flatMap((s) => [s, ...(s.op === 'for' ? allStatements(s.body) : s.op === 'if' ? allStatements([...s.then, ...(s.else ?? [])]) : [])]);
}

/** the buffers and workgroup arrays an atomic statement updates (languages that declare such memory atomic) */
export function atomicMemory(k: Kernel): ReadonlySet<string> {
  return new Set(allStatements(k.body).flatMap((s) => (s.op === 'atomic' ? [s.buffer] : [])));
}

/** the direct sub-expressions of an expression */
export function children(e: Expr): readonly Expr[] {
  switch (e.op) {
    case 'const': case 'var': case 'param': case 'special': return [];
    case 'binary': return e.vl ? [e.a, e.b, e.vl] : [e.a, e.b];
    case 'cast': return e.vl ? [e.a, e.vl] : [e.a];
    case 'unary': return e.vl ? [e.a, e.vl] : [e.a];
    case 'bitcast': case 'broadcast': case 'lane': case 'subgroup_reduce': return [e.a];
    case 'subgroup_shuffle': return [e.a, e.lane];
    case 'reduce': return e.vl ? [e.a, e.vl] : [e.a];
    case 'fma': return e.vl ? [e.a, e.b, e.c, e.vl] : [e.a, e.b, e.c];
    case 'select': return e.vl ? [e.cond, e.a, e.b, e.vl] : [e.cond, e.a, e.b];
    case 'load': return [e.index, ...(e.mask ? [e.mask] : []), ...(e.vl ? [e.vl] : []), ...(e.fill ? [e.fill] : [])];
    case 'dot': return [e.acc, e.a, e.b];
    case 'wmacc': return [e.acc, e.a, e.b, ...(e.vl ? [e.vl] : [])];
    case 'setvl': return [e.avl];
    case 'call': return e.args;
    case 'concat': return e.parts;
  }
}
