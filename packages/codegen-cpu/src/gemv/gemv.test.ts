// End-to-end: emit every CPU SIMD gemv variant, compile, run (native, or qemu for neon), compare
// against a float64 reference from the dequantized weights, and assert the intended instructions.
// The harness is private to this test (codegen may not depend on exec).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';
import type { Tensor, WeightFormatName } from '@kforge/ir';
import { FORMATS, WEIGHT_FORMAT_NAMES, dequantizeWeight, f16BitsToF32, f32ToF16Bits, quantizeWeight } from '@kforge/ir';
import { emitGemvCpu, type CpuSimdTarget } from '../index.ts';

const run = promisify(execFile);

const COMPILERS: Record<CpuSimdTarget, { cc: string; flags: string[]; objdump: string; exec: string[] }> = {
  c: { cc: 'gcc', flags: ['-O3', '-std=c11', '-fopenmp'], objdump: 'objdump', exec: [] },
  avx2: { cc: 'gcc', flags: ['-O3', '-mavx2', '-mfma', '-mf16c', '-fopenmp'], objdump: 'objdump', exec: [] },
  avx512: { cc: 'gcc', flags: ['-O3', '-mavx512f', '-mavx512bw', '-mavx512vl', '-mavx512vnni', '-mavx512bf16', '-mfma', '-mf16c', '-fopenmp'], objdump: 'objdump', exec: [] },
  neon: { cc: 'aarch64-linux-gnu-gcc', flags: ['-O3', '-march=armv8.2-a+dotprod+fp16', '-fopenmp'], objdump: 'aarch64-linux-gnu-objdump', exec: ['qemu-aarch64', '-cpu', 'max', '-L', '/usr/aarch64-linux-gnu'] },
};

/** a main() that reads each input buffer from DIR/<name>.bin, poisons outputs with NaN, calls the kernel, writes y.bin */
function harness(a: KernelArtifact): string {
  const d = a.dispatches[0]!;
  const lines = ['#include <stdio.h>', '#include <stdlib.h>', 'int main(int argc, char** argv) {', '  char path[4096];',
    '  if (argc != 5) return 2;', '  int32_t M = atoi(argv[2]), N = atoi(argv[3]), K = atoi(argv[4]);'];
  for (const b of sizedBuffers(a)) {
    lines.push(`  void* ${b.name} = calloc(1, ${b.bytes} + 64);`);
    if (b.role === 'in') lines.push(`  snprintf(path, sizeof path, "%s/${b.name}.bin", argv[1]); { FILE* f = fopen(path, "rb"); if (!f) return 3; if (fread(${b.name}, 1, ${b.bytes}, f) == 0) return 4; fclose(f); }`);
    if (b.role === 'out') lines.push(`  for (size_t i = 0; i < ${b.bytes} / 4; i++) ((float*)${b.name})[i] = NAN;`);
  }
  lines.push(`  ${d.entry}(${d.args.join(', ')});`);
  lines.push('  snprintf(path, sizeof path, "%s/y.bin", argv[1]); { FILE* f = fopen(path, "wb"); fwrite(y, 4, (size_t)M * N, f); fclose(f); }', '  return 0;', '}');
  return lines.join('\n');
}

/** deterministic pseudo-random numbers in [-1, 1) */
function randoms(n: number, seed: number): Float32Array {
  const out = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s / 2 ** 31 - 1;
  }
  return out;
}

interface Shape { readonly M: number; readonly N: number; readonly K: number }

function shapesFor(format: WeightFormatName): Shape[] {
  const f = FORMATS[format];
  const block = f.kind === 'dense' ? 7 : f.block; // dense: K with vector tails
  // quantized: whole groups of 8 (x86) or 4 (NEON) 32-blocks, then 4 blocks after the last x86 group
  const long = f.kind === 'dense' ? 4096 + 5 : 4096 + 128;
  return [{ M: 1, N: 37, K: long }, { M: 3, N: 37, K: block }, { M: 16, N: 37, K: long }];
}

/** avx512 code runs only where the host has it (AVX-512 VNNI + BF16); elsewhere it is compiled and disassembled only */
const CPUINFO = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
const RUNNABLE: Record<CpuSimdTarget, boolean> = {
  c: true, avx2: /\bavx2\b/.test(CPUINFO) && /\bf16c\b/.test(CPUINFO), avx512: /\bavx512_vnni\b/.test(CPUINFO) && /\bavx512_bf16\b/.test(CPUINFO), neon: true,
};

