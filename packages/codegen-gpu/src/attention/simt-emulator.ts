/**
 * A reference interpreter of SIMT kernels of the IR, for tests on machines without the GPU: every workgroup of
 * the grid in turn, its threads in lockstep (each statement runs for all active threads before the next, so a
 * barrier holds by construction and async copies land at once), warp-wide statements (mma, ldmatrix, shuffles)
 * by their documented lane layouts (ir.ts). f32 arithmetic rounds to f32 after each operation; mma adds its
 * products in double and rounds once. It checks what a lowering computes and where its fragments live, not the
 * timing of copies and barriers (a missing wait passes here).
 */
import type { Expr, FragmentRef, Kernel, ScalarType, Stmt, Type } from '@kforge/ir';
import { elemOf, f16BitsToF32, f32ToBf16Bits, f32ToF16Bits, isVector, typeOf } from '@kforge/ir';

type Val = number | number[];

const BYTES: Readonly<Record<ScalarType, number>> = { f32: 4, f16: 2, bf16: 2, f64: 8, i8: 1, u8: 1, i16: 2, u16: 2, i32: 4, u32: 4, i64: 8, bool: 4 };

/** a global buffer: its bytes and element type */
export interface EmulatedBuffer {
  readonly elem: ScalarType;
  readonly bytes: Uint8Array;
}

function readScalar(view: DataView, offset: number, t: ScalarType): number {
  switch (t) {
    case 'f32': return view.getFloat32(offset, true);
    case 'f64': return view.getFloat64(offset, true);
    case 'f16': return f16BitsToF32(view.getUint16(offset, true));
    case 'i8': return view.getInt8(offset);
    case 'u8': return view.getUint8(offset);
    case 'i16': return view.getInt16(offset, true);
    case 'u16': case 'bf16': return view.getUint16(offset, true);
    case 'i32': return view.getInt32(offset, true);
    case 'u32': return view.getUint32(offset, true);
    default: throw new Error(`emulator: no read of ${t}`);
  }
}

function writeScalar(view: DataView, offset: number, t: ScalarType, x: number): void {
  switch (t) {
    case 'f32': view.setFloat32(offset, x, true); return;
    case 'u32': view.setUint32(offset, x >>> 0, true); return;
    case 'i32': view.setInt32(offset, x | 0, true); return;
    default: throw new Error(`emulator: no write of ${t}`);
  }
}

function round(t: ScalarType, x: number): number {
  switch (t) {
    case 'f32': return Math.fround(x);
    case 'f64': return x;
    case 'i32': return x | 0;
    case 'u32': return x >>> 0;
    case 'bool': return x ? 1 : 0;
    case 'i8': return (x << 24) >> 24;
    case 'u8': return x & 0xff;
    case 'i16': return (x << 16) >> 16;
    case 'u16': return x & 0xffff;
    default: return x;
  }
}

const f32Bits = (x: number): number => {
  const v = new DataView(new ArrayBuffer(4));
  v.setFloat32(0, x, true);
  return v.getUint32(0, true);
};
const bitsF32 = (x: number): number => {
  const v = new DataView(new ArrayBuffer(4));
  v.setUint32(0, x >>> 0, true);
  return v.getFloat32(0, true);
};

/** Run `kernel` over `grid` workgroups; scalars by name; buffers are read and written in place. */
export function emulateKernel(kernel: Kernel, grid: readonly [number, number, number], buffers: Readonly<Record<string, EmulatedBuffer>>, scalars: Readonly<Record<string, number>>): void {
  const [wx, wy, wz] = kernel.workgroupSize!;
  const T = wx * wy * wz;
  for (let gz = 0; gz < grid[2]; gz++) for (let gy = 0; gy < grid[1]; gy++) for (let gx = 0; gx < grid[0]; gx++) {
    new Workgroup(kernel, T, [gx, gy, gz], grid, buffers, scalars).run();
  }
}

class Workgroup {
  private readonly env = new Map<string, Val[]>();
  private readonly shared = new Map<string, { elem: Type; data: number[] }>();
  private readonly priv = new Map<string, { elem: ScalarType; data: number[][] }>();
  private readonly views = new Map<string, DataView>();

