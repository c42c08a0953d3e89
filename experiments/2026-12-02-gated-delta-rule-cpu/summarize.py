#!/usr/bin/env python3
"""Per implementation and case of a run.sh output: the median over passes of each pass's median (and
their range), GFLOP/s and state GB/s at that median, the probes' range, the worst nmse, as Markdown."""
import statistics
import sys
from collections import defaultdict

rows = [line.rstrip('\n').split('\t') for line in open(sys.argv[1])]
head, body = rows[0], rows[1:]
col = {name: i for i, name in enumerate(head)}
cases = defaultdict(list)
for r in body:
    cases[tuple(r[col[c]] for c in ('impl', 'Hk', 'Hv', 'D', 'T', 'residency'))].append(r)
print('| impl | heads qk/v | T | residency | passes | median ms (range over passes) | GFLOP/s | state GB/s | read probe GB/s | cache probe GB/s | threads used | nmse o |')
print('| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for key, rs in cases.items():
    impl, hk, hv, d, t, residency = key
    meds = [float(r[col['median_ms']]) for r in rs]
    med = statistics.median(meds)
    scale = lambda name: float(rs[0][col[name]]) * float(rs[0][col['median_ms']]) / med
    probes = [float(r[col[c]]) for r in rs for c in ('probe_before_gbps', 'probe_after_gbps')]
    caches = [float(r[col[c]]) for r in rs for c in ('cache_before_gbps', 'cache_after_gbps')]
    used = statistics.median(float(r[col['threads_used']]) for r in rs)
    print(f'| {impl} | {hk}/{hv} | {t} | {residency} | {len(rs)} | {med:.4f} ({min(meds):.4f}-{max(meds):.4f}) | '
          f'{scale("gflops"):.1f} | {scale("state_gbps"):.1f} | {min(probes):.1f}-{max(probes):.1f} | {min(caches):.1f}-{max(caches):.1f} | '
          f'{used:.2f} | {max(float(r[col["nmse_o"]]) for r in rs):.1e} |')
