"""Writes kf_call.c for a kernel emitted by `kforge emit` into DIR: the kernel source, then
kf_kforge_gemv(x, W, y, M, N, K) calling its entry with scratch buffers of its own (kernel.json
names the entry, its arguments and the buffers). Usage: python3 kf_call.py DIR > DIR/kf_call.c"""
import json
import sys

d = sys.argv[1]
k = json.load(open(f"{d}/kernel.json"))
disp = k["dispatches"][0]
files = [f for f in k.get("files", []) if f.endswith(".c")] or ["kernel.c"]
print(f'#include "{d}/{files[0]}"')
print(f"const char *kf_kforge_config = {json.dumps(json.dumps(k.get('config', {}), separators=(',', ':')))};")
print("void kf_kforge_gemv(const float *x, const void *W, float *y, int M, int N, int K) {")
named = {"x": "(void *)x", "W": "(void *)W", "y": "y", "M": "M", "N": "N", "K": "K"}
args = []
for a in disp["args"]:
    if a in named:
        args.append(named[a])
    else:
        # scratch (staged x codes, scales, sums): at most 4 bytes per element of x
        print(f"  static void *{a}; if (!{a}) {a} = aligned_alloc(64, ((size_t)M * K * 4 + 127) / 64 * 64);")
        args.append(a)
print(f"  {disp['entry']}({', '.join(args)});")
print("}")
