#!/usr/bin/env python3
"""FLA (fla-org/flash-linear-attention) beside the gated_delta_rule cases of an H200 run (run.sh calls it).

usage: fla_gated_delta_rule.py PLAN_JSON WORK_DIR >> WORK_DIR/baselines.jsonl
       FLA's source: $FLA_PATH, else the first .fla/ found beside this file or one or two folders up
       (fetched and carried as source, never committed; tools/gpu/README.md says how)

For every entry of plan['fla']: the inputs of the kforge case it names, made exactly as generate.h makes
them (q, k, v, s0: f32 "normal" fills; g: "uniform" negative fill, (-2, 0]; beta: "uniform" [0, 1); copy
c from stream seed + c), in FLA's layout, which is kforge's: q, k [B, T, H, K], v [B, T, HV, V], g and beta
[B, T, HV], the state [B, HV, K, V] (state_v_first False). g is the natural-log decay (FLA takes it in log
space and converts to base 2 inside), beta is post-sigmoid (use_beta_sigmoid_in_kernel False), the scale
is the case's, l2norm is use_qk_l2norm_in_kernel (FLA's eps 1e-6 inside the square root, as kforge's).
Prefill calls chunk_gated_delta_rule, decode fused_recurrent_gated_delta_rule, both with
initial_state=s0 and output_final_state=True, as their users call them. 'bf16': q, k, v and beta
rounded to bf16 (FLA's usual inputs), g and the state f32.

Each (case, dtype) is timed twice with the protocol of the other torch baselines: 'eager' (a Python
loop over the rotated copies between CUDA events, what a caller pays, launch overhead included; 10
repeats after one warm-up pass, as the wrapper's CPU time dominates them) and
'graph' (one pass over the copies captured in a CUDA graph, replayed between CUDA events; where capture
fails, a line with status 'unavailable' says why). One JSON line per (case, dtype, mode): probe "fla",
timings_ns, median_ns, copies, the kernels one call launched (torch.profiler), nmse_vs_f64 of the
sampled value heads' o and of their final state against a float64 recurrence computed on the device,
and (f32, where the plan's returnRows allows: up to 2 MiB) those heads' rows of copy 0's o written to
WORK_DIR/fla-<case>/<dtype>/o_rows.npy for tools/gpu/ingest.ts and to-bench.ts to check against their
own reference.
"""
import json
import os
import sys
import time
import traceback

import numpy as np
import torch

from torch_baselines import CHUNK, copies_for, device_detail, hash32, hash32_scalar, nmse, time_graph
from torch_attention import kernels_of, time_eager

HERE = os.path.dirname(os.path.abspath(__file__))
EAGER_REPEATS = 10


def fla_path():
    candidates = [os.environ.get('FLA_PATH')] + [os.path.join(HERE, *(['..'] * up), '.fla') for up in range(3)]
    for c in candidates:
        if c and os.path.isdir(os.path.join(c, 'fla')):
            return os.path.abspath(c)
    return None


