#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable

// c + the dot product of the signed bytes of a and b (shifting a byte to the top sign-extends it)
int kf_dot4_i8(uint a, uint b, int c) {
  ivec4 p = (ivec4(int(a << 24), int(a << 16), int(a << 8), int(a)) >> 24) * (ivec4(int(b << 24), int(b << 16), int(b << 8), int(b)) >> 24);
  return c + p.x + p.y + p.z + p.w;
}

// the larger |x| of each f16 lane of two words (x not NaN: |x| orders like its bits without the sign)
uint kf_absmax_f16x2(uint a, uint b) {
  return max(a & 0x7fffu, b & 0x7fffu) | (max((a >> 16) & 0x7fffu, (b >> 16) & 0x7fffu) << 16);
}

// low word of (hi:lo) >> n for 0 <= n <= 32 (CUDA's clamped funnel shift)
uint kf_funnel_shr(uint lo, uint hi, uint n) {
  return n == 32u ? hi : n == 0u ? lo : (lo >> n) | (hi << (32u - n));
}

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
    acc_0_0 = fma(wt0_0_m, sxt0_0, fma(wt0_0_d, fma((fma((uintBitsToFloat(((wt0_03 & 61440u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24) + 3)], fma((uintBitsToFloat(((wt0_02 & 61440u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16) + 3)], fma((uintBitsToFloat(((wt0_01 & 61440u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8) + 3)], ((uintBitsToFloat(((wt0_00 & 61440u) ^ 1258291200u)) - 8388608.0f) * x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 3)])))) + fma((uintBitsToFloat((((wt0_03 >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28) + 3)], fma((uintBitsToFloat((((wt0_02 >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20) + 3)], fma((uintBitsToFloat((((wt0_01 >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12) + 3)], ((uintBitsToFloat((((wt0_00 >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4) + 3)]))))), 0.000244140625f, fma((fma((uintBitsToFloat(((wt0_03 & 3840u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24) + 2)], fma((uintBitsToFloat(((wt0_02 & 3840u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16) + 2)], fma((uintBitsToFloat(((wt0_01 & 3840u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8) + 2)], ((uintBitsToFloat(((wt0_00 & 3840u) ^ 1258291200u)) - 8388608.0f) * x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 2)])))) + fma((uintBitsToFloat((((wt0_03 >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28) + 2)], fma((uintBitsToFloat((((wt0_02 >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20) + 2)], fma((uintBitsToFloat((((wt0_01 >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12) + 2)], ((uintBitsToFloat((((wt0_00 >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4) + 2)]))))), 0.00390625f, fma((fma((uintBitsToFloat(((wt0_03 & 240u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24) + 1)], fma((uintBitsToFloat(((wt0_02 & 240u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16) + 1)], fma((uintBitsToFloat(((wt0_01 & 240u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8) + 1)], ((uintBitsToFloat(((wt0_00 & 240u) ^ 1258291200u)) - 8388608.0f) * x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 1)])))) + fma((uintBitsToFloat((((wt0_03 >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28) + 1)], fma((uintBitsToFloat((((wt0_02 >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20) + 1)], fma((uintBitsToFloat((((wt0_01 >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12) + 1)], ((uintBitsToFloat((((wt0_00 >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * x[((((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4) + 1)]))))), 0.0625f, (fma((uintBitsToFloat(((wt0_03 & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 24)], fma((uintBitsToFloat(((wt0_02 & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 16)], fma((uintBitsToFloat(((wt0_01 & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 8)], ((uintBitsToFloat(((wt0_00 & 15u) ^ 1258291200u)) - 8388608.0f) * x[((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2)))])))) + fma((uintBitsToFloat((((wt0_03 >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 28)], fma((uintBitsToFloat((((wt0_02 >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 20)], fma((uintBitsToFloat((((wt0_01 >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 12)], ((uintBitsToFloat((((wt0_00 >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * x[(((K * 0) + (((chunk / 2) * 64) + (((chunk % 2) * 16) * 2))) + 4)])))))))), acc_0_0));
  }
  // red: a shared array declared at global scope
  const int sg_size = int(gl_SubgroupSize);
  const int sg_index = (tid / sg_size);
  acc_0_0 = subgroupAdd(acc_0_0);
  if (int(gl_SubgroupInvocationID) == 0) {
    red[(0 + sg_index)] = acc_0_0;
  }
  memoryBarrierShared(); barrier();
  for (int o = tid; o < 1; o += 64) {
    float total = 0.0f;
    for (int sg = 0; sg < ((64 + (sg_size - 1)) / sg_size); sg++) {
      total = (total + red[((o * 64) + sg)]);
    }
    const int n = (n0 + (o % 1));
    const int m = (o / 1);
    if (n < N) {
      y[((m * N) + n)] = total;
    }
  }
}
