/**
 * An H200 bundle run as one results file of the bench schema (docs/benchmarks/SCHEMA.md), so that
 * `kforge bench report` draws its cases on the roofline of the copy bandwidth measured in the same
 * run, with speedup bars against cuBLAS and PyTorch, and `kforge bench compare` can test one run
 * against another.
 *
 * Every perf case (kforge's default config) becomes one case: kforge's kernel first, checked on
 * sampled rows against the float64 reference as ingest.ts does; then the baselines the run measured on
 * the same N x K: cuBLAS f16 (the faster output type), PyTorch f16 (the faster of F.linear and
 * torch.mv) and, for q4_0 and w4g128, PyTorch's int4 weight-only kernel. The f16 baselines' outputs
 * are checked against the same reference (they ran on the same generated W and x as the f16 case);
 * the int4 one reports its own nmse against a float64 reference on the device. Sweep candidates stay
 * in the tuning database (ingest.ts), not here.
 *
 * Every attention perf case (decode on cuda, opencl and vulkan, prefill on cuda) becomes one case too:
 * kforge's kernel, checked on its sampled query rows of o, with GB/s over the k and v bytes and GFLOP/s
 * by the op's flops; beside it PyTorch's scaled_dot_product_attention on the same generated inputs
 * (torch_attention.py): the fastest of the SDPA backends the run timed whose sampled rows pass the
 * check here, the others' times noted in the case's reason.
 *
 * Every gated_delta_rule perf case (decode on cuda, opencl and vulkan, prefill on cuda) likewise: kforge's
 * kernel checked on its sampled value heads, GB/s over the state read and written (s0 + s), GFLOP/s by
 * the op's flops; beside it FLA (fla_gated_delta_rule.py, f32 inputs): 'fla' its CUDA-graph replay and
 * 'fla-eager' its eager calls, each checked on the same heads here (or on the device where its rows
 * stayed there), held to the 'half' bound; FLA in bf16 is named in the reason.
 *
 * Every moe perf case (cuda: Qwen3-30B-A3B's layer at T 1 and 8 in f16, q4_0, w4g128, T 512 in f16): kforge's
 * kernel checked on its sampled tokens of y, GB/s over the experts its routing picks (+ router, x, y),
 * GFLOP/s by the op's flops; beside it the peers of the f16 case of the same shape (moe_peers.py):
 * 'fused-moe' (vLLM's Triton fused_moe, the whole layer under graph replay), 'fused-moe-kernels' (its
 * kernels alone, the routing made beforehand), 'fused-moe-eager', 'grouped-mm' (torch._grouped_mm, bf16)
 * and 'pytorch-eager' (a loop over the routed experts).
 *
 * usage: node --import tsx tools/gpu/to-bench.ts OUT_DIR|WORK_DIR --out FILE.json [--commit REV] [--dirty] [--bundle-sources]
 *   --commit/--dirty: the revision the bundle was prepared from, for plans that do not record it
 *   --bundle-sources: keep a kforge case whose sources this checkout no longer emits (kernels still being
 *     written while the run was made) when its outputs pass the check; the measurement names the plan's revision
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { decodeNpy, getOp, InputError, nmseBound, type KernelArithmetic, type ParamValue } from '@kforge/ir';
import { readGpuBundleResults, type GpuBundleCaseResult } from '@kforge/exec';
import { bytesOfRoles } from '@kforge/target';
import {
  SCHEMA_VERSION, kforgeVersion, sourceSha256, summarize,
  type BenchFile, type CaseResult, type Ceiling, type ImplName, type Measurement, type Provenance,
} from '@kforge/bench';
import { FLA_ARITHMETIC, checkFlaLine, checkMoePeerLine, checkSampled, checkSampledRows, checkTimedCase, workDir } from './ingest.ts';
import { PLAN_FILE, generatedInputs, targetOf, type H200Plan, type H200Target, type PlannedTimedCase } from './plan.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const RUN_COMMAND = 'bash .gpu-bundle/run.sh $OUT (device tool, carry .gpu-bundle)';
/** bf16 activations and output: the int4 baseline is held to this against its own float64 reference */
export const INT4_NMSE_BOUND = 1e-4;

/** Model layers the perf shapes stand for (N x K of y = W x). */
const LAYERS: Readonly<Record<string, string>> = {
  '4096x4096': 'llama2-7b.q/k/v/o_proj',
  '11008x4096': 'llama2-7b.gate_proj/up_proj',
  '151936x1024': 'qwen3-0.6b.lm_head',
  '3072x1024': 'qwen3-0.6b.gate_proj/up_proj',
};

/** One line of baselines.jsonl: cuda_baselines.cu's (copy, cublas-f16) or torch_baselines.py's. */
export interface BaselineLine {
  readonly probe: string;
  readonly device?: string;
  readonly timings_ns?: readonly number[];
  readonly median_ns?: number;
  readonly N?: number;
  readonly K?: number;
  readonly copies?: number;
  readonly bytes?: number;
  readonly moved_bytes?: number;
  readonly out?: string;
  readonly fn?: string;
  readonly variant?: string;
  readonly format?: string;
  readonly group?: number;
  readonly standing_for?: string;
  readonly nmse_vs_f64?: number;
  readonly torch?: string;
  readonly status?: string;
  readonly error?: string;
  /** torch-sdpa: the kforge case, the backend asked for, the kernels it launched, graph replay or not, its rows of o */
  readonly case?: string;
  readonly params?: Readonly<Record<string, ParamValue>>;
  readonly backend?: string;
  readonly kernels?: readonly string[];
  readonly graph?: boolean;
  readonly kv_bytes?: number;
  readonly flops?: number;
  readonly rows?: string;
  /** fla: eager or graph, the input format, FLA's revision and Triton's, its nmse against float64 on the device */
  readonly mode?: string;
  readonly dtype?: string;
  readonly fla_commit?: string;
  readonly triton?: string;
  readonly fla_backends_available?: readonly string[];
  /** moe-peer: which peer (fused_moe, fused_moe_kernels, grouped_mm, eager), its counted bytes, vLLM's revision and config */
  readonly impl?: string;
  readonly active_bytes?: number;
  readonly vllm_commit?: string;
  readonly vllm_config?: Readonly<Record<string, number>>;
}

