/**
 * Running decoder-layer.ts's two layers through a built runtime library: which ops and head
 * configurations the library needs, whether this checkout's runtime has moe yet, the checked decode
 * step of each layer (every call against its op's reference, the layer against the composed float64
 * reference), and its time against the bytes it must read, beside the read probe measured in the
 * same run. Used by `npm run demo` and examples/decoder-layer.
 */
import type { KernelArithmetic, KnobConfig, Params } from '@kforge/ir';
import type { KernelArtifact, TargetName } from '@kforge/target';
import { formatTable } from '../table.ts';
import {
  attentionHeadsOf, attentionInputs, attentionLayer, attentionLayerBytes, attentionLayerWeights, checkLayer, deltaHeadsOf,
  linearInputs, linearLayer, linearLayerBytes, linearLayerWeights, moeHeadsOf, moeRoute, PendingChecks, referenceOps, rmsNorm, runtimeOps,
  type AttentionLayerShape, type LinearLayerShape, type RuntimeLibrary, type RuntimeNaming, type StepRecord,
} from './decoder-layer.ts';

/**
 * Why this checkout cannot put moe into a `target` runtime for layer (a)'s experts, or undefined when it
 * can: a runtime dispatch policy (PHASED_RUNTIME_OPS) and kernels that emit for the layer's shape.
 */
export async function moeRuntimeGap(target: TargetName, shape: AttentionLayerShape): Promise<string | undefined> {
  const driver = await import('@kforge/driver');
  const gaps = driver.runtimeGaps('moe', target);
  if (gaps.length) return gaps.join('; ');
  if (!('moe' in driver.PHASED_RUNTIME_OPS)) return 'no moe entry in the runtime planner (PHASED_RUNTIME_OPS)';
  try {
    const params = { ...moeHeadsOf(shape), T: 1 };
    driver.emitKernel('moe', target, params, driver.resolveConfig('moe', target, params, undefined));
  } catch (e) {
    return `the ${target} moe kernels do not emit yet (${(e as Error).message.split('\n')[0]})`;
  }
  return undefined;
}

/** --ops, --heads and --experts for build-runtime: the layers' configurations added to `extra` (e.g. the demo's own) */
export function layerBuild(a: AttentionLayerShape, b: LinearLayerShape, withMoe: boolean, extra: Readonly<Record<string, readonly Params[]>> = {}): { ops: string; heads: Record<string, Params[]>; experts?: Params[]; args: string[] } {
  const heads: Record<string, Params[]> = {
    attention: [...(extra.attention ?? []), attentionHeadsOf(a)],
    gated_delta_rule: [...(extra.gated_delta_rule ?? []), deltaHeadsOf(b)],
  };
  const experts = withMoe ? [...(extra.moe ?? []), moeHeadsOf(a)] : undefined;
  const ops = ['gemv', 'attention', 'gated_delta_rule', ...(withMoe ? ['moe'] : [])].join(',');
  return {
    ops, heads, ...(experts ? { experts } : {}),
    args: ['--ops', ops, '--heads', JSON.stringify(heads), ...(experts ? ['--experts', JSON.stringify(experts)] : [])],
  };
}

/** entry names and kernel arithmetic as this checkout's runtime and driver define them */
export async function runtimeNaming(target: TargetName): Promise<RuntimeNaming> {
  const [runtime, driver] = await Promise.all([import('@kforge/runtime'), import('@kforge/driver')]);
  const plans = driver.PHASED_RUNTIME_OPS;
  return {
    gemvEntry: (format) => runtime.gemvEntryName(format, 'f32'),
    attentionEntry: (heads) => runtime.attentionEntryName(driver.attentionHeads(heads), 'decode'),
    deltaEntry: (heads) => runtime.gatedDeltaRuleEntryName(driver.phasedHeads(driver.GATED_DELTA_RULE_PLAN, heads), 'decode'),
    arithmetic(op, params, config): KernelArithmetic {
      const shape = plans[op]?.plan.phaseShape.decode ?? {};
      return driver.emitKernel(op, target, { ...params, ...shape, ...(op === 'attention' ? { Sq: 1, Skv: params.Skv } : {}) }, config as KnobConfig).arithmetic ?? 'f32';
    },
  };
}

