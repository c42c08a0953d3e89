/**
 * `kforge farm agent|status`: a device's agent on the farm's job queue (BullMQ on Redis), and what
 * the farm is doing. `kforge tune --farm URL` (tune.ts) is the coordinator. `kforge farm bench-job
 * JOB RESULT` is what an agent runs for a bench job, in a process of its own (not a user command).
 */
import { hostname } from 'node:os';
import { InputError } from '@kforge/ir';
import { fingerprintFromMachineReport, parseAdbUrl, parseSshUrl, remoteMachineReport, AdbTransport, SshTransport, type CommandRunner, type DeviceFingerprint, type Transport } from '@kforge/autotune';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { readJsonOption } from '../files.ts';

// @kforge/farm (BullMQ, ioredis) loads only for farm commands, not for every kforge start
const farm = () => import('@kforge/farm');

function transportOf(url: string, runCommand: CommandRunner): Transport & { close?: () => Promise<void> } {
  if (url.startsWith('ssh://')) return new SshTransport(parseSshUrl(url), runCommand);
  if (url.startsWith('adb://')) return new AdbTransport(parseAdbUrl(url, process.env.KFORGE_ADB ?? 'adb'), runCommand);
  throw new InputError(`farm agent: --remote '${url}' must be ssh://user@host[:port] or adb://SERIAL`);
}

function positiveInt(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new InputError(`farm: --${name} must be a positive integer, got '${text}'`);
  return n;
}

/**
 * This process's node options with a bare `--import` specifier (`node --import tsx ...`) resolved to
 * its file: the bench-job process starts in the job's scratch folder, where a bare name would not resolve.
 */
function portableExecArgv(): string[] {
  const bare = (s: string) => !/^(file:|data:|\/|\.)/.test(s);
  return process.execArgv.map((a, i, all) => {
    if (all[i - 1] === '--import' && bare(a)) return import.meta.resolve(a);
    if (a.startsWith('--import=') && bare(a.slice(9))) return `--import=${import.meta.resolve(a.slice(9))}`;
    return a;
  });
}

async function agent(args: Parameters<Command['run']>[0]): Promise<void> {
  const { FarmAgent, farmKey, localTransport, redactUrl, runCommand } = await farm();
  const url = args.required('queue');
  const key = farmKey(args.optional('key-file'));
  const remote = args.optional('remote');
  const transport = remote ? transportOf(remote, runCommand) : undefined;
  const fault = args.optional('fault');
  if (fault !== undefined && fault !== 'wrong') throw new InputError(`farm agent: --fault must be 'wrong', got '${fault}'`);
  const given = args.optional('fingerprint');
  // the fingerprint the tuning database keys on, from what the device says about itself
  const fingerprint: DeviceFingerprint = given
    ? (readJsonOption('fingerprint', given) as unknown as DeviceFingerprint)
    : fingerprintFromMachineReport(await remoteMachineReport(transport ?? localTransport(`/tmp/kforge-farm-${hostname()}`)), 'native');
  const a = new FarmAgent({
    url, key, fingerprint, ...(transport ? { transport } : {}), ...(fault ? { fault } : {}),
    // a bench job runs in a kforge process of its own: this one's command line, from a checkout or the packed bundle
    benchCommand: [process.execPath, ...portableExecArgv(), process.argv[1]!, 'farm', 'bench-job'],
    jobLimitMs: positiveInt(args.optional('job-limit-ms'), 'job-limit-ms', 600_000),
    lockMs: positiveInt(args.optional('lock-ms'), 'lock-ms', 30_000),
    ...(args.optional('scratch') ? { scratch: args.optional('scratch')! } : {}),
  });
  await a.start();
  process.stderr.write(`kforge farm agent ${a.id}: connected to ${redactUrl(url)}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => void a.close().then(resolve, resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  // ends the shared SSH connection (it would linger after the agent)
  await transport?.close?.();
}

/** `farm bench-job JOB RESULT`: one bench job, in the scratch folder its agent made (packages/farm runBenchJob). */
async function benchJob(args: Parameters<Command['run']>[0]): Promise<void> {
  const [, jobPath, resultPath, extra] = args.positionals;
  if (!jobPath || !resultPath || extra !== undefined) throw new InputError('farm bench-job: takes JOB.json RESULT.json (an agent runs it for a bench job)');
  const { runBenchJob } = await farm();
  await runBenchJob(jobPath, resultPath);
}

async function status(args: Parameters<Command['run']>[0]): Promise<void> {
  const { farmStatus, formatStatus, redactUrl } = await farm();
  const url = args.required('queue');
  if (args.flag('json') || !process.stdout.isTTY) {
    println(JSON.stringify(await farmStatus(url)));
    return;
  }
  // a terminal: the status redrawn every second until interrupted
  let stop = false;
  process.once('SIGINT', () => { stop = true; });
  while (!stop) {
    const lines = formatStatus(await farmStatus(url));
    process.stdout.write(`\x1b[2J\x1b[H${redactUrl(url)}  ${new Date().toISOString()}\n${lines.join('\n')}\n`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export const farmCommand: Command = {
  name: 'farm',
  summary: 'a device agent on the tuning farm (BullMQ on Redis), or the farm\'s agents, queues and runs',
  usage: 'farm agent --queue redis[s]://[:PASSWORD@]HOST:PORT [--remote ssh://...|adb://SERIAL] [--key-file F] | farm status --queue URL [--json]',
  args: {
    positionals: ['SUB', 'ARGS...'],
    options: {
      queue: { kind: 'value', doc: 'the farm\'s Redis: redis://[user:password@]host:port[/db] or rediss:// (TLS: ?ca=FILE&cert=FILE&cert_key=FILE, or $KFORGE_FARM_TLS_CA, _CERT, _KEY)' },
      remote: { kind: 'value', doc: 'agent: run the jobs on ssh://user@host[:port] or adb://SERIAL instead of this machine' },
      'key-file': { kind: 'value', doc: 'file holding the signing key (else $KFORGE_FARM_KEY_FILE or $KFORGE_FARM_KEY)' },
      fingerprint: { kind: 'value', doc: 'agent: announce this fingerprint (JSON or @file) instead of the device\'s own (simulated devices)' },
      'job-limit-ms': { kind: 'value', doc: 'agent: a job\'s build and run are each killed after this long (default 600000)' },
      'lock-ms': { kind: 'value', doc: 'agent: a job whose agent stops answering for this long is taken back (default 30000)' },
      scratch: { kind: 'value', doc: 'agent: folder under which each job gets its scratch folder (default the temporary folder)' },
      fault: { kind: 'value', doc: 'agent, for fault tests: wrong (the kernel returns wrong numbers)' },
      json: { kind: 'flag', doc: 'status: one JSON object (the default when stdout is not a terminal)' },
    },
  },
  async run(args) {
    const sub = args.positionals[0];
    if (sub !== 'bench-job' && args.positionals.length > 1) throw new InputError(`farm ${sub}: unexpected argument '${args.positionals[1]}'`);
    if (sub === 'agent') return agent(args);
    if (sub === 'status') return status(args);
    if (sub === 'bench-job') return benchJob(args);
    throw new InputError(`farm: unknown subcommand '${sub}' (known: agent, status)`);
  },
};
