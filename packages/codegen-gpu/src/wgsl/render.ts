/**
 * The WGSL printer. WGSL differs from the C family in structure, not only spelling (`let`/`var`,
 * types after names, no pointers or casts, module-scope bindings and workgroup arrays, u32 shift
 * amounts, `select(false, true, cond)`), so it walks the same kernel IR itself.
 *
 * Binding ABI (artifact.ts): buffers are `var<storage>` at @group(0) @binding(i) in parameter order;
 * the scalars are one uniform struct at the binding after the last buffer, 4 bytes each in order.
 *
 * Subgroup operations use the `subgroups` feature when the caller says the adapter has it; otherwise they
 * run on emulated subgroups of up to 32 consecutive invocations that exchange values through workgroup
 * memory (so they then need workgroup-uniform control flow, as barriers do). Memory an atomic updates is
 * declared `atomic<i32>`/`atomic<u32>` (f32: `atomic<u32>` holding the bits), and every access to it is atomic.
 */
import type { AtomicFn, Expr, Kernel, ScalarType, Stmt, SubgroupReduceFn, Type } from '@kforge/ir';
import { allStatements, atomicMemory, children, isVector, typeKey, typeOf, verifyKernel } from '@kforge/ir';

export interface WgslOptions {
  /** the adapter offers the `subgroups` feature (and the device was created with it) */
  readonly subgroups?: boolean;
}

/** the width of an emulated subgroup (no `subgroups` feature) */
const EMULATED_SUBGROUP = 32;

const SCALARS = 'kf_scalars';

const TYPE_NAMES: Readonly<Partial<Record<ScalarType, string>>> = { f32: 'f32', i32: 'i32', u32: 'u32', bool: 'bool' };

const OPERATORS: Readonly<Record<string, string>> = {
  add: '+', sub: '-', mul: '*', div: '/', rem: '%', and: '&', or: '|', xor: '^', shl: '<<', shr: '>>',
  lt: '<', le: '<=', gt: '>', ge: '>=', eq: '==', ne: '!=', land: '&&', lor: '||',
};

const BUILTINS: Readonly<Record<string, string>> = {
  thread_id: 'kf_tid', group_id: 'kf_gid', num_groups: 'kf_groups', global_id: 'kf_global', group_size: 'kf_group_size',
};

const CALLS: Readonly<Record<string, (args: string[]) => string>> = {
  f16_to_f32: ([a]) => `unpack2x16float(${a}).x`,
  dot4_i8: ([a, b, acc]) => `kf_dot4_i8(${a}, ${b}, ${acc})`,
  funnel_shr: ([lo, hi, n]) => `kf_funnel_shr(${lo}, ${hi}, ${n})`,
  absmax_f16x2: ([a, b]) => `kf_absmax_f16x2(${a}, ${b})`,
};

/** module-scope functions a call needs, printed only when the kernel makes that call */
const HELPERS: Readonly<Record<string, string>> = {
  // c + the dot product of the signed bytes of a and b (integer math: dot4I8Packed is a language
  // extension not every implementation has)
  dot4_i8: `fn kf_dot4_i8(a: u32, b: u32, c: i32) -> i32 {
  let va = vec4<i32>(extractBits(bitcast<i32>(a), 0u, 8u), extractBits(bitcast<i32>(a), 8u, 8u), extractBits(bitcast<i32>(a), 16u, 8u), extractBits(bitcast<i32>(a), 24u, 8u));
  let vb = vec4<i32>(extractBits(bitcast<i32>(b), 0u, 8u), extractBits(bitcast<i32>(b), 8u, 8u), extractBits(bitcast<i32>(b), 16u, 8u), extractBits(bitcast<i32>(b), 24u, 8u));
  return c + dot(va, vb);
}`,
  // the larger |x| of each f16 lane of two words (x not NaN: |x| orders like its bits without the sign)
  absmax_f16x2: `fn kf_absmax_f16x2(a: u32, b: u32) -> u32 {
  return max(a & 0x7fffu, b & 0x7fffu) | (max((a >> 16u) & 0x7fffu, (b >> 16u) & 0x7fffu) << 16u);
}`,
  // low word of (hi:lo) >> n for 0 <= n <= 32 (CUDA's clamped funnel shift)
  funnel_shr: `fn kf_funnel_shr(lo: u32, hi: u32, n: u32) -> u32 {
  if (n == 32u) { return hi; }
  if (n == 0u) { return lo; }
  return (lo >> n) | (hi << (32u - n));
}`,
};

