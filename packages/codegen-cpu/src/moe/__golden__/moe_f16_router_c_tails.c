#include <stdint.h>
#include <string.h>
#include <math.h>

static inline float kf_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu, bits;
  if (exp == 0x1fu) bits = sign | 0x7f800000u | (mant << 13);
  else if (exp != 0) bits = sign | ((exp + 112u) << 23) | (mant << 13);
  else if (mant == 0) bits = sign;
  else { /* subnormal: value = mant * 2^-24 exactly representable in f32 */
    float f = (float)mant * 5.9604644775390625e-8f;
    return sign ? -f : f;
  }
  float f; memcpy(&f, &bits, 4); return f;
}
static inline float kf_bf16_to_f32(uint16_t h) { uint32_t bits = (uint32_t)h << 16; float f; memcpy(&f, &bits, 4); return f; }
static inline uint16_t kf_load_u16(const void* p) { uint16_t v; memcpy(&v, p, 2); return v; }
static inline float kf_load_f32(const void* p) { float v; memcpy(&v, p, 4); return v; }

void moe_f16_router_scalar_float(const float* restrict x, const uint16_t* restrict w_gate, const uint16_t* restrict w_up, const uint16_t* restrict w_down, const float* restrict router, float* restrict y, float* restrict logits, int32_t* restrict rid, float* restrict rwt, int32_t* restrict perm, int32_t* restrict pos, int32_t* restrict grp, float* restrict xf, float* restrict hid, float* restrict part, int32_t T) {
  #pragma omp parallel for schedule(static)
  for (int32_t re = 0; re < 5; re++) {
    for (int32_t m0 = 0; m0 < (T - (T % 2)); m0 += 2) {
      float acc_0_0_0 = 0.0f;
      float acc_0_1_0 = 0.0f;
      for (int32_t k = 0; k < (67 - (67 % 1)); k++) {
        for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
          const float x_0 = x[(((m0 + 0) * 67) + ku)];
          const float x_1 = x[(((m0 + 1) * 67) + ku)];
          const float w_0 = router[((re * 67) + ku)];
          acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
          acc_0_1_0 = (w_0 * x_1 + acc_0_1_0);
        }
      }
      logits[(((m0 + 0) * 5) + re)] = acc_0_0_0;
      logits[(((m0 + 1) * 5) + re)] = acc_0_1_0;
    }
    for (int32_t m0 = (T - (T % 2)); m0 < T; m0++) {
      float acc_0_0_0 = 0.0f;
      for (int32_t k = 0; k < (67 - (67 % 1)); k++) {
        for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
          const float x_0 = x[(((m0 + 0) * 67) + ku)];
          const float w_0 = router[((re * 67) + ku)];
          acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
        }
      }
      logits[(((m0 + 0) * 5) + re)] = acc_0_0_0;
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t t = 0; t < T; t++) {
    float lmax = logits[((t * 5) + 0)];
    for (int32_t e = 1; e < 5; e++) {
      lmax = ((lmax) > (logits[((t * 5) + e)]) ? (lmax) : (logits[((t * 5) + e)]));
    }
    float esum = 0.0f;
    for (int32_t e = 0; e < 5; e++) {
      esum = (esum + expf((logits[((t * 5) + e)] - lmax)));
    }
    float psum = 0.0f;
    float pl = 0.0f;
    int32_t pe = (-1);
    for (int32_t r = 0; r < 2; r++) {
      int32_t bi = (-1);
      float bl = 0.0f;
      for (int32_t e = 0; e < 5; e++) {
        const float le = logits[((t * 5) + e)];
        const int32_t cand = ((int32_t)((r == 0) || ((le < pl) || ((le == pl) && (e > pe)))));
        if ((cand > 0) && ((bi < 0) || (le > bl))) {
          bi = e;
          bl = le;
        }
      }
      const float pw = expf((bl - lmax));
      rid[((t * 2) + r)] = bi;
      rwt[((t * 2) + r)] = pw;
      psum = (psum + pw);
      pl = bl;
      pe = bi;
    }
    const float denom = esum;
    for (int32_t r = 0; r < 2; r++) {
      rwt[((t * 2) + r)] = (rwt[((t * 2) + r)] / denom);
    }
  }
  for (int32_t e = 0; e < 5; e++) {
    grp[(0 + e)] = 0;
  }
  for (int32_t p = 0; p < (T * 2); p++) {
    const int32_t pe = rid[p];
    if (pe >= 0) {
      grp[(0 + pe)] = (grp[(0 + pe)] + 1);
    }
  }
  int32_t acc = 0;
  int32_t na = 0;
  for (int32_t e = 0; e < 5; e++) {
    const int32_t ce = grp[(0 + e)];
    grp[(5 + e)] = acc;
    grp[(10 + e)] = acc;
    if (ce > 0) {
      grp[(15 + na)] = e;
      na = (na + 1);
    }
    acc = (acc + ce);
  }
  grp[20] = na;
  grp[21] = acc;
  for (int32_t p = 0; p < (T * 2); p++) {
    const int32_t pe = rid[p];
    if (pe >= 0) {
      const int32_t at = grp[(10 + pe)];
      perm[at] = p;
      pos[p] = at;
      grp[(10 + pe)] = (at + 1);
    } else {
      pos[p] = (-1);
    }
  }
  const int32_t nact = grp[20];
  const int32_t npairs = grp[21];
  for (int32_t m = 0; m < T; m++) {
    for (int32_t k = 0; k < 67; k++) {
      xf[((m * 67) + k)] = x[((m * 67) + k)];
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t wi = 0; wi < (nact * 12); wi++) {
    const int32_t ex = grp[(15 + (wi / 12))];
    const int32_t ecnt = grp[(0 + ex)];
    const int32_t eoff = grp[(5 + ex)];
    if ((wi % 12) < 11) {
      const int32_t n0 = ((wi % 12) * 4);
      for (int32_t m0 = 0; m0 < (ecnt - (ecnt % 2)); m0 += 2) {
        const int32_t tok_0 = (perm[(eoff + (m0 + 0))] / 2);
        const int32_t tok_1 = (perm[(eoff + (m0 + 1))] / 2);
        float acc_0_0_0 = 0.0f;
        float acc_0_1_0 = 0.0f;
        float acc_1_0_0 = 0.0f;
        float acc_1_1_0 = 0.0f;
        float acc_2_0_0 = 0.0f;
        float acc_2_1_0 = 0.0f;
        float acc_3_0_0 = 0.0f;
        float acc_3_1_0 = 0.0f;
        float acc_4_0_0 = 0.0f;
        float acc_4_1_0 = 0.0f;
        float acc_5_0_0 = 0.0f;
        float acc_5_1_0 = 0.0f;
        float acc_6_0_0 = 0.0f;
        float acc_6_1_0 = 0.0f;
        float acc_7_0_0 = 0.0f;
        float acc_7_1_0 = 0.0f;
        for (int32_t k = 0; k < (67 - (67 % 1)); k++) {
          for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
            const float x_0 = xf[((tok_0 * 67) + ku)];
            const float x_1 = xf[((tok_1 * 67) + ku)];
            const float w_0 = kf_f16_to_f32(w_gate[((((ex * 45) + n0) * 67) + ku)]);
            acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
            acc_0_1_0 = (w_0 * x_1 + acc_0_1_0);
            const float w_1 = kf_f16_to_f32(w_gate[((((ex * 45) + (n0 + 1)) * 67) + ku)]);
            acc_1_0_0 = (w_1 * x_0 + acc_1_0_0);
            acc_1_1_0 = (w_1 * x_1 + acc_1_1_0);
            const float w_2 = kf_f16_to_f32(w_gate[((((ex * 45) + (n0 + 2)) * 67) + ku)]);
            acc_2_0_0 = (w_2 * x_0 + acc_2_0_0);
            acc_2_1_0 = (w_2 * x_1 + acc_2_1_0);
            const float w_3 = kf_f16_to_f32(w_gate[((((ex * 45) + (n0 + 3)) * 67) + ku)]);
            acc_3_0_0 = (w_3 * x_0 + acc_3_0_0);
            acc_3_1_0 = (w_3 * x_1 + acc_3_1_0);
            const float w_4 = kf_f16_to_f32(w_up[((((ex * 45) + n0) * 67) + ku)]);
            acc_4_0_0 = (w_4 * x_0 + acc_4_0_0);
            acc_4_1_0 = (w_4 * x_1 + acc_4_1_0);
            const float w_5 = kf_f16_to_f32(w_up[((((ex * 45) + (n0 + 1)) * 67) + ku)]);
            acc_5_0_0 = (w_5 * x_0 + acc_5_0_0);
            acc_5_1_0 = (w_5 * x_1 + acc_5_1_0);
            const float w_6 = kf_f16_to_f32(w_up[((((ex * 45) + (n0 + 2)) * 67) + ku)]);
            acc_6_0_0 = (w_6 * x_0 + acc_6_0_0);
            acc_6_1_0 = (w_6 * x_1 + acc_6_1_0);
            const float w_7 = kf_f16_to_f32(w_up[((((ex * 45) + (n0 + 3)) * 67) + ku)]);
            acc_7_0_0 = (w_7 * x_0 + acc_7_0_0);
            acc_7_1_0 = (w_7 * x_1 + acc_7_1_0);
          }
        }
        const float g_0_0 = acc_0_0_0;
        hid[(((eoff + (m0 + 0)) * 45) + n0)] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * acc_4_0_0);
        const float g_0_1 = acc_0_1_0;
        hid[(((eoff + (m0 + 1)) * 45) + n0)] = ((g_0_1 / (1.0f + expf((0.0f - g_0_1)))) * acc_4_1_0);
        const float g_1_0 = acc_1_0_0;
        hid[(((eoff + (m0 + 0)) * 45) + (n0 + 1))] = ((g_1_0 / (1.0f + expf((0.0f - g_1_0)))) * acc_5_0_0);
        const float g_1_1 = acc_1_1_0;
        hid[(((eoff + (m0 + 1)) * 45) + (n0 + 1))] = ((g_1_1 / (1.0f + expf((0.0f - g_1_1)))) * acc_5_1_0);
        const float g_2_0 = acc_2_0_0;
        hid[(((eoff + (m0 + 0)) * 45) + (n0 + 2))] = ((g_2_0 / (1.0f + expf((0.0f - g_2_0)))) * acc_6_0_0);
        const float g_2_1 = acc_2_1_0;
        hid[(((eoff + (m0 + 1)) * 45) + (n0 + 2))] = ((g_2_1 / (1.0f + expf((0.0f - g_2_1)))) * acc_6_1_0);
        const float g_3_0 = acc_3_0_0;
        hid[(((eoff + (m0 + 0)) * 45) + (n0 + 3))] = ((g_3_0 / (1.0f + expf((0.0f - g_3_0)))) * acc_7_0_0);
        const float g_3_1 = acc_3_1_0;
        hid[(((eoff + (m0 + 1)) * 45) + (n0 + 3))] = ((g_3_1 / (1.0f + expf((0.0f - g_3_1)))) * acc_7_1_0);
      }
      for (int32_t m0 = (ecnt - (ecnt % 2)); m0 < ecnt; m0++) {
        const int32_t tok_0 = (perm[(eoff + (m0 + 0))] / 2);
        float acc_0_0_0 = 0.0f;
        float acc_1_0_0 = 0.0f;
        float acc_2_0_0 = 0.0f;
        float acc_3_0_0 = 0.0f;
        float acc_4_0_0 = 0.0f;
        float acc_5_0_0 = 0.0f;
        float acc_6_0_0 = 0.0f;
        float acc_7_0_0 = 0.0f;
        for (int32_t k = 0; k < (67 - (67 % 1)); k++) {
          for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
            const float x_0 = xf[((tok_0 * 67) + ku)];
            const float w_0 = kf_f16_to_f32(w_gate[((((ex * 45) + n0) * 67) + ku)]);
            acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
            const float w_1 = kf_f16_to_f32(w_gate[((((ex * 45) + (n0 + 1)) * 67) + ku)]);
            acc_1_0_0 = (w_1 * x_0 + acc_1_0_0);
            const float w_2 = kf_f16_to_f32(w_gate[((((ex * 45) + (n0 + 2)) * 67) + ku)]);
            acc_2_0_0 = (w_2 * x_0 + acc_2_0_0);
            const float w_3 = kf_f16_to_f32(w_gate[((((ex * 45) + (n0 + 3)) * 67) + ku)]);
            acc_3_0_0 = (w_3 * x_0 + acc_3_0_0);
            const float w_4 = kf_f16_to_f32(w_up[((((ex * 45) + n0) * 67) + ku)]);
            acc_4_0_0 = (w_4 * x_0 + acc_4_0_0);
            const float w_5 = kf_f16_to_f32(w_up[((((ex * 45) + (n0 + 1)) * 67) + ku)]);
            acc_5_0_0 = (w_5 * x_0 + acc_5_0_0);
            const float w_6 = kf_f16_to_f32(w_up[((((ex * 45) + (n0 + 2)) * 67) + ku)]);
            acc_6_0_0 = (w_6 * x_0 + acc_6_0_0);
            const float w_7 = kf_f16_to_f32(w_up[((((ex * 45) + (n0 + 3)) * 67) + ku)]);
            acc_7_0_0 = (w_7 * x_0 + acc_7_0_0);
          }
        }
        const float g_0_0 = acc_0_0_0;
        hid[(((eoff + (m0 + 0)) * 45) + n0)] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * acc_4_0_0);
        const float g_1_0 = acc_1_0_0;
        hid[(((eoff + (m0 + 0)) * 45) + (n0 + 1))] = ((g_1_0 / (1.0f + expf((0.0f - g_1_0)))) * acc_5_0_0);
        const float g_2_0 = acc_2_0_0;
        hid[(((eoff + (m0 + 0)) * 45) + (n0 + 2))] = ((g_2_0 / (1.0f + expf((0.0f - g_2_0)))) * acc_6_0_0);
        const float g_3_0 = acc_3_0_0;
        hid[(((eoff + (m0 + 0)) * 45) + (n0 + 3))] = ((g_3_0 / (1.0f + expf((0.0f - g_3_0)))) * acc_7_0_0);
      }
    } else {
      for (int32_t n0 = 44; n0 < 45; n0++) {
        for (int32_t m0 = 0; m0 < (ecnt - (ecnt % 2)); m0 += 2) {
          const int32_t tok_0 = (perm[(eoff + (m0 + 0))] / 2);
          const int32_t tok_1 = (perm[(eoff + (m0 + 1))] / 2);
          float acc_0_0_0 = 0.0f;
          float acc_0_1_0 = 0.0f;
          float acc_1_0_0 = 0.0f;
          float acc_1_1_0 = 0.0f;
          for (int32_t k = 0; k < (67 - (67 % 1)); k++) {
            for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
              const float x_0 = xf[((tok_0 * 67) + ku)];
              const float x_1 = xf[((tok_1 * 67) + ku)];
              const float w_0 = kf_f16_to_f32(w_gate[((((ex * 45) + n0) * 67) + ku)]);
              acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
              acc_0_1_0 = (w_0 * x_1 + acc_0_1_0);
              const float w_1 = kf_f16_to_f32(w_up[((((ex * 45) + n0) * 67) + ku)]);
              acc_1_0_0 = (w_1 * x_0 + acc_1_0_0);
              acc_1_1_0 = (w_1 * x_1 + acc_1_1_0);
            }
          }
          const float g_0_0 = acc_0_0_0;
          hid[(((eoff + (m0 + 0)) * 45) + n0)] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * acc_1_0_0);
          const float g_0_1 = acc_0_1_0;
          hid[(((eoff + (m0 + 1)) * 45) + n0)] = ((g_0_1 / (1.0f + expf((0.0f - g_0_1)))) * acc_1_1_0);
        }
        for (int32_t m0 = (ecnt - (ecnt % 2)); m0 < ecnt; m0++) {
          const int32_t tok_0 = (perm[(eoff + (m0 + 0))] / 2);
          float acc_0_0_0 = 0.0f;
          float acc_1_0_0 = 0.0f;
          for (int32_t k = 0; k < (67 - (67 % 1)); k++) {
            for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
              const float x_0 = xf[((tok_0 * 67) + ku)];
              const float w_0 = kf_f16_to_f32(w_gate[((((ex * 45) + n0) * 67) + ku)]);
              acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
              const float w_1 = kf_f16_to_f32(w_up[((((ex * 45) + n0) * 67) + ku)]);
              acc_1_0_0 = (w_1 * x_0 + acc_1_0_0);
            }
          }
          const float g_0_0 = acc_0_0_0;
          hid[(((eoff + (m0 + 0)) * 45) + n0)] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * acc_1_0_0);
        }
      }
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t wi = 0; wi < (nact * 9); wi++) {
    const int32_t ex = grp[(15 + (wi / 9))];
    const int32_t ecnt = grp[(0 + ex)];
    const int32_t eoff = grp[(5 + ex)];
    if ((wi % 9) < 8) {
      const int32_t n0 = ((wi % 9) * 8);
      for (int32_t m0 = 0; m0 < (ecnt - (ecnt % 2)); m0 += 2) {
        const float wt_0 = rwt[perm[(eoff + (m0 + 0))]];
        const float wt_1 = rwt[perm[(eoff + (m0 + 1))]];
        float acc_0_0_0 = 0.0f;
        float acc_0_1_0 = 0.0f;
        float acc_1_0_0 = 0.0f;
        float acc_1_1_0 = 0.0f;
        float acc_2_0_0 = 0.0f;
        float acc_2_1_0 = 0.0f;
        float acc_3_0_0 = 0.0f;
        float acc_3_1_0 = 0.0f;
        float acc_4_0_0 = 0.0f;
        float acc_4_1_0 = 0.0f;
        float acc_5_0_0 = 0.0f;
        float acc_5_1_0 = 0.0f;
        float acc_6_0_0 = 0.0f;
        float acc_6_1_0 = 0.0f;
        float acc_7_0_0 = 0.0f;
        float acc_7_1_0 = 0.0f;
        for (int32_t k = 0; k < (45 - (45 % 1)); k++) {
          for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
            const float x_0 = hid[(((eoff + (m0 + 0)) * 45) + ku)];
            const float x_1 = hid[(((eoff + (m0 + 1)) * 45) + ku)];
            const float w_0 = kf_f16_to_f32(w_down[((((ex * 67) + n0) * 45) + ku)]);
            acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
            acc_0_1_0 = (w_0 * x_1 + acc_0_1_0);
            const float w_1 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 1)) * 45) + ku)]);
            acc_1_0_0 = (w_1 * x_0 + acc_1_0_0);
            acc_1_1_0 = (w_1 * x_1 + acc_1_1_0);
            const float w_2 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 2)) * 45) + ku)]);
            acc_2_0_0 = (w_2 * x_0 + acc_2_0_0);
            acc_2_1_0 = (w_2 * x_1 + acc_2_1_0);
            const float w_3 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 3)) * 45) + ku)]);
            acc_3_0_0 = (w_3 * x_0 + acc_3_0_0);
            acc_3_1_0 = (w_3 * x_1 + acc_3_1_0);
            const float w_4 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 4)) * 45) + ku)]);
            acc_4_0_0 = (w_4 * x_0 + acc_4_0_0);
            acc_4_1_0 = (w_4 * x_1 + acc_4_1_0);
            const float w_5 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 5)) * 45) + ku)]);
            acc_5_0_0 = (w_5 * x_0 + acc_5_0_0);
            acc_5_1_0 = (w_5 * x_1 + acc_5_1_0);
            const float w_6 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 6)) * 45) + ku)]);
            acc_6_0_0 = (w_6 * x_0 + acc_6_0_0);
            acc_6_1_0 = (w_6 * x_1 + acc_6_1_0);
            const float w_7 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 7)) * 45) + ku)]);
            acc_7_0_0 = (w_7 * x_0 + acc_7_0_0);
            acc_7_1_0 = (w_7 * x_1 + acc_7_1_0);
          }
        }
        part[(((eoff + (m0 + 0)) * 67) + n0)] = (wt_0 * acc_0_0_0);
        part[(((eoff + (m0 + 1)) * 67) + n0)] = (wt_1 * acc_0_1_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 1))] = (wt_0 * acc_1_0_0);
        part[(((eoff + (m0 + 1)) * 67) + (n0 + 1))] = (wt_1 * acc_1_1_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 2))] = (wt_0 * acc_2_0_0);
        part[(((eoff + (m0 + 1)) * 67) + (n0 + 2))] = (wt_1 * acc_2_1_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 3))] = (wt_0 * acc_3_0_0);
        part[(((eoff + (m0 + 1)) * 67) + (n0 + 3))] = (wt_1 * acc_3_1_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 4))] = (wt_0 * acc_4_0_0);
        part[(((eoff + (m0 + 1)) * 67) + (n0 + 4))] = (wt_1 * acc_4_1_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 5))] = (wt_0 * acc_5_0_0);
        part[(((eoff + (m0 + 1)) * 67) + (n0 + 5))] = (wt_1 * acc_5_1_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 6))] = (wt_0 * acc_6_0_0);
        part[(((eoff + (m0 + 1)) * 67) + (n0 + 6))] = (wt_1 * acc_6_1_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 7))] = (wt_0 * acc_7_0_0);
        part[(((eoff + (m0 + 1)) * 67) + (n0 + 7))] = (wt_1 * acc_7_1_0);
      }
      for (int32_t m0 = (ecnt - (ecnt % 2)); m0 < ecnt; m0++) {
        const float wt_0 = rwt[perm[(eoff + (m0 + 0))]];
        float acc_0_0_0 = 0.0f;
        float acc_1_0_0 = 0.0f;
        float acc_2_0_0 = 0.0f;
        float acc_3_0_0 = 0.0f;
        float acc_4_0_0 = 0.0f;
        float acc_5_0_0 = 0.0f;
        float acc_6_0_0 = 0.0f;
        float acc_7_0_0 = 0.0f;
        for (int32_t k = 0; k < (45 - (45 % 1)); k++) {
          for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
            const float x_0 = hid[(((eoff + (m0 + 0)) * 45) + ku)];
            const float w_0 = kf_f16_to_f32(w_down[((((ex * 67) + n0) * 45) + ku)]);
            acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
            const float w_1 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 1)) * 45) + ku)]);
            acc_1_0_0 = (w_1 * x_0 + acc_1_0_0);
            const float w_2 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 2)) * 45) + ku)]);
            acc_2_0_0 = (w_2 * x_0 + acc_2_0_0);
            const float w_3 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 3)) * 45) + ku)]);
            acc_3_0_0 = (w_3 * x_0 + acc_3_0_0);
            const float w_4 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 4)) * 45) + ku)]);
            acc_4_0_0 = (w_4 * x_0 + acc_4_0_0);
            const float w_5 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 5)) * 45) + ku)]);
            acc_5_0_0 = (w_5 * x_0 + acc_5_0_0);
            const float w_6 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 6)) * 45) + ku)]);
            acc_6_0_0 = (w_6 * x_0 + acc_6_0_0);
            const float w_7 = kf_f16_to_f32(w_down[((((ex * 67) + (n0 + 7)) * 45) + ku)]);
            acc_7_0_0 = (w_7 * x_0 + acc_7_0_0);
          }
        }
        part[(((eoff + (m0 + 0)) * 67) + n0)] = (wt_0 * acc_0_0_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 1))] = (wt_0 * acc_1_0_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 2))] = (wt_0 * acc_2_0_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 3))] = (wt_0 * acc_3_0_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 4))] = (wt_0 * acc_4_0_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 5))] = (wt_0 * acc_5_0_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 6))] = (wt_0 * acc_6_0_0);
        part[(((eoff + (m0 + 0)) * 67) + (n0 + 7))] = (wt_0 * acc_7_0_0);
      }
    } else {
      for (int32_t n0 = 64; n0 < 67; n0++) {
        for (int32_t m0 = 0; m0 < (ecnt - (ecnt % 2)); m0 += 2) {
          const float wt_0 = rwt[perm[(eoff + (m0 + 0))]];
          const float wt_1 = rwt[perm[(eoff + (m0 + 1))]];
          float acc_0_0_0 = 0.0f;
          float acc_0_1_0 = 0.0f;
          for (int32_t k = 0; k < (45 - (45 % 1)); k++) {
            for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
              const float x_0 = hid[(((eoff + (m0 + 0)) * 45) + ku)];
              const float x_1 = hid[(((eoff + (m0 + 1)) * 45) + ku)];
              const float w_0 = kf_f16_to_f32(w_down[((((ex * 67) + n0) * 45) + ku)]);
              acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
              acc_0_1_0 = (w_0 * x_1 + acc_0_1_0);
            }
          }
          part[(((eoff + (m0 + 0)) * 67) + n0)] = (wt_0 * acc_0_0_0);
          part[(((eoff + (m0 + 1)) * 67) + n0)] = (wt_1 * acc_0_1_0);
        }
        for (int32_t m0 = (ecnt - (ecnt % 2)); m0 < ecnt; m0++) {
          const float wt_0 = rwt[perm[(eoff + (m0 + 0))]];
          float acc_0_0_0 = 0.0f;
          for (int32_t k = 0; k < (45 - (45 % 1)); k++) {
            for (int32_t ku = (k + 0); ku < (k + 1); ku++) {
              const float x_0 = hid[(((eoff + (m0 + 0)) * 45) + ku)];
              const float w_0 = kf_f16_to_f32(w_down[((((ex * 67) + n0) * 45) + ku)]);
              acc_0_0_0 = (w_0 * x_0 + acc_0_0_0);
            }
          }
          part[(((eoff + (m0 + 0)) * 67) + n0)] = (wt_0 * acc_0_0_0);
        }
      }
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t t = 0; t < T; t++) {
    const int32_t p_0 = pos[((t * 2) + 0)];
    const int32_t p_1 = pos[((t * 2) + 1)];
    for (int32_t h = 0; h < 67; h++) {
      y[((t * 67) + h)] = ((0.0f + ((p_0 >= 0) ? part[((((p_0) > (0) ? (p_0) : (0)) * 67) + h)] : 0.0f)) + ((p_1 >= 0) ? part[((((p_1) > (0) ? (p_1) : (0)) * 67) + h)] : 0.0f));
    }
  }
}
