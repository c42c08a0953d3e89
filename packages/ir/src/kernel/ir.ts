/**
 * The kernel IR: what a lowering produces and a renderer prints. Small and typed on purpose:
 * loops, fixed-width and scalable vectors, reductions, memory spaces, barriers, subgroup operations,
 * thread/workgroup indices and predication for tails. `verifyKernel` (verify.ts) checks it.
 *
 * Conventions
 * - Index expressions are i32 element indices into a buffer of `elem` type (not bytes).
 * - A vector load/store of `lanes` elements at `index` touches index .. index+lanes-1; with `mask`
 *   (a lane count, for tails) only the first `mask` lanes are touched and the rest read as 0, or as
 *   the load's `fill` (a scalar of the element type: -inf keeps a max over a tail in vector form).
 * - Scalable vectors (RVV) have `lanes: 'vl'`; their length is the `vl` expression given to the
 *   operation, produced by a `setvl` expression (strip-mining), never assumed. Lanes at and past vl
 *   are undefined after an operation (tail agnostic) unless it says otherwise: `fma` keeps the
 *   accumulator's, a load with `fill` holds the fill there (up to the register group's VLMAX).
 * - A load from a byte buffer (elem u8 or i8) may read any other type: `index` is then a byte offset
 *   and the value is read unaligned from there (block-quantized rows: an f16 scale at byte 0, codes
 *   after it).
 * - `shl`/`shr` on a vector may take a scalar shift amount (same shift for every lane); `shr` on an
 *   unsigned element type is a logical shift.
 */

export type ScalarType = 'f32' | 'f16' | 'bf16' | 'f64' | 'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'u32' | 'i64' | 'bool';

export interface VectorType {
  readonly kind: 'vec';
  readonly elem: ScalarType;
  /** fixed lane count, or 'vl' for a scalable (RVV) vector register group */
  readonly lanes: number | 'vl';
  /** register grouping for scalable vectors (RVV LMUL: 1, 2, 4, 8; fractional as 0.5, 0.25) */
  readonly lmul?: number;
}

export type Type = ScalarType | VectorType;

export type MemorySpace = 'global' | 'workgroup' | 'private';

export type BinaryOp =
  | 'add' | 'sub' | 'mul' | 'div' | 'rem' | 'min' | 'max'
  | 'and' | 'or' | 'xor' | 'shl' | 'shr'
  | 'lt' | 'le' | 'gt' | 'ge' | 'eq' | 'ne' | 'land' | 'lor';

export type UnaryOp = 'neg' | 'not' | 'abs' | 'exp' | 'log' | 'sqrt' | 'rsqrt' | 'floor' | 'round';

export type SubgroupReduceFn = 'add' | 'max' | 'min';

export type SubgroupShuffleMode = 'index' | 'xor' | 'broadcast';

/** 'add': f32, i32, u32; 'max'/'min': i32, u32; 'cas': compare-and-swap of i32, u32 */
export type AtomicFn = 'add' | 'max' | 'min' | 'cas';

export type SpecialIndex =
  | 'thread_id' | 'group_id' | 'group_size' | 'num_groups' | 'global_id'
  | 'subgroup_lane' | 'subgroup_size' | 'cpu_thread' | 'cpu_threads';