function callsIn(list: readonly Stmt[], out: Set<string>): Set<string> {
  const visit = (e: Expr): void => {
    if (e.op === 'call') out.add(e.fn);
    children(e).forEach(visit);
  };
  for (const s of list) {
    switch (s.op) {
      case 'let': if (s.init) visit(s.init); break;
      case 'assign': visit(s.value); break;
      case 'store': visit(s.index); visit(s.value); break;
      case 'for': visit(s.from); visit(s.to); visit(s.step); callsIn(s.body, out); break;
      case 'if': visit(s.cond); callsIn([...s.then, ...(s.else ?? [])], out); break;
      default: break;
    }
  }
  return out;
}

function typeName(t: Type, where: string): string {
  if (isVector(t)) {
    if (typeof t.lanes !== 'number') throw new Error(`${where}: WGSL has no scalable vectors`);
    return `vec${t.lanes}<${typeName(t.elem, where)}>`;
  }
  const name = TYPE_NAMES[t];
  if (!name) throw new Error(`${where}: WGSL has no ${t} (read such data through u32 words)`);
  return name;
}

/** WGSL has no infinity or NaN literal, and a constant expression may not produce one: bits read at run time */
const NON_FINITE_BITS: Readonly<Record<string, string>> = { kf_inf_bits: '0x7f800000u', kf_neg_inf_bits: '0xff800000u', kf_nan_bits: '0x7fc00000u' };

function literal(value: number, type: ScalarType): string {
  switch (type) {
    case 'f32': {
      if (!Number.isFinite(value)) return `bitcast<f32>(${Number.isNaN(value) ? 'kf_nan_bits' : value > 0 ? 'kf_inf_bits' : 'kf_neg_inf_bits'})`;
      // integers print as `3.0`; large ones already carry an exponent (`1e+30`), which makes them float literals
      const s = Number.isInteger(value) && !/e/.test(String(value)) ? `${value}.0` : String(value);
      return value < 0 ? `(${s}f)` : `${s}f`;
    }
    case 'u32': return `${value}u`;
    case 'i32': return value < 0 ? `(${value}i)` : `${value}i`;
    case 'bool': return value ? 'true' : 'false';
    default: throw new Error(`WGSL has no ${type} literal`);
  }
}

const REDUCE_BUILTINS: Readonly<Record<SubgroupReduceFn, string>> = { add: 'subgroupAdd', max: 'subgroupMax', min: 'subgroupMin' };
const ATOMIC_BUILTINS: Readonly<Record<Exclude<AtomicFn, 'cas'>, string>> = { add: 'atomicAdd', max: 'atomicMax', min: 'atomicMin' };

class WgslPrinter {
  /** lines an expression needs run before the statement it is in (emulated subgroup exchanges) */
  private pending: string[] = [];
  private temps = 0;
  readonly atomics: ReadonlySet<string>;
  /** element types exchanged through workgroup memory by emulated subgroup operations */
  readonly exchanged = new Set<ScalarType>();

  constructor(private readonly k: Kernel, readonly subgroups: boolean) {
    this.atomics = atomicMemory(k);
  }

  private where(): string {
    return `wgsl kernel '${this.k.name}'`;
  }

  emulatedWidth(): number {
    const [x, y, z] = this.k.workgroupSize ?? [1, 1, 1];
    const size = x * y * z;
    const width = Math.min(EMULATED_SUBGROUP, size);
    if (size % width) throw new Error(`${this.where()}: emulated subgroups of ${width} do not tile a workgroup of ${size}`);
    return width;
  }

  private temp(): string {
    return `kf_t${this.temps++}`;
  }

  /** the exchange of an emulated subgroup operation: every invocation writes `a`, reads what `read` says */
  private exchange(type: ScalarType, a: string, read: (slots: string) => string[]): void {
    this.exchanged.add(type);
    const slots = `kf_sg_${type}`;
    this.pending.push(`${slots}[kf_lidx] = ${a};`, 'workgroupBarrier();', ...read(slots), 'workgroupBarrier();');
  }

  private subgroupReduce(fn: SubgroupReduceFn, a: string, type: ScalarType): string {
    if (this.subgroups) return `${REDUCE_BUILTINS[fn]}(${a})`;
    const t = this.temp();
    this.exchange(type, a, (slots) => {
      const next = `${slots}[kf_sg_base + l]`;
      return [
        `var ${t} = ${slots}[kf_sg_base];`,
        `for (var l = 1u; l < ${this.emulatedWidth()}u; l++) { ${t} = ${fn === 'add' ? `${t} + ${next}` : `${fn}(${t}, ${next})`}; }`,
      ];
    });
    return t;
  }

