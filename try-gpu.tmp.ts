import { renderKernel } from '@kforge/codegen-core';
import { lowerGemvSimt } from './packages/codegen-gpu/src/gemv/lower-simt.ts';
import { resolveGemvConfig, SIMT_CAPS } from './packages/codegen-gpu/src/gemv/knobs.ts';
import { CUDA_DIALECT } from './packages/codegen-gpu/src/dialects/cuda.ts';
const params = JSON.parse(process.argv[2]);
const cfg = resolveGemvConfig('cuda', params, JSON.parse(process.argv[3] ?? '{}'));
for (const k of lowerGemvSimt(params, cfg, SIMT_CAPS.cuda)) console.log(renderKernel(k, CUDA_DIALECT));
