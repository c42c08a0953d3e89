/**
 * Golden files of generated source (the convention of golden.test.ts): a test compares the text with
 * `<dir>/<name>`; with KFORGE_UPDATE_GOLDEN=1 it rewrites the file instead (re-baselining after an
 * intended change); a missing file is written and the test fails so that it gets committed.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export function expectGolden(dir: URL, name: string, text: string): void {
  const folder = fileURLToPath(dir);
  const path = join(folder, name);
  const update = process.env.KFORGE_UPDATE_GOLDEN === '1';
  if (update || !existsSync(path)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path, text);
    if (!update) assert.fail(`${path} did not exist; written now, commit it`);
    return;
  }
  assert.equal(text, readFileSync(path, 'utf8'), `generated source differs from ${path}; if intended, re-baseline with KFORGE_UPDATE_GOLDEN=1`);
}
