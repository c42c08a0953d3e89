/**
 * The bandwidth probe: a streaming read over a buffer far larger than the last-level cache, run by
 * the same executor, with the same threads, in the same process and moment as the kernel it judges.
 * It is plain C the compiler vectorizes (OpenMP reduction over independent partial sums).
 */
import type { KernelArtifact, TargetName } from '@kforge/target';

const PROBE_SOURCE = `#include <stdint.h>
#include <stddef.h>
/* 16 independent f32 partial sums per thread so the loads, not the adds, are the limit. */
void kf_read_probe(const float* restrict buf, float* restrict out, int32_t n) {
  float total = 0.0f;
  #pragma omp parallel for reduction(+:total) schedule(static)
  for (int32_t blk = 0; blk < n / 256; blk++) {
    float acc[16] = {0};
    const float* p = buf + (size_t)blk * 256;
    for (int i = 0; i < 256; i += 16)
      for (int l = 0; l < 16; l++) acc[l] += p[i + l];
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
