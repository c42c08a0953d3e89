/**
 * What a runtime library contains, as plain data: the public gemv entry points (one per weight
 * format and activation type), the kernels the dispatch can reach with their C prototypes, and the
 * per-shape dispatch tables. The driver fills it from the tuning database and the code generators;
 * this package only turns it into files (header, dispatch, CMake) and loads the built library.
 *
 * Dispatch rule ("nearest tuned shape bucket"), implemented once, in the generated C of every target
 * (`kf_gemv_run` in kforge_dispatch.c):
 * 1. the table of the entry point's (weight format, act, bias != NULL) variant is used;
 * 2. M is bucketed by floor(log2 M): {1}, {2,3}, {4..7}, {8..15}, {16..31}, {32..64};
 * 3. among tuned shapes of the same M bucket that have a kernel able to serve (M, K), the one with the
 *    smallest |ln(N/Nt)| + |ln(K/Kt)| wins (ties: the first in the table, sorted by M, N, K), provided
 *    that distance is at most ln 4 (`KF_MAX_SHAPE_DISTANCE`): a shape four times away is not "near";
 * 4. otherwise the target's default config for the M bucket (defaults depend on M, e.g. m_tile).
 *
 * A table entry names a chain of kernels of one config (or, for defaults, of the bucket's default
 * configs), narrowest first; the first that can serve (M, K) runs. CPU kernels take any M and K, so
 * their chains have one kernel. GPU kernels are compiled for a fixed row count (`rows`: the code
 * generators unroll over M) and serve any M up to it by padding x and y in library-owned scratch;
 * dense GPU kernels with wide loads need K to be a multiple of their load width (`kMultiple`), so a
 * dense default chain ends with a narrow-load kernel that takes any K; a kernel whose workgroup memory
 * is sized for a K serves K up to it (`kMax`), so a chain holding one ends with a kernel for every K.
 */
import type { ParamValue, SizeExpr, WeightFormatName } from '@kforge/ir';
import type { TargetName } from '@kforge/target';

/** M is bucketed by floor(log2 M); M ranges over 1..KF_M_MAX (SPEC: gemv M is 1..64) */
export const M_MAX = 64;
export const M_BUCKETS = Math.floor(Math.log2(M_MAX)); // 6 buckets: M = 64 falls into the last one
export const MAX_SHAPE_DISTANCE = Math.log(4);

/** the M bucket of a row count, as the generated C computes it */
export function mBucket(M: number): number {
  return Math.min(M_BUCKETS - 1, Math.floor(Math.log2(M)));
}

/** a row count that represents bucket b (its smallest M), used to ask for the bucket's default config */
export function bucketRepresentative(b: number): number {
  return 2 ** b;
}

/**
 * A library may serve M up to a smaller `maxM` (build-runtime --max-m): a decode-only GPU library then
 * holds no kernels compiled for 64 rows. Its buckets are the first ones, the last ending at maxM.
 */
export function bucketCount(maxM: number = M_MAX): number {
  return Math.min(M_BUCKETS, Math.floor(Math.log2(maxM)) + 1);
}

/** the largest M of bucket b: the row count a GPU kernel serving the whole bucket is compiled for */
export function bucketMax(b: number, maxM: number = M_MAX): number {
  return b === bucketCount(maxM) - 1 ? maxM : 2 ** (b + 1) - 1;
}

/** "{1}, {2,3}, {4..7}, ..." for the header's comment */
export function bucketsText(maxM: number = M_MAX): string {
  return Array.from({ length: bucketCount(maxM) }, (_, b) => {
    const lo = 2 ** b;
    const hi = bucketMax(b, maxM);
    return hi === lo ? `{${lo}}` : hi === lo + 1 ? `{${lo},${hi}}` : `{${lo}..${hi}}`;
  }).join(', ');
}

export type Activation = 'f32' | 'f16';

/** One argument of a generated kernel, in its C ABI order. */
export interface KernelArg {
  readonly name: string;
  /** C type of the argument: `float*`, `const uint8_t*`, `int32_t` */
  readonly cType: string;
  /** scratch buffers: their byte size over the call's M, N and K (the artifact's expression), allocated by the dispatch */
  readonly scratch?: SizeExpr;
}

/** One kernel the dispatch can reach: one config of one variant, with its own symbol. */
export interface RuntimeKernel {
  readonly id: number;
  readonly symbol: string;
  /** file name under src/kernels/ and its source (the symbol already renamed) */
  readonly file: string;
  readonly source: string;
  readonly args: readonly KernelArg[];
  readonly config: Readonly<Record<string, ParamValue>>;
  /** OpenMP threads to run with; 0 keeps the caller's setting */
  readonly threads: number;
}

export interface TunedShape {
  readonly M: number;
  readonly N: number;
  readonly K: number;
  /** the kernels of the tuned config, narrowest first (dispatch takes the first that serves M and K) */
  readonly kernels: readonly number[];
  /** where the config came from, for the generated table's comment (e.g. record time and median) */
  readonly note: string;
}

/** One (weight format, act, bias) combination: its tuned shapes and its default per M bucket. */
export interface GemvVariant {
  readonly format: WeightFormatName;
  readonly act: Activation;
  readonly bias: boolean;
  readonly tuned: readonly TunedShape[];
  /** per M bucket (length bucketCount(maxM)), the chain of default kernels; its last kernel serves every M of the bucket and every K */
  readonly defaults: readonly (readonly number[])[];
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
  readonly variants: readonly GemvVariant[];
  /** largest M the library accepts (default M_MAX) */
  readonly maxM?: number;
}

export type GpuTargetName = 'cuda' | 'opencl' | 'vulkan';

/** One launch of a GPU kernel, in order (e.g. the main kernel, then the split-K reduction). */
export interface GpuLaunch {
  /** CUDA: the renamed global function; OpenCL: the kernel name in the program; Vulkan: 'main' of its module */
  readonly entry: string;
  /** Vulkan: index of the SPIR-V module in GpuRuntimeKernel.spirv; 0 for CUDA and OpenCL (one translation unit) */
  readonly module: number;
  /** in the kernel's argument order: public buffers (x, W, W_scale, W_min, bias, y), scratch buffers, M, N, K */
  readonly args: readonly KernelArg[];
  /** workgroups per dimension over the call's N and K (a GPU kernel's M is compiled in: its `rows`), as the artifact states them */
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

/** One GPU kernel the dispatch can reach: one config of one variant compiled for `rows` rows. */
export interface GpuRuntimeKernel {
  readonly id: number;
  readonly symbol: string;
  readonly config: Readonly<Record<string, ParamValue>>;
  /** the M it is compiled for; a call with fewer rows is padded */
  readonly rows: number;
  /** K must be a multiple of this (dense formats with wide loads), else 1 */
  readonly kMultiple: number;
  /** K must be at most this (workgroup memory sized for it: int8 x quantized per workgroup); 0 or absent: any K */
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
  readonly variants: readonly GemvVariant[];
  /** largest M the library accepts (default M_MAX) */
  readonly maxM?: number;
}

/** Public entry point name: kf_gemv_<format> for f32 activations, kf_gemv_<format>_xf16 for f16. */
export function gemvEntryName(format: WeightFormatName, act: Activation): string {
  return `kf_gemv_${format}${act === 'f16' ? '_xf16' : ''}`;
}

/** Symbol of a variant's dispatch table in the generated C. */
export function variantSymbol(v: Pick<GemvVariant, 'format' | 'act' | 'bias'>): string {
  return `kf_gemv_${v.format}_${v.act}${v.bias ? '_bias' : ''}`;
}
