/**
 * CUDA C++ as a dialect of the shared C-family printer. f16 data arrives as u32 words (the same IR
 * as every GPU language) and is widened with the hardware conversion; vectors are CUDA's uint4/float4.
 */
import { C_DIALECT, type Dialect, type MatrixSpellings } from '@kforge/codegen-core';
import { gpuVectorRules, workgroupSizeOf } from './common.ts';

const AXES = ['x', 'y', 'z'];

/** a butterfly over the warp (as kf_warp_sum) for the other reductions and integer types */
function warpButterfly(fn: string, combine: string): string {
  return `template <class T> __device__ __forceinline__ T kf_warp_${fn}(T v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) { const T x = __shfl_xor_sync(0xffffffffu, v, offset); ${combine}; }
  return v;
}`;
}

const smem = (address: string): string => `(unsigned int)__cvta_generic_to_shared(${address})`;

/** inline PTX for the IR's tensor-core statements (sm_80+: mma.sync, ldmatrix, cp.async) */
const CUDA_MATRIX: MatrixSpellings = {
  mma: ({ operands, d, a, b, c }) => {
    const inPlace = d.every((x, i) => x === c[i]);
    const reg = (i: number) => `%${i}`;
    const cRegs = inPlace ? [0, 1, 2, 3] : [10, 11, 12, 13];
    const text = `mma.sync.aligned.m16n8k16.row.col.f32.${operands}.${operands}.f32 {${[0, 1, 2, 3].map(reg).join(', ')}}, ` +
      `{${[4, 5, 6, 7].map(reg).join(', ')}}, {${[8, 9].map(reg).join(', ')}}, {${cRegs.map(reg).join(', ')}};`;
    const outs = d.map((x) => `"${inPlace ? '+' : '='}f"(${x})`).join(', ');
    const ins = [...a.map((x) => `"r"(${x})`), ...b.map((x) => `"r"(${x})`), ...(inPlace ? [] : c.map((x) => `"f"(${x})`))].join(', ');
    return `asm("${text}" : ${outs} : ${ins});`;
  },
  ldmatrix: ({ count, trans, address, dst }) => {
    const regs = dst.map((_, i) => `%${i}`).join(', ');
    return `asm volatile("ldmatrix.sync.aligned.m8n8.x${count}${trans ? '.trans' : ''}.shared.b16 {${regs}}, [%${count}];" : ` +
      `${dst.map((x) => `"=r"(${x})`).join(', ')} : "r"(${smem(address)}) : "memory");`;
  },
  asyncCopy: ({ dst, src, bytes, srcBytes }) => {
    const cache = bytes === 16 ? 'cg' : 'ca';
    return srcBytes
      ? `asm volatile("cp.async.${cache}.shared.global [%0], [%1], ${bytes}, %2;" :: "r"(${smem(dst)}), "l"(${src}), "r"((int)(${srcBytes})) : "memory");`
      : `asm volatile("cp.async.${cache}.shared.global [%0], [%1], ${bytes};" :: "r"(${smem(dst)}), "l"(${src}) : "memory");`;
  },
  asyncCommit: 'asm volatile("cp.async.commit_group;" ::: "memory");',
  asyncWait: (n) => `asm volatile("cp.async.wait_group ${n};" ::: "memory");`,
};

