// attention on the fixed-width SIMD targets: the knob space (defaults valid, bad configs named), the
// instructions of the compiled objects (zmm FMAs, vcvtph2ps, vpdpbusd on avx512; fmla and sdot on neon),
// and a few executed cases against the float64 reference (compiled with a private harness: codegen may
// not import exec), including the two-pass kv-split combine, masks with tiles left empty and a D tail.
// `kforge verify --op attention` runs the full conformance matrix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';
import { ATTENTION, quantizeWeight, resolveParams, type Params, type Tensor, type WeightFormatName } from '@kforge/ir';
import type { CpuSimdTarget } from '../gemv/knobs.ts';
import { emitAttentionSimd, attentionSimdKnobSpace } from './simd-emit.ts';
import { lowerAttentionSimd } from './simd.ts';
import { ScalarRules } from '../isa/scalar.ts';

const run = promisify(execFile);

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
const RUNNABLE: Record<CpuSimdTarget, boolean> = {
  c: true, avx2: /\bavx2\b/.test(CPUINFO), avx512: /\bavx512_vnni\b/.test(CPUINFO) && /\bavx512_bf16\b/.test(CPUINFO), neon: true,
};

const params = (p: Record<string, unknown>): Params => resolveParams(ATTENTION, p);

const DECODE = params({ Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'f16' });
const PREFILL = params({ Hq: 16, Hkv: 8, Sq: 512, Skv: 512, D: 128, causal: true, kv: 'f16' });

