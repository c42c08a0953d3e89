/**
 * The installable CLI: `npm pack` of tools/cli (its prepack bundles the CLI, scripts/bundle.ts) gives a
 * tarball that installs offline into a folder outside the repository, with a `kforge` bin that runs
 * without the workspace or tsx: --version, ops, doctor, emit and a verify that compiles and runs C.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { scratchFolder } from './testing.ts';

const run = promisify(execFile);
const CLI = resolve(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

async function sh(cmd: string, args: readonly string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd, timeout: 120_000, maxBuffer: 64 << 20, env: { ...process.env, npm_config_update_notifier: 'false' } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

test('npm pack + npm install --offline outside the repository: a working kforge bin', { timeout: 120_000 }, async () => {
  const packs = scratchFolder();
  const packed = await sh(NPM, ['pack', '--pack-destination', packs], CLI);
  assert.equal(packed.code, 0, packed.stderr);
  const tarballs = readdirSync(packs).filter((f) => f.endsWith('.tgz'));
  assert.equal(tarballs.length, 1, `one tarball, got ${tarballs.join(', ')}`);

  const home = scratchFolder();
  const installed = await sh(NPM, ['install', '--offline', '--no-audit', '--no-fund', join(packs, tarballs[0]!)], home);
  assert.equal(installed.code, 0, installed.stderr);
  const pkg = join(home, 'node_modules/kforge');
  assert.ok(!existsSync(join(pkg, 'src')), 'the tarball carries the bundle, not the sources');
  const bin = join(home, 'node_modules/.bin/kforge');
  const version = (JSON.parse(readFileSync(join(CLI, 'package.json'), 'utf8')) as { version: string }).version;

  const v = await sh(bin, ['--version'], home);
  assert.equal(v.code, 0, v.stderr);
  assert.match(v.stdout, new RegExp(`^kforge ${version.replaceAll('.', '\\.')} \\(git [0-9a-f]{12}(, modified)?\\)\\n$`), 'the revision at pack time');

  const ops = await sh(bin, ['ops', '--json'], home);
  assert.equal(ops.code, 0, ops.stderr);
  assert.ok((JSON.parse(ops.stdout) as { ops: { name: string }[] }).ops.some((o) => o.name === 'gemv'));

  const doctor = await sh(bin, ['doctor', '--json'], home);
  assert.equal(doctor.code, 0, doctor.stderr);

  const out = join(home, 'gemv-c');
  const emit = await sh(bin, ['emit', 'gemv', '--target', 'c', '--params', '{"N":64,"K":64,"weight":"q4_0"}', '--out', out], home);
  assert.equal(emit.code, 0, emit.stderr);
  assert.ok(existsSync(join(out, 'kernel.json')) && readdirSync(out).some((f) => f.endsWith('.c')), readdirSync(out).join(', '));

  // the harness templates travel with the bundle: build, run and check C kernels from the installed copy
  const verify = await sh(bin, ['verify', '--op', 'gemv', '--target', 'c', '--configs', '1'], home);
  assert.equal(verify.code, 0, verify.stderr + verify.stdout);
  assert.match(verify.stdout, /\bpass\b/);

  const suites = await sh(bin, ['bench', 'suites'], home);
  assert.equal(suites.code, 0, suites.stderr);
  assert.match(suites.stdout, /^ {2}gemv\//m);
});
