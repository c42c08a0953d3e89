import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '@kforge/ir';
import type { ArtifactBuffer, ArtifactScalar, Dispatch, KernelArtifact } from '@kforge/target';
import { POISON_BYTE } from '../executor.ts';
import { ExecError } from '../util/exec-error.ts';
import { buildCpuArtifact } from './build.ts';
import { CPU_EXECUTORS, CpuExecutor, nativeExecutor, qemuHexagonExecutor, qemuRiscv64Executor } from './executors.ts';
import { renderCpuHarness } from './harness.ts';
import { missingHostFeatures } from './host-features.ts';
import { CPU_TOOLCHAINS, type CpuTargetName } from './toolchains.ts';

function artifact(target: CpuTargetName, source: string, parts: {
  buffers: ArtifactBuffer[]; scalars?: ArtifactScalar[]; dispatches: Dispatch[]; threads?: number;
}): KernelArtifact {
  return {
    op: 'test', target, params: {}, config: {}, language: 'c', files: { 'kernel.c': source },
    buffers: parts.buffers, scalars: parts.scalars ?? [], dispatches: parts.dispatches, threads: parts.threads ?? 0,
  };
}

const f32Bytes = (values: number[]): Uint8Array => new Uint8Array(new Float32Array(values).buffer);
const i32Bytes = (values: number[]): Uint8Array => new Uint8Array(new Int32Array(values).buffer);
const asF32 = (bytes: Uint8Array): number[] => Array.from(new Float32Array(bytes.slice().buffer));
const asI32 = (bytes: Uint8Array): number[] => Array.from(new Int32Array(bytes.slice().buffer));

/** y = a*x + b over n elements, then s[0] = sum(y): two dispatches whose order matters. */
const AXPB_SUM = `#include <stdint.h>
void axpb(float *y, const float *x, float a, float b, int32_t n) {
  #pragma omp parallel for
  for (int32_t i = 0; i < n; i++) y[i] = a * x[i] + b;
}
void sum(float *s, const float *y, int32_t n) {
  float acc = 0;
  for (int32_t i = 0; i < n; i++) acc += y[i];
  s[0] = acc;
}
`;
const N = 37; // not a multiple of any vector width
const X = Array.from({ length: N }, (_, i) => i - 11);

function axpbSum(target: CpuTargetName, source = AXPB_SUM): KernelArtifact {
  return artifact(target, source, {
    buffers: [
      { name: 'x', elem: 'f32', bytes: 4 * N, role: 'in' },
      { name: 'y', elem: 'f32', bytes: 4 * N, role: 'out' },
      { name: 's', elem: 'f32', bytes: 4, role: 'out' },
    ],
    scalars: [{ name: 'a', type: 'f32', value: 2 }, { name: 'b', type: 'f32', value: 0.5 }, { name: 'n', type: 'i32', value: N }],
    dispatches: [{ entry: 'axpb', args: ['y', 'x', 'a', 'b', 'n'] }, { entry: 'sum', args: ['s', 'y', 'n'] }],
    threads: 2,
  });
}

/** Every (executor, target, variant) this machine can run: all three VLENs for rvv. */
const cases = await Promise.all(CPU_EXECUTORS.flatMap((executor) => executor.spec.targets.flatMap((target) =>
  executor.variants.map(async (variant) => ({ executor, target, variant, avail: await executor.probeTarget(target) })))));
const runnable = cases.filter((c) => c.avail.ok);
const label = (c: (typeof cases)[number]): string => `${c.executor.name} ${c.target} ${JSON.stringify(c.variant)}`;

test('the development toolchains are all here (qemu-hexagon, three VLENs, neon, c)', () => {
  const names = runnable.map(label);
  for (const expected of ['native c {}', 'qemu-aarch64 neon {}', 'qemu-riscv64 rvv {"vlen":128}', 'qemu-riscv64 rvv {"vlen":256}',
    'qemu-riscv64 rvv {"vlen":512}', 'qemu-hexagon hvx {}']) {
    assert.ok(names.includes(expected), `${expected} not runnable: ${cases.find((c) => label(c) === expected)?.avail.reason}`);
  }
});

