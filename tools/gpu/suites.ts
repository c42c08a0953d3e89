/**
 * The timed cases of an H200 bundle, per op: which shapes, configs and APIs each op times, what its
 * GB/s is counted over (the op's bandwidthBuffers hook), how many units of its output the sampled check
 * reads (the op's sample hook), and which baselines run beside it: PyTorch SDPA (attention), FLA's
 * Triton kernels (gated_delta_rule). prepare.ts turns each spec into a kernel, a bundle case and a plan
 * entry.
 */
import { DTYPES, getOp, resolveParams, Rng, routeByRouter, storedWeightTensors, tensorSignature, type KnobConfig, type ParamValue, type Params, type WeightFormatName } from '@kforge/ir';
import { loweringFor, opHooks } from '@kforge/driver';
import { attentionDecodeSplits, moeGroupedDecode } from '@kforge/codegen-gpu';
import { SearchSpace } from '@kforge/autotune';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';
import { generatedBytes, type GeneratedInput } from '@kforge/exec';
import type { H200Target, PlannedFlaBaseline, PlannedMoePeer, PlannedSdpaBaseline, PlannedTimedCase } from './plan.ts';
import { generatedInputs } from './plan.ts';

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
  /** the bytes its GB/s is counted over, where the op's buffers do not say (moe: the experts the routing picks) */
  readonly counted?: { readonly bytes: number; readonly weightBytes: number };
  /** moe: the distinct experts the routing picks in each input copy */
  readonly activeExperts?: readonly number[];
}

/** The ops with timed cases, in bundle order. */
export const TIMED_OPS = ['gemv', 'attention', 'gated_delta_rule', 'moe'] as const;

/**
 * What a case's GB/s is counted over (PlannedTimedCase.bytes) and its streamed operand (weightBytes):
 * the buffers the op's bandwidthBuffers hook names (attention: k and v; gated_delta_rule: the state
 * read and written, s0 and s), else every input and output once with gemv's W tensors streamed.
 */