const BOUNDS = { f32: 1e-8, half: 1e-5, int8: 5e-4 };

interface Case {
  readonly target: CpuSimdTarget;
  readonly format: WeightFormatName;
  readonly act: 'f32' | 'f16';
  readonly bias: boolean;
  readonly dotPath: 'float' | 'int8';
  readonly config: Record<string, number | string>;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const target of Object.keys(COMPILERS) as CpuSimdTarget[]) {
    for (const format of WEIGHT_FORMAT_NAMES) {
      const paths: ('float' | 'int8')[] = FORMATS[format].kind === 'dense' ? ['float'] : ['float', 'int8'];
      for (const dotPath of paths) {
        // one build per (target, format, path), alternating: defaults with f32 x and bias, or other
        // tiles (8 rows N/8 apart) with f16 x and no bias, so each target sees both acts, both bias
        // modes and both tilings
        const alt = (WEIGHT_FORMAT_NAMES.indexOf(format) + paths.indexOf(dotPath)) % 2 === 1;
        out.push(alt
          ? { target, format, act: 'f16', bias: false, dotPath, config: { dot_path: dotPath, rows: 8, m_tile: 2, k_unroll: 1, threads: 2, row_order: 'spread' } }
          : { target, format, act: 'f32', bias: true, dotPath, config: { dot_path: dotPath } });
        // avx512's int8 groups at both dot widths for every format: the build above has the default
        // width (whatever the defaults say), the widths it lacks get a build with the other tiling
        if (target === 'avx512' && dotPath === 'int8') {
          const first = Number(emitGemvCpu(target, { M: 16, N: 37, K: 4096 + 128, weight: format, act: alt ? 'f16' : 'f32', bias: !alt }, out.at(-1)!.config).config.dot_width ?? 256);
          for (const width of [256, 512].filter((w) => w !== first)) {
            out.push(alt
              ? { target, format, act: 'f32', bias: true, dotPath, config: { dot_path: dotPath, dot_width: width, rows: 2, m_tile: 4, k_unroll: 2, threads: 2 } }
              : { target, format, act: 'f16', bias: false, dotPath, config: { dot_path: dotPath, dot_width: width, rows: 8, m_tile: 2, k_unroll: 1, threads: 2, row_order: 'spread' } });
          }
        }
      }
    }
  }
  return out;
}

async function pool<T>(items: readonly T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

/** writes x, W (+ planes), bias; returns the float64 reference without and with bias, concatenated */
function writeInputs(dir: string, format: WeightFormatName, act: 'f32' | 'f16', s: Shape, seed: number): Float64Array {
  const x32 = randoms(s.M * s.K, seed);
  const xStored = act === 'f16' ? Uint16Array.from(x32, (v) => f32ToF16Bits(v)) : x32;
  const x = act === 'f16' ? Float64Array.from(xStored, (h) => f16BitsToF32(h)) : Float64Array.from(x32);
  const w = quantizeWeight(format, 'W', randoms(s.N * s.K, seed + 1), [s.N, s.K]);
  const wf = dequantizeWeight(format, 'W', w, [s.N, s.K]);
  const bias = randoms(s.N, seed + 2);
  const bytes = (d: Tensor['data'] | Float32Array | Uint16Array): Buffer => Buffer.from(d.buffer, d.byteOffset, d.byteLength);
  writeFileSync(join(dir, 'x.bin'), bytes(xStored));
  for (const [name, t] of Object.entries(w)) writeFileSync(join(dir, `${name}.bin`), bytes(t.data));
  writeFileSync(join(dir, 'bias.bin'), bytes(bias));
  const y = new Float64Array(s.M * s.N * 2);
  for (let m = 0; m < s.M; m++) {
    for (let n = 0; n < s.N; n++) {
      let acc = 0;
      for (let k = 0; k < s.K; k++) acc += x[m * s.K + k]! * wf[n * s.K + k]!;
      y[m * s.N + n] = acc;
      y[s.M * s.N + m * s.N + n] = acc + bias[n]!;
    }
  }
  return y;
}

function nmse(y: Float32Array, r: Float64Array): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < y.length; i++) {
    num += (y[i]! - r[i]!) ** 2;
    den += r[i]! ** 2;
  }
  return num / den;
}

