/** gemv (SPEC section 3): y = x · Wᵀ (+ bias), the decode-time matmul against a stored weight. */
import { WEIGHT_FORMAT_NAMES } from '../formats/format.ts';
import { dequantizeWeight } from '../formats/codec.ts';
import { toFloat64 } from '../tensor/tensor.ts';
import type { OpDef } from '../dsl/op.ts';
import type { WeightFormatName } from '../formats/format.ts';

export const GEMV: OpDef = {
  name: 'gemv',
  doc: 'y [M,N] = x [M,K] · W[N,K]ᵀ (+ bias [N]), W stored in any weight format',
  params: [
    { name: 'M', type: { kind: 'int', min: 1, max: 64 }, default: 1, doc: 'rows of x (tokens), 1..64' },
    { name: 'N', type: { kind: 'int', min: 1 }, doc: 'output features (rows of W)' },
    { name: 'K', type: { kind: 'int', min: 1 }, doc: 'input features (a multiple of the block for block formats)' },
    { name: 'weight', type: { kind: 'enum', values: WEIGHT_FORMAT_NAMES }, default: 'f32', doc: 'storage format of W' },
    { name: 'act', type: { kind: 'enum', values: ['f32', 'f16'] }, default: 'f32', doc: 'dtype of x' },
    { name: 'bias', type: { kind: 'bool' }, default: false, doc: 'add bias [N]' },
  ],
  constraints: [],
  tensors: [
    { name: 'x', role: 'in', shape: ['M', 'K'], dtype: { param: 'act' }, doc: 'activations' },
    { name: 'W', role: 'in', shape: ['N', 'K'], dtype: 'f32', formatParam: 'weight', init: { kind: 'normal', std: '1/sqrt(K)' },
      doc: 'weight, stored in the `weight` format (planar formats add W_scale and W_min)' },
    { name: 'bias', role: 'in', shape: ['N'], dtype: 'f32', when: 'bias', doc: 'bias' },
    { name: 'y', role: 'out', shape: ['M', 'N'], dtype: 'f32', doc: 'output' },
  ],
  knobs: [
    { name: 'rows', doc: 'CPU: weight rows computed together, sharing each load of x' },
    { name: 'm_tile', doc: 'CPU: rows of x sharing each loaded weight vector' },
    { name: 'k_unroll', doc: 'independent accumulator sets (CPU) or loads in flight (GPU) along K' },
    { name: 'threads', doc: 'CPU threads splitting N' },
    { name: 'prefetch', doc: 'CPU, quantized weights: software prefetch distance in bytes ahead in each weight row (0: none)' },
    { name: 'row_order', doc: "CPU: 'adjacent' rows per block, or 'spread' N/rows apart (one weight stream each)" },
    { name: 'dot_width', doc: 'CPU int8 path, avx512: bits of one integer dot vector (256: ymm, 512: zmm vpdpbusd)' },
    { name: 'lmul', doc: 'RVV register grouping (vector length agnostic)' },
    { name: 'rows_per_block', doc: 'GPU: output rows one workgroup covers' },
    { name: 'workgroup_size', doc: 'GPU threads per workgroup, splitting K' },
    { name: 'vector_width', doc: 'GPU: weight bytes per lane load' },
    { name: 'split_k', doc: 'GPU: workgroups splitting K, partial sums reduced by a second dispatch' },
    { name: 'subgroup_reduce', doc: 'GPU: subgroup (warp, simdgroup) reduction before workgroup memory' },
    { name: 'dot_path', doc: "'float': dequantize and multiply-add; 'int8': activations quantized to int8 per 32-block in the kernel, integer dot products (VNNI, maddubs, sdot, vwmacc, vrmpy, dp4a)" },
    { name: 'dependent_launch', doc: 'CUDA: programmatic dependent launch: the kernel lets the next launch start early and waits for the previous grid before it reads x or stores' },
    { name: 'quantize_x', doc: "GPU int8 path: 'dispatch' quantizes x by a first dispatch into scratch; 'workgroup': every workgroup quantizes x into its workgroup memory; 'registers': each thread quantizes the x blocks it uses (both one dispatch)" },
  ],
  flops: (p) => 2 * Number(p.M) * Number(p.N) * Number(p.K),
  reference(params, inputs) {
    const { M, N, K } = params as Record<string, number>;
    const x = toFloat64(inputs.x!);
    const w = dequantizeWeight(params.weight as WeightFormatName, 'W', inputs, [N, K]);
    const bias = params.bias ? toFloat64(inputs.bias!) : null;
    const y = new Float64Array(M * N);
    for (let m = 0; m < M; m++) {
      for (let n = 0; n < N; n++) {
        let acc = bias ? bias[n]! : 0;
        for (let k = 0; k < K; k++) acc += x[m * K + k]! * w[n * K + k]!;
        y[m * N + n] = acc;
      }
    }
    return { y: { shape: [M, N], data: y } };
  },
};
