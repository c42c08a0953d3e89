#!/usr/bin/env python3
"""Per case of a run.sh output: the median over passes of each pass's median (and the spread of those),
the best pass, KV GB/s and GFLOP/s at the median, the probes' range, as a Markdown table."""
import statistics
import sys
from collections import defaultdict

rows = [line.rstrip('\n').split('\t') for line in open(sys.argv[1])]
head, body = rows[0], rows[1:]
col = {name: i for i, name in enumerate(head)}
cases = defaultdict(list)
for r in body:
    cases[tuple(r[col[c]] for c in ('mode', 'Hq', 'Hkv', 'D', 'Sq', 'Skv', 'kv', 'layout'))].append(r)
print('| model | case | ggml path | KV layout | passes | median ms (range over passes) | KV GB/s | GFLOP/s | probe GB/s | nmse |')
print('| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for key, rs in cases.items():
    mode, hq, hkv, d, sq, skv, kv, layout = key
    meds = [float(r[col['median_ms']]) for r in rs]
    med = statistics.median(meds)
    kv_bytes = float(rs[0][col['kv_gbps']]) * float(rs[0][col['median_ms']]) * 1e6
    flops = float(rs[0][col['gflops']]) * float(rs[0][col['median_ms']]) * 1e6
    probes = [float(r[col[c]]) for r in rs for c in ('probe_before_gbps', 'probe_after_gbps')]
    model = 'Qwen3-0.6B' if hq == '16' else 'Qwen3-30B-A3B'
    what = f'decode Skv {skv}' if sq == '1' else f'prefill causal S {sq}'
    print(f'| {model} | {what} {kv} KV | {"flash_attn_ext" if mode == "flash" else "mul_mat+soft_max+mul_mat"} | {layout} | {len(rs)} | '
          f'{med:.3f} ({min(meds):.3f}-{max(meds):.3f}) | {kv_bytes / (med * 1e6):.1f} | {flops / (med * 1e6):.1f} | '
          f'{min(probes):.1f}-{max(probes):.1f} | {max(float(r[col["nmse"]]) for r in rs):.1e} |')
