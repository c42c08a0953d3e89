import { getOp, resolveParams } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { parseTarget } from '../args.ts';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { FORCE_OPTION, checkOutputFolder, readJsonOption, writeOutputFolder, outputOptions } from '../files.ts';

/** The binding ABI of an artifact (everything but the sources), written next to them as kernel.json. */
function artifactManifest(a: KernelArtifact): object {
  return {
    op: a.op, target: a.target, language: a.language, arithmetic: a.arithmetic ?? 'f32', params: a.params, config: a.config,
    files: Object.keys(a.files), buffers: a.buffers, scalars: a.scalars, dispatches: a.dispatches, threads: a.threads ?? 0,
  };
}

export const emitCommand: Command = {
  name: 'emit',
  summary: 'generate the kernel source of OP for a target, with its binding ABI (kernel.json)',
  usage: 'emit OP --target T --params P [--config C] --out DIR',
  args: {
    positionals: ['OP'],
    options: {
      target: { kind: 'value', doc: 'target name (see kforge doctor)' },
      params: { kind: 'value', doc: 'operator parameters: a JSON object or @file.json' },
      config: { kind: 'value', doc: "kernel knobs: a JSON object or @file.json (default: the target's)" },
      out: { kind: 'value', doc: 'folder for the sources and kernel.json (replaced if kforge wrote it, or with --force)' },
      force: FORCE_OPTION,
    },
  },
  async run(args) {
    const op = getOp(args.positionals[0]!);
    const target = parseTarget(args.required('target'));
    const params = resolveParams(op, readJsonOption('params', args.required('params')));
    const configText = args.optional('config');
    const out = args.required('out');
    checkOutputFolder(out, [], outputOptions(args));
    const { emitKernel, resolveConfig } = await import('@kforge/driver');
    const config = resolveConfig(op.name, target, params, configText === undefined ? undefined : readJsonOption('config', configText));
    const artifact = emitKernel(op.name, target, params, config);
    writeOutputFolder(out, { ...artifact.files, 'kernel.json': `${JSON.stringify(artifactManifest(artifact), null, 2)}\n` }, [], outputOptions(args));
    for (const file of Object.keys(artifact.files)) println(file);
    println(`wrote ${op.name} for ${target} (${artifact.language}, config ${JSON.stringify(config)}) to ${out}`);
  },
};
