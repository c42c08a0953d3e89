// The HVX gated_delta_rule lowering. qemu-hexagon 7.2 (what runs here) aborts on every HVX float
// instruction (v68 qf32 vmpy/vadd and the sf forms alike: "decode_packet: assertion failed"), so the
// executed runs use the pre-v68 path of the same kernel (IEEE single on HVX integer lanes, -mv67) and the
// v68 build is checked for its qf32 instructions in the object only. Executed outputs (o and s) of both
// variants against the float64 recurrence, in place (s0 and s one buffer), the vector instructions of
// both builds, a freestanding link, knobs, golden sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOutput, getOp, randomInputs, resolveParams, tensorBytes, tensorFromBytes, toFloat64, type Params } from '@kforge/ir';
import { expectGolden } from '../golden.ts';
import { emitGatedDeltaRuleHvx, gatedDeltaRuleHvxKernel, gatedDeltaRuleHvxKnobSpace } from './gated-delta-rule.ts';
import { runHvxArtifact } from './attention-harness.ts';

const run = promisify(execFile);
const hexagon = (arch: string): string[] => ['--target=hexagon-unknown-linux-musl', `-m${arch}`, '-mhvx', '-mhvx-length=128b', '-O2', '-ffreestanding'];

async function compile(src: string, arch: string): Promise<{ asm: string; undefinedSymbols: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-hvx-gdr-'));
  try {
    writeFileSync(join(dir, 'k.c'), src);
    await run('clang-19', [...hexagon(arch), '-c', join(dir, 'k.c'), '-o', join(dir, 'k.o')]);
    const asm = (await run('llvm-objdump-19', ['-d', join(dir, 'k.o')], { maxBuffer: 64 << 20 })).stdout;
    const syms = (await run('llvm-nm-19', ['-u', join(dir, 'k.o')])).stdout;
    return { asm, undefinedSymbols: syms.split('\n').map((l) => l.trim().split(/\s+/).pop()!).filter(Boolean) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// integer division helpers are the harness's (Hexagon has no divide instruction)
const allowedImports = (s: string): boolean => /^__hexagon_(u?div|u?mod)[sd]i3$/.test(s);
const decode = (extra: Partial<Params> = {}): Params => ({ B: 1, T: 1, Hk: 2, Hv: 4, Dk: 64, Dv: 64, l2norm: true, ...extra });
const prefill = (extra: Partial<Params> = {}): Params => ({ B: 1, T: 40, Hk: 1, Hv: 2, Dk: 48, Dv: 40, l2norm: true, ...extra });
const source = (p: Params, config: Record<string, number | string>): string => Object.values(emitGatedDeltaRuleHvx(p, config).files)[0]!;

test('hvx gated_delta_rule: qf32 vmpy/vadd on HVX vectors in the v68 build; HVX integer-lane f32 (vmpye/vmpyo, vcl0) in the v67 build; freestanding', async () => {
  for (const [p, config] of [[decode(), { variant: 'recurrent' }], [prefill(), { variant: 'chunked', chunk: 16 }]] as const) {
    const v68 = await compile(source(p, config), 'v68');
    assert.match(v68.asm, /v\d+\.qf32\s*=\s*vmpy\(v\d+\.sf,\s*v\d+\.sf\)/, `v68 ${config.variant}`);
    assert.match(v68.asm, /v\d+\.qf32\s*=\s*vadd\(v\d+\.sf,\s*v\d+\.sf\)/, `v68 ${config.variant}`);
    assert.match(v68.asm, /v\d+\.sf\s*=\s*v\d+\.qf32/, `v68 ${config.variant}`);
    const v67 = await compile(source(p, config), 'v67');
    assert.doesNotMatch(v67.asm, /\.qf32|\.sf\b/, `v67 ${config.variant}`);
    assert.match(v67.asm, /v\d+\.w\s*=\s*vmpye\(v\d+\.w,\s*v\d+\.uh\)/, `v67 ${config.variant}`);
    assert.match(v67.asm, /v\d+\.w\s*\+=\s*vmpyo\(v\d+\.w,\s*v\d+\.h\):<<1:rnd:sat:shift/, `v67 ${config.variant}`);
    assert.match(v67.asm, /v\d+\.uw\s*=\s*vcl0\(v\d+\.uw\)/, `v67 ${config.variant}`);
    for (const { undefinedSymbols } of [v67, v68]) assert.deepEqual(undefinedSymbols.filter((s) => !allowedImports(s)), [], config.variant);
  }
});

test('hvx gated_delta_rule knobs: decode and prefill defaults; the check names what is wrong', () => {
  const space = gatedDeltaRuleHvxKnobSpace(resolveParams(getOp('gated_delta_rule'), decode({ Dk: 128, Dv: 128 })));
  assert.deepEqual(space.knobs.map((k) => k.name), ['variant', 'chunk', 'block_v']);
  assert.deepEqual(space.defaults, { variant: 'recurrent', chunk: 32, block_v: 64 });
  assert.equal(space.check(space.defaults), undefined);
  assert.deepEqual(gatedDeltaRuleHvxKnobSpace(prefill({ T: 512 })).defaults, { variant: 'chunked', chunk: 32, block_v: 64 });
  assert.match(space.check({ variant: 'recurrent', chunk: 16, block_v: 64 }) ?? '', /keep it at 32/);
  assert.match(space.check({ variant: 'chunked', chunk: 32, block_v: 256 }) ?? '', /exceeds Dv = 128/);
  assert.match(gatedDeltaRuleHvxKnobSpace(prefill({ Dk: 2048, Dv: 256 })).check({ variant: 'chunked', chunk: 64, block_v: 256 }) ?? '', /private arrays/);
  assert.throws(() => emitGatedDeltaRuleHvx(decode(), { block_v: 48 }), /block_v must be one of/);
  const artifact = emitGatedDeltaRuleHvx(decode(), {});
  assert.deepEqual(artifact.buffers.map((b) => b.name), ['q', 'k', 'v', 'g', 'beta', 's0', 'o', 's']);
  assert.deepEqual(artifact.scalars.map((s) => s.name), ['B', 'T']);
  assert.equal(artifact.threads, 1);
});

test('hvx gated_delta_rule generated source matches the golden files (KFORGE_UPDATE_GOLDEN=1 re-baselines)', () => {
  const golden = new URL('./__golden__/', import.meta.url);
  const configs: [string, Params, Record<string, number | string>][] = [
    ['gated_delta_rule_recurrent_decode.c', decode(), { block_v: 32 }],
    ['gated_delta_rule_chunked_prefill_tails.c', prefill({ l2norm: false }), { variant: 'chunked', chunk: 16, block_v: 64 }],
  ];
  for (const [name, p, config] of configs) expectGolden(golden, name, gatedDeltaRuleHvxKernel(p, config).source);
});

const qemu = await run('qemu-hexagon', ['--version']).then(() => true, () => false);

test('hvx gated_delta_rule runs right under qemu-hexagon (the pre-v68 integer-lane f32 path), both variants, in place too', { skip: !qemu && 'qemu-hexagon not installed' }, async () => {
  const cases: [Params, Record<string, number | string>][] = [
    // full 32-lane strips (no masks) and a masked tail block (Dv 40 in blocks of 32)
    [{ B: 2, T: 2, Hk: 1, Hv: 2, Dk: 32, Dv: 64, l2norm: true }, { variant: 'recurrent', block_v: 32 }],
    [{ B: 1, T: 4, Hk: 1, Hv: 3, Dk: 20, Dv: 40, scale: 0.4 }, { variant: 'recurrent', block_v: 32 }],
    // chunk tails (T 19 in chunks of 8), chunk > T, state rows not a multiple of the tile
    [{ B: 1, T: 19, Hk: 1, Hv: 2, Dk: 18, Dv: 24, l2norm: true }, { variant: 'chunked', chunk: 8, block_v: 32 }],
    [{ B: 1, T: 5, Hk: 2, Hv: 4, Dk: 32, Dv: 32 }, { variant: 'chunked', chunk: 64, block_v: 32 }],
  ];
  const op = getOp('gated_delta_rule');
  for (const [raw, config] of cases) {
    const params = resolveParams(op, raw);
    const inputs = randomInputs(op, params, 29);
    const bytes = Object.fromEntries(Object.entries(inputs).map(([name, t]) => [name, tensorBytes(t)]));
    const ref = op.reference(params, inputs);
    const artifact = emitGatedDeltaRuleHvx(params, config);
    // in place: the same artifact with s0 passed for s, whose final contents are then read back as s
    const inPlace = { ...artifact, dispatches: artifact.dispatches.map((d) => ({ ...d, args: d.args.map((a) => (a === 's' ? 's0' : a)) })) };
    for (const [what, a, name, from] of [['', artifact, 'o', 'o'], ['', artifact, 's', 's'], ['in place ', inPlace, 's', 's0']] as const) {
      const y = toFloat64(tensorFromBytes(await runHvxArtifact(a, bytes, from), 'f32', ref[name]!.shape, name));
      const c = checkOutput('gated_delta_rule', name, y, ref[name]!, 'f32');
      assert.ok(c.ok, `${what}${JSON.stringify(raw)} ${JSON.stringify(config)}: ${c.message}`);
    }
  }
});
