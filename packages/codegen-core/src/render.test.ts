import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kernel } from '@kforge/ir';
import {
  add, assign, atomicAdd, atomicCas, broadcast, bufferParam, c, call, cast, fma, forLoop, if_, let_, letMut, load, lt, max, mul, param, reduce, scalarParam, shr, and,
  store, unary, v, vec,
} from '@kforge/ir';
import { C_DIALECT, renderKernel, type Dialect, type IsaRules } from './index.ts';

const i = v('i', 'i32');
const n = v('n', 'i32');
/** y[n] = sum_i x[i] * f16(W[n*K+i]) + (byte-buffer header as f16) ; exercises loops, casts, raw loads, if, min/max */
const scalarKernel: Kernel = {
  name: 'dot_rows', model: 'cpu',
  params: [bufferParam('x', 'f32'), bufferParam('W', 'f16'), bufferParam('hdr', 'u8'), bufferParam('y', 'f32', 'write'), scalarParam('N'), scalarParam('K')],
  body: [
    forLoop('n', 0, param('N'), [
      letMut('acc', 'f32', c.f32(0)),
      forLoop('i', 0, param('K'), [
        assign('acc', fma(load('x', i, 'f32'), cast(load('W', add(mul(n, param('K')), i), 'f16'), 'f32'), v('acc', 'f32'))),
      ], { unroll: 4 }),
      let_('code', 'i32', cast(and(shr(load('hdr', add(n, 2), 'u8'), 4), c.u8(15)), 'i32')),
      if_(lt(n, 1), [assign('acc', add(v('acc', 'f32'), cast(load('hdr', 0, 'f16'), 'f32')))]),
      store('y', n, max(add(v('acc', 'f32'), cast(v('code', 'i32'), 'f32')), c.f32(-1e30))),
    ], { parallel: true }),
  ],
};

