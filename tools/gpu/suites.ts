/**
 * The timed cases of an H200 bundle, per op: which shapes, configs and APIs each op times, what its
 * GB/s is counted over, and (attention) which PyTorch SDPA baselines run beside it. prepare.ts turns
 * each spec into a kernel, a bundle case and a plan entry.
 */
import { getOp, resolveParams, Rng, type KnobConfig, type ParamValue, type Params } from '@kforge/ir';
import { loweringFor, opHooks } from '@kforge/driver';
import { SearchSpace } from '@kforge/autotune';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';
import type { H200Target, PlannedSdpaBaseline, PlannedTimedCase } from './plan.ts';

/** One timed case before its kernel is emitted. */
export interface TimedSpec {
  readonly kind: 'perf' | 'sweep';
  readonly name: string;
  readonly op: string;
  readonly target: H200Target;
  readonly params: Params;
  readonly config: KnobConfig;
  readonly isDefault: boolean;
  readonly phase?: 'decode' | 'prefill';
  readonly layer?: string;
  readonly metric?: 'gbps' | 'tflops';
  readonly repeats?: number;
  readonly warmup?: number;
  readonly rotateBytes?: number;
}

/** The ops with timed cases, in bundle order. */
export const TIMED_OPS = ['gemv', 'attention'] as const;

/** What a case's GB/s is counted over (PlannedTimedCase.bytes) and its streamed operand (weightBytes). */
export function countedBytes(op: string, artifact: KernelArtifact): { bytes: number; weightBytes: number } {
  const buffers = sizedBuffers(artifact);
  const sum = (keep: (name: string, role: string) => boolean) => buffers.filter((b) => keep(b.name, b.role)).reduce((n, b) => n + b.bytes, 0);
  if (op === 'attention') {
    const kv = sum((name) => name === 'k' || name === 'v');
    return { bytes: kv, weightBytes: kv };
  }
  return { bytes: sum((_, role) => role === 'in' || role === 'out'), weightBytes: sum((name) => name.startsWith('W')) };
}

// ---- gemv: M = 1 decode layers, the non-default variants and the tuning sweep (issue 3) ----

const GEMV_SHAPES: readonly [number, number][] = [[4096, 4096], [11008, 4096], [151936, 1024], [3072, 1024]];
const GEMV_FORMATS = ['f16', 'q4_0', 'w4g128'] as const;
/** the cases below the bandwidth bar of issue 3 (85% of the copy bandwidth for weights of 16 MB and more) */
const GEMV_SWEEPS: readonly (readonly [string, number, number])[] = [
  ['f16', 4096, 4096], ['q4_0', 11008, 4096], ['q4_0', 151936, 1024], ['w4g128', 11008, 4096], ['w4g128', 151936, 1024],
];
const SWEEP_SEED = 3;
export const DEFAULT_SWEEP_SIZE = 24;
/**
 * non-default configs timed beside each perf case where they apply: the float path (the default is
 * int8), the x pre-pass instead of the default's quantization in registers, the best pre-pass config of
 * the 2026-11-29 sweeps, 8 rows on 2 warps with x in registers, the best f16 config of the 4096x4096
 * sweep (2026-11-29), and the default launched without overlapping the previous launch
 */
const GEMV_VARIANTS: readonly Readonly<Record<string, ParamValue>>[] = [
  { dot_path: 'float', quantize_x: 'dispatch' }, { dot_path: 'int8', quantize_x: 'dispatch' },
  { dot_path: 'int8', quantize_x: 'dispatch', rows_per_block: 2, workgroup_size: 64, k_unroll: 4 },
  { dot_path: 'int8', quantize_x: 'registers', rows_per_block: 8, workgroup_size: 64, k_unroll: 1 },
  { rows_per_block: 1, vector_width: 8, k_unroll: 4 }, { dependent_launch: false },
];
const gemvParams = (weight: string, N: number, K: number): Params => ({ M: 1, N, K, weight, act: 'f16', bias: false });
/** the gemv shapes cuBLAS times beside kforge */
export const CUBLAS_SHAPES = GEMV_SHAPES.map(([N, K]) => ({ N, K }));

