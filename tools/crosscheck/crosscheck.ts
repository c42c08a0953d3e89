/**
 * Cross-checks `kforge reference` and `kforge quantize` against reference.py, an independent numpy
 * implementation written from SPEC.md, on cases the repository's tests do not use; and `kforge run gemv`
 * on every target `kforge doctor` reports as executable here against reference.py's float64 gemv.
 *
 *   node --import tsx tools/crosscheck/crosscheck.ts [--quick] [--filter RE] [--jobs N] [--keep DIR]
 *
 * Prints one line per check (a `skip` line per target that does not execute here) and ends with
 * `N agree, N differ`; exit 0 when all agree, 1 otherwise, 2 when python3 with numpy is missing.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NMSE_BOUNDS, nmseBound, type KernelArithmetic } from '@kforge/ir';
import { RVV_VLENS } from '@kforge/exec';
import { TARGETS, type TargetName } from '@kforge/target';
import { kforge, type CliResult } from '../cli/src/testing.ts';

const REFERENCE_PY = resolve(import.meta.dirname, 'reference.py');

type Params = Record<string, string | number | boolean>;

export interface Case {
  readonly name: string; // a folder name without '__' (quantize sources are named <case>__<tensor>.npy)
  readonly op: 'gemv' | 'attention' | 'gated_delta_rule' | 'moe' | 'quantize';
  readonly params: Params;
  readonly seed: number;
  /** weights drawn as stored bytes (every code, odd scales) instead of quantized by kforge from f32 */
  readonly rawWeights?: boolean;
  /** attention, bad input: k and v written as f32 although `kv` is q8_0 */
  readonly wrongKv?: boolean;
  /** gated_delta_rule: g drawn down to -20 (ggml's test range) instead of near 0 */
  readonly fastDecay?: boolean;
  /** gated_delta_rule, bad input: one g above 0 or one beta above 1 */
  readonly badGate?: 'g' | 'beta';
  /** moe: router logits that tie exactly (experts 2 and 4) */
  readonly ties?: boolean;
  /** bad input: kforge must exit with this code and write nothing */
  readonly expectExit?: number;
  /** part of the set the node:test runs */
  readonly quick?: boolean;
  /** inputs of `kforge run` checks only (no `kforge reference` call of its own) */
  readonly run?: boolean;
}

const FORMATS = ['f32', 'f16', 'bf16', 'q8_0', 'q4_0', 'q4_1', 'w4g32', 'w4g64', 'w4g128'];

/** Per format: K through kforge quantize and K with raw bytes, odd multiples of the block (any K when dense). */
const GEMV_K: Record<string, readonly [number, number]> = {
  f32: [37, 53], f16: [101, 29], bf16: [197, 75], q8_0: [96, 160], q4_0: [224, 96], q4_1: [160, 288],
  w4g32: [288, 96], w4g64: [192, 320], w4g128: [384, 640],
};

function gemvCases(): Case[] {
  const out: Case[] = [];
  FORMATS.forEach((weight, i) => {
    const [kq, kraw] = GEMV_K[weight];
    out.push({
      name: `gemv-${weight}-q`, op: 'gemv', seed: 100 + i, quick: ['q4_0', 'w4g64', 'bf16'].includes(weight),
      params: { M: [1, 3, 5][i % 3], N: 37, K: kq, weight, act: i % 2 ? 'f16' : 'f32', bias: i % 3 === 1 },
    });
    out.push({
      name: `gemv-${weight}-raw`, op: 'gemv', seed: 200 + i, rawWeights: true,
      quick: ['q8_0', 'q4_1', 'w4g32', 'f16'].includes(weight),
      params: { M: [5, 1, 3][i % 3], N: 19 + 2 * i, K: kraw, weight, act: i % 2 ? 'f32' : 'f16', bias: i % 2 === 0 },
    });
  });
  out.push({ name: 'gemv-f32-M64-N1', op: 'gemv', seed: 300, params: { M: 64, N: 1, K: 7, bias: true } });
  out.push({ name: 'gemv-q4_0-M2-K32', op: 'gemv', seed: 301, params: { M: 2, N: 3, K: 32, weight: 'q4_0' } });
  return out;
}

/** GPU-class targets run the formats issue 3 requires of them (time: emulated GPUs take 4-12 s a run); CPU targets all. */
const GPU_RUN_FORMATS = ['f32', 'f16', 'q8_0', 'q4_0', 'w4g64', 'w4g128'];

