/**
 * attention's dispatch policy, generated as C into kforge_dispatch.c. The entry points are per head
 * configuration (Hq, Hkv, D, Dv, causal, window, scale and the kv storage compiled in; B, Sq and Skv
 * at run time), two per configuration: `..._decode` and `..._prefill`. Both compute the op for any
 * valid B, Sq and Skv; they differ in the kernels they reach (decode: split-KV kernels tuned for
 * Sq = 1; prefill: query tiles). A call runs the tuned shape of its entry nearest in
 * |ln(Sq/Sqt)| + |ln(Skv/Skvt)| + |ln(B/Bt)| when that distance is at most ln 4, else the entry's
 * default kernel.
 */
import { ATTENTION, type Params } from '@kforge/ir';
import { entrySlot, runtimeEntries } from '../entries.ts';
import type { DispatchKernel, DispatchPolicy, RuntimeEntry } from '../model.ts';
import { commentSafe } from '../templates.ts';
import { MAX_SHAPE_DISTANCE } from './gemv.ts';

export type AttentionPhase = 'decode' | 'prefill';
export const ATTENTION_PHASES: readonly AttentionPhase[] = ['decode', 'prefill'];

/** the params an attention entry compiles in: all but B, Sq and Skv */
export const ATTENTION_COMPILED = ['Hq', 'Hkv', 'D', 'Dv', 'causal', 'window', 'scale', 'kv'] as const;

export interface AttentionTunedShape {
  readonly B: number;
  readonly Sq: number;
  readonly Skv: number;
  readonly kernel: number;
  readonly note: string;
}

/** One entry point: a head configuration and a phase, its tuned shapes and its default kernel. */
export interface AttentionVariant {
  /** the compiled params (ATTENTION_COMPILED) */
  readonly heads: Params;
  readonly phase: AttentionPhase;
  readonly tuned: readonly AttentionTunedShape[];
  readonly defaultKernel: number;
}

/** kf_attention_h16x8_d128_f16_causal_decode: the head configuration in the name, the phase last */
export function attentionEntryName(heads: Params, phase: AttentionPhase): string {
  const D = Number(heads.D);
  const Dv = Number(heads.Dv);
  const scaled = Math.abs(Number(heads.scale) - 1 / Math.sqrt(D)) > 1e-12 * (1 / Math.sqrt(D));
  return [
    'kf_attention', `h${heads.Hq}x${heads.Hkv}`, `d${D}${Dv !== D ? `v${Dv}` : ''}`, String(heads.kv),
    ...(heads.causal ? ['causal'] : []), ...(Number(heads.window) > 0 ? [`w${heads.window}`] : []),
    ...(scaled ? [`s${String(heads.scale).replace(/[^0-9]/g, '_')}`] : []), phase,
  ].join('_');
}

function describeHeads(h: Params): string {
  const kv = h.kv === 'q8_0' ? 'q8_0 blocks along the head axis' : `${h.kv}${h.kv === 'f16' ? ' (raw bits)' : ''}`;
  return `o[B,${h.Hq},Sq,${h.Dv}] = softmax(q k^T * ${Number(h.scale).toPrecision(6)}${h.causal ? ', causal' : ''}${Number(h.window) > 0 ? `, window ${h.window}` : ''}) v: `
    + `${h.Hq} query heads over ${h.Hkv} kv heads, D ${h.D}, Dv ${h.Dv}; k and v ${kv}`;
}

const symbolOf = (v: AttentionVariant): string => attentionEntryName(v.heads, v.phase).replace(/^kf_/, 'kf_t_');

