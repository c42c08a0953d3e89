// The element-wise vocabulary of every CPU ISA table, executed: small kernels built with the IR
// builder (sub, div, min, max, the six compares into select, neg, abs, sqrt, rsqrt, exp, horizontal
// max/min, vector stores, masked or vl tails, loads with a fill for the lanes not read), rendered, compiled with the target's toolchain and run
// (natively for c/avx2/avx512 where this CPU has them, qemu-aarch64 for neon, qemu-riscv64 at VLEN
// 128/256/512 for rvv, qemu-hexagon for hvx, freestanding), compared with float64 expectations; plus
// the instructions the rules are meant to produce. The harness is private (codegen may not import exec).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Expr, Kernel, Stmt, Type } from '@kforge/ir';
import {
  add, assign, broadcast, bufferParam, c, div, eq, forLoop, ge, gt, if_, isVector, le, let_, letMut, load, lt, max, min, mul, ne,
  param, reduce, scalarParam, select, setvl, store, sub, unary, v, vec, withVl,
} from '@kforge/ir';
import { C_DIALECT, renderKernel, type Dialect } from '@kforge/codegen-core';
import { EXP_F32_MAX_REL_ERROR, withinExpBound } from '../math/exp.ts';
import { RSQRT_F32_MAX_ULP, SQRT_F32_MAX_ULP, ulpError } from '../math/sqrt.ts';
import { RvvRules } from '../rvv/rules.ts';
import { HvxRules } from '../hvx/rules.ts';
import { FREESTANDING_C_DIALECT } from '../hvx/dialect.ts';
import { Avx2Rules } from './avx2.ts';
import { Avx512Rules } from './avx512.ts';
import { NeonRules } from './neon.ts';
import { ScalarRules } from './scalar.ts';

const run = promisify(execFile);

// ---- kernels ----

/**
 * a vector shape: fixed lanes (tails masked), scalable at an LMUL (tails by vl), or scalar. A scalable
 * max/min runs either as a reduction of each strip at its vl ('strips') or as vector accumulators at
 * the first strip's length that the shorter last strip reaches through loads filled with -inf/+inf ('fill').
 */
type Shape = { readonly kind: 'fixed'; readonly elem: 'f32' | 'i32'; readonly lanes: number }
  | { readonly kind: 'scalable'; readonly lmul: number; readonly running: 'strips' | 'fill' }
  | { readonly kind: 'scalar'; readonly elem: 'f32' | 'i32' };

const shapeType = (s: Shape): Type => (s.kind === 'fixed' ? vec(s.elem, s.lanes) : s.kind === 'scalable' ? vec('f32', 'vl', s.lmul) : s.elem);
const shapeElem = (s: Shape): 'f32' | 'i32' => (s.kind === 'scalable' ? 'f32' : s.elem);

/** the outputs per element, in `out` order; float kernels add neg..exp */
const COMMON_OUTPUTS = ['sub', 'min', 'max', 'select_lt', 'lt', 'le', 'gt', 'ge', 'eq', 'ne'] as const;
const FLOAT_OUTPUTS = ['div', 'neg', 'abs', 'sqrt', 'rsqrt', 'exp'] as const;
type Output = (typeof COMMON_OUTPUTS)[number] | (typeof FLOAT_OUTPUTS)[number];
const outputsOf = (elem: 'f32' | 'i32'): readonly Output[] => (elem === 'f32' ? [...COMMON_OUTPUTS, ...FLOAT_OUTPUTS] : COMMON_OUTPUTS);

/** the identities of max and min: what a tail's unread lanes must hold */
const LOWEST = { f32: -Infinity, i32: -(2 ** 31) } as const;
const HIGHEST = { f32: Infinity, i32: 2 ** 31 - 1 } as const;

/**
 * vocab(x, y, out, red, n, n_full): out[k * n + i] = output k of (x[i], y[i]); red = [max y, min y].
 * Full vectors up to n_full, then one masked tail (fixed) or strips of vl (scalable).
 */
