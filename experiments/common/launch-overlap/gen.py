#!/usr/bin/env python3
"""Experiment: per-launch time of kforge gemv kernels in a graph of back-to-back launches, plain vs
programmatic dependent launch (weights loaded before griddepcontrol.wait), plus a pure read kernel of
the same bytes. Writes CASE/exp.cu for every case dir holding gemv.cu + kernel.json."""
import json, os, re, sys

ROOT = os.path.dirname(os.path.abspath(__file__))
NON_WEIGHT = re.compile(r'\b(x|xq|xs|bias)\[|\by\[')


def transform(src: str, pdl: bool) -> str:
    src = src.replace('extern "C" ', '').replace('#include <cuda_fp16.h>', '')
    if not pdl:
        return src
    out, in_kernel, waited = [], False, False
    for line in src.split('\n'):
        if '__global__' in line:
            out.append(line)
            out.append('  asm volatile("griddepcontrol.launch_dependents;");')
            in_kernel, waited = True, False
            continue
        if in_kernel and NON_WEIGHT.search(line) and '__global__' not in line:
            # every read of a produced input and every store waits (idempotent after the first)
            out.append('  asm volatile("griddepcontrol.wait;" ::: "memory");')
        if in_kernel and line.startswith('  __shared__ float red'):
            out.append('  asm volatile("griddepcontrol.wait;" ::: "memory");')
        out.append(line)
    return '\n'.join(out)


HOST = r'''
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#define CK(call) do { cudaError_t ce_ = (call); if (ce_ != cudaSuccess) { fprintf(stderr, "%%s: %%s\n", #call, cudaGetErrorString(ce_)); exit(1); } } while (0)
namespace plain {
%(plain)s
}
namespace pdl {
%(pdl)s
}
__global__ void read_plain(const uint4* __restrict__ p, long n16, unsigned* out) {
  unsigned acc = 0;
  long i = (long)blockIdx.x * blockDim.x * 4 + threadIdx.x;
  uint4 v[4];
#pragma unroll
  for (int u = 0; u < 4; u++) v[u] = i + u * blockDim.x < n16 ? p[i + u * blockDim.x] : make_uint4(0, 0, 0, 0);
#pragma unroll
  for (int u = 0; u < 4; u++) acc ^= v[u].x ^ v[u].y ^ v[u].z ^ v[u].w;
  if (acc == 0x9e3779b9u) out[blockIdx.x] = acc;
}
__global__ void read_pdl(const uint4* __restrict__ p, long n16, unsigned* out) {
  asm volatile("griddepcontrol.launch_dependents;");
  unsigned acc = 0;
  long i = (long)blockIdx.x * blockDim.x * 4 + threadIdx.x;
  uint4 v[4];
#pragma unroll
  for (int u = 0; u < 4; u++) v[u] = i + u * blockDim.x < n16 ? p[i + u * blockDim.x] : make_uint4(0, 0, 0, 0);
#pragma unroll
  for (int u = 0; u < 4; u++) acc ^= v[u].x ^ v[u].y ^ v[u].z ^ v[u].w;
  asm volatile("griddepcontrol.wait;" ::: "memory");
  if (acc == 0x9e3779b9u) out[blockIdx.x] = acc;
}
static const int NBUF = %(nbuf)d;
static const size_t bytes[NBUF] = { %(bytes)s };
static const int is_in[NBUF] = { %(isin)s };
static int M = %(M)d, N = %(N)d, K = %(K)d;
static void **bufs;

static void launch(void *fn, dim3 g, dim3 b, void **args, cudaStream_t s, bool pdl) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = g; cfg.blockDim = b; cfg.stream = s;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = attr; cfg.numAttrs = pdl ? 1 : 0;
  CK(cudaLaunchKernelExC(&cfg, fn, args));
}
static void launch_all(int c, cudaStream_t s, bool pdl) {
  void **set = bufs + (size_t)c * NBUF;
  (void)set;
%(launches)s
}
static void launch_read(int c, cudaStream_t s, bool pdl, long n16, unsigned *out) {
  void **set = bufs + (size_t)c * NBUF;
  const uint4 *p = (const uint4 *)set[%(wbuf)d];
  void *args[] = { &p, &n16, &out };
  long blocks = (n16 + 1023) / 1024;
  launch(pdl ? (void *)read_pdl : (void *)read_plain, dim3((unsigned)blocks), dim3(256), args, s, pdl);
}
static double time_graph(int copies, cudaStream_t s, int mode, bool pdl, long n16, unsigned *out) {
  cudaGraph_t g; cudaGraphExec_t e;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  for (int c = 0; c < copies; c++) { if (mode == 0) launch_all(c, s, pdl); else launch_read(c, s, pdl, n16, out); }
  CK(cudaStreamEndCapture(s, &g));
  CK(cudaGraphInstantiate(&e, g, 0));
  for (int i = 0; i < 5; i++) CK(cudaGraphLaunch(e, s));
  CK(cudaStreamSynchronize(s));
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  std::vector<double> t;
  for (int i = 0; i < 60; i++) {
    CK(cudaEventRecord(a, s)); CK(cudaGraphLaunch(e, s)); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
    float ms; CK(cudaEventElapsedTime(&ms, a, b)); t.push_back(ms * 1e3 / copies);
  }
  std::sort(t.begin(), t.end());
  CK(cudaGraphExecDestroy(e)); CK(cudaGraphDestroy(g));
  return t[t.size() / 2];
}
int main() {
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  size_t in_bytes = 0; for (int b = 0; b < NBUF; b++) if (is_in[b]) in_bytes += bytes[b];
  int copies = (int)(((size_t)1 << 30) / in_bytes + 1); if (copies < 2) copies = 2;
  bufs = (void **)calloc((size_t)copies * NBUF, sizeof(void *));
  for (int c = 0; c < copies; c++) for (int b = 0; b < NBUF; b++) {
    if (c == 0 || is_in[b]) { CK(cudaMalloc(&bufs[c * NBUF + b], bytes[b])); CK(cudaMemset(bufs[c * NBUF + b], 0x11, bytes[b])); }
    else bufs[c * NBUF + b] = bufs[b];
  }
  unsigned *out; CK(cudaMalloc(&out, 1 << 24));
  // copy probe, as the bundle: 1 GiB device to device, bytes read + written
  void *src, *dst; size_t cb = (size_t)1 << 30; CK(cudaMalloc(&src, cb)); CK(cudaMalloc(&dst, cb));
  std::vector<double> ct;
  for (int i = 0; i < 20; i++) {
    cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    CK(cudaEventRecord(a, s)); CK(cudaMemcpyAsync(dst, src, cb, cudaMemcpyDeviceToDevice, s)); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
    float ms; CK(cudaEventElapsedTime(&ms, a, b)); ct.push_back(2.0 * cb / (ms * 1e-3) / 1e9);
  }
  std::sort(ct.begin(), ct.end());
  double copy_gbps = ct[ct.size() / 2];
  CK(cudaFree(src)); CK(cudaFree(dst));
  long n16 = (long)(bytes[%(wbuf)d] / 16);
  double wb = (double)%(moved)s;
  const char *names[4] = { "gemv", "gemv+pdl", "read", "read+pdl" };
  for (int v = 0; v < 4; v++) {
    double us = time_graph(copies, s, v / 2, v %% 2, n16, out);
    double moved = v / 2 ? (double)bytes[%(wbuf)d] : wb;
    printf("{\"case\":\"%(case)s\",\"variant\":\"%%s\",\"us\":%%.3f,\"MB\":%%.1f,\"gbps\":%%.0f,\"copy_gbps\":%%.0f,\"pct_copy\":%%.1f,\"copies\":%%d}\n",
           names[v], us, moved / 1e6, moved / us / 1e3, copy_gbps, 100.0 * moved / us / 1e3 / copy_gbps, copies);
  }
  CK(cudaDeviceSynchronize());
  return 0;
}
'''


