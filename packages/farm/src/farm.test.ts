// The farm against a real redis-server and agents as separate processes; every test asserts the
// tuning database afterwards. Skips (saying why) only where redis-server is not installed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, type ConnectionOptions } from 'bullmq';
import type { Suite } from '@kforge/bench';
import { JsonlTuningDatabase, STRATEGIES, SimulationRunner, configKey, tune, type DeviceFingerprint } from '@kforge/autotune';
import { FarmCoordinator, type FarmRecord } from './coordinator.ts';
import { redisOptions } from './connection.ts';
import { PREFIX, fingerprintId, queueName } from './protocol.ts';
import { FarmSimRunner } from './sim.ts';
import { tuneParallel } from './tune.ts';
import { TEST_KEY, TestRedis, fingerprint, freePort, redisMissing, startAgent, testRecorded, testSpace, type TestAgent } from './testing.ts';

const missing = redisMissing();
if (missing) console.log(`# farm tests skipped: ${missing}`);
const key = Buffer.from(TEST_KEY);
const tmp = mkdtempSync(join(tmpdir(), 'kforge-farm-test-'));
let dbCount = 0;
const newDb = () => new JsonlTuningDatabase(join(tmp, `db-${dbCount++}.jsonl`));
// the bench agents' scratch folders are made here: empty again after every job
const benchScratch = join(tmp, 'bench-scratch');
mkdirSync(benchScratch);

function records(db: JsonlTuningDatabase): FarmRecord[] {
  return db.all() as FarmRecord[];
}

/** every job id recorded exactly once */
function assertOncePerJob(db: JsonlTuningDatabase): void {
  const ids = records(db).map((r) => r.farmJob);
  assert.equal(new Set(ids).size, ids.length, `a job recorded twice: ${ids.join(' ')}`);
}

