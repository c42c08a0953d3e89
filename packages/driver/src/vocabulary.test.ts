/**
 * The kernel IR's GPU vocabulary (typed subgroup operations, infinity and NaN literals, atomics) rendered for
 * every GPU dialect, compiled, and run where an executor exists here: OpenCL on PoCL (PoCL 3.1 has no
 * subgroups: those compile with clang only), GLSL on lavapipe, WGSL on Dawn (with the `subgroups` feature and
 * with the workgroup-memory emulation), MSL on the Metal emulation; CUDA compiles with nvcc for sm_90 only
 * (no GPU here).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kernel, ScalarType, Stmt } from '@kforge/ir';
import {
  add, allocDynamic, atomicAdd, atomicCas, atomicMax, atomicMin, barrier, bufferParam, c, cast, eq, if_, let_, load, max, min, rem,
  select, special, store, subgroupBroadcast, subgroupReduce, subgroupShuffle, subgroupShuffleXor, v, alloc, mul,
} from '@kforge/ir';
import { dynamicSharedBytes, renderKernel } from '@kforge/codegen-core';
import { GPU_DIALECTS, renderWgsl } from '@kforge/codegen-gpu';
import type { KernelArtifact, Language, TargetName } from '@kforge/target';
import { dawnExecutor, lavapipeExecutor, metalEmuExecutor, poclExecutor, type Executor } from '@kforge/exec';

const has = (tool: string): boolean => spawnSync('which', [tool]).status === 0;
const WG = 64;
const tid = v('tid', 'i32');
const gid = v('gid', 'i32');
const f32 = (e: Parameters<typeof cast>[0]) => cast(e, 'f32');

type GpuName = 'cuda' | 'opencl' | 'vulkan' | 'wgsl' | 'metal' | 'wgsl-subgroups';
const LANGUAGE: Record<GpuName, Language> = { cuda: 'cuda', opencl: 'opencl', vulkan: 'glsl', wgsl: 'wgsl', 'wgsl-subgroups': 'wgsl', metal: 'msl' };
const EXT: Record<GpuName, string> = { cuda: 'cu', opencl: 'cl', vulkan: 'comp', wgsl: 'wgsl', 'wgsl-subgroups': 'wgsl', metal: 'metal' };

function render(k: Kernel, target: GpuName): string {
  if (target === 'wgsl') return renderWgsl(k);
  if (target === 'wgsl-subgroups') return renderWgsl(k, { subgroups: true });
  return renderKernel(k, GPU_DIALECTS[target]);
}

function artifact(k: Kernel, target: GpuName, groups: number, outputs: Record<string, [ScalarType, number]>, inputs: Record<string, number> = {}): KernelArtifact {
  return {
    op: k.name, target: (target === 'wgsl-subgroups' ? 'wgsl' : target) as TargetName, params: {}, config: {}, language: LANGUAGE[target],
    files: { [`${k.name}.${EXT[target]}`]: render(k, target) },
    buffers: k.params.filter((p) => p.kind === 'buffer').map((p) => {
      const n = p.name in inputs ? inputs[p.name]! : outputs[p.name]![1];
      return { name: p.name, elem: p.elem, bytes: 4 * n, role: p.name in inputs ? 'in' : 'out' };
    }),
    scalars: [],
    dispatches: [{ entry: k.name, args: k.params.map((p) => p.name), grid: [groups, 1, 1], workgroup: [WG, 1, 1] }],
  };
}

function compileOnly(target: 'cuda' | 'opencl', src: string, flags: string[] = []): void {
  const dir = mkdtempSync(join(tmpdir(), 'kf-vocab-'));
  try {
    const file = join(dir, target === 'cuda' ? 'k.cu' : 'k.cl');
    writeFileSync(file, src);
    const r = target === 'cuda'
      ? spawnSync('nvcc', ['-arch=sm_90', '-c', file, '-o', join(dir, 'k.o'), ...flags], { encoding: 'utf8' })
      : spawnSync('clang-19', ['-x', 'cl', '-Xclang', '-finclude-default-header', '-fsyntax-only', '-Werror', ...flags.flatMap((f) => (f.startsWith('-cl-ext') ? ['-Xclang', f] : [f])), file], { encoding: 'utf8' });
    assert.equal(r.status, 0, `${target}: ${r.stderr}\n${src}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const view = (bytes: Uint8Array, type: ScalarType): number[] => {
  const b = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return Array.from(type === 'f32' ? new Float32Array(b) : type === 'i32' ? new Int32Array(b) : new Uint32Array(b));
};
const f32Bytes = (xs: number[]): Uint8Array => new Uint8Array(Float32Array.from(xs).buffer);

const EXECUTORS: Partial<Record<GpuName, Executor>> = {
  opencl: poclExecutor, vulkan: lavapipeExecutor, wgsl: dawnExecutor, 'wgsl-subgroups': dawnExecutor, metal: metalEmuExecutor,
};
const availability = new Map<Executor, Awaited<ReturnType<Executor['probe']>>>();
async function executorFor(target: GpuName): Promise<Executor | undefined> {
  const e = EXECUTORS[target];
  if (!e) return undefined;
  if (!availability.has(e)) availability.set(e, await e.probe());
  return availability.get(e)!.ok ? e : undefined;
}

// ---- subgroups: every lane's results for x[t] = distinct values ----

const X = Array.from({ length: WG }, (_, t) => ((t * 37) % WG) - 20);
const SG_OUTPUTS = ['lane', 'size', 'sum_f32', 'max_i32', 'min_u32', 'shuffle', 'shuffle_xor', 'broadcast'] as const;
const subgroupKernel: Kernel = {
  name: 'subgroup_vocabulary', model: 'simt', workgroupSize: [WG, 1, 1],
  params: [bufferParam('x', 'f32'), bufferParam('y', 'f32', 'write')],
  body: [
    let_('tid', 'i32', special('thread_id')),
    let_('xv', 'f32', load('x', tid, 'f32')),
    let_('lane', 'i32', special('subgroup_lane')),
    let_('size', 'i32', special('subgroup_size')),
    ...([
      f32(v('lane', 'i32')),
      f32(v('size', 'i32')),
      subgroupReduce('add', v('xv', 'f32')),
      f32(subgroupReduce('max', cast(v('xv', 'f32'), 'i32'))),
      f32(subgroupReduce('min', cast(add(v('xv', 'f32'), c.f32(100)), 'u32'))),
      subgroupShuffle(v('xv', 'f32'), rem(add(v('lane', 'i32'), 1), v('size', 'i32'))),
      subgroupShuffleXor(v('xv', 'f32'), 1),
      f32(subgroupBroadcast(cast(add(v('xv', 'f32'), c.f32(100)), 'u32'), 3)),
    ].map((value, i): Stmt => store('y', add(mul(i, WG), tid), value))),
  ],
};

/** what every lane must hold, given the subgroup size the executor reported */
function expectedSubgroups(size: number): number[][] {
  const group = (t: number): number[] => X.slice(t - (t % size), t - (t % size) + size);
  return [
    X.map((_, t) => t % size),
    X.map(() => size),
    X.map((_, t) => group(t).reduce((s, x) => s + x, 0)),
    X.map((_, t) => Math.max(...group(t))),
    X.map((_, t) => Math.min(...group(t)) + 100),
    X.map((_, t) => group(t)[((t % size) + 1) % size]!),
    X.map((_, t) => group(t)[(t % size) ^ 1]!),
    X.map((_, t) => group(t)[3]! + 100),
  ];
}

