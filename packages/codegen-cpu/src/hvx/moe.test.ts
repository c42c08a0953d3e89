// The HVX moe lowering: vrmpy in the compiled int8 kernels, a freestanding link (no libc or libm
// symbols left), knobs and the artifact, golden sources, and executed runs under qemu-hexagon (v67:
// the int8 vrmpy path and the scalar-core float path are what runs; this lowering has no v68+ float
// HVX code).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOutput, getOp, randomInputs, resolveParams, tensorBytes, tensorFromBytes, toFloat64, type Params, type Tensor } from '@kforge/ir';
import { emitMoeCpu, moeCpuKnobSpace } from '../index.ts';
import { expectGolden } from '../golden.ts';
import { moeHvxKernels } from './moe.ts';
import { runHvxArtifact } from './attention-harness.ts';

const run = promisify(execFile);
const HEXAGON = ['--target=hexagon-unknown-linux-musl', '-mv67', '-mhvx', '-mhvx-length=128b', '-O2', '-ffreestanding'];
const moe = (weight: string, extra: Partial<Params> = {}): Params => ({ T: 4, H: 256, I: 128, E: 8, topk: 2, routing: 'router', normTopk: true, weight, ...extra });
const source = (p: Params, config: Record<string, number | string>): string => Object.values(emitMoeCpu('hvx', p, config).files)[0]!;

