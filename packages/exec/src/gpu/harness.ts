/**
 * The host programs that drive GPU-class kernels (OpenCL, Vulkan, CUDA): one Handlebars template per
 * API in packages/exec/templates/gpu, all fed the same view of a KernelArtifact, plus the code that
 * stages inputs, runs a built host and reads its outputs back. Every host program takes
 * `KERNEL_DIR INPUT_DIR OUTPUT_DIR [REPEATS] [WARMUP]`, reads `<buffer>.bin` (or .npy) inputs,
 * poisons the other buffers with 0xFF, writes each output as a 1-D `<buffer>.npy` and prints one
 * JSON line `{"device": ..., "timings_ns": [...], "median_ns": ...}`.
 */
import Handlebars from 'handlebars';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sizeToC, type ScalarType } from '@kforge/ir';
import { CUDA_STATIC_SHARED_LIMIT, sizedBuffers, sizedDispatches, sourceFileFor, type KernelArtifact } from '@kforge/target';
import { ExecError, clip, processFailure } from '../util/exec-error.ts';
import { runProcess } from '../util/subprocess.ts';
import { allocBytes, inputFor, scalarBits } from '../util/buffers.ts';
import { fillInitializer, type GeneratedInput } from './generate.ts';

export const TEMPLATE_DIR = new URL('../../templates/gpu/', import.meta.url).pathname;
/** The C header every host includes (file I/O, .npy output, timing, the result line). */
export const HARNESS_IO_HEADER = 'harness_io.h';
/** The input generator every host includes (on the device in CUDA, on the CPU elsewhere; mirrored by generate.ts). */
export const GENERATE_HEADER = 'generate.h';

/**
 * How a host gets its inputs and what it times. The CUDA host fills generated inputs on the device,
 * copy c from stream seed + c; the OpenCL and Vulkan hosts fill copy 0 on the CPU with the same
 * generator and upload it to every copy (the rotation only has to defeat the L2).
 */
export interface HostInputPlan {
  /** inputs filled by the host instead of read from files */
  readonly generated?: Readonly<Record<string, GeneratedInput>>;
  /** rotate through copies of the inputs totalling at least this many bytes (0: one copy) */
  readonly rotateBytes?: number;
}

export type HostApi = 'opencl' | 'vulkan' | 'cuda';

const TEMPLATE_FILE: Readonly<Record<HostApi, string>> = {
  opencl: 'opencl_host.c.hbs',
  vulkan: 'vulkan_host.c.hbs',
  cuda: 'cuda_host.cu.hbs',
};
export const HOST_SOURCE: Readonly<Record<HostApi, string>> = { opencl: 'host.c', vulkan: 'host.c', cuda: 'host.cu' };

const templates = new Map<string, HandlebarsTemplateDelegate>();

/** A template of templates/gpu, compiled once; noEscape because C and shell text must pass unchanged. */
export function gpuTemplate(file: string): HandlebarsTemplateDelegate {
  let t = templates.get(file);
  if (!t) {
    t = Handlebars.compile(readFileSync(join(TEMPLATE_DIR, file), 'utf8'), { noEscape: true, strict: true });
    templates.set(file, t);
  }
  return t;
}

const NPY_DESCR: Readonly<Record<ScalarType, { descr: string; bytes: number }>> = {
  f32: { descr: '<f4', bytes: 4 }, f16: { descr: '<f2', bytes: 2 }, bf16: { descr: '<u2', bytes: 2 },
  f64: { descr: '<f8', bytes: 8 }, i8: { descr: '|i1', bytes: 1 }, u8: { descr: '|u1', bytes: 1 },
  i16: { descr: '<i2', bytes: 2 }, u16: { descr: '<u2', bytes: 2 }, i32: { descr: '<i4', bytes: 4 },
  u32: { descr: '<u4', bytes: 4 }, i64: { descr: '<i8', bytes: 8 }, bool: { descr: '|b1', bytes: 1 },
};


/** The GLSL file a dispatch runs (sourceFileFor's rule), or an error naming the entry. */
export function glslFileFor(artifact: KernelArtifact, entry: string): string {
  const file = sourceFileFor(artifact, entry);
  if (file) return file;
  throw new ExecError('harness', `${artifact.op}/${artifact.target}: no GLSL file for dispatch entry '${entry}' among ${Object.keys(artifact.files).join(', ')}`);
}

export const spvFileFor = (glslFile: string): string => `${glslFile.replace(/\.[^.]*$/, '')}.spv`;

