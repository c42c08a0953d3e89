#!/usr/bin/env bash
cd "$(dirname "$0")"; OUT=$(realpath "$1"); B=/usr/local/cuda/bin
make -j"$(nproc)" || exit 1; cd build  # the programs and variants (Makefile), then run from build/
for d in q4_0-11008x4096-base q4_0-11008x4096-hq; do
  $B/nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -lineinfo -o $d/exp $d/exp.cu
  $B/ncu --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section SchedulerStats --section Occupancy --section LaunchStats -k regex:'gemv$' -s 40 -c 1 ./$d/exp > $OUT/$d.ncu.txt 2>&1
done
d=q4_0-11008x4096-base
$B/ncu --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis_Tables --section SchedulerStats --section Occupancy -k regex:'read_pdl' -s 5 -c 1 ./$d/exp > $OUT/read.ncu.txt 2>&1
$B/cuobjdump -sass $d/k.cubin > $OUT/base.sass
