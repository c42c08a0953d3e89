/**
 * The remote build-and-run protocol shared by the SSH and ADB transports and the offline bundle: a
 * job is a folder of already-generated C sources (kernel + harness), raw input files and a build.sh
 * that needs nothing but a C compiler ($CC, default cc). The harness writes out_<name>.bin and, when
 * given a repeat count, timings.bin (u64 nanoseconds per repeat).
 *
 * Code here never generates kernels: the app composes it with the code generators and executors.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openmpShellPrefix } from '@kforge/target';

/** What a subprocess left behind; structurally exec's ProcessResult, so its runProcess plugs in. */
export interface CommandResult {
  readonly code: number | null;
  readonly signal?: string | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  readonly spawnError?: string;
}

/** Runs a program with a wall-clock limit and never throws for a non-zero exit (exec's runProcess). */
export type CommandRunner = (file: string, args: readonly string[], o: { readonly timeoutMs: number }) => Promise<CommandResult>;

/** A machine reached by copying files and running shell command lines (SSH, ADB). */
export interface Transport {
  /** provenance for the tuning database: 'ssh:user@host:port', 'adb:serial' */
  readonly origin: string;
  /** folder on the remote under which job folders are made */
  readonly baseDir: string;
  /** the remote's C compiler; undefined: $CC there, else cc */
  readonly cc?: string | undefined;
  /** copies local files (absolute paths) into remoteDir, creating it */
  push(files: readonly string[], remoteDir: string): Promise<void>;
  /** runs one POSIX shell command line on the remote */
  shell(command: string, timeoutMs: number): Promise<CommandResult>;
  /** copies remote files (paths on the remote) into localDir */
  pull(remoteFiles: readonly string[], localDir: string): Promise<void>;
}

export interface RemoteJob {
  /** source file name -> text: the kernel files and the harness */
  readonly sources: Readonly<Record<string, string>>;
  /** the translation units compiled (others are included by them) */
  readonly units: readonly string[];
  /** compiler flags before the sources, libraries after */
  readonly flags: readonly string[];
  readonly libs: readonly string[];
  /** raw bytes per input buffer, written as in_<name>.bin */
  readonly inputs: Readonly<Record<string, Uint8Array>>;
  readonly outputs: readonly { readonly name: string; readonly bytes: number }[];
  /** OMP_NUM_THREADS for the run; 0 leaves it to the machine */
  readonly threads: number;
}

export type RemoteFailure = 'compile' | 'runtime' | 'timeout' | 'transport';

/** Why a remote job produced no outputs; the message quotes the remote's output. */
export class RemoteJobError extends Error {
  override readonly name = 'RemoteJobError';
  constructor(readonly failure: RemoteFailure, message: string) {
    super(message);
  }
}

export interface RemoteRunResult {
  readonly outputs: Record<string, Uint8Array>;
  readonly timingsNs?: readonly number[];
}

/** POSIX shell quoting of one word. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The binary's name depends on everything that goes into it, so a job folder is built once. */
export function jobKey(job: RemoteJob): string {
  return createHash('sha256').update(JSON.stringify([job.sources, job.units, job.flags, job.libs])).digest('hex').slice(0, 16);
}

export function buildScript(job: RemoteJob): string {
  const command = ['${CC:-cc}', ...job.flags.map(shellQuote), '-I', '.', ...job.units.map(shellQuote), '-o', 'kernel', ...job.libs.map(shellQuote)];
  return [
    '#!/bin/sh',
    '# kforge: builds the kernel and its harness with this machine\'s C compiler ($CC, default cc)',
    'set -e',
    'cd "$(dirname "$0")"',
    command.join(' '),
    '',
  ].join('\n');
}

/** The shell command line that runs a built job in its folder: `repeats` timed runs after the checked one. */
export function runCommandLine(dir: string, job: RemoteJob, repeats: number): string {
  const env = openmpShellPrefix(job.threads);
  // the trailing status check keeps the shell alive (no exec of the last command), so a kernel killed by a
  // signal is reported as 128 + signal instead of ssh's 255, which means the connection failed
  return `cd ${shellQuote(dir)} && rm -f out_*.bin timings.bin && ${env}./kernel${repeats > 0 ? ` ${repeats}` : ''}; s=$?; ` +
    '[ $s -gt 128 ] && echo "kforge: kernel killed by signal $((s - 128))" >&2; exit $s';
}

/** Writes the job's files (sources, inputs, build.sh) into a local folder; returns their paths. */
export function writeJobFolder(job: RemoteJob, dir: string, withInputs = true): string[] {
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string | Uint8Array> = { ...job.sources, 'build.sh': buildScript(job) };
  if (withInputs) for (const [name, bytes] of Object.entries(job.inputs)) files[`in_${name}.bin`] = bytes;
  return Object.entries(files).map(([name, contents]) => {
    if (!/^[\w.-]+$/.test(name)) throw new RemoteJobError('transport', `job file name '${name}' is not a plain file name`);
    writeFileSync(join(dir, name), contents);
    return join(dir, name);
  });
}

