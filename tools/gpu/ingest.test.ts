import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DTYPES, getOp, storedWeightTensors, tensorFromBytes, type Tensor, type WeightFormatName } from '@kforge/ir';
import { generatedBytes } from '@kforge/exec';
import { emitKernel } from '@kforge/driver';
import { hashSources } from '@kforge/autotune';
import { gemvGeneratedInputs, type PlannedTimedCase } from './plan.ts';
import { sampledReference, sampledRows } from './ingest.ts';

test('the reference on sampled rows equals the full reference on the whole generated inputs, for every timed format', () => {
  for (const weight of ['f16', 'q4_0', 'w4g128'] as const) {
    const params = { M: 1, N: 300, K: 256, weight, act: 'f16', bias: false };
    const generated = gemvGeneratedInputs(params);
    const inputs: Record<string, Tensor> = { x: tensorFromBytes(generatedBytes(generated.x!, 0, 512), 'f16', [1, 256], 'x') };
    for (const s of storedWeightTensors(weight as WeightFormatName, 'W', [300, 256])) {
      inputs[s.name] = tensorFromBytes(generatedBytes(generated[s.name]!, 0, s.shape[0]! * s.shape[1]! * DTYPES[s.dtype].bytes), s.dtype, s.shape, s.name);
    }
    const full = getOp('gemv').reference(params, inputs).y!.data;
    const rows = sampledRows(300);
    assert.equal(rows[0], 0);
    assert.equal(rows.at(-1), 299);
    const artifact = emitKernel('gemv', 'cuda', params, {});
    const planned: PlannedTimedCase = {
      case: 'x', kind: 'perf', params, config: {}, isDefault: true, bytes: 0, weightBytes: 0, sourceHash: hashSources(artifact.files), generated,
    };
    const sampled = sampledReference(planned, rows);
    assert.deepEqual(Array.from(sampled), rows.map((r) => full[r]!), weight);
    assert.ok(full.some((v) => Math.abs(v) > 1e-3), `${weight}: a non-trivial y`);
  }
});
