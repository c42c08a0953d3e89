import { InputError } from '@kforge/ir';
import type { Command } from '../command.ts';

export const demoCommand: Command = {
  name: 'demo', summary: 'todo', usage: 'demo', args: { positionals: [], options: {} },
  run() { throw new InputError('demo: not yet available'); },
};
