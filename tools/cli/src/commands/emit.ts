import { InputError } from '@kforge/ir';
import type { Command } from '../command.ts';

export const emitCommand: Command = {
  name: 'emit', summary: 'todo', usage: 'emit', args: { positionals: [], options: {} },
  run() { throw new InputError('emit: not yet available'); },
};
