#!/usr/bin/env python3
"""Shrinks the outputs of the timed cases that name sampled rows (attention's o, up to 64 MB each) to
those rows, so that a run's results fit what the device tool brings back (run.sh calls it; numpy only).

usage: reduce_outputs.py PLAN_JSON PERF_RESULTS_DIR

For each timed case with 'sampleRows' whose <case>/o.npy exists: <case>/o_rows.npy holds the rows
(o viewed as [rows, Dv], f32), <case>/o_written.json whether every element of the whole o was written
and finite (the host poisons it with 0xFF, a NaN, before the run) and how many were not; o.npy is
then removed. tools/gpu/ingest.ts checks the rows against the float64 reference.
"""
import json
import os
import sys

import numpy as np


def main(plan_path, perf):
    plan = json.load(open(plan_path))
    for t in plan['timed']:
        rows = t.get('sampleRows')
        path = os.path.join(perf, t['case'], 'o.npy')
        if rows is None or not os.path.exists(path):
            continue
        o = np.load(path)
        dv = t['params']['Dv']
        bad = int(np.count_nonzero(~np.isfinite(o)))
        np.save(os.path.join(perf, t['case'], 'o_rows.npy'), o.reshape(-1, dv)[np.array(rows, dtype=np.int64)].astype(np.float32))
        with open(os.path.join(perf, t['case'], 'o_written.json'), 'w') as f:
            json.dump({'elements': int(o.size), 'not_finite': bad, 'all_finite': bad == 0}, f)
        os.remove(path)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