/** Three unseen K per format for `kforge run`: dense K off every vector width, block K mostly an odd number of blocks. */
const RUN_K: Record<string, readonly number[]> = {
  f32: [45, 131, 299], f16: [83, 253, 19], bf16: [61, 173, 227], q8_0: [160, 288, 96], q4_0: [224, 96, 160],
  q4_1: [288, 160, 224], w4g32: [96, 224, 288], w4g64: [192, 320, 64], w4g128: [384, 128, 640],
};
const RUN_N = [31, 9, 41, 23, 1, 27, 39, 13, 33, 5, 21, 35, 29];

/** Shape j of a format: M 1/3/5, odd N (tails of every row tile), act f32/f16, bias, raw bytes or kforge-quantized. */
function runCase(weight: string, j: number): Case {
  const fi = FORMATS.indexOf(weight);
  const M = [1, 3, 5][(fi + j) % 3];
  const N = RUN_N[(3 * fi + j) % RUN_N.length];
  const K = RUN_K[weight][j];
  const act = (fi + 2 * j) % 2 ? 'f16' : 'f32';
  const bias = (2 * fi + j) % 3 !== 0;
  const raw = (fi + j) % 2 === 0;
  return {
    name: `gemv-run-${weight}-M${M}-N${N}-K${K}-${act}${bias ? '-bias' : ''}${raw ? '-raw' : ''}`,
    op: 'gemv', seed: 800 + 3 * fi + j, run: true, ...(raw ? { rawWeights: true } : {}), params: { M, N, K, weight, act, bias },
  };
}

/**
 * `kforge run attention` cases, none of them a shape of the repository's tests: decode and prefill alternate, the
 * kv storages cycle (q8_0 drawn as raw blocks or quantized by kforge), so any four in a row hold decode and
 * prefill, every storage, a causal and a window mask. MHA, GQA 2/3/4, MQA; B up to 3; Dv != D; Skv and Sq off
 * every tile width; a given scale; a cache of one key.
 */
const ATTN_RUN_PARAMS: readonly Params[] = [
  { B: 1, Hq: 8, Hkv: 2, Sq: 1, Skv: 211, D: 64, kv: 'f16' },
  { B: 1, Hq: 4, Hkv: 2, Sq: 11, Skv: 75, D: 32, causal: true, window: 9, kv: 'q8_0' },
  { B: 3, Hq: 5, Hkv: 1, Sq: 1, Skv: 66, D: 72, Dv: 40, causal: true, kv: 'f32' },
  { B: 2, Hq: 3, Hkv: 3, Sq: 7, Skv: 41, D: 24, Dv: 36, scale: 0.2, kv: 'f16' },
  { B: 2, Hq: 6, Hkv: 2, Sq: 1, Skv: 157, D: 64, Dv: 96, causal: true, window: 61, kv: 'q8_0' },
  { B: 1, Hq: 6, Hkv: 2, Sq: 23, Skv: 23, D: 56, causal: true, kv: 'f32' },
  { B: 1, Hq: 16, Hkv: 4, Sq: 1, Skv: 389, D: 128, kv: 'q8_0' },
];
const ATTN_RAW = [4, 6]; // q8_0 cases whose blocks are drawn as bytes (every code, odd scales)
const ATTN_PER_TARGET = 4;

function attnRunCase(j: number): Case {
  const p = ATTN_RUN_PARAMS[j];
  const raw = ATTN_RAW.includes(j);
  const mask = `${p.causal ? '-causal' : ''}${p.window ? `-win${p.window}` : ''}`;
  return {
    name: `attn-run-B${p.B}-H${p.Hq}x${p.Hkv}-Sq${p.Sq}-Skv${p.Skv}-D${p.D}${p.Dv ? `-Dv${p.Dv}` : ''}${mask}-${p.kv}${raw ? '-raw' : ''}`,
    op: 'attention', seed: 900 + j, run: true, ...(raw ? { rawWeights: true } : {}), params: p,
  };
}

/**
 * `kforge run gated_delta_rule` cases, none of them a shape of the repository's tests: decode (T 1, 2) and prefill
 * (T from 17 to 150, past every chunk), Hv/Hk 1, 2, 3, 4, Dk != Dv, l2norm on and off, slow and fast decay, B 2.
 */
const GDR_RUN_PARAMS: readonly Params[] = [
  { B: 1, T: 1, Hk: 3, Hv: 6, Dk: 96, Dv: 64, l2norm: true },
  { B: 1, T: 150, Hk: 2, Hv: 4, Dk: 64, Dv: 80, l2norm: true },
  { B: 2, T: 2, Hk: 1, Hv: 4, Dk: 48, Dv: 48 },
  { B: 1, T: 77, Hk: 2, Hv: 2, Dk: 112, Dv: 96, l2norm: true, scale: 0.1 },
  { B: 2, T: 17, Hk: 1, Hv: 3, Dk: 24, Dv: 56, l2norm: true },
  { B: 1, T: 101, Hk: 4, Hv: 4, Dk: 36, Dv: 20 },
];
const GDR_PER_TARGET = 2;

