import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '@kforge/ir';
import { poclExecutor } from './pocl.ts';
import { N, expectedPartials, expectedSaxpy, expectedTotal, f32View, reductionArtifact, saxpyArtifact, xBytes } from './test-kernels.ts';

const available = await poclExecutor.probe();
const skip = available.ok ? false : `PoCL unavailable: ${available.reason}`;

test('pocl probe names PoCL and gcc versions', { skip }, () => {
  assert.equal(available.mode, 'native');
  assert.match(available.versions.pocl ?? '', /^\d+\.\d+/);
  assert.match(available.versions.gcc ?? '', /^\d+\.\d+/);
});

test('pocl runs y = a*x + b over a grid with a tail, with timed repeats', { skip }, async () => {
  const r = await poclExecutor.run({ artifact: saxpyArtifact('opencl'), inputs: { x: xBytes() }, timedRepeats: 3 });
  assert.equal(r.executor, 'pocl');
  assert.equal(r.mode, 'native');
  assert.match(r.detail, /^PoCL \d+\.\d+\S* on CPU \(.+\)$/);
  assert.equal(r.outputs.y!.length, 4 * N);
  assert.deepEqual(Array.from(f32View(r.outputs.y!)), Array.from(expectedSaxpy()));
  assert.equal(r.timingsNs?.length, 3);
  assert.ok(r.timingsNs!.every((t) => t > 0));
});

test('pocl poisons outputs: elements the kernel skips stay 0xFF (NaN)', { skip }, async () => {
  const written = 900;
  const r = await poclExecutor.run({ artifact: saxpyArtifact('opencl', written), inputs: { x: xBytes() } });
  const y = f32View(r.outputs.y!);
  assert.deepEqual(Array.from(y.subarray(0, written)), Array.from(expectedSaxpy(written)));
  assert.ok(r.outputs.y!.subarray(4 * written).every((byte) => byte === 0xff));
  assert.equal(r.timingsNs, undefined);
});

test('pocl runs a two-dispatch workgroup reduction through __local memory and barriers', { skip }, async () => {
  const r = await poclExecutor.run({ artifact: reductionArtifact('opencl'), inputs: { x: xBytes() } });
  assert.deepEqual(Array.from(f32View(r.outputs.partial!)), Array.from(expectedPartials()));
  assert.equal(f32View(r.outputs.total!)[0], expectedTotal());
});

test('pocl prints the build log when the kernel does not compile', { skip }, async () => {
  const broken = saxpyArtifact('opencl');
  const artifact = { ...broken, files: { 'saxpy.cl': '__kernel void saxpy(__global float* x) { undeclared_name = 1; }' } };
  await assert.rejects(poclExecutor.run({ artifact, inputs: { x: xBytes() } }), (e: Error) => {
    assert.match(e.message, /clBuildProgram failed/);
    assert.match(e.message, /undeclared_name/);
    return true;
  });
});

test('pocl refuses an input of the wrong size, naming the buffer', { skip }, async () => {
  await assert.rejects(poclExecutor.run({ artifact: saxpyArtifact('opencl'), inputs: { x: new Uint8Array(8) } }),
    (e: unknown) => e instanceof InputError && /input 'x' has 8 bytes, the buffer needs 4004/.test(e.message));
  await assert.rejects(poclExecutor.run({ artifact: saxpyArtifact('opencl'), inputs: {} }),
    (e: unknown) => e instanceof InputError && /no input given for buffer 'x'/.test(e.message));
});