export function attentionPolicy(variants: readonly AttentionVariant[]): DispatchPolicy<DispatchKernel> {
  const entries: RuntimeEntry[] = variants.map((v) => {
    const [e] = runtimeEntries(ATTENTION, [v.heads], { name: () => attentionEntryName(v.heads, v.phase), doc: () => `${v.phase}: ${describeHeads(v.heads)}` });
    // queries are the last Sq positions of the sequence: a row before the cache's start has no position
    return { ...e!, relations: [{ a: 'Sq', le: 'Skv' }] };
  });
  const names = new Set<string>();
  for (const e of entries) {
    if (names.has(e.name)) throw new Error(`two attention entry points named ${e.name}`);
    names.add(e.name);
  }
  const variantOf = (entry: RuntimeEntry): AttentionVariant => variants.find((v) => attentionEntryName(v.heads, v.phase) === entry.name)!;
  return {
    op: 'attention',
    entries: () => entries,
    header: () => ({
      defines: [],
      doc: [
        ' * attention: every kf_attention_* entry point computes o[B,Hq,Sq,Dv] = softmax(q k^T * scale + mask) v',
        ' * (SPEC section 3) for one head configuration compiled in (its name and doc say which), with B,',
        ' * Sq (query rows, the last Sq positions of the sequence) and Skv (cached keys) given at run time.',
        ' * Each configuration has a _decode and a _prefill entry: both take any Sq <= Skv; they reach the',
        ' * kernels tuned for one query row and for many. Dispatch: the tuned shape of the entry nearest in',
        ' * |ln(Sq/Sqt)| + |ln(Skv/Skvt)| + |ln(B/Bt)|, if within ln 4, else the entry\'s default kernel;',
        ' * kf_dispatch_info reports a tuned attention shape as tuned_M = Sq, tuned_N = Skv, tuned_K = B.',
      ].join('\n'),
    }),
    source(kernels) {
      for (const v of variants) {
        for (const id of [v.defaultKernel, ...v.tuned.map((t) => t.kernel)]) if (!kernels[id]) throw new Error(`${symbolOf(v)}: no kernel ${id}`);
      }
      const lines = [
        '/* attention: the nearest tuned (B, Sq, Skv) of the entry, else its default (policies/attention.ts) */',
        'typedef struct kf_attention_tuned { int B, Sq, Skv, kernel; } kf_attention_tuned;',
        '',
        'static int kf_attention_pick(const kf_attention_tuned* tuned, int count, int fallback, int B, int Sq, int Skv, kf_dispatch_info* info) {',
        '  const kf_attention_tuned* best = NULL;',
        `  double best_distance = ${MAX_SHAPE_DISTANCE.toPrecision(17)} + 1e-9;`,
        '  for (int i = 0; i < count; i++) {',
        '    const double d = fabs(log((double)Sq / tuned[i].Sq)) + fabs(log((double)Skv / tuned[i].Skv)) + fabs(log((double)B / tuned[i].B));',
        '    if (d < best_distance) { /* strict: the first of equals wins */',
        '      best_distance = d;',
        '      best = &tuned[i];',
        '    }',
        '  }',
        '  if (!best) return fallback;',
        '  if (info) {',
        '    info->tuned = 1;',
        '    info->tuned_M = best->Sq;',
        '    info->tuned_N = best->Skv;',
        '    info->tuned_K = best->B;',
        '  }',
        '  return best->kernel;',
        '}',
      ];
      for (const v of variants) {
        if (!v.tuned.length) continue;
        lines.push('', `static const kf_attention_tuned ${symbolOf(v)}[${v.tuned.length}] = {`);
        for (const t of v.tuned) lines.push(`  { ${t.B}, ${t.Sq}, ${t.Skv}, ${t.kernel} }, /* ${commentSafe(t.note)} */`);
        lines.push('};');
      }
      return lines.join('\n') + '\n';
    },
    pick(entry) {
      const v = variantOf(entry);
      const scalar = (name: string): string => `a->scalar[${entrySlot(entry, name)!.index}].i`;
      const table = v.tuned.length ? `${symbolOf(v)}, ${v.tuned.length}` : 'NULL, 0';
      return `kf_attention_pick(${table}, ${v.defaultKernel}, ${scalar('B')}, ${scalar('Sq')}, ${scalar('Skv')}, info)`;
    },
  };
}
