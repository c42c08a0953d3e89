"""Markdown table of run.sh's TSV: per case and implementation the median over passes of each pass's
median (and of its 10th percentile), GB/s over W + x + y at that median, kforge over each ggml path
(> 1: kforge is faster), probes, CPU time over wall time and the load. Usage: python3 summarize.py OUT.tsv"""
import csv
import statistics
import sys
from collections import defaultdict

rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
cases = defaultdict(lambda: defaultdict(list))
for r in rows:
    cases[(int(r["N"]), int(r["K"]), int(r["M"]))][r["impl"]].append(r)
med = lambda rs, k: statistics.median(float(r[k]) for r in rs)
print("| N x K | M | ggml-plain ms | ggml-repack ms | kforge ms | kforge GB/s | kforge vs repack (median / p10) | kforge vs plain | probe GB/s | CPU/wall | load | passes |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for (N, K, M), impl in sorted(cases.items(), key=lambda c: (-c[0][1], c[0][2])):
    p, rp, kf = impl["ggml-plain"], impl["ggml-repack"], impl["kforge"]
    probes = [float(r[k]) for r in p for k in ("probe_before_gbps", "probe_after_gbps")]
    loads = [float(r[k]) for r in p for k in ("load_before", "load_after")]
    cpu = [float(r["cpu_over_wall"]) for r in p + rp + kf]
    print(f"| {N}x{K} | {M} | {med(p, 'median_ms'):.3f} | {med(rp, 'median_ms'):.3f} | {med(kf, 'median_ms'):.3f} | {med(kf, 'gbps'):.1f} | "
          f"{med(rp, 'median_ms') / med(kf, 'median_ms'):.2f} / {med(rp, 'p10_ms') / med(kf, 'p10_ms'):.2f} | {med(p, 'median_ms') / med(kf, 'median_ms'):.2f} | "
          f"{min(probes):.1f}-{max(probes):.1f} | {min(cpu):.2f}-{max(cpu):.2f} | {min(loads):.1f}-{max(loads):.1f} | {len(kf)} |")
print()
print("kforge configs:", "; ".join(sorted({f"M {r['M']}: {r['config']}" for r in rows if r["impl"] == "kforge"})))
