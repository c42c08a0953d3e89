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

/** the seed of a case's i-th seeded input (gemv: x 11, W 21; attention: q 11, k 21, v 22; gated_delta_rule: q 11, k 21, then v .. s0 22 .. 25) */
const stream = (i: number): number => 11 + 10 * i;

/** Per input buffer of a case, how the device fills it: the op's generatedInputs hook. */
export function generatedInputs(op: string, params: Params): Record<string, GeneratedInput> {
  const hooks = opHooks(op, 'generatedInputs');
  return hooks.generatedInputs(params, inputSeeds(hooks, stream));
}

const GEMV_SEEDS = inputSeeds(opHooks('gemv', 'generatedInputs'), stream);
/** The cuBLAS baseline (a gemv) generates f16 W and x with these, so its y matches the f16 gemv case's. */
export const CUBLAS_FILLS = { wSeed: GEMV_SEEDS.W!, wExponent: GEMV_EXPONENTS.W, xSeed: GEMV_SEEDS.x!, xExponent: GEMV_EXPONENTS.x } as const;

/** The GPU APIs a bundle runs on the NVIDIA GPU. */
export type H200Target = 'cuda' | 'opencl' | 'vulkan';

export interface PlannedTimedCase {
  /** the case folder name in perf/cases and in the results */
  readonly case: string;
  readonly kind: 'perf' | 'sweep';
  readonly op: string;
  /** the API it runs on (absent in plans before attention: cuda) */
  readonly target?: H200Target;
  readonly params: Params;
  readonly config: Record<string, string | number | boolean>;
  readonly isDefault: boolean;
  /**
   * the bytes its GB/s is counted over: gemv, weight + x + y (every input read once, the output
   * written once); attention, the k and v bytes (the KV cache a decode step streams)
   */
  readonly bytes: number;
  /** the streamed operand: gemv's stored W tensors, attention's k and v */
  readonly weightBytes: number;
  /** the op's `flops` at these params (absent in plans before attention) */
  readonly flops?: number;
  /** what the case stands for: 'decode' or 'prefill' (absent: decode) */
  readonly phase?: 'decode' | 'prefill';
  /** the model layer the shape stands for, for the bench file (absent: tools/gpu's gemv table) */
  readonly layer?: string;
  /** the headline number: 'gbps' (memory-bound decode) or 'tflops' (prefill); absent: gbps */
  readonly metric?: 'gbps' | 'tflops';
  /** timed repeats and warm-up passes when they differ from the plan's (slow prefill cases) */
  readonly repeats?: number;
  readonly warmup?: number;
  /** the copies of the inputs fill at least this many bytes (absent: the plan's rotateBytes) */
  readonly rotateBytes?: number;
  readonly sourceHash: string;
  readonly generated: Record<string, GeneratedInput>;
  /**
   * the rows (of its last dimension) of the sampled output its check reads, when the op's sample is
   * whole rows (attention: query rows of o; gated_delta_rule: the T rows of o of each sampled value
   * head); on the device reduce_outputs.py keeps only these rows (o_rows.npy) and whether all of the
   * output was written and finite; the other outputs are kept as written-and-finite counts
   */
  readonly sampleRows?: readonly number[];
  /** how many units the op's sample hook was asked for (absent: sampleCount(op) of plans before gated_delta_rule) */
  readonly sampleCount?: number;
  /** the sampled output and its row length (absent: 'o' and params.Dv, attention's) */
  readonly sampleOutput?: string;
  readonly sampleRowLength?: number;
  /** rows of the case's other outputs the device keeps (gated_delta_rule: the sampled heads' rows of s); the rest of them come back as counts */
  readonly keptRows?: Readonly<Record<string, { readonly rows: readonly number[]; readonly rowLength: number }>>;
  /** moe: the distinct experts its routing picks in each input copy (what `bytes` counts, their mean) */
  readonly activeExperts?: readonly number[];
}

export interface PlannedConformanceCase {
  readonly case: string;
  readonly op: string;
  readonly params: Params;
  readonly config: Record<string, string | number | boolean>;
  readonly target: string;
  /** conformanceInputs({ op, params, seed, regime }) regenerates the carried inputs */
  readonly seed: number;
  readonly regime?: string;
}

/**
 * One PyTorch SDPA baseline (torch_attention.py): the inputs of the kforge case `kforgeCase` (the
 * same fills and seeds, q cast to f16), timed per backend; the rows `sample` of copy 0's o are written
 * out and checked here against the float64 reference.
 */
export interface PlannedSdpaBaseline {
  /** the kforge perf case (cuda) with the same params */
  readonly kforgeCase: string;
  readonly params: Params;
  readonly phase: 'decode' | 'prefill';
  /** 'default': SDPA's own choice; the rest are forced with torch.nn.attention.sdpa_kernel */
  readonly backends: readonly ('default' | 'flash' | 'cudnn' | 'efficient')[];
  readonly generated: Record<string, GeneratedInput>;
  /** flat query rows (b, h, i) of o [B, Hq, Sq, Dv] written out for the check */
  readonly sampleRows: readonly number[];
  readonly rotateBytes: number;
  readonly repeats: number;
  readonly warmup: number;
  readonly flops: number;
  readonly kvBytes: number;
}

