// The RVV gated_delta_rule lowering: executed outputs (o and s) of both variants against the float64
// recurrence at VLEN 128 and 512 (qemu-riscv64), in place (s0 and s one pointer, from a C main), the
// instruction assertions (vsetvli strip-mining at every LMUL, vfmacc, the reductions of l2norm and k·q),
// knobs, golden sources, and the chunked kernel over 4096 tokens of slow, medium and fast decay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOutput, getOp, randomInputs, resolveParams, tensorBytes, tensorFromBytes, toFloat64, type Float64Tensor, type Params } from '@kforge/ir';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';
import { expectGolden } from '../golden.ts';
import { emitGatedDeltaRuleRvv, gatedDeltaRuleRvvKernel, gatedDeltaRuleRvvKnobSpace } from './gated-delta-rule.ts';
import { runRvvArtifact } from './attention-harness.ts';

const run = promisify(execFile);
const RV = ['--target=riscv64-linux-gnu', '-march=rv64gcv', '-O2', '-std=gnu11'];

async function disassemble(source: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-rvv-gdr-'));
  try {
    writeFileSync(join(dir, 'k.c'), source);
    await run('clang-19', [...RV, '-c', join(dir, 'k.c'), '-o', join(dir, 'k.o')]);
    return (await run('llvm-objdump-19', ['-d', join(dir, 'k.o')], { maxBuffer: 64 << 20 })).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const decode = (extra: Partial<Params> = {}): Params => ({ B: 1, T: 1, Hk: 2, Hv: 4, Dk: 64, Dv: 64, l2norm: true, ...extra });
const prefill = (extra: Partial<Params> = {}): Params => ({ B: 1, T: 40, Hk: 1, Hv: 2, Dk: 48, Dv: 40, l2norm: true, ...extra });
const source = (p: Params, config: Record<string, number | string>): string => Object.values(emitGatedDeltaRuleRvv(p, config).files)[0]!;

test('rvv gated_delta_rule strip-mines with vsetvli and updates the state with vfmacc at every LMUL, both variants', async () => {
  for (const lmul of [1, 2, 4, 8]) {
    const variants = lmul === 8 ? ['chunked'] : ['recurrent', 'chunked'];
    for (const variant of variants) {
      const asm = await disassemble(source(variant === 'chunked' ? prefill() : decode(), { variant, lmul }));
      assert.match(asm, new RegExp(`\\bvsetvli\\b[^\\n]*e32,\\s*m${lmul}\\b`), `${variant} lmul ${lmul}`);
      assert.match(asm, /\bvfmacc\.v[vf]\b/, `${variant} lmul ${lmul}`);
      // l2norm's sums of squares (and k·q on the recurrent path, q·k and k·k on the chunked one)
      assert.match(asm, /\bvfredusum\.vs\b/, `${variant} lmul ${lmul}`);
    }
  }
});

test('rvv gated_delta_rule knobs: decode and prefill defaults; the check names what is wrong', () => {
  const space = gatedDeltaRuleRvvKnobSpace(resolveParams(getOp('gated_delta_rule'), decode({ Dk: 128, Dv: 128 })));
  assert.deepEqual(space.knobs.map((k) => k.name), ['variant', 'chunk', 'block_v', 'lmul']);
  assert.deepEqual(space.defaults, { variant: 'recurrent', chunk: 32, block_v: 64, lmul: 2 });
  assert.equal(space.check(space.defaults), undefined);
  assert.deepEqual(gatedDeltaRuleRvvKnobSpace(prefill({ T: 512, Dv: 200 })).defaults, { variant: 'chunked', chunk: 32, block_v: 256, lmul: 2 });
  assert.match(space.check({ variant: 'recurrent', chunk: 32, block_v: 64, lmul: 8 }) ?? '', /exceeds the 32 vector registers/);
  assert.match(space.check({ variant: 'recurrent', chunk: 64, block_v: 64, lmul: 2 }) ?? '', /keep it at 32/);
  assert.match(space.check({ variant: 'chunked', chunk: 12, block_v: 64, lmul: 2 }) ?? '', /chunk must be one of/);
  assert.match(space.check({ variant: 'chunked', chunk: 32, block_v: 256, lmul: 2 }) ?? '', /exceeds Dv = 128/);
  assert.match(space.check({ variant: 'fused', chunk: 32, block_v: 64, lmul: 2 }) ?? '', /variant must be one of/);
  assert.throws(() => emitGatedDeltaRuleRvv(decode(), { lmul: 3 }), /lmul must be one of/);
  const artifact = emitGatedDeltaRuleRvv(decode(), {});
  assert.deepEqual(artifact.buffers.map((b) => [b.name, b.role]), [
    ['q', 'in'], ['k', 'in'], ['v', 'in'], ['g', 'in'], ['beta', 'in'], ['s0', 'in'], ['o', 'out'], ['s', 'out'],
  ]);
  assert.deepEqual(artifact.scalars.map((s) => s.name), ['B', 'T']);
  assert.equal(artifact.dispatches.length, 1);
  // s0 and s may be one buffer: no restrict on either
  assert.match(source(decode(), {}), /const float\* s0, float\* restrict o, float\* s,/);
});

test('rvv gated_delta_rule generated source matches the golden files (KFORGE_UPDATE_GOLDEN=1 re-baselines)', () => {
  const golden = new URL('./__golden__/', import.meta.url);
  const configs: [string, Params, Record<string, number | string>][] = [
    ['gated_delta_rule_recurrent_decode_m2.c', decode(), { lmul: 2, block_v: 32 }],
    ['gated_delta_rule_chunked_prefill_m4.c', prefill({ l2norm: false }), { variant: 'chunked', chunk: 16, lmul: 4 }],
  ];
  for (const [name, p, config] of configs) expectGolden(golden, name, gatedDeltaRuleRvvKernel(p, config).source);
});

const qemu = await run('qemu-riscv64', ['--version']).then(() => true, () => false);

function check(raw: Params, artifact: KernelArtifact, out: Record<string, Uint8Array>, ref: Record<string, Float64Tensor>, what: string): void {
  for (const name of ['o', 's']) {
    const y = toFloat64(tensorFromBytes(out[name]!, 'f32', ref[name]!.shape, name));
    const c = checkOutput('gated_delta_rule', name, y, ref[name]!, artifact.arithmetic ?? 'f32');
    assert.ok(c.ok, `${what} ${JSON.stringify(raw)} ${JSON.stringify(artifact.config)}: ${c.message}`);
  }
}

test('rvv gated_delta_rule runs right at VLEN 128 and 512, both variants (qemu-riscv64)', { skip: !qemu && 'qemu-riscv64 not installed' }, async () => {
  const cases: [Params, Record<string, number | string>][] = [
    // blocks with a short last one (Dv 40 in 16s), GQA 3, short T
    [{ B: 2, T: 3, Hk: 1, Hv: 3, Dk: 24, Dv: 40, l2norm: true }, { variant: 'recurrent', block_v: 16, lmul: 1 }],
    [{ B: 1, T: 5, Hk: 2, Hv: 2, Dk: 40, Dv: 24, scale: 0.3 }, { variant: 'recurrent', block_v: 32, lmul: 4 }],
    // chunk tails (T 37 in chunks of 16), chunk > T, state rows not a multiple of the tile
    [{ B: 1, T: 37, Hk: 1, Hv: 4, Dk: 30, Dv: 20, l2norm: true }, { variant: 'chunked', chunk: 16, block_v: 8, lmul: 2 }],
    [{ B: 2, T: 5, Hk: 2, Hv: 4, Dk: 33, Dv: 48 }, { variant: 'chunked', chunk: 64, block_v: 64, lmul: 8 }],
    [{ B: 1, T: 70, Hk: 1, Hv: 3, Dk: 64, Dv: 32, l2norm: true }, { variant: 'chunked', chunk: 32, block_v: 32, lmul: 4 }],
  ];
  const op = getOp('gated_delta_rule');
  for (const [raw, config] of cases) {
    const params = resolveParams(op, raw);
    const inputs = randomInputs(op, params, 17);
    const bytes = Object.fromEntries(Object.entries(inputs).map(([name, t]) => [name, tensorBytes(t)]));
    const ref = op.reference(params, inputs);
    const artifact = emitGatedDeltaRuleRvv(params, config);
    for (const vlen of [128, 512]) check(raw, artifact, await runRvvArtifact(artifact, bytes, vlen), ref, `vlen ${vlen}`);
  }
});

/** a C main that calls the kernel with s0 and s the same pointer and writes o and that buffer */
async function runInPlace(artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>, vlen: number): Promise<Record<string, Uint8Array>> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-rvv-gdr-inplace-'));
  try {
    const file = Object.keys(artifact.files)[0]!;
    writeFileSync(join(dir, file), artifact.files[file]!);
    const buffers = sizedBuffers(artifact).filter((b) => b.name !== 's');
    const lines = ['#include <stdio.h>', '#include <stdlib.h>', '#include <string.h>', `#include "${file}"`, 'int main(void) {'];
    for (const b of buffers) {
      lines.push(`  void* ${b.name} = calloc(1, ${Math.ceil(b.bytes / 16) * 16});`);
      if (b.role === 'in') lines.push(`  { FILE* f = fopen("in_${b.name}.bin", "rb"); if (!f || fread(${b.name}, 1, ${b.bytes}, f) != ${b.bytes}) return 3; fclose(f); }`);
      else lines.push(`  memset(${b.name}, 0xff, ${b.bytes});`);
    }
    const scalars = new Map(artifact.scalars.map((s) => [s.name, s.value]));
    const d = artifact.dispatches[0]!;
    lines.push(`  ${d.entry}(${d.args.map((a) => (scalars.has(a) ? String(scalars.get(a)) : a === 's' ? 's0' : a)).join(', ')});`);
    for (const [name, from] of [['o', 'o'], ['s', 's0']] as const) {
      const bytes = buffers.find((b) => b.name === from)!.bytes;
      lines.push(`  { FILE* f = fopen("out_${name}.bin", "wb"); fwrite(${from}, 1, ${bytes}, f); fclose(f); }`);
    }
    lines.push('  return 0;', '}');
    writeFileSync(join(dir, 'main.c'), lines.join('\n'));
    for (const [name, bytes] of Object.entries(inputs)) writeFileSync(join(dir, `in_${name}.bin`), bytes);
    await run('clang-19', [...RV, '-fuse-ld=lld', 'main.c', '-o', 'k', '-lm'], { cwd: dir });
    await run('qemu-riscv64', ['-cpu', `rv64,v=true,vext_spec=v1.0,vlen=${vlen}`, '-L', '/usr/riscv64-linux-gnu', './k'], { cwd: dir });
    return { o: new Uint8Array(readFileSync(join(dir, 'out_o.bin'))), s: new Uint8Array(readFileSync(join(dir, 'out_s.bin'))) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('rvv gated_delta_rule is right in place (s0 and s one buffer), both variants', { skip: !qemu && 'qemu-riscv64 not installed' }, async () => {
  const cases: [Params, Record<string, number | string>][] = [
    [{ B: 2, T: 1, Hk: 2, Hv: 4, Dk: 32, Dv: 48, l2norm: true }, { variant: 'recurrent', block_v: 16 }],
    [{ B: 1, T: 4, Hk: 1, Hv: 2, Dk: 16, Dv: 40 }, { variant: 'recurrent', block_v: 64 }],
    [{ B: 1, T: 21, Hk: 1, Hv: 2, Dk: 24, Dv: 24, l2norm: true }, { variant: 'chunked', chunk: 8, block_v: 16 }],
  ];
  const op = getOp('gated_delta_rule');
  for (const [raw, config] of cases) {
    const params = resolveParams(op, raw);
    const inputs = randomInputs(op, params, 23);
    const bytes = Object.fromEntries(Object.entries(inputs).map(([name, t]) => [name, tensorBytes(t)]));
    const artifact = emitGatedDeltaRuleRvv(params, config);
    check(raw, artifact, await runInPlace(artifact, bytes, 256), op.reference(params, inputs), 'in place, vlen 256');
  }
});

// the long-sequence numerics: T 4096, the value heads in slow, medium and fast decay (g near 0, in
// (-2, 0], down to -20: the op's init cycles them), the chunked kernel at its largest chunks against the recurrence
test('rvv gated_delta_rule chunked holds the bound over 4096 tokens at every decay', { skip: !qemu && 'qemu-riscv64 not installed' }, async () => {
  const op = getOp('gated_delta_rule');
  for (const l2norm of [true, false]) {
    const params = resolveParams(op, { B: 1, T: 4096, Hk: 1, Hv: 3, Dk: 32, Dv: 32, l2norm });
    const inputs = randomInputs(op, params, 31);
    const bytes = Object.fromEntries(Object.entries(inputs).map(([name, t]) => [name, tensorBytes(t)]));
    const ref = op.reference(params, inputs);
    for (const chunk of [32, 64]) {
      const artifact = emitGatedDeltaRuleRvv(params, { variant: 'chunked', chunk, block_v: 32, lmul: 4 });
      check(params, artifact, await runRvvArtifact(artifact, bytes, 512), ref, `T 4096 chunk ${chunk}`);
    }
  }
});
