#!/bin/sh
# avx512 int8 gemv, dot_width 256 (ymm vpdpbusd) against 512 (zmm) on one machine: for each format and
# shape, `kforge bench gemv` times the config with dot_width 256 and the same config with 512,
# interleaved in one run (--vs-default with the default's other knobs pinned), no baselines.
#   sh dot-width.sh OUTDIR          -> OUTDIR/<format>_<N>x<K>_m<M>.json, then python3 dot-width.py OUTDIR
# Environment: FORMATS (q4_0 q8_0 q4_1 w4g128), SHAPES ("4096 14336 4096 4096": N K pairs), MS (1 4 16),
# ROUNDS (5), MIN_TIME (300 ms per round).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out="${1:?OUTDIR}"
mkdir -p "$out"
for f in ${FORMATS:-q4_0 q8_0 q4_1 w4g128}; do
  set -- ${SHAPES:-4096 14336 4096 4096}
  while [ $# -ge 2 ]; do
    N=$1 K=$2; shift 2
    for M in ${MS:-1 4 16}; do
      params="{\"M\":$M,\"N\":$N,\"K\":$K,\"weight\":\"$f\",\"act\":\"f32\",\"bias\":false}"
      # the default config with dot_width 256, timed against the default (dot_width as the defaults say)
      config=$(cd "$repo" && npx tsx -e "import { gemvCpuDefaults } from './packages/codegen-cpu/src/index.ts'; const d = { ...gemvCpuDefaults('avx512', $params) } as Record<string, unknown>; const w = d.dot_width === 512 ? 256 : 512; console.log(JSON.stringify({ ...d, dot_width: w }));")
      load=$(cut -d' ' -f1-3 /proc/loadavg)
      echo "$f ${N}x$K M=$M config $config load $load" >&2
      (cd "$repo" && npx tsx tools/cli/src/main.ts bench gemv --target avx512 --threads 2 --params "$params" --config "$config" --vs-default \
        --no-baselines --rounds "${ROUNDS:-5}" --min-time "${MIN_TIME:-300}" --out "$out/${f}_${N}x${K}_m$M.json") >&2
    done
  done
done
