/** The Handlebars templates of packages/runtime/templates (compiled with noEscape and strict). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

const TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), '..', 'templates');
const handlebars = Handlebars.create();
const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** a template of packages/runtime/templates, compiled once */
export function runtimeTemplate(name: string): HandlebarsTemplateDelegate {
  let t = compiled.get(name);
  if (!t) {
    t = handlebars.compile(readFileSync(join(TEMPLATES, name), 'utf8'), { noEscape: true, strict: true });
    compiled.set(name, t);
  }
  return t;
}

/** the config as JSON with sorted keys, the way kf_kernel_config reports it */
export function configJson(config: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(config).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/** text safe inside a C block comment */
export const commentSafe = (text: string): string => text.replace(/\*\//g, '* /');
