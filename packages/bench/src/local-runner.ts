/**
 * The tuner's runners at the app level, where code generation, executors and the one measurement
 * protocol meet: a config is emitted, run once and checked against the float64 reference (a wrong
 * result is a failed trial with its nmse), then timed with `timeArtifact`. Remote machines plug in
 * as executors built from autotune's transports, so local and remote trials are measured alike.
 */
import { readFileSync } from 'node:fs';
import { InputError, type KnobConfig, type KnobSpace, type Params } from '@kforge/ir';
import { sizedBuffers, type KernelArtifact, type TargetName } from '@kforge/target';
import {
  CPU_TOOLCHAINS, ExecError, isCpuTarget, renderCpuHarness, toolVersion,
  type Availability, type Executor, type ExecFailure, type RunRequest, type RunResult,
} from '@kforge/exec';
import { emitKernel } from '@kforge/driver';
import { pickInputs, type CaseInputs } from './case-inputs.ts';
import {
  RemoteJobError, cpuFingerprint, hashSources, runRemoteJob,
  type DeviceFingerprint, type Measurement, type RemoteJob, type Runner, type Transport, type Trial, type TrialStatus,
} from '@kforge/autotune';
import { bytesMoved, timeArtifact, type MeasureOptions } from './measure.ts';

/** What a trial produced beyond the strategy's view: the database record's details. */
export interface TrialDetail {
  readonly sourceHash?: string;
  readonly nmse?: number;
  readonly measurement?: Measurement;
  readonly detail?: string;
}

const STATUS_OF_FAILURE: Readonly<Record<ExecFailure, TrialStatus>> = {
  compile: 'compile', timeout: 'timeout', crash: 'runtime', harness: 'runtime', unavailable: 'runtime',
};

/** Kernel Tuner's failure classes from executor errors; an invalid config is a 'constraint'. */
export function classifyFailure(e: unknown): { status: TrialStatus; reason: string } {
  const reason = (e as Error)?.message ?? String(e);
  if (e instanceof ExecError) return { status: STATUS_OF_FAILURE[e.failure], reason };
  if (e instanceof InputError) return { status: 'constraint', reason };
  return { status: 'runtime', reason };
}

export interface KernelRunnerOptions {
  readonly op: string;
  readonly target: TargetName;
  readonly params: Params;
  readonly knobs: KnobSpace;
  /** the case's inputs and their check (caseInputs: sampled rows for a large case, else the whole reference) */
  readonly inputs: CaseInputs;
  readonly executor: Executor;
  readonly measure?: MeasureOptions;
  /** correctness only: no timing (emulated executors, or checking a bundle's candidates) */
  readonly checkOnly?: boolean;
}

export const configKeyOf = (config: KnobConfig): string => JSON.stringify(Object.keys(config).sort().map((k) => [k, config[k]]));

export class KernelRunner implements Runner {
  /** per config (configKeyOf): what the database records beyond the trial */
  readonly details = new Map<string, TrialDetail>();
  constructor(private readonly o: KernelRunnerOptions) {}

  async evaluate(config: KnobConfig): Promise<Trial> {
    const { o } = this;
    const key = configKeyOf(config);
    const why = o.knobs.check(config);
    if (why) return { config, status: 'constraint', reason: why };
    let artifact: KernelArtifact;
    try {
      artifact = emitKernel(o.op, o.target, o.params, config);
    } catch (e) {
      return { config, ...classifyFailure(e) };
    }
    const sourceHash = hashSources(artifact.files);
    try {
      const check = await o.inputs.judge(artifact, o.executor, o.measure?.workDir);
      const nmse = Number.isNaN(check.nmse) ? Infinity : check.nmse;
      if (!check.ok) {
        this.details.set(key, { sourceHash, nmse });
        return { config, status: 'wrong', reason: check.message };
      }
      if (o.checkOnly) {
        this.details.set(key, { sourceHash, nmse });
        return { config, status: 'ok' };
      }
      const timing = await timeArtifact(o.executor, artifact, pickInputs(o.inputs.bytes, artifact), o.measure);
      const bytes = o.inputs.counted ?? bytesMoved(artifact);
      const measurement: Measurement = {
        medianMs: timing.ms.median, minMs: timing.ms.min, maxMs: timing.ms.max, iqrMs: timing.ms.iqr,
        repeats: timing.ms.n, bytes, gbps: bytes / (timing.ms.median * 1e6),
      };
      this.details.set(key, { sourceHash, nmse, measurement, detail: timing.result.detail });
      return { config, status: 'ok', timeMs: timing.ms.median };
    } catch (e) {
      this.details.set(key, { sourceHash });
      return { config, ...classifyFailure(e) };
    }
  }
}

