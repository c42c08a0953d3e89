#!/usr/bin/env bash
# On the H200: bash run.sh OUT. streamed.cu (cold x, one x for every launch, traces), then the emitted kernels' variants.
# The cases (Makefile): build/CASE-base/{gemv.cu,kernel.json} from `kforge emit`, x-prefetch.py's and x-first.py's variants,
# each made into exp.cu by ../common/launch-overlap/gen.py with gen-output-hash.patch; build/gate-up/ the same for gate and up.
cd "$(dirname "$0")"; OUT=$(realpath "$1"); B=/usr/local/cuda/bin
make -j"$(nproc)" > $OUT/build.txt 2>&1 || exit 1; cd build
./streamed > $OUT/times-cold.txt; HOTX=1 ./streamed > $OUT/times-hotx.txt
ONLY=slice_windowed TRACE=1 ./streamed > $OUT/traces-cold.txt; ONLY=slice_windowed HOTX=1 TRACE=1 ./streamed > $OUT/traces-hotx.txt
for r in 1 2; do for d in */; do d=${d%/}; [ -x $d/exp ] && ./$d/exp | grep -E 'check|"gemv\+pdl'; done; done > $OUT/times-emitted-variants.txt
ONLY="ring G" ./streamed | grep -v "no wait" > $OUT/times-l2-prefetch-cold.txt; ONLY="ring G" HOTX=1 ./streamed | grep -v "no wait" > $OUT/times-l2-prefetch-hotx.txt
for r in 1 2; do ONLY="x once" ./streamed; done > $OUT/times-x-once-cold.txt; ONLY="x once" HOTX=1 ./streamed > $OUT/times-x-once-hotx.txt
(ONLY="idle" TRACE=2 ./streamed; ONLY="G4 R2 D2 1/SM full" TRACE=2 ./streamed) | grep -v "fit$" > $OUT/traces-odd-idle-cold.txt
(ONLY="idle" HOTX=1 TRACE=2 ./streamed; ONLY="G4 R2 D2 1/SM full" HOTX=1 TRACE=2 ./streamed) | grep -v "fit$" > $OUT/traces-odd-idle-hotx.txt
# gate and up as one gemv: build/gate-up/CASE-base for N = 11008 and 22016 from `kforge emit gemv --target cuda --params
# '{"M":1,"N":22016,"K":4096,"weight":"q4_0","act":"f16"}'` (and w4g128), gen.py, two rounds:
(cd gate-up && for r in 1 2; do for d in */; do ./$d/exp | grep '"variant"'; done; done) > $OUT/times-gate-up.txt
ONLY="ring G" ./streamed | grep -v "fit$" > $OUT/times-ring-sleep-cold.txt; ONLY="ring G" HOTX=1 ./streamed | grep -v "fit$" > $OUT/times-ring-sleep-hotx.txt
./streamed | grep -v "fit$" > $OUT/checks.txt
