/**
 * The files of a GPU runtime library (cuda, opencl, vulkan): the shared header and dispatch
 * (generate.ts), the launch tables and call logic common to the three APIs (kforge_gpu.c), the API's
 * host side (kforge_<api>.c) and the kernels: CUDA translation units compiled by nvcc, OpenCL program
 * sources embedded as strings, SPIR-V embedded as words.
 */
import { sizeParams } from '@kforge/ir';
import type { DispatchPolicy, GpuLaunch, GpuRuntimeKernel, GpuRuntimeSpec, GpuTargetName, RuntimeEntry } from './model.ts';
import { entrySlot } from './entries.ts';
import {
  ABI_VERSION, argSource, cStringLiteral, cmakeList, commonFiles, entrySizeToC, kernelEntry, libraryEntries, type BufferStyle,
} from './generate.ts';
import { commentSafe, configJson, runtimeTemplate } from './templates.ts';

interface GpuApi {
  readonly apiName: string;
  readonly bufferType: string;
  readonly style: BufferStyle;
  readonly buildWord: string;
  /** CMake: what find_package finds, what the library links, the languages and version it needs */
  readonly packages: readonly string[];
  readonly libs: readonly string[];
  readonly apiPackage: string;
  readonly languages: string;
  readonly apiIncludes: readonly string[];
  readonly initDecl: string;
  readonly apiDecls: readonly string[];
  /** header comment lines (each starting with " *") */
  readonly apiDoc: string;
}

const doc = (text: string): string => text.trim().split('\n').map((l) => ` * ${l.trim()}`.trimEnd()).join('\n');

