/**
 * gemv's dispatch policy ("nearest tuned shape bucket"), generated as C into kforge_dispatch.c:
 * 1. the table of the call's (weight format, act, bias != NULL) variant is used;
 * 2. M is bucketed by floor(log2 M): {1}, {2,3}, {4..7}, {8..15}, {16..31}, {32..64};
 * 3. among tuned shapes of the same M bucket that have a kernel able to serve (M, K), the one with the
 *    smallest |ln(N/Nt)| + |ln(K/Kt)| wins (ties: the first in the table, sorted by M, N, K), provided
 *    that distance is at most ln 4 (`KF_MAX_SHAPE_DISTANCE`): a shape four times away is not "near";
 * 4. otherwise the target's default config for the M bucket (defaults depend on M, e.g. m_tile).
 *
 * A table entry names a chain of kernels of one config (or, for defaults, of the bucket's default
 * configs), narrowest first; the first that can serve (M, K) runs. CPU kernels take any M and K, so
 * their chains have one kernel. GPU kernels are compiled for a fixed row count (`rows`: M is their
 * compiled-in scalar, the code generators unroll over it) and serve any M up to it, the library
 * padding x and y; dense GPU kernels with wide loads need K to be a multiple of their load width
 * (`kMultiple`), so a dense default chain ends with a narrow-load kernel that takes any K; a kernel
 * whose workgroup memory is sized for a K serves K up to it (`kMax`), so a chain holding one ends
 * with a kernel for every K.
 */
import { FORMATS, GEMV, type WeightFormatName } from '@kforge/ir';
import { entrySlot, runtimeEntries } from '../entries.ts';
import type { DispatchKernel, DispatchPolicy, RuntimeEntry } from '../model.ts';
import { commentSafe, runtimeTemplate } from '../templates.ts';

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

/** What the gemv policy reads of a kernel beyond the shared table: GPU kernels' K limits (CPU kernels take every K). */
export type GemvKernel = DispatchKernel & { readonly kMultiple?: number; readonly kMax?: number };

/** Public entry point name: kf_gemv_<format> for f32 activations, kf_gemv_<format>_xf16 for f16. */
export function gemvEntryName(format: WeightFormatName, act: Activation): string {
  return `kf_gemv_${format}${act === 'f16' ? '_xf16' : ''}`;
}

/** Symbol of a variant's dispatch table in the generated C. */
export function variantSymbol(v: Pick<GemvVariant, 'format' | 'act' | 'bias'>): string {
  return `kf_gemv_${v.format}_${v.act}${v.bias ? '_bias' : ''}`;
}

function describeFormat(format: WeightFormatName): string {
  const f = FORMATS[format];
  if (f.kind === 'dense') return `${format} weights W[N,K]`;
  if (f.kind === 'block') return `${format} weights: N rows of K/${f.block} blocks of ${f.bytes} bytes`;
  return `${format} planar weights: W u8[N,K/2] codes, W_scale and W_min f16[N,K/${f.block}]`;
}

/** gemv's entry points for the (format, act) pairs of `variants`, M limited to the library's maxM */
export function gemvEntries(variants: readonly GemvVariant[], maxM: number = M_MAX): RuntimeEntry[] {
  const pairs = [...new Map(variants.map((v) => [gemvEntryName(v.format, v.act), { weight: v.format, act: v.act }])).values()];
  return runtimeEntries(GEMV, pairs, {
    name: (c) => gemvEntryName(c.weight as WeightFormatName, c.act as Activation),
    doc: (c) => `y = x * W^T (+ bias): ${describeFormat(c.weight as WeightFormatName)}; x ${c.act === 'f32' ? 'f32' : 'f16 (raw bits)'} [M,K]`,
  }).map((e) => ({ ...e, scalars: e.scalars.map((s) => (s.name === 'M' ? { ...s, max: maxM, rangeStatus: 'KF_ERR_M_OUT_OF_RANGE' as const } : s)) }));
}

const chainLiteral = (chain: readonly number[], length: number): string => Array.from({ length }, (_, i) => chain[i] ?? -1).join(', ');

