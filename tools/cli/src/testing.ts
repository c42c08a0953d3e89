/** Helpers for the CLI tests: run `kforge` as a child process, and scratch folders of .npy files. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { decodeNpy, encodeNpy, type Tensor } from '@kforge/ir';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const MAIN = join(REPO_ROOT, 'tools/cli/src/main.ts');

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node --import tsx tools/cli/src/main.ts ...args`, from the repository root. */
export function kforge(args: readonly string[], timeoutMs = 120_000): Promise<CliResult> {
  return new Promise((done) => {
    execFile(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: REPO_ROOT, timeout: timeoutMs, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      });
  });
}

const scratchFolders: string[] = [];
process.on('exit', () => {
  for (const dir of scratchFolders) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder, deleted when the test process exits. */
export function scratchFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-cli-'));
  scratchFolders.push(dir);
  return dir;
}

export function writeTensors(dir: string, tensors: Readonly<Record<string, Tensor>>): void {
  for (const [name, t] of Object.entries(tensors)) writeFileSync(join(dir, `${name}.npy`), encodeNpy(t));
}

export function readTensor(dir: string, name: string): Tensor {
  return decodeNpy(readFileSync(join(dir, `${name}.npy`)), name);
}