function gdrRunCase(j: number): Case {
  const p = GDR_RUN_PARAMS[j];
  const fast = j % 2 === 1;
  return {
    name: `gdr-run-B${p.B}-T${p.T}-H${p.Hk}x${p.Hv}-D${p.Dk}x${p.Dv}${p.l2norm ? '-l2' : ''}${p.scale ? `-s${p.scale}` : ''}${fast ? '-fast' : ''}`,
    op: 'gated_delta_rule', seed: 950 + j, run: true, ...(fast ? { fastDecay: true } : {}), params: p,
  };
}

/**
 * `kforge run moe` cases, none of them a shape of the repository's tests: decode (T 1, 2) and prefill (T 23 to 70),
 * E 5 to 32 (not powers of two), topk 1 to 8, router and given routing, exact router ties (dyadic inputs), normTopk.
 * H and I are multiples of 128, so every format fits every case.
 */
const MOE_RUN_PARAMS: readonly Params[] = [
  { T: 1, H: 128, I: 128, E: 9, topk: 3, normTopk: true },
  { T: 23, H: 256, I: 128, E: 7, topk: 2 },
  { T: 6, H: 128, I: 256, E: 5, topk: 2, normTopk: true },
  { T: 40, H: 128, I: 128, E: 13, topk: 4, routing: 'given' },
  { T: 2, H: 384, I: 128, E: 32, topk: 8, normTopk: true },
  { T: 70, H: 128, I: 128, E: 6, topk: 1 },
];
/** the case drawn with exact router ties (reference.py's dyadic x and router) */
const MOE_TIES_CASE = 2;
const MOE_PER_TARGET = 2;

function moeRunCase(j: number, weight: string): Case {
  const p: Params = { ...MOE_RUN_PARAMS[j]!, weight };
  const ties = j === MOE_TIES_CASE;
  return {
    name: `moe-run-T${p.T}-H${p.H}-I${p.I}-E${p.E}-top${p.topk}${p.routing === 'given' ? '-given' : ''}${p.normTopk ? '-norm' : ''}${ties ? '-ties' : ''}-${weight}`,
    op: 'moe', seed: 980 + j, run: true, ...(ties ? { ties: true } : {}), params: p,
  };
}

/** One `kforge run` (gemv, attention, gated_delta_rule or moe) on one target, judged by reference.py with the bound of the artifact's arithmetic. */
interface RunCheck {
  readonly name: string; // <case>@<target>
  readonly op: 'gemv' | 'attention' | 'gated_delta_rule' | 'moe';
  readonly case: string;
  readonly target: string;
  /** the output folder, relative to the work folder */
  readonly out: string;
  readonly quick: boolean;
  /** rvv: the VLEN qemu emulates (`kforge run --vlen`); absent for the executor's default */
  readonly vlen?: number;
}

/** gemv: target number ti (in doctor's order) runs every format it covers, format fi with shape (ti + fi) mod 3,
 *  so each shape meets several targets; the quick set takes one run per target, spread over the formats. rvv runs
 *  every format again at each larger VLEN, on the other two shapes.
 *  attention: target ti (at VLEN number vi) runs the four cases from (ti + vi) on (mod 7), the quick set the first;
 *  gated_delta_rule likewise two cases from (ti + vi) on (mod 6), and moe two cases from (ti + vi) on (mod 6), case j
 *  in format (ti + j) of the target's formats. */
