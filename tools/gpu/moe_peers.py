#!/usr/bin/env python3
"""The peers of the f16 moe cases of an H200 run (run.sh calls it): vLLM's Triton fused_moe kernel,
torch._grouped_mm and a plain PyTorch loop over the active experts, on the inputs kforge's case reads.

usage: moe_peers.py PLAN_JSON WORK_DIR >> WORK_DIR/baselines.jsonl
       vLLM's kernel: $VLLM_PATH, else the first .vllm/ found beside this file or one or two folders up,
       holding fused_moe_kernel.py (vLLM's fused_moe_kernel and invoke_fused_moe_kernel, carried as
       source, never committed), configs/E=128,N=768,device_name=NVIDIA_H200.json and COMMIT
       (tools/gpu/README.md says how it was made)

For every entry of plan['moe']: x (f32 [T, H]), the router (f32 [E, H]) and the f16 experts (w_gate,
w_up [E, I, H], w_down [E, H, I]) made exactly as generate.h makes them (normal fills, n * 2^exponent;
copy c from stream seed + c), `copies` copies. Every implementation runs the whole layer, router to
combine: logits = x · router^T in f32 (TF32 off), softmax, top-k, renormalized (normTopk); then
- 'fused_moe': vLLM's two Triton GEMMs (fused_moe_kernel through its invoke_fused_moe_kernel) with
  gate and up stacked as vLLM stores them (w13 [E, 2I, H]), vLLM's H200 config for this shape (the batch
  size nearest T, as try_get_optimal_moe_config picks it), the tokens aligned to BLOCK_SIZE_M per expert
  here in PyTorch (vLLM's moe_align_block_size is a compiled op of vLLM: this computes the same
  sorted_token_ids, expert_ids and num_tokens_post_padded), silu(gate) * up, the routing weight applied in
  the second GEMM (as vLLM does), the topk partial outputs summed per token;
- 'fused_moe_kernels': vLLM's part alone: the same with the routing and the alignment of every copy made
  before the timed region (vLLM does them in one compiled kernel each; here they are PyTorch ops);
- 'grouped_mm': the (token, slot) pairs sorted by expert, torch._grouped_mm for gate/up and for down
  in bf16 (its CUTLASS path on sm90: x and the experts rounded from f16 to bf16, named in the line; f16
  where bf16 is refused: torch runs f16 as a loop over the groups that copies offs to the host, which
  does not capture), the weights applied, the pairs summed per token;
- 'eager': a loop over the experts the routing picks (as Hugging Face's Qwen3-MoE block does), f16
  matrix products, f32 accumulation of y.
x is cast to f16 once outside the timed region (exact: its values need 9 significant bits).
Timing: 'graph' (one pass over the copies captured in a CUDA graph, replayed between CUDA events: the
protocol of kforge and the other torch baselines) where the implementation captures, and 'eager' (a Python
loop over the copies between CUDA events, 10 repeats). One JSON line per (case, impl, mode): probe
"moe-peer", timings_ns, median_ns, copies, the kernels one call launched, nmse_vs_f64 of the sampled
tokens' rows of y against a float64 layer computed on the device (routed in float64), and those rows of
copy 0's y written to WORK_DIR/moe-<case>/<impl>/y_rows.npy for tools/gpu/ingest.ts and to-bench.ts.
"""
import json
import os
import sys
import time
import traceback

import numpy as np
import torch
import torch.nn.functional as F

from torch_baselines import CHUNK, device_detail, hash32, hash32_scalar, nmse, time_graph
from torch_attention import kernels_of, time_eager

HERE = os.path.dirname(os.path.abspath(__file__))
EAGER_REPEATS = 10
VLLM_CONFIG = 'E={E},N={N},device_name=NVIDIA_H200.json'


def vllm_path():
    candidates = [os.environ.get('VLLM_PATH')] + [os.path.join(HERE, *(['..'] * up), '.vllm') for up in range(3)]
    for c in candidates:
        if c and os.path.isfile(os.path.join(c, 'fused_moe_kernel.py')):
            return os.path.abspath(c)
    return None


