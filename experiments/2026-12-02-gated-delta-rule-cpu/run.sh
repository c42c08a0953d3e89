#!/bin/sh
# Build the drivers and run every case of cases.tsv PASSES times (default 3) with ggml and, where
# MNN_DIR names an MNN build, with MNN; one tab-separated line per run, with the 1-minute load average
# before and after each.
#   GGML_DIR=/path/to/ggml [MNN_DIR=/path/to/mnn-build] sh run.sh OUT.tsv
# Environment: PASSES (3), FILTER (a regular expression over the case line), THREADS (2), NICE (0),
# OMP_PROC_BIND (close), OMP_PLACES (cores), and the drivers' MIN_MS, ROTATE_MIB, PROBE_MIB.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${GGML_DIR:?set GGML_DIR to a ggml source tree built with cmake (include/, build/src/)}"
make -s -C "$here" GGML_DIR="$GGML_DIR" MNN_DIR="${MNN_DIR:-}"
out="${1:-/dev/stdout}"
# OpenMP placement as kforge bench gives its harnesses: one thread per core, bound (the probes' and ggml's threads)
export OMP_PROC_BIND="${OMP_PROC_BIND:-close}" OMP_PLACES="${OMP_PLACES:-cores}"
printf 'pass\timpl\tHk\tHv\tD\tT\tresidency\tthreads\tmedian_ms\tmin_ms\tiqr_ms\trepeats\tcopies\tgflops\tstate_gbps\tprobe_before_gbps\tprobe_after_gbps\tcache_before_gbps\tcache_after_gbps\tnmse_o\tnmse_s\tthreads_used\tload_before\tload_after\n' > "$out"
impls="ggml_gated_delta"
[ -n "${MNN_DIR:-}" ] && impls="$impls mnn_linear_attention"
for pass in $(seq 1 "${PASSES:-3}"); do
  grep -v '^#' "$here/cases.tsv" | while IFS="$(printf '\t')" read -r hk hv d t residency model; do
    [ -n "${FILTER:-}" ] && ! echo "$hk $hv $d $t $residency $model" | grep -Eq "$FILTER" && continue
    for impl in $impls; do
      before=$(cut -d' ' -f1 /proc/loadavg)
      line=$(nice -n "${NICE:-0}" "$here/build/$impl" "$hk" "$hv" "$d" "$t" "$residency" "${THREADS:-2}")
      after=$(cut -d' ' -f1 /proc/loadavg)
      printf '%s\t%s\t%s\t%s\t%s\n' "$pass" "${impl%%_*}" "$line" "$before" "$after" >> "$out"
    done
  done
done
