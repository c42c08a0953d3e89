#!/usr/bin/env python3
"""Independent float64 references of kforge's operators and weight formats (python3 + numpy only).

Written from the contract (shared/SPEC.md sections 1-3 and 6) and ggml's quantize_row_{q8_0,q4_0,q4_1}_ref,
without reading kforge's TypeScript. Commands mirror the kforge CLI:

  reference.py reference OP --params JSON|@FILE --in DIR --out DIR   # outputs as float64 .npy
  reference.py quantize --format F --in DIR --out DIR                # every f32 tensor, same names as kforge
  reference.py gen CASES.json WORK                                   # crosscheck.ts: write the inputs of every case
  reference.py check CASES.json WORK                                 # crosscheck.ts: compare kforge's files, JSON lines
                                                                     # (and each `kforge run` output by nmse)
"""
import json
import os
import sys

import numpy as np

F16, F32, F64 = np.float16, np.float32, np.float64

# SPEC section 2: block formats (elements per block, bytes per block) and planar group sizes.
BLOCK = {'q8_0': (32, 34), 'q4_0': (32, 18), 'q4_1': (32, 20)}
PLANAR = {'w4g32': 32, 'w4g64': 64, 'w4g128': 128}
DENSE = ('f32', 'f16', 'bf16')
FORMATS = DENSE + tuple(BLOCK) + tuple(PLANAR)


class BadInput(Exception):
    pass


# ---------------------------------------------------------------- tensors on disk (SPEC section 1)

def load(folder, name, dtype, shape):
    path = os.path.join(folder, name + '.npy')
    if not os.path.exists(path):
        raise BadInput(f'missing tensor {name}')
    a = np.load(path, allow_pickle=False)
    if a.dtype != np.dtype(dtype):
        raise BadInput(f'{name}: dtype {a.dtype.str}, expected {np.dtype(dtype).str}')
    if tuple(a.shape) != tuple(shape):
        # SPEC writes block weights as [rows, bytesPerRow]; kforge keeps the leading axes. Accept both.
        if a.ndim == 2 and len(shape) > 2 and a.shape[-1] == shape[-1] and a.size == int(np.prod(shape)):
            return a.reshape(shape)
        raise BadInput(f'{name}: shape {list(a.shape)}, expected {list(shape)}')
    return a


def bf16_to_f64(bits):
    return (bits.astype(np.uint32) << 16).view(F32).astype(F64)


def f32_to_bf16(x):
    """Round to nearest even, as PyTorch does; NaN stays a quiet NaN."""
    b = np.ascontiguousarray(x, dtype=F32).view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(x)
    r[nan] = ((b[nan] >> 16) | 0x40).astype(np.uint16)
    return r


def f16_bits_to_f64(raw2):
    """[..., 2] little-endian byte pairs -> float64."""
    return np.ascontiguousarray(raw2).view('<f2')[..., 0].astype(F64)


