/**
 * A dialect is data: everything in which C, OpenCL C, CUDA, GLSL and MSL differ in spelling, and the
 * instruction rules of a CPU ISA. `renderKernel` (render.ts) walks the IR once for all of them.
 *
 * Adding a dialect:
 *   1. Start from an existing one (`C_DIALECT` below): `{ ...C_DIALECT, name: 'opencl', kernelPrefix: '__kernel void', ... }`
 *      and override what is spelled differently: type names, buffer/scalar parameter declarations,
 *      special indices (thread/group ids), barrier, subgroup reduction, math function names, literals,
 *      f16/bf16 conversions. Languages that bind buffers as globals (GLSL, WGSL) override `signature`.
 *   2. Vector operations are looked up in `isa.rules` by a key made of the operation and its types
 *      (see `ruleKey` in render.ts for the list), e.g. `fma:f32x16`, `load:f16x16`, `cast:i32x8->f32x8`,
 *      `dot:i32x16,u8x64,i8x64`, `reduce.add:f32x8`, and the type names by `type:f32x16`. A CPU ISA is
 *      one such table (codegen-cpu/src/isa/*.ts); a rule may also override a scalar operation
 *      (e.g. `cast:f16->f32` as `_cvtsh_ss($a)`). A vector operation without a rule is an error that
 *      names the key, never silently scalarized.
 *   3. Test it by rendering a small kernel and compiling the result.
 */
import type {
  AtomicFn, BufferParam, Kernel, MmaShape, ScalarParam, ScalarType, SpecialIndex, SubgroupReduceFn, SubgroupShuffleMode, UnaryOp,
} from '@kforge/ir';

/**
 * How one operation is spelled. A template string substitutes `$a`, `$b`, `$c` (the operands in
 * order), `$p` (the address `&buf[index]` for loads and stores), `$n` (mask lane count or lane index),
 * `$T` (the result type's name) and `$vl` (the vector length of a scalable-vector operation); a
 * load's fill value is `$b`. A function gets the same pieces.
 */
export type Spelling = string | ((o: SpellOperands) => string);

export interface SpellOperands {
  readonly a: string;
  readonly b: string;
  readonly c: string;
  readonly p: string;
  readonly n: string;
  readonly T: string;
  /** every operand, for operations with more than three (concat) */
  readonly all: readonly string[];
  /** `$vl`: the active vector length of a scalable-vector operation (empty for fixed vectors) */
  readonly vl: string;
}

/** An instruction-selection table: keys as described above, plus the headers/helpers it needs. */
export interface IsaRules {
  readonly name: string;
  /** `#include`s and small inline helpers, printed once before the kernel */
  readonly preamble: string;
  readonly rules: Readonly<Record<string, Spelling>>;
}

/** The pieces of an atomic statement, spelled; the spelling is an expression whose value is the old element. */
export interface AtomicOperands {
  readonly fn: AtomicFn;
  readonly type: ScalarType;
  /** the element type's name */
  readonly T: string;
  readonly space: 'global' | 'workgroup';
  /** `&buf[index]` and `buf[index]` */
  readonly p: string;
  readonly element: string;
  readonly value: string;
  /** cas only */
  readonly compare: string;
}

/** The IR's matrix-unit statements spelled; fragment elements arrive as lvalues (`name[3]`), addresses as `&buf[i]`. */
export interface MatrixSpellings {
  readonly mma: (o: {
    readonly shape: MmaShape; readonly operands: 'f16' | 'bf16';
    readonly d: readonly string[]; readonly a: readonly string[]; readonly b: readonly string[]; readonly c: readonly string[];
  }) => string;
  readonly ldmatrix: (o: { readonly count: 1 | 2 | 4; readonly trans: boolean; readonly address: string; readonly dst: readonly string[] }) => string;
  /** `srcBytes` empty when every byte is read */
  readonly asyncCopy: (o: { readonly dst: string; readonly src: string; readonly bytes: number; readonly srcBytes: string }) => string;
  readonly asyncCommit: string;
  readonly asyncWait: (pending: number) => string;
}

