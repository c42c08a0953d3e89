// writes the device bundle: generated kernels + cases.json (run.py runs them on the H200)
import { mkdirSync, writeFileSync } from 'node:fs';
import { ATTENTION } from '../../packages/ir/src/ops/attention.ts';
import { emitPrefillMma, defaultPrefillMmaConfig } from '../../packages/codegen-gpu/src/attention/prefill-mma.ts';
import { sizedDispatches } from '../../packages/target/src/artifact.ts';
const dir = process.argv[2] ?? '.device-bundles/mma/cases';
mkdirSync(dir, { recursive: true });
type P = Record<string, number | boolean | string>;
const cases: { name: string; params: P; block_q?: number; block_kv?: number; perf?: boolean }[] = [];
const correctness: [string, P][] = [
  ['tails_causal_gqa_f16', { B: 2, Hq: 8, Hkv: 2, Sq: 100, Skv: 130, D: 128, causal: true, window: 0, kv: 'f16' }],
  ['noncausal_window_f32_d64', { B: 1, Hq: 4, Hkv: 4, Sq: 77, Skv: 200, D: 64, causal: false, window: 37, kv: 'f32' }],
  ['causal_window_q8_0', { B: 1, Hq: 8, Hkv: 1, Sq: 150, Skv: 150, D: 128, causal: true, window: 40, kv: 'q8_0' }],
  ['window1_f16', { B: 1, Hq: 2, Hkv: 2, Sq: 129, Skv: 129, D: 32, causal: true, window: 1, kv: 'f16' }],
  ['chunked_causal_f16', { B: 1, Hq: 4, Hkv: 4, Sq: 200, Skv: 1000, D: 128, causal: true, window: 0, kv: 'f16' }],
  ['noncausal_f16_skv_tail', { B: 3, Hq: 6, Hkv: 3, Sq: 33, Skv: 517, D: 96, causal: false, window: 0, kv: 'f16' }],
];
for (const [name, params] of correctness) {
  cases.push({ name: `${name}_q64`, params, block_q: 64 });
  cases.push({ name: `${name}_q128`, params, block_q: 128, block_kv: 32 });
}
cases.push({ name: 'd256_causal_f16_q64', params: { B: 1, Hq: 2, Hkv: 1, Sq: 65, Skv: 300, D: 256, causal: true, window: 0, kv: 'f16' } });
cases.push({ name: 'd80_dv48_f16_skv1_q64', params: { B: 1, Hq: 4, Hkv: 2, Sq: 1, Skv: 1, D: 80, Dv: 48, causal: true, window: 0, kv: 'f16' } });
for (const [bq, bkv] of [[64, 64], [64, 32], [128, 32], [128, 64]]) {
  cases.push({ name: `perf_b1_h32_s4096_q${bq}_kv${bkv}`, params: { B: 1, Hq: 32, Hkv: 32, Sq: 4096, Skv: 4096, D: 128, causal: true, window: 0, kv: 'f16' }, block_q: bq, block_kv: bkv, perf: true });
  cases.push({ name: `perf_b8_h16_s2048_q${bq}_kv${bkv}`, params: { B: 8, Hq: 16, Hkv: 16, Sq: 2048, Skv: 2048, D: 128, causal: true, window: 0, kv: 'f16' }, block_q: bq, block_kv: bkv, perf: true });
}
cases.push({ name: 'perf_qwen3_gqa16_8_s4096_q64_kv64', params: { B: 1, Hq: 16, Hkv: 8, Sq: 4096, Skv: 4096, D: 128, causal: true, window: 0, kv: 'f16' }, block_q: 64, block_kv: 64, perf: true });
cases.push({ name: 'perf_b1_h32_s4096_noncausal_q64_kv64', params: { B: 1, Hq: 32, Hkv: 32, Sq: 4096, Skv: 4096, D: 128, causal: false, window: 0, kv: 'f16' }, block_q: 64, block_kv: 64, perf: true });
const out = cases.map((cs) => {
  const params: P = { Dv: cs.params.D as number, scale: 1 / Math.sqrt(cs.params.D as number), ...cs.params };
  const def = defaultPrefillMmaConfig(params);
  const cfg = { block_q: cs.block_q ?? def.block_q, block_kv: cs.block_kv ?? def.block_kv };
  const a = emitPrefillMma(params, cfg);
  writeFileSync(`${dir}/${cs.name}.cu`, a.files['attention.cu']!);
  const d = sizedDispatches(a)[0]!;
  return { name: cs.name, params, block_q: cfg.block_q, block_kv: cfg.block_kv, perf: !!cs.perf, grid: d.grid, block: d.workgroup, smem: d.dynamicSharedBytes ?? 0, flops: ATTENTION.flops!(params) };
});
writeFileSync(`${dir}/cases.json`, JSON.stringify(out, null, 1));
console.log(out.map((o) => `${o.name} q${o.block_q} kv${o.block_kv} grid ${o.grid} smem ${o.smem}`).join('\n'));
