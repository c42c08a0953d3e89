/**
 * Prepares one folder for the H200 machine (default /work/main/.gpu-bundle): the conformance matrix
 * for cuda, opencl and vulkan with its inputs carried; per op its perf cases (gemv: M = 1 layers and a
 * tuning sweep for cuda; attention: decode on cuda, opencl and vulkan, prefill on cuda) with inputs
 * generated on the device; the baseline programs (copy bandwidth, cuBLAS f16, PyTorch); the plan; and
 * run.sh + summarize.py, which build, run, print a table and pack everything into OUT.
 *
 * usage: node --import tsx tools/gpu/prepare.ts [DIR] [--ops gemv,attention,gated_delta_rule,moe] [--parts conformance,perf,sweep,baselines]
 *                                              [--sweep N] [--targets cuda,opencl,vulkan] [--only WORDS] [--fla-bf16] [--attention-variants [TARGETS]]
 *   --ops: the ops whose cases it holds (default every op with timed cases: gemv, attention, gated_delta_rule, moe)
 *   --parts: which parts (default all); 'baselines' are cuBLAS and PyTorch (the copy probe always runs)
 *   --only: keep the timed cases whose name holds one of these (e.g. decode-b8,prefill-b1; a quick check)
 *   --fla-bf16: FLA also with bf16 inputs on the first gated_delta_rule prefill shape
 *   --attention-variants [TARGETS]: the decode variants beside each attention decode default, of every target or of
 *     those listed (cuda: one-knob changes, about 70 cases; opencl, vulkan: GPU-shaped configs, about 100)
 * A case this checkout's lowering does not emit (a kernel still being written) is left out and named in
 * plan.skipped; the baselines planned from the specs (FLA) still run.
 */
import { chmodSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getOp, tensorBytes } from '@kforge/ir';
import { writeCudaBaselines, writeGpuBundle, type GpuBundleCase } from '@kforge/exec';
import { conformanceInputs, conformanceMatrix, emitKernel, opHooks } from '@kforge/driver';
import { hashSources } from '@kforge/autotune';
import { gitInfo } from '@kforge/bench';
import {
  COPY_PROBE_BYTES, CUBLAS_FILLS, PERF_REPEATS, PERF_WARMUP, PLAN_FILE, ROTATE_BYTES, generatedInputs,
  type H200Plan, type H200Target, type PlannedConformanceCase, type PlannedTimedCase,
} from './plan.ts';
import {
  CUBLAS_SHAPES, DEFAULT_SWEEP_SIZE, TIMED_OPS, attentionTimedSpecs, countedBytes, flaBaselines, gatedDeltaRuleTimedSpecs, gemvTimedSpecs,
  keptRowsOf, moePeers, moeTimedSpecs, sampleCount, sampleRowsOf, sdpaBaselines, type TimedSpec,
} from './suites.ts';

export { sweepConfigs } from './suites.ts';

const DEFAULT_TARGETS: readonly H200Target[] = ['cuda', 'opencl', 'vulkan'];
export const PARTS = ['conformance', 'perf', 'sweep', 'baselines'] as const;
export type Part = (typeof PARTS)[number];
/** the files of tools/gpu the bundle runs */
const SCRIPTS = ['run.sh', 'summarize.py', 'reduce_outputs.py', 'torch_baselines.py', 'torch_attention.py', 'fla_gated_delta_rule.py', 'moe_peers.py'];

export interface PrepareOptions {
  readonly sweepSize?: number;
  readonly targets?: readonly H200Target[];
  readonly ops?: readonly string[];
  readonly parts?: readonly Part[];
  /** keep only the timed cases whose name contains one of these */
  readonly only?: readonly string[];
  /** FLA also in bf16 on the first gated_delta_rule prefill shape */
  readonly flaBf16?: boolean;
  /** the variants beside each attention decode default (suites.ts): every target's, or those of the targets listed */
  readonly attentionVariants?: boolean | readonly H200Target[];
}

/** a large output sampled by whole rows is kept on the device as those rows alone (attention, gated_delta_rule; gemv's y comes back whole) */
function sampledRowsOf(op: string, params: PlannedTimedCase['params']): Partial<PlannedTimedCase> {
  if (op === 'gemv') return {};
  const count = sampleCount(op, params);
  const units = opHooks(op, 'sample').sample(params, count).indices;
  const rows = sampleRowsOf(op, params, units);
  const kept = keptRowsOf(op, params, units);
  return rows ? { sampleRows: rows.rows, sampleCount: count, sampleOutput: rows.output, sampleRowLength: rows.rowLength, ...(kept ? { keptRows: kept } : {}) } : {};
}

/** the kernel of a spec, or why this checkout's lowering does not emit it (a lowering still being written) */
function tryTimedCase(spec: TimedSpec): ReturnType<typeof timedCase> | { skipped: string } {
  try {
    return timedCase(spec);
  } catch (e) {
    return { skipped: (e as Error).message.slice(0, 300) };
  }
}