function vocabularyKernel(shape: Shape, names: readonly Output[]): Kernel {
  const elem = shapeElem(shape);
  const T = shapeType(shape);
  const n = param('n');
  const vl = shape.kind === 'scalable' ? v('vl', 'i32') : undefined;
  // element-wise operations on scalable vectors take the strip's vl
  const bin = (e: Expr): Expr => (vl ? withVl(e, vl) : e);
  const splat = (value: number): Expr => (isVector(T) ? broadcast(c(elem, value), T as never, vl) : c(elem, value));
  const flag = (cond: Expr): Expr => bin(select(cond, splat(1), splat(0)));
  const un = (fn: Parameters<typeof unary>[0], a: Expr): Expr => bin(unary(fn, a));
  const outputs = (x: Expr, y: Expr): Record<Output, Expr> => ({
    sub: bin(sub(x, y)), min: bin(min(x, y)), max: bin(max(x, y)), select_lt: bin(select(bin(lt(x, y)), x, y)),
    lt: flag(bin(lt(x, y))), le: flag(bin(le(x, y))), gt: flag(bin(gt(x, y))), ge: flag(bin(ge(x, y))), eq: flag(bin(eq(x, y))), ne: flag(bin(ne(x, y))),
    div: bin(div(x, y)), neg: un('neg', x), abs: un('abs', x), sqrt: un('sqrt', un('abs', x)), rsqrt: un('rsqrt', un('abs', x)), exp: un('exp', x),
  });
  const body = (at: Expr, mem: { mask?: Expr; vl?: Expr }): Stmt[] => {
    const x = v('xv', T);
    const y = v('yv', T);
    const o = outputs(x, y);
    return [
      let_('xv', T, load('x', at, T, mem)), let_('yv', T, load('y', at, T, mem)),
      ...names.map((name, k) => store('out', add(at, mul(k, n)), o[name], mem)),
    ];
  };
  const first = load('y', 0, elem);
  const stmts: Stmt[] = [letMut('rmax', elem, first), letMut('rmin', elem, first)];
  if (shape.kind === 'scalar') {
    stmts.push(forLoop('i', 0, n, [...body(v('i', 'i32'), {}),
      assign('rmax', max(v('rmax', elem), v('yv', elem))), assign('rmin', min(v('rmin', elem), v('yv', elem)))]));
  } else if (shape.kind === 'fixed') {
    const acc = (name: string): Expr => v(name, T);
    stmts.push(letMut('vmax', T, broadcast(first, T as never)), letMut('vmin', T, broadcast(first, T as never)));
    stmts.push(forLoop('i', 0, param('n_full'), [...body(v('i', 'i32'), {}),
      assign('vmax', max(acc('vmax'), v('yv', T))), assign('vmin', min(acc('vmin'), v('yv', T)))], { step: shape.lanes }));
    // the tail: masked vector operations, and the max/min still in vector form on loads whose masked
    // lanes hold the identity (read as 0 they would win a max of negative numbers)
    const mask = sub(n, param('n_full'));
    stmts.push(if_(lt(param('n_full'), n), [...body(param('n_full'), { mask }),
      assign('vmax', max(acc('vmax'), load('y', param('n_full'), T, { mask, fill: LOWEST[elem] }))),
      assign('vmin', min(acc('vmin'), load('y', param('n_full'), T, { mask, fill: HIGHEST[elem] })))]));
    stmts.push(assign('rmax', reduce('max', acc('vmax'))), assign('rmin', reduce('min', acc('vmin'))));
  } else if (shape.running === 'strips') {
    stmts.push(letMut('vl', 'i32', c.i32(0)));
    stmts.push(forLoop('i', 0, n, [assign('vl', setvl(sub(n, v('i', 'i32')), 'f32', shape.lmul)), ...body(v('i', 'i32'), { vl }),
      assign('rmax', max(v('rmax', elem), reduce('max', v('yv', T), vl))),
      assign('rmin', min(v('rmin', elem), reduce('min', v('yv', T), vl)))], { step: v('vl', 'i32') }));
  } else {
    // accumulators at the first strip's length vl0; a shorter strip's loads fill the lanes past its vl
    const vl0 = v('vl0', 'i32');
    const acc = (name: string): Expr => v(name, T);
    stmts.push(let_('vl0', 'i32', setvl(n, 'f32', shape.lmul)), letMut('vl', 'i32', c.i32(0)));
    stmts.push(letMut('vmax', T, broadcast(first, T as never, vl0)), letMut('vmin', T, broadcast(first, T as never, vl0)));
    stmts.push(forLoop('i', 0, n, [assign('vl', setvl(sub(n, v('i', 'i32')), 'f32', shape.lmul)), ...body(v('i', 'i32'), { vl }),
      assign('vmax', withVl(max(acc('vmax'), load('y', v('i', 'i32'), T, { vl, fill: -Infinity })), vl0)),
      assign('vmin', withVl(min(acc('vmin'), load('y', v('i', 'i32'), T, { vl, fill: Infinity })), vl0))], { step: v('vl', 'i32') }));
    stmts.push(assign('rmax', reduce('max', acc('vmax'), vl0)), assign('rmin', reduce('min', acc('vmin'), vl0)));
  }
  stmts.push(store('red', 0, v('rmax', elem)), store('red', 1, v('rmin', elem)));
  return {
    name: 'vocab', model: 'cpu', body: stmts,
    params: [bufferParam('x', elem), bufferParam('y', elem), bufferParam('out', elem, 'write'), bufferParam('red', elem, 'write'),
      scalarParam('n'), scalarParam('n_full')],
  };
}

