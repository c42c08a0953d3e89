/**
 * Composes a CPU runtime library: the tuned configs (from the tuning database) and the target's
 * defaults become kernels (each emitted by the code generator and given a unique symbol), dispatch
 * tables and CMake files (@kforge/runtime), then CMake builds it with the target's toolchain.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { FORMATS, InputError, resolveParams, type KnobConfig, type Params, type WeightFormatName } from '@kforge/ir';
import { geometryProblems, type KernelArtifact, type TargetName } from '@kforge/target';
import { C_DIALECT } from '@kforge/codegen-core';
import {
  CPU_TOOLCHAINS, ExecError, processFailure, qemuAarch64Executor, qemuRiscv64Executor, runProcess, type CpuExecutor, type CpuTargetName,
} from '@kforge/exec';
import {
  ATTENTION_PHASED, GATED_DELTA_RULE_PHASED, MOE_PHASED, M_MAX, bucketCount, bucketRepresentative, gemvEntryName, gemvPolicy, phasedPolicy,
  type Activation, type AttentionPhase, type CpuRuntimeSpec, type DispatchPolicy, type CpuToolchainSpec, type GatedDeltaRulePhase, type GemvVariant,
  type KernelArg, type MoePhase, type PhasedOp, type PhasedVariant, type RuntimeKernel, type TunedShape,
} from '@kforge/runtime';
import { canonicalJson } from '@kforge/autotune';
import { LOWERINGS, emitKernel, loweringFor, resolveConfig } from '../lowerings.ts';
import { GATED_DELTA_RULE_DECODE_TOKENS } from '../ops/gated-delta-rule.ts';
import { MOE_DECODE_TOKENS } from '../ops/moe.ts';

/** A tuned config for one shape of an op (the best record of the database for it). */
export interface TunedConfig {
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
  readonly tuned: readonly TunedConfig[];
  readonly device: string;
  readonly version: string;
  /** largest M the library accepts (default M_MAX); tuned shapes above it are left out */
  readonly maxM?: number;
  /** the ops the library serves (default ['gemv']); `formats`, `acts`, `tuned` and `maxM` are gemv's */
  readonly ops?: readonly string[];
  /** per phased op (attention, gated_delta_rule: PHASED_RUNTIME_OPS): the head configurations to serve and its tuned records */
  readonly phased?: Readonly<Record<string, PhasedRequest>>;
}

/** what a library serves of a phased op (attention, gated_delta_rule): head configurations and tuned records */
export interface PhasedRequest {
  readonly heads: readonly Params[];
  readonly tuned: readonly TunedConfig[];
}

export type CpuRuntimeRequest = RuntimeRequest<CpuTargetName>;

/** the ops with a runtime dispatch policy (@kforge/runtime policies/) and planners here: CPU libraries, GPU libraries */
const RUNTIME_OPS = { cpu: ['gemv', 'attention', 'gated_delta_rule', 'moe'], gpu: ['gemv', 'attention', 'gated_delta_rule', 'moe'] } as const;

