import { InputError } from '@kforge/ir';
import type { Command } from '../command.ts';

export const runCommand: Command = {
  name: 'run', summary: 'todo', usage: 'run', args: { positionals: [], options: {} },
  run() { throw new InputError('run: not yet available'); },
};
