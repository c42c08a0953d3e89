# Included by every experiment's Makefile. nvcc 13 for sm_90 (the H200), as the recorded runs were built.
.DEFAULT_GOAL := all
.SECONDARY:  # keep the emitted kernels and copies make would take for intermediate files
EXPERIMENTS := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
COMMON := $(EXPERIMENTS)/common
GEN := $(COMMON)/gen
NVCC ?= $(if $(wildcard /usr/local/cuda/bin/nvcc),/usr/local/cuda/bin/nvcc,nvcc)
# -I$(EXPERIMENTS): `#include "common/gen/<case>/gemv.cu"` finds the kernel common/Makefile emitted
NVCCFLAGS ?= -O3 -std=c++17 -arch=sm_90
NVCCFLAGS += -I$(EXPERIMENTS)
PYTHON ?= python3

# the emitted kernel of a case of common/cases.tsv
$(GEN)/%/gemv.cu $(GEN)/%/kernel.json $(GEN)/%/base_gemv.cu: $(COMMON)/cases.tsv $(COMMON)/emit.sh
	$(MAKE) -C $(COMMON) gen/$*/gemv.cu

# build/<case>-base/: a copy of the emitted case, the folder the variant scripts and gen.py start from
build/%-base/kernel.json: $(GEN)/%/gemv.cu
	mkdir -p $(@D) && cp $(GEN)/$*/gemv.cu $(GEN)/$*/kernel.json $(@D)/

# the launch-overlap harness as the experiments ran it: plain, or with the output-hash patch
LAUNCH_OVERLAP := $(COMMON)/launch-overlap
build/gen.py: $(LAUNCH_OVERLAP)/gen.py
	mkdir -p $(@D) && cp $< $@
build/gen-output-hash.py: $(LAUNCH_OVERLAP)/gen.py $(LAUNCH_OVERLAP)/gen-output-hash.patch
	mkdir -p $(@D) && patch -s -o $@ $(LAUNCH_OVERLAP)/gen.py $(LAUNCH_OVERLAP)/gen-output-hash.patch

# every build/*/exp.cu and build/*/*/exp.cu gen.py wrote, compiled (a second make pass, once the folders exist)
EXPS = $(patsubst %.cu,%,$(wildcard build/*/exp.cu build/*/*/exp.cu))
build/%/exp: build/%/exp.cu
	$(NVCC) $(NVCCFLAGS) -o $@ $< 2> $(@D)/build.txt || { cat $(@D)/build.txt; exit 1; }
exps:
	+$(MAKE) $(EXPS)
clean:
	rm -rf build
.PHONY: exps clean