describe('farm (real redis-server, agents as processes)', { skip: missing, timeout: 600_000 }, () => {
  let redis: TestRedis;
  const agents: TestAgent[] = [];
  const agent = (fp: DeviceFingerprint, extra: Readonly<Record<string, unknown>> = {}) => {
    const a = startAgent(redis.url, fp, extra);
    agents.push(a);
    return a;
  };
  const coordinator = (db: JsonlTuningDatabase, o: { runId?: string; attempts?: number; log?: (l: string) => void } = {}) =>
    new FarmCoordinator({ url: redis.url, key, db, pollMs: 50, waitReportMs: 1000, log: o.log ?? (() => {}), ...o });
  const farmTune = async (c: FarmCoordinator, fp: DeviceFingerprint, o: { budget: number; seed: number; parallel: number; sleepMs?: number }) => {
    const runner = new FarmSimRunner({ coordinator: c, space: testSpace, recorded: testRecorded, fingerprint: fp, op: 'gemv', params: {}, target: 'c', sleepMs: o.sleepMs ?? 50 });
    return tuneParallel({ space: testSpace, strategy: STRATEGIES.random!, runner, budget: o.budget, seed: o.seed, parallel: o.parallel });
  };

  // every agent the tests use, started at once so that their start-ups (seconds each on a loaded
  // machine) overlap; the restart test starts its own late, on purpose
  const pool = new Map<string, TestAgent[]>();
  const POOL: Record<string, { n: number; extra?: Record<string, unknown> }> = {
    A: { n: 2 }, B: { n: 1 }, kill: { n: 2 }, slow: { n: 1, extra: { jobLimitMs: 300 } }, dup: { n: 1 },
    wrong: { n: 1, extra: { fault: 'wrong' } }, hang: { n: 2 }, sig: { n: 1 }, kernel: { n: 1 }, bench: { n: 2, extra: { scratch: benchScratch } },
  };
  const ready = (name: string) => pool.get(name)!;
  before(async () => {
    redis = new TestRedis(await freePort());
    await redis.start();
    for (const [name, p] of Object.entries(POOL)) pool.set(name, Array.from({ length: p.n }, () => agent(fingerprint(name), p.extra)));
    await Promise.all(agents.map((a) => a.waitFor(/serving fingerprint/, 240_000)));
  });
  after(async () => {
    await Promise.all(agents.map((a) => a.stop()));
    await redis.stop();
  });

  test('three agents (two of one fingerprint, one of another), two runs at once: the proposals and best of one device', async () => {
    const fpA = fingerprint('A');
    const fpB = fingerprint('B');
    const budget = 14;
    const seq = await tune({ space: testSpace, strategy: STRATEGIES.random!, runner: new SimulationRunner(testRecorded), budget, seed: 5 });
    const seqB = await tune({ space: testSpace, strategy: STRATEGIES.random!, runner: new SimulationRunner(testRecorded), budget: 6, seed: 9 });
    const dbPath = newDb();
    const cA = coordinator(dbPath);
    const cB = coordinator(dbPath);
    const [rA, rB] = await Promise.all([farmTune(cA, fpA, { budget, seed: 5, parallel: 2 }), farmTune(cB, fpB, { budget: 6, seed: 9, parallel: 1 })]);
    await cA.close();
    await cB.close();
    const keys = (ts: readonly { config: object }[]) => new Set(ts.map((t) => configKey(t.config as never)));
    assert.deepEqual(keys(rA.trials), keys(seq.trials));
    assert.deepEqual(rA.best, seq.best);
    assert.deepEqual(keys(rB.trials), keys(seqB.trials));
    assert.deepEqual(rB.best, seqB.best);
    const rs = records(dbPath);
    assert.equal(rs.length, budget + 6);
    assertOncePerJob(dbPath);
    const ofA = rs.filter((r) => r.farmRun === cA.runId);
    assert.deepEqual(keys(ofA), keys(seq.trials), 'the database holds the proposals of the one-device run');
    assert.ok(ofA.every((r) => r.device.device === fpA.device));
    // both agents of fingerprint A measured, the one of B none of A's
    const agentsOfA = new Set(ofA.map((r) => / agent (\S+)$/.exec(r.origin)?.[1]));
    assert.equal(agentsOfA.size, 2, `run A was measured by ${[...agentsOfA].join(', ')}`);
    assert.ok(rs.filter((r) => r.farmRun === cB.runId).every((r) => r.device.device === fpB.device));
  });

  test('an agent killed in the middle of a measurement: its job is retried on another agent, recorded once', async () => {
    const fp = fingerprint('kill');
    const [k1, k2] = ready('kill') as [TestAgent, TestAgent];
    const db = newDb();
    const c = coordinator(db);
    const run = farmTune(c, fp, { budget: 4, seed: 3, parallel: 2, sleepMs: 1200 });
    const line = await Promise.race([k1.waitFor(/running job/), k2.waitFor(/running job/)]);
    const victim = k1.log.includes(line) ? k1 : k2;
    victim.proc.kill('SIGKILL');
    const r = await run;
    await c.close();
    assert.equal(r.trials.length, 4);
    assert.ok(r.trials.every((t) => t.status === 'ok' || t.status === 'compile'), JSON.stringify(r.trials));
    assert.equal(records(db).length, 4);
    assertOncePerJob(db);
    const killedJob = /running job (\S+)/.exec(line)![1]!;
    const rec = records(db).find((x) => x.farmJob === killedJob);
    assert.ok(rec, 'the killed job was finished by another agent and recorded');
  });

  test('a job that passes the agent\'s time limit on every try: recorded once as a timeout after N tries', async () => {
    const fp = fingerprint('slow');
    const db = newDb();
    const c = coordinator(db, { attempts: 2 });
    const r = await farmTune(c, fp, { budget: 1, seed: 1, parallel: 1, sleepMs: 2000 });
    await c.close();
    assert.equal(r.trials[0]!.status, 'timeout');
    const rs = records(db);
    assert.equal(rs.length, 1);
    assert.equal(rs[0]!.status, 'timeout');
    assert.match(rs[0]!.reason!, /limit of 300 ms.*after 2 tries/);
  });

  test('the same result delivered twice (and a resumed run) is recorded once', async () => {
    const fp = fingerprint('dup');
    const db = newDb();
    const c = coordinator(db);
    await farmTune(c, fp, { budget: 3, seed: 2, parallel: 1 });
    const first = records(db);
    assert.equal(first.length, 3);
    assert.equal(c.record(first[0]!.farmJob, first[0]!), false, 'a second delivery of a job appends nothing');
    await c.close();
    // a coordinator resuming the same run: the jobs are found finished in Redis, nothing recorded again
    const again = coordinator(db, { runId: c.runId });
    await farmTune(again, fp, { budget: 3, seed: 2, parallel: 1 });
    await again.close();
    assert.equal(records(db).length, 3);
    assertOncePerJob(db);
  });

  test('an agent whose kernel gives wrong numbers: failed trials with the reason, never a winner', async () => {
    const fp = fingerprint('wrong');
    const db = newDb();
    const c = coordinator(db);
    const r = await farmTune(c, fp, { budget: 3, seed: 4, parallel: 1 });
    await c.close();
    assert.equal(r.best, undefined);
    const rs = records(db);
    assert.equal(rs.length, 3);
    for (const x of rs) {
      assert.equal(x.status, 'wrong');
      assert.match(x.reason!, /y differs from the reference at element 0/);
    }
    assert.equal(db.best({ op: 'gemv' }), undefined);
  });

  test('an agent that hangs: its job is taken back after the lock and finished by another', async () => {
    const fp = fingerprint('hang');
    const [h1, h2] = ready('hang') as [TestAgent, TestAgent];
    const db = newDb();
    const c = coordinator(db);
    const run = farmTune(c, fp, { budget: 3, seed: 6, parallel: 1, sleepMs: 800 });
    const line = await Promise.race([h1.waitFor(/running job/), h2.waitFor(/running job/)]);
    const hung = h1.log.includes(line) ? h1 : h2;
    hung.proc.kill('SIGSTOP');
    const r = await run;
    await c.close();
    hung.proc.kill('SIGCONT');
    assert.equal(r.trials.length, 3);
    const job = /running job (\S+)/.exec(line)![1]!;
    const rec = records(db).find((x) => x.farmJob === job)!;
    assert.ok(rec && rec.status === 'ok', `the hung agent's job was finished: ${JSON.stringify(rec)} ${hung.log.join(' | ')}`);
    assert.ok(!rec.origin.includes(/agent (\S+):/.exec(line)![1]!), 'by another agent');
    assertOncePerJob(db);
  });

  test('kernel jobs: a C gemv generated and checked here, built and timed on the agent, recorded once per trial', async () => {
    const { getOp, randomInputs, resolveParams } = await import('@kforge/ir');
    const { loweringFor } = await import('@kforge/driver');
    const bench = await import('@kforge/bench');
    const { farmExecutor } = await import('./executor.ts');
    const { SearchSpace } = await import('@kforge/autotune');
    const fp = fingerprint('kernel');
    const db = newDb();
    const c = coordinator(db);
    const params = resolveParams(getOp('gemv'), { M: 1, N: 32, K: 64 });
    const knobs = loweringFor('gemv', 'c').knobs('c', params);
    const space = new SearchSpace(knobs);
    const workDir = mkdtempSync(join(tmp, 'work-'));
    const runner = new bench.KernelRunner({
      op: 'gemv', target: 'c', params, knobs, inputs: bench.fullCaseInputs(randomInputs(getOp('gemv'), params, 1)),
      executor: farmExecutor(c, fingerprintId(fp), ['c']), measure: { minTimeMs: 5, workDir },
    });
    const r = await tuneParallel({
      space, strategy: STRATEGIES.random!, runner, budget: 2, seed: 1, parallel: 1, defaults: knobs.defaults,
      onTrial: (t) => {
        const d = runner.details.get(bench.configKeyOf(t.config));
        c.record(`${c.runId}.${space.indexOf(t.config)}`, {
          schema: 1, op: 'gemv', params, target: 'c', device: fp, kforge: 'test', config: t.config, sourceHash: d?.sourceHash ?? '',
          status: t.status, ...(d?.measurement ? { measurement: d.measurement } : {}), time: new Date().toISOString(), origin: d?.detail ?? 'farm',
        });
      },
    });
    await c.close();
    assert.deepEqual(r.trials.map((t) => t.status), ['ok', 'ok'], JSON.stringify(r.trials));
    const rs = records(db);
    assert.equal(rs.length, 2);
    assertOncePerJob(db);
    assert.ok(rs.every((x) => x.measurement!.repeats > 0 && /^farm:local:.* agent /.test(x.origin) && x.sourceHash.length === 64), JSON.stringify(rs));
  });

  test('unsigned and altered jobs are refused, and the agent says so', async () => {
    const fp = fingerprint('sig');
    const s = ready('sig')[0]!;
    const q = new Queue(queueName(fingerprintId(fp)), { connection: redisOptions(redis.url) as ConnectionOptions, prefix: PREFIX });
    const payload = { jobId: 'forged-1', runId: 'x', queue: queueName(fingerprintId(fp)), issued: 'now', body: { kind: 'sim', config: {}, recorded: { config: {}, status: 'ok', timeMs: 1 }, x: [1], sleepMs: 0 } };
    await q.add('trial', { payload }, { jobId: 'forged-1' });
    const db = newDb();
    const c = coordinator(db);
    // signed properly, then altered on the way (the config changed after signing)
    const { signPayload } = await import('./sign.ts');
    const p2 = { ...payload, jobId: 'forged-2' };
    await q.add('trial', { payload: { ...p2, body: { ...p2.body, sleepMs: 5 } }, sig: signPayload(p2, key) }, { jobId: 'forged-2' });
    await s.waitFor(/refused job forged-1: it is unsigned/);
    await s.waitFor(/refused job forged-2: its signature does not match/);
    for (let i = 0; i < 100 && (await q.getJobState('forged-2')) !== 'failed'; i++) await new Promise((r) => setTimeout(r, 100));
    const j = await q.getJob('forged-2');
    assert.equal(await j!.getState(), 'failed');
    assert.match(j!.failedReason, /refused by agent .*signature does not match/);
    assert.ok(!s.log.some((l) => l.includes(TEST_KEY)), 'the key is never logged');
    await q.close();
    await c.close();
  });

  test('a job for a fingerprint no agent has waits and is reported; Redis restarted mid-run: every job finishes once', async () => {
    const fp = fingerprint('restart');
    const db = newDb();
    const lines: string[] = [];
    const c = coordinator(db, { log: (l) => lines.push(l) });
    const run = farmTune(c, fp, { budget: 8, seed: 8, parallel: 2, sleepMs: 300 });
    for (let i = 0; i < 100 && !lines.length; i++) await new Promise((r) => setTimeout(r, 200));
    assert.ok(lines.some((l) => /waits: no agent of fingerprint/.test(l)), lines.join('\n'));
    assert.equal(records(db).length, 0);
    const [r1, r2] = [agent(fp), agent(fp)];
    await Promise.all([r1, r2].map((a) => a.waitFor(/running job/, 240_000)));
    await redis.stop();
    await new Promise((r) => setTimeout(r, 1000));
    await redis.start();
    const r = await run;
    await c.close();
    assert.equal(r.trials.length, 8);
    assert.equal(records(db).length, 8);
    assertOncePerJob(db);
    assert.ok(records(db).every((x) => x.status === 'ok' || x.reason === 'recorded compile failure'), JSON.stringify(records(db).map((x) => x.reason)));
  });
  test('bench run on the farm: each case run by an agent with the bench runner, one bench JSON here; resumed, nothing measured again; an unserved fingerprint waits and is reported', async () => {
    const { benchOnFarm } = await import('./bench.ts');
    const fp = fingerprint('bench');
    const benchAgents = ready('bench');
    const suite: Suite = {
      name: 'farm-test', doc: '', source: 'test', cases: [
        { id: 'gemv-f32-64x128', op: 'gemv', params: { M: 1, N: 64, K: 128 }, layer: 'test', phase: 'decode' },
        { id: 'gemv-q8_0-64x128', op: 'gemv', params: { M: 1, N: 64, K: 128, weight: 'q8_0' }, layer: 'test', phase: 'decode' },
      ],
    };
    // the machine running the tests is loaded: allowLoad marks the results loaded instead of refusing
    const options = { target: 'c' as const, threads: 1, minTimeMs: 5, rounds: 1, probeBytes: 1 << 20, allowLoad: true, command: ['kforge', 'bench', 'run', 'farm-test'] };
    const farmBench = (c: FarmCoordinator, f: DeviceFingerprint, cases = suite.cases) => benchOnFarm({ coordinator: c, fingerprint: f, suite, cases, options, queue: 'redis://test' });
    const c = new FarmCoordinator({ url: redis.url, key, pollMs: 50, log: () => {} });
    const file = await farmBench(c, fp);
    await c.close();
    assert.deepEqual(file.results.map((r) => r.id), suite.cases.map((x) => x.id));
    for (const r of file.results) {
      assert.equal(r.status, 'ok', `${r.id}: ${r.reason}`);
      const k = r.measurements[0]!;
      assert.equal(k.impl, 'kforge');
      assert.ok(k.correct && k.nmse <= k.nmse_bound && k.repeats > 0 && k.median_ms > 0, JSON.stringify(k));
      // the baselines were run beside it there, or the file says why not
      assert.ok(r.measurements.length > 1 || /unavailable/.test(r.reason ?? ''), `${r.id}: no baseline and no reason`);
      assert.ok(r.load_average && r.load_average.before.length === 3, 'the load around the case is recorded');
    }
    // each job's probes (start and end), the agents' provenance, this command line
    assert.equal(file.ceilings.filter((x) => x.name === 'read_probe').length, 2 * suite.cases.length);
    assert.ok(file.ceiling_gbps > 0);
    assert.deepEqual(file.provenance.command, options.command);
    assert.ok(file.provenance.machine.cores > 0 && file.provenance.load_average.start.length === 3);
    assert.equal(file.farm.fp_id, fingerprintId(fp));
    const ids = new Set(benchAgents.map((a) => /agent (\S+): serving/.exec(a.log.find((l) => /serving/.test(l))!)![1]!));
    for (const j of file.farm.jobs) assert.ok(j.agent && ids.has(j.agent) && j.failure === null && j.build_commit, JSON.stringify(j));
    const runs = (job: string) => benchAgents.flatMap((a) => a.log).filter((l) => l.includes(`running job ${job} `)).length;
    for (const j of file.farm.jobs) assert.equal(runs(j.job), 1, `job ${j.job} ran once`);
    // the same run resumed: every result comes from Redis, identical, and no case is measured again
    const again = new FarmCoordinator({ url: redis.url, key, runId: c.runId, pollMs: 50, log: () => {} });
    const file2 = await farmBench(again, fp);
    await again.close();
    assert.deepEqual(file2.results, file.results);
    for (const j of file.farm.jobs) assert.equal(runs(j.job), 1, `job ${j.job} not run again`);
    assert.deepEqual(readdirSync(benchScratch), [], 'every scratch folder removed');
    // a fingerprint no agent serves: the job waits, is reported, and runs once an agent of it connects
    const late = fingerprint('bench-late');
    const lines: string[] = [];
    const c3 = new FarmCoordinator({ url: redis.url, key, pollMs: 50, waitReportMs: 500, log: (l) => lines.push(l) });
    const waiting = farmBench(c3, late, suite.cases.slice(0, 1));
    for (let i = 0; i < 100 && !lines.length; i++) await new Promise((r) => setTimeout(r, 100));
    assert.match(lines.join('\n'), /waits: no agent of fingerprint/);
    agent(late, { scratch: benchScratch });
    const file3 = await waiting;
    await c3.close();
    assert.equal(file3.results.length, 1);
    assert.equal(file3.results[0]!.status, 'ok', file3.results[0]!.reason ?? '');
  });
});
