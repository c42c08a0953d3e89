/**
 * The dawn executor's child process: `node --import tsx dawn-child.ts RUN_DIR` runs one request with
 * Dawn (npm `webgpu`), or `dawn-child.ts --probe RUN_DIR` only reports the adapter. It writes
 * result.json and exits explicitly. A child, not the caller's process, because Dawn prints warnings
 * straight to file descriptor 2 (nothing in JavaScript can filter them) and a native crash or a
 * handle left open must not take down or hang the CLI or the test runner.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { create, globals } from 'webgpu';
import type { ExecFailure } from '../util/exec-error.ts';
import { OPTIONAL_FEATURES, REQUEST_FILE, RESULT_FILE, type DawnAdapter, type DawnRequest, type DawnResult } from './protocol.ts';

class ChildFailure extends Error {
  constructor(readonly failure: ExecFailure, message: string) { super(message); }
}

function adapterInfo(adapter: GPUAdapter): DawnAdapter {
  const i = adapter.info;
  return {
    vendor: i.vendor, architecture: i.architecture, device: i.device, description: i.description, isFallbackAdapter: i.isFallbackAdapter,
    features: OPTIONAL_FEATURES.filter((f) => adapter.features.has(f)),
  };
}

// The GPU object owns Dawn's instance: it must stay referenced for the life of the process, or the
// garbage collector frees the instance under a live device (a crash in ProcessEvents).
let gpu: GPU | undefined;

async function openAdapter(): Promise<GPUAdapter> {
  Object.assign(globalThis, globals);
  gpu = create([]);
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new ChildFailure('unavailable', 'Dawn found no WebGPU adapter (lavapipe needs Mesa 25 from bookworm-backports: see TOOLCHAINS.md)');
  return adapter;
}

/**
 * The device, with every optional feature the adapter has and the ones the kernel needs. A needed
 * feature the adapter lacks is this adapter's limit, not the kernel's fault: 'unavailable', checked
 * before requestDevice (which rejects an unknown name with a bare TypeError).
 */
async function openDevice(adapter: GPUAdapter, needed: readonly string[]): Promise<GPUDevice> {
  const missing = needed.filter((f) => !adapter.features.has(f));
  if (missing.length) {
    const name = adapter.info.description || adapter.info.device || 'unnamed';
    throw new ChildFailure('unavailable', `the kernel needs the WebGPU feature${missing.length > 1 ? 's' : ''} ${missing.map((f) => `'${f}'`).join(', ')}, which the Dawn adapter (${name}) does not offer`);
  }
  const l = adapter.limits;
  return adapter.requestDevice({
    requiredFeatures: [...new Set([...OPTIONAL_FEATURES.filter((f) => adapter.features.has(f)), ...needed])] as GPUFeatureName[],
    requiredLimits: {
      maxStorageBufferBindingSize: l.maxStorageBufferBindingSize, maxBufferSize: l.maxBufferSize,
      maxStorageBuffersPerShaderStage: l.maxStorageBuffersPerShaderStage, maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize,
      maxComputeInvocationsPerWorkgroup: l.maxComputeInvocationsPerWorkgroup, maxComputeWorkgroupSizeX: l.maxComputeWorkgroupSizeX,
      maxComputeWorkgroupSizeY: l.maxComputeWorkgroupSizeY, maxComputeWorkgroupSizeZ: l.maxComputeWorkgroupSizeZ,
      maxComputeWorkgroupsPerDimension: l.maxComputeWorkgroupsPerDimension,
    },
  });
}

/** Fail with the shader compiler's own messages ("line:column message"). */
async function compileShader(device: GPUDevice, code: string): Promise<GPUShaderModule> {
  const module = device.createShaderModule({ code });
  const errors = (await module.getCompilationInfo()).messages.filter((m) => m.type === 'error');
  if (errors.length) throw new ChildFailure('compile', `WGSL compilation failed:\n${errors.map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join('\n')}`);
  return module;
}

async function checkedScope<T>(device: GPUDevice, failure: ExecFailure, what: string, body: () => Promise<T> | T): Promise<T> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  const value = await body();
  const validation = await device.popErrorScope();
  const memory = await device.popErrorScope();
  const error = validation ?? memory;
  if (error) throw new ChildFailure(failure, `${what}: ${error.message}`);
  return value;
}

