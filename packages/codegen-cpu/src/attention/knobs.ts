/** The knobs of the fixed-width SIMD attention lowering: domains, the check and the decode/prefill defaults. */
import type { KnobConfig, KnobSpace, Params } from '@kforge/ir';
import type { CpuSimdTarget } from '../gemv/knobs.ts';
import type { AttentionSimdConfig } from './simd.ts';

export interface AttentionCpuConfig extends AttentionSimdConfig {
  /** OpenMP threads (0: the executor's default) */
  readonly threads: number;
}

const BLOCK_Q = [1, 2, 4, 8, 16];
const BLOCK_KV = [16, 32, 64, 128, 256];
const KV_SPLITS = [1, 2, 4, 8, 16];
const THREADS = [0, 1, 2, 4, 8];
/** a work item's rows (the heads of a kv group times block_q) */
const MAX_ROWS = 64;
/** bytes of a work item's private arrays (staged q, scores, accumulators): they live on a thread's stack */
const MAX_PRIVATE_BYTES = 256 << 10;

export const ATTENTION_F32_LANES: Readonly<Record<CpuSimdTarget, number>> = { c: 1, avx2: 8, avx512: 16, neon: 4 };

const num = (params: Params, name: string): number => Number(params[name]);

function privateBytes(params: Params, blockQ: number, blockKv: number, mma: unknown = 'none', pvPath: unknown = 'float'): number {
  const R = (num(params, 'Hq') / num(params, 'Hkv')) * blockQ;
  // int8 p·v (attention/simd.ts): V codes of the tile, its scales, u8 p per row and V block, their scales
  const pv = pvPath === 'int8' ? blockKv * num(params, 'Dv') + (num(params, 'Dv') / 32) * (blockKv * 4 + R * blockKv + R * 4)
    : pvPath === 'bf16' ? (blockKv / 2) * (num(params, 'Dv') + R) * 4 : 0;
  if (mma === 'bf16') {
    // rows padded to 16 lanes (attention/simd.ts rowLanesBf16): q, scores, p pairs, K, V, v pairs, accumulators
    const RP = Math.ceil(R / 16) * 16;
    const DvP = Math.ceil(num(params, 'Dv') / 16) * 16;
    return (num(params, 'D') * RP + blockKv * RP * 1.5 + blockKv * num(params, 'D') + blockKv * DvP * 1.5 + DvP * RP + 4 * RP) * 4;
  }
  const D = num(params, 'D') + 16;
  const Dv = num(params, 'Dv');
  // query tiles stage the K and V tile as f32 too (attention/simd.ts)
  return (R * (2 * D + Dv + blockKv + 2) + (blockQ > 1 ? blockKv * (D + Dv) : 0)) * 4 + pv;
}

/**
 * Decode (Sq = 1): one query position per work item (the group's heads share each K/V row), long tiles,
 * and enough kv splits that the work items fill the threads twice over. Prefill: query tiles of about
 * 32 rows (group heads times positions), so that each K/V tile serves many rows.
 */
export function attentionSimdDefaults(target: CpuSimdTarget, params: Params): AttentionCpuConfig {
  const kv = params.kv as string;
  const dotPath = kv === 'q8_0' && target !== 'c' ? 'int8' : 'float';
  const G = num(params, 'Hq') / num(params, 'Hkv');
  const Sq = num(params, 'Sq');
  const threads = 2;
  if (Sq === 1) {
    const items = num(params, 'B') * num(params, 'Hkv');
    const splits = KV_SPLITS.find((s) => items * s >= 4 * threads) ?? 16;
    return { block_q: 1, block_kv: 128, kv_splits: splits, threads, dot_path: dotPath, ...mmaDefault(target, params, true), ...pvDefault(target, params, true), ...qScaleDefault(target, params, dotPath, true) };
  }
  const mma = mmaDefault(target, params, false);
  let blockQ = 1;
  for (const q of BLOCK_Q) {
    if (q <= Sq && G * q <= 32 && privateBytes(params, q, 64) <= MAX_PRIVATE_BYTES && privateBytes(params, q, 64, mma.mma) <= MAX_PRIVATE_BYTES) blockQ = q;
  }
  return { block_q: blockQ, block_kv: 64, kv_splits: 1, threads, dot_path: dotPath, ...mma, ...pvDefault(target, params, false), ...qScaleDefault(target, params, dotPath, false) };
}

