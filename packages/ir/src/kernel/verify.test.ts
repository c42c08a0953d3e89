import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Kernel, Stmt } from './ir.ts';
import {
  add, assign, barrier, broadcast, bufferParam, c, cast, concat, dot, fma, forLoop, if_, let_, letMut, load, lt, param, reduce,
  scalarParam, setvl, special, store, subgroupReduce, v, vec,
} from './build.ts';
import { verifyKernel } from './verify.ts';

const F16 = vec('f32', 16);
const cpu = (body: Stmt[]): Kernel => ({
  name: 'k', model: 'cpu', body,
  params: [bufferParam('x', 'f32'), bufferParam('W', 'u8'), bufferParam('y', 'f32', 'write'), scalarParam('K')],
});
const simt = (body: Stmt[]): Kernel => ({ ...cpu(body), model: 'simt', workgroupSize: [64, 1, 1] });

test('a well-formed vector dot loop verifies', () => {
  const k = cpu([
    letMut('acc', F16, broadcast(0, F16)),
    forLoop('k', 0, param('K'), [
      assign('acc', fma(load('x', v('k', 'i32'), F16), cast(load('W', v('k', 'i32'), vec('u8', 16)), F16), v('acc', F16))),
    ], { step: 16, parallel: true }),
    let_('codes', vec('u8', 32), concat(load('W', 0, vec('u8', 16)), load('W', 16, vec('u8', 16)))),
    let_('d', vec('i32', 8), dot(broadcast(0, vec('i32', 8)), v('codes', vec('u8', 32)), load('W', 0, vec('i8', 32)))),
    // byte buffers can be read as other types (an f16 scale inside a block)
    let_('scale', 'f32', cast(load('W', 2, 'f16'), 'f32')),
    store('y', 0, add(reduce('add', v('acc', F16)), v('scale', 'f32'))),
  ]);
  verifyKernel(k);
});

const rejects = (k: Kernel, pattern: RegExp): void => assert.throws(() => verifyKernel(k), pattern);

test('use before declaration names kernel and statement', () => {
  rejects(cpu([store('y', 0, v('acc', 'f32'))]), /kernel 'k': variable 'acc' used before its declaration \(in `store y\[...\]`\)/);
});

test('type disagreements are rejected', () => {
  rejects(cpu([let_('a', 'f32', add(c.f32(1), c.i32(2)))]), /add: operand types differ \(f32 vs i32\)/);
  rejects(cpu([let_('a', F16, fma(broadcast(0, F16), broadcast(0, F16), broadcast(0, vec('f32', 8))))]), /fma: operand types/);
  rejects(cpu([let_('a', 'i32', c.f32(1))]), /initializer is f32, declared i32/);
  rejects(cpu([letMut('a', 'f32', 0), assign('a', c.i32(1))]), /assigning i32 to 'a'/);
  rejects(cpu([let_('a', 'f32', 0), assign('a', c.f32(1))]), /immutable 'a'/);
  rejects(cpu([store('y', 0, c.i32(1))]), /buffer 'y' holds f32, not i32/);
  rejects(cpu([let_('a', 'f32', load('x', c.f32(0), 'f32'))]), /index must be a scalar integer/);
  rejects(cpu([let_('d', vec('i32', 8), dot(broadcast(0, vec('i32', 8)), load('W', 0, vec('u8', 16)), load('W', 0, vec('i8', 16))))]),
    /4 lanes per accumulator lane/);
});

test('memory rules', () => {
  rejects(cpu([store('x', 0, c.f32(1))]), /read-only buffer 'x'/);
  rejects(cpu([store('z', 0, c.f32(1))]), /unknown buffer 'z'/);
});

test('simt-only constructs stay in simt kernels', () => {
  rejects(cpu([barrier()]), /barrier outside a simt kernel/);
  rejects(cpu([let_('t', 'i32', special('thread_id'))]), /thread_id outside a simt kernel/);
  rejects(cpu([let_('s', 'f32', subgroupReduce('add', c.f32(1)))]), /subgroup_reduce outside/);
  verifyKernel(simt([let_('t', 'i32', special('thread_id')), barrier(), store('y', v('t', 'i32'), subgroupReduce('add', c.f32(1)))]));
});

test('barrier under thread-dependent control flow is rejected, uniform control flow is fine', () => {
  const t = v('t', 'i32');
  rejects(simt([let_('t', 'i32', special('thread_id')), if_(lt(t, 4), [barrier()])]),
    /barrier under thread-dependent control flow/);
  rejects(simt([forLoop('i', special('thread_id'), 64, [barrier()])]), /barrier under thread-dependent/);
  verifyKernel(simt([let_('g', 'i32', special('group_id')), if_(lt(v('g', 'i32'), 4), [barrier()])]));
});

test('vl only with scalable vectors', () => {
  const S = vec('f32', 'vl');
  verifyKernel(cpu([let_('n', 'i32', setvl(param('K'), 'f32')), let_('a', S, load('x', 0, S, { vl: v('n', 'i32') }))]));
  rejects(cpu([let_('a', S, load('x', 0, S))]), /scalable type f32xvl needs a vl/);
  rejects(cpu([let_('a', F16, load('x', 0, F16, { vl: c.i32(4) }))]), /vl given for the fixed type f32x16/);
});
