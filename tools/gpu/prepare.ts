/**
 * Prepares one folder for the H200 machine (default /work/main/.gpu-bundle): the conformance matrix
 * for cuda, opencl and vulkan with its inputs carried; gemv perf cases and a tuning sweep for cuda at
 * M = 1 with inputs generated on the device; the baseline program (copy bandwidth, cuBLAS f16); the
 * plan; and run.sh + summarize.py, which build, run, print a table and pack everything into OUT.
 *
 * usage: node --import tsx tools/gpu/prepare.ts [DIR] [--sweep N] [--targets cuda,opencl,vulkan]
 */
import { chmodSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getOp, randomInputs, Rng, tensorBytes, type KnobConfig, type ParamValue, type Params } from '@kforge/ir';
import { writeCudaBaselines, writeGpuBundle, type GpuBundleCase } from '@kforge/exec';
import { conformanceMatrix, emitKernel, loweringFor } from '@kforge/driver';
import { SearchSpace, hashSources } from '@kforge/autotune';
import { gitInfo } from '@kforge/bench';
import { sizedBuffers } from '@kforge/target';
import {
  COPY_PROBE_BYTES, CUBLAS_FILLS, PERF_REPEATS, PERF_WARMUP, PLAN_FILE, ROTATE_BYTES, generatedInputs,
  type H200Plan, type PlannedConformanceCase, type PlannedTimedCase,
} from './plan.ts';

const PERF_SHAPES: readonly [number, number][] = [[4096, 4096], [11008, 4096], [151936, 1024], [3072, 1024]];
const PERF_FORMATS = ['f16', 'q4_0', 'w4g128'] as const;
/** the cases below the bandwidth bar of issue 3 (85% of the copy bandwidth for weights of 16 MB and more) */
const SWEEPS: readonly (readonly [string, number, number])[] = [
  ['f16', 4096, 4096], ['q4_0', 11008, 4096], ['q4_0', 151936, 1024], ['w4g128', 11008, 4096], ['w4g128', 151936, 1024],
];
const SWEEP_SEED = 3;
const DEFAULT_SWEEP_SIZE = 24;
const DEFAULT_TARGETS = ['cuda', 'opencl', 'vulkan'] as const;
type H200Target = (typeof DEFAULT_TARGETS)[number];
/**
 * non-default configs timed beside each perf case where they apply: the float path (the default is
 * int8), the x pre-pass instead of the default's quantization in registers, the best pre-pass config of
 * the 2026-11-29 sweeps, 8 rows on 2 warps with x in registers, the best f16 config of the 4096x4096
 * sweep (2026-11-29), and the default launched without overlapping the previous launch
 */
const PERF_VARIANTS: readonly Readonly<Record<string, ParamValue>>[] = [
  { dot_path: 'float', quantize_x: 'dispatch' }, { dot_path: 'int8', quantize_x: 'dispatch' },
  { dot_path: 'int8', quantize_x: 'dispatch', rows_per_block: 2, workgroup_size: 64, k_unroll: 4 },
  { dot_path: 'int8', quantize_x: 'registers', rows_per_block: 8, workgroup_size: 64, k_unroll: 1 },
  { rows_per_block: 1, vector_width: 8, k_unroll: 4 }, { dependent_launch: false },
];

/** the op the perf cases and sweeps time (their shapes, variants and sweep region are gemv's) */
const PERF_OP = 'gemv';
const gemvParams = (weight: string, N: number, K: number): Params => ({ M: 1, N, K, weight, act: 'f16', bias: false });

/**
 * The default config first, then every other valid config when they are few, else the valid
 * neighbors of the default (one knob one step away: where a better default is most likely) and a seeded
 * sample of the region where the fast configs of earlier sweeps were: no split-K, warp-shuffle
 * reductions, the int8 path where the format has one (a uniform sample is mostly split-K and narrow
 * loads, all slower); the region is widened to the whole space when it runs out.
 */