/** A CPU artifact as a remote job: its sources plus the generated harness, compiled with the target's flags. */
export function remoteJobOf(artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>): RemoteJob {
  if (!isCpuTarget(artifact.target) || artifact.language !== 'c') {
    throw new InputError(`remote tuning runs C targets (c, avx2, avx512, neon, rvv); ${artifact.target} goes through --export`);
  }
  const toolchain = CPU_TOOLCHAINS[artifact.target];
  if (!toolchain.hosted) throw new InputError(`${artifact.target} has a freestanding harness without a clock: it cannot be timed remotely`);
  const harness = 'kforge_harness.c';
  return {
    sources: { ...artifact.files, [harness]: renderCpuHarness(artifact, toolchain) },
    units: [Object.keys(artifact.files)[0]!, harness],
    // the remote's own compiler is used, so only its flags travel, not the host's cross compiler
    flags: toolchain.flags.filter((f) => !f.startsWith('--target=') && f !== '-fuse-ld=lld'),
    libs: toolchain.libs,
    inputs: Object.fromEntries(artifact.buffers.filter((b) => b.role === 'in').map((b) => [b.name, inputs[b.name]!])),
    outputs: sizedBuffers(artifact).filter((b) => b.role === 'out').map((b) => ({ name: b.name, bytes: b.bytes })),
    threads: artifact.threads ?? 0,
  };
}

const FAILURE_OF_REMOTE: Readonly<Record<RemoteJobError['failure'], ExecFailure>> = {
  compile: 'compile', runtime: 'crash', timeout: 'timeout', transport: 'unavailable',
};

/** An executor that runs CPU artifacts on a machine behind a transport (real hardware: mode native). */
export function remoteExecutor(transport: Transport, targets: readonly TargetName[]): Executor {
  return {
    name: 'native',
    targets,
    variants: [{}],
    probe: async (): Promise<Availability> => ({ ok: true, mode: 'native', versions: {} }),
    async run(req: RunRequest): Promise<RunResult> {
      try {
        const r = await runRemoteJob(transport, remoteJobOf(req.artifact, req.inputs), req.timedRepeats ?? 0);
        return { outputs: r.outputs, executor: 'native', mode: 'native', detail: transport.origin, ...(r.timingsNs ? { timingsNs: r.timingsNs } : {}) };
      } catch (e) {
        if (e instanceof RemoteJobError) throw new ExecError(FAILURE_OF_REMOTE[e.failure], e.message);
        throw e;
      }
    },
  };
}

/** This machine as the database sees it: CPU model and SIMD flags, the target's compiler and version. */
export async function localCpuFingerprint(target: TargetName, executor: Executor): Promise<DeviceFingerprint> {
  let cpuinfo = '';
  try {
    cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    // not Linux: the fingerprint says 'unknown CPU'
  }
  const toolchain = isCpuTarget(target) ? CPU_TOOLCHAINS[target] : undefined;
  const version = toolchain ? await toolVersion(toolchain.probe) : undefined;
  const fp = cpuFingerprint(cpuinfo, '', executor.name);
  return { ...fp, compiler: toolchain ? `${toolchain.compiler} ${version ?? '?'}` : 'unknown compiler' };
}
