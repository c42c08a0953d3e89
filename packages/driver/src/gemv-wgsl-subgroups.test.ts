/**
 * The wgsl gemv with subgroup_reduce true (the `subgroups` feature, artifact.features) through the
 * driver's run path on Dawn, against the float64 reference; and the same run on an adapter lacking a
 * listed feature (simulated by a name no adapter has) is 'unavailable', not a wrong result.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getOp, randomInputs, resolveParams, type KnobConfig, type Params } from '@kforge/ir';
import { dawnExecutor, ExecError, type Executor } from '@kforge/exec';
import { runCase } from './conformance.ts';
import { emitKernel } from './lowerings.ts';
import { checkRun, runArtifact } from './run.ts';

const gemv = getOp('gemv');
const availability = await dawnExecutor.probe();
const skip = !availability.ok ? `Dawn unavailable: ${availability.reason}` : !availability.versions.features?.split(' ').includes('subgroups') && 'the Dawn adapter has no subgroups';

// formats, M = 1/3/16, tails in N, every workgroup size (lavapipe's subgroups are 8 wide), split-K and the int8 path
const CASES: [Params, KnobConfig][] = [
  [{ M: 1, N: 37, K: 33, weight: 'f32', act: 'f32', bias: true }, { workgroup_size: 32 }],
  [{ M: 3, N: 37, K: 2051, weight: 'f16', act: 'f16', bias: false }, { workgroup_size: 256, rows_per_block: 2, k_unroll: 2 }],
  [{ M: 1, N: 37, K: 2048, weight: 'q8_0', act: 'f32', bias: false }, { workgroup_size: 128, split_k: 4 }],
  [{ M: 16, N: 37, K: 256, weight: 'q4_0', act: 'f16', bias: true }, { workgroup_size: 32, rows_per_block: 1 }],
  [{ M: 3, N: 37, K: 2048, weight: 'w4g64', act: 'f32', bias: false }, { workgroup_size: 64, rows_per_block: 4, dot_path: 'int8', quantize_x: 'registers' }],
  [{ M: 1, N: 37, K: 128, weight: 'w4g128', act: 'f32', bias: true }, { workgroup_size: 64, rows_per_block: 8, dot_path: 'int8', quantize_x: 'dispatch', split_k: 2 }],
];

test('wgsl gemv with subgroup_reduce on Dawn matches the float64 reference', { skip }, async () => {
  for (const [raw, config] of CASES) {
    const params = resolveParams(gemv, raw);
    const artifact = emitKernel('gemv', 'wgsl', params, { ...config, subgroup_reduce: true });
    assert.deepEqual(artifact.features, ['subgroups']);
    const inputs = randomInputs(gemv, params, 7);
    const run = await runArtifact(artifact, inputs, { executor: dawnExecutor });
    const { ok, checks } = checkRun(run, inputs);
    assert.ok(ok, `${JSON.stringify(raw)} ${JSON.stringify(config)}: ${checks.map((c) => c.message).join('; ')}`);
  }
});

test("a feature the Dawn adapter lacks makes the run 'unavailable', naming the feature", { skip: !availability.ok && 'Dawn unavailable' }, async () => {
  const params = resolveParams(gemv, { M: 1, N: 37, K: 256, weight: 'q4_0' });
  const emitted = emitKernel('gemv', 'wgsl', params, { subgroup_reduce: true });
  const artifact = { ...emitted, features: [...emitted.features ?? [], 'kforge-no-such-feature'] };
  await assert.rejects(runArtifact(artifact, randomInputs(gemv, params, 1), { executor: dawnExecutor }),
    (e: unknown) => e instanceof ExecError && e.failure === 'unavailable' && /'kforge-no-such-feature'/.test(e.message) && !/'subgroups'/.test(e.message));
});

test("the conformance matrix counts a case its device cannot run as 'unavailable', not as an error", async () => {
  const lacking: Executor = Object.assign(Object.create(dawnExecutor) as Executor, {
    run: async () => { throw new ExecError('unavailable', "the kernel needs the WebGPU feature 'subgroups', which the adapter does not offer"); },
  });
  const params = resolveParams(gemv, { M: 1, N: 37, K: 256, weight: 'q4_0' });
  const r = await runCase({ op: 'gemv', target: 'wgsl', params, config: { subgroup_reduce: true }, variant: {}, seed: 1 }, lacking);
  assert.equal(r.status, 'unavailable', r.message);
  assert.match(r.message, /'subgroups'/);
});
