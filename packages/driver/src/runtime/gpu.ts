/**
 * Composes a GPU runtime library (cuda, opencl, vulkan). The SIMT code generator specialises a kernel
 * on M (it unrolls over the rows) but takes N and K at run time, so a runtime kernel is one config
 * compiled for a row count (`rows`): the bucket's largest M, and for a tuned config also the M it was
 * tuned at; a call with fewer rows is padded by the library. Its launches (grids, workgroups,
 * arguments, scratch sizes) are the artifact's own, with grids and sizes as expressions over N and K
 * that the library prints as C, so whatever the generator emits (split-K reductions, pre-passes,
 * scratch) is reproduced at run time without the runtime knowing how it was derived. An artifact that
 * declares a largest K (`maxK`: workgroup memory sized for its K) is compiled at that K and serves K
 * up to it. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FORMATS, InputError, evalSize, type KnobConfig, type Params, type WeightFormatName } from '@kforge/ir';
import { geometryProblems, type KernelArtifact } from '@kforge/target';
import { C_DIALECT } from '@kforge/codegen-core';
import { compileGlsl, glslFileFor, spvFileFor } from '@kforge/exec';
import {
  M_MAX, bucketCount, bucketMax, gemvEntries, gemvPolicy, mBucket, phasedPolicy,
  type Activation, type DispatchPolicy, type GemvVariant, type GpuLaunch, type GpuRuntimeKernel, type GpuRuntimeSpec, type GpuTargetName, type KernelArg,
  type RuntimeEntry, type TunedShape,
} from '@kforge/runtime';
import { canonicalJson } from '@kforge/autotune';
import { emitKernel, loweringFor, resolveConfig } from '../lowerings.ts';
import { PHASED_RUNTIME_OPS, cmakeBuildRuntime, phasedHeads, planPhased, type BuiltRuntime, type PhasedPlan, type RuntimeRequest } from './cpu.ts';

export const GPU_RUNTIME_TARGETS: readonly GpuTargetName[] = ['cuda', 'opencl', 'vulkan'];

export function isGpuRuntimeTarget(target: string): target is GpuTargetName {
  return (GPU_RUNTIME_TARGETS as readonly string[]).includes(target);
}

export type GpuRuntimeRequest = RuntimeRequest<GpuTargetName>;

const blockOf = (format: WeightFormatName): number => {
  const f = FORMATS[format];
  return f.kind === 'dense' ? 1 : f.block;
};

const gemvParams = (format: WeightFormatName, act: Activation, bias: boolean, M: number, N: number, K: number): Params =>
  ({ M, N, K, weight: format, act, bias });

function configValid(target: GpuTargetName, params: Params, config: KnobConfig): boolean {
  const space = loweringFor('gemv', target).knobs(target, params);
  return space.knobs.every((k) => k.values.includes(config[k.name]!)) && !space.check(config);
}

/** the shape defaults are asked for (and compiled at, where a kernel depends on K): a typical decoder projection */
const DEFAULT_SHAPE = { N: 4096, K: 4096 } as const;

/** The default config of a bucket's kernel compiled for `rows` rows: the target's default at a typical decoder projection (4096 x 4096). */
export function gpuDefaultConfig(target: GpuTargetName, format: WeightFormatName, act: Activation, bias: boolean, rows: number): KnobConfig {
  // the lowering's defaults satisfy its constraints at every shape (codegen-gpu tests this)
  return loweringFor('gemv', target).knobs(target, gemvParams(format, act, bias, rows, DEFAULT_SHAPE.N, DEFAULT_SHAPE.K)).defaults;
}

/** the smallest K the config is valid for; every K it serves is a multiple of it (dense formats with wide loads) */
export function kMultipleOf(target: GpuTargetName, format: WeightFormatName, act: Activation, bias: boolean, rows: number, config: KnobConfig): number {
  const unit = blockOf(format);
  // K = unit is the format's own rule (checked by every entry point): nothing more to ask
  for (let K = unit; K <= 64 * unit; K += unit) if (configValid(target, gemvParams(format, act, bias, rows, 64, K), config)) return K === unit ? 1 : K;
  throw new Error(`gemv ${target} ${format}: config ${JSON.stringify(config)} is valid for no K up to ${64 * unit}`);
}

