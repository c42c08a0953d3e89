/**
 * A farm agent: announces its device fingerprint, takes the jobs of that fingerprint's queue one at
 * a time, checks each job's signature, runs it in a scratch folder of its own under a time limit and
 * removes the folder afterwards. A job it cannot finish (killed, hung, Redis gone) is not lost:
 * BullMQ's lock on it expires and the job goes back to the queue for another agent (or this one).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFile } from '@kforge/bench';
import { Redis } from 'ioredis';
import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import {
  RemoteJobError, runRemoteJob, type CommandResult, type CommandRunner, type DeviceFingerprint, type RemoteJob, type Transport,
} from '@kforge/autotune';
import { redisOptions } from './connection.ts';
import { checkSignature } from './sign.ts';
import { PREFIX, FINGERPRINTS_KEY, agentKey, fingerprintId, queueName, remoteBenchRefusal, type AgentInfo, type JobBody, type JobResult, type SignedJob } from './protocol.ts';

export interface AgentOptions {
  readonly url: string;
  readonly key: Buffer;
  readonly fingerprint: DeviceFingerprint;
  /** where jobs run: undefined builds and runs on this machine, in a scratch folder per job */
  readonly transport?: Transport;
  /** how long a job may run here before it is killed (its build and its runs, each) */
  readonly jobLimitMs?: number;
  /** BullMQ lock: a job whose agent stops renewing it for this long is taken back */
  readonly lockMs?: number;
  /** where scratch folders are made (default the system's temporary folder) */
  readonly scratch?: string;
  /**
   * how a bench job's process starts: the command before its two arguments (job file, result file).
   * Default: this checkout's bench-job.ts through tsx. `kforge farm agent` passes itself
   * (`kforge farm bench-job`), which the packed bundle runs too.
   */
  readonly benchCommand?: readonly string[];
  /** test hook: 'wrong' makes this agent's kernel return wrong numbers */
  readonly fault?: 'wrong';
  readonly log?: (line: string) => void;
}

const BENCH_JOB = fileURLToPath(new URL('./bench-job.ts', import.meta.url));

