/**
 * The bandwidth probe: a streaming read over rotated 8 MiB chunks (1 GiB in all by default, past the
 * last-level cache), run by the same executor, with the kernel's threads (its 0: one per core), in the
 * same process and moment as the kernel it judges. It is plain C the compiler vectorizes: each thread
 * reads four streams at once, as a gemv reads several weight rows (one stream per thread left the
 * hardware prefetchers idle), into 4 x 32 f32 partial sums kept in registers over the thread's whole
 * range: sums folded into a scalar every 1 KiB made a dependent chain that capped it per thread
 * (docs/results/2026-12-01-timing-truth).
 *
 * What it is: the read bandwidth this simple loop reaches now, a reference for "fraction of the read
 * probe", not a proven ceiling: a kernel with better prefetch distance or non-temporal hints can
 * still pass it by a few percent, and the JSON keeps its historical name (ceilings[].name
 * 'read_probe', fraction_of_ceiling).
 */
import type { KernelArtifact, TargetName } from '@kforge/target';

/** concurrent read streams per thread */
const PROBE_STREAMS = 4;

const PROBE_SOURCE = `#include <stdint.h>
#include <stddef.h>
/* ${PROBE_STREAMS} streams per thread, each with its own 2 x 16 f32 partial sums kept in registers across
   the thread's whole range (independent add chains, one horizontal sum per thread), so the loads, not
   the adds, are the limit. */
void kf_read_probe(const float* restrict buf, float* restrict out, int32_t n) {
  const int32_t part = n / ${PROBE_STREAMS};
  float total = 0.0f;
  #pragma omp parallel reduction(+:total)
  {
    float acc[${PROBE_STREAMS}][32];
    for (int s = 0; s < ${PROBE_STREAMS}; s++)
      for (int l = 0; l < 32; l++) acc[s][l] = 0.0f;
    #pragma omp for schedule(static)
    for (int32_t blk = 0; blk < part / 64; blk++) {
      for (int s = 0; s < ${PROBE_STREAMS}; s++) {
        const float* p = buf + (size_t)s * part + (size_t)blk * 64;
        for (int l = 0; l < 32; l++) acc[s][l] += p[l] + p[32 + l];
      }
    }
    for (int s = 0; s < ${PROBE_STREAMS}; s++)
      for (int l = 0; l < 32; l++) total += acc[s][l];
  }
  out[0] = total;
}
`;

/** A read-bandwidth probe artifact over `bytes` (rounded down to 1 KiB) for a CPU target. */
export function readProbeArtifact(target: TargetName, bytes: number, threads: number): KernelArtifact {
  const n = Math.floor(bytes / 1024) * 256;
  return {
    op: 'probe', target, params: { bytes: n * 4 }, config: {}, language: 'c',
    files: { 'probe.c': PROBE_SOURCE },
    buffers: [
      { name: 'buf', elem: 'f32', bytes: n * 4, role: 'in' },
      { name: 'out', elem: 'f32', bytes: 4, role: 'out' },
    ],
    scalars: [{ name: 'n', type: 'i32', value: n }],
    dispatches: [{ entry: 'kf_read_probe', args: ['buf', 'out', 'n'] }],
    threads,
  };
}

/**
 * The FMA-peak probe: on every thread of the run, independent chains of vector multiply-adds
 * (acc = acc * a + b) on as many accumulators as keep both FMA ports busy through their latency,
 * in the widest vectors the target's flags allow: AVX-512 zmm FMAs (16 lanes), AVX2 ymm FMAs (8),
 * else 4-lane vectors the compiler emits as it can (target c: SSE multiply and add, no FMA flags).
 * The multiplier below 1 and the small addend keep every value normal and bounded. It writes the
 * FLOPs it did (2 per lane per multiply-add, summed over the threads that ran) to out[0], the lanes
 * to out[1] and a checksum to out[2], so the caller divides by the time without knowing the thread
 * count OpenMP chose. A reference for compute-bound kernels (prefill), like the read probe's.
 */
