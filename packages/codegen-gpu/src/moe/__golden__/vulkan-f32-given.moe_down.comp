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
layout(std430, set = 0, binding = 0) readonly buffer Buffer_moe_hidden { float moe_hidden[]; };
layout(std430, set = 0, binding = 1) readonly buffer Buffer_w_down { float w_down[]; };
layout(std430, set = 0, binding = 2) readonly buffer Buffer_moe_meta { int moe_meta[]; };
layout(std430, set = 0, binding = 3) readonly buffer Buffer_weights { float weights[]; };
layout(std430, set = 0, binding = 4) writeonly buffer Buffer_moe_partial { float moe_partial[]; };
layout(push_constant) uniform Scalars { int T; };
shared float red[256];

void main() {
  // moe down f32: 2 rows per workgroup, 2 tokens per pass, 64 threads, 4-byte loads, unroll 1
  // red: a shared array declared at global scope
  const int tid = int(gl_LocalInvocationID.x);
  const int slot = int(gl_WorkGroupID.y);
  const int n0 = (int(gl_WorkGroupID.x) * 2);
  const int n_active = moe_meta[0];
  const int e = max(min(moe_meta[(min(slot, 4) + 1)], 4), 0);
  const int off = moe_meta[(e + 6)];
  const int cnt = ((slot < n_active) ? moe_meta[(e + 11)] : 0);
  const int nr_0 = min((n0 + 0), 66);
  const int nr_1 = min((n0 + 1), 66);
  for (int mt = 0; mt < cnt; mt += 2) {
    const int j_0 = (off + max(min((mt + 0), (cnt - 1)), 0));
    const int j_1 = (off + max(min((mt + 1), (cnt - 1)), 0));
    float ad_0_0 = 0.0f;
    float ad_1_0 = 0.0f;
    float ad_0_1 = 0.0f;
    float ad_1_1 = 0.0f;
    const int chunks = 45;
    for (int chunk = tid; chunk < chunks; chunk += 64) {
      const float wd0_t00 = w_down[((((e * 67) + nr_0) * 45) + chunk)];
      const float wd1_t00 = w_down[((((e * 67) + nr_1) * 45) + chunk)];
      ad_0_0 = fma(wd0_t00, moe_hidden[((j_0 * 45) + chunk)], ad_0_0);
      ad_1_0 = fma(wd1_t00, moe_hidden[((j_0 * 45) + chunk)], ad_1_0);
      ad_0_1 = fma(wd0_t00, moe_hidden[((j_1 * 45) + chunk)], ad_0_1);
      ad_1_1 = fma(wd1_t00, moe_hidden[((j_1 * 45) + chunk)], ad_1_1);
    }
    red[(0 + tid)] = ad_0_0;
    red[(64 + tid)] = ad_1_0;
    red[(128 + tid)] = ad_0_1;
    red[(192 + tid)] = ad_1_1;
    memoryBarrierShared(); barrier();
    if (tid < 32) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(32 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(96 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(160 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(224 + tid)]);
    }
    memoryBarrierShared(); barrier();
    if (tid < 16) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(16 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(80 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(144 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(208 + tid)]);
    }
    memoryBarrierShared(); barrier();
    if (tid < 8) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(8 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(72 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(136 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(200 + tid)]);
    }
    memoryBarrierShared(); barrier();
    if (tid < 4) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(4 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(68 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(132 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(196 + tid)]);
    }
    memoryBarrierShared(); barrier();
    if (tid < 2) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(2 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(66 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(130 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(194 + tid)]);
    }
    memoryBarrierShared(); barrier();
    if (tid < 1) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(1 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(65 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(129 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(193 + tid)]);
    }
    memoryBarrierShared(); barrier();
    for (int o = tid; o < 4; o += 64) {
      const int n = (n0 + (o % 2));
      const int m = (o / 2);
      if (((mt + m) < cnt) && (n < 67)) {
        const int jw = ((m == 1) ? j_1 : j_0);
        const float total = red[(o * 64)];
        const float rw = weights[moe_meta[(jw + 16)]];
        moe_partial[((jw * 67) + n)] = (total * rw);
      }
    }
    memoryBarrierShared(); barrier();
  }
}