/**
 * The default config first, then every other valid config when they are few, else the valid
 * neighbors of the default (one knob one step away: where a better default is most likely) and a seeded
 * sample of the region where the fast configs of earlier sweeps were: no split-K, warp-shuffle
 * reductions, the int8 path where the format has one (a uniform sample is mostly split-K and narrow
 * loads, all slower); the region is widened to the whole space when it runs out.
 */
export function sweepConfigs(params: Params, count: number): KnobConfig[] {
  const knobs = loweringFor('gemv', 'cuda').knobs('cuda', params);
  const space = new SearchSpace(knobs);
  const first = space.indexOf(knobs.defaults)!;
  if (space.size <= count) return [knobs.defaults, ...space.configs.filter((_, i) => i !== first)];
  const chosen = new Map<number, KnobConfig>([[first, knobs.defaults]]);
  for (const neighbour of space.neighbors(knobs.defaults).slice(0, count - 1)) chosen.set(space.indexOf(neighbour)!, neighbour);
  const rng = new Rng(SWEEP_SEED, `h200-sweep/${params.weight}/${params.N}x${params.K}`);
  const int8 = knobs.knobs.find((k) => k.name === 'dot_path')!.values.includes('int8');
  const focused = (c: KnobConfig) => c.split_k === 1 && c.subgroup_reduce === true && (!int8 || c.dot_path === 'int8');
  const region = space.configs.map((c, i) => [c, i] as const).filter(([c, i]) => focused(c) && !chosen.has(i));
  for (let left = region.length; left > 0 && chosen.size < count; left--) {
    const [c, i] = region.splice(rng.int(left), 1)[0]!;
    chosen.set(i, c);
  }
  while (chosen.size < count) {
    const c = space.random(rng);
    chosen.set(space.indexOf(c)!, c);
  }
  return [...chosen.values()];
}

export function gemvTimedSpecs(parts: { perf: boolean; sweep: boolean }, sweepSize = DEFAULT_SWEEP_SIZE): TimedSpec[] {
  const specs: TimedSpec[] = [];
  const base = { op: 'gemv', target: 'cuda' as const, phase: 'decode' as const };
  if (parts.perf) {
    for (const weight of GEMV_FORMATS) {
      for (const [N, K] of GEMV_SHAPES) {
        const params = gemvParams(weight, N, K);
        const knobs = loweringFor('gemv', 'cuda').knobs('cuda', params);
        specs.push({ ...base, kind: 'perf', name: `perf-${weight}-${N}x${K}`, params, config: knobs.defaults, isDefault: true });
        // a variant may repeat the default or an earlier variant (the default may already have its rows)
        const timedConfigs = new Set([JSON.stringify(knobs.defaults)]);
        GEMV_VARIANTS.forEach((variant, v) => {
          const config = { ...knobs.defaults, ...variant };
          const fits = Object.entries(variant).every(([k, value]) => knobs.knobs.find((d) => d.name === k)?.values.includes(value));
          const repeats = timedConfigs.has(JSON.stringify(config));
          timedConfigs.add(JSON.stringify(config));
          if (fits && !repeats && !knobs.check(config)) specs.push({ ...base, kind: 'perf', name: `perf-${weight}-${N}x${K}-v${v + 1}`, params, config, isDefault: false });
        });
      }
    }
  }
  if (parts.sweep) {
    for (const [weight, N, K] of GEMV_SWEEPS) {
      const params = gemvParams(weight, N, K);
      sweepConfigs(params, sweepSize).forEach((config, i) => {
        specs.push({ ...base, kind: 'sweep', name: `sweep-${weight}-${N}x${K}-${String(i).padStart(2, '0')}`, params, config, isDefault: i === 0 });
      });
    }
  }
  return specs;
}

// ---- attention: decode against an f16 KV cache and causal f16 prefill, D 128 (issue 16 points 4 and 6) ----

interface AttentionShape {
  readonly name: string;
  readonly layer: string;
  readonly phase: 'decode' | 'prefill';
  readonly params: Params;
}

