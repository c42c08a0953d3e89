inline float kf_f16_to_f32(uint bits) {
  ushort h = (ushort)(bits & 0xffffu);
  return vload_half(0, (const half*)&h);
}

// c + the dot product of the signed bytes of a and b: the OpenCL 3.0 built-in where the device
// has it (cl_khr_integer_dot_product), else integer math
inline int kf_dot4_i8(uint a, uint b, int c) {
#ifdef __opencl_c_integer_dot_product_input_4x8bit_packed
  return c + dot_4x8packed_ss_int(a, b);
#else
  const char4 va = as_char4(a);
  const char4 vb = as_char4(b);
  return c + va.x * vb.x + va.y * vb.y + va.z * vb.z + va.w * vb.w;
#endif
}

// the larger |x| of each f16 lane of two words (x not NaN: |x| orders like its bits without the sign)
inline uint kf_absmax_f16x2(uint a, uint b) {
  return max(a & 0x7fffu, b & 0x7fffu) | (max((a >> 16) & 0x7fffu, (b >> 16) & 0x7fffu) << 16);
}

// low word of (hi:lo) >> n for 0 <= n <= 32 (CUDA's clamped funnel shift)
inline uint kf_funnel_shr(uint lo, uint hi, uint n) {
  return n == 32u ? hi : n == 0u ? lo : (lo >> n) | (hi << (32u - n));
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void moe_logits(__global const float* restrict x, __global const float* restrict router, __global float* restrict moe_scores, int T) {
  // router logits: 2 experts x 4 tokens per workgroup, 64 threads, 16-byte loads
  const int tid = (int)get_local_id(0);
  const int e0 = ((int)get_group_id(0) * 2);
  const int t0 = ((int)get_group_id(1) * 4);
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
    const float4 wr0_t0 = vload4(0, &router[((row_0 * 256) + (chunk * 4))]);
    const float4 wr1_t0 = vload4(0, &router[((row_1 * 256) + (chunk * 4))]);
    const float4 xt0_0_0_0 = vload4(0, &x[((tok_0 * 256) + (chunk * 4))]);
    acc_0_0 = fma(wr0_t0.w, xt0_0_0_0.w, fma(wr0_t0.z, xt0_0_0_0.z, fma(wr0_t0.y, xt0_0_0_0.y, fma(wr0_t0.x, xt0_0_0_0.x, acc_0_0))));
    acc_1_0 = fma(wr1_t0.w, xt0_0_0_0.w, fma(wr1_t0.z, xt0_0_0_0.z, fma(wr1_t0.y, xt0_0_0_0.y, fma(wr1_t0.x, xt0_0_0_0.x, acc_1_0))));
    const float4 xt0_1_0_0 = vload4(0, &x[((tok_1 * 256) + (chunk * 4))]);
    acc_0_1 = fma(wr0_t0.w, xt0_1_0_0.w, fma(wr0_t0.z, xt0_1_0_0.z, fma(wr0_t0.y, xt0_1_0_0.y, fma(wr0_t0.x, xt0_1_0_0.x, acc_0_1))));
    acc_1_1 = fma(wr1_t0.w, xt0_1_0_0.w, fma(wr1_t0.z, xt0_1_0_0.z, fma(wr1_t0.y, xt0_1_0_0.y, fma(wr1_t0.x, xt0_1_0_0.x, acc_1_1))));
    const float4 xt0_2_0_0 = vload4(0, &x[((tok_2 * 256) + (chunk * 4))]);
    acc_0_2 = fma(wr0_t0.w, xt0_2_0_0.w, fma(wr0_t0.z, xt0_2_0_0.z, fma(wr0_t0.y, xt0_2_0_0.y, fma(wr0_t0.x, xt0_2_0_0.x, acc_0_2))));
    acc_1_2 = fma(wr1_t0.w, xt0_2_0_0.w, fma(wr1_t0.z, xt0_2_0_0.z, fma(wr1_t0.y, xt0_2_0_0.y, fma(wr1_t0.x, xt0_2_0_0.x, acc_1_2))));
    const float4 xt0_3_0_0 = vload4(0, &x[((tok_3 * 256) + (chunk * 4))]);
    acc_0_3 = fma(wr0_t0.w, xt0_3_0_0.w, fma(wr0_t0.z, xt0_3_0_0.z, fma(wr0_t0.y, xt0_3_0_0.y, fma(wr0_t0.x, xt0_3_0_0.x, acc_0_3))));
    acc_1_3 = fma(wr1_t0.w, xt0_3_0_0.w, fma(wr1_t0.z, xt0_3_0_0.z, fma(wr1_t0.y, xt0_3_0_0.y, fma(wr1_t0.x, xt0_3_0_0.x, acc_1_3))));
  }
  __local float red[512];
  red[(0 + tid)] = acc_0_0;
  red[(64 + tid)] = acc_1_0;
  red[(128 + tid)] = acc_0_1;
  red[(192 + tid)] = acc_1_1;
  red[(256 + tid)] = acc_0_2;
  red[(320 + tid)] = acc_1_2;
  red[(384 + tid)] = acc_0_3;
  red[(448 + tid)] = acc_1_3;
  barrier(CLK_LOCAL_MEM_FENCE);
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
  barrier(CLK_LOCAL_MEM_FENCE);
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
  barrier(CLK_LOCAL_MEM_FENCE);
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
  barrier(CLK_LOCAL_MEM_FENCE);
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
  barrier(CLK_LOCAL_MEM_FENCE);
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
  barrier(CLK_LOCAL_MEM_FENCE);
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
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int o = tid; o < 8; o += 64) {
    const float total = red[(o * 64)];
    const int e = (e0 + (o % 2));
    const int t = (t0 + (o / 2));
    if ((e < 8) && (t < T)) {
      moe_scores[((t * 8) + e)] = total;
    }
  }
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1))) void moe_route(__global const float* restrict moe_scores, __global int* restrict moe_ids, __global float* restrict moe_w, int T) {
  // top-2 of 8 router logits per token (rank: larger logits, or equal ones at a lower index, first)
  __local float lg[8];
  __local float pe[8];
  __local int rk[8];
  const int tid = (int)get_local_id(0);
  const int t_raw = ((int)get_group_id(0) + ((int)get_group_id(1) * (int)get_num_groups(0)));
  const int t = min(t_raw, (T - 1));
  for (int e = tid; e < 8; e += 32) {
    lg[e] = moe_scores[((t * 8) + e)];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
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
  barrier(CLK_LOCAL_MEM_FENCE);
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

__kernel __attribute__((reqd_work_group_size(32, 1, 1))) void moe_group(__global const int* restrict moe_ids, __global int* restrict moe_meta, int T) {
  // group the T x 2 routed pairs by expert (8 experts): counts, offsets, active list, permutation
  __local int cnt[8];
  const int tid = (int)get_local_id(0);
  const int P = (T * 2);
  for (int e = tid; e < 8; e += 32) {
    int n = 0;
    for (int p = 0; p < P; p++) {
      n = (n + ((moe_ids[p] == e) ? 1 : 0));
    }
    cnt[e] = n;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
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

__kernel __attribute__((reqd_work_group_size(32, 1, 1))) void moe_gate_up(__global const float* restrict x, __global const uint* restrict w_gate, __global const uint* restrict w_gate_scale, __global const uint* restrict w_gate_min, __global const uint* restrict w_up, __global const uint* restrict w_up_scale, __global const uint* restrict w_up_min, __global const int* restrict moe_meta, __global float* restrict moe_hidden, int T) {
  // moe gate_up w4g128: 2 rows of gate and up per workgroup, 2 tokens per pass, 32 threads, 16-byte loads, unroll 1
  __local float red[256];
  const int tid = (int)get_local_id(0);
  const int slot = (int)get_group_id(1);
  const int n0 = ((int)get_group_id(0) * 2);
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
    const int chunks = ((256 / 128) * 4);
    for (int chunk = tid; chunk < chunks; chunk += 32) {
      const int wg0_t0_b = (chunk / 4);
      const uint4 wg0_t0 = vload4(0, &w_gate[((((((e * 128) + nr_0) * (256 / 2)) + (wg0_t0_b * 64)) + ((chunk % 4) * 16)) >> 2)]);
      const float wg0_t0_d = kf_f16_to_f32(((w_gate_scale[(((((e * 128) + nr_0) * (256 / 128)) + wg0_t0_b) >> 1)] >> ((uint)((((((e * 128) + nr_0) * (256 / 128)) + wg0_t0_b) & 1) * 16))) & 65535u));
      const float wg0_t0_m = kf_f16_to_f32(((w_gate_min[(((((e * 128) + nr_0) * (256 / 128)) + wg0_t0_b) >> 1)] >> ((uint)((((((e * 128) + nr_0) * (256 / 128)) + wg0_t0_b) & 1) * 16))) & 65535u));
      const int wg1_t0_b = (chunk / 4);
      const uint4 wg1_t0 = vload4(0, &w_gate[((((((e * 128) + nr_1) * (256 / 2)) + (wg1_t0_b * 64)) + ((chunk % 4) * 16)) >> 2)]);
      const float wg1_t0_d = kf_f16_to_f32(((w_gate_scale[(((((e * 128) + nr_1) * (256 / 128)) + wg1_t0_b) >> 1)] >> ((uint)((((((e * 128) + nr_1) * (256 / 128)) + wg1_t0_b) & 1) * 16))) & 65535u));
      const float wg1_t0_m = kf_f16_to_f32(((w_gate_min[(((((e * 128) + nr_1) * (256 / 128)) + wg1_t0_b) >> 1)] >> ((uint)((((((e * 128) + nr_1) * (256 / 128)) + wg1_t0_b) & 1) * 16))) & 65535u));
      const int wu0_t0_b = (chunk / 4);
      const uint4 wu0_t0 = vload4(0, &w_up[((((((e * 128) + nr_0) * (256 / 2)) + (wu0_t0_b * 64)) + ((chunk % 4) * 16)) >> 2)]);
      const float wu0_t0_d = kf_f16_to_f32(((w_up_scale[(((((e * 128) + nr_0) * (256 / 128)) + wu0_t0_b) >> 1)] >> ((uint)((((((e * 128) + nr_0) * (256 / 128)) + wu0_t0_b) & 1) * 16))) & 65535u));
      const float wu0_t0_m = kf_f16_to_f32(((w_up_min[(((((e * 128) + nr_0) * (256 / 128)) + wu0_t0_b) >> 1)] >> ((uint)((((((e * 128) + nr_0) * (256 / 128)) + wu0_t0_b) & 1) * 16))) & 65535u));
      const int wu1_t0_b = (chunk / 4);
      const uint4 wu1_t0 = vload4(0, &w_up[((((((e * 128) + nr_1) * (256 / 2)) + (wu1_t0_b * 64)) + ((chunk % 4) * 16)) >> 2)]);
      const float wu1_t0_d = kf_f16_to_f32(((w_up_scale[(((((e * 128) + nr_1) * (256 / 128)) + wu1_t0_b) >> 1)] >> ((uint)((((((e * 128) + nr_1) * (256 / 128)) + wu1_t0_b) & 1) * 16))) & 65535u));
      const float wu1_t0_m = kf_f16_to_f32(((w_up_min[(((((e * 128) + nr_1) * (256 / 128)) + wu1_t0_b) >> 1)] >> ((uint)((((((e * 128) + nr_1) * (256 / 128)) + wu1_t0_b) & 1) * 16))) & 65535u));
      const float4 xt0_0_0_0 = vload4(0, &x[(xr_0 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2)))]);
      const float4 xt0_0_0_4 = vload4(0, &x[((xr_0 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 4)]);
      const float4 xt0_0_0_8 = vload4(0, &x[((xr_0 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 8)]);
      const float4 xt0_0_0_12 = vload4(0, &x[((xr_0 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 12)]);
      const float4 xt0_0_0_16 = vload4(0, &x[((xr_0 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 16)]);
      const float4 xt0_0_0_20 = vload4(0, &x[((xr_0 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 20)]);
      const float4 xt0_0_0_24 = vload4(0, &x[((xr_0 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 24)]);
      const float4 xt0_0_0_28 = vload4(0, &x[((xr_0 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 28)]);
      const float sxt0_0 = (((((((((((((((((((((((((((((((xt0_0_0_0.x + xt0_0_0_0.y) + xt0_0_0_0.z) + xt0_0_0_0.w) + xt0_0_0_4.x) + xt0_0_0_4.y) + xt0_0_0_4.z) + xt0_0_0_4.w) + xt0_0_0_8.x) + xt0_0_0_8.y) + xt0_0_0_8.z) + xt0_0_0_8.w) + xt0_0_0_12.x) + xt0_0_0_12.y) + xt0_0_0_12.z) + xt0_0_0_12.w) + xt0_0_0_16.x) + xt0_0_0_16.y) + xt0_0_0_16.z) + xt0_0_0_16.w) + xt0_0_0_20.x) + xt0_0_0_20.y) + xt0_0_0_20.z) + xt0_0_0_20.w) + xt0_0_0_24.x) + xt0_0_0_24.y) + xt0_0_0_24.z) + xt0_0_0_24.w) + xt0_0_0_28.x) + xt0_0_0_28.y) + xt0_0_0_28.z) + xt0_0_0_28.w);
      ag_0_0 = fma(wg0_t0_m, sxt0_0, fma(wg0_t0_d, fma((fma((as_float(((wg0_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.w, fma((as_float(((wg0_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.w, fma((as_float(((wg0_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.w, ((as_float(((wg0_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.w)))) + fma((as_float((((wg0_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.w, fma((as_float((((wg0_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.w, fma((as_float((((wg0_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.w, ((as_float((((wg0_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wg0_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.z, fma((as_float(((wg0_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.z, fma((as_float(((wg0_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.z, ((as_float(((wg0_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.z)))) + fma((as_float((((wg0_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.z, fma((as_float((((wg0_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.z, fma((as_float((((wg0_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.z, ((as_float((((wg0_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.z))))), 0.00390625f, fma((fma((as_float(((wg0_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.y, fma((as_float(((wg0_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.y, fma((as_float(((wg0_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.y, ((as_float(((wg0_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.y)))) + fma((as_float((((wg0_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.y, fma((as_float((((wg0_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.y, fma((as_float((((wg0_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.y, ((as_float((((wg0_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.y))))), 0.0625f, (fma((as_float(((wg0_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.x, fma((as_float(((wg0_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.x, fma((as_float(((wg0_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.x, ((as_float(((wg0_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.x)))) + fma((as_float((((wg0_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.x, fma((as_float((((wg0_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.x, fma((as_float((((wg0_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.x, ((as_float((((wg0_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.x)))))))), ag_0_0));
      ag_1_0 = fma(wg1_t0_m, sxt0_0, fma(wg1_t0_d, fma((fma((as_float(((wg1_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.w, fma((as_float(((wg1_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.w, fma((as_float(((wg1_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.w, ((as_float(((wg1_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.w)))) + fma((as_float((((wg1_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.w, fma((as_float((((wg1_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.w, fma((as_float((((wg1_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.w, ((as_float((((wg1_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wg1_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.z, fma((as_float(((wg1_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.z, fma((as_float(((wg1_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.z, ((as_float(((wg1_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.z)))) + fma((as_float((((wg1_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.z, fma((as_float((((wg1_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.z, fma((as_float((((wg1_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.z, ((as_float((((wg1_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.z))))), 0.00390625f, fma((fma((as_float(((wg1_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.y, fma((as_float(((wg1_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.y, fma((as_float(((wg1_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.y, ((as_float(((wg1_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.y)))) + fma((as_float((((wg1_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.y, fma((as_float((((wg1_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.y, fma((as_float((((wg1_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.y, ((as_float((((wg1_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.y))))), 0.0625f, (fma((as_float(((wg1_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.x, fma((as_float(((wg1_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.x, fma((as_float(((wg1_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.x, ((as_float(((wg1_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.x)))) + fma((as_float((((wg1_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.x, fma((as_float((((wg1_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.x, fma((as_float((((wg1_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.x, ((as_float((((wg1_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.x)))))))), ag_1_0));
      au_0_0 = fma(wu0_t0_m, sxt0_0, fma(wu0_t0_d, fma((fma((as_float(((wu0_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.w, fma((as_float(((wu0_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.w, fma((as_float(((wu0_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.w, ((as_float(((wu0_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.w)))) + fma((as_float((((wu0_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.w, fma((as_float((((wu0_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.w, fma((as_float((((wu0_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.w, ((as_float((((wu0_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wu0_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.z, fma((as_float(((wu0_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.z, fma((as_float(((wu0_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.z, ((as_float(((wu0_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.z)))) + fma((as_float((((wu0_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.z, fma((as_float((((wu0_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.z, fma((as_float((((wu0_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.z, ((as_float((((wu0_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.z))))), 0.00390625f, fma((fma((as_float(((wu0_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.y, fma((as_float(((wu0_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.y, fma((as_float(((wu0_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.y, ((as_float(((wu0_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.y)))) + fma((as_float((((wu0_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.y, fma((as_float((((wu0_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.y, fma((as_float((((wu0_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.y, ((as_float((((wu0_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.y))))), 0.0625f, (fma((as_float(((wu0_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.x, fma((as_float(((wu0_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.x, fma((as_float(((wu0_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.x, ((as_float(((wu0_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.x)))) + fma((as_float((((wu0_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.x, fma((as_float((((wu0_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.x, fma((as_float((((wu0_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.x, ((as_float((((wu0_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.x)))))))), au_0_0));
      au_1_0 = fma(wu1_t0_m, sxt0_0, fma(wu1_t0_d, fma((fma((as_float(((wu1_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.w, fma((as_float(((wu1_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.w, fma((as_float(((wu1_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.w, ((as_float(((wu1_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.w)))) + fma((as_float((((wu1_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.w, fma((as_float((((wu1_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.w, fma((as_float((((wu1_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.w, ((as_float((((wu1_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wu1_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.z, fma((as_float(((wu1_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.z, fma((as_float(((wu1_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.z, ((as_float(((wu1_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.z)))) + fma((as_float((((wu1_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.z, fma((as_float((((wu1_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.z, fma((as_float((((wu1_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.z, ((as_float((((wu1_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.z))))), 0.00390625f, fma((fma((as_float(((wu1_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.y, fma((as_float(((wu1_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.y, fma((as_float(((wu1_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.y, ((as_float(((wu1_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.y)))) + fma((as_float((((wu1_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.y, fma((as_float((((wu1_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.y, fma((as_float((((wu1_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.y, ((as_float((((wu1_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.y))))), 0.0625f, (fma((as_float(((wu1_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.x, fma((as_float(((wu1_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.x, fma((as_float(((wu1_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.x, ((as_float(((wu1_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.x)))) + fma((as_float((((wu1_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.x, fma((as_float((((wu1_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.x, fma((as_float((((wu1_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.x, ((as_float((((wu1_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.x)))))))), au_1_0));
      const float4 xt0_1_0_0 = vload4(0, &x[(xr_1 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2)))]);
      const float4 xt0_1_0_4 = vload4(0, &x[((xr_1 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 4)]);
      const float4 xt0_1_0_8 = vload4(0, &x[((xr_1 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 8)]);
      const float4 xt0_1_0_12 = vload4(0, &x[((xr_1 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 12)]);
      const float4 xt0_1_0_16 = vload4(0, &x[((xr_1 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 16)]);
      const float4 xt0_1_0_20 = vload4(0, &x[((xr_1 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 20)]);
      const float4 xt0_1_0_24 = vload4(0, &x[((xr_1 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 24)]);
      const float4 xt0_1_0_28 = vload4(0, &x[((xr_1 + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 28)]);
      const float sxt0_1 = (((((((((((((((((((((((((((((((xt0_1_0_0.x + xt0_1_0_0.y) + xt0_1_0_0.z) + xt0_1_0_0.w) + xt0_1_0_4.x) + xt0_1_0_4.y) + xt0_1_0_4.z) + xt0_1_0_4.w) + xt0_1_0_8.x) + xt0_1_0_8.y) + xt0_1_0_8.z) + xt0_1_0_8.w) + xt0_1_0_12.x) + xt0_1_0_12.y) + xt0_1_0_12.z) + xt0_1_0_12.w) + xt0_1_0_16.x) + xt0_1_0_16.y) + xt0_1_0_16.z) + xt0_1_0_16.w) + xt0_1_0_20.x) + xt0_1_0_20.y) + xt0_1_0_20.z) + xt0_1_0_20.w) + xt0_1_0_24.x) + xt0_1_0_24.y) + xt0_1_0_24.z) + xt0_1_0_24.w) + xt0_1_0_28.x) + xt0_1_0_28.y) + xt0_1_0_28.z) + xt0_1_0_28.w);
      ag_0_1 = fma(wg0_t0_m, sxt0_1, fma(wg0_t0_d, fma((fma((as_float(((wg0_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.w, fma((as_float(((wg0_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.w, fma((as_float(((wg0_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.w, ((as_float(((wg0_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.w)))) + fma((as_float((((wg0_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.w, fma((as_float((((wg0_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.w, fma((as_float((((wg0_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.w, ((as_float((((wg0_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wg0_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.z, fma((as_float(((wg0_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.z, fma((as_float(((wg0_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.z, ((as_float(((wg0_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.z)))) + fma((as_float((((wg0_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.z, fma((as_float((((wg0_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.z, fma((as_float((((wg0_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.z, ((as_float((((wg0_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.z))))), 0.00390625f, fma((fma((as_float(((wg0_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.y, fma((as_float(((wg0_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.y, fma((as_float(((wg0_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.y, ((as_float(((wg0_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.y)))) + fma((as_float((((wg0_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.y, fma((as_float((((wg0_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.y, fma((as_float((((wg0_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.y, ((as_float((((wg0_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.y))))), 0.0625f, (fma((as_float(((wg0_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.x, fma((as_float(((wg0_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.x, fma((as_float(((wg0_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.x, ((as_float(((wg0_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.x)))) + fma((as_float((((wg0_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.x, fma((as_float((((wg0_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.x, fma((as_float((((wg0_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.x, ((as_float((((wg0_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.x)))))))), ag_0_1));
      ag_1_1 = fma(wg1_t0_m, sxt0_1, fma(wg1_t0_d, fma((fma((as_float(((wg1_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.w, fma((as_float(((wg1_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.w, fma((as_float(((wg1_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.w, ((as_float(((wg1_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.w)))) + fma((as_float((((wg1_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.w, fma((as_float((((wg1_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.w, fma((as_float((((wg1_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.w, ((as_float((((wg1_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wg1_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.z, fma((as_float(((wg1_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.z, fma((as_float(((wg1_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.z, ((as_float(((wg1_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.z)))) + fma((as_float((((wg1_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.z, fma((as_float((((wg1_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.z, fma((as_float((((wg1_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.z, ((as_float((((wg1_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.z))))), 0.00390625f, fma((fma((as_float(((wg1_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.y, fma((as_float(((wg1_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.y, fma((as_float(((wg1_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.y, ((as_float(((wg1_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.y)))) + fma((as_float((((wg1_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.y, fma((as_float((((wg1_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.y, fma((as_float((((wg1_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.y, ((as_float((((wg1_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.y))))), 0.0625f, (fma((as_float(((wg1_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.x, fma((as_float(((wg1_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.x, fma((as_float(((wg1_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.x, ((as_float(((wg1_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.x)))) + fma((as_float((((wg1_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.x, fma((as_float((((wg1_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.x, fma((as_float((((wg1_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.x, ((as_float((((wg1_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.x)))))))), ag_1_1));
      au_0_1 = fma(wu0_t0_m, sxt0_1, fma(wu0_t0_d, fma((fma((as_float(((wu0_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.w, fma((as_float(((wu0_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.w, fma((as_float(((wu0_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.w, ((as_float(((wu0_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.w)))) + fma((as_float((((wu0_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.w, fma((as_float((((wu0_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.w, fma((as_float((((wu0_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.w, ((as_float((((wu0_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wu0_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.z, fma((as_float(((wu0_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.z, fma((as_float(((wu0_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.z, ((as_float(((wu0_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.z)))) + fma((as_float((((wu0_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.z, fma((as_float((((wu0_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.z, fma((as_float((((wu0_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.z, ((as_float((((wu0_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.z))))), 0.00390625f, fma((fma((as_float(((wu0_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.y, fma((as_float(((wu0_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.y, fma((as_float(((wu0_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.y, ((as_float(((wu0_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.y)))) + fma((as_float((((wu0_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.y, fma((as_float((((wu0_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.y, fma((as_float((((wu0_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.y, ((as_float((((wu0_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.y))))), 0.0625f, (fma((as_float(((wu0_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.x, fma((as_float(((wu0_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.x, fma((as_float(((wu0_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.x, ((as_float(((wu0_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.x)))) + fma((as_float((((wu0_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.x, fma((as_float((((wu0_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.x, fma((as_float((((wu0_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.x, ((as_float((((wu0_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.x)))))))), au_0_1));
      au_1_1 = fma(wu1_t0_m, sxt0_1, fma(wu1_t0_d, fma((fma((as_float(((wu1_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.w, fma((as_float(((wu1_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.w, fma((as_float(((wu1_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.w, ((as_float(((wu1_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.w)))) + fma((as_float((((wu1_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.w, fma((as_float((((wu1_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.w, fma((as_float((((wu1_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.w, ((as_float((((wu1_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wu1_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.z, fma((as_float(((wu1_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.z, fma((as_float(((wu1_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.z, ((as_float(((wu1_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.z)))) + fma((as_float((((wu1_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.z, fma((as_float((((wu1_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.z, fma((as_float((((wu1_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.z, ((as_float((((wu1_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.z))))), 0.00390625f, fma((fma((as_float(((wu1_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.y, fma((as_float(((wu1_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.y, fma((as_float(((wu1_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.y, ((as_float(((wu1_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.y)))) + fma((as_float((((wu1_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.y, fma((as_float((((wu1_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.y, fma((as_float((((wu1_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.y, ((as_float((((wu1_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.y))))), 0.0625f, (fma((as_float(((wu1_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.x, fma((as_float(((wu1_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.x, fma((as_float(((wu1_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.x, ((as_float(((wu1_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.x)))) + fma((as_float((((wu1_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.x, fma((as_float((((wu1_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.x, fma((as_float((((wu1_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.x, ((as_float((((wu1_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.x)))))))), au_1_1));
    }
    red[(0 + tid)] = ag_0_0;
    red[(32 + tid)] = ag_1_0;
    red[(64 + tid)] = au_0_0;
    red[(96 + tid)] = au_1_0;
    red[(128 + tid)] = ag_0_1;
    red[(160 + tid)] = ag_1_1;
    red[(192 + tid)] = au_0_1;
    red[(224 + tid)] = au_1_1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < 16) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(16 + tid)]);
      red[(32 + tid)] = (red[(32 + tid)] + red[(48 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(80 + tid)]);
      red[(96 + tid)] = (red[(96 + tid)] + red[(112 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(144 + tid)]);
      red[(160 + tid)] = (red[(160 + tid)] + red[(176 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(208 + tid)]);
      red[(224 + tid)] = (red[(224 + tid)] + red[(240 + tid)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < 8) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(8 + tid)]);
      red[(32 + tid)] = (red[(32 + tid)] + red[(40 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(72 + tid)]);
      red[(96 + tid)] = (red[(96 + tid)] + red[(104 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(136 + tid)]);
      red[(160 + tid)] = (red[(160 + tid)] + red[(168 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(200 + tid)]);
      red[(224 + tid)] = (red[(224 + tid)] + red[(232 + tid)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < 4) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(4 + tid)]);
      red[(32 + tid)] = (red[(32 + tid)] + red[(36 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(68 + tid)]);
      red[(96 + tid)] = (red[(96 + tid)] + red[(100 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(132 + tid)]);
      red[(160 + tid)] = (red[(160 + tid)] + red[(164 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(196 + tid)]);
      red[(224 + tid)] = (red[(224 + tid)] + red[(228 + tid)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < 2) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(2 + tid)]);
      red[(32 + tid)] = (red[(32 + tid)] + red[(34 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(66 + tid)]);
      red[(96 + tid)] = (red[(96 + tid)] + red[(98 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(130 + tid)]);
      red[(160 + tid)] = (red[(160 + tid)] + red[(162 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(194 + tid)]);
      red[(224 + tid)] = (red[(224 + tid)] + red[(226 + tid)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < 1) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(1 + tid)]);
      red[(32 + tid)] = (red[(32 + tid)] + red[(33 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(65 + tid)]);
      red[(96 + tid)] = (red[(96 + tid)] + red[(97 + tid)]);
      red[(128 + tid)] = (red[(128 + tid)] + red[(129 + tid)]);
      red[(160 + tid)] = (red[(160 + tid)] + red[(161 + tid)]);
      red[(192 + tid)] = (red[(192 + tid)] + red[(193 + tid)]);
      red[(224 + tid)] = (red[(224 + tid)] + red[(225 + tid)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int o = tid; o < 4; o += 32) {
      const int n = (n0 + (o % 2));
      const int m = (o / 2);
      if (((mt + m) < cnt) && (n < 128)) {
        const float tg = red[(((m * 4) + (n - n0)) * 32)];
        const float tu = red[((((m * 4) + (n - n0)) + 2) * 32)];
        const float h = ((tg / (1.0f + exp((0.0f - tg)))) * tu);
        moe_hidden[((((m == 1) ? j_1 : j_0) * 128) + n)] = h;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1))) void moe_down(__global const float* restrict moe_hidden, __global const uint* restrict w_down, __global const uint* restrict w_down_scale, __global const uint* restrict w_down_min, __global const int* restrict moe_meta, __global const float* restrict moe_w, __global float* restrict moe_partial, int T) {
  // moe down w4g128: 2 rows per workgroup, 2 tokens per pass, 32 threads, 16-byte loads, unroll 1
  __local float red[128];
  const int tid = (int)get_local_id(0);
  const int slot = (int)get_group_id(1);
  const int n0 = ((int)get_group_id(0) * 2);
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
    const int chunks = ((128 / 128) * 4);
    for (int chunk = tid; chunk < chunks; chunk += 32) {
      const int wd0_t0_b = (chunk / 4);
      const uint4 wd0_t0 = vload4(0, &w_down[((((((e * 256) + nr_0) * (128 / 2)) + (wd0_t0_b * 64)) + ((chunk % 4) * 16)) >> 2)]);
      const float wd0_t0_d = kf_f16_to_f32(((w_down_scale[(((((e * 256) + nr_0) * (128 / 128)) + wd0_t0_b) >> 1)] >> ((uint)((((((e * 256) + nr_0) * (128 / 128)) + wd0_t0_b) & 1) * 16))) & 65535u));
      const float wd0_t0_m = kf_f16_to_f32(((w_down_min[(((((e * 256) + nr_0) * (128 / 128)) + wd0_t0_b) >> 1)] >> ((uint)((((((e * 256) + nr_0) * (128 / 128)) + wd0_t0_b) & 1) * 16))) & 65535u));
      const int wd1_t0_b = (chunk / 4);
      const uint4 wd1_t0 = vload4(0, &w_down[((((((e * 256) + nr_1) * (128 / 2)) + (wd1_t0_b * 64)) + ((chunk % 4) * 16)) >> 2)]);
      const float wd1_t0_d = kf_f16_to_f32(((w_down_scale[(((((e * 256) + nr_1) * (128 / 128)) + wd1_t0_b) >> 1)] >> ((uint)((((((e * 256) + nr_1) * (128 / 128)) + wd1_t0_b) & 1) * 16))) & 65535u));
      const float wd1_t0_m = kf_f16_to_f32(((w_down_min[(((((e * 256) + nr_1) * (128 / 128)) + wd1_t0_b) >> 1)] >> ((uint)((((((e * 256) + nr_1) * (128 / 128)) + wd1_t0_b) & 1) * 16))) & 65535u));
      const float4 xt0_0_0_0 = vload4(0, &moe_hidden[((j_0 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2)))]);
      const float4 xt0_0_0_4 = vload4(0, &moe_hidden[(((j_0 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 4)]);
      const float4 xt0_0_0_8 = vload4(0, &moe_hidden[(((j_0 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 8)]);
      const float4 xt0_0_0_12 = vload4(0, &moe_hidden[(((j_0 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 12)]);
      const float4 xt0_0_0_16 = vload4(0, &moe_hidden[(((j_0 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 16)]);
      const float4 xt0_0_0_20 = vload4(0, &moe_hidden[(((j_0 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 20)]);
      const float4 xt0_0_0_24 = vload4(0, &moe_hidden[(((j_0 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 24)]);
      const float4 xt0_0_0_28 = vload4(0, &moe_hidden[(((j_0 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 28)]);
      const float sxt0_0 = (((((((((((((((((((((((((((((((xt0_0_0_0.x + xt0_0_0_0.y) + xt0_0_0_0.z) + xt0_0_0_0.w) + xt0_0_0_4.x) + xt0_0_0_4.y) + xt0_0_0_4.z) + xt0_0_0_4.w) + xt0_0_0_8.x) + xt0_0_0_8.y) + xt0_0_0_8.z) + xt0_0_0_8.w) + xt0_0_0_12.x) + xt0_0_0_12.y) + xt0_0_0_12.z) + xt0_0_0_12.w) + xt0_0_0_16.x) + xt0_0_0_16.y) + xt0_0_0_16.z) + xt0_0_0_16.w) + xt0_0_0_20.x) + xt0_0_0_20.y) + xt0_0_0_20.z) + xt0_0_0_20.w) + xt0_0_0_24.x) + xt0_0_0_24.y) + xt0_0_0_24.z) + xt0_0_0_24.w) + xt0_0_0_28.x) + xt0_0_0_28.y) + xt0_0_0_28.z) + xt0_0_0_28.w);
      ad_0_0 = fma(wd0_t0_m, sxt0_0, fma(wd0_t0_d, fma((fma((as_float(((wd0_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.w, fma((as_float(((wd0_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.w, fma((as_float(((wd0_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.w, ((as_float(((wd0_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.w)))) + fma((as_float((((wd0_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.w, fma((as_float((((wd0_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.w, fma((as_float((((wd0_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.w, ((as_float((((wd0_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wd0_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.z, fma((as_float(((wd0_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.z, fma((as_float(((wd0_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.z, ((as_float(((wd0_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.z)))) + fma((as_float((((wd0_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.z, fma((as_float((((wd0_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.z, fma((as_float((((wd0_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.z, ((as_float((((wd0_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.z))))), 0.00390625f, fma((fma((as_float(((wd0_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.y, fma((as_float(((wd0_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.y, fma((as_float(((wd0_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.y, ((as_float(((wd0_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.y)))) + fma((as_float((((wd0_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.y, fma((as_float((((wd0_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.y, fma((as_float((((wd0_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.y, ((as_float((((wd0_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.y))))), 0.0625f, (fma((as_float(((wd0_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.x, fma((as_float(((wd0_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.x, fma((as_float(((wd0_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.x, ((as_float(((wd0_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.x)))) + fma((as_float((((wd0_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.x, fma((as_float((((wd0_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.x, fma((as_float((((wd0_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.x, ((as_float((((wd0_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.x)))))))), ad_0_0));
      ad_1_0 = fma(wd1_t0_m, sxt0_0, fma(wd1_t0_d, fma((fma((as_float(((wd1_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.w, fma((as_float(((wd1_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.w, fma((as_float(((wd1_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.w, ((as_float(((wd1_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.w)))) + fma((as_float((((wd1_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.w, fma((as_float((((wd1_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.w, fma((as_float((((wd1_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.w, ((as_float((((wd1_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wd1_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.z, fma((as_float(((wd1_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.z, fma((as_float(((wd1_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.z, ((as_float(((wd1_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.z)))) + fma((as_float((((wd1_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.z, fma((as_float((((wd1_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.z, fma((as_float((((wd1_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.z, ((as_float((((wd1_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.z))))), 0.00390625f, fma((fma((as_float(((wd1_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.y, fma((as_float(((wd1_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.y, fma((as_float(((wd1_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.y, ((as_float(((wd1_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.y)))) + fma((as_float((((wd1_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.y, fma((as_float((((wd1_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.y, fma((as_float((((wd1_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.y, ((as_float((((wd1_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.y))))), 0.0625f, (fma((as_float(((wd1_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_24.x, fma((as_float(((wd1_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_16.x, fma((as_float(((wd1_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_8.x, ((as_float(((wd1_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_0.x)))) + fma((as_float((((wd1_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_28.x, fma((as_float((((wd1_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_20.x, fma((as_float((((wd1_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_0_0_12.x, ((as_float((((wd1_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_0_0_4.x)))))))), ad_1_0));
      const float4 xt0_1_0_0 = vload4(0, &moe_hidden[((j_1 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2)))]);
      const float4 xt0_1_0_4 = vload4(0, &moe_hidden[(((j_1 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 4)]);
      const float4 xt0_1_0_8 = vload4(0, &moe_hidden[(((j_1 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 8)]);
      const float4 xt0_1_0_12 = vload4(0, &moe_hidden[(((j_1 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 12)]);
      const float4 xt0_1_0_16 = vload4(0, &moe_hidden[(((j_1 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 16)]);
      const float4 xt0_1_0_20 = vload4(0, &moe_hidden[(((j_1 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 20)]);
      const float4 xt0_1_0_24 = vload4(0, &moe_hidden[(((j_1 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 24)]);
      const float4 xt0_1_0_28 = vload4(0, &moe_hidden[(((j_1 * 128) + (((chunk / 4) * 128) + (((chunk % 4) * 16) * 2))) + 28)]);
      const float sxt0_1 = (((((((((((((((((((((((((((((((xt0_1_0_0.x + xt0_1_0_0.y) + xt0_1_0_0.z) + xt0_1_0_0.w) + xt0_1_0_4.x) + xt0_1_0_4.y) + xt0_1_0_4.z) + xt0_1_0_4.w) + xt0_1_0_8.x) + xt0_1_0_8.y) + xt0_1_0_8.z) + xt0_1_0_8.w) + xt0_1_0_12.x) + xt0_1_0_12.y) + xt0_1_0_12.z) + xt0_1_0_12.w) + xt0_1_0_16.x) + xt0_1_0_16.y) + xt0_1_0_16.z) + xt0_1_0_16.w) + xt0_1_0_20.x) + xt0_1_0_20.y) + xt0_1_0_20.z) + xt0_1_0_20.w) + xt0_1_0_24.x) + xt0_1_0_24.y) + xt0_1_0_24.z) + xt0_1_0_24.w) + xt0_1_0_28.x) + xt0_1_0_28.y) + xt0_1_0_28.z) + xt0_1_0_28.w);
      ad_0_1 = fma(wd0_t0_m, sxt0_1, fma(wd0_t0_d, fma((fma((as_float(((wd0_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.w, fma((as_float(((wd0_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.w, fma((as_float(((wd0_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.w, ((as_float(((wd0_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.w)))) + fma((as_float((((wd0_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.w, fma((as_float((((wd0_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.w, fma((as_float((((wd0_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.w, ((as_float((((wd0_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wd0_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.z, fma((as_float(((wd0_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.z, fma((as_float(((wd0_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.z, ((as_float(((wd0_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.z)))) + fma((as_float((((wd0_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.z, fma((as_float((((wd0_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.z, fma((as_float((((wd0_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.z, ((as_float((((wd0_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.z))))), 0.00390625f, fma((fma((as_float(((wd0_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.y, fma((as_float(((wd0_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.y, fma((as_float(((wd0_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.y, ((as_float(((wd0_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.y)))) + fma((as_float((((wd0_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.y, fma((as_float((((wd0_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.y, fma((as_float((((wd0_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.y, ((as_float((((wd0_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.y))))), 0.0625f, (fma((as_float(((wd0_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.x, fma((as_float(((wd0_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.x, fma((as_float(((wd0_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.x, ((as_float(((wd0_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.x)))) + fma((as_float((((wd0_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.x, fma((as_float((((wd0_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.x, fma((as_float((((wd0_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.x, ((as_float((((wd0_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.x)))))))), ad_0_1));
      ad_1_1 = fma(wd1_t0_m, sxt0_1, fma(wd1_t0_d, fma((fma((as_float(((wd1_t0.w & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.w, fma((as_float(((wd1_t0.z & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.w, fma((as_float(((wd1_t0.y & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.w, ((as_float(((wd1_t0.x & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.w)))) + fma((as_float((((wd1_t0.w >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.w, fma((as_float((((wd1_t0.z >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.w, fma((as_float((((wd1_t0.y >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.w, ((as_float((((wd1_t0.x >> 16u) & 61440u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.w))))), 0.000244140625f, fma((fma((as_float(((wd1_t0.w & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.z, fma((as_float(((wd1_t0.z & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.z, fma((as_float(((wd1_t0.y & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.z, ((as_float(((wd1_t0.x & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.z)))) + fma((as_float((((wd1_t0.w >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.z, fma((as_float((((wd1_t0.z >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.z, fma((as_float((((wd1_t0.y >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.z, ((as_float((((wd1_t0.x >> 16u) & 3840u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.z))))), 0.00390625f, fma((fma((as_float(((wd1_t0.w & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.y, fma((as_float(((wd1_t0.z & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.y, fma((as_float(((wd1_t0.y & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.y, ((as_float(((wd1_t0.x & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.y)))) + fma((as_float((((wd1_t0.w >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.y, fma((as_float((((wd1_t0.z >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.y, fma((as_float((((wd1_t0.y >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.y, ((as_float((((wd1_t0.x >> 16u) & 240u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.y))))), 0.0625f, (fma((as_float(((wd1_t0.w & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_24.x, fma((as_float(((wd1_t0.z & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_16.x, fma((as_float(((wd1_t0.y & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_8.x, ((as_float(((wd1_t0.x & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_0.x)))) + fma((as_float((((wd1_t0.w >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_28.x, fma((as_float((((wd1_t0.z >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_20.x, fma((as_float((((wd1_t0.y >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f), xt0_1_0_12.x, ((as_float((((wd1_t0.x >> 16u) & 15u) ^ 1258291200u)) - 8388608.0f) * xt0_1_0_4.x)))))))), ad_1_1));
    }
    red[(0 + tid)] = ad_0_0;
    red[(32 + tid)] = ad_1_0;
    red[(64 + tid)] = ad_0_1;
    red[(96 + tid)] = ad_1_1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < 16) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(16 + tid)]);
      red[(32 + tid)] = (red[(32 + tid)] + red[(48 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(80 + tid)]);
      red[(96 + tid)] = (red[(96 + tid)] + red[(112 + tid)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < 8) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(8 + tid)]);
      red[(32 + tid)] = (red[(32 + tid)] + red[(40 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(72 + tid)]);
      red[(96 + tid)] = (red[(96 + tid)] + red[(104 + tid)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < 4) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(4 + tid)]);
      red[(32 + tid)] = (red[(32 + tid)] + red[(36 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(68 + tid)]);
      red[(96 + tid)] = (red[(96 + tid)] + red[(100 + tid)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < 2) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(2 + tid)]);
      red[(32 + tid)] = (red[(32 + tid)] + red[(34 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(66 + tid)]);
      red[(96 + tid)] = (red[(96 + tid)] + red[(98 + tid)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < 1) {
      red[(0 + tid)] = (red[(0 + tid)] + red[(1 + tid)]);
      red[(32 + tid)] = (red[(32 + tid)] + red[(33 + tid)]);
      red[(64 + tid)] = (red[(64 + tid)] + red[(65 + tid)]);
      red[(96 + tid)] = (red[(96 + tid)] + red[(97 + tid)]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int o = tid; o < 4; o += 32) {
      const int n = (n0 + (o % 2));
      const int m = (o / 2);
      if (((mt + m) < cnt) && (n < 256)) {
        const int jw = ((m == 1) ? j_1 : j_0);
        const float total = red[(o * 32)];
        const float rw = moe_w[moe_meta[(jw + 25)]];
        moe_partial[((jw * 256) + n)] = (total * rw);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void moe_combine(__global const int* restrict moe_meta, __global const float* restrict moe_partial, __global float* restrict y, int T) {
  // combine: y = the 2 weighted expert outputs of each token, summed in slot order
  const int i = ((((int)get_group_id(0) + ((int)get_group_id(1) * (int)get_num_groups(0))) * 256) + (int)get_local_id(0));
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
