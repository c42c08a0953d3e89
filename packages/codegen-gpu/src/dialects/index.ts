import type { Dialect } from '@kforge/codegen-core';
import { CUDA_DIALECT } from './cuda.ts';
import { GLSL_DIALECT } from './glsl.ts';
import { MSL_DIALECT } from './msl.ts';
import { OPENCL_DIALECT } from './opencl.ts';

/** The C-family GPU languages as dialects of the shared printer (WGSL has its own printer). */
export const GPU_DIALECTS: Readonly<Record<'cuda' | 'opencl' | 'vulkan' | 'metal', Dialect>> = {
  cuda: CUDA_DIALECT,
  opencl: OPENCL_DIALECT,
  vulkan: GLSL_DIALECT,
  metal: MSL_DIALECT,
};

export { CUDA_DIALECT, GLSL_DIALECT, MSL_DIALECT, OPENCL_DIALECT };
