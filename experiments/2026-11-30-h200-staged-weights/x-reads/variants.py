#!/usr/bin/env python3
"""The emitted q4_0 / w4g128 11008x4096 kernels (CASE-base/gemv.cu + kernel.json from `kforge emit`) with x read from
one of 64 copies per workgroup (xspread: the same 8 KB spread over 64x more L2 lines) or not read at all (nox: x words
made from the thread index, the bound of taking x off the critical path). Timed with launch-overlap/gen.py + ../gen-output-hash.patch."""
import json, os, re
for case in ['q4_0-11008x4096', 'w4g128-11008x4096']:
    src = open(case + '-base/gemv.cu').read()
    meta = json.load(open(case + '-base/kernel.json'))
    def write(name, s, m):
        os.makedirs(name, exist_ok=True)
        open(name + '/gemv.cu', 'w').write(s)
        json.dump(m, open(name + '/kernel.json', 'w'))
    spread = src.replace('  kf_launch_dependents();\n', '  kf_launch_dependents();\n  x += (blockIdx.x & 63) * (K / 2);\n', 1)
    meta_spread = json.loads(json.dumps(meta))
    for b in meta_spread['buffers']:
        if b['name'] == 'x':
            b['bytes'] *= 64
    write(case + '-xspread', spread, meta_spread)
    nox = re.sub(r'\(\*\(const uint4\*\)\(&x\[([^;]*)\]\)\);',
                 r'make_uint4(0x3c003c00u ^ (unsigned)tid, 0x3c003c01u, 0x3c013c00u, 0x3c003c00u ^ (unsigned)chunk);', src)
    write(case + '-nox', nox, meta)
