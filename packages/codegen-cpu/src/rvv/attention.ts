/**
 * attention on rvv: knobs, config check, lowering (attention-kernel.ts), RVV rules -> KernelArtifact.
 * Single-threaded as gemv on rvv: Debian has no riscv64 libomp for clang (exec/cpu/toolchains.ts).
 */
import type { Kernel, KnobConfig, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { InputError } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { C_DIALECT } from '@kforge/codegen-core';
import { attentionCpuArtifact, attentionScratch, attentionShape, renderKernels, type AttentionShape } from './attention-artifact.ts';
import { lowerAttentionRvv, type AttentionRvvConfig } from './attention-kernel.ts';
import { RVV_F32_LMULS, RVV_I8_LMULS, RvvRules } from './rules.ts';

const BLOCK_Q = [1, 2, 4, 8];
const BLOCK_KV = [16, 32, 64, 128];
const KV_SPLITS = [1, 2, 4, 8];
/** the p·v step holds one accumulator per row, the v strip and a broadcast p */
const VECTOR_REGISTERS = 32;

/** decode: a block is the whole group (each K/V tile read once per kv head); prefill: 8 rows */
export function attentionRvvDefaults(params: Params): AttentionRvvConfig {
  const { params: p, shape } = attentionShape(params);
  const decode = Number(p.Sq) === 1;
  const block_q = decode ? BLOCK_Q.find((r) => r >= shape.group) ?? 8 : 8;
  return { lmul: 2, block_q, block_kv: 64, kv_splits: 1, dot_path: shape.kv === 'q8_0' ? 'int8' : 'float' };
}

export function attentionRvvKnobSpace(params: Params): KnobSpace {
  const q8 = attentionShape(params).shape.kv === 'q8_0';
  return {
    knobs: [
      { name: 'lmul', values: [...RVV_F32_LMULS], doc: 'register-group size of the f32 vectors (int8 path: of the i8 key and query strips too)' },
      { name: 'block_q', values: BLOCK_Q, doc: 'query rows of one kv head (group heads times positions) sharing each K/V strip' },
      { name: 'block_kv', values: BLOCK_KV, doc: 'keys per tile of the online softmax' },
      { name: 'kv_splits', values: KV_SPLITS, doc: 'parts of the key range, each with its own (max, sum, o), merged by a combine kernel' },
      { name: 'dot_path', values: q8 ? ['float', 'int8'] : ['float'], doc: 'q8_0 KV: float dequantizes k; int8 quantizes q per 32-block, vwmacc + vwredsum' },
    ],
    check: (config: KnobConfig) => checkAttentionRvvConfig(config, params),
    defaults: attentionRvvDefaults(params) as unknown as KnobConfig,
  };
}

export function checkAttentionRvvConfig(config: KnobConfig, params: Params): string | undefined {
  const { lmul, block_q: R, block_kv: BKV, kv_splits: S, dot_path: dot } = config as Partial<Record<string, unknown>>;
  if (!(RVV_F32_LMULS as readonly number[]).includes(lmul as number)) return `lmul must be one of ${RVV_F32_LMULS.join(', ')}`;
  if (!BLOCK_Q.includes(R as number)) return `block_q must be one of ${BLOCK_Q.join(', ')}`;
  if (!BLOCK_KV.includes(BKV as number)) return `block_kv must be one of ${BLOCK_KV.join(', ')}`;
  if (!KV_SPLITS.includes(S as number)) return `kv_splits must be one of ${KV_SPLITS.join(', ')}`;
  if (dot !== 'float' && dot !== 'int8') return 'dot_path must be float or int8';
  if (dot === 'int8') {
    if (attentionShape(params).shape.kv !== 'q8_0') return `dot_path int8 needs kv q8_0, not ${attentionShape(params).shape.kv}`;
    if (!(RVV_I8_LMULS as readonly number[]).includes(lmul as number)) return `lmul must be one of ${RVV_I8_LMULS.join(', ')} on the int8 path`;
  }
  if (((R as number) + 2) * (lmul as number) > VECTOR_REGISTERS) return `block_q + 2 register groups of LMUL ${lmul} exceed the ${VECTOR_REGISTERS} vector registers`;
  return undefined;
}

function resolve(params: Params, config?: Readonly<Record<string, ParamValue>>): { shape: AttentionShape; full: AttentionRvvConfig } {
  const full = { ...attentionRvvDefaults(params), ...(config ?? {}) } as AttentionRvvConfig;
  const why = checkAttentionRvvConfig(full as unknown as KnobConfig, params);
  if (why) throw new InputError(`attention rvv config ${JSON.stringify(config ?? {})}: ${why}`);
  return { shape: attentionShape(params).shape, full };
}

/** The lowered kernels and their source (golden tests, inspection). */
export function attentionRvvKernels(params: Params, config?: Readonly<Record<string, ParamValue>>): { kernels: Kernel[]; source: string } {
  const { shape, full } = resolve(params, config);
  const kernels = lowerAttentionRvv(shape, full);
  return { kernels, source: renderKernels(kernels, { ...C_DIALECT, isa: RvvRules }) };
}

export function emitAttentionRvv(params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  const { shape, full } = resolve(params, config);
  const { kernels, source } = attentionRvvKernels(params, full as unknown as Record<string, ParamValue>);
  const int8 = full.dot_path === 'int8';
  return attentionCpuArtifact('rvv', params, full as unknown as Record<string, ParamValue>, kernels, source,
    attentionScratch(shape, full.kv_splits, int8), int8 ? 'int8-activations' : 'f32', 1);
}
