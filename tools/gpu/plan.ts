/**
 * What an H200 bundle holds, shared by prepare.ts (which writes it as plan.json) and ingest.ts
 * (which reads it back beside the results): the perf and tuning cases with their generated inputs,
 * the conformance cases with the seeds of their carried inputs, and the baselines to compare with.
 */
import { FORMATS, InputError, type Params } from '@kforge/ir';
import type { GeneratedInput } from '@kforge/exec';

export const PLAN_FILE = 'plan.json';

/** rotate through input copies of at least this many bytes: 1 GiB, about 17 times the 60 MB L2 */
export const ROTATE_BYTES = 1 << 30;
export const COPY_PROBE_BYTES = 1 << 30;
/** timed repeats (each a pass over every copy) and warm-up passes of the perf and tuning cases */
export const PERF_REPEATS = 100;
export const PERF_WARMUP = 5;

/** Seeds and scales of the generated inputs: x ~ 1.15 sd, f16 W ~ 0.018 sd, scales in [2^-7, 2^-6). */
const X_SEED = 11;
const W_SEED = 21;
const X_EXPONENT = -7;
const W_EXPONENT = -13;
const SCALE_EXPONENT = -7;
const MIN_EXPONENT = -10;

/** Per input buffer of a gemv, how the device fills it; derived from the weight format description. */
export function gemvGeneratedInputs(params: Params): Record<string, GeneratedInput> {
  const format = FORMATS[String(params.weight) as keyof typeof FORMATS];
  const act = params.act === 'f16' ? 'f16' : 'f32';
  const out: Record<string, GeneratedInput> = { x: { seed: X_SEED, fill: { kind: 'normal', elem: act, exponent: X_EXPONENT } } };
  const scale = { kind: 'positive', elem: 'f16', exponent: SCALE_EXPONENT } as const;
  const min = { kind: 'normal', elem: 'f16', exponent: MIN_EXPONENT } as const;
  if (format.kind === 'dense') {
    if (format.name === 'bf16') throw new InputError('generated inputs: bf16 weights have no exact generator yet');
    out.W = { seed: W_SEED, fill: { kind: 'normal', elem: format.name, exponent: W_EXPONENT } };
  } else if (format.kind === 'block') {
    const fields = [{ offset: format.scaleOffset, fill: scale }, ...(format.minOffset !== null ? [{ offset: format.minOffset, fill: min }] : [])];
    out.W = { seed: W_SEED, fill: { kind: 'blocks', blockBytes: format.bytes, fields } };
  } else {
    out.W = { seed: W_SEED, fill: { kind: 'bytes' } };
    out.W_scale = { seed: W_SEED + 1, fill: scale };
    out.W_min = { seed: W_SEED + 2, fill: min };
  }
  if (params.bias === true) out.bias = { seed: W_SEED + 3, fill: { kind: 'normal', elem: 'f32', exponent: X_EXPONENT } };
  return out;
}

/** The cuBLAS baseline generates f16 W and x with these, so its y matches the f16 case's. */
export const CUBLAS_FILLS = { wSeed: W_SEED, wExponent: W_EXPONENT, xSeed: X_SEED, xExponent: X_EXPONENT } as const;

export interface PlannedTimedCase {
  /** the case folder name in perf/cases and in the results */
  readonly case: string;
  readonly kind: 'perf' | 'sweep';
  readonly params: Params;
  readonly config: Record<string, string | number | boolean>;
  readonly isDefault: boolean;
  /** weight + x + y bytes one launch moves at least */
  readonly bytes: number;
  readonly weightBytes: number;
  readonly sourceHash: string;
  readonly generated: Record<string, GeneratedInput>;
}

export interface PlannedConformanceCase {
  readonly case: string;
  readonly params: Params;
  readonly config: Record<string, string | number | boolean>;
  readonly target: string;
  /** randomInputs(op, params, seed) regenerates the carried inputs */
  readonly seed: number;
}

export interface H200Plan {
  readonly kforgeH200Plan: 1;
  readonly created: string;
  /** git revision and dirtiness of the tree prepare.ts ran in (plans from before 2026-11-30 lack them) */
  readonly buildCommit?: string;
  readonly buildDirty?: boolean;
  readonly rotateBytes: number;
  readonly copyProbeBytes: number;
  readonly repeats: number;
  readonly warmup: number;
  readonly timed: readonly PlannedTimedCase[];
  readonly conformance: readonly PlannedConformanceCase[];
  /** cuBLAS f16 shapes, "NxK" */
  readonly cublas: readonly { readonly N: number; readonly K: number }[];
  readonly cublasFills: typeof CUBLAS_FILLS;
}
