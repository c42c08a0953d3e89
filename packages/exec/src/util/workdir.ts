/** Build and run folders: a caller's folder is kept, a temporary one is removed afterwards. */
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function withWorkDir<T>(given: string | undefined, prefix: string, body: (dir: string) => Promise<T>): Promise<T> {
  if (given) {
    mkdirSync(given, { recursive: true });
    return body(given);
  }
  const dir = mkdtempSync(join(tmpdir(), `kforge-${prefix}-`));
  try {
    return await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