// ---- inputs and expectations ----

const N = 4099; // a tail of 3 lanes at 4, 8 and 16 lanes
const word = new DataView(new ArrayBuffer(4));
const floatOf = (u: number): number => { word.setUint32(0, u); return word.getFloat32(0); };

/**
 * x: exp's special values and boundaries, then a dense sweep of [-104, 89] or ('binades') bit patterns
 * spread evenly over every float of either sign, denormals to FLT_MAX (for the described sqrt/rsqrt);
 * y: pseudo-random, equal to x at every 7th where x is negative. y < 0 everywhere, so a tail whose
 * unread lanes held 0 would win the max.
 */
function floatInputs(sweep: 'exp' | 'binades' = 'exp'): { x: Float32Array; y: Float32Array } {
  const special = [NaN, -Infinity, Infinity, 0, -0, 1, -1, 0.5, -87.33655, -87.5, -100, -103.97, -103.9, -104, -110, -1e30, 1e30,
    88.72, 88.7228, 88.73, 89, 2 ** -149, -(2 ** -149)];
  const x = new Float32Array(N);
  const y = new Float32Array(N);
  // 'binades': each sign's half of the sweep steps through the bit patterns 1 .. 0x7f7fffff
  const binadeStep = Math.floor(0x7f7fffff / Math.ceil((N - special.length) / 2));
  let s = 12345;
  for (let i = 0; i < N; i++) {
    const k = i - special.length;
    x[i] = i < special.length ? special[i]! : sweep === 'exp' ? -104 + (193 * k) / (N - special.length - 1) : floatOf((k % 2 ? 0x80000000 : 0) + 1 + Math.floor(k / 2) * binadeStep);
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    y[i] = i % 7 === 3 && Number.isFinite(x[i]!) && x[i]! < 0 ? x[i]! : -(s / 2 ** 32) * 3 - 2 ** -8;
  }
  return { x, y };
}

/** y > 0 everywhere, so a tail whose unread lanes held 0 would win the min (the float inputs test the max) */
function intInputs(): { x: Int32Array; y: Int32Array } {
  const x = new Int32Array(N);
  const y = new Int32Array(N);
  let s = 777;
  for (let i = 0; i < N; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    x[i] = (s >> 8) - (1 << 23);
    y[i] = i % 5 === 0 && x[i]! > 0 ? x[i]! : ((s * 7) >>> 5) + 1;
  }
  x[1] = -(2 ** 31); y[1] = 2 ** 31 - 1;
  return { x, y };
}