  private subgroupShuffle(e: Extract<Expr, { op: 'subgroup_shuffle' }>): string {
    const a = this.expr(e.a);
    const lane = this.expr(e.lane);
    if (this.subgroups) {
      if (e.mode === 'broadcast') return `subgroupBroadcast(${a}, ${lane})`;
      return `${e.mode === 'xor' ? 'subgroupShuffleXor' : 'subgroupShuffle'}(${a}, u32(${lane}))`;
    }
    const t = this.temp();
    const source = e.mode === 'xor' ? `(kf_sg_lane ^ u32(${lane}))` : `u32(${lane})`;
    this.exchange(e.type, a, (s) => [`let ${t} = ${s}[kf_sg_base + ${source} % ${this.emulatedWidth()}u];`]);
    return t;
  }

  /** print the pending lines (before the statement that needed them) */
  private flush(ind: string, out: string[]): void {
    out.push(...this.pending.map((l) => `${ind}${l}`));
    this.pending = [];
  }

  private elemOf(buffer: string): ScalarType {
    const p = this.k.params.find((q) => q.name === buffer);
    if (p?.kind === 'buffer') return p.elem;
    const a = allStatements(this.k.body).find((s) => s.op === 'alloc' && s.name === buffer);
    return (a as Extract<Stmt, { op: 'alloc' }>).elem as ScalarType;
  }

  /** the array element type of a buffer or workgroup array (atomic where an atomic updates it) */
  memoryType(name: string, elem: ScalarType): string {
    if (!this.atomics.has(name)) return typeName(elem, this.where());
    return `atomic<${elem === 'f32' ? 'u32' : typeName(elem, this.where())}>`;
  }

  private atomic(s: Extract<Stmt, { op: 'atomic' }>, ind: string, out: string[]): void {
    const elem = this.elemOf(s.buffer);
    const p = `&${s.buffer}[${this.expr(s.index)}]`;
    const value = this.expr(s.value);
    const loop = s.fn === 'cas' || elem === 'f32';
    let old: string;
    if (loop) {
      // compare-exchange loops: WGSL has only the weak exchange (it may fail spuriously), and no f32 atomics
      const t = this.temp();
      const lines = s.fn === 'cas'
        ? [
          `var ${t} = atomicCompareExchangeWeak(${p}, ${this.expr(s.compare!)}, ${value});`,
          `while (!${t}.exchanged && ${t}.old_value == ${this.expr(s.compare!)}) { ${t} = atomicCompareExchangeWeak(${p}, ${this.expr(s.compare!)}, ${value}); }`,
        ]
        : [
          `var ${t}_old = atomicLoad(${p});`,
          `loop {`,
          `  let ${t} = atomicCompareExchangeWeak(${p}, ${t}_old, bitcast<u32>(bitcast<f32>(${t}_old) + ${value}));`,
          `  if (${t}.exchanged) { break; }`,
          `  ${t}_old = ${t}.old_value;`,
          `}`,
        ];
      this.flush(ind, out);
      out.push(...lines.map((l) => `${ind}${l}`));
      old = elem === 'f32' ? `bitcast<f32>(${t}_old)` : `${t}.old_value`;
    } else {
      this.flush(ind, out);
      old = `${ATOMIC_BUILTINS[s.fn]}(${p}, ${value})`;
    }
    if (s.result !== undefined) out.push(`${ind}let ${s.result} = ${old};`);
    else if (!loop) out.push(`${ind}${old};`);
  }

