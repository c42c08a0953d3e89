/**
 * A folder for the H200 machine (nvcc 13, cmake, gcc, python3; no Node) that builds and checks two
 * kforge runtime libraries there: the CUDA one (the host CPU's GPU) and the avx512 one (its CPU has
 * AVX-512; this machine has not). Each comes as the library's sources (as `kforge build-runtime`
 * writes them), the check program consuming it with CMake add_subdirectory, and a case folder whose
 * inputs and float64 reference outputs are computed here; the check program judges on its own (status,
 * dispatch choice, nmse against the SPEC bound) and run.sh prints its PASS/FAIL lines.
 *
 * The cuda library also serves attention, gated_delta_rule and moe (decode and prefill entries of small
 * head and expert configurations: gpu-phased-calls.ts), checked through kf_call at run-time shapes its
 * kernels were not emitted at (calls.txt), the gated delta rule's state in place in some calls, and
 * the refused calls (Sq > Skv, an expert id outside [0, E)).
 *
 * The tuning records are synthetic unless --db is given: configs chosen here to differ from the
 * defaults (a split-K decode: two launches and scratch; a narrow-workgroup batch), so that dispatch
 * has tuned shapes to find. They test dispatch, not speed.
 *
 * usage: node --import tsx tools/gpu/runtime-bundle.ts [DIR] [--db FILE]
 *   DIR defaults to .device-bundles/runtime (ignored by git); then on the GPU machine:
 *   run(command: "bash .device-bundles/runtime/run.sh $OUT", carry: [".device-bundles/runtime"])
 */
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { FORMATS, InputError, type KnobConfig, type Params, type WeightFormatName } from '@kforge/ir';
import { JsonlTuningDatabase, SCHEMA_VERSION, type TuningRecord } from '@kforge/autotune';
import {
  checkProjectFiles, emitKernel, gpuDefaultConfig, loweringFor, phasedCalls, phasedRequest, planCpuRuntime, planGpuRuntime, resolveConfig, tunedFromRecords,
  writeRuntimeCalls, writeRuntimeCases, type RuntimeCase,
} from '@kforge/driver';
import { bucketMax, bucketRepresentative, cpuRuntimeFiles, gpuRuntimeFiles, mBucket, type CheckEntry } from '@kforge/runtime';
import { kforgeVersion } from '@kforge/bench';
import { processFailure, runProcess } from '@kforge/exec';

const REPO = resolve(import.meta.dirname, '../..');
const DEFAULT_DIR = join(REPO, '.device-bundles', 'runtime');
const MAX_BYTES = 5 << 20;

type BundleTarget = 'cuda' | 'avx512';
const FORMATS_IN_BUNDLE: readonly WeightFormatName[] = ['q4_0', 'w4g64'];
const ENTRIES: readonly CheckEntry[] = FORMATS_IN_BUNDLE.map((format) => ({ format, act: 'f32' as const }));

const shape = (weight: WeightFormatName, M: number, N: number, K: number, bias: boolean): Params => ({ M, N, K, weight, act: 'f32', bias });
const DECODE = shape('q4_0', 1, 256, 512, false);
const BATCH = shape('q4_0', 4, 96, 128, true);
/** cuda: x quantized to int8 by a pre-pass, split-K: three launches and three scratch buffers (where the generator has the path) */
const INT8 = shape('q4_0', 2, 64, 2048, false);
const hasInt8Path = (target: BundleTarget): boolean =>
  target === 'cuda' && loweringFor('gemv', target).knobs(target, INT8).knobs.some((k) => k.name === 'dot_path' && k.values.includes('int8'));
const tunedShapes = (target: BundleTarget): Params[] => [DECODE, BATCH, ...(hasInt8Path(target) ? [INT8] : [])];

interface BundleCase {
  readonly name: string;
  readonly params: Params;
  readonly tunedFrom?: Params;
}

const CASES: readonly BundleCase[] = [
  { name: 'tuned_decode', params: DECODE, tunedFrom: DECODE },
  { name: 'tuned_batch', params: BATCH, tunedFrom: BATCH },
  { name: 'tuned_batch_padded', params: shape('q4_0', 6, 96, 128, true), tunedFrom: BATCH },
  { name: 'near_decode', params: shape('q4_0', 1, 200, 512, false), tunedFrom: DECODE },
  { name: 'far_shape', params: shape('q4_0', 1, 64, 2048, false) },
  { name: 'other_m_bucket', params: shape('q4_0', 3, 256, 512, false) },
  { name: 'bias_not_tuned', params: shape('q4_0', 1, 256, 512, true) },
  { name: 'planar_padded', params: shape('w4g64', 2, 64, 256, true) },
  { name: 'largest_bucket', params: shape('q4_0', 40, 48, 128, false) },
  // a projection of real size: 2048 x 1024 q4_0 weights (1.2 MB) at M = 1
  { name: 'decode_2048x1024', params: shape('q4_0', 1, 2048, 1024, false) },
];
const INT8_CASES: readonly BundleCase[] = [
  { name: 'tuned_int8_three_launches', params: INT8, tunedFrom: INT8 },
  { name: 'tuned_int8_padded', params: shape('q4_0', 3, 50, 2048, false), tunedFrom: INT8 },
];