const f = Math.fround;
function expected(name: Output, x: number, y: number, int: boolean): number {
  const wrap = (r: number): number => (int ? r | 0 : f(r));
  switch (name) {
    case 'sub': return wrap(x - y);
    case 'div': return f(x / y);
    case 'min': return x < y ? x : y;
    case 'max': return x > y ? x : y;
    case 'select_lt': return x < y ? x : y;
    case 'lt': return +(x < y);
    case 'le': return +(x <= y);
    case 'gt': return +(x > y);
    case 'ge': return +(x >= y);
    case 'eq': return +(x === y);
    case 'ne': return +(x !== y);
    case 'neg': return -x;
    case 'abs': return Math.abs(x);
    case 'sqrt': return f(Math.sqrt(Math.abs(x)));
    case 'rsqrt': return f(1 / f(Math.sqrt(Math.abs(x))));
    case 'exp': return Math.exp(x);
  }
}

/** every output of every element, and the reductions; returns the number of values checked (x[0] is NaN: its min and max are not) */
/** outputs computed by a described approximation (math/sqrt.ts): the bound in ulps of the exact result */
type UlpBounds = Partial<Record<'sqrt' | 'rsqrt', number>>;

function check(label: string, elem: 'f32' | 'i32', names: readonly Output[], x: ArrayLike<number>, y: ArrayLike<number>, out: ArrayLike<number>, red: ArrayLike<number>,
  ulps: UlpBounds = {}): { checked: number; expError: number; ulpErrors: UlpBounds } {
  let checked = 0;
  let expError = 0;
  const ulpErrors: { sqrt?: number; rsqrt?: number } = {};
  names.forEach((name, k) => {
    for (let i = 0; i < N; i++) {
      const got = out[k * N + i]!;
      const want = expected(name, x[i]!, y[i]!, elem === 'i32');
      // min/max of a NaN is ISA-defined (x86 returns the second operand, NEON the NaN, RVV the number)
      if ((name === 'min' || name === 'max') && Number.isNaN(x[i]!)) continue;
      const bound = name === 'sqrt' || name === 'rsqrt' ? ulps[name] : undefined;
      if (bound !== undefined) {
        const root = Math.sqrt(Math.abs(Math.fround(x[i]!)));
        const err = ulpError(got, name === 'sqrt' ? root : 1 / root);
        assert.ok(err <= bound, `${label} ${name}(|${x[i]}|) = ${got}: ${err} ulp, bound ${bound} (element ${i})`);
        if (Number.isFinite(err)) ulpErrors[name as 'sqrt' | 'rsqrt'] = Math.max(ulpErrors[name as 'sqrt' | 'rsqrt'] ?? 0, err);
        checked++;
        continue;
      }
      const ok = name === 'exp' ? withinExpBound(got, want) : Object.is(got, want) || (Number.isNaN(got) && Number.isNaN(want)) || (got === 0 && want === 0 && name !== 'neg');
      assert.ok(ok, `${label} ${name}(${x[i]}, ${y[i]}) = ${got}, expected ${want} (element ${i})`);
      if (name === 'exp' && want >= 2 ** -126 && Number.isFinite(got)) expError = Math.max(expError, Math.abs(got - want) / want);
      checked++;
    }
  });
  const ys = Array.from(y);
  assert.equal(red[0], Math.max(...ys), `${label} reduce.max`);
  assert.equal(red[1], Math.min(...ys), `${label} reduce.min`);
  return { checked: checked + 2, expError, ulpErrors };
}

// ---- the harness: inputs compiled in, outputs as raw words on stdout ----

function wordsLiteral(name: string, words: Uint32Array): string {
  return `static const uint32_t ${name}[${words.length}] = {${Array.from(words, (w) => `0x${w.toString(16)}u`).join(',')}};`;
}

const FREESTANDING = `typedef __SIZE_TYPE__ size_t;
static long kf_syscall(long nr, long a0, long a1, long a2) {
  register long r0 __asm__("r0") = a0;
  register long r1 __asm__("r1") = a1;
  register long r2 __asm__("r2") = a2;
  register long r6 __asm__("r6") = nr;
  __asm__ volatile("trap0(#1)" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r6) : "memory");
  return r0;
}
__attribute__((no_builtin)) void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  while (n--) *d++ = *s++;
  return dst;
}
__attribute__((no_builtin)) void *memset(void *dst, int byte, size_t n) {
  unsigned char *d = dst;
  while (n--) *d++ = (unsigned char)byte;
  return dst;
}
static void kf_emit(const void *p, size_t bytes) {
  while (bytes) { long put = kf_syscall(64, 1, (long)p, (long)bytes); if (put <= 0) break; p = (const char *)p + put; bytes -= (size_t)put; }
}
static __attribute__((noreturn)) void kf_exit(int code) { for (;;) kf_syscall(93, code, 0, 0); }
`;

