/**
 * What a runtime library contains, as plain data: the public gemv entry points (one per weight
 * format and activation type), the kernels the dispatch can reach with their C prototypes, and the
 * per-shape dispatch tables. The driver fills it from the tuning database and the code generators;
 * this package only turns it into files (header, dispatch, CMake) and loads the built library.
 *
 * Dispatch rule ("nearest tuned shape bucket"), implemented once, in the generated C (`kf_pick`):
 * 1. the table of the entry point's (weight format, act, bias != NULL) variant is used;
 * 2. M is bucketed by floor(log2 M): {1}, {2,3}, {4..7}, {8..15}, {16..31}, {32..64};
 * 3. among tuned shapes of the same M bucket, the one with the smallest
 *    |ln(N/Nt)| + |ln(K/Kt)| wins (ties: the first in the table, sorted by M, N, K), provided that
 *    distance is at most ln 4 (`KF_MAX_SHAPE_DISTANCE`): a shape four times away is not "near";
 * 4. otherwise the target's default config for the M bucket (defaults depend on M, e.g. m_tile).
 */
import type { ParamValue, WeightFormatName } from '@kforge/ir';
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

export type Activation = 'f32' | 'f16';

/** One argument of a generated kernel, in its C ABI order. */
export interface KernelArg {
  readonly name: string;
  /** C type of the argument: `float*`, `const uint8_t*`, `int32_t` */
  readonly cType: string;
  /** scratch buffers: bytes = ceil(M * K * bytesPerMK.num / bytesPerMK.den), allocated by the dispatch */
  readonly scratch?: { readonly num: number; readonly den: number };
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
  readonly kernelId: number;
  /** where the config came from, for the generated table's comment (e.g. record time and median) */
  readonly note: string;
}

/** One (weight format, act, bias) combination: its tuned shapes and its default per M bucket. */
export interface GemvVariant {
  readonly format: WeightFormatName;
  readonly act: Activation;
  readonly bias: boolean;
  readonly tuned: readonly TunedShape[];
  /** kernel id of the default config for each M bucket (length M_BUCKETS) */
  readonly defaults: readonly number[];
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
}

/** Public entry point name: kf_gemv_<format> for f32 activations, kf_gemv_<format>_xf16 for f16. */
export function gemvEntryName(format: WeightFormatName, act: Activation): string {
  return `kf_gemv_${format}${act === 'f16' ? '_xf16' : ''}`;
}

/** Symbol of a variant's dispatch table in the generated C. */
export function variantSymbol(v: Pick<GemvVariant, 'format' | 'act' | 'bias'>): string {
  return `kf_gemv_${v.format}_${v.act}${v.bias ? '_bias' : ''}`;
}
