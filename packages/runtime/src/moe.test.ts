/**
 * moe's entry points in a CPU library, before any code generator: the policy's entries and header,
 * then a library with a plain C kernel written to the artifact contract (given routing, f32 experts,
 * scratch sized over T) compiled with cc and called at run-time T through decode and prefill, judged
 * against the float64 reference; an expert id outside [0, E) returns KF_ERR_BAD_VALUE with y untouched
 * (the kernel never runs),
 * and T = 0 is refused.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { checkOutput, getOp, randomInputs, resolveParams, size, type Params } from '@kforge/ir';
import { cpuRuntimeFiles, entriesJson } from './generate.ts';
import { compileLibraryProgram } from './test-support.ts';
import type { RuntimeKernel } from './model.ts';
import { MOE_PHASES, moeEntryName, moePolicy } from './policies/moe.ts';

const op = getOp('moe');
const GIVEN: Params = { H: 8, I: 4, E: 3, topk: 2, weight: 'f32', routing: 'given', normTopk: false };
const ROUTER: Params = { H: 64, I: 32, E: 16, topk: 4, weight: 'q4_0', routing: 'router', normTopk: true };

/** the op for any T, as the contract states it: ids outside [0, E) skipped, each token's slots summed in order */
const KERNEL_SOURCE = String.raw`#include <math.h>
#include <stdint.h>
enum { H = 8, I = 4, E = 3, K = 2 };
void kf_k0_moe(const float* x, const float* w_gate, const float* w_up, const float* w_down, const int32_t* ids, const float* weights, float* y, float* hidden, int32_t T) {
  for (int32_t t = 0; t < T; t++) {
    for (int h = 0; h < H; h++) y[t * H + h] = 0.0f;
    for (int r = 0; r < K; r++) {
      const int32_t e = ids[t * K + r];
      if (e < 0 || e >= E) continue;
      float* hid = hidden + (t * K + r) * I;
      for (int i = 0; i < I; i++) {
        float g = 0.0f, u = 0.0f;
        for (int h = 0; h < H; h++) {
          g += w_gate[(e * I + i) * H + h] * x[t * H + h];
          u += w_up[(e * I + i) * H + h] * x[t * H + h];
        }
        hid[i] = g / (1.0f + expf(-g)) * u;
      }
      for (int h = 0; h < H; h++) {
        float acc = 0.0f;
        for (int i = 0; i < I; i++) acc += w_down[(e * H + h) * I + i] * hid[i];
        y[t * H + h] += weights[t * K + r] * acc;
      }
    }
  }
}
`;

/** the same kernel serves both entries (one per phase): the policy indexes one kernel list */
const kernels = (['decode', 'prefill'] as const).map((phase, id): RuntimeKernel => ({
  id, symbol: `kf_k${id}_moe`, entry: moeEntryName(GIVEN, phase), rows: 0, file: `kf_k${id}_moe.c`, threads: 0, config: { variant: phase === 'decode' ? 'gather' : 'tiled' },
  source: id === 0 ? KERNEL_SOURCE : `#include <stdint.h>\nvoid kf_k0_moe(const float*, const float*, const float*, const float*, const int32_t*, const float*, float*, float*, int32_t);\n`
    + 'void kf_k1_moe(const float* x, const float* g, const float* u, const float* d, const int32_t* ids, const float* w, float* y, float* hidden, int32_t T) { kf_k0_moe(x, g, u, d, ids, w, y, hidden, T); }\n',
  args: [
    ...['x', 'w_gate', 'w_up', 'w_down'].map((name) => ({ name, cType: 'const float*' })), { name: 'ids', cType: 'const int32_t*' }, { name: 'weights', cType: 'const float*' },
    { name: 'y', cType: 'float*' }, { name: 'hidden', cType: 'float*', scratch: size.mul('T', 2 * 4 * 4) }, { name: 'T', cType: 'int32_t' },
  ],
}));