def generated(count, fill, seed, dtype, device):
    """one copy of generate.h's normal fill (f16 or f32 elements): element e is n * 2^exponent, n = the sum of the 4 bytes of kf_random(seed, e) - 510"""
    if fill['kind'] != 'normal' or fill['elem'] not in ('f16', 'f32'):
        raise ValueError(f'moe_peers.py makes f16 and f32 normal fills only, not {fill}')
    out = torch.empty(count, dtype=dtype, device=device)
    key = hash32_scalar(seed)
    for start in range(0, count, CHUNK):
        e = torch.arange(start, min(count, start + CHUNK), dtype=torch.int64, device=device)
        r = hash32(e ^ key)
        n = (r & 255) + ((r >> 8) & 255) + ((r >> 16) & 255) + (r >> 24) - 510
        out[start:start + e.numel()] = (n.to(torch.float64) * 2.0 ** fill['exponent']).to(dtype)
    return out


def finite_or_none(x):
    if isinstance(x, float) and not np.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: finite_or_none(v) for k, v in x.items()}
    if isinstance(x, list):
        return [finite_or_none(v) for v in x]
    return x


def emit(out):
    out.update(device=device_detail(), torch=torch.__version__, probe='moe-peer')
    print(json.dumps(finite_or_none(out), separators=(',', ':'), allow_nan=False), flush=True)


class Layer:
    """the inputs of one case, every copy, in the layouts the peers take"""

    def __init__(self, entry, dev):
        p, g = entry['params'], entry['generated']
        T, H, I, E = (p[n] for n in ('T', 'H', 'I', 'E'))
        self.p, self.T, self.H, self.I, self.E, self.topk, self.norm = p, T, H, I, E, p['topk'], bool(p['normTopk'])
        self.copies = entry['copies']
        self.x32, self.x16, self.router, self.w13, self.w2 = [], [], [], [], []
        for c in range(self.copies):
            x = generated(T * H, g['x']['fill'], g['x']['seed'] + c, torch.float32, dev).view(T, H)
            self.x32.append(x)
            self.x16.append(x.half())
            self.router.append(generated(E * H, g['router']['fill'], g['router']['seed'] + c, torch.float32, dev).view(E, H))
            w13 = torch.empty(E, 2 * I, H, dtype=torch.float16, device=dev)
            w13[:, :I] = generated(E * I * H, g['w_gate']['fill'], g['w_gate']['seed'] + c, torch.float16, dev).view(E, I, H)
            w13[:, I:] = generated(E * I * H, g['w_up']['fill'], g['w_up']['seed'] + c, torch.float16, dev).view(E, I, H)
            self.w13.append(w13)
            self.w2.append(generated(E * H * I, g['w_down']['fill'], g['w_down']['seed'] + c, torch.float16, dev).view(E, H, I))

    def route(self, c):
        """the router as kforge's: f32 logits, softmax, top-k, renormalized"""
        p = torch.softmax(F.linear(self.x32[c], self.router[c]), dim=-1)
        w, ids = torch.topk(p, self.topk, dim=-1)
        if self.norm:
            w = w / w.sum(dim=-1, keepdim=True)
        return w.contiguous(), ids

    def reference(self, tokens):
        """float64 y of the sampled tokens of copy 0, routed in float64"""
        x = self.x32[0][tokens].double()
        p = torch.softmax(x @ self.router[0].double().t(), dim=-1)
        w, ids = torch.topk(p, self.topk, dim=-1)
        if self.norm:
            w = w / w.sum(dim=-1, keepdim=True)
        y = torch.zeros(len(tokens), self.H, dtype=torch.float64, device=x.device)
        for n in range(len(tokens)):
            e = ids[n]
            wg, wu = self.w13[0][e, :self.I].double(), self.w13[0][e, self.I:].double()  # [topk, I, H]
            gate, up = torch.einsum('kih,h->ki', wg, x[n]), torch.einsum('kih,h->ki', wu, x[n])
            h = gate * torch.sigmoid(gate) * up
            y[n] = torch.einsum('k,khi,ki->h', w[n], self.w2[0][e].double(), h)
        return y


