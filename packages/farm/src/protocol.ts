/**
 * What goes through the queue. One BullMQ queue per device fingerprint (agents of a fingerprint
 * take from it; a fingerprint with no agent keeps its jobs waiting). A job's data is a signed
 * payload; its return value is a JobResult.
 */
import { createHash } from 'node:crypto';
import { deviceKey, type DeviceFingerprint, type Trial } from '@kforge/autotune';
import type { KnobConfig } from '@kforge/ir';
import type { BenchFile, BenchOptions, SuiteCase } from '@kforge/bench';

export const PREFIX = 'kforge-farm';

/** Short id of a fingerprint: queue names and status lines. */
export function fingerprintId(fp: DeviceFingerprint): string {
  return createHash('sha256').update(deviceKey(fp)).digest('hex').slice(0, 16);
}

export const queueName = (fpId: string): string => `fp-${fpId}`;

/**
 * 'sim': replays a recorded trial through a tiny real program (the agent runs it in a scratch
 * folder under its time limit and the coordinator checks its outputs): cheap, for tests and for
 * simulated farms. 'kernel': a RemoteJob of packages/autotune (C sources, inputs, build.sh) built
 * and run on the agent's device with the one measurement protocol's repeats. 'bench': one case of a
 * suite, run on the agent by packages/bench's runSuite (the runner of a local `kforge bench run`:
 * the kernel generated and checked there, timed with its baselines and the probes of that device).
 */
export type JobBody =
  | { readonly kind: 'sim'; readonly config: KnobConfig; readonly recorded: Trial; readonly x: readonly number[]; readonly sleepMs: number }
  | { readonly kind: 'kernel'; readonly job: WireRemoteJob; readonly repeats: number; readonly runMs: number; readonly buildMs: number }
  | { readonly kind: 'bench'; readonly suite: string; readonly case: SuiteCase; readonly options: WireBenchOptions };

/** The BenchOptions a bench job carries: the JSON ones (no callbacks). */
export type WireBenchOptions = Pick<BenchOptions, 'target' | 'threads' | 'config' | 'configSource' | 'seed' | 'minTimeMs' | 'rounds' | 'probeBytes' | 'baselines' | 'vsDefault' | 'allowLoad' | 'command'>;

/** RemoteJob with its input bytes as base64 (job data is JSON). */
export interface WireRemoteJob {
  readonly sources: Readonly<Record<string, string>>;
  readonly units: readonly string[];
  readonly flags: readonly string[];
  readonly libs: readonly string[];
  readonly inputs: Readonly<Record<string, string>>;
  readonly outputs: readonly { readonly name: string; readonly bytes: number }[];
  readonly threads: number;
}

export interface JobPayload {
  readonly jobId: string;
  readonly runId: string;
  readonly queue: string;
  readonly issued: string;
  readonly body: JobBody;
}

export interface SignedJob {
  readonly payload: JobPayload;
  readonly sig?: string;
}

export type JobResult =
  | { readonly ok: true; readonly agent: string; readonly origin: string; readonly y?: readonly number[]; readonly timeMs?: number;
      readonly outputs?: Readonly<Record<string, string>>; readonly timingsNs?: readonly number[]; readonly bench?: BenchFile }
  | { readonly ok: false; readonly agent: string; readonly origin: string; readonly failure: 'compile' | 'runtime' | 'timeout' | 'transport'; readonly reason: string };

export interface AgentInfo {
  readonly id: string;
  readonly fingerprint: DeviceFingerprint;
  readonly fpId: string;
  readonly origin: string;
  readonly host: string;
  readonly pid: number;
  readonly started: string;
  readonly seen: string;
  readonly jobsDone: number;
  readonly current?: string;
  /** whether it runs bench jobs (an agent with --remote does not: the bench runner runs where it measures) */
  readonly benchJobs?: boolean;
}

export interface RunInfo {
  readonly runId: string;
  readonly what: string;
  readonly fpId: string;
  readonly budget: number;
  readonly done: number;
  readonly failed: number;
  readonly inFlight: number;
  readonly started: string;
  readonly updated: string;
  readonly state: 'running' | 'done';
}

/** Why an agent with --remote refuses a bench job (its log, the job's failure, bench run's refusal). */
export function remoteBenchRefusal(origins: readonly string[]): string {
  return 'a bench job runs the bench runner (kforge with its baselines and probes) on the machine it measures, and ' +
    `${origins.length > 1 ? 'these agents reach their devices' : 'this agent reaches its device'} through --remote (${origins.join(', ')}): ` +
    'start `kforge farm agent` on that machine itself (the jobs of `kforge tune --farm` do run through --remote)';
}

export const agentKey = (id: string): string => `${PREFIX}:agent:${id}`;
export const runKey = (id: string): string => `${PREFIX}:run:${id}`;
export const FINGERPRINTS_KEY = `${PREFIX}:fingerprints`;
