import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lavapipeExecutor } from './lavapipe.ts';
import { N, expectedPartials, expectedSaxpy, expectedTotal, f32View, reductionArtifact, saxpyArtifact, xBytes } from './test-kernels.ts';

const available = await lavapipeExecutor.probe();
const skip = available.ok ? false : `lavapipe unavailable: ${available.reason}`;

test('lavapipe probe names Mesa, glslang and spirv-val versions', { skip }, () => {
  assert.equal(available.mode, 'native');
  for (const tool of ['mesa', 'glslangValidator', 'spirv-val', 'gcc']) assert.match(available.versions[tool] ?? '', /^\d+\.\d+/, tool);
});

test('lavapipe runs y = a*x + b with push constants over a grid with a tail, with timed repeats', { skip }, async () => {
  const r = await lavapipeExecutor.run({ artifact: saxpyArtifact('vulkan'), inputs: { x: xBytes() }, timedRepeats: 2 });
  assert.equal(r.executor, 'lavapipe');
  assert.equal(r.mode, 'native');
  assert.match(r.detail, /llvmpipe/);
  assert.equal(r.outputs.y!.length, 4 * N);
  assert.deepEqual(Array.from(f32View(r.outputs.y!)), Array.from(expectedSaxpy()));
  assert.equal(r.timingsNs?.length, 2);
});

test('lavapipe poisons outputs: elements the shader skips stay 0xFF (NaN)', { skip }, async () => {
  const written = 700;
  const r = await lavapipeExecutor.run({ artifact: saxpyArtifact('vulkan', written), inputs: { x: xBytes() } });
  assert.deepEqual(Array.from(f32View(r.outputs.y!).subarray(0, written)), Array.from(expectedSaxpy(written)));
  assert.ok(r.outputs.y!.subarray(4 * written).every((byte) => byte === 0xff));
});

for (const variant of ['shared', 'subgroup'] as const) {
  test(`lavapipe runs a two-dispatch reduction through ${variant === "shared" ? "shared memory" : "subgroupAdd"} (one SPIR-V file per entry)`, { skip }, async () => {
    const r = await lavapipeExecutor.run({ artifact: reductionArtifact('vulkan', variant), inputs: { x: xBytes() } });
    assert.deepEqual(Array.from(f32View(r.outputs.partial!)), Array.from(expectedPartials()));
    assert.equal(f32View(r.outputs.total!)[0], expectedTotal());
  });
}

test('lavapipe reports a GLSL compile error with the glslang message', { skip }, async () => {
  const artifact = { ...saxpyArtifact('vulkan'), files: { 'saxpy.comp': '#version 450\nvoid main() { undeclared_name = 1; }\n' } };
  await assert.rejects(lavapipeExecutor.run({ artifact, inputs: { x: xBytes() } }), (e: Error & { failure?: string }) => {
    assert.equal(e.failure, 'compile');
    assert.match(e.message, /undeclared_name/);
    return true;
  });
});