interface PerfLine {
  readonly case: string;
  readonly copies?: number;
}

/** machine.txt as written by run.sh: `@@name` headers, each followed by its command's output. */
export function machineSections(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  let at = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('@@')) {
      at = line.slice(2).trim();
      out[at] = [];
    } else if (at) out[at]!.push(line);
  }
  return out;
}

const ISA_FLAG = /^(sse4_2|avx|avx2|fma|f16c|bmi2|avx512\w*|avx_vnni|amx\w*)$/;
/** run.sh cuts lscpu's lines at 400 characters: a cut flags list says so instead of passing for the whole. */
function isaFlags(flags: string, lineLength: number): string[] {
  const words = flags.split(/\s+/).filter(Boolean);
  const cut = lineLength >= 400;
  const listed = (cut ? words.slice(0, -1) : words).filter((f) => ISA_FLAG.test(f)).sort();
  return cut ? [...listed, '(flags list cut at 400 characters by run.sh)'] : listed;
}

const samplesMs = (ns: readonly number[]): number[] => ns.map((t) => Number((t / 1e6).toPrecision(4)));
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The baseline program's source as the run kept it (run.sh copies it into work/), else this checkout's. */
function baselineSource(work: string, file: string, checkoutPath: string): { sha: string; kept: boolean } {
  const kept = join(work, file);
  if (existsSync(kept)) return { sha: sha256(readFileSync(kept, 'utf8')), kept: true };
  return { sha: sha256(readFileSync(join(REPO_ROOT, checkoutPath), 'utf8')), kept: false };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

interface Context {
  readonly work: string;
  readonly plan: H200Plan;
  readonly ceilingGbps: number;
  readonly nvcc: string | null;
  /** accept timed cases whose sources this checkout no longer emits when their outputs pass (--bundle-sources) */
  readonly bundleSources: boolean;
}

function measurement(ctx: Context, m: {
  impl: ImplName; timingsNs: readonly number[]; bytes: number; flops: number; copies: number; inputBytes: number;
  detail: string; configuration: Record<string, ParamValue>; source: string; compiler: Measurement['compiler'];
  nmse: number; bound: number; target?: H200Target;
  /** the kernel is the bundle's, not this checkout's (to-bench --bundle-sources) */
  sourceNote?: string;
}): Measurement {
  const s = summarize(m.timingsNs.map((t) => t / 1e6));
  const gbps = m.bytes / (s.median * 1e6);
  return {
    impl: m.impl, target: m.target ?? 'cuda', executor: 'gpu-bundle', executor_detail: m.detail, threads: 0,
    configuration: m.sourceNote ? { ...m.configuration, sources: m.sourceNote } : m.configuration, config_source: 'default', source_sha256: m.source, compiler: m.compiler,
    correct: true, nmse: m.nmse, nmse_bound: m.bound,
    median_ms: s.median, min_ms: s.min, max_ms: s.max, iqr_ms: s.iqr, repeats: s.n, samples_ms: samplesMs(m.timingsNs),
    bytes_moved: m.bytes, gbps, fraction_of_ceiling: ctx.ceilingGbps > 0 ? gbps / ctx.ceilingGbps : 0,
    gflops: m.flops / (s.median * 1e6), rotate: m.copies, working_set_bytes: m.inputBytes * m.copies,
  };
}

/** The faster of several timed lines (cuBLAS's two output types, PyTorch's two calls). */
function fastest(lines: readonly BaselineLine[]): BaselineLine | undefined {
  return lines.filter((l) => l.timings_ns?.length).sort((a, b) => summarize(a.timings_ns!).median - summarize(b.timings_ns!).median)[0];
}

/** An f16 baseline's y of copy 0 (f32 in the .npy) on the sampled rows of the f16 case with its N x K. */
function checkF16Baseline(ctx: Context, N: number, K: number, npyPath: string, arithmetic: KernelArithmetic): { nmse: number; bound: number; ok: boolean; why?: string } {
  if (!existsSync(npyPath)) return { nmse: NaN, bound: NaN, ok: false, why: `no output ${relative(ctx.work, npyPath)} to check` };
  const y = decodeNpy(new Uint8Array(readFileSync(npyPath)), npyPath).data as ArrayLike<number>;
  // the baselines compute the f16 gemv of the same generated W and x
  const params = { M: 1, N, K, weight: 'f16', act: 'f16', bias: false };
  const planned = ctx.plan.timed.find((t) => t.op === 'gemv' && t.params.weight === 'f16' && t.params.N === N && t.params.K === K);
  const check = checkSampled({ op: 'gemv', params, generated: planned?.generated ?? generatedInputs('gemv', params) }, () => y, arithmetic);
  return { nmse: check.nmse, bound: check.bound, ok: check.ok, ...(check.ok ? {} : { why: check.message }) };
}

/** a non-default case is named by the knobs it changes, e.g. " [dot_path=float]" */
function variantSuffix(t: PlannedTimedCase, defaults: PlannedTimedCase['config'] | undefined): string {
  if (t.isDefault || !defaults) return '';
  const changed = Object.entries(t.config).filter(([k, v]) => defaults[k] !== v).map(([k, v]) => `${k}=${v}`);
  return ` [${changed.join(',')}]`;
}

function kforgeCase(ctx: Context, t: PlannedTimedCase, r: GpuBundleCaseResult, copies: number, baselines: readonly BaselineLine[], defaults?: PlannedTimedCase['config']): CaseResult {
  const p = t.params;
  const [N, K] = [Number(p.N), Number(p.K)];
  const shape = `${N}x${K}`;
  const base = { id: `${t.op}/${LAYERS[shape] ?? 'h200'}/${shape}/M${p.M}/${p.weight}${variantSuffix(t, defaults)}`, op: t.op, layer: LAYERS[shape] ?? shape, phase: 'decode', params: p };
  const check = checkTimedCase(t, r, join(ctx.work, 'perf'));
  if (check.status !== 'ok') {
    const status = check.status === 'wrong' ? 'incorrect' : 'error';
    return { ...base, status, reason: `kforge: ${check.reason ?? check.status}`, measurements: [], speedup: {} };
  }
  const flops = getOp(t.op).flops(p);
  const inputBytes = bytesOfRoles(check.artifact!, ['in']);
  const nvcc = ctx.nvcc ?? 'nvcc (version not recorded)';
  const measurements: Measurement[] = [measurement(ctx, {
    impl: 'kforge', timingsNs: r.result!.timingsNs!, bytes: t.bytes, flops, copies, inputBytes, detail: r.result!.detail,
    configuration: t.config, source: sourceSha256(check.artifact!),
    compiler: { compiler: 'nvcc', version: nvcc, flags: ['-O3', '-gencode', 'arch=compute_90,code=sm_90'], libs: [] },
    nmse: check.nmse!, bound: check.bound!,
  })];
  const notes: string[] = [];
  const f16In = 2 * N * K + 2 * K;

  const cublas = fastest(baselines.filter((b) => b.probe === 'cublas-f16' && b.N === N && b.K === K));
  if (cublas) {
    // the baseline writes only the f32-output variant's y; it is the same GEMM with another rounding of y
    const c = checkF16Baseline(ctx, N, K, join(ctx.work, `cublas-${shape}`, 'y.npy'), 'half');
    const src = baselineSource(ctx.work, 'cuda_baselines.cu', 'packages/exec/templates/gpu/cuda_baselines.cu');
    if (c.ok) {
      measurements.push(measurement(ctx, {
        impl: 'cublas', timingsNs: cublas.timings_ns!, bytes: f16In + N * (cublas.out === 'f16' ? 2 : 4), flops, copies: cublas.copies ?? 1, inputBytes: f16In,
        detail: `${cublas.device ?? 'unknown device'} / cublasGemmEx`, source: src.sha,
        configuration: { format: `cublasGemmEx f16 W, f16 x, ${cublas.out} y, f32 compute${p.weight === 'f16' ? '' : ` (kforge's case is ${p.weight})`}`, out: cublas.out ?? '?' },
        compiler: { compiler: 'nvcc', version: nvcc, flags: ['-O3', '-arch=sm_90'], libs: ['cublas'] }, nmse: c.nmse, bound: c.bound,
      }));
      if (!src.kept) notes.push("cuBLAS source hash taken from this checkout's cuda_baselines.cu (the run did not keep its copy)");
    } else notes.push(`cublas baseline not used: ${c.why}`);
  }

  const torchF16 = fastest(baselines.filter((b) => b.probe === 'torch-f16' && b.N === N && b.K === K));
  if (torchF16) {
    const c = checkF16Baseline(ctx, N, K, join(ctx.work, `torch-f16-${shape}`, torchF16.variant ?? 'linear', 'y.npy'), 'half');
    const src = baselineSource(ctx.work, 'torch_baselines.py', 'tools/gpu/torch_baselines.py');
    if (c.ok) {
      measurements.push(measurement(ctx, {
        impl: 'pytorch', timingsNs: torchF16.timings_ns!, bytes: torchF16.moved_bytes ?? f16In + 2 * N, flops, copies: torchF16.copies ?? 1, inputBytes: f16In,
        detail: `${torchF16.device ?? 'unknown device'} / ${torchF16.fn}`, source: src.sha,
        configuration: { format: `${torchF16.fn}: ${torchF16.format}${p.weight === 'f16' ? '' : ` (kforge's case is ${p.weight})`}` },
        compiler: { compiler: 'pytorch', version: torchF16.torch ?? null, flags: [], libs: [] }, nmse: c.nmse, bound: c.bound,
      }));
    } else notes.push(`pytorch f16 baseline not used: ${c.why}`);
  }

  const int4 = baselines.find((b) => b.probe === 'torch-int4' && b.N === N && b.K === K && b.standing_for === p.weight);
  if (int4?.timings_ns?.length) {
    const nmse = int4.nmse_vs_f64 ?? NaN;
    if (nmse <= INT4_NMSE_BOUND) {
      const inBytes = int4.moved_bytes! - 2 * N;
      measurements.push(measurement(ctx, {
        impl: 'pytorch-int4', timingsNs: int4.timings_ns, bytes: int4.moved_bytes!, flops, copies: int4.copies ?? 1, inputBytes: inBytes,
        detail: `${int4.device ?? 'unknown device'} / ${int4.fn}`, source: baselineSource(ctx.work, 'torch_baselines.py', 'tools/gpu/torch_baselines.py').sha,
        configuration: { format: `${int4.fn}: ${int4.format} (another format than kforge's ${p.weight}; its own random data)`, group: int4.group ?? 0 },
        compiler: { compiler: 'pytorch', version: int4.torch ?? null, flags: [], libs: [] }, nmse, bound: INT4_NMSE_BOUND,
      }));
    } else notes.push(`pytorch-int4 baseline not used: nmse ${nmse} against its float64 reference > ${INT4_NMSE_BOUND}`);
  } else if (int4?.status) {
    notes.push(`pytorch-int4: ${int4.status}: ${(int4.error ?? '').split('\n').filter(Boolean).at(-1) ?? ''}`);
  }
  const speedup: Partial<Record<ImplName, number>> = {};
  for (const m of measurements.slice(1)) speedup[m.impl] = m.median_ms / measurements[0]!.median_ms;
  return { ...base, status: 'ok', reason: notes.length ? notes.join('; ') : null, measurements, speedup };
}

/** How each API's kernel was compiled: nvcc here for CUDA; the driver at run time for OpenCL; glslang here for Vulkan. */
function compilerOf(ctx: Context, target: H200Target): Measurement['compiler'] {
  if (target === 'opencl') return { compiler: 'NVIDIA OpenCL driver (clBuildProgram at run time)', version: null, flags: [], libs: [] };
  if (target === 'vulkan') return { compiler: 'glslangValidator (SPIR-V, Vulkan 1.3) + NVIDIA Vulkan driver', version: null, flags: ['-V', '--target-env', 'vulkan1.3'], libs: [] };
  return { compiler: 'nvcc', version: ctx.nvcc ?? 'nvcc (version not recorded)', flags: ['-O3', '-gencode', 'arch=compute_90,code=sm_90'], libs: [] };
}

/** e.g. B8-Hq32-Hkv8-Sq1-Skv4096-D128-f16, '-causal' for causal masks */
function attentionShape(p: PlannedTimedCase['params']): string {
  return `B${p.B}-Hq${p.Hq}-Hkv${p.Hkv}-Sq${p.Sq}-Skv${p.Skv}-D${p.D}${p.Dv !== p.D ? `-Dv${p.Dv}` : ''}-${p.kv}${p.causal ? '-causal' : ''}${Number(p.window) > 0 ? `-w${p.window}` : ''}`;
}

const medianNs = (l: BaselineLine): number => summarize(l.timings_ns!).median;

/**
 * kforge's own measurement of a timed case of the ops beside gemv (its outputs checked here first), or why
 * there is none: 'incorrect kforge: ...' or 'error kforge: ...'
 */
function kforgeMeasurement(ctx: Context, t: PlannedTimedCase, r: GpuBundleCaseResult, copies: number, target: H200Target): Measurement | string {
  const check = checkTimedCase(t, r, join(ctx.work, 'perf'));
  // --bundle-sources: a kernel whose sources this checkout no longer emits, its outputs checked, stands as the plan revision's kernel
  const stale = ctx.bundleSources && check.status === 'constraint' && check.staleOutputsOk === true;
  if (check.status !== 'ok' && !stale) return `${check.status === 'wrong' ? 'incorrect' : 'error'} kforge: ${check.reason ?? check.status}`;
  return measurement(ctx, {
    impl: 'kforge', target, timingsNs: r.result!.timingsNs!, bytes: t.bytes, flops: t.flops ?? getOp(t.op).flops(t.params), copies,
    inputBytes: bytesOfRoles(check.artifact!, ['in']), detail: r.result!.detail, configuration: t.config, source: stale ? t.sourceHash : sourceSha256(check.artifact!),
    compiler: compilerOf(ctx, target), nmse: check.nmse!, bound: check.bound!,
    ...(stale ? { sourceNote: `the bundle's sources (plan ${ctx.plan.buildCommit ?? '?'}${ctx.plan.buildDirty ? ', dirty' : ''}; source hash ${t.sourceHash}): this checkout emits others for the config` } : {}),
  });
}

function attentionCase(ctx: Context, t: PlannedTimedCase, r: GpuBundleCaseResult, copies: number, baselines: readonly BaselineLine[], defaults?: PlannedTimedCase['config']): CaseResult {
  const p = t.params;
  const target = targetOf(t);
  const base = { id: `attention/${t.layer ?? 'h200'}/${attentionShape(p)}/${target}${variantSuffix(t, defaults)}`, op: t.op, layer: t.layer ?? attentionShape(p), phase: t.phase ?? 'decode', params: p };
  const kforge = kforgeMeasurement(ctx, t, r, copies, target);
  if (typeof kforge === 'string') return { ...base, status: kforge.startsWith('incorrect') ? 'incorrect' : 'error', reason: kforge.replace(/^\w+ /, ''), measurements: [], speedup: {} };
  const flops = t.flops ?? getOp(t.op).flops(p);
  const measurements: Measurement[] = [kforge];
  const notes: string[] = [];
  // SDPA ran on the CUDA case's inputs (the same params): its f16 o on the same sampled rows, held to the 'half' bound
  const same = JSON.stringify(p);
  const sdpa = baselines.filter((b) => b.probe === 'torch-sdpa' && JSON.stringify(b.params) === same);
  const passing: { line: BaselineLine; nmse: number; bound: number }[] = [];
  for (const b of sdpa) {
    if (!b.timings_ns?.length) {
      notes.push(`pytorch sdpa ${b.backend}: ${b.status ?? 'not timed'}: ${(b.error ?? '').split('\n').filter(Boolean).at(-1) ?? ''}`);
      continue;
    }
    const path = join(ctx.work, b.rows ?? '');
    if (!b.rows || !existsSync(path)) {
      notes.push(`pytorch sdpa ${b.backend}: no rows of o to check`);
      continue;
    }
    const c = checkSampledRows(t, decodeNpy(new Uint8Array(readFileSync(path)), path).data as ArrayLike<number>, 'half');
    if (c.ok) passing.push({ line: b, nmse: c.nmse, bound: c.bound });
    else notes.push(`pytorch sdpa ${b.backend} not used: ${c.message}`);
  }
  passing.sort((a, b) => medianNs(a.line) - medianNs(b.line));
  const best = passing[0];
  if (best) {
    const l = best.line;
    measurements.push(measurement(ctx, {
      impl: 'pytorch', timingsNs: l.timings_ns!, bytes: l.kv_bytes ?? t.bytes, flops: l.flops ?? flops, copies: l.copies ?? 1,
      inputBytes: l.moved_bytes ?? t.bytes, detail: `${l.device ?? 'unknown device'} / ${l.fn} (${l.backend})`,
      source: baselineSource(ctx.work, 'torch_attention.py', 'tools/gpu/torch_attention.py').sha,
      configuration: {
        format: `${l.fn}, backend ${l.backend}${l.backend === 'default' ? " (SDPA's choice)" : ' (forced by sdpa_kernel)'}: ${l.format}`,
        backend: l.backend ?? '?', kernels: (l.kernels ?? []).join('; '), graph: l.graph ?? false, enable_gqa: p.Hq !== p.Hkv,
      },
      compiler: { compiler: 'pytorch', version: l.torch ?? null, flags: [], libs: [] }, nmse: best.nmse, bound: best.bound, target: 'cuda',
    }));
    for (const o of passing.slice(1)) notes.push(`pytorch sdpa ${o.line.backend}: ${(medianNs(o.line) / 1e3).toFixed(2)} us (nmse ${o.nmse.toExponential(1)})`);
  }
  const speedup: Partial<Record<ImplName, number>> = {};
  for (const m of measurements.slice(1)) speedup[m.impl] = m.median_ms / measurements[0]!.median_ms;
  return { ...base, status: 'ok', reason: notes.length ? notes.join('; ') : null, measurements, speedup };
}

/** e.g. B1-T8192-Hk16-Hv16-Dk128-l2 (Dv when it differs from Dk) */
function gatedDeltaRuleShape(p: PlannedTimedCase['params']): string {
  return `B${p.B}-T${p.T}-Hk${p.Hk}-Hv${p.Hv}-Dk${p.Dk}${p.Dv !== p.Dk ? `-Dv${p.Dv}` : ''}${p.l2norm ? '-l2' : ''}`;
}

const FLA_BOUND = nmseBound('gated_delta_rule', FLA_ARITHMETIC);

/** FLA's measurements in the bench file: 'fla' is its CUDA-graph replay (kforge's own protocol), 'fla-eager' its Python calls */
const FLA_IMPL: Readonly<Record<string, ImplName>> = { graph: 'fla', eager: 'fla-eager' };

function gatedDeltaRuleCase(ctx: Context, t: PlannedTimedCase, r: GpuBundleCaseResult, copies: number, baselines: readonly BaselineLine[], defaults?: PlannedTimedCase['config']): CaseResult {
  const p = t.params;
  const target = targetOf(t);
  const base = { id: `gated_delta_rule/${t.layer ?? 'h200'}/${gatedDeltaRuleShape(p)}/${target}${variantSuffix(t, defaults)}`, op: t.op, layer: t.layer ?? gatedDeltaRuleShape(p), phase: t.phase ?? 'decode', params: p };
  const kforge = kforgeMeasurement(ctx, t, r, copies, target);
  if (typeof kforge === 'string') return { ...base, status: kforge.startsWith('incorrect') ? 'incorrect' : 'error', reason: kforge.replace(/^\w+ /, ''), measurements: [], speedup: {} };
  const measurements: Measurement[] = [kforge];
  const notes: string[] = [];
  // FLA ran on the CUDA case's inputs (the same params): its o on the same sampled heads, held to the 'half' bound
  const same = JSON.stringify(p);
  const entry = (ctx.plan.fla ?? []).find((e) => JSON.stringify(e.params) === same);
  for (const b of baselines.filter((x) => x.probe === 'fla' && JSON.stringify(x.params) === same && (x.dtype ?? 'f32') === 'f32')) {
    const mode = b.mode ?? 'graph';
    if (!b.timings_ns?.length || !entry) {
      notes.push(`fla ${mode}: ${b.status ?? 'not timed'}: ${(b.error ?? '').split('\n').filter(Boolean).at(-1) ?? ''}`);
      continue;
    }
    const here = checkFlaLine(ctx.work, entry, b as unknown as Record<string, unknown>);
    // rows too many to bring back: the device's check against its own float64 recurrence
    const c = here ?? { ok: b.nmse_vs_f64 !== undefined && b.nmse_vs_f64 !== null && b.nmse_vs_f64 <= FLA_BOUND, nmse: b.nmse_vs_f64 ?? NaN, bound: FLA_BOUND, message: `nmse ${b.nmse_vs_f64} on the device` };
    if (!c.ok) {
      notes.push(`fla ${mode} not used: ${c.message}`);
      continue;
    }
    if (!here) notes.push(`fla ${mode}: checked on the device (its sampled rows stay there)`);
    measurements.push(measurement(ctx, {
      impl: FLA_IMPL[mode] ?? 'fla', timingsNs: b.timings_ns, bytes: entry.stateBytes, flops: entry.flops, copies: b.copies ?? 1,
      inputBytes: b.moved_bytes ?? t.bytes, detail: `${b.device ?? 'unknown device'} / ${b.fn} (${mode === 'graph' ? 'CUDA-graph replay' : 'eager Python calls'})`,
      source: baselineSource(ctx.work, 'fla_gated_delta_rule.py', 'tools/gpu/fla_gated_delta_rule.py').sha,
      configuration: {
        format: `${b.fn}: ${b.format ?? 'f32'}`, mode, graph: mode === 'graph', kernels: (b.kernels ?? []).join('; '),
        fla_commit: b.fla_commit ?? '?', triton: b.triton ?? '?', fla_backends: (b.fla_backends_available ?? []).join(', '),
      },
      compiler: { compiler: 'triton', version: b.triton ?? null, flags: [], libs: [] }, nmse: c.nmse, bound: c.bound, target: 'cuda',
    }));
  }
  for (const b of baselines.filter((x) => x.probe === 'fla' && JSON.stringify(x.params) === same && x.dtype === 'bf16' && x.timings_ns?.length)) {
    notes.push(`fla bf16 ${b.mode}: ${(medianNs(b) / 1e3).toFixed(2)} us (nmse on the device ${Number(b.nmse_vs_f64).toExponential(1)}, another input format)`);
  }
  const speedup: Partial<Record<ImplName, number>> = {};
  for (const m of measurements.slice(1)) speedup[m.impl] = m.median_ms / measurements[0]!.median_ms;
  return { ...base, status: 'ok', reason: notes.length ? notes.join('; ') : null, measurements, speedup };
}

/** e.g. T8-E128-k8-H2048-I768-norm */
function moeShape(p: PlannedTimedCase['params']): string {
  return `T${p.T}-E${p.E}-k${p.topk}-H${p.H}-I${p.I}${p.routing === 'given' ? '-given' : ''}${p.normTopk ? '-norm' : ''}`;
}

/** a moe peer's measurement name: vLLM's fused_moe under graph replay (the whole layer), its kernels alone, eager; grouped_mm; the PyTorch loop */
const MOE_IMPL: Readonly<Record<string, ImplName>> = {
  'fused_moe/graph': 'fused-moe', 'fused_moe_kernels/graph': 'fused-moe-kernels', 'fused_moe/eager': 'fused-moe-eager',
  'grouped_mm/graph': 'grouped-mm', 'eager/eager': 'pytorch-eager',
};

/**
 * A moe perf case: kforge's kernel (its sampled tokens checked here), GB/s over the experts its routing
 * picks + router + x + y, GFLOP/s by the op's flops; beside it the peers (moe_peers.py) of the f16 case of
 * the same shape, each checked on the same tokens here (f16 at the 'half' bound; bf16 inputs at 1e-4), at
 * the f16 case's counted bytes; the grouped_mm eager line and refusals are named in the reason.
 */
function moeCase(ctx: Context, t: PlannedTimedCase, r: GpuBundleCaseResult, copies: number, baselines: readonly BaselineLine[], defaults?: PlannedTimedCase['config']): CaseResult {
  const p = t.params;
  const base = { id: `moe/${t.layer ?? 'h200'}/${moeShape(p)}/${p.weight}${variantSuffix(t, defaults)}`, op: t.op, layer: t.layer ?? moeShape(p), phase: t.phase ?? 'decode', params: p };
  const kforge = kforgeMeasurement(ctx, t, r, copies, 'cuda');
  if (typeof kforge === 'string') return { ...base, status: kforge.startsWith('incorrect') ? 'incorrect' : 'error', reason: kforge.replace(/^\w+ /, ''), measurements: [], speedup: {} };
  const measurements: Measurement[] = [kforge];
  const notes: string[] = [];
  if (t.activeExperts && t.activeExperts.length !== copies) notes.push(`the bytes count the experts of ${t.activeExperts.length} planned copies; the host made ${copies}`);
  // the peers ran on the f16 case of the same shape (the same T, generated inputs and copies)
  const entry = (ctx.plan.moe ?? []).find((e) => e.params.T === p.T && e.params.E === p.E && e.params.H === p.H && e.params.I === p.I && e.params.topk === p.topk);
  for (const b of entry ? baselines.filter((x) => x.probe === 'moe-peer' && x.case === entry.kforgeCase) : []) {
    const key = `${b.impl}/${b.mode}`;
    const impl = MOE_IMPL[key];
    if (!b.timings_ns?.length) {
      notes.push(`${key}: ${b.status ?? 'not timed'}: ${(b.error ?? '').split('\n').filter(Boolean).at(-1)?.slice(0, 160) ?? ''}`);
      continue;
    }
    const c = checkMoePeerLine(ctx.work, entry!, b as unknown as Record<string, unknown>);
    if (!c || !c.ok) {
      notes.push(`${key} not used: ${c ? c.message : 'no rows of y came back'}`);
      continue;
    }
    if (!impl) {
      notes.push(`${key}: ${(medianNs(b) / 1e3).toFixed(2)} us (nmse ${c.nmse.toExponential(1)})`);
      continue;
    }
    measurements.push(measurement(ctx, {
      impl, timingsNs: b.timings_ns, bytes: entry!.bytes, flops: entry!.flops, copies: b.copies ?? 1, inputBytes: entry!.bytes,
      detail: `${b.device ?? 'unknown device'} / ${b.fn} (${b.mode === 'graph' ? 'CUDA-graph replay' : 'eager Python calls'})`,
      source: baselineSource(ctx.work, 'moe_peers.py', 'tools/gpu/moe_peers.py').sha,
      configuration: {
        format: `${b.fn}: ${b.format ?? b.dtype ?? 'f16'} (the f16 case's inputs${p.weight === 'f16' ? '' : `; kforge's case is ${p.weight}`})`, mode: b.mode ?? '?', graph: b.mode === 'graph',
        kernels: (b.kernels ?? []).join('; '), ...(b.vllm_commit ? { vllm_commit: b.vllm_commit } : {}), ...(b.vllm_config ? { vllm_config: JSON.stringify(b.vllm_config) } : {}),
        triton: b.triton ?? '?',
      },
      compiler: { compiler: b.impl?.startsWith('fused_moe') ? 'triton' : 'pytorch', version: (b.impl?.startsWith('fused_moe') ? b.triton : b.torch) ?? null, flags: [], libs: [] },
      nmse: c.nmse, bound: c.bound, target: 'cuda',
    }));
  }
  const speedup: Partial<Record<ImplName, number>> = {};
  for (const m of measurements.slice(1)) speedup[m.impl] = m.median_ms / measurements[0]!.median_ms;
  return { ...base, status: 'ok', reason: notes.length ? notes.join('; ') : null, measurements, speedup };
}

export interface ToBenchOptions {
  readonly commit?: string;
  readonly dirty?: boolean;
  /** the command line, for provenance */
  readonly command?: readonly string[];
  /** keep kforge's measurement of a timed case whose sources this checkout no longer emits when its outputs pass (named in the measurement) */
  readonly bundleSources?: boolean;
}

/** The bench-schema file of one bundle run (`path`: OUT_DIR with results.tar.gz parts, or work/). */
export function bundleToBench(path: string, o: ToBenchOptions = {}): BenchFile {
  const work = workDir(path);
  const plan = JSON.parse(readFileSync(join(work, PLAN_FILE), 'utf8')) as H200Plan;
  const sections = machineSections(readFileSync(join(work, 'machine.txt'), 'utf8'));
  const baselines = readFileSync(join(work, 'baselines.jsonl'), 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as BaselineLine);

  const copyLines = baselines.filter((b) => b.probe === 'copy' && b.timings_ns?.length);
  const ceilings: Ceiling[] = copyLines.map((b, i) => {
    const s = summarize(b.timings_ns!.map((t) => t / 1e6));
    return {
      name: 'copy_probe', when: i === 0 ? 'start' : 'end', gbps: b.moved_bytes! / (s.median * 1e6),
      bytes: b.moved_bytes!, chunk_bytes: b.bytes ?? b.moved_bytes! / 2, median_ms: s.median, iqr_ms: s.iqr,
    };
  });
  const ceilingGbps = Math.max(0, ...ceilings.map((c) => c.gbps));
  const query = sections.query?.[1]?.split(',').map((x) => x.trim()) ?? [];
  const nvccLine = sections.nvcc?.find((l) => l.startsWith('Cuda compilation tools'))?.trim() ?? null;
  const ctx: Context = { work, plan, ceilingGbps, nvcc: nvccLine ? (/V[\d.]+/.exec(nvccLine)?.[0] ?? nvccLine) : null, bundleSources: o.bundleSources === true };

  const hasPerf = existsSync(join(work, 'perf', 'results.jsonl'));
  const perfLines = new Map(hasPerf ? readFileSync(join(work, 'perf', 'results.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => {
    const line = JSON.parse(l) as PerfLine;
    return [line.case, line] as const;
  }) : []);
  const perf = new Map(hasPerf ? readGpuBundleResults(join(work, 'perf')).map((r) => [r.case, r]) : []);
  const perfCases = plan.timed.filter((t) => t.kind === 'perf');
  const defaultOf = (t: PlannedTimedCase) => perfCases.find((d) => d.isDefault && targetOf(d) === targetOf(t) && JSON.stringify(d.params) === JSON.stringify(t.params))?.config;
  const caseOf = { attention: attentionCase, gated_delta_rule: gatedDeltaRuleCase, moe: moeCase } as const;
  const results = perfCases.map((t) => (caseOf[t.op as keyof typeof caseOf] ?? kforgeCase)(ctx, t, perf.get(t.case)!, perfLines.get(t.case)?.copies ?? 1, baselines, defaultOf(t)));

  const cpu = sections.cpu ?? [];
  const field = (name: string) => cpu.find((l) => l.startsWith(name))?.split(':').slice(1).join(':').trim();
  const cpuModel = field('Model name') ?? 'unknown CPU';
  const cores = Number(field('CPU(s)') ?? 0);
  const memTotal = sections.mem?.find((l) => l.startsWith('Mem:'))?.split(/\s+/)[1];
  const gpu = query.length >= 3 ? { name: query[0]!, driver: query[1]!, memory_mib: Number.parseInt(query[2]!, 10) } : null;
  const startedMs = statSync(join(work, PLAN_FILE)).mtimeMs;
  const deviceLine = baselines.find((b) => b.device)?.device;
  const provenance: Provenance = {
    build_commit: plan.buildCommit ?? o.commit ?? 'unknown', build_dirty: plan.buildDirty ?? o.dirty ?? true,
    kforge_version: kforgeVersion(), command: o.command ?? [], started_at: new Date(startedMs).toISOString(),
    finished_at: new Date(Math.max(startedMs, newestMtime(work))).toISOString(),
    cpu_info: `${cpuModel}, ${cores} cores (host of the GPU)`,
    gpu_info: gpu ? `${gpu.name} (driver ${gpu.driver})${deviceLine ? `; ${deviceLine}` : ''}` : (deviceLine ?? null),
    machine: {
      cpu_model: cpuModel, isa_flags: isaFlags(field('Flags') ?? '', cpu.find((l) => l.startsWith('Flags'))?.length ?? 0), cores,
      memory_bytes: memTotal ? Number(memTotal) : null, l3_bytes: null, os: sections.uname?.[0]?.trim() || 'not recorded',
      node: 'none (the bundle runs without Node)', gpus: gpu ? [gpu] : [],
    },
    load_average: { start: [], end: [] },
    bundle: {
      plan_created: plan.created, run_command: RUN_COMMAND, results: path,
      tools: Object.fromEntries([['nvcc', nvccLine], ['gcc', sections.gcc?.[0]?.trim() ?? null], ['torch', baselines.find((b) => b.torch)?.torch ?? null]].filter((e): e is [string, string] => !!e[1])),
      gpu_state: sections.query ? `${sections.query[0]?.trim()} = ${sections.query[1]?.trim()}` : null,
    },
  };
  return {
    schema_version: SCHEMA_VERSION, kind: 'suite', suite: `h200-${(plan.ops ?? ['gemv']).join('-')}`, target: 'cuda', threads: 0,
    affinity: { OMP_PROC_BIND: null, OMP_PLACES: null }, seed: plan.cublasFills.wSeed,
    protocol: {
      min_time_ms: 0, rounds: 1, discard: 0, statistic: 'median', l3_bytes: null, interleaved: false,
      repeats: plan.repeats, warmup: plan.warmup, rotate_bytes: plan.rotateBytes,
      inputs: `generated on the device (packages/exec/templates/gpu/generate.h; OpenCL and Vulkan: on the host CPU, copy 0's bytes in every copy): ` +
        `gemv x seed ${plan.cublasFills.xSeed}, W seed ${plan.cublasFills.wSeed} (+ copy index), x ~ n * 2^${plan.cublasFills.xExponent}, f16 W ~ n * 2^${plan.cublasFills.wExponent}` +
        `${plan.timed.some((t) => t.op === 'attention') ? '; attention q seed 11 (f32), k seed 21, v seed 22 (kv storage), values n * 2^-7 (ATTENTION_EXPONENTS)' : ''}` +
        `${plan.timed.some((t) => t.op === 'gated_delta_rule') || plan.fla?.length ? '; gated_delta_rule q seed 11, k 21, v 22, g 23, beta 24, s0 25 (GATED_DELTA_RULE_EXPONENTS; g uniform in (-2, 0], beta in [0, 1))' : ''}` +
        `${plan.timed.some((t) => t.op === 'moe') || plan.moe?.length ? '; moe x seed 11 (f32, n * 2^-7), w_gate 21, w_up 24, w_down 27 (their planes + 1, + 2), router 30 (f32; dense experts and the router at 1/sqrt(fan-in)), copies filling 4 GiB' : ''}`,
    },
    ceilings, ceiling_gbps: ceilingGbps, provenance, results,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const value = (name: string): string | undefined => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const out = value('--out');
  const commit = value('--commit');
  const path = args.find((a, i) => !a.startsWith('--') && !['--out', '--commit'].includes(args[i - 1] ?? ''));
  if (!path || !out) throw new InputError('usage: to-bench.ts OUT_DIR|WORK_DIR --out FILE.json [--commit REV] [--dirty] [--bundle-sources]');
  const file = bundleToBench(resolve(path), {
    ...(commit ? { commit } : {}), ...(args.includes('--dirty') ? { dirty: true } : {}), ...(args.includes('--bundle-sources') ? { bundleSources: true } : {}),
    command: ['node', '--import', 'tsx', 'tools/gpu/to-bench.ts', ...args],
  });
  writeFileSync(out, `${JSON.stringify(file)}\n`);
  const counts = ['ok', 'incorrect', 'error'].map((s) => `${file.results.filter((r) => r.status === s).length} ${s}`).join(', ');
  console.log(`${out}: ${file.results.length} cases (${counts}); copy probe ${file.ceilings.map((c) => `${c.when} ${c.gbps.toFixed(0)} GB/s`).join(', ')}; baselines: ${[...new Set(file.results.flatMap((r) => r.measurements.slice(1).map((m) => m.impl)))].join(', ') || 'none'}`);
  for (const r of file.results) {
    const vs = Object.entries(r.speedup).map(([k, v]) => `${v!.toFixed(2)}x vs ${k}`).join(', ');
    console.log(`  ${r.id.padEnd(52)} ${r.status === 'ok' ? `${(r.measurements[0]!.median_ms * 1e3).toFixed(2)} us  ${vs}` : `${r.status}: ${r.reason}`}${r.reason && r.status === 'ok' ? `  [${r.reason}]` : ''}`);
  }
  process.exitCode = file.results.some((r) => r.status !== 'ok') ? 1 : 0;
}