function runChecks(target: TargetName, ti: number): RunCheck[] {
  const formats = TARGETS[target].class === 'simt' ? GPU_RUN_FORMATS : FORMATS;
  const quickOrder = ['q4_0', 'w4g128', 'f16', 'q8_0', 'w4g64', 'f32', 'bf16', 'q4_1', 'w4g32'].filter((f) => formats.includes(f));
  const vlens: (number | undefined)[] = target === 'rvv' ? [undefined, ...RVV_VLENS.slice(1)] : [undefined];
  const at = (vlen: number | undefined): Pick<RunCheck, 'vlen'> & { on: string } =>
    vlen === undefined ? { on: target } : { on: `${target}-vlen${vlen}`, vlen };
  const gemv = vlens.flatMap((vlen, vi) => formats.map((weight): RunCheck => {
    const c = runCase(weight, (ti + FORMATS.indexOf(weight) + vi) % 3);
    const { on, ...v } = at(vlen);
    return {
      name: `${c.name}@${on}`, op: 'gemv', case: c.name, target, out: join(c.name, `run-${on}`),
      quick: weight === quickOrder[(ti + vi) % quickOrder.length], ...v,
    };
  }));
  const attention = vlens.flatMap((vlen, vi) => Array.from({ length: ATTN_PER_TARGET }, (_, n): RunCheck => {
    const c = attnRunCase((ti + vi + n) % ATTN_RUN_PARAMS.length);
    const { on, ...v } = at(vlen);
    return { name: `${c.name}@${on}`, op: 'attention', case: c.name, target, out: join(c.name, `run-${on}`), quick: n === 0, ...v };
  }));
  const delta = vlens.flatMap((vlen, vi) => Array.from({ length: GDR_PER_TARGET }, (_, n): RunCheck => {
    const c = gdrRunCase((ti + vi + n) % GDR_RUN_PARAMS.length);
    const { on, ...v } = at(vlen);
    return { name: `${c.name}@${on}`, op: 'gated_delta_rule', case: c.name, target, out: join(c.name, `run-${on}`), quick: n === 0, ...v };
  }));
  const moe = vlens.flatMap((vlen, vi) => Array.from({ length: MOE_PER_TARGET }, (_, n): RunCheck => {
    const j = (ti + vi + n) % MOE_RUN_PARAMS.length;
    const c = moeRunCase(j, formats[(ti + j) % formats.length]!);
    const { on, ...v } = at(vlen);
    return { name: `${c.name}@${on}`, op: 'moe', case: c.name, target, out: join(c.name, `run-${on}`), quick: n === 0, ...v };
  }));
  return [...gemv, ...attention, ...delta, ...moe];
}