  constructor(
    private readonly k: Kernel, private readonly T: number, private readonly group: readonly number[], private readonly grid: readonly number[],
    private readonly buffers: Readonly<Record<string, EmulatedBuffer>>, private readonly scalars: Readonly<Record<string, number>>,
  ) {
    for (const [name, b] of Object.entries(buffers)) this.views.set(name, new DataView(b.bytes.buffer, b.bytes.byteOffset, b.bytes.byteLength));
  }

  run(): void {
    this.stmts(this.k.body, new Array<boolean>(this.T).fill(true));
  }

  private all<V>(f: (t: number) => V): V[] {
    return Array.from({ length: this.T }, (_, t) => f(t));
  }

  private expr(e: Expr, mask: readonly boolean[]): Val[] {
    const T = this.T;
    switch (e.op) {
      // a literal is its type's value (-1e30 as f32 is not -1e30: mixing the two once gave max(m, m') < m)
      case 'const': return new Array<Val>(T).fill(round(e.type, e.value));
      case 'var': return this.env.get(e.name) ?? (() => { throw new Error(`emulator: ${e.name} unset`); })();
      case 'param': return new Array<Val>(T).fill(this.scalars[e.name]!);
      case 'special': return this.all((t) => {
        switch (e.index) {
          case 'thread_id': return t;
          case 'group_id': return this.group[e.dim]!;
          case 'num_groups': return this.grid[e.dim]!;
          case 'group_size': return this.k.workgroupSize![e.dim]!;
          case 'subgroup_lane': return t & 31;
          case 'subgroup_size': return 32;
          default: throw new Error(`emulator: no ${e.index}`);
        }
      });
      case 'binary': {
        const a = this.expr(e.a, mask);
        const b = this.expr(e.b, mask);
        const t = elemOf(typeOf(e.a));
        const out = elemOf(e.type);
        return this.all((i) => lanewise(a[i]!, b[i]!, (x, y) => round(out, binary(e.fn, t, x, y))));
      }
      case 'unary': {
        const a = this.expr(e.a, mask);
        const t = elemOf(e.type);
        return this.all((i) => lanewise(a[i]!, 0, (x) => round(t, unary(e.fn, t, x))));
      }
      case 'fma': {
        const [a, b, c] = [this.expr(e.a, mask), this.expr(e.b, mask), this.expr(e.c, mask)];
        return this.all((i) => round(elemOf(e.type), (a[i] as number) * (b[i] as number) + (c[i] as number)));
      }
      case 'select': {
        const [c, a, b] = [this.expr(e.cond, mask), this.expr(e.a, mask), this.expr(e.b, mask)];
        return this.all((i) => (c[i] ? a[i]! : b[i]!));
      }
      case 'cast': {
        const a = this.expr(e.a, mask);
        const from = elemOf(typeOf(e.a));
        const to = elemOf(e.type);
        return this.all((i) => lanewise(a[i]!, 0, (x) => {
          if (to === 'f16') return f16BitsToF32(f32ToF16Bits(x));
          if ((to === 'i32' || to === 'u32' || to === 'i8' || to === 'u8' || to === 'i16' || to === 'u16') && (from === 'f32' || from === 'f64')) return round(to, Math.trunc(x));
          return round(to, x);
        }));
      }
      case 'bitcast': {
        const a = this.expr(e.a, mask);
        const from = typeOf(e.a);
        return this.all((i) => {
          const x = a[i] as number;
          if (from === 'u32' && e.type === 'f32') return bitsF32(x);
          if (from === 'f32' && e.type === 'u32') return f32Bits(x);
          if (from === 'u32' && e.type === 'i32') return x | 0;
          if (from === 'i32' && e.type === 'u32') return x >>> 0;
          throw new Error(`emulator: bitcast ${String(from)} -> ${String(e.type)}`);
        });
      }
      case 'load': {
        const idx = this.expr(e.index, mask);
        return this.all((t) => (mask[t] ? this.load(e.buffer, idx[t] as number, e.type, t) : 0));
      }
      case 'concat': {
        const parts = e.parts.map((x) => this.expr(x, mask));
        return this.all((t) => parts.flatMap((x) => x[t] as number | number[]));
      }
      case 'lane': {
        const a = this.expr(e.a, mask);
        return this.all((i) => (a[i] as number[])[e.lane]!);
      }
      case 'subgroup_shuffle': {
        const a = this.expr(e.a, mask);
        const l = this.expr(e.lane, mask);
        return this.all((t) => {
          const lane = e.mode === 'xor' ? (t & 31) ^ (l[t] as number) : (l[t] as number);
          return a[(t & ~31) | (lane & 31)]!;
        });
      }
      case 'call': {
        const args = e.args.map((x) => this.expr(x, mask));
        return this.all((t) => {
          const [a, b, n] = args.map((x) => x[t] as number);
          switch (e.fn) {
            // low word of (b:a) >> n, 0 <= n <= 32 (the 2-aligned block reads of weight-chunks.ts)
            case 'funnel_shr': return Number(((BigInt(b! >>> 0) << 32n) | BigInt(a! >>> 0)) >> BigInt(n!) & 0xffffffffn);
            case 'pack_f16x2': return (f32ToF16Bits(a!) | (f32ToF16Bits(b!) << 16)) >>> 0;
            case 'pack_bf16x2': return (f32ToBf16Bits(a!) | (f32ToBf16Bits(b!) << 16)) >>> 0;
            case 'exp2': return Math.fround(2 ** a!);
            case 'f16_to_f32': return f16BitsToF32(a! & 0xffff);
            // acc + the four signed byte products of two u32 words (CUDA's __dp4a; the int8 dot paths)
            case 'dot4_i8': {
              let acc = n! | 0;
              for (let i = 0; i < 32; i += 8) acc = (acc + ((a! << (24 - i)) >> 24) * ((b! << (24 - i)) >> 24)) | 0;
              return acc;
            }
            default: throw new Error(`emulator: no call ${e.fn}`);
          }
        });
      }
      default: throw new Error(`emulator: no ${e.op}`);
    }
  }