export type Expr =
  | { readonly op: 'const'; readonly type: ScalarType; readonly value: number }
  | { readonly op: 'var'; readonly name: string; readonly type: Type }
  | { readonly op: 'param'; readonly name: string; readonly type: ScalarType }
  | { readonly op: 'binary'; readonly fn: BinaryOp; readonly a: Expr; readonly b: Expr; readonly type: Type; readonly vl?: Expr }
  | { readonly op: 'unary'; readonly fn: UnaryOp; readonly a: Expr; readonly type: Type; readonly vl?: Expr }
  /** with `vl` (scalable vectors), lanes at and beyond vl keep the accumulator `c`'s values */
  | { readonly op: 'fma'; readonly a: Expr; readonly b: Expr; readonly c: Expr; readonly type: Type; readonly vl?: Expr }
  | { readonly op: 'select'; readonly cond: Expr; readonly a: Expr; readonly b: Expr; readonly type: Type; readonly vl?: Expr }
  /** numeric conversion, lane-wise for vectors (widening/narrowing included) */
  | { readonly op: 'cast'; readonly a: Expr; readonly type: Type; readonly vl?: Expr }
  /** reinterpret bits (e.g. u16 -> f16) */
  | { readonly op: 'bitcast'; readonly a: Expr; readonly type: Type }
  /** `fill` (with `mask` or `vl`): what the lanes not read hold, instead of 0 (mask) or undefined (vl) */
  | {
      readonly op: 'load'; readonly buffer: string; readonly index: Expr; readonly type: Type; readonly mask?: Expr; readonly vl?: Expr;
      readonly fill?: Expr;
    }
  | { readonly op: 'broadcast'; readonly a: Expr; readonly type: VectorType; readonly vl?: Expr }
  | { readonly op: 'lane'; readonly a: Expr; readonly lane: number; readonly type: ScalarType }
  /**
   * horizontal reduction of a vector to a scalar; `type` is the element type or, for integer
   * vectors, twice its width (a widening reduction, RVV vwredsum)
   */
  | { readonly op: 'reduce'; readonly fn: 'add' | 'max' | 'min'; readonly a: Expr; readonly type: ScalarType; readonly vl?: Expr }
  /**
   * Integer dot product accumulate: each i32 lane of `acc` adds the sum of `group` adjacent products
   * of `a` and `b` lanes (AVX-512 VNNI vpdpbusd: u8 x i8, group 4; NEON sdot: i8 x i8; HVX vrmpy).
   */
  | { readonly op: 'dot'; readonly acc: Expr; readonly a: Expr; readonly b: Expr; readonly group: number; readonly type: VectorType }
  /** widening multiply-accumulate (RVV vwmacc): acc (2x wide) += a * b */
  | { readonly op: 'wmacc'; readonly acc: Expr; readonly a: Expr; readonly b: Expr; readonly type: VectorType; readonly vl?: Expr }
  /** RVV strip-mining: the vector length for `avl` remaining elements of `elem` at `lmul` */
  | { readonly op: 'setvl'; readonly avl: Expr; readonly elem: ScalarType; readonly lmul: number }
  | { readonly op: 'special'; readonly index: SpecialIndex; readonly dim: 0 | 1 | 2 }
  /** every lane of the subgroup gets the sum, max or min of `a` over the subgroup (f32, i32, u32) */
  | { readonly op: 'subgroup_reduce'; readonly fn: SubgroupReduceFn; readonly a: Expr; readonly type: ScalarType }
  /**
   * `a` as held by another lane of the subgroup: lane `lane` ('index'), lane `subgroup_lane ^ lane`
   * ('xor'), or lane `lane` given as a constant ('broadcast', which languages want uniform); f32, i32, u32
   */
  | { readonly op: 'subgroup_shuffle'; readonly mode: SubgroupShuffleMode; readonly a: Expr; readonly lane: Expr; readonly type: ScalarType }
  /** join vectors (or scalars, one lane each) lane-wise: parts[0] fills the lowest lanes (e.g. low and high nibbles of a block) */
  | { readonly op: 'concat'; readonly parts: readonly Expr[]; readonly type: VectorType }
  /** a helper by name from the registry of known calls (calls.ts), spelled by each dialect's table (e.g. 'f16_to_f32') */
  | { readonly op: 'call'; readonly fn: string; readonly args: readonly Expr[]; readonly type: Type };

