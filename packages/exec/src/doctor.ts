/**
 * `kforge doctor`: for each of the eleven targets, whether it executes natively, emulated, only
 * compiles, or not at all on this machine, through which executor, and the tool versions found.
 * Every probe is a short subprocess run in parallel and cached, so the report costs a few seconds once
 * per process.
 */
import { TARGETS, TARGET_NAMES, type ExecutorName, type TargetName } from '@kforge/target';
import type { Availability, Executor } from './executor.ts';
import { CPU_TOOLCHAINS, isCpuTarget } from './cpu/toolchains.ts';
import { executorsFor } from './registry.ts';
import { npmPackageVersion, toolVersion, versionProbe, type ToolProbe } from './util/tools.ts';

export type DoctorStatus = 'native' | 'emulated' | 'compile-only' | 'unavailable';

export interface DoctorTarget {
  readonly target: TargetName;
  readonly status: DoctorStatus;
  /** the executor that runs (or, for compile-only, builds) it; absent when none can */
  readonly executor?: ExecutorName;
  /** variants that executor covers, e.g. [{vlen:128},{vlen:256},{vlen:512}] */
  readonly variants: readonly Readonly<Record<string, number | string>>[];
  /** versions of the tools this target uses */
  readonly versions: Readonly<Record<string, string>>;
  /** why it does not execute here (or how the status was judged) */
  readonly reason?: string;
}

export interface DoctorReport {
  readonly probedAt: string;
  readonly targets: readonly DoctorTarget[];
  /** every tool doctor looks for: its version, or null when missing */
  readonly tools: Readonly<Record<string, string | null>>;
}

const TOOL_PROBES: Readonly<Record<string, ToolProbe>> = {
  'gcc': versionProbe('gcc'),
  'clang-19': versionProbe('clang-19'),
  'aarch64-linux-gnu-gcc': versionProbe('aarch64-linux-gnu-gcc'),
  'qemu-aarch64': versionProbe('qemu-aarch64'),
  'qemu-riscv64': versionProbe('qemu-riscv64'),
  'qemu-hexagon': versionProbe('qemu-hexagon'),
  'glslangValidator': { command: 'glslangValidator', args: ['--version'], pattern: /Glslang Version:\s*(\S+)/ },
  'spirv-val': { command: 'spirv-val', args: ['--version'], pattern: /SPIRV-Tools\s+(v\S+)/ },
  'pocl': { command: 'clinfo', args: [], pattern: /PoCL\s+(\S+)/ },
  'vulkan-device': { command: 'vulkaninfo', args: ['--summary'], pattern: /deviceName\s*=\s*(.+)/ },
  'nvcc': { command: 'nvcc', args: ['--version'], pattern: /release\s+([\d.]+)/ },
};

/** The tool that proves a target at least compiles (TOOLCHAINS.md); keys of TOOL_PROBES or 'webgpu'. */
function compileTool(target: TargetName): string {
  if (isCpuTarget(target)) return CPU_TOOLCHAINS[target].compiler;
  const tools: Record<Exclude<TargetName, keyof typeof CPU_TOOLCHAINS>, string> = {
    opencl: 'clang-19', vulkan: 'glslangValidator', wgsl: 'webgpu', cuda: 'nvcc', metal: 'clang-19',
  };
  return tools[target];
}

/**
 * Until an executor is registered, judge it by its tools (and say so in the report). CUDA executes
 * only on the GPU machine, so here its bundle executor is compile-only at best.
 */
const UNREGISTERED_FALLBACK: Partial<Record<ExecutorName, { readonly tool: string; readonly status: DoctorStatus }>> = {
  'pocl': { tool: 'pocl', status: 'native' },
  'lavapipe': { tool: 'vulkan-device', status: 'emulated' },
  'dawn': { tool: 'webgpu', status: 'emulated' },
  'metal-emu': { tool: 'clang-19', status: 'emulated' },
  'gpu-bundle': { tool: 'nvcc', status: 'compile-only' },
};

/** Executors that know more about one target than about their whole set (e.g. native needs AVX-512 flags for avx512). */
interface ProbesTargets {
  probeTarget(target: TargetName): Promise<Availability>;
}

function probeFor(executor: Executor, target: TargetName): Promise<Availability> {
  const perTarget = executor as Partial<ProbesTargets>;
  return perTarget.probeTarget ? perTarget.probeTarget(target) : executor.probe();
}

function statusOf(mode: Availability['mode']): DoctorStatus {
  // 'gpu' is real hardware executing the kernel, which is what 'native' means in the report
  return mode === 'gpu' ? 'native' : mode;
}

async function diagnose(target: TargetName, tools: Readonly<Record<string, string | null>>): Promise<DoctorTarget> {
  const tool = compileTool(target);
  const compilerVersion = tools[tool];
  const baseVersions: Record<string, string> = compilerVersion ? { [tool]: compilerVersion } : {};
  const reasons: string[] = [];
  let compileOnly: DoctorTarget | undefined;

  const registered = executorsFor(target);
  for (const executor of registered) {
    const avail = await probeFor(executor, target);
    const entry = { target, executor: executor.name, variants: executor.variants, versions: { ...baseVersions, ...avail.versions } };
    if (!avail.ok) {
      reasons.push(`${executor.name}: ${avail.reason ?? 'not available'}`);
    } else if (avail.mode === 'compile-only') {
      compileOnly ??= { ...entry, status: 'compile-only', reason: avail.reason ?? `${executor.name} builds ${target} here but executes it only elsewhere` };
    } else {
      return { ...entry, status: statusOf(avail.mode) };
    }
  }
  if (compileOnly) return compileOnly;

  for (const name of TARGETS[target].executors) {
    if (registered.some((e) => e.name === name)) continue;
    const fallback = UNREGISTERED_FALLBACK[name];
    const version = fallback && tools[fallback.tool];
    if (!fallback || !version) {
      reasons.push(`${name}: executor not registered yet${fallback ? ` and ${fallback.tool} not found` : ''}`);
      continue;
    }
    return {
      target, status: fallback.status, executor: name, variants: [{}], versions: { ...baseVersions, [fallback.tool]: version },
      reason: `executor ${name} is not registered yet: status judged by the presence of ${fallback.tool}`,
    };
  }

  const reason = reasons.join('; ') || 'no executor for this target';
  if (compilerVersion) return { target, status: 'compile-only', variants: [], versions: baseVersions, reason };
  return { target, status: 'unavailable', variants: [], versions: {}, reason: `${tool} not found; ${reason}` };
}

let cached: Promise<DoctorReport> | undefined;

/** Probe this machine once per process (later calls return the same report). */
export function doctor(): Promise<DoctorReport> {
  cached ??= (async () => {
    const tools: Record<string, string | null> = { webgpu: npmPackageVersion('webgpu') ?? null };
    await Promise.all(Object.entries(TOOL_PROBES).map(async ([name, probe]) => {
      tools[name] = (await toolVersion(probe)) ?? null;
    }));
    const targets = await Promise.all(TARGET_NAMES.map((t) => diagnose(t, tools)));
    return { probedAt: new Date().toISOString(), targets, tools };
  })();
  return cached;
}
