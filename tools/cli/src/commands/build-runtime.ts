import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FORMATS, InputError, OPS, WEIGHT_FORMAT_NAMES, getOp, resolveParams, type Params, type WeightFormatName } from '@kforge/ir';
import { parseTarget } from '../args.ts';
import { kforgeVersion } from '@kforge/bench';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { FORCE_OPTION, checkOutputFolder, readJsonValue, writeOutputFolder, outputOptions } from '../files.ts';
import type { PhasedRuntimeOps } from '@kforge/driver';

const ACTS = ['f32', 'f16'] as const;
type Act = (typeof ACTS)[number];

function parseList<T extends string>(option: string, text: string, known: readonly T[]): T[] {
  const items = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (!items.length) throw new InputError(`--${option} is empty (known: ${known.join(', ')})`);
  for (const item of items) if (!known.includes(item as T)) throw new InputError(`--${option}: unknown '${item}' (known: ${known.join(', ')})`);
  return [...new Set(items)] as T[];
}


/** kforge.h's opening comment with a line added after its "Tuned on" sentence */
export function noteInHeader(files: Record<string, string>, note: string): Record<string, string> {
  const header = files['include/kforge.h'];
  const tunedOn = /^ \* .*Tuned on: [^\n]*\n/m;
  if (header === undefined || !tunedOn.test(header)) throw new Error('kforge.h has no "Tuned on" line to put a note after');
  return { ...files, 'include/kforge.h': header.replace(tunedOn, (line) => `${line} * ${note.replace(/\*\//g, '* /')}\n`) };
}

function parseMaxM(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const m = Number(text);
  if (!/^\d+$/.test(text) || m < 1 || m > 64) throw new InputError(`--max-m must be an integer in 1..64, got '${text}'`);
  return m;
}

/** the option naming a phased op's compiled configurations: --experts for moe, --heads for the others */
const configOption = (op: string): 'experts' | 'heads' => (op === 'moe' ? 'experts' : 'heads');

/**
 * --heads (attention, gated_delta_rule) or --experts (moe): the configurations of the phased ops in --ops
 * that the option names: a JSON list (or @file) when one of them is built, or an object of lists keyed
 * by op; each checked as that op's params without its run-time shape
 */
function parseHeads(option: 'heads' | 'experts', text: string | undefined, builtOps: readonly string[], plans: PhasedRuntimeOps): Record<string, Params[]> {
  if (text === undefined) return {};
  const phasedOps = builtOps.filter((op) => configOption(op) === option);
  if (!phasedOps.length) throw new InputError(`--${option}: none of the ops in --ops takes ${option === 'heads' ? 'head' : 'expert'} configurations (${option === 'heads' ? 'attention, gated_delta_rule' : 'moe'} do)`);
  const { parsed: value, source } = readJsonValue(option, text);
  const keyed = Array.isArray(value) ? (phasedOps.length === 1 ? { [phasedOps[0]!]: value } : undefined) : value;
  if (typeof keyed !== 'object' || keyed === null) {
    throw new InputError(`${source} must be a JSON list of head configurations, or with several of ${phasedOps.join(', ')} an object of lists keyed by op`);
  }
  const out: Record<string, Params[]> = {};
  for (const [op, list] of Object.entries(keyed as Record<string, unknown>)) {
    const plan = plans[op]?.plan;
    if (!plan || !phasedOps.includes(op)) throw new InputError(`--${option}: '${op}' is not one of the ops built here that take ${option === 'heads' ? 'head' : 'expert'} configurations (${phasedOps.join(', ') || 'none'})`);
    const shape = plan.spec.shape;
    if (!Array.isArray(list) || list.length === 0 || !list.every((h) => typeof h === 'object' && h !== null && !Array.isArray(h)))
      throw new InputError(`${source}: ${op} needs a non-empty JSON list of objects (${op} params but ${shape.join(', ')})`);
    for (const h of list as Record<string, unknown>[]) {
      for (const k of shape) if (k in h) throw new InputError(`--${option}: ${op}: '${k}' is given at run time, not per ${option === 'heads' ? 'head' : 'expert'} configuration`);
      resolveParams(getOp(op), { ...plan.phaseShape[plan.spec.phases[0]!], ...h } as Params);
    }
    out[op] = list as Params[];
  }
  return out;
}

