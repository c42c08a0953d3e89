/**
 * metal-emu: runs MSL artifacts without Apple hardware. The kernel is compiled as C++17 by clang-19
 * against the project's Metal emulation header (templates/metal/metal_emu.h: address spaces, vector
 * types, half, threadgroup memory, barriers and simdgroup functions with real semantics) and executed
 * on the CPU, one fiber per invocation. Results are labelled 'emulated'.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KernelArtifact } from '@kforge/target';
import type { Availability, Executor, RunRequest, RunResult } from '../executor.ts';
import { ExecError, processFailure } from '../util/exec-error.ts';
import { runProcess } from '../util/subprocess.ts';
import { toolVersion, versionProbe } from '../util/tools.ts';
import { withWorkDir } from '../util/workdir.ts';
import { readOutputFiles, writeInputFiles } from './buffer-files.ts';
import { METAL_EMU_DIR, renderMetalHost } from './metal-host.ts';

const COMPILER = 'clang++-19';
const COMPILE_FLAGS = ['-std=c++17', '-O2', '-Wno-unknown-attributes', '-pthread', '-I', join(METAL_EMU_DIR, 'include'), '-I', METAL_EMU_DIR];
const COMPILE_TIMEOUT_MS = 180_000;
const RUN_TIMEOUT_MS = 600_000;
const HOST_FILE = 'kforge_metal_host.cpp';
const DETAIL = 'metal (emulated on CPU, clang-19 C++17)';

/** Everything a build depends on: a change to the emulation header rebuilds. */
function emulationSources(): string {
  return ['metal_emu.h', ...readdirSync(join(METAL_EMU_DIR, 'include')).map((f) => `include/${f}`)]
    .map((f) => `${f}\n${readFileSync(join(METAL_EMU_DIR, f), 'utf8')}`).join('\n');
}

/** Compile in `dir`; the binary is named by a hash of its inputs, so re-running a config is free. */
async function buildMetalHost(artifact: KernelArtifact, dir: string): Promise<string> {
  if (artifact.language !== 'msl') throw new ExecError('unavailable', `metal-emu runs msl artifacts, not ${artifact.language} (target ${artifact.target})`);
  const host = renderMetalHost(artifact);
  const key = createHash('sha256').update(JSON.stringify([COMPILER, COMPILE_FLAGS, artifact.files, host, emulationSources()]))
    .digest('hex').slice(0, 16);
  const binary = join(dir, `metal-host-${key}`);
  if (existsSync(binary)) return binary;
  const srcDir = join(dir, `src-${key}`);
  mkdirSync(srcDir, { recursive: true });
  for (const [name, text] of Object.entries(artifact.files)) writeFileSync(join(srcDir, name), text);
  writeFileSync(join(srcDir, HOST_FILE), host);
  const partial = `${binary}.tmp-${randomUUID()}`;
  const result = await runProcess(COMPILER, [...COMPILE_FLAGS, join(srcDir, HOST_FILE), '-o', partial], { cwd: srcDir, timeoutMs: COMPILE_TIMEOUT_MS });
  const failure = processFailure(`compile ${artifact.op}/${artifact.target} MSL as C++ for metal-emu`, result, 'compile');
  if (failure) throw failure;
  renameSync(partial, binary);
  return binary;
}

export const metalEmuExecutor: Executor = {
  name: 'metal-emu',
  targets: ['metal'],
  variants: [{}],

  async probe(): Promise<Availability> {
    const version = await toolVersion(versionProbe(COMPILER));
    if (!version) return { ok: false, mode: 'emulated', versions: {}, reason: `${COMPILER} not found (apt-get install clang-19)` };
    return { ok: true, mode: 'emulated', versions: { [COMPILER]: version } };
  },

  async run(req: RunRequest): Promise<RunResult> {
    return withWorkDir(req.workDir, 'metal-emu', async (dir) => {
      const runDir = mkdtempSync(join(dir, 'run-'));
      try {
        writeInputFiles(req.artifact, req.inputs, runDir);
        const binary = await buildMetalHost(req.artifact, dir);
        const repeats = Math.max(0, Math.floor(req.timedRepeats ?? 0));
        const result = await runProcess(binary, [runDir, String(repeats)], { timeoutMs: RUN_TIMEOUT_MS });
        const failure = processFailure(`run ${req.artifact.op}/${req.artifact.target} on metal-emu`, result, 'crash');
        if (failure) throw failure;
        const outputs = readOutputFiles(req.artifact, runDir);
        const timingsNs = [...result.stdout.matchAll(/^kforge-time-ns (\d+)$/gm)].map((m) => Number(m[1]));
        return { outputs, executor: 'metal-emu', mode: 'emulated', detail: DETAIL, ...(repeats > 0 ? { timingsNs } : {}) };
      } finally {
        rmSync(runDir, { recursive: true, force: true });
      }
    });
  },
};
