/**
 * Checking a built runtime library from C: a folder of cases (inputs, the float64 reference, the
 * config dispatch must pick and the SPEC bound of that kernel), the check program (@kforge/runtime's
 * kforge_check.c) built against the library with CMake add_subdirectory, and its output parsed. The
 * same folder and program travel in the GPU-machine bundle, where the program judges on its own.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getOp, nmseBound, randomInputs, tensorBytes, type KernelArithmetic, type KnobConfig, type Params } from '@kforge/ir';
import { processFailure, runProcess } from '@kforge/exec';
import { configJson, runtimeCheckSource, type CheckEntry } from '@kforge/runtime';

export interface RuntimeCase {
  /** letters, digits, '_' and '-' */
  readonly name: string;
  readonly params: Params;
  /** whether dispatch must report a tuned config */
  readonly expectTuned: boolean;
  /** the config dispatch must pick */
  readonly expectConfig: KnobConfig;
  /** that kernel's arithmetic: picks the SPEC bound */
  readonly arithmetic: KernelArithmetic;
}

/** `<name>.<tensor>` raw inputs (randomInputs with `seed`), `<name>.ref` float64 reference y, and cases.txt */
export function writeRuntimeCases(dir: string, cases: readonly RuntimeCase[], seed = 7): void {
  const gemv = getOp('gemv');
  mkdirSync(dir, { recursive: true });
  const lines = cases.map((c) => {
    if (!/^[\w-]+$/.test(c.name)) throw new Error(`case name '${c.name}' must be letters, digits, '_' and '-'`);
    const p = c.params;
    const inputs = randomInputs(gemv, p, seed);
    for (const [tensor, t] of Object.entries(inputs)) writeFileSync(join(dir, `${c.name}.${tensor}`), tensorBytes(t));
    const ref = gemv.reference(p, inputs).y!;
    writeFileSync(join(dir, `${c.name}.ref`), new Uint8Array(Float64Array.from(ref.data).buffer));
    return [c.name, p.weight, p.act, p.M, p.N, p.K, p.bias ? 1 : 0, c.expectTuned ? 1 : 0, configJson(c.expectConfig), nmseBound('gemv', c.arithmetic).toExponential()].join(' ');
  });
  writeFileSync(join(dir, 'cases.txt'), `${lines.join('\n')}\n`);
}

/**
 * A CMake project that builds kforge_check against the library at `libDir` (relative paths are taken
 * from the project folder) with add_subdirectory, as an application would.
 */
export function checkProjectFiles(target: string, libDir: string, entries: readonly CheckEntry[]): Record<string, string> {
  const cuda = target === 'cuda';
  const lib = libDir.startsWith('/') ? libDir : `\${CMAKE_CURRENT_SOURCE_DIR}/${libDir}`;
  return {
    'kforge_check.c': runtimeCheckSource(target, entries),
    'CMakeLists.txt': `# builds kforge_check against the kforge ${target} runtime library in ${libDir}
cmake_minimum_required(VERSION ${cuda ? '3.18' : '3.16'})
project(kforge_check LANGUAGES C${cuda ? ' CUDA' : ''})
set(KFORGE_BUILD_SHARED OFF CACHE BOOL "" FORCE)
add_subdirectory("${lib}" kforge)
add_executable(kforge_check kforge_check.c)
set_target_properties(kforge_check PROPERTIES C_STANDARD 11)
target_link_libraries(kforge_check PRIVATE kforge::kforge m)
`,
  };
}

async function run(what: string, argv: readonly string[], timeoutMs: number): Promise<string> {
  const r = await runProcess(argv[0]!, argv.slice(1), { timeoutMs });
  const failure = processFailure(what, r, 'compile');
  if (failure) throw failure;
  return r.stdout;
}

/** Writes the check project to `appDir` and builds it (and with it the library); returns the program's path. */
export async function buildRuntimeCheck(appDir: string, target: string, libDir: string, entries: readonly CheckEntry[], cmakeArgs: readonly string[] = []): Promise<string> {
  mkdirSync(appDir, { recursive: true });
  for (const [file, text] of Object.entries(checkProjectFiles(target, resolve(libDir), entries))) writeFileSync(join(appDir, file), text);
  const build = join(appDir, 'build');
  await run(`configure the ${target} check program`, ['cmake', '-S', appDir, '-B', build, '-DCMAKE_BUILD_TYPE=Release', ...cmakeArgs], 600_000);
  await run(`build the ${target} check program`, ['cmake', '--build', build, '--parallel', '2'], 1_800_000);
  return join(build, 'kforge_check');
}

export interface CheckCaseLine {
  readonly status: number;
  readonly kernelId: number;
  readonly tuned: boolean;
  readonly tunedShape: readonly [number, number, number];
  readonly rows: number;
  readonly kernel: string;
  readonly config: KnobConfig;
}

export interface CheckOutput {
  readonly device: string;
  readonly cases: ReadonlyMap<string, CheckCaseLine>;
  /** every `check NAME PASS|FAIL what` line */
  readonly checks: ReadonlyMap<string, { readonly pass: boolean; readonly what: string }>;
  readonly version: string;
}

export function parseCheckOutput(stdout: string): CheckOutput {
  const cases = new Map<string, CheckCaseLine>();
  const checks = new Map<string, { pass: boolean; what: string }>();
  let device = '';
  let version = '';
  for (const line of stdout.split('\n')) {
    const [kind, name, ...rest] = line.split(' ');
    if (kind === 'case' && rest.length >= 9) {
      const [status, kernelId, tuned, tM, tN, tK, rows, kernel, config] = rest;
      cases.set(name!, {
        status: Number(status), kernelId: Number(kernelId), tuned: tuned === '1', tunedShape: [Number(tM), Number(tN), Number(tK)],
        rows: Number(rows), kernel: kernel!, config: config === 'none' ? {} : JSON.parse(config!) as KnobConfig,
      });
    } else if (kind === 'check') {
      checks.set(name!, { pass: rest[0] === 'PASS', what: rest.slice(1).join(' ') });
    } else if (kind === 'device') {
      device = [name, ...rest].join(' ');
    } else if (kind === 'version') {
      version = [name, ...rest].join(' ');
    }
  }
  return { device, cases, checks, version };
}
