// `kforge farm agent --remote ssh://...` for real: a redis-server and an sshd of the test's own on
// loopback ports (a throwaway host key, one authorized key, as the user running the test), the CLI's
// agent process reaching its "remote" through ssh/scp, and `kforge tune --farm` as a user runs it:
// a C gemv generated and checked here, built and timed on the remote, each trial recorded once. A
// bench job for that agent is refused, before anything is sent and, sent anyway, by the agent.
// adb:// cannot be tested here (no device and no emulator; docs/farm.md says so).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JsonlTuningDatabase } from '@kforge/autotune';
import { localCpuFingerprint } from '@kforge/bench';
import { FarmCoordinator, farmStatus, type FarmRecord } from '@kforge/farm';
import { TEST_KEY, TestRedis, TestSshd, freePort, redisMissing, startProcess, type TestAgent } from '@kforge/farm/testing';
import { kforge, scratchFolder } from '../testing.ts';

delete process.env.KFORGE_FARM_KEY;
delete process.env.KFORGE_FARM_KEY_FILE;
const MAIN = resolve(import.meta.dirname, '../main.ts');
// where the SSH transport makes its job folders on the remote (packages/autotune SshTransport's default)
const REMOTE_BASE = '/tmp/kforge-tune';
const CASE = 'gemv/q_proj/2048x1024/M1/q8_0';
const farmJobFolders = () => (existsSync(REMOTE_BASE) ? readdirSync(REMOTE_BASE).filter((f) => f.startsWith('farm-')) : []);

const missing = redisMissing();
describe('farm agent --remote ssh:// (real redis-server and sshd, the CLI agent as a process)', { skip: missing, timeout: 300_000 }, () => {
  let redis: TestRedis;
  let sshd: TestSshd;
  let agent: TestAgent | undefined;
  let noSsh: string | undefined;
  let fpId: string;
  const dir = scratchFolder();
  const keyFile = join(dir, 'key');
  writeFileSync(keyFile, TEST_KEY);
  const foldersBefore = new Set(farmJobFolders());

  before(async () => {
    redis = new TestRedis(await freePort());
    sshd = new TestSshd(await freePort());
    await redis.start();
    noSsh = await sshd.start();
    if (noSsh) {
      console.log(`# farm --remote ssh:// tests skipped: ${noSsh}`);
      return;
    }
    agent = startProcess([MAIN, 'farm', 'agent', '--queue', redis.url, '--remote', sshd.url, '--key-file', keyFile]);
    fpId = /serving fingerprint (\w+)/.exec(await agent.waitFor(/serving fingerprint/, 240_000))![1]!;
  });
  after(async () => {
    await agent?.stop();
    await sshd?.stop();
    await redis?.stop();
  });

  test('tune --farm: each candidate built and timed on the remote through ssh, recorded once', async (t) => {
    if (noSsh) return t.skip(noSsh);
    const db = join(dir, 'tune.jsonl');
    const r = await kforge(['tune', 'gemv', '--target', 'c', '--params', '{"M":1,"N":32,"K":64}', '--threads', '1', '--strategy', 'random', '--budget', '2',
      '--min-time-ms', '5', '--probe-mib', '0', '--farm', redis.url, '--key-file', keyFile, '--db', db], 240_000);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.match(r.stdout, new RegExp(`farm run \\S+: 1 candidates in flight on fingerprint ${fpId}`));
    assert.ok(!`${r.stdout}${r.stderr}`.includes('farm-pass') && !`${r.stdout}${r.stderr}`.includes(TEST_KEY), 'neither the password nor the key printed');
    const rs = new JsonlTuningDatabase(db).all() as FarmRecord[];
    assert.equal(rs.length, 2, JSON.stringify(rs));
    assert.equal(new Set(rs.map((x) => x.farmJob)).size, 2, 'each trial recorded once');
    for (const x of rs) {
      assert.equal(x.status, 'ok', x.reason);
      assert.match(x.origin, new RegExp(`^farm:ssh:${sshd.user}@127\\.0\\.0\\.1:${sshd.port} agent `), 'measured through the agent\'s ssh transport');
      assert.ok(x.measurement!.repeats > 0 && x.measurement!.medianMs > 0 && /^[0-9a-f]{64}$/.test(x.sourceHash), JSON.stringify(x));
    }
    // the agent's log: each job it ran, on the remote; its job folders there removed afterwards
    assert.ok(agent!.log.filter((l) => /running job /.test(l)).length >= 2, agent!.log.join('\n'));
    assert.deepEqual(farmJobFolders().filter((f) => !foldersBefore.has(f)), [], 'every remote job folder removed');
  });

  test('the agent announces the fingerprint a local run of this machine records (where cc is the toolchain\'s gcc)', async (t) => {
    if (noSsh) return t.skip(noSsh);
    const which = (c: string) => spawnSync('sh', ['-c', `command -v ${c}`], { encoding: 'utf8' }).stdout.trim();
    if (!which('cc') || !which('gcc') || realpathSync(which('cc')) !== realpathSync(which('gcc'))) return t.skip('cc is not gcc here: a remote names cc\'s compiler, a local run its toolchain\'s');
    const [a] = (await farmStatus(redis.url)).agents;
    assert.deepEqual(a!.fingerprint, await localCpuFingerprint('c', { name: 'native' } as never));
    assert.equal(a!.benchJobs, false, 'it announces that it takes no bench jobs');
  });

  test('bench jobs: refused by bench run before anything is sent, and by the agent when sent anyway', async (t) => {
    if (noSsh) return t.skip(noSsh);
    const out = join(dir, 'r.json');
    const r = await kforge(['bench', 'run', 'qwen3-0.6b', '--filter', `^${CASE}$`, '--target', 'c', '--threads', '1', '--min-time', '5', '--rounds', '1',
      '--probe-mib', '1', '--allow-load', '--farm', redis.url, '--key-file', keyFile, '--out', out], 120_000);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`every connected agent of fingerprint ${fpId} refuses bench jobs .*through --remote \\(ssh:${sshd.user}@127\\.0\\.0\\.1:${sshd.port}\\): start \`kforge farm agent\` on that machine itself`));
    assert.ok(!existsSync(out), 'nothing written');
    // a coordinator that sends one anyway: the agent refuses it at once (no retry), saying why
    const c = new FarmCoordinator({ url: redis.url, key: Buffer.from(TEST_KEY), pollMs: 50, log: () => {} });
    const outcome = await c.submit(fpId, 'remote-bench-1', {
      kind: 'bench', suite: 'farm-test', case: { id: 'gemv-f32', op: 'gemv', params: { M: 1, N: 64, K: 128 }, layer: 'test', phase: 'decode' },
      options: { target: 'c', threads: 1, minTimeMs: 5, rounds: 1, allowLoad: true },
    });
    await c.close();
    assert.equal(outcome.done, false);
    assert.match(outcome.done ? '' : outcome.reason, /^refused by agent \S+: a bench job runs the bench runner .* through --remote \(ssh:/);
    await agent!.waitFor(/refused job remote-bench-1: a bench job runs the bench runner/);
    assert.equal(agent!.log.filter((l) => l.includes('refused job remote-bench-1:')).length, 1, 'refused once, not retried');
  });
});