function harness(kernelSource: string, elem: 'f32' | 'i32', hosted: boolean, x: Uint32Array, y: Uint32Array, outputs: number): string {
  const C = elem === 'f32' ? 'float' : 'int32_t';
  return [
    hosted ? '#include <stdio.h>\n#include <stdlib.h>' : FREESTANDING,
    kernelSource,
    wordsLiteral('kf_x_bits', x), wordsLiteral('kf_y_bits', y),
    `static ${C} kf_x[${N}] __attribute__((aligned(128))), kf_y[${N}] __attribute__((aligned(128)));`,
    `static ${C} kf_out[${outputs * N}] __attribute__((aligned(128))), kf_red[2];`,
    `static void kf_main(int n_full) {`,
    '  memcpy(kf_x, kf_x_bits, sizeof kf_x); memcpy(kf_y, kf_y_bits, sizeof kf_y);',
    '  memset(kf_out, 0xff, sizeof kf_out); memset(kf_red, 0xff, sizeof kf_red);',
    `  vocab(kf_x, kf_y, kf_out, kf_red, ${N}, n_full);`,
    '}',
    hosted
      ? 'int main(int argc, char** argv) { kf_main(atoi(argv[1])); fwrite(kf_out, 4, sizeof kf_out / 4, stdout); fwrite(kf_red, 4, 2, stdout); return 0; }'
      : '__attribute__((noreturn, used)) void _start(void) { kf_main(KF_N_FULL); kf_emit(kf_out, sizeof kf_out); kf_emit(kf_red, sizeof kf_red); kf_exit(0); }',
  ].join('\n');
}

// ---- targets ----

interface Toolchain {
  readonly cc: string;
  readonly flags: readonly string[];
  readonly libs: readonly string[];
  readonly objdump: string;
  readonly hosted: boolean;
  /** launchers, one run each (qemu at several VLENs); [] = native */
  readonly launchers: readonly (readonly string[])[];
}

const CPUINFO = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
const HAS = (flag: string): boolean => new RegExp(`\\b${flag}\\b`).test(CPUINFO);
const AVX2_RUNS = HAS('avx2') && HAS('fma');
const AVX512_RUNS = HAS('avx512f') && HAS('avx512vl') && HAS('avx512bw');

const x86 = (isa: string[], runs: boolean): Toolchain => ({ cc: 'gcc', flags: ['-O2', '-std=gnu11', ...isa], libs: ['-lm'], objdump: 'objdump', hosted: true, launchers: runs ? [[]] : [] });
const TOOLCHAINS = {
  c: x86([], true),
  avx2: x86(['-mavx2', '-mfma', '-mf16c'], AVX2_RUNS),
  avx512: x86(['-mavx512f', '-mavx512bw', '-mavx512vl', '-mavx512vnni', '-mavx512bf16', '-mfma', '-mf16c'], AVX512_RUNS),
  neon: {
    cc: 'aarch64-linux-gnu-gcc', flags: ['-O2', '-std=gnu11', '-march=armv8.2-a+dotprod+fp16'], libs: ['-lm'], objdump: 'aarch64-linux-gnu-objdump', hosted: true,
    launchers: [['qemu-aarch64', '-cpu', 'max', '-L', '/usr/aarch64-linux-gnu']],
  },
  rvv: {
    cc: 'clang-19', flags: ['--target=riscv64-linux-gnu', '-march=rv64gcv', '-O2', '-std=gnu11', '-fuse-ld=lld'], libs: ['-lm'], objdump: 'llvm-objdump-19', hosted: true,
    // tail-agnostic lanes written as all ones (NaN): a result that read lanes past vl would show it
    launchers: [128, 256, 512].map((vlen) => ['qemu-riscv64', '-cpu', `rv64,v=true,vext_spec=v1.0,vlen=${vlen},rvv_ta_all_1s=true,rvv_ma_all_1s=true`, '-L', '/usr/riscv64-linux-gnu']),
  },
  hvx: {
    cc: 'clang-19', flags: ['--target=hexagon-unknown-linux-musl', '-mv67', '-mhvx', '-mhvx-length=128b', '-O2', '-std=gnu11', '-ffreestanding', '-nostdlib', '-static', '-fuse-ld=lld'],
    libs: [], objdump: 'llvm-objdump-19', hosted: false, launchers: [['qemu-hexagon']],
  },
} as const satisfies Record<string, Toolchain>;

