// moe on the fixed-width SIMD targets: the knob space (defaults valid, bad configs named), the artifact
// (contract buffers in order, one source for every T), the instructions of the compiled objects (the
// int8 dot paths: vpdpbusd on avx512, maddubs on avx2, sdot on neon; zmm FMAs for dense weights),
// executed outputs against the float64 reference on shapes the conformance matrix does not have
// (row and K tails, given ids out of range, ties), and golden sources. `kforge verify --op moe` runs
// the conformance matrix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getOp, nmse, nmseBound, randomInputs, resolveParams, tensorBytes, type Params, type Tensor } from '@kforge/ir';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';
import type { CpuSimdTarget } from '../gemv/knobs.ts';
import { expectGolden } from '../golden.ts';
import { emitMoeSimd, moeSimdKnobSpace } from './simd-emit.ts';

const run = promisify(execFile);
const OP = getOp('moe');

const COMPILERS: Record<CpuSimdTarget, { cc: string; flags: string[]; objdump: string; exec: string[] }> = {
  c: { cc: 'gcc', flags: ['-O3', '-std=gnu11', '-fopenmp'], objdump: 'objdump', exec: [] },
  avx2: { cc: 'gcc', flags: ['-O3', '-std=gnu11', '-mavx2', '-mfma', '-mf16c', '-fopenmp'], objdump: 'objdump', exec: [] },
  avx512: {
    cc: 'gcc', flags: ['-O3', '-std=gnu11', '-mavx512f', '-mavx512bw', '-mavx512vl', '-mavx512vnni', '-mavx512bf16', '-mfma', '-mf16c', '-fopenmp'],
    objdump: 'objdump', exec: [],
  },
  neon: {
    cc: 'aarch64-linux-gnu-gcc', flags: ['-O3', '-std=gnu11', '-march=armv8.2-a+dotprod+fp16', '-fopenmp'], objdump: 'aarch64-linux-gnu-objdump',
    exec: ['qemu-aarch64', '-cpu', 'max', '-L', '/usr/aarch64-linux-gnu'],
  },
};

const CPUINFO = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
const AVX512 = /\bavx512_vnni\b/.test(CPUINFO) && /\bavx512_bf16\b/.test(CPUINFO);

const params = (p: Record<string, unknown>): Params => resolveParams(OP, p);
/** Qwen3-30B-A3B's MoE block */
const QWEN = (T: number, weight: string): Params => params({ T, H: 2048, I: 768, E: 128, topk: 8, routing: 'router', normTopk: true, weight });

test('knob space: defaults valid for every format and target; bad configs are named', () => {
  for (const target of ['c', 'avx2', 'avx512', 'neon'] as const) {
    for (const weight of ['f32', 'f16', 'bf16', 'q8_0', 'q4_0', 'q4_1', 'w4g32', 'w4g64', 'w4g128']) {
      const space = moeSimdKnobSpace(target, QWEN(1, weight));
      assert.equal(space.check(space.defaults), undefined, `${target} ${weight} ${JSON.stringify(space.defaults)}`);
      const quant = !weight.startsWith('f') && weight !== 'bf16';
      assert.equal(space.defaults.dot_path, quant && target !== 'c' ? 'int8' : 'float', `${target} ${weight}`);
    }
  }
  // defaults follow the params but never T (one kernel serves decode and prefill)
  assert.deepEqual(moeSimdKnobSpace('avx512', QWEN(1, 'q4_0')).defaults, moeSimdKnobSpace('avx512', QWEN(512, 'q4_0')).defaults);
  const bad = (config: Record<string, unknown>, why: RegExp, weight = 'q4_0', target: CpuSimdTarget = 'avx512'): void => {
    const s = moeSimdKnobSpace(target, QWEN(1, weight));
    assert.match(s.check({ ...s.defaults, ...config } as never) ?? '', why);
  };
  bad({ variant: 'tiled' }, /variant must be one of/);
  bad({ rows: 3 }, /rows must be one of/);
  bad({ rows: 4, m_tile: 4, k_unroll: 1 }, /at most 16/);
  bad({ dot_path: 'int8' }, /needs a quantized weight format/, 'bf16');
  bad({ prefetch: 4096 }, /prefetch applies to quantized/, 'q8_0', 'c');
  bad({ threads: 3 }, /threads must be one of/);
  assert.throws(() => emitMoeSimd('avx512', QWEN(1, 'q4_0'), { m_tile: 8 }), /m_tile must be one of/);
});