const FMA_SOURCE = `#include <stdint.h>
#if defined(__AVX512F__)
#include <immintrin.h>
typedef __m512 kf_vec;
#define KF_LANES 16
#define KF_ACCS 24
#define KF_SPLAT(x) _mm512_set1_ps(x)
#define KF_MADD(c, a, b) _mm512_fmadd_ps(c, a, b)
static float kf_sum(kf_vec v) { return _mm512_reduce_add_ps(v); }
#elif defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
typedef __m256 kf_vec;
#define KF_LANES 8
#define KF_ACCS 12
#define KF_SPLAT(x) _mm256_set1_ps(x)
#define KF_MADD(c, a, b) _mm256_fmadd_ps(c, a, b)
static float kf_sum(kf_vec v) { float t[8]; _mm256_storeu_ps(t, v); return t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6] + t[7]; }
#else
typedef float kf_vec __attribute__((vector_size(16)));
#define KF_LANES 4
#define KF_ACCS 12
#define KF_SPLAT(x) ((kf_vec){ (x), (x), (x), (x) })
#define KF_MADD(c, a, b) ((c) * (a) + (b))
static float kf_sum(kf_vec v) { return v[0] + v[1] + v[2] + v[3]; }
#endif

void kf_fma_peak(float *restrict out, int32_t iters) {
  double flops = 0.0;
  float check = 0.0f;
  #pragma omp parallel reduction(+:flops, check)
  {
    const kf_vec a = KF_SPLAT(0.999f), b = KF_SPLAT(1e-3f);
    kf_vec acc[KF_ACCS];
    for (int i = 0; i < KF_ACCS; i++) acc[i] = KF_SPLAT(0.5f + 0.01f * (float)i);
    for (int32_t it = 0; it < iters; it++) {
      #pragma GCC unroll 32
      for (int i = 0; i < KF_ACCS; i++) acc[i] = KF_MADD(acc[i], a, b);
    }
    for (int i = 0; i < KF_ACCS; i++) check += kf_sum(acc[i]);
    flops += 2.0 * KF_LANES * KF_ACCS * (double)iters;
  }
  out[0] = (float)flops;
  out[1] = (float)KF_LANES;
  out[2] = check;
}
`;

/** what the FMA probe's vectors are on a target (its flags), for the report */
export function fmaProbeIsa(target: TargetName): string {
  if (target === 'avx512') return 'AVX-512 FMA (zmm, 24 accumulators)';
  if (target === 'avx2') return 'AVX2 FMA (ymm, 12 accumulators)';
  return 'portable 4-lane vectors (no ISA flags: multiply and add as the compiler emits them)';
}

/** An FMA-peak probe artifact for a CPU target: `iters` multiply-adds per accumulator and thread per call. */
export function fmaProbeArtifact(target: TargetName, threads: number, iters = 1 << 19): KernelArtifact {
  return {
    op: 'probe', target, params: { iters }, config: {}, language: 'c',
    files: { 'fma_probe.c': FMA_SOURCE },
    buffers: [{ name: 'out', elem: 'f32', bytes: 12, role: 'out' }],
    scalars: [{ name: 'iters', type: 'i32', value: iters }],
    dispatches: [{ entry: 'kf_fma_peak', args: ['out', 'iters'] }],
    threads,
  };
}

/**
 * The cache probe: the bandwidth of the cache level a small working set lives in, for a case whose
 * inputs are not rotated (a decode step's recurrent state left in cache). Each thread reads its
 * static share of `src` and writes its share of `dst` (a scaled copy: the multiplier keeps the
 * compiler from calling memcpy), as a state update reads s0 and writes s; every timed repeat runs
 * over the same buffers, so after the first they are served from the cache they fit in. Bytes
 * counted: read plus written, the same bytes a decode case's GB/s counts. Like the read probe, a
 * reference measured now with the kernel's threads, not a proven bound.
 */
const CACHE_PROBE_SOURCE = `#include <stdint.h>
#include <stddef.h>
void kf_cache_probe(const float* restrict src, float* restrict dst, int32_t n, float a) {
  #pragma omp parallel for schedule(static)
  for (int32_t blk = 0; blk < n / 64; blk++) {
    const float* s = src + (size_t)blk * 64;
    float* d = dst + (size_t)blk * 64;
    for (int l = 0; l < 64; l++) d[l] = s[l] * a;
  }
}
`;

/** A cache-probe artifact that reads `bytes` and writes `bytes` per call (rounded down to 256 B), on `threads` threads. */
export function cacheProbeArtifact(target: TargetName, bytes: number, threads: number): KernelArtifact {
  const n = Math.max(64, Math.floor(bytes / 256) * 64);
  return {
    op: 'probe', target, params: { bytes: 2 * n * 4 }, config: {}, language: 'c',
    files: { 'cache_probe.c': CACHE_PROBE_SOURCE },
    buffers: [
      { name: 'src', elem: 'f32', bytes: n * 4, role: 'in' },
      { name: 'dst', elem: 'f32', bytes: n * 4, role: 'out' },
    ],
    scalars: [{ name: 'n', type: 'i32', value: n }, { name: 'a', type: 'f32', value: 1 }],
    dispatches: [{ entry: 'kf_cache_probe', args: ['src', 'dst', 'n', 'a'] }],
    threads,
  };
}
