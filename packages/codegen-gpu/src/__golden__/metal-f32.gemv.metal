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

kernel void gemv(device const float* x [[buffer(0)]], device const float* W [[buffer(1)]], device float* y [[buffer(2)]], constant int& M [[buffer(3)]], constant int& N [[buffer(4)]], constant int& K [[buffer(5)]], uint3 kf_tid [[thread_position_in_threadgroup]], uint3 kf_gid [[threadgroup_position_in_grid]], uint3 kf_groups [[threadgroups_per_grid]], uint3 kf_group_size [[threads_per_threadgroup]], uint3 kf_global [[thread_position_in_grid]], uint kf_sg_lane [[thread_index_in_simdgroup]], uint kf_sg_size [[threads_per_simdgroup]]) {
  // gemv f32 x f32, M=3: 1 rows per workgroup, 64 threads, 16-byte loads, unroll 2, split_k 1
  const int tid = (int)kf_tid.x;
  const int n0 = (((int)kf_gid.x + ((int)kf_gid.y * (int)kf_groups.x)) * 1);
  const int row_0 = min((n0 + 0), (N - 1));
  float acc_0_0 = 0.0f;
  float acc_0_1 = 0.0f;
  float acc_0_2 = 0.0f;
  const int chunks = (K / 4);
  const int first_chunk = tid;
  const int chunks_main = ((chunks / 128) * 128);
  for (int k_step = 0; k_step < chunks_main; k_step += 128) {
    const float4 wu0_0 = (*(device const float4*)(&W[((row_0 * K) + (((k_step + first_chunk) + 0) * 4))]));
    const float4 wu1_0 = (*(device const float4*)(&W[((row_0 * K) + (((k_step + first_chunk) + 64) * 4))]));
    const float4 xu0_0_0_0 = (*(device const float4*)(&x[((K * 0) + (((k_step + first_chunk) + 0) * 4))]));
    acc_0_0 = fma(wu0_0.w, xu0_0_0_0.w, fma(wu0_0.z, xu0_0_0_0.z, fma(wu0_0.y, xu0_0_0_0.y, fma(wu0_0.x, xu0_0_0_0.x, acc_0_0))));
    const float4 xu0_1_0_0 = (*(device const float4*)(&x[((K * 1) + (((k_step + first_chunk) + 0) * 4))]));
    acc_0_1 = fma(wu0_0.w, xu0_1_0_0.w, fma(wu0_0.z, xu0_1_0_0.z, fma(wu0_0.y, xu0_1_0_0.y, fma(wu0_0.x, xu0_1_0_0.x, acc_0_1))));
    const float4 xu0_2_0_0 = (*(device const float4*)(&x[((K * 2) + (((k_step + first_chunk) + 0) * 4))]));
    acc_0_2 = fma(wu0_0.w, xu0_2_0_0.w, fma(wu0_0.z, xu0_2_0_0.z, fma(wu0_0.y, xu0_2_0_0.y, fma(wu0_0.x, xu0_2_0_0.x, acc_0_2))));
    const float4 xu1_0_0_0 = (*(device const float4*)(&x[((K * 0) + (((k_step + first_chunk) + 64) * 4))]));
    acc_0_0 = fma(wu1_0.w, xu1_0_0_0.w, fma(wu1_0.z, xu1_0_0_0.z, fma(wu1_0.y, xu1_0_0_0.y, fma(wu1_0.x, xu1_0_0_0.x, acc_0_0))));
    const float4 xu1_1_0_0 = (*(device const float4*)(&x[((K * 1) + (((k_step + first_chunk) + 64) * 4))]));
    acc_0_1 = fma(wu1_0.w, xu1_1_0_0.w, fma(wu1_0.z, xu1_1_0_0.z, fma(wu1_0.y, xu1_1_0_0.y, fma(wu1_0.x, xu1_1_0_0.x, acc_0_1))));
    const float4 xu1_2_0_0 = (*(device const float4*)(&x[((K * 2) + (((k_step + first_chunk) + 64) * 4))]));
    acc_0_2 = fma(wu1_0.w, xu1_2_0_0.w, fma(wu1_0.z, xu1_2_0_0.z, fma(wu1_0.y, xu1_2_0_0.y, fma(wu1_0.x, xu1_2_0_0.x, acc_0_2))));
  }
  for (int chunk = (chunks_main + first_chunk); chunk < chunks; chunk += 64) {
    const float4 wt0_0 = (*(device const float4*)(&W[((row_0 * K) + (chunk * 4))]));
    const float4 xt0_0_0_0 = (*(device const float4*)(&x[((K * 0) + (chunk * 4))]));
    acc_0_0 = fma(wt0_0.w, xt0_0_0_0.w, fma(wt0_0.z, xt0_0_0_0.z, fma(wt0_0.y, xt0_0_0_0.y, fma(wt0_0.x, xt0_0_0_0.x, acc_0_0))));
    const float4 xt0_1_0_0 = (*(device const float4*)(&x[((K * 1) + (chunk * 4))]));
    acc_0_1 = fma(wt0_0.w, xt0_1_0_0.w, fma(wt0_0.z, xt0_1_0_0.z, fma(wt0_0.y, xt0_1_0_0.y, fma(wt0_0.x, xt0_1_0_0.x, acc_0_1))));
    const float4 xt0_2_0_0 = (*(device const float4*)(&x[((K * 2) + (chunk * 4))]));
    acc_0_2 = fma(wt0_0.w, xt0_2_0_0.w, fma(wt0_0.z, xt0_2_0_0.z, fma(wt0_0.y, xt0_2_0_0.y, fma(wt0_0.x, xt0_2_0_0.x, acc_0_2))));
  }
  threadgroup float red[6];
  const int sg_size = (int)kf_sg_size;
  const int sg_index = (tid / sg_size);
  acc_0_0 = simd_sum(acc_0_0);
  acc_0_1 = simd_sum(acc_0_1);
  acc_0_2 = simd_sum(acc_0_2);
  if ((int)kf_sg_lane == 0) {
    red[(0 + sg_index)] = acc_0_0;
    red[(2 + sg_index)] = acc_0_1;
    red[(4 + sg_index)] = acc_0_2;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (int o = tid; o < 3; o += 64) {
    float total = 0.0f;
    for (int sg = 0; sg < (64 / sg_size); sg++) {
      total = (total + red[((o * 2) + sg)]);
    }
    const int n = (n0 + (o % 1));
    const int m = (o / 1);
    if (n < N) {
      y[((m * N) + n)] = total;
    }
  }
}
