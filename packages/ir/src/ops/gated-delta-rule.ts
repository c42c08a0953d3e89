/**
 * gated_delta_rule (SPEC section 3): the linear attention of Qwen3.5 / Gated DeltaNet.
 *
 * Per (b, value head h), with q/k head floor(h / (Hv/Hk)) and S = s0[b,h] (Dk x Dv), for each t:
 *   S = exp(g_t) S;  u_t = beta_t (v_t - Sᵀ k_t);  S = S + k_t u_tᵀ;  o_t = scale Sᵀ q_t.
 * With `l2norm`, q and k are first divided by sqrt(sum(x^2) + 1e-6).
 *
 * Two float64 forms of the same function live here: the recurrence (the reference, and what decode
 * kernels compute with T = 1) and the chunkwise form (what chunked prefill kernels lower from).
 */
import { toFloat64 } from '../tensor/tensor.ts';
import type { Float64Tensor, OpDef, Params } from '../dsl/op.ts';
import { resolveParams } from '../dsl/resolve.ts';
import type { Tensor } from '../tensor/tensor.ts';

export const L2NORM_EPS = 1e-6;

export const GATED_DELTA_RULE: OpDef = {
  name: 'gated_delta_rule',
  doc: 'gated delta rule linear attention: o [B,T,Hv,Dv] and the final state s [B,Hv,Dk,Dv] from s0',
  params: [
    { name: 'B', type: { kind: 'int', min: 1 }, default: 1, doc: 'batch' },
    { name: 'T', type: { kind: 'int', min: 1 }, doc: 'tokens (1 = decode)' },
    { name: 'Hk', type: { kind: 'int', min: 1 }, doc: 'q/k heads' },
    { name: 'Hv', type: { kind: 'int', min: 1 }, default: { expr: 'Hk' }, doc: 'value heads (Hv % Hk == 0)' },
    { name: 'Dk', type: { kind: 'int', min: 1 }, doc: 'q/k head size' },
    { name: 'Dv', type: { kind: 'int', min: 1 }, default: { expr: 'Dk' }, doc: 'value head size (default Dk)' },
    { name: 'scale', type: { kind: 'float' }, default: { expr: '1/sqrt(Dk)' }, doc: 'output scale (default 1/sqrt(Dk))' },
    { name: 'l2norm', type: { kind: 'bool' }, default: false, doc: `divide q and k by sqrt(sum(x^2) + ${L2NORM_EPS})` },
  ],
  constraints: [{ expr: 'Hv % Hk == 0', message: 'Hv must be a multiple of Hk' }],
  tensors: [
    { name: 'q', role: 'in', shape: ['B', 'T', 'Hk', 'Dk'], dtype: 'f32', doc: 'queries' },
    // |k|^2 around 1/4 keeps the un-normalized delta rule contractive (beta |k|^2 < 2)
    { name: 'k', role: 'in', shape: ['B', 'T', 'Hk', 'Dk'], dtype: 'f32', init: { kind: 'normal', std: '0.5/sqrt(Dk)' }, doc: 'keys' },
    { name: 'v', role: 'in', shape: ['B', 'T', 'Hv', 'Dv'], dtype: 'f32', doc: 'values' },
    // value heads cycle through slow, medium and fast decay (ggml's tests draw g from [-20, 0])
    { name: 'g', role: 'in', shape: ['B', 'T', 'Hv'], dtype: 'f32', init: { kind: 'uniform-cycled', axis: 2, ranges: [[-0.1, 0], [-2, 0], [-20, -1e-4]] }, range: { max: 0 }, doc: 'log decay (<= 0)' },
    { name: 'beta', role: 'in', shape: ['B', 'T', 'Hv'], dtype: 'f32', init: { kind: 'uniform', min: 0, max: 1 }, range: { min: 0, max: 1 }, doc: 'write strength in [0, 1]' },
    { name: 's0', role: 'in', shape: ['B', 'Hv', 'Dk', 'Dv'], dtype: 'f32', doc: 'initial state' },
    { name: 'o', role: 'out', shape: ['B', 'T', 'Hv', 'Dv'], dtype: 'f32', doc: 'output' },
    { name: 's', role: 'out', shape: ['B', 'Hv', 'Dk', 'Dv'], dtype: 'f32', doc: 'final state' },
  ],
  knobs: [
    { name: 'variant', doc: "'recurrent': token by token, each step one fused pass over the state (decode and short T); 'chunked': the WY/UT chunkwise form (prefill)" },
    { name: 'chunk', doc: 'tokens per chunk of the chunked variant: the intra-chunk products are chunk x chunk, the state is carried between chunks' },
    { name: 'block_v', doc: 'state columns (of Dv) one work item owns: the columns of S evolve independently, so they split without communication' },
    { name: 'threads', doc: 'CPU threads' },
    { name: 'lmul', doc: 'RVV register grouping (vector length agnostic)' },
    { name: 'workgroup_size', doc: 'GPU threads per workgroup' },
    { name: 'k_split', doc: 'GPU: lanes that share one state column, each holding Dk/k_split of its rows (Sᵀk and Sᵀq reduced across them)' },
    { name: 'vector_width', doc: 'GPU: elements one lane loads at once' },
    { name: 'subgroup_reduce', doc: 'GPU: subgroup (warp, simdgroup) reductions instead of local memory' },
    { name: 'inputs', doc: "GPU recurrent: 'staged' (tiles of tokens in local memory behind a barrier) or 'registers' (each lane loads its own q, k rows, v columns, g and beta, no barrier)" },
    { name: 'dependent_launch', doc: 'CUDA: programmatic dependent launch (the kernel lets the next launch start and waits for the previous grid before its first read)' },
  ],
  flops(params) {
    const { B, T, Hv, Dk, Dv } = params as Record<string, number>;
    // per step and value head: decay, Sᵀk, the rank-1 update (2) and Sᵀq over the Dk x Dv state
    return B * T * Hv * 7 * Dk * Dv;
  },
  reference: gatedDeltaRuleRecurrent,
};

