/**
 * The offline tuning bundle, for a machine without Node: every candidate of a search as a job folder
 * (sources, harness, build.sh), the inputs once, and top-level build.sh and run.sh that need only a
 * POSIX shell, a C compiler and od. run.sh writes results/: results.jsonl (one line per case),
 * <case>/out_<name>.bin and machine.txt (cpuinfo and compiler banner). `kforge tune --import DIR`
 * reads them back, checks every output against the reference and records the trials.
 *
 * GPU targets travel in exec's GPU bundle instead (written under gpu/); tune.json is common to both.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, type KnobConfig, type Params } from '@kforge/ir';
import { openmpShellPrefix, type TargetName } from '@kforge/target';
import { writeJobFolder, shellQuote, type RemoteJob } from './job.ts';

export const TUNE_BUNDLE_VERSION = 1;

export interface TuneBundleCase {
  /** folder name under cases/ (CPU) or the GPU bundle's case name */
  readonly name: string;
  readonly config: KnobConfig;
  readonly sourceHash: string;
  /** bytes moved by the kernel (for bandwidth) */
  readonly bytes: number;
}

export interface TuneBundleManifest {
  readonly kforgeTuneBundle: number;
  readonly kind: 'cpu' | 'gpu';
  readonly name: string;
  readonly op: string;
  readonly target: TargetName;
  readonly params: Params;
  /** seed of the random inputs: the importer regenerates them for the reference */
  readonly inputSeed: number;
  readonly strategy: string;
  readonly seed: number;
  readonly kforge: string;
  readonly created: string;
  readonly cases: readonly TuneBundleCase[];
}

export function writeTuneManifest(dir: string, manifest: TuneBundleManifest): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'tune.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readTuneManifest(dir: string): TuneBundleManifest {
  const path = join(dir, 'tune.json');
  if (!existsSync(path)) throw new InputError(`--import: '${dir}' is not a kforge tuning bundle (no tune.json)`);
  const m = JSON.parse(readFileSync(path, 'utf8')) as TuneBundleManifest;
  if (m.kforgeTuneBundle !== TUNE_BUNDLE_VERSION) throw new InputError(`${path}: bundle version ${m.kforgeTuneBundle} is not supported (this kforge reads ${TUNE_BUNDLE_VERSION})`);
  return m;
}

const RUN_CASE = (job: RemoteJob): string => [
  '#!/bin/sh',
  'cd "$(dirname "$0")"',
  `${openmpShellPrefix(job.threads)}exec ./kernel "$@"`,
  '',
].join('\n');

/**
 * build.sh of the offline bundles (this tuning bundle, @kforge/bench's export): builds every job folder
 * under cases/ with the machine's C compiler ($CC, default cc), $JOBS at a time (default: the online
 * CPUs). A job already built is kept; one that does not compile is recorded (results/<job>/build.log)
 * and skipped; results/<job>/built marks the ones that did.
 */
export const BUILD_ALL_SCRIPT = `#!/bin/sh
# kforge bundle: builds every job under cases/ with this machine's C compiler ($CC, default cc), $JOBS
# at a time; one that does not compile is logged in results/<job>/build.log and skipped.
cd "$(dirname "$0")"
mkdir -p results
JOBS=\${JOBS:-$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
build_one() {
  rm -f "results/$1/built"
  if [ -x "cases/$1/kernel" ]; then : > "results/$1/built"; return 0; fi
  if sh "cases/$1/build.sh" > "results/$1/build.log" 2>&1; then : > "results/$1/built"; else echo "build failed: $1 (results/$1/build.log)"; fi
}
n=0
for c in cases/*/; do
  name=$(basename "$c"); mkdir -p "results/$name"
  build_one "$name" &
  n=$((n + 1))
  if [ "$n" -ge "$JOBS" ]; then wait; n=0; fi
done
wait
built=0; failed=0
for c in cases/*/; do
  if [ -f "results/$(basename "$c")/built" ]; then built=$((built + 1)); else failed=$((failed + 1)); fi
done
echo "built $built, $failed failed"
`;

const RUN_ALL = (repeats: number): string => `#!/bin/sh
# kforge tuning bundle: runs every built candidate once checked, then REPEATS timed runs.
# usage: sh run.sh [REPEATS]   (default ${repeats}); bring back results/ and run kforge tune --import
cd "$(dirname "$0")"
REPEATS=\${1:-${repeats}}
mkdir -p results
{ cat /proc/cpuinfo 2>/dev/null; echo @@kforge-cc; \${CC:-cc} --version 2>&1 | head -n 1; } > results/machine.txt
: > results/results.jsonl
for c in cases/*/; do
  c=\${c%/}; name=$(basename "$c"); out="results/$name"; mkdir -p "$out"
  if [ ! -x "$c/kernel" ]; then
    printf '{"case":"%s","status":"build-failed"}\\n' "$name" >> results/results.jsonl; continue
  fi
  for f in inputs/in_*.bin; do ln -sf "../../$f" "$c/"; done
  rm -f "$c"/out_*.bin "$c/timings.bin"
  sh "$c/run.sh" "$REPEATS" > "$out/run.log" 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then
    printf '{"case":"%s","status":"run-failed","exit_code":%d}\\n' "$name" "$rc" >> results/results.jsonl; continue
  fi
  cp "$c"/out_*.bin "$out/"
  t=$(od -An -v -t u8 "$c/timings.bin" | tr -s ' \\n' ',,' | sed 's/^,//; s/,$//')
  printf '{"case":"%s","status":"ok","timings_ns":[%s]}\\n' "$name" "$t" >> results/results.jsonl
  echo "$name ok"
done
`;

