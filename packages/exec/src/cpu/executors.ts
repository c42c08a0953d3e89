/**
 * The CPU executors: `native` (c, avx2, avx512 on this x86-64 host) and the qemu user-mode emulators
 * (neon, rvv at several VLENs, hvx). One class; each executor is a record saying how to launch the
 * binary and what the host must have.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openmpEnv, sizedBuffers, type ExecutorName, type TargetName } from '@kforge/target';
import type { Availability, ExecutionMode, Executor, RunRequest, RunResult } from '../executor.ts';
import { ExecError, processFailure } from '../util/exec-error.ts';
import { formatCommand, runProcess } from '../util/subprocess.ts';
import { toolVersion, versionProbe, type ToolProbe } from '../util/tools.ts';
import { withWorkDir } from '../util/workdir.ts';
import { checkInputBuffers } from '../util/buffers.ts';
import { buildCpuArtifact, cpuToolchainFor } from './build.ts';
import { missingHostFeatures } from './host-features.ts';
import { CPU_TOOLCHAINS, type CpuTargetName } from './toolchains.ts';

type Variant = Readonly<Record<string, number | string>>;

/** The harness exits 3 when it cannot read or write its files (not the kernel's fault). */
const HARNESS_EXIT_CODE = 3;

export interface CpuExecutorSpec {
  readonly name: ExecutorName;
  readonly targets: readonly CpuTargetName[];
  readonly mode: Extract<ExecutionMode, 'native' | 'emulated'>;
  readonly variants: readonly Variant[];
  /** the emulator command line in front of the program; empty to run it directly */
  readonly launcher: (variant: Variant) => readonly string[];
  readonly emulator?: ToolProbe;
  /** why this host cannot run `target` although the tools are there; undefined when it can */
  readonly hostGap?: (target: CpuTargetName) => string | undefined;
  readonly runTimeoutMs: number;
}

export class CpuExecutor implements Executor {
  readonly name: ExecutorName;
  readonly targets: readonly TargetName[];
  readonly variants: readonly Variant[];

  constructor(readonly spec: CpuExecutorSpec) {
    this.name = spec.name;
    this.targets = spec.targets;
    this.variants = spec.variants;
  }

  /** Tools present (compilers of every target, the emulator); cached per process by toolVersion. */
  async probe(): Promise<Availability> {
    const probes = new Map<string, ToolProbe>();
    for (const t of this.spec.targets) probes.set(CPU_TOOLCHAINS[t].compiler, CPU_TOOLCHAINS[t].probe);
    if (this.spec.emulator) probes.set(this.spec.emulator.command, this.spec.emulator);
    const versions: Record<string, string> = {};
    const missing: string[] = [];
    await Promise.all([...probes].map(async ([tool, probe]) => {
      const version = await toolVersion(probe);
      if (version) versions[tool] = version;
      else missing.push(tool);
    }));
    const hostReason = this.spec.mode === 'native' && process.arch !== 'x64' ? `host is ${process.arch}, not x86-64` : undefined;
    const reason = missing.length ? `not installed: ${missing.sort().join(', ')}` : hostReason;
    return { ok: !reason, mode: this.spec.mode, versions, ...(reason ? { reason } : {}) };
  }

  /** probe() plus what this host needs for one target (e.g. the AVX-512 flags in /proc/cpuinfo). */
  async probeTarget(target: TargetName): Promise<Availability> {
    const avail = await this.probe();
    if (!avail.ok) return avail;
    if (!this.spec.targets.includes(target as CpuTargetName)) {
      return { ...avail, ok: false, reason: `${this.name} does not run target ${target}` };
    }
    const gap = this.spec.hostGap?.(target as CpuTargetName);
    return gap ? { ...avail, ok: false, reason: gap } : avail;
  }

