/**
 * The files of a CPU runtime library, from its description (model.ts): the public header, the
 * dispatch translation unit, one file per kernel and the CMake scaffolding. Templates live in
 * packages/runtime/templates (Handlebars, compiled with noEscape and strict).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { FORMATS, type WeightFormatName } from '@kforge/ir';
import {
  M_BUCKETS, M_MAX, MAX_SHAPE_DISTANCE, gemvEntryName, variantSymbol,
  type Activation, type CpuRuntimeSpec, type GemvVariant, type RuntimeKernel,
} from './model.ts';

/** Bumped when a signature, struct or status code of kforge.h changes incompatibly. */
export const ABI_VERSION = 1;

const TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), '..', 'templates');
const handlebars = Handlebars.create();
const template = (name: string): HandlebarsTemplateDelegate =>
  handlebars.compile(readFileSync(join(TEMPLATES, name), 'utf8'), { noEscape: true, strict: true });
const TEMPLATE = {
  header: template('kforge.h.hbs'),
  dispatch: template('kforge_dispatch.c.hbs'),
  cmake: template('CMakeLists.txt.hbs'),
  config: template('kforgeConfig.cmake.hbs'),
  toolchain: template('kforge-toolchain.cmake.hbs'),
};

/** Public arguments every kernel argument maps onto (anything else is scratch). */
const PUBLIC_ARGS = new Set(['x', 'W', 'W_scale', 'W_min', 'bias', 'y', 'M', 'N', 'K']);

function weightParams(format: WeightFormatName): string[] {
  const f = FORMATS[format];
  if (f.kind === 'dense') return [f.name === 'f32' ? 'const float* W' : 'const uint16_t* W'];
  if (f.kind === 'block') return ['const void* W'];
  return ['const uint8_t* W', ...f.planes.map((p) => `const uint16_t* W_${p}`)];
}

function describeFormat(format: WeightFormatName): string {
  const f = FORMATS[format];
  if (f.kind === 'dense') return `${format} weights W[N,K]`;
  if (f.kind === 'block') return `${format} weights: N rows of K/${f.block} blocks of ${f.bytes} bytes`;
  return `${format} planar weights: W u8[N,K/2] codes, W_scale and W_min f16[N,K/${f.block}]`;
}

interface EntryPoint {
  readonly name: string;
  readonly doc: string;
  readonly signature: string;
  readonly nullChecks: string;
  readonly scaleArg: string;
  readonly minArg: string;
  readonly block: number;
  readonly biasVariant: string;
  readonly plainVariant: string;
}

function entryPoint(format: WeightFormatName, act: Activation): EntryPoint {
  const f = FORMATS[format];
  const planar = f.kind === 'planar';
  const params = [act === 'f32' ? 'const float* x' : 'const uint16_t* x', ...weightParams(format),
    'const float* bias', 'float* y', 'int M', 'int N', 'int K', 'kf_dispatch_info* info'];
  return {
    name: gemvEntryName(format, act),
    doc: `y = x * W^T (+ bias): ${describeFormat(format)}; x ${act === 'f32' ? 'f32' : 'f16 (raw bits)'} [M,K]`,
    signature: params.join(', '),
    nullChecks: ['!x', '!W', ...(planar ? ['!W_scale', '!W_min'] : []), '!y'].join(' || '),
    scaleArg: planar ? 'W_scale' : 'NULL',
    minArg: planar ? 'W_min' : 'NULL',
    block: f.kind === 'dense' ? 1 : f.block,
    biasVariant: variantSymbol({ format, act, bias: true }),
    plainVariant: variantSymbol({ format, act, bias: false }),
  };
}