export const GPU_APIS: Readonly<Record<GpuTargetName, GpuApi>> = {
  cuda: {
    apiName: 'CUDA', bufferType: 'void*', style: { kind: 'pointer' }, buildWord: 'module (loaded by the CUDA runtime and checked to have code for the GPU)',
    packages: ['CUDAToolkit', 'Threads'], libs: ['CUDA::cudart', 'Threads::Threads'], apiPackage: 'the CUDA toolkit: nvcc and the runtime library',
    languages: 'C CUDA', apiIncludes: ['#include <cuda_runtime_api.h>'],
    initDecl: `/**
 * Binds the library to the calling thread's current CUDA device and to \`stream\` (0: the legacy
 * default stream). Calls may come from any thread: the library switches to that device for them.
 * Calling it again re-binds (and frees the scratch).
 */
int kf_init(cudaStream_t stream);`,
    apiDecls: [],
    apiDoc: doc(`
      Buffers are CUDA device pointers, as with cuBLAS: x, W, the planes, bias and y live on the device
      (cudaMalloc, or managed or mapped pinned memory), so weights are uploaded once and a call moves
      nothing over PCIe. A call only enqueues its launches (and padding copies) on the kf_init stream and
      returns, like a kernel launch: synchronize the stream before reading y on the host. Plain host
      memory is refused with KF_ERR_BAD_BUFFER before anything is launched (it would fault the
      context); the CUDA runtime cannot tell an allocation's size, so the sizes are the caller's to get
      right: each tensor's bytes rounded up to a multiple of 4 (kernels read 32-bit words; cudaMalloc's
      allocations always are). Kernels are built for sm_80 and sm_90 (KFORGE_CUDA_ARCHITECTURES in CMake).`),
  },
  opencl: {
    apiName: 'OpenCL', bufferType: 'cl_mem', style: { kind: 'handle', type: 'cl_mem' }, buildWord: 'program (built from the embedded OpenCL C)',
    packages: ['OpenCL', 'Threads'], libs: ['OpenCL::OpenCL', 'Threads::Threads'], apiPackage: 'an OpenCL ICD loader and headers',
    languages: 'C',
    apiIncludes: ['#ifndef CL_TARGET_OPENCL_VERSION', '#define CL_TARGET_OPENCL_VERSION 120', '#endif', '#include <CL/cl.h>'],
    initDecl: `/**
 * Uses the caller's context, device and (in-order) queue, retained until kf_teardown; or, with all
 * three NULL, creates its own on the first device of the first platform whose name contains
 * $KF_OPENCL_PLATFORM (any platform when unset): kf_opencl_context/device/queue return them, to
 * create buffers with. KF_ERR_DEVICE when the queue is out-of-order or of another context.
 */
int kf_init(cl_context context, cl_device_id device, cl_command_queue queue);`,
    apiDecls: [
      '/** the kf_init handles (NULL before kf_init) */',
      'cl_context kf_opencl_context(void);',
      'cl_device_id kf_opencl_device(void);',
      'cl_command_queue kf_opencl_queue(void);',
    ],
    apiDoc: doc(`
      Buffers are cl_mem objects of the kf_init context, each at least as large as the shape needs,
      rounded up to a multiple of 4 bytes as kernels read 32-bit words (checked with clGetMemObjectInfo:
      KF_ERR_BAD_BUFFER otherwise), so weights stay on the device. A
      call enqueues its kernels (and padding copies) on the kf_init queue and returns: y is ready after
      clFinish, or for a blocking clEnqueueReadBuffer on the same queue. The queue must be in-order.
      Each kernel's OpenCL C is embedded in the library and built for the device once.`),
  },
  vulkan: {
    apiName: 'Vulkan', bufferType: 'VkBuffer', style: { kind: 'handle', type: 'VkBuffer' }, buildWord: 'compute pipelines (from the embedded SPIR-V)',
    packages: ['Vulkan', 'Threads'], libs: ['Vulkan::Vulkan', 'Threads::Threads'], apiPackage: 'the Vulkan loader and headers',
    languages: 'C', apiIncludes: ['#include <vulkan/vulkan.h>'],
    initDecl: `/**
 * Uses the caller's physical device, device and queue (of family queue_family, with compute); or,
 * with all three VK_NULL_HANDLE, creates its own instance and device on the device whose name
 * contains $KF_VULKAN_DEVICE, else the first discrete GPU, else the first: kf_vulkan_* return them,
 * to create buffers with. The device must support Vulkan 1.1 (and subgroup arithmetic in compute
 * shaders for kernels tuned to use it: KF_ERR_DEVICE names the kernel otherwise).
 */
int kf_init(VkPhysicalDevice physical_device, VkDevice device, VkQueue queue, uint32_t queue_family);`,
    apiDecls: [
      '/** the kf_init handles (VK_NULL_HANDLE before kf_init; the instance only when the library created it) */',
      'VkInstance kf_vulkan_instance(void);',
      'VkPhysicalDevice kf_vulkan_physical_device(void);',
      'VkDevice kf_vulkan_device(void);',
      'VkQueue kf_vulkan_queue(void);',
      'uint32_t kf_vulkan_queue_family(void);',
    ],
    apiDoc: doc(`
      Buffers are VkBuffer handles of the kf_init device, bound to memory, with usage STORAGE_BUFFER
      (x also TRANSFER_SRC and y TRANSFER_DST: smaller M is padded by copies). Device buffers rather than
      host pointers because a GEMV reads its weights once per call: staging W through host memory on
      every call would cost far more than the kernel, while an embedding engine already keeps W in a
      VkBuffer. Vulkan cannot tell a buffer's size from its handle: the sizes are the caller's to get
      right, each tensor's bytes rounded up to a multiple of 4 (kernels read 32-bit words; moe's ids,
      read back for their check, also need TRANSFER_SRC). A call records its copies and dispatches into the library's own command buffer, submits
      it to the kf_init queue and waits for it, so y is ready when it returns; barriers order it after
      the caller's earlier work on that queue and make y visible to later commands and to host reads.
      The SPIR-V (Vulkan 1.1) was compiled from the generated GLSL when the library was generated.`),
  },
};

/** the largest scalar and tensor counts the launch argument encoding takes (kforge_gpu.c: KF_ARG_SCALAR, KF_ARG_SCRATCH) */
const ARG_KINDS = 32;

