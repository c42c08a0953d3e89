/**
 * One decode step of a whole decoder layer through the runtime library (issue 18 point 5), and the
 * same layer composed from the ops' float64 references.
 *
 * (a) a Qwen3-30B-A3B-shaped layer: RMSNorm, q/k/v projections (gemv), per-head q/k RMSNorm, rotary
 *     embedding, the new k/v appended to an f16 KV cache, attention over the cache, o projection,
 *     residual, RMSNorm, the MoE block (router, top-k, SwiGLU experts), residual;
 * (b) a Qwen3.5-shaped Gated DeltaNet layer: RMSNorm, in_proj_qkv / in_proj_z / in_proj_b,a (gemv),
 *     the short causal conv with SiLU, the decay and write strength from a and b, the gated delta rule
 *     with its state updated in place, the gated per-head RMSNorm, out_proj, residual, RMSNorm, the
 *     SwiGLU MLP (gate, up, down: gemv), residual.
 * Norms, rotary embedding, conv, activations and residual adds are host code (not kforge operators):
 * the same functions serve both paths, computing in double and storing into the path's arrays (f32
 * for the runtime, f64 for the reference).
 *
 * The composition is written once over `LayerOps`; `runtimeOps` calls the library (and can check each
 * call against its op's reference on the inputs it was given), `referenceOps` calls the ops'
 * `reference` functions (a gemv or moe step and the runtime call's check in one call, so each weight
 * is dequantized once). Those take f32 tensors, so the reference's intermediates are rounded to f32
 * where they enter an op (a relative error near 6e-8, nmse near 1e-15: far below every bound).
 *
 * Combined tolerance: a step's SPEC bound b_i is on nmse, i.e. on the squared relative RMS error. A
 * relative error entering a step leaves it about the same size (norms rescale, projections are
 * linear, residual adds only dilute it), so relative RMS errors of the steps add at most linearly:
 * nmse(layer) <= (sum_i sqrt(b_i))^2. The check allows twice that (`COMPOSED_MARGIN`) for the gain of
 * the softmax, SiLU and routing weights, and applies it to the layer's update (y - x, where the input
 * x cancels), the stricter of y and y - x.
 */
import {
  InputError, Rng, checkOutput, f32ToF16Bits, getOp, nmse, nmseBound, resolveParams, routeByRouter,
  type Float64Tensor, type KernelArithmetic, type OutputCheck, type Params, type Tensor,
} from '@kforge/ir';

export type Vec = Float32Array | Float64Array;
export type BlockFormat = 'q4_0' | 'q8_0';

const BLOCK = 32;
const BLOCK_BYTES: Record<BlockFormat, number> = { q4_0: 18, q8_0: 34 };
export const COMPOSED_MARGIN = 2;

/** A weight [rows, K] stored in a block format (SPEC section 2). */
export interface Weight {
  readonly format: BlockFormat;
  readonly rows: number;
  readonly K: number;
  readonly bytes: Uint8Array;
}

export const rowBytes = (format: BlockFormat, K: number): number => (K / BLOCK) * BLOCK_BYTES[format];

/**
 * Seeded random block-format bytes drawn directly (codes uniform, scales around std / rms(code)), so
 * a 128-expert weight never exists in f32: realistic in bytes and values ~ N(0, std^2)-sized.
 */
export function randomWeight(rng: Rng, format: BlockFormat, rows: number, K: number, std: number): Weight {
  if (K % BLOCK !== 0) throw new InputError(`weight K ${K} is not a multiple of ${BLOCK}`);
  const per = BLOCK_BYTES[format];
  const blocks = (rows * K) / BLOCK;
  const bytes = new Uint8Array(blocks * per);
  const words = new Uint32Array(bytes.buffer, 0, bytes.length >>> 2);
  for (let i = 0; i < words.length; i++) words[i] = rng.nextU32();
  for (let i = words.length * 4; i < bytes.length; i++) bytes[i] = rng.nextU32() & 255;
  // mean square of the stored code: q4_0 nibble - 8 in [-8, 7], q8_0 an int8
  const codes = format === 'q4_0' ? Array.from({ length: 16 }, (_, n) => n - 8) : Array.from({ length: 256 }, (_, n) => n - 128);
  const codeRms = Math.sqrt(codes.reduce((s, m) => s + m * m, 0) / codes.length);
  const scales = Uint16Array.from({ length: 256 }, (_, i) => f32ToF16Bits((std / codeRms) * (0.75 + (0.5 * i) / 255)));
  for (let b = 0; b < blocks; b++) {
    const d = scales[rng.nextU32() & 255]!;
    bytes[b * per] = d & 255;
    bytes[b * per + 1] = d >>> 8;
  }
  return { format, rows, K, bytes };
}

function normalVec(rng: Rng, n: number, std: number, mean = 0): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = mean + std * rng.normal();
  return out;
}

// ---- host code: the same functions for both paths (double arithmetic, stored into the path's arrays)

