/**
 * Warm start for a device the database has not seen (issue 19, point 7): the first proposals of a
 * tuning run come from what the database holds for the same op and target on similar fingerprints
 * (other core counts, drivers, compilers) and for the same kernel at other shapes, each source
 * ranked by its own recorded times; then the strategy continues as usual, told every outcome.
 *
 * Similarity rule (lower is closer), over records of the same op and the same target (the target
 * names the ISA class: avx2, neon, cuda...), measured and correct:
 *   device distance: 0 the same fingerprint, 1 the same device name and executor (another driver,
 *   compiler, feature list or variant), 2 another device of the same executor, 3 another executor;
 *   shape distance: per param, |log2(a / b)| for two positive numbers, 4 for any other difference
 *   (another weight format, a param one side lacks), 0 when equal.
 * A source is one (fingerprint, params) pair; the exact pair of the run is never a source (that is
 * not a warm start but a seen device). Times of different sources are not comparable, so each
 * source contributes its configs by rank: every source's best first (closest source first), then
 * every source's second best, and so on, up to `count` distinct proposals valid in this space.
 */
import type { KnobConfig, Params, ParamValue } from '@kforge/ir';
import type { TargetName } from '@kforge/target';
import { canonicalJson, deviceKey, type DeviceFingerprint, type TuningRecord } from './database.ts';
import { configKey, type SearchSpace } from './space.ts';
import type { StrategyDef, Trial } from './strategy.ts';

export interface WarmStartQuery {
  readonly op: string;
  readonly params: Params;
  readonly target: TargetName;
  readonly device: DeviceFingerprint;
  /** the space of this run: a proposal must be one of its valid configs */
  readonly space: SearchSpace;
  /** fills knobs a source's records lack (a knob added later, another weight format's knobs) */
  readonly defaults: KnobConfig;
  /** proposals at most (default 8) */
  readonly count?: number;
}

export interface WarmStartSource {
  readonly device: DeviceFingerprint;
  readonly params: Params;
  readonly deviceDistance: number;
  readonly shapeDistance: number;
  /** correct, timed configs recorded for this source */
  readonly records: number;
}

export interface WarmStartProposal {
  readonly config: KnobConfig;
  readonly source: WarmStartSource;
  /** the config as recorded (before projection onto this space) */
  readonly recorded: KnobConfig;
  readonly timeMs: number;
  /** 1 = that source's fastest */
  readonly rank: number;
}

export interface WarmStart {
  /** whether the database holds records of exactly this op, shape, target and device (then no warm start) */
  readonly seen: boolean;
  readonly proposals: readonly WarmStartProposal[];
  /** the sources the proposals came from, closest first */
  readonly sources: readonly WarmStartSource[];
}

export function deviceDistance(a: DeviceFingerprint, b: DeviceFingerprint): number {
  if (deviceKey(a) === deviceKey(b)) return 0;
  if (a.executor !== b.executor) return 3;
  return a.device === b.device ? 1 : 2;
}

export function shapeDistance(a: Params, b: Params): number {
  let d = 0;
  for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const x = a[k];
    const y = b[k];
    if (canonicalJson(x) === canonicalJson(y)) continue;
    d += typeof x === 'number' && typeof y === 'number' && x > 0 && y > 0 ? Math.abs(Math.log2(x / y)) : 4;
  }
  return d;
}

/** A recorded config as a config of this space: its knobs that the space has, the defaults for the rest; undefined when not valid here. */
function project(space: SearchSpace, defaults: KnobConfig, c: KnobConfig): KnobConfig | undefined {
  const out: Record<string, ParamValue> = {};
  for (const k of space.knobs) {
    const v = Object.hasOwn(c, k.name) && k.values.includes(c[k.name]!) ? c[k.name]! : defaults[k.name];
    if (v === undefined) return undefined;
    out[k.name] = v;
  }
  const i = space.indexOf(out);
  return i === undefined ? undefined : space.configs[i];
}

export function warmStart(records: readonly TuningRecord[], q: WarmStartQuery): WarmStart {
  const count = q.count ?? 8;
  const params = canonicalJson(q.params);
  const device = deviceKey(q.device);
  const groups = new Map<string, { source: WarmStartSource; byConfig: Map<string, { config: KnobConfig; timeMs: number }> }>();
  let seen = false;
  for (const r of records) {
    if (r.op !== q.op || r.target !== q.target) continue;
    if (canonicalJson(r.params) === params && deviceKey(r.device) === device) {
      seen = true;
      continue;
    }
    const key = canonicalJson([r.device, r.params]);
    let g = groups.get(key);
    if (!g) {
      const source = { device: r.device, params: r.params, deviceDistance: deviceDistance(q.device, r.device), shapeDistance: shapeDistance(q.params, r.params), records: 0 };
      g = { source, byConfig: new Map() };
      groups.set(key, g);
    }
    // the database is append-only: a config's last record is its outcome (a later failure removes it)
    const ck = configKey(r.config);
    if (r.status === 'ok' && r.measurement) g.byConfig.set(ck, { config: r.config, timeMs: r.measurement.medianMs });
    else g.byConfig.delete(ck);
  }
  if (seen) return { seen, proposals: [], sources: [] };
  const ranked = [...groups.entries()]
    .filter(([, g]) => g.byConfig.size > 0)
    .map(([key, g]) => ({
      key,
      source: { ...g.source, records: g.byConfig.size },
      list: [...g.byConfig.values()].sort((a, b) => a.timeMs - b.timeMs || configKey(a.config).localeCompare(configKey(b.config))),
    }))
    .sort((a, b) => a.source.deviceDistance + a.source.shapeDistance - (b.source.deviceDistance + b.source.shapeDistance) || a.key.localeCompare(b.key));
  const proposals: WarmStartProposal[] = [];
  const taken = new Set<string>();
  const depth = Math.max(0, ...ranked.map((g) => g.list.length));
  for (let rank = 0; rank < depth && proposals.length < count; rank++) {
    for (const g of ranked) {
      if (proposals.length >= count) break;
      const e = g.list[rank];
      if (!e) continue;
      const config = project(q.space, q.defaults, e.config);
      if (!config || taken.has(configKey(config))) continue;
      taken.add(configKey(config));
      proposals.push({ config, source: g.source, recorded: e.config, timeMs: e.timeMs, rank: rank + 1 });
    }
  }
  const used = new Set(proposals.map((p) => p.source));
  return { seen, proposals, sources: ranked.map((g) => g.source).filter((s) => used.has(s)) };
}

/**
 * The strategy with the warm start's configs proposed first (in order, each once, skipping any
 * already measured), then its own proposals. The inner strategy is told every outcome, the warm
 * start's included, so it continues from them; it stays deterministic for its seed.
 */
export function withWarmStart(def: StrategyDef, configs: readonly KnobConfig[]): StrategyDef {
  return {
    ...def,
    name: `${def.name}+warm`,
    create(ctx) {
      const inner = def.create(ctx);
      const queue = configs.filter((c) => ctx.space.indexOf(c) !== undefined);
      const seen = new Set<number>();
      return {
        ask() {
          while (queue.length) {
            const c = queue.shift()!;
            const i = ctx.space.indexOf(c)!;
            if (!seen.has(i)) {
              seen.add(i);
              return ctx.space.configs[i];
            }
          }
          return inner.ask();
        },
        tell(t: Trial) {
          const i = ctx.space.indexOf(t.config);
          if (i !== undefined) seen.add(i);
          inner.tell(t);
        },
      };
    },
  };
}
