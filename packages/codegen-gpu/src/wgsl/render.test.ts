import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WgslReflect } from 'wgsl_reflect/wgsl_reflect.module.js';
import { emitGemvGpu } from '../index.ts';

test('WGSL parses with wgsl_reflect and binds buffers then one uniform struct, in order', () => {
  for (const weight of ['f32', 'f16', 'q8_0', 'q4_0', 'w4g64', 'w4g128'] as const) {
    const a = emitGemvGpu('wgsl', { M: 3, N: 37, K: 128, weight, act: 'f16', bias: true }, { split_k: 2 });
    for (const [i, d] of a.dispatches.entries()) {
      const text = Object.values(a.files)[i]!;
      const reflect = new WgslReflect(text);
      const buffers = d.args.filter((n) => !['M', 'N', 'K'].includes(n));
      assert.deepEqual(reflect.storage.map((s) => [s.name, s.binding]), buffers.map((n, j) => [n, j]), `${weight} ${d.entry}`);
      assert.deepEqual(reflect.uniforms.map((u) => u.binding), [buffers.length]);
      assert.equal(reflect.entry.compute[0]!.name, d.entry);
    }
  }
});
