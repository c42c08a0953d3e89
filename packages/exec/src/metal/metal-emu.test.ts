import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ArtifactBuffer, ArtifactScalar, Dispatch, KernelArtifact } from '@kforge/target';
import { InputError } from '@kforge/ir';
import { ExecError } from '../util/exec-error.ts';
import { metalEmuExecutor } from './metal-emu.ts';

function mslArtifact(source: string, buffers: ArtifactBuffer[], scalars: ArtifactScalar[], dispatches: Dispatch[]): KernelArtifact {
  return { op: 'test', target: 'metal', params: {}, config: {}, language: 'msl', files: { 'kernel.metal': source }, buffers, scalars, dispatches };
}

const f32Bytes = (values: readonly number[]): Uint8Array => new Uint8Array(new Float32Array(values).buffer);
const f32Values = (bytes: Uint8Array): Float32Array => new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
const ramp = (n: number, f: (i: number) => number): number[] => Array.from({ length: n }, (_, i) => f(i));

const AXPB = `#include <metal_stdlib>
using namespace metal;

kernel void axpb(device const float *x [[buffer(0)]], device float *y [[buffer(1)]],
                 constant float &a [[buffer(2)]], constant float &b [[buffer(3)]], constant uint &n [[buffer(4)]],
                 uint gid [[thread_position_in_grid]]) {
  if (gid < n) y[gid] = fma(a, x[gid], b);
}
`;

test('metal-emu: y = a*x + b with a guarded tail, labelled emulated', async () => {
  const n = 1000; // 16 threadgroups of 64: the last one has 24 idle invocations
  const x = ramp(n, (i) => (i % 17) - 8.5);
  const artifact = mslArtifact(AXPB,
    [{ name: 'x', elem: 'f32', bytes: 4 * n, role: 'in' }, { name: 'y', elem: 'f32', bytes: 4 * (n + 4), role: 'out' }],
    [{ name: 'a', type: 'f32', value: 1.5 }, { name: 'b', type: 'f32', value: -0.25 }, { name: 'n', type: 'u32', value: n }],
    [{ entry: 'axpb', args: ['x', 'y', 'a', 'b', 'n'], grid: [16, 1, 1], workgroup: [64, 1, 1] }]);
  const result = await metalEmuExecutor.run({ artifact, inputs: { x: f32Bytes(x) }, timedRepeats: 2 });
  assert.equal(result.executor, 'metal-emu');
  assert.equal(result.mode, 'emulated');
  assert.match(result.detail, /emulated on CPU, clang-19/);
  assert.equal(result.timingsNs?.length, 2);
  const y = f32Values(result.outputs.y!);
  assert.equal(result.outputs.y!.length, 4 * (n + 4));
  for (let i = 0; i < n; i++) assert.equal(y[i], Math.fround(1.5 * x[i]! - 0.25), `y[${i}]`);
  // the four elements past n stay poisoned: 0xFFFFFFFF is a NaN
  for (let i = n; i < n + 4; i++) assert.ok(Number.isNaN(y[i]), `y[${i}] must stay poisoned`);
});

// Tree reduction in threadgroup memory: at every step thread t reads partial[t + s], written by another
// invocation. Invocations run in order, so without a real barrier thread 0 would read stale values.
const TREE_REDUCE = `#include <metal_stdlib>
using namespace metal;

kernel void tree_sum(device const float *x [[buffer(0)]], device float *sums [[buffer(1)]], constant uint &n [[buffer(2)]],
                     uint3 group [[threadgroup_position_in_grid]], ushort tid [[thread_index_in_threadgroup]],
                     uint3 size [[threads_per_threadgroup]]) {
  threadgroup float partial[128];
  const uint i = group.x * size.x + tid;
  partial[tid] = i < n ? x[i] : 0.0f;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (uint s = size.x / 2; s > 0; s >>= 1) {
    if (tid < s) partial[tid] += partial[tid + s];
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  if (tid == 0) sums[group.x] = partial[0];
}
`;

