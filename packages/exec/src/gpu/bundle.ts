/**
 * GPU-machine bundles: the H200 machine has nvcc and gcc but no Node.js, so CUDA kernels (and OpenCL
 * and Vulkan kernels meant for the NVIDIA GPU) travel as a self-contained folder: per case the kernel
 * source, a generated host and the inputs; build.sh and run.sh; the Khronos headers and the loader
 * libraries the machine lacks. run.sh writes results that `readGpuBundleResults` reads back here.
 *
 * Here the `gpu-bundle` executor is compile-only: it proves that a CUDA artifact and its host compile
 * with nvcc for sm_80 and sm_90, and refuses to pretend it ran anything.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sizedBuffers, type KernelArtifact, type Language, type TargetName } from '@kforge/target';
import type { Availability, Executor, RunRequest, RunResult } from '../executor.ts';
import { ExecError, processFailure } from '../util/exec-error.ts';
import { runProcess } from '../util/subprocess.ts';
import { toolVersion, versionProbe } from '../util/tools.ts';
import { withWorkDir } from '../util/workdir.ts';
import type { GeneratedInput } from './generate.ts';
import { type HostApi, GENERATE_HEADER, HARNESS_IO_HEADER, HOST_SOURCE, TEMPLATE_DIR, compileGlsl, gpuTemplate, npyPayload, writeHostCase } from './harness.ts';

/** The architectures every CUDA build is made for (SPEC section 5: sm_80 and sm_90). */
export const CUDA_ARCH_FLAGS = ['-gencode', 'arch=compute_90,code=sm_90', '-gencode', 'arch=compute_80,code=sm_80'] as const;

const API_OF_LANGUAGE: Partial<Record<Language, HostApi>> = { cuda: 'cuda', opencl: 'opencl', glsl: 'vulkan' };

/** Files of the development machine a bundle carries because the GPU machine lacks them. */
const SYSTEM_LIB = '/usr/lib/x86_64-linux-gnu';
const CARRIED_LIBS = ['libvulkan.so.1', 'libOpenCL.so.1', 'libGLdispatch.so.0'] as const;
const CARRIED_HEADERS: readonly { readonly dir: string; readonly files?: readonly string[] }[] = [
  { dir: 'CL', files: ['cl.h', 'cl_platform.h', 'cl_version.h'] },
  { dir: 'vulkan', files: ['vulkan.h', 'vk_platform.h', 'vulkan_core.h'] },
  { dir: 'vk_video' },
];

export interface GpuBundleCase {
  /** part of the case folder name; defaults to `<op>-<target>` */
  readonly name?: string;
  readonly artifact: KernelArtifact;
  /** raw bytes per input buffer name, as for RunRequest (all but the generated ones) */
  readonly inputs: Readonly<Record<string, Uint8Array>>;
  /** inputs filled on the GPU machine (too large to carry), regenerated here by generate.ts */
  readonly generated?: Readonly<Record<string, GeneratedInput>>;
  /** time over rotating copies of the inputs that total at least this many bytes */
  readonly rotateBytes?: number;
  /** timed repeats and warm-up passes of this case, over the bundle's and run.sh's (slow cases) */
  readonly repeats?: number;
  readonly warmup?: number;
}

export interface GpuBundleOptions {
  /** timed repeats and untimed warm-up runs per case; run.sh arguments override them */
  readonly repeats?: number;
  readonly warmup?: number;
}

export interface GpuBundleManifestCase {
  readonly name: string;
  readonly api: HostApi;
  readonly op: string;
  readonly target: TargetName;
  readonly params: KernelArtifact['params'];
  readonly config: KernelArtifact['config'];
  readonly outputs: readonly { readonly name: string; readonly elem: string; readonly bytes: number }[];
  readonly generated?: Readonly<Record<string, GeneratedInput>>;
  readonly rotateBytes?: number;
  readonly repeats?: number;
  readonly warmup?: number;
}

export interface GpuBundleManifest {
  readonly kforgeGpuBundle: 1;
  readonly created: string;
  readonly cases: readonly GpuBundleManifestCase[];
  /** files copied from this machine into include/ and lib/ */
  readonly carried: readonly string[];
}

const caseFolderName = (index: number, c: GpuBundleCase): string =>
  `${String(index).padStart(3, '0')}-${(c.name ?? `${c.artifact.op}-${c.artifact.target}`).replace(/[^A-Za-z0-9._-]+/g, '_')}`;

function hostApiOf(artifact: KernelArtifact): HostApi {
  const api = API_OF_LANGUAGE[artifact.language];
  if (!api) throw new ExecError('harness', `${artifact.op}/${artifact.target}: a GPU bundle holds CUDA, OpenCL or GLSL, not ${artifact.language}`);
  return api;
}