/** the zmm int8 q·k (avx512, D / 32 even) has the per-row q scale (q_scale 'row') */
const wideQ = (target: CpuSimdTarget, params: Params): boolean => target === 'avx512' && params.kv === 'q8_0' && (num(params, 'D') / 32) % 2 === 0;
function qScaleDefault(target: CpuSimdTarget, params: Params, dotPath: string, decode: boolean): { q_scale?: 'block' | 'row' } {
  if (!wideQ(target, params)) return {};
  return { q_scale: dotPath === 'int8' && decode && manyRows(params) ? 'row' : 'block' };
}

/**
 * Decode work items of at least 8 rows (query heads per kv head) take q8_0's int8 p·v with one q scale
 * per row on AVX-512: measured on Zen 5 (docs/results/2026-12-02-attention-cpu-zen5, session 14),
 * Qwen3-30B-A3B (8 rows) 1.13-1.20x faster; at 2 rows (Qwen3-0.6B) the V staging does not pay (0.75-0.8x)
 * and the row scale alone is neutral. 3 to 7 rows were not measured and keep the float path.
 */
const manyRows = (params: Params): boolean => num(params, 'Hq') / num(params, 'Hkv') >= 8;

/** AVX-512 has a second p·v path: int8 for q8_0 KV (decode default at 8 rows and more, manyRows), bf16 for f32/f16 KV */
function pvDefault(target: CpuSimdTarget, params: Params, decode: boolean): { pv_path?: 'float' | 'int8' | 'bf16' } {
  if (target !== 'avx512') return {};
  const q8 = params.kv === 'q8_0';
  // bf16 p·v measured no faster than f32 in decode (0.6B 0.67-0.75x, 30B 0.91-1.0x: session 14): never the default
  return { pv_path: decode && q8 && manyRows(params) ? 'int8' : 'float' };
}

/**
 * AVX-512 offers the rows-as-lanes prefill with bf16 p·v (mma 'bf16'); it is the default for f16 KV
 * prefill: measured 1.24-1.35x faster than f32 throughout on Qwen3-0.6B and Qwen3-30B-A3B at S 512 and
 * 2048 (Zen 5, session 14), nmse 1.7-2.3e-6 within SPEC's f16 bound. Decode and f32 KV (whose bound
 * the f32 path meets) keep 'none'.
 */
const mmaDefault = (target: CpuSimdTarget, params: Params, decode: boolean): { mma?: 'none' | 'bf16' } =>
  (target === 'avx512' ? { mma: !decode && params.kv === 'f16' ? 'bf16' : 'none' } : {});

export function attentionSimdKnobSpace(target: CpuSimdTarget, params: Params): KnobSpace {
  const q8 = params.kv === 'q8_0';
  const L = ATTENTION_F32_LANES[target];
  return {
    knobs: [
      { name: 'block_q', values: BLOCK_Q, doc: 'query positions per work item, each with every head of the kv group (they share each K/V tile)' },
      { name: 'block_kv', values: BLOCK_KV.filter((b) => b % L === 0), doc: 'keys per tile of the online softmax' },
      { name: 'kv_splits', values: KV_SPLITS, doc: 'key ranges per query tile computed in parallel and combined after (1: none)' },
      { name: 'threads', values: THREADS, doc: 'OpenMP threads (0: executor default)' },
      { name: 'dot_path', values: q8 ? ['float', 'int8'] : ['float'], doc: 'q8_0 KV: float dequantizes k; int8 quantizes q per 32-block and takes q·k as integer dot products' },
      ...(target === 'avx512'
        ? [{ name: 'mma', values: ['none', 'bf16'], doc: "'bf16': query rows as vector lanes, q·k in f32, p·v by vdpbf16ps on bf16 pairs of p and v (SPEC's f16/bf16 bound)" }]
        : []),
      ...(wideQ(target, params)
        ? [{ name: 'q_scale', values: ['block', 'row'], doc: "int8 q·k on zmm: 'row' quantizes q with one scale per row (applied after the reduction), 'block' one per 32-block" }]
        : []),
      ...(target === 'avx512'
        ? [{
          name: 'pv_path', values: q8 ? ['float', 'int8'] : ['float', 'bf16'],
          doc: q8 ? "q8_0 V: 'int8' quantizes p (times V's block scale) to u8 per tile and takes p·v by zmm vpdpbusd on V's codes (needs dot_path int8)"
            : "'bf16': p and V rounded to bf16, p·v by vdpbf16ps on pairs of keys (SPEC's f16/bf16 bound; block_q 1, block_kv a multiple of 32)",
        }]
        : []),
    ],
    check: (config: KnobConfig) => checkAttentionSimdConfig(target, params, config),
    defaults: attentionSimdDefaults(target, params) as unknown as KnobConfig,
  };
}

