/**
 * Provenance of a benchmark result: what code (git revision, generated-source hash, config), built
 * how (compiler, flags), run where (CPU, ISA flags, cores, memory, caches, GPU) and when. A reviewer
 * who reruns the same command on the same machine should be able to tell whether anything differed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release, platform } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openmpEnv, type KernelArtifact } from '@kforge/target';
import { CPU_TOOLCHAINS, isCpuTarget, toolVersion } from '@kforge/exec';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface GitInfo {
  readonly revision: string;
  /** uncommitted changes in the working tree: the revision alone does not reproduce the code */
  readonly dirty: boolean;
}

export interface GpuInfo {
  readonly name: string;
  readonly driver: string;
  readonly memory_mib: number;
}

export interface MachineInfo {
  readonly cpu_model: string;
  /** the SIMD-relevant flags of /proc/cpuinfo */
  readonly isa_flags: readonly string[];
  readonly cores: number;
  /** null where the run did not record it (GPU bundles before run.sh recorded `free -b`) */
  readonly memory_bytes: number | null;
  readonly l3_bytes: number | null;
  readonly os: string;
  readonly node: string;
  readonly gpus: readonly GpuInfo[];
}

export interface CompilerInfo {
  readonly compiler: string;
  readonly version: string | null;
  readonly flags: readonly string[];
  readonly libs: readonly string[];
}

function run(cmd: string, args: readonly string[]): string | null {
  try {
    return execFileSync(cmd, args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return null;
  }
}

export function gitInfo(): GitInfo {
  const revision = run('git', ['rev-parse', 'HEAD']) ?? 'unknown';
  const status = run('git', ['status', '--porcelain', '--untracked-files=no']);
  return { revision, dirty: status === null || status.length > 0 };
}

export function kforgeVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

const ISA_FLAG = /^(sse4_2|avx|avx2|fma|f16c|bmi2|avx512\w*|avx_vnni|amx\w*)$/;

function readCpuinfo(): string {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return '';
  }
}

