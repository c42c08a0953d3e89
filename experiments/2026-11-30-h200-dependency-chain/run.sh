#!/usr/bin/env bash
# On the H200: bash run.sh OUT. streamed.cu (cold x, one x for every launch, traces), then the emitted kernels' variants.
# The cases: CASE-base/{gemv.cu,kernel.json} from `kforge emit` beside this script, x-prefetch.py and x-first.py, and gen.py from
# ../../2026-11-30-h200-fma-rounding/launch-overlap with ../../2026-11-30-h200-staged-weights/experiments/gen-output-hash.patch.
cd "$(dirname "$0")"; OUT=$1; B=/usr/local/cuda/bin
$B/nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -o streamed streamed.cu 2> $OUT/build.txt &
if [ -f gen.py ]; then
  python3 x-prefetch.py && python3 x-first.py && python3 gen.py
  for d in */; do d=${d%/}; [ -f $d/exp.cu ] && ( $B/nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -o $d/exp $d/exp.cu 2> $d/build.txt || echo "BUILD FAIL $d" ) & done
fi
wait
./streamed > $OUT/times-cold.txt; HOTX=1 ./streamed > $OUT/times-hotx.txt
ONLY=slice_windowed TRACE=1 ./streamed > $OUT/traces-cold.txt; ONLY=slice_windowed HOTX=1 TRACE=1 ./streamed > $OUT/traces-hotx.txt
for r in 1 2; do for d in */; do d=${d%/}; [ -x $d/exp ] && ./$d/exp | grep -E 'check|"gemv\+pdl'; done; done > $OUT/times-emitted-variants.txt
ONLY="ring G" ./streamed | grep -v "no wait" > $OUT/times-l2-prefetch-cold.txt; ONLY="ring G" HOTX=1 ./streamed | grep -v "no wait" > $OUT/times-l2-prefetch-hotx.txt
for r in 1 2; do ONLY="x once" ./streamed; done > $OUT/times-x-once-cold.txt; ONLY="x once" HOTX=1 ./streamed > $OUT/times-x-once-hotx.txt
(ONLY="idle" TRACE=2 ./streamed; ONLY="G4 R2 D2 1/SM full" TRACE=2 ./streamed) | grep -v "fit$" > $OUT/traces-odd-idle-cold.txt
(ONLY="idle" HOTX=1 TRACE=2 ./streamed; ONLY="G4 R2 D2 1/SM full" HOTX=1 TRACE=2 ./streamed) | grep -v "fit$" > $OUT/traces-odd-idle-hotx.txt
# gate and up as one gemv: CASE-base folders for N = 11008 and 22016 from `kforge emit gemv --target cuda --params
# '{"M":1,"N":22016,"K":4096,"weight":"q4_0","act":"f16"}' --out q4_0-22016x4096-base` (and w4g128), gen.py, two rounds:
#   for r in 1 2; do for d in */; do ./$d/exp | grep '"variant"'; done; done > $OUT/times-gate-up.txt
ONLY="ring G" ./streamed | grep -v "fit$" > $OUT/times-ring-sleep-cold.txt; ONLY="ring G" HOTX=1 ./streamed | grep -v "fit$" > $OUT/times-ring-sleep-hotx.txt
./streamed | grep -v "fit$" > $OUT/checks.txt
