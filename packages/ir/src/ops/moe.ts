/**
 * moe (SPEC section 3): a routed mixture of SwiGLU experts.
 *
 * Routing `router`: p = softmax(router · x_t); the topk largest p (ties: lower expert index first),
 * weighted by p, divided by their sum when `normTopk`. Routing `given`: ids and weights are read
 * as they are (normTopk does not touch given weights; an id may repeat and then counts twice).
 * Then y_t = sum_e w_e · W_down[e] · (silu(W_gate[e] · x_t) ⊙ (W_up[e] · x_t)), silu(z) = z / (1 + e^-z).
 */
import { InputError } from '../errors.ts';
import { WEIGHT_FORMAT_NAMES, type WeightFormatName } from '../formats/format.ts';
import { dequantizeWeight } from '../formats/codec.ts';
import { toFloat64 } from '../tensor/tensor.ts';
import type { OpDef, Params } from '../dsl/op.ts';
import type { Tensor } from '../tensor/tensor.ts';

export const MOE: OpDef = {
  name: 'moe',
  doc: 'y [T,H] = routed sum over topk of E SwiGLU experts (gate, up [I,H], down [H,I] in any weight format)',
  params: [
    { name: 'T', type: { kind: 'int', min: 1 }, doc: 'tokens' },
    { name: 'H', type: { kind: 'int', min: 1 }, doc: 'hidden size (a multiple of the block for block formats)' },
    { name: 'I', type: { kind: 'int', min: 1 }, doc: 'expert intermediate size (a multiple of the block for block formats)' },
    { name: 'E', type: { kind: 'int', min: 1 }, doc: 'experts' },
    { name: 'topk', type: { kind: 'int', min: 1 }, doc: 'experts per token (<= E)' },
    { name: 'weight', type: { kind: 'enum', values: WEIGHT_FORMAT_NAMES }, default: 'f32', doc: 'storage format of the expert weights' },
    { name: 'routing', type: { kind: 'enum', values: ['router', 'given'] }, default: 'router', doc: "'router': softmax top-k of router · x; 'given': ids and weights inputs" },
    { name: 'normTopk', type: { kind: 'bool' }, default: false, doc: 'router routing: divide the topk probabilities by their sum' },
  ],
  constraints: [{ expr: 'topk <= E', message: 'topk must be <= E' }],
  tensors: [
    { name: 'x', role: 'in', shape: ['T', 'H'], dtype: 'f32', doc: 'tokens' },
    { name: 'w_gate', role: 'in', shape: ['E', 'I', 'H'], dtype: 'f32', formatParam: 'weight', init: { kind: 'normal', std: '1/sqrt(H)' }, doc: 'gate projections' },
    { name: 'w_up', role: 'in', shape: ['E', 'I', 'H'], dtype: 'f32', formatParam: 'weight', init: { kind: 'normal', std: '1/sqrt(H)' }, doc: 'up projections' },
    { name: 'w_down', role: 'in', shape: ['E', 'H', 'I'], dtype: 'f32', formatParam: 'weight', init: { kind: 'normal', std: '1/sqrt(I)' }, doc: 'down projections' },
    { name: 'router', role: 'in', shape: ['E', 'H'], dtype: 'f32', when: "routing == 'router'", init: { kind: 'normal', std: '1/sqrt(H)' }, doc: 'router weights' },
    { name: 'ids', role: 'in', shape: ['T', 'topk'], dtype: 'i32', when: "routing == 'given'", init: { kind: 'distinct-ids', range: 'E' }, range: { min: 0, max: 'E - 1' }, doc: 'expert ids per token' },
    { name: 'weights', role: 'in', shape: ['T', 'topk'], dtype: 'f32', when: "routing == 'given'", init: { kind: 'uniform', min: 0, max: 1 }, doc: 'expert weights per token' },
    { name: 'y', role: 'out', shape: ['T', 'H'], dtype: 'f32', doc: 'output' },
  ],
  knobs: [
    { name: 'variant', doc: "algorithm: 'gather' (per active expert one pass over its weights for all its tokens, m_tile at a time) or 'tiled' (CUDA: expert GEMMs over tiles of each expert's tokens on tensor cores)" },
    { name: 'rows', doc: 'weight rows per work item (CPU: per thread block; GPU: per workgroup)' },
    { name: 'm_tile', doc: "tokens of one expert sharing each loaded weight vector" },
    { name: 'k_unroll', doc: 'independent accumulator sets along the reduction' },
    { name: 'dot_path', doc: "'float' (weights widened to f32) or 'int8' (activations quantized to int8 per 32-block, integer dot products)" },
    { name: 'prefetch', doc: 'CPU: software prefetch distance in bytes along each weight row (0: none)' },
    { name: 'threads', doc: 'CPU: threads; GPU: threads per row group' },
    { name: 'lmul', doc: 'RVV: register group multiplier' },
    { name: 'workgroup_size', doc: 'GPU: threads per workgroup' },
    { name: 'vector_width', doc: 'GPU: elements (or weight bytes) per lane load' },
    { name: 'subgroup_reduce', doc: 'GPU: reduce partial dot products with subgroup operations' },
    { name: 'mma', doc: "GPU: 'tensor_core' (CUDA mma.sync, variant 'tiled') or 'none' (SIMT multiply-adds)" },
    { name: 'tile_m', doc: "tiled: tokens of one expert per workgroup tile" },
    { name: 'tile_n', doc: 'tiled: output columns per workgroup tile' },
    { name: 'tile_k', doc: 'tiled: reduction elements per staged k tile' },
    { name: 'dependent_launch', doc: "CUDA: programmatic dependent launch of the kernel chain (each launch overlaps the previous kernel)" },
    { name: 'fuse_route_group', doc: 'GPU (CUDA): one workgroup routes every token and groups the pairs (one dispatch, not two)' },
    { name: 'fuse_down_combine', doc: 'GPU: the down projection runs per token over its slots and writes y (no partial buffer, no combine dispatch)' },
    { name: 'pair_grid', doc: 'GPU: the expert kernels run per routed (token, slot) pair, the expert read from the ids (no group dispatch)' },
    { name: 'router_prefetch', doc: 'CUDA: the router logits kernel issues its router loads before its dependent-launch wait' },
    { name: 'route_in_gate_up', doc: "GPU (CUDA): with pair_grid, each gate_up warp routes its token by subgroup shuffles (no route dispatch)" },
  ],
  flops(params) {
    const { T, H, I, E, topk } = params as Record<string, number>;
    // gate, up and down of every routed (token, expert) pair, plus the router's logits
    return T * topk * 3 * 2 * H * I + (params.routing === 'router' ? 2 * T * E * H : 0);
  },
  reference(params, inputs) {
    const { T, H, E, topk } = params as Record<string, number>;
    const x = toFloat64(inputs.x!);
    const routes = params.routing === 'router'
      ? routeByRouter(toFloat64(inputs.router!), x, { T, H, E, topk, normTopk: params.normTopk as boolean })
      : givenRoutes(inputs.ids!.data as Int32Array, toFloat64(inputs.weights!), E);
    return { y: { shape: [T, H], data: routedExperts(params, inputs, routes) } };
  },
};

