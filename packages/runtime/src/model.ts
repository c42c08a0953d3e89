/**
 * What a runtime library contains, as plain data: its entry points (model.ts `RuntimeEntry`, derived
 * from the op definitions by entries.ts), the kernels the dispatch can reach with their C arguments
 * mapped onto an entry's tensors, scalars and scratch, and one dispatch policy per op (which kernel
 * serves a call: policies/). The driver fills it from the tuning database and the code generators;
 * this package only turns it into files (header, dispatch, CMake) and loads the built library.
 *
 * The generic part of a library knows no op: an entry point checks its arguments as its entry says
 * (required tensors non-NULL, scalars in range, every tensor's elements within 32-bit indexing, a
 * weight's blocked axis a multiple of its block), packs them into one argument block (`kf_args`: the
 * tensors and the scalars in the entry's order), asks the op's policy for a kernel (the variant of
 * the compiled params selected by which optional tensors are given) and runs it. gemv's rule (M
 * buckets, nearest tuned shape, chains of kernels) is policies/gemv.ts.
 */
import type { ParamValue, Params, SizeExpr } from '@kforge/ir';
import type { TargetName } from '@kforge/target';

/** One tensor argument of an entry point, in the op's tensor order (weights expanded to their stored tensors). */
export interface RuntimeTensor {
  readonly name: string;
  readonly role: 'in' | 'out';
  /** C type of one element as the entry point declares it: `float`, `uint16_t`, `void` (block-format bytes) */
  readonly elem: string;
  /** may be NULL: its `when` is a bool param that the call selects by passing the tensor or not */
  readonly optional: boolean;
  /** the logical dimensions over the entry's scalars (a weight's, for each of its stored tensors) */
  readonly shape: readonly SizeExpr[];
  /** bytes over the entry's scalars */
  readonly bytes: SizeExpr;
  /** logical elements over the entry's scalars: they must fit 32-bit indexing */
  readonly elements: SizeExpr;
  /** a weight of a block or group format: this axis must be a multiple of `block` */
  readonly blocked?: { readonly axis: SizeExpr; readonly block: number };
  /**
   * an integer input whose values index something (moe's expert ids): every element must lie in
   * min..max (the op's `range` at the compiled params), checked before any kernel runs
   * (KF_ERR_BAD_VALUE); on GPU targets the entry checks a host copy of the device buffer
   */
  readonly range?: { readonly min: number; readonly max: number };
}

/** The kf_status an entry point returns for a scalar outside its range. */
export type RangeStatus = 'KF_ERR_BAD_SIZE' | 'KF_ERR_M_OUT_OF_RANGE';

/** One run-time scalar of an entry point, after its tensors, in the op's param order. */
export interface RuntimeScalar {
  readonly name: string;
  readonly cType: 'int' | 'float';
  readonly min?: number;
  readonly max?: number;
  /** default KF_ERR_BAD_SIZE */
  readonly rangeStatus?: RangeStatus;
}

/** One public entry point: an op with some params compiled in, the rest passed at run time. */
export interface RuntimeEntry {
  readonly op: string;
  readonly name: string;
  readonly doc: string;
  /** the params the entry's kernels are specialised on (e.g. gemv's weight and act) */
  readonly compiled: Params;
  readonly tensors: readonly RuntimeTensor[];
  readonly scalars: readonly RuntimeScalar[];
  /** the full compiled params of each variant, indexed by which optional tensors are given (bit i: the i-th optional one) */
  readonly variants: readonly Params[];
  /** orderings between scalars the call must satisfy (attention: Sq <= Skv), checked with the ranges */
  readonly relations?: readonly { readonly a: string; readonly le: string }[];
}

/** A kernel as the shared dispatch table describes it. */
export interface DispatchKernel {
  readonly id: number;
  readonly symbol: string;
  readonly config: Readonly<Record<string, ParamValue>>;
  /** what kf_kernel_rows reports: the value its compiled-in scalar is compiled for, or the largest value of it the library takes */
  readonly rows: number;
}

/**
 * Which kernel serves a call of one op: its tables and pick function in C. The generic part calls
 * `pick` with the argument block `a` (a `const kf_args*`) and `info` in scope, after every check of
 * the entry passed and the tuned fields of `info` were zeroed.
 */
export interface DispatchPolicy<Kernel extends DispatchKernel = DispatchKernel> {
  readonly op: string;
  /** the op's entry points (runtimeEntries of its definition) */
  entries(): readonly RuntimeEntry[];
  /** kforge.h: what the op's entry points compute and how a call picks its kernel (comment lines starting with " *"), and any macros */
  header(target: { readonly gpu: boolean }): { readonly doc: string; readonly defines: readonly string[] };
  /** kforge_dispatch.c, after the kernel table: the op's tables and pick function (checked against `kernels`) */
  source(kernels: readonly Kernel[]): string;
  /** C expression: the kernel for `entry`'s variant `variant`, or a negated kf_status */
  pick(entry: RuntimeEntry, variant: number): string;
}

