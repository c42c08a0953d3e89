#!/bin/sh
# Every committed CPU comparison with a baseline (issue 20 item 1 audit), rerun under the placement
# protocol: each baseline in its own harness process with the thread count it is labelled with,
# pinned (OpenMP: OMP_PROC_BIND=close OMP_PLACES=cores; OpenBLAS: its mask reset, its count set),
# threads_used recorded and flagged below 0.75 x, the load recorded per case. A new record on the
# machine it runs on; the old numbers stay with their machine.
#   KFORGE_GGML_DIR=/work/ggml-build sh experiments/2026-12-02-baseline-rerun/run.sh [OUT_DIR]
# Environment: RUNS (which comparisons, default "avx2-decode avx2-large avx512-large"), FILTER (a
# regular expression over case ids, narrowing every run), THREADS (2), MIN_TIME (300), ROUNDS (3),
# ALLOW_LOAD (1: time a loaded machine anyway, for trying the script; the numbers are then not a record),
# KFORGE_GGML_DIR (the native ggml build, for avx512 runs), GGML_AVX2_DIR (a ggml built with AVX2 and no
# AVX-512, for the avx2 runs, as the avx2 records' machine had; default /work/ggml-build/avx2, else the native one).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="${1:-$root/docs/results/2026-12-02-baseline-rerun/run-$(date -u +%Y%m%dT%H%MZ)}"
: "${KFORGE_GGML_DIR:=/work/ggml-build}"
ggml_native=$KFORGE_GGML_DIR
ggml_avx2=${GGML_AVX2_DIR:-/work/ggml-build/avx2}
[ -f "$ggml_avx2/include/ggml.h" ] || ggml_avx2=$ggml_native
threads="${THREADS:-2}"
allow=""
[ "${ALLOW_LOAD:-0}" = 1 ] && allow="--allow-load"
cd "$root"
mkdir -p "$out"

# name, suite, target, case filter: what each committed comparison ran
#   avx2-decode:  README "Highlights" avx2 rows, docs/benchmarks/README "The CPU run" (avx2-qwen3-0.6b-decode.json)
#   avx2-large:   docs/performance-cpu.md (avx2, OpenBLAS and ggml beside kforge)
#   avx512-large: docs/results 2026-11-29-h200-int8, 2026-11-29-h200-sweeps, 2026-11-30-h200-quantize-x
#                 (avx512, OpenBLAS and ggml; their 16-thread rows cannot be rerun on 2 cores)
run_one() {
  name=$1 suite=$2 target=$3 cases=$4
  KFORGE_GGML_DIR=$5
  export KFORGE_GGML_DIR
  filter="$cases"
  [ -n "${FILTER:-}" ] && filter="^(?=.*(${FILTER})).*${cases}"
  {
    echo "# $name: $(date -u +%FT%TZ) $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- packages || echo ' (packages/ modified)') load: $(cat /proc/loadavg)"
    echo "# KFORGE_GGML_DIR=$KFORGE_GGML_DIR"
    echo "# kforge bench run $suite --target $target --threads $threads --filter '$filter' --min-time ${MIN_TIME:-300} --rounds ${ROUNDS:-3} $allow"
    npx tsx tools/cli/src/main.ts bench run "$suite" --target "$target" --threads "$threads" --filter "$filter" \
      --min-time "${MIN_TIME:-300}" --rounds "${ROUNDS:-3}" $allow --out "$out/$name.json"
    echo "# $name: $(date -u +%FT%TZ) load: $(cat /proc/loadavg)"
  } 2>&1 | tee -a "$out/progress.txt"
  # a refused run (the machine loaded: exit 2) writes nothing: stop rather than report a partial set
  [ -f "$out/$name.json" ] || { echo "run.sh: $name wrote no $out/$name.json (see progress.txt)" >&2; exit 2; }
}

for run in ${RUNS:-avx2-decode avx2-large avx512-large}; do
  case "$run" in
    avx2-decode) run_one avx2-decode qwen3-0.6b avx2 '/M1/' "$ggml_avx2" ;;
    avx2-large) run_one avx2-large gemv-large avx2 '/M1/' "$ggml_avx2" ;;
    avx512-large) run_one avx512-large gemv-large avx512 '/M1/' "$ggml_native" ;;
    *) echo "run.sh: unknown run '$run' (avx2-decode, avx2-large, avx512-large)" >&2; exit 2 ;;
  esac
done
jsons=$(for run in ${RUNS:-avx2-decode avx2-large avx512-large}; do echo "$out/$run.json"; done)
# shellcheck disable=SC2086
python3 "$here/summarize.py" $jsons | tee "$out/summary.md"
# the report is a view of the JSON: a failure to make it leaves the runs and the summary in place
# shellcheck disable=SC2086
npx tsx tools/cli/src/main.ts bench report $jsons --out "$out/report.html" --markdown "$out/bench.md" > /dev/null ||
  echo "run.sh: bench report failed; the runs are in $out (kforge bench report $jsons)" >&2