/** Reads little-endian u64 nanoseconds, one per repeat. */
export function decodeTimings(raw: Uint8Array, repeats: number, what: string): number[] {
  if (raw.length !== repeats * 8) throw new RemoteJobError('runtime', `${what}: timings.bin has ${raw.length} bytes, expected ${repeats * 8}`);
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  return Array.from({ length: repeats }, (_, i) => Number(view.getBigUint64(i * 8, true)));
}

/** One-line summary of a failed command for error messages (the tail of its output says why). */
export function describeFailure(what: string, r: CommandResult): string {
  const log = [r.stderr, r.stdout].filter((s) => s.trim()).join('\n').trimEnd();
  const clipped = log.length > 3000 ? `...${log.slice(-3000)}` : log;
  const how = r.spawnError ? `cannot start: ${r.spawnError}` : r.timedOut ? 'timed out' : r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`;
  return `${what}: ${how}${clipped ? `\n${clipped}` : ''}`;
}

export interface RemoteTimeouts {
  readonly buildMs: number;
  readonly runMs: number;
}

const DEFAULT_TIMEOUTS: RemoteTimeouts = { buildMs: 180_000, runMs: 120_000 };

const ccPrefix = (t: Transport): string => (t.cc ? `CC=${shellQuote(t.cc)} ` : '');

/** ssh and adb exit 255 when the connection itself failed, which is nobody's kernel's fault. */
const TRANSPORT_EXIT = 255;

/**
 * Pushes a job, builds it there unless its binary exists, runs it and pulls the outputs (and the
 * timings when repeats > 0). Throws RemoteJobError classified as compile, runtime, timeout or transport.
 */
export async function runRemoteJob(t: Transport, job: RemoteJob, repeats = 0, timeouts: RemoteTimeouts = DEFAULT_TIMEOUTS): Promise<RemoteRunResult> {
  const dir = `${t.baseDir}/${jobKey(job)}`;
  const local = mkdtempSync(join(tmpdir(), 'kforge-job-'));
  const failed = (stage: 'build' | 'run', r: CommandResult): RemoteJobError => {
    const kind: RemoteFailure = r.spawnError || r.code === TRANSPORT_EXIT ? 'transport' : r.timedOut ? 'timeout' : stage === 'build' ? 'compile' : 'runtime';
    return new RemoteJobError(kind, describeFailure(`${stage} on ${t.origin} in ${dir}`, r));
  };
  try {
    await t.push(writeJobFolder(job, local), dir);
    const build = await t.shell(`cd ${shellQuote(dir)} && if [ ! -x kernel ]; then ${ccPrefix(t)}sh build.sh; fi`, timeouts.buildMs);
    if (build.code !== 0) throw failed('build', build);
    const run = await t.shell(runCommandLine(dir, job, repeats), timeouts.runMs);
    if (run.code !== 0) throw failed('run', run);
    const names = [...job.outputs.map((o) => `out_${o.name}.bin`), ...(repeats > 0 ? ['timings.bin'] : [])];
    const back = join(local, 'back');
    mkdirSync(back);
    await t.pull(names.map((n) => `${dir}/${n}`), back);
    const outputs: Record<string, Uint8Array> = {};
    for (const o of job.outputs) {
      const path = join(back, `out_${o.name}.bin`);
      if (!existsSync(path)) throw new RemoteJobError('runtime', `run on ${t.origin}: output ${o.name} was not written`);
      const bytes = new Uint8Array(readFileSync(path));
      if (bytes.length !== o.bytes) throw new RemoteJobError('runtime', `run on ${t.origin}: output ${o.name} has ${bytes.length} bytes, expected ${o.bytes}`);
      outputs[o.name] = bytes;
    }
    return repeats > 0
      ? { outputs, timingsNs: decodeTimings(new Uint8Array(readFileSync(join(back, 'timings.bin'))), repeats, `run on ${t.origin}`) }
      : { outputs };
  } finally {
    rmSync(local, { recursive: true, force: true });
  }
}

/** The remote's /proc/cpuinfo and compiler banner, separated by a marker line (see parseMachineReport). */
export const MACHINE_REPORT_COMMAND = 'cat /proc/cpuinfo 2>/dev/null; echo @@kforge-cc; ${CC:-cc} --version 2>&1 | head -n 1';


/** Asks the remote what it is; throws RemoteJobError('transport') when it cannot be reached. */
export async function remoteMachineReport(t: Transport): Promise<string> {
  const r = await t.shell(`${ccPrefix(t)}sh -c ${shellQuote(MACHINE_REPORT_COMMAND)}`, 30_000);
  if (r.code !== 0) throw new RemoteJobError('transport', describeFailure(`reach ${t.origin}`, r));
  return r.stdout;
}
