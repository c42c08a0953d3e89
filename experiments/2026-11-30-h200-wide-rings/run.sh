#!/usr/bin/env bash
# On the H200: bash run.sh OUT. Round 1 traced (cold x, then one x), round 1 again untraced; round 2 traced (one x), then
# untraced cold and one x. Afterwards: python3 phases.py times-traces-*.txt > phases.txt
cd "$(dirname "$0")"; OUT=$1; B=/usr/local/cuda/bin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $OUT/device.txt
$B/nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -o wide wide.cu 2> $OUT/build.txt || exit 1
TRACE=1 ./wide > $OUT/times-traces-round1-cold.txt; HOTX=1 TRACE=1 ./wide > $OUT/times-traces-round1-hotx.txt
./wide > $OUT/times-round1-cold.txt
ROUND=2 HOTX=1 TRACE=1 ./wide > $OUT/times-traces-round2-hotx.txt
ROUND=2 ./wide > $OUT/times-round2-cold.txt; ROUND=2 HOTX=1 ./wide > $OUT/times-round2-hotx.txt
