#!/usr/bin/env bash
# On the H200: bash run.sh OUT. Round 1 traced (cold x, then one x), round 1 again untraced; round 2 traced (one x), then
# untraced cold and one x. Afterwards: python3 phases.py times-traces-*.txt > phases.txt. x-ready/: build/x-ready/*/exp
# (Makefile), each run twice: for r in 1 2; do for d in build/x-ready/*/; do ./$d/exp | grep -E 'check|"gemv\+pdl|"read\+pdl'; done; done
cd "$(dirname "$0")"; OUT=$(realpath "$1"); B=/usr/local/cuda/bin
make -j"$(nproc)" > $OUT/build.txt 2>&1 || exit 1; cd build  # the programs and variants (Makefile), then run from build/
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $OUT/device.txt
TRACE=1 ./wide > $OUT/times-traces-round1-cold.txt; HOTX=1 TRACE=1 ./wide > $OUT/times-traces-round1-hotx.txt
./wide > $OUT/times-round1-cold.txt
ROUND=2 HOTX=1 TRACE=1 ./wide > $OUT/times-traces-round2-hotx.txt
ROUND=2 ./wide > $OUT/times-round2-cold.txt; ROUND=2 HOTX=1 ./wide > $OUT/times-round2-hotx.txt
