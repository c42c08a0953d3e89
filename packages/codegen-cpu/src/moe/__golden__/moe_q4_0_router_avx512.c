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

#include <immintrin.h>

static inline float kf_hsum256(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  return _mm_cvtss_f32(_mm_add_ss(s, _mm_movehdup_ps(s)));
}
/* 16 bytes of 4-bit codes -> low nibbles in bytes 0..15, high nibbles in 16..31 */
static inline __m256i kf_nibbles_u8x32(__m128i q) {
  const __m256i both = _mm256_broadcastsi128_si256(q);
  return _mm256_and_si256(_mm256_srlv_epi64(both, _mm256_set_epi64x(4, 4, 0, 0)), _mm256_set1_epi8(15));
}
/* 8 f16 bit patterns (the scales of a group of blocks) in one register, packed in general registers:
   the empty asm keeps the compiler from assembling them with vector inserts and shuffles, which cost
   more vector work than a group's dot products */
static inline __m128i kf_pack_f16x8(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t e, uint64_t f, uint64_t g, uint64_t h) {
  __asm__("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d));
  __asm__("" : "+r"(e), "+r"(f), "+r"(g), "+r"(h));
  return _mm_set_epi64x((long long)(e | f << 16 | g << 32 | h << 48), (long long)(a | b << 16 | c << 32 | d << 48));
}
static inline float kf_hmax256(__m256 v) {
  __m128 s = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_max_ps(s, _mm_movehl_ps(s, s));
  return _mm_cvtss_f32(_mm_max_ss(s, _mm_movehdup_ps(s)));
}
static inline int32_t kf_hsum256_i32(__m256i v) {
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  s = _mm_add_epi32(s, _mm_unpackhi_epi64(s, s));
  return _mm_cvtsi128_si32(_mm_add_epi32(s, _mm_shuffle_epi32(s, 1)));
}
/* 8 x i32 (all within i8) -> 8 x i8 in the low half */
static inline __m128i kf_i32x8_to_i8x8(__m256i v) {
  const __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return _mm_packs_epi16(w, w);
}
/* a hint for the `bytes` from p on (a group of blocks some way ahead in a weight row), one per line */
static inline int32_t kf_prefetch(const void* p, int32_t bytes) {
  for (int32_t o = 0; o < bytes; o += 64) _mm_prefetch((const char*)p + o, _MM_HINT_T0);
  return 0;
}

void moe_q4_0_router_norm_avx512_int8(const float* restrict x, const uint8_t* restrict w_gate, const uint8_t* restrict w_up, const uint8_t* restrict w_down, const float* restrict router, float* restrict y, float* restrict logits, int32_t* restrict rid, float* restrict rwt, int32_t* restrict perm, int32_t* restrict pos, int32_t* restrict grp, int8_t* restrict xq, float* restrict xd, float* restrict xs, float* restrict hid, int8_t* restrict hq, float* restrict hd, float* restrict hs, float* restrict part, int32_t T) {
  #pragma omp parallel for schedule(static)
  for (int32_t re = 0; re < 128; re++) {
    for (int32_t m0 = 0; m0 < (T - (T % 2)); m0 += 2) {
      __m512 acc_0_0_0 = _mm512_set1_ps(0.0f);
      __m512 acc_0_0_1 = _mm512_set1_ps(0.0f);
      __m512 acc_0_1_0 = _mm512_set1_ps(0.0f);
      __m512 acc_0_1_1 = _mm512_set1_ps(0.0f);
      for (int32_t k = 0; k < (2048 - (2048 % 32)); k += 32) {
        for (int32_t ku = (k + 0); ku < (k + 16); ku += 16) {
          const __m512 x_0 = _mm512_loadu_ps(&x[(((m0 + 0) * 2048) + ku)]);
          const __m512 x_1 = _mm512_loadu_ps(&x[(((m0 + 1) * 2048) + ku)]);
          const __m512 w_0 = _mm512_loadu_ps(&router[((re * 2048) + ku)]);
          acc_0_0_0 = _mm512_fmadd_ps(w_0, x_0, acc_0_0_0);
          acc_0_1_0 = _mm512_fmadd_ps(w_0, x_1, acc_0_1_0);
        }
        for (int32_t ku = (k + 16); ku < (k + 32); ku += 16) {
          const __m512 x_0 = _mm512_loadu_ps(&x[(((m0 + 0) * 2048) + ku)]);
          const __m512 x_1 = _mm512_loadu_ps(&x[(((m0 + 1) * 2048) + ku)]);
          const __m512 w_0 = _mm512_loadu_ps(&router[((re * 2048) + ku)]);
          acc_0_0_1 = _mm512_fmadd_ps(w_0, x_0, acc_0_0_1);
          acc_0_1_1 = _mm512_fmadd_ps(w_0, x_1, acc_0_1_1);
        }
      }
      for (int32_t k = (2048 - (2048 % 32)); k < (2048 - (2048 % 16)); k += 16) {
        const __m512 x_0 = _mm512_loadu_ps(&x[(((m0 + 0) * 2048) + k)]);
        const __m512 x_1 = _mm512_loadu_ps(&x[(((m0 + 1) * 2048) + k)]);
        const __m512 w_0 = _mm512_loadu_ps(&router[((re * 2048) + k)]);
        acc_0_0_0 = _mm512_fmadd_ps(w_0, x_0, acc_0_0_0);
        acc_0_1_0 = _mm512_fmadd_ps(w_0, x_1, acc_0_1_0);
      }
      float tail_0_0 = 0.0f;
      float tail_0_1 = 0.0f;
      for (int32_t k = (2048 - (2048 % 16)); k < 2048; k++) {
        tail_0_0 = (router[((re * 2048) + k)] * x[(((m0 + 0) * 2048) + k)] + tail_0_0);
        tail_0_1 = (router[((re * 2048) + k)] * x[(((m0 + 1) * 2048) + k)] + tail_0_1);
      }
      logits[(((m0 + 0) * 128) + re)] = (_mm512_reduce_add_ps(_mm512_add_ps(acc_0_0_0, acc_0_0_1)) + tail_0_0);
      logits[(((m0 + 1) * 128) + re)] = (_mm512_reduce_add_ps(_mm512_add_ps(acc_0_1_0, acc_0_1_1)) + tail_0_1);
    }
    for (int32_t m0 = (T - (T % 2)); m0 < T; m0++) {
      __m512 acc_0_0_0 = _mm512_set1_ps(0.0f);
      __m512 acc_0_0_1 = _mm512_set1_ps(0.0f);
      for (int32_t k = 0; k < (2048 - (2048 % 32)); k += 32) {
        for (int32_t ku = (k + 0); ku < (k + 16); ku += 16) {
          const __m512 x_0 = _mm512_loadu_ps(&x[(((m0 + 0) * 2048) + ku)]);
          const __m512 w_0 = _mm512_loadu_ps(&router[((re * 2048) + ku)]);
          acc_0_0_0 = _mm512_fmadd_ps(w_0, x_0, acc_0_0_0);
        }
        for (int32_t ku = (k + 16); ku < (k + 32); ku += 16) {
          const __m512 x_0 = _mm512_loadu_ps(&x[(((m0 + 0) * 2048) + ku)]);
          const __m512 w_0 = _mm512_loadu_ps(&router[((re * 2048) + ku)]);
          acc_0_0_1 = _mm512_fmadd_ps(w_0, x_0, acc_0_0_1);
        }
      }
      for (int32_t k = (2048 - (2048 % 32)); k < (2048 - (2048 % 16)); k += 16) {
        const __m512 x_0 = _mm512_loadu_ps(&x[(((m0 + 0) * 2048) + k)]);
        const __m512 w_0 = _mm512_loadu_ps(&router[((re * 2048) + k)]);
        acc_0_0_0 = _mm512_fmadd_ps(w_0, x_0, acc_0_0_0);
      }
      float tail_0_0 = 0.0f;
      for (int32_t k = (2048 - (2048 % 16)); k < 2048; k++) {
        tail_0_0 = (router[((re * 2048) + k)] * x[(((m0 + 0) * 2048) + k)] + tail_0_0);
      }
      logits[(((m0 + 0) * 128) + re)] = (_mm512_reduce_add_ps(_mm512_add_ps(acc_0_0_0, acc_0_0_1)) + tail_0_0);
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t t = 0; t < T; t++) {
    float lmax = logits[((t * 128) + 0)];
    for (int32_t e = 1; e < 128; e++) {
      lmax = ((lmax) > (logits[((t * 128) + e)]) ? (lmax) : (logits[((t * 128) + e)]));
    }
    float esum = 0.0f;
    for (int32_t e = 0; e < 128; e++) {
      esum = (esum + expf((logits[((t * 128) + e)] - lmax)));
    }
    float psum = 0.0f;
    float pl = 0.0f;
    int32_t pe = (-1);
    for (int32_t r = 0; r < 8; r++) {
      int32_t bi = (-1);
      float bl = 0.0f;
      for (int32_t e = 0; e < 128; e++) {
        const float le = logits[((t * 128) + e)];
        const int32_t cand = ((int32_t)((r == 0) || ((le < pl) || ((le == pl) && (e > pe)))));
        if ((cand > 0) && ((bi < 0) || (le > bl))) {
          bi = e;
          bl = le;
        }
      }
      const float pw = expf((bl - lmax));
      rid[((t * 8) + r)] = bi;
      rwt[((t * 8) + r)] = pw;
      psum = (psum + pw);
      pl = bl;
      pe = bi;
    }
    const float denom = psum;
    for (int32_t r = 0; r < 8; r++) {
      rwt[((t * 8) + r)] = (rwt[((t * 8) + r)] / denom);
    }
  }
  for (int32_t e = 0; e < 128; e++) {
    grp[(0 + e)] = 0;
  }
  for (int32_t p = 0; p < (T * 8); p++) {
    const int32_t pe = rid[p];
    if (pe >= 0) {
      grp[(0 + pe)] = (grp[(0 + pe)] + 1);
    }
  }
  int32_t acc = 0;
  int32_t na = 0;
  for (int32_t e = 0; e < 128; e++) {
    const int32_t ce = grp[(0 + e)];
    grp[(128 + e)] = acc;
    grp[(256 + e)] = acc;
    if (ce > 0) {
      grp[(384 + na)] = e;
      na = (na + 1);
    }
    acc = (acc + ce);
  }
  grp[512] = na;
  grp[513] = acc;
  for (int32_t p = 0; p < (T * 8); p++) {
    const int32_t pe = rid[p];
    if (pe >= 0) {
      const int32_t at = grp[(256 + pe)];
      perm[at] = p;
      pos[p] = at;
      grp[(256 + pe)] = (at + 1);
    } else {
      pos[p] = (-1);
    }
  }
  const int32_t nact = grp[512];
  const int32_t npairs = grp[513];
  for (int32_t m = 0; m < T; m++) {
    for (int32_t b = 0; b < (2048 / 32); b++) {
      const __m256 xv0 = _mm256_loadu_ps(&x[((m * 2048) + ((b * 32) + 0))]);
      const __m256 xv1 = _mm256_loadu_ps(&x[((m * 2048) + ((b * 32) + 8))]);
      const __m256 xv2 = _mm256_loadu_ps(&x[((m * 2048) + ((b * 32) + 16))]);
      const __m256 xv3 = _mm256_loadu_ps(&x[((m * 2048) + ((b * 32) + 24))]);
      const float amax = kf_hmax256(_mm256_max_ps(_mm256_max_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv0), _mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv1)), _mm256_max_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv2), _mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv3))));
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      const __m256 s0 = _mm256_mul_ps(xv0, _mm256_set1_ps(id));
      const __m256i qv0 = _mm256_cvttps_epi32(_mm256_add_ps(s0, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s0, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      const __m256 s1 = _mm256_mul_ps(xv1, _mm256_set1_ps(id));
      const __m256i qv1 = _mm256_cvttps_epi32(_mm256_add_ps(s1, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s1, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      const __m256 s2 = _mm256_mul_ps(xv2, _mm256_set1_ps(id));
      const __m256i qv2 = _mm256_cvttps_epi32(_mm256_add_ps(s2, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s2, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      const __m256 s3 = _mm256_mul_ps(xv3, _mm256_set1_ps(id));
      const __m256i qv3 = _mm256_cvttps_epi32(_mm256_add_ps(s3, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s3, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      _mm_storeu_si128((__m128i*)(&xq[((m * 2048) + ((b < (((2048 / 32) / 8) * 8)) ? (((b - (b % 8)) * 32) + (((((b % 8) % 4) * 64) + 0) + ((((b % 8) / 4) * 16) + 0))) : ((b * 32) + (0 + 0))))]), _mm_unpacklo_epi64(kf_i32x8_to_i8x8(qv0), kf_i32x8_to_i8x8(qv1)));
      _mm_storeu_si128((__m128i*)(&xq[((m * 2048) + ((b < (((2048 / 32) / 8) * 8)) ? (((b - (b % 8)) * 32) + (((((b % 8) % 4) * 64) + 32) + ((((b % 8) / 4) * 16) + 0))) : ((b * 32) + (0 + 16))))]), _mm_unpacklo_epi64(kf_i32x8_to_i8x8(qv2), kf_i32x8_to_i8x8(qv3)));
      xd[((m * (2048 / 32)) + b)] = d;
      xs[((m * (2048 / 32)) + b)] = (d * ((float)kf_hsum256_i32(_mm256_add_epi32(_mm256_add_epi32(qv0, qv1), _mm256_add_epi32(qv2, qv3)))));
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t wi = 0; wi < (nact * 384); wi++) {
    const int32_t ex = grp[(384 + (wi / 384))];
    const int32_t ecnt = grp[(0 + ex)];
    const int32_t eoff = grp[(128 + ex)];
    const int32_t n0 = (wi % 384);
    for (int32_t m0 = 0; m0 < (ecnt - (ecnt % 2)); m0 += 2) {
      const int32_t tok_0 = (perm[(eoff + (m0 + 0))] / 8);
      const int32_t tok_1 = (perm[(eoff + (m0 + 1))] / 8);
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_0_1 = _mm256_set1_ps(0.0f);
      float corr_0_0 = 0.0f;
      __m256 acc_0_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_1_1 = _mm256_set1_ps(0.0f);
      float corr_0_1 = 0.0f;
      __m256 acc_1_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_0_1 = _mm256_set1_ps(0.0f);
      float corr_1_0 = 0.0f;
      __m256 acc_1_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_1_1 = _mm256_set1_ps(0.0f);
      float corr_1_1 = 0.0f;
      __m256 acc_2_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_0_1 = _mm256_set1_ps(0.0f);
      float corr_2_0 = 0.0f;
      __m256 acc_2_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_1_1 = _mm256_set1_ps(0.0f);
      float corr_2_1 = 0.0f;
      __m256 acc_3_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_0_1 = _mm256_set1_ps(0.0f);
      float corr_3_0 = 0.0f;
      __m256 acc_3_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_1_1 = _mm256_set1_ps(0.0f);
      float corr_3_1 = 0.0f;
      for (int32_t g = 0; g < ((2048 / 32) / 8); g++) {
        const int32_t pf_0 = kf_prefetch(&w_gate[((((((((ex * 768) + n0) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < ((((128 * 768) * ((2048 / 32) * 18)) - 1)) ? (((((((ex * 768) + n0) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : ((((128 * 768) * ((2048 / 32) * 18)) - 1)))], 144);
        const __m256 dw_0 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_0 = _mm256_mul_ps(dw_0, _mm256_set1_ps((-8.0f)));
        const __m256 s_0_0 = _mm256_mul_ps(dw_0, _mm256_loadu_ps(&xd[((tok_0 * (2048 / 32)) + (g * 8))]));
        acc_0_0_0 = _mm256_fmadd_ps(off_0, _mm256_loadu_ps(&xs[((tok_0 * (2048 / 32)) + (g * 8))]), acc_0_0_0);
        const __m256 s_0_1 = _mm256_mul_ps(dw_0, _mm256_loadu_ps(&xd[((tok_1 * (2048 / 32)) + (g * 8))]));
        acc_0_1_0 = _mm256_fmadd_ps(off_0, _mm256_loadu_ps(&xs[((tok_1 * (2048 / 32)) + (g * 8))]), acc_0_1_0);
        const __m256i q_0_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_0 = _mm256_and_si256(q_0_0, _mm256_set1_epi8((char)15));
        const __m256i hi_0_0 = _mm256_and_si256(_mm256_srli_epi16(q_0_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 0))]))), hi_0_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_0_0, 0x55 * 0), acc_0_0_0);
        acc_0_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 0))]))), hi_0_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_0_1, 0x55 * 0), acc_0_1_0);
        const __m256i q_0_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_1 = _mm256_and_si256(q_0_1, _mm256_set1_epi8((char)15));
        const __m256i hi_0_1 = _mm256_and_si256(_mm256_srli_epi16(q_0_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 64))]))), hi_0_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_0_0, 0x55 * 1), acc_0_0_1);
        acc_0_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 64))]))), hi_0_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_0_1, 0x55 * 1), acc_0_1_1);
        const __m256i q_0_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_2 = _mm256_and_si256(q_0_2, _mm256_set1_epi8((char)15));
        const __m256i hi_0_2 = _mm256_and_si256(_mm256_srli_epi16(q_0_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 128))]))), hi_0_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_0_0, 0x55 * 2), acc_0_0_0);
        acc_0_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 128))]))), hi_0_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_0_1, 0x55 * 2), acc_0_1_0);
        const __m256i q_0_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_3 = _mm256_and_si256(q_0_3, _mm256_set1_epi8((char)15));
        const __m256i hi_0_3 = _mm256_and_si256(_mm256_srli_epi16(q_0_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 192))]))), hi_0_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_0_0, 0x55 * 3), acc_0_0_1);
        acc_0_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 192))]))), hi_0_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_0_1, 0x55 * 3), acc_0_1_1);
        const int32_t pf_1 = kf_prefetch(&w_gate[((((((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < ((((128 * 768) * ((2048 / 32) * 18)) - 1)) ? (((((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : ((((128 * 768) * ((2048 / 32) * 18)) - 1)))], 144);
        const __m256 dw_1 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_1 = _mm256_mul_ps(dw_1, _mm256_set1_ps((-8.0f)));
        const __m256 s_1_0 = _mm256_mul_ps(dw_1, _mm256_loadu_ps(&xd[((tok_0 * (2048 / 32)) + (g * 8))]));
        acc_1_0_0 = _mm256_fmadd_ps(off_1, _mm256_loadu_ps(&xs[((tok_0 * (2048 / 32)) + (g * 8))]), acc_1_0_0);
        const __m256 s_1_1 = _mm256_mul_ps(dw_1, _mm256_loadu_ps(&xd[((tok_1 * (2048 / 32)) + (g * 8))]));
        acc_1_1_0 = _mm256_fmadd_ps(off_1, _mm256_loadu_ps(&xs[((tok_1 * (2048 / 32)) + (g * 8))]), acc_1_1_0);
        const __m256i q_1_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_0 = _mm256_and_si256(q_1_0, _mm256_set1_epi8((char)15));
        const __m256i hi_1_0 = _mm256_and_si256(_mm256_srli_epi16(q_1_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 0))]))), hi_1_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_1_0, 0x55 * 0), acc_1_0_0);
        acc_1_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 0))]))), hi_1_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_1_1, 0x55 * 0), acc_1_1_0);
        const __m256i q_1_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_1 = _mm256_and_si256(q_1_1, _mm256_set1_epi8((char)15));
        const __m256i hi_1_1 = _mm256_and_si256(_mm256_srli_epi16(q_1_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 64))]))), hi_1_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_1_0, 0x55 * 1), acc_1_0_1);
        acc_1_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 64))]))), hi_1_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_1_1, 0x55 * 1), acc_1_1_1);
        const __m256i q_1_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_2 = _mm256_and_si256(q_1_2, _mm256_set1_epi8((char)15));
        const __m256i hi_1_2 = _mm256_and_si256(_mm256_srli_epi16(q_1_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 128))]))), hi_1_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_1_0, 0x55 * 2), acc_1_0_0);
        acc_1_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 128))]))), hi_1_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_1_1, 0x55 * 2), acc_1_1_0);
        const __m256i q_1_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_3 = _mm256_and_si256(q_1_3, _mm256_set1_epi8((char)15));
        const __m256i hi_1_3 = _mm256_and_si256(_mm256_srli_epi16(q_1_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 192))]))), hi_1_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_1_0, 0x55 * 3), acc_1_0_1);
        acc_1_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 192))]))), hi_1_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_1_1, 0x55 * 3), acc_1_1_1);
        const int32_t pf_2 = kf_prefetch(&w_up[((((((((ex * 768) + n0) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < ((((128 * 768) * ((2048 / 32) * 18)) - 1)) ? (((((((ex * 768) + n0) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : ((((128 * 768) * ((2048 / 32) * 18)) - 1)))], 144);
        const __m256 dw_2 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_2 = _mm256_mul_ps(dw_2, _mm256_set1_ps((-8.0f)));
        const __m256 s_2_0 = _mm256_mul_ps(dw_2, _mm256_loadu_ps(&xd[((tok_0 * (2048 / 32)) + (g * 8))]));
        acc_2_0_0 = _mm256_fmadd_ps(off_2, _mm256_loadu_ps(&xs[((tok_0 * (2048 / 32)) + (g * 8))]), acc_2_0_0);
        const __m256 s_2_1 = _mm256_mul_ps(dw_2, _mm256_loadu_ps(&xd[((tok_1 * (2048 / 32)) + (g * 8))]));
        acc_2_1_0 = _mm256_fmadd_ps(off_2, _mm256_loadu_ps(&xs[((tok_1 * (2048 / 32)) + (g * 8))]), acc_2_1_0);
        const __m256i q_2_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_0 = _mm256_and_si256(q_2_0, _mm256_set1_epi8((char)15));
        const __m256i hi_2_0 = _mm256_and_si256(_mm256_srli_epi16(q_2_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 0))]))), hi_2_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_2_0, 0x55 * 0), acc_2_0_0);
        acc_2_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 0))]))), hi_2_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_2_1, 0x55 * 0), acc_2_1_0);
        const __m256i q_2_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_1 = _mm256_and_si256(q_2_1, _mm256_set1_epi8((char)15));
        const __m256i hi_2_1 = _mm256_and_si256(_mm256_srli_epi16(q_2_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 64))]))), hi_2_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_2_0, 0x55 * 1), acc_2_0_1);
        acc_2_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 64))]))), hi_2_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_2_1, 0x55 * 1), acc_2_1_1);
        const __m256i q_2_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_2 = _mm256_and_si256(q_2_2, _mm256_set1_epi8((char)15));
        const __m256i hi_2_2 = _mm256_and_si256(_mm256_srli_epi16(q_2_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 128))]))), hi_2_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_2_0, 0x55 * 2), acc_2_0_0);
        acc_2_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 128))]))), hi_2_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_2_1, 0x55 * 2), acc_2_1_0);
        const __m256i q_2_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_3 = _mm256_and_si256(q_2_3, _mm256_set1_epi8((char)15));
        const __m256i hi_2_3 = _mm256_and_si256(_mm256_srli_epi16(q_2_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 192))]))), hi_2_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_2_0, 0x55 * 3), acc_2_0_1);
        acc_2_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 192))]))), hi_2_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_2_1, 0x55 * 3), acc_2_1_1);
        const int32_t pf_3 = kf_prefetch(&w_up[((((((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < ((((128 * 768) * ((2048 / 32) * 18)) - 1)) ? (((((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : ((((128 * 768) * ((2048 / 32) * 18)) - 1)))], 144);
        const __m256 dw_3 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_3 = _mm256_mul_ps(dw_3, _mm256_set1_ps((-8.0f)));
        const __m256 s_3_0 = _mm256_mul_ps(dw_3, _mm256_loadu_ps(&xd[((tok_0 * (2048 / 32)) + (g * 8))]));
        acc_3_0_0 = _mm256_fmadd_ps(off_3, _mm256_loadu_ps(&xs[((tok_0 * (2048 / 32)) + (g * 8))]), acc_3_0_0);
        const __m256 s_3_1 = _mm256_mul_ps(dw_3, _mm256_loadu_ps(&xd[((tok_1 * (2048 / 32)) + (g * 8))]));
        acc_3_1_0 = _mm256_fmadd_ps(off_3, _mm256_loadu_ps(&xs[((tok_1 * (2048 / 32)) + (g * 8))]), acc_3_1_0);
        const __m256i q_3_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_0 = _mm256_and_si256(q_3_0, _mm256_set1_epi8((char)15));
        const __m256i hi_3_0 = _mm256_and_si256(_mm256_srli_epi16(q_3_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 0))]))), hi_3_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_3_0, 0x55 * 0), acc_3_0_0);
        acc_3_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 0))]))), hi_3_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_3_1, 0x55 * 0), acc_3_1_0);
        const __m256i q_3_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_1 = _mm256_and_si256(q_3_1, _mm256_set1_epi8((char)15));
        const __m256i hi_3_1 = _mm256_and_si256(_mm256_srli_epi16(q_3_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 64))]))), hi_3_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_3_0, 0x55 * 1), acc_3_0_1);
        acc_3_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 64))]))), hi_3_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_3_1, 0x55 * 1), acc_3_1_1);
        const __m256i q_3_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_2 = _mm256_and_si256(q_3_2, _mm256_set1_epi8((char)15));
        const __m256i hi_3_2 = _mm256_and_si256(_mm256_srli_epi16(q_3_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 128))]))), hi_3_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_3_0, 0x55 * 2), acc_3_0_0);
        acc_3_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 128))]))), hi_3_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_3_1, 0x55 * 2), acc_3_1_0);
        const __m256i q_3_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_3 = _mm256_and_si256(q_3_3, _mm256_set1_epi8((char)15));
        const __m256i hi_3_3 = _mm256_and_si256(_mm256_srli_epi16(q_3_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 192))]))), hi_3_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_3_0, 0x55 * 3), acc_3_0_1);
        acc_3_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 192))]))), hi_3_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_3_1, 0x55 * 3), acc_3_1_1);
      }
      for (int32_t b = (((2048 / 32) / 8) * 8); b < (2048 / 32); b++) {
        const float sc_0 = _cvtsh_ss(kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_0 = (sc_0 * (-8.0f));
        const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_0 * xd[((tok_0 * (2048 / 32)) + b)])), acc_0_0_0);
        corr_0_0 = (off_0 * xs[((tok_0 * (2048 / 32)) + b)] + corr_0_0);
        acc_0_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_0 * xd[((tok_1 * (2048 / 32)) + b)])), acc_0_1_0);
        corr_0_1 = (off_0 * xs[((tok_1 * (2048 / 32)) + b)] + corr_0_1);
        const float sc_1 = _cvtsh_ss(kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_1 = (sc_1 * (-8.0f));
        const __m128i qs_1 = _mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_1_0 = kf_nibbles_u8x32(qs_1);
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_1_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_1 * xd[((tok_0 * (2048 / 32)) + b)])), acc_1_0_0);
        corr_1_0 = (off_1 * xs[((tok_0 * (2048 / 32)) + b)] + corr_1_0);
        acc_1_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_1_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_1 * xd[((tok_1 * (2048 / 32)) + b)])), acc_1_1_0);
        corr_1_1 = (off_1 * xs[((tok_1 * (2048 / 32)) + b)] + corr_1_1);
        const float sc_2 = _cvtsh_ss(kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_2 = (sc_2 * (-8.0f));
        const __m128i qs_2 = _mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_2_0 = kf_nibbles_u8x32(qs_2);
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_2_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_2 * xd[((tok_0 * (2048 / 32)) + b)])), acc_2_0_0);
        corr_2_0 = (off_2 * xs[((tok_0 * (2048 / 32)) + b)] + corr_2_0);
        acc_2_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_2_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_2 * xd[((tok_1 * (2048 / 32)) + b)])), acc_2_1_0);
        corr_2_1 = (off_2 * xs[((tok_1 * (2048 / 32)) + b)] + corr_2_1);
        const float sc_3 = _cvtsh_ss(kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_3 = (sc_3 * (-8.0f));
        const __m128i qs_3 = _mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_3_0 = kf_nibbles_u8x32(qs_3);
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_3_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_3 * xd[((tok_0 * (2048 / 32)) + b)])), acc_3_0_0);
        corr_3_0 = (off_3 * xs[((tok_0 * (2048 / 32)) + b)] + corr_3_0);
        acc_3_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_3_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_1 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_3 * xd[((tok_1 * (2048 / 32)) + b)])), acc_3_1_0);
        corr_3_1 = (off_3 * xs[((tok_1 * (2048 / 32)) + b)] + corr_3_1);
      }
      const float g_0_0 = (kf_hsum256(_mm256_add_ps(acc_0_0_0, acc_0_0_1)) + corr_0_0);
      hid[(((eoff + (m0 + 0)) * 768) + n0)] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * (kf_hsum256(_mm256_add_ps(acc_2_0_0, acc_2_0_1)) + corr_2_0));
      const float g_0_1 = (kf_hsum256(_mm256_add_ps(acc_0_1_0, acc_0_1_1)) + corr_0_1);
      hid[(((eoff + (m0 + 1)) * 768) + n0)] = ((g_0_1 / (1.0f + expf((0.0f - g_0_1)))) * (kf_hsum256(_mm256_add_ps(acc_2_1_0, acc_2_1_1)) + corr_2_1));
      const float g_1_0 = (kf_hsum256(_mm256_add_ps(acc_1_0_0, acc_1_0_1)) + corr_1_0);
      hid[(((eoff + (m0 + 0)) * 768) + (n0 + 384))] = ((g_1_0 / (1.0f + expf((0.0f - g_1_0)))) * (kf_hsum256(_mm256_add_ps(acc_3_0_0, acc_3_0_1)) + corr_3_0));
      const float g_1_1 = (kf_hsum256(_mm256_add_ps(acc_1_1_0, acc_1_1_1)) + corr_1_1);
      hid[(((eoff + (m0 + 1)) * 768) + (n0 + 384))] = ((g_1_1 / (1.0f + expf((0.0f - g_1_1)))) * (kf_hsum256(_mm256_add_ps(acc_3_1_0, acc_3_1_1)) + corr_3_1));
    }
    for (int32_t m0 = (ecnt - (ecnt % 2)); m0 < ecnt; m0++) {
      const int32_t tok_0 = (perm[(eoff + (m0 + 0))] / 8);
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_0_1 = _mm256_set1_ps(0.0f);
      float corr_0_0 = 0.0f;
      __m256 acc_1_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_0_1 = _mm256_set1_ps(0.0f);
      float corr_1_0 = 0.0f;
      __m256 acc_2_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_0_1 = _mm256_set1_ps(0.0f);
      float corr_2_0 = 0.0f;
      __m256 acc_3_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_0_1 = _mm256_set1_ps(0.0f);
      float corr_3_0 = 0.0f;
      for (int32_t g = 0; g < ((2048 / 32) / 8); g++) {
        const int32_t pf_0 = kf_prefetch(&w_gate[((((((((ex * 768) + n0) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < ((((128 * 768) * ((2048 / 32) * 18)) - 1)) ? (((((((ex * 768) + n0) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : ((((128 * 768) * ((2048 / 32) * 18)) - 1)))], 144);
        const __m256 dw_0 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_0 = _mm256_mul_ps(dw_0, _mm256_set1_ps((-8.0f)));
        const __m256 s_0_0 = _mm256_mul_ps(dw_0, _mm256_loadu_ps(&xd[((tok_0 * (2048 / 32)) + (g * 8))]));
        acc_0_0_0 = _mm256_fmadd_ps(off_0, _mm256_loadu_ps(&xs[((tok_0 * (2048 / 32)) + (g * 8))]), acc_0_0_0);
        const __m256i q_0_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_0 = _mm256_and_si256(q_0_0, _mm256_set1_epi8((char)15));
        const __m256i hi_0_0 = _mm256_and_si256(_mm256_srli_epi16(q_0_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 0))]))), hi_0_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_0_0, 0x55 * 0), acc_0_0_0);
        const __m256i q_0_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_1 = _mm256_and_si256(q_0_1, _mm256_set1_epi8((char)15));
        const __m256i hi_0_1 = _mm256_and_si256(_mm256_srli_epi16(q_0_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 64))]))), hi_0_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_0_0, 0x55 * 1), acc_0_0_1);
        const __m256i q_0_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_2 = _mm256_and_si256(q_0_2, _mm256_set1_epi8((char)15));
        const __m256i hi_0_2 = _mm256_and_si256(_mm256_srli_epi16(q_0_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 128))]))), hi_0_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_0_0, 0x55 * 2), acc_0_0_0);
        const __m256i q_0_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_3 = _mm256_and_si256(q_0_3, _mm256_set1_epi8((char)15));
        const __m256i hi_0_3 = _mm256_and_si256(_mm256_srli_epi16(q_0_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 192))]))), hi_0_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_0_0, 0x55 * 3), acc_0_0_1);
        const int32_t pf_1 = kf_prefetch(&w_gate[((((((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < ((((128 * 768) * ((2048 / 32) * 18)) - 1)) ? (((((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : ((((128 * 768) * ((2048 / 32) * 18)) - 1)))], 144);
        const __m256 dw_1 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_1 = _mm256_mul_ps(dw_1, _mm256_set1_ps((-8.0f)));
        const __m256 s_1_0 = _mm256_mul_ps(dw_1, _mm256_loadu_ps(&xd[((tok_0 * (2048 / 32)) + (g * 8))]));
        acc_1_0_0 = _mm256_fmadd_ps(off_1, _mm256_loadu_ps(&xs[((tok_0 * (2048 / 32)) + (g * 8))]), acc_1_0_0);
        const __m256i q_1_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_0 = _mm256_and_si256(q_1_0, _mm256_set1_epi8((char)15));
        const __m256i hi_1_0 = _mm256_and_si256(_mm256_srli_epi16(q_1_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 0))]))), hi_1_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_1_0, 0x55 * 0), acc_1_0_0);
        const __m256i q_1_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_1 = _mm256_and_si256(q_1_1, _mm256_set1_epi8((char)15));
        const __m256i hi_1_1 = _mm256_and_si256(_mm256_srli_epi16(q_1_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 64))]))), hi_1_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_1_0, 0x55 * 1), acc_1_0_1);
        const __m256i q_1_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_2 = _mm256_and_si256(q_1_2, _mm256_set1_epi8((char)15));
        const __m256i hi_1_2 = _mm256_and_si256(_mm256_srli_epi16(q_1_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 128))]))), hi_1_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_1_0, 0x55 * 2), acc_1_0_0);
        const __m256i q_1_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_3 = _mm256_and_si256(q_1_3, _mm256_set1_epi8((char)15));
        const __m256i hi_1_3 = _mm256_and_si256(_mm256_srli_epi16(q_1_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 192))]))), hi_1_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_1_0, 0x55 * 3), acc_1_0_1);
        const int32_t pf_2 = kf_prefetch(&w_up[((((((((ex * 768) + n0) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < ((((128 * 768) * ((2048 / 32) * 18)) - 1)) ? (((((((ex * 768) + n0) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : ((((128 * 768) * ((2048 / 32) * 18)) - 1)))], 144);
        const __m256 dw_2 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_2 = _mm256_mul_ps(dw_2, _mm256_set1_ps((-8.0f)));
        const __m256 s_2_0 = _mm256_mul_ps(dw_2, _mm256_loadu_ps(&xd[((tok_0 * (2048 / 32)) + (g * 8))]));
        acc_2_0_0 = _mm256_fmadd_ps(off_2, _mm256_loadu_ps(&xs[((tok_0 * (2048 / 32)) + (g * 8))]), acc_2_0_0);
        const __m256i q_2_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_0 = _mm256_and_si256(q_2_0, _mm256_set1_epi8((char)15));
        const __m256i hi_2_0 = _mm256_and_si256(_mm256_srli_epi16(q_2_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 0))]))), hi_2_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_2_0, 0x55 * 0), acc_2_0_0);
        const __m256i q_2_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_1 = _mm256_and_si256(q_2_1, _mm256_set1_epi8((char)15));
        const __m256i hi_2_1 = _mm256_and_si256(_mm256_srli_epi16(q_2_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 64))]))), hi_2_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_2_0, 0x55 * 1), acc_2_0_1);
        const __m256i q_2_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_2 = _mm256_and_si256(q_2_2, _mm256_set1_epi8((char)15));
        const __m256i hi_2_2 = _mm256_and_si256(_mm256_srli_epi16(q_2_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 128))]))), hi_2_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_2_0, 0x55 * 2), acc_2_0_0);
        const __m256i q_2_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_3 = _mm256_and_si256(q_2_3, _mm256_set1_epi8((char)15));
        const __m256i hi_2_3 = _mm256_and_si256(_mm256_srli_epi16(q_2_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 192))]))), hi_2_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_2_0, 0x55 * 3), acc_2_0_1);
        const int32_t pf_3 = kf_prefetch(&w_up[((((((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < ((((128 * 768) * ((2048 / 32) * 18)) - 1)) ? (((((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : ((((128 * 768) * ((2048 / 32) * 18)) - 1)))], 144);
        const __m256 dw_3 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_3 = _mm256_mul_ps(dw_3, _mm256_set1_ps((-8.0f)));
        const __m256 s_3_0 = _mm256_mul_ps(dw_3, _mm256_loadu_ps(&xd[((tok_0 * (2048 / 32)) + (g * 8))]));
        acc_3_0_0 = _mm256_fmadd_ps(off_3, _mm256_loadu_ps(&xs[((tok_0 * (2048 / 32)) + (g * 8))]), acc_3_0_0);
        const __m256i q_3_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_0 = _mm256_and_si256(q_3_0, _mm256_set1_epi8((char)15));
        const __m256i hi_3_0 = _mm256_and_si256(_mm256_srli_epi16(q_3_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 0))]))), hi_3_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_3_0, 0x55 * 0), acc_3_0_0);
        const __m256i q_3_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_1 = _mm256_and_si256(q_3_1, _mm256_set1_epi8((char)15));
        const __m256i hi_3_1 = _mm256_and_si256(_mm256_srli_epi16(q_3_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 64))]))), hi_3_1, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_3_0, 0x55 * 1), acc_3_0_1);
        const __m256i q_3_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_2 = _mm256_and_si256(q_3_2, _mm256_set1_epi8((char)15));
        const __m256i hi_3_2 = _mm256_and_si256(_mm256_srli_epi16(q_3_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 128))]))), hi_3_2, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_3_0, 0x55 * 2), acc_3_0_0);
        const __m256i q_3_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_3 = _mm256_and_si256(q_3_3, _mm256_set1_epi8((char)15));
        const __m256i hi_3_3 = _mm256_and_si256(_mm256_srli_epi16(q_3_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 192))]))), hi_3_3, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_3_0, 0x55 * 3), acc_3_0_1);
      }
      for (int32_t b = (((2048 / 32) / 8) * 8); b < (2048 / 32); b++) {
        const float sc_0 = _cvtsh_ss(kf_load_u16(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_0 = (sc_0 * (-8.0f));
        const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_0 * xd[((tok_0 * (2048 / 32)) + b)])), acc_0_0_0);
        corr_0_0 = (off_0 * xs[((tok_0 * (2048 / 32)) + b)] + corr_0_0);
        const float sc_1 = _cvtsh_ss(kf_load_u16(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_1 = (sc_1 * (-8.0f));
        const __m128i qs_1 = _mm_loadu_si128((const __m128i*)(&w_gate[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_1_0 = kf_nibbles_u8x32(qs_1);
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_1_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_1 * xd[((tok_0 * (2048 / 32)) + b)])), acc_1_0_0);
        corr_1_0 = (off_1 * xs[((tok_0 * (2048 / 32)) + b)] + corr_1_0);
        const float sc_2 = _cvtsh_ss(kf_load_u16(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_2 = (sc_2 * (-8.0f));
        const __m128i qs_2 = _mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + n0) * ((2048 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_2_0 = kf_nibbles_u8x32(qs_2);
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_2_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_2 * xd[((tok_0 * (2048 / 32)) + b)])), acc_2_0_0);
        corr_2_0 = (off_2 * xs[((tok_0 * (2048 / 32)) + b)] + corr_2_0);
        const float sc_3 = _cvtsh_ss(kf_load_u16(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_3 = (sc_3 * (-8.0f));
        const __m128i qs_3 = _mm_loadu_si128((const __m128i*)(&w_up[(((((ex * 768) + (n0 + 384)) * ((2048 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_3_0 = kf_nibbles_u8x32(qs_3);
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_3_0, _mm256_loadu_si256((const __m256i*)(&xq[((tok_0 * 2048) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_3 * xd[((tok_0 * (2048 / 32)) + b)])), acc_3_0_0);
        corr_3_0 = (off_3 * xs[((tok_0 * (2048 / 32)) + b)] + corr_3_0);
      }
      const float g_0_0 = (kf_hsum256(_mm256_add_ps(acc_0_0_0, acc_0_0_1)) + corr_0_0);
      hid[(((eoff + (m0 + 0)) * 768) + n0)] = ((g_0_0 / (1.0f + expf((0.0f - g_0_0)))) * (kf_hsum256(_mm256_add_ps(acc_2_0_0, acc_2_0_1)) + corr_2_0));
      const float g_1_0 = (kf_hsum256(_mm256_add_ps(acc_1_0_0, acc_1_0_1)) + corr_1_0);
      hid[(((eoff + (m0 + 0)) * 768) + (n0 + 384))] = ((g_1_0 / (1.0f + expf((0.0f - g_1_0)))) * (kf_hsum256(_mm256_add_ps(acc_3_0_0, acc_3_0_1)) + corr_3_0));
    }
  }
  for (int32_t m = 0; m < npairs; m++) {
    for (int32_t b = 0; b < (768 / 32); b++) {
      const __m256 xv0 = _mm256_loadu_ps(&hid[((m * 768) + ((b * 32) + 0))]);
      const __m256 xv1 = _mm256_loadu_ps(&hid[((m * 768) + ((b * 32) + 8))]);
      const __m256 xv2 = _mm256_loadu_ps(&hid[((m * 768) + ((b * 32) + 16))]);
      const __m256 xv3 = _mm256_loadu_ps(&hid[((m * 768) + ((b * 32) + 24))]);
      const float amax = kf_hmax256(_mm256_max_ps(_mm256_max_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv0), _mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv1)), _mm256_max_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv2), _mm256_andnot_ps(_mm256_set1_ps(-0.0f), xv3))));
      const float d = (amax / 127.0f);
      const float id = ((d != 0.0f) ? (1.0f / d) : 0.0f);
      const __m256 s0 = _mm256_mul_ps(xv0, _mm256_set1_ps(id));
      const __m256i qv0 = _mm256_cvttps_epi32(_mm256_add_ps(s0, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s0, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      const __m256 s1 = _mm256_mul_ps(xv1, _mm256_set1_ps(id));
      const __m256i qv1 = _mm256_cvttps_epi32(_mm256_add_ps(s1, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s1, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      const __m256 s2 = _mm256_mul_ps(xv2, _mm256_set1_ps(id));
      const __m256i qv2 = _mm256_cvttps_epi32(_mm256_add_ps(s2, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s2, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      const __m256 s3 = _mm256_mul_ps(xv3, _mm256_set1_ps(id));
      const __m256i qv3 = _mm256_cvttps_epi32(_mm256_add_ps(s3, _mm256_blendv_ps(_mm256_set1_ps((-0.5f)), _mm256_set1_ps(0.5f), _mm256_cmp_ps(s3, _mm256_set1_ps(0.0f), _CMP_GE_OQ))));
      _mm_storeu_si128((__m128i*)(&hq[((m * 768) + ((b < (((768 / 32) / 8) * 8)) ? (((b - (b % 8)) * 32) + (((((b % 8) % 4) * 64) + 0) + ((((b % 8) / 4) * 16) + 0))) : ((b * 32) + (0 + 0))))]), _mm_unpacklo_epi64(kf_i32x8_to_i8x8(qv0), kf_i32x8_to_i8x8(qv1)));
      _mm_storeu_si128((__m128i*)(&hq[((m * 768) + ((b < (((768 / 32) / 8) * 8)) ? (((b - (b % 8)) * 32) + (((((b % 8) % 4) * 64) + 32) + ((((b % 8) / 4) * 16) + 0))) : ((b * 32) + (0 + 16))))]), _mm_unpacklo_epi64(kf_i32x8_to_i8x8(qv2), kf_i32x8_to_i8x8(qv3)));
      hd[((m * (768 / 32)) + b)] = d;
      hs[((m * (768 / 32)) + b)] = (d * ((float)kf_hsum256_i32(_mm256_add_epi32(_mm256_add_epi32(qv0, qv1), _mm256_add_epi32(qv2, qv3)))));
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t wi = 0; wi < (nact * 512); wi++) {
    const int32_t ex = grp[(384 + (wi / 512))];
    const int32_t ecnt = grp[(0 + ex)];
    const int32_t eoff = grp[(128 + ex)];
    const int32_t n0 = (wi % 512);
    for (int32_t m0 = 0; m0 < (ecnt - (ecnt % 2)); m0 += 2) {
      const float wt_0 = rwt[perm[(eoff + (m0 + 0))]];
      const float wt_1 = rwt[perm[(eoff + (m0 + 1))]];
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_0_1 = _mm256_set1_ps(0.0f);
      float corr_0_0 = 0.0f;
      __m256 acc_0_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_1_1 = _mm256_set1_ps(0.0f);
      float corr_0_1 = 0.0f;
      __m256 acc_1_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_0_1 = _mm256_set1_ps(0.0f);
      float corr_1_0 = 0.0f;
      __m256 acc_1_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_1_1 = _mm256_set1_ps(0.0f);
      float corr_1_1 = 0.0f;
      __m256 acc_2_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_0_1 = _mm256_set1_ps(0.0f);
      float corr_2_0 = 0.0f;
      __m256 acc_2_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_1_1 = _mm256_set1_ps(0.0f);
      float corr_2_1 = 0.0f;
      __m256 acc_3_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_0_1 = _mm256_set1_ps(0.0f);
      float corr_3_0 = 0.0f;
      __m256 acc_3_1_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_1_1 = _mm256_set1_ps(0.0f);
      float corr_3_1 = 0.0f;
      for (int32_t g = 0; g < ((768 / 32) / 8); g++) {
        const int32_t pf_0 = kf_prefetch(&w_down[((((((((ex * 2048) + n0) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < (((262144 * ((768 / 32) * 18)) - 1)) ? (((((((ex * 2048) + n0) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : (((262144 * ((768 / 32) * 18)) - 1)))], 144);
        const __m256 dw_0 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_0 = _mm256_mul_ps(dw_0, _mm256_set1_ps((-8.0f)));
        const __m256 s_0_0 = _mm256_mul_ps(dw_0, _mm256_loadu_ps(&hd[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]));
        acc_0_0_0 = _mm256_fmadd_ps(off_0, _mm256_loadu_ps(&hs[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]), acc_0_0_0);
        const __m256 s_0_1 = _mm256_mul_ps(dw_0, _mm256_loadu_ps(&hd[(((eoff + (m0 + 1)) * (768 / 32)) + (g * 8))]));
        acc_0_1_0 = _mm256_fmadd_ps(off_0, _mm256_loadu_ps(&hs[(((eoff + (m0 + 1)) * (768 / 32)) + (g * 8))]), acc_0_1_0);
        const __m256i q_0_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_0 = _mm256_and_si256(q_0_0, _mm256_set1_epi8((char)15));
        const __m256i hi_0_0 = _mm256_and_si256(_mm256_srli_epi16(q_0_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 0))]))), hi_0_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_0_0, 0x55 * 0), acc_0_0_0);
        acc_0_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 0))]))), hi_0_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_0_1, 0x55 * 0), acc_0_1_0);
        const __m256i q_0_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_1 = _mm256_and_si256(q_0_1, _mm256_set1_epi8((char)15));
        const __m256i hi_0_1 = _mm256_and_si256(_mm256_srli_epi16(q_0_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 64))]))), hi_0_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_0_0, 0x55 * 1), acc_0_0_1);
        acc_0_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 64))]))), hi_0_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_0_1, 0x55 * 1), acc_0_1_1);
        const __m256i q_0_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_2 = _mm256_and_si256(q_0_2, _mm256_set1_epi8((char)15));
        const __m256i hi_0_2 = _mm256_and_si256(_mm256_srli_epi16(q_0_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 128))]))), hi_0_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_0_0, 0x55 * 2), acc_0_0_0);
        acc_0_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 128))]))), hi_0_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_0_1, 0x55 * 2), acc_0_1_0);
        const __m256i q_0_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_3 = _mm256_and_si256(q_0_3, _mm256_set1_epi8((char)15));
        const __m256i hi_0_3 = _mm256_and_si256(_mm256_srli_epi16(q_0_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 192))]))), hi_0_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_0_0, 0x55 * 3), acc_0_0_1);
        acc_0_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 192))]))), hi_0_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_0_1, 0x55 * 3), acc_0_1_1);
        const int32_t pf_1 = kf_prefetch(&w_down[((((((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < (((262144 * ((768 / 32) * 18)) - 1)) ? (((((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : (((262144 * ((768 / 32) * 18)) - 1)))], 144);
        const __m256 dw_1 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_1 = _mm256_mul_ps(dw_1, _mm256_set1_ps((-8.0f)));
        const __m256 s_1_0 = _mm256_mul_ps(dw_1, _mm256_loadu_ps(&hd[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]));
        acc_1_0_0 = _mm256_fmadd_ps(off_1, _mm256_loadu_ps(&hs[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]), acc_1_0_0);
        const __m256 s_1_1 = _mm256_mul_ps(dw_1, _mm256_loadu_ps(&hd[(((eoff + (m0 + 1)) * (768 / 32)) + (g * 8))]));
        acc_1_1_0 = _mm256_fmadd_ps(off_1, _mm256_loadu_ps(&hs[(((eoff + (m0 + 1)) * (768 / 32)) + (g * 8))]), acc_1_1_0);
        const __m256i q_1_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_0 = _mm256_and_si256(q_1_0, _mm256_set1_epi8((char)15));
        const __m256i hi_1_0 = _mm256_and_si256(_mm256_srli_epi16(q_1_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 0))]))), hi_1_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_1_0, 0x55 * 0), acc_1_0_0);
        acc_1_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 0))]))), hi_1_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_1_1, 0x55 * 0), acc_1_1_0);
        const __m256i q_1_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_1 = _mm256_and_si256(q_1_1, _mm256_set1_epi8((char)15));
        const __m256i hi_1_1 = _mm256_and_si256(_mm256_srli_epi16(q_1_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 64))]))), hi_1_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_1_0, 0x55 * 1), acc_1_0_1);
        acc_1_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 64))]))), hi_1_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_1_1, 0x55 * 1), acc_1_1_1);
        const __m256i q_1_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_2 = _mm256_and_si256(q_1_2, _mm256_set1_epi8((char)15));
        const __m256i hi_1_2 = _mm256_and_si256(_mm256_srli_epi16(q_1_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 128))]))), hi_1_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_1_0, 0x55 * 2), acc_1_0_0);
        acc_1_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 128))]))), hi_1_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_1_1, 0x55 * 2), acc_1_1_0);
        const __m256i q_1_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_3 = _mm256_and_si256(q_1_3, _mm256_set1_epi8((char)15));
        const __m256i hi_1_3 = _mm256_and_si256(_mm256_srli_epi16(q_1_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 192))]))), hi_1_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_1_0, 0x55 * 3), acc_1_0_1);
        acc_1_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 192))]))), hi_1_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_1_1, 0x55 * 3), acc_1_1_1);
        const int32_t pf_2 = kf_prefetch(&w_down[((((((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < (((262144 * ((768 / 32) * 18)) - 1)) ? (((((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : (((262144 * ((768 / 32) * 18)) - 1)))], 144);
        const __m256 dw_2 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_2 = _mm256_mul_ps(dw_2, _mm256_set1_ps((-8.0f)));
        const __m256 s_2_0 = _mm256_mul_ps(dw_2, _mm256_loadu_ps(&hd[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]));
        acc_2_0_0 = _mm256_fmadd_ps(off_2, _mm256_loadu_ps(&hs[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]), acc_2_0_0);
        const __m256 s_2_1 = _mm256_mul_ps(dw_2, _mm256_loadu_ps(&hd[(((eoff + (m0 + 1)) * (768 / 32)) + (g * 8))]));
        acc_2_1_0 = _mm256_fmadd_ps(off_2, _mm256_loadu_ps(&hs[(((eoff + (m0 + 1)) * (768 / 32)) + (g * 8))]), acc_2_1_0);
        const __m256i q_2_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_0 = _mm256_and_si256(q_2_0, _mm256_set1_epi8((char)15));
        const __m256i hi_2_0 = _mm256_and_si256(_mm256_srli_epi16(q_2_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 0))]))), hi_2_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_2_0, 0x55 * 0), acc_2_0_0);
        acc_2_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 0))]))), hi_2_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_2_1, 0x55 * 0), acc_2_1_0);
        const __m256i q_2_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_1 = _mm256_and_si256(q_2_1, _mm256_set1_epi8((char)15));
        const __m256i hi_2_1 = _mm256_and_si256(_mm256_srli_epi16(q_2_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 64))]))), hi_2_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_2_0, 0x55 * 1), acc_2_0_1);
        acc_2_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 64))]))), hi_2_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_2_1, 0x55 * 1), acc_2_1_1);
        const __m256i q_2_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_2 = _mm256_and_si256(q_2_2, _mm256_set1_epi8((char)15));
        const __m256i hi_2_2 = _mm256_and_si256(_mm256_srli_epi16(q_2_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 128))]))), hi_2_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_2_0, 0x55 * 2), acc_2_0_0);
        acc_2_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 128))]))), hi_2_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_2_1, 0x55 * 2), acc_2_1_0);
        const __m256i q_2_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_3 = _mm256_and_si256(q_2_3, _mm256_set1_epi8((char)15));
        const __m256i hi_2_3 = _mm256_and_si256(_mm256_srli_epi16(q_2_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 192))]))), hi_2_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_2_0, 0x55 * 3), acc_2_0_1);
        acc_2_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 192))]))), hi_2_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_2_1, 0x55 * 3), acc_2_1_1);
        const int32_t pf_3 = kf_prefetch(&w_down[((((((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < (((262144 * ((768 / 32) * 18)) - 1)) ? (((((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : (((262144 * ((768 / 32) * 18)) - 1)))], 144);
        const __m256 dw_3 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_3 = _mm256_mul_ps(dw_3, _mm256_set1_ps((-8.0f)));
        const __m256 s_3_0 = _mm256_mul_ps(dw_3, _mm256_loadu_ps(&hd[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]));
        acc_3_0_0 = _mm256_fmadd_ps(off_3, _mm256_loadu_ps(&hs[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]), acc_3_0_0);
        const __m256 s_3_1 = _mm256_mul_ps(dw_3, _mm256_loadu_ps(&hd[(((eoff + (m0 + 1)) * (768 / 32)) + (g * 8))]));
        acc_3_1_0 = _mm256_fmadd_ps(off_3, _mm256_loadu_ps(&hs[(((eoff + (m0 + 1)) * (768 / 32)) + (g * 8))]), acc_3_1_0);
        const __m256i q_3_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_0 = _mm256_and_si256(q_3_0, _mm256_set1_epi8((char)15));
        const __m256i hi_3_0 = _mm256_and_si256(_mm256_srli_epi16(q_3_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 0))]))), hi_3_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_3_0, 0x55 * 0), acc_3_0_0);
        acc_3_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 0))]))), hi_3_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_3_1, 0x55 * 0), acc_3_1_0);
        const __m256i q_3_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_1 = _mm256_and_si256(q_3_1, _mm256_set1_epi8((char)15));
        const __m256i hi_3_1 = _mm256_and_si256(_mm256_srli_epi16(q_3_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 64))]))), hi_3_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_3_0, 0x55 * 1), acc_3_0_1);
        acc_3_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 64))]))), hi_3_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_3_1, 0x55 * 1), acc_3_1_1);
        const __m256i q_3_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_2 = _mm256_and_si256(q_3_2, _mm256_set1_epi8((char)15));
        const __m256i hi_3_2 = _mm256_and_si256(_mm256_srli_epi16(q_3_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 128))]))), hi_3_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_3_0, 0x55 * 2), acc_3_0_0);
        acc_3_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 128))]))), hi_3_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_3_1, 0x55 * 2), acc_3_1_0);
        const __m256i q_3_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_3 = _mm256_and_si256(q_3_3, _mm256_set1_epi8((char)15));
        const __m256i hi_3_3 = _mm256_and_si256(_mm256_srli_epi16(q_3_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 192))]))), hi_3_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_3_0, 0x55 * 3), acc_3_0_1);
        acc_3_1_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 192))]))), hi_3_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_3_1, 0x55 * 3), acc_3_1_1);
      }
      for (int32_t b = (((768 / 32) / 8) * 8); b < (768 / 32); b++) {
        const float sc_0 = _cvtsh_ss(kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_0 = (sc_0 * (-8.0f));
        const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_0 * hd[(((eoff + (m0 + 0)) * (768 / 32)) + b)])), acc_0_0_0);
        corr_0_0 = (off_0 * hs[(((eoff + (m0 + 0)) * (768 / 32)) + b)] + corr_0_0);
        acc_0_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_0 * hd[(((eoff + (m0 + 1)) * (768 / 32)) + b)])), acc_0_1_0);
        corr_0_1 = (off_0 * hs[(((eoff + (m0 + 1)) * (768 / 32)) + b)] + corr_0_1);
        const float sc_1 = _cvtsh_ss(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_1 = (sc_1 * (-8.0f));
        const __m128i qs_1 = _mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_1_0 = kf_nibbles_u8x32(qs_1);
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_1_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_1 * hd[(((eoff + (m0 + 0)) * (768 / 32)) + b)])), acc_1_0_0);
        corr_1_0 = (off_1 * hs[(((eoff + (m0 + 0)) * (768 / 32)) + b)] + corr_1_0);
        acc_1_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_1_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_1 * hd[(((eoff + (m0 + 1)) * (768 / 32)) + b)])), acc_1_1_0);
        corr_1_1 = (off_1 * hs[(((eoff + (m0 + 1)) * (768 / 32)) + b)] + corr_1_1);
        const float sc_2 = _cvtsh_ss(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_2 = (sc_2 * (-8.0f));
        const __m128i qs_2 = _mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_2_0 = kf_nibbles_u8x32(qs_2);
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_2_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_2 * hd[(((eoff + (m0 + 0)) * (768 / 32)) + b)])), acc_2_0_0);
        corr_2_0 = (off_2 * hs[(((eoff + (m0 + 0)) * (768 / 32)) + b)] + corr_2_0);
        acc_2_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_2_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_2 * hd[(((eoff + (m0 + 1)) * (768 / 32)) + b)])), acc_2_1_0);
        corr_2_1 = (off_2 * hs[(((eoff + (m0 + 1)) * (768 / 32)) + b)] + corr_2_1);
        const float sc_3 = _cvtsh_ss(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_3 = (sc_3 * (-8.0f));
        const __m128i qs_3 = _mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_3_0 = kf_nibbles_u8x32(qs_3);
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_3_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_3 * hd[(((eoff + (m0 + 0)) * (768 / 32)) + b)])), acc_3_0_0);
        corr_3_0 = (off_3 * hs[(((eoff + (m0 + 0)) * (768 / 32)) + b)] + corr_3_0);
        acc_3_1_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_3_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 1)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_3 * hd[(((eoff + (m0 + 1)) * (768 / 32)) + b)])), acc_3_1_0);
        corr_3_1 = (off_3 * hs[(((eoff + (m0 + 1)) * (768 / 32)) + b)] + corr_3_1);
      }
      part[(((eoff + (m0 + 0)) * 2048) + n0)] = (wt_0 * (kf_hsum256(_mm256_add_ps(acc_0_0_0, acc_0_0_1)) + corr_0_0));
      part[(((eoff + (m0 + 1)) * 2048) + n0)] = (wt_1 * (kf_hsum256(_mm256_add_ps(acc_0_1_0, acc_0_1_1)) + corr_0_1));
      part[(((eoff + (m0 + 0)) * 2048) + (n0 + 512))] = (wt_0 * (kf_hsum256(_mm256_add_ps(acc_1_0_0, acc_1_0_1)) + corr_1_0));
      part[(((eoff + (m0 + 1)) * 2048) + (n0 + 512))] = (wt_1 * (kf_hsum256(_mm256_add_ps(acc_1_1_0, acc_1_1_1)) + corr_1_1));
      part[(((eoff + (m0 + 0)) * 2048) + (n0 + 1024))] = (wt_0 * (kf_hsum256(_mm256_add_ps(acc_2_0_0, acc_2_0_1)) + corr_2_0));
      part[(((eoff + (m0 + 1)) * 2048) + (n0 + 1024))] = (wt_1 * (kf_hsum256(_mm256_add_ps(acc_2_1_0, acc_2_1_1)) + corr_2_1));
      part[(((eoff + (m0 + 0)) * 2048) + (n0 + 1536))] = (wt_0 * (kf_hsum256(_mm256_add_ps(acc_3_0_0, acc_3_0_1)) + corr_3_0));
      part[(((eoff + (m0 + 1)) * 2048) + (n0 + 1536))] = (wt_1 * (kf_hsum256(_mm256_add_ps(acc_3_1_0, acc_3_1_1)) + corr_3_1));
    }
    for (int32_t m0 = (ecnt - (ecnt % 2)); m0 < ecnt; m0++) {
      const float wt_0 = rwt[perm[(eoff + (m0 + 0))]];
      __m256 acc_0_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_0_0_1 = _mm256_set1_ps(0.0f);
      float corr_0_0 = 0.0f;
      __m256 acc_1_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_1_0_1 = _mm256_set1_ps(0.0f);
      float corr_1_0 = 0.0f;
      __m256 acc_2_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_2_0_1 = _mm256_set1_ps(0.0f);
      float corr_2_0 = 0.0f;
      __m256 acc_3_0_0 = _mm256_set1_ps(0.0f);
      __m256 acc_3_0_1 = _mm256_set1_ps(0.0f);
      float corr_3_0 = 0.0f;
      for (int32_t g = 0; g < ((768 / 32) / 8); g++) {
        const int32_t pf_0 = kf_prefetch(&w_down[((((((((ex * 2048) + n0) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < (((262144 * ((768 / 32) * 18)) - 1)) ? (((((((ex * 2048) + n0) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : (((262144 * ((768 / 32) * 18)) - 1)))], 144);
        const __m256 dw_0 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_0 = _mm256_mul_ps(dw_0, _mm256_set1_ps((-8.0f)));
        const __m256 s_0_0 = _mm256_mul_ps(dw_0, _mm256_loadu_ps(&hd[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]));
        acc_0_0_0 = _mm256_fmadd_ps(off_0, _mm256_loadu_ps(&hs[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]), acc_0_0_0);
        const __m256i q_0_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_0 = _mm256_and_si256(q_0_0, _mm256_set1_epi8((char)15));
        const __m256i hi_0_0 = _mm256_and_si256(_mm256_srli_epi16(q_0_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 0))]))), hi_0_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_0_0, 0x55 * 0), acc_0_0_0);
        const __m256i q_0_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_1 = _mm256_and_si256(q_0_1, _mm256_set1_epi8((char)15));
        const __m256i hi_0_1 = _mm256_and_si256(_mm256_srli_epi16(q_0_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 64))]))), hi_0_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_0_0, 0x55 * 1), acc_0_0_1);
        const __m256i q_0_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_2 = _mm256_and_si256(q_0_2, _mm256_set1_epi8((char)15));
        const __m256i hi_0_2 = _mm256_and_si256(_mm256_srli_epi16(q_0_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 128))]))), hi_0_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_0_0, 0x55 * 2), acc_0_0_0);
        const __m256i q_0_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_0_3 = _mm256_and_si256(q_0_3, _mm256_set1_epi8((char)15));
        const __m256i hi_0_3 = _mm256_and_si256(_mm256_srli_epi16(q_0_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_0_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_0_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 192))]))), hi_0_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_0_0, 0x55 * 3), acc_0_0_1);
        const int32_t pf_1 = kf_prefetch(&w_down[((((((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < (((262144 * ((768 / 32) * 18)) - 1)) ? (((((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : (((262144 * ((768 / 32) * 18)) - 1)))], 144);
        const __m256 dw_1 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_1 = _mm256_mul_ps(dw_1, _mm256_set1_ps((-8.0f)));
        const __m256 s_1_0 = _mm256_mul_ps(dw_1, _mm256_loadu_ps(&hd[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]));
        acc_1_0_0 = _mm256_fmadd_ps(off_1, _mm256_loadu_ps(&hs[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]), acc_1_0_0);
        const __m256i q_1_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_0 = _mm256_and_si256(q_1_0, _mm256_set1_epi8((char)15));
        const __m256i hi_1_0 = _mm256_and_si256(_mm256_srli_epi16(q_1_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 0))]))), hi_1_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_1_0, 0x55 * 0), acc_1_0_0);
        const __m256i q_1_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_1 = _mm256_and_si256(q_1_1, _mm256_set1_epi8((char)15));
        const __m256i hi_1_1 = _mm256_and_si256(_mm256_srli_epi16(q_1_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 64))]))), hi_1_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_1_0, 0x55 * 1), acc_1_0_1);
        const __m256i q_1_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_2 = _mm256_and_si256(q_1_2, _mm256_set1_epi8((char)15));
        const __m256i hi_1_2 = _mm256_and_si256(_mm256_srli_epi16(q_1_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 128))]))), hi_1_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_1_0, 0x55 * 2), acc_1_0_0);
        const __m256i q_1_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_1_3 = _mm256_and_si256(q_1_3, _mm256_set1_epi8((char)15));
        const __m256i hi_1_3 = _mm256_and_si256(_mm256_srli_epi16(q_1_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_1_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_1_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 192))]))), hi_1_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_1_0, 0x55 * 3), acc_1_0_1);
        const int32_t pf_2 = kf_prefetch(&w_down[((((((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < (((262144 * ((768 / 32) * 18)) - 1)) ? (((((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : (((262144 * ((768 / 32) * 18)) - 1)))], 144);
        const __m256 dw_2 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_2 = _mm256_mul_ps(dw_2, _mm256_set1_ps((-8.0f)));
        const __m256 s_2_0 = _mm256_mul_ps(dw_2, _mm256_loadu_ps(&hd[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]));
        acc_2_0_0 = _mm256_fmadd_ps(off_2, _mm256_loadu_ps(&hs[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]), acc_2_0_0);
        const __m256i q_2_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_0 = _mm256_and_si256(q_2_0, _mm256_set1_epi8((char)15));
        const __m256i hi_2_0 = _mm256_and_si256(_mm256_srli_epi16(q_2_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 0))]))), hi_2_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_2_0, 0x55 * 0), acc_2_0_0);
        const __m256i q_2_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_1 = _mm256_and_si256(q_2_1, _mm256_set1_epi8((char)15));
        const __m256i hi_2_1 = _mm256_and_si256(_mm256_srli_epi16(q_2_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 64))]))), hi_2_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_2_0, 0x55 * 1), acc_2_0_1);
        const __m256i q_2_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_2 = _mm256_and_si256(q_2_2, _mm256_set1_epi8((char)15));
        const __m256i hi_2_2 = _mm256_and_si256(_mm256_srli_epi16(q_2_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 128))]))), hi_2_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_2_0, 0x55 * 2), acc_2_0_0);
        const __m256i q_2_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_2_3 = _mm256_and_si256(q_2_3, _mm256_set1_epi8((char)15));
        const __m256i hi_2_3 = _mm256_and_si256(_mm256_srli_epi16(q_2_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_2_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_2_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 192))]))), hi_2_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_2_0, 0x55 * 3), acc_2_0_1);
        const int32_t pf_3 = kf_prefetch(&w_down[((((((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) < (((262144 * ((768 / 32) * 18)) - 1)) ? (((((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + ((g * 8) * 18)) + 2) + 2048)) : (((262144 * ((768 / 32) * 18)) - 1)))], 144);
        const __m256 dw_3 = _mm256_cvtph_ps(kf_pack_f16x8(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 0)]), kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 0)])));
        const __m256 off_3 = _mm256_mul_ps(dw_3, _mm256_set1_ps((-8.0f)));
        const __m256 s_3_0 = _mm256_mul_ps(dw_3, _mm256_loadu_ps(&hd[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]));
        acc_3_0_0 = _mm256_fmadd_ps(off_3, _mm256_loadu_ps(&hs[(((eoff + (m0 + 0)) * (768 / 32)) + (g * 8))]), acc_3_0_0);
        const __m256i q_3_0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 0) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 4) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_0 = _mm256_and_si256(q_3_0, _mm256_set1_epi8((char)15));
        const __m256i hi_3_0 = _mm256_and_si256(_mm256_srli_epi16(q_3_0, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 0))]))), hi_3_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 32))])))), _mm256_permute_ps(s_3_0, 0x55 * 0), acc_3_0_0);
        const __m256i q_3_1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 1) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 5) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_1 = _mm256_and_si256(q_3_1, _mm256_set1_epi8((char)15));
        const __m256i hi_3_1 = _mm256_and_si256(_mm256_srli_epi16(q_3_1, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 64))]))), hi_3_1, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 96))])))), _mm256_permute_ps(s_3_0, 0x55 * 1), acc_3_0_1);
        const __m256i q_3_2 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 2) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 6) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_2 = _mm256_and_si256(q_3_2, _mm256_set1_epi8((char)15));
        const __m256i hi_3_2 = _mm256_and_si256(_mm256_srli_epi16(q_3_2, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 128))]))), hi_3_2, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 160))])))), _mm256_permute_ps(s_3_0, 0x55 * 2), acc_3_0_0);
        const __m256i q_3_3 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 3) * 18)) + 2)]))), _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (((g * 8) + 7) * 18)) + 2)]))), 0xf0);
        const __m256i lo_3_3 = _mm256_and_si256(q_3_3, _mm256_set1_epi8((char)15));
        const __m256i hi_3_3 = _mm256_and_si256(_mm256_srli_epi16(q_3_3, 4), _mm256_set1_epi8((char)(0xff >> 4)));
        acc_3_0_1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), lo_3_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 192))]))), hi_3_3, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + (((g * 8) * 32) + 224))])))), _mm256_permute_ps(s_3_0, 0x55 * 3), acc_3_0_1);
      }
      for (int32_t b = (((768 / 32) / 8) * 8); b < (768 / 32); b++) {
        const float sc_0 = _cvtsh_ss(kf_load_u16(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_0 = (sc_0 * (-8.0f));
        const __m128i qs_0 = _mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + n0) * ((768 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_0_0 = kf_nibbles_u8x32(qs_0);
        acc_0_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_0_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_0 * hd[(((eoff + (m0 + 0)) * (768 / 32)) + b)])), acc_0_0_0);
        corr_0_0 = (off_0 * hs[(((eoff + (m0 + 0)) * (768 / 32)) + b)] + corr_0_0);
        const float sc_1 = _cvtsh_ss(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_1 = (sc_1 * (-8.0f));
        const __m128i qs_1 = _mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 512)) * ((768 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_1_0 = kf_nibbles_u8x32(qs_1);
        acc_1_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_1_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_1 * hd[(((eoff + (m0 + 0)) * (768 / 32)) + b)])), acc_1_0_0);
        corr_1_0 = (off_1 * hs[(((eoff + (m0 + 0)) * (768 / 32)) + b)] + corr_1_0);
        const float sc_2 = _cvtsh_ss(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_2 = (sc_2 * (-8.0f));
        const __m128i qs_2 = _mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1024)) * ((768 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_2_0 = kf_nibbles_u8x32(qs_2);
        acc_2_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_2_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_2 * hd[(((eoff + (m0 + 0)) * (768 / 32)) + b)])), acc_2_0_0);
        corr_2_0 = (off_2 * hs[(((eoff + (m0 + 0)) * (768 / 32)) + b)] + corr_2_0);
        const float sc_3 = _cvtsh_ss(kf_load_u16(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (b * 18)) + 0)]));
        const float off_3 = (sc_3 * (-8.0f));
        const __m128i qs_3 = _mm_loadu_si128((const __m128i*)(&w_down[(((((ex * 2048) + (n0 + 1536)) * ((768 / 32) * 18)) + (b * 18)) + 2)]));
        const __m256i w_3_0 = kf_nibbles_u8x32(qs_3);
        acc_3_0_0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_dpbusd_epi32(_mm256_set1_epi32(0), w_3_0, _mm256_loadu_si256((const __m256i*)(&hq[(((eoff + (m0 + 0)) * 768) + ((b * 32) + 0))])))), _mm256_set1_ps((sc_3 * hd[(((eoff + (m0 + 0)) * (768 / 32)) + b)])), acc_3_0_0);
        corr_3_0 = (off_3 * hs[(((eoff + (m0 + 0)) * (768 / 32)) + b)] + corr_3_0);
      }
      part[(((eoff + (m0 + 0)) * 2048) + n0)] = (wt_0 * (kf_hsum256(_mm256_add_ps(acc_0_0_0, acc_0_0_1)) + corr_0_0));
      part[(((eoff + (m0 + 0)) * 2048) + (n0 + 512))] = (wt_0 * (kf_hsum256(_mm256_add_ps(acc_1_0_0, acc_1_0_1)) + corr_1_0));
      part[(((eoff + (m0 + 0)) * 2048) + (n0 + 1024))] = (wt_0 * (kf_hsum256(_mm256_add_ps(acc_2_0_0, acc_2_0_1)) + corr_2_0));
      part[(((eoff + (m0 + 0)) * 2048) + (n0 + 1536))] = (wt_0 * (kf_hsum256(_mm256_add_ps(acc_3_0_0, acc_3_0_1)) + corr_3_0));
    }
  }
  #pragma omp parallel for schedule(static)
  for (int32_t t = 0; t < T; t++) {
    const int32_t p_0 = pos[((t * 8) + 0)];
    const int32_t p_1 = pos[((t * 8) + 1)];
    const int32_t p_2 = pos[((t * 8) + 2)];
    const int32_t p_3 = pos[((t * 8) + 3)];
    const int32_t p_4 = pos[((t * 8) + 4)];
    const int32_t p_5 = pos[((t * 8) + 5)];
    const int32_t p_6 = pos[((t * 8) + 6)];
    const int32_t p_7 = pos[((t * 8) + 7)];
    for (int32_t h = 0; h < 2048; h++) {
      y[((t * 2048) + h)] = ((((((((0.0f + ((p_0 >= 0) ? part[((((p_0) > (0) ? (p_0) : (0)) * 2048) + h)] : 0.0f)) + ((p_1 >= 0) ? part[((((p_1) > (0) ? (p_1) : (0)) * 2048) + h)] : 0.0f)) + ((p_2 >= 0) ? part[((((p_2) > (0) ? (p_2) : (0)) * 2048) + h)] : 0.0f)) + ((p_3 >= 0) ? part[((((p_3) > (0) ? (p_3) : (0)) * 2048) + h)] : 0.0f)) + ((p_4 >= 0) ? part[((((p_4) > (0) ? (p_4) : (0)) * 2048) + h)] : 0.0f)) + ((p_5 >= 0) ? part[((((p_5) > (0) ? (p_5) : (0)) * 2048) + h)] : 0.0f)) + ((p_6 >= 0) ? part[((((p_6) > (0) ? (p_6) : (0)) * 2048) + h)] : 0.0f)) + ((p_7 >= 0) ? part[((((p_7) > (0) ? (p_7) : (0)) * 2048) + h)] : 0.0f));
    }
  }
}
