/**
 * The files of a runtime library, from its description (model.ts): the public header, the dispatch
 * translation unit (the same for every target: validation, the per-shape tables, the pick), the
 * kernels and the CMake scaffolding. CPU libraries are generated here; GPU libraries add their host
 * side in generate-gpu.ts. Templates live in packages/runtime/templates (Handlebars, compiled with
 * noEscape and strict).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { FORMATS, sizeToC, type ParamValue, type WeightFormatName } from '@kforge/ir';
import {
  M_MAX, MAX_SHAPE_DISTANCE, bucketCount, bucketMax, bucketsText, gemvEntryName, variantSymbol,
  type Activation, type CpuRuntimeSpec, type GemvVariant, type RuntimeKernel,
} from './model.ts';

/**
 * Bumped when a signature, struct or status code of kforge.h changes incompatibly. Additions
 * (kf_init/kf_teardown/kf_last_error/kf_kernel_rows and the status codes 7 and 8 for GPU targets)
 * keep a program built against an older kforge.h working.
 */
export const ABI_VERSION = 1;

const TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), '..', 'templates');
const handlebars = Handlebars.create();
const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** a template of packages/runtime/templates, compiled once */
export function runtimeTemplate(name: string): HandlebarsTemplateDelegate {
  let t = compiled.get(name);
  if (!t) {
    t = handlebars.compile(readFileSync(join(TEMPLATES, name), 'utf8'), { noEscape: true, strict: true });
    compiled.set(name, t);
  }
  return t;
}

/** Public arguments every kernel argument maps onto (anything else is scratch). */
export const PUBLIC_ARGS = new Set(['x', 'W', 'W_scale', 'W_min', 'bias', 'y', 'M', 'N', 'K']);

/** How a target's entry points name buffers: host or device pointers (CPU, CUDA), or API handles. */
export type BufferStyle = { readonly kind: 'pointer' } | { readonly kind: 'handle'; readonly type: string };

function weightParams(format: WeightFormatName): string[] {
  const f = FORMATS[format];
  if (f.kind === 'dense') return [f.name === 'f32' ? 'const float* W' : 'const uint16_t* W'];
  if (f.kind === 'block') return ['const void* W'];
  return ['const uint8_t* W', ...f.planes.map((p) => `const uint16_t* W_${p}`)];
}

