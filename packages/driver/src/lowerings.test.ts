import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getOp, resolveParams } from '@kforge/ir';
import { LOWERINGS } from './lowerings.ts';

// every knob a lowering exposes is one of its op's declared knobs, and every knob of a lowered op is read by some lowering
test("lowerings expose only their op's declared knobs, and lowered ops declare no unused knob", () => {
  const shapes: Record<string, readonly Record<string, string | number | boolean>[]> = {
    gemv: [
      { M: 1, N: 37, K: 256, weight: 'q4_0' }, { M: 16, N: 4096, K: 4096, weight: 'f16', act: 'f16' },
      { M: 3, N: 100, K: 128, weight: 'w4g64', bias: true }, { M: 1, N: 64, K: 96, weight: 'f32' },
    ],
    attention: [
      { Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' }, { Hq: 32, Hkv: 8, Sq: 512, Skv: 512, D: 128, causal: true, kv: 'f16' },
      { Hq: 4, Hkv: 1, Sq: 3, Skv: 50, D: 72, window: 10, kv: 'f32' },
    ],
    gated_delta_rule: [{ T: 1, Hk: 16, Hv: 32, Dk: 128, l2norm: true }, { T: 512, Hk: 2, Hv: 4, Dk: 64, Dv: 96 }],
    moe: [
      { T: 1, H: 2048, I: 768, E: 128, topk: 8, weight: 'q4_0', normTopk: true }, { T: 512, H: 256, I: 128, E: 8, topk: 2, weight: 'f16', routing: 'given' },
      { T: 4, H: 128, I: 128, E: 6, topk: 2, weight: 'f32' },
    ],
  };
  const used = new Map<string, Set<string>>();
  for (const lowering of LOWERINGS) {
    const op = getOp(lowering.op);
    const declared = new Set(op.knobs.map((k) => k.name));
    const seen = used.get(op.name) ?? new Set<string>();
    used.set(op.name, seen);
    for (const target of lowering.targets) {
      const opShapes = shapes[op.name];
      assert.ok(opShapes, `no shapes for ${op.name} here`);
      for (const shape of opShapes) {
        const space = lowering.knobs(target, resolveParams(op, shape));
        for (const k of space.knobs) {
          assert.ok(declared.has(k.name), `${op.name}/${target}: knob '${k.name}' is not declared by the op`);
          seen.add(k.name);
        }
      }
    }
  }
  for (const [name, seen] of used) {
    const unused = getOp(name).knobs.map((k) => k.name).filter((k) => !seen.has(k));
    assert.deepEqual(unused, [], `${name}: declared knobs no lowering reads`);
  }
});
