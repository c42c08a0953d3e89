/** `kforge farm status`: agents and their fingerprints, each fingerprint queue's depth, each run's progress. */
import { Redis } from 'ioredis';
import { Queue, type ConnectionOptions } from 'bullmq';
import type { DeviceFingerprint } from '@kforge/autotune';
import { redisOptions } from './connection.ts';
import { listAgents } from './coordinator.ts';
import { FINGERPRINTS_KEY, PREFIX, queueName, runKey, type AgentInfo, type RunInfo } from './protocol.ts';

export interface QueueStatus {
  readonly fpId: string;
  readonly device: string;
  readonly agents: number;
  readonly waiting: number;
  readonly active: number;
  readonly delayed: number;
  readonly completed: number;
  readonly failed: number;
}

export interface FarmStatus {
  readonly agents: readonly AgentInfo[];
  readonly queues: readonly QueueStatus[];
  readonly runs: readonly RunInfo[];
}

export async function farmStatus(url: string): Promise<FarmStatus> {
  const opts = { ...redisOptions(url), maxRetriesPerRequest: 2, retryStrategy: () => null, enableOfflineQueue: true };
  const redis = new Redis(opts);
  redis.on('error', () => {});
  try {
    const agents = await listAgents(redis);
    const fps = await redis.hgetall(FINGERPRINTS_KEY);
    // a queue exists for every fingerprint an agent ever announced or a coordinator sent jobs to
    const queueKeys = await scanAll(redis, `${PREFIX}:fp-*:meta`);
    const ids = new Set([...Object.keys(fps), ...queueKeys.map((k) => k.slice(`${PREFIX}:fp-`.length, -':meta'.length))]);
    const queues: QueueStatus[] = [];
    for (const fpId of [...ids].sort()) {
      const q = new Queue(queueName(fpId), { connection: redis as unknown as ConnectionOptions, prefix: PREFIX });
      const c = await q.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'completed', 'failed');
      const fp = fps[fpId] ? (JSON.parse(fps[fpId]!) as DeviceFingerprint) : undefined;
      queues.push({
        fpId, device: fp ? `${fp.device}; ${fp.compiler}` : '(no agent has announced it)', agents: agents.filter((a) => a.fpId === fpId).length,
        waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, completed: c.completed ?? 0, failed: c.failed ?? 0,
      });
    }
    const runKeys = await scanAll(redis, runKey('*'));
    const runs = (runKeys.length ? await redis.mget(...runKeys) : []).filter((v): v is string => !!v).map((v) => JSON.parse(v) as RunInfo)
      .sort((a, b) => a.started.localeCompare(b.started));
    return { agents, queues, runs };
  } finally {
    redis.disconnect();
  }
}

async function scanAll(redis: Redis, pattern: string): Promise<string[]> {
  const out: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    out.push(...found);
  } while (cursor !== '0');
  return out;
}

export function formatStatus(s: FarmStatus): string[] {
  const lines = [`agents: ${s.agents.length}`];
  for (const a of s.agents) lines.push(`  ${a.id}  fp ${a.fpId}  ${a.fingerprint.device}  ${a.origin}  ${a.current ? `running ${a.current}` : 'idle'}  ${a.jobsDone} done${a.benchJobs === false ? '  (no bench jobs: --remote)' : ''}`);
  lines.push(`queues: ${s.queues.length}`);
  for (const q of s.queues) {
    lines.push(`  fp ${q.fpId}  ${q.device}  agents ${q.agents}  waiting ${q.waiting}  active ${q.active}  delayed ${q.delayed}  completed ${q.completed}  failed ${q.failed}` +
      (q.agents === 0 && q.waiting + q.delayed > 0 ? '  <- no agent of this fingerprint: its jobs wait' : ''));
  }
  lines.push(`runs: ${s.runs.length}`);
  for (const r of s.runs) lines.push(`  ${r.runId}  ${r.what}  fp ${r.fpId}  ${r.done}/${r.budget} done, ${r.failed} failed, ${r.inFlight} in flight  ${r.state}`);
  return lines;
}
