import { InputError } from '@kforge/ir';
import type { Command } from '../command.ts';

/** Placeholder until the conformance engine lands: says so plainly rather than pretending to check. */
export const verifyCommand: Command = {
  name: 'verify',
  summary: 'run the conformance matrix (op x target x format x shapes) and print nmse per case',
  usage: 'verify [--op OP,...] [--target T,...] [--json]',
  args: {
    positionals: [],
    options: {
      op: { kind: 'value', doc: 'comma-separated operators (default: all)' },
      target: { kind: 'value', doc: 'comma-separated targets (default: all executable here)' },
      json: { kind: 'flag', doc: 'print the results as JSON' },
    },
  },
  run() {
    throw new InputError('verify: not yet available (the conformance engine is not built yet)');
  },
};