def generated(count, fill, seed, copies, device):
    """generate.h's fills for `copies` copies ([copies, count] f32; copy c from stream seed + c):
    normal: n * 2^exponent, n = sum of the 4 bytes of kf_random - 510; uniform: (r & 0xffff) * 2^(exponent - 16), negated when asked."""
    if fill['elem'] != 'f32' or fill['kind'] not in ('normal', 'uniform'):
        raise ValueError(f'fla_gated_delta_rule.py makes f32 normal and uniform fills only, not {fill}')
    out = torch.empty(copies, count, dtype=torch.float32, device=device)
    per = max(1, CHUNK // max(1, count))
    for c0 in range(0, copies, per):
        cs = torch.arange(c0, min(copies, c0 + per), dtype=torch.int64, device=device)
        keys = torch.tensor([hash32_scalar(seed + int(c)) for c in cs.tolist()], dtype=torch.int64, device=device)[:, None]
        for start in range(0, count, CHUNK):
            e = torch.arange(start, min(count, start + CHUNK), dtype=torch.int64, device=device)[None, :]
            r = hash32(e ^ keys)
            if fill['kind'] == 'normal':
                n = (r & 255) + ((r >> 8) & 255) + ((r >> 16) & 255) + (r >> 24) - 510
                v = n.to(torch.float64) * 2.0 ** fill['exponent']
            else:
                v = (r & 0xFFFF).to(torch.float64) * 2.0 ** (fill['exponent'] - 16)
                if fill.get('negative'):
                    v = -v
            out[c0:c0 + cs.numel(), start:start + e.shape[1]] = v.to(torch.float32)
    return out


def reference_heads(p, q, k, v, g, beta, s0, units):
    """float64 o [n, T, Dv] and final state [n, Dk, Dv] of the value heads `units` (b * Hv + h): the recurrence of SPEC section 3."""
    B, T, Hk, Hv, Dk, Dv = (p[n] for n in ('B', 'T', 'Hk', 'Hv', 'Dk', 'Dv'))
    u = torch.tensor(units, dtype=torch.int64, device=q.device)
    b, h = u // Hv, u % Hv
    hk = h // (Hv // Hk)
    qh = q[b, :, hk].double()      # [n, T, Dk]
    kh = k[b, :, hk].double()
    if p['l2norm']:
        qh = qh / torch.sqrt((qh * qh).sum(-1, keepdim=True) + 1e-6)
        kh = kh / torch.sqrt((kh * kh).sum(-1, keepdim=True) + 1e-6)
    vh = v[b, :, h].double()       # [n, T, Dv]
    gh = g[b, :, h].double()       # [n, T]
    bh = beta[b, :, h].double()
    S = s0[b, h].double().clone()  # [n, Dk, Dv]
    o = torch.empty(len(units), T, Dv, dtype=torch.float64, device=q.device)
    for t in range(T):
        S = S * torch.exp(gh[:, t])[:, None, None]
        upd = bh[:, t, None] * (vh[:, t] - torch.einsum('nkv,nk->nv', S, kh[:, t]))
        S = S + kh[:, t, :, None] * upd[:, None, :]
        o[:, t] = p['scale'] * torch.einsum('nkv,nk->nv', S, qh[:, t])
    return o, S


def finite_or_none(x):
    """NaN and infinities as null: JSON has neither (a wrong output's nmse is NaN)"""
    if isinstance(x, float) and not np.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: finite_or_none(v) for k, v in x.items()}
    if isinstance(x, list):
        return [finite_or_none(v) for v in x]
    return x


def emit(out):
    out.update(device=device_detail(), torch=torch.__version__, probe='fla')
    print(json.dumps(finite_or_none(out), separators=(',', ':'), allow_nan=False), flush=True)