/** y [T, H] in float64 for the given routes: sum over each token's topk of w · W_down[e] (silu(W_gate[e] x) ⊙ W_up[e] x). */
export function routedExperts(params: Params, inputs: Readonly<Record<string, Tensor>>, routes: Routes): Float64Array {
  const { T, H, I, E, topk } = params as Record<string, number>;
  const format = params.weight as WeightFormatName;
  const x = toFloat64(inputs.x!);
  const wGate = dequantizeWeight(format, 'w_gate', inputs, [E, I, H]);
  const wUp = dequantizeWeight(format, 'w_up', inputs, [E, I, H]);
  const wDown = dequantizeWeight(format, 'w_down', inputs, [E, H, I]);
  const y = new Float64Array(T * H);
  const hidden = new Float64Array(I);
  for (let t = 0; t < T; t++) {
    for (let r = 0; r < topk; r++) {
      const e = routes.ids[t * topk + r]!;
      const w = routes.weights[t * topk + r]!;
      for (let i = 0; i < I; i++) {
        let gate = 0;
        let up = 0;
        for (let h = 0; h < H; h++) {
          gate += wGate[(e * I + i) * H + h]! * x[t * H + h]!;
          up += wUp[(e * I + i) * H + h]! * x[t * H + h]!;
        }
        hidden[i] = (gate / (1 + Math.exp(-gate))) * up;
      }
      for (let h = 0; h < H; h++) {
        let acc = 0;
        for (let i = 0; i < I; i++) acc += wDown[(e * H + h) * I + i]! * hidden[i]!;
        y[t * H + h] += w * acc;
      }
    }
  }
  return y;
}

export interface Routes {
  /** [T, topk] expert ids */
  readonly ids: Int32Array;
  /** [T, topk] expert weights */
  readonly weights: Float64Array;
}

/** Router routing in float64: softmax of router · x_t, topk largest (ties to the lower index), optional renormalization. */
export function routeByRouter(
  router: Float64Array,
  x: Float64Array,
  dims: { T: number; H: number; E: number; topk: number; normTopk: boolean },
): Routes {
  const { T, H, E, topk, normTopk } = dims;
  const ids = new Int32Array(T * topk);
  const weights = new Float64Array(T * topk);
  const p = new Float64Array(E);
  for (let t = 0; t < T; t++) {
    for (let e = 0; e < E; e++) {
      let logit = 0;
      for (let h = 0; h < H; h++) logit += router[e * H + h]! * x[t * H + h]!;
      p[e] = logit;
    }
    const max = Math.max(...p);
    let sum = 0;
    for (let e = 0; e < E; e++) sum += p[e] = Math.exp(p[e]! - max);
    for (let e = 0; e < E; e++) p[e] /= sum;
    // a stable sort keeps equal probabilities in index order, so ties go to the lower index
    const chosen = Array.from({ length: E }, (_, e) => e).sort((a, b) => p[b]! - p[a]!).slice(0, topk);
    const chosenSum = chosen.reduce((acc, e) => acc + p[e]!, 0);
    chosen.forEach((e, r) => {
      ids[t * topk + r] = e;
      weights[t * topk + r] = normTopk ? p[e]! / chosenSum : p[e]!;
    });
  }
  return { ids, weights };
}

function givenRoutes(ids: Int32Array, weights: Float64Array, E: number): Routes {
  const bad = ids.findIndex((e) => e < 0 || e >= E);
  if (bad >= 0) throw new InputError(`moe: tensor 'ids': element ${bad} is ${ids[bad]}, expected an expert id in [0, ${E})`);
  return { ids, weights };
}
