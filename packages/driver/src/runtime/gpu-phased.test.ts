// GPU runtime libraries of the phased ops (attention, gated_delta_rule, moe) that execute here: opencl on
// PoCL and vulkan on lavapipe. One library with decode and prefill entries of each op is planned
// (planGpuRuntime: the CPU planner's entries, the artifacts' launches), built with the check program
// (CMake add_subdirectory) and called through kf_call at run-time shapes no kernel was emitted at; each
// output (poisoned with NaN) is judged against the float64 reference, by the program with the SPEC
// bound of the kernel dispatch picks and here again. The gated delta rule's state is updated in place
// (s0 and s one buffer) in some calls; Sq > Skv and an expert id outside [0, E) are refused with their
// status, outputs untouched. cuda: the same library compiled with nvcc (compile-only here; it runs on
// the H200 through tools/gpu/runtime-bundle.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkOutput, getOp, randomInputs } from '@kforge/ir';
import { LLVMPIPE_ENV, runProcess, toolVersion, versionProbe } from '@kforge/exec';
import { gpuRuntimeFiles, type GpuTargetName } from '@kforge/runtime';
import { planGpuRuntime } from './gpu.ts';
import { buildRuntimeCheck, parseCheckOutput, writeRuntimeCalls } from './check.ts';
import { phasedCalls, phasedRequest, type PhasedCall } from './gpu-phased-calls.ts';

/** the program's verdicts all PASS, one per output of each call and one per refused call; each output judged here too */
function judge(target: GpuTargetName, calls: readonly PhasedCall[], stdout: string, dir: string): void {
  const out = parseCheckOutput(stdout);
  const failed = [...out.checks].filter(([, v]) => !v.pass).map(([name, v]) => `${name}: ${v.what}`);
  assert.deepEqual(failed, [], `${target}: the check program's verdicts`);
  for (const c of calls) {
    const line = out.calls.get(c.name);
    assert.ok(line, `${target} ${c.name}: no call line`);
    assert.equal(line.status, c.expectStatus ?? 0, `${target} ${c.name}: status`);
    if (c.expectStatus) {
      assert.ok(out.checks.get(c.name)?.pass, `${target} ${c.name}: refused, outputs untouched`);
      continue;
    }
    assert.deepEqual(line.config, JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(c.expectConfig!).sort()))), `${target} ${c.name}: the entry's default kernel`);
    const op = getOp(c.entry.op);
    const reference = op.reference(c.params, randomInputs(op, c.params, c.seed));
    c.entry.tensors.forEach((t, i) => {
      if (t.role !== 'out') return;
      assert.ok(out.checks.get(`${c.name}.t${i}`)?.pass, `${target} ${c.name}: the program checked ${t.name}`);
      const y = new Float32Array(Uint8Array.from(readFileSync(join(dir, `${c.name}.t${i}.out`))).buffer);
      const check = checkOutput(c.entry.op, t.name, y, reference[t.name]!, c.arithmetic);
      assert.ok(check.ok, `${target} ${c.name} ${t.name} via ${line.kernel}: ${check.message}`);
    });
  }
}

async function buildAndRun(target: GpuTargetName, env: Record<string, string>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), `kforge-gpu-phased-${target}-`));
  try {
    const spec = await planGpuRuntime(phasedRequest(target, '0.1.0'));
    const libDir = join(root, 'lib');
    for (const [file, text] of Object.entries(gpuRuntimeFiles(spec))) {
      mkdirSync(dirname(join(libDir, file)), { recursive: true });
      writeFileSync(join(libDir, file), text);
    }
    const calls = phasedCalls(target, spec);
    const dir = join(root, 'calls');
    writeRuntimeCalls(dir, calls);
    const exe = await buildRuntimeCheck(join(root, 'app'), target, libDir, []);
    const r = await runProcess(exe, [dir], { timeoutMs: 900_000, env });
    assert.ok(r.code === 0 || r.code === 1, `${target}: the check program exited ${r.code}: ${r.stderr.slice(-2000)}`);
    judge(target, calls, r.stdout, dir);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('opencl: attention, gated_delta_rule and moe entries at run-time shapes on PoCL, against the float64 reference', async (t) => {
  if (!(await toolVersion({ command: 'clinfo', args: [], pattern: /PoCL (\S+)/ }))) return t.skip('no PoCL platform (clinfo)');
  await buildAndRun('opencl', { KF_OPENCL_PLATFORM: 'Portable Computing Language' });
});

test('vulkan: attention, gated_delta_rule and moe entries at run-time shapes on lavapipe, against the float64 reference', async (t) => {
  if (!(await toolVersion({ command: 'vulkaninfo', args: ['--summary'], pattern: /driverInfo\s*=\s*Mesa (\S+)/ }))
    || !(await toolVersion(versionProbe('glslangValidator')))) return t.skip('no lavapipe (vulkaninfo) or glslangValidator');
  await buildAndRun('vulkan', { ...LLVMPIPE_ENV, KF_VULKAN_DEVICE: 'llvmpipe' });
});

test('cuda: the same library compiles with nvcc (compile-only here; tools/gpu/runtime-bundle.ts runs it on the H200)', async (t) => {
  if (!(await toolVersion(versionProbe('nvcc')))) return t.skip('nvcc not found');
  const root = mkdtempSync(join(tmpdir(), 'kforge-gpu-phased-cuda-'));
  try {
    const spec = await planGpuRuntime(phasedRequest('cuda', '0.1.0'));
    const libDir = join(root, 'lib');
    for (const [file, text] of Object.entries(gpuRuntimeFiles(spec))) {
      mkdirSync(dirname(join(libDir, file)), { recursive: true });
      writeFileSync(join(libDir, file), text);
    }
    const exe = await buildRuntimeCheck(join(root, 'app'), 'cuda', libDir, [], ['-DKFORGE_CUDA_ARCHITECTURES=90']);
    assert.ok(existsSync(exe), 'the check program links against the static library');
    const nm = await runProcess('nm', ['--defined-only', exe], { timeoutMs: 60_000 });
    for (const k of spec.kernels) for (const l of k.launches) assert.match(nm.stdout, new RegExp(`\\b${l.entry}\\b`), `${l.entry} is in the program`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