/** decode: Sq 1 against Skv cached keys; the GQA ratios of Llama-3-8B (32/8), Qwen3-0.6B (16/8) and Qwen3-30B-A3B (32/4) */
const decode = (B: number, Hq: number, Hkv: number, Skv: number, layer: string): AttentionShape => ({
  name: `decode-b${B}-h${Hq}x${Hkv}-s${Skv}`, layer, phase: 'decode',
  params: { B, Hq, Hkv, Sq: 1, Skv, D: 128, kv: 'f16' },
});
/** prefill: Sq = Skv, causal, one kv head per query head */
const prefill = (B: number, H: number, S: number, layer: string): AttentionShape => ({
  name: `prefill-b${B}-h${H}-s${S}`, layer, phase: 'prefill',
  params: { B, Hq: H, Hkv: H, Sq: S, Skv: S, D: 128, causal: true, kv: 'f16' },
});

export const ATTENTION_SHAPES: readonly AttentionShape[] = [
  decode(1, 32, 8, 4096, 'llama3-8b.attn'),
  decode(8, 32, 8, 4096, 'llama3-8b.attn'),
  decode(32, 32, 8, 2048, 'llama3-8b.attn'),
  decode(1, 16, 8, 4096, 'qwen3-0.6b.attn'),
  decode(1, 32, 4, 4096, 'qwen3-30b-a3b.attn'),
  prefill(1, 32, 4096, 'llama2-7b.attn'),
  prefill(8, 16, 2048, 'mha-h16-d128.attn'),
];
/** the decode shapes also run through OpenCL and Vulkan on the same GPU */
const DECODE_TARGETS: readonly H200Target[] = ['cuda', 'opencl', 'vulkan'];
/**
 * prefill is compute-bound and its working set (q, k, v of 96 to 128 MB per copy) is past the L2 already:
 * 2 copies, and fewer repeats, so that a slow kernel stays inside the case timeout
 */
const PREFILL_TIMING = { rotateBytes: 256 << 20, repeats: 20, warmup: 2 } as const;

export function attentionTimedSpecs(targets: readonly H200Target[]): TimedSpec[] {
  const specs: TimedSpec[] = [];
  for (const s of ATTENTION_SHAPES) {
    const params = resolveParams(getOp('attention'), s.params);
    for (const target of s.phase === 'decode' ? DECODE_TARGETS : ['cuda' as const]) {
      if (!targets.includes(target)) continue;
      const config = loweringFor('attention', target).knobs(target, params).defaults;
      specs.push({
        kind: 'perf', name: `perf-attention-${s.name}${target === 'cuda' ? '' : `-${target}`}`, op: 'attention', target, params, config, isDefault: true,
        phase: s.phase, layer: s.layer, metric: s.phase === 'decode' ? 'gbps' : 'tflops', ...(s.phase === 'prefill' ? PREFILL_TIMING : {}),
      });
    }
  }
  return specs;
}

/** query rows of o checked per case (each Dv values) */
export const ATTENTION_SAMPLE_ROWS = 32;

/** The SDPA baselines of the planned CUDA attention cases: decode with GQA, prefill forced to flash and to cuDNN. */
export function sdpaBaselines(timed: readonly PlannedTimedCase[], rotateBytes: number, repeats: number, warmup: number): PlannedSdpaBaseline[] {
  return timed.filter((t) => t.op === 'attention' && t.kind === 'perf' && (t.target ?? 'cuda') === 'cuda' && t.isDefault).map((t) => ({
    kforgeCase: t.case, params: t.params, phase: t.phase ?? 'decode',
    backends: t.phase === 'prefill' ? ['flash', 'cudnn'] : ['default', 'flash', 'cudnn', 'efficient'],
    generated: t.generated, sampleRows: opHooks('attention', 'sample').sample(t.params, ATTENTION_SAMPLE_ROWS).indices,
    rotateBytes: t.rotateBytes ?? rotateBytes, repeats: t.repeats ?? repeats, warmup: t.warmup ?? warmup,
    flops: getOp('attention').flops(t.params), kvBytes: t.weightBytes,
  }));
}

/** output elements (gemv: rows of y; attention: query rows of o) the sampled check reads per timed case */
export function sampleCount(op: string): number {
  return op === 'attention' ? ATTENTION_SAMPLE_ROWS : 64;
}
