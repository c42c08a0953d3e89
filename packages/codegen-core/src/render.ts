/**
 * The one C-family printer: walks the kernel IR and spells it through a `Dialect` (dialect.ts).
 * It verifies the kernel first, so a renderer never prints an ill-typed program.
 */
import type { Expr, FragmentRef, Kernel, ScalarType, Stmt, Type, VectorType } from '@kforge/ir';
import { allStatements, atomicMemory, isFloat, isVector, typeKey, typeOf, verifyKernel } from '@kforge/ir';
import type { Dialect, MatrixSpellings, SpellOperands, Spelling } from './dialect.ts';

const C_OPERATORS: Readonly<Record<string, string>> = {
  add: '+', sub: '-', mul: '*', div: '/', rem: '%', and: '&', or: '|', xor: '^', shl: '<<', shr: '>>',
  lt: '<', le: '<=', gt: '>', ge: '>=', eq: '==', ne: '!=', land: '&&', lor: '||',
};

/**
 * The rule-table key of an operation (see dialect.ts): `<op>:<types>`.
 * binary/unary `add:f32x16`, `shr:u8x16` (scalar shift amount as $b); `fma:f32x16`; `select:f32x8`;
 * `cast:u8x16->f32x16`; `bitcast:...`; `load:f16x16` / `load.mask:f32x16`, with a fill `load.mask.fill:f32x16` /
 * `load.fill:f32xvl` (the fill as $b); `store:...` / `store.mask:...`;
 * `broadcast:f32x16`; `lane:f32x4`; `reduce.add:f32x16`; `dot:i32x8,u8x32,i8x32`; `wmacc:i16xvl,i8xvl,i8xvl`;
 * `concat:u8x16->u8x32`; `setvl:f32m1`; `call.kf_hsum:i32x8` (a helper on vectors); vector type names `type:f32x16`.
 */
export function ruleKey(e: Expr): string | undefined {
  switch (e.op) {
    case 'binary': case 'unary': return `${e.fn}:${typeKey(typeOf(e.a))}`;
    case 'fma': case 'select': case 'broadcast': return `${e.op}:${typeKey(e.type)}`;
    case 'cast': case 'bitcast': return `${e.op}:${typeKey(typeOf(e.a))}->${typeKey(e.type)}`;
    case 'load': return `load${e.mask ? '.mask' : ''}${e.fill ? '.fill' : ''}:${typeKey(e.type)}`;
    case 'lane': return `lane:${typeKey(typeOf(e.a))}`;
    case 'reduce': {
      const from = typeOf(e.a);
      return `reduce.${e.fn}:${typeKey(from)}${isVector(from) && from.elem !== e.type ? `->${e.type}` : ''}`;
    }
    case 'dot': case 'wmacc': return `${e.op}:${[e.acc, e.a, e.b].map((x) => typeKey(typeOf(x))).join(',')}`;
    case 'concat': return `concat:${typeKey(typeOf(e.parts[0]!))}->${typeKey(e.type)}`;
    case 'setvl': return `setvl:${e.elem}m${e.lmul}`;
    case 'call': return `call.${e.fn}:${typeKey(e.type)}`;
    default: return undefined;
  }
}

function involvesVector(e: Expr): boolean {
  if (isVector(typeOf(e))) return true;
  return (e.op === 'reduce' || e.op === 'lane') || e.op === 'setvl';
}

export function spell(s: Spelling, o: Partial<SpellOperands>): string {
  const full: SpellOperands = { a: '', b: '', c: '', p: '', n: '', T: '', all: [], vl: '', ...o };
  if (typeof s === 'function') return s(full);
  return s.replace(/\$(vl|[abcpnT])/g, (_, k: 'a' | 'b' | 'c' | 'p' | 'n' | 'T' | 'vl') => full[k]);
}

export class Printer {
  private readonly atomicMemory: ReadonlySet<string>;
  private readonly dynamicOffsets: ReadonlyMap<string, number>;

  constructor(readonly d: Dialect, readonly k: Kernel) {
    this.atomicMemory = atomicMemory(k);
    this.dynamicOffsets = dynamicSharedLayout(k).offsets;
  }

  /** a workgroup array the dialect declares atomic, so that its plain loads and stores go through atomics too */
  private atomicShared(name: string): boolean {
    return !!this.d.atomicSharedArray && this.atomicMemory.has(name) && !this.k.params.some((p) => p.name === name);
  }

  typeName(t: Type): string {
    if (!isVector(t)) return this.d.types[t];
    const rule = this.d.isa?.rules[`type:${typeKey(t)}`];
    if (rule === undefined) throw new Error(`dialect '${this.dialectName()}' has no vector type ${typeKey(t)} (kernel '${this.k.name}')`);
    return spell(rule, {});
  }