/** GPU: split-K decode (two launches and scratch), narrow workgroups for the batch. CPU: a valid config two knobs from the default. */
function tunedConfig(target: BundleTarget, p: Params): KnobConfig {
  if (target === 'cuda') {
    const knobs = p === DECODE ? { split_k: 2, rows_per_block: 2 } : p === INT8 ? { dot_path: 'int8', split_k: 2 } : { workgroup_size: 32 };
    return resolveConfig('gemv', target, p, knobs);
  }
  const space = loweringFor('gemv', target).knobs(target, p);
  let config: KnobConfig = { ...space.defaults };
  let changed = 0;
  for (const knob of space.knobs) {
    const alternative = knob.values.find((v) => v !== space.defaults[knob.name] && !space.check({ ...config, [knob.name]: v }));
    if (alternative === undefined) continue;
    config = { ...config, [knob.name]: alternative };
    if (++changed === 2) break;
  }
  return config;
}

function syntheticDatabase(path: string, target: BundleTarget): void {
  const db = new JsonlTuningDatabase(path);
  for (const p of tunedShapes(target)) {
    db.append({
      schema: SCHEMA_VERSION, op: 'gemv', params: p, target, kforge: kforgeVersion(), config: tunedConfig(target, p), sourceHash: 'synthetic', status: 'ok',
      device: { device: `synthetic ${target} records (tools/gpu/runtime-bundle.ts)`, features: [], compiler: 'none', executor: target === 'cuda' ? 'gpu-bundle' : 'native' },
      measurement: { medianMs: 1, minMs: 1, maxMs: 1, iqrMs: 0, repeats: 1, bytes: 1, gbps: 1 },
      time: new Date().toISOString(), origin: 'synthetic',
    } satisfies TuningRecord);
  }
}

/** what dispatch must pick for a case: the tuned config, else the library's default for the bucket (as each planner asks for it) */
function expectation(target: BundleTarget, c: BundleCase): { config: KnobConfig; arithmetic: RuntimeCase['arithmetic'] } {
  const p = c.params;
  const format = p.weight as WeightFormatName;
  const bias = Boolean(p.bias);
  const b = mBucket(Number(p.M));
  let config: KnobConfig;
  let emitted: Params;
  if (c.tunedFrom) {
    config = tunedConfig(target, c.tunedFrom);
    emitted = target === 'cuda' ? { ...p, M: Number(p.M) <= Number(c.tunedFrom.M) ? c.tunedFrom.M! : bucketMax(b) } : p;
  } else if (target === 'cuda') {
    config = gpuDefaultConfig('cuda', format, 'f32', bias, bucketMax(b));
    emitted = { ...p, M: bucketMax(b) };
  } else {
    const f = FORMATS[format];
    config = resolveConfig('gemv', target, { ...p, M: bucketRepresentative(b), N: 64, K: Math.max(256, f.kind === 'dense' ? 1 : f.block) }, undefined);
    emitted = p;
  }
  const artifact = emitKernel('gemv', target, emitted, config);
  // the SIMD emitter does not declare int8-activations arithmetic yet: infer it from the knob (as build-runtime.test.ts does)
  return { config, arithmetic: artifact.arithmetic ?? (config.dot_path === 'int8' ? 'int8-activations' : 'f32') };
}

function writeFiles(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}

