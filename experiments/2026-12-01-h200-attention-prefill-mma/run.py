# Runs the generated tensor-core prefill kernels (cases/*.cu) on the GPU: nvcc -> cubin, launched through the driver API on
# torch-allocated buffers; checks each against a float64 torch reference of SPEC's attention (nmse, max error),
# times the perf cases with CUDA events, times SDPA's flash and cuDNN backends on the same shapes, counts HMMA.
import json, math, os, subprocess, sys, time
import numpy as np
import torch
import ctypes

OUT = os.environ.get('OUT', '/tmp')
here = os.path.dirname(os.path.abspath(__file__))
cases = json.load(open(os.path.join(here, 'cases', 'cases.json')))
only = sys.argv[1:] 
torch.manual_seed(0)
dev = torch.device('cuda')
log = open(os.path.join(OUT, 'results.txt'), 'w')

def say(*a):
    s = ' '.join(str(x) for x in a)
    print(s, flush=True)
    log.write(s + '\n'); log.flush()

def q8_0(x):
    # ggml q8_0 along the last axis: f16 d = amax / 127, codes round(x / d)
    *lead, n = x.shape
    blocks = x.reshape(*lead, n // 32, 32).double()
    amax = blocks.abs().amax(-1, keepdim=True)
    d = (amax / 127).half()
    dd = d.double()
    codes = torch.where(dd == 0, torch.zeros_like(blocks), torch.round(blocks / torch.where(dd == 0, torch.ones_like(dd), dd))).clamp(-127, 127).to(torch.int8)
    deq = (codes.double() * dd).reshape(*lead, n)
    raw = torch.cat([d.view(torch.uint8).reshape(*lead, n // 32, 2), codes.view(torch.uint8)], -1).reshape(*lead, n // 32 * 34)
    return raw.contiguous(), deq

def reference(p, q, k, v):
    B, Hq, Hkv, Sq, Skv = p['B'], p['Hq'], p['Hkv'], p['Sq'], p['Skv']
    G = Hq // Hkv
    pos = torch.arange(Skv - Sq, Skv, device=dev)[:, None]
    key = torch.arange(Skv, device=dev)[None, :]
    ok = torch.ones(Sq, Skv, dtype=torch.bool, device=dev)
    if p['causal']: ok &= key <= pos
    if p['window'] > 0: ok &= key > pos - p['window']
    o = torch.empty(B, Hq, Sq, p['Dv'], dtype=torch.float64, device=dev)
    for b in range(B):
        for h in range(Hq):
            s = (q[b, h].double() @ k[b, h // G].double().T) * p['scale']
            s = s.masked_fill(~ok, -math.inf)
            o[b, h] = torch.softmax(s, -1) @ v[b, h // G].double()
    return o

def sass_hmma(cubin):
    r = subprocess.run(['cuobjdump', '-sass', cubin], capture_output=True, text=True)
    return sum(1 for l in r.stdout.splitlines() if 'HMMA' in l), r.returncode

def timed(fn, reps=20):
    for _ in range(3): fn()
    torch.cuda.synchronize()
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(reps):
        a.record(); fn(); b.record(); b.synchronize()
        times.append(a.elapsed_time(b))
    return float(np.median(times))

torch.zeros(1, device=dev)  # the primary context, current on this thread
cuda = ctypes.CDLL('libcuda.so.1')

def check(rc, what):
    if rc != 0: raise RuntimeError(f'{what}: CUresult {rc}')

def load_kernel(cubin, smem):
    mod, fn = ctypes.c_void_p(), ctypes.c_void_p()
    check(cuda.cuModuleLoad(ctypes.byref(mod), cubin.encode()), 'cuModuleLoad')
    check(cuda.cuModuleGetFunction(ctypes.byref(fn), mod, b'attention_prefill_mma'), 'cuModuleGetFunction')
    check(cuda.cuFuncSetAttribute(fn, 8, ctypes.c_int(smem)), 'cuFuncSetAttribute')  # MAX_DYNAMIC_SHARED_SIZE_BYTES
    return fn

def launcher(fn, grid, block, smem, tensors, ints):
    vals = [ctypes.c_uint64(t.data_ptr()) for t in tensors] + [ctypes.c_int32(i) for i in ints]
    params = (ctypes.c_void_p * len(vals))(*[ctypes.cast(ctypes.byref(x), ctypes.c_void_p) for x in vals])
    def go():
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        check(cuda.cuLaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2], smem, stream, params, None), 'cuLaunchKernel')
    go.keep = (vals, params)
    return go

# compile every case at once (16 cores)
procs = {}
for cs in cases:
    if only and not any(o in cs['name'] for o in only): continue
    cu = os.path.join(here, 'cases', cs['name'] + '.cu')
    procs[cs['name']] = subprocess.Popen(['nvcc', '-O3', '-gencode', 'arch=compute_90,code=sm_90', '-Xptxas', '-v', '-cubin', cu, '-o', f"/tmp/{cs['name']}.cubin"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
compiled = {n: (p.wait(), p.stderr.read()) for n, p in procs.items()}

say('device', torch.cuda.get_device_name(), 'torch', torch.__version__)
for cs in cases:
    if only and not any(o in cs['name'] for o in only): continue
    p = cs['params']; name = cs['name']
    cu = os.path.join(here, 'cases', name + '.cu'); cubin = os.path.join('/tmp', name + '.cubin')
    t0 = time.time()
    rc, err_text = compiled[name]
    if rc != 0:
        say(name, 'COMPILE FAILED', err_text[-2000:]); continue
    regs = [l.strip() for l in err_text.splitlines() if 'registers' in l or 'spill' in l]
    hmma, _ = sass_hmma(cubin)
    fn = load_kernel(cubin, cs['smem'])
    B, Hq, Hkv, Sq, Skv, D, Dv = (p[x] for x in ['B', 'Hq', 'Hkv', 'Sq', 'Skv', 'D', 'Dv'])
    q = torch.randn(B, Hq, Sq, D, device=dev)
    kf = torch.randn(B, Hkv, Skv, D, device=dev); vf = torch.randn(B, Hkv, Skv, Dv, device=dev)
    if p['kv'] == 'f32': kbuf, vbuf, kref, vref = kf, vf, kf.double(), vf.double()
    elif p['kv'] == 'f16': kbuf, vbuf = kf.half(), vf.half(); kref, vref = kbuf.double(), vbuf.double()
    else: (kbuf, kref), (vbuf, vref) = q8_0(kf), q8_0(vf)
    o = torch.full((B, Hq, Sq, Dv), float('nan'), device=dev)
    launch = launcher(fn, cs['grid'], cs['block'], cs['smem'], (q, kbuf, vbuf, o), (B, Sq, Skv))
    launch(); torch.cuda.synchronize()
    ref = reference(p, q, kref, vref)
    err = (o.double() - ref)
    nmse = float((err ** 2).sum() / (ref ** 2).sum())
    line = f"{name} q{cs['block_q']} kv{cs['block_kv']} nmse {nmse:.3e} maxerr {float(err.abs().max()):.3e} nan {int(torch.isnan(o).sum())} HMMA {hmma} {' | '.join(regs[-2:])}"
    if cs['perf']:
        ms = timed(launch)
        tf = cs['flops'] / ms / 1e9
        line += f" | {ms:.3f} ms {tf:.1f} TFLOP/s"
        qh, kh, vh = q.half(), kbuf if p['kv'] == 'f16' else kf.half(), vbuf if p['kv'] == 'f16' else vf.half()
        from torch.nn.attention import sdpa_kernel, SDPBackend
        import torch.nn.functional as F
        for be in [SDPBackend.FLASH_ATTENTION, SDPBackend.CUDNN_ATTENTION]:
            try:
                with sdpa_kernel(be):
                    f = lambda: F.scaled_dot_product_attention(qh, kh, vh, is_causal=True, enable_gqa=Hq != Hkv)
                    f(); bms = timed(f)
                line += f" | {be.name} {bms:.3f} ms {cs['flops'] / bms / 1e9:.1f} TFLOP/s"
            except Exception as e:
                line += f" | {be.name} failed: {str(e)[:80]}"
    say(line, f"({time.time() - t0:.1f}s)")
    del q, kf, vf, kbuf, vbuf, o, ref, err
    torch.cuda.empty_cache()
say('done')