function checkVariant(v: GemvVariant, kernels: readonly GemvKernel[], maxM: number): void {
  const where = variantSymbol(v);
  const buckets = bucketCount(maxM);
  if (v.defaults.length !== buckets) throw new Error(`${where}: ${v.defaults.length} defaults for ${buckets} M buckets`);
  for (const chain of [...v.defaults, ...v.tuned.map((t) => t.kernels)]) {
    if (chain.length === 0) throw new Error(`${where}: an empty chain of kernels`);
    for (const id of chain) if (!kernels[id]) throw new Error(`${where}: no kernel ${id}`);
  }
  for (const t of v.tuned) if (t.M > maxM) throw new Error(`${where}: tuned shape M=${t.M} above the library's largest M ${maxM}`);
  // the pick relies on it: whatever the tuned entries, a bucket's default serves its every M and K
  v.defaults.forEach((chain, b) => {
    const last = kernels[chain[chain.length - 1]!]!;
    const top = bucketMax(b, maxM);
    if (last.rows < top || (last.kMultiple ?? 1) !== 1 || (last.kMax ?? 0) !== 0) throw new Error(`${where}: the default chain of M bucket ${b} does not end with a kernel for every M up to ${top} and every K`);
  });
}

/** gemv's policy, with the tables it was made from */
export interface GemvPolicy extends DispatchPolicy<GemvKernel> {
  readonly variants: readonly GemvVariant[];
  /** the largest M the library serves (build-runtime --max-m) */
  readonly maxM: number;
}

/** the gemv policy among a library's policies */
export function gemvPolicyOf(policies: readonly DispatchPolicy<never>[]): GemvPolicy {
  const p = policies.find((x) => x.op === 'gemv');
  if (!p || !('variants' in p)) throw new Error('the library has no gemv policy');
  return p as unknown as GemvPolicy;
}

/** gemv's policy over its variants' tables; `maxM` is the largest M the library serves */
export function gemvPolicy(variants: readonly GemvVariant[], maxM: number = M_MAX): GemvPolicy {
  if (!Number.isInteger(maxM) || maxM < 1 || maxM > M_MAX) throw new Error(`the largest M must be in 1..${M_MAX}, got ${maxM}`);
  const entries = gemvEntries(variants, maxM);
  const variantOf = (entry: RuntimeEntry, index: number): GemvVariant => {
    const p = entry.variants[index]!;
    const v = variants.find((w) => w.format === p.weight && w.act === p.act && w.bias === p.bias);
    if (!v) throw new Error(`${entry.name}: the variant ${p.bias ? 'with' : 'without'} bias is missing`);
    return v;
  };
  for (const e of entries) e.variants.forEach((_, i) => variantOf(e, i));
  const chainLength = Math.max(1, ...variants.flatMap((v) => [...v.defaults, ...v.tuned.map((t) => t.kernels)].map((c) => c.length)));
  return {
    op: 'gemv', variants, maxM,
    entries: () => entries,
    header: (target) => ({
      defines: ['/** largest M (rows of x) a gemv entry point accepts */', `#define KF_M_MAX ${maxM}`],
      doc: runtimeTemplate('policies/gemv.h.hbs')({ bucketsText: bucketsText(maxM), gpu: target.gpu }).trimEnd(),
    }),
    source(kernels) {
      for (const v of variants) checkVariant(v, kernels, maxM);
      return runtimeTemplate('policies/gemv.c.hbs')({
        mBuckets: bucketCount(maxM), maxShapeDistance: MAX_SHAPE_DISTANCE.toPrecision(17), chainLength, kernelCount: kernels.length,
        fits: kernels.map((k) => `{ ${k.rows}, ${k.kMultiple ?? 1}, ${k.kMax ?? 0} }`),
        variants: variants.map((v) => {
          const tuned = [...v.tuned].sort((a, b) => a.M - b.M || a.N - b.N || a.K - b.K);
          return {
            symbol: variantSymbol(v), tunedCount: tuned.length,
            defaults: v.defaults.map((chain) => `{ ${chainLiteral(chain, chainLength)} }`).join(', '),
            tuned: tuned.map((t) => ({ M: t.M, N: t.N, K: t.K, chain: chainLiteral(t.kernels, chainLength), note: commentSafe(t.note) })),
          };
        }),
      });
    },
    pick(entry, variant) {
      const scalar = (name: string): string => `a->scalar[${entrySlot(entry, name)!.index}].i`;
      return `kf_gemv_pick(&${variantSymbol(variantOf(entry, variant))}, ${scalar('M')}, ${scalar('N')}, ${scalar('K')}, info)`;
    },
  };
}
