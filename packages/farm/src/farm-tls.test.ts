// rediss:// for real: redis-server started with the redis.conf block of docs/farm.md (TLS only, client
// certificates, the farm's ACL user), a throwaway CA and certificates made with openssl here, an agent
// process given its TLS files through the environment and a coordinator through the URL; a tuning
// round through it recorded once per job. Skips, saying why, where redis-server is missing or cannot
// serve TLS (a build without BUILD_TLS=yes).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JsonlTuningDatabase, STRATEGIES, SimulationRunner, configKey, tune } from '@kforge/autotune';
import { FarmCoordinator, type FarmRecord } from './coordinator.ts';
import { FarmSimRunner } from './sim.ts';
import { farmStatus } from './status.ts';
import { tuneParallel } from './tune.ts';
import { TEST_KEY, TestRedis, fingerprint, freePort, makeTestCertificates, redisMissing, startAgent, testRecorded, testSpace, type TestAgent } from './testing.ts';

const DOC = resolve(import.meta.dirname, '../../../docs/farm.md');
const PASSWORD = 'farm-tls-pass-0123456789';

/** The redis.conf block of docs/farm.md with the test's port, files and password; throws when a value to replace is gone. */
function documentedConf(port: number, files: ReturnType<typeof makeTestCertificates>): string[] {
  const doc = readFileSync(DOC, 'utf8');
  const block = /A `redis\.conf`[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(block, 'docs/farm.md has the redis.conf block');
  const replace: [string, string][] = [
    ['bind 127.0.0.1 10.0.0.5', 'bind 127.0.0.1'], ['tls-port 6380', `tls-port ${port}`],
    ['/etc/redis/farm.crt', files.serverCert], ['/etc/redis/farm.key', files.serverKey], ['/etc/redis/ca.crt', files.ca],
    ['LONG-RANDOM', PASSWORD], ['appendfsync everysec', 'appendfsync always'],
  ];
  let text = block;
  for (const [from, to] of replace) {
    assert.ok(text.includes(from), `the documented redis.conf no longer has '${from}': update this test with it`);
    text = text.replace(from, to);
  }
  return text.split('\n');
}

const missing = redisMissing();
const key = Buffer.from(TEST_KEY);

describe('farm over rediss:// (redis-server with the documented TLS configuration)', { skip: missing, timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-farm-tls-'));
  let files: ReturnType<typeof makeTestCertificates>;
  let redis: TestRedis;
  let agent: TestAgent | undefined;
  // why this redis-server cannot serve TLS, when it cannot (the tests then skip with it)
  let noTls: string | undefined;
  let base: string;
  const query = () => `?ca=${files.ca}&cert=${files.clientCert}&cert_key=${files.clientKey}`;

  before(async () => {
    files = makeTestCertificates(dir);
    const port = await freePort();
    redis = new TestRedis(port, { conf: documentedConf(port, files), urlPrefix: `rediss://farm:${PASSWORD}@` });
    try {
      await redis.start();
    } catch (e) {
      const m = (e as Error).message;
      if (!/tls/i.test(m)) throw e;
      noTls = `this redis-server cannot serve TLS (a build without BUILD_TLS=yes?): ${m.trim().split('\n').slice(-3).join(' ')}`;
      console.log(`# rediss:// tests skipped: ${noTls}`);
      return;
    }
    base = redis.url;
    // the agent's TLS files from the environment, the URL without options
    agent = startAgent(base, fingerprint('tls'), {}, TEST_KEY, { KFORGE_FARM_TLS_CA: files.ca, KFORGE_FARM_TLS_CERT: files.clientCert, KFORGE_FARM_TLS_KEY: files.clientKey });
    await agent.waitFor(/serving fingerprint/, 120_000);
  });
  after(async () => {
    await agent?.stop();
    await redis?.stop();
  });

  test('a tuning round through rediss:// (CA and client certificate): the one-device proposals, each recorded once', async (t) => {
    if (noTls) return t.skip(noTls);
    const fp = fingerprint('tls');
    const db = new JsonlTuningDatabase(join(dir, 'db.jsonl'));
    const c = new FarmCoordinator({ url: `${base}${query()}`, key, db, pollMs: 50, log: () => {} });
    const runner = new FarmSimRunner({ coordinator: c, space: testSpace, recorded: testRecorded, fingerprint: fp, op: 'gemv', params: {}, target: 'c', sleepMs: 20 });
    const r = await tuneParallel({ space: testSpace, strategy: STRATEGIES.random!, runner, budget: 5, seed: 3, parallel: 1 });
    const status = await farmStatus(`${base}${query()}`);
    await c.close();
    const seq = await tune({ space: testSpace, strategy: STRATEGIES.random!, runner: new SimulationRunner(testRecorded), budget: 5, seed: 3 });
    const keys = (ts: readonly { config: object }[]) => new Set(ts.map((x) => configKey(x.config as never)));
    assert.deepEqual(keys(r.trials), keys(seq.trials));
    const rs = db.all() as FarmRecord[];
    assert.equal(rs.length, 5);
    assert.equal(new Set(rs.map((x) => x.farmJob)).size, 5, 'each job recorded once');
    assert.ok(rs.every((x) => / agent /.test(x.origin)), 'measured by the agent');
    assert.equal(status.agents.length, 1, 'farm status reads the agents over TLS');
  });

  test('refused: no client certificate, no CA, the default user, a TLS option on redis://', async (t) => {
    if (noTls) return t.skip(noTls);
    // farmStatus gives up instead of reconnecting: a refused handshake closes the connection
    await assert.rejects(farmStatus(`${base}?ca=${files.ca}`), /Connection is closed/, 'no client certificate');
    await assert.rejects(farmStatus(`${base}?cert=${files.clientCert}&cert_key=${files.clientKey}`), /Connection is closed/, 'the server certificate is not signed by a public CA');
    await assert.rejects(farmStatus(`rediss://127.0.0.1:${redis.port}${query()}`), /NOAUTH|WRONGPASS|NOPERM|disabled/i);
    await assert.rejects(farmStatus(`redis://127.0.0.1:${redis.port}?ca=${files.ca}`), /is a TLS option: use rediss:\/\//);
    await assert.rejects(farmStatus(`${base}?ca=${join(dir, 'absent.crt')}`), /cannot read the TLS file .*absent\.crt.*ENOENT/);
    await assert.rejects(farmStatus(`${base}?ca=${files.ca}&cert=${files.clientCert}`), /needs both \?cert= and \?cert_key=/);
    await assert.rejects(farmStatus(`${base}?password=x`), /unknown option 'password'/);
  });
});
