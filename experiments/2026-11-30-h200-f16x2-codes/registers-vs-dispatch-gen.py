import json, os
ROOT = os.path.dirname(os.path.abspath(__file__))
def src(d):
    return open(os.path.join(ROOT, d, 'gemv.cu')).read().replace('extern "C" ', '').replace('#include <cuda_fp16.h>', '')
for w in ['q4_0', 'w4g128']:
    reg = json.load(open(f'{ROOT}/{w}-registers/kernel.json')); dis = json.load(open(f'{ROOT}/{w}-dispatch/kernel.json'))
    ins = [b for b in reg['buffers'] if b['role'] == 'in']
    def launches(meta, ns):
        out = []
        for d in meta['dispatches']:
            args = ', '.join(f'&buf_{a}' if any(b['name'] == a for b in meta['buffers']) else f'&{a}' for a in d['args'])
            out.append(f'  {{ void* a[] = {{ {args} }}; CK(cudaLaunchKernel((const void*){ns}::{d["entry"]}, dim3({d["grid"][0]}), dim3({d["workgroup"][0]}), a, 0, 0)); }}')
        return '\n'.join(out)
    allbufs = {b['name']: b['bytes'] for b in reg['buffers'] + dis['buffers']}
    text = f'''// registers (f16x2 codes with the f32 path under amax < 127/32768) vs dispatch (the f32 path) on x
// whose blocks are tiny, normal and near the switch: y must be bit-identical
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <vector>
#define CK(call) do {{ cudaError_t e_ = (call); if (e_ != cudaSuccess) {{ printf("%s: %s\\n", #call, cudaGetErrorString(e_)); exit(1); }} }} while (0)
namespace reg {{
{src(f"{w}-registers")}
}}
namespace dis {{
{src(f"{w}-dispatch")}
}}
int main() {{
  int M = 1, N = 1000, K = 4096;
  {" ".join(f"void* buf_{n}; CK(cudaMalloc(&buf_{n}, {sz}));" for n, sz in allbufs.items())}
  srand(7);
  std::vector<unsigned char> wb({allbufs["W"]}); for (auto& c : wb) c = rand() & 255;
  {"for (size_t b = 0; b < wb.size() / 18; b++) { __half d = __float2half(0.001f + 0.01f * (rand() / (float)RAND_MAX)); memcpy(&wb[b * 18], &d, 2); }" if w == "q4_0" else ""}
  CK(cudaMemcpy(buf_W, wb.data(), wb.size(), cudaMemcpyHostToDevice));
  {"std::vector<__half> sc(" + str(allbufs.get("W_scale", 0) // 2) + "), mn(sc.size()); for (size_t i = 0; i < sc.size(); i++) { sc[i] = __float2half(0.001f + 0.01f * (rand() / (float)RAND_MAX)); mn[i] = __float2half(0.01f * (rand() / (float)RAND_MAX - 0.5f)); } CK(cudaMemcpy(buf_W_scale, sc.data(), sc.size() * 2, cudaMemcpyHostToDevice)); CK(cudaMemcpy(buf_W_min, mn.data(), mn.size() * 2, cudaMemcpyHostToDevice));" if w == "w4g128" else ""}
  int fails = 0;
  for (int trial = 0; trial < 8; trial++) {{
    std::vector<__half> x(K); int slow = 0;
    for (int b = 0; b < K / 32; b++) {{
      // block scales from 2^-20 to 2^2 (amax around the 127/32768 switch in the middle of the range)
      const float s = ldexpf(1.0f, -20 + (b * 7 + trial * 3) % 23);
      float amax = 0;
      for (int i = 0; i < 32; i++) {{ float v = s * (2.0f * rand() / (float)RAND_MAX - 1.0f); x[b * 32 + i] = __float2half(v); amax = fmaxf(amax, fabsf(__half2float(x[b * 32 + i]))); }}
      if (amax / 127.0f > 0 && 1.0f / (amax / 127.0f) >= 32768.0f) slow++;
    }}
    CK(cudaMemcpy(buf_x, x.data(), K * 2, cudaMemcpyHostToDevice));
    std::vector<float> a(N), b(N);
    CK(cudaMemset(buf_y, 0xff, N * 4));
{launches(reg, "reg")}
    CK(cudaDeviceSynchronize()); CK(cudaMemcpy(a.data(), buf_y, N * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemset(buf_y, 0xff, N * 4));
{launches(dis, "dis")}
    CK(cudaDeviceSynchronize()); CK(cudaMemcpy(b.data(), buf_y, N * 4, cudaMemcpyDeviceToHost));
    int diff = 0; for (int n = 0; n < N; n++) diff += memcmp(&a[n], &b[n], 4) != 0;
    printf("{w} trial %d: %d of %d blocks on the f32 path, y differs in %d of %d rows (y[0] %g %g)\\n", trial, slow, K / 32, diff, N, a[0], b[0]);
    fails += diff != 0;
  }}
  return fails ? 1 : 0;
}}
'''
    open(f'{ROOT}/same-{w}.cu', 'w').write(text)
