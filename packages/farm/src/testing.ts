/**
 * What the farm tests share: a real redis-server on a loopback port (persistence on, in a folder of
 * the test's own), agents as separate `kforge farm agent` processes, and a small recorded space.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SearchSpace, type DeviceFingerprint, type Trial } from '@kforge/autotune';
import type { KnobConfig, KnobSpace } from '@kforge/ir';

const ROOT = resolve(import.meta.dirname, '../../..');
export const TEST_KEY = 'farm-test-key-0123456789abcdef';

/** Why the farm tests cannot run here, or undefined (redis-server is what they need). */
export function redisMissing(): string | undefined {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return r.error || r.status !== 0
    ? 'redis-server is not installed (tools/scripts/bootstrap.sh installs Debian\'s redis-server; as root: apt-get install redis-server)'
    : undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export class TestRedis {
  private proc: ChildProcess | undefined;
  readonly dir = mkdtempSync(join(tmpdir(), 'kforge-farm-redis-'));
  constructor(readonly port: number) {}
  get url(): string {
    return `redis://:farm-pass@127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // loopback only, a password, the append-only file fsynced on every write: a restart loses nothing
    this.proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--requirepass', 'farm-pass',
      '--appendonly', 'yes', '--appendfsync', 'always', '--save', '', '--protected-mode', 'yes'], { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((res, rej) => {
      let out = '';
      const t = setTimeout(() => rej(new Error(`redis-server did not start: ${out}`)), 10_000);
      this.proc!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(t);
          res();
        }
      });
      this.proc!.on('exit', (code) => rej(new Error(`redis-server exited (${code}): ${out}`)));
    });
  }

  /** SIGTERM: redis-server finishes its append-only file and exits */
  async stop(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((res) => {
      p.once('exit', () => res());
      p.kill('SIGTERM');
    });
    this.proc = undefined;
  }
}

export interface TestAgent {
  readonly proc: ChildProcess;
  readonly log: string[];
  /** resolves when the agent's log has a line matching re */
  waitFor(re: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

/** An agent process (agent-process.ts, the same FarmAgent as `kforge farm agent`); extra: AgentOptions fields. */
export function startAgent(url: string, fp: DeviceFingerprint, extra: Readonly<Record<string, unknown>> = {}, key = TEST_KEY): TestAgent {
  const config = { url, fingerprint: fp, lockMs: 1500, ...extra };
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/farm/src/agent-process.ts'), JSON.stringify(config)],
    { cwd: ROOT, env: { ...process.env, KFORGE_FARM_KEY: key }, stdio: ['ignore', 'ignore', 'pipe'] });
  const log: string[] = [];
  const waiters: { re: RegExp; res: (l: string) => void }[] = [];
  let partial = '';
  proc.stderr!.on('data', (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop()!;
    for (const l of lines) {
      log.push(l);
      for (const w of [...waiters]) if (w.re.test(l)) { waiters.splice(waiters.indexOf(w), 1); w.res(l); }
    }
  });
  return {
    proc, log,
    waitFor(re, timeoutMs = 90_000) {
      const seen = log.find((l) => re.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((res, rej) => {
        const t = setTimeout(() => rej(new Error(`agent log has no ${re}: ${log.join(' | ')}`)), timeoutMs);
        waiters.push({ re, res: (l) => { clearTimeout(t); res(l); } });
      });
    },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      await new Promise<void>((res) => {
        proc.once('exit', () => res());
        proc.kill('SIGCONT');
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
      });
    },
  };
}

export function fingerprint(name: string): DeviceFingerprint {
  return { device: `test device ${name}`, features: ['avx2'], compiler: 'gcc 12.2.0', executor: 'native' };
}

/** A recorded space of 60 configs with one compile failure: times a smooth function of the knobs. */
export const testKnobs: KnobSpace = {
  knobs: [
    { name: 'rows', values: [1, 2, 4, 8, 16], doc: '' },
    { name: 'unroll', values: [1, 2, 4, 8], doc: '' },
    { name: 'vec', values: [4, 8, 16], doc: '' },
  ],
  check: () => undefined,
  defaults: { rows: 1, unroll: 1, vec: 4 },
};
export const testSpace = new SearchSpace(testKnobs);
const timeOf = (c: KnobConfig) => 1 + 0.4 / (c.vec as number) + 0.3 / (c.unroll as number) + 0.2 / (c.rows as number) + 0.01 * (c.rows as number) * (c.unroll as number);
export const testRecorded: Trial[] = testSpace.configs.map((config, i) =>
  (i === 7 ? { config, status: 'compile', reason: 'recorded compile failure' } : { config, status: 'ok', timeMs: timeOf(config) }));
