/** The knobs of the SIMD gemv lowering: domains, constraints and per-target defaults for the tuner. */
import type { KnobConfig, KnobSpace, Params, WeightFormatName } from '@kforge/ir';
import { FORMATS, weightRowBytes } from '@kforge/ir';
import type { GemvSimdConfig } from './simd.ts';
import { gemvRvvKnobSpace } from '../rvv/knobs.ts';
import { gemvHvxKnobSpace } from '../hvx/knobs.ts';

export type CpuSimdTarget = 'c' | 'avx2' | 'avx512' | 'neon';
/** every CPU-class target: the fixed-width SIMD ones, scalable RVV and the HVX DSP */
export type CpuTarget = CpuSimdTarget | 'rvv' | 'hvx';

/** the threads knob: 0 leaves the count to the executor (OMP_NUM_THREADS) */
export interface GemvCpuConfig extends GemvSimdConfig {
  readonly threads: number;
  readonly prefetch: number;
  readonly row_order: 'adjacent' | 'spread';
}

const ROWS = [1, 2, 4, 8];
const M_TILES = [1, 2, 4];
const K_UNROLLS = [1, 2, 4];
const THREADS = [0, 1, 2, 4, 8];
/** bytes ahead in each weight row (quantized weights on the SIMD targets); 0: none */
const PREFETCH = [0, 2048, 4096];
const PREFETCH_X86 = 4096;
/** 'spread': the rows of a block are N/rows apart (gemv/simd.ts) */
const ROW_ORDERS = ['adjacent', 'spread'];
/** int8 dot vector bits: 256 (ymm, every x86 table) or 512 (zmm: avx512 only) */
const DOT_WIDTHS = [256, 512];

function quantized(params: Params): boolean {
  return FORMATS[params.weight as WeightFormatName].kind !== 'dense';
}

/**
 * Bytes of one weight row below which dense decode (M = 1) on x86 reads one row at a time: adjacent
 * rows in flight at once are short separate streams that end before the prefetcher has ramped up,
 * so they lose to one long sequential stream (avx2, 2 threads: bf16 54% -> 66% of the read probe;
 * docs/performance-cpu.md). Quantized weights spread their rows instead (gemvCpuDefaults).
 */
const SHORT_ROW_BYTES = 3 << 10;

const rowBytes = (params: Params): number => weightRowBytes(params.weight as WeightFormatName, Number(params.K));

export function gemvCpuDefaults(target: CpuSimdTarget, params?: Params): GemvCpuConfig {
  const dotPath = params && quantized(params) && target !== 'c' ? 'int8' : 'float';
  const M = params ? Number(params.M) : 1;
  const mTile = M >= 4 ? 4 : M >= 2 ? 2 : 1;
  const x86 = target === 'avx2' || target === 'avx512';
  // measured on avx2 (docs/performance-cpu.md); NEON is only emulated here, so it keeps none
  const prefetch = x86 && params && quantized(params) ? PREFETCH_X86 : 0;
  if (x86 && dotPath === 'int8') {
    // quantized weights, measured on avx2 (docs/performance-cpu.md): decode streams 2 rows N/2 apart
    // (2 weight streams per thread); batches share each weight vector over the rows of x instead.
    // avx512: zmm dot vectors where they measured faster on Zen 5 (docs/results/2026-12-02-ggml-repack-zen5):
    // batches (M > 1) of the block formats (q8_0 M 16: 1.21-1.25x); decode (M = 1: ymm 4-23% faster)
    // and the planar w4g formats (M 16: ymm 5-6% faster) keep the ymm groups
    // (named at both widths: a config completed at another M must keep its width)
    const wide = target === 'avx512' ? { dot_width: M > 1 && FORMATS[params!.weight as WeightFormatName].kind === 'block' ? 512 as const : 256 as const } : {};
    return M === 1
      ? { rows: 2, m_tile: 1, k_unroll: 2, threads: 2, dot_path: dotPath, prefetch, row_order: 'spread', ...wide }
      : { rows: 1, m_tile: mTile, k_unroll: 4, threads: 2, dot_path: dotPath, prefetch, row_order: 'adjacent', ...wide };
  }
  if (x86 && M === 1 && params) {
    // decode: long rows share each x load over 8 rows. Short rows, on avx2 (docs/performance-cpu.md),
    // stream one at a time with 4 accumulator sets; on avx512 (the 16-core Xeon of the GPU machine,
    // 2 threads, interleaved with the avx2 choice: bf16 3072x1024 68 -> 88%, 151936x1024 63 -> 92% of
    // the read probe; docs/results/2026-11-29-h200-sweeps) 4 rows N/4 apart, four streams per thread
    if (rowBytes(params) >= SHORT_ROW_BYTES) return { rows: 8, m_tile: 1, k_unroll: 1, threads: 2, dot_path: dotPath, prefetch, row_order: 'adjacent' };
    return target === 'avx512'
      ? { rows: 4, m_tile: 1, k_unroll: 1, threads: 2, dot_path: dotPath, prefetch, row_order: 'spread' }
      : { rows: 1, m_tile: 1, k_unroll: 4, threads: 2, dot_path: dotPath, prefetch, row_order: 'adjacent' };
  }
  const rows = target === 'c' ? 2 : 4;
  return {
    rows,
    m_tile: mTile,
    // two accumulator sets hide FMA latency while rows * m_tile alone leaves too few chains
    k_unroll: target === 'c' || rows * mTile > 8 ? 1 : 2,
    threads: 2,
    dot_path: dotPath,
    prefetch,
    row_order: 'adjacent',
  };
}

