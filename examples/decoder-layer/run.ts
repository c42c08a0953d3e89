/**
 * examples/decoder-layer: one decode step of two whole decoder layers through the kforge runtime
 * library, checked against the composed float64 references and timed against the bytes they read.
 * Run from the repository root: `npx tsx examples/decoder-layer/run.ts` (README.md here says more).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from '../../tools/cli/src/args.ts';
import { buildRuntimeCommand } from '../../tools/cli/src/commands/build-runtime.ts';
import { QWEN3_30B_A3B_LAYER, QWEN3_5_2B_LINEAR_LAYER } from '../../tools/cli/src/commands/decoder-layer.ts';
import { layerBuild, moeRuntimeGap, runDecoderLayers } from '../../tools/cli/src/commands/decoder-layer-run.ts';

const repeats = Number(process.env.REPEATS ?? 5);
const seed = Number(process.env.SEED ?? 2026);

async function main(): Promise<number> {
  const [{ doctor }, { KforgeLibrary }] = await Promise.all([import('@kforge/exec'), import('@kforge/runtime')]);
  // the best native CPU target, as `kforge doctor` judges this machine
  const native = (await doctor()).targets.filter((t) => t.status === 'native').map((t) => t.target);
  const target = (['avx512', 'avx2', 'neon', 'c'] as const).find((t) => native.includes(t));
  if (!target) {
    console.log('no native CPU target here (kforge doctor)');
    return 1;
  }
  const gap = await moeRuntimeGap(target, QWEN3_30B_A3B_LAYER);
  const build = layerBuild(QWEN3_30B_A3B_LAYER, QWEN3_5_2B_LINEAR_LAYER, gap === undefined);
  const dir = mkdtempSync(join(tmpdir(), 'kforge-decoder-layer-'));
  try {
    const db = join(dir, 'tune.jsonl');
    writeFileSync(db, ''); // no tuning records unless DB names a tuning database: every entry dispatches to the target's defaults
    const formats = [...new Set([QWEN3_30B_A3B_LAYER.format, QWEN3_5_2B_LINEAR_LAYER.format])].join(',');
    console.log(`building the ${target} runtime: ${build.ops}; ${JSON.stringify(build.heads)}${build.experts ? `; experts ${JSON.stringify(build.experts)}` : `; no moe (${gap})`}`);
    const cmd = buildRuntimeCommand;
    await cmd.run(parseArgs(cmd.name, ['--target', target, '--db', process.env.DB ?? db, ...build.args, '--formats', formats, '--acts', 'f32', '--out', join(dir, 'runtime')], cmd.args));
    const lib = KforgeLibrary.open(join(dir, 'runtime', 'build', 'libkforge.so'));
    const r = await runDecoderLayers({
      target, lib, attention: QWEN3_30B_A3B_LAYER, linear: QWEN3_5_2B_LINEAR_LAYER, seed, repeats, ...(gap ? { moeGap: gap } : {}), log: (l) => console.log(l),
    });
    console.log('\nSummary:');
    for (const line of r.summary) console.log(`   ${line}`);
    for (const f of r.failures) console.log(`   FAILED: ${f}`);
    return r.failures.length ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
