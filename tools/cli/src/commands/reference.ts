import { allocTensor, checkInputs, getOp, resolveParams, tensorSignature, type Float64Tensor, type Tensor } from '@kforge/ir';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { FORCE_OPTION, checkOutputFolder, npyFiles, readJsonOption, readTensorFolder, writeOutputFolder, outputOptions } from '../files.ts';

/** Outputs are stored as f32 (SPEC section 3); the reference computes in float64. */
function toF32(t: Float64Tensor): Tensor {
  const out = allocTensor('f32', t.shape);
  out.data.set(t.data);
  return out;
}

export const referenceCommand: Command = {
  name: 'reference',
  summary: 'run the float64 reference of an operator on the tensors in --in, write its outputs as f32',
  usage: 'reference OP --params P --in DIR --out DIR',
  args: {
    positionals: ['OP'],
    options: {
      params: { kind: 'value', doc: 'operator parameters: a JSON object or @file.json' },
      in: { kind: 'value', doc: 'folder of <tensor>.npy inputs' },
      out: { kind: 'value', doc: 'folder to write <tensor>.npy outputs (replaced if kforge wrote it, or with --force)' },
      force: FORCE_OPTION,
    },
  },
  async run(args) {
    const op = getOp(args.positionals[0]!);
    const params = resolveParams(op, readJsonOption('params', args.required('params')));
    const inDir = args.required('in');
    const out = args.required('out');
    checkOutputFolder(out, [inDir], outputOptions(args));
    const { checkMemoryBudget } = await import('@kforge/driver');
    checkMemoryBudget('reference', op, params);
    const signature = tensorSignature(op, params);
    const inputs = readTensorFolder('in', inDir, signature.filter((t) => t.role === 'in').map((t) => t.name));
    checkInputs(op, params, inputs);
    const outputs = Object.fromEntries(Object.entries(op.reference(params, inputs)).map(([name, t]) => [name, toF32(t)]));
    writeOutputFolder(out, npyFiles(outputs), [inDir], outputOptions(args));
    for (const [name, t] of Object.entries(outputs)) println(`${name}.npy  f32 [${t.shape.join(', ')}]`);
    println(`wrote ${Object.keys(outputs).length} output(s) of ${op.name} to ${out}`);
  },
};