const CASES: readonly Case[] = [
  // every format, ggml's corner blocks (zero, -0, amax ties, .5 points, f16 subnormal/overflowing scales)
  { name: 'quantize-edges', op: 'quantize', seed: 1, params: { K: 256, rows: 9 }, quick: true },
  ...gemvCases(),
  // attention: grouped-query ratios 1/2/3/4/8, windows below, equal to and above the sequence
  { name: 'attn-decode-gqa8', op: 'attention', seed: 400, quick: true,
    params: { Hq: 8, Hkv: 1, Sq: 1, Skv: 37, D: 40, causal: true } },
  { name: 'attn-prefill-gqa3-win4-f16', op: 'attention', seed: 401, quick: true,
    params: { B: 1, Hq: 6, Hkv: 2, Sq: 5, Skv: 23, D: 24, causal: true, window: 4, kv: 'f16' } },
  { name: 'attn-prefill-mha-win100-B2', op: 'attention', seed: 402,
    params: { B: 2, Hq: 4, Hkv: 4, Sq: 7, Skv: 7, D: 16, causal: true, window: 100 } },
  { name: 'attn-noncausal-gqa4-Dv-scale-f16', op: 'attention', seed: 403, quick: true,
    params: { Hq: 8, Hkv: 2, Sq: 3, Skv: 50, D: 20, Dv: 24, scale: 0.3, kv: 'f16' } },
  { name: 'attn-noncausal-win3-gqa2', op: 'attention', seed: 404,
    params: { Hq: 2, Hkv: 1, Sq: 9, Skv: 9, D: 8, window: 3 } },
  { name: 'attn-win1', op: 'attention', seed: 405, params: { Hq: 3, Hkv: 3, Sq: 4, Skv: 11, D: 12, causal: true, window: 1 } },
  { name: 'attn-decode-Skv1', op: 'attention', seed: 406, params: { Hq: 4, Hkv: 2, Sq: 1, Skv: 1, D: 5, kv: 'f16' } },
  { name: 'attn-B3-gqa3-win13-f16', op: 'attention', seed: 407,
    params: { B: 3, Hq: 3, Hkv: 1, Sq: 13, Skv: 13, D: 17, causal: true, window: 13, kv: 'f16' } },
  { name: 'attn-decode-win5-gqa4', op: 'attention', seed: 408,
    params: { Hq: 4, Hkv: 1, Sq: 1, Skv: 33, D: 9, causal: true, window: 5, scale: 0.125 } },
  // q8_0 KV: blocks drawn as bytes (every code, zero/-0/subnormal/negative scales) or quantized by kforge
  { name: 'attn-q8-decode-gqa4-raw', op: 'attention', seed: 410, rawWeights: true, quick: true,
    params: { Hq: 8, Hkv: 2, Sq: 1, Skv: 45, D: 64, kv: 'q8_0' } },
  { name: 'attn-q8-prefill-causal-win6', op: 'attention', seed: 411, quick: true,
    params: { Hq: 4, Hkv: 2, Sq: 10, Skv: 26, D: 32, causal: true, window: 6, kv: 'q8_0' } },
  { name: 'attn-q8-mqa-B2-Dv96-scale-raw', op: 'attention', seed: 412, rawWeights: true,
    params: { B: 2, Hq: 3, Hkv: 1, Sq: 2, Skv: 19, D: 32, Dv: 96, scale: 0.05, kv: 'q8_0' } },
  { name: 'attn-q8-mqa-B3-causal-Dv64', op: 'attention', seed: 413,
    params: { B: 3, Hq: 5, Hkv: 1, Sq: 4, Skv: 17, D: 96, Dv: 64, causal: true, kv: 'q8_0' } },
  { name: 'attn-q8-decode-Skv1-raw', op: 'attention', seed: 414, rawWeights: true,
    params: { Hq: 6, Hkv: 3, Sq: 1, Skv: 1, D: 32, kv: 'q8_0' } },
  { name: 'attn-q8-noncausal-win2-B2', op: 'attention', seed: 415,
    params: { B: 2, Hq: 2, Hkv: 2, Sq: 3, Skv: 12, D: 64, Dv: 32, window: 2, kv: 'q8_0' } },
  { name: 'attn-mqa-B2-Dv6-causal', op: 'attention', seed: 416,
    params: { B: 2, Hq: 7, Hkv: 1, Sq: 3, Skv: 14, D: 11, Dv: 6, causal: true } },
  // gated delta rule: decode and prefill, grouped value heads, l2norm on and off, Dk != Dv
  { name: 'gdr-decode-l2-Hv4', op: 'gated_delta_rule', seed: 500, quick: true,
    params: { T: 1, Hk: 2, Hv: 4, Dk: 16, Dv: 24, l2norm: true } },
  { name: 'gdr-T13-B2-nol2', op: 'gated_delta_rule', seed: 501, quick: true,
    params: { B: 2, T: 13, Hk: 3, Hv: 3, Dk: 20, Dv: 12 } },
  { name: 'gdr-T7-Hv3-scale', op: 'gated_delta_rule', seed: 502, params: { T: 7, Hk: 1, Hv: 3, Dk: 32, scale: 0.5, l2norm: true } },
  { name: 'gdr-T29-Hv8', op: 'gated_delta_rule', seed: 503, params: { T: 29, Hk: 2, Hv: 8, Dk: 8, Dv: 8, l2norm: true } },
  // moe: E=5 topk 2, normTopk, given routing, exact ties, quantized expert weights
  { name: 'moe-E5-top2', op: 'moe', seed: 600, quick: true, params: { T: 3, H: 64, I: 32, E: 5, topk: 2 } },
  { name: 'moe-E5-top2-norm-q4_0', op: 'moe', seed: 601, quick: true,
    params: { T: 5, H: 64, I: 96, E: 5, topk: 2, weight: 'q4_0', normTopk: true } },
  { name: 'moe-given-E6-top3-q8_0', op: 'moe', seed: 602,
    params: { T: 4, H: 96, I: 32, E: 6, topk: 3, weight: 'q8_0', routing: 'given' } },
  { name: 'moe-ties-E5-top2', op: 'moe', seed: 603, ties: true, quick: true,
    params: { T: 6, H: 40, I: 24, E: 5, topk: 2, normTopk: true } },
  { name: 'moe-ties-E6-top2', op: 'moe', seed: 604, ties: true, params: { T: 3, H: 33, I: 7, E: 6, topk: 2 } },
  { name: 'moe-E7-top1-w4g32-raw', op: 'moe', seed: 605, rawWeights: true, params: { T: 5, H: 64, I: 32, E: 7, topk: 1, weight: 'w4g32' } },
  { name: 'moe-given-E5-top5-q4_1', op: 'moe', seed: 606,
    params: { T: 2, H: 32, I: 64, E: 5, topk: 5, weight: 'q4_1', routing: 'given' } },
  { name: 'moe-E4-top2-bf16-raw', op: 'moe', seed: 607, rawWeights: true, params: { T: 3, H: 24, I: 40, E: 4, topk: 2, weight: 'bf16' } },
  { name: 'moe-E5-top3-w4g128', op: 'moe', seed: 608, params: { T: 2, H: 128, I: 256, E: 5, topk: 3, weight: 'w4g128', normTopk: true } },
  { name: 'moe-E3-top2-w4g64', op: 'moe', seed: 609, params: { T: 3, H: 192, I: 64, E: 3, topk: 2, weight: 'w4g64' } },
  { name: 'moe-E5-top2-f16', op: 'moe', seed: 610, params: { T: 2, H: 48, I: 20, E: 5, topk: 2, weight: 'f16' } },
  // bad input (SPEC: "K must be a multiple of the block or group size ... exit 2", constraints)
  { name: 'bad-quantize-q4_0-K100', op: 'quantize', seed: 700, expectExit: 2, params: { format: 'q4_0', K: 100 } },
  { name: 'bad-quantize-w4g128-K192', op: 'quantize', seed: 701, expectExit: 2, params: { format: 'w4g128', K: 192 } },
  { name: 'bad-gemv-q4_1-K100', op: 'gemv', seed: 702, expectExit: 2, rawWeights: true, params: { N: 3, K: 100, weight: 'q4_1' } },
  { name: 'bad-attn-Hq6-Hkv4', op: 'attention', seed: 703, expectExit: 2, params: { Hq: 6, Hkv: 4, Sq: 1, Skv: 4, D: 8 } },
  { name: 'bad-gemv-M65', op: 'gemv', seed: 704, expectExit: 2, params: { M: 65, N: 3, K: 8 } },
  { name: 'bad-attn-Sq5-Skv4', op: 'attention', seed: 705, expectExit: 2, params: { Hq: 2, Hkv: 1, Sq: 5, Skv: 4, D: 8, causal: true } },
  { name: 'bad-attn-window-1', op: 'attention', seed: 706, expectExit: 2, params: { Hq: 2, Sq: 1, Skv: 6, D: 8, window: -1 } },
  { name: 'bad-attn-q8_0-D48', op: 'attention', seed: 707, expectExit: 2, quick: true, params: { Hq: 2, Sq: 1, Skv: 5, D: 48, kv: 'q8_0' } },
  { name: 'bad-attn-q8_0-Dv40', op: 'attention', seed: 708, expectExit: 2, params: { Hq: 2, Sq: 2, Skv: 5, D: 32, Dv: 40, kv: 'q8_0' } },
  { name: 'bad-attn-q8_0-k-f32', op: 'attention', seed: 709, expectExit: 2, wrongKv: true, params: { Hq: 2, Sq: 1, Skv: 5, D: 32, kv: 'q8_0' } },
  { name: 'bad-gdr-g-positive', op: 'gated_delta_rule', seed: 710, expectExit: 2, badGate: 'g', quick: true, params: { T: 4, Hk: 1, Hv: 2, Dk: 8 } },
  { name: 'bad-gdr-beta-above-1', op: 'gated_delta_rule', seed: 711, expectExit: 2, badGate: 'beta', params: { T: 3, Hk: 2, Hv: 2, Dk: 8, Dv: 4 } },
  { name: 'bad-gdr-Hv5-Hk2', op: 'gated_delta_rule', seed: 712, expectExit: 2, params: { T: 2, Hk: 2, Hv: 5, Dk: 8 } },
];

