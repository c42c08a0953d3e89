import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeNpy, getOp, resolveParams, routeByRouter, type Params } from '@kforge/ir';
import { opHooks } from '@kforge/driver';
import { generatedBytes } from '@kforge/exec';
import { checkMoePeerLine, MOE_BF16_NMSE_BOUND } from './ingest.ts';
import { generatedInputs, type PlannedMoePeer } from './plan.ts';
import {
  MOE_ROTATE_BYTES, copiesFor, moeActiveExperts, moeCountedBytes, moeExpertBytes, moeInputBytes, moePeers, moeTimedSpecs, sampleCount,
} from './suites.ts';

const moe = (raw: Record<string, number | string | boolean>): Params => resolveParams(getOp('moe'), { routing: 'router', ...raw });

test('moe specs: Qwen3-30B-A3B decode T 1 and 8 in f16, q4_0, w4g128 and prefill T 512 in f16, q4_0, w4g128, on cuda; peers beside the f16 cases', () => {
  assert.deepEqual(moeTimedSpecs(['opencl', 'vulkan']), [], 'timed on cuda only');
  const all = moeTimedSpecs(['cuda']);
  // beside each default, the same run's comparison: decode over the routed pairs (no group), with the router
  // loads above the wait, both, both with the routing in gate_up, f16 at m_tile 1; f16 prefill at other tile shapes
  // beside a pair-grid default (T 1, quantized T 8) and beside a grouped one (f16 T 8)
  const paired = (T: number, w: string, extra: string[]) => ['grouped', 'noprefetch', 'route', 'rows4', 'wg64', 'wg128', ...extra].map((t) => `perf-moe-decode-t${T}-${w}-${t}`);
  const decode = (T: number, w: string, extra: string[]) => ['pairs', 'prefetch', 'both', 'route', ...extra].map((t) => `perf-moe-decode-t${T}-${w}-${t}`);
  const tiles = ['t64x128x32', 't64x128x64', 't32x64x64', 't64x64x32', 't32x128x64'].map((t) => `perf-moe-prefill-t512-f16-${t}`);
  assert.deepEqual(all.filter((s) => !s.isDefault).map((s) => s.name), [
    ...paired(1, 'f16', []), ...paired(1, 'q4_0', ['ku2']), ...paired(1, 'w4g128', ['ku2']),
    ...decode(8, 'f16', ['mt1']), ...paired(8, 'q4_0', ['ku2']), ...paired(8, 'w4g128', ['ku2']), ...tiles,
  ]);
  const changed = (name: string): string[] => {
    const v = all.find((s) => s.name === name)!;
    const d = all.find((s) => s.isDefault && name.startsWith(`${s.name}-`))!;
    return Object.keys(v.config).filter((k) => v.config[k] !== d.config[k]).sort();
  };
  assert.deepEqual(changed('perf-moe-decode-t1-q4_0-grouped'), ['pair_grid', 'router_prefetch', 'workgroup_size']);
  assert.deepEqual(changed('perf-moe-decode-t1-f16-grouped'), ['m_tile', 'pair_grid', 'router_prefetch', 'workgroup_size']);
  assert.deepEqual(changed('perf-moe-decode-t8-w4g128-noprefetch'), ['router_prefetch']);
  assert.deepEqual(changed('perf-moe-decode-t1-q4_0-route'), ['route_in_gate_up']);
  assert.deepEqual(changed('perf-moe-decode-t8-f16-pairs'), ['m_tile', 'pair_grid']);
  assert.deepEqual(changed('perf-moe-decode-t8-f16-route'), ['m_tile', 'pair_grid', 'route_in_gate_up', 'router_prefetch']);
  assert.deepEqual(changed('perf-moe-decode-t8-f16-mt1'), ['m_tile']);
  assert.deepEqual(changed('perf-moe-prefill-t512-f16-t64x128x32'), ['tile_k', 'tile_n']);
  const specs = all.filter((s) => s.isDefault);
  assert.deepEqual(specs.map((s) => `${s.params.T}/${s.params.weight}/${s.config.variant}`), [
    '1/f16/gather', '1/q4_0/gather', '1/w4g128/gather', '8/f16/gather', '8/q4_0/gather', '8/w4g128/gather', '512/f16/tiled', '512/q4_0/tiled', '512/w4g128/tiled',
  ]);
  for (const s of specs) {
    const p = s.params;
    assert.deepEqual([p.E, p.topk, p.H, p.I, p.routing, p.normTopk], [128, 8, 2048, 768, 'router', true], s.name);
    assert.equal(s.metric, s.phase === 'decode' ? 'gbps' : 'tflops');
    const copies = copiesFor(moeInputBytes(p), MOE_ROTATE_BYTES);
    assert.equal(s.activeExperts!.length, copies, `${s.name}: one count per copy the host makes`);
    // a token's topk experts are distinct: T 1 touches exactly topk experts in every copy
    if (p.T === 1) assert.deepEqual(s.activeExperts, Array(copies).fill(8));
    assert.ok(s.activeExperts!.every((n) => n >= 8 && n <= Math.min(128, 8 * Number(p.T))), s.name);
    assert.deepEqual(s.counted, moeCountedBytes(p, s.activeExperts!));
  }
  // f16: 3 x 768 x 2048 x 2 bytes an expert; 1.2 GB a copy, so 4 copies fill 4 GiB
  const f16 = specs[0]!;
  assert.equal(moeExpertBytes(f16.params), 3 * 768 * 2048 * 2);
  assert.equal(copiesFor(moeInputBytes(f16.params), MOE_ROTATE_BYTES), 4);
  assert.equal(f16.counted!.weightBytes, 8 * 3 * 768 * 2048 * 2);
  assert.equal(f16.counted!.bytes, f16.counted!.weightBytes + 4 * 128 * 2048 + 2 * 4 * 2048);
  // q4_0: 18 bytes per 32 weights
  assert.equal(moeExpertBytes(specs[1]!.params), (3 * 768 * 2048 * 18) / 32);
  const peers = moePeers(all, 100, 5, (s) => s.name);
  assert.deepEqual(peers.map((e) => [e.params.T, e.kforgeCase, e.impls.join(',')]), [
    [1, 'perf-moe-decode-t1-f16', 'fused_moe,fused_moe_kernels,eager'],
    [8, 'perf-moe-decode-t8-f16', 'fused_moe,fused_moe_kernels,eager'],
    [512, 'perf-moe-prefill-t512-f16', 'fused_moe,fused_moe_kernels,grouped_mm,eager'],
  ]);
  for (const e of peers) {
    const s = specs.find((x) => x.name === e.kforgeCase)!;
    assert.equal(e.copies, s.activeExperts!.length, 'the peers rotate as many copies as the host');
    assert.deepEqual([e.bytes, e.activeBytes], [s.counted!.bytes, s.counted!.weightBytes]);
    assert.deepEqual(e.sampleTokens, opHooks('moe', 'sample').sample(e.params, sampleCount('moe', e.params)).indices);
    assert.ok(e.sampleTokens.length <= 8 && e.sampleTokens.length === Math.min(8, Number(e.params.T)));
  }
});