const RUN_SH = `#!/usr/bin/env bash
# kforge runtime libraries on the GPU machine (written by tools/gpu/runtime-bundle.ts): builds the cuda
# and avx512 libraries with their check programs (CMake add_subdirectory, as an application would),
# runs each on its cases and prints the program's lines: "case NAME STATUS KERNEL_ID TUNED ... ROWS
# KERNEL CONFIG" (the dispatch choice), "call NAME STATUS KERNEL CONFIG" (cuda's attention,
# gated_delta_rule and moe calls) and "check NAME PASS|FAIL what". Logs and outputs go to OUT_DIR.
# usage: bash run.sh [OUT_DIR]        env: KFORGE_CUDA_ARCHITECTURES (default 90), JOBS
set -u
ROOT="$(cd "$(dirname "\${BASH_SOURCE[0]}")" && pwd)"
OUT="\${1:-$ROOT/out}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
JOBS="\${JOBS:-$(nproc 2>/dev/null || echo 4)}"
ARCH="\${KFORGE_CUDA_ARCHITECTURES:-90}"
status=0
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -n 1; cmake --version | head -n 1; gcc --version | head -n 1; } 2>&1 | sed 's/^/machine: /'

for t in cuda avx512; do
  if [ "$t" = avx512 ]; then
    missing=""
    for flag in avx512f avx512bw avx512vl avx512_vnni avx512_bf16; do grep -qw "$flag" /proc/cpuinfo || missing="$missing $flag"; done
    if [ -n "$missing" ]; then echo "SKIP avx512: the host CPU lacks$missing"; continue; fi
  fi
  start=$(date +%s)
  rm -rf "$ROOT/$t/lib"
  tar xzf "$ROOT/$t/lib.tar.gz" -C "$ROOT/$t"
  build="$OUT/build-$t"
  if ! cmake -S "$ROOT/$t/app" -B "$build" -DCMAKE_BUILD_TYPE=Release -DKFORGE_CUDA_ARCHITECTURES="$ARCH" > "$OUT/$t-configure.log" 2>&1 \\
     || ! cmake --build "$build" --parallel "$JOBS" > "$OUT/$t-build.log" 2>&1; then
    echo "FAIL $t: the library or its check program did not build"
    tail -n 40 "$OUT/$t-configure.log" "$OUT/$t-build.log" 2>/dev/null
    status=1
    continue
  fi
  echo "built $t in $(( $(date +%s) - start )) s"
  rm -rf "$OUT/cases-$t"
  cp -r "$ROOT/cases" "$OUT/cases-$t"
  cp "$ROOT/$t/cases.txt" "$OUT/cases-$t/cases.txt"
  [ -f "$ROOT/$t/calls.txt" ] && cp "$ROOT/$t/calls.txt" "$OUT/cases-$t/calls.txt"
  "$build/kforge_check" "$OUT/cases-$t" > "$OUT/$t-check.txt" 2> "$OUT/$t-check.err"
  rc=$?
  sed "s/^/$t: /" "$OUT/$t-check.txt"
  [ -s "$OUT/$t-check.err" ] && sed "s/^/$t stderr: /" "$OUT/$t-check.err"
  passed=$(grep -c ' PASS ' "$OUT/$t-check.txt")
  failed=$(grep -c ' FAIL ' "$OUT/$t-check.txt")
  if [ "$rc" -ne 0 ]; then status=1; fi
  echo "RESULT $t: $passed passed, $failed failed, exit $rc"
done
exit $status
`;

