// A gated_delta_rule runtime library on the CPU targets that execute natively here: decode and prefill
// entries per head configuration, called through the Node binding at run-time B and T that the kernels
// were not emitted at; decode updates the state in place (s0 and s one buffer). o and s are judged
// against the float64 reference with the SPEC bound; a call with T = 0 is refused with its message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkOutput, getOp, randomInputs, resolveParams, tensorBytes, type Params } from '@kforge/ir';
import { GATED_DELTA_RULE_PLAN, buildCpuRuntime, executorFor, phasedHeads, planCpuRuntime, runtimeGaps } from '@kforge/driver';
import type { CpuTargetName } from '@kforge/exec';
import { KforgeLibrary, cpuRuntimeFiles, gatedDeltaRuleEntryName } from '@kforge/runtime';

const HEADS: readonly Params[] = [
  { Hk: 2, Hv: 4, Dk: 32, Dv: 48, l2norm: true },
  { Hk: 1, Hv: 2, Dk: 64 },
];

/** calls of each entry: decode in place (T 1 and a few tokens), prefill with separate state buffers */
const CALLS = [
  { phase: 'decode', B: 2, T: 1, inPlace: true },
  { phase: 'decode', B: 1, T: 3, inPlace: true },
  { phase: 'prefill', B: 1, T: 70, inPlace: false },
  { phase: 'prefill', B: 2, T: 33, inPlace: false },
] as const;

const op = getOp('gated_delta_rule');

for (const target of ['c', 'avx2', 'avx512'] as const satisfies readonly CpuTargetName[]) {
  test(`gated_delta_rule runtime on ${target}: decode in place and prefill at run-time shapes, checked against the reference`, async (t) => {
    const executor = await executorFor(target).then((e) => e.name, () => 'none');
    if (executor !== 'native') return t.skip(`${target} does not execute natively here (${executor})`);
    const gaps = runtimeGaps('gated_delta_rule', target);
    if (gaps.length) return t.skip(gaps.join('; '));
    const dir = mkdtempSync(join(tmpdir(), `kforge-rt-gdr-${target}-`));
    try {
      const spec = planCpuRuntime({
        target, ops: ['gated_delta_rule'], formats: [], acts: [], tuned: [], device: '', version: '0.1.0', phased: { gated_delta_rule: { heads: HEADS, tuned: [] } },
      });
      for (const [file, text] of Object.entries(cpuRuntimeFiles(spec))) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), text);
      }
      const built = await buildCpuRuntime(dir);
      const lib = KforgeLibrary.open(built.sharedLibrary);
      const names = lib.entries().map((e) => e.name);
      for (const heads of HEADS) {
        for (const call of CALLS) {
          const params = resolveParams(op, { ...heads, B: call.B, T: call.T });
          const entry = gatedDeltaRuleEntryName(phasedHeads(GATED_DELTA_RULE_PLAN, params), call.phase);
          assert.ok(names.includes(entry), `${entry} among ${names.join(', ')}`);
          const inputs = randomInputs(op, params, 13);
          const reference = op.reference(params, inputs);
          const o = new Float32Array(reference.o!.data.length).fill(Number.NaN);
          const s0 = new Float32Array(inputs.s0!.data as Float32Array);
          const s = call.inPlace ? s0 : new Float32Array(s0.length).fill(Number.NaN);
          const given = Object.fromEntries(['q', 'k', 'v', 'g', 'beta'].map((n) => [n, tensorBytes(inputs[n]!)]));
          const r = lib.call(entry, { ...given, s0, o, s }, { B: call.B, T: call.T });
          assert.equal(r.status, 0, `${entry} ${JSON.stringify(call)}: status ${r.status} ${lib.lastError()}`);
          for (const [name, out] of [['o', o], ['s', s]] as const) {
            const check = checkOutput('gated_delta_rule', name, out, reference[name]!, 'f32');
            assert.ok(check.ok, `${entry} ${JSON.stringify(call)} ${name} via ${r.info!.kernel}: ${check.message}`);
          }
        }
      }
      const entry = gatedDeltaRuleEntryName(phasedHeads(GATED_DELTA_RULE_PLAN, HEADS[0]!), 'decode');
      const none = new Float32Array(64);
      const bad = lib.call(entry, { q: none, k: none, v: none, g: none, beta: none, s0: none, o: none, s: none }, { B: 1, T: 0 });
      assert.notEqual(bad.status, 0, 'T = 0 is refused');
      assert.match(lib.lastError(), /T/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