function describeFormat(format: WeightFormatName): string {
  const f = FORMATS[format];
  if (f.kind === 'dense') return `${format} weights W[N,K]`;
  if (f.kind === 'block') return `${format} weights: N rows of K/${f.block} blocks of ${f.bytes} bytes`;
  return `${format} planar weights: W u8[N,K/2] codes, W_scale and W_min f16[N,K/${f.block}]`;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** bytes of W per weight element as a reduced fraction, and the plane group size (0 when none) */
function weightBytes(format: WeightFormatName): { num: number; den: number; planeDiv: number } {
  const f = FORMATS[format];
  const [num, den, planeDiv] = f.kind === 'dense' ? [f.elemBytes, 1, 0] : f.kind === 'block' ? [f.bytes, f.block, 0] : [1, 2, f.block];
  const g = gcd(num, den);
  return { num: num / g, den: den / g, planeDiv };
}

interface EntryPoint {
  readonly name: string;
  readonly doc: string;
  readonly signature: string;
  readonly nullChecks: string;
  readonly argsInit: string;
  readonly block: number;
  readonly biasVariant: string;
  readonly plainVariant: string;
}

function entryPoint(format: WeightFormatName, act: Activation, style: BufferStyle, gpu: boolean): EntryPoint {
  const f = FORMATS[format];
  const planar = f.kind === 'planar';
  const buffers = ['x', 'W', ...(planar ? ['W_scale', 'W_min'] : []), 'bias', 'y'];
  const typed = [act === 'f32' ? 'const float* x' : 'const uint16_t* x', ...weightParams(format), 'const float* bias', 'float* y'];
  const params = [...(style.kind === 'pointer' ? typed : buffers.map((b) => `${style.type} ${b}`)), 'int M', 'int N', 'int K', 'kf_dispatch_info* info'];
  const w = weightBytes(format);
  const argsInit = gpu
    ? [...['x', 'W', 'W_scale', 'W_min', 'bias', 'y'].map((b) => (buffers.includes(b) ? `(kf_buf)${b}` : 'KF_NULL_BUF')),
      'M', 'N', 'K', act === 'f32' ? '4' : '2', String(w.num), String(w.den), String(w.planeDiv)]
    : ['x', 'W', planar ? 'W_scale' : 'NULL', planar ? 'W_min' : 'NULL', 'bias', 'y', 'M', 'N', 'K'];
  return {
    name: gemvEntryName(format, act),
    doc: `y = x * W^T (+ bias): ${describeFormat(format)}; x ${act === 'f32' ? 'f32' : 'f16 (raw bits)'} [M,K]`,
    signature: params.join(', '),
    nullChecks: ['!x', '!W', ...(planar ? ['!W_scale', '!W_min'] : []), '!y'].join(' || '),
    argsInit: argsInit.join(', '),
    block: f.kind === 'dense' ? 1 : f.block,
    biasVariant: variantSymbol({ format, act, bias: true }),
    plainVariant: variantSymbol({ format, act, bias: false }),
  };
}

/** A kernel's fields in the dispatch table, common to every target. */
export interface DispatchKernel {
  readonly id: number;
  readonly symbol: string;
  readonly config: Readonly<Record<string, ParamValue>>;
  readonly rows: number;
  readonly kMultiple: number;
  /** largest K served; 0 or absent: any */
  readonly kMax?: number;
}

/** the config as JSON with sorted keys, the way kf_kernel_config reports it */
export function configJson(config: Readonly<Record<string, ParamValue>>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(config).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

function dispatchKernelView(k: DispatchKernel): Record<string, unknown> {
  // JSON's string escapes are valid C escapes
  return { id: k.id, symbol: k.symbol, rows: k.rows, kMultiple: k.kMultiple, kMax: k.kMax ?? 0, configLiteral: JSON.stringify(configJson(k.config)) };
}

function chainLiteral(chain: readonly number[], length: number): string {
  return Array.from({ length }, (_, i) => chain[i] ?? -1).join(', ');
}

function variantView(v: GemvVariant, kernels: readonly DispatchKernel[], chainLength: number, maxM: number): object {
  const where = variantSymbol(v);
  const buckets = bucketCount(maxM);
  if (v.defaults.length !== buckets) throw new Error(`${where}: ${v.defaults.length} defaults for ${buckets} M buckets`);
  const chains = [...v.defaults, ...v.tuned.map((t) => t.kernels)];
  for (const chain of chains) {
    if (chain.length === 0) throw new Error(`${where}: an empty chain of kernels`);
    for (const id of chain) if (!kernels[id]) throw new Error(`${where}: no kernel ${id}`);
  }
  // the pick relies on it: whatever the tuned entries, a bucket's default serves its every M and K
  v.defaults.forEach((chain, b) => {
    const last = kernels[chain[chain.length - 1]!]!;
    const top = bucketMax(b, maxM);
    if (last.rows < top || last.kMultiple !== 1 || (last.kMax ?? 0) !== 0) throw new Error(`${where}: the default chain of M bucket ${b} does not end with a kernel for every M up to ${top} and every K`);
  });
  const tuned = [...v.tuned].sort((a, b) => a.M - b.M || a.N - b.N || a.K - b.K);
  return {
    symbol: where, tunedCount: tuned.length,
    defaults: v.defaults.map((chain) => `{ ${chainLiteral(chain, chainLength)} }`).join(', '),
    tuned: tuned.map((t) => ({ M: t.M, N: t.N, K: t.K, chain: chainLiteral(t.kernels, chainLength), note: t.note.replace(/\*\//g, '* /') })),
  };
}

/** the entry points (format, act) the variants cover, each needing both bias variants */
function entryPoints(variants: readonly GemvVariant[], style: BufferStyle, gpu: boolean): EntryPoint[] {
  const seen = new Map<string, EntryPoint>();
  for (const v of variants) {
    const e = entryPoint(v.format, v.act, style, gpu);
    if (seen.has(e.name)) continue;
    for (const bias of [false, true]) {
      if (!variants.some((w) => w.format === v.format && w.act === v.act && w.bias === bias))
        throw new Error(`${e.name}: the variant ${bias ? 'with' : 'without'} bias is missing`);
    }
    seen.set(e.name, e);
  }
  return [...seen.values()];
}

export const cmakeList = (words: readonly string[]): string => words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `"${w}"`)).join(' ');

/** What the shared templates (header, internal header, dispatch) need from a target. */
export interface LibraryView {
  readonly target: string;
  readonly version: string;
  readonly device: string;
  readonly variants: readonly GemvVariant[];
  readonly kernels: readonly DispatchKernel[];
  readonly style: BufferStyle;
  /** largest M the library accepts (default M_MAX) */
  readonly maxM?: number;
  /** GPU targets: the API's names and docs for the header */
  readonly gpu?: {
    readonly api: string;
    readonly apiName: string;
    readonly bufferType: string;
    readonly buildWord: string;
    readonly apiDoc: string;
    readonly apiIncludes: readonly string[];
    readonly initDecl: string;
    readonly apiDecls: readonly string[];
  };
  /** CPU targets: extra fields of each kernel's view (prototype, call, scratch, threads) */
  readonly cpuKernelViews?: readonly Record<string, unknown>[];
}

/** include/kforge.h, src/kforge_internal.h and src/kforge_dispatch.c */
export function commonFiles(lib: LibraryView): Record<string, string> {
  lib.kernels.forEach((k, i) => {
    if (k.id !== i) throw new Error(`kernel ${k.symbol} has id ${k.id} at position ${i}`);
  });
  const gpu = lib.gpu;
  const maxM = lib.maxM ?? M_MAX;
  if (!Number.isInteger(maxM) || maxM < 1 || maxM > M_MAX) throw new Error(`the largest M must be in 1..${M_MAX}, got ${maxM}`);
  for (const v of lib.variants) for (const t of v.tuned) if (t.M > maxM) throw new Error(`${variantSymbol(v)}: tuned shape M=${t.M} above the library's largest M ${maxM}`);
  const common = { target: lib.target, version: lib.version, abiVersion: ABI_VERSION, gpu: Boolean(gpu), apiName: gpu?.apiName ?? '', api: gpu?.api ?? '' };
  const functions = entryPoints(lib.variants, lib.style, Boolean(gpu));
  const chainLength = Math.max(1, ...lib.variants.flatMap((v) => [...v.defaults, ...v.tuned.map((t) => t.kernels)].map((c) => c.length)));
  const kernels = lib.kernels.map((k, i) => ({ ...dispatchKernelView(k), ...(lib.cpuKernelViews?.[i] ?? {}) }));
  return {
    'include/kforge.h': runtimeTemplate('kforge.h.hbs')({
      ...common, device: lib.device || 'nothing (default configs only)', mMax: maxM, bucketsText: bucketsText(maxM), functions,
      buildWord: gpu?.buildWord ?? '', apiDoc: gpu?.apiDoc ?? '', apiIncludes: gpu?.apiIncludes ?? [],
      initDecl: gpu?.initDecl ?? '/** nothing to set up on a CPU target: returns KF_OK */\nint kf_init(void);', apiDecls: gpu?.apiDecls ?? [],
    }),
    'src/kforge_internal.h': runtimeTemplate('kforge_internal.h.hbs')({ ...common, bufferType: gpu?.bufferType ?? '' }),
    'src/kforge_dispatch.c': runtimeTemplate('kforge_dispatch.c.hbs')({
      ...common, mBuckets: bucketCount(maxM), maxShapeDistance: MAX_SHAPE_DISTANCE.toPrecision(17), chainLength,
      kernels, kernelCount: lib.kernels.length,
      variants: lib.variants.map((v) => variantView(v, lib.kernels, chainLength, maxM)), functions,
    }),
  };
}

function cpuKernelView(k: RuntimeKernel): Record<string, unknown> {
  const scratch = k.args.filter((a) => !PUBLIC_ARGS.has(a.name));
  for (const a of scratch) if (!a.scratch) throw new Error(`kernel ${k.symbol}: argument '${a.name}' is neither public nor sized scratch`);
  const callArgs = k.args.map((a) => {
    if (a.scratch) return `(${a.cType})ws[${scratch.indexOf(a)}]`;
    if (a.name === 'bias' || a.name === 'y' || a.name === 'M' || a.name === 'N' || a.name === 'K') return `a->${a.name}`;
    return `(${a.cType})a->${a.name}`;
  });
  return {
    threads: k.threads,
    parameters: k.args.map((a) => `${a.cType} ${a.name}`).join(', '),
    callArgs: callArgs.join(', '),
    scratchCount: scratch.length,
    scratchSizes: scratch.map((a) => `(size_t)${sizeToC(a.scratch!, (p) => `a->${p}`)}`).join(', '),
  };
}

/** file path (relative to the library folder) -> contents */
export function cpuRuntimeFiles(spec: CpuRuntimeSpec): Record<string, string> {
  const { toolchain } = spec;
  const files = commonFiles({
    target: spec.target, version: spec.version, device: spec.device, variants: spec.variants, style: { kind: 'pointer' }, maxM: spec.maxM,
    kernels: spec.kernels.map((k) => ({ id: k.id, symbol: k.symbol, config: k.config, rows: spec.maxM ?? M_MAX, kMultiple: 1 })),
    cpuKernelViews: spec.kernels.map(cpuKernelView),
  });
  const common = { target: spec.target, version: spec.version, abiVersion: ABI_VERSION };
  files['CMakeLists.txt'] = runtimeTemplate('CMakeLists.txt.hbs')({
    ...common, gpu: false, cuda: false, cross: toolchain.cross ?? false, cmakeMinimum: '3.16', languages: 'C',
    flags: cmakeList(toolchain.flags), libs: cmakeList(toolchain.libs),
    sourceFiles: ['src/kforge_dispatch.c', ...spec.kernels.map((k) => `src/kernels/${k.file}`)],
  });
  files['cmake/kforgeConfig.cmake'] = runtimeTemplate('kforgeConfig.cmake.hbs')({ ...common, shared: true, dependencies: [] });
  files['cmake/kforge-toolchain.cmake'] = runtimeTemplate('kforge-toolchain.cmake.hbs')({
    target: spec.target, compiler: toolchain.compiler, cross: toolchain.cross ?? false,
    flagsString: toolchain.flags.join(' '), emulator: toolchain.cross ? cmakeList(toolchain.cross.emulator) : '',
  });
  for (const k of spec.kernels) files[`src/kernels/${k.file}`] = k.source;
  return files;
}

/** One entry point a check program calls: kf_gemv_<format>[_xf16]. */
export interface CheckEntry {
  readonly format: WeightFormatName;
  readonly act: Activation;
}

/**
 * kforge_check.c: a C program that runs a built library on a folder of cases and judges each (status,
 * dispatch choice, nmse against the float64 reference), then its invalid calls; it needs no kforge
 * where it runs (the GPU machine). `target` picks how buffers are made: host memory (CPU targets),
 * cudaMalloc, cl_mem or VkBuffer.
 */
export function runtimeCheckSource(target: string, entries: readonly CheckEntry[]): string {
  if (!entries.length) throw new Error('a check program needs at least one entry point');
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
    entries: view, first: view[0],
  });
}