/**
 * The disassembly of a kernel's own functions: its entry and the OpenMP regions gcc outlines from it
 * (`<entry>._omp_fn.N`), so the harness's code cannot satisfy an instruction assertion.
 */
function kernelCode(dis: string, entry: string): string {
  const fns = dis.split(/\n(?=[0-9a-f]+ <)/).filter((f) => {
    const name = /^[0-9a-f]+ <([^>]+)>:/.exec(f)?.[1];
    return name !== undefined && (name === entry || name.startsWith(`${entry}.`));
  });
  assert.ok(fns.length > 0, `no function ${entry} in the disassembly`);
  return fns.join('\n');
}

const vnniDots = (code: string): { zmm: number; ymm: number } => ({
  zmm: (code.match(/vpdpbusd\s[^\n]*zmm/g) ?? []).length,
  ymm: (code.match(/vpdpbusd\s[^\n]*ymm/g) ?? []).length,
});

/**
 * dot_width 512: the groups' dot products are zmm. Blocks after the last whole group of 16 still take
 * ymm dot products (one per block and x row), so some ymm may remain, but the zmm ones must be there
 * and outnumber them (a group has 4 dot vectors, 2 per 4-bit vector, per row and x row, against 1
 * ymm per tail block).
 */
const wideDotsOk = ({ zmm, ymm }: { zmm: number; ymm: number }): boolean => zmm > 0 && zmm >= ymm;

