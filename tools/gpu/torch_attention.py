#!/usr/bin/env python3
"""PyTorch SDPA baselines of the attention perf cases of an H200 run (run.sh calls it).

usage: torch_attention.py PLAN_JSON WORK_DIR >> WORK_DIR/baselines.jsonl

For every entry of plan['sdpa']: the inputs of the kforge case it names, made exactly as generate.h
makes them (q: f32 "normal" fill, then cast to f16, which is exact for these values; k and v: f16
"normal"; copy c from stream seed + c), timed through torch.nn.functional.scaled_dot_product_attention
(f16 q, k, v and o, [B, H, S, D]; enable_gqa when Hq != Hkv; is_causal for causal prefill, Sq = Skv,
where PyTorch's top-left causal mask is kforge's bottom-right one) with each backend of the entry:
'default' (SDPA's own choice) or one forced with torch.nn.attention.sdpa_kernel (FLASH_ATTENTION,
CUDNN_ATTENTION, EFFICIENT_ATTENTION). The rotated copies (at least rotateBytes in all, 2 to 4096) are
captured as one pass in a CUDA graph; after `warmup` replays, `repeats` replays are each timed between
CUDA events and divided by the number of copies (without a graph when capture fails: then 'graph'
is false). One JSON line per (case, backend): probe "torch-sdpa", timings_ns, median_ns, copies,
the kernels one call launched (from torch.profiler), nmse_vs_f64 of the sampled query rows against a
float64 reference computed on the device, and those rows of copy 0's o written to
WORK_DIR/sdpa-<case>/<backend>/o_rows.npy for tools/gpu/to-bench.ts to check against its own reference.
Where a backend refuses the case, one line with status "unavailable" and the error.
"""
import contextlib
import json
import os
import sys
import traceback

import numpy as np
import torch
import torch.nn.functional as F

from torch_baselines import CHUNK, copies_for, device_detail, hash32, hash32_scalar, nmse, time_graph

FN = 'torch.nn.functional.scaled_dot_product_attention'


def generated_normal(count, fill, seed, dtype, device):
    """generate.h's KF_FILL_NORMAL: element e is n * 2^exponent, n = sum of the 4 bytes of kf_random(seed, e) - 510."""
    if fill['kind'] != 'normal' or fill['elem'] not in ('f16', 'f32'):
        raise ValueError(f'torch_attention.py makes normal f16/f32 fills only, not {fill}')
    out = torch.empty(count, dtype=dtype, device=device)
    key = hash32_scalar(seed)
    for start in range(0, count, CHUNK):
        e = torch.arange(start, min(count, start + CHUNK), dtype=torch.int64, device=device)
        r = hash32(e ^ key)
        n = (r & 255) + ((r >> 8) & 255) + ((r >> 16) & 255) + (r >> 24) - 510
        out[start:start + e.numel()] = (n.to(torch.float64) * 2.0 ** fill['exponent']).to(dtype)
    return out


def reference_rows(p, q, k, v, rows):
    """float64 o of the flat query rows `rows` (b, h, i) of o [B, Hq, Sq, Dv], with kforge's masks."""
    Hq, Hkv, Sq, Skv = p['Hq'], p['Hkv'], p['Sq'], p['Skv']
    r = torch.tensor(rows, dtype=torch.int64, device=q.device)
    b, h, i = r // (Sq * Hq), (r // Sq) % Hq, r % Sq
    kvh = h // (Hq // Hkv)
    qr = q[b, h, i].double()                       # [n, D]
    kr = k[b, kvh].double()                        # [n, Skv, D]
    vr = v[b, kvh].double()                        # [n, Skv, Dv]
    s = torch.einsum('nd,njd->nj', qr, kr) * p['scale']
    pos = Skv - Sq + i
    j = torch.arange(Skv, device=q.device)[None, :]
    last = pos[:, None] if p['causal'] else torch.full_like(pos[:, None], Skv - 1)
    first = (pos[:, None] - p['window'] + 1).clamp_min(0) if p['window'] > 0 else torch.zeros_like(pos[:, None])
    s = s.masked_fill((j > last) | (j < first), float('-inf'))
    w = torch.softmax(s, dim=1)
    return torch.einsum('nj,njd->nd', w, vr)


def backend_context(name):
    if name == 'default':
        return contextlib.nullcontext()
    from torch.nn.attention import SDPBackend, sdpa_kernel
    return sdpa_kernel({'flash': SDPBackend.FLASH_ATTENTION, 'cudnn': SDPBackend.CUDNN_ATTENTION,
                        'efficient': SDPBackend.EFFICIENT_ATTENTION}[name])