/** RMSNorm of `rows` rows of `dim`: x / sqrt(mean(x^2) + eps) * w, into out (may be x). */
export function rmsNorm(x: ArrayLike<number>, w: ArrayLike<number>, eps: number, out: Vec, rows = 1): Vec {
  const dim = w.length;
  for (let r = 0; r < rows; r++) {
    let ss = 0;
    for (let i = 0; i < dim; i++) ss += x[r * dim + i]! ** 2;
    const inv = 1 / Math.sqrt(ss / dim + eps);
    for (let i = 0; i < dim; i++) out[r * dim + i] = x[r * dim + i]! * inv * w[i]!;
  }
  return out;
}

/** Rotary embedding in place, the rotate-half (NeoX) pairing Qwen uses: (i, i + D/2) at angle pos * theta^(-2i/D). */
export function rope(x: Vec, heads: number, D: number, pos: number, theta: number): Vec {
  const half = D / 2;
  for (let i = 0; i < half; i++) {
    const angle = pos * theta ** (-(2 * i) / D);
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    for (let h = 0; h < heads; h++) {
      const a = x[h * D + i]!;
      const b = x[h * D + half + i]!;
      x[h * D + i] = a * c - b * s;
      x[h * D + half + i] = b * c + a * s;
    }
  }
  return x;
}

export const silu = (z: number): number => z / (1 + Math.exp(-z));
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
const softplus = (z: number): number => (z > 20 ? z : Math.log1p(Math.exp(z)));

function add(a: Vec, b: ArrayLike<number>, out: Vec): Vec {
  for (let i = 0; i < out.length; i++) out[i] = a[i]! + b[i]!;
  return out;
}

/**
 * One step of a depthwise causal conv of width `kw` (Qwen3.5's conv1d over the qkv channels, no
 * bias), SiLU after it: state holds the previous kw - 1 inputs per channel [C, kw - 1], oldest first,
 * and is shifted in place.
 */
export function causalConvStep(x: ArrayLike<number>, state: Vec, w: ArrayLike<number>, kw: number, out: Vec): Vec {
  const C = x.length;
  for (let c = 0; c < C; c++) {
    let acc = w[c * kw + kw - 1]! * x[c]!;
    for (let j = 0; j < kw - 1; j++) acc += w[c * kw + j]! * state[c * (kw - 1) + j]!;
    for (let j = 0; j < kw - 2; j++) state[c * (kw - 1) + j] = state[c * (kw - 1) + j + 1]!;
    state[c * (kw - 1) + kw - 2] = x[c]!;
    out[c] = silu(acc);
  }
  return out;
}

// ---- shapes and weights

export interface AttentionLayerShape {
  readonly hidden: number;
  readonly Hq: number;
  readonly Hkv: number;
  readonly D: number;
  /** cached tokens after the new one is appended */
  readonly Skv: number;
  readonly ropeTheta: number;
  readonly eps: number;
  readonly moe: { readonly E: number; readonly topk: number; readonly I: number; readonly normTopk: boolean };
  readonly format: BlockFormat;
}

export interface LinearLayerShape {
  readonly hidden: number;
  readonly Hk: number;
  readonly Hv: number;
  readonly Dk: number;
  readonly Dv: number;
  readonly convWidth: number;
  readonly mlp: number;
  readonly eps: number;
  readonly format: BlockFormat;
}

/** Qwen3-30B-A3B (config.json: hidden 2048, 32 / 4 heads of 128, rope_theta 1e6, rms_norm_eps 1e-6, 128 experts, 8 per token, moe_intermediate 768, norm_topk_prob) over a 512-token cache */
export const QWEN3_30B_A3B_LAYER: AttentionLayerShape = {
  hidden: 2048, Hq: 32, Hkv: 4, D: 128, Skv: 512, ropeTheta: 1e6, eps: 1e-6,
  moe: { E: 128, topk: 8, I: 768, normTopk: true }, format: 'q4_0',
};

/** Qwen3.5-2B's Gated DeltaNet layer (packages/bench/src/suites/qwen3.5-2b.ts: hidden 2048, 16 q/k and 16 v heads of 128, conv width 4, dense SwiGLU MLP 6144) */
export const QWEN3_5_2B_LINEAR_LAYER: LinearLayerShape = {
  hidden: 2048, Hk: 16, Hv: 16, Dk: 128, Dv: 128, convWidth: 4, mlp: 6144, eps: 1e-6, format: 'q4_0',
};

export interface MoeWeights {
  readonly H: number;
  readonly I: number;
  readonly E: number;
  readonly topk: number;
  readonly normTopk: boolean;
  /** [E*I, H], [E*I, H], [E*H, I] */
  readonly gate: Weight;
  readonly up: Weight;
  readonly down: Weight;
  /** [E, H] f32 */
  readonly router: Float32Array;
}