  expr(e: Expr): string {
    switch (e.op) {
      case 'const': return literal(e.value, e.type);
      case 'var': return e.name;
      case 'param': return `${SCALARS}.${e.name}`;
      case 'binary': {
        const a = this.expr(e.a);
        if (e.fn === 'min' || e.fn === 'max') return `${e.fn}(${a}, ${this.expr(e.b)})`;
        // WGSL shift amounts are u32
        const b = (e.fn === 'shl' || e.fn === 'shr') && typeOf(e.b) !== 'u32' ? `u32(${this.expr(e.b)})` : this.expr(e.b);
        return `(${a} ${OPERATORS[e.fn]} ${b})`;
      }
      case 'unary': {
        const a = this.expr(e.a);
        if (e.fn === 'neg') return `(-${a})`;
        if (e.fn === 'not') return e.type === 'bool' ? `(!${a})` : `(~${a})`;
        const fn = { abs: 'abs', exp: 'exp', log: 'log', sqrt: 'sqrt', rsqrt: 'inverseSqrt', floor: 'floor', round: 'round' }[e.fn];
        return `${fn}(${a})`;
      }
      case 'fma': return `fma(${this.expr(e.a)}, ${this.expr(e.b)}, ${this.expr(e.c)})`;
      case 'select': return `select(${this.expr(e.b)}, ${this.expr(e.a)}, ${this.expr(e.cond)})`;
      case 'cast': return `${typeName(e.type, this.where())}(${this.expr(e.a)})`;
      case 'bitcast': return `bitcast<${typeName(e.type, this.where())}>(${this.expr(e.a)})`;
      case 'load': {
        if (isVector(e.type)) throw new Error(`${this.where()}: vector load ${typeKey(e.type)}: WGSL lowerings read words`);
        if (this.atomics.has(e.buffer)) {
          const word = `atomicLoad(&${e.buffer}[${this.expr(e.index)}])`;
          return e.type === 'f32' ? `bitcast<f32>(${word})` : word;
        }
        return `${e.buffer}[${this.expr(e.index)}]`;
      }
      case 'lane': return `${this.expr(e.a)}[${e.lane}]`;
      case 'special': {
        if (e.index === 'subgroup_lane') return 'i32(kf_sg_lane)';
        if (e.index === 'subgroup_size') return this.subgroups ? 'i32(kf_sg_size)' : literal(this.emulatedWidth(), 'i32');
        const name = BUILTINS[e.index];
        if (!name) throw new Error(`${this.where()}: WGSL has no ${e.index}`);
        return `i32(${name}.${'xyz'[e.dim]})`;
      }
      case 'subgroup_reduce': return this.subgroupReduce(e.fn, this.expr(e.a), e.type);
      case 'subgroup_shuffle': return this.subgroupShuffle(e);
      case 'call': {
        const fn = CALLS[e.fn];
        if (!fn) throw new Error(`${this.where()}: WGSL has no call ${e.fn}`);
        return fn(e.args.map((a) => this.expr(a)));
      }
      default:
        throw new Error(`${this.where()}: cannot print ${e.op}`);
    }
  }

  stmts(list: readonly Stmt[], ind: string, out: string[]): void {
    for (const s of list) this.stmt(s, ind, out);
  }

  /** print `line` after the lines its expressions need */
  private emit(line: string, ind: string, out: string[]): void {
    this.flush(ind, out);
    out.push(`${ind}${line}`);
  }

  stmt(s: Stmt, ind: string, out: string[]): void {
    switch (s.op) {
      case 'let':
        this.emit(`${s.mutable ? 'var' : 'let'} ${s.name}: ${typeName(s.type, this.where())}${s.init ? ` = ${this.expr(s.init)}` : ''};`, ind, out);
        return;
      case 'assign': this.emit(`${s.name} = ${this.expr(s.value)};`, ind, out); return;
      case 'store': {
        if (s.mask) throw new Error(`${this.where()}: masked stores are not lowered for WGSL`);
        const [index, value] = [this.expr(s.index), this.expr(s.value)];
        if (this.atomics.has(s.buffer)) this.emit(`atomicStore(&${s.buffer}[${index}], ${typeOf(s.value) === 'f32' ? `bitcast<u32>(${value})` : value});`, ind, out);
        else this.emit(`${s.buffer}[${index}] = ${value};`, ind, out);
        return;
      }
      case 'atomic': this.atomic(s, ind, out); return;
      case 'for': {
        const step = this.expr(s.step);
        const header = `for (var ${s.var}: i32 = ${this.expr(s.from)}; ${s.var} < ${this.expr(s.to)}; ${s.var} += ${step}) {`;
        if (this.pending.length) throw new Error(`${this.where()}: an emulated subgroup operation in the header of loop ${s.var}`);
        out.push(`${ind}${header}`);
        this.stmts(s.body, ind + '  ', out);
        out.push(`${ind}}`);
        return;
      }
      case 'if':
        this.emit(`if (${this.expr(s.cond)}) {`, ind, out);
        this.stmts(s.then, ind + '  ', out);
        if (s.else?.length) {
          out.push(`${ind}} else {`);
          this.stmts(s.else, ind + '  ', out);
        }
        out.push(`${ind}}`);
        return;
      case 'barrier': out.push(`${ind}workgroupBarrier();`); return;
      case 'grid_dependency': throw new Error(`${this.where()}: WebGPU has no dependent launch`);
      case 'mma': case 'ldmatrix': case 'async_copy': case 'async_commit': case 'async_wait':
        throw new Error(`${this.where()}: WebGPU has no ${s.op} (tensor-core operations are CUDA's)`);
      case 'alloc':
        if (s.space === 'workgroup') out.push(`${ind}// ${s.name}: a workgroup array declared at module scope`);
        else out.push(`${ind}var ${s.name}: array<${typeName(s.elem, this.where())}, ${s.size}>;`);
        return;
      case 'comment': out.push(`${ind}// ${s.text}`); return;
    }
  }