function carrySystemFiles(dir: string): string[] {
  const carried: string[] = [];
  const copy = (from: string, to: string): void => {
    if (!existsSync(from)) return;
    mkdirSync(join(dir, to, '..'), { recursive: true });
    copyFileSync(from, join(dir, to)); // follows the .so.1 symlink to the library itself
    carried.push(to);
  };
  for (const lib of CARRIED_LIBS) copy(join(SYSTEM_LIB, lib), join('lib', lib));
  for (const h of CARRIED_HEADERS) {
    const from = join('/usr/include', h.dir);
    if (!existsSync(from)) continue;
    for (const file of h.files ?? readdirSync(from)) copy(join(from, file), join('include', h.dir, file));
  }
  return carried;
}

/**
 * Write a bundle folder for the GPU machine. Vulkan cases are compiled to SPIR-V and validated here
 * (the GPU machine has no glslang). Returns the manifest also written to `<dir>/manifest.json`.
 */
export async function writeGpuBundle(cases: readonly GpuBundleCase[], dir: string, options: GpuBundleOptions = {}): Promise<GpuBundleManifest> {
  if (cases.length === 0) throw new ExecError('harness', 'a GPU bundle needs at least one case');
  mkdirSync(dir, { recursive: true });
  const manifestCases: GpuBundleManifestCase[] = [];
  for (const [index, c] of cases.entries()) {
    const { artifact } = c;
    const api = hostApiOf(artifact);
    const name = caseFolderName(index, c);
    const caseDir = join(dir, 'cases', name);
    const plan = { ...(c.generated ? { generated: c.generated } : {}), ...(c.rotateBytes ? { rotateBytes: c.rotateBytes } : {}) };
    const timing = { ...(c.repeats !== undefined ? { repeats: c.repeats } : {}), ...(c.warmup !== undefined ? { warmup: c.warmup } : {}) };
    writeHostCase(api, artifact, c.inputs, caseDir, plan);
    if (api === 'vulkan') await compileGlsl(artifact, caseDir);
    manifestCases.push({
      name, api, op: artifact.op, target: artifact.target, params: artifact.params, config: artifact.config,
      outputs: sizedBuffers(artifact).filter((b) => b.role === 'out').map((b) => ({ name: b.name, elem: b.elem, bytes: b.bytes })),
      ...plan, ...timing,
    });
  }
  const carried = carrySystemFiles(dir);
  mkdirSync(join(dir, 'icd'), { recursive: true });
  writeFileSync(join(dir, 'icd', 'nvidia.icd'), 'libnvidia-opencl.so.1\n');

  const manifest: GpuBundleManifest = { kforgeGpuBundle: 1, created: new Date().toISOString(), cases: manifestCases, carried };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const view = {
    // run.sh passes a case's own repeats and warm-up where it has them (empty: run.sh's)
    cases: manifestCases.map((c) => ({ ...c, caseRepeats: c.repeats ?? '', caseWarmup: c.warmup ?? '' })), caseCount: manifestCases.length, created: manifest.created,
    targets: [...new Set(manifestCases.map((c) => c.target))].join(', '),
    repeats: options.repeats ?? 50, warmup: options.warmup ?? 10,
    carriedLibs: carried.filter((f) => f.startsWith('lib/')).map((f) => f.slice(4)).join(', '),
  };
  for (const script of ['build.sh', 'run.sh']) {
    writeFileSync(join(dir, script), gpuTemplate(`${script}.hbs`)(view));
    chmodSync(join(dir, script), 0o755);
  }
  writeFileSync(join(dir, 'README.md'), gpuTemplate('README.md.hbs')(view));
  return manifest;
}

export type GpuBundleStatus = 'ok' | 'build-failed' | 'run-failed';

export interface GpuBundleCaseResult {
  readonly case: string;
  readonly op: string;
  readonly target: TargetName;
  readonly status: GpuBundleStatus;
  /** the host's error output (build-failed, run-failed) */
  readonly error?: string;
  readonly exitCode?: number;
  /** outputs, device and timings when status is 'ok' */
  readonly result?: RunResult;
}

interface ResultLine {
  case: string;
  target: TargetName;
  status: GpuBundleStatus;
  device?: string;
  timings_ns?: number[];
  exit_code?: number;
  error?: string;
}

/**
 * Read what run.sh wrote to its OUT_DIR: one entry per case of the manifest, in bundle order. A case
 * whose line is missing is reported as run-failed; an 'ok' case must have every output at its size,
 * except an output reduced to `<name>_rows.npy` on the GPU machine, which is left out of `outputs`.
 */
