/**
 * A small argument parser: positionals, `--name value`, `--name=value` and boolean `--flag`.
 * Each command declares its options; anything undeclared is bad input (exit 2), never ignored.
 */
import { InputError } from '@kforge/ir';
import { TARGET_NAMES, isTargetName, type TargetName } from '@kforge/target';

/** 'value': the option takes one argument; 'flag': a boolean switch. */
export type OptionKind = 'value' | 'flag';

export interface OptionSpec {
  readonly kind: OptionKind;
  readonly doc: string;
}

export interface ArgsSpec {
  /** names of the positional arguments, in order (all required, except a last 'NAME...': zero or more) */
  readonly positionals: readonly string[];
  readonly options: Readonly<Record<string, OptionSpec>>;
}

export class ParsedArgs {
  constructor(
    readonly command: string,
    readonly positionals: readonly string[],
    private readonly values: ReadonlyMap<string, string>,
    private readonly flags: ReadonlySet<string>,
  ) {}

  flag(name: string): boolean {
    return this.flags.has(name);
  }

  optional(name: string): string | undefined {
    return this.values.get(name);
  }

  required(name: string): string {
    const value = this.values.get(name);
    if (value === undefined) throw new InputError(`${this.command}: missing required option --${name}`);
    return value;
  }
}

export function parseArgs(command: string, argv: readonly string[], spec: ArgsSpec): ParsedArgs {
  const positionals: string[] = [];
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const known = Object.keys(spec.options).map((n) => `--${n}`).join(' ') || '(none)';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const option = Object.hasOwn(spec.options, name) ? spec.options[name] : undefined;
    if (!option)
      throw new InputError(`${command}: unknown option --${name} (known: ${known})`);
    if (values.has(name) || flags.has(name)) throw new InputError(`${command}: option --${name} given twice`);
    if (option.kind === 'flag') {
      if (eq >= 0) throw new InputError(`${command}: option --${name} takes no value`);
      flags.add(name);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith('--')))
      throw new InputError(`${command}: option --${name} needs a value`);
    values.set(name, value);
  }
  // a last positional named 'NAME...' takes zero or more arguments
  const variadic = spec.positionals.at(-1)?.endsWith('...') ?? false;
  const required = spec.positionals.length - (variadic ? 1 : 0);
  if (positionals.length < required)
    throw new InputError(`${command}: missing ${spec.positionals.slice(positionals.length, required).join(', ')}`);
  if (!variadic && positionals.length > spec.positionals.length)
    throw new InputError(`${command}: unexpected argument '${positionals[spec.positionals.length]}'`);
  return new ParsedArgs(command, positionals, values, flags);
}

/** One usage line per option, for `kforge help COMMAND`. */
export function describeOptions(spec: ArgsSpec): string {
  return Object.entries(spec.options)
    .map(([name, o]) => `  --${name}${o.kind === 'value' ? ' VALUE' : ''}`.padEnd(24) + o.doc)
    .join('\n');
}

/** The value of `--target`, checked against the eleven targets. */
export function parseTarget(name: string): TargetName {
  if (!isTargetName(name)) throw new InputError(`unknown target '${name}' (known: ${TARGET_NAMES.join(', ')})`);
  return name;
}