export interface AttentionLayerWeights {
  readonly shape: AttentionLayerShape;
  readonly inputNorm: Float32Array;
  readonly q: Weight;
  readonly k: Weight;
  readonly v: Weight;
  readonly qNorm: Float32Array;
  readonly kNorm: Float32Array;
  readonly o: Weight;
  readonly postNorm: Float32Array;
  readonly moe: MoeWeights;
}

export interface LinearLayerWeights {
  readonly shape: LinearLayerShape;
  readonly inputNorm: Float32Array;
  readonly qkv: Weight;
  readonly z: Weight;
  /** [2 Hv, hidden]: b (write strength) then a (decay) */
  readonly ba: Weight;
  /** [C, convWidth] */
  readonly conv: Float32Array;
  readonly aLog: Float32Array;
  readonly dtBias: Float32Array;
  readonly outNorm: Float32Array;
  readonly out: Weight;
  readonly postNorm: Float32Array;
  readonly gate: Weight;
  readonly up: Weight;
  readonly down: Weight;
}

/** The state a decode step reads (and the linear layer updates): a copy per path. */
export interface AttentionState {
  /** f16 bits [Hkv, Skv, D]; the first Skv - 1 positions cached, the last written by the step */
  readonly k: Uint16Array;
  readonly v: Uint16Array;
}

export interface LinearState {
  /** [Hv, Dk, Dv], updated in place */
  readonly s: Vec;
  /** [C, convWidth - 1], updated in place */
  readonly conv: Vec;
}

const w = (rng: Rng, s: { format: BlockFormat }, rows: number, K: number): Weight => randomWeight(rng, s.format, rows, K, 1 / Math.sqrt(K));
const norm = (rng: Rng, n: number): Float32Array => normalVec(rng, n, 0.1, 1);

export function attentionLayerWeights(s: AttentionLayerShape, seed: number): AttentionLayerWeights {
  const rng = new Rng(seed, 'decoder-layer/attention');
  const { hidden: H, Hq, Hkv, D } = s;
  const { E, I, topk, normTopk } = s.moe;
  return {
    shape: s, inputNorm: norm(rng, H), q: w(rng, s, Hq * D, H), k: w(rng, s, Hkv * D, H), v: w(rng, s, Hkv * D, H),
    qNorm: norm(rng, D), kNorm: norm(rng, D), o: w(rng, s, H, Hq * D), postNorm: norm(rng, H),
    moe: {
      H, I, E, topk, normTopk, gate: w(rng, s, E * I, H), up: w(rng, s, E * I, H), down: w(rng, s, E * H, I),
      router: normalVec(rng, E * H, 1 / Math.sqrt(H)),
    },
  };
}

export function linearLayerWeights(s: LinearLayerShape, seed: number): LinearLayerWeights {
  const rng = new Rng(seed, 'decoder-layer/linear');
  const { hidden: H, Hk, Hv, Dk, Dv } = s;
  const C = 2 * Hk * Dk + Hv * Dv;
  return {
    shape: s, inputNorm: norm(rng, H), qkv: w(rng, s, C, H), z: w(rng, s, Hv * Dv, H), ba: w(rng, s, 2 * Hv, H),
    conv: normalVec(rng, C * s.convWidth, 0.5),
    // A = exp(A_log) in [1, 16] as Qwen3.5 initializes it, dt_bias small
    aLog: Float32Array.from({ length: Hv }, () => Math.log(1 + 15 * rng.uniform())),
    dtBias: normalVec(rng, Hv, 0.5, -2),
    outNorm: norm(rng, Dv), out: w(rng, s, H, Hv * Dv), postNorm: norm(rng, H),
    gate: w(rng, s, s.mlp, H), up: w(rng, s, s.mlp, H), down: w(rng, s, H, s.mlp),
  };
}

function f16Normal(rng: Rng, n: number): Uint16Array {
  return Uint16Array.from({ length: n }, () => f32ToF16Bits(rng.normal()));
}

/** the layer's input (the residual stream) and the cached past, seeded */
export function attentionInputs(s: AttentionLayerShape, seed: number): { x: Float32Array; state: AttentionState } {
  const rng = new Rng(seed, 'decoder-layer/attention-inputs');
  return { x: normalVec(rng, s.hidden, 1), state: { k: f16Normal(rng, s.Hkv * s.Skv * s.D), v: f16Normal(rng, s.Hkv * s.Skv * s.D) } };
}

export function linearInputs(s: LinearLayerShape, seed: number): { x: Float32Array; state: { s: Float32Array; conv: Float32Array } } {
  const rng = new Rng(seed, 'decoder-layer/linear-inputs');
  const C = 2 * s.Hk * s.Dk + s.Hv * s.Dv;
  return { x: normalVec(rng, s.hidden, 1), state: { s: normalVec(rng, s.Hv * s.Dk * s.Dv, 0.05), conv: normalVec(rng, C * (s.convWidth - 1), 1) } };
}