export interface Dialect {
  readonly name: string;
  /** scalar type names */
  readonly types: Readonly<Record<ScalarType, string>>;
  /** headers and helper definitions every kernel of this dialect needs */
  readonly preamble: string;
  /** what precedes the kernel name: `void`, `__kernel void`, `extern "C" __global__ void` */
  readonly kernelPrefix: string;
  /** one buffer parameter; `type` is the element type's name */
  readonly bufferParam: (p: BufferParam, type: string) => string;
  readonly scalarParam: (p: ScalarParam, type: string) => string;
  /** whole signature, for languages that bind buffers as globals (GLSL, WGSL); default: prefix name(params) */
  readonly signature?: (k: Kernel, d: Dialect) => string;
  /** thread/workgroup indices, e.g. `get_local_id($n)` */
  readonly special: (index: SpecialIndex, dim: 0 | 1 | 2) => string;
  readonly barrier: string;
  /** `type` is the IR's element type (f32, i32, u32), `typeName` its name in the dialect */
  readonly subgroupReduce?: (fn: SubgroupReduceFn, a: string, type: ScalarType, typeName: string) => string;
  readonly subgroupShuffle?: (mode: SubgroupShuffleMode, a: string, lane: string, type: ScalarType) => string;
  readonly atomic?: (o: AtomicOperands) => string;
  /**
   * workgroup arrays an atomic updates, in languages that type them atomic (MSL): their declaration, and the
   * plain loads and stores of them (`address` is `&name[index]`)
   */
  readonly atomicSharedArray?: {
    readonly declare: (type: string, name: string, size: number) => string;
    readonly load: (address: string) => string;
    readonly store: (address: string, value: string) => string;
  };
  /**
   * CUDA: a workgroup array sized at launch (`alloc` with `dynamic`), as a pointer `byteOffset` bytes into the
   * one dynamic shared array; absent: declared like any workgroup array
   */
  readonly dynamicSharedArray?: (type: string, name: string, byteOffset: number) => string;
  /**
   * definitions printed only when the kernel's text uses the name they are keyed by (the helpers of the
   * newer operations, so that kernels without them print as before); one starting with `#` (an extension
   * directive) goes right after the preamble's leading `#` lines, the others after the preamble
   */
  readonly onDemand?: Readonly<Record<string, string>>;
  /** programmatic dependent launch statements (the IR's grid_dependency), where the API has them */
  readonly gridDependency?: Readonly<Record<'signal' | 'wait', string>>;
  /** workgroup (shared) array declaration; `align`: bytes its start must be aligned to, when asked */
  readonly sharedArray?: (type: string, name: string, size: number, align?: number) => string;
  /** scalar unary math; `$a` is the operand */
  readonly math: Readonly<Record<Exclude<UnaryOp, 'neg' | 'not'>, Readonly<Partial<Record<ScalarType, string>>>>>;
  /** scalar min/max spelled per type; absent types use a conditional expression */
  readonly minMax: Readonly<Partial<Record<ScalarType, { readonly min: string; readonly max: string }>>>;
  readonly fma: Spelling;
  readonly literal: (value: number, type: ScalarType) => string;
  /** scalar conversions that are not a plain cast, keyed `f16->f32`, `f32->bf16`, ...; `$a` is the operand */
  readonly conversions: Readonly<Record<string, string>>;
  /** read a value of type `type` from an unaligned byte address (block headers) */
  readonly rawLoad: (type: string, address: string) => string;
  /** loop pragmas; absent: not printed */
  readonly parallelForPragma?: string;
  readonly unrollPragma?: (n: number) => string;
  /** the known calls (KNOWN_CALLS in the IR) this dialect spells, as templates; another is an error */
  readonly calls: Readonly<Record<string, Spelling>>;
  /** tensor-core statements (mma, ldmatrix, async copies); absent: the dialect has none and rejects them */
  readonly matrix?: MatrixSpellings;
  /** vector instruction rules (CPU ISAs); absent: no vector types */
  readonly isa?: IsaRules;
}

function cFloat(value: number, suffix: string): string {
  if (Number.isNaN(value)) return 'NAN';
  if (!Number.isFinite(value)) return value > 0 ? 'INFINITY' : '(-INFINITY)';
  let s = String(value);
  if (!/[.e]/.test(s)) s += '.0';
  s += suffix;
  return value < 0 || Object.is(value, -0) ? `(${s.startsWith('-') ? s : `-${s}`})` : s;
}