test('artifact: the contract buffers in order, scalar T only, the same source for every T', () => {
  const a = emitMoeSimd('avx512', QWEN(1, 'w4g64'), {});
  const names = a.buffers.map((b) => b.name);
  assert.deepEqual(names.slice(0, 11), ['x', 'w_gate', 'w_gate_scale', 'w_gate_min', 'w_up', 'w_up_scale', 'w_up_min', 'w_down', 'w_down_scale', 'w_down_min', 'router']);
  assert.equal(names[11], 'y');
  assert.ok(a.buffers.slice(12).every((b) => b.role === 'scratch'));
  assert.deepEqual(a.scalars.map((s) => s.name), ['T']);
  assert.equal(a.arithmetic, 'int8-activations');
  const given = emitMoeSimd('neon', params({ T: 3, H: 128, I: 64, E: 4, topk: 2, routing: 'given', weight: 'f16' }), {});
  assert.deepEqual(given.buffers.slice(0, 7).map((b) => b.name), ['x', 'w_gate', 'w_up', 'w_down', 'ids', 'weights', 'y']);
  assert.equal(given.arithmetic, 'f32');
  for (const weight of ['q4_0', 'f32']) {
    assert.equal(Object.values(emitMoeSimd('avx2', QWEN(1, weight), {}).files)[0], Object.values(emitMoeSimd('avx2', QWEN(512, weight), {}).files)[0], weight);
  }
});

interface ObjCase { readonly target: CpuSimdTarget; readonly weight: string; readonly config: Record<string, string | number>; readonly expect: readonly RegExp[] }

const OBJECTS: readonly ObjCase[] = [
  { target: 'avx512', weight: 'q4_0', config: {}, expect: [/vpdpbusd/] },
  { target: 'avx512', weight: 'q8_0', config: {}, expect: [/vpdpbusd/] },
  { target: 'avx512', weight: 'f32', config: {}, expect: [/vfmadd\w*ps\s+[^\n]*zmm/] },
  { target: 'avx2', weight: 'q4_1', config: {}, expect: [/vpmaddubsw/] },
  { target: 'neon', weight: 'q8_0', config: {}, expect: [/\bsdot\b/] },
  { target: 'neon', weight: 'w4g128', config: {}, expect: [/\bsdot\b/] },
];

