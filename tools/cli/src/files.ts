/**
 * Files on disk (SPEC sections 1 and 6): tensor folders of `<name>.npy`, JSON options, and output
 * folders that are written complete or not at all.
 *
 * Output folders: everything is written into a hidden temporary sibling (`.<out>.tmp-<pid>-<n>`) and
 * renamed into place. An existing `--out` folder is replaced as a whole: it is first renamed away to a
 * hidden sibling, the new folder is renamed in, then the old one is deleted. So a reader sees the old
 * folder, briefly nothing, or the new folder, never a mixture. Since replacing deletes, `--out` may not
 * be the current folder, one of its parents, or the `--in` folder (or a parent of it), and an existing
 * folder is replaced only when kforge wrote it (it holds the marker `.kforge-out`, left in every output
 * folder) or it is empty; anything else is bad input unless the command line says `--force`.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError, decodeNpy, encodeNpy, toFloat64, type Tensor } from '@kforge/ir';
import type { OptionSpec, ParsedArgs } from './args.ts';

/** Parse the value of a JSON option: inline JSON, or `@file.json` holding it; `source` names it in messages. */
export function readJsonValue(option: string, value: string): { readonly parsed: unknown; readonly source: string } {
  let text = value;
  let source = `--${option}`;
  if (value.startsWith('@')) {
    const path = value.slice(1);
    if (!existsSync(path) || !statSync(path).isFile()) throw new InputError(`--${option}: file '${path}' not found`);
    text = readFileSync(path, 'utf8');
    source = `--${option} file '${path}'`;
  }
  try {
    return { parsed: JSON.parse(text) as unknown, source };
  } catch (e) {
    throw new InputError(`${source}: malformed JSON (${(e as Error).message})`);
  }
}

/** Parse the value of `--params` / `--config`: a JSON object, or `@file.json` holding one. */
export function readJsonOption(option: string, value: string): Record<string, unknown> {
  const { parsed, source } = readJsonValue(option, value);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new InputError(`${source}: expected a JSON object such as {"M": 1, "N": 64}, got ${Array.isArray(parsed) ? 'an array' : JSON.stringify(parsed)}`);
  return parsed as Record<string, unknown>;
}

function requireFolder(option: string, dir: string): void {
  if (!existsSync(dir)) throw new InputError(`--${option}: folder '${dir}' does not exist`);
  if (!statSync(dir).isDirectory()) throw new InputError(`--${option}: '${dir}' is not a folder`);
}

/** Names (without `.npy`) of the tensors in a folder, sorted. */
export function listTensors(option: string, dir: string): string[] {
  requireFolder(option, dir);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.npy') && statSync(join(dir, f)).isFile())
    .map((f) => f.slice(0, -'.npy'.length))
    .sort();
}

/**
 * Read the `<name>.npy` files of a folder (only `names` when given; those absent are skipped, so the
 * caller's signature check can name what is missing). A corrupt file is bad input naming the tensor.
 */
export function readTensorFolder(option: string, dir: string, names?: readonly string[]): Record<string, Tensor> {
  const present = listTensors(option, dir);
  const wanted = names ? present.filter((n) => names.includes(n)) : present;
  const tensors: Record<string, Tensor> = {};
  for (const name of wanted) tensors[name] = decodeNpy(readFileSync(join(dir, `${name}.npy`)), name);
  return tensors;
}

/** A `kforge: warning: ...` line on stderr: something the command ignored or worked around, not an error. */
export function warn(text: string): void {
  process.stderr.write(`kforge: warning: ${text}\n`);
}

/**
 * Warn of each `<name>.npy` of the folder that the op does not take for these params (a `bias.npy`
 * beside `bias: false`): it is ignored, not an error. Returns the ignored names.
 */
export function warnUnusedTensors(option: string, dir: string, names: readonly string[], op: string): string[] {
  const unused = listTensors(option, dir).filter((n) => !names.includes(n));
  for (const name of unused) warn(`${name}.npy in --${option} is not an input of ${op} with these params: ignored`);
  return unused;
}

/**
 * Bad input when a floating-point input holds NaN or Inf: the input's problem, named before any
 * kernel runs (which would only propagate it into its outputs and look like the kernel's fault).
 */
