export { emitGemvGpu } from './gemv/emit.ts';
export { gemvGpuKnobSpace, resolveGemvConfig, SIMT_CAPS } from './gemv/knobs.ts';
export type { GemvSimtConfig, GpuTarget, KnobDomain, SimtCaps } from './gemv/knobs.ts';
export { lowerGemvSimt } from './gemv/lower-simt.ts';
export { GPU_DIALECTS, CUDA_DIALECT, GLSL_DIALECT, MSL_DIALECT, OPENCL_DIALECT } from './dialects/index.ts';
export { renderWgsl } from './wgsl/render.ts';
export { emitAttentionGpu, attentionGpuKnobSpace } from './attention/emit.ts';
export { emitGatedDeltaRuleGpu, gatedDeltaRuleGpuKnobSpace } from './gated-delta-rule/emit.ts';
export { emitMoeGpu, moeGpuKnobSpace } from './moe/emit.ts';
