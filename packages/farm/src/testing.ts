/**
 * What the farm tests share: a real redis-server on a loopback port (persistence on, in a folder of
 * the test's own; TLS with a throwaway CA when asked), a real sshd on a loopback port with a
 * throwaway host key (the "remote" of an agent with --remote ssh://), agents as separate processes,
 * and a small recorded space.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
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

export interface TestRedisOptions {
  /** redis.conf lines instead of the command-line configuration (the port, --dir and --daemonize no are added) */
  readonly conf?: readonly string[];
  /** the URL's scheme and credentials, when conf sets them (default redis://:farm-pass@) */
  readonly urlPrefix?: string;
}

export class TestRedis {
  private proc: ChildProcess | undefined;
  readonly dir = mkdtempSync(join(tmpdir(), 'kforge-farm-redis-'));
  constructor(readonly port: number, private readonly o: TestRedisOptions = {}) {}
  get url(): string {
    return `${this.o.urlPrefix ?? 'redis://:farm-pass@'}127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // loopback only, a password, the append-only file fsynced on every write: a restart loses nothing
    const args = this.o.conf
      ? [this.writeConf(this.o.conf), '--dir', this.dir, '--daemonize', 'no']
      : ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--requirepass', 'farm-pass',
        '--appendonly', 'yes', '--appendfsync', 'always', '--save', '', '--protected-mode', 'yes'];
    this.proc = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((res, rej) => {
      let out = '';
      const t = setTimeout(() => rej(new Error(`redis-server did not start: ${out}`)), 10_000);
      const read = (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(t);
          res();
        }
      };
      this.proc!.stdout!.on('data', read);
      this.proc!.stderr!.on('data', read);
      this.proc!.on('exit', (code) => rej(new Error(`redis-server exited (${code}): ${out}`)));
    });
  }

  private writeConf(lines: readonly string[]): string {
    const path = join(this.dir, 'redis.conf');
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
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

/** A throwaway CA, a server certificate for 127.0.0.1 and a client certificate, made with openssl in dir. */
export function makeTestCertificates(dir: string): { ca: string; serverCert: string; serverKey: string; clientCert: string; clientKey: string } {
  const f = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => {
    const r = spawnSync('openssl', args, { encoding: 'utf8', cwd: dir });
    if (r.error || r.status !== 0) throw new Error(`openssl ${args[0]} failed: ${r.error?.message ?? r.stderr}`);
  };
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.crt'), '-days', '1', '-subj', '/CN=kforge farm test CA');
  for (const [name, ext] of [['server', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], ['client', 'extendedKeyUsage=clientAuth']] as const) {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f(`${name}.key`), '-out', f(`${name}.csr`), '-subj', `/CN=kforge farm test ${name}`);
    writeFileSync(f(`${name}.ext`), `${ext}\n`);
    openssl('x509', '-req', '-in', f(`${name}.csr`), '-CA', f('ca.crt'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f(`${name}.crt`), '-days', '1', '-extfile', f(`${name}.ext`));
  }
  return { ca: f('ca.crt'), serverCert: f('server.crt'), serverKey: f('server.key'), clientCert: f('client.crt'), clientKey: f('client.key') };
}

const SSHD = '/usr/sbin/sshd';

/**
 * A real sshd on a loopback port, as the user running the test: a throwaway host key, one
 * authorized client key, its own configuration (-f) and pid file in a temporary folder. `url` is the
 * ssh:// URL an agent's --remote takes (the client key and a known_hosts file of that host key).
 */
export class TestSshd {
  readonly dir = mkdtempSync(join(tmpdir(), 'kforge-farm-sshd-'));
  readonly user = userInfo().username;
  private proc: ChildProcess | undefined;
  private log = '';
  constructor(readonly port: number) {}

  get url(): string {
    return `ssh://${this.user}@127.0.0.1:${this.port}?identity=${join(this.dir, 'client_key')}&known_hosts=${join(this.dir, 'known_hosts')}`;
  }

  /** Starts it; resolves to why it cannot run here (then the tests skip, saying so), or undefined. */
  async start(): Promise<string | undefined> {
    if (!existsSync(SSHD)) return `${SSHD} is absent (tools/scripts/bootstrap.sh installs openssh-server)`;
    for (const k of ['host_key', 'client_key']) {
      const r = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(this.dir, k)], { encoding: 'utf8' });
      if (r.error || r.status !== 0) return `ssh-keygen failed: ${r.error?.message ?? r.stderr}`;
    }
    writeFileSync(join(this.dir, 'authorized_keys'), readFileSync(join(this.dir, 'client_key.pub')));
    chmodSync(join(this.dir, 'authorized_keys'), 0o600);
    writeFileSync(join(this.dir, 'known_hosts'), `[127.0.0.1]:${this.port} ${readFileSync(join(this.dir, 'host_key.pub'), 'utf8')}`);
    writeFileSync(join(this.dir, 'sshd_config'), [
      'ListenAddress 127.0.0.1', `HostKey ${join(this.dir, 'host_key')}`, `AuthorizedKeysFile ${join(this.dir, 'authorized_keys')}`,
      'PasswordAuthentication no', 'KbdInteractiveAuthentication no', 'PermitRootLogin prohibit-password',
      // the keys live in a temporary folder, not in a home folder whose modes sshd would check; scp speaks sftp
      'StrictModes no', 'UsePAM no', 'Subsystem sftp internal-sftp', `PidFile ${join(this.dir, 'sshd.pid')}`, '',
    ].join('\n'));
    // as root, sshd needs its privilege-separation folder (the system service makes it; a container may lack it);
    // as another user it runs without one
    if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    this.proc = spawn(SSHD, ['-D', '-e', '-p', String(this.port), '-f', join(this.dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.proc.stderr!.on('data', (d: Buffer) => { this.log += d.toString(); });
    for (let i = 0; i < 200 && !/Server listening/.test(this.log) && this.proc.exitCode === null; i++) await new Promise((r) => setTimeout(r, 50));
    if (!/Server listening/.test(this.log)) {
      this.proc.kill('SIGKILL');
      return `sshd did not start as ${this.user} (${this.proc.exitCode === null ? 'no "Server listening" in 10 s' : `exit code ${this.proc.exitCode}`}): ${this.log.trim().slice(-500)}`;
    }
    return undefined;
  }

  async stop(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    await new Promise<void>((res) => {
      p.once('exit', () => res());
      p.kill('SIGTERM');
    });
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
export function startAgent(url: string, fp: DeviceFingerprint, extra: Readonly<Record<string, unknown>> = {}, key = TEST_KEY, env: Readonly<Record<string, string>> = {}): TestAgent {
  const config = { url, fingerprint: fp, lockMs: 1500, ...extra };
  return startProcess([join(ROOT, 'packages/farm/src/agent-process.ts'), JSON.stringify(config)], { ...env, KFORGE_FARM_KEY: key });
}

/** `node --import tsx ARGS...` from the repository root (an agent, or `kforge farm agent`), its stderr kept as its log. */
export function startProcess(args: readonly string[], env: Readonly<Record<string, string>> = {}): TestAgent {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
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
        // an agent that exits never logs the line: say so at once, with its log
        proc.once('exit', (code, signal) => { clearTimeout(t); rej(new Error(`agent exited (${code ?? signal}) before ${re}: ${log.join(' | ')}${partial}`)); });
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
