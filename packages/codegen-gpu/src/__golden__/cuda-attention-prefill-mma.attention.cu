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

extern __shared__ __align__(16) unsigned char kf_dynamic_shared[];

__device__ __forceinline__ unsigned int kf_pack_f16x2(float lo, float hi) {
  const __half2 h = __floats2half2_rn(lo, hi);
  return *reinterpret_cast<const unsigned int*>(&h);
}

__device__ __forceinline__ float kf_exp2(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

extern "C" __global__ void __launch_bounds__(128) attention_prefill_mma(const float* __restrict__ q, const unsigned int* __restrict__ k, const unsigned int* __restrict__ v, float* __restrict__ o, int B, int Sq, int Skv) {
  unsigned int* const sK = reinterpret_cast<unsigned int*>(kf_dynamic_shared + 0);
  unsigned int* const sV = reinterpret_cast<unsigned int*>(kf_dynamic_shared + 34816);
  const int tid = (int)threadIdx.x;
  const int warp = (tid >> 5);
  const int ln = (tid & 31);
  const int g = (ln >> 2);
  const int t4 = (ln & 3);
  const int hk = (int)blockIdx.x;
  // the longest query tiles first (causal: they see the most keys)
  const int tile = (((int)gridDim.y - 1) - (int)blockIdx.y);
  const int b = (int)blockIdx.z;
  const int Sq_ = Sq;
  const int Skv_ = Skv;
  const int off = (Skv_ - Sq_);
  const int r0 = (tile * 64);
  const int wr0 = (r0 + (warp * 16));
  const int row0 = ((wr0 + 0) + g);
  const int row1 = ((wr0 + 8) + g);
  const int rows = (Sq_ * 4);
  const bool ok0 = (row0 < rows);
  const bool ok1 = (row1 < rows);
  const int p0 = (off + (r0 / 4));
  const int p1 = min((off + ((r0 + 63) / 4)), (Skv_ - 1));
  const int firstKey = 0;
  const int lastKey = p1;
  const int tLo = (firstKey / 64);
  const int tHi = (lastKey / 64);
  const int kvRow0 = (((b * 2) + hk) * Skv_);
  const int qHead0 = (((b * 8) + (hk * 4)) * Sq_);
  unsigned int qf[32];
  const int qr0 = ((qHead0 + (((min(row0, (rows - 1)) % 4) * Sq_) + (min(row0, (rows - 1)) / 4))) * 128);
  const int qr1 = ((qHead0 + (((min(row1, (rows - 1)) % 4) * Sq_) + (min(row1, (rows - 1)) / 4))) * 128);
  #pragma unroll 8
  for (int kk = 0; kk < 8; kk++) {
    const float2 q2_0 = (*(const float2*)(&q[(qr0 + (((kk * 16) + (t4 * 2)) + 0))]));
    qf[((kk * 4) + 0)] = (ok0 ? kf_pack_f16x2(q2_0.x, q2_0.y) : 0u);
    const float2 q2_1 = (*(const float2*)(&q[(qr1 + (((kk * 16) + (t4 * 2)) + 0))]));
    qf[((kk * 4) + 1)] = (ok1 ? kf_pack_f16x2(q2_1.x, q2_1.y) : 0u);
    const float2 q2_2 = (*(const float2*)(&q[(qr0 + (((kk * 16) + (t4 * 2)) + 8))]));
    qf[((kk * 4) + 2)] = (ok0 ? kf_pack_f16x2(q2_2.x, q2_2.y) : 0u);
    const float2 q2_3 = (*(const float2*)(&q[(qr1 + (((kk * 16) + (t4 * 2)) + 8))]));
    qf[((kk * 4) + 3)] = (ok1 ? kf_pack_f16x2(q2_3.x, q2_3.y) : 0u);
  }
  float m0 = (-INFINITY);
  float l0 = 0.0f;
  float m1 = (-INFINITY);
  float l1 = 0.0f;
  float oacc[64];
  #pragma unroll 64
  for (int i = 0; i < 64; i++) {
    oacc[i] = 0.0f;
  }
  float sacc[32];
  unsigned int kf[4];
  unsigned int vfr[4];
  unsigned int pf[4];
  const int kLane = (((((ln >> 4) * 8) + (ln & 7)) * 68) + (((ln >> 3) & 1) * 4));
  const int vLane = ((((((ln >> 3) & 1) * 8) + (ln & 7)) * 68) + ((ln >> 4) * 4));
  #pragma unroll 8
  for (int st = 0; st < 8; st++) {
    const int kci = ((st * 128) + tid);
    const int kcr = (kci / 16);
    const int kcw = (kci % 16);
    const int kckey = ((tLo * 64) + kcr);
    const bool kcin = (kckey < Skv_);
    const int kcrow = (kvRow0 + min(kckey, (Skv_ - 1)));
    const int kcdst = (((0 * 4352) + (kcr * 68)) + (kcw * 4));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"((unsigned int)__cvta_generic_to_shared(&sK[kcdst])), "l"(&k[((kcrow * 64) + (kcw * 4))]), "r"((int)((kcin ? 16 : 0))) : "memory");
  }
  #pragma unroll 8
  for (int st = 0; st < 8; st++) {
    const int vci = ((st * 128) + tid);
    const int vcr = (vci / 16);
    const int vcw = (vci % 16);
    const int vckey = ((tLo * 64) + vcr);
    const bool vcin = (vckey < Skv_);
    const int vcrow = (kvRow0 + min(vckey, (Skv_ - 1)));
    const int vcdst = (((0 * 4352) + (vcr * 68)) + (vcw * 4));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"((unsigned int)__cvta_generic_to_shared(&sV[vcdst])), "l"(&v[((vcrow * 64) + (vcw * 4))]), "r"((int)((vcin ? 16 : 0))) : "memory");
  }
  asm volatile("cp.async.commit_group;" ::: "memory");
  for (int it = tLo; it < (tHi + 1); it++) {
    const int buf = ((it - tLo) & 1);
    if ((it + 1) <= tHi) {
      #pragma unroll 8
      for (int st = 0; st < 8; st++) {
        const int kci = ((st * 128) + tid);
        const int kcr = (kci / 16);
        const int kcw = (kci % 16);
        const int kckey = (((it + 1) * 64) + kcr);
        const bool kcin = (kckey < Skv_);
        const int kcrow = (kvRow0 + min(kckey, (Skv_ - 1)));
        const int kcdst = ((((buf ^ 1) * 4352) + (kcr * 68)) + (kcw * 4));
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"((unsigned int)__cvta_generic_to_shared(&sK[kcdst])), "l"(&k[((kcrow * 64) + (kcw * 4))]), "r"((int)((kcin ? 16 : 0))) : "memory");
      }
      #pragma unroll 8
      for (int st = 0; st < 8; st++) {
        const int vci = ((st * 128) + tid);
        const int vcr = (vci / 16);
        const int vcw = (vci % 16);
        const int vckey = (((it + 1) * 64) + vcr);
        const bool vcin = (vckey < Skv_);
        const int vcrow = (kvRow0 + min(vckey, (Skv_ - 1)));
        const int vcdst = ((((buf ^ 1) * 4352) + (vcr * 68)) + (vcw * 4));
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"((unsigned int)__cvta_generic_to_shared(&sV[vcdst])), "l"(&v[((vcrow * 64) + (vcw * 4))]), "r"((int)((vcin ? 16 : 0))) : "memory");
      }
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    __syncthreads();
    const int key0 = (it * 64);
    const int kBase = (buf * 4352);
    const int vBase = (buf * 4352);
    if (((key0 + 63) >= Skv_) || ((key0 + 63) > p0)) {
      #pragma unroll 32
      for (int i = 0; i < 32; i++) {
        sacc[i] = 0.0f;
      }
      #pragma unroll 8
      for (int kk = 0; kk < 8; kk++) {
        #pragma unroll 4
        for (int jp = 0; jp < 4; jp++) {
          asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(kf[0]), "=r"(kf[1]), "=r"(kf[2]), "=r"(kf[3]) : "r"((unsigned int)__cvta_generic_to_shared(&sK[(((kBase + (jp * 1088)) + (kk * 8)) + kLane)])) : "memory");
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(sacc[((jp * 8) + 0)]), "+f"(sacc[((jp * 8) + 0) + 1]), "+f"(sacc[((jp * 8) + 0) + 2]), "+f"(sacc[((jp * 8) + 0) + 3]) : "r"(qf[(kk * 4)]), "r"(qf[(kk * 4) + 1]), "r"(qf[(kk * 4) + 2]), "r"(qf[(kk * 4) + 3]), "r"(kf[0]), "r"(kf[1]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(sacc[((jp * 8) + 4)]), "+f"(sacc[((jp * 8) + 4) + 1]), "+f"(sacc[((jp * 8) + 4) + 2]), "+f"(sacc[((jp * 8) + 4) + 3]) : "r"(qf[(kk * 4)]), "r"(qf[(kk * 4) + 1]), "r"(qf[(kk * 4) + 2]), "r"(qf[(kk * 4) + 3]), "r"(kf[2]), "r"(kf[3]));
        }
      }
      #pragma unroll 8
      for (int j = 0; j < 8; j++) {
        sacc[((j * 4) + 0)] = (((((key0 + (j * 8)) + ((t4 * 2) + 0)) < Skv_) && (((key0 + (j * 8)) + ((t4 * 2) + 0)) <= (off + (row0 / 4)))) ? sacc[((j * 4) + 0)] : (-INFINITY));
        sacc[((j * 4) + 1)] = (((((key0 + (j * 8)) + ((t4 * 2) + 1)) < Skv_) && (((key0 + (j * 8)) + ((t4 * 2) + 1)) <= (off + (row0 / 4)))) ? sacc[((j * 4) + 1)] : (-INFINITY));
        sacc[((j * 4) + 2)] = (((((key0 + (j * 8)) + ((t4 * 2) + 0)) < Skv_) && (((key0 + (j * 8)) + ((t4 * 2) + 0)) <= (off + (row1 / 4)))) ? sacc[((j * 4) + 2)] : (-INFINITY));
        sacc[((j * 4) + 3)] = (((((key0 + (j * 8)) + ((t4 * 2) + 1)) < Skv_) && (((key0 + (j * 8)) + ((t4 * 2) + 1)) <= (off + (row1 / 4)))) ? sacc[((j * 4) + 3)] : (-INFINITY));
      }
      float x0 = (-INFINITY);
      float x1 = (-INFINITY);
      #pragma unroll 8
      for (int j = 0; j < 8; j++) {
        x0 = fmaxf(x0, fmaxf(sacc[((j * 4) + 0)], sacc[((j * 4) + 1)]));
        x1 = fmaxf(x1, fmaxf(sacc[((j * 4) + 2)], sacc[((j * 4) + 3)]));
      }
      x0 = fmaxf(x0, __shfl_xor_sync(0xffffffffu, x0, 1));
      x0 = fmaxf(x0, __shfl_xor_sync(0xffffffffu, x0, 2));
      const float mn0 = fmaxf(m0, x0);
      const float ms0 = ((mn0 == (-INFINITY)) ? 0.0f : (mn0 * 0.12751743082459868f));
      const float al0 = kf_exp2(((m0 * 0.12751743082459868f) - ms0));
      m0 = mn0;
      l0 = (l0 * al0);
      x1 = fmaxf(x1, __shfl_xor_sync(0xffffffffu, x1, 1));
      x1 = fmaxf(x1, __shfl_xor_sync(0xffffffffu, x1, 2));
      const float mn1 = fmaxf(m1, x1);
      const float ms1 = ((mn1 == (-INFINITY)) ? 0.0f : (mn1 * 0.12751743082459868f));
      const float al1 = kf_exp2(((m1 * 0.12751743082459868f) - ms1));
      m1 = mn1;
      l1 = (l1 * al1);
      #pragma unroll 8
      for (int j = 0; j < 8; j++) {
        const float pe0_0 = kf_exp2(fmaf(sacc[((j * 4) + 0)], 0.12751743082459868f, (0.0f - ms0)));
        sacc[((j * 4) + 0)] = pe0_0;
        l0 = (l0 + pe0_0);
        const float pe0_1 = kf_exp2(fmaf(sacc[((j * 4) + 1)], 0.12751743082459868f, (0.0f - ms0)));
        sacc[((j * 4) + 1)] = pe0_1;
        l0 = (l0 + pe0_1);
        const float pe0_2 = kf_exp2(fmaf(sacc[((j * 4) + 2)], 0.12751743082459868f, (0.0f - ms1)));
        sacc[((j * 4) + 2)] = pe0_2;
        l1 = (l1 + pe0_2);
        const float pe0_3 = kf_exp2(fmaf(sacc[((j * 4) + 3)], 0.12751743082459868f, (0.0f - ms1)));
        sacc[((j * 4) + 3)] = pe0_3;
        l1 = (l1 + pe0_3);
      }
      #pragma unroll 16
      for (int j = 0; j < 16; j++) {
        oacc[((j * 4) + 0)] = (oacc[((j * 4) + 0)] * al0);
        oacc[((j * 4) + 1)] = (oacc[((j * 4) + 1)] * al0);
        oacc[((j * 4) + 2)] = (oacc[((j * 4) + 2)] * al1);
        oacc[((j * 4) + 3)] = (oacc[((j * 4) + 3)] * al1);
      }
      #pragma unroll 4
      for (int kk = 0; kk < 4; kk++) {
        pf[0] = kf_pack_f16x2(sacc[((kk * 8) + 0)], sacc[(((kk * 8) + 0) + 1)]);
        pf[1] = kf_pack_f16x2(sacc[((kk * 8) + 2)], sacc[(((kk * 8) + 2) + 1)]);
        pf[2] = kf_pack_f16x2(sacc[((kk * 8) + 4)], sacc[(((kk * 8) + 4) + 1)]);
        pf[3] = kf_pack_f16x2(sacc[((kk * 8) + 6)], sacc[(((kk * 8) + 6) + 1)]);
        #pragma unroll 8
        for (int np = 0; np < 8; np++) {
          asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(vfr[0]), "=r"(vfr[1]), "=r"(vfr[2]), "=r"(vfr[3]) : "r"((unsigned int)__cvta_generic_to_shared(&sV[(((vBase + (kk * 1088)) + (np * 8)) + vLane)])) : "memory");
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(oacc[((np * 8) + 0)]), "+f"(oacc[((np * 8) + 0) + 1]), "+f"(oacc[((np * 8) + 0) + 2]), "+f"(oacc[((np * 8) + 0) + 3]) : "r"(pf[0]), "r"(pf[1]), "r"(pf[2]), "r"(pf[3]), "r"(vfr[0]), "r"(vfr[1]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(oacc[((np * 8) + 4)]), "+f"(oacc[((np * 8) + 4) + 1]), "+f"(oacc[((np * 8) + 4) + 2]), "+f"(oacc[((np * 8) + 4) + 3]) : "r"(pf[0]), "r"(pf[1]), "r"(pf[2]), "r"(pf[3]), "r"(vfr[2]), "r"(vfr[3]));
        }
      }
    } else {
      #pragma unroll 32
      for (int i = 0; i < 32; i++) {
        sacc[i] = 0.0f;
      }
      #pragma unroll 8
      for (int kk = 0; kk < 8; kk++) {
        #pragma unroll 4
        for (int jp = 0; jp < 4; jp++) {
          asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(kf[0]), "=r"(kf[1]), "=r"(kf[2]), "=r"(kf[3]) : "r"((unsigned int)__cvta_generic_to_shared(&sK[(((kBase + (jp * 1088)) + (kk * 8)) + kLane)])) : "memory");
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(sacc[((jp * 8) + 0)]), "+f"(sacc[((jp * 8) + 0) + 1]), "+f"(sacc[((jp * 8) + 0) + 2]), "+f"(sacc[((jp * 8) + 0) + 3]) : "r"(qf[(kk * 4)]), "r"(qf[(kk * 4) + 1]), "r"(qf[(kk * 4) + 2]), "r"(qf[(kk * 4) + 3]), "r"(kf[0]), "r"(kf[1]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(sacc[((jp * 8) + 4)]), "+f"(sacc[((jp * 8) + 4) + 1]), "+f"(sacc[((jp * 8) + 4) + 2]), "+f"(sacc[((jp * 8) + 4) + 3]) : "r"(qf[(kk * 4)]), "r"(qf[(kk * 4) + 1]), "r"(qf[(kk * 4) + 2]), "r"(qf[(kk * 4) + 3]), "r"(kf[2]), "r"(kf[3]));
        }
      }
      float x0 = (-INFINITY);
      float x1 = (-INFINITY);
      #pragma unroll 8
      for (int j = 0; j < 8; j++) {
        x0 = fmaxf(x0, fmaxf(sacc[((j * 4) + 0)], sacc[((j * 4) + 1)]));
        x1 = fmaxf(x1, fmaxf(sacc[((j * 4) + 2)], sacc[((j * 4) + 3)]));
      }
      x0 = fmaxf(x0, __shfl_xor_sync(0xffffffffu, x0, 1));
      x0 = fmaxf(x0, __shfl_xor_sync(0xffffffffu, x0, 2));
      const float mn0 = fmaxf(m0, x0);
      const float ms0 = ((mn0 == (-INFINITY)) ? 0.0f : (mn0 * 0.12751743082459868f));
      const float al0 = kf_exp2(((m0 * 0.12751743082459868f) - ms0));
      m0 = mn0;
      l0 = (l0 * al0);
      x1 = fmaxf(x1, __shfl_xor_sync(0xffffffffu, x1, 1));
      x1 = fmaxf(x1, __shfl_xor_sync(0xffffffffu, x1, 2));
      const float mn1 = fmaxf(m1, x1);
      const float ms1 = ((mn1 == (-INFINITY)) ? 0.0f : (mn1 * 0.12751743082459868f));
      const float al1 = kf_exp2(((m1 * 0.12751743082459868f) - ms1));
      m1 = mn1;
      l1 = (l1 * al1);
      #pragma unroll 8
      for (int j = 0; j < 8; j++) {
        const float pe0_0 = kf_exp2(fmaf(sacc[((j * 4) + 0)], 0.12751743082459868f, (0.0f - ms0)));
        sacc[((j * 4) + 0)] = pe0_0;
        l0 = (l0 + pe0_0);
        const float pe0_1 = kf_exp2(fmaf(sacc[((j * 4) + 1)], 0.12751743082459868f, (0.0f - ms0)));
        sacc[((j * 4) + 1)] = pe0_1;
        l0 = (l0 + pe0_1);
        const float pe0_2 = kf_exp2(fmaf(sacc[((j * 4) + 2)], 0.12751743082459868f, (0.0f - ms1)));
        sacc[((j * 4) + 2)] = pe0_2;
        l1 = (l1 + pe0_2);
        const float pe0_3 = kf_exp2(fmaf(sacc[((j * 4) + 3)], 0.12751743082459868f, (0.0f - ms1)));
        sacc[((j * 4) + 3)] = pe0_3;
        l1 = (l1 + pe0_3);
      }
      #pragma unroll 16
      for (int j = 0; j < 16; j++) {
        oacc[((j * 4) + 0)] = (oacc[((j * 4) + 0)] * al0);
        oacc[((j * 4) + 1)] = (oacc[((j * 4) + 1)] * al0);
        oacc[((j * 4) + 2)] = (oacc[((j * 4) + 2)] * al1);
        oacc[((j * 4) + 3)] = (oacc[((j * 4) + 3)] * al1);
      }
      #pragma unroll 4
      for (int kk = 0; kk < 4; kk++) {
        pf[0] = kf_pack_f16x2(sacc[((kk * 8) + 0)], sacc[(((kk * 8) + 0) + 1)]);
        pf[1] = kf_pack_f16x2(sacc[((kk * 8) + 2)], sacc[(((kk * 8) + 2) + 1)]);
        pf[2] = kf_pack_f16x2(sacc[((kk * 8) + 4)], sacc[(((kk * 8) + 4) + 1)]);
        pf[3] = kf_pack_f16x2(sacc[((kk * 8) + 6)], sacc[(((kk * 8) + 6) + 1)]);
        #pragma unroll 8
        for (int np = 0; np < 8; np++) {
          asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(vfr[0]), "=r"(vfr[1]), "=r"(vfr[2]), "=r"(vfr[3]) : "r"((unsigned int)__cvta_generic_to_shared(&sV[(((vBase + (kk * 1088)) + (np * 8)) + vLane)])) : "memory");
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(oacc[((np * 8) + 0)]), "+f"(oacc[((np * 8) + 0) + 1]), "+f"(oacc[((np * 8) + 0) + 2]), "+f"(oacc[((np * 8) + 0) + 3]) : "r"(pf[0]), "r"(pf[1]), "r"(pf[2]), "r"(pf[3]), "r"(vfr[0]), "r"(vfr[1]));
          asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};" : "+f"(oacc[((np * 8) + 4)]), "+f"(oacc[((np * 8) + 4) + 1]), "+f"(oacc[((np * 8) + 4) + 2]), "+f"(oacc[((np * 8) + 4) + 3]) : "r"(pf[0]), "r"(pf[1]), "r"(pf[2]), "r"(pf[3]), "r"(vfr[2]), "r"(vfr[3]));
        }
      }
    }
    __syncthreads();
  }
  l0 = (l0 + __shfl_xor_sync(0xffffffffu, l0, 1));
  l0 = (l0 + __shfl_xor_sync(0xffffffffu, l0, 2));
  const float inv0 = (1.0f / l0);
  const int o0 = ((qHead0 + (((row0 % 4) * Sq_) + (row0 / 4))) * 128);
  l1 = (l1 + __shfl_xor_sync(0xffffffffu, l1, 1));
  l1 = (l1 + __shfl_xor_sync(0xffffffffu, l1, 2));
  const float inv1 = (1.0f / l1);
  const int o1 = ((qHead0 + (((row1 % 4) * Sq_) + (row1 / 4))) * 128);
  #pragma unroll 16
  for (int j = 0; j < 16; j++) {
    if (ok0) {
      o[(o0 + (((j * 8) + (t4 * 2)) + 0))] = (oacc[((j * 4) + 0)] * inv0);
      o[(o0 + (((j * 8) + (t4 * 2)) + 1))] = (oacc[((j * 4) + 1)] * inv0);
    }
    if (ok1) {
      o[(o1 + (((j * 8) + (t4 * 2)) + 0))] = (oacc[((j * 4) + 2)] * inv1);
      o[(o1 + (((j * 8) + (t4 * 2)) + 1))] = (oacc[((j * 4) + 3)] * inv1);
    }
  }
}
