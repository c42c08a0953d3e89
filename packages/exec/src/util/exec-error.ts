/** Why an executor could not produce outputs; the message always names the command that failed. */
import type { ProcessResult } from './subprocess.ts';

export type ExecFailure = 'unavailable' | 'compile' | 'crash' | 'timeout' | 'harness';

export class ExecError extends Error {
  override readonly name = 'ExecError';
  constructor(readonly failure: ExecFailure, message: string, readonly output = '') {
    super(output ? `${message}\n${output}` : message);
  }
}

/** Keep error output readable: the head of a long compiler log says what went wrong first. */
export function clip(text: string, maxChars = 4000): string {
  const t = text.trimEnd();
  return t.length <= maxChars ? t : `${t.slice(0, maxChars)}\n... (${t.length - maxChars} more characters)`;
}

/**
 * Turn a finished process into an ExecError, or undefined when it exited 0.
 * `what` says what was being done ("compile avx2 kernel", "run under qemu-riscv64").
 */
export function processFailure(what: string, r: ProcessResult, onNonZero: ExecFailure): ExecError | undefined {
  const log = clip([r.stderr, r.stdout].filter((s) => s.trim()).join('\n'));
  if (r.spawnError) return new ExecError('unavailable', `${what}: cannot start \`${r.command}\`: ${r.spawnError}`);
  if (r.timedOut) return new ExecError('timeout', `${what}: timed out after ${Math.round(r.wallMs / 1000)} s: \`${r.command}\``, log);
  if (r.signal) return new ExecError('crash', `${what}: killed by signal ${r.signal}: \`${r.command}\``, log);
  if (r.code !== 0) {
    // emulators and shells report a fatal signal as exit code 128 + signal number
    const sig = r.code !== null && r.code > 128 && r.code < 160 ? ` (signal ${r.code - 128}?)` : '';
    return new ExecError(onNonZero, `${what}: exit code ${r.code}${sig}: \`${r.command}\``, log);
  }
  return undefined;
}