  workgroupArrays(list: readonly Stmt[], out: string[]): void {
    for (const s of list) {
      if (s.op === 'alloc' && s.space === 'workgroup') out.push(`var<workgroup> ${s.name}: array<${this.memoryType(s.name, s.elem as ScalarType)}, ${s.size}>;`);
      else if (s.op === 'for') this.workgroupArrays(s.body, out);
      else if (s.op === 'if') this.workgroupArrays([...s.then, ...(s.else ?? [])], out);
    }
  }
}

/** Verify the kernel and print it as one WGSL module with a single compute entry point named after it. */
export function renderWgsl(kernel: Kernel, opts: WgslOptions = {}): string {
  verifyKernel(kernel);
  const p = new WgslPrinter(kernel, opts.subgroups ?? false);
  const body: string[] = [];
  p.stmts(kernel.body, '  ', body);
  const text = body.join('\n');
  const usesSubgroups = /\bkf_sg_(lane|size|base)\b|\bkf_lidx\b|\bsubgroup[A-Z]/.test(text);
  const emulated = usesSubgroups && !p.subgroups;
  const decls: string[] = p.subgroups && usesSubgroups ? ['enable subgroups;', ''] : [];
  let binding = 0;
  for (const q of kernel.params) {
    if (q.kind !== 'buffer') continue;
    const access = q.access === 'read' ? 'read' : 'read_write';
    decls.push(`@group(0) @binding(${binding++}) var<storage, ${access}> ${q.name}: array<${p.memoryType(q.name, q.elem)}>;`);
  }
  const scalars = kernel.params.filter((q) => q.kind === 'scalar');
  if (scalars.length) {
    decls.push(`struct KfScalars {\n${scalars.map((q) => `  ${q.name}: ${typeName(q.type as ScalarType, kernel.name)},`).join('\n')}\n};`);
    decls.push(`@group(0) @binding(${binding}) var<uniform> ${SCALARS}: KfScalars;`);
  }
  p.workgroupArrays(kernel.body, decls);
  const [x, y, z] = kernel.workgroupSize ?? [1, 1, 1];
  for (const t of p.exchanged) decls.push(`var<workgroup> kf_sg_${t}: array<${typeName(t, kernel.name)}, ${x * y * z}>;`);
  for (const [name, bits] of Object.entries(NON_FINITE_BITS)) if (new RegExp(`\\b${name}\\b`).test(text)) decls.push(`var<private> ${name}: u32 = ${bits};`);
  for (const fn of callsIn(kernel.body, new Set())) if (HELPERS[fn]) decls.push(HELPERS[fn]);
  const builtins = [
    '@builtin(local_invocation_id) kf_tid: vec3<u32>', '@builtin(workgroup_id) kf_gid: vec3<u32>',
    '@builtin(num_workgroups) kf_groups: vec3<u32>', '@builtin(global_invocation_id) kf_global: vec3<u32>',
    ...(usesSubgroups && p.subgroups ? ['@builtin(subgroup_invocation_id) kf_sg_lane: u32', '@builtin(subgroup_size) kf_sg_size: u32'] : []),
    ...(emulated ? ['@builtin(local_invocation_index) kf_lidx: u32'] : []),
  ];
  const prologue = [`let kf_group_size = vec3<u32>(${x}u, ${y}u, ${z}u);`];
  if (emulated) prologue.push(`let kf_sg_lane = kf_lidx % ${p.emulatedWidth()}u;`, 'let kf_sg_base = kf_lidx - kf_sg_lane;');
  return `${decls.join('\n')}\n\n@compute @workgroup_size(${x}, ${y}, ${z})\nfn ${kernel.name}(${builtins.join(', ')}) {\n${prologue.map((l) => `  ${l}\n`).join('')}${text}\n}\n`;
}