/** Size of the last-level (L3) cache in bytes from sysfs, or null where the kernel does not say. */
export function lastLevelCacheBytes(): number | null {
  const path = '/sys/devices/system/cpu/cpu0/cache/index3/size';
  if (!existsSync(path)) return null;
  const m = /^(\d+)([KMG]?)/.exec(readFileSync(path, 'utf8').trim());
  if (!m) return null;
  return Number(m[1]) * ({ '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 } as Record<string, number>)[m[2]!]!;
}

/**
 * The cache level a working set of `bytesPerThread` (each thread's share) fits in: 'L2' within one
 * core's L2 (cpu0's index2), 'L3' within the last-level cache, else 'DRAM'; null where /sys says nothing.
 */
export function cacheLevelFor(bytesPerThread: number): 'L2' | 'L3' | 'DRAM' | null {
  const size = (index: number): number | null => {
    const path = `/sys/devices/system/cpu/cpu0/cache/index${index}/size`;
    if (!existsSync(path)) return null;
    const m = /^(\d+)([KMG]?)/.exec(readFileSync(path, 'utf8').trim());
    return m ? Number(m[1]) * ({ '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 } as Record<string, number>)[m[2]!]! : null;
  };
  const l2 = size(2);
  const l3 = size(3);
  if (l2 === null && l3 === null) return null;
  if (l2 !== null && bytesPerThread <= l2) return 'L2';
  if (l3 !== null && bytesPerThread <= l3) return 'L3';
  return 'DRAM';
}

function gpus(): GpuInfo[] {
  const out = run('nvidia-smi', ['--query-gpu=name,driver_version,memory.total', '--format=csv,noheader,nounits']);
  if (!out) return [];
  return out.split('\n').map((line) => {
    const [name, driver, mem] = line.split(',').map((s) => s.trim());
    return { name: name ?? '', driver: driver ?? '', memory_mib: Number(mem) };
  });
}

let machineCache: MachineInfo | undefined;

export function machineInfo(): MachineInfo {
  if (!machineCache) {
    const text = readCpuinfo();
    const flags = /^flags\s*:(.*)$/m.exec(text)?.[1]?.trim().split(/\s+/) ?? [];
    machineCache = {
      cpu_model: /^model name\s*:(.*)$/m.exec(text)?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown',
      isa_flags: flags.filter((f) => ISA_FLAG.test(f)).sort(),
      cores: cpus().length,
      memory_bytes: totalmem(),
      l3_bytes: lastLevelCacheBytes(),
      os: `${platform()} ${release()}`,
      node: process.version,
      gpus: gpus(),
    };
  }
  return machineCache;
}

/** sha256 over the artifact's source files (names and texts, in order). */
export function sourceSha256(artifact: KernelArtifact): string {
  const hash = createHash('sha256');
  for (const [name, text] of Object.entries(artifact.files)) hash.update(`${name}\0${text}\0`);
  return hash.digest('hex');
}

export async function compilerInfo(artifact: KernelArtifact): Promise<CompilerInfo | null> {
  if (!isCpuTarget(artifact.target) || artifact.language !== 'c') return null;
  const t = CPU_TOOLCHAINS[artifact.target];
  return { compiler: t.compiler, version: (await toolVersion(t.probe)) ?? null, flags: t.flags, libs: t.libs };
}

export interface Affinity {
  readonly OMP_PROC_BIND: string | null;
  readonly OMP_PLACES: string | null;
  /** the thread count OpenMP was given; null: OpenMP's default (one per CPU the process may use) */
  readonly OMP_NUM_THREADS?: string | null;
  /** /proc/self/status Cpus_allowed_list: the CPUs the timed processes may run on */
  readonly cpus_allowed?: string | null;
  /** where the values differ from what the user set, and why */
  readonly note?: string;
}

/**
 * Thread placement for timed runs: OMP_PROC_BIND=close and OMP_PLACES=cores unless the user set
 * them, written into this process's environment so every harness it starts inherits them.
 */
export function pinThreads(): Affinity {
  process.env.OMP_PROC_BIND ??= 'close';
  process.env.OMP_PLACES ??= 'cores';
  return { OMP_PROC_BIND: process.env.OMP_PROC_BIND, OMP_PLACES: process.env.OMP_PLACES };
}

function cpusAllowed(): string | null {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * The placement the kernels actually ran under. With a thread count the CPU executor sets its own
 * OpenMP environment (openmpEnv of @kforge/target: one thread per core, close), which takes precedence
 * over this process's; without one the harness inherits this process's (pinThreads). Recorded after
 * the fact, so what the file says is what was in force, not what was asked for.
 */
export function affinityInForce(threads: number, env: NodeJS.ProcessEnv = process.env): Affinity {
  const forced = openmpEnv(threads);
  const get = (name: 'OMP_PROC_BIND' | 'OMP_PLACES' | 'OMP_NUM_THREADS'): string | null => forced[name] ?? env[name] ?? null;
  const overridden = (['OMP_PROC_BIND', 'OMP_PLACES'] as const).filter((k) => forced[k] !== undefined && env[k] !== undefined && env[k] !== forced[k]);
  return {
    OMP_PROC_BIND: get('OMP_PROC_BIND'), OMP_PLACES: get('OMP_PLACES'), OMP_NUM_THREADS: get('OMP_NUM_THREADS'), cpus_allowed: cpusAllowed(),
    ...(overridden.length ? { note: `${overridden.map((k) => `${k}=${env[k]}`).join(', ')} from the environment was replaced by the executor's ${overridden.map((k) => `${k}=${forced[k]}`).join(', ')} (a thread count was given)` } : {}),
  };
}

/** The 1-minute load average above the cores: other work competes with the timed threads (issue 20). */
export function loadExceedsCores(load: readonly number[], cores: number = machineInfo().cores): boolean {
  return (load[0] ?? 0) > cores;
}

/**
 * `bench run` refuses (the caller throws an InputError, exit 2) to start a comparison while the
 * 1-minute load average exceeds the cores, unless allowed; returns the refusal's message or null.
 */
export function loadRefusal(load: readonly number[] = loadavg(), cores: number = machineInfo().cores): string | null {
  if (!loadExceedsCores(load, cores)) return null;
  return `refusing to benchmark: the 1-minute load average is ${load[0]!.toFixed(2)} on ${cores} cores, so kforge and the baselines would share the cores with other work and their comparison would say little; rerun on a quiet machine, or pass --allow-load to time it anyway (its results are marked loaded: true)`;
}
