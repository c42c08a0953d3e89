#!/usr/bin/env bash
cd "$(dirname "$0")"; OUT=$(realpath "$1"); B=/usr/local/cuda/bin
make -j"$(nproc)" || exit 1; cd build  # the programs and variants (Makefile), then run from build/
for d in */; do d=${d%/}; [ -f $d/exp.cu ] && ( [ -x $d/exp ] || echo "BUILD FAIL $d"; $B/nvcc -O3 -gencode arch=compute_90,code=sm_90 -cubin -Xptxas -v -o $d/k.cubin $d/gemv.cu > $d/ptxas.txt 2>&1; $B/cuobjdump -sass $d/k.cubin | grep -cE '^\s+/\*[0-9a-f]{4}\*/' > $d/nsass.txt ) & done; wait
for d in */; do d=${d%/}; [ -x $d/exp ] || continue; echo "$d regs=$(grep -o 'Used [0-9]* registers' $d/ptxas.txt | head -1) sass=$(cat $d/nsass.txt) $(grep -o '[0-9]* bytes spill stores' $d/ptxas.txt | head -1)"; for r in 1; do ./$d/exp | grep -E '"(gemv|read)\+pdl'; done; done > $OUT/times.txt 2>&1
cat $OUT/times.txt