function kernelView(k: RuntimeKernel): object {
  const scratch = k.args.filter((a) => !PUBLIC_ARGS.has(a.name));
  for (const a of scratch) if (!a.scratch) throw new Error(`kernel ${k.symbol}: argument '${a.name}' is neither public nor sized scratch`);
  const callArgs = k.args.map((a) => {
    if (a.scratch) return `(${a.cType})ws[${scratch.indexOf(a)}]`;
    if (a.name === 'bias' || a.name === 'y' || a.name === 'M' || a.name === 'N' || a.name === 'K') return `a->${a.name}`;
    return `(${a.cType})a->${a.name}`;
  });
  return {
    id: k.id, symbol: k.symbol, threads: k.threads,
    parameters: k.args.map((a) => `${a.cType} ${a.name}`).join(', '),
    callArgs: callArgs.join(', '),
    scratchCount: scratch.length,
    scratchSizes: scratch.map((a) => `kf_scratch_bytes(a, ${a.scratch!.num}, ${a.scratch!.den})`).join(', '),
    // JSON's string escapes are valid C escapes
    configLiteral: JSON.stringify(JSON.stringify(k.config)),
  };
}

function variantView(v: GemvVariant): object {
  if (v.defaults.length !== M_BUCKETS) throw new Error(`${variantSymbol(v)}: ${v.defaults.length} defaults for ${M_BUCKETS} M buckets`);
  const tuned = [...v.tuned].sort((a, b) => a.M - b.M || a.N - b.N || a.K - b.K);
  return {
    symbol: variantSymbol(v), tunedCount: tuned.length, defaults: v.defaults.join(', '),
    tuned: tuned.map((t) => ({ ...t, note: t.note.replace(/\*\//g, '* /') })),
  };
}

/** the entry points (format, act) the variants cover, each needing both bias variants */
function entryPoints(variants: readonly GemvVariant[]): EntryPoint[] {
  const seen = new Map<string, EntryPoint>();
  for (const v of variants) {
    const e = entryPoint(v.format, v.act);
    if (seen.has(e.name)) continue;
    for (const bias of [false, true]) {
      if (!variants.some((w) => w.format === v.format && w.act === v.act && w.bias === bias))
        throw new Error(`${e.name}: the variant ${bias ? 'with' : 'without'} bias is missing`);
    }
    seen.set(e.name, e);
  }
  return [...seen.values()];
}

const cmakeList = (words: readonly string[]): string => words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `"${w}"`)).join(' ');

/** file path (relative to the library folder) -> contents */
export function cpuRuntimeFiles(spec: CpuRuntimeSpec): Record<string, string> {
  spec.kernels.forEach((k, i) => {
    if (k.id !== i) throw new Error(`kernel ${k.symbol} has id ${k.id} at position ${i}`);
  });
  const common = { target: spec.target, version: spec.version, abiVersion: ABI_VERSION };
  const functions = entryPoints(spec.variants);
  const { toolchain } = spec;
  const files: Record<string, string> = {
    'include/kforge.h': TEMPLATE.header({ ...common, device: spec.device || 'nothing (default configs only)', mMax: M_MAX, functions }),
    'src/kforge_dispatch.c': TEMPLATE.dispatch({
      ...common, mBuckets: M_BUCKETS, maxShapeDistance: MAX_SHAPE_DISTANCE.toPrecision(17),
      kernels: spec.kernels.map(kernelView), kernelCount: spec.kernels.length,
      variants: spec.variants.map(variantView), functions,
    }),
    'CMakeLists.txt': TEMPLATE.cmake({
      ...common, cross: toolchain.cross ?? false, flags: cmakeList(toolchain.flags), libs: cmakeList(toolchain.libs),
      kernelFiles: spec.kernels.map((k) => k.file),
    }),
    'cmake/kforgeConfig.cmake': TEMPLATE.config({ ...common, shared: true }),
    'cmake/kforge-toolchain.cmake': TEMPLATE.toolchain({
      target: spec.target, compiler: toolchain.compiler, cross: toolchain.cross ?? false,
      flagsString: toolchain.flags.join(' '), emulator: toolchain.cross ? cmakeList(toolchain.cross.emulator) : '',
    }),
  };
  for (const k of spec.kernels) files[`src/kernels/${k.file}`] = k.source;
  return files;
}
