#!/bin/sh
# For each case (N K M): emit kforge's avx512 q4_0 gemv (`kforge emit`, default config unless
# KF_CONFIG), wrap it (kf_call.c), build the driver against a ggml build, run it PASSES times.
#   GGML_DIR=/path/to/ggml sh run.sh OUT.tsv [N K M]...
# Default cases: 4096x14336 and 4096x4096 at M 1, 4, 16. Environment: PASSES (3), THREADS (2),
# KF_CONFIG (a JSON object of knobs), and the driver's ROUNDS, MIN_MS, ROTATE_MIB, PROBE_MIB.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
: "${GGML_DIR:?set GGML_DIR to a ggml source tree built with cmake (include/, build/src/)}"
out="${1:-/dev/stdout}"
[ $# -gt 0 ] && shift
cases="${*:-4096 14336 1 4096 14336 4 4096 14336 16 4096 4096 1 4096 4096 4 4096 4096 16}"
threads="${THREADS:-2}"
# each thread on its own core, as kforge bench places its kernels and baselines
export OMP_NUM_THREADS="$threads" OMP_PROC_BIND=close OMP_PLACES=cores
printf 'pass\timpl\tN\tK\tM\tthreads\tmedian_ms\tmin_ms\tp10_ms\tiqr_ms\trepeats\tcopies\tgbps\tprobe_before_gbps\tprobe_after_gbps\tcpu_over_wall\tnmse\tconfig\tload_before\tload_after\n' > "$out"
set -- $cases
while [ $# -ge 3 ]; do
  N=$1 K=$2 M=$3; shift 3
  dir="$here/build/kf_${N}x${K}_m$M"
  rm -rf "$dir"
  params="{\"M\":$M,\"N\":$N,\"K\":$K,\"weight\":\"q4_0\",\"act\":\"f32\",\"bias\":false}"
  (cd "$repo" && npx tsx tools/cli/src/main.ts emit gemv --target avx512 --params "$params" ${KF_CONFIG:+--config "$KF_CONFIG"} --out "$dir" >/dev/null)
  python3 "$here/kf_call.py" "$dir" > "$dir/kf_call.c"
  make -s -C "$here" GGML_DIR="$GGML_DIR" KF_DIR="$dir" BIN="$dir/ggml_repack_gemv"
  for pass in $(seq 1 "${PASSES:-3}"); do
    before=$(cut -d' ' -f1 /proc/loadavg)
    "$dir/ggml_repack_gemv" "$N" "$K" "$M" "$threads" > "$dir/line.tsv"
    after=$(cut -d' ' -f1 /proc/loadavg)
    while IFS= read -r line; do printf '%s\t%s\t%s\t%s\n' "$pass" "$line" "$before" "$after" >> "$out"; done < "$dir/line.tsv"
  done
done