test('knob space: decode and prefill defaults are valid; bad configs are named', () => {
  for (const target of ['c', 'avx2', 'avx512', 'neon'] as const) {
    for (const p of [DECODE, PREFILL, params({ Hq: 8, Hkv: 1, Sq: 33, Skv: 70, D: 256, kv: 'q8_0' })]) {
      const space = attentionSimdKnobSpace(target, p);
      assert.equal(space.check(space.defaults), undefined, `${target} ${JSON.stringify(space.defaults)}`);
    }
  }
  const space = attentionSimdKnobSpace('avx512', DECODE);
  assert.equal(space.defaults.block_q, 1);
  assert.equal(attentionSimdKnobSpace('avx512', PREFILL).defaults.block_q, 16);
  // measured defaults (Zen 5, session 14): f16 prefill in bf16 rows-as-lanes, f32 KV and decode in f32;
  // q8_0 decode with 8 rows per kv head on int8 p·v and one q scale per row, 2 rows on the float p·v
  assert.equal(attentionSimdKnobSpace('avx512', PREFILL).defaults.mma, 'bf16');
  assert.equal(attentionSimdKnobSpace('avx512', params({ Hq: 16, Hkv: 8, Sq: 512, Skv: 512, D: 128, causal: true, kv: 'f32' })).defaults.mma, 'none');
  assert.equal(attentionSimdKnobSpace('avx512', DECODE).defaults.mma, 'none');
  assert.equal(attentionSimdKnobSpace('avx512', DECODE).defaults.pv_path, 'float');
  const q8Defaults = (Hq: number, Hkv: number): unknown[] => {
    const d = attentionSimdKnobSpace('avx512', params({ Hq, Hkv, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' })).defaults;
    return [d.pv_path, d.q_scale];
  };
  assert.deepEqual(q8Defaults(32, 4), ['int8', 'row']);
  assert.deepEqual(q8Defaults(16, 8), ['float', 'block']);
  // a given query tile or p·v path the default mma does not go with takes mma none
  assert.equal(emitAttentionSimd('avx512', PREFILL, { pv_path: 'bf16', block_q: 1 }).config.mma, 'none');
  const bad = (config: Record<string, unknown>, why: RegExp, p = DECODE, target: CpuSimdTarget = 'avx512'): void => {
    const s = attentionSimdKnobSpace(target, p);
    assert.match(s.check({ ...s.defaults, ...config } as never) ?? '', why);
  };
  bad({ dot_path: 'int8' }, /needs q8_0/);
  bad({ mma: 'bf16' }, /mma must be none on avx2/, DECODE, 'avx2');
  bad({ mma: 'bf16', dot_path: 'int8' }, /dot_path must be float/, params({ Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' }));
  bad({ pv_path: 'int8' }, /pv_path int8 needs q8_0 KV on avx512/);
  const q8 = params({ Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' });
  bad({ pv_path: 'int8', dot_path: 'float' }, /pv_path int8 goes with dot_path int8/, q8);
  bad({ pv_path: 'int8' }, /pv_path int8 needs q8_0 KV on avx512/, q8, 'avx2');
  assert.equal(attentionSimdKnobSpace('avx512', q8).check({ ...attentionSimdKnobSpace('avx512', q8).defaults, pv_path: 'int8', dot_path: 'int8' } as never), undefined);
  // a config that gives the float dot path gets the float p·v path whatever the default
  assert.equal(emitAttentionSimd('avx512', q8, { dot_path: 'float' }).config.pv_path, 'float');
  bad({ q_scale: 'row', dot_path: 'float' }, /q_scale row needs the int8 dot path/, q8);
  bad({ q_scale: 'row', dot_path: 'int8' }, /q_scale row needs the int8 dot path/, params({ Hq: 4, Hkv: 2, Sq: 1, Skv: 64, D: 96, kv: 'q8_0' }));
  bad({ pv_path: 'bf16', block_kv: 16 }, /block_kv a multiple of 32/);
  bad({ pv_path: 'bf16' }, /needs f32 or f16 KV on avx512/, q8);
  bad({ pv_path: 'bf16', block_q: 16, mma: 'none' }, /needs block_q 1/, PREFILL);
  bad({ pv_path: 'bf16', block_q: 1 }, /mma must be none/, PREFILL);
  bad({ block_q: 2 }, /exceeds Sq/);
  bad({ block_kv: 48 }, /block_kv must be one of/);
  bad({ kv_splits: 3 }, /kv_splits/);
  bad({ block_q: 16 }, /rows per work item/, params({ Hq: 8, Hkv: 1, Sq: 64, Skv: 64, D: 64 }));
  bad({ block_q: 8, block_kv: 256 }, /KiB of private arrays/, params({ Hq: 8, Hkv: 1, Sq: 64, Skv: 64, D: 256 }));
  assert.throws(() => emitAttentionSimd('avx512', DECODE, { dot_path: 'int8' }), /needs q8_0/);
});

test('the width-1 lowering (the HVX scalar-core path) builds without vector types or libm beyond exp', () => {
  const k = lowerAttentionSimd(params({ Hq: 4, Hkv: 2, Sq: 3, Skv: 50, D: 64, kv: 'q8_0', window: 10 }),
    { block_q: 2, block_kv: 16, kv_splits: 2, dot_path: 'int8' }, ScalarRules);
  assert.equal(k.model, 'cpu');
  assert.deepEqual(k.params.map((p) => p.name), ['q', 'k', 'v', 'o', 'part', 'B', 'Sq', 'Skv']);
});

interface ObjCase { readonly target: CpuSimdTarget; readonly p: Params; readonly config?: Record<string, string | number>; readonly expect: readonly RegExp[] }

const OBJECTS: readonly ObjCase[] = [
  { target: 'avx512', p: DECODE, expect: [/vfmadd\w*ps\s+[^\n]*zmm/, /vcvtph2ps\s+[^\n]*zmm/] },
  // query tiles: scores of 16 keys per vector through the transposing reduction (vshuff32x4), no horizontal sum per score
  { target: 'avx512', p: PREFILL, config: { mma: 'none' }, expect: [/vfmadd\w*ps\s+[^\n]*zmm/, /vshuff32x4/] },
  // q8_0 int8 on zmm: two blocks per 512-bit vpdpbusd
  { target: 'avx512', p: params({ Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' }), config: { dot_path: 'int8' }, expect: [/vpdpbusd\s+[^\n]*zmm/] },
  // int8 p·v: V codes interleaved four keys to a word (byte then word unpacks, a lane transpose), p·v on zmm vpdpbusd
  { target: 'avx512', p: params({ Hq: 32, Hkv: 4, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' }), config: { dot_path: 'int8', pv_path: 'int8' }, expect: [/vpunpcklbw\s+[^\n]*zmm/, /vpunpcklwd\s+[^\n]*zmm/, /vshufi64x2/, /vpdpbusd\s+[^\n]*zmm/, /vpmovdb/] },
  // bf16 p·v in decode: V pairs staged per tile (vcvtne2ps2bf16), p·v by vdpbf16ps, q·k by zmm FMAs
  { target: 'avx512', p: params({ Hq: 32, Hkv: 4, Sq: 1, Skv: 4096, D: 128, kv: 'f16' }), config: { pv_path: 'bf16' }, expect: [/vdpbf16ps\s+[^\n]*zmm/, /vcvtne2ps2bf16/, /vfmadd\w*ps\s+[^\n]*zmm/] },
  // mma bf16: p and v rounded and paired (vcvtne2ps2bf16), p·v by vdpbf16ps, q·k by zmm FMAs
  { target: 'avx512', p: PREFILL, config: { mma: 'bf16' }, expect: [/vdpbf16ps\s+[^\n]*zmm/, /vcvtne2ps2bf16/, /vfmadd\w*ps\s+[^\n]*zmm/] },
  { target: 'avx2', p: DECODE, expect: [/vfmadd\w*ps\s+[^\n]*ymm/, /vcvtph2ps\s+[^\n]*ymm/] },
  { target: 'avx2', p: params({ Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' }), config: { dot_path: 'int8' }, expect: [/vpmaddubsw/] },
  { target: 'neon', p: DECODE, expect: [/\bfmla\b/, /\bfcvtl\b/] },
  { target: 'neon', p: params({ Hq: 16, Hkv: 8, Sq: 1, Skv: 4096, D: 128, kv: 'q8_0' }), config: { dot_path: 'int8' }, expect: [/\bsdot\b/] },
];

test('compiled objects hold the intended instructions', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kf-attn-obj-'));
  try {
    for (const [i, o] of OBJECTS.entries()) {
      const a = emitAttentionSimd(o.target, o.p, o.config ?? {});
      const src = join(root, `k${i}.c`);
      writeFileSync(src, Object.values(a.files)[0]!);
      const tool = COMPILERS[o.target];
      await run(tool.cc, [...tool.flags, '-c', '-o', join(root, `k${i}.o`), src]);
      const dis = (await run(tool.objdump, ['-d', join(root, `k${i}.o`)], { maxBuffer: 64 << 20 })).stdout;
      for (const re of o.expect) assert.match(dis, re, `${o.target} ${a.files && Object.keys(a.files)[0]} ${JSON.stringify(a.config)}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

/** a main() reading the inputs from DIR/<name>.bin, poisoning o with NaN, calling the kernel once, writing o.bin */
function harness(a: KernelArtifact): string {
  const d = a.dispatches[0]!;
  const lines = ['#include <stdio.h>', '#include <stdlib.h>', 'int main(int argc, char** argv) {', '  char path[4096];', '  if (argc != 5) return 2;',
    '  int32_t B = atoi(argv[2]), Sq = atoi(argv[3]), Skv = atoi(argv[4]);'];
  for (const b of sizedBuffers(a)) {
    lines.push(`  void* ${b.name} = calloc(1, ${b.bytes} + 64);`);
    if (b.role === 'in') lines.push(`  snprintf(path, sizeof path, "%s/${b.name}.bin", argv[1]); { FILE* f = fopen(path, "rb"); if (!f) return 3; if (fread(${b.name}, 1, ${b.bytes}, f) != ${b.bytes}) return 4; fclose(f); }`);
    if (b.role !== 'in') lines.push(`  for (size_t i = 0; i < ${b.bytes} / 4; i++) ((float*)${b.name})[i] = NAN;`);
  }
  lines.push(`  ${d.entry}(${d.args.join(', ')});`);
  const o = sizedBuffers(a).find((b) => b.name === 'o')!;
  lines.push(`  snprintf(path, sizeof path, "%s/o.bin", argv[1]); { FILE* f = fopen(path, "wb"); fwrite(o, 1, ${o.bytes}, f); fclose(f); }`, '  return 0;', '}');
  return lines.join('\n');
}

function randoms(n: number, seed: number): Float32Array {
  const out = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = (s / 2 ** 31 - 1) * 2;
  }
  return out;
}

interface RunCase { readonly target: CpuSimdTarget; readonly p: Record<string, unknown>; readonly config: Record<string, string | number>; readonly bound: number }

// shapes none of the conformance matrix has: MQA prefill with a window over many tiles, split decode over GQA 4
const RUNS: readonly RunCase[] = [
  { target: 'c', p: { B: 2, Hq: 6, Hkv: 2, Sq: 23, Skv: 61, D: 36, Dv: 20, causal: true, window: 9, kv: 'f32' }, config: { block_q: 4, block_kv: 16, kv_splits: 2 }, bound: 1e-8 },
  { target: 'avx512', p: { B: 1, Hq: 8, Hkv: 2, Sq: 1, Skv: 700, D: 112, kv: 'f16' }, config: { block_kv: 32, kv_splits: 4 }, bound: 1e-8 },
  { target: 'avx512', p: { B: 1, Hq: 4, Hkv: 1, Sq: 40, Skv: 90, D: 64, causal: true, window: 30, kv: 'q8_0' }, config: { block_q: 8, block_kv: 16, dot_path: 'int8' }, bound: 5e-4 },
  // mma bf16: 16 rows (one row vector), 24 rows padded to 32 with splits and a window, 64 rows (four row vectors) over q8_0
  { target: 'avx512', p: { B: 1, Hq: 4, Hkv: 2, Sq: 37, Skv: 53, D: 72, Dv: 40, causal: true, kv: 'f16' }, config: { block_q: 8, block_kv: 16, mma: 'bf16' }, bound: 1e-5 },
  { target: 'avx512', p: { B: 2, Hq: 6, Hkv: 2, Sq: 19, Skv: 83, D: 40, Dv: 24, causal: true, window: 11, kv: 'f32' }, config: { block_q: 8, block_kv: 32, kv_splits: 2, mma: 'bf16' }, bound: 1e-5 },
  { target: 'avx512', p: { B: 1, Hq: 8, Hkv: 1, Sq: 9, Skv: 70, D: 64, kv: 'q8_0' }, config: { block_q: 8, block_kv: 32, mma: 'bf16', dot_path: 'float' }, bound: 1e-5 },
  { target: 'avx2', p: { B: 1, Hq: 4, Hkv: 4, Sq: 7, Skv: 100, D: 96, kv: 'q8_0' }, config: { block_q: 4, block_kv: 32, kv_splits: 2, dot_path: 'float' }, bound: 1e-8 },
  // q8_0 int8 decode on zmm (block pairs) over GQA 8 with splits, and an odd block count (D 96: the ymm path)
  { target: 'avx512', p: { B: 2, Hq: 16, Hkv: 2, Sq: 1, Skv: 333, D: 128, Dv: 64, kv: 'q8_0' }, config: { block_kv: 64, kv_splits: 4, dot_path: 'int8' }, bound: 5e-4 },
  { target: 'avx512', p: { B: 1, Hq: 4, Hkv: 2, Sq: 1, Skv: 77, D: 96, kv: 'q8_0' }, config: { block_kv: 32, dot_path: 'int8' }, bound: 5e-4 },
  { target: 'neon', p: { B: 1, Hq: 4, Hkv: 2, Sq: 1, Skv: 150, D: 64, Dv: 96, window: 70, kv: 'q8_0' }, config: { block_kv: 16, kv_splits: 2, dot_path: 'int8' }, bound: 5e-4 },
  // int8 p·v: GQA 8 decode with splits and a key count no multiple of 4; Dv 96 (an odd V block count:
  // the ymm quad) under MHA (one row per work item); causal prefill with query tiles and a window; two rows
  { target: 'avx512', p: { B: 2, Hq: 16, Hkv: 2, Sq: 1, Skv: 333, D: 128, kv: 'q8_0' }, config: { block_kv: 64, kv_splits: 4, dot_path: 'int8', pv_path: 'int8' }, bound: 5e-4 },
  { target: 'avx512', p: { B: 1, Hq: 3, Hkv: 3, Sq: 1, Skv: 201, D: 64, Dv: 96, kv: 'q8_0' }, config: { block_kv: 32, dot_path: 'int8', pv_path: 'int8' }, bound: 5e-4 },
  { target: 'avx512', p: { B: 1, Hq: 4, Hkv: 1, Sq: 45, Skv: 130, D: 64, Dv: 32, causal: true, window: 50, kv: 'q8_0' }, config: { block_q: 4, block_kv: 16, kv_splits: 2, dot_path: 'int8', pv_path: 'int8' }, bound: 5e-4 },
  { target: 'avx512', p: { B: 1, Hq: 2, Hkv: 1, Sq: 1, Skv: 1000, D: 128, Dv: 256, kv: 'q8_0' }, config: { block_kv: 256, dot_path: 'int8', pv_path: 'int8' }, bound: 5e-4 },
  // q_scale row (one q scale per row on the zmm int8 q·k), with and without int8 p·v; masks over query tiles
  { target: 'avx512', p: { B: 1, Hq: 8, Hkv: 1, Sq: 1, Skv: 517, D: 128, Dv: 64, window: 300, kv: 'q8_0' }, config: { block_kv: 32, kv_splits: 2, dot_path: 'int8', q_scale: 'row' }, bound: 5e-4 },
  { target: 'avx512', p: { B: 2, Hq: 6, Hkv: 2, Sq: 30, Skv: 95, D: 64, causal: true, kv: 'q8_0' }, config: { block_q: 2, block_kv: 16, dot_path: 'int8', q_scale: 'row', pv_path: 'int8' }, bound: 5e-4 },
  // bf16 p·v (SPEC's f16 bound): GQA 8 decode with splits and a key count no multiple of 32; Dv 48 under a window over f32 KV; causal Sq > 1 one position per item
  { target: 'avx512', p: { B: 2, Hq: 16, Hkv: 2, Sq: 1, Skv: 333, D: 128, kv: 'f16' }, config: { block_kv: 64, kv_splits: 4, pv_path: 'bf16' }, bound: 1e-5 },
  { target: 'avx512', p: { B: 1, Hq: 3, Hkv: 1, Sq: 1, Skv: 250, D: 40, Dv: 48, window: 90, kv: 'f32' }, config: { block_kv: 32, pv_path: 'bf16' }, bound: 1e-5 },
  { target: 'avx512', p: { B: 1, Hq: 4, Hkv: 2, Sq: 20, Skv: 77, D: 64, causal: true, kv: 'f16' }, config: { block_q: 1, block_kv: 32, kv_splits: 2, pv_path: 'bf16' }, bound: 1e-5 },
];

test('executed cases agree with the float64 reference', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kf-attn-run-'));
  try {
    for (const [i, rc] of RUNS.entries()) {
      if (!RUNNABLE[rc.target]) continue;
      const p = params(rc.p);
      const [B, Hq, Hkv, Sq, Skv, D, Dv] = ['B', 'Hq', 'Hkv', 'Sq', 'Skv', 'D', 'Dv'].map((n) => Number(p[n])) as number[];
      const kv = p.kv as WeightFormatName;
      const q: Tensor = { dtype: 'f32', shape: [B!, Hq!, Sq!, D!], data: randoms(B! * Hq! * Sq! * D!, 11 + i) };
      const k = quantizeWeight(kv, 'k', randoms(B! * Hkv! * Skv! * D!, 23 + i), [B!, Hkv!, Skv!, D!]);
      const v = quantizeWeight(kv, 'v', randoms(B! * Hkv! * Skv! * Dv!, 37 + i), [B!, Hkv!, Skv!, Dv!]);
      const inputs: Record<string, Tensor> = { q, ...k, ...v };
      const dir = join(root, `case${i}`);
      const { mkdirSync } = await import('node:fs');
      mkdirSync(dir);
      for (const [name, t] of Object.entries(inputs)) writeFileSync(join(dir, `${name}.bin`), Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
      const a = emitAttentionSimd(rc.target, p, rc.config);
      const src = join(root, `case${i}.c`);
      writeFileSync(src, `${Object.values(a.files)[0]}\n${harness(a)}\n`);
      const tool = COMPILERS[rc.target];
      const exe = join(root, `case${i}`, 'kernel');
      await run(tool.cc, [...tool.flags, '-o', exe, src, '-lm']);
      const [cmd, ...pre] = tool.exec.length ? [...tool.exec, exe] : [exe];
      await run(cmd!, [...pre, dir, String(B), String(Sq), String(Skv)], { env: { ...process.env, OMP_NUM_THREADS: '2' } });
      const raw = readFileSync(join(dir, 'o.bin'));
      const o = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
      const ref = ATTENTION.reference(p, inputs).o!.data;
      let num = 0;
      let den = 0;
      for (let j = 0; j < ref.length; j++) {
        assert.ok(Number.isFinite(o[j]!), `${rc.target} case ${i}: o[${j}] = ${o[j]}`);
        num += (o[j]! - ref[j]!) ** 2;
        den += ref[j]! ** 2;
      }
      assert.ok(num / den <= rc.bound, `${rc.target} ${JSON.stringify(rc.p)} ${JSON.stringify(a.config)}: nmse ${num / den} > ${rc.bound}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