  private dialectName(): string {
    return this.d.isa ? `${this.d.name}+${this.d.isa.name}` : this.d.name;
  }

  private rule(key: string | undefined): Spelling | undefined {
    return key === undefined ? undefined : this.d.isa?.rules[key];
  }

  private requireRule(key: string): Spelling {
    const r = this.rule(key);
    if (r === undefined) throw new Error(`dialect '${this.dialectName()}' has no rule for ${key} (kernel '${this.k.name}')`);
    return r;
  }

  private bufferElem(name: string): ScalarType | VectorType {
    const p = this.k.params.find((q) => q.name === name);
    if (p?.kind === 'buffer') return p.elem;
    const a = findAlloc(this.k.body, name);
    if (!a) throw new Error(`kernel '${this.k.name}': unknown buffer ${name}`);
    return a;
  }

  address(buffer: string, index: Expr): string {
    return `&${buffer}[${this.expr(index)}]`;
  }

  expr(e: Expr): string {
    if (e.op === 'var' || e.op === 'param') return e.name;
    const key = ruleKey(e);
    const rule = this.rule(key);
    if (rule !== undefined) return this.spellRule(e, rule);
    if (involvesVector(e)) return this.spellRule(e, this.requireRule(key ?? `${e.op}:${typeKey(typeOf(e))}`));
    return this.scalar(e);
  }

  private spellRule(e: Expr, rule: Spelling): string {
    const T = this.typeName(typeOf(e));
    const vl = 'vl' in e && e.vl ? this.expr(e.vl) : '';
    switch (e.op) {
      case 'load': {
        const fill = e.fill ? this.expr(e.fill) : '';
        return spell(rule, { p: this.address(e.buffer, e.index), n: e.mask ? this.expr(e.mask) : '', a: vl, b: fill, vl, T });
      }
      case 'lane': return spell(rule, { a: this.expr(e.a), n: String(e.lane), T });
      case 'setvl': return spell(rule, { a: this.expr(e.avl), T });
      case 'reduce': return spell(rule, { a: this.expr(e.a), b: vl, vl, T });
      case 'concat': {
        const all = e.parts.map((p) => this.expr(p));
        return spell(rule, { a: all[0], b: all[1] ?? '', c: all[2] ?? '', all, T });
      }
      default: {
        const all = childOperands(e).map((x) => this.expr(x));
        return spell(rule, { a: all[0] ?? '', b: all[1] ?? '', c: all[2] ?? '', all, vl, T });
      }
    }
  }

