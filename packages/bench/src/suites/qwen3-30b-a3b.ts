/**
 * Qwen3-30B-A3B: hidden 2048, 32 query heads and 4 KV heads of dim 128, 128 experts with 8 routed per
 * token, expert intermediate 768, vocab 151936 (Qwen/Qwen3-30B-A3B config.json: hidden_size,
 * num_attention_heads, num_key_value_heads, head_dim, num_experts, num_experts_per_tok,
 * moe_intermediate_size, vocab_size, norm_topk_prob true). Checked 2026-11-29 against the Qwen3-30B-A3B
 * model configuration of Ascend/MindSpeed-RL (configs/model/qwen3_30b_a3b.yaml: 48 layers, hidden 2048,
 * 32 heads in 4 query groups, kv_channels 128, 128 experts, router top-k 8, moe_ffn_hidden_size 768,
 * padded vocab 151936, norm_topk_prob true, untied output weights) and Qwen3-Coder-30B-A3B config.json
 * copies on huggingface.co, which share those fields.
 */
import { attentionCases, gemvCases, opCase, type Suite, type SuiteCase } from './suite.ts';

const HIDDEN = 2048;
const HEADS = { q: 32, kv: 4, dim: 128 };
const MOE = { experts: 128, topk: 8, intermediate: 768 };

/** the MoE block's token counts: decode, small batches (speculative verification, a few sequences) and a prefill chunk */
export const MOE_TOKENS: readonly { T: number; phase: SuiteCase['phase'] }[] = [
  { T: 1, phase: 'decode' }, { T: 4, phase: 'batch' }, { T: 16, phase: 'batch' }, { T: 512, phase: 'prefill' },
];
export const MOE_FORMATS = ['q4_0', 'q8_0'] as const;

/**
 * The routed MoE block (the router on the device, top 8 of 128, normTopk) at each of MOE_TOKENS in
 * q4_0 and q8_0, and decode in f16; ids `moe/moe/<phase>.T<T>.<format>`. Every expert's weights are
 * inputs; the bench counts the ones the routing picks (the op's countedBytes) and evicts the caches
 * before each timed call, so those are read from DRAM.
 */
function moeCases(): SuiteCase[] {
  const base = { H: HIDDEN, I: MOE.intermediate, E: MOE.experts, topk: MOE.topk, routing: 'router', normTopk: true };
  const one = (T: number, phase: SuiteCase['phase'], weight: string) => opCase('moe', 'moe', phase, { T, ...base, weight }, `${phase}.T${T}.${weight}`);
  return [...MOE_TOKENS.flatMap(({ T, phase }) => MOE_FORMATS.map((w) => one(T, phase, w))), one(1, 'decode', 'f16')];
}

export const QWEN3_30B_A3B: Suite = {
  name: 'qwen3-30b-a3b',
  doc: 'Qwen3-30B-A3B decode and prefill: attention projections, one expert\'s gate/up/down, router, lm_head, the routed MoE block and attention',
  source: 'Qwen/Qwen3-30B-A3B config.json',
  cases: [
    ...gemvCases([
      { layer: 'q_proj', N: HEADS.q * HEADS.dim, K: HIDDEN },
      { layer: 'k_proj/v_proj', N: HEADS.kv * HEADS.dim, K: HIDDEN },
      { layer: 'o_proj', N: HIDDEN, K: HEADS.q * HEADS.dim },
      { layer: 'expert.gate_proj/up_proj', N: MOE.intermediate, K: HIDDEN },
      { layer: 'expert.down_proj', N: HIDDEN, K: MOE.intermediate },
      { layer: 'router', N: MOE.experts, K: HIDDEN },
      { layer: 'lm_head', N: 151936, K: HIDDEN },
    ]),
    ...moeCases(),
    ...attentionCases('self_attn', HEADS),
  ],
};