test('compiled objects hold the int8 dot instructions (and zmm FMAs for dense weights)', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kf-moe-obj-'));
  try {
    for (const [i, o] of OBJECTS.entries()) {
      const a = emitMoeSimd(o.target, QWEN(1, o.weight), o.config);
      const src = join(root, `k${i}.c`);
      writeFileSync(src, Object.values(a.files)[0]!);
      const tool = COMPILERS[o.target];
      await run(tool.cc, [...tool.flags, '-c', '-o', join(root, `k${i}.o`), src]);
      const dis = (await run(tool.objdump, ['-d', join(root, `k${i}.o`)], { maxBuffer: 64 << 20 })).stdout;
      for (const re of o.expect) assert.match(dis, re, `${o.target} ${o.weight} ${JSON.stringify(a.config)}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

/** A main() reading the inputs from DIR/<name>.bin, poisoning outputs and scratch with NaN, calling the kernel once and writing y.out. */
function harness(a: KernelArtifact): string {
  const d = a.dispatches[0]!;
  const lines = ['#include <stdio.h>', '#include <stdlib.h>', 'int main(int argc, char** argv) {', '  char path[4096];', '  if (argc != 3) return 2;',
    '  int32_t T = atoi(argv[2]);'];
  const bufs = sizedBuffers(a);
  for (const b of bufs) {
    lines.push(`  void* ${b.name} = malloc(${b.bytes} + 64);`);
    if (b.role === 'in') lines.push(`  snprintf(path, sizeof path, "%s/${b.name}.bin", argv[1]); { FILE* f = fopen(path, "rb"); if (!f) return 3; if (fread(${b.name}, 1, ${b.bytes}, f) != ${b.bytes}) return 4; fclose(f); }`);
    else lines.push(`  memset(${b.name}, 0xff, ${b.bytes} + 64);`);
  }
  lines.push(`  ${d.entry}(${d.args.join(', ')});`);
  const y = bufs.find((x) => x.name === 'y')!;
  lines.push(`  snprintf(path, sizeof path, "%s/y.out", argv[1]); { FILE* f = fopen(path, "wb"); fwrite(y, 1, ${y.bytes}, f); fclose(f); }`);
  lines.push('  return 0;', '}');
  return lines.join('\n');
}

async function execute(root: string, name: string, target: CpuSimdTarget, p: Params, config: Record<string, string | number>, inputs: Record<string, Tensor>): Promise<{ y: Float32Array; a: KernelArtifact }> {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [n, t] of Object.entries(inputs)) writeFileSync(join(dir, `${n}.bin`), tensorBytes(t));
  const a = emitMoeSimd(target, p, config);
  const src = join(dir, 'k.c');
  writeFileSync(src, `#include <string.h>\n${Object.values(a.files)[0]}\n${harness(a)}\n`);
  const tool = COMPILERS[target];
  const exe = join(dir, 'kernel');
  await run(tool.cc, [...tool.flags, '-o', exe, src, '-lm']);
  const [cmd, ...pre] = tool.exec.length ? [...tool.exec, exe] : [exe];
  await run(cmd!, [...pre, dir, String(p.T)], { env: { ...process.env, OMP_NUM_THREADS: '2' } });
  const raw = readFileSync(join(dir, 'y.out'));
  return { y: new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4), a };
}

interface RunCase {
  readonly target: CpuSimdTarget;
  readonly p: Record<string, unknown>;
  readonly config: Record<string, string | number>;
  /** given routing: slots whose id is made out of range (they must contribute nothing) */
  readonly badSlots?: readonly number[];
}

// shapes the conformance matrix does not have: rows that do not divide I or H, K tails, ids out of
// range, an expert picked twice by one token (given), m_tile tails, every thread count
const RUNS: readonly RunCase[] = [
  { target: 'avx512', p: { T: 3, H: 256, I: 96, E: 7, topk: 3, routing: 'router', normTopk: true, weight: 'q4_0' }, config: {} },
  { target: 'avx512', p: { T: 6, H: 128, I: 160, E: 5, topk: 2, routing: 'given', weight: 'q4_1' }, config: { rows: 4, m_tile: 2, k_unroll: 1 }, badSlots: [1, 6, 11] },
  { target: 'avx512', p: { T: 7, H: 70, I: 33, E: 4, topk: 2, routing: 'router', weight: 'f32' }, config: { rows: 4, m_tile: 1 } },
  { target: 'avx2', p: { T: 9, H: 384, I: 128, E: 3, topk: 3, routing: 'router', weight: 'w4g128' }, config: { m_tile: 4, rows: 1, threads: 1 } },
  { target: 'c', p: { T: 2, H: 96, I: 64, E: 6, topk: 4, routing: 'given', weight: 'w4g32' }, config: {}, badSlots: [0] },
  { target: 'neon', p: { T: 5, H: 256, I: 64, E: 9, topk: 2, routing: 'router', normTopk: true, weight: 'q8_0' }, config: {} },
  { target: 'neon', p: { T: 4, H: 128, I: 128, E: 3, topk: 1, routing: 'router', weight: 'bf16' }, config: { rows: 2, m_tile: 4, k_unroll: 1 } },
];

test('executed cases agree with the float64 reference (ids out of range contribute nothing)', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kf-moe-run-'));
  try {
    for (const [i, rc] of RUNS.entries()) {
      if (rc.target === 'avx512' && !AVX512) continue;
      const p = params(rc.p);
      const inputs = randomInputs(OP, p, 211 + i);
      let refInputs = inputs;
      if (rc.badSlots) {
        const ids = Int32Array.from(inputs.ids!.data as Int32Array);
        const weights = Float32Array.from(inputs.weights!.data as Float32Array);
        // the same expert twice for one token counts twice
        ids[ids.length - 1] = ids[ids.length - 2]!;
        const refIds = Int32Array.from(ids);
        const refWeights = Float32Array.from(weights);
        rc.badSlots.forEach((s, j) => {
          ids[s] = j % 2 === 0 ? -1 : Number(p.E);
          refIds[s] = 0;
          refWeights[s] = 0;
        });
        inputs.ids = { ...inputs.ids!, data: ids } as Tensor;
        refInputs = { ...inputs, ids: { ...inputs.ids!, data: refIds } as Tensor, weights: { ...inputs.weights!, data: refWeights } as Tensor };
      }
      const what = `${rc.target} ${JSON.stringify(rc.p)} ${JSON.stringify(rc.config)}`;
      const { y, a } = await execute(root, `case${i}`, rc.target, p, rc.config, inputs);
      const r = OP.reference(p, refInputs).y!.data;
      assert.equal(y.length, r.length, what);
      for (let k = 0; k < y.length; k++) assert.ok(Number.isFinite(y[k]!), `${what}: y[${k}] = ${y[k]}`);
      const err = nmse(y, r);
      assert.ok(err <= nmseBound('moe', a.arithmetic ?? 'f32'), `${what}: nmse ${err}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

const GOLDEN: { file: string; target: CpuSimdTarget; p: Params; config?: Record<string, number | string> }[] = [
  { file: 'moe_q4_0_router_avx512.c', target: 'avx512', p: QWEN(1, 'q4_0') },
  { file: 'moe_w4g64_given_neon.c', target: 'neon', p: params({ T: 4, H: 256, I: 128, E: 6, topk: 2, routing: 'given', weight: 'w4g64' }) },
  { file: 'moe_f16_router_c_tails.c', target: 'c', p: params({ T: 5, H: 67, I: 45, E: 5, topk: 2, routing: 'router', weight: 'f16' }), config: { rows: 4 } },
];

for (const g of GOLDEN) {
  test(`golden source ${g.file}`, () => {
    const src = Object.values(emitMoeSimd(g.target, g.p, g.config ?? {}).files)[0]!;
    expectGolden(new URL('./__golden__/', import.meta.url), g.file, src);
  });
}