export const attentionHeadsOf = (s: AttentionLayerShape): Params => ({ Hq: s.Hq, Hkv: s.Hkv, D: s.D, causal: true, kv: 'f16' });
export const deltaHeadsOf = (s: LinearLayerShape): Params => ({ Hk: s.Hk, Hv: s.Hv, Dk: s.Dk, Dv: s.Dv, l2norm: true });
export const moeHeadsOf = (s: AttentionLayerShape): Params => ({
  H: s.hidden, I: s.moe.I, E: s.moe.E, topk: s.moe.topk, weight: s.format, routing: 'router', normTopk: s.moe.normTopk,
});

// ---- the composition, once over the ops

export interface LayerOps {
  vec(n: number): Vec;
  gemv(step: string, w: Weight, x: Vec): Vec;
  /** q [Hq, D]; k, v f16 bits [Hkv, Skv, D]; decode (one query row at the last position) */
  attention(step: string, heads: Params, q: Vec, k: Uint16Array, v: Uint16Array, Skv: number): Vec;
  /** one token; state [Hv, Dk, Dv] updated in place */
  gatedDeltaRule(step: string, heads: Params, q: Vec, k: Vec, v: Vec, g: Vec, beta: Vec, state: Vec): Vec;
  /** undefined when the runtime has no moe entry (the caller says so; nothing is faked) */
  moe(step: string, m: MoeWeights, x: Vec): Vec | undefined;
}

export interface LayerResult {
  /** the residual stream after the attention (or delta rule) half */
  readonly h: Vec;
  /** the layer's output; undefined when a step is not available */
  readonly y?: Vec;
}

export function attentionLayer(ops: LayerOps, L: AttentionLayerWeights, x: Vec, state: AttentionState): LayerResult {
  const s = L.shape;
  const { hidden, Hq, Hkv, D, Skv } = s;
  const pos = Skv - 1;
  const xn = rmsNorm(x, L.inputNorm, s.eps, ops.vec(hidden));
  const q = ops.gemv('q_proj', L.q, xn);
  const k = ops.gemv('k_proj', L.k, xn);
  const v = ops.gemv('v_proj', L.v, xn);
  rope(rmsNorm(q, L.qNorm, s.eps, q, Hq), Hq, D, pos, s.ropeTheta);
  rope(rmsNorm(k, L.kNorm, s.eps, k, Hkv), Hkv, D, pos, s.ropeTheta);
  for (let h = 0; h < Hkv; h++) {
    for (let d = 0; d < D; d++) {
      state.k[(h * Skv + pos) * D + d] = f32ToF16Bits(k[h * D + d]!);
      state.v[(h * Skv + pos) * D + d] = f32ToF16Bits(v[h * D + d]!);
    }
  }
  const o = ops.attention('attention', attentionHeadsOf(s), q, state.k, state.v, Skv);
  const h = add(x, ops.gemv('o_proj', L.o, o), ops.vec(hidden));
  const m = ops.moe('moe', L.moe, rmsNorm(h, L.postNorm, s.eps, ops.vec(hidden)));
  return m ? { h, y: add(h, m, ops.vec(hidden)) } : { h };
}

export function linearLayer(ops: LayerOps, L: LinearLayerWeights, x: Vec, state: LinearState): LayerResult {
  const s = L.shape;
  const { hidden, Hk, Hv, Dk, Dv } = s;
  const xn = rmsNorm(x, L.inputNorm, s.eps, ops.vec(hidden));
  const qkv = ops.gemv('in_proj_qkv', L.qkv, xn);
  const z = ops.gemv('in_proj_z', L.z, xn);
  const ba = ops.gemv('in_proj_ba', L.ba, xn);
  const mixed = causalConvStep(qkv, state.conv, L.conv, s.convWidth, ops.vec(qkv.length));
  const q = mixed.slice(0, Hk * Dk);
  const k = mixed.slice(Hk * Dk, 2 * Hk * Dk);
  const v = mixed.slice(2 * Hk * Dk);
  const g = ops.vec(Hv);
  const beta = ops.vec(Hv);
  for (let i = 0; i < Hv; i++) {
    beta[i] = sigmoid(ba[i]!);
    g[i] = -Math.exp(L.aLog[i]!) * softplus(ba[Hv + i]! + L.dtBias[i]!);
  }
  const o = ops.gatedDeltaRule('gated_delta_rule', deltaHeadsOf(s), q, k, v, g, beta, state.s);
  const gated = rmsNorm(o, L.outNorm, s.eps, ops.vec(Hv * Dv), Hv);
  for (let i = 0; i < gated.length; i++) gated[i] = gated[i]! * silu(z[i]!);
  const h = add(x, ops.gemv('out_proj', L.out, gated), ops.vec(hidden));
  const hn = rmsNorm(h, L.postNorm, s.eps, ops.vec(hidden));
  const gate = ops.gemv('gate_proj', L.gate, hn);
  const up = ops.gemv('up_proj', L.up, hn);
  for (let i = 0; i < gate.length; i++) gate[i] = silu(gate[i]!) * up[i]!;
  return { h, y: add(h, ops.gemv('down_proj', L.down, gate), ops.vec(hidden)) };
}

