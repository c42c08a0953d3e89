/**
 * A remote host over OpenSSH: `ssh` runs the shell commands, `scp` moves the files. Never prompts
 * (BatchMode): keys come from the user's ssh setup or from the URL.
 *
 *   ssh://user@host[:port][?identity=KEYFILE&known_hosts=FILE&cc=COMPILER]
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '@kforge/ir';
import { RemoteJobError, describeFailure, type CommandResult, type CommandRunner, type Transport } from './job.ts';

export interface SshTarget {
  readonly user?: string;
  readonly host: string;
  readonly port: number;
  readonly identity?: string;
  readonly knownHosts?: string;
  /** the remote's C compiler (default: cc) */
  readonly cc?: string;
}

export function parseSshUrl(url: string): SshTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new InputError(`--remote '${url}' is not a URL such as ssh://user@host:22`);
  }
  if (u.protocol !== 'ssh:' || !u.hostname) throw new InputError(`--remote '${url}' is not an ssh://user@host[:port] URL`);
  const known = new Set(['identity', 'known_hosts', 'cc']);
  for (const k of u.searchParams.keys()) if (!known.has(k)) throw new InputError(`--remote '${url}': unknown option '${k}' (known: ${[...known].join(', ')})`);
  const q = (k: string) => u.searchParams.get(k) ?? undefined;
  return {
    host: u.hostname, port: u.port ? Number(u.port) : 22,
    ...(u.username ? { user: decodeURIComponent(u.username) } : {}),
    ...(q('identity') ? { identity: q('identity')! } : {}),
    ...(q('known_hosts') ? { knownHosts: q('known_hosts')! } : {}),
    ...(q('cc') ? { cc: q('cc')! } : {}),
  };
}

export class SshTransport implements Transport {
  readonly origin: string;
  readonly baseDir: string;
  readonly cc: string | undefined;
  private readonly login: string;
  private readonly common: string[];

  constructor(readonly target: SshTarget, private readonly run: CommandRunner, baseDir = '/tmp/kforge-tune') {
    this.login = target.user ? `${target.user}@${target.host}` : target.host;
    this.origin = `ssh:${this.login}:${target.port}`;
    this.baseDir = baseDir;
    this.cc = target.cc;
    // one shared connection (a handshake costs about a second; a trial makes several calls); close() ends it
    this.common = ['-o', 'BatchMode=yes', '-o', 'LogLevel=ERROR', '-o', 'ConnectTimeout=15',
      '-o', 'ControlMaster=auto', '-o', `ControlPath=${join(tmpdir(), 'kforge-ssh-%C')}`, '-o', 'ControlPersist=30',
      ...(target.identity ? ['-i', target.identity, '-o', 'IdentitiesOnly=yes'] : []),
      ...(target.knownHosts ? ['-o', `UserKnownHostsFile=${target.knownHosts}`] : [])];
  }

  shell(command: string, timeoutMs: number): Promise<CommandResult> {
    return this.run('ssh', [...this.common, '-p', String(this.target.port), this.login, command], { timeoutMs });
  }

  async push(files: readonly string[], remoteDir: string): Promise<void> {
    await this.check(`mkdir on ${this.origin}`, await this.shell(`mkdir -p '${remoteDir}'`, 30_000));
    await this.check(`scp to ${this.origin}`, await this.run('scp', ['-q', ...this.common, '-P', String(this.target.port), ...files, `${this.login}:${remoteDir}/`], { timeoutMs: 120_000 }));
  }

  async pull(remoteFiles: readonly string[], localDir: string): Promise<void> {
    const sources = remoteFiles.map((f) => `${this.login}:${f}`);
    await this.check(`scp from ${this.origin}`, await this.run('scp', ['-q', ...this.common, '-P', String(this.target.port), ...sources, `${localDir}/`], { timeoutMs: 120_000 }));
  }

  /** ends the shared connection (it would otherwise linger for 30 s after the last call) */
  async close(): Promise<void> {
    await this.run('ssh', [...this.common, '-p', String(this.target.port), '-O', 'exit', this.login], { timeoutMs: 10_000 });
  }

  private async check(what: string, r: CommandResult): Promise<void> {
    if (r.code !== 0) throw new RemoteJobError(r.code === 255 || r.spawnError ? 'transport' : 'runtime', describeFailure(what, r));
  }
}
