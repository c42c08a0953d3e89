#!/usr/bin/env python3
"""The emitted q4_0 / w4g128 11008x4096 kernels (CASE-base/gemv.cu + kernel.json from `kforge emit`, as in
../../2026-11-30-h200-staged-weights/experiments/x-reads) with x prefetched into L2 at the top of the kernel, before the
weight loads and the grid wait (safe: L2 is the device's point of coherence, the previous grid's writes land there):
pfB one bulk prefetch of all of x per workgroup, pfS one 128-byte line per workgroup (the first 64 workgroups cover x),
pfT each thread its own 64 bytes (q4_0: thread t reads x block t). Timed with launch-overlap/gen.py + gen-output-hash.patch."""
import json, os
PREFETCH = {
    'pfB': '  if (threadIdx.x == 0) asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(x), "r"(K * 2 * M) : "memory");',
    'pfS': '  if (threadIdx.x == 0) asm volatile("prefetch.global.L2 [%0];" :: "l"((const char*)x + (blockIdx.x % (K * 2 * M / 128)) * 128) : "memory");',
    'pfT': '  asm volatile("prefetch.global.L2 [%0];" :: "l"(&x[threadIdx.x * 16]) : "memory");',
}
for case in ['q4_0-11008x4096', 'w4g128-11008x4096']:
    src = open(case + '-base/gemv.cu').read()
    meta = json.load(open(case + '-base/kernel.json'))
    for name, line in PREFETCH.items():
        if name == 'pfT' and not case.startswith('q4_0'):
            continue
        os.makedirs(f'{case}-{name}', exist_ok=True)
        open(f'{case}-{name}/gemv.cu', 'w').write(src.replace('  kf_launch_dependents();\n', '  kf_launch_dependents();\n' + line + '\n', 1))
        json.dump(meta, open(f'{case}-{name}/kernel.json', 'w'))
