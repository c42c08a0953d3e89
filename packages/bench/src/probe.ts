/**
 * The bandwidth probe: a streaming read over a buffer far larger than the last-level cache, run by
 * the same executor, with the same threads, in the same process and moment as the kernel it judges.
 * It is plain C the compiler vectorizes (OpenMP reduction over independent partial sums). Each thread
 * reads four streams at once, as a gemv reads several weight rows: one stream per thread leaves the
 * hardware prefetchers idle and measured about 25% below what the kernels reach (avx2, 2 threads).
 */
import type { KernelArtifact, TargetName } from '@kforge/target';

/** concurrent read streams per thread */
const PROBE_STREAMS = 4;

const PROBE_SOURCE = `#include <stdint.h>
#include <stddef.h>
/* ${PROBE_STREAMS} streams per thread, 16 independent f32 partial sums, so the loads, not the adds, are the limit. */
void kf_read_probe(const float* restrict buf, float* restrict out, int32_t n) {
  const int32_t part = n / ${PROBE_STREAMS};
  float total = 0.0f;
  #pragma omp parallel for reduction(+:total) schedule(static)
  for (int32_t blk = 0; blk < part / 64; blk++) {
    float acc[16] = {0};
    for (int s = 0; s < ${PROBE_STREAMS}; s++) {
      const float* p = buf + (size_t)s * part + (size_t)blk * 64;
      for (int i = 0; i < 64; i += 16)
        for (int l = 0; l < 16; l++) acc[l] += p[i + l];
    }
    for (int l = 0; l < 16; l++) total += acc[l];
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
