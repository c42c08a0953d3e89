import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPL_COLORS, compareFiles, parseBenchFile, renderReport, summarize } from '@kforge/bench';
import { FIXTURE_CASES, FIXTURE_DEVICE, writeH200Fixture } from './fixture.ts';
import { bundleToBench, machineSections } from './to-bench.ts';

test('to-bench: a (FIXTURE) H200 results folder becomes a schema-true bench file with cuBLAS and PyTorch beside kforge', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-h200-fixture-'));
  try {
    writeH200Fixture(dir);
    const file = bundleToBench(dir, { command: ['to-bench.ts', 'fixture'] });
    // survives the schema check and a JSON round trip
    const back = parseBenchFile(JSON.stringify(file), 'fixture');
    assert.equal(back.results.length, FIXTURE_CASES.length);
    assert.equal(file.target, 'cuda');
    assert.equal(file.protocol.interleaved, false, 'the bundle times implementations one after another, and says so');
    assert.equal(file.protocol.repeats, 20);

    // the copy probe of the same run is the ceiling: bytes read + written over the median
    assert.deepEqual(file.ceilings.map((c) => [c.name, c.when]), [['copy_probe', 'start'], ['copy_probe', 'end']]);
    for (const c of file.ceilings) assert.ok(Math.abs(c.gbps - c.bytes / (c.median_ms * 1e6)) < 1e-9);
    assert.ok(Math.abs(file.ceiling_gbps - 4200) < 60, `ceiling ${file.ceiling_gbps}`);

    const byId = new Map(file.results.map((r) => [r.id, r]));
    const f16 = byId.get('gemv/h200/64x256/M1/f16')!;
    assert.equal(f16.status, 'ok', f16.reason ?? '');
    assert.deepEqual(f16.measurements.map((m) => m.impl), ['kforge', 'cublas', 'pytorch']);
    const q4 = byId.get('gemv/h200/64x256/M1/q4_0')!;
    assert.deepEqual(q4.measurements.map((m) => m.impl), ['kforge', 'cublas', 'pytorch', 'pytorch-int4']);
    assert.match(String(q4.measurements[3]!.configuration.format), /bf16 scale\+zero per 32.*another format than kforge's q4_0/);
    assert.equal(byId.get('gemv/h200/64x256/M1/w4g128')!.measurements[3]!.configuration.group, 128);
    for (const r of [f16, q4]) {
      const k = r.measurements[0]!;
      assert.ok(k.correct && k.nmse <= k.nmse_bound, 'kforge checked on sampled rows against the float64 reference');
      assert.equal(k.samples_ms.length, 20);
      assert.ok(Math.abs(k.median_ms - summarize(k.samples_ms).median) < 1e-6);
      assert.ok(Math.abs(k.gbps - k.bytes_moved / (k.median_ms * 1e6)) < 1e-9);
      assert.ok(Math.abs(k.fraction_of_ceiling - k.gbps / file.ceiling_gbps) < 1e-12);
      assert.equal(k.gflops, (2 * 64 * 256) / (k.median_ms * 1e6));
      assert.match(k.source_sha256, /^[0-9a-f]{64}$/);
      for (const m of r.measurements.slice(1)) assert.ok(Math.abs(r.speedup[m.impl]! - m.median_ms / k.median_ms) < 1e-12, m.impl);
    }
    // the faster cuBLAS output type (f16 here) counts, with its own byte count
    assert.equal(f16.measurements[1]!.configuration.out, 'f16');
    assert.equal(f16.measurements[1]!.bytes_moved, 2 * 64 * 256 + 2 * 256 + 2 * 64);
    // the corrupted output is caught and the case is not timed
    const bad = byId.get('gemv/h200/32x128/M1/f16')!;
    assert.equal(bad.status, 'incorrect');
    assert.deepEqual(bad.measurements, []);

    const p = file.provenance;
    assert.equal(p.build_commit, 'f'.repeat(40));
    assert.match(p.gpu_info!, /NVIDIA H200 \(FIXTURE\) \(driver 580\.159\.04\)/);
    assert.equal(p.machine.memory_bytes, 137438953472);
    assert.deepEqual(p.machine.isa_flags, ['avx', 'avx2', 'avx512f', 'f16c', 'fma', 'sse4_2']);
    assert.equal(p.bundle!.tools.nvcc, 'Cuda compilation tools, release 13.0, V13.0.88');
    assert.ok(f16.measurements[0]!.executor_detail.startsWith(FIXTURE_DEVICE), 'the device string says FIXTURE');

    // the report draws the H200 cases on the copy-probe roofline with cuBLAS and PyTorch speedup bars
    const html = renderReport([{ name: 'h200-fixture.json', file }]);
    for (const cls of ['roofline', 'speedup', 'bandwidth']) assert.match(html, new RegExp(`<svg class="plot ${cls}"`), cls);
    assert.match(html, /copy probe at the start of the run: [0-9.]+ GB\/s/);
    assert.match(html, /copy probe at the end of the run/, 'the two probe lines told apart');
    assert.match(html, /not interleaved/);
    for (const impl of ['cublas', 'pytorch', 'pytorch-int4']) assert.match(html, new RegExp(`<rect [^>]*fill="${IMPL_COLORS[impl]}"`), `${impl} bar`);
    // and compare reads it: the same run against itself has no regression
    assert.deepEqual(compareFiles(file, file).regressions, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('to-bench: machine.txt sections', () => {
  const s = machineSections('@@query\nname, driver\nH200, 580\n@@nvcc\nCuda compilation tools, release 13.0, V13.0.88\n');
  assert.deepEqual(s.query, ['name, driver', 'H200, 580']);
  assert.deepEqual(s.nvcc, ['Cuda compilation tools, release 13.0, V13.0.88', '']);
});