export function sweepConfigs(params: Params, count: number): KnobConfig[] {
  const knobs = loweringFor(PERF_OP, 'cuda').knobs('cuda', params);
  const space = new SearchSpace(knobs);
  const first = space.indexOf(knobs.defaults)!;
  if (space.size <= count) return [knobs.defaults, ...space.configs.filter((_, i) => i !== first)];
  const chosen = new Map<number, KnobConfig>([[first, knobs.defaults]]);
  for (const neighbour of space.neighbors(knobs.defaults).slice(0, count - 1)) chosen.set(space.indexOf(neighbour)!, neighbour);
  const rng = new Rng(SWEEP_SEED, `h200-sweep/${params.weight}/${params.N}x${params.K}`);
  const int8 = knobs.knobs.find((k) => k.name === 'dot_path')!.values.includes('int8');
  const focused = (c: KnobConfig) => c.split_k === 1 && c.subgroup_reduce === true && (!int8 || c.dot_path === 'int8');
  const region = space.configs.map((c, i) => [c, i] as const).filter(([c, i]) => focused(c) && !chosen.has(i));
  for (let left = region.length; left > 0 && chosen.size < count; left--) {
    const [c, i] = region.splice(rng.int(left), 1)[0]!;
    chosen.set(i, c);
  }
  while (chosen.size < count) {
    const c = space.random(rng);
    chosen.set(space.indexOf(c)!, c);
  }
  return [...chosen.values()];
}

function timedCase(kind: 'perf' | 'sweep', name: string, params: Params, config: KnobConfig, isDefault: boolean) {
  const artifact = emitKernel(PERF_OP, 'cuda', params, config);
  const generated = generatedInputs(PERF_OP, params);
  const moved = sizedBuffers(artifact).filter((b) => b.role === 'in' || b.role === 'out');
  const planned: PlannedTimedCase = {
    case: name, kind, op: PERF_OP, params, config: { ...artifact.config } as PlannedTimedCase['config'], isDefault,
    bytes: moved.reduce((n, b) => n + b.bytes, 0),
    weightBytes: moved.filter((b) => b.name.startsWith('W')).reduce((n, b) => n + b.bytes, 0),
    sourceHash: hashSources(artifact.files), generated,
  };
  const bundleCase: GpuBundleCase = { name, artifact, inputs: {}, generated, rotateBytes: ROTATE_BYTES };
  return { planned, bundleCase };
}