/** Everything a host template reads; validated here so a bad artifact fails with a clear message. */
export function harnessView(artifact: KernelArtifact, plan: HostInputPlan = {}) {
  const where = `${artifact.op}/${artifact.target}`;
  const generated = plan.generated ?? {};
  for (const name of Object.keys(generated)) {
    if (!artifact.buffers.some((b) => b.name === name && b.role === 'in')) throw new ExecError('harness', `${where}: generated input '${name}' is not an input buffer`);
  }
  const kernelFile = Object.keys(artifact.files)[0];
  if (!kernelFile) throw new ExecError('harness', `${where}: the artifact has no source files`);
  const buffers = sizedBuffers(artifact).map((b, index) => {
    const elem = NPY_DESCR[b.elem];
    const whole = b.bytes % elem.bytes === 0;
    return {
      name: b.name, index, role: b.role, bytes: b.bytes, allocBytes: allocBytes(b.bytes),
      isIn: b.role === 'in', isOut: b.role === 'out',
      npyDescr: whole ? elem.descr : '|u1', count: whole ? b.bytes / elem.bytes : b.bytes,
      fill: generated[b.name] ? fillInitializer(generated[b.name]!.fill) : '', seed: (generated[b.name]?.seed ?? 0) >>> 0,
    };
  });
  const scalars = artifact.scalars.map((s) => ({ name: s.name, bits: `0x${scalarBits(s).toString(16)}` }));
  // the launch sizes are printed from the artifact's expressions over these, as the runtime library prints them
  const runtimeScalars = artifact.scalars.filter((s) => s.type !== 'f32').map((s) => ({ name: s.name, cName: `kf_param_${s.name}`, value: s.value }));
  const gridC = (i: number): string[] => artifact.dispatches[i]!.grid!.map((g) => sizeToC(g, (name) => `kf_param_${name}`));
  const dispatches = sizedDispatches(artifact).map((d, index) => {
    if (!d.grid || !d.workgroup) throw new ExecError('harness', `${where}: dispatch ${d.entry} needs grid and workgroup`);
    const args = d.args.map((name, position) => {
      const bufferIndex = buffers.findIndex((b) => b.name === name);
      const scalarIndex = scalars.findIndex((s) => s.name === name);
      if (bufferIndex < 0 && scalarIndex < 0) throw new ExecError('harness', `${where}: dispatch ${d.entry} names unknown argument '${name}'`);
      return { name, position, isBuffer: bufferIndex >= 0, bufferIndex, scalarIndex };
    });
    const bufferArgs = args.filter((a) => a.isBuffer);
    const scalarArgs = args.filter((a) => !a.isBuffer);
    const glslFile = artifact.language === 'glsl' ? glslFileFor(artifact, d.entry) : kernelFile;
    const sharedBytes = d.dynamicSharedBytes ?? 0;
    if (!Number.isInteger(sharedBytes) || sharedBytes < 0) throw new ExecError('harness', `${where}: dispatch ${d.entry} has dynamicSharedBytes ${sharedBytes}`);
    // only a CUDA launch has a shared-memory size; elsewhere workgroup arrays are sized in the source
    if (sharedBytes > 0 && artifact.language !== 'cuda') throw new ExecError('harness', `${where}: dispatch ${d.entry} sets dynamicSharedBytes, which only CUDA launches take`);
    return {
      index, entry: d.entry, grid: gridC(index), workgroup: d.workgroup, dependentLaunch: d.dependentLaunch === true,
      dynamicSharedBytes: sharedBytes, sharedOptIn: sharedBytes > CUDA_STATIC_SHARED_LIMIT,
      global: gridC(index).map((g, i) => `(size_t)${g} * ${d.workgroup![i]!}`),
      args, bufferArgs, scalarArgs, pushBytes: 4 * scalarArgs.length, spvFile: spvFileFor(glslFile),
    };
  });
  return {
    op: artifact.op, target: artifact.target, kernelFile, rotateBytes: Math.max(0, Math.round(plan.rotateBytes ?? 0)),
    buffers, bufferCount: buffers.length, scalars, runtimeScalars, dispatches, dispatchCount: dispatches.length,
    bufferArgTotal: dispatches.reduce((n, d) => n + d.bufferArgs.length, 0),
  };
}

export function renderHost(api: HostApi, artifact: KernelArtifact, plan: HostInputPlan = {}): string {
  return gpuTemplate(TEMPLATE_FILE[api])(harnessView(artifact, plan));
}

/**
 * Write a case folder: the kernel files, the host source and its headers, and `inputs/<name>.bin`.
 * Returns the folder of inputs. Every 'in' buffer that `plan` does not generate must be given with
 * exactly its byte size (else InputError).
 */
