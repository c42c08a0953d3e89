/** Synthetic results files for the compare and report tests (no timing involved). */
import { Rng } from '@kforge/ir';
import { summarize } from './stats.ts';
import { SCHEMA_VERSION, type BenchFile, type CaseResult, type Measurement } from './schema.ts';
import type { ImplName } from './baselines.ts';

export function fakeMeasurement(impl: ImplName, medianMs: number, seed: number, opts: { noise?: number; n?: number; bytes?: number; flops?: number; ceiling?: number; configSource?: Measurement['config_source'] } = {}): Measurement {
  const rng = new Rng(seed, impl);
  const noise = opts.noise ?? 0.01;
  const samples = Array.from({ length: opts.n ?? 40 }, () => medianMs * (1 + noise * (rng.uniform() - 0.5) * 2));
  const s = summarize(samples);
  const bytes = opts.bytes ?? 4e6;
  const gbps = bytes / (s.median * 1e6);
  return {
    impl, target: impl === 'kforge' ? 'avx2' : 'c', executor: 'native', executor_detail: 'native (test)', threads: 2,
    configuration: {}, config_source: opts.configSource ?? 'default', source_sha256: '0'.repeat(64), compiler: null,
    correct: true, nmse: 1e-14, nmse_bound: 1e-8,
    median_ms: s.median, min_ms: s.min, max_ms: s.max, iqr_ms: s.iqr, repeats: s.n, samples_ms: samples,
    bytes_moved: bytes, gbps, fraction_of_ceiling: gbps / (opts.ceiling ?? 20), gflops: (opts.flops ?? bytes / 2) / (s.median * 1e6),
    rotate: 1, working_set_bytes: bytes,
  };
}

export function fakeCase(id: string, measurements: Measurement[]): CaseResult {
  const speedup: Partial<Record<ImplName, number>> = {};
  for (const m of measurements.slice(1)) speedup[m.impl] = m.median_ms / measurements[0]!.median_ms;
  return { id, op: 'gemv', layer: 'test', phase: 'decode', params: { M: 1, N: 1000, K: 1000 }, status: 'ok', reason: null, measurements, speedup };
}

export function fakeFile(results: CaseResult[], ceiling = 20): BenchFile {
  return {
    schema_version: SCHEMA_VERSION, kind: 'suite', suite: 'test-suite', target: 'avx2', threads: 2,
    affinity: { OMP_PROC_BIND: 'close', OMP_PLACES: 'cores' }, seed: 1,
    protocol: { min_time_ms: 300, rounds: 3, discard: 2, statistic: 'median', l3_bytes: 32 << 20 },
    ceilings: [{ name: 'read_probe', when: 'start', gbps: ceiling, bytes: 1 << 29, chunk_bytes: 1 << 24, median_ms: 0.84, iqr_ms: 0.01 }, { name: 'read_probe', when: 'end', gbps: ceiling * 0.97, bytes: 1 << 29, chunk_bytes: 1 << 24, median_ms: 0.86, iqr_ms: 0.01 }],
    ceiling_gbps: ceiling,
    provenance: {
      build_commit: 'f'.repeat(40), build_dirty: false, kforge_version: '0.1.0', command: ['kforge', 'bench', 'run', 'test-suite'],
      started_at: '2026-11-29T18:00:00.000Z', finished_at: '2026-11-29T18:01:00.000Z', cpu_info: 'Test CPU, 2 cores', gpu_info: null,
      machine: { cpu_model: 'Test CPU', isa_flags: ['avx2', 'fma'], cores: 2, memory_bytes: 1 << 30, l3_bytes: 32 << 20, os: 'linux', node: 'v20', gpus: [] },
      load_average: { start: [0.1, 0.1, 0.1], end: [0.2, 0.1, 0.1] },
    },
    results,
  };
}
