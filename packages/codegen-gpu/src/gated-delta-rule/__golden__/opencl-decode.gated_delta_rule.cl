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

__kernel __attribute__((reqd_work_group_size(8, 1, 1))) void gdr_recurrent(__global const float* restrict q, __global const float* restrict k, __global const float* restrict v, __global const float* restrict g, __global const float* restrict beta, __global const float* s0, __global float* restrict o, __global float* s, int B, int T) {
  // gated_delta_rule recurrent, Hk=16 Hv=16 Dk=128 Dv=128 l2norm: 8 state columns per workgroup as 8 groups of 1 x 1 lanes (128 rows each), no reduction, 8 tokens staged at a time
  const int tid = (int)get_local_id(0);
  const int gx = (int)get_group_id(0);
  const int gy = (int)get_group_id(1);
  const int gz = (int)get_group_id(2);
  const int b = gz;
  const int h = gy;
  const int hk = h;
  const int bh = ((b * 16) + h);
  const int lo = (tid % 8);
  const int ks = 0;
  const int cg = (((tid / 8) * 8) + lo);
  const int jl = (cg * 1);
  const int j0 = ((gx * 8) + jl);
  const bool colok = (j0 < 128);
  const int row0 = (ks + 0);
  const bool ok0 = colok;
  float S0_0 = 0.0f;
  if (ok0) {
    const float ld0_0 = s0[((((bh * 128) + row0) * 128) + j0)];
    S0_0 = ld0_0;
  }
  const int row1 = (ks + 1);
  const bool ok1 = colok;
  float S1_0 = 0.0f;
  if (ok1) {
    const float ld1_0 = s0[((((bh * 128) + row1) * 128) + j0)];
    S1_0 = ld1_0;
  }
  const int row2 = (ks + 2);
  const bool ok2 = colok;
  float S2_0 = 0.0f;
  if (ok2) {
    const float ld2_0 = s0[((((bh * 128) + row2) * 128) + j0)];
    S2_0 = ld2_0;
  }
  const int row3 = (ks + 3);
  const bool ok3 = colok;
  float S3_0 = 0.0f;
  if (ok3) {
    const float ld3_0 = s0[((((bh * 128) + row3) * 128) + j0)];
    S3_0 = ld3_0;
  }
  const int row4 = (ks + 4);
  const bool ok4 = colok;
  float S4_0 = 0.0f;
  if (ok4) {
    const float ld4_0 = s0[((((bh * 128) + row4) * 128) + j0)];
    S4_0 = ld4_0;
  }
  const int row5 = (ks + 5);
  const bool ok5 = colok;
  float S5_0 = 0.0f;
  if (ok5) {
    const float ld5_0 = s0[((((bh * 128) + row5) * 128) + j0)];
    S5_0 = ld5_0;
  }
  const int row6 = (ks + 6);
  const bool ok6 = colok;
  float S6_0 = 0.0f;
  if (ok6) {
    const float ld6_0 = s0[((((bh * 128) + row6) * 128) + j0)];
    S6_0 = ld6_0;
  }
  const int row7 = (ks + 7);
  const bool ok7 = colok;
  float S7_0 = 0.0f;
  if (ok7) {
    const float ld7_0 = s0[((((bh * 128) + row7) * 128) + j0)];
    S7_0 = ld7_0;
  }
  const int row8 = (ks + 8);
  const bool ok8 = colok;
  float S8_0 = 0.0f;
  if (ok8) {
    const float ld8_0 = s0[((((bh * 128) + row8) * 128) + j0)];
    S8_0 = ld8_0;
  }
  const int row9 = (ks + 9);
  const bool ok9 = colok;
  float S9_0 = 0.0f;
  if (ok9) {
    const float ld9_0 = s0[((((bh * 128) + row9) * 128) + j0)];
    S9_0 = ld9_0;
  }
  const int row10 = (ks + 10);
  const bool ok10 = colok;
  float S10_0 = 0.0f;
  if (ok10) {
    const float ld10_0 = s0[((((bh * 128) + row10) * 128) + j0)];
    S10_0 = ld10_0;
  }
  const int row11 = (ks + 11);
  const bool ok11 = colok;
  float S11_0 = 0.0f;
  if (ok11) {
    const float ld11_0 = s0[((((bh * 128) + row11) * 128) + j0)];
    S11_0 = ld11_0;
  }
  const int row12 = (ks + 12);
  const bool ok12 = colok;
  float S12_0 = 0.0f;
  if (ok12) {
    const float ld12_0 = s0[((((bh * 128) + row12) * 128) + j0)];
    S12_0 = ld12_0;
  }
  const int row13 = (ks + 13);
  const bool ok13 = colok;
  float S13_0 = 0.0f;
  if (ok13) {
    const float ld13_0 = s0[((((bh * 128) + row13) * 128) + j0)];
    S13_0 = ld13_0;
  }
  const int row14 = (ks + 14);
  const bool ok14 = colok;
  float S14_0 = 0.0f;
  if (ok14) {
    const float ld14_0 = s0[((((bh * 128) + row14) * 128) + j0)];
    S14_0 = ld14_0;
  }
  const int row15 = (ks + 15);
  const bool ok15 = colok;
  float S15_0 = 0.0f;
  if (ok15) {
    const float ld15_0 = s0[((((bh * 128) + row15) * 128) + j0)];
    S15_0 = ld15_0;
  }
  const int row16 = (ks + 16);
  const bool ok16 = colok;
  float S16_0 = 0.0f;
  if (ok16) {
    const float ld16_0 = s0[((((bh * 128) + row16) * 128) + j0)];
    S16_0 = ld16_0;
  }
  const int row17 = (ks + 17);
  const bool ok17 = colok;
  float S17_0 = 0.0f;
  if (ok17) {
    const float ld17_0 = s0[((((bh * 128) + row17) * 128) + j0)];
    S17_0 = ld17_0;
  }
  const int row18 = (ks + 18);
  const bool ok18 = colok;
  float S18_0 = 0.0f;
  if (ok18) {
    const float ld18_0 = s0[((((bh * 128) + row18) * 128) + j0)];
    S18_0 = ld18_0;
  }
  const int row19 = (ks + 19);
  const bool ok19 = colok;
  float S19_0 = 0.0f;
  if (ok19) {
    const float ld19_0 = s0[((((bh * 128) + row19) * 128) + j0)];
    S19_0 = ld19_0;
  }
  const int row20 = (ks + 20);
  const bool ok20 = colok;
  float S20_0 = 0.0f;
  if (ok20) {
    const float ld20_0 = s0[((((bh * 128) + row20) * 128) + j0)];
    S20_0 = ld20_0;
  }
  const int row21 = (ks + 21);
  const bool ok21 = colok;
  float S21_0 = 0.0f;
  if (ok21) {
    const float ld21_0 = s0[((((bh * 128) + row21) * 128) + j0)];
    S21_0 = ld21_0;
  }
  const int row22 = (ks + 22);
  const bool ok22 = colok;
  float S22_0 = 0.0f;
  if (ok22) {
    const float ld22_0 = s0[((((bh * 128) + row22) * 128) + j0)];
    S22_0 = ld22_0;
  }
  const int row23 = (ks + 23);
  const bool ok23 = colok;
  float S23_0 = 0.0f;
  if (ok23) {
    const float ld23_0 = s0[((((bh * 128) + row23) * 128) + j0)];
    S23_0 = ld23_0;
  }
  const int row24 = (ks + 24);
  const bool ok24 = colok;
  float S24_0 = 0.0f;
  if (ok24) {
    const float ld24_0 = s0[((((bh * 128) + row24) * 128) + j0)];
    S24_0 = ld24_0;
  }
  const int row25 = (ks + 25);
  const bool ok25 = colok;
  float S25_0 = 0.0f;
  if (ok25) {
    const float ld25_0 = s0[((((bh * 128) + row25) * 128) + j0)];
    S25_0 = ld25_0;
  }
  const int row26 = (ks + 26);
  const bool ok26 = colok;
  float S26_0 = 0.0f;
  if (ok26) {
    const float ld26_0 = s0[((((bh * 128) + row26) * 128) + j0)];
    S26_0 = ld26_0;
  }
  const int row27 = (ks + 27);
  const bool ok27 = colok;
  float S27_0 = 0.0f;
  if (ok27) {
    const float ld27_0 = s0[((((bh * 128) + row27) * 128) + j0)];
    S27_0 = ld27_0;
  }
  const int row28 = (ks + 28);
  const bool ok28 = colok;
  float S28_0 = 0.0f;
  if (ok28) {
    const float ld28_0 = s0[((((bh * 128) + row28) * 128) + j0)];
    S28_0 = ld28_0;
  }
  const int row29 = (ks + 29);
  const bool ok29 = colok;
  float S29_0 = 0.0f;
  if (ok29) {
    const float ld29_0 = s0[((((bh * 128) + row29) * 128) + j0)];
    S29_0 = ld29_0;
  }
  const int row30 = (ks + 30);
  const bool ok30 = colok;
  float S30_0 = 0.0f;
  if (ok30) {
    const float ld30_0 = s0[((((bh * 128) + row30) * 128) + j0)];
    S30_0 = ld30_0;
  }
  const int row31 = (ks + 31);
  const bool ok31 = colok;
  float S31_0 = 0.0f;
  if (ok31) {
    const float ld31_0 = s0[((((bh * 128) + row31) * 128) + j0)];
    S31_0 = ld31_0;
  }
  const int row32 = (ks + 32);
  const bool ok32 = colok;
  float S32_0 = 0.0f;
  if (ok32) {
    const float ld32_0 = s0[((((bh * 128) + row32) * 128) + j0)];
    S32_0 = ld32_0;
  }
  const int row33 = (ks + 33);
  const bool ok33 = colok;
  float S33_0 = 0.0f;
  if (ok33) {
    const float ld33_0 = s0[((((bh * 128) + row33) * 128) + j0)];
    S33_0 = ld33_0;
  }
  const int row34 = (ks + 34);
  const bool ok34 = colok;
  float S34_0 = 0.0f;
  if (ok34) {
    const float ld34_0 = s0[((((bh * 128) + row34) * 128) + j0)];
    S34_0 = ld34_0;
  }
  const int row35 = (ks + 35);
  const bool ok35 = colok;
  float S35_0 = 0.0f;
  if (ok35) {
    const float ld35_0 = s0[((((bh * 128) + row35) * 128) + j0)];
    S35_0 = ld35_0;
  }
  const int row36 = (ks + 36);
  const bool ok36 = colok;
  float S36_0 = 0.0f;
  if (ok36) {
    const float ld36_0 = s0[((((bh * 128) + row36) * 128) + j0)];
    S36_0 = ld36_0;
  }
  const int row37 = (ks + 37);
  const bool ok37 = colok;
  float S37_0 = 0.0f;
  if (ok37) {
    const float ld37_0 = s0[((((bh * 128) + row37) * 128) + j0)];
    S37_0 = ld37_0;
  }
  const int row38 = (ks + 38);
  const bool ok38 = colok;
  float S38_0 = 0.0f;
  if (ok38) {
    const float ld38_0 = s0[((((bh * 128) + row38) * 128) + j0)];
    S38_0 = ld38_0;
  }
  const int row39 = (ks + 39);
  const bool ok39 = colok;
  float S39_0 = 0.0f;
  if (ok39) {
    const float ld39_0 = s0[((((bh * 128) + row39) * 128) + j0)];
    S39_0 = ld39_0;
  }
  const int row40 = (ks + 40);
  const bool ok40 = colok;
  float S40_0 = 0.0f;
  if (ok40) {
    const float ld40_0 = s0[((((bh * 128) + row40) * 128) + j0)];
    S40_0 = ld40_0;
  }
  const int row41 = (ks + 41);
  const bool ok41 = colok;
  float S41_0 = 0.0f;
  if (ok41) {
    const float ld41_0 = s0[((((bh * 128) + row41) * 128) + j0)];
    S41_0 = ld41_0;
  }
  const int row42 = (ks + 42);
  const bool ok42 = colok;
  float S42_0 = 0.0f;
  if (ok42) {
    const float ld42_0 = s0[((((bh * 128) + row42) * 128) + j0)];
    S42_0 = ld42_0;
  }
  const int row43 = (ks + 43);
  const bool ok43 = colok;
  float S43_0 = 0.0f;
  if (ok43) {
    const float ld43_0 = s0[((((bh * 128) + row43) * 128) + j0)];
    S43_0 = ld43_0;
  }
  const int row44 = (ks + 44);
  const bool ok44 = colok;
  float S44_0 = 0.0f;
  if (ok44) {
    const float ld44_0 = s0[((((bh * 128) + row44) * 128) + j0)];
    S44_0 = ld44_0;
  }
  const int row45 = (ks + 45);
  const bool ok45 = colok;
  float S45_0 = 0.0f;
  if (ok45) {
    const float ld45_0 = s0[((((bh * 128) + row45) * 128) + j0)];
    S45_0 = ld45_0;
  }
  const int row46 = (ks + 46);
  const bool ok46 = colok;
  float S46_0 = 0.0f;
  if (ok46) {
    const float ld46_0 = s0[((((bh * 128) + row46) * 128) + j0)];
    S46_0 = ld46_0;
  }
  const int row47 = (ks + 47);
  const bool ok47 = colok;
  float S47_0 = 0.0f;
  if (ok47) {
    const float ld47_0 = s0[((((bh * 128) + row47) * 128) + j0)];
    S47_0 = ld47_0;
  }
  const int row48 = (ks + 48);
  const bool ok48 = colok;
  float S48_0 = 0.0f;
  if (ok48) {
    const float ld48_0 = s0[((((bh * 128) + row48) * 128) + j0)];
    S48_0 = ld48_0;
  }
  const int row49 = (ks + 49);
  const bool ok49 = colok;
  float S49_0 = 0.0f;
  if (ok49) {
    const float ld49_0 = s0[((((bh * 128) + row49) * 128) + j0)];
    S49_0 = ld49_0;
  }
  const int row50 = (ks + 50);
  const bool ok50 = colok;
  float S50_0 = 0.0f;
  if (ok50) {
    const float ld50_0 = s0[((((bh * 128) + row50) * 128) + j0)];
    S50_0 = ld50_0;
  }
  const int row51 = (ks + 51);
  const bool ok51 = colok;
  float S51_0 = 0.0f;
  if (ok51) {
    const float ld51_0 = s0[((((bh * 128) + row51) * 128) + j0)];
    S51_0 = ld51_0;
  }
  const int row52 = (ks + 52);
  const bool ok52 = colok;
  float S52_0 = 0.0f;
  if (ok52) {
    const float ld52_0 = s0[((((bh * 128) + row52) * 128) + j0)];
    S52_0 = ld52_0;
  }
  const int row53 = (ks + 53);
  const bool ok53 = colok;
  float S53_0 = 0.0f;
  if (ok53) {
    const float ld53_0 = s0[((((bh * 128) + row53) * 128) + j0)];
    S53_0 = ld53_0;
  }
  const int row54 = (ks + 54);
  const bool ok54 = colok;
  float S54_0 = 0.0f;
  if (ok54) {
    const float ld54_0 = s0[((((bh * 128) + row54) * 128) + j0)];
    S54_0 = ld54_0;
  }
  const int row55 = (ks + 55);
  const bool ok55 = colok;
  float S55_0 = 0.0f;
  if (ok55) {
    const float ld55_0 = s0[((((bh * 128) + row55) * 128) + j0)];
    S55_0 = ld55_0;
  }
  const int row56 = (ks + 56);
  const bool ok56 = colok;
  float S56_0 = 0.0f;
  if (ok56) {
    const float ld56_0 = s0[((((bh * 128) + row56) * 128) + j0)];
    S56_0 = ld56_0;
  }
  const int row57 = (ks + 57);
  const bool ok57 = colok;
  float S57_0 = 0.0f;
  if (ok57) {
    const float ld57_0 = s0[((((bh * 128) + row57) * 128) + j0)];
    S57_0 = ld57_0;
  }
  const int row58 = (ks + 58);
  const bool ok58 = colok;
  float S58_0 = 0.0f;
  if (ok58) {
    const float ld58_0 = s0[((((bh * 128) + row58) * 128) + j0)];
    S58_0 = ld58_0;
  }
  const int row59 = (ks + 59);
  const bool ok59 = colok;
  float S59_0 = 0.0f;
  if (ok59) {
    const float ld59_0 = s0[((((bh * 128) + row59) * 128) + j0)];
    S59_0 = ld59_0;
  }
  const int row60 = (ks + 60);
  const bool ok60 = colok;
  float S60_0 = 0.0f;
  if (ok60) {
    const float ld60_0 = s0[((((bh * 128) + row60) * 128) + j0)];
    S60_0 = ld60_0;
  }
  const int row61 = (ks + 61);
  const bool ok61 = colok;
  float S61_0 = 0.0f;
  if (ok61) {
    const float ld61_0 = s0[((((bh * 128) + row61) * 128) + j0)];
    S61_0 = ld61_0;
  }
  const int row62 = (ks + 62);
  const bool ok62 = colok;
  float S62_0 = 0.0f;
  if (ok62) {
    const float ld62_0 = s0[((((bh * 128) + row62) * 128) + j0)];
    S62_0 = ld62_0;
  }
  const int row63 = (ks + 63);
  const bool ok63 = colok;
  float S63_0 = 0.0f;
  if (ok63) {
    const float ld63_0 = s0[((((bh * 128) + row63) * 128) + j0)];
    S63_0 = ld63_0;
  }
  const int row64 = (ks + 64);
  const bool ok64 = colok;
  float S64_0 = 0.0f;
  if (ok64) {
    const float ld64_0 = s0[((((bh * 128) + row64) * 128) + j0)];
    S64_0 = ld64_0;
  }
  const int row65 = (ks + 65);
  const bool ok65 = colok;
  float S65_0 = 0.0f;
  if (ok65) {
    const float ld65_0 = s0[((((bh * 128) + row65) * 128) + j0)];
    S65_0 = ld65_0;
  }
  const int row66 = (ks + 66);
  const bool ok66 = colok;
  float S66_0 = 0.0f;
  if (ok66) {
    const float ld66_0 = s0[((((bh * 128) + row66) * 128) + j0)];
    S66_0 = ld66_0;
  }
  const int row67 = (ks + 67);
  const bool ok67 = colok;
  float S67_0 = 0.0f;
  if (ok67) {
    const float ld67_0 = s0[((((bh * 128) + row67) * 128) + j0)];
    S67_0 = ld67_0;
  }
  const int row68 = (ks + 68);
  const bool ok68 = colok;
  float S68_0 = 0.0f;
  if (ok68) {
    const float ld68_0 = s0[((((bh * 128) + row68) * 128) + j0)];
    S68_0 = ld68_0;
  }
  const int row69 = (ks + 69);
  const bool ok69 = colok;
  float S69_0 = 0.0f;
  if (ok69) {
    const float ld69_0 = s0[((((bh * 128) + row69) * 128) + j0)];
    S69_0 = ld69_0;
  }
  const int row70 = (ks + 70);
  const bool ok70 = colok;
  float S70_0 = 0.0f;
  if (ok70) {
    const float ld70_0 = s0[((((bh * 128) + row70) * 128) + j0)];
    S70_0 = ld70_0;
  }
  const int row71 = (ks + 71);
  const bool ok71 = colok;
  float S71_0 = 0.0f;
  if (ok71) {
    const float ld71_0 = s0[((((bh * 128) + row71) * 128) + j0)];
    S71_0 = ld71_0;
  }
  const int row72 = (ks + 72);
  const bool ok72 = colok;
  float S72_0 = 0.0f;
  if (ok72) {
    const float ld72_0 = s0[((((bh * 128) + row72) * 128) + j0)];
    S72_0 = ld72_0;
  }
  const int row73 = (ks + 73);
  const bool ok73 = colok;
  float S73_0 = 0.0f;
  if (ok73) {
    const float ld73_0 = s0[((((bh * 128) + row73) * 128) + j0)];
    S73_0 = ld73_0;
  }
  const int row74 = (ks + 74);
  const bool ok74 = colok;
  float S74_0 = 0.0f;
  if (ok74) {
    const float ld74_0 = s0[((((bh * 128) + row74) * 128) + j0)];
    S74_0 = ld74_0;
  }
  const int row75 = (ks + 75);
  const bool ok75 = colok;
  float S75_0 = 0.0f;
  if (ok75) {
    const float ld75_0 = s0[((((bh * 128) + row75) * 128) + j0)];
    S75_0 = ld75_0;
  }
  const int row76 = (ks + 76);
  const bool ok76 = colok;
  float S76_0 = 0.0f;
  if (ok76) {
    const float ld76_0 = s0[((((bh * 128) + row76) * 128) + j0)];
    S76_0 = ld76_0;
  }
  const int row77 = (ks + 77);
  const bool ok77 = colok;
  float S77_0 = 0.0f;
  if (ok77) {
    const float ld77_0 = s0[((((bh * 128) + row77) * 128) + j0)];
    S77_0 = ld77_0;
  }
  const int row78 = (ks + 78);
  const bool ok78 = colok;
  float S78_0 = 0.0f;
  if (ok78) {
    const float ld78_0 = s0[((((bh * 128) + row78) * 128) + j0)];
    S78_0 = ld78_0;
  }
  const int row79 = (ks + 79);
  const bool ok79 = colok;
  float S79_0 = 0.0f;
  if (ok79) {
    const float ld79_0 = s0[((((bh * 128) + row79) * 128) + j0)];
    S79_0 = ld79_0;
  }
  const int row80 = (ks + 80);
  const bool ok80 = colok;
  float S80_0 = 0.0f;
  if (ok80) {
    const float ld80_0 = s0[((((bh * 128) + row80) * 128) + j0)];
    S80_0 = ld80_0;
  }
  const int row81 = (ks + 81);
  const bool ok81 = colok;
  float S81_0 = 0.0f;
  if (ok81) {
    const float ld81_0 = s0[((((bh * 128) + row81) * 128) + j0)];
    S81_0 = ld81_0;
  }
  const int row82 = (ks + 82);
  const bool ok82 = colok;
  float S82_0 = 0.0f;
  if (ok82) {
    const float ld82_0 = s0[((((bh * 128) + row82) * 128) + j0)];
    S82_0 = ld82_0;
  }
  const int row83 = (ks + 83);
  const bool ok83 = colok;
  float S83_0 = 0.0f;
  if (ok83) {
    const float ld83_0 = s0[((((bh * 128) + row83) * 128) + j0)];
    S83_0 = ld83_0;
  }
  const int row84 = (ks + 84);
  const bool ok84 = colok;
  float S84_0 = 0.0f;
  if (ok84) {
    const float ld84_0 = s0[((((bh * 128) + row84) * 128) + j0)];
    S84_0 = ld84_0;
  }
  const int row85 = (ks + 85);
  const bool ok85 = colok;
  float S85_0 = 0.0f;
  if (ok85) {
    const float ld85_0 = s0[((((bh * 128) + row85) * 128) + j0)];
    S85_0 = ld85_0;
  }
  const int row86 = (ks + 86);
  const bool ok86 = colok;
  float S86_0 = 0.0f;
  if (ok86) {
    const float ld86_0 = s0[((((bh * 128) + row86) * 128) + j0)];
    S86_0 = ld86_0;
  }
  const int row87 = (ks + 87);
  const bool ok87 = colok;
  float S87_0 = 0.0f;
  if (ok87) {
    const float ld87_0 = s0[((((bh * 128) + row87) * 128) + j0)];
    S87_0 = ld87_0;
  }
  const int row88 = (ks + 88);
  const bool ok88 = colok;
  float S88_0 = 0.0f;
  if (ok88) {
    const float ld88_0 = s0[((((bh * 128) + row88) * 128) + j0)];
    S88_0 = ld88_0;
  }
  const int row89 = (ks + 89);
  const bool ok89 = colok;
  float S89_0 = 0.0f;
  if (ok89) {
    const float ld89_0 = s0[((((bh * 128) + row89) * 128) + j0)];
    S89_0 = ld89_0;
  }
  const int row90 = (ks + 90);
  const bool ok90 = colok;
  float S90_0 = 0.0f;
  if (ok90) {
    const float ld90_0 = s0[((((bh * 128) + row90) * 128) + j0)];
    S90_0 = ld90_0;
  }
  const int row91 = (ks + 91);
  const bool ok91 = colok;
  float S91_0 = 0.0f;
  if (ok91) {
    const float ld91_0 = s0[((((bh * 128) + row91) * 128) + j0)];
    S91_0 = ld91_0;
  }
  const int row92 = (ks + 92);
  const bool ok92 = colok;
  float S92_0 = 0.0f;
  if (ok92) {
    const float ld92_0 = s0[((((bh * 128) + row92) * 128) + j0)];
    S92_0 = ld92_0;
  }
  const int row93 = (ks + 93);
  const bool ok93 = colok;
  float S93_0 = 0.0f;
  if (ok93) {
    const float ld93_0 = s0[((((bh * 128) + row93) * 128) + j0)];
    S93_0 = ld93_0;
  }
  const int row94 = (ks + 94);
  const bool ok94 = colok;
  float S94_0 = 0.0f;
  if (ok94) {
    const float ld94_0 = s0[((((bh * 128) + row94) * 128) + j0)];
    S94_0 = ld94_0;
  }
  const int row95 = (ks + 95);
  const bool ok95 = colok;
  float S95_0 = 0.0f;
  if (ok95) {
    const float ld95_0 = s0[((((bh * 128) + row95) * 128) + j0)];
    S95_0 = ld95_0;
  }
  const int row96 = (ks + 96);
  const bool ok96 = colok;
  float S96_0 = 0.0f;
  if (ok96) {
    const float ld96_0 = s0[((((bh * 128) + row96) * 128) + j0)];
    S96_0 = ld96_0;
  }
  const int row97 = (ks + 97);
  const bool ok97 = colok;
  float S97_0 = 0.0f;
  if (ok97) {
    const float ld97_0 = s0[((((bh * 128) + row97) * 128) + j0)];
    S97_0 = ld97_0;
  }
  const int row98 = (ks + 98);
  const bool ok98 = colok;
  float S98_0 = 0.0f;
  if (ok98) {
    const float ld98_0 = s0[((((bh * 128) + row98) * 128) + j0)];
    S98_0 = ld98_0;
  }
  const int row99 = (ks + 99);
  const bool ok99 = colok;
  float S99_0 = 0.0f;
  if (ok99) {
    const float ld99_0 = s0[((((bh * 128) + row99) * 128) + j0)];
    S99_0 = ld99_0;
  }
  const int row100 = (ks + 100);
  const bool ok100 = colok;
  float S100_0 = 0.0f;
  if (ok100) {
    const float ld100_0 = s0[((((bh * 128) + row100) * 128) + j0)];
    S100_0 = ld100_0;
  }
  const int row101 = (ks + 101);
  const bool ok101 = colok;
  float S101_0 = 0.0f;
  if (ok101) {
    const float ld101_0 = s0[((((bh * 128) + row101) * 128) + j0)];
    S101_0 = ld101_0;
  }
  const int row102 = (ks + 102);
  const bool ok102 = colok;
  float S102_0 = 0.0f;
  if (ok102) {
    const float ld102_0 = s0[((((bh * 128) + row102) * 128) + j0)];
    S102_0 = ld102_0;
  }
  const int row103 = (ks + 103);
  const bool ok103 = colok;
  float S103_0 = 0.0f;
  if (ok103) {
    const float ld103_0 = s0[((((bh * 128) + row103) * 128) + j0)];
    S103_0 = ld103_0;
  }
  const int row104 = (ks + 104);
  const bool ok104 = colok;
  float S104_0 = 0.0f;
  if (ok104) {
    const float ld104_0 = s0[((((bh * 128) + row104) * 128) + j0)];
    S104_0 = ld104_0;
  }
  const int row105 = (ks + 105);
  const bool ok105 = colok;
  float S105_0 = 0.0f;
  if (ok105) {
    const float ld105_0 = s0[((((bh * 128) + row105) * 128) + j0)];
    S105_0 = ld105_0;
  }
  const int row106 = (ks + 106);
  const bool ok106 = colok;
  float S106_0 = 0.0f;
  if (ok106) {
    const float ld106_0 = s0[((((bh * 128) + row106) * 128) + j0)];
    S106_0 = ld106_0;
  }
  const int row107 = (ks + 107);
  const bool ok107 = colok;
  float S107_0 = 0.0f;
  if (ok107) {
    const float ld107_0 = s0[((((bh * 128) + row107) * 128) + j0)];
    S107_0 = ld107_0;
  }
  const int row108 = (ks + 108);
  const bool ok108 = colok;
  float S108_0 = 0.0f;
  if (ok108) {
    const float ld108_0 = s0[((((bh * 128) + row108) * 128) + j0)];
    S108_0 = ld108_0;
  }
  const int row109 = (ks + 109);
  const bool ok109 = colok;
  float S109_0 = 0.0f;
  if (ok109) {
    const float ld109_0 = s0[((((bh * 128) + row109) * 128) + j0)];
    S109_0 = ld109_0;
  }
  const int row110 = (ks + 110);
  const bool ok110 = colok;
  float S110_0 = 0.0f;
  if (ok110) {
    const float ld110_0 = s0[((((bh * 128) + row110) * 128) + j0)];
    S110_0 = ld110_0;
  }
  const int row111 = (ks + 111);
  const bool ok111 = colok;
  float S111_0 = 0.0f;
  if (ok111) {
    const float ld111_0 = s0[((((bh * 128) + row111) * 128) + j0)];
    S111_0 = ld111_0;
  }
  const int row112 = (ks + 112);
  const bool ok112 = colok;
  float S112_0 = 0.0f;
  if (ok112) {
    const float ld112_0 = s0[((((bh * 128) + row112) * 128) + j0)];
    S112_0 = ld112_0;
  }
  const int row113 = (ks + 113);
  const bool ok113 = colok;
  float S113_0 = 0.0f;
  if (ok113) {
    const float ld113_0 = s0[((((bh * 128) + row113) * 128) + j0)];
    S113_0 = ld113_0;
  }
  const int row114 = (ks + 114);
  const bool ok114 = colok;
  float S114_0 = 0.0f;
  if (ok114) {
    const float ld114_0 = s0[((((bh * 128) + row114) * 128) + j0)];
    S114_0 = ld114_0;
  }
  const int row115 = (ks + 115);
  const bool ok115 = colok;
  float S115_0 = 0.0f;
  if (ok115) {
    const float ld115_0 = s0[((((bh * 128) + row115) * 128) + j0)];
    S115_0 = ld115_0;
  }
  const int row116 = (ks + 116);
  const bool ok116 = colok;
  float S116_0 = 0.0f;
  if (ok116) {
    const float ld116_0 = s0[((((bh * 128) + row116) * 128) + j0)];
    S116_0 = ld116_0;
  }
  const int row117 = (ks + 117);
  const bool ok117 = colok;
  float S117_0 = 0.0f;
  if (ok117) {
    const float ld117_0 = s0[((((bh * 128) + row117) * 128) + j0)];
    S117_0 = ld117_0;
  }
  const int row118 = (ks + 118);
  const bool ok118 = colok;
  float S118_0 = 0.0f;
  if (ok118) {
    const float ld118_0 = s0[((((bh * 128) + row118) * 128) + j0)];
    S118_0 = ld118_0;
  }
  const int row119 = (ks + 119);
  const bool ok119 = colok;
  float S119_0 = 0.0f;
  if (ok119) {
    const float ld119_0 = s0[((((bh * 128) + row119) * 128) + j0)];
    S119_0 = ld119_0;
  }
  const int row120 = (ks + 120);
  const bool ok120 = colok;
  float S120_0 = 0.0f;
  if (ok120) {
    const float ld120_0 = s0[((((bh * 128) + row120) * 128) + j0)];
    S120_0 = ld120_0;
  }
  const int row121 = (ks + 121);
  const bool ok121 = colok;
  float S121_0 = 0.0f;
  if (ok121) {
    const float ld121_0 = s0[((((bh * 128) + row121) * 128) + j0)];
    S121_0 = ld121_0;
  }
  const int row122 = (ks + 122);
  const bool ok122 = colok;
  float S122_0 = 0.0f;
  if (ok122) {
    const float ld122_0 = s0[((((bh * 128) + row122) * 128) + j0)];
    S122_0 = ld122_0;
  }
  const int row123 = (ks + 123);
  const bool ok123 = colok;
  float S123_0 = 0.0f;
  if (ok123) {
    const float ld123_0 = s0[((((bh * 128) + row123) * 128) + j0)];
    S123_0 = ld123_0;
  }
  const int row124 = (ks + 124);
  const bool ok124 = colok;
  float S124_0 = 0.0f;
  if (ok124) {
    const float ld124_0 = s0[((((bh * 128) + row124) * 128) + j0)];
    S124_0 = ld124_0;
  }
  const int row125 = (ks + 125);
  const bool ok125 = colok;
  float S125_0 = 0.0f;
  if (ok125) {
    const float ld125_0 = s0[((((bh * 128) + row125) * 128) + j0)];
    S125_0 = ld125_0;
  }
  const int row126 = (ks + 126);
  const bool ok126 = colok;
  float S126_0 = 0.0f;
  if (ok126) {
    const float ld126_0 = s0[((((bh * 128) + row126) * 128) + j0)];
    S126_0 = ld126_0;
  }
  const int row127 = (ks + 127);
  const bool ok127 = colok;
  float S127_0 = 0.0f;
  if (ok127) {
    const float ld127_0 = s0[((((bh * 128) + row127) * 128) + j0)];
    S127_0 = ld127_0;
  }
  __local float sq[1024];
  __local float sk[1024];
  __local float sv[64];
  __local float sa[8];
  __local float sb[8];
  for (int t0 = 0; t0 < T; t0 += 8) {
    const int nt = min(8, (T - t0));
    for (int e = tid; e < (nt * 128); e += 8) {
      const int eu = (e / 128);
      const int ed = (e % 128);
      const bool eok = (((t0 + eu) < T) && (ed < 128));
      const int eqk = ((((((b * T) + min((t0 + eu), (T - 1))) * 16) + hk) * 128) + min(ed, 127));
      sq[e] = (eok ? q[eqk] : 0.0f);
      sk[e] = (eok ? k[eqk] : 0.0f);
    }
    for (int e = tid; e < (nt * 8); e += 8) {
      const int vu = (e / 8);
      const int vj = ((gx * 8) + (e % 8));
      const bool vok = (((t0 + vu) < T) && (vj < 128));
      const int vat = ((((((b * T) + min((t0 + vu), (T - 1))) * 16) + h) * 128) + min(vj, 127));
      sv[e] = (vok ? v[vat] : 0.0f);
    }
    for (int e = tid; e < nt; e += 8) {
      const int gat = ((((b * T) + min((t0 + e), (T - 1))) * 16) + h);
      sa[e] = exp(g[gat]);
      sb[e] = beta[gat];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
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
      const float kr4 = sk[((u * 128) + row4)];
      const float qr4 = sq[((u * 128) + row4)];
      const float kr5 = sk[((u * 128) + row5)];
      const float qr5 = sq[((u * 128) + row5)];
      const float kr6 = sk[((u * 128) + row6)];
      const float qr6 = sq[((u * 128) + row6)];
      const float kr7 = sk[((u * 128) + row7)];
      const float qr7 = sq[((u * 128) + row7)];
      const float kr8 = sk[((u * 128) + row8)];
      const float qr8 = sq[((u * 128) + row8)];
      const float kr9 = sk[((u * 128) + row9)];
      const float qr9 = sq[((u * 128) + row9)];
      const float kr10 = sk[((u * 128) + row10)];
      const float qr10 = sq[((u * 128) + row10)];
      const float kr11 = sk[((u * 128) + row11)];
      const float qr11 = sq[((u * 128) + row11)];
      const float kr12 = sk[((u * 128) + row12)];
      const float qr12 = sq[((u * 128) + row12)];
      const float kr13 = sk[((u * 128) + row13)];
      const float qr13 = sq[((u * 128) + row13)];
      const float kr14 = sk[((u * 128) + row14)];
      const float qr14 = sq[((u * 128) + row14)];
      const float kr15 = sk[((u * 128) + row15)];
      const float qr15 = sq[((u * 128) + row15)];
      const float kr16 = sk[((u * 128) + row16)];
      const float qr16 = sq[((u * 128) + row16)];
      const float kr17 = sk[((u * 128) + row17)];
      const float qr17 = sq[((u * 128) + row17)];
      const float kr18 = sk[((u * 128) + row18)];
      const float qr18 = sq[((u * 128) + row18)];
      const float kr19 = sk[((u * 128) + row19)];
      const float qr19 = sq[((u * 128) + row19)];
      const float kr20 = sk[((u * 128) + row20)];
      const float qr20 = sq[((u * 128) + row20)];
      const float kr21 = sk[((u * 128) + row21)];
      const float qr21 = sq[((u * 128) + row21)];
      const float kr22 = sk[((u * 128) + row22)];
      const float qr22 = sq[((u * 128) + row22)];
      const float kr23 = sk[((u * 128) + row23)];
      const float qr23 = sq[((u * 128) + row23)];
      const float kr24 = sk[((u * 128) + row24)];
      const float qr24 = sq[((u * 128) + row24)];
      const float kr25 = sk[((u * 128) + row25)];
      const float qr25 = sq[((u * 128) + row25)];
      const float kr26 = sk[((u * 128) + row26)];
      const float qr26 = sq[((u * 128) + row26)];
      const float kr27 = sk[((u * 128) + row27)];
      const float qr27 = sq[((u * 128) + row27)];
      const float kr28 = sk[((u * 128) + row28)];
      const float qr28 = sq[((u * 128) + row28)];
      const float kr29 = sk[((u * 128) + row29)];
      const float qr29 = sq[((u * 128) + row29)];
      const float kr30 = sk[((u * 128) + row30)];
      const float qr30 = sq[((u * 128) + row30)];
      const float kr31 = sk[((u * 128) + row31)];
      const float qr31 = sq[((u * 128) + row31)];
      const float kr32 = sk[((u * 128) + row32)];
      const float qr32 = sq[((u * 128) + row32)];
      const float kr33 = sk[((u * 128) + row33)];
      const float qr33 = sq[((u * 128) + row33)];
      const float kr34 = sk[((u * 128) + row34)];
      const float qr34 = sq[((u * 128) + row34)];
      const float kr35 = sk[((u * 128) + row35)];
      const float qr35 = sq[((u * 128) + row35)];
      const float kr36 = sk[((u * 128) + row36)];
      const float qr36 = sq[((u * 128) + row36)];
      const float kr37 = sk[((u * 128) + row37)];
      const float qr37 = sq[((u * 128) + row37)];
      const float kr38 = sk[((u * 128) + row38)];
      const float qr38 = sq[((u * 128) + row38)];
      const float kr39 = sk[((u * 128) + row39)];
      const float qr39 = sq[((u * 128) + row39)];
      const float kr40 = sk[((u * 128) + row40)];
      const float qr40 = sq[((u * 128) + row40)];
      const float kr41 = sk[((u * 128) + row41)];
      const float qr41 = sq[((u * 128) + row41)];
      const float kr42 = sk[((u * 128) + row42)];
      const float qr42 = sq[((u * 128) + row42)];
      const float kr43 = sk[((u * 128) + row43)];
      const float qr43 = sq[((u * 128) + row43)];
      const float kr44 = sk[((u * 128) + row44)];
      const float qr44 = sq[((u * 128) + row44)];
      const float kr45 = sk[((u * 128) + row45)];
      const float qr45 = sq[((u * 128) + row45)];
      const float kr46 = sk[((u * 128) + row46)];
      const float qr46 = sq[((u * 128) + row46)];
      const float kr47 = sk[((u * 128) + row47)];
      const float qr47 = sq[((u * 128) + row47)];
      const float kr48 = sk[((u * 128) + row48)];
      const float qr48 = sq[((u * 128) + row48)];
      const float kr49 = sk[((u * 128) + row49)];
      const float qr49 = sq[((u * 128) + row49)];
      const float kr50 = sk[((u * 128) + row50)];
      const float qr50 = sq[((u * 128) + row50)];
      const float kr51 = sk[((u * 128) + row51)];
      const float qr51 = sq[((u * 128) + row51)];
      const float kr52 = sk[((u * 128) + row52)];
      const float qr52 = sq[((u * 128) + row52)];
      const float kr53 = sk[((u * 128) + row53)];
      const float qr53 = sq[((u * 128) + row53)];
      const float kr54 = sk[((u * 128) + row54)];
      const float qr54 = sq[((u * 128) + row54)];
      const float kr55 = sk[((u * 128) + row55)];
      const float qr55 = sq[((u * 128) + row55)];
      const float kr56 = sk[((u * 128) + row56)];
      const float qr56 = sq[((u * 128) + row56)];
      const float kr57 = sk[((u * 128) + row57)];
      const float qr57 = sq[((u * 128) + row57)];
      const float kr58 = sk[((u * 128) + row58)];
      const float qr58 = sq[((u * 128) + row58)];
      const float kr59 = sk[((u * 128) + row59)];
      const float qr59 = sq[((u * 128) + row59)];
      const float kr60 = sk[((u * 128) + row60)];
      const float qr60 = sq[((u * 128) + row60)];
      const float kr61 = sk[((u * 128) + row61)];
      const float qr61 = sq[((u * 128) + row61)];
      const float kr62 = sk[((u * 128) + row62)];
      const float qr62 = sq[((u * 128) + row62)];
      const float kr63 = sk[((u * 128) + row63)];
      const float qr63 = sq[((u * 128) + row63)];
      const float kr64 = sk[((u * 128) + row64)];
      const float qr64 = sq[((u * 128) + row64)];
      const float kr65 = sk[((u * 128) + row65)];
      const float qr65 = sq[((u * 128) + row65)];
      const float kr66 = sk[((u * 128) + row66)];
      const float qr66 = sq[((u * 128) + row66)];
      const float kr67 = sk[((u * 128) + row67)];
      const float qr67 = sq[((u * 128) + row67)];
      const float kr68 = sk[((u * 128) + row68)];
      const float qr68 = sq[((u * 128) + row68)];
      const float kr69 = sk[((u * 128) + row69)];
      const float qr69 = sq[((u * 128) + row69)];
      const float kr70 = sk[((u * 128) + row70)];
      const float qr70 = sq[((u * 128) + row70)];
      const float kr71 = sk[((u * 128) + row71)];
      const float qr71 = sq[((u * 128) + row71)];
      const float kr72 = sk[((u * 128) + row72)];
      const float qr72 = sq[((u * 128) + row72)];
      const float kr73 = sk[((u * 128) + row73)];
      const float qr73 = sq[((u * 128) + row73)];
      const float kr74 = sk[((u * 128) + row74)];
      const float qr74 = sq[((u * 128) + row74)];
      const float kr75 = sk[((u * 128) + row75)];
      const float qr75 = sq[((u * 128) + row75)];
      const float kr76 = sk[((u * 128) + row76)];
      const float qr76 = sq[((u * 128) + row76)];
      const float kr77 = sk[((u * 128) + row77)];
      const float qr77 = sq[((u * 128) + row77)];
      const float kr78 = sk[((u * 128) + row78)];
      const float qr78 = sq[((u * 128) + row78)];
      const float kr79 = sk[((u * 128) + row79)];
      const float qr79 = sq[((u * 128) + row79)];
      const float kr80 = sk[((u * 128) + row80)];
      const float qr80 = sq[((u * 128) + row80)];
      const float kr81 = sk[((u * 128) + row81)];
      const float qr81 = sq[((u * 128) + row81)];
      const float kr82 = sk[((u * 128) + row82)];
      const float qr82 = sq[((u * 128) + row82)];
      const float kr83 = sk[((u * 128) + row83)];
      const float qr83 = sq[((u * 128) + row83)];
      const float kr84 = sk[((u * 128) + row84)];
      const float qr84 = sq[((u * 128) + row84)];
      const float kr85 = sk[((u * 128) + row85)];
      const float qr85 = sq[((u * 128) + row85)];
      const float kr86 = sk[((u * 128) + row86)];
      const float qr86 = sq[((u * 128) + row86)];
      const float kr87 = sk[((u * 128) + row87)];
      const float qr87 = sq[((u * 128) + row87)];
      const float kr88 = sk[((u * 128) + row88)];
      const float qr88 = sq[((u * 128) + row88)];
      const float kr89 = sk[((u * 128) + row89)];
      const float qr89 = sq[((u * 128) + row89)];
      const float kr90 = sk[((u * 128) + row90)];
      const float qr90 = sq[((u * 128) + row90)];
      const float kr91 = sk[((u * 128) + row91)];
      const float qr91 = sq[((u * 128) + row91)];
      const float kr92 = sk[((u * 128) + row92)];
      const float qr92 = sq[((u * 128) + row92)];
      const float kr93 = sk[((u * 128) + row93)];
      const float qr93 = sq[((u * 128) + row93)];
      const float kr94 = sk[((u * 128) + row94)];
      const float qr94 = sq[((u * 128) + row94)];
      const float kr95 = sk[((u * 128) + row95)];
      const float qr95 = sq[((u * 128) + row95)];
      const float kr96 = sk[((u * 128) + row96)];
      const float qr96 = sq[((u * 128) + row96)];
      const float kr97 = sk[((u * 128) + row97)];
      const float qr97 = sq[((u * 128) + row97)];
      const float kr98 = sk[((u * 128) + row98)];
      const float qr98 = sq[((u * 128) + row98)];
      const float kr99 = sk[((u * 128) + row99)];
      const float qr99 = sq[((u * 128) + row99)];
      const float kr100 = sk[((u * 128) + row100)];
      const float qr100 = sq[((u * 128) + row100)];
      const float kr101 = sk[((u * 128) + row101)];
      const float qr101 = sq[((u * 128) + row101)];
      const float kr102 = sk[((u * 128) + row102)];
      const float qr102 = sq[((u * 128) + row102)];
      const float kr103 = sk[((u * 128) + row103)];
      const float qr103 = sq[((u * 128) + row103)];
      const float kr104 = sk[((u * 128) + row104)];
      const float qr104 = sq[((u * 128) + row104)];
      const float kr105 = sk[((u * 128) + row105)];
      const float qr105 = sq[((u * 128) + row105)];
      const float kr106 = sk[((u * 128) + row106)];
      const float qr106 = sq[((u * 128) + row106)];
      const float kr107 = sk[((u * 128) + row107)];
      const float qr107 = sq[((u * 128) + row107)];
      const float kr108 = sk[((u * 128) + row108)];
      const float qr108 = sq[((u * 128) + row108)];
      const float kr109 = sk[((u * 128) + row109)];
      const float qr109 = sq[((u * 128) + row109)];
      const float kr110 = sk[((u * 128) + row110)];
      const float qr110 = sq[((u * 128) + row110)];
      const float kr111 = sk[((u * 128) + row111)];
      const float qr111 = sq[((u * 128) + row111)];
      const float kr112 = sk[((u * 128) + row112)];
      const float qr112 = sq[((u * 128) + row112)];
      const float kr113 = sk[((u * 128) + row113)];
      const float qr113 = sq[((u * 128) + row113)];
      const float kr114 = sk[((u * 128) + row114)];
      const float qr114 = sq[((u * 128) + row114)];
      const float kr115 = sk[((u * 128) + row115)];
      const float qr115 = sq[((u * 128) + row115)];
      const float kr116 = sk[((u * 128) + row116)];
      const float qr116 = sq[((u * 128) + row116)];
      const float kr117 = sk[((u * 128) + row117)];
      const float qr117 = sq[((u * 128) + row117)];
      const float kr118 = sk[((u * 128) + row118)];
      const float qr118 = sq[((u * 128) + row118)];
      const float kr119 = sk[((u * 128) + row119)];
      const float qr119 = sq[((u * 128) + row119)];
      const float kr120 = sk[((u * 128) + row120)];
      const float qr120 = sq[((u * 128) + row120)];
      const float kr121 = sk[((u * 128) + row121)];
      const float qr121 = sq[((u * 128) + row121)];
      const float kr122 = sk[((u * 128) + row122)];
      const float qr122 = sq[((u * 128) + row122)];
      const float kr123 = sk[((u * 128) + row123)];
      const float qr123 = sq[((u * 128) + row123)];
      const float kr124 = sk[((u * 128) + row124)];
      const float qr124 = sq[((u * 128) + row124)];
      const float kr125 = sk[((u * 128) + row125)];
      const float qr125 = sq[((u * 128) + row125)];
      const float kr126 = sk[((u * 128) + row126)];
      const float qr126 = sq[((u * 128) + row126)];
      const float kr127 = sk[((u * 128) + row127)];
      const float qr127 = sq[((u * 128) + row127)];
      const float pk0_c15 = fma(S15_0, kr15, fma(S14_0, kr14, fma(S13_0, kr13, fma(S12_0, kr12, fma(S11_0, kr11, fma(S10_0, kr10, fma(S9_0, kr9, fma(S8_0, kr8, fma(S7_0, kr7, fma(S6_0, kr6, fma(S5_0, kr5, fma(S4_0, kr4, fma(S3_0, kr3, fma(S2_0, kr2, fma(S1_0, kr1, (S0_0 * kr0))))))))))))))));
      const float pk0_c31 = fma(S31_0, kr31, fma(S30_0, kr30, fma(S29_0, kr29, fma(S28_0, kr28, fma(S27_0, kr27, fma(S26_0, kr26, fma(S25_0, kr25, fma(S24_0, kr24, fma(S23_0, kr23, fma(S22_0, kr22, fma(S21_0, kr21, fma(S20_0, kr20, fma(S19_0, kr19, fma(S18_0, kr18, fma(S17_0, kr17, fma(S16_0, kr16, pk0_c15))))))))))))))));
      const float pk0_c47 = fma(S47_0, kr47, fma(S46_0, kr46, fma(S45_0, kr45, fma(S44_0, kr44, fma(S43_0, kr43, fma(S42_0, kr42, fma(S41_0, kr41, fma(S40_0, kr40, fma(S39_0, kr39, fma(S38_0, kr38, fma(S37_0, kr37, fma(S36_0, kr36, fma(S35_0, kr35, fma(S34_0, kr34, fma(S33_0, kr33, fma(S32_0, kr32, pk0_c31))))))))))))))));
      const float pk0_c63 = fma(S63_0, kr63, fma(S62_0, kr62, fma(S61_0, kr61, fma(S60_0, kr60, fma(S59_0, kr59, fma(S58_0, kr58, fma(S57_0, kr57, fma(S56_0, kr56, fma(S55_0, kr55, fma(S54_0, kr54, fma(S53_0, kr53, fma(S52_0, kr52, fma(S51_0, kr51, fma(S50_0, kr50, fma(S49_0, kr49, fma(S48_0, kr48, pk0_c47))))))))))))))));
      const float pk0_c79 = fma(S79_0, kr79, fma(S78_0, kr78, fma(S77_0, kr77, fma(S76_0, kr76, fma(S75_0, kr75, fma(S74_0, kr74, fma(S73_0, kr73, fma(S72_0, kr72, fma(S71_0, kr71, fma(S70_0, kr70, fma(S69_0, kr69, fma(S68_0, kr68, fma(S67_0, kr67, fma(S66_0, kr66, fma(S65_0, kr65, fma(S64_0, kr64, pk0_c63))))))))))))))));
      const float pk0_c95 = fma(S95_0, kr95, fma(S94_0, kr94, fma(S93_0, kr93, fma(S92_0, kr92, fma(S91_0, kr91, fma(S90_0, kr90, fma(S89_0, kr89, fma(S88_0, kr88, fma(S87_0, kr87, fma(S86_0, kr86, fma(S85_0, kr85, fma(S84_0, kr84, fma(S83_0, kr83, fma(S82_0, kr82, fma(S81_0, kr81, fma(S80_0, kr80, pk0_c79))))))))))))))));
      const float pk0_c111 = fma(S111_0, kr111, fma(S110_0, kr110, fma(S109_0, kr109, fma(S108_0, kr108, fma(S107_0, kr107, fma(S106_0, kr106, fma(S105_0, kr105, fma(S104_0, kr104, fma(S103_0, kr103, fma(S102_0, kr102, fma(S101_0, kr101, fma(S100_0, kr100, fma(S99_0, kr99, fma(S98_0, kr98, fma(S97_0, kr97, fma(S96_0, kr96, pk0_c95))))))))))))))));
      const float pk0 = fma(S127_0, kr127, fma(S126_0, kr126, fma(S125_0, kr125, fma(S124_0, kr124, fma(S123_0, kr123, fma(S122_0, kr122, fma(S121_0, kr121, fma(S120_0, kr120, fma(S119_0, kr119, fma(S118_0, kr118, fma(S117_0, kr117, fma(S116_0, kr116, fma(S115_0, kr115, fma(S114_0, kr114, fma(S113_0, kr113, fma(S112_0, kr112, pk0_c111))))))))))))))));
      const float pq0_c15 = fma(S15_0, qr15, fma(S14_0, qr14, fma(S13_0, qr13, fma(S12_0, qr12, fma(S11_0, qr11, fma(S10_0, qr10, fma(S9_0, qr9, fma(S8_0, qr8, fma(S7_0, qr7, fma(S6_0, qr6, fma(S5_0, qr5, fma(S4_0, qr4, fma(S3_0, qr3, fma(S2_0, qr2, fma(S1_0, qr1, (S0_0 * qr0))))))))))))))));
      const float pq0_c31 = fma(S31_0, qr31, fma(S30_0, qr30, fma(S29_0, qr29, fma(S28_0, qr28, fma(S27_0, qr27, fma(S26_0, qr26, fma(S25_0, qr25, fma(S24_0, qr24, fma(S23_0, qr23, fma(S22_0, qr22, fma(S21_0, qr21, fma(S20_0, qr20, fma(S19_0, qr19, fma(S18_0, qr18, fma(S17_0, qr17, fma(S16_0, qr16, pq0_c15))))))))))))))));
      const float pq0_c47 = fma(S47_0, qr47, fma(S46_0, qr46, fma(S45_0, qr45, fma(S44_0, qr44, fma(S43_0, qr43, fma(S42_0, qr42, fma(S41_0, qr41, fma(S40_0, qr40, fma(S39_0, qr39, fma(S38_0, qr38, fma(S37_0, qr37, fma(S36_0, qr36, fma(S35_0, qr35, fma(S34_0, qr34, fma(S33_0, qr33, fma(S32_0, qr32, pq0_c31))))))))))))))));
      const float pq0_c63 = fma(S63_0, qr63, fma(S62_0, qr62, fma(S61_0, qr61, fma(S60_0, qr60, fma(S59_0, qr59, fma(S58_0, qr58, fma(S57_0, qr57, fma(S56_0, qr56, fma(S55_0, qr55, fma(S54_0, qr54, fma(S53_0, qr53, fma(S52_0, qr52, fma(S51_0, qr51, fma(S50_0, qr50, fma(S49_0, qr49, fma(S48_0, qr48, pq0_c47))))))))))))))));
      const float pq0_c79 = fma(S79_0, qr79, fma(S78_0, qr78, fma(S77_0, qr77, fma(S76_0, qr76, fma(S75_0, qr75, fma(S74_0, qr74, fma(S73_0, qr73, fma(S72_0, qr72, fma(S71_0, qr71, fma(S70_0, qr70, fma(S69_0, qr69, fma(S68_0, qr68, fma(S67_0, qr67, fma(S66_0, qr66, fma(S65_0, qr65, fma(S64_0, qr64, pq0_c63))))))))))))))));
      const float pq0_c95 = fma(S95_0, qr95, fma(S94_0, qr94, fma(S93_0, qr93, fma(S92_0, qr92, fma(S91_0, qr91, fma(S90_0, qr90, fma(S89_0, qr89, fma(S88_0, qr88, fma(S87_0, qr87, fma(S86_0, qr86, fma(S85_0, qr85, fma(S84_0, qr84, fma(S83_0, qr83, fma(S82_0, qr82, fma(S81_0, qr81, fma(S80_0, qr80, pq0_c79))))))))))))))));
      const float pq0_c111 = fma(S111_0, qr111, fma(S110_0, qr110, fma(S109_0, qr109, fma(S108_0, qr108, fma(S107_0, qr107, fma(S106_0, qr106, fma(S105_0, qr105, fma(S104_0, qr104, fma(S103_0, qr103, fma(S102_0, qr102, fma(S101_0, qr101, fma(S100_0, qr100, fma(S99_0, qr99, fma(S98_0, qr98, fma(S97_0, qr97, fma(S96_0, qr96, pq0_c95))))))))))))))));
      const float pq0 = fma(S127_0, qr127, fma(S126_0, qr126, fma(S125_0, qr125, fma(S124_0, qr124, fma(S123_0, qr123, fma(S122_0, qr122, fma(S121_0, qr121, fma(S120_0, qr120, fma(S119_0, qr119, fma(S118_0, qr118, fma(S117_0, qr117, fma(S116_0, qr116, fma(S115_0, qr115, fma(S114_0, qr114, fma(S113_0, qr113, fma(S112_0, qr112, pq0_c111))))))))))))))));
      const float pkq_c15 = fma(kr15, qr15, fma(kr14, qr14, fma(kr13, qr13, fma(kr12, qr12, fma(kr11, qr11, fma(kr10, qr10, fma(kr9, qr9, fma(kr8, qr8, fma(kr7, qr7, fma(kr6, qr6, fma(kr5, qr5, fma(kr4, qr4, fma(kr3, qr3, fma(kr2, qr2, fma(kr1, qr1, (kr0 * qr0))))))))))))))));
      const float pkq_c31 = fma(kr31, qr31, fma(kr30, qr30, fma(kr29, qr29, fma(kr28, qr28, fma(kr27, qr27, fma(kr26, qr26, fma(kr25, qr25, fma(kr24, qr24, fma(kr23, qr23, fma(kr22, qr22, fma(kr21, qr21, fma(kr20, qr20, fma(kr19, qr19, fma(kr18, qr18, fma(kr17, qr17, fma(kr16, qr16, pkq_c15))))))))))))))));
      const float pkq_c47 = fma(kr47, qr47, fma(kr46, qr46, fma(kr45, qr45, fma(kr44, qr44, fma(kr43, qr43, fma(kr42, qr42, fma(kr41, qr41, fma(kr40, qr40, fma(kr39, qr39, fma(kr38, qr38, fma(kr37, qr37, fma(kr36, qr36, fma(kr35, qr35, fma(kr34, qr34, fma(kr33, qr33, fma(kr32, qr32, pkq_c31))))))))))))))));
      const float pkq_c63 = fma(kr63, qr63, fma(kr62, qr62, fma(kr61, qr61, fma(kr60, qr60, fma(kr59, qr59, fma(kr58, qr58, fma(kr57, qr57, fma(kr56, qr56, fma(kr55, qr55, fma(kr54, qr54, fma(kr53, qr53, fma(kr52, qr52, fma(kr51, qr51, fma(kr50, qr50, fma(kr49, qr49, fma(kr48, qr48, pkq_c47))))))))))))))));
      const float pkq_c79 = fma(kr79, qr79, fma(kr78, qr78, fma(kr77, qr77, fma(kr76, qr76, fma(kr75, qr75, fma(kr74, qr74, fma(kr73, qr73, fma(kr72, qr72, fma(kr71, qr71, fma(kr70, qr70, fma(kr69, qr69, fma(kr68, qr68, fma(kr67, qr67, fma(kr66, qr66, fma(kr65, qr65, fma(kr64, qr64, pkq_c63))))))))))))))));
      const float pkq_c95 = fma(kr95, qr95, fma(kr94, qr94, fma(kr93, qr93, fma(kr92, qr92, fma(kr91, qr91, fma(kr90, qr90, fma(kr89, qr89, fma(kr88, qr88, fma(kr87, qr87, fma(kr86, qr86, fma(kr85, qr85, fma(kr84, qr84, fma(kr83, qr83, fma(kr82, qr82, fma(kr81, qr81, fma(kr80, qr80, pkq_c79))))))))))))))));
      const float pkq_c111 = fma(kr111, qr111, fma(kr110, qr110, fma(kr109, qr109, fma(kr108, qr108, fma(kr107, qr107, fma(kr106, qr106, fma(kr105, qr105, fma(kr104, qr104, fma(kr103, qr103, fma(kr102, qr102, fma(kr101, qr101, fma(kr100, qr100, fma(kr99, qr99, fma(kr98, qr98, fma(kr97, qr97, fma(kr96, qr96, pkq_c95))))))))))))))));
      const float pkq = fma(kr127, qr127, fma(kr126, qr126, fma(kr125, qr125, fma(kr124, qr124, fma(kr123, qr123, fma(kr122, qr122, fma(kr121, qr121, fma(kr120, qr120, fma(kr119, qr119, fma(kr118, qr118, fma(kr117, qr117, fma(kr116, qr116, fma(kr115, qr115, fma(kr114, qr114, fma(kr113, qr113, fma(kr112, qr112, pkq_c111))))))))))))))));
      const float pkk_c15 = fma(kr15, kr15, fma(kr14, kr14, fma(kr13, kr13, fma(kr12, kr12, fma(kr11, kr11, fma(kr10, kr10, fma(kr9, kr9, fma(kr8, kr8, fma(kr7, kr7, fma(kr6, kr6, fma(kr5, kr5, fma(kr4, kr4, fma(kr3, kr3, fma(kr2, kr2, fma(kr1, kr1, (kr0 * kr0))))))))))))))));
      const float pkk_c31 = fma(kr31, kr31, fma(kr30, kr30, fma(kr29, kr29, fma(kr28, kr28, fma(kr27, kr27, fma(kr26, kr26, fma(kr25, kr25, fma(kr24, kr24, fma(kr23, kr23, fma(kr22, kr22, fma(kr21, kr21, fma(kr20, kr20, fma(kr19, kr19, fma(kr18, kr18, fma(kr17, kr17, fma(kr16, kr16, pkk_c15))))))))))))))));
      const float pkk_c47 = fma(kr47, kr47, fma(kr46, kr46, fma(kr45, kr45, fma(kr44, kr44, fma(kr43, kr43, fma(kr42, kr42, fma(kr41, kr41, fma(kr40, kr40, fma(kr39, kr39, fma(kr38, kr38, fma(kr37, kr37, fma(kr36, kr36, fma(kr35, kr35, fma(kr34, kr34, fma(kr33, kr33, fma(kr32, kr32, pkk_c31))))))))))))))));
      const float pkk_c63 = fma(kr63, kr63, fma(kr62, kr62, fma(kr61, kr61, fma(kr60, kr60, fma(kr59, kr59, fma(kr58, kr58, fma(kr57, kr57, fma(kr56, kr56, fma(kr55, kr55, fma(kr54, kr54, fma(kr53, kr53, fma(kr52, kr52, fma(kr51, kr51, fma(kr50, kr50, fma(kr49, kr49, fma(kr48, kr48, pkk_c47))))))))))))))));
      const float pkk_c79 = fma(kr79, kr79, fma(kr78, kr78, fma(kr77, kr77, fma(kr76, kr76, fma(kr75, kr75, fma(kr74, kr74, fma(kr73, kr73, fma(kr72, kr72, fma(kr71, kr71, fma(kr70, kr70, fma(kr69, kr69, fma(kr68, kr68, fma(kr67, kr67, fma(kr66, kr66, fma(kr65, kr65, fma(kr64, kr64, pkk_c63))))))))))))))));
      const float pkk_c95 = fma(kr95, kr95, fma(kr94, kr94, fma(kr93, kr93, fma(kr92, kr92, fma(kr91, kr91, fma(kr90, kr90, fma(kr89, kr89, fma(kr88, kr88, fma(kr87, kr87, fma(kr86, kr86, fma(kr85, kr85, fma(kr84, kr84, fma(kr83, kr83, fma(kr82, kr82, fma(kr81, kr81, fma(kr80, kr80, pkk_c79))))))))))))))));
      const float pkk_c111 = fma(kr111, kr111, fma(kr110, kr110, fma(kr109, kr109, fma(kr108, kr108, fma(kr107, kr107, fma(kr106, kr106, fma(kr105, kr105, fma(kr104, kr104, fma(kr103, kr103, fma(kr102, kr102, fma(kr101, kr101, fma(kr100, kr100, fma(kr99, kr99, fma(kr98, kr98, fma(kr97, kr97, fma(kr96, kr96, pkk_c95))))))))))))))));
      const float pkk = fma(kr127, kr127, fma(kr126, kr126, fma(kr125, kr125, fma(kr124, kr124, fma(kr123, kr123, fma(kr122, kr122, fma(kr121, kr121, fma(kr120, kr120, fma(kr119, kr119, fma(kr118, kr118, fma(kr117, kr117, fma(kr116, kr116, fma(kr115, kr115, fma(kr114, kr114, fma(kr113, kr113, fma(kr112, kr112, pkk_c111))))))))))))))));
      const float pqq_c15 = fma(qr15, qr15, fma(qr14, qr14, fma(qr13, qr13, fma(qr12, qr12, fma(qr11, qr11, fma(qr10, qr10, fma(qr9, qr9, fma(qr8, qr8, fma(qr7, qr7, fma(qr6, qr6, fma(qr5, qr5, fma(qr4, qr4, fma(qr3, qr3, fma(qr2, qr2, fma(qr1, qr1, (qr0 * qr0))))))))))))))));
      const float pqq_c31 = fma(qr31, qr31, fma(qr30, qr30, fma(qr29, qr29, fma(qr28, qr28, fma(qr27, qr27, fma(qr26, qr26, fma(qr25, qr25, fma(qr24, qr24, fma(qr23, qr23, fma(qr22, qr22, fma(qr21, qr21, fma(qr20, qr20, fma(qr19, qr19, fma(qr18, qr18, fma(qr17, qr17, fma(qr16, qr16, pqq_c15))))))))))))))));
      const float pqq_c47 = fma(qr47, qr47, fma(qr46, qr46, fma(qr45, qr45, fma(qr44, qr44, fma(qr43, qr43, fma(qr42, qr42, fma(qr41, qr41, fma(qr40, qr40, fma(qr39, qr39, fma(qr38, qr38, fma(qr37, qr37, fma(qr36, qr36, fma(qr35, qr35, fma(qr34, qr34, fma(qr33, qr33, fma(qr32, qr32, pqq_c31))))))))))))))));
      const float pqq_c63 = fma(qr63, qr63, fma(qr62, qr62, fma(qr61, qr61, fma(qr60, qr60, fma(qr59, qr59, fma(qr58, qr58, fma(qr57, qr57, fma(qr56, qr56, fma(qr55, qr55, fma(qr54, qr54, fma(qr53, qr53, fma(qr52, qr52, fma(qr51, qr51, fma(qr50, qr50, fma(qr49, qr49, fma(qr48, qr48, pqq_c47))))))))))))))));
      const float pqq_c79 = fma(qr79, qr79, fma(qr78, qr78, fma(qr77, qr77, fma(qr76, qr76, fma(qr75, qr75, fma(qr74, qr74, fma(qr73, qr73, fma(qr72, qr72, fma(qr71, qr71, fma(qr70, qr70, fma(qr69, qr69, fma(qr68, qr68, fma(qr67, qr67, fma(qr66, qr66, fma(qr65, qr65, fma(qr64, qr64, pqq_c63))))))))))))))));
      const float pqq_c95 = fma(qr95, qr95, fma(qr94, qr94, fma(qr93, qr93, fma(qr92, qr92, fma(qr91, qr91, fma(qr90, qr90, fma(qr89, qr89, fma(qr88, qr88, fma(qr87, qr87, fma(qr86, qr86, fma(qr85, qr85, fma(qr84, qr84, fma(qr83, qr83, fma(qr82, qr82, fma(qr81, qr81, fma(qr80, qr80, pqq_c79))))))))))))))));
      const float pqq_c111 = fma(qr111, qr111, fma(qr110, qr110, fma(qr109, qr109, fma(qr108, qr108, fma(qr107, qr107, fma(qr106, qr106, fma(qr105, qr105, fma(qr104, qr104, fma(qr103, qr103, fma(qr102, qr102, fma(qr101, qr101, fma(qr100, qr100, fma(qr99, qr99, fma(qr98, qr98, fma(qr97, qr97, fma(qr96, qr96, pqq_c95))))))))))))))));
      const float pqq = fma(qr127, qr127, fma(qr126, qr126, fma(qr125, qr125, fma(qr124, qr124, fma(qr123, qr123, fma(qr122, qr122, fma(qr121, qr121, fma(qr120, qr120, fma(qr119, qr119, fma(qr118, qr118, fma(qr117, qr117, fma(qr116, qr116, fma(qr115, qr115, fma(qr114, qr114, fma(qr113, qr113, fma(qr112, qr112, pqq_c111))))))))))))))));
      const float pk0_s = pk0;
      const float pq0_s = pq0;
      const float pkq_s = pkq;
      const float pkk_s = pkk;
      const float pqq_s = pqq;
      const float rk = rsqrt((pkk_s + 0.000001f));
      const float rq = rsqrt((pqq_s + 0.000001f));
      const float ark = (a * rk);
      const float arq = ((a * rq) * 0.08838834764831843f);
      const float ckq = (((pkq_s * rk) * rq) * 0.08838834764831843f);
      const int t = (t0 + u);
      const int oat = ((((((b * T) + t) * 16) + h) * 128) + j0);
      const float vv0 = sv[((u * 8) + (jl + 0))];
      const float uu0 = (bt * (vv0 - (ark * pk0_s)));
      const float ww0 = (uu0 * rk);
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
      S50_0 = fma(kr50, ww0, (a * S50_0));
      S51_0 = fma(kr51, ww0, (a * S51_0));
      S52_0 = fma(kr52, ww0, (a * S52_0));
      S53_0 = fma(kr53, ww0, (a * S53_0));
      S54_0 = fma(kr54, ww0, (a * S54_0));
      S55_0 = fma(kr55, ww0, (a * S55_0));
      S56_0 = fma(kr56, ww0, (a * S56_0));
      S57_0 = fma(kr57, ww0, (a * S57_0));
      S58_0 = fma(kr58, ww0, (a * S58_0));
      S59_0 = fma(kr59, ww0, (a * S59_0));
      S60_0 = fma(kr60, ww0, (a * S60_0));
      S61_0 = fma(kr61, ww0, (a * S61_0));
      S62_0 = fma(kr62, ww0, (a * S62_0));
      S63_0 = fma(kr63, ww0, (a * S63_0));
      S64_0 = fma(kr64, ww0, (a * S64_0));
      S65_0 = fma(kr65, ww0, (a * S65_0));
      S66_0 = fma(kr66, ww0, (a * S66_0));
      S67_0 = fma(kr67, ww0, (a * S67_0));
      S68_0 = fma(kr68, ww0, (a * S68_0));
      S69_0 = fma(kr69, ww0, (a * S69_0));
      S70_0 = fma(kr70, ww0, (a * S70_0));
      S71_0 = fma(kr71, ww0, (a * S71_0));
      S72_0 = fma(kr72, ww0, (a * S72_0));
      S73_0 = fma(kr73, ww0, (a * S73_0));
      S74_0 = fma(kr74, ww0, (a * S74_0));
      S75_0 = fma(kr75, ww0, (a * S75_0));
      S76_0 = fma(kr76, ww0, (a * S76_0));
      S77_0 = fma(kr77, ww0, (a * S77_0));
      S78_0 = fma(kr78, ww0, (a * S78_0));
      S79_0 = fma(kr79, ww0, (a * S79_0));
      S80_0 = fma(kr80, ww0, (a * S80_0));
      S81_0 = fma(kr81, ww0, (a * S81_0));
      S82_0 = fma(kr82, ww0, (a * S82_0));
      S83_0 = fma(kr83, ww0, (a * S83_0));
      S84_0 = fma(kr84, ww0, (a * S84_0));
      S85_0 = fma(kr85, ww0, (a * S85_0));
      S86_0 = fma(kr86, ww0, (a * S86_0));
      S87_0 = fma(kr87, ww0, (a * S87_0));
      S88_0 = fma(kr88, ww0, (a * S88_0));
      S89_0 = fma(kr89, ww0, (a * S89_0));
      S90_0 = fma(kr90, ww0, (a * S90_0));
      S91_0 = fma(kr91, ww0, (a * S91_0));
      S92_0 = fma(kr92, ww0, (a * S92_0));
      S93_0 = fma(kr93, ww0, (a * S93_0));
      S94_0 = fma(kr94, ww0, (a * S94_0));
      S95_0 = fma(kr95, ww0, (a * S95_0));
      S96_0 = fma(kr96, ww0, (a * S96_0));
      S97_0 = fma(kr97, ww0, (a * S97_0));
      S98_0 = fma(kr98, ww0, (a * S98_0));
      S99_0 = fma(kr99, ww0, (a * S99_0));
      S100_0 = fma(kr100, ww0, (a * S100_0));
      S101_0 = fma(kr101, ww0, (a * S101_0));
      S102_0 = fma(kr102, ww0, (a * S102_0));
      S103_0 = fma(kr103, ww0, (a * S103_0));
      S104_0 = fma(kr104, ww0, (a * S104_0));
      S105_0 = fma(kr105, ww0, (a * S105_0));
      S106_0 = fma(kr106, ww0, (a * S106_0));
      S107_0 = fma(kr107, ww0, (a * S107_0));
      S108_0 = fma(kr108, ww0, (a * S108_0));
      S109_0 = fma(kr109, ww0, (a * S109_0));
      S110_0 = fma(kr110, ww0, (a * S110_0));
      S111_0 = fma(kr111, ww0, (a * S111_0));
      S112_0 = fma(kr112, ww0, (a * S112_0));
      S113_0 = fma(kr113, ww0, (a * S113_0));
      S114_0 = fma(kr114, ww0, (a * S114_0));
      S115_0 = fma(kr115, ww0, (a * S115_0));
      S116_0 = fma(kr116, ww0, (a * S116_0));
      S117_0 = fma(kr117, ww0, (a * S117_0));
      S118_0 = fma(kr118, ww0, (a * S118_0));
      S119_0 = fma(kr119, ww0, (a * S119_0));
      S120_0 = fma(kr120, ww0, (a * S120_0));
      S121_0 = fma(kr121, ww0, (a * S121_0));
      S122_0 = fma(kr122, ww0, (a * S122_0));
      S123_0 = fma(kr123, ww0, (a * S123_0));
      S124_0 = fma(kr124, ww0, (a * S124_0));
      S125_0 = fma(kr125, ww0, (a * S125_0));
      S126_0 = fma(kr126, ww0, (a * S126_0));
      S127_0 = fma(kr127, ww0, (a * S127_0));
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (ok0) {
    s[((((bh * 128) + row0) * 128) + j0)] = S0_0;
  }
  if (ok1) {
    s[((((bh * 128) + row1) * 128) + j0)] = S1_0;
  }
  if (ok2) {
    s[((((bh * 128) + row2) * 128) + j0)] = S2_0;
  }
  if (ok3) {
    s[((((bh * 128) + row3) * 128) + j0)] = S3_0;
  }
  if (ok4) {
    s[((((bh * 128) + row4) * 128) + j0)] = S4_0;
  }
  if (ok5) {
    s[((((bh * 128) + row5) * 128) + j0)] = S5_0;
  }
  if (ok6) {
    s[((((bh * 128) + row6) * 128) + j0)] = S6_0;
  }
  if (ok7) {
    s[((((bh * 128) + row7) * 128) + j0)] = S7_0;
  }
  if (ok8) {
    s[((((bh * 128) + row8) * 128) + j0)] = S8_0;
  }
  if (ok9) {
    s[((((bh * 128) + row9) * 128) + j0)] = S9_0;
  }
  if (ok10) {
    s[((((bh * 128) + row10) * 128) + j0)] = S10_0;
  }
  if (ok11) {
    s[((((bh * 128) + row11) * 128) + j0)] = S11_0;
  }
  if (ok12) {
    s[((((bh * 128) + row12) * 128) + j0)] = S12_0;
  }
  if (ok13) {
    s[((((bh * 128) + row13) * 128) + j0)] = S13_0;
  }
  if (ok14) {
    s[((((bh * 128) + row14) * 128) + j0)] = S14_0;
  }
  if (ok15) {
    s[((((bh * 128) + row15) * 128) + j0)] = S15_0;
  }
  if (ok16) {
    s[((((bh * 128) + row16) * 128) + j0)] = S16_0;
  }
  if (ok17) {
    s[((((bh * 128) + row17) * 128) + j0)] = S17_0;
  }
  if (ok18) {
    s[((((bh * 128) + row18) * 128) + j0)] = S18_0;
  }
  if (ok19) {
    s[((((bh * 128) + row19) * 128) + j0)] = S19_0;
  }
  if (ok20) {
    s[((((bh * 128) + row20) * 128) + j0)] = S20_0;
  }
  if (ok21) {
    s[((((bh * 128) + row21) * 128) + j0)] = S21_0;
  }
  if (ok22) {
    s[((((bh * 128) + row22) * 128) + j0)] = S22_0;
  }
  if (ok23) {
    s[((((bh * 128) + row23) * 128) + j0)] = S23_0;
  }
  if (ok24) {
    s[((((bh * 128) + row24) * 128) + j0)] = S24_0;
  }
  if (ok25) {
    s[((((bh * 128) + row25) * 128) + j0)] = S25_0;
  }
  if (ok26) {
    s[((((bh * 128) + row26) * 128) + j0)] = S26_0;
  }
  if (ok27) {
    s[((((bh * 128) + row27) * 128) + j0)] = S27_0;
  }
  if (ok28) {
    s[((((bh * 128) + row28) * 128) + j0)] = S28_0;
  }
  if (ok29) {
    s[((((bh * 128) + row29) * 128) + j0)] = S29_0;
  }
  if (ok30) {
    s[((((bh * 128) + row30) * 128) + j0)] = S30_0;
  }
  if (ok31) {
    s[((((bh * 128) + row31) * 128) + j0)] = S31_0;
  }
  if (ok32) {
    s[((((bh * 128) + row32) * 128) + j0)] = S32_0;
  }
  if (ok33) {
    s[((((bh * 128) + row33) * 128) + j0)] = S33_0;
  }
  if (ok34) {
    s[((((bh * 128) + row34) * 128) + j0)] = S34_0;
  }
  if (ok35) {
    s[((((bh * 128) + row35) * 128) + j0)] = S35_0;
  }
  if (ok36) {
    s[((((bh * 128) + row36) * 128) + j0)] = S36_0;
  }
  if (ok37) {
    s[((((bh * 128) + row37) * 128) + j0)] = S37_0;
  }
  if (ok38) {
    s[((((bh * 128) + row38) * 128) + j0)] = S38_0;
  }
  if (ok39) {
    s[((((bh * 128) + row39) * 128) + j0)] = S39_0;
  }
  if (ok40) {
    s[((((bh * 128) + row40) * 128) + j0)] = S40_0;
  }
  if (ok41) {
    s[((((bh * 128) + row41) * 128) + j0)] = S41_0;
  }
  if (ok42) {
    s[((((bh * 128) + row42) * 128) + j0)] = S42_0;
  }
  if (ok43) {
    s[((((bh * 128) + row43) * 128) + j0)] = S43_0;
  }
  if (ok44) {
    s[((((bh * 128) + row44) * 128) + j0)] = S44_0;
  }
  if (ok45) {
    s[((((bh * 128) + row45) * 128) + j0)] = S45_0;
  }
  if (ok46) {
    s[((((bh * 128) + row46) * 128) + j0)] = S46_0;
  }
  if (ok47) {
    s[((((bh * 128) + row47) * 128) + j0)] = S47_0;
  }
  if (ok48) {
    s[((((bh * 128) + row48) * 128) + j0)] = S48_0;
  }
  if (ok49) {
    s[((((bh * 128) + row49) * 128) + j0)] = S49_0;
  }
  if (ok50) {
    s[((((bh * 128) + row50) * 128) + j0)] = S50_0;
  }
  if (ok51) {
    s[((((bh * 128) + row51) * 128) + j0)] = S51_0;
  }
  if (ok52) {
    s[((((bh * 128) + row52) * 128) + j0)] = S52_0;
  }
  if (ok53) {
    s[((((bh * 128) + row53) * 128) + j0)] = S53_0;
  }
  if (ok54) {
    s[((((bh * 128) + row54) * 128) + j0)] = S54_0;
  }
  if (ok55) {
    s[((((bh * 128) + row55) * 128) + j0)] = S55_0;
  }
  if (ok56) {
    s[((((bh * 128) + row56) * 128) + j0)] = S56_0;
  }
  if (ok57) {
    s[((((bh * 128) + row57) * 128) + j0)] = S57_0;
  }
  if (ok58) {
    s[((((bh * 128) + row58) * 128) + j0)] = S58_0;
  }
  if (ok59) {
    s[((((bh * 128) + row59) * 128) + j0)] = S59_0;
  }
  if (ok60) {
    s[((((bh * 128) + row60) * 128) + j0)] = S60_0;
  }
  if (ok61) {
    s[((((bh * 128) + row61) * 128) + j0)] = S61_0;
  }
  if (ok62) {
    s[((((bh * 128) + row62) * 128) + j0)] = S62_0;
  }
  if (ok63) {
    s[((((bh * 128) + row63) * 128) + j0)] = S63_0;
  }
  if (ok64) {
    s[((((bh * 128) + row64) * 128) + j0)] = S64_0;
  }
  if (ok65) {
    s[((((bh * 128) + row65) * 128) + j0)] = S65_0;
  }
  if (ok66) {
    s[((((bh * 128) + row66) * 128) + j0)] = S66_0;
  }
  if (ok67) {
    s[((((bh * 128) + row67) * 128) + j0)] = S67_0;
  }
  if (ok68) {
    s[((((bh * 128) + row68) * 128) + j0)] = S68_0;
  }
  if (ok69) {
    s[((((bh * 128) + row69) * 128) + j0)] = S69_0;
  }
  if (ok70) {
    s[((((bh * 128) + row70) * 128) + j0)] = S70_0;
  }
  if (ok71) {
    s[((((bh * 128) + row71) * 128) + j0)] = S71_0;
  }
  if (ok72) {
    s[((((bh * 128) + row72) * 128) + j0)] = S72_0;
  }
  if (ok73) {
    s[((((bh * 128) + row73) * 128) + j0)] = S73_0;
  }
  if (ok74) {
    s[((((bh * 128) + row74) * 128) + j0)] = S74_0;
  }
  if (ok75) {
    s[((((bh * 128) + row75) * 128) + j0)] = S75_0;
  }
  if (ok76) {
    s[((((bh * 128) + row76) * 128) + j0)] = S76_0;
  }
  if (ok77) {
    s[((((bh * 128) + row77) * 128) + j0)] = S77_0;
  }
  if (ok78) {
    s[((((bh * 128) + row78) * 128) + j0)] = S78_0;
  }
  if (ok79) {
    s[((((bh * 128) + row79) * 128) + j0)] = S79_0;
  }
  if (ok80) {
    s[((((bh * 128) + row80) * 128) + j0)] = S80_0;
  }
  if (ok81) {
    s[((((bh * 128) + row81) * 128) + j0)] = S81_0;
  }
  if (ok82) {
    s[((((bh * 128) + row82) * 128) + j0)] = S82_0;
  }
  if (ok83) {
    s[((((bh * 128) + row83) * 128) + j0)] = S83_0;
  }
  if (ok84) {
    s[((((bh * 128) + row84) * 128) + j0)] = S84_0;
  }
  if (ok85) {
    s[((((bh * 128) + row85) * 128) + j0)] = S85_0;
  }
  if (ok86) {
    s[((((bh * 128) + row86) * 128) + j0)] = S86_0;
  }
  if (ok87) {
    s[((((bh * 128) + row87) * 128) + j0)] = S87_0;
  }
  if (ok88) {
    s[((((bh * 128) + row88) * 128) + j0)] = S88_0;
  }
  if (ok89) {
    s[((((bh * 128) + row89) * 128) + j0)] = S89_0;
  }
  if (ok90) {
    s[((((bh * 128) + row90) * 128) + j0)] = S90_0;
  }
  if (ok91) {
    s[((((bh * 128) + row91) * 128) + j0)] = S91_0;
  }
  if (ok92) {
    s[((((bh * 128) + row92) * 128) + j0)] = S92_0;
  }
  if (ok93) {
    s[((((bh * 128) + row93) * 128) + j0)] = S93_0;
  }
  if (ok94) {
    s[((((bh * 128) + row94) * 128) + j0)] = S94_0;
  }
  if (ok95) {
    s[((((bh * 128) + row95) * 128) + j0)] = S95_0;
  }
  if (ok96) {
    s[((((bh * 128) + row96) * 128) + j0)] = S96_0;
  }
  if (ok97) {
    s[((((bh * 128) + row97) * 128) + j0)] = S97_0;
  }
  if (ok98) {
    s[((((bh * 128) + row98) * 128) + j0)] = S98_0;
  }
  if (ok99) {
    s[((((bh * 128) + row99) * 128) + j0)] = S99_0;
  }
  if (ok100) {
    s[((((bh * 128) + row100) * 128) + j0)] = S100_0;
  }
  if (ok101) {
    s[((((bh * 128) + row101) * 128) + j0)] = S101_0;
  }
  if (ok102) {
    s[((((bh * 128) + row102) * 128) + j0)] = S102_0;
  }
  if (ok103) {
    s[((((bh * 128) + row103) * 128) + j0)] = S103_0;
  }
  if (ok104) {
    s[((((bh * 128) + row104) * 128) + j0)] = S104_0;
  }
  if (ok105) {
    s[((((bh * 128) + row105) * 128) + j0)] = S105_0;
  }
  if (ok106) {
    s[((((bh * 128) + row106) * 128) + j0)] = S106_0;
  }
  if (ok107) {
    s[((((bh * 128) + row107) * 128) + j0)] = S107_0;
  }
  if (ok108) {
    s[((((bh * 128) + row108) * 128) + j0)] = S108_0;
  }
  if (ok109) {
    s[((((bh * 128) + row109) * 128) + j0)] = S109_0;
  }
  if (ok110) {
    s[((((bh * 128) + row110) * 128) + j0)] = S110_0;
  }
  if (ok111) {
    s[((((bh * 128) + row111) * 128) + j0)] = S111_0;
  }
  if (ok112) {
    s[((((bh * 128) + row112) * 128) + j0)] = S112_0;
  }
  if (ok113) {
    s[((((bh * 128) + row113) * 128) + j0)] = S113_0;
  }
  if (ok114) {
    s[((((bh * 128) + row114) * 128) + j0)] = S114_0;
  }
  if (ok115) {
    s[((((bh * 128) + row115) * 128) + j0)] = S115_0;
  }
  if (ok116) {
    s[((((bh * 128) + row116) * 128) + j0)] = S116_0;
  }
  if (ok117) {
    s[((((bh * 128) + row117) * 128) + j0)] = S117_0;
  }
  if (ok118) {
    s[((((bh * 128) + row118) * 128) + j0)] = S118_0;
  }
  if (ok119) {
    s[((((bh * 128) + row119) * 128) + j0)] = S119_0;
  }
  if (ok120) {
    s[((((bh * 128) + row120) * 128) + j0)] = S120_0;
  }
  if (ok121) {
    s[((((bh * 128) + row121) * 128) + j0)] = S121_0;
  }
  if (ok122) {
    s[((((bh * 128) + row122) * 128) + j0)] = S122_0;
  }
  if (ok123) {
    s[((((bh * 128) + row123) * 128) + j0)] = S123_0;
  }
  if (ok124) {
    s[((((bh * 128) + row124) * 128) + j0)] = S124_0;
  }
  if (ok125) {
    s[((((bh * 128) + row125) * 128) + j0)] = S125_0;
  }
  if (ok126) {
    s[((((bh * 128) + row126) * 128) + j0)] = S126_0;
  }
  if (ok127) {
    s[((((bh * 128) + row127) * 128) + j0)] = S127_0;
  }
}
