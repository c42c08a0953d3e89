/**
 * Subprocesses with a wall-clock limit, for builders, emulators and tool probes. A run never throws
 * for a non-zero exit: callers decide what a failure means (see ExecError for the usual wording).
 */
import { spawn } from 'node:child_process';

export interface ProcessOptions {
  readonly cwd?: string;
  /** added to (not replacing) process.env */
  readonly env?: Readonly<Record<string, string>>;
  /** killed with SIGKILL after this many milliseconds */
  readonly timeoutMs: number;
  readonly stdin?: string | Uint8Array;
}

export interface ProcessResult {
  readonly command: string;
  /** exit code, or null when killed by a signal */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
  /** the program could not be started (not installed, not executable) */
  readonly spawnError?: string;
}

/** The command line as a user would paste it into a shell (for error messages). */
export function formatCommand(file: string, args: readonly string[]): string {
  return [file, ...args].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

export function runProcess(file: string, args: readonly string[], opts: ProcessOptions): Promise<ProcessResult> {
  const command = formatCommand(file, args);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd: opts.cwd,
      env: opts.env ? { ...process.env, ...opts.env } : process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    let spawnError: string | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e) => { spawnError = e.message; });
    child.stdin.on('error', () => { /* the child may exit before reading its input */ });
    child.stdin.end(opts.stdin ?? '');
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        command, code, signal, timedOut, spawnError,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        wallMs: performance.now() - started,
      });
    });
  });
}