/** `config` with each knob that some K rejects set to the largest value every K accepts (narrow loads), or undefined when there is none */
function anyKConfig(target: GpuTargetName, format: WeightFormatName, act: Activation, bias: boolean, rows: number, config: KnobConfig): KnobConfig | undefined {
  const params = gemvParams(format, act, bias, rows, 64, blockOf(format));
  const space = loweringFor('gemv', target).knobs(target, params);
  const narrowed: Record<string, KnobConfig[string]> = { ...config };
  for (const knob of space.knobs) {
    if (knob.values.includes(config[knob.name]!)) continue;
    const numbers = knob.values.filter((v): v is number => typeof v === 'number' && v < Number(config[knob.name]));
    if (!numbers.length) return undefined;
    narrowed[knob.name] = Math.max(...numbers);
  }
  return configValid(target, params, narrowed) ? narrowed : undefined;
}

/** `config` with one knob changed so that its kernel serves every K (no largest K), or undefined when no such change exists */
export function unboundedConfig(target: GpuTargetName, format: WeightFormatName, act: Activation, bias: boolean, rows: number, config: KnobConfig): KnobConfig | undefined {
  const params = gemvParams(format, act, bias, rows, 64, blockOf(format));
  for (const knob of loweringFor('gemv', target).knobs(target, params).knobs) {
    for (const value of knob.values) {
      const changed = { ...config, [knob.name]: value };
      if (value !== config[knob.name] && configValid(target, params, changed) && emitKernel('gemv', target, params, changed).maxK === undefined) return changed;
    }
  }
  return undefined;
}

/**
 * The artifact's launches and scratch, its buffers and scalars held to the entry it serves: an input or
 * output is the entry's tensor of that name and role, never larger than the entry sizes it at the
 * `samples` (values of the entry's scalars), so a kernel reads and writes within what a call passes
 * (the library checks each buffer against the entry's size where the API can tell); the rest is scratch.
 */
function launchesOf(what: string, artifact: KernelArtifact, entry: RuntimeEntry, samples: readonly Readonly<Record<string, number>>[]): {
  launches: Omit<GpuLaunch, 'entry' | 'module'>[]; scratch: GpuRuntimeKernel['scratch'];
} {
  for (const s of artifact.scalars) {
    // launches pass 32-bit integer scalars (kforge_gpu.c's kf_arg)
    if (s.type !== 'i32' || !entry.scalars.some((x) => x.name === s.name && x.cType === 'int')) throw new Error(`${what}: scalar ${s.name} (${s.type}) is not an int scalar of ${entry.name}`);
  }
  const problems = geometryProblems(artifact);
  if (problems.length) throw new Error(`${what}: ${problems.join('; ')}`);
  for (const b of artifact.buffers) {
    if (b.role === 'scratch') continue;
    const tensor = entry.tensors.find((t) => t.name === b.name);
    if (tensor?.role !== b.role) throw new Error(`${what}: buffer ${b.name} (${b.role}) is not ${tensor ? 'of that role in' : 'a tensor of'} ${entry.name}`);
    for (const values of samples) {
      const [kernel, call] = [evalSize(b.bytes, values), evalSize(tensor.bytes, values)];
      if (kernel > call) throw new Error(`${what}: buffer ${b.name} spans ${kernel} bytes at ${JSON.stringify(values)}, past the ${call} of ${entry.name}'s tensor`);
    }
  }
  const scratch = artifact.buffers.filter((b) => b.role === 'scratch').map((b) => ({ name: b.name, bytes: b.bytes }));
  const launches = artifact.dispatches.map((d) => {
    if (!d.grid || !d.workgroup) throw new Error(`${what}: dispatch ${d.entry} has no grid or workgroup`);
    const args = d.args.map((name): KernelArg => {
      const buffer = artifact.buffers.find((b) => b.name === name);
      if (!buffer) return { name, cType: 'int32_t' };
      return { name, cType: `${buffer.role === 'in' ? 'const ' : ''}${C_DIALECT.types[buffer.elem]}*` };
    });
    return {
      args, grid: d.grid, workgroup: [...d.workgroup] as [number, number, number], dependentLaunch: d.dependentLaunch === true,
      ...(d.dynamicSharedBytes ? { dynamicSharedBytes: d.dynamicSharedBytes } : {}),
    };
  });
  return { launches, scratch };
}

