/**
 * CUDA dynamic shared memory on the launch side of the bundle host: the bytes a dispatch states are passed
 * at both launch paths, and above 48 KB the function is opted in before the first launch. The kernel is
 * written by hand the way the CUDA dialect prints `allocDynamic` (exec may not import the code generators);
 * kernel and host compile with nvcc for sm_90 (no GPU here).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KernelArtifact } from '@kforge/target';
import { HOST_SOURCE, renderHost, writeHostCase } from './harness.ts';
import { reductionArtifact, saxpyArtifact } from './test-kernels.ts';

const has = (tool: string): boolean => spawnSync('which', [tool]).status === 0;
const WG = 64;
/** 96 KB of f32: twice what a launch gets without opting in */
const TILE = 24576;
const BYTES = 4 * TILE;

// one carve-out of the extern __shared__ block, as the CUDA dialect renders allocDynamic('tile', 'f32', TILE)
const KERNEL = `
extern "C" __global__ void __launch_bounds__(${WG}) big_tile(const float* __restrict__ x, float* __restrict__ y) {
  extern __shared__ __align__(16) unsigned char kf_dynamic_shared[];
  float* const tile = reinterpret_cast<float*>(kf_dynamic_shared + 0);
  const int tid = (int)threadIdx.x;
  tile[tid] = x[tid];
  tile[tid + ${TILE - WG}] = x[tid];
  __syncthreads();
  y[tid] = tile[(tid + 1) % ${WG}] + tile[${TILE - WG} + tid];
}
`;

function bigTile(dependentLaunch: boolean): KernelArtifact {
  return {
    op: 'big_tile', target: 'cuda', params: {}, config: {}, language: 'cuda', files: { 'big_tile.cu': KERNEL },
    buffers: [{ name: 'x', elem: 'f32', bytes: 4 * WG, role: 'in' }, { name: 'y', elem: 'f32', bytes: 4 * WG, role: 'out' }],
    scalars: [],
    dispatches: [
      { entry: 'big_tile', args: ['x', 'y'], grid: [1, 1, 1], workgroup: [WG, 1, 1], dynamicSharedBytes: BYTES },
      // the same kernel again through cudaLaunchKernelExC, which takes the bytes in cudaLaunchConfig_t
      { entry: 'big_tile', args: ['x', 'y'], grid: [1, 1, 1], workgroup: [WG, 1, 1], dynamicSharedBytes: BYTES, dependentLaunch },
    ],
  };
}

test('a dispatch with 96 KB of dynamic shared memory: opted in before any launch, the bytes passed at both launch paths, nvcc sm_90 builds it', { skip: !has('nvcc') && 'no nvcc' }, () => {
  const artifact = bigTile(true);
  const host = renderHost('cuda', artifact);
  const optIn = `cudaFuncSetAttribute((const void *)big_tile, cudaFuncAttributeMaxDynamicSharedMemorySize, ${BYTES})`;
  assert.equal(host.split(optIn).length - 1, 2, 'one opt-in per dispatch');
  assert.ok(host.indexOf(optIn) < host.indexOf('launch_all(0);\n  CUDA_CHECK(cudaStreamSynchronize'), 'the opt-in comes before the first launch');
  assert.match(host, /KF_DIE\("kernel big_tile: cannot opt in to 98304 bytes of dynamic shared memory/);
  assert.match(host, new RegExp(`cudaLaunchKernel\\(\\(const void \\*\\)big_tile, dim3\\(1, 1, 1\\), dim3\\(64, 1, 1\\), args, ${BYTES}, stream\\)`));
  assert.match(host, new RegExp(`cudaLaunchConfig_t config = \\{ dim3\\(1, 1, 1\\), dim3\\(64, 1, 1\\), ${BYTES}, stream, &attribute, 1 \\};`));

  const dir = mkdtempSync(join(tmpdir(), 'kf-dynamic-shared-'));
  try {
    writeHostCase('cuda', artifact, { x: new Uint8Array(4 * WG) }, dir);
    const r = spawnSync('nvcc', ['-arch=sm_90', '-I', dir, '-o', join(dir, 'host'), join(dir, HOST_SOURCE.cuda)], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('up to 48 KB the bytes are passed without an opt-in; none passes 0 as before', () => {
  const small = bigTile(false);
  const host = renderHost('cuda', { ...small, dispatches: small.dispatches.map((d) => ({ ...d, dynamicSharedBytes: 48 * 1024 })) });
  assert.doesNotMatch(host, /cudaFuncSetAttribute/);
  assert.equal(host.match(/args, 49152, stream\)/g)?.length, 2);
  const none = renderHost('cuda', reductionArtifact('cuda'));
  assert.doesNotMatch(none, /cudaFuncSetAttribute/);
  assert.equal(none.match(/args, 0, stream\)/g)?.length, 2);
});

test('only CUDA launches take dynamic shared memory: other hosts refuse a dispatch that sets it', () => {
  const saxpy = saxpyArtifact('opencl');
  assert.throws(() => renderHost('opencl', { ...saxpy, dispatches: [{ ...saxpy.dispatches[0]!, dynamicSharedBytes: 1024 }] }),
    /dispatch saxpy sets dynamicSharedBytes, which only CUDA launches take/);
  const cuda = saxpyArtifact('cuda');
  assert.throws(() => renderHost('cuda', { ...cuda, dispatches: [{ ...cuda.dispatches[0]!, dynamicSharedBytes: 1.5 }] }), /dynamicSharedBytes 1.5/);
});
