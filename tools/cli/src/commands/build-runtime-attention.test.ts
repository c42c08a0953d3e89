// An attention runtime library on the CPU targets that execute natively here: decode and prefill
// entries per head configuration, called through the Node binding at run-time B, Sq and Skv that the
// kernels were not emitted at, each output judged against the float64 reference with the SPEC bound
// of the kernel that ran; a call with Sq > Skv is refused with its status and message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkOutput, getOp, randomInputs, resolveParams, tensorBytes, type Params } from '@kforge/ir';
import { ATTENTION_PHASE_SHAPE, attentionHeads, buildCpuRuntime, emitKernel, executorFor, planCpuRuntime, runtimeGaps } from '@kforge/driver';
import type { CpuTargetName } from '@kforge/exec';
import { KforgeLibrary, attentionEntryName, cpuRuntimeFiles } from '@kforge/runtime';

const HEADS: readonly Params[] = [
  { Hq: 4, Hkv: 2, D: 64, causal: true, kv: 'f16' },
  { Hq: 8, Hkv: 1, D: 32, Dv: 64, window: 5, kv: 'q8_0' },
];

/** calls of each entry: decode (Sq 1) and prefill (chunked: Sq < Skv), shapes no kernel was emitted at */
const CALLS = [
  { phase: 'decode', B: 2, Sq: 1, Skv: 77 },
  { phase: 'decode', B: 1, Sq: 3, Skv: 40 },
  { phase: 'prefill', B: 1, Sq: 29, Skv: 29 },
  { phase: 'prefill', B: 2, Sq: 13, Skv: 50 },
] as const;

const attention = getOp('attention');

for (const target of ['c', 'avx2', 'avx512'] as const satisfies readonly CpuTargetName[]) {
  test(`attention runtime on ${target}: decode and prefill entries at run-time shapes, checked against the reference`, async (t) => {
    const executor = await executorFor(target).then((e) => e.name, () => 'none');
    if (executor !== 'native') return t.skip(`${target} does not execute natively here (${executor})`);
    const gaps = runtimeGaps('attention', target);
    if (gaps.length) return t.skip(gaps.join('; '));
    const dir = mkdtempSync(join(tmpdir(), `kforge-rt-attn-${target}-`));
    try {
      const spec = planCpuRuntime({ target, ops: ['attention'], formats: [], acts: [], tuned: [], device: '', version: '0.1.0', phased: { attention: { heads: HEADS, tuned: [] } } });
      for (const [file, text] of Object.entries(cpuRuntimeFiles(spec))) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), text);
      }
      const built = await buildCpuRuntime(dir);
      const lib = KforgeLibrary.open(built.sharedLibrary);
      const names = lib.entries().map((e) => e.name);
      for (const heads of HEADS) {
        for (const call of CALLS) {
          const params = resolveParams(attention, { ...heads, B: call.B, Sq: call.Sq, Skv: call.Skv });
          const entry = attentionEntryName(attentionHeads(params), call.phase);
          assert.ok(names.includes(entry), `${entry} among ${names.join(', ')}`);
          const inputs = randomInputs(attention, params, 11);
          const o = new Float32Array(call.B * Number(params.Hq) * call.Sq * Number(params.Dv)).fill(Number.NaN);
          const r = lib.call(entry, { q: tensorBytes(inputs.q!), k: tensorBytes(inputs.k!), v: tensorBytes(inputs.v!), o }, { B: call.B, Sq: call.Sq, Skv: call.Skv });
          assert.equal(r.status, 0, `${entry} ${JSON.stringify(call)}: status ${r.status}`);
          // the kernel as the library emitted it: at its phase's shape (its config need not be valid at every call's shape)
          const arithmetic = emitKernel('attention', target, { ...params, ...ATTENTION_PHASE_SHAPE[call.phase] }, r.info!.config as Params).arithmetic ?? 'f32';
          const check = checkOutput('attention', 'o', o, attention.reference(params, inputs).o!, arithmetic);
          assert.ok(check.ok, `${entry} ${JSON.stringify(call)} via ${r.info!.kernel}: ${check.message}`);
        }
      }
      const entry = attentionEntryName(attentionHeads(HEADS[0]!), 'decode');
      const bad = lib.call(entry, { q: new Float32Array(4 * 64 * 5), k: new Uint16Array(2 * 64 * 4), v: new Uint16Array(2 * 64 * 4), o: new Float32Array(4 * 64 * 5) }, { B: 1, Sq: 5, Skv: 4 });
      assert.notEqual(bad.status, 0, 'Sq > Skv is refused');
      assert.match(lib.lastError(), /Sq = 5 is above Skv = 4/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

