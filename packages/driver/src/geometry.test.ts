/**
 * Every lowering states its launch geometry and buffer sizes as expressions over the scalars it
 * passes at run time. Held here for every (op, target) of the registry and every param set of the
 * conformance matrix: the expressions name only run-time scalars; emitted at another value of those
 * scalars the source and the expressions are the same (what lets the runtime print them once); and
 * at both shapes every input and output buffer has the bytes of the op's tensor.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DTYPES, getOp, numel, resolveParams, tensorSignature, type Params } from '@kforge/ir';
import { geometryProblems, sizedBuffers, sizedDispatches, type KernelArtifact } from '@kforge/target';
import { conformanceMatrix } from './conformance.ts';
import { emitKernel } from './lowerings.ts';

/** the same case at other values of the scalars passed at run time (those the kernel is not compiled for) */
function atOtherRuntimeValues(a: KernelArtifact, params: Params): Params {
  const compiled = new Set(a.compiledScalars ?? []);
  const other: Record<string, Params[string]> = { ...params };
  for (const s of a.scalars) {
    if (compiled.has(s.name) || typeof params[s.name] !== 'number') continue;
    // a kernel with a largest K is compiled at it: only smaller K, in whole units of the current one's divisors
    if (s.name === 'K' && a.maxK !== undefined) continue;
    other[s.name] = s.name === 'K' ? s.value * 3 : s.value * 2 + 1;
  }
  return other;
}

function expectTensorBytes(a: KernelArtifact, where: string): void {
  const op = getOp(a.op);
  const tensors = tensorSignature(op, resolveParams(op, a.params));
  for (const b of sizedBuffers(a)) {
    if (b.role === 'scratch') continue;
    const t = tensors.find((x) => x.name === b.name);
    assert.ok(t, `${where}: buffer ${b.name} is no tensor of ${a.op}`);
    assert.equal(b.bytes, numel(t.shape) * DTYPES[t.dtype].bytes, `${where}: buffer ${b.name} bytes`);
  }
}

test('launch geometry and buffer sizes are expressions over the run-time scalars, for every lowering', () => {
  let checked = 0;
  for (const c of conformanceMatrix({ configs: 2 })) {
    const where = `${c.op} ${c.target} ${JSON.stringify(c.params)} config ${JSON.stringify(c.config)}`;
    const a = emitKernel(c.op, c.target, c.params, c.config);
    assert.deepEqual(geometryProblems(a), [], where);
    expectTensorBytes(a, where);
    const otherParams = atOtherRuntimeValues(a, c.params);
    if (a.dispatches.some((d) => d.grid)) assert.ok(sizedDispatches(a).every((d) => d.grid!.every((g) => g >= 1)), `${where}: an empty grid`);
    const b = emitKernel(c.op, c.target, otherParams, c.config);
    const at = `${where} vs ${JSON.stringify(otherParams)}`;
    assert.deepEqual(b.files, a.files, `${at}: the source depends on a run-time scalar`);
    assert.deepEqual(b.buffers, a.buffers, `${at}: buffer sizes`);
    assert.deepEqual(b.dispatches, a.dispatches, `${at}: dispatches`);
    expectTensorBytes(b, at);
    checked++;
  }
  assert.ok(checked > 100, `${checked} cases`);
});
