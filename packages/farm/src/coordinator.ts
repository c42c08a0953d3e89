/**
 * The coordinator side: sends signed jobs to a fingerprint's queue and waits for their outcome by
 * polling the job's state (a poll survives a Redis restart; an event stream would have to be
 * replayed), reports jobs that wait for a fingerprint no agent serves, and records each result in
 * the JSONL database exactly once per job id (a result seen twice, or a run resumed against the
 * same database, appends nothing new).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Job, Queue, type ConnectionOptions } from 'bullmq';
import { JsonlTuningDatabase, type TuningRecord } from '@kforge/autotune';
import { redisOptions } from './connection.ts';
import { signPayload } from './sign.ts';
import { PREFIX, agentKey, queueName, runKey, type AgentInfo, type JobBody, type JobPayload, type JobResult, type RunInfo } from './protocol.ts';

export interface CoordinatorOptions {
  readonly url: string;
  readonly key: Buffer;
  /** where tuning results are recorded (record()); a bench run on the farm has none */
  readonly db?: JsonlTuningDatabase;
  /** names the run's jobs (resuming a run with the same id reuses its finished jobs) */
  readonly runId?: string;
  /** tries per job before it is recorded as failed (a killed agent's or a timed-out try counts) */
  readonly attempts?: number;
  readonly pollMs?: number;
  /** how often a job waiting for a fingerprint with no agent is reported */
  readonly waitReportMs?: number;
  readonly log?: (line: string) => void;
}

/** What became of a job: its result, or why it never produced one (every try failed, or refused). */
export type JobOutcome = { readonly done: true; readonly result: JobResult } | { readonly done: false; readonly reason: string; readonly timedOut: boolean };

/** A record as the farm writes it: the tuning record plus the job that produced it. */
export type FarmRecord = TuningRecord & { readonly farmJob: string; readonly farmRun: string };

export class FarmCoordinator {
  readonly runId: string;
  private readonly queues = new Map<string, Queue>();
  private readonly recorded = new Set<string>();
  private redis: Redis;
  private progress: RunInfo | undefined;

  constructor(private readonly o: CoordinatorOptions) {
    this.runId = o.runId ?? `run-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    for (const r of (o.db?.all() ?? []) as Partial<FarmRecord>[]) if (r.farmJob) this.recorded.add(r.farmJob);
    this.redis = new Redis(redisOptions(o.url));
    this.redis.on('error', () => {});
  }

  private log(line: string): void {
    (this.o.log ?? ((l: string) => process.stderr.write(`${l}\n`)))(`kforge farm: ${line}`);
  }

  private queue(fpId: string): Queue {
    let q = this.queues.get(fpId);
    if (!q) {
      q = new Queue(queueName(fpId), { connection: redisOptions(this.o.url) as ConnectionOptions, prefix: PREFIX });
      q.on('error', () => {});
      this.queues.set(fpId, q);
    }
    return q;
  }

  /** The agents announced now (each refreshes its entry every 2 s; it expires 10 s after the last). */
  async agents(): Promise<AgentInfo[]> {
    return listAgents(this.redis);
  }

  private async add(fpId: string, payload: JobPayload): Promise<void> {
    const sig = signPayload(payload, this.o.key);
    // the job id is the dedupe key: adding an id that exists (a resumed run, a retried add) is a no-op
    await this.queue(fpId).add('trial', { payload, sig }, {
      jobId: payload.jobId, attempts: this.o.attempts ?? 3, backoff: { type: 'fixed', delay: 200 },
      removeOnComplete: { age: 7 * 86400 }, removeOnFail: { age: 7 * 86400 },
    });
  }

  /** Sends one job and resolves when it has finished or failed for good. Never throws for Redis being away. */
  async submit(fpId: string, jobId: string, body: JobBody): Promise<JobOutcome> {
    const payload: JobPayload = { jobId, runId: this.runId, queue: queueName(fpId), issued: new Date().toISOString(), body };
    const q = this.queue(fpId);
    let added = false;
    let lastReport = Date.now();
    for (;;) {
      try {
        if (!added) {
          await this.add(fpId, payload);
          added = true;
        }
        const job = await Job.fromId(q, jobId);
        if (!job) {
          // Redis lost the job (restarted without persistence): send it again
          added = false;
          continue;
        }
        const state = await job.getState();
        if (state === 'completed') {
          // read again: the job's fields were read before the state, maybe before it finished
          const result = (await Job.fromId(q, jobId))?.returnvalue as JobResult | null | undefined;
          if (result) return { done: true, result };
        }
        if (state === 'failed') {
          const failed = (await Job.fromId(q, jobId)) ?? job;
          const reason = failed.failedReason ?? 'failed';
          return { done: false, reason: `${reason} (after ${failed.attemptsMade} ${failed.attemptsMade === 1 ? 'try' : 'tries'})`, timedOut: /^timeout/.test(reason) };
        }
        if (Date.now() - lastReport > (this.o.waitReportMs ?? 5000) && (state === 'waiting' || state === 'prioritized' || state === 'delayed')) {
          lastReport = Date.now();
          const agents = (await this.agents()).filter((a) => a.fpId === fpId);
          if (!agents.length) this.log(`job ${jobId} waits: no agent of fingerprint ${fpId} is connected (the job stays queued until one is)`);
        }
      } catch {
        // Redis away: ioredis reconnects, and the job is looked up again
      }
      await new Promise((r) => setTimeout(r, this.o.pollMs ?? 100));
    }
  }

  /** Appends the record unless this job id is already in the database; returns whether it appended. */
  record(jobId: string, record: TuningRecord): boolean {
    if (!this.o.db) throw new Error('farm: this coordinator has no tuning database to record in');
    if (this.recorded.has(jobId)) return false;
    this.recorded.add(jobId);
    const r: FarmRecord = { ...record, farmJob: jobId, farmRun: this.runId };
    this.o.db.append(r);
    return true;
  }

  /** Publishes the run's progress for `kforge farm status`. */
  async reportProgress(p: Omit<RunInfo, 'runId' | 'started' | 'updated'>): Promise<void> {
    const now = new Date().toISOString();
    this.progress = { runId: this.runId, started: this.progress?.started ?? now, updated: now, ...p };
    try {
      await this.redis.set(runKey(this.runId), JSON.stringify(this.progress), 'EX', 86400);
    } catch {
      // progress is advisory; the next trial publishes it again
    }
  }

  async close(): Promise<void> {
    for (const q of this.queues.values()) await q.close();
    this.redis.disconnect();
  }
}

export async function listAgents(redis: Redis): Promise<AgentInfo[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', agentKey('*'), 'COUNT', 200);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  const values = keys.length ? await redis.mget(...keys) : [];
  return values.filter((v): v is string => !!v).map((v) => JSON.parse(v) as AgentInfo).sort((a, b) => a.id.localeCompare(b.id));
}
