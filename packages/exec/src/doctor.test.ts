import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TARGET_NAMES } from '@kforge/target';
import { doctor } from './doctor.ts';

test('doctor reports all eleven targets with a status, and a reason whenever a target does not execute', async () => {
  const report = await doctor();
  assert.deepEqual(report.targets.map((t) => t.target), TARGET_NAMES);
  for (const t of report.targets) {
    assert.ok(['native', 'emulated', 'compile-only', 'unavailable'].includes(t.status), `${t.target}: ${t.status}`);
    if (t.status === 'compile-only' || t.status === 'unavailable') assert.ok(t.reason, `${t.target} needs a reason`);
    if (t.status === 'native' || t.status === 'emulated') assert.ok(t.executor, `${t.target} names its executor`);
  }
});

test('doctor on the development machine: c native, neon/rvv/hvx emulated, rvv at three VLENs, cuda compile-only', async () => {
  const report = await doctor();
  const byTarget = new Map(report.targets.map((t) => [t.target, t]));
  assert.equal(byTarget.get('c')?.status, 'native');
  assert.equal(byTarget.get('c')?.versions.gcc, report.tools.gcc);
  for (const target of ['neon', 'rvv', 'hvx'] as const) assert.equal(byTarget.get(target)?.status, 'emulated', byTarget.get(target)?.reason);
  assert.deepEqual(byTarget.get('rvv')?.variants, [{ vlen: 128 }, { vlen: 256 }, { vlen: 512 }]);
  assert.match(byTarget.get('hvx')?.versions['qemu-hexagon'] ?? '', /^\d+\.\d+/);
  if (report.tools.nvcc) assert.equal(byTarget.get('cuda')?.status, 'compile-only');
  const avx512 = byTarget.get('avx512')!;
  assert.ok(avx512.status === 'native' || (avx512.status === 'compile-only' && /avx512/.test(avx512.reason ?? '')), JSON.stringify(avx512));
});

test('doctor probes once per process and stays fast', async () => {
  const started = performance.now();
  const [a, b] = await Promise.all([doctor(), doctor()]);
  assert.equal(a, b);
  assert.ok(performance.now() - started < 10_000);
  for (const tool of ['gcc', 'clang-19', 'aarch64-linux-gnu-gcc', 'qemu-aarch64', 'qemu-riscv64', 'qemu-hexagon', 'glslangValidator',
    'spirv-val', 'pocl', 'vulkan-device', 'nvcc', 'webgpu']) {
    assert.ok(Object.hasOwn(a.tools, tool), `doctor looks for ${tool}`);
  }
});