  private scalar(e: Expr): string {
    const d = this.d;
    switch (e.op) {
      case 'const': return d.literal(e.value, e.type);
      case 'var': case 'param': return e.name;
      case 'binary': {
        const t = e.type as ScalarType;
        if (e.fn === 'min' || e.fn === 'max') {
          const fn = d.minMax[t];
          const [a, b] = [this.expr(e.a), this.expr(e.b)];
          return fn ? `${fn[e.fn]}(${a}, ${b})` : `((${a}) ${e.fn === 'min' ? '<' : '>'} (${b}) ? (${a}) : (${b}))`;
        }
        return `(${this.expr(e.a)} ${C_OPERATORS[e.fn]} ${this.expr(e.b)})`;
      }
      case 'unary': {
        if (e.fn === 'neg') return `(-${this.expr(e.a)})`;
        if (e.fn === 'not') return `${e.type === 'bool' ? '!' : '~'}(${this.expr(e.a)})`;
        const t = e.type as ScalarType;
        const m = d.math[e.fn][t] ?? (() => { throw new Error(`dialect '${d.name}' has no ${e.fn} for ${t} (kernel '${this.k.name}')`); })();
        return spell(m, { a: this.expr(e.a) });
      }
      case 'fma': return spell(d.fma, { a: this.expr(e.a), b: this.expr(e.b), c: this.expr(e.c) });
      case 'select': return `(${this.expr(e.cond)} ? ${this.expr(e.a)} : ${this.expr(e.b)})`;
      case 'cast': {
        const from = typeOf(e.a) as ScalarType;
        const conv = d.conversions[`${from}->${e.type}`];
        if (conv) return spell(conv, { a: this.expr(e.a) });
        if ((from === 'f16' || from === 'bf16') && e.type !== from) {
          // through f32: f16 -> i32 is f16 -> f32 -> i32
          const viaF32 = d.conversions[`${from}->f32`];
          if (viaF32) return `((${this.typeName(e.type)})${spell(viaF32, { a: this.expr(e.a) })})`;
        }
        if ((e.type === 'f16' || e.type === 'bf16') && isFloat(from)) throw new Error(`dialect '${d.name}' cannot convert ${from} to ${e.type}`);
        return `((${this.typeName(e.type)})${this.expr(e.a)})`;
      }
      case 'bitcast': {
        const conv = d.conversions[`bits:${typeOf(e.a)}->${e.type}`];
        if (conv) return spell(conv, { a: this.expr(e.a) });
        if (d.types[typeOf(e.a) as ScalarType] === d.types[e.type as ScalarType]) return this.expr(e.a);
        throw new Error(`dialect '${d.name}' has no bitcast ${typeOf(e.a)} -> ${typeKey(e.type)} (kernel '${this.k.name}')`);
      }
      case 'load': {
        const elem = this.bufferElem(e.buffer);
        if (!isVector(elem) && elem !== e.type) return d.rawLoad(this.typeName(e.type), this.address(e.buffer, e.index));
        if (this.atomicShared(e.buffer)) return d.atomicSharedArray!.load(this.address(e.buffer, e.index));
        return `${e.buffer}[${this.expr(e.index)}]`;
      }
      case 'special': return d.special(e.index, e.dim);
      case 'subgroup_reduce': {
        if (!d.subgroupReduce) throw new Error(`dialect '${d.name}' has no subgroup reduction (kernel '${this.k.name}')`);
        return d.subgroupReduce(e.fn, this.expr(e.a), e.type, this.typeName(e.type));
      }
      case 'subgroup_shuffle': {
        if (!d.subgroupShuffle) throw new Error(`dialect '${d.name}' has no subgroup shuffle (kernel '${this.k.name}')`);
        return d.subgroupShuffle(e.mode, this.expr(e.a), this.expr(e.lane), e.type);
      }
      case 'call': {
        const args = e.args.map((a) => this.expr(a));
        const t = d.calls[e.fn];
        if (t === undefined) throw new Error(`dialect '${this.dialectName()}' has no call ${e.fn} of ${typeKey(e.type)} (kernel '${this.k.name}')`);
        return spell(t, { a: args[0] ?? '', b: args[1] ?? '', c: args[2] ?? '', all: args });
      }
      default:
        throw new Error(`dialect '${this.dialectName()}' cannot print ${e.op} of ${typeKey(typeOf(e))} (kernel '${this.k.name}')`);
    }
  }

  stmts(list: readonly Stmt[], indent: string, out: string[]): void {
    for (const s of list) this.stmt(s, indent, out);
  }

