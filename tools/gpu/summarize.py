#!/usr/bin/env python3
"""The compact table of an H200 run (run.sh calls it on the GPU machine; numpy only).

usage: summarize.py WORK_DIR SUMMARY_JSON
Per perf case: median us per launch, GB/s of weight + x + y bytes, fraction of the copy bandwidth
measured in the same run, and the ratio to cuBLAS f16 on the same N x K (> 1: faster than cuBLAS) and to
PyTorch (torch_baselines.py, when the run had it): f16 cases against the faster of F.linear and
torch.mv in f16, q4_0 and w4g128 against torch._weight_int4pack_mm (another int4 format: bf16
activations, bf16 scale + zero per 32 or 128).
On the device it can only check that every output was written and finite, that f16 agrees with
cuBLAS, and that sweep candidates agree with their default; tools/gpu/ingest.ts checks everything
against the reference on the development machine.
"""
import json
import os
import sys

import numpy as np


def jsonl(path):
    if not os.path.exists(path):
        return []
    return [json.loads(line) for line in open(path) if line.strip().startswith('{')]


def npy(path):
    return np.load(path).astype(np.float64) if os.path.exists(path) else None


def nmse(y, ref):
    if y is None or ref is None or y.shape != ref.shape:
        return None
    return float(np.sum((y - ref) ** 2) / max(np.sum(ref ** 2), 1e-300))


