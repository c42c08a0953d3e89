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