interface Case {
  readonly label: string; readonly tool: Toolchain; readonly dialect: Dialect; readonly shape: Shape; readonly asm?: readonly RegExp[];
  /** instructions the code must not contain */
  readonly notAsm?: readonly RegExp[];
  /** outputs left out where the target cannot build them yet */
  readonly without?: readonly Output[];
  /** outputs held to an ulp bound of the exact result instead of the bit-exact library value */
  readonly ulps?: UlpBounds;
  /** the float x sweep (floatInputs) */
  readonly inputs?: 'exp' | 'binades';
}

const hosted = (isa: Dialect['isa']): Dialect => ({ ...C_DIALECT, isa });
const freestanding: Dialect = { ...FREESTANDING_C_DIALECT, isa: HvxRules };
const fixed = (elem: 'f32' | 'i32', lanes: number): Shape => ({ kind: 'fixed', elem, lanes });

/** compile (object for the disassembly, program for the runs), run every launcher, check */
async function runCase(cs: Case, t: { diagnostic(message: string): void }): Promise<{ runs: number; checked: number }> {
  const elem = shapeElem(cs.shape);
  const lanes = cs.shape.kind === 'fixed' ? cs.shape.lanes : 1;
  const nFull = N - (N % lanes);
  const inputs = elem === 'f32' ? floatInputs(cs.inputs) : intInputs();
  const xWords = new Uint32Array(inputs.x.buffer);
  const yWords = new Uint32Array(inputs.y.buffer);
  const names = outputsOf(elem).filter((o) => !cs.without?.includes(o));
  const outputs = names.length;
  const kernel = renderKernel(vocabularyKernel(cs.shape, names), cs.dialect);
  const dir = mkdtempSync(join(tmpdir(), 'kf-vocab-'));
  try {
    writeFileSync(join(dir, 'k.c'), kernel);
    writeFileSync(join(dir, 'main.c'), harness(kernel, elem, cs.tool.hosted, xWords, yWords, outputs));
    const define = cs.tool.hosted ? [] : [`-DKF_N_FULL=${nFull}`];
    const object = cs.tool.hosted ? ['-c'] : ['-c', '-ffreestanding'];
    await run(cs.tool.cc, [...cs.tool.flags.filter((fl) => fl !== '-static' && fl !== '-nostdlib' && fl !== '-fuse-ld=lld'), ...object, join(dir, 'k.c'), '-o', join(dir, 'k.o')]);
    if (cs.asm || cs.notAsm) {
      const asm = (await run(cs.tool.objdump, ['-d', join(dir, 'k.o')], { maxBuffer: 64 << 20 })).stdout;
      for (const re of cs.asm ?? []) assert.match(asm, re, `${cs.label}: ${re}`);
      for (const re of cs.notAsm ?? []) assert.doesNotMatch(asm, re, `${cs.label}: ${re}`);
    }
    if (!cs.tool.hosted) {
      const undefinedSymbols = (await run('llvm-nm-19', ['-u', join(dir, 'k.o')])).stdout.split('\n').map((l) => l.trim().split(/\s+/).pop()!).filter(Boolean);
      assert.deepEqual(undefinedSymbols.filter((s) => s !== 'memcpy'), [], `${cs.label}: a freestanding kernel links against nothing`);
    }
    await run(cs.tool.cc, [...cs.tool.flags, ...define, join(dir, 'main.c'), '-o', join(dir, 'main'), ...cs.tool.libs], { maxBuffer: 16 << 20 });
    let checked = 0;
    for (const launcher of cs.tool.launchers) {
      const argv = [...launcher.slice(1), join(dir, 'main'), ...(cs.tool.hosted ? [String(nFull)] : [])];
      const { stdout } = await run(launcher[0] ?? join(dir, 'main'), launcher[0] ? argv : argv.slice(1), { encoding: 'buffer', maxBuffer: 64 << 20 });
      const words = new Uint32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.byteLength));
      assert.equal(words.length, outputs * N + 2, `${cs.label}: output size`);
      const values = elem === 'f32' ? Array.from(words, floatOf) : Array.from(new Int32Array(words.buffer));
      const r = check(`${cs.label} ${launcher.join(' ')}`, elem, names, inputs.x, inputs.y, values.slice(0, outputs * N), values.slice(outputs * N), cs.ulps);
      checked += r.checked;
      for (const [name, err] of Object.entries(r.ulpErrors)) t.diagnostic(`${cs.label} ${launcher.join(' ')}: ${name} max error ${err.toFixed(3)} ulp of the exact result`);
      if (names.includes('exp')) {
        assert.ok(r.expError < EXP_F32_MAX_REL_ERROR, `${cs.label}: exp relative error ${r.expError}`);
        t.diagnostic(`${cs.label} ${launcher.join(' ')}: exp max relative error ${r.expError.toExponential(3)} (normal results)`);
      }
    }
    return { runs: cs.tool.launchers.length, checked };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ranOrCompiled = (runs: boolean): string => (runs ? 'executed' : 'compile-only (this CPU lacks it)');

