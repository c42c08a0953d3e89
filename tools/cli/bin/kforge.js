#!/usr/bin/env node
// In the repository: runs the TypeScript CLI directly through tsx, so no build step stands between an
// edit and `npx kforge`. Installed from the packed tarball (no src/ there): runs the bundle that
// `npm pack` built (scripts/bundle.ts, dist/kforge.js).
import { existsSync } from 'node:fs';

const source = new URL('../src/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/kforge.js', import.meta.url).href);
}
