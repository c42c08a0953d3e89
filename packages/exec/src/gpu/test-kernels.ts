/**
 * Hand-written GPU kernels for the executor tests (not generated: they test the executors, not the
 * code generators). Each language gets y = a*x + b over a grid with a tail, a two-dispatch
 * workgroup reduction through local/shared memory and barriers, and GLSL also a subgroup reduction.
 */
import { size } from '@kforge/ir';
import type { KernelArtifact, TargetName } from '@kforge/target';
import type { Language } from '@kforge/target';

/** n is not a multiple of 16 bytes or of the workgroup: the grid has a tail and the buffer a padded end. */
export const N = 1001;
export const WORKGROUP = 64;
export const GROUPS = Math.ceil(N / WORKGROUP);
export const A = 1.5;
export const B = -0.25;

/** Small integers, so every sum below is exact in f32. */
export const X = Float32Array.from({ length: N }, (_, i) => (i % 7) - 3);
export const xBytes = (): Uint8Array => new Uint8Array(X.buffer.slice(0));

export const expectedSaxpy = (count = N): Float64Array => Float64Array.from(X.subarray(0, count), (x) => A * x + B);
export const expectedPartials = (): Float64Array =>
  Float64Array.from({ length: GROUPS }, (_, g) => X.subarray(g * WORKGROUP, (g + 1) * WORKGROUP).reduce((s, v) => s + v, 0));
export const expectedTotal = (): number => X.reduce((s, v) => s + v, 0);

const OPENCL_SOURCE = `
#define WG ${WORKGROUP}
__kernel void saxpy(__global const float* x, __global float* y, float a, float b, int n) {
  int i = get_global_id(0);
  if (i < n) y[i] = a * x[i] + b;
}
__kernel void partial_sums(__global const float* x, __global float* partial, int n) {
  __local float tile[WG];
  int lid = get_local_id(0), gid = get_global_id(0);
  tile[lid] = gid < n ? x[gid] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = WG / 2; s > 0; s >>= 1) {
    if (lid < s) tile[lid] += tile[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = tile[0];
}
__kernel void total_sum(__global const float* partial, __global float* total, int groups) {
  __local float tile[WG];
  int lid = get_local_id(0);
  float acc = 0.0f;
  for (int i = lid; i < groups; i += WG) acc += partial[i];
  tile[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = WG / 2; s > 0; s >>= 1) {
    if (lid < s) tile[lid] += tile[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) total[0] = tile[0];
}
`;

const CUDA_SOURCE = `
#define WG ${WORKGROUP}
extern "C" __global__ void saxpy(const float* x, float* y, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + b;
}
extern "C" __global__ void partial_sums(const float* x, float* partial, int n) {
  __shared__ float tile[WG];
  int lid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x;
  tile[lid] = gid < n ? x[gid] : 0.0f;
  __syncthreads();
  for (int s = WG / 2; s > 0; s >>= 1) {
    if (lid < s) tile[lid] += tile[lid + s];
    __syncthreads();
  }
  if (lid == 0) partial[blockIdx.x] = tile[0];
}
extern "C" __global__ void total_sum(const float* partial, float* total, int groups) {
  __shared__ float tile[WG];
  int lid = threadIdx.x;
  float acc = 0.0f;
  for (int i = lid; i < groups; i += WG) acc += partial[i];
  tile[lid] = acc;
  __syncthreads();
  for (int s = WG / 2; s > 0; s >>= 1) {
    if (lid < s) tile[lid] += tile[lid + s];
    __syncthreads();
  }
  if (lid == 0) total[0] = tile[0];
}
`;

const GLSL_HEADER = `#version 450
layout(local_size_x = ${WORKGROUP}) in;
`;

const GLSL_SAXPY = `${GLSL_HEADER}
layout(std430, set = 0, binding = 0) readonly buffer X { float x[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Y { float y[]; };
layout(push_constant) uniform Params { float a; float b; int n; } p;
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < uint(p.n)) y[i] = p.a * x[i] + p.b;
}
`;

const GLSL_PARTIAL_SHARED = `${GLSL_HEADER}
layout(std430, set = 0, binding = 0) readonly buffer X { float x[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Partial { float partial[]; };
layout(push_constant) uniform Params { int n; } p;
shared float tile[${WORKGROUP}];
void main() {
  uint lid = gl_LocalInvocationID.x, gid = gl_GlobalInvocationID.x;
  tile[lid] = gid < uint(p.n) ? x[gid] : 0.0;
  memoryBarrierShared(); barrier();
  for (uint s = ${WORKGROUP / 2}u; s > 0u; s >>= 1) {
    if (lid < s) tile[lid] += tile[lid + s];
    memoryBarrierShared(); barrier();
  }
  if (lid == 0u) partial[gl_WorkGroupID.x] = tile[0];
}
`;