test('gemv on c, avx2, avx512, neon: every format, act, bias, M in {1,3,16}, N with tails, both dot paths', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kf-gemv-cpu-'));
  try {
    const all = cases();
    const failures: string[] = [];
    let checked = 0;
    // inputs and references per (format, act, shape), shared by every target
    const refs = new Map<string, { dir: string; ref: Float64Array }>();
    const inputsFor = (format: WeightFormatName, act: 'f32' | 'f16', s: Shape, bias: boolean): { dir: string; ref: Float64Array } => {
      const key = `${format}_${act}_${s.M}_${s.N}_${s.K}`;
      let e = refs.get(key);
      if (!e) {
        const dir = join(root, `in_${key}`);
        mkdirSync(dir);
        e = { dir, ref: writeInputs(dir, format, act, s, refs.size * 7 + 1) };
        refs.set(key, e);
      }
      const half = s.M * s.N;
      return { dir: e.dir, ref: bias ? e.ref.subarray(half) : e.ref.subarray(0, half) };
    };
    const binaries = new Map<string, string>();
    // the dot width each avx512 int8 build's resolved config asks for
    const avx512Int8Widths = new Map<string, number>();
    const kernelEntries = new Map<string, string>();
    await pool(all, 3, async (cs) => {
      const width = cs.config.dot_width === undefined ? '' : `_w${cs.config.dot_width}`;
      const name = `${cs.target}_${cs.format}_${cs.act}_${cs.bias ? 'bias' : 'nobias'}${width}_${cs.dotPath}`;
      const tool = COMPILERS[cs.target];
      // the source does not depend on the shape: build once for the largest, run every shape
      const maxK = Math.max(...shapesFor(cs.format).map((s) => s.K));
      const artifact = emitGemvCpu(cs.target, { M: 16, N: 37, K: maxK, weight: cs.format, act: cs.act, bias: cs.bias }, cs.config);
      const src = join(root, `${name}.c`);
      writeFileSync(src, `${Object.values(artifact.files)[0]}\n${harness(artifact)}\n`);
      const exe = join(root, name);
      try {
        await run(tool.cc, [...tool.flags, '-o', exe, src]);
      } catch (err) {
        failures.push(`${name} ${JSON.stringify(artifact.config)}: compile failed: ${(err as { stderr?: string }).stderr?.slice(0, 800)}`);
        return;
      }
      binaries.set(name, exe);
      if (cs.target === 'avx512' && cs.dotPath === 'int8') {
        avx512Int8Widths.set(name, Number(artifact.config.dot_width ?? 256));
        kernelEntries.set(name, artifact.dispatches[0]!.entry);
      }
      if (!RUNNABLE[cs.target]) return;
      for (const s of shapesFor(cs.format)) {
        const { dir, ref } = inputsFor(cs.format, cs.act, s, cs.bias);
        const runDir = join(root, `run_${name}_${s.M}_${s.K}`);
        mkdirSync(runDir);
        for (const f of ['x', 'W', 'W_scale', 'W_min', 'bias']) {
          if (existsSync(join(dir, `${f}.bin`))) copyFileSync(join(dir, `${f}.bin`), join(runDir, `${f}.bin`));
        }
        const argv = [runDir, String(s.M), String(s.N), String(s.K)];
        const [cmd, ...pre] = tool.exec.length ? [...tool.exec, exe] : [exe];
        try {
          await run(cmd!, [...pre, ...argv], { env: { ...process.env, OMP_NUM_THREADS: '2' } });
        } catch (err) {
          failures.push(`${name} M=${s.M} N=${s.N} K=${s.K}: run failed: ${String(err).slice(0, 300)}`);
          continue;
        }
        const raw = readFileSync(join(runDir, 'y.bin'));
        const y = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
        const e = nmse(y, ref);
        const f32Only = cs.act === 'f32' && cs.format === 'f32';
        const bound = cs.dotPath === 'int8' ? BOUNDS.int8 : f32Only ? BOUNDS.f32 : BOUNDS.half;
        checked++;
        if (!(e <= bound) || y.some((v) => !Number.isFinite(v))) {
          failures.push(`gemv ${cs.target} ${cs.format} act=${cs.act} bias=${cs.bias} config=${JSON.stringify(artifact.config)} M=${s.M} N=${s.N} K=${s.K}: nmse ${e} > ${bound}`);
        }
      }
    });
    assert.deepEqual(failures, []);
    assert.equal(checked, all.filter((cs) => RUNNABLE[cs.target]).length * 3);

    // instruction assertions on the compiled kernels (a correct but scalar kernel is a regression)
    const disasm = async (name: string): Promise<string> => {
      const target = name.split('_')[0] as CpuSimdTarget;
      const exe = binaries.get(name) ?? assert.fail(`no binary ${name}`);
      return (await run(COMPILERS[target].objdump, ['-d', exe], { maxBuffer: 64 << 20 })).stdout;
    };
    const byPrefix = (prefix: string): string => [...binaries.keys()].find((n) => n.startsWith(prefix)) ?? assert.fail(`no build ${prefix}`);
    assert.match(await disasm(byPrefix('avx512_f32_')), /vfmadd\w*ps\s+[^\n]*zmm/);
    assert.match(await disasm(byPrefix('avx2_q4_1_')), /vpmaddubsw|vfmadd/);
    assert.match(await disasm(byPrefix('neon_f32_')), /\bfmla\b/);
    const neonInt8 = [...binaries.keys()].filter((n) => n.startsWith('neon_') && n.endsWith('_int8'));
    assert.ok(neonInt8.length > 0);
    for (const n of neonInt8) assert.match(await disasm(n), /\bsdot\b/, n);
    // avx512 int8: VNNI at the register width the config asks for, in the kernel's own functions (a
    // ymm-only kernel where it asks for 512 bits is a regression even when its numbers are right).
    // Every int8 format is built at both widths; each 256-bit build is the ymm-only kernel the 512-bit
    // check must reject, so the check is shown to fail where it should.
    const int8Formats = WEIGHT_FORMAT_NAMES.filter((f) => FORMATS[f].kind !== 'dense');
    for (const format of int8Formats) {
      const widths = [...avx512Int8Widths].filter(([n]) => n.startsWith(`avx512_${format}_`)).map(([, w]) => w);
      assert.deepEqual(new Set(widths), new Set([256, 512]), `avx512 ${format}: builds at dot_width ${widths.join(', ')}`);
    }
    for (const [n, width] of avx512Int8Widths) {
      const { zmm, ymm } = vnniDots(kernelCode(await disasm(n), kernelEntries.get(n)!));
      if (width === 512) assert.ok(wideDotsOk({ zmm, ymm }), `${n}: dot_width 512 but ${zmm} zmm and ${ymm} ymm vpdpbusd in the kernel`);
      else {
        assert.ok(ymm > 0 && zmm === 0, `${n}: dot_width 256 but ${zmm} zmm and ${ymm} ymm vpdpbusd in the kernel`);
        assert.ok(!wideDotsOk({ zmm, ymm }), `${n}: the 512-bit check accepts a ymm-only kernel`);
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
