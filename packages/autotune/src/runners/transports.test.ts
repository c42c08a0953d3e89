/**
 * The remote job protocol for real: an OpenSSH server on loopback with a key pair made here (the
 * remote side needs only cc), and ADB through a stand-in `adb` script that runs everything locally.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemoteJobError, remoteMachineReport, runRemoteJob, type CommandRunner, type RemoteJob, type Transport } from './job.ts';
import { SshTransport, parseSshUrl } from './ssh.ts';
import { AdbTransport, parseAdbUrl } from './adb.ts';
import { fingerprintFromMachineReport } from './fingerprint.ts';

/** A minimal runner over execFile (exec's runProcess does this in the app). */
const runCommand: CommandRunner = (file, args, o) => new Promise((done) => {
  execFile(file, args, { timeout: o.timeoutMs, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
    const e = error as (NodeJS.ErrnoException & { code?: number | string; killed?: boolean; signal?: string }) | null;
    done({
      code: e ? (typeof e.code === 'number' ? e.code : null) : 0, signal: e?.signal ?? null, timedOut: Boolean(e?.killed && e.signal === 'SIGTERM'),
      stdout, stderr, ...(e && typeof e.code === 'string' ? { spawnError: e.message } : {}),
    });
  });
});

/** y = 2x + 1 over n floats, with the kforge harness conventions (in_/out_ files, timings.bin). */
const KERNEL = `void twice_plus_one(float *y, const float *x, int n) { for (int i = 0; i < n; i++) y[i] = 2 * x[i] + 1; }\n`;
const HARNESS = `#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
void twice_plus_one(float *y, const float *x, int n);
static uint64_t now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return (uint64_t)t.tv_sec * 1000000000u + t.tv_nsec; }
int main(int argc, char **argv) {
  float x[8], y[8];
  FILE *f = fopen("in_x.bin", "rb"); if (!f || fread(x, 4, 8, f) != 8) return 3; fclose(f);
  twice_plus_one(y, x, 8);
  f = fopen("out_y.bin", "wb"); fwrite(y, 4, 8, f); fclose(f);
  long r = argc > 1 ? atol(argv[1]) : 0;
  if (r > 0) {
    uint64_t *ns = malloc(r * 8);
    for (long i = 0; i < r; i++) { uint64_t s = now(); twice_plus_one(y, x, 8); ns[i] = now() - s; }
    f = fopen("timings.bin", "wb"); fwrite(ns, 8, r, f); fclose(f);
  }
  return 0;
}
`;
const X = [0, 1, 2, 3, -1, -2, 0.5, 100];
const job = (kernel = KERNEL): RemoteJob => ({
  sources: { 'kernel.c': kernel, 'harness.c': HARNESS }, units: ['kernel.c', 'harness.c'],
  flags: ['-O2'], libs: [], inputs: { x: new Uint8Array(new Float32Array(X).buffer) }, outputs: [{ name: 'y', bytes: 32 }], threads: 1,
});
const asF32 = (b: Uint8Array) => Array.from(new Float32Array(b.slice().buffer));

async function exercise(t: Transport, remoteBase: string): Promise<void> {
  const r = await runRemoteJob(t, job(), 5);
  assert.deepEqual(asF32(r.outputs.y!), X.map((x) => 2 * x + 1));
  assert.equal(r.timingsNs?.length, 5);
  assert.ok(r.timingsNs!.every((ns) => ns >= 0));
  assert.ok(existsSync(remoteBase), 'the job folder was made on the remote side');
  const fp = fingerprintFromMachineReport(await remoteMachineReport(t), 'native');
  assert.match(fp.compiler, /^(gcc|clang) \d+\.\d+/);
  assert.notEqual(fp.device, 'unknown CPU');
  await assert.rejects(runRemoteJob(t, job(KERNEL.replace('y[i] =', 'y[i] = undeclared +'))), (e: unknown) =>
    e instanceof RemoteJobError && e.failure === 'compile' && /undeclared/.test(e.message));
  await assert.rejects(runRemoteJob(t, job(KERNEL.replace('{ for', '{ *(volatile int *)0 = 1; for'))), (e: unknown) =>
    e instanceof RemoteJobError && e.failure === 'runtime');
}

