/*
 * kforge input generator: inputs too large to carry in a bundle are filled on the device instead.
 * Every byte is a pure function of (fill, stream, byte index), so the development machine regenerates
 * any slice of it exactly (packages/exec/src/gpu/generate.ts mirrors this file). Values are exact in
 * their type: a "normal" element is n * 2^exponent with n = (sum of 4 random bytes) - 510, a
 * "positive" one (256 + byte) * 2^(exponent - 8), in [2^exponent, 2^(exponent + 1)). A bf16 "normal"
 * element is the f32 one cut to its upper 16 bits (bf16 keeps 8 significant bits, n may need 9). A
 * "uniform" f32 element is (r & 0xffff) * 2^(exponent - 16), in [0, 2^exponent), or its negation.
 * Plain C (the test compiles it with gcc) and CUDA (KF_HD marks the functions host and device).
 */
#ifndef KFORGE_GENERATE_H
#define KFORGE_GENERATE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __CUDACC__
#define KF_HD __host__ __device__ __forceinline__
#else
#define KF_HD static inline
#endif

enum { KF_FILL_CARRIED = 0, KF_FILL_BYTES = 1, KF_FILL_NORMAL = 2, KF_FILL_POSITIVE = 3, KF_FILL_BLOCKS = 4, KF_FILL_NORMAL_BF16 = 5,
       KF_FILL_UNIFORM = 6, KF_FILL_UNIFORM_NEGATIVE = 7 };
#define KF_MAX_FIELDS 2

/* A fill: KF_FILL_NORMAL/POSITIVE of elem_bytes 2 (f16) or 4 (f32, normal only); KF_FILL_NORMAL_BF16
 * (elem_bytes 2); KF_FILL_BLOCKS:
 * random bytes except f16 fields at fixed offsets of each block_bytes block (scales, mins). */
struct kf_fill {
  int kind;
  int elem_bytes;
  int exponent;
  int block_bytes;
  int field_count;
  int field_offset[KF_MAX_FIELDS];
  int field_kind[KF_MAX_FIELDS];
  int field_exponent[KF_MAX_FIELDS];
};

/* lowbias32 (Chris Wellons' integer hash constants) */
KF_HD uint32_t kf_hash32(uint32_t x) {
  x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
  return x;
}

KF_HD uint32_t kf_random(uint32_t stream, uint32_t index) { return kf_hash32(index ^ kf_hash32(stream)); }

/* the bits of n * 2^e for |n| < 2048 in f16 (mant_bits 10, bias 15), |n| < 2^24 in f32 (23, 127); exact */
KF_HD uint32_t kf_exact_bits(int n, int e, int mant_bits, int bias) {
  if (n == 0) return 0;
  uint32_t sign = n < 0 ? 1u : 0u;
  uint32_t a = (uint32_t)(n < 0 ? -n : n);
  int p = 0;
  while ((a >> (p + 1)) != 0) p++;
  uint32_t mant = (a << (mant_bits - p)) & ((1u << mant_bits) - 1u);
  uint32_t expo = (uint32_t)(p + e + bias);
  return sign << (mant_bits == 10 ? 15 : 31) | expo << mant_bits | mant;
}

KF_HD uint32_t kf_element_bits(int kind, int elem_bytes, int exponent, uint32_t r) {
  const int mant_bits = elem_bytes == 2 ? 10 : 23, bias = elem_bytes == 2 ? 15 : 127;
  if (kind == KF_FILL_UNIFORM || kind == KF_FILL_UNIFORM_NEGATIVE)
    return kf_exact_bits((kind == KF_FILL_UNIFORM ? 1 : -1) * (int)(r & 0xffffu), exponent - 16, 23, 127);
  if (kind == KF_FILL_POSITIVE) return kf_exact_bits(256 + (int)(r & 255u), exponent - 8, mant_bits, bias);
  const int n = (int)(r & 255u) + (int)(r >> 8 & 255u) + (int)(r >> 16 & 255u) + (int)(r >> 24) - 510;
  return kf_exact_bits(n, exponent, mant_bits, bias);
}