function timedCase(spec: TimedSpec) {
  const artifact = emitKernel(spec.op, spec.target, spec.params, spec.config);
  // OpenCL and Vulkan hosts fill copy 0 on the CPU with the same generator and upload it to every copy
  const generated = generatedInputs(spec.op, spec.params);
  const planned: PlannedTimedCase = {
    case: spec.name, kind: spec.kind, op: spec.op, target: spec.target, params: artifact.params as PlannedTimedCase['params'],
    config: { ...artifact.config } as PlannedTimedCase['config'], isDefault: spec.isDefault,
    ...(spec.counted ?? countedBytes(spec.op, artifact)), ...(spec.activeExperts ? { activeExperts: spec.activeExperts } : {}), flops: getOp(spec.op).flops(artifact.params as PlannedTimedCase['params']),
    ...(spec.phase ? { phase: spec.phase } : {}), ...(spec.layer ? { layer: spec.layer } : {}), ...(spec.metric ? { metric: spec.metric } : {}),
    ...(spec.repeats ? { repeats: spec.repeats } : {}), ...(spec.warmup !== undefined ? { warmup: spec.warmup } : {}),
    ...(spec.rotateBytes ? { rotateBytes: spec.rotateBytes } : {}),
    sourceHash: hashSources(artifact.files), generated,
    ...sampledRowsOf(spec.op, artifact.params as PlannedTimedCase['params']),
  };
  const bundleCase: GpuBundleCase = {
    name: spec.name, artifact, inputs: {}, generated, rotateBytes: spec.rotateBytes ?? ROTATE_BYTES,
    ...(spec.repeats ? { repeats: spec.repeats } : {}), ...(spec.warmup !== undefined ? { warmup: spec.warmup } : {}),
  };
  return { planned, bundleCase };
}

export async function prepareH200Bundle(dir: string, o: PrepareOptions = {}): Promise<H200Plan> {
  const targets = o.targets ?? DEFAULT_TARGETS;
  const ops = o.ops ?? TIMED_OPS;
  const parts = new Set(o.parts ?? PARTS);
  rmSync(dir, { recursive: true, force: true });

  const specs: TimedSpec[] = [];
  if (ops.includes('gemv') && targets.includes('cuda')) specs.push(...gemvTimedSpecs({ perf: parts.has('perf'), sweep: parts.has('sweep') }, o.sweepSize ?? DEFAULT_SWEEP_SIZE));
  if (ops.includes('attention') && parts.has('perf')) specs.push(...attentionTimedSpecs(targets, o.attentionVariants ?? false));
  // gated_delta_rule's specs also plan FLA (part 'baselines'), with or without kforge's timed cases
  const only = (s: TimedSpec) => !o.only || o.only.some((x) => s.name.includes(x));
  const gdrSpecs = ops.includes('gated_delta_rule') ? gatedDeltaRuleTimedSpecs(targets).filter(only) : [];
  if (parts.has('perf')) specs.push(...gdrSpecs);
  // moe's specs also plan its peers (part 'baselines'), with or without kforge's timed cases
  const moeSpecs = ops.includes('moe') ? moeTimedSpecs(targets).filter(only) : [];
  if (parts.has('perf')) specs.push(...moeSpecs);
  const kept = specs.filter(only);
  const skipped: { case: string; reason: string }[] = [];
  const attempts = kept.map((spec) => ({ spec, made: tryTimedCase(spec) }));
  const timed = attempts.flatMap(({ spec, made }) => {
    if ('skipped' in made) {
      skipped.push({ case: spec.name, reason: made.skipped });
      return [];
    }
    return [{ spec, ...made }];
  });
  const perfManifest = timed.length ? await writeGpuBundle(timed.map((t) => t.bundleCase), join(dir, 'perf'), { repeats: PERF_REPEATS, warmup: PERF_WARMUP }) : null;
  const plannedTimed = timed.map((t, i) => ({ ...t.planned, case: perfManifest!.cases[i]!.name }));
  const caseName = (spec: TimedSpec) => plannedTimed[timed.findIndex((t) => t.spec === spec)]?.case ?? spec.name;

  // the driver's conformance matrix of the chosen ops on the targets, inputs carried
  // (a case this checkout's lowering does not emit yet is left out and named in plan.skipped)
  const matrixCases = parts.has('conformance') ? conformanceMatrix({ targets, ops, level: 'ci', configs: 2 }) : [];
  const matrix: typeof matrixCases = [];
  const conformanceCases: GpuBundleCase[] = [];
  for (const c of matrixCases) {
    const name = `${c.target}-${c.op}-${Object.entries(c.params).map(([k, v]) => `${k}${v}`).join('-')}`;
    let artifact;
    try {
      artifact = emitKernel(c.op, c.target, c.params, c.config);
    } catch (e) {
      skipped.push({ case: name, reason: (e as Error).message.slice(0, 300) });
      continue;
    }
    const inputs = conformanceInputs(c);
    const bytes = Object.fromEntries(artifact.buffers.filter((b) => b.role === 'in').map((b) => [b.name, tensorBytes(inputs[b.name]!)]));
    matrix.push(c);
    conformanceCases.push({ name, artifact, inputs: bytes });
  }
  const conformanceManifest = conformanceCases.length ? await writeGpuBundle(conformanceCases, join(dir, 'conformance'), { repeats: 3, warmup: 1 }) : null;
  const conformance: PlannedConformanceCase[] = matrix.map((c, i) => ({
    case: conformanceManifest!.cases[i]!.name, op: c.op, params: c.params, config: { ...c.config } as PlannedConformanceCase['config'], target: c.target, seed: c.seed, ...(c.regime !== undefined ? { regime: c.regime } : {}),
  }));

  // the copy probe always runs (the ceiling of every timed case); cuBLAS and PyTorch with 'baselines'
  writeCudaBaselines(join(dir, 'baselines'));
  const baselines = parts.has('baselines');
  const cublas = baselines && ops.includes('gemv') && parts.has('perf') ? CUBLAS_SHAPES : [];
  const sdpa = baselines ? sdpaBaselines(plannedTimed, ROTATE_BYTES, PERF_REPEATS, PERF_WARMUP) : [];
  const fla = baselines ? flaBaselines(gdrSpecs, ROTATE_BYTES, PERF_REPEATS, PERF_WARMUP, caseName, o.flaBf16) : [];
  const moe = baselines ? moePeers(moeSpecs, PERF_REPEATS, PERF_WARMUP, caseName) : [];
  const plan: H200Plan = {
    kforgeH200Plan: 1, created: new Date().toISOString(), buildCommit: gitInfo().revision, buildDirty: gitInfo().dirty,
    ops: [...ops], parts: [...parts], rotateBytes: ROTATE_BYTES, copyProbeBytes: COPY_PROBE_BYTES,
    repeats: PERF_REPEATS, warmup: PERF_WARMUP, timed: plannedTimed, conformance, cublas, cublasFills: CUBLAS_FILLS, sdpa, fla, moe, skipped,
  };
  writeFileSync(join(dir, PLAN_FILE), `${JSON.stringify(plan, null, 1)}\n`);
  for (const file of SCRIPTS) copyFileSync(join(import.meta.dirname, file), join(dir, file));
  chmodSync(join(dir, 'run.sh'), 0o755);
  return plan;
}