export const buildRuntimeCommand: Command = {
  name: 'build-runtime',
  summary: 'build a runtime library (kforge.h, per-shape dispatch to the tuned kernels, CMake files) for a target',
  usage: 'build-runtime --target T --db FILE [--ops gemv,attention,gated_delta_rule,moe] [--heads JSON] [--experts JSON] [--formats F,...] [--acts f32,f16] [--device NAME] [--max-m M] [--cuda-arch 80,90] --out DIR',
  args: {
    positionals: [],
    options: {
      target: { kind: 'value', doc: 'target to build for: a CPU target (c, avx2, avx512, neon, rvv) or cuda, opencl, vulkan (with their host side)' },
      db: { kind: 'value', doc: 'tuning database (JSON lines) whose best records per shape become the tuned configs' },
      ops: { kind: 'value', doc: 'ops to include (default gemv): gemv, attention, gated_delta_rule, moe (CPU and GPU targets); each needs kernels on the target and a runtime dispatch policy' },
      experts: { kind: 'value', doc: 'moe: JSON list (or @file) of expert configurations, the params but T (run time), e.g. [{"E":128,"topk":8,"H":2048,"I":768,"weight":"q4_0","normTopk":true}] (routing defaults to router; "given" takes ids and weights); default: Qwen3-30B-A3B\'s block (E 128, topk 8 renormalized, H 2048, I 768, router) in q4_0, q8_0 and f16; tuned records add theirs' },
      heads: { kind: 'value', doc: 'attention, gated_delta_rule: JSON list (or @file) of head configurations, the params but the run-time shape (attention: B, Sq, Skv; gated_delta_rule: B, T), e.g. [{"Hq":16,"Hkv":8,"D":128,"causal":true,"kv":"f16"}]; with both ops an object of lists keyed by op (default: Qwen3-0.6B and Qwen3-30B-A3B attention, causal, f16 and q8_0 KV; Qwen3.5 linear attention, 16 q/k heads and 16 or 32 value heads of 128, l2norm); tuned records add theirs' },
      formats: { kind: 'value', doc: 'weight formats to include (default: all of SPEC section 2)' },
      acts: { kind: 'value', doc: 'activation types to include (default: f32,f16)' },
      device: { kind: 'value', doc: 'use the records of the device whose name contains this (needed when the db holds several)' },
      'max-m': { kind: 'value', doc: 'largest M the library serves (1..64, default 64): GPU kernels are compiled per row count, so a decode-only library is far smaller' },
      'cuda-arch': { kind: 'value', doc: 'cuda: architectures to compile for, e.g. 90 or 80,90 (default 80,90)' },
      out: { kind: 'value', doc: 'folder for the library sources and CMake files; built into DIR/build (replaced if kforge wrote it, or with --force)' },
      force: FORCE_OPTION,
    },
  },
  async run(args) {
    const target = parseTarget(args.required('target'));
    const dbPath = args.required('db');
    const out = args.required('out');
    const ops = parseList('ops', args.optional('ops') ?? 'gemv', Object.keys(OPS));
    const formats = parseList('formats', args.optional('formats') ?? WEIGHT_FORMAT_NAMES.join(','), WEIGHT_FORMAT_NAMES) as WeightFormatName[];
    const acts = parseList('acts', args.optional('acts') ?? ACTS.join(','), ACTS) as Act[];
    const maxM = parseMaxM(args.optional('max-m'));
    const cudaArch = args.optional('cuda-arch');
    if (!existsSync(dbPath)) throw new InputError(`--db '${dbPath}' does not exist`);
    checkOutputFolder(out, [dbPath], outputOptions(args));
    const { isCpuTarget } = await import('@kforge/exec');
    const { PHASED_RUNTIME_OPS, buildCpuRuntime, buildGpuRuntime, isGpuRuntimeTarget, planCpuRuntime, planGpuRuntime, runtimeGaps, tunedFromRecords } = await import('@kforge/driver');
    for (const op of ops) {
      const gaps = runtimeGaps(op, target);
      if (gaps.length) throw new InputError(`build-runtime --ops: ${op} cannot go into a ${target} runtime: ${gaps.join('; ')}`);
    }
    if (!isCpuTarget(target) && !isGpuRuntimeTarget(target))
      throw new InputError(`build-runtime: target '${target}' has no runtime library yet (CPU targets, cuda, opencl and vulkan have)`);
    if (cudaArch !== undefined && target !== 'cuda') throw new InputError('--cuda-arch applies to --target cuda only');
    const cudaArchitectures = cudaArch?.split(',').map((a) => a.trim());
    if (cudaArchitectures && !cudaArchitectures.every((a) => /^\d+[a-z]?$/.test(a)))
      throw new InputError(`--cuda-arch takes architectures like 90 or 80,90, got '${cudaArch}'`);
    const { JsonlTuningDatabase } = await import('@kforge/autotune');
    const { cpuRuntimeFiles, gpuRuntimeFiles } = await import('@kforge/runtime');

    const withGemv = ops.includes('gemv');
    const records = new JsonlTuningDatabase(dbPath).all();
    const gemv = withGemv ? tunedFromRecords(records, 'gemv', target, args.optional('device')) : { tuned: [], device: '' };
    const phasedOps = ops.filter((op) => op in PHASED_RUNTIME_OPS);
    const phasedTuned = Object.fromEntries(phasedOps.map((op) => [op, tunedFromRecords(records, op, target, args.optional('device'))]));
    const included = gemv.tuned.filter((t) => formats.includes(t.params.weight as WeightFormatName) && acts.includes(t.params.act as Act)
      && Number(t.params.M) <= (maxM ?? 64));
    const phasedCount = Object.values(phasedTuned).reduce((n, t) => n + t.tuned.length, 0);
    const tunedCount = gemv.tuned.length + phasedCount;
    const device = [gemv.device, ...Object.values(phasedTuned).map((t) => t.device)].find((d) => d) ?? '';
    // a library built from nothing tuned for this target says so, on the terminal and in its header
    const untuned = tunedCount === 0 ? `no tuning records for target ${target} in ${dbPath}: the library holds the target's default configs only` : undefined;
    if (untuned) println(untuned);
    const withNote = (files: Record<string, string>): Record<string, string> => (untuned ? noteInHeader(files, `${untuned}.`) : files);
    const givenHeads = { ...parseHeads('heads', args.optional('heads'), phasedOps, PHASED_RUNTIME_OPS), ...parseHeads('experts', args.optional('experts'), phasedOps, PHASED_RUNTIME_OPS) };
    const heads = Object.fromEntries(phasedOps.map((op) => [op, givenHeads[op] ?? PHASED_RUNTIME_OPS[op]!.defaultHeads]));
    const request = {
      ops, formats, acts, tuned: included, device, version: kforgeVersion(), ...(maxM !== undefined ? { maxM } : {}),
      phased: Object.fromEntries(phasedOps.map((op) => [op, { heads: heads[op]!, tuned: phasedTuned[op]!.tuned }])),
    };
    let kernelCount: number;
    if (isGpuRuntimeTarget(target)) {
      const spec = await planGpuRuntime({ target, ...request });
      kernelCount = spec.kernels.length;
      writeOutputFolder(out, withNote(gpuRuntimeFiles(spec)), [dbPath], outputOptions(args));
    } else {
      const spec = planCpuRuntime({ target, ...request });
      kernelCount = spec.kernels.length;
      writeOutputFolder(out, withNote(cpuRuntimeFiles(spec)), [dbPath], outputOptions(args));
    }
    try {
      const built = isGpuRuntimeTarget(target)
        ? await buildGpuRuntime(out, cudaArchitectures ? { cudaArchitectures } : {})
        : await buildCpuRuntime(out);
      const blocks = formats.map((f) => `${f}${FORMATS[f].kind === 'dense' ? '' : `/${(FORMATS[f] as { block: number }).block}`}`);
      const served = [...(withGemv ? [`gemv: formats ${blocks.join(', ')}, acts ${acts.join(', ')}, M up to ${maxM ?? 64}`] : []), ...phasedOps.map((op) => `${op}: ${heads[op]!.length} ${configOption(op) === 'heads' ? 'head' : 'expert'} configurations x decode, prefill`)];
      println(`built the ${target} runtime in ${(built.wallMs / 1000).toFixed(1)} s: ${kernelCount} kernels; ${served.join('; ')}`);
      println(`tuned shapes: ${included.length + phasedCount} of ${tunedCount} in the database${device ? ` (device '${device}')` : ''}; others dispatch to ${target}'s defaults`);
      println(`  ${join(out, 'include', 'kforge.h')}`);
      println(`  ${built.staticLibrary}`);
      println(`  ${built.sharedLibrary}`);
    } catch (e) {
      rmSync(out, { recursive: true, force: true }); // complete or not at all
      throw e;
    }
  },
};
