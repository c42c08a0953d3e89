// Generated gated_delta_rule sources are golden artifacts: any change to them shows here. Re-baseline with KFORGE_UPDATE_GOLDEN=1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParamValue } from '@kforge/ir';
import type { GpuTarget } from '../gemv/knobs.ts';
import { emitGatedDeltaRuleGpu } from './emit.ts';

const GOLDEN_DIR = join(import.meta.dirname, '__golden__');
const UPDATE = process.env.KFORGE_UPDATE_GOLDEN === '1';
const QWEN = { Hk: 16, Hv: 16, Dk: 128, Dv: 128, l2norm: true };

// the H200 decode and prefill defaults on cuda; one case per other dialect (workgroup-memory reduction, tails)
const CASES: { name: string; target: GpuTarget; params: Record<string, ParamValue>; config: Record<string, ParamValue> }[] = [
  { name: 'cuda-decode', target: 'cuda', params: { B: 1, T: 1, ...QWEN }, config: {} },
  { name: 'cuda-prefill', target: 'cuda', params: { B: 1, T: 8192, ...QWEN }, config: {} },
  { name: 'opencl-decode', target: 'opencl', params: { B: 1, T: 1, ...QWEN }, config: {} },
  { name: 'vulkan-recurrent-ksplit', target: 'vulkan', params: { B: 1, T: 9, Hk: 1, Hv: 4, Dk: 200, Dv: 256 }, config: { variant: 'recurrent', k_split: 4 } },
  { name: 'wgsl-chunked', target: 'wgsl', params: { B: 1, T: 70, Hk: 3, Hv: 6, Dk: 40, Dv: 24, l2norm: true }, config: {} },
  { name: 'metal-decode', target: 'metal', params: { B: 1, T: 1, Hk: 2, Hv: 8, Dk: 128, Dv: 128, l2norm: true }, config: {} },
];

for (const c of CASES) {
  test(`golden source: ${c.name} (gated_delta_rule)`, () => {
    const files = emitGatedDeltaRuleGpu(c.target, c.params, c.config).files;
    for (const [file, text] of Object.entries(files)) {
      const path = join(GOLDEN_DIR, `${c.name}.${file}`);
      if (UPDATE || !existsSync(path)) {
        writeFileSync(path, text);
        if (!UPDATE) assert.fail(`${path} did not exist; written now: review it and rerun`);
        continue;
      }
      assert.equal(text, readFileSync(path, 'utf8'), `${c.name} ${file} changed; re-baseline with KFORGE_UPDATE_GOLDEN=1 if intended`);
    }
  });
}