function listFlag<T extends string>(args: string[], flag: string, known: readonly T[]): T[] | undefined {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const values = args.splice(at, 2)[1]?.split(',').filter(Boolean) ?? [];
  const unknown = values.filter((v) => !known.includes(v as T));
  if (unknown.length || !values.length) throw new Error(`${flag}: unknown ${unknown.join(', ') || '(none given)'} (known: ${known.join(', ')})`);
  return values as T[];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const sweepAt = args.indexOf('--sweep');
  const sweepSize = sweepAt >= 0 ? Number(args.splice(sweepAt, 2)[1]) : DEFAULT_SWEEP_SIZE;
  const targets = listFlag(args, '--targets', DEFAULT_TARGETS);
  const ops = listFlag(args, '--ops', TIMED_OPS);
  const parts = listFlag(args, '--parts', PARTS);
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1]!.split(',').filter(Boolean) : undefined;
  const dir = resolve(args[0] ?? join(import.meta.dirname, '../../.gpu-bundle'));
  const flaBf16 = args.includes('--fla-bf16');
  if (flaBf16) args.splice(args.indexOf('--fla-bf16'), 1);
  // --attention-variants [cuda,opencl,vulkan]: the variants of every target of the bundle, or of those listed
  const variantsAt = args.indexOf('--attention-variants');
  const variantList = variantsAt >= 0 ? args[variantsAt + 1]?.split(',') : undefined;
  const listed = variantList?.every((t) => DEFAULT_TARGETS.includes(t as H200Target)) ? variantList as H200Target[] : undefined;
  const attentionVariants = variantsAt < 0 ? false : listed ?? true;
  if (variantsAt >= 0) args.splice(variantsAt, listed ? 2 : 1);
  const plan = await prepareH200Bundle(dir, { sweepSize, flaBf16, attentionVariants, ...(targets ? { targets } : {}), ...(ops ? { ops } : {}), ...(parts ? { parts } : {}), ...(only ? { only } : {}) });
  const perf = plan.timed.filter((t) => t.kind === 'perf').length;
  console.log(`wrote ${dir}: ops ${plan.ops!.join(', ')}; ${perf} perf cases, ${plan.timed.length - perf} sweep candidates, ${plan.conformance.length} conformance cases, ` +
    `${plan.cublas.length} cuBLAS shapes, ${plan.sdpa?.length ?? 0} PyTorch SDPA cases, ${plan.fla?.length ?? 0} FLA cases, ${plan.moe?.length ?? 0} moe peer cases`);
  if (plan.skipped?.length) {
    console.log(`left out ${plan.skipped.length} cases this checkout does not emit, e.g. ${plan.skipped[0]!.case}: ${plan.skipped[0]!.reason}`);
  }
  console.log('run on the H200: bash .gpu-bundle/run.sh "$OUT"   (carry [".gpu-bundle", ".gl"]); then: node --import tsx tools/gpu/ingest.ts RESULTS_DIR');
}