  stmt(s: Stmt, ind: string, out: string[]): void {
    const d = this.d;
    switch (s.op) {
      case 'let': {
        const t = this.typeName(s.type);
        out.push(`${ind}${s.mutable ? '' : 'const '}${t} ${s.name}${s.init ? ` = ${this.expr(s.init)}` : ''};`);
        return;
      }
      case 'assign': out.push(`${ind}${s.name} = ${this.expr(s.value)};`); return;
      case 'store': {
        const t = typeOf(s.value);
        if (isVector(t)) {
          const rule = this.requireRule(`${s.mask ? 'store.mask' : 'store'}:${typeKey(t)}`);
          const vl = s.vl ? this.expr(s.vl) : '';
          out.push(`${ind}${spell(rule, { p: this.address(s.buffer, s.index), a: this.expr(s.value), n: s.mask ? this.expr(s.mask) : '', b: vl, vl })};`);
        } else if (this.atomicShared(s.buffer)) {
          out.push(`${ind}${d.atomicSharedArray!.store(this.address(s.buffer, s.index), this.expr(s.value))};`);
        } else {
          out.push(`${ind}${s.buffer}[${this.expr(s.index)}] = ${this.expr(s.value)};`);
        }
        return;
      }
      case 'atomic': {
        if (!d.atomic) throw new Error(`dialect '${d.name}' has no atomics (kernel '${this.k.name}')`);
        const type = this.bufferElem(s.buffer) as ScalarType;
        const T = this.typeName(type);
        const index = this.expr(s.index);
        const op = d.atomic({
          fn: s.fn, type, T, space: this.k.params.some((p) => p.name === s.buffer) ? 'global' : 'workgroup',
          p: `&${s.buffer}[${index}]`, element: `${s.buffer}[${index}]`, value: this.expr(s.value), compare: s.compare ? this.expr(s.compare) : '',
        });
        out.push(s.result !== undefined ? `${ind}const ${T} ${s.result} = ${op};` : `${ind}${op};`);
        return;
      }
      case 'for': {
        if (s.parallel && d.parallelForPragma) out.push(`${ind}${d.parallelForPragma}`);
        if (s.unroll && s.unroll > 1 && d.unrollPragma) out.push(`${ind}${d.unrollPragma(s.unroll)}`);
        const step = s.step.op === 'const' && s.step.value === 1 ? `${s.var}++` : `${s.var} += ${this.expr(s.step)}`;
        out.push(`${ind}for (${d.types.i32} ${s.var} = ${this.expr(s.from)}; ${s.var} < ${this.expr(s.to)}; ${step}) {`);
        this.stmts(s.body, ind + '  ', out);
        out.push(`${ind}}`);
        return;
      }
      case 'if': {
        out.push(`${ind}if (${stripParens(this.expr(s.cond))}) {`);
        this.stmts(s.then, ind + '  ', out);
        if (s.else?.length) {
          out.push(`${ind}} else {`);
          this.stmts(s.else, ind + '  ', out);
        }
        out.push(`${ind}}`);
        return;
      }
      case 'barrier': out.push(`${ind}${d.barrier}`); return;
      case 'grid_dependency':
        if (!d.gridDependency) throw new Error(`dialect '${d.name}' has no dependent launch (kernel '${this.k.name}')`);
        out.push(`${ind}${d.gridDependency[s.action]}`);
        return;
      case 'alloc': {
        const t = this.typeName(s.elem);
        if (s.space === 'workgroup') {
          if (!d.sharedArray) throw new Error(`dialect '${d.name}' has no workgroup memory (kernel '${this.k.name}')`);
          if (s.dynamic && d.dynamicSharedArray) out.push(`${ind}${d.dynamicSharedArray(t, s.name, this.dynamicOffsets.get(s.name)!)}`);
          else if (this.atomicShared(s.name)) out.push(`${ind}${d.atomicSharedArray!.declare(t, s.name, s.size)}`);
          else out.push(`${ind}${d.sharedArray(t, s.name, s.size, s.align)}`);
        } else out.push(`${ind}${t} ${s.name}[${s.size}];`);
        return;
      }
      case 'mma': {
        const m = this.matrix('mma');
        out.push(`${ind}${m.mma({
          shape: s.shape, operands: s.operands, d: this.fragment(s.d, 4), a: this.fragment(s.a, 4), b: this.fragment(s.b, 2), c: this.fragment(s.c, 4),
        })}`);
        return;
      }
      case 'ldmatrix':
        out.push(`${ind}${this.matrix('ldmatrix').ldmatrix({ count: s.count, trans: s.trans, address: this.address(s.buffer, s.index), dst: this.fragment(s.dst, s.count) })}`);
        return;
      case 'async_copy':
        out.push(`${ind}${this.matrix('async copy').asyncCopy({
          dst: this.address(s.buffer, s.index), src: this.address(s.src, s.srcIndex), bytes: s.bytes, srcBytes: s.srcBytes ? this.expr(s.srcBytes) : '',
        })}`);
        return;
      case 'async_commit': out.push(`${ind}${this.matrix('async commit').asyncCommit}`); return;
      case 'async_wait': out.push(`${ind}${this.matrix('async wait').asyncWait(s.pending)}`); return;
      case 'comment': out.push(`${ind}// ${s.text}`); return;
    }
  }

  private matrix(what: string): MatrixSpellings {
    if (!this.d.matrix) throw new Error(`dialect '${this.dialectName()}' has no ${what} (tensor-core operations are CUDA's; kernel '${this.k.name}')`);
    return this.d.matrix;
  }

  /** the `count` elements of a fragment as lvalues, the offset folded when it is a constant */
  private fragment(f: FragmentRef, count: number): string[] {
    const base = f.offset.op === 'const' ? f.offset.value : undefined;
    const at = base === undefined ? this.expr(f.offset) : '';
    return Array.from({ length: count }, (_, i) => `${f.array}[${base !== undefined ? base + i : i === 0 ? at : `${at} + ${i}`}]`);
  }

  signature(): string {
    const d = this.d;
    if (d.signature) return d.signature(this.k, d);
    const params = this.k.params.map((p) => p.kind === 'buffer'
      ? d.bufferParam(p, this.typeName(p.elem))
      : d.scalarParam(p, this.typeName(p.type)));
    return `${d.kernelPrefix} ${this.k.name}(${params.join(', ')})`;
  }
}

function stripParens(s: string): string {
  if (!s.startsWith('(') || !s.endsWith(')')) return s;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')') depth--;
    if (depth === 0 && i < s.length - 1) return s;
  }
  return s.slice(1, -1);
}

