/**
 * The shapes issue 3 sets its CPU bandwidth targets on: weights larger than the 32 MiB L3 in f32
 * (4096 × 14336 is a Llama-3-8B down projection; the others are Qwen3-0.6B's), decode only.
 */
import { gemvCases, type Suite } from './suite.ts';

export const GEMV_LARGE: Suite = {
  name: 'gemv-large',
  doc: 'decode GEMVs with weights beyond the last-level cache (issue 3 point 8), f32/bf16/q8_0/q4_0',
  source: 'issue 3 point 8 (Llama-3-8B 4096x14336, Qwen/Qwen3-0.6B config.json)',
  cases: gemvCases([
    { layer: 'llama3-8b.down_proj', N: 4096, K: 14336 },
    { layer: 'qwen3-0.6b.down_proj', N: 1024, K: 3072 },
    { layer: 'qwen3-0.6b.gate_proj', N: 3072, K: 1024 },
    { layer: 'qwen3-0.6b.lm_head', N: 151936, K: 1024 },
  ], ['f32', 'bf16', 'q8_0', 'q4_0'], [{ M: 1, phase: 'decode' }]),
};
