/**
 * Golden files of generated source: a test compares the text with `<dir>/<name>`; with
 * KFORGE_UPDATE_GOLDEN=1 it rewrites the file instead (re-baselining after an intended change).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export function expectGolden(dir: URL, name: string, text: string): void {
  const folder = fileURLToPath(dir);
  const path = join(folder, name);
  if (process.env.KFORGE_UPDATE_GOLDEN === '1') {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path, text);
    return;
  }
  assert.ok(existsSync(path), `golden file ${path} is missing: run the test with KFORGE_UPDATE_GOLDEN=1 to create it`);
  assert.equal(text, readFileSync(path, 'utf8'), `generated source differs from ${path}; if intended, re-baseline with KFORGE_UPDATE_GOLDEN=1`);
}
