/**
 * OpenCL on PoCL: a real OpenCL implementation running on this machine's CPU. Its results are
 * reported as mode 'native' (the kernel's own OpenCL C is compiled and executed by a conformant
 * runtime, nothing is emulated), with the detail "PoCL <version> on CPU (<device>)" so that nobody
 * mistakes them for GPU numbers.
 */
import type { Availability, Executor, RunRequest, RunResult } from '../executor.ts';
import { ExecError } from '../util/exec-error.ts';
import { toolVersion, versionProbe } from '../util/tools.ts';
import { withWorkDir } from '../util/workdir.ts';
import { buildCHost, runHost, writeHostCase } from './harness.ts';

/** The ICD platform name PoCL registers; the host picks it even when other platforms exist. */
const POCL_PLATFORM = 'Portable Computing Language';
const pocLProbe = { command: 'clinfo', args: [], pattern: /Platform Version\s+OpenCL [\d.]+ PoCL (\S+)/ };

async function probe(): Promise<Availability> {
  const [pocl, gcc] = await Promise.all([toolVersion(pocLProbe), toolVersion(versionProbe('gcc'))]);
  const versions: Record<string, string> = {};
  if (pocl) versions.pocl = pocl;
  if (gcc) versions.gcc = gcc;
  if (!pocl) return { ok: false, mode: 'native', versions, reason: 'no PoCL platform in `clinfo` (apt-get install pocl-opencl-icd clinfo)' };
  if (!gcc) return { ok: false, mode: 'native', versions, reason: 'gcc not found' };
  return { ok: true, mode: 'native', versions };
}

async function run(req: RunRequest): Promise<RunResult> {
  const { artifact } = req;
  if (artifact.language !== 'opencl') throw new ExecError('harness', `pocl runs OpenCL C, not ${artifact.language} (${artifact.op}/${artifact.target})`);
  return withWorkDir(req.workDir, 'pocl', async (dir) => {
    writeHostCase('opencl', artifact, req.inputs, dir);
    const host = await buildCHost(artifact, dir, ['-lOpenCL']);
    const what = `run ${artifact.op}/${artifact.target} on PoCL`;
    const report = await runHost(artifact, host, dir, req.timedRepeats ?? 0, { KFORGE_OCL_PLATFORM: POCL_PLATFORM }, what);
    // the host reports "<platform version> / <device name>"
    const version = /PoCL (\S+)/.exec(report.device)?.[1] ?? 'unknown version';
    const deviceName = report.device.split(' / ').at(-1) ?? report.device;
    return {
      outputs: report.outputs, executor: 'pocl', mode: 'native',
      detail: `PoCL ${version} on CPU (${deviceName})`,
      ...(req.timedRepeats ? { timingsNs: report.timingsNs } : {}),
    };
  });
}

export const poclExecutor: Executor = { name: 'pocl', targets: ['opencl'], variants: [{}], probe, run };