/** The params a gated_delta_rule kernel compiles in, with the op's defaults filled (Hv, Dv, scale, l2norm). */
export interface GatedDeltaRuleShape {
  readonly Hk: number;
  readonly Hv: number;
  readonly Dk: number;
  readonly Dv: number;
  readonly scale: number;
  readonly l2norm: boolean;
}

export function gatedDeltaRuleShape(params: Params): GatedDeltaRuleShape {
  const p = resolveParams(GATED_DELTA_RULE, params);
  const n = (k: string): number => Number(p[k]);
  return { Hk: n('Hk'), Hv: n('Hv'), Dk: n('Dk'), Dv: n('Dv'), scale: n('scale'), l2norm: p.l2norm === true };
}

/** Dimensions and the float64 inputs (q and k already l2-normalized when asked). */
interface Prepared {
  readonly B: number; readonly T: number; readonly Hk: number; readonly Hv: number;
  readonly Dk: number; readonly Dv: number; readonly scale: number;
  readonly q: Float64Array; readonly k: Float64Array; readonly v: Float64Array;
  readonly g: Float64Array; readonly beta: Float64Array; readonly s0: Float64Array;
}

function prepare(params: Params, inputs: Readonly<Record<string, Tensor>>): Prepared {
  const { B, T, Hk, Hv, Dk, Dv, scale } = params as Record<string, number>;
  const q = toFloat64(inputs.q!);
  const k = toFloat64(inputs.k!);
  if (params.l2norm) for (const x of [q, k]) l2NormalizeRows(x, Dk);
  return {
    B, T, Hk, Hv, Dk, Dv, scale, q, k,
    v: toFloat64(inputs.v!), g: toFloat64(inputs.g!), beta: toFloat64(inputs.beta!), s0: toFloat64(inputs.s0!),
  };
}

