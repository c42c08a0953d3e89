import { InputError } from '@kforge/ir';
import type { Command } from '../command.ts';

export const doctorCommand: Command = {
  name: 'doctor', summary: 'todo', usage: 'doctor', args: { positionals: [], options: {} },
  run() { throw new InputError('doctor: not yet available'); },
};
