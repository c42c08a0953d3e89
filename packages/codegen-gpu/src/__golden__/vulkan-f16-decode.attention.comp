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

layout(local_size_x = 128, local_size_y = 1, local_size_z = 1) in;
layout(std430, set = 0, binding = 0) readonly buffer Buffer_q { float q[]; };
layout(std430, set = 0, binding = 1) readonly buffer Buffer_k { uint k[]; };
layout(std430, set = 0, binding = 2) readonly buffer Buffer_v { uint v[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Buffer_partial_ml { float partial_ml[]; };
layout(std430, set = 0, binding = 4) writeonly buffer Buffer_partial_o { float partial_o[]; };
layout(push_constant) uniform Scalars { int B; int Sq; int Skv; };
shared float red[2064];
shared float sc[128];
shared float sm_ml[128];
shared float sm_o[1024];

void main() {
  // attention f16 KV, G=8 D=128 Dv=128: 8 rows per workgroup, 128 threads as 8 key groups of 16 lanes, 8-element loads, 2 keys per group per tile, 4 kv splits
  const int tid = int(gl_LocalInvocationID.x);
  const int grp = (tid / 16);
  const int ln = (tid & 15);
  const int bh = int(gl_WorkGroupID.z);
  const int b = (bh / 2);
  const int kvh = (bh % 2);
  const int rows = (Sq * 8);
  const int r0 = (int(gl_WorkGroupID.x) * 8);
  const int rlast = (min((r0 + 8), rows) - 1);
  const int kvbase = (bh * Skv);
  const int rr0 = min((r0 + 0), (rows - 1));
  const int i0 = (rr0 / 8);
  const int qrow0 = ((((b * 16) + ((kvh * 8) + (rr0 % 8))) * Sq) + i0);
  const int rr1 = min((r0 + 1), (rows - 1));
  const int i1 = (rr1 / 8);
  const int qrow1 = ((((b * 16) + ((kvh * 8) + (rr1 % 8))) * Sq) + i1);
  const int rr2 = min((r0 + 2), (rows - 1));
  const int i2 = (rr2 / 8);
  const int qrow2 = ((((b * 16) + ((kvh * 8) + (rr2 % 8))) * Sq) + i2);
  const int rr3 = min((r0 + 3), (rows - 1));
  const int i3 = (rr3 / 8);
  const int qrow3 = ((((b * 16) + ((kvh * 8) + (rr3 % 8))) * Sq) + i3);
  const int rr4 = min((r0 + 4), (rows - 1));
  const int i4 = (rr4 / 8);
  const int qrow4 = ((((b * 16) + ((kvh * 8) + (rr4 % 8))) * Sq) + i4);
  const int rr5 = min((r0 + 5), (rows - 1));
  const int i5 = (rr5 / 8);
  const int qrow5 = ((((b * 16) + ((kvh * 8) + (rr5 % 8))) * Sq) + i5);
  const int rr6 = min((r0 + 6), (rows - 1));
  const int i6 = (rr6 / 8);
  const int qrow6 = ((((b * 16) + ((kvh * 8) + (rr6 % 8))) * Sq) + i6);
  const int rr7 = min((r0 + 7), (rows - 1));
  const int i7 = (rr7 / 8);
  const int qrow7 = ((((b * 16) + ((kvh * 8) + (rr7 % 8))) * Sq) + i7);
  const int lo = 0;
  const int hi = Skv;
  const int split = int(gl_WorkGroupID.y);
  const int chunk = (((hi - lo) + 3) / 4);
  const int k0 = (lo + (split * chunk));
  const int k1 = min((k0 + chunk), hi);
  const int dim0 = ((ln + 0) * 8);
  const int dk0 = dim0;
  const int dv0 = dim0;
  const float qx0_00 = q[((qrow0 * 128) + dk0)];
  const float qx0_01 = q[(((qrow0 * 128) + dk0) + 1)];
  const float qx0_02 = q[(((qrow0 * 128) + dk0) + 2)];
  const float qx0_03 = q[(((qrow0 * 128) + dk0) + 3)];
  const float qx0_04 = q[(((qrow0 * 128) + dk0) + 4)];
  const float qx0_05 = q[(((qrow0 * 128) + dk0) + 5)];
  const float qx0_06 = q[(((qrow0 * 128) + dk0) + 6)];
  const float qx0_07 = q[(((qrow0 * 128) + dk0) + 7)];
  const float q0_0_0 = (qx0_00 * 0.08838834764831843f);
  const float q0_0_1 = (qx0_01 * 0.08838834764831843f);
  const float q0_0_2 = (qx0_02 * 0.08838834764831843f);
  const float q0_0_3 = (qx0_03 * 0.08838834764831843f);
  const float q0_0_4 = (qx0_04 * 0.08838834764831843f);
  const float q0_0_5 = (qx0_05 * 0.08838834764831843f);
  const float q0_0_6 = (qx0_06 * 0.08838834764831843f);
  const float q0_0_7 = (qx0_07 * 0.08838834764831843f);
  const float qx1_00 = q[((qrow1 * 128) + dk0)];
  const float qx1_01 = q[(((qrow1 * 128) + dk0) + 1)];
  const float qx1_02 = q[(((qrow1 * 128) + dk0) + 2)];
  const float qx1_03 = q[(((qrow1 * 128) + dk0) + 3)];
  const float qx1_04 = q[(((qrow1 * 128) + dk0) + 4)];
  const float qx1_05 = q[(((qrow1 * 128) + dk0) + 5)];
  const float qx1_06 = q[(((qrow1 * 128) + dk0) + 6)];
  const float qx1_07 = q[(((qrow1 * 128) + dk0) + 7)];
  const float q1_0_0 = (qx1_00 * 0.08838834764831843f);
  const float q1_0_1 = (qx1_01 * 0.08838834764831843f);
  const float q1_0_2 = (qx1_02 * 0.08838834764831843f);
  const float q1_0_3 = (qx1_03 * 0.08838834764831843f);
  const float q1_0_4 = (qx1_04 * 0.08838834764831843f);
  const float q1_0_5 = (qx1_05 * 0.08838834764831843f);
  const float q1_0_6 = (qx1_06 * 0.08838834764831843f);
  const float q1_0_7 = (qx1_07 * 0.08838834764831843f);
  const float qx2_00 = q[((qrow2 * 128) + dk0)];
  const float qx2_01 = q[(((qrow2 * 128) + dk0) + 1)];
  const float qx2_02 = q[(((qrow2 * 128) + dk0) + 2)];
  const float qx2_03 = q[(((qrow2 * 128) + dk0) + 3)];
  const float qx2_04 = q[(((qrow2 * 128) + dk0) + 4)];
  const float qx2_05 = q[(((qrow2 * 128) + dk0) + 5)];
  const float qx2_06 = q[(((qrow2 * 128) + dk0) + 6)];
  const float qx2_07 = q[(((qrow2 * 128) + dk0) + 7)];
  const float q2_0_0 = (qx2_00 * 0.08838834764831843f);
  const float q2_0_1 = (qx2_01 * 0.08838834764831843f);
  const float q2_0_2 = (qx2_02 * 0.08838834764831843f);
  const float q2_0_3 = (qx2_03 * 0.08838834764831843f);
  const float q2_0_4 = (qx2_04 * 0.08838834764831843f);
  const float q2_0_5 = (qx2_05 * 0.08838834764831843f);
  const float q2_0_6 = (qx2_06 * 0.08838834764831843f);
  const float q2_0_7 = (qx2_07 * 0.08838834764831843f);
  const float qx3_00 = q[((qrow3 * 128) + dk0)];
  const float qx3_01 = q[(((qrow3 * 128) + dk0) + 1)];
  const float qx3_02 = q[(((qrow3 * 128) + dk0) + 2)];
  const float qx3_03 = q[(((qrow3 * 128) + dk0) + 3)];
  const float qx3_04 = q[(((qrow3 * 128) + dk0) + 4)];
  const float qx3_05 = q[(((qrow3 * 128) + dk0) + 5)];
  const float qx3_06 = q[(((qrow3 * 128) + dk0) + 6)];
  const float qx3_07 = q[(((qrow3 * 128) + dk0) + 7)];
  const float q3_0_0 = (qx3_00 * 0.08838834764831843f);
  const float q3_0_1 = (qx3_01 * 0.08838834764831843f);
  const float q3_0_2 = (qx3_02 * 0.08838834764831843f);
  const float q3_0_3 = (qx3_03 * 0.08838834764831843f);
  const float q3_0_4 = (qx3_04 * 0.08838834764831843f);
  const float q3_0_5 = (qx3_05 * 0.08838834764831843f);
  const float q3_0_6 = (qx3_06 * 0.08838834764831843f);
  const float q3_0_7 = (qx3_07 * 0.08838834764831843f);
  const float qx4_00 = q[((qrow4 * 128) + dk0)];
  const float qx4_01 = q[(((qrow4 * 128) + dk0) + 1)];
  const float qx4_02 = q[(((qrow4 * 128) + dk0) + 2)];
  const float qx4_03 = q[(((qrow4 * 128) + dk0) + 3)];
  const float qx4_04 = q[(((qrow4 * 128) + dk0) + 4)];
  const float qx4_05 = q[(((qrow4 * 128) + dk0) + 5)];
  const float qx4_06 = q[(((qrow4 * 128) + dk0) + 6)];
  const float qx4_07 = q[(((qrow4 * 128) + dk0) + 7)];
  const float q4_0_0 = (qx4_00 * 0.08838834764831843f);
  const float q4_0_1 = (qx4_01 * 0.08838834764831843f);
  const float q4_0_2 = (qx4_02 * 0.08838834764831843f);
  const float q4_0_3 = (qx4_03 * 0.08838834764831843f);
  const float q4_0_4 = (qx4_04 * 0.08838834764831843f);
  const float q4_0_5 = (qx4_05 * 0.08838834764831843f);
  const float q4_0_6 = (qx4_06 * 0.08838834764831843f);
  const float q4_0_7 = (qx4_07 * 0.08838834764831843f);
  const float qx5_00 = q[((qrow5 * 128) + dk0)];
  const float qx5_01 = q[(((qrow5 * 128) + dk0) + 1)];
  const float qx5_02 = q[(((qrow5 * 128) + dk0) + 2)];
  const float qx5_03 = q[(((qrow5 * 128) + dk0) + 3)];
  const float qx5_04 = q[(((qrow5 * 128) + dk0) + 4)];
  const float qx5_05 = q[(((qrow5 * 128) + dk0) + 5)];
  const float qx5_06 = q[(((qrow5 * 128) + dk0) + 6)];
  const float qx5_07 = q[(((qrow5 * 128) + dk0) + 7)];
  const float q5_0_0 = (qx5_00 * 0.08838834764831843f);
  const float q5_0_1 = (qx5_01 * 0.08838834764831843f);
  const float q5_0_2 = (qx5_02 * 0.08838834764831843f);
  const float q5_0_3 = (qx5_03 * 0.08838834764831843f);
  const float q5_0_4 = (qx5_04 * 0.08838834764831843f);
  const float q5_0_5 = (qx5_05 * 0.08838834764831843f);
  const float q5_0_6 = (qx5_06 * 0.08838834764831843f);
  const float q5_0_7 = (qx5_07 * 0.08838834764831843f);
  const float qx6_00 = q[((qrow6 * 128) + dk0)];
  const float qx6_01 = q[(((qrow6 * 128) + dk0) + 1)];
  const float qx6_02 = q[(((qrow6 * 128) + dk0) + 2)];
  const float qx6_03 = q[(((qrow6 * 128) + dk0) + 3)];
  const float qx6_04 = q[(((qrow6 * 128) + dk0) + 4)];
  const float qx6_05 = q[(((qrow6 * 128) + dk0) + 5)];
  const float qx6_06 = q[(((qrow6 * 128) + dk0) + 6)];
  const float qx6_07 = q[(((qrow6 * 128) + dk0) + 7)];
  const float q6_0_0 = (qx6_00 * 0.08838834764831843f);
  const float q6_0_1 = (qx6_01 * 0.08838834764831843f);
  const float q6_0_2 = (qx6_02 * 0.08838834764831843f);
  const float q6_0_3 = (qx6_03 * 0.08838834764831843f);
  const float q6_0_4 = (qx6_04 * 0.08838834764831843f);
  const float q6_0_5 = (qx6_05 * 0.08838834764831843f);
  const float q6_0_6 = (qx6_06 * 0.08838834764831843f);
  const float q6_0_7 = (qx6_07 * 0.08838834764831843f);
  const float qx7_00 = q[((qrow7 * 128) + dk0)];
  const float qx7_01 = q[(((qrow7 * 128) + dk0) + 1)];
  const float qx7_02 = q[(((qrow7 * 128) + dk0) + 2)];
  const float qx7_03 = q[(((qrow7 * 128) + dk0) + 3)];
  const float qx7_04 = q[(((qrow7 * 128) + dk0) + 4)];
  const float qx7_05 = q[(((qrow7 * 128) + dk0) + 5)];
  const float qx7_06 = q[(((qrow7 * 128) + dk0) + 6)];
  const float qx7_07 = q[(((qrow7 * 128) + dk0) + 7)];
  const float q7_0_0 = (qx7_00 * 0.08838834764831843f);
  const float q7_0_1 = (qx7_01 * 0.08838834764831843f);
  const float q7_0_2 = (qx7_02 * 0.08838834764831843f);
  const float q7_0_3 = (qx7_03 * 0.08838834764831843f);
  const float q7_0_4 = (qx7_04 * 0.08838834764831843f);
  const float q7_0_5 = (qx7_05 * 0.08838834764831843f);
  const float q7_0_6 = (qx7_06 * 0.08838834764831843f);
  const float q7_0_7 = (qx7_07 * 0.08838834764831843f);
  float m0 = (-1e+30f);
  float l0 = 0.0f;
  float acc0_0_0 = 0.0f;
  float acc0_0_1 = 0.0f;
  float acc0_0_2 = 0.0f;
  float acc0_0_3 = 0.0f;
  float acc0_0_4 = 0.0f;
  float acc0_0_5 = 0.0f;
  float acc0_0_6 = 0.0f;
  float acc0_0_7 = 0.0f;
  float m1 = (-1e+30f);
  float l1 = 0.0f;
  float acc1_0_0 = 0.0f;
  float acc1_0_1 = 0.0f;
  float acc1_0_2 = 0.0f;
  float acc1_0_3 = 0.0f;
  float acc1_0_4 = 0.0f;
  float acc1_0_5 = 0.0f;
  float acc1_0_6 = 0.0f;
  float acc1_0_7 = 0.0f;
  float m2 = (-1e+30f);
  float l2 = 0.0f;
  float acc2_0_0 = 0.0f;
  float acc2_0_1 = 0.0f;
  float acc2_0_2 = 0.0f;
  float acc2_0_3 = 0.0f;
  float acc2_0_4 = 0.0f;
  float acc2_0_5 = 0.0f;
  float acc2_0_6 = 0.0f;
  float acc2_0_7 = 0.0f;
  float m3 = (-1e+30f);
  float l3 = 0.0f;
  float acc3_0_0 = 0.0f;
  float acc3_0_1 = 0.0f;
  float acc3_0_2 = 0.0f;
  float acc3_0_3 = 0.0f;
  float acc3_0_4 = 0.0f;
  float acc3_0_5 = 0.0f;
  float acc3_0_6 = 0.0f;
  float acc3_0_7 = 0.0f;
  float m4 = (-1e+30f);
  float l4 = 0.0f;
  float acc4_0_0 = 0.0f;
  float acc4_0_1 = 0.0f;
  float acc4_0_2 = 0.0f;
  float acc4_0_3 = 0.0f;
  float acc4_0_4 = 0.0f;
  float acc4_0_5 = 0.0f;
  float acc4_0_6 = 0.0f;
  float acc4_0_7 = 0.0f;
  float m5 = (-1e+30f);
  float l5 = 0.0f;
  float acc5_0_0 = 0.0f;
  float acc5_0_1 = 0.0f;
  float acc5_0_2 = 0.0f;
  float acc5_0_3 = 0.0f;
  float acc5_0_4 = 0.0f;
  float acc5_0_5 = 0.0f;
  float acc5_0_6 = 0.0f;
  float acc5_0_7 = 0.0f;
  float m6 = (-1e+30f);
  float l6 = 0.0f;
  float acc6_0_0 = 0.0f;
  float acc6_0_1 = 0.0f;
  float acc6_0_2 = 0.0f;
  float acc6_0_3 = 0.0f;
  float acc6_0_4 = 0.0f;
  float acc6_0_5 = 0.0f;
  float acc6_0_6 = 0.0f;
  float acc6_0_7 = 0.0f;
  float m7 = (-1e+30f);
  float l7 = 0.0f;
  float acc7_0_0 = 0.0f;
  float acc7_0_1 = 0.0f;
  float acc7_0_2 = 0.0f;
  float acc7_0_3 = 0.0f;
  float acc7_0_4 = 0.0f;
  float acc7_0_5 = 0.0f;
  float acc7_0_6 = 0.0f;
  float acc7_0_7 = 0.0f;
  // red: a shared array declared at global scope
  // sc: a shared array declared at global scope
  const int kr0 = (kvbase + max(min(((k0 + 0) + grp), (k1 - 1)), 0));
  const int kr1 = (kvbase + max(min(((k0 + 8) + grp), (k1 - 1)), 0));
  uint k0_0_0 = k[(((kr0 * 128) + dk0) >> 1)];
  uint k0_0_1 = k[((((kr0 * 128) + dk0) >> 1) + 1)];
  uint k0_0_2 = k[((((kr0 * 128) + dk0) >> 1) + 2)];
  uint k0_0_3 = k[((((kr0 * 128) + dk0) >> 1) + 3)];
  uint k1_0_0 = k[(((kr1 * 128) + dk0) >> 1)];
  uint k1_0_1 = k[((((kr1 * 128) + dk0) >> 1) + 1)];
  uint k1_0_2 = k[((((kr1 * 128) + dk0) >> 1) + 2)];
  uint k1_0_3 = k[((((kr1 * 128) + dk0) >> 1) + 3)];
  uint v0_0_0 = v[(((kr0 * 128) + dv0) >> 1)];
  uint v0_0_1 = v[((((kr0 * 128) + dv0) >> 1) + 1)];
  uint v0_0_2 = v[((((kr0 * 128) + dv0) >> 1) + 2)];
  uint v0_0_3 = v[((((kr0 * 128) + dv0) >> 1) + 3)];
  uint v1_0_0 = v[(((kr1 * 128) + dv0) >> 1)];
  uint v1_0_1 = v[((((kr1 * 128) + dv0) >> 1) + 1)];
  uint v1_0_2 = v[((((kr1 * 128) + dv0) >> 1) + 2)];
  uint v1_0_3 = v[((((kr1 * 128) + dv0) >> 1) + 3)];
  for (int t = k0; t < k1; t += 16) {
    const int j0 = ((t + 0) + grp);
    const int krn0 = (kvbase + max(min(((t + 16) + grp), (k1 - 1)), 0));
    const int j1 = ((t + 8) + grp);
    const int krn1 = (kvbase + max(min(((t + 24) + grp), (k1 - 1)), 0));
    const uint nk0_0_0 = k[(((krn0 * 128) + dk0) >> 1)];
    const uint nk0_0_1 = k[((((krn0 * 128) + dk0) >> 1) + 1)];
    const uint nk0_0_2 = k[((((krn0 * 128) + dk0) >> 1) + 2)];
    const uint nk0_0_3 = k[((((krn0 * 128) + dk0) >> 1) + 3)];
    const uint nk1_0_0 = k[(((krn1 * 128) + dk0) >> 1)];
    const uint nk1_0_1 = k[((((krn1 * 128) + dk0) >> 1) + 1)];
    const uint nk1_0_2 = k[((((krn1 * 128) + dk0) >> 1) + 2)];
    const uint nk1_0_3 = k[((((krn1 * 128) + dk0) >> 1) + 3)];
    const uint nv0_0_0 = v[(((krn0 * 128) + dv0) >> 1)];
    const uint nv0_0_1 = v[((((krn0 * 128) + dv0) >> 1) + 1)];
    const uint nv0_0_2 = v[((((krn0 * 128) + dv0) >> 1) + 2)];
    const uint nv0_0_3 = v[((((krn0 * 128) + dv0) >> 1) + 3)];
    const uint nv1_0_0 = v[(((krn1 * 128) + dv0) >> 1)];
    const uint nv1_0_1 = v[((((krn1 * 128) + dv0) >> 1) + 1)];
    const uint nv1_0_2 = v[((((krn1 * 128) + dv0) >> 1) + 2)];
    const uint nv1_0_3 = v[((((krn1 * 128) + dv0) >> 1) + 3)];
    const float k0_0_x0 = unpackHalf2x16(k0_0_0).x;
    const float k0_0_x1 = unpackHalf2x16((k0_0_0 >> 16u)).x;
    const float k0_0_x2 = unpackHalf2x16(k0_0_1).x;
    const float k0_0_x3 = unpackHalf2x16((k0_0_1 >> 16u)).x;
    const float k0_0_x4 = unpackHalf2x16(k0_0_2).x;
    const float k0_0_x5 = unpackHalf2x16((k0_0_2 >> 16u)).x;
    const float k0_0_x6 = unpackHalf2x16(k0_0_3).x;
    const float k0_0_x7 = unpackHalf2x16((k0_0_3 >> 16u)).x;
    const float k1_0_x0 = unpackHalf2x16(k1_0_0).x;
    const float k1_0_x1 = unpackHalf2x16((k1_0_0 >> 16u)).x;
    const float k1_0_x2 = unpackHalf2x16(k1_0_1).x;
    const float k1_0_x3 = unpackHalf2x16((k1_0_1 >> 16u)).x;
    const float k1_0_x4 = unpackHalf2x16(k1_0_2).x;
    const float k1_0_x5 = unpackHalf2x16((k1_0_2 >> 16u)).x;
    const float k1_0_x6 = unpackHalf2x16(k1_0_3).x;
    const float k1_0_x7 = unpackHalf2x16((k1_0_3 >> 16u)).x;
    const float v0_0_x0 = unpackHalf2x16(v0_0_0).x;
    const float v0_0_x1 = unpackHalf2x16((v0_0_0 >> 16u)).x;
    const float v0_0_x2 = unpackHalf2x16(v0_0_1).x;
    const float v0_0_x3 = unpackHalf2x16((v0_0_1 >> 16u)).x;
    const float v0_0_x4 = unpackHalf2x16(v0_0_2).x;
    const float v0_0_x5 = unpackHalf2x16((v0_0_2 >> 16u)).x;
    const float v0_0_x6 = unpackHalf2x16(v0_0_3).x;
    const float v0_0_x7 = unpackHalf2x16((v0_0_3 >> 16u)).x;
    const float v1_0_x0 = unpackHalf2x16(v1_0_0).x;
    const float v1_0_x1 = unpackHalf2x16((v1_0_0 >> 16u)).x;
    const float v1_0_x2 = unpackHalf2x16(v1_0_1).x;
    const float v1_0_x3 = unpackHalf2x16((v1_0_1 >> 16u)).x;
    const float v1_0_x4 = unpackHalf2x16(v1_0_2).x;
    const float v1_0_x5 = unpackHalf2x16((v1_0_2 >> 16u)).x;
    const float v1_0_x6 = unpackHalf2x16(v1_0_3).x;
    const float v1_0_x7 = unpackHalf2x16((v1_0_3 >> 16u)).x;
    const float pd0_0 = fma(q0_0_7, k0_0_x7, fma(q0_0_6, k0_0_x6, fma(q0_0_5, k0_0_x5, fma(q0_0_4, k0_0_x4, fma(q0_0_3, k0_0_x3, fma(q0_0_2, k0_0_x2, fma(q0_0_1, k0_0_x1, (q0_0_0 * k0_0_x0))))))));
    const float pd0_1 = fma(q0_0_7, k1_0_x7, fma(q0_0_6, k1_0_x6, fma(q0_0_5, k1_0_x5, fma(q0_0_4, k1_0_x4, fma(q0_0_3, k1_0_x3, fma(q0_0_2, k1_0_x2, fma(q0_0_1, k1_0_x1, (q0_0_0 * k1_0_x0))))))));
    const float pd1_0 = fma(q1_0_7, k0_0_x7, fma(q1_0_6, k0_0_x6, fma(q1_0_5, k0_0_x5, fma(q1_0_4, k0_0_x4, fma(q1_0_3, k0_0_x3, fma(q1_0_2, k0_0_x2, fma(q1_0_1, k0_0_x1, (q1_0_0 * k0_0_x0))))))));
    const float pd1_1 = fma(q1_0_7, k1_0_x7, fma(q1_0_6, k1_0_x6, fma(q1_0_5, k1_0_x5, fma(q1_0_4, k1_0_x4, fma(q1_0_3, k1_0_x3, fma(q1_0_2, k1_0_x2, fma(q1_0_1, k1_0_x1, (q1_0_0 * k1_0_x0))))))));
    const float pd2_0 = fma(q2_0_7, k0_0_x7, fma(q2_0_6, k0_0_x6, fma(q2_0_5, k0_0_x5, fma(q2_0_4, k0_0_x4, fma(q2_0_3, k0_0_x3, fma(q2_0_2, k0_0_x2, fma(q2_0_1, k0_0_x1, (q2_0_0 * k0_0_x0))))))));
    const float pd2_1 = fma(q2_0_7, k1_0_x7, fma(q2_0_6, k1_0_x6, fma(q2_0_5, k1_0_x5, fma(q2_0_4, k1_0_x4, fma(q2_0_3, k1_0_x3, fma(q2_0_2, k1_0_x2, fma(q2_0_1, k1_0_x1, (q2_0_0 * k1_0_x0))))))));
    const float pd3_0 = fma(q3_0_7, k0_0_x7, fma(q3_0_6, k0_0_x6, fma(q3_0_5, k0_0_x5, fma(q3_0_4, k0_0_x4, fma(q3_0_3, k0_0_x3, fma(q3_0_2, k0_0_x2, fma(q3_0_1, k0_0_x1, (q3_0_0 * k0_0_x0))))))));
    const float pd3_1 = fma(q3_0_7, k1_0_x7, fma(q3_0_6, k1_0_x6, fma(q3_0_5, k1_0_x5, fma(q3_0_4, k1_0_x4, fma(q3_0_3, k1_0_x3, fma(q3_0_2, k1_0_x2, fma(q3_0_1, k1_0_x1, (q3_0_0 * k1_0_x0))))))));
    const float pd4_0 = fma(q4_0_7, k0_0_x7, fma(q4_0_6, k0_0_x6, fma(q4_0_5, k0_0_x5, fma(q4_0_4, k0_0_x4, fma(q4_0_3, k0_0_x3, fma(q4_0_2, k0_0_x2, fma(q4_0_1, k0_0_x1, (q4_0_0 * k0_0_x0))))))));
    const float pd4_1 = fma(q4_0_7, k1_0_x7, fma(q4_0_6, k1_0_x6, fma(q4_0_5, k1_0_x5, fma(q4_0_4, k1_0_x4, fma(q4_0_3, k1_0_x3, fma(q4_0_2, k1_0_x2, fma(q4_0_1, k1_0_x1, (q4_0_0 * k1_0_x0))))))));
    const float pd5_0 = fma(q5_0_7, k0_0_x7, fma(q5_0_6, k0_0_x6, fma(q5_0_5, k0_0_x5, fma(q5_0_4, k0_0_x4, fma(q5_0_3, k0_0_x3, fma(q5_0_2, k0_0_x2, fma(q5_0_1, k0_0_x1, (q5_0_0 * k0_0_x0))))))));
    const float pd5_1 = fma(q5_0_7, k1_0_x7, fma(q5_0_6, k1_0_x6, fma(q5_0_5, k1_0_x5, fma(q5_0_4, k1_0_x4, fma(q5_0_3, k1_0_x3, fma(q5_0_2, k1_0_x2, fma(q5_0_1, k1_0_x1, (q5_0_0 * k1_0_x0))))))));
    const float pd6_0 = fma(q6_0_7, k0_0_x7, fma(q6_0_6, k0_0_x6, fma(q6_0_5, k0_0_x5, fma(q6_0_4, k0_0_x4, fma(q6_0_3, k0_0_x3, fma(q6_0_2, k0_0_x2, fma(q6_0_1, k0_0_x1, (q6_0_0 * k0_0_x0))))))));
    const float pd6_1 = fma(q6_0_7, k1_0_x7, fma(q6_0_6, k1_0_x6, fma(q6_0_5, k1_0_x5, fma(q6_0_4, k1_0_x4, fma(q6_0_3, k1_0_x3, fma(q6_0_2, k1_0_x2, fma(q6_0_1, k1_0_x1, (q6_0_0 * k1_0_x0))))))));
    const float pd7_0 = fma(q7_0_7, k0_0_x7, fma(q7_0_6, k0_0_x6, fma(q7_0_5, k0_0_x5, fma(q7_0_4, k0_0_x4, fma(q7_0_3, k0_0_x3, fma(q7_0_2, k0_0_x2, fma(q7_0_1, k0_0_x1, (q7_0_0 * k0_0_x0))))))));
    const float pd7_1 = fma(q7_0_7, k1_0_x7, fma(q7_0_6, k1_0_x6, fma(q7_0_5, k1_0_x5, fma(q7_0_4, k1_0_x4, fma(q7_0_3, k1_0_x3, fma(q7_0_2, k1_0_x2, fma(q7_0_1, k1_0_x1, (q7_0_0 * k1_0_x0))))))));
    red[(0 + tid)] = pd0_0;
    red[(129 + tid)] = pd0_1;
    red[(258 + tid)] = pd1_0;
    red[(387 + tid)] = pd1_1;
    red[(516 + tid)] = pd2_0;
    red[(645 + tid)] = pd2_1;
    red[(774 + tid)] = pd3_0;
    red[(903 + tid)] = pd3_1;
    red[(1032 + tid)] = pd4_0;
    red[(1161 + tid)] = pd4_1;
    red[(1290 + tid)] = pd5_0;
    red[(1419 + tid)] = pd5_1;
    red[(1548 + tid)] = pd6_0;
    red[(1677 + tid)] = pd6_1;
    red[(1806 + tid)] = pd7_0;
    red[(1935 + tid)] = pd7_1;
    memoryBarrierShared(); barrier();
    const int gbase = (grp * 16);
    const int rp0 = (ln + 0);
    const int ra0 = ((rp0 * 129) + gbase);
    float rs0 = red[ra0];
    for (int rl0 = 1; rl0 < 16; rl0++) {
      rs0 = (rs0 + red[(ra0 + rl0)]);
    }
    sc[((rp0 * 8) + grp)] = rs0;
    memoryBarrierShared(); barrier();
    const float s0_0 = sc[(0 + grp)];
    const float s0_1 = sc[(8 + grp)];
    const float s1_0 = sc[(16 + grp)];
    const float s1_1 = sc[(24 + grp)];
    const float s2_0 = sc[(32 + grp)];
    const float s2_1 = sc[(40 + grp)];
    const float s3_0 = sc[(48 + grp)];
    const float s3_1 = sc[(56 + grp)];
    const float s4_0 = sc[(64 + grp)];
    const float s4_1 = sc[(72 + grp)];
    const float s5_0 = sc[(80 + grp)];
    const float s5_1 = sc[(88 + grp)];
    const float s6_0 = sc[(96 + grp)];
    const float s6_1 = sc[(104 + grp)];
    const float s7_0 = sc[(112 + grp)];
    const float s7_1 = sc[(120 + grp)];
    const bool vis0_0 = (j0 < k1);
    const bool vis0_1 = (j1 < k1);
    const float mt0 = max((vis0_0 ? s0_0 : (-1e+30f)), (vis0_1 ? s0_1 : (-1e+30f)));
    const float mn0 = max(m0, mt0);
    const float al0 = exp((m0 - mn0));
    const float pr0_0 = (vis0_0 ? exp((s0_0 - mn0)) : 0.0f);
    const float pr0_1 = (vis0_1 ? exp((s0_1 - mn0)) : 0.0f);
    l0 = ((l0 * al0) + (pr0_0 + pr0_1));
    m0 = mn0;
    acc0_0_0 = fma(pr0_1, v1_0_x0, fma(pr0_0, v0_0_x0, (acc0_0_0 * al0)));
    acc0_0_1 = fma(pr0_1, v1_0_x1, fma(pr0_0, v0_0_x1, (acc0_0_1 * al0)));
    acc0_0_2 = fma(pr0_1, v1_0_x2, fma(pr0_0, v0_0_x2, (acc0_0_2 * al0)));
    acc0_0_3 = fma(pr0_1, v1_0_x3, fma(pr0_0, v0_0_x3, (acc0_0_3 * al0)));
    acc0_0_4 = fma(pr0_1, v1_0_x4, fma(pr0_0, v0_0_x4, (acc0_0_4 * al0)));
    acc0_0_5 = fma(pr0_1, v1_0_x5, fma(pr0_0, v0_0_x5, (acc0_0_5 * al0)));
    acc0_0_6 = fma(pr0_1, v1_0_x6, fma(pr0_0, v0_0_x6, (acc0_0_6 * al0)));
    acc0_0_7 = fma(pr0_1, v1_0_x7, fma(pr0_0, v0_0_x7, (acc0_0_7 * al0)));
    const bool vis1_0 = (j0 < k1);
    const bool vis1_1 = (j1 < k1);
    const float mt1 = max((vis1_0 ? s1_0 : (-1e+30f)), (vis1_1 ? s1_1 : (-1e+30f)));
    const float mn1 = max(m1, mt1);
    const float al1 = exp((m1 - mn1));
    const float pr1_0 = (vis1_0 ? exp((s1_0 - mn1)) : 0.0f);
    const float pr1_1 = (vis1_1 ? exp((s1_1 - mn1)) : 0.0f);
    l1 = ((l1 * al1) + (pr1_0 + pr1_1));
    m1 = mn1;
    acc1_0_0 = fma(pr1_1, v1_0_x0, fma(pr1_0, v0_0_x0, (acc1_0_0 * al1)));
    acc1_0_1 = fma(pr1_1, v1_0_x1, fma(pr1_0, v0_0_x1, (acc1_0_1 * al1)));
    acc1_0_2 = fma(pr1_1, v1_0_x2, fma(pr1_0, v0_0_x2, (acc1_0_2 * al1)));
    acc1_0_3 = fma(pr1_1, v1_0_x3, fma(pr1_0, v0_0_x3, (acc1_0_3 * al1)));
    acc1_0_4 = fma(pr1_1, v1_0_x4, fma(pr1_0, v0_0_x4, (acc1_0_4 * al1)));
    acc1_0_5 = fma(pr1_1, v1_0_x5, fma(pr1_0, v0_0_x5, (acc1_0_5 * al1)));
    acc1_0_6 = fma(pr1_1, v1_0_x6, fma(pr1_0, v0_0_x6, (acc1_0_6 * al1)));
    acc1_0_7 = fma(pr1_1, v1_0_x7, fma(pr1_0, v0_0_x7, (acc1_0_7 * al1)));
    const bool vis2_0 = (j0 < k1);
    const bool vis2_1 = (j1 < k1);
    const float mt2 = max((vis2_0 ? s2_0 : (-1e+30f)), (vis2_1 ? s2_1 : (-1e+30f)));
    const float mn2 = max(m2, mt2);
    const float al2 = exp((m2 - mn2));
    const float pr2_0 = (vis2_0 ? exp((s2_0 - mn2)) : 0.0f);
    const float pr2_1 = (vis2_1 ? exp((s2_1 - mn2)) : 0.0f);
    l2 = ((l2 * al2) + (pr2_0 + pr2_1));
    m2 = mn2;
    acc2_0_0 = fma(pr2_1, v1_0_x0, fma(pr2_0, v0_0_x0, (acc2_0_0 * al2)));
    acc2_0_1 = fma(pr2_1, v1_0_x1, fma(pr2_0, v0_0_x1, (acc2_0_1 * al2)));
    acc2_0_2 = fma(pr2_1, v1_0_x2, fma(pr2_0, v0_0_x2, (acc2_0_2 * al2)));
    acc2_0_3 = fma(pr2_1, v1_0_x3, fma(pr2_0, v0_0_x3, (acc2_0_3 * al2)));
    acc2_0_4 = fma(pr2_1, v1_0_x4, fma(pr2_0, v0_0_x4, (acc2_0_4 * al2)));
    acc2_0_5 = fma(pr2_1, v1_0_x5, fma(pr2_0, v0_0_x5, (acc2_0_5 * al2)));
    acc2_0_6 = fma(pr2_1, v1_0_x6, fma(pr2_0, v0_0_x6, (acc2_0_6 * al2)));
    acc2_0_7 = fma(pr2_1, v1_0_x7, fma(pr2_0, v0_0_x7, (acc2_0_7 * al2)));
    const bool vis3_0 = (j0 < k1);
    const bool vis3_1 = (j1 < k1);
    const float mt3 = max((vis3_0 ? s3_0 : (-1e+30f)), (vis3_1 ? s3_1 : (-1e+30f)));
    const float mn3 = max(m3, mt3);
    const float al3 = exp((m3 - mn3));
    const float pr3_0 = (vis3_0 ? exp((s3_0 - mn3)) : 0.0f);
    const float pr3_1 = (vis3_1 ? exp((s3_1 - mn3)) : 0.0f);
    l3 = ((l3 * al3) + (pr3_0 + pr3_1));
    m3 = mn3;
    acc3_0_0 = fma(pr3_1, v1_0_x0, fma(pr3_0, v0_0_x0, (acc3_0_0 * al3)));
    acc3_0_1 = fma(pr3_1, v1_0_x1, fma(pr3_0, v0_0_x1, (acc3_0_1 * al3)));
    acc3_0_2 = fma(pr3_1, v1_0_x2, fma(pr3_0, v0_0_x2, (acc3_0_2 * al3)));
    acc3_0_3 = fma(pr3_1, v1_0_x3, fma(pr3_0, v0_0_x3, (acc3_0_3 * al3)));
    acc3_0_4 = fma(pr3_1, v1_0_x4, fma(pr3_0, v0_0_x4, (acc3_0_4 * al3)));
    acc3_0_5 = fma(pr3_1, v1_0_x5, fma(pr3_0, v0_0_x5, (acc3_0_5 * al3)));
    acc3_0_6 = fma(pr3_1, v1_0_x6, fma(pr3_0, v0_0_x6, (acc3_0_6 * al3)));
    acc3_0_7 = fma(pr3_1, v1_0_x7, fma(pr3_0, v0_0_x7, (acc3_0_7 * al3)));
    const bool vis4_0 = (j0 < k1);
    const bool vis4_1 = (j1 < k1);
    const float mt4 = max((vis4_0 ? s4_0 : (-1e+30f)), (vis4_1 ? s4_1 : (-1e+30f)));
    const float mn4 = max(m4, mt4);
    const float al4 = exp((m4 - mn4));
    const float pr4_0 = (vis4_0 ? exp((s4_0 - mn4)) : 0.0f);
    const float pr4_1 = (vis4_1 ? exp((s4_1 - mn4)) : 0.0f);
    l4 = ((l4 * al4) + (pr4_0 + pr4_1));
    m4 = mn4;
    acc4_0_0 = fma(pr4_1, v1_0_x0, fma(pr4_0, v0_0_x0, (acc4_0_0 * al4)));
    acc4_0_1 = fma(pr4_1, v1_0_x1, fma(pr4_0, v0_0_x1, (acc4_0_1 * al4)));
    acc4_0_2 = fma(pr4_1, v1_0_x2, fma(pr4_0, v0_0_x2, (acc4_0_2 * al4)));
    acc4_0_3 = fma(pr4_1, v1_0_x3, fma(pr4_0, v0_0_x3, (acc4_0_3 * al4)));
    acc4_0_4 = fma(pr4_1, v1_0_x4, fma(pr4_0, v0_0_x4, (acc4_0_4 * al4)));
    acc4_0_5 = fma(pr4_1, v1_0_x5, fma(pr4_0, v0_0_x5, (acc4_0_5 * al4)));
    acc4_0_6 = fma(pr4_1, v1_0_x6, fma(pr4_0, v0_0_x6, (acc4_0_6 * al4)));
    acc4_0_7 = fma(pr4_1, v1_0_x7, fma(pr4_0, v0_0_x7, (acc4_0_7 * al4)));
    const bool vis5_0 = (j0 < k1);
    const bool vis5_1 = (j1 < k1);
    const float mt5 = max((vis5_0 ? s5_0 : (-1e+30f)), (vis5_1 ? s5_1 : (-1e+30f)));
    const float mn5 = max(m5, mt5);
    const float al5 = exp((m5 - mn5));
    const float pr5_0 = (vis5_0 ? exp((s5_0 - mn5)) : 0.0f);
    const float pr5_1 = (vis5_1 ? exp((s5_1 - mn5)) : 0.0f);
    l5 = ((l5 * al5) + (pr5_0 + pr5_1));
    m5 = mn5;
    acc5_0_0 = fma(pr5_1, v1_0_x0, fma(pr5_0, v0_0_x0, (acc5_0_0 * al5)));
    acc5_0_1 = fma(pr5_1, v1_0_x1, fma(pr5_0, v0_0_x1, (acc5_0_1 * al5)));
    acc5_0_2 = fma(pr5_1, v1_0_x2, fma(pr5_0, v0_0_x2, (acc5_0_2 * al5)));
    acc5_0_3 = fma(pr5_1, v1_0_x3, fma(pr5_0, v0_0_x3, (acc5_0_3 * al5)));
    acc5_0_4 = fma(pr5_1, v1_0_x4, fma(pr5_0, v0_0_x4, (acc5_0_4 * al5)));
    acc5_0_5 = fma(pr5_1, v1_0_x5, fma(pr5_0, v0_0_x5, (acc5_0_5 * al5)));
    acc5_0_6 = fma(pr5_1, v1_0_x6, fma(pr5_0, v0_0_x6, (acc5_0_6 * al5)));
    acc5_0_7 = fma(pr5_1, v1_0_x7, fma(pr5_0, v0_0_x7, (acc5_0_7 * al5)));
    const bool vis6_0 = (j0 < k1);
    const bool vis6_1 = (j1 < k1);
    const float mt6 = max((vis6_0 ? s6_0 : (-1e+30f)), (vis6_1 ? s6_1 : (-1e+30f)));
    const float mn6 = max(m6, mt6);
    const float al6 = exp((m6 - mn6));
    const float pr6_0 = (vis6_0 ? exp((s6_0 - mn6)) : 0.0f);
    const float pr6_1 = (vis6_1 ? exp((s6_1 - mn6)) : 0.0f);
    l6 = ((l6 * al6) + (pr6_0 + pr6_1));
    m6 = mn6;
    acc6_0_0 = fma(pr6_1, v1_0_x0, fma(pr6_0, v0_0_x0, (acc6_0_0 * al6)));
    acc6_0_1 = fma(pr6_1, v1_0_x1, fma(pr6_0, v0_0_x1, (acc6_0_1 * al6)));
    acc6_0_2 = fma(pr6_1, v1_0_x2, fma(pr6_0, v0_0_x2, (acc6_0_2 * al6)));
    acc6_0_3 = fma(pr6_1, v1_0_x3, fma(pr6_0, v0_0_x3, (acc6_0_3 * al6)));
    acc6_0_4 = fma(pr6_1, v1_0_x4, fma(pr6_0, v0_0_x4, (acc6_0_4 * al6)));
    acc6_0_5 = fma(pr6_1, v1_0_x5, fma(pr6_0, v0_0_x5, (acc6_0_5 * al6)));
    acc6_0_6 = fma(pr6_1, v1_0_x6, fma(pr6_0, v0_0_x6, (acc6_0_6 * al6)));
    acc6_0_7 = fma(pr6_1, v1_0_x7, fma(pr6_0, v0_0_x7, (acc6_0_7 * al6)));
    const bool vis7_0 = (j0 < k1);
    const bool vis7_1 = (j1 < k1);
    const float mt7 = max((vis7_0 ? s7_0 : (-1e+30f)), (vis7_1 ? s7_1 : (-1e+30f)));
    const float mn7 = max(m7, mt7);
    const float al7 = exp((m7 - mn7));
    const float pr7_0 = (vis7_0 ? exp((s7_0 - mn7)) : 0.0f);
    const float pr7_1 = (vis7_1 ? exp((s7_1 - mn7)) : 0.0f);
    l7 = ((l7 * al7) + (pr7_0 + pr7_1));
    m7 = mn7;
    acc7_0_0 = fma(pr7_1, v1_0_x0, fma(pr7_0, v0_0_x0, (acc7_0_0 * al7)));
    acc7_0_1 = fma(pr7_1, v1_0_x1, fma(pr7_0, v0_0_x1, (acc7_0_1 * al7)));
    acc7_0_2 = fma(pr7_1, v1_0_x2, fma(pr7_0, v0_0_x2, (acc7_0_2 * al7)));
    acc7_0_3 = fma(pr7_1, v1_0_x3, fma(pr7_0, v0_0_x3, (acc7_0_3 * al7)));
    acc7_0_4 = fma(pr7_1, v1_0_x4, fma(pr7_0, v0_0_x4, (acc7_0_4 * al7)));
    acc7_0_5 = fma(pr7_1, v1_0_x5, fma(pr7_0, v0_0_x5, (acc7_0_5 * al7)));
    acc7_0_6 = fma(pr7_1, v1_0_x6, fma(pr7_0, v0_0_x6, (acc7_0_6 * al7)));
    acc7_0_7 = fma(pr7_1, v1_0_x7, fma(pr7_0, v0_0_x7, (acc7_0_7 * al7)));
    k0_0_0 = nk0_0_0;
    k0_0_1 = nk0_0_1;
    k0_0_2 = nk0_0_2;
    k0_0_3 = nk0_0_3;
    k1_0_0 = nk1_0_0;
    k1_0_1 = nk1_0_1;
    k1_0_2 = nk1_0_2;
    k1_0_3 = nk1_0_3;
    v0_0_0 = nv0_0_0;
    v0_0_1 = nv0_0_1;
    v0_0_2 = nv0_0_2;
    v0_0_3 = nv0_0_3;
    v1_0_0 = nv1_0_0;
    v1_0_1 = nv1_0_1;
    v1_0_2 = nv1_0_2;
    v1_0_3 = nv1_0_3;
  }
  // sm_ml: a shared array declared at global scope
  if (ln == 0) {
    sm_ml[((0 + grp) * 2)] = m0;
    sm_ml[(((0 + grp) * 2) + 1)] = l0;
    sm_ml[((8 + grp) * 2)] = m1;
    sm_ml[(((8 + grp) * 2) + 1)] = l1;
    sm_ml[((16 + grp) * 2)] = m2;
    sm_ml[(((16 + grp) * 2) + 1)] = l2;
    sm_ml[((24 + grp) * 2)] = m3;
    sm_ml[(((24 + grp) * 2) + 1)] = l3;
    sm_ml[((32 + grp) * 2)] = m4;
    sm_ml[(((32 + grp) * 2) + 1)] = l4;
    sm_ml[((40 + grp) * 2)] = m5;
    sm_ml[(((40 + grp) * 2) + 1)] = l5;
    sm_ml[((48 + grp) * 2)] = m6;
    sm_ml[(((48 + grp) * 2) + 1)] = l6;
    sm_ml[((56 + grp) * 2)] = m7;
    sm_ml[(((56 + grp) * 2) + 1)] = l7;
  }
  memoryBarrierShared(); barrier();
  float M0 = (-1e+30f);
  for (int gm0 = 0; gm0 < 8; gm0++) {
    M0 = max(M0, sm_ml[((gm0 + 0) * 2)]);
  }
  float Lt0 = 0.0f;
  for (int gl0 = 0; gl0 < 8; gl0++) {
    const int gi0 = ((gl0 + 0) * 2);
    Lt0 = fma(exp((sm_ml[gi0] - M0)), sm_ml[(gi0 + 1)], Lt0);
  }
  const float w0 = exp((m0 - M0));
  float M1 = (-1e+30f);
  for (int gm1 = 0; gm1 < 8; gm1++) {
    M1 = max(M1, sm_ml[((gm1 + 8) * 2)]);
  }
  float Lt1 = 0.0f;
  for (int gl1 = 0; gl1 < 8; gl1++) {
    const int gi1 = ((gl1 + 8) * 2);
    Lt1 = fma(exp((sm_ml[gi1] - M1)), sm_ml[(gi1 + 1)], Lt1);
  }
  const float w1 = exp((m1 - M1));
  float M2 = (-1e+30f);
  for (int gm2 = 0; gm2 < 8; gm2++) {
    M2 = max(M2, sm_ml[((gm2 + 16) * 2)]);
  }
  float Lt2 = 0.0f;
  for (int gl2 = 0; gl2 < 8; gl2++) {
    const int gi2 = ((gl2 + 16) * 2);
    Lt2 = fma(exp((sm_ml[gi2] - M2)), sm_ml[(gi2 + 1)], Lt2);
  }
  const float w2 = exp((m2 - M2));
  float M3 = (-1e+30f);
  for (int gm3 = 0; gm3 < 8; gm3++) {
    M3 = max(M3, sm_ml[((gm3 + 24) * 2)]);
  }
  float Lt3 = 0.0f;
  for (int gl3 = 0; gl3 < 8; gl3++) {
    const int gi3 = ((gl3 + 24) * 2);
    Lt3 = fma(exp((sm_ml[gi3] - M3)), sm_ml[(gi3 + 1)], Lt3);
  }
  const float w3 = exp((m3 - M3));
  float M4 = (-1e+30f);
  for (int gm4 = 0; gm4 < 8; gm4++) {
    M4 = max(M4, sm_ml[((gm4 + 32) * 2)]);
  }
  float Lt4 = 0.0f;
  for (int gl4 = 0; gl4 < 8; gl4++) {
    const int gi4 = ((gl4 + 32) * 2);
    Lt4 = fma(exp((sm_ml[gi4] - M4)), sm_ml[(gi4 + 1)], Lt4);
  }
  const float w4 = exp((m4 - M4));
  float M5 = (-1e+30f);
  for (int gm5 = 0; gm5 < 8; gm5++) {
    M5 = max(M5, sm_ml[((gm5 + 40) * 2)]);
  }
  float Lt5 = 0.0f;
  for (int gl5 = 0; gl5 < 8; gl5++) {
    const int gi5 = ((gl5 + 40) * 2);
    Lt5 = fma(exp((sm_ml[gi5] - M5)), sm_ml[(gi5 + 1)], Lt5);
  }
  const float w5 = exp((m5 - M5));
  float M6 = (-1e+30f);
  for (int gm6 = 0; gm6 < 8; gm6++) {
    M6 = max(M6, sm_ml[((gm6 + 48) * 2)]);
  }
  float Lt6 = 0.0f;
  for (int gl6 = 0; gl6 < 8; gl6++) {
    const int gi6 = ((gl6 + 48) * 2);
    Lt6 = fma(exp((sm_ml[gi6] - M6)), sm_ml[(gi6 + 1)], Lt6);
  }
  const float w6 = exp((m6 - M6));
  float M7 = (-1e+30f);
  for (int gm7 = 0; gm7 < 8; gm7++) {
    M7 = max(M7, sm_ml[((gm7 + 56) * 2)]);
  }
  float Lt7 = 0.0f;
  for (int gl7 = 0; gl7 < 8; gl7++) {
    const int gi7 = ((gl7 + 56) * 2);
    Lt7 = fma(exp((sm_ml[gi7] - M7)), sm_ml[(gi7 + 1)], Lt7);
  }
  const float w7 = exp((m7 - M7));
  // sm_o: a shared array declared at global scope
  sm_o[(((0 + grp) * 128) + (dv0 + 0))] = (acc0_0_0 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 1))] = (acc0_0_1 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 2))] = (acc0_0_2 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 3))] = (acc0_0_3 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 4))] = (acc0_0_4 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 5))] = (acc0_0_5 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 6))] = (acc0_0_6 * w0);
  sm_o[(((0 + grp) * 128) + (dv0 + 7))] = (acc0_0_7 * w0);
  memoryBarrierShared(); barrier();
  if ((r0 + 0) < rows) {
    for (int dd0 = tid; dd0 < 128; dd0 += 128) {
      float so0 = sm_o[(0 + dd0)];
      for (int gs0 = 1; gs0 < 8; gs0++) {
        so0 = (so0 + sm_o[(((gs0 + 0) * 128) + dd0)]);
      }
      partial_o[((((qrow0 * 4) + split) * 128) + dd0)] = so0;
    }
    if (tid == 0) {
      partial_ml[(((qrow0 * 4) + split) * 2)] = M0;
      partial_ml[((((qrow0 * 4) + split) * 2) + 1)] = Lt0;
    }
  }
  memoryBarrierShared(); barrier();
  sm_o[(((0 + grp) * 128) + (dv0 + 0))] = (acc1_0_0 * w1);
  sm_o[(((0 + grp) * 128) + (dv0 + 1))] = (acc1_0_1 * w1);
  sm_o[(((0 + grp) * 128) + (dv0 + 2))] = (acc1_0_2 * w1);
  sm_o[(((0 + grp) * 128) + (dv0 + 3))] = (acc1_0_3 * w1);
  sm_o[(((0 + grp) * 128) + (dv0 + 4))] = (acc1_0_4 * w1);
  sm_o[(((0 + grp) * 128) + (dv0 + 5))] = (acc1_0_5 * w1);
  sm_o[(((0 + grp) * 128) + (dv0 + 6))] = (acc1_0_6 * w1);
  sm_o[(((0 + grp) * 128) + (dv0 + 7))] = (acc1_0_7 * w1);
  memoryBarrierShared(); barrier();
  if ((r0 + 1) < rows) {
    for (int dd1 = tid; dd1 < 128; dd1 += 128) {
      float so1 = sm_o[(0 + dd1)];
      for (int gs1 = 1; gs1 < 8; gs1++) {
        so1 = (so1 + sm_o[(((gs1 + 0) * 128) + dd1)]);
      }
      partial_o[((((qrow1 * 4) + split) * 128) + dd1)] = so1;
    }
    if (tid == 0) {
      partial_ml[(((qrow1 * 4) + split) * 2)] = M1;
      partial_ml[((((qrow1 * 4) + split) * 2) + 1)] = Lt1;
    }
  }
  memoryBarrierShared(); barrier();
  sm_o[(((0 + grp) * 128) + (dv0 + 0))] = (acc2_0_0 * w2);
  sm_o[(((0 + grp) * 128) + (dv0 + 1))] = (acc2_0_1 * w2);
  sm_o[(((0 + grp) * 128) + (dv0 + 2))] = (acc2_0_2 * w2);
  sm_o[(((0 + grp) * 128) + (dv0 + 3))] = (acc2_0_3 * w2);
  sm_o[(((0 + grp) * 128) + (dv0 + 4))] = (acc2_0_4 * w2);
  sm_o[(((0 + grp) * 128) + (dv0 + 5))] = (acc2_0_5 * w2);
  sm_o[(((0 + grp) * 128) + (dv0 + 6))] = (acc2_0_6 * w2);
  sm_o[(((0 + grp) * 128) + (dv0 + 7))] = (acc2_0_7 * w2);
  memoryBarrierShared(); barrier();
  if ((r0 + 2) < rows) {
    for (int dd2 = tid; dd2 < 128; dd2 += 128) {
      float so2 = sm_o[(0 + dd2)];
      for (int gs2 = 1; gs2 < 8; gs2++) {
        so2 = (so2 + sm_o[(((gs2 + 0) * 128) + dd2)]);
      }
      partial_o[((((qrow2 * 4) + split) * 128) + dd2)] = so2;
    }
    if (tid == 0) {
      partial_ml[(((qrow2 * 4) + split) * 2)] = M2;
      partial_ml[((((qrow2 * 4) + split) * 2) + 1)] = Lt2;
    }
  }
  memoryBarrierShared(); barrier();
  sm_o[(((0 + grp) * 128) + (dv0 + 0))] = (acc3_0_0 * w3);
  sm_o[(((0 + grp) * 128) + (dv0 + 1))] = (acc3_0_1 * w3);
  sm_o[(((0 + grp) * 128) + (dv0 + 2))] = (acc3_0_2 * w3);
  sm_o[(((0 + grp) * 128) + (dv0 + 3))] = (acc3_0_3 * w3);
  sm_o[(((0 + grp) * 128) + (dv0 + 4))] = (acc3_0_4 * w3);
  sm_o[(((0 + grp) * 128) + (dv0 + 5))] = (acc3_0_5 * w3);
  sm_o[(((0 + grp) * 128) + (dv0 + 6))] = (acc3_0_6 * w3);
  sm_o[(((0 + grp) * 128) + (dv0 + 7))] = (acc3_0_7 * w3);
  memoryBarrierShared(); barrier();
  if ((r0 + 3) < rows) {
    for (int dd3 = tid; dd3 < 128; dd3 += 128) {
      float so3 = sm_o[(0 + dd3)];
      for (int gs3 = 1; gs3 < 8; gs3++) {
        so3 = (so3 + sm_o[(((gs3 + 0) * 128) + dd3)]);
      }
      partial_o[((((qrow3 * 4) + split) * 128) + dd3)] = so3;
    }
    if (tid == 0) {
      partial_ml[(((qrow3 * 4) + split) * 2)] = M3;
      partial_ml[((((qrow3 * 4) + split) * 2) + 1)] = Lt3;
    }
  }
  memoryBarrierShared(); barrier();
  sm_o[(((0 + grp) * 128) + (dv0 + 0))] = (acc4_0_0 * w4);
  sm_o[(((0 + grp) * 128) + (dv0 + 1))] = (acc4_0_1 * w4);
  sm_o[(((0 + grp) * 128) + (dv0 + 2))] = (acc4_0_2 * w4);
  sm_o[(((0 + grp) * 128) + (dv0 + 3))] = (acc4_0_3 * w4);
  sm_o[(((0 + grp) * 128) + (dv0 + 4))] = (acc4_0_4 * w4);
  sm_o[(((0 + grp) * 128) + (dv0 + 5))] = (acc4_0_5 * w4);
  sm_o[(((0 + grp) * 128) + (dv0 + 6))] = (acc4_0_6 * w4);
  sm_o[(((0 + grp) * 128) + (dv0 + 7))] = (acc4_0_7 * w4);
  memoryBarrierShared(); barrier();
  if ((r0 + 4) < rows) {
    for (int dd4 = tid; dd4 < 128; dd4 += 128) {
      float so4 = sm_o[(0 + dd4)];
      for (int gs4 = 1; gs4 < 8; gs4++) {
        so4 = (so4 + sm_o[(((gs4 + 0) * 128) + dd4)]);
      }
      partial_o[((((qrow4 * 4) + split) * 128) + dd4)] = so4;
    }
    if (tid == 0) {
      partial_ml[(((qrow4 * 4) + split) * 2)] = M4;
      partial_ml[((((qrow4 * 4) + split) * 2) + 1)] = Lt4;
    }
  }
  memoryBarrierShared(); barrier();
  sm_o[(((0 + grp) * 128) + (dv0 + 0))] = (acc5_0_0 * w5);
  sm_o[(((0 + grp) * 128) + (dv0 + 1))] = (acc5_0_1 * w5);
  sm_o[(((0 + grp) * 128) + (dv0 + 2))] = (acc5_0_2 * w5);
  sm_o[(((0 + grp) * 128) + (dv0 + 3))] = (acc5_0_3 * w5);
  sm_o[(((0 + grp) * 128) + (dv0 + 4))] = (acc5_0_4 * w5);
  sm_o[(((0 + grp) * 128) + (dv0 + 5))] = (acc5_0_5 * w5);
  sm_o[(((0 + grp) * 128) + (dv0 + 6))] = (acc5_0_6 * w5);
  sm_o[(((0 + grp) * 128) + (dv0 + 7))] = (acc5_0_7 * w5);
  memoryBarrierShared(); barrier();
  if ((r0 + 5) < rows) {
    for (int dd5 = tid; dd5 < 128; dd5 += 128) {
      float so5 = sm_o[(0 + dd5)];
      for (int gs5 = 1; gs5 < 8; gs5++) {
        so5 = (so5 + sm_o[(((gs5 + 0) * 128) + dd5)]);
      }
      partial_o[((((qrow5 * 4) + split) * 128) + dd5)] = so5;
    }
    if (tid == 0) {
      partial_ml[(((qrow5 * 4) + split) * 2)] = M5;
      partial_ml[((((qrow5 * 4) + split) * 2) + 1)] = Lt5;
    }
  }
  memoryBarrierShared(); barrier();
  sm_o[(((0 + grp) * 128) + (dv0 + 0))] = (acc6_0_0 * w6);
  sm_o[(((0 + grp) * 128) + (dv0 + 1))] = (acc6_0_1 * w6);
  sm_o[(((0 + grp) * 128) + (dv0 + 2))] = (acc6_0_2 * w6);
  sm_o[(((0 + grp) * 128) + (dv0 + 3))] = (acc6_0_3 * w6);
  sm_o[(((0 + grp) * 128) + (dv0 + 4))] = (acc6_0_4 * w6);
  sm_o[(((0 + grp) * 128) + (dv0 + 5))] = (acc6_0_5 * w6);
  sm_o[(((0 + grp) * 128) + (dv0 + 6))] = (acc6_0_6 * w6);
  sm_o[(((0 + grp) * 128) + (dv0 + 7))] = (acc6_0_7 * w6);
  memoryBarrierShared(); barrier();
  if ((r0 + 6) < rows) {
    for (int dd6 = tid; dd6 < 128; dd6 += 128) {
      float so6 = sm_o[(0 + dd6)];
      for (int gs6 = 1; gs6 < 8; gs6++) {
        so6 = (so6 + sm_o[(((gs6 + 0) * 128) + dd6)]);
      }
      partial_o[((((qrow6 * 4) + split) * 128) + dd6)] = so6;
    }
    if (tid == 0) {
      partial_ml[(((qrow6 * 4) + split) * 2)] = M6;
      partial_ml[((((qrow6 * 4) + split) * 2) + 1)] = Lt6;
    }
  }
  memoryBarrierShared(); barrier();
  sm_o[(((0 + grp) * 128) + (dv0 + 0))] = (acc7_0_0 * w7);
  sm_o[(((0 + grp) * 128) + (dv0 + 1))] = (acc7_0_1 * w7);
  sm_o[(((0 + grp) * 128) + (dv0 + 2))] = (acc7_0_2 * w7);
  sm_o[(((0 + grp) * 128) + (dv0 + 3))] = (acc7_0_3 * w7);
  sm_o[(((0 + grp) * 128) + (dv0 + 4))] = (acc7_0_4 * w7);
  sm_o[(((0 + grp) * 128) + (dv0 + 5))] = (acc7_0_5 * w7);
  sm_o[(((0 + grp) * 128) + (dv0 + 6))] = (acc7_0_6 * w7);
  sm_o[(((0 + grp) * 128) + (dv0 + 7))] = (acc7_0_7 * w7);
  memoryBarrierShared(); barrier();
  if ((r0 + 7) < rows) {
    for (int dd7 = tid; dd7 < 128; dd7 += 128) {
      float so7 = sm_o[(0 + dd7)];
      for (int gs7 = 1; gs7 < 8; gs7++) {
        so7 = (so7 + sm_o[(((gs7 + 0) * 128) + dd7)]);
      }
      partial_o[((((qrow7 * 4) + split) * 128) + dd7)] = so7;
    }
    if (tid == 0) {
      partial_ml[(((qrow7 * 4) + split) * 2)] = M7;
      partial_ml[((((qrow7 * 4) + split) * 2) + 1)] = Lt7;
    }
  }
}
