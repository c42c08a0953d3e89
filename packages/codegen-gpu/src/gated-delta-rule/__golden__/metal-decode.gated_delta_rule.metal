#include <metal_stdlib>
using namespace metal;

inline float kf_f16_to_f32(uint bits) {
  return float(as_type<half>((ushort)(bits & 0xffffu)));
}

// c + the dot product of the signed bytes of a and b (shifting a byte to the top sign-extends it)
inline int kf_dot4_i8(uint a, uint b, int c) {
  return c + (as_type<int>(a << 24) >> 24) * (as_type<int>(b << 24) >> 24) + (as_type<int>(a << 16) >> 24) * (as_type<int>(b << 16) >> 24)
    + (as_type<int>(a << 8) >> 24) * (as_type<int>(b << 8) >> 24) + (as_type<int>(a) >> 24) * (as_type<int>(b) >> 24);
}

// the larger |x| of each f16 lane of two words (x not NaN: |x| orders like its bits without the sign)
inline uint kf_absmax_f16x2(uint a, uint b) {
  return max(a & 0x7fffu, b & 0x7fffu) | (max((a >> 16) & 0x7fffu, (b >> 16) & 0x7fffu) << 16);
}

// low word of (hi:lo) >> n for 0 <= n <= 32 (CUDA's clamped funnel shift)
inline uint kf_funnel_shr(uint lo, uint hi, uint n) {
  return n == 32u ? hi : n == 0u ? lo : (lo >> n) | (hi << (32u - n));
}