export async function prepareH200Bundle(dir: string, sweepSize = DEFAULT_SWEEP_SIZE, targets: readonly H200Target[] = DEFAULT_TARGETS): Promise<H200Plan> {
  rmSync(dir, { recursive: true, force: true });
  const timed: ReturnType<typeof timedCase>[] = [];
  for (const weight of PERF_FORMATS) {
    for (const [N, K] of PERF_SHAPES) {
      const params = gemvParams(weight, N, K);
      const knobs = loweringFor(PERF_OP, 'cuda').knobs('cuda', params);
      timed.push(timedCase('perf', `perf-${weight}-${N}x${K}`, params, knobs.defaults, true));
      // a variant may repeat the default or an earlier variant (the default may already have its rows)
      const timedConfigs = new Set([JSON.stringify(knobs.defaults)]);
      PERF_VARIANTS.forEach((variant, v) => {
        const config = { ...knobs.defaults, ...variant };
        const fits = Object.entries(variant).every(([k, value]) => knobs.knobs.find((d) => d.name === k)?.values.includes(value));
        const repeats = timedConfigs.has(JSON.stringify(config));
        timedConfigs.add(JSON.stringify(config));
        if (fits && !repeats && !knobs.check(config)) timed.push(timedCase('perf', `perf-${weight}-${N}x${K}-v${v + 1}`, params, config, false));
      });
    }
  }
  for (const [weight, N, K] of SWEEPS) {
    const params = gemvParams(weight, N, K);
    sweepConfigs(params, sweepSize).forEach((config, i) => {
      timed.push(timedCase('sweep', `sweep-${weight}-${N}x${K}-${String(i).padStart(2, '0')}`, params, config, i === 0));
    });
  }
  const perfManifest = await writeGpuBundle(timed.map((t) => t.bundleCase), join(dir, 'perf'), { repeats: PERF_REPEATS, warmup: PERF_WARMUP });
  const plannedTimed = timed.map((t, i) => ({ ...t.planned, case: perfManifest.cases[i]!.name }));

  // every op with a lowering on the targets: the driver's conformance matrix, inputs carried
  const matrix = conformanceMatrix({ targets, level: 'ci', configs: 2 });
  const conformanceCases: GpuBundleCase[] = matrix.map((c) => {
    const artifact = emitKernel(c.op, c.target, c.params, c.config);
    const inputs = randomInputs(getOp(c.op), c.params, c.seed);
    const bytes = Object.fromEntries(artifact.buffers.filter((b) => b.role === 'in').map((b) => [b.name, tensorBytes(inputs[b.name]!)]));
    return { name: `${c.target}-${c.op}-${Object.entries(c.params).map(([k, v]) => `${k}${v}`).join('-')}`, artifact, inputs: bytes };
  });
  const conformanceManifest = await writeGpuBundle(conformanceCases, join(dir, 'conformance'), { repeats: 3, warmup: 1 });
  const conformance: PlannedConformanceCase[] = matrix.map((c, i) => ({
    case: conformanceManifest.cases[i]!.name, op: c.op, params: c.params, config: { ...c.config } as PlannedConformanceCase['config'], target: c.target, seed: c.seed,
  }));

  writeCudaBaselines(join(dir, 'baselines'));
  const plan: H200Plan = {
    kforgeH200Plan: 1, created: new Date().toISOString(), buildCommit: gitInfo().revision, buildDirty: gitInfo().dirty, rotateBytes: ROTATE_BYTES, copyProbeBytes: COPY_PROBE_BYTES,
    repeats: PERF_REPEATS, warmup: PERF_WARMUP, timed: plannedTimed, conformance,
    cublas: PERF_SHAPES.map(([N, K]) => ({ N, K })), cublasFills: CUBLAS_FILLS,
  };
  writeFileSync(join(dir, PLAN_FILE), `${JSON.stringify(plan, null, 1)}\n`);
  for (const file of ['run.sh', 'summarize.py', 'torch_baselines.py']) copyFileSync(join(import.meta.dirname, file), join(dir, file));
  chmodSync(join(dir, 'run.sh'), 0o755);
  return plan;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const sweepAt = args.indexOf('--sweep');
  const sweep = sweepAt >= 0 ? Number(args.splice(sweepAt, 2)[1]) : DEFAULT_SWEEP_SIZE;
  const targetsAt = args.indexOf('--targets');
  const targets = targetsAt >= 0 ? args.splice(targetsAt, 2)[1]!.split(',') as H200Target[] : DEFAULT_TARGETS;
  const unknown = targets.filter((t) => !(DEFAULT_TARGETS as readonly string[]).includes(t));
  if (unknown.length) throw new Error(`--targets: unknown ${unknown.join(', ')} (known: ${DEFAULT_TARGETS.join(', ')})`);
  const dir = resolve(args[0] ?? join(import.meta.dirname, '../../.gpu-bundle'));
  const plan = await prepareH200Bundle(dir, sweep, targets);
  const perf = plan.timed.filter((t) => t.kind === 'perf').length;
  console.log(`wrote ${dir}: ${perf} perf cases, ${plan.timed.length - perf} sweep candidates, ${plan.conformance.length} conformance cases`);
  console.log('run on the H200: bash .gpu-bundle/run.sh "$OUT"   (carry [".gpu-bundle"]); then: node --import tsx tools/gpu/ingest.ts RESULTS_DIR');
}