function library(): Record<string, string> {
  return cpuRuntimeFiles({
    target: 'c', version: '0', device: '', toolchain: { compiler: 'cc', flags: ['-O2'], libs: ['-lm'], openmp: false }, kernels,
    policies: [moePolicy([
      { compiled: GIVEN, phase: 'decode', defaultKernel: 0, tuned: [] },
      { compiled: GIVEN, phase: 'prefill', defaultKernel: 1, tuned: [{ shape: { T: 256 }, kernel: 1, note: 'test' }] },
    ])],
  });
}

test('moe entries: per expert configuration a decode and a prefill entry, T at run time, the ids range from E', () => {
  const entries = moePolicy(MOE_PHASES.flatMap((phase) => [GIVEN, ROUTER].map((compiled) => ({ compiled, phase, defaultKernel: 0, tuned: [] })))).entries();
  assert.deepEqual(entries.map((e) => e.name), [
    'kf_moe_e3k2_h8i4_f32_given_decode', 'kf_moe_e16k4_h64i32_q4_0_norm_decode', 'kf_moe_e3k2_h8i4_f32_given_prefill', 'kf_moe_e16k4_h64i32_q4_0_norm_prefill',
  ]);
  const given = entries[0]!;
  assert.deepEqual(given.tensors.map((t) => t.name), ['x', 'w_gate', 'w_up', 'w_down', 'ids', 'weights', 'y']);
  assert.deepEqual(given.scalars.map((s) => [s.name, s.min]), [['T', 1]]);
  assert.deepEqual(given.tensors.find((t) => t.name === 'ids')!.range, { min: 0, max: 2 });
  assert.ok(given.tensors.filter((t) => t.name !== 'ids').every((t) => t.range === undefined), 'only the ids are an index input');
  const router = entries[1]!;
  assert.deepEqual(router.tensors.map((t) => [t.name, t.elem]), [['x', 'float'], ['w_gate', 'void'], ['w_up', 'void'], ['w_down', 'void'], ['router', 'float'], ['y', 'float']]);
  assert.deepEqual(router.tensors[1]!.blocked, { axis: 64, block: 32 });
  const described = JSON.parse(entriesJson('c', [given])) as { entries: { tensors: { name: string; range?: unknown }[] }[] };
  assert.deepEqual(described.entries[0]!.tensors.filter((t) => t.range).map((t) => [t.name, t.range]), [['ids', { min: 0, max: 2 }]], 'kf_entries_json states the ids range');
  const header = library()['include/kforge.h']!;
  assert.match(header, /KF_ERR_BAD_VALUE = 10/);
  assert.match(header, /int kf_moe_e3k2_h8i4_f32_given_decode\(const float\* x, const float\* w_gate, const float\* w_up, const float\* w_down, const int32_t\* ids, const float\* weights, float\* y, int T, kf_dispatch_info\* info\)/);
  assert.match(header, /an id\n \* outside \[0,E\) returns KF_ERR_BAD_VALUE/);
});