/**
 * One FLA baseline (fla_gated_delta_rule.py, FLA's source carried as .fla/): the inputs of the kforge
 * case `kforgeCase` (the same fills and seeds), through `fn` in each of `dtypes` ('bf16': the inputs
 * rounded to bf16, the state kept f32), timed eager and under CUDA-graph replay; the rows `sampleRows`
 * of copy 0's o are written out and checked here against the float64 reference.
 */
export interface PlannedFlaBaseline {
  readonly kforgeCase: string;
  readonly params: Params;
  readonly phase: 'decode' | 'prefill';
  readonly fn: 'chunk_gated_delta_rule' | 'fused_recurrent_gated_delta_rule';
  readonly dtypes: readonly ('f32' | 'bf16')[];
  readonly generated: Record<string, GeneratedInput>;
  /** the value heads (b * Hv + h) sampled (the op's sample hook, asked for sampleCount) and their rows of o [B*T*Hv, Dv] */
  readonly sampleCount: number;
  readonly sampleUnits: readonly number[];
  readonly sampleRows: readonly number[];
  /** whether the rows come back (small enough: FLA_ROW_BYTES) or FLA is checked on the device alone; absent: true */
  readonly returnRows?: boolean;
  readonly rotateBytes: number;
  readonly repeats: number;
  readonly warmup: number;
  readonly flops: number;
  /** s0 read + s written */
  readonly stateBytes: number;
}

/**
 * The peers of one f16 moe case (moe_peers.py): the same generated x, router and f16 experts (copy c from
 * seed + c), the same copies; `impls` names what runs: 'fused_moe' (vLLM's Triton fused_moe kernel, its
 * source carried as .vllm/, under CUDA-graph replay and eager), 'fused_moe_kernels' (its two Triton GEMMs,
 * silu * up and the sum, the routing and alignment made before the timed region), 'grouped_mm' (torch._grouped_mm, prefill)
 * and 'eager' (a PyTorch loop over the active experts). The sampled tokens' rows of copy 0's y come back
 * for the check here.
 */
export interface PlannedMoePeer {
  /** the kforge perf case (cuda, f16) with the same params (its planned name where it did not emit) */
  readonly kforgeCase: string;
  readonly params: Params;
  readonly phase: 'decode' | 'prefill';
  readonly layer: string;
  readonly impls: readonly ('fused_moe' | 'fused_moe_kernels' | 'grouped_mm' | 'eager')[];
  readonly generated: Record<string, GeneratedInput>;
  /** the tokens the moe sample hook picks (asked for sampleCount): rows of y [T, H] */
  readonly sampleCount: number;
  readonly sampleTokens: readonly number[];
  readonly rotateBytes: number;
  readonly copies: number;
  readonly repeats: number;
  readonly warmup: number;
  readonly flops: number;
  /** the kforge case's counted bytes (active experts + router + x + y) and the active experts' bytes alone */
  readonly bytes: number;
  readonly activeBytes: number;
  readonly activeExperts: readonly number[];
}

export interface H200Plan {
  readonly kforgeH200Plan: 1;
  readonly created: string;
  /** git revision and dirtiness of the tree prepare.ts ran in (plans from before 2026-11-30 lack them) */
  readonly buildCommit?: string;
  readonly buildDirty?: boolean;
  /** the ops and parts prepare.ts was asked for (absent: gemv, everything) */
  readonly ops?: readonly string[];
  readonly parts?: readonly string[];
  readonly rotateBytes: number;
  readonly copyProbeBytes: number;
  readonly repeats: number;
  readonly warmup: number;
  readonly timed: readonly PlannedTimedCase[];
  readonly conformance: readonly PlannedConformanceCase[];
  /** cuBLAS f16 shapes, "NxK" */
  readonly cublas: readonly { readonly N: number; readonly K: number }[];
  readonly cublasFills: typeof CUBLAS_FILLS;
  /** PyTorch SDPA baselines of the attention perf cases (absent: none) */
  readonly sdpa?: readonly PlannedSdpaBaseline[];
  /** FLA baselines of the gated_delta_rule perf cases (absent: none) */
  readonly fla?: readonly PlannedFlaBaseline[];
  /** the peers of the f16 moe perf cases (absent: none) */
  readonly moe?: readonly PlannedMoePeer[];
  /** timed and conformance cases left out because this checkout's lowering did not emit them (with why) */
  readonly skipped?: readonly { readonly case: string; readonly reason: string }[];
}

/** A timed case's API (plans before attention timed CUDA only). */
export const targetOf = (t: Pick<PlannedTimedCase, 'target'>): H200Target => t.target ?? 'cuda';