def align_block_size(ids, block_m, E):
    """vLLM's moe_align_block_size in PyTorch (no host synchronization, so it captures): the (token, slot)
    pairs sorted by expert (stable), each expert's run padded to block_m with the id numel, the expert of
    every block of block_m, and the padded total"""
    flat = ids.flatten().to(torch.int64)
    numel = flat.numel()
    max_padded = numel + E * (block_m - 1)
    if numel < E:
        max_padded = min(numel * block_m, max_padded)
    blocks = -(-max_padded // block_m)
    counts = torch.zeros(E, dtype=torch.int64, device=ids.device).scatter_add_(0, flat, torch.ones_like(flat))
    padded = (counts + block_m - 1) // block_m * block_m
    ends = torch.cumsum(padded, 0)
    starts = ends - padded
    order = torch.argsort(flat, stable=True)
    expert = flat[order]
    rank = torch.arange(numel, device=ids.device) - (torch.cumsum(counts, 0) - counts)[expert]
    sorted_ids = torch.full((blocks * block_m,), numel, dtype=torch.int32, device=ids.device)
    sorted_ids[starts[expert] + rank] = order.to(torch.int32)
    block_start = torch.arange(blocks, device=ids.device) * block_m
    expert_ids = torch.searchsorted(ends, block_start, right=True).clamp_max(E - 1).to(torch.int32)
    return sorted_ids, expert_ids, ends[-1:].to(torch.int32)


def vllm_config(path, E, I, T):
    """vLLM's tuned config for this shape on the H200, the batch size nearest T (try_get_optimal_moe_config)"""
    configs = {int(k): v for k, v in json.load(open(os.path.join(path, 'configs', VLLM_CONFIG.format(E=E, N=I)))).items()}
    return configs[min(configs, key=lambda m: abs(m - T))]


def fused_moe_step(layer, vllm, config):
    import triton.language as tl
    T, H, I, E, topk = layer.T, layer.H, layer.I, layer.E, layer.topk

    def step(c):
        w, ids = layer.route(c)
        sorted_ids, expert_ids, post = align_block_size(ids, config['BLOCK_SIZE_M'], E)
        cache1 = torch.empty(T, topk, 2 * I, dtype=torch.float16, device=w.device)
        cache3 = torch.empty(T, topk, H, dtype=torch.float16, device=w.device)
        vllm.invoke_fused_moe_kernel(layer.x16[c], layer.w13[c], cache1, None, None, None, w, sorted_ids, expert_ids, post,
                                     False, topk, config, tl.float16, False, False, False, False, False)
        g = cache1.view(-1, 2 * I)
        cache2 = F.silu(g[:, :I]) * g[:, I:]
        vllm.invoke_fused_moe_kernel(cache2, layer.w2[c], cache3, None, None, None, w, sorted_ids, expert_ids, post,
                                     True, 1, config, tl.float16, False, False, False, False, False)
        return cache3.sum(dim=1)
    return step


def fused_moe_kernels_step(layer, vllm, config):
    """vLLM's part alone: the routing and the alignment of every copy made beforehand, so the timed
    region holds the two Triton GEMMs, silu(gate) * up and the sum over the topk partials (vLLM's
    topk_softmax and moe_align_block_size are one compiled kernel each, not this PyTorch glue)"""
    import triton.language as tl
    T, H, I, E, topk = layer.T, layer.H, layer.I, layer.E, layer.topk
    routed = []
    for c in range(layer.copies):
        w, ids = layer.route(c)
        routed.append((w, *align_block_size(ids, config['BLOCK_SIZE_M'], E)))

    def step(c):
        w, sorted_ids, expert_ids, post = routed[c]
        cache1 = torch.empty(T, topk, 2 * I, dtype=torch.float16, device=w.device)
        cache3 = torch.empty(T, topk, H, dtype=torch.float16, device=w.device)
        vllm.invoke_fused_moe_kernel(layer.x16[c], layer.w13[c], cache1, None, None, None, w, sorted_ids, expert_ids, post,
                                     False, topk, config, tl.float16, False, False, False, False, False)
        g = cache1.view(-1, 2 * I)
        cache2 = F.silu(g[:, :I]) * g[:, I:]
        vllm.invoke_fused_moe_kernel(cache2, layer.w2[c], cache3, None, None, None, w, sorted_ids, expert_ids, post,
                                     True, 1, config, tl.float16, False, False, False, False, False)
        return cache3.sum(dim=1)
    return step


def grouped_mm_step(layer, dtype):
    T, H, I, E, topk = layer.T, layer.H, layer.I, layer.E, layer.topk
    w13t = [w.to(dtype).transpose(-2, -1) for w in layer.w13] if dtype != torch.float16 else [w.transpose(-2, -1) for w in layer.w13]
    w2t = [w.to(dtype).transpose(-2, -1) for w in layer.w2] if dtype != torch.float16 else [w.transpose(-2, -1) for w in layer.w2]
    xs = [x.to(dtype) for x in layer.x32]

    def step(c):
        w, ids = layer.route(c)
        flat = ids.flatten()
        order = torch.argsort(flat, stable=True)
        counts = torch.zeros(E, dtype=torch.int64, device=w.device).scatter_add_(0, flat, torch.ones_like(flat))
        offs = torch.cumsum(counts, 0).to(torch.int32)
        h = torch._grouped_mm(xs[c][order // topk], w13t[c], offs=offs)
        h = F.silu(h[:, :I]) * h[:, I:]
        o = torch._grouped_mm(h, w2t[c], offs=offs).float() * w.flatten()[order][:, None]
        out = torch.empty(T * topk, H, dtype=torch.float32, device=w.device)
        out[order] = o
        return out.view(T, topk, H).sum(dim=1)
    return step, w13t, w2t, xs


def eager_step(layer):
    T, H, I, E, topk = layer.T, layer.H, layer.I, layer.E, layer.topk

    def step(c):
        w, ids = layer.route(c)
        y = torch.zeros(T, H, dtype=torch.float32, device=w.device)
        mask = F.one_hot(ids, E).permute(2, 1, 0)  # [E, topk, T]
        for e in torch.nonzero(mask.sum(dim=(-1, -2)) > 0).flatten().tolist():
            slot, tok = torch.where(mask[e])
            xe = layer.x16[c][tok]
            h = F.silu(xe @ layer.w13[c][e, :I].t()) * (xe @ layer.w13[c][e, I:].t())
            y.index_add_(0, tok, (h @ layer.w2[c][e].t()).float() * w[tok, slot, None])
        return y
    return step


def moe_case(entry, work, vllm, meta):
    dev = torch.device('cuda')
    t0 = time.time()
    layer = Layer(entry, dev)
    tokens = torch.tensor(entry['sampleTokens'], dtype=torch.int64, device=dev)
    ref = layer.reference(tokens)
    base = {'case': entry['kforgeCase'], 'phase': entry['phase'], 'params': entry['params'], 'copies': layer.copies, 'bytes': entry['bytes'],
            'active_bytes': entry['activeBytes'], 'flops': entry['flops'], 'sample_tokens': len(entry['sampleTokens']),
            'setup_s': round(time.time() - t0, 2), **meta}
    for impl in entry['impls']:
        keep = []
        try:
            if impl == 'fused_moe':
                if vllm is None:
                    emit({**base, 'impl': impl, 'mode': 'graph', 'status': 'unavailable', 'error': meta.get('vllm_error', 'no .vllm/ (vLLM kernel source)')})
                    continue
                config = vllm_config(meta['vllm_path'], layer.E, layer.I, layer.T)
                step, modes, extra = fused_moe_step(layer, vllm.module, config), ('graph', 'eager'), {'vllm_config': config, 'dtype': 'f16',
                                                                                                 'fn': 'vllm fused_moe_kernel (Triton) x 2 + PyTorch routing, alignment, silu*up, sum'}
            elif impl == 'grouped_mm':
                if not hasattr(torch, '_grouped_mm'):
                    emit({**base, 'impl': impl, 'mode': 'graph', 'status': 'unavailable', 'error': f'torch {torch.__version__} has no torch._grouped_mm'})
                    continue
                refused = None
                for dtype in (torch.bfloat16, torch.float16):
                    step, *keep = grouped_mm_step(layer, dtype)
                    try:
                        step(0)
                        torch.cuda.synchronize()
                        break
                    except Exception as e:
                        refused = f'{dtype}: {str(e).strip().splitlines()[-1][:200] if str(e).strip() else type(e).__name__}'
                        keep = []
                        step = None
                if step is None:
                    raise RuntimeError(f'torch._grouped_mm refused bf16 and f16: {refused}')
                name = 'f16' if dtype == torch.float16 else 'bf16'
                modes, extra = ('graph', 'eager'), {'dtype': name, 'fn': 'torch._grouped_mm x 2 + PyTorch routing, sort, silu*up, weighted sum',
                                                    'format': 'bf16 x and experts (rounded from the f16 ones), f32 routing' if name == 'bf16' else 'f16',
                                                    **({'bf16_refused': refused} if name == 'f16' else {})}
            elif impl == 'fused_moe_kernels':
                if vllm is None:
                    continue
                config = vllm_config(meta['vllm_path'], layer.E, layer.I, layer.T)
                step, modes, extra = fused_moe_kernels_step(layer, vllm.module, config), ('graph',), {'vllm_config': config, 'dtype': 'f16',
                                                                                                  'fn': 'vllm fused_moe_kernel (Triton) x 2 + silu*up + sum; routing and alignment outside the timed region'}
            else:
                step, modes, extra = eager_step(layer), ('eager',), {'dtype': 'f16', 'fn': 'PyTorch loop over the routed experts (F.linear-style matmuls, index_add_)'}
            y = step(0)  # the first call compiles vLLM's Triton kernels for this config
            torch.cuda.synchronize()
            got = y[tokens].float()
            folder = os.path.join(work, f"moe-{entry['kforgeCase']}", impl)
            os.makedirs(folder, exist_ok=True)
            np.save(os.path.join(folder, 'y_rows.npy'), got.cpu().numpy())
            checks = {'nmse_vs_f64': nmse(got, ref), 'all_finite': bool(torch.isfinite(y).all()), 'y_dtype': str(y.dtype),
                      'rows': os.path.relpath(os.path.join(folder, 'y_rows.npy'), work), 'kernels': kernels_of(step)}
            del y
        except Exception:
            emit({**base, 'impl': impl, 'mode': 'graph', 'status': 'unavailable', 'error': traceback.format_exc()[-1200:]})
            continue
        for mode in modes:
            try:
                if mode == 'eager':
                    timings = time_eager(step, layer.copies, min(entry['repeats'], EAGER_REPEATS), 1)
                else:
                    timings = time_graph(step, layer.copies, entry['repeats'], entry['warmup'])
                emit({**base, **extra, **checks, 'impl': impl, 'mode': mode, 'graph': mode == 'graph', 'timings_ns': timings, 'median_ns': sorted(timings)[len(timings) // 2]})
            except Exception:
                emit({**base, **extra, **checks, 'impl': impl, 'mode': mode, 'status': 'unavailable', 'error': traceback.format_exc()[-1200:]})
            finally:
                torch.cuda.synchronize()
        del step, keep
    del layer
    torch.cuda.empty_cache()


class Vllm:
    def __init__(self, module):
        self.module = module


def main(plan_path, work):
    plan = json.load(open(plan_path))
    entries = plan.get('moe') or []
    if not entries:
        return
    if not torch.cuda.is_available():
        for e in entries:
            emit({'case': e['kforgeCase'], 'params': e['params'], 'status': 'unavailable', 'error': 'torch.cuda.is_available() is false'})
        return
    torch.backends.cuda.matmul.allow_tf32 = False
    import triton
    meta = {'triton': triton.__version__}
    vllm = None
    path = vllm_path()
    if path is None:
        meta['vllm_error'] = 'no .vllm/ (vLLM fused_moe kernel source) beside the bundle and no VLLM_PATH'
    else:
        try:
            sys.path.insert(0, path)
            import fused_moe_kernel
            vllm = Vllm(fused_moe_kernel)
            commit = os.path.join(path, 'COMMIT')
            meta.update(vllm_path=path, vllm_commit=open(commit).read().strip()[:200] if os.path.exists(commit) else 'unknown')
        except Exception:
            meta['vllm_error'] = 'import of the carried vLLM kernel failed: ' + traceback.format_exc()[-800:]
    for entry in entries:
        try:
            moe_case(entry, work, vllm, meta)
        except Exception:
            emit({'case': entry['kforgeCase'], 'params': entry['params'], 'status': 'unavailable', 'error': traceback.format_exc()[-1200:]})
        finally:
            torch.cuda.synchronize()
            torch.cuda.empty_cache()


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