function treeArtifact(source: string, n: number, groups: number): KernelArtifact {
  return mslArtifact(source,
    [{ name: 'x', elem: 'f32', bytes: 4 * n, role: 'in' }, { name: 'sums', elem: 'f32', bytes: 4 * groups, role: 'out' }],
    [{ name: 'n', type: 'u32', value: n }],
    [{ entry: 'tree_sum', args: ['x', 'sums', 'n'], grid: [groups, 1, 1], workgroup: [128, 1, 1] }]);
}

test('metal-emu: threadgroup tree reduction needs real barriers (and gets them)', async () => {
  const n = 1000;
  const groups = 8;
  const x = ramp(n, (i) => (i % 5) + 1);
  const expected = ramp(groups, (g) => x.slice(g * 128, g * 128 + 128).reduce((s, v) => s + v, 0));
  const real = await metalEmuExecutor.run({ artifact: treeArtifact(TREE_REDUCE, n, groups), inputs: { x: f32Bytes(x) } });
  assert.deepEqual([...f32Values(real.outputs.sums!)], expected);

  // the same kernel with its barriers removed must fail: this proves the test can see a missing barrier
  const noBarrier = TREE_REDUCE.replaceAll('threadgroup_barrier(mem_flags::mem_threadgroup);', ';');
  const broken = await metalEmuExecutor.run({ artifact: treeArtifact(noBarrier, n, groups), inputs: { x: f32Bytes(x) } });
  assert.notDeepEqual([...f32Values(broken.outputs.sums!)], expected);
});

// simd functions: simd_sum across 32 lanes into threadgroup memory, a shuffle-down tree, simd_max and
// simd_broadcast; lanes past n return early and are inactive (the last simdgroup has 4 active lanes).
const SIMD = `#include <metal_stdlib>
using namespace metal;

kernel void simd_ops(device const float *x [[buffer(0)]], device float *group_sum [[buffer(1)]],
                     device float *lane_sums [[buffer(2)]], device float *maxima [[buffer(3)]],
                     device float *firsts [[buffer(4)]], constant uint &n [[buffer(5)]],
                     uint gid [[thread_position_in_grid]], uint lane [[thread_index_in_simdgroup]],
                     uint simd [[simdgroup_index_in_threadgroup]], uint tid [[thread_index_in_threadgroup]]) {
  threadgroup float per_simd[4];
  const float v = gid < n ? x[gid] : 0.0f;
  const float s = simd_sum(v);
  if (lane == 0) per_simd[simd] = s;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  if (tid == 0) group_sum[0] = per_simd[0] + per_simd[1] + per_simd[2] + per_simd[3];
  if (gid >= n) return;
  float t = x[gid];
  for (ushort offset = 16; offset > 0; offset >>= 1) t += simd_shuffle_down(t, offset);
  if (lane == 0) lane_sums[simd] = t;
  const float m = simd_max(x[gid]);
  const float first = simd_broadcast(x[gid], 0);
  maxima[gid] = m;
  firsts[gid] = first;
}
`;

