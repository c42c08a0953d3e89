/**
 * How each CPU-class target's C is compiled here (TOOLCHAINS.md): the one table the CPU builder,
 * `kforge doctor` and the runtime builder read. Adding a CPU target is one record.
 */
import type { TargetName } from '@kforge/target';
import { versionProbe, type ToolProbe } from '../util/tools.ts';

export type CpuTargetName = 'c' | 'avx2' | 'avx512' | 'neon' | 'rvv' | 'hvx';

export interface CpuToolchain {
  readonly target: CpuTargetName;
  readonly compiler: string;
  /** compile and link flags, before the sources */
  readonly flags: readonly string[];
  /** link flags, after the sources */
  readonly libs: readonly string[];
  /** false: no libc (Hexagon), so the harness brings its own `_start`, syscalls and arena */
  readonly hosted: boolean;
  /** whether `#pragma omp` runs threads on this target (honours OMP_NUM_THREADS) */
  readonly openmp: boolean;
  /** buffer alignment in bytes: 64 (a cache line, an AVX-512 register), 128 for an HVX register */
  readonly bufferAlign: number;
  /** version of the compiler, for doctor and provenance */
  readonly probe: ToolProbe;
}

const x86 = (target: CpuTargetName, isa: readonly string[]): CpuToolchain => ({
  target, compiler: 'gcc', flags: ['-O3', '-std=gnu11', ...isa, '-fopenmp'], libs: ['-lm'],
  hosted: true, openmp: true, bufferAlign: 64, probe: versionProbe('gcc'),
});

export const CPU_TOOLCHAINS: Readonly<Record<CpuTargetName, CpuToolchain>> = {
  c: x86('c', []),
  avx2: x86('avx2', ['-mavx2', '-mfma', '-mf16c']),
  avx512: x86('avx512', ['-mavx512f', '-mavx512bw', '-mavx512vl', '-mavx512vnni', '-mavx512bf16', '-mfma', '-mf16c']),
  neon: {
    target: 'neon', compiler: 'aarch64-linux-gnu-gcc',
    flags: ['-O3', '-std=gnu11', '-march=armv8.2-a+dotprod+fp16', '-fopenmp'], libs: ['-lm'],
    hosted: true, openmp: true, bufferAlign: 64, probe: versionProbe('aarch64-linux-gnu-gcc'),
  },
  // clang's OpenMP needs libomp, which Debian has not cross-built for riscv64: single-threaded
  // (clang ignores `#pragma omp` without -fopenmp), which is what qemu runs best anyway.
  rvv: {
    target: 'rvv', compiler: 'clang-19',
    flags: ['--target=riscv64-linux-gnu', '-march=rv64gcv', '-O3', '-std=gnu11', '-fuse-ld=lld'], libs: ['-lm'],
    hosted: true, openmp: false, bufferAlign: 64, probe: versionProbe('clang-19'),
  },
  hvx: {
    target: 'hvx', compiler: 'clang-19',
    flags: ['--target=hexagon-unknown-linux-musl', '-mv67', '-mhvx', '-mhvx-length=128b', '-O2', '-std=gnu11',
      '-ffreestanding', '-nostdlib', '-static', '-fuse-ld=lld'],
    libs: [], hosted: false, openmp: false, bufferAlign: 128, probe: versionProbe('clang-19'),
  },
};

export function isCpuTarget(target: TargetName): target is CpuTargetName {
  return Object.hasOwn(CPU_TOOLCHAINS, target);
}
