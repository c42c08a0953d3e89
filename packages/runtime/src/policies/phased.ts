/**
 * The dispatch policy of ops whose entry points are per compiled configuration and phase (attention:
 * per head configuration, decode and prefill; gated_delta_rule likewise), with the shape scalars at run
 * time. Every entry computes the op for any valid shape; the phases differ in the kernels they reach.
 * A call runs the tuned shape of its entry nearest in the sum of |ln(x/xt)| over the shape scalars when
 * that distance is at most ln 4, else the entry's default kernel.
 */
import type { OpDef, Params } from '@kforge/ir';
import { entrySlot, runtimeEntries } from '../entries.ts';
import type { DispatchKernel, DispatchPolicy, RuntimeEntry } from '../model.ts';
import { commentSafe } from '../templates.ts';
import { MAX_SHAPE_DISTANCE } from './gemv.ts';

/** What a phased op's policy needs to know of it. */
export interface PhasedOp<Phase extends string = string> {
  readonly op: OpDef;
  readonly phases: readonly Phase[];
  /** the params an entry compiles in (the rest but `shape` are defaults or absent) */
  readonly compiled: readonly string[];
  /** the run-time shape scalars, in the tuned table's order */
  readonly shape: readonly string[];
  /** the shape scalars kf_dispatch_info reports as tuned_M, tuned_N and tuned_K, in that order */
  readonly info: readonly string[];
  entryName(compiled: Params, phase: Phase): string;
  describe(compiled: Params): string;
  /** orderings between scalars the call must satisfy (attention: Sq <= Skv) */
  readonly relations?: RuntimeEntry['relations'];
  /** the header's comment on the op's entries (lines starting with ' * ') */
  readonly headerDoc: readonly string[];
}

export interface PhasedTunedShape {
  /** the tuned value of each shape scalar */
  readonly shape: Readonly<Record<string, number>>;
  readonly kernel: number;
  readonly note: string;
}

/** One entry point: a compiled configuration and a phase, its tuned shapes and its default kernel. */
export interface PhasedVariant<Phase extends string = string> {
  readonly compiled: Params;
  readonly phase: Phase;
  readonly tuned: readonly PhasedTunedShape[];
  readonly defaultKernel: number;
}

export function phasedPolicy<Phase extends string>(spec: PhasedOp<Phase>, variants: readonly PhasedVariant<Phase>[]): DispatchPolicy<DispatchKernel> {
  const op = spec.op.name;
  const nameOf = (v: PhasedVariant<Phase>): string => spec.entryName(v.compiled, v.phase);
  const symbolOf = (v: PhasedVariant<Phase>): string => nameOf(v).replace(/^kf_/, 'kf_t_');
  const entries: RuntimeEntry[] = variants.map((v) => {
    const [e] = runtimeEntries(spec.op, [v.compiled], { name: () => nameOf(v), doc: () => `${v.phase}: ${spec.describe(v.compiled)}` });
    return { ...e!, ...(spec.relations ? { relations: spec.relations } : {}) };
  });
  const names = new Set<string>();
  for (const e of entries) {
    if (names.has(e.name)) throw new Error(`two ${op} entry points named ${e.name}`);
    names.add(e.name);
  }
  const variantOf = (entry: RuntimeEntry): PhasedVariant<Phase> => variants.find((v) => nameOf(v) === entry.name)!;
  const struct = `kf_${op}_tuned`;
  const pickFn = `kf_${op}_pick`;
  const dims = spec.shape;
  return {
    op,
    entries: () => entries,
    header: () => ({ defines: [], doc: spec.headerDoc.join('\n') }),
    source(kernels) {
      for (const v of variants) {
        for (const id of [v.defaultKernel, ...v.tuned.map((t) => t.kernel)]) if (!kernels[id]) throw new Error(`${symbolOf(v)}: no kernel ${id}`);
      }
      const distance = dims.map((d) => `fabs(log((double)${d} / tuned[i].${d}))`).join(' + ');
      const lines = [
        `/* ${op}: the nearest tuned (${dims.join(', ')}) of the entry, else its default (policies/phased.ts) */`,
        `typedef struct ${struct} { int ${dims.join(', ')}, kernel; } ${struct};`,
        '',
        `static int ${pickFn}(const ${struct}* tuned, int count, int fallback, ${dims.map((d) => `int ${d}`).join(', ')}, kf_dispatch_info* info) {`,
        `  const ${struct}* best = NULL;`,
        `  double best_distance = ${MAX_SHAPE_DISTANCE.toPrecision(17)} + 1e-9;`,
        '  for (int i = 0; i < count; i++) {',
        `    const double d = ${distance};`,
        '    if (d < best_distance) { /* strict: the first of equals wins */',
        '      best_distance = d;',
        '      best = &tuned[i];',
        '    }',
        '  }',
        '  if (!best) return fallback;',
        '  if (info) {',
        '    info->tuned = 1;',
        ...spec.info.map((d, i) => `    info->tuned_${'MNK'[i]} = best->${d};`),
        '  }',
        '  return best->kernel;',
        '}',
      ];
      for (const v of variants) {
        if (!v.tuned.length) continue;
        lines.push('', `static const ${struct} ${symbolOf(v)}[${v.tuned.length}] = {`);
        for (const t of v.tuned) lines.push(`  { ${dims.map((d) => t.shape[d]).join(', ')}, ${t.kernel} }, /* ${commentSafe(t.note)} */`);
        lines.push('};');
      }
      return lines.join('\n') + '\n';
    },
    pick(entry) {
      const v = variantOf(entry);
      const scalar = (name: string): string => `a->scalar[${entrySlot(entry, name)!.index}].i`;
      const table = v.tuned.length ? `${symbolOf(v)}, ${v.tuned.length}` : 'NULL, 0';
      return `${pickFn}(${table}, ${v.defaultKernel}, ${dims.map(scalar).join(', ')}, info)`;
    },
  };
}