  async run(req: RunRequest): Promise<RunResult> {
    const { artifact } = req;
    const avail = await this.probeTarget(artifact.target);
    if (!avail.ok) throw new ExecError('unavailable', `executor ${this.name} cannot run ${artifact.op} for ${artifact.target} here: ${avail.reason}`);
    const toolchain = cpuToolchainFor(artifact);
    checkInputBuffers(artifact, req.inputs);
    const repeats = req.timedRepeats ?? 0;
    const copies = Math.max(1, Math.floor(req.rotate ?? 1));
    if (repeats > 0 && !toolchain.hosted) {
      throw new ExecError('unavailable', `executor ${this.name} cannot time ${artifact.target}: its freestanding harness has no clock`);
    }
    const variant = req.variant ?? this.variants[0] ?? {};
    const launcher = this.spec.launcher(variant);
    const threads = artifact.threads ?? 0;

    return withWorkDir(req.workDir, this.name, async (dir) => {
      const build = await buildCpuArtifact(artifact, dir);
      const runDir = mkdtempSync(join(dir, 'run-'));
      try {
        for (const b of artifact.buffers) {
          if (b.role === 'in') writeFileSync(join(runDir, `in_${b.name}.bin`), req.inputs[b.name]!);
        }
        const flush = Math.max(0, Math.floor(req.flushBytes ?? 0));
        const argv = [...launcher, build.binary, ...(repeats > 0 ? [String(repeats), String(copies), ...(flush > 0 ? [String(flush)] : [])] : [])];
        const result = await runProcess(argv[0]!, argv.slice(1), {
          cwd: runDir,
          env: openmpEnv(threads),
          timeoutMs: this.spec.runTimeoutMs,
        });
        const what = `run ${artifact.op} for ${artifact.target} on ${this.name}`;
        const failure = processFailure(what, result, result.code === HARNESS_EXIT_CODE ? 'harness' : 'crash');
        if (failure) throw failure;

        const outputs: Record<string, Uint8Array> = {};
        for (const b of sizedBuffers(artifact)) {
          if (b.role !== 'out') continue;
          const bytes = new Uint8Array(readFileSync(join(runDir, `out_${b.name}.bin`)));
          if (bytes.length !== b.bytes) throw new ExecError('harness', `${what}: output ${b.name} has ${bytes.length} bytes, expected ${b.bytes}`);
          outputs[b.name] = bytes;
        }
        const threadNote = toolchain.openmp ? (threads > 0 ? `, ${threads} OpenMP threads` : ', OpenMP default threads') : ', single-threaded';
        return {
          outputs,
          executor: this.name,
          mode: this.spec.mode,
          detail: `${launcher.length ? formatCommand(launcher[0]!, launcher.slice(1)) : 'native'} (${toolchain.compiler} ${avail.versions[toolchain.compiler] ?? ''}${threadNote})`,
          ...(repeats > 0 ? { timingsNs: readTimings(join(runDir, 'timings.bin'), repeats, what), rotatedCopies: copies } : {}),
        };
      } finally {
        rmSync(runDir, { recursive: true, force: true });
      }
    });
  }
}


function readTimings(path: string, repeats: number, what: string): number[] {
  const raw = readFileSync(path);
  if (raw.length !== repeats * 8) throw new ExecError('harness', `${what}: timings file has ${raw.length} bytes, expected ${repeats * 8}`);
  return Array.from({ length: repeats }, (_, i) => Number(raw.readBigUInt64LE(i * 8)));
}

export const nativeExecutor = new CpuExecutor({
  name: 'native', targets: ['c', 'avx2', 'avx512'], mode: 'native', variants: [{}],
  launcher: () => [],
  hostGap: (target) => {
    const missing = missingHostFeatures(target);
    return missing.length ? `this CPU lacks ${missing.join(', ')} (/proc/cpuinfo); ${target} can only be compiled here` : undefined;
  },
  runTimeoutMs: 120_000,
});

export const qemuAarch64Executor = new CpuExecutor({
  name: 'qemu-aarch64', targets: ['neon'], mode: 'emulated', variants: [{}],
  launcher: () => ['qemu-aarch64', '-cpu', 'max', '-L', '/usr/aarch64-linux-gnu'],
  emulator: versionProbe('qemu-aarch64'),
  runTimeoutMs: 300_000,
});

export const RVV_VLENS = [128, 256, 512] as const;

export const qemuRiscv64Executor = new CpuExecutor({
  name: 'qemu-riscv64', targets: ['rvv'], mode: 'emulated', variants: RVV_VLENS.map((vlen) => ({ vlen })),
  // vext_spec pins RVV 1.0 (what clang's rv64gcv emits) and silences qemu's warning about the default
  launcher: (variant) => ['qemu-riscv64', '-cpu', `rv64,v=true,vext_spec=v1.0,vlen=${variant.vlen ?? RVV_VLENS[0]}`, '-L', '/usr/riscv64-linux-gnu'],
  emulator: versionProbe('qemu-riscv64'),
  runTimeoutMs: 300_000,
});

export const qemuHexagonExecutor = new CpuExecutor({
  name: 'qemu-hexagon', targets: ['hvx'], mode: 'emulated', variants: [{}],
  launcher: () => ['qemu-hexagon', '-cpu', 'v67'],
  emulator: versionProbe('qemu-hexagon'),
  runTimeoutMs: 300_000,
});

export const CPU_EXECUTORS: readonly CpuExecutor[] = [nativeExecutor, qemuAarch64Executor, qemuRiscv64Executor, qemuHexagonExecutor];
