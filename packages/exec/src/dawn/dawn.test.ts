import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ArtifactBuffer, ArtifactScalar, Dispatch, KernelArtifact } from '@kforge/target';
import { ExecError } from '../util/exec-error.ts';
import { dawnExecutor } from './dawn.ts';

function wgslArtifact(source: string, buffers: ArtifactBuffer[], scalars: ArtifactScalar[], dispatches: Dispatch[]): KernelArtifact {
  return { op: 'test', target: 'wgsl', params: {}, config: {}, language: 'wgsl', files: { 'kernel.wgsl': source }, buffers, scalars, dispatches };
}

const f32Bytes = (values: readonly number[]): Uint8Array => new Uint8Array(new Float32Array(values).buffer);
const f32Values = (bytes: Uint8Array): Float32Array => new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
const ramp = (n: number, f: (i: number) => number): number[] => Array.from({ length: n }, (_, i) => f(i));

const AXPB = `
struct Scalars { a: f32, b: f32, n: u32 }
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> y: array<f32>;
@group(0) @binding(2) var<uniform> s: Scalars;

@compute @workgroup_size(64, 1, 1)
fn axpb(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x < s.n) { y[gid.x] = s.a * x[gid.x] + s.b; }
}
`;

const axpbBuffers: ArtifactBuffer[] = [{ name: 'x', elem: 'f32', bytes: 4 * 1000, role: 'in' }, { name: 'y', elem: 'f32', bytes: 4 * 1004, role: 'out' }];
const axpbScalars: ArtifactScalar[] = [{ name: 'a', type: 'f32', value: 1.5 }, { name: 'b', type: 'f32', value: -0.25 }, { name: 'n', type: 'u32', value: 1000 }];
const axpbDispatch: Dispatch = { entry: 'axpb', args: ['x', 'y', 'a', 'b', 'n'], grid: [16, 1, 1], workgroup: [64, 1, 1] };

test('dawn: y = a*x + b with a guarded tail on lavapipe, with timed repeats', async () => {
  const n = 1000;
  const x = ramp(n, (i) => (i % 17) - 8.5);
  const result = await dawnExecutor.run({ artifact: wgslArtifact(AXPB, axpbBuffers, axpbScalars, [axpbDispatch]), inputs: { x: f32Bytes(x) }, timedRepeats: 3 });
  assert.equal(result.executor, 'dawn');
  assert.equal(result.mode, 'native');
  assert.match(result.detail, /^Dawn \(npm webgpu [\d.]+\) on lavapipe \(CPU\): llvmpipe/);
  assert.equal(result.timingsNs?.length, 3);
  assert.ok(result.timingsNs!.every((t) => t > 0));
  const y = f32Values(result.outputs.y!);
  assert.equal(result.outputs.y!.length, 4 * (n + 4));
  for (let i = 0; i < n; i++) assert.equal(y[i], Math.fround(1.5 * x[i]! - 0.25), `y[${i}]`);
  for (let i = n; i < n + 4; i++) assert.ok(Number.isNaN(y[i]), `y[${i}] must stay poisoned`);
});

// Tree reduction in workgroup memory: each step reads values other invocations wrote before the barrier.
const TREE_REDUCE = `
struct Scalars { n: u32 }
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> sums: array<f32>;
@group(0) @binding(2) var<uniform> s: Scalars;
var<workgroup> partial: array<f32, 128>;

@compute @workgroup_size(128, 1, 1)
fn tree_sum(@builtin(workgroup_id) group: vec3<u32>, @builtin(local_invocation_index) tid: u32) {
  let i = group.x * 128u + tid;
  partial[tid] = select(0.0, x[min(i, s.n - 1u)], i < s.n);
  workgroupBarrier();
  for (var stride = 64u; stride > 0u; stride = stride >> 1u) {
    if (tid < stride) { partial[tid] = partial[tid] + partial[tid + stride]; }
    workgroupBarrier();
  }
  if (tid == 0u) { sums[group.x] = partial[0]; }
}
`;

test('dawn: workgroup tree reduction with workgroupBarrier', async () => {
  const n = 1000;
  const groups = 8;
  const x = ramp(n, (i) => (i % 5) + 1);
  const artifact = wgslArtifact(TREE_REDUCE,
    [{ name: 'x', elem: 'f32', bytes: 4 * n, role: 'in' }, { name: 'sums', elem: 'f32', bytes: 4 * groups, role: 'out' }],
    [{ name: 'n', type: 'u32', value: n }],
    [{ entry: 'tree_sum', args: ['x', 'sums', 'n'], grid: [groups, 1, 1], workgroup: [128, 1, 1] }]);
  const result = await dawnExecutor.run({ artifact, inputs: { x: f32Bytes(x) } });
  assert.equal(result.timingsNs, undefined);
  assert.deepEqual([...f32Values(result.outputs.sums!)], ramp(groups, (g) => x.slice(g * 128, g * 128 + 128).reduce((s, v) => s + v, 0)));
});