kernel void gdr_recurrent(device const float* q [[buffer(0)]], device const float* k [[buffer(1)]], device const float* v [[buffer(2)]], device const float* g [[buffer(3)]], device const float* beta [[buffer(4)]], device const float* s0 [[buffer(5)]], device float* o [[buffer(6)]], device float* s [[buffer(7)]], constant int& B [[buffer(8)]], constant int& T [[buffer(9)]], uint3 kf_tid [[thread_position_in_threadgroup]], uint3 kf_gid [[threadgroup_position_in_grid]], uint3 kf_groups [[threadgroups_per_grid]], uint3 kf_group_size [[threads_per_threadgroup]], uint3 kf_global [[thread_position_in_grid]], uint kf_sg_lane [[thread_index_in_simdgroup]], uint kf_sg_size [[threads_per_simdgroup]]) {
  // gated_delta_rule recurrent, Hk=2 Hv=8 Dk=128 Dv=128 l2norm: 4 state columns per workgroup as 1 groups of 4 x 32 lanes (4 rows each), subgroup reduction, 8 tokens staged at a time
  const int tid = (int)kf_tid.x;
  const int gx = (int)kf_gid.x;
  const int gy = (int)kf_gid.y;
  const int gz = (int)kf_gid.z;
  const int b = gz;
  const int h = gy;
  const int hk = (h / 4);
  const int bh = ((b * 8) + h);
  const int lo = 0;
  const int ks = ((tid / 1) % 32);
  const int cg = (((tid / 32) * 1) + lo);
  const int jl = (cg * 4);
  const int j0 = ((gx * 4) + jl);
  const bool colok = (j0 < 128);
  const int row0 = (ks + 0);
  const bool ok0 = colok;
  float S0_0 = 0.0f;
  float S0_1 = 0.0f;
  float S0_2 = 0.0f;
  float S0_3 = 0.0f;
  if (ok0) {
    const float4 ld0_ = (*(device const float4*)(&s0[((((bh * 128) + row0) * 128) + j0)]));
    S0_0 = ld0_.x;
    S0_1 = ld0_.y;
    S0_2 = ld0_.z;
    S0_3 = ld0_.w;
  }
  const int row1 = (ks + 32);
  const bool ok1 = colok;
  float S1_0 = 0.0f;
  float S1_1 = 0.0f;
  float S1_2 = 0.0f;
  float S1_3 = 0.0f;
  if (ok1) {
    const float4 ld1_ = (*(device const float4*)(&s0[((((bh * 128) + row1) * 128) + j0)]));
    S1_0 = ld1_.x;
    S1_1 = ld1_.y;
    S1_2 = ld1_.z;
    S1_3 = ld1_.w;
  }
  const int row2 = (ks + 64);
  const bool ok2 = colok;
  float S2_0 = 0.0f;
  float S2_1 = 0.0f;
  float S2_2 = 0.0f;
  float S2_3 = 0.0f;
  if (ok2) {
    const float4 ld2_ = (*(device const float4*)(&s0[((((bh * 128) + row2) * 128) + j0)]));
    S2_0 = ld2_.x;
    S2_1 = ld2_.y;
    S2_2 = ld2_.z;
    S2_3 = ld2_.w;
  }
  const int row3 = (ks + 96);
  const bool ok3 = colok;
  float S3_0 = 0.0f;
  float S3_1 = 0.0f;
  float S3_2 = 0.0f;
  float S3_3 = 0.0f;
  if (ok3) {
    const float4 ld3_ = (*(device const float4*)(&s0[((((bh * 128) + row3) * 128) + j0)]));
    S3_0 = ld3_.x;
    S3_1 = ld3_.y;
    S3_2 = ld3_.z;
    S3_3 = ld3_.w;
  }
  threadgroup float sq[1024];
  threadgroup float sk[1024];
  threadgroup float sv[32];
  threadgroup float sa[8];
  threadgroup float sb[8];
  for (int t0 = 0; t0 < T; t0 += 8) {
    const int nt = min(8, (T - t0));
    for (int e = tid; e < (nt * 128); e += 32) {
      const int eu = (e / 128);
      const int ed = (e % 128);
      const bool eok = (((t0 + eu) < T) && (ed < 128));
      const int eqk = ((((((b * T) + min((t0 + eu), (T - 1))) * 2) + hk) * 128) + min(ed, 127));
      sq[e] = (eok ? q[eqk] : 0.0f);
      sk[e] = (eok ? k[eqk] : 0.0f);
    }
    for (int e = tid; e < (nt * 4); e += 32) {
      const int vu = (e / 4);
      const int vj = ((gx * 4) + (e % 4));
      const bool vok = (((t0 + vu) < T) && (vj < 128));
      const int vat = ((((((b * T) + min((t0 + vu), (T - 1))) * 8) + h) * 128) + min(vj, 127));
      sv[e] = (vok ? v[vat] : 0.0f);
    }
    for (int e = tid; e < nt; e += 32) {
      const int gat = ((((b * T) + min((t0 + e), (T - 1))) * 8) + h);
      sa[e] = exp(g[gat]);
      sb[e] = beta[gat];
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    for (int u = 0; u < nt; u++) {
      const float a = sa[u];
      const float bt = sb[u];
      const float kr0 = sk[((u * 128) + row0)];
      const float qr0 = sq[((u * 128) + row0)];
      const float kr1 = sk[((u * 128) + row1)];
      const float qr1 = sq[((u * 128) + row1)];
      const float kr2 = sk[((u * 128) + row2)];
      const float qr2 = sq[((u * 128) + row2)];
      const float kr3 = sk[((u * 128) + row3)];
      const float qr3 = sq[((u * 128) + row3)];
      const float pk0 = fma(S3_0, kr3, fma(S2_0, kr2, fma(S1_0, kr1, (S0_0 * kr0))));
      const float pq0 = fma(S3_0, qr3, fma(S2_0, qr2, fma(S1_0, qr1, (S0_0 * qr0))));
      const float pk1 = fma(S3_1, kr3, fma(S2_1, kr2, fma(S1_1, kr1, (S0_1 * kr0))));
      const float pq1 = fma(S3_1, qr3, fma(S2_1, qr2, fma(S1_1, qr1, (S0_1 * qr0))));
      const float pk2 = fma(S3_2, kr3, fma(S2_2, kr2, fma(S1_2, kr1, (S0_2 * kr0))));
      const float pq2 = fma(S3_2, qr3, fma(S2_2, qr2, fma(S1_2, qr1, (S0_2 * qr0))));
      const float pk3 = fma(S3_3, kr3, fma(S2_3, kr2, fma(S1_3, kr1, (S0_3 * kr0))));
      const float pq3 = fma(S3_3, qr3, fma(S2_3, qr2, fma(S1_3, qr1, (S0_3 * qr0))));
      const float pkq = fma(kr3, qr3, fma(kr2, qr2, fma(kr1, qr1, (kr0 * qr0))));
      const float pkk = fma(kr3, kr3, fma(kr2, kr2, fma(kr1, kr1, (kr0 * kr0))));
      const float pqq = fma(qr3, qr3, fma(qr2, qr2, fma(qr1, qr1, (qr0 * qr0))));
      const float pk0_x1 = (pk0 + simd_shuffle_xor(pk0, (ushort)(1)));
      const float pk0_x2 = (pk0_x1 + simd_shuffle_xor(pk0_x1, (ushort)(2)));
      const float pk0_x4 = (pk0_x2 + simd_shuffle_xor(pk0_x2, (ushort)(4)));
      const float pk0_x8 = (pk0_x4 + simd_shuffle_xor(pk0_x4, (ushort)(8)));
      const float pk0_s = (pk0_x8 + simd_shuffle_xor(pk0_x8, (ushort)(16)));
      const float pq0_x1 = (pq0 + simd_shuffle_xor(pq0, (ushort)(1)));
      const float pq0_x2 = (pq0_x1 + simd_shuffle_xor(pq0_x1, (ushort)(2)));
      const float pq0_x4 = (pq0_x2 + simd_shuffle_xor(pq0_x2, (ushort)(4)));
      const float pq0_x8 = (pq0_x4 + simd_shuffle_xor(pq0_x4, (ushort)(8)));
      const float pq0_s = (pq0_x8 + simd_shuffle_xor(pq0_x8, (ushort)(16)));
      const float pk1_x1 = (pk1 + simd_shuffle_xor(pk1, (ushort)(1)));
      const float pk1_x2 = (pk1_x1 + simd_shuffle_xor(pk1_x1, (ushort)(2)));
      const float pk1_x4 = (pk1_x2 + simd_shuffle_xor(pk1_x2, (ushort)(4)));
      const float pk1_x8 = (pk1_x4 + simd_shuffle_xor(pk1_x4, (ushort)(8)));
      const float pk1_s = (pk1_x8 + simd_shuffle_xor(pk1_x8, (ushort)(16)));
      const float pq1_x1 = (pq1 + simd_shuffle_xor(pq1, (ushort)(1)));
      const float pq1_x2 = (pq1_x1 + simd_shuffle_xor(pq1_x1, (ushort)(2)));
      const float pq1_x4 = (pq1_x2 + simd_shuffle_xor(pq1_x2, (ushort)(4)));
      const float pq1_x8 = (pq1_x4 + simd_shuffle_xor(pq1_x4, (ushort)(8)));
      const float pq1_s = (pq1_x8 + simd_shuffle_xor(pq1_x8, (ushort)(16)));
      const float pk2_x1 = (pk2 + simd_shuffle_xor(pk2, (ushort)(1)));
      const float pk2_x2 = (pk2_x1 + simd_shuffle_xor(pk2_x1, (ushort)(2)));
      const float pk2_x4 = (pk2_x2 + simd_shuffle_xor(pk2_x2, (ushort)(4)));
      const float pk2_x8 = (pk2_x4 + simd_shuffle_xor(pk2_x4, (ushort)(8)));
      const float pk2_s = (pk2_x8 + simd_shuffle_xor(pk2_x8, (ushort)(16)));
      const float pq2_x1 = (pq2 + simd_shuffle_xor(pq2, (ushort)(1)));
      const float pq2_x2 = (pq2_x1 + simd_shuffle_xor(pq2_x1, (ushort)(2)));
      const float pq2_x4 = (pq2_x2 + simd_shuffle_xor(pq2_x2, (ushort)(4)));
      const float pq2_x8 = (pq2_x4 + simd_shuffle_xor(pq2_x4, (ushort)(8)));
      const float pq2_s = (pq2_x8 + simd_shuffle_xor(pq2_x8, (ushort)(16)));
      const float pk3_x1 = (pk3 + simd_shuffle_xor(pk3, (ushort)(1)));
      const float pk3_x2 = (pk3_x1 + simd_shuffle_xor(pk3_x1, (ushort)(2)));
      const float pk3_x4 = (pk3_x2 + simd_shuffle_xor(pk3_x2, (ushort)(4)));
      const float pk3_x8 = (pk3_x4 + simd_shuffle_xor(pk3_x4, (ushort)(8)));
      const float pk3_s = (pk3_x8 + simd_shuffle_xor(pk3_x8, (ushort)(16)));
      const float pq3_x1 = (pq3 + simd_shuffle_xor(pq3, (ushort)(1)));
      const float pq3_x2 = (pq3_x1 + simd_shuffle_xor(pq3_x1, (ushort)(2)));
      const float pq3_x4 = (pq3_x2 + simd_shuffle_xor(pq3_x2, (ushort)(4)));
      const float pq3_x8 = (pq3_x4 + simd_shuffle_xor(pq3_x4, (ushort)(8)));
      const float pq3_s = (pq3_x8 + simd_shuffle_xor(pq3_x8, (ushort)(16)));
      const float pkq_x1 = (pkq + simd_shuffle_xor(pkq, (ushort)(1)));
      const float pkq_x2 = (pkq_x1 + simd_shuffle_xor(pkq_x1, (ushort)(2)));
      const float pkq_x4 = (pkq_x2 + simd_shuffle_xor(pkq_x2, (ushort)(4)));
      const float pkq_x8 = (pkq_x4 + simd_shuffle_xor(pkq_x4, (ushort)(8)));
      const float pkq_s = (pkq_x8 + simd_shuffle_xor(pkq_x8, (ushort)(16)));
      const float pkk_x1 = (pkk + simd_shuffle_xor(pkk, (ushort)(1)));
      const float pkk_x2 = (pkk_x1 + simd_shuffle_xor(pkk_x1, (ushort)(2)));
      const float pkk_x4 = (pkk_x2 + simd_shuffle_xor(pkk_x2, (ushort)(4)));
      const float pkk_x8 = (pkk_x4 + simd_shuffle_xor(pkk_x4, (ushort)(8)));
      const float pkk_s = (pkk_x8 + simd_shuffle_xor(pkk_x8, (ushort)(16)));
      const float pqq_x1 = (pqq + simd_shuffle_xor(pqq, (ushort)(1)));
      const float pqq_x2 = (pqq_x1 + simd_shuffle_xor(pqq_x1, (ushort)(2)));
      const float pqq_x4 = (pqq_x2 + simd_shuffle_xor(pqq_x2, (ushort)(4)));
      const float pqq_x8 = (pqq_x4 + simd_shuffle_xor(pqq_x4, (ushort)(8)));
      const float pqq_s = (pqq_x8 + simd_shuffle_xor(pqq_x8, (ushort)(16)));
      const float rk = rsqrt((pkk_s + 0.000001f));
      const float rq = rsqrt((pqq_s + 0.000001f));
      const float ark = (a * rk);
      const float arq = ((a * rq) * 0.08838834764831843f);
      const float ckq = (((pkq_s * rk) * rq) * 0.08838834764831843f);
      const int t = (t0 + u);
      const int oat = ((((((b * T) + t) * 8) + h) * 128) + j0);
      const float vv0 = sv[((u * 4) + (jl + 0))];
      const float uu0 = (bt * (vv0 - (ark * pk0_s)));
      const float ww0 = (uu0 * rk);
      const float vv1 = sv[((u * 4) + (jl + 1))];
      const float uu1 = (bt * (vv1 - (ark * pk1_s)));
      const float ww1 = (uu1 * rk);
      const float vv2 = sv[((u * 4) + (jl + 2))];
      const float uu2 = (bt * (vv2 - (ark * pk2_s)));
      const float ww2 = (uu2 * rk);
      const float vv3 = sv[((u * 4) + (jl + 3))];
      const float uu3 = (bt * (vv3 - (ark * pk3_s)));
      const float ww3 = (uu3 * rk);
      if ((ks == 0) && colok) {
        o[oat] = fma(ckq, uu0, (arq * pq0_s));
        o[(oat + 1)] = fma(ckq, uu1, (arq * pq1_s));
        o[(oat + 2)] = fma(ckq, uu2, (arq * pq2_s));
        o[(oat + 3)] = fma(ckq, uu3, (arq * pq3_s));
      }
      S0_0 = fma(kr0, ww0, (a * S0_0));
      S0_1 = fma(kr0, ww1, (a * S0_1));
      S0_2 = fma(kr0, ww2, (a * S0_2));
      S0_3 = fma(kr0, ww3, (a * S0_3));
      S1_0 = fma(kr1, ww0, (a * S1_0));
      S1_1 = fma(kr1, ww1, (a * S1_1));
      S1_2 = fma(kr1, ww2, (a * S1_2));
      S1_3 = fma(kr1, ww3, (a * S1_3));
      S2_0 = fma(kr2, ww0, (a * S2_0));
      S2_1 = fma(kr2, ww1, (a * S2_1));
      S2_2 = fma(kr2, ww2, (a * S2_2));
      S2_3 = fma(kr2, ww3, (a * S2_3));
      S3_0 = fma(kr3, ww0, (a * S3_0));
      S3_1 = fma(kr3, ww1, (a * S3_1));
      S3_2 = fma(kr3, ww2, (a * S3_2));
      S3_3 = fma(kr3, ww3, (a * S3_3));
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  if (ok0) {
    *(device float4*)(&s[((((bh * 128) + row0) * 128) + j0)]) = float4(S0_0, S0_1, S0_2, S0_3);
  }
  if (ok1) {
    *(device float4*)(&s[((((bh * 128) + row1) * 128) + j0)]) = float4(S1_0, S1_1, S1_2, S1_3);
  }
  if (ok2) {
    *(device float4*)(&s[((((bh * 128) + row2) * 128) + j0)]) = float4(S2_0, S2_1, S2_2, S2_3);
  }
  if (ok3) {
    *(device float4*)(&s[((((bh * 128) + row3) * 128) + j0)]) = float4(S3_0, S3_1, S3_2, S3_3);
  }
}