const sshd = '/usr/sbin/sshd';
const freePort = () => new Promise<number>((done) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => done(port));
  });
});

test('SSH: build, run, time and fetch on a real sshd at 127.0.0.1 with a throwaway key', {
  skip: existsSync(sshd) ? false : `${sshd} is absent (install openssh-server: tools/scripts/bootstrap.sh)`,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-sshd-'));
  const keygen = (file: string) => runCommand('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, file)], { timeoutMs: 20_000 });
  await keygen('host_key');
  await keygen('client_key');
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'client_key.pub')));
  chmodSync(join(dir, 'authorized_keys'), 0o600);
  const port = await freePort();
  writeFileSync(join(dir, 'known_hosts'), `[127.0.0.1]:${port} ${readFileSync(join(dir, 'host_key.pub'), 'utf8')}`);
  writeFileSync(join(dir, 'sshd_config'), [
    'ListenAddress 127.0.0.1', `HostKey ${join(dir, 'host_key')}`, `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
    'PasswordAuthentication no', 'KbdInteractiveAuthentication no', 'PermitRootLogin prohibit-password', 'StrictModes no',
    'UsePAM no', 'Subsystem sftp internal-sftp', `PidFile ${join(dir, 'sshd.pid')}`, '',
  ].join('\n'));
  mkdirSync('/run/sshd', { recursive: true }); // sshd's privilege-separation folder (the service would make it)
  const server = spawn(sshd, ['-D', '-e', '-p', String(port), '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr.on('data', (d: Buffer) => { log += d.toString(); });
  try {
    for (let i = 0; i < 100 && !/Server listening/.test(log); i++) await new Promise((r) => setTimeout(r, 50));
    assert.match(log, /Server listening/, `sshd did not start: ${log}`);
    const url = `ssh://root@127.0.0.1:${port}?identity=${join(dir, 'client_key')}&known_hosts=${join(dir, 'known_hosts')}&cc=gcc`;
    const remoteBase = join(dir, 'remote');
    const t = new SshTransport(parseSshUrl(url), runCommand, remoteBase);
    assert.equal(t.origin, `ssh:root@127.0.0.1:${port}`);
    await exercise(t, remoteBase);
    await t.close();
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SSH URLs: port, key and compiler options; bad ones are input errors', () => {
  assert.deepEqual(parseSshUrl('ssh://pi@board.local'), { host: 'board.local', port: 22, user: 'pi' });
  assert.equal(parseSshUrl('ssh://h:2200?cc=clang').cc, 'clang');
  assert.throws(() => parseSshUrl('http://h'), /not an ssh:/);
  assert.throws(() => parseSshUrl('ssh://h?password=x'), /unknown option 'password'/);
});

test('ADB: the same protocol through adb push/shell/pull (a stand-in adb that runs locally)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-adb-'));
  try {
    // what real adb does, done here: -s SERIAL, push FILES... DIR/, pull FILES... DIR, shell COMMAND
    const fake = join(dir, 'adb');
    writeFileSync(fake, `#!/bin/sh
[ "$1" = "-s" ] && { echo "$2" >> "${dir}/serials"; shift 2; }
cmd=$1; shift
case $cmd in
  shell) exec sh -c "$*" ;;
  push|pull) for last; do :; done; n=$(($# - 1)); i=0
    for f; do i=$((i + 1)); [ $i -le $n ] && { cp "$f" "$last/" || exit 1; }; done; exit 0 ;;
  *) echo "fake adb: unknown command $cmd" >&2; exit 1 ;;
esac
`);
    chmodSync(fake, 0o755);
    const remoteBase = join(dir, 'device');
    const t = new AdbTransport(parseAdbUrl('adb://emulator-5554?cc=gcc', fake), runCommand, remoteBase);
    assert.equal(t.origin, 'adb:emulator-5554');
    await exercise(t, remoteBase);
    assert.match(readFileSync(join(dir, 'serials'), 'utf8'), /^emulator-5554\n/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
