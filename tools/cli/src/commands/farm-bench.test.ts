// `kforge bench run SUITE --farm URL` as a user runs it: a real redis-server and a `kforge farm agent`
// process (its bench jobs run as `kforge farm bench-job`, the path the packed bundle takes too), the
// bench JSON written here; and its bad input (exit 2, nothing written).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TEST_KEY, TestRedis, fingerprint, freePort, redisMissing, startProcess, type TestAgent } from '@kforge/farm/testing';
import { kforge, scratchFolder } from '../testing.ts';

// the key comes from --key-file in these tests (a key in the environment would hide the missing-key case)
delete process.env.KFORGE_FARM_KEY;
delete process.env.KFORGE_FARM_KEY_FILE;
const CASE = 'gemv/q_proj/2048x1024/M1/q8_0';
const quick = ['--target', 'c', '--threads', '1', '--min-time', '5', '--rounds', '1', '--probe-mib', '1', '--allow-load'];

test('bench run --farm: bad input exits 2 and writes nothing', async () => {
  const dir = scratchFolder();
  const out = join(dir, 'r.json');
  const keyFile = join(dir, 'key');
  writeFileSync(keyFile, TEST_KEY);
  const cases: [string[], RegExp][] = [
    [['--fingerprint', '{}', '--out', out], /--fingerprint belongs to --farm/],
    [['--farm', 'redis://127.0.0.1:1', '--export', join(dir, 'b'), '--out', out], /--farm and --export exclude each other/],
    [['--farm', 'redis://127.0.0.1:1', '--out', out], /farm: no signing key: set KFORGE_FARM_KEY/],
    [['--farm', 'http://127.0.0.1:1', '--key-file', keyFile, '--out', out], /must be redis:\/\/ or rediss:\/\//],
    [['--farm', 'redis://127.0.0.1:1', '--key-file', keyFile, '--run-id', 'a b', '--out', out], /--run-id must be 1 to 64 letters/],
  ];
  for (const [argv, message] of cases) {
    const r = await kforge(['bench', 'run', 'qwen3-0.6b', '--filter', CASE, ...quick, ...argv]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, message);
  }
  assert.ok(!existsSync(out) && !existsSync(join(dir, 'b')));
});

test('farm bench-job and farm status: bad input exits 2', async () => {
  for (const [argv, message] of [
    [['farm', 'bench-job', 'job.json'], /farm bench-job: takes JOB\.json RESULT\.json/],
    [['farm', 'status', 'extra', '--queue', 'redis://127.0.0.1:1'], /farm status: unexpected argument 'extra'/],
  ] as [string[], RegExp][]) {
    const r = await kforge(argv);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, message);
  }
});

const missing = redisMissing();
describe('bench run --farm (real redis-server, an agent process)', { skip: missing, timeout: 300_000 }, () => {
  let redis: TestRedis;
  let agent: TestAgent;
  before(async () => {
    redis = new TestRedis(await freePort());
    await redis.start();
    const dir = scratchFolder();
    writeFileSync(join(dir, 'key'), TEST_KEY);
    writeFileSync(join(dir, 'fp.json'), JSON.stringify(fingerprint('cli-bench')));
    agent = startProcess([resolve(import.meta.dirname, '../main.ts'), 'farm', 'agent', '--queue', redis.url, '--key-file', join(dir, 'key'), '--fingerprint', `@${join(dir, 'fp.json')}`]);
    await agent.waitFor(/serving fingerprint/, 240_000);
  });
  after(async () => {
    await agent.stop();
    await redis.stop();
  });

  test('the case measured by the agent with the bench protocol, written as the bench JSON here', async () => {
    const dir = scratchFolder();
    const keyFile = join(dir, 'key');
    writeFileSync(keyFile, TEST_KEY);
    const out = join(dir, 'r.json');
    const r = await kforge(['bench', 'run', 'qwen3-0.6b', '--filter', `^${CASE}$`, ...quick, '--farm', redis.url, '--key-file', keyFile, '--out', out], 240_000);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /1 ok, 0 skipped, 0 incorrect, 0 error; .*measured on the farm by 1 agent\(s\)/);
    assert.ok(!r.stdout.includes('farm-pass') && !r.stderr.includes('farm-pass') && !r.stderr.includes(TEST_KEY), 'neither the password nor the key printed');
    const file = JSON.parse(readFileSync(out, 'utf8'));
    assert.equal(file.results.length, 1);
    const [c] = file.results;
    assert.equal(c.id, CASE);
    assert.equal(c.status, 'ok', c.reason);
    assert.ok(c.measurements[0].correct && c.measurements[0].repeats > 0);
    assert.equal(file.farm.jobs.length, 1);
    assert.ok(agent.log.some((l) => l.includes(`running job ${file.farm.jobs[0].job} `)), 'the agent ran the job');
    assert.match(file.farm.queue, /redis:\/\/:\*\*\*@127\.0\.0\.1/);
    assert.deepEqual(file.provenance.command.slice(0, 4), ['kforge', 'bench', 'run', 'qwen3-0.6b']);
    // resumed with --run-id: the result comes back from Redis, the case is not measured again
    const out2 = join(dir, 'r2.json');
    const again = await kforge(['bench', 'run', 'qwen3-0.6b', '--filter', `^${CASE}$`, ...quick, '--farm', redis.url, '--key-file', keyFile, '--run-id', file.farm.run, '--out', out2], 240_000);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(JSON.parse(readFileSync(out2, 'utf8')).results, file.results);
    assert.equal(agent.log.filter((l) => l.includes(`running job ${file.farm.jobs[0].job} `)).length, 1, 'measured once');
  });
});