async function compile(src: string): Promise<{ asm: string; undefinedSymbols: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-hvx-moe-'));
  try {
    writeFileSync(join(dir, 'k.c'), src);
    await run('clang-19', [...HEXAGON, '-c', join(dir, 'k.c'), '-o', join(dir, 'k.o')]);
    const asm = (await run('llvm-objdump-19', ['-d', join(dir, 'k.o')], { maxBuffer: 64 << 20 })).stdout;
    const syms = (await run('llvm-nm-19', ['-u', join(dir, 'k.o')])).stdout;
    return { asm, undefinedSymbols: syms.split('\n').map((l) => l.trim().split(/\s+/).pop()!).filter(Boolean) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// integer division helpers are provided by the harness (Hexagon has no divide instruction)
const allowedImports = (s: string): boolean => /^__hexagon_(u?div|u?mod)[sd]i3$/.test(s);

test('hvx moe int8 kernels use vrmpy, every kernel links against nothing', async () => {
  for (const weight of ['q4_0', 'w4g64']) {
    const { asm, undefinedSymbols } = await compile(source(moe(weight), { dot_path: 'int8' }));
    assert.match(asm, /vrmpy\(v\d+\.u?b,\s*v\d+\.b\)/, weight);
    assert.deepEqual(undefinedSymbols.filter((s) => !allowedImports(s)), [], weight);
  }
  for (const weight of ['bf16', 'q4_1']) {
    const { undefinedSymbols } = await compile(source(moe(weight, { routing: 'given' }), { dot_path: 'float' }));
    assert.deepEqual(undefinedSymbols.filter((s) => !allowedImports(s)), [], weight);
  }
});

test('hvx moe knobs, defaults from the params only, and the artifact contract', () => {
  const space = moeCpuKnobSpace('hvx', moe('q8_0'));
  assert.deepEqual(space.knobs.map((k) => k.name), ['rows', 'm_tile', 'dot_path']);
  assert.deepEqual(space.defaults, { rows: 2, m_tile: 2, dot_path: 'int8' });
  assert.deepEqual(moeCpuKnobSpace('hvx', moe('q8_0', { T: 512 })).defaults, space.defaults);
  assert.match(moeCpuKnobSpace('hvx', moe('f16')).check({ rows: 2, m_tile: 2, dot_path: 'int8' }) ?? '', /needs a quantized weight format/);
  assert.match(space.check({ rows: 3, m_tile: 2, dot_path: 'int8' }) ?? '', /rows must be one of/);
  const a = emitMoeCpu('hvx', moe('q8_0'), {});
  assert.equal(a.arithmetic, 'int8-activations');
  assert.equal(a.threads, 1);
  assert.deepEqual(a.buffers.map((b) => b.name), [
    'x', 'w_gate', 'w_up', 'w_down', 'router', 'y', 'route_id', 'route_w', 'expert_off', 'perm', 'ppos', 'hidden', 'partial', 'xq', 'xd', 'hq', 'hd',
  ]);
  assert.equal(a.dispatches.length, 5);
  assert.equal(emitMoeCpu('hvx', moe('w4g128'), { dot_path: 'float' }).arithmetic, 'f32');
  assert.equal(source(moe('q4_0', { T: 1 }), {}), source(moe('q4_0', { T: 64 }), {}));
});

test('hvx moe generated source matches the golden files (KFORGE_UPDATE_GOLDEN=1 re-baselines)', () => {
  const golden = new URL('./__golden__/', import.meta.url);
  const configs: [string, Params, Record<string, number | string>][] = [
    ['moe_q4_0_int8_router_r2_t2.c', moe('q4_0'), {}],
    ['moe_w4g32_float_given_r1_t4.c', moe('w4g32', { routing: 'given' }), { rows: 1, m_tile: 4, dot_path: 'float' }],
  ];
  for (const [name, p, config] of configs) expectGolden(golden, name, moeHvxKernels(p, config).source);
});

const qemu = await run('qemu-hexagon', ['--version']).then(() => true, () => false);

test('hvx moe runs right under qemu-hexagon (v67): vrmpy path and scalar-core path', { skip: !qemu && 'qemu-hexagon not installed' }, async () => {
  const cases: [Params, Record<string, number | string>][] = [
    // m_tile 4 with an expert's last cnt % 4 tokens one at a time, given ids with some out of range, groups of 4 blocks and single ones
    [{ T: 6, H: 160, I: 96, E: 3, topk: 2, routing: 'given', weight: 'q4_1' }, { rows: 4, m_tile: 4, dot_path: 'int8' }],
    // topk = E, the router's E % rows tail, the scalar core's float path
    [{ T: 3, H: 64, I: 64, E: 5, topk: 5, routing: 'router', normTopk: true, weight: 'w4g64' }, { rows: 2, m_tile: 2, dot_path: 'float' }],
  ];
  const op = getOp('moe');
  for (const [raw, config] of cases) {
    const params = resolveParams(op, raw);
    const inputs = randomInputs(op, params, 3);
    let refInputs: Record<string, Tensor> = inputs;
    let runInputs: Record<string, Tensor> = inputs;
    if (params.routing === 'given') {
      const E = Number(params.E);
      const ids = Int32Array.from(inputs.ids!.data as Int32Array);
      ids[0] = -2;
      ids[ids.length - 1] = E;
      const bad = (i: number): boolean => ids[i]! < 0 || ids[i]! >= E;
      runInputs = { ...inputs, ids: { ...inputs.ids!, data: ids } as Tensor };
      refInputs = {
        ...inputs,
        ids: { ...inputs.ids!, data: ids.map((e, i) => (bad(i) ? 0 : e)) } as Tensor,
        weights: { ...inputs.weights!, data: (inputs.weights!.data as Float32Array).map((w, i) => (bad(i) ? 0 : w)) } as Tensor,
      };
    }
    const bytes = Object.fromEntries(Object.entries(runInputs).map(([name, t]) => [name, tensorBytes(t)]));
    const ref = op.reference(params, refInputs).y!;
    const artifact = emitMoeCpu('hvx', params, config);
    const y = toFloat64(tensorFromBytes(await runHvxArtifact(artifact, bytes, 'y'), 'f32', ref.shape, 'y'));
    const check = checkOutput('moe', 'y', y, ref, artifact.arithmetic ?? 'f32');
    assert.ok(check.ok, `${JSON.stringify(raw)} ${JSON.stringify(config)}: ${check.message}`);
  }
});
