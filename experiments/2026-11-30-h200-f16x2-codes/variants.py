#!/usr/bin/env python3
"""Hand-edited variants of emitted kernels: L2 bulk prefetch ahead, f16x2 x quantization, in-place high nibbles."""
import os, re, shutil, sys
ROOT = os.path.dirname(os.path.abspath(__file__))

HELP = r'''
__device__ __forceinline__ unsigned kq(unsigned u, __half2 id, __half2 mg) {
  const __half2 h = __hfma2(*reinterpret_cast<const __half2*>(&u), id, mg);
  return *reinterpret_cast<const unsigned*>(&h);
}
__device__ __forceinline__ unsigned dp4aus(unsigned a, unsigned b, unsigned c) {
  unsigned d; asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); return d;
}
'''

def hq(src):
    lines = src.split('\n'); out = []
    for l in lines:
        if re.match(r'\s+const float xt0_0_v\d+ = ', l) or re.match(r'\s+const unsigned int xt0_0_b\d+ = ', l):
            continue
        m = re.match(r'(\s+)const unsigned int xt0_0_w(\d) = ', l)
        if m:
            j = int(m.group(2)); t0, t1 = 2 * j, 2 * j + 1
            c = lambda t: f'xt0_0_xh_{t // 4}.{"xyzw"[t % 4]}'
            out.append(f'{m.group(1)}const unsigned int xt0_0_w{j} = __byte_perm(kq({c(t0)}, kq_id, kq_mg), kq({c(t1)}, kq_id, kq_mg), 0x6420);')
            continue
        out.append(l)
        if re.match(r'\s+const float xt0_0_id = ', l):
            out.append('    const __half2 kq_id = __float2half2_rn(xt0_0_id); const __half2 kq_mg = __float2half2_rn(1536.0f);')
    return '\n'.join(out)

LO = re.compile(r'__dp4a\(\(int\)\(\((\w+(?:\.\w)?) & 252645135u\)\), \(int\)\((\w+)\), ')
HI = re.compile(r'__dp4a\(\(int\)\(\(\((\w+(?:\.\w)?) >> 4u\) & 252645135u\)\), \(int\)\((\w+)\), ')

def nib(src):
    out = []
    for l in src.split('\n'):
        m = re.match(r'(\s+)const int (it0_0_\d+) = ', l)
        if m:
            lo, hi = LO.findall(l), HI.findall(l)
            assert len(lo) == 4 and len(hi) == 4, l
            h = '0u'
            for a, b in hi: h = f'dp4aus(({a} & 0xF0F0F0F0u), {b}, {h})'
            e = f'(((int){h}) >> 4)'
            for a, b in lo: e = f'__dp4a((int)({a} & 0x0F0F0F0Fu), (int)({b}), {e})'
            out.append(f'{m.group(1)}const int {m.group(2)} = {e};')
            continue
        out.append(l)
    return '\n'.join(out)

def pf(src, dist, slab):
    return src.replace('  kf_launch_dependents();\n', '  kf_launch_dependents();\n'
        f'  if (threadIdx.x == 0) {{ const unsigned pb = blockIdx.x + {dist}u; if (pb < gridDim.x) {{ const char* p = (const char*)W + (size_t)pb * {slab}u;'
        f' asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" :: "l"(p), "r"({slab}u) : "memory"); }} }}\n', 1)

def add_help(src):
    return src.replace('extern "C" __global__', HELP + '\nextern "C" __global__', 1)

def make(base, name, f):
    d = os.path.join(ROOT, f'{base}-{name}'); os.makedirs(d, exist_ok=True)
    shutil.copy(os.path.join(ROOT, 'src', base, 'kernel.json'), d)
    src = open(os.path.join(ROOT, 'src', base, 'gemv.cu')).read()
    new = f(add_help(src))
    open(os.path.join(d, 'gemv.cu'), 'w').write(new)

for base, slab in (('q4_0-11008x4096', 18432), ('w4g128-11008x4096', 16384)):
    make(base, 'base', lambda s: s)
    make(base, 'hq', hq)
    make(base, 'hqnib', lambda s: nib(hq(s)))
    for d in (256, 512, 768):
        make(base, f'pf{d}', lambda s, d=d: pf(s, d, slab))
    make(base, 'hqnibpf512', lambda s: pf(nib(hq(s)), 512, slab))
    make(base, 'hqnibpf768', lambda s: pf(nib(hq(s)), 768, slab))

def lb(src, n):
    return src.replace('__launch_bounds__(128)', f'__launch_bounds__(128, {n})', 1)

import shutil as _s
for d in os.listdir(ROOT):
    if d.endswith('pf256') or d.endswith('pf512') or d.endswith('pf768'):
        _s.rmtree(os.path.join(ROOT, d))
for base, blocks in (('q4_0-11008x4096', (6, 7)), ('w4g128-11008x4096', (5, 6))):
    for n in blocks:
        make(base, f'lb{n}', lambda s, n=n: lb(s, n))
        make(base, f'hqniblb{n}', lambda s, n=n: lb(nib(hq(s)), n))