def fla_case(entry, work, fla, meta):
    p, gen = entry['params'], entry['generated']
    B, T, Hk, Hv, Dk, Dv = (p[n] for n in ('B', 'T', 'Hk', 'Hv', 'Dk', 'Dv'))
    dev = torch.device('cuda')
    sizes = {'q': B * T * Hk * Dk, 'k': B * T * Hk * Dk, 'v': B * T * Hv * Dv, 'g': B * T * Hv, 'beta': B * T * Hv, 's0': B * Hv * Dk * Dv}
    shapes = {'q': (B, T, Hk, Dk), 'k': (B, T, Hk, Dk), 'v': (B, T, Hv, Dv), 'g': (B, T, Hv), 'beta': (B, T, Hv), 's0': (B, Hv, Dk, Dv)}
    per_copy = 4 * sum(sizes.values())
    copies = copies_for(per_copy, entry['rotateBytes'])
    t0 = time.time()
    data = {n: generated(sizes[n], gen[n]['fill'], gen[n]['seed'], copies, dev).view(copies, *shapes[n]) for n in sizes}
    units = entry['sampleUnits']
    ref_o, ref_s = reference_heads(p, *(data[n][0] for n in ('q', 'k', 'v', 'g', 'beta', 's0')), units)
    rows = torch.tensor(entry['sampleRows'], dtype=torch.int64, device=dev)
    u = torch.tensor(units, dtype=torch.int64, device=dev)
    base = {'case': entry['kforgeCase'], 'phase': entry['phase'], 'params': p, 'fn': f"fla.ops.gated_delta_rule.{entry['fn']}", **meta,
            'copies': copies, 'state_bytes': entry['stateBytes'], 'flops': entry['flops'], 'moved_bytes': per_copy + 4 * (sizes['v'] + sizes['s0']),
            'sample_units': len(units), 'setup_s': round(time.time() - t0, 2)}
    fn = getattr(fla, entry['fn'])
    for dtype in entry['dtypes']:
        low = torch.bfloat16 if dtype == 'bf16' else torch.float32
        ins = {n: (data[n].to(low) if n in ('q', 'k', 'v', 'beta') and low != torch.float32 else data[n]) for n in data}

        def step(c):
            # by keyword: fused_recurrent's fifth positional parameter is gk, not beta
            return fn(q=ins['q'][c], k=ins['k'][c], v=ins['v'][c], g=ins['g'][c], beta=ins['beta'][c], scale=p['scale'], initial_state=ins['s0'][c],
                      output_final_state=True, use_qk_l2norm_in_kernel=bool(p['l2norm']))

        common = {**base, 'dtype': dtype, 'format': f"{dtype} q, k, v, beta; f32 g and state" if dtype == 'bf16' else 'f32 q, k, v, g, beta and state'}
        try:
            o, s = step(0)  # the first call compiles (and autotunes) FLA's Triton kernels
            torch.cuda.synchronize()
            got = o.float().reshape(-1, Dv)[rows]
            checks = {'nmse_vs_f64': nmse(got, ref_o.reshape(-1, Dv)), 'state_nmse_vs_f64': nmse(s.float().reshape(B * Hv, Dk, Dv)[u], ref_s),
                      'all_finite': bool(torch.isfinite(o).all() and torch.isfinite(s).all()), 'o_dtype': str(o.dtype), 's_dtype': str(s.dtype),
                      'kernels': kernels_of(step)}
            # (bf16 inputs are another function of the f32 ones, and long cases' rows would not fit what comes back: checked on the device only)
            if dtype == 'f32' and entry.get('returnRows', True):
                folder = os.path.join(work, f"fla-{entry['kforgeCase']}", dtype)
                os.makedirs(folder, exist_ok=True)
                np.save(os.path.join(folder, 'o_rows.npy'), got.cpu().numpy())
                checks['rows'] = os.path.relpath(os.path.join(folder, 'o_rows.npy'), work)
            del o, s
        except Exception:
            emit({**common, 'mode': 'eager', 'status': 'unavailable', 'error': traceback.format_exc()[-800:]})
            continue
        for mode in ('eager', 'graph'):
            try:
                # eager passes are dominated by FLA's Python wrapper (about 0.2 ms a call): fewer of them
                if mode == 'eager':
                    timings = time_eager(step, copies, min(entry['repeats'], EAGER_REPEATS), 1)
                else:
                    timings = time_graph(step, copies, entry['repeats'], entry['warmup'])
                emit({**common, **checks, 'mode': mode, 'graph': mode == 'graph', 'timings_ns': timings, 'median_ns': sorted(timings)[len(timings) // 2]})
            except Exception:
                emit({**common, **checks, 'mode': mode, 'status': 'unavailable', 'error': traceback.format_exc()[-800:]})
            finally:
                torch.cuda.synchronize()
    del data
    torch.cuda.empty_cache()


def main(plan_path, work):
    plan = json.load(open(plan_path))
    entries = plan.get('fla') or []
    if not entries:
        return
    path = fla_path()
    if not torch.cuda.is_available() or path is None:
        why = 'torch.cuda.is_available() is false' if path else 'no .fla/ (FLA source) beside the bundle and no FLA_PATH'
        for e in entries:
            emit({'case': e['kforgeCase'], 'params': e['params'], 'status': 'unavailable', 'error': why})
        return
    sys.path.insert(0, path)
    try:
        import triton
        from fla.ops import gated_delta_rule as fla
        commit = open(os.path.join(path, 'COMMIT')).read().strip() if os.path.exists(os.path.join(path, 'COMMIT')) else 'unknown'
        # which implementation FLA's dispatch picks: its Triton kernels unless a backend package (flash_qla) is installed
        from fla.ops.backends import BackendRegistry
        BackendRegistry.ensure_initialized('gated_delta_rule')
        reg = BackendRegistry._registries.get('gated_delta_rule')
        active = [b.backend_type for b in (reg._get_sorted_backends() if reg else []) if b.is_available() and b.is_enabled()]
        meta = {'fla_commit': commit, 'triton': triton.__version__, 'fla_backends_available': active or ['none: FLA Triton kernels']}
    except Exception:
        for e in entries:
            emit({'case': e['kforgeCase'], 'params': e['params'], 'status': 'unavailable', 'error': 'import fla failed: ' + traceback.format_exc()[-800:]})
        return
    for entry in entries:
        try:
            fla_case(entry, work, fla, meta)
        except Exception:
            emit({'case': entry['kforgeCase'], 'params': entry['params'], 'status': 'unavailable', 'error': traceback.format_exc()[-800:]})
        finally:
            torch.cuda.synchronize()
            torch.cuda.empty_cache()


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
