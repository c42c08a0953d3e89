/**
 * attention (SPEC section 3): o = softmax(q kᵀ · scale + mask) v, grouped-query, prefill and decode.
 *
 * Query row i sits at absolute position p = Skv - Sq + i (bottom-right aligned: Sq = 1 is decode
 * against a cache of Skv tokens). With `causal` it sees keys j <= p; with `window > 0` only keys
 * j > p - window. Because Sq <= Skv, 0 <= p < Skv, and key p passes both masks (j = p <= p and
 * p > p - window for window >= 1), so every row sees at least one key and the softmax is never empty.
 * Without `causal` a window still bounds keys from below only (keys after p stay visible).
 */
import { toFloat64 } from '../tensor/tensor.ts';
import type { OpDef } from '../dsl/op.ts';
import { dequantizeWeight } from '../formats/codec.ts';
import type { WeightFormatName } from '../formats/format.ts';

export const ATTENTION: OpDef = {
  name: 'attention',
  doc: 'o [B,Hq,Sq,Dv] = softmax(q kᵀ · scale + mask) v with grouped-query kv heads, causal and sliding-window masks',
  params: [
    { name: 'B', type: { kind: 'int', min: 1 }, default: 1, doc: 'batch' },
    { name: 'Hq', type: { kind: 'int', min: 1 }, doc: 'query heads' },
    { name: 'Hkv', type: { kind: 'int', min: 1 }, default: { expr: 'Hq' }, doc: 'key/value heads (Hq % Hkv == 0)' },
    { name: 'Sq', type: { kind: 'int', min: 1 }, doc: 'query rows (1 = decode)' },
    { name: 'Skv', type: { kind: 'int', min: 1 }, doc: 'key/value rows (>= Sq)' },
    { name: 'D', type: { kind: 'int', min: 1 }, doc: 'head size of q and k' },
    { name: 'Dv', type: { kind: 'int', min: 1 }, default: { expr: 'D' }, doc: 'head size of v (default D)' },
    { name: 'causal', type: { kind: 'bool' }, default: false, doc: 'row i (position p) sees keys j <= p' },
    { name: 'window', type: { kind: 'int', min: 0 }, default: 0, doc: 'sliding window: keys j > p - window (0 = none)' },
    { name: 'scale', type: { kind: 'float' }, default: { expr: '1/sqrt(D)' }, doc: 'logit scale (default 1/sqrt(D))' },
    { name: 'kv', type: { kind: 'enum', values: ['f32', 'f16', 'q8_0'] }, default: 'f32', doc: "storage of k and v: f32, f16, or q8_0 blocks along the last axis (ggml's -ctk/-ctv q8_0)" },
  ],
  constraints: [
    { expr: 'Hq % Hkv == 0', message: 'Hq must be a multiple of Hkv' },
    { expr: 'Sq <= Skv', message: 'Sq must be <= Skv (queries are the last Sq positions of the sequence)' },
    { expr: "kv != 'q8_0' || (D % 32 == 0 && Dv % 32 == 0)", message: 'q8_0 KV needs D and Dv to be multiples of 32 (one q8_0 block holds 32 values)' },
  ],
  tensors: [
    { name: 'q', role: 'in', shape: ['B', 'Hq', 'Sq', 'D'], dtype: 'f32', doc: 'queries' },
    // stored as a weight of format `kv`: f32/f16 as they are, q8_0 as u8 [B,Hkv,Skv,D/32*34] blocks
    { name: 'k', role: 'in', shape: ['B', 'Hkv', 'Skv', 'D'], dtype: 'f32', formatParam: 'kv', doc: 'keys' },
    { name: 'v', role: 'in', shape: ['B', 'Hkv', 'Skv', 'Dv'], dtype: 'f32', formatParam: 'kv', doc: 'values' },
    { name: 'o', role: 'out', shape: ['B', 'Hq', 'Sq', 'Dv'], dtype: 'f32', doc: 'output' },
  ],
  knobs: [
    { name: 'block_q', doc: 'query rows of one kv head handled together (the Hq/Hkv heads of a group times query positions): each K/V tile is read once for all of them' },
    { name: 'block_kv', doc: 'keys per tile of the kv loop (scores of a tile, then one online-softmax update)' },
    { name: 'kv_splits', doc: 'flash-decoding: the keys are split into this many ranges computed in parallel, partial outputs combined by a second dispatch (1: none)' },
    { name: 'threads', doc: 'CPU threads' },
    { name: 'lmul', doc: 'RVV register grouping (vector length agnostic)' },
    { name: 'workgroup_size', doc: 'GPU threads per workgroup' },
    { name: 'vector_width', doc: 'GPU: elements of a head row one lane loads at once' },
    { name: 'subgroup_reduce', doc: 'GPU: subgroup (warp, simdgroup) reductions for dot products and softmax statistics' },
    { name: 'kv_stages', doc: 'GPU: K/V tiles in flight: 1 = the next tile in registers, more = a ring of tiles in workgroup memory filled by asynchronous copies (CUDA cp.async)' },
    { name: 'dependent_launch', doc: 'CUDA: programmatic dependent launch of the dispatches (each may start while the previous grid finishes, and waits for it before its first read)' },
    { name: 'lazy_rescale', doc: 'online softmax: the running max moves only when a score passes it by a slack (2^8), so the output is rescaled in a rare branch' },
    { name: 'dot_path', doc: "q8_0 KV: 'float' dequantizes k and v; 'int8' quantizes q per 32-block in the kernel and takes q·k as integer dot products (VNNI, sdot, vwmacc, vrmpy, dp4a)" },
    { name: 'mma', doc: "'none', or matrix multiply-accumulate units for q·kᵀ and p·v in prefill: CUDA tensor cores (mma.sync, f16/bf16 operands, f32 accumulation), Vulkan cooperative matrix, Metal simdgroup matrix" },
    { name: 'pv_path', doc: "p·v: 'float' (f32 multiply-adds), 'int8' (q8_0 V: p quantized to u8 per tile, integer dot products on V's codes), 'bf16' (p and V rounded to bf16, bf16 pair dot products)" },
    { name: 'q_scale', doc: "int8 q·k: 'block' quantizes q with one scale per 32-block, 'row' with one scale per row (applied once after the reduction)" },
  ],
  flops(params) {
    const { B, Hq, Sq, Skv, D, Dv, window } = params as Record<string, number>;
    // q·k and p·v over the keys each query row sees (the masks as in the reference)
    let visible = 0;
    for (let i = 0; i < Sq; i++) {
      const p = Skv - Sq + i;
      const last = params.causal ? p : Skv - 1;
      visible += last - (window > 0 ? Math.max(0, p - window + 1) : 0) + 1;
    }
    return 2 * B * Hq * visible * (D + Dv);
  },
  reference(params, inputs) {
    const { B, Hq, Hkv, Sq, Skv, D, Dv, window, scale } = params as Record<string, number>;
    const causal = params.causal as boolean;
    const q = toFloat64(inputs.q!);
    const kv = params.kv as WeightFormatName;
    const k = dequantizeWeight(kv, 'k', inputs, [B, Hkv, Skv, D]);
    const v = dequantizeWeight(kv, 'v', inputs, [B, Hkv, Skv, Dv]);
    const o = new Float64Array(B * Hq * Sq * Dv);
    const group = Hq / Hkv;
    const scores = new Float64Array(Skv);
    for (let b = 0; b < B; b++) {
      for (let h = 0; h < Hq; h++) {
        const kvBase = (b * Hkv + Math.floor(h / group)) * Skv;
        for (let i = 0; i < Sq; i++) {
          const p = Skv - Sq + i;
          const first = window > 0 ? Math.max(0, p - window + 1) : 0;
          const last = causal ? p : Skv - 1;
          const qRow = ((b * Hq + h) * Sq + i) * D;
          let max = -Infinity;
          for (let j = first; j <= last; j++) {
            let s = 0;
            for (let d = 0; d < D; d++) s += q[qRow + d]! * k[(kvBase + j) * D + d]!;
            scores[j] = s * scale;
            max = Math.max(max, scores[j]!);
          }
          let sum = 0;
          for (let j = first; j <= last; j++) {
            scores[j] = Math.exp(scores[j]! - max); // subtracting the row max keeps exp <= 1
            sum += scores[j]!;
          }
          const oRow = ((b * Hq + h) * Sq + i) * Dv;
          for (let j = first; j <= last; j++) {
            const weight = scores[j]! / sum;
            for (let d = 0; d < Dv; d++) o[oRow + d] += weight * v[(kvBase + j) * Dv + d]!;
          }
        }
      }
    }
    return { o: { shape: [B, Hq, Sq, Dv], data: o } };
  },
};
