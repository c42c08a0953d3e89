#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;
layout(std430, set = 0, binding = 0) readonly buffer Buffer_x { float x[]; };
layout(std430, set = 0, binding = 1) readonly buffer Buffer_W { uint W[]; };
layout(std430, set = 0, binding = 2) readonly buffer Buffer_W_scale { uint W_scale[]; };
layout(std430, set = 0, binding = 3) readonly buffer Buffer_W_min { uint W_min[]; };
layout(std430, set = 0, binding = 4) writeonly buffer Buffer_y { float y[]; };
layout(push_constant) uniform Scalars { int M; int N; int K; };
shared float red[64];

void main() {
  // gemv w4g64 x f32, M=1: 1 rows per workgroup, 64 threads, 16-byte loads, unroll 1, split_k 1
  const int tid = int(gl_LocalInvocationID.x);
  const int n0 = ((int(gl_WorkGroupID.x) + (int(gl_WorkGroupID.y) * int(gl_NumWorkGroups.x))) * 1);
  const int row_0 = min((n0 + 0), (N - 1));
  float acc_0_0 = 0.0f;
  const int chunks = ((K / 64) * 2);
  const int first_chunk = tid;
  for (int chunk = first_chunk; chunk < chunks; chunk += 64) {
    const int wt0_0_b = (chunk / 2);
    const uint wt0_00 = W[((((row_0 * (K / 2)) + (wt0_0_b * 32)) + ((chunk % 2) * 16)) >> 2)];
    const uint wt0_01 = W[(((((row_0 * (K / 2)) + (wt0_0_b * 32)) + ((chunk % 2) * 16)) >> 2) + 1)];
    const uint wt0_02 = W[(((((row_0 * (K / 2)) + (wt0_0_b * 32)) + ((chunk % 2) * 16)) >> 2) + 2)];
    const uint wt0_03 = W[(((((row_0 * (K / 2)) + (wt0_0_b * 32)) + ((chunk % 2) * 16)) >> 2) + 3)];
    const float wt0_0_d = unpackHalf2x16(((W_scale[(((row_0 * (K / 64)) + wt0_0_b) >> 1)] >> uint(((((row_0 * (K / 64)) + wt0_0_b) & 1) * 16))) & 65535u)).x;
    const float wt0_0_m = unpackHalf2x16(((W_min[(((row_0 * (K / 64)) + wt0_0_b) >> 1)] >> uint(((((row_0 * (K / 64)) + wt0_0_b) & 1) * 16))) & 65535u)).x;
    const float sxt0_0 = (((((((((((((((((((((((((((((((x[((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2)))] + x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 1)]) + x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 2)]) + x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 3)]) + x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4) + 1)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4) + 2)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4) + 3)]) + x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8) + 1)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8) + 2)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8) + 3)]) + x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12) + 1)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12) + 2)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12) + 3)]) + x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16) + 1)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16) + 2)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16) + 3)]) + x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20) + 1)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20) + 2)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20) + 3)]) + x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24) + 1)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24) + 2)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24) + 3)]) + x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28) + 1)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28) + 2)]) + x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28) + 3)]);
    acc_0_0 = fma(wt0_0_m, sxt0_0, fma(wt0_0_d, (fma((uintBitsToFloat((((wt0_03 >> 24u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28) + 2)], fma((uintBitsToFloat((((wt0_03 >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28)], fma((uintBitsToFloat((((wt0_03 >> 8u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24) + 2)], fma((uintBitsToFloat(((wt0_03 & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24)], fma((uintBitsToFloat((((wt0_02 >> 24u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20) + 2)], fma((uintBitsToFloat((((wt0_02 >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20)], fma((uintBitsToFloat((((wt0_02 >> 8u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16) + 2)], fma((uintBitsToFloat(((wt0_02 & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16)], fma((uintBitsToFloat((((wt0_01 >> 24u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12) + 2)], fma((uintBitsToFloat((((wt0_01 >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12)], fma((uintBitsToFloat((((wt0_01 >> 8u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8) + 2)], fma((uintBitsToFloat(((wt0_01 & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8)], fma((uintBitsToFloat((((wt0_00 >> 24u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4) + 2)], fma((uintBitsToFloat((((wt0_00 >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4)], fma((uintBitsToFloat((((wt0_00 >> 8u) & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 2)], ((uintBitsToFloat(((wt0_00 & 15u) ^ 1258291200u)) - 8388608.0f) * x[((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2)))])))))))))))))))) + fma((uintBitsToFloat((((wt0_03 >> 28u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28) + 3)], fma((uintBitsToFloat((((wt0_03 >> 20u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28) + 1)], fma((uintBitsToFloat((((wt0_03 >> 12u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24) + 3)], fma((uintBitsToFloat((((wt0_03 >> 4u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24) + 1)], fma((uintBitsToFloat((((wt0_02 >> 28u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20) + 3)], fma((uintBitsToFloat((((wt0_02 >> 20u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20) + 1)], fma((uintBitsToFloat((((wt0_02 >> 12u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16) + 3)], fma((uintBitsToFloat((((wt0_02 >> 4u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16) + 1)], fma((uintBitsToFloat((((wt0_01 >> 28u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12) + 3)], fma((uintBitsToFloat((((wt0_01 >> 20u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12) + 1)], fma((uintBitsToFloat((((wt0_01 >> 12u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8) + 3)], fma((uintBitsToFloat((((wt0_01 >> 4u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8) + 1)], fma((uintBitsToFloat((((wt0_00 >> 28u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4) + 3)], fma((uintBitsToFloat((((wt0_00 >> 20u) & 15u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4) + 1)], fma((uintBitsToFloat((((wt0_00 >> 12u) & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 3)], ((uintBitsToFloat((((wt0_00 >> 4u) & 15u) ^ 1258291200u)) - 8388608.0f) * x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 1)]))))))))))))))))), acc_0_0));
  }
  // red: a shared array declared at global scope
  const int sg_size = int(gl_SubgroupSize);
  const int sg_index = (tid / sg_size);
  acc_0_0 = subgroupAdd(acc_0_0);
  if (int(gl_SubgroupInvocationID) == 0) {
    red[(0 + sg_index)] = acc_0_0;
  }
  memoryBarrierShared(); barrier();
  float total = 0.0f;
  if (tid < 1) {
    for (int s = 0; s < (64 / sg_size); s++) {
      total = (total + red[((tid * 64) + s)]);
    }
  }
  if (tid < 1) {
    const int n = (n0 + (tid % 1));
    const int m = (tid / 1);
    if (n < N) {
      y[((m * N) + n)] = total;
    }
  }
}
