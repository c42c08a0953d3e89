// The RVV moe lowering: instruction assertions on the compiled objects (vsetvli strip-mining, vfmacc on
// the float path, vwmacc/vwredsum on the int8 path), knobs and the artifact, golden sources, and executed
// runs at VLEN 128, 256 and 512 of cases the conformance matrix may not draw (m_tile 4 with an expert's
// remaining tokens one at a time, the router's rows tail, topk = E, given ids outside [0, E)).
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
import { moeRvvKernels } from './moe.ts';
import { runRvvArtifact } from './attention-harness.ts';

const run = promisify(execFile);

async function disassemble(source: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-rvv-moe-'));
  try {
    writeFileSync(join(dir, 'k.c'), source);
    await run('clang-19', ['--target=riscv64-linux-gnu', '-march=rv64gcv', '-O3', '-c', join(dir, 'k.c'), '-o', join(dir, 'k.o')]);
    return (await run('llvm-objdump-19', ['-d', join(dir, 'k.o')], { maxBuffer: 64 << 20 })).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const moe = (weight: string, extra: Partial<Params> = {}): Params => ({ T: 4, H: 256, I: 128, E: 8, topk: 2, routing: 'router', normTopk: true, weight, ...extra });
const source = (p: Params, config: Record<string, number | string>): string => Object.values(emitMoeCpu('rvv', p, config).files)[0]!;

test('rvv moe strip-mines with vsetvli and accumulates with vfmacc on the float path, vwmacc + vwredsum on the int8 path', async () => {
  for (const lmul of [1, 4]) {
    const asm = await disassemble(source(moe('f16'), { lmul, rows: 1, m_tile: 2 }));
    assert.match(asm, new RegExp(`\\bvsetvli\\b[^\\n]*e32,\\s*m${lmul}\\b`), `lmul ${lmul}`);
    assert.match(asm, /\bvfmacc\.v[vf]\b/, `lmul ${lmul}`);
    assert.match(asm, /\bvfredusum\.vs\b/, `lmul ${lmul}`);
  }
  const q8 = await disassemble(source(moe('q8_0'), { dot_path: 'float' }));
  assert.match(q8, /\bvfwcvt\.f\.x\.v\b/);
  for (const weight of ['q4_0', 'w4g128']) {
    const asm = await disassemble(source(moe(weight), { dot_path: 'int8', lmul: 1 }));
    assert.match(asm, /\bvsetvli\b[^\n]*e8,/, weight);
    assert.match(asm, /\bvwmacc\.vv\b/, weight);
    assert.match(asm, /\bvwredsum\.vs\b/, weight);
    // the router's logits stay on the f32 path
    assert.match(asm, /\bvfmacc\.v[vf]\b/, weight);
  }
});

test('rvv moe knobs, defaults from the params only, and the artifact contract', () => {
  const space = moeCpuKnobSpace('rvv', moe('q4_0'));
  assert.deepEqual(space.knobs.map((k) => k.name), ['lmul', 'rows', 'm_tile', 'dot_path']);
  assert.deepEqual(space.defaults, { lmul: 2, rows: 2, m_tile: 2, dot_path: 'int8' });
  assert.deepEqual(moeCpuKnobSpace('rvv', moe('q4_0', { T: 512 })).defaults, space.defaults);
  assert.equal(moeCpuKnobSpace('rvv', moe('bf16')).defaults.dot_path, 'float');
  assert.equal(space.check(space.defaults), undefined);
  assert.match(space.check({ lmul: 8, rows: 1, m_tile: 1, dot_path: 'int8' }) ?? '', /on the int8 path/);
  assert.match(space.check({ lmul: 4, rows: 4, m_tile: 1, dot_path: 'float' }) ?? '', /exceed the 32 vector registers/);
  assert.match(moeCpuKnobSpace('rvv', moe('f32')).check({ lmul: 1, rows: 1, m_tile: 1, dot_path: 'int8' }) ?? '', /needs a quantized weight format/);

  const a = emitMoeCpu('rvv', moe('w4g64'), {});
  assert.equal(a.arithmetic, 'int8-activations');
  assert.equal(a.threads, 1);
  assert.deepEqual(a.scalars.map((s) => s.name), ['T']);
  assert.deepEqual(a.buffers.map((b) => b.name), [
    'x', 'w_gate', 'w_gate_scale', 'w_gate_min', 'w_up', 'w_up_scale', 'w_up_min', 'w_down', 'w_down_scale', 'w_down_min', 'router', 'y',
    'route_id', 'route_w', 'expert_off', 'perm', 'ppos', 'hidden', 'partial', 'xq', 'xd', 'xs', 'hq', 'hd', 'hs',
  ]);
  assert.deepEqual(a.dispatches.map((d) => d.entry.replace(/^.*_int8_/, '')), ['route', 'group', 'gate_up', 'down', 'combine']);
  const given = emitMoeCpu('rvv', moe('f32', { routing: 'given' }), {});
  assert.equal(given.arithmetic, 'f32');
  assert.deepEqual(given.dispatches[0]!.args, ['ids', 'weights', 'route_id', 'route_w', 'T']);
  // the source does not depend on T
  assert.equal(source(moe('q4_1', { T: 1 }), {}), source(moe('q4_1', { T: 300 }), {}));
});

test('rvv moe generated source matches the golden files (KFORGE_UPDATE_GOLDEN=1 re-baselines)', () => {
  const golden = new URL('./__golden__/', import.meta.url);
  const configs: [string, Params, Record<string, number | string>][] = [
    ['moe_q4_0_int8_router_m2.c', moe('q4_0'), {}],
    ['moe_w4g128_float_given_m4.c', moe('w4g128', { routing: 'given' }), { lmul: 4, rows: 1, m_tile: 2, dot_path: 'float' }],
    ['moe_f16_router_m1_t4.c', moe('f16', { H: 67, I: 45, E: 5 }), { lmul: 1, rows: 2, m_tile: 4 }],
  ];
  for (const [name, p, config] of configs) expectGolden(golden, name, moeRvvKernels(p, config).source);
});

/** ids with some outside [0, E) (the kernel skips them), and the reference's inputs with those pairs weighted 0 */
function badIds(params: Params, inputs: Record<string, Tensor>): { run: Record<string, Tensor>; ref: Record<string, Tensor> } {
  const E = Number(params.E);
  const ids = Int32Array.from(inputs.ids!.data as Int32Array);
  ids[1] = -1;
  ids[ids.length - 1] = E + 3;
  const weights = Float32Array.from(inputs.weights!.data as Float32Array);
  const refIds = ids.map((e) => (e < 0 || e >= E ? 0 : e));
  const refW = weights.map((w, i) => (ids[i]! < 0 || ids[i]! >= E ? 0 : w));
  return {
    run: { ...inputs, ids: { ...inputs.ids!, data: ids } as Tensor },
    ref: { ...inputs, ids: { ...inputs.ids!, data: refIds } as Tensor, weights: { ...inputs.weights!, data: refW } as Tensor },
  };
}

const qemu = await run('qemu-riscv64', ['--version']).then(() => true, () => false);

test('rvv moe runs right at VLEN 128, 256 and 512 (qemu-riscv64)', { skip: !qemu && 'qemu-riscv64 not installed' }, async () => {
  const cases: [Params, Record<string, number | string>][] = [
    // m_tile 4 with an expert's last cnt % 4 tokens one at a time, the router's E % rows tail, E not a power of two, normTopk
    [{ T: 7, H: 64, I: 96, E: 5, topk: 2, routing: 'router', normTopk: true, weight: 'q4_1' }, { lmul: 1, rows: 4, m_tile: 4, dot_path: 'int8' }],
    // topk = E, given ids with some out of range
    [{ T: 3, H: 64, I: 32, E: 3, topk: 3, routing: 'given', weight: 'w4g32' }, { lmul: 2, rows: 2, m_tile: 2, dot_path: 'float' }],
    [{ T: 2, H: 40, I: 24, E: 4, topk: 1, routing: 'router', weight: 'bf16' }, { lmul: 8, rows: 1, m_tile: 1 }],
  ];
  const op = getOp('moe');
  for (const [raw, config] of cases) {
    const params = resolveParams(op, raw);
    const inputs = randomInputs(op, params, 7);
    const { run: runInputs, ref: refInputs } = params.routing === 'given' ? badIds(params, inputs) : { run: inputs, ref: inputs };
    const bytes = Object.fromEntries(Object.entries(runInputs).map(([name, t]) => [name, tensorBytes(t)]));
    const ref = op.reference(params, refInputs).y!;
    const artifact = emitMoeCpu('rvv', params, config);
    for (const vlen of [128, 256, 512]) {
      const out = await runRvvArtifact(artifact, bytes, vlen);
      const y = toFloat64(tensorFromBytes(out.y!, 'f32', ref.shape, 'y'));
      const check = checkOutput('moe', 'y', y, ref, artifact.arithmetic ?? 'f32');
      assert.ok(check.ok, `vlen ${vlen} ${JSON.stringify(raw)} ${JSON.stringify(config)}: ${check.message}`);
    }
  }
});
