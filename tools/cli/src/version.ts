/**
 * `kforge --version`: the CLI's version (tools/cli/package.json) and the git revision it was built
 * from. The packed CLI (scripts/bundle.ts) has both compiled in, taken at pack time; run from the
 * repository they are read now, the revision from `git` in the repository (absent outside one).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface VersionInfo {
  readonly version: string;
  /** the commit, or null where there is no git repository to ask */
  readonly revision: string | null;
  /** uncommitted changes to tracked files at the time (the revision alone does not reproduce the code) */
  readonly dirty: boolean;
}

/** Set by the bundler (esbuild `define`) in the packed CLI; undefined when running the sources. */
declare const __KFORGE_BUILD__: VersionInfo | undefined;

function git(args: readonly string[], cwd: string): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return null;
  }
}

/** The version and revision of the sources in `dir` (a folder of the repository). */
export function sourceVersionInfo(dir: string = dirname(fileURLToPath(import.meta.url))): VersionInfo {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const revision = git(['rev-parse', 'HEAD'], dir);
  const status = revision === null ? null : git(['status', '--porcelain', '--untracked-files=no'], dir);
  return { version, revision, dirty: status !== null && status.length > 0 };
}

export function versionInfo(): VersionInfo {
  return typeof __KFORGE_BUILD__ !== 'undefined' && __KFORGE_BUILD__ ? __KFORGE_BUILD__ : sourceVersionInfo();
}

/** e.g. `kforge 0.1.0 (git e5ec0ad1f2b3, modified)`; `kforge 0.1.0 (git revision unknown)` outside a repository. */
export function versionLine(info: VersionInfo = versionInfo()): string {
  const revision = info.revision ? `git ${info.revision.slice(0, 12)}${info.dirty ? ', modified' : ''}` : 'git revision unknown';
  return `kforge ${info.version} (${revision})`;
}
