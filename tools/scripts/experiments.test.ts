// experiments/ holds the hand-written kernels measured beside kforge; docs/results/ holds only their numbers
// (issue 15, point 6). Keeps it so: every quoted #include of a committed experiment source resolves inside
// experiments/ to a committed file or to a kernel that experiments/common/cases.tsv emits; every experiment folder
// has its README.md and Makefile; docs/results holds no sources. KFORGE_HEAVY=1 (with nvcc present) also builds
// every folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const EXPERIMENTS = join(ROOT, 'experiments');

function tracked(under: string): string[] {
  return execFileSync('git', ['ls-files', '-z', '--', under], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '');
}

const files = tracked('experiments');
const committed = new Set(files);
const sources = files.filter((f) => /\.(cu|cuh|c|h|hpp|cpp)$/.test(f));
const folders = [...new Set(files.map((f) => f.split('/')[1]).filter((d) => files.some((f) => f.startsWith(`experiments/${d}/`))))]
  .filter((d) => !d.startsWith('.') && d !== 'README.md');

/** the cases experiments/common/Makefile emits into common/gen/<case>/ */
const cases = new Set(
  readFileSync(join(EXPERIMENTS, 'common/cases.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.split('\t')[0]),
);
const GENERATED_FILES = new Set(['gemv.cu', 'kernel.json', 'base_gemv.cu']);

/** where a quoted include resolves, as nvcc looks: the including file's folder, then -I experiments (common.mk) */
function resolveInclude(file: string, target: string): { path: string; ok: boolean; why: string } {
  const candidates = [normalize(join(dirname(file), target)), normalize(join('experiments', target))];
  for (const path of candidates) {
    if (!path.startsWith(`experiments${sep}`)) continue;
    const rel = path.split(sep).join('/');
    if (committed.has(rel)) return { path: rel, ok: true, why: 'committed' };
    const gen = /^experiments\/common\/gen\/([^/]+)\/([^/]+)$/.exec(rel);
    if (gen) {
      const ok = cases.has(gen[1]) && GENERATED_FILES.has(gen[2]);
      return { path: rel, ok, why: ok ? 'emitted' : `not a case / file of common/cases.tsv` };
    }
  }
  return { path: candidates[0], ok: false, why: 'neither a committed file inside experiments/ nor an emitted case' };
}

test('experiments: every quoted #include resolves inside experiments/ (committed, or emitted by common/cases.tsv)', () => {
  assert.ok(sources.length > 0, 'no experiment sources found');
  const bad: string[] = [];
  for (const file of sources) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/^\s*#\s*include\s+"([^"]+)"/gm)) {
      const r = resolveInclude(file, m[1]);
      if (!r.ok) bad.push(`${file}: #include "${m[1]}" -> ${r.path}: ${r.why}`);
    }
  }
  assert.deepEqual(bad, []);
});

test('experiments: no source, script or patch points into docs/ or packages/', () => {
  const bad = files
    .filter((f) => /\.(cu|cuh|c|h|py|sh|patch|mk)$|Makefile$/.test(f))
    .filter((f) => /(\.\.\/)+(docs|packages)\//.test(readFileSync(join(ROOT, f), 'utf8')));
  assert.deepEqual(bad, []);
});

test('experiments: every folder has a README.md and a Makefile; the index lists it', () => {
  assert.ok(committed.has('experiments/README.md'));
  const index = readFileSync(join(EXPERIMENTS, 'README.md'), 'utf8');
  for (const d of folders) {
    assert.ok(committed.has(`experiments/${d}/README.md`), `experiments/${d}/README.md`);
    assert.ok(index.includes(`\`${d}/\``), `experiments/README.md does not list ${d}/`);
    if (d !== 'common') {
      assert.ok(committed.has(`experiments/${d}/Makefile`), `experiments/${d}/Makefile`);
      // the numbers live in docs/results under the same name, and the README points there
      assert.ok(existsSync(join(ROOT, 'docs/results', d, 'README.md')), `docs/results/${d}/README.md`);
      assert.ok(readFileSync(join(EXPERIMENTS, d, 'README.md'), 'utf8').includes(`docs/results/${d}`), `experiments/${d}/README.md names its results`);
    }
  }
});

test('docs/results holds the numbers, not the sources', () => {
  const bad = tracked('docs/results').filter((f) => /\.(cu|cuh|c|h|hpp|cpp|py|sh|patch|mk)$|Makefile$/.test(f));
  assert.deepEqual(bad, [], 'sources belong in experiments/<folder>/');
});

const nvcc = ['/usr/local/cuda/bin/nvcc'].find((p) => existsSync(p)) ??
  (() => { try { return execFileSync('which', ['nvcc'], { encoding: 'utf8' }).trim() || undefined; } catch { return undefined; } })();

test('experiments: every folder builds (KFORGE_HEAVY=1, nvcc present)', { skip: process.env.KFORGE_HEAVY !== '1' || !nvcc }, () => {
  for (const d of folders.filter((f) => f !== 'common')) {
    execFileSync('make', ['-C', join(EXPERIMENTS, d), '-j2'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], timeout: 20 * 60_000 });
  }
  assert.ok(relative(ROOT, EXPERIMENTS) === 'experiments');
});