export interface DecoderLayerOptions {
  readonly target: TargetName;
  readonly lib: RuntimeLibrary;
  readonly attention: AttentionLayerShape;
  readonly linear: LinearLayerShape;
  readonly seed: number;
  /** undefined: moe is in the library; else why not (printed, the MoE half not run) */
  readonly moeGap?: string;
  /** timed decode steps per layer (0: no timing) */
  readonly repeats: number;
  readonly log: (line: string) => void;
  /** line prefix */
  readonly indent?: string;
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

function stepTable(records: readonly StepRecord[], indent: string): string {
  const rows = records.map((r) => [
    r.step, r.op, r.kernel, r.tuned ? 'tuned' : 'default', r.ms.toFixed(3),
    r.check ? `${r.check.ok ? 'ok' : 'FAIL'} ${r.check.nmse.toExponential(2)} (<= ${r.check.bound.toExponential(0)}, ${r.arithmetic})` : '-',
    r.routed ? `experts ${Array.from(r.routed.ids).join(',')}, margin ${r.routed.margin.toExponential(1)}` : '',
  ]);
  return formatTable(['step', 'op', 'kernel', 'config', 'ms', 'check vs its reference (nmse)', ''], rows, indent).join('\n');
}

/**
 * Layer (a) and (b): one checked decode step each, then `repeats` timed steps (each after the
 * last-level cache is evicted by a runtime gemv over a buffer twice its size, and once more right after
 * from cache), medians, against the read probe measured in the same run.
 */
export async function runDecoderLayers(o: DecoderLayerOptions): Promise<{ summary: string[]; failures: string[] }> {
  const ind = o.indent ?? '   ';
  const log = (line: string): void => o.log(`${ind}${line}`);
  const naming = await runtimeNaming(o.target);
  const failures: string[] = [];
  const summary: string[] = [];
  const t0 = performance.now();
  const A = attentionLayerWeights(o.attention, o.seed);
  const B = linearLayerWeights(o.linear, o.seed);
  const inA = attentionInputs(o.attention, o.seed);
  const inB = linearInputs(o.linear, o.seed);
  log(`seeded weights (${o.attention.format}/${o.linear.format}) and inputs in ${((performance.now() - t0) / 1e3).toFixed(1)} s`);
  const copyA = () => ({ k: inA.state.k.slice(), v: inA.state.v.slice() });
  const copyB = () => ({ s: inB.state.s.slice(), conv: inB.state.conv.slice() });
  const withMoe = o.moeGap === undefined;

  // (a) checked
  const s = o.attention;
  const title = `(a) Qwen3-30B-A3B-shaped layer: hidden ${s.hidden}, ${s.Hq}/${s.Hkv} heads of ${s.D}, KV cache ${s.Skv} (f16), MoE E ${s.moe.E} topk ${s.moe.topk} I ${s.moe.I}${s.moe.normTopk ? ' normTopk' : ''}, ${s.format}`;
  o.log(`${ind}${title}`);
  const recA: StepRecord[] = [];
  const pendA = new PendingChecks();
  const runA = attentionLayer(runtimeOps(o.lib, naming, { pending: pendA, records: recA, moe: withMoe }), A, inA.x, copyA());
  const refA = attentionLayer(referenceOps(pendA), A, inA.x, copyA());
  pendA.settle();
  o.log(stepTable(recA, ind));
  if (!withMoe) log(`moe: NOT RUN, this checkout's runtime has no moe for ${o.target} yet: ${o.moeGap}`);
  const halfA = checkLayer('(a) after attention + o_proj + residual', inA.x, runA.h, refA.h, recA.filter((r) => r.op !== 'moe'));
  const fullA = runA.y ? checkLayer('(a) layer output', inA.x, runA.y, refA.y!, recA) : undefined;
  for (const c of [halfA, fullA]) if (c) log(`${c.ok ? 'ok' : 'FAIL'} ${c.message}`);
  const routed = recA.find((r) => r.routed)?.routed;
  const refRoute = withMoe ? moeRoute(A.moe, rmsNorm(refA.h, A.postNorm, s.eps, new Float64Array(s.hidden))) : undefined;
  if (routed && refRoute) {
    const same = [...routed.ids].sort().join() === [...refRoute.ids].sort().join();
    log(`routing: the runtime's MoE input goes to experts ${Array.from(routed.ids).join(',')}; the composed reference's to ${Array.from(refRoute.ids).join(',')} (${same ? 'the same set' : 'a DIFFERENT set: a near tie, see the margins'})`);
  }

  // (b) checked
  const t = o.linear;
  o.log(`${ind}(b) Qwen3.5-2B-shaped Gated DeltaNet layer: hidden ${t.hidden}, ${t.Hk}/${t.Hv} heads of ${t.Dk}x${t.Dv} (state in place), conv ${t.convWidth}, SwiGLU MLP ${t.mlp}, ${t.format}`);
  const recB: StepRecord[] = [];
  const pendB = new PendingChecks();
  const runB = linearLayer(runtimeOps(o.lib, naming, { pending: pendB, records: recB, moe: withMoe }), B, inB.x, copyB());
  const refB = linearLayer(referenceOps(pendB), B, inB.x, { s: Float64Array.from(inB.state.s), conv: Float64Array.from(inB.state.conv) });
  pendB.settle();
  o.log(stepTable(recB, ind));
  const fullB = checkLayer('(b) layer output', inB.x, runB.y!, refB.y!, recB);
  log(`${fullB.ok ? 'ok' : 'FAIL'} ${fullB.message}`);

  for (const r of [...recA, ...recB]) if (r.check && !r.check.ok) failures.push(`decoder layer step ${r.step} (${r.kernel}): ${r.check.message}`);
  for (const c of [halfA, fullA, fullB]) if (c && !c.ok) failures.push(c.message);
  const checkedIn = `${((performance.now() - t0) / 1e3).toFixed(1)} s`;
  summary.push(`decoder layers on ${o.target} (checked in ${checkedIn}): (a) ${fullA ? (fullA.ok ? 'ok' : 'FAILED') : `attention half ${halfA.ok ? 'ok' : 'FAILED'}, MoE not in the runtime yet`}, (b) ${fullB.ok ? 'ok' : 'FAILED'} against the composed float64 references`);
  if (o.repeats <= 0) return { summary, failures };

  // timing
  const [{ doctor, executorByName }, { measureReadCeiling, lastLevelCacheBytes }] = await Promise.all([import('@kforge/exec'), import('@kforge/bench')]);
  const info = (await doctor()).targets.find((d) => d.target === o.target);
  const executor = info?.executor ? executorByName(info.executor) : undefined;
  const probe = executor ? await measureReadCeiling(executor, { target: o.target, threads: 0 } as unknown as KernelArtifact) : undefined;
  const evictBytes = Math.min(1 << 30, Math.max(64 << 20, 2 * (lastLevelCacheBytes() ?? 256 << 20)));
  const K = 16384;
  const rows = Math.floor(evictBytes / ((K / 32) * 18));
  const evictW = new Uint8Array(rows * (K / 32) * 18).fill(0x11);
  const evictX = new Float32Array(K).fill(1);
  const evictY = new Float32Array(rows);
  const evict = (): void => {
    const r = o.lib.call(naming.gemvEntry('q4_0'), { x: evictX, W: evictW, y: evictY }, { M: 1, N: rows, K });
    if (r.status !== 0) throw new Error(`cache eviction gemv: status ${r.status}: ${o.lib.lastError()}`);
    // a pause after tens of ms on every core: on a shared machine the scheduler otherwise preempts the
    // next calls in favour of the processes that waited through the eviction
    Atomics.wait(PAUSE, 0, 0, 20);
  };
  const time = <S>(fresh: () => S, layer: (rec: StepRecord[], state: S) => void): { cold: number; best: number; warm: number; kernels: number; callSum: number; steps: string } => {
    const perStep = new Map<string, number[]>();
    const cold: number[] = [];
    const warm: number[] = [];
    const kernels: number[] = [];
    for (let i = 0; i < o.repeats; i++) {
      for (const into of [cold, warm]) {
        const state = fresh();
        if (into === cold) evict();
        const rec: StepRecord[] = [];
        const start = performance.now();
        layer(rec, state);
        into.push(performance.now() - start);
        if (into !== cold) continue;
        kernels.push(rec.reduce((acc, r) => acc + r.ms, 0));
        for (const r of rec) perStep.set(r.step, [...(perStep.get(r.step) ?? []), r.ms]);
      }
    }
    const steps = [...perStep].map(([step, ms]) => `${step} ${median(ms).toFixed(2)}`).join(', ');
    const callSum = [...perStep.values()].reduce((acc, ms) => acc + median(ms), 0);
    return { cold: median(cold), best: Math.min(...cold), warm: median(warm), kernels: median(kernels), callSum, steps };
  };
  const timed = (what: string, bytes: { total: number; parts: Record<string, number> }, m: { cold: number; best: number; warm: number; kernels: number; callSum: number; steps: string }): string => {
    const gbps = (ms: number): number => bytes.total / (ms * 1e6);
    const ofProbe = (ms: number): string => (probe ? ` = ${((100 * gbps(ms)) / probe.gbps).toFixed(0)}% of the read probe` : '');
    const parts = Object.entries(bytes.parts).map(([k, v]) => `${k} ${mb(v)}`).join(', ');
    const line = `${what}: ${mb(bytes.total)} read (${parts}); from DRAM (cache evicted before each step) median ${m.cold.toFixed(2)} ms of ${o.repeats} `
      + `-> ${gbps(m.cold).toFixed(1)} GB/s${ofProbe(m.cold)}, best ${m.best.toFixed(2)} ms -> ${gbps(m.best).toFixed(1)} GB/s${ofProbe(m.best)}${probe ? ` (probe ${probe.gbps.toFixed(1)} GB/s, this run)` : ''}; `
      + `the kforge calls ${m.kernels.toFixed(2)} ms of the median step, host code the rest; from cache ${m.warm.toFixed(2)} ms; `
      + `the sum of each call's median ${m.callSum.toFixed(2)} ms -> ${gbps(m.callSum).toFixed(1)} GB/s${ofProbe(m.callSum)} (less exposed to a machine shared with other work: one descheduled call spoils a whole step)`;
    log(line);
    log(`   per call, median ms from DRAM: ${m.steps}`);
    return line;
  };
  log(`timing on ${o.target}: ${o.repeats} decode steps per layer, ${evictBytes >> 20} MiB evicted before each${probe ? `; read probe ${probe.gbps.toFixed(1)} GB/s` : '; no read probe (no executor)'}`);
  const mA = time(copyA, (rec, state) => { attentionLayer(runtimeOps(o.lib, naming, { records: rec, moe: withMoe }), A, inA.x, state); });
  summary.push(timed(withMoe ? '(a) Qwen3-30B-A3B layer' : '(a) Qwen3-30B-A3B layer, attention half only (no MoE in the runtime yet)', attentionLayerBytes(A, routed?.ids), mA));
  const mB = time(copyB, (rec, state) => { linearLayer(runtimeOps(o.lib, naming, { records: rec, moe: withMoe }), B, inB.x, state); });
  summary.push(timed('(b) Qwen3.5-2B Gated DeltaNet layer', linearLayerBytes(B), mB));
  log(`decoder layers: ${((performance.now() - t0) / 1e3).toFixed(1)} s in all (weights, checks, probe, timing)`);
  return { summary, failures };
}