for (const c of runnable) {
  test(`${label(c)}: y = a*x + b then sum, in dispatch order`, async () => {
    const result = await c.executor.run({ artifact: axpbSum(c.target), inputs: { x: f32Bytes(X) }, variant: c.variant });
    assert.deepEqual(asF32(result.outputs.y!), X.map((x) => 2 * x + 0.5));
    assert.deepEqual(asF32(result.outputs.s!), [X.reduce((acc, x) => acc + 2 * x + 0.5, 0)]);
    assert.equal(result.executor, c.executor.name);
    assert.equal(result.mode, c.executor.spec.mode);
    if (c.variant.vlen) assert.match(result.detail, new RegExp(`vlen=${c.variant.vlen}`));
  });

  test(`${label(c)}: an element the kernel skips keeps the poison bytes`, async () => {
    const skipsLast = AXPB_SUM.replace('i < n; i++) y[i]', 'i < n - 1; i++) y[i]');
    const result = await c.executor.run({ artifact: axpbSum(c.target, skipsLast), inputs: { x: f32Bytes(X) }, variant: c.variant });
    const y = result.outputs.y!;
    assert.deepEqual(Array.from(y.subarray(4 * (N - 1))), [POISON_BYTE, POISON_BYTE, POISON_BYTE, POISON_BYTE]);
    assert.deepEqual(asF32(y).slice(0, N - 1), X.slice(0, N - 1).map((x) => 2 * x + 0.5));
    assert.ok(Number.isNaN(asF32(result.outputs.s!)[0]), 'the sum read the poisoned element, so it is NaN');
  });
}

test('native: timed repeats return one positive time per repeat', async () => {
  const result = await nativeExecutor.run({ artifact: axpbSum('c'), inputs: { x: f32Bytes(X) }, timedRepeats: 3 });
  assert.equal(result.timingsNs?.length, 3);
  assert.ok(result.timingsNs.every((ns) => Number.isInteger(ns) && ns > 0));
  assert.match(result.detail, /2 OpenMP threads/);
});

test('avx512 runs natively only when /proc/cpuinfo has its features, and says which are missing', async () => {
  const missing = missingHostFeatures('avx512');
  const run = nativeExecutor.run({ artifact: axpbSum('avx512'), inputs: { x: f32Bytes(X) } });
  if (missing.length === 0) {
    assert.deepEqual(asF32((await run).outputs.y!), X.map((x) => 2 * x + 0.5));
  } else {
    await assert.rejects(run, (e: unknown) => e instanceof ExecError && e.failure === 'unavailable' && e.message.includes(missing[0]!));
  }
});

test('hvx: HVX intrinsics execute under qemu-hexagon (Q6_Vw_vadd_VwVw on 128-byte vectors)', async (t) => {
  if (!(await qemuHexagonExecutor.probe()).ok) return t.skip('qemu-hexagon not available');
  const source = `#include <hexagon_types.h>
#include <hexagon_protos.h>
void vadd(HVX_Vector *out, const HVX_Vector *a, const HVX_Vector *b, int n_vectors) {
  for (int i = 0; i < n_vectors; i++) out[i] = Q6_Vw_vadd_VwVw(a[i], b[i]);
}
`;
  const lanes = 64; // two 32-lane i32 vectors
  const a = Array.from({ length: lanes }, (_, i) => i * 1000 - 7);
  const b = Array.from({ length: lanes }, (_, i) => (i % 2 ? -i : 2 ** 30));
  const result = await qemuHexagonExecutor.run({
    artifact: artifact('hvx', source, {
      buffers: [{ name: 'a', elem: 'i32', bytes: 4 * lanes, role: 'in' }, { name: 'b', elem: 'i32', bytes: 4 * lanes, role: 'in' },
        { name: 'out', elem: 'i32', bytes: 4 * lanes, role: 'out' }],
      scalars: [{ name: 'n_vectors', type: 'i32', value: 2 }],
      dispatches: [{ entry: 'vadd', args: ['out', 'a', 'b', 'n_vectors'] }],
    }),
    inputs: { a: i32Bytes(a), b: i32Bytes(b) },
  });
  assert.deepEqual(asI32(result.outputs.out!), a.map((x, i) => (x + b[i]!) | 0));
});