def main():
    for case in sorted(os.listdir(ROOT)):
        d = os.path.join(ROOT, case)
        if not os.path.isfile(os.path.join(d, 'kernel.json')):
            continue
        meta = json.load(open(os.path.join(d, 'kernel.json')))
        src = open(os.path.join(d, 'gemv.cu')).read()
        bufs = meta['buffers']
        idx = {b['name']: i for i, b in enumerate(bufs)}
        p = meta['params']
        launches = []
        for disp in meta['dispatches']:
            args = []
            for a in disp['args']:
                if a in idx:
                    args.append(f'&set[{idx[a]}]')
                else:
                    args.append('&' + a)
            g, w = disp['grid'], disp['workgroup']
            launches.append(
                f'  {{ void *args[] = {{ {", ".join(args)} }}; launch(pdl ? (void *)pdl::{disp["entry"]} : (void *)plain::{disp["entry"]}, '
                f'dim3({g[0]}, {g[1]}, {g[2]}), dim3({w[0]}, {w[1]}, {w[2]}), args, s, pdl); }}')
        moved = sum(b['bytes'] for b in bufs if b['role'] in ('in', 'out'))
        text = HOST % {
            'plain': transform(src, False), 'pdl': transform(src, True), 'nbuf': len(bufs),
            'bytes': ', '.join(f'{b["bytes"]}u' for b in bufs), 'isin': ', '.join('1' if b['role'] == 'in' else '0' for b in bufs),
            'M': p['M'], 'N': p['N'], 'K': p['K'], 'launches': '\n'.join(launches), 'wbuf': idx['W'], 'moved': moved, 'case': case,
        }
        open(os.path.join(d, 'exp.cu'), 'w').write(text)
        print('wrote', case)


main()