/** undefined when valid, else why not */
export function checkAttentionSimdConfig(target: CpuSimdTarget, params: Params, config: KnobConfig): string | undefined {
  const { block_q: blockQ, block_kv: blockKv, kv_splits: splits, threads, dot_path: dotPath, mma = 'none', pv_path: pvPath = 'float', q_scale: qScale = 'block' } = config as Partial<Record<string, unknown>>;
  const L = ATTENTION_F32_LANES[target];
  if (!BLOCK_Q.includes(blockQ as number)) return `block_q must be one of ${BLOCK_Q.join(', ')}`;
  if (!BLOCK_KV.includes(blockKv as number)) return `block_kv must be one of ${BLOCK_KV.join(', ')}`;
  if ((blockKv as number) % L !== 0) return `block_kv must be a multiple of the ${L} f32 lanes of ${target}`;
  if (!KV_SPLITS.includes(splits as number)) return `kv_splits must be one of ${KV_SPLITS.join(', ')}`;
  if (!THREADS.includes(threads as number)) return `threads must be one of ${THREADS.join(', ')}`;
  if (dotPath !== 'float' && dotPath !== 'int8') return 'dot_path must be float or int8';
  if (dotPath === 'int8' && params.kv !== 'q8_0') return `dot_path int8 needs q8_0 KV, not ${params.kv}`;
  if (mma !== 'none' && !(mma === 'bf16' && target === 'avx512')) return `mma must be none${target === 'avx512' ? ' or bf16' : ''} on ${target}`;
  if (mma === 'bf16' && dotPath !== 'float') return "mma bf16 takes q·k in f32: dot_path must be float";
  if (qScale !== 'block' && qScale !== 'row') return 'q_scale must be block or row';
  if (qScale === 'row' && !(wideQ(target, params) && dotPath === 'int8')) return 'q_scale row needs the int8 dot path on avx512 with D / 32 even';
  if (pvPath !== 'float' && pvPath !== 'int8' && pvPath !== 'bf16') return 'pv_path must be float, int8 or bf16';
  if (pvPath === 'int8' && !(target === 'avx512' && params.kv === 'q8_0')) return `pv_path int8 needs q8_0 KV on avx512, not ${params.kv} on ${target}`;
  if (pvPath === 'int8' && dotPath !== 'int8') return 'pv_path int8 goes with dot_path int8';
  if (pvPath === 'bf16') {
    if (!(target === 'avx512' && params.kv !== 'q8_0')) return `pv_path bf16 needs f32 or f16 KV on avx512, not ${params.kv} on ${target}`;
    if (mma !== 'none') return 'pv_path bf16 is the row-per-work-item p·v: mma must be none (mma bf16 has its own)';
    if (blockQ !== 1) return 'pv_path bf16 needs block_q 1 (query tiles stage V as f32)';
    if ((blockKv as number) % 32 !== 0) return 'pv_path bf16 needs block_kv a multiple of 32 (keys pair as j and j + 16 of each 32)';
    if (num(params, 'Dv') % 16 !== 0) return 'pv_path bf16 needs Dv a multiple of 16';
  }
  if ((blockQ as number) > num(params, 'Sq')) return `block_q ${blockQ} exceeds Sq = ${params.Sq}`;
  const G = num(params, 'Hq') / num(params, 'Hkv');
  if (G * (blockQ as number) > MAX_ROWS) return `block_q ${blockQ} times the ${G} heads of a kv group exceeds ${MAX_ROWS} rows per work item`;
  if (privateBytes(params, blockQ as number, blockKv as number, mma, pvPath) > MAX_PRIVATE_BYTES) {
    return `block_q ${blockQ} and block_kv ${blockKv} need more than ${MAX_PRIVATE_BYTES >> 10} KiB of private arrays per thread at D ${params.D}, Dv ${params.Dv}`;
  }
  return undefined;
}
