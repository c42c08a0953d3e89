#!/usr/bin/env python3
"""One line per moe case of kforge bench results: kforge's median, its figure against the probe the
same run measured, ggml's and naive-c's medians and kforge's speed over each (their time over kforge's).
   python3 summarize.py bench.json [more.json ...]   (several files: the median of each number over them)"""
import json
import statistics
import sys

files = [json.load(open(p)) for p in sys.argv[1:]]
if not files:
    sys.exit(__doc__)


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


rows = {}
for f in files:
    for r in f["results"]:
        if r["status"] != "ok":
            rows.setdefault(r["id"], {"status": f"{r['status']}: {r['reason']}"})
            continue
        row = rows.setdefault(r["id"], {"figure": r.get("figure", "gbps"), "load": []})
        row["load"] += r.get("load_average", {}).get("before", [None])[:1] + r.get("load_average", {}).get("after", [None])[:1]
        for m in r["measurements"]:
            d = row.setdefault(m["impl"], {"ms": [], "gbps": [], "frac": [], "gflops": [], "fma": [], "used": [], "bytes": []})
            d["ms"].append(m["median_ms"]); d["gbps"].append(m["gbps"]); d["frac"].append(m["fraction_of_ceiling"])
            d["gflops"].append(m["gflops"]); d["fma"].append(m.get("fraction_of_fma_peak")); d["used"].append(m.get("threads_used")); d["bytes"].append(m["bytes_moved"])

probes = [c["gbps"] for f in files for c in f["ceilings"] if c["name"] == "read_probe"]
fma = [c["gflops"] for f in files for c in f.get("compute_ceilings", [])]
print(f"{len(files)} run(s); read probe {min(probes):.1f}-{max(probes):.1f} GB/s" + (f", FMA probe {min(fma):.0f}-{max(fma):.0f} GFLOP/s" if fma else ""))
print()
print("| case | counted MB | kforge ms | kforge figure | of probe | ggml ms | kforge/ggml | naive-c ms | kforge/naive-c | ggml threads used | load (1 min) |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
for cid, row in rows.items():
    if "status" in row:
        print(f"| {cid} | {row['status']} |||||||||")
        continue
    k = row["kforge"]
    g = row.get("ggml")
    n = row.get("naive-c")
    kms = med(k["ms"])
    gb = row["figure"] == "gbps"
    fig = f"{med(k['gbps']):.1f} GB/s" if gb else f"{med(k['gflops']):.1f} GFLOP/s"
    frac = med(k["frac"]) if gb else med(k["fma"])
    frac_s = f"{100 * frac:.0f}% {'read' if gb else 'FMA'}" if frac is not None else "-"
    gms = med(g["ms"]) if g else None
    nms = med(n["ms"]) if n else None
    used = med(g["used"]) if g else None
    load = [x for x in row["load"] if x is not None]
    print(f"| {cid} | {med(k['bytes']) / 1e6:.1f} | {kms:.3f} | {fig} | {frac_s} | "
          + (f"{gms:.3f} | **{gms / kms:.2f}x** | " if gms else "- | - | ")
          + (f"{nms:.3f} | {nms / kms:.1f}x | " if nms else "- | - | ")
          + (f"{used:.2f} | " if used is not None else "- | ")
          + (f"{min(load):.1f}-{max(load):.1f} |" if load else "- |"))
