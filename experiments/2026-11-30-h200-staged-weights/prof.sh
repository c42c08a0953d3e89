#!/usr/bin/env bash
# ncu of one launch of each variant (cold, clocks locked by ncu)
cd "$(dirname "$0")"; OUT=$(realpath "$1"); B=/usr/local/cuda/bin
make -C ../common gen/q4_0-11008x4096/gemv.cu || exit 1
$B/nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -lineinfo -I.. -o pipe pipe.cu || exit 1
./pipe > $OUT/times-pipe.txt 2>&1
ONE=1 $B/ncu --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats --section Occupancy --section LaunchStats ./pipe > $OUT/ncu-pipe.txt 2>&1
cat $OUT/times-pipe.txt
grep -E "^  [a-z_]|pipe<|staged2<|Duration|DRAM Throughput|Memory Throughput  |Achieved Occupancy|Issued Warp|Stall|Eligible Warps|Registers Per|Block Limit" $OUT/ncu-pipe.txt | head -120
