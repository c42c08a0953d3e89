#!/usr/bin/env python3
"""Make W-11008x4096-xready/ from W-11008x4096-base/ (gemv.cu + kernel.json from `kforge emit gemv --target cuda
--params '{"M":1,"N":11008,"K":4096,"weight":"W","act":"f16"}' --out W-11008x4096-base`, W = q4_0, w4g128):
the emitted kernel for an x written before the previous launch. The wait inside the K loop (before x is read) is
dropped and x is read through __restrict__; the wait before the reduction and the stores of y stays, so the launch
still ends after the previous one."""
import os
import shutil

ROOT = os.path.dirname(os.path.abspath(__file__))
for weight in ("q4_0", "w4g128"):
    base, out = (os.path.join(ROOT, f"{weight}-11008x4096-{k}") for k in ("base", "xready"))
    lines = open(os.path.join(base, "gemv.cu")).read().split("\n")
    in_loop = [i for i, l in enumerate(lines) if l == "    kf_wait_previous_grid();"]
    assert len(in_loop) == 1, in_loop
    del lines[in_loop[0]]
    src = "\n".join(lines).replace("(const unsigned int* x,", "(const unsigned int* __restrict__ x,")
    os.makedirs(out, exist_ok=True)
    open(os.path.join(out, "gemv.cu"), "w").write(src)
    shutil.copy(os.path.join(base, "kernel.json"), out)
    print("wrote", out)
