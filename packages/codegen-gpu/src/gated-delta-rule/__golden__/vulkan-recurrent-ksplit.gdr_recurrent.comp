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
layout(std430, set = 0, binding = 0) readonly buffer Buffer_q { float q[]; };
layout(std430, set = 0, binding = 1) readonly buffer Buffer_k { float k[]; };
layout(std430, set = 0, binding = 2) readonly buffer Buffer_v { float v[]; };
layout(std430, set = 0, binding = 3) readonly buffer Buffer_g { float g[]; };
layout(std430, set = 0, binding = 4) readonly buffer Buffer_beta { float beta[]; };
layout(std430, set = 0, binding = 5) readonly buffer Buffer_s0 { float s0[]; };
layout(std430, set = 0, binding = 6) writeonly buffer Buffer_o { float o[]; };
layout(std430, set = 0, binding = 7) writeonly buffer Buffer_s { float s[]; };
layout(push_constant) uniform Scalars { int B; int T; };
shared float sq[1600];
shared float sk[1600];
shared float sv[64];
shared float sa[8];
shared float sb[8];
shared float red[192];

void main() {
  // gated_delta_rule recurrent, Hk=1 Hv=4 Dk=200 Dv=256: 8 state columns per workgroup as 8 groups of 1 x 4 lanes (50 rows each), workgroup-memory reduction, 8 tokens staged at a time
  const int tid = int(gl_LocalInvocationID.x);
  const int gx = int(gl_WorkGroupID.x);
  const int gy = int(gl_WorkGroupID.y);
  const int gz = int(gl_WorkGroupID.z);
  const int b = gz;
  const int h = gy;
  const int hk = (h / 4);
  const int bh = ((b * 4) + h);
  const int lo = (tid % 8);
  const int ks = ((tid / 8) % 4);
  const int cg = (((tid / 32) * 8) + lo);
  const int jl = (cg * 1);
  const int j0 = ((gx * 8) + jl);
  const bool colok = (j0 < 256);
  const int row0 = (ks + 0);
  const bool ok0 = colok;
  float S0_0 = 0.0f;
  if (ok0) {
    const float ld0_0 = s0[((((bh * 200) + row0) * 256) + j0)];
    S0_0 = ld0_0;
  }
  const int row1 = (ks + 4);
  const bool ok1 = colok;
  float S1_0 = 0.0f;
  if (ok1) {
    const float ld1_0 = s0[((((bh * 200) + row1) * 256) + j0)];
    S1_0 = ld1_0;
  }
  const int row2 = (ks + 8);
  const bool ok2 = colok;
  float S2_0 = 0.0f;
  if (ok2) {
    const float ld2_0 = s0[((((bh * 200) + row2) * 256) + j0)];
    S2_0 = ld2_0;
  }
  const int row3 = (ks + 12);
  const bool ok3 = colok;
  float S3_0 = 0.0f;
  if (ok3) {
    const float ld3_0 = s0[((((bh * 200) + row3) * 256) + j0)];
    S3_0 = ld3_0;
  }
  const int row4 = (ks + 16);
  const bool ok4 = colok;
  float S4_0 = 0.0f;
  if (ok4) {
    const float ld4_0 = s0[((((bh * 200) + row4) * 256) + j0)];
    S4_0 = ld4_0;
  }
  const int row5 = (ks + 20);
  const bool ok5 = colok;
  float S5_0 = 0.0f;
  if (ok5) {
    const float ld5_0 = s0[((((bh * 200) + row5) * 256) + j0)];
    S5_0 = ld5_0;
  }
  const int row6 = (ks + 24);
  const bool ok6 = colok;
  float S6_0 = 0.0f;
  if (ok6) {
    const float ld6_0 = s0[((((bh * 200) + row6) * 256) + j0)];
    S6_0 = ld6_0;
  }
  const int row7 = (ks + 28);
  const bool ok7 = colok;
  float S7_0 = 0.0f;
  if (ok7) {
    const float ld7_0 = s0[((((bh * 200) + row7) * 256) + j0)];
    S7_0 = ld7_0;
  }
  const int row8 = (ks + 32);
  const bool ok8 = colok;
  float S8_0 = 0.0f;
  if (ok8) {
    const float ld8_0 = s0[((((bh * 200) + row8) * 256) + j0)];
    S8_0 = ld8_0;
  }
  const int row9 = (ks + 36);
  const bool ok9 = colok;
  float S9_0 = 0.0f;
  if (ok9) {
    const float ld9_0 = s0[((((bh * 200) + row9) * 256) + j0)];
    S9_0 = ld9_0;
  }
  const int row10 = (ks + 40);
  const bool ok10 = colok;
  float S10_0 = 0.0f;
  if (ok10) {
    const float ld10_0 = s0[((((bh * 200) + row10) * 256) + j0)];
    S10_0 = ld10_0;
  }
  const int row11 = (ks + 44);
  const bool ok11 = colok;
  float S11_0 = 0.0f;
  if (ok11) {
    const float ld11_0 = s0[((((bh * 200) + row11) * 256) + j0)];
    S11_0 = ld11_0;
  }
  const int row12 = (ks + 48);
  const bool ok12 = colok;
  float S12_0 = 0.0f;
  if (ok12) {
    const float ld12_0 = s0[((((bh * 200) + row12) * 256) + j0)];
    S12_0 = ld12_0;
  }
  const int row13 = (ks + 52);
  const bool ok13 = colok;
  float S13_0 = 0.0f;
  if (ok13) {
    const float ld13_0 = s0[((((bh * 200) + row13) * 256) + j0)];
    S13_0 = ld13_0;
  }
  const int row14 = (ks + 56);
  const bool ok14 = colok;
  float S14_0 = 0.0f;
  if (ok14) {
    const float ld14_0 = s0[((((bh * 200) + row14) * 256) + j0)];
    S14_0 = ld14_0;
  }
  const int row15 = (ks + 60);
  const bool ok15 = colok;
  float S15_0 = 0.0f;
  if (ok15) {
    const float ld15_0 = s0[((((bh * 200) + row15) * 256) + j0)];
    S15_0 = ld15_0;
  }
  const int row16 = (ks + 64);
  const bool ok16 = colok;
  float S16_0 = 0.0f;
  if (ok16) {
    const float ld16_0 = s0[((((bh * 200) + row16) * 256) + j0)];
    S16_0 = ld16_0;
  }
  const int row17 = (ks + 68);
  const bool ok17 = colok;
  float S17_0 = 0.0f;
  if (ok17) {
    const float ld17_0 = s0[((((bh * 200) + row17) * 256) + j0)];
    S17_0 = ld17_0;
  }
  const int row18 = (ks + 72);
  const bool ok18 = colok;
  float S18_0 = 0.0f;
  if (ok18) {
    const float ld18_0 = s0[((((bh * 200) + row18) * 256) + j0)];
    S18_0 = ld18_0;
  }
  const int row19 = (ks + 76);
  const bool ok19 = colok;
  float S19_0 = 0.0f;
  if (ok19) {
    const float ld19_0 = s0[((((bh * 200) + row19) * 256) + j0)];
    S19_0 = ld19_0;
  }
  const int row20 = (ks + 80);
  const bool ok20 = colok;
  float S20_0 = 0.0f;
  if (ok20) {
    const float ld20_0 = s0[((((bh * 200) + row20) * 256) + j0)];
    S20_0 = ld20_0;
  }
  const int row21 = (ks + 84);
  const bool ok21 = colok;
  float S21_0 = 0.0f;
  if (ok21) {
    const float ld21_0 = s0[((((bh * 200) + row21) * 256) + j0)];
    S21_0 = ld21_0;
  }
  const int row22 = (ks + 88);
  const bool ok22 = colok;
  float S22_0 = 0.0f;
  if (ok22) {
    const float ld22_0 = s0[((((bh * 200) + row22) * 256) + j0)];
    S22_0 = ld22_0;
  }
  const int row23 = (ks + 92);
  const bool ok23 = colok;
  float S23_0 = 0.0f;
  if (ok23) {
    const float ld23_0 = s0[((((bh * 200) + row23) * 256) + j0)];
    S23_0 = ld23_0;
  }
  const int row24 = (ks + 96);
  const bool ok24 = colok;
  float S24_0 = 0.0f;
  if (ok24) {
    const float ld24_0 = s0[((((bh * 200) + row24) * 256) + j0)];
    S24_0 = ld24_0;
  }
  const int row25 = (ks + 100);
  const bool ok25 = colok;
  float S25_0 = 0.0f;
  if (ok25) {
    const float ld25_0 = s0[((((bh * 200) + row25) * 256) + j0)];
    S25_0 = ld25_0;
  }
  const int row26 = (ks + 104);
  const bool ok26 = colok;
  float S26_0 = 0.0f;
  if (ok26) {
    const float ld26_0 = s0[((((bh * 200) + row26) * 256) + j0)];
    S26_0 = ld26_0;
  }
  const int row27 = (ks + 108);
  const bool ok27 = colok;
  float S27_0 = 0.0f;
  if (ok27) {
    const float ld27_0 = s0[((((bh * 200) + row27) * 256) + j0)];
    S27_0 = ld27_0;
  }
  const int row28 = (ks + 112);
  const bool ok28 = colok;
  float S28_0 = 0.0f;
  if (ok28) {
    const float ld28_0 = s0[((((bh * 200) + row28) * 256) + j0)];
    S28_0 = ld28_0;
  }
  const int row29 = (ks + 116);
  const bool ok29 = colok;
  float S29_0 = 0.0f;
  if (ok29) {
    const float ld29_0 = s0[((((bh * 200) + row29) * 256) + j0)];
    S29_0 = ld29_0;
  }
  const int row30 = (ks + 120);
  const bool ok30 = colok;
  float S30_0 = 0.0f;
  if (ok30) {
    const float ld30_0 = s0[((((bh * 200) + row30) * 256) + j0)];
    S30_0 = ld30_0;
  }
  const int row31 = (ks + 124);
  const bool ok31 = colok;
  float S31_0 = 0.0f;
  if (ok31) {
    const float ld31_0 = s0[((((bh * 200) + row31) * 256) + j0)];
    S31_0 = ld31_0;
  }
  const int row32 = (ks + 128);
  const bool ok32 = colok;
  float S32_0 = 0.0f;
  if (ok32) {
    const float ld32_0 = s0[((((bh * 200) + row32) * 256) + j0)];
    S32_0 = ld32_0;
  }
  const int row33 = (ks + 132);
  const bool ok33 = colok;
  float S33_0 = 0.0f;
  if (ok33) {
    const float ld33_0 = s0[((((bh * 200) + row33) * 256) + j0)];
    S33_0 = ld33_0;
  }
  const int row34 = (ks + 136);
  const bool ok34 = colok;
  float S34_0 = 0.0f;
  if (ok34) {
    const float ld34_0 = s0[((((bh * 200) + row34) * 256) + j0)];
    S34_0 = ld34_0;
  }
  const int row35 = (ks + 140);
  const bool ok35 = colok;
  float S35_0 = 0.0f;
  if (ok35) {
    const float ld35_0 = s0[((((bh * 200) + row35) * 256) + j0)];
    S35_0 = ld35_0;
  }
  const int row36 = (ks + 144);
  const bool ok36 = colok;
  float S36_0 = 0.0f;
  if (ok36) {
    const float ld36_0 = s0[((((bh * 200) + row36) * 256) + j0)];
    S36_0 = ld36_0;
  }
  const int row37 = (ks + 148);
  const bool ok37 = colok;
  float S37_0 = 0.0f;
  if (ok37) {
    const float ld37_0 = s0[((((bh * 200) + row37) * 256) + j0)];
    S37_0 = ld37_0;
  }
  const int row38 = (ks + 152);
  const bool ok38 = colok;
  float S38_0 = 0.0f;
  if (ok38) {
    const float ld38_0 = s0[((((bh * 200) + row38) * 256) + j0)];
    S38_0 = ld38_0;
  }
  const int row39 = (ks + 156);
  const bool ok39 = colok;
  float S39_0 = 0.0f;
  if (ok39) {
    const float ld39_0 = s0[((((bh * 200) + row39) * 256) + j0)];
    S39_0 = ld39_0;
  }
  const int row40 = (ks + 160);
  const bool ok40 = colok;
  float S40_0 = 0.0f;
  if (ok40) {
    const float ld40_0 = s0[((((bh * 200) + row40) * 256) + j0)];
    S40_0 = ld40_0;
  }
  const int row41 = (ks + 164);
  const bool ok41 = colok;
  float S41_0 = 0.0f;
  if (ok41) {
    const float ld41_0 = s0[((((bh * 200) + row41) * 256) + j0)];
    S41_0 = ld41_0;
  }
  const int row42 = (ks + 168);
  const bool ok42 = colok;
  float S42_0 = 0.0f;
  if (ok42) {
    const float ld42_0 = s0[((((bh * 200) + row42) * 256) + j0)];
    S42_0 = ld42_0;
  }
  const int row43 = (ks + 172);
  const bool ok43 = colok;
  float S43_0 = 0.0f;
  if (ok43) {
    const float ld43_0 = s0[((((bh * 200) + row43) * 256) + j0)];
    S43_0 = ld43_0;
  }
  const int row44 = (ks + 176);
  const bool ok44 = colok;
  float S44_0 = 0.0f;
  if (ok44) {
    const float ld44_0 = s0[((((bh * 200) + row44) * 256) + j0)];
    S44_0 = ld44_0;
  }
  const int row45 = (ks + 180);
  const bool ok45 = colok;
  float S45_0 = 0.0f;
  if (ok45) {
    const float ld45_0 = s0[((((bh * 200) + row45) * 256) + j0)];
    S45_0 = ld45_0;
  }
  const int row46 = (ks + 184);
  const bool ok46 = colok;
  float S46_0 = 0.0f;
  if (ok46) {
    const float ld46_0 = s0[((((bh * 200) + row46) * 256) + j0)];
    S46_0 = ld46_0;
  }
  const int row47 = (ks + 188);
  const bool ok47 = colok;
  float S47_0 = 0.0f;
  if (ok47) {
    const float ld47_0 = s0[((((bh * 200) + row47) * 256) + j0)];
    S47_0 = ld47_0;
  }
  const int row48 = (ks + 192);
  const bool ok48 = colok;
  float S48_0 = 0.0f;
  if (ok48) {
    const float ld48_0 = s0[((((bh * 200) + row48) * 256) + j0)];
    S48_0 = ld48_0;
  }
  const int row49 = (ks + 196);
  const bool ok49 = colok;
  float S49_0 = 0.0f;
  if (ok49) {
    const float ld49_0 = s0[((((bh * 200) + row49) * 256) + j0)];
    S49_0 = ld49_0;
  }
  // sq: a shared array declared at global scope
  // sk: a shared array declared at global scope
  // sv: a shared array declared at global scope
  // sa: a shared array declared at global scope
  // sb: a shared array declared at global scope
  // red: a shared array declared at global scope
  for (int t0 = 0; t0 < T; t0 += 8) {
    const int nt = min(8, (T - t0));
    for (int e = tid; e < (nt * 200); e += 32) {
      const int eu = (e / 200);
      const int ed = (e % 200);
      const bool eok = (((t0 + eu) < T) && (ed < 200));
      const int eqk = ((((((b * T) + min((t0 + eu), (T - 1))) * 1) + hk) * 200) + min(ed, 199));
      sq[e] = (eok ? q[eqk] : 0.0f);
      sk[e] = (eok ? k[eqk] : 0.0f);
    }
    for (int e = tid; e < (nt * 8); e += 32) {
      const int vu = (e / 8);
      const int vj = ((gx * 8) + (e % 8));
      const bool vok = (((t0 + vu) < T) && (vj < 256));
      const int vat = ((((((b * T) + min((t0 + vu), (T - 1))) * 4) + h) * 256) + min(vj, 255));
      sv[e] = (vok ? v[vat] : 0.0f);
    }
    for (int e = tid; e < nt; e += 32) {
      const int gat = ((((b * T) + min((t0 + e), (T - 1))) * 4) + h);
      sa[e] = exp(g[gat]);
      sb[e] = beta[gat];
    }
    memoryBarrierShared(); barrier();
    for (int u = 0; u < nt; u++) {
      const float a = sa[u];
      const float bt = sb[u];
      const float kr0 = sk[((u * 200) + row0)];
      const float qr0 = sq[((u * 200) + row0)];
      const float kr1 = sk[((u * 200) + row1)];
      const float qr1 = sq[((u * 200) + row1)];
      const float kr2 = sk[((u * 200) + row2)];
      const float qr2 = sq[((u * 200) + row2)];
      const float kr3 = sk[((u * 200) + row3)];
      const float qr3 = sq[((u * 200) + row3)];
      const float kr4 = sk[((u * 200) + row4)];
      const float qr4 = sq[((u * 200) + row4)];
      const float kr5 = sk[((u * 200) + row5)];
      const float qr5 = sq[((u * 200) + row5)];
      const float kr6 = sk[((u * 200) + row6)];
      const float qr6 = sq[((u * 200) + row6)];
      const float kr7 = sk[((u * 200) + row7)];
      const float qr7 = sq[((u * 200) + row7)];
      const float kr8 = sk[((u * 200) + row8)];
      const float qr8 = sq[((u * 200) + row8)];
      const float kr9 = sk[((u * 200) + row9)];
      const float qr9 = sq[((u * 200) + row9)];
      const float kr10 = sk[((u * 200) + row10)];
      const float qr10 = sq[((u * 200) + row10)];
      const float kr11 = sk[((u * 200) + row11)];
      const float qr11 = sq[((u * 200) + row11)];
      const float kr12 = sk[((u * 200) + row12)];
      const float qr12 = sq[((u * 200) + row12)];
      const float kr13 = sk[((u * 200) + row13)];
      const float qr13 = sq[((u * 200) + row13)];
      const float kr14 = sk[((u * 200) + row14)];
      const float qr14 = sq[((u * 200) + row14)];
      const float kr15 = sk[((u * 200) + row15)];
      const float qr15 = sq[((u * 200) + row15)];
      const float kr16 = sk[((u * 200) + row16)];
      const float qr16 = sq[((u * 200) + row16)];
      const float kr17 = sk[((u * 200) + row17)];
      const float qr17 = sq[((u * 200) + row17)];
      const float kr18 = sk[((u * 200) + row18)];
      const float qr18 = sq[((u * 200) + row18)];
      const float kr19 = sk[((u * 200) + row19)];
      const float qr19 = sq[((u * 200) + row19)];
      const float kr20 = sk[((u * 200) + row20)];
      const float qr20 = sq[((u * 200) + row20)];
      const float kr21 = sk[((u * 200) + row21)];
      const float qr21 = sq[((u * 200) + row21)];
      const float kr22 = sk[((u * 200) + row22)];
      const float qr22 = sq[((u * 200) + row22)];
      const float kr23 = sk[((u * 200) + row23)];
      const float qr23 = sq[((u * 200) + row23)];
      const float kr24 = sk[((u * 200) + row24)];
      const float qr24 = sq[((u * 200) + row24)];
      const float kr25 = sk[((u * 200) + row25)];
      const float qr25 = sq[((u * 200) + row25)];
      const float kr26 = sk[((u * 200) + row26)];
      const float qr26 = sq[((u * 200) + row26)];
      const float kr27 = sk[((u * 200) + row27)];
      const float qr27 = sq[((u * 200) + row27)];
      const float kr28 = sk[((u * 200) + row28)];
      const float qr28 = sq[((u * 200) + row28)];
      const float kr29 = sk[((u * 200) + row29)];
      const float qr29 = sq[((u * 200) + row29)];
      const float kr30 = sk[((u * 200) + row30)];
      const float qr30 = sq[((u * 200) + row30)];
      const float kr31 = sk[((u * 200) + row31)];
      const float qr31 = sq[((u * 200) + row31)];
      const float kr32 = sk[((u * 200) + row32)];
      const float qr32 = sq[((u * 200) + row32)];
      const float kr33 = sk[((u * 200) + row33)];
      const float qr33 = sq[((u * 200) + row33)];
      const float kr34 = sk[((u * 200) + row34)];
      const float qr34 = sq[((u * 200) + row34)];
      const float kr35 = sk[((u * 200) + row35)];
      const float qr35 = sq[((u * 200) + row35)];
      const float kr36 = sk[((u * 200) + row36)];
      const float qr36 = sq[((u * 200) + row36)];
      const float kr37 = sk[((u * 200) + row37)];
      const float qr37 = sq[((u * 200) + row37)];
      const float kr38 = sk[((u * 200) + row38)];
      const float qr38 = sq[((u * 200) + row38)];
      const float kr39 = sk[((u * 200) + row39)];
      const float qr39 = sq[((u * 200) + row39)];
      const float kr40 = sk[((u * 200) + row40)];
      const float qr40 = sq[((u * 200) + row40)];
      const float kr41 = sk[((u * 200) + row41)];
      const float qr41 = sq[((u * 200) + row41)];
      const float kr42 = sk[((u * 200) + row42)];
      const float qr42 = sq[((u * 200) + row42)];
      const float kr43 = sk[((u * 200) + row43)];
      const float qr43 = sq[((u * 200) + row43)];
      const float kr44 = sk[((u * 200) + row44)];
      const float qr44 = sq[((u * 200) + row44)];
      const float kr45 = sk[((u * 200) + row45)];
      const float qr45 = sq[((u * 200) + row45)];
      const float kr46 = sk[((u * 200) + row46)];
      const float qr46 = sq[((u * 200) + row46)];
      const float kr47 = sk[((u * 200) + row47)];
      const float qr47 = sq[((u * 200) + row47)];
      const float kr48 = sk[((u * 200) + row48)];
      const float qr48 = sq[((u * 200) + row48)];
      const float kr49 = sk[((u * 200) + row49)];
      const float qr49 = sq[((u * 200) + row49)];
      const float pk0_c15 = fma(S15_0, kr15, fma(S14_0, kr14, fma(S13_0, kr13, fma(S12_0, kr12, fma(S11_0, kr11, fma(S10_0, kr10, fma(S9_0, kr9, fma(S8_0, kr8, fma(S7_0, kr7, fma(S6_0, kr6, fma(S5_0, kr5, fma(S4_0, kr4, fma(S3_0, kr3, fma(S2_0, kr2, fma(S1_0, kr1, (S0_0 * kr0))))))))))))))));
      const float pk0_c31 = fma(S31_0, kr31, fma(S30_0, kr30, fma(S29_0, kr29, fma(S28_0, kr28, fma(S27_0, kr27, fma(S26_0, kr26, fma(S25_0, kr25, fma(S24_0, kr24, fma(S23_0, kr23, fma(S22_0, kr22, fma(S21_0, kr21, fma(S20_0, kr20, fma(S19_0, kr19, fma(S18_0, kr18, fma(S17_0, kr17, fma(S16_0, kr16, pk0_c15))))))))))))))));
      const float pk0_c47 = fma(S47_0, kr47, fma(S46_0, kr46, fma(S45_0, kr45, fma(S44_0, kr44, fma(S43_0, kr43, fma(S42_0, kr42, fma(S41_0, kr41, fma(S40_0, kr40, fma(S39_0, kr39, fma(S38_0, kr38, fma(S37_0, kr37, fma(S36_0, kr36, fma(S35_0, kr35, fma(S34_0, kr34, fma(S33_0, kr33, fma(S32_0, kr32, pk0_c31))))))))))))))));
      const float pk0 = fma(S49_0, kr49, fma(S48_0, kr48, pk0_c47));
      const float pq0_c15 = fma(S15_0, qr15, fma(S14_0, qr14, fma(S13_0, qr13, fma(S12_0, qr12, fma(S11_0, qr11, fma(S10_0, qr10, fma(S9_0, qr9, fma(S8_0, qr8, fma(S7_0, qr7, fma(S6_0, qr6, fma(S5_0, qr5, fma(S4_0, qr4, fma(S3_0, qr3, fma(S2_0, qr2, fma(S1_0, qr1, (S0_0 * qr0))))))))))))))));
      const float pq0_c31 = fma(S31_0, qr31, fma(S30_0, qr30, fma(S29_0, qr29, fma(S28_0, qr28, fma(S27_0, qr27, fma(S26_0, qr26, fma(S25_0, qr25, fma(S24_0, qr24, fma(S23_0, qr23, fma(S22_0, qr22, fma(S21_0, qr21, fma(S20_0, qr20, fma(S19_0, qr19, fma(S18_0, qr18, fma(S17_0, qr17, fma(S16_0, qr16, pq0_c15))))))))))))))));
      const float pq0_c47 = fma(S47_0, qr47, fma(S46_0, qr46, fma(S45_0, qr45, fma(S44_0, qr44, fma(S43_0, qr43, fma(S42_0, qr42, fma(S41_0, qr41, fma(S40_0, qr40, fma(S39_0, qr39, fma(S38_0, qr38, fma(S37_0, qr37, fma(S36_0, qr36, fma(S35_0, qr35, fma(S34_0, qr34, fma(S33_0, qr33, fma(S32_0, qr32, pq0_c31))))))))))))))));
      const float pq0 = fma(S49_0, qr49, fma(S48_0, qr48, pq0_c47));
      const float pkq_c15 = fma(kr15, qr15, fma(kr14, qr14, fma(kr13, qr13, fma(kr12, qr12, fma(kr11, qr11, fma(kr10, qr10, fma(kr9, qr9, fma(kr8, qr8, fma(kr7, qr7, fma(kr6, qr6, fma(kr5, qr5, fma(kr4, qr4, fma(kr3, qr3, fma(kr2, qr2, fma(kr1, qr1, (kr0 * qr0))))))))))))))));
      const float pkq_c31 = fma(kr31, qr31, fma(kr30, qr30, fma(kr29, qr29, fma(kr28, qr28, fma(kr27, qr27, fma(kr26, qr26, fma(kr25, qr25, fma(kr24, qr24, fma(kr23, qr23, fma(kr22, qr22, fma(kr21, qr21, fma(kr20, qr20, fma(kr19, qr19, fma(kr18, qr18, fma(kr17, qr17, fma(kr16, qr16, pkq_c15))))))))))))))));
      const float pkq_c47 = fma(kr47, qr47, fma(kr46, qr46, fma(kr45, qr45, fma(kr44, qr44, fma(kr43, qr43, fma(kr42, qr42, fma(kr41, qr41, fma(kr40, qr40, fma(kr39, qr39, fma(kr38, qr38, fma(kr37, qr37, fma(kr36, qr36, fma(kr35, qr35, fma(kr34, qr34, fma(kr33, qr33, fma(kr32, qr32, pkq_c31))))))))))))))));
      const float pkq = fma(kr49, qr49, fma(kr48, qr48, pkq_c47));
      const int rbase = ((u & 1) * 96);
      red[((rbase + 0) + tid)] = pk0;
      red[((rbase + 32) + tid)] = pq0;
      red[((rbase + 64) + tid)] = pkq;
      memoryBarrierShared(); barrier();
      const int rown = (tid - (ks * 8));
      float pk0_s = 0.0f;
      float pq0_s = 0.0f;
      float pkq_s = 0.0f;
      for (int kk = 0; kk < 4; kk++) {
        pk0_s = (pk0_s + red[((rbase + 0) + (rown + (kk * 8)))]);
        pq0_s = (pq0_s + red[((rbase + 32) + (rown + (kk * 8)))]);
        pkq_s = (pkq_s + red[((rbase + 64) + (rown + (kk * 8)))]);
      }
      const float ark = a;
      const float arq = (a * 0.07071067811865475f);
      const float ckq = (pkq_s * 0.07071067811865475f);
      const int t = (t0 + u);
      const int oat = ((((((b * T) + t) * 4) + h) * 256) + j0);
      const float vv0 = sv[((u * 8) + (jl + 0))];
      const float uu0 = (bt * (vv0 - (ark * pk0_s)));
      const float ww0 = uu0;
      if ((ks == 0) && colok) {
        o[oat] = fma(ckq, uu0, (arq * pq0_s));
      }
      S0_0 = fma(kr0, ww0, (a * S0_0));
      S1_0 = fma(kr1, ww0, (a * S1_0));
      S2_0 = fma(kr2, ww0, (a * S2_0));
      S3_0 = fma(kr3, ww0, (a * S3_0));
      S4_0 = fma(kr4, ww0, (a * S4_0));
      S5_0 = fma(kr5, ww0, (a * S5_0));
      S6_0 = fma(kr6, ww0, (a * S6_0));
      S7_0 = fma(kr7, ww0, (a * S7_0));
      S8_0 = fma(kr8, ww0, (a * S8_0));
      S9_0 = fma(kr9, ww0, (a * S9_0));
      S10_0 = fma(kr10, ww0, (a * S10_0));
      S11_0 = fma(kr11, ww0, (a * S11_0));
      S12_0 = fma(kr12, ww0, (a * S12_0));
      S13_0 = fma(kr13, ww0, (a * S13_0));
      S14_0 = fma(kr14, ww0, (a * S14_0));
      S15_0 = fma(kr15, ww0, (a * S15_0));
      S16_0 = fma(kr16, ww0, (a * S16_0));
      S17_0 = fma(kr17, ww0, (a * S17_0));
      S18_0 = fma(kr18, ww0, (a * S18_0));
      S19_0 = fma(kr19, ww0, (a * S19_0));
      S20_0 = fma(kr20, ww0, (a * S20_0));
      S21_0 = fma(kr21, ww0, (a * S21_0));
      S22_0 = fma(kr22, ww0, (a * S22_0));
      S23_0 = fma(kr23, ww0, (a * S23_0));
      S24_0 = fma(kr24, ww0, (a * S24_0));
      S25_0 = fma(kr25, ww0, (a * S25_0));
      S26_0 = fma(kr26, ww0, (a * S26_0));
      S27_0 = fma(kr27, ww0, (a * S27_0));
      S28_0 = fma(kr28, ww0, (a * S28_0));
      S29_0 = fma(kr29, ww0, (a * S29_0));
      S30_0 = fma(kr30, ww0, (a * S30_0));
      S31_0 = fma(kr31, ww0, (a * S31_0));
      S32_0 = fma(kr32, ww0, (a * S32_0));
      S33_0 = fma(kr33, ww0, (a * S33_0));
      S34_0 = fma(kr34, ww0, (a * S34_0));
      S35_0 = fma(kr35, ww0, (a * S35_0));
      S36_0 = fma(kr36, ww0, (a * S36_0));
      S37_0 = fma(kr37, ww0, (a * S37_0));
      S38_0 = fma(kr38, ww0, (a * S38_0));
      S39_0 = fma(kr39, ww0, (a * S39_0));
      S40_0 = fma(kr40, ww0, (a * S40_0));
      S41_0 = fma(kr41, ww0, (a * S41_0));
      S42_0 = fma(kr42, ww0, (a * S42_0));
      S43_0 = fma(kr43, ww0, (a * S43_0));
      S44_0 = fma(kr44, ww0, (a * S44_0));
      S45_0 = fma(kr45, ww0, (a * S45_0));
      S46_0 = fma(kr46, ww0, (a * S46_0));
      S47_0 = fma(kr47, ww0, (a * S47_0));
      S48_0 = fma(kr48, ww0, (a * S48_0));
      S49_0 = fma(kr49, ww0, (a * S49_0));
    }
    memoryBarrierShared(); barrier();
  }
  if (ok0) {
    s[((((bh * 200) + row0) * 256) + j0)] = S0_0;
  }
  if (ok1) {
    s[((((bh * 200) + row1) * 256) + j0)] = S1_0;
  }
  if (ok2) {
    s[((((bh * 200) + row2) * 256) + j0)] = S2_0;
  }
  if (ok3) {
    s[((((bh * 200) + row3) * 256) + j0)] = S3_0;
  }
  if (ok4) {
    s[((((bh * 200) + row4) * 256) + j0)] = S4_0;
  }
  if (ok5) {
    s[((((bh * 200) + row5) * 256) + j0)] = S5_0;
  }
  if (ok6) {
    s[((((bh * 200) + row6) * 256) + j0)] = S6_0;
  }
  if (ok7) {
    s[((((bh * 200) + row7) * 256) + j0)] = S7_0;
  }
  if (ok8) {
    s[((((bh * 200) + row8) * 256) + j0)] = S8_0;
  }
  if (ok9) {
    s[((((bh * 200) + row9) * 256) + j0)] = S9_0;
  }
  if (ok10) {
    s[((((bh * 200) + row10) * 256) + j0)] = S10_0;
  }
  if (ok11) {
    s[((((bh * 200) + row11) * 256) + j0)] = S11_0;
  }
  if (ok12) {
    s[((((bh * 200) + row12) * 256) + j0)] = S12_0;
  }
  if (ok13) {
    s[((((bh * 200) + row13) * 256) + j0)] = S13_0;
  }
  if (ok14) {
    s[((((bh * 200) + row14) * 256) + j0)] = S14_0;
  }
  if (ok15) {
    s[((((bh * 200) + row15) * 256) + j0)] = S15_0;
  }
  if (ok16) {
    s[((((bh * 200) + row16) * 256) + j0)] = S16_0;
  }
  if (ok17) {
    s[((((bh * 200) + row17) * 256) + j0)] = S17_0;
  }
  if (ok18) {
    s[((((bh * 200) + row18) * 256) + j0)] = S18_0;
  }
  if (ok19) {
    s[((((bh * 200) + row19) * 256) + j0)] = S19_0;
  }
  if (ok20) {
    s[((((bh * 200) + row20) * 256) + j0)] = S20_0;
  }
  if (ok21) {
    s[((((bh * 200) + row21) * 256) + j0)] = S21_0;
  }
  if (ok22) {
    s[((((bh * 200) + row22) * 256) + j0)] = S22_0;
  }
  if (ok23) {
    s[((((bh * 200) + row23) * 256) + j0)] = S23_0;
  }
  if (ok24) {
    s[((((bh * 200) + row24) * 256) + j0)] = S24_0;
  }
  if (ok25) {
    s[((((bh * 200) + row25) * 256) + j0)] = S25_0;
  }
  if (ok26) {
    s[((((bh * 200) + row26) * 256) + j0)] = S26_0;
  }
  if (ok27) {
    s[((((bh * 200) + row27) * 256) + j0)] = S27_0;
  }
  if (ok28) {
    s[((((bh * 200) + row28) * 256) + j0)] = S28_0;
  }
  if (ok29) {
    s[((((bh * 200) + row29) * 256) + j0)] = S29_0;
  }
  if (ok30) {
    s[((((bh * 200) + row30) * 256) + j0)] = S30_0;
  }
  if (ok31) {
    s[((((bh * 200) + row31) * 256) + j0)] = S31_0;
  }
  if (ok32) {
    s[((((bh * 200) + row32) * 256) + j0)] = S32_0;
  }
  if (ok33) {
    s[((((bh * 200) + row33) * 256) + j0)] = S33_0;
  }
  if (ok34) {
    s[((((bh * 200) + row34) * 256) + j0)] = S34_0;
  }
  if (ok35) {
    s[((((bh * 200) + row35) * 256) + j0)] = S35_0;
  }
  if (ok36) {
    s[((((bh * 200) + row36) * 256) + j0)] = S36_0;
  }
  if (ok37) {
    s[((((bh * 200) + row37) * 256) + j0)] = S37_0;
  }
  if (ok38) {
    s[((((bh * 200) + row38) * 256) + j0)] = S38_0;
  }
  if (ok39) {
    s[((((bh * 200) + row39) * 256) + j0)] = S39_0;
  }
  if (ok40) {
    s[((((bh * 200) + row40) * 256) + j0)] = S40_0;
  }
  if (ok41) {
    s[((((bh * 200) + row41) * 256) + j0)] = S41_0;
  }
  if (ok42) {
    s[((((bh * 200) + row42) * 256) + j0)] = S42_0;
  }
  if (ok43) {
    s[((((bh * 200) + row43) * 256) + j0)] = S43_0;
  }
  if (ok44) {
    s[((((bh * 200) + row44) * 256) + j0)] = S44_0;
  }
  if (ok45) {
    s[((((bh * 200) + row45) * 256) + j0)] = S45_0;
  }
  if (ok46) {
    s[((((bh * 200) + row46) * 256) + j0)] = S46_0;
  }
  if (ok47) {
    s[((((bh * 200) + row47) * 256) + j0)] = S47_0;
  }
  if (ok48) {
    s[((((bh * 200) + row48) * 256) + j0)] = S48_0;
  }
  if (ok49) {
    s[((((bh * 200) + row49) * 256) + j0)] = S49_0;
  }
}