  private load(buffer: string, index: number, type: Type, t: number): Val {
    const p = this.priv.get(buffer);
    if (p) return p.data[t]![index]!;
    const s = this.shared.get(buffer);
    // a vector load from workgroup memory: consecutive elements
    if (s) return isVector(type) ? s.data.slice(index, index + (type.lanes as number)) as number[] : s.data[index]!;
    const b = this.buffers[buffer]!;
    const view = this.views.get(buffer)!;
    const byteBuffer = b.elem === 'u8' || b.elem === 'i8';
    const offset = byteBuffer ? index : index * BYTES[b.elem];
    if (isVector(type)) return Array.from({ length: type.lanes as number }, (_, l) => readScalar(view, offset + l * BYTES[type.elem], type.elem));
    return readScalar(view, offset, type);
  }

  private store(buffer: string, index: number, value: number, t: number): void {
    const p = this.priv.get(buffer);
    if (p) { p.data[t]![index] = value; return; }
    const s = this.shared.get(buffer);
    if (s) { s.data[index] = value; return; }
    const b = this.buffers[buffer]!;
    writeScalar(this.views.get(buffer)!, index * BYTES[b.elem], b.elem, value);
  }

  private frag(f: FragmentRef, t: number, mask: readonly boolean[]): number {
    return this.expr(f.offset, mask)[t] as number;
  }

  private stmts(list: readonly Stmt[], mask: readonly boolean[]): void {
    for (const s of list) this.stmt(s, mask);
  }