function compileAndRun(src: string, main: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kf-core-'));
  try {
    writeFileSync(join(dir, 'k.c'), `${src}\n${main}`);
    execFileSync('gcc', ['-O2', '-std=c11', '-fopenmp', '-Wall', '-Werror', '-Wno-unknown-pragmas', '-o', join(dir, 'a.out'), join(dir, 'k.c'), '-lm']);
    return execFileSync(join(dir, 'a.out'), { encoding: 'utf8' }).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the c dialect prints a kernel that compiles and computes', () => {
  const src = renderKernel(scalarKernel, C_DIALECT);
  assert.match(src, /void dot_rows\(const float\* restrict x, const uint16_t\* restrict W, const uint8_t\* restrict hdr, float\* restrict y, int32_t N, int32_t K\)/);
  assert.match(src, /#pragma omp parallel for/);
  assert.match(src, /#pragma GCC unroll 4/);
  assert.match(src, /kf_load_u16\(&hdr\[0\]\)/);
  const out = compileAndRun(src, `#include <stdio.h>
int main(void) {
  float x[3] = {1, 2, 3}; uint16_t W[6] = {0x3c00, 0x4000, 0x4200, 0xbc00, 0x0000, 0x3800}; /* 1 2 3 | -1 0 0.5 */
  uint8_t hdr[4] = {0x00, 0x3c, 0x70, 0x50}; /* f16 1.0, then codes 7 and 5 in high nibbles */
  float y[2]; dot_rows(x, W, hdr, y, 2, 3);
  printf("%g %g\\n", y[0], y[1]); return 0; }`);
  // y0 = 1+4+9 + 1.0 (header, n<1) + 7 = 22; y1 = -1+0+1.5 + 5 = 5.5
  assert.equal(out, '22 5.5');
});

test('an aliased buffer (an in-place state) gets no restrict; the others keep it', () => {
  const kernel: Kernel = { ...scalarKernel, params: scalarKernel.params.map((p) => (p.kind === 'buffer' && (p.name === 'x' || p.name === 'y') ? { ...p, aliased: true } : p)) };
  assert.match(renderKernel(kernel, C_DIALECT), /void dot_rows\(const float\* x, const uint16_t\* restrict W, const uint8_t\* restrict hdr, float\* y, int32_t N, int32_t K\)/);
});

test('vectors go through the ISA rule table, and a missing rule names its key', () => {
  const F4 = vec('f32', 4);
  const toyIsa: IsaRules = {
    name: 'toy', preamble: 'typedef float f32x4 __attribute__((vector_size(16)));',
    rules: {
      'type:f32x4': 'f32x4',
      'load:f32x4': '(*(const f32x4*)($p))',
      'broadcast:f32x4': '((f32x4){$a, $a, $a, $a})',
      'fma:f32x4': '($a * $b + $c)',
      'reduce.add:f32x4': '($a[0] + $a[1] + $a[2] + $a[3])',
    },
  };
  const d: Dialect = { ...C_DIALECT, isa: toyIsa };
  const k: Kernel = {
    name: 'vdot', model: 'cpu', params: [bufferParam('x', 'f32'), bufferParam('y', 'f32', 'write'), scalarParam('K')],
    body: [
      letMut('acc', F4, broadcast(0, F4)),
      forLoop('i', 0, param('K'), [assign('acc', fma(load('x', i, F4), load('x', i, F4), v('acc', F4)))], { step: 4 }),
      store('y', 0, cast(unary('sqrt', cast(reduce('add', v('acc', F4)), 'f64')), 'f32')),
    ],
  };
  const src = renderKernel(k, d);
  assert.match(src, /acc = \(\(\*\(const f32x4\*\)\(&x\[i\]\)\) \* /);
  const out = compileAndRun(src, `#include <stdio.h>
int main(void) { float x[8] = {1,1,1,1,1,1,1,9}; float y[1]; vdot(x, y, 8); printf("%g\\n", y[0]); return 0; }`);
  assert.equal(out, '9.38083'); // sqrt(7 + 81)

  const noFma: Dialect = { ...d, isa: { ...toyIsa, rules: { ...toyIsa.rules, 'fma:f32x4': undefined as never } } };
  assert.throws(() => renderKernel(k, noFma), /dialect 'c\+toy' has no rule for fma:f32x4 \(kernel 'vdot'\)/);
});

test('a masked load with a fill has its own rule key, the fill as $b; without the rule it is an error', () => {
  const F4 = vec('f32', 4);
  const isa: IsaRules = {
    name: 'toy', preamble: '',
    rules: { 'type:f32x4': 'f32x4', 'load.mask:f32x4': 'kf_load_zero($p, $n)', 'load.mask.fill:f32x4': 'kf_load_fill($p, $n, $b)', 'reduce.max:f32x4': 'kf_hmax($a)' },
  };
  const k = (fill?: number): Kernel => ({
    name: 'tail', model: 'cpu', params: [bufferParam('x', 'f32'), bufferParam('y', 'f32', 'write'), scalarParam('K')],
    body: [store('y', 0, reduce('max', load('x', 0, F4, { mask: param('K'), ...(fill !== undefined ? { fill } : {}) })))],
  });
  assert.match(renderKernel(k(-Infinity), { ...C_DIALECT, isa }), /y\[0\] = kf_hmax\(kf_load_fill\(&x\[0\], K, \(-INFINITY\)\)\);/);
  assert.match(renderKernel(k(), { ...C_DIALECT, isa }), /y\[0\] = kf_hmax\(kf_load_zero\(&x\[0\], K\)\);/);
  const noFill: IsaRules = { ...isa, rules: { ...isa.rules, 'load.mask.fill:f32x4': undefined as never } };
  assert.throws(() => renderKernel(k(0), { ...C_DIALECT, isa: noFill }), /has no rule for load\.mask\.fill:f32x4/);
});

test('literals', () => {
  const lit = C_DIALECT.literal;
  assert.equal(lit(1, 'f32'), '1.0f');
  assert.equal(lit(-0.5, 'f32'), '(-0.5f)');
  assert.equal(lit(1e-30, 'f32'), '1e-30f');
  assert.equal(lit(Infinity, 'f32'), 'INFINITY');
  assert.equal(lit(3, 'u32'), '3u');
  assert.equal(lit(-3, 'i32'), '(-3)');
});

test('the c dialect: infinity and NaN literals and atomics compile and compute', () => {
  const k: Kernel = {
    name: 'vocab', model: 'cpu',
    params: [bufferParam('x', 'f32'), bufferParam('y', 'f32', 'write'), bufferParam('n', 'i32', 'readwrite')],
    body: [
      store('y', 0, max(c.f32(-Infinity), load('x', 0, 'f32'))),
      store('y', 1, c.f32(NaN)),
      store('y', 2, c.f32(Infinity)),
      forLoop('i', 0, 5, [atomicAdd('n', 0, c.i32(2))], { parallel: true }),
      atomicCas('n', 1, c.i32(7), c.i32(9), { result: 'before' }),
      store('y', 3, cast(v('before', 'i32'), 'f32')),
    ],
  };
  const out = compileAndRun(renderKernel(k, C_DIALECT), `#include <stdio.h>
int main(void) { float x[1] = {-3}, y[4]; int32_t n[2] = {1, 7}; vocab(x, y, n); printf("%g %g %g %g %d %d\\n", y[0], y[1], y[2], y[3], n[0], n[1]); return 0; }`);
  assert.equal(out, '-3 nan inf 7 11 9');
});

test('an unknown call is a verifier error, and a known call a dialect cannot spell is a render error', () => {
  const k = (fn: string): Kernel => ({ ...scalarKernel, body: [store('y', 0, call(fn, [c.u32(1)], 'f32'))] });
  assert.throws(() => renderKernel(k('my_helper'), C_DIALECT), /unknown call 'my_helper'/);
  assert.throws(() => renderKernel(k('f16_to_f32'), C_DIALECT), /dialect 'c' has no call f16_to_f32 of f32/);
});

test('rendering verifies first', () => {
  const bad: Kernel = { ...scalarKernel, body: [store('x', 0, c.f32(1))] };
  assert.throws(() => renderKernel(bad, C_DIALECT), /kernel 'dot_rows': store to read-only buffer 'x'/);
});
