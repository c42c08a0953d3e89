/**
 * attention on hvx -> KernelArtifact, printed as freestanding C (no libc, no libm) like gemv on hvx:
 * q8_0 KV on the int8 path is the vrmpy kernel (attention-kernel.ts); f32/f16 KV and q8_0 'float' run
 * on the scalar core, the fixed-width SIMD lowering at width 1 (attention/simd.ts with ScalarRules).
 */
import type { Kernel, KnobConfig, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { InputError } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { renderKernel } from '@kforge/codegen-core';
import { attentionCpuArtifact, attentionScratch, attentionShape, renderKernels, type AttentionShape } from '../rvv/attention-artifact.ts';
import { lowerAttentionSimd } from '../attention/simd.ts';
import { attentionCpuArtifact as scalarCoreArtifact } from '../attention/simd-emit.ts';
import { checkAttentionSimdConfig } from '../attention/knobs.ts';
import { ScalarRules } from '../isa/scalar.ts';
import { FREESTANDING_C_DIALECT } from './dialect.ts';
import { lowerAttentionHvxInt8, type AttentionHvxConfig } from './attention-kernel.ts';
import { HvxRules } from './rules.ts';

const BLOCK_Q = [1, 2, 4, 8];
const BLOCK_KV = [16, 32, 64, 128];
const KV_SPLITS = [1, 2, 4, 8];
/** rows of a block (group heads times block_q): the per-row arrays live on the stack */
const MAX_ROWS = 64;

/** decode: one position (the group's heads share each K tile), long tiles; prefill: about 16 rows per block */
export function attentionHvxDefaults(params: Params): AttentionHvxConfig {
  const { params: p, shape } = attentionShape(params);
  const dot_path = shape.kv === 'q8_0' ? 'int8' : 'float';
  if (Number(p.Sq) === 1) return { block_q: 1, block_kv: 128, kv_splits: 1, dot_path };
  const block_q = [...BLOCK_Q].reverse().find((q) => q <= Number(p.Sq) && q * shape.group <= 16) ?? 1;
  return { block_q, block_kv: 64, kv_splits: 1, dot_path };
}

export function attentionHvxKnobSpace(params: Params): KnobSpace {
  const q8 = attentionShape(params).shape.kv === 'q8_0';
  return {
    knobs: [
      { name: 'block_q', values: BLOCK_Q, doc: 'query positions per block of rows, each with every head of the kv group (they share each K/V tile)' },
      { name: 'block_kv', values: BLOCK_KV, doc: 'keys per tile of the online softmax' },
      { name: 'kv_splits', values: KV_SPLITS, doc: 'parts of the key range, each with its own (max, sum, o), merged after' },
      { name: 'dot_path', values: q8 ? ['float', 'int8'] : ['float'], doc: 'q8_0 KV: int8 quantizes q per 32-block, vrmpy on HVX; float: scalar core (float HVX needs v68+)' },
    ],
    check: (config: KnobConfig) => checkAttentionHvxConfig(config, params),
    defaults: attentionHvxDefaults(params) as unknown as KnobConfig,
  };
}

export function checkAttentionHvxConfig(config: KnobConfig, params: Params): string | undefined {
  const { block_q: BQ, block_kv: BKV, kv_splits: S, dot_path: dot } = config as Partial<Record<string, unknown>>;
  const { params: p, shape } = attentionShape(params);
  if (!BLOCK_Q.includes(BQ as number)) return `block_q must be one of ${BLOCK_Q.join(', ')}`;
  if (!BLOCK_KV.includes(BKV as number)) return `block_kv must be one of ${BLOCK_KV.join(', ')}`;
  if (!KV_SPLITS.includes(S as number)) return `kv_splits must be one of ${KV_SPLITS.join(', ')}`;
  if (dot !== 'float' && dot !== 'int8') return 'dot_path must be float or int8';
  if (dot === 'int8' && shape.kv !== 'q8_0') return `dot_path int8 needs q8_0 KV, not ${shape.kv}`;
  if ((BQ as number) > Number(p.Sq)) return `block_q ${BQ} exceeds Sq = ${p.Sq}`;
  if ((BQ as number) * shape.group > MAX_ROWS) return `block_q ${BQ} times the ${shape.group} heads of a kv group exceeds ${MAX_ROWS} rows per block`;
  // the scalar-core path is the SIMD lowering at width 1, with its own limits (private arrays)
  if (dot === 'float') return checkAttentionSimdConfig('c', p, { block_q: BQ as number, block_kv: BKV as number, kv_splits: S as number, dot_path: 'float', threads: 1 });
  return undefined;
}

function resolve(params: Params, config?: Readonly<Record<string, ParamValue>>): { shape: AttentionShape; full: AttentionHvxConfig } {
  const full = { ...attentionHvxDefaults(params), ...(config ?? {}) } as AttentionHvxConfig;
  const why = checkAttentionHvxConfig(full as unknown as KnobConfig, params);
  if (why) throw new InputError(`attention hvx config ${JSON.stringify(config ?? {})}: ${why}`);
  return { shape: attentionShape(params).shape, full };
}

/** The lowered kernels and their freestanding source (golden tests, inspection). */
export function attentionHvxKernels(params: Params, config?: Readonly<Record<string, ParamValue>>): { kernels: Kernel[]; source: string } {
  const { shape, full } = resolve(params, config);
  if (full.dot_path === 'int8') {
    const kernels = lowerAttentionHvxInt8(shape, full);
    return { kernels, source: renderKernels(kernels, { ...FREESTANDING_C_DIALECT, isa: HvxRules }) };
  }
  const scalar = lowerAttentionSimd(attentionShape(params).params, { ...full, dot_path: 'float' }, ScalarRules);
  const kernel = { ...scalar, name: `${scalar.name}_hvx` };
  return { kernels: [kernel], source: renderKernel(kernel, { ...FREESTANDING_C_DIALECT, isa: ScalarRules.rules }) };
}

export function emitAttentionHvx(params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  const { shape, full } = resolve(params, config);
  const fullConfig = full as unknown as Record<string, ParamValue>;
  const { kernels, source } = attentionHvxKernels(params, fullConfig);
  if (full.dot_path === 'int8') {
    return attentionCpuArtifact('hvx', params, fullConfig, kernels, source, attentionScratch(shape, full.kv_splits, true), 'int8-activations', 1);
  }
  return scalarCoreArtifact('hvx', attentionShape(params).params, fullConfig, kernels[0]!, source, 1);
}
