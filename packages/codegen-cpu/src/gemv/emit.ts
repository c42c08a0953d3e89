/** gemv for the CPU SIMD targets: lowering + dialect -> KernelArtifact (C ABI of target/artifact.ts). */
import type { Kernel, ParamValue, Params, WeightFormatName } from '@kforge/ir';
import { FORMATS, InputError } from '@kforge/ir';
import type { ArtifactBuffer, KernelArtifact } from '@kforge/target';
import { C_DIALECT, renderKernel } from '@kforge/codegen-core';
import type { SimdIsa } from '../isa/simd.ts';
import { Avx512Rules } from '../isa/avx512.ts';
import { Avx2Rules } from '../isa/avx2.ts';
import { NeonRules } from '../isa/neon.ts';
import { ScalarRules } from '../isa/scalar.ts';
import { checkGemvCpuConfig, gemvCpuDefaults, type CpuSimdTarget, type CpuTarget, type GemvCpuConfig } from './knobs.ts';
import { lowerGemvSimd } from './simd.ts';
import { XBLOCK } from './weights.ts';
import { emitGemvRvv } from '../rvv/emit.ts';
import { emitGemvHvx } from '../hvx/emit.ts';

export const SIMD_ISAS: Readonly<Record<CpuSimdTarget, SimdIsa>> = { c: ScalarRules, avx2: Avx2Rules, avx512: Avx512Rules, neon: NeonRules };

export function isCpuSimdTarget(t: string): t is CpuSimdTarget {
  return Object.hasOwn(SIMD_ISAS, t);
}

function weightBuffers(format: WeightFormatName, N: number, K: number): ArtifactBuffer[] {
  const f = FORMATS[format];
  if (f.kind === 'dense') return [{ name: 'W', elem: f.name, bytes: N * K * f.elemBytes, role: 'in' }];
  if (K % f.block !== 0) throw new InputError(`gemv: K = ${K} is not a multiple of the ${format} block ${f.block}`);
  if (f.kind === 'block') return [{ name: 'W', elem: 'u8', bytes: N * (K / f.block) * f.bytes, role: 'in' }];
  return [
    { name: 'W', elem: 'u8', bytes: N * (K / 2), role: 'in' },
    ...f.planes.map((p): ArtifactBuffer => ({ name: `W_${p}`, elem: 'f16', bytes: N * (K / f.block) * 2, role: 'in' })),
  ];
}

/** The lowered kernel (for inspection and golden tests); emitGemvCpu renders it. */
export function gemvCpuKernel(target: CpuSimdTarget, params: Params, config: GemvCpuConfig): Kernel {
  return lowerGemvSimd(params, config, SIMD_ISAS[target]);
}

export function emitGemvCpu(target: CpuTarget, params: Params, config?: Readonly<Record<string, ParamValue>>): KernelArtifact {
  if (target === 'rvv') return emitGemvRvv(params, config);
  if (target === 'hvx') return emitGemvHvx(params, config);
  const full = { ...gemvCpuDefaults(target, params), ...(config ?? {}) } as GemvCpuConfig;
  const why = checkGemvCpuConfig(full as unknown as Record<string, ParamValue>, params, target);
  if (why) throw new InputError(`gemv ${target} config ${JSON.stringify(config ?? {})}: ${why}`);
  const kernel = gemvCpuKernel(target, params, full);
  const source = renderKernel(kernel, { ...C_DIALECT, isa: SIMD_ISAS[target].rules });
  return gemvCpuArtifact(target, params, full as unknown as Record<string, ParamValue>, kernel, source, full.threads);
}

/** The artifact of a rendered CPU gemv kernel: its buffers (sized from the params) in the kernel's parameter order. */
export function gemvCpuArtifact(
  target: CpuTarget, params: Params, config: Readonly<Record<string, ParamValue>>, kernel: Kernel, source: string, threads: number,
): KernelArtifact {
  const M = Number(params.M);
  const N = Number(params.N);
  const K = Number(params.K);
  const format = params.weight as WeightFormatName;
  const act = params.act as 'f32' | 'f16';
  const weights = weightBuffers(format, N, K);

  const sizes: Record<string, ArtifactBuffer> = {
    x: { name: 'x', elem: act, bytes: M * K * (act === 'f32' ? 4 : 2), role: 'in' },
    ...Object.fromEntries(weights.map((b) => [b.name, b])),
    bias: { name: 'bias', elem: 'f32', bytes: N * 4, role: 'in' },
    y: { name: 'y', elem: 'f32', bytes: M * N * 4, role: 'out' },
    xf: { name: 'xf', elem: 'f32', bytes: M * K * 4, role: 'scratch' },
    xq: { name: 'xq', elem: 'i8', bytes: M * K, role: 'scratch' },
    xd: { name: 'xd', elem: 'f32', bytes: (M * K / XBLOCK) * 4, role: 'scratch' },
    xs: { name: 'xs', elem: 'f32', bytes: (M * Math.ceil(K / XBLOCK)) * 4, role: 'scratch' },
  };
  const buffers = kernel.params.flatMap((p) => (p.kind === 'buffer' ? [sizes[p.name]!] : []));
  return {
    op: 'gemv', target, params, config, language: 'c',
    files: { [`${kernel.name}.c`]: source },
    buffers,
    scalars: [{ name: 'M', type: 'i32', value: M }, { name: 'N', type: 'i32', value: N }, { name: 'K', type: 'i32', value: K }],
    dispatches: [{ entry: kernel.name, args: kernel.params.map((p) => p.name) }],
    threads,
    // f16 inputs are widened to f32 before any arithmetic; only the int8 path rounds activations
    arithmetic: config.dot_path === 'int8' ? 'int8-activations' : 'f32',
  };
}
