#!/usr/bin/env bash
cd "$(dirname "$0")"; OUT=$(realpath "$1"); B=/usr/local/cuda/bin
make -j"$(nproc)" || exit 1; cd build  # the programs and variants (Makefile), then run from build/
for d in */; do d=${d%/}; [ -f $d/exp.cu ] && ( [ -x $d/exp ] || echo "BUILD FAIL $d"; $B/nvcc -O3 -gencode arch=compute_90,code=sm_90 -cubin -Xptxas -v -o $d/k.cubin $d/gemv.cu > $d/ptxas.txt 2>&1; $B/cuobjdump -sass $d/k.cubin > $d/sass.txt ) & done; wait
for r in 1 2; do for d in */; do d=${d%/}; [ -x $d/exp ] || continue; echo "$d regs=$(grep -o 'Used [0-9]* registers' $d/ptxas.txt | head -1) $(grep -o '[0-9]* bytes smem' $d/ptxas.txt | head -1)"; ./$d/exp | grep -E 'check|"(gemv|read)\+pdl'; done; done > $OUT/times.txt 2>&1
for d in */; do d=${d%/}; [ -f $d/sass.txt ] && echo "$d: $(grep -oE 'ACQBULK|PREEXIT|LDGSTS|LDG[.A-Z0-9]*|STS[.A-Z0-9]*|LDS[.A-Z0-9]*|BAR[.A-Z]*' $d/sass.txt | uniq -c | tr '\n' ' ' | cut -c1-400)"; done >> $OUT/times.txt
cat $OUT/times.txt
