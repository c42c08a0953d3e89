#!/usr/bin/env bash
cd "$(dirname "$0")"; OUT=$(realpath "$1"); B=/usr/local/cuda/bin
make -C ../common gen/q4_0-11008x4096/gemv.cu || exit 1
$B/nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -lineinfo -I.. -o pipe pipe.cu 2>/dev/null || exit 1
for v in "ws C8 RPW1 8 st" "tma2 W8 RPW4" "tma read only"; do
  ONLY="$v" ONE=1 $B/ncu --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section Occupancy --section SourceCounters -k regex:'ws|pipe_tma' ./pipe > "$OUT/ncu-${v// /_}.txt" 2>&1
done
for f in $OUT/ncu-*.txt; do echo "== $f"; grep -E "Duration|DRAM Throughput|Issued Warp|Eligible Warps|Warp Cycles Per Issued|Achieved Active Warps|stall|Stall" "$f" | head -20; done
