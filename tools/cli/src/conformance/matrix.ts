// The conformance matrix of `kforge verify` for one op, a test per target: every lowering in the registry x
// the op's conformance shapes (its hooks: weight formats of gemv, kv storages of attention, chunk tails and
// head ratios of gated_delta_rule, routing corners of moe) x the default and a drawn config x every executor
// variant (RVV at VLEN 128, 256 and 512), executed on random inputs with poisoned outputs and judged against
// the float64 reference with the SPEC section 4 bound. Targets that cannot execute here are compiled only.
// Each op has a test file of its own (verify-<op>.test.ts), so that one op's matrix is one test process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TARGET_NAMES } from '@kforge/target';
import { conformanceMatrix, describeCase, executorFor, loweringFor, runConformance } from '@kforge/driver';
import { buildCpuArtifact, compileCudaHere, executorsFor, isCpuTarget } from '@kforge/exec';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function conformanceTests(op: string): void {
  for (const target of TARGET_NAMES) {
    test(`${op} conformance on ${target}`, async (t) => {
      const cases = conformanceMatrix({ ops: [op], targets: [target], variants: (x) => executorsFor(x)[0]?.variants ?? [{}] });
      assert.ok(cases.length > 0, `no conformance cases for ${target}`);
      const runnable = await executorFor(target).then(() => true, (e: Error) => e.message);
      if (runnable !== true) {
        // compile-only here (avx512 without AVX-512 hardware, cuda without a GPU): build every case
        const dir = mkdtempSync(join(tmpdir(), `kforge-conf-${target}-`));
        try {
          for (const c of cases) {
            const artifact = loweringFor(c.op, target).emit(target, c.params, c.config);
            if (isCpuTarget(target)) await buildCpuArtifact(artifact, dir);
            else if (target === 'cuda') await compileCudaHere(artifact, dir);
            else return t.skip(`${target}: ${runnable}`);
          }
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
        t.diagnostic(`${target}: ${cases.length} cases compiled only (${runnable})`);
        return;
      }
      const results = await runConformance(cases);
      const bad = results.filter((r) => r.status !== 'pass');
      assert.deepEqual(bad.map((r) => `${r.status}: ${describeCase(r.case)}: ${r.message}`), []);
      t.diagnostic(`${target}: ${results.length} cases pass on ${results[0]!.executor} (${results[0]!.mode})`);
    });
  }
}
