/**
 * Vulkan compute on lavapipe (Mesa's CPU Vulkan driver, device "llvmpipe"): GLSL is compiled with
 * glslangValidator for Vulkan 1.3, checked with spirv-val, and run by the generated C host through
 * the Vulkan API. Mode 'native': a conformant Vulkan implementation executes the SPIR-V on the CPU.
 */
import type { Availability, Executor, RunRequest, RunResult } from '../executor.ts';
import { ExecError } from '../util/exec-error.ts';
import { toolVersion, versionProbe } from '../util/tools.ts';
import { withWorkDir } from '../util/workdir.ts';
import { buildCHost, compileGlsl, runHost, writeHostCase } from './harness.ts';

const LAVAPIPE_DEVICE = 'llvmpipe';

/**
 * llvmpipe runs 128-bit SIMD (4 invocations per batch) unless the caller chose a width: LLVM's code generation
 * for the wider default dominates a conformance case's time (README, "Targets"), and the results are those of
 * the same conformant driver. Dawn's child runs on llvmpipe too and takes the same setting.
 */
export const LLVMPIPE_ENV: Readonly<Record<string, string>> = { LP_NATIVE_VECTOR_WIDTH: process.env.LP_NATIVE_VECTOR_WIDTH ?? '128' };
const mesaProbe = { command: 'vulkaninfo', args: ['--summary'], pattern: /driverInfo\s*=\s*Mesa (\S+)/ };

async function probe(): Promise<Availability> {
  const [mesa, glslang, spirvVal, gcc] = await Promise.all([
    toolVersion(mesaProbe),
    toolVersion(versionProbe('glslangValidator')),
    toolVersion(versionProbe('spirv-val', ['--version'])),
    toolVersion(versionProbe('gcc')),
  ]);
  const versions: Record<string, string> = {};
  if (mesa) versions.mesa = mesa;
  if (glslang) versions.glslangValidator = glslang;
  if (spirvVal) versions['spirv-val'] = spirvVal;
  if (gcc) versions.gcc = gcc;
  const missing = [!mesa && 'lavapipe (mesa-vulkan-drivers, vulkan-tools)', !glslang && 'glslang-tools', !spirvVal && 'spirv-tools', !gcc && 'gcc']
    .filter(Boolean);
  if (missing.length) return { ok: false, mode: 'native', versions, reason: `missing: ${missing.join(', ')}` };
  return { ok: true, mode: 'native', versions };
}

async function run(req: RunRequest): Promise<RunResult> {
  const { artifact } = req;
  if (artifact.language !== 'glsl') throw new ExecError('harness', `lavapipe runs GLSL, not ${artifact.language} (${artifact.op}/${artifact.target})`);
  return withWorkDir(req.workDir, 'lavapipe', async (dir) => {
    writeHostCase('vulkan', artifact, req.inputs, dir);
    await compileGlsl(artifact, dir);
    const host = await buildCHost(artifact, dir, ['-lvulkan']);
    const what = `run ${artifact.op}/${artifact.target} on lavapipe`;
    const report = await runHost(artifact, host, dir, req.timedRepeats ?? 0, { ...LLVMPIPE_ENV, KFORGE_VK_DEVICE: LAVAPIPE_DEVICE }, what);
    return {
      outputs: report.outputs, executor: 'lavapipe', mode: 'native', detail: `lavapipe: ${report.device}`,
      ...(req.timedRepeats ? { timingsNs: report.timingsNs } : {}),
    };
  });
}

export const lavapipeExecutor: Executor = { name: 'lavapipe', targets: ['vulkan'], variants: [{}], probe, run };