// ---- float64: the ops' references

const f32 = (data: ArrayLike<number>, shape: number[]): Tensor => ({ dtype: 'f32', shape, data: Float32Array.from(data) });
export const weightTensor = (w: Weight): Tensor => ({ dtype: 'u8', shape: [w.rows, rowBytes(w.format, w.K)], data: w.bytes });

/** y = W x for each of the given x (one call of gemv's reference with M = xs.length: W dequantized once) */
export function gemvReference(w: Weight, ...xs: ArrayLike<number>[]): Float64Array[] {
  const op = getOp('gemv');
  const p = resolveParams(op, { M: xs.length, N: w.rows, K: w.K, weight: w.format, act: 'f32', bias: false });
  const x = new Float32Array(xs.length * w.K);
  xs.forEach((row, i) => x.set(row, i * w.K));
  const y = op.reference(p, { x: { dtype: 'f32', shape: [xs.length, w.K], data: x }, W: weightTensor(w) }).y!.data;
  return xs.map((_, i) => y.slice(i * w.rows, (i + 1) * w.rows));
}

export function attentionReference(heads: Params, q: ArrayLike<number>, k: Uint16Array, v: Uint16Array, Skv: number): Float64Array {
  const op = getOp('attention');
  const p = resolveParams(op, { ...heads, B: 1, Sq: 1, Skv });
  const [Hq, Hkv, D] = [Number(p.Hq), Number(p.Hkv), Number(p.D)];
  return op.reference(p, {
    q: f32(q, [1, Hq, 1, D]), k: { dtype: 'f16', shape: [1, Hkv, Skv, D], data: k }, v: { dtype: 'f16', shape: [1, Hkv, Skv, Number(p.Dv)], data: v },
  }).o!.data;
}

export function deltaReference(heads: Params, q: ArrayLike<number>, k: ArrayLike<number>, v: ArrayLike<number>, g: ArrayLike<number>, beta: ArrayLike<number>, s0: ArrayLike<number>): Record<string, Float64Tensor> {
  const op = getOp('gated_delta_rule');
  const p = resolveParams(op, { ...heads, B: 1, T: 1 });
  const [Hk, Hv, Dk, Dv] = [Number(p.Hk), Number(p.Hv), Number(p.Dk), Number(p.Dv)];
  return op.reference(p, {
    q: f32(q, [1, 1, Hk, Dk]), k: f32(k, [1, 1, Hk, Dk]), v: f32(v, [1, 1, Hv, Dv]), g: f32(g, [1, 1, Hv]), beta: f32(beta, [1, 1, Hv]), s0: f32(s0, [1, Hv, Dk, Dv]),
  });
}

export interface MoeReference {
  readonly y: Float64Array;
  /** the chosen experts, in rank order */
  readonly ids: Int32Array;
  /** (p_k - p_{k+1}) / p_k at the k-th chosen expert: how far routing is from a tie (1 when topk = E) */
  readonly margin: number;
}

/**
 * The moe reference for each given token: routeByRouter in float64, then one call of the op's
 * reference over the chosen experts alone (their union, each dequantized once) with those ids and
 * weights given: the same function; the op dequantizes every expert, which for 128 experts of
 * [768, 2048] would be gigabytes of float64.
 */
export function moeReference(m: MoeWeights, ...xs: ArrayLike<number>[]): MoeReference[] {
  const { H, I, topk } = m;
  const T = xs.length;
  const routes = xs.map((x) => moeRoute(m, x));
  const union = [...new Set(routes.flatMap((r) => Array.from(r.ids)))];
  const pick = (wt: Weight, rowsPer: number): Tensor => {
    const rb = rowBytes(wt.format, wt.K) * rowsPer;
    const out = new Uint8Array(union.length * rb);
    union.forEach((e, j) => out.set(wt.bytes.subarray(e * rb, (e + 1) * rb), j * rb));
    return { dtype: 'u8', shape: [union.length, rowsPer, rowBytes(wt.format, wt.K)], data: out };
  };
  const x = new Float32Array(T * H);
  xs.forEach((row, t) => x.set(row, t * H));
  const op = getOp('moe');
  const p = resolveParams(op, { T, H, I, E: union.length, topk, weight: m.gate.format, routing: 'given' });
  const y = op.reference(p, {
    x: { dtype: 'f32', shape: [T, H], data: x }, w_gate: pick(m.gate, I), w_up: pick(m.up, I), w_down: pick(m.down, H),
    ids: { dtype: 'i32', shape: [T, topk], data: Int32Array.from(routes.flatMap((r) => Array.from(r.ids, (e) => union.indexOf(e)))) },
    weights: f32(routes.flatMap((r) => Array.from(r.weights)), [T, topk]),
  }).y!.data;
  return routes.map((r, t) => ({ y: y.slice(t * H, (t + 1) * H), ids: r.ids, margin: r.margin }));
}

