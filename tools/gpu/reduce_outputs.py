#!/usr/bin/env python3
"""Shrinks the outputs of the timed cases that name sampled rows (attention's o, up to 64 MB each;
gated_delta_rule's o and its state s) to those rows, so that a run's results fit what the device tool
brings back (run.sh calls it; numpy only).

usage: reduce_outputs.py PLAN_JSON PERF_RESULTS_DIR

For each timed case with 'sampleRows': its sampled output (sampleOutput, default o; rows of
sampleRowLength elements, default params Dv) becomes <case>/<output>_rows.npy (those rows, f32), and
<case>/<output>_written.json says whether every element of the whole output was written and finite (the
host poisons outputs with 0xFF, a NaN, before the run) and how many were not; every other output
<name>.npy of the case is likewise reduced to <name>_written.json and <name>_rows.npy holding the rows
the plan names for it in keptRows (none: an empty [0, row length] array). The .npy files are then
removed. tools/gpu/ingest.ts checks the rows against the float64 reference and fails a case with any
output not all written and finite.
"""
import json
import os
import sys

import numpy as np


def reduce(folder, name, rows, row_length):
    path = os.path.join(folder, f'{name}.npy')
    x = np.load(path)
    bad = int(np.count_nonzero(~np.isfinite(x)))
    kept = x.reshape(-1, row_length)[np.array(rows, dtype=np.int64)] if len(rows) else np.zeros((0, row_length))
    np.save(os.path.join(folder, f'{name}_rows.npy'), kept.astype(np.float32))
    with open(os.path.join(folder, f'{name}_written.json'), 'w') as f:
        json.dump({'elements': int(x.size), 'not_finite': bad, 'all_finite': bad == 0}, f)
    os.remove(path)


def main(plan_path, perf):
    plan = json.load(open(plan_path))
    for t in plan['timed']:
        rows = t.get('sampleRows')
        folder = os.path.join(perf, t['case'])
        output = t.get('sampleOutput', 'o')
        if rows is None or not os.path.exists(os.path.join(folder, f'{output}.npy')):
            continue
        reduce(folder, output, rows, t.get('sampleRowLength', t['params'].get('Dv')))
        kept = t.get('keptRows') or {}
        for f in sorted(os.listdir(folder)):
            name = f[:-4]
            if f.endswith('.npy') and not name.endswith('_rows'):
                other = kept.get(name, {})
                reduce(folder, name, other.get('rows', []), other.get('rowLength') or int(np.load(os.path.join(folder, f), mmap_mode='r').shape[-1]))


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