/** Writes a CPU tuning bundle: cases/<name>/ per job, inputs/ once, build.sh, run.sh, tune.json. */
export function writeCpuTuneBundle(dir: string, manifest: TuneBundleManifest, jobs: readonly RemoteJob[], repeats = 50): void {
  if (jobs.length !== manifest.cases.length) throw new Error('writeCpuTuneBundle: one job per manifest case');
  mkdirSync(join(dir, 'inputs'), { recursive: true });
  for (const [name, bytes] of Object.entries(jobs[0]?.inputs ?? {})) writeFileSync(join(dir, 'inputs', `in_${name}.bin`), bytes);
  jobs.forEach((job, i) => {
    const caseDir = join(dir, 'cases', manifest.cases[i]!.name);
    writeJobFolder(job, caseDir, false);
    writeFileSync(join(caseDir, 'run.sh'), RUN_CASE(job));
  });
  writeFileSync(join(dir, 'build.sh'), BUILD_ALL_SCRIPT);
  writeFileSync(join(dir, 'run.sh'), RUN_ALL(repeats));
  for (const s of ['build.sh', 'run.sh']) chmodSync(join(dir, s), 0o755);
  writeFileSync(join(dir, 'README.md'), [
    `# kforge tuning bundle: ${manifest.op} on ${manifest.target}`, '',
    `${manifest.cases.length} candidate configurations of ${JSON.stringify(manifest.params)} (${manifest.strategy}, seed ${manifest.seed}).`, '',
    'On the machine to tune (needs sh, a C compiler as $CC or cc, and od):', '',
    '    sh build.sh && sh run.sh', '',
    `Then copy results/ back into this folder and run \`kforge tune --import ${shellQuote(dir)}\`.`, '',
  ].join('\n'));
  writeTuneManifest(dir, manifest);
}

export type BundleCaseStatus = 'ok' | 'build-failed' | 'run-failed';

export interface BundleCaseResult {
  readonly name: string;
  readonly status: BundleCaseStatus;
  readonly outputs?: Record<string, Uint8Array>;
  readonly timingsNs?: readonly number[];
  /** the build or run log, or why the result is unusable */
  readonly error?: string;
}

/**
 * Reads DIR/results/ of a CPU bundle, one entry per manifest case in order; a case without a result
 * line is run-failed. `outputs` maps each output buffer name to its expected size in bytes.
 */
export function readCpuTuneResults(dir: string, manifest: TuneBundleManifest, outputs: Readonly<Record<string, number>>): { machine?: string; cases: BundleCaseResult[] } {
  const results = join(dir, 'results');
  const linesPath = join(results, 'results.jsonl');
  if (!existsSync(linesPath)) throw new InputError(`--import: ${linesPath} not found: run the bundle's run.sh on the device and copy results/ back`);
  const lines = new Map<string, { status: BundleCaseStatus; timings_ns?: number[]; exit_code?: number }>();
  readFileSync(linesPath, 'utf8').split('\n').forEach((text, i) => {
    if (!text.trim()) return;
    try {
      const line = JSON.parse(text) as { case: string; status: BundleCaseStatus; timings_ns?: number[] };
      lines.set(line.case, line);
    } catch {
      throw new InputError(`${linesPath}:${i + 1}: not a JSON result line`);
    }
  });
  const log = (name: string, file: string): string => {
    const p = join(results, name, file);
    return existsSync(p) ? readFileSync(p, 'utf8').trim().slice(-2000) : '';
  };
  const cases = manifest.cases.map(({ name }): BundleCaseResult => {
    const line = lines.get(name);
    if (!line) return { name, status: 'run-failed', error: 'no result line: run.sh did not reach this case' };
    if (line.status === 'build-failed') return { name, status: line.status, error: log(name, 'build.log') || 'build failed' };
    if (line.status !== 'ok') return { name, status: 'run-failed', error: `exit code ${line.exit_code ?? '?'} ${log(name, 'run.log')}`.trim() };
    const got: Record<string, Uint8Array> = {};
    for (const [out, bytes] of Object.entries(outputs)) {
      const p = join(results, name, `out_${out}.bin`);
      if (!existsSync(p)) return { name, status: 'run-failed', error: `missing ${p}` };
      got[out] = new Uint8Array(readFileSync(p));
      if (got[out].length !== bytes) return { name, status: 'run-failed', error: `${p}: ${got[out].length} bytes, expected ${bytes}` };
    }
    return { name, status: 'ok', outputs: got, ...(line.timings_ns?.length ? { timingsNs: line.timings_ns } : {}) };
  });
  const machine = join(results, 'machine.txt');
  return { cases, ...(existsSync(machine) ? { machine: readFileSync(machine, 'utf8') } : {}) };
}
