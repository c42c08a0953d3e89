/**
 * `kforge`: dispatch to a subcommand and turn errors into exit codes (SPEC section 6):
 * 0 ok, 1 a check failed (CheckError), 2 bad input (InputError), 3 an internal error (a kforge bug),
 * and, beyond SPEC's three, 4 not found (NotFoundError: a query that matches nothing, e.g. `db best`).
 */
import { CheckError, InputError } from '@kforge/ir';
import { describeOptions, parseArgs } from './args.ts';
import type { Command } from './command.ts';
import { demoCommand } from './commands/demo.ts';
import { doctorCommand } from './commands/doctor.ts';
import { emitCommand } from './commands/emit.ts';
import { opsCommand } from './commands/ops.ts';
import { quantizeCommand } from './commands/quantize.ts';
import { referenceCommand } from './commands/reference.ts';
import { runCommand } from './commands/run.ts';
import { verifyCommand } from './commands/verify.ts';
import { buildRuntimeCommand } from './commands/build-runtime.ts';
import { tuneCommand } from './commands/tune.ts';
import { dbCommand } from './commands/db.ts';
import { benchCommand } from './commands/bench.ts';
import { benchSuitesCommand } from './commands/suites.ts';
import { farmCommand } from './commands/farm.ts';
import { NotFoundError } from './errors.ts';
import { versionLine } from './version.ts';

export const COMMANDS: readonly Command[] = [
  opsCommand, doctorCommand, quantizeCommand, referenceCommand, emitCommand, runCommand, verifyCommand,
  benchCommand, tuneCommand, farmCommand, dbCommand, buildRuntimeCommand, demoCommand,
];

export const EXIT_OK = 0;
export const EXIT_CHECK_FAILED = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_INTERNAL_ERROR = 3;
export const EXIT_NOT_FOUND = 4;

function overview(): string {
  const lines = COMMANDS.map((c) => `  kforge ${c.usage}\n      ${c.summary}`);
  return ['usage:', ...lines, '', 'kforge help COMMAND shows the options of one command.',
    'kforge --version prints the version and git revision.',
    'P and C are a JSON object or @file.json. Exit codes: 0 ok, 1 check failed, 2 bad input, 3 internal error, 4 not found.'].join('\n');
}

function commandHelp(c: Command): string {
  return `usage: kforge ${c.usage}\n${c.summary}\n\noptions:\n${describeOptions(c.args) || '  (none)'}`;
}

/** `bench suites` has its own command (commands/suites.ts); every other name is one of COMMANDS. */
function findCommand(name: string, rest: readonly string[] = []): Command {
  if (name === 'bench' && rest[0] === 'suites') return benchSuitesCommand;
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new InputError(`unknown command '${name}' (known: ${COMMANDS.map((c) => c.name).join(', ')})`);
  return command;
}

/** Run one command line; returns the exit code. Never throws. */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    const [name, ...rest] = argv;
    if (name === undefined) {
      process.stderr.write(`${overview()}\n`);
      return EXIT_BAD_INPUT;
    }
    if (name === '--version' || name === '-V' || name === 'version') {
      process.stdout.write(`${versionLine()}\n`);
      return EXIT_OK;
    }
    if (name === 'help' || name === '--help' || name === '-h') {
      process.stdout.write(`${rest[0] ? commandHelp(findCommand(rest[0], rest.slice(1))) : overview()}\n`);
      return EXIT_OK;
    }
    const command = findCommand(name, rest);
    const commandArgs = command === benchSuitesCommand ? rest.slice(1) : rest;
    if (commandArgs.includes('--help')) {
      process.stdout.write(`${commandHelp(command)}\n`);
      return EXIT_OK;
    }
    await command.run(parseArgs(command.name, commandArgs, command.args));
    return EXIT_OK;
  } catch (e) {
    if (e instanceof InputError) {
      process.stderr.write(`kforge: error: ${e.message}\n`);
      return EXIT_BAD_INPUT;
    }
    if (e instanceof NotFoundError) {
      process.stderr.write(`kforge: not found: ${e.message}\n`);
      return EXIT_NOT_FOUND;
    }
    if (e instanceof CheckError) {
      process.stderr.write(`kforge: check failed: ${e.message}\n`);
      return EXIT_CHECK_FAILED;
    }
    process.stderr.write(`kforge: internal error (a bug in kforge, please report it): ${(e as Error)?.stack ?? String(e)}\n`);
    return EXIT_INTERNAL_ERROR;
  }
}