function checkKernel(target: GpuTargetName, k: GpuRuntimeKernel, entry: RuntimeEntry): void {
  const where = `${target} kernel ${k.symbol}`;
  if (k.launches.length === 0) throw new Error(`${where}: no launches`);
  if (k.compiledScalar !== undefined) {
    const slot = entrySlot(entry, k.compiledScalar);
    if (slot?.kind !== 'scalar') throw new Error(`${where}: compiled-in '${k.compiledScalar}' is not a scalar of ${entry.name}`);
    const s = entry.scalars[slot.index]!;
    if (k.rows < (s.min ?? 1) || (s.max !== undefined && k.rows > s.max)) throw new Error(`${where}: ${s.name} compiled in at ${k.rows}, outside ${s.min ?? 1}..${s.max ?? ''}`);
    // padding copies a smaller call into the leading part of the kernel's buffers: only a leading dimension pads so
    for (const t of entry.tensors) {
      const names = t.shape.map((d) => sizeParams(d).includes(s.name));
      if (names.some((n, i) => n && (i > 0 || t.shape[0] !== s.name))) throw new Error(`${where}: tensor ${t.name} is not led by the compiled-in ${s.name}, so it cannot be padded`);
    }
  }
  const scratch = k.scratch.map((x) => x.name);
  for (const l of k.launches) {
    for (const a of l.args) argSource(entry, k.symbol, a, scratch);
    const bytes = l.dynamicSharedBytes ?? 0;
    if (!Number.isInteger(bytes) || bytes < 0) throw new Error(`${where}: launch ${l.entry} has dynamicSharedBytes ${bytes}`);
    // OpenCL and Vulkan size workgroup arrays in the source: a launch has nowhere to pass them
    if (bytes > 0 && target !== 'cuda') {
      throw new Error(`${where}: launch ${l.entry} takes ${bytes} bytes of dynamic shared memory, a CUDA launch parameter ${GPU_APIS[target].apiName} has no equivalent of`);
    }
  }
  if (target === 'vulkan') {
    if (!k.spirv?.length) throw new Error(`${where}: no SPIR-V`);
    for (const l of k.launches) if (!k.spirv[l.module]) throw new Error(`${where}: launch ${l.entry} names SPIR-V module ${l.module}`);
  } else if (!k.source) {
    throw new Error(`${where}: no source`);
  }
  if (target === 'cuda' && !k.file) throw new Error(`${where}: no file name`);
}

function launchView(l: GpuLaunch, index: number, k: GpuRuntimeKernel, entry: RuntimeEntry): Record<string, unknown> {
  const scratch = k.scratch.map((s) => s.name);
  const roles = l.args.map((a) => {
    const source = argSource(entry, k.symbol, a, scratch);
    return source.kind === 'tensor' ? String(source.index) : `${source.kind === 'scalar' ? 'KF_ARG_SCALAR' : 'KF_ARG_SCRATCH'} + ${source.index}`;
  });
  return {
    index, entry: l.entry, argCount: l.args.length, roles: roles.join(', '),
    local: l.workgroup.map((w) => `${w}u`).join(', '),
    dependent: l.dependentLaunch ? 1 : 0,
    parameters: l.args.map((a) => `${a.cType} ${a.name}`).join(', '),
  };
}

/** the body of a kernel's geometry function: each launch's grid and each scratch buffer's bytes, printed from the artifact's expressions */
function geometryStatements(k: GpuRuntimeKernel, entry: RuntimeEntry): string[] {
  const where = `kernel ${k.symbol}`;
  return [
    ...k.launches.flatMap((l, i) => l.grid.map((g, d) => `grids[${i}][${d}] = ${entrySizeToC(entry, g, where)}`)),
    ...k.scratch.map((s, i) => `scratch[${i}] = ${entrySizeToC(entry, s.bytes, where)} /* ${s.name} */`),
  ];
}

