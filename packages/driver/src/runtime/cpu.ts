/**
 * Composes a CPU runtime library: the tuned configs (from the tuning database) and the target's
 * defaults become kernels (each emitted by the code generator and given a unique symbol), dispatch
 * tables and CMake files (@kforge/runtime), then CMake builds it with the target's toolchain.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { FORMATS, InputError, type KnobConfig, type Params, type WeightFormatName } from '@kforge/ir';
import { geometryProblems, type KernelArtifact } from '@kforge/target';
import { C_DIALECT } from '@kforge/codegen-core';
import {
  CPU_TOOLCHAINS, ExecError, processFailure, qemuAarch64Executor, qemuRiscv64Executor, runProcess, type CpuExecutor, type CpuTargetName,
} from '@kforge/exec';
import {
  M_MAX, bucketCount, bucketRepresentative, gemvEntryName, gemvPolicy,
  type Activation, type CpuRuntimeSpec, type CpuToolchainSpec, type GemvVariant, type KernelArg, type RuntimeKernel, type TunedShape,
} from '@kforge/runtime';
import { LOWERINGS, emitKernel, resolveConfig } from '../lowerings.ts';

/** A tuned config for one gemv shape (the best record of the database for it). */
export interface TunedGemv {
  readonly params: Params;
  readonly config: KnobConfig;
  /** provenance for the generated table, e.g. "0.41 ms, 2026-11-29T18:02Z, local" */
  readonly note: string;
}

/** What a runtime library is built from (CPU and GPU targets alike). */
export interface RuntimeRequest<Target extends string> {
  readonly target: Target;
  readonly formats: readonly WeightFormatName[];
  readonly acts: readonly Activation[];
  readonly tuned: readonly TunedGemv[];
  readonly device: string;
  readonly version: string;
  /** largest M the library accepts (default M_MAX); tuned shapes above it are left out */
  readonly maxM?: number;
}

export type CpuRuntimeRequest = RuntimeRequest<CpuTargetName>;

/** the ops with a runtime dispatch policy (@kforge/runtime policies/) and planners here */
const RUNTIME_OPS: readonly string[] = ['gemv'];

/** what a runtime library of `op` for `target` lacks: kernels on the target, a dispatch policy; empty when it can be built */
export function runtimeGaps(op: string, target: string): string[] {
  return [
    ...(LOWERINGS.some((l) => l.op === op && (l.targets as readonly string[]).includes(target)) ? [] : [`no kernels on ${target} (no lowering in packages/driver/src/lowerings.ts)`]),
    ...(RUNTIME_OPS.includes(op) ? [] : ['no runtime dispatch policy (packages/runtime/src/policies/)']),
  ];
}

/** Cross targets: CMake's processor name and the emulator (an executor's launcher) that runs their programs. */
const CROSS: Partial<Record<CpuTargetName, { processor: string; executor: CpuExecutor }>> = {
  neon: { processor: 'aarch64', executor: qemuAarch64Executor },
  rvv: { processor: 'riscv64', executor: qemuRiscv64Executor },
};

export function runtimeToolchain(target: CpuTargetName): CpuToolchainSpec {
  const t = CPU_TOOLCHAINS[target];
  if (!t.hosted) throw new InputError(`build-runtime: target ${target} has no C library here (freestanding), so it has no runtime library yet`);
  const cross = CROSS[target];
  return {
    compiler: t.compiler, flags: t.flags, libs: t.libs, openmp: t.openmp,
    ...(cross ? { cross: { processor: cross.processor, emulator: cross.executor.spec.launcher(cross.executor.variants[0] ?? {}) } } : {}),
  };
}

/** the shape a kernel is emitted at: any, since a CPU gemv takes M, N and K at run time (geometry.test.ts holds it to that) */
const EMIT_SHAPE = { M: M_MAX, N: 64, K: 256 } as const;

function kernelArgs(a: KernelArtifact): KernelArg[] {
  const dispatch = a.dispatches[0]!;
  return dispatch.args.map((name): KernelArg => {
    const buffer = a.buffers.find((b) => b.name === name);
    if (!buffer) {
      const scalar = a.scalars.find((s) => s.name === name);
      if (!scalar) throw new Error(`${dispatch.entry}: argument '${name}' is neither a buffer nor a scalar`);
      return { name, cType: scalar.type === 'f32' ? 'float' : scalar.type === 'u32' ? 'uint32_t' : 'int32_t' };
    }
    const cType = `${buffer.role === 'in' ? 'const ' : ''}${C_DIALECT.types[buffer.elem]}*`;
    return buffer.role === 'scratch' ? { name, cType, scratch: buffer.bytes } : { name, cType };
  });
}

