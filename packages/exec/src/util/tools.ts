/**
 * Tool probes for executors and `kforge doctor`: is a program installed, and which version. Each
 * probe runs once per process (the answer is cached) with a short timeout, so doctor stays fast.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runProcess } from './subprocess.ts';

export interface ToolProbe {
  /** program to run */
  readonly command: string;
  readonly args: readonly string[];
  /** picks the version (first capture group) out of stdout + stderr */
  readonly pattern: RegExp;
}

const cache = new Map<string, Promise<string | undefined>>();

/** The tool's version string, or undefined when it is missing or does not answer within 5 s. */
export function toolVersion(probe: ToolProbe): Promise<string | undefined> {
  const key = [probe.command, ...probe.args, probe.pattern.source].join('\0');
  let hit = cache.get(key);
  if (!hit) {
    hit = runProcess(probe.command, probe.args, { timeoutMs: 5000 }).then((r) => {
      if (r.spawnError || r.timedOut) return undefined;
      return probe.pattern.exec(`${r.stdout}\n${r.stderr}`)?.[1]?.trim();
    });
    cache.set(key, hit);
  }
  return hit;
}

/** The usual `--version` probe: the first x.y[.z] number printed. */
export function versionProbe(command: string, args: readonly string[] = ['--version']): ToolProbe {
  return { command, args, pattern: /(\d+\.\d+(?:\.\d+)?)/ };
}

/** Version of an installed npm package (e.g. 'webgpu'), or undefined when it cannot be resolved. */
export function npmPackageVersion(name: string): string | undefined {
  try {
    const path = createRequire(import.meta.url).resolve(`${name}/package.json`);
    const version: unknown = JSON.parse(readFileSync(path, 'utf8')).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}