test('hvx: the freestanding harness supplies integer division (no libc, no compiler-rt)', async (t) => {
  if (!(await qemuHexagonExecutor.probe()).ok) return t.skip('qemu-hexagon not available');
  const source = `void divmod(int *q, int *r, const int *x, int d, int n) {
  for (int i = 0; i < n; i++) { q[i] = x[i] / d; r[i] = x[i] % d; }
}
`;
  const x = [-7, 7, 100, -100, 2147483647, 0];
  const buffers: ArtifactBuffer[] = [{ name: 'x', elem: 'i32', bytes: 24, role: 'in' },
    { name: 'q', elem: 'i32', bytes: 24, role: 'out' }, { name: 'r', elem: 'i32', bytes: 24, role: 'out' }];
  const result = await qemuHexagonExecutor.run({
    artifact: artifact('hvx', source, {
      buffers, scalars: [{ name: 'd', type: 'i32', value: -3 }, { name: 'n', type: 'i32', value: x.length }],
      dispatches: [{ entry: 'divmod', args: ['q', 'r', 'x', 'd', 'n'] }],
    }),
    inputs: { x: i32Bytes(x) },
  });
  assert.deepEqual(asI32(result.outputs.q!), x.map((v) => Math.trunc(v / -3) | 0));
  assert.deepEqual(asI32(result.outputs.r!), x.map((v) => v % -3 | 0));
});

for (const c of runnable.filter((r) => r.target === 'rvv')) {
  test(`${label(c)}: RVV intrinsics see the requested VLEN and strip-mine a tail`, async () => {
    const source = `#include <riscv_vector.h>
#include <stdint.h>
void scale(int32_t *y, int32_t *lanes, const int32_t *x, int32_t k, int32_t n) {
  lanes[0] = (int32_t)__riscv_vsetvlmax_e32m1();
  for (size_t i = 0, vl; i < (size_t)n; i += vl) {
    vl = __riscv_vsetvl_e32m1((size_t)n - i);
    __riscv_vse32_v_i32m1(y + i, __riscv_vmul_vx_i32m1(__riscv_vle32_v_i32m1(x + i, vl), k, vl), vl);
  }
}
`;
    const result = await c.executor.run({
      artifact: artifact('rvv', source, {
        buffers: [{ name: 'x', elem: 'i32', bytes: 4 * N, role: 'in' }, { name: 'y', elem: 'i32', bytes: 4 * N, role: 'out' },
          { name: 'lanes', elem: 'i32', bytes: 4, role: 'out' }],
        scalars: [{ name: 'k', type: 'i32', value: -3 }, { name: 'n', type: 'i32', value: N }],
        dispatches: [{ entry: 'scale', args: ['y', 'lanes', 'x', 'k', 'n'] }],
      }),
      inputs: { x: i32Bytes(X) },
      variant: c.variant,
    });
    assert.deepEqual(asI32(result.outputs.lanes!), [Number(c.variant.vlen) / 32]);
    assert.deepEqual(asI32(result.outputs.y!), X.map((x) => (-3 * x) | 0));
  });
}

const brokenTargets = runnable.filter((c) => c.target === 'c' || c.target === 'rvv' && c.variant.vlen === 128 || c.target === 'hvx');

