#!/usr/bin/env python3
"""Split each traced launch of wide.cu into its phases: usage: phases.py TRACE_FILE...

The period T is the median time per launch of the graph; the trace is of one launch in its middle. From the trace:
wait -> x ready (median workgroup), x ready -> last chunk landed (median), last landed -> last workgroup's end, wait ->
last end, and T minus that: the time from this grid's last workgroup ending to the next grid's wait returning.
"""
import re
import sys

for path in sys.argv[1:]:
    print(f"== {path}")
    lines = open(path).read().split("\n")
    for name_line, trace in zip(lines, lines[1:]):
        m = re.match(r"(\S.*?)\s+([\d.]+) us", name_line)
        if not m or "trace" not in trace or "no wait" in m.group(1):
            continue
        ev = lambda k: [int(v) for v in re.search(k + r" min (-?\d+) med (-?\d+) max (-?\d+)", trace).groups()]
        last_end = int(re.search(r"last CTA end (\d+)", trace).group(1))
        wait, x, landed, end = ev("wait"), ev("x ready"), ev("last landed"), ev("end")
        period = float(m.group(2)) * 1000
        print(f"{m.group(1):30s} T {period:5.0f} ns | wait->x {x[1] - wait[1]:5d} | x->last landed {landed[1] - x[1]:5d}"
              f" | landed->end {end[2] - landed[1]:5d} | wait->last end {last_end - wait[1]:5d}"
              f" | end->next wait {period - (last_end - wait[1]):5.0f}")