export const CUDA_DIALECT: Dialect = {
  ...C_DIALECT,
  name: 'cuda',
  types: {
    f32: 'float', f16: '__half', bf16: '__nv_bfloat16', f64: 'double', i8: 'signed char', u8: 'unsigned char', i16: 'short',
    u16: 'unsigned short', i32: 'int', u32: 'unsigned int', i64: 'long long', bool: 'bool',
  },
  preamble: `#include <cuda_fp16.h>

__device__ __forceinline__ float kf_f16_to_f32(unsigned int bits) {
  return __half2float(__ushort_as_half((unsigned short)(bits & 0xffffu)));
}

// butterfly over the warp: every lane ends with the sum
__device__ __forceinline__ float kf_warp_sum(float v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}

// the larger |x| of each f16 lane of two words, as one f16x2 max (exact)
__device__ __forceinline__ unsigned int kf_absmax_f16x2(unsigned int a, unsigned int b) {
  const __half2 m = __hmax2(__habs2(*reinterpret_cast<const __half2*>(&a)), __habs2(*reinterpret_cast<const __half2*>(&b)));
  return *reinterpret_cast<const unsigned int*>(&m);
}

// the int8 codes of a word's two f16 values, round(x * id) half to even, each in the low byte of its 16-bit
// lane: one f16x2 fma into 1.5 * 2^10 (ulp 1), exact as the f32 fma of the other dialects because id has 11
// significant bits (and is below 32768: the caller takes the f32 path for smaller blocks)
__device__ __forceinline__ unsigned int kf_f16x2_codes(unsigned int x, float id) {
  const __half2 q = __hfma2(*reinterpret_cast<const __half2*>(&x), __float2half2_rn(id), __float2half2_rn(1536.0f));
  return *reinterpret_cast<const unsigned int*>(&q);
}

// programmatic dependent launch (sm_90; no-ops below): let the next grid of the stream start, and wait
// for the previous grid to complete with its writes visible (at once when launched without the mode)
__device__ __forceinline__ void kf_launch_dependents() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;");
#endif
}

__device__ __forceinline__ void kf_wait_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}`,
  kernelPrefix: 'extern "C" __global__ void',
  // a coherent buffer (written by the previous grid of a dependent launch) gets no __restrict__: with it nvcc
  // reads through ld.global.nc, which ptxas may schedule above griddepcontrol.wait
  bufferParam: (p, type) => `${p.access === 'read' ? 'const ' : ''}${type}*${p.coherent || p.aliased ? '' : ' __restrict__'} ${p.name}`,
  signature: (k, d) => {
    const params = k.params.map((p) => (p.kind === 'buffer' ? d.bufferParam(p, d.types[p.elem]) : d.scalarParam(p, d.types[p.type])));
    return `${d.kernelPrefix} __launch_bounds__(${workgroupSizeOf(k)}) ${k.name}(${params.join(', ')})`;
  },
  special: (index, dim) => {
    const axis = AXES[dim]!;
    switch (index) {
      case 'thread_id': return `(int)threadIdx.${axis}`;
      case 'group_id': return `(int)blockIdx.${axis}`;
      case 'group_size': return `(int)blockDim.${axis}`;
      case 'num_groups': return `(int)gridDim.${axis}`;
      case 'global_id': return `(int)(blockIdx.${axis} * blockDim.${axis} + threadIdx.${axis})`;
      case 'subgroup_lane': return '((int)threadIdx.x & 31)';
      case 'subgroup_size': return '32';
      default: throw new Error(`the cuda dialect has no ${index}`);
    }
  },
  barrier: '__syncthreads();',
  gridDependency: { signal: 'kf_launch_dependents();', wait: 'kf_wait_previous_grid();' },
  subgroupReduce: (fn, a, type) => (fn === 'add' && type === 'f32' ? `kf_warp_sum(${a})` : `kf_warp_${fn}(${a})`),
  subgroupShuffle: (mode, a, lane) => `${mode === 'xor' ? '__shfl_xor_sync' : '__shfl_sync'}(0xffffffffu, ${a}, ${lane})`,
  atomic: (o) => (o.fn === 'cas' ? `atomicCAS(${o.p}, ${o.compare}, ${o.value})` : `atomic${o.fn[0]!.toUpperCase()}${o.fn.slice(1)}(${o.p}, ${o.value})`),
  dynamicSharedArray: (type, name, byteOffset) => `${type}* const ${name} = reinterpret_cast<${type}*>(kf_dynamic_shared + ${byteOffset});`,
  onDemand: {
    kf_warp_add: warpButterfly('add', 'v += x'),
    kf_warp_max: warpButterfly('max', 'v = max(v, x)'),
    kf_warp_min: warpButterfly('min', 'v = min(v, x)'),
    // the one dynamic shared array (sized at launch, opted in above 48 KB); workgroup arrays sized at launch are carve-outs of it
    kf_dynamic_shared: 'extern __shared__ __align__(16) unsigned char kf_dynamic_shared[];',
    // mma operands: two f32 rounded to f16 / bf16 in one word, the first in the low half
    kf_pack_f16x2: `__device__ __forceinline__ unsigned int kf_pack_f16x2(float lo, float hi) {
  const __half2 h = __floats2half2_rn(lo, hi);
  return *reinterpret_cast<const unsigned int*>(&h);
}`,
    kf_pack_bf16x2: `__device__ __forceinline__ unsigned int kf_pack_bf16x2(float lo, float hi) {
  const __nv_bfloat162 h = __floats2bfloat162_rn(lo, hi);
  return *reinterpret_cast<const unsigned int*>(&h);
}`,
    __nv_bfloat162: '#include <cuda_bf16.h>',
    // 2^x as the one MUFU instruction (flushes subnormal results to 0; softmax weights below 2^-126 are 0 anyway)
    kf_exp2: `__device__ __forceinline__ float kf_exp2(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}`,
  },
  // uint4/float2 loads from shared memory need their natural alignment (OpenCL's vloadn does not)
  sharedArray: (type, name, size, align) => `__shared__ ${align ? `__align__(${align}) ` : ''}${type} ${name}[${size}];`,
  minMax: { ...C_DIALECT.minMax, i32: { min: 'min', max: 'max' }, f32: { min: 'fminf', max: 'fmaxf' } },
  fma: 'fmaf($a, $b, $c)',
  conversions: {
    'bits:u32->f32': '__uint_as_float($a)',
    'bits:f32->u32': '__float_as_uint($a)',
    'bits:u32->i32': '((int)($a))',
    'bits:i32->u32': '((unsigned int)($a))',
  },
  rawLoad: (type, address) => `(*(const ${type}*)(${address}))`,
  parallelForPragma: undefined,
  unrollPragma: (n) => `#pragma unroll ${n}`,
  // dot4_i8 (lower-simt.ts): the hardware 4-way int8 dot product; funnel_shr (weight-chunks.ts): one SHF
  calls: {
    f16_to_f32: 'kf_f16_to_f32($a)', dot4_i8: '__dp4a((int)($a), (int)($b), $c)', funnel_shr: '__funnelshift_rc($a, $b, $c)',
    absmax_f16x2: 'kf_absmax_f16x2($a, $b)',
    f16x2_codes: 'kf_f16x2_codes($a, $b)', byte_perm: '__byte_perm($a, $b, $c)',
    pack_f16x2: 'kf_pack_f16x2($a, $b)', pack_bf16x2: 'kf_pack_bf16x2($a, $b)', exp2: 'kf_exp2($a)',
  },
  matrix: CUDA_MATRIX,
  isa: { name: 'cuda-vectors', preamble: '', rules: gpuVectorRules({ u32: 'uint', f32: 'float' }, (t, p) => `(*(const ${t}*)(${p}))`, 'xyzw',
    (t, p, a) => `*(${t}*)(${p}) = ${a}`, (t, parts) => `make_${t}(${parts.join(', ')})`) },
};
