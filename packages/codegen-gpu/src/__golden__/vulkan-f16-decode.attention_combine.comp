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
layout(std430, set = 0, binding = 0) readonly buffer Buffer_partial_ml { float partial_ml[]; };
layout(std430, set = 0, binding = 1) readonly buffer Buffer_partial_o { float partial_o[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Buffer_o { float o[]; };
layout(push_constant) uniform Scalars { int B; int Sq; int Skv; };

void main() {
  // attention: merge 4 kv splits per query row (Dv = 128)
  const int row = (int(gl_WorkGroupID.x) + (int(gl_WorkGroupID.y) * int(gl_NumWorkGroups.x)));
  if (row < ((B * Sq) * 16)) {
    const float ms0 = partial_ml[((row * 8) + 0)];
    const float ms1 = partial_ml[((row * 8) + 2)];
    const float ms2 = partial_ml[((row * 8) + 4)];
    const float ms3 = partial_ml[((row * 8) + 6)];
    const float M = max(max(max(ms0, ms1), ms2), ms3);
    const float ws0 = exp((ms0 - M));
    const float ws1 = exp((ms1 - M));
    const float ws2 = exp((ms2 - M));
    const float ws3 = exp((ms3 - M));
    const float Lt = ((((ws0 * partial_ml[((row * 8) + 1)]) + (ws1 * partial_ml[((row * 8) + 3)])) + (ws2 * partial_ml[((row * 8) + 5)])) + (ws3 * partial_ml[((row * 8) + 7)]));
    const float inv = (1.0f / Lt);
    for (int d = int(gl_LocalInvocationID.x); d < 128; d += 64) {
      o[((row * 128) + d)] = (fma(ws3, partial_o[((((row * 4) + 3) * 128) + d)], fma(ws2, partial_o[((((row * 4) + 2) * 128) + d)], fma(ws1, partial_o[((((row * 4) + 1) * 128) + d)], fma(ws0, partial_o[((((row * 4) + 0) * 128) + d)], 0.0f)))) * inv);
    }
  }
}
