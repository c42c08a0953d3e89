/**
 * What an H200 bundle holds, shared by prepare.ts (which writes it as plan.json) and ingest.ts
 * (which reads it back beside the results): the perf and tuning cases with their generated inputs,
 * the conformance cases with the seeds of their carried inputs, and the baselines to compare with.
 */
import type { Params } from '@kforge/ir';
import { GEMV_EXPONENTS, type GeneratedInput } from '@kforge/exec';
import { inputSeeds, opHooks } from '@kforge/driver';

export const PLAN_FILE = 'plan.json';

/** rotate through input copies of at least this many bytes: 1 GiB, about 17 times the 60 MB L2 */
export const ROTATE_BYTES = 1 << 30;
export const COPY_PROBE_BYTES = 1 << 30;
/** timed repeats (each a pass over every copy) and warm-up passes of the perf and tuning cases */
export const PERF_REPEATS = 100;
export const PERF_WARMUP = 5;

/** the seed of a case's i-th seeded input (gemv: x 11, W 21) */
const stream = (i: number): number => 11 + 10 * i;

/** Per input buffer of a case, how the device fills it: the op's generatedInputs hook. */
export function generatedInputs(op: string, params: Params): Record<string, GeneratedInput> {
  const hooks = opHooks(op, 'generatedInputs');
  return hooks.generatedInputs(params, inputSeeds(hooks, stream));
}

const GEMV_SEEDS = inputSeeds(opHooks('gemv', 'generatedInputs'), stream);
/** The cuBLAS baseline (a gemv) generates f16 W and x with these, so its y matches the f16 gemv case's. */
export const CUBLAS_FILLS = { wSeed: GEMV_SEEDS.W!, wExponent: GEMV_EXPONENTS.W, xSeed: GEMV_SEEDS.x!, xExponent: GEMV_EXPONENTS.x } as const;

export interface PlannedTimedCase {
  /** the case folder name in perf/cases and in the results */
  readonly case: string;
  readonly kind: 'perf' | 'sweep';
  readonly op: string;
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
  readonly op: string;
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