/** file path (relative to the library folder) -> contents */
export function gpuRuntimeFiles(spec: GpuRuntimeSpec): Record<string, string> {
  const api = GPU_APIS[spec.target];
  const entries = libraryEntries(spec.policies as readonly DispatchPolicy<never>[]).map((e) => e.entry);
  const entryOf = (k: GpuRuntimeKernel): RuntimeEntry => kernelEntry(entries, k);
  for (const k of spec.kernels) checkKernel(spec.target, k, entryOf(k));
  const maxTensors = Math.max(1, ...entries.map((e) => e.tensors.length));
  if (maxTensors > ARG_KINDS || entries.some((e) => e.scalars.length > ARG_KINDS)) throw new Error(`an entry point has more than ${ARG_KINDS} tensors or scalars`);
  const files = commonFiles({
    target: spec.target, version: spec.version, device: spec.device, policies: spec.policies,
    kernels: spec.kernels, style: api.style, gpu: { api: spec.target, ...api },
  });
  const maxLaunches = Math.max(...spec.kernels.map((k) => k.launches.length));
  const maxScratch = Math.max(1, ...spec.kernels.map((k) => k.scratch.length));
  const maxArgs = Math.max(...spec.kernels.flatMap((k) => k.launches.map((l) => l.args.length)));
  const scalarArgs = (k: GpuRuntimeKernel, l: GpuLaunch): number => l.args.filter((a) => entrySlot(entryOf(k), a.name)?.kind === 'scalar').length;
  const maxBuffers = Math.max(1, ...spec.kernels.flatMap((k) => k.launches.map((l) => l.args.length - scalarArgs(k, l))));
  let moduleBase = 0;
  const kernels = spec.kernels.map((k) => {
    const entry = entryOf(k);
    const launches = k.launches.map((l, i) => launchView(l, i, k, entry));
    const base = moduleBase;
    moduleBase += k.spirv?.length ?? 0;
    const vkLaunches = Array.from({ length: maxLaunches }, (_, i) => {
      const l = k.launches[i];
      if (!l) return '{ -1, 0, 0 }';
      const scalars = scalarArgs(k, l);
      return `{ ${base + l.module}, ${l.args.length - scalars}, ${scalars} }`;
    }).join(', ');
    return {
      id: k.id, symbol: k.symbol, rows: k.rows, configText: commentSafe(configJson(k.config)),
      compiledScalar: k.compiledScalar === undefined ? -1 : entrySlot(entry, k.compiledScalar)!.index,
      launches, launchCount: k.launches.length, scratchCount: k.scratch.length,
      geometry: geometryStatements(k, entry),
      functions: k.launches.map((l) => `(const void*)${l.entry}`).join(', '),
      dynamicShared: k.launches.map((l) => `${l.dynamicSharedBytes ?? 0}u`).join(', '),
      entries: k.launches.map((l) => JSON.stringify(l.entry)).join(', '),
      vkLaunches,
    };
  });
  const view = {
    target: spec.target, version: spec.version, api: spec.target, apiName: api.apiName, kernels, kernelCount: spec.kernels.length,
    maxLaunches, maxScratch, maxArgs, maxBuffers, slots: maxTensors + maxScratch,
    subgroupFlags: spec.kernels.map((k) => (k.subgroups ? 1 : 0)).join(', '),
  };
  files['src/kforge_gpu.c'] = runtimeTemplate('kforge_gpu.c.hbs')(view);
  files[`src/kforge_${spec.target}.c`] = runtimeTemplate(`kforge_${spec.target}.c.hbs`)(view);
  const sources = ['src/kforge_dispatch.c', 'src/kforge_gpu.c', `src/kforge_${spec.target}.c`];
  if (spec.target === 'cuda') {
    for (const k of spec.kernels) {
      files[`src/kernels/${k.file}`] = k.source!;
      sources.push(`src/kernels/${k.file}`);
    }
  } else if (spec.target === 'opencl') {
    files['src/kforge_opencl_sources.c'] = [
      `/* kforge runtime for target opencl (kforge ${spec.version}): each kernel's OpenCL C program. Generated: do not edit. */`,
      ...spec.kernels.map((k) => `static const char kf_source_${k.id}[] =\n  ${cStringLiteral(k.source!)};\n`),
      `const char* const kf_opencl_sources[${spec.kernels.length}] = { ${spec.kernels.map((k) => `kf_source_${k.id}`).join(', ')} };`,
      '',
    ].join('\n');
    sources.push('src/kforge_opencl_sources.c');
  } else {
    const modules = spec.kernels.flatMap((k) => k.spirv!.map((words, m) => ({ name: `kf_spirv_${k.id}_${m}`, words })));
    files['src/kforge_spirv.c'] = [
      `/* kforge runtime for target vulkan (kforge ${spec.version}): SPIR-V of every launch. Generated: do not edit. */`,
      '#include <stddef.h>',
      '#include <stdint.h>',
      '',
      ...modules.map(({ name, words }) => {
        const lines: string[] = [];
        for (let i = 0; i < words.length; i += 8) lines.push(`  ${[...words.subarray(i, i + 8)].map((w) => `0x${w.toString(16).padStart(8, '0')}u`).join(', ')},`);
        return `static const uint32_t ${name}[${words.length}] = {\n${lines.join('\n')}\n};\n`;
      }),
      `const uint32_t* const kf_spirv_code[${modules.length}] = { ${modules.map((m) => m.name).join(', ')} };`,
      `const size_t kf_spirv_words[${modules.length}] = { ${modules.map((m) => m.words.length).join(', ')} };`,
      '',
    ].join('\n');
    sources.push('src/kforge_spirv.c');
  }
  const common = { target: spec.target, version: spec.version, abiVersion: ABI_VERSION };
  files['CMakeLists.txt'] = runtimeTemplate('CMakeLists.txt.hbs')({
    ...common, gpu: true, cuda: spec.target === 'cuda', cross: false, apiName: api.apiName, apiPackage: api.apiPackage,
    cmakeMinimum: spec.target === 'cuda' ? '3.18' : '3.16', languages: api.languages, flags: '-O2', findPackages: api.packages,
    libs: cmakeList(api.libs), sourceFiles: sources,
  });
  files['cmake/kforgeConfig.cmake'] = runtimeTemplate('kforgeConfig.cmake.hbs')({ ...common, shared: true, dependencies: api.packages });
  return files;
}
