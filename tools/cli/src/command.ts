import type { ArgsSpec, ParsedArgs } from './args.ts';

/** One `kforge` subcommand: its arguments as data (for parsing and help) and what it does. */
export interface Command {
  readonly name: string;
  /** one line for `kforge help` */
  readonly summary: string;
  /** the synopsis after `kforge`, e.g. 'ops [--json]' */
  readonly usage: string;
  readonly args: ArgsSpec;
  /** throws InputError (exit 2) on bad input and CheckError (exit 1) when a check fails */
  run(args: ParsedArgs): Promise<void> | void;
}

/** Write a line to stdout (results; diagnostics go to stderr through errors). */
export function println(text = ''): void {
  process.stdout.write(`${text}\n`);
}