test('metal-emu: simd_sum, simd_shuffle_down, simd_max and simd_broadcast over 32-lane simdgroups', async () => {
  const n = 100; // one threadgroup of 128 = 4 simdgroups; the last has lanes 96..99 active
  const x = ramp(n, (i) => ((i * 7) % 23) - 11);
  const artifact = mslArtifact(SIMD,
    [{ name: 'x', elem: 'f32', bytes: 4 * n, role: 'in' }, { name: 'group_sum', elem: 'f32', bytes: 4, role: 'out' },
      { name: 'lane_sums', elem: 'f32', bytes: 16, role: 'out' }, { name: 'maxima', elem: 'f32', bytes: 4 * n, role: 'out' },
      { name: 'firsts', elem: 'f32', bytes: 4 * n, role: 'out' }],
    [{ name: 'n', type: 'u32', value: n }],
    [{ entry: 'simd_ops', args: ['x', 'group_sum', 'lane_sums', 'maxima', 'firsts', 'n'], grid: [1, 1, 1], workgroup: [128, 1, 1] }]);
  const result = await metalEmuExecutor.run({ artifact, inputs: { x: f32Bytes(x) } });
  const segment = (g: number): number[] => x.slice(g * 32, g * 32 + 32);
  assert.deepEqual([...f32Values(result.outputs.group_sum!)], [x.reduce((s, v) => s + v, 0)]);
  // a shuffle-down tree is exact in lane 0 of a full simdgroup; in the partial one the lanes whose
  // source is inactive keep their own value, so lane 0 sums its 4 active lanes plus repeats
  const laneSums = [...f32Values(result.outputs.lane_sums!)];
  for (let g = 0; g < 3; g++) assert.equal(laneSums[g], segment(g).reduce((s, v) => s + v, 0), `lane_sums[${g}]`);
  const maxima = f32Values(result.outputs.maxima!);
  const firsts = f32Values(result.outputs.firsts!);
  for (let i = 0; i < n; i++) {
    const g = Math.floor(i / 32);
    assert.equal(maxima[i], Math.max(...segment(g)), `maxima[${i}]`);
    assert.equal(firsts[i], x[g * 32], `firsts[${i}]`);
  }
});

test('metal-emu: half and vector types, packed_float3 and vector constructors', async () => {
  const source = `#include <metal_stdlib>
using namespace metal;
kernel void vec(device const packed_float3 *p [[buffer(0)]], device float4 *y [[buffer(1)]], device half *h [[buffer(2)]],
                uint i [[thread_position_in_grid]]) {
  const float3 v = p[i];
  const half4 q = half4(float4(v, 1.0f));
  y[i] = float4(q.xy, float2(dot(v, v), rsqrt(4.0f))) * 2.0f;
  h[i] = half(v.x) + 0.5h;
}`;
  const n = 3;
  const p = ramp(3 * n, (i) => i + 0.5);
  const artifact = mslArtifact(source,
    [{ name: 'p', elem: 'f32', bytes: 12 * n, role: 'in' }, { name: 'y', elem: 'f32', bytes: 16 * n, role: 'out' },
      { name: 'h', elem: 'f16', bytes: 2 * n, role: 'out' }],
    [], [{ entry: 'vec', args: ['p', 'y', 'h'], grid: [1, 1, 1], workgroup: [n, 1, 1] }]);
  const result = await metalEmuExecutor.run({ artifact, inputs: { p: f32Bytes(p) } });
  const y = f32Values(result.outputs.y!);
  for (let i = 0; i < n; i++) {
    const [a, b, c] = p.slice(3 * i, 3 * i + 3) as [number, number, number];
    assert.deepEqual([...y.slice(4 * i, 4 * i + 4)], [2 * a, 2 * b, Math.fround(2 * Math.fround(a * a + b * b + c * c)), 1]);
  }
  const h = new Uint16Array(result.outputs.h!.buffer, result.outputs.h!.byteOffset, n);
  assert.deepEqual([...h], [0x3c00, 0x4400, 0x4700]); // 1.0, 4.0, 7.0 in f16
});

