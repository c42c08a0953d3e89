/**
 * The files of a GPU runtime library (cuda, opencl, vulkan): the shared header and dispatch
 * (generate.ts), the launch tables and call logic common to the three APIs (kforge_gpu.c), the API's
 * host side (kforge_<api>.c) and the kernels: CUDA translation units compiled by nvcc, OpenCL program
 * sources embedded as strings, SPIR-V embedded as words.
 */
import { sizeToC } from '@kforge/ir';
import {
  M_MAX, type GemvVariant, type GpuLaunch, type GpuRuntimeKernel, type GpuRuntimeSpec, type GpuTargetName,
} from './model.ts';
import { ABI_VERSION, PUBLIC_ARGS, cmakeList, commonFiles, configJson, runtimeTemplate, type BufferStyle } from './generate.ts';

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
      right. Kernels are built for sm_80 and sm_90 (KFORGE_CUDA_ARCHITECTURES in CMake).`),
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
      Buffers are cl_mem objects of the kf_init context, each at least as large as the shape needs
      (checked with clGetMemObjectInfo: KF_ERR_BAD_BUFFER otherwise), so weights stay on the device. A
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
      right. A call records its copies and dispatches into the library's own command buffer, submits
      it to the kf_init queue and waits for it, so y is ready when it returns; barriers order it after
      the caller's earlier work on that queue and make y visible to later commands and to host reads.
      The SPIR-V (Vulkan 1.1) was compiled from the generated GLSL when the library was generated.`),
  },
};

/** C string literal lines of a text (any byte outside printable ASCII as an octal escape) */
export function cStringLiteral(text: string): string {
  const lines = text.split('\n');
  return lines.map((line, i) => {
    let out = '';
    for (const byte of Buffer.from(line + (i < lines.length - 1 ? '\n' : ''), 'utf8')) {
      if (byte === 0x5c) out += '\\\\';
      else if (byte === 0x22) out += '\\"';
      else if (byte === 0x3f) out += '\\?'; // no trigraphs
      else if (byte === 0x0a) out += '\\n';
      else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
      else out += `\\${byte.toString(8).padStart(3, '0')}`;
    }
    return `"${out}"`;
  }).join('\n  ');
}

const ROLE: Readonly<Record<string, string>> = {
  x: 'KF_ROLE_X', W: 'KF_ROLE_W', W_scale: 'KF_ROLE_W_SCALE', W_min: 'KF_ROLE_W_MIN', bias: 'KF_ROLE_BIAS', y: 'KF_ROLE_Y',
  M: 'KF_ROLE_M', N: 'KF_ROLE_N', K: 'KF_ROLE_K',
};

function checkKernel(target: GpuTargetName, k: GpuRuntimeKernel): void {
  const where = `${target} kernel ${k.symbol}`;
  if (k.rows < 1 || k.rows > M_MAX) throw new Error(`${where}: rows ${k.rows} outside 1..${M_MAX}`);
  if (k.launches.length === 0) throw new Error(`${where}: no launches`);
  const scratch = new Set(k.scratch.map((s) => s.name));
  for (const l of k.launches) {
    for (const a of l.args) {
      if (!PUBLIC_ARGS.has(a.name) && !scratch.has(a.name)) throw new Error(`${where}: launch ${l.entry} argument '${a.name}' is neither public nor scratch`);
    }
  }
  for (const l of k.launches) {
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

function launchView(l: GpuLaunch, index: number, k: GpuRuntimeKernel): Record<string, unknown> {
  const scratch = k.scratch.map((s) => s.name);
  return {
    index, entry: l.entry, argCount: l.args.length,
    roles: l.args.map((a) => ROLE[a.name] ?? `KF_ROLE_SCRATCH + ${scratch.indexOf(a.name)}`).join(', '),
    local: l.workgroup.map((w) => `${w}u`).join(', '),
    dependent: l.dependentLaunch ? 1 : 0,
    parameters: l.args.map((a) => `${a.cType} ${a.name}`).join(', '),
  };
}

/** the body of a kernel's geometry function: each launch's grid and each scratch buffer's bytes, printed from the artifact's expressions */
function geometryStatements(k: GpuRuntimeKernel): string[] {
  // M is compiled into a GPU kernel (its rows): its expressions name only N and K
  const param = (name: string): string => {
    if (name !== 'N' && name !== 'K') throw new Error(`kernel ${k.symbol}: a launch size names '${name}'; the runtime passes N and K`);
    return `a->${name}`;
  };
  return [
    ...k.launches.flatMap((l, i) => l.grid.map((g, d) => `grids[${i}][${d}] = ${sizeToC(g, param)}`)),
    ...k.scratch.map((s, i) => `scratch[${i}] = ${sizeToC(s.bytes, param)} /* ${s.name} */`),
  ];
}

/** file path (relative to the library folder) -> contents */
export function gpuRuntimeFiles(spec: GpuRuntimeSpec): Record<string, string> {
  const api = GPU_APIS[spec.target];
  for (const k of spec.kernels) checkKernel(spec.target, k);
  const files = commonFiles({
    target: spec.target, version: spec.version, device: spec.device, variants: spec.variants as readonly GemvVariant[],
    kernels: spec.kernels, style: api.style, maxM: spec.maxM,
    gpu: { api: spec.target, ...api },
  });
  const maxLaunches = Math.max(...spec.kernels.map((k) => k.launches.length));
  const maxScratch = Math.max(1, ...spec.kernels.map((k) => k.scratch.length));
  const maxArgs = Math.max(...spec.kernels.flatMap((k) => k.launches.map((l) => l.args.length)));
  const maxBuffers = Math.max(1, ...spec.kernels.flatMap((k) => k.launches.map((l) => l.args.filter((a) => !['M', 'N', 'K'].includes(a.name)).length)));
  let moduleBase = 0;
  const kernels = spec.kernels.map((k) => {
    const launches = k.launches.map((l, i) => launchView(l, i, k));
    const base = moduleBase;
    moduleBase += k.spirv?.length ?? 0;
    const vkLaunches = Array.from({ length: maxLaunches }, (_, i) => {
      const l = k.launches[i];
      if (!l) return '{ -1, 0, 0 }';
      const scalars = l.args.filter((a) => ['M', 'N', 'K'].includes(a.name)).length;
      return `{ ${base + l.module}, ${l.args.length - scalars}, ${scalars} }`;
    }).join(', ');
    return {
      id: k.id, symbol: k.symbol, rows: k.rows, configText: configJson(k.config).replace(/\*\//g, '* /'),
      launches, launchCount: k.launches.length, scratchCount: k.scratch.length,
      geometry: geometryStatements(k),
      functions: k.launches.map((l) => `(const void*)${l.entry}`).join(', '),
      dynamicShared: k.launches.map((l) => `${l.dynamicSharedBytes ?? 0}u`).join(', '),
      entries: k.launches.map((l) => JSON.stringify(l.entry)).join(', '),
      vkLaunches,
    };
  });
  const view = {
    target: spec.target, version: spec.version, api: spec.target, apiName: api.apiName, kernels, kernelCount: spec.kernels.length,
    maxLaunches, maxScratch, maxArgs, maxBuffers, slots: 2 + maxScratch,
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