export function writeHostCase(
  api: HostApi, artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>, dir: string, plan: HostInputPlan = {},
): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(artifact.files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, HOST_SOURCE[api]), renderHost(api, artifact, plan));
  for (const header of [HARNESS_IO_HEADER, GENERATE_HEADER]) {
    writeFileSync(join(dir, header), readFileSync(join(TEMPLATE_DIR, header)));
  }
  const inputDir = join(dir, 'inputs');
  mkdirSync(inputDir, { recursive: true });
  for (const b of sizedBuffers(artifact).filter((x) => x.role === 'in' && !plan.generated?.[x.name])) {
    writeFileSync(join(inputDir, `${b.name}.bin`), inputFor(artifact, b, inputs));
  }
  return inputDir;
}

/**
 * Compile GLSL to SPIR-V (Vulkan 1.3 unless `targetEnv` says otherwise, e.g. 'vulkan1.1' for the
 * runtime library) and validate it; one .spv per GLSL file that a dispatch uses.
 */
export async function compileGlsl(artifact: KernelArtifact, dir: string, targetEnv = 'vulkan1.3'): Promise<void> {
  const files = new Set(artifact.dispatches.map((d) => glslFileFor(artifact, d.entry)));
  for (const file of files) {
    const spv = spvFileFor(file);
    const glslang = await runProcess('glslangValidator', ['-V', '--target-env', targetEnv, '-S', 'comp', '-o', spv, file], { cwd: dir, timeoutMs: 60_000 });
    const compileError = processFailure(`compile ${artifact.op}/${artifact.target} ${file} to SPIR-V`, glslang, 'compile');
    if (compileError) throw compileError;
    const validate = await runProcess('spirv-val', ['--target-env', targetEnv, spv], { cwd: dir, timeoutMs: 60_000 });
    const validateError = processFailure(`validate ${artifact.op}/${artifact.target} ${spv}`, validate, 'compile');
    if (validateError) throw validateError;
  }
}

/** The raw payload of an .npy file (the header skipped, versions 1.0 to 3.0). */
export function npyPayload(bytes: Uint8Array, what: string): Uint8Array {
  const magic = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];
  if (bytes.length < 10 || magic.some((m, i) => bytes[i] !== m)) throw new ExecError('harness', `${what} is not an .npy file`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offset = bytes[6] === 1 ? 10 + view.getUint16(8, true) : 12 + view.getUint32(8, true);
  return bytes.subarray(offset);
}

export interface HostReport {
  readonly device: string;
  readonly timingsNs: readonly number[];
}

/** The one JSON line a host prints, or an error that shows what it printed instead. */
export function parseHostReport(stdout: string, what: string): HostReport {
  const line = stdout.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new ExecError('harness', `${what}: the host printed no result line`, clip(stdout));
  const parsed = JSON.parse(line) as { device: string; timings_ns: number[] };
  return { device: parsed.device, timingsNs: parsed.timings_ns };
}

/** Read every 'out' buffer the host wrote to `outputDir`, checking each has exactly its byte size. */
export function readHostOutputs(artifact: KernelArtifact, outputDir: string): Record<string, Uint8Array> {
  const outputs: Record<string, Uint8Array> = {};
  for (const b of sizedBuffers(artifact).filter((x) => x.role === 'out')) {
    const path = join(outputDir, `${b.name}.npy`);
    const payload = npyPayload(new Uint8Array(readFileSync(path)), path);
    if (payload.length !== b.bytes) throw new ExecError('harness', `${path}: ${payload.length} bytes, expected ${b.bytes}`);
    outputs[b.name] = payload;
  }
  return outputs;
}

/** Build the C host (host.c, OpenCL or Vulkan) with gcc; the kernel itself is loaded at run time, failing with the compiler's log. */
export async function buildCHost(artifact: KernelArtifact, dir: string, extraArgs: readonly string[]): Promise<string> {
  const r = await runProcess('gcc', ['-O2', '-std=gnu11', '-I', dir, '-o', 'host', 'host.c', ...extraArgs], { cwd: dir, timeoutMs: 120_000 });
  const failure = processFailure(`build the ${artifact.language} host for ${artifact.op}/${artifact.target}`, r, 'harness');
  if (failure) throw failure;
  return join(dir, 'host');
}

/** Run a built host on a case folder and return its report and outputs. */
export async function runHost(
  artifact: KernelArtifact, host: string, caseDir: string, repeats: number, env: Readonly<Record<string, string>>, what: string,
): Promise<HostReport & { outputs: Record<string, Uint8Array> }> {
  const outputDir = join(caseDir, 'outputs');
  mkdirSync(outputDir, { recursive: true });
  const r = await runProcess(host, [caseDir, join(caseDir, 'inputs'), outputDir, String(repeats), '0'], { cwd: caseDir, env, timeoutMs: 600_000 });
  const failure = processFailure(what, r, 'crash');
  if (failure) throw failure;
  const report = parseHostReport(r.stdout, what);
  return { ...report, outputs: readHostOutputs(artifact, outputDir) };
}