/** The kernel of one (format, act, bias, config): one C function whose sizes the artifact states over M, N and K; it takes every M up to `maxM`. */
function emitRuntimeKernel(target: CpuTargetName, id: number, format: WeightFormatName, act: Activation, bias: boolean, config: KnobConfig, maxM: number): RuntimeKernel {
  const artifact = emitKernel('gemv', target, { ...EMIT_SHAPE, weight: format, act, bias }, config);
  const what = `gemv ${format} act ${act}${bias ? ' bias' : ''} config ${JSON.stringify(config)} on ${target}`;
  if (artifact.language !== 'c' || artifact.dispatches.length !== 1)
    throw new Error(`${what}: a runtime kernel must be one C function, got ${artifact.dispatches.length} ${artifact.language} dispatches`);
  const problems = [...geometryProblems(artifact), ...(artifact.compiledScalars ?? []).map((s) => `scalar ${s} is compiled in`)];
  if (problems.length) throw new Error(`${what}: it cannot serve run-time shapes: ${problems.join('; ')}`);
  const source = Object.values(artifact.files)[0]!;
  const entry = artifact.dispatches[0]!.entry;
  const symbol = `kf_k${id}_${entry}`;
  // the entry is the translation unit's one external identifier (helpers are static), so a whole-word rename is exact
  const definition = new RegExp(`\\b${entry}\\b`, 'g');
  if (!definition.test(source)) throw new Error(`${what}: entry '${entry}' not found in its source`);
  return {
    id, symbol, entry: gemvEntryName(format, act), rows: maxM, file: `${symbol}.c`, source: source.replace(definition, symbol), args: kernelArgs(artifact),
    config: artifact.config, threads: Number(artifact.config.threads ?? 0),
  };
}

/** The library's contents: every kernel the dispatch can reach, and the tables that reach them. */
export function planCpuRuntime(req: CpuRuntimeRequest): CpuRuntimeSpec {
  const kernels: RuntimeKernel[] = [];
  const ids = new Map<string, number>();
  const kernelFor = (format: WeightFormatName, act: Activation, bias: boolean, config: KnobConfig): number => {
    const key = JSON.stringify([format, act, bias, Object.entries(config).sort()]);
    let id = ids.get(key);
    if (id === undefined) {
      id = kernels.length;
      kernels.push(emitRuntimeKernel(req.target, id, format, act, bias, config, req.maxM ?? M_MAX));
      ids.set(key, id);
    }
    return id;
  };
  const variants: GemvVariant[] = [];
  for (const format of req.formats) {
    const block = FORMATS[format].kind === 'dense' ? 1 : (FORMATS[format] as { block: number }).block;
    for (const act of req.acts) {
      for (const bias of [false, true]) {
        const shapeParams = (M: number, N: number, K: number): Params => ({ M, N, K, weight: format, act, bias });
        // CPU kernels take any M and K: every chain is one kernel
        const defaults = Array.from({ length: bucketCount(req.maxM) }, (_, b) =>
          [kernelFor(format, act, bias, resolveConfig('gemv', req.target, shapeParams(bucketRepresentative(b), 64, Math.max(256, block)), undefined))]);
        const tuned = req.tuned
          .filter((t) => t.params.weight === format && t.params.act === act && Boolean(t.params.bias) === bias && Number(t.params.M) <= (req.maxM ?? M_MAX))
          .map((t): TunedShape => {
            const M = Number(t.params.M);
            const N = Number(t.params.N);
            const K = Number(t.params.K);
            const config = resolveConfig('gemv', req.target, shapeParams(M, N, K), t.config);
            return { M, N, K, kernels: [kernelFor(format, act, bias, config)], note: t.note };
          });
        variants.push({ format, act, bias, tuned, defaults });
      }
    }
  }
  return {
    target: req.target, version: req.version, device: req.device, toolchain: runtimeToolchain(req.target), kernels,
    policies: [gemvPolicy(variants, req.maxM)],
  };
}

export interface BuiltRuntime {
  readonly dir: string;
  readonly buildDir: string;
  readonly staticLibrary: string;
  readonly sharedLibrary: string;
  readonly wallMs: number;
}

const BUILD_TIMEOUT_MS = 1_200_000;

/** cmake configure + build of a library folder written from cpuRuntimeFiles, into DIR/build. */
export async function buildCpuRuntime(dir: string): Promise<BuiltRuntime> {
  return cmakeBuildRuntime(dir, [`-DCMAKE_TOOLCHAIN_FILE=${join(resolve(dir), 'cmake', 'kforge-toolchain.cmake')}`]);
}

/** cmake configure (Release, plus `configureArgs`) and build of a runtime library folder, into DIR/build. */
export async function cmakeBuildRuntime(dir: string, configureArgs: readonly string[]): Promise<BuiltRuntime> {
  const root = resolve(dir);
  const buildDir = join(root, 'build');
  const started = performance.now();
  const configure = await runProcess('cmake', ['-S', root, '-B', buildDir, '-DCMAKE_BUILD_TYPE=Release', ...configureArgs], { timeoutMs: BUILD_TIMEOUT_MS });
  const configureFailure = processFailure('configure the runtime library', configure, 'compile');
  if (configureFailure) throw configureFailure;
  // as many jobs as cores (a bare --parallel means no limit with Makefiles: dozens of nvcc at once)
  const build = await runProcess('cmake', ['--build', buildDir, '--parallel', String(availableParallelism())], { timeoutMs: BUILD_TIMEOUT_MS });
  const buildFailure = processFailure('build the runtime library', build, 'compile');
  if (buildFailure) throw buildFailure;
  const staticLibrary = join(buildDir, 'libkforge.a');
  const sharedLibrary = join(buildDir, 'libkforge.so');
  for (const lib of [staticLibrary, sharedLibrary])
    if (!existsSync(lib)) throw new ExecError('compile', `build the runtime library: ${lib} was not produced`);
  return { dir: root, buildDir, staticLibrary, sharedLibrary, wallMs: performance.now() - started };
}