test('c: scalar vocabulary executed natively (exp is libm expf, within the polynomial\'s bound)', async (t) => {
  const r = await runCase({ label: 'c', tool: TOOLCHAINS.c, dialect: hosted(ScalarRules.rules), shape: { kind: 'scalar', elem: 'f32' } }, t);
  assert.equal(r.checked, 16 * N);
});

test(`avx2: f32x8 vocabulary ${ranOrCompiled(AVX2_RUNS)}, masked tails; exp on ymm FMAs`, async (t) => {
  const r = await runCase({
    label: 'avx2', tool: TOOLCHAINS.avx2, dialect: hosted(Avx2Rules.rules), shape: fixed('f32', 8),
    asm: [/vfmadd\d+ps\s+[^\n]*%ymm/, /vmaxps\s+[^\n]*%ymm/, /vcmplt_oqps|vcmpgt_oqps/, /vblendvps/, /vmaskmovps/, /vdivps/],
  }, t);
  assert.equal(r.checked, AVX2_RUNS ? 16 * N : 0);
});

for (const lanes of [16, 8]) {
  test(`avx512: f32x${lanes} vocabulary ${ranOrCompiled(AVX512_RUNS)}, masked tails; exp on ${lanes === 16 ? 'zmm' : 'ymm'} FMAs`, async (t) => {
    const reg = lanes === 16 ? 'zmm' : 'ymm';
    const r = await runCase({
      label: `avx512 f32x${lanes}`, tool: TOOLCHAINS.avx512, dialect: hosted(Avx512Rules.rules), shape: fixed('f32', lanes),
      asm: [new RegExp(`vfmadd\\d+ps\\s+[^\\n]*%${reg}`), new RegExp(`vmaxps\\s+[^\\n]*%${reg}`), new RegExp(`vsqrtps\\s+[^\\n]*%${reg}`),
        ...(lanes === 16 ? [/vcmp\w*ps\s+[^\n]*%k\d/, /vblendmps/, /vmovups\s+%zmm\d+,[^\n]*\{%k\d\}/] : [])],
    }, t);
    assert.equal(r.checked, AVX512_RUNS ? 16 * N : 0);
  });
}

test('neon: f32x4 vocabulary executed under qemu-aarch64; exp on fmla, fmax/fmin clamps', async (t) => {
  const r = await runCase({
    label: 'neon', tool: TOOLCHAINS.neon, dialect: hosted(NeonRules.rules), shape: fixed('f32', 4),
    asm: [/\bfmla\s+v\d+\.4s/, /\bfmax\s+v\d+\.4s/, /\bfmin\s+v\d+\.4s/, /\bfmaxv\s+s\d+/, /\bfcmgt\s+v\d+\.4s/, /\bbsl|\bbit|\bbif/, /\bfdiv\s+v\d+\.4s/],
  }, t);
  assert.equal(r.checked, 16 * N);
});

