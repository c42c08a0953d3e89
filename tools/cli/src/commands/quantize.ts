import { InputError, WEIGHT_FORMAT_NAMES, isWeightFormat, numel, quantizeWeight, tensorBytes, type Tensor } from '@kforge/ir';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { FORCE_OPTION, checkOutputFolder, npyFiles, readTensorFolder, writeOutputFolder, outputOptions } from '../files.ts';

export const quantizeCommand: Command = {
  name: 'quantize',
  summary: 'store every f32 tensor of --in in a weight format (K = last axis), named after its file',
  usage: 'quantize --format F --in DIR --out DIR',
  args: {
    positionals: [],
    options: {
      format: { kind: 'value', doc: `weight format: ${WEIGHT_FORMAT_NAMES.join(', ')}` },
      in: { kind: 'value', doc: 'folder of f32 <name>.npy weights; other dtypes are skipped' },
      out: { kind: 'value', doc: 'folder for the stored tensors (<name>.npy, plus <name>_scale/_min for planar formats)' },
      force: FORCE_OPTION,
    },
  },
  async run(args) {
    const format = args.required('format');
    if (!isWeightFormat(format)) throw new InputError(`unknown format '${format}' (known: ${WEIGHT_FORMAT_NAMES.join(', ')})`);
    const inDir = args.required('in');
    const out = args.required('out');
    checkOutputFolder(out, [inDir], outputOptions(args));
    await checkQuantizeBudget(inDir);
    const all = readTensorFolder('in', inDir);
    const weights = Object.entries(all).filter(([, t]) => t.dtype === 'f32');
    if (weights.length === 0) throw new InputError(`--in '${inDir}' holds no f32 .npy tensors to quantize`);
    const stored: Record<string, Tensor> = {};
    for (const [name, t] of weights) {
      const parts = quantizeWeight(format, name, t.data as Float32Array, t.shape);
      for (const [part, tensor] of Object.entries(parts)) {
        if (Object.hasOwn(stored, part) || (Object.hasOwn(all, part) && part !== name))
          throw new InputError(`tensor '${name}': stored tensor '${part}' would clash with another tensor of --in`);
        stored[part] = tensor;
      }
      const bytes = Object.values(parts).reduce((sum, p) => sum + tensorBytes(p).length, 0);
      const shapes = Object.entries(parts).map(([n, p]) => `${n} ${p.dtype} [${p.shape.join(', ')}]`).join(', ');
      println(`${name} f32 [${t.shape.join(', ')}] -> ${format}: ${shapes} (${bytes} bytes, ${(bytes * 8 / numel(t.shape)).toFixed(2)} bits/weight)`);
    }
    for (const [name, t] of Object.entries(all))
      if (t.dtype !== 'f32') println(`${name}: ${t.dtype}, not f32: skipped`);
    writeOutputFolder(out, npyFiles(stored), [inDir], outputOptions(args));
    println(`wrote ${Object.keys(stored).length} tensor(s) in ${format} to ${out}`);
  },
};

/**
 * Refuse, before reading anything, a folder whose tensors would not fit the memory budget: quantize
 * holds every tensor read, its stored form (no larger) and their encoded files, so three times the
 * .npy bytes of --in. (A missing or unreadable folder is left to readTensorFolder to report.)
 */
async function checkQuantizeBudget(inDir: string): Promise<void> {
  if (!existsSync(inDir) || !statSync(inDir).isDirectory()) return;
  let bytes = 0;
  for (const name of readdirSync(inDir)) {
    if (!name.endsWith('.npy')) continue;
    const st = statSync(join(inDir, name), { throwIfNoEntry: false });
    if (st?.isFile()) bytes += st.size;
  }
  const { memoryBudget } = await import('@kforge/driver');
  const budget = memoryBudget();
  if (3 * bytes > budget.bytes) {
    throw new InputError(`quantize: the .npy files of --in '${inDir}' hold ${(bytes / 2 ** 20).toFixed(1)} MiB; reading, quantizing and writing them `
      + `needs three times that, past the memory budget of ${(budget.bytes / 2 ** 20).toFixed(1)} MiB (${budget.what})`);
  }
}