/** what a runtime library of `op` for `target` lacks: kernels on the target, a dispatch policy and planner; empty when it can be built */
export function runtimeGaps(op: string, target: string): string[] {
  const gpu = ['cuda', 'opencl', 'vulkan'].includes(target);
  return [
    ...(LOWERINGS.some((l) => l.op === op && (l.targets as readonly string[]).includes(target)) ? [] : [`no kernels on ${target} (no lowering in packages/driver/src/lowerings.ts)`]),
    ...((RUNTIME_OPS[gpu ? 'gpu' : 'cpu'] as readonly string[]).includes(op) ? [] : [`no ${gpu ? 'GPU' : 'CPU'} runtime dispatch policy and planner (packages/runtime/src/policies/, packages/driver/src/runtime/)`]),
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

function kernelArgs(a: KernelArtifact, names: readonly string[]): KernelArg[] {
  return names.map((name): KernelArg => {
    const buffer = a.buffers.find((b) => b.name === name);
    if (!buffer) {
      const scalar = a.scalars.find((s) => s.name === name);
      if (!scalar) throw new Error(`${a.op}: argument '${name}' is neither a buffer nor a scalar`);
      return { name, cType: scalar.type === 'f32' ? 'float' : scalar.type === 'u32' ? 'uint32_t' : 'int32_t' };
    }
    const cType = `${buffer.role === 'in' ? 'const ' : ''}${C_DIALECT.types[buffer.elem]}*`;
    return buffer.role === 'scratch' ? { name, cType, scratch: buffer.bytes } : { name, cType };
  });
}

/**
 * One config of an op as a runtime kernel: its C function(s) with the sizes the artifact states over the
 * run-time scalars, renamed to unique symbols. An artifact of several dispatches (a split-KV combine after
 * the main pass) gets one function `symbol` calling them in order, over the union of their arguments.
 */
export function cpuRuntimeKernel(target: CpuTargetName, id: number, op: string, params: Params, config: KnobConfig, entry: string, rows: number): RuntimeKernel {
  const artifact = emitKernel(op, target, params, config);
  const what = `${op} ${JSON.stringify(params)} config ${JSON.stringify(config)} on ${target}`;
  if (artifact.language !== 'c' || Object.keys(artifact.files).length !== 1) throw new Error(`${what}: a runtime kernel must be one C translation unit, got ${artifact.language}`);
  const problems = [...geometryProblems(artifact), ...(artifact.compiledScalars ?? []).map((s) => `scalar ${s} is compiled in`)];
  if (problems.length) throw new Error(`${what}: it cannot serve run-time shapes: ${problems.join('; ')}`);
  let source = Object.values(artifact.files)[0]!;
  const symbol = `kf_k${id}_${artifact.dispatches[0]!.entry}`;
  const entries = [...new Set(artifact.dispatches.map((d) => d.entry))];
  const renamed = new Map(entries.map((e, i) => [e, entries.length === 1 ? symbol : `${symbol}_${i}`]));
  for (const [from, to] of renamed) {
    // the entries are the translation unit's only external identifiers (helpers are static), so whole-word renames are exact
    const definition = new RegExp(`\\b${from}\\b`, 'g');
    if (!definition.test(source)) throw new Error(`${what}: entry '${from}' not found in its source`);
    source = source.replace(definition, to);
  }
  const names = [...new Set(artifact.dispatches.flatMap((d) => d.args))];
  const args = kernelArgs(artifact, names);
  if (entries.length > 1 || artifact.dispatches.length > 1) {
    const calls = artifact.dispatches.map((d) => `  ${renamed.get(d.entry)!}(${d.args.join(', ')});`);
    source += `\n/* the artifact's dispatches in order: one call of the runtime */\nvoid ${symbol}(${args.map((a) => `${a.cType} ${a.name}`).join(', ')}) {\n${calls.join('\n')}\n}\n`;
  }
  return { id, symbol, entry, rows, file: `${symbol}.c`, source, args, config: artifact.config, threads: Number(artifact.config.threads ?? 0) };
}

/** The kernel of one (format, act, bias, config): one C function whose sizes the artifact states over M, N and K; it takes every M up to `maxM`. */
function emitRuntimeKernel(target: CpuTargetName, id: number, format: WeightFormatName, act: Activation, bias: boolean, config: KnobConfig, maxM: number): RuntimeKernel {
  return cpuRuntimeKernel(target, id, 'gemv', { ...EMIT_SHAPE, weight: format, act, bias }, config, gemvEntryName(format, act), maxM);
}

/** Head configurations of the attention suites' models (Qwen3-0.6B, Qwen3-30B-A3B), causal, f16 and q8_0 KV: build-runtime's default. */
export const DEFAULT_ATTENTION_HEADS: readonly Params[] = [
  { Hq: 16, Hkv: 8, D: 128, causal: true, kv: 'f16' }, { Hq: 16, Hkv: 8, D: 128, causal: true, kv: 'q8_0' },
  { Hq: 32, Hkv: 4, D: 128, causal: true, kv: 'f16' }, { Hq: 32, Hkv: 4, D: 128, causal: true, kv: 'q8_0' },
];

/** Qwen3.5's linear-attention heads (16 q/k heads of 128; 16 and 32 value heads), l2norm: build-runtime's default. */
export const DEFAULT_GATED_DELTA_RULE_HEADS: readonly Params[] = [
  { Hk: 16, Hv: 16, Dk: 128, l2norm: true }, { Hk: 16, Hv: 32, Dk: 128, l2norm: true },
];

/**
 * Qwen3-30B-A3B's MoE block (128 experts, top 8 renormalized, hidden 2048, experts' intermediate 768)
 * with router routing, in q4_0, q8_0 and f16: build-runtime's default.
 */
export const DEFAULT_MOE_EXPERTS: readonly Params[] = (['q4_0', 'q8_0', 'f16'] as const).map((weight) => ({ E: 128, topk: 8, H: 2048, I: 768, weight, routing: 'router', normTopk: true }));

/** How the planner serves one phased op (policies/phased.ts): its phases' shapes and which phase a tuned record belongs to. */
export interface PhasedPlan<Phase extends string> {
  readonly spec: PhasedOp<Phase>;
  /** the shape each phase's default config is asked for (configs depend on it; sources do not) */
  readonly phaseShape: Readonly<Record<Phase, Params>>;
  phaseOf(params: Params): Phase;
  /**
   * knobs each phase's default config is asked with (moe: the variant of the phase, where the target's
   * kernel space has it: its defaults follow the params, not T), else the target's default at phaseShape
   */
  phaseKnobs?(phase: Phase, target: TargetName, params: Params): KnobConfig | undefined;
}

export const ATTENTION_PLAN: PhasedPlan<AttentionPhase> = {
  spec: ATTENTION_PHASED,
  phaseShape: { decode: { B: 1, Sq: 1, Skv: 4096 }, prefill: { B: 1, Sq: 512, Skv: 512 } },
  phaseOf: (p) => (Number(p.Sq) === 1 ? 'decode' : 'prefill'),
};

export const GATED_DELTA_RULE_PLAN: PhasedPlan<GatedDeltaRulePhase> = {
  spec: GATED_DELTA_RULE_PHASED,
  phaseShape: { decode: { B: 1, T: 1 }, prefill: { B: 1, T: 512 } },
  phaseOf: (p) => (Number(p.T) <= GATED_DELTA_RULE_DECODE_TOKENS ? 'decode' : 'prefill'),
};

const MOE_PHASE_VARIANT: Readonly<Record<MoePhase, string>> = { decode: 'gather', prefill: 'tiled' };

export const MOE_PLAN: PhasedPlan<MoePhase> = {
  spec: MOE_PHASED,
  phaseShape: { decode: { T: 1 }, prefill: { T: 512 } },
  phaseOf: (p) => (Number(p.T) <= MOE_DECODE_TOKENS ? 'decode' : 'prefill'),
  phaseKnobs(phase, target, params) {
    const space = loweringFor('moe', target).knobs(target, params);
    const variant = space.knobs.find((k) => k.name === 'variant');
    if (!variant?.values.includes(MOE_PHASE_VARIANT[phase])) return undefined;
    // the tiled variant computes on tensor cores where the target has them (the only mma it takes)
    const mma = space.knobs.find((k) => k.name === 'mma');
    const wanted: KnobConfig = MOE_PHASE_VARIANT[phase] === 'tiled' && mma?.values.includes('tensor_core')
      ? { variant: 'tiled', mma: 'tensor_core' } : { variant: MOE_PHASE_VARIANT[phase] };
    // a variant that does not serve these params (the tiled one takes no f32 weights) leaves the defaults
    return space.check({ ...space.defaults, ...wanted }) ? undefined : wanted;
  },
};

/** the shape each attention phase's default config is asked for */
export const ATTENTION_PHASE_SHAPE = ATTENTION_PLAN.phaseShape;

/** the params an entry of a phased op compiles in, resolved (defaults filled) */
export function phasedHeads<Phase extends string>(plan: PhasedPlan<Phase>, params: Params): Params {
  const full = resolveParams(plan.spec.op, { ...plan.phaseShape[plan.spec.phases[0]!], ...params });
  return Object.fromEntries(plan.spec.compiled.map((k) => [k, full[k]!]));
}

/** the params an attention entry compiles in, resolved (Dv, window, scale filled) */
export const attentionHeads = (params: Params): Params => phasedHeads(ATTENTION_PLAN, params);

/** The ops whose runtime entries are per head configuration and phase: their plans and the head configurations served by default. */
export type PhasedRuntimeOps = Readonly<Record<string, { readonly plan: PhasedPlan<string>; readonly defaultHeads: readonly Params[] }>>;
export const PHASED_RUNTIME_OPS: PhasedRuntimeOps = {
  attention: { plan: ATTENTION_PLAN as PhasedPlan<string>, defaultHeads: DEFAULT_ATTENTION_HEADS },
  gated_delta_rule: { plan: GATED_DELTA_RULE_PLAN as PhasedPlan<string>, defaultHeads: DEFAULT_GATED_DELTA_RULE_HEADS },
  moe: { plan: MOE_PLAN as PhasedPlan<string>, defaultHeads: DEFAULT_MOE_EXPERTS },
};

/** a phased op's entries: one per head configuration and phase, tuned records by their phase (CPU and GPU planners alike) */
export function planPhased<Phase extends string>(
  plan: PhasedPlan<Phase>, heads: readonly Params[], tuned: readonly TunedConfig[],
  kernelFor: (params: Params, config: KnobConfig, entry: string) => number, target: TargetName,
): PhasedVariant<Phase>[] {
  const op = plan.spec.op.name;
  const all = new Map<string, Params>();
  for (const h of [...heads, ...tuned.map((t) => t.params)]) {
    const compiled = phasedHeads(plan, h);
    all.set(canonicalJson(compiled), compiled);
  }
  return [...all.values()].flatMap((h) => plan.spec.phases.map((phase): PhasedVariant<Phase> => {
    const entry = plan.spec.entryName(h, phase);
    const params = { ...h, ...plan.phaseShape[phase] };
    const defaultKernel = kernelFor(params, resolveConfig(op, target, params, plan.phaseKnobs?.(phase, target, params)), entry);
    const mine = tuned.filter((t) => canonicalJson(phasedHeads(plan, t.params)) === canonicalJson(h) && plan.phaseOf(t.params) === phase);
    return {
      compiled: h, phase, defaultKernel,
      tuned: mine.map((t) => ({
        shape: Object.fromEntries(plan.spec.shape.map((d) => [d, Number(t.params[d])])), note: t.note,
        kernel: kernelFor(t.params, resolveConfig(op, target, t.params, t.config), entry),
      })),
    };
  }));
}

/** The library's contents: every kernel the dispatch can reach, and the tables that reach them. */
export function planCpuRuntime(req: CpuRuntimeRequest): CpuRuntimeSpec {
  const ops = req.ops ?? ['gemv'];
  const kernels: RuntimeKernel[] = [];
  const ids = new Map<string, number>();
  // one kernel per distinct (what it serves, config): the tables of every op index this one list
  const kernelOf = (key: readonly unknown[], config: KnobConfig, make: (id: number) => RuntimeKernel): number => {
    const k = canonicalJson([...key, config]);
    let id = ids.get(k);
    if (id === undefined) {
      id = kernels.length;
      kernels.push(make(id));
      ids.set(k, id);
    }
    return id;
  };
  const policies: DispatchPolicy<RuntimeKernel>[] = [];
  if (ops.includes('gemv')) {
    const kernelFor = (format: WeightFormatName, act: Activation, bias: boolean, config: KnobConfig): number =>
      kernelOf(['gemv', format, act, bias], config, (id) => emitRuntimeKernel(req.target, id, format, act, bias, config, req.maxM ?? M_MAX));
    policies.push(gemvPolicy(gemvVariants(req, kernelFor), req.maxM));
  }
  for (const [op, { plan, defaultHeads }] of Object.entries(PHASED_RUNTIME_OPS)) {
    if (!ops.includes(op)) continue;
    const serve = req.phased?.[op];
    // a kernel takes the run-time shape, so one (compiled params, config) serves both phases' entries (their arguments are the same)
    const kernelFor = (params: Params, config: KnobConfig, entry: string): number =>
      kernelOf([op, phasedHeads(plan, params)], config, (id) => cpuRuntimeKernel(req.target, id, op, params, config, entry, 0));
    policies.push(phasedPolicy(plan.spec, planPhased(plan, serve?.heads ?? defaultHeads, serve?.tuned ?? [], kernelFor, req.target)));
  }
  return { target: req.target, version: req.version, device: req.device, toolchain: runtimeToolchain(req.target), kernels, policies };
}

/** gemv's variants: per (format, act, bias), the default kernel of each M bucket and the tuned shapes */
function gemvVariants(req: CpuRuntimeRequest, kernelFor: (format: WeightFormatName, act: Activation, bias: boolean, config: KnobConfig) => number): GemvVariant[] {
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
  return variants;
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

