export type { SimdIsa } from './isa/simd.ts';
export { Avx512Rules } from './isa/avx512.ts';
export { Avx2Rules } from './isa/avx2.ts';
export { NeonRules } from './isa/neon.ts';
export { ScalarRules } from './isa/scalar.ts';
export { lowerGemvSimd, type GemvSimdConfig } from './gemv/simd.ts';
export { gemvCpuDefaults, gemvKnobSpace, checkGemvCpuConfig, type CpuSimdTarget, type CpuTarget, type GemvCpuConfig } from './gemv/knobs.ts';
export { emitGemvCpu, gemvCpuKernel, isCpuSimdTarget, SIMD_ISAS } from './gemv/emit.ts';
export { emitAttentionCpu, attentionCpuKnobSpace } from './attention/emit.ts';
