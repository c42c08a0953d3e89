// Runs every *.test.ts under the given roots (default: packages and tools) with node:test,
// prints the spec report, and ends with the plain line CI reads: "N passed, N failed".
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

function findTests(dir: string, out: string[]): string[] {
  if (!statSync(dir).isDirectory()) return [...out, dir];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const roots = process.argv.slice(2);
const filter = process.env.KFORGE_TEST_FILTER;
const files = (roots.length ? roots : ['packages', 'tools'])
  .flatMap((r) => findTests(resolve(r), []))
  .filter((f) => !filter || f.includes(filter))
  .sort();

let passed = 0;
let failed = 0;
const stream = run({ files, concurrency: 2, timeout: 30 * 60_000 });
stream.on('test:pass', (e) => { if (e.details.type !== 'suite') passed++; });
stream.on('test:fail', (e) => { if (e.details.type !== 'suite') failed++; });
stream.compose(new spec()).pipe(process.stdout);
stream.on('end', () => {
  if (files.length === 0) failed++;
  setImmediate(() => {
    console.log(`${passed} passed, ${failed} failed`);
    process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
  });
});