export function countedBytes(op: string, artifact: KernelArtifact): { bytes: number; weightBytes: number } {
  const buffers = sizedBuffers(artifact);
  const sum = (keep: (name: string, role: string) => boolean) => buffers.filter((b) => keep(b.name, b.role)).reduce((n, b) => n + b.bytes, 0);
  const named = opHooks(op, 'sample').bandwidthBuffers;
  if (named) {
    const bytes = sum((name) => named.includes(name));
    return { bytes, weightBytes: bytes };
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

/** a decode config timed beside a default: the knobs it changes, from the default and the params */
type DecodeVariant = (d: KnobConfig, params: Params) => Readonly<Record<string, ParamValue>>;

/** the CUDA decode default before session 14 (register pipeline, 32 bytes per lane, up to 8 rows, about 2 workgroups an SM) */
function registerPipelineDefault(params: Params): Record<string, ParamValue> {
  const G = Number(params.Hq) / Number(params.Hkv);
  const block_q = Math.min(2 ** Math.ceil(Math.log2(G)), 8);
  // 8 lanes of 32 bytes per f16 row of 128 (16 key groups) with 4 rows; 16 lanes of 16 bytes (8 groups) with 8 (the register rule)
  const [vector_width, block_kv] = block_q <= 4 ? [16, 32] : [8, 16];
  const kv_splits = splitsFor(params, block_q, 264, 128, 2);
  return { block_q, block_kv, vector_width, kv_splits, kv_stages: 1, dependent_launch: false, lazy_rescale: false };
}

/**
 * non-default configs timed beside each CUDA decode case where they are valid (the knob rules) and differ
 * from the default and the earlier variants: the default before session 14, then the default with one knob
 * changed: the register pipeline, 2 or 4 tiles in the ring, no lazy rescaling, no dependent launch, 32 bytes
 * per lane (8 lanes per key), 4 keys per key group, twice and half the splits, half the rows, 256 threads
 * (only with `prepare.ts --attention-variants`: about 70 more cases, a minute more on the device)
 */
const NO_CHANGE: Readonly<Record<string, ParamValue>> = {};
const DECODE_VARIANTS: readonly DecodeVariant[] = [
  (_, p) => registerPipelineDefault(p),
  () => ({ kv_stages: 1 }),
  () => ({ kv_stages: 2 }),
  () => ({ kv_stages: 4 }),
  () => ({ lazy_rescale: false }),
  () => ({ dependent_launch: false }),
  (d) => ({ vector_width: 2 * Number(d.vector_width), block_kv: 2 * Number(d.block_kv), kv_splits: Math.max(2, Number(d.kv_splits) / 2) }),
  (d) => ({ block_kv: 2 * Number(d.block_kv) }),
  (d) => ({ kv_splits: 2 * Number(d.kv_splits) }),
  (d) => ({ kv_splits: Number(d.kv_splits) / 2 }),
  (d) => ({ block_q: Number(d.block_q) / 2 }),
  (d) => ({ workgroup_size: 256, block_kv: 2 * Number(d.block_kv) }),
  // 2 warps a workgroup (twice the workgroups an SM, smaller barriers), twice the splits
  (d) => ({ workgroup_size: 64, block_kv: Number(d.block_kv) / 2, kv_splits: 2 * Number(d.kv_splits) }),
  // the staged default's knobs where the default keeps the register pipeline (2 rows or fewer)
  (d) => (Number(d.kv_stages) === 1 ? { kv_stages: 3, vector_width: Number(d.vector_width) / 2, block_kv: Number(d.block_kv) / 2, kv_splits: Math.min(64, 2 * Number(d.kv_splits)) } : NO_CHANGE),
];

/** the defaults' split rule (attentionDecodeSplits) at these params for `block_q` rows a workgroup */
function splitsFor(params: Params, block_q: number, workgroups: number, minKeys = 64, minSplits = 1): number {
  const G = Number(params.Hq) / Number(params.Hkv);
  return attentionDecodeSplits(Number(params.Skv), Number(params.B) * Number(params.Hkv) * Math.ceil(G / block_q), workgroups, minKeys, minSplits);
}

/**
 * A GPU-shaped decode config for OpenCL / Vulkan (whose defaults were fitted to PoCL and lavapipe): `T` threads,
 * `vw` f16 elements a lane loads (8: 16 lanes a key of 128, 16: 8 lanes), `keys` keys per key group per tile,
 * splits for about `wgs` workgroups, rows as the default's unless `rows` caps them.
 */
function gpuDecode(T: number, vw: number, keys: number, wgs: number, extra: Readonly<Record<string, ParamValue>> = {}, rows?: number): DecodeVariant {
  return (d, p) => {
    const block_q = Math.min(Number(d.block_q), rows ?? 64);
    return { workgroup_size: T, vector_width: vw, block_q, block_kv: (T / (128 / vw)) * keys, kv_splits: splitsFor(p, block_q, wgs), ...extra };
  };
}

/**
 * OpenCL / Vulkan decode configs timed beside their defaults on the same GPU (issue 16: within 1.5x of the cuda
 * kernel): the default's splits raised to fill the machine, then 64 or 128 threads, 16 or 32 bytes a lane, 1-4 keys
 * a group, splits for about 132-528 workgroups, lazy rescaling, fewer rows for the 8-head groups. Only with
 * `prepare.ts --attention-variants`.
 */
const CLVK_DECODE_VARIANTS: readonly DecodeVariant[] = [
  (d, p) => ({ kv_splits: splitsFor(p, Number(d.block_q), 264) }),
  gpuDecode(128, 8, 2, 264),
  gpuDecode(128, 16, 2, 264),
  gpuDecode(128, 16, 1, 264),
  gpuDecode(128, 16, 2, 528),
  gpuDecode(128, 16, 2, 132),
  gpuDecode(128, 16, 2, 264, { lazy_rescale: true }),
  gpuDecode(64, 16, 2, 528),
  gpuDecode(128, 8, 4, 264),
  gpuDecode(128, 16, 1, 264, {}, 4),
  gpuDecode(128, 8, 2, 264, {}, 4),
];

export function attentionTimedSpecs(targets: readonly H200Target[], variants: boolean | readonly H200Target[] = false): TimedSpec[] {
  const specs: TimedSpec[] = [];
  for (const s of ATTENTION_SHAPES) {
    const params = resolveParams(getOp('attention'), s.params);
    for (const target of s.phase === 'decode' ? DECODE_TARGETS : ['cuda' as const]) {
      if (!targets.includes(target)) continue;
      const knobs = loweringFor('attention', target).knobs(target, params);
      const config = knobs.defaults;
      const name = `perf-attention-${s.name}${target === 'cuda' ? '' : `-${target}`}`;
      const base = {
        kind: 'perf' as const, op: 'attention', target, params,
        phase: s.phase, layer: s.layer, metric: s.phase === 'decode' ? 'gbps' as const : 'tflops' as const, ...(s.phase === 'prefill' ? PREFILL_TIMING : {}),
      };
      specs.push({ ...base, name, config, isDefault: true });
      if (s.phase !== 'decode' || !(variants === true || (typeof variants !== 'boolean' && variants.includes(target)))) continue;
      const timed = new Set([JSON.stringify(config)]);
      const list = target === 'cuda' ? DECODE_VARIANTS : CLVK_DECODE_VARIANTS;
      list.forEach((variant, v) => {
        const overlay = variant(config, params);
        const candidate = { ...config, ...overlay } as KnobConfig;
        const fits = Object.entries(overlay).every(([k, value]) => knobs.knobs.find((d) => d.name === k)?.values.includes(value));
        const key = JSON.stringify(candidate);
        if (!fits || timed.has(key) || knobs.check(candidate)) return;
        timed.add(key);
        specs.push({ ...base, name: `${name}-v${v + 1}`, config: candidate, isDefault: false });
      });
    }
  }
  return specs;
}

/** query rows of o checked per attention case (each Dv values) */
export const ATTENTION_SAMPLE_ROWS = 32;

/** The SDPA baselines of the planned CUDA attention cases: decode with GQA, prefill forced to flash and to cuDNN. */
export function sdpaBaselines(timed: readonly PlannedTimedCase[], rotateBytes: number, repeats: number, warmup: number): PlannedSdpaBaseline[] {
  return timed.filter((t) => t.op === 'attention' && t.kind === 'perf' && (t.target ?? 'cuda') === 'cuda' && t.isDefault).map((t) => ({
    kforgeCase: t.case, params: t.params, phase: t.phase ?? 'decode',
    backends: t.phase === 'prefill' ? ['flash', 'cudnn'] : ['default', 'flash', 'cudnn', 'efficient'],
    generated: t.generated, sampleRows: opHooks('attention', 'sample').sample(t.params, sampleCount('attention', t.params)).indices,
    rotateBytes: t.rotateBytes ?? rotateBytes, repeats: t.repeats ?? repeats, warmup: t.warmup ?? warmup,
    flops: getOp('attention').flops(t.params), kvBytes: t.weightBytes,
  }));
}

/**
 * the most units (the op's sample hook: gemv rows of y, attention query rows, gated_delta_rule value
 * heads, moe tokens) a timed case's check reads; moe 8 tokens (the reference regenerates the experts of
 * each sampled token, 9 MB of f16 weights an expert, as the device made them)
 */
const SAMPLE_CAP: Readonly<Record<string, number>> = { gemv: 64, attention: ATTENTION_SAMPLE_ROWS, moe: 8 };
const DEFAULT_SAMPLE_CAP = 32;
/** the float64 reference of the sampled units runs in JS here: about this many flops per case at most (a few seconds) */
export const SAMPLE_REFERENCE_FLOPS = 4e9;
/** the sampled rows a case brings back (f32): at most about this many bytes, so that a run's results fit the device tool's 64 MiB */
export const SAMPLE_ROW_BYTES = 2 << 20;

/**
 * How many units of its output (what the op's sample hook counts) a timed case's check reads: the op's
 * cap, fewer where one unit's reference is costly (gated_delta_rule: a value head over all T steps, about
 * 1 GFLOP at T 8192) or its rows many (the same head's 8192 rows of o are 4 MiB: 2 heads there), at least 2
 * (the spread of the sample hook needs two).
 */
export function sampleCount(op: string, params: Params): number {
  const cap = SAMPLE_CAP[op] ?? DEFAULT_SAMPLE_CAP;
  const units = opHooks(op, 'sample').sample(params, Number.MAX_SAFE_INTEGER).indices.length;
  const perUnit = getOp(op).flops(params) / Math.max(1, units);
  const output = tensorSignature(getOp(op), params).find((t) => t.name === opHooks(op, 'sample').sample(params, 1).output)!;
  const unitBytes = (4 * output.shape.reduce((a, b) => a * Number(b), 1)) / Math.max(1, units);
  return Math.max(2, Math.min(cap, Math.floor(SAMPLE_REFERENCE_FLOPS / Math.max(1, perUnit)), Math.floor(SAMPLE_ROW_BYTES / unitBytes)));
}

/**
 * The rows (of the output's last dimension) that hold a sample's elements in the order the op's pick
 * hook reads them, when they are whole rows (attention: query rows of o; gated_delta_rule: the T rows of
 * each sampled value head); undefined when the sample is not whole rows (gemv's elements of y, which the
 * device returns whole). The device keeps only these rows of a large output (reduce_outputs.py).
 */
export function sampleRowsOf(op: string, params: Params, indices: readonly number[]): { output: string; rowLength: number; rows: number[] } | undefined {
  const hooks = opHooks(op, 'sample');
  const sample = { ...hooks.sample(params, indices.length), indices };
  const t = tensorSignature(getOp(op), params).find((x) => x.name === sample.output)!;
  const rowLength = Number(t.shape.at(-1));
  // pick over an array whose element i is i gives the flat indices it reads
  const identity = new Proxy({ length: t.shape.reduce((a, b) => a * Number(b), 1) }, { get: (target, key) => (key === 'length' ? target.length : Number(key)) }) as ArrayLike<number>;
  const picked = hooks.pick(params, sample, identity);
  if (picked.length % rowLength) return undefined;
  const rows: number[] = [];
  for (let i = 0; i < picked.length; i += rowLength) {
    const first = picked[i]!;
    if (first % rowLength) return undefined;
    for (let e = 1; e < rowLength; e++) if (picked[i + e] !== first + e) return undefined;
    rows.push(first / rowLength);
  }
  return { output: sample.output, rowLength, rows };
}

/**
 * Rows of a case's other outputs kept beside its sample (run.sh reduces every output of a sampled case):
 * gated_delta_rule's final state s of the sampled value heads (s as [B * Hv * Dk, Dv] rows), when asked;
 * none for the other ops (their other outputs come back as written-and-finite counts alone).
 */
export function keptRowsOf(op: string, params: Params, units: readonly number[]): Record<string, { rows: number[]; rowLength: number }> | undefined {
  // the state rows are not checked here yet (the sample hook's reference is o's) and are 1 to 2 MiB per
  // decode case: only with KFORGE_KEEP_STATE_ROWS=1, else s comes back as its written-and-finite count
  if (op !== 'gated_delta_rule' || process.env.KFORGE_KEEP_STATE_ROWS !== '1') return undefined;
  const Dk = Number(params.Dk);
  return { s: { rows: units.flatMap((u) => Array.from({ length: Dk }, (_, i) => u * Dk + i)), rowLength: Number(params.Dv) } };
}

// ---- gated_delta_rule: decode (T 1, the state read and written once) and chunked prefill, 16 heads of 128 (issue 17 point 5) ----

interface GatedDeltaRuleShape {
  readonly name: string;
  readonly layer: string;
  readonly phase: 'decode' | 'prefill';
  readonly params: Params;
}

/** Qwen3.5-2B's linear-attention layers: 16 q/k heads and 16 value heads of 128, q and k l2-normalized in the kernel */
const QWEN35_2B = 'qwen3.5-2b.linear_attn';
/** 16 q/k heads and 32 value heads of 128 (the 16/32 grouping of the bench suite) */
const GDN_H16X32 = 'gdn-h16x32-d128.linear_attn';
const gdr = (phase: 'decode' | 'prefill', B: number, T: number, Hv: number, layer: string): GatedDeltaRuleShape => ({
  name: `${phase}-b${B}-t${T}-h16x${Hv}`, layer, phase, params: { B, T, Hk: 16, Hv, Dk: 128, Dv: 128, l2norm: true },
});

export const GATED_DELTA_RULE_SHAPES: readonly GatedDeltaRuleShape[] = [
  gdr('decode', 1, 1, 16, QWEN35_2B),
  gdr('decode', 8, 1, 16, QWEN35_2B),
  gdr('decode', 64, 1, 16, QWEN35_2B),
  gdr('prefill', 1, 8192, 16, QWEN35_2B),
  gdr('prefill', 4, 2048, 16, QWEN35_2B),
  gdr('prefill', 1, 8192, 32, GDN_H16X32),
  gdr('prefill', 1, 512, 16, QWEN35_2B),
];

/** Every gated_delta_rule shape on cuda, decode also through OpenCL and Vulkan; prefill with attention's prefill timing (2 copies, 20 repeats). */
export function gatedDeltaRuleTimedSpecs(targets: readonly H200Target[]): TimedSpec[] {
  const specs: TimedSpec[] = [];
  for (const s of GATED_DELTA_RULE_SHAPES) {
    const params = resolveParams(getOp('gated_delta_rule'), s.params);
    for (const target of s.phase === 'decode' ? DECODE_TARGETS : ['cuda' as const]) {
      if (!targets.includes(target)) continue;
      const config = loweringFor('gated_delta_rule', target).knobs(target, params).defaults;
      const base = {
        kind: 'perf' as const, op: 'gated_delta_rule', target, params, phase: s.phase, layer: s.layer,
        metric: s.phase === 'decode' ? 'gbps' as const : 'tflops' as const, ...(s.phase === 'prefill' ? PREFILL_TIMING : {}),
      };
      const name = `perf-gdr-${s.name}${target === 'cuda' ? '' : `-${target}`}`;
      specs.push({ ...base, name, config, isDefault: true });
      if (target !== 'cuda') continue;
      const knobs = loweringFor('gated_delta_rule', target).knobs(target, params);
      if (s.phase === 'decode') {
        const seen = new Set([JSON.stringify(config)]);
        for (const [tag, overlay] of GDR_DECODE_VARIANTS) {
          const variant = { ...config, ...overlay };
          if (seen.has(JSON.stringify(variant)) || knobs.check(variant)) continue;
          seen.add(JSON.stringify(variant));
          specs.push({ ...base, name: `${name}-${tag}`, config: variant, isDefault: false });
        }
        continue;
      }
      // the state walk's other column blocks on the long 16/16 prefills (the walk is the sequential part; each
      // variant brings back 8 MiB of sampled rows)
      if (Number(params.T) < 2048 || Number(params.Hv) !== 16) continue;
      for (const block_v of GDR_WALK_VARIANTS) {
        const variant = { ...config, block_v };
        if (block_v !== Number(config.block_v) && !knobs.check(variant)) specs.push({ ...base, name: `${name}-bv${block_v}`, config: variant, isDefault: false });
      }
    }
  }
  return specs;
}

/** block_v of the state walk timed beside the default on the long CUDA prefills (those other than the default) */
const GDR_WALK_VARIANTS = [8, 16, 32];

/**
 * Beside each CUDA decode default (issue 17's decode goal, latency-bound at B 1): the recurrent kernel's inputs
 * staged or in registers, with and without the dependent launch, and other splits of the state columns over warps
 * (those equal to the default or an earlier variant, or outside the rules, are left out)
 */
const GDR_DECODE_VARIANTS: readonly (readonly [string, Readonly<Record<string, ParamValue>>])[] = [
  ['staged', { inputs: 'staged', dependent_launch: false }],
  ['staged-pdl', { inputs: 'staged', dependent_launch: true }],
  ['reg', { inputs: 'registers', dependent_launch: false }],
  ['reg-pdl', { inputs: 'registers', dependent_launch: true }],
  ['reg-pdl-ks16-bv8', { inputs: 'registers', dependent_launch: true, k_split: 16, block_v: 8, vector_width: 4 }],
  ['reg-pdl-ks32-bv4', { inputs: 'registers', dependent_launch: true, k_split: 32, block_v: 4, vector_width: 4 }],
];

/**
 * FLA's sampled rows come back for the check here up to this size per case (T 8192: 8 MiB, which with
 * kforge's rows and the conformance outputs would pass the device tool's 64 MiB); past it FLA is
 * checked on the device alone, against the float64 recurrence computed there
 */
export const FLA_ROW_BYTES = 2 << 20;

/**
 * FLA beside each CUDA gated_delta_rule case (fla_gated_delta_rule.py): chunk_gated_delta_rule for
 * prefill, fused_recurrent_gated_delta_rule for decode, on the same generated inputs, eager and under
 * CUDA-graph replay. Planned from the specs, so that FLA runs even where kforge's kernel does not emit
 * yet; `bf16`: also FLA in bf16 (its fast path; kforge has f32 inputs only) on the first prefill shape
 * (off by default: its Triton autotuning adds about a minute on the device).
 */
export function flaBaselines(
  specs: readonly TimedSpec[], rotateBytes: number, repeats: number, warmup: number, caseName: (spec: TimedSpec) => string, bf16 = false,
): PlannedFlaBaseline[] {
  const cuda = specs.filter((s) => s.op === 'gated_delta_rule' && s.kind === 'perf' && s.target === 'cuda' && s.isDefault);
  const firstPrefill = cuda.find((s) => s.phase === 'prefill');
  return cuda.map((s) => {
    const sampled = opHooks('gated_delta_rule', 'sample').sample(s.params, sampleCount('gated_delta_rule', s.params));
    const rows = sampleRowsOf('gated_delta_rule', s.params, sampled.indices)!.rows;
    return {
      kforgeCase: caseName(s), params: s.params, phase: s.phase ?? 'decode', fn: s.phase === 'prefill' ? 'chunk_gated_delta_rule' : 'fused_recurrent_gated_delta_rule',
      dtypes: bf16 && s === firstPrefill ? ['f32', 'bf16'] : ['f32'], generated: generatedInputs('gated_delta_rule', s.params),
      sampleCount: sampled.indices.length, sampleUnits: sampled.indices, sampleRows: rows,
      returnRows: rows.length * Number(s.params.Dv) * 4 <= FLA_ROW_BYTES,
      rotateBytes: s.rotateBytes ?? rotateBytes, repeats: s.repeats ?? repeats, warmup: s.warmup ?? warmup,
      flops: getOp('gated_delta_rule').flops(s.params), stateBytes: 2 * Number(s.params.B) * Number(s.params.Hv) * Number(s.params.Dk) * Number(s.params.Dv) * 4,
    };
  });
}

// ---- moe: Qwen3-30B-A3B's expert layer (E 128, topk 8, H 2048, I 768), router to combine (issue 18 points 3 and 4) ----

const QWEN3_30B_A3B_MOE = 'qwen3-30b-a3b.moe';
const moeParams = (T: number, weight: WeightFormatName): Params => ({ T, H: 2048, I: 768, E: 128, topk: 8, weight, routing: 'router', normTopk: true });

interface MoeShape {
  readonly name: string;
  readonly phase: 'decode' | 'prefill';
  readonly T: number;
  readonly weights: readonly WeightFormatName[];
}

export const MOE_SHAPES: readonly MoeShape[] = [
  { name: 'decode-t1', phase: 'decode', T: 1, weights: ['f16', 'q4_0', 'w4g128'] },
  { name: 'decode-t8', phase: 'decode', T: 8, weights: ['f16', 'q4_0', 'w4g128'] },
  { name: 'prefill-t512', phase: 'prefill', T: 512, weights: ['f16', 'q4_0', 'w4g128'] },
];

/**
 * moe rotates copies filling 4 GiB: one f16 copy of the layer is 1.2 GB (so at least 3 copies, where
 * 1 GiB would give the minimum 2), while a decode step touches only its active experts (75 MB at T 1
 * in f16), so the active bytes of one pass over the copies stay several times the 60 MB L2.
 */
export const MOE_ROTATE_BYTES = 4 * 2 ** 30;
/** timed repeats and warm-up passes of the prefill case (about a millisecond a layer, several copies a pass) */
const MOE_PREFILL_TIMING = { repeats: 20, warmup: 2 } as const;

/** the input bytes of one copy (every 'in' buffer: x, the stored expert weights, the router), as the bundle's host sums them */
export function moeInputBytes(params: Params): number {
  const [T, H, I, E] = ['T', 'H', 'I', 'E'].map((n) => Number(params[n]));
  const weight = params.weight as WeightFormatName;
  const stored = (name: string, rows: number, cols: number) =>
    storedWeightTensors(weight, name, [E!, rows, cols]).reduce((n, s) => n + s.shape.reduce((a, b) => a * b, 1) * DTYPES[s.dtype].bytes, 0);
  return 4 * T! * H! + stored('w_gate', I!, H!) + stored('w_up', I!, H!) + stored('w_down', H!, I!) + (params.routing === 'router' ? 4 * E! * H! : 0);
}

/** The copies a bundle host makes of a case's inputs (cuda_host.cu: at least 2, at most 4096). */
export function copiesFor(inputBytes: number, rotateBytes: number): number {
  return Math.min(4096, Math.max(2, Math.ceil(rotateBytes / inputBytes)));
}

/** the stored bytes of one expert (gate, up and down, every plane) */
export function moeExpertBytes(params: Params): number {
  const [H, I] = ['H', 'I'].map((n) => Number(params[n]));
  const weight = params.weight as WeightFormatName;
  const stored = (name: string, rows: number, cols: number) =>
    storedWeightTensors(weight, name, [1, rows, cols]).reduce((n, s) => n + s.shape.reduce((a, b) => a * b, 1) * DTYPES[s.dtype].bytes, 0);
  return stored('w_gate', I!, H!) + stored('w_up', I!, H!) + stored('w_down', H!, I!);
}

const f32Of = (input: GeneratedInput, count: number, copy: number): Float64Array =>
  Float64Array.from(new Float32Array(generatedBytes(input, 0, 4 * count, copy).buffer));

/**
 * The distinct experts the routing picks in each of `copies` input copies (copy c of x and the router
 * generated from seed + c, as the device makes them), routed in float64 (routeByRouter).
 */
export function moeActiveExperts(params: Params, generated: Readonly<Record<string, GeneratedInput>>, copies: number): number[] {
  const [T, H, E, topk] = ['T', 'H', 'E', 'topk'].map((n) => Number(params[n])) as [number, number, number, number];
  return Array.from({ length: copies }, (_, c) => {
    const routes = routeByRouter(f32Of(generated.router!, E * H, c), f32Of(generated.x!, T * H, c), { T, H, E, topk, normTopk: params.normTopk === true });
    return new Set(routes.ids).size;
  });
}

/**
 * What a moe case's GB/s is counted over: the experts its routing picks (the mean over the copies a pass
 * reads) plus the router, x and y, each read or written once; weightBytes the experts alone.
 */
export function moeCountedBytes(params: Params, activeExperts: readonly number[]): { bytes: number; weightBytes: number } {
  const [T, H, E] = ['T', 'H', 'E'].map((n) => Number(params[n])) as [number, number, number];
  const mean = activeExperts.reduce((a, b) => a + b, 0) / activeExperts.length;
  const weightBytes = Math.round(mean * moeExpertBytes(params));
  return { bytes: weightBytes + 4 * E * H + 2 * 4 * T * H, weightBytes };
}

/** The moe cases on cuda, each with the experts its generated inputs route to counted per copy. */
export function moeTimedSpecs(targets: readonly H200Target[]): TimedSpec[] {
  if (!targets.includes('cuda')) return [];
  const specs: TimedSpec[] = [];
  for (const s of MOE_SHAPES) {
    for (const weight of s.weights) {
      const params = resolveParams(getOp('moe'), moeParams(s.T, weight));
      let config: KnobConfig = {};
      try {
        config = loweringFor('moe', 'cuda').knobs('cuda', params).defaults;
      } catch {
        // a lowering still being written: prepare names the case in plan.skipped when it does not emit
      }
      const activeExperts = moeActiveExperts(params, generatedInputs('moe', params), copiesFor(moeInputBytes(params), MOE_ROTATE_BYTES));
      const base = {
        kind: 'perf', op: 'moe', target: 'cuda', params, phase: s.phase, layer: QWEN3_30B_A3B_MOE, metric: s.phase === 'decode' ? 'gbps' : 'tflops',
        rotateBytes: MOE_ROTATE_BYTES, ...(s.phase === 'prefill' ? MOE_PREFILL_TIMING : {}), counted: moeCountedBytes(params, activeExperts), activeExperts,
      } as const;
      specs.push({ ...base, name: `perf-moe-${s.name}-${weight}`, config, isDefault: true });
      // in the same run: the default with one of this session's choices undone at a time, and session 13's default
      const check = (c: KnobConfig): boolean => {
        try {
          return loweringFor('moe', 'cuda').knobs('cuda', params).check(c) === undefined;
        } catch {
          return false;
        }
      };
      for (const [tag, variant] of moeVariants(s.phase, weight, params, config)) {
        if (JSON.stringify(variant) !== JSON.stringify(config) && check(variant)) {
          specs.push({ ...base, name: `perf-moe-${s.name}-${weight}-${tag}`, config: variant, isDefault: false });
        }
      }
    }
  }
  return specs;
}

/**
 * The variants timed beside a moe default (docs/results/2026-12-07-h100-gdr-moe-decode): beside a pair-grid
 * decode default (the expert kernels over the routed pairs, the router loads above the dependent-launch wait,
 * 256 threads) the grouped kernels' defaults (moeGroupedDecode), the pairs without the prefetch, the routing
 * folded into gate_up and other geometries (rows, threads, k_unroll); beside a grouped one the pairs (m_tile 1), the prefetch, both, both with the routing in gate_up, and f16 at m_tile 1;
 * f16 prefill at other tile shapes. Session 14's decode variants (int8, the fusions, dependent launch, rows,
 * m_tile) are in docs/results/2026-12-02-h200-moe-s14.
 */
function moeVariants(phase: 'decode' | 'prefill', weight: WeightFormatName, params: Params, config: KnobConfig): [string, KnobConfig][] {
  if (phase === 'prefill') {
    if (weight !== 'f16') return [];
    return [[64, 128, 32], [64, 128, 64], [32, 64, 64], [64, 64, 32], [32, 128, 64]].map(([m, n, k]) => [`t${m}x${n}x${k}`, { ...config, tile_m: m!, tile_n: n!, tile_k: k! }]);
  }
  if (config.pair_grid) {
    return [
      ['grouped', moeGroupedDecode('cuda', params, config)],
      ['noprefetch', { ...config, router_prefetch: false }],
      // the route dispatch folded into the pair grid's gate_up (3 dispatches at any T)
      ['route', { ...config, route_in_gate_up: true }],
      // the pair grid's geometry: fewer rows a workgroup (more workgroups), other workgroup sizes, two chunks a lane
      ['rows4', { ...config, rows: 4 }],
      ['wg64', { ...config, workgroup_size: 64 }],
      ['wg128', { ...config, workgroup_size: 128 }],
      ['ku2', { ...config, k_unroll: 2 }],
    ];
  }
  const pairs = (v: KnobConfig): KnobConfig => ({ ...v, pair_grid: true, m_tile: 1 });
  const prefetch = (v: KnobConfig): KnobConfig => ({ ...v, router_prefetch: true });
  const out: [string, KnobConfig][] = [
    ['pairs', pairs(config)],
    ['prefetch', prefetch(config)],
    ['both', pairs(prefetch(config))],
    ['route', { ...pairs(prefetch(config)), route_in_gate_up: true }],
  ];
  // f16 passes two tokens of an expert at a time where pair_grid passes one: m_tile 1 alone
  if (config.m_tile !== 1) out.push(['mt1', { ...config, m_tile: 1 }]);
  return out;
}

/**
 * The peers of the f16 moe cases (moe_peers.py), planned from the specs so that they run where kforge's
 * kernel does not emit yet: vLLM's Triton fused_moe kernel (its source carried as .vllm/, never
 * committed) under CUDA-graph replay and eager, as the whole layer and as its kernels alone (the routing
 * and alignment made before the timed region), torch._grouped_mm at prefill, and a plain PyTorch eager
 * loop over the active experts; on the same generated f16 weights, x and router, the same copies.
 */
export function moePeers(specs: readonly TimedSpec[], repeats: number, warmup: number, caseName: (spec: TimedSpec) => string): PlannedMoePeer[] {
  return specs.filter((s) => s.op === 'moe' && s.kind === 'perf' && s.isDefault && s.params.weight === 'f16').map((s) => {
    const sample = opHooks('moe', 'sample').sample(s.params, sampleCount('moe', s.params));
    const rotateBytes = s.rotateBytes ?? MOE_ROTATE_BYTES;
    return {
      kforgeCase: caseName(s), params: s.params, phase: s.phase ?? 'decode', layer: s.layer ?? QWEN3_30B_A3B_MOE,
      impls: s.phase === 'prefill' ? ['fused_moe', 'fused_moe_kernels', 'grouped_mm', 'eager'] : ['fused_moe', 'fused_moe_kernels', 'eager'],
      generated: generatedInputs('moe', s.params), sampleCount: sample.indices.length, sampleTokens: sample.indices,
      rotateBytes, copies: copiesFor(moeInputBytes(s.params), rotateBytes), repeats: s.repeats ?? repeats, warmup: s.warmup ?? warmup,
      flops: getOp('moe').flops(s.params), bytes: s.counted!.bytes, activeBytes: s.counted!.weightBytes, activeExperts: s.activeExperts ?? [],
    };
  });
}
