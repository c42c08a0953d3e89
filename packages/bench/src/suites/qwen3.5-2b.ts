/**
 * Qwen3.5-2B: hidden 2048, 24 layers in 6 × (3 Gated DeltaNet + 1 gated full attention), FFN
 * intermediate 6144, Gated DeltaNet 16 QK heads and 16 V heads of dim 128 (in_proj_qkv emits
 * 2 × 16 × 128 + 16 × 128 = 6144 channels, in_proj_z 2048, out_proj 2048 → 2048), full attention 8 query
 * heads and 2 KV heads of dim 256 with an output gate (q_proj emits query and gate: 2 × 8 × 256), vocab
 * 248320, tied embeddings. HF config.json text_config fields: hidden_size, num_hidden_layers,
 * intermediate_size, num_attention_heads, num_key_value_heads, head_dim, linear_num_key_heads,
 * linear_num_value_heads, linear_key_head_dim, linear_value_head_dim, attn_output_gate, vocab_size.
 * Checked 2026-11-29 (the Qwen/Qwen3.5-2B config.json itself was not reachable from here) against:
 * public GitHub transcriptions of that text_config (a model-contract test pinning "Qwen/Qwen3.5-2B" at
 * hidden 2048, 24 layers, 8 / 2 heads, intermediate 6144, vocab 248320; a config-decoder test fixture
 * of the 2B shape with head_dim 256 and linear heads 16 / 16 of dim 128), the model page
 * https://www.fitmygpu.com/models/qwen-3.5-2b (24 layers, hidden 2048, 8 heads, 2 KV heads, 6
 * KV-bearing layers), and the family's shared linear-attention shape in cpehle/tyr
 * Tyr/Model/Qwen35/Config.lean (Qwen3.5-0.8B: 16 / 16 heads of 128, head_dim 256; conv channels
 * 2 × key dim + value dim). All agree with the numbers below.
 */import { gatedDeltaRuleCases, gemvCases, opCase, type Suite } from './suite.ts';

const HIDDEN = 2048;
const ATTN = { q: 8, kv: 2, dim: 256 };
const DELTA = { qk: 16, v: 16, dim: 128 };

export const QWEN3_5_2B: Suite = {
  name: 'qwen3.5-2b',
  doc: 'Qwen3.5-2B decode and prefill: gated-attention and Gated DeltaNet projections, SwiGLU FFN, lm_head, and the gated delta rule',
  source: 'Qwen/Qwen3.5-2B config.json text_config (as transcribed in public repositories; see the comment in qwen3.5-2b.ts)',
  cases: [
    ...gemvCases([
      { layer: 'attn.q_proj+gate', N: 2 * ATTN.q * ATTN.dim, K: HIDDEN },
      { layer: 'attn.k_proj/v_proj', N: ATTN.kv * ATTN.dim, K: HIDDEN },
      { layer: 'attn.o_proj/delta.out_proj', N: HIDDEN, K: ATTN.q * ATTN.dim },
      { layer: 'delta.in_proj_qkv', N: 2 * DELTA.qk * DELTA.dim + DELTA.v * DELTA.dim, K: HIDDEN },
      { layer: 'delta.in_proj_z', N: DELTA.v * DELTA.dim, K: HIDDEN },
      { layer: 'gate_proj/up_proj', N: 6144, K: HIDDEN },
      { layer: 'down_proj', N: HIDDEN, K: 6144 },
      { layer: 'lm_head', N: 248320, K: HIDDEN },
    ]),
    opCase('attention', 'attn', 'decode', { B: 1, Hq: ATTN.q, Hkv: ATTN.kv, Sq: 1, Skv: 4096, D: ATTN.dim, causal: true, kv: 'f16' }, 'decode.S4096.f16'),
    opCase('attention', 'attn', 'prefill', { B: 1, Hq: ATTN.q, Hkv: ATTN.kv, Sq: 512, Skv: 512, D: ATTN.dim, causal: true, kv: 'f32' }, 'prefill.S512.f32'),
    ...gatedDeltaRuleCases('delta', DELTA),
    // the same heads with twice the value heads (Hv/Hk = 2, a 2 MiB state): issue 17 point 5's 16/32 variant
    ...gatedDeltaRuleCases('delta.hv32', { ...DELTA, v: 2 * DELTA.v }),
  ],
};