export function checkFiniteInputs(inputs: Readonly<Record<string, Tensor>>): void {
  for (const [name, t] of Object.entries(inputs)) {
    if (t.dtype !== 'f32' && t.dtype !== 'f16' && t.dtype !== 'bf16') continue;
    const values = t.dtype === 'f32' ? t.data : toFloat64(t);
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (Number.isFinite(v)) continue;
      throw new InputError(`input '${name}' holds ${Number.isNaN(v) ? 'NaN' : v > 0 ? 'Inf' : '-Inf'} at flat index ${i} (${name}.npy, ${t.dtype} [${t.shape.join(', ')}]): fix the input; no kernel was run`);
    }
  }
}

/** `<name>.npy` file contents for each tensor. */
export function npyFiles(tensors: Readonly<Record<string, Tensor>>): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const [name, t] of Object.entries(tensors)) files[`${name}.npy`] = encodeNpy(t);
  return files;
}

/** Left in every output folder, naming the command and when it wrote: only such a folder is kforge's to replace. */
export const OUTPUT_MARKER = '.kforge-out';

export interface OutputOptions {
  /** replace an existing folder even when kforge did not write it (`--force`) */
  readonly force?: boolean;
  /** the command recorded in the marker */
  readonly command?: string;
}

/** The option every command writing an --out folder declares. */
export const FORCE_OPTION: OptionSpec = { kind: 'flag', doc: '--out may replace an existing folder that kforge did not write (its files are deleted)' };

/** A command line's output options: its --force, and its name for the marker. */
export function outputOptions(args: ParsedArgs): OutputOptions {
  return { force: args.flag('force'), command: `kforge ${args.command}` };
}

function isSameOrInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}

/**
 * Refuse an `--out` that replacing would destroy something it must not: call it before any work so a
 * bad `--out` fails fast, and `writeOutputFolder` calls it again.
 */
export function checkOutputFolder(out: string, inputs: readonly string[] = [], o: OutputOptions = {}): void {
  const target = resolve(out);
  if (isSameOrInside(process.cwd(), target))
    throw new InputError(`--out '${out}' is the current folder or one of its parents; it would be replaced`);
  for (const input of inputs)
    if (isSameOrInside(resolve(input), target))
      throw new InputError(`--out '${out}' is the input folder '${input}' or a parent of it; it would be replaced`);
  if (!existsSync(target)) return;
  if (!statSync(target).isDirectory()) throw new InputError(`--out '${out}' exists and is not a folder`);
  if (o.force) return;
  const entries = readdirSync(target, { withFileTypes: true });
  if (entries.length === 0 || entries.some((e) => e.name === OUTPUT_MARKER && e.isFile())) return;
  // the user's own files: replacing would delete them
  const names = entries.map((e) => e.name + (e.isDirectory() ? '/' : '')).sort();
  const shown = names.slice(0, 4).join(', ') + (names.length > 4 ? ` ... (${names.length} entries)` : '');
  throw new InputError(`--out '${out}' exists and was not written by kforge (it holds ${shown}); choose another folder or pass --force`);
}

let tempCounter = 0;

/** Write `files` (relative path -> contents) and the marker as the folder `out`, atomically (see the file comment). */
export function writeOutputFolder(
  out: string,
  files: Readonly<Record<string, Uint8Array | string>>,
  inputs: readonly string[] = [],
  o: OutputOptions = {},
): void {
  checkOutputFolder(out, inputs, o);
  const marker = `${JSON.stringify({ command: o.command ?? 'kforge', written: new Date().toISOString() })}\n`;
  const target = resolve(out);
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  const sibling = (kind: string): string => join(parent, `.${basename(target)}.${kind}-${process.pid}-${tempCounter++}`);
  const temp = sibling('tmp');
  mkdirSync(temp);
  try {
    for (const [path, contents] of Object.entries({ ...files, [OUTPUT_MARKER]: marker })) {
      const file = join(temp, path);
      if (!isSameOrInside(file, temp) || file === temp) throw new Error(`output file name '${path}' escapes the output folder`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, contents);
    }
    if (!existsSync(target)) {
      renameSync(temp, target);
      return;
    }
    const old = sibling('old');
    renameSync(target, old);
    try {
      renameSync(temp, target);
    } catch (e) {
      renameSync(old, target);
      throw e;
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