for (const c of brokenTargets) {
  test(`${label(c)}: a compile error names the command and quotes the compiler`, async () => {
    const broken = AXPB_SUM.replace('acc += y[i];', 'acc += y[i]');
    await assert.rejects(c.executor.run({ artifact: axpbSum(c.target, broken), inputs: { x: f32Bytes(X) } }), (e: unknown) => {
      assert.ok(e instanceof ExecError && e.failure === 'compile', String(e));
      assert.match(e.message, new RegExp(`compile test for ${c.target}: exit code 1: \`${CPU_TOOLCHAINS[c.target].compiler} `));
      assert.match(e.message, /kernel\.c:\d+:\d+: error: expected ';'/);
      return true;
    });
  });

  test(`${label(c)}: a crashing kernel reports the signal`, async () => {
    const crashes = AXPB_SUM.replace('s[0] = acc;', '((volatile float *)0)[16] = acc;');
    await assert.rejects(c.executor.run({ artifact: axpbSum(c.target, crashes), inputs: { x: f32Bytes(X) } }), (e: unknown) => {
      assert.ok(e instanceof ExecError && e.failure === 'crash', String(e));
      assert.match(e.message, new RegExp(`run test for ${c.target} on ${c.executor.name}: (killed by signal SIGSEGV|exit code)`));
      return true;
    });
  });
}

test('a kernel that never returns is killed at the executor time limit', async () => {
  const impatient = new CpuExecutor({ ...nativeExecutor.spec, runTimeoutMs: 1000 });
  const spins = AXPB_SUM.replace('s[0] = acc;', 'for (volatile int forever = 1; forever;) {} s[0] = acc;');
  await assert.rejects(impatient.run({ artifact: axpbSum('c', spins), inputs: { x: f32Bytes(X) } }),
    (e: unknown) => e instanceof ExecError && e.failure === 'timeout' && /timed out after 1 s/.test(e.message));
});

test('a missing or wrongly sized input is an InputError naming the buffer', async () => {
  await assert.rejects(nativeExecutor.run({ artifact: axpbSum('c'), inputs: {} }), (e: unknown) => e instanceof InputError && /'x'/.test(e.message));
  await assert.rejects(nativeExecutor.run({ artifact: axpbSum('c'), inputs: { x: f32Bytes([1]) } }),
    (e: unknown) => e instanceof InputError && /'x' has 4 bytes, the buffer needs 148/.test(e.message));
});

test('qemu-hexagon refuses to time (its harness has no clock)', async () => {
  await assert.rejects(qemuHexagonExecutor.run({ artifact: axpbSum('hvx'), inputs: { x: f32Bytes(X) }, timedRepeats: 2 }),
    (e: unknown) => e instanceof ExecError && e.failure === 'unavailable' && /no clock/.test(e.message));
});

test('a build in the same folder is reused when nothing changed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-test-'));
  try {
    const first = await buildCpuArtifact(axpbSum('c'), dir);
    const again = await buildCpuArtifact(axpbSum('c'), dir);
    const changed = await buildCpuArtifact(axpbSum('c', `${AXPB_SUM}\n/* changed */\n`), dir);
    assert.equal(first.cached, false);
    assert.equal(again.cached, true);
    assert.equal(again.binary, first.binary);
    assert.notEqual(changed.binary, first.binary);
    assert.match(first.command, /^gcc -O3 -std=gnu11 -fopenmp /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('harness: f32 scalars travel as bit patterns, unknown dispatch arguments are refused', () => {
  const withScalars = axpbSum('c');
  const text = renderCpuHarness({ ...withScalars, scalars: [{ name: 'a', type: 'f32', value: -0 }, { name: 'b', type: 'f32', value: 0.1 },
    { name: 'n', type: 'i32', value: N }] }, CPU_TOOLCHAINS.c);
  assert.match(text, /axpb\(kf_buf\[1\], kf_buf\[0\], kf_f32_from_bits\(0x80000000u\), kf_f32_from_bits\(0x3dcccccdu\), \(int32_t\)37\);/);
  assert.match(text, /void axpb\(void \*, void \*, float, float, int32_t\);/);
  assert.match(text, /kf_fill\(kf_buf\[2\], 0xFF, 16\);/);
  assert.throws(() => renderCpuHarness({ ...withScalars, dispatches: [{ entry: 'sum', args: ['s', 'nope'] }] }, CPU_TOOLCHAINS.c),
    /names 'nope', which is neither a buffer nor a scalar/);
});

test('qemu-riscv64 covers VLEN 128, 256 and 512', () => {
  assert.deepEqual(qemuRiscv64Executor.variants, [{ vlen: 128 }, { vlen: 256 }, { vlen: 512 }]);
});
