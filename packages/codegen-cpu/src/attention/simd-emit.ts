/** attention on the fixed-width SIMD targets (c, avx2, avx512, neon): lowering + C dialect -> KernelArtifact. */
import { InputError, size, type KnobSpace, type ParamValue, type Params, type SizeExpr } from '@kforge/ir';
import type { ArtifactBuffer, KernelArtifact } from '@kforge/target';
import { C_DIALECT, renderKernel } from '@kforge/codegen-core';
import type { Kernel } from '@kforge/ir';
import type { CpuSimdTarget } from '../gemv/knobs.ts';
import { SIMD_ISAS } from '../gemv/emit.ts';
import { lowerAttentionSimd } from './simd.ts';
import { withPvInt8 } from './pv-int8.ts';
import type { SimdIsa } from '../isa/simd.ts';
import { attentionSimdDefaults, attentionSimdKnobSpace as knobSpace, checkAttentionSimdConfig, type AttentionCpuConfig } from './knobs.ts';

export function attentionSimdKnobSpace(target: CpuSimdTarget, params: Params): KnobSpace {
  return knobSpace(target, params);
}

/** The lowered kernel (for inspection and golden tests); emitAttentionSimd renders it. */
export function attentionSimdKernel(target: CpuSimdTarget, params: Params, config: AttentionCpuConfig): Kernel {
  return lowerAttentionSimd(params, { prefetch: PREFETCH_BYTES, ...config }, attentionIsa(target, config));
}

/** the target's rule table, with the int8 p·v rules where the config asks for that path */
function attentionIsa(target: CpuSimdTarget, config: AttentionCpuConfig): SimdIsa {
  return config.pv_path === 'int8' ? withPvInt8(SIMD_ISAS[target]) : SIMD_ISAS[target];
}

/**
 * Software prefetch distance in the K and V streams (where the ISA has the hint): a thread's two
 * interleaved streams keep too few lines in flight behind the dot products and exps alone.
 */
const PREFETCH_BYTES = 2048;

/** bytes of one stored k or v row of `width` values */
function rowBytes(kv: string, width: number): number {
  return kv === 'q8_0' ? (width / 32) * 34 : kv === 'f16' ? width * 2 : width * 4;
}

/**
 * The artifact of a CPU attention kernel (the contract of emit.ts): q, k, v, o, then the scratch the
 * kernel's parameters name ('part': per query row and kv split, m, l and Dv unnormalized outputs).
 */
export function attentionCpuArtifact(
  target: KernelArtifact['target'], params: Params, config: Readonly<Record<string, ParamValue>>, kernel: Kernel, source: string, threads: number,
): KernelArtifact {
  const [Hq, Hkv, D, Dv] = ['Hq', 'Hkv', 'D', 'Dv'].map((n) => Number(params[n])) as [number, number, number, number];
  const kv = params.kv as string;
  const splits = Number(config.kv_splits ?? 1);
  const kvElem = kv === 'q8_0' ? 'u8' : (kv as 'f32' | 'f16');
  const sized = (name: string, elem: ArtifactBuffer['elem'], bytes: SizeExpr, role: ArtifactBuffer['role']): [string, ArtifactBuffer] => [name, { name, elem, bytes, role }];
  const sizes: Record<string, ArtifactBuffer> = Object.fromEntries([
    sized('q', 'f32', size.mul('B', Hq, 'Sq', D * 4), 'in'),
    sized('k', kvElem, size.mul('B', Hkv, 'Skv', rowBytes(kv, D)), 'in'),
    sized('v', kvElem, size.mul('B', Hkv, 'Skv', rowBytes(kv, Dv)), 'in'),
    sized('o', 'f32', size.mul('B', Hq, 'Sq', Dv * 4), 'out'),
    sized('part', 'f32', size.mul('B', Hq, 'Sq', splits * (Dv + 2) * 4), 'scratch'),
  ]);
  const buffers = kernel.params.flatMap((p) => (p.kind === 'buffer' ? [sizes[p.name]!] : []));
  return {
    op: 'attention', target, params, config, language: 'c',
    files: { [`${kernel.name}.c`]: source },
    buffers,
    scalars: ['B', 'Sq', 'Skv'].map((name) => ({ name, type: 'i32' as const, value: Number(params[name]) })),
    dispatches: [{ entry: kernel.name, args: kernel.params.map((p) => p.name) }],
    threads,
    arithmetic: config.dot_path === 'int8' ? 'int8-activations' : config.mma === 'bf16' || config.pv_path === 'bf16' ? 'half' : 'f32',
  };
}

export function emitAttentionSimd(target: CpuSimdTarget, params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  let full = { ...attentionSimdDefaults(target, params), ...config } as AttentionCpuConfig;
  // a default mma, p·v path or q scale other than the plain ones gives way to given knobs they do not go with (another dot path, mma, query tiles)
  const bad = (): boolean => checkAttentionSimdConfig(target, params, full as unknown as Record<string, ParamValue>) !== undefined;
  if (config.mma === undefined && full.mma === 'bf16' && bad()) full = { ...full, mma: 'none' };
  if (config.pv_path === undefined && full.pv_path !== undefined && full.pv_path !== 'float' && bad()) full = { ...full, pv_path: 'float' };
  if (config.q_scale === undefined && full.q_scale === 'row' && bad()) full = { ...full, q_scale: 'block' };
  const why = checkAttentionSimdConfig(target, params, full as unknown as Record<string, ParamValue>);
  if (why) throw new InputError(`attention ${target} config ${JSON.stringify(config)}: ${why}`);
  const kernel = attentionSimdKernel(target, params, full);
  const source = renderKernel(kernel, { ...C_DIALECT, isa: attentionIsa(target, full).rules });
  return attentionCpuArtifact(target, params, full as unknown as Record<string, ParamValue>, kernel, source, full.threads);
}
