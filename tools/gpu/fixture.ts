/**
 * FIXTURE, not a measurement: a small synthetic results folder in the exact layout `run.sh` leaves in
 * OUT/work (plan.json, machine.txt, baselines.jsonl, perf/manifest.json + results.jsonl + y.npy, the
 * baselines' y.npy), for testing ingest.ts and to-bench.ts without a GPU. Shapes are tiny; every
 * device string and timing says FIXTURE. Outputs are the float64 reference of the inputs the device
 * would generate, rounded to f32 (one case's is perturbed on purpose, to be caught); timings come from
 * a seeded generator around made-up medians. `writeH200AttentionFixture` does the same for attention
 * cases (decode on cuda and opencl, a causal prefill) with PyTorch SDPA lines beside them, and the
 * o_rows.npy / o_written.json that reduce_outputs.py leaves; `writeH200GatedDeltaRuleFixture` for
 * gated_delta_rule cases (decode on cuda, opencl and vulkan, prefill on cuda) with FLA's lines.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng, encodeNpy, getOp, resolveParams, type Params } from '@kforge/ir';
import { emitKernel, loweringFor, opHooks } from '@kforge/driver';
import { sizedBuffers } from '@kforge/target';
import { hashSources } from '@kforge/autotune';
import {
  CUBLAS_FILLS, PLAN_FILE, generatedInputs, type H200Plan, type H200Target, type PlannedFlaBaseline, type PlannedSdpaBaseline, type PlannedTimedCase,
} from './plan.ts';
import { countedBytes, sampleCount, sampleRowsOf } from './suites.ts';

export const FIXTURE_DEVICE = 'FIXTURE (synthetic, not measured) NVIDIA H200 sm_90 / CUDA runtime 13.0 driver 13.0';
const REPEATS = 20;

/** The cases: (weight, N, K, kforge median ns, corrupt its y?). */
export const FIXTURE_CASES: readonly (readonly [string, number, number, number, boolean])[] = [
  ['f16', 64, 256, 3000, false],
  ['q4_0', 64, 256, 2500, false],
  ['w4g128', 64, 256, 2400, false],
  ['f16', 32, 128, 2000, true],
];

function timings(rng: Rng, medianNs: number): number[] {
  return Array.from({ length: REPEATS }, () => Math.round(medianNs * (1 + 0.02 * (rng.uniform() - 0.5))));
}

const f32Npy = (data: Float32Array): Uint8Array => encodeNpy({ dtype: 'f32', shape: [data.length], data });

/** the whole y (M = 1) of a gemv on its generated inputs, rounded to f32: a sample of every row */
function fullY(params: Params): Float32Array {
  const hooks = opHooks('gemv', 'sampledReference');
  return Float32Array.from(hooks.sampledReference(params, generatedInputs('gemv', params), hooks.sample(params, Number(params.N))));
}