export interface CheckLine {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

function python(args: readonly string[]): Promise<CliResult> {
  return new Promise((done) => {
    execFile('python3', [...args], { maxBuffer: 64 << 20, timeout: 600_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

/** Why the check cannot run here (no python3 or no numpy), or undefined. */
export async function missingPython(): Promise<string | undefined> {
  const r = await python(['-c', 'import numpy']);
  if (r.code === 0) return undefined;
  return r.code === -1 || /ENOENT/.test(r.stderr) ? 'python3 is not installed' : 'python3 has no numpy (pip install numpy)';
}

/** Runs tasks with at most `jobs` at once, keeping their order in the result. */
async function pool<T>(jobs: number, tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return out;
}

function firstLine(r: CliResult): string {
  return (r.stderr.trim() || r.stdout.trim()).split('\n')[0] ?? '';
}

export interface Options {
  readonly quick?: boolean;
  /** only the cases whose name matches */
  readonly filter?: RegExp;
  readonly jobs?: number;
  /** keep the inputs and outputs in this folder instead of a temporary one */
  readonly keep?: string;
  readonly log?: (line: string) => void;
}

/** The targets `kforge doctor --json` reports as executing here (native or emulated), in its order, and the rest with why. */
async function doctorTargets(): Promise<{ targets: { name: TargetName; index: number }[]; skipped: string[] } | string> {
  const r = await kforge(['doctor', '--json']);
  if (r.code !== 0) return `kforge doctor exit ${r.code}: ${firstLine(r)}`;
  const report = JSON.parse(r.stdout) as { targets: { target: TargetName; status: string; reason?: string }[] };
  const targets: { name: TargetName; index: number }[] = [];
  const skipped: string[] = [];
  report.targets.forEach((t, index) => {
    if (t.status === 'native' || t.status === 'emulated') targets.push({ name: t.target, index });
    else skipped.push(`${t.target} (${t.status}): ${t.reason ?? ''}`);
  });
  return { targets, skipped };
}

/** What one `kforge run` reported, and the bound SPEC section 4 gives the arithmetic its artifact declares. */
interface RunInfo {
  readonly executor?: string;
  readonly config?: unknown;
  readonly arithmetic?: string;
  readonly bound?: number;
  readonly error?: string;
}

/** `kforge run OP`; it prints the executor, the config and the arithmetic its kernel declares (kforge decides the
 *  bound per artifact from it, see `checkRun`); the bound is looked up where kforge keeps it. */
async function runOnTarget(work: string, r: RunCheck, c: Case): Promise<RunInfo> {
  const params = JSON.stringify(c.params);
  const run = await kforge(['run', r.op, '--target', r.target, '--params', params, ...(r.vlen ? ['--vlen', String(r.vlen)] : []),
    '--in', join(work, c.name, 'in'), '--out', join(work, r.out)], 300_000);
  const executor = new RegExp(`^${r.op} on [^:]+: (\\S+ \\([^)]*\\))`, 'm').exec(run.stdout)?.[1];
  // -1: killed at the time limit (or never started), with nothing printed
  const why = run.code === -1 && !firstLine(run) ? 'killed after 300 s or not started' : firstLine(run);
  if (run.code !== 0) return { ...(executor ? { executor } : {}), error: `kforge run exit ${run.code}: ${why}` };
  const config = /^config (\{.*\})$/m.exec(run.stdout)?.[1];
  const arithmetic = /^arithmetic (\S+)$/m.exec(run.stdout)?.[1];
  if (!executor || !config || !arithmetic) return { error: `kforge run printed no executor, config or arithmetic line: ${run.stdout.trim().split('\n')[0]}` };
  if (!Object.hasOwn(NMSE_BOUNDS, arithmetic)) return { executor, error: `kforge run: unknown arithmetic '${arithmetic}'` };
  return { executor, config: JSON.parse(config), arithmetic, bound: nmseBound(r.op, arithmetic as KernelArithmetic) };
}

export interface Result {
  readonly lines: CheckLine[];
  readonly agree: number;
  readonly differ: number;
  /** targets doctor reports as executing here (each gets `kforge run` checks), and the others with why */
  readonly targets: string[];
  readonly skipped: string[];
}

export async function crosscheck(opts: Options = {}): Promise<Result> {
  const log = opts.log ?? (() => undefined);
  const jobs = opts.jobs ?? 1;
  const selected = (name: string, quick: boolean | undefined): boolean => (!opts.quick || !!quick) && (!opts.filter || opts.filter.test(name));
  const cases = CASES.filter((c) => selected(c.name, c.quick));
  const work = opts.keep ? resolve(opts.keep) : mkdtempSync(join(tmpdir(), 'kforge-crosscheck-'));
  if (opts.keep) {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
  }
  const lines: CheckLine[] = [];
  const report = (line: CheckLine): void => {
    lines.push(line);
    log(`${line.ok ? 'agree ' : 'DIFFER'}  ${line.name}  ${line.detail}`);
  };
  let targets: string[] = [];
  let skipped: string[] = [];
  try {
    // kforge run gemv on every target that executes here; the rest are named with doctor's reason
    const doctor = await doctorTargets();
    const targetRuns: RunCheck[] = [];
    if (typeof doctor === 'string') report({ name: 'kforge doctor', ok: false, detail: doctor });
    else {
      targets = doctor.targets.map((t) => t.name);
      skipped = doctor.skipped;
      for (const s of skipped) log(`skip    ${s}`);
      for (const t of doctor.targets) targetRuns.push(...runChecks(t.name, t.index).filter((r) => selected(r.name, r.quick)));
    }
    const runCases = new Map([...FORMATS.flatMap((f) => [0, 1, 2].map((j) => runCase(f, j))), ...ATTN_RUN_PARAMS.map((_, j) => attnRunCase(j)),
      ...GDR_RUN_PARAMS.map((_, j) => gdrRunCase(j)), ...MOE_RUN_PARAMS.flatMap((_, j) => FORMATS.map((f) => moeRunCase(j, f)))]
      .map((c) => [c.name, c]));
    cases.push(...[...new Set(targetRuns.map((r) => r.case))].map((name) => runCases.get(name)!));

    const plan = join(work, 'plan.json');
    writeFileSync(plan, JSON.stringify({ cases }, null, 1));
    const gen = await python([REFERENCE_PY, 'gen', plan, work]);
    if (gen.code !== 0) throw new Error(`reference.py gen failed: ${gen.stderr}`);

    // kforge quantize, one call per format over every weight drawn for it; then into each case's inputs
    const formats = FORMATS.filter((f) => existsSync(join(work, `qsrc-${f}`)));
    const quantized = await pool(jobs, formats.map((f) => () =>
      kforge(['quantize', '--format', f, '--in', join(work, `qsrc-${f}`), '--out', join(work, `qkf-${f}`)])));
    const kforgeErrors = new Map<string, string>();
    const refusals = new Map<string, { ok: boolean; detail: string }>();
    formats.forEach((f, i) => {
      if (quantized[i].code !== 0) {
        kforgeErrors.set(`quantize ${f}`, `kforge quantize exit ${quantized[i].code}: ${firstLine(quantized[i])}`);
        return;
      }
      for (const file of readdirSync(join(work, `qkf-${f}`))) {
        const [caseName, tensor] = file.split('__');
        const c = cases.find((x) => x.name === caseName);
        if (c && c.op !== 'quantize' && tensor) copyFileSync(join(work, `qkf-${f}`, file), join(work, caseName, 'in', tensor));
      }
    });

    // kforge reference per case; bad-input cases must exit as expected and leave no output
    const runs = cases.filter((c) => !c.run && (c.op !== 'quantize' || c.expectExit !== undefined));
    const results = await pool(jobs, runs.map((c) => () => {
      const inDir = join(work, c.name, 'in');
      const outDir = join(work, c.name, 'kforge');
      return c.op === 'quantize'
        ? kforge(['quantize', '--format', String(c.params.format), '--in', inDir, '--out', outDir])
        : kforge(['reference', c.op, '--params', JSON.stringify(c.params), '--in', inDir, '--out', outDir]);
    }));
    runs.forEach((c, i) => {
      const r = results[i];
      if (c.expectExit === undefined) {
        if (r.code !== 0) kforgeErrors.set(c.name, `kforge ${c.op === 'quantize' ? 'quantize' : 'reference'} exit ${r.code}: ${firstLine(r)}`);
        return;
      }
      // judged with reference.py's line for the case (which must refuse it too)
      const wrote = existsSync(join(work, c.name, 'kforge'));
      const ok = r.code === c.expectExit && r.stderr.startsWith('kforge: error: ') && !wrote;
      refusals.set(c.name, { ok, detail: `exit ${r.code} (want ${c.expectExit})${wrote ? ', wrote an output folder' : ''}: ${firstLine(r)}` });
    });

    // kforge run per (case, target); the plan gains what each run reported, for reference.py and for --keep
    const infos = await pool(jobs, targetRuns.map((r) => () => runOnTarget(work, r, runCases.get(r.case)!)));
    const executors = new Map<string, string>();
    targetRuns.forEach((r, i) => {
      executors.set(r.name, infos[i].executor ?? '?');
      if (infos[i].error) kforgeErrors.set(r.name, infos[i].error!);
    });
    writeFileSync(plan, JSON.stringify({ cases, runs: targetRuns.map((r, i) => ({ ...r, ...infos[i] })) }, null, 1));

    // reference.py: the same quantizers on the same sources, the references on the same inputs, gemv against each run
    const check = await python([REFERENCE_PY, 'check', plan, work]);
    for (const text of check.stdout.split('\n').filter((l) => l.trim())) {
      const line = JSON.parse(text) as CheckLine;
      const err = kforgeErrors.get(line.name);
      const executor = executors.get(line.name);
      const refusal = refusals.get(line.name);
      if (refusal) {
        report({ name: line.name, ok: refusal.ok && line.ok, detail: `${refusal.detail}; ${line.detail}` });
        continue;
      }
      const detail = err ?? line.detail;
      report({ name: line.name, ok: !err && line.ok, detail: executor ? `${executor}: ${detail}` : detail });
    }
    for (const [name, refusal] of refusals) {
      if (!lines.some((l) => l.name === name)) report({ name, ok: false, detail: `${refusal.detail}; reference.py wrote no line for it` });
    }
    if (check.code !== 0) report({ name: 'reference.py check', ok: false, detail: check.stderr.trim().split('\n').pop() ?? '' });
  } finally {
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
  }
  const agree = lines.filter((l) => l.ok).length;
  const differ = lines.length - agree;
  log(`${agree} agree, ${differ} differ`);
  return { lines, agree, differ, targets, skipped };
}

async function main(argv: readonly string[]): Promise<number> {
  const arg = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const missing = await missingPython();
  if (missing) {
    console.error(`crosscheck: ${missing}; nothing checked`);
    return 2;
  }
  const { differ } = await crosscheck({
    quick: argv.includes('--quick'), filter: arg('--filter') ? new RegExp(arg('--filter') ?? '') : undefined, jobs: Number(arg('--jobs') ?? 1), keep: arg('--keep'), log: (l) => console.log(l),
  });
  return differ === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.exitCode = await main(process.argv.slice(2));
}
