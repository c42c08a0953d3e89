// End to end for the scalable-vector (rvv) and vector-DSP (hvx) gemv lowerings: emit, build, run under
// qemu-riscv64 at VLEN 128, 256 and 512 (the same binary) and qemu-hexagon, and judge each output
// against the float64 reference with the SPEC bound of the kernel's arithmetic (outputs are poisoned
// first, so an unwritten element fails). The default matrix covers every format and dot path with
// rotating act/bias/M/K/config; KFORGE_FULL=1 runs every combination.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FORMATS, WEIGHT_FORMAT_NAMES, getOp, randomInputs, resolveParams, type Params, type WeightFormatName } from '@kforge/ir';
import { emitGemvCpu } from '@kforge/codegen-cpu';
import { RVV_VLENS, qemuHexagonExecutor, qemuRiscv64Executor, type Executor } from '@kforge/exec';
import { checkRun, runArtifact } from '@kforge/driver';
import type { KernelArtifact } from '@kforge/target';

const FULL = process.env.KFORGE_FULL === '1';
/** narrow a run while debugging: KFORGE_ONLY=rvv or KFORGE_ONLY=hvx:q4_0 */
const ONLY = process.env.KFORGE_ONLY;
const N = 37;

interface Case {
  readonly target: 'rvv' | 'hvx';
  readonly params: Params;
  readonly config: Record<string, number | string>;
}

/** K of one block (or group) and K of about a thousand; dense weights get K with vector tails */
function kValues(format: WeightFormatName): number[] {
  const f = FORMATS[format];
  return f.kind === 'dense' ? [33, 1029] : [Math.max(32, f.block), 1024];
}

function configsFor(target: 'rvv' | 'hvx', dotPath: 'float' | 'int8'): Record<string, number | string>[] {
  if (target === 'hvx') return [{ dot_path: dotPath }, { dot_path: dotPath, rows: 1 }, { dot_path: dotPath, rows: 8 }];
  return dotPath === 'int8'
    ? [{ dot_path: dotPath }, { dot_path: dotPath, lmul: 1, rows: 1 }, { dot_path: dotPath, lmul: 4, rows: 8 }]
    : [{ dot_path: dotPath }, { dot_path: dotPath, lmul: 1, rows: 1 }, { dot_path: dotPath, lmul: 8, rows: 2 }];
}

function cases(): Case[] {
  const gemv = getOp('gemv');
  const out: Case[] = [];
  for (const target of ['rvv', 'hvx'] as const) {
    for (const format of WEIGHT_FORMAT_NAMES) {
      const paths = FORMATS[format].kind === 'dense' ? ['float'] as const : ['float', 'int8'] as const;
      for (const dotPath of paths) {
        const configs = configsFor(target, dotPath);
        const [kSmall, kLong] = kValues(format) as [number, number];
        const combos = FULL
          ? (['f32', 'f16'] as const).flatMap((act) => [false, true].flatMap((bias) => [1, 3, 16].flatMap((M) => [kSmall, kLong].map((K) => ({ act, bias, M, K })))))
          : [{ act: 'f32', bias: true, M: 1, K: kLong }, { act: 'f16', bias: false, M: 3, K: kSmall }, { act: 'f16', bias: true, M: 16, K: kLong }] as const;
        combos.forEach((c, i) => out.push({
          target,
          params: resolveParams(gemv, { M: c.M, N, K: c.K, weight: format, act: c.act, bias: c.bias }),
          config: configs[i % configs.length]!,
        }));
      }
    }
  }
  return ONLY ? out.filter((c) => `${c.target}:${c.params.weight}`.startsWith(ONLY)) : out;
}

async function pool<T>(items: readonly T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

test('gemv rvv (VLEN 128/256/512, same binary) and hvx: every format, act, bias, M, N tails, K, dot path', async () => {
  const executors: Record<'rvv' | 'hvx', { executor: Executor; variants: Record<string, number>[] }> = {
    rvv: { executor: qemuRiscv64Executor, variants: RVV_VLENS.map((vlen) => ({ vlen })) },
    hvx: { executor: qemuHexagonExecutor, variants: [{}] },
  };
  for (const e of Object.values(executors)) {
    const a = await e.executor.probe();
    assert.ok(a.ok, `${e.executor.name} unavailable: ${a.reason}`);
  }
  const root = mkdtempSync(join(tmpdir(), 'kf-gemv-rvv-hvx-'));
  const failures: string[] = [];
  let checked = 0;
  const all = cases();
  try {
    await pool(all.map((cs, seed) => ({ cs, seed })), 2, async ({ cs, seed }) => {
      let artifact: KernelArtifact;
      try {
        artifact = emitGemvCpu(cs.target, cs.params, cs.config);
      } catch (err) {
        failures.push(`gemv ${cs.target} ${JSON.stringify(cs.params)} config=${JSON.stringify(cs.config)}: emit failed: ${String(err)}`);
        return;
      }
      const inputs = randomInputs(getOp('gemv'), cs.params, seed);
      const { executor, variants } = executors[cs.target];
      // one work folder per artifact: the VLEN variants reuse the one binary
      const workDir = mkdtempSync(join(root, `${cs.target}-`));
      for (const variant of variants) {
        const what = `gemv ${cs.target} ${JSON.stringify(cs.params)} config=${JSON.stringify(artifact.config)} executor=${executor.name} ${JSON.stringify(variant)}`;
        try {
          const run = await runArtifact(artifact, inputs, { executor, variant, workDir });
          const { ok, checks } = checkRun(run, inputs);
          checked++;
          if (!ok) failures.push(`${what}: ${checks.map((c) => c.message).join('; ')}`);
        } catch (err) {
          failures.push(`${what}: ${String(err).slice(0, 600)}`);
        }
      }
      rmSync(workDir, { recursive: true, force: true });
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  assert.deepEqual(failures, []);
  assert.equal(checked, all.reduce((n, cs) => n + executors[cs.target].variants.length, 0));
});
