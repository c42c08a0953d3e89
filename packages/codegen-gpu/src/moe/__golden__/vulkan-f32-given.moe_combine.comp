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

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;
layout(std430, set = 0, binding = 0) readonly buffer Buffer_moe_meta { int moe_meta[]; };
layout(std430, set = 0, binding = 1) readonly buffer Buffer_moe_partial { float moe_partial[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Buffer_y { float y[]; };
layout(push_constant) uniform Scalars { int T; };

void main() {
  // combine: y = the 2 weighted expert outputs of each token, summed in slot order
  const int i = (((int(gl_WorkGroupID.x) + (int(gl_WorkGroupID.y) * int(gl_NumWorkGroups.x))) * 256) + int(gl_LocalInvocationID.x));
  if (i < (T * 67)) {
    const int t = (i / 67);
    const int h = (i % 67);
    float sum = 0.0f;
    for (int r = 0; r < 2; r++) {
      const int j = moe_meta[((16 + (T * 2)) + ((t * 2) + r))];
      if (j >= 0) {
        sum = (sum + moe_partial[((j * 67) + h)]);
      }
    }
    y[i] = sum;
  }
}
