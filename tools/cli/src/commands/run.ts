import { CheckError, checkInputs, checkOutput, getOp, InputError, resolveParams, tensorSignature, toFloat64, type KernelArithmetic } from '@kforge/ir';
import { RVV_VLENS } from '@kforge/exec';
import { parseTarget } from '../args.ts';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { FORCE_OPTION, checkFiniteInputs, checkOutputFolder, npyFiles, readJsonOption, readTensorFolder, warnUnusedTensors, writeOutputFolder, outputOptions } from '../files.ts';

export const runCommand: Command = {
  name: 'run',
  summary: 'generate, build and execute OP on a target (native, emulator or GPU runtime here) and write its outputs',
  usage: 'run OP --target T --params P [--config C] [--vlen 128|256|512] --in DIR --out DIR [--check]',
  args: {
    positionals: ['OP'],
    options: {
      target: { kind: 'value', doc: 'target name (see kforge doctor for what executes here)' },
      params: { kind: 'value', doc: 'operator parameters: a JSON object or @file.json' },
      config: { kind: 'value', doc: "kernel knobs: a JSON object or @file.json (default: the target's)" },
      vlen: { kind: 'value', doc: `rvv only: the vector length qemu emulates, in bits (${RVV_VLENS.join(', ')}; default ${RVV_VLENS[0]})` },
      in: { kind: 'value', doc: 'folder of <tensor>.npy inputs' },
      out: { kind: 'value', doc: 'folder for the <tensor>.npy outputs (replaced if kforge wrote it, or with --force)' },
      force: FORCE_OPTION,
      check: { kind: 'flag', doc: 'compare each output with the float64 reference: nmse against the SPEC bound (exit 1 over it)' },
    },
  },
  async run(args) {
    const op = getOp(args.positionals[0]!);
    const target = parseTarget(args.required('target'));
    const params = resolveParams(op, readJsonOption('params', args.required('params')));
    const configText = args.optional('config');
    const vlen = parseVlen(target, args.optional('vlen'));
    const inDir = args.required('in');
    const out = args.required('out');
    checkOutputFolder(out, [inDir], outputOptions(args));
    const inputNames = tensorSignature(op, params).filter((t) => t.role === 'in').map((t) => t.name);
    const inputs = readTensorFolder('in', inDir, inputNames);
    checkInputs(op, params, inputs);
    // NaN/Inf in an input is the input's problem (exit 2), named before running; a tensor the op does not take is only ignored
    warnUnusedTensors('in', inDir, inputNames, op.name);
    checkFiniteInputs(inputs);
    const { resolveConfig, runKernel } = await import('@kforge/driver');
    const config = resolveConfig(op.name, target, params, configText === undefined ? undefined : readJsonOption('config', configText));
    const run = await runKernel(op.name, target, params, config, inputs, vlen === undefined ? {} : { variant: { vlen } });
    // written even when NaN/Inf are present: the poisoned elements show which ones the kernel missed
    writeOutputFolder(out, npyFiles(run.outputs), [inDir], outputOptions(args));
    println(`${op.name} on ${target}: ${run.result.executor} (${run.result.mode}), ${run.result.detail}`);
    println(`config ${JSON.stringify(config)}`);
    // the arithmetic the kernel declares decides its accuracy bound (SPEC section 4)
    println(`arithmetic ${run.artifact.arithmetic ?? 'f32'}`);
    const problems: string[] = [];
    for (const [name, t] of Object.entries(run.outputs)) {
      const bad = toFloat64(t).filter((v) => !Number.isFinite(v)).length;
      println(`${name}.npy  ${t.dtype} [${t.shape.join(', ')}]${bad ? `  ${bad} NaN/Inf or unwritten elements` : ''}`);
      if (bad) problems.push(`${name}: ${bad} NaN/Inf or unwritten elements`);
    }
    if (args.flag('check')) {
      // as ggml's test-backend-ops: each output's nmse against the float64 reference of the same inputs
      const arithmetic = run.artifact.arithmetic ?? 'f32';
      const reference = op.reference(run.artifact.params, inputs);
      for (const [name, r] of Object.entries(reference)) {
        const c = checkOutput(op.name, name, toFloat64(run.outputs[name]!), r, arithmetic);
        const verdict = c.ok ? 'OK' : 'FAIL';
        if (Number.isNaN(c.nmse)) println(`${c.message} ${verdict}`);
        else println(`${name}: nmse ${c.nmse.toExponential(1)} ${c.ok ? '<=' : '>'} ${c.bound.toExponential(0)} (${ARITHMETIC[arithmetic]}) ${verdict}`);
        // NaN/Inf are already among the problems
        if (!c.ok && !c.nonFinite) problems.push(c.message);
      }
    }
    if (problems.length) throw new CheckError(`${op.name} on ${target}: ${problems.join('; ')} (outputs written to ${out})`);
  },
};

/** The rows of the SPEC section 4 table, for the bound a check prints. */
const ARITHMETIC: Readonly<Record<KernelArithmetic, string>> = {
  f32: 'f32 storage and f32 accumulation',
  half: 'f16/bf16 arithmetic inside the kernel',
  'int8-activations': 'activations quantized to int8 inside the kernel',
};

/** The VLEN asked of the rvv executor (one the same kernel is verified at), or undefined for its default. */
function parseVlen(target: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (target !== 'rvv') throw new InputError(`run: --vlen applies to target rvv only, not '${target}'`);
  const vlen = Number(text);
  if (!(RVV_VLENS as readonly number[]).includes(vlen)) throw new InputError(`run: --vlen must be one of ${RVV_VLENS.join(', ')}, not '${text}'`);
  return vlen;
}