function l2NormalizeRows(x: Float64Array, n: number): void {
  for (let r = 0; r < x.length; r += n) {
    let sq = 0;
    for (let i = 0; i < n; i++) sq += x[r + i]! ** 2;
    const inv = 1 / Math.sqrt(sq + L2NORM_EPS);
    for (let i = 0; i < n; i++) x[r + i] *= inv;
  }
}

/** The reference: the recurrence of SPEC section 3, one token at a time. */
export function gatedDeltaRuleRecurrent(params: Params, inputs: Readonly<Record<string, Tensor>>): Record<string, Float64Tensor> {
  const { B, T, Hk, Hv, Dk, Dv, scale, q, k, v, g, beta, s0 } = prepare(params, inputs);
  const o = new Float64Array(B * T * Hv * Dv);
  const s = new Float64Array(s0);
  const u = new Float64Array(Dv);
  for (let b = 0; b < B; b++) {
    for (let h = 0; h < Hv; h++) {
      const hk = Math.floor(h / (Hv / Hk));
      const S = s.subarray((b * Hv + h) * Dk * Dv, (b * Hv + h + 1) * Dk * Dv);
      for (let t = 0; t < T; t++) {
        const gate = (b * T + t) * Hv + h;
        const qk = ((b * T + t) * Hk + hk) * Dk;
        const vo = gate * Dv;
        const decay = Math.exp(g[gate]!);
        for (let i = 0; i < S.length; i++) S[i] *= decay;
        for (let j = 0; j < Dv; j++) {
          let stk = 0;
          for (let i = 0; i < Dk; i++) stk += S[i * Dv + j]! * k[qk + i]!;
          u[j] = beta[gate]! * (v[vo + j]! - stk);
        }
        for (let i = 0; i < Dk; i++) for (let j = 0; j < Dv; j++) S[i * Dv + j] += k[qk + i]! * u[j]!;
        for (let j = 0; j < Dv; j++) {
          let stq = 0;
          for (let i = 0; i < Dk; i++) stq += S[i * Dv + j]! * q[qk + i]!;
          o[vo + j] = scale * stq;
        }
      }
    }
  }
  return { o: { shape: [B, T, Hv, Dv], data: o }, s: { shape: [B, Hv, Dk, Dv], data: s } };
}

/**
 * The chunkwise (WY / UT transform) form of the same function, as chunked prefill kernels compute it.
 * Within a chunk of C tokens starting from state S0, with gamma_i = g_0 + ... + g_i (cumulative log
 * decay inside the chunk) and D_ij = exp(gamma_i - gamma_j):
 *   A = strictly lower, A_ij = beta_i D_ij (k_i · k_j)          (j < i)
 *   Tm = (I + A)^-1                                               (UT transform, forward substitution)
 *   W = Tm diag(beta exp(gamma)) K,   U = Tm diag(beta) V - W S0   (the u_t of all C steps at once)
 *   O = scale (diag(exp(gamma)) Q S0 + (D ⊙ Q Kᵀ)_{j<=i} U)
 *   S = exp(gamma_last) S0 + Kᵀ diag(exp(gamma_last - gamma)) U
 * The last chunk may be shorter (a tail).
 */