  private stmt(s: Stmt, mask: readonly boolean[]): void {
    switch (s.op) {
      case 'let': {
        const v = s.init ? this.expr(s.init, mask) : new Array<Val>(this.T).fill(0);
        const old = this.env.get(s.name);
        this.env.set(s.name, old ? old.map((x, t) => (mask[t] ? v[t]! : x)) : v);
        return;
      }
      case 'assign': {
        const v = this.expr(s.value, mask);
        this.env.set(s.name, this.env.get(s.name)!.map((x, t) => (mask[t] ? v[t]! : x)));
        return;
      }
      case 'store': {
        const idx = this.expr(s.index, mask);
        const v = this.expr(s.value, mask);
        for (let t = 0; t < this.T; t++) {
          if (!mask[t]) continue;
          const x = v[t]!;
          // a vector store: its lanes to consecutive elements
          if (Array.isArray(x)) x.forEach((y, l) => this.store(s.buffer, (idx[t] as number) + l, y, t));
          else this.store(s.buffer, idx[t] as number, x, t);
        }
        return;
      }
      case 'for': {
        const from = this.expr(s.from, mask);
        const saved = this.env.get(s.var);
        let i = from.map((x) => x as number);
        let active = mask.slice();
        for (;;) {
          this.env.set(s.var, i);
          const to = this.expr(s.to, active);
          active = active.map((a, t) => a && i[t]! < (to[t] as number));
          if (!active.some((a) => a)) break;
          this.stmts(s.body, active);
          const step = this.expr(s.step, active);
          i = i.map((x, t) => x + (step[t] as number));
        }
        if (saved) this.env.set(s.var, saved);
        return;
      }
      case 'if': {
        const c = this.expr(s.cond, mask);
        const yes = mask.map((m, t) => m && !!c[t]);
        const no = mask.map((m, t) => m && !c[t]);
        if (yes.some((x) => x)) this.stmts(s.then, yes);
        if (s.else && no.some((x) => x)) this.stmts(s.else, no);
        return;
      }
      case 'alloc':
        if (s.space === 'workgroup') this.shared.set(s.name, { elem: s.elem, data: new Array<number>(s.size).fill(0) });
        else this.priv.set(s.name, { elem: s.elem as ScalarType, data: this.all(() => new Array<number>(s.size).fill(0)) });
        return;
      case 'barrier': case 'comment': case 'async_commit': case 'async_wait': case 'grid_dependency':
        return;
      case 'async_copy': {
        const dst = this.expr(s.index, mask);
        const src = this.expr(s.srcIndex, mask);
        const n = s.srcBytes ? this.expr(s.srcBytes, mask) : undefined;
        const sh = this.shared.get(s.buffer)!;
        const b = this.buffers[s.src]!;
        const view = this.views.get(s.src)!;
        for (let t = 0; t < this.T; t++) {
          if (!mask[t]) continue;
          const read = n ? (n[t] as number) : s.bytes;
          // destination words: bytes past `read` are zero
          for (let w = 0; w < s.bytes / 4; w++) {
            const word = w * 4 < read ? view.getUint32((src[t] as number) * BYTES[b.elem] + w * 4, true) : 0;
            // an f32 array holds the words' values (gated_delta_rule's staged rows)
            sh.data[(dst[t] as number) + w] = sh.elem === 'f32' ? bitsF32(word) : word;
          }
        }
        return;
      }
      case 'ldmatrix': this.ldmatrix(s, mask); return;
      case 'mma': this.mma(s, mask); return;
      case 'atomic': throw new Error('emulator: no atomics');
    }
  }

  private ldmatrix(s: Extract<Stmt, { op: 'ldmatrix' }>, mask: readonly boolean[]): void {
    const idx = this.expr(s.index, mask);
    const sh = this.shared.get(s.buffer)!;
    const dst = this.priv.get(s.dst.array)!;
    for (let w0 = 0; w0 < this.T; w0 += 32) {
      // half c of row r of matrix i
      const half = (i: number, r: number, c: number) => {
        const word = sh.data[(idx[w0 + 8 * i + r] as number) + (c >> 1)]!;
        return c & 1 ? word >>> 16 : word & 0xffff;
      };
      for (let l = 0; l < 32; l++) {
        const t = w0 + l;
        const base = this.frag(s.dst, t, mask);
        for (let i = 0; i < s.count; i++) {
          const g = l >> 2;
          const c2 = 2 * (l & 3);
          const [lo, hi] = s.trans ? [half(i, c2, g), half(i, c2 + 1, g)] : [half(i, g, c2), half(i, g, c2 + 1)];
          dst.data[t]![base + i] = (lo | (hi << 16)) >>> 0;
        }
      }
    }
  }

