#!/usr/bin/env python3
"""Hand variants: the workgroup's weight slab staged in shared memory before griddepcontrol.wait."""
import os, re, shutil
ROOT = os.path.dirname(os.path.abspath(__file__))
# per buffer: words per row (K=4096), per-thread uint4 count (128 threads, 8 rows)
PLANS = {
  'q4_0-11008x4096': [('W', '(((K / 32) * 18) >> 2)', 9)],
  'w4g128-11008x4096': [('W', '(K / 8)', 8), ('W_scale', '(K / 256)', 0), ('W_min', '(K / 256)', 0)],
}
def variant(case, name, lb=None):
    src = open(os.path.join(ROOT, case + '-base', 'gemv.cu')).read()
    stage = []
    for buf, rw, n16 in PLANS[case]:
        words = 512 * n16 if n16 else 128
        stage.append(f'  __shared__ __align__(16) unsigned int s_{buf}[{words}];')
        stage.append('  {')
        if n16:
            stage.append(f'    const uint4* g = (const uint4*)({buf} + row_0 * {rw}); uint4* s = (uint4*)s_{buf}; uint4 v[{n16}];')
            stage.append(f'#pragma unroll\n    for (int u = 0; u < {n16}; u++) v[u] = g[tid + 128 * u];')
            stage.append(f'#pragma unroll\n    for (int u = 0; u < {n16}; u++) s[tid + 128 * u] = v[u];')
        else:
            stage.append(f'    s_{buf}[tid] = {buf}[row_0 * {rw} + tid];')
        stage.append('  }')
    stage.append('  __syncthreads();')
    for buf, rw, _ in PLANS[case]:
        stage.append(f'  const unsigned int* {buf}s = s_{buf} - row_0 * {rw};')
    lines = src.split('\n'); out = []
    for line in lines:
        if line.strip().startswith('float acc_0_0'):
            out.extend(stage)
        if 'const uint4 wt' in line or ' wt0_' in line:
            for buf, _, _ in PLANS[case]:
                line = re.sub(r'\b' + buf + r'\[', buf + 's[', line)
        out.append(line)
    src = '\n'.join(out)
    if lb:
        src = src.replace('__launch_bounds__(128)', f'__launch_bounds__(128, {lb})')
    d = os.path.join(ROOT, f'{case}-{name}'); os.makedirs(d, exist_ok=True)
    open(os.path.join(d, 'gemv.cu'), 'w').write(src)
    shutil.copy(os.path.join(ROOT, case + '-base', 'kernel.json'), d)
for case in PLANS:
    variant(case, 'stage')
    variant(case, 'stage-lb6', 6)
    variant(case, 'stage-lb8', 8)