test('metal-emu: 2-D grids: thread_position_in_grid as uint2, threadgroup position and size as uint3', async () => {
  const source = `#include <metal_stdlib>
using namespace metal;
kernel void transpose(device const float *x [[buffer(0)]], device float *y [[buffer(1)]], device uint *where [[buffer(2)]],
                      constant uint &rows [[buffer(3)]], constant uint &cols [[buffer(4)]],
                      uint3 tg [[threadgroup_position_in_grid]], uint2 pos [[thread_position_in_grid]], uint3 size [[threads_per_threadgroup]]) {
  if (pos.x >= cols || pos.y >= rows) return;
  y[pos.x * rows + pos.y] = x[pos.y * cols + pos.x];
  where[pos.y * cols + pos.x] = tg.x + 100 * tg.y + 10000 * size.y;
}`;
  const rows = 10;
  const cols = 13; // workgroups of 8 x 4: a tail in both dimensions
  const x = ramp(rows * cols, (i) => i);
  const artifact = mslArtifact(source,
    [{ name: 'x', elem: 'f32', bytes: 4 * rows * cols, role: 'in' }, { name: 'y', elem: 'f32', bytes: 4 * rows * cols, role: 'out' },
      { name: 'where', elem: 'u32', bytes: 4 * rows * cols, role: 'out' }],
    [{ name: 'rows', type: 'u32', value: rows }, { name: 'cols', type: 'u32', value: cols }],
    [{ entry: 'transpose', args: ['x', 'y', 'where', 'rows', 'cols'], grid: [2, 3, 1], workgroup: [8, 4, 1] }]);
  const result = await metalEmuExecutor.run({ artifact, inputs: { x: f32Bytes(x) } });
  const y = f32Values(result.outputs.y!);
  const where = new Uint32Array(result.outputs.where!.buffer, result.outputs.where!.byteOffset, rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      assert.equal(y[c * rows + r], x[r * cols + c], `y[${c}][${r}]`);
      assert.equal(where[r * cols + c], Math.floor(c / 8) + 100 * Math.floor(r / 4) + 40000, `where[${r}][${c}]`);
    }
  }
});

test('metal-emu: a missing or wrongly sized input is an InputError naming the buffer', async () => {
  const artifact = mslArtifact(AXPB,
    [{ name: 'x', elem: 'f32', bytes: 16, role: 'in' }, { name: 'y', elem: 'f32', bytes: 16, role: 'out' }],
    [{ name: 'a', type: 'f32', value: 1 }, { name: 'b', type: 'f32', value: 0 }, { name: 'n', type: 'u32', value: 4 }],
    [{ entry: 'axpb', args: ['x', 'y', 'a', 'b', 'n'], grid: [1, 1, 1], workgroup: [4, 1, 1] }]);
  await assert.rejects(metalEmuExecutor.run({ artifact, inputs: {} }), (e: unknown) => e instanceof InputError && /buffer 'x'/.test(e.message));
  await assert.rejects(metalEmuExecutor.run({ artifact, inputs: { x: new Uint8Array(12) } }),
    (e: unknown) => e instanceof InputError && /'x' has 12 bytes, the buffer needs 16/.test(e.message));
});

test('metal-emu: a barrier that not every invocation reaches is reported, not hung', async () => {
  const source = `#include <metal_stdlib>
using namespace metal;
kernel void diverge(device float *y [[buffer(0)]], uint tid [[thread_position_in_threadgroup]]) {
  if (tid >= 16) return;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  y[tid] = 1.0f;
}`;
  const artifact = mslArtifact(source, [{ name: 'y', elem: 'f32', bytes: 128, role: 'out' }], [],
    [{ entry: 'diverge', args: ['y'], grid: [1, 1, 1], workgroup: [32, 1, 1] }]);
  await assert.rejects(metalEmuExecutor.run({ artifact, inputs: {} }),
    (e: unknown) => e instanceof ExecError && e.failure === 'crash' && /threadgroup_barrier divergence/.test(e.message));
});

test('metal-emu: a compile error names the step and carries the compiler log', async () => {
  const artifact = mslArtifact('kernel void broken(device float *y [[buffer(0)]]) { y[0] = undeclared; }',
    [{ name: 'y', elem: 'f32', bytes: 4, role: 'out' }], [], [{ entry: 'broken', args: ['y'], grid: [1, 1, 1], workgroup: [1, 1, 1] }]);
  await assert.rejects(metalEmuExecutor.run({ artifact, inputs: {} }),
    (e: unknown) => e instanceof ExecError && e.failure === 'compile' && /undeclared/.test(e.message));
});

test('metal-emu: probe finds clang++-19', async () => {
  const availability = await metalEmuExecutor.probe();
  assert.equal(availability.ok, true, availability.reason);
  assert.equal(availability.mode, 'emulated');
  assert.match(availability.versions['clang++-19'] ?? '', /^19\./);
});