/** Writes the fixture into `work` (created); returns its plan. */
export function writeH200Fixture(work: string): H200Plan {
  const rng = new Rng(5, 'h200-fixture');
  mkdirSync(join(work, 'perf'), { recursive: true });
  const timed: PlannedTimedCase[] = [];
  const manifestCases: unknown[] = [];
  const perfLines: string[] = [];
  FIXTURE_CASES.forEach(([weight, N, K, medianNs, corrupt], i) => {
    const params: Params = { M: 1, N, K, weight, act: 'f16', bias: false };
    const config = loweringFor('gemv', 'cuda').knobs('cuda', params).defaults;
    const artifact = emitKernel('gemv', 'cuda', params, config);
    const name = `${String(i).padStart(3, '0')}-perf-${weight}-${N}x${K}`;
    const moved = sizedBuffers(artifact).filter((b) => b.role !== 'scratch');
    const t: PlannedTimedCase = {
      case: name, kind: 'perf', op: 'gemv', params, config: { ...artifact.config } as PlannedTimedCase['config'], isDefault: true,
      bytes: moved.reduce((s, b) => s + b.bytes, 0), weightBytes: moved.filter((b) => b.name.startsWith('W')).reduce((s, b) => s + b.bytes, 0),
      sourceHash: hashSources(artifact.files), generated: generatedInputs('gemv', params),
    };
    timed.push(t);
    const y = fullY(params);
    if (corrupt) y[N - 1] = y[N - 1]! + 1;
    mkdirSync(join(work, 'perf', name), { recursive: true });
    writeFileSync(join(work, 'perf', name, 'y.npy'), f32Npy(y));
    manifestCases.push({ name, api: 'cuda', op: 'gemv', target: 'cuda', params, config: artifact.config, outputs: [{ name: 'y', elem: 'f32', bytes: N * 4 }] });
    const ts = timings(rng, medianNs);
    perfLines.push(JSON.stringify({ case: name, target: 'cuda', status: 'ok', device: FIXTURE_DEVICE, timings_ns: ts, median_ns: [...ts].sort((a, b) => a - b)[REPEATS >> 1], copies: 8 }));
  });
  writeFileSync(join(work, 'perf', 'manifest.json'), JSON.stringify({ kforgeGpuBundle: 1, created: '2026-11-30T00:00:00.000Z', cases: manifestCases, carried: [] }));
  writeFileSync(join(work, 'perf', 'results.jsonl'), `${perfLines.join('\n')}\n`);

  // baselines: two copy probes, cuBLAS f16 (two output types) and PyTorch per shape, int4 per quantized case
  const lines: object[] = [];
  const copy = (gbps: number) => {
    const bytes = 1 << 30;
    const ts = timings(rng, (2 * bytes) / gbps);
    return { device: `${FIXTURE_DEVICE} / 132 SMs, L2 60 MB`, timings_ns: ts, median_ns: ts[0], probe: 'copy', bytes, moved_bytes: 2 * bytes };
  };
  lines.push(copy(4200));
  const shapes = [...new Map(timed.map((t) => [`${t.params.N}x${t.params.K}`, t])).values()];
  for (const t of shapes) {
    const [N, K] = [Number(t.params.N), Number(t.params.K)];
    const ref = fullY({ ...t.params, weight: 'f16' });
    for (const [out, ns] of [['f32', 4200], ['f16', 4100]] as const) {
      const ts = timings(rng, ns);
      lines.push({ device: FIXTURE_DEVICE, timings_ns: ts, median_ns: ts[0], probe: 'cublas-f16', out, N, K, copies: 8 });
    }
    mkdirSync(join(work, `cublas-${N}x${K}`), { recursive: true });
    writeFileSync(join(work, `cublas-${N}x${K}`, 'y.npy'), f32Npy(ref));
    for (const [variant, fn, ns] of [['linear', 'torch.nn.functional.linear', 5000], ['mv', 'torch.mv', 5200]] as const) {
      const ts = timings(rng, ns);
      lines.push({ device: FIXTURE_DEVICE, timings_ns: ts, median_ns: ts[0], probe: 'torch-f16', N, K, copies: 8, torch: '2.11.0+cu130 (fixture)', fn, variant, format: 'f16 W, f16 x, f16 y', moved_bytes: 2 * N * K + 2 * K + 2 * N, nmse_vs_f64: 4e-8 });
      mkdirSync(join(work, `torch-f16-${N}x${K}`, variant), { recursive: true });
      writeFileSync(join(work, `torch-f16-${N}x${K}`, variant, 'y.npy'), f32Npy(ref));
    }
  }
  for (const t of timed.filter((x) => x.params.weight !== 'f16')) {
    const [N, K] = [Number(t.params.N), Number(t.params.K)];
    const group = t.params.weight === 'q4_0' ? 32 : 128;
    const ts = timings(rng, 2600);
    lines.push({
      device: FIXTURE_DEVICE, timings_ns: ts, median_ns: ts[0], probe: 'torch-int4', N, K, copies: 8, torch: '2.11.0+cu130 (fixture)',
      fn: 'torch._weight_int4pack_mm', variant: `int4-g${group}`, group, standing_for: t.params.weight,
      format: `tinygemm int4 codes, bf16 scale+zero per ${group}, bf16 x, bf16 y`, moved_bytes: N * K / 2 + (K / group) * N * 4 + 2 * K + 2 * N, nmse_vs_f64: 5e-6,
    });
  }
  lines.push({ device: FIXTURE_DEVICE, probe: 'torch-int4', N: 32, K: 128, status: 'unavailable', error: 'FIXTURE: a refusal, to show how one reads', standing_for: 'none' });
  lines.push(copy(4150));
  writeFileSync(join(work, 'baselines.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);

  writeMachine(work);
  const plan: H200Plan = {
    kforgeH200Plan: 1, created: '2026-11-30T00:00:00.000Z', buildCommit: 'f'.repeat(40), buildDirty: false,
    rotateBytes: 1 << 30, copyProbeBytes: 1 << 30, repeats: REPEATS, warmup: 5, timed, conformance: [],
    cublas: shapes.map((t) => ({ N: Number(t.params.N), K: Number(t.params.K) })), cublasFills: CUBLAS_FILLS,
  };
  writeFileSync(join(work, PLAN_FILE), JSON.stringify(plan));
  return plan;
}

function copyLine(rng: Rng, gbps: number) {
  const bytes = 1 << 30;
  const ts = timings(rng, (2 * bytes) / gbps);
  return { device: `${FIXTURE_DEVICE} / 132 SMs, L2 60 MB`, timings_ns: ts, median_ns: ts[0], probe: 'copy', bytes, moved_bytes: 2 * bytes };
}

function writeMachine(work: string): void {
  writeFileSync(join(work, 'machine.txt'), [
    '@@nvidia-smi', 'FIXTURE: no nvidia-smi ran',
    '@@query', 'name, driver_version, memory.total [MiB], clocks.current.sm [MHz], clocks.current.memory [MHz], clocks.max.sm [MHz], power.limit [W], temperature.gpu',
    'NVIDIA H200 (FIXTURE), 580.159.04, 143771 MiB, 345 MHz, 3201 MHz, 1980 MHz, 700.00 W, 35',
    '@@nvcc', 'Cuda compilation tools, release 13.0, V13.0.88',
    '@@gcc', 'gcc (FIXTURE) 13.3.0',
    '@@cpu', 'CPU(s):                                  16', 'Model name:                              FIXTURE Xeon', 'Flags:                                   fpu sse4_2 avx avx2 fma f16c avx512f',
    '@@mem', '               total        used        free', 'Mem:     137438953472  1000  1000',
    '@@uname', 'Linux 6.18.44 (FIXTURE)', '',
  ].join('\n'));
}

/**
 * The attention cases: (name, target, params, kforge median ns, what is wrong with kforge's o). Tiny
 * shapes whose sampled reference is quick; 'corrupt' perturbs one sampled value, 'unwritten' reports
 * elements of o left unwritten.
 */
export const ATTENTION_FIXTURE_CASES: readonly (readonly [string, H200Target, Params, number, 'ok' | 'corrupt' | 'unwritten'])[] = [
  ['decode', 'cuda', { B: 2, Hq: 4, Hkv: 2, Sq: 1, Skv: 96, D: 32, kv: 'f16' }, 4000, 'ok'],
  ['decode', 'opencl', { B: 2, Hq: 4, Hkv: 2, Sq: 1, Skv: 96, D: 32, kv: 'f16' }, 6000, 'ok'],
  ['prefill', 'cuda', { B: 1, Hq: 2, Hkv: 2, Sq: 40, Skv: 40, D: 32, causal: true, kv: 'f16' }, 9000, 'ok'],
  ['decode', 'cuda', { B: 1, Hq: 2, Hkv: 1, Sq: 1, Skv: 50, D: 32, kv: 'f16' }, 3000, 'corrupt'],
  ['decode', 'vulkan', { B: 2, Hq: 4, Hkv: 2, Sq: 1, Skv: 96, D: 32, kv: 'f16' }, 7000, 'unwritten'],
];

/** the float64 reference of a case's sampled rows, rounded as `round` says */
function sampledRows(t: PlannedTimedCase, round: (x: number) => number): Float32Array {
  const hooks = opHooks('attention', 'sampledReference');
  const ref = hooks.sampledReference(t.params, t.generated, hooks.sample(t.params, sampleCount('attention', t.params)));
  return Float32Array.from(ref, round);
}

const f16Round = (x: number): number => {
  const e = Math.floor(Math.log2(Math.abs(x) || 1));
  const ulp = 2 ** (e - 10);
  return Math.round(x / ulp) * ulp;
};

/** Writes the attention fixture into `work` (created); returns its plan. */
export function writeH200AttentionFixture(work: string): H200Plan {
  const rng = new Rng(7, 'h200-attention-fixture');
  mkdirSync(join(work, 'perf'), { recursive: true });
  const timed: PlannedTimedCase[] = [];
  const manifestCases: unknown[] = [];
  const perfLines: string[] = [];
  ATTENTION_FIXTURE_CASES.forEach(([phase, target, raw, medianNs, fault], i) => {
    const params = resolveParams(getOp('attention'), raw);
    const config = loweringFor('attention', target).knobs(target, params).defaults;
    const artifact = emitKernel('attention', target, params, config);
    const name = `${String(i).padStart(3, '0')}-perf-attention-${phase}-${i}${target === 'cuda' ? '' : `-${target}`}`;
    const t: PlannedTimedCase = {
      case: name, kind: 'perf', op: 'attention', target, params: artifact.params as Params, config: { ...artifact.config } as PlannedTimedCase['config'],
      isDefault: true, ...countedBytes('attention', artifact), flops: getOp('attention').flops(params), phase: phase as 'decode' | 'prefill',
      layer: `fixture.${phase}`, metric: phase === 'decode' ? 'gbps' : 'tflops', sourceHash: hashSources(artifact.files),
      generated: generatedInputs('attention', params), sampleRows: opHooks('attention', 'sample').sample(params, sampleCount('attention', params)).indices,
    };
    timed.push(t);
    const rows = sampledRows(t, Math.fround);
    if (fault === 'corrupt') rows[rows.length - 1] = rows[rows.length - 1]! + 1;
    mkdirSync(join(work, 'perf', name), { recursive: true });
    writeFileSync(join(work, 'perf', name, 'o_rows.npy'), f32Npy(rows));
    const elements = Number(params.B) * Number(params.Hq) * Number(params.Sq) * Number(params.Dv);
    writeFileSync(join(work, 'perf', name, 'o_written.json'), JSON.stringify({ elements, not_finite: fault === 'unwritten' ? 3 : 0, all_finite: fault !== 'unwritten' }));
    manifestCases.push({ name, api: target, op: 'attention', target, params: artifact.params, config: artifact.config, outputs: [{ name: 'o', elem: 'f32', bytes: elements * 4 }] });
    const ts = timings(rng, medianNs);
    perfLines.push(JSON.stringify({ case: name, target, status: 'ok', device: FIXTURE_DEVICE, timings_ns: ts, median_ns: [...ts].sort((a, b) => a - b)[REPEATS >> 1], copies: 16 }));
  });
  writeFileSync(join(work, 'perf', 'manifest.json'), JSON.stringify({ kforgeGpuBundle: 1, created: '2026-11-30T00:00:00.000Z', cases: manifestCases, carried: [] }));
  writeFileSync(join(work, 'perf', 'results.jsonl'), `${perfLines.join('\n')}\n`);

  // SDPA on each CUDA case: default and flash for decode (flash's rows wrong on purpose), flash and cuDNN (unavailable) for prefill
  const sdpa: PlannedSdpaBaseline[] = [];
  const lines: object[] = [copyLine(rng, 4200)];
  for (const t of timed.filter((x) => x.target === 'cuda')) {
    const prefill = t.phase === 'prefill';
    const backends = prefill ? ['flash', 'cudnn'] as const : ['default', 'flash'] as const;
    sdpa.push({
      kforgeCase: t.case, params: t.params, phase: t.phase!, backends: [...backends], generated: t.generated, sampleRows: t.sampleRows!,
      rotateBytes: 1 << 30, repeats: REPEATS, warmup: 5, flops: t.flops!, kvBytes: t.weightBytes,
    });
    for (const [k, backend] of backends.entries()) {
      const common = { device: FIXTURE_DEVICE, probe: 'torch-sdpa', fn: 'torch.nn.functional.scaled_dot_product_attention', torch: '2.11.0+cu130 (fixture)', case: t.case, phase: t.phase, params: t.params, backend };
      if (backend === 'cudnn') {
        lines.push({ ...common, status: 'unavailable', error: 'FIXTURE: a refusal, to show how one reads' });
        continue;
      }
      const rows = sampledRows(t, f16Round);
      if (backend === 'flash' && !prefill) rows[0] = rows[0]! + 0.5;
      const rel = join(`sdpa-${t.case}`, backend, 'o_rows.npy');
      mkdirSync(join(work, `sdpa-${t.case}`, backend), { recursive: true });
      writeFileSync(join(work, rel), f32Npy(rows));
      const ts = timings(rng, 5000 + 1000 * k);
      lines.push({
        ...common, timings_ns: ts, median_ns: ts[0], copies: 16, graph: true, kernels: [`FIXTURE_${backend}_kernel`], format: 'f16 q, k, v, o; f32 softmax inside',
        enable_gqa: t.params.Hq !== t.params.Hkv, kv_bytes: t.weightBytes, moved_bytes: t.weightBytes * 2, flops: t.flops, nmse_vs_f64: 1e-7, rows: rel,
      });
    }
  }
  lines.push(copyLine(rng, 4150));
  writeFileSync(join(work, 'baselines.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  writeMachine(work);
  const plan: H200Plan = {
    kforgeH200Plan: 1, created: '2026-11-30T00:00:00.000Z', buildCommit: 'e'.repeat(40), buildDirty: false, ops: ['attention'], parts: ['perf', 'baselines'],
    rotateBytes: 1 << 30, copyProbeBytes: 1 << 30, repeats: REPEATS, warmup: 5, timed, conformance: [], cublas: [], cublasFills: CUBLAS_FILLS, sdpa,
  };
  writeFileSync(join(work, PLAN_FILE), JSON.stringify(plan));
  return plan;
}

/**
 * The gated_delta_rule cases: (name, target, params, kforge median ns, what is wrong with kforge's
 * outputs). Tiny shapes; 'corrupt' perturbs one sampled value of o, 'unwritten' reports elements of s
 * left unwritten.
 */
export const GDR_FIXTURE_CASES: readonly (readonly [string, H200Target, Params, number, 'ok' | 'corrupt' | 'unwritten'])[] = [
  ['decode', 'cuda', { B: 2, T: 1, Hk: 2, Hv: 4, Dk: 32, Dv: 32, l2norm: true }, 3000, 'ok'],
  ['decode', 'opencl', { B: 2, T: 1, Hk: 2, Hv: 4, Dk: 32, Dv: 32, l2norm: true }, 5000, 'ok'],
  ['prefill', 'cuda', { B: 1, T: 40, Hk: 1, Hv: 2, Dk: 16, Dv: 24, l2norm: true }, 9000, 'ok'],
  ['prefill', 'cuda', { B: 1, T: 20, Hk: 2, Hv: 2, Dk: 16, Dv: 16 }, 8000, 'corrupt'],
  ['decode', 'vulkan', { B: 2, T: 1, Hk: 2, Hv: 4, Dk: 32, Dv: 32, l2norm: true }, 7000, 'unwritten'],
];

/** Writes the gated_delta_rule fixture into `work` (created): kforge's reduced outputs, FLA's lines (graph and eager; one eager refusal) and rows; returns its plan. */
export function writeH200GatedDeltaRuleFixture(work: string): H200Plan {
  const rng = new Rng(9, 'h200-gdr-fixture');
  mkdirSync(join(work, 'perf'), { recursive: true });
  const timed: PlannedTimedCase[] = [];
  const manifestCases: unknown[] = [];
  const perfLines: string[] = [];
  const hooks = opHooks('gated_delta_rule', 'sampledReference');
  GDR_FIXTURE_CASES.forEach(([phase, target, raw, medianNs, fault], i) => {
    const params = resolveParams(getOp('gated_delta_rule'), raw);
    const config = loweringFor('gated_delta_rule', target).knobs(target, params).defaults;
    const artifact = emitKernel('gated_delta_rule', target, params, config);
    const name = `${String(i).padStart(3, '0')}-perf-gdr-${phase}-${i}${target === 'cuda' ? '' : `-${target}`}`;
    const count = sampleCount('gated_delta_rule', params);
    const units = hooks.sample(params, count).indices;
    const t: PlannedTimedCase = {
      case: name, kind: 'perf', op: 'gated_delta_rule', target, params: artifact.params as Params, config: { ...artifact.config } as PlannedTimedCase['config'],
      isDefault: true, ...countedBytes('gated_delta_rule', artifact), flops: getOp('gated_delta_rule').flops(params), phase: phase as 'decode' | 'prefill',
      layer: `fixture.${phase}`, metric: phase === 'decode' ? 'gbps' : 'tflops', sourceHash: hashSources(artifact.files),
      generated: generatedInputs('gated_delta_rule', params), sampleRows: sampleRowsOf('gated_delta_rule', params, units)!.rows, sampleCount: count,
      sampleOutput: 'o', sampleRowLength: Number(params.Dv),
    };
    timed.push(t);
    const rows = Float32Array.from(hooks.sampledReference(params, t.generated, hooks.sample(params, count)), Math.fround);
    if (fault === 'corrupt') rows[rows.length - 1] = rows[rows.length - 1]! + 1;
    mkdirSync(join(work, 'perf', name), { recursive: true });
    writeFileSync(join(work, 'perf', name, 'o_rows.npy'), f32Npy(rows));
    const [B, T, Hv, Dk, Dv] = ['B', 'T', 'Hv', 'Dk', 'Dv'].map((k) => Number(params[k]));
    const elements = { o: B! * T! * Hv! * Dv!, s: B! * Hv! * Dk! * Dv! };
    writeFileSync(join(work, 'perf', name, 'o_written.json'), JSON.stringify({ elements: elements.o, not_finite: 0, all_finite: true }));
    writeFileSync(join(work, 'perf', name, 's_rows.npy'), encodeNpy({ dtype: 'f32', shape: [0, Dv!], data: new Float32Array(0) }));
    writeFileSync(join(work, 'perf', name, 's_written.json'), JSON.stringify({ elements: elements.s, not_finite: fault === 'unwritten' ? 5 : 0, all_finite: fault !== 'unwritten' }));
    manifestCases.push({
      name, api: target, op: 'gated_delta_rule', target, params: artifact.params, config: artifact.config,
      outputs: [{ name: 'o', elem: 'f32', bytes: elements.o * 4 }, { name: 's', elem: 'f32', bytes: elements.s * 4 }],
    });
    const ts = timings(rng, medianNs);
    perfLines.push(JSON.stringify({ case: name, target, status: 'ok', device: FIXTURE_DEVICE, timings_ns: ts, median_ns: [...ts].sort((a, b) => a - b)[REPEATS >> 1], copies: 16 }));
  });
  writeFileSync(join(work, 'perf', 'manifest.json'), JSON.stringify({ kforgeGpuBundle: 1, created: '2026-12-02T00:00:00.000Z', cases: manifestCases, carried: [] }));
  writeFileSync(join(work, 'perf', 'results.jsonl'), `${perfLines.join('\n')}\n`);

  // FLA on each CUDA case: graph and eager with rows close to the reference (tf32-like error); the
  // decode's eager call refused and its rows left on the device; the corrupt prefill's FLA rows far off, to be caught
  const fla: PlannedFlaBaseline[] = [];
  const lines: object[] = [copyLine(rng, 4200)];
  for (const t of timed.filter((x) => x.target === 'cuda')) {
    const count = t.sampleCount!;
    const units = hooks.sample(t.params, count).indices;
    const entry: PlannedFlaBaseline = {
      kforgeCase: t.case, params: t.params, phase: t.phase!, fn: t.phase === 'prefill' ? 'chunk_gated_delta_rule' : 'fused_recurrent_gated_delta_rule',
      dtypes: ['f32'], generated: t.generated, sampleCount: count, sampleUnits: units, sampleRows: t.sampleRows!, returnRows: t.phase === 'prefill',
      rotateBytes: 1 << 30, repeats: REPEATS, warmup: 5, flops: t.flops!, stateBytes: t.bytes,
    };
    fla.push(entry);
    const wrong = timed.indexOf(t) === 3;
    const ref = hooks.sampledReference(t.params, t.generated, hooks.sample(t.params, count));
    const rows = Float32Array.from(ref, (x, j) => (wrong && j === 0 ? x + 1 : x * (1 + 1e-4 * Math.sin(j))));
    // (the decode's rows stay on the device, as a long case's would: checked there only)
    const rel = join(`fla-${t.case}`, 'f32', 'o_rows.npy');
    if (entry.returnRows) {
      mkdirSync(join(work, `fla-${t.case}`, 'f32'), { recursive: true });
      writeFileSync(join(work, rel), f32Npy(rows));
    }
    for (const [k, mode] of ['graph', 'eager'].entries()) {
      const common = {
        device: FIXTURE_DEVICE, probe: 'fla', torch: '2.11.0+cu130 (fixture)', case: t.case, phase: t.phase, params: t.params, fn: `fla.ops.gated_delta_rule.${entry.fn}`,
        dtype: 'f32', mode, fla_commit: 'FIXTURE', triton: '3.6.0 (fixture)', fla_backends_available: ['none: FLA Triton kernels'],
      };
      if (mode === 'eager' && t.phase === 'decode') {
        lines.push({ ...common, status: 'unavailable', error: 'FIXTURE: a refusal, to show how one reads' });
        continue;
      }
      const ts = timings(rng, 4000 + 3000 * k);
      lines.push({
        ...common, timings_ns: ts, median_ns: ts[0], copies: 16, graph: mode === 'graph', kernels: [`FIXTURE_${entry.fn}_kernel`], format: 'f32 q, k, v, g, beta and state',
        state_bytes: t.bytes, flops: t.flops, moved_bytes: t.bytes * 2, nmse_vs_f64: 1e-8, state_nmse_vs_f64: 1e-8, ...(entry.returnRows ? { rows: rel } : {}),
      });
    }
  }
  lines.push(copyLine(rng, 4150));
  writeFileSync(join(work, 'baselines.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  writeMachine(work);
  const plan: H200Plan = {
    kforgeH200Plan: 1, created: '2026-12-02T00:00:00.000Z', buildCommit: 'd'.repeat(40), buildDirty: false, ops: ['gated_delta_rule'], parts: ['perf', 'baselines'],
    rotateBytes: 1 << 30, copyProbeBytes: 1 << 30, repeats: REPEATS, warmup: 5, timed, conformance: [], cublas: [], cublasFills: CUBLAS_FILLS, fla,
  };
  writeFileSync(join(work, PLAN_FILE), JSON.stringify(plan));
  return plan;
}
