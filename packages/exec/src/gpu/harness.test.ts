import { test } from 'node:test';
import assert from 'node:assert/strict';
import { glslFileFor, harnessView, npyPayload, renderHost } from './harness.ts';
import { reductionArtifact, saxpyArtifact } from './test-kernels.ts';

test('harness view: f32/i32 scalars travel as bit patterns, buffers are padded to 16 bytes, global = grid * workgroup, printed from the grid expression', () => {
  const view = harnessView(saxpyArtifact('opencl'));
  assert.deepEqual(view.scalars.map((s) => s.bits), ['0x3fc00000', '0xbe800000', '0x3e9']);
  assert.deepEqual(view.buffers.map((b) => [b.name, b.bytes, b.allocBytes, b.npyDescr, b.count]), [['x', 4004, 4016, '<f4', 1001], ['y', 4004, 4016, '<f4', 1001]]);
  assert.deepEqual(view.runtimeScalars, [{ name: 'n', cName: 'kf_param_n', value: 1001 }]);
  assert.deepEqual(view.dispatches[0]!.global, ['(size_t)(((int64_t)(kf_param_n) + 64 - 1) / 64) * 64', '(size_t)1 * 1', '(size_t)1 * 1']);
  assert.deepEqual(view.dispatches[0]!.args.map((a) => a.isBuffer), [true, true, false, false, false]);
});

test('harness view: push constants hold the dispatch scalars in args order, one SPIR-V file per GLSL entry', () => {
  const view = harnessView(reductionArtifact('vulkan', 'subgroup'));
  assert.deepEqual(view.dispatches.map((d) => [d.spvFile, d.pushBytes, d.bufferArgs.map((a) => a.name)]), [
    ['partial_sums_subgroup.spv', 4, ['x', 'partial']],
    ['total_sum.spv', 4, ['partial', 'total']],
  ]);
  assert.equal(view.bufferArgTotal, 4);
});

test('harness view refuses unknown arguments, missing grids and ambiguous GLSL files', () => {
  const saxpy = saxpyArtifact('opencl');
  assert.throws(() => harnessView({ ...saxpy, dispatches: [{ ...saxpy.dispatches[0]!, args: ['x', 'nope'] }] }), /unknown argument 'nope'/);
  assert.throws(() => harnessView({ ...saxpy, dispatches: [{ entry: 'saxpy', args: ['x'] }] }), /needs grid and workgroup/);
  const reduction = reductionArtifact('vulkan');
  assert.throws(() => glslFileFor(reduction, 'other_entry'), /no GLSL file for dispatch entry 'other_entry'/);
});

test('rendered hosts keep C operators unescaped and poison every non-input buffer', () => {
  const cuda = renderHost('cuda', reductionArtifact('cuda'));
  assert.match(cuda, /cudaMemset\(buffers\[1\], 0xff, 64\)\); \/\* poison: partial \(out\) \*\//);
  assert.match(cuda, /&set\[0\] \/\* x \*\//);
  assert.match(cuda, /cudaGraphLaunch\(pass, stream\)/);
  assert.doesNotMatch(cuda, /&amp;|&#x/);
  assert.doesNotMatch(cuda, /cudaLaunchKernelExC/);
  // a dispatch marked for dependent launch goes through cudaLaunchKernelExC with the serialization attribute
  const reduction = reductionArtifact('cuda');
  const dependent = renderHost('cuda', { ...reduction, dispatches: [reduction.dispatches[0]!, { ...reduction.dispatches[1]!, dependentLaunch: true }] });
  assert.equal(dependent.match(/cudaLaunchKernelExC\(&config, \(const void \*\)total_sum, args\)/g)?.length, 1);
  assert.match(dependent, /cudaLaunchKernel\(\(const void \*\)partial_sums,/);
  assert.match(dependent, /attribute\.val\.programmaticStreamSerializationAllowed = 1;/);
  const opencl = renderHost('opencl', saxpyArtifact('opencl'));
  assert.match(opencl, /clSetKernelArg\(kernels\[0\], 2, 4, &scalar_bits\[0\]\)\); \/\* a \*\//);
});

test('npyPayload skips version 1 and 2 headers and refuses other files', () => {
  const v1 = new Uint8Array([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, 2, 0, 0x20, 0x0a, 7, 8]);
  assert.deepEqual(Array.from(npyPayload(v1, 'v1')), [7, 8]);
  const v2 = new Uint8Array([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 2, 0, 1, 0, 0, 0, 0x0a, 9]);
  assert.deepEqual(Array.from(npyPayload(v2, 'v2')), [9]);
  assert.throws(() => npyPayload(new Uint8Array(12), 'junk.npy'), /junk.npy is not an .npy file/);
});
