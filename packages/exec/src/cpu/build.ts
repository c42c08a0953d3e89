/**
 * Builds a CPU artifact into an executable: its C files plus the generated harness, compiled with the
 * target's toolchain record. Binaries are named by a hash of everything that goes into them, so a
 * rebuild in the same folder (a tuner re-running a config) is free.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KernelArtifact } from '@kforge/target';
import { ExecError, processFailure } from '../util/exec-error.ts';
import { formatCommand, runProcess } from '../util/subprocess.ts';
import { renderCpuHarness } from './harness.ts';
import { CPU_TOOLCHAINS, isCpuTarget, type CpuToolchain } from './toolchains.ts';

const COMPILE_TIMEOUT_MS = 180_000;
const HARNESS_FILE = 'kforge_harness.c';

export function cpuToolchainFor(artifact: KernelArtifact): CpuToolchain {
  if (!isCpuTarget(artifact.target) || artifact.language !== 'c') {
    throw new ExecError('unavailable', `the CPU builder takes C artifacts for c, avx2, avx512, neon, rvv or hvx, not ${artifact.language} for ${artifact.target}`);
  }
  return CPU_TOOLCHAINS[artifact.target];
}

export interface CpuBuild {
  readonly binary: string;
  /** the compiler command line, for provenance and error messages */
  readonly command: string;
  readonly cached: boolean;
}

/** Compile `artifact` in `dir` (its sources go to dir/src-<hash>/). Throws ExecError('compile') with the compiler's log. */
export async function buildCpuArtifact(artifact: KernelArtifact, dir: string): Promise<CpuBuild> {
  const toolchain = cpuToolchainFor(artifact);
  const fileNames = Object.keys(artifact.files);
  if (fileNames.length === 0) throw new ExecError('harness', `artifact ${artifact.op}/${artifact.target} has no source files`);
  for (const name of fileNames) {
    if (!/^[\w.-]+$/.test(name) || name === HARNESS_FILE) throw new ExecError('harness', `artifact file name '${name}' is not a plain file name`);
  }
  const harness = renderCpuHarness(artifact, toolchain);

  const hash = createHash('sha256');
  hash.update(JSON.stringify([toolchain.compiler, toolchain.flags, toolchain.libs, artifact.files, harness]));
  const key = hash.digest('hex').slice(0, 16);
  const srcDir = join(dir, `src-${key}`);
  const binary = join(dir, `kernel-${key}`);
  const partial = `${binary}.tmp-${randomUUID()}`;
  const args = [...toolchain.flags, '-I', srcDir, join(srcDir, fileNames[0]!), join(srcDir, HARNESS_FILE), '-o', partial, ...toolchain.libs];
  const command = formatCommand(toolchain.compiler, args);
  if (existsSync(binary)) return { binary, command, cached: true };

  mkdirSync(srcDir, { recursive: true });
  for (const [name, text] of Object.entries(artifact.files)) writeFileSync(join(srcDir, name), text);
  writeFileSync(join(srcDir, HARNESS_FILE), harness);
  // LC_ALL=C: plain ASCII diagnostics, the same on every machine
  const result = await runProcess(toolchain.compiler, args, { cwd: dir, env: { LC_ALL: 'C' }, timeoutMs: COMPILE_TIMEOUT_MS });
  const failure = processFailure(`compile ${artifact.op} for ${artifact.target}`, result, 'compile');
  if (failure) throw failure;
  // atomic: a concurrent build of the same key in the same folder never sees a half-written binary
  renameSync(partial, binary);
  return { binary, command, cached: false };
}