def load_weight(folder, name, fmt, shape):
    """The float64 values of a weight of logical shape [..., K], decoded from its stored bytes."""
    shape = tuple(shape)
    lead, K = shape[:-1], shape[-1]
    if fmt == 'f32':
        return load(folder, name, '<f4', shape).astype(F64)
    if fmt == 'f16':
        return load(folder, name, '<f2', shape).astype(F64)
    if fmt == 'bf16':
        return bf16_to_f64(load(folder, name, '<u2', shape))
    if fmt in BLOCK:
        qk, bpb = BLOCK[fmt]
        if K % qk:
            raise BadInput(f'{name}: K={K} is not a multiple of {qk}')
        nb = K // qk
        blocks = load(folder, name, '|u1', lead + (nb * bpb,)).reshape(lead + (nb, bpb))
        d = f16_bits_to_f64(blocks[..., 0:2])[..., None]
        if fmt == 'q8_0':
            q = blocks[..., 2:].view(np.int8).astype(F64)
            vals = d * q
        else:
            qs = blocks[..., 2:18] if fmt == 'q4_0' else blocks[..., 4:20]
            codes = np.concatenate([qs & 15, qs >> 4], axis=-1).astype(F64)  # j<16 low nibbles, j>=16 high
            if fmt == 'q4_0':
                vals = (codes - 8) * d
            else:
                m = f16_bits_to_f64(blocks[..., 2:4])[..., None]
                vals = codes * d + m
        return vals.reshape(shape)
    if fmt in PLANAR:
        G = PLANAR[fmt]
        if K % G:
            raise BadInput(f'{name}: K={K} is not a multiple of {G}')
        packed = load(folder, name, '|u1', lead + (K // 2,))
        scale = load(folder, name + '_scale', '<f2', lead + (K // G,)).astype(F64)
        mn = load(folder, name + '_min', '<f2', lead + (K // G,)).astype(F64)
        codes = np.stack([packed & 15, packed >> 4], axis=-1).reshape(shape).astype(F64)  # 2i low, 2i+1 high
        return codes * np.repeat(scale, G, axis=-1) + np.repeat(mn, G, axis=-1)
    raise BadInput(f'unknown format {fmt}')


# ---------------------------------------------------------------- quantizers (SPEC section 2, ggml)

def round_half_away(x):
    """C roundf (exact for f32 values taken to float64: an f32 plus 0.5 is representable)."""
    x = x.astype(F64)
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


def inv_or_zero(d):
    """id = d ? 1.0f/d : 0.0f, in f32."""
    out = np.zeros_like(d, dtype=F32)
    np.divide(F32(1), d, out=out, where=d != 0)
    return out


def first_where(x, idx):
    return np.take_along_axis(x, idx[..., None], axis=-1)[..., 0]


def to_f16(x):
    """Round to nearest even; beyond 65504 to inf, as ggml's and numpy's conversions do."""
    with np.errstate(over='ignore'):
        return x.astype(F16).astype('<f2')


def f16_bytes(v32):
    return to_f16(v32).view(np.uint8).reshape(v32.shape + (2,))


def quantize_block(fmt, x):
    """ggml quantize_row_*_ref over the last axis, all arithmetic in f32. Returns u8 [..., K/32*bpb]."""
    qk, bpb = BLOCK[fmt]
    lead, K = x.shape[:-1], x.shape[-1]
    if K % qk:
        raise BadInput(f'K={K} is not a multiple of {qk}')
    b = x.astype(F32).reshape(lead + (K // qk, qk))
    out = np.zeros(b.shape[:-1] + (bpb,), dtype=np.uint8)
    if fmt == 'q8_0':
        amax = np.max(np.abs(b), axis=-1)
        d = (amax / F32(127)).astype(F32)
        q = round_half_away(b * inv_or_zero(d)[..., None])
        out[..., 0:2] = f16_bytes(d)
        out[..., 2:] = q.astype(np.int8).view(np.uint8)
    elif fmt == 'q4_0':
        # the first element of largest magnitude (strict '<' in ggml); an all-zero block keeps max = +0.0
        absb = np.abs(b)
        amax = np.max(absb, axis=-1)
        mx = np.where(amax > 0, first_where(b, np.argmax(absb, axis=-1)), F32(0)).astype(F32)
        d = (mx / F32(-8)).astype(F32)
        x0 = b * inv_or_zero(d)[..., None]
        xi = np.minimum(15, np.trunc((x0 + F32(8.5)).astype(F32)).astype(np.int64))  # (int8_t) truncates
        out[..., 0:2] = f16_bytes(d)
        out[..., 2:18] = (xi[..., :16] | (xi[..., 16:] << 4)).astype(np.uint8)
    else:  # q4_1
        mn = first_where(b, np.argmin(b, axis=-1))
        mx = first_where(b, np.argmax(b, axis=-1))
        d = ((mx - mn) / F32(15)).astype(F32)
        x0 = (b - mn[..., None]).astype(F32) * inv_or_zero(d)[..., None]
        xi = np.minimum(15, np.trunc((x0 + F32(0.5)).astype(F32)).astype(np.int64))
        out[..., 0:2] = f16_bytes(d)
        out[..., 2:4] = f16_bytes(mn)
        out[..., 4:20] = (xi[..., :16] | (xi[..., 16:] << 4)).astype(np.uint8)
    return out.reshape(lead + (K // qk * bpb,))


def quantize_planar(G, x):
    """w4g*: SPEC defines only the decoding (q * scale + min). This is the usual asymmetric min/max scheme:
    min and scale = (max - min) / 15 per group (f32), stored as f16, and each code the nearest to x under
    the stored f16 scale and min: q = roundf((x - min16) / scale16) in float64, clamped to [0, 15]. SPEC is
    silent on ties; roundf (half away from zero) is what ggml's and MNN's C quantizers use."""
    lead, K = x.shape[:-1], x.shape[-1]
    if K % G:
        raise BadInput(f'K={K} is not a multiple of {G}')
    g = x.astype(F32).reshape(lead + (K // G, G))
    mn, mx = g.min(axis=-1), g.max(axis=-1)
    scale16 = to_f16(((mx - mn) / F32(15)).astype(F32))
    min16 = to_f16(mn)
    s, m = scale16.astype(F64)[..., None], min16.astype(F64)[..., None]
    with np.errstate(divide='ignore', invalid='ignore'):
        q = np.where(s > 0, round_half_away((g.astype(F64) - m) / np.where(s > 0, s, 1)), 0)
    q = np.clip(q, 0, 15).astype(np.uint8).reshape(lead + (K,))
    packed = (q[..., 0::2] | (q[..., 1::2] << 4)).astype(np.uint8)
    return packed, scale16, min16


def quantize(fmt, name, x):
    """{file name: array} as `kforge quantize` names them."""
    if fmt == 'f32':
        return {name: x.astype('<f4')}
    if fmt == 'f16':
        return {name: to_f16(x)}
    if fmt == 'bf16':
        return {name: f32_to_bf16(x).astype('<u2')}
    if fmt in BLOCK:
        return {name: quantize_block(fmt, x)}
    packed, scale, mn = quantize_planar(PLANAR[fmt], x)
    return {name: packed, name + '_scale': scale, name + '_min': mn}


def quantize_folder(fmt, src):
    out = {}
    for file in sorted(os.listdir(src)):
        if not file.endswith('.npy'):
            continue
        a = np.load(os.path.join(src, file), allow_pickle=False)
        if a.dtype == np.dtype('<f4'):
            out.update(quantize(fmt, file[:-4], a))
    return out


# ---------------------------------------------------------------- operators (SPEC section 3)

def gemv(p, d):
    M, N, K = p.get('M', 1), p['N'], p['K']
    if not 1 <= M <= 64:
        raise BadInput(f'M={M} is outside 1..64')
    x = load(d, 'x', '<f2' if p.get('act', 'f32') == 'f16' else '<f4', (M, K)).astype(F64)
    W = load_weight(d, 'W', p.get('weight', 'f32'), (N, K))
    y = x @ W.T
    if p.get('bias', False):
        y = y + load(d, 'bias', '<f4', (N,)).astype(F64)
    return {'y': y}


def attention(p, d):
    B, Hq, Sq, Skv, D = p.get('B', 1), p['Hq'], p['Sq'], p['Skv'], p['D']
    Hkv, Dv = p.get('Hkv', Hq), p.get('Dv', D)
    scale = p.get('scale', 1 / np.sqrt(D))
    kv, window = p.get('kv', 'f32'), p.get('window', 0)
    if Hq % Hkv:
        raise BadInput(f'Hq={Hq} is not a multiple of Hkv={Hkv}')
    if Sq > Skv:
        raise BadInput(f'Sq={Sq} > Skv={Skv}')
    if window < 0:
        raise BadInput(f'window={window} < 0')
    if kv not in ('f32', 'f16', 'q8_0'):
        raise BadInput(f'kv={kv}: not f32, f16 or q8_0')
    if kv == 'q8_0' and (D % 32 or Dv % 32):
        raise BadInput(f'q8_0 KV needs D={D} and Dv={Dv} to be multiples of 32')
    q = load(d, 'q', '<f4', (B, Hq, Sq, D)).astype(F64)
    # f32 and f16 as stored; q8_0 as u8 [B, Hkv, Skv, D/32*34] blocks decoded to d * q
    k = load_weight(d, 'k', kv, (B, Hkv, Skv, D))
    v = load_weight(d, 'v', kv, (B, Hkv, Skv, Dv))
    # query head h reads kv head floor(h / (Hq/Hkv))
    k, v = np.repeat(k, Hq // Hkv, axis=1), np.repeat(v, Hq // Hkv, axis=1)
    pos = Skv - Sq + np.arange(Sq)[:, None]  # bottom-right aligned
    j = np.arange(Skv)[None, :]
    see = np.ones((Sq, Skv), dtype=bool)
    if p.get('causal', False):
        see &= j <= pos
    if window > 0:
        see &= j > pos - window
    s = np.einsum('bhid,bhjd->bhij', q, k) * scale
    s = np.where(see, s, -np.inf)
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return {'o': np.einsum('bhij,bhjd->bhid', e, v) / e.sum(axis=-1, keepdims=True)}


def gated_delta_rule(p, d):
    B, T, Hk, Dk = p.get('B', 1), p['T'], p['Hk'], p['Dk']
    Hv, Dv = p.get('Hv', Hk), p.get('Dv', Dk)
    scale = p.get('scale', 1 / np.sqrt(Dk))
    if Hv % Hk:
        raise BadInput('Hv % Hk != 0')
    g = load(d, 'g', '<f4', (B, T, Hv)).astype(F64)
    beta = load(d, 'beta', '<f4', (B, T, Hv)).astype(F64)
    if not (np.all(g <= 0) and np.all((beta >= 0) & (beta <= 1))):
        raise BadInput('g must be <= 0 and beta in [0, 1]')
    q = load(d, 'q', '<f4', (B, T, Hk, Dk)).astype(F64)
    k = load(d, 'k', '<f4', (B, T, Hk, Dk)).astype(F64)
    v = load(d, 'v', '<f4', (B, T, Hv, Dv)).astype(F64)
    S = load(d, 's0', '<f4', (B, Hv, Dk, Dv)).astype(F64).copy()
    if p.get('l2norm', False):
        q = q / np.sqrt(np.sum(q * q, axis=-1, keepdims=True) + 1e-6)
        k = k / np.sqrt(np.sum(k * k, axis=-1, keepdims=True) + 1e-6)
    head = np.arange(Hv) // (Hv // Hk)  # value head h reads q/k head floor(h / (Hv/Hk))
    q, k = q[:, :, head], k[:, :, head]
    o = np.zeros((B, T, Hv, Dv))
    for t in range(T):
        S *= np.exp(g[:, t])[:, :, None, None]
        kt = k[:, t]
        u = beta[:, t][..., None] * (v[:, t] - np.einsum('bhkv,bhk->bhv', S, kt))
        S += kt[..., :, None] * u[..., None, :]
        o[:, t] = scale * np.einsum('bhkv,bhk->bhv', S, q[:, t])
    return {'o': o, 's': S}


def moe(p, d):
    T, H, I, E, topk = p['T'], p['H'], p['I'], p['E'], p['topk']
    fmt = p.get('weight', 'f32')
    x = load(d, 'x', '<f4', (T, H)).astype(F64)
    wg = load_weight(d, 'w_gate', fmt, (E, I, H))
    wu = load_weight(d, 'w_up', fmt, (E, I, H))
    wd = load_weight(d, 'w_down', fmt, (E, H, I))
    if p.get('routing', 'router') == 'router':
        logits = x @ load(d, 'router', '<f4', (E, H)).astype(F64).T
        pr = np.exp(logits - logits.max(axis=-1, keepdims=True))
        pr /= pr.sum(axis=-1, keepdims=True)
        ids = np.argsort(-pr, axis=-1, kind='stable')[:, :topk]  # ties: lower index first
        w = np.take_along_axis(pr, ids, axis=-1)
        if p.get('normTopk', False):
            w = w / w.sum(axis=-1, keepdims=True)
    else:
        ids = load(d, 'ids', '<i4', (T, topk)).astype(np.int64)
        w = load(d, 'weights', '<f4', (T, topk)).astype(F64)
        if ids.min() < 0 or ids.max() >= E:
            raise BadInput('ids out of range')
    y = np.zeros((T, H))
    for t in range(T):
        for e, we in zip(ids[t], w[t]):
            a = wg[e] @ x[t]
            with np.errstate(over='ignore'):
                h = a / (1 + np.exp(-a)) * (wu[e] @ x[t])
            y[t] += we * (wd[e] @ h)
    return {'y': y}


OPS = {'gemv': gemv, 'attention': attention, 'gated_delta_rule': gated_delta_rule, 'moe': moe}


# ---------------------------------------------------------------- case inputs (for crosscheck.ts)

def rand_f16_bits(rng, shape, lo=0, hi=20):
    """Finite f16 bit patterns: random sign and mantissa, exponent field in [lo, hi] (0 = subnormal)."""
    sign = rng.integers(0, 2, shape, dtype=np.uint16) << 15
    exp = rng.integers(lo, hi + 1, shape, dtype=np.uint16) << 10
    return (sign | exp | rng.integers(0, 1024, shape, dtype=np.uint16)).astype(np.uint16)


def raw_weight(rng, fmt, name, shape, scale_exp=(3, 15)):
    """Stored bytes drawn directly (not through any quantizer): every code, both signs of d, subnormal
    and zero scales, so that decoding is checked on blocks a quantizer would never write. scale_exp: the
    f16 exponent field of the block scales (attention keys keep theirs small: softmax stays soft)."""
    lead, K = tuple(shape[:-1]), shape[-1]
    if fmt == 'f32':
        return {name: rng.standard_normal(shape).astype('<f4')}
    if fmt == 'f16':
        return {name: rand_f16_bits(rng, shape, 0, 16).view('<f2')}
    if fmt == 'bf16':
        sign = rng.integers(0, 2, shape, dtype=np.uint16) << 15
        exp = rng.integers(112, 131, shape, dtype=np.uint16) << 7
        return {name: (sign | exp | rng.integers(0, 128, shape, dtype=np.uint16)).astype('<u2')}
    if fmt in BLOCK:
        qk, bpb = BLOCK[fmt]
        nb = K // qk
        blocks = rng.integers(0, 256, lead + (nb, bpb), dtype=np.uint8)
        scales = 2 if fmt == 'q4_1' else 1
        bits = rand_f16_bits(rng, lead + (nb, scales), *scale_exp)
        special = rng.random(lead + (nb, scales)) < 0.08  # zeros, -0 and subnormals
        bits[special] = rng.choice(np.array([0x0000, 0x8000, 0x0001, 0x83FF, 0x0200], dtype=np.uint16),
                                   int(special.sum()))
        blocks[..., : 2 * scales] = bits.astype('<u2').view(np.uint8).reshape(lead + (nb, 2 * scales))
        return {name: blocks.reshape(lead + (nb * bpb,))}
    G = PLANAR[fmt]
    return {name: rng.integers(0, 256, lead + (K // 2,), dtype=np.uint8),
            name + '_scale': rand_f16_bits(rng, lead + (K // G,), 3, 14).view('<f2'),
            name + '_min': rand_f16_bits(rng, lead + (K // G,), 3, 15).view('<f2')}


def weight_values(rng, shape):
    """f32 weights with a spread of row magnitudes, so that block scales cover several binades."""
    rows = 10.0 ** rng.uniform(-2.5, 1.0, tuple(shape[:-1]) + (1,))
    return (rng.standard_normal(shape) * rows).astype('<f4')


def quantize_edge_rows(K, planar):
    """Rows that hit the corners of the quantizers: zero and -0 blocks, +-amax ties, constant blocks,
    exact .5 points of roundf / truncation, f16 subnormal and overflowing scales, bf16/f16 ties.
    For the planar formats (no reference quantizer to follow) rows whose scale or min overflow f16 are left out."""
    rows = []
    z = np.zeros(K, F32)
    rows.append(z)
    rows.append(-z)
    a = np.full(K, 0.25, F32)
    a[::2] = -0.25  # amax tie, negative first
    rows.append(a)
    rows.append(-a)  # positive first
    rows.append(np.full(K, 3.0, F32))  # constant: q4_1 d = 0
    rows.append(np.full(K, -1.5, F32))
    h = (np.arange(K) % 32 - 16 + 0.5).astype(F32)
    h[::32] = 127.0  # q8_0: d = 1, x*id = k + 0.5 exactly
    rows.append(h)
    h4 = (np.arange(K) % 16 - 8 + 0.5).astype(F32)
    h4[::32] = -8.0  # q4_0: d = 1, x0 + 8.5 lands on integers
    rows.append(h4)
    rows.append((np.arange(K) % 16).astype(F32) * 0.5 + 1.0)  # q4_1 / w4g: codes exactly on the grid
    half = (np.arange(K) % 16).astype(F32) + 0.5
    half[::16], half[15::16] = 0.0, 15.0  # scale 1, min 0: every other value half way between two codes
    rows.append(half)
    rows.append((np.arange(K) % 7 - 3).astype(F32) * 1e-7)  # scales below f16's normal range
    rows.append((np.arange(K) % 5 - 2).astype(F32) * 3e-9)  # scales that flush to zero in f16
    big = (np.arange(K) % 9 - 4).astype(F32) * 1e6  # q8_0/q4_0 scales overflow f16 to inf
    if not planar:
        rows.append(big)
    # f16 and bf16 round-to-even ties: 1 + 2^-11 (f16 tie, even down), 1 + 3*2^-11 (up); 1 + 2^-8 (bf16);
    # 65520 rounds to inf in f16, 3.4e38 to inf in bf16
    ties = np.array([1 + 2 ** -11, 1 + 3 * 2 ** -11, 1 + 2 ** -8, 1 + 3 * 2 ** -8, 65520.0, 65519.0,
                     2 ** -25, 3 * 2 ** -26, -(1 + 2 ** -8), 100.0 if planar else 3.4e38], dtype=F32)
    rows.append(np.resize(ties, K).astype(F32))
    return np.stack(rows).astype('<f4')


def gen_case(case, work):
    """Write the inputs of one case; weights to quantize go to WORK/qsrc-FMT/<case>__<tensor>.npy."""
    rng = np.random.default_rng(case['seed'])
    p, op, name = case['params'], case['op'], case['name']
    folder = os.path.join(work, name, 'in')
    os.makedirs(folder, exist_ok=True)
    files = {}
    weights = {}  # tensor name -> logical shape, in the format of p['weight']

    def normal(shape, s=1.0):
        return (rng.standard_normal(shape) * s).astype('<f4')

    if op == 'quantize' and case.get('expectExit'):
        np.save(os.path.join(folder, 'E.npy'), normal((3, p['K'])))  # a K the format cannot hold
        return
    if op == 'quantize':
        # the edge rows plus random rows, quantized in every format by both sides
        rand = weight_values(rng, (p['rows'], p['K']))
        for f in FORMATS:
            vals = np.concatenate([quantize_edge_rows(p['K'], f in PLANAR), rand])
            os.makedirs(os.path.join(work, 'qsrc-' + f), exist_ok=True)
            np.save(os.path.join(work, 'qsrc-' + f, f'{name}__E.npy'), vals)
        return
    if op == 'gemv':
        M, N, K = p.get('M', 1), p['N'], p['K']
        x = normal((M, K))
        files['x'] = x.astype('<f2') if p.get('act', 'f32') == 'f16' else x
        weights['W'] = (N, K)
        if p.get('bias', False):
            files['bias'] = normal((N,))
    elif op == 'attention':
        B, Hq, Sq, Skv, D = p.get('B', 1), p['Hq'], p['Sq'], p['Skv'], p['D']
        Hkv, Dv = p.get('Hkv', Hq), p.get('Dv', D)
        kv = p.get('kv', 'f32')
        files['q'] = normal((B, Hq, Sq, D), 1.5)
        if case.get('expectExit') or case.get('wrongKv'):
            # bad input: q8_0 rows rounded up to whole blocks (or f32 where q8_0 is asked for), f32/f16 as asked
            for tname, width in (('k', D), ('v', Dv)):
                if kv == 'q8_0' and not case.get('wrongKv'):
                    files[tname] = rng.integers(0, 256, (B, Hkv, Skv, -(-width // 32) * 34), dtype=np.uint8)
                else:
                    files[tname] = normal((B, Hkv, Skv, width)).astype('<f2' if kv == 'f16' else '<f4')
        elif kv == 'q8_0' and case.get('rawWeights'):
            # every int8 code, odd scales (zero, -0, subnormal, negative); keys with small scales
            files.update(raw_weight(rng, 'q8_0', 'k', (B, Hkv, Skv, D), (4, 8)))
            files.update(raw_weight(rng, 'q8_0', 'v', (B, Hkv, Skv, Dv)))
        elif kv == 'q8_0':
            # f32 values that kforge quantize turns into q8_0 blocks, as gemv's weights
            for tname, width in (('k', D), ('v', Dv)):
                os.makedirs(os.path.join(work, 'qsrc-q8_0'), exist_ok=True)
                np.save(os.path.join(work, 'qsrc-q8_0', f'{name}__{tname}.npy'), normal((B, Hkv, Skv, width)))
        else:
            kvt = '<f2' if kv == 'f16' else '<f4'
            files['k'] = normal((B, Hkv, Skv, D)).astype(kvt)
            files['v'] = normal((B, Hkv, Skv, Dv)).astype(kvt)
    elif op == 'gated_delta_rule':
        B, T, Hk, Dk = p.get('B', 1), p['T'], p['Hk'], p['Dk']
        Hv, Dv = p.get('Hv', Hk), p.get('Dv', Dk)
        if p.get('l2norm', False):
            # norms from 3e-4 to 3, so that the 1e-6 inside the square root shows
            files['q'] = normal((B, T, Hk, Dk)) * 10.0 ** rng.uniform(-3.5, 0.5, (B, T, Hk, 1)).astype(F32)
            files['k'] = normal((B, T, Hk, Dk)) * 10.0 ** rng.uniform(-3.5, 0.5, (B, T, Hk, 1)).astype(F32)
        else:
            kscale = 1 / np.sqrt(Dk)  # |k| ~ 1 keeps (I - beta k k^T) contractive
            files['q'] = normal((B, T, Hk, Dk), 3 * kscale)
            files['k'] = normal((B, T, Hk, Dk), kscale)
        files['v'] = normal((B, T, Hv, Dv))
        # slow decay near 0 (with exact zeros), or fast decay down to -20 (ggml's test range)
        g = -rng.uniform(0, 20, (B, T, Hv)) if case.get('fastDecay') else -rng.exponential(0.3, (B, T, Hv))
        g[rng.random(g.shape) < 0.1] = 0.0
        beta = rng.random((B, T, Hv))
        beta[rng.random(beta.shape) < 0.1] = 0.0
        beta[rng.random(beta.shape) < 0.1] = 1.0
        if case.get('badGate') == 'g':
            g.flat[-1] = 0.5
        if case.get('badGate') == 'beta':
            beta.flat[0] = 1.25
        files['g'], files['beta'] = g.astype('<f4'), beta.astype('<f4')
        files['s0'] = normal((B, Hv, Dk, Dv), 0.5)
    elif op == 'moe':
        T, H, I, E, topk = p['T'], p['H'], p['I'], p['E'], p['topk']
        if case.get('ties'):
            # dyadic values keep every router logit exact, so experts 2 and 4 tie exactly for 2nd place
            x = rng.integers(-4, 5, (T, H)).astype(F32) / 8
            r = rng.integers(-2, 3, H).astype(F32) / 4
            r[0] = 0.5
            s = x @ r
            x[s < 0] *= -1
            x[s == 0] = 2 * r  # every token has r . x > 0
            router = np.stack([2 * r, -r, r, -r, r] + [-2 * r] * (E - 5)).astype('<f4')
            files['x'], files['router'] = x.astype('<f4'), router
        else:
            files['x'] = normal((T, H))
            if p.get('routing', 'router') == 'router':
                files['router'] = normal((E, H), 0.3)
        if p.get('routing', 'router') == 'given':
            files['ids'] = np.stack([rng.permutation(E)[:topk] for _ in range(T)]).astype('<i4')
            files['weights'] = rng.random((T, topk)).astype('<f4')
        weights = {'w_gate': (E, I, H), 'w_up': (E, I, H), 'w_down': (E, H, I)}
    else:
        raise BadInput(f'unknown op {op}')

    fmt = p.get('weight', 'f32')
    for tname, shape in weights.items():
        if case.get('rawWeights'):
            files.update(raw_weight(rng, fmt, tname, shape))
        else:
            # f32 weights that kforge quantize turns into the case's format (crosscheck.ts copies them in)
            dst = os.path.join(work, 'qsrc-' + fmt)
            os.makedirs(dst, exist_ok=True)
            np.save(os.path.join(dst, f'{name}__{tname}.npy'), weight_values(rng, shape))
    for tname, a in files.items():
        np.save(os.path.join(folder, tname + '.npy'), a)


# ---------------------------------------------------------------- comparison

# kforge writes float64 results rounded to f32. Its element a is accepted when it is no further from this
# float64 value b than f32(b) is, up to a float64-level slack: excess = |a-b| - |f32(b)-b|, and
# max(excess) / max(1, max|b|) must stay below OUTPUT_TOL. 1e-9 leaves room for summation-order and
# exp/sqrt differences between two float64 implementations (~1e-13 here) while being 60x tighter than
# half an f32 ulp, so any semantic difference (mask, head map, rounding of an input, epsilon) shows.
OUTPUT_TOL = 1e-9


def compare_output(name, a, b):
    if a.dtype != np.dtype('<f4'):
        return False, f'{name}: dtype {a.dtype.str}, expected <f4'
    if a.shape != b.shape:
        return False, f'{name}: shape {list(a.shape)}, expected {list(b.shape)}'
    a64 = a.astype(F64)
    if not np.all(np.isfinite(a64)):
        return False, f'{name}: {int(np.sum(~np.isfinite(a64)))} non-finite elements'
    r32 = b.astype(F32).astype(F64)
    excess = np.maximum(0.0, np.abs(a64 - b) - np.abs(r32 - b))
    scale = max(1.0, float(np.max(np.abs(b)))) if b.size else 1.0
    rel = float(excess.max()) / scale if b.size else 0.0
    same = int(np.sum(a64 == r32))
    detail = f'{name}: {same}/{b.size} equal to f32(numpy), excess {rel:.1e}'
    if rel >= OUTPUT_TOL:
        i = np.unravel_index(int(np.argmax(excess)), b.shape)
        detail += f'; worst at {list(map(int, i))}: kforge {a64[i]!r}, numpy {b[i]!r}'
    return rel < OUTPUT_TOL, detail


def nmse(a, b):
    """SPEC section 3: sum((y - r)^2) / sum(r^2), in float64."""
    num, den = float(np.sum((a - b) ** 2)), float(np.sum(b * b))
    return num / den if den > 0 else num


def check_run(run, work, refs):
    """A kernel's outputs (`kforge run` of gemv, attention or gated_delta_rule on one target) against reference.py's
    float64 result of its case's inputs: finite, and nmse within run['bound'], SPEC section 4's bound for the
    arithmetic the kernel's artifact declares; every output of the op (gated_delta_rule: o and the state s)."""
    case, op = run['case'], run.get('op', 'gemv')
    if case not in refs:
        refs[case] = OPS[op](run['params'], os.path.join(work, case, 'in'))
        os.makedirs(os.path.join(work, case, 'numpy'), exist_ok=True)
        for name, r in refs[case].items():
            np.save(os.path.join(work, case, 'numpy', name + '.npy'), r)
    bound = run.get('bound')
    if bound is None:
        return False, 'no bound (kforge run did not say the arithmetic)'
    ok, details = True, []
    for out, b in refs[case].items():
        path = os.path.join(work, run['out'], out + '.npy')
        if not os.path.exists(path):
            return False, f'{out}: not written by kforge run'
        a = np.load(path, allow_pickle=False)
        if a.dtype != np.dtype('<f4') or a.shape != b.shape:
            return False, f'{out}: {a.dtype.str}{list(a.shape)}, expected <f4{list(b.shape)}'
        a64 = a.astype(F64)
        if not np.all(np.isfinite(a64)):
            return False, f'{out}: {int(np.sum(~np.isfinite(a64)))} non-finite elements (first at flat index {int(np.argmin(np.isfinite(a64).ravel()))})'
        e = nmse(a64, b)
        ok = ok and e <= bound
        details.append(f"{out}: nmse {e:.2e} {'<=' if e <= bound else '>'} {bound:.0e}")
    return ok, f"{'; '.join(details)} ({run.get('arithmetic')})"


def check_refusal(case, work):
    """A bad-input case: reference.py must refuse it too (kforge's exit code is judged by crosscheck.ts)."""
    folder = os.path.join(work, case['name'], 'in')
    try:
        if case['op'] == 'quantize':
            quantize_folder(case['params']['format'], folder)
        else:
            OPS[case['op']](case['params'], folder)
    except BadInput as e:
        return True, f'numpy refuses too: {e}'
    return False, 'numpy reference accepted the inputs'


def describe_bytes(fmt, fname, a, b):
    """Where two stored tensors first differ, in format terms."""
    if a.shape != b.shape or a.dtype != b.dtype:
        return f'{fname}: kforge {a.dtype.str}{list(a.shape)} vs numpy {b.dtype.str}{list(b.shape)}'
    ra, rb = a.reshape(-1, a.shape[-1]), b.reshape(-1, b.shape[-1])
    row, col = map(int, np.argwhere(ra != rb)[0])
    n = int(np.sum(ra != rb))
    if fmt in BLOCK:
        bpb = BLOCK[fmt][1]
        blk = col // bpb
        sa, sb = ra[row, blk * bpb:(blk + 1) * bpb], rb[row, blk * bpb:(blk + 1) * bpb]
        return (f'{fname}: {n} bytes differ; row {row} block {blk}: kforge {sa.tobytes().hex()} '
                f'numpy {sb.tobytes().hex()}')
    return f'{fname}: {n} elements differ; first at row {row} col {col}: kforge {ra[row, col]!r} numpy {rb[row, col]!r}'


def check_quantize(fmt, work):
    src, got = os.path.join(work, 'qsrc-' + fmt), os.path.join(work, 'qkf-' + fmt)
    mine = quantize_folder(fmt, src)
    problems = []
    theirs = sorted(f[:-4] for f in os.listdir(got) if f.endswith('.npy')) if os.path.isdir(got) else []
    if sorted(mine) != theirs:
        problems.append(f'files: kforge {theirs} vs numpy {sorted(mine)}')
    for fname, b in mine.items():
        path = os.path.join(got, fname + '.npy')
        if not os.path.exists(path):
            continue
        a = np.load(path, allow_pickle=False)
        if a.dtype != b.dtype or a.shape != b.shape or a.tobytes() != b.tobytes():
            problems.append(describe_bytes(fmt, fname, a, b))
    nbytes = sum(b.nbytes for b in mine.values())
    detail = '; '.join(problems) if problems else f'{len(mine)} tensors, {nbytes} bytes identical'
    return not problems, detail


def check_case(case, work):
    folder = os.path.join(work, case['name'])
    want = OPS[case['op']](case['params'], os.path.join(folder, 'in'))
    os.makedirs(os.path.join(folder, 'numpy'), exist_ok=True)
    ok, details = True, []
    for name, b in want.items():
        np.save(os.path.join(folder, 'numpy', name + '.npy'), b)
        path = os.path.join(folder, 'kforge', name + '.npy')
        if not os.path.exists(path):
            ok, d = False, f'{name}: not written by kforge'
        else:
            ok1, d = compare_output(name, np.load(path, allow_pickle=False), b)
            ok = ok and ok1
        details.append(d)
    return ok, '; '.join(details)


# ---------------------------------------------------------------- command line

def option(argv, flag):
    if flag not in argv or argv.index(flag) + 1 >= len(argv):
        raise BadInput(f'missing {flag}')
    return argv[argv.index(flag) + 1]


def params_arg(text):
    if text.startswith('@'):
        with open(text[1:]) as f:
            text = f.read()
    return json.loads(text)


def save_all(out, arrays):
    os.makedirs(out, exist_ok=True)
    for name, a in arrays.items():
        np.save(os.path.join(out, name + '.npy'), a)


def main(argv):
    cmd = argv[0] if argv else 'help'
    if cmd == 'reference':
        op = argv[1]
        if op not in OPS:
            raise BadInput(f'unknown op {op}')
        save_all(option(argv, '--out'), OPS[op](params_arg(option(argv, '--params')), option(argv, '--in')))
    elif cmd == 'quantize':
        fmt = option(argv, '--format')
        if fmt not in FORMATS:
            raise BadInput(f'unknown format {fmt}')
        save_all(option(argv, '--out'), quantize_folder(fmt, option(argv, '--in')))
    elif cmd in ('gen', 'check'):
        with open(argv[1]) as f:
            plan = json.load(f)
        work = argv[2]
        if cmd == 'gen':
            for case in plan['cases']:
                gen_case(case, work)
            return 0
        # one JSON line per check, in plan order: the quantize formats first, then the cases
        for fmt in [f for f in FORMATS if os.path.isdir(os.path.join(work, 'qsrc-' + f))]:
            ok, detail = check_quantize(fmt, work)
            print(json.dumps({'name': f'quantize {fmt}', 'ok': ok, 'detail': detail}), flush=True)
        for case in plan['cases']:
            if case.get('expectExit'):
                ok, detail = check_refusal(case, work)
                print(json.dumps({'name': case['name'], 'ok': ok, 'detail': detail}), flush=True)
                continue
            if case['op'] == 'quantize' or case.get('run'):
                continue
            try:
                ok, detail = check_case(case, work)
            except BadInput as e:
                ok, detail = False, f'numpy reference refused the inputs: {e}'
            print(json.dumps({'name': case['name'], 'ok': ok, 'detail': detail}), flush=True)
        # then `kforge run` per (case, target), each case's float64 result computed once
        params = {c['name']: c['params'] for c in plan['cases']}
        refs = {}
        for run in plan.get('runs', []):
            try:
                ok, detail = check_run({**run, 'params': params[run['case']]}, work, refs)
            except BadInput as e:
                ok, detail = False, f'numpy reference refused the inputs: {e}'
            print(json.dumps({'name': run['name'], 'ok': ok, 'detail': detail}), flush=True)
    else:
        print(__doc__)
        return 0 if cmd in ('help', '--help', '-h') else 2
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except BadInput as e:
        print(f'reference.py: error: {e}', file=sys.stderr)
        sys.exit(2)
