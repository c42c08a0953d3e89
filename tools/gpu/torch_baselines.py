#!/usr/bin/env python3
"""PyTorch baselines of an H200 run, measured like the kforge perf cases and cuBLAS (run.sh calls it).

usage: torch_baselines.py PLAN_JSON WORK_DIR >> WORK_DIR/baselines.jsonl

One JSON line per measurement, in the shape of the baseline program's (cuda_baselines.cu): device,
timings_ns (per launch), median_ns (the upper median, as harness_io.h takes it), probe, N, K, copies,
plus moved_bytes (every input read once, the output written once: kforge's byte counting), the
format and function timed, torch's version and an nmse against a float64 reference on the device.

- probe "torch-f16": y = W x with f16 W [N, K] and f16 x, through torch.nn.functional.linear (x as
  [1, K]) and through torch.mv, each timed; W and x are the exact bytes the kforge f16 case and the
  cuBLAS baseline generate (generate.h's "normal" fill, stream seed + copy), so copy 0's y is written
  to WORK_DIR/torch-f16-NxK/<fn>/y.npy for tools/gpu/to-bench.ts to check against the reference.
- probe "torch-int4": torch has no q4_0 or w4g128 GEMV. Its int4 weight-only path is
  torch._weight_int4pack_mm (the tinygemm kernel behind torchao's int4 weight-only quantization):
  bf16 activations, 4-bit codes packed by torch._convert_weight_to_int4pack, and a bf16 scale AND
  zero per group of 32 (to set against q4_0: 2 more bytes per 32 weights than q4_0's f16 scale) or
  128 (w4g128: the same bytes as its f16 scale + min). The format differs from kforge's (bf16, not
  f16, activations; tinygemm's layout), so this is the natural PyTorch baseline, not the same
  computation. Its random codes and scales come from torch's generator, checked on the device
  against a float64 dequantized reference (nmse reported). Where the op is missing or refuses the
  shape, one line with status "unavailable" and the error says so.
Every timing: the rotated copies (at least plan.rotateBytes in all, 2 to 4096 copies, as cuBLAS)
are captured as one pass in a CUDA graph; after plan.warmup replays, plan.repeats replays are each
timed between CUDA events and divided by the number of copies.
"""
import json
import math
import os
import sys
import traceback

import numpy as np
import torch
import torch.nn.functional as F

M32 = 0xFFFFFFFF
CHUNK = 1 << 24  # elements generated at a time (int64 temporaries stay under ~1 GiB)


def hash32_scalar(x):
    x &= M32
    x ^= x >> 16
    x = (x * 0x7FEB352D) & M32
    x ^= x >> 15
    x = (x * 0x846CA68B) & M32
    x ^= x >> 16
    return x


def mul32(x, c):
    """(x * c) mod 2^32 for int64 tensors x < 2^32, without overflowing int64."""
    lo, hi = c & 0xFFFF, c >> 16
    return (x * lo + (((x * hi) & 0xFFFF) << 16)) & M32


def hash32(x):
    x = x ^ (x >> 16)
    x = mul32(x, 0x7FEB352D)
    x = x ^ (x >> 15)
    x = mul32(x, 0x846CA68B)
    return x ^ (x >> 16)


def generated_f16(count, seed, exponent, device):
    """generate.h's KF_FILL_NORMAL in f16: element e is n * 2^exponent, n = sum of the 4 bytes of
    kf_random(seed, e) - 510 (exact in f16 for the exponents the plan uses)."""
    out = torch.empty(count, dtype=torch.float16, device=device)
    key = hash32_scalar(seed)
    for start in range(0, count, CHUNK):
        e = torch.arange(start, min(count, start + CHUNK), dtype=torch.int64, device=device)
        r = hash32(e ^ key)
        n = (r & 255) + ((r >> 8) & 255) + ((r >> 16) & 255) + (r >> 24) - 510
        out[start:start + e.numel()] = (n.to(torch.float64) * 2.0 ** exponent).to(torch.float16)
    return out


def copies_for(bytes_per_copy, rotate_bytes):
    return max(2, min(4096, math.ceil(rotate_bytes / bytes_per_copy)))


def device_detail():
    p = torch.cuda.get_device_properties(0)
    l2 = getattr(p, 'L2_cache_size', 0) >> 20
    return f"{p.name} sm_{p.major}{p.minor} / torch {torch.__version__} CUDA {torch.version.cuda} / {p.multi_processor_count} SMs, L2 {l2} MB"


