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

kernel void moe_logits(device const float* x [[buffer(0)]], device const float* router [[buffer(1)]], device float* moe_scores [[buffer(2)]], constant int& T [[buffer(3)]], uint3 kf_tid [[thread_position_in_threadgroup]], uint3 kf_gid [[threadgroup_position_in_grid]], uint3 kf_groups [[threadgroups_per_grid]], uint3 kf_group_size [[threads_per_threadgroup]], uint3 kf_global [[thread_position_in_grid]], uint kf_sg_lane [[thread_index_in_simdgroup]], uint kf_sg_size [[threads_per_simdgroup]]) {
  // router logits: 2 experts x 4 tokens per workgroup, 64 threads, 16-byte loads
  const int tid = (int)kf_tid.x;
  const int e0 = ((int)kf_gid.x * 2);
  const int t0 = ((int)kf_gid.y * 4);
  const int row_0 = min((e0 + 0), 7);
  const int row_1 = min((e0 + 1), 7);
  const int tok_0 = min((t0 + 0), (T - 1));
  const int tok_1 = min((t0 + 1), (T - 1));
  const int tok_2 = min((t0 + 2), (T - 1));
  const int tok_3 = min((t0 + 3), (T - 1));
  float acc_0_0 = 0.0f;
  float acc_1_0 = 0.0f;
  float acc_0_1 = 0.0f;
  float acc_1_1 = 0.0f;
  float acc_0_2 = 0.0f;
  float acc_1_2 = 0.0f;
  float acc_0_3 = 0.0f;
  float acc_1_3 = 0.0f;
  const int chunks = (256 / 4);
  for (int chunk = tid; chunk < chunks; chunk += 64) {
    const float4 wr0_t0 = (*(device const float4*)(&router[((row_0 * 256) + (chunk * 4))]));
    const float4 wr1_t0 = (*(device const float4*)(&router[((row_1 * 256) + (chunk * 4))]));
    const float4 xt0_0_0_0 = (*(device const float4*)(&x[((tok_0 * 256) + (chunk * 4))]));
    acc_0_0 = fma(wr0_t0.w, xt0_0_0_0.w, fma(wr0_t0.z, xt0_0_0_0.z, fma(wr0_t0.y, xt0_0_0_0.y, fma(wr0_t0.x, xt0_0_0_0.x, acc_0_0))));
    acc_1_0 = fma(wr1_t0.w, xt0_0_0_0.w, fma(wr1_t0.z, xt0_0_0_0.z, fma(wr1_t0.y, xt0_0_0_0.y, fma(wr1_t0.x, xt0_0_0_0.x, acc_1_0))));
    const float4 xt0_1_0_0 = (*(device const float4*)(&x[((tok_1 * 256) + (chunk * 4))]));
    acc_0_1 = fma(wr0_t0.w, xt0_1_0_0.w, fma(wr0_t0.z, xt0_1_0_0.z, fma(wr0_t0.y, xt0_1_0_0.y, fma(wr0_t0.x, xt0_1_0_0.x, acc_0_1))));
    acc_1_1 = fma(wr1_t0.w, xt0_1_0_0.w, fma(wr1_t0.z, xt0_1_0_0.z, fma(wr1_t0.y, xt0_1_0_0.y, fma(wr1_t0.x, xt0_1_0_0.x, acc_1_1))));
    const float4 xt0_2_0_0 = (*(device const float4*)(&x[((tok_2 * 256) + (chunk * 4))]));
    acc_0_2 = fma(wr0_t0.w, xt0_2_0_0.w, fma(wr0_t0.z, xt0_2_0_0.z, fma(wr0_t0.y, xt0_2_0_0.y, fma(wr0_t0.x, xt0_2_0_0.x, acc_0_2))));
    acc_1_2 = fma(wr1_t0.w, xt0_2_0_0.w, fma(wr1_t0.z, xt0_2_0_0.z, fma(wr1_t0.y, xt0_2_0_0.y, fma(wr1_t0.x, xt0_2_0_0.x, acc_1_2))));
    const float4 xt0_3_0_0 = (*(device const float4*)(&x[((tok_3 * 256) + (chunk * 4))]));
    acc_0_3 = fma(wr0_t0.w, xt0_3_0_0.w, fma(wr0_t0.z, xt0_3_0_0.z, fma(wr0_t0.y, xt0_3_0_0.y, fma(wr0_t0.x, xt0_3_0_0.x, acc_0_3))));
    acc_1_3 = fma(wr1_t0.w, xt0_3_0_0.w, fma(wr1_t0.z, xt0_3_0_0.z, fma(wr1_t0.y, xt0_3_0_0.y, fma(wr1_t0.x, xt0_3_0_0.x, acc_1_3))));
  }
  const int sg_lane = (int)kf_sg_lane;
  const int sg_index = (tid / 32);
  const bool sg_up16 = ((sg_lane & 16) != 0);
  const float sg_r16_0 = ((sg_up16 ? acc_0_2 : acc_0_0) + simd_shuffle_xor((sg_up16 ? acc_0_0 : acc_0_2), (ushort)(16)));
  const float sg_r16_1 = ((sg_up16 ? acc_1_2 : acc_1_0) + simd_shuffle_xor((sg_up16 ? acc_1_0 : acc_1_2), (ushort)(16)));
  const float sg_r16_2 = ((sg_up16 ? acc_0_3 : acc_0_1) + simd_shuffle_xor((sg_up16 ? acc_0_1 : acc_0_3), (ushort)(16)));
  const float sg_r16_3 = ((sg_up16 ? acc_1_3 : acc_1_1) + simd_shuffle_xor((sg_up16 ? acc_1_1 : acc_1_3), (ushort)(16)));
  const bool sg_up8 = ((sg_lane & 8) != 0);
  const float sg_r8_0 = ((sg_up8 ? sg_r16_2 : sg_r16_0) + simd_shuffle_xor((sg_up8 ? sg_r16_0 : sg_r16_2), (ushort)(8)));
  const float sg_r8_1 = ((sg_up8 ? sg_r16_3 : sg_r16_1) + simd_shuffle_xor((sg_up8 ? sg_r16_1 : sg_r16_3), (ushort)(8)));
  const bool sg_up4 = ((sg_lane & 4) != 0);
  const float sg_r4_0 = ((sg_up4 ? sg_r8_1 : sg_r8_0) + simd_shuffle_xor((sg_up4 ? sg_r8_0 : sg_r8_1), (ushort)(4)));
  float sg_total = sg_r4_0;
  sg_total = (sg_total + simd_shuffle_xor(sg_total, (ushort)(2)));
  sg_total = (sg_total + simd_shuffle_xor(sg_total, (ushort)(1)));
  threadgroup float red[16];
  if ((sg_lane & 3) == 0) {
    red[((((sg_lane >> 2) & 7) * 2) + sg_index)] = sg_total;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (int o = tid; o < 8; o += 64) {
    float total = 0.0f;
    for (int sg = 0; sg < 2; sg++) {
      total = (total + red[((o * 2) + sg)]);
    }
    const int e = (e0 + (o % 2));
    const int t = (t0 + (o / 2));
    if ((e < 8) && (t < T)) {
      moe_scores[((t * 8) + e)] = total;
    }
  }
}

kernel void moe_route(device const float* moe_scores [[buffer(0)]], device int* moe_ids [[buffer(1)]], device float* moe_w [[buffer(2)]], constant int& T [[buffer(3)]], uint3 kf_tid [[thread_position_in_threadgroup]], uint3 kf_gid [[threadgroup_position_in_grid]], uint3 kf_groups [[threadgroups_per_grid]], uint3 kf_group_size [[threads_per_threadgroup]], uint3 kf_global [[thread_position_in_grid]], uint kf_sg_lane [[thread_index_in_simdgroup]], uint kf_sg_size [[threads_per_simdgroup]]) {
  // top-2 of 8 router logits per token (rank: larger logits, or equal ones at a lower index, first)
  threadgroup float lg[8];
  threadgroup float pe[8];
  threadgroup int rk[8];
  const int tid = (int)kf_tid.x;
  const int t_raw = ((int)kf_gid.x + ((int)kf_gid.y * (int)kf_groups.x));
  const int t = min(t_raw, (T - 1));
  for (int e = tid; e < 8; e += 32) {
    lg[e] = moe_scores[((t * 8) + e)];
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (int e = tid; e < 8; e += 32) {
    const float l = lg[e];
    float mx = lg[0];
    int rank = 0;
    for (int e2 = 0; e2 < 8; e2++) {
      const float l2 = lg[e2];
      mx = fmax(mx, l2);
      rank = (rank + (((l2 > l) || ((l2 == l) && (e2 < e))) ? 1 : 0));
    }
    pe[e] = exp((l - mx));
    rk[e] = rank;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (int e = tid; e < 8; e += 32) {
    const int r = rk[e];
    if ((r < 2) && (t_raw < T)) {
      float den = 0.0f;
      for (int e2 = 0; e2 < 8; e2++) {
        den = (den + pe[e2]);
      }
      moe_ids[((t * 2) + r)] = e;
      moe_w[((t * 2) + r)] = (pe[e] / den);
    }
  }
}

kernel void moe_group(device const int* moe_ids [[buffer(0)]], device int* moe_meta [[buffer(1)]], constant int& T [[buffer(2)]], uint3 kf_tid [[thread_position_in_threadgroup]], uint3 kf_gid [[threadgroup_position_in_grid]], uint3 kf_groups [[threadgroups_per_grid]], uint3 kf_group_size [[threads_per_threadgroup]], uint3 kf_global [[thread_position_in_grid]], uint kf_sg_lane [[thread_index_in_simdgroup]], uint kf_sg_size [[threads_per_simdgroup]]) {
  // group the T x 2 routed pairs by expert (8 experts): counts, offsets, active list, permutation
  threadgroup int cnt[8];
  const int tid = (int)kf_tid.x;
  const int P = (T * 2);
  for (int e = tid; e < 8; e += 32) {
    int n = 0;
    for (int p = 0; p < P; p++) {
      n = (n + ((moe_ids[p] == e) ? 1 : 0));
    }
    cnt[e] = n;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  int n_active = 0;
  for (int e2 = 0; e2 < 8; e2++) {
    n_active = (n_active + ((cnt[e2] > 0) ? 1 : 0));
  }
  if (tid == 0) {
    moe_meta[0] = n_active;
  }
  for (int e = tid; e < 8; e += 32) {
    int off = 0;
    int before = 0;
    for (int e2 = 0; e2 < e; e2++) {
      const int n2 = cnt[e2];
      off = (off + n2);
      before = (before + ((n2 > 0) ? 1 : 0));
    }
    const int n = cnt[e];
    moe_meta[(e + 9)] = off;
    moe_meta[(e + 17)] = n;
    if (n > 0) {
      moe_meta[(before + 1)] = e;
    }
    if (e >= n_active) {
      moe_meta[(e + 1)] = 0;
    }
    int j = off;
    for (int p = 0; p < P; p++) {
      if (moe_ids[p] == e) {
        moe_meta[(j + 25)] = p;
        moe_meta[((p + 25) + P)] = j;
        j = (j + 1);
      }
    }
  }
  for (int p = tid; p < P; p += 32) {
    const int bad = moe_ids[p];
    if ((bad < 0) || (bad >= 8)) {
      moe_meta[((p + 25) + P)] = (-1);
    }
  }
}

kernel void moe_gate_up(device const float* x [[buffer(0)]], device const uint* w_gate [[buffer(1)]], device const uint* w_up [[buffer(2)]], device const int* moe_meta [[buffer(3)]], device float* moe_hidden [[buffer(4)]], constant int& T [[buffer(5)]], uint3 kf_tid [[thread_position_in_threadgroup]], uint3 kf_gid [[threadgroup_position_in_grid]], uint3 kf_groups [[threadgroups_per_grid]], uint3 kf_group_size [[threads_per_threadgroup]], uint3 kf_global [[thread_position_in_grid]], uint kf_sg_lane [[thread_index_in_simdgroup]], uint kf_sg_size [[threads_per_simdgroup]]) {
  // moe gate_up q4_0: 2 rows of gate and up per workgroup, 2 tokens per pass, 32 threads, 16-byte loads, unroll 1
  threadgroup float red[8];
  const int tid = (int)kf_tid.x;
  const int slot = (int)kf_gid.y;
  const int n0 = ((int)kf_gid.x * 2);
  const int n_active = moe_meta[0];
  const int e = max(min(moe_meta[(min(slot, 7) + 1)], 7), 0);
  const int off = moe_meta[(e + 9)];
  const int cnt = ((slot < n_active) ? moe_meta[(e + 17)] : 0);
  const int nr_0 = min((n0 + 0), 127);
  const int nr_1 = min((n0 + 1), 127);
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
    const int xr_0 = ((moe_meta[(j_0 + 25)] / 2) * 256);
    const int xr_1 = ((moe_meta[(j_1 + 25)] / 2) * 256);
    const int chunks = ((256 / 32) * 1);
    for (int chunk = tid; chunk < chunks; chunk += 32) {
      const int wg0_t0_b = chunk;
      const int wg0_t0_o = (((((e * 128) + nr_0) * (256 / 32)) + wg0_t0_b) * 18);
      const int wg0_t0_w0 = (wg0_t0_o >> 2);
      const uint wg0_t0_s = ((uint)((wg0_t0_o & 2) * 8));
      const uint wg0_t0_r0 = w_gate[wg0_t0_w0];
      const uint wg0_t0_r1 = w_gate[(wg0_t0_w0 + 1)];
      const uint wg0_t0_r2 = w_gate[(wg0_t0_w0 + 2)];
      const uint wg0_t0_r3 = w_gate[(wg0_t0_w0 + 3)];
      const uint wg0_t0_r4 = w_gate[(wg0_t0_w0 + 4)];
      const uint wg0_t00 = kf_funnel_shr(wg0_t0_r0, wg0_t0_r1, (wg0_t0_s + 16u));
      const uint wg0_t01 = kf_funnel_shr(wg0_t0_r1, wg0_t0_r2, (wg0_t0_s + 16u));
      const uint wg0_t02 = kf_funnel_shr(wg0_t0_r2, wg0_t0_r3, (wg0_t0_s + 16u));
      const uint wg0_t03 = kf_funnel_shr(wg0_t0_r3, wg0_t0_r4, (wg0_t0_s + 16u));
      const float wg0_t0_d = kf_f16_to_f32((wg0_t0_r0 >> wg0_t0_s));
      const int wg1_t0_b = chunk;
      const int wg1_t0_o = (((((e * 128) + nr_1) * (256 / 32)) + wg1_t0_b) * 18);
      const int wg1_t0_w0 = (wg1_t0_o >> 2);
      const uint wg1_t0_s = ((uint)((wg1_t0_o & 2) * 8));
      const uint wg1_t0_r0 = w_gate[wg1_t0_w0];
      const uint wg1_t0_r1 = w_gate[(wg1_t0_w0 + 1)];
      const uint wg1_t0_r2 = w_gate[(wg1_t0_w0 + 2)];
      const uint wg1_t0_r3 = w_gate[(wg1_t0_w0 + 3)];
      const uint wg1_t0_r4 = w_gate[(wg1_t0_w0 + 4)];
      const uint wg1_t00 = kf_funnel_shr(wg1_t0_r0, wg1_t0_r1, (wg1_t0_s + 16u));
      const uint wg1_t01 = kf_funnel_shr(wg1_t0_r1, wg1_t0_r2, (wg1_t0_s + 16u));
      const uint wg1_t02 = kf_funnel_shr(wg1_t0_r2, wg1_t0_r3, (wg1_t0_s + 16u));
      const uint wg1_t03 = kf_funnel_shr(wg1_t0_r3, wg1_t0_r4, (wg1_t0_s + 16u));
      const float wg1_t0_d = kf_f16_to_f32((wg1_t0_r0 >> wg1_t0_s));
      const int wu0_t0_b = chunk;
      const int wu0_t0_o = (((((e * 128) + nr_0) * (256 / 32)) + wu0_t0_b) * 18);
      const int wu0_t0_w0 = (wu0_t0_o >> 2);
      const uint wu0_t0_s = ((uint)((wu0_t0_o & 2) * 8));
      const uint wu0_t0_r0 = w_up[wu0_t0_w0];
      const uint wu0_t0_r1 = w_up[(wu0_t0_w0 + 1)];
      const uint wu0_t0_r2 = w_up[(wu0_t0_w0 + 2)];
      const uint wu0_t0_r3 = w_up[(wu0_t0_w0 + 3)];
      const uint wu0_t0_r4 = w_up[(wu0_t0_w0 + 4)];
      const uint wu0_t00 = kf_funnel_shr(wu0_t0_r0, wu0_t0_r1, (wu0_t0_s + 16u));
      const uint wu0_t01 = kf_funnel_shr(wu0_t0_r1, wu0_t0_r2, (wu0_t0_s + 16u));
      const uint wu0_t02 = kf_funnel_shr(wu0_t0_r2, wu0_t0_r3, (wu0_t0_s + 16u));
      const uint wu0_t03 = kf_funnel_shr(wu0_t0_r3, wu0_t0_r4, (wu0_t0_s + 16u));
      const float wu0_t0_d = kf_f16_to_f32((wu0_t0_r0 >> wu0_t0_s));
      const int wu1_t0_b = chunk;
      const int wu1_t0_o = (((((e * 128) + nr_1) * (256 / 32)) + wu1_t0_b) * 18);
      const int wu1_t0_w0 = (wu1_t0_o >> 2);
      const uint wu1_t0_s = ((uint)((wu1_t0_o & 2) * 8));
      const uint wu1_t0_r0 = w_up[wu1_t0_w0];
      const uint wu1_t0_r1 = w_up[(wu1_t0_w0 + 1)];
      const uint wu1_t0_r2 = w_up[(wu1_t0_w0 + 2)];
      const uint wu1_t0_r3 = w_up[(wu1_t0_w0 + 3)];
      const uint wu1_t0_r4 = w_up[(wu1_t0_w0 + 4)];
      const uint wu1_t00 = kf_funnel_shr(wu1_t0_r0, wu1_t0_r1, (wu1_t0_s + 16u));
      const uint wu1_t01 = kf_funnel_shr(wu1_t0_r1, wu1_t0_r2, (wu1_t0_s + 16u));
      const uint wu1_t02 = kf_funnel_shr(wu1_t0_r2, wu1_t0_r3, (wu1_t0_s + 16u));
      const uint wu1_t03 = kf_funnel_shr(wu1_t0_r3, wu1_t0_r4, (wu1_t0_s + 16u));
      const float wu1_t0_d = kf_f16_to_f32((wu1_t0_r0 >> wu1_t0_s));
      const float4 xt0_0_0_0 = (*(device const float4*)(&x[(xr_0 + (chunk * 32))]));
      const float4 xt0_0_0_4 = (*(device const float4*)(&x[((xr_0 + (chunk * 32)) + 4)]));
      const float4 xt0_0_0_8 = (*(device const float4*)(&x[((xr_0 + (chunk * 32)) + 8)]));
      const float4 xt0_0_0_12 = (*(device const float4*)(&x[((xr_0 + (chunk * 32)) + 12)]));
      const float4 xt0_0_1_0 = (*(device const float4*)(&x[(xr_0 + ((chunk * 32) + 16))]));
      const float4 xt0_0_1_4 = (*(device const float4*)(&x[((xr_0 + ((chunk * 32) + 16)) + 4)]));
      const float4 xt0_0_1_8 = (*(device const float4*)(&x[((xr_0 + ((chunk * 32) + 16)) + 8)]));
      const float4 xt0_0_1_12 = (*(device const float4*)(&x[((xr_0 + ((chunk * 32) + 16)) + 12)]));
      ag_0_0 = fma(wg0_t0_d, fma((fma((as_type<float>(((wg0_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.y, fma((as_type<float>(((wg0_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.y, fma((as_type<float>(((wg0_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.y, ((as_type<float>(((wg0_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.y)))) + fma((as_type<float>((((wg0_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.w, fma((as_type<float>((((wg0_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.w, fma((as_type<float>((((wg0_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.w, ((as_type<float>((((wg0_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wg0_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.y, fma((as_type<float>(((wg0_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.y, fma((as_type<float>(((wg0_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.y, ((as_type<float>(((wg0_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.y)))) + fma((as_type<float>((((wg0_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.w, fma((as_type<float>((((wg0_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.w, fma((as_type<float>((((wg0_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.w, ((as_type<float>((((wg0_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wg0_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.x, fma((as_type<float>(((wg0_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.x, fma((as_type<float>(((wg0_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.x, ((as_type<float>(((wg0_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.x)))) + fma((as_type<float>((((wg0_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.z, fma((as_type<float>((((wg0_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.z, fma((as_type<float>((((wg0_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.z, ((as_type<float>((((wg0_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.z))))), 0.0625f, (fma((as_type<float>(((wg0_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.x, fma((as_type<float>(((wg0_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.x, fma((as_type<float>(((wg0_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.x, ((as_type<float>(((wg0_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.x)))) + fma((as_type<float>((((wg0_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.z, fma((as_type<float>((((wg0_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.z, fma((as_type<float>((((wg0_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.z, ((as_type<float>((((wg0_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.z)))))))), ag_0_0);
      ag_1_0 = fma(wg1_t0_d, fma((fma((as_type<float>(((wg1_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.y, fma((as_type<float>(((wg1_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.y, fma((as_type<float>(((wg1_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.y, ((as_type<float>(((wg1_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.y)))) + fma((as_type<float>((((wg1_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.w, fma((as_type<float>((((wg1_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.w, fma((as_type<float>((((wg1_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.w, ((as_type<float>((((wg1_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wg1_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.y, fma((as_type<float>(((wg1_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.y, fma((as_type<float>(((wg1_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.y, ((as_type<float>(((wg1_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.y)))) + fma((as_type<float>((((wg1_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.w, fma((as_type<float>((((wg1_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.w, fma((as_type<float>((((wg1_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.w, ((as_type<float>((((wg1_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wg1_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.x, fma((as_type<float>(((wg1_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.x, fma((as_type<float>(((wg1_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.x, ((as_type<float>(((wg1_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.x)))) + fma((as_type<float>((((wg1_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.z, fma((as_type<float>((((wg1_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.z, fma((as_type<float>((((wg1_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.z, ((as_type<float>((((wg1_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.z))))), 0.0625f, (fma((as_type<float>(((wg1_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.x, fma((as_type<float>(((wg1_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.x, fma((as_type<float>(((wg1_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.x, ((as_type<float>(((wg1_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.x)))) + fma((as_type<float>((((wg1_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.z, fma((as_type<float>((((wg1_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.z, fma((as_type<float>((((wg1_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.z, ((as_type<float>((((wg1_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.z)))))))), ag_1_0);
      au_0_0 = fma(wu0_t0_d, fma((fma((as_type<float>(((wu0_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.y, fma((as_type<float>(((wu0_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.y, fma((as_type<float>(((wu0_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.y, ((as_type<float>(((wu0_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.y)))) + fma((as_type<float>((((wu0_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.w, fma((as_type<float>((((wu0_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.w, fma((as_type<float>((((wu0_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.w, ((as_type<float>((((wu0_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wu0_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.y, fma((as_type<float>(((wu0_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.y, fma((as_type<float>(((wu0_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.y, ((as_type<float>(((wu0_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.y)))) + fma((as_type<float>((((wu0_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.w, fma((as_type<float>((((wu0_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.w, fma((as_type<float>((((wu0_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.w, ((as_type<float>((((wu0_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wu0_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.x, fma((as_type<float>(((wu0_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.x, fma((as_type<float>(((wu0_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.x, ((as_type<float>(((wu0_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.x)))) + fma((as_type<float>((((wu0_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.z, fma((as_type<float>((((wu0_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.z, fma((as_type<float>((((wu0_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.z, ((as_type<float>((((wu0_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.z))))), 0.0625f, (fma((as_type<float>(((wu0_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.x, fma((as_type<float>(((wu0_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.x, fma((as_type<float>(((wu0_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.x, ((as_type<float>(((wu0_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.x)))) + fma((as_type<float>((((wu0_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.z, fma((as_type<float>((((wu0_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.z, fma((as_type<float>((((wu0_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.z, ((as_type<float>((((wu0_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.z)))))))), au_0_0);
      au_1_0 = fma(wu1_t0_d, fma((fma((as_type<float>(((wu1_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.y, fma((as_type<float>(((wu1_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.y, fma((as_type<float>(((wu1_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.y, ((as_type<float>(((wu1_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.y)))) + fma((as_type<float>((((wu1_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.w, fma((as_type<float>((((wu1_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.w, fma((as_type<float>((((wu1_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.w, ((as_type<float>((((wu1_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wu1_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.y, fma((as_type<float>(((wu1_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.y, fma((as_type<float>(((wu1_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.y, ((as_type<float>(((wu1_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.y)))) + fma((as_type<float>((((wu1_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.w, fma((as_type<float>((((wu1_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.w, fma((as_type<float>((((wu1_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.w, ((as_type<float>((((wu1_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wu1_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.x, fma((as_type<float>(((wu1_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.x, fma((as_type<float>(((wu1_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.x, ((as_type<float>(((wu1_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.x)))) + fma((as_type<float>((((wu1_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.z, fma((as_type<float>((((wu1_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.z, fma((as_type<float>((((wu1_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.z, ((as_type<float>((((wu1_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.z))))), 0.0625f, (fma((as_type<float>(((wu1_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.x, fma((as_type<float>(((wu1_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.x, fma((as_type<float>(((wu1_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.x, ((as_type<float>(((wu1_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.x)))) + fma((as_type<float>((((wu1_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.z, fma((as_type<float>((((wu1_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.z, fma((as_type<float>((((wu1_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.z, ((as_type<float>((((wu1_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.z)))))))), au_1_0);
      const float4 xt0_1_0_0 = (*(device const float4*)(&x[(xr_1 + (chunk * 32))]));
      const float4 xt0_1_0_4 = (*(device const float4*)(&x[((xr_1 + (chunk * 32)) + 4)]));
      const float4 xt0_1_0_8 = (*(device const float4*)(&x[((xr_1 + (chunk * 32)) + 8)]));
      const float4 xt0_1_0_12 = (*(device const float4*)(&x[((xr_1 + (chunk * 32)) + 12)]));
      const float4 xt0_1_1_0 = (*(device const float4*)(&x[(xr_1 + ((chunk * 32) + 16))]));
      const float4 xt0_1_1_4 = (*(device const float4*)(&x[((xr_1 + ((chunk * 32) + 16)) + 4)]));
      const float4 xt0_1_1_8 = (*(device const float4*)(&x[((xr_1 + ((chunk * 32) + 16)) + 8)]));
      const float4 xt0_1_1_12 = (*(device const float4*)(&x[((xr_1 + ((chunk * 32) + 16)) + 12)]));
      ag_0_1 = fma(wg0_t0_d, fma((fma((as_type<float>(((wg0_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.y, fma((as_type<float>(((wg0_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.y, fma((as_type<float>(((wg0_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.y, ((as_type<float>(((wg0_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.y)))) + fma((as_type<float>((((wg0_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.w, fma((as_type<float>((((wg0_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.w, fma((as_type<float>((((wg0_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.w, ((as_type<float>((((wg0_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wg0_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.y, fma((as_type<float>(((wg0_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.y, fma((as_type<float>(((wg0_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.y, ((as_type<float>(((wg0_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.y)))) + fma((as_type<float>((((wg0_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.w, fma((as_type<float>((((wg0_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.w, fma((as_type<float>((((wg0_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.w, ((as_type<float>((((wg0_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wg0_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.x, fma((as_type<float>(((wg0_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.x, fma((as_type<float>(((wg0_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.x, ((as_type<float>(((wg0_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.x)))) + fma((as_type<float>((((wg0_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.z, fma((as_type<float>((((wg0_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.z, fma((as_type<float>((((wg0_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.z, ((as_type<float>((((wg0_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.z))))), 0.0625f, (fma((as_type<float>(((wg0_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.x, fma((as_type<float>(((wg0_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.x, fma((as_type<float>(((wg0_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.x, ((as_type<float>(((wg0_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.x)))) + fma((as_type<float>((((wg0_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.z, fma((as_type<float>((((wg0_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.z, fma((as_type<float>((((wg0_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.z, ((as_type<float>((((wg0_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.z)))))))), ag_0_1);
      ag_1_1 = fma(wg1_t0_d, fma((fma((as_type<float>(((wg1_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.y, fma((as_type<float>(((wg1_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.y, fma((as_type<float>(((wg1_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.y, ((as_type<float>(((wg1_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.y)))) + fma((as_type<float>((((wg1_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.w, fma((as_type<float>((((wg1_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.w, fma((as_type<float>((((wg1_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.w, ((as_type<float>((((wg1_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wg1_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.y, fma((as_type<float>(((wg1_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.y, fma((as_type<float>(((wg1_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.y, ((as_type<float>(((wg1_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.y)))) + fma((as_type<float>((((wg1_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.w, fma((as_type<float>((((wg1_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.w, fma((as_type<float>((((wg1_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.w, ((as_type<float>((((wg1_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wg1_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.x, fma((as_type<float>(((wg1_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.x, fma((as_type<float>(((wg1_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.x, ((as_type<float>(((wg1_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.x)))) + fma((as_type<float>((((wg1_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.z, fma((as_type<float>((((wg1_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.z, fma((as_type<float>((((wg1_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.z, ((as_type<float>((((wg1_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.z))))), 0.0625f, (fma((as_type<float>(((wg1_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.x, fma((as_type<float>(((wg1_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.x, fma((as_type<float>(((wg1_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.x, ((as_type<float>(((wg1_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.x)))) + fma((as_type<float>((((wg1_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.z, fma((as_type<float>((((wg1_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.z, fma((as_type<float>((((wg1_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.z, ((as_type<float>((((wg1_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.z)))))))), ag_1_1);
      au_0_1 = fma(wu0_t0_d, fma((fma((as_type<float>(((wu0_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.y, fma((as_type<float>(((wu0_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.y, fma((as_type<float>(((wu0_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.y, ((as_type<float>(((wu0_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.y)))) + fma((as_type<float>((((wu0_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.w, fma((as_type<float>((((wu0_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.w, fma((as_type<float>((((wu0_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.w, ((as_type<float>((((wu0_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wu0_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.y, fma((as_type<float>(((wu0_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.y, fma((as_type<float>(((wu0_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.y, ((as_type<float>(((wu0_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.y)))) + fma((as_type<float>((((wu0_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.w, fma((as_type<float>((((wu0_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.w, fma((as_type<float>((((wu0_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.w, ((as_type<float>((((wu0_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wu0_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.x, fma((as_type<float>(((wu0_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.x, fma((as_type<float>(((wu0_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.x, ((as_type<float>(((wu0_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.x)))) + fma((as_type<float>((((wu0_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.z, fma((as_type<float>((((wu0_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.z, fma((as_type<float>((((wu0_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.z, ((as_type<float>((((wu0_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.z))))), 0.0625f, (fma((as_type<float>(((wu0_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.x, fma((as_type<float>(((wu0_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.x, fma((as_type<float>(((wu0_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.x, ((as_type<float>(((wu0_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.x)))) + fma((as_type<float>((((wu0_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.z, fma((as_type<float>((((wu0_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.z, fma((as_type<float>((((wu0_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.z, ((as_type<float>((((wu0_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.z)))))))), au_0_1);
      au_1_1 = fma(wu1_t0_d, fma((fma((as_type<float>(((wu1_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.y, fma((as_type<float>(((wu1_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.y, fma((as_type<float>(((wu1_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.y, ((as_type<float>(((wu1_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.y)))) + fma((as_type<float>((((wu1_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.w, fma((as_type<float>((((wu1_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.w, fma((as_type<float>((((wu1_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.w, ((as_type<float>((((wu1_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wu1_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.y, fma((as_type<float>(((wu1_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.y, fma((as_type<float>(((wu1_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.y, ((as_type<float>(((wu1_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.y)))) + fma((as_type<float>((((wu1_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.w, fma((as_type<float>((((wu1_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.w, fma((as_type<float>((((wu1_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.w, ((as_type<float>((((wu1_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wu1_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.x, fma((as_type<float>(((wu1_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.x, fma((as_type<float>(((wu1_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.x, ((as_type<float>(((wu1_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.x)))) + fma((as_type<float>((((wu1_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.z, fma((as_type<float>((((wu1_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.z, fma((as_type<float>((((wu1_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.z, ((as_type<float>((((wu1_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.z))))), 0.0625f, (fma((as_type<float>(((wu1_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.x, fma((as_type<float>(((wu1_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.x, fma((as_type<float>(((wu1_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.x, ((as_type<float>(((wu1_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.x)))) + fma((as_type<float>((((wu1_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.z, fma((as_type<float>((((wu1_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.z, fma((as_type<float>((((wu1_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.z, ((as_type<float>((((wu1_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.z)))))))), au_1_1);
    }
    const int sg_lane = (int)kf_sg_lane;
    const int sg_index = (tid / 32);
    const bool sg_up16 = ((sg_lane & 16) != 0);
    const float sg_r16_0 = ((sg_up16 ? ag_0_1 : ag_0_0) + simd_shuffle_xor((sg_up16 ? ag_0_0 : ag_0_1), (ushort)(16)));
    const float sg_r16_1 = ((sg_up16 ? ag_1_1 : ag_1_0) + simd_shuffle_xor((sg_up16 ? ag_1_0 : ag_1_1), (ushort)(16)));
    const float sg_r16_2 = ((sg_up16 ? au_0_1 : au_0_0) + simd_shuffle_xor((sg_up16 ? au_0_0 : au_0_1), (ushort)(16)));
    const float sg_r16_3 = ((sg_up16 ? au_1_1 : au_1_0) + simd_shuffle_xor((sg_up16 ? au_1_0 : au_1_1), (ushort)(16)));
    const bool sg_up8 = ((sg_lane & 8) != 0);
    const float sg_r8_0 = ((sg_up8 ? sg_r16_2 : sg_r16_0) + simd_shuffle_xor((sg_up8 ? sg_r16_0 : sg_r16_2), (ushort)(8)));
    const float sg_r8_1 = ((sg_up8 ? sg_r16_3 : sg_r16_1) + simd_shuffle_xor((sg_up8 ? sg_r16_1 : sg_r16_3), (ushort)(8)));
    const bool sg_up4 = ((sg_lane & 4) != 0);
    const float sg_r4_0 = ((sg_up4 ? sg_r8_1 : sg_r8_0) + simd_shuffle_xor((sg_up4 ? sg_r8_0 : sg_r8_1), (ushort)(4)));
    float sg_total = sg_r4_0;
    sg_total = (sg_total + simd_shuffle_xor(sg_total, (ushort)(2)));
    sg_total = (sg_total + simd_shuffle_xor(sg_total, (ushort)(1)));
    if ((sg_lane & 3) == 0) {
      red[((((sg_lane >> 2) & 7) * 1) + sg_index)] = sg_total;
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    for (int o = tid; o < 4; o += 32) {
      const int n = (n0 + (o % 2));
      const int m = (o / 2);
      if (((mt + m) < cnt) && (n < 128)) {
        const float tg = red[((m * 4) + (n - n0))];
        const float tu = red[(((m * 4) + (n - n0)) + 2)];
        const float h = ((tg / (1.0f + exp((0.0f - tg)))) * tu);
        moe_hidden[((((m == 1) ? j_1 : j_0) * 128) + n)] = h;
      }
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
}

kernel void moe_down(device const float* moe_hidden [[buffer(0)]], device const uint* w_down [[buffer(1)]], device const int* moe_meta [[buffer(2)]], device const float* moe_w [[buffer(3)]], device float* moe_partial [[buffer(4)]], constant int& T [[buffer(5)]], uint3 kf_tid [[thread_position_in_threadgroup]], uint3 kf_gid [[threadgroup_position_in_grid]], uint3 kf_groups [[threadgroups_per_grid]], uint3 kf_group_size [[threads_per_threadgroup]], uint3 kf_global [[thread_position_in_grid]], uint kf_sg_lane [[thread_index_in_simdgroup]], uint kf_sg_size [[threads_per_simdgroup]]) {
  // moe down q4_0: 2 rows per workgroup, 2 tokens per pass, 32 threads, 16-byte loads, unroll 1
  threadgroup float red[4];
  const int tid = (int)kf_tid.x;
  const int slot = (int)kf_gid.y;
  const int n0 = ((int)kf_gid.x * 2);
  const int n_active = moe_meta[0];
  const int e = max(min(moe_meta[(min(slot, 7) + 1)], 7), 0);
  const int off = moe_meta[(e + 9)];
  const int cnt = ((slot < n_active) ? moe_meta[(e + 17)] : 0);
  const int nr_0 = min((n0 + 0), 255);
  const int nr_1 = min((n0 + 1), 255);
  for (int mt = 0; mt < cnt; mt += 2) {
    const int j_0 = (off + max(min((mt + 0), (cnt - 1)), 0));
    const int j_1 = (off + max(min((mt + 1), (cnt - 1)), 0));
    float ad_0_0 = 0.0f;
    float ad_1_0 = 0.0f;
    float ad_0_1 = 0.0f;
    float ad_1_1 = 0.0f;
    const int chunks = ((128 / 32) * 1);
    for (int chunk = tid; chunk < chunks; chunk += 32) {
      const int wd0_t0_b = chunk;
      const int wd0_t0_o = (((((e * 256) + nr_0) * (128 / 32)) + wd0_t0_b) * 18);
      const int wd0_t0_w0 = (wd0_t0_o >> 2);
      const uint wd0_t0_s = ((uint)((wd0_t0_o & 2) * 8));
      const uint wd0_t0_r0 = w_down[wd0_t0_w0];
      const uint wd0_t0_r1 = w_down[(wd0_t0_w0 + 1)];
      const uint wd0_t0_r2 = w_down[(wd0_t0_w0 + 2)];
      const uint wd0_t0_r3 = w_down[(wd0_t0_w0 + 3)];
      const uint wd0_t0_r4 = w_down[(wd0_t0_w0 + 4)];
      const uint wd0_t00 = kf_funnel_shr(wd0_t0_r0, wd0_t0_r1, (wd0_t0_s + 16u));
      const uint wd0_t01 = kf_funnel_shr(wd0_t0_r1, wd0_t0_r2, (wd0_t0_s + 16u));
      const uint wd0_t02 = kf_funnel_shr(wd0_t0_r2, wd0_t0_r3, (wd0_t0_s + 16u));
      const uint wd0_t03 = kf_funnel_shr(wd0_t0_r3, wd0_t0_r4, (wd0_t0_s + 16u));
      const float wd0_t0_d = kf_f16_to_f32((wd0_t0_r0 >> wd0_t0_s));
      const int wd1_t0_b = chunk;
      const int wd1_t0_o = (((((e * 256) + nr_1) * (128 / 32)) + wd1_t0_b) * 18);
      const int wd1_t0_w0 = (wd1_t0_o >> 2);
      const uint wd1_t0_s = ((uint)((wd1_t0_o & 2) * 8));
      const uint wd1_t0_r0 = w_down[wd1_t0_w0];
      const uint wd1_t0_r1 = w_down[(wd1_t0_w0 + 1)];
      const uint wd1_t0_r2 = w_down[(wd1_t0_w0 + 2)];
      const uint wd1_t0_r3 = w_down[(wd1_t0_w0 + 3)];
      const uint wd1_t0_r4 = w_down[(wd1_t0_w0 + 4)];
      const uint wd1_t00 = kf_funnel_shr(wd1_t0_r0, wd1_t0_r1, (wd1_t0_s + 16u));
      const uint wd1_t01 = kf_funnel_shr(wd1_t0_r1, wd1_t0_r2, (wd1_t0_s + 16u));
      const uint wd1_t02 = kf_funnel_shr(wd1_t0_r2, wd1_t0_r3, (wd1_t0_s + 16u));
      const uint wd1_t03 = kf_funnel_shr(wd1_t0_r3, wd1_t0_r4, (wd1_t0_s + 16u));
      const float wd1_t0_d = kf_f16_to_f32((wd1_t0_r0 >> wd1_t0_s));
      const float4 xt0_0_0_0 = (*(device const float4*)(&moe_hidden[((j_0 * 128) + (chunk * 32))]));
      const float4 xt0_0_0_4 = (*(device const float4*)(&moe_hidden[(((j_0 * 128) + (chunk * 32)) + 4)]));
      const float4 xt0_0_0_8 = (*(device const float4*)(&moe_hidden[(((j_0 * 128) + (chunk * 32)) + 8)]));
      const float4 xt0_0_0_12 = (*(device const float4*)(&moe_hidden[(((j_0 * 128) + (chunk * 32)) + 12)]));
      const float4 xt0_0_1_0 = (*(device const float4*)(&moe_hidden[((j_0 * 128) + ((chunk * 32) + 16))]));
      const float4 xt0_0_1_4 = (*(device const float4*)(&moe_hidden[(((j_0 * 128) + ((chunk * 32) + 16)) + 4)]));
      const float4 xt0_0_1_8 = (*(device const float4*)(&moe_hidden[(((j_0 * 128) + ((chunk * 32) + 16)) + 8)]));
      const float4 xt0_0_1_12 = (*(device const float4*)(&moe_hidden[(((j_0 * 128) + ((chunk * 32) + 16)) + 12)]));
      ad_0_0 = fma(wd0_t0_d, fma((fma((as_type<float>(((wd0_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.y, fma((as_type<float>(((wd0_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.y, fma((as_type<float>(((wd0_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.y, ((as_type<float>(((wd0_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.y)))) + fma((as_type<float>((((wd0_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.w, fma((as_type<float>((((wd0_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.w, fma((as_type<float>((((wd0_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.w, ((as_type<float>((((wd0_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wd0_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.y, fma((as_type<float>(((wd0_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.y, fma((as_type<float>(((wd0_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.y, ((as_type<float>(((wd0_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.y)))) + fma((as_type<float>((((wd0_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.w, fma((as_type<float>((((wd0_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.w, fma((as_type<float>((((wd0_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.w, ((as_type<float>((((wd0_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wd0_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.x, fma((as_type<float>(((wd0_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.x, fma((as_type<float>(((wd0_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.x, ((as_type<float>(((wd0_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.x)))) + fma((as_type<float>((((wd0_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.z, fma((as_type<float>((((wd0_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.z, fma((as_type<float>((((wd0_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.z, ((as_type<float>((((wd0_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.z))))), 0.0625f, (fma((as_type<float>(((wd0_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.x, fma((as_type<float>(((wd0_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.x, fma((as_type<float>(((wd0_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.x, ((as_type<float>(((wd0_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.x)))) + fma((as_type<float>((((wd0_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.z, fma((as_type<float>((((wd0_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.z, fma((as_type<float>((((wd0_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.z, ((as_type<float>((((wd0_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.z)))))))), ad_0_0);
      ad_1_0 = fma(wd1_t0_d, fma((fma((as_type<float>(((wd1_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.y, fma((as_type<float>(((wd1_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.y, fma((as_type<float>(((wd1_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.y, ((as_type<float>(((wd1_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.y)))) + fma((as_type<float>((((wd1_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_12.w, fma((as_type<float>((((wd1_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_8.w, fma((as_type<float>((((wd1_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_0_1_4.w, ((as_type<float>((((wd1_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_0_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wd1_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.y, fma((as_type<float>(((wd1_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.y, fma((as_type<float>(((wd1_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.y, ((as_type<float>(((wd1_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.y)))) + fma((as_type<float>((((wd1_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_12.w, fma((as_type<float>((((wd1_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_8.w, fma((as_type<float>((((wd1_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_0_0_4.w, ((as_type<float>((((wd1_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_0_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wd1_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.x, fma((as_type<float>(((wd1_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.x, fma((as_type<float>(((wd1_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.x, ((as_type<float>(((wd1_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.x)))) + fma((as_type<float>((((wd1_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_12.z, fma((as_type<float>((((wd1_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_8.z, fma((as_type<float>((((wd1_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_0_1_4.z, ((as_type<float>((((wd1_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_0_1_0.z))))), 0.0625f, (fma((as_type<float>(((wd1_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.x, fma((as_type<float>(((wd1_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.x, fma((as_type<float>(((wd1_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.x, ((as_type<float>(((wd1_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.x)))) + fma((as_type<float>((((wd1_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_12.z, fma((as_type<float>((((wd1_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_8.z, fma((as_type<float>((((wd1_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_0_0_4.z, ((as_type<float>((((wd1_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_0_0_0.z)))))))), ad_1_0);
      const float4 xt0_1_0_0 = (*(device const float4*)(&moe_hidden[((j_1 * 128) + (chunk * 32))]));
      const float4 xt0_1_0_4 = (*(device const float4*)(&moe_hidden[(((j_1 * 128) + (chunk * 32)) + 4)]));
      const float4 xt0_1_0_8 = (*(device const float4*)(&moe_hidden[(((j_1 * 128) + (chunk * 32)) + 8)]));
      const float4 xt0_1_0_12 = (*(device const float4*)(&moe_hidden[(((j_1 * 128) + (chunk * 32)) + 12)]));
      const float4 xt0_1_1_0 = (*(device const float4*)(&moe_hidden[((j_1 * 128) + ((chunk * 32) + 16))]));
      const float4 xt0_1_1_4 = (*(device const float4*)(&moe_hidden[(((j_1 * 128) + ((chunk * 32) + 16)) + 4)]));
      const float4 xt0_1_1_8 = (*(device const float4*)(&moe_hidden[(((j_1 * 128) + ((chunk * 32) + 16)) + 8)]));
      const float4 xt0_1_1_12 = (*(device const float4*)(&moe_hidden[(((j_1 * 128) + ((chunk * 32) + 16)) + 12)]));
      ad_0_1 = fma(wd0_t0_d, fma((fma((as_type<float>(((wd0_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.y, fma((as_type<float>(((wd0_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.y, fma((as_type<float>(((wd0_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.y, ((as_type<float>(((wd0_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.y)))) + fma((as_type<float>((((wd0_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.w, fma((as_type<float>((((wd0_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.w, fma((as_type<float>((((wd0_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.w, ((as_type<float>((((wd0_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wd0_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.y, fma((as_type<float>(((wd0_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.y, fma((as_type<float>(((wd0_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.y, ((as_type<float>(((wd0_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.y)))) + fma((as_type<float>((((wd0_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.w, fma((as_type<float>((((wd0_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.w, fma((as_type<float>((((wd0_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.w, ((as_type<float>((((wd0_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wd0_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.x, fma((as_type<float>(((wd0_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.x, fma((as_type<float>(((wd0_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.x, ((as_type<float>(((wd0_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.x)))) + fma((as_type<float>((((wd0_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.z, fma((as_type<float>((((wd0_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.z, fma((as_type<float>((((wd0_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.z, ((as_type<float>((((wd0_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.z))))), 0.0625f, (fma((as_type<float>(((wd0_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.x, fma((as_type<float>(((wd0_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.x, fma((as_type<float>(((wd0_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.x, ((as_type<float>(((wd0_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.x)))) + fma((as_type<float>((((wd0_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.z, fma((as_type<float>((((wd0_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.z, fma((as_type<float>((((wd0_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.z, ((as_type<float>((((wd0_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.z)))))))), ad_0_1);
      ad_1_1 = fma(wd1_t0_d, fma((fma((as_type<float>(((wd1_t03 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.y, fma((as_type<float>(((wd1_t02 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.y, fma((as_type<float>(((wd1_t01 & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.y, ((as_type<float>(((wd1_t00 & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.y)))) + fma((as_type<float>((((wd1_t03 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_12.w, fma((as_type<float>((((wd1_t02 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_8.w, fma((as_type<float>((((wd1_t01 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f), xt0_1_1_4.w, ((as_type<float>((((wd1_t00 >> 16u) & 61440u) ^ 1258291200u)) - 8421376.0f) * xt0_1_1_0.w))))), 0.000244140625f, fma((fma((as_type<float>(((wd1_t03 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.y, fma((as_type<float>(((wd1_t02 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.y, fma((as_type<float>(((wd1_t01 & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.y, ((as_type<float>(((wd1_t00 & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.y)))) + fma((as_type<float>((((wd1_t03 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_12.w, fma((as_type<float>((((wd1_t02 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_8.w, fma((as_type<float>((((wd1_t01 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f), xt0_1_0_4.w, ((as_type<float>((((wd1_t00 >> 16u) & 3840u) ^ 1258291200u)) - 8390656.0f) * xt0_1_0_0.w))))), 0.00390625f, fma((fma((as_type<float>(((wd1_t03 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.x, fma((as_type<float>(((wd1_t02 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.x, fma((as_type<float>(((wd1_t01 & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.x, ((as_type<float>(((wd1_t00 & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.x)))) + fma((as_type<float>((((wd1_t03 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_12.z, fma((as_type<float>((((wd1_t02 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_8.z, fma((as_type<float>((((wd1_t01 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f), xt0_1_1_4.z, ((as_type<float>((((wd1_t00 >> 16u) & 240u) ^ 1258291200u)) - 8388736.0f) * xt0_1_1_0.z))))), 0.0625f, (fma((as_type<float>(((wd1_t03 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.x, fma((as_type<float>(((wd1_t02 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.x, fma((as_type<float>(((wd1_t01 & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.x, ((as_type<float>(((wd1_t00 & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.x)))) + fma((as_type<float>((((wd1_t03 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_12.z, fma((as_type<float>((((wd1_t02 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_8.z, fma((as_type<float>((((wd1_t01 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f), xt0_1_0_4.z, ((as_type<float>((((wd1_t00 >> 16u) & 15u) ^ 1258291200u)) - 8388616.0f) * xt0_1_0_0.z)))))))), ad_1_1);
    }
    const int sg_lane = (int)kf_sg_lane;
    const int sg_index = (tid / 32);
    const bool sg_up16 = ((sg_lane & 16) != 0);
    const float sg_r16_0 = ((sg_up16 ? ad_0_1 : ad_0_0) + simd_shuffle_xor((sg_up16 ? ad_0_0 : ad_0_1), (ushort)(16)));
    const float sg_r16_1 = ((sg_up16 ? ad_1_1 : ad_1_0) + simd_shuffle_xor((sg_up16 ? ad_1_0 : ad_1_1), (ushort)(16)));
    const bool sg_up8 = ((sg_lane & 8) != 0);
    const float sg_r8_0 = ((sg_up8 ? sg_r16_1 : sg_r16_0) + simd_shuffle_xor((sg_up8 ? sg_r16_0 : sg_r16_1), (ushort)(8)));
    float sg_total = sg_r8_0;
    sg_total = (sg_total + simd_shuffle_xor(sg_total, (ushort)(4)));
    sg_total = (sg_total + simd_shuffle_xor(sg_total, (ushort)(2)));
    sg_total = (sg_total + simd_shuffle_xor(sg_total, (ushort)(1)));
    if ((sg_lane & 7) == 0) {
      red[((((sg_lane >> 3) & 3) * 1) + sg_index)] = sg_total;
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    for (int o = tid; o < 4; o += 32) {
      const int n = (n0 + (o % 2));
      const int m = (o / 2);
      if (((mt + m) < cnt) && (n < 256)) {
        const int jw = ((m == 1) ? j_1 : j_0);
        const float total = red[o];
        const float rw = moe_w[moe_meta[(jw + 25)]];
        moe_partial[((jw * 256) + n)] = (total * rw);
      }
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
}

kernel void moe_combine(device const int* moe_meta [[buffer(0)]], device const float* moe_partial [[buffer(1)]], device float* y [[buffer(2)]], constant int& T [[buffer(3)]], uint3 kf_tid [[thread_position_in_threadgroup]], uint3 kf_gid [[threadgroup_position_in_grid]], uint3 kf_groups [[threadgroups_per_grid]], uint3 kf_group_size [[threads_per_threadgroup]], uint3 kf_global [[thread_position_in_grid]], uint kf_sg_lane [[thread_index_in_simdgroup]], uint kf_sg_size [[threads_per_simdgroup]]) {
  // combine: y = the 2 weighted expert outputs of each token, summed in slot order
  const int i = ((((int)kf_gid.x + ((int)kf_gid.y * (int)kf_groups.x)) * 256) + (int)kf_tid.x);
  if (i < (T * 256)) {
    const int t = (i / 256);
    const int h = (i % 256);
    float sum = 0.0f;
    for (int r = 0; r < 2; r++) {
      const int j = moe_meta[((25 + (T * 2)) + ((t * 2) + r))];
      if (j >= 0) {
        sum = (sum + moe_partial[((j * 256) + h)]);
      }
    }
    y[i] = sum;
  }
}
