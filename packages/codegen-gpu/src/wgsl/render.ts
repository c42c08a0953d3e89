/**
 * The WGSL printer. WGSL differs from the C family in structure, not only spelling (`let`/`var`,
 * types after names, no pointers or casts, module-scope bindings and workgroup arrays, u32 shift
 * amounts, `select(false, true, cond)`), so it walks the same kernel IR itself.
 *
 * Binding ABI (artifact.ts): buffers are `var<storage>` at @group(0) @binding(i) in parameter order;
 * the scalars are one uniform struct at the binding after the last buffer, 4 bytes each in order.
 */
import type { Expr, Kernel, ScalarType, Stmt, Type } from '@kforge/ir';
import { children, isVector, typeKey, typeOf, verifyKernel } from '@kforge/ir';

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

function literal(value: number, type: ScalarType): string {
  switch (type) {
    case 'f32': {
      const s = Number.isInteger(value) ? `${value}.0` : String(value);
      return value < 0 ? `(${s}f)` : `${s}f`;
    }
    case 'u32': return `${value}u`;
    case 'i32': return value < 0 ? `(${value}i)` : `${value}i`;
    case 'bool': return value ? 'true' : 'false';
    default: throw new Error(`WGSL has no ${type} literal`);
  }
}

class WgslPrinter {
  constructor(private readonly k: Kernel) {}

  private where(): string {
    return `wgsl kernel '${this.k.name}'`;
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
        return `${e.buffer}[${this.expr(e.index)}]`;
      }
      case 'lane': return `${this.expr(e.a)}[${e.lane}]`;
      case 'special': {
        const name = BUILTINS[e.index];
        if (!name) throw new Error(`${this.where()}: WGSL (without subgroups) has no ${e.index}`);
        return `i32(${name}.${'xyz'[e.dim]})`;
      }
      case 'call': {
        const fn = CALLS[e.fn];
        const args = e.args.map((a) => this.expr(a));
        return fn ? fn(args) : `${e.fn}(${args.join(', ')})`;
      }
      default:
        throw new Error(`${this.where()}: cannot print ${e.op}`);
    }
  }

  stmts(list: readonly Stmt[], ind: string, out: string[]): void {
    for (const s of list) this.stmt(s, ind, out);
  }

  stmt(s: Stmt, ind: string, out: string[]): void {
    switch (s.op) {
      case 'let':
        out.push(`${ind}${s.mutable ? 'var' : 'let'} ${s.name}: ${typeName(s.type, this.where())}${s.init ? ` = ${this.expr(s.init)}` : ''};`);
        return;
      case 'assign': out.push(`${ind}${s.name} = ${this.expr(s.value)};`); return;
      case 'store':
        if (s.mask) throw new Error(`${this.where()}: masked stores are not lowered for WGSL`);
        out.push(`${ind}${s.buffer}[${this.expr(s.index)}] = ${this.expr(s.value)};`);
        return;
      case 'for': {
        const step = this.expr(s.step);
        out.push(`${ind}for (var ${s.var}: i32 = ${this.expr(s.from)}; ${s.var} < ${this.expr(s.to)}; ${s.var} += ${step}) {`);
        this.stmts(s.body, ind + '  ', out);
        out.push(`${ind}}`);
        return;
      }
      case 'if':
        out.push(`${ind}if (${this.expr(s.cond)}) {`);
        this.stmts(s.then, ind + '  ', out);
        if (s.else?.length) {
          out.push(`${ind}} else {`);
          this.stmts(s.else, ind + '  ', out);
        }
        out.push(`${ind}}`);
        return;
      case 'barrier': out.push(`${ind}workgroupBarrier();`); return;
      case 'grid_dependency': throw new Error(`${this.where()}: WebGPU has no dependent launch`);
      case 'alloc':
        if (s.space === 'workgroup') out.push(`${ind}// ${s.name}: a workgroup array declared at module scope`);
        else out.push(`${ind}var ${s.name}: array<${typeName(s.elem, this.where())}, ${s.size}>;`);
        return;
      case 'comment': out.push(`${ind}// ${s.text}`); return;
    }
  }

  workgroupArrays(list: readonly Stmt[], out: string[]): void {
    for (const s of list) {
      if (s.op === 'alloc' && s.space === 'workgroup') out.push(`var<workgroup> ${s.name}: array<${typeName(s.elem, this.where())}, ${s.size}>;`);
      else if (s.op === 'for') this.workgroupArrays(s.body, out);
      else if (s.op === 'if') this.workgroupArrays([...s.then, ...(s.else ?? [])], out);
    }
  }
}

/** Verify the kernel and print it as one WGSL module with a single compute entry point named after it. */
export function renderWgsl(kernel: Kernel): string {
  verifyKernel(kernel);
  const p = new WgslPrinter(kernel);
  const decls: string[] = [];
  let binding = 0;
  for (const q of kernel.params) {
    if (q.kind !== 'buffer') continue;
    const access = q.access === 'read' ? 'read' : 'read_write';
    decls.push(`@group(0) @binding(${binding++}) var<storage, ${access}> ${q.name}: array<${typeName(q.elem, `wgsl kernel '${kernel.name}'`)}>;`);
  }
  const scalars = kernel.params.filter((q) => q.kind === 'scalar');
  if (scalars.length) {
    decls.push(`struct KfScalars {\n${scalars.map((q) => `  ${q.name}: ${typeName(q.type as ScalarType, kernel.name)},`).join('\n')}\n};`);
    decls.push(`@group(0) @binding(${binding}) var<uniform> ${SCALARS}: KfScalars;`);
  }
  p.workgroupArrays(kernel.body, decls);
  for (const fn of callsIn(kernel.body, new Set())) if (HELPERS[fn]) decls.push(HELPERS[fn]);
  const [x, y, z] = kernel.workgroupSize ?? [1, 1, 1];
  const builtins = [
    '@builtin(local_invocation_id) kf_tid: vec3<u32>', '@builtin(workgroup_id) kf_gid: vec3<u32>',
    '@builtin(num_workgroups) kf_groups: vec3<u32>', '@builtin(global_invocation_id) kf_global: vec3<u32>',
  ];
  const body: string[] = [];
  p.stmts(kernel.body, '  ', body);
  return `${decls.join('\n')}\n\n@compute @workgroup_size(${x}, ${y}, ${z})\nfn ${kernel.name}(${builtins.join(', ')}) {\n  let kf_group_size = vec3<u32>(${x}u, ${y}u, ${z}u);\n${body.join('\n')}\n}\n`;
}
