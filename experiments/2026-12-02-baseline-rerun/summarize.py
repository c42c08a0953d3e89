#!/usr/bin/env python3
"""Per run and case of kforge bench JSON files: kforge's median and bandwidth (and its fraction of the
run's read probe), each baseline's median, kforge's speedup over it (baseline time / kforge time, as
the bench's `speedup`), the threads it used of those it was labelled with and its flag, and the load.
Usage: summarize.py RUN.json [RUN.json ...]  (Markdown on stdout)"""
import json
import sys


def fmt_ms(ms):
    return f"{ms * 1000:.1f} us" if ms < 1 else f"{ms:.3f} ms"


def main(paths):
    for path in paths:
        with open(path) as f:
            d = json.load(f)
        p = d["provenance"]
        m = p["machine"]
        probes = ", ".join(f"{c['when']} {c['gbps']:.1f} GB/s" for c in d["ceilings"] if c["name"] == "read_probe")
        la = p.get("load_average", {})
        print(f"## {path}\n")
        print(f"`{' '.join(p['command'])}`; {p['started_at']} to {p['finished_at']}; {m['cpu_model']}, {m['cores']} cores, "
              f"ISA {' '.join(m['isa_flags'])}; commit {p['build_commit'][:8]}{' (dirty)' if p.get('build_dirty') else ''}; "
              f"read probe {probes}; load average {la.get('start')} at the start, {la.get('end')} at the end"
              f"{'; LOADED (not a record)' if p.get('loaded') else ''}\n")
        impls = []
        for r in d["results"]:
            for x in r["measurements"][1:]:
                if x["impl"] not in impls:
                    impls.append(x["impl"])
        head = ["case", "kforge", "GB/s", "of the run's probe"] + [f"{i} (speedup, threads used)" for i in impls] + ["load before/after", "notes"]
        print("| " + " | ".join(head) + " |")
        print("|" + " --- |" * len(head))
        for r in d["results"]:
            if r["status"] != "ok":
                print(f"| {r['id']} | {r['status']} | | |" + " |" * len(impls) + f" | {r.get('reason') or ''} |")
                continue
            k = r["measurements"][0]
            cells = [r["id"], fmt_ms(k["median_ms"]), f"{k['gbps']:.1f}", f"{100 * k['fraction_of_ceiling']:.0f}%"]
            flags = []
            for i in impls:
                x = next((y for y in r["measurements"] if y["impl"] == i), None)
                if x is None:
                    cells.append("-")
                    continue
                used = x.get("threads_used")
                req = x.get("threads_requested")
                threads = f"{used:.2f} of {req}" if used is not None else "not recorded"
                cells.append(f"{fmt_ms(x['median_ms'])} ({r['speedup'].get(i, float('nan')):.2f}x, {threads})")
                if x.get("threads_unreliable"):
                    flags.append(x["threads_unreliable"])
            load = r.get("load_average") or {}
            cells.append(f"{(load.get('before') or ['-'])[0]} / {(load.get('after') or ['-'])[0]}")
            if r.get("loaded"):
                flags.append("loaded")
            if r.get("reason"):
                flags.append(r["reason"])
            cells.append("; ".join(flags))
            print("| " + " | ".join(cells) + " |")
        print()


def measurement(result, impl):
    return next((m for m in result["measurements"] if m["impl"] == impl), None)


def describe_baseline(result, impl, label):
    m = measurement(result, impl)
    if m is None:
        return f"{label} not timed"
    used = m.get("threads_used")
    flag = " FLAGGED" if m.get("threads_unreliable") else ""
    return f"{result['speedup'][impl]:.2f}x {label} ({used:.2f} of {m.get('threads_requested')} threads{flag})" if used is not None else f"{result['speedup'][impl]:.2f}x {label}"


def span(values):
    values = [v for v in values if v is not None]
    return f"{min(values):.2f} to {max(values):.2f}x" if values else "none"


def doc_values(paths):
    """The figures the documents quote, from runs named as run.sh names them (avx2-decode, avx2-large, avx512-large)."""
    runs = {}
    for path in paths:
        name = path.rsplit("/", 1)[-1].removesuffix(".json")
        with open(path) as f:
            runs[name] = {r["id"]: r for r in json.load(f)["results"] if r["status"] == "ok"}
    print("## Values for the documents (placement protocol, this machine)\n")
    decode = runs.get("avx2-decode")
    if decode:
        r = decode.get("gemv/down_proj/1024x3072/M1/f32")
        if r:
            k = r["measurements"][0]
            print(f"- README highlights, f32 1024x3072 (down_proj): {k['gbps']:.1f} GB/s, {100 * k['fraction_of_ceiling']:.0f}% of the read probe | "
                  f"{describe_baseline(r, 'openblas', 'OpenBLAS `sgemv`')}, {describe_baseline(r, 'naive-c', 'naive C')}, {describe_baseline(r, 'ggml', 'ggml')}")
        r = decode.get("gemv/lm_head/151936x1024/M1/q4_0")
        if r:
            k = r["measurements"][0]
            print(f"- README highlights, q4_0 151936x1024 (lm_head): {k['median_ms']:.2f} ms, {k['gbps']:.1f} GB/s | "
                  f"{describe_baseline(r, 'naive-c', 'naive C')}, {describe_baseline(r, 'ggml', 'ggml')} (no quantized OpenBLAS)")
        f32 = [r for i, r in decode.items() if i.endswith("/f32")]
        print(f"- docs/benchmarks/README 'What it shows': f32 {span([r['speedup'].get('openblas') for r in f32])} OpenBLAS `sgemv`; "
              f"every format {span([r['speedup'].get('naive-c') for r in decode.values()])} naive C; "
              f"ggml {span([r['speedup'].get('ggml') for r in decode.values()])}")
    for name, doc in (("avx2-large", "docs/performance-cpu.md"), ("avx512-large", "docs/results 2026-11-29-h200-int8 / -h200-sweeps / 2026-11-30-h200-quantize-x")):
        run = runs.get(name)
        if not run:
            continue
        print(f"- {doc} ({name}):")
        for fmt in ("f32", "bf16", "q8_0", "q4_0"):
            rs = [r for i, r in run.items() if i.endswith(f"/{fmt}")]
            if not rs:
                continue
            fractions = ", ".join("%.0f%%" % (100 * r["measurements"][0]["fraction_of_ceiling"]) for r in rs)
            parts = [f"kforge {fractions} of the probe"]
            for impl in ("openblas", "ggml"):
                if any(measurement(r, impl) for r in rs):
                    parts.append(f"{span([r['speedup'].get(impl) for r in rs])} {impl}")
            shapes = ", ".join(r["id"].split("/")[2] for r in rs)
            print(f"  - {fmt} ({shapes}): {'; '.join(parts)}")
    print()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1:])
    doc_values(sys.argv[1:])
