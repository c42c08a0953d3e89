/**
 * The farm at scale, simulated (issue 19, point 6): a discrete-event model of the farm's queue
 * semantics (packages/farm: one FIFO queue per fingerprint, one job at a time per agent, a lock that
 * a dead agent stops renewing and whose expiry puts the job back, retries up to N tries, results
 * recorded once per job id) driven by job times replayed from recorded tuning databases, with
 * agents killed at random and restarted. Redis is modelled as one server that spends a fixed time
 * per job state change (the farm's coordinator polls and the agent's take/complete).
 *
 *   node --import tsx experiments/2026-12-02-farm-scale/simulate.ts [OUT_DIR]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from '@kforge/ir';

const ROOT = join(import.meta.dirname, '../..');
const OUT = process.argv[2] ?? join(ROOT, 'docs/results/2026-12-02-farm-scale');
const DBS = ['gemv-q4_0-M1-4096x4096', 'gemv-q8_0-M4-4096x4096', 'gemv-f16-M4-4096x4096']
  .map((n) => join(ROOT, 'docs/results/2026-11-29-avx2-exhaustive', `${n}.jsonl`));

// a job's time on a device: build (fixed, a C compile), the checked run, calibration and the timed repeats as recorded
const BUILD_S = 0.8;
const recorded: number[] = [];
for (const f of DBS) {
  for (const line of readFileSync(f, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as { status: string; measurement?: { medianMs: number; repeats: number } };
    recorded.push(BUILD_S + (r.measurement ? (r.measurement.medianMs * (r.measurement.repeats + 20)) / 1000 : 0.2));
  }
}

interface Params {
  readonly agents: number;
  readonly jobs: number;
  /** kills per agent-hour */
  readonly killRate: number;
  readonly lockS: number;
  readonly restartS: readonly [number, number];
  readonly tries: number;
  /** Redis time per job state change */
  readonly redisS: number;
  readonly seed: number;
}

interface Outcome {
  readonly agents: number;
  readonly killRate: number;
  readonly jobs: number;
  readonly makespanS: number;
  readonly jobsPerS: number;
  readonly kills: number;
  readonly retried: number;
  readonly failed: number;
  readonly recorded: number;
  readonly duplicates: number;
  readonly lost: number;
}

function simulate(p: Params): Outcome {
  const rng = new Rng(p.seed);
  type Ev = { t: number; kind: 'done' | 'kill' | 'restart' | 'expire'; agent: number; job?: number; gen?: number };
  const events: Ev[] = [];
  const push = (e: Ev) => {
    // binary insertion keeps the event list sorted by time
    let lo = 0;
    let hi = events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (events[mid]!.t <= e.t) lo = mid + 1;
      else hi = mid;
    }
    events.splice(lo, 0, e);
  };
  const queue: number[] = Array.from({ length: p.jobs }, (_, i) => i);
  const tries = new Array<number>(p.jobs).fill(0);
  const recordedOnce = new Set<number>();
  let duplicates = 0;
  let failed = 0;
  let retried = 0;
  let kills = 0;
  let redisFree = 0;
  const alive = new Array<boolean>(p.agents).fill(true);
  const busy = new Array<number | undefined>(p.agents).fill(undefined);
  const gen = new Array<number>(p.agents).fill(0);
  const redis = (t: number) => {
    redisFree = Math.max(redisFree, t) + p.redisS;
    return redisFree;
  };
  const killAt = (t: number) => t + (p.killRate > 0 ? -Math.log(1 - rng.uniform()) * (3600 / p.killRate) : Infinity);
  const take = (a: number, t: number) => {
    if (!alive[a] || busy[a] !== undefined || !queue.length) return;
    const j = queue.shift()!;
    busy[a] = j;
    tries[j]!++;
    const start = redis(t);
    push({ t: start + recorded[j % recorded.length]!, kind: 'done', agent: a, job: j, gen: gen[a]! });
  };
  for (let a = 0; a < p.agents; a++) {
    push({ t: killAt(0), kind: 'kill', agent: a });
    take(a, 0);
  }
  let now = 0;
  const idle = () => { for (let a = 0; a < p.agents; a++) take(a, now); };
  while (events.length) {
    const e = events.shift()!;
    if (e.t === Infinity) break;
    now = e.t;
    if (e.kind === 'done') {
      if (e.gen !== gen[e.agent] || busy[e.agent] !== e.job) continue; // the agent died meanwhile
      busy[e.agent] = undefined;
      redis(now);
      if (recordedOnce.has(e.job!)) duplicates++;
      else recordedOnce.add(e.job!);
      take(e.agent, now);
    } else if (e.kind === 'kill') {
      if (!alive[e.agent] || recordedOnce.size + failed >= p.jobs) continue;
      kills++;
      alive[e.agent] = false;
      gen[e.agent]!++;
      const j = busy[e.agent];
      busy[e.agent] = undefined;
      // its lock expires; another agent's stalled-job check puts the job back (or fails it after N tries)
      if (j !== undefined) push({ t: now + p.lockS, kind: 'expire', agent: e.agent, job: j });
      push({ t: now + p.restartS[0] + rng.uniform() * (p.restartS[1] - p.restartS[0]), kind: 'restart', agent: e.agent });
    } else if (e.kind === 'expire') {
      if (tries[e.job!]! >= p.tries) {
        failed++;
        recordedOnce.add(e.job!); // recorded, once, as failed with the reason
      } else {
        retried++;
        queue.push(e.job!);
        idle();
      }
    } else {
      alive[e.agent] = true;
      push({ t: killAt(now), kind: 'kill', agent: e.agent });
      take(e.agent, now);
    }
    if (recordedOnce.size >= p.jobs) break;
  }
  const lost = p.jobs - recordedOnce.size;
  return { agents: p.agents, killRate: p.killRate, jobs: p.jobs, makespanS: now, jobsPerS: p.jobs / now, kills, retried, failed, recorded: recordedOnce.size, duplicates, lost };
}