for (const lmul of [1, 2, 4, 8]) {
  test(`rvv: f32 LMUL ${lmul} vocabulary executed under qemu-riscv64 at VLEN 128, 256 and 512 (tails by vl, tail lanes all ones); vfmax, vfmacc, vfredmax; no VLMAX work`, async (t) => {
    const r = await runCase({
      label: `rvv m${lmul}`, tool: TOOLCHAINS.rvv, dialect: hosted(RvvRules), shape: { kind: 'scalable', lmul, running: 'strips' },
      asm: [new RegExp(`vsetvli\\b[^\\n]*e32,\\s*m${lmul}`), /\bvfmax\.vv\b/, /\bvfmin\.vv\b/, /\bvfmacc\.vv\b|\bvfmadd\.vv\b/, /\bvfredmax\.vs\b/, /\bvmflt\.vv\b/, /\bvmerge\.vvm\b/, /\bvfdiv\.vv\b/, /\bvse32\.v\b/],
      // every operation at the strip's vl: no vsetvli with AVL x0 (VLMAX) into a register
      notAsm: [/\bvsetvli\s+(?!zero\b)\w+,\s*zero\b/],
    }, t);
    assert.deepEqual(r, { runs: 3, checked: 3 * (16 * N) });
  });
}

for (const lmul of [1, 4]) {
  test(`rvv: f32 LMUL ${lmul} running max/min as vector accumulators, the last strip's loads filled with -inf/+inf past vl (vle32 tail undisturbed), VLEN 128, 256, 512`, async (t) => {
    const r = await runCase({
      label: `rvv m${lmul} fill`, tool: TOOLCHAINS.rvv, dialect: hosted(RvvRules), shape: { kind: 'scalable', lmul, running: 'fill' },
      asm: [/\bvfmax\.vv\b/, /\bvfredmax\.vs\b/, /\bvle32\.v\b/],
    }, t);
    assert.deepEqual(r, { runs: 3, checked: 3 * (16 * N) });
  });
}

// sqrt and rsqrt are Newton iterations (math/sqrt.ts), not compiler-rt's __hexagon_sqrtf, which a freestanding program lacks
test('hvx: scalar f32 vocabulary on the Hexagon core, freestanding (exp, sqrt and rsqrt described in math/, no libm), executed under qemu-hexagon', async (t) => {
  const r = await runCase({
    label: 'hvx f32', tool: TOOLCHAINS.hvx, dialect: freestanding, shape: { kind: 'scalar', elem: 'f32' }, asm: [/\+= sfmpy\(/, /-= sfmpy\(/, /sfrecipa/],
    notAsm: [/__hexagon_sqrtf|sfinvsqrta/], ulps: { sqrt: SQRT_F32_MAX_ULP, rsqrt: RSQRT_F32_MAX_ULP },
  }, t);
  assert.equal(r.checked, 16 * N);
});

test('hvx: the scalar f32 vocabulary again on x spread over every binade of either sign (sqrt/rsqrt scaling of tiny inputs, huge inputs), qemu-hexagon', async (t) => {
  const r = await runCase({
    label: 'hvx f32 binades', tool: TOOLCHAINS.hvx, dialect: freestanding, shape: { kind: 'scalar', elem: 'f32' }, inputs: 'binades',
    ulps: { sqrt: SQRT_F32_MAX_ULP, rsqrt: RSQRT_F32_MAX_ULP },
  }, t);
  assert.equal(r.checked, 16 * N);
});

test('hvx: i32x32 vocabulary (vmax/vmin/vsub, compares to predicates, vmux, folds) executed under qemu-hexagon, masked tails', async (t) => {
  const r = await runCase({
    label: 'hvx i32x32', tool: TOOLCHAINS.hvx, dialect: freestanding, shape: fixed('i32', 32),
    asm: [/vmax\(v\d+\.w,\s*v\d+\.w\)/, /vmin\(v\d+\.w,\s*v\d+\.w\)/, /vcmp\.gt\(v\d+\.w,\s*v\d+\.w\)/, /vmux\(q\d/],
  }, t);
  assert.equal(r.checked, 10 * N + 2);
});