def main(work, summary_path):
    plan = json.load(open(os.path.join(work, 'plan.json')))
    base = jsonl(os.path.join(work, 'baselines.jsonl'))
    copies = [b for b in base if b.get('probe') == 'copy']
    copy_gbps = [b['moved_bytes'] / b['median_ns'] for b in copies]
    ceiling = max(copy_gbps) if copy_gbps else None
    cublas = {}
    for b in base:
        if b.get('probe') == 'cublas-f16':
            key = f"{b['N']}x{b['K']}"
            if key not in cublas or b['median_ns'] < cublas[key]['median_ns']:
                cublas[key] = b
    torch_lines = [b for b in base if b.get('probe', '').startswith('torch-') and b.get('median_ns')]
    torch_failed = [b for b in base if b.get('probe', '').startswith('torch-') and b.get('status') == 'unavailable']

    def torch_for(p):
        """The PyTorch baseline of a perf case: f16 -> fastest f16 call, q4_0/w4g128 -> int4 of its group."""
        if p['weight'] == 'f16':
            c = [b for b in torch_lines if b['probe'] == 'torch-f16' and b['N'] == p['N'] and b['K'] == p['K']]
        else:
            c = [b for b in torch_lines if b['probe'] == 'torch-int4' and b['N'] == p['N'] and b['K'] == p['K'] and b.get('standing_for') == p['weight']]
        return min(c, key=lambda b: b['median_ns']) if c else None

    results = {r['case']: r for r in jsonl(os.path.join(work, 'perf', 'results.jsonl'))}

    lines, rows = [], []
    dev = next((r.get('device') for r in results.values() if r.get('device')), (copies[0]['device'] if copies else 'unknown device'))
    lines.append(f'device: {dev}')
    lines.append('copy bandwidth (D2D cudaMemcpy of %.1f GiB, read + write): %s GB/s' % (
        plan['copyProbeBytes'] / 2 ** 30, ', '.join(f'{g:.0f}' for g in copy_gbps) or 'NOT MEASURED'))
    lines.append('')
    lines.append(f"{'case':<26}{'wMB':>7}{'us':>9}{'GB/s':>8}{'%copy':>7}{'cuBLAS us':>10}{'x cuBLAS':>9}{'torch us':>9}{'x torch':>8}{'copies':>7}  check")
    for t in [t for t in plan['timed'] if t['kind'] == 'perf']:
        r = results.get(t['case'], {})
        p = t['params']
        key = f"{p['N']}x{p['K']}"
        # non-default perf cases (e.g. the int8 path) are named by the knobs they change
        name = f"{p['weight']} {key}" + ('' if t['isDefault'] else ' ' + t['case'].rsplit('-', 1)[-1])
        row = {'case': t['case'], 'weight': p['weight'], 'N': p['N'], 'K': p['K'], 'status': r.get('status', 'missing'), 'bytes': t['bytes']}
        if r.get('status') != 'ok':
            lines.append(f"{name:<26}{t['weightBytes'] / 1e6:>7.1f}  {r.get('status', 'missing')}: {str(r.get('error', ''))[:80]}")
            rows.append(row)
            continue
        us = r['median_ns'] / 1e3
        gbps = t['bytes'] / r['median_ns']
        y = npy(os.path.join(work, 'perf', t['case'], 'y.npy'))
        finite = y is not None and bool(np.all(np.isfinite(y)))
        check = 'finite' if finite else 'NOT FINITE/UNWRITTEN'
        if p['weight'] == 'f16':
            e = nmse(y, npy(os.path.join(work, f'cublas-{key}', 'y.npy')))
            check += '' if e is None else f', nmse vs cuBLAS {e:.1e}'
            row['nmse_vs_cublas'] = e
        cb = cublas.get(key)
        cb_us = cb['median_ns'] / 1e3 if cb else None
        tb = torch_for(p)
        tb_us = tb['median_ns'] / 1e3 if tb else None
        row.update(median_us=us, gbps=gbps, copy_fraction=gbps / ceiling if ceiling else None, cublas_us=cb_us,
                   cublas_ratio=cb_us / us if cb_us else None, torch_us=tb_us, torch_ratio=tb_us / us if tb_us else None,
                   torch_fn=tb.get('fn') if tb else None, copies=r.get('copies'), finite=finite)
        lines.append(f"{name:<26}{t['weightBytes'] / 1e6:>7.1f}{us:>9.2f}{gbps:>8.0f}"
                     f"{(100 * gbps / ceiling) if ceiling else float('nan'):>6.1f}%"
                     f"{cb_us if cb_us else float('nan'):>10.2f}{(cb_us / us) if cb_us else float('nan'):>9.2f}"
                     f"{tb_us if tb_us else float('nan'):>9.2f}{(tb_us / us) if tb_us else float('nan'):>8.2f}{r.get('copies', 0):>7}  {check}")
        rows.append(row)
    for key, cb in sorted(cublas.items()):
        n, k = map(int, key.split('x'))
        lines.append(f"  cuBLAS f16 {key} ({cb['out']} out): {cb['median_ns'] / 1e3:.2f} us, {(2 * n * k + 2 * k + 4 * n) / cb['median_ns']:.0f} GB/s")
    for b in sorted(torch_lines, key=lambda b: (b['probe'], b['N'], b['K'], b.get('variant', ''))):
        lines.append(f"  PyTorch {b.get('variant', '?')} {b['N']}x{b['K']} ({b.get('fn')}): {b['median_ns'] / 1e3:.2f} us, "
                     f"{b['moved_bytes'] / b['median_ns']:.0f} GB/s, nmse vs f64 {b.get('nmse_vs_f64', float('nan')):.1e}")
    for b in torch_failed:
        lines.append(f"  PyTorch {b['probe']} {b.get('N')}x{b.get('K')}: unavailable: {(str(b.get('error', '')).strip().splitlines() or [''])[-1][:160]}")

    sweeps = {}
    for t in [t for t in plan['timed'] if t['kind'] == 'sweep']:
        p = t['params']
        sweeps.setdefault(f"{p['weight']} {p['N']}x{p['K']}", []).append(t)
    sweep_summary = []
    for name, cands in sweeps.items():
        default = next(c for c in cands if c['isDefault'])
        ref = npy(os.path.join(work, 'perf', default['case'], 'y.npy'))
        ok = []
        failed = 0
        for c in cands:
            r = results.get(c['case'], {})
            y = npy(os.path.join(work, 'perf', c['case'], 'y.npy'))
            e = nmse(y, ref)
            # the same arithmetic as the default agrees to rounding; int8 against float activations differ
            # by the int8 quantization of x (SPEC's bound of that path is 5e-4 against float64, each way)
            bound = 1e-6 if c['config'].get('dot_path') == default['config'].get('dot_path') else 1e-3
            if r.get('status') == 'ok' and y is not None and np.all(np.isfinite(y)) and (e is None or e < bound):
                ok.append((r['median_ns'], c))
            else:
                failed += 1
        ok.sort(key=lambda x: x[0])
        d = results.get(default['case'], {})
        entry = {'shape': name, 'candidates': len(cands), 'ok': len(ok), 'failed': failed}
        if ok and d.get('status') == 'ok':
            best_ns, best = ok[0]
            entry.update(default_us=d['median_ns'] / 1e3, best_us=best_ns / 1e3, best_config=best['config'],
                         speedup=d['median_ns'] / best_ns, best_gbps=best['bytes'] / best_ns)
            lines.append(f"sweep {name}: default {d['median_ns'] / 1e3:.2f} us, best {best_ns / 1e3:.2f} us "
                         f"({d['median_ns'] / best_ns:.2f}x, {best['bytes'] / best_ns:.0f} GB/s), {len(ok)} ok, {failed} failed")
            lines.append(f"  best {json.dumps(best['config'], separators=(',', ':'))}")
        else:
            lines.append(f"sweep {name}: {len(ok)} ok, {failed} failed (default {d.get('status', 'missing')})")
        sweep_summary.append(entry)

    conf = jsonl(os.path.join(work, 'conformance', 'results.jsonl'))
    by_target = {}
    for r in conf:
        by_target.setdefault(r['target'], {}).setdefault(r['status'], 0)
        by_target[r['target']][r['status']] += 1
    lines.append('conformance (outputs checked by tools/gpu/ingest.ts): ' + '; '.join(
        f"{t} " + ', '.join(f'{n} {s}' for s, n in sorted(c.items())) for t, c in sorted(by_target.items())))
    failures = [r for r in conf if r['status'] != 'ok']
    if failures:
        lines.append(f"  first failure: {failures[0]['case']}: {str(failures[0].get('error', ''))[:160]}")
    sass = []
    for f in sorted(os.listdir(work)):
        if f.startswith('sass-'):
            text = open(os.path.join(work, f)).read()
            sass.append(f"{f[5:-4]}: LDG.E.128 {text.count('LDG.E.128')}, LDG {text.count('LDG')}, LDL/STL {text.count('LDL') + text.count('STL')}, "
                        f"IDP.4A {text.count('IDP.4A')}, PRMT {text.count('PRMT')}")
    lines.extend(['sass ' + s for s in sass])
    print('\n'.join(lines))
    json.dump({'device': dev, 'copy_gbps': copy_gbps, 'perf': rows, 'cublas': cublas and {k: {kk: v for kk, v in b.items() if kk != 'timings_ns'}
               for k, b in cublas.items()}, 'torch': [{kk: v for kk, v in b.items() if kk != 'timings_ns'} for b in torch_lines + torch_failed],
               'sweeps': sweep_summary, 'conformance': by_target, 'sass': sass},
              open(summary_path, 'w'), indent=1)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
