/** Tests' helper: a generated library's files and a C program using it, written to a folder and compiled with cc. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface CompiledProgram {
  readonly dir: string;
  readonly exe: string;
  /** cc's status and log */
  readonly status: number | null;
  readonly stderr: string;
}

/** `files` plus `test.c` = `program` in a new folder, compiled with the dispatch and `kernels` (paths under src/kernels/). */
export function compileLibraryProgram(files: Readonly<Record<string, string>>, program: string, kernels: readonly string[], flags: readonly string[] = []): CompiledProgram {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-runtime-test-'));
  for (const [name, text] of Object.entries({ ...files, 'test.c': program })) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const exe = join(dir, 'test');
  const cc = spawnSync('cc', ['-std=c11', '-Wall', '-Werror', '-O2', ...flags, '-I', join(dir, 'include'), '-I', join(dir, 'src'), join(dir, 'test.c'),
    join(dir, 'src/kforge_dispatch.c'), ...kernels.map((k) => join(dir, 'src/kernels', k)), '-lm', '-o', exe], { encoding: 'utf8' });
  return { dir, exe, status: cc.status, stderr: cc.stderr };
}