def kernels_of(step):
    """The CUDA kernels one call launches (what SDPA chose), longest first, by the profiler."""
    try:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            step(0)
            torch.cuda.synchronize()
        def device_us(e):
            return getattr(e, 'self_device_time_total', None) or getattr(e, 'self_cuda_time_total', 0) or 0
        events = sorted((e for e in prof.key_averages() if device_us(e) > 0), key=device_us, reverse=True)
        return [f'{e.key[:110]} ({device_us(e):.0f} us)' for e in events][:6]
    except Exception as e:  # the profiler is a label, never a reason to lose the measurement
        return [f'profiler failed: {e}'[:120]]


def time_eager(step, copies, repeats, warmup):
    for _ in range(warmup):
        for c in range(copies):
            step(c)
    torch.cuda.synchronize()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    timings = []
    for _ in range(repeats):
        start.record()
        for c in range(copies):
            step(c)
        stop.record()
        stop.synchronize()
        timings.append(int(round(start.elapsed_time(stop) * 1e6 / copies)))
    return timings


def emit(out):
    out.update(device=device_detail(), torch=torch.__version__, probe='torch-sdpa', fn=FN)
    print(json.dumps(out, separators=(',', ':')), flush=True)


def sdpa_case(entry, work):
    p, g = entry['params'], entry['generated']
    B, Hq, Hkv, Sq, Skv, D, Dv = (p[n] for n in ('B', 'Hq', 'Hkv', 'Sq', 'Skv', 'D', 'Dv'))
    base = {'case': entry['kforgeCase'], 'phase': entry['phase'], 'params': p}
    if p['window'] > 0 or (p['causal'] and Sq != Skv):
        for name in entry['backends']:
            emit({**base, 'backend': name, 'status': 'unavailable', 'error': 'SDPA has no sliding window nor bottom-right causal mask for Sq < Skv'})
        return
    dev = torch.device('cuda')
    per_copy = 2 * (2 * B * Hq * Sq * D + B * Hkv * Skv * (D + Dv))  # f16 q, k, v, o
    copies = copies_for(per_copy, entry['rotateBytes'])
    qs, ks, vs = [], [], []
    for c in range(copies):
        qs.append(generated_normal(B * Hq * Sq * D, g['q']['fill'], g['q']['seed'] + c, torch.float32, dev).to(torch.float16).view(B, Hq, Sq, D))
        ks.append(generated_normal(B * Hkv * Skv * D, g['k']['fill'], g['k']['seed'] + c, torch.float16, dev).view(B, Hkv, Skv, D))
        vs.append(generated_normal(B * Hkv * Skv * Dv, g['v']['fill'], g['v']['seed'] + c, torch.float16, dev).view(B, Hkv, Skv, Dv))
    rows = entry['sampleRows']
    ref = reference_rows(p, qs[0], ks[0], vs[0], rows)
    gqa = Hq != Hkv
    causal = bool(p['causal'])

    def step(c):
        return F.scaled_dot_product_attention(qs[c], ks[c], vs[c], is_causal=causal, scale=p['scale'], enable_gqa=gqa)

    for name in entry['backends']:
        try:
            with backend_context(name):
                o = step(0)
                got = o.reshape(-1, Dv)[torch.tensor(rows, device=dev)].float()
                folder = os.path.join(work, f"sdpa-{entry['kforgeCase']}", name)
                os.makedirs(folder, exist_ok=True)
                np.save(os.path.join(folder, 'o_rows.npy'), got.cpu().numpy())
                e = nmse(got, ref)
                kernels = kernels_of(step)
                graph = True
                try:
                    timings = time_graph(step, copies, entry['repeats'], entry['warmup'])
                except Exception:
                    graph = False
                    torch.cuda.synchronize()
                    timings = time_eager(step, copies, entry['repeats'], entry['warmup'])
            emit({**base, 'backend': name, 'timings_ns': timings, 'median_ns': sorted(timings)[len(timings) // 2], 'copies': copies,
                  'graph': graph, 'kernels': kernels, 'format': 'f16 q, k, v, o; f32 softmax inside', 'enable_gqa': gqa,
                  'kv_bytes': entry['kvBytes'], 'moved_bytes': per_copy, 'flops': entry['flops'], 'nmse_vs_f64': e,
                  'rows': os.path.relpath(os.path.join(folder, 'o_rows.npy'), work)})
        except Exception:
            emit({**base, 'backend': name, 'status': 'unavailable', 'error': traceback.format_exc()[-600:]})
        finally:
            torch.cuda.synchronize()
    del qs, ks, vs
    torch.cuda.empty_cache()


def main(plan_path, work):
    plan = json.load(open(plan_path))
    entries = plan.get('sdpa') or []
    if not entries:
        return
    if not torch.cuda.is_available():
        print(json.dumps({'probe': 'torch-sdpa', 'status': 'unavailable', 'error': 'torch.cuda.is_available() is false'}), flush=True)
        return
    for entry in entries:
        sdpa_case(entry, work)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