def time_graph(step, copies, repeats, warmup):
    """Capture `step(c)` for every copy as one graph; time `repeats` replays; ns per launch."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):  # warm-up outside the capture (library handles, workspaces)
        for c in range(min(copies, 3)):
            step(c)
    torch.cuda.current_stream().wait_stream(side)
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for c in range(copies):
            step(c)
    for _ in range(warmup):
        graph.replay()
    torch.cuda.synchronize()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    timings = []
    for _ in range(repeats):
        start.record()
        graph.replay()
        stop.record()
        stop.synchronize()
        timings.append(int(round(start.elapsed_time(stop) * 1e6 / copies)))
    del graph
    return timings


def nmse(y, ref):
    y, ref = y.double().flatten(), ref.double().flatten()
    return float(((y - ref) ** 2).sum() / (ref ** 2).sum().clamp_min(1e-300))


def line(probe, n, k, copies, timings, **extra):
    out = {'device': device_detail(), 'timings_ns': timings, 'median_ns': sorted(timings)[len(timings) // 2],
           'probe': probe, 'N': n, 'K': k, 'copies': copies, 'torch': torch.__version__}
    out.update(extra)
    print(json.dumps(out, separators=(',', ':')), flush=True)


def failed(probe, n, k, err, **extra):
    out = {'device': device_detail(), 'probe': probe, 'N': n, 'K': k, 'status': 'unavailable', 'error': err[-600:], 'torch': torch.__version__}
    out.update(extra)
    print(json.dumps(out, separators=(',', ':')), flush=True)


def f16_baselines(plan, work, n, k):
    fills = plan['cublasFills']
    dev = torch.device('cuda')
    w_bytes, x_bytes = n * k * 2, k * 2
    copies = copies_for(w_bytes + x_bytes, plan['rotateBytes'])
    w = [generated_f16(n * k, fills['wSeed'] + c, fills['wExponent'], dev).view(n, k) for c in range(copies)]
    x = [generated_f16(k, fills['xSeed'] + c, fills['xExponent'], dev) for c in range(copies)]
    ref = (w[0].double() @ x[0].double())
    moved = w_bytes + x_bytes + n * 2  # f16 y
    fns = {
        'linear': lambda c: F.linear(x[c].view(1, k), w[c]),
        'mv': lambda c: torch.mv(w[c], x[c]),
    }
    for name, fn in fns.items():
        try:
            y = fn(0).float().flatten()
            folder = os.path.join(work, f'torch-f16-{n}x{k}', name)
            os.makedirs(folder, exist_ok=True)
            np.save(os.path.join(folder, 'y.npy'), y.cpu().numpy())
            e = nmse(y, ref)
            timings = time_graph(fn, copies, plan['repeats'], plan['warmup'])
            line('torch-f16', n, k, copies, timings, fn='torch.nn.functional.linear' if name == 'linear' else 'torch.mv',
                 variant=name, format='f16 W, f16 x, f16 y', moved_bytes=moved, nmse_vs_f64=e)
        except Exception:
            failed('torch-f16', n, k, traceback.format_exc(), variant=name)
    del w, x
    torch.cuda.empty_cache()


def int4_baseline(plan, n, k, group, standing_for):
    dev = torch.device('cuda')
    if not hasattr(torch, '_weight_int4pack_mm') or not hasattr(torch, '_convert_weight_to_int4pack'):
        failed('torch-int4', n, k, f'torch {torch.__version__} has no _weight_int4pack_mm / _convert_weight_to_int4pack', group=group, standing_for=standing_for)
        return
    gen = torch.Generator(device=dev)
    gen.manual_seed(1000 * group + 7)
    groups = k // group
    code_bytes, sz_bytes, x_bytes = n * k // 2, groups * n * 2 * 2, k * 2
    copies = copies_for(code_bytes + sz_bytes + x_bytes, plan['rotateBytes'])
    try:
        packed, sz, xs = [], [], []
        codes0 = None
        for c in range(copies):
            codes = torch.randint(0, 16, (n, k), dtype=torch.int32, device=dev, generator=gen)
            if c == 0:
                codes0 = codes
            # two codes per byte, the even column in the high nibble (torchao's packing for this op)
            u8 = ((codes[:, ::2] << 4) | codes[:, 1::2]).to(torch.uint8)
            packed.append(torch._convert_weight_to_int4pack(u8, 8))
            scale = (1 + torch.rand((groups, n), device=dev, generator=gen)) * 2.0 ** -7
            zero = torch.randn((groups, n), device=dev, generator=gen) * 2.0 ** -7
            sz.append(torch.stack([scale, zero], dim=2).to(torch.bfloat16).contiguous())
            xs.append(torch.randn((1, k), device=dev, generator=gen).to(torch.bfloat16))
            del codes
        # tinygemm dequantizes (q - 8) * scale + zero, per group of `group` along K
        s0 = sz[0][:, :, 0].double().t().repeat_interleave(group, dim=1)
        z0 = sz[0][:, :, 1].double().t().repeat_interleave(group, dim=1)
        ref = ((codes0.double() - 8) * s0 + z0) @ xs[0].double().flatten()
        del codes0, s0, z0

        def step(c):
            return torch._weight_int4pack_mm(xs[c], packed[c], group, sz[c])

        y = step(0).float().flatten()
        e = nmse(y, ref)
        timings = time_graph(step, copies, plan['repeats'], plan['warmup'])
        line('torch-int4', n, k, copies, timings, fn='torch._weight_int4pack_mm', variant=f'int4-g{group}', group=group,
             standing_for=standing_for, format=f'tinygemm int4 codes, bf16 scale+zero per {group}, bf16 x, bf16 y',
             moved_bytes=code_bytes + sz_bytes + x_bytes + n * 2, nmse_vs_f64=e)
    except Exception:
        failed('torch-int4', n, k, traceback.format_exc(), group=group, standing_for=standing_for)
    finally:
        torch.cuda.empty_cache()


def main(plan_path, work):
    plan = json.load(open(plan_path))
    if not torch.cuda.is_available():
        print(json.dumps({'probe': 'torch-f16', 'status': 'unavailable', 'error': 'torch.cuda.is_available() is false'}), flush=True)
        return
    torch.backends.cuda.matmul.allow_tf32 = False
    for s in plan['cublas']:
        f16_baselines(plan, work, s['N'], s['K'])
    perf = [t['params'] for t in plan['timed'] if t['kind'] == 'perf' and t.get('op', 'gemv') == 'gemv']
    seen = set()
    for p in perf:
        group = {'q4_0': 32, 'w4g128': 128}.get(p['weight'])
        key = (p['N'], p['K'], group)
        if group is None or key in seen:
            continue
        seen.add(key)
        int4_baseline(plan, p['N'], p['K'], group, p['weight'])


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