export async function writeRuntimeBundle(dir: string, dbPath?: string): Promise<{ bytes: number; kernels: Record<BundleTarget, number> }> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const version = kforgeVersion();
  const kernels = { cuda: 0, avx512: 0 };
  const manifest: Record<string, unknown> = { kforgeRuntimeBundle: 1, created: new Date().toISOString(), version, targets: {} };
  for (const target of ['cuda', 'avx512'] as const) {
    const db = dbPath ?? join(dir, target, 'tuning.jsonl');
    mkdirSync(join(dir, target), { recursive: true });
    if (!dbPath) syntheticDatabase(db, target);
    const { tuned, device } = tunedFromRecords(new JsonlTuningDatabase(db).all(), 'gemv', target);
    const included = tuned.filter((t) => FORMATS_IN_BUNDLE.includes(t.params.weight as WeightFormatName) && t.params.act === 'f32');
    const request = { formats: FORMATS_IN_BUNDLE, acts: ['f32'] as const, tuned: included, device, version };
    // cuda: gemv and the phased ops in one library, as an engine would link it
    const phased = target === 'cuda' ? phasedRequest(target, version) : undefined;
    const gpuSpec = phased ? await planGpuRuntime({ ...phased, ...request, ops: ['gemv', ...phased.ops!] }) : undefined;
    const files = gpuSpec ? gpuRuntimeFiles(gpuSpec) : cpuRuntimeFiles(planCpuRuntime({ target: target as 'avx512', ...request }));
    kernels[target] = Object.keys(files).filter((f) => f.startsWith('src/kernels/')).length;
    // the kernels' sources are large and repetitive: they travel compressed (run.sh unpacks them)
    writeFiles(join(dir, target, 'lib'), files);
    const tar = await runProcess('tar', ['czf', 'lib.tar.gz', 'lib'], { cwd: join(dir, target), timeoutMs: 120_000 });
    const tarFailure = processFailure(`pack the ${target} library`, tar, 'harness');
    if (tarFailure) throw tarFailure;
    rmSync(join(dir, target, 'lib'), { recursive: true });
    writeFiles(join(dir, target, 'app'), checkProjectFiles(target, '../lib', ENTRIES));
    // with a real database, tuned expectations are whatever it holds: only default-dispatch cases are judged
    const cases = [...CASES, ...(hasInt8Path(target) ? INT8_CASES : [])].filter((c) => !dbPath || !c.tunedFrom);
    const runtimeCases = cases.map((c): RuntimeCase => {
      const e = expectation(target, c);
      return { name: c.name, params: c.params, expectTuned: c.tunedFrom !== undefined, expectConfig: e.config, arithmetic: e.arithmetic };
    });
    // the inputs and references are the same for both targets (same shapes and seed): one cases/ folder, a cases.txt per target
    writeRuntimeCases(join(dir, 'cases'), runtimeCases);
    renameSync(join(dir, 'cases', 'cases.txt'), join(dir, target, 'cases.txt'));
    const calls = gpuSpec ? phasedCalls('cuda', gpuSpec) : [];
    if (calls.length) {
      writeRuntimeCalls(join(dir, 'cases'), calls);
      renameSync(join(dir, 'cases', 'calls.txt'), join(dir, target, 'calls.txt'));
    }
    (manifest.targets as Record<string, unknown>)[target] = {
      database: dbPath ?? `${target}/tuning.jsonl (synthetic)`, device, formats: FORMATS_IN_BUNDLE, acts: ['f32'],
      cases: runtimeCases.map((c) => ({ name: c.name, params: c.params, expectTuned: c.expectTuned, expectConfig: c.expectConfig, arithmetic: c.arithmetic })),
      calls: calls.map((c) => ({ name: c.name, entry: c.entry.name, params: c.params, expectStatus: c.expectStatus ?? 0, expectConfig: c.expectConfig, arithmetic: c.arithmetic })),
    };
  }
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'run.sh'), RUN_SH);
  chmodSync(join(dir, 'run.sh'), 0o755);
  writeFileSync(join(dir, 'README.md'), `# kforge runtime libraries on the GPU machine

Written by \`tools/gpu/runtime-bundle.ts\` (kforge ${version}). \`bash run.sh [OUT_DIR]\` does, for cuda and avx512:

- unpacks \`<target>/lib.tar.gz\`: the library as \`kforge build-runtime\` writes it (gemv: formats
  ${FORMATS_IN_BUNDLE.join(', ')}, f32 activations, M up to 64; cuda also attention, gated_delta_rule
  and moe entries of small configurations);
- builds \`<target>/app\`: the check program, consuming the library with CMake add_subdirectory as an
  application would (cuda: sm_90 unless KFORGE_CUDA_ARCHITECTURES says otherwise);
- runs it on a copy of \`cases/\` (inputs and float64 references computed here, shared by both targets)
  with \`<target>/cases.txt\` (the config dispatch must pick and the SPEC bound of that kernel) and
  cuda's \`calls.txt\` (kf_call of the phased entries at run-time shapes, and refused calls);
- prints its lines: \`case ...\` (status, kernel, tuned or default, rows the kernel is compiled for,
  config) and \`check NAME PASS|FAIL ...\` (dispatch choice, nmse against the reference, the error
  codes of invalid calls), then \`RESULT <target>: P passed, F failed\`.

The exit status is 0 when everything passed; \`manifest.json\` lists each case's expectation. The
tuning records are ${dbPath ? `from ${dbPath}` : 'synthetic: configs chosen to differ from the defaults, to test dispatch (not speed)'}.
`);
  const bytes = folderBytes(dir);
  if (bytes > MAX_BYTES) throw new Error(`the bundle has ${(bytes / 2 ** 20).toFixed(1)} MiB, over the ${MAX_BYTES >> 20} MiB it may carry`);
  return { bytes, kernels };
}

async function main(argv: readonly string[]): Promise<void> {
  let dir = DEFAULT_DIR;
  let db: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--db') db = argv[++i];
    else if (argv[i]!.startsWith('--')) throw new InputError(`unknown option ${argv[i]} (usage: runtime-bundle.ts [DIR] [--db FILE])`);
    else dir = resolve(argv[i]!);
  }
  const { bytes, kernels } = await writeRuntimeBundle(dir, db);
  console.log(`wrote ${dir}: ${(bytes / 2 ** 20).toFixed(2)} MiB, cuda ${kernels.cuda} kernels, avx512 ${kernels.avx512} kernels`);
  console.log(`run there: run(command: "bash ${join(dir.startsWith(REPO) ? dir.slice(REPO.length + 1) : dir, 'run.sh')} $OUT", carry: ["${dir.startsWith(REPO) ? dir.slice(REPO.length + 1) : dir}"])`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(e instanceof InputError ? 2 : 1);
  });
}