/** routeByRouter for one token, and how far it is from a tie */
export function moeRoute(m: MoeWeights, x: ArrayLike<number>): { ids: Int32Array; weights: Float64Array; margin: number } {
  const { H, E, topk } = m;
  const x64 = Float64Array.from(Float32Array.from(x));
  const routes = routeByRouter(Float64Array.from(m.router), x64, { T: 1, H, E, topk, normTopk: m.normTopk });
  const logits = Array.from({ length: E }, (_, e) => {
    let acc = 0;
    for (let i = 0; i < H; i++) acc += m.router[e * H + i]! * x64[i]!;
    return acc;
  }).sort((a, b) => b - a);
  const margin = topk < E ? 1 - Math.exp(logits[topk]! - logits[topk - 1]!) : 1;
  return { ...routes, margin };
}

/**
 * The ops' float64 references. With `pending` (the checks a runtime pass of the same layer left),
 * a gemv or moe step computes its own output and the runtime call's reference in one call of the
 * op's reference (the weights dequantized once); `settle` computes whatever is left.
 */
export function referenceOps(pending?: PendingChecks): LayerOps {
  return {
    vec: (n) => new Float64Array(n),
    gemv(step, wt, x) {
      const p = pending?.take(step, 'gemv');
      if (!p) return gemvReference(wt, x)[0]!;
      const [mine, theirs] = gemvReference(wt, x, p.inputs.x as Float32Array);
      p.settle({ ref: { shape: [wt.rows], data: theirs! } });
      return mine!;
    },
    attention: (_step, heads, q, k, v, Skv) => attentionReference(heads, q, k, v, Skv),
    gatedDeltaRule(_step, heads, q, k, v, g, beta, state) {
      const r = deltaReference(heads, q, k, v, g, beta, state);
      state.set(r.s!.data);
      return r.o!.data;
    },
    moe(step, m, x) {
      const p = pending?.take(step, 'moe');
      if (!p) return moeReference(m, x)[0]!.y;
      const [mine, theirs] = moeReference(m, x, p.inputs.x as Float32Array);
      p.settle({ ref: { shape: [m.H], data: theirs!.y }, routed: { ids: theirs!.ids, margin: theirs!.margin } });
      return mine!.y;
    },
  };
}

interface Pending {
  readonly record: StepRecord;
  readonly out: ArrayLike<number>;
  readonly inputs: Readonly<Record<string, unknown>>;
  /** the reference on the call's own inputs, alone */
  readonly alone: () => { ref: Float64Tensor; routed?: StepRecord['routed'] };
}

/** Runtime calls waiting for their check against their op's reference (on the inputs each call got). */
export class PendingChecks {
  private readonly waiting = new Map<string, Pending>();

  add(p: Pending): void {
    this.waiting.set(p.record.step, p);
  }

  /** the pending call of this step and op, with how to settle it */
  take(step: string, op: string): { inputs: Readonly<Record<string, unknown>>; settle(r: { ref: Float64Tensor; routed?: StepRecord['routed'] }): void } | undefined {
    const p = this.waiting.get(step);
    if (!p || p.record.op !== op) return undefined;
    return { inputs: p.inputs, settle: (r) => this.finish(step, p, r) };
  }

  /** checks every call still waiting, each alone */
  settle(): void {
    for (const [step, p] of [...this.waiting]) this.finish(step, p, p.alone());
  }

  private finish(step: string, p: Pending, r: { ref: Float64Tensor; routed?: StepRecord['routed'] }): void {
    this.waiting.delete(step);
    p.record.check = checkOutput(p.record.op, step, p.out, r.ref, p.record.arithmetic);
    if (r.routed) p.record.routed = r.routed;
  }
}

// ---- the runtime library

/** What the layer needs of a loaded runtime library (KforgeLibrary of @kforge/runtime satisfies it). */
export interface RuntimeLibrary {
  call(entry: string, tensors: Readonly<Record<string, ArrayBufferView | undefined>>, scalars: Readonly<Record<string, number>>): {
    status: number; seconds: number; info?: { kernel: string; tuned: boolean; config: Record<string, unknown> };
  };
  entries(): readonly { name: string; op: string; compiled: Params; scalars: readonly { name: string }[] }[];
  lastError(): string;
}

/** How entries are named and what arithmetic a kernel does (from @kforge/runtime and @kforge/driver). */
export interface RuntimeNaming {
  gemvEntry(format: BlockFormat): string;
  attentionEntry(heads: Params): string;
  deltaEntry(heads: Params): string;
  /** the arithmetic of op's kernel with this config (its SPEC bound) */
  arithmetic(op: string, params: Params, config: Record<string, unknown>): KernelArithmetic;
}

export interface StepRecord {
  readonly step: string;
  readonly op: string;
  readonly kernel: string;
  readonly tuned: boolean;
  /** the call's time, measured in C around it */
  readonly ms: number;
  readonly arithmetic: KernelArithmetic;
  /** this call against its op's reference on the inputs it was given (when checking: set by PendingChecks) */
  check?: OutputCheck;
  /** moe: the experts the reference routes this call's input to, and its routing margin */
  routed?: { readonly ids: Int32Array; readonly margin: number };
}

