#!/bin/sh
# Build the driver against a ggml build and run every case of cases.tsv PASSES times (default 3),
# one tab-separated line per run, with the 1-minute load average before and after each.
#   GGML_DIR=/path/to/ggml (a source tree with include/ and build/src/libggml*.so) sh run.sh OUT.tsv
# Environment: PASSES (3), FILTER (a regular expression over the case line), THREADS (2), NICE (0),
# QUIET_WAIT (120 s), and the driver's MIN_MS, ROTATE_MIB, PROBE_MIB.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${GGML_DIR:?set GGML_DIR to a ggml source tree built with cmake (include/, build/src/)}"
make -s -C "$here" GGML_DIR="$GGML_DIR"
bin="$here/build/ggml_attention"
out="${1:-/dev/stdout}"
# the machine is shared: before each case wait (up to QUIET_WAIT s, default 120) for a second in
# which the other processes used under 10% of the CPUs; busy_before records what they used then
busy() { # percent of CPU time not idle over one second
  set -- $(head -1 /proc/stat); shift; a=0; for x in "$@"; do a=$((a + x)); done; i=$4
  sleep 1
  set -- $(head -1 /proc/stat); shift; b=0; for x in "$@"; do b=$((b + x)); done; j=$4
  echo $(( 100 - 100 * (j - i) / (b - a) ))
}
wait_quiet() {
  waited=0; b=$(busy)
  while [ "$b" -ge 10 ] && [ "$waited" -lt "${QUIET_WAIT:-120}" ]; do b=$(busy); waited=$((waited + 1)); done
  echo "$b"
}
printf 'pass\tmode\tHq\tHkv\tD\tSq\tSkv\tkv\tlayout\tthreads\tmedian_ms\tmin_ms\tiqr_ms\trepeats\tcopies\tkv_gbps\tgflops\tprobe_before_gbps\tprobe_after_gbps\tnmse\tload_before\tload_after\tbusy_before_pct\n' > "$out"
for pass in $(seq 1 "${PASSES:-3}"); do
  grep -v '^#' "$here/cases.tsv" | while IFS="$(printf '\t')" read -r mode hq hkv d sq skv kv layout model; do
    [ -n "${FILTER:-}" ] && ! echo "$mode $hq $hkv $sq $skv $kv $layout $model" | grep -Eq "$FILTER" && continue
    quiet=$(wait_quiet)
    before=$(cut -d' ' -f1 /proc/loadavg)
    # NICE (e.g. -10, as root) raises the driver's priority over the other engineers' compile and
    # test jobs for the second or two a case runs, so time slicing does not land in its samples
    line=$(nice -n "${NICE:-0}" "$bin" "$mode" "$hq" "$hkv" "$d" "$sq" "$skv" "$kv" "$layout" "${THREADS:-2}")
    after=$(cut -d' ' -f1 /proc/loadavg)
    printf '%s\t%s\t%s\t%s\t%s\n' "$pass" "$line" "$before" "$after" "$quiet" >> "$out"
  done
done
