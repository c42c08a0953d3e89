/**
 * dawn: runs WGSL artifacts with Dawn, the WebGPU implementation in the npm `webgpu` package, on
 * whatever adapter it finds; on the development machine that is lavapipe, Mesa's CPU Vulkan driver
 * (SPEC section 5: "Dawn (npm webgpu) on lavapipe"). Bindings are checked against the ABI with
 * wgsl_reflect first (bindings.ts); the WebGPU work happens in a child process (dawn-child.ts says why),
 * whose stderr (Dawn's warnings) is shown only when it fails. The device is created with the optional
 * features the adapter has and those the artifact lists (`features`); a listed one the adapter lacks
 * makes the run 'unavailable' (the adapter's limit, not a kernel failure).
 *
 * Mode: 'native' on lavapipe, as for the lavapipe executor: a conformant WebGPU implementation compiles
 * the WGSL (Tint -> SPIR-V -> llvmpipe) and runs it; nothing about the kernel is emulated. The detail
 * says "on lavapipe (CPU)" so no one mistakes its timings for a GPU's. On a hardware adapter: 'gpu'.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Availability, ExecutionMode, Executor, RunRequest, RunResult } from '../executor.ts';
import { sizedBuffers } from '@kforge/target';
import { allocBytes } from '../util/buffers.ts';
import { readOutputFiles, writeInputFiles } from '../metal/buffer-files.ts';
import { ExecError, clip, processFailure } from '../util/exec-error.ts';
import { runProcess } from '../util/subprocess.ts';
import { npmPackageVersion } from '../util/tools.ts';
import { withWorkDir } from '../util/workdir.ts';
import { LLVMPIPE_ENV } from '../gpu/lavapipe.ts';
import { planWgslDispatches } from './bindings.ts';
import { REQUEST_FILE, RESULT_FILE, type DawnAdapter, type DawnRequest, type DawnResult } from './protocol.ts';

type DawnSuccess = Extract<DawnResult, { ok: true }>;

const CHILD = fileURLToPath(new URL('./dawn-child.ts', import.meta.url));
const TSX_LOADER = import.meta.resolve('tsx');
/** undefined where the npm package is absent (an optional dependency of the packed CLI): the executor is unavailable then */
const WEBGPU_VERSION = npmPackageVersion('webgpu');
const PROBE_TIMEOUT_MS = 60_000;
const RUN_TIMEOUT_MS = 600_000;

const isLavapipe = (a: DawnAdapter): boolean => /llvmpipe|lavapipe/i.test(`${a.device} ${a.description}`);
const modeOf = (a: DawnAdapter): ExecutionMode => (a.architecture === 'software' || a.isFallbackAdapter ? 'native' : 'gpu');
const detailOf = (a: DawnAdapter): string =>
  `Dawn (npm webgpu ${WEBGPU_VERSION}) on ${isLavapipe(a) ? 'lavapipe (CPU)' : a.architecture === 'software' ? 'a CPU adapter' : 'a GPU'}: ${a.description || a.device}`;

/** Run the child in `dir`; its result.json, or an ExecError carrying its stderr. */
async function runChild(args: readonly string[], dir: string, what: string, timeoutMs: number): Promise<DawnSuccess> {
  const result = await runProcess(process.execPath, ['--import', TSX_LOADER, CHILD, ...args, dir], { cwd: dir, timeoutMs, env: LLVMPIPE_ENV });
  const resultFile = join(dir, RESULT_FILE);
  const failure = processFailure(what, result, 'crash');
  if (failure) throw failure;
  if (!existsSync(resultFile)) throw new ExecError('crash', `${what}: the Dawn child wrote no ${RESULT_FILE}`, clip(result.stderr));
  const reply = JSON.parse(readFileSync(resultFile, 'utf8')) as DawnResult;
  if (!reply.ok) throw new ExecError(reply.failure, `${what}: ${reply.message}`);
  return reply;
}

let probed: Promise<Availability> | undefined;

async function probeOnce(): Promise<Availability> {
  if (WEBGPU_VERSION === undefined) {
    return { ok: false, mode: 'native', versions: { webgpu: 'not installed' }, reason: "the npm package 'webgpu' (Dawn) is not installed" };
  }
  const dir = mkdtempSync(join(tmpdir(), 'kforge-dawn-probe-'));
  try {
    const reply = await runChild(['--probe'], dir, 'probe Dawn', PROBE_TIMEOUT_MS);
    // the optional features kernels may need (an artifact's `features`): doctor shows whether subgroups run here
    const versions = { webgpu: WEBGPU_VERSION, adapter: reply.adapter.description || reply.adapter.device, features: reply.adapter.features.join(' ') || 'none' };
    return { ok: true, mode: modeOf(reply.adapter), versions };
  } catch (e) {
    return { ok: false, mode: 'native', versions: { webgpu: WEBGPU_VERSION }, reason: (e as Error).message };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const dawnExecutor: Executor = {
  name: 'dawn',
  targets: ['wgsl'],
  variants: [{}],

  probe(): Promise<Availability> {
    probed ??= probeOnce();
    return probed;
  },

  async run(req: RunRequest): Promise<RunResult> {
    const { artifact } = req;
    const dispatches = planWgslDispatches(artifact);
    return withWorkDir(req.workDir, 'dawn', async (dir) => {
      const runDir = mkdtempSync(join(dir, 'run-'));
      try {
        const request: DawnRequest = {
          dispatches, timedRepeats: Math.max(0, Math.floor(req.timedRepeats ?? 0)), features: artifact.features ?? [],
          buffers: sizedBuffers(artifact).map((b) => ({ name: b.name, bytes: b.bytes, allocBytes: allocBytes(b.bytes), role: b.role })),
        };
        writeFileSync(join(runDir, REQUEST_FILE), JSON.stringify(request));
        writeInputFiles(artifact, req.inputs, runDir);
        const reply = await runChild([], runDir, `run ${artifact.op}/${artifact.target} on Dawn`, RUN_TIMEOUT_MS);
        return {
          outputs: readOutputFiles(artifact, runDir), executor: 'dawn', mode: modeOf(reply.adapter), detail: detailOf(reply.adapter),
          ...(request.timedRepeats > 0 ? { timingsNs: [...reply.timingsNs] } : {}),
        };
      } finally {
        rmSync(runDir, { recursive: true, force: true });
      }
    });
  },
};