function childOperands(e: Expr): readonly Expr[] {
  switch (e.op) {
    case 'binary': return [e.a, e.b];
    case 'unary': case 'cast': case 'bitcast': case 'broadcast': return [e.a];
    case 'fma': return [e.a, e.b, e.c];
    case 'select': return [e.cond, e.a, e.b];
    case 'dot': case 'wmacc': return [e.acc, e.a, e.b];
    case 'call': return e.args;
    default: return [];
  }
}

function findAlloc(list: readonly Stmt[], name: string): ScalarType | VectorType | undefined {
  for (const s of list) {
    if (s.op === 'alloc' && s.name === name) return s.elem;
    const inner = s.op === 'for' ? findAlloc(s.body, name) : s.op === 'if' ? findAlloc([...s.then, ...(s.else ?? [])], name) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

const SCALAR_BYTES: Readonly<Record<ScalarType, number>> = {
  f32: 4, f16: 2, bf16: 2, f64: 8, i8: 1, u8: 1, i16: 2, u16: 2, i32: 4, u32: 4, i64: 8, bool: 4,
};

function elemBytes(t: ScalarType | VectorType): number {
  return isVector(t) ? SCALAR_BYTES[t.elem] * (t.lanes as number) : SCALAR_BYTES[t];
}

/**
 * Where each workgroup array sized at launch (`alloc` with `dynamic`) starts in the one dynamic shared block,
 * in program order, each aligned to its `align`, its element size and 16 bytes; `bytes`: the block's size.
 */
export function dynamicSharedLayout(k: Kernel): { readonly offsets: ReadonlyMap<string, number>; readonly bytes: number } {
  const offsets = new Map<string, number>();
  let bytes = 0;
  for (const s of allStatements(k.body)) {
    if (s.op !== 'alloc' || !s.dynamic) continue;
    // the block itself starts 16-byte aligned (CUDA's guarantee for dynamic shared memory)
    if ((s.align ?? 1) > 16) throw new Error(`kernel '${k.name}': dynamic workgroup array '${s.name}' asks for ${s.align}-byte alignment, above 16`);
    const align = Math.max(16, elemBytes(s.elem));
    bytes = Math.ceil(bytes / align) * align;
    offsets.set(s.name, bytes);
    bytes += elemBytes(s.elem) * s.size;
  }
  return { offsets, bytes };
}

/** the dynamic shared memory a launch of the kernel passes (CUDA: the launch's shared-memory size, and the opt-in above 48 KB) */
export function dynamicSharedBytes(k: Kernel): number {
  return dynamicSharedLayout(k).bytes;
}

/** the on-demand definitions (Dialect.onDemand) the text uses, including those other used ones need */
function usedOnDemand(dialect: Dialect, text: string): string[] {
  const entries = Object.entries(dialect.onDemand ?? {});
  const used = new Set<string>();
  const uses = (name: string, t: string): boolean => new RegExp(`\\b${name}\\b`).test(t);
  for (let grew = true; grew;) {
    grew = false;
    for (const [name] of entries) {
      if (used.has(name)) continue;
      if (uses(name, text) || [...used].some((u) => uses(name, dialect.onDemand![u]!))) { used.add(name); grew = true; }
    }
  }
  return [...new Set(entries.filter(([name]) => used.has(name)).map(([, def]) => def))];
}

/** Verify the kernel and print it as one translation unit: preamble, ISA preamble, helpers, kernel. */
export function renderKernel(kernel: Kernel, dialect: Dialect): string {
  verifyKernel(kernel);
  const p = new Printer(dialect, kernel);
  const body: string[] = [];
  p.stmts(kernel.body, '  ', body);
  const signature = p.signature();
  const onDemand = usedOnDemand(dialect, `${signature}\n${body.join('\n')}`);
  const directives = onDemand.filter((x) => x.startsWith('#'));
  const definitions = onDemand.filter((x) => !x.startsWith('#'));
  // extension directives go before the first line of code (GLSL wants them there)
  const lines = dialect.preamble.split('\n');
  const leading = lines.findIndex((l) => !l.startsWith('#'));
  const at = leading < 0 ? lines.length : leading;
  const preamble = directives.length ? [...lines.slice(0, at), ...directives, ...lines.slice(at)].join('\n') : dialect.preamble;
  const parts = [preamble, dialect.isa?.preamble ?? '', ...definitions, ...(kernel.helpers ?? [])].filter((x) => x.trim() !== '');
  return `${parts.map((x) => x.trimEnd()).join('\n\n')}\n\n${signature} {\n${body.join('\n')}\n}\n`;
}
