/**
 * Checking a built runtime library from C: a folder of cases (inputs, the float64 reference, the
 * config dispatch must pick and the SPEC bound of that kernel), the check program (@kforge/runtime's
 * kforge_check.c) built against the library with CMake add_subdirectory, and its output parsed. The
 * same folder and program travel in the GPU-machine bundle, where the program judges on its own.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { evalSize, getOp, nmseBound, randomInputs, tensorBytes, type KernelArithmetic, type KnobConfig, type Params } from '@kforge/ir';
import { processFailure, runProcess } from '@kforge/exec';
import { configJson, runtimeCheckSource, type CheckEntry, type RuntimeEntry } from '@kforge/runtime';

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

/** One call of any entry point for the check program's calls.txt (kf_call): its inputs, outputs and what it must return. */
export interface RuntimeCall {
  /** letters, digits, '_' and '-' */
  readonly name: string;
  readonly entry: RuntimeEntry;
  /** the op's params of the call (compiled ones and the run-time shape; resolved unless the call must be refused) */
  readonly params: Params;
  readonly seed: number;
  /** the SPEC bound of each output, by name (the arithmetic of the kernel dispatch is expected to pick) */
  readonly bounds: Readonly<Record<string, number>>;
  /** outputs updated in place: output name -> the input whose buffer it shares (gated_delta_rule's s and s0) */
  readonly inPlace?: Readonly<Record<string, string>>;
  /** inputs replaced after randomInputs (a bad expert id) */
  readonly override?: Readonly<Record<string, Uint8Array>>;
  /** default 0; a failing call must leave its outputs untouched */
  readonly expectStatus?: number;
  readonly expectConfig?: KnobConfig;
}

/**
 * `<name>.t<i>` raw inputs and `<name>.t<i>.ref` float64 references of each call (randomInputs and the
 * op's reference), and calls.txt; the check program writes each output to `<name>.t<i>.out`.
 */
export function writeRuntimeCalls(dir: string, calls: readonly RuntimeCall[]): void {
  mkdirSync(dir, { recursive: true });
  const lines = calls.map((c) => {
    if (!/^[\w-]+$/.test(c.name)) throw new Error(`call name '${c.name}' must be letters, digits, '_' and '-'`);
    const op = getOp(c.entry.op);
    const ok = (c.expectStatus ?? 0) === 0;
    // a call that must be refused may have params no input can be drawn for (Sq > Skv): its inputs are zeros
    const inputs = ok ? randomInputs(op, c.params, c.seed) : {};
    const reference = ok ? op.reference(c.params, inputs) : {};
    const scalars = Object.fromEntries(c.entry.scalars.map((s) => [s.name, Number(c.params[s.name])]));
    const names = c.entry.tensors.map((t) => t.name);
    const tokens = c.entry.tensors.map((t, i) => {
      const file = join(dir, `${c.name}.t${i}`);
      if (t.role === 'in') {
        const bytes = c.override?.[t.name] ?? (inputs[t.name] ? tensorBytes(inputs[t.name]!) : ok ? undefined : new Uint8Array(evalSize(t.bytes, scalars)));
        if (!bytes) {
          if (t.optional) return 'n';
          throw new Error(`${c.name}: no input ${t.name} for ${c.entry.name}`);
        }
        writeFileSync(file, bytes);
        return 'i';
      }
      const bound = c.bounds[t.name];
      if (bound === undefined) throw new Error(`${c.name}: no bound for output ${t.name}`);
      if (ok) writeFileSync(`${file}.ref`, new Uint8Array(Float64Array.from(reference[t.name]!.data).buffer));
      const shared = c.inPlace?.[t.name];
      return shared !== undefined ? `a${names.indexOf(shared)}:${bound.toExponential()}` : `o:${evalSize(t.bytes, scalars)}:${bound.toExponential()}`;
    });
    return [c.name, c.entry.name, c.expectStatus ?? 0, c.expectConfig ? configJson(c.expectConfig) : '-', tokens.length, c.entry.scalars.length,
      ...tokens, ...c.entry.scalars.map((s) => scalars[s.name]!)].join(' ');
  });
  writeFileSync(join(dir, 'calls.txt'), `${lines.join('\n')}\n`);
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
  /** every `call NAME STATUS KERNEL CONFIG` line (calls.txt) */
  readonly calls: ReadonlyMap<string, { readonly status: number; readonly kernel: string; readonly config: KnobConfig }>;
  /** every `check NAME PASS|FAIL what` line */
  readonly checks: ReadonlyMap<string, { readonly pass: boolean; readonly what: string }>;
  readonly version: string;
}

export function parseCheckOutput(stdout: string): CheckOutput {
  const cases = new Map<string, CheckCaseLine>();
  const calls = new Map<string, { status: number; kernel: string; config: KnobConfig }>();
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
    } else if (kind === 'call' && rest.length >= 3) {
      const [status, kernel, config] = rest;
      calls.set(name!, { status: Number(status), kernel: kernel!, config: config === 'none' ? {} : JSON.parse(rest.slice(2).join(' ')) as KnobConfig });
    } else if (kind === 'check') {
      checks.set(name!, { pass: rest[0] === 'PASS', what: rest.slice(1).join(' ') });
    } else if (kind === 'device') {
      device = [name, ...rest].join(' ');
    } else if (kind === 'version') {
      version = [name, ...rest].join(' ');
    }
  }
  return { device, cases, calls, checks, version };
}