/** GLSL -> SPIR-V (Vulkan 1.1, validated) for each launch's module, through the exec package's glslang step */
async function spirvOf(artifact: KernelArtifact): Promise<{ modules: Uint32Array[]; moduleOf: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-spirv-'));
  try {
    for (const [name, text] of Object.entries(artifact.files)) writeFileSync(join(dir, name), text);
    await compileGlsl(artifact, dir, 'vulkan1.1');
    const files: string[] = [];
    const moduleOf = artifact.dispatches.map((d) => {
      const file = glslFileFor(artifact, d.entry);
      if (!files.includes(file)) files.push(file);
      return files.indexOf(file);
    });
    const modules = files.map((f) => {
      const bytes = readFileSync(join(dir, spvFileFor(f)));
      return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    });
    return { modules, moduleOf };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** the largest K of `config`'s kernel compiled at shape `at` (its workgroup memory sized for that K), undefined when it takes any K */
function maxKOf(target: GpuTargetName, format: WeightFormatName, act: Activation, bias: boolean, rows: number, config: KnobConfig, at: { N: number; K: number }): number | undefined {
  return emitKernel('gemv', target, gemvParams(format, act, bias, rows, at.N, at.K), config).maxK;
}

/**
 * One runtime kernel from an artifact of one config: its launches (held to `entry`: launchesOf), unique
 * symbols (CUDA entries renamed), SPIR-V compiled (Vulkan); `fields` are the policy's own (gemv: rows,
 * compiled-in M, kMultiple, kMax).
 */
async function gpuRuntimeKernel(
  target: GpuTargetName, id: number, what: string, artifact: KernelArtifact, entry: RuntimeEntry, samples: readonly Readonly<Record<string, number>>[],
  fields: Pick<GpuRuntimeKernel, 'rows' | 'kMultiple' | 'compiledScalar' | 'kMax'>,
): Promise<GpuRuntimeKernel> {
  const { launches, scratch } = launchesOf(what, artifact, entry, samples);
  const firstEntry = artifact.dispatches[0]!.entry;
  const symbol = `kf_k${id}_${firstEntry}`;
  const base = { id, symbol, entry: entry.name, config: artifact.config, scratch, ...fields };
  const sources = Object.values(artifact.files);
  if (target === 'vulkan') {
    const { modules, moduleOf } = await spirvOf(artifact);
    return {
      ...base, subgroups: sources.some((s) => s.includes('GL_KHR_shader_subgroup_arithmetic')), spirv: modules,
      launches: launches.map((l, i) => ({ ...l, entry: 'main', module: moduleOf[i]! })),
    };
  }
  if (sources.length !== 1) throw new Error(`${what}: ${sources.length} source files; CUDA and OpenCL kernels are one translation unit`);
  let source = sources[0]!;
  const entries = artifact.dispatches.map((d) => d.entry);
  if (target === 'cuda') {
    // the entries are the translation unit's only external names (helpers are device functions), so a whole-word rename is exact
    for (const name of new Set(entries)) {
      const word = new RegExp(`\\b${name}\\b`, 'g');
      if (!word.test(source)) throw new Error(`${what}: entry '${name}' not found in its source`);
      source = source.replace(word, `kf_k${id}_${name}`);
    }
  }
  return {
    ...base, subgroups: false, source, ...(target === 'cuda' ? { file: `${symbol}${fields.compiledScalar ? `_m${fields.rows}` : ''}.cu` } : {}),
    launches: launches.map((l, i) => ({ ...l, entry: target === 'cuda' ? `kf_k${id}_${entries[i]!}` : entries[i]!, module: 0 })),
  };
}

/**
 * One runtime kernel: `config` of (format, act, bias) compiled for `rows` rows, its launches the artifact's;
 * `at` is the shape the config was chosen at, where the kernel is compiled if it has a largest K.
 */
export async function describeGpuKernel(
  target: GpuTargetName, id: number, format: WeightFormatName, act: Activation, bias: boolean, rows: number, config: KnobConfig,
  at: { N: number; K: number } = DEFAULT_SHAPE,
): Promise<GpuRuntimeKernel> {
  const what = `gemv ${format} act ${act}${bias ? ' bias' : ''} rows ${rows} config ${JSON.stringify(config)} on ${target}`;
  // the kernel takes N and K at run time; one with a largest K is compiled at the K it was chosen at
  const artifact = emitKernel('gemv', target, gemvParams(format, act, bias, rows, at.N, at.K), config);
  if (artifact.scalars.find((s) => s.name === 'M')?.value !== rows) throw new Error(`${what}: scalar M is not the kernel's ${rows} rows`);
  const [entry] = gemvEntries([{ format, act, bias, defaults: [], tuned: [] }]);
  const maxK = artifact.maxK;
  return gpuRuntimeKernel(target, id, what, artifact, entry!, [{ M: rows, ...at }, { M: rows, N: 33, K: at.K }], {
    compiledScalar: 'M', rows, kMultiple: kMultipleOf(target, format, act, bias, rows, config), ...(maxK !== undefined ? { kMax: maxK } : {}),
  });
}

/** scalar values a phased kernel's buffers are held to its entry at: each phase's shape and one of odd sizes (Sq <= Skv for attention) */
function phasedSamples(plan: PhasedPlan<string>): Readonly<Record<string, number>>[] {
  return [
    ...plan.spec.phases.map((p) => Object.fromEntries(plan.spec.shape.map((d) => [d, Number(plan.phaseShape[p]![d])]))),
    Object.fromEntries(plan.spec.shape.map((d, i) => [d, 5 + 36 * i])),
  ];
}

/** gemv's kernels (each at its row counts, appended to `kernels`) and variants */
async function planGemv(req: GpuRuntimeRequest, kernels: GpuRuntimeKernel[]): Promise<DispatchPolicy<GpuRuntimeKernel>> {
  const ids = new Map<string, number>();
  const kernelFor = async (
    format: WeightFormatName, act: Activation, bias: boolean, rows: number, config: KnobConfig, at: { N: number; K: number } = DEFAULT_SHAPE,
  ): Promise<number> => {
    // a kernel with a largest K is one kernel per K it is compiled at
    const key = JSON.stringify([format, act, bias, rows, Object.entries(config).sort(), maxKOf(req.target, format, act, bias, rows, config, at) ?? 0]);
    let id = ids.get(key);
    if (id === undefined) {
      id = kernels.length;
      ids.set(key, id);
      kernels.push(await describeGpuKernel(req.target, id, format, act, bias, rows, config, at));
    }
    return id;
  };
  const variants: GemvVariant[] = [];
  const maxM = req.maxM ?? M_MAX;
  for (const format of req.formats) {
    for (const act of req.acts) {
      for (const bias of [false, true]) {
        const defaults: number[][] = [];
        for (let b = 0; b < bucketCount(maxM); b++) {
          const rows = bucketMax(b, maxM);
          let config = gpuDefaultConfig(req.target, format, act, bias, rows);
          const chain = [await kernelFor(format, act, bias, rows, config)];
          // workgroup memory sized for a K serves K up to it: then the config changed in one knob takes every K
          if (kernels[chain[0]!]!.kMax) {
            const unbounded = unboundedConfig(req.target, format, act, bias, rows, config);
            if (!unbounded) throw new Error(`gemv ${req.target} ${format}: no config of the default's kind takes every K`);
            config = unbounded;
            chain.push(await kernelFor(format, act, bias, rows, config));
          }
          // wide dense loads need K to be a multiple of their width: the chain ends with narrow loads
          if (kernels[chain[chain.length - 1]!]!.kMultiple > 1) {
            const narrow = anyKConfig(req.target, format, act, bias, rows, config);
            if (!narrow) throw new Error(`gemv ${req.target} ${format}: no config of the default's kind takes every K`);
            chain.push(await kernelFor(format, act, bias, rows, narrow));
          }
          defaults.push(chain);
        }
        const tuned: TunedShape[] = [];
        for (const t of req.tuned.filter((x) => x.params.weight === format && x.params.act === act && Boolean(x.params.bias) === bias && Number(x.params.M) <= maxM)) {
          const M = Number(t.params.M);
          const N = Number(t.params.N);
          const K = Number(t.params.K);
          const config = resolveConfig('gemv', req.target, gemvParams(format, act, bias, M, N, K), t.config);
          // the config as tuned, then (where the knobs allow it) for the rest of its bucket by padding; a
          // kernel with a largest K is compiled at the tuned K (a larger K skips this tuned shape)
          const chain = [await kernelFor(format, act, bias, M, config, { N, K })];
          const top = bucketMax(mBucket(M), maxM);
          if (top > M && configValid(req.target, gemvParams(format, act, bias, top, N, K), config)) chain.push(await kernelFor(format, act, bias, top, config, { N, K }));
          tuned.push({ M, N, K, kernels: chain, note: t.note });
        }
        variants.push({ format, act, bias, tuned, defaults });
      }
    }
  }
  return gemvPolicy(variants, maxM);
}

/**
 * A phased op's kernels and policy, planned as for the CPU (planPhased: one entry per configuration and
 * phase, the tuned records by phase), each kernel held to its entry once the policy names the entries.
 */
async function planPhasedOp(req: GpuRuntimeRequest, op: string, kernels: GpuRuntimeKernel[]): Promise<DispatchPolicy<GpuRuntimeKernel>> {
  const { plan, defaultHeads } = PHASED_RUNTIME_OPS[op]!;
  const serve = req.phased?.[op];
  const ids = new Map<string, number>();
  const wanted: { params: Params; config: KnobConfig; entry: string }[] = [];
  // a kernel takes the run-time shape, so one (compiled params, config) serves both phases' entries (their arguments are the same)
  const kernelFor = (params: Params, config: KnobConfig, entry: string): number => {
    const key = canonicalJson([phasedHeads(plan, params), config]);
    let id = ids.get(key);
    if (id === undefined) {
      id = kernels.length + wanted.length;
      ids.set(key, id);
      wanted.push({ params, config, entry });
    }
    return id;
  };
  const policy = phasedPolicy(plan.spec, planPhased(plan, serve?.heads ?? defaultHeads, serve?.tuned ?? [], kernelFor, req.target));
  const entries = policy.entries();
  const samples = phasedSamples(plan);
  for (const w of wanted) {
    const what = `${op} ${JSON.stringify(w.params)} config ${JSON.stringify(w.config)} on ${req.target}`;
    const entry = entries.find((e) => e.name === w.entry)!;
    kernels.push(await gpuRuntimeKernel(req.target, kernels.length, what, emitKernel(op, req.target, w.params, w.config), entry, samples, { rows: 0, kMultiple: 1 }));
  }
  return policy;
}

/** The library's contents: every kernel the dispatch can reach, and the tables that reach them, for each op of the request. */
export async function planGpuRuntime(req: GpuRuntimeRequest): Promise<GpuRuntimeSpec> {
  const kernels: GpuRuntimeKernel[] = [];
  const policies: DispatchPolicy<GpuRuntimeKernel>[] = [];
  const ops = req.ops ?? ['gemv'];
  if (ops.includes('gemv')) policies.push(await planGemv(req, kernels));
  for (const op of Object.keys(PHASED_RUNTIME_OPS)) if (ops.includes(op)) policies.push(await planPhasedOp(req, op, kernels));
  return { target: req.target, version: req.version, device: req.device, kernels, policies };
}

export interface GpuBuildOptions {
  /** CUDA: the architectures to compile for (CMake's form, e.g. ['90']); default the library's 80;90 */
  readonly cudaArchitectures?: readonly string[];
}

/** cmake configure + build of a library folder written from gpuRuntimeFiles, into DIR/build. */
export async function buildGpuRuntime(dir: string, options: GpuBuildOptions = {}): Promise<BuiltRuntime> {
  if (options.cudaArchitectures && !options.cudaArchitectures.every((a) => /^\d+[a-z]?$/.test(a)))
    throw new InputError(`CUDA architectures must look like 80 or 90a, got ${options.cudaArchitectures.join(',')}`);
  return cmakeBuildRuntime(dir, options.cudaArchitectures ? [`-DKFORGE_CUDA_ARCHITECTURES=${options.cudaArchitectures.join(';')}`] : []);
}
