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
    { name: 'kv', type: { kind: 'enum', values: ['f32', 'f16'] }, default: 'f32', doc: 'dtype of k and v' },
  ],
  constraints: [
    { expr: 'Hq % Hkv == 0', message: 'Hq must be a multiple of Hkv' },
    { expr: 'Sq <= Skv', message: 'Sq must be <= Skv (queries are the last Sq positions of the sequence)' },
  ],
  tensors: [
    { name: 'q', role: 'in', shape: ['B', 'Hq', 'Sq', 'D'], dtype: 'f32', doc: 'queries' },
    { name: 'k', role: 'in', shape: ['B', 'Hkv', 'Skv', 'D'], dtype: { param: 'kv' }, doc: 'keys' },
    { name: 'v', role: 'in', shape: ['B', 'Hkv', 'Skv', 'Dv'], dtype: { param: 'kv' }, doc: 'values' },
    { name: 'o', role: 'out', shape: ['B', 'Hq', 'Sq', 'Dv'], dtype: 'f32', doc: 'output' },
  ],
  knobs: [
    { name: 'block_q', doc: 'query rows one workgroup / loop nest handles (one of 1, 2, 4, 8, 16, 32, 64)' },
    { name: 'block_kv', doc: 'keys per tile of the kv loop (one of 16, 32, 64, 128, 256)' },
    { name: 'variant', doc: "'naive': full score row then softmax; 'online': flash-style running max and sum per kv tile" },
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
    const k = toFloat64(inputs.k!);
    const v = toFloat64(inputs.v!);
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
