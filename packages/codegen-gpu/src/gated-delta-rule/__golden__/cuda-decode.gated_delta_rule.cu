#include <cuda_fp16.h>

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
}

extern "C" __global__ void __launch_bounds__(32) gdr_recurrent(const float* __restrict__ q, const float* __restrict__ k, const float* __restrict__ v, const float* __restrict__ g, const float* __restrict__ beta, const float* s0, float* __restrict__ o, float* s, int B, int T) {
  // gated_delta_rule recurrent, Hk=16 Hv=16 Dk=128 Dv=128 l2norm: 8 state columns per workgroup as 2 groups of 4 x 16 lanes (8 rows each), subgroup reduction, inputs loaded into registers
  const int tid = (int)threadIdx.x;
  const int gx = (int)blockIdx.x;
  const int gy = (int)blockIdx.y;
  const int gz = (int)blockIdx.z;
  const int b = gz;
  const int h = gy;
  const int hk = h;
  const int bh = ((b * 16) + h);
  const int lo = (tid % 2);
  const int ks = ((tid / 2) % 16);
  const int cg = (((tid / 32) * 2) + lo);
  const int jl = (cg * 4);
  const int j0 = ((gx * 8) + jl);
  const bool colok = (j0 < 128);
  const int row0 = (ks + 0);
  const bool ok0 = colok;
  float S0_0 = 0.0f;
  float S0_1 = 0.0f;
  float S0_2 = 0.0f;
  float S0_3 = 0.0f;
  if (ok0) {
    const float4 ld0_ = (*(const float4*)(&s0[((((bh * 128) + row0) * 128) + j0)]));
    S0_0 = ld0_.x;
    S0_1 = ld0_.y;
    S0_2 = ld0_.z;
    S0_3 = ld0_.w;
  }
  const int row1 = (ks + 16);
  const bool ok1 = colok;
  float S1_0 = 0.0f;
  float S1_1 = 0.0f;
  float S1_2 = 0.0f;
  float S1_3 = 0.0f;
  if (ok1) {
    const float4 ld1_ = (*(const float4*)(&s0[((((bh * 128) + row1) * 128) + j0)]));
    S1_0 = ld1_.x;
    S1_1 = ld1_.y;
    S1_2 = ld1_.z;
    S1_3 = ld1_.w;
  }
  const int row2 = (ks + 32);
  const bool ok2 = colok;
  float S2_0 = 0.0f;
  float S2_1 = 0.0f;
  float S2_2 = 0.0f;
  float S2_3 = 0.0f;
  if (ok2) {
    const float4 ld2_ = (*(const float4*)(&s0[((((bh * 128) + row2) * 128) + j0)]));
    S2_0 = ld2_.x;
    S2_1 = ld2_.y;
    S2_2 = ld2_.z;
    S2_3 = ld2_.w;
  }
  const int row3 = (ks + 48);
  const bool ok3 = colok;
  float S3_0 = 0.0f;
  float S3_1 = 0.0f;
  float S3_2 = 0.0f;
  float S3_3 = 0.0f;
  if (ok3) {
    const float4 ld3_ = (*(const float4*)(&s0[((((bh * 128) + row3) * 128) + j0)]));
    S3_0 = ld3_.x;
    S3_1 = ld3_.y;
    S3_2 = ld3_.z;
    S3_3 = ld3_.w;
  }
  const int row4 = (ks + 64);
  const bool ok4 = colok;
  float S4_0 = 0.0f;
  float S4_1 = 0.0f;
  float S4_2 = 0.0f;
  float S4_3 = 0.0f;
  if (ok4) {
    const float4 ld4_ = (*(const float4*)(&s0[((((bh * 128) + row4) * 128) + j0)]));
    S4_0 = ld4_.x;
    S4_1 = ld4_.y;
    S4_2 = ld4_.z;
    S4_3 = ld4_.w;
  }
  const int row5 = (ks + 80);
  const bool ok5 = colok;
  float S5_0 = 0.0f;
  float S5_1 = 0.0f;
  float S5_2 = 0.0f;
  float S5_3 = 0.0f;
  if (ok5) {
    const float4 ld5_ = (*(const float4*)(&s0[((((bh * 128) + row5) * 128) + j0)]));
    S5_0 = ld5_.x;
    S5_1 = ld5_.y;
    S5_2 = ld5_.z;
    S5_3 = ld5_.w;
  }
  const int row6 = (ks + 96);
  const bool ok6 = colok;
  float S6_0 = 0.0f;
  float S6_1 = 0.0f;
  float S6_2 = 0.0f;
  float S6_3 = 0.0f;
  if (ok6) {
    const float4 ld6_ = (*(const float4*)(&s0[((((bh * 128) + row6) * 128) + j0)]));
    S6_0 = ld6_.x;
    S6_1 = ld6_.y;
    S6_2 = ld6_.z;
    S6_3 = ld6_.w;
  }
  const int row7 = (ks + 112);
  const bool ok7 = colok;
  float S7_0 = 0.0f;
  float S7_1 = 0.0f;
  float S7_2 = 0.0f;
  float S7_3 = 0.0f;
  if (ok7) {
    const float4 ld7_ = (*(const float4*)(&s0[((((bh * 128) + row7) * 128) + j0)]));
    S7_0 = ld7_.x;
    S7_1 = ld7_.y;
    S7_2 = ld7_.z;
    S7_3 = ld7_.w;
  }
  for (int t = 0; t < T; t++) {
    float in_k0 = 0.0f;
    float in_q0 = 0.0f;
    float in_k1 = 0.0f;
    float in_q1 = 0.0f;
    float in_k2 = 0.0f;
    float in_q2 = 0.0f;
    float in_k3 = 0.0f;
    float in_q3 = 0.0f;
    float in_k4 = 0.0f;
    float in_q4 = 0.0f;
    float in_k5 = 0.0f;
    float in_q5 = 0.0f;
    float in_k6 = 0.0f;
    float in_q6 = 0.0f;
    float in_k7 = 0.0f;
    float in_q7 = 0.0f;
    float in_v0 = 0.0f;
    float in_v1 = 0.0f;
    float in_v2 = 0.0f;
    float in_v3 = 0.0f;
    float in_g = 0.0f;
    float in_b = 0.0f;
    const int in_qk = (((((b * T) + t) * 16) + hk) * 128);
    in_k0 = k[(in_qk + row0)];
    in_q0 = q[(in_qk + row0)];
    in_k1 = k[(in_qk + row1)];
    in_q1 = q[(in_qk + row1)];
    in_k2 = k[(in_qk + row2)];
    in_q2 = q[(in_qk + row2)];
    in_k3 = k[(in_qk + row3)];
    in_q3 = q[(in_qk + row3)];
    in_k4 = k[(in_qk + row4)];
    in_q4 = q[(in_qk + row4)];
    in_k5 = k[(in_qk + row5)];
    in_q5 = q[(in_qk + row5)];
    in_k6 = k[(in_qk + row6)];
    in_q6 = q[(in_qk + row6)];
    in_k7 = k[(in_qk + row7)];
    in_q7 = q[(in_qk + row7)];
    const int in_gat = ((((b * T) + t) * 16) + h);
    in_g = g[in_gat];
    in_b = beta[in_gat];
    if (colok) {
      const float4 in_vl = (*(const float4*)(&v[((in_gat * 128) + j0)]));
      in_v0 = in_vl.x;
      in_v1 = in_vl.y;
      in_v2 = in_vl.z;
      in_v3 = in_vl.w;
    }
    const float a = expf(in_g);
    const float bt = in_b;
    const float kr0 = in_k0;
    const float qr0 = in_q0;
    const float kr1 = in_k1;
    const float qr1 = in_q1;
    const float kr2 = in_k2;
    const float qr2 = in_q2;
    const float kr3 = in_k3;
    const float qr3 = in_q3;
    const float kr4 = in_k4;
    const float qr4 = in_q4;
    const float kr5 = in_k5;
    const float qr5 = in_q5;
    const float kr6 = in_k6;
    const float qr6 = in_q6;
    const float kr7 = in_k7;
    const float qr7 = in_q7;
    const float pk0 = fmaf(S7_0, kr7, fmaf(S6_0, kr6, fmaf(S5_0, kr5, fmaf(S4_0, kr4, fmaf(S3_0, kr3, fmaf(S2_0, kr2, fmaf(S1_0, kr1, (S0_0 * kr0))))))));
    const float pq0 = fmaf(S7_0, qr7, fmaf(S6_0, qr6, fmaf(S5_0, qr5, fmaf(S4_0, qr4, fmaf(S3_0, qr3, fmaf(S2_0, qr2, fmaf(S1_0, qr1, (S0_0 * qr0))))))));
    const float pk1 = fmaf(S7_1, kr7, fmaf(S6_1, kr6, fmaf(S5_1, kr5, fmaf(S4_1, kr4, fmaf(S3_1, kr3, fmaf(S2_1, kr2, fmaf(S1_1, kr1, (S0_1 * kr0))))))));
    const float pq1 = fmaf(S7_1, qr7, fmaf(S6_1, qr6, fmaf(S5_1, qr5, fmaf(S4_1, qr4, fmaf(S3_1, qr3, fmaf(S2_1, qr2, fmaf(S1_1, qr1, (S0_1 * qr0))))))));
    const float pk2 = fmaf(S7_2, kr7, fmaf(S6_2, kr6, fmaf(S5_2, kr5, fmaf(S4_2, kr4, fmaf(S3_2, kr3, fmaf(S2_2, kr2, fmaf(S1_2, kr1, (S0_2 * kr0))))))));
    const float pq2 = fmaf(S7_2, qr7, fmaf(S6_2, qr6, fmaf(S5_2, qr5, fmaf(S4_2, qr4, fmaf(S3_2, qr3, fmaf(S2_2, qr2, fmaf(S1_2, qr1, (S0_2 * qr0))))))));
    const float pk3 = fmaf(S7_3, kr7, fmaf(S6_3, kr6, fmaf(S5_3, kr5, fmaf(S4_3, kr4, fmaf(S3_3, kr3, fmaf(S2_3, kr2, fmaf(S1_3, kr1, (S0_3 * kr0))))))));
    const float pq3 = fmaf(S7_3, qr7, fmaf(S6_3, qr6, fmaf(S5_3, qr5, fmaf(S4_3, qr4, fmaf(S3_3, qr3, fmaf(S2_3, qr2, fmaf(S1_3, qr1, (S0_3 * qr0))))))));
    const float pkq = fmaf(kr7, qr7, fmaf(kr6, qr6, fmaf(kr5, qr5, fmaf(kr4, qr4, fmaf(kr3, qr3, fmaf(kr2, qr2, fmaf(kr1, qr1, (kr0 * qr0))))))));
    const float pkk = fmaf(kr7, kr7, fmaf(kr6, kr6, fmaf(kr5, kr5, fmaf(kr4, kr4, fmaf(kr3, kr3, fmaf(kr2, kr2, fmaf(kr1, kr1, (kr0 * kr0))))))));
    const float pqq = fmaf(qr7, qr7, fmaf(qr6, qr6, fmaf(qr5, qr5, fmaf(qr4, qr4, fmaf(qr3, qr3, fmaf(qr2, qr2, fmaf(qr1, qr1, (qr0 * qr0))))))));
    const float pk0_x1 = (pk0 + __shfl_xor_sync(0xffffffffu, pk0, 2));
    const float pk0_x2 = (pk0_x1 + __shfl_xor_sync(0xffffffffu, pk0_x1, 4));
    const float pk0_x4 = (pk0_x2 + __shfl_xor_sync(0xffffffffu, pk0_x2, 8));
    const float pk0_s = (pk0_x4 + __shfl_xor_sync(0xffffffffu, pk0_x4, 16));
    const float pq0_x1 = (pq0 + __shfl_xor_sync(0xffffffffu, pq0, 2));
    const float pq0_x2 = (pq0_x1 + __shfl_xor_sync(0xffffffffu, pq0_x1, 4));
    const float pq0_x4 = (pq0_x2 + __shfl_xor_sync(0xffffffffu, pq0_x2, 8));
    const float pq0_s = (pq0_x4 + __shfl_xor_sync(0xffffffffu, pq0_x4, 16));
    const float pk1_x1 = (pk1 + __shfl_xor_sync(0xffffffffu, pk1, 2));
    const float pk1_x2 = (pk1_x1 + __shfl_xor_sync(0xffffffffu, pk1_x1, 4));
    const float pk1_x4 = (pk1_x2 + __shfl_xor_sync(0xffffffffu, pk1_x2, 8));
    const float pk1_s = (pk1_x4 + __shfl_xor_sync(0xffffffffu, pk1_x4, 16));
    const float pq1_x1 = (pq1 + __shfl_xor_sync(0xffffffffu, pq1, 2));
    const float pq1_x2 = (pq1_x1 + __shfl_xor_sync(0xffffffffu, pq1_x1, 4));
    const float pq1_x4 = (pq1_x2 + __shfl_xor_sync(0xffffffffu, pq1_x2, 8));
    const float pq1_s = (pq1_x4 + __shfl_xor_sync(0xffffffffu, pq1_x4, 16));
    const float pk2_x1 = (pk2 + __shfl_xor_sync(0xffffffffu, pk2, 2));
    const float pk2_x2 = (pk2_x1 + __shfl_xor_sync(0xffffffffu, pk2_x1, 4));
    const float pk2_x4 = (pk2_x2 + __shfl_xor_sync(0xffffffffu, pk2_x2, 8));
    const float pk2_s = (pk2_x4 + __shfl_xor_sync(0xffffffffu, pk2_x4, 16));
    const float pq2_x1 = (pq2 + __shfl_xor_sync(0xffffffffu, pq2, 2));
    const float pq2_x2 = (pq2_x1 + __shfl_xor_sync(0xffffffffu, pq2_x1, 4));
    const float pq2_x4 = (pq2_x2 + __shfl_xor_sync(0xffffffffu, pq2_x2, 8));
    const float pq2_s = (pq2_x4 + __shfl_xor_sync(0xffffffffu, pq2_x4, 16));
    const float pk3_x1 = (pk3 + __shfl_xor_sync(0xffffffffu, pk3, 2));
    const float pk3_x2 = (pk3_x1 + __shfl_xor_sync(0xffffffffu, pk3_x1, 4));
    const float pk3_x4 = (pk3_x2 + __shfl_xor_sync(0xffffffffu, pk3_x2, 8));
    const float pk3_s = (pk3_x4 + __shfl_xor_sync(0xffffffffu, pk3_x4, 16));
    const float pq3_x1 = (pq3 + __shfl_xor_sync(0xffffffffu, pq3, 2));
    const float pq3_x2 = (pq3_x1 + __shfl_xor_sync(0xffffffffu, pq3_x1, 4));
    const float pq3_x4 = (pq3_x2 + __shfl_xor_sync(0xffffffffu, pq3_x2, 8));
    const float pq3_s = (pq3_x4 + __shfl_xor_sync(0xffffffffu, pq3_x4, 16));
    const float pkq_x1 = (pkq + __shfl_xor_sync(0xffffffffu, pkq, 2));
    const float pkq_x2 = (pkq_x1 + __shfl_xor_sync(0xffffffffu, pkq_x1, 4));
    const float pkq_x4 = (pkq_x2 + __shfl_xor_sync(0xffffffffu, pkq_x2, 8));
    const float pkq_s = (pkq_x4 + __shfl_xor_sync(0xffffffffu, pkq_x4, 16));
    const float pkk_x1 = (pkk + __shfl_xor_sync(0xffffffffu, pkk, 2));
    const float pkk_x2 = (pkk_x1 + __shfl_xor_sync(0xffffffffu, pkk_x1, 4));
    const float pkk_x4 = (pkk_x2 + __shfl_xor_sync(0xffffffffu, pkk_x2, 8));
    const float pkk_s = (pkk_x4 + __shfl_xor_sync(0xffffffffu, pkk_x4, 16));
    const float pqq_x1 = (pqq + __shfl_xor_sync(0xffffffffu, pqq, 2));
    const float pqq_x2 = (pqq_x1 + __shfl_xor_sync(0xffffffffu, pqq_x1, 4));
    const float pqq_x4 = (pqq_x2 + __shfl_xor_sync(0xffffffffu, pqq_x2, 8));
    const float pqq_s = (pqq_x4 + __shfl_xor_sync(0xffffffffu, pqq_x4, 16));
    const float rk = (1.0f / sqrtf((pkk_s + 0.000001f)));
    const float rq = (1.0f / sqrtf((pqq_s + 0.000001f)));
    const float ark = (a * rk);
    const float arq = ((a * rq) * 0.08838834764831843f);
    const float ckq = (((pkq_s * rk) * rq) * 0.08838834764831843f);
    const int oat = ((((((b * T) + t) * 16) + h) * 128) + j0);
    const float vv0 = in_v0;
    const float uu0 = (bt * (vv0 - (ark * pk0_s)));
    const float ww0 = (uu0 * rk);
    const float vv1 = in_v1;
    const float uu1 = (bt * (vv1 - (ark * pk1_s)));
    const float ww1 = (uu1 * rk);
    const float vv2 = in_v2;
    const float uu2 = (bt * (vv2 - (ark * pk2_s)));
    const float ww2 = (uu2 * rk);
    const float vv3 = in_v3;
    const float uu3 = (bt * (vv3 - (ark * pk3_s)));
    const float ww3 = (uu3 * rk);
    if ((ks == 0) && colok) {
      *(float4*)(&o[oat]) = make_float4(fmaf(ckq, uu0, (arq * pq0_s)), fmaf(ckq, uu1, (arq * pq1_s)), fmaf(ckq, uu2, (arq * pq2_s)), fmaf(ckq, uu3, (arq * pq3_s)));
    }
    S0_0 = fmaf(kr0, ww0, (a * S0_0));
    S0_1 = fmaf(kr0, ww1, (a * S0_1));
    S0_2 = fmaf(kr0, ww2, (a * S0_2));
    S0_3 = fmaf(kr0, ww3, (a * S0_3));
    S1_0 = fmaf(kr1, ww0, (a * S1_0));
    S1_1 = fmaf(kr1, ww1, (a * S1_1));
    S1_2 = fmaf(kr1, ww2, (a * S1_2));
    S1_3 = fmaf(kr1, ww3, (a * S1_3));
    S2_0 = fmaf(kr2, ww0, (a * S2_0));
    S2_1 = fmaf(kr2, ww1, (a * S2_1));
    S2_2 = fmaf(kr2, ww2, (a * S2_2));
    S2_3 = fmaf(kr2, ww3, (a * S2_3));
    S3_0 = fmaf(kr3, ww0, (a * S3_0));
    S3_1 = fmaf(kr3, ww1, (a * S3_1));
    S3_2 = fmaf(kr3, ww2, (a * S3_2));
    S3_3 = fmaf(kr3, ww3, (a * S3_3));
    S4_0 = fmaf(kr4, ww0, (a * S4_0));
    S4_1 = fmaf(kr4, ww1, (a * S4_1));
    S4_2 = fmaf(kr4, ww2, (a * S4_2));
    S4_3 = fmaf(kr4, ww3, (a * S4_3));
    S5_0 = fmaf(kr5, ww0, (a * S5_0));
    S5_1 = fmaf(kr5, ww1, (a * S5_1));
    S5_2 = fmaf(kr5, ww2, (a * S5_2));
    S5_3 = fmaf(kr5, ww3, (a * S5_3));
    S6_0 = fmaf(kr6, ww0, (a * S6_0));
    S6_1 = fmaf(kr6, ww1, (a * S6_1));
    S6_2 = fmaf(kr6, ww2, (a * S6_2));
    S6_3 = fmaf(kr6, ww3, (a * S6_3));
    S7_0 = fmaf(kr7, ww0, (a * S7_0));
    S7_1 = fmaf(kr7, ww1, (a * S7_1));
    S7_2 = fmaf(kr7, ww2, (a * S7_2));
    S7_3 = fmaf(kr7, ww3, (a * S7_3));
  }
  if (ok0) {
    *(float4*)(&s[((((bh * 128) + row0) * 128) + j0)]) = make_float4(S0_0, S0_1, S0_2, S0_3);
  }
  if (ok1) {
    *(float4*)(&s[((((bh * 128) + row1) * 128) + j0)]) = make_float4(S1_0, S1_1, S1_2, S1_3);
  }
  if (ok2) {
    *(float4*)(&s[((((bh * 128) + row2) * 128) + j0)]) = make_float4(S2_0, S2_1, S2_2, S2_3);
  }
  if (ok3) {
    *(float4*)(&s[((((bh * 128) + row3) * 128) + j0)]) = make_float4(S3_0, S3_1, S3_2, S3_3);
  }
  if (ok4) {
    *(float4*)(&s[((((bh * 128) + row4) * 128) + j0)]) = make_float4(S4_0, S4_1, S4_2, S4_3);
  }
  if (ok5) {
    *(float4*)(&s[((((bh * 128) + row5) * 128) + j0)]) = make_float4(S5_0, S5_1, S5_2, S5_3);
  }
  if (ok6) {
    *(float4*)(&s[((((bh * 128) + row6) * 128) + j0)]) = make_float4(S6_0, S6_1, S6_2, S6_3);
  }
  if (ok7) {
    *(float4*)(&s[((((bh * 128) + row7) * 128) + j0)]) = make_float4(S7_0, S7_1, S7_2, S7_3);
  }
}