const PROGRAM = (T: number, inputs: Record<string, ArrayLike<number>>): string => {
  const array = (type: string, name: string, values: ArrayLike<number>) => `static ${type} ${name}[${values.length}] = { ${Array.from(values, (v) => (type === 'float' ? `${v.toPrecision(9)}f` : String(v))).join(', ')} };`;
  return String.raw`#include "kforge.h"
#include <stdio.h>
#include <stdint.h>
#include <string.h>
${array('float', 'x', inputs.x!)}
${array('float', 'wg', inputs.w_gate!)}
${array('float', 'wu', inputs.w_up!)}
${array('float', 'wd', inputs.w_down!)}
${array('int32_t', 'ids', inputs.ids!)}
${array('float', 'wt', inputs.weights!)}
static float y[${T} * 8];
static void show(const char* what, int status, const kf_dispatch_info* info, int T) {
  printf("%s|%d|%s|%s|", what, status, kf_last_error(), status == 0 && info ? info->kernel : "");
  for (int i = 0; i < T * 8; i++) printf("%s%.9g", i ? "," : "", y[i]);
  printf("\n");
}
int main(void) {
  kf_dispatch_info info;
  if (kf_init() != KF_OK) return 1;
  show("decode_1", kf_moe_e3k2_h8i4_f32_given_decode(x, wg, wu, wd, ids, wt, y, 1, &info), &info, 1);
  show("decode_T", kf_moe_e3k2_h8i4_f32_given_decode(x, wg, wu, wd, ids, wt, y, ${T}, &info), &info, ${T});
  memset(y, 0, sizeof y);
  show("prefill_T", kf_moe_e3k2_h8i4_f32_given_prefill(x, wg, wu, wd, ids, wt, y, ${T}, &info), &info, ${T});
  for (int i = 0; i < ${T} * 8; i++) y[i] = -7.0f;
  ids[${T} * 2 - 1] = 3;
  show("id_E", kf_moe_e3k2_h8i4_f32_given_prefill(x, wg, wu, wd, ids, wt, y, ${T}, &info), &info, ${T});
  ids[${T} * 2 - 1] = 0;
  ids[1] = -1;
  show("id_negative", kf_moe_e3k2_h8i4_f32_given_decode(x, wg, wu, wd, ids, wt, y, ${T}, &info), &info, ${T});
  show("id_past_T_ignored", kf_moe_e3k2_h8i4_f32_given_decode(x + 8, wg, wu, wd, ids + 2, wt + 2, y, 1, &info), &info, 1);
  show("t_zero", kf_moe_e3k2_h8i4_f32_given_decode(x, wg, wu, wd, ids, wt, y, 0, &info), &info, 0);
  show("null_ids", kf_moe_e3k2_h8i4_f32_given_decode(x, wg, wu, wd, NULL, wt, y, 1, &info), &info, 0);
  kf_teardown();
  return 0;
}
`;
};

test('moe library with a contract kernel: decode and prefill at run-time T against the reference; an id outside [0, E) is KF_ERR_BAD_VALUE and y untouched', (t) => {
  if (spawnSync('cc', ['--version']).status !== 0) return t.skip('no cc');
  const T = 5;
  const params = resolveParams(op, { ...GIVEN, T });
  const inputs = randomInputs(op, params, 7);
  const reference = op.reference(params, inputs).y!;
  const data = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.data as ArrayLike<number>]));
  const { dir, exe, status, stderr } = compileLibraryProgram(library(), PROGRAM(T, data), kernels.map((k) => k.file), ['-Wextra']);
  try {
    assert.equal(status, 0, stderr);
    const run = spawnSync(exe, { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const got = new Map(run.stdout.trim().split('\n').map((line) => {
      const [what, status, message, kernel, y] = line.split('|');
      return [what!, { status: Number(status), message: message!, kernel: kernel!, y: y ? y.split(',').map(Number) : [] }] as const;
    }));
    const judge = (what: string, rows: number, kernel: string) => {
      const r = got.get(what)!;
      assert.deepEqual([r.status, r.message, r.kernel], [0, '', kernel], what);
      const check = checkOutput('moe', 'y', r.y, { shape: [rows, 8], data: reference.data.subarray(0, rows * 8) }, 'f32');
      assert.ok(check.ok, `${what}: ${check.message}`);
    };
    judge('decode_1', 1, 'kf_k0_moe');
    judge('decode_T', T, 'kf_k0_moe');
    judge('prefill_T', T, 'kf_k1_moe');
    const untouched = Array.from({ length: T * 8 }, () => -7);
    assert.deepEqual(got.get('id_E'), { status: 10, message: `kf_moe_e3k2_h8i4_f32_given_prefill: tensor ids: element ${T * 2 - 1} is 3, outside 0..2`, kernel: '', y: untouched });
    assert.deepEqual(got.get('id_negative'), { status: 10, message: 'kf_moe_e3k2_h8i4_f32_given_decode: tensor ids: element 1 is -1, outside 0..2', kernel: '', y: untouched });
    assert.equal(got.get('id_past_T_ignored')!.status, 0, 'only the T x topk ids of the call are checked');
    assert.deepEqual(got.get('t_zero'), { status: 2, message: 'kf_moe_e3k2_h8i4_f32_given_decode: T = 0 is below 1', kernel: '', y: [] });
    assert.deepEqual(got.get('null_ids'), { status: 1, message: 'kf_moe_e3k2_h8i4_f32_given_decode: tensor ids is NULL', kernel: '', y: [] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