// one kill per agent-minute: far more than a real farm sees, to exercise the retries
const KILLS = 60;
const counts = [1, 2, 5, 10, 20, 50, 100, 150, 200, 400];
const base = { lockS: 30, restartS: [10, 120] as const, tries: 3, redisS: 0.002, seed: 1 };
const rows = counts.flatMap((agents) => [0, KILLS].map((killRate) => simulate({ ...base, agents, killRate, jobs: Math.max(2000, agents * 40) })));
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'results.json'), JSON.stringify({ recordedJobs: recorded.length, meanJobS: recorded.reduce((a, b) => a + b, 0) / recorded.length, ...base, rows }, null, 1) + '\n');

// throughput against agents, both axes logarithmic, with and without kills
const W = 640, H = 400, L = 70, B = 50;
const xs = (n: number) => L + ((W - L - 20) * Math.log10(n)) / Math.log10(counts.at(-1)!);
const maxY = Math.max(...rows.map((r) => r.jobsPerS));
const ys = (v: number) => H - B - ((H - B - 20) * Math.log10(v / 0.1)) / Math.log10(maxY / 0.1);
const line = (killRate: number, color: string) => {
  const pts = rows.filter((r) => r.killRate === killRate);
  return `<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.map((r) => `${xs(r.agents).toFixed(1)},${ys(r.jobsPerS).toFixed(1)}`).join(' ')}"/>`;
};
const svg = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
  `<rect width="${W}" height="${H}" fill="white"/>`,
  `<line x1="${L}" y1="${H - B}" x2="${W - 20}" y2="${H - B}" stroke="black"/><line x1="${L}" y1="20" x2="${L}" y2="${H - B}" stroke="black"/>`,
  ...counts.map((n) => `<text x="${xs(n)}" y="${H - B + 16}" text-anchor="middle">${n}</text>`),
  ...[0.1, 1, 10, 100].filter((v) => v <= maxY).map((v) => `<text x="${L - 6}" y="${ys(v) + 4}" text-anchor="end">${v}</text>`),
  `<text x="${(W + L) / 2}" y="${H - 12}" text-anchor="middle">agents</text>`,
  `<text x="16" y="${H / 2}" transform="rotate(-90 16 ${H / 2})" text-anchor="middle">jobs finished per second</text>`,
  line(0, '#1f77b4'), line(KILLS, '#d62728'),
  `<text x="${L + 10}" y="36" fill="#1f77b4">no kills</text><text x="${L + 10}" y="52" fill="#d62728">${KILLS} kills per agent-hour, restart in 10-120 s, lock 30 s</text>`,
  '</svg>'].join('\n');
writeFileSync(join(OUT, 'throughput.svg'), svg + '\n');
for (const r of rows) {
  console.log(`${String(r.agents).padStart(4)} agents  kills ${String(r.kills).padStart(4)}  ${r.jobsPerS.toFixed(2).padStart(8)} jobs/s  ` +
    `retried ${r.retried}  failed ${r.failed}  recorded ${r.recorded}/${r.jobs}  duplicates ${r.duplicates}  lost ${r.lost}`);
}