  private mma(s: Extract<Stmt, { op: 'mma' }>, mask: readonly boolean[]): void {
    const get = (f: FragmentRef) => ({ arr: this.priv.get(f.array)!, off: this.all((t) => this.frag(f, t, mask)) });
    const [A, B, C, D] = [get(s.a), get(s.b), get(s.c), get(s.d)];
    const dec = (bits: number) => (s.operands === 'f16' ? f16BitsToF32(bits & 0xffff) : bitsF32((bits & 0xffff) << 16));
    for (let w0 = 0; w0 < this.T; w0 += 32) {
      const a = Array.from({ length: 16 }, () => new Array<number>(16).fill(0));
      const b = Array.from({ length: 16 }, () => new Array<number>(8).fill(0));
      const c = Array.from({ length: 16 }, () => new Array<number>(8).fill(0));
      for (let l = 0; l < 32; l++) {
        const t = w0 + l;
        const g = l >> 2;
        const q = l & 3;
        for (let r = 0; r < 4; r++) {
          const w = A.arr.data[t]![A.off[t]! + r]!;
          const row = g + 8 * (r & 1);
          const col = 2 * q + 8 * (r >> 1);
          a[row]![col] = dec(w);
          a[row]![col + 1] = dec(w >>> 16);
        }
        for (let r = 0; r < 2; r++) {
          const w = B.arr.data[t]![B.off[t]! + r]!;
          b[2 * q + 8 * r]![g] = dec(w);
          b[2 * q + 8 * r + 1]![g] = dec(w >>> 16);
        }
        for (let e = 0; e < 4; e++) c[g + 8 * (e >> 1)]![2 * q + (e & 1)] = C.arr.data[t]![C.off[t]! + e]!;
      }
      const out = c.map((row, i) => row.map((x, j) => {
        let sum = x;
        for (let kk = 0; kk < 16; kk++) sum += a[i]![kk]! * b[kk]![j]!;
        return Math.fround(sum);
      }));
      for (let l = 0; l < 32; l++) {
        const t = w0 + l;
        for (let e = 0; e < 4; e++) D.arr.data[t]![D.off[t]! + e] = out[(l >> 2) + 8 * (e >> 1)]![2 * (l & 3) + (e & 1)]!;
      }
    }
  }
}

function lanewise(a: Val, b: Val, f: (x: number, y: number) => number): Val {
  if (Array.isArray(a)) return a.map((x, i) => f(x, Array.isArray(b) ? b[i]! : b));
  return f(a, b as number);
}

function binary(fn: string, t: ScalarType, a: number, b: number): number {
  switch (fn) {
    case 'add': return a + b;
    case 'sub': return a - b;
    case 'mul': return t === 'i32' || t === 'u32' ? Math.imul(a, b) : a * b;
    case 'div': return t === 'f32' || t === 'f64' ? a / b : Math.trunc(a / b);
    case 'rem': return a % b;
    case 'min': return Math.min(a, b);
    case 'max': return Math.max(a, b);
    case 'and': return a & b;
    case 'or': return a | b;
    case 'xor': return a ^ b;
    case 'shl': return a << b;
    case 'shr': return t === 'u32' || t === 'u8' || t === 'u16' ? a >>> b : a >> b;
    case 'lt': return +(a < b);
    case 'le': return +(a <= b);
    case 'gt': return +(a > b);
    case 'ge': return +(a >= b);
    case 'eq': return +(a === b);
    case 'ne': return +(a !== b);
    case 'land': return +(!!a && !!b);
    case 'lor': return +(!!a || !!b);
    default: throw new Error(`emulator: no ${fn}`);
  }
}

function unary(fn: string, t: ScalarType, a: number): number {
  switch (fn) {
    case 'neg': return -a;
    case 'not': return t === 'bool' ? +!a : ~a;
    case 'abs': return Math.abs(a);
    case 'exp': return Math.exp(a);
    case 'log': return Math.log(a);
    case 'sqrt': return Math.sqrt(a);
    case 'rsqrt': return 1 / Math.sqrt(a);
    case 'floor': return Math.floor(a);
    case 'round': return Math.round(a);
    default: throw new Error(`emulator: no ${fn}`);
  }
}
