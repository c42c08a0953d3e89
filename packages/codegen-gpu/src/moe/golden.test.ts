// Generated moe sources are golden artifacts: any change to them shows here. Re-baseline with KFORGE_UPDATE_GOLDEN=1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParamValue } from '@kforge/ir';
import type { GpuTarget } from '../gemv/knobs.ts';
import { emitMoeGpu } from './emit.ts';

const GOLDEN_DIR = join(import.meta.dirname, '__golden__');
const UPDATE = process.env.KFORGE_UPDATE_GOLDEN === '1';
const QWEN = { H: 2048, I: 768, E: 128, topk: 8, normTopk: true };

// the H200 decode and prefill (tiled) defaults on cuda; one case per other dialect (given routing with dense tails, planar groups, workgroup reductions)
const CASES: { name: string; target: GpuTarget; params: Record<string, ParamValue>; config: Record<string, ParamValue> }[] = [
  { name: 'cuda-f16-decode', target: 'cuda', params: { T: 1, ...QWEN, weight: 'f16' }, config: {} },
  { name: 'cuda-q4_0-decode', target: 'cuda', params: { T: 1, ...QWEN, weight: 'q4_0' }, config: {} },
  { name: 'cuda-f16-prefill-tiled', target: 'cuda', params: { T: 512, ...QWEN, weight: 'f16' }, config: {} },
  { name: 'cuda-q4_0-prefill-tiled', target: 'cuda', params: { T: 512, ...QWEN, weight: 'q4_0' }, config: {} },
  { name: 'opencl-w4g128', target: 'opencl', params: { T: 4, H: 256, I: 128, E: 8, topk: 2, weight: 'w4g128' }, config: {} },
  { name: 'vulkan-f32-given', target: 'vulkan', params: { T: 5, H: 67, I: 45, E: 5, topk: 2, routing: 'given' }, config: {} },
  { name: 'wgsl-q8_0', target: 'wgsl', params: { T: 9, H: 128, I: 128, E: 8, topk: 3, weight: 'q8_0', normTopk: true }, config: {} },
  { name: 'metal-q4_0', target: 'metal', params: { T: 1, H: 256, I: 128, E: 8, topk: 2, weight: 'q4_0' }, config: {} },
];

for (const c of CASES) {
  test(`golden source: ${c.name} (moe)`, () => {
    const files = emitMoeGpu(c.target, c.params, c.config).files;
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