export class RuntimeCallError extends Error {}

const ARITHMETIC = new WeakMap<RuntimeNaming, Map<string, KernelArithmetic>>();

/** the moe entry for these weights: the library's moe entry whose compiled params are theirs (decode phase first) */
export function findMoeEntry(lib: RuntimeLibrary, m: MoeWeights): string | undefined {
  const want: Params = { H: m.H, I: m.I, E: m.E, topk: m.topk, weight: m.gate.format, routing: 'router', normTopk: m.normTopk };
  const fits = lib.entries().filter((e) => e.op === 'moe' && Object.entries(want).every(([k, v]) => !(k in e.compiled) || e.compiled[k] === v)
    && ['H', 'I', 'E', 'topk'].every((k) => e.compiled[k] === want[k] || e.scalars.some((s) => s.name === k)));
  return (fits.find((e) => /decode/.test(e.name)) ?? fits[0])?.name;
}

/**
 * LayerOps over the library. Every call's status is checked (a failing call throws with the library's
 * message); with `pending`, every call waits there for its check against its op's reference on the
 * very inputs it got (referenceOps(pending) over the same layer, then pending.settle()).
 */
export function runtimeOps(lib: RuntimeLibrary, naming: RuntimeNaming, o: { pending?: PendingChecks; records: StepRecord[]; moe: boolean }): LayerOps {
  // asked once per kernel for the whole run (it emits the kernel's source), not in every timed step
  const arithmetic = ARITHMETIC.get(naming) ?? new Map<string, KernelArithmetic>();
  ARITHMETIC.set(naming, arithmetic);
  const run = (step: string, op: string, entry: string, tensors: Record<string, ArrayBufferView>, scalars: Record<string, number>, params: Params,
    check?: { out: () => ArrayLike<number>; inputs: Record<string, unknown>; alone: () => { ref: Float64Tensor; routed?: StepRecord['routed'] } }): void => {
    const r = lib.call(entry, tensors, scalars);
    if (r.status !== 0 || !r.info) throw new RuntimeCallError(`${step}: ${entry} returned status ${r.status}: ${lib.lastError()}`);
    const key = `${op}/${r.info.kernel}`;
    if (!arithmetic.has(key)) arithmetic.set(key, naming.arithmetic(op, params, r.info.config));
    const record: StepRecord = { step, op, kernel: r.info.kernel, tuned: r.info.tuned, ms: r.seconds * 1e3, arithmetic: arithmetic.get(key)! };
    o.records.push(record);
    // the output as the call left it (the layer goes on to change some in place)
    if (o.pending && check) o.pending.add({ record, ...check, out: Float32Array.from(check.out()) });
  };
  const tensor = (data: Float64Array, shape: number[]): Float64Tensor => ({ shape, data });
  const checking = o.pending !== undefined;
  return {
    vec: (n) => new Float32Array(n),
    gemv(step, wt, x) {
      const y = new Float32Array(wt.rows).fill(Number.NaN);
      const xs = x as Float32Array;
      run(step, 'gemv', naming.gemvEntry(wt.format), { x: xs, W: wt.bytes, y }, { M: 1, N: wt.rows, K: wt.K },
        { M: 1, N: wt.rows, K: wt.K, weight: wt.format, act: 'f32', bias: false },
        checking ? { out: () => y, inputs: { x: xs.slice() }, alone: () => ({ ref: tensor(gemvReference(wt, xs)[0]!, [wt.rows]) }) } : undefined);
      return y;
    },
    attention(step, heads, q, k, v, Skv) {
      const p = resolveParams(getOp('attention'), { ...heads, B: 1, Sq: 1, Skv });
      const out = new Float32Array(Number(p.Hq) * Number(p.Dv)).fill(Number.NaN);
      const qs = q as Float32Array;
      const [kc, vc] = checking ? [k.slice(), v.slice()] : [k, v];
      run(step, 'attention', naming.attentionEntry(heads), { q: qs, k, v, o: out }, { B: 1, Sq: 1, Skv }, p,
        checking ? { out: () => out, inputs: {}, alone: () => ({ ref: tensor(attentionReference(heads, qs, kc, vc, Skv), [out.length]) }) } : undefined);
      return out;
    },
    gatedDeltaRule(step, heads, q, k, v, g, beta, state) {
      const p = resolveParams(getOp('gated_delta_rule'), { ...heads, B: 1, T: 1 });
      const out = new Float32Array(Number(p.Hv) * Number(p.Dv)).fill(Number.NaN);
      const s0 = checking ? Float32Array.from(state) : undefined;
      const st = state as Float32Array;
      const given = { q, k, v, g, beta } as Record<string, Float32Array>;
      // the output and the state written in place, judged together
      run(step, 'gated_delta_rule', naming.deltaEntry(heads), { ...given, s0: st, s: st, o: out }, { B: 1, T: 1 }, p, checking ? {
        out: () => [...out, ...st], inputs: {},
        alone: () => {
          const r = deltaReference(heads, q, k, v, g, beta, s0!);
          return { ref: tensor(Float64Array.from([...r.o!.data, ...r.s!.data]), [out.length + st.length]) };
        },
      } : undefined);
      return out;
    },
    moe(step, m, x) {
      if (!o.moe) return undefined;
      const entry = findMoeEntry(lib, m);
      if (!entry) throw new RuntimeCallError(`${step}: the library has no moe entry for ${JSON.stringify({ H: m.H, I: m.I, E: m.E, topk: m.topk, weight: m.gate.format, normTopk: m.normTopk })}`);
      const y = new Float32Array(m.H).fill(Number.NaN);
      const xs = x as Float32Array;
      const p: Params = { T: 1, H: m.H, I: m.I, E: m.E, topk: m.topk, weight: m.gate.format, routing: 'router', normTopk: m.normTopk };
      const scalars = Object.fromEntries(lib.entries().find((e) => e.name === entry)!.scalars.map((s) => [s.name, Number(p[s.name])]));
      run(step, 'moe', entry, { x: xs, w_gate: m.gate.bytes, w_up: m.up.bytes, w_down: m.down.bytes, router: m.router, y }, scalars, p, checking ? {
        out: () => y, inputs: { x: xs.slice() },
        alone: () => {
          const r = moeReference(m, xs)[0]!;
          return { ref: tensor(r.y, [m.H]), routed: { ids: r.ids, margin: r.margin } };
        },
      } : undefined);
      return y;
    },
  };
}

