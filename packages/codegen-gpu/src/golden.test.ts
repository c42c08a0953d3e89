// Generated source is a golden artifact: any change to it shows here. Re-baseline with KFORGE_UPDATE_GOLDEN=1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParamValue } from '@kforge/ir';
import { emitAttentionGpu, emitGemvGpu, type GpuTarget } from './index.ts';

const GOLDEN_DIR = join(import.meta.dirname, '__golden__');
const UPDATE = process.env.KFORGE_UPDATE_GOLDEN === '1';

const CASES: { name: string; target: GpuTarget; params: Record<string, ParamValue>; config: Record<string, ParamValue> }[] = [
  { name: 'cuda-q4_0-decode', target: 'cuda', params: { M: 1, N: 4096, K: 4096, weight: 'q4_0', act: 'f32', bias: false }, config: {} },
  // the decode kernels the H200 numbers are of: x quantized in registers by f16x2 fmas (K order, adjacent pairs)
  { name: 'cuda-q4_0-f16-decode', target: 'cuda', params: { M: 1, N: 11008, K: 4096, weight: 'q4_0', act: 'f16', bias: false }, config: {} },
  { name: 'cuda-w4g128-f16-decode', target: 'cuda', params: { M: 1, N: 11008, K: 4096, weight: 'w4g128', act: 'f16', bias: false }, config: {} },
  { name: 'cuda-f16-decode', target: 'cuda', params: { M: 1, N: 4096, K: 4096, weight: 'f16', act: 'f16', bias: true }, config: {} },
  { name: 'cuda-w4g128-splitk', target: 'cuda', params: { M: 2, N: 3072, K: 1024, weight: 'w4g128', act: 'f32', bias: true }, config: { split_k: 2 } },
  { name: 'opencl-q8_0', target: 'opencl', params: { M: 3, N: 37, K: 128, weight: 'q8_0', act: 'f16', bias: true }, config: {} },
  { name: 'vulkan-w4g64-subgroup', target: 'vulkan', params: { M: 1, N: 37, K: 256, weight: 'w4g64', act: 'f32', bias: false }, config: { subgroup_reduce: true } },
  { name: 'wgsl-q4_0', target: 'wgsl', params: { M: 1, N: 37, K: 64, weight: 'q4_0', act: 'f16', bias: true }, config: {} },
  { name: 'cuda-q4_0-int8-decode', target: 'cuda', params: { M: 1, N: 4096, K: 4096, weight: 'q4_0', act: 'f16', bias: false }, config: { dot_path: 'int8', quantize_x: 'dispatch', rows_per_block: 2, k_unroll: 2 } },
  { name: 'wgsl-w4g64-int8', target: 'wgsl', params: { M: 2, N: 37, K: 128, weight: 'w4g64', act: 'f32', bias: true }, config: { dot_path: 'int8' } },
  { name: 'metal-f32', target: 'metal', params: { M: 3, N: 37, K: 64, weight: 'f32', act: 'f32', bias: false }, config: { k_unroll: 2 } },
];

// attention (SIMT lowering: mma 'none'): the H200 decode shape and a causal prefill on cuda, and one case per other dialect
const ATTENTION_CASES: typeof CASES = [
  { name: 'cuda-f16-decode', target: 'cuda', params: { B: 1, Hq: 32, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'f16' }, config: { mma: 'none' } },
  { name: 'cuda-f16-prefill', target: 'cuda', params: { B: 1, Hq: 32, Hkv: 8, Sq: 4096, Skv: 4096, D: 128, causal: true, kv: 'f16' }, config: { mma: 'none' } },
  { name: 'cuda-q8_0-decode', target: 'cuda', params: { B: 1, Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' }, config: { mma: 'none' } },
  { name: 'opencl-q8_0-window', target: 'opencl', params: { B: 1, Hq: 4, Hkv: 2, Sq: 1, Skv: 133, D: 96, Dv: 64, window: 50, kv: 'q8_0' }, config: {} },
  { name: 'vulkan-f16-decode', target: 'vulkan', params: { B: 2, Hq: 16, Hkv: 2, Sq: 1, Skv: 300, D: 128, kv: 'f16' }, config: {} },
  { name: 'wgsl-f32-prefill', target: 'wgsl', params: { B: 1, Hq: 4, Hkv: 2, Sq: 45, Skv: 45, D: 64, causal: true, kv: 'f32' }, config: {} },
  { name: 'metal-f16-decode', target: 'metal', params: { B: 1, Hq: 16, Hkv: 4, Sq: 1, Skv: 1024, D: 128, kv: 'f16' }, config: {} },
];

const GOLDEN_CASES = [
  ...CASES.map((c) => ({ ...c, emit: emitGemvGpu })),
  ...ATTENTION_CASES.map((c) => ({ ...c, name: c.name, emit: emitAttentionGpu })),
];

for (const c of GOLDEN_CASES) {
  test(`golden source: ${c.name}${c.emit === emitAttentionGpu ? ' (attention)' : ''}`, () => {
    const files = c.emit(c.target, c.params, c.config).files;
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
