/**
 * The conformance matrix: every (op, target) lowering × weight formats × shapes with tails × several
 * configs × every executor variant, generated from the lowering registry and the op definitions, so
 * nothing can be forgotten (the shapes are each op's conformanceParams hook, ops/). Each case is
 * emitted, executed on random inputs with poisoned outputs, and judged against the float64 reference
 * with the SPEC section 4 bound.
 */
import { getOp, randomInputs, resolveParams, Rng, type KnobConfig, type Params, type ParamValue, type Tensor } from '@kforge/ir';
import type { TargetName } from '@kforge/target';
import { ExecError, type Executor } from '@kforge/exec';
import { LOWERINGS, loweringFor } from './lowerings.ts';
import { checkRun, executorFor, runArtifact } from './run.ts';
import { opHooks, type MatrixLevel } from './ops/index.ts';

export interface ConformanceCase {
  readonly op: string;
  readonly target: TargetName;
  readonly params: Params;
  readonly config: KnobConfig;
  readonly variant: Readonly<Record<string, number | string>>;
  readonly seed: number;
  /** the op's input regime (hooks' conformanceRegimes), absent for plain random inputs */
  readonly regime?: string;
}

/** A case's inputs: random draws from its seed, reshaped by its regime when it has one. */
export function conformanceInputs(c: Pick<ConformanceCase, 'op' | 'params' | 'seed' | 'regime'>): Record<string, Tensor> {
  const inputs = randomInputs(getOp(c.op), c.params, c.seed);
  if (c.regime === undefined) return inputs;
  const hooks = opHooks(c.op, 'regimeInputs');
  if (!hooks.regimeInputs) throw new Error(`op '${c.op}' has a regime case '${c.regime}' but no regimeInputs hook`);
  return hooks.regimeInputs(c.regime, c.params, inputs);
}

export type CaseStatus = 'pass' | 'fail' | 'error' | 'unavailable';

export interface CaseResult {
  readonly case: ConformanceCase;
  readonly status: CaseStatus;
  readonly nmse?: number;
  readonly bound?: number;
  readonly executor?: string;
  readonly mode?: string;
  readonly detail?: string;
  readonly message: string;
  readonly ms: number;
}

/**
 * Configs per case: the default, and (from a seeded draw of the valid knob space) others that differ
 * in every knob the default leaves alone where possible, so non-default code paths run too.
 */
function configsFor(op: string, target: TargetName, params: Params, count: number, seed: number): KnobConfig[] {
  const space = loweringFor(op, target).knobs(target, params);
  const configs: KnobConfig[] = [space.defaults];
  const rng = new Rng(seed, `${op}/${target}`);
  const keys = new Set([JSON.stringify(space.defaults)]);
  for (let tries = 0; configs.length < count && tries < 200; tries++) {
    const c: Record<string, ParamValue> = {};
    // half of the knobs take an end of their domain: corners (many rows, few threads, deep split) break most
    for (const k of space.knobs) c[k.name] = rng.pick([true, false]) ? rng.pick([k.values[0]!, k.values[k.values.length - 1]!]) : rng.pick(k.values);
    const key = JSON.stringify(c);
    if (space.check(c) === undefined && !keys.has(key)) {
      keys.add(key);
      configs.push(c);
    }
  }
  return configs;
}

export interface MatrixOptions {
  readonly ops?: readonly string[];
  readonly targets?: readonly TargetName[];
  readonly level?: MatrixLevel;
  /** configs per (target, params): the default plus count-1 drawn ones */
  readonly configs?: number;
  readonly seed?: number;
  /** executor variants per target (e.g. RVV VLENs); cases are multiplied by these */
  readonly variants?: (target: TargetName) => readonly Readonly<Record<string, number | string>>[];
}

export function conformanceMatrix(o: MatrixOptions = {}): ConformanceCase[] {
  const seed = o.seed ?? 1;
  const cases: ConformanceCase[] = [];
  for (const l of LOWERINGS) {
    if (o.ops && !o.ops.includes(l.op)) continue;
    for (const target of l.targets) {
      if (o.targets && !o.targets.includes(target)) continue;
      const variants = o.variants?.(target) ?? [{}];
      const hooks = opHooks(l.op, 'conformanceParams');
      const shapes = [
        ...hooks.conformanceParams(target, o.level ?? 'ci').map((params) => ({ params, regime: undefined })),
        ...(hooks.conformanceRegimes?.(target, o.level ?? 'ci') ?? []),
      ];
      shapes.forEach(({ params: raw, regime }, i) => {
        const params = resolveParams(getOp(l.op), raw);
        // configs rotate across param sets so that each shape sees a different non-default config
        const configs = configsFor(l.op, target, params, o.configs ?? 2, seed + i);
        configs.forEach((config, j) => {
          const variant = variants[(i + j) % variants.length]!;
          cases.push({ op: l.op, target, params, config, variant, seed: seed * 1000 + i, ...(regime !== undefined ? { regime } : {}) });
        });
      });
    }
  }
  return cases;
}

/** Runs one case; never throws: emission, build and run failures become 'error' results. */
export async function runCase(c: ConformanceCase, executor: Executor): Promise<CaseResult> {
  const start = Date.now();
  const base = { case: c, executor: executor.name };
  try {
    const inputs = conformanceInputs(c);
    const artifact = loweringFor(c.op, c.target).emit(c.target, c.params, c.config);
    const run = await runArtifact(artifact, inputs, { executor, variant: c.variant });
    const { ok, checks } = checkRun(run, inputs);
    const worst = checks.reduce((a, b) => (Number.isNaN(b.nmse) || b.nmse > a.nmse ? b : a));
    return {
      ...base, status: ok ? 'pass' : 'fail', nmse: worst.nmse, bound: worst.bound, mode: run.result.mode, detail: run.result.detail,
      message: checks.map((x) => x.message).join('; '), ms: Date.now() - start,
    };
  } catch (e) {
    // a kernel that needs what this device lacks (a WebGPU feature, say) is unavailable here, not wrong
    const status = e instanceof ExecError && e.failure === 'unavailable' ? 'unavailable' : 'error';
    return { ...base, status, message: e instanceof Error ? e.message : String(e), ms: Date.now() - start };
  }
}

/** Runs the matrix on whatever executes here; targets without an executor are reported, not hidden. */
export async function runConformance(
  cases: readonly ConformanceCase[], onResult?: (r: CaseResult) => void, concurrency = 2,
): Promise<CaseResult[]> {
  const executors = new Map<TargetName, Executor | string>();
  for (const t of new Set(cases.map((c) => c.target))) {
    try {
      executors.set(t, await executorFor(t));
    } catch (e) {
      executors.set(t, e instanceof Error ? e.message : String(e));
    }
  }
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      const c = cases[i]!;
      const ex = executors.get(c.target)!;
      const r: CaseResult = typeof ex === 'string' ? { case: c, status: 'unavailable', message: ex, ms: 0 } : await runCase(c, ex);
      results[i] = r;
      onResult?.(r);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** One line naming everything needed to reproduce a case. */
export function describeCase(c: ConformanceCase): string {
  const p = c.params;
  const variant = Object.entries(c.variant).map(([k, v]) => `${k}=${v}`).join(',');
  return `${c.op} ${c.target}${variant ? `[${variant}]` : ''} ${JSON.stringify(p)} config=${JSON.stringify(c.config)} seed=${c.seed}`;
}