/** Runs a program with a wall-clock limit, killing its whole process group at the limit; never throws. */
export const runCommand: CommandRunner = (file, args, o) => new Promise<CommandResult>((resolve) => {
  const child = spawn(file, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let timedOut = false;
  child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const timer = setTimeout(() => {
    timedOut = true;
    try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
  }, o.timeoutMs);
  child.on('error', (e) => { clearTimeout(timer); resolve({ code: null, timedOut, stdout, stderr, spawnError: e.message }); });
  child.on('close', (code, signal) => { clearTimeout(timer); resolve({ code, signal, timedOut, stdout, stderr }); });
});

/** This machine as a Transport whose base folder is one job's scratch folder. */
export function localTransport(dir: string, run: CommandRunner = runCommand): Transport {
  return {
    origin: `local:${hostname()}`,
    baseDir: dir,
    async push(files, remoteDir) {
      mkdirSync(remoteDir, { recursive: true });
      for (const f of files) copyFileSync(f, join(remoteDir, basename(f)));
    },
    shell: (command, timeoutMs) => run('sh', ['-c', command], { timeoutMs }),
    async pull(remoteFiles, localDir) {
      for (const f of remoteFiles) {
        try { copyFileSync(f, join(localDir, basename(f))); } catch { /* a missing output is reported by runRemoteJob */ }
      }
    },
  };
}

export class FarmAgent {
  readonly id: string;
  readonly fpId: string;
  private worker: Worker | undefined;
  private redis: Redis | undefined;
  private timer: NodeJS.Timeout | undefined;
  private jobsDone = 0;
  private current: string | undefined;
  private readonly started = new Date().toISOString();

  constructor(private readonly o: AgentOptions) {
    this.fpId = fingerprintId(o.fingerprint);
    this.id = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  }

  private log(line: string): void {
    (this.o.log ?? ((l: string) => process.stderr.write(`${l}\n`)))(`kforge farm agent ${this.id}: ${line}`);
  }

  private info(): AgentInfo {
    return {
      id: this.id, fingerprint: this.o.fingerprint, fpId: this.fpId, origin: this.o.transport?.origin ?? `local:${hostname()}`,
      host: hostname(), pid: process.pid, started: this.started, seen: new Date().toISOString(), jobsDone: this.jobsDone,
      ...(this.current ? { current: this.current } : {}), benchJobs: !this.o.transport,
    };
  }

  private async announce(): Promise<void> {
    try {
      await this.redis!.set(agentKey(this.id), JSON.stringify(this.info()), 'EX', 10);
      await this.redis!.hset(FINGERPRINTS_KEY, this.fpId, JSON.stringify(this.o.fingerprint));
    } catch {
      // Redis away: ioredis reconnects; the next beat announces again
    }
  }

  async start(): Promise<void> {
    const connection = redisOptions(this.o.url);
    this.redis = new Redis(connection);
    this.redis.on('error', () => {});
    await this.announce();
    this.timer = setInterval(() => void this.announce(), 2000);
    const lockMs = this.o.lockMs ?? 30_000;
    this.worker = new Worker(queueName(this.fpId), (job) => this.process(job), {
      connection: connection as ConnectionOptions, prefix: PREFIX, concurrency: 1, lockDuration: lockMs, stalledInterval: Math.max(500, lockMs / 2), maxStalledCount: 1,
    });
    this.worker.on('error', () => {});
    this.log(`serving fingerprint ${this.fpId} (${this.o.fingerprint.device}; ${this.o.fingerprint.compiler})`);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.worker?.close();
    try { await this.redis?.del(agentKey(this.id)); } catch { /* gone */ }
    this.redis?.disconnect();
  }

  private async process(job: Job): Promise<JobResult> {
    const data = job.data as SignedJob | undefined;
    const payload = data?.payload;
    const why = !payload ? 'it has no payload'
      : checkSignature(payload, data.sig, this.o.key)
        ?? (payload.jobId !== job.id ? `its payload names job ${payload.jobId}` : payload.queue !== queueName(this.fpId) ? `it is for queue ${payload.queue}`
          : payload.body?.kind === 'bench' && this.o.transport ? remoteBenchRefusal([this.o.transport.origin]) : undefined);
    if (why) {
      this.log(`refused job ${job.id}: ${why}`);
      throw new UnrecoverableError(`refused by agent ${this.id}: ${why}`);
    }
    this.current = job.id;
    void this.announce();
    this.log(`running job ${job.id} (attempt ${job.attemptsMade + 1})`);
    const scratch = mkdtempSync(join(this.o.scratch ?? tmpdir(), 'kforge-farm-job-'));
    try {
      const r = await this.execute(payload!.body, scratch);
      this.jobsDone++;
      this.log(`finished job ${job.id}: ${r.ok ? 'ok' : r.failure}`);
      // a time-out or a lost device is this attempt's fault, not the candidate's: BullMQ retries it
      if (!r.ok && (r.failure === 'timeout' || r.failure === 'transport')) throw new Error(`${r.failure}: ${r.reason}`);
      return r;
    } finally {
      rmSync(scratch, { recursive: true, force: true });
      this.current = undefined;
    }
  }

  private async execute(body: JobBody, scratch: string): Promise<JobResult> {
    const origin = this.o.transport?.origin ?? `local:${hostname()}`;
    const limit = this.o.jobLimitMs ?? 600_000;
    if (body.kind === 'sim') {
      // a real (tiny) program in the scratch folder: y = 2x, after the recorded time's stand-in sleep
      writeFileSync(join(scratch, 'in.txt'), body.x.join('\n') + '\n');
      const scale = this.o.fault === 'wrong' ? '2 * $1 + 1' : '2 * $1';
      writeFileSync(join(scratch, 'run.sh'), `sleep ${(body.sleepMs / 1000).toFixed(3)}\nawk '{ print ${scale} }' in.txt > out.txt\n`);
      const r = await runCommand('sh', ['-c', `cd '${scratch}' && sh run.sh`], { timeoutMs: limit });
      if (r.timedOut) return { ok: false, agent: this.id, origin, failure: 'timeout', reason: `the run passed the agent's limit of ${limit} ms` };
      if (r.code !== 0) return { ok: false, agent: this.id, origin, failure: 'runtime', reason: `exit code ${r.code}: ${r.stderr.slice(-500)}` };
      const y = readFileSync(join(scratch, 'out.txt'), 'utf8').trim().split('\n').map(Number);
      return { ok: true, agent: this.id, origin, y, ...(body.recorded.timeMs !== undefined ? { timeMs: body.recorded.timeMs } : {}) };
    }
    if (body.kind === 'bench') return this.bench(body, scratch, limit, origin);
    const job: RemoteJob = { ...body.job, inputs: Object.fromEntries(Object.entries(body.job.inputs).map(([k, b]) => [k, new Uint8Array(Buffer.from(b, 'base64'))])) };
    // on a remote device too, each job gets a folder of its own that is removed afterwards
    const remoteDir = this.o.transport ? `${this.o.transport.baseDir}/farm-${basename(scratch)}` : undefined;
    const transport: Transport = this.o.transport ? Object.create(this.o.transport, { baseDir: { value: remoteDir } }) as Transport : localTransport(scratch);
    const timeouts = { buildMs: Math.min(limit, body.buildMs), runMs: Math.min(limit, body.runMs) };
    try {
      const r = await runRemoteJob(transport, job, body.repeats, timeouts);
      const outputs = Object.fromEntries(Object.entries(r.outputs).map(([k, b]) => [k, Buffer.from(b).toString('base64')]));
      return { ok: true, agent: this.id, origin: transport.origin, outputs, ...(r.timingsNs ? { timingsNs: r.timingsNs } : {}) };
    } catch (e) {
      if (e instanceof RemoteJobError) return { ok: false, agent: this.id, origin: transport.origin, failure: e.failure, reason: e.message };
      throw e;
    } finally {
      if (remoteDir) await transport.shell(`rm -rf '${remoteDir}'`, 30_000);
    }
  }

  /** A bench job: the bench runner in a process of its own, in the scratch folder, killed at the limit. */
  private async bench(body: Extract<JobBody, { kind: 'bench' }>, scratch: string, limit: number, origin: string): Promise<JobResult> {
    // default: this checkout's bench-job.ts (agent-process.ts, the tests); the packed bundle has none, and there
    // `kforge farm agent` passes its own command line
    const command = this.o.benchCommand ?? (existsSync(BENCH_JOB) ? [process.execPath, '--import', import.meta.resolve('tsx'), BENCH_JOB] : undefined);
    if (!command) return { ok: false, agent: this.id, origin, failure: 'runtime', reason: `${BENCH_JOB} is absent and no bench command was given: start the agent with \`kforge farm agent\`` };
    const jobPath = join(scratch, 'job.json');
    const resultPath = join(scratch, 'result.json');
    writeFileSync(jobPath, JSON.stringify(body));
    const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
    const r = await runCommand('sh', ['-c', `cd ${q(scratch)} && TMPDIR=${q(scratch)} exec ${command.map(q).join(' ')} job.json result.json`], { timeoutMs: limit });
    if (r.timedOut) return { ok: false, agent: this.id, origin, failure: 'timeout', reason: `the bench run passed the agent's limit of ${limit} ms` };
    if (!existsSync(resultPath)) return { ok: false, agent: this.id, origin, failure: 'runtime', reason: `the bench process ended (exit code ${r.code}${r.signal ? `, ${r.signal}` : ''}) without a result: ${r.stderr.slice(-500)}` };
    const out = JSON.parse(readFileSync(resultPath, 'utf8')) as { ok: true; file: BenchFile } | { ok: false; reason: string };
    return out.ok ? { ok: true, agent: this.id, origin, bench: out.file } : { ok: false, agent: this.id, origin, failure: 'runtime', reason: out.reason };
  }
}