KF_HD uint32_t kf_generated_byte(const struct kf_fill *f, uint32_t stream, uint64_t i) {
  if (f->kind == KF_FILL_NORMAL || f->kind == KF_FILL_POSITIVE || f->kind == KF_FILL_UNIFORM || f->kind == KF_FILL_UNIFORM_NEGATIVE) {
    const uint32_t e = (uint32_t)(i / (uint64_t)f->elem_bytes);
    const uint32_t bits = kf_element_bits(f->kind, f->elem_bytes, f->exponent, kf_random(stream, e));
    return bits >> (8 * (uint32_t)(i % (uint64_t)f->elem_bytes)) & 255u;
  }
  if (f->kind == KF_FILL_NORMAL_BF16) {
    const uint32_t bits = kf_element_bits(KF_FILL_NORMAL, 4, f->exponent, kf_random(stream, (uint32_t)(i / 2u))) >> 16;
    return bits >> (8 * (uint32_t)(i % 2u)) & 255u;
  }
  if (f->kind == KF_FILL_BLOCKS) {
    const uint32_t block = (uint32_t)(i / (uint64_t)f->block_bytes);
    const int offset = (int)(i % (uint64_t)f->block_bytes);
    for (int k = 0; k < f->field_count; k++) {
      if (offset == f->field_offset[k] || offset == f->field_offset[k] + 1) {
        const uint32_t r = kf_random(stream ^ (0xa5a50000u + (uint32_t)k), block);
        return kf_element_bits(f->field_kind[k], 2, f->field_exponent[k], r) >> (8 * (offset - f->field_offset[k])) & 255u;
      }
    }
  }
  return kf_random(stream, (uint32_t)(i >> 2)) >> (8 * (uint32_t)(i & 3)) & 255u;
}

/* bytes [0, bytes) of dst on the CPU, as kf_generate_kernel writes them on the device (the OpenCL
 * and Vulkan hosts fill their generated inputs with it); whole elements at a time where it can */
static inline void kf_generate_host(unsigned char *dst, size_t bytes, const struct kf_fill *f, uint32_t stream) {
  size_t i = 0;
  if (f->kind == KF_FILL_NORMAL || f->kind == KF_FILL_POSITIVE || f->kind == KF_FILL_NORMAL_BF16 ||
      f->kind == KF_FILL_UNIFORM || f->kind == KF_FILL_UNIFORM_NEGATIVE) {
    const int eb = f->kind == KF_FILL_NORMAL_BF16 ? 2 : f->elem_bytes;
    for (; i + (size_t)eb <= bytes; i += (size_t)eb) {
      const uint32_t r = kf_random(stream, (uint32_t)(i / (size_t)eb));
      const uint32_t bits = f->kind == KF_FILL_NORMAL_BF16 ? kf_element_bits(KF_FILL_NORMAL, 4, f->exponent, r) >> 16
                                                          : kf_element_bits(f->kind, eb, f->exponent, r);
      for (int b = 0; b < eb; b++) dst[i + (size_t)b] = (unsigned char)(bits >> (8 * b) & 255u);
    }
  }
  for (; i < bytes; i++) dst[i] = (unsigned char)kf_generated_byte(f, stream, (uint64_t)i);
}

#ifdef __CUDACC__
/* bytes [0, words * 4) of dst, one u32 per thread step */
__global__ void kf_generate_kernel(uint32_t *dst, size_t words, struct kf_fill fill, uint32_t stream) {
  for (size_t w = (size_t)blockIdx.x * blockDim.x + threadIdx.x; w < words; w += (size_t)gridDim.x * blockDim.x) {
    uint32_t v = 0;
    for (int b = 0; b < 4; b++) v |= kf_generated_byte(&fill, stream, 4 * (uint64_t)w + (uint64_t)b) << (8 * b);
    dst[w] = v;
  }
}
#endif

#endif