export function gemvKnobSpace(params: Params, target: CpuTarget): KnobSpace {
  if (target === 'rvv') return gemvRvvKnobSpace(params);
  if (target === 'hvx') return gemvHvxKnobSpace(params);
  const isQuant = quantized(params);
  return {
    knobs: [
      { name: 'rows', values: ROWS, doc: 'weight rows per block (and per thread work item)' },
      { name: 'm_tile', values: M_TILES, doc: 'rows of x sharing each loaded weight vector' },
      { name: 'k_unroll', values: K_UNROLLS, doc: 'independent accumulator sets along K' },
      { name: 'threads', values: THREADS, doc: 'OpenMP threads (0: executor default)' },
      { name: 'dot_path', values: isQuant ? ['float', 'int8'] : ['float'], doc: 'float: dequantize to f32 and fma; int8: x quantized per 32-block, integer dot products' },
      { name: 'prefetch', values: isQuant && target !== 'c' ? PREFETCH : [0], doc: 'software prefetch this many bytes ahead in each weight row (0: none)' },
      { name: 'row_order', values: ROW_ORDERS, doc: "adjacent: a block's rows are consecutive; spread: N/rows apart, one weight stream each" },
      ...(target === 'avx512' && isQuant ? [{ name: 'dot_width', values: DOT_WIDTHS, doc: 'int8 path: bits of one integer dot vector (256: ymm, 512: zmm vpdpbusd)' }] : []),
    ],
    check: (config: KnobConfig) => checkGemvCpuConfig(config, params, target),
    defaults: gemvCpuDefaults(target, params) as unknown as KnobConfig,
  };
}

/** undefined when valid, else why not */
export function checkGemvCpuConfig(config: KnobConfig, params: Params, target?: CpuSimdTarget): string | undefined {
  const { rows, m_tile: mTile, k_unroll: kUnroll, threads, dot_path: dotPath, prefetch = 0, row_order: rowOrder = 'adjacent', dot_width: dotWidth = 256 } = config as Partial<Record<string, unknown>>;
  if (!ROWS.includes(rows as number)) return `rows must be one of ${ROWS.join(', ')}`;
  if (!M_TILES.includes(mTile as number)) return `m_tile must be one of ${M_TILES.join(', ')}`;
  if (!K_UNROLLS.includes(kUnroll as number)) return `k_unroll must be one of ${K_UNROLLS.join(', ')}`;
  if (!THREADS.includes(threads as number)) return `threads must be one of ${THREADS.join(', ')}`;
  if (dotPath !== 'float' && dotPath !== 'int8') return 'dot_path must be float or int8';
  if (dotPath === 'int8' && !quantized(params)) return `dot_path int8 needs a quantized weight format, not ${params.weight}`;
  if (!PREFETCH.includes(prefetch as number)) return `prefetch must be one of ${PREFETCH.join(', ')}`;
  if (!ROW_ORDERS.includes(rowOrder as string)) return `row_order must be one of ${ROW_ORDERS.join(', ')}`;
  if (prefetch !== 0 && (!quantized(params) || target === 'c')) return 'prefetch applies to quantized weights on the SIMD targets';
  if (!DOT_WIDTHS.includes(dotWidth as number)) return `dot_width must be one of ${DOT_WIDTHS.join(', ')}`;
  if (dotWidth === 512 && (dotPath !== 'int8' || (target !== undefined && target !== 'avx512'))) return 'dot_width 512 applies to the int8 path on avx512';
  if ((mTile as number) > Number(params.M)) return `m_tile ${mTile} exceeds M = ${params.M}`;
  // accumulators must stay in registers (16 on NEON/AVX2 leave room for operands at 16 accumulators)
  if ((rows as number) * (mTile as number) * (kUnroll as number) > 16) return 'rows * m_tile * k_unroll must be at most 16';
  return undefined;
}
