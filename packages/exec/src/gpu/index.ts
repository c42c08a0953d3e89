/** GPU-class executors: OpenCL on PoCL, Vulkan on lavapipe, and bundles for the GPU machine. */
export { poclExecutor } from './pocl.ts';
export { lavapipeExecutor, LLVMPIPE_ENV } from './lavapipe.ts';
export {
  gpuBundleExecutor, writeGpuBundle, readGpuBundleResults, compileCudaHere, CUDA_ARCH_FLAGS,
  type GpuBundleCase, type GpuBundleOptions, type GpuBundleManifest, type GpuBundleManifestCase,
  type GpuBundleCaseResult, type GpuBundleStatus,
} from './bundle.ts';
export { writeCudaBaselines, CUDA_BASELINES_SOURCE } from './bundle.ts';
export { attentionGeneratedInputs, ATTENTION_EXPONENTS, generatedBytes, fillInitializer, gemvGeneratedInputs, GEMV_EXPONENTS, weightGeneratedInputs, GENERATE_HEADER_PATH, type Fill, type GeneratedInput } from './generate.ts';
export { compileGlsl, glslFileFor, spvFileFor } from './harness.ts';
