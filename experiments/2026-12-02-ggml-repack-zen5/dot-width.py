"""Table of dot-width.sh's runs: per format, shape and M, dot_width 256 against 512 timed in the same
run (interleaved): median ms, and the 10th percentile of the samples (on a shared machine the lower
tail is what time slicing disturbs least), their ratios (> 1: 512 is faster), the run's read probe
and the 1-minute load before the case. Usage: python3 dot-width.py OUTDIR"""
import glob
import json
import sys


def p10(m):
    s = sorted(m["samples_ms"])
    return s[int(0.1 * len(s))]


print("| format | N x K | M | 256 median ms | 512 median ms | 256/512 median | 256 p10 ms | 512 p10 ms | 256/512 p10 | probe GB/s | load |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for path in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    f = json.load(open(path))
    r = f["results"][0]
    if r["status"] != "ok":
        print(f"| {path} | not timed: {r['status']} {r['reason']} |")
        continue
    w = {int(m["configuration"].get("dot_width", 256)): m for m in r["measurements"]}
    a, b = w[256], w[512]
    p = r["params"]
    load = r.get("load_average", {}).get("before", [float("nan")])[0]
    print(f"| {p['weight']} | {p['N']}x{p['K']} | {p['M']} | {a['median_ms']:.4f} | {b['median_ms']:.4f} | {a['median_ms'] / b['median_ms']:.2f} | "
          f"{p10(a):.4f} | {p10(b):.4f} | {p10(a) / p10(b):.2f} | {f['ceiling_gbps']:.1f} | {load:.1f} |")