export function readGpuBundleResults(resultsDir: string): GpuBundleCaseResult[] {
  const manifest = JSON.parse(readFileSync(join(resultsDir, 'manifest.json'), 'utf8')) as GpuBundleManifest;
  const lines = new Map<string, ResultLine>();
  for (const text of readFileSync(join(resultsDir, 'results.jsonl'), 'utf8').split('\n')) {
    if (!text.trim()) continue;
    const line = JSON.parse(text) as ResultLine;
    lines.set(line.case, line);
  }
  return manifest.cases.map((c): GpuBundleCaseResult => {
    const base = { case: c.name, op: c.op, target: c.target };
    const line = lines.get(c.name);
    if (!line) return { ...base, status: 'run-failed', error: 'no result line: run.sh did not reach this case' };
    if (line.status !== 'ok') return { ...base, status: line.status, error: line.error ?? '', ...(line.exit_code !== undefined ? { exitCode: line.exit_code } : {}) };
    const outputs: Record<string, Uint8Array> = {};
    for (const o of c.outputs) {
      const path = join(resultsDir, c.name, `${o.name}.npy`);
      // an output the GPU machine shrank to sampled rows (tools/gpu/reduce_outputs.py) is left out; the caller reads the rows
      if (!existsSync(path) && existsSync(join(resultsDir, c.name, `${o.name}_rows.npy`))) continue;
      if (!existsSync(path)) return { ...base, status: 'run-failed', error: `missing output ${path}` };
      const payload = npyPayload(new Uint8Array(readFileSync(path)), path);
      if (payload.length !== o.bytes) return { ...base, status: 'run-failed', error: `${path}: ${payload.length} bytes, expected ${o.bytes}` };
      outputs[o.name] = payload;
    }
    const result: RunResult = {
      outputs, executor: 'gpu-bundle', mode: 'gpu', detail: line.device ?? 'unknown device',
      ...(line.timings_ns?.length ? { timingsNs: line.timings_ns } : {}),
    };
    return { ...base, status: 'ok', result };
  });
}

/** The baseline program's source (device copy bandwidth, cuBLAS f16 gemv) and the headers it includes. */
export const CUDA_BASELINES_SOURCE = 'cuda_baselines.cu';

/** Write the baseline program beside a bundle: build it with `nvcc -O3 -arch=sm_90 cuda_baselines.cu -lcublas`. */
export function writeCudaBaselines(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const files = [CUDA_BASELINES_SOURCE, HARNESS_IO_HEADER, GENERATE_HEADER];
  for (const f of files) copyFileSync(join(TEMPLATE_DIR, f), join(dir, f));
  return files;
}

const nvccProbe = versionProbe('nvcc');

/** Compile a CUDA artifact with its generated host for sm_80 and sm_90; throws ExecError('compile') with nvcc's log. */
export async function compileCudaHere(artifact: KernelArtifact, workDir?: string): Promise<void> {
  if (artifact.language !== 'cuda') throw new ExecError('harness', `${artifact.op}/${artifact.target}: not a CUDA artifact`);
  const zeros = Object.fromEntries(sizedBuffers(artifact).filter((b) => b.role === 'in').map((b) => [b.name, new Uint8Array(b.bytes)]));
  await withWorkDir(workDir, 'nvcc', async (dir) => {
    writeHostCase('cuda', artifact, zeros, dir);
    const r = await runProcess('nvcc', ['-O3', ...CUDA_ARCH_FLAGS, '-I', dir, '-o', 'host', HOST_SOURCE.cuda], { cwd: dir, timeoutMs: 300_000 });
    const failure = processFailure(`compile ${artifact.op}/${artifact.target} with nvcc`, r, 'compile');
    if (failure) throw failure;
  });
}

async function probe(): Promise<Availability> {
  const nvcc = await toolVersion(nvccProbe);
  if (!nvcc) return { ok: false, mode: 'compile-only', versions: {}, reason: 'nvcc not found: CUDA cannot even be compiled here' };
  return { ok: true, mode: 'compile-only', versions: { nvcc } };
}

/** Compile-only here: a CUDA artifact is compiled for sm_80/sm_90, then the run is refused. */
async function run(req: RunRequest): Promise<RunResult> {
  const { artifact } = req;
  if (artifact.language === 'cuda') await compileCudaHere(artifact, req.workDir);
  throw new ExecError('unavailable',
    `${artifact.op}/${artifact.target}: ${artifact.language === 'cuda' ? 'compiles with nvcc for sm_80 and sm_90, but ' : ''}` +
    'executing needs the GPU machine: write a bundle with writeGpuBundle, run its run.sh there and read it back with readGpuBundleResults');
}

export const gpuBundleExecutor: Executor = { name: 'gpu-bundle', targets: ['cuda', 'opencl', 'vulkan'], variants: [{}], probe, run };
