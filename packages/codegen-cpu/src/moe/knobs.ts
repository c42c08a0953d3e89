/** The knobs of the fixed-width SIMD moe lowering (the op's vocabulary): domains, the check and the per-target defaults. */
import type { KnobConfig, KnobSpace, Params, WeightFormatName } from '@kforge/ir';
import { FORMATS } from '@kforge/ir';
import type { CpuSimdTarget } from '../gemv/knobs.ts';

export interface MoeSimdConfig {
  /** 'gather': per active expert, row blocks of its weights against its tokens, m_tile at a time */
  readonly variant: 'gather';
  /** rows per work item: gate_up tiles take `rows` rows of w_gate and of w_up, down tiles 2 * rows rows of w_down */
  readonly rows: number;
  /** tokens of one expert sharing each loaded weight vector */
  readonly m_tile: number;
  /** independent accumulator sets along the reduction */
  readonly k_unroll: number;
  readonly dot_path: 'float' | 'int8';
  /** quantized weights: software prefetch this many bytes ahead in each weight row (0: none) */
  readonly prefetch: number;
  /** OpenMP threads (0: the executor's default) */
  readonly threads: number;
}

const VARIANTS = ['gather'];
const ROWS = [1, 2, 4];
const M_TILES = [1, 2, 4];
const K_UNROLLS = [1, 2, 4];
const THREADS = [0, 1, 2, 4, 8];
const PREFETCH = [0, 2048, 4096];
/** accumulators of a gate_up tile (2 * rows * m_tile * k_unroll) that stay in registers */
const MAX_ACCUMULATORS = 16;

function quantized(params: Params): boolean {
  return FORMATS[params.weight as WeightFormatName].kind !== 'dense';
}

/** Defaults depend on the target and the weight format only (never on T: one kernel serves decode and prefill). */
export function moeSimdDefaults(target: CpuSimdTarget, params: Params): MoeSimdConfig {
  const quant = quantized(params);
  const x86 = target === 'avx2' || target === 'avx512';
  return {
    variant: 'gather',
    // two rows of w_gate and of w_up (four of w_down) per item, each its own stream through the expert
    rows: 2,
    m_tile: 2,
    k_unroll: target === 'c' ? 1 : 2,
    dot_path: quant && target !== 'c' ? 'int8' : 'float',
    prefetch: quant && x86 ? 2048 : 0,
    threads: 2,
  };
}

export function moeSimdKnobSpaceOf(target: CpuSimdTarget, params: Params): KnobSpace {
  const quant = quantized(params);
  return {
    knobs: [
      { name: 'variant', values: VARIANTS, doc: "'gather': per active expert, row blocks of its weights read once for all its tokens" },
      { name: 'rows', values: ROWS, doc: 'weight rows per work item (gate_up: of w_gate and of w_up each; down: twice as many of w_down)' },
      { name: 'm_tile', values: M_TILES, doc: "tokens of one expert sharing each loaded weight vector" },
      { name: 'k_unroll', values: K_UNROLLS, doc: 'independent accumulator sets along the reduction' },
      { name: 'dot_path', values: quant ? ['float', 'int8'] : ['float'], doc: "'float': weights widened to f32; 'int8': activations quantized per 32-block, integer dot products" },
      { name: 'prefetch', values: quant && target !== 'c' ? PREFETCH : [0], doc: 'software prefetch distance in bytes along each weight row (0: none)' },
      { name: 'threads', values: THREADS, doc: 'OpenMP threads (0: executor default)' },
    ],
    check: (config: KnobConfig) => checkMoeSimdConfig(target, params, config),
    defaults: moeSimdDefaults(target, params) as unknown as KnobConfig,
  };
}

/** undefined when valid, else why not */
export function checkMoeSimdConfig(target: CpuSimdTarget, params: Params, config: KnobConfig): string | undefined {
  const { variant, rows, m_tile: mTile, k_unroll: kUnroll, dot_path: dotPath, prefetch, threads } = config as Partial<Record<string, unknown>>;
  if (!VARIANTS.includes(variant as string)) return `variant must be one of ${VARIANTS.join(', ')}`;
  if (!ROWS.includes(rows as number)) return `rows must be one of ${ROWS.join(', ')}`;
  if (!M_TILES.includes(mTile as number)) return `m_tile must be one of ${M_TILES.join(', ')}`;
  if (!K_UNROLLS.includes(kUnroll as number)) return `k_unroll must be one of ${K_UNROLLS.join(', ')}`;
  if (dotPath !== 'float' && dotPath !== 'int8') return "dot_path must be 'float' or 'int8'";
  if (dotPath === 'int8' && !quantized(params)) return `dot_path int8 needs a quantized weight format, not ${params.weight}`;
  if (!PREFETCH.includes(prefetch as number)) return `prefetch must be one of ${PREFETCH.join(', ')}`;
  if (prefetch !== 0 && (!quantized(params) || target === 'c')) return 'prefetch applies to quantized weights on the SIMD targets';
  if (!THREADS.includes(threads as number)) return `threads must be one of ${THREADS.join(', ')}`;
  if (2 * (rows as number) * (mTile as number) * (kUnroll as number) > MAX_ACCUMULATORS) return `2 * rows * m_tile * k_unroll must be at most ${MAX_ACCUMULATORS} (gate_up accumulators)`;
  return undefined;
}