/** One argument of a generated kernel, in its C ABI order, mapped by name onto its entry's tensors and scalars, else scratch. */
export interface KernelArg {
  readonly name: string;
  /** C type of the argument: `float*`, `const uint8_t*`, `int32_t` */
  readonly cType: string;
  /** scratch buffers: their byte size over the entry's scalars (the artifact's expression), allocated by the dispatch */
  readonly scratch?: SizeExpr;
}

/** One CPU kernel the dispatch can reach: one config of one variant of an entry, with its own symbol. */
export interface RuntimeKernel extends DispatchKernel {
  /** the entry point whose calls it serves */
  readonly entry: string;
  /** file name under src/kernels/ and its source (the symbol already renamed) */
  readonly file: string;
  readonly source: string;
  readonly args: readonly KernelArg[];
  /** OpenMP threads to run with; 0 keeps the caller's setting */
  readonly threads: number;
}

export interface CpuToolchainSpec {
  readonly compiler: string;
  /** compile and link flags of the target (the exec toolchain table's) */
  readonly flags: readonly string[];
  readonly libs: readonly string[];
  readonly openmp: boolean;
  /** cross targets: CMake's processor name and the emulator that runs the target's programs here */
  readonly cross?: { readonly processor: string; readonly emulator: readonly string[] };
}

export interface CpuRuntimeSpec {
  readonly target: TargetName;
  readonly version: string;
  /** the device the tuned configs were measured on ('' when none were) */
  readonly device: string;
  readonly toolchain: CpuToolchainSpec;
  readonly kernels: readonly RuntimeKernel[];
  /** one per op, each with its entry points */
  readonly policies: readonly DispatchPolicy<RuntimeKernel>[];
}

export type GpuTargetName = 'cuda' | 'opencl' | 'vulkan';

/** One launch of a GPU kernel, in order (e.g. the main kernel, then the split-K reduction). */
export interface GpuLaunch {
  /** CUDA: the renamed global function; OpenCL: the kernel name in the program; Vulkan: 'main' of its module */
  readonly entry: string;
  /** Vulkan: index of the SPIR-V module in GpuRuntimeKernel.spirv; 0 for CUDA and OpenCL (one translation unit) */
  readonly module: number;
  /** in the kernel's argument order: the entry's tensors and scalars by name, else the kernel's scratch */
  readonly args: readonly KernelArg[];
  /** workgroups per dimension over the entry's scalars (a compiled-in scalar at the kernel's value), as the artifact states them */
  readonly grid: readonly [SizeExpr, SizeExpr, SizeExpr];
  readonly workgroup: readonly [number, number, number];
  /** CUDA: launched with programmatic stream serialization (the artifact's `Dispatch.dependentLaunch`) */
  readonly dependentLaunch: boolean;
  /**
   * CUDA: bytes of dynamic shared memory passed at launch (the artifact's `Dispatch.dynamicSharedBytes`); above
   * 48 KB the library opts the function in once, when the kernel is first prepared. Absent: 0. OpenCL and Vulkan
   * have no such launch parameter: their generation refuses a launch with it.
   */
  readonly dynamicSharedBytes?: number;
}

/** One GPU kernel the dispatch can reach: one config of one variant of an entry. */
export interface GpuRuntimeKernel extends DispatchKernel {
  /** the entry point whose calls it serves */
  readonly entry: string;
  /**
   * the scalar compiled into the kernel at `rows` (gemv: M, the generators unroll over it); a call
   * with a smaller value is padded: the tensors it leads are copied through library-owned scratch
   */
  readonly compiledScalar?: string;
  /** gemv policy: K must be a multiple of this (dense formats with wide loads), else 1 */
  readonly kMultiple: number;
  /** gemv policy: K must be at most this (workgroup memory sized for it); 0 or absent: any K */
  readonly kMax?: number;
  readonly launches: readonly GpuLaunch[];
  /** device-only buffers (e.g. split-K partial sums), in first-use order */
  readonly scratch: readonly { readonly name: string; readonly bytes: SizeExpr }[];
  /** subgroup arithmetic in some launch (Vulkan checks the device supports it) */
  readonly subgroups: boolean;
  /** CUDA and OpenCL: the one translation unit (CUDA entries renamed to unique symbols) */
  readonly source?: string;
  /** CUDA: file name under src/kernels/ */
  readonly file?: string;
  /** Vulkan: SPIR-V words per module */
  readonly spirv?: readonly Uint32Array[];
}

export interface GpuRuntimeSpec {
  readonly target: GpuTargetName;
  readonly version: string;
  /** the device the tuned configs were measured on ('' when none were) */
  readonly device: string;
  readonly kernels: readonly GpuRuntimeKernel[];
  /** one per op, each with its entry points */
  readonly policies: readonly DispatchPolicy<GpuRuntimeKernel>[];
}