export type Stmt =
  | { readonly op: 'let'; readonly name: string; readonly type: Type; readonly init?: Expr; readonly mutable?: boolean }
  | { readonly op: 'assign'; readonly name: string; readonly value: Expr }
  | { readonly op: 'store'; readonly buffer: string; readonly index: Expr; readonly value: Expr; readonly mask?: Expr; readonly vl?: Expr }
  | {
      readonly op: 'for';
      readonly var: string;
      readonly from: Expr;
      readonly to: Expr;
      readonly step: Expr;
      readonly body: readonly Stmt[];
      /** hint; renderers may unroll or print a pragma */
      readonly unroll?: number;
      /** split iterations over CPU threads (OpenMP) */
      readonly parallel?: boolean;
    }
  | { readonly op: 'if'; readonly cond: Expr; readonly then: readonly Stmt[]; readonly else?: readonly Stmt[] }
  | { readonly op: 'barrier'; readonly space: 'workgroup' }
  /**
   * programmatic dependent launch (CUDA on sm_90): 'signal' lets the next grid of the stream start
   * launching; 'wait' blocks until the previous grid has completed and its writes are visible. A
   * kernel that waits before every read of a produced input and every store stays correct launched
   * either way; dialects without the launch mode do not accept it.
   */
  | { readonly op: 'grid_dependency'; readonly action: 'signal' | 'wait' }
  /**
   * a local array in workgroup (shared) or private memory; `align`: bytes its start is aligned to (vector loads from it);
   * `dynamic` (workgroup only): sized at launch rather than compile time, so it may exceed 48 KB on CUDA, where it is a
   * carve-out of the one `extern __shared__` array and the launch passes `dynamicSharedBytes(kernel)` (codegen-gpu)
   */
  | {
      readonly op: 'alloc'; readonly name: string; readonly elem: ScalarType | VectorType; readonly size: number; readonly space: 'workgroup' | 'private';
      readonly align?: number; readonly dynamic?: boolean;
    }
  /**
   * atomic read-modify-write of `buffer[index]` (a readwrite buffer or a workgroup array, element type `value`'s):
   * add `value`, keep the larger/smaller, or ('cas') store `value` if the element equals `compare`. `result`, when
   * given, declares an immutable variable holding the element as it was before (counts to offsets; a CAS loop's test).
   */
  | {
      readonly op: 'atomic'; readonly fn: AtomicFn; readonly buffer: string; readonly index: Expr; readonly value: Expr;
      readonly compare?: Expr; readonly result?: string;
    }
  /**
   * Warp-wide matrix multiply-accumulate on tensor cores, d = a·b + c over one m16n8k16 tile (CUDA mma.sync, sm_80+):
   * a 16x16 (row-major), b 16x8 (column-major), c and d 16x8. `operands` is the element type of a and b, packed two
   * to a u32 word (the even column / row in the low half); c and d are f32. Each lane of the warp holds its part of
   * every operand as consecutive elements of a private array (see FragmentRef); with g = lane >> 2, t = lane & 3:
   * - a: 4 words; word r holds row g + 8·(r & 1), columns 2t + 8·(r >> 1) and the one after it
   * - b: 2 words; word r holds rows (the k index) 2t + 8·r and the one after it, column g
   * - c, d: 4 f32; element e holds row g + 8·(e >> 1), column 2t + (e & 1)
   * So an accumulator element's row and column are known to its lane (softmax on it), and a pair of adjacent d
   * elements, packed, is a word of an `a` operand of the next product (row g or g + 8, two adjacent columns).
   * Every lane of the warp executes it with the same operands' layout: never under thread-dependent control flow.
   */
  | { readonly op: 'mma'; readonly shape: MmaShape; readonly operands: 'f16' | 'bf16'; readonly d: FragmentRef; readonly a: FragmentRef; readonly b: FragmentRef; readonly c: FragmentRef }
  /**
   * Warp-wide load of `count` (1, 2, 4) 8x8 matrices of 16-bit elements from a workgroup array into `count` words of
   * a private u32 array (CUDA ldmatrix): lane 8i + j gives, as `index` (an element index into `buffer`, 16-byte
   * aligned), the start of row j of matrix i; word i of lane l then holds matrix i's row l >> 2, columns
   * 2·(l & 3) and the one after it, or with `trans` the transpose's (column l >> 2, rows 2·(l & 3), +1). Matrices
   * stored row by row give mma `a` words and, for a key-major K tile, `b` words; `trans` gives `b` words of a
   * row-major [k][n] tile (V in p·v). Not under thread-dependent control flow.
   */
  | { readonly op: 'ldmatrix'; readonly count: 1 | 2 | 4; readonly trans: boolean; readonly buffer: string; readonly index: Expr; readonly dst: FragmentRef }
  /**
   * Asynchronous copy of `bytes` (4, 8, 16) from a global buffer into a workgroup array (CUDA cp.async), both
   * indices in their own element type and aligned to `bytes`; with `srcBytes` only that many bytes are read and the
   * rest of the destination is zero-filled (tails; 0 reads nothing). Not visible until an `async_wait` that
   * covers its group and a barrier.
   */
  | {
      readonly op: 'async_copy'; readonly buffer: string; readonly index: Expr; readonly src: string; readonly srcIndex: Expr;
      readonly bytes: 4 | 8 | 16; readonly srcBytes?: Expr;
    }
  /** close the group of this thread's async copies issued since the last commit (an empty group is fine) */
  | { readonly op: 'async_commit' }
  /** wait until at most `pending` of this thread's committed groups are still in flight */
  | { readonly op: 'async_wait'; readonly pending: number }
  | { readonly op: 'comment'; readonly text: string };

/** the matrix tile shapes `mma` has */
export type MmaShape = 'm16n8k16';

/**
 * Part of a matrix operand held by one lane: elements offset .. offset + n - 1 of the private array `array` (u32 words
 * for 16-bit operands, f32 for accumulators). `offset` must fold to a constant once loops are unrolled (registers).
 */
export interface FragmentRef {
  readonly array: string;
  readonly offset: Expr;
}

export interface BufferParam {
  readonly kind: 'buffer';
  readonly name: string;
  readonly elem: ScalarType;
  readonly access: 'read' | 'write' | 'readwrite';
  /**
   * read while an earlier grid of the stream may still be writing it (a dependent launch reads it after its
   * `grid_dependency` wait): no read-only/no-alias promise to the compiler, which could otherwise move its
   * loads (CUDA's non-coherent ld.global.nc) above the wait
   */
  readonly coherent?: boolean;
  /**
   * may be the same memory as another buffer of the kernel (an in-place state update: gated_delta_rule's s0
   * and s): no no-alias promise (restrict) to the compiler
   */
  readonly aliased?: boolean;
}

export interface ScalarParam {
  readonly kind: 'scalar';
  readonly name: string;
  readonly type: ScalarType;
}

export type KernelParam = BufferParam | ScalarParam;

export interface Kernel {
  readonly name: string;
  /** 'cpu': a C function called once; 'simt': a GPU kernel launched over a grid of workgroups */
  readonly model: 'cpu' | 'simt';
  readonly params: readonly KernelParam[];
  readonly body: readonly Stmt[];
  /** SIMT only: workgroup size; the grid comes from the launch (see KernelArtifact) */
  readonly workgroupSize?: readonly [number, number, number];
  /** extra local helper functions the body calls by name (rendered before the kernel) */
  readonly helpers?: readonly string[];
}
