/**
 * Qwen3-0.6B: hidden 1024, intermediate 3072, 16 query heads and 8 KV heads of dim 128 (head_dim is
 * explicit: 16 × 128 = 2048 is wider than hidden), 28 layers, vocab 151936, tied embeddings
 * (Qwen/Qwen3-0.6B config.json: hidden_size, intermediate_size, num_attention_heads,
 * num_key_value_heads, head_dim, num_hidden_layers, vocab_size, tie_word_embeddings). Checked
 * 2026-11-29 against a verbatim copy of that config.json (transformers 4.51.0, max_position_embeddings
 * 40960) at https://huggingface.co/TensorStack/TextEncoder/blob/main/Qwen-3-06B/config.json.
 * The LM head is tied to the embedding but is still a 151936 × 1024 GEMV per token.
 */
import { attentionCases, gemvCases, type Suite } from './suite.ts';

const HIDDEN = 1024;
const HEADS = { q: 16, kv: 8, dim: 128 };

export const QWEN3_0_6B: Suite = {
  name: 'qwen3-0.6b',
  doc: 'Qwen3-0.6B decode and prefill: q/k/v/o, gate/up/down and lm_head GEMVs in every weight format, and its attention',
  source: 'Qwen/Qwen3-0.6B config.json',
  cases: [
    ...gemvCases([
      { layer: 'q_proj', N: HEADS.q * HEADS.dim, K: HIDDEN },
      { layer: 'k_proj/v_proj', N: HEADS.kv * HEADS.dim, K: HIDDEN },
      { layer: 'o_proj', N: HIDDEN, K: HEADS.q * HEADS.dim },
      { layer: 'gate_proj/up_proj', N: 3072, K: HIDDEN },
      { layer: 'down_proj', N: HIDDEN, K: 3072 },
      { layer: 'lm_head', N: 151936, K: HIDDEN },
    ]),
    ...attentionCases('self_attn', HEADS),
  ],
};
