/**
 * The eleven targets (SPEC section 5), with the three axes kept apart: what ISA features the code
 * may use, which language is emitted, and which executors can prove it on a device or emulator.
 */
export type TargetName = 'c' | 'avx2' | 'avx512' | 'neon' | 'rvv' | 'hvx' | 'opencl' | 'vulkan' | 'wgsl' | 'cuda' | 'metal';

/** Lowerings are written per class, not per target. */
export type TargetClass = 'cpu-scalar' | 'cpu-simd' | 'cpu-scalable' | 'dsp-hvx' | 'simt';

export type Language = 'c' | 'cuda' | 'opencl' | 'glsl' | 'wgsl' | 'msl';

export type ExecutorName =
  | 'native' | 'qemu-aarch64' | 'qemu-riscv64' | 'qemu-hexagon'
  | 'pocl' | 'lavapipe' | 'dawn' | 'metal-emu' | 'gpu-bundle';

export interface TargetDesc {
  readonly name: TargetName;
  readonly doc: string;
  readonly class: TargetClass;
  readonly language: Language;
  /** ISA features the generated code may use */
  readonly features: readonly string[];
  /** fixed vector register width in bits; 'scalable' for RVV; 0 for SIMT/scalar */
  readonly vectorBits: number | 'scalable';
  /** executors that can run this target, in order of preference */
  readonly executors: readonly ExecutorName[];
}

export const TARGETS: Readonly<Record<TargetName, TargetDesc>> = {
  c: { name: 'c', doc: 'portable C11', class: 'cpu-scalar', language: 'c', features: [], vectorBits: 0, executors: ['native'] },
  avx2: { name: 'avx2', doc: 'C + AVX2/FMA/F16C intrinsics', class: 'cpu-simd', language: 'c',
    features: ['avx2', 'fma', 'f16c'], vectorBits: 256, executors: ['native'] },
  avx512: { name: 'avx512', doc: 'C + AVX-512 F/BW/VL/VNNI/BF16 intrinsics', class: 'cpu-simd', language: 'c',
    features: ['avx512f', 'avx512bw', 'avx512vl', 'avx512vnni', 'avx512bf16', 'fma', 'f16c'], vectorBits: 512, executors: ['native'] },
  neon: { name: 'neon', doc: 'C + NEON intrinsics (armv8.2-a + dotprod + fp16)', class: 'cpu-simd', language: 'c',
    features: ['neon', 'dotprod', 'fp16'], vectorBits: 128, executors: ['qemu-aarch64'] },
  rvv: { name: 'rvv', doc: 'C + RVV 1.0 intrinsics, vector-length agnostic', class: 'cpu-scalable', language: 'c',
    features: ['v'], vectorBits: 'scalable', executors: ['qemu-riscv64'] },
  hvx: { name: 'hvx', doc: 'C + Hexagon HVX 128-byte intrinsics', class: 'dsp-hvx', language: 'c',
    features: ['hvx-128b', 'v67'], vectorBits: 1024, executors: ['qemu-hexagon'] },
  opencl: { name: 'opencl', doc: 'OpenCL C 1.2', class: 'simt', language: 'opencl', features: [], vectorBits: 0, executors: ['pocl', 'gpu-bundle'] },
  vulkan: { name: 'vulkan', doc: 'GLSL 450 compute -> SPIR-V', class: 'simt', language: 'glsl', features: [], vectorBits: 0, executors: ['lavapipe', 'gpu-bundle'] },
  wgsl: { name: 'wgsl', doc: 'WGSL compute', class: 'simt', language: 'wgsl', features: [], vectorBits: 0, executors: ['dawn'] },
  cuda: { name: 'cuda', doc: 'CUDA C++ (sm_80, sm_90)', class: 'simt', language: 'cuda', features: ['sm_80', 'sm_90', 'dp4a'], vectorBits: 0, executors: ['gpu-bundle'] },
  metal: { name: 'metal', doc: 'Metal Shading Language', class: 'simt', language: 'msl', features: ['simdgroup'], vectorBits: 0, executors: ['metal-emu'] },
};

export const TARGET_NAMES = Object.keys(TARGETS) as TargetName[];

export function isTargetName(s: string): s is TargetName {
  return Object.hasOwn(TARGETS, s);
}