test('subgroup operations render and compile for cuda (nvcc sm_90) and opencl (clang, cl_khr_subgroups)', { skip: !has('nvcc') && 'no nvcc' }, () => {
  const cuda = render(subgroupKernel, 'cuda');
  assert.match(cuda, /kf_warp_max\(/);
  assert.match(cuda, /__shfl_sync\(0xffffffffu, xv, /);
  compileOnly('cuda', cuda);
  const cl = render(subgroupKernel, 'opencl');
  assert.match(cl, /sub_group_shuffle_xor\(xv, \(uint\)\(1\)\)/);
  compileOnly('opencl', cl, ['-cl-std=CL3.0', '-target', 'spir64', '-cl-ext=+cl_khr_subgroups,+cl_khr_subgroup_shuffle,+__opencl_c_subgroups']);
});

for (const target of ['vulkan', 'wgsl', 'wgsl-subgroups', 'metal'] as const) {
  test(`subgroup operations run on ${target}: sums, max, min, shuffles, broadcast of known lanes`, async (t) => {
    const e = await executorFor(target);
    if (!e) return t.skip(`no executor for ${target}`);
    const r = await e.run({ artifact: artifact(subgroupKernel, target, 1, { y: ['f32', WG * SG_OUTPUTS.length] }, { x: WG }), inputs: { x: f32Bytes(X) } });
    const out = view(r.outputs.y!, 'f32');
    const size = out[WG]!;
    assert.ok([4, 8, 16, 32, 64].includes(size), `subgroup size ${size}`);
    if (target === 'wgsl') assert.equal(size, 32, 'the emulated subgroup');
    const expected = expectedSubgroups(size);
    SG_OUTPUTS.forEach((name, i) => assert.deepEqual(out.slice(i * WG, (i + 1) * WG), expected[i], `${target} ${name}`));
  });
}

// ---- infinity and NaN literals ----

const literalKernel: Kernel = {
  name: 'non_finite_literals', model: 'simt', workgroupSize: [WG, 1, 1],
  params: [bufferParam('x', 'f32'), bufferParam('y', 'f32', 'write')],
  body: [
    let_('tid', 'i32', special('thread_id')),
    let_('xv', 'f32', load('x', tid, 'f32')),
    store('y', tid, max(c.f32(-Infinity), v('xv', 'f32'))),
    store('y', add(tid, WG), min(c.f32(Infinity), v('xv', 'f32'))),
    store('y', add(tid, 2 * WG), c.f32(-Infinity)),
    store('y', add(tid, 3 * WG), c.f32(NaN)),
  ],
};

const LITERAL_TARGETS = ['cuda', 'opencl', 'vulkan', 'wgsl', 'metal'] as const;

test('infinity and NaN literals compile in cuda (nvcc sm_90)', { skip: !has('nvcc') && 'no nvcc' }, () => {
  compileOnly('cuda', render(literalKernel, 'cuda'));
});

for (const target of LITERAL_TARGETS.filter((x) => x !== 'cuda')) {
  test(`infinity and NaN literals survive max/min and stores on ${target}`, async (t) => {
    const e = await executorFor(target);
    if (!e) return t.skip(`no executor for ${target}`);
    const r = await e.run({ artifact: artifact(literalKernel, target, 1, { y: ['f32', 4 * WG] }, { x: WG }), inputs: { x: f32Bytes(X) } });
    const out = view(r.outputs.y!, 'f32');
    assert.deepEqual(out.slice(0, 2 * WG), [...X, ...X]);
    assert.deepEqual(out.slice(2 * WG, 3 * WG), X.map(() => -Infinity));
    assert.ok(out.slice(3 * WG).every(Number.isNaN), `${target}: NaN`);
  });
}

// ---- atomics: counts, offsets, max/min, compare-exchange, over 4 workgroups ----

const GROUPS = 4;
const N = GROUPS * WG;
/** the outputs start as the executors' poison (all bits set: -1 as i32, 2^32-1 as u32), so counts end at count - 1 */
const ATOMIC_OUTPUTS: Record<string, [ScalarType, number]> = {
  counts: ['i32', 8], ucount: ['u32', 1], imax: ['i32', 1], umin: ['u32', 1], flag: ['i32', 1], wins: ['i32', 1],
  offsets: ['u32', N], wsum: ['f32', GROUPS],
};
const atomicKernel: Kernel = {
  name: 'atomic_vocabulary', model: 'simt', workgroupSize: [WG, 1, 1],
  params: Object.entries(ATOMIC_OUTPUTS).map(([name, [type]]) => bufferParam(name, type, 'readwrite')),
  body: [
    let_('tid', 'i32', special('thread_id')),
    let_('gid', 'i32', special('global_id')),
    alloc('group_sum', 'f32', 1, 'workgroup'),
    alloc('group_count', 'u32', 1, 'workgroup'),
    if_(eq(tid, 0), [store('group_sum', 0, c.f32(0)), store('group_count', 0, c.u32(0))]),
    barrier(),
    atomicAdd('counts', rem(gid, 8), c.i32(1)),
    atomicAdd('ucount', 0, c.u32(1)),
    atomicMax('imax', 0, gid),
    atomicMin('umin', 0, cast(gid, 'u32')),
    atomicCas('flag', 0, c.i32(-1), gid, { result: 'seen' }),
    atomicAdd('wins', 0, select(eq(v('seen', 'i32'), -1), c.i32(1), c.i32(0))),
    atomicAdd('group_sum', 0, c.f32(0.5)),
    atomicAdd('group_count', 0, c.u32(1), { result: 'slot' }),
    store('offsets', gid, v('slot', 'u32')),
    barrier(),
    if_(eq(tid, 0), [store('wsum', special('group_id'), load('group_sum', 0, 'f32'))]),
  ],
};

test('atomics render and compile for cuda (nvcc sm_90) and opencl 1.2 (clang)', { skip: !has('nvcc') && 'no nvcc' }, () => {
  const cuda = render(atomicKernel, 'cuda');
  assert.match(cuda, /const int seen = atomicCAS\(&flag\[0\], \(-1\), gid\);/);
  compileOnly('cuda', cuda);
  const cl = render(atomicKernel, 'opencl');
  assert.match(cl, /kf_atomic_add_f32_workgroup\(&group_sum\[0\], 0\.5f\)/);
  compileOnly('opencl', cl, ['-cl-std=CL1.2']);
});

for (const target of ['opencl', 'vulkan', 'wgsl', 'metal'] as const) {
  test(`atomics run on ${target}: per-slot counts, offsets, max, min, one compare-exchange winner, f32 workgroup sum`, async (t) => {
    const e = await executorFor(target);
    if (!e) return t.skip(`no executor for ${target}`);
    const r = await e.run({ artifact: artifact(atomicKernel, target, GROUPS, ATOMIC_OUTPUTS), inputs: {} });
    const out = (name: string): number[] => view(r.outputs[name]!, ATOMIC_OUTPUTS[name]![0]);
    assert.deepEqual(out('counts'), Array(8).fill(N / 8 - 1));
    assert.deepEqual(out('ucount'), [N - 1]);
    assert.deepEqual(out('imax'), [N - 1]);
    assert.deepEqual(out('umin'), [0]);
    assert.ok(out('flag')[0]! >= 0 && out('flag')[0]! < N);
    assert.deepEqual(out('wins'), [0]); // -1 + exactly one winner
    for (let g = 0; g < GROUPS; g++) {
      assert.deepEqual(out('offsets').slice(g * WG, (g + 1) * WG).sort((a, b) => a - b), Array.from({ length: WG }, (_, i) => i), `${target} group ${g}`);
    }
    assert.deepEqual(out('wsum'), Array(GROUPS).fill(WG / 2));
  });
}

// ---- CUDA dynamic shared memory above 48 KB ----

test('workgroup memory sized at launch: one extern __shared__ carve-out per array, 96 KB reported, nvcc sm_90 compiles it', { skip: !has('nvcc') && 'no nvcc' }, () => {
  const k: Kernel = {
    name: 'big_tile', model: 'simt', workgroupSize: [WG, 1, 1],
    params: [bufferParam('x', 'f32'), bufferParam('y', 'f32', 'write')],
    body: [
      let_('tid', 'i32', special('thread_id')),
      allocDynamic('tile', 'f32', 16384),
      allocDynamic('codes', 'u8', 100),
      allocDynamic('tile2', 'f32', 8192),
      store('tile', tid, load('x', tid, 'f32')),
      store('codes', tid, c.u8(1)),
      store('tile2', tid, load('x', tid, 'f32')),
      barrier(),
      store('y', tid, add(load('tile', rem(add(tid, 1), WG), 'f32'), load('tile2', tid, 'f32'))),
    ],
  };
  // 64 KB, 100 bytes padded to 16, 32 KB
  assert.equal(dynamicSharedBytes(k), 65536 + 112 + 32768);
  const cuda = render(k, 'cuda');
  assert.match(cuda, /extern __shared__ __align__\(16\) unsigned char kf_dynamic_shared\[\];/);
  assert.match(cuda, /float\* const tile2 = reinterpret_cast<float\*>\(kf_dynamic_shared \+ 65648\);/);
  compileOnly('cuda', cuda);
  // elsewhere such arrays are ordinary workgroup arrays
  assert.match(render(k, 'opencl'), /__local float tile\[16384\];/);
});
