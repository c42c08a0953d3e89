import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FORMATS, InputError, WEIGHT_FORMAT_NAMES, type WeightFormatName } from '@kforge/ir';
import { parseTarget } from '../args.ts';
import { kforgeVersion } from '@kforge/bench';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { checkOutputFolder, writeOutputFolder } from '../files.ts';

const ACTS = ['f32', 'f16'] as const;
type Act = (typeof ACTS)[number];

function parseList<T extends string>(option: string, text: string, known: readonly T[]): T[] {
  const items = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (!items.length) throw new InputError(`--${option} is empty (known: ${known.join(', ')})`);
  for (const item of items) if (!known.includes(item as T)) throw new InputError(`--${option}: unknown '${item}' (known: ${known.join(', ')})`);
  return [...new Set(items)] as T[];
}


export const buildRuntimeCommand: Command = {
  name: 'build-runtime',
  summary: 'build a runtime library (kforge.h, per-shape dispatch to the tuned kernels, CMake files) for a target',
  usage: 'build-runtime --target T --db FILE [--ops gemv] [--formats F,...] [--acts f32,f16] [--device NAME] --out DIR',
  args: {
    positionals: [],
    options: {
      target: { kind: 'value', doc: 'CPU target to build for (c, avx2, avx512, neon, rvv)' },
      db: { kind: 'value', doc: 'tuning database (JSON lines) whose best records per shape become the tuned configs' },
      ops: { kind: 'value', doc: 'operator families to include (default: gemv, the only one so far)' },
      formats: { kind: 'value', doc: 'weight formats to include (default: all of SPEC section 2)' },
      acts: { kind: 'value', doc: 'activation types to include (default: f32,f16)' },
      device: { kind: 'value', doc: 'use the records of the device whose name contains this (needed when the db holds several)' },
      out: { kind: 'value', doc: 'folder for the library sources and CMake files; built into DIR/build (replaced if it exists)' },
    },
  },
  async run(args) {
    const target = parseTarget(args.required('target'));
    const dbPath = args.required('db');
    const out = args.required('out');
    const ops = parseList('ops', args.optional('ops') ?? 'gemv', ['gemv'] as const);
    const formats = parseList('formats', args.optional('formats') ?? WEIGHT_FORMAT_NAMES.join(','), WEIGHT_FORMAT_NAMES) as WeightFormatName[];
    const acts = parseList('acts', args.optional('acts') ?? ACTS.join(','), ACTS) as Act[];
    if (!existsSync(dbPath)) throw new InputError(`--db '${dbPath}' does not exist`);
    checkOutputFolder(out, [dbPath]);
    const { isCpuTarget } = await import('@kforge/exec');
    if (!isCpuTarget(target)) throw new InputError(`build-runtime: target '${target}' is not a CPU target; GPU runtimes are not built yet`);
    const { JsonlTuningDatabase } = await import('@kforge/autotune');
    const { buildCpuRuntime, planCpuRuntime, tunedFromRecords } = await import('@kforge/driver');
    const { cpuRuntimeFiles } = await import('@kforge/runtime');

    const { tuned, device } = tunedFromRecords(new JsonlTuningDatabase(dbPath).all(), ops[0]!, target, args.optional('device'));
    const included = tuned.filter((t) => formats.includes(t.params.weight as WeightFormatName) && acts.includes(t.params.act as Act));
    const spec = planCpuRuntime({ target, formats, acts, tuned: included, device, version: kforgeVersion() });
    writeOutputFolder(out, cpuRuntimeFiles(spec), [dbPath]);
    try {
      const built = await buildCpuRuntime(out);
      const blocks = formats.map((f) => `${f}${FORMATS[f].kind === 'dense' ? '' : `/${(FORMATS[f] as { block: number }).block}`}`);
      println(`built the ${target} runtime in ${(built.wallMs / 1000).toFixed(1)} s: ${spec.kernels.length} kernels, formats ${blocks.join(', ')}, acts ${acts.join(', ')}`);
      println(`tuned shapes: ${included.length} of ${tuned.length} in the database${device ? ` (device '${device}')` : ''}; others dispatch to ${target}'s defaults`);
      println(`  ${join(out, 'include', 'kforge.h')}`);
      println(`  ${built.staticLibrary}`);
      println(`  ${built.sharedLibrary}`);
    } catch (e) {
      rmSync(out, { recursive: true, force: true }); // complete or not at all
      throw e;
    }
  },
};
