/**
 * An Android device over ADB: the same job protocol as SSH through `adb push`, `adb shell` and
 * `adb pull`. The adb binary is configurable (a test points it at a stand-in script).
 *
 *   adb://SERIAL  (adb:// alone: the only attached device)
 *
 * The job is built on the device with its compiler ($CC, e.g. clang from Termux); a device without
 * one fails every trial as 'compile'. Not tested against a phone (none is attached to CI).
 */
import { InputError } from '@kforge/ir';
import { RemoteJobError, describeFailure, type CommandResult, type CommandRunner, type Transport } from './job.ts';

export interface AdbTarget {
  /** undefined: the only attached device */
  readonly serial?: string;
  readonly adb: string;
  readonly cc?: string;
}

export function parseAdbUrl(url: string, adb = 'adb'): AdbTarget {
  const m = /^adb:\/\/([^?/]*)(?:\?cc=([^&]+))?$/.exec(url);
  if (!m) throw new InputError(`--remote '${url}' is not an adb://SERIAL URL`);
  return { adb, ...(m[1] ? { serial: decodeURIComponent(m[1]) } : {}), ...(m[2] ? { cc: decodeURIComponent(m[2]) } : {}) };
}

export class AdbTransport implements Transport {
  readonly origin: string;
  readonly cc: string | undefined;
  private readonly device: string[];

  constructor(readonly target: AdbTarget, private readonly run: CommandRunner, readonly baseDir = '/data/local/tmp/kforge-tune') {
    this.origin = `adb:${target.serial ?? 'default'}`;
    this.cc = target.cc;
    this.device = target.serial ? ['-s', target.serial] : [];
  }

  shell(command: string, timeoutMs: number): Promise<CommandResult> {
    return this.run(this.target.adb, [...this.device, 'shell', command], { timeoutMs });
  }

  async push(files: readonly string[], remoteDir: string): Promise<void> {
    await this.check(`mkdir on ${this.origin}`, await this.shell(`mkdir -p '${remoteDir}'`, 30_000));
    await this.check(`adb push to ${this.origin}`, await this.run(this.target.adb, [...this.device, 'push', ...files, `${remoteDir}/`], { timeoutMs: 120_000 }));
  }

  async pull(remoteFiles: readonly string[], localDir: string): Promise<void> {
    await this.check(`adb pull from ${this.origin}`, await this.run(this.target.adb, [...this.device, 'pull', ...remoteFiles, localDir], { timeoutMs: 120_000 }));
  }

  private async check(what: string, r: CommandResult): Promise<void> {
    if (r.code !== 0) throw new RemoteJobError(r.spawnError || r.code === 255 ? 'transport' : 'runtime', describeFailure(what, r));
  }
}
