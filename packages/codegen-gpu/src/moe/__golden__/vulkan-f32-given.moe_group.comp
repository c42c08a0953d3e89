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

layout(local_size_x = 32, local_size_y = 1, local_size_z = 1) in;
layout(std430, set = 0, binding = 0) readonly buffer Buffer_ids { int ids[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Buffer_moe_meta { int moe_meta[]; };
layout(push_constant) uniform Scalars { int T; };
shared int cnt[5];

void main() {
  // group the T x 2 routed pairs by expert (5 experts): counts, offsets, active list, permutation
  // cnt: a shared array declared at global scope
  const int tid = int(gl_LocalInvocationID.x);
  const int P = (T * 2);
  for (int e = tid; e < 5; e += 32) {
    int n = 0;
    for (int p = 0; p < P; p++) {
      n = (n + ((ids[p] == e) ? 1 : 0));
    }
    cnt[e] = n;
  }
  memoryBarrierShared(); barrier();
  int n_active = 0;
  for (int e2 = 0; e2 < 5; e2++) {
    n_active = (n_active + ((cnt[e2] > 0) ? 1 : 0));
  }
  if (tid == 0) {
    moe_meta[0] = n_active;
  }
  for (int e = tid; e < 5; e += 32) {
    int off = 0;
    int before = 0;
    for (int e2 = 0; e2 < e; e2++) {
      const int n2 = cnt[e2];
      off = (off + n2);
      before = (before + ((n2 > 0) ? 1 : 0));
    }
    const int n = cnt[e];
    moe_meta[(e + 6)] = off;
    moe_meta[(e + 11)] = n;
    if (n > 0) {
      moe_meta[(before + 1)] = e;
    }
    if (e >= n_active) {
      moe_meta[(e + 1)] = 0;
    }
    int j = off;
    for (int p = 0; p < P; p++) {
      if (ids[p] == e) {
        moe_meta[(j + 16)] = p;
        moe_meta[((p + 16) + P)] = j;
        j = (j + 1);
      }
    }
  }
  for (int p = tid; p < P; p += 32) {
    const int bad = ids[p];
    if ((bad < 0) || (bad >= 5)) {
      moe_meta[((p + 16) + P)] = (-1);
    }
  }
}