/** C literal spelling shared by the C-family dialects */
export function cLiteral(value: number, type: ScalarType): string {
  switch (type) {
    case 'f32': case 'f16': case 'bf16': return cFloat(value, 'f');
    case 'f64': return cFloat(value, '');
    case 'bool': return value ? '1' : '0';
    case 'u32': return `${value}u`;
    case 'i64': return `${value}ll`;
    default: return value < 0 ? `(${value})` : String(value);
  }
}

/** Portable C11: f16/bf16 are their raw bits in uint16_t, converted by the helpers below. */
export const C_DIALECT: Dialect = {
  name: 'c',
  types: {
    f32: 'float', f16: 'uint16_t', bf16: 'uint16_t', f64: 'double', i8: 'int8_t', u8: 'uint8_t', i16: 'int16_t', u16: 'uint16_t',
    i32: 'int32_t', u32: 'uint32_t', i64: 'int64_t', bool: 'int',
  },
  preamble: `#include <stdint.h>
#include <string.h>
#include <math.h>

static inline float kf_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu, bits;
  if (exp == 0x1fu) bits = sign | 0x7f800000u | (mant << 13);
  else if (exp != 0) bits = sign | ((exp + 112u) << 23) | (mant << 13);
  else if (mant == 0) bits = sign;
  else { /* subnormal: value = mant * 2^-24 exactly representable in f32 */
    float f = (float)mant * 5.9604644775390625e-8f;
    return sign ? -f : f;
  }
  float f; memcpy(&f, &bits, 4); return f;
}
static inline float kf_bf16_to_f32(uint16_t h) { uint32_t bits = (uint32_t)h << 16; float f; memcpy(&f, &bits, 4); return f; }
static inline uint16_t kf_load_u16(const void* p) { uint16_t v; memcpy(&v, p, 2); return v; }
static inline float kf_load_f32(const void* p) { float v; memcpy(&v, p, 4); return v; }
`,
  kernelPrefix: 'void',
  bufferParam: (p, type) => `${p.access === 'read' ? 'const ' : ''}${type}*${p.aliased ? '' : ' restrict'} ${p.name}`,
  scalarParam: (p, type) => `${type} ${p.name}`,
  special: (index) => {
    if (index === 'cpu_thread') return 'omp_get_thread_num()';
    if (index === 'cpu_threads') return 'omp_get_num_threads()';
    throw new Error(`the c dialect has no ${index}`);
  },
  barrier: '',
  math: {
    abs: { f32: 'fabsf($a)', f64: 'fabs($a)', i32: 'abs($a)' },
    exp: { f32: 'expf($a)', f64: 'exp($a)' },
    log: { f32: 'logf($a)', f64: 'log($a)' },
    sqrt: { f32: 'sqrtf($a)', f64: 'sqrt($a)' },
    rsqrt: { f32: '(1.0f / sqrtf($a))', f64: '(1.0 / sqrt($a))' },
    floor: { f32: 'floorf($a)', f64: 'floor($a)' },
    round: { f32: 'roundf($a)', f64: 'round($a)' },
  },
  // conditional expressions, not fminf/fmaxf: those are libm calls unless -ffast-math
  minMax: {},
  // a*b+c rather than fmaf(): fmaf is a libm call on targets compiled without FMA
  fma: '($a * $b + $c)',
  literal: cLiteral,
  conversions: { 'f16->f32': 'kf_f16_to_f32($a)', 'bf16->f32': 'kf_bf16_to_f32($a)' },
  rawLoad: (type, address) => {
    if (type === 'uint16_t') return `kf_load_u16(${address})`;
    if (type === 'float') return `kf_load_f32(${address})`;
    return `(*(const ${type}*)(${address}))`;
  },
  parallelForPragma: '#pragma omp parallel for schedule(static)',
  unrollPragma: (n) => `#pragma GCC unroll ${n}`,
  calls: {},
  // GCC/Clang __atomic builtins (relaxed, as the GPU dialects); cas returns the old value through `expected`
  atomic: (o) => {
    if (o.fn === 'cas') return `({ ${o.T} kf_expected = ${o.compare}; __atomic_compare_exchange_n(${o.p}, &kf_expected, ${o.value}, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); kf_expected; })`;
    if (o.fn !== 'add' || o.type === 'f32') throw new Error(`the c dialect has no atomic ${o.fn} of ${o.type}`);
    return `__atomic_fetch_add(${o.p}, ${o.value}, __ATOMIC_RELAXED)`;
  },
};
