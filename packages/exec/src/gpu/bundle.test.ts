import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '../util/subprocess.ts';
import { compileCudaHere, gpuBundleExecutor, readGpuBundleResults, writeGpuBundle } from './bundle.ts';
import { LLVMPIPE_ENV, lavapipeExecutor } from './lavapipe.ts';
import { poclExecutor } from './pocl.ts';
import { expectedPartials, expectedSaxpy, expectedTotal, f32View, reductionArtifact, saxpyArtifact, xBytes } from './test-kernels.ts';

const nvcc = await gpuBundleExecutor.probe();
const canRunHere = (await poclExecutor.probe()).ok && (await lavapipeExecutor.probe()).ok;
const skipNvcc = nvcc.ok ? false : `nvcc unavailable: ${nvcc.reason}`;

test('gpu-bundle is compile-only here and names nvcc', { skip: skipNvcc }, () => {
  assert.equal(nvcc.mode, 'compile-only');
  assert.match(nvcc.versions.nvcc ?? '', /^\d+\.\d+/);
});

test('gpu-bundle run() compiles a CUDA artifact for sm_80/sm_90, then refuses to pretend it ran', { skip: skipNvcc }, async () => {
  await assert.rejects(gpuBundleExecutor.run({ artifact: saxpyArtifact('cuda'), inputs: { x: xBytes() } }), (e: Error & { failure?: string }) => {
    assert.equal(e.failure, 'unavailable');
    assert.match(e.message, /compiles with nvcc for sm_80 and sm_90, but executing needs the GPU machine/);
    return true;
  });
});

test('compileCudaHere fails with the nvcc log when the kernel is wrong', { skip: skipNvcc }, async () => {
  const artifact = { ...saxpyArtifact('cuda'), files: { 'saxpy.cu': 'extern "C" __global__ void saxpy(float* x) { undeclared_name = 1; }' } };
  await assert.rejects(compileCudaHere(artifact), (e: Error & { failure?: string }) => {
    assert.equal(e.failure, 'compile');
    assert.match(e.message, /undeclared_name/);
    return true;
  });
});

test('a bundle builds everywhere it can here, runs its OpenCL and Vulkan cases on PoCL and lavapipe, and reads back', { skip: skipNvcc || !canRunHere }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-bundle-test-'));
  try {
    const x = { x: xBytes() };
    const manifest = await writeGpuBundle([
      { artifact: saxpyArtifact('cuda'), inputs: x },
      { artifact: reductionArtifact('cuda'), inputs: x },
      { artifact: saxpyArtifact('opencl'), inputs: x },
      { artifact: reductionArtifact('opencl'), inputs: x },
      { artifact: saxpyArtifact('vulkan'), inputs: x },
      { name: 'subgroup-reduction', artifact: reductionArtifact('vulkan', 'subgroup'), inputs: x },
    ], join(dir, 'bundle'), { repeats: 3, warmup: 1 });
    const bundle = join(dir, 'bundle');
    assert.deepEqual(manifest.cases.map((c) => c.name),
      ['000-saxpy-cuda', '001-reduce_shared-cuda', '002-saxpy-opencl', '003-reduce_shared-opencl', '004-saxpy-vulkan', '005-subgroup-reduction']);
    for (const file of ['README.md', 'manifest.json', 'icd/nvidia.icd', 'include/CL/cl.h', 'include/vulkan/vulkan_core.h', 'lib/libvulkan.so.1',
      'cases/000-saxpy-cuda/host.cu', 'cases/000-saxpy-cuda/inputs/x.bin', 'cases/005-subgroup-reduction/partial_sums_subgroup.spv'])
      assert.ok(existsSync(join(bundle, file)), file);
    assert.equal(readFileSync(join(bundle, 'icd/nvidia.icd'), 'utf8').trim(), 'libnvidia-opencl.so.1');
    assert.match(readFileSync(join(bundle, 'build.sh'), 'utf8'), /arch=compute_90,code=sm_90 -gencode arch=compute_80,code=sm_80/);
    for (const script of ['build.sh', 'run.sh']) {
      const syntax = await runProcess('bash', ['-n', join(bundle, script)], { timeoutMs: 10_000 });
      assert.equal(syntax.code, 0, `${script}: ${syntax.stderr}`);
    }

    // Every host builds here: CUDA with nvcc for sm_80/sm_90, OpenCL and Vulkan against the carried headers and loaders.
    const build = await runProcess('bash', [join(bundle, 'build.sh')], { timeoutMs: 300_000 });
    assert.equal(build.code, 0, build.stdout + build.stderr);
    assert.match(build.stdout, /0 case\(s\) failed to build/);

    // Run on this machine's drivers instead of NVIDIA's: CUDA cases fail (no GPU), the rest must be right.
    const results = join(dir, 'results');
    const run = await runProcess('bash', [join(bundle, 'run.sh'), results, '2', '1'], {
      timeoutMs: 300_000,
      env: { ...LLVMPIPE_ENV, KFORGE_SKIP_BUILD: '1', KFORGE_OCL_ICD_VENDORS: '/etc/OpenCL/vendors', KFORGE_VK_DEVICE: 'llvmpipe' },
    });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const read = readGpuBundleResults(results);
    assert.deepEqual(read.map((r) => [r.case, r.status]), [
      ['000-saxpy-cuda', 'run-failed'], ['001-reduce_shared-cuda', 'run-failed'], ['002-saxpy-opencl', 'ok'],
      ['003-reduce_shared-opencl', 'ok'], ['004-saxpy-vulkan', 'ok'], ['005-subgroup-reduction', 'ok'],
    ]);
    assert.match(read[0]!.error ?? '', /cuda/i);
    for (const r of read.filter((c) => c.status === 'ok')) {
      assert.equal(r.result!.executor, 'gpu-bundle');
      assert.equal(r.result!.mode, 'gpu');
      assert.equal(r.result!.timingsNs?.length, 2);
      if (r.op === 'saxpy') assert.deepEqual(Array.from(f32View(r.result!.outputs.y!)), Array.from(expectedSaxpy()), r.case);
      else {
        assert.deepEqual(Array.from(f32View(r.result!.outputs.partial!)), Array.from(expectedPartials()), r.case);
        assert.equal(f32View(r.result!.outputs.total!)[0], expectedTotal(), r.case);
      }
    }
    assert.match(read[2]!.result!.detail, /PoCL/);
    assert.match(read[4]!.result!.detail, /llvmpipe/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