async function execute(req: DawnRequest, dir: string, device: GPUDevice): Promise<number[]> {
  const limit = device.limits.maxStorageBufferBindingSize;
  for (const b of req.buffers) {
    if (b.allocBytes > limit) throw new ChildFailure('harness', `buffer '${b.name}' needs ${b.allocBytes} bytes, over this adapter's maxStorageBufferBindingSize of ${limit}`);
  }
  // one module per distinct source: WGSL artifacts may keep each entry in its own file
  const modules = new Map<string, GPUShaderModule>();
  for (const d of req.dispatches) if (!modules.has(d.code)) modules.set(d.code, await compileShader(device, d.code));

  const buffers = await checkedScope(device, 'harness', 'creating buffers', () => new Map(req.buffers.map((b) => {
    const buffer = device.createBuffer({
      label: b.name, size: b.allocBytes, mappedAtCreation: true,
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
    });
    const bytes = new Uint8Array(buffer.getMappedRange());
    bytes.fill(0xff); // poison: outputs and scratch left unwritten read as NaN / -1
    if (b.role === 'in') bytes.set(readFileSync(join(dir, `in_${b.name}.bin`)));
    buffer.unmap();
    return [b.name, buffer] as const;
  })));

  const passes = await Promise.all(req.dispatches.map(async (d) => {
    const entries: GPUBindGroupLayoutEntry[] = d.bindings.map((b) => ({
      binding: b.binding, visibility: GPUShaderStage.COMPUTE, buffer: { type: b.readOnly ? 'read-only-storage' : 'storage' },
    }));
    const groupEntries: GPUBindGroupEntry[] = d.bindings.map((b) => ({ binding: b.binding, resource: { buffer: buffers.get(b.buffer)! } }));
    if (d.uniform) {
      const uniform = device.createBuffer({ label: `${d.entry} scalars`, size: Math.ceil(d.uniform.words.length / 4) * 16, usage: GPUBufferUsage.UNIFORM, mappedAtCreation: true });
      new Uint32Array(uniform.getMappedRange()).set(d.uniform.words);
      uniform.unmap();
      entries.push({ binding: d.uniform.binding, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } });
      groupEntries.push({ binding: d.uniform.binding, resource: { buffer: uniform } });
    }
    const layout = device.createBindGroupLayout({ entries });
    let pipeline: GPUComputePipeline;
    try {
      pipeline = await device.createComputePipelineAsync({
        layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }), compute: { module: modules.get(d.code)!, entryPoint: d.entry },
      });
    } catch (e) {
      throw new ChildFailure('compile', `compute pipeline for entry ${d.entry}: ${(e as Error).message}`);
    }
    const bindGroup = await checkedScope(device, 'harness', `bind group of entry ${d.entry}`, () => device.createBindGroup({ layout, entries: groupEntries }));
    return { pipeline, bindGroup, grid: d.grid, entry: d.entry };
  }));

  const encodeDispatches = (encoder: GPUCommandEncoder): void => {
    for (const p of passes) {
      const pass = encoder.beginComputePass({ label: p.entry });
      pass.setPipeline(p.pipeline);
      pass.setBindGroup(0, p.bindGroup);
      pass.dispatchWorkgroups(p.grid[0], p.grid[1], p.grid[2]);
      pass.end();
    }
  };

  const outputs = req.buffers.filter((b) => b.role === 'out');
  const readbacks = outputs.map((b) => device.createBuffer({ label: `${b.name} readback`, size: b.allocBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST }));
  await checkedScope(device, 'harness', 'dispatch', async () => {
    const encoder = device.createCommandEncoder();
    encodeDispatches(encoder);
    outputs.forEach((b, i) => encoder.copyBufferToBuffer(buffers.get(b.name)!, 0, readbacks[i]!, 0, b.allocBytes));
    device.queue.submit([encoder.finish()]);
    await device.queue.onSubmittedWorkDone();
  });
  for (const [i, b] of outputs.entries()) {
    const readback = readbacks[i]!;
    await readback.mapAsync(GPUMapMode.READ);
    writeFileSync(join(dir, `out_${b.name}.bin`), new Uint8Array(readback.getMappedRange(), 0, b.bytes));
    readback.unmap();
  }

  const timingsNs: number[] = [];
  for (let r = 0; r < req.timedRepeats; r++) {
    const encoder = device.createCommandEncoder();
    encodeDispatches(encoder);
    const commands = encoder.finish();
    const start = process.hrtime.bigint();
    device.queue.submit([commands]);
    await device.queue.onSubmittedWorkDone();
    timingsNs.push(Number(process.hrtime.bigint() - start));
  }
  return timingsNs;
}

async function main(dir: string, probeOnly: boolean): Promise<DawnResult> {
  let adapter: DawnAdapter | undefined;
  let device: GPUDevice | undefined;
  try {
    const req = probeOnly ? undefined : JSON.parse(readFileSync(join(dir, REQUEST_FILE), 'utf8')) as DawnRequest;
    const gpuAdapter = await openAdapter();
    adapter = adapterInfo(gpuAdapter);
    // the probe opens a device too: an adapter that cannot make one does not run anything
    device = await openDevice(gpuAdapter, req?.features ?? []);
    if (!req) return { ok: true, adapter, timingsNs: [] };
    return { ok: true, adapter, timingsNs: await execute(req, dir, device) };
  } catch (e) {
    const failure = e instanceof ChildFailure ? e.failure : 'crash';
    return { ok: false, failure, message: (e as Error).message ?? String(e), ...(adapter ? { adapter } : {}) };
  } finally {
    device?.destroy();
  }
}

const probeOnly = process.argv[2] === '--probe';
const runDir = process.argv[probeOnly ? 3 : 2];
if (!runDir) {
  process.stderr.write('usage: dawn-child.ts [--probe] RUN_DIR\n');
  process.exit(2);
}
writeFileSync(join(runDir, RESULT_FILE), JSON.stringify(await main(runDir, probeOnly)));
// exit explicitly: Dawn's native handles must not keep the process alive
process.exit(0);