test('dawn: binding mismatches are named before anything runs', async () => {
  const inputs = { x: f32Bytes(ramp(1000, (i) => i)) };
  const run = (source: string, dispatch: Dispatch = axpbDispatch, scalars = axpbScalars) =>
    dawnExecutor.run({ artifact: wgslArtifact(source, axpbBuffers, scalars, [dispatch]), inputs });
  const rejectsWith = (p: Promise<unknown>, pattern: RegExp) =>
    assert.rejects(p, (e: unknown) => e instanceof ExecError && e.failure === 'harness' && pattern.test(e.message));

  // the output declared read-only
  await rejectsWith(run(AXPB.replace('var<storage, read_write> y', 'var<storage, read> y')),
    /@group\(0\) @binding\(1\) var<storage, read> y is read-only, but buffer 'y' is written/);
  // x and y swapped in the dispatch: the output lands on the shader's read-only x
  await rejectsWith(run(AXPB, { ...axpbDispatch, args: ['y', 'x', 'a', 'b', 'n'] }),
    /@binding\(0\) var<storage, read> x is read-only, but buffer 'y' is written/);
  // the scalar uniform at the wrong binding
  await rejectsWith(run(AXPB.replace('@binding(2) var<uniform>', '@binding(3) var<uniform>')),
    /scalars \(a, b, n\) belong in a var<uniform> struct at @group\(0\) @binding\(2\), which the shader does not declare/);
  // a scalar of the wrong type
  await rejectsWith(run(AXPB.replace('n: u32', 'n: i32')), /member 2 of @group\(0\) @binding\(2\) var<uniform> s is 'n: i32' at byte 8, scalar 'n' is u32/);
  // one scalar more than the struct holds
  await rejectsWith(run(AXPB, { ...axpbDispatch, args: [...axpbDispatch.args, 'extra'] }, [...axpbScalars, { name: 'extra', type: 'u32', value: 1 }]),
    /var<uniform> s has 3 members, the dispatch passes 4 scalars \(a, b, n, extra\)/);
  // a binding outside the ABI
  await rejectsWith(run(AXPB.replace('@compute', '@group(0) @binding(5) var<storage, read_write> stray: array<f32>;\n@compute').replace('y[gid.x] =', 'stray[0] = 0.0; y[gid.x] =')),
    /@group\(0\) @binding\(5\) var<storage, read_write> stray is not in the ABI/);
  // workgroup size disagreement and a missing entry
  await rejectsWith(run(AXPB, { ...axpbDispatch, workgroup: [32, 1, 1] }), /declares @workgroup_size\(64, 1, 1\), the dispatch says 32 x 1 x 1/);
  await rejectsWith(run(AXPB, { ...axpbDispatch, entry: 'missing' }), /no @compute entry point 'missing' \(it has: axpb\)/);
});

test('dawn: a WGSL compile error carries the compiler message', async () => {
  const broken = AXPB.replace('s.a * x[gid.x]', 's.a * undefined_name');
  await assert.rejects(dawnExecutor.run({ artifact: wgslArtifact(broken, axpbBuffers, axpbScalars, [axpbDispatch]), inputs: { x: f32Bytes(ramp(1000, (i) => i)) } }),
    (e: unknown) => e instanceof ExecError && e.failure === 'compile' && /undefined_name/.test(e.message));
});

// one subgroupAdd per subgroup, written by its first lane at its first invocation's index
const SUBGROUP_SUM = `
enable subgroups;
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(64, 1, 1)
fn sg_sum(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let s = subgroupAdd(x[gid.x]);
  y[gid.x] = select(0.0, s, lane == 0u);
  if (gid.x == 0u) { y[64] = f32(size); }
}
`;

test("dawn: an artifact listing 'subgroups' gets a device with it where the adapter offers it, 'unavailable' where not", async () => {
  const x = ramp(64, (i) => i + 1);
  const artifact: KernelArtifact = {
    ...wgslArtifact(SUBGROUP_SUM, [{ name: 'x', elem: 'f32', bytes: 4 * 64, role: 'in' }, { name: 'y', elem: 'f32', bytes: 4 * 65, role: 'out' }], [],
      [{ entry: 'sg_sum', args: ['x', 'y'], grid: [1, 1, 1], workgroup: [64, 1, 1] }]),
    features: ['subgroups'],
  };
  const offered = (await dawnExecutor.probe()).versions.features?.split(' ') ?? [];
  if (!offered.includes('subgroups')) {
    await assert.rejects(dawnExecutor.run({ artifact, inputs: { x: f32Bytes(x) } }), (e: unknown) => e instanceof ExecError && e.failure === 'unavailable' && /'subgroups'/.test(e.message));
    return;
  }
  const y = f32Values((await dawnExecutor.run({ artifact, inputs: { x: f32Bytes(x) } })).outputs.y!);
  const size = y[64]!;
  assert.ok(size >= 1 && 64 % size === 0, `subgroup size ${size}`);
  for (let i = 0; i < 64; i++) {
    const first = i - (i % size);
    assert.equal(y[i], i === first ? x.slice(first, first + size).reduce((a, b) => a + b, 0) : 0, `y[${i}]`);
  }
});

test('dawn: a feature the adapter lacks is unavailable (not a kernel failure) and the message names it', async () => {
  const artifact = { ...wgslArtifact(AXPB, axpbBuffers, axpbScalars, [axpbDispatch]), features: ['kforge-no-such-feature'] };
  await assert.rejects(dawnExecutor.run({ artifact, inputs: { x: f32Bytes(ramp(1000, (i) => i)) } }),
    (e: unknown) => e instanceof ExecError && e.failure === 'unavailable'
      && /needs the WebGPU feature 'kforge-no-such-feature', which the Dawn adapter \(.+\) does not offer/.test(e.message));
});

test('dawn: probe reports the lavapipe adapter', async () => {
  const availability = await dawnExecutor.probe();
  assert.equal(availability.ok, true, availability.reason);
  assert.equal(availability.mode, 'native');
  assert.match(availability.versions.adapter ?? '', /llvmpipe/);
  assert.match(availability.versions.webgpu ?? '', /^\d+\.\d+/);
  // the optional features kernels may list: lavapipe (Mesa 25) offers both
  assert.equal(availability.versions.features, 'shader-f16 subgroups');
});
