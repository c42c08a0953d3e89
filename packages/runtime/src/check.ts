/**
 * kforge_check.c: a C program that runs a built library's gemv entry points on a folder of cases and
 * judges each (status, dispatch choice, nmse against the float64 reference), then its invalid calls,
 * and any entry point's calls through kf_call (calls.txt: attention, gated_delta_rule, moe);
 * it needs no kforge where it runs (the GPU machine).
 */
import { FORMATS, type WeightFormatName } from '@kforge/ir';
import { gemvEntryName, type Activation } from './policies/gemv.ts';
import { runtimeTemplate } from './templates.ts';

/** One entry point a check program calls: kf_gemv_<format>[_xf16]. */
export interface CheckEntry {
  readonly format: WeightFormatName;
  readonly act: Activation;
}

/**
 * `target` picks how buffers are made: host memory (CPU targets), cudaMalloc, cl_mem or VkBuffer; with no
 * gemv `entries` the program runs calls.txt only (kf_call of any entry point).
 */
export function runtimeCheckSource(target: string, entries: readonly CheckEntry[]): string {
  const gpu = target === 'cuda' || target === 'opencl' || target === 'vulkan';
  const view = entries.map((e) => {
    const f = FORMATS[e.format];
    const block = f.kind === 'dense' ? 1 : f.block;
    return {
      format: e.format, act: e.act, name: gemvEntryName(e.format, e.act),
      callArgs: (f.kind === 'planar' ? ['x', 'W', 'W_scale', 'W_min', 'bias', 'y'] : ['x', 'W', 'bias', 'y']).join(', '),
      goodK: Math.max(32, block), badK: block > 1 ? block + block / 2 : 0,
    };
  });
  const apiName = target === 'cuda' ? 'CUDA' : target === 'opencl' ? 'OpenCL' : target === 'vulkan' ? 'Vulkan' : 'the host (CPU target)';
  return runtimeTemplate('kforge_check.c.hbs')({
    target, apiName, gpu, cpu: !gpu, cuda: target === 'cuda', opencl: target === 'opencl', vulkan: target === 'vulkan',
    entries: view, first: view[0] ?? false,
  });
}
