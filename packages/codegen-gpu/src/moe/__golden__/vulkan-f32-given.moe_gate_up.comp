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
layout(std430, set = 0, binding = 1) readonly buffer Buffer_w_gate { float w_gate[]; };
layout(std430, set = 0, binding = 2) readonly buffer Buffer_w_up { float w_up[]; };
layout(std430, set = 0, binding = 3) readonly buffer Buffer_moe_meta { int moe_meta[]; };
layout(std430, set = 0, binding = 4) writeonly buffer Buffer_moe_hidden { float moe_hidden[]; };
layout(push_constant) uniform Scalars { int T; };
shared float red[512];

void main() {
  // moe gate_up f32: 2 rows of gate and up per workgroup, 2 tokens per pass, 64 threads, 4-byte loads, unroll 1
  // red: a shared array declared at global scope
  const int tid = int(gl_LocalInvocationID.x);
  const int slot = int(gl_WorkGroupID.y);
  const int n0 = (int(gl_WorkGroupID.x) * 2);
  const int n_active = moe_meta[0];
  const int e = max(min(moe_meta[(min(slot, 4) + 1)], 4), 0);
  const int off = moe_meta[(e + 6)];
  const int cnt = ((slot < n_active) ? moe_meta[(e + 11)] : 0);
  const int nr_0 = min((n0 + 0), 44);
  const int nr_1 = min((n0 + 1), 44);
  for (int mt = 0; mt < cnt; mt += 2) {
    const int j_0 = (off + max(min((mt + 0), (cnt - 1)), 0));
    const int j_1 = (off + max(min((mt + 1), (cnt - 1)), 0));
    float ag_0_0 = 0.0f;
    float ag_1_0 = 0.0f;
    float au_0_0 = 0.0f;
    float au_1_0 = 0.0f;
    float ag_0_1 = 0.0f;
    float ag_1_1 = 0.0f;
    float au_0_1 = 0.0f;
    float au_1_1 = 0.0f;
    const int xr_0 = ((moe_meta[(j_0 + 16)] / 2) * 67);
    const int xr_1 = ((moe_meta[(j_1 + 16)] / 2) * 67);
    const int chunks = 67;
    for (int chunk = tid; chunk < chunks; chunk += 64) {
      const float wg0_t00 = w_gate[((((e * 45) + nr_0) * 67) + chunk)];
      const float wg1_t00 = w_gate[((((e * 45) + nr_1) * 67) + chunk)];
      const float wu0_t00 = w_up[((((e * 45) + nr_0) * 67) + chunk)];
      const float wu1_t00 = w_up[((((e * 45) + nr_1) * 67) + chunk)];
      ag_0_0 = fma(wg0_t00, x[(xr_0 + chunk)], ag_0_0);
      ag_1_0 = fma(wg1_t00, x[(xr_0 + chunk)], ag_1_0);
      au_0_0 = fma(wu0_t00, x[(xr_0 + chunk)], au_0_0);
      au_1_0 = fma(wu1_t00, x[(xr_0 + chunk)], au_1_0);
      ag_0_1 = fma(wg0_t00, x[(xr_1 + chunk)], ag_0_1);
      ag_1_1 = fma(wg1_t00, x[(xr_1 + chunk)], ag_1_1);
      au_0_1 = fma(wu0_t00, x[(xr_1 + chunk)], au_0_1);
      au_1_1 = fma(wu1_t00, x[(xr_1 + chunk)], au_1_1);
    }
    red[(0 + tid)] = ag_0_0;
    red[(64 + tid)] = ag_1_0;
    red[(128 + tid)] = au_0_0;
    red[(192 + tid)] = au_1_0;
    red[(256 + tid)] = ag_0_1;
    red[(320 + tid)] = ag_1_1;
    red[(384 + tid)] = au_0_1;
    red[(448 + tid)] = au_1_1;
    memoryBarrierShared(); barrier();
    if (tid < 32) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(32 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(96 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(160 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(224 + tid)]);
      red[(256 + tid)] = (red[(256 + tid)] + red[(288 + tid)]);
      red[(320 + tid)] = (red[(320 + tid)] + red[(352 + tid)]);
      red[(384 + tid)] = (red[(384 + tid)] + red[(416 + tid)]);
      red[(448 + tid)] = (red[(448 + tid)] + red[(480 + tid)]);
    }
    memoryBarrierShared(); barrier();
    if (tid < 16) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(16 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(80 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(144 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(208 + tid)]);
      red[(256 + tid)] = (red[(256 + tid)] + red[(272 + tid)]);
      red[(320 + tid)] = (red[(320 + tid)] + red[(336 + tid)]);
      red[(384 + tid)] = (red[(384 + tid)] + red[(400 + tid)]);
      red[(448 + tid)] = (red[(448 + tid)] + red[(464 + tid)]);
    }
    memoryBarrierShared(); barrier();
    if (tid < 8) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(8 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(72 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(136 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(200 + tid)]);
      red[(256 + tid)] = (red[(256 + tid)] + red[(264 + tid)]);
      red[(320 + tid)] = (red[(320 + tid)] + red[(328 + tid)]);
      red[(384 + tid)] = (red[(384 + tid)] + red[(392 + tid)]);
      red[(448 + tid)] = (red[(448 + tid)] + red[(456 + tid)]);
    }
    memoryBarrierShared(); barrier();
    if (tid < 4) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(4 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(68 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(132 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(196 + tid)]);
      red[(256 + tid)] = (red[(256 + tid)] + red[(260 + tid)]);
      red[(320 + tid)] = (red[(320 + tid)] + red[(324 + tid)]);
      red[(384 + tid)] = (red[(384 + tid)] + red[(388 + tid)]);
      red[(448 + tid)] = (red[(448 + tid)] + red[(452 + tid)]);
    }
    memoryBarrierShared(); barrier();
    if (tid < 2) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(2 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(66 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(130 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(194 + tid)]);
      red[(256 + tid)] = (red[(256 + tid)] + red[(258 + tid)]);
      red[(320 + tid)] = (red[(320 + tid)] + red[(322 + tid)]);
      red[(384 + tid)] = (red[(384 + tid)] + red[(386 + tid)]);
      red[(448 + tid)] = (red[(448 + tid)] + red[(450 + tid)]);
    }
    memoryBarrierShared(); barrier();
    if (tid < 1) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(1 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(65 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(129 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(193 + tid)]);
      red[(256 + tid)] = (red[(256 + tid)] + red[(257 + tid)]);
      red[(320 + tid)] = (red[(320 + tid)] + red[(321 + tid)]);
      red[(384 + tid)] = (red[(384 + tid)] + red[(385 + tid)]);
      red[(448 + tid)] = (red[(448 + tid)] + red[(449 + tid)]);
    }
    memoryBarrierShared(); barrier();
    for (int o = tid; o < 4; o += 64) {
      const int n = (n0 + (o % 2));
      const int m = (o / 2);
      if (((mt + m) < cnt) && (n < 45)) {
        const float tg = red[(((m * 4) + (n - n0)) * 64)];
        const float tu = red[((((m * 4) + (n - n0)) + 2) * 64)];
        const float h = ((tg / (1.0f + exp((0.0f - tg)))) * tu);
        moe_hidden[((((m == 1) ? j_1 : j_0) * 45) + n)] = h;
      }
    }
    memoryBarrierShared(); barrier();
  }
}