// ---- checking and bytes

/** the combined bound of a composition of steps: COMPOSED_MARGIN * (sum_i sqrt(b_i))^2 */
export function composedBound(records: readonly StepRecord[]): number {
  const s = records.reduce((acc, r) => acc + Math.sqrt(nmseBound(r.op, r.arithmetic)), 0);
  return COMPOSED_MARGIN * s * s;
}

export interface LayerCheck {
  readonly ok: boolean;
  readonly nmseUpdate: number;
  readonly nmseOutput: number;
  readonly bound: number;
  readonly message: string;
}

/** y against the composed reference: the update y - x (x cancels) within the combined bound, and y itself */
export function checkLayer(what: string, x: ArrayLike<number>, y: ArrayLike<number>, ref: ArrayLike<number>, records: readonly StepRecord[]): LayerCheck {
  const bound = composedBound(records);
  const dy = Array.from(y, (v, i) => v - x[i]!);
  const dr = Array.from(ref, (v, i) => v - x[i]!);
  const finite = dy.every(Number.isFinite);
  const nmseUpdate = finite ? nmse(dy, dr) : Number.NaN;
  const nmseOutput = finite ? nmse(y, ref) : Number.NaN;
  const ok = finite && nmseUpdate <= bound && nmseOutput <= bound;
  return {
    ok, nmseUpdate, nmseOutput, bound,
    message: finite
      ? `${what}: nmse of the update ${nmseUpdate.toExponential(2)}, of the output ${nmseOutput.toExponential(2)} ${ok ? '<=' : '>'} ${bound.toExponential(1)} (${COMPOSED_MARGIN} x (sum of sqrt of the ${records.length} steps' bounds)^2)`
      : `${what}: non-finite or unwritten output`,
  };
}

const weightBytes = (...ws: Weight[]): number => ws.reduce((s, x) => s + x.bytes.length, 0);

/** bytes one decode step of layer (a) must read: its weights, the KV cache, the router and the routed experts (each distinct expert once) */
export function attentionLayerBytes(L: AttentionLayerWeights, ids: ArrayLike<number> | undefined): { total: number; parts: Record<string, number> } {
  const s = L.shape;
  const m = L.moe;
  const experts = ids ? new Set(Array.from(ids)).size : 0;
  const expertBytes = (w: Weight): number => (w.bytes.length / m.E) * experts;
  const parts: Record<string, number> = {
    projections: weightBytes(L.q, L.k, L.v, L.o), kv_cache: 2 * s.Hkv * s.Skv * s.D * 2,
    ...(ids ? { router: m.router.byteLength, experts: expertBytes(m.gate) + expertBytes(m.up) + expertBytes(m.down) } : {}),
  };
  return { total: Object.values(parts).reduce((a, b) => a + b, 0), parts };
}

/** bytes one decode step of layer (b) must read: its weights and the delta rule state (written back in place too) */
export function linearLayerBytes(L: LinearLayerWeights): { total: number; parts: Record<string, number> } {
  const s = L.shape;
  const parts: Record<string, number> = {
    projections: weightBytes(L.qkv, L.z, L.ba, L.out), mlp: weightBytes(L.gate, L.up, L.down), state: s.Hv * s.Dk * s.Dv * 4,
  };
  return { total: Object.values(parts).reduce((a, b) => a + b, 0), parts };
}