test('moe active experts: each copy routed in float64 from its own x and router (seed + copy)', () => {
  const p = moe({ T: 5, H: 64, I: 32, E: 16, topk: 3, weight: 'f16', normTopk: false });
  const g = generatedInputs('moe', p);
  const f64 = (name: string, count: number, copy: number) => Float64Array.from(new Float32Array(generatedBytes(g[name]!, 0, 4 * count, copy).buffer));
  const counted = moeActiveExperts(p, g, 3);
  for (let c = 0; c < 3; c++) {
    const routes = routeByRouter(f64('router', 16 * 64, c), f64('x', 5 * 64, c), { T: 5, H: 64, E: 16, topk: 3, normTopk: false });
    assert.equal(counted[c], new Set(routes.ids).size);
  }
  assert.ok(counted.every((n) => n >= 3 && n <= 15), JSON.stringify(counted));
});

test('moe peer lines: their sampled rows of y checked against the f16 case reference (half bound; bf16 inputs at 1e-4)', () => {
  const p = moe({ T: 6, H: 64, I: 32, E: 8, topk: 2, weight: 'f16', normTopk: true });
  const generated = generatedInputs('moe', p);
  const hooks = opHooks('moe', 'sampledReference');
  const sample = hooks.sample(p, sampleCount('moe', p));
  const reference = hooks.sampledReference(p, generated, sample);
  const entry = { kforgeCase: 'perf-moe-x', params: p, generated, sampleCount: sample.indices.length, sampleTokens: sample.indices } as unknown as PlannedMoePeer;
  const work = mkdtempSync(join(tmpdir(), 'kforge-moe-peer-'));
  try {
    const rows = (scale: number, name: string) => {
      mkdirSync(join(work, name), { recursive: true });
      const data = Float32Array.from(reference, (v) => v * scale);
      writeFileSync(join(work, name, 'y_rows.npy'), encodeNpy({ dtype: 'f32', shape: [sample.indices.length, 64], data } as never));
      return `${name}/y_rows.npy`;
    };
    assert.equal(checkMoePeerLine(work, entry, { dtype: 'f16' }), undefined, 'no rows: nothing to check here');
    const exact = checkMoePeerLine(work, entry, { dtype: 'f16', rows: rows(1, 'exact') })!;
    assert.ok(exact.ok && exact.nmse < 1e-12, exact.message);
    // 1% off: nmse 1e-4, past the half bound; bf16 inputs are held to 1e-4 (0.3% off passes)
    assert.equal(checkMoePeerLine(work, entry, { dtype: 'f16', rows: rows(1.01, 'off') })!.ok, false);
    const bf16 = checkMoePeerLine(work, entry, { dtype: 'bf16', rows: rows(1.003, 'bf16') })!;
    assert.ok(bf16.ok && bf16.bound === MOE_BF16_NMSE_BOUND, bf16.message);
    assert.equal(checkMoePeerLine(work, entry, { dtype: 'bf16', rows: rows(1.02, 'bf16-off') })!.ok, false);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