export function gatedDeltaRuleChunked(params: Params, inputs: Readonly<Record<string, Tensor>>, chunk: number): Record<string, Float64Tensor> {
  if (!Number.isInteger(chunk) || chunk < 1) throw new RangeError(`gated_delta_rule: chunk must be a positive integer, got ${chunk}`);
  const { B, T, Hk, Hv, Dk, Dv, scale, q, k, v, g, beta, s0 } = prepare(params, inputs);
  const o = new Float64Array(B * T * Hv * Dv);
  const s = new Float64Array(s0);
  for (let b = 0; b < B; b++) {
    for (let h = 0; h < Hv; h++) {
      const hk = Math.floor(h / (Hv / Hk));
      const S = s.subarray((b * Hv + h) * Dk * Dv, (b * Hv + h + 1) * Dk * Dv);
      for (let t0 = 0; t0 < T; t0 += chunk) {
        const C = Math.min(chunk, T - t0);
        const gateAt = (i: number): number => (b * T + t0 + i) * Hv + h;
        const qkAt = (i: number): number => ((b * T + t0 + i) * Hk + hk) * Dk;
        const dot = (x: Float64Array, xi: number, y: Float64Array, yi: number): number => {
          let acc = 0;
          for (let d = 0; d < Dk; d++) acc += x[xi + d]! * y[yi + d]!;
          return acc;
        };
        const gamma = new Float64Array(C);
        for (let i = 0, acc = 0; i < C; i++) gamma[i] = acc += g[gateAt(i)]!;
        const betaC = Float64Array.from({ length: C }, (_, i) => beta[gateAt(i)]!);

        // Tm = (I + A)^-1, lower triangular with unit diagonal: Tm_ij = -sum_{j<=m<i} A_im Tm_mj
        const A = new Float64Array(C * C);
        for (let i = 0; i < C; i++)
          for (let j = 0; j < i; j++)
            A[i * C + j] = betaC[i]! * Math.exp(gamma[i]! - gamma[j]!) * dot(k, qkAt(i), k, qkAt(j));
        const Tm = new Float64Array(C * C);
        for (let i = 0; i < C; i++) {
          Tm[i * C + i] = 1;
          for (let j = 0; j < i; j++) {
            let acc = 0;
            for (let m = j; m < i; m++) acc += A[i * C + m]! * Tm[m * C + j]!;
            Tm[i * C + j] = -acc;
          }
        }

        // W = Tm diag(beta exp(gamma)) K  [C, Dk];  U = Tm diag(beta) V - W S0  [C, Dv]
        const W = new Float64Array(C * Dk);
        const U = new Float64Array(C * Dv);
        for (let i = 0; i < C; i++) {
          for (let j = 0; j <= i; j++) {
            const t = Tm[i * C + j]! * betaC[j]!;
            const tw = t * Math.exp(gamma[j]!);
            for (let d = 0; d < Dk; d++) W[i * Dk + d] += tw * k[qkAt(j) + d]!;
            for (let e = 0; e < Dv; e++) U[i * Dv + e] += t * v[gateAt(j) * Dv + e]!;
          }
          for (let d = 0; d < Dk; d++)
            for (let e = 0; e < Dv; e++) U[i * Dv + e] -= W[i * Dk + d]! * S[d * Dv + e]!;
        }

        // O = scale (diag(exp(gamma)) Q S0 + (D ⊙ Q Kᵀ)_{j<=i} U), from the state before the chunk
        for (let i = 0; i < C; i++) {
          const out = gateAt(i) * Dv;
          const decay = Math.exp(gamma[i]!);
          for (let d = 0; d < Dk; d++) {
            const qd = decay * q[qkAt(i) + d]!;
            for (let e = 0; e < Dv; e++) o[out + e] += qd * S[d * Dv + e]!;
          }
          for (let j = 0; j <= i; j++) {
            const w = Math.exp(gamma[i]! - gamma[j]!) * dot(q, qkAt(i), k, qkAt(j));
            for (let e = 0; e < Dv; e++) o[out + e] += w * U[j * Dv + e]!;
          }
          for (let e = 0; e < Dv; e++) o[out + e] *= scale;
        }

        // S = exp(gamma_last) S0 + Kᵀ diag(exp(gamma_last - gamma)) U
        const last = gamma[C - 1]!;
        for (let x = 0; x < S.length; x++) S[x] *= Math.exp(last);
        for (let j = 0; j < C; j++) {
          const decay = Math.exp(last - gamma[j]!);
          for (let d = 0; d < Dk; d++) {
            const kd = decay * k[qkAt(j) + d]!;
            for (let e = 0; e < Dv; e++) S[d * Dv + e] += kd * U[j * Dv + e]!;
          }
        }
      }
    }
  }
  return { o: { shape: [B, T, Hv, Dv], data: o }, s: { shape: [B, Hv, Dk, Dv], data: s } };
}
