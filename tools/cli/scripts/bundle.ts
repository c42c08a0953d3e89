/**
 * Bundles the CLI for `npm pack`: tools/cli/dist/kforge.js, one ES module holding the CLI and every
 * @kforge/* package it imports (and the pure-JS npm dependencies), so the packed tarball installs
 * with no workspace and no tsx. Run by `prepack` (tools/cli/package.json); `node --import tsx
 * tools/cli/scripts/bundle.ts` by hand.
 *
 * The packages find their templates and native sources relative to their own modules
 * (`new URL('../../templates/cpu/', import.meta.url)`). In one bundle every module shares one
 * import.meta.url, so each module's `import.meta.url` is rewritten to the URL its source file would
 * have in a copy of the repository's layout under dist/root/ (e.g. dist/root/packages/exec/src/cpu/
 * harness.ts), and the asset folders are copied there: the relative paths resolve as they do in the
 * repository. The Dawn executor runs dawn-child.ts in a child process through tsx; the bundle builds
 * that child as its own module beside where the source would be (dawn-child.mjs) and runs it with
 * plain node. `webgpu` (a native addon) stays an npm dependency of the packed package.
 *
 * The version and git revision at bundle time are compiled in (`__KFORGE_BUILD__`, src/version.ts).
 */
import { build, type Plugin } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { sourceVersionInfo } from '../src/version.ts';

const CLI = resolve(import.meta.dirname, '..');
const REPO = resolve(CLI, '../..');
const DIST = join(CLI, 'dist');
const ROOT = join(DIST, 'root');
/** npm packages that cannot be bundled: native addons, resolved from the install's node_modules */
const EXTERNAL = ['webgpu'];
/** folders read at run time relative to a package's modules, copied under dist/root/ */
const ASSETS = ['packages/exec/templates', 'packages/runtime/templates', 'packages/runtime/native'];

const DAWN = join(REPO, 'packages/exec/src/dawn/dawn.ts');
const DAWN_CHILD = join(REPO, 'packages/exec/src/dawn/dawn-child.ts');
/** source text of dawn.ts -> its bundled form (each must occur: a changed dawn.ts fails the bundle, not the run) */
const DAWN_REWRITES: readonly [string, string][] = [
  ["new URL('./dawn-child.ts', import.meta.url)", "new URL('./dawn-child.mjs', import.meta.url)"],
  ["import.meta.resolve('tsx')", "'data:text/javascript,'"],
];

/** Each repository module's import.meta.url becomes its path's URL under dist/root/. */
function sourceUrls(): Plugin {
  return {
    name: 'kforge-source-urls',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const rel = relative(REPO, args.path);
        if (rel.startsWith('..') || rel.split(/[\\/]/).includes('node_modules')) return undefined;
        let text = readFileSync(args.path, 'utf8');
        if (args.path === DAWN) {
          for (const [from, to] of DAWN_REWRITES) {
            if (!text.includes(from)) throw new Error(`bundle: ${rel} no longer contains ${from}; update DAWN_REWRITES in tools/cli/scripts/bundle.ts`);
            text = text.replaceAll(from, to);
          }
        }
        if (/import\.meta\.(dirname|filename)/.test(text)) throw new Error(`bundle: ${rel} uses import.meta.dirname/filename; add it to the rewrite`);
        text = text.replaceAll('import.meta.url', `__kforgeSourceUrl(${JSON.stringify(rel.split('\\').join('/'))})`);
        return { contents: text, loader: 'ts' };
      });
    },
  };
}

/** The banner: `require` for bundled CommonJS packages, and the root the rewritten URLs resolve against. */
function banner(outFile: string): string {
  const up = relative(dirname(outFile), ROOT).split('\\').join('/') || '.';
  return [
    "import { createRequire as __kforgeCreateRequire } from 'node:module';",
    'const require = __kforgeCreateRequire(import.meta.url);',
    `const __kforgeRoot = new URL(${JSON.stringify(`${up}/`)}, import.meta.url);`,
    'const __kforgeSourceUrl = (path) => new URL(path, __kforgeRoot).href;',
  ].join('\n');
}

export async function bundle(): Promise<void> {
  rmSync(DIST, { recursive: true, force: true });
  const { version } = JSON.parse(readFileSync(join(CLI, 'package.json'), 'utf8')) as { version: string };
  const info = { ...sourceVersionInfo(CLI), version };
  const entries: [string, string][] = [
    [join(CLI, 'src/main.ts'), join(DIST, 'kforge.js')],
    [DAWN_CHILD, join(ROOT, relative(REPO, DAWN_CHILD)).replace(/\.ts$/, '.mjs')],
  ];
  for (const [entry, outfile] of entries) {
    await build({
      entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20',
      external: EXTERNAL, plugins: [sourceUrls()], banner: { js: banner(outfile) },
      define: { __KFORGE_BUILD__: JSON.stringify(info) }, logLevel: 'warning', legalComments: 'none',
    });
  }
  for (const dir of ASSETS) cpSync(join(REPO, dir), join(ROOT, dir), { recursive: true });
  // bench provenance reads the workspace's package.json (three folders above packages/bench/src)
  mkdirSync(ROOT, { recursive: true });
  writeFileSync(join(ROOT, 'package.json'), `${JSON.stringify({ name: 'kforge-bundle-root', version, private: true })}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await bundle();