const GLSL_PARTIAL_SUBGROUP = `${GLSL_HEADER}
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(std430, set = 0, binding = 0) readonly buffer X { float x[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Partial { float partial[]; };
layout(push_constant) uniform Params { int n; } p;
shared float subgroup_sums[${WORKGROUP}];
void main() {
  uint gid = gl_GlobalInvocationID.x;
  float s = subgroupAdd(gid < uint(p.n) ? x[gid] : 0.0);
  if (subgroupElect()) subgroup_sums[gl_SubgroupID] = s;
  memoryBarrierShared(); barrier();
  if (gl_LocalInvocationIndex == 0u) {
    float t = 0.0;
    for (uint i = 0u; i < gl_NumSubgroups; i++) t += subgroup_sums[i];
    partial[gl_WorkGroupID.x] = t;
  }
}
`;

const GLSL_TOTAL = `${GLSL_HEADER}
layout(std430, set = 0, binding = 0) readonly buffer Partial { float partial[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Total { float total[]; };
layout(push_constant) uniform Params { int groups; } p;
shared float tile[${WORKGROUP}];
void main() {
  uint lid = gl_LocalInvocationID.x;
  float acc = 0.0;
  for (uint i = lid; i < uint(p.groups); i += ${WORKGROUP}u) acc += partial[i];
  tile[lid] = acc;
  memoryBarrierShared(); barrier();
  for (uint s = ${WORKGROUP / 2}u; s > 0u; s >>= 1) {
    if (lid < s) tile[lid] += tile[lid + s];
    memoryBarrierShared(); barrier();
  }
  if (lid == 0u) total[0] = tile[0];
}
`;

const LANGUAGE_OF: Readonly<Record<'opencl' | 'vulkan' | 'cuda', Language>> = { opencl: 'opencl', vulkan: 'glsl', cuda: 'cuda' };
const wg = [WORKGROUP, 1, 1] as const;

/** y = a*x + b; `n` below N leaves the end of y unwritten, which the poison must show. */
export function saxpyArtifact(target: 'opencl' | 'vulkan' | 'cuda', n = N): KernelArtifact {
  const files: Record<string, string> =
    target === 'opencl' ? { 'saxpy.cl': OPENCL_SOURCE } : target === 'cuda' ? { 'saxpy.cu': CUDA_SOURCE } : { 'saxpy.comp': GLSL_SAXPY };
  return {
    op: 'saxpy', target: target as TargetName, params: { n }, config: {}, language: LANGUAGE_OF[target], files,
    buffers: [
      { name: 'x', elem: 'f32', bytes: 4 * N, role: 'in' },
      { name: 'y', elem: 'f32', bytes: 4 * N, role: 'out' },
    ],
    scalars: [
      { name: 'a', type: 'f32', value: A },
      { name: 'b', type: 'f32', value: B },
      { name: 'n', type: 'i32', value: n },
    ],
    dispatches: [{ entry: 'saxpy', args: ['x', 'y', 'a', 'b', 'n'], grid: [size.cdiv('n', WORKGROUP), 1, 1], workgroup: wg }],
  };
}

/** Sum of x in two dispatches: per-workgroup partial sums, then one workgroup sums the partials. */
export function reductionArtifact(target: 'opencl' | 'vulkan' | 'cuda', variant: 'shared' | 'subgroup' = 'shared'): KernelArtifact {
  const partialEntry = variant === 'subgroup' ? 'partial_sums_subgroup' : 'partial_sums';
  const files: Record<string, string> =
    target === 'opencl' ? { 'reduce.cl': OPENCL_SOURCE }
    : target === 'cuda' ? { 'reduce.cu': CUDA_SOURCE }
    : { [`${partialEntry}.comp`]: variant === 'subgroup' ? GLSL_PARTIAL_SUBGROUP : GLSL_PARTIAL_SHARED, 'total_sum.comp': GLSL_TOTAL };
  return {
    op: `reduce_${variant}`, target: target as TargetName, params: { n: N }, config: {}, language: LANGUAGE_OF[target], files,
    buffers: [
      { name: 'x', elem: 'f32', bytes: 4 * N, role: 'in' },
      { name: 'partial', elem: 'f32', bytes: 4 * GROUPS, role: 'out' },
      { name: 'total', elem: 'f32', bytes: 4, role: 'out' },
    ],
    scalars: [
      { name: 'n', type: 'i32', value: N },
      { name: 'groups', type: 'i32', value: GROUPS },
    ],
    dispatches: [
      { entry: partialEntry, args: ['x', 'partial', 'n'], grid: ['groups', 1, 1], workgroup: wg },
      { entry: 'total_sum', args: ['partial', 'total', 'groups'], grid: [1, 1, 1], workgroup: wg },
    ],
  };
}

export const f32View = (bytes: Uint8Array): Float32Array => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
